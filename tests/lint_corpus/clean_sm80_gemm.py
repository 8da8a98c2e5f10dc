"""Lint fixture (not compiled): an SM80 GEMM mainloop and epilogue named by the convention."""

import cutlass
import cutlass.cute as cute


@cute.kernel
def gemm_kernel(mA_mkl, mB_nkl, mC_mnl, tiled_mma, tiled_copy_A, tiled_copy_B, tiled_copy_s2r_A, tiled_copy_s2r_B):
    tidx, _, _ = cute.arch.thread_idx()
    bidx, bidy, bidz = cute.arch.block_idx()
    smem = cutlass.utils.SmemAllocator()
    sA = smem.allocate_tensor(cutlass.Float16, cute.make_layout((128, 32, 3)))
    sB = smem.allocate_tensor(cutlass.Float16, cute.make_layout((128, 32, 3)))

    # (bM, bK, RestK)
    gA = cute.local_tile(mA_mkl[None, None, bidz], (128, 32), (bidx, None))
    gB = cute.local_tile(mB_nkl[None, None, bidz], (128, 32), (bidy, None))
    gC = cute.local_tile(mC_mnl[None, None, bidz], (128, 128), (bidx, bidy))

    thr_copy_A = tiled_copy_A.get_slice(tidx)
    thr_copy_B = tiled_copy_B.get_slice(tidx)
    tAgA = thr_copy_A.partition_S(gA)
    tAsA = thr_copy_A.partition_D(sA)
    tBgB = thr_copy_B.partition_S(gB)
    tBsB = thr_copy_B.partition_D(sB)

    thr_mma = tiled_mma.get_slice(tidx)
    tCsA = thr_mma.partition_A(sA)
    tCsB = thr_mma.partition_B(sB)
    tCgC = thr_mma.partition_C(gC)
    tCrA = tiled_mma.make_fragment_A(tCsA[None, None, None, 0])
    tCrB = tiled_mma.make_fragment_B(tCsB[None, None, None, 0])
    tCrC = tiled_mma.make_fragment_C(tCgC)

    thr_copy_s2r_A = tiled_copy_s2r_A.get_slice(tidx)
    tSR_sA = thr_copy_s2r_A.partition_S(sA)
    tSR_rA = thr_copy_s2r_A.retile(tCrA)
    thr_copy_s2r_B = tiled_copy_s2r_B.get_slice(tidx)
    tCsB_copy_view = thr_copy_s2r_B.partition_S(sB)
    tCrB_copy_view = thr_copy_s2r_B.retile(tCrB)

    for k in cutlass.range(cute.size(tAgA, mode=[3])):
        cute.copy(tiled_copy_A, tAgA[None, None, None, k], tAsA[None, None, None, 0])
        cute.copy(tiled_copy_B, tBgB[None, None, None, k], tBsB[None, None, None, 0])
        cute.copy(tiled_copy_s2r_A, tSR_sA[None, None, None, 0], tSR_rA)
        cute.copy(tiled_copy_s2r_B, tCsB_copy_view[None, None, None, 0], tCrB_copy_view)
        cute.gemm(tiled_mma, tCrC, tCrA, tCrB, tCrC)

    cute.autovec_copy(tCrC, tCgC)
