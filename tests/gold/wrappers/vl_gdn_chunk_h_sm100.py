"""vLLM's chunked gated delta net state kernel for Blackwell (vllm/model_executor/layers/mamba/ops/gdn_chunk_cutedsl/
kernel_h.py, `Sm100ChunkHKernel`), sm_100a: per (value head, sequence), 64-token chunks in order: V_new^T = U^T - H W^T
and H_new = H exp(g_last) + (V_new exp(g_last - g))^T K by raw tcgen05 MMAs on hand-made descriptors (H and the scaled
V_new from TMEM), a TMA warp loading W, U and K into a two-stage ring, H warps converting and rescaling the state
(t2r / r2t, 128-bit SMEM stores for the per-chunk H written out by TMA), V warps moving U and V_new through transposed
ldmatrix / stmatrix and tcgen05.st, the final state stored by TMA. Compiled as `chunk_gated_delta_rule_cutedsl` ->
`h_cutedsl` compiles it (`Sm100ChunkHKernel.compile`) for Qwen3-Next's GDN layers (16 q/k heads, 32 value heads,
key and value dims 128, BT 64, 2 stages) with an fp32 initial state (the constructor's default `h_dtype`): the
package's fake tensors (token, chunk and sequence counts dynamic) and `--enable-tvm-ffi`.
"""

from _common import vllm

ARCH = "sm_100a"


def compile_only(heads=16, value_heads=32, dim=128):
    import cutlass

    module = vllm("model_executor.layers.mamba.ops.gdn_chunk_cutedsl.kernel_h")
    return module.Sm100ChunkHKernel.compile(heads, value_heads, dim, dim, cutlass.Float32, 64, 2)
