"""roycho96/cute-dsl-gemm-sm120's dense GEMM for SM120 (gemm_sm120.py, `Sm120GemmKernel`, derived from CUTLASS's
blackwell_geforce dense_gemm with a stream-K scheduler and tuning knobs added): C (M, N, L) = A (M, K, L) B (N, K, L)^T
with warp-level mma.sync (m16n8k16) in a 2 x 2 warp layout, a TMA-load warp feeding a staged SMEM ring, ldmatrix
operand loads, and an epilogue that stages C in SMEM for a TMA store; persistent data-parallel tile scheduler.

Configured as the module's `run` compiles it with its argparse defaults: mnkl (4096, 4096, 4096, 1), tile (64, 64, 64),
fp16 A, B, C, fp32 accumulator, A and B K-major, C N-major, tensors from `cute_tensor_like(..., is_dynamic_layout=True)`
(run-time extents and strides, the contiguous mode's stride 1), the 8-element stream-K workspace and flags as plain
`from_dlpack` tensors (the default data-parallel path does not use them), a stream. `run` asks the device for
max_active_clusters; the wrapper passes 170 (an RTX 5090's SM count: it only sizes the persistent grid).
"""

from _common import github_file

SOURCE = ("roycho96/cute-dsl-gemm-sm120", "993a7b90c989b044c7ed150dd74297507b45a22b")

ARCH = "sm_120a"


def compile_only():
    import cutlass
    from cutlass import cute

    from _common import dynamic_layout, stream, tensor

    gemm = github_file(SOURCE[0], "gemm_sm120.py", "roycho96_gemm_sm120")
    a = dynamic_layout(cutlass.Float16, 3, contiguous=1)
    b = dynamic_layout(cutlass.Float16, 3, contiguous=1)
    c = dynamic_layout(cutlass.Float16, 3, contiguous=1)
    partials = tensor(cutlass.Float32, (8,))
    flags = tensor(cutlass.Int32, (8,))
    kernel = gemm.Sm120GemmKernel(cutlass.Float32, (64, 64, 64))
    return cute.compile(kernel, a, b, c, partials, flags, 170, stream())
