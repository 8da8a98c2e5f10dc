"""flashinfer's TMA NVFP4 quantizer (flashinfer/quantization/kernels/nvfp4_quantize.py, `NVFP4QuantizeTMAKernel`),
sm_100a, no MMA: warp 0 is a TMA producer and warps 1-8 consumers of a 4-stage `PipelineTmaAsync`. The host lays the
(M, K) bf16 input out as (M, K / 64, 64) and makes a TMA atom for (16 rows, 8 chunks, 64 columns) tiles; the
producer loads each (row tile, 512-column chunk) into a stage of a 128B-swizzled SMEM buffer; each consumer thread
reads its 16 values of two rows from a flat view of the same buffer by hand (swizzled addresses, `ld.shared.v4`),
computes the block's E4M3 scale, stores it at its 128x4-swizzled offset in the flat scale vector element by element,
and stores the 16 E2M1 codes as one 64-bit word through a raw pointer into the output row. Compiled as
`_get_compiled_kernel_nvfp4_tma` compiles it (bf16, K 4096, 128x4 scales, no PDL, fast math, global scale a
tensor), without its TVM-FFI option.
"""

from _fi_nvfp4_quant import fake_quantizer_operands, nvfp4_quantize_module

ARCH = "sm_100a"


def compile_only(k=4096):
    import cutlass
    from cutlass import Int32, cute

    module = nvfp4_quantize_module()
    kernel = module.NVFP4QuantizeTMAKernel(cutlass.BFloat16, k, sf_layout=module.SF_LAYOUT_128x4)
    x, out, scales, _ = fake_quantizer_operands(k)
    global_scale = cute.runtime.make_fake_compact_tensor(cutlass.Float32, (1,), assumed_align=4)
    return cute.compile(kernel, x, out, scales, Int32(1), Int32(1024), Int32(1), global_scale,
                        cute.runtime.make_fake_stream())
