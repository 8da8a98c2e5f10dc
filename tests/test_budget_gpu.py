"""The budget against the hardware: for our SM80 and SM90 GEMMs at several configs, the shared memory the
driver saw for the launched kernel (CUPTI's kernel record, through torch's profiler: static + dynamic shared
memory, and CuTeDSL kernels have no static shared memory) equals the trace's `smem_bytes` for that compile.

Each config is traced, launched and profiled in a fresh process (this file's `--worker` mode): CuTeDSL reads
its arch once per process, and a profiler session per process keeps the kernel records apart.
"""

import json
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

# (id, gemm module, config fields): tiles, stages, epilogue through SMEM or not; cooperative and pingpong,
# clusters of 2 along M and along N.
CASES = [
    ("sm80_default", "sm80", {}),
    ("sm80_128x128x32_s3", "sm80", {"tile_mnk": (128, 128, 32), "stages": 3}),
    ("sm80_64x64x64_s4_noepi", "sm80", {"tile_mnk": (64, 64, 64), "stages": 4, "smem_epilogue": False}),
    ("sm90_128x256_c2x1", "sm90", {}),
    ("sm90_64x128_pingpong", "sm90", {"tile_m": 64, "tile_n": 128, "pingpong": True}),
    ("sm90_128x128_c1x2", "sm90", {"tile_n": 128, "cluster_m": 1, "cluster_n": 2}),
]
MARKER = {"sm80": "Sm80Gemm", "sm90": "Sm90Gemm"}


def _driver_smem(run, marker: str, trace_path: str) -> list:
    """Launch `run` under torch's profiler; the `shared memory` of each kernel record whose name holds `marker`."""
    from torch.profiler import ProfilerActivity, profile

    run()  # load the module and warm up outside the profiled launch
    torch.cuda.synchronize()
    with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as prof:
        run()
        torch.cuda.synchronize()
    prof.export_chrome_trace(trace_path)
    with open(trace_path, encoding="utf-8") as f:
        events = json.load(f)["traceEvents"]
    return [e["args"]["shared memory"] for e in events
            if str(e.get("cat", "")).lower() == "kernel" and marker in e.get("name", "")
            and "shared memory" in e.get("args", {})]


def _worker(case: str, out_dir: str) -> None:
    sys.path.insert(0, ROOT)
    import cute_inspect

    _id, module, config = next(c for c in CASES if c[0] == case)
    m = n = k = 1024
    a = torch.randn(m, k, device="cuda", dtype=torch.float16)
    b = torch.randn(n, k, device="cuda", dtype=torch.float16)
    d = torch.empty(m, n, device="cuda", dtype=torch.float16)
    if module == "sm80":
        from gemm.sm80 import make_gemm
    else:
        from gemm.sm90 import make_gemm
    with cute_inspect.trace() as t:
        run = make_gemm(a, b, d, config=config)
    # The GEMM's device function is `kernel` (Sm80Gemm.kernel, Sm90Gemm.kernel); the SM90 launcher's occupancy
    # query (cutlass.utils.HardwareInfo) compiles an `_empty_kernel` of its own while traced.
    traced = [r.smem_bytes for name, r in t.resources.items() if name == "kernel"]
    driver = _driver_smem(run, MARKER[module], os.path.join(out_dir, f"{case}.json"))
    print(json.dumps({"traced": traced, "driver": driver}))


def _gpu_arch():
    major, minor = torch.cuda.get_device_capability()
    return major, minor


@pytest.mark.parametrize("case, module", [(c[0], c[1]) for c in CASES], ids=[c[0] for c in CASES])
def test_driver_reports_the_traced_smem_bytes(case, module, tmp_path):
    major, minor = _gpu_arch()
    if module == "sm90" and (major, minor) != (9, 0):
        pytest.skip("the SM90 GEMM needs a Hopper (sm_90) GPU")
    if major < 8:
        pytest.skip("the SM80 GEMM needs an sm_80 or newer GPU")
    env = {key: value for key, value in os.environ.items() if key != "CUTE_DSL_ARCH"}
    if (major, minor) == (9, 0):
        env["CUTE_DSL_ARCH"] = "sm_90a"  # both GEMMs run there; otherwise CuTeDSL detects the GPU
    proc = subprocess.run([sys.executable, os.path.abspath(__file__), "--worker", case, str(tmp_path)],
                          capture_output=True, text=True, cwd=ROOT, env=env, timeout=900)
    assert proc.returncode == 0, proc.stderr[-4000:]
    got = json.loads(proc.stdout.strip().splitlines()[-1])
    assert len(got["traced"]) == 1, got
    assert got["driver"], f"the profiler recorded no {MARKER[module]} kernel (CUPTI unavailable?): {got}"
    assert set(got["driver"]) == {got["traced"][0]}, got


if __name__ == "__main__" and sys.argv[1:2] == ["--worker"]:
    _worker(sys.argv[2], sys.argv[3])
