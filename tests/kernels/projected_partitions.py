"""A compile-only SIMT GEMM step with no MMA call (sm_80), as CuTe's first SGEMM tutorial partitions it: one thread
layout over the output tile's (rows, columns) partitions A's SMEM tile keeping its rows (`proj=(1, None)`), B's keeping
its columns (`proj=(None, 1)`) and C's keeping both; each thread sums products of its registers. The projected
partitions are that product's: MMA rests, whatever the thread layout or the tensors are called. A partition by a copy's
thread layout with no projection stays the copy's."""
# The names here are meant not to follow the convention (the axes must come from the data flow):
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor

F32 = cutlass.Float32
TILE = 32


@cute.kernel
def simt_kernel(left: cute.Tensor, right: cute.Tensor, out: cute.Tensor):
    t, _, _ = cute.arch.thread_idx()
    smem = cutlass.utils.SmemAllocator()
    tile_l = smem.allocate_tensor(F32, cute.make_layout((TILE, 8)), byte_alignment=16)
    tile_r = smem.allocate_tensor(F32, cute.make_layout((TILE, 8)), byte_alignment=16)
    loads = cute.make_layout((32, 8))
    moved_l = cute.local_partition(tile_l, loads, t)
    cute.autovec_copy(cute.local_partition(left, loads, t), moved_l)
    cute.autovec_copy(cute.local_partition(right, loads, t), cute.local_partition(tile_r, loads, t))
    cute.arch.sync_threads()
    threads = cute.make_layout((16, 16))
    part_l = cute.local_partition(tile_l, threads, t, proj=(1, None))
    part_r = cute.local_partition(tile_r, threads, t, proj=(None, 1))
    part_o = cute.local_partition(out, threads, t, proj=(1, 1))
    sums = cute.make_fragment_like(part_o)
    sums.fill(0.0)
    for k in cutlass.range_constexpr(8):
        for m in cutlass.range_constexpr(2):
            for n in cutlass.range_constexpr(2):
                sums[m, n] += part_l[m, k] * part_r[n, k]
    cute.autovec_copy(sums, part_o)


@cute.jit
def simt_host(left: cute.Tensor, right: cute.Tensor, out: cute.Tensor):
    simt_kernel(left, right, out).launch(grid=(1, 1, 1), block=(256, 1, 1))


def compile_simt():
    left = make_fake_compact_tensor(F32, (TILE, 8), stride_order=(1, 0), assumed_align=16)
    right = make_fake_compact_tensor(F32, (TILE, 8), stride_order=(1, 0), assumed_align=16)
    out = make_fake_compact_tensor(F32, (TILE, TILE), stride_order=(1, 0), assumed_align=16)
    return cute.compile(simt_host, left, right, out)


@cute.kernel
def batched_kernel(src: cute.Tensor, dst: cute.Tensor):
    """A copy with no MMA whose inputs are cut by a projected (M, N, K) tiler after a block index picked their third
    mode: the tiler's positions name the first two modes (M and K), so the third is the batch L."""
    t, _, _ = cute.arch.thread_idx()
    bx, _, bz = cute.arch.block_idx()
    tile_s = cute.local_tile(src[None, None, bz], (TILE, 1, 8), (bx, 0, None), proj=(1, None, 1))
    tile_d = cute.local_tile(dst[None, None, bz], (TILE, 1, 8), (bx, 0, None), proj=(1, None, 1))
    loads = cute.make_layout((32, 8))
    cute.autovec_copy(cute.local_partition(tile_s[None, None, 0], loads, t),
                      cute.local_partition(tile_d[None, None, 0], loads, t))


@cute.jit
def batched_host(src: cute.Tensor, dst: cute.Tensor):
    batched_kernel(src, dst).launch(grid=(4, 1, 2), block=(256, 1, 1))


def compile_batched():
    src = make_fake_compact_tensor(F32, (4 * TILE, 64, 2), stride_order=(2, 1, 0), assumed_align=16)
    dst = make_fake_compact_tensor(F32, (4 * TILE, 64, 2), stride_order=(2, 1, 0), assumed_align=16)
    return cute.compile(batched_host, src, dst)
