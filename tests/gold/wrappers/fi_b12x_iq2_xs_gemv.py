"""flashinfer's b12x IQ2_XS small-row GEMM (flashinfer/experimental/b12x/gemm/blockscaled/_iq2_xs_gemv.py, `IQ2XSGemv`),
sm_120a, no MMA: y[M, N] = x[M, K] dequant(W)[N, K]^T for a few rows of x. One CTA per 4 output columns and a tile of
rows; each warp owns one column n and its lanes stride the column's 8-value K groups (lane, lane + 32, ...): a group's
descriptor, base scale and sub-scale are read by scalar index, decoded against a lookup table into 8 bf16 weights by
inline PTX, and dotted with the same 8 values of every live row of x into one fp32 register per row; a butterfly over
the warp sums each row's partials and lane 0 writes y[m, n]. x, the descriptors, the metadata, the table and y reach the
kernel as flat 1-D views over raw pointers (`_flat`). Compiled as `compile_gemv` compiles it (codec iq2_xs, tile_m 4;
N 2048, K 4096), with plain `cute.compile`.
"""

from _common import b12x

ARCH = "sm_120a"


def compile_only(n=2048, k=4096, tile_m=4):
    import cutlass
    from cutlass import cute

    module = b12x("gemm.blockscaled._iq2_xs_gemv")
    types = (cutlass.BFloat16, cutlass.Uint16, cutlass.Uint8, cutlass.Uint16, cutlass.BFloat16)
    pointers = [cute.runtime.make_ptr(dtype, 16, cute.AddressSpace.gmem, assumed_align=16) for dtype in types]
    return cute.compile(module.IQ2XSGemv(n, k, tile_m, "iq2_xs"), *pointers, cutlass.Int32(1),
                        cute.runtime.make_fake_stream())
