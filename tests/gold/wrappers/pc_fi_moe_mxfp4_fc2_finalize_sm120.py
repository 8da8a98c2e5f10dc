"""flashinfer's self-written SM120 MXFP8 x MXFP4 fused MoE FC2 (down) + finalize
(flashinfer/fused_moe/cute_dsl/blackwell_sm12x/kernel_moe_mxfp8_mxfp4_fc2_finalize.py,
`CuteDslSm120MoeMxfp8Mxfp4Fc2Finalize`), sm_120a: for each expert e's packed rows (`offsets` = m_indptr),
D_e = A[M, K] W2[e][N, K]^T with E4M3 activations (the FC1 output, one UE8M0 scale per 128 K packed four to an Int32)
and FP4 down weights in byte containers (one UE8M0 scale per 32 K, packed), the block-scaled warp MMA `MmaMXF8F6F4Op`
m16n8k32 on 8 math warps, then the package's scatter epilogue (WG_SCATTER): the bf16 tile through SMEM laid over sA,
each row's token id and router weight staged in SMEM from `src_token` / `pair_scales`, and the weighted rows added
into the token's output row (finalize). Warp-specialised as its FC1 sibling: a scheduler warp's SMEM mailbox, an A
load warp, a B load warp. Compiled as `cute_dsl_sm12x_fc2_finalize_mxfp8_mxfp4`'s untuned path does
(`moe_mxfp8_mxfp4_fc2_finalize`): `select_tile` gives (128, 128, 128) for more than 32 rows per expert,
`CuteDslSm120GroupedMxfp8Mxfp4Fc2FinalizeOp(n, k, tile, WG_SCATTER)` the ring depth and config, then
`cute.compile(op.build(grid_x), *make_args(...))`: 8 experts, hidden n 7168, intermediate K 2048, 2048 packed rows,
188 SMs (an RTX PRO 6000's count), no PDL; the torch tensors faked as `make_args` presents them (`from_dlpack`,
`mark_layout_dynamic`; scales, token ids and pair weights contiguous at 16-byte alignment; the output's columns
contiguous, divisible by the 128-bit store's 8 values). `flashinfer.utils` is the torch stand-in, given the two
integer helpers the kernel files take from it.
"""

from _common import dynamic_layout, flashinfer, stream
from pc_fi_moe_mxfp4_fc1_act_sm120 import _fake_utils

ARCH = "sm_120a"


def compile_only(n=7168, k=2048, experts=8, rows=2048, grid_x=188):
    import cutlass
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_tensor

    _fake_utils()
    host = flashinfer("fused_moe.cute_dsl.blackwell_sm12x.moe_mxfp8_mxfp4_fc2_finalize", host_only=("autotuner",))
    tile = host.select_tile(total_rows=rows, n=n, num_experts=experts, num_sms=grid_x)
    op = host.CuteDslSm120GroupedMxfp8Mxfp4Fc2FinalizeOp(n, k, tuple(tile), host.DEFAULT_EPI)
    out = make_fake_tensor(cutlass.BFloat16, (cute.sym_int(), cute.sym_int(divisibility=8)),
                           stride=(cute.sym_int64(divisibility=8), 1), assumed_align=op.cfg.epi.store_bytes)
    args = (dynamic_layout(cutlass.Float8E4M3FN, 2), dynamic_layout(cutlass.Uint8, 3),
            dynamic_layout(cutlass.Int32, 2), dynamic_layout(cutlass.Int32, 3), out,
            dynamic_layout(cutlass.Int32, 1), dynamic_layout(cutlass.Float32, 1),
            dynamic_layout(cutlass.Int32, 1), stream())
    return cute.compile(op.build(grid_x), *args)
