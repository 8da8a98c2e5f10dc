"""The torch stand-in that lets the gold set's wrappers import kernel packages without torch
(`examples/corpus/_sources.py`): its dtypes read as torch's do where kernels read them at compile time."""

import sys
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent.parent / "examples" / "corpus"))

import _sources  # noqa: E402


def test_a_stand_in_dtype_prints_as_torch_writes_it():
    torch = _sources._TorchStandIn("torch")
    # attn-gym builds compile names from str(io_dtype); CuTeDSL refuses a name with `<... object at 0x...>`
    assert str(torch.bfloat16) == "torch.bfloat16"
    assert f"{torch.float32}".removeprefix("torch.") == "float32"
    assert isinstance(torch.bfloat16, torch.dtype) and torch.bfloat16.itemsize == 2
