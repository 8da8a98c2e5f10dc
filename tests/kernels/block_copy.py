"""A compile-only TMA load issued with `cutlass.block.block_copy` (no partition call the tracer sees): the SMEM
buffer's axes can come only from the global tile it is copied from (sm_90)."""

import cutlass
import cutlass.cute as cute
from cutlass.block import block_copy
from cutlass.cute.nvgpu import cpasync
from cutlass.cute.runtime import make_fake_compact_tensor

TILE = (64, 32)


@cute.kernel
def load_kernel(tma_atom: cute.CopyAtom, src: cute.Tensor, smem_layout: cute.Layout):
    bidx, _, _ = cute.arch.block_idx()
    smem = cutlass.utils.SmemAllocator()
    buf = smem.allocate_tensor(cutlass.Float16, smem_layout, byte_alignment=128)
    tile = cute.local_tile(src, TILE, (bidx, None))
    bar = smem.allocate_array(cutlass.Int64)
    block_copy(tma_atom, cute.group_modes(tile, 0, 2)[None, 0], cute.group_modes(buf, 0, 2), tma_bar_ptr=bar)


@cute.jit
def load_host(mat: cute.Tensor):
    smem_layout = cute.make_layout(TILE, stride=(32, 1))
    tma_atom, tma_tensor = cpasync.make_tiled_tma_atom(cpasync.CopyBulkTensorTileG2SOp(), mat, smem_layout, TILE)
    load_kernel(tma_atom, tma_tensor, smem_layout).launch(grid=(4, 1, 1), block=(128, 1, 1))


def compile_load():
    mat = make_fake_compact_tensor(cutlass.Float16, (256, 128), stride_order=(1, 0), assumed_align=16)
    return cute.compile(load_host, mat)


@cute.kernel
def cut_kernel(tma_atom: cute.CopyAtom, src: cute.Tensor, smem_layout: cute.Layout, start: cutlass.Int32,
               rows: cutlass.Int32):
    bidx, _, _ = cute.arch.block_idx()
    smem = cutlass.utils.SmemAllocator()
    buf = smem.allocate_tensor(cutlass.Float16, smem_layout, byte_alignment=128)
    shifted = cute.domain_offset((start, 0), src)
    cut = cute.make_tensor(shifted.iterator, cute.make_layout((rows, src.shape[1]), stride=src.stride))
    tile = cute.local_tile(cut, TILE, (bidx, None))
    bar = smem.allocate_array(cutlass.Int64)
    block_copy(tma_atom, cute.group_modes(tile, 0, 2)[None, 0], cute.group_modes(buf, 0, 2), tma_bar_ptr=bar)


@cute.jit
def cut_host(mat: cute.Tensor, start: cutlass.Int32, rows: cutlass.Int32):
    smem_layout = cute.make_layout(TILE, stride=(32, 1))
    tma_atom, tma_tensor = cpasync.make_tiled_tma_atom(cpasync.CopyBulkTensorTileG2SOp(), mat, smem_layout, TILE)
    cut_kernel(tma_atom, tma_tensor, smem_layout, start, rows).launch(grid=(4, 1, 1), block=(128, 1, 1))


def compile_cut():
    """The TMA tensor re-laid over its own coordinates from a run-time row (a sequence cut out of a packed
    batch), as variable-length kernels do: the cut's axes are the parameter's and the host tensor's."""
    mat = make_fake_compact_tensor(cutlass.Float16, (256, 128), stride_order=(1, 0), assumed_align=16)
    return cute.compile(cut_host, mat, cutlass.Int32(16), cutlass.Int32(128))
