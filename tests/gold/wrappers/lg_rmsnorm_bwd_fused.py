"""liger-kernel's CuTeDSL RMSNorm backward, the aligned register-resident fused kernel
`_rms_norm_bwd_fused_vector_kernel` (liger_kernel/ops/cutedsl/ops/rms_norm.py), sm_90a, compiled as
`rms_norm_backward` -> `_launch_bwd_fused` compiles `_rms_norm_bwd_fused_host` for Llama-3 8B's norm: hidden
4096, bf16 dY / X / W / dX, fp32 RSTD and (num_strips, 4096) dW partials, casting mode "llama", offset 0. The
fast path's parameters: VEC = 8 (16-byte vectors of bf16), `backward_warp_count(4096)` = 8 warps (256 threads),
2 vector tiles per thread, 48 bytes of SMEM. Every tensor is a `to_cute_tensor` view (dynamic layout, the last
mode contiguous, 16-byte aligned; RSTD 4-byte aligned).
"""

from _common import liger_kernel

ARCH = "sm_90a"


def _rows(dtype, align=16):
    from cutlass import cute

    return cute.runtime.make_fake_tensor(dtype, (cute.sym_int(), cute.sym_int()), (cute.sym_int(divisibility=8), 1),
                                         assumed_align=align)


def _vector(dtype, align):
    from cutlass import cute

    return cute.runtime.make_fake_tensor(dtype, (cute.sym_int(),), (1,), assumed_align=align)


def compile_only(hidden=4096):
    import cutlass
    from _common import stream
    from cutlass import cute

    module = liger_kernel("ops.cutedsl.ops.rms_norm")
    fast = liger_kernel("ops.cutedsl.ops.rms_norm_fastpath")
    vec = fast.fast_path_vector_width(2, 2, 2, 2)
    num_warps = fast.backward_warp_count(hidden)
    num_threads = 32 * num_warps
    num_vec_tiles = (hidden // vec + num_threads - 1) // num_threads
    smem_bytes = (((num_warps + 1) * 4 + 15) // 16) * 16
    bf16 = cutlass.BFloat16
    return cute.compile(module._rms_norm_bwd_fused_host, _rows(bf16), _rows(bf16), _vector(bf16, 16),
                        _vector(cutlass.Float32, 4), _rows(bf16), _rows(cutlass.Float32), 0.0,
                        module._CASTING_MODE_LLAMA, hidden, vec, num_vec_tiles, num_threads, num_warps, smem_bytes,
                        stream())
