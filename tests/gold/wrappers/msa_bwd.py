"""flash-msa's fused selected-block attention backward (flash_msa/msa_backward_cutedsl.py,
_MSAFusedBackwardMMAKernel), sm_80.

As `run_fused_backward` compiles it through `_compile_fused_backward_kernel`: bf16 q, k, v, dO (batch 2, 8 heads
over 2 KV heads, 4096 tokens, head dim 128) and bf16 proxy q/k (8 proxy heads, so one main head per proxy head and
64 query rows per task, over 2 proxy KV heads), fp32 LSEs and delta, int32 task tables (2048 tasks of up to 128
selected query ids), fp32 gradients; contiguous tensors as `from_dlpack` hands them over (static shapes). Each CTA
takes 64 selected queries against one 128-key block in two 64-key slices: S and dP (mma.sync), P and dS through
SMEM, dV, dK, dQ by mma.sync into fp32 atomics, then the proxy heads' KL-surrogate dQ/dK (a run-time branch).
"""

from _common import flash_msa, row_major, stream

ARCH = "sm_80"


def compile_only(batch=2, heads=8, kv_heads=2, proxy_heads=8, proxy_kv_heads=2, seq_len=4096, head_dim=128,
                 tasks=2048, task_queries=128):
    import cutlass

    module = flash_msa("msa_backward_cutedsl")
    bf16, f32, i32 = cutlass.BFloat16, cutlass.Float32, cutlass.Int32
    q_proxy = row_major(bf16, (batch, proxy_heads, seq_len, head_dim))
    k_proxy = row_major(bf16, (batch, proxy_kv_heads, seq_len, head_dim))
    q, grad_o = (row_major(bf16, (batch, heads, seq_len, head_dim)) for _ in range(2))
    k, v = (row_major(bf16, (batch, kv_heads, seq_len, head_dim)) for _ in range(2))
    lse_main, delta_main = (row_major(f32, (batch, heads, seq_len)) for _ in range(2))
    lse_proxy = row_major(f32, (batch, proxy_heads, seq_len))
    task_meta = row_major(i32, (tasks, 4))
    task_qids = row_major(i32, (tasks, task_queries))
    dq_proxy = row_major(f32, (batch, proxy_heads, seq_len, head_dim))
    dk_proxy = row_major(f32, (batch, proxy_kv_heads, seq_len, head_dim))
    dq = row_major(f32, (batch, heads, seq_len, head_dim))
    dk, dv = (row_major(f32, (batch, kv_heads, seq_len, head_dim)) for _ in range(2))
    return module._compile_fused_backward_kernel(batch, heads, kv_heads, proxy_heads, proxy_kv_heads, seq_len,
                                                 head_dim, tasks, task_queries, q_proxy, k_proxy, q, k, v, grad_o,
                                                 lse_main, lse_proxy, delta_main, task_meta, task_qids, dq_proxy,
                                                 dk_proxy, dq, dk, dv, head_dim ** -0.5, 1.0 / 65536, stream())
