"""flashinfer's SM120/SM121 routed-expert W4A16 MoE (flashinfer/fused_moe/cute_dsl/blackwell_sm12x/moe_nvfp4_w4a16.py,
`moe_jit`: the tiled path), sm_120a: BF16 activations times NVFP4 expert weights (packed E2M1, 128x4-swizzled E4M3
block scales per 16 K, an fp32 global scale per expert) on CUDA cores, no MMA: `k_route` histograms the routed slots
per expert, scans them and writes the expert-sorted slot list and the m-block table (expert, first sorted row, row
count), the other CTAs zero the fp32 combine buffer; `k_gemm1` (h = x W13[e]^T, fp32): each CTA one m-block of
BM rows x TNR weight rows, TPR threads per weight row each loading 16 packed bytes (32 K values) per step by LDG.128,
the m-block's activation rows staged into SMEM as fp16, 16-value fp16 dot products accumulated per row in fp32,
butterfly-summed over the TPR threads; `k_gemm2` the same for out += w_router * (act(h) W2[e]^T) with SwiGLU applied
while staging h (AFUSE) and fp32 atomics into the combine buffer; `k_final` converts it to bf16.
Compiled as `run_moe_w4a16` compiles it for a prefill of 64 tokens, hidden 2048, intermediate 768 (SwiGLU: N13 =
1536), 128 experts, top-8 (S = 512 slots; `_pick_bm` gives BM 4, so the tiled path, `_tiled_plan`'s constants:
AFUSE on, no split of GEMM1); the tensors as its `from_dlpack(t, assumed_align=16)` gives them (static shapes,
row-major), flattened ids / weights / output as the tiled path passes them.
"""

from _common import flashinfer

ARCH = "sm_120a"


def compile_only(tokens=64, hidden=2048, inter=768, experts=128, top_k=8):
    import cutlass
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_tensor

    module = flashinfer("fused_moe.cute_dsl.blackwell_sm12x.moe_nvfp4_w4a16")
    n13, slots = 2 * inter, tokens * top_k
    sf13 = module._scale_shape(experts, n13, hidden)
    sf2 = module._scale_shape(experts, hidden, inter)
    bm = module._pick_bm(slots, experts)
    consts, fp32_elems, int32_elems = module._tiled_plan(tokens, hidden, inter, n13, experts, top_k, slots, bm,
                                                         sf13, sf2)

    def fake(dtype, shape):
        stride, step = [], 1
        for extent in reversed(shape):
            stride.insert(0, step)
            step *= extent
        return make_fake_tensor(dtype, tuple(shape), tuple(stride), assumed_align=16)

    args = (fake(cutlass.BFloat16, (tokens, hidden)), fake(cutlass.Int32, (slots,)), fake(cutlass.Float32, (slots,)),
            fake(cutlass.Uint8, (experts, n13, hidden // 2)), fake(cutlass.Uint8, sf13),
            fake(cutlass.Float32, (experts,)), fake(cutlass.Uint8, (experts, hidden, inter // 2)),
            fake(cutlass.Uint8, sf2), fake(cutlass.Float32, (experts,)), fake(cutlass.BFloat16, (slots * inter,)),
            fake(cutlass.Float32, (fp32_elems,)), fake(cutlass.BFloat16, (tokens * hidden,)),
            fake(cutlass.Int32, (int32_elems,)))
    return cute.compile(module.moe_jit, *args, cute.runtime.make_fake_stream(), *consts.values())
