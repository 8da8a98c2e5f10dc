"""cuDNN frontend's explicit NVFP4 block-scale quantizer (cudnn/ops/_nvfp4_block_scale_kernels.py,
`_Nvfp4BlockScaleQuantizeKernel`), any arch (compiled for sm_100a), no MMA: one CTA per row of a (1, M, K) bf16
matrix, each thread one contiguous 16-value block of the row: a 16-value vector view made over a raw pointer at the
block's offset, copied into registers by autovec_copy, scaled by the tensor's encode scale into fp32, its amax turned
into an E4M3 scale, the values normalized, converted to E2M1 and stored as one 64-bit word through a raw pointer, the
scale byte stored at its F8_128x4 (swizzled) offset. Compiled as `compile_nvfp4_block_scale_quantize(k=4096)` compiles
it (symbolic M divisible by 128, without its TVM-FFI option).
"""

from _common import cudnn

ARCH = "sm_100a"


def compile_only(k=4096):
    import cutlass
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_compact_tensor, make_fake_stream

    module = cudnn("ops._nvfp4_block_scale_kernels")
    rows = cute.sym_int64(divisibility=128)
    x = make_fake_compact_tensor(cutlass.BFloat16, (1, rows, k), stride_order=(2, 1, 0), assumed_align=16)
    encode = make_fake_compact_tensor(cutlass.Float32, (1, 1, 1), stride_order=(2, 1, 0), assumed_align=4)
    packed = make_fake_compact_tensor(cutlass.Int8, (1, rows, k // 2), stride_order=(2, 1, 0), assumed_align=16)
    scales = make_fake_compact_tensor(cutlass.Float8E4M3FN, (1, rows, k // module.BLOCK_SIZE), stride_order=(2, 1, 0),
                                      assumed_align=16)
    kernel = module._Nvfp4BlockScaleQuantizeKernel(k=k)
    return cute.compile(kernel, x, encode, packed, scales, make_fake_stream(use_tvm_ffi_env_stream=False))
