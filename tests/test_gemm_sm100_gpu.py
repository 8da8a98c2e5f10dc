"""The SM100 GEMM on a B200: run, check against the fp32 torch reference, for several configurations.

Skipped unless a compute-capability-10.0 GPU is present. Each case runs `python -m gemm.sm100` in a
fresh process (the DSL's target arch is fixed per process; other GEMMs in this session use sm_90a).
"""

import os
import subprocess
import sys

import pytest

try:
    import torch
except ImportError:  # collected all the same: conftest.py skips every gpu test without torch, saying why
    torch = None

pytestmark = pytest.mark.gpu

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.fixture(autouse=True)
def _need_b200():
    if not (torch.cuda.is_available() and torch.cuda.get_device_capability() == (10, 0)):
        pytest.skip("needs a B200 (compute capability 10.0)")


CASES = [
    ("2cta_default_beta", "4096,4096,4096,1", ["--beta", "1.0"]),
    ("2cta_ragged_batched", "1000,520,328,3", ["--beta", "0.5", "--alpha", "2.0"]),
    ("2cta_256x256_cluster2x2_relu", "4096,4096,1024,1", ["--mma-tiler", "256,256", "--cluster", "2,2", "--epilogue", "relu"]),
    ("2cta_cluster4x2_bf16_fp32out", "2048,2048,2048,2", ["--cluster", "4,2", "--ab-dtype", "bf16", "--out-dtype", "fp32", "--beta", "1.0"]),
    ("1cta_128x128_mn_majors", "1024,1024,1024,1", ["--no-use-2cta", "--mma-tiler", "128,128", "--cluster", "1,1",
                                                    "--a-major", "m", "--b-major", "n", "--d-major", "m", "--beta", "1.0"]),
    ("1cta_128x256_cluster1x2_gelu", "2048,4096,512,1", ["--no-use-2cta", "--mma-tiler", "128,256", "--cluster", "1,2", "--epilogue", "gelu"]),
    ("2cta_fp8_e4m3", "4096,4096,4096,1", ["--ab-dtype", "e4m3", "--out-dtype", "bf16", "--mma-tiler", "256,256"]),
    ("2cta_fp8_e5m2_mmajorA", "2048,2048,2048,1", ["--ab-dtype", "e5m2", "--a-major", "m"]),
]


@pytest.mark.parametrize("name,mnkl,args", CASES, ids=[c[0] for c in CASES])
def test_runs_and_matches_reference(name, mnkl, args):
    env = dict(os.environ, CUTE_DSL_ARCH="sm_100a")
    proc = subprocess.run(
        [sys.executable, "-m", "gemm.sm100", "--mnkl", mnkl, "--iterations", "2", "--warmup", "1", *args],
        capture_output=True, text=True, env=env, cwd=ROOT, timeout=600,
    )
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-4000:]
    assert "verified against the fp32 torch reference" in proc.stdout
