"""Tile configuration of the SM90 GEMM: the knobs the autotuner turns, and their validation.

A config names the CTA tile (M, N), the cluster shape (M, N) and the persistent scheduler's rasterization.
Everything else (K tile, stage counts, warpgroup count, epilogue tile) is derived from it in
`gemm.sm90.Sm90Gemm`, so a config is small enough to key an on-disk cache.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass

TILE_M_CHOICES = (64, 128)
TILE_N_CHOICES = (64, 128, 192, 256)
CLUSTER_CHOICES = ((1, 1), (2, 1), (1, 2), (2, 2))
SWIZZLE_CHOICES = (1, 2, 4, 8)


@dataclass(frozen=True)
class Sm90Config:
    """CTA tile and cluster of one SM90 GEMM compile.

    tile_m: rows of D per CTA (64: one consumer warpgroup; 128: two, 64 rows each).
    tile_n: columns of D per CTA (one wgmma instruction spans all of them).
    cluster_m, cluster_n: CTAs per cluster; B is multicast along M, A along N.
    swizzle: clusters grouped along the raster direction by the persistent scheduler (L2 reuse).
    raster_along_m: walk clusters M-first (True) or N-first.
    """

    tile_m: int = 128
    tile_n: int = 256
    cluster_m: int = 2
    cluster_n: int = 1
    swizzle: int = 1
    raster_along_m: bool = True

    def __post_init__(self):
        if self.tile_m not in TILE_M_CHOICES:
            raise ValueError(f"tile_m must be one of {TILE_M_CHOICES}, got {self.tile_m}")
        if self.tile_n not in TILE_N_CHOICES:
            raise ValueError(f"tile_n must be one of {TILE_N_CHOICES}, got {self.tile_n}")
        if (self.cluster_m, self.cluster_n) not in CLUSTER_CHOICES:
            raise ValueError(
                f"cluster (cluster_m, cluster_n) must be one of {CLUSTER_CHOICES}, "
                f"got {(self.cluster_m, self.cluster_n)}"
            )
        if self.swizzle not in SWIZZLE_CHOICES:
            raise ValueError(f"swizzle must be one of {SWIZZLE_CHOICES}, got {self.swizzle}")

    @property
    def cluster_size(self) -> int:
        return self.cluster_m * self.cluster_n

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict) -> "Sm90Config":
        return cls(**d)

    def label(self) -> str:
        order = "m" if self.raster_along_m else "n"
        return (
            f"{self.tile_m}x{self.tile_n} c{self.cluster_m}x{self.cluster_n} "
            f"sw{self.swizzle}{order}"
        )
