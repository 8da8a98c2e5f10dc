"""TokenSpeed's fused hyper-connection mix for Blackwell (tokenspeed_kernel/thirdparty/cute_dsl/hc_fused.py,
`FusedGatedResidualKernel`, written on cute.experimental), sm_100a.
Compiled as `ops/residual/cute_fused.py`'s `cute_fused_hyperconnection_mix` compiles it for a decode batch of 8 rows
with HC4 / H2560 / R320 and the inject rows (projection weight [320 + 4, 4 * 2560]): `_tactic(8, 324)` gives split-K 16,
a 64-row projection tile, 8-token tile, one projection and batch tile, 5 stages, a 32-wide final tile; a single tile
(one worker, one round), full tiles, PDL on, projection scale 1, independent weights; every operand as
`operands_for` passes it (`from_dlpack(...).mark_layout_dynamic`, leading dims (1, 1, 1, 1, 0, 1, 1)).
"""

from _common import stream, tokenspeed_kernel

ARCH = "sm_100a"


def _dynamic(dtype, rank, leading):
    from cutlass import cute

    shape = tuple(cute.sym_int() for _ in range(rank))
    stride = tuple(1 if mode == leading else cute.sym_int64() for mode in range(rank))
    return cute.runtime.make_fake_tensor(dtype, shape, stride=stride, assumed_align=16)


def compile_only(rows=8, projection_rows=324):
    import cutlass
    from cutlass.cute import experimental as cute_ext

    module = tokenspeed_kernel("thirdparty.cute_dsl.hc_fused")
    bf16 = cutlass.BFloat16
    operands = (_dynamic(bf16, 3, 1), _dynamic(bf16, 3, 1), _dynamic(bf16, 3, 1), _dynamic(bf16, 2, 1),
                _dynamic(cutlass.Int64, 1, 0), _dynamic(bf16, 2, 1), _dynamic(bf16, 2, 1))
    kernel = module.FusedGatedResidualKernel(
        projection_tile=64, token_tile=8, projection_rows=projection_rows, split_k=16, projection_tiles=1,
        batch_tiles=1, workers=1, stages=5, final_tile=32, rounds=1, use_pdl=True, scale=1.0,
        weights_independent=True, single_tile=rows <= 8, full_tiles=rows % 8 == 0)
    return cute_ext.compile(kernel, *operands, stream())
