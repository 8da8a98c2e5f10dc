"""Which SM90 config to run for a problem: the heuristic (`default_config`, no timing) and the few
candidates the autotuner times (`candidate_configs`). No GPU and no CuTeDSL needed.

    >>> from gemm._sm90_heuristic import default_config
    >>> default_config(128, 4096, 14336, 1).label()
    '64x64 c1x2 sw1m swap'
    >>> default_config(320, 4096, 4096, 1).label()
    '128x80 c1x2 sw1m swap'
    >>> default_config(64, 1024, 16384, 1).label()
    '64x64 c1x1 sw1m split8 p16'
    >>> default_config(1024, 14336, 4096, 1).label()
    '128x224 c2x1 sw1m'
"""
from __future__ import annotations

from dataclasses import replace

from gemm._sm90_config import (
    PINGPONG_MAX_TILE_ELEMENTS,
    SPLIT_K_CHOICES,
    THREE_WARPGROUP_MAX_WIDTH,
    THREE_WARPGROUP_ROWS,
    TILE_N_CHOICES,
    Sm90Config,
)

# The H100's SMs: one CTA each (a CTA takes a whole SM's shared memory).
_SMS = 132
# Split-K pays only when K is long: at K = 4096 even 32 tiles ran 5% slower split (docs/sm90.md).
_SPLIT_K_MIN_K = 8192
# Each split-K run keeps at least this many k-tiles: a run has fixed costs (pipeline fill, its share
# of the fixup). One process (docs/sm90.md, seventh session): 512x512x16384 ran 0.90x of cuBLAS in
# 128x128 tiles split 8 (runs of 32 k-tiles) and 0.85x in 128x256 split 16 (runs of 16); 256x256x8192
# 0.85x in 64x32 split 4 (32) and 0.76-0.80x in 128x64 or 64x128 split 8 (16).
_SPLIT_K_MIN_K_TILES = 32
# The splits `_split_k` ranks: 5 runs a tile only fill clusters of four exactly (`_split_in_clusters_of_four`).
_RANKED_SPLITS = tuple(s for s in SPLIT_K_CHOICES if s != 5)
# What the parallel fixup of a split tile costs, as a factor on its time (its partial sums go through
# global memory, and every participant waits for the last): 512x4096x14336 ran 128x128 whole at
# 0.96-1.01x, where 128x256 split 2 would be estimated 6% faster without it. The last-arrival fixup
# (`Sm90Config.fixup_by_last`: nobody waits) costs less: 256x256x8192 in 64x48 split 4 ran 0.995x of
# cuBLAS with it and 0.912x with the parallel one, 384x384x12288 in 64x80 split 4 0.961x and 0.941x
# (one process each, docs/sm90.md, ninth session).
_SPLIT_K_COST = 1.1
_LAST_ARRIVAL_COST = 1.0
# Skinny problems (M <= 128) are bound by reading B once from DRAM: the tile that puts the most SMs on
# it wins.
_SKINNY_ROWS = 128
# Stream-K cuts tiles into runs of k-tiles; with few k-tiles per tile the fixup costs more than the
# evened-out last wave gains (2048x2048x128 x32: 0.86x of cuBLAS with it, 0.96x without). From K = 4096
# on it measured even or ahead (docs/sm90.md).
_STREAM_K_MIN_K = 4096
# The many-wave rules below pick 128x256 tiles; they hold where those waste little of N (a 128-wide N in
# 128x256 tiles ran 0.85x of cuBLAS, in 128x128 tiles 1.01x). Elsewhere the ranked widths decide.
_WIDE_TILE_MAX_WASTE = 1.1
# A 64-row tile narrower than this issues wgmmas too small to pay for their A: skinny problems get more
# from fewer, wider tiles split over K. One process each (docs/sm90.md, eighth session): 32x4096x14336
# ran 0.982x of cuBLAS in 64x64 split 2 and 0.959x in 64x32 (both 128 CTAs); 128x1024x8192 0.957x in
# 64x64 split 4 and 0.946x in 64x32 split 2; 64x4096x4096 1.025x in 64x64 and 1.013x in 64x32.
_SKINNY_MIN_WIDTH = 64
# Two 64-row tiles (64 < M <= 128) at a short K: wider tiles, fewer of them, ran ahead of 64-wide ones
# that fill the SMs (77x4096x4096: 64x96 0.951x of cuBLAS, 64x112 0.952x, 64x64 0.926x, bf16, one
# process; 0.934x and 0.920x for 64x112 and 64x64 in fp16 in the eighth session; the tuner took 64x96 on
# 128x6144x4096). At long K 64x64 stays (128x4096x14336: 1.09-1.10x of cuBLAS).
_SKINNY_PAIR_MIN_WIDTH = 96
# The same for the narrow 64-row tiles that small-MN, long-K problems split: 256x256x8192 ran 0.967x in
# 64x48 split 4 and 0.946x in 64x32 split 4 (the tuner also took 64x48 in the seventh session).
_NARROW_MIN_WIDTH = 48
# Tiles of at most this many k-tiles (the 128x256 stage ring holds them all) issue all their loads at
# once: with many such tiles the loads of all CTAs meet at L2, and 2x2 clusters, which multicast A and B
# both, halve what L2 serves. 2048x2048x128 x32 ran 0.987-0.998x of cuBLAS in 2x2 clusters, 0.963-0.968x
# in 2x1 (two sessions); 1024x1024x1024 x8 (16 k-tiles) ran 0.76x in 2x2.
_SHORT_K = 256
# Throughput of a tile without a cluster partner (no B multicast) relative to the same tile in 2x1
# clusters: 512x512x16384 128x128 split 8 ran 0.910x of cuBLAS in 1x1 clusters and 0.956x in 2x1;
# 256x256x8192 64x48 split 4 0.943x and 0.967x, 64x32 split 4 0.923x and 0.946x (one process).
_UNPAIRED = 0.96
# The same for split-K runs of a tile narrower than 128, which reads its A rows from L2 again for every
# few columns of D: on 384x384x12288 128x64 split 6 in 1x1 clusters ran 0.882x of cuBLAS where 64x80
# split 4 in 2x1 ran 0.961x and 64x64 split 3 in 2x2 0.962x (one process, ninth session). A wide tile
# keeps `_UNPAIRED`: 640x1280x20480 ran 0.961x in 128x224 split 4 in 1x1 clusters, 0.692x in 128x128
# split 2 in 2x1 (an empty row tile per column).
_UNPAIRED_NARROW_SPLIT = 0.85
# Clusters of four CTAs along N share A four ways. Where an odd number of row tiles leaves 2x1 clusters
# an empty row tile, and the tiles fill about one wave of 30 such clusters (how many fit on an H100),
# they beat 1x1 and 2x1 clusters (one process each, ratio to cuBLAS, ninth session): 320x5120x5120
# 128x128 0.938x in 1x4 clusters, 0.756x in 1x1 (bf16 0.942x, 0.755x), 0.817x in 1x2, 128x160 in 2x1
# 0.818x; 640x5120x5120 128x224 1x4 1.000x, 128x208 1x1 0.921x; 320x4096x4096 128x112 1x4 0.876x, 128x96
# 1x1 0.732x; 384x8192x4096 128x208 1x4 0.896x, 128x192 1x1 0.831x; 640x4096x4096 128x176 1x4 0.901x,
# 128x160 1x1 0.809x; 320x2560x8192 128x64 1x4 0.953x, 128x240 1x1 split 4 0.873x. cuBLAS runs 4x1
# clusters (its D^T orientation) on the first. Throughput relative to a 2x1 cluster, as `_UNPAIRED`:
# 1.2 / 0.96 puts the same tile 1.25x ahead of 1x1 clusters (1.24x measured on 320x5120x5120). Below 96
# CTAs or with split-K they measured worse (384x384x12288 64x80 split 4: 0.714x in 1x4, 0.961x in 2x1);
# 64-row tiles and batched problems were not measured in them.
_SHARED_BY_FOUR = 1.2
_CLUSTERS_OF_FOUR = 30
_SHARED_BY_FOUR_MIN_CTAS = 96
# Split-K over 128-row tiles at most this wide in 2x1 clusters, over an odd count (three, five) of pairs of row tiles,
# from this K: 2x2 clusters in place (both operands multicast: about half the L2 reads of the narrow tile, whose A rows
# every column tile reads again), where their runs fill from this share to all of the clusters of four, every tile in
# as many runs (`_split_in_clusters_of_four`; runs that cross tiles start at scattered k offsets: 768x768x32768 128x256
# c2x1 in 66 runs over 9 tiles ran 0.68x). A/B, six alternating rounds (fp16 unless marked, ratio to cuBLAS,
# twenty-fifth session), the 2x1 choice / 2x2: 768x768x32768 128x112 split3 0.848-0.862x / 128x192 in 30 runs
# 0.970-0.975x (three calls; bf16 0.846-0.852x / 0.970-0.974x); 768x512x32768 128x80 split3 0.739x / 128x128 1.003x;
# 768x1152x32768 128x112 split2 0.793x / 128x192 split3 0.940x; 768x896x32768 128x128 split3 0.901x / 128x224 0.949x;
# 768x384x32768 128x128 split6 0.910x / 128x96 0.988x; 1280x768x32768 128x128 split2 0.952x / 128x192 split3 1.016x;
# 768x640x65536 128x128 split4 0.961x / 128x160 1.001x; 768x768x16384 0.924x / 0.948x (bf16 0.927x / 0.954x);
# 768x640x16384 0.972x / 128x112 split3 0.977x. Where 2x2 lost (why the even counts run well in 2x1 is not known): an
# even count of pairs (1024x1024x16384 and x32768 128x128 split2 1.001x, 0.995x / 128x256 split3 0.846x;
# 512x2048x16384 0.988x / 128x208 split3 0.962x; 512x512x16384 128x128 split8 0.948x / 0.869x), a wider 2x1 tile
# (768x1024x16384 128x208 split4 0.970x / 128x256 0.941x), K = 8192 (768x768x8192 0.953x / 0.943x).
_FOUR_WAY_SPLIT_MAX_WIDTH = 128
_FOUR_WAY_SPLIT_MIN_K = 16384
_FOUR_WAY_SPLIT_MIN_FILL = 0.8
_FOUR_WAY_SPLIT_MIN_PAIRS = 3
# Mid-size M against a large weight: computing D^T = B A^T (`Sm90Config.swap_ab`) puts M on wgmma's N,
# where 80, 96, 112, 144... rows of M are legal tiles, and the weight on the 64- or 128-row side, shared
# by the two CTAs of a 1x2 cluster (cuBLAS runs this orientation: 128x80 tiles in 1x2 clusters on
# 320x4096x4096, 64x96 in pairs on 192x4096x8192). One process each (H100, ratio to cuBLAS, fp16, docs/
# sm90.md, tenth session), the swapped tiling / the unswapped choice: 320x4096x4096 128x80 c1x2 0.981x
# / 128x112 c1x4 0.860x; 384x8192x4096 128x192 c1x2 1.005x / 128x208 c1x4 0.893x; 576x4096x4096 128x144
# c1x2 1.060x / 128x176 c1x4 0.906x; 448x5120x5120 128x160 c1x1 0.986x / 128x160 c2x1 0.926x;
# 160x4096x4096 128x80 c1x2 0.861x / 128x64 c2x1 0.658x; 272x4096x4096 64x144 c1x2 0.984x / 128x112
# c1x4 0.812x; 192x4096x8192 64x96 c1x2 1.037x / 128x128 c2x1 split 2 0.938x. The swapped tiling
# (`_swapped_config`) fills one wave. The cost model (`_cost`) does not see why it wins: it is taken
# where its estimate is within `_SWAPPED_ADVANTAGE` of the unswapped choice's (384x8192x4096: 1.11), or
# the unswapped row tiles pad M by a quarter or more (`_SWAP_PADDED_ROWS`; 160x4096x4096: estimated
# 1.25), or run in 1x4 clusters. Where it lost: estimates 1.28 (512x6144x4096 128x256 c1x2 0.871x /
# 128x192 c2x1 0.984x), more than one wave (1024x14336x4096 0.86x / 0.97x), unpaired swapped tiles at a
# long K (384x5120x13824 128x128 c1x1 0.902x / 128x128 c1x4 0.941x: `_SWAP_UNPAIRED_MAX_K`), 64 rows of
# M or fewer per 128-row tile (256x4096x4096 128x64 c1x2 0.938x / 128x64 c2x1 1.005x: `_SWAP_MIN_WIDTH`;
# 64x128 c1x2 ran 1.016x). From M = 1000 on it ran even (1000x4096x4096, 1024x4096x4096: 0.979-0.997x
# both ways), so it stops at `_SWAP_MAX_ROWS`.
_SWAP_MIN_WIDTH = 80
_SKINNY_SWAP_MIN_WIDTH = 48
# 64-row swapped tiles may be 64 wide where that pads M less than `_swapped_config`'s width and still fits
# one wave in pairs (`_narrowed_swap`).
_SWAP_64_MIN_WIDTH = 64
# 192-row swapped tiles (`_three_warpgroup_pairs`) from this width of M up.
_THREE_WARPGROUP_MIN_WIDTH = 128
# One wave of 192-row swapped pairs in place of 128- or 256-row ones where its tile takes at most this share
# of their tile's time (`_one_wave_of_192_rows`). One process each (fp16, ratio to cuBLAS, fifteenth
# session), the old tile / 192 rows, tile-time ratio: 424x6144x14336 128x224 c1x2 0.842x / 192x112 0.983-0.987x,
# 0.85; 376x6144x16384 128x192 c1x2 0.860x / 192x96 0.976x, 0.90; 408x6144x12288 128x208 c1x2 0.876x / 192x112
# 0.948x, 0.88; 648x6144x20480 256x144 c1x1 0.906x / 192x176 0.991-1.010x, 0.92; 696x6144x16384 0.923x /
# 1.003x, 0.92; 344x12288x16384 256x176 c1x2 0.779x / 192x176 0.990x, 0.75; 288x12288x16384 256x144 c1x2
# 0.866x / 192x144 1.029x, 0.75. Near even it lost: 264x6144x16384 128x144 c1x2 1.013x / 192x80 0.885x, 0.98.
_THREE_WARPGROUP_ONE_WAVE = 0.95
_SWAPPED_ADVANTAGE = 1.12
_SWAP_PADDED_ROWS = 1.25
_SWAP_UNPAIRED_MAX_K = 8192
_SWAP_MAX_ROWS = 768
# Past `_SWAP_MAX_ROWS` the swap rules still apply where the unswapped choice runs unpaired (an odd count
# of 128-row tiles in 1x1 clusters, every CTA reading its weight tile alone). One process each (fp16,
# ratio to cuBLAS, fourteenth session), unswapped c1x1 / the swap rules' tiling: 840x8192x8192 128x224
# 0.794x / 128x224 c1x2 swapped N-first 0.970x (192x144 c1x2 0.995x); 880x8192x4096 128x224 0.826x /
# 128x224 c1x2 0.983x; 808x7168x4096 128x128 0.594x / 128x208 c1x2 0.990x; 784x10240x5120 128x192
# 0.646x / 128x144 c1x2 0.847x; 776x14336x4096 128x256 0.760x / 128x112 c2x1 0.901x; 800x28672x8192
# 128x256 0.807x / 128x208 c1x2 1.034x. From 1024 rows on 128-row tiles pair (the swap ran even there).
_UNPAIRED_SWAP_MAX_ROWS = 1024
# Swapped tiles that cut M into an odd count (three) cannot pair along M; cuBLAS then runs clusters of
# four along its M (the weight), sharing the tile of M four ways: 304x5120x5120 128x112 in 4x1, 30
# clusters (one wave), 416x10240x8192 128x144 in 4x1, 60 clusters (two). Ours, fp16, one process each,
# ratio to cuBLAS (docs/sm90.md, eleventh session): 304x5120x5120 128x112 c4x1 0.919-0.925x, c2x1
# 0.855x, c1x1 0.842-0.848x; 416x10240x8192 (walked N-first) 128x144 c4x1 0.969x, c2x1 0.890x, c1x1
# 0.837x. Throughput relative to a pair: about 1.1 (`_SWAP_SHARED_BY_FOUR`; 416x10240x8192: 1.09x
# c2x1's). In one wave they replace unpaired tiles only where the tile of M is narrow (at most
# `_SWAP_FOUR_MAX_WIDTH`), whose loads weigh most against its MMAs: wider ones ran even or behind
# unpaired (448x5120x5120 128x160 0.966x / 0.978x, 424x4608x3584 128x144 0.995x / 1.010x,
# 736x5120x13824 128x256 c4x1 0.998x against 128x240 c2x1 unswapped 1.051x).
_SWAP_SHARED_BY_FOUR = 1.1
# Over several waves an even count of tiles of M in 1x2 clusters (the pair shares the weight tile) ran
# ahead of an odd count in 4x1 clusters that the model put up to 5% ahead (fp16, one process each,
# ratio to cuBLAS, twelfth session, pair / four): 392x14336x4096 128x208 c1x2 0.954x / 128x144 c4x1
# 0.910x; 408x13824x5120 0.992x / 0.914x; 352x29568x8192 128x176 c1x2 0.972-1.008x / 128x128 c4x1
# 0.881x; 320x28672x4096 128x160 c1x2 0.929x / 128x112 c4x1 0.866x; 552x18944x3584 128x144 c1x2
# 0.902x / 128x192 c4x1 0.899x. The pair is taken where its estimate is within this factor.
_SWAP_PAIRS_OVER_WAVES = 1.06
# ... but not over a 2x1 tiling of an odd count of tiles of M where the pair's last wave holds under this share of the
# SMs (`_pair_ends_short_of_weight_pairs`). On an H200 (fp16 / bf16, six alternating rounds, twenty-eighth session;
# pair / 2x1): 472x37888x3584 128x240 c1x2 (4.48 waves) 0.884-0.900x / 0.915-0.917x, 128x160 c2x1 (6.7) 0.979x /
# 0.946x (cuBLAS's tile there: 128x160 in 2x1, its D^T); 312x45056x8192 256x160 c1x2 (from 128x160, 5.3 waves)
# 0.905x, 256x104 c2x1 1.017x (cuBLAS's on the H100 and here).
_PAIR_MIN_LAST_WAVE = 0.5
# Swapped pairs over several waves in place of unpaired unswapped tiles over several waves (every CTA reads
# its weight tile alone) where the pairs' estimate is within this factor, below `_SWAP_UNPAIRED_MAX_K`
# (`_waves_swap`; at K = 8192 the unpaired tiles ran ahead: 624x28672x8192 128x224 c1x1 1.05x, eleventh session).
_SWAP_PAIRS_OVER_UNPAIRED = 1.06
# Swapped pairs over several waves whose last wave holds under this share of the SMs spread that wave's
# k-tiles over every SM (`Sm90Config.stream_k`): one process each (fp16, ratio to cuBLAS, fourteenth
# session), 1x2 swapped N-first / the same with stream-K, last wave's fill: 272x51200x5120 128x144 0.917x /
# 0.967x (6%); 320x43008x4096 128x160 0.944x / 0.997x (9%); 264x53248x4096 128x144 0.968x / 0.972x (30%);
# 280x49152x5120 128x144 0.994x / 0.949x (82%).
_STREAM_K_MAX_TAIL = 0.25
# Unswapped tiles in 1x1 clusters over several waves whose row tiles pad M by this much or more ran far
# behind what `_cost` estimates (fp16, ratio to cuBLAS): 352x29568x8192 128x224 c1x1 0.82-0.88x (three
# exactly full waves; 9% of its rows padding), 344x18944x3584 0.88x (12%), 280x28672x8192 0.59-0.61x
# (37%), 520x10240x8192 0.56x (23%), where 624x28672x8192 (3%) ran 1.05x. There `_waves_swap`'s tiling
# is taken whatever the estimate: 352x29568x8192 128x176 c1x2 0.972-1.008x, 344x18944x3584 0.885-0.901x.
_UNPAIRED_PADDED_ROWS = 1.05
# `_waves_swap`'s 4x1 tilings give way to unpaired unswapped waves of whole row tiles from this K (measured at K =
# 28672 and 59392, `_whole_unpaired_waves`; `_SWAP_SHARED_BY_FOUR` was measured at K = 8192).
_WHOLE_ROWS_MIN_K = 16384
# One wave of 256-row tiles in place of two of 128-row tiles where it keeps this share of the SMs busy
# (`_one_wave_of_256_rows`; measured from 120 of 132 CTAs up).
_ONE_WAVE_FILL = 0.9
# Swapped 128-row pairs (1x2) over several waves take 256 rows of N, same width and cluster, where those take no
# more whole waves' time (`_wide_pairs`), from this K. cuBLAS runs them (its D^T: 256x144 in 1x2 on 280x32768x6144,
# 256x152 on 584x32768x8192). Under ncu on 280x32768x6144 (fp16, twenty-first session) both tilings take the same
# cycles as cuBLAS's (262.0k, 262.7k, 261.1k elapsed) but the 128-row pairs read 1.21 GB from L2 against 0.96 and
# issue 20.7M instructions against 13.3M, and ran at 1.49 GHz against 1.52 (174.3 us, 170.5, cuBLAS 170.1). At K =
# 2048 the 256-row tile lost (264x32768x2048 1.007x -> 0.988x of cuBLAS, fp16).
_WIDE_PAIRS_MIN_K = 6144
# Below `_WIDE_PAIRS_MIN_K`, down to this K, where M cuts into at least this many pairs of tiles: with one pair the
# 256-row tile lost, with two it ran even, with three it ran ahead (fp16, six alternating rounds each, ratio to
# cuBLAS, twenty-seventh session), 128 / 256 rows: 264x32768x2048 128x136 c1x2 0.996x / 0.963x (one pair);
# 544x16384x2048 0.983x / 0.983x (two); 808x22016x2048 0.934x, 0.947x, 0.954x / 0.965x, 0.978x, 0.979x (bf16 0.940x,
# 0.942x / 0.975x, 0.971x); 808x22016x3072 0.960x / 0.981x; 808x22016x4096 0.957x / 0.986x; 808x11008x2048 0.952x /
# 0.972x (three). cuBLAS runs 256x136 in 1x2 on 808x22016x2048 (its D^T). The twenty-second session's 584x32768x4096
# (two pairs) ran 0.4% behind.
_WIDE_PAIRS_SHORT_K = 2048
_WIDE_PAIRS_SHORT_K_MIN_PAIRS = 3
# Below `_WIDE_PAIRS_SHORT_K`, down to this K, any count of pairs: a tile's mainloop is 8-31 k-tiles, so what a tile
# costs besides its MMAs (filling the pipeline, the epilogue the cooperative schedule does not overlap) weighs more,
# and 256-row tiles pay it half as often. 128 / 256 rows, same width, cluster and walk, whole waves' time equal (H200,
# fp16 / bf16, six alternating rounds, ratio to cuBLAS, thirtieth session): 576x32768x512 0.952x / 0.988x, 0.950x /
# 0.971x (calls A and B: 0.964x, 0.968x / 0.994x, 0.989x fp16; 0.958x, 0.958x / 0.980x, 0.984x bf16; cuBLAS runs
# 192x192 in 2x1 there); 264x32768x512 (one pair) 0.924x / 0.955x, 0.932x / 0.964x; 288x28672x512 1.012x / 1.026x,
# 1.012x / 1.068x; 544x16384x512 0.967x / 0.983x, 0.941x / 0.983x; 808x22016x512 0.916x / 0.942x, 0.916x / 0.951x;
# 576x32768x1024 0.938x / 0.995x, 0.964x / 0.985x; 552x32768x1024 0.905x / 0.990x, 0.936x / 0.973x; 808x22016x1024
# 0.905x / 0.939x, 0.906x / 0.931x.
_WIDE_PAIRS_MIN_SHORT_K = 512
# Unswapped 128-row tiles over several waves take 192 rows (three consumer warpgroups), same width, where those take
# no more whole waves' time (`_taller_rows`), from this K (measured at 8192-9216 only).
_TALLER_ROWS_MIN_K = 8192
_SWAP_FOUR_MAX_WIDTH = 128
# `_four_swap_at_long_k` also replaces unswapped tiles that pad M by this much (1.23: 208 rows in 256): their
# row tiles read the weight for empty rows. One process each (fp16, ratio to cuBLAS, fifteenth session),
# unswapped / swapped in 4x1: 208x14336x10240 128x224 c2x1 0.935-0.950x / 128x208 0.990x (c2x1 0.963-0.971x,
# c1x1 0.957-0.973x); 176x14336x8192 128x224 c2x1 0.933x / 128x176 0.997x; 192x10240x24576 128x160 c2x1
# 0.949x / 128x192 1.012x; 136x9216x8192 128x144 c2x1 0.804x / 128x144 0.991x; 392x5120x8192 128x160 c2x1
# 0.671x / 128x144 0.947x. cuBLAS runs 128x200 in 4x1 on 200x14336x12288 (its D^T).
_FOUR_SWAP_PADDED_ROWS = 1.2
# ... and, at any width, unswapped tiles that compute this many times the swapped tiling's rows (empty row tiles of a
# 2x1 cluster counted; the swapped width as `_trimmed_width` narrows it) where a swapped tile is also smaller than
# the unswapped tiles an SM computes over their waves. Six alternating rounds each (twenty-second session, fp16 /
# bf16 where two), unswapped / swapped 4x1 in the GPC order, rows: 440x5120x32768 128x160 c2x1 0.916x, 0.861x /
# 128x152 1.002x, 0.991x (512 / 456); 450x5120x16384 0.851x / 0.982x; 448x5120x12288 0.856x / 1.016x; 664x3072x8192
# 128x144 c2x1 0.710x / 128x136 0.950x (768 / 680); in place of 128x128 c1x4: 296x5120x27648 0.851x, 0.835x / 128x104
# 0.991x, 1.008x (384 / 312; 128x112 0.945x, 0.968x; 128x104 walked by launch order 0.941x, 0.926x); 280x5120x16384
# 0.775x / 128x96 1.004x; 300x5120x16384 0.844x / 128x104 0.991x; 320x5120x20480 0.952x / 128x112 1.068x;
# 552x3072x14336 0.831x / 128x112 0.968x; 336x5120x8192 0.868x / 128x112 0.963x. Even at a 4% smaller tile:
# 648x4608x8192 128x224 c2x1 0.889x / 128x216 0.884x; behind at a larger one (not taken): 216x12288x14336 128x192
# c2x1 0.971x / 128x216 0.947x. Where both compute as many rows the 1x4 choice ran even (384x5120x13824 128x128:
# 0.954x swapped, 0.961x in 1x4).
_FOUR_SWAP_FEWER_ROWS = 1.1
# Over several waves, three tiles of M that `_waves_swap` runs in 2x1 or 4x1 clusters take 256 rows of N in
# 2x1 clusters, walked N-first, up to this width (`_wide_waves`). One process each (fp16, ratio to cuBLAS,
# sixteenth session), 128 rows / 256 rows by the same width: 336x18432x12288 128x112 c4x1 0.942x / 0.950x;
# 312x18432x8192 0.897x / 0.902x; 360x28672x8192 128x128 c4x1 0.899x / 0.926x; 360x22016x4096 128x128 c2x1
# 0.833x / 0.914x; 408x18432x12288 128x144 c4x1 0.837x / 0.838x; 432x22016x8192 128x144 c2x1 0.941x /
# 0.989x; 416x22016x4096 0.958x / 0.985x; 400x18432x16384 128x80 c4x1 0.975x / 256x144 1.050x. Wider ones
# lost (528x16384x8192 128x176 c2x1 0.995x / 0.800x; 552x14336x8192 128x192 c4x1 0.980x / 0.723x), and so
# did 256-row pairs in place of 128-row pairs (568x28672x8192 128x144 c1x2 1.056x / 0.937x; 296x28672x6144
# 128x160 0.946x / 0.917x; 328x40960x8192 128x176 0.961x / 0.808x), and 256-row tiles in more whole waves'
# time (`_wave_time`: three waves of 256 rows for five of 128, 1.2 of its time): 400x27648x5120 128x144
# c2x1 1.206x / 1.134x, 368x25600x4096 128x128 c4x1 0.966x / 0.845x. Equal wave times ran even or ahead (all
# above but 376x30720x3840 128x128 c4x1 0.924x / 0.913x, six waves of 120 CTAs against three of 132); the
# bound admits 400x18432x16384 (1.02: 256x144 in two waves against 128x80 in six).
_WIDE_WAVES_MAX_WIDTH = 144
_WIDE_WAVES_TILES_OF_M = 3
_WIDE_WAVES_ADVANTAGE = 1.03
# A 256-row tile's warpgroups hold 128 rows of fp32 accumulators each: at most 192 columns.
_WIDE_SWAP_MAX_WIDTH = PINGPONG_MAX_TILE_ELEMENTS // 128
# They replace unswapped tiles in clusters only where those pad M by a tenth or more (416x10240x8192:
# 128x160 c2x1 pads 416 rows to 512; `_wide_swap`).
_WIDE_SWAP_PADDED_ROWS = 1.1
# Two 64-row tiles of M (64 < M <= 128), swapped: 64-row tiles of N by half of M each, in 1x2 clusters
# (cuBLAS: 64x40 in 1x2 on 77x4096x4096), where they fit one wave. Swapped / unswapped (fp16, bf16):
# 77x4096x4096 64x48 c1x2 1.012x, 0.985x / 64x96 c2x1 0.942x, 0.936x; 100x4096x4096 64x64 c1x2 0.999x,
# 0.985x / 0.946x, 0.944x; 80x4096x11008 64x48 c1x2 1.009x, 1.010x / 64x64 c2x1 0.957x, 0.955x. With
# 128-row tiles of N (where 64 rows take two waves) it lost: 128x6144x4096 128x64 c1x2 0.971x / 64x96
# c2x1 1.010x; 120x5120x5120 0.967x / 1.027x.


def _cdiv(a: int, b: int) -> int:
    return -(-a // b)


def _efficiency(tile_m: int, tile_n: int) -> float:
    """Throughput per SM of a cooperative tile relative to 128x256. Measured on the H100 (docs/sm90.md,
    4096x14336x4096 over every width, with the wave count divided out): flat within the noise from 128
    to 256 columns, then falling, because narrow tiles read more SMEM per MMA (128x96: 0.81). A 64-row
    tile has one consumer warpgroup (64x128: 0.7 in the LLM-shape sweeps)."""
    if tile_m == 64:
        return 0.7 if tile_n >= 128 else 0.6
    if tile_n >= 224:
        return 1.0
    if tile_n >= 192:
        return 0.96
    if tile_n >= 128:
        return 0.94
    return 0.88 if tile_n >= 112 else 0.8


def _widths(b_major: str) -> list:
    """Tile widths ranked for an operand B of this majorness: multiples of 16 (those of 8 more come only from
    `_trimmed_width`), of 64 for an N-major B (its SMEM rows are 64 wide)."""
    return [n for n in TILE_N_CHOICES if n % (16 if b_major == "k" else 64) == 0]


def _ranked_tiles(m: int, n: int, k: int, l: int, b_major: str = "k") -> list:
    """Cooperative (tile_m, tile_n, cluster_m, cluster_n) by estimated time: whole waves of CTAs (or of split-K
    runs) times work per run over throughput, over every width (multiples of 16), so that some width
    lands the tile count just under a whole number of waves (1024x14336: 128x224, four waves, 1.01-1.03x
    of cuBLAS where 128x128 ran 0.96x). A 2x1 cluster over an odd number of row tiles computes one
    more, empty, row tile per column (`_ctas`), so each tile is ranked in 2x1 and, where that pads,
    in 1x1 clusters and, where they fill about one wave, in 1x4 clusters (`_SHARED_BY_FOUR`). Skinny problems (M <= 128) are bound by reading B from DRAM, and rank 64-row
    tiles by how many SMs they put on it: the narrowest width that still fits in one wave first
    (split-K then fills the SMs if even that leaves most idle). With 16 stages this holds at long K
    too: 128x4096x14336 ran 1.10x of cuBLAS in 64x64 tiles, 1.02x in 64x128 split 2."""
    widths = _widths(b_major)
    if m <= _SKINNY_ROWS:
        pair = 2 if m > 64 else 1
        least = _SKINNY_PAIR_MIN_WIDTH if pair == 2 and k < _SPLIT_K_MIN_K else _SKINNY_MIN_WIDTH
        widths = _at_least(widths, least, n)
        fits = [w for w in widths if _ctas(m, n, l, 64, w, pair) <= _SMS]
        return [(64, w, pair, 1) for w in fits] + [(64, w, pair, 1) for w in widths if w not in fits]
    # 64-row tiles wider than 128 measured no better where 128-row tiles leave rows empty (320x5120x5120:
    # 64x208 in 1x1 clusters 0.762x of cuBLAS, 128x160 in 2x1 0.833x).
    tiles = [(128, w) for w in widths if w >= 64] + [(64, 128)]
    if k >= _SPLIT_K_MIN_K:
        # Few tiles and a long K: narrow 64-row tiles split fewer ways fill the SMs with longer runs
        # (256x256x8192: 64x32 split 4 ran 0.85x of cuBLAS, 128x64 split 8 0.76x).
        tiles += [(64, w) for w in _at_least(widths, _NARROW_MIN_WIDTH, n) if w < 128]
    shapes = [(tm, tn, 2, 1) for tm, tn in tiles]
    for tm, tn in tiles:
        if _cdiv(m, tm) % 2 == 1:
            shapes.append((tm, tn, 1, 1))
            # 1x4 clusters as measured: 128-row tiles, one problem, about one wave, whole tiles.
            count = _ctas(m, n, l, tm, tn, 1, 4)
            if tm == 128 and m > tm and l == 1 and _split_k(count, k) == 1 and (
                _SHARED_BY_FOUR_MIN_CTAS <= count <= 4 * _CLUSTERS_OF_FOUR
            ):
                shapes.append((tm, tn, 1, 4))

    def rank(shape):
        tile_n = shape[1]
        # Among equal costs: fewer runs per tile (each split tile is summed through global memory),
        # then the wider tile (fewer tiles read A again).
        return (_cost(m, n, k, l, shape), _split_k(_ctas(m, n, l, *shape), k), -tile_n)

    return sorted(shapes, key=rank)


def _cost(m: int, n: int, k: int, l: int, shape) -> float:
    """Estimated time of a cooperative (tile_m, tile_n, cluster_m, cluster_n) tiling, in tile elements
    over relative throughput: whole waves of CTAs (or of split-K runs) times work per run."""
    tile_m, tile_n, cluster_m, cluster_n = shape
    count = _ctas(m, n, l, tile_m, tile_n, cluster_m, cluster_n)
    split = _split_k(count, k)
    cost = _cdiv(count * split, _SMS) * tile_m * tile_n / split / _efficiency(tile_m, tile_n)
    if cluster_n == 4:
        cost /= _SHARED_BY_FOUR
    elif cluster_m == 1:
        cost /= _UNPAIRED_NARROW_SPLIT if split > 1 and tile_n < 128 else _UNPAIRED
    if split > 1:
        config = Sm90Config(tile_m, tile_n, cluster_m, cluster_n, split_k=split)
        cost *= _LAST_ARRIVAL_COST if config.fixup_by_last else _SPLIT_K_COST
    return cost


def _ctas(m: int, n: int, l: int, tile_m: int, tile_n: int, cluster_m: int, cluster_n: int = 1) -> int:
    """CTAs (tiles computed) of a tiling: clusters of `cluster_m` row tiles by `cluster_n` column tiles
    cover D, the last ones padded with empty tiles where the tiles do not divide."""
    return _cdiv(_cdiv(m, tile_m), cluster_m) * cluster_m * _cdiv(_cdiv(n, tile_n), cluster_n) * cluster_n * l


def _at_least(widths: list, least: int, n: int) -> list:
    """The widths from `least` up, or from the narrowest that covers N where N is narrower."""
    return [w for w in widths if w >= min(least, _cdiv(n, 16) * 16)]


def _tile_config(m: int, n: int, k: int, l: int, shape, **walk) -> Sm90Config:
    """A cooperative config of a ranked (tile_m, tile_n, cluster_m, cluster_n), with split-K when the
    tiles leave most SMs idle and K is long. A single row tile needs no 2x1 cluster."""
    tile_m, tile_n, cluster_m, cluster_n = shape
    cluster_m = cluster_m if m > tile_m else 1
    tiles = _ctas(m, n, l, tile_m, tile_n, cluster_m, cluster_n)
    return Sm90Config(tile_m, tile_n, cluster_m, cluster_n, split_k=_split_k(tiles, k), **walk)


def _split_k(tiles: int, k: int) -> int:
    """The most runs per tile that keep every SM at most one run and each run 16 k-tiles long, when K
    is long and the tiles fill at most half the SMs; else 1."""
    if k < _SPLIT_K_MIN_K or 2 * tiles > _SMS:
        return 1
    k_tiles = _cdiv(k, 64)
    fits = [s for s in _RANKED_SPLITS if s * tiles <= _SMS and k_tiles >= s * _SPLIT_K_MIN_K_TILES]
    return max(fits, default=1)


def _wide_tiles_fit(n: int) -> bool:
    """Whether 256-wide tiles cover N with little waste (the many-wave rules assume 128x256 tiles)."""
    return _cdiv(n, 256) * 256 <= _WIDE_TILE_MAX_WASTE * n


def _swapped_config(m: int, n: int, k: int, l: int):
    """The transposed problem's one-wave tiling (`Sm90Config.swap_ab`: tile_m along N, tile_n along M)
    and its estimated cost, or None. 128 rows of N by the narrowest width of M from `_SWAP_MIN_WIDTH`
    whose tiles fit one wave, in 1x2 clusters where it cuts M into an even number of tiles (the two
    CTAs share their A, the weight), else unpaired (short K only), in clusters of four along N where the
    width is narrow and 24-30 of them fill the wave (`_SWAP_FOUR_MAX_WIDTH`); or 64 rows of N by the narrowest
    such width that cuts M evenly, in 1x2 clusters (unpaired 64-row tiles lost: 100x4096x4096 64x64
    c1x1 0.859x of cuBLAS, c1x2 0.999x). Of the two, the one that pads M less (272x4096x4096: 64x144
    c1x2 1.010x, 128x80 c1x2 0.905x), then the one with more CTAs (160x4096x4096: 64x80 c1x2 in 128
    CTAs 0.994x, 128x80 c1x2 in 64 0.886x), then 128 rows (512x4096x14336: 128x128 c1x2 0.998x,
    64x256 c1x2 0.979x, 128 CTAs each). Skinny M (at most 128 rows) takes 64-row tiles only, from 48 wide. The cost is
    `_cost`'s at 128-row throughput, halved for 64 rows."""
    choices = []
    for tile_m in (128, 64) if m > _SKINNY_ROWS else (64,):
        least = _SKINNY_SWAP_MIN_WIDTH if m <= _SKINNY_ROWS else _SWAP_MIN_WIDTH
        for width in _at_least(_widths("k"), least, m):
            count = _cdiv(m, width)
            if _ctas(n, m, l, tile_m, width, 1) > _SMS or (tile_m == 64 and count % 2):
                continue
            unpaired = count % 2 == 1 and tile_m == 128 and k < _SWAP_UNPAIRED_MAX_K and m > _SKINNY_ROWS
            if count % 2 == 0 or unpaired:
                cost = _cost(n, m, k, l, (128, width, 2, 1)) * tile_m / 128
                four = unpaired and count >= 3 and width <= _SWAP_FOUR_MAX_WIDTH and (
                    _SHARED_BY_FOUR_MIN_CTAS <= _ctas(n, m, l, tile_m, width, 4) <= 4 * _CLUSTERS_OF_FOUR
                )
                cluster = (1, 2) if count % 2 == 0 else (4, 1) if four else (1, 1)
                config = Sm90Config(tile_m, width, *cluster, swap_ab=True)
                choices.append((count * width, -_ctas(n, m, l, tile_m, width, 1), -tile_m, config, cost))
            break
    if not choices:
        return None
    *_, config, cost = min(choices, key=lambda c: c[:3])
    return config, cost


def default_config(m: int, n: int, k: int, l: int, b_major: str = "k", a_major: str = "k") -> Sm90Config:
    """Heuristic choice when nothing was tuned: `_unswapped_config`, or for a mid-size or skinny M the
    transposed problem's tiling (`Sm90Config.swap_ab`) where `_swap_pays`, its width narrowed by
    `_trimmed_width`; the many-wave tiling swapped over few row tiles (`_many_waves_swapped`); ping-pong where every
    SM runs two tiles or more (`_pingpong_over_waves`); split-K with 16-bit partial sums (`_with_narrow_partials`).
    `a_major` is "k" or "m", `b_major` "k" or "n"."""
    return _with_narrow_partials(_pingpong_over_waves(m, n, k, l, _many_waves_swapped(m, n, l, a_major, b_major, (
        _trimmed_width(m, k, _rule_choice(m, n, k, l, b_major, a_major))))))


# The many-wave 128x256 tiling in 2x1 clusters runs swapped over at most this many row tiles of M
# (`_many_waves_swapped`): measured ahead at 16, 18, 24 and 26 (2048 to 3210 rows), even at 28 and 32.
_SWAPPED_MANY_WAVES_MAX_ROW_TILES = 26


def _many_waves_swapped(m: int, n: int, l: int, a_major: str, b_major: str, config: Sm90Config) -> Sm90Config:
    """`_unswapped_config`'s many-wave 128x256 tiling in 2x1 clusters (`swizzle=8`), one problem, K-major A and B,
    over an even count of at most `_SWAPPED_MANY_WAVES_MAX_ROW_TILES` row tiles of M (odd counts were not measured):
    the same tile and cluster on the transposed problem (128 rows of N by 256 of M, two weight tiles sharing each
    tile of M), walked N-first, with stream-K only where its last wave is thin (`_thin_last_wave`), else `config`.
    Applied after `_trimmed_width`: 248 wide ran no faster (gemm41). Ten alternating rounds (H200, fp16 / bf16, H's
    time over the swapped one's per round, median; docs/sm90.md, thirty-fourth session, gemm41-gemm43):
    2048x24576x4096 1.016, 1.022 (again 1.020, 1.018); 2222x20480x4096 1.041, 1.055 (1.038, 1.056; 1.038, 1.044);
    3210x11520x2304 1.011, 1.012 (1.010, 1.042); 3000x14336x4096 (last wave 18% full) with stream-K 1.032, 1.029,
    without 0.987, 0.997 (4096x28672x8192, 15%: 1.006, 1.017 against 0.989, 0.995). Over a fuller last wave
    stream-K cost 0.3-4% (2222x20480x4096, 91%: 1.008, 1.014; 2048x24576x4096, 64%: 1.010, 1.009). Even at 28 and
    32 row tiles (3584x16384x3072 1.004, 1.001; 4096x14336x4096 1.004, 1.009; 4096x11008x4096 0.999, 0.998), behind
    from 48 (8192x8192x8192 0.975, 0.948; 12288x4096x4096 0.972, 0.974) and on batched problems (2048x2048x64 x16
    0.976, 0.978)."""
    shape = (config.tile_m, config.tile_n, config.cluster_m, config.cluster_n)
    many_waves = not config.swap_ab and config.swizzle == 8 and shape == (128, 256, 2, 1)
    if not many_waves or l > 1 or a_major != "k" or b_major != "k":
        return config
    row_tiles = _cdiv(m, config.tile_m)
    if row_tiles % 2 or row_tiles > _SWAPPED_MANY_WAVES_MAX_ROW_TILES:
        return config
    ctas = _ctas(n, m, l, 128, 256, 2, 1)
    return Sm90Config(128, 256, 2, 1, raster_along_m=False, swap_ab=True, stream_k=_thin_last_wave(ctas))


# Ping-pong pays where every SM runs this many tiles or more: a warpgroup's epilogue then has the other's next
# mainloop to run under.
_PINGPONG_MIN_TILES_PER_SM = 2
# Over two k-tiles (64 < K <= 128) a tile's epilogue takes about as long as its mainloop: a tile too wide for a
# ping-pong warpgroup gives way to 128x128 ping-pong. At one k-tile the wide cooperative tile stayed ahead.
_PINGPONG_SHORT_K = (64, 128)


def _pingpong_over_waves(m: int, n: int, k: int, l: int, config: Sm90Config) -> Sm90Config:
    """A cooperative 128-row tile that a ping-pong warpgroup can hold (`PINGPONG_MAX_TILE_ELEMENTS`), whole tiles,
    at least `_PINGPONG_MIN_TILES_PER_SM` tiles per SM: the same tiling in ping-pong (`Sm90Config.pingpong`), whose
    warpgroups take turns at the mainloop so that one's epilogue runs under the other's MMAs. cuBLAS's kernels there
    are ping-pong too (no `coop` in their names: 472x37888x3584 `128x160_64x5_2x1`, 744x7680x5120
    `176x128_64x5_1x2`). Over two k-tiles (`_PINGPONG_SHORT_K`), a wider tile gives way to 128x128 ping-pong. Six
    alternating rounds against the cooperative pick, ratio to cuBLAS, fp16 / bf16 (docs/sm90.md, thirty-second
    session): 744x7680x5120 128x176 c2x1 0.957x -> 0.972x / 0.968x -> 0.987x; 472x37888x3584 128x160 c2x1 swap
    0.960x -> 0.970x / 0.940x -> 0.974x; 300x4096x6400 x16 128x152 c1x2 swap 0.949x -> 1.002x / 0.949x -> 0.998x;
    2048x2048x128 x40 128x256 c2x2 -> 128x128 c2x1 0.803x -> 0.963x / 0.807x -> 0.974x; even or behind by up to 2%
    on three batched problems (96x4096x7168 x32 128x96 c2x1 swap 0.992x -> 0.984x / 1.020x -> 0.999x). At
    one k-tile 128x256 stayed ahead (1024x1024x64 x48 128x256 c2x1 1.035x / 1.044x, 128x128 ping-pong 1.030x /
    1.028x)."""
    if config.pingpong or config.tile_m != 128 or config.splits_k:
        return config
    if config.tile_m * config.tile_n > PINGPONG_MAX_TILE_ELEMENTS:
        if not _PINGPONG_SHORT_K[0] < k <= _PINGPONG_SHORT_K[1]:
            return config
        config = Sm90Config(128, 128, 2, 1)
    rows, cols = (n, m) if config.swap_ab else (m, n)
    ctas = _ctas(rows, cols, l, config.tile_m, config.tile_n, config.cluster_m, config.cluster_n)
    if ctas < _PINGPONG_MIN_TILES_PER_SM * _SMS:
        return config
    return replace(config, pingpong=True)


def _with_narrow_partials(config: Sm90Config) -> Sm90Config:
    """A split-K config with its partial sums in D's 16-bit dtype (`Sm90Config.narrow_partials`): the fixup moves
    half the bytes, and it is what split-K loses to cuBLAS's splitK kernel (the mainloop alone ran 0.98-1.02x of
    it). Six alternating rounds, fp16 unless marked, ratio to cuBLAS, fp32 / 16-bit partials (twenty-sixth session):
    512x512x65536 128x256 c2x1 split16 0.916x / 0.956x, bf16 0.912x / 0.945x; 896x896x32768 128x224 split4 0.923x /
    0.938x; 640x640x32768 128x224 c1x1 split8 0.947x / 0.989x; 512x512x16384 128x128 split8 0.950x / 1.006x;
    256x256x8192 64x48 split4 0.955x / 1.031x; 768x896x32768 128x224 c2x2 split5 0.947x / 0.984x; ahead on all
    thirteen measured. The error grows by one rounding of each partial sum to D's precision (relative Frobenius
    2.1e-4 -> 2.9e-4 fp16, 1.7e-3 -> 2.4e-3 bf16). Stream-K keeps fp32 partials (not measured)."""
    if config.split_k > 1:
        return replace(config, narrow_partials=True)
    return config


def _rule_choice(m: int, n: int, k: int, l: int, b_major: str = "k", a_major: str = "k") -> Sm90Config:
    """The tiling rules' choice (`default_config` before `_trimmed_width`): a batched problem of at most 128 rows of M
    runs swapped (`_skinny_batched_swap`); a batched problem the swap rules swap keeps an unswapped one-wave tiling where
    that fills the wave better (`_batched_unswapped_wave`); swapped 128-row pairs over waves take 256 rows where
    `_wide_pairs` says, 4x1 tilings where `_wide_fours` does. Where no swap rule pays, an unpaired unswapped choice gives way to 256-row
    swapped tiles paired along N (`_weight_pairs`), else to the swapped tiling of least whole-wave area past the swap
    rules' rows (`_swapped_by_area`), else pairs its column tiles (`_paired_along_n`). A narrow split-K choice over an odd
    count of row-tile pairs takes 2x2 clusters first (`_split_in_clusters_of_four`); a split-K choice in 2x1 clusters
    over an odd count of row tiles runs unpaired (`_split_unpaired_over_odd_rows`); one in 1x1 clusters whose column
    tiles pad N takes a wider width that cuts N (`_split_width_cutting_n`). Two 64-row tiles of M at a very long K run
    one 128-row tile split over K (`_skinny_split_at_long_k`)."""
    skinny = _skinny_batched_swap(m, n, l, a_major, b_major) or _skinny_split_at_long_k(m, n, k, l, a_major, b_major)
    if skinny:
        return skinny
    unswapped = _unswapped_config(m, n, k, l, b_major)
    swapped = _swap_pays(m, n, k, l, a_major, unswapped)
    if swapped:
        return _batched_unswapped_wave(m, n, k, l, b_major, swapped) or _in_gpc_order(
            m, l, _wide_fours(m, n, l, _wide_pairs(m, n, k, l, swapped)))
    return (_split_in_clusters_of_four(m, n, k, l, a_major, b_major, unswapped)
            or _swapped_split(m, n, k, l, a_major, b_major, unswapped)
            or _unsplit_at_dram_bound(m, n, k, l, a_major, b_major, unswapped) or _weight_pairs(m, n, k, l, a_major, unswapped)
            or _swapped_by_area(m, n, k, l, a_major, b_major, unswapped)
            or _split_unpaired_over_odd_rows(m, n, k, l, a_major, b_major, unswapped)
            or _split_width_cutting_n(m, n, k, l, a_major, b_major, unswapped) or _paired_along_n(m, n, unswapped))


# Skinny M at a K this long runs one 128-row tile of M split over K (`_skinny_split_at_long_k`), where 128x128 splits
# this many ways or more.
_SKINNY_SPLIT_MIN_K = 32768
_SKINNY_SPLIT_MIN_SPLITS = 4


def _skinny_split_at_long_k(m: int, n: int, k: int, l: int, a_major: str, b_major: str):
    """128x128 tiles in 1x2 clusters (A multicast), split-K, for 64 < M <= `_SKINNY_ROWS` from K =
    `_SKINNY_SPLIT_MIN_K` where they split at least `_SKINNY_SPLIT_MIN_SPLITS` ways (one problem, K-major A and B),
    else None. The 64-row tiles that fill the SMs without a split (swapped 64x64 c1x2, 128 CTAs of 512 k-tiles on
    128x4096x32768) fall behind a 128-row tile's 4 runs of 128 k-tiles each as K grows: the wider wgmma reads less
    SMEM per MMA and its split's fixup is paid over a longer mainloop. cuBLAS runs this tiling there (its D^T:
    `nvjet_sm90_hsh_128x128_64x6_2x1_v_bz_splitK` + `splitKreduce_kernel` on 128x4096x32768, H200). Six alternating
    rounds, fp16 / bf16, ratio to cuBLAS, the old choice / 128x128 c1x2 split (thirty-first session, H200):
    128x4096x32768 64x64 swapped 0.909-0.913x, 0.933-0.938x / split4 0.996-1.002x, 0.998x; 96x4096x32768 64x48
    swapped 0.933x, 0.941x / split4 0.963x, 0.967x; 128x2048x32768 64x64 c2x1 split2 0.938x, 0.949x / split8 0.978x,
    0.963x; 128x1024x65536 64x64 c2x1 split4 0.939x, 0.940x / split16 0.938x, 0.940x. Below that K the 64-row tiles
    stay: 128x4096x16384 1.000x, 1.003x / 0.992x, 0.994x; 128x4096x14336 1.077x, 1.070x / 0.986x, 0.998x;
    128x4096x8192 1.090x, 1.052x / 0.993x, 0.965x; and where 128x128 splits fewer ways (128x8192x16384 64x128 c2x1
    0.984x, 0.992x / split2 0.969x, 0.971x; 112x8192x8192 0.991x, 1.003x / 0.917x, 0.933x)."""
    if l != 1 or not _SKINNY_ROWS // 2 < m <= _SKINNY_ROWS or k < _SKINNY_SPLIT_MIN_K or a_major != "k" or b_major != "k":
        return None
    split = _split_k(_ctas(m, n, l, 128, 128, 1, 2), k)
    if split < _SKINNY_SPLIT_MIN_SPLITS:
        return None
    return Sm90Config(128, 128, 1, 2, split_k=split)


def _batched_unswapped_wave(m: int, n: int, k: int, l: int, b_major: str, swapped: Sm90Config):
    """A batched problem that `_swap_pays` swaps: the unswapped tiling of the same width (M on the tile's 64, 128 or 192
    rows, N on the width wgmma issues the swapped tiles with), in 2x1 clusters where each batch's row tiles pair, else
    1x2 where its column tiles do, that fits one wave and computes no more elements than the swapped tiles (padding and
    a cluster's empty CTAs counted, the swapped width as `_trimmed_width` narrows it), where its tile is shorter than
    the swapped tiling's whole waves (`_wave_time`: more CTAs fill the wave for the same work), or as short where N < M
    (the swap's premise, M against a wider weight, fails); the shortest such tile; else None. The swap buys M a width
    in steps of 16 (or 8) where unswapped it pads to whole row tiles; where M is whole row tiles that buys nothing, and
    the batch count, not the weight, sets the CTA count. cuBLAS keeps these unswapped (its `64x128 2x1` on 512x128x4096
    x16, `192x192 2x1 coopB` on 192x1536x2048 x16). Six alternating rounds each (H200, ratio to cuBLAS, fp16 / bf16
    where two, twenty-ninth session), swapped / this tiling: 512x128x4096 x16 64x128 c1x2 0.925x, 0.932x / 64x128 c2x1
    0.974x, 1.002x; 192x1536x2048 x16 256x192 c1x1 (96 CTAs) 0.939x, 0.925x / 192x192 c1x2 (128) 0.983x, 0.977x;
    384x1536x2048 x8 256x192 c1x2 0.808x / 192x192 c2x1 0.936x; 192x3072x2048 x8 256x192 c1x1 0.933x / 192x192 c1x2
    0.989x; 512x128x2048 x4 128x80 c4x1 0.591x / 64x80 c2x1 0.878x; 512x256x2048 x16 128x128 c1x2 0.890x / c2x1 0.905x;
    512x256x4096 x32 128x256 c1x2 0.955x / c2x1 0.981x; 256x128x2048 x32 64x128 c1x2 0.949x / c2x1 0.983x; behind on
    one: 256x128x2048 x8 64x64 c1x2 0.993x / c2x1 0.978x (10.7 us). Where the tiles tie and N > M it lost on two of
    six (192x768x2048 x4 64x96 0.983x / 0.889x; 384x768x2048 x4 64x192 0.910x / 0.858x), so those stay swapped."""
    if l == 1:
        return None
    width = swapped.tile_n
    swapped = _trimmed_width(m, k, swapped)
    swapped_time = _wave_time(m, n, l, swapped)
    swapped_area = _padded_rows(m, swapped.tile_n, swapped.cluster_n) * _padded_rows(n, swapped.tile_m, swapped.cluster_m)
    if width not in _widths(b_major):
        return None
    best = None
    for rows in (64, 128, THREE_WARPGROUP_ROWS):
        if rows == THREE_WARPGROUP_ROWS and width > THREE_WARPGROUP_MAX_WIDTH:
            continue
        cluster = (2, 1) if _cdiv(m, rows) % 2 == 0 else (1, 2) if _cdiv(n, width) % 2 == 0 else None
        if cluster is None or _ctas(m, n, l, rows, width, *cluster) > _SMS:
            continue
        if _padded_rows(m, rows, cluster[0]) * _padded_rows(n, width, cluster[1]) > swapped_area:
            continue
        time = _tile_time(rows, width)
        if (time < swapped_time or (time == swapped_time and n < m)) and (best is None or time < best[0]):
            best = (time, Sm90Config(rows, width, *cluster))
    return best[1] if best else None


# A problem of fewer FLOP per byte of A and B (M N / (M + N)) than the H100's MMA rate over its DRAM bandwidth (about
# 280) is bound by reading B once from DRAM, whatever the tiling.
_DRAM_BOUND_INTENSITY = 280
# `_unsplit_at_dram_bound`'s narrowest tile: 128x64 lost (256x4096x16384: 0.964x of cuBLAS against 1.016x split).
_UNSPLIT_MIN_WIDTH = 80
# ... and its K: every problem it was measured on had K = 16384.
_UNSPLIT_MIN_K = 16384


def _unsplit_at_dram_bound(m: int, n: int, k: int, l: int, a_major: str, b_major: str, unswapped: Sm90Config):
    """Where the unswapped choice splits K in two over 128-row tiles and the problem is DRAM-bound
    (`_DRAM_BOUND_INTENSITY`), K of `_UNSPLIT_MIN_K` or more, one problem, K-major A and B (as measured): tiles of half the width, whole, in the
    same clusters, where that width is at least `_UNSPLIT_MIN_WIDTH` and the tiles still fit one wave; else None.
    The same CTAs read the same bytes of B, so the split buys the mainloop nothing and its fixup costs (256x7168x16384
    128x224 c2x1 split2: the mainloop alone 0.963-0.982x of cuBLAS, whole 0.908-0.926x). Six alternating rounds, fp16 /
    bf16, ratio to cuBLAS, split 2 / half width whole (twenty-fifth session): 256x7168x16384 (247 FLOP per byte)
    128x224 0.923x, 0.908x / 128x112 0.986x, 0.983x; 256x5120x16384 (244) 128x160 0.956x, 0.964x / 128x80 0.981x,
    0.977x; lost where compute-bound (512x3072x16384, 439: 128x192 0.936x / 128x96 0.919x; 1024x1024x16384,
    768x2048x32768, 384x4096x24576 by 5-25%) and at 64 wide (256x4096x16384, 241)."""
    if a_major != "k" or b_major != "k" or l > 1 or k < _UNSPLIT_MIN_K or unswapped.split_k != 2 or unswapped.tile_m != 128:
        return None
    if unswapped.swap_ab or m * n >= _DRAM_BOUND_INTENSITY * (m + n):
        return None
    width = unswapped.tile_n // 2
    if width < _UNSPLIT_MIN_WIDTH or width % 8 != 0:
        return None
    if _ctas(m, n, l, 128, width, unswapped.cluster_m, unswapped.cluster_n) > _SMS:
        return None
    return replace(unswapped, tile_n=width, split_k=1)


# `_split_unpaired_over_odd_rows`' narrowest tile: a split tile narrower than 128 reads its A rows again for every few
# columns of D, and unpaired it lost (`_UNPAIRED_NARROW_SPLIT`).
_SPLIT_UNPAIRED_MIN_WIDTH = 128
# ... and its largest split: at split 4 it ran ahead on all eleven problems measured, at split 8 it was a wash
# (384x512x16384 128x128 +1.3%, 832x512x32768 128x256 +0.5%, 896x512x65536 +0.4%, 864x512x16384 -1.8% then +0.1%).
_SPLIT_UNPAIRED_MAX_SPLIT = 4


def _split_unpaired_over_odd_rows(m: int, n: int, k: int, l: int, a_major: str, b_major: str, unswapped: Sm90Config):
    """Where the unswapped choice splits K over 128-row tiles at least `_SPLIT_UNPAIRED_MIN_WIDTH` wide, at most
    `_SPLIT_UNPAIRED_MAX_SPLIT` ways, in 2x1 clusters, and M cuts into an odd count of row tiles (one problem, K-major A
    and B, as measured): the same tiles and split in 1x1 clusters, where the split stays the same over their fewer
    CTAs; else None. The split runs fill at most one wave either way, so the pair's B multicast is all 2x1 buys, and
    each column's last cluster holds a row tile past M (a CTA for no rows of D); `_cost` ranks the pair ahead by `_UNPAIRED` alone. Six alternating rounds each (fp16 unless marked, ratio to
    cuBLAS, twenty-seventh session), 2x1 / 1x1, 16-bit partials, split 4: 128x224 on 896x896x32768 0.959x / 0.978x
    (bf16 0.947x, 0.934x / 0.978x, 0.980x), 896x896x65536 0.942x / 0.975x, 896x896x8192 0.948x / 0.951x,
    832x896x16384 1.536x / 1.591x, 864x896x24576 1.063x / 1.131x; 128x160 on 800x640x8192 0.972x / 0.974x; 128x128 on
    384x1024x8192 0.968x / 0.998x, 352x1024x8192 0.962x / 0.998x, 544x640x8192 1.220x / 1.254x, 640x640x8192 0.993x /
    1.013x: ahead on all eleven."""
    if (l != 1 or a_major != "k" or b_major != "k" or not 1 < unswapped.split_k <= _SPLIT_UNPAIRED_MAX_SPLIT
            or unswapped.swap_ab
            or unswapped.tile_m != 128 or unswapped.tile_n < _SPLIT_UNPAIRED_MIN_WIDTH
            or (unswapped.cluster_m, unswapped.cluster_n) != (2, 1) or _cdiv(m, 128) % 2 == 0):
        return None
    if _split_k(_ctas(m, n, l, 128, unswapped.tile_n, 1, 1), k) != unswapped.split_k:
        return None
    return replace(unswapped, cluster_m=1)


# `_split_width_cutting_n` replaces a split width whose column tiles pad N by this much or more (1152 columns in seven
# of 176: 1232).
_SPLIT_PADDED_COLS = 1.06


def _split_width_cutting_n(m: int, n: int, k: int, l: int, a_major: str, b_major: str, unswapped: Sm90Config):
    """Where the unswapped choice splits K over 128-row tiles in 1x1 clusters (one problem, K-major A and B, as
    measured) and its column tiles pad N by `_SPLIT_PADDED_COLS` or more: the next wider width that cuts N into whole
    tiles and still splits (`_split_k` over its tiles: its runs fit one wave); else None. `_cost` ranks a run by its
    own area, so a narrower width over more tiles wins there even where the last column of tiles is mostly empty, and
    every run of it, in every split, computes and reads that padding. Six and ten alternating rounds (fp16 / bf16,
    ratio to cuBLAS, docs/sm90.md, thirty-fourth session, H200): 1152x1152x11664 128x176 split 2 (126 runs, 1232
    columns) 0.902x / 0.889x and 0.910x / 0.897x, 128x192 split 2 (108 runs) 1.015x / 1.039x and 1.024x / 1.037x;
    cuBLAS runs `168x128_64x5_1x1_splitK` + `splitKreduce` there."""
    if (l != 1 or a_major != "k" or b_major != "k" or unswapped.swap_ab or unswapped.split_k == 1
            or unswapped.tile_m != 128 or unswapped.cluster_size != 1
            or _padded_rows(n, unswapped.tile_n, 1) < _SPLIT_PADDED_COLS * n):
        return None
    for width in _widths(b_major):
        if width > unswapped.tile_n and n % width == 0:
            split = _split_k(_ctas(m, n, l, 128, width, 1, 1), k)
            if split > 1:
                return Sm90Config(128, width, 1, 1, split_k=split)
    return None


def _split_in_clusters_of_four(m: int, n: int, k: int, l: int, a_major: str, b_major: str, unswapped: Sm90Config):
    """Where the unswapped choice splits K over 128-row tiles at most `_FOUR_WAY_SPLIT_MAX_WIDTH` wide in 2x1 clusters,
    M cuts into an odd count of pairs of row tiles (`_FOUR_WAY_SPLIT_MIN_PAIRS` or more, none empty) and K is at least
    `_FOUR_WAY_SPLIT_MIN_K` (one problem, K-major A and B, as measured): 128-row tiles in 2x2 clusters whose split runs
    fill `_FOUR_WAY_SPLIT_MIN_FILL` to all of the `_CLUSTERS_OF_FOUR` clusters with every tile in as many runs, the
    tiling of least work per run (`_efficiency`), the wider on a tie; else None."""
    row_tiles = _cdiv(m, 128)
    if (l != 1 or a_major != "k" or b_major != "k" or k < _FOUR_WAY_SPLIT_MIN_K or unswapped.split_k == 1
            or unswapped.swap_ab or unswapped.tile_m != 128 or unswapped.tile_n > _FOUR_WAY_SPLIT_MAX_WIDTH
            or (unswapped.cluster_m, unswapped.cluster_n) != (2, 1) or row_tiles % 2 or row_tiles // 2 % 2 == 0
            or row_tiles // 2 < _FOUR_WAY_SPLIT_MIN_PAIRS):
        return None
    k_tiles = _cdiv(k, 64)
    best = None
    for width in _widths(b_major):
        col_tiles = _cdiv(n, width)
        if col_tiles % 2:
            continue
        tiles = row_tiles * col_tiles // 4
        for split in SPLIT_K_CHOICES[1:]:
            runs = tiles * split
            if (_FOUR_WAY_SPLIT_MIN_FILL * _CLUSTERS_OF_FOUR <= runs <= _CLUSTERS_OF_FOUR
                    and k_tiles >= split * _SPLIT_K_MIN_K_TILES):
                work = (width * _cdiv(k_tiles, split) / _efficiency(128, width), -width)
                if best is None or work < best[0]:
                    best = (work, Sm90Config(128, width, 2, 2, split_k=split))
    return best[1] if best else None


def _skinny_batched_swap(m: int, n: int, l: int, a_major: str, b_major: str):
    """A batched problem of at most `_SKINNY_ROWS` rows of M per batch, K-major A and B: the swapped tiling that holds
    all of M in one tile (M on wgmma's N, a width of M rounded up to 8) by 128 rows of the weight, in 2x1 clusters where
    the weight's tiles pair (the two share the activations' tile), else 1x1; else None. Unswapped, M lands on the
    tile's rows: at least 64 per warpgroup (48 rows compute 64), and the many-wave rule's 128x256 tiles in 2x1 clusters
    compute 256 rows for 48, half of them in a cluster's empty second tile, while the swapped tile computes M rounded
    up to 8 and still reads each weight element once. cuBLAS runs these swapped (its D^T: 512x48 in 2x1 on 48x7168x2048
    x64, 128x120 on 120x6144x16384 x8, 256x96 on 96x2048x768 x32 and 96x4096x7168 x32). 256 weight rows never take
    fewer whole waves' time than 128 (half the CTAs fill at least half the waves) and ran behind on seven of eight.
    Six alternating rounds each (fp16, ratio to cuBLAS, twenty-fourth session), the old unswapped choice / swapped 128
    rows / 256 rows: 48x7168x2048 x64 128x256 c2x1 0.919x / 1.007x / 0.994x (bf16 0.914x / 1.008x / 0.993x);
    120x6144x16384 x8 64x64 c2x1 0.951x / 1.006x / 0.969x (bf16 0.946x / 1.008x / 0.973x); 96x2048x768 x32 64x96 c2x1
    0.972x / 1.006x / 0.998x; 96x4096x7168 x32 0.985x / 1.027x / 1.007x; 32x4096x7168 x32 64x64 c1x1 0.965x / 1.027x /
    1.019x; 128x4096x4096 x8 64x96 c2x1 0.982x / 0.993x / 0.995x; 80x2880x2880 x16 (unpaired) 0.973x / 0.972x; behind
    on two: 64x14336x4096 x8 64x64 c1x1 1.044x / 1.035x / 1.016x, 112x1536x2048 x64 64x96 c2x1 1.025x / 1.017x /
    1.015x."""
    if l == 1 or m > _SKINNY_ROWS or a_major != "k" or b_major != "k":
        return None
    cluster = (2, 1) if _cdiv(n, 128) % 2 == 0 else (1, 1)
    return Sm90Config(128, max(TILE_N_CHOICES[0], _cdiv(m, 8) * 8), *cluster, swap_ab=True)


# Swapped tile heights `_swapped_by_area` ranks, with the widest tile of M each holds (fp32 accumulators).
_SWAPPED_AREA_WIDTHS = {128: 256, THREE_WARPGROUP_ROWS: THREE_WARPGROUP_MAX_WIDTH, 256: _WIDE_SWAP_MAX_WIDTH}
# The narrowest swapped width ranked: narrower tiles read more SMEM per MMA (`_efficiency`), which equal areas hide.
_SWAPPED_AREA_MIN_WIDTH = 128
# What a tile costs besides its MMAs (its pipeline fill, epilogue and the k-tile loads of its rows), as MMA area:
# taller tiles ran ahead at equal area, fewer of them (fp16, six alternating rounds, twenty-third session):
# 3001x6144x4096 256x192 in 3 waves against 128x232 in 5, 147k against 148k, 1.021x / 0.980x of cuBLAS; 1700x6144x8192
# 256x160 in 2 against 128x216 in 3, 82k / 83k, 0.988x / 0.962x; 2100x4096x8192 192x176 in 2 against 128x176 in 3,
# 0.969x / 0.962x. Fitted to those and the other pairs measured (from -135 to 2730): 1536, 128 rows by 12 columns.
_TILE_OVERHEAD_AREA = 1536
# The swapped tiling is taken where its estimate is at most this share of the unswapped one's: every measured gain
# was estimated at 0.920-0.966 (2800x5120x5120 128x216 swapped, 0.966: 1.030x -> 1.049x of cuBLAS); closer estimates
# (2048x6144x4096, 3072x8192x6144, 6144x5120x5120: 0.98-0.99) were not measured.
_SWAPPED_AREA_ADVANTAGE = 0.97


def _swapped_by_area(m: int, n: int, k: int, l: int, a_major: str, b_major: str, unswapped: Sm90Config):
    """Past the swap rules' rows, one problem, K-major A and B (as measured), an unswapped choice of whole tiles at
    least `_SWAPPED_AREA_MIN_WIDTH` wide (not split-K, not ping-pong, not the many-wave 128x256 regime): the swapped
    tiling (the weight on the tile's 128, 192 or 256 rows, M cut by a width trimmed to a multiple of 8, of 16 below
    `_TRIM_MIN_K`) whose whole waves take least time (waves times the tile's area and `_TILE_OVERHEAD_AREA`; the shorter
    tile, then the wider, where two tie: as measured on 960x8192x8192), in 2x1 clusters where the weight's tiles pair,
    else 1x2 where M's do, walked N-first, where that is at most `_SWAPPED_AREA_ADVANTAGE` of the unswapped tiling's
    time; else None. The weight's rows are a multiple of 128 in LLM problems and M is ragged: unswapped, M pads to 128
    rows and N to a width of 16, where swapped, N pads nothing and M at most 7 rows a tile. cuBLAS runs these (its D^T:
    128x224 2x1 on 1777x4096x14336, 256x152 on 5000x5120x13824 and 1333x11008x4096, 128x200 on 2555x2560x10240, 192x192
    on 3001x6144x4096). Six alternating rounds each (fp16 unless marked, ratio to cuBLAS, twenty-third session),
    unswapped / swapped, all swapped c2x1 sw1n: 1777x4096x14336 128x240 c2x1 0.903x, bf16 0.933x / 128x224 0.935x,
    0.991x (c1x2 0.962x, 1.013x); 3001x6144x4096 128x240 c2x1 0.949x, 0.955x / 256x192 1.021x, 1.018x; 5000x5120x13824
    128x224 c2x1 0.960x / 256x152 0.984x; 1333x11008x4096 128x240 c1x2 0.931x / 128x224 1.008x; 2555x2560x10240 128x208
    c2x1 0.961x / 128x200 0.990x; 904x6144x4096 256x192 c1x2 0.964x / 256x184 0.995x; 968x10240x8192 128x224 c2x1 0.962x
    / 192x144 1.016x; 3500x4096x4096 128x128 c2x1 0.856x / 128x224 0.988x; 2100x4096x8192 192x192 c1x2 0.909x / 192x176
    0.969x; 1700x6144x8192 128x224 c2x1 0.940x / 256x160 0.988x; 1100x14336x4096 128x256 c1x2 0.964x / 256x160 1.001x;
    2800x5120x5120 128x224 c2x1 1.030x / 128x216 1.049x."""
    if a_major != "k" or b_major != "k" or l > 1 or m <= _SWAP_MAX_ROWS or unswapped.splits_k or unswapped.swap_ab:
        return None
    if unswapped.pingpong or unswapped.tile_m < 128 or unswapped.tile_n < _SWAPPED_AREA_MIN_WIDTH:
        return None
    if _cdiv(m, 128) * _cdiv(n, 256) * l >= 8 * _SMS and _wide_tiles_fit(n):
        return None
    per_wave = 4 * _CLUSTERS_OF_FOUR if unswapped.cluster_size == 4 else _SMS
    ctas = _ctas(m, n, l, unswapped.tile_m, unswapped.tile_n, unswapped.cluster_m, unswapped.cluster_n)
    unswapped_time = _cdiv(ctas, per_wave) * (unswapped.tile_m * unswapped.tile_n + _TILE_OVERHEAD_AREA)
    best = None
    step = 8 if k >= _TRIM_MIN_K else 16
    for rows, widest in _SWAPPED_AREA_WIDTHS.items():
        for count in range(_cdiv(m, widest), _cdiv(m, _SWAPPED_AREA_MIN_WIDTH) + 1):
            width = _cdiv(_cdiv(m, count), step) * step
            if not _SWAPPED_AREA_MIN_WIDTH <= width <= widest:
                continue
            if _cdiv(n, rows) % 2 and _cdiv(m, width) % 2:
                continue
            cluster = (2, 1) if _cdiv(n, rows) % 2 == 0 else (1, 2)
            waves = _cdiv(_ctas(n, m, l, rows, width, *cluster), _SMS)
            time = (waves * (rows * width + _TILE_OVERHEAD_AREA), rows)
            if best is None or time < best[0]:
                best = (time, Sm90Config(rows, width, *cluster, raster_along_m=False, swap_ab=True))
    return best[1] if best and best[0][0] <= _SWAPPED_AREA_ADVANTAGE * unswapped_time else None


# `_swapped_split` from this K: at 8192 it lost (184x5120x8192 128x160 c2x1 split2 0.930x / 128x184 c2x1 split3 swapped
# 0.901x of cuBLAS, fp16, twenty-third session); from 16384 it ran ahead or even.
_SWAPPED_SPLIT_MIN_K = 16384


def _swapped_split(m: int, n: int, k: int, l: int, a_major: str, b_major: str, unswapped: Sm90Config):
    """Where the unswapped choice splits K over row tiles that pad M by `_SWAP_PADDED_ROWS` or more (M of 136 to 200 in
    two 128-row tiles), one problem, K-major A and B (as measured): the swapped tiling of 128 rows of N by M in as few
    tiles as fit (at most 256 wide, the width trimmed to a multiple of 8), in 2x1 clusters where the weight's tiles
    pair, walked N-first, split over K as `_split_k` fills the SMs, where `_cost` puts it ahead; else None. The swapped
    rules take no split-K tilings (their tilings fit one wave whole or not at all), so the padded rows stayed. cuBLAS
    splits this orientation (its D^T: 128x160 4x1 split-K on 160x5120x16384). From a K of `_SWAPPED_SPLIT_MIN_K`. Six
    alternating rounds (fp16 unless marked, ratio to cuBLAS, twenty-third session), unswapped / swapped: 160x5120x16384
    128x160 c2x1 split2 0.934x / 128x160 c2x1 split3 1.018x; 136x5120x16384 0.925x / 128x136 split3 1.016x;
    192x2048x16384 128x256 c2x1 split8 0.926x / 128x192 split8 0.969x; 144x2048x32768 0.908x / 128x144 split8 0.945x;
    200x5120x32768 128x160 c2x1 split2 1.002x, bf16 0.999x / 128x200 split3 0.995x, 0.995x."""
    if a_major != "k" or b_major != "k" or l > 1 or not unswapped.split_k > 1 or unswapped.swap_ab or m <= _SKINNY_ROWS:
        return None
    if k < _SWAPPED_SPLIT_MIN_K:
        return None
    if _padded_rows(m, unswapped.tile_m, unswapped.cluster_m) < _SWAP_PADDED_ROWS * m:
        return None
    count = _cdiv(m, 256)
    width = _cdiv(_cdiv(m, count), 8) * 8
    cluster = (2, 1) if _cdiv(n, 128) % 2 == 0 else (1, 1)
    split = _split_k(_ctas(n, m, l, 128, width, *cluster), k)
    shape = (unswapped.tile_m, unswapped.tile_n, unswapped.cluster_m, unswapped.cluster_n)
    if _cost(n, m, k, l, (128, width, *cluster)) >= _cost(m, n, k, l, shape):
        return None
    return Sm90Config(128, width, *cluster, raster_along_m=False, split_k=split, swap_ab=True)


# `_weight_pairs` was measured on one and two waves of its tiles; past them the unswapped tiles pair along N.
_WEIGHT_PAIRS_MAX_WAVES = 2


def _weight_pairs(m: int, n: int, k: int, l: int, a_major: str, unswapped: Sm90Config):
    """Past the swap rules' rows, where the unswapped choice runs unpaired (1x1 clusters: odd counts of row and
    column tiles, or 2x1 would pad a wave), one problem, a K-major A, N an even count of 256-row tiles: 256 rows of N
    by the width of M (at most `_WIDE_SWAP_MAX_WIDTH`) whose whole waves (at most `_WEIGHT_PAIRS_MAX_WAVES`) take
    least time, in 2x1 clusters (two weight tiles share the tile of M) walked N-first, where that is no longer than
    the unswapped tiling's whole waves at unpaired throughput (`_UNPAIRED`); else None. Widths are timed as `_trimmed_width` narrows them. cuBLAS
    runs these (its D^T: 256x160 in 2x1 on 1112x9216x7168, 256x144 on 1200x3584x14336). Six alternating rounds each
    (fp16 / bf16, ratio to cuBLAS, twenty-second session), unswapped / swapped: 1112x9216x7168 128x224 c1x1 0.909x,
    0.808x / 256x160 1.028x, 0.982x (128x224 c1x2 0.984x, 0.910x); 1112x9216x4096 0.858x / 0.996x (c1x2 0.940x);
    1304x9216x6144 128x256 c1x1 0.896x / 256x192 0.960x (c1x2 0.961x); 1200x3584x14336 256x144 c1x1 1.011x, 0.985x /
    256x136 1.060x, 1.034x; 1200x3584x8192 0.985x / 1.038x. In the GPC order (`_in_gpc_order`) they ran behind:
    1200x3584x14336 0.932x, 0.950x; 1200x3584x8192 0.832x; 1112x9216x7168 1.015x, 0.975x."""
    if a_major != "k" or l > 1 or m <= _SWAP_MAX_ROWS or _cdiv(n, 256) % 2:
        return None
    if unswapped.cluster_size != 1 or unswapped.splits_k or unswapped.pingpong:
        return None
    unswapped_ctas = _ctas(m, n, l, unswapped.tile_m, unswapped.tile_n, 1)
    unswapped_time = _cdiv(unswapped_ctas, _SMS) * _tile_time(unswapped.tile_m, unswapped.tile_n) / _UNPAIRED
    choices = []
    for width in _at_least(_widths("k"), _SWAP_MIN_WIDTH, m):
        if width > _WIDE_SWAP_MAX_WIDTH:
            break
        count = _cdiv(m, width)
        trimmed = _cdiv(_cdiv(m, count), 8) * 8 if k >= _TRIM_MIN_K else width
        waves = _cdiv(_ctas(n, m, l, 256, width, 2), _SMS)
        if waves <= _WEIGHT_PAIRS_MAX_WAVES:
            choices.append((waves * _tile_time(256, trimmed), width))
    if not choices:
        return None
    time, width = min(choices)
    if time > unswapped_time:
        return None
    return Sm90Config(256, width, 2, 1, raster_along_m=False, swap_ab=True)


def _paired_along_n(m: int, n: int, config: Sm90Config) -> Sm90Config:
    """An unswapped tiling in 1x1 clusters (an odd count of row tiles) in 1x2 clusters where its column tiles pair:
    the two CTAs share their A tile (multicast), where unpaired each read both operands alone. Not for skinny M
    (bound by reading B). Six alternating rounds each (fp16 / bf16, ratio to cuBLAS, twenty-second session), 1x1 /
    1x2: 1112x9216x7168 128x224 0.909x / 0.984x, 0.808x / 0.910x; 1112x9216x4096 0.858x / 0.940x; 1304x9216x6144
    128x256 0.896x / 0.961x; and 320x5120x5120 128x128 0.756x / 0.817x (one process, ninth session)."""
    if config.swap_ab or config.cluster_size != 1 or config.splits_k or config.pingpong or m <= _SKINNY_ROWS:
        return config
    return replace(config, cluster_n=2) if _cdiv(n, config.tile_n) % 2 == 0 else config


# K from which `_trimmed_width` narrows: a width of 8 more than a multiple of 16 stores its epilogue in 8-column
# subtiles (one barrier and TMA store each), which costs more than the MMA work saved at short K (fp16, six
# alternating rounds; twentieth session): K = 64 344x18432x64 256x128 -> 256x120 0.876x -> 0.808x; K = 2048
# 344x18432x2048 0.933x -> 0.925x, 584x24576x2048 128x160 -> 128x152 c1x2 0.910x -> 0.914x; K = 3072
# 456x20480x3072 128x160 -> 128x152 c4x1 0.941x -> 0.977x, 600x22016x3072 128x208 -> 128x200 c2x1 0.969x ->
# 1.009x. At K = 2048 (twenty-second session, fp16 / bf16): 808x22016x2048 128x144 -> 128x136 c1x2 0.905x ->
# 0.948x, 0.846x -> 0.955x; 600x28672x2048 128x160 -> 128x152 c1x2 1.307x -> 1.329x: ahead in four of five.
_TRIM_MIN_K = 2048
# Tile heights trimmed. 192-row tiles gain as the others (fp16, six rounds: 648x6144x20480 192x176 -> 192x168
# c1x2 0.990x -> 1.021x, 392x6144x20480 192x112 -> 192x104 0.942x -> 0.987x, 400x6144x8192 1.055x -> 1.132x);
# skinny 64-row ones, bound by reading the weight, do not (168x4096x4096 64x96 -> 64x88 1.004x -> 1.006x,
# 176x4096x8192 1.013x -> 1.025x, 272x4096x8192 64x144 -> 64x136 1.037x -> 1.025x, 136x4096x4096 1.005x -> 1.007x).
_TRIMMED_ROWS = (128, 192, 256)


def _trimmed_width(m: int, k: int, config: Sm90Config) -> Sm90Config:
    """A swapped config (M on the tile's width) of 128 rows or more narrowed, from a K of `_TRIM_MIN_K`, to the
    narrowest multiple of 8 that cuts M into as many tiles: the widths ranked are multiples of 16, so M = 344 took
    three tiles of 128, 40 rows of MMA work empty, where cuBLAS runs three of 120. Under ncu our kernel's and
    cuBLAS's tensor-pipe busy cycles differed by exactly the padded width (344x18432x16384 256x128 against
    256x120: 1.067x; 584x32768x8192 128x160 against 256x152: 1.053x); trimmed, 344x18432x16384 took 418k SM
    active cycles against cuBLAS's 412k (442k before). Timed against the untrimmed width, fp16, six
    alternating rounds (docs/sm90.md, twentieth session): 456x20480x8192 128x152 c4x1 0.941x -> 0.978x of
    cuBLAS, 536x22016x8192 128x184 c2x1 0.916x -> 0.944x, 392x18432x8192 256x136 c2x1 1.122x -> 1.160x,
    296x30720x6144 128x152 c1x2 0.907x -> 0.935x, 600x13824x5120 128x200 c4x1 0.976x -> 1.016x, 440x9728x8192
    256x152 c1x1 0.944x -> 0.982x, 300x8192x8192 128x152 c1x2 0.942x -> 0.998x; 200x14336x4096 x8 128x200
    c2x1 0.999x -> 0.997x."""
    if not config.swap_ab or config.tile_m not in _TRIMMED_ROWS or k < _TRIM_MIN_K:
        return config
    width = max(TILE_N_CHOICES[0], _cdiv(_cdiv(m, _cdiv(m, config.tile_n)), 8) * 8)
    return replace(config, tile_n=width) if width < config.tile_n else config


# Clusters (columns of tiles of M in the swapped problem) that read each tile of the weight in one wave, at
# least, for the GPC order.
_GPC_MIN_READERS = 3


def _in_gpc_order(m: int, l: int, config: Sm90Config) -> Sm90Config:
    """`Sm90Config.gpc_order` for a swapped tiling walked N-first in clusters along N (the weight's rows) of two
    256-row tiles or of four, whole tiles, one batch, where M is `_GPC_MIN_READERS` or more tiles: the clusters that read one tile of the
    weight, consecutive in the walk, then sit in one GPC, where their L2 requests merge as cuBLAS's do
    (docs/sm90.md, eighteenth and nineteenth sessions). Against the same config walked by launch order, one
    process, four alternating rounds each, fp16 / bf16 (nineteenth session): 256-row c2x1 tiles
    328x18432x12288 0.942x -> 0.989x / 0.948x -> 0.986x of cuBLAS, 336x18432x6144 0.922x -> 0.967x / 0.918x
    -> 0.978x, 360x22016x6144 0.914x -> 0.949x / 0.914x -> 0.952x, 424x28672x8192 0.980x -> 0.993x / 0.984x ->
    1.006x, 400x20480x16384 0.976x -> 0.970x / 0.994x -> 0.984x (again: 0.984x -> 0.972x / 0.954x -> 0.973x);
    c4x1 456x20480x8192 0.918x -> 0.929x / 0.918x -> 0.935x, 600x13824x5120 1.020x -> 1.011x / 1.044x ->
    1.043x, 368x25600x4096 0.971x -> 0.990x / 0.966x -> 0.975x, 520x15360x5120 0.968x -> 0.968x / 0.962x ->
    0.968x. Not for 128-row tiles in pairs (c2x1: 600x22016x4096 128x208 0.979x -> 0.952x / 0.963x -> 0.944x,
    560x22016x4096 128x192 0.987x -> 0.995x / 0.991x -> 1.006x, 520x16384x16384 128x176 0.985x -> 0.982x /
    0.982x -> 0.982x), nor for pairs along M (c1x2:
    two readers of a weight tile; 304x32768x8192 0.971x -> 0.961x / 0.985x -> 0.978x), nor clusters of one
    walked M-first (440x9728x8192 256x160 c1x1 sw1m: 0.997x -> 0.724x, a GPC's SMs then read sixteen
    different weight tiles at once)."""
    along_n = (config.swap_ab and not config.raster_along_m and config.cluster_n == 1
               and (config.cluster_m == 4 or (config.cluster_m == 2 and config.tile_m == 256)))
    if along_n and not config.splits_k and l == 1 and _cdiv(m, config.tile_n) >= _GPC_MIN_READERS:
        return replace(config, gpc_order=True)
    return config


def _swap_pays(m: int, n: int, k: int, l: int, a_major: str, unswapped: Sm90Config):
    """The swapped config (`_swapped_config`) where it measured ahead, else None: a K-major A (the kernel's B
    then allows any width), an unswapped choice that does not split K; for
    64 < M <= 128 always; for 128 < M <= `_SWAP_MAX_ROWS` where its estimate is within
    `_SWAPPED_ADVANTAGE` of the unswapped choice's, or that choice pads M by `_SWAP_PADDED_ROWS` or runs
    in 1x4 clusters (a 64-row swapped tile narrowed where 80 pads M, `_narrowed_swap`); where no such
    swapped tiling fits one wave, at a long K the one wave in 4x1 clusters that replaces a 1x4 choice
    (`_four_swap_at_long_k`), else 256-row tiles that do (`_wide_swap`), else `_two_wave_swap`, else
    `_waves_swap`. Up to `_UNPAIRED_SWAP_MAX_ROWS` where the unswapped choice runs unpaired. A batched
    problem is tiled as one problem of L times the tiles (each count here is over every batch), as cuBLAS
    runs its experts: 384x2048x7168 x8 in 128x192 c1x1
    (two waves, three unpaired row tiles per batch) ran 0.78-0.84x of cuBLAS, in one wave of 256x192 c1x2
    swapped 0.996x / 1.014x (fp16 / bf16); 320x11008x4096 x8 128x256 c1x1 0.66-0.70x, 128x160 c1x2
    swapped N-first 1.004x; 448x4096x14336 x4 128x256 c2x1 0.964x, 128x224 c1x2 swapped 1.060x;
    200x14336x4096 x8 128x256 c2x1 0.845x, 128x208 c2x1 swapped 0.985x; 640x2816x2048 x8 128x224 c1x1
    0.849x, 128x224 c2x1 swapped 0.964x (fp16 unless noted, one process each, twelfth session)."""
    unpaired = unswapped.cluster_size == 1 and not unswapped.splits_k
    if a_major != "k" or not 64 < m <= (_UNPAIRED_SWAP_MAX_ROWS if unpaired else _SWAP_MAX_ROWS):
        return None
    swapped = _swapped_config(m, n, k, l)
    if swapped is None:
        return (_four_swap_at_long_k(m, n, k, l, unswapped)
                or ((wide := _wide_swap(m, n, l, unswapped)) and _one_wave_of_192_rows(m, n, k, l, wide))
                or _two_wave_swap(m, n, l, unswapped) or _waves_swap(m, n, k, l, unswapped))
    config, cost = swapped
    config = _one_wave_of_192_rows(m, n, k, l, _narrowed_swap(m, n, l, config))
    # A split-K choice gives way only to a swapped tiling that fills the SMs (192x4096x8192: 64x96 c1x2
    # swapped 1.061x of cuBLAS, 128x128 c2x1 split 2 0.949x) and pads M less than it does (twelfth
    # session, fp16: 256x2048x8192 64x80 c1x2 swapped, 320 rows for 256, 0.730x, 128x128 c2x1 split 4
    # 1.007x; 320x2048x8192 64x80 c1x2 swapped 1.144x, 128x192 c1x1 split 4, 384 rows, 0.927x). Where
    # they pad alike the split stays (256x2048x8192 64x64 c1x2 swapped 0.990x).
    pads_less = _padded_rows(m, config.tile_n, config.cluster_n) < _padded_rows(
        m, unswapped.tile_m, unswapped.cluster_m
    )
    if unswapped.splits_k and (_ctas(n, m, l, config.tile_m, config.tile_n, 1) < _SHARED_BY_FOUR_MIN_CTAS or not pads_less):
        return None
    if m <= _SKINNY_ROWS:
        return config
    shape = (unswapped.tile_m, unswapped.tile_n, unswapped.cluster_m, unswapped.cluster_n)
    padded = _padded_rows(m, unswapped.tile_m, 1) >= _SWAP_PADDED_ROWS * m
    # 1x4 clusters patched odd row-tile counts (ninth session); swapped ran ahead of them on five of six
    # problems (640x5120x5120 128x224 c1x1 swapped 1.074x, 128x224 c1x4 1.006x; estimated 1.20).
    shared_by_four = unswapped.cluster_n == 4
    if padded or shared_by_four or cost <= _SWAPPED_ADVANTAGE * _cost(m, n, k, l, shape):
        return config
    return None


def _narrowed_swap(m: int, n: int, l: int, config: Sm90Config) -> Sm90Config:
    """A 64-row swapped config whose width pads M, narrowed to `_SWAP_64_MIN_WIDTH` where that pads M
    less and its tiles still fit one wave in 1x2 clusters (an even count of tiles of M); else `config`.
    `_swapped_config` starts every width at `_SWAP_MIN_WIDTH` (128 rows of N by 64 of M lost:
    256x4096x4096 0.938x), so 256 rows of M took four 80-wide tiles, 64 of their rows empty. One process
    each (fp16, ratio to cuBLAS), 64x80 c1x2 / 64x64 c1x2 swapped: 256x2048x7168 0.714-0.725x /
    0.982-0.984x, 256x2048x6144 0.749x / 0.969x, 256x1536x4096 0.755x / 0.934x, 248x2048x5120 0.724x /
    0.997x, 256x1024x7168 0.737x / 0.896x (thirteenth session); 256x2048x8192 0.707-0.730x / 0.990x
    (twelfth session), where cuBLAS runs 64x64 in 1x2 clusters."""
    width = _SWAP_64_MIN_WIDTH
    count = _cdiv(m, width)
    if config.tile_m != 64 or count % 2 or _ctas(n, m, l, 64, width, 1) > _SMS:
        return config
    if count * width >= _padded_rows(m, config.tile_n, config.cluster_n):
        return config
    return Sm90Config(64, width, 1, 2, swap_ab=True)


def _one_wave_of_192_rows(m: int, n: int, k: int, l: int, config: Sm90Config) -> Sm90Config:
    """At a long K (`_SWAP_UNPAIRED_MAX_K`), one problem: 192 rows of N (three consumer warpgroups) by the
    narrowest width of M that cuts it into an even count and whose tiles fit one wave in 1x2 clusters,
    where its tile takes less time than `config`'s (a one-wave swapped tiling of 128 or 256 rows: the
    wave ends with its tiles, `_tile_time`); else `config`. Narrow 192-row tiles then stay out (512x4096x14336:
    192x96 in 132 CTAs against 128x128 in 128). cuBLAS runs these (its D^T: 192x112 in 1x2 on 440x6144x16384 and 424x6144x14336, 192x176
    on 664x6144x24576 and 648x6144x20480, 128 CTAs each). One process each (fp16, ratio to cuBLAS,
    fifteenth session), the old choice / 192 rows: 424x6144x14336 128x224 c1x2, 96 CTAs, 0.842x / 192x112
    c1x2 0.983-0.987x; 648x6144x20480 256x144 c1x1, 120 CTAs, 0.906x / 192x176 c1x2 0.991-1.010x. At a
    short K the same trade lost (328x6144x5120: 192x96 c1x2 in 128 CTAs 0.90x, 128x176 c1x2 in 96 0.93x,
    fourteenth session): the tile's fixed costs weigh more there."""
    if k < _SWAP_UNPAIRED_MAX_K or l > 1 or m <= _SKINNY_ROWS:
        return config
    for width in _at_least(_widths("k"), _SWAP_MIN_WIDTH, m):
        if width > THREE_WARPGROUP_MAX_WIDTH:
            return config
        if _cdiv(m, width) % 2 == 0 and _ctas(n, m, l, THREE_WARPGROUP_ROWS, width, 1, 2) <= _SMS:
            old_time = _tile_time(config.tile_m, config.tile_n)
            if _tile_time(THREE_WARPGROUP_ROWS, width) >= _THREE_WARPGROUP_ONE_WAVE * old_time:
                return config
            return Sm90Config(THREE_WARPGROUP_ROWS, width, 1, 2, swap_ab=True)
    return config


def _tile_time(tile_m: int, tile_n: int) -> float:
    """How long one tile takes per k-tile at 128-row throughput (`_efficiency`): in one wave, the wave."""
    return tile_m * tile_n / _efficiency(128, tile_n)


def _padded_rows(m: int, tile: int, cluster: int) -> int:
    """Rows of M that tiles of `tile` rows of M in clusters of `cluster` along M compute."""
    return _cdiv(_cdiv(m, tile), cluster) * cluster * tile


def _four_swap_at_long_k(m: int, n: int, k: int, l: int, unswapped: Sm90Config):
    """Where K is long (`_SWAP_UNPAIRED_MAX_K`): 128 rows of N by the narrowest width of M from `_SWAP_MIN_WIDTH` whose
    tiles fit one wave of clusters of four (at most `_CLUSTERS_OF_FOUR` of them run at once: 152x16384x8192 in
    128x160 c4x1, 32 clusters, ran 0.736x of cuBLAS, its two-wave 128x80 c1x2 swapped 1.000x), where that width cuts M
    into an odd count, in 4x1 clusters (four weight tiles share the tile of M) walked N-first, where the unswapped
    choice runs in 1x4 clusters or pads M by `_FOUR_SWAP_PADDED_ROWS` and the width is wider than
    `_SWAP_FOUR_MAX_WIDTH`, or (without split-K, whose problems were not measured so) computes
    `_FOUR_SWAP_FEWER_ROWS` times the swapped rows in larger tiles; else None. An even count is `_swapped_config`'s
    1x2 tiling, which comes first. At a long K `_swapped_config` allows no unpaired tiles for an odd count, and the
    1x4 choice ran far behind cuBLAS, which runs the transposed problem's 128x200 in 4x1 clusters on 600x5120x16384:
    both share the tile of M four ways, but the weight is read from L2 once per tile of M, five times in 128-row
    tiles of 592 rows, three in 208-wide swapped ones. One process each (fp16, ratio to cuBLAS, fourteenth session),
    128x224 c1x4 / swapped in 4x1: 592x5120x17408 0.909x / 128x208 0.999x (2x1: 0.996x); 600x5120x16384
    0.872-0.883x / 128x208 0.957-0.960x; 576x5120x16384 0.860x / 128x192 1.004x; 640x5120x13824 1.068x / 128x224
    1.080x. cuBLAS runs 128x104 in 4x1 on 296x5120x27648 and 128x152 on 440x5120x32768 (its D^T)."""
    if k < _SWAP_UNPAIRED_MAX_K or m <= _SKINNY_ROWS:
        return None
    for width in _at_least(_widths("k"), _SWAP_MIN_WIDTH, m):
        if _ctas(n, m, l, 128, width, 4) <= 4 * _CLUSTERS_OF_FOUR:
            count = _cdiv(m, width)
            if count % 2 == 0:
                return None
            trimmed = _cdiv(_cdiv(m, count), 8) * 8
            tm, tn = unswapped.tile_m, unswapped.tile_n
            waves = _cdiv(_ctas(m, n, l, tm, tn, unswapped.cluster_m, unswapped.cluster_n), _SMS)
            fewer_rows = not unswapped.splits_k and 128 * trimmed < waves * tm * tn and (
                _padded_rows(m, tm, unswapped.cluster_m) >= _FOUR_SWAP_FEWER_ROWS * count * trimmed)
            padded = unswapped.cluster_n == 4 or _padded_rows(m, tm, 1) >= _FOUR_SWAP_PADDED_ROWS * m
            if fewer_rows or (padded and width > _SWAP_FOUR_MAX_WIDTH):
                return Sm90Config(128, width, 4, 1, raster_along_m=False, swap_ab=True)
            return None
    return None


def _wide_swap(m: int, n: int, l: int, unswapped: Sm90Config):
    """Where no 128- or 64-row swapped tiling fits one wave: 256 rows of N (two wgmmas per consumer
    warpgroup) by the narrowest width of M from `_SWAP_MIN_WIDTH` whose tiles fit one wave of at least
    `_SHARED_BY_FOUR_MIN_CTAS` CTAs, in 1x2 clusters where it cuts M evenly, else unpaired; else None.
    cuBLAS runs such tiles on these problems (its 256x96 in 2x1 on 288x11008x4096, 256x160 in 1x2 on
    608x8192x8192, 256x152 on 440x11008x4096). One process each (fp16, ratio to cuBLAS, eleventh
    session), this tiling / the best 128-row one: 288x11008x4096 256x96 c1x1 0.914x (c2x1 0.895x) /
    128x96 c2x1 two waves 0.850-0.866x; 264x11008x4096 256x96 c2x1 0.917x / 0.811x; 440x11008x4096
    256x160 c1x1 0.877x / 128x160 c2x1 0.791x; 416x10240x8192 256x144 c1x1 0.995x (c2x1 0.978x) / 128x144
    c4x1 0.953-0.969x; 544x8192x8192 256x144 c1x2 0.994x / 128x144 c1x2 0.952-0.968x; 608x8192x8192
    256x160 c1x2 0.978x / 0.968-0.979x; 680x8192x8192 256x176 c1x2 0.988x / 0.977-0.982x; 680x6144x4096
    256x144 c1x1 0.928x / 128x144 c4x1 0.905x; 520x10240x8192 256x176 c1x1 0.974x / 128x176 c4x1
    0.969-0.973x; 360x13824x5120 256x192 c1x2 0.898x / 128x192 c1x2 0.891x. Over two waves they lost
    (600x11008x4096 256x160 c1x2 0.655x / 128x208 c2x1 0.923x). An unswapped choice in clusters is
    kept where it fills one wave (736x5120x13824: 128x240 c2x1, 132 CTAs, 1.04-1.05x) or pads M by less
    than `_WIDE_SWAP_PADDED_ROWS` (fp16 / bf16, 256-row swapped / unswapped: 512x10240x8192 0.938x /
    0.929x against 128x160 c2x1 0.973x / 0.982x; 768x6144x4096 0.886x / 0.862x against 0.945x / 0.907x;
    752x7168x7168 0.940x / 0.924x against 0.977x / 0.960x; 768x8192x8192 and 512x11008x4096 even)."""
    ctas = _ctas(m, n, l, unswapped.tile_m, unswapped.tile_n, unswapped.cluster_m, unswapped.cluster_n)
    padded = _padded_rows(m, unswapped.tile_m, 1) >= _WIDE_SWAP_PADDED_ROWS * m
    if m <= _SKINNY_ROWS or unswapped.splits_k or (unswapped.cluster_size > 1 and (ctas <= _SMS or not padded)):
        return None
    for width in _at_least(_widths("k"), _SWAP_MIN_WIDTH, m):
        if width > _WIDE_SWAP_MAX_WIDTH:
            return None
        ctas = _ctas(n, m, l, 256, width, 1)
        if ctas <= _SMS:
            if ctas < _SHARED_BY_FOUR_MIN_CTAS:
                return None
            return Sm90Config(256, width, 1, 2 if _cdiv(m, width) % 2 == 0 else 1, swap_ab=True)
    return None


def _two_wave_swap(m: int, n: int, l: int, unswapped: Sm90Config):
    """Where no swapped tiling fits one wave and the unswapped choice runs unpaired (an odd count of row
    tiles) over more than one wave, the swapped tiling of 128 rows of N by the narrowest width of M that
    cuts it evenly in at most two waves, in 1x2 clusters; else None. Unpaired, every CTA reads its B
    tile (the weight) alone, and those problems ran far behind (one process each, ratio to cuBLAS,
    fp16, swapped / unswapped): 544x8192x8192 128x144 c1x2 0.916x / 128x160 c1x1 0.583x; 320x14336x4096
    128x160 c1x2 0.978x / 128x176 c1x1 0.675x; 640x8192x4096 128x160 c1x2 0.895x / 128x160 c1x1 0.771x;
    608x8192x8192 0.917x / 0.731x. Where the unswapped tiles were paired (2x1) it lost: 512x10240x8192
    128x256 c1x2 0.656x / 128x160 c2x1 0.971x; 448x11008x4096 0.746x / 0.870x; and where they ran one wave
    (384x11008x4096 128x192 c1x2 0.713x / 128x256 c1x1 0.883x). Walked N-first, as `_waves_swap`'s
    tilings (each wave reads its share of the weight once): 608x8192x8192 128x160 c1x2 0.979x of cuBLAS
    N-first, 0.912-0.922x M-first; 544x8192x8192 128x144 c1x2 0.952x / 0.898x; 616x7168x7168 128x160
    c1x2 0.940-0.943x / 0.892-0.899x (eleventh session)."""
    ctas = _ctas(m, n, l, unswapped.tile_m, unswapped.tile_n, unswapped.cluster_m, unswapped.cluster_n)
    if unswapped.cluster_size != 1 or unswapped.splits_k or ctas <= _SMS:
        return None
    for width in _at_least(_widths("k"), _SWAP_MIN_WIDTH, m):
        if _ctas(n, m, l, 128, width, 1) <= 2 * _SMS and _cdiv(m, width) % 2 == 0:
            return Sm90Config(128, width, 1, 2, raster_along_m=False, swap_ab=True)
    return None


def _waves_swap(m: int, n: int, k: int, l: int, unswapped: Sm90Config):
    """Where no swapped tiling fits one wave and `_two_wave_swap` finds none: the swapped tiling over several waves that `_cost`'s model
    puts ahead of the unswapped choice, else None. 128 rows of N by a width of M, in 1x2 clusters where
    it cuts M into an even count (the two CTAs share the weight tile), else in 2x1 or 4x1 clusters (two
    or four weight tiles share the tile of M, as cuBLAS runs 416x10240x8192: 128x144 in 4x1, its D^T).
    Whole waves of CTAs (30 clusters of four) times the tile over its throughput, 4x1 clusters at
    `_SWAP_SHARED_BY_FOUR`; pairs where within `_SWAP_PAIRS_OVER_WAVES` of the best. Taken where the
    estimate is ahead of the unswapped choice's, or that runs unpaired and pads M (`_pads_unpaired`), or
    runs unpaired over several waves and the pair is within `_SWAP_PAIRS_OVER_UNPAIRED` of it (K < 8192).
    The tiles walk N-first (`raster_along_m=False`: the tiles of M that share
    a weight tile run in the same wave), so each wave reads its own share of the weight from DRAM; walked
    M-first, every wave read all of it (416x10240x8192 in 128x144 c4x1: 336 MB from DRAM under ncu
    against cuBLAS's 188 MB, 0.82x of cuBLAS; N-first 0.97x). A 4x1 tiling does not replace an unswapped choice
    that runs unpaired over several waves of whole row tiles from a K of `_WHOLE_ROWS_MIN_K`
    (`_whole_unpaired_waves`)."""
    # A many-wave stream-K choice is compared too: in batched problems its 2x1 clusters pad each batch's odd
    # row-tile count (336x10752x6144 x16: 128x256 c2x1 stream-K 0.726x / 0.785x of cuBLAS fp16 / bf16,
    # 128x176 c1x2 swapped N-first 1.018x).
    if m <= _SKINNY_ROWS or unswapped.split_k > 1:
        return None
    choices = []
    for width in _at_least(_widths("k"), _SWAP_MIN_WIDTH, m):
        count = _cdiv(m, width)
        for cluster_m, cluster_n in ((1, 2),) if count % 2 == 0 else ((2, 1), (4, 1)):
            ctas = _ctas(n, m, l, 128, width, cluster_m, cluster_n)
            per_wave = 4 * _CLUSTERS_OF_FOUR if cluster_m == 4 else _SMS
            shared = _SWAP_SHARED_BY_FOUR if cluster_m == 4 else 1.0
            waves = _cdiv(ctas, per_wave)
            if waves == 1:
                continue
            cost = waves * 128 * width / _efficiency(128, width) / shared
            config = Sm90Config(128, width, cluster_m, cluster_n, raster_along_m=False, swap_ab=True)
            choices.append((cost, count * width, config))
    choices += _three_warpgroup_pairs(m, n, l)
    if not choices:
        return None
    cost, _, config = min(choices, key=lambda c: c[:2])
    # The pair where it is within reach of the best, but past a best 2x1 tiling where the pair ends on a thin wave
    # and that tiling is taken (`_pair_ends_short_of_weight_pairs`).
    preferred = [config]
    pairs = [c for c in choices if c[2].cluster_n == 2]
    if pairs:
        pair_cost, _, pair = min(pairs, key=lambda c: c[:2])
        if pair_cost <= _SWAP_PAIRS_OVER_WAVES * cost:
            preferred = [config, pair] if _pair_ends_short_of_weight_pairs(m, n, l, pair, config) else [pair]
    shape = (unswapped.tile_m, unswapped.tile_n, unswapped.cluster_m, unswapped.cluster_n)
    unswapped_cost = _cost(m, n, k, l, shape)
    for config in preferred:
        if config.cluster_m == 4 and k >= _WHOLE_ROWS_MIN_K and _whole_unpaired_waves(m, n, l, unswapped):
            continue
        pair_over_unpaired = (
            config.cluster_n == 2 and k < _SWAP_UNPAIRED_MAX_K and _runs_unpaired_waves(m, n, l, unswapped)
            and cost <= _SWAP_PAIRS_OVER_UNPAIRED * unswapped_cost
        )
        if cost < unswapped_cost or _pads_unpaired(m, n, l, unswapped) or pair_over_unpaired:
            return _wide_waves(m, n, l, _with_stream_k_tail(m, n, l, config))
    return None


def _pair_ends_short_of_weight_pairs(m: int, n: int, l: int, pair: Sm90Config, best: Sm90Config) -> bool:
    """Whether `_waves_swap`'s best tiling pairs two weight tiles (2x1) and the 1x2 pair's last wave holds under
    `_PAIR_MIN_LAST_WAVE` of the SMs: `_SWAP_PAIRS_OVER_WAVES` was measured against 4x1 clusters only, and a pair
    whose last wave is mostly empty pays that wave's whole time for under half its work. A last wave under
    `_STREAM_K_MAX_TAIL` is not: stream-K spreads it (`_with_stream_k_tail`)."""
    if best.cluster_m != 2:
        return False
    ctas = _ctas(n, m, l, pair.tile_m, pair.tile_n, pair.cluster_m, pair.cluster_n)
    return _STREAM_K_MAX_TAIL * _SMS <= (ctas % _SMS or _SMS) < _PAIR_MIN_LAST_WAVE * _SMS


def _wide_waves(m: int, n: int, l: int, config: Sm90Config) -> Sm90Config:
    """`_waves_swap`'s 128-row tiling in 2x1 or 4x1 clusters (an odd count of tiles of M) where M is three
    tiles of at most `_WIDE_WAVES_MAX_WIDTH`, one problem: 256 rows of N (two wgmmas per consumer
    warpgroup) by the narrowest width that cuts M in three, in 2x1 clusters walked N-first (each weight
    tile's three tiles of M run in the same wave: walked M-first, 256x112 c2x1 on 336x18432x12288 read 897 MB
    from DRAM under ncu against cuBLAS's 470 MB at the same tile, and ran 0.74-0.76x of cuBLAS), where its
    whole waves take at most `_WIDE_WAVES_ADVANTAGE` of the 128-row tiling's (`_wave_time`); else `config`.
    cuBLAS runs these (its D^T: 256x112 in 2x1 on 336x18432x12288, 256x120 on 344x18432x16384)."""
    if l > 1 or config.tile_m != 128 or config.cluster_m == 1 or _cdiv(m, _WIDE_WAVES_MAX_WIDTH) != _WIDE_WAVES_TILES_OF_M:
        return config
    width = next(w for w in _widths("k") if _cdiv(m, w) == _WIDE_WAVES_TILES_OF_M)
    wide = Sm90Config(256, width, 2, 1, raster_along_m=False, swap_ab=True)
    if _wave_time(m, n, l, wide) > _WIDE_WAVES_ADVANTAGE * _wave_time(m, n, l, config):
        return config
    return wide


def _wave_time(m: int, n: int, l: int, config: Sm90Config) -> float:
    """A swapped tiling's whole waves (of 30 clusters of four, or of 132 CTAs) times its tile's time per
    k-tile at 128-row throughput (`_tile_time`)."""
    ctas = _ctas(n, m, l, config.tile_m, config.tile_n, config.cluster_m, config.cluster_n)
    per_wave = 4 * _CLUSTERS_OF_FOUR if config.cluster_size == 4 else _SMS
    return _cdiv(ctas, per_wave) * _tile_time(config.tile_m, config.tile_n)


def _wide_pairs(m: int, n: int, k: int, l: int, config: Sm90Config) -> Sm90Config:
    """A swapped 128-row pair (1x2 clusters: two tiles of M share the weight tile) over several waves, one problem,
    whole tiles, from a K of `_WIDE_PAIRS_MIN_K` (from `_WIDE_PAIRS_SHORT_K` where M cuts into
    `_WIDE_PAIRS_SHORT_K_MIN_PAIRS` pairs or more; any K from `_WIDE_PAIRS_MIN_SHORT_K` below `_WIDE_PAIRS_SHORT_K`,
    where the cost of a tile besides its MMAs weighs most): 256 rows of N by the same width in the same cluster and walk where
    their whole waves take no longer (`_wave_time`); else `config`. Half the tiles read the activations half as
    often, and the same MMA work issues fewer instructions. Six alternating rounds each (fp16 / bf16, ratio to
    cuBLAS, twenty-first session), 128 rows / 256: 280x32768x6144 (llm35) 128x144 under ncu 174.3 / 170.5 us,
    cuBLAS 170.1; 288x28672x6144 1.012x / 1.033x (fp16); 272x32768x8192 128x136 0.988x / 1.000x, 1.007x / 1.013x;
    296x30720x6144 128x152 0.947x / 0.949x, 0.946x / 0.973x; 296x28672x6144 0.959x / 0.970x, 0.931x / 0.968x;
    576x32768x8192 128x144 0.986x / 0.999x, 0.944x / 0.983x; 320x45056x8192 128x160 0.964x / 0.975x, 0.978x /
    0.980x; 552x32768x6144 128x144 0.952x / 0.976x, 0.946x / 0.972x. Where 256 rows take more waves' time they
    lost (sixteenth session: 568x28672x8192 128x144 c1x2 1.056x / 0.937x, seven waves against four of two;
    328x40960x8192 128x176 0.961x / 0.808x, five against three of two)."""
    pair = config.tile_m == 128 and (config.cluster_m, config.cluster_n) == (1, 2)
    long_enough = k >= _WIDE_PAIRS_MIN_K or _WIDE_PAIRS_MIN_SHORT_K <= k < _WIDE_PAIRS_SHORT_K or (
        k >= _WIDE_PAIRS_SHORT_K and _cdiv(m, config.tile_n) >= 2 * _WIDE_PAIRS_SHORT_K_MIN_PAIRS
    )
    if not (pair and config.swap_ab and l == 1 and long_enough) or config.splits_k:
        return config
    if config.tile_n > _WIDE_SWAP_MAX_WIDTH or _wave_time(m, n, l, config) <= _tile_time(128, config.tile_n):
        return config
    wide = replace(config, tile_m=256)
    return wide if _wave_time(m, n, l, wide) <= _wave_time(m, n, l, config) else config


def _wide_fours(m: int, n: int, l: int, config: Sm90Config) -> Sm90Config:
    """A swapped 128-row tiling in 4x1 clusters (four weight tiles share the tile of M) over several waves, one problem,
    whole tiles: 256 rows of N by the same width, in the same cluster and walk, where their whole waves (30 clusters
    of four each) take no longer (`_wave_time`); else `config`. As `_wide_pairs`: half the tiles read the tile of M
    half as often, and the same MMA work issues fewer instructions. cuBLAS runs these (its `256x136_64x4_4x1` on
    136x51200x5120, H200). Six alternating rounds each (H200, fp16 / bf16, ratio to cuBLAS, twenty-ninth session),
    128 rows / 256: 136x51200x5120 128x136 0.954x, 0.955x / 0.986x, 0.986x (twenty-eighth session 0.966x, 0.965x /
    0.979x, 0.990x); 472x19456x2560 (gpc) 128x160 1.013x, 1.036x / 1.029x, 1.050x; 560x51200x8192 128x192 0.978x /
    0.994x; 536x51200x2048 128x184 0.966x / 0.985x; behind on one: 472x51200x4096 128x160 0.983x / 0.970x."""
    four = config.tile_m == 128 and (config.cluster_m, config.cluster_n) == (4, 1)
    if not (four and config.swap_ab and l == 1) or config.splits_k or config.tile_n > _WIDE_SWAP_MAX_WIDTH:
        return config
    if _wave_time(m, n, l, config) <= _tile_time(128, config.tile_n):
        return config
    wide = replace(config, tile_m=256)
    return wide if _wave_time(m, n, l, wide) <= _wave_time(m, n, l, config) else config


def _with_stream_k_tail(m: int, n: int, l: int, config: Sm90Config) -> Sm90Config:
    """`config` (a swapped tiling over several waves) with stream-K where it is a 128-row pair of one problem
    (batched problems were not measured with it) whose last wave holds under `_STREAM_K_MAX_TAIL` of the
    SMs (`_STREAM_K_MIN_K` does not apply: those measured at K = 4096 and 5120)."""
    ctas = _ctas(n, m, l, config.tile_m, config.tile_n, config.cluster_m, config.cluster_n)
    if l > 1 or config.tile_m != 128 or config.cluster_n != 2 or not _thin_last_wave(ctas):
        return config
    return Sm90Config.from_dict({**config.to_dict(), "stream_k": True})


def _thin_last_wave(ctas: int) -> bool:
    """Whether `ctas` end on a partial wave that holds under `_STREAM_K_MAX_TAIL` of the SMs."""
    return 0 < ctas % _SMS < _STREAM_K_MAX_TAIL * _SMS


def _three_warpgroup_pairs(m: int, n: int, l: int) -> list:
    """`_waves_swap`'s choices in 192 rows of N (three consumer warpgroups) by a width of M that cuts
    it into an even count, in 1x2 clusters over several waves, at 128-row throughput: they change the
    wave count where the weight's 128-row tiles end on a nearly empty wave. cuBLAS runs 192-row tiles
    on such problems (its D^T: 192x144 in 1x2 on 840x8192x8192, 192x176 on 336x10752x6144 x16). One
    process each (fp16, ratio to cuBLAS, thirteenth session), 192 / 128 rows, both c1x2 swapped
    N-first: 320x35840x5120 192x160, 2.8 waves, 1.045x / 4.2 waves 0.969x; 320x28672x4096 3 waves
    (2.3) 0.878x / 4 (3.4) 0.952x; 352x29568x8192 192x176 3 (2.3) 0.860x / 4 (3.5) 0.981x; 336x10752x6144
    x16 the same wave-weighted cost, 0.985x / 1.005x (ties keep 128 rows). A 192-row tile holds at most
    `THREE_WARPGROUP_MAX_WIDTH` columns, and is taken from `_THREE_WARPGROUP_MIN_WIDTH` (narrower tiles
    read more SMEM per MMA, `_efficiency`; cuBLAS's 192-row tiles seen were 144-208 wide). Problems in no
    bench set that the rule takes, 128 rows (the old choice) / 192: 304x36864x4096 0.901x / 0.977x,
    576x18944x3584 1.025x / 1.104x, 672x18944x3584 (128x224 c4x1) 1.030x / 1.139x, 352x35840x5120
    (128x128 c4x1) 0.944x / 1.046x, 560x43008x4096 0.938x / 0.971x."""
    choices = []
    for width in _at_least(_widths("k"), _SWAP_MIN_WIDTH, m):
        count = _cdiv(m, width)
        if count % 2 or not _THREE_WARPGROUP_MIN_WIDTH <= width <= THREE_WARPGROUP_MAX_WIDTH:
            continue
        waves = _cdiv(_ctas(n, m, l, THREE_WARPGROUP_ROWS, width, 1, 2), _SMS)
        if waves > 1:
            cost = waves * THREE_WARPGROUP_ROWS * width / _efficiency(128, width)
            config = Sm90Config(THREE_WARPGROUP_ROWS, width, 1, 2, raster_along_m=False, swap_ab=True)
            choices.append((cost, count * width, config))
    return choices


def _runs_unpaired_waves(m: int, n: int, l: int, unswapped: Sm90Config) -> bool:
    """Whether the unswapped choice runs unpaired (1x1 clusters, no split-K) over more than one wave."""
    ctas = _ctas(m, n, l, unswapped.tile_m, unswapped.tile_n, 1)
    return unswapped.cluster_size == 1 and not unswapped.splits_k and ctas > _SMS


def _whole_unpaired_waves(m: int, n: int, l: int, unswapped: Sm90Config) -> bool:
    """Whether the unswapped choice runs unpaired over more than one wave in row tiles that M fills (an odd count,
    none padded). There `_waves_swap`'s 4x1 tiling, put ahead by its `_SWAP_SHARED_BY_FOUR` credit, ran behind: ten
    alternating rounds (H200, fp16 / bf16, ratio to cuBLAS, docs/sm90.md, thirty-fourth session, gemm40), swapped
    4x1 in the GPC order / unswapped: 640x14848x59392 128x216 c4x1 0.962x, 0.931x / 128x192 c1x2 ping-pong (what the
    later rules make of 128x192 c1x1) 1.046x, 1.018x (c1x1 1.052x, 1.016x); 640x14336x28672 0.934x, 0.945x /
    128x192 c1x1 ping-pong 1.043x, 1.035x. Where the row tiles pad M the 4x1 tiling stayed ahead (600x9216x8192:
    128x120 c4x1 ping-pong 0.980x, 0.994x / 128x192 c1x2 0.954x, 0.971x)."""
    return _runs_unpaired_waves(m, n, l, unswapped) and m % unswapped.tile_m == 0


def _pads_unpaired(m: int, n: int, l: int, unswapped: Sm90Config) -> bool:
    """Whether the unswapped choice runs unpaired (1x1 clusters) over more than one wave with row tiles
    that pad M by `_UNPAIRED_PADDED_ROWS` or more: such tilings ran far behind what `_cost` estimates."""
    padded = _padded_rows(m, unswapped.tile_m, 1) >= _UNPAIRED_PADDED_ROWS * m
    return _runs_unpaired_waves(m, n, l, unswapped) and padded


def _unswapped_config(m: int, n: int, k: int, l: int, b_major: str = "k") -> Sm90Config:
    """Heuristic choice when nothing was tuned. Many waves (large M): 128x256 tiles with a cluster
    swizzle that keeps each wave's A and B rows in L2, and stream-K for the last partial wave (the card
    runs at its power cap on large GEMMs, so HBM traffic saved and SMs kept busy are clock gained),
    or 2x2 clusters where a tile is two to four k-tiles (`_loads_at_once`); paired along N where the row tiles
    do not pair (`_many_waves_paired_along_n`). Two to eight waves with
    M > 1024: 128x256 walked N-first where that tile ranks first. Otherwise the tile and cluster that
    fill the SMs best (`_ranked_tiles`), split-K when few tiles meet a long K, or one wave of 256-row
    tiles where those take two (`_one_wave_of_256_rows`), else 192-row tiles where those take no more waves'
    time (`_taller_rows`). Every config walks K
    serpentine (`Sm90Config.serpentine_k`)."""
    big_tiles = _cdiv(m, 128) * _cdiv(n, 256) * l if _wide_tiles_fit(n) else 0
    if big_tiles >= 8 * _SMS:
        if _loads_at_once(k):
            return Sm90Config(128, 256, 2, 2)
        return _many_waves_paired_along_n(m, n, Sm90Config(128, 256, 2, 1, swizzle=8, stream_k=k >= _STREAM_K_MIN_K))
    best = _ranked_tiles(m, n, k, l, b_major)[0]
    if m > 1024 and big_tiles >= 2 * _SMS and best == (128, 256, 2, 1):
        return Sm90Config(128, 256, 2, 1, swizzle=4, raster_along_m=False)
    # A few waves that 128x256 tiles would end on a nearly empty one (2500x5120: 400 tiles, 3.03
    # waves, ran 0.84x of cuBLAS where 128x160 in 4.85 waves ran 0.99x): the ranked width.
    config = _whole_n_rows(n, b_major, _tile_config(m, n, k, l, best))
    return _one_wave_of_256_rows(m, n, l, config, b_major) or _taller_rows(m, n, k, l, config)


def _many_waves_paired_along_n(m: int, n: int, config: Sm90Config) -> Sm90Config:
    """The many-wave tiling in 2x1 clusters over an odd count of row tiles in 1x2 clusters where its column tiles
    pair: 2x1 clusters pad every column of tiles with an empty CTA, which holds an SM slot in every wave
    (1900x24576x4096 in 128x256: 15 row tiles, 1536 CTAs for 1440 tiles). cuBLAS pairs along N there too (its
    `256x160_64x4_1x2` on 1900x24576x4096, `192x208_64x4_1x2` on 3700x16384x4096). Six alternating rounds (fp16 /
    bf16, ratio to cuBLAS, thirty-third session), 128x256 sw8m sk in 2x1 / 1x2: 1900x24576x4096 0.935x / 0.964x,
    0.919x / 0.965x; 3700x16384x4096 (29 row tiles) 0.956x / 0.991x, 0.963x / 0.993x."""
    if config.cluster_m != 2 or _cdiv(m, config.tile_m) % 2 == 0 or _cdiv(n, config.tile_n) % 2:
        return config
    return replace(config, cluster_m=1, cluster_n=2)


def _whole_n_rows(n: int, b_major: str, config: Sm90Config) -> Sm90Config:
    """A 128-row tiling that cuts N (at most 128) into two column tiles takes 64-row tiles of all of N in the same
    cluster: as many CTAs, each wgmma twice as wide (64xN where two warpgroups issued 64x(N/2), more SMEM read per
    MMA), which `_efficiency` ranks the other way (a 64-row tile at 0.7). Six alternating rounds each (fp16, ratio
    to cuBLAS, twenty-second session; attention's PV, head dim 128), 128x64 c2x1 / 64x128 c2x1: 1536x128x1536x24
    0.922x / 0.997x (bf16 0.917x / 0.989x; the tuner took 64x128 there, 8% ahead); 1024x128x2048x24 0.900x / 1.004x;
    1280x128x1280x16 0.910x / 0.973x; 3072x128x3072x12 0.785x / 0.993x. Where the ranked tile covers N, 64x128 ran
    even (2048x128x1024x32 128x128 1.036x / 1.052x, 4096x128x4096x8 256x128 0.999x / 1.018x, 512x128x512x64 128x128
    1.020x / 1.007x)."""
    width = _cdiv(n, 16) * 16
    if config.tile_m != 128 or config.splits_k or n > 128 or _cdiv(n, config.tile_n) != 2:
        return config
    return replace(config, tile_m=64, tile_n=width) if width in _widths(b_major) else config


def _one_wave_of_256_rows(m: int, n: int, l: int, config: Sm90Config, b_major: str):
    """Where M is past the swap rules' range and the ranked 128-row tiling takes two waves: 256-row tiles
    (two wgmmas per consumer warpgroup) of the narrowest width whose tiles fit one wave that keeps at
    least `_ONE_WAVE_FILL` of the SMs busy, in 1x2 clusters where the columns pair, else 2x1 where the
    rows do, else unpaired; else None. One process each (fp16, ratio to cuBLAS, twelfth session), the
    ranked tiling / 256 rows: 1536x3072x8192 128x144 c2x1 0.888-0.914x / 256x144 c1x2 0.957-0.966x (cuBLAS
    runs 192x192 in one wave there); 1024x5120x5120 128x160 c2x1 0.964x / 256x160 c1x2 0.999x;
    896x5120x5120 128x144 c1x1 0.802x / 0.927x; 1280x4096x14336 128x160 c2x1 0.926x / 1.002x;
    1536x4096x4096 128x192 c2x1 1.021x / 256x192 c1x2 1.049x; 2048x3072x8192 0.990x / 1.054x;
    1792x2560x10240 128x144 c2x1 0.967x / 256x144 c1x2 1.027x; 1152x4608x3584 128x160 c1x1 0.885x /
    256x192 c1x2 0.982x; 1536x3584x18944 128x176 c2x1 1.062x / 256x176 c2x1 1.089x. Unpaired ran within
    2% of the best cluster on all but 896x5120x5120 (0.872x)."""
    ctas = _ctas(m, n, l, config.tile_m, config.tile_n, config.cluster_m, config.cluster_n)
    if m <= _SWAP_MAX_ROWS or config.tile_m != 128 or config.splits_k or not _SMS < ctas <= 2 * _SMS:
        return None
    for width in _widths(b_major):
        if width > _WIDE_SWAP_MAX_WIDTH:
            return None
        ctas = _ctas(m, n, l, 256, width, 1)
        if ctas <= _SMS:
            if ctas < _ONE_WAVE_FILL * _SMS:
                return None
            cluster = (1, 2) if _cdiv(n, width) % 2 == 0 else (2, 1) if _cdiv(m, 256) % 2 == 0 else (1, 1)
            return Sm90Config(256, width, *cluster)
    return None


def _taller_rows(m: int, n: int, k: int, l: int, config: Sm90Config) -> Sm90Config:
    """Past the swap rules' rows, one problem, from a K of `_TALLER_ROWS_MIN_K`: a 128-row tiling over several
    waves, at most `THREE_WARPGROUP_MAX_WIDTH` wide, takes 192-row tiles (three consumer warpgroups) of the same
    width and walk, in 2x1 clusters where they cut M evenly, else 1x2 where the columns pair, where their whole
    waves take no longer; else `config`. 4096x2304x9216 (llm35) in 128x192 c2x1 takes 2.9 waves, the last with 12
    SMs idle (under ncu 230k of 358k cycles active on the least busy SM); 192x192 c2x1, cuBLAS's tile (its
    `192x192_64x4_1x2 coopB`), two whole waves: 344.6k active cycles of 358.1k on average, cuBLAS 342.1k of 354.5k
    (fp16, twenty-first session). Six alternating rounds each (fp16 / bf16, ratio to cuBLAS), 128 rows / 192:
    4096x2304x8192 0.960x / 0.981x, 0.965x / 0.984x; 3840x2304x9216 0.944x / 0.949x, 0.955x / 0.965x;
    2048x4608x8192 (1x2) 0.976x / 0.989x, 0.965x / 0.987x; 3072x3072x8192 0.947x / 0.980x, 0.982x / 0.979x.
    In 2x1 clusters over an odd count of row tiles (an empty one per column) it lost: 2048x4608x8192 192x192 c2x1
    0.682x (three waves)."""
    ctas = _ctas(m, n, l, config.tile_m, config.tile_n, config.cluster_m, config.cluster_n)
    if m <= _SWAP_MAX_ROWS or l > 1 or k < _TALLER_ROWS_MIN_K or config.tile_m != 128 or config.splits_k:
        return config
    if config.tile_n > THREE_WARPGROUP_MAX_WIDTH or ctas <= _SMS:
        return config
    rows_pair = _cdiv(m, THREE_WARPGROUP_ROWS) % 2 == 0
    if not rows_pair and _cdiv(n, config.tile_n) % 2:
        return config
    cluster = (2, 1) if rows_pair else (1, 2)
    taller = replace(config, tile_m=THREE_WARPGROUP_ROWS, cluster_m=cluster[0], cluster_n=cluster[1])
    taller_ctas = _ctas(m, n, l, THREE_WARPGROUP_ROWS, config.tile_n, *cluster)
    if _cdiv(taller_ctas, _SMS) * THREE_WARPGROUP_ROWS <= _cdiv(ctas, _SMS) * config.tile_m:
        return taller
    return config


def _loads_at_once(k: int) -> bool:
    """Whether a 128x256 tile's k-tiles all fit its stage ring and its loads outweigh its store: then
    2x2 clusters pay (`_SHORT_K`). 2048x2048x64 x16 (one k-tile, 48 KB loaded against 64 KB stored)
    ran 0.974x of cuBLAS in 2x2 clusters and 1.003-1.005x in 2x1."""
    return k <= _SHORT_K and (128 + 256) * k >= 128 * 256


def candidate_configs(m: int, n: int, k: int, l: int, b_major: str = "k", a_major: str = "k") -> list:
    """The few configs the autotuner times for one problem (at most nine: a tune takes seconds), split-K ones with
    16-bit partial sums as the heuristic's (`_with_narrow_partials`)."""
    configs = _candidate_tilings(m, n, k, l, b_major, a_major)
    return list(dict.fromkeys(_with_narrow_partials(config) for config in configs))


def _candidate_tilings(m: int, n: int, k: int, l: int, b_major: str, a_major: str) -> list:
    """`candidate_configs` before the partial sums' dtype."""
    big_tiles = _cdiv(m, 128) * _cdiv(n, 256) * l if _wide_tiles_fit(n) else 0
    if big_tiles >= 8 * _SMS:
        # Many waves: group clusters so that a wave covers a squarish block of D (8 clusters wide
        # balances A's and B's rows for 128x256 tiles), or multicast both operands (2x2). Stream-K on
        # the last partial wave ran 0.7-1.7% ahead on 8192^3 and 8192x8192x28672 (docs/sm90.md).
        configs = [
            default_config(m, n, k, l, b_major, a_major),
            Sm90Config(128, 256, 2, 1, swizzle=8),
            Sm90Config(128, 256, 2, 1, swizzle=8, stream_k=True),
            Sm90Config(128, 256, 2, 1, swizzle=4),
            Sm90Config(128, 256, 2, 1, swizzle=4, raster_along_m=False),
            Sm90Config(128, 256, 2, 2, swizzle=4),
            Sm90Config(128, 256, 1, 2, swizzle=8, raster_along_m=False),
        ]
        return list(dict.fromkeys(configs))
    if m > 1024 and big_tiles >= 2 * _SMS:
        # Ping-pong hides the epilogue under the other warpgroup's MMAs, but its tiles (at most
        # 128x192) read more SMEM per MMA: on the H100 it ran 5-20% behind 128x256 cooperative on every
        # bench shape (docs/sm90.md). Its 128x128 tile stays a candidate for problems where the
        # epilogue weighs more.
        configs = [
            Sm90Config(128, 256, 2, 1),
            Sm90Config(128, 256, 1, 2),
            # With serpentine K, which walk reads least from DRAM depends on the shape and the best one
            # changes between cards and runs by 1-2% (docs/sm90.md): the tuner times M-first groups of
            # 2 and 8 and N-first groups of 4.
            Sm90Config(128, 256, 2, 1, swizzle=2),
            Sm90Config(128, 256, 2, 1, swizzle=8),
            Sm90Config(128, 256, 2, 1, swizzle=4, raster_along_m=False),
            Sm90Config(128, 128, 2, 1, pingpong=True),
        ]
        if big_tiles < 4 * _SMS:
            # A few waves of big tiles leave SMs idle in the last one; a width that evens them out.
            configs.append(_tile_config(m, n, k, l, _ranked_tiles(m, n, k, l, b_major)[0]))
        # The heuristic's own choice (a ranked width where 128x256 would end on a nearly empty wave).
        return list(dict.fromkeys(configs + [default_config(m, n, k, l, b_major, a_major)]))
    # Up to a few waves (M <= 1024, or few tiles): the best-ranked widths (which of two near-equal
    # estimates runs faster is not predictable: on 512x6144x4096, 128x208 in 120 tiles ran 3% ahead of
    # 128x192 in 128), each also without split-K where the heuristic splits.
    ranked = _ranked_tiles(m, n, k, l, b_major)
    configs = [default_config(m, n, k, l, b_major, a_major)]
    swapped = _swapped_config(m, n, 0, l) if l == 1 and a_major == "k" and 64 < m <= 1024 else None
    if swapped:
        # The transposed problem's one-wave tiling, paired and unpaired (both ran within 3% of each
        # other where the width cuts M evenly; 512x8192x28672: 0.991x unpaired, 0.971x paired).
        config = swapped[0]
        configs += [config, Sm90Config.from_dict({**config.to_dict(), "cluster_n": 1})]
    for tile in ranked[:4]:
        config = _tile_config(m, n, k, l, tile)
        configs += [config, Sm90Config.from_dict({**config.to_dict(), "split_k": 1})]
    top = configs[0]
    if m <= _SKINNY_ROWS:
        # Skinny: one row tile; 2x1 clusters share B over two 64-row tiles, 1x2 share A; 128x128 with
        # A multicast ran 0.99x on 128x28672x8192 where 64x128 ran 0.97x.
        configs += [Sm90Config(64, 128, 1, 1), Sm90Config(64, 128, 2, 1), Sm90Config(128, 128, 1, 2)]
    elif big_tiles >= _SMS:
        # A wave or more: the walks the many-wave candidates time (M-first groups of 2 and 8, N-first
        # groups of 4).
        configs += [Sm90Config.from_dict({**top.to_dict(), **walk})
                    for walk in ({"swizzle": 4, "raster_along_m": False}, {"swizzle": 2}, {"swizzle": 8})]
    if top.split_k > 1:
        configs.append(Sm90Config.from_dict({**top.to_dict(), "split_k": max(2, top.split_k // 2)}))
    return list(dict.fromkeys(configs))[:9]
