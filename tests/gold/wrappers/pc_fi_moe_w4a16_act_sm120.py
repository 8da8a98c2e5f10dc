"""flashinfer's SM120/SM121 routed-expert W4A16 MoE, tiled path with the standalone activation kernel
(flashinfer/fused_moe/cute_dsl/blackwell_sm12x/moe_nvfp4_w4a16.py, `moe_jit`), sm_120a: the same launch sequence as
`pc_fi_moe_w4a16_sm120` (routing, GEMM1, GEMM2, finalize; CUDA-core NVFP4 dot products, no MMA), built where
`_tiled_plan` turns AFUSE off (more than 512 routed slots): `k_act` writes bf16 SiLU(gate) * up of GEMM1's fp32 h into
the intermediate buffer, and GEMM2 stages that buffer's rows instead of applying the activation itself.
Compiled as `run_moe_w4a16` compiles it for a 128-token prefill, hidden 2048, intermediate 768 (SwiGLU), 128 experts,
top-8 (S = 1024 slots: `_pick_bm` gives BM 8, the tiled path, AFUSE off); tensors as its
`from_dlpack(t, assumed_align=16)` gives them. Entered here: only the tensors this build makes that the AFUSE build
does not (the activation kernel's and GEMM2's non-fused staging); the shared kernels are judged in
`pc_fi_moe_w4a16_sm120`.
"""

from _common import flashinfer

ARCH = "sm_120a"


def compile_only(tokens=128, hidden=2048, inter=768, experts=128, top_k=8):
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
