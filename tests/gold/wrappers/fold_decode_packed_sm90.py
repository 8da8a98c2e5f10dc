"""fold-attention's packed decode over a two-plane quantised KV cache (fold_attention/decode/packed.py, packed_kernel,
with its device.py / quant helpers), sm_90a: the build `config.pack_for` picks for head dim 64, at most four query rows
and a bf16 V, whose 128-key tiles hold two keys per row of the logit MMA's M.

Configured as `fold_decode(qa, qb, eq, ka, kb, ek, v, z, cut)` (`launch._prepare`) builds it with its defaults
(`_fold_decode.py`, as fold_decode_sm90): 256 row groups (32 requests x 8 KV heads), G 4 query rows (32 query heads
over 8 KV heads), head dim 64, 4096 keys; split, register cap (`packed_min_blocks`) and the rest by the package's own
heuristics for an H100 SXM.
"""

from _fold_decode import compile_decode

ARCH = "sm_90a"


def compile_only(nbh=256, seqlen=4096, group=4, head_dim=64):
    return compile_decode(nbh, seqlen, group, head_dim)
