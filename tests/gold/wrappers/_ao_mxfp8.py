"""Loader for torchao's CuTeDSL MXFP8 quantizers (pytorch/ao, torchao/prototype/moe_training/kernels/mxfp8/), shared by
the `gh_ao_mxfp8_quant_*` wrappers.

Shim: the tree's `cute_utils.py` calls `nvvm.fmax`, `nvvm.cvt_packfloat_f32` and `nvvm.cvt_packfloat` with the result
type as the first positional argument (a newer binding); CuTeDSL 4.8.1's take it as `results=`. The loader gives that
module an `nvvm` whose three builders move the argument; only scalar scale values flow through them.
"""

from _common import github_source

SOURCE = ("pytorch/ao", "36027d82d1ad9949597ea16002ff4940374b1b94")
_PACKAGE = "torchao.prototype.moe_training.kernels.mxfp8"


class _Nvvm4_8:
    """CuTeDSL 4.8.1's nvvm dialect, its three result-typed builders taking the type first as the tree calls them."""

    def __init__(self, nvvm):
        self._nvvm = nvvm

    def __getattr__(self, name):
        built = getattr(self._nvvm, name)
        if name not in ("fmax", "cvt_packfloat_f32", "cvt_packfloat"):
            return built
        return lambda result, *args, **kwargs: built(*args, results=[result], **kwargs)


def kernel_module(name: str):
    """The quantizer module `name` of the tree's mxfp8 package, its `cute_utils` shimmed for CuTeDSL 4.8.1."""
    cute_utils = github_source(SOURCE[0], "", f"{_PACKAGE}.cute_utils")
    if not isinstance(cute_utils.nvvm, _Nvvm4_8):
        cute_utils.nvvm = _Nvvm4_8(cute_utils.nvvm)
    return github_source(SOURCE[0], "", f"{_PACKAGE}.{name}")
