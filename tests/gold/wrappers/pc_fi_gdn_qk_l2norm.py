"""flashinfer's Q / K L2 normalization for chunked GDN prefill (flashinfer/gdn_kernels/qk_l2norm.py, `_kernel`),
sm_100a, built as `_compiled` builds it for bf16 rows of d = 128 (the GDN head dim): vector_elems 8 (128-bit copies),
lanes 16 per row, 8 values per lane, rows_per_group 4 (so no cross-warp partials buffer); q, k, oq, ok fake compact
(rows, 128) tensors with run-time row counts divisible by 64 (`make_fake_compact_tensor(..., stride_order=(1, 0),
assumed_align=16)`). `gdn_compile_options` (the device target's arch options and TVM FFI) is not passed: it changes
no layout."""

from _common import flashinfer, stream

ARCH = "sm_100a"

D = 128


def compile_only():
    import cutlass
    from cutlass import cute

    module = flashinfer("gdn_kernels.qk_l2norm", host_only=("jit", "jit.cute_dsl_core",
                                                            "gdn_kernels.cute_dsl_cache_naming",
                                                            "gdn_kernels.device_target"))
    vector_elems = min(8, D & -D)
    lanes = min(256, 1 << (((D + 7) // 8) - 1).bit_length())
    values = ((D + lanes * vector_elems - 1) // (lanes * vector_elems)) * vector_elems
    rows_per_group = 4 if values <= 8 else 2 if values <= 16 else 1
    qm, km = cute.sym_int(64), cute.sym_int(64)

    def fake(m):
        return cute.runtime.make_fake_compact_tensor(cutlass.BFloat16, (m, D), stride_order=(1, 0), assumed_align=16)

    return cute.compile(module._launch, fake(qm), fake(km), fake(qm), fake(km), D, lanes, vector_elems,
                        rows_per_group, stream())
