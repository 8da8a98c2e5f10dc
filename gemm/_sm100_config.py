"""Configuration of the SM100 GEMM: what may be asked for, and every size derived from it.

Everything here is plain Python (no MLIR context), so `can_implement` can answer before any
tracing, and the expected shapes checked inside the kernel are computed from the same numbers
the kernel is built from.
"""

from __future__ import annotations

import dataclasses
from typing import Optional

import cutlass
from cutlass.utils.blackwell_helpers import compute_epilogue_tile_size

from gemm._common_epilogue import EPILOGUES

DTYPES = {
    "fp16": cutlass.Float16,
    "bf16": cutlass.BFloat16,
    "e4m3": cutlass.Float8E4M3FN,
    "e5m2": cutlass.Float8E5M2,
    "fp32": cutlass.Float32,
}
AB_DTYPES = ("fp16", "bf16", "e4m3", "e5m2")
OUT_DTYPES = ("fp16", "bf16", "fp32")
A_MAJORS = ("k", "m")
B_MAJORS = ("k", "n")
D_MAJORS = ("n", "m")

# SM100 shared memory per CTA, and what the barriers, the TMEM pointer and alignment take of it.
SMEM_CAPACITY_BYTES = 232448
B200_SM_COUNT = 148
SMEM_RESERVED_BYTES = 1024
TMEM_COLUMNS = 512
MAX_CLUSTER_SIZE = 16

# tcgen05.mma consumes 32 bytes of K per instruction; a k-tile is four instructions deep so
# one TMA box row is 128 bytes, the width of the 128B swizzle atom.
MMA_K_BYTES = 32
MMA_K_BLOCKS_PER_TILE = 4

ACC_STAGES = 2
C_STAGES = 2
D_STAGES = 2

# One role per warp: four epilogue warps cover the 128 TMEM lanes, then MMA, TMA, C loader.
EPILOGUE_WARPS = (0, 1, 2, 3)
MMA_WARP = 4
TMA_WARP = 5
C_LOAD_WARP = 6


def _is_pow2(x: int) -> bool:
    return x > 0 and (x & (x - 1)) == 0


def _store_dims(lanes_per_warp: int, out_width: int, d_major: str, e: int) -> dict:
    """One thread's share of the tcgen05.ld, SMEM store and SMEM load of an E-column subtile.

    Mirrors the TMEM load the library picks (`get_tmem_load_op`): 32 lanes x 32 bits (a row of
    E values per thread) when each warp owns 32 lanes and D is fp32 or N-major; otherwise 16 lanes
    x 256 bits, or x 128 bits for an N-major fp32 D. T2R_RestM repeats the atom over M.
    """
    if lanes_per_warp == 32 and (out_width == 32 or d_major == "n"):
        row = (1, e)
        return dict(T2R_V=e, T2R_T=32, T2R_RestM=1, T2R_RestN=1, T2R_R=e,
                    R2S_S=row, R2S_R=row, S2R_S=row, S2R_R=row)
    rest_m = lanes_per_warp // 16
    if out_width == 32 and d_major == "n":
        return dict(T2R_V=e, T2R_T=16, T2R_RestM=rest_m, T2R_RestN=1, T2R_R=(2, e // 4),
                    R2S_S=(4, 4) if e == 32 else (4, (4, e // 32)), R2S_R=(4, e // 8),
                    S2R_S=(1, (2, e // 4)), S2R_R=(1, e // 2))
    quad = (2, 2, e // 8)
    r2s = (8, e // 16) if out_width == 16 else None
    return dict(T2R_V=e, T2R_T=16, T2R_RestM=rest_m, T2R_RestN=1, T2R_R=quad,
                R2S_S=r2s or (1, quad), R2S_R=r2s or (1, e // 2),
                S2R_S=(1, quad), S2R_R=(1, e // 2))


def _tma_box(contiguous: int, strided: int, width: int) -> tuple:
    """((box_contiguous, strided), boxes): a box spans one swizzle row of the SMEM layout atom.

    The row is the widest of 128, 64, 32 and 16 bytes that divides the contiguous extent, as
    `get_smem_layout_atom_ab` chooses it (e.g. 32 fp16 for an N-major B of N=96: 3 boxes).
    """
    bits = contiguous * width
    row_bits = next(b for b in (1024, 512, 256, 128) if bits % b == 0)
    box = row_bits // width
    return (box, strided), contiguous // box


@dataclasses.dataclass(frozen=True)
class Sm100GemmConfig:
    """One compile-time configuration of `D = epilogue(alpha * A @ B^T + beta * C)`.

    ab_dtype/out_dtype are names from `DTYPES`; the accumulator is always fp32 and C has the
    type and major order of D. `with_c=False` drops the beta*C term (no C loads, no C SMEM).
    `epilogue` names an op of `gemm._common_epilogue.EPILOGUES` (None: no op).
    """

    ab_dtype: str = "fp16"
    out_dtype: str = "fp16"
    mma_tiler_mn: tuple = (256, 128)
    cluster_shape_mn: tuple = (2, 1)
    use_2cta: bool = True
    a_major: str = "k"
    b_major: str = "k"
    d_major: str = "n"
    with_c: bool = True
    epilogue: Optional[str] = None

    # -- derived sizes -------------------------------------------------------------------

    @property
    def cta_group_size(self) -> int:
        """CTAs that issue one tcgen05.mma together (the V mode of the cluster layout)."""
        return 2 if self.use_2cta else 1

    @property
    def ab_width(self) -> int:
        return DTYPES[self.ab_dtype].width

    @property
    def out_width(self) -> int:
        return DTYPES[self.out_dtype].width

    @property
    def mma_inst_k(self) -> int:
        return MMA_K_BYTES * 8 // self.ab_width

    @property
    def mma_tiler_mnk(self) -> tuple:
        m, n = self.mma_tiler_mn
        return (m, n, self.mma_inst_k * MMA_K_BLOCKS_PER_TILE)

    @property
    def cta_tile_mnk(self) -> tuple:
        m, n, k = self.mma_tiler_mnk
        return (m // self.cta_group_size, n, k)

    @property
    def epi_tile_mn(self) -> tuple:
        cta_m, cta_n, _ = self.cta_tile_mnk
        m_major = self.d_major == "m"
        return compute_epilogue_tile_size(
            cta_m,
            cta_n,
            self.use_2cta,
            self.out_width,
            self.out_width if self.with_c else None,
            m_major,
            m_major,
        )

    @property
    def mcast_ctas_a(self) -> int:
        """CTAs that receive each A tile: the ones along N share the same rows of A."""
        return self.cluster_shape_mn[1]

    @property
    def mcast_ctas_b(self) -> int:
        """CTA pairs (or CTAs) along M that share the same columns of B."""
        return self.cluster_shape_mn[0] // self.cta_group_size

    def ab_stage_bytes(self) -> int:
        """SMEM for one A/B stage of one CTA: each CTA of a pair holds half of the MMA's M and N."""
        mma_m, mma_n, bk = self.mma_tiler_mnk
        v = self.cta_group_size
        return (mma_m // v + mma_n // v) * bk * self.ab_width // 8

    def epi_stage_bytes(self) -> int:
        epi_m, epi_n = self.epi_tile_mn
        return epi_m * epi_n * self.out_width // 8

    @property
    def c_stages(self) -> int:
        return C_STAGES if self.with_c else 0

    @property
    def ab_stages(self) -> int:
        """As many A/B stages as fit beside the C and D epilogue buffers."""
        epi_bytes = (self.c_stages + D_STAGES) * self.epi_stage_bytes()
        free = SMEM_CAPACITY_BYTES - SMEM_RESERVED_BYTES - epi_bytes
        return free // self.ab_stage_bytes()

    @property
    def threads_per_cta(self) -> int:
        last_warp = C_LOAD_WARP if self.with_c else TMA_WARP
        return 32 * (last_warp + 1)

    # -- expected shapes -----------------------------------------------------------------

    def shape_dims(self) -> dict:
        """The extents the kernel's `expect` specs name, computed from the config alone.

        Block level: bM, bN, bK (the MMA tile), MMA level: the tcgen05 atom seen by one CTA,
        TMA: the box each copy moves, EPI: the epilogue subtile, Store: the tcgen05.ld, SMEM
        store and SMEM load atoms of one thread.
        """
        mma_m, mma_n, bk = self.mma_tiler_mnk
        cta_m, cta_n, _ = self.cta_tile_mnk
        v = self.cta_group_size
        epi_m, epi_n = self.epi_tile_mn
        box_a, rest_a = _tma_box(bk if self.a_major == "k" else cta_m, cta_m if self.a_major == "k" else bk, self.ab_width)
        b_n = mma_n // v
        box_b, rest_b = _tma_box(bk if self.b_major == "k" else b_n, b_n if self.b_major == "k" else bk, self.ab_width)
        box_d, rest_d = _tma_box(epi_n if self.d_major == "n" else epi_m, epi_m if self.d_major == "n" else epi_n, self.out_width)
        # An MN-major SMEM atom splits M (or N) into 128-byte swizzle rows, as the TMA box does.
        sa_atom = (cta_m, self.mma_inst_k) if self.a_major == "k" or rest_a == 1 else (
            (box_a[0], rest_a), self.mma_inst_k)
        sb_atom = (b_n, self.mma_inst_k) if self.b_major == "k" or rest_b == 1 else (
            (box_b[0], rest_b), self.mma_inst_k)
        dims = dict(
            SA_ATOM=sa_atom, SB_ATOM=sb_atom,
            bM=mma_m, bN=mma_n, bK=bk,
            MMA_M=cta_m, MMA_N=mma_n, MMA_NB=b_n, MMA_K=self.mma_inst_k,
            MMA_RestM=1, MMA_RestN=1, MMA_RestK=MMA_K_BLOCKS_PER_TILE,
            AB_STAGE=self.ab_stages, ACC_STAGE=ACC_STAGES, C_STAGE=self.c_stages, D_STAGE=D_STAGES,
            TMA_A=box_a, TMA_RestA=rest_a, TMA_A_SMEM=box_a[0] * box_a[1],
            TMA_B=box_b, TMA_RestB=rest_b, TMA_B_SMEM=box_b[0] * box_b[1],
            TMA_D=box_d, TMA_RestD=rest_d, TMA_D_SMEM=box_d[0] * box_d[1],
            EPI_TILE_M=epi_m, EPI_TILE_N=epi_n, EPI_RestM=cta_m // epi_m, EPI_RestN=cta_n // epi_n,
        )
        # The accumulator's M in TMEM: 128 lanes, or for M=64 16 lanes in each of 4 subpartitions.
        dims["ACC_M"] = cta_m if cta_m == 128 else (16, 4)
        dims.update(_store_dims(cta_m // 4, self.out_width, self.d_major, epi_n))
        return dims

    # -- validation ----------------------------------------------------------------------

    def reasons(self, mnkl: Optional[tuple] = None) -> list:
        """Why this configuration (and problem size, if given) cannot run; empty when it can."""
        out = []

        def choice(name, value, allowed):
            if value not in allowed:
                out.append(f"{name} {value!r} is not supported; allowed: {', '.join(map(repr, allowed))}")

        choice("ab_dtype", self.ab_dtype, AB_DTYPES)
        choice("out_dtype", self.out_dtype, OUT_DTYPES)
        choice("a_major", self.a_major, A_MAJORS)
        choice("b_major", self.b_major, B_MAJORS)
        choice("d_major", self.d_major, D_MAJORS)
        choice("epilogue", self.epilogue, (None, *sorted(EPILOGUES)))
        if out:
            return out

        mma_m, mma_n = self.mma_tiler_mn
        allowed_m = (256,) if self.use_2cta else (64, 128)
        if mma_m not in allowed_m:
            out.append(
                f"MMA tile M {mma_m} is not supported with use_2cta={self.use_2cta}; "
                f"allowed: {'/'.join(map(str, allowed_m))}"
            )
        allowed_n = tuple(range(32, 257, 32))
        if mma_n not in allowed_n:
            out.append(f"MMA tile N {mma_n} is not supported; allowed: {'/'.join(map(str, allowed_n))}")

        cm, cn = self.cluster_shape_mn
        if not (_is_pow2(cm) and _is_pow2(cn)) or cm * cn > MAX_CLUSTER_SIZE:
            out.append(
                f"cluster shape ({cm},{cn}) is not supported; each extent must be a power of 2 "
                f"and the cluster at most {MAX_CLUSTER_SIZE} CTAs"
            )
        elif cm % self.cta_group_size:
            out.append(f"cluster shape M {cm} must be a multiple of 2 with use_2cta=True; allowed: 2/4/8/16")
        if out:
            return out

        if ACC_STAGES * mma_n > TMEM_COLUMNS:
            out.append(
                f"{ACC_STAGES} fp32 accumulator stages of N={mma_n} need {ACC_STAGES * mma_n} TMEM "
                f"columns; only {TMEM_COLUMNS} exist"
            )
        cta_n = self.cta_tile_mnk[1]
        try:
            epi_m, epi_n = self.epi_tile_mn
        except (ValueError, AssertionError) as exc:
            out.append(f"no epilogue subtile fits CTA tile N {cta_n}: {exc}")
            return out
        if cta_n % epi_n:
            out.append(f"epilogue subtile N {epi_n} does not divide CTA tile N {cta_n}")
        if self.ab_stages < 2:
            out.append(
                f"only {self.ab_stages} A/B stage(s) of {self.ab_stage_bytes()} bytes fit in "
                f"{SMEM_CAPACITY_BYTES} bytes of SMEM; at least 2 are needed"
            )

        if mnkl is not None:
            out.extend(self._problem_reasons(mnkl))
        return out

    def _problem_reasons(self, mnkl: tuple) -> list:
        out = []
        if len(mnkl) != 4 or any(int(x) < 1 for x in mnkl):
            return [f"problem size {mnkl} must be four positive extents M,N,K,L"]
        m, n, k, _ = mnkl
        tensors = (
            ("A", self.ab_width, {"k": k, "m": m}[self.a_major], self.a_major),
            ("B", self.ab_width, {"k": k, "n": n}[self.b_major], self.b_major),
            ("D", self.out_width, {"n": n, "m": m}[self.d_major], self.d_major),
        )
        for name, width, extent, major in tensors:
            step = 128 // width
            if extent % step:
                out.append(
                    f"{name} is {major.upper()}-major: its contiguous extent {extent} must be a multiple "
                    f"of {step} elements (16 bytes) for TMA"
                )
        return out

    def can_implement(self, mnkl: Optional[tuple] = None) -> tuple:
        """(True, "") or (False, the reasons joined by '; ')."""
        why = self.reasons(mnkl)
        return (not why, "; ".join(why))
