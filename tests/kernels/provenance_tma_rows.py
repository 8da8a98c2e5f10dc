"""Compile-only kernels with no MMA that move whole tiles by TMA (a cast or a scaling pass over a matrix): the
tile's rows and columns are the only axes, and the names say nothing about them (sm_90)."""
# The names are untyped on purpose (that is what the tests measure), so the grammar rule is off here.
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.nvgpu import cpasync
from cutlass.cute.runtime import make_fake_compact_tensor

BOX = (16, 128)  # rows, columns of one CTA's box
STAGES = 2
LANES = 128 // 32  # threads along a row of the box, each 32 consecutive values


@cute.kernel
def scale_kernel(load: cute.CopyAtom, inp: cute.Tensor, save: cute.CopyAtom, outp: cute.Tensor,
                 box: cute.ComposedLayout):
    bx, by, _ = cute.arch.block_idx()
    t, _, _ = cute.arch.thread_idx()
    alloc = cutlass.utils.SmemAllocator()
    # two stages of the box, one after the other
    ring = cute.make_layout((BOX, STAGES), stride=((BOX[1], 1), BOX[0] * BOX[1]))
    staged_in = alloc.allocate_tensor(cutlass.Float16, ring, byte_alignment=128, swizzle=box.inner)
    staged_out = alloc.allocate_tensor(cutlass.Float16, ring, byte_alignment=128, swizzle=box.inner)
    bar = alloc.allocate_array(cutlass.Int64)
    pieces = cute.zipped_divide(inp, BOX)
    done = cute.zipped_divide(outp, BOX)
    s_in, g_in = cpasync.tma_partition(load, 0, cute.make_layout(1), staged_in, pieces)
    s_out, g_out = cpasync.tma_partition(save, 0, cute.make_layout(1), staged_out, done)
    cute.copy(load, g_in[None, (bx, by)], s_in[None, 1], tma_bar_ptr=bar)
    # each thread's 32 consecutive values of one row, by a (thread, value) layout over the box
    _, per_thread = cute.make_layout_tv(cute.make_layout((BOX[0], LANES), stride=(LANES, 1)),
                                        cute.make_layout((1, 32), stride=(0, 1)))
    tv_in = cute.composition(staged_in[None, 1], per_thread)
    tv_out = cute.composition(staged_out[None, 1], per_thread)
    mine_in, mine_out = tv_in[t, None], tv_out[t, None]
    for j in cutlass.range_constexpr(32):
        mine_out[j] = mine_in[j] * cutlass.Float16(2.0)
    cute.copy(save, s_out[None, 1], g_out[None, (bx, by)])


@cute.jit
def scale_host(inp: cute.Tensor, outp: cute.Tensor):
    box = cute.make_composed_layout(cute.make_swizzle(3, 4, 3), 0, cute.make_ordered_layout(BOX, order=(1, 0)))
    load, inp_tma = cpasync.make_tiled_tma_atom(cpasync.CopyBulkTensorTileG2SOp(), inp, box, BOX)
    save, outp_tma = cpasync.make_tiled_tma_atom(cpasync.CopyBulkTensorTileS2GOp(), outp, box, BOX)
    scale_kernel(load, inp_tma, save, outp_tma, box).launch(grid=(4, 2, 1), block=(BOX[0] * LANES, 1, 1))


def compile_scale():
    make = lambda: make_fake_compact_tensor(cutlass.Float16, (64, 256), stride_order=(1, 0), assumed_align=16)  # noqa: E731
    return cute.compile(scale_host, make(), make())


THREADS = (8, 16)  # rows x threads along a row
CHUNK = 8  # consecutive values of one row per thread


@cute.kernel
def chunks_kernel(src: cute.Tensor, dst: cute.Tensor):
    """Each thread copies one chunk of one row through registers, by a (thread, value) view of the CTA's tile."""
    bx, by, _ = cute.arch.block_idx()
    t, _, _ = cute.arch.thread_idx()
    tile_shape, per_thread = cute.make_layout_tv(cute.make_layout(THREADS, stride=(THREADS[1], 1)),
                                                 cute.make_layout((1, CHUNK), stride=(CHUNK, 1)))
    here = cute.local_tile(src, tile_shape, (by, bx))
    there = cute.local_tile(dst, tile_shape, (by, bx))
    here_tv = cute.composition(here, per_thread)
    there_tv = cute.composition(there, per_thread)
    held = cute.make_rmem_tensor(cute.make_layout((1, CHUNK), stride=(CHUNK, 1)), cutlass.Float16)
    cute.autovec_copy(here_tv[t, None], held)
    # the same registers as packed pairs of values
    pairs = cute.make_tensor(cute.recast_ptr(held.iterator, dtype=cutlass.Int32), cute.make_layout(CHUNK // 2))
    doubled = cute.make_rmem_tensor(cute.make_layout((1, CHUNK), stride=(CHUNK, 1)), cutlass.Float16)
    for j in cutlass.range_constexpr(CHUNK):
        doubled[0, j] = held[0, j] * cutlass.Float16(2.0)
    if pairs[0] != 0:
        cute.autovec_copy(doubled, there_tv[t, None])


@cute.jit
def chunks_host(src: cute.Tensor, dst: cute.Tensor):
    chunks_kernel(src, dst).launch(grid=(2, 4, 1), block=(THREADS[0] * THREADS[1], 1, 1))


def compile_chunks():
    make = lambda: make_fake_compact_tensor(cutlass.Float16, (32, 256), stride_order=(1, 0), assumed_align=16)  # noqa: E731
    return cute.compile(chunks_host, make(), make())


WIDTH, VEC_W, THREADS_W = 2048, 8, 128  # a row's columns, one thread's vector, the CTA's threads
REPEATS = WIDTH // (VEC_W * THREADS_W)  # vectors per thread along a row


@cute.kernel
def strips_kernel(src: cute.Tensor, dst: cute.Tensor, rows_per_cta: cutlass.Int32):
    """Rows walked one at a time; each row re-viewed over a pointer rebuilt from its address (for an alignment the
    host checked), cut into vectors, the thread's vectors kept in registers, scaled and written back."""
    t, _, _ = cute.arch.thread_idx()
    b, _, _ = cute.arch.block_idx()
    kept = cute.make_rmem_tensor((VEC_W, REPEATS), cutlass.Float16)
    one = cute.make_rmem_tensor((VEC_W,), cutlass.Float16)
    for i in cutlass.range(rows_per_cta):
        r = b * rows_per_cta + i
        row_in, row_out = src[r, None], dst[r, None]
        whole_in = cute.make_tensor(cute.make_ptr(cutlass.Float16, row_in.iterator.toint(), cute.AddressSpace.gmem,
                                                  assumed_align=16), cute.make_layout((WIDTH,)))
        whole_out = cute.make_tensor(cute.make_ptr(cutlass.Float16, row_out.iterator.toint(), cute.AddressSpace.gmem,
                                                   assumed_align=16), cute.make_layout((WIDTH,)))
        vecs_in = cute.tiled_divide(whole_in, (VEC_W,))
        vecs_out = cute.tiled_divide(whole_out, (VEC_W,))
        for k in cutlass.range_constexpr(REPEATS):
            cute.autovec_copy(vecs_in[None, k * THREADS_W + t], kept[None, k])
        for k in cutlass.range_constexpr(REPEATS):
            one.store(kept[None, k].load() * cutlass.Float16(0.5))
            cute.autovec_copy(one, vecs_out[None, k * THREADS_W + t])


@cute.jit
def strips_host(src: cute.Tensor, dst: cute.Tensor, rows_per_cta: cutlass.Int32):
    strips_kernel(src, dst, rows_per_cta).launch(grid=(16, 1, 1), block=(THREADS_W, 1, 1))


def compile_strips():
    make = lambda: make_fake_compact_tensor(cutlass.Float16, (256, WIDTH), stride_order=(1, 0), assumed_align=16)  # noqa: E731
    return cute.compile(strips_host, make(), make(), cutlass.Int32(16))
