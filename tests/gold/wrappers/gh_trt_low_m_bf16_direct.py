"""NVIDIA/TensorRT-LLM's low-M BF16 direct GEMM (tensorrt_llm/_torch/cute_dsl_kernels/blackwell/low_m_bf16_direct.py,
`_DirectDenseGemmKernel.kernel`; its mainloop a vendored copy of flashinfer's dense_bf16_gemm_direct.py, which the
gold set has not judged), SIMT, no MMA, no TMA: C (M, N) = A (M, K) B (N, K)^T for decode M, one CTA per (2 output
columns, 4 rows), 256 threads. A and B are viewed in 8-element vectors (`logical_divide` by 8, then by the block
size) so thread t owns vectors t, t + 256, ... of K; each thread prefetches its whole K slice of the CTA's B rows
into registers by 128-bit G2R copies, streams each A row's slice the same way, accumulates (row, column) dot products
in FP32 registers, reduces them by warp shuffles and across warps through an SMEM (rows, columns, warps) buffer, and
thread 0 stores C (the silu-prefix epilogue applying silu(scale x) to the leading columns).

Configured as `run_direct_dense_silu_prefix` compiles it (`_get_compiled_direct_kernel`: static `from_dlpack`
views, assumed_align 32, of row-major A (M, K), B^T (N, K) and C (M, N); `cute_ext.compile` there, `cute.compile`
here) with `default_tactic(4, 512, 8192)` (block 256, 2 outputs per block, 4 rows per block: the K = 8192, M <= 4,
N <= 512 band `prefer_direct_bf16_gemm_sm100` picks), use_pdl False, prefix 256, scale 1.0. torch is the stand-in.
"""

from _common import row_major, stream
from _trt import kernel_file

SOURCE = ("NVIDIA/TensorRT-LLM", "23843b57ebbb69baf03a461c9702126b30cb3182")
ARCH = "sm_100a"


def compile_only():
    import cutlass
    from cutlass import cute

    mod = kernel_file("blackwell/low_m_bf16_direct.py", "trt_low_m_bf16_direct")
    m, n, k = 4, 512, 8192
    a, b, c = (row_major(cutlass.BFloat16, shape, align=32) for shape in ((m, k), (n, k), (m, n)))
    kernel = mod._DirectDenseGemmKernel(element_type=cutlass.BFloat16, num_rows=m, k_extent=k,
                                        tactic=mod.default_tactic(m, n, k), use_pdl=False,
                                        epilogue_mode="silu_prefix", epilogue_scale=1.0, epilogue_prefix=256)
    return cute.compile(kernel, a, b, c, stream())
