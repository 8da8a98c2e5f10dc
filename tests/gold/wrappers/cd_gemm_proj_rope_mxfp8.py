"""cuDNN frontend's fused projection GEMM + per-head YaRN RoPE + two-direction MXFP8 quantization, Blackwell
(cudnn/gemm/cutedsl/dense/proj_rope_mxfp8/gemm_proj_rope_mxfp8_bf16in.py, `gemm_proj_rope_mxfp8_host`), sm_100a,
compiled as `GemmProjRopeMxfp8Bf16InSm100.compile` (api.py) does: DeepSeek-V3's Q up-projection, bf16
x (tokens, q_lora = 1536) K-major and the weight given [in, out] (the default `w_out_in=False`, presented to the
kernel as its transposed (out, in) view, N-major), 128 heads of 192 (128 no-RoPE + 64 RoPE features), a run-time
token count (tokens = 4096 for the grid: 32 M tiles), swizzle 8, a B200's 148 clusters of one CTA.
"""

from _common import cudnn, dynamic, stream, tensor

ARCH = "sm_100a"


def compile_only(tokens=4096, q_lora=1536, heads=128):
    import cutlass
    from cutlass import cute

    module = cudnn("gemm.cutedsl.dense.proj_rope_mxfp8.gemm_proj_rope_mxfp8_bf16in")
    head_dim, block = module.HEAD_DIM, module.BLOCK
    rows = dynamic(128)
    x = tensor(cutlass.BFloat16, (rows, q_lora), (1, 0))
    w = tensor(cutlass.BFloat16, (heads * head_dim, q_lora), (0, 1))
    cos = tensor(cutlass.BFloat16, (rows, module.QK_ROPE), (1, 0))
    sin = tensor(cutlass.BFloat16, (rows, module.QK_ROPE), (1, 0))
    q_row = tensor(cutlass.Float8E4M3FN, (rows, heads, head_dim), (2, 1, 0))
    s_row = tensor(cutlass.Uint8, (rows, heads, head_dim // block), (2, 1, 0))
    q_col = tensor(cutlass.Float8E4M3FN, (rows, heads, head_dim), (2, 1, 0))
    s_col = tensor(cutlass.Uint8, (dynamic(4), heads, head_dim), (2, 1, 0))
    return cute.compile(module.gemm_proj_rope_mxfp8_host, x, w, cos, sin, q_row, s_row, q_col, s_col,
                        tokens // module.TILE_M, heads, 148, 8, stream())
