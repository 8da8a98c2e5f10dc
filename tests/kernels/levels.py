"""Compile-only kernels for the level rules (which CuTe call, over what data, made a mode): sm_90."""
# The names say nothing of levels on purpose (the data flow must decide them), so the naming rule is off here.
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.block import block_copy
from cutlass.cute.nvgpu import cpasync
from cutlass.cute.runtime import make_fake_compact_tensor

TILE = (64, 32)


def _rows_from(tensor: cute.Tensor, first, count):
    """A packed sequence's rows of a TMA tensor, as a helper elsewhere would cut them."""
    moved = cute.domain_offset((first, 0), tensor)
    return cute.make_tensor(moved.iterator, cute.make_layout((count, tensor.shape[1]), stride=tensor.stride))


@cute.kernel
def window_kernel(tma_atom: cute.CopyAtom, src: cute.Tensor, smem_layout: cute.Layout, first: cutlass.Int32,
                  count: cutlass.Int32):
    bidx, _, _ = cute.arch.block_idx()
    smem = cutlass.utils.SmemAllocator()
    buf = smem.allocate_tensor(cutlass.Float16, smem_layout, byte_alignment=128)
    # a view of the input: a TMA tensor's coordinates, moved and cut to one sequence's rows
    shifted = cute.domain_offset((first, 0), src)
    window = cute.make_tensor(shifted.iterator, cute.make_layout((count, src.shape[1]), stride=src.stride))
    rows = _rows_from(src, first, count)
    tile = cute.local_tile(window, TILE, (bidx, None))
    other = cute.local_tile(rows, TILE, (bidx, None))
    bar = smem.allocate_array(cutlass.Int64)
    block_copy(tma_atom, cute.group_modes(tile, 0, 2)[None, 0], cute.group_modes(buf, 0, 2), tma_bar_ptr=bar)
    block_copy(tma_atom, cute.group_modes(other, 0, 2)[None, 1], cute.group_modes(buf, 0, 2), tma_bar_ptr=bar)


@cute.jit
def window_host(mat: cute.Tensor, first: cutlass.Int32, count: cutlass.Int32):
    smem_layout = cute.make_layout(TILE, stride=(32, 1))
    tma_atom, tma_tensor = cpasync.make_tiled_tma_atom(cpasync.CopyBulkTensorTileG2SOp(), mat, smem_layout, TILE)
    window_kernel(tma_atom, tma_tensor, smem_layout, first, count).launch(grid=(4, 1, 1), block=(128, 1, 1))


def compile_window():
    """One sequence's rows of a packed input, cut from its TMA tensor (`make_tensor(t.iterator, layout)`)."""
    mat = make_fake_compact_tensor(cutlass.Float16, (256, 128), stride_order=(1, 0), assumed_align=16)
    return cute.compile(window_host, mat, cutlass.Int32(0), cutlass.Int32(128))


def _tiled_copy():
    atom = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Float16, num_bits_per_copy=64)
    return cute.make_tiled_copy_tv(atom, cute.make_layout((16, 8), stride=(8, 1)), cute.make_layout((1, 4)))


@cute.kernel
def guarded_kernel(tiled_copy: cute.TiledCopy, src: cute.Tensor, dst: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    thr_copy = tiled_copy.get_slice(tidx)
    g_in = cute.local_tile(src, (16, 32), (bidx, 0))
    g_out = cute.local_tile(dst, (16, 32), (bidx, 0))
    seen = cute.local_tile(cute.make_identity_tensor(src.shape), (16, 32), (bidx, 0))
    written = cute.local_tile(cute.make_identity_tensor(dst.shape), (16, 32), (bidx, 0))
    t_in = thr_copy.partition_S(g_in)
    t_seen = thr_copy.partition_S(seen)  # guards the load: the load's coordinates
    t_out = thr_copy.partition_D(g_out)
    t_written = thr_copy.partition_D(written)  # guards the write-out: Store, as the write it guards
    vals = cute.make_fragment_like(t_in)
    if cute.elem_less(t_seen[0], src.shape):
        cute.copy(tiled_copy, t_in, vals)
    guard = cute.make_rmem_tensor((t_written.shape[0][1], t_written.shape[1], t_written.shape[2]), cutlass.Boolean)
    for v in cutlass.range_constexpr(guard.shape[0]):
        guard[v, 0, 0] = cute.elem_less(t_written[(0, v), 0, 0], dst.shape)
    cute.copy(tiled_copy, vals, t_out, pred=guard)


@cute.jit
def guarded_host(src: cute.Tensor, dst: cute.Tensor):
    guarded_kernel(_tiled_copy(), src, dst).launch(grid=(4, 1, 1), block=(128, 1, 1))


def compile_guarded():
    """A tiled copy that loads a tile and writes it out, each side guarded by its coordinates' partition."""
    src, dst = (make_fake_compact_tensor(cutlass.Float16, (64, 32), stride_order=(1, 0), assumed_align=16)
                for _ in range(2))
    return cute.compile(guarded_host, src, dst)


def _warp_mma():
    op = cute.nvgpu.warp.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (16, 8, 16))
    return cute.make_tiled_mma(op, cute.make_layout((4, 1, 1)))


@cute.kernel
def transposed_kernel(tiled_mma: cute.TiledMma, a: cute.Tensor, b: cute.Tensor, c: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    smem = cutlass.utils.SmemAllocator()
    # two tensors over one buffer, as two `get_tensor` of one storage field: loaded in (K, N), read in (N, K)
    storage = smem.allocate_array(cutlass.Float16, 32 * 64, byte_alignment=128)
    s_kn = cute.make_tensor(storage, cute.make_layout((32, 64), stride=(64, 1)))
    s_nk = cute.make_tensor(storage, cute.make_layout((64, 32), stride=(1, 64)))
    g_b = cute.local_tile(b, (32, 64), (0, 0))
    thr_copy = _tiled_copy().get_slice(tidx)
    cute.copy(_tiled_copy(), thr_copy.partition_S(g_b), thr_copy.partition_D(s_kn))
    thr_mma = tiled_mma.get_slice(tidx)
    g_a = cute.local_tile(a, (64, 32), (bidx, 0))
    g_c = cute.local_tile(c, (64, 64), (bidx, 0))
    frag_a = tiled_mma.make_fragment_A(thr_mma.partition_A(g_a))
    frag_b = tiled_mma.make_fragment_B(thr_mma.partition_B(s_nk))
    acc = tiled_mma.make_fragment_C(thr_mma.partition_C(g_c))
    cute.gemm(tiled_mma, acc, frag_a, frag_b, acc)
    # the output tile's coordinates cut by a layout, not per mode: (64 rows x 16 columns) tiles, 4 of them
    column_blocks = cute.logical_divide(cute.make_identity_tensor(g_c.shape), cute.make_layout((64, 16)))


@cute.jit
def transposed_host(a: cute.Tensor, b: cute.Tensor, c: cute.Tensor):
    transposed_kernel(_warp_mma(), a, b, c).launch(grid=(2, 1, 1), block=(128, 1, 1))


def compile_transposed():
    """An SMEM buffer loaded in (K, N) and read by the MMA through its transposed (N, K) view."""
    def fake(shape):
        return make_fake_compact_tensor(cutlass.Float16, shape, stride_order=(1, 0), assumed_align=16)
    return cute.compile(transposed_host, fake((128, 32)), fake((32, 64)), fake((128, 64)))


@cute.kernel
def staged_kernel(tiled_mma: cute.TiledMma, store_atom: cute.CopyAtom, a: cute.Tensor, b: cute.Tensor,
                  out: cute.Tensor, smem_layout: cute.Layout):
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    thr_mma = tiled_mma.get_slice(tidx)
    frag_a = tiled_mma.make_fragment_A(thr_mma.partition_A(cute.local_tile(a, (64, 32), (bidx, 0))))
    frag_b = tiled_mma.make_fragment_B(thr_mma.partition_B(cute.local_tile(b, (64, 32), (0, 0))))
    acc = tiled_mma.make_fragment_C(tiled_mma.partition_shape_C((64, 64)))
    cute.gemm(tiled_mma, acc, frag_a, frag_b, acc)
    smem = cutlass.utils.SmemAllocator()
    staging = smem.allocate_tensor(cutlass.Float16, smem_layout, byte_alignment=128)
    r2s = _tiled_copy().get_slice(tidx)
    t_staging = r2s.partition_D(staging)
    # the values reach the registers element by element (a helper's conversion the trace does not follow)
    regs = cute.make_rmem_tensor(t_staging.shape, cutlass.Float16)
    for i in cutlass.range_constexpr(cute.size(regs)):
        regs[i] = cutlass.Float16(0.0)
    cute.copy(_tiled_copy(), regs, t_staging)
    g_out = cute.local_tile(out, (16, 32), (bidx, 0))
    box, tiles = cpasync.tma_partition(store_atom, 0, cute.make_layout(1), cute.group_modes(staging, 0, 2),
                                       cute.group_modes(g_out, 0, 2))
    cute.copy(store_atom, box, tiles)


@cute.jit
def staged_host(a: cute.Tensor, b: cute.Tensor, out: cute.Tensor):
    smem_layout = cute.make_layout((16, 32), stride=(32, 1))
    store_atom, tma_out = cpasync.make_tiled_tma_atom(cpasync.CopyBulkTensorTileS2GOp(), out, smem_layout, (16, 32))
    staged_kernel(_warp_mma(), store_atom, a, b, tma_out, smem_layout).launch(grid=(2, 1, 1), block=(128, 1, 1))


def compile_staged():
    """An MMA kernel whose output leaves through an SMEM buffer: registers, r2s copy, TMA store."""
    def fake(shape):
        return make_fake_compact_tensor(cutlass.Float16, shape, stride_order=(1, 0), assumed_align=16)
    return cute.compile(staged_host, fake((128, 32)), fake((64, 32)), fake((32, 32)))


@cute.kernel
def mailbox_kernel(tiled_copy: cute.TiledCopy, src: cute.Tensor, dst: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    smem = cutlass.utils.SmemAllocator()
    mailbox = smem.allocate_tensor(cutlass.Int32, cute.make_layout((4,)))  # work-tile fields, read one by one
    if tidx < 4:
        mailbox[tidx] = bidx + tidx
    cute.arch.sync_threads()
    fields = cute.make_rmem_tensor((4,), cutlass.Int32)
    for i in cutlass.range_constexpr(4):
        fields[i] = mailbox[i]
    thr_copy = tiled_copy.get_slice(tidx)
    tile = fields[0]
    cute.copy(tiled_copy, thr_copy.partition_S(cute.local_tile(src, (16, 32), (tile, 0))),
              thr_copy.partition_D(cute.local_tile(dst, (16, 32), (tile, 0))))


@cute.jit
def mailbox_host(src: cute.Tensor, dst: cute.Tensor):
    mailbox_kernel(_tiled_copy(), src, dst).launch(grid=(4, 1, 1), block=(128, 1, 1))


def compile_mailbox():
    """A scheduler's SMEM mailbox read field by field into registers."""
    src, dst = (make_fake_compact_tensor(cutlass.Float16, (64, 32), stride_order=(1, 0), assumed_align=16)
                for _ in range(2))
    return cute.compile(mailbox_host, src, dst)
