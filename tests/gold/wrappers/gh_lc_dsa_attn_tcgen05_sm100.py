"""luongthecong123/learn-cutedsl's DeepSeek sparse-attention (DSA) MLA decode with warp-specialised UMMA and SIMT
workers (fused_kernel/dsa_attn_tcgen05_warpspec.py, `Dsa`), sm_100a: per (head pair, 128-key split) CTA the
prologue gathers the split's top-k cache-row indices into SMEM; on full splits 8 UMMA warps cp.async-gather the 128
selected latent (512) + rope (64) cache rows into the A panels and the two heads' q_nope / q_pe rows into the B
panels, one warp issues S^T = K_sel Q^T by tcgen05 (M = 128 keys, N = 8 head slots, K = 576) into TMEM, the scores
come back by tcgen05.ld into SMEM, a per-head softmax, and O = P V (V = the latent rows already in the A panels) by
CUDA-core FMAs through SMEM partials; partial splits run the same on SIMT warps. A second kernel merges the splits'
(max, sum) and outputs.

Configured as the file's own `compile_hybrid()` compiles it (run at import: this wrapper returns that compile):
T run-time, 16 heads, latent 512, rope 64, top-k 2048, 8462 pages of 64, 16 splits, bf16 q / cache / output, fp32
partials (persistent (8, 16, 16, 512) / (8, 16, 16, 2)), TVM-FFI options. The module's `Dsa()` allocates its
partial workspaces with torch.empty at construction (the torch stand-in answers it). No shim.
"""

from _common import github_file

SOURCE = ("luongthecong123/learn-cutedsl", "8a875e8b316fcff3d664521401d8c1d77e51e55b")
ARCH = "sm_100a"


def compile_only():
    mod = github_file(SOURCE[0], "fused_kernel/dsa_attn_tcgen05_warpspec.py", "lc_dsa_attn_tcgen05_warpspec")
    return mod._compiled
