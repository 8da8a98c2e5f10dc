"""The traffic model's predictions against Nsight Compute on the GPU: every kernel of examples/traffic and our
SM80 and SM90 GEMMs, each shared-memory and global-load class within 10% of the hardware's count."""

import importlib.util
import os
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NCU = os.environ.get("NCU", shutil.which("ncu") or "/usr/local/cuda/bin/ncu")


def _measure_module():
    spec = importlib.util.spec_from_file_location("traffic_measure", ROOT / "examples/traffic/measure.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.gpu
def test_every_prediction_within_ten_percent_of_ncu(tmp_path):
    import torch

    if torch.cuda.get_device_capability() < (9, 0):
        pytest.skip("the SM90 GEMM among the measured kernels needs an sm_90 GPU")
    if not Path(NCU).exists():
        pytest.skip(f"Nsight Compute not found at {NCU} (set NCU=/path/to/ncu)")
    measure = _measure_module()
    predicted = measure.predictions(gpu=True)
    measured = measure.measure(NCU)
    assert len(measured) == len(predicted), "one profiled launch per kernel"
    rows = measure.compare(predicted, measured)
    assert len(rows) >= 30, rows
    wrong = [r for r in rows if not r["ok"]]
    assert not wrong, "\n".join(str(r) for r in wrong)
    sys.stdout.write("\n".join(str(r) for r in rows))
