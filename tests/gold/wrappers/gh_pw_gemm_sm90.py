"""punwai/cute-flash-attn's Hopper GEMM "utilizing the concept of worktiles" (gemm.py, `Gemm`), sm_90a: one CTA (8
warps) per 64 x 64 output tile; warp 4 TMA-loads A and B k-tiles into a 3-stage ring, warpgroup 0 runs an SS wgmma
(64 x 64 x 16) over the k-blocks, then writes the fp32 accumulator to an SMEM tile over A's memory by the store
`sm90_get_smem_store_op` picks (element by element into a fresh register fragment first) and TMA-stores it.

Configured as the module's `__main__` compiles it: `Gemm((1024, 1024, 64), (64, 64, 64))` on a = eye(64) and b (64,
64) fp16 and c (64, 64) fp32, contiguous, from `from_dlpack(..., assumed_align=16)` (static layouts); C = A B^T.
"""

from _pw_cute_fa import SOURCE, module  # noqa: F401  (SOURCE pins the tree)

ARCH = "sm_90a"


def compile_only():
    import cutlass
    from cutlass import cute

    from _common import row_major, stream

    gemm = module("gemm.py")
    a = row_major(cutlass.Float16, (64, 64))
    b = row_major(cutlass.Float16, (64, 64))
    c = row_major(cutlass.Float32, (64, 64))
    return cute.compile(gemm.Gemm((1024, 1024, 64), (64, 64, 64)), a, b, c, stream())
