"""vLLM's chunked gated delta net preparation kernel for Blackwell (vllm/model_executor/layers/mamba/ops/
gdn_chunk_cutedsl/kernel_kkt_inv_uw.py, `Sm100ChunkUWKernel`), sm_100a: per 64-token chunk and value head, the gated
and beta-scaled K K^T by a raw tcgen05 MMA, the strictly lower-triangular system inverted in registers, then
U = A (beta V) and W = A (beta exp(g) K) by further tcgen05 MMAs, stored by TMA; persistent over (chunk, head) work.
Compiled as `chunk_gated_delta_rule_cutedsl` -> `kkt_inv_uw_cutedsl` compiles it (`Sm100ChunkUWKernel.compile`) for
Qwen3-Next's GDN layers (16 q/k heads, 32 value heads, key and value dims 128, 2 stages): the package's fake tensors
(token, chunk and sequence counts dynamic), its compile-time SM count 148 and `--enable-tvm-ffi`.
"""

from _common import vllm

ARCH = "sm_100a"


def compile_only(heads=16, value_heads=32, dim=128):
    module = vllm("model_executor.layers.mamba.ops.gdn_chunk_cutedsl.kernel_kkt_inv_uw")
    return module.Sm100ChunkUWKernel.compile(heads, value_heads, dim, dim)
