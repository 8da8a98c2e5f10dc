"""flashinfer's b12x standalone BF16 -> NVFP4 quantization with a TMA packed-output store (flashinfer/experimental/
b12x/quantization/nvfp4/_kernel.py, `Bf16ToFp4TmaKernel`), sm_120a, no MMA: a persistent loop over 128 x 128 tiles;
each thread takes 16-value scale blocks of a row, reads them element by element from the bf16 input (amax, then
two 8-value register groups scaled and packed to E2M1), writes the packed bytes by hand into a swizzled SMEM tile laid
out for a later MMA's A operand and the E4M3 scales into a flat SMEM staging buffer at their 128x4-swizzled offsets;
warp 0 TMA-stores the packed tile, every thread flushes the scales byte by byte. Compiled as `compile_bf16_to_fp4_tma`
compiles it (M 256, K 4096, the "retain" liveness strategy, 132 persistent CTAs), with plain `cute.compile`.
"""

from _common import flashinfer

ARCH = "sm_120a"


def compile_only(m=256, k=4096, ctas=132):
    import cutlass
    from cutlass import cute

    module = flashinfer("experimental.b12x.quantization.nvfp4._kernel")
    x = cute.runtime.make_fake_compact_tensor(cutlass.BFloat16, (m, k), stride_order=(1, 0), assumed_align=16)
    global_scale = cute.runtime.make_fake_compact_tensor(cutlass.Float32, (1,), assumed_align=4)
    packed = cute.runtime.make_fake_compact_tensor(cutlass.Float4E2M1FN, (m, k, 1), stride_order=(1, 0, 2),
                                                   assumed_align=16)
    scales = cute.runtime.make_fake_compact_tensor(cutlass.Uint8, (m * k // 16,), assumed_align=16)
    return cute.compile(module.Bf16ToFp4TmaKernel("retain"), x, global_scale, packed, scales, ctas,
                        cute.runtime.make_fake_stream())
