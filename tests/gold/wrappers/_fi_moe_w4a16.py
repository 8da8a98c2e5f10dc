"""flashinfer's SM120/SM121 routed-expert W4A16 MoE (flashinfer/fused_moe/cute_dsl/blackwell_sm12x/moe_nvfp4_w4a16.py,
`moe_jit`), compiled as `run_moe_w4a16` compiles its tiled path, the tensors as its `from_dlpack(t, assumed_align=16)`
gives them (static shapes, row-major; ids, weights and the output flattened as the tiled path passes them). The
routed slot count (tokens x top-k) decides `_tiled_plan`'s constants, AFUSE among them: the two
`pc_fi_moe_w4a16_*` wrappers compile one build each."""

from _common import flashinfer


def compile_moe(tokens, hidden=2048, inter=768, experts=128, top_k=8):
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
