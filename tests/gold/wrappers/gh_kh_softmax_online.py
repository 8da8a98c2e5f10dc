"""Kernel-Heim/forge-cute-py's online softmax forward and backward (forge_cute_py/kernels/softmax_online.py,
`SoftmaxOnline` and `SoftmaxOnlineBackward`; the file credits Jonah Samost's PR #26), no MMA, no SMEM: one warp per
row, 4 rows per CTA, a universal 128-bit TiledCopy (threads (4 rows, 32 lanes), values (1, 8)) over a (4, N) tile;
the forward loads a row into registers by autovec_copy, reduces the max and the exp-sum by warp shuffles and writes
exp(x - max) / sum back through the same partition; the backward loads dy and y, reduces dot(dy, y) per row and
writes y (dy - dot) into dx.

Configured as the package's ops compile them (`forge_cute_py/ops/softmax_online.py`: `_kernel_forward` /
`_kernel_backward`: `make_fake_compact_tensor(dtype, (sym_int M, N), stride_order=(1, 0))`, a fake TVM-FFI stream,
`--enable-tvm-ffi`): bf16, N = 4096. No shim.
"""

from _common import github_source

SOURCE = ("Kernel-Heim/forge-cute-py", "91419182c7be4769b1a6defbd8289420101a20c4")
ARCH = "sm_90a"


def compile_only():
    import cutlass
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_compact_tensor, make_fake_stream

    mod = github_source(SOURCE[0], "", "forge_cute_py.kernels.softmax_online")
    bf16, n = cutlass.BFloat16, 4096

    def rows():
        return make_fake_compact_tensor(bf16, (cute.sym_int(), n), stride_order=(1, 0))

    options = "--enable-tvm-ffi"
    forward = cute.compile(mod.SoftmaxOnline(bf16, n), rows(), rows(),
                           make_fake_stream(use_tvm_ffi_env_stream=True), options=options)
    backward = cute.compile(mod.SoftmaxOnlineBackward(bf16, n), rows(), rows(), rows(),
                            make_fake_stream(use_tvm_ffi_env_stream=True), options=options)
    return forward, backward
