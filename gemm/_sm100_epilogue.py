"""Epilogue partitions of the SM100 GEMM: TMEM -> registers -> SMEM -> global, and C's way in.

Each function builds one copy and cuts the tensors it moves, so that every view the epilogue
warps touch is made (and checked) here rather than inside a library helper.
"""

from __future__ import annotations

import cutlass
import cutlass.cute as cute
import cutlass.utils.blackwell_helpers as sm100_utils
from cutlass.cute.nvgpu import cpasync, tcgen05

from gemm._sm100_config import DTYPES


def apply_epilogue_op(name: str, x):
    """The elementwise op named in the config, applied to a register vector."""
    if name == "relu":
        return cute.where(x > 0, x, cute.full_like(x, 0))
    return x


def tmem_load_partition(cfg, tidx, tCtAcc, tCgD, epi_tile, d_layout):
    """tcgen05.ld of one epilogue subtile: TMEM accumulator -> registers.

    Returns (tiled_copy_t2r, tTR_tAcc, tTR_rAcc).
    """
    # (EPI_TILE_M, EPI_TILE_N, EPI_RestM, EPI_RestN, ACC_STAGE)
    tAcc_epi = cute.flat_divide(tCtAcc[((None, None), 0, 0, None)], epi_tile)

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

    # (T2R, T2R_M, T2R_N, EPI_RestM, EPI_RestN, ACC_STAGE)
    tTR_tAcc = thr_copy_t2r.partition_S(tAcc_epi)

    # (EPI_TILE_M, EPI_TILE_N, EPI_RestM, EPI_RestN) of the first output tile: only its
    # thread-level shape matters, it sizes the register fragment of one subtile.
    gD_epi = cute.flat_divide(tCgD[((None, None), 0, 0, 0, 0, 0)], epi_tile)
    # (T2R, T2R_M, T2R_N, EPI_RestM, EPI_RestN)
    tTR_gD = thr_copy_t2r.partition_D(gD_epi)
    # (T2R, T2R_M, T2R_N)
    tTR_rAcc = cute.make_rmem_tensor(tTR_gD[(None, None, None, 0, 0)].shape, cutlass.Float32)
    return tiled_copy_t2r, tTR_tAcc, tTR_rAcc


def smem_store_partition(cfg, tidx, tiled_copy_t2r, tTR_rAcc, sD, d_layout):
    """Registers -> SMEM store of D, laid out to match what tcgen05.ld left in each thread.

    Returns (tiled_copy_r2s, tRS_rD, tRS_sD).
    """
    d_dtype = DTYPES[cfg.out_dtype]
    copy_atom_r2s = sm100_utils.get_smem_store_op(d_layout, d_dtype, cutlass.Float32, tiled_copy_t2r)
    tiled_copy_r2s = cute.make_tiled_copy_D(copy_atom_r2s, tiled_copy_t2r)
    thr_copy_r2s = tiled_copy_r2s.get_slice(tidx)
    # (R2S, R2S_M, R2S_N, D_STAGE)
    tRS_sD = thr_copy_r2s.partition_D(sD)
    # (R2S, R2S_M, R2S_N)
    tRS_rD = tiled_copy_r2s.retile(cute.make_rmem_tensor(tTR_rAcc.shape, d_dtype))
    return tiled_copy_r2s, tRS_rD, tRS_sD


def smem_load_partition(cfg, tidx, tiled_copy_t2r, tTR_rAcc, sC):
    """SMEM -> registers load of C, each thread reading the elements it holds of the accumulator.

    Returns (tiled_copy_s2r, tSR_sC, tSR_rC).
    """
    c_dtype = DTYPES[cfg.out_dtype]
    copy_atom_s2r = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), c_dtype)
    tiled_copy_s2r = cute.make_tiled_copy_D(copy_atom_s2r, tiled_copy_t2r)
    thr_copy_s2r = tiled_copy_s2r.get_slice(tidx)
    # (S2R, S2R_M, S2R_N, C_STAGE)
    tSR_sC = thr_copy_s2r.partition_S(sC)
    # (S2R, S2R_M, S2R_N)
    tSR_rC = tiled_copy_s2r.retile(cute.make_rmem_tensor(tTR_rAcc.shape, c_dtype))
    return tiled_copy_s2r, tSR_sC, tSR_rC


def tma_epi_partition(tma_atom, tCgX, sX, epi_tile):
    """Block-wide TMA view of C or D in epilogue subtiles: (smem view, gmem view)."""
    # (EPI_TILE_M, EPI_TILE_N, EPI_RestM, EPI_RestN, RestM, RestN, RestL)
    gX_epi = cute.flat_divide(tCgX[((None, None), 0, 0, None, None, None)], epi_tile)
    # ((TMA, TMA_Rest), STAGE) and ((TMA, TMA_Rest), EPI_RestM, EPI_RestN, RestM, RestN, RestL)
    return cpasync.tma_partition(
        tma_atom,
        0,
        cute.make_layout(1),
        cute.group_modes(sX, 0, 2),
        cute.group_modes(gX_epi, 0, 2),
    )
