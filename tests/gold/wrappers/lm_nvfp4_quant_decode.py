"""lightmoe's decode-time NVFP4 quantization (lightmoe/kernels/quantize/decode.py, `NVFP4DecodeQuantKernel`), sm_100a:
each decode token's bf16 activation row is quantized once per selected expert, written to the expert-ordered row its
routing slot names, with E4M3 scales in the blocked NVFP4 atom layout of that expert's padded segment.
Compiled as `lightmoe.inference`'s decode path calls `nvfp4_quantize_decode(x, topk_ids, slots, m_indptr,
padded_offsets, x_scale, qx, sfx, sf_tile_rows=128)` (use_pdl, expert-ordered rows), for hidden 2048, 128 experts,
top-8, through the package's own `NVFP4DecodeQuantKernel.compile` (fake tensors with symbolic sizes, TVM-FFI).
"""

from _common import lightmoe

ARCH = "sm_100a"


def compile_only():
    module = lightmoe("kernels.quantize.decode")
    return module.NVFP4DecodeQuantKernel.compile(2048, 128, 8, True, 128, False)
