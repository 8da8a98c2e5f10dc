"""Compile-only kernel (sm_100a): warp-specialised branches that each reserve the same TMEM through one
`TmemAllocator`, as kernels do where the MMA warp and the epilogue warps both need the pool's pointer. Only the
allocator warp runs `alloc_tmem`, so the kernel holds one allocation of 512 columns, not two. A second
allocator writing its address to another SMEM word is a second allocation."""
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
import cutlass.pipeline as pipeline
from cutlass.memory import TmemAllocator

COLUMNS = 512


@cute.kernel
def branches_kernel(out: cute.Tensor, second_columns: cutlass.Constexpr):
    warp = cute.arch.make_warp_uniform(cute.arch.warp_idx())
    holder = cute.arch.alloc_smem(cutlass.Int32, 1, alignment=4)
    tmem = TmemAllocator(holder, barrier_for_retrieve=pipeline.NamedBarrier(barrier_id=1, num_threads=64),
                         allocator_warp_id=0)
    if warp == 0:
        tmem.reserve(COLUMNS)
    if warp == 1:
        pool = tmem.reserve(COLUMNS)
        tile = cute.local_tile(out, (4,), (0,))
        tile[0] = cutlass.Float32(pool.remaining_cols)
    if cutlass.const_expr(second_columns):
        other = cute.arch.alloc_smem(cutlass.Int32, 1, alignment=4)
        if warp == 2:
            cute.arch.alloc_tmem(second_columns, other)


@cute.jit
def branches_host(out: cute.Tensor, second_columns: cutlass.Constexpr):
    branches_kernel(out, second_columns).launch(grid=(1, 1, 1), block=(96, 1, 1))


def compile_branches(second_columns=0):
    from cutlass.cute.runtime import make_fake_compact_tensor
    return cute.compile(branches_host, make_fake_compact_tensor(cutlass.Float32, (4,)), second_columns)


def compile_two_allocations():
    return compile_branches(second_columns=256)
