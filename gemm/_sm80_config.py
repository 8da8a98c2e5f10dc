"""Compile-time configuration of the SM80 teaching GEMM, validated before anything is traced.

Kept free of `cutlass` imports so that the command line can reject a bad configuration (and choose
CUTE_DSL_ARCH) before the DSL is loaded.
"""

from __future__ import annotations

from dataclasses import dataclass

DTYPES = ("float16", "bfloat16")
TILE_MN = (32, 64, 128, 256)
TILE_K = (32, 64)
MAX_STAGES = 8
THREADS = 128
# The 16x8x16 atom tiled 2x2 over the 4 warps, with N doubled so one ldmatrix.x4 feeds a warp's B.
MMA_TILE_MNK = (32, 32, 16)
# 16-byte vectors: what cp.async, ldmatrix and the epilogue's coalesced stores all move at once.
VECTOR_ELEMS = 8
# Shared memory one SM80 block may claim (163 KB); Hopper allows more, the teaching kernel stays portable.
SMEM_LIMIT_BYTES = 163 * 1024


class ConfigError(ValueError):
    """A configuration value the kernel cannot be built with."""


@dataclass(frozen=True)
class Sm80Config:
    """Knobs of the kernel; every one is a compile-time constant.

    tile_mnk        CTA tile (BLK_M, BLK_N, BLK_K): the seed's 128x128x32 by default.
    stages          shared-memory buffers in the cp.async pipeline; 1 is the seed's serialised loop. 2 (double
                    buffering) measured fastest on an H100: 3-4% ahead of 3 and 4 stages (docs/sm80.md).
    smem_epilogue   stage the output tile through shared memory for 16-byte coalesced stores
                    (False: the seed's scattered per-element stores from the MMA fragment).
    ldmatrix        load MMA fragments from shared memory with ldmatrix.x4 (False: element copies).
    dtype           A and B element type; D has the same type, the accumulator is float32.
    """

    tile_mnk: tuple[int, int, int] = (128, 128, 32)
    stages: int = 2
    smem_epilogue: bool = True
    ldmatrix: bool = True
    dtype: str = "float16"

    def __post_init__(self) -> None:
        object.__setattr__(self, "tile_mnk", tuple(int(x) for x in self.tile_mnk))
        if len(self.tile_mnk) != 3:
            raise ConfigError(f"tile_mnk must have 3 values (BLK_M, BLK_N, BLK_K), got {self.tile_mnk}")
        blk_m, blk_n, blk_k = self.tile_mnk
        if blk_m not in TILE_MN:
            raise ConfigError(f"BLK_M must be one of {TILE_MN}, got {blk_m}")
        if blk_n not in TILE_MN:
            raise ConfigError(f"BLK_N must be one of {TILE_MN}, got {blk_n}")
        if blk_k not in TILE_K:
            raise ConfigError(f"BLK_K must be one of {TILE_K} (Swizzle<3,3,3> wants 64- or 128-byte rows), got {blk_k}")
        if not 1 <= self.stages <= MAX_STAGES:
            raise ConfigError(f"stages must be in 1..{MAX_STAGES}, got {self.stages}")
        if self.dtype not in DTYPES:
            raise ConfigError(f"dtype must be one of {DTYPES}, got {self.dtype!r}")
        if self.smem_bytes > SMEM_LIMIT_BYTES:
            raise ConfigError(
                f"tile {self.tile_mnk} with {self.stages} stages needs {self.smem_bytes} bytes of shared memory; "
                f"the limit is {SMEM_LIMIT_BYTES}: use fewer stages or a smaller tile"
            )

    def label(self) -> str:
        """Short name for tables: ``128x128x32 s2 ldsm smem-epi``."""
        parts = ["x".join(map(str, self.tile_mnk)), f"s{self.stages}"]
        parts.append("ldsm" if self.ldmatrix else "lds")
        parts.append("smem-epi" if self.smem_epilogue else "direct-epi")
        if self.dtype != "float16":
            parts.append(self.dtype)
        return " ".join(parts)

    @property
    def smem_bytes(self) -> int:
        """Bytes of shared memory: the A/B stages, or the D tile that later reuses them, if larger."""
        blk_m, blk_n, blk_k = self.tile_mnk
        mainloop = 2 * (blk_m + blk_n) * blk_k * self.stages
        epilogue = 2 * blk_m * blk_n if self.smem_epilogue else 0
        return max(mainloop, epilogue)

    @property
    def mma_reps(self) -> tuple[int, int, int]:
        """How often one thread repeats the 2x2-warp 16x8x16 atom over the CTA tile in M, N and K: the seed's
        "gemm() loops 4x in M, 8x in N, 2x in K" for 128x128x32 (M: 2 warps x 16 rows, N: 2 warps x 8 columns)."""
        blk_m, blk_n, blk_k = self.tile_mnk
        return blk_m // 32, blk_n // 16, blk_k // 16

    @property
    def copy_rows(self) -> int:
        """Rows one pass of the 128-thread gmem->smem copy covers: BLK_K/8 threads share a row."""
        return THREADS // (self.tile_mnk[2] // VECTOR_ELEMS)
