"""attn-gym's KDA backward inter-chunk state-gradient recurrence, SM100 (attn_gym/linear/kda/bwd/cute/
chunk_delta_h_bwd.py, `BlackwellDeltaHBwd`): per (head, value tile) the chunks are walked in reverse; each chunk's
dh is snapshotted to dh_out, dv = K dh + dv_intra, and dh = diag(exp2(gk_last)) dh + Q^T dO * scale - W^T dv, the three
GEMMs by tcgen05 from SMEM operands into TMEM; warp-specialised (CUDA warps, a TMA load warp, a gate warp, an MMA
warp, a store warp).

Configured as `blackwell_delta_h_bwd_dhu_dv_fused` compiles it (the package's own builder `_compile_delta_h_bwd`,
called unwrapped from its disk cache) for the dense path: 32 heads (Kimi Linear's KDA), key and value dim 128,
64-token chunks, bf16 I/O, the value tile 32 (`select_delta_h_bv`: 8 value tiles x 32 heads exceed a B200's 148 SMs),
32-bit offsets, the state tensors' static layout, the per-channel gate; the package's fake tensors (extents dynamic).
`set_compile_target` is given a B200's (sm_100a, 148 SMs).
"""

from _common import attn_gym

ARCH = "sm_100a"


def compile_only(heads=32, value_tile=32):
    import cutlass

    target = attn_gym("_backends.cute.target")
    target.set_compile_target(target.CompileTarget("cuda", "sm_100a", (10, 0), "NVIDIA B200", 148))
    module = attn_gym("linear.kda.bwd.cute.chunk_delta_h_bwd")
    build = getattr(module._compile_delta_h_bwd, "__wrapped__", module._compile_delta_h_bwd)
    return build(heads, value_tile, cutlass.BFloat16, False, False)
