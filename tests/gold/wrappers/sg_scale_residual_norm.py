"""sglang's fused residual + LayerNorm + modulation for diffusion transformers,
y = LayerNorm(residual + gate * x) * (1 + scale) + shift and residual_out = residual + gate * x
(sglang/kernels/ops/diffusion/norm/scale_residual_norm_cutedsl.py, ScaleResidualNormScaleShift, with its helpers in
cutedsl_common/norm_fusion.py and reduce.py), sm_90a, compiled as `fused_scale_residual_norm_scale_shift` compiles it
for Wan 2.1 14B's blocks: hidden D = 5120 bf16, a (B, 1, D) gate, scale and shift (broadcast to (B, S, D) by
`broadcast_tensor_for_bsfd`), no affine weight or bias (the scalar placeholders 1 and 0), norm_type "layer";
`_chunks_per_warp(5120, gated_affine=False)` gives 4 chunks of 256 columns per warp, 5 warps per row; every tensor
faked by `to_fake_cute_args` ((?, ?, D), run-time strides divisible by D). norm_fusion.py imports einops for its
host-side broadcast only; a stand-in module answers it.
"""

import importlib.util
import sys
import types

from _common import sglang

ARCH = "sm_90a"


def _fake(dtype, hidden):
    from cutlass import cute

    return cute.runtime.make_fake_tensor(dtype, (cute.sym_int(), cute.sym_int(), hidden),
                                         (cute.sym_int(divisibility=hidden), cute.sym_int(divisibility=hidden), 1),
                                         memspace=cute.AddressSpace.gmem, assumed_align=32)


def _without_einops():
    """norm_fusion.py imports einops for its host-side broadcast only: stand in for it where it is not installed."""
    if "einops" not in sys.modules and importlib.util.find_spec("einops") is None:
        stand_in = types.ModuleType("einops")
        stand_in.rearrange = None
        sys.modules["einops"] = stand_in


def compile_only(hidden=5120):
    import cutlass
    from cutlass import cute

    _without_einops()
    module = sglang("kernels.ops.diffusion.norm.scale_residual_norm_cutedsl")
    chunks_per_warp = module._chunks_per_warp(hidden, gated_affine=False)
    kernel = module.ScaleResidualNormScaleShift(hidden, "layer", chunks_per_warp)
    y, residual_out, residual, x, gate, scale, shift = (_fake(cutlass.BFloat16, hidden) for _ in range(7))
    return cute.compile(kernel, y, residual_out, residual, x, gate, cutlass.Int32(1), cutlass.Int32(0), scale, shift,
                        cutlass.Float32(1e-6), cute.runtime.make_fake_stream())
