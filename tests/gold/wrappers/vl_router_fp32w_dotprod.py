"""vLLM's FP32-weight router GEMM, CTA dot-product kernel (vllm/model_executor/kernels/linear/cute_dsl/
_ll_fp32w_dotprod.py, `LLFp32WDotprod`), sm_90a: C[M, N] = A[M, K] B[N, K]^T for a handful of tokens, no MMA: one CTA
per pair of experts (epb 2), two token groups (the block's y), each thread walking a K stripe with 8-wide vector loads
of A and B, fp32 dot products, warp-shuffle sums, a cross-warp SMEM buffer and one thread per token storing C.
Compiled as `ll_fp32w.LLFp32WGemm.compile` compiles it for the router shape K 6144, N 256 experts (fp32 weights;
`ll_bf16.py`'s shape list names it GLM5.2's) at M 8 bf16 tokens: `_TUNED_DOTPROD_CONFIGS[(6144, 256)][8]` gives bs 128,
token_groups 2, epb 2; K 6144 is 6 main vector tiles (no tail or scalar remainder); `make_fake_gemm_tensors` (M and K
static, N dynamic, row strides divisible by 8), PDL on, `--enable-tvm-ffi`.
"""

from _common import quack, vllm

ARCH = "sm_90a"


def compile_only(m=8, k=6144):
    import cutlass
    from cutlass import cute

    module = vllm("model_executor.kernels.linear.cute_dsl._ll_fp32w_dotprod")
    make_fake_tensor = quack("compile_utils").make_fake_tensor
    n = cute.sym_int()
    hidden_states = make_fake_tensor(cutlass.BFloat16, (m, k), divisibility=8)
    router_weight = make_fake_tensor(cutlass.Float32, (n, k), divisibility=8)
    output = make_fake_tensor(cutlass.Float32, (m, n), divisibility=1)
    kernel = module.LLFp32WDotprod(m=m, k=k, bs=128, token_groups=2, epb=2, use_pdl=True)
    return cute.compile(kernel, hidden_states, router_weight, output, 1, cute.runtime.make_fake_stream(),
                        options="--enable-tvm-ffi")
