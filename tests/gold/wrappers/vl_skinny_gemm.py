"""vLLM's shape-dynamic skinny GEMM (vllm/model_executor/kernels/linear/cute_dsl/_skinny_gemm.py, `CuteSkinnyGemm`),
sm_100a: C[M, N] = A[M, K] B[N, K]^T (+ residual) for 1 to 16 tokens, no MMA: one CTA per `outputs_per_block` output
columns, each thread walking its K stripe with 8-wide vector loads of the M rows of A and of the CTA's rows of B into
registers, fp32 dot products, warp-shuffle sums, a cross-warp SMEM buffer of partials and thread 0 adding them (and the
residual) and storing C. Compiled as `skinny_gemm.ShapeDynamicSkinnyGemm._compile` compiles it for the configuration
its `_config(m, n, k)` picks at M 4, N 2048, K 4096 (block 128, 2 outputs per block, K unrolled 2, 8-wide vectors, K
dynamic): quack's `make_fake_tensor` with N and K symbolic, with the residual, PDL on (Blackwell), `--enable-tvm-ffi`.
"""

from _common import quack, vllm

ARCH = "sm_100a"


def compile_only(m=4):
    import cutlass
    from cutlass import cute

    module = vllm("model_executor.kernels.linear.cute_dsl._skinny_gemm")
    make_fake_tensor = quack("compile_utils").make_fake_tensor
    block_size, outputs_per_block, vector_width = 128, 2, 8
    bf16 = cutlass.BFloat16
    n = cute.sym_int(divisibility=outputs_per_block)
    k = cute.sym_int(divisibility=block_size * vector_width)
    a = make_fake_tensor(bf16, (m, k), divisibility=vector_width)
    b = make_fake_tensor(bf16, (n, k), divisibility=vector_width)
    c = make_fake_tensor(bf16, (m, n), divisibility=1)
    residual = make_fake_tensor(bf16, (m, n), divisibility=1)
    kernel = module.CuteSkinnyGemm(element_type=bf16, num_rows=m, block_size=block_size,
                                   outputs_per_block=outputs_per_block, vector_width=vector_width, k_unroll=2,
                                   has_residual=True, use_pdl=True)
    return cute.compile(kernel, a, b, residual, c, cute.runtime.make_fake_stream(),
                        options="--enable-tvm-ffi --ptxas-options -maxrregcount=64")
