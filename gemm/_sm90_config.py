"""Tile configuration of the SM90 GEMM: the knobs the autotuner turns, and their validation.

A config names the CTA tile (M, N), the cluster shape (M, N), the persistent scheduler's rasterization and
the consumer schedule (cooperative or ping-pong).
Everything else (K tile, stage counts, warpgroup count, epilogue tile) is derived from it in
`gemm.sm90.Sm90Gemm`, so a config is small enough to key an on-disk cache.
"""
from __future__ import annotations

import re
from dataclasses import asdict, dataclass, replace

TILE_M_CHOICES = (64, 128, 192, 256)
# wgmma's N runs in steps of 8: any multiple of 8 from 32 to 256 (a width that is not a multiple of 16 stores
# its epilogue 8 columns at a time, stmatrix x2). Widths that are not multiples of 64 let the tile count land
# just under a whole number of waves (1024x14336 in 128x176 tiles: 656 tiles, 4.97 waves of 132 SMs), and
# widths of 8 more than a multiple of 16 let a mid-size M of the swapped problem pad less (344 rows in three
# tiles of 120, not 128: cuBLAS's 256x120; docs/sm90.md, twentieth session).
TILE_N_CHOICES = tuple(range(32, 257, 8))
# Clusters of eight (4x2, 2x4) share each tile of M four ways and each tile of N two ways: cuBLAS runs 128x160
# in 4x2 (its D^T) on 320x35840x5120 and 320x28672x4096 (thirteenth session).
CLUSTER_CHOICES = ((1, 1), (2, 1), (1, 2), (2, 2), (1, 4), (4, 1), (4, 2), (2, 4))
SWIZZLE_CHOICES = (1, 2, 4, 8)
# 5 lets six cluster tiles in 2x2 clusters fill exactly the 30 clusters of four an H100 holds, no run crossing a tile
# (`gemm._sm90_heuristic._split_in_clusters_of_four`).
SPLIT_K_CHOICES = (1, 2, 3, 4, 5, 6, 8, 16)
# The last-arrival fixup saves the parallel one's wait and count-out but makes one CTA read all its peers'
# partial sums. One process each (H100, fp16, docs/sm90.md, ninth session): it ran ahead where that read
# 36-112 KB (256x256x8192 64x48 split 4: 0.995x of cuBLAS against 0.912x; 768x768x8192 128x112 split 3:
# 0.947x against 0.914x) and behind at 336-448 KB (512x512x16384 128x128 split 8: 0.871x against 0.950x;
# 640x1280x20480 128x224 split 4: 0.930x against 0.955x). The bound is the largest read measured ahead.
LAST_ARRIVAL_MAX_BYTES = 112 * 1024
# A ping-pong warpgroup holds a whole tile's fp32 accumulators, a cooperative 256-row tile's warpgroup
# half of them: at most 192 registers of its 232.
PINGPONG_MAX_TILE_ELEMENTS = 128 * 192
# A cooperative tile's two consumer warpgroups take 64 rows each per wgmma; a 256-row tile repeats them
# over its second 128 rows (cuBLAS's 256x96..256x160 tiles of mid-size M problems, in its D^T).
COOPERATIVE_MMA_ROWS = 128
# A 192-row tile runs three consumer warpgroups of 64 rows each (cuBLAS's 192x144..192x208 tiles of
# mid-size M problems, its D^T). Its 512 threads launch at 128 registers each, and ptxas allocates every
# warp within that (setmaxnreg does not raise it): a 64x192 slice's 96 accumulators compile without
# spills, a 64x208 one's 104 do not compile (ptxas asks for 130).
THREE_WARPGROUP_ROWS = 192
THREE_WARPGROUP_MAX_WIDTH = 192
# Ping-pong epilogue subtiles are one wgmma tall.
PINGPONG_EPI_TILE_M = 64


# What `Sm90Config.label` writes, field by field in its order.
_LABEL = re.compile(
    r"(?P<tile_m>\d+)x(?P<tile_n>\d+) c(?P<cluster_m>\d+)x(?P<cluster_n>\d+) sw(?P<swizzle>\d+)(?P<order>[mn])"
    r"(?P<pp> pp)?(?P<sk> sk)?(?: split(?P<split_k>\d+))?(?P<kfwd> kfwd)?(?P<gpc> gpc)?(?P<swap> swap)?(?P<p16> p16)?(?P<last> last)?"
)


@dataclass(frozen=True)
class Sm90Config:
    """CTA tile and cluster of one SM90 GEMM compile.

    tile_m: rows of D per tile (cooperative: 64 is one consumer warpgroup, 128 two, 64 rows each, 192
        three, 256 two, 128 rows each in two wgmmas; ping-pong: one warpgroup's tile, 64 rows per wgmma, at most 128).
    tile_n: columns of D per tile (one wgmma instruction spans all of them): a multiple of 8 from 32 to
        256, and a multiple of 64 when B is N-major (its SMEM rows are 64 elements wide).
    cluster_m, cluster_n: CTAs per cluster; B is multicast along M, A along N.
    swizzle: clusters grouped along the raster direction by the persistent scheduler (L2 reuse).
    raster_along_m: walk clusters M-first (True) or N-first.
    pingpong: two consumer warpgroups own alternate tiles and take turns at the mainloop and the
        epilogue, so one's epilogue runs under the other's MMAs (False: they share one tile).
    stream_k: split the k-tiles of the last partial wave (and of the full wave before it when that tail
        is under half a wave) evenly over the clusters instead of leaving SMs idle; a tile cut into runs
        is summed through a global workspace by its participants together (cooperative schedule only).
    split_k: 1, or the number of runs each tile's k-tiles are cut into: the whole problem is shared out
        in min(clusters, tiles * split_k) equal runs of k-tiles, for problems of few tiles and long K
        (cooperative only, not with stream_k).
    serpentine_k: a cluster walks the k-tiles of its odd waves backwards, so that a wave starts on the
        A and B k-slices the wave before it read last, which are still in L2 (on the H100, 4096^3 reads
        134 MB from DRAM instead of 174; ahead or even in 17 of 20 timed pairs, docs/sm90.md).
    swap_ab: compute D^T = B A^T: the kernel runs with B as its A, A as its B and D^T (M-major where D
        is N-major) as its D, so every other field describes the transposed problem (tile_m runs along
        N, tile_n along M). A mid-size M then lands on wgmma's N, where tiles of 80, 96, 112... rows
        are legal (`gemm.sm90.make_gemm` swaps the operands; the kernel never sees this field).
    gpc_order: walk the tiles by a virtual cluster id that each cluster claims at launch from the GPC its
        first CTA sits in (`gemm._sm90_gpc`), so that consecutive tiles, which share a tile of one operand,
        go to clusters of one GPC (data-parallel only, not with stream_k or split_k).
    narrow_partials: a split tile's partial sums go through the workspace in D's dtype where D is 16-bit
        (two to a 32-bit word), not in fp32: half the fixup's bytes, for one more rounding of each partial
        sum to D's precision (stream-K and split-K only; an fp32 D keeps fp32 partials).
    last_arrival: sum every split tile by the unit that counts in last, however many bytes of its peers' partial
        sums it reads (split-K only; else only where those reads stay under `LAST_ARRIVAL_MAX_BYTES`).
    """

    tile_m: int = 128
    tile_n: int = 256
    cluster_m: int = 2
    cluster_n: int = 1
    swizzle: int = 1
    raster_along_m: bool = True
    pingpong: bool = False
    stream_k: bool = False
    serpentine_k: bool = True
    split_k: int = 1
    swap_ab: bool = False
    gpc_order: bool = False
    narrow_partials: bool = False
    last_arrival: bool = False

    def __post_init__(self):
        if self.tile_m not in TILE_M_CHOICES:
            raise ValueError(f"tile_m must be one of {TILE_M_CHOICES}, got {self.tile_m}")
        if self.tile_n not in TILE_N_CHOICES:
            raise ValueError(f"tile_n must be a multiple of 8 from 32 to 256, got {self.tile_n}")
        if (self.cluster_m, self.cluster_n) not in CLUSTER_CHOICES:
            raise ValueError(
                f"cluster (cluster_m, cluster_n) must be one of {CLUSTER_CHOICES}, "
                f"got {(self.cluster_m, self.cluster_n)}"
            )
        if self.swizzle not in SWIZZLE_CHOICES:
            raise ValueError(f"swizzle must be one of {SWIZZLE_CHOICES}, got {self.swizzle}")
        if self.pingpong and self.stream_k:
            raise ValueError("stream_k needs the cooperative schedule (pingpong=False)")
        if self.split_k not in SPLIT_K_CHOICES:
            raise ValueError(f"split_k must be one of {SPLIT_K_CHOICES}, got {self.split_k}")
        if self.split_k > 1 and (self.pingpong or self.stream_k):
            raise ValueError("split_k needs the cooperative schedule without stream_k")
        if self.narrow_partials and not self.splits_k:
            raise ValueError("narrow_partials needs stream_k or split_k (only split tiles have partial sums)")
        if self.last_arrival and self.split_k == 1:
            raise ValueError("last_arrival needs split_k (stream-K tiles are summed by all their participants)")
        if self.gpc_order and self.splits_k:
            raise ValueError("gpc_order walks whole tiles: not with stream_k or split_k")
        if self.tile_m == 256 and (self.pingpong or self.splits_k):
            raise ValueError("a 256-row tile needs the cooperative schedule without stream_k or split_k")
        if self.tile_m == 256 and self.tile_m // 2 * self.tile_n > PINGPONG_MAX_TILE_ELEMENTS:
            raise ValueError(
                f"a 256-row tile's warpgroups hold at most {PINGPONG_MAX_TILE_ELEMENTS} accumulators each "
                f"(256x192), got {self.tile_m}x{self.tile_n}"
            )
        if self.tile_m == THREE_WARPGROUP_ROWS and (self.pingpong or self.splits_k):
            raise ValueError("a 192-row tile needs the cooperative schedule without stream_k or split_k")
        if self.tile_m == THREE_WARPGROUP_ROWS and self.tile_n > THREE_WARPGROUP_MAX_WIDTH:
            raise ValueError(
                f"a 192-row tile is at most {THREE_WARPGROUP_MAX_WIDTH} wide (its 512 threads get 128 registers "
                f"each), got {self.tile_m}x{self.tile_n}"
            )
        if self.pingpong and self.tile_m * self.tile_n > PINGPONG_MAX_TILE_ELEMENTS:
            raise ValueError(
                f"a ping-pong tile holds at most {PINGPONG_MAX_TILE_ELEMENTS} elements (e.g. 128x192, "
                f"64x256), got {self.tile_m}x{self.tile_n}"
            )

    @property
    def epi_tile_m(self) -> int:
        """Rows per epilogue subtile: one wgmma's (ping-pong) or all consumer warpgroups' (cooperative)."""
        if self.pingpong:
            return PINGPONG_EPI_TILE_M
        return self.tile_m if self.tile_m == THREE_WARPGROUP_ROWS else min(self.tile_m, COOPERATIVE_MMA_ROWS)

    @property
    def mma_warpgroups(self) -> int:
        """Consumer warpgroups: three (a 192-row tile), two (ping-pong, or a cooperative tile of 128 or 256
        rows), or one."""
        return 2 if self.pingpong else self.epi_tile_m // 64

    @property
    def epi_tile_n(self) -> int:
        """Columns per epilogue subtile: 32, or 16 where 32 does not divide the tile, or 8 where 16 does not."""
        return next(width for width in (32, 16, 8) if self.tile_n % width == 0)

    @property
    def fixup_by_last(self) -> bool:
        """Whether a split tile is summed by the unit that counts in last, alone (else by all its
        participants, a share each, once they have all counted in: `gemm._sm90_schedule`). Split-K only,
        where the last unit's reads of its peers' fp32 sums stay small (`LAST_ARRIVAL_MAX_BYTES`), or with
        `last_arrival`."""
        return self.split_k > 1 and (
            self.last_arrival or (self.split_k - 1) * self.tile_m * self.tile_n * 4 <= LAST_ARRIVAL_MAX_BYTES)

    @property
    def splits_k(self) -> bool:
        """Whether some tiles' k-tiles are shared between clusters (stream-K or split-K)."""
        return self.stream_k or self.split_k > 1

    @property
    def uses_flags(self) -> bool:
        """Whether a launch needs the flags (and workspace) of `gemm.sm90.make_gemm`: split tiles' counters,
        or the GPC order's claims and SM map."""
        return self.splits_k or self.gpc_order

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
            f"sw{self.swizzle}{order}{' pp' if self.pingpong else ''}{' sk' if self.stream_k else ''}"
            f"{f' split{self.split_k}' if self.split_k > 1 else ''}"
            f"{'' if self.serpentine_k else ' kfwd'}"
            f"{' gpc' if self.gpc_order else ''}"
            f"{' swap' if self.swap_ab else ''}"
            f"{' p16' if self.narrow_partials else ''}"
            f"{' last' if self.last_arrival else ''}"
        )

    @classmethod
    def from_label(cls, text: str) -> "Sm90Config":
        """The config that `label` writes as `text` (e.g. "128x256 c2x1 sw1m split16 p16"): configs named on a
        command line (`gemm.bench --configs`)."""
        match = _LABEL.fullmatch(text.strip())
        if match is None:
            raise ValueError(
                f"config label must read like '128x256 c2x1 sw1m [pp] [sk] [splitN] [kfwd] [gpc] [swap] [p16] [last]' "
                f"(the flags in that order), got {text!r}"
            )
        g = match.groupdict()
        return cls(
            tile_m=int(g["tile_m"]), tile_n=int(g["tile_n"]), cluster_m=int(g["cluster_m"]),
            cluster_n=int(g["cluster_n"]), swizzle=int(g["swizzle"]), raster_along_m=g["order"] == "m",
            pingpong=bool(g["pp"]), stream_k=bool(g["sk"]), split_k=int(g["split_k"] or 1),
            serpentine_k=not g["kfwd"], gpc_order=bool(g["gpc"]), swap_ab=bool(g["swap"]),
            narrow_partials=bool(g["p16"]), last_arrival=bool(g["last"]),
        )

    def unswapped(self) -> "Sm90Config":
        """The config the kernel compiles: this one without `swap_ab` (the swap is done on the operands)."""
        return replace(self, swap_ab=False)


# The epilogue's staging ring: four buffers, or three where that frees the SMEM for one more mainloop
# stage (128x192 tiles: five stages instead of four; 512x6144x4096 then ran 0.97x of cuBLAS, not 0.93x).
EPI_STAGES = 4
# A ring of three stages keeps one k-tile of loads ahead of the MMAs (a stage is released a k-tile after its
# wgmmas are issued): where two staging buffers buy a fourth stage, the epilogue takes two (256x160, 256x176,
# 192x192 with a 16-bit D; cuBLAS runs its 256x152 in four stages). Two buffers: every subtile's store waits
# for the one before it to leave SMEM.
SHALLOW_RING = 4
MIN_EPI_STAGES = 2
# Small tiles take as many stages as SMEM holds: skinny problems are bound by reading B from DRAM, and
# the bytes in flight set the rate (64x4096x4096 in 64x32 tiles: 0.93x of cuBLAS with 8 stages,
# 0.98-1.00x with 16).
MAX_AB_STAGES = 16


def stage_counts(config: Sm90Config, *, tile_k: int, ab_width: int, d_width: int, smem_bytes: int) -> tuple:
    """(mainloop stages, epilogue staging buffers) that fit in `smem_bytes` of shared memory.

    >>> stage_counts(Sm90Config(128, 192), tile_k=64, ab_width=16, d_width=16, smem_bytes=231424)
    (5, 3)
    >>> stage_counts(Sm90Config(128, 256), tile_k=64, ab_width=16, d_width=16, smem_bytes=231424)
    (4, 4)
    >>> stage_counts(Sm90Config(256, 160, 1, 1), tile_k=64, ab_width=16, d_width=16, smem_bytes=231424)
    (4, 2)
    """
    ab_stage_bytes = (config.tile_m + config.tile_n) * tile_k * ab_width // 8
    epi_buffer_bytes = config.epi_tile_m * config.epi_tile_n * d_width // 8

    def ab_stages_beside(epi_stages):
        return min(MAX_AB_STAGES, (smem_bytes - epi_buffer_bytes * epi_stages) // ab_stage_bytes)

    epi_stages = EPI_STAGES
    if ab_stages_beside(EPI_STAGES - 1) > ab_stages_beside(EPI_STAGES):
        epi_stages = EPI_STAGES - 1
    if ab_stages_beside(epi_stages) < SHALLOW_RING and ab_stages_beside(MIN_EPI_STAGES) > ab_stages_beside(epi_stages):
        epi_stages = MIN_EPI_STAGES
    return ab_stages_beside(epi_stages), epi_stages


# 16-bit operands: a 128-byte swizzle row (one SMEM atom, one TMA box row) holds 64 elements.
_SWIZZLE_ROW = 64


def _tma_box(contiguous: int, strided: int, contiguous_is_mn: bool, row: int = _SWIZZLE_ROW):
    """(box, boxes per tile) of one TMA copy over a (contiguous, strided) SMEM tile.

    A K-major tile is one box (K by rows). An MN-major tile is cut into swizzle rows of `row`
    elements (128 bytes) along M (or N), one box each.
    """
    if contiguous_is_mn and contiguous > row:
        return (row, strided), contiguous // row
    return (contiguous, strided), 1


def _mn_mode(extent: int, mn_major: bool):
    """An M or N mode of an MN-major SMEM operand is split into swizzle rows: (64, extent / 64)."""
    if mn_major and extent > _SWIZZLE_ROW:
        return (_SWIZZLE_ROW, extent // _SWIZZLE_ROW)
    return extent


def shape_dims(config: Sm90Config, *, tile_k: int, ab_stages: int, epi_stages: int,
               a_major: str, b_major: str, d_major: str, ab_width: int = 16, d_width: int = 16) -> dict:
    """The extents every `expect` in `gemm.sm90` checks against, derived from the config alone.

    Names follow the kernel's shape comments: bM/bN/bK the CTA tile; MMA_* one consumer warpgroup's
    wgmma slice (64 rows, all of bN, 32 bytes of K per instruction); TMA_* one TMA box and the boxes per tile;
    EPI_* the epilogue subtiles; R2S/S2R the per-thread values of the stmatrix / C read-back copies.
    MN-major operands are 16-bit (wgmma reads 8-bit operands K-major only).
    """
    bm, bn, bk = config.tile_m, config.tile_n, tile_k
    # One wgmma reads 32 bytes of K: 16 elements of a 16-bit type, 32 of an 8-bit one.
    mma_k = 256 // ab_width
    epi_m, epi_n = config.epi_tile_m, config.epi_tile_n
    box_a, rest_a = _tma_box(bk if a_major == "k" else bm, bm if a_major == "k" else bk, a_major == "m")
    box_b, rest_b = _tma_box(bk if b_major == "k" else bn, bn if b_major == "k" else bk, b_major == "n")
    # A 32-bit D has 32 elements per 128-byte row, so its M-major TMA boxes are 32 rows tall.
    d_row = _SWIZZLE_ROW * 16 // d_width
    box_d, rest_d = _tma_box(epi_n if d_major == "n" else epi_m, epi_m if d_major == "n" else epi_n,
                             d_major == "m", row=d_row)
    # stmatrix x4 spans 16 columns of the warpgroup's 64 rows, x2 (a subtile of 8 columns) 8.
    atom_n = 16 if epi_n % 16 == 0 else 8
    if d_width == 16:
        # stmatrix: 8 (x4) or 4 (x2) values per thread over a slab of atom_n columns of the warpgroup's 64 rows.
        values = (2, 2, 2) if atom_n == 16 else (2, 2)
        store = dict(R2S_ATOM=atom_n // 2, R2S_ATOMS=bn // atom_n, R2S_M=1, R2S_N=epi_n // atom_n,
                     S2R_N=epi_n // atom_n, R2S_R=(values, 1), R2S_S=((2, 4), 1) if d_major == "n" else (8, 1),
                     S2R=(1, values), S2R_R=(1, atom_n // 2))
    elif d_major == "n":
        # A 32-bit D keeps stmatrix's value order but stores one element per copy: per 8-column
        # chunk, 2 columns x 2 rows (x2: the 2 rows as a mode of their own).
        store = dict(R2S_ATOM=1, R2S_ATOMS=bn // 2, R2S_M=1 if atom_n == 16 else 2, R2S_N=epi_n // 8,
                     S2R_N=epi_n // 8, R2S_R=(1, (2, 2)) if atom_n == 16 else (1, 2),
                     R2S_S=(1, (2, 2)) if atom_n == 16 else (1, 2),
                     S2R=(1, (2, 2)) if atom_n == 16 else (1, 2), S2R_R=(1, 4) if atom_n == 16 else (1, 2))
    else:
        values = (2, 2, 2) if atom_n == 16 else (2, 2)
        store = dict(R2S_ATOM=1, R2S_ATOMS=bn // 2, R2S_M=1, R2S_N=epi_n // atom_n, S2R_N=epi_n // atom_n,
                     R2S_R=(1, values), R2S_S=(1, values), S2R=(1, values), S2R_R=(1, atom_n // 2))
    return dict(
        bM=bm, bN=bn, bK=bk,
        AB_STAGE=ab_stages, EPI_STAGE=epi_stages,
        MMA_M=64, MMA_N=_mn_mode(bn, b_major == "n"), MMA_K=mma_k,
        # A ping-pong warpgroup walks its whole tile 64 rows at a time, a 256-row tile's warpgroups
        # their two 64-row slices.
        MMA_RestM=bm // 64 if config.pingpong else bm // config.epi_tile_m, MMA_RestN=1, MMA_RestK=bk // mma_k,
        # wgmma accumulators per thread: 2 columns x 2 rows (8 apart) per 8-column chunk of N.
        ACC=(2, 2, bn // 8),
        TMA_A=box_a, TMA_RestA=rest_a, TMA_A_SMEM=box_a[0] * box_a[1],
        TMA_B=box_b, TMA_RestB=rest_b, TMA_B_SMEM=box_b[0] * box_b[1],
        TMA_D=box_d, TMA_RestD=rest_d, TMA_D_SMEM=box_d[0] * box_d[1],
        EPI_TILE_M=epi_m, EPI_TILE_N=epi_n, EPI_RestM=bm // epi_m, EPI_RestN=bn // epi_n,
        **store,
    )
