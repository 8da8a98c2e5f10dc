"""sglang's Qwen3.x NVFP4 decode GEMM for SM120 (sglang/kernels/kda_kernels/qwen3x_nvfp4_gemm_sm120.py,
_Qwen3xNvfp4Sm120Kernel: block-scaled warp-level mma.sync with FP4 operands and E4M3 scales per 16 K values, TMA and
cp.async loads, persistent tiles), sm_120a, compiled as its `_compile_decode_kernel` does for a multi-token decode
step with at least as many output columns as K (`direct_scheduler` off: the general persistent scheduler;
`m1_epilogue` off: more than one row; `cache_policy` off: rows not 1 or 9): A (rows, K/2) and B (columns, K/2) uint8
(packed FP4 pairs), C (rows, columns) bf16, all run-time extents, one batch, the scale pointers 16-byte aligned, an
alpha tensor; `max_active_clusters` is an RTX PRO 6000's SM count (188), which `_max_active_clusters` asks the GPU for.
"""

from _common import sglang

ARCH = "sm_120a"


def compile_only(sf_m=1, sf_n=40, sf_k=80, max_active_clusters=188):
    import cutlass
    from cutlass import cute
    from cutlass.cute.runtime import make_ptr

    module = sglang("kernels.kda_kernels.qwen3x_nvfp4_gemm_sm120")
    gemm = module._Qwen3xNvfp4Sm120Kernel(direct_scheduler=False, m1_epilogue=False, cache_policy=False)
    a = cute.runtime.make_fake_compact_tensor(cutlass.Uint8, (cute.sym_int(), cute.sym_int()), stride_order=(1, 0),
                                              assumed_align=32)
    b = cute.runtime.make_fake_compact_tensor(cutlass.Uint8, (cute.sym_int(), cute.sym_int()), stride_order=(1, 0),
                                              assumed_align=32)
    c = cute.runtime.make_fake_compact_tensor(cutlass.BFloat16, (cute.sym_int(), cute.sym_int()), stride_order=(1, 0),
                                              assumed_align=16)
    alpha = cute.runtime.make_fake_compact_tensor(cutlass.Float32, (1,), assumed_align=4)
    return cute.compile(gemm.wrapper, a, b, c, sf_m, sf_n, sf_k, 1,
                        make_ptr(cutlass.Float8E4M3FN, 16, cute.AddressSpace.gmem, 16),
                        make_ptr(cutlass.Float8E4M3FN, 16, cute.AddressSpace.gmem, 16),
                        alpha, max_active_clusters, cute.runtime.make_fake_stream())
