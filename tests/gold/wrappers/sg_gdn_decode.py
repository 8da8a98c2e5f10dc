"""sglang's CuTe DSL gated-delta-net (GDN) decode: fused sigmoid gating + delta-rule state update
(sglang/kernels/ops/attention/cutedsl_gdn.py, `run_large_batch` launching `gdn_kernel_large_batch`), sm_100a.

As `_get_compiled_kernel` compiles it from `cutedsl_fused_sigmoid_gating_delta_rule_update` for a batch of 64
decode tokens (N = 64 >= SMALL_BATCH_THRESHOLD, so the large-batch kernel; not varlen: q (N, 1, H, K)), Qwen3-Next's
16 q/k heads and 32 value heads, K = V = 128, a state pool of 256 slots: bf16 q, k, v, a, b, o; fp32 A_log, bf16
dt_bias; the fp32 state pool (pool, HV, V, K) transposed to (pool, HV, K, V) (K contiguous); int32 pool indices;
use_qk_l2norm on. One 256-thread CTA per (token, value head): q and k of the token's head go to SMEM, the state's
(128 K x 32 V) tiles stream through a two-stage cp.async ring (rows padded to 136), each warp updates 4 value
columns (h = g h + k v_new), writes o and the state back by scalar stores.
"""

from _common import row_major, sglang, stream, tensor

ARCH = "sm_100a"


def compile_only(n=64, heads=16, value_heads=32, dim=128, pool=256):
    import cutlass

    module = sglang("kernels.ops.attention.cutedsl_gdn")
    bf16, f32, i32 = cutlass.BFloat16, cutlass.Float32, cutlass.Int32
    run_small, run_small_varlen, run_large, run_large_varlen = module._get_jit_functions()
    cu_seqlens = row_major(i32, (n + 1,), align=4)
    q = row_major(bf16, (n, 1, heads, dim))
    k = row_major(bf16, (n, 1, heads, dim))
    v = row_major(bf16, (n, 1, value_heads, dim))
    a = row_major(bf16, (n, 1, value_heads))
    b = row_major(bf16, (n, 1, value_heads))
    a_log = row_major(f32, (value_heads,))
    dt_bias = row_major(bf16, (value_heads,))
    state = tensor(f32, (pool, value_heads, dim, dim), (3, 2, 0, 1))
    indices = row_major(i32, (n,))
    o = row_major(bf16, (n, 1, value_heads, dim))
    return cutlass.cute.compile(run_large, cu_seqlens, q, k, v, a, b, a_log, dt_bias, state, indices, o,
                                softplus_beta=1.0, softplus_threshold=20.0, scale=dim ** -0.5, B=n, T=1,
                                H=heads, K=dim, V=dim, HV=value_heads, use_initial_state=True, use_qk_l2norm=True,
                                stream=stream())
