"""TokenSpeed's row argmax for greedy sampling (tokenspeed_kernel/thirdparty/cute_dsl/argmax.py, `ArgmaxKernel`,
derived from quack's reduction base by way of TensorRT-LLM), sm_100a, no MMA: one row of logits (a vocab row) per
group of threads; the CTA's tile of rows is loaded by cp.async into SMEM and then into registers, each thread keeps a
running (max, column) pair over its values, warps combine pairs by redux.sync (Blackwell path, `use_redux`), a
cross-warp SMEM buffer holds each warp's (max, index) pair, and the row's first thread writes the max and its column.
Compiled as `_invoke_kernel` compiles it (bf16 logits (M, N) with a dynamic row count, N-contiguous, fp32 max and int64
index outputs of shape (M,)) for a 4096-wide vocab row, the smallest the sampler sends it (a 32768-word vocabulary over
8 ranks): 64 threads (2 warps) per row, 2 rows per 128-thread CTA, one CTA per cluster.
"""

from _common import tokenspeed_kernel

ARCH = "sm_100a"


def compile_only(n=4096):
    import cutlass
    from cutlass import cute

    module = tokenspeed_kernel("thirdparty.cute_dsl.argmax")
    rows = cute.sym_int()
    logits = cute.runtime.make_fake_compact_tensor(cutlass.BFloat16, (rows, n), stride_order=(1, 0), assumed_align=16)
    out_max = cute.runtime.make_fake_compact_tensor(cutlass.Float32, (rows,), stride_order=(0,), assumed_align=16)
    out_idx = cute.runtime.make_fake_compact_tensor(cutlass.Int64, (rows,), stride_order=(0,), assumed_align=16)
    kernel = module.ArgmaxKernel(cutlass.BFloat16, n, use_redux=True)
    return cute.compile(kernel, logits, out_max, out_idx, cute.runtime.make_fake_stream())
