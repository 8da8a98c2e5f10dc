"""flashinfer's gated delta rule decode, pretranspose state layout [B*HV, V, K]
(flashinfer/gdn_kernels/gdn_decode_pretranspose.py, `gdn_decode_kernel_small_batch_pretranspose` through its launcher
`run_gdn_decode_kernel_small_batch_pretranspose`), sm_100a, configured as `run_pretranspose_decode` compiles it: the
small-batch (8 CTAs per state) kernel it always picks, `_decode_launch_config`'s default 2 cp.async stages and 8 blocks
per state (not SM107), no pool indexing (the state indexed by batch * HV + head), T = 1, Qwen3-Next's heads (H = 16
query / key heads, HV = 32 value heads, K = V = 128), q/k L2 norm on, softplus beta 1 / threshold 20, scale
1/sqrt(K). Tensors as its from_dlpack calls give them: the fp32 state with a run-time leading mode (compact), bf16
q / k / v and the output with run-time extents and strides (last mode contiguous, `mark_layout_dynamic`), fp32
A_log and dt_bias (static), bf16 a and b, int32 state indices and cu_seqlens.
"""

from _common import dynamic, dynamic_layout, flashinfer, row_major, stream, tensor

ARCH = "sm_100a"


def compile_only(h=16, hv=32, dk=128, dv=128):
    import cutlass

    module = flashinfer("gdn_kernels.gdn_decode_pretranspose",
                        host_only=("jit", "jit.cute_dsl_core", "gdn_kernels.cute_dsl_cache_naming",
                                   "gdn_kernels.dtype_compat", "gdn_kernels.device_target"))
    bf16, f32, i32 = cutlass.BFloat16, cutlass.Float32, cutlass.Int32
    state = row_major(f32, (dynamic(), dv, dk))
    a_log, dt_bias = tensor(f32, (hv,)), tensor(f32, (hv,))
    a, b = dynamic_layout(bf16, 3, align=2), dynamic_layout(bf16, 3, align=2)
    q, k = dynamic_layout(bf16, 4), dynamic_layout(bf16, 4)
    v, o = dynamic_layout(bf16, 4), dynamic_layout(bf16, 4)
    h0_idx, h0_out_idx, cu_seqlens = (dynamic_layout(i32, 1) for _ in range(3))
    return cutlass.cute.compile(
        module.run_gdn_decode_kernel_small_batch_pretranspose, state, a_log, a, dt_bias, q, k, v, b, o, h0_idx,
        h0_out_idx, cu_seqlens, softplus_beta=1.0, softplus_threshold=20.0, scale=dk ** -0.5, HV=hv, T=1, H=h, K=dk,
        V=dv, use_initial_state=True, use_qk_l2norm=True, use_pool_indexing=False, is_varlen=False,
        num_stages=module.NUM_STAGES, blocks_per_state=module.NUM_BLOCKS_PER_STATE, stream=stream())
