"""vLLM's BF16 router GEMM by CTA dot products (vllm/model_executor/kernels/linear/cute_dsl/_ll_bf16_dotprod.py,
`LLBf16Dotprod`), sm_100a: C[M, N] = A[M, K] B[N, K]^T for up to 4 tokens, bf16 A and B, fp32 C, no MMA: one CTA per
output column (expert), its threads striping K with 8-wide vector loads, one fp32 dot product per token, warp-shuffle
sums, a cross-warp SMEM buffer and thread 0 storing the column. Compiled as `ll_bf16.LLBf16Gemm._compile_dotprod`
compiles it for `ll_bf16_gemm_c1_pdl_kernel` (`prefetch_pdl_weights=True`: the CTA's weight stripe is loaded into
registers before the PDL wait) on the GLM5.2 router shape K 6144, N 256 at M 4, where `dispatch` picks the SM100f tuned
bs 256 (3 main vector tiles, all prefetched; no tail or scalar remainder); `make_fake_gemm_tensors` (M and K static, N
symbolic, divisibility 8), PDL on (Blackwell), `--enable-tvm-ffi`.
"""

from _common import quack, vllm

ARCH = "sm_100a"


def compile_only(m=4, k=6144):
    import cutlass
    from cutlass import cute

    module = vllm("model_executor.kernels.linear.cute_dsl._ll_bf16_dotprod")
    make_fake_tensor = quack("compile_utils").make_fake_tensor
    n = cute.sym_int()
    hidden_states = make_fake_tensor(cutlass.BFloat16, (m, k), divisibility=8)
    router_weight = make_fake_tensor(cutlass.BFloat16, (n, k), divisibility=8)
    output = make_fake_tensor(cutlass.Float32, (m, n), divisibility=1)
    gemm = module.LLBf16Dotprod(k=k, bs=256, use_pdl=True, prefetch_pdl_weights=True)
    return cute.compile(gemm, hidden_states, router_weight, output, m, k, 1, cute.runtime.make_fake_stream(),
                        options="--enable-tvm-ffi --ptxas-options -maxrregcount=64")
