"""flashinfer's per-token NVFP4 quantizer (flashinfer/quantization/kernels/nvfp4_quantize.py,
`NVFP4QuantizePerTokenKernel`), sm_100a, no MMA: one CTA per token row (padding rows past M only zero their scale
slots). The row is reached through 64-bit byte addresses: a thread lays the input row (K values) and the packed
output row (K / 2 bytes) by hand over `make_ptr` of the parameter's address plus row * K; in the register-resident
path each thread loads its 16-value blocks once (two `ld.global.v4` each), the row's amax is reduced over the warp
and over the CTA through a (1, warps) SMEM buffer, a per-token scale is written, then each block's E4M3 scale is
stored at its 128x4-swizzled offset element by element and its 16 E2M1 codes as one 64-bit word into the output row.
Compiled as its cached `_get_compiled_kernel_nvfp4_per_token` path builds it (bf16, K 4096, 128x4 scales, no PDL,
fast math, the default CTA width for K 4096), plain `cute.compile`.
"""

from _fi_nvfp4_quant import fake_quantizer_operands, nvfp4_quantize_module

ARCH = "sm_100a"


def compile_only(k=4096):
    import cutlass
    from cutlass import Int32, cute

    module = nvfp4_quantize_module()
    kernel = module.NVFP4QuantizePerTokenKernel(cutlass.BFloat16, k, sf_layout=module.SF_LAYOUT_128x4)
    x, out, scales, rows = fake_quantizer_operands(k)
    per_token = cute.runtime.make_fake_compact_tensor(cutlass.Float32, (rows,), assumed_align=4)
    global_scale_inv = cute.runtime.make_fake_compact_tensor(cutlass.Float32, (1,), assumed_align=4)
    out_scale = cute.runtime.make_fake_compact_tensor(cutlass.Float32, (1,), assumed_align=4)
    return cute.compile(kernel, x, out, scales, per_token, Int32(1), Int32(1), global_scale_inv, out_scale,
                        cute.runtime.make_fake_stream())
