"""The benchmark's argument handling and the autotuner's on-disk cache (no GPU, no torch needed)."""
import pytest

from gemm import _autotune, bench


def test_parse_shapes():
    assert bench.parse_shapes("4096x4096x4096, 8x16x32x3") == [(4096, 4096, 4096, 1), (8, 16, 32, 3)]
    with pytest.raises(ValueError, match="shape must be MxNxK or MxNxKxL.*, got '4096x4096'"):
        bench.parse_shapes("4096x4096")
    with pytest.raises(ValueError, match="got '4096xAx1'"):
        bench.parse_shapes("4096xAx1")


def test_config_labels_read_back():
    """`--configs` names configs by their labels: every candidate of a few problems (split-K with 16-bit partials,
    swaps, stream-K, ping-pong, the GPC order) reads back as itself; a malformed label fails before any GPU work."""
    from gemm._sm90_config import Sm90Config
    from gemm._sm90_heuristic import candidate_configs

    labels = 0
    for mnkl in [(512, 512, 65536, 1), (576, 32768, 512, 1), (4096, 4096, 4096, 1), (160, 14336, 4096, 8),
                 (8192, 8192, 8192, 1), (472, 19456, 2560, 1)]:
        for config in candidate_configs(*mnkl):
            assert Sm90Config.from_label(config.label()) == config, config.label()
            labels += 1
    assert labels > 30
    for extra in (Sm90Config(128, 128, 1, 1, pingpong=True, serpentine_k=False),
                  Sm90Config(128, 256, stream_k=True, narrow_partials=True),
                  Sm90Config(128, 256, split_k=16, narrow_partials=True, last_arrival=True)):
        assert Sm90Config.from_label(extra.label()) == extra
    with pytest.raises(ValueError, match="config label must read like"):
        Sm90Config.from_label("128x256 c2x1 sw1m bogus")
    assert bench.main(["--shapes", "64x64x64", "--configs", "H;128x256 c2x1 split4"]) == 2


def test_default_shapes_cover_the_issue():
    shapes = bench.parse_shapes(bench.DEFAULT_SHAPES)
    for s in [(4096,) * 3, (8192,) * 3, (8192, 28672, 8192), (8192, 8192, 28672), (1024, 8192, 8192),
              (4000, 4096, 4096)]:
        assert s + (1,) in shapes


def test_llm_shapes_cross_every_m_with_llama_weights():
    shapes = bench.parse_shapes("llm")
    assert len(shapes) == len(set(shapes)) == 24
    assert sorted({s[0] for s in shapes}) == [64, 128, 256, 512, 1024, 2048, 4096, 8192]
    weights = {(4096, 4096), (6144, 4096), (14336, 4096), (4096, 14336), (28672, 8192), (8192, 28672)}
    assert {s[1:3] for s in shapes} == weights
    assert bench.parse_shapes("default") == bench.parse_shapes(bench.DEFAULT_SHAPES)


def test_llm27_shapes_hold_the_issue_problems():
    """Issue 27's set: at least 20 problems, the weak spots it names among them, batched and ragged ones."""
    shapes = bench.parse_shapes("llm27")
    assert len(shapes) == len(set(shapes)) >= 20
    for s in [(256, 256, 8192, 1), (1024, 1024, 1024, 8), (2048, 4096, 14336, 1), (2048, 14336, 4096, 1),
              (2048, 8192, 8192, 1)]:
        assert s in shapes
    assert any(l > 1 for *_, l in shapes) and any(m % 64 for m, *_ in shapes)
    check = bench.parse_shapes("llm27-check")
    assert len(check) == len(set(check)) == 10 and not set(check) & set(shapes)
    midm = bench.parse_shapes("midm")
    assert len(midm) == len(set(midm)) == 12 and all(96 <= m <= 768 and l == 1 for m, _, _, l in midm)
    assert not set(midm) & (set(shapes) | set(check))
    held_out = bench.parse_shapes("llm31")
    assert len(held_out) == len(set(held_out)) == 14 and not set(held_out) & (set(shapes) | set(check) | set(midm))
    llm32 = bench.parse_shapes("llm32")
    assert len(llm32) == len(set(llm32)) == 14 and not set(llm32) & (set(shapes) | set(check) | set(midm) | set(held_out))
    assert sum(l > 1 for *_, l in llm32) >= 3
    llm33 = bench.parse_shapes("llm33")
    earlier = set(shapes) | set(check) | set(midm) | set(held_out) | set(llm32)
    assert len(llm33) == len(set(llm33)) == 17 and not set(llm33) & earlier
    assert sum(l > 1 for *_, l in llm33) >= 3 and sum(200 <= m <= 700 for m, *_ in llm33) >= 5
    llm34 = bench.parse_shapes("llm34")
    assert len(llm34) == len(set(llm34)) == 19 and not set(llm34) & (earlier | set(llm33))
    assert sum(l > 1 for *_, l in llm34) >= 3 and sum(200 <= m <= 900 for m, *_ in llm34) >= 10


def test_heuristic_and_candidates_fit_the_problem():
    """Skinny problems get 64-row tiles, few tiles with a long K get split-K (never more runs than SMs),
    many waves keep the 128x256 walks, and a tune stays at nine candidates or fewer."""
    from gemm._sm90_config import Sm90Config
    from gemm._sm90_heuristic import _unswapped_config, candidate_configs, default_config

    # Skinny and short K: the narrowest width from 64 whose tiles still fit in one wave (most SMs
    # reading B).
    assert default_config(64, 4096, 4096, 1) == Sm90Config(64, 64, 1, 1)
    assert default_config(64, 14336, 4096, 1) == Sm90Config(64, 112, 1, 1)
    assert default_config(128, 6144, 4096, 1) == Sm90Config(64, 96, 2, 1)
    assert _unswapped_config(128, 4096, 14336, 1) == Sm90Config(64, 64, 2, 1)
    # Two 64-row tiles at a short K: from 96 wide (where the swapped tiling takes two waves).
    assert default_config(128, 6144, 4096, 1) == _unswapped_config(128, 6144, 4096, 1)
    assert _unswapped_config(77, 4096, 4096, 1) == Sm90Config(64, 96, 2, 1)
    # ... and split-K where even the narrowest tiles leave most SMs idle and K is long.
    assert default_config(64, 1024, 16384, 1) == Sm90Config(64, 64, 1, 1, split_k=8, narrow_partials=True)
    assert default_config(32, 4096, 14336, 1) == Sm90Config(64, 64, 1, 1, split_k=2, narrow_partials=True)
    assert _unswapped_config(256, 4096, 4096, 1) == Sm90Config(128, 64, 2, 1)
    # A width that lands just under a whole number of waves: 1024x14336 in 4 x 132 - 16 tiles.
    assert default_config(1024, 14336, 4096, 1) == Sm90Config(128, 224, 2, 1)
    # An N-major B keeps to widths of whole 64-element SMEM rows.
    for mnkl in [(64, 4096, 4096, 1), (1024, 14336, 4096, 1), (128, 6144, 4096, 1)]:
        assert default_config(*mnkl, b_major="n").tile_n % 64 == 0
        assert all(c.tile_n % 64 == 0 for c in candidate_configs(*mnkl, b_major="n"))
    # Small MN, long K: narrow tiles split so that about 128 runs of at least 32 k-tiles fill the SMs.
    assert default_config(256, 256, 8192, 1) == Sm90Config(64, 48, 2, 1, split_k=4, narrow_partials=True)
    assert default_config(512, 512, 16384, 1) == Sm90Config(128, 128, 2, 1, split_k=8, narrow_partials=True)
    for mnkl in [(256, 256, 8192, 1), (512, 512, 16384, 1), (128, 1024, 8192, 1), (64, 1024, 16384, 1)]:
        split = default_config(*mnkl)
        tiles = -(-mnkl[0] // split.tile_m) * -(-mnkl[1] // split.tile_n)
        assert split.split_k > 1 and tiles * split.split_k <= 132 and mnkl[2] // 64 >= 32 * split.split_k
    assert default_config(8192, 8192, 8192, 1) == Sm90Config(128, 256, 2, 1, swizzle=8, stream_k=True)
    # Many waves of a short K: whole tiles, no stream-K runs of a k-tile or two; over two k-tiles 128x128
    # ping-pong, one warpgroup's epilogue under the other's mainloop (`_pingpong_over_waves`); at one, 128x256.
    assert default_config(2048, 2048, 128, 32) == Sm90Config(128, 128, 2, 1, pingpong=True)
    assert default_config(2048, 2048, 64, 16) == Sm90Config(128, 256, 2, 1, swizzle=8)
    # An odd count of row tiles: 2x1 clusters would compute an empty row tile per column, here taking
    # 320x5120 (3 x 40 tiles of 128x128) to two waves; 1x4 clusters (A shared four ways) keep it to one
    # wave of the 30 such clusters an H100 holds.
    for mnkl in [(320, 5120, 5120, 1), (384, 384, 12288, 1), (640, 1280, 20480, 1), (640, 5120, 5120, 1)]:
        config = _unswapped_config(*mnkl)
        rows = -(-mnkl[0] // config.tile_m)
        cols = -(-mnkl[1] // config.tile_n)
        ctas = -(-rows // config.cluster_m) * config.cluster_m * -(-cols // config.cluster_n) * config.cluster_n
        assert ctas * config.split_k <= (120 if config.cluster_size == 4 else 132), config
    assert _unswapped_config(320, 5120, 5120, 1) == Sm90Config(128, 128, 1, 4)
    assert _unswapped_config(640, 5120, 5120, 1) == Sm90Config(128, 224, 1, 4)
    # ... which the swapped tiling replaces where K is short; at a long K 1x4 stays.
    assert default_config(384, 5120, 13824, 1) == Sm90Config(128, 128, 1, 4)
    # Split tiles whose peers' sums are small go to the last-arrival fixup, and the ranking prefers them.
    assert default_config(384, 384, 12288, 1) == Sm90Config(64, 80, 2, 1, split_k=4, narrow_partials=True)
    assert default_config(384, 384, 12288, 1).fixup_by_last and default_config(256, 256, 8192, 1).fixup_by_last
    assert not default_config(512, 512, 16384, 1).fixup_by_last
    # A few waves that 128x256 tiles would end on a nearly empty one (2500x5120: 400 tiles, 3.03
    # waves): a width that fills the last wave.
    assert default_config(2500, 5120, 13824, 1).tile_n != 256
    assert default_config(2048, 14336, 4096, 1) == Sm90Config(128, 256, 2, 1, swizzle=4, raster_along_m=False)
    # A narrow N: the ranked widths, not 128x256 tiles half empty.
    assert default_config(2048, 128, 2048, 32) == Sm90Config(128, 128, 2, 1, pingpong=True)
    assert all(c.tile_n <= 160 for c in candidate_configs(2048, 128, 2048, 32))
    for mnkl in [(64, 4096, 4096, 1), (256, 4096, 14336, 1), (1024, 28672, 8192, 1), (4096, 4096, 4096, 1),
                 (8192, 8192, 8192, 1), (256, 256, 8192, 1), (1024, 1024, 1024, 8), (2048, 128, 2048, 32)]:
        candidates = candidate_configs(*mnkl)
        assert 3 <= len(candidates) <= 9 and len(set(candidates)) == len(candidates)
        assert default_config(*mnkl) in candidates or mnkl[0] > 1024
    for mnkl in [(2500, 5120, 13824, 1), (2048, 14336, 4096, 1), (8192, 8192, 8192, 1), (2048, 2048, 128, 32)]:
        assert default_config(*mnkl) in candidate_configs(*mnkl)


def test_heuristic_swaps_mid_m_onto_wgmma_n():
    """Mid-size and skinny M run as D^T = B A^T in one wave of tiles whose width divides M finely; the
    swap stays out of M-major A, split-K problems, large M and many waves."""
    from gemm._sm90_config import Sm90Config
    from gemm._sm90_heuristic import _paired_along_n, _rule_choice, _swap_pays, _unswapped_config, candidate_configs

    swapped = {
        (320, 4096, 4096, 1): Sm90Config(128, 80, 1, 2, swap_ab=True),  # was 128x112 in 1x4 clusters
        (384, 8192, 4096, 1): Sm90Config(128, 192, 1, 2, swap_ab=True),
        (448, 5120, 5120, 1): Sm90Config(128, 160, 1, 1, swap_ab=True),  # three tiles of M: unpaired
        (512, 4096, 14336, 1): Sm90Config(128, 128, 1, 2, swap_ab=True),
        (160, 4096, 4096, 1): Sm90Config(64, 80, 1, 2, swap_ab=True),  # 128x64 tiles pad M by 60%
        (136, 4096, 11008, 1): Sm90Config(64, 80, 1, 2, swap_ab=True),  # 128x80 would fill half the SMs
        (77, 4096, 4096, 1): Sm90Config(64, 48, 1, 2, swap_ab=True),  # skinny: half of M per tile
        (272, 4096, 4096, 1): Sm90Config(64, 144, 1, 2, swap_ab=True),  # 64-row tiles pad M less
        (192, 4096, 8192, 1): Sm90Config(64, 96, 1, 2, swap_ab=True),  # fills the SMs: no split-K
        (320, 2048, 8192, 1): Sm90Config(64, 80, 1, 2, swap_ab=True),  # ... and pads M less than split-K
    }
    # Where no 128-row swapped tiling fits one wave, 256-row ones that do (cuBLAS's tiles there), paired
    # where they cut M evenly.
    assert _unswapped_config(544, 8192, 8192, 1).cluster_size == 1
    assert _rule_choice(544, 8192, 8192, 1) == Sm90Config(256, 144, 1, 2, swap_ab=True)
    assert _rule_choice(416, 10240, 8192, 1) == Sm90Config(256, 144, 1, 1, swap_ab=True)
    assert _rule_choice(288, 11008, 4096, 1) == Sm90Config(256, 96, 1, 1, swap_ab=True)
    assert _rule_choice(736, 5120, 13824, 1) == _unswapped_config(736, 5120, 13824, 1)  # one paired wave: kept
    assert _rule_choice(768, 6144, 4096, 1) == _unswapped_config(768, 6144, 4096, 1)  # paired, M unpadded: kept
    # Else several waves that the model puts ahead of the unswapped choice, walked N-first: an even count
    # of tiles of M in pairs where the model puts it within 6% of an odd count shared four ways (which
    # ran behind: 128x144 c4x1), else an odd count shared four ways, or two.
    assert _rule_choice(392, 14336, 4096, 1) == Sm90Config(128, 208, 1, 2, raster_along_m=False, swap_ab=True)
    assert _rule_choice(552, 14336, 8192, 1) == Sm90Config(128, 192, 4, 1, raster_along_m=False, swap_ab=True,
                                                              gpc_order=True)
    # ... and whatever the model says where the unswapped choice runs unpaired over several waves and pads
    # M by 5% or more (352x29568x8192: 128x224 c1x1 in three exact waves, 0.82-0.88x of cuBLAS); 3% stays.
    assert _unswapped_config(352, 29568, 8192, 1) == Sm90Config(128, 224, 1, 1)
    assert _swap_pays(352, 29568, 8192, 1, "k", _unswapped_config(352, 29568, 8192, 1)) == Sm90Config(
        128, 176, 1, 2, raster_along_m=False, swap_ab=True)  # (256 rows of N: `_wide_pairs`)
    assert _unswapped_config(624, 28672, 8192, 1) == Sm90Config(128, 224, 1, 1)
    assert _rule_choice(624, 28672, 8192, 1) == Sm90Config(128, 224, 1, 2)  # not swapped; its column tiles pair
    assert _rule_choice(600, 11008, 4096, 1) == Sm90Config(128, 208, 2, 1, raster_along_m=False, swap_ab=True)
    assert _rule_choice(512, 10240, 8192, 1) == _unswapped_config(512, 10240, 8192, 1)  # estimated even: kept
    # One unpaired wave (128x256 c1x1, 0.88x of cuBLAS in the tenth session): 256-row tiles too.
    assert _rule_choice(384, 11008, 4096, 1) == Sm90Config(256, 128, 1, 1, swap_ab=True)
    # One wave, three narrow tiles of M: clusters of four along N; wider tiles stay unpaired.
    assert _rule_choice(304, 5120, 5120, 1) == Sm90Config(128, 112, 4, 1, swap_ab=True)
    assert _rule_choice(448, 5120, 5120, 1) == Sm90Config(128, 160, 1, 1, swap_ab=True)
    for m in range(136, 769, 8):
        for n, k in [(10240, 8192), (11008, 4096), (14336, 4096), (7168, 7168), (5120, 13824)]:
            config = _rule_choice(m, n, k, 1)
            if config.swap_ab and -(-n // config.tile_m) * -(-m // config.tile_n) > 132:
                assert not config.raster_along_m, (m, n, k)  # more than one wave: each reads its share of B
    for (m, n, k, l), config in swapped.items():
        assert _rule_choice(m, n, k, l) == config
        assert _rule_choice(m, n, k, l) in candidate_configs(m, n, k, l)
        # One wave: tile_m runs along N, tile_n along M.
        tiles = -(-n // config.tile_m) * -(-m // config.tile_n)
        assert tiles <= 132 and tiles % config.cluster_n == 0
    kept = [
        ((320, 4096, 4096, 2), {"a_major": "m"}),  # batched, the kernel's B would be N-major
        ((320, 4096, 4096, 1), {"a_major": "m"}),  # the kernel's B would be N-major
        ((512, 512, 16384, 1), {}),  # split over K: swapped tiles would leave SMs idle
        ((256, 256, 8192, 1), {}),
        ((1024, 4096, 4096, 1), {}),  # large M: even both ways
        ((1024, 14336, 4096, 1), {}),  # more than one wave swapped
        ((64, 4096, 4096, 1), {}),  # one 64-row tile of M
        ((384, 5120, 13824, 1), {}),  # an odd count of 128-wide M tiles at a long K: 1x4 (ran even)
        ((128, 6144, 4096, 1), {}),  # 64-row tiles of N would take two waves
        ((256, 2048, 8192, 1), {}),  # swapped 64x80 tiles pad M by a quarter where split-K's pad none
    ]
    for mnkl, majors in kept:
        assert _rule_choice(*mnkl, **majors) == _paired_along_n(mnkl[0], mnkl[1], _unswapped_config(*mnkl)), mnkl
        assert not any(c.swap_ab for c in candidate_configs(*mnkl, **majors)) or mnkl[3] == 1 and not majors


def test_heuristic_fourteenth_session_rules():
    """A long K with an odd count of wide swapped tiles of M: one wave in 4x1 clusters, not 1x4 unswapped;
    up to 1024 rows swapped where the unswapped tiles would run unpaired; stream-K on swapped pairs whose
    last wave is nearly empty (one problem only)."""
    from gemm._sm90_config import Sm90Config
    from gemm._sm90_heuristic import _rule_choice, _swap_pays, _unswapped_config

    four = Sm90Config(128, 208, 4, 1, raster_along_m=False, swap_ab=True, gpc_order=True)
    for mnkl in [(592, 5120, 17408, 1), (600, 5120, 16384, 1)]:
        assert _unswapped_config(*mnkl).cluster_n == 4 and _rule_choice(*mnkl) == four
    assert _rule_choice(592, 5120, 4096, 1) != four  # short K: the unpaired swapped rules
    for mnkl, width in [((840, 8192, 8192, 1), 224), ((808, 7168, 4096, 1), 208)]:
        assert _unswapped_config(*mnkl).cluster_size == 1
        assert _rule_choice(*mnkl) == Sm90Config(128, width, 1, 2, raster_along_m=False, swap_ab=True)
    assert _swap_pays(1100, 8192, 8192, 1, "k", _unswapped_config(1100, 8192, 8192, 1)) is None
    # 320x43008: 672 CTAs, a last wave of 12; 280x49152: 768, a last wave of 108.
    assert _rule_choice(320, 43008, 4096, 1) == Sm90Config(
        128, 160, 1, 2, raster_along_m=False, stream_k=True, swap_ab=True
    )
    assert _rule_choice(280, 49152, 5120, 1).stream_k is False
    assert _rule_choice(448, 12800, 4096, 8).stream_k is False


def test_heuristic_fifteenth_session_rules():
    """At a long K: one wave of 192-row swapped pairs where their tile takes under 0.95 of the 128- or
    256-row one's time (not a narrow 192x80 against 128x144, nor at a short K); one wave of 128-row swapped
    tiles in 4x1 clusters where the unswapped rows pad M by a fifth, within 30 clusters of four; swapped
    pairs over several waves in place of unpaired unswapped waves within 1.06 of their estimate."""
    from gemm._sm90_config import Sm90Config
    from gemm._sm90_heuristic import _unswapped_config, _rule_choice

    def pair(width):
        return Sm90Config(192, width, 1, 2, swap_ab=True)

    assert _rule_choice(424, 6144, 14336, 1) == pair(112)  # was 128x224 c1x2, 96 CTAs
    assert _rule_choice(648, 6144, 20480, 1) == pair(176)  # was 256x144 c1x1, 120 CTAs
    assert _rule_choice(288, 12288, 16384, 1) == pair(144)  # was 256x144 c1x2
    assert _rule_choice(264, 6144, 16384, 1) == Sm90Config(128, 144, 1, 2, swap_ab=True)
    assert _rule_choice(424, 6144, 4096, 1).tile_m != 192
    assert _rule_choice(512, 4096, 14336, 1) == Sm90Config(128, 128, 1, 2, swap_ab=True)
    for mnkl, width in [((208, 14336, 10240, 1), 208), ((176, 14336, 8192, 1), 176), ((136, 9216, 8192, 1), 144)]:
        assert _unswapped_config(*mnkl).cluster_m == 2
        assert _rule_choice(*mnkl) == Sm90Config(128, width, 4, 1, raster_along_m=False, swap_ab=True)
    assert _rule_choice(152, 16384, 8192, 1).cluster_m != 4  # 32 clusters of four: two waves
    assert _rule_choice(208, 14336, 4096, 1).cluster_m != 4  # short K
    # Swapped pairs over several waves where the unswapped tiles would run unpaired over several waves.
    assert _unswapped_config(384, 5760, 2560, 8).cluster_size == 1
    assert _rule_choice(384, 5760, 2560, 8) == Sm90Config(128, 192, 1, 2, raster_along_m=False, swap_ab=True)
    assert _rule_choice(640, 2048, 2048, 16) == Sm90Config(128, 160, 1, 2, raster_along_m=False, swap_ab=True)


def test_heuristic_sixteenth_session_wide_waves():
    """Over several waves, three tiles of M at most 144 wide that ran in 2x1 or 4x1 clusters take 256 rows of
    N in 2x1 clusters walked N-first where their whole waves take no longer; wider tiles, pairs (an even
    count of tiles of M), more wave time and batched problems keep their 128-row tiling."""
    from gemm._sm90_config import Sm90Config
    from gemm._sm90_heuristic import _rule_choice

    def wide(width):
        return Sm90Config(256, width, 2, 1, raster_along_m=False, swap_ab=True, gpc_order=True)

    assert _rule_choice(336, 18432, 12288, 1) == wide(112)  # was 128x112 c4x1
    assert _rule_choice(360, 22016, 4096, 1) == wide(128)  # was 128x128 c2x1
    assert _rule_choice(432, 22016, 8192, 1) == wide(144)  # was 128x144 c2x1
    assert _rule_choice(400, 18432, 16384, 1) == wide(144)  # was 128x80 c4x1
    assert _rule_choice(528, 16384, 8192, 1).tile_m == 128  # 128x176 c2x1: 256x176 ran 0.80x
    # Three waves of 256 rows for five of 128 (1.2 of the wave time): 256x128 c2x1 ran 0.85x, 128x128 c4x1 0.97x.
    assert _rule_choice(368, 25600, 4096, 1) == Sm90Config(128, 128, 4, 1, raster_along_m=False, swap_ab=True,
                                                              gpc_order=True)
    assert _rule_choice(568, 28672, 8192, 1) == Sm90Config(128, 144, 1, 2, raster_along_m=False, swap_ab=True)
    assert _rule_choice(336, 18432, 12288, 2).tile_m != 256


def test_swapped_pairs_give_way_to_weight_pairs_over_a_thin_last_wave():
    """`_waves_swap` keeps its 1x2 pair over the cheaper 2x1 tiling of an odd count of tiles of M only where the
    pair's last wave holds at least half the SMs; against 4x1 clusters, and where the last wave is fuller, the pair
    stays."""
    from gemm._sm90_config import Sm90Config
    from gemm._sm90_heuristic import _ctas, _rule_choice, _SMS, default_config

    swap = dict(raster_along_m=False, swap_ab=True)
    # 128x240 c1x2: 592 CTAs, the fifth wave 48% full.
    assert _ctas(37888, 472, 1, 128, 240, 1, 2) % _SMS < _SMS / 2
    assert _rule_choice(472, 37888, 3584, 1) == Sm90Config(128, 160, 2, 1, **swap)
    # 128x160 c1x2: 704 CTAs, the sixth wave a third full; the 2x1 tiling then takes 256 rows (`_wide_waves`).
    assert default_config(312, 45056, 8192, 1) == Sm90Config(256, 104, 2, 1, gpc_order=True, **swap)
    assert default_config(320, 45056, 8192, 1) == Sm90Config(256, 112, 2, 1, gpc_order=True, **swap)  # was 256x160 c1x2
    # Last waves at least half full keep the pair.
    assert _rule_choice(640, 2048, 2048, 16) == Sm90Config(128, 160, 1, 2, **swap)
    assert default_config(576, 32768, 512, 1) == Sm90Config(256, 144, 1, 2, **swap)  # (256 rows at a short K: `_wide_pairs`)


def test_heuristic_tiles_batched_problems_as_one():
    """A batched problem is tiled as one problem of L times the tiles: the swapped tilings where they
    fill the SMs better, over every batch (one wave of 256-row tiles, or waves walked N-first), and in
    place of many-wave stream-K tiles whose 2x1 clusters pad each batch's odd row-tile count."""
    from gemm._sm90_config import Sm90Config
    from gemm._sm90_heuristic import _unswapped_config, _rule_choice

    # 128x192 c1x1 in two waves (three row tiles per expert, unpaired): 0.78-0.84x of cuBLAS.
    assert _unswapped_config(384, 2048, 7168, 8) == Sm90Config(128, 192, 1, 1)
    assert _rule_choice(384, 2048, 7168, 8) == Sm90Config(256, 192, 1, 2, swap_ab=True)  # 128 CTAs
    assert _rule_choice(320, 4096, 4096, 2) == Sm90Config(128, 160, 1, 2, swap_ab=True)  # 128 CTAs
    assert _rule_choice(320, 11008, 4096, 8) == Sm90Config(128, 160, 1, 2, raster_along_m=False, swap_ab=True)
    assert _unswapped_config(336, 10752, 6144, 16).stream_k
    assert _rule_choice(336, 10752, 6144, 16) == Sm90Config(128, 176, 1, 2, raster_along_m=False, swap_ab=True)
    # Large M per batch keeps the unswapped rules.
    for mnkl in [(1024, 1024, 1024, 8), (512, 4096, 4096, 4), (2048, 2048, 128, 32), (2048, 128, 2048, 32)]:
        assert _rule_choice(*mnkl) == _unswapped_config(*mnkl), mnkl


def test_heuristic_takes_one_wave_of_256_rows_for_two_of_128():
    """Past the swap rules' M, a ranked 128-row tiling over two waves gives way to 256-row tiles that fill
    one wave (at least 90% of the SMs), paired along N where the columns pair; more waves, a wave too
    empty or an N-major B without such a width keep the ranked tiling."""
    from gemm._sm90_config import Sm90Config
    from gemm._sm90_heuristic import _ranked_tiles, _tile_config, _unswapped_config, default_config

    assert _tile_config(1536, 3072, 8192, 1, _ranked_tiles(1536, 3072, 8192, 1)[0]) == Sm90Config(128, 144, 2, 1)
    assert default_config(1536, 3072, 8192, 1) == Sm90Config(256, 144, 1, 2)  # 6 x 22 = 132 CTAs
    assert _unswapped_config(1152, 4608, 3584, 1) == Sm90Config(256, 192, 1, 2)  # 120 CTAs
    assert default_config(1536, 3584, 18944, 1) == Sm90Config(256, 176, 2, 1)  # 21 columns: paired along M
    assert default_config(1536, 3072, 8192, 1, "n") == Sm90Config(192, 192, 2, 1)  # 256x192: 96 CTAs; 192 rows
    assert default_config(1024, 14336, 4096, 1) == Sm90Config(128, 224, 2, 1)  # four waves
    assert default_config(2048, 4096, 14336, 1) == Sm90Config(128, 256, 2, 1)  # 256x192: 176 CTAs


def test_heuristic_takes_192_rows_where_128_end_on_a_thin_wave():
    """Swapped pairs over several waves take 192 rows of N (128 to 192 wide) where that costs fewer whole
    waves; equal costs keep 128 rows. A 64-row swapped tile narrows to 64 wide where 80 pads M, unless a
    split-K choice pads it no more."""
    from gemm._sm90_config import Sm90Config
    from gemm._sm90_heuristic import _rule_choice

    swap = dict(raster_along_m=False, swap_ab=True)
    assert _rule_choice(320, 35840, 5120, 1) == Sm90Config(192, 160, 1, 2, **swap)  # 3 waves, not 5
    assert _rule_choice(320, 28672, 4096, 1) == Sm90Config(128, 160, 1, 2, **swap)  # 3 waves, not 4
    assert _rule_choice(336, 10752, 6144, 16) == Sm90Config(128, 176, 1, 2, **swap)  # a tie
    assert _rule_choice(240, 36864, 4608, 1).tile_m == 128
    assert _rule_choice(256, 2112, 7168, 1) == Sm90Config(64, 64, 1, 2, swap_ab=True)
    assert _rule_choice(256, 2048, 8192, 1) == Sm90Config(128, 128, 2, 1, split_k=4)
    assert _rule_choice(320, 2048, 8192, 1) == Sm90Config(64, 80, 1, 2, swap_ab=True)


def test_heuristic_walks_in_gpc_order_where_three_clusters_read_a_weight_tile():
    """The GPC order for swapped tilings walked N-first in clusters along N, one batch, whole tiles, where M is
    three tiles or more, in clusters of two 256-row tiles or of four; not for 128-row pairs, pairs along M,
    batches, clusters of one, or two tiles of M."""
    from gemm._sm90_heuristic import default_config

    for mnkl in [(344, 18432, 16384, 1), (456, 20480, 8192, 1)]:  # 256x128 c2x1, 128x160 c4x1
        assert default_config(*mnkl).gpc_order, mnkl
    for mnkl in [(584, 32768, 8192, 1),  # 128x160 c1x2: two readers of a weight tile
                 (600, 22016, 4096, 1),  # 128x208 c2x1
                 (440, 9728, 8192, 1),  # 256x160 c1x1 sw1m
                 (200, 6144, 1024, 8),  # batched
                 (248, 16384, 53248, 1),  # unswapped
                 (256, 14336, 4096, 1)]:  # two tiles of M
        assert not default_config(*mnkl).gpc_order, (mnkl, default_config(*mnkl).label())


def test_swapped_config_label_and_kernel_config():
    """`swap_ab` shows in the label, old cache entries (no such field) read as unswapped, and the
    kernel compiles the config without it."""
    from gemm._sm90_config import Sm90Config

    config = Sm90Config(128, 80, 1, 2, swap_ab=True)
    assert config.label() == "128x80 c1x2 sw1m swap"
    assert config.unswapped() == Sm90Config(128, 80, 1, 2)
    old_entry = {k: v for k, v in Sm90Config(128, 80, 1, 2).to_dict().items() if k != "swap_ab"}
    assert Sm90Config.from_dict(old_entry) == config.unswapped()


def test_unknown_kernel_lists_choices():
    with pytest.raises(ValueError, match=r"--kernel must be one of \['sm100', 'sm80', 'sm90'\], got 'sm70'"):
        bench.load_kernel("sm70")


def test_bench_rejects_bad_dtype(capsys):
    assert bench.main(["--dtype", "fp8"]) == 2
    assert capsys.readouterr().err.startswith("error: --dtype entries must be fp16 or bf16, got 'fp8'")


def test_geomean():
    assert bench.geomean([0.5, 2.0]) == pytest.approx(1.0)


def test_cache_roundtrip(tmp_path, monkeypatch):
    monkeypatch.setenv(_autotune.CACHE_ENV, str(tmp_path / "sub" / "tune.json"))
    key = _autotune.problem_key("sm90", "H100", (8, 16, 32, 1), ("fp16", "k"))
    assert key == "sm90|H100|8x16x32x1|fp16,k"
    assert _autotune.lookup(key) is None
    _autotune.store(key, {"tile_n": 128}, {"a": 1.0})
    _autotune.store("other", {"tile_n": 256}, {})
    assert _autotune.lookup(key) == {"tile_n": 128}
    assert _autotune.lookup("other") == {"tile_n": 256}


def test_corrupt_cache_is_ignored(tmp_path, monkeypatch):
    path = tmp_path / "tune.json"
    path.write_text("{not json")
    monkeypatch.setenv(_autotune.CACHE_ENV, str(path))
    assert _autotune.lookup("anything") is None
    _autotune.store("k", {"tile_m": 64}, {})
    assert _autotune.lookup("k") == {"tile_m": 64}


def test_tune_ranks_by_median_and_alternates(tmp_path, monkeypatch):
    monkeypatch.setenv(_autotune.CACHE_ENV, str(tmp_path / "tune.json"))
    # "lucky" has the single best window but the worse median; best-of-rounds would pick it.
    windows = {"lucky": iter([1.0, 5.0, 5.0, 5.0]), "steady": iter([2.0, 2.0, 2.1, 2.0])}
    calls = []

    def timer(launch):
        calls.append(launch())
        return next(windows[launch()])

    winner = _autotune.tune("k", [{"x": "lucky"}, {"x": "steady"}], lambda c: lambda: c["x"],
                            rounds=4, timer=timer, preheat_s=0)
    assert winner == {"x": "steady"}
    assert calls == ["lucky", "steady", "steady", "lucky"] * 2
    entry = _autotune._load()["k"]
    assert entry["config"] == {"x": "steady"}
    assert entry["ms"] == {'{"x": "lucky"}': 5.0, '{"x": "steady"}': 2.0}


def test_tune_skips_a_failing_candidate_and_raises_when_all_fail(tmp_path, monkeypatch):
    monkeypatch.setenv(_autotune.CACHE_ENV, str(tmp_path / "tune.json"))

    def build(c):
        if c["x"] == "bad":
            raise ValueError("no such tile\nsecond line")
        return lambda: c["x"]

    winner = _autotune.tune("k", [{"x": "bad"}, {"x": "ok"}], build, rounds=2, timer=lambda f: 1.0, preheat_s=0)
    assert winner == {"x": "ok"}
    assert _autotune._load()["k"]["ms"]['{"x": "bad"}'] == "error: ValueError: no such tile"
    with pytest.raises(ValueError, match="no such tile"):
        _autotune.tune("k2", [{"x": "bad"}], build, timer=lambda f: 1.0, preheat_s=0)


def test_autotune_docstring_example_runs(monkeypatch, tmp_path):
    import doctest

    monkeypatch.setenv(_autotune.CACHE_ENV, str(tmp_path / "unused.json"))
    result = doctest.testmod(_autotune)
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize("module", ["gemm._sm90_config", "gemm._sm90_heuristic", "gemm._sm90_gpc"])
def test_sm90_docstring_examples_run(module):
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(module))
    assert result.attempted > 0 and result.failed == 0


def test_stage_counts_trade_an_epilogue_buffer_for_a_mainloop_stage():
    """The epilogue ring drops to three buffers only where that buys a mainloop stage, and to two only where
    that buys a fourth stage (a ring of three keeps one k-tile of loads ahead); small tiles stop at the cap,
    and nothing is left with fewer than two stages."""
    from gemm._sm90_config import (
        EPI_STAGES, MAX_AB_STAGES, MIN_EPI_STAGES, SHALLOW_RING, Sm90Config, TILE_N_CHOICES, stage_counts,
    )

    smem = 232448 - 1024
    fp16 = dict(tile_k=64, ab_width=16, d_width=16, smem_bytes=smem)
    assert stage_counts(Sm90Config(128, 192), **fp16) == (5, 3)
    assert stage_counts(Sm90Config(128, 256), **fp16) == (4, EPI_STAGES)
    assert stage_counts(Sm90Config(64, 32, 1, 1), **fp16) == (MAX_AB_STAGES, EPI_STAGES)
    assert stage_counts(Sm90Config(256, 144, 1, 1), **fp16) == (4, EPI_STAGES)
    assert stage_counts(Sm90Config(256, 160, 1, 1), **fp16) == (SHALLOW_RING, MIN_EPI_STAGES)
    assert stage_counts(Sm90Config(256, 192, 1, 1), **fp16) == (3, EPI_STAGES)
    for tile_m in (64, 128, 192, 256):
        for tile_n in TILE_N_CHOICES:
            for d_width in (16, 32):
                try:
                    config = Sm90Config(tile_m, tile_n, 1, 1)
                except ValueError:
                    continue
                ab, epi = stage_counts(config, tile_k=64, ab_width=16, d_width=d_width, smem_bytes=smem)
                ab_bytes = (tile_m + tile_n) * 64 * 2 * ab
                epi_bytes = config.epi_tile_m * config.epi_tile_n * d_width // 8 * epi
                assert 2 <= ab <= MAX_AB_STAGES and epi in (MIN_EPI_STAGES, EPI_STAGES - 1, EPI_STAGES)
                assert epi > MIN_EPI_STAGES or ab == SHALLOW_RING
                assert ab_bytes + epi_bytes <= smem


def test_heuristic_trims_swapped_widths_to_multiples_of_eight():
    """A swapped tiling of 128 rows or more at a K of 3072 or more takes the narrowest multiple of 8 that cuts M
    into as many tiles as the rules' width (cuBLAS's 256x120 on 344 rows); not at a shorter K, not for
    64-row tiles, never unswapped."""
    from gemm._sm90_config import Sm90Config
    from gemm._sm90_heuristic import _cdiv, _pingpong_over_waves, _rule_choice, default_config

    assert default_config(344, 18432, 16384, 1) == Sm90Config(
        256, 120, 2, 1, raster_along_m=False, swap_ab=True, gpc_order=True)
    assert default_config(584, 32768, 8192, 1) == Sm90Config(
        256, 152, 1, 2, raster_along_m=False, swap_ab=True)
    assert default_config(344, 18432, 1024, 1).tile_n == 128  # short K: 8-column epilogue subtiles cost more
    assert default_config(808, 22016, 2048, 1) == Sm90Config(256, 136, 1, 2, raster_along_m=False, swap_ab=True)
    assert default_config(272, 4096, 4096, 1).tile_n == 144  # 64-row tiles: bound by reading the weight
    assert default_config(648, 6144, 20480, 1) == Sm90Config(192, 168, 1, 2, swap_ab=True)
    for m in range(129, 769, 7):
        rules, chosen = _rule_choice(m, 16384, 8192, 1), default_config(m, 16384, 8192, 1)
        if not (rules.swap_ab and rules.tile_m >= 128):
            assert chosen == _pingpong_over_waves(m, 16384, 8192, 1, rules)
            continue
        count = _cdiv(m, rules.tile_n)
        assert chosen.tile_n % 8 == 0 and _cdiv(m, chosen.tile_n) == count < _cdiv(m, chosen.tile_n - 8)
        assert chosen == _pingpong_over_waves(m, 16384, 8192, 1, Sm90Config.from_dict(
            {**rules.to_dict(), "tile_n": chosen.tile_n}))


def test_heuristic_takes_taller_tiles_in_no_more_waves_time():
    """From a K of 6144 (from 2048 where M cuts into three pairs of tiles or more), swapped 128-row pairs (1x2) over
    several waves, one problem, take 256 rows of N where those take no more whole waves' time (cuBLAS's 256x144 1x2 on
    280x32768x6144); more waves' time, a short K, batches,
    stream-K tails and widths past 192 keep 128 rows. From a K of 8192, unswapped 128-row tiles over several waves
    past 768 rows take 192 rows of the same width (cuBLAS's 192x192 on 4096x2304x9216), paired along M where the
    row tiles pair, else along N, else kept; so are tilings that 192 rows would end on more waves' time."""
    from gemm._sm90_config import Sm90Config
    from gemm._sm90_heuristic import _rule_choice, _taller_rows, _wave_time, _wide_pairs

    pair = dict(cluster_m=1, cluster_n=2, raster_along_m=False, swap_ab=True)
    assert _rule_choice(280, 32768, 6144, 1) == Sm90Config(256, 144, **pair)  # 2 waves of 256 rows for 4 of 128
    assert _rule_choice(576, 32768, 8192, 1) == Sm90Config(256, 144, **pair)  # 4 for 8
    assert _rule_choice(568, 28672, 8192, 1) == Sm90Config(128, 144, **pair)  # 4 waves of 256 rows for 7 of 128
    assert _rule_choice(264, 32768, 2048, 1) == Sm90Config(128, 144, **pair)  # short K, one pair of M tiles
    assert _rule_choice(544, 16384, 2048, 1) == Sm90Config(128, 144, **pair)  # ... two pairs
    for k in (2048, 4096):  # ... three pairs (cuBLAS's 256x136 1x2 on 808x22016x2048)
        assert _rule_choice(808, 22016, k, 1) == Sm90Config(256, 144, **pair)
    # Under a K of 2048 (down to 512) whatever the pairs: 256-row tiles pay a tile's fixed cost half as often.
    for m, n, k in [(576, 32768, 512), (264, 32768, 512), (544, 16384, 512), (808, 22016, 1024), (552, 32768, 1024)]:
        assert _rule_choice(m, n, k, 1) == Sm90Config(256, 144, **pair), (m, n, k)
    assert _rule_choice(264, 32768, 256, 1).tile_m == 128  # below the measured K
    assert _rule_choice(560, 28672, 768, 1).tile_m == 128  # 256 rows would take more waves' time
    assert _wide_pairs(280, 32768, 6144, 2, Sm90Config(128, 144, **pair)).tile_m == 128  # batched
    streamed = Sm90Config(128, 160, stream_k=True, **pair)
    assert _wide_pairs(320, 43008, 8192, 1, streamed) == streamed
    wide = Sm90Config(128, 208, **pair)
    assert _wide_pairs(400, 65536, 8192, 1, wide) == wide  # 256x208 holds too many accumulators
    for m, n in [(288, 28672), (296, 30720), (552, 32768)]:
        chosen = _rule_choice(m, n, 8192, 1)
        assert chosen.tile_m == 256 and chosen.cluster_n == 2, (m, n, chosen.label())
        assert _wave_time(m, n, 1, chosen) <= _wave_time(m, n, 1, Sm90Config.from_dict(
            {**chosen.to_dict(), "tile_m": 128}))

    assert _rule_choice(4096, 2304, 9216, 1) == Sm90Config(192, 192, 2, 1)  # 2 waves of 192 rows for 3 of 128
    assert _rule_choice(2048, 4608, 8192, 1) == Sm90Config(192, 192, 1, 2)  # 11 row tiles: paired along N
    assert _rule_choice(4096, 2304, 4096, 1).tile_m == 128  # K under 8192
    odd = Sm90Config(128, 192, 2, 1)
    assert _taller_rows(2112, 2496, 8192, 1, odd) == odd  # 11 row tiles and 13 columns: no pair
    assert _taller_rows(4608, 2304, 8192, 1, odd) == odd  # 3 waves of 192 rows for 4 of 128
    assert _taller_rows(4096, 2304, 8192, 4, odd) == odd  # batched
    assert _taller_rows(4096, 2304, 8192, 1, Sm90Config(128, 224, 2, 1)).tile_m == 128  # past 192 wide


def test_heuristic_twenty_second_session_rules():
    """At a long K, three narrow swapped tiles of M in 4x1 clusters where the unswapped choice computes a tenth more
    rows (cuBLAS's 128x104 4x1 on 296x5120x27648), not where both compute as many; past the swap rules' rows, an
    unpaired unswapped choice gives way to 256 rows of N paired along N (2x1, walked N-first, not in the GPC order)
    where N is an even count of 256-row tiles and their waves take no longer, else pairs its column tiles (1x2); a
    128-row tiling that cuts N <= 128 in two takes 64-row tiles of all of N."""
    from gemm._sm90_config import Sm90Config
    from gemm._sm90_heuristic import _paired_along_n, _rule_choice, _unswapped_config, _weight_pairs, default_config

    four = dict(cluster_m=4, cluster_n=1, raster_along_m=False, swap_ab=True, gpc_order=True)
    assert _unswapped_config(296, 5120, 27648, 1) == Sm90Config(128, 128, 1, 4)  # 384 rows for 296
    assert default_config(296, 5120, 27648, 1) == Sm90Config(128, 104, **four)  # 312 rows
    assert default_config(280, 5120, 16384, 1) == Sm90Config(128, 96, **four)
    assert _unswapped_config(440, 5120, 32768, 1) == Sm90Config(128, 160, 2, 1)  # 512 rows for 440
    assert default_config(440, 5120, 32768, 1) == Sm90Config(128, 152, **four)  # 456 rows
    assert _rule_choice(384, 5120, 13824, 1) == Sm90Config(128, 128, 1, 4)  # 384 rows either way: kept
    assert default_config(440, 5120, 4096, 1).cluster_m != 4  # short K
    assert default_config(216, 12288, 14336, 1) == Sm90Config(128, 192, 2, 1)  # 216 rows for 256, in a larger tile

    weight_pairs = dict(cluster_m=2, cluster_n=1, raster_along_m=False, swap_ab=True)
    assert _unswapped_config(1112, 9216, 7168, 1) == Sm90Config(128, 224, 1, 1)  # 9 row tiles, 2.9 waves
    assert default_config(1112, 9216, 7168, 1) == Sm90Config(256, 160, **weight_pairs)  # 7 tiles of M, 1.9 waves
    assert _unswapped_config(1200, 3584, 14336, 1) == Sm90Config(256, 144, 1, 1)  # one wave, 5 x 25 tiles
    assert default_config(1200, 3584, 14336, 1) == Sm90Config(256, 136, **weight_pairs)  # 14 x 9 tiles
    assert default_config(1304, 9216, 6144, 1) == Sm90Config(256, 192, **weight_pairs)
    # Batched, an M-major A, or an odd count of 256-row tiles of N: the unswapped tiles, their columns paired.
    for mnkl, majors, width in [((1112, 9216, 7168, 2), {}, 256), ((1112, 9216, 7168, 1), {"a_major": "m"}, 224)]:
        assert _unswapped_config(*mnkl).cluster_size == 1
        assert _rule_choice(*mnkl, **majors) == Sm90Config(128, width, 1, 2), mnkl
    odd = _unswapped_config(1112, 9240, 7168, 1)
    assert odd == Sm90Config(128, 224, 1, 1) and _weight_pairs(1112, 9240, 7168, 1, "k", odd) is None
    assert _paired_along_n(1112, 9240, odd) == Sm90Config(128, 224, 1, 2)
    assert _rule_choice(56, 24576, 5120, 1) == Sm90Config(64, 192, 1, 1)  # skinny: bound by reading B
    # N of at most 128 cut into two 64-wide column tiles: 64-row tiles of all of N, as many CTAs.
    assert default_config(1536, 128, 1536, 24) == Sm90Config(64, 128, 2, 1)  # ranked: 128x64 c2x1
    assert default_config(2048, 128, 1024, 32) == Sm90Config(128, 128, 2, 1, pingpong=True)  # one column tile already


def test_heuristic_twenty_third_session_rules():
    """Past the swap rules' rows, one problem, K-major operands: the swapped tiling whose whole waves take least area
    (M trimmed to a multiple of 8, the weight on 128, 192 or 256 rows, paired along N) where it is estimated 3% ahead,
    as cuBLAS runs llm37's ragged prefills; kept where the estimate is closer, batched, with an M-major A or an N-major
    B, split over K, or in the many-wave 128x256 regime. Where the unswapped split-K tiles pad M (two 128-row tiles for
    160 rows) at a K from 16384: the swapped tiling, split to fill the SMs."""
    from gemm._sm90_config import Sm90Config
    from gemm._sm90_heuristic import _rule_choice, _swap_pays, _unswapped_config, default_config

    pairs = dict(cluster_m=2, cluster_n=1, raster_along_m=False, swap_ab=True)
    taken = [
        ((1777, 4096, 14336, 1), Sm90Config(128, 224, **pairs)),  # 2 waves of 128x240 unswapped: 4096 in 4320 columns
        ((3001, 6144, 4096, 1), Sm90Config(256, 192, **pairs)),  # 3 waves for 5
        ((5000, 5120, 13824, 1), Sm90Config(256, 152, **pairs)),  # 5 waves for 7
        ((1333, 11008, 4096, 1), Sm90Config(128, 224, **pairs)),
        ((2555, 2560, 10240, 1), Sm90Config(128, 200, **pairs)),  # 200 cuts 2555 in 13, 208 pads 2560 in 13
        ((904, 6144, 4096, 1), Sm90Config(256, 184, **pairs)),  # one wave either way: 1024 rows for 904 unswapped
        ((968, 10240, 8192, 1), Sm90Config(192, 144, **pairs)),
        ((2048, 5120, 27648, 1), Sm90Config(256, 160, **pairs)),
        ((1152, 4608, 3584, 1), Sm90Config(256, 168, **pairs)),  # not 256x192 unswapped: 1280 rows for 1152
        ((1112, 9240, 7168, 1), Sm90Config(192, 144, 1, 2, raster_along_m=False, swap_ab=True)),  # 49 tiles of N
        ((960, 8192, 8192, 1), Sm90Config(128, 240, **pairs)),
    ]
    for mnkl, config in taken:
        assert _swap_pays(*mnkl, "k", _unswapped_config(*mnkl)) is None, mnkl
        assert not _unswapped_config(*mnkl).swap_ab
        assert default_config(*mnkl) == config, mnkl
    # Below 2048 the width is a multiple of 16 (epilogue subtiles of 8 columns cost more than they save at short K).
    assert default_config(3001, 6144, 1024, 1) == Sm90Config(256, 192, **pairs)
    assert default_config(2555, 2560, 1024, 1).tile_n % 16 == 0
    kept = [
        (4096, 4096, 4096, 1),  # whole tiles both ways
        (2048, 6144, 4096, 1),  # 256x192 swapped estimated 1.5% ahead: not enough
        (6144, 5120, 5120, 1),
        (3584, 16384, 3072, 1),  # many waves of 128x256
        (1777, 4096, 14336, 2),  # batched
        (704, 8192, 8192, 1),  # the swap rules' rows
    ]
    for mnkl in kept:
        assert not default_config(*mnkl).swap_ab or mnkl[0] <= 768, mnkl
    assert not _rule_choice(1777, 4096, 14336, 1, "n").swap_ab  # an N-major B
    assert not _rule_choice(1777, 4096, 14336, 1, "k", "m").swap_ab  # an M-major A

    split = dict(cluster_m=2, cluster_n=1, raster_along_m=False, swap_ab=True)
    assert _unswapped_config(160, 5120, 16384, 1) == Sm90Config(128, 160, 2, 1, split_k=2)  # 256 rows for 160
    assert default_config(160, 5120, 16384, 1) == Sm90Config(128, 160, split_k=3, narrow_partials=True, **split)  # 40 tiles in 120 runs
    assert default_config(136, 5120, 16384, 1) == Sm90Config(128, 136, split_k=3, narrow_partials=True, **split)
    assert default_config(192, 2048, 16384, 1) == Sm90Config(128, 192, split_k=8, narrow_partials=True, **split)
    for mnkl in [(184, 5120, 8192, 1), (160, 5120, 16384, 2), (256, 7168, 16384, 1)]:  # short K, batched, no padding
        config = default_config(*mnkl)
        assert not (config.swap_ab and config.splits_k), mnkl


def test_skinny_batched_problems_run_swapped():
    """A batched problem of at most 128 rows of M per batch (K-major operands) runs swapped: all of M in one tile's
    width, rounded up to 8 and at least 32, by 128 rows of the weight, paired where the weight's tiles pair. Not for
    one problem, more than 128 rows, an M-major A or an N-major B."""
    from gemm._sm90_config import Sm90Config
    from gemm._sm90_heuristic import _skinny_batched_swap, default_config

    assert default_config(48, 7168, 2048, 64) == Sm90Config(128, 48, 2, 1, pingpong=True, swap_ab=True)
    assert default_config(120, 6144, 16384, 8) == Sm90Config(128, 120, 2, 1, pingpong=True, swap_ab=True)
    assert default_config(96, 2048, 768, 32) == Sm90Config(128, 96, 2, 1, pingpong=True, swap_ab=True)
    assert default_config(16, 4096, 4096, 8) == Sm90Config(128, 32, 2, 1, swap_ab=True)  # the narrowest width
    # 23 weight tiles: unpaired
    assert default_config(80, 2880, 2880, 16) == Sm90Config(128, 80, 1, 1, pingpong=True, swap_ab=True)
    assert default_config(128, 4096, 4096, 8) == Sm90Config(128, 128, 2, 1, swap_ab=True)
    assert _skinny_batched_swap(120, 6144, 1, "k", "k") is None  # one problem: the other rules
    assert _skinny_batched_swap(136, 6144, 8, "k", "k") is None  # more than 128 rows
    assert _skinny_batched_swap(96, 6144, 8, "m", "k") is None  # an M-major A
    assert _skinny_batched_swap(96, 6144, 8, "k", "n") is None  # an N-major B
    assert not default_config(48, 7168, 2048, 64, "n").swap_ab


def test_batched_swaps_keep_unswapped_tiles_that_fill_the_wave():
    """A batched problem that the swap rules swap keeps the unswapped one-wave tiling of the same width where its tile
    is shorter than the swapped tiling's waves (more CTAs for the same work), or as short where N < M; where the tiles
    tie and N > M, where the unswapped tiles would compute more padding, and for one problem the swap stays."""
    from gemm._sm90_config import Sm90Config
    from gemm._sm90_heuristic import _batched_unswapped_wave, _swap_pays, _unswapped_config, default_config

    def swapped(m, n, k, l):
        return _swap_pays(m, n, k, l, "k", _unswapped_config(m, n, k, l))

    # cuBLAS's tilings there (H200 profile): 64x128 2x1 and 192x192 2x1, unswapped.
    assert swapped(512, 128, 4096, 16) == Sm90Config(64, 128, 1, 2, swap_ab=True)
    assert default_config(512, 128, 4096, 16) == Sm90Config(64, 128, 2, 1)  # as short, N < M
    assert swapped(192, 1536, 2048, 16) == Sm90Config(256, 192, 1, 1, swap_ab=True)  # 96 CTAs
    assert default_config(192, 1536, 2048, 16) == Sm90Config(192, 192, 1, 2)  # 128 CTAs
    assert default_config(384, 1536, 2048, 8) == Sm90Config(192, 192, 2, 1)
    # A 4x1 cluster over one weight tile runs three empty CTAs of four: 64-row tiles of M in its place.
    assert swapped(512, 128, 2048, 4) == Sm90Config(128, 80, 4, 1, swap_ab=True)
    assert default_config(512, 128, 2048, 4) == Sm90Config(64, 80, 2, 1)
    # Tied tiles with N > M stay swapped (192x768x2048 x4: 0.983x swapped, 0.889x unswapped).
    assert default_config(192, 768, 2048, 4) == Sm90Config(64, 96, 1, 2, swap_ab=True)
    # Unswapped 64x80 would pad N = 128 to 160 where the swapped 64x80 pads nothing of N.
    assert default_config(288, 128, 512, 4) == Sm90Config(64, 80, 1, 2, swap_ab=True)
    # Three row tiles per expert with no one-wave unswapped tiling: the swap stays.
    assert default_config(384, 2048, 7168, 8) == Sm90Config(256, 192, 1, 2, swap_ab=True)
    # One problem: not this rule's.
    assert _batched_unswapped_wave(512, 128, 4096, 1, "k", Sm90Config(64, 128, 1, 2, swap_ab=True)) is None


def test_swapped_fours_take_256_rows_in_no_more_waves_time():
    """Swapped 128-row tiles in 4x1 clusters over several waves take 256 rows of N, same width, cluster and walk,
    where the whole waves take no longer; where 256 rows take more waves' time, or one wave holds the tiles, or the
    problem is batched, the 128-row tiles stay."""
    from gemm._sm90_config import Sm90Config
    from gemm._sm90_heuristic import _wave_time, _wide_fours, default_config

    swap = dict(raster_along_m=False, swap_ab=True)
    # 400 weight tiles: four waves of 30 clusters of four in 128 rows, two in 256 (cuBLAS's 256x136 4x1).
    old = Sm90Config(128, 136, 4, 1, **swap)
    assert _wave_time(136, 51200, 1, Sm90Config(256, 136, 4, 1, **swap)) == _wave_time(136, 51200, 1, old)
    assert default_config(136, 51200, 5120, 1) == Sm90Config(256, 136, 4, 1, **swap)
    assert default_config(472, 19456, 2560, 1) == Sm90Config(256, 160, 4, 1, gpc_order=True, **swap)
    # 320 weight tiles: three waves in 128 rows (2.7), two in 256 (1.3): 256 rows take more waves' time.
    assert default_config(152, 40960, 7168, 1) == Sm90Config(128, 152, 4, 1, pingpong=True, **swap)
    # One wave, and a batched problem.
    one_wave = Sm90Config(128, 112, 4, 1, swap_ab=True)
    assert _wide_fours(320, 3840, 1, one_wave) == one_wave
    assert _wide_fours(136, 51200, 2, old) == old


def test_narrow_split_over_odd_row_pairs_takes_clusters_of_four():
    """Split-K over 128-row tiles at most 128 wide in 2x1 clusters, over an odd count (three or more) of row-tile
    pairs, from K = 16384: 2x2 clusters whose runs fill 24-30 clusters of four, every tile in as many runs. Not for
    an even count of pairs, one pair, a wider 2x1 tile, K = 8192, or M-major A."""
    from gemm._sm90_config import Sm90Config
    from gemm._sm90_heuristic import _CLUSTERS_OF_FOUR, _cdiv, default_config

    assert default_config(768, 768, 32768, 1) == Sm90Config(128, 192, 2, 2, split_k=5, narrow_partials=True)  # was 128x112 c2x1 split3
    assert default_config(768, 512, 32768, 1) == Sm90Config(128, 128, 2, 2, split_k=5, narrow_partials=True)  # was 128x80 c2x1 split3
    assert default_config(768, 1152, 32768, 1) == Sm90Config(128, 192, 2, 2, split_k=3, narrow_partials=True)  # was 128x112 c2x1 split2
    assert default_config(1280, 768, 32768, 1) == Sm90Config(128, 192, 2, 2, split_k=3, narrow_partials=True)  # five pairs
    for m, n, k in ((768, 768, 32768), (768, 512, 16384), (768, 384, 32768), (768, 1152, 32768), (1280, 768, 32768)):
        config = default_config(m, n, k, 1)
        tiles = _cdiv(m, 256) * _cdiv(n, 2 * config.tile_n)
        assert 24 <= tiles * config.split_k <= _CLUSTERS_OF_FOUR  # every run within one tile
        assert _cdiv(n, config.tile_n) % 2 == 0 and m % 256 == 0  # no empty tile
    assert default_config(1024, 1024, 16384, 1).cluster_n == 1  # four pairs
    assert default_config(256, 4096, 16384, 1).cluster_n == 1  # one pair
    assert default_config(768, 1024, 16384, 1).cluster_n == 1  # 128x208 in 2x1
    assert default_config(768, 768, 8192, 1).cluster_n == 1  # K = 8192
    assert default_config(768, 768, 32768, 1, a_major="m").cluster_n == 1


def test_split_over_odd_row_tiles_runs_unpaired():
    """Split-K over an odd count of 128-row tiles, at least 128 wide, at most split 4, in 2x1 clusters (an empty row
    tile per column) runs the same tiles and split in 1x1 clusters; not at split 8, not for narrow tiles, an even count
    of row tiles, batches, an M-major A, nor where 1x1's fewer CTAs would change the split."""
    from gemm._sm90_config import Sm90Config
    from gemm._sm90_heuristic import _split_unpaired_over_odd_rows, default_config

    assert default_config(896, 896, 32768, 1) == Sm90Config(128, 224, 1, 1, split_k=4, narrow_partials=True)
    assert default_config(384, 1024, 8192, 1) == Sm90Config(128, 128, 1, 1, split_k=4, narrow_partials=True)
    assert default_config(800, 640, 8192, 1) == Sm90Config(128, 160, 1, 1, split_k=4, narrow_partials=True)
    assert default_config(864, 512, 16384, 1).cluster_m == 2  # split 8: a wash
    assert default_config(896, 896, 32768, 1, a_major="m").cluster_m == 2
    assert default_config(896, 896, 32768, 2).cluster_m == 2
    assert default_config(1024, 1024, 16384, 1).cluster_m == 2  # eight row tiles: none empty
    narrow = Sm90Config(128, 112, 2, 1, split_k=4)
    assert _split_unpaired_over_odd_rows(896, 896, 32768, 1, "k", "k", narrow) is None
    paired = Sm90Config(128, 224, 2, 1, split_k=4)
    assert _split_unpaired_over_odd_rows(896, 896, 8192, 1, "k", "k", paired) == Sm90Config(128, 224, 1, 1, split_k=4)
    # 8 x 6 = 48 CTAs in 2x1 split 2; 1x1's 42 would split 3: another tiling, not measured
    assert _split_unpaired_over_odd_rows(896, 1344, 8192, 1, "k", "k", Sm90Config(128, 224, 2, 1, split_k=2)) is None


def test_skinny_split_at_long_k_takes_a_128_row_tile():
    """64 < M <= 128 from K = 32768, one problem, K-major: 128x128 tiles in 1x2 clusters split over K where they split
    four ways or more (cuBLAS's tiling on 128x4096x32768); a shorter K, fewer splits, a batch, an M-major A and
    M <= 64 keep the 64-row tiles."""
    from gemm._sm90_config import Sm90Config
    from gemm._sm90_heuristic import _skinny_split_at_long_k, default_config

    for (m, n, k), split in {(128, 4096, 32768): 4, (96, 4096, 32768): 4, (128, 2048, 32768): 8,
                             (128, 1024, 65536): 16}.items():
        assert default_config(m, n, k, 1) == Sm90Config(128, 128, 1, 2, split_k=split, narrow_partials=True), (m, n, k)
    for mnkl in [(128, 4096, 16384, 1), (128, 8192, 32768, 1), (64, 4096, 32768, 1)]:
        assert default_config(*mnkl).tile_m == 64, mnkl
    assert _skinny_split_at_long_k(128, 4096, 32768, 2, "k", "k") is None
    assert _skinny_split_at_long_k(128, 4096, 32768, 1, "m", "k") is None
    assert _skinny_split_at_long_k(128, 4096, 32768, 1, "k", "n") is None


def test_last_arrival_flag_forces_the_last_arrival_fixup():
    """`last_arrival` sums a split tile by its last arrival past `LAST_ARRIVAL_MAX_BYTES`; it needs split-K."""
    from gemm._sm90_config import Sm90Config

    assert not Sm90Config(128, 256, split_k=16).fixup_by_last
    assert Sm90Config(128, 256, split_k=16, last_arrival=True).fixup_by_last
    with pytest.raises(ValueError, match="last_arrival needs split_k"):
        Sm90Config(128, 256, stream_k=True, last_arrival=True)


def test_pingpong_over_waves():
    """A cooperative 128-row tile a ping-pong warpgroup can hold, two tiles per SM or more, runs ping-pong (one
    warpgroup's epilogue under the other's mainloop: ahead on the four problems measured, docs/sm90.md, thirty-second
    session); over two k-tiles a wider tile gives way to 128x128 ping-pong. Not under two tiles per SM, not split
    over K, not 256-row tiles, not a tile wider than 128x192 at one k-tile or at a longer K."""
    from gemm._sm90_config import Sm90Config
    from gemm._sm90_heuristic import default_config

    swap = dict(raster_along_m=False, swap_ab=True)
    assert default_config(744, 7680, 5120, 1) == Sm90Config(128, 176, 2, 1, pingpong=True)
    assert default_config(472, 37888, 3584, 1) == Sm90Config(128, 160, 2, 1, pingpong=True, **swap)
    assert default_config(300, 4096, 6400, 16) == Sm90Config(128, 152, 1, 2, pingpong=True, **swap)
    assert default_config(2048, 2048, 128, 40) == Sm90Config(128, 128, 2, 1, pingpong=True)
    assert default_config(1024, 1024, 64, 48) == Sm90Config(128, 256, 2, 1, swizzle=8)  # one k-tile
    # 128 and 132 tiles: one per SM, nothing for an epilogue to hide under.
    assert default_config(256, 7168, 16384, 1) == Sm90Config(128, 112, 2, 1)
    assert default_config(1024, 2304, 16384, 1) == Sm90Config(128, 144, 2, 1)
    assert default_config(512, 1536, 32768, 1).split_k > 1 and not default_config(512, 1536, 32768, 1).pingpong
    assert not default_config(333, 32768, 6144, 1).pingpong  # 256x168: two warpgroups' rows
    assert default_config(1250, 25600, 4096, 1) == Sm90Config(128, 224, 2, 1)  # wider than 128x192, K of 64 k-tiles


def test_many_waves_paired_along_n():
    """Many waves of 128x256 tiles over an odd count of row tiles pair along N (1x2): 2x1 clusters would pad each
    column with an empty CTA (docs/sm90.md, thirty-third session). Not where the rows pair, nor where the columns do
    not."""
    from gemm._sm90_config import Sm90Config
    from gemm._sm90_heuristic import default_config

    streamed = dict(swizzle=8, stream_k=True)
    assert default_config(1900, 24576, 4096, 1) == Sm90Config(128, 256, 1, 2, **streamed)  # 15 row tiles
    assert default_config(3700, 16384, 4096, 1) == Sm90Config(128, 256, 1, 2, **streamed)  # 29
    assert default_config(4096, 24576, 4096, 1) == Sm90Config(128, 256, 2, 1, **streamed)  # 32: the rows pair
    assert default_config(1900, 24320, 4096, 1) == Sm90Config(128, 256, 2, 1, **streamed)  # 95 column tiles


def test_split_width_cutting_n():
    """A split-K choice in 1x1 clusters whose column tiles pad N by 6% or more takes the next wider width that cuts N
    into whole tiles and still splits (docs/sm90.md, thirty-fourth session); not where no such width exists, nor
    where the padding is smaller, nor in 2x1 clusters."""
    from gemm._sm90_config import Sm90Config
    from gemm._sm90_heuristic import default_config

    split2 = dict(split_k=2, narrow_partials=True)
    assert default_config(1152, 1152, 11664, 1) == Sm90Config(128, 192, 1, 1, **split2)  # 7 tiles of 176: 1232
    assert default_config(1152, 1160, 11664, 1) == Sm90Config(128, 176, 1, 1, **split2)  # no width of 16s cuts 1160
    assert default_config(1152, 1176, 11664, 1) == Sm90Config(128, 176, 1, 1, **split2)  # 1232 pads 1176 by 4.8%
    assert default_config(1280, 1280, 24000, 1) == Sm90Config(128, 224, 2, 1, **split2)  # 2x1: not this rule's


def test_whole_unpaired_waves_keep_unswapped():
    """`_waves_swap`'s 4x1 tiling does not replace an unswapped choice that runs unpaired over several waves of row
    tiles that M fills, from K = 16384 (docs/sm90.md, thirty-fourth session, gemm40): the unswapped 128x192 tiles
    stay, paired along N where their columns pair, in ping-pong over their three waves; not where the row tiles pad
    M, nor at a shorter K."""
    from gemm._sm90_config import Sm90Config
    from gemm._sm90_heuristic import default_config

    assert default_config(640, 14848, 59392, 1) == Sm90Config(128, 192, 1, 2, pingpong=True)  # 78 column tiles
    assert default_config(640, 14336, 28672, 1) == Sm90Config(128, 192, 1, 1, pingpong=True)  # 75: unpaired
    four = dict(cluster_m=4, cluster_n=1, raster_along_m=False, swap_ab=True, gpc_order=True)
    assert default_config(600, 9216, 8192, 1) == Sm90Config(128, 120, pingpong=True, **four)  # 600 rows pad 640
    assert default_config(640, 14848, 8192, 1) == Sm90Config(128, 216, **four)  # K = 8192


def test_many_waves_swapped_over_few_row_tiles():
    """The many-wave 128x256 tiling in 2x1 clusters over an even count of at most 26 row tiles runs swapped, walked
    N-first, with stream-K only where its last wave is under a quarter full (docs/sm90.md, thirty-fourth session,
    gemm43). Not over 28 row tiles or more, nor an odd count, nor batched, nor with an N-major B."""
    from gemm._sm90_config import Sm90Config
    from gemm._sm90_heuristic import default_config

    swapped = dict(raster_along_m=False, swap_ab=True)
    assert default_config(2048, 24576, 4096, 1) == Sm90Config(128, 256, 2, 1, **swapped)  # 16 row tiles
    assert default_config(2222, 20480, 4096, 1) == Sm90Config(128, 256, 2, 1, **swapped)  # last wave 91% full
    assert default_config(3210, 11520, 2304, 1) == Sm90Config(128, 256, 2, 1, **swapped)  # 26 row tiles
    assert default_config(3000, 14336, 4096, 1) == Sm90Config(128, 256, 2, 1, stream_k=True, **swapped)  # 18% full
    many = dict(swizzle=8, stream_k=True)
    assert default_config(3584, 16384, 3072, 1) == Sm90Config(128, 256, 2, 1, swizzle=8)  # 28 row tiles
    assert default_config(4096, 14336, 4096, 1) == Sm90Config(128, 256, 2, 1, **many)  # 32
    assert default_config(1900, 24320, 4096, 1) == Sm90Config(128, 256, 2, 1, **many)  # 15: odd
    assert default_config(2048, 2048, 64, 16) == Sm90Config(128, 256, 2, 1, swizzle=8)  # batched
    assert default_config(2222, 20480, 4096, 1, b_major="n") == Sm90Config(128, 256, 2, 1, **many)
