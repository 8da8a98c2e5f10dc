"""SM90 GEMM on a Hopper GPU: fresh random inputs, NaN-poisoned outputs, relative Frobenius error vs fp32."""
import json

import pytest

try:
    import torch
except ImportError:  # collected all the same: conftest.py skips every gpu test without torch, saying why
    torch = None

pytestmark = pytest.mark.gpu

TOL = {"fp16": 2e-3, "bf16": 8e-3}


def _hopper():
    return torch.cuda.is_available() and torch.cuda.get_device_capability() == (9, 0)


@pytest.fixture(autouse=True)
def _need_hopper():
    if not _hopper():
        pytest.skip("needs a Hopper (sm_90) GPU")


def _operands(m, n, k, l, dtype, *, a_major="k", b_major="k", d_major="n"):
    """Random (L, M, K) / (L, N, K) operands and a NaN (L, M, N) output in the requested majorness."""
    from gemm._common import torch_dtype

    dt = torch_dtype(dtype)

    def make(rows, cols, contiguous_cols, fill=None):
        shape = (l, rows, cols) if contiguous_cols else (l, cols, rows)
        t = torch.randn(*shape, device="cuda", dtype=dt) if fill is None else torch.full(shape, fill, device="cuda", dtype=dt)
        t = t if contiguous_cols else t.mT
        return t if l > 1 else t[0]

    a = make(m, k, a_major == "k")
    b = make(n, k, b_major == "k")
    d = make(m, n, d_major == "n", fill=float("nan"))
    return a, b, d


def _check(d, ref, dtype):
    from gemm._common import rel_frobenius_error

    err = rel_frobenius_error(d, ref)
    assert err < TOL[dtype], f"relative Frobenius error {err:.3e} >= {TOL[dtype]}"


def _three_launches_match(mnkl, config, dtype):
    """Launch one launcher three times on NaN-poisoned output: a split tile's flags or counters that do not come
    back to zero after a launch break the next one."""
    from gemm._common import reference
    from gemm.sm90 import make_gemm

    a, b, d = _operands(*mnkl, dtype)
    run = make_gemm(a, b, d, config=config)
    ref = reference(a, b)
    for _ in range(3):
        d.fill_(float("nan"))
        run()
        torch.cuda.synchronize()
        _check(d, ref, dtype)


@pytest.mark.parametrize("dtype", ["fp16", "bf16"])
@pytest.mark.parametrize(
    "mnkl",
    [
        (4096, 4096, 4096, 1),  # square
        (4000, 4096, 4096, 1),  # ragged M
        (4096, 4096, 4000, 1),  # ragged K
        (1, 4096, 4096, 1),  # one row
        (64, 8192, 1024, 1),  # small M
        (520, 392, 328, 3),  # batched, every extent ragged
    ],
)
def test_problem_shapes(mnkl, dtype):
    from gemm._common import reference
    from gemm.sm90 import make_gemm

    a, b, d = _operands(*mnkl, dtype)
    make_gemm(a, b, d)()
    torch.cuda.synchronize()
    _check(d, reference(a, b), dtype)


@pytest.mark.parametrize(
    "majors", [("m", "k", "n"), ("k", "n", "n"), ("m", "n", "m"), ("k", "k", "m")], ids=lambda m: "".join(m)
)
def test_operand_majors(majors):
    from gemm._common import reference
    from gemm.sm90 import make_gemm

    a, b, d = _operands(1000, 776, 512, 2, "fp16", a_major=majors[0], b_major=majors[1], d_major=majors[2])
    make_gemm(a, b, d)()
    torch.cuda.synchronize()
    _check(d, reference(a, b), "fp16")


@pytest.mark.parametrize("dtype", ["fp16", "bf16"])
@pytest.mark.parametrize("epilogue", [None, "relu", "gelu"])
def test_alpha_beta_epilogue(dtype, epilogue):
    from gemm._common import reference
    from gemm.sm90 import make_gemm

    a, b, d = _operands(1000, 1536, 768, 2, dtype)
    c = torch.randn_like(d)
    make_gemm(a, b, d, c=c, alpha=0.5, beta=-1.25, epilogue=epilogue)()
    torch.cuda.synchronize()
    _check(d, reference(a, b, c=c, alpha=0.5, beta=-1.25, epilogue=epilogue), dtype)


@pytest.mark.parametrize("d_major", ["n", "m"])
def test_fp32_output(d_major):
    """fp32 D (element-wise SMEM stores instead of stmatrix), with an fp32 C."""
    from gemm._common import reference
    from gemm.sm90 import make_gemm

    a, b, _ = _operands(1000, 776, 512, 2, "bf16")
    shape = (2, 1000, 776) if d_major == "n" else (2, 776, 1000)
    d = torch.full(shape, float("nan"), device="cuda", dtype=torch.float32)
    d = d if d_major == "n" else d.mT
    c = torch.randn_like(d)
    make_gemm(a, b, d, c=c, alpha=1.5, beta=0.25)()
    torch.cuda.synchronize()
    _check(d, reference(a, b, c=c, alpha=1.5, beta=0.25), "fp16")


@pytest.mark.parametrize(
    "a_dtype,b_dtype,with_c",
    [("e4m3", "e4m3", False), ("e5m2", "e5m2", True), ("e4m3", "e5m2", False)],
)
def test_fp8_inputs(a_dtype, b_dtype, with_c):
    """fp8 operands (exact after rounding from randn) into a bf16 D; K-major only."""
    from gemm._common import reference, torch_dtype
    from gemm.sm90 import make_gemm

    a = torch.randn(2, 1000, 1024, device="cuda").to(torch_dtype(a_dtype))
    b = torch.randn(2, 776, 1024, device="cuda").to(torch_dtype(b_dtype))
    d = torch.full((2, 1000, 776), float("nan"), device="cuda", dtype=torch.bfloat16)
    c = torch.randn_like(d) if with_c else None
    make_gemm(a, b, d, c=c, alpha=0.5, beta=2.0, epilogue="relu")()
    torch.cuda.synchronize()
    _check(d, reference(a, b, c=c, alpha=0.5, beta=2.0, epilogue="relu"), "bf16")


def test_epilogue_without_c():
    from gemm._common import reference
    from gemm.sm90 import make_gemm

    a, b, d = _operands(777, 1024, 512, 1, "bf16")
    make_gemm(a, b, d, alpha=2.0, epilogue="relu")()
    torch.cuda.synchronize()
    _check(d, reference(a, b, alpha=2.0, epilogue="relu"), "bf16")
    assert (d >= 0).all()


@pytest.mark.parametrize(
    "config",
    [
        dict(tile_m=128, tile_n=256, cluster_m=2, cluster_n=1),
        dict(tile_m=128, tile_n=256, cluster_m=1, cluster_n=2),
        dict(tile_m=128, tile_n=128, cluster_m=2, cluster_n=2),
        dict(tile_m=128, tile_n=192, cluster_m=2, cluster_n=1, swizzle=4),
        dict(tile_m=64, tile_n=128, cluster_m=1, cluster_n=1),
        dict(tile_m=64, tile_n=256, cluster_m=1, cluster_n=2, raster_along_m=False),
        dict(tile_m=128, tile_n=128, cluster_m=2, cluster_n=1, pingpong=True),
        dict(tile_m=128, tile_n=192, cluster_m=1, cluster_n=2, swizzle=8, pingpong=True),
        dict(tile_m=64, tile_n=256, cluster_m=2, cluster_n=2, raster_along_m=False, pingpong=True),
        dict(tile_m=64, tile_n=64, cluster_m=1, cluster_n=1, pingpong=True),
        # the narrow cooperative tiles the heuristic picks for skinny problems
        dict(tile_m=64, tile_n=64, cluster_m=1, cluster_n=1),
        dict(tile_m=128, tile_n=64, cluster_m=2, cluster_n=1),
        # widths that are not multiples of 64 (16-column epilogue subtiles where 32 does not divide)
        dict(tile_m=128, tile_n=176, cluster_m=2, cluster_n=1),
        dict(tile_m=128, tile_n=224, cluster_m=1, cluster_n=2, swizzle=4, raster_along_m=False),
        dict(tile_m=64, tile_n=112, cluster_m=1, cluster_n=1),
        dict(tile_m=64, tile_n=32, cluster_m=1, cluster_n=1),
        dict(tile_m=64, tile_n=48, cluster_m=2, cluster_n=1),
        dict(tile_m=128, tile_n=80, cluster_m=2, cluster_n=1, pingpong=True),
        # clusters of four: A multicast to four CTAs along N (15 column tiles, one empty), B along M
        dict(tile_m=128, tile_n=128, cluster_m=1, cluster_n=4),
        dict(tile_m=64, tile_n=96, cluster_m=4, cluster_n=1, raster_along_m=False),
        # 256-row tiles: two wgmmas per consumer warpgroup, two rows of epilogue subtiles
        dict(tile_m=256, tile_n=96, cluster_m=1, cluster_n=1),
        dict(tile_m=256, tile_n=176, cluster_m=2, cluster_n=1, raster_along_m=False),
        dict(tile_m=256, tile_n=144, cluster_m=1, cluster_n=2),
        # 192-row tiles: three consumer warpgroups, one 192-row row of epilogue subtiles
        dict(tile_m=192, tile_n=192, cluster_m=2, cluster_n=1),
        dict(tile_m=192, tile_n=144, cluster_m=1, cluster_n=2, raster_along_m=False),
        dict(tile_m=192, tile_n=192, cluster_m=1, cluster_n=2),
        dict(tile_m=192, tile_n=80, cluster_m=1, cluster_n=1),
        # clusters of eight: A multicast to two CTAs along N and B to four along M, and the transpose
        dict(tile_m=128, tile_n=160, cluster_m=4, cluster_n=2, raster_along_m=False),
        dict(tile_m=128, tile_n=128, cluster_m=2, cluster_n=4),
        # K walked forward on every wave (the default walks odd waves backwards)
        dict(tile_m=128, tile_n=256, cluster_m=2, cluster_n=1, serpentine_k=False),
        dict(tile_m=128, tile_n=128, cluster_m=2, cluster_n=1, pingpong=True, serpentine_k=False),
    ],
    ids=lambda c: "-".join(str(v) for v in c.values()),
)
def test_configs(config):
    from gemm._common import reference
    from gemm.sm90 import make_gemm

    a, b, d = _operands(1272, 1800, 1000, 2, "fp16")
    make_gemm(a, b, d, config=config)()
    torch.cuda.synchronize()
    _check(d, reference(a, b), "fp16")


@pytest.mark.parametrize("tile_n", [208, 96, 120])
@pytest.mark.parametrize("d_major, out", [("n", "fp16"), ("m", "bf16"), ("n", "fp32"), ("m", "fp32")])
def test_odd_widths_through_every_store_path(tile_n, d_major, out):
    """A 208-wide tile stores 16-column subtiles, a 96-wide one three 32-column ones, a 120-wide one 8-column
    ones (stmatrix x2): with C, alpha, beta
    and gelu, into 16- and 32-bit D of either majorness, on a ragged batched problem (M a multiple of 8:
    an M-major D needs 16-byte strides)."""
    from gemm._common import reference
    from gemm.sm90 import make_gemm

    out_dtype = {"fp16": torch.float16, "bf16": torch.bfloat16, "fp32": torch.float32}[out]
    a, b, _ = _operands(336, 1000, 520, 2, "bf16" if out == "bf16" else "fp16")
    d = torch.full((2, 336, 1000) if d_major == "n" else (2, 1000, 336), float("nan"), device="cuda",
                   dtype=out_dtype)
    d = d if d_major == "n" else d.mT
    c = torch.randn_like(d)
    config = dict(tile_m=128, tile_n=tile_n, cluster_m=2, cluster_n=1)
    make_gemm(a, b, d, c=c, alpha=0.5, beta=1.5, epilogue="gelu", config=config)()
    torch.cuda.synchronize()
    _check(d, reference(a, b, c=c, alpha=0.5, beta=1.5, epilogue="gelu"), "bf16" if out == "bf16" else "fp16")


def test_chained_launches_wait_for_their_inputs():
    """Each GEMM is launched as a programmatic dependent of the kernel before it, so its setup runs under
    that kernel's tail: the second GEMM reads the first one's D (and the third the second's) and must
    still see every value written, with no synchronisation between the launches."""
    from gemm._common import reference
    from gemm.sm90 import make_gemm

    x = torch.randn(2048, 4096, device="cuda", dtype=torch.float16)
    w = [torch.randn(4096, 4096, device="cuda", dtype=torch.float16) / 64 for _ in range(3)]
    h = [torch.full((2048, 4096), float("nan"), device="cuda", dtype=torch.float16) for _ in range(3)]
    runs = [make_gemm(src, wi, dst) for src, wi, dst in zip([x, h[0], h[1]], w, h)]
    for _ in range(3):
        for t in h:
            t.fill_(float("nan"))
        for run in runs:
            run()
        torch.cuda.synchronize()
        # A read of an input before its producer wrote it would see the NaN poison.
        for src, wi, got in zip([x, h[0], h[1]], w, h):
            _check(got, reference(src, wi), "fp16")


PINGPONG = dict(tile_m=128, tile_n=128, cluster_m=2, cluster_n=1, pingpong=True)


@pytest.mark.parametrize("dtype", ["fp16", "bf16"])
@pytest.mark.parametrize("d_major", ["n", "m"])
def test_pingpong_with_c_and_many_tiles_per_cta(dtype, d_major):
    """Ping-pong over several turns per warpgroup (5 or 6 tiles per CTA, so CTAs end on either
    warpgroup), with C read through the staging buffers the two warpgroups share."""
    from gemm._common import reference
    from gemm.sm90 import make_gemm

    a, b, d = _operands(4000, 3000, 512, 1, dtype, d_major=d_major)
    c = torch.randn_like(d)
    make_gemm(a, b, d, c=c, alpha=0.75, beta=0.5, epilogue="gelu", config=PINGPONG)()
    torch.cuda.synchronize()
    _check(d, reference(a, b, c=c, alpha=0.75, beta=0.5, epilogue="gelu"), dtype)


STREAM_K = dict(tile_m=128, tile_n=256, cluster_m=2, cluster_n=1, stream_k=True)


@pytest.mark.parametrize(
    "mnkl, config",
    [
        # 58 cluster tiles after 3 full waves: the tail alone is split, each tile in two or three runs
        ((4096, 4096, 4096, 1), STREAM_K),
        ((4000, 4096, 4000, 1), STREAM_K),  # ragged M and K
        # 34 tiles past 15 waves: the tail alone; its runs are about half a tile long
        ((8192, 8192, 8192, 1), STREAM_K),
        # 4 cluster tiles for 66 clusters: each tile cut into about 16 runs, one finisher per tile
        ((512, 512, 4096, 1), STREAM_K),
        # three k-tiles per tile, runs of two or three: most tiles have a finisher and one peer
        ((4096, 4096, 192, 1), STREAM_K),
        ((520, 392, 3280, 3), STREAM_K),  # batched, ragged
        ((1, 4096, 4096, 1), STREAM_K),  # one row
        # a tail of 6 cluster tiles takes the full wave before it along: runs of 1.1 tiles, some
        # covering the end of one tile, a whole tile and the start of a third
        ((5376, 4096, 2048, 1), dict(STREAM_K, cluster_m=1, cluster_n=2, swizzle=1, raster_along_m=False)),
        ((4096, 4096, 4096, 1), dict(STREAM_K, cluster_n=2, swizzle=4)),
        ((2048, 2048, 8192, 1), dict(STREAM_K, tile_n=128, cluster_m=1)),
        # 4 tiles cut into 16 runs each: more participants than subtiles, most store none
        ((256, 256, 8192, 1), dict(STREAM_K, tile_n=128)),
        # a 176-wide tile: 11 subtiles of 16 columns shared out among the participants
        ((1000, 1800, 2048, 1), dict(STREAM_K, tile_n=176)),
    ],
    ids=lambda x: "x".join(map(str, x)) if isinstance(x, tuple) else "-".join(f"{k}{v}" for k, v in x.items()),
)
def test_stream_k(mnkl, config):
    """Every run of a split tile lands once: three launches in a row (the flags must come back to zero
    after each) all match the reference."""
    _three_launches_match(mnkl, config, "fp16")


SPLIT_K = dict(tile_m=64, tile_n=128, cluster_m=1, cluster_n=1, split_k=4)


@pytest.mark.parametrize(
    "mnkl, config",
    [
        ((64, 4096, 4096, 1), SPLIT_K),  # 32 tiles in exactly four runs each
        ((128, 4096, 14336, 1), dict(SPLIT_K, cluster_m=2)),  # 64 tiles, 2x1 clusters: 33 runs per 16 tiles
        ((100, 1000, 3000, 1), dict(SPLIT_K, split_k=3)),  # ragged M, N and K
        # 16 tiles, 132 runs of 15-16 k-tiles: eight or nine participants per tile of two subtiles
        ((256, 256, 8192, 1), dict(SPLIT_K, tile_n=64, split_k=16)),
        ((1, 4096, 4096, 1), dict(SPLIT_K, tile_n=256, cluster_n=2, split_k=8)),  # one row, 1x2 clusters
        ((200, 520, 3280, 3), dict(SPLIT_K, split_k=6)),  # batched, ragged
        ((512, 4096, 512, 1), dict(SPLIT_K, split_k=2)),  # more runs wanted than clusters: runs cross tiles
        ((4096, 4096, 1024, 1), dict(SPLIT_K, tile_m=128, tile_n=256, cluster_m=2, split_k=2)),  # many waves
        ((128, 4000, 6000, 1), dict(SPLIT_K, tile_n=112, cluster_m=2, split_k=3)),  # 7 subtiles of 16 columns
    ],
    ids=lambda x: "x".join(map(str, x)) if isinstance(x, tuple) else "-".join(f"{k}{v}" for k, v in x.items()),
)
def test_split_k(mnkl, config):
    """Split-K's participants sum each tile together: three launches in a row (the counters must come
    back to zero after each) all match the reference."""
    _three_launches_match(mnkl, config, "bf16")


@pytest.mark.parametrize(
    "mnkl, label",
    [
        ((320, 5120, 5120, 1), "128x112 c4x1 sw1m swap"),  # three narrow tiles of M, each shared four ways
        ((384, 384, 12288, 1), "64x80 c2x1 sw1m split4 p16"),  # split over K, summed by the last to arrive
        ((384, 5120, 13824, 1), "128x128 c1x4 sw1m"),  # three row tiles at a long K: A shared four ways
        ((256, 256, 8192, 1), "64x48 c2x1 sw1m split4 p16"),  # narrow tiles from 48 wide, N ragged in them
        ((32, 4096, 14336, 1), "64x64 c1x1 sw1m split2 p16"),  # skinny: 64 wide, split where that halves the CTAs
        ((1024, 4096, 128, 9), "128x128 c2x1 sw1m pp"),  # many waves of two k-tiles: 128x128 ping-pong
        ((77, 4096, 4096, 1), "64x48 c1x2 sw1m swap"),  # skinny, swapped: 64 rows of N by half of M
        ((512, 512, 16384, 1), "128x128 c2x1 sw1m split8 p16"),  # 448 KB of peers' sums: the parallel fixup
        ((800, 896, 8192, 1), "128x224 c1x1 sw1m split4 p16"),  # split over seven ragged row tiles: unpaired
        ((808, 11008, 2048, 1), "256x136 c1x2 sw1n swap"),  # short K, three pairs of M tiles: 256 rows of N
        ((320, 4096, 4096, 1), "128x80 c1x2 sw1m swap"),  # mid M on wgmma's N: D^T in 80-row tiles of M
        ((272, 4096, 4096, 1), "64x144 c1x2 sw1m swap"),  # 64 rows of N by 144 of M
        ((192, 4096, 8192, 1), "64x96 c1x2 sw1m swap"),  # swapped in place of split-K
        ((544, 8192, 8192, 1), "256x136 c1x2 sw1m swap"),  # one wave of 256-row tiles, in place of unpaired, 136 wide
        ((416, 10240, 8192, 1), "256x144 c1x1 sw1m swap"),  # 256 rows of N by a third of M, one wave
        ((600, 11008, 4096, 1), "128x200 c2x1 sw1n swap"),  # two waves, walked N-first, three tiles of 200
        ((392, 14336, 4096, 1), "128x200 c1x2 sw1n swap"),  # two waves of pairs, N-first
        ((552, 14336, 1024, 1), "128x192 c4x1 sw1n pp gpc swap"),  # waves of clusters of four, N-first
        ((336, 18432, 1024, 1), "256x112 c2x1 sw1n gpc swap"),  # ... 256 rows of N where M is three tiles of 112
        ((352, 29568, 1024, 1), "256x176 c1x2 sw1n swap"),  # in place of unpaired tiles that pad M; 256 rows at K 512-2047
        ((384, 2048, 7168, 8), "256x192 c1x2 sw1m swap"),  # batched: one wave over all batches
        ((200, 6144, 1024, 8), "128x208 c2x1 sw1n swap"),  # batched: waves, each batch walked N-first
        ((336, 6144, 512, 24), "128x176 c1x2 sw1n pp swap"),  # batched, many waves: in place of 2x1 padding
        ((1536, 3072, 1024, 1), "256x144 c1x2 sw1m"),  # one wave of 256-row tiles for two of 128
        ((1536, 3584, 1024, 1), "256x176 c2x1 sw1m"),  # ... paired along M where the columns do not pair
        ((320, 35840, 1024, 1), "192x160 c1x2 sw1n swap"),  # 192 rows of N where 128 end on a thin wave
        ((672, 18944, 512, 1), "192x176 c1x2 sw1n swap"),  # ... and 176 wide
        ((256, 2112, 7168, 1), "64x64 c1x2 sw1m swap"),  # 64 wide where 80 pads M
        ((600, 5120, 8192, 1), "128x200 c4x1 sw1n gpc swap"),  # long K, odd count of wide M tiles: 4x1
        ((808, 7168, 512, 1), "128x208 c1x2 sw1n swap"),  # past 768 rows in place of unpaired tiles
        ((320, 43008, 1024, 1), "128x160 c1x2 sw1n sk swap"),  # swapped pairs, stream-K on a thin last wave
        ((424, 6144, 8192, 1), "192x112 c1x2 sw1m swap"),  # long K: one wave of 192-row pairs, not 128x224
        ((664, 6144, 8192, 1), "192x168 c1x2 sw1m swap"),  # ... not 256x144 unpaired; 168 wide
        ((200, 14336, 8192, 1), "128x200 c4x1 sw1n swap"),  # long K, unswapped rows pad M: 4x1
        ((376, 2048, 512, 16), "128x192 c1x2 sw1n pp swap"),  # batched: pairs over waves, not unpaired tiles
        ((280, 32768, 6144, 1), "256x144 c1x2 sw1n swap"),  # long K: 256-row pairs in two waves for four of 128
        ((4096, 2304, 8192, 1), "192x192 c2x1 sw1m"),  # long K, past 768 rows: 192 rows in two waves for three
        ((2048, 4608, 8192, 1), "192x192 c1x2 sw1m"),  # ... paired along N where the 11 row tiles do not pair
        ((296, 5120, 8192, 1), "128x104 c4x1 sw1n gpc swap"),  # long K: narrow 4x1 where 1x4 computes 384 rows
        ((1112, 9216, 1024, 1), "256x160 c2x1 sw1n swap"),  # past the swap rows: 256 rows of N paired, not 1x1
        ((1200, 3584, 2048, 1), "256x136 c2x1 sw1n swap"),  # ... in one wave, trimmed from K = 2048
        ((1544, 4096, 1024, 1), "128x208 c1x2 sw1m"),  # unswapped, an odd count of row tiles: paired along N
        ((1536, 128, 512, 24), "64x128 c2x1 sw1m"),  # N = 128 batched: 64 rows by all of N, not 128x64
        ((3001, 6144, 1024, 1), "256x192 c2x1 sw1n swap"),  # ragged M past 768 rows: swapped by area
        ((2555, 2560, 2048, 1), "128x200 c2x1 sw1n swap"),  # M in 13 tiles of 200 (8 more than a multiple of 16)
        ((1112, 9240, 1024, 1), "192x144 c1x2 sw1n swap"),  # an odd count of 192-row tiles of N: paired along M
        ((160, 2048, 16384, 1), "128x160 c2x1 sw1n split8 swap p16"),  # swapped split-K where unswapped pads M
        ((48, 1024, 512, 6), "128x48 c2x1 sw1m swap"),  # batched, at most 128 rows: all of M in one tile's width
        ((20, 640, 328, 3), "128x32 c1x1 sw1m swap"),  # ... 20 rows in a 32-wide tile, five weight tiles unpaired
        ((120, 1536, 1000, 5), "128x120 c2x1 sw1m swap"),  # ... 120 wide, K ragged
        ((768, 512, 16384, 1), "128x128 c2x2 sw1m split5 p16"),  # narrow split over three row pairs: 2x2, 30 runs
        ((96, 2000, 32768, 1), "128x128 c1x2 sw1m split8 p16"),  # skinny M, very long K: one 128-row tile split
        ((744, 7680, 5120, 1), "128x176 c2x1 sw1m pp"),  # two tiles per SM: ping-pong, 176 wide, rows ragged
        ((1900, 24576, 4096, 1), "128x256 c1x2 sw8m sk"),  # many waves, 15 row tiles: stream-K paired along N
        ((1152, 1152, 11664, 1), "128x192 c1x1 sw1m split2 p16"),  # split-K over a width that cuts N, not 176
        ((640, 14848, 16384, 1), "128x192 c1x2 sw1m pp"),  # whole unpaired row tiles at a long K: not 4x1 swapped
        ((2222, 20480, 1024, 1), "128x256 c2x1 sw1n swap"),  # many waves over 18 row tiles, M ragged: swapped
        ((3000, 14336, 1000, 1), "128x256 c2x1 sw1n sk swap"),  # ... stream-K on a thin last wave, K ragged
    ],
    ids=lambda x: "x".join(map(str, x)) if isinstance(x, tuple) else x.replace(" ", "-"),
)
def test_heuristic_configs_compute_right(mnkl, label):
    """The configs the untuned heuristic picks under issue 27's rules compute the product, three
    launches in a row (split tiles' counters must come back to zero)."""
    from gemm.sm90 import default_config

    config = default_config(*mnkl)
    assert config.label() == label
    _three_launches_match(mnkl, config, "bf16")


GPC = dict(tile_m=256, tile_n=128, raster_along_m=False, swap_ab=True, gpc_order=True)


@pytest.mark.parametrize(
    "mnkl, config",
    [
        ((344, 18432, 1024, 1), GPC),  # 2x1 clusters, the mid-M problem it is for: a wave and a half
        ((584, 8192, 1024, 1), dict(GPC, tile_m=128, tile_n=160, cluster_m=1, cluster_n=2)),  # pairs along M
        ((456, 8192, 1024, 1), dict(GPC, tile_m=128, tile_n=160, cluster_m=4)),  # clusters of four
        ((1000, 3000, 1000, 1), dict(tile_n=128, cluster_m=1, gpc_order=True)),  # clusters of one CTA, not swapped
        ((336, 1024, 1024, 1), GPC),  # 12 tiles: fewer clusters than the GPU holds, most ids of no range
        ((520, 392, 328, 3), dict(tile_n=128, gpc_order=True)),  # batched, every extent ragged
    ],
    ids=lambda x: "x".join(map(str, x)) if isinstance(x, tuple) else "-".join(f"{k}{v}" for k, v in x.items()),
)
def test_gpc_order(mnkl, config):
    """Every cluster claims one virtual id, all CTAs of a cluster the same: three launches in a row (the
    claims must come back to zero after each) cover every tile once."""
    _three_launches_match(mnkl, config, "fp16")


@pytest.mark.parametrize(
    "mnkl, config",
    [
        ((344, 4608, 1000, 1), dict(GPC, tile_n=120)),  # three tiles of 120 rows of M, 2x1, GPC order, K ragged
        ((584, 4096, 520, 1), dict(GPC, tile_m=128, tile_n=152, cluster_m=1, cluster_n=2, gpc_order=False)),
        ((200, 1000, 328, 3), dict(GPC, tile_m=128, tile_n=200, cluster_m=4)),  # batched, every extent ragged
        ((1000, 3000, 1000, 1), dict(tile_n=136, cluster_m=1)),  # not swapped: N in 136-column tiles
    ],
    ids=lambda x: "x".join(map(str, x)) if isinstance(x, tuple) else "-".join(f"{k}{v}" for k, v in x.items()),
)
def test_widths_of_eight_more_than_a_multiple_of_sixteen(mnkl, config):
    """Tiles 120, 152, 200 and 136 wide (wgmma N in steps of 8, 8-column epilogue subtiles, stages of an odd
    number of swizzle atoms): three launches in a row on NaN-poisoned output."""
    _three_launches_match(mnkl, config, "bf16")


@pytest.mark.parametrize(
    "groups",
    [
        (tuple(range(132)),),  # every SM in one group: one range of every id
        tuple((sm, sm + 66) for sm in range(66)),  # pairs of SMs in different GPCs: ranges of one id each
        (),  # no group: every cluster searches
        tuple(tuple(range(first, first + 128)) for first in range(0, 256, 128)),  # ranges of 64 ids and of 2
    ],
    ids=["one-group", "wrong-pairs", "no-group", "two-large-groups"],
)
def test_gpc_order_is_right_whatever_the_map(monkeypatch, groups):
    """A wrong SM map (another card, a probe that misread it) costs only speed: the claims still give each
    cluster its own id."""
    from gemm import _sm90_gpc

    monkeypatch.setattr(_sm90_gpc, "sm_groups", lambda device: groups)
    _three_launches_match((344, 18432, 512, 1), GPC, "fp16")


def test_gpc_probe_finds_disjoint_groups_of_whole_clusters():
    """The probe's SM groups: disjoint, each at least a cluster of eight, every SM a real one."""
    from gemm._sm90_gpc import sm_groups

    groups = sm_groups(torch.cuda.current_device())
    sms = [sm for group in groups for sm in group]
    assert groups and len(sms) == len(set(sms))
    assert min(len(group) for group in groups) >= 8
    assert max(sms) < torch.cuda.get_device_properties(0).multi_processor_count


def test_split_k_with_c_and_fp32_out():
    """The fixup's epilogue (alpha, beta * C, gelu) sees the summed partials, subtile by subtile."""
    from gemm._common import reference
    from gemm.sm90 import make_gemm

    a, b, d = _operands(192, 3000, 4096, 1, "fp16", d_major="m")
    c = torch.randn_like(d)
    make_gemm(a, b, d, c=c, alpha=0.75, beta=0.5, epilogue="gelu", config=dict(SPLIT_K, split_k=3))()
    torch.cuda.synchronize()
    _check(d, reference(a, b, c=c, alpha=0.75, beta=0.5, epilogue="gelu"), "fp16")
    d32 = torch.full(d.shape, float("nan"), device="cuda", dtype=torch.float32).mT.contiguous().mT
    make_gemm(a, b, d32, c=c.float(), beta=1.0, config=SPLIT_K)()
    torch.cuda.synchronize()
    _check(d32, reference(a, b, c=c.float(), beta=1.0), "fp16")


NARROW = dict(narrow_partials=True)


@pytest.mark.parametrize(
    "mnkl, config, dtype",
    [
        ((384, 384, 12288, 1), dict(SPLIT_K, tile_n=80, cluster_m=2, **NARROW), "fp16"),  # last arrival
        ((512, 512, 16384, 1), dict(SPLIT_K, tile_m=128, cluster_m=2, split_k=8, **NARROW), "bf16"),  # parallel
        ((100, 1000, 3000, 1), dict(SPLIT_K, split_k=3, **NARROW), "fp16"),  # ragged M, N and K
        ((200, 520, 3280, 3), dict(SPLIT_K, split_k=6, **NARROW), "bf16"),  # batched, ragged, 16 B rows of K
        # 224 KB of peers' sums, by last arrival all the same (`last_arrival`)
        ((512, 512, 16384, 1), dict(SPLIT_K, tile_m=128, cluster_m=2, split_k=8, last_arrival=True, **NARROW), "fp16"),
    ],
    ids=lambda x: x if isinstance(x, str) else "x".join(map(str, x)) if isinstance(x, tuple) else
    "-".join(f"{k}{v}" for k, v in x.items() if k != "narrow_partials"),
)
def test_split_k_with_narrow_partials(mnkl, config, dtype):
    """16-bit partial sums, by last arrival and in parallel: three launches in a row match the reference (the
    counters come back to zero), and with C, alpha and beta the fixup scales each split tile once."""
    from gemm._common import reference
    from gemm.sm90 import make_gemm

    _three_launches_match(mnkl, config, dtype)
    a, b, d = _operands(*mnkl, dtype)
    c = torch.randn_like(d)
    make_gemm(a, b, d, c=c, alpha=0.75, beta=0.5, config=config)()
    torch.cuda.synchronize()
    _check(d, reference(a, b, c=c, alpha=0.75, beta=0.5), dtype)


def test_narrow_partials_hold_what_alpha_brings_into_range():
    """fp16 partial sums are stored times alpha: sums of A B^T far past fp16's range (65504) whose alpha-scaled
    D fits land finite and right, by last arrival and in parallel."""
    from gemm._common import reference
    from gemm.sm90 import make_gemm

    for config in (dict(SPLIT_K, tile_n=80, cluster_m=2, **NARROW), dict(SPLIT_K, split_k=8, **NARROW)):
        a, b, d = _operands(384, 384, 8192, 1, "fp16")
        a, b = a * 32, b * 32  # partial sums of 1024 or 2048 k-values: standard deviation 32768 or 46341
        make_gemm(a, b, d, alpha=1 / 64, config=config)()
        torch.cuda.synchronize()
        ref = reference(a, b, alpha=1 / 64)
        assert ref.abs().max() * 64 > 4 * 65504 and ref.abs().max() < 65504
        assert torch.isfinite(d).all()
        _check(d, ref, "fp16")


def test_stream_k_launchers_on_two_streams_at_once():
    """Each stream-K launcher owns its workspace and flags: two launchers of one compiled config hold
    different buffers, and launched on two streams without waiting for each other (their launches may
    overlap where one's last clusters finish and the other's first ones start), both land."""
    from gemm._common import reference
    from gemm.sm90 import make_gemm

    problems = [_operands(2048, 2048, 8192, 1, "fp16") for _ in range(2)]
    streams = [torch.cuda.Stream() for _ in problems]
    runs = []
    for (a, b, d), stream in zip(problems, streams):
        with torch.cuda.stream(stream):
            runs.append(make_gemm(a, b, d, config=STREAM_K))
    workspaces = [run.arg_owners[2][0].data_ptr() for run in runs]
    assert workspaces[0] != workspaces[1]
    torch.cuda.synchronize()
    for _ in range(3):
        for run in runs:
            run()
    torch.cuda.synchronize()
    for a, b, d in problems:
        _check(d, reference(a, b), "fp16")


@pytest.mark.parametrize("dtype", ["fp16", "bf16"])
@pytest.mark.parametrize("d_major", ["n", "m"])
def test_stream_k_with_c_and_fp32_out(dtype, d_major):
    """The finisher's epilogue (alpha, beta * C, gelu) sees the summed partials, in either D majorness."""
    from gemm._common import reference
    from gemm.sm90 import make_gemm

    a, b, d = _operands(2048, 2048, 4096, 1, dtype, d_major=d_major)
    c = torch.randn_like(d)
    make_gemm(a, b, d, c=c, alpha=0.75, beta=0.5, epilogue="gelu", config=dict(STREAM_K, tile_m=64))()
    torch.cuda.synchronize()
    _check(d, reference(a, b, c=c, alpha=0.75, beta=0.5, epilogue="gelu"), dtype)
    d32 = torch.full(d.shape, float("nan"), device="cuda", dtype=torch.float32)
    if d_major == "m":
        d32 = d32.mT.contiguous().mT
    make_gemm(a, b, d32, config=STREAM_K)()
    torch.cuda.synchronize()
    _check(d32, reference(a, b), "fp16")


SWAP = dict(tile_m=128, tile_n=80, cluster_m=1, cluster_n=2, swap_ab=True)


@pytest.mark.parametrize(
    "mnkl, majors, config",
    [
        ((320, 4096, 4096, 1), ("k", "k", "n"), SWAP),  # the heuristic's orientation: D^T M-major
        ((200, 1000, 520, 1), ("k", "k", "n"), dict(SWAP, tile_n=112)),  # ragged M, N and K
        ((264, 392, 328, 3), ("k", "k", "n"), dict(SWAP, tile_n=96, cluster_n=1)),  # batched, ragged
        ((256, 1024, 512, 1), ("m", "k", "n"), dict(SWAP, tile_n=128)),  # M-major A: an N-major kernel B
        ((320, 1024, 512, 1), ("k", "n", "n"), SWAP),  # N-major B: an M-major kernel A
        ((320, 1024, 512, 1), ("k", "k", "m"), SWAP),  # M-major D: the kernel stores N-major
        ((192, 512, 8192, 1), ("k", "k", "n"), dict(SWAP, tile_n=96, split_k=4)),  # split-K, last arrival
        ((320, 8192, 4096, 1), ("k", "k", "n"), dict(SWAP, cluster_m=2, cluster_n=1, stream_k=True)),
        ((288, 2056, 1000, 1), ("k", "k", "n"), dict(SWAP, tile_m=256, tile_n=96, cluster_n=1)),  # 256 rows, ragged
        ((272, 2048, 512, 1), ("m", "k", "m"), dict(SWAP, tile_m=256, tile_n=128)),  # 256 rows, M-major A and D
        ((300, 2056, 1000, 2), ("k", "k", "n"), dict(SWAP, tile_m=192, tile_n=160)),  # 192 rows, ragged, batched
        ((256, 2048, 512, 1), ("m", "n", "m"), dict(SWAP, tile_m=192, tile_n=128)),  # 192 rows, every major flipped
    ],
    ids=["320x4096x4096", "ragged", "batched", "a-m-major", "b-n-major", "d-m-major", "split-k", "stream-k",
         "256-ragged", "256-a-m-major-d-m-major", "192-ragged", "192-majors"],
)
def test_swapped_operands(mnkl, majors, config):
    """`swap_ab` runs the kernel on D^T = B A^T: every majorness maps onto the kernel's, and split tiles
    sum right, three launches in a row."""
    from gemm._common import reference
    from gemm.sm90 import make_gemm

    a_major, b_major, d_major = majors
    a, b, d = _operands(*mnkl, "fp16", a_major=a_major, b_major=b_major, d_major=d_major)
    run = make_gemm(a, b, d, config=config)
    assert run.config.swap_ab
    ref = reference(a, b)
    for _ in range(3):
        d.fill_(float("nan"))
        run()
        torch.cuda.synchronize()
        _check(d, ref, "fp16")


@pytest.mark.parametrize("dtype", ["fp16", "bf16"])
def test_swapped_with_c_and_fp32_out(dtype):
    """alpha, beta * C and gelu reach C through its transposed view, into fp16/bf16 and fp32 D."""
    from gemm._common import reference
    from gemm.sm90 import make_gemm

    a, b, d = _operands(320, 2048, 1024, 1, dtype)
    c = torch.randn_like(d)
    make_gemm(a, b, d, c=c, alpha=0.75, beta=0.5, epilogue="gelu", config=SWAP)()
    torch.cuda.synchronize()
    _check(d, reference(a, b, c=c, alpha=0.75, beta=0.5, epilogue="gelu"), dtype)
    d32 = torch.full(d.shape, float("nan"), device="cuda", dtype=torch.float32)
    make_gemm(a, b, d32, c=c.float(), beta=1.0, config=SWAP)()
    torch.cuda.synchronize()
    _check(d32, reference(a, b, c=c.float(), beta=1.0), dtype)


@pytest.mark.parametrize("d_major", ["n", "m"])
def test_two_staging_buffers_with_c(d_major):
    """Tiles whose epilogue ring is two buffers (a fourth mainloop stage in their place: 256x160 with a 16-bit
    D, 128x256 with an fp32 D) store every subtile, C read through the same two buffers, three launches."""
    from gemm._common import reference
    from gemm.sm90 import make_gemm

    a, b, d = _operands(600, 520, 1024, 1, "fp16", d_major=d_major)
    c = torch.randn_like(d)
    d32 = torch.full(d.shape, float("nan"), device="cuda", dtype=torch.float32)
    d32 = d32 if d_major == "n" else d32.mT.contiguous().mT
    for out, c_out, config in ((d, c, dict(tile_m=256, tile_n=160, cluster_m=1, cluster_n=1)),
                               (d32, c.float(), dict(tile_m=128, tile_n=256, cluster_m=2, cluster_n=1))):
        run = make_gemm(a, b, out, c=c_out, alpha=0.75, beta=0.5, epilogue="gelu", config=config)
        ref = reference(a, b, c=c_out, alpha=0.75, beta=0.5, epilogue="gelu")
        for _ in range(3):
            out.fill_(float("nan"))
            run()
            torch.cuda.synchronize()
            _check(out, ref, "fp16")


def test_launcher_reruns_on_new_values():
    """The launcher binds the tensors, not their values: new inputs give a new, right result."""
    from gemm._common import reference
    from gemm.sm90 import make_gemm

    a, b, d = _operands(512, 512, 512, 1, "fp16")
    run = make_gemm(a, b, d)
    run()
    a.copy_(torch.randn_like(a))
    d.fill_(float("nan"))
    run()
    torch.cuda.synchronize()
    _check(d, reference(a, b), "fp16")


def test_c_must_match_d():
    from gemm.sm90 import make_gemm

    a, b, d = _operands(256, 256, 256, 1, "fp16")
    wrong = torch.zeros(256, 256, device="cuda", dtype=torch.bfloat16)
    with pytest.raises(TypeError, match="c must have d's dtype torch.float16"):
        make_gemm(a, b, d, c=wrong, beta=1.0)


def test_autotune_times_every_candidate_and_caches_a_correct_winner(tmp_path, monkeypatch):
    from gemm import _autotune
    from gemm._common import reference
    from gemm.sm90 import candidate_configs, make_gemm

    monkeypatch.setenv(_autotune.CACHE_ENV, str(tmp_path / "tune.json"))
    mnkl = (1000, 1024, 512, 1)
    a, b, d = _operands(*mnkl, "fp16")
    run = make_gemm(a, b, d, config="auto")
    run()
    torch.cuda.synchronize()
    _check(d, reference(a, b), "fp16")
    (entry,) = _autotune._load().values()
    assert len(entry["ms"]) == len(candidate_configs(*mnkl))
    timings = {label: ms for label, ms in entry["ms"].items() if isinstance(ms, float)}
    assert timings and all(ms > 0 for ms in timings.values())
    # The cached winner is a candidate of the fastest median (timings are quantized: several may tie),
    # and a later plain call reuses it.
    assert entry["config"] == run.config.to_dict()
    assert timings[json.dumps(entry["config"], sort_keys=True)] == min(timings.values())
    assert make_gemm(a, b, d).config == run.config
