"""flash-msa's proxy block selection (flash_msa/msa_select_cutedsl.py, _MSASelectBlocksKernel), sm_80.

As `select_blocks` compiles it through `_compile_select_kernel`: bf16 proxy queries and keys (batch 2, 8 proxy
heads over 2 proxy KV heads, 4096 tokens, head dim 128), int32 top-k block indices (top_k 2048 tokens = 16 blocks
of 128); contiguous tensors as `from_dlpack` hands them over (static shapes). One CTA per (128-query tile, proxy
head, batch) scans the causal 128-key blocks in 64-key slices with mma.sync (cp.async for K, ldmatrix for both
operands) and keeps a per-row top-k of max-pooled block scores.
"""

from _common import flash_msa, row_major, stream

ARCH = "sm_80"


def compile_only(batch=2, proxy_heads=8, proxy_kv_heads=2, seq_len=4096, top_k_blocks=16, head_dim=128):
    import cutlass

    module = flash_msa("msa_select_cutedsl")
    bf16 = cutlass.BFloat16
    q_proxy = row_major(bf16, (batch, proxy_heads, seq_len, head_dim))
    k_proxy = row_major(bf16, (batch, proxy_kv_heads, seq_len, head_dim))
    block_indices = row_major(cutlass.Int32, (batch, proxy_heads, seq_len, top_k_blocks))
    return module._compile_select_kernel(batch, proxy_heads, proxy_kv_heads, seq_len, top_k_blocks, head_dim,
                                         q_proxy, k_proxy, block_indices, head_dim ** -0.5, stream())
