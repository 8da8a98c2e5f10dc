"""flashinfer's self-written SM120 MXFP8 x MXFP4 fused MoE FC1 (gate/up) + SwiGLU
(flashinfer/fused_moe/cute_dsl/blackwell_sm12x/kernel_moe_mxfp8_mxfp4_fc1_act.py, `CuteDslSm120MoeMxfp8Mxfp4Fc1Act`),
sm_120a: D[M, n] = act(A[M, K] U[e]^T, A[M, K] G[e]^T) for each expert e's packed rows (`offsets` = m_indptr), E4M3
activations with one UE8M0 scale per 32 K (packed four to an Int32), FP4 weights in byte containers (gate rows n
further than the up rows of W13) with their packed UE8M0 scales, the block-scaled warp MMA `MmaMXF8F6F4Op` m16n8k32
over 8 math warps, two accumulators (up, gate) sharing the A fragment, the FP4 registers widened in place
(`unpack`), SwiGLU in registers, and bf16 D through the package's workgroup epilogue (r2s into a tile over sA, s2r,
128-bit global stores). Warp-specialised: a scheduler warp publishes work tiles through an SMEM mailbox, one warp
TMA-loads A and its scales, one warp U, G and their scales. Compiled as `cute_dsl_sm12x_fc1_act_mxfp8_mxfp4`'s untuned
path does (`moe_mxfp8_mxfp4_fc1_act`): `select_tile` gives (64, 128, 128) for 256 rows per expert (`select_fc1_act_tile`:
`select_plain_bm_64_or_128`'s cost picks 64 on 188 SMs), `resolve_stage_store` the ring depth and the store method
(R2G_WG), `make_cfg` the config (`_op`'s, without its torch dtype check: the only out dtype is bf16), then
`cute.compile(op.build(grid_x), *make_args(...))`: 8 experts, n 2048, K 7168,
2048 packed rows, 188 SMs (an RTX PRO 6000's count), SwiGLU, no PDL. The host's torch tensors are faked as
`make_args` presents them (`from_dlpack(...).mark_layout_dynamic()`; the scales contiguous Int32; the output's
columns contiguous and divisible by the 128-bit store's 8 values). `flashinfer.utils` is the torch stand-in, given
the two integer helpers the kernel files take from it.
"""

import importlib
import sys

from _common import dynamic_layout, flashinfer, stream

ARCH = "sm_120a"


def _fake_utils():
    utils = sys.modules.setdefault("flashinfer.utils",
                                   importlib.import_module("_sources")._TorchStandIn("flashinfer.utils"))
    # the stand-in answers every name with a placeholder; the kernel applies these two to traced integers
    utils.ceil_div = lambda x, y: (x + y - 1) // y
    utils.round_up = lambda x, y: (x + y - 1) // y * y


def build(n, k, experts, rows, grid_x, tile=None):
    """The op `cute_dsl_sm12x_fc1_act_mxfp8_mxfp4` builds, and the kernel arguments `make_args` gives."""
    import cutlass
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_tensor

    _fake_utils()
    host = flashinfer("fused_moe.cute_dsl.blackwell_sm12x.moe_mxfp8_mxfp4_fc1_act", host_only=("autotuner",))
    if tile is None:
        tile = host.select_tile(total_rows=rows, n=n, k=k, num_experts=experts, num_sms=grid_x)
    module = flashinfer("fused_moe.cute_dsl.blackwell_sm12x.kernel_moe_mxfp8_mxfp4_fc1_act")
    stage, epi = host.resolve_stage_store(tuple(tile))
    cfg = module.make_cfg(tuple(tile), stage, epi=epi, activation=host.ActivationType.Swiglu)
    out_align = 16 if cfg.epi.STORE_BITS == 128 else 2
    out = make_fake_tensor(cutlass.BFloat16, (cute.sym_int(), cute.sym_int(divisibility=8)),
                           stride=(cute.sym_int64(divisibility=8), 1), assumed_align=out_align)
    args = (dynamic_layout(cutlass.Float8E4M3FN, 2), dynamic_layout(cutlass.Uint8, 3),
            dynamic_layout(cutlass.Int32, 2), dynamic_layout(cutlass.Int32, 3), out,
            dynamic_layout(cutlass.Int32, 1), stream())
    return module.CuteDslSm120MoeMxfp8Mxfp4Fc1Act(cfg, grid_x), args


def compile_only(n=2048, k=7168, experts=8, rows=2048, grid_x=188):
    from cutlass import cute

    kernel, args = build(n, k, experts, rows, grid_x)
    return cute.compile(kernel, *args)
