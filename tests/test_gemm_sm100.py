"""The SM100 GEMM, compiled for sm_100a on the CPU: every expect() passes across a configuration
matrix, can_implement rejects what the kernel cannot do, and the PTX has the Blackwell pieces.

All compiling happens in one subprocess (CUTE_DSL_ARCH is read when cutlass is imported, and one
process compiles for one arch); this file is also that subprocess's script (`--worker`).
"""

import json
import os
import re
import subprocess
import sys

import pytest
from _cli import run_worker

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# (id, compile_only kwargs): 1-CTA and 2-CTA, tile shapes, clusters with multicast of A, of B and
# of both, fp16/bf16/fp8 in, fp16/bf16/fp32 out, every major, with and without C, relu and gelu.
MATRIX = [
    ("1cta_128x128_fp16", dict(use_2cta=False, mma_tiler_mn=(128, 128), cluster_shape_mn=(1, 1))),
    ("1cta_128x256_bf16_fp32out_mmajorD_relu_mcastA", dict(
        use_2cta=False, mma_tiler_mn=(128, 256), cluster_shape_mn=(1, 2), ab_dtype="bf16",
        out_dtype="fp32", d_major="m", epilogue="relu")),
    ("1cta_128x64_mnmajor_noC_mcastB", dict(
        use_2cta=False, mma_tiler_mn=(128, 64), cluster_shape_mn=(2, 1), a_major="m", b_major="n",
        with_c=False)),
    ("1cta_128x192_nmajorB_3boxes", dict(use_2cta=False, mma_tiler_mn=(128, 192), cluster_shape_mn=(1, 1),
                                         b_major="n")),
    ("1cta_64x128_mmajorD_mcastA", dict(use_2cta=False, mma_tiler_mn=(64, 128), cluster_shape_mn=(1, 2),
                                        d_major="m")),
    ("1cta_64x64_fp32out_noC", dict(use_2cta=False, mma_tiler_mn=(64, 64), cluster_shape_mn=(1, 1),
                                    out_dtype="fp32", with_c=False)),
    ("2cta_256x128_fp16", dict()),
    ("2cta_256x256_bf16_noC_relu", dict(mma_tiler_mn=(256, 256), ab_dtype="bf16", out_dtype="bf16",
                                        with_c=False, epilogue="relu")),
    ("2cta_256x128_mmajorA_mmajorD_mcastA", dict(cluster_shape_mn=(2, 2), a_major="m", d_major="m")),
    ("2cta_256x64_nmajorB_fp32out_mcastB", dict(mma_tiler_mn=(256, 64), cluster_shape_mn=(4, 1),
                                               ab_dtype="bf16", b_major="n", out_dtype="fp32")),
    ("2cta_256x128_mcastAB", dict(cluster_shape_mn=(4, 2))),
    ("2cta_256x32_nmajorB", dict(mma_tiler_mn=(256, 32), b_major="n")),
    ("2cta_256x160_nmajorB_32Bswizzle_gelu", dict(mma_tiler_mn=(256, 160), b_major="n", epilogue="gelu")),
    ("2cta_256x256_e4m3_bf16out", dict(mma_tiler_mn=(256, 256), ab_dtype="e4m3", out_dtype="bf16")),
    ("1cta_128x128_e5m2_mmajor", dict(use_2cta=False, mma_tiler_mn=(128, 128), cluster_shape_mn=(1, 1),
                                      ab_dtype="e5m2", a_major="m", d_major="m")),
    ("2cta_static_problem", dict(mnkl=(1000, 1000, 1000, 3))),
]

# (id, compile_only kwargs, text the ValueError must contain)
REJECTED = [
    ("2cta_tile_m_128", dict(mma_tiler_mn=(128, 128)), "MMA tile M 128 is not supported with use_2cta=True; allowed: 256"),
    ("tile_n_100", dict(mma_tiler_mn=(256, 100)), "MMA tile N 100 is not supported; allowed: 32/64/96/128/160/192/224/256"),
    ("cluster_3x1", dict(cluster_shape_mn=(3, 1)), "each extent must be a power of 2"),
    ("2cta_cluster_m_1", dict(cluster_shape_mn=(1, 2)), "cluster shape M 1 must be a multiple of 2 with use_2cta=True"),
    ("cluster_too_big", dict(cluster_shape_mn=(8, 4)), "at most 16 CTAs"),
    ("ab_f32", dict(ab_dtype="fp32"), "ab_dtype 'fp32' is not supported; allowed: 'fp16', 'bf16', 'e4m3', 'e5m2'"),
    ("a_major_n", dict(a_major="n"), "a_major 'n' is not supported; allowed: 'k', 'm'"),
    ("misaligned_m", dict(a_major="m", mnkl=(1001, 1024, 1024, 1)),
     "A is M-major: its contiguous extent 1001 must be a multiple of 8 elements"),
]

# Config used for the PTX inspection: 2-CTA MMAs, A multicast along N, B along M.
PTX_CONFIG = dict(cluster_shape_mn=(4, 2))
# And its opposite: one CTA per MMA, no cluster, fp8 operands.
PTX_1CTA_FP8_CONFIG = dict(use_2cta=False, mma_tiler_mn=(128, 128), cluster_shape_mn=(1, 1), ab_dtype="e4m3")


def _worker() -> dict:
    os.environ["CUTE_DSL_ARCH"] = "sm_100a"
    sys.path.insert(0, ROOT)
    from cute_inspect import ShapeCheckError
    from gemm import _sm100_config
    from gemm.sm100 import compile_only

    out = {"matrix": {}, "rejected": {}, "sabotage": {}}
    for name, kwargs in MATRIX:
        try:
            compile_only(**kwargs)
            out["matrix"][name] = "ok"
        except Exception as exc:  # reported per config by the test
            out["matrix"][name] = f"{type(exc).__name__}: {exc}"
    for name, kwargs, _ in REJECTED:
        try:
            compile_only(**kwargs)
            out["rejected"][name] = "compiled"
        except ValueError as exc:
            out["rejected"][name] = str(exc)

    # Checks are live: a spec whose stage count is off by one must stop the compile.
    real_dims = _sm100_config.Sm100GemmConfig.shape_dims
    for key in ("AB_STAGE", "TMA_B", "T2R_R"):
        def off_by_one(self, key=key):
            dims = real_dims(self)
            dims[key] = dims[key] + 1 if isinstance(dims[key], int) else (dims[key], 1)
            return dims
        _sm100_config.Sm100GemmConfig.shape_dims = off_by_one
        try:
            compile_only()
            out["sabotage"][key] = "compiled"
        except ShapeCheckError as exc:
            out["sabotage"][key] = str(exc)
        finally:
            _sm100_config.Sm100GemmConfig.shape_dims = real_dims

    ptx = {}
    for checks in ("1", "0"):
        os.environ["CUTE_INSPECT_CHECKS"] = checks
        ptx[checks] = compile_only(**PTX_CONFIG).__ptx__
    os.environ["CUTE_INSPECT_CHECKS"] = "1"
    out["ptx"] = ptx["1"]
    out["ptx_1cta_fp8"] = compile_only(**PTX_1CTA_FP8_CONFIG).__ptx__
    out["ptx_identical_without_checks"] = ptx["1"] == ptx["0"]
    return out


def _sweep(stride: int) -> dict:
    """Trace (CUTE_DSL_DRYRUN) every `stride`-th supported combination of tile, dtypes, majors and C (all of
    them with stride 1: about 11 minutes on 2 cores); count failures."""
    import itertools

    os.environ["CUTE_DSL_ARCH"] = "sm_100a"
    os.environ["CUTE_DSL_DRYRUN"] = "1"
    sys.path.insert(0, ROOT)
    from gemm._sm100_config import Sm100GemmConfig
    from gemm.sm100 import compile_only

    modes = [(False, 64, (1, 1)), (False, 128, (1, 1)), (True, 256, (2, 1)), (False, 128, (2, 2)), (True, 256, (4, 2))]
    failures, count, supported = [], 0, 0
    for (two_cta, m, cluster), n, ab, out, a_major, b_major, d_major, with_c in itertools.product(
        modes, range(32, 257, 32), ("fp16", "e4m3"), ("fp16", "fp32"), "km", "kn", "nm", (True, False)
    ):
        kwargs = dict(use_2cta=two_cta, mma_tiler_mn=(m, n), cluster_shape_mn=cluster, ab_dtype=ab,
                      out_dtype=out, a_major=a_major, b_major=b_major, d_major=d_major, with_c=with_c)
        if Sm100GemmConfig(**kwargs).reasons():
            continue
        supported += 1
        if (supported - 1) % stride:
            continue
        count += 1
        try:
            compile_only(**kwargs)
        except Exception as exc:
            failures.append(f"{kwargs}: {type(exc).__name__}: {str(exc).splitlines()[0]}")
    return {"count": count, "supported": supported, "failures": failures}


def test_supported_configs_trace_with_every_check():
    # every 16th of the ~2560 supported configs by default; SM100_SWEEP_STRIDE=1 traces them all
    stride = int(os.environ.get("SM100_SWEEP_STRIDE", "16"))
    env = dict(os.environ, CUTE_DSL_ARCH="sm_100a")
    proc = subprocess.run([sys.executable, os.path.abspath(__file__), "--sweep", str(stride)],
                          capture_output=True, text=True, env=env, cwd=ROOT, timeout=7200)
    assert proc.returncode == 0, proc.stderr[-4000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert out["supported"] > 2000 and out["count"] == -(-out["supported"] // stride)
    assert not out["failures"], "\n".join(out["failures"][:20])


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    return run_worker(__file__, "sm_100a", tmp_path_factory.mktemp("ptx"))


@pytest.mark.parametrize("name", [m[0] for m in MATRIX])
def test_config_compiles_with_every_check(results, name):
    assert results["matrix"][name] == "ok"


@pytest.mark.parametrize("name,reason", [(r[0], r[2]) for r in REJECTED])
def test_unsupported_config_is_rejected_with_reason(results, name, reason):
    assert reason in results["rejected"][name]


@pytest.mark.parametrize("key", ["AB_STAGE", "TMA_B", "T2R_R"])
def test_wrong_spec_fails_the_compile(results, key):
    message = results["sabotage"][key]
    assert message != "compiled"
    assert "does not match" in message


@pytest.mark.parametrize(
    "what,pattern",
    [
        ("2-CTA MMA", r"tcgen05\.mma\.cta_group::2\.kind::f16"),
        ("multicast TMA load", r"cp\.async\.bulk\.tensor\.\dd\.shared::cluster\.global\.\S*multicast::cluster\S*cta_group::2"),
        ("TMEM load", r"tcgen05\.ld\.sync\.aligned\.32x32b"),
        ("TMEM alloc", r"tcgen05\.alloc\.cta_group::2"),
        ("TMEM dealloc", r"tcgen05\.dealloc\.cta_group::2"),
        ("TMA store", r"cp\.async\.bulk\.tensor\.\dd\.global\.shared::cta\.\S*bulk_group"),
        ("mbarrier wait", r"mbarrier\.try_wait\.parity"),
        ("MMA completion to a cluster barrier", r"tcgen05\.commit\.cta_group::2\.mbarrier::arrive::one\.shared::cluster\.multicast::cluster"),
    ],
)
def test_ptx_of_2cta_multicast_config(results, what, pattern):
    assert re.search(pattern, results["ptx"]), f"no {what} ({pattern}) in the PTX"


def test_ptx_of_1cta_fp8_config(results):
    ptx = results["ptx_1cta_fp8"]
    assert re.search(r"tcgen05\.mma\.cta_group::1\.kind::f8f6f4", ptx)
    assert "cta_group::2" not in ptx
    assert "multicast::cluster" not in ptx


def test_ptx_identical_without_checks(results):
    assert results["ptx"]
    assert results["ptx_identical_without_checks"]


def _cli(*args):
    env = dict(os.environ, CUTE_DSL_ARCH="sm_100a")
    return subprocess.run(
        [sys.executable, "-m", "gemm.sm100", *args], capture_output=True, text=True, env=env, cwd=ROOT, timeout=300
    )


def test_cli_compile_only():
    proc = _cli("--mnkl", "512,384,256,2", "--beta", "0.5", "--epilogue", "gelu", "--compile-only")
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "compiled for sm_100a" in proc.stdout


def test_cli_rejects_unsupported_config():
    proc = _cli("--mnkl", "512,512,512,1", "--mma-tiler", "128,128", "--compile-only")
    assert proc.returncode == 2
    assert "MMA tile M 128 is not supported with use_2cta=True" in proc.stderr


def test_cli_runs_on_b200_or_says_why_not():
    proc = _cli("--mnkl", "512,512,512,1", "--beta", "1.0")
    if proc.returncode == 0:
        assert "verified against the fp32 torch reference" in proc.stdout
        assert "TFLOP/s" in proc.stdout
    else:
        assert proc.returncode == 1, proc.stderr[-2000:]
        assert "cannot run here" in proc.stderr and "--compile-only" in proc.stderr


if __name__ == "__main__" and sys.argv[1:] == ["--worker"]:
    print(json.dumps(_worker()))
if __name__ == "__main__" and sys.argv[1:2] == ["--sweep"]:
    print(json.dumps(_sweep(int(sys.argv[2]))))
