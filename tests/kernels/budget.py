"""A kernel whose shared memory grows with its tile and stage count, for the budget, diff and sweep tests.

`compile_staged(tile_m=128, tile_k=64, stages=4)` allocates pipeline barriers, an A ring of `stages` tiles
(tile_m x tile_k fp16) and an epilogue tile, tiles its input by (tile_m, tile_k) and copies the first tile into
the ring's first stage. At tile_m=256, stages=8
the ring alone takes 256 KiB: more than any GPU gives one block.
"""

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor
from cutlass.memory import SmemAllocator


@cute.kernel
def staged_kernel(mA_mk: cute.Tensor, tile_m: cutlass.Constexpr, tile_k: cutlass.Constexpr,
                  stages: cutlass.Constexpr):
    @cute.struct
    class SharedStorage:
        ab_full_mbar: cute.struct.MemRange[cutlass.Int64, stages]
        sA: cute.struct.Align[cute.struct.MemRange[cutlass.Float16, tile_m * tile_k * stages], 1024]
        sC: cute.struct.Align[cute.struct.MemRange[cutlass.Float16, tile_m * 32], 1024]

    storage = SmemAllocator().allocate(SharedStorage)
    # (bM, bK, STAGE)
    sA = storage.sA.get_tensor(cute.make_layout((tile_m, tile_k, stages), stride=(tile_k, 1, tile_m * tile_k)))
    # (bM, bK, RestM, RestK)
    gA = cute.local_tile(mA_mk, (tile_m, tile_k), (None, None))
    # The ring is an operand buffer only if a copy fills it: one 128-bit copy per thread, 16x64 per pass.
    atom = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Float16, num_bits_per_copy=128)
    g2s = cute.make_tiled_copy_tv(atom, cute.make_layout((16, 8), stride=(8, 1)), cute.make_layout((1, 8)))
    thr_g2s = g2s.get_slice(cute.arch.thread_idx()[0])
    # (CPY, CPY_M, CPY_K, RestM, RestK)
    tAgA = thr_g2s.partition_S(gA)
    # (CPY, CPY_M, CPY_K, STAGE)
    tAsA = thr_g2s.partition_D(sA)
    cute.copy(g2s, tAgA[None, None, None, 0, 0], tAsA[None, None, None, 0])


@cute.jit
def staged_host(mA_mk: cute.Tensor, tile_m: cutlass.Constexpr, tile_k: cutlass.Constexpr, stages: cutlass.Constexpr):
    staged_kernel(mA_mk, tile_m, tile_k, stages).launch(grid=(1, 1, 1), block=(128, 1, 1))


def compile_staged(tile_m=128, tile_k=64, stages=4):
    """The staged kernel over a (1024, 1024) fp16 tensor."""
    a = make_fake_compact_tensor(cutlass.Float16, (1024, 1024), stride_order=(1, 0), assumed_align=16)
    return cute.compile(staged_host, a, int(tile_m), int(tile_k), int(stages))


def compile_too_big():
    """256x64 tiles in 8 stages: 273 KiB of shared memory, over the 227 KiB a Hopper block may have."""
    return compile_staged(tile_m=256, stages=8)


def _ring_kernel(elements: int):
    """A kernel holding a ring of `elements` fp16 values in shared memory; each call makes a new kernel of one
    name, as a package's factory does when it builds two GEMMs from one closure."""

    @cute.kernel
    def ring_kernel(mA_mk: cute.Tensor):
        ring = SmemAllocator().allocate_tensor(cutlass.Float16, cute.make_layout((elements,)), 1024)
        tidx, _, _ = cute.arch.thread_idx()
        ring[tidx] = mA_mk[0, tidx]
        mA_mk[1, tidx] = ring[tidx]

    return ring_kernel


@cute.jit
def factory_pair_host(mA_mk: cute.Tensor):
    # 128 KiB and 160 KiB: each fits a Hopper block, the two together would not
    _ring_kernel(64 * 1024)(mA_mk).launch(grid=(1, 1, 1), block=(128, 1, 1))
    _ring_kernel(80 * 1024)(mA_mk).launch(grid=(1, 1, 1), block=(128, 1, 1))


@cute.jit
def relaunched_host(mA_mk: cute.Tensor):
    kernel = _ring_kernel(80 * 1024)
    kernel(mA_mk).launch(grid=(1, 1, 1), block=(128, 1, 1))
    kernel(mA_mk).launch(grid=(2, 1, 1), block=(128, 1, 1))
    # a kernel launched after the repeated one keeps its own budget
    _ring_kernel(64 * 1024)(mA_mk).launch(grid=(1, 1, 1), block=(128, 1, 1))


def _rows():
    return make_fake_compact_tensor(cutlass.Float16, (2, 1024), stride_order=(1, 0), assumed_align=16)


def compile_factory_pair():
    """Two kernels of one name, launched one after the other, each asking its own shared memory."""
    return cute.compile(factory_pair_host, _rows())


def compile_relaunched():
    """One kernel launched twice (CuTeDSL traces its body again at each launch), then another of its name."""
    return cute.compile(relaunched_host, _rows())
