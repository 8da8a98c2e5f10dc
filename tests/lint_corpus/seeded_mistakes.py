"""Lint fixture (not compiled): an SM90 GEMM with deliberate misnamings, one per annotated line."""

import cutlass.cute as cute
from cutlass.cute.nvgpu import cpasync


@cute.kernel
def gemm_kernel(tiled_mma, tma_atom_a, tma_atom_b, gA, gB, gC, sA, sB, sC, tiled_copy_r2s, tiled_copy_t2r, tAcc):
    tidx, _, _ = cute.arch.thread_idx()
    thr_mma = tiled_mma.get_slice(tidx)

    tCgB = thr_mma.partition_A(gA)  # expect: CI105
    tCgA = thr_mma.partition_B(gA)  # expect: CI106
    tCgC = thr_mma.partition_C(gC)
    tCsB = thr_mma.partition_B(sB)
    tAgA_mma = thr_mma.partition_A(gA)  # expect: CI109

    tAsA, tAgA = cpasync.tma_partition(tma_atom_a, 0, cute.make_layout(1), sA, gA)
    tBsB, tBgB = cpasync.tma_partition(tma_atom_b, 0, cute.make_layout(1), sB, gB)
    cute.copy(tma_atom_a, tAgA[None, 0], tBsB[None, 0])  # expect: CI102

    tCrA = tiled_mma.make_fragment_A(sA)
    tCrB = tiled_mma.make_fragment_B(sB)
    tCrC = tiled_mma.make_fragment_C(tCgC)
    cute.gemm(tiled_mma, tCrC, tCrA, tBsB, tCrC)  # expect: CI103, CI111

    thr_copy_t2r = tiled_copy_t2r.get_slice(tidx)
    tTR_tAcc = thr_copy_t2r.partition_S(tAcc)
    tTR_rC = thr_copy_t2r.partition_D(sC)  # expect: CI105
    thr_copy_r2s = tiled_copy_r2s.get_slice(tidx)
    tTR_sC = thr_copy_r2s.partition_D(sC)  # expect: CI104
    acc_vec = tiled_copy_r2s.retile(tTR_rC)  # expect: CI101
    tRS_sC = thr_copy_r2s.partition_D(sC)
    tRS_rC = tiled_copy_r2s.retile(tTR_rC)
    cute.copy(tiled_copy_r2s, tRS_rC, tRS_sC)
    cute.copy(tiled_copy_r2s, tRS_rC, tTR_sC)  # expect: CI102
    cute.copy(tiled_copy_r2s, tRS_rC, tTR_sC)  # noqa: CI102
    cute.copy(tiled_copy_r2s, tRS_rC, tRS_sC)  # noqa: CI102  # expect: CI100
    return tCsB, acc_vec, tTR_tAcc
