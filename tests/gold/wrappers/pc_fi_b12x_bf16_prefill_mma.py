"""b12x's BF16 prefill projection with compensated FP32 accumulation (flashinfer/experimental/b12x/gemm/bf16_gemv/
_prefill.py, `Bf16PrefillKernel.kernel`, + its `_warp_gemm` helper), sm_120a (b12x's target), built as
`compile_prefill(ordinal, max_rows, n 1024, k 5120, "float32")` builds it (one of `supports_prefill`'s weight shapes):
`_to_kernel_tensor` fakes: source and output with `dynamic_layout` (both extents `sym_int(32)`, row stride
`sym_int(64)`, stride 1), 16-byte aligned, bf16 source and fp32 output; the weight static (1024, 5120) row-major bf16;
Int32 token count and a stream. A 64 x 64 x 64 CTA tile, 2-stage TMA ring filled by a producer warp, 4 compute warps
of mma.sync m16n8k16 fed by ldmatrix."""

from _common import b12x, stream

ARCH = "sm_120a"

N, K = 1024, 5120


def compile_only():
    import cutlass
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_tensor

    module = b12x("gemm.bf16_gemv._prefill")
    kernel = module.Bf16PrefillKernel(N, K)

    def dynamic(dtype):
        return make_fake_tensor(dtype, (cute.sym_int(32), cute.sym_int(32)), (cute.sym_int(64), 1), assumed_align=16)

    weight = make_fake_tensor(cutlass.BFloat16, (N, K), (K, 1), assumed_align=16)
    return cute.compile(kernel, dynamic(cutlass.BFloat16), weight, dynamic(cutlass.Float32), cutlass.Int32(1), stream())
