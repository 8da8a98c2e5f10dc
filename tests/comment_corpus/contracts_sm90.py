"""Corpus: tma_partition and local_tile contracts on a small SM90 TMA kernel (CUTE_DSL_ARCH=sm_90a).

Each ``compile_*`` compiles one case; ``#: CODE`` marks the finding its call line must produce.
"""

# ruff: noqa: F841  (tensors are assigned only to be traced: the names and comments are the data)

import cutlass
import cutlass.cute as cute
from cutlass.cute.nvgpu import cpasync
from cutlass.cute.runtime import make_fake_compact_tensor


@cute.kernel
def tma_kernel(tma_atom: cute.CopyAtom, mA_mk: cute.Tensor, smem_layout: cute.Layout, case: cutlass.Constexpr):
    bidx, _, _ = cute.arch.block_idx()
    smem = cutlass.memory.SmemAllocator()
    # (bM, bK, STAGE)
    sA = smem.allocate_tensor(cutlass.Float16, smem_layout, byte_alignment=128)
    # (bM, bK, RestK)
    gA = cute.local_tile(mA_mk, (64, 64), (bidx, None))
    if cutlass.const_expr(case == "grouped"):
        # ((atom_v, rest_v), STAGE)
        # ((atom_v, rest_v), RestK)
        tAsA, tAgA = cpasync.tma_partition(
            tma_atom, 0, cute.make_layout(1), cute.group_modes(sA, 0, 2), cute.group_modes(gA, 0, 2))
    if cutlass.const_expr(case == "flat_gmem"):
        tAsA, tAgA = cpasync.tma_partition(tma_atom, 0, cute.make_layout(1), cute.group_modes(sA, 0, 2), gA)  #: CI301
    if cutlass.const_expr(case == "flat_both"):
        tAsA, tAgA = cpasync.tma_partition(tma_atom, 0, cute.make_layout(1), sA, gA)  #: CI301
    if cutlass.const_expr(case == "coord_rank"):
        gA_bad = cute.local_tile(mA_mk, (64, 64), (bidx, None, 0))  #: CI302
    if cutlass.const_expr(case == "proj_rank"):
        gA_bad = cute.local_tile(mA_mk, (64, 64, 32), (bidx, None, 0), proj=(1, None))  #: CI302


@cute.jit
def tma_host(mA_mk: cute.Tensor, case: cutlass.Constexpr):
    smem_layout = cute.make_layout((64, 64, 2), stride=(64, 1, 4096))
    tma_atom, tma_tensor = cpasync.make_tiled_tma_atom(
        cpasync.CopyBulkTensorTileG2SOp(), mA_mk, cute.slice_(smem_layout, (None, None, 0)), (64, 64))
    tma_kernel(tma_atom, tma_tensor, smem_layout, case).launch(grid=(4, 1, 1), block=(128, 1, 1))


def _compile(case):
    a = make_fake_compact_tensor(cutlass.Float16, (256, 512), stride_order=(1, 0), assumed_align=16)
    return cute.compile(tma_host, a, case)


def compile_grouped():
    return _compile("grouped")


def compile_flat_gmem():
    return _compile("flat_gmem")


def compile_flat_both():
    return _compile("flat_both")


def compile_coord_rank():
    return _compile("coord_rank")


def compile_proj_rank():
    return _compile("proj_rank")
