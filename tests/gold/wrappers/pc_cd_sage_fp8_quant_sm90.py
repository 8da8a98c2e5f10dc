"""cuDNN frontend's Sage FP8 quantization of block-sparse attention's Q / K / V (cudnn/block_sparse_attention/
_fp8_quant.py, `_SageFp8Quantizer`: seven CuTe DSL kernels launched by one `__call__`), sm_90a, built as
`_quantize_sage_bhsd(q, k, v, v_layout="bhds")` builds it on Hopper (the SM90 FP8 forward requires the BHDS V
layout): `_SageFp8Quantizer(is_sm120=False, v_block_size=0, v_layout="bhds", is_sm90=True)` compiled with the twelve
tensors as `_to_dynamic_cute_tensor` makes them (each flattened by `view(-1)`, `to_cute_tensor(..., assumed_align=16,
fully_dynamic=True)`: rank-1, run-time extent, stride 1): Q / K / V bf16, their E4M3 outputs, the Q / K / V scales,
the K-mean partials and mean and the V amax partials (f32), then Int32 batch, heads, seqlen_q, seqlen_k, the K / V
chunk counts, the Float32 seqlen_k and a stream. Head dim 128 (the only one)."""

from _common import cudnn, dynamic_layout, stream

ARCH = "sm_90a"


def compile_only():
    import cutlass
    from cutlass import cute

    module = cudnn("block_sparse_attention._fp8_quant")
    quantizer = module._SageFp8Quantizer(is_sm120=False, v_block_size=0, v_layout="bhds", is_sm90=True)
    bf16, fp8, f32 = cutlass.BFloat16, cutlass.Float8E4M3FN, cutlass.Float32
    tensors = [dynamic_layout(t, 1) for t in (bf16, bf16, bf16, fp8, fp8, fp8, f32, f32, f32, f32, f32, f32)]
    ints = [cutlass.Int32(1) for _ in range(6)]
    return cute.compile(quantizer, *tensors, *ints, cutlass.Float32(1.0), stream())
