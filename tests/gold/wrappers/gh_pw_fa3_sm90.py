"""punwai/cute-flash-attn's "minimalistic implementation of Flash Attention 3 for learning purposes" (fa3.py,
`HopperFA2`), sm_90a: one CTA (8 warps) per (64-query tile, head, batch). Warp 0 TMA-loads the Q tile once and a
5-stage ring of 64-key K and V tiles (V's tile read (d, keys), MN-major); warpgroup 1 runs S = Q K^T by an SS wgmma
(64 x 64 x 16, K and Q partitioned as the tiled MMA's A and B but passed to the gemm as B and A), an online softmax in
registers (shuffles over the 4 lanes of a row), P converted to fp16 in the S registers and viewed as the register A
of O += P V (RS wgmma, V MN-major), the QK of block i overlapping the PV of block i-1; O is scaled, converted, written
to SMEM over Q's tile by the stmatrix-or-universal store `sm90_get_smem_store_op` picks, and TMA-stored.

Configured as the module's `__main__` compiles it: `HopperFA2(cta_tile=(64, 64, 64))` on q, k, v, o (batch 12, heads
4, sequence 8192, head dim 64) fp16, contiguous, from `from_dlpack(..., assumed_align=16)` (static layouts).
"""

from _pw_cute_fa import SOURCE, module  # noqa: F401  (SOURCE pins the tree)

ARCH = "sm_90a"


def compile_only(batch=12, heads=4, seqlen=8192, head_dim=64):
    import cutlass
    from cutlass import cute

    from _common import row_major

    fa3 = module("fa3.py")
    q, k, v, o = (row_major(cutlass.Float16, (batch, heads, seqlen, head_dim)) for _ in range(4))
    return cute.compile(fa3.HopperFA2(cta_tile=(64, 64, 64)), q, k, v, o)
