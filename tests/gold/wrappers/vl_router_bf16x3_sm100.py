"""vLLM's BF16x3 router GEMM for Blackwell (vllm/model_executor/layers/fused_moe/router/bf16x3_router_gemm_cutedsl.py,
`Sm100BF16x3RouterGemm`), sm_100a: logits = X W^T for bf16 tokens X [N, K] and fp32 router weights W [M experts, K],
each fp32 weight split in the kernel into three bf16 terms (prep warps: 128-bit SMEM loads, inline-PTX split,
tcgen05.st into TMEM), three raw tcgen05 MMAs per 16-wide k-step with W from TMEM (A) and X from SMEM (B), 64-wide K
tiles by TMA into a two-stage ring, split-K over the grid's z, a TMEM accumulator drained every 8 K tiles into a
register master accumulator, element-wise stores of fp32 partials. Compiled as `_bf16x3_router_gemm` compiles it
(`Sm100BF16x3RouterGemm.compile(K, BN)`) for MiniMax-M2's router (K 3072, 256 experts) at 128 tokens:
`_pick_tile_config` takes BN 32 (split_k 16, a run-time argument) from `_TILE_CONFIG_OVERRIDES`; the package's fake
tensors (N, M, split_k dynamic), the TVM-FFI environment stream and `--enable-tvm-ffi`.
"""

from _common import vllm

ARCH = "sm_100a"


def compile_only(hidden=3072, bn=32):
    module = vllm("model_executor.layers.fused_moe.router.bf16x3_router_gemm_cutedsl",
                  host_only=("triton_utils", "utils.torch_utils"))
    return module.Sm100BF16x3RouterGemm.compile(hidden, bn)
