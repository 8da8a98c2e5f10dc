"""flashinfer's GDN ReplaySSM speculative commit ("fold"), tcgen05 build
(flashinfer/gdn_kernels/gdn_replayssm_spec_fold_tcgen.py, `_gdn_replayssm_fold_tcgen_kernel` through its launcher
`_launch_gdn_replayssm_fold_tcgen`), sm_100a: after a verify, each (layer, value head, request) CTA folds the accepted
draft tokens into the fp32 128 x 128 checkpoint state: the state streamed by TMA through a 2-stage ring of 32-wide K
tiles and multiplied by the up to 8 normalised keys at once (tcgen05 TF32, M = 128 state rows, N = 8 key tokens),
the keys' Gram matrix by warp reductions, a per-value-row scalar recurrence for the rank-8 coefficients from the t2r
read-out, and the rank update state = scale * state + coeff K written back in place. Configured as
`run_replayssm_fold_tcgen` compiles it: one layer's checkpoint (NUM_LAYERS = 1), Qwen3-Next's heads (H = 16 key
heads, HV = 32 value heads, K = V = 128), an 8-token ReplaySSM cache, null block id -1, a batch above one
(USE_PACKED: the packed-FMA rank update); every tensor `_mark_leading_dynamic` (compact row-major with a run-time
leading extent): the state viewed (slots, HV, 128, 128) fp32, raw v / raw k bf16 (slots, heads, 8, 128), log g / beta
fp32 (slots, HV, 8), int32 state indices and accepted lengths. TVM-FFI and line-info options left out.
"""

from _common import dynamic, flashinfer, row_major, stream

ARCH = "sm_100a"


def compile_only(h=16, hv=32, d=128, cache_len=8):
    import cutlass

    module = flashinfer("gdn_kernels.gdn_replayssm_spec_fold_tcgen",
                        host_only=("jit", "jit.cute_dsl_core", "gdn_kernels.cute_dsl_cache_naming",
                                   "gdn_kernels.device_target"))
    bf16, f32, i32 = cutlass.BFloat16, cutlass.Float32, cutlass.Int32
    state = row_major(f32, (dynamic(), hv, d, d))
    raw_v, raw_k = row_major(bf16, (dynamic(), hv, cache_len, d)), row_major(bf16, (dynamic(), h, cache_len, d))
    log_g, beta = row_major(f32, (dynamic(), hv, cache_len)), row_major(f32, (dynamic(), hv, cache_len))
    state_indices, accept_lens = row_major(i32, (dynamic(),), align=4), row_major(i32, (dynamic(),), align=4)
    return cutlass.cute.compile(module._launch_gdn_replayssm_fold_tcgen, state, raw_v, raw_k, log_g, beta,
                                state_indices, accept_lens, NUM_LAYERS=1, H=h, HV=hv, NULL_BLOCK_ID=-1,
                                USE_PACKED=True, stream=stream())
