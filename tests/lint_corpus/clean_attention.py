"""Lint fixture (not compiled): the two matmuls of attention, S = Q K^T and O = P V, with TMEM loads."""

import cutlass.cute as cute
from cutlass.cute.nvgpu import cpasync


@cute.kernel
def fmha_kernel(qk_tiled_mma, pv_tiled_mma, tma_atom_q, gQ_qdl, sQ, sK, sV, tP, cS, qk_acc_shape, pv_acc_shape,
                tiled_tmem_load):
    tidx, _, _ = cute.arch.thread_idx()
    qk_thr_mma = qk_tiled_mma.get_slice(0)
    pv_thr_mma = pv_tiled_mma.get_slice(0)

    tSgQ_qdl = qk_thr_mma.partition_A(gQ_qdl)
    tQsQ, tQgQ_qdl = cpasync.tma_partition(
        tma_atom_q, 0, cute.make_layout(1), cute.group_modes(sQ, 0, 3), cute.group_modes(tSgQ_qdl, 0, 3)
    )
    tSrQ = qk_tiled_mma.make_fragment_A(sQ)
    tSrK = qk_tiled_mma.make_fragment_B(sK)
    tStS = qk_tiled_mma.make_fragment_C(qk_acc_shape)
    tScS = qk_thr_mma.partition_C(cS)
    tOrP = pv_tiled_mma.make_fragment_A(tP)
    tOrV = pv_tiled_mma.make_fragment_B(sV)
    tOtO = pv_tiled_mma.make_fragment_C(pv_acc_shape)

    cute.copy(tma_atom_q, tQgQ_qdl[None, 0], tQsQ[None, 0])
    cute.gemm(qk_tiled_mma, tStS, tSrQ, tSrK, tStS)
    cute.gemm(pv_tiled_mma, tOtO, tOrP, tOrV, tOtO)

    thr_tmem_load = tiled_tmem_load.get_slice(tidx)
    tTMEM_LOADtS = thr_tmem_load.partition_S(tStS)
    tTMEM_LOADcS = thr_tmem_load.partition_D(tScS)
    tTMrS = cute.make_rmem_tensor(tTMEM_LOADcS.shape, cute.Float32)
    cute.copy(tiled_tmem_load, tTMEM_LOADtS, tTMrS)
