"""fold-attention's decode over a two-plane quantised KV cache with an 8-bit V, truncating (fold_attention/decode/kernel.py,
decode_kernel, a second build of fold_decode_sm90's kernel), sm_90a: V is two e4m3 planes with one power-of-two scale
(`quantize_v`), the value wgmma's A taken from registers converted out of the e4m3 staging tile (`v_regs`), V's second
plane gathered only for the keys the refine-V gate picks, and only the keys some row keeps above its cut gathered at
all (`truncate=True`).

Configured as `fold_decode(qa, qb, eq, ka, kb, ek, va, z, cut, v8=True, v2=vb, v_scale=..., truncate=True)`
(`launch._prepare`, `_fold_decode.py`) builds it: fold_decode_sm90's shapes (64 row groups x 8 rows, head dim 128, 4096
keys), split, `v_regs_default` and register cap by the package's own heuristics for an H100 SXM.
Entries identical to fold_decode_sm90's (line, name, shape and labels) are left out.
"""

from _fold_decode import compile_decode

ARCH = "sm_90a"


def compile_only(nbh=64, seqlen=4096, group=8, head_dim=128):
    return compile_decode(nbh, seqlen, group, head_dim, v8=True, truncate=True)
