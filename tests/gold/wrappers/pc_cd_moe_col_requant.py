"""cuDNN frontend's MegaMoE training MXFP8 token-axis requant (cudnn/moe_ep/_megamoe_backend/cutedsl_src/kernel_src/
rubin/training/mega/fwd_glu/glu_mxfp8_col_requant.py, `Mxfp8ColRequant.ws_kernel`), sm_100a, built as the GLU MXFP8
MegaMoE forward's `enable_col_quant` path builds it: `Mxfp8ColRequant(hidden 7168, num_experts 32 (per rank),
max_total_tokens 8192, "mxfp8_e4m3", num_persistent_ctas -1, token / SF padding 128, dst_k_major False)` called with
the views the mega kernel's launcher makes: src data a static row-major (8192, 7168) e4m3 tensor, src scales a flat
uint8 (8192 * 7168 / 32,) tensor, the (32,) int32 expert token counts, and the `col_quant_data` / `col_quant_sf`
outputs as its `make_fake_compact_tensor` fakes (static (8192, 7168) row-major e4m3, flat uint8). On sm_100a the
portable requant path is taken (the scaled cvt exists only on sm_107a): 4 columns per lane, a 256-column tile."""

from _common import cudnn, stream

ARCH = "sm_100a"

TOKENS, HIDDEN, EXPERTS = 8192, 7168, 32


def compile_only():
    import cutlass
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_compact_tensor

    module = cudnn("moe_ep._megamoe_backend.cutedsl_src.kernel_src.rubin.training.mega.fwd_glu.glu_mxfp8_col_requant")
    requant = module.Mxfp8ColRequant(HIDDEN, EXPERTS, TOKENS, "mxfp8_e4m3", -1, 128, 128, dst_k_major=False)
    fp8 = cutlass.Float8E4M3FN
    data = make_fake_compact_tensor(fp8, (TOKENS, HIDDEN), stride_order=(1, 0), assumed_align=16)
    scales = make_fake_compact_tensor(cutlass.Uint8, (TOKENS * HIDDEN // 32,), stride_order=(0,), assumed_align=16)
    sizes = make_fake_compact_tensor(cutlass.Int32, (EXPERTS,), stride_order=(0,), assumed_align=16)
    out = make_fake_compact_tensor(fp8, (TOKENS, HIDDEN), stride_order=(1, 0), assumed_align=16)
    out_scales = make_fake_compact_tensor(cutlass.Uint8, (TOKENS * HIDDEN // 32,), stride_order=(0,),
                                          assumed_align=16)
    return cute.compile(requant, data, scales, sizes, out, out_scales, stream())
