"""Lint fixture (not compiled): SM100 TMA loads, tcgen05 MMA and a TMEM -> registers -> SMEM -> TMA epilogue."""

import cutlass.cute as cute
from cutlass.cute.nvgpu import cpasync, tcgen05


@cute.kernel
def gemm_kernel(tma_atom_a, mA_mkl, tma_atom_b, mB_nkl, tma_atom_c, mC_mnl, tiled_mma, sA, sB, sC, tAcc_base, tiler):
    tidx, _, _ = cute.arch.thread_idx()
    gA_mkl = cute.local_tile(mA_mkl, tiler, (None, None, None), proj=(1, None, 1))
    gB_nkl = cute.local_tile(mB_nkl, tiler, (None, None, None), proj=(None, 1, 1))
    gC_mnl = cute.local_tile(mC_mnl, tiler, (None, None, None), proj=(1, 1, None))

    thr_mma = tiled_mma.get_slice(0)
    tCgA = thr_mma.partition_A(gA_mkl)
    tCgB = thr_mma.partition_B(gB_nkl)
    tCgC = thr_mma.partition_C(gC_mnl)

    tAsA, tAgA = cpasync.tma_partition(
        tma_atom_a, 0, cute.make_layout(1), cute.group_modes(sA, 0, 3), cute.group_modes(tCgA, 0, 3)
    )
    tBsB, tBgB = cpasync.tma_partition(
        tma_atom_b, 0, cute.make_layout(1), cute.group_modes(sB, 0, 3), cute.group_modes(tCgB, 0, 3)
    )
    tCrA = tiled_mma.make_fragment_A(sA)
    tCrB = tiled_mma.make_fragment_B(sB)
    tCtAcc = tiled_mma.make_fragment_C(cute.append(tiler, 2))

    cute.copy(tma_atom_a, tAgA[None, 0], tAsA[None, 0])
    cute.copy(tma_atom_b, tBgB[None, 0], tBsB[None, 0])
    for k_block in range(4):
        cute.gemm(tiled_mma, tCtAcc, tCrA[None, None, k_block, 0], tCrB[None, None, k_block, 0], tCtAcc)

    tAcc_epi = cute.flat_divide(tAcc_base, (128, 32))
    tCgC_epi = cute.flat_divide(tCgC, (128, 32))
    tiled_copy_t2r = tcgen05.make_tmem_copy(None, tAcc_epi)
    thr_copy_t2r = tiled_copy_t2r.get_slice(tidx)
    tTR_tAcc = thr_copy_t2r.partition_S(tAcc_epi)
    tTR_gC = thr_copy_t2r.partition_D(tCgC_epi)
    tTR_rAcc = cute.make_rmem_tensor(tTR_gC.shape, cute.Float32)

    tiled_copy_r2s = cute.make_tiled_copy_D(None, tiled_copy_t2r)
    thr_copy_r2s = tiled_copy_r2s.get_slice(tidx)
    tRS_sC = thr_copy_r2s.partition_D(sC)
    tRS_rAcc = tiled_copy_r2s.retile(tTR_rAcc)

    bSG_sC, bSG_gC = cpasync.tma_partition(
        tma_atom_c, 0, cute.make_layout(1), cute.group_modes(sC, 0, 2), cute.group_modes(tCgC_epi, 0, 2)
    )
    cute.copy(tiled_copy_t2r, tTR_tAcc[None, None, None, 0], tTR_rAcc)
    cute.copy(tiled_copy_r2s, tRS_rAcc, tRS_sC[None, None, None, 0])
    cute.copy(tma_atom_c, bSG_sC[None, 0], bSG_gC[None, 0])
