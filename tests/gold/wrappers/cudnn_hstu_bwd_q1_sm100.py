"""nvidia-cudnn-frontend's HSTU attention backward for one query per sequence (cudnn/hstu/hstu_attention/_kernels/
hstu_bwd_q1.py, HSTUAttentionBackwardQlen1Sm100), sm_100a.

As `_hstu_varlen_bwd_q1_direct` (hstu_attention/_interface.py) compiles it for the path its caller picks by default
on a B200 (capability 10.0) for causal, bf16, head dim 128, max_seqlen_q 1 with a KV workload above the split
threshold: the "direct-pair" algorithm (two KV rows per warp, each lane one 128-bit vector of 8 values), split_kv 8,
and `_select_q1_bwd_num_threads`'s 128 threads; the (tokens, heads, head dim) tensors made as
`_make_q1_dynamic_thd_tensor` makes them (dynamic token extent and 8-divisible dynamic strides, 8 heads static).
No MMA: each CTA owns (sequence, head, KV split); each warp reads its KV rows with 128-bit vector copies, dots them
with the sequence's single query and dO in registers (warp-shuffle sums), applies the SiLU gradient, writes dK and
dV rows with vector copies, and sums its dQ partial in registers, then across warps through SMEM, then across the
splits with packed bf16x2 atomics.
"""

from _common import cudnn, stream

ARCH = "sm_100a"


def _thd(dtype, tokens, heads, head_dim):
    from cutlass import cute

    return cute.runtime.make_fake_tensor(dtype, (tokens, heads, head_dim),
                                         (cute.sym_int64(divisibility=8), cute.sym_int64(divisibility=8), 1),
                                         assumed_align=16)


def compile_only(heads=8, head_dim=128):
    import cutlass
    from cutlass import cute

    module = cudnn("hstu.hstu_attention._kernels.hstu_bwd_q1")
    bf16, i32 = cutlass.BFloat16, cutlass.Int32
    total_q, total_k, batch1 = (cute.sym_int(divisibility=1) for _ in range(3))
    q, do, dq = (_thd(bf16, total_q, heads, head_dim) for _ in range(3))
    k, v, dk, dv = (_thd(bf16, total_k, heads, head_dim) for _ in range(4))
    cu_q, cu_k = (cute.runtime.make_fake_compact_tensor(i32, (batch1,), stride_order=(0,), assumed_align=16)
                  for _ in range(2))
    kernel = module.HSTUAttentionBackwardQlen1Sm100(element_dtype=bf16, head_dim=head_dim, num_threads=128,
                                                    split_kv=8, rows_per_warp=2, is_local=False)
    return cute.compile(kernel, q, k, v, do, dq, dk, dv, cu_q, cu_k, i32(0), i32(0), i32(64), i32(heads), 1.0, 1.0,
                        stream())
