"""sglang's TGV low-latency Blackwell bf16 GEMM (sglang/kernels/ops/gemm/cutedsl_bf16_gemm.py,
TgvGemmCuteExtKernel: a cute.experimental port of flashinfer's C++ `tgv_gemm.cuh`, raw mbarriers, one TMA warp per
operand, one tcgen05 MMA warp, four epilogue warps that read TMEM, add a per-feature bias and store to global memory
with st.global), sm_100a, compiled as `_get_compiled_cute_ext_kernel` compiles it for `_run_tgv` with a bias:
tactic 1 (the default: a 64 x 8 CTA tile, K 128, 8 stages, 1-CTA), the runner's A<->B swap (the kernel's A is the
weight (1, features, K), its B the activations (1, K, tokens), its C the output (1, features, tokens)), every
tensor K-major (C feature-major) with dynamic extents, as `mark_layout_dynamic` marks them, the bias (1, features,
tokens) broadcast with strides (0, 1, 0), by `_bmm_bias`.
"""

from _common import sglang, stream

ARCH = "sm_100a"


def _dynamic_tensor(dtype, strides, align=32):
    """A (L, rows, columns) tensor with run-time extents; a stride of None is a run-time one (16-byte steps)."""
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_tensor

    stride = tuple(cute.sym_int(divisibility=16) if s is None else s for s in strides)
    return make_fake_tensor(dtype, tuple(cute.sym_int() for _ in strides), stride=stride, assumed_align=align)


def compile_only(tactic=1):
    import cutlass
    from cutlass.cute import experimental as cute_ext

    module = sglang("kernels.ops.gemm.cutedsl_bf16_gemm",
                    host_only=("kernels.kernel_api_logging", "srt.utils", "srt.utils.common"))
    cta_m, cta_n, stages, use_2cta = module._resolve_tactic(tactic)
    gemm = module.TgvGemmCuteExtKernel(acc_dtype=cutlass.Float32, cta_m=cta_m, cta_n=cta_n, cta_k=module._TGV_CUTE_EXT_CTA_K,
                                       num_ab_stage=stages, use_2cta=use_2cta, use_pdl=False, has_bias=True,
                                       out_dtype=cutlass.BFloat16)
    weight = _dynamic_tensor(cutlass.BFloat16, (None, None, 1))          # (L, features, K), K contiguous
    activations = _dynamic_tensor(cutlass.BFloat16, (None, 1, None))     # (L, K, tokens), K contiguous
    output = _dynamic_tensor(cutlass.BFloat16, (None, 1, None))          # (L, features, tokens), features contiguous
    bias = _dynamic_tensor(cutlass.BFloat16, (0, 1, 0), align=2)         # (L, features, tokens): one per feature
    return cute_ext.compile(module._bmm_bias, gemm, weight, activations, output, bias, stream())
