"""The SM90 GEMM compiled for sm_90a on the CPU: every expect() passes across a config matrix, wrong
configs fail with a clear message, the checks are live, and the PTX has the Hopper pieces.

All compiling happens in one subprocess (CUTE_DSL_ARCH is read when cutlass is imported, and one
process compiles for one arch); this file is also that subprocess's script (`--worker`).
"""

import json
import os
import re
import subprocess
import sys

import pytest
from _cli import child_env, run_worker

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from gemm._sm90_config import Sm90Config, shape_dims  # noqa: E402

# (id, compile_only kwargs): tiles, clusters (multicast of A, of B, of both), swizzle, dtypes, every
# major, with and without C, fp32 out, relu/gelu, static and run-time shapes.
MATRIX = [
    ("128x256_c2x1_fp16", dict()),
    ("128x256_c1x2_bf16_relu", dict(cluster_m=1, cluster_n=2, dtype="bf16", epilogue="relu")),
    ("128x128_c2x2_mmajorA_nmajorB_C", dict(tile_n=128, cluster_m=2, cluster_n=2, a_major="m", b_major="n",
                                             has_c=True)),
    ("64x192_c1x1_mmajorD_gelu_dynamic", dict(tile_m=64, tile_n=192, cluster_m=1, cluster_n=1, d_major="m",
                                              epilogue="gelu", dynamic=True)),
    ("128x64_sw4_batched", dict(tile_n=64, swizzle=4, raster_along_m=False, l=3)),
    ("128x256_fp32out_C_mmajorD", dict(out_dtype="fp32", has_c=True, d_major="m")),
    ("64x256_bf16_fp32out_dynamic", dict(tile_m=64, dtype="bf16", out_dtype="fp32", dynamic=True)),
    ("128x256_e4m3_bf16out", dict(dtype="e4m3")),
    ("128x128_e4m3xe5m2_fp16out_C_c1x2", dict(dtype="e4m3", b_dtype="e5m2", out_dtype="fp16", has_c=True,
                                              tile_n=128, cluster_m=1, cluster_n=2)),
    ("64x192_e5m2_fp32out_mmajorD_dynamic", dict(tile_m=64, tile_n=192, dtype="e5m2", out_dtype="fp32",
                                                 d_major="m", dynamic=True)),
    ("pingpong_128x128_C_relu", dict(tile_n=128, pingpong=True, has_c=True, epilogue="relu")),
    ("pingpong_64x256_c1x2_mmajorA_dynamic", dict(tile_m=64, pingpong=True, cluster_m=1, cluster_n=2,
                                                  a_major="m", dynamic=True)),
    ("pingpong_128x192_fp32out_mmajorD_batched", dict(tile_n=192, pingpong=True, out_dtype="fp32",
                                                      d_major="m", l=2)),
    ("pingpong_128x128_e4m3", dict(tile_n=128, pingpong=True, dtype="e4m3")),
    ("stream_k_128x256_dynamic", dict(stream_k=True, dynamic=True)),
    ("stream_k_64x128_c1x2_C_gelu_mmajorD_batched", dict(stream_k=True, tile_m=64, tile_n=128, cluster_m=1,
                                                         cluster_n=2, has_c=True, epilogue="gelu",
                                                         d_major="m", l=2)),
    ("64x64_c1x1_dynamic", dict(tile_m=64, tile_n=64, cluster_m=1, cluster_n=1, dynamic=True)),
    ("split_k4_64x128_c1x1_bf16_dynamic", dict(split_k=4, tile_m=64, tile_n=128, cluster_m=1, cluster_n=1,
                                               dtype="bf16", dynamic=True)),
    ("split_k2_128x128_c1x2_C_relu_fp32out", dict(split_k=2, tile_n=128, cluster_m=1, cluster_n=2, has_c=True,
                                                  epilogue="relu", out_dtype="fp32")),
    ("split_k8_64x64_c2x1_mmajorD_batched", dict(split_k=8, tile_m=64, tile_n=64, d_major="m", l=3)),
    ("split_k3_64x256_e4m3_dynamic", dict(split_k=3, tile_m=64, dtype="e4m3", dynamic=True)),
    # widths off the multiples of 64; 16-column epilogue subtiles where 32 does not divide the tile
    ("128x176_C_fp32out_mmajorD", dict(tile_n=176, has_c=True, out_dtype="fp32", d_major="m")),
    ("64x32_c1x1_split2_dynamic", dict(tile_m=64, tile_n=32, cluster_m=1, split_k=2, dynamic=True)),
    ("128x208_stream_k_gelu_dynamic", dict(tile_n=208, stream_k=True, epilogue="gelu", dynamic=True)),
    ("pingpong_128x112_bf16", dict(tile_n=112, pingpong=True, dtype="bf16")),
    ("64x144_e4m3", dict(tile_m=64, tile_n=144, dtype="e4m3")),
    # clusters of four along one mode: A (or B) multicast to four CTAs
    ("128x128_c1x4_mmajorA_C", dict(tile_n=128, cluster_m=1, cluster_n=4, a_major="m", has_c=True)),
    ("64x128_c4x1_nmajorB_dynamic", dict(tile_m=64, tile_n=128, cluster_m=4, cluster_n=1, b_major="n", dynamic=True)),
    ("128x112_c1x4_split2_bf16", dict(tile_n=112, cluster_m=1, cluster_n=4, split_k=2, dtype="bf16")),
    ("128x192_c2x2_split5", dict(tile_n=192, cluster_m=2, cluster_n=2, split_k=5)),
    # 16-bit partial sums: by last arrival, in parallel, and in fp32 where D is fp32
    ("split_k4_64x128_narrow_C_bf16", dict(split_k=4, tile_m=64, tile_n=128, narrow_partials=True, has_c=True,
                                           dtype="bf16")),
    ("split_k16_128x256_narrow_dynamic", dict(split_k=16, narrow_partials=True, dynamic=True)),
    ("split_k3_128x112_narrow_fp32out", dict(split_k=3, tile_n=112, narrow_partials=True, out_dtype="fp32")),
    # swap_ab: the transposed problem (B as A, A as B, D^T), each major mapped onto the kernel's
    ("swap_128x80_c1x2_C_dynamic", dict(m=320, tile_n=80, cluster_m=1, cluster_n=2, swap_ab=True, has_c=True,
                                        dynamic=True)),
    ("swap_64x48_c1x2_nmajorB_mmajorD", dict(m=77, tile_m=64, tile_n=48, cluster_m=1, cluster_n=2,
                                             swap_ab=True, b_major="n", d_major="m")),
    ("swap_128x128_mmajorA_fp32out", dict(m=512, tile_n=128, cluster_m=1, cluster_n=1, swap_ab=True,
                                          a_major="m", out_dtype="fp32")),
    # 256-row tiles: each consumer warpgroup 128 rows in two wgmmas, epilogue subtiles 128 rows tall
    ("256x96_c2x1_swap_C_gelu", dict(m=288, tile_m=256, tile_n=96, swap_ab=True, has_c=True, epilogue="gelu")),
    ("256x192_c1x2_mmajorA_nmajorB_dynamic", dict(tile_m=256, tile_n=192, cluster_m=1, cluster_n=2, a_major="m",
                                                  b_major="n", dynamic=True)),
    ("256x144_fp32out_mmajorD_batched", dict(tile_m=256, tile_n=144, cluster_m=1, out_dtype="fp32", d_major="m",
                                             l=2)),
    # 192-row tiles: three consumer warpgroups of 64 rows, epilogue subtiles 192 rows tall; clusters of eight
    ("192x160_c1x2_swap_C_gelu", dict(m=320, tile_m=192, tile_n=160, cluster_m=1, cluster_n=2, swap_ab=True,
                                      has_c=True, epilogue="gelu")),
    ("192x192_c2x1_mmajorA_nmajorB_mmajorD_dynamic", dict(tile_m=192, tile_n=192, a_major="m", b_major="n",
                                                          d_major="m", dynamic=True)),
    ("128x160_c4x2_swap_bf16", dict(m=320, tile_n=160, cluster_m=4, cluster_n=2, swap_ab=True, dtype="bf16")),
    # the GPC order: a claimed virtual cluster id, shared through the first CTA's SMEM (clusters) or not (one CTA)
    ("gpc_256x128_c2x1_swap_dynamic", dict(m=344, tile_m=256, tile_n=128, raster_along_m=False, swap_ab=True,
                                           gpc_order=True, dynamic=True)),
    ("gpc_128x160_c1x1_C", dict(tile_n=160, cluster_m=1, gpc_order=True, has_c=True)),
    # widths of 8 more than a multiple of 16: stages of an odd number of swizzle atoms, 8-column subtiles
    ("gpc_256x120_c2x1_swap_C_dynamic", dict(m=344, tile_m=256, tile_n=120, raster_along_m=False, swap_ab=True,
                                             gpc_order=True, has_c=True, dynamic=True)),
    ("128x152_c1x2_swap_fp32out", dict(m=584, tile_n=152, cluster_m=1, cluster_n=2, swap_ab=True, out_dtype="fp32")),
    ("128x136_fp32out_C", dict(tile_n=136, out_dtype="fp32", has_c=True)),
    ("192x104_c1x2_swap_C", dict(m=392, tile_m=192, tile_n=104, cluster_m=1, cluster_n=2, swap_ab=True, has_c=True)),
]

# (id, compile_only kwargs, text the ValueError must contain)
REJECTED = [
    ("tile_m_96", dict(tile_m=96), "tile_m must be one of (64, 128, 192, 256), got 96"),
    ("192x208", dict(tile_m=192, tile_n=208), "a 192-row tile is at most 192 wide"),
    ("192_split_k", dict(tile_m=192, tile_n=128, split_k=2), "a 192-row tile needs the cooperative"),
    ("256x256", dict(tile_m=256), "a 256-row tile's warpgroups hold at most 24576 accumulators each"),
    ("256_stream_k", dict(tile_m=256, tile_n=128, stream_k=True), "a 256-row tile needs the cooperative"),
    ("256_pingpong", dict(tile_m=256, tile_n=64, pingpong=True), "a 256-row tile needs the cooperative"),
    ("tile_n_100", dict(tile_n=100), "tile_n must be a multiple of 8 from 32 to 256, got 100"),
    ("n_major_b_176", dict(tile_n=176, b_major="n"), "an N-major B needs tile_n a multiple of 64"),
    ("cluster_4x4", dict(cluster_m=4, cluster_n=4), "cluster (cluster_m, cluster_n) must be one of"),
    ("pingpong_128x256", dict(pingpong=True), "a ping-pong tile holds at most 24576 elements"),
    ("dtype_fp32", dict(dtype="fp32"), "dtype must be one of ['bf16', 'e4m3', 'e5m2', 'fp16'], got 'fp32'"),
    ("a_major_n", dict(a_major="n"), "a_major must be one of ('k', 'm'), got 'n'"),
    ("fp8_m_major", dict(dtype="e4m3", a_major="m"), "fp8 A and B must be K-major"),
    ("fp8_times_fp16", dict(dtype="e4m3", b_dtype="fp16"), "A and B must both be 16-bit or both fp8"),
    ("out_fp8", dict(out_dtype="e4m3"), "out_dtype must be one of ['bf16', 'fp16', 'fp32'], got 'e4m3'"),
    ("stream_k_pingpong", dict(tile_n=128, pingpong=True, stream_k=True), "stream_k needs the cooperative"),
    ("split_k_7", dict(split_k=7), "split_k must be one of (1, 2, 3, 4, 5, 6, 8, 16), got 7"),
    ("split_k_with_stream_k", dict(split_k=2, stream_k=True), "split_k needs the cooperative schedule without"),
    ("gpc_order_stream_k", dict(gpc_order=True, stream_k=True), "gpc_order walks whole tiles"),
    ("narrow_unsplit", dict(narrow_partials=True), "narrow_partials needs stream_k or split_k"),
]

SABOTAGED = ("AB_STAGE", "TMA_B", "R2S_R")


def _worker() -> dict:
    os.environ["CUTE_DSL_ARCH"] = "sm_90a"
    from cute_inspect import ShapeCheckError
    from gemm import _sm90_kernel, sm90

    out = {"matrix": {}, "rejected": {}, "sabotage": {}}
    for name, kwargs in MATRIX:
        try:
            sm90.compile_only(**kwargs)
            out["matrix"][name] = "ok"
        except Exception as exc:  # reported per config by the test
            out["matrix"][name] = f"{type(exc).__name__}: {exc}"
    for name, kwargs, _ in REJECTED:
        try:
            sm90.compile_only(**kwargs)
            out["rejected"][name] = "compiled"
        except (ValueError, TypeError) as exc:
            out["rejected"][name] = str(exc)

    # The checks are live: dims off by one (or a mode nested once more) must stop the compile.
    real_dims = _sm90_kernel.shape_dims
    for key in SABOTAGED:
        def off_by_one(*args, key=key, **kwargs):
            dims = real_dims(*args, **kwargs)
            dims[key] = dims[key] + 1 if isinstance(dims[key], int) else (dims[key], 1)
            return dims
        _sm90_kernel.shape_dims = off_by_one
        try:
            sm90.compile_only()
            out["sabotage"][key] = "compiled"
        except ShapeCheckError as exc:
            out["sabotage"][key] = str(exc)
        finally:
            _sm90_kernel.shape_dims = real_dims

    ptx = {}
    for checks in ("1", "0"):
        os.environ["CUTE_INSPECT_CHECKS"] = checks
        ptx[checks] = sm90.compile_only(cluster_m=2, cluster_n=2, tile_n=128, has_c=True).__ptx__
    os.environ["CUTE_INSPECT_CHECKS"] = "1"
    out["ptx"] = ptx["1"]
    out["ptx_fp8"] = sm90.compile_only(dtype="e4m3", b_dtype="e5m2").__ptx__
    out["ptx_pingpong"] = sm90.compile_only(tile_n=128, pingpong=True).__ptx__
    out["ptx_stream_k"] = sm90.compile_only(stream_k=True, dynamic=True).__ptx__
    out["ptx_split_k"] = sm90.compile_only(split_k=4, tile_m=64, tile_n=128, dynamic=True).__ptx__
    out["ptx_split_k_narrow"] = sm90.compile_only(split_k=4, tile_m=64, tile_n=128, dynamic=True,
                                                  narrow_partials=True).__ptx__
    out["ptx_176"] = sm90.compile_only(tile_n=176).__ptx__
    out["ptx_256"] = sm90.compile_only(tile_m=256, tile_n=112).__ptx__
    out["ptx_gpc"] = sm90.compile_only(gpc_order=True, dynamic=True).__ptx__
    out["ptx_identical_without_checks"] = ptx["1"] == ptx["0"]
    return out


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    return run_worker(__file__, "sm_90a", tmp_path_factory.mktemp("ptx"), PYTHONWARNINGS="ignore")


@pytest.mark.parametrize("name", [m[0] for m in MATRIX])
def test_config_compiles_with_every_check(results, name):
    assert results["matrix"][name] == "ok"


@pytest.mark.parametrize("name,reason", [(r[0], r[2]) for r in REJECTED])
def test_unsupported_config_is_rejected_with_reason(results, name, reason):
    assert reason in results["rejected"][name]


@pytest.mark.parametrize("key", SABOTAGED)
def test_wrong_spec_fails_the_compile(results, key):
    message = results["sabotage"][key]
    assert message != "compiled"
    assert "does not match" in message and key in message


@pytest.mark.parametrize(
    "what,pattern",
    [
        ("wgmma", r"wgmma\.mma_async\.sync\.aligned\.m64n128k16\.f32\.f16\.f16"),
        ("register handoff to the consumers", r"setmaxnreg\.inc\.sync\.aligned\.u32\s+232"),
        ("register release by the producer", r"setmaxnreg\.dec\.sync\.aligned\.u32\s+40"),
        ("multicast TMA load", r"cp\.async\.bulk\.tensor\.\dd\.shared::cluster\.global\.\S*multicast::cluster"),
        ("TMA load of C", r"cp\.async\.bulk\.tensor\.\dd\.shared::cta\.global\.\S*mbarrier::complete_tx::bytes"),
        ("stmatrix", r"stmatrix\.sync\.aligned\.(m8n8\.)?x4"),
        ("TMA store", r"cp\.async\.bulk\.tensor\.\dd\.global\.shared::cta\.\S*bulk_group"),
        ("mbarrier wait", r"mbarrier\.try_wait\.parity"),
    ],
)
def test_ptx_has_the_hopper_pieces(results, what, pattern):
    assert re.search(pattern, results["ptx"]), f"no {what} ({pattern}) in the PTX"


def test_ptx_waits_for_the_previous_kernel_and_releases_the_next(results):
    """Launched as a programmatic dependent: griddepcontrol.wait before the first load, and the producer
    lets the next kernel start once its loads are issued."""
    ptx = results["ptx"]
    assert ptx.index("griddepcontrol.wait") < ptx.index("cp.async.bulk.tensor")
    assert "griddepcontrol.launch_dependents" in ptx


def test_ptx_of_a_176_wide_tile_has_one_wgmma_across_it(results):
    assert re.search(r"wgmma\.mma_async\.sync\.aligned\.m64n176k16\.f32\.f16\.f16", results["ptx_176"])


def _wgmma_order(ptx: str) -> str:
    """The kernel's wgmma instructions in program order: M an MMA, C a commit, Wn a wait for n groups."""
    ops = re.findall(r"wgmma\.(mma_async|commit_group|wait_group)[^;\n]*?(\d*);", ptx)
    return " ".join({"mma_async": "M", "commit_group": "C"}.get(op, f"W{n}") for op, n in ops)


def test_ptx_of_a_256_row_tile_issues_by_halves(results):
    """A 256-row tile's warpgroup commits each 64-row half's four k-blocks as a group: the first k-tile's
    two halves, then per k-tile one half, a wait that leaves only it in flight (the k-tile before has read
    its stage), the other half; a 128-row tile commits its k-tile whole and waits after it."""
    assert _wgmma_order(results["ptx_256"]) == "M M M M C M M M M C M M M M C W1 M M M M C W0"
    assert _wgmma_order(results["ptx"]) == "M M M M C M M M M C W1 W0"


def test_ptx_of_fp8_has_the_8bit_wgmma(results):
    assert re.search(r"wgmma\.mma_async\.sync\.aligned\.m64n256k32\.f32\.e4m3\.e5m2", results["ptx_fp8"])


def test_ptx_of_pingpong_takes_turns(results):
    """Each warpgroup waits for its turn (bar.sync) and hands it on (bar.arrive), over both warpgroups."""
    ptx = results["ptx_pingpong"]
    assert re.search(r"wgmma\.mma_async\.sync\.aligned\.m64n128k16", ptx)
    assert re.search(r"bar\.arrive\s+%r\d+,\s*256;", ptx)
    assert re.search(r"bar\.sync\s+%r\d+,\s*256;", ptx)
    assert not re.search(r"bar\.arrive\s+%r\d+,\s*256;", results["ptx"])


def test_ptx_of_stream_k_and_split_k_hands_partial_sums_over(results):
    """A participant publishes its stores with one thread's GPU-scope atomic add on its tile's counter,
    after the CTA's barrier. Stream-K's parallel fixup releases, polls with an acquire and counts itself
    out with an acq_rel add; split-K by last arrival (this 64x128 split 4: its last unit reads 96 KB)
    counts in with an acq_rel add that also tells it whether it came last, and nobody polls. The
    data-parallel kernel has none of these."""
    # (an atom without a scope is GPU-scoped)
    stream_k, split_k = results["ptx_stream_k"], results["ptx_split_k"]
    assert re.search(r"atom\.global\.release\.add\.u32", stream_k)
    assert re.search(r"atom\.global\.acq_rel\.add\.u32", stream_k)
    assert re.search(r"ld\.acquire\.gpu\.global\.b32", stream_k)
    assert re.search(r"atom\.global\.acq_rel\.add\.u32", split_k)
    assert not re.search(r"atom\.global\.release|ld\.acquire", split_k)
    # one store per accumulator register of a warpgroup's 64-row slice (64x256: 128, 64x128: 64), plus
    # the counter resets: by the last out of each of a run's two possible split tiles (stream-K), by the
    # last in (split-K)
    assert len(re.findall(r"st\.global\.b32", stream_k)) == 128 + 2
    assert len(re.findall(r"st\.global\.b32", split_k)) == 64 + 1
    assert "atom.global" not in results["ptx"] and "ld.acquire.gpu" not in results["ptx"]


def test_ptx_of_narrow_partials_packs_two_sums_a_word(results):
    """16-bit partial sums (`narrow_partials`): the same split-K kernel stores half the words, each two sums
    converted together, and its last arrival loads two peers' words in the loads one peer's fp32 sums took."""
    wide, narrow = results["ptx_split_k"], results["ptx_split_k_narrow"]
    assert len(re.findall(r"st\.global\.b32", narrow)) == 32 + 1
    assert len(re.findall(r"cvt\.rn\.f16x2\.f32", narrow)) == len(re.findall(r"cvt\.rn\.f16x2\.f32", wide)) + 32
    assert len(re.findall(r"ld\.global\.b32", narrow)) == len(re.findall(r"ld\.global\.b32", wide)) == 64


def test_ptx_of_the_gpc_order_claims_an_id_once_per_cluster(results):
    """The GPC order: one thread reads its SM, proposes an id of its group's range (an add) and claims it (an
    exchange); after a cluster barrier every CTA reads the first CTA's id through DSMEM; the claim is counted
    in with an acq_rel add. None of it in the default walk."""
    ptx = results["ptx_gpc"]
    assert re.search(r"mov\.u32\s+%r\d+, %smid;", ptx)
    assert re.search(r"atom\.global\.exch\.b32", ptx)
    claimed = ptx.index("atom.global.exch.b32")
    shared = re.search(r"barrier\.cluster\.arrive;\s+barrier\.cluster\.wait;\s+mapa\.shared::cluster\.u32\s+"
                       r"%r\d+, %r\d+, 0;\s+ld\.shared::cluster\.b32", ptx[claimed:])
    assert shared, "the first CTA's id is not read through DSMEM after a cluster barrier"
    assert re.search(r"atom\.global\.acq_rel\.add\.u32", ptx[claimed:])
    assert "%smid" not in results["ptx"] and "ld.shared::cluster" not in results["ptx"]


def test_ptx_identical_without_checks(results):
    assert results["ptx"]
    assert results["ptx_identical_without_checks"]


def test_config_validation_lists_allowed_values():
    with pytest.raises(ValueError, match="tile_n must be a multiple of 8 from 32 to 256, got 100"):
        Sm90Config(tile_n=100)
    with pytest.raises(ValueError, match=r"swizzle must be one of \(1, 2, 4, 8\), got 3"):
        Sm90Config(swizzle=3)
    cfg = Sm90Config(128, 128, 1, 2, swizzle=4, raster_along_m=False)
    assert Sm90Config.from_dict(cfg.to_dict()) == cfg
    assert cfg.label() == "128x128 c1x2 sw4n"
    assert Sm90Config(64, 256, pingpong=True).label() == "64x256 c2x1 sw1m pp"
    assert Sm90Config(stream_k=True).label() == "128x256 c2x1 sw1m sk"
    assert Sm90Config(64, 128, 1, 1, split_k=4).label() == "64x128 c1x1 sw1m split4"
    assert Sm90Config(serpentine_k=False).label() == "128x256 c2x1 sw1m kfwd"
    assert Sm90Config(128, 128, 1, 4).label() == "128x128 c1x4 sw1m"
    assert Sm90Config(256, 128, raster_along_m=False, gpc_order=True, swap_ab=True).label() == "256x128 c2x1 sw1n gpc swap"
    # Split-K's last unit sums its peers alone while that reads at most 112 KB of partial sums.
    assert Sm90Config(64, 48, split_k=4).fixup_by_last
    assert Sm90Config(128, 64, split_k=4).fixup_by_last
    assert not Sm90Config(128, 128, split_k=8).fixup_by_last
    assert not Sm90Config(stream_k=True).fixup_by_last and not Sm90Config().fixup_by_last
    with pytest.raises(ValueError, match="stream_k needs the cooperative schedule"):
        Sm90Config(128, 128, pingpong=True, stream_k=True)
    with pytest.raises(ValueError, match=r"a ping-pong tile holds at most 24576 elements .*, got 128x256"):
        Sm90Config(128, 256, pingpong=True)


def test_shape_dims_follow_majorness():
    common = dict(tile_k=64, ab_stages=4, epi_stages=4)
    k_major = shape_dims(Sm90Config(128, 256), a_major="k", b_major="k", d_major="n", **common)
    mn_major = shape_dims(Sm90Config(128, 256), a_major="m", b_major="n", d_major="m", **common)
    assert (k_major["TMA_A"], k_major["TMA_RestA"]) == ((64, 128), 1)
    assert (mn_major["TMA_A"], mn_major["TMA_RestA"]) == ((64, 64), 2)
    assert (mn_major["TMA_B"], mn_major["TMA_RestB"]) == ((64, 64), 4)
    assert mn_major["MMA_N"] == (64, 4) and k_major["MMA_N"] == 256
    assert (mn_major["TMA_D"], mn_major["TMA_RestD"]) == ((64, 32), 2)


def test_shape_dims_of_pingpong():
    """A ping-pong warpgroup walks its 128-row tile in two wgmma rows, and the epilogue in 64-row subtiles."""
    common = dict(tile_k=64, ab_stages=4, epi_stages=4, a_major="k", b_major="k", d_major="n")
    pp = shape_dims(Sm90Config(128, 192, pingpong=True), **common)
    coop = shape_dims(Sm90Config(128, 192), **common)
    assert (pp["MMA_RestM"], pp["EPI_TILE_M"], pp["EPI_RestM"], pp["EPI_RestN"]) == (2, 64, 2, 6)
    assert (coop["MMA_RestM"], coop["EPI_TILE_M"], coop["EPI_RestM"]) == (1, 128, 1)
    assert pp["TMA_D"] == (32, 64) and coop["TMA_D"] == (32, 128)


def _cli(*args, env=None):
    return subprocess.run(
        [sys.executable, "-m", "gemm.sm90", *args], capture_output=True, text=True, cwd=ROOT, timeout=300,
        env=child_env(PYTHONWARNINGS="ignore", **(env or {})),
    )


def test_cli_compile_only():
    proc = _cli("--mnkl", "512,384,256,2", "--dtype", "bf16", "--epilogue", "relu", "--compile-only")
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "compiled sm90 GEMM for sm_90a: mnkl=512,384,256,2 bf16" in proc.stdout


def test_cli_rejects_wrong_tile_with_one_line():
    proc = _cli("--mnkl", "512,512,512,1", "--tile", "96,256", "--compile-only")
    assert proc.returncode == 2
    assert proc.stderr.splitlines()[0] == "error: tile_m must be one of (64, 128, 192, 256), got 96"


def test_cli_rejects_bad_mnkl():
    proc = _cli("--mnkl", "512,512", "--compile-only")
    assert proc.returncode == 2
    assert "--mnkl must be 4 comma-separated positive integers" in proc.stderr


def test_cli_without_gpu_says_why():
    proc = _cli("--mnkl", "256,256,256,1", env={"CUDA_VISIBLE_DEVICES": ""})
    assert proc.returncode == 2
    assert proc.stderr.startswith("error: ") and "--compile-only" in proc.stderr


if __name__ == "__main__" and sys.argv[1:] == ["--worker"]:
    print(json.dumps(_worker()))
