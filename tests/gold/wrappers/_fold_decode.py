"""fold-attention's decode (fold_attention/decode/) compiled as `fold_decode(qa, qb, eq, ka, kb, ek, v, z, cut)`
builds it with its defaults (`launch._prepare`): a contiguous cache, `reference="given"`, no truncation, bf16 V, one
weight term, no tail, draft or cascade, float32 output. The wrappers fold_decode_sm90, fold_decode_packed_sm90 and
fold_decode_wide_sm90 compile one build each (`config.pack_for` picks the packed kernel for head dim 64 and at most 4
rows; past 64 rows `_prepare` runs the wide kernel)."""

import types

from _common import fold_attention, row_major

# An H100 SXM, which `_prepare`'s heuristics ask torch for: its SM count and shared memory per SM (bytes), which
# CuTeDSL asks the driver for when a launch sets `min_blocks_per_mp`.
_H100 = types.SimpleNamespace(multi_processor_count=132)
_H100_SMEM_PER_SM = 233472


def _host_choices(nbh, seqlen, group, head_dim, v8=False, truncate=False):
    """The `DecodeConfig` and split `_prepare` makes for these defaults (with `v8` and `truncate` as given), by the
    package's own heuristics."""
    launch = fold_attention("decode.launch")
    heuristics = fold_attention("decode.heuristics")
    config = fold_attention("decode.config")
    import torch  # the stand-in the loader installed

    torch.cuda.get_device_properties = lambda _device: _H100
    torch.cuda.current_device = lambda: 0
    v_regs = heuristics.v_regs_default(v8, head_dim, group, truncate)
    split = heuristics.pick_split(nbh, seqlen, v8, v_regs=v_regs, D=head_dim, G=group, truncate=truncate,
                                  front=False, tail=-1, weight_terms=1)
    pack = config.pack_for(head_dim, group, v8)
    if pack == 2:
        smem = config.smem_bytes(head_dim, group, v8, bool(v_regs), -1, 1, False, pack)
        min_blocks = heuristics.packed_min_blocks(group, -1, 1, smem)
    else:
        min_blocks = launch._min_blocks(head_dim, group, v8, v_regs, truncate, nbh * split, None, "", tail=-1,
                                        weight_terms=1, one=split == 1)
    cfg = config.DecodeConfig(
        n_groups=nbh, group=group, head_dim=head_dim, split=split, truncate=truncate, v8=v8, v_regs=bool(v_regs),
        dropped_mass=False, row_vmean=False, paged=False, page_size=0, kv_heads=1, z_prepass=False, keep_all=False,
        draft=0, slots=split, slot0=0, unique_group=group, shared=False, direct=split == 1,
        min_blocks=int(min_blocks), tail_blocks=False, tail_rank=0, weight_terms=1, front=False, front_qk=0,
        front_clear=True, sound=False, order=False, ek_stride=seqlen, refine_bands=(), chunk_keys=0,
        rank_combine=False, smem_pad=0, pack=pack)
    return cfg, split


def compile_decode(nbh, seqlen, group, head_dim, v8=False, truncate=False):
    """Compile the build `fold_decode` picks, on the views `_level_views` makes (`from_dlpack`, static shapes). With
    `v8` V is two e4m3 planes (`quantize_v`) rather than bf16."""
    import cutlass
    from cutlass.base_dsl.runtime import cuda as cuda_helpers

    cfg, split = _host_choices(nbh, seqlen, group, head_dim, v8, truncate)
    entry = (fold_attention("decode.packed").launch_packed if cfg.pack == 2
             else fold_attention("decode.kernel").launch_decode)
    cuda_helpers.get_device_attribute = lambda attribute, device_id=0: _H100_SMEM_PER_SM
    i8, bf16, f32, i32 = cutlass.Int8, cutlass.BFloat16, cutlass.Float32, cutlass.Int32
    v_type = cutlass.Float8E4M3FN if v8 else bf16
    slots = nbh * split
    tm = row_major(i32, (1, 1), align=4)
    args = (
        row_major(i8, (nbh, group, head_dim)),  # qa
        row_major(i8, (nbh, group, head_dim)),  # qb
        row_major(f32, (nbh, group)),  # eq
        row_major(i8, (nbh, seqlen, head_dim)),  # ka
        row_major(i8, (nbh, seqlen, head_dim)),  # kb
        row_major(bf16, (nbh * seqlen,)),  # ek: the padded scale rows' flat storage
        row_major(v_type, (nbh, seqlen, head_dim)),  # v: bf16, or V's first e4m3 plane
        row_major(v_type, (nbh, seqlen, head_dim)),  # v2: V itself on a bf16 V, else the second e4m3 plane
        row_major(f32, (nbh, head_dim)),  # vmean (zeros)
        row_major(v_type, (1, 16)),  # the tail's placeholders (V's format)
        row_major(i8, (1, 16)),
        row_major(f32, (1, 4)),
        row_major(f32, (nbh, group)),  # z
        row_major(f32, (nbh, group)),  # cut
        row_major(f32, (slots, group, head_dim)),  # o
        row_major(f32, (slots, group)),  # den
        row_major(i32, (slots, 2)),  # cnt
        row_major(i32, (1, 1), align=4),  # page table placeholder
        row_major(i32, (1,), align=4),  # seq_lens placeholder
        tm, tm,  # draft masks placeholder, and the row map (the same view)
        row_major(i32, (1,), align=4),  # ready
        row_major(i32, (1,), align=4),  # order
    )
    return cutlass.cute.compile(entry, *args, cutlass.Int32(seqlen), cutlass.Int32(seqlen), cutlass.Float32(1.0),
                                cutlass.Float32(-12.0), cutlass.Float32(-8.0), cfg,
                                cutlass.cute.runtime.make_fake_stream())


def compile_wide(nbh, seqlen, group, head_dim):
    """Compile the wide build `_prepare` binds past 64 rows (`_bind_wide`), on the views `_bind_wide` makes."""
    import cutlass
    from cutlass.base_dsl.runtime import cuda as cuda_helpers

    heuristics = fold_attention("decode.heuristics")
    config = fold_attention("decode.config")
    wide = fold_attention("decode.wide")
    import torch  # the stand-in the loader installed

    torch.cuda.get_device_properties = lambda _device: _H100
    split = heuristics.wide_split(nbh, seqlen, group, None)
    cfg = config.WideConfig(
        n_groups=nbh, group=group, head_dim=head_dim, split=split, truncate=False, dropped_mass=False,
        row_vmean=False, paged=False, page_size=0, kv_heads=1, slots=split, slot0=0, unique_group=group,
        weight_terms=1, ek_stride=seqlen, shared=False, draft=0, direct=split == 1)
    cuda_helpers.get_device_attribute = lambda attribute, device_id=0: _H100_SMEM_PER_SM
    i8, bf16, f32, i32 = cutlass.Int8, cutlass.BFloat16, cutlass.Float32, cutlass.Int32
    slots = nbh * split
    tm = row_major(i32, (1, 1), align=4)
    args = (
        row_major(i8, (nbh, group, head_dim)),  # qa
        row_major(i8, (nbh, group, head_dim)),  # qb
        row_major(f32, (nbh, group)),  # eq
        row_major(i8, (nbh, seqlen, head_dim)),  # ka
        row_major(i8, (nbh, seqlen, head_dim)),  # kb
        row_major(bf16, (nbh * seqlen,)),  # ek
        row_major(bf16, (nbh, seqlen, head_dim)),  # v
        row_major(f32, (nbh, head_dim)),  # vmean (zeros)
        row_major(f32, (nbh, group)),  # z
        row_major(f32, (nbh, group)),  # cut
        row_major(f32, (slots, group, head_dim)),  # o
        row_major(f32, (slots, group)),  # den
        row_major(i32, (slots, 2)),  # cnt
        row_major(i32, (1, 1), align=4),  # page table placeholder
        row_major(i32, (1,), align=4),  # seq_lens placeholder
        tm, tm,  # draft masks placeholder; the row map, unread
    )
    return cutlass.cute.compile(wide.launch_wide, *args, cutlass.Int32(seqlen), cutlass.Int32(seqlen),
                                cutlass.Float32(1.0), cfg, cutlass.cute.runtime.make_fake_stream())
