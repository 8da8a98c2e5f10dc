"""lightmoe's variable-length rowwise NVFP4 quantization (lightmoe/kernels/quantize/kernel.py, `NVFP4QuantKernel` in
mode "row"), sm_100a: one CTA per (256-feature tile, 128-row expert segment tile); each half-warp reads whole source
rows (gathered by the routing permutation) as 16-value groups into registers, takes the group's amax, an E4M3 scale
and packs the E2M1 values into an SMEM staging tile (128 rows x 144 bytes: 128 bytes of packed values, 16 scale
bytes), then stores the scales in the blocked NVFP4 atom layout and the packed rows by 16-byte chunks.
Compiled as `lightmoe.training`'s forward quantizes x (`nvfp4_quantize_rowwise(x, cu, pts, q, sf,
gather_idx=gather_idx, padded_offsets=off_pad, te_math=True)` with a bf16 x, round-to-nearest, blocked scales) for 8
experts, through the package's own `NVFP4QuantKernel.compile` (fake tensors with symbolic sizes, TVM-FFI).
"""

from _lm_quant import compile_quantizer

ARCH = "sm_100a"


def compile_only():
    return compile_quantizer("row", gather=True, rht=False, emit_amax=False, te_row_math=True)
