"""torchao's MXFP8 quantizer with 32 x 1 scaling for MoE training (pytorch/ao, torchao/prototype/moe_training/kernels/
mxfp8/cutedsl_quantize_2d_32x1.py, `Mxfp8Quantize2dKernel32x1.kernel`): a bf16 A (M, K) quantized to FP8 E4M3 with
one E8M0 scale per 32 rows of each column, the FP8 data written column-major. Warp-specialised: warp 0 issues the
TMA loads of (32, 128) input tiles into a 2-stage SMEM ring and the TMA stores of the column-major FP8 tiles; four
compute warps each take one column of the tile per lane, read its 32 values from SMEM by index, reduce their amax,
derive the scale, and write the quantized values back to the output SMEM tile in 16-value vectors; the scales go out
by scalar stores. One CTA walks 4 M tiles of one K tile.

Configured as `mxfp8_quantize_cutedsl_2d_32x1(x)` compiles it for bf16 (its defaults: scaling "rceil", stage_count 2,
blocked_scale_output False, no offs): `_compile_mxfp8_quantize_2d_32x1_cutedsl("torch.bfloat16", "rceil", 4, 32, 128,
2, 4, True, False, False)` (config "bf16_default"; M is asserted a multiple of 128, so the M tiles are full), whose
own `make_fake_tensor`s (symbolic M, K and strides) and `cute.compile(..., options="--enable-tvm-ffi")` are used as
they are (the `functools.cache` wrapper bypassed).

Shim: the tree's `cute_utils.py` calls `nvvm.fmax`, `nvvm.cvt_packfloat_f32` and `nvvm.cvt_packfloat` with the result
type as the first positional argument (a newer binding); CuTeDSL 4.8.1's take it as `results=`. The wrapper gives the
module an `nvvm` whose three functions move that argument; only scalar scale values flow through them.
"""

from _common import github_source

ARCH = "sm_100a"
SOURCE = ("pytorch/ao", "36027d82d1ad9949597ea16002ff4940374b1b94")


class _Nvvm4_8:
    """CuTeDSL 4.8.1's nvvm dialect, its three result-typed builders taking the type first as the tree calls them."""

    def __init__(self, nvvm):
        self._nvvm = nvvm

    def __getattr__(self, name):
        built = getattr(self._nvvm, name)
        if name not in ("fmax", "cvt_packfloat_f32", "cvt_packfloat"):
            return built
        return lambda result, *args, **kwargs: built(*args, results=[result], **kwargs)


def compile_only():
    cute_utils = github_source(SOURCE[0], "", "torchao.prototype.moe_training.kernels.mxfp8.cute_utils")
    if not isinstance(cute_utils.nvvm, _Nvvm4_8):
        cute_utils.nvvm = _Nvvm4_8(cute_utils.nvvm)
    module = github_source(SOURCE[0], "", "torchao.prototype.moe_training.kernels.mxfp8.cutedsl_quantize_2d_32x1")
    build = module._compile_mxfp8_quantize_2d_32x1_cutedsl.__wrapped__
    return build("torch.bfloat16", "rceil", 4, 32, 128, 2, 4, True, False, False)
