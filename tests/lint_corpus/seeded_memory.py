"""Lint fixture (not compiled): names that read well statically but lie about memory, caught by a trace.

The arguments' names (``tile``, ``buffer``) say nothing, so only the trace (CI107) can tell that ``tCsA``
is global memory; ``tCrA`` is a wgmma SMEM-descriptor fragment and is rightly named ``r``.
"""

import cutlass.cute as cute


@cute.kernel
def gemm_kernel(tiled_mma, tile, buffer, identity):
    thr_mma = tiled_mma.get_slice(0)
    tCsA = thr_mma.partition_A(tile)  # trace: gmem  # expect: CI107
    tCgB = thr_mma.partition_B(tile)  # trace: coord
    tCrA = tiled_mma.make_fragment_A(buffer)  # trace: smem
    tCtAcc = tiled_mma.make_fragment_C(buffer)  # trace: rmem  # expect: CI107
    tCcC = thr_mma.partition_C(identity)  # trace: coord
    return tCsA, tCgB, tCrA, tCtAcc, tCcC
