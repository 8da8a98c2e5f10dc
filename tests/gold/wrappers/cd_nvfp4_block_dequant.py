"""cuDNN frontend's explicit NVFP4 block-scale dequantizer (cudnn/ops/_nvfp4_block_scale_kernels.py,
`_Nvfp4BlockScaleDequantizeKernel`), any arch (compiled for sm_100a), no MMA: one CTA per row of a (1, M, K) matrix,
each thread one 16-value block: the block's 8 packed E2M1 bytes copied from an 8-value view made over a raw pointer
into registers, recast to 16 E2M1 values, widened to fp32, multiplied by the block's E4M3 scale (read at its F8_128x4
offset through a raw pointer) times the decode scale, converted to bf16 and copied into a 16-value view of the output
row made over a raw pointer. Compiled as `compile_nvfp4_block_scale_dequantize(k=4096)` compiles it (symbolic M
divisible by 128, without its TVM-FFI option).
"""

from _common import cudnn

ARCH = "sm_100a"


def compile_only(k=4096):
    import cutlass
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_compact_tensor, make_fake_stream

    module = cudnn("ops._nvfp4_block_scale_kernels")
    rows = cute.sym_int64(divisibility=128)
    packed = make_fake_compact_tensor(cutlass.Int8, (1, rows, k // 2), stride_order=(2, 1, 0), assumed_align=16)
    scales = make_fake_compact_tensor(cutlass.Float8E4M3FN, (1, rows, k // module.BLOCK_SIZE), stride_order=(2, 1, 0),
                                      assumed_align=16)
    decode = make_fake_compact_tensor(cutlass.Float32, (1, 1, 1), stride_order=(2, 1, 0), assumed_align=4)
    output = make_fake_compact_tensor(cutlass.BFloat16, (1, rows, k), stride_order=(2, 1, 0), assumed_align=16)
    kernel = module._Nvfp4BlockScaleDequantizeKernel(k=k)
    return cute.compile(kernel, packed, scales, decode, output, make_fake_stream(use_tvm_ffi_env_stream=False))
