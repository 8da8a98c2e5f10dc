"""Torch-side helpers shared by the GEMM front ends: operand checks, (rows, cols, L) views, references.

Nothing here imports torch at module import time: the kernels compile on machines without it.
"""
from __future__ import annotations

import math

DTYPE_NAMES = ("fp16", "bf16")


def parse_ints(text: str, count: int, what: str) -> tuple:
    """'4096,4096,4096,1' -> (4096, 4096, 4096, 1), with a one-line error naming `what`."""
    try:
        values = tuple(int(v) for v in text.split(","))
    except ValueError:
        raise ValueError(f"{what} must be {count} comma-separated integers, got {text!r}") from None
    if len(values) != count or min(values) < 1:
        raise ValueError(f"{what} must be {count} comma-separated positive integers, got {text!r}")
    return values


def missing_cuda() -> str | None:
    """Why a GEMM cannot run here (no PyTorch, no CUDA GPU), or None when it can."""
    try:
        import torch
    except ImportError:
        return "PyTorch is not installed"
    if not torch.cuda.is_available():
        return "no CUDA GPU is visible"
    return None


def torch_dtype(name: str):
    import torch

    table = {"fp16": torch.float16, "bf16": torch.bfloat16, "e4m3": torch.float8_e4m3fn,
             "e5m2": torch.float8_e5m2}
    if name not in table:
        raise ValueError(f"dtype must be one of {sorted(table)}, got {name!r}")
    return table[name]


def _fp8_types() -> dict:
    import cutlass
    import torch

    return {torch.float8_e4m3fn: cutlass.Float8E4M3FN, torch.float8_e5m2: cutlass.Float8E5M2}


def cutlass_dtype(torch_dt):
    import cutlass
    import torch

    table = {
        torch.float16: cutlass.Float16,
        torch.bfloat16: cutlass.BFloat16,
        torch.float32: cutlass.Float32,
        **_fp8_types(),
    }
    if torch_dt not in table:
        raise TypeError(f"tensor dtype must be one of {list(table)}, got {torch_dt}")
    return table[torch_dt]


def batched(t, name: str):
    """A 2-D (rows, cols) or 3-D (L, rows, cols) torch tensor as a 3-D (L, rows, cols) view."""
    if t.dim() == 2:
        return t.unsqueeze(0)
    if t.dim() == 3:
        return t
    raise ValueError(f"{name} must be 2-D (rows, cols) or 3-D (L, rows, cols), got shape {tuple(t.shape)}")


def cuda_operands(a, b, d, c=None):
    """The operands as (L, rows, cols) views with their extents checked against one another, on the GPU and
    aligned for TMA: (a3, b3, d3, c3, (m, n, k, l)); c3 is None without C."""
    a3, b3, d3 = batched(a, "a"), batched(b, "b"), batched(d, "d")
    c3 = batched(c, "c") if c is not None else None
    l, m, k = a3.shape
    n = b3.shape[1]
    if b3.shape != (l, n, k):
        raise ValueError(f"b must be (L, N, K) = ({l}, N, {k}) to match a {tuple(a3.shape)}, got {tuple(b3.shape)}")
    for name, t in (("d", d3), ("c", c3)):
        if t is not None and t.shape != (l, m, n):
            raise ValueError(f"{name} must be (L, M, N) = ({l}, {m}, {n}), got {tuple(t.shape)}")
    for name, t in (("a", a3), ("b", b3), ("d", d3), ("c", c3)):
        if t is not None:
            if not t.is_cuda:
                raise ValueError(f"{name} must be a CUDA tensor")
            check_alignment(t, name)
    return a3, b3, d3, c3, (m, n, k, l)


def major_of(t3, name: str, col_letter: str, row_letter: str) -> str:
    """Which mode of a (L, rows, cols) view is contiguous: `col_letter` (stride 1 on cols) or `row_letter`."""
    if t3.stride(2) == 1:
        return col_letter
    if t3.stride(1) == 1:
        return row_letter
    raise ValueError(
        f"{name} must be contiguous along one of its last two dims, got strides {tuple(t3.stride())}"
    )


def check_alignment(t3, name: str):
    """TMA needs 16-byte aligned base addresses and 16-byte multiples for every non-unit stride."""
    esize = t3.element_size()
    if t3.data_ptr() % 16:
        raise ValueError(f"{name} must start at a 16-byte aligned address")
    for s, extent in zip(t3.stride(), t3.shape, strict=True):
        if s != 1 and extent > 1 and (s * esize) % 16:
            raise ValueError(
                f"{name}'s strides {tuple(t3.stride())} must be multiples of {16 // esize} elements "
                "(16 bytes) for TMA"
            )


def to_cute(t3, leading_dim: int):
    """(L, rows, cols) torch view -> (rows, cols, L) cute tensor with a dynamic layout."""
    import torch
    from cutlass.cute.runtime import from_dlpack

    fp8 = _fp8_types().get(t3.dtype)
    # DLPack has no fp8 codes in every torch: hand over the bytes and name the type on the cute side.
    source = t3.view(torch.uint8) if fp8 else t3
    tensor = from_dlpack(source.permute(1, 2, 0), assumed_align=16)
    if fp8:
        tensor.element_type = fp8
    return tensor.mark_layout_dynamic(leading_dim=leading_dim)


def reference(a, b, *, c=None, alpha=1.0, beta=0.0, epilogue=None):
    """fp32 epilogue(alpha * a @ b^T + beta * c), batched like the inputs."""
    from gemm._common_epilogue import torch_epilogue

    acc = alpha * (a.float() @ b.float().mT)
    if c is not None:
        acc = acc + beta * c.float()
    return torch_epilogue(epilogue)(acc)


def rel_frobenius_error(out, ref) -> float:
    """||out - ref|| / ||ref|| in fp64; NaN anywhere in `out` (an unwritten poisoned element) gives inf."""
    import torch

    out64 = out.double()
    if not torch.isfinite(out64).all():
        return math.inf
    ref64 = ref.double()
    return (torch.linalg.vector_norm(out64 - ref64) / torch.linalg.vector_norm(ref64)).item()


def tflops(m: int, n: int, k: int, l: int, ms: float) -> float:
    return 2.0 * m * n * k * l / (ms * 1e-3) / 1e12
