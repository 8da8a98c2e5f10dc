"""liger-kernel's CuTeDSL fused linear cross-entropy for Hopper: the static WGMMA GEMM `_TileGemmSM90.kernel`
(liger_kernel/ops/cutedsl/ops/_fused_linear_cross_entropy_forward_sm90.py), sm_90a, in the configuration
`flce_dx` (_fused_linear_cross_entropy_backward_sm90.py) gives it through `tile_gemm` for Llama-3 8B's loss
(M = 4096 tokens, V = 128256, H = 4096, reduction "mean"): dX[M, H] = dZ[M, V] @ W[V, H], A = dZ (K = V
contiguous, leading_dim 1), B = the transposed view W^T[H, V] (MN-major, leading_dim 0), C = dX bf16, the loss
scale fused into the epilogue (scale_output). The dX GEMM is the one `tile_gemm` never sends to the persistent
template. Operands are `to_cute_tensor` views: (rows, cols, 1) after `unsqueeze(-1)`, dynamic layouts.
"""

from _common import liger_kernel

ARCH = "sm_90a"


def _dynamic(dtype, leading, rank, align):
    from cutlass import cute

    strides = [cute.sym_int(divisibility=8) for _ in range(rank)]
    strides[leading] = 1
    return cute.runtime.make_fake_tensor(dtype, tuple(cute.sym_int() for _ in range(rank)), tuple(strides),
                                         assumed_align=align)


def compile_only():
    import cutlass
    from _common import stream
    from cutlass import cute

    module = liger_kernel("ops.cutedsl.ops._fused_linear_cross_entropy_forward_sm90")
    dz = _dynamic(cutlass.BFloat16, 1, 3, 16)
    weight_t = _dynamic(cutlass.BFloat16, 0, 3, 16)
    dx = _dynamic(cutlass.BFloat16, 1, 2, 2)
    loss_scale = cute.runtime.make_fake_tensor(cutlass.Float32, (cute.sym_int(),), (1,), assumed_align=4)
    return cute.compile(module._TileGemmSM90(scale_output=True), dz, weight_t, dx, loss_scale, stream())
