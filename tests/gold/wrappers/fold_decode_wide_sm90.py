"""fold-attention's wide decode over a two-plane quantised KV cache (fold_attention/decode/wide.py, wide_kernel), sm_90a:
the build `launch._prepare` runs for a single level of more than 64 query rows per row group, warp-specialised (a
producer warpgroup bulk-copies K's planes, scales and V into a ring; two consumer warpgroups take 64 rows each), fp16
logits, no refine of plane B's keys beyond the logit.

Configured as `fold_decode(qa, qb, eq, ka, kb, ek, v, z, cut)` (`launch._prepare`, `_bind_wide`) builds it with its
defaults (`_fold_decode.py`): 8 row groups (8 requests x 1 KV head), G 128 query rows (MQA: 128 heads share one KV
head), head dim 128, 8192 keys; the split by `heuristics.wide_split` for an H100 SXM (132 SMs), `WideConfig` as
`_prepare` fills it. The launch's `min_blocks_per_mp` makes CuTeDSL ask the driver for the shared memory per SM: an
H100's 228 KB stands in.
"""

from _fold_decode import compile_wide

ARCH = "sm_90a"


def compile_only(nbh=8, seqlen=8192, group=128, head_dim=128):
    return compile_wide(nbh, seqlen, group, head_dim)
