"""flashinfer's SM120/SM121 routed-expert W4A4 MoE (flashinfer/fused_moe/cute_dsl/blackwell_sm12x/moe_nvfp4_w4a4.py),
built by `_build` as `run_moe_w4a4` builds it on first use, the arguments as its `from_dlpack(t, assumed_align=16)`
gives them (static shapes, row-major; weights, scales and workspace flattened and viewed as the host passes them).
The package's `prog` launches its four kernels in one `cute.jit`; the two GEMMs are the same closure (`kern`) built
twice, and the tracer keys a kernel's shared-memory budget by that name, adding both GEMMs' buffers into one
over-limit figure (a trace that exits with a finding). So each `pc_fi_moe_w4a4_*` wrapper launches part of `prog`'s
sequence itself: the package's own kernels (taken from `prog`'s closure), `prog`'s arguments, grids and blocks."""

from _common import flashinfer


def launch(kernels, tokens=64, hidden=2048, inter=768, experts=128, top_k=8, gated=True):
    """Compile the named kernels of `prog` ("prep", "gemm1", "act", "gemm2"), in `prog`'s order, for the SwiGLU
    build (`gated`) or the ReLU2 one (W13 has `inter` rows; GEMM1 stores fp32 h and `k_act` quantizes it)."""
    import cutlass
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_tensor

    module = flashinfer("fused_moe.cute_dsl.blackwell_sm12x.moe_nvfp4_w4a4")
    n13 = 2 * inter if gated else inter
    prog, meta = module._build(tokens, hidden, inter, n13, experts, top_k, gated)
    pairs, padded, wmax = meta["P"], meta["PA"], meta["WMAX"]
    import inspect

    body = inspect.unwrap(prog)  # under the tracer, cute.jit's result may be wrapped
    closure = dict(zip(body.__code__.co_freevars, (c.cell_contents for c in body.__closure__)))

    def fake(dtype, *shape):
        stride, step = [], 1
        for extent in reversed(shape):
            stride.insert(0, step)
            step *= extent
        return make_fake_tensor(dtype, tuple(shape), tuple(stride), assumed_align=16)

    def pad(n, m):
        return (n + m - 1) // m * m

    i32, f32, u8, bf16 = cutlass.Int32, cutlass.Float32, cutlass.Uint8, cutlass.BFloat16
    sf13_bytes = experts * pad(n13, 128) * pad(hidden // 16, 4)
    sf2_bytes = experts * pad(hidden, 128) * pad(inter // 16, 4)
    aq1, sf1 = tokens * (hidden // 2), tokens * (hidden // 16)
    aq2, sf2 = padded * (inter // 2), padded * (inter // 16)
    args = (fake(i32, pairs), fake(f32, pairs), fake(bf16, tokens, hidden),
            fake(u8, experts * n13 * hidden // 2), fake(i32, sf13_bytes // 4), fake(f32, experts),
            fake(u8, experts * hidden * inter // 2), fake(i32, sf2_bytes // 4), fake(f32, experts),
            fake(f32, 1), fake(f32, 1),
            fake(i32, pairs), fake(f32, pairs), fake(i32, 3, wmax), fake(i32, 4),
            fake(i32, aq1 // 4), fake(u8, aq1), fake(i32, sf1 // 4), fake(u8, sf1), fake(f32, 1 if gated else pairs * n13),
            fake(i32, aq2 // 4), fake(u8, aq2), fake(i32, sf2 // 4), fake(u8, sf2), fake(bf16, tokens, hidden))
    threads, gy = 256, closure["GY"]
    prep_blocks = 1 + (closure["NZ"] + closure["NQ"] + threads - 1) // threads

    @cute.jit
    def part(mIds, mW, mX, mW13, mW13sf, mW13gs, mW2, mW2sf, mW2gs, mA13, mA2, mPt, mPw, mWk, mMeta, mAq1W,
             mAq1B, mSf1W, mSf1B, mHb, mAq2W, mAq2B, mSf2W, mSf2B, mOut, stream):
        if cutlass.const_expr("prep" in kernels):
            closure["k_prep"](mIds, mW, mPt, mPw, mWk, mMeta, mX, mA13, mAq1W, mSf1B, mOut).launch(
                grid=[prep_blocks, 1, 1], block=[threads, 1, 1], stream=stream)
        if cutlass.const_expr("gemm1" in kernels):
            closure["k_gemm1"](mAq1B, mSf1W, mW13, mW13sf, mW13gs, mA13, mWk, mMeta, mHb, mPw, mPt, mAq2W, mSf2B,
                               mA2).launch(grid=[closure["NT1"], gy, 1], block=[threads, 1, 1],
                                           max_number_threads=[threads, 1, 1], min_blocks_per_mp=1, stream=stream)
        if cutlass.const_expr("act" in kernels):
            act_blocks = (pairs * (inter // 32) + threads - 1) // threads
            closure["k_act"](mHb, mA2, mAq2W, mSf2B).launch(grid=[act_blocks, 1, 1], block=[threads, 1, 1],
                                                            stream=stream)
        if cutlass.const_expr("gemm2" in kernels):
            closure["k_gemm2"](mAq2B, mSf2W, mW2, mW2sf, mW2gs, mA2, mWk, mMeta, mOut, mPw, mPt, mAq2W, mSf2B,
                               mA2).launch(grid=[closure["NT2"], gy, 1], block=[threads, 1, 1], stream=stream)

    return cute.compile(part, *args, cute.runtime.make_fake_stream())
