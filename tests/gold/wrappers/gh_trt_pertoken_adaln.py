"""NVIDIA/TensorRT-LLM's fused per-token AdaLN (tensorrt_llm/_torch/cute_dsl_kernels/blackwell/pertoken_adaln/
pertoken_adaln.py, `PerTokenAdaLN.kernel`), no MMA, no SMEM tiles: one CTA per (batch, sequence) token row, D / vec
threads, each owning `vec` contiguous elements of the row. Every operand goes through one helper, `slice_if`: a
[B, S, D] operand is `local_tile`d to the CTA's (1, 1, D) row and sliced to D, a [D] fp32 table row taken whole, then
partitioned by a 128-bit universal TiledCopy (`partition_S`) with a register fragment of the partition's shape; all
loads are `autovec_copy`s issued up front, residual_out = residual + x is rounded and stored, its LayerNorm statistics
reduced by shuffles and a CTA SMEM reduce (pertoken_adaln/reduce.py), and y = LN(res_out) (1 + table_scale +
scale_chunk) + table_shift + shift_chunk stored by the same copies.

Configured as `fused_pertoken_adaln_residual` compiles it for the WAN norm3 site (gate absent, weight / bias absent,
shift / scale chunks and table rows present; vec 8, the op's only residual vec) through `_launch`'s
`_to_fake_cute_arg`: each [B, S, D] bf16 operand a fake tensor with run-time B, S and outer strides divisible by D,
D static, assumed_align 32; the [D] fp32 table rows likewise (stride 1); the absent operands the op's Int32
placeholders (1 for gate / table_gate / weight, 0 for bias); eps Float32, a stream. D = 3072 (the WAN shape the file
names, 12 warps). Helper module pertoken_adaln/reduce.py read at b744e0a52a48450e1b2da435494f602fcd45a1b3 (its stored
version; the vendored SGLang reduce). torch is the stand-in (the file imports it for its custom-op registration); the
stand-in's `torch.Tag` gets the `needs_fixed_stride_order` member the registrations name (the shim).
"""

from _common import github_source

SOURCE = ("NVIDIA/TensorRT-LLM", "5021c0b128ab1990a0ae3449f82ffa531de915fc")
ARCH = "sm_100a"

_PACKAGE = "tensorrt_llm._torch.cute_dsl_kernels.blackwell.pertoken_adaln"


def _bsd(dtype, d):
    from cutlass import cute

    shape = (cute.sym_int(), cute.sym_int(), d)
    stride = (cute.sym_int(divisibility=d), cute.sym_int(divisibility=d), 1)
    return cute.runtime.make_fake_tensor(dtype, shape, stride, memspace=cute.AddressSpace.gmem, assumed_align=32)


def _row(d):
    import cutlass
    from cutlass import cute

    return cute.runtime.make_fake_tensor(cutlass.Float32, (d,), (1,), memspace=cute.AddressSpace.gmem,
                                         assumed_align=32)


def compile_only():
    import cutlass
    from cutlass import cute

    from _common import stream

    github_source(SOURCE[0], ".", f"{_PACKAGE}.reduce")  # installs the torch stand-in first
    import torch

    if not hasattr(torch, "__file__"):  # the stand-in, not a real torch
        torch.Tag.needs_fixed_stride_order = "needs_fixed_stride_order"
    mod = github_source(SOURCE[0], ".", f"{_PACKAGE}.pertoken_adaln")
    d, bf16 = 3072, cutlass.BFloat16
    y, residual_out, residual, x = (_bsd(bf16, d) for _ in range(4))
    shift_chunk, scale_chunk = _bsd(bf16, d), _bsd(bf16, d)
    table_shift, table_scale = _row(d), _row(d)
    absent = (cutlass.Int32(1), cutlass.Int32(1), cutlass.Int32(1), cutlass.Int32(0))  # gate, table_gate, weight, bias
    kernel = mod.PerTokenAdaLN(d, 8)
    return cute.compile(kernel, y, residual_out, residual, x, *absent, shift_chunk, scale_chunk, table_shift,
                        table_scale, cutlass.Float32(1e-6), stream())
