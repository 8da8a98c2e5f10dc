"""Elementwise epilogue ops shared by the GEMMs: applied to fp32 values in registers before the store.

An op is a function of a `cute.TensorSSA` traced into the kernel. Named ops also carry the name of their
torch twin, so tests and the command line can build the reference without importing torch here.
"""
from __future__ import annotations

from typing import Callable, Optional, Union

import cutlass.cute as cute

# sqrt(2 / pi), the tanh approximation's scale (the one torch's gelu(approximate="tanh") uses).
_GELU_SCALE = 0.7978845608028654
_GELU_CUBIC = 0.044715


def relu(x):
    return cute.where(x > 0.0, x, 0.0)


def gelu(x):
    inner = (x + x * x * x * _GELU_CUBIC) * _GELU_SCALE
    return x * (cute.math.tanh(inner) + 1.0) * 0.5


EPILOGUES = {"relu": relu, "gelu": gelu}


def resolve_epilogue(epilogue: Union[str, Callable, None]) -> Optional[Callable]:
    """The traceable op for a name in `EPILOGUES`, a callable (kept as is) or None."""
    if epilogue is None or callable(epilogue):
        return epilogue
    if epilogue not in EPILOGUES:
        raise ValueError(f"epilogue must be one of {sorted(EPILOGUES)} or a callable, got {epilogue!r}")
    return EPILOGUES[epilogue]


def torch_epilogue(epilogue: Optional[str]):
    """The torch function computing the named op, for references (imports torch)."""
    import torch

    refs = {
        None: lambda x: x,
        "relu": torch.relu,
        "gelu": lambda x: torch.nn.functional.gelu(x, approximate="tanh"),
    }
    if epilogue not in refs:
        raise ValueError(f"no torch reference for epilogue {epilogue!r}; known: {sorted(EPILOGUES)}")
    return refs[epilogue]
