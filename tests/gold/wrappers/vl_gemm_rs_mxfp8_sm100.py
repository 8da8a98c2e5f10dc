"""vLLM's Blackwell GEMM with a fused tensor-parallel reduce-scatter, MXFP8 path
(vllm/model_executor/kernels/linear/cute_dsl/gemm_rs_ar.py, `Sm100GemmRsAr`), sm_100a: a persistent warp-specialised
kernel (TMA warp, MMA warp, 4 epilogue warps, 4 communication warps) computing the row-parallel projection's partial
D = A B^T (A [M tokens, K] E4M3, B [N, K] E4M3, one E8M0 scale per 32 K values) with raw tcgen05 block-scaled MMAs
(scales copied SMEM -> TMEM by tcgen05.cp), 2-CTA 256 x 128 tiles, bf16 partials written to the symmetric workspace,
then each rank's communication warps sum its slice of rows across ranks with multimem.ld_reduce and store it.
Compiled as `GemmRsAr.apply` compiles it for an MXFP8 projection on tensor-parallel rank 0 of 8 with 4096 tokens
(`cta_group` 2 since M >= 1024, reduce-scatter: `all_reduce` False): `Sm100GemmRsAr.compile(0, 8, 2, False, "mxfp8")`,
the package's own fake tensors (M, N, K, padded and local M dynamic), null multicast pointers and `--enable-tvm-ffi`.
"""

from _common import vllm

ARCH = "sm_100a"


def compile_only(rank=0, num_ranks=8, cta_group=2):
    module = vllm("model_executor.kernels.linear.cute_dsl.gemm_rs_ar",
                  host_only=("distributed", "logger", "model_executor.layers.linear", "platforms"))
    return module.Sm100GemmRsAr.compile(rank, num_ranks, cta_group, False, dtype="mxfp8")
