"""flash-attn-4's sparse MLA backward dQ / dQv GEMM for Blackwell (flash_attn/cute/flash_bwd_mla_dq_dqv_sm100.py,
`dQdQvGemmKernel`), sm_100a: per query token, dQ = dS K and dQv = dS V with K and V gathered by the token's top-k
indices: the token's dS (heads x top-k selected keys) is A (TMA, multicast over a (1, 2) cluster), the gathered K
(keys x 64) and V (keys x 512) rows are B, loaded by cp.async through `CpasyncGatherKVManager`, the reduction runs
over the selected keys; a cluster of two CTAs covers the 512-wide dQv (128 x 256 tiles each) and cluster CTA 0 also
the 128 x 64 dQ; tcgen05 into TMEM, warp-specialised. Compiled as `interface._compile_sparse_mla_dq_dqv` compiles it
for `_sparse_mla_dq_dqv` (called by `_flash_attn_bwd_sparse_mla`) with more than 64 heads (so the generic class, not
the H64 one): DeepSeek sparse attention, 128 heads, head dim 64 (K, the rope part), head dim v 512 (V, the latent),
top-2048, bf16, fp32 accumulators, batched (not varlen), sizes symbolic as the interface makes them (quack's
`make_fake_tensor`, divisibility 8), `--enable-tvm-ffi --ptxas-options '-O2'`.
"""

from _common import flash_attn, quack

ARCH = "sm_100a"


def compile_only(heads=128, head_dim=64, head_dim_v=512, topk=2048):
    import cutlass
    from cutlass import cute

    module = flash_attn("flash_bwd_mla_dq_dqv_sm100")
    fake_tensor = quack("compile_utils").make_fake_tensor
    sym = cute.sym_int
    batch, seqlen_q, seqlen_k = sym(), sym(), sym()
    bf16 = cutlass.BFloat16
    mdS = fake_tensor(bf16, (batch, seqlen_q, heads, topk), divisibility=8)
    mK = fake_tensor(bf16, (batch, seqlen_k, head_dim), divisibility=8)
    mV = fake_tensor(bf16, (batch, seqlen_k, head_dim_v), divisibility=8)
    mdQ = fake_tensor(bf16, (batch, seqlen_q, heads, head_dim), divisibility=8)
    mdQv = fake_tensor(bf16, (batch, seqlen_q, heads, head_dim_v), divisibility=8)
    mIdxTopK = fake_tensor(cutlass.Int32, (batch, seqlen_q, topk), divisibility=8)
    kernel = module.dQdQvGemmKernel(acc_dtype=cutlass.Float32, nheads=heads, head_dim_k=head_dim,
                                    head_dim_v=head_dim_v, top_k=topk)
    return cute.compile(kernel, mdS, mK, mV, mdQ, mdQv, mIdxTopK, None, None,
                        cute.runtime.make_fake_stream(use_tvm_ffi_env_stream=True),
                        options=f"--enable-tvm-ffi --ptxas-options '{module.dQdQvGemmKernel.ptxas_options}'")
