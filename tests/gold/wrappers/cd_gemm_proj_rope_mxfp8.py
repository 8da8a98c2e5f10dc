"""cuDNN frontend's fused projection GEMM + per-head YaRN RoPE + two-direction MXFP8 quantization, Blackwell
(cudnn/gemm/cutedsl/dense/proj_rope_mxfp8/gemm_proj_rope_mxfp8_bf16in.py, `gemm_proj_rope_mxfp8_host`), sm_100a,
compiled as `GemmProjRopeMxfp8Bf16InSm100.compile` (api.py) does: DeepSeek-V3's Q up-projection, bf16
x (tokens, q_lora = 1536) K-major and the weight given [in, out] (the default `w_out_in=False`, presented to the
kernel as its transposed (out, in) view, N-major), 128 heads of 192 (128 no-RoPE + 64 RoPE features), every tensor
with the fully dynamic layout `_to_cute_tensors` gives it (`mark_layout_dynamic`: run-time extents, run-time strides
but the contiguous one), tokens = 4096 for the grid (32 M tiles), swizzle 8, a B200's 148 clusters of one CTA.
"""

from _common import cudnn, stream

ARCH = "sm_100a"


def compile_only(tokens=4096, q_lora=1536, heads=128):
    import cutlass
    from cutlass import cute

    module = cudnn("gemm.cutedsl.dense.proj_rope_mxfp8.gemm_proj_rope_mxfp8_bf16in")

    def dynamic_layout(dtype, rank, contiguous):
        """A tensor as `from_dlpack(...).mark_layout_dynamic(leading_dim=contiguous)` presents it."""
        from cutlass.cute.runtime import make_fake_tensor

        stride = tuple(1 if mode == contiguous else cute.sym_int(64) for mode in range(rank))
        return make_fake_tensor(dtype, tuple(cute.sym_int() for _ in range(rank)), stride=stride, assumed_align=16)

    bf16, e4m3, u8 = cutlass.BFloat16, cutlass.Float8E4M3FN, cutlass.Uint8
    x, w = dynamic_layout(bf16, 2, 1), dynamic_layout(bf16, 2, 0)
    cos, sin = dynamic_layout(bf16, 2, 1), dynamic_layout(bf16, 2, 1)
    q_row, s_row, q_col, s_col = (dynamic_layout(dtype, 3, 2) for dtype in (e4m3, u8, e4m3, u8))
    return cute.compile(module.gemm_proj_rope_mxfp8_host, x, w, cos, sin, q_row, s_row, q_col, s_col,
                        tokens // module.TILE_M, heads, 148, 8, stream())
