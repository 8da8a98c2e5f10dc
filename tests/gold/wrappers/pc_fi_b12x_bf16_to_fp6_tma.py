"""flashinfer b12x's standalone BF16 -> MX-FP6 TMA quantizer (flashinfer/experimental/b12x/quantization/mxfp6/
bf16_to_fp6_tma.py, `TestKernel`, which `compile_bf16_to_fp6_tma` compiles as `FP6TestKernel`), sm_120a, built as
`compile_bf16_to_fp6_tma(4096, 4096)` builds it for a MoE weight (fp6_moe_weights' call: fmt "e3m2", emit "packed",
per_row off): bf16 input (4096, 4096) and the (1,) f32 global scale as fake compact tensors, the packed output (4096,
3072, 1) uint8 (stride order (1, 0, 2)), the scale buffer a gmem E8M0 pointer (address 16, 16-byte aligned), mac 170
(an RTX 5090's SM count: the grid size only)."""

from _common import b12x, stream

ARCH = "sm_120a"

M, K, MAC = 4096, 4096, 170


def compile_only():
    import cutlass
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_compact_tensor, make_ptr

    module = b12x("quantization.mxfp6.bf16_to_fp6_tma")
    x = make_fake_compact_tensor(cutlass.BFloat16, (M, K), stride_order=(1, 0), assumed_align=16)
    gs = make_fake_compact_tensor(cutlass.Float32, (1,), assumed_align=4)
    packed = make_fake_compact_tensor(cutlass.Uint8, (M, 3 * K // 4, 1), stride_order=(1, 0, 2), assumed_align=16)
    sfa = make_ptr(cutlass.Float8E8M0FNU, 16, cute.AddressSpace.gmem, assumed_align=16)
    return cute.compile(module.TestKernel("e3m2", emit="packed"), x, gs, packed, sfa, MAC, stream())
