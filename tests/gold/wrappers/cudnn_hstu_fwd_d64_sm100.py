"""nvidia-cudnn-frontend's HSTU attention forward (cudnn/hstu/hstu_attention/_kernels/hstu_fwd.py,
HSTUAttentionForwardSm100), sm_100a.

As `hstu_varlen_fwd_100` (hstu_attention/_interface.py) compiles it for a causal prefill (window left = max_seqlen_k,
right 0, max_seqlen_q > 1) with head dim 64, bf16, no arbitrary mask, no paged KV, on a B200: the default
128 x 128 tiles, one CTA per MMA, the CLC persistent scheduler with its work descriptors (DSL >= 4.6), TMA for O;
the (tokens, heads, head dim) tensors made as `_mark_dynamic_tensor` makes them (run-time token extents and strides,
head dim contiguous), cu_seqlens of run-time length. HSTU: S = Q K^T over the head dim, SiLU(S) scaled (no softmax,
no row statistics) written back over S's TMEM columns as P, O = P V from TMEM (P in the A slot), two query tiles
per CTA (q_stage 2), two SiLU warpgroups, one MMA warp, one load warp.
"""

from _common import cudnn, stream

ARCH = "sm_100a"


def _thd(dtype, tokens, heads, head_dim):
    from cutlass import cute

    return cute.runtime.make_fake_tensor(dtype, (tokens, heads, head_dim),
                                         (cute.sym_int64(divisibility=8), cute.sym_int64(divisibility=8), 1),
                                         assumed_align=16)


def compile_only(heads=8, head_dim=64, max_seqlen=2048):
    import cutlass
    from cutlass import cute

    module = cudnn("hstu.hstu_attention._kernels.hstu_fwd")
    bf16, i32 = cutlass.BFloat16, cutlass.Int32
    total_q, total_k, batch1 = (cute.sym_int(divisibility=1) for _ in range(3))
    q, o = (_thd(bf16, total_q, heads, head_dim) for _ in range(2))
    k, v = (_thd(bf16, total_k, heads, head_dim) for _ in range(2))
    cu_q, cu_k = (cute.runtime.make_fake_compact_tensor(i32, (batch1,), stride_order=(0,), assumed_align=16)
                  for _ in range(2))
    kernel = module.HSTUAttentionForwardSm100(head_dim=head_dim, is_causal=True, is_local=False, is_arbitrary=False,
                                              is_paged=False, func_num=0, kBlockM=128, kBlockN=128,
                                              use_auto_block_metadata=False, use_2cta_instrs=False,
                                              use_clc_descriptor=True)
    return cute.compile(kernel, q, k, v, o, i32(max_seqlen), i32(max_seqlen), cu_q, cu_k, cutlass.Float32(1.0),
                        cutlass.Float32(float(max_seqlen)), stream(), i32(max_seqlen), i32(0), None, None, None,
                        None, None)
