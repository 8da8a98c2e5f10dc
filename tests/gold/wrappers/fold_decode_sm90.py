"""fold-attention's decode attention over a two-plane quantised KV cache (fold_attention/decode/kernel.py,
decode_kernel, with its device.py / quant helpers), sm_90a: per CTA one row group (a request's KV head and its G query
rows) and one split of its keys; 64-key tiles of K's int8 plane A arrive by one bulk copy with their bf16 key
scales, logits of both Q planes against them by wgmma (S^T = K Q^T, keys as M), a verdict per key against the static
reference (`z`, `cut`), plane B gathered and refined for the keys that need it, bf16 weights exp2(s - z) written to
SMEM, and O^T += V^T P by a second wgmma over the V tile; per-split partial sums (no rescale: the reference is static)
go to the combine.

Configured as `fold_decode(qa, qb, eq, ka, kb, ek, v, z, cut)` (`launch._prepare`) builds it with its defaults
(`_fold_decode.py`): 64 row groups (8 requests x 8 KV heads), G 8 query rows, head dim 128, 4096 keys. The host's
choices are the package's own functions (`pack_for` 1: this kernel, `v_regs_default`, `pick_split`, `_min_blocks` for
an H100 SXM): split 8, no register cap. The operands are the views `_level_views` makes: Q's int8 planes (NBH, G, D)
and f32 scales (NBH, G), K's swizzled int8 planes (NBH, S, D), the bf16 key scales' flat padded storage, V bf16
(NBH, S, D) twice (V's second-plane slot holds V itself), the zero vmean (NBH, D), the tail placeholders, z and cut
(NBH, G), the partial outputs (NBH x split, G, D), (NBH x split, G), counts (NBH x split, 2), int32 placeholder tables.
"""

from _fold_decode import compile_decode

ARCH = "sm_90a"


def compile_only(nbh=64, seqlen=4096, group=8, head_dim=128):
    return compile_decode(nbh, seqlen, group, head_dim)
