"""alexarmbr/cute_kernels' persistent Hopper GEMM (sm90_persistent_matmul.py, `GemmKernel`), sm_90a: C (M, N) fp32 =
A (M, K) B (N, K)^T in bf16. A persistent grid over 128 x 256 output tiles (CUTLASS's static persistent tile
scheduler); warpgroup 2's first warp TMA-loads (128 x 64) A and (256 x 64) B k-tiles into a 4-stage ring, warpgroups
0-1 (a (2, 1, 1) tiled SS wgmma of 64 x 256 x 16 atoms, 64 rows each) accumulate in registers, and each thread writes
its accumulator straight to C through the MMA's `partition_C` of the output tile by a universal copy (no SMEM
epilogue).

Configured as the module's `__main__` compiles it: `GemmKernel()` on A (4096, 4096) and B (4096, 4096) bf16 and C
(4096, 4096) fp32, contiguous, from `from_dlpack(..., assumed_align=16)` (static layouts), a stream. The file was
written against CuTeDSL 4.0: the wrapper gives 4.8.1 the names it moved (`cpasync.make_tma_tile_atom` is
`make_tiled_tma_atom`; `cutlass.utils`' `CooperativeGroup`, `Agent`, `PipelineTmaAsync`, `make_pipeline_state`,
`PipelineUserType` live in `cutlass.pipeline`; 4.0's `PipelineTmaAsync.create` took the one-CTA cluster as a rank-3
layout, 4.8.1's default rank-4 one is passed instead) and a stand-in for the deleted `benchmark` helper module it imports
(host timing only); none of them makes a tensor.
"""

import os
import sys
import types

from _common import github_source

ARCH = "sm_90a"
SOURCE = ("alexarmbr/cute_kernels", "0526d385d55361d9cbbecd111bd10d894e665565")


def _old_names():
    import cutlass
    import cutlass.pipeline as pipeline
    import cutlass.utils as utils
    from cutlass import cute

    if not hasattr(cute.nvgpu.cpasync, "make_tma_tile_atom"):
        cute.nvgpu.cpasync.make_tma_tile_atom = cute.nvgpu.cpasync.make_tiled_tma_atom
    for name in ("CooperativeGroup", "Agent", "make_pipeline_state", "PipelineUserType"):
        if not hasattr(utils, name):
            setattr(utils, name, getattr(pipeline, name))
    if not hasattr(utils, "PipelineTmaAsync"):
        utils.PipelineTmaAsync = _PipelineTmaAsyncRank3()
    if "benchmark" not in sys.modules:
        stand_in = types.ModuleType("benchmark")
        stand_in.benchmark = lambda *args, **kwargs: None
        sys.modules["benchmark"] = stand_in
    return cutlass


class _PipelineTmaAsyncRank3:
    """4.0's `PipelineTmaAsync.create` took the kernel's rank-3 one-CTA cluster layout (1, 1, 1); 4.8.1 reads a rank-4
    VMNK layout, whose default is that same single CTA."""

    @staticmethod
    def create(*, cta_layout_vmnk=None, **kwargs):
        import cutlass.pipeline as pipeline
        from cutlass import cute

        if cta_layout_vmnk is not None and cute.rank(cta_layout_vmnk) == 3 and cute.size(cta_layout_vmnk) == 1:
            cta_layout_vmnk = None
        return pipeline.PipelineTmaAsync.create(cta_layout_vmnk=cta_layout_vmnk, **kwargs)


def compile_only(m=4096, n=4096, k=4096):
    from cutlass import cute

    from _common import row_major, stream
    from _packages import github_tree

    cutlass = _old_names()
    folder = github_tree(SOURCE[0])
    if folder not in sys.path:
        sys.path.insert(0, folder)
    module = github_source(SOURCE[0], "", "sm90_persistent_matmul")
    a = row_major(cutlass.BFloat16, (m, k))
    b = row_major(cutlass.BFloat16, (n, k))
    c = row_major(cutlass.Float32, (m, n))
    return cute.compile(module.GemmKernel(), a, b, c, stream())
