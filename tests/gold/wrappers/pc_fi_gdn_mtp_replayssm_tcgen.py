"""flashinfer's GDN multi-token (MTP) verify with ReplaySSM, tcgen05 build
(flashinfer/gdn_kernels/gdn_decode_mtp_replayssm_tcgen.py, `gdn_verify_kernel_mtp_replayssm_tcgen` through its launcher
`_launch_tcgen`), sm_100a: the frozen fp32 128 x 128 state of a (slot, value head) is streamed once by TMA through a
2-stage ring and multiplied by all T normalised k and q vectors at once with one tcgen05 TF32 MMA per 8-deep K block
(M = 128 state rows, N = the T k columns then the T q columns), a warp's TF32 mma.sync Gram matrix of the k / q
vectors, and the low-rank delta-rule recurrence evaluated per value row from the TMEM read-out; the raw v / k, log
decay and beta written to the ReplaySSM buffers. Configured as `run_gdn_verify_kernel_mtp_replayssm_tcgen` compiles
it: T = 4 draft tokens (n_tile 8, tcgen05.ld x8), a batch above one (HEADS_PER_CTA = 2: the CTA's two adjacent value
heads share the state ring), Qwen3-Next's heads (H = 16 query / key heads, HV = 32 value heads, K = V = 128), scale
1/sqrt(K). Tensors as its from_dlpack calls give them: the fp32 state (slots * HV, V, K) compact with a run-time
leading mode; bf16 q / k / v / a / b / output, fp32 A_log / dt_bias, int32 state indices `mark_layout_dynamic()`
(run-time extents and strides, the last mode contiguous); the four ReplaySSM buffers (`_slot_dynamic`) compact
row-major with a run-time slot count (raw v / k bf16, g / beta fp32). TVM-FFI and line-info options left out.
"""

from _common import dynamic, dynamic_layout, flashinfer, row_major, stream

ARCH = "sm_100a"


def compile_only(t=4, h=16, hv=32, dk=128, dv=128):
    import cutlass

    module = flashinfer("gdn_kernels.gdn_decode_mtp_replayssm_tcgen",
                        host_only=("jit", "jit.cute_dsl_core", "gdn_kernels.cute_dsl_cache_naming",
                                   "gdn_kernels.device_target"))
    bf16, f32, i32 = cutlass.BFloat16, cutlass.Float32, cutlass.Int32
    state = row_major(f32, (dynamic(), dv, dk))
    a_log, dt_bias = dynamic_layout(f32, 1), dynamic_layout(f32, 1)
    a, b = dynamic_layout(bf16, 3, align=2), dynamic_layout(bf16, 3, align=2)
    q, k = dynamic_layout(bf16, 4), dynamic_layout(bf16, 4)
    v, out = dynamic_layout(bf16, 4), dynamic_layout(bf16, 4)
    state_indices = dynamic_layout(i32, 1, align=4)
    raw_v = row_major(bf16, (dynamic(), hv, t, dv))
    raw_k = row_major(bf16, (dynamic(), h, t, dk))
    g, beta = row_major(f32, (dynamic(), hv, t)), row_major(f32, (dynamic(), hv, t))
    return cutlass.cute.compile(module._launch_tcgen, state, a_log, a, dt_bias, q, k, v, b, out, state_indices,
                                raw_v, raw_k, g, beta, scale=dk ** -0.5, T=t, H=h, HV=hv, HEADS_PER_CTA=2,
                                stream=stream())
