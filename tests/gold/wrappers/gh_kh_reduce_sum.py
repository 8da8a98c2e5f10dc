"""Kernel-Heim/forge-cute-py's row-wise sum (forge_cute_py/kernels/reduce_sum.py, `ReduceSumRow`), no MMA: one CTA
of 256 threads per row; the row (a run-time-indexed slice of x) is walked in 2048-element tiles by local_tile, each
tile cp.async-copied (128-bit, one 8-value vector per thread) into an SMEM tile buffer, copied to registers and summed;
the per-thread sums are reduced by warp shuffles and an (8 warps,) SMEM buffer, and thread 0 writes the row's sum.

Configured as the package's op compiles it (`forge_cute_py/ops/reduce_sum.py`: `make_fake_compact_tensor(dtype,
(sym_int M, sym_int N), stride_order=(1, 0), assumed_align=16)` and an (M,) output, block_size 256,
`--enable-tvm-ffi`): bf16. One change: the op's fake input has a plain run-time N, with which CuTeDSL 4.8.1 rejects
the 128-bit cp.async (row alignment unknown: 16 bits); the op checks before compiling that rows are 16-byte aligned
(`x.stride(0) * elem_bytes % 16 == 0`), so here N is a run-time extent divisible by 8, which states just that.
"""

from _common import github_source

SOURCE = ("Kernel-Heim/forge-cute-py", "91419182c7be4769b1a6defbd8289420101a20c4")
ARCH = "sm_90a"


def compile_only():
    import cutlass
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_compact_tensor

    mod = github_source(SOURCE[0], "", "forge_cute_py.kernels.reduce_sum")
    bf16 = cutlass.BFloat16
    x = make_fake_compact_tensor(bf16, (cute.sym_int(), cute.sym_int(divisibility=8)), stride_order=(1, 0),
                                 assumed_align=16)
    out = make_fake_compact_tensor(bf16, (cute.sym_int(),), stride_order=(0,), assumed_align=16)
    return cute.compile(mod.ReduceSumRow(bf16, block_size=256), x, out, options="--enable-tvm-ffi")
