"""sampan26/cute_bits' Blackwell bf16 GEMM (cutedsl/blackwell/02_bf16_gemm.py, `gemm` -> `kernel`): C (M, N) = A (M, K)
B (N, K)^T in bf16 on 2-CTA tcgen05 MMA (256 x 256 x 16 instruction, mma tiler 256 x 256 x 64) over a (2, 1) cluster,
TMA loads of A and B multicast across the cluster into a 7-stage ring (PipelineTmaUmma), the accumulator in TMEM
(PipelineUmmaAsync), and a SIMT epilogue: the TMEM accumulator and C's MMA partition divided into four 128 x 64 column
subtiles, each read by a 32x32b x64 tcgen05.ld, converted to bf16 in registers and written by `autovec_copy`.

Configured as `run_dense_gemm` calls it: A (M, K), B (N, K), C (M, N) bf16 `from_dlpack(x, assumed_align=32)
.mark_layout_dynamic(leading_dim=1).mark_compact_shape_dynamic(mode=1, divisibility=k)` (n for C), i.e. run-time
extents and strides, the last mode contiguous, its extent a multiple of the script's K = N = 8192; the script calls the
`@cute.jit` function directly, the wrapper compiles it with those arguments.
"""

from _common import github_file, last_contiguous

SOURCE = ("sampan26/cute_bits", "5e2ba756574b2cd61585567d1c8b8bec2af43420")

ARCH = "sm_100a"


def compile_only():
    import cutlass
    from cutlass import cute

    module = github_file(SOURCE[0], "cutedsl/blackwell/02_bf16_gemm.py", "sampan26_blackwell_bf16_gemm_02")
    a = last_contiguous(cutlass.BFloat16, 2, divisibility=8192, align=32)
    b = last_contiguous(cutlass.BFloat16, 2, divisibility=8192, align=32)
    c = last_contiguous(cutlass.BFloat16, 2, divisibility=8192, align=32)
    return cute.compile(module.gemm, a, b, c)
