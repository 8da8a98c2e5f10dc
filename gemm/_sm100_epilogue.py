"""Epilogue partitions of the SM100 GEMM: TMEM -> registers -> SMEM -> global, and C's way in.

Each function builds one copy and cuts the tensors it moves, so that every view the epilogue
warps touch is made (and checked) here rather than inside a library helper.
"""

from __future__ import annotations

import cutlass
import cutlass.cute as cute
import cutlass.utils.blackwell_helpers as sm100_utils
from cutlass.cute.nvgpu import tcgen05

from cute_inspect import expect
from gemm._sm100_config import DTYPES


def tmem_load_partition(cfg, dims, tidx, tCtAcc, tCgD, epi_tile, d_layout):
    """tcgen05.ld of one epilogue subtile: TMEM accumulator -> registers.

    Returns (tiled_copy_t2r, tTR_tAcc, tTR_rAcc).
    """
    # (ACC_M, EPI_TILE_N, EPI_RestM, EPI_RestN, ACC_STAGE): a subtile spans all of the CTA's M,
    # in TMEM's lane order
    tAcc_epi = cute.flat_divide(tCtAcc[((None, None), 0, 0, None)], epi_tile)
    expect(tAcc_epi, "(ACC_M, EPI_TILE_N, EPI_RestM, EPI_RestN, ACC_STAGE)", **dims)

    copy_atom_t2r = sm100_utils.get_tmem_load_op(
        cfg.cta_tile_mnk,
        d_layout,
        DTYPES[cfg.out_dtype],
        cutlass.Float32,
        epi_tile,
        cfg.use_2cta,
    )
    # The copy is shaped by one subtile; the partition then repeats it over all of them.
    tiled_copy_t2r = tcgen05.make_tmem_copy(copy_atom_t2r, tAcc_epi[(None, None, 0, 0, 0)])
    thr_copy_t2r = tiled_copy_t2r.get_slice(tidx)

    # (((T2R_V, T2R_T), 1), T2R_RestM, T2R_RestN, EPI_RestM, EPI_RestN, ACC_STAGE): the atom is one
    # warp's tcgen05.ld (T2R_T lanes, T2R_V values each); the rests repeat it over the subtile.
    tTR_tAcc = thr_copy_t2r.partition_S(tAcc_epi)
    expect(tTR_tAcc, "(((T2R_V, T2R_T), 1), T2R_RestM, T2R_RestN, EPI_RestM, EPI_RestN, ACC_STAGE)", **dims)

    # (EPI_TILE_M, EPI_TILE_N, EPI_RestM, EPI_RestN) of the first output tile: only its
    # thread-level shape matters, it sizes the register fragment of one subtile.
    gD_epi = cute.flat_divide(tCgD[((None, None), 0, 0, 0, 0, 0)], epi_tile)
    expect(gD_epi, "(EPI_TILE_M, EPI_TILE_N, EPI_RestM, EPI_RestN)", **dims)
    # ((T2R_R, 1), T2R_RestM, T2R_RestN, EPI_RestM, EPI_RestN): T2R_R values land in each thread
    tTR_gD = thr_copy_t2r.partition_D(gD_epi)
    expect(tTR_gD, "((T2R_R, 1), T2R_RestM, T2R_RestN, EPI_RestM, EPI_RestN)", **dims)
    # ((T2R_R, 1), T2R_RestM, T2R_RestN): one subtile's accumulator in registers
    tTR_rAcc = cute.make_rmem_tensor(tTR_gD[(None, None, None, 0, 0)].shape, cutlass.Float32)
    expect(tTR_rAcc, "((T2R_R, 1), T2R_RestM, T2R_RestN)", **dims)
    return tiled_copy_t2r, tTR_tAcc, tTR_rAcc


def smem_store_partition(cfg, dims, tidx, tiled_copy_t2r, tTR_rAcc, sD, d_layout):
    """Registers -> SMEM store of D, laid out to match what tcgen05.ld left in each thread.

    Returns (tiled_copy_r2s, tRS_rD, tRS_sD).
    """
    d_dtype = DTYPES[cfg.out_dtype]
    copy_atom_r2s = sm100_utils.get_smem_store_op(d_layout, d_dtype, cutlass.Float32, tiled_copy_t2r)
    tiled_copy_r2s = cute.make_tiled_copy_D(copy_atom_r2s, tiled_copy_t2r)
    thr_copy_r2s = tiled_copy_r2s.get_slice(tidx)
    # (R2S_S, T2R_RestM, T2R_RestN, (1, D_STAGE)): the store repeats exactly as the load did
    tRS_sD = thr_copy_r2s.partition_D(sD)
    expect(tRS_sD, "(R2S_S, T2R_RestM, T2R_RestN, (1, D_STAGE))", **dims)
    # (R2S_R, T2R_RestM, T2R_RestN): the same values, grouped as the store atom takes them
    tRS_rD = tiled_copy_r2s.retile(cute.make_rmem_tensor(tTR_rAcc.shape, d_dtype))
    expect(tRS_rD, "(R2S_R, T2R_RestM, T2R_RestN)", **dims)
    return tiled_copy_r2s, tRS_rD, tRS_sD


def smem_load_partition(cfg, dims, tidx, tiled_copy_t2r, tTR_rAcc, sC):
    """SMEM -> registers load of C, each thread reading the elements it holds of the accumulator.

    Returns (tiled_copy_s2r, tSR_sC, tSR_rC).
    """
    c_dtype = DTYPES[cfg.out_dtype]
    copy_atom_s2r = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), c_dtype)
    tiled_copy_s2r = cute.make_tiled_copy_D(copy_atom_s2r, tiled_copy_t2r)
    thr_copy_s2r = tiled_copy_s2r.get_slice(tidx)
    # (S2R_S, T2R_RestM, T2R_RestN, (1, C_STAGE))
    tSR_sC = thr_copy_s2r.partition_S(sC)
    expect(tSR_sC, "(S2R_S, T2R_RestM, T2R_RestN, (1, C_STAGE))", **dims)
    # (S2R_R, T2R_RestM, T2R_RestN)
    tSR_rC = tiled_copy_s2r.retile(cute.make_rmem_tensor(tTR_rAcc.shape, c_dtype))
    expect(tSR_rC, "(S2R_R, T2R_RestM, T2R_RestN)", **dims)
    return tiled_copy_s2r, tSR_sC, tSR_rC

