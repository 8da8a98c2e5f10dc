"""sglang's FP8 flash-attention forward for SM120 (sglang/kernels/ops/attention/fp8_fa_sm120/kernel.py,
`fp8_attention_host`), sm_120a.

As `fp8_fa_sm120/plan.py`'s `_fp8_attention` compiles it (`fp8_attention`'s path: block_scaled_mma=True, which
sm_120a admits): its `Workspace` for S = 4096 tokens and 32 heads, head dim 128, so Q and K E4M3 (heads, padded
tokens, 128) (queries padded to 128, keys to 32: 4096 both, so the key mask is not compiled), V^T E4M3 (heads, 128,
padded keys), the per-head descales (3, heads) fp32, the bf16 output viewed (heads, S, 128) from its [S, H, 128]
buffer (`output.permute(1, 0, 2)`), and the LSE (heads, S) fp32. The host permutes every operand to (rows,
columns, heads); one 128-thread CTA per (128-query tile, head) walks 32-key tiles through a two-stage cp.async
ring, S = Q K^T and O = P V by the block-scaled mma.sync (kind::mxf8f6f4, unit scales), P packed from the score
registers into the A fragment without SMEM.
"""

from _common import row_major, sglang, stream, tensor

ARCH = "sm_120a"


def compile_only(seq=4096, heads=32, dim=128):
    import cutlass

    module = sglang("kernels.ops.attention.fp8_fa_sm120.kernel")
    e4m3, bf16, f32 = cutlass.Float8E4M3FN, cutlass.BFloat16, cutlass.Float32
    q = row_major(e4m3, (heads, seq, dim))
    k = row_major(e4m3, (heads, seq, dim))
    v = row_major(e4m3, (heads, dim, seq))
    o = tensor(bf16, (heads, seq, dim), (1, 2, 0))
    lse = row_major(f32, (heads, seq))
    scales = row_major(f32, (3, heads))
    return cutlass.cute.compile(module.fp8_attention_host, q, k, v, o, lse, scales, cutlass.Float32(0.088),
                                stream(), block_scaled_mma=True)
