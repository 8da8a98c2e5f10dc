"""fold-attention's split combine for its decode (fold_attention/decode/combine.py, combine), sm_90a: launched as the
decode's programmatic dependent, one warp per query row sums the row's partial numerators and denominators over its
split slots (the reference is static, so the partials are plain sums: no rescale), divides, and writes the output row;
each lane owns D / 32 consecutive channels, so every partial is one vector load. No MMA, no SMEM on this path.

Configured as `launch._prepare` compiles it for fold_decode_sm90's build (`ckey`): 64 row groups x 8 rows, head dim 128,
8 slots (split 8, one level), no front, ready words cleared, no order, one-warp blocks (`combine_warps`: 64 x 8 < 4 x
132 SMs), fp32 output (`OUT16` 0), no tail rank. The views are `_prepare`'s `cargs`: the partials (NBH x 8, G, D) and
(NBH x 8, G), the counts (NBH x 8, 2), the output (NBH, G, D), its denominators (NBH, G) and counts (NBH, 2), the tail
basis placeholders, the ready and order placeholders.
"""

from _common import fold_attention, row_major, stream

ARCH = "sm_90a"


def compile_only(nbh=64, group=8, head_dim=128, slots=8):
    import cutlass

    combine = fold_attention("decode.combine")
    f32, i32 = cutlass.Float32, cutlass.Int32
    args = (
        row_major(f32, (nbh * slots, group, head_dim)),  # o: the partial numerators
        row_major(f32, (nbh * slots, group)),  # den
        row_major(i32, (nbh * slots, 2)),  # cnt
        row_major(f32, (nbh, group, head_dim), align=4),  # oo: the output
        row_major(f32, (nbh, group)),  # lo
        row_major(i32, (nbh, 2)),  # co
        row_major(f32, (1, 4)),  # the tail's rank sums (placeholder)
        row_major(f32, (1, 4)),  # its basis (placeholder)
        row_major(i32, (1,), align=4),  # ready
        row_major(i32, (1,), align=4),  # order
    )
    return cutlass.cute.compile(combine.launch_combine, *args, cutlass.Float32(1.0), nbh, group, head_dim, slots,
                                False, True, False, 1, 0, 0, stream())
