"""fold-attention's mass-reference prepass for its decode (fold_attention/decode/reference.py, mass_z with
mass_estimate), sm_90a: one CTA per row group estimates each query row's log-sum-exp before the decode runs, from one
192-row tile of K's plane A scored exactly (the sink, the 63 most recent keys, and 128 stratum centres of the rest)
by an int8 wgmma against both Q planes, the unscored keys' mass taken as the strata's trimmed mean; it writes Z and
turns each row's cut from a depth below Z into a logit.

Configured as `prepare_fold_decode(..., reference="mass")` (`launch._prepare`) compiles it beside the decode, with
fold_decode_sm90's configuration otherwise (64 row groups x 8 query rows, head dim 128, 4096 keys, contiguous cache,
no draft): `mass_tile(0)` (192 rows, window 63), `MASS_STRATA` 128, `MASS_TRIM` 4, the key scales' row stride 4096. The
views are those `_prepare` passes (`plike`): Q's int8 planes (NBH, G, D) and f32 scales (NBH, G), K's plane A (NBH, S,
D), the key scales' flat padded storage, the placeholder page table and lengths, z, the depth and the cut written for
the decode (NBH, G), the placeholder draft masks.
"""

from _common import fold_attention, row_major, stream

ARCH = "sm_90a"


def compile_only(nbh=64, seqlen=4096, group=8, head_dim=128):
    import cutlass

    reference = fold_attention("decode.reference")
    config = fold_attention("decode.config")
    rows, window = config.mass_tile(0)
    i8, bf16, f32, i32 = cutlass.Int8, cutlass.BFloat16, cutlass.Float32, cutlass.Int32
    args = (
        row_major(i8, (nbh, group, head_dim)),  # qa
        row_major(i8, (nbh, group, head_dim)),  # qb
        row_major(f32, (nbh, group)),  # eq
        row_major(i8, (nbh, seqlen, head_dim)),  # ka
        row_major(bf16, (nbh * seqlen,)),  # ek
        row_major(i32, (1, 1), align=4),  # page table placeholder
        row_major(i32, (1,), align=4),  # seq_lens placeholder
        row_major(f32, (nbh, group)),  # z, written
        row_major(f32, (nbh, group)),  # the depth below Z (the caller's cut)
        row_major(f32, (nbh, group)),  # the cut the decode reads, written
        row_major(i32, (1, 1), align=4),  # draft masks placeholder
    )
    return cutlass.cute.compile(reference.launch_mass, *args, cutlass.Int32(seqlen), cutlass.Int32(seqlen), nbh, group,
                                head_dim, window, config.MASS_STRATA, rows, config.MASS_TRIM, False, 0, 1, 0, seqlen,
                                stream())
