"""flashinfer's self-written SM120 FP8 block-scaled (1 x 128 x 128) token-packed grouped MoE GEMM
(flashinfer/fused_moe/cute_dsl/blackwell_sm12x/kernel_moe_fp8_gemm.py, `CuteDslSm120MoeFp8Grouped`), sm_120a:
D[M, N] = A[M, K] B[e][N, K]^T for each expert e's packed rows (`offsets` = m_indptr), E4M3 A and B, fp32 scales
per row x 128 K (A) and per 128 N x 128 K block (B), mma.sync m16n8k32 FP8 over 8 math warps (4 x 2), the fp32
partial of each 128-K tile rescaled into the accumulator by the two scales; warp-specialised: a scheduler warp
publishes work tiles through an SMEM mailbox, one warp TMA-loads A / B into a swizzled ring, one warp TMA-loads A's
scales and cp.asyncs B's; bf16 D. Compiled as `cute_dsl_sm12x_moe_gemm_fp8`'s untuned path does
(`moe_fp8_gemm._op`): `select_tile` gives (128, 128, 128) for 256 rows per expert at K 7168 (K > 2048:
`select_plain_bm_64_or_128`'s cost picks 128, 3 waves x 176 against 6 x 112 for 64 on 188 SMs),
`resolve_stage_store` the ring depth (3) and the store method (R2G_WG: the bf16 tile staged in SMEM laid over sA,
then 128-bit global stores by the math warps), then `cute.compile(op.build(grid_x), *make_args(...))`: 8 experts,
N 4096, K 7168, 2048 packed rows (the shapes are dynamic: the row count only picks the tile), 188 SMs (an RTX PRO
6000's count), no PDL. The host op's torch dtype check is skipped (its only out dtype is bf16): the config is built
with the package's own `make_cfg` / `resolve_stage_store`. `flashinfer.utils` (pynvml, the JIT loader) is the
torch stand-in, given the two integer helpers the kernel files take from it (ceiling division, round up).
"""

import importlib
import sys

from _common import dynamic_layout, flashinfer, stream

ARCH = "sm_120a"


def compile_only(n=4096, k=7168, experts=8, grid_x=188):
    import cutlass
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_tensor

    utils = sys.modules.setdefault("flashinfer.utils",
                                   importlib.import_module("_sources")._TorchStandIn("flashinfer.utils"))
    # the stand-in answers every name with a placeholder; the kernel applies these two to traced integers
    utils.ceil_div = lambda x, y: (x + y - 1) // y
    utils.round_up = lambda x, y: (x + y - 1) // y * y
    host = flashinfer("fused_moe.cute_dsl.blackwell_sm12x.moe_fp8_gemm", host_only=("autotuner",))
    module = flashinfer("fused_moe.cute_dsl.blackwell_sm12x.kernel_moe_fp8_gemm")
    tile = (128, 128, module.GRAN_K)
    stage, epi = host.resolve_stage_store(tile, n)
    kernel = module.CuteDslSm120MoeFp8Grouped(module.make_cfg(tile, stage, epi=epi), grid_x)
    a_q = dynamic_layout(cutlass.Float8E4M3FN, 2)
    b_q = dynamic_layout(cutlass.Float8E4M3FN, 3)
    a_scale = dynamic_layout(cutlass.Float32, 2)
    b_scale = dynamic_layout(cutlass.Float32, 3)
    # make_args: the output's columns contiguous, its extent and row stride divisible by the 128-bit store's 8 values
    out = make_fake_tensor(cutlass.BFloat16, (cute.sym_int(), cute.sym_int(divisibility=8)),
                           stride=(cute.sym_int64(divisibility=8), 1), assumed_align=16)
    m_indptr = dynamic_layout(cutlass.Int32, 1)
    return cute.compile(kernel, a_q, b_q, a_scale, b_scale, out, m_indptr, stream())
