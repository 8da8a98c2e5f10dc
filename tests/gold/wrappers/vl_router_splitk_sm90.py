"""vLLM's BF16 router GEMM, clustered split-K (vllm/model_executor/kernels/linear/cute_dsl/_ll_bf16_splitk.py,
`LLBf16SplitK`), sm_90a: C[M, N] = A[M, K] B[N, K]^T for 16-token tiles, 4 DMA warps staging A and B by 128-bit
cp.async into a swizzled SMEM ring, 4 MMA warps (m16n8k16 mma.sync, ldmatrix) each taking a quarter of a K tile's
k-blocks, per-warp partials summed through SMEM, then the split-K CTAs of one cluster exchange partials through DSMEM.
Compiled as `ll_bf16.LLBf16Gemm._compile_splitk` compiles it on an H100 for DeepSeek-V4-Flash's router (K 4096,
N 256 experts, M 8 tokens: `_SM90_TUNED_SPLITK_CONFIGS` gives split_k 8, 2 stages; tile_n 16, tile_k 256, fp32
output), PDL on (`is_arch_support_pdl` on SM90), with `make_fake_gemm_tensors`' fake tensors (M, K, N dynamic, row
strides divisible by 8, K contiguous) and `--enable-tvm-ffi`.
"""

from _common import quack, vllm

ARCH = "sm_90a"


def compile_only(split_k=8, num_stages=2):
    import cutlass
    from cutlass import cute
    module = vllm("model_executor.kernels.linear.cute_dsl._ll_bf16_splitk")
    make_fake_tensor = quack("compile_utils").make_fake_tensor
    m, k, n = cute.sym_int(), cute.sym_int(), cute.sym_int()
    hidden_states = make_fake_tensor(cutlass.BFloat16, (m, k), divisibility=8)
    router_weight = make_fake_tensor(cutlass.BFloat16, (n, k), divisibility=8)
    output = make_fake_tensor(cutlass.Float32, (m, n), divisibility=1)
    gemm = module.LLBf16SplitK(out_dtype=cutlass.Float32, tile_n=16, tile_k=256, num_stages=num_stages,
                               num_dma_warps=4, split_k=split_k, use_pdl=True)
    return cute.compile(gemm, hidden_states, router_weight, output, cute.runtime.make_fake_stream(),
                        options="--enable-tvm-ffi")
