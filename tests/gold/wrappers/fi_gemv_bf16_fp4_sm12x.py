"""flashinfer's streaming W4A16 GEMV for SM12x (flashinfer/gemm/kernels/cute_dsl/gemv_bf16_fp4_sm12x.py,
`GemvBf16Fp4Sm12x`), sm_120a, no MMA, no SMEM: C[1, N] = a[1, K] dequant(W)[K, N] * alpha for one decode token. Each
warp owns a 64-column N tile; per 16-deep k-tile each lane loads 4 int32 words of the tile-packed NVFP4 weight
(`mB` (K/16, N*2): the pack pins which (k, n) each byte holds) and 4 bf16 activations twice, decodes the E2M1 bytes
and accumulates 4 fp32 dot products (columns base + 16p), scaled per k-tile by an S0E5M3 scale byte read by scalar
index; a butterfly with the xor-1 lane (the other half of the k-tile) completes each sum. With splits > 1 K is
sharded over grid.y, each split writes fp32 partials to a flat workspace and a second kernel
(`kernel_partial_reduce`) sums them in fixed order, one output element per thread. Compiled as
`_get_cute_dsl_bf16_fp4_gemv` compiles it (flashinfer/gemm/gemm_bf16_fp4_cute_dsl.py, whose module needs torch):
bf16 a and C, splits 2, PDL on, symbolic extents.
"""

from _common import flashinfer

ARCH = "sm_120a"


def compile_only(splits=2):
    import cutlass
    from cutlass import cute

    flashinfer("cute_dsl.fp4_common", host_only=("utils",))  # its package, without the __init__ that imports jit
    module = flashinfer("gemm.kernels.cute_dsl.gemv_bf16_fp4_sm12x")
    sym = [cute.sym_int() for _ in range(6)]
    fake = cute.runtime.make_fake_compact_tensor
    a = fake(cutlass.BFloat16, (sym[0], sym[1]), stride_order=(1, 0), assumed_align=16)
    b = fake(cutlass.Int32, (sym[2], sym[3]), stride_order=(1, 0), assumed_align=16)
    sf = fake(cutlass.Uint8, (sym[2], sym[4]), stride_order=(1, 0), assumed_align=16)
    c = fake(cutlass.BFloat16, (sym[0], sym[4]), stride_order=(1, 0), assumed_align=16)
    partial = fake(cutlass.Float32, (sym[5],), assumed_align=16)
    alpha = fake(cutlass.Float32, (1,), assumed_align=4)
    return cute.compile(module.GemvBf16Fp4Sm12x(splits=splits, enable_pdl=True), a, b, sf, c, partial, alpha,
                        cute.runtime.make_fake_stream(use_tvm_ffi_env_stream=True),
                        options="--opt-level 2 --enable-tvm-ffi")
