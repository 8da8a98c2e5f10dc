"""fold-attention's decode attention over a two-plane quantised KV cache (fold_attention/decode/kernel.py,
decode_kernel, with its device.py / quant helpers), sm_90a: per CTA one row group (a request's KV head and its G query
rows) and one split of its keys; 64-key tiles of K's int8 plane A arrive by one bulk copy with their bf16 key
scales, logits of both Q planes against them by wgmma (S^T = K Q^T, keys as M), a verdict per key against the static
reference (`z`, `cut`), plane B gathered and refined for the keys that need it, bf16 weights exp2(s - z) written to
SMEM, and O^T += V^T P by a second wgmma over the V tile; per-split partial sums (no rescale: the reference is static)
go to the combine.

Configured as `fold_decode(qa, qb, eq, ka, kb, ek, v, z, cut)` (`launch._prepare`) builds it with its defaults: a
contiguous (not paged) cache, `reference="given"`, no truncation, bf16 V (not v8), one weight term, no tail, no draft,
no cascade, float32 output; 64 row groups (8 requests x 8 KV heads), G 8 query rows, head dim 128, 4096 keys. The
host's choices are the package's own functions: `pack_for` (1: this kernel, not the packed one), `v_regs_default`,
`pick_split` and `_min_blocks` for an H100 SXM (132 SMs; `torch.cuda.get_device_properties` answered with it), then
`DecodeConfig` as `_prepare` fills it. The operands are the views `_level_views` makes (`from_dlpack`, static shapes):
Q's int8 planes (NBH, G, D) and f32 scales (NBH, G), K's swizzled int8 planes (NBH, S, D), the bf16 key scales as
their flat padded storage (NBH x S), V bf16 (NBH, S, D) twice (V's second plane slot holds V itself), the zero vmean
(NBH, D), the tail placeholders, z and cut (NBH, G), the partial outputs (NBH x split, G, D), (NBH x split, G),
counts (NBH x split, 2), and the int32 placeholder tables.
The host's choices come to split 8 and no register cap (`min_blocks` 0).
"""

import types

from _common import fold_attention, row_major, stream

ARCH = "sm_90a"
_H100 = types.SimpleNamespace(multi_processor_count=132)


def _host_choices(nbh, seqlen, group, head_dim, launch, heuristics, config):
    """The build `_prepare` makes for these defaults."""
    import torch

    torch.cuda.get_device_properties = lambda _device: _H100
    torch.cuda.current_device = lambda: 0
    v_regs = heuristics.v_regs_default(False, head_dim, group, False)
    split = heuristics.pick_split(nbh, seqlen, False, v_regs=v_regs, D=head_dim, G=group, truncate=False,
                                  front=False, tail=-1, weight_terms=1)
    pack = config.pack_for(head_dim, group, False)
    min_blocks = launch._min_blocks(head_dim, group, False, v_regs, False, nbh * split, None, "", tail=-1,
                                    weight_terms=1, one=split == 1)
    direct = split == 1
    cfg = config.DecodeConfig(
        n_groups=nbh, group=group, head_dim=head_dim, split=split, truncate=False, v8=False, v_regs=bool(v_regs),
        dropped_mass=False, row_vmean=False, paged=False, page_size=0, kv_heads=1, z_prepass=False, keep_all=False,
        draft=0, slots=split, slot0=0, unique_group=group, shared=False, direct=direct, min_blocks=int(min_blocks),
        tail_blocks=False, tail_rank=0, weight_terms=1, front=False, front_qk=0, front_clear=True, sound=False,
        order=False, ek_stride=seqlen, refine_bands=(), chunk_keys=0, rank_combine=False, smem_pad=0, pack=pack)
    return cfg, split


def compile_only(nbh=64, seqlen=4096, group=8, head_dim=128):
    import cutlass

    kernel = fold_attention("decode.kernel")
    launch = fold_attention("decode.launch")
    heuristics = fold_attention("decode.heuristics")
    config = fold_attention("decode.config")
    cfg, split = _host_choices(nbh, seqlen, group, head_dim, launch, heuristics, config)
    i8, bf16, f32, i32 = cutlass.Int8, cutlass.BFloat16, cutlass.Float32, cutlass.Int32
    slots = nbh * split
    qa = row_major(i8, (nbh, group, head_dim))
    qb = row_major(i8, (nbh, group, head_dim))
    eq = row_major(f32, (nbh, group))
    ka = row_major(i8, (nbh, seqlen, head_dim))
    kb = row_major(i8, (nbh, seqlen, head_dim))
    ek = row_major(bf16, (nbh * seqlen,))
    v = row_major(bf16, (nbh, seqlen, head_dim))
    v2 = row_major(bf16, (nbh, seqlen, head_dim))
    vmean = row_major(f32, (nbh, head_dim))
    vbk = row_major(bf16, (1, 16))
    tu = row_major(i8, (1, 16))
    tvr = row_major(f32, (1, 4))
    z = row_major(f32, (nbh, group))
    cut = row_major(f32, (nbh, group))
    o = row_major(f32, (slots, group, head_dim))
    den = row_major(f32, (slots, group))
    cnt = row_major(i32, (slots, 2))
    page_table = row_major(i32, (1, 1), align=4)
    seq_lens = row_major(i32, (1,), align=4)
    tm = row_major(i32, (1, 1), align=4)
    ready = row_major(i32, (1,), align=4)
    order = row_major(i32, (1,), align=4)
    args = (qa, qb, eq, ka, kb, ek, v, v2, vmean, vbk, tu, tvr, z, cut, o, den, cnt, page_table, seq_lens, tm, tm,
            ready, order)
    return cutlass.cute.compile(kernel.launch_decode, *args, cutlass.Int32(seqlen), cutlass.Int32(seqlen),
                                cutlass.Float32(1.0), cutlass.Float32(-12.0), cutlass.Float32(-8.0), cfg, stream())
