"""flashinfer's fused gated residual + next-layer RMSNorm (flashinfer/norm/kernels/gated_residual_next_rmsnorm.py,
`_dual_norm_kernel` launched by `_launch`), sm_100a, built as `_get_compiled` builds it for `gated_residual_next_rmsnorm`
with its defaults: no post weight, a per-column alpha tensor (alpha_mode 0), no PDL, no router output; post / next
eps 1e-6, next gain centre 0.0; H = 8192 split over a cluster of 8 CTAs of 128 threads (8 values a thread); fakes as
`_get_compiled` makes them: branch (m, 8192) bf16, residual / residual_out / the router slot (m, 8192) f32, alpha and
beta (1, 8192) f32, next weight and the post-weight slot (1, 8192) bf16, ffn_input (m, 8192) bf16, all row-major,
32-byte aligned, m symbolic. `--enable-tvm-ffi` and the fake TVM-FFI stream are left out (our `stream()`)."""

from _common import flashinfer, stream

ARCH = "sm_100a"

H = 8192


def compile_only():
    import cutlass
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_compact_tensor

    module = flashinfer("norm.kernels.gated_residual_next_rmsnorm", host_only=("jit", "jit.cute_dsl_core"))
    rows = cute.sym_int()

    def fake(dtype, m):
        return make_fake_compact_tensor(dtype, (m, H), stride_order=(1, 0), assumed_align=32)

    bf16, f32 = cutlass.BFloat16, cutlass.Float32
    branch, residual, gate, weight, ffn = fake(bf16, rows), fake(f32, rows), fake(f32, 1), fake(bf16, 1), fake(bf16, rows)
    return cute.compile(module._launch, branch, residual, gate, gate, weight, residual, ffn, weight, residual, 1e-6,
                        1e-6, 0.0, False, 0.0, cutlass.Float32(1.0), 0, False, False, stream())
