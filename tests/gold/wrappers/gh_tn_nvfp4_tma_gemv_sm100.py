"""transformer_nuggets' NVFP4 TMA GEMV for Blackwell (drisspg/transformer_nuggets,
transformer_nuggets/cute/nvfp4_tma.py `Nvfp4TmaGemv` over transformer_nuggets/cute/blockscaled_tma.py
`BlockscaledTmaGemv`), sm_100a: out (1, N) bf16 = x (1, K) W (N, K)^T for packed E2M1 x and W with E4M3 scales per 16 K
values in the swizzled 32x4x4 storage F.scaled_mm takes. No tensor-core MMA: one CTA per 8-row tile of W, each of its
compute warps owns 2 rows; W and x tiles (128 u32 words of K per row) come by TMA into a 2-stage SMEM ring, the lanes
read their words by hand, decode E2M1 pairs, multiply by the decoded scales and reduce by warp shuffles.

Configured as `nvfp4_tma_gemv` -> `select_nvfp4_tma_config` picks on a B200 for N = K = 8192 (block_n 8, 2 stages,
4 compute warps, static grid, no split-K, weight scales read from global, no global scales, no profiling), then
`Nvfp4TmaGemv.interface`'s own fake tensors (uint8 views of W (N, K/2), x (1, K/2) and the flat scale vectors, bf16
(1, N) output) compiled with TVM-FFI as `compile_tvm_ffi_and_cache` does. The module imports `typer` for its profiling
CLI (host only, not installed here): the wrapper gives it a stand-in with the two names the module touches at import;
the profiler's host side imports `transformer_nuggets.utils.perfetto`, whose package `__init__` imports triton and the
benchmarking tools, so that package is registered first without its `__init__` (as `github_source` does for the
kernel's own packages). Neither makes a tensor. `compile_tvm_ffi_and_cache` also hands cute.compile the op's
`_name_prefix`, which CuTeDSL 4.8.1 binds to `__call__` and rejects, and the launch passes the kernel a
`_name_prefix` keyword (a newer CuTeDSL's launch option): the wrapper drops the first and turns the second into 4.8.1's
`set_name_prefix` on the same kernel (the symbol's name only; the kernel's code and tensors are unchanged).
"""

import sys
import types

from _common import github_source

ARCH = "sm_100a"
SOURCE = ("drisspg/transformer_nuggets", "0e6d4fc479532ed5a5060158a8c4664893025271")


def _typer_stand_in():
    class _App:
        def __init__(self, *args, **kwargs):
            pass

        def command(self, *args, **kwargs):
            return lambda function: function

    typer = types.ModuleType("typer")
    typer.Typer, typer.Option = _App, lambda *args, **kwargs: None
    sys.modules.setdefault("typer", typer)


def _accept_name_prefix(cls):
    kernel = cls.kernel

    def launch(self, *args, _name_prefix=None, **kwargs):
        if _name_prefix is not None:
            kernel.set_name_prefix(_name_prefix)
        return kernel(self, *args, **kwargs)

    if not getattr(kernel, "_gold_name_prefix", False):
        launch._gold_name_prefix = True
        cls.kernel = launch


def compile_only(n=8192, k=8192, block_n=8, num_stages=2, num_compute_warps=4):
    import cutlass
    from cutlass import cute

    _typer_stand_in()
    github_source(SOURCE[0], "", "transformer_nuggets.utils.perfetto")
    module = github_source(SOURCE[0], "", "transformer_nuggets.cute.nvfp4_tma")
    utils = sys.modules["transformer_nuggets.cute.utils"]
    _accept_name_prefix(sys.modules["transformer_nuggets.cute.blockscaled_tma"].BlockscaledTmaGemv)
    op = module.Nvfp4TmaGemv(n, k, block_n, num_stages, num_compute_warps=num_compute_warps)
    fake = utils.make_fake_compact_tensor
    return cute.compile(op, fake(cutlass.Uint8, (n, k // 2)), fake(cutlass.Uint8, (1, k // 2)),
                        fake(cutlass.Uint8, (((n + 127) // 128) * 128 * op.sf_k,)),
                        fake(cutlass.Uint8, (128 * op.sf_k,)), None, None,
                        fake(cutlass.BFloat16, (1, n), assumed_align=16), None, None, utils.fake_stream(),
                        options="--enable-tvm-ffi")
