"""The SM90 kernel's tile schedule (`gemm._sm90_schedule`), run on the CPU.

The schedule's functions are CuTeDSL code; a host-side `cute.jit` walk calls the very functions the
kernel calls, for every cluster of a grid, and prints each unit of work and each fixup share. The test
checks what the kernel relies on: every k-tile of every tile is computed exactly once, data-parallel
tiles are whole, a unit's k-tiles are loaded in order, or in reverse on a cluster's odd waves when K
walks serpentine, stream-K and split-K runs are balanced and non-empty, only a run's first and last
units are split, the fixup (`split_units`, `participants`, `slot_of`, `peer_slot`) names exactly the
clusters that wrote partial sums for a tile, in distinct workspace slots, with one counter per split
tile; in the parallel fixup the participants' shares store every epilogue subtile of a split tile once,
and in the last-arrival fixup whichever unit counts in last reads every other participant's slot.

The walk runs in a subprocess (`--worker`): CUTE_DSL_ARCH is read once per process.
"""

import collections
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Epilogue subtiles per tile in the walk (128x128 tiles: four of 32 columns).
SUBTILES = 4

# (tiles, clusters, k-tiles per tile, stream_k, serpentine_k, split_k)
CASES = [
    (10, 4, 8, True, True, 1),  # tail of half a wave: split alone, two runs per tile
    (9, 4, 8, True, True, 1),  # small tail: the wave before it is split too, runs cross tile boundaries
    (7, 3, 5, True, True, 1),  # runs of 6-7 k-tiles over tiles of 5
    (256, 66, 64, True, True, 1),  # 4096^3 with 128x256 tiles in 2x1 clusters on an H100
    (128, 66, 128, True, True, 1),  # 1024x8192x8192, same tiles
    (70, 66, 2, True, True, 1),  # tiny tail, two k-tiles per tile: runs of two or three k-tiles
    (3, 66, 64, True, True, 1),  # fewer tiles than clusters: each tile in 22 runs, more than its subtiles
    (3, 66, 1, True, True, 1),  # too few k-tiles to give every cluster two: no stream-K
    (132, 66, 8, True, True, 1),  # no tail: no stream-K
    (10, 4, 8, False, True, 1),  # stream-K off: whole tiles only
    (256, 66, 64, False, True, 1),  # 4096^3 without stream-K: four waves, two of them backwards
    (10, 4, 8, True, False, 1),  # K walked forward everywhere
    (9, 4, 8, False, False, 1),
    (32, 132, 64, False, True, 4),  # split-K: 32 tiles in exactly 4 runs each, 4 clusters idle
    (33, 132, 64, False, True, 4),  # 132 runs over 33 tiles: exactly 4 each, none idle
    (40, 132, 64, False, True, 4),  # more runs wanted than clusters: runs of 19-20 k-tiles cross tiles
    (16, 66, 64, False, True, 3),  # three runs of 21-22 k-tiles per tile
    (4, 66, 2, False, True, 16),  # fewer k-tiles than runs wanted: one k-tile per run
    (300, 66, 16, False, True, 2),  # many waves: stream-K over the whole problem, runs of 4.5 tiles
]

# Cluster grids for `cluster_coord`: (clusters along M, along N, batches, swizzle, raster along M).
COORD_CASES = [
    (16, 43, 1, 8, True),  # 4096x11008 in 128x256 tiles, 2x1 clusters: 43 columns in groups of 8
    (8, 1, 32, 8, True),  # a 128-wide N, batched: one column, groups of 8
    (16, 24, 1, 8, True),  # groups that divide the columns: the scheduler's own order
    (8, 4, 3, 2, True),
    (12, 5, 2, 4, False),  # raster along N: groups of 4 rows, the last one of 4 then 4 then 4
    (7, 9, 1, 4, False),  # last group of 3 rows
    (5, 6, 2, 1, True),
    (5, 6, 2, 1, False),
]


def _worker():
    os.environ.setdefault("CUTE_DSL_ARCH", "sm_90a")
    sys.path.insert(0, ROOT)
    import cutlass
    import cutlass.cute as cute
    from cutlass import Int32

    from gemm import _sm90_schedule as schedule

    def make_walk(stream_k, serpentine, split_k):
        @cute.jit
        def walk(total_tiles: Int32, num_clusters: Int32, k_tiles: Int32):
            cute.printf("CASE %d %d %d " + f"{int(stream_k)} {int(serpentine)} {split_k}",
                        total_tiles, num_clusters, k_tiles)
            for c in range(num_clusters):
                dp_end, sk_clusters, sk_total, sk_begin, sk_end = schedule.work_split(
                    total_tiles, num_clusters, c, k_tiles, cutlass.const_expr(stream_k),
                    cutlass.const_expr(split_k),
                )
                cute.printf("C %d %d %d %d", c, dp_end, sk_total, sk_clusters)
                idx = c
                pos = sk_begin
                while schedule.has_unit(idx, pos, dp_end, sk_end):
                    tile_idx, k_begin, k_end, idx, pos = schedule.next_unit(
                        idx, pos, num_clusters, dp_end, sk_end, k_tiles
                    )
                    backwards = schedule.walks_backwards(tile_idx, num_clusters, cutlass.const_expr(serpentine))
                    cute.printf("U %d %d %d %d %d", c, tile_idx, k_begin, k_end, backwards)
                    for i in range(k_end - k_begin):
                        cute.printf("K %d %d", c, schedule.k_tile_at(i, k_begin, k_end, backwards))
                    if schedule.is_split(k_begin, k_end, k_tiles):
                        first, last = schedule.participants(tile_idx - dp_end, k_tiles, sk_clusters, sk_total)
                        cute.printf("W %d %d %d %d", c, tile_idx, schedule.slot_of(c, Int32(k_begin == 0)), first)
                        # The last-arrival fixup, should this unit count in last: the others' slots it adds.
                        for peer in range(first, last + 1):
                            if peer != c:
                                cute.printf("A %d %d %d", c, tile_idx, schedule.peer_slot(peer, first, 1, Int32(0)))
                # The parallel fixup, as the kernel runs it after its units.
                first_tile, first_split, last_tile, last_split = schedule.split_units(sk_begin, sk_end, k_tiles)
                for unit in cutlass.range_constexpr(2):
                    sk_tile = (first_tile, last_tile)[unit]
                    if (first_split, last_split)[unit]:
                        first, last = schedule.participants(sk_tile, k_tiles, sk_clusters, sk_total)
                        cute.printf("F %d %d %d %d", c, dp_end + sk_tile, first, last)
                        for peer in range(first, last + 1):
                            cute.printf("R %d %d %d", c, dp_end + sk_tile, schedule.peer_slot(peer, first, 1, Int32(0)))
                        for j in range(c - first, SUBTILES, last - first + 1):
                            cute.printf("S %d %d %d", c, dp_end + sk_tile, j)

        return walk

    @cute.jit
    def coords(count_m: Int32, count_n: Int32, count_l: Int32, swizzle: cutlass.Constexpr,
               raster_along_m: cutlass.Constexpr):
        cute.printf("GRID %d %d %d " + f"{swizzle} {int(raster_along_m)}", count_m, count_n, count_l)
        for idx in range(count_m * count_n * count_l):
            m, n, l = schedule.cluster_coord(idx, count_m, count_n, swizzle, raster_along_m)
            cute.printf("X %d %d %d %d", idx, m, n, l)

    for count_m, count_n, count_l, swizzle, raster_along_m in COORD_CASES:
        coords(Int32(count_m), Int32(count_n), Int32(count_l), swizzle, raster_along_m)

    walks = {}
    for tiles, clusters, k_tiles, stream_k, serpentine, split_k in CASES:
        key = (stream_k, serpentine, split_k)
        if key not in walks:
            walks[key] = make_walk(*key)
        walks[key](Int32(tiles), Int32(clusters), Int32(k_tiles))


@pytest.fixture(scope="module")
def walks():
    env = {**os.environ, "CUTE_DSL_ARCH": "sm_90a", "PYTHONWARNINGS": "ignore"}
    proc = subprocess.run([sys.executable, os.path.abspath(__file__), "--worker"],
                          capture_output=True, text=True, env=env, cwd=ROOT, timeout=600)
    assert proc.returncode == 0, proc.stderr[-4000:]
    cases, current = {}, None
    for line in proc.stdout.split("\n"):
        fields = line.split()
        if not fields or fields[0] not in ("GRID", "X", "CASE", "C", "U", "K", "W", "A", "F", "R", "S"):
            continue
        values = tuple(int(f) for f in fields[1:])
        if fields[0] == "GRID":
            current = []
            cases[values[:4] + (bool(values[4]),)] = current
        elif fields[0] == "X":
            current.append(values)
        elif fields[0] == "CASE":
            current = {"clusters": {}, "units": collections.defaultdict(list),
                       "backwards": collections.defaultdict(list), "loads": collections.defaultdict(list),
                       "writes": [], "fixups": [], "reads": collections.defaultdict(list), "shares": [],
                       "last_reads": collections.defaultdict(list)}
            cases[values[:3] + (bool(values[3]), bool(values[4]), values[5])] = current
        elif fields[0] == "C":
            current["clusters"][values[0]] = values[1:]
        elif fields[0] == "K":
            current["loads"][values[0]][-1].append(values[1])
        elif fields[0] == "W":
            current["writes"].append(values)
        elif fields[0] == "A":
            current["last_reads"][values[:2]].append(values[2])
        elif fields[0] == "F":
            current["fixups"].append(values)
        elif fields[0] == "R":
            current["reads"][values[:2]].append(values[2])
        elif fields[0] == "S":
            current["shares"].append(values)
        else:
            current["units"][values[0]].append(values[1:4])
            current["backwards"][values[0]].append(values[4])
            current["loads"][values[0]].append([])
    return cases


def _case_id(case):
    kind = "split{}".format(case[5]) if case[5] > 1 else ("sk" if case[3] else "dp")
    return "t{}_c{}_k{}_{}_{}".format(*case[:3], kind, "serp" if case[4] else "fwd")


@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_schedule_covers_every_k_tile_once_in_the_order_the_kernel_needs(walks, case):
    tiles, clusters, k_tiles, stream_k, _, split_k = case
    walk = walks[case]
    assert sorted(walk["clusters"]) == list(range(clusters))
    (dp_end, sk_total, sk_clusters), = set(walk["clusters"].values())

    # What the split promises: split-K shares out every tile over at most tiles * split_k runs; stream-K
    # splits a tail only with two k-tiles per run.
    tail = tiles % clusters
    sk_tiles = tail + clusters if (2 * tail < clusters and tiles >= clusters) else tail
    if split_k > 1:
        splits = True
        assert dp_end == 0 and sk_total == tiles * k_tiles
        assert sk_clusters == min(clusters, tiles * split_k, tiles * k_tiles)
    else:
        splits = stream_k and tail > 0 and sk_tiles * k_tiles >= 2 * clusters
        assert dp_end == (tiles - sk_tiles if splits else tiles)
        assert sk_total == ((tiles - dp_end) * k_tiles if splits else 0)
        assert sk_clusters == clusters

    covered = collections.Counter()
    run_lengths = []
    split_units = collections.defaultdict(set)
    for c in range(clusters):
        units = walk["units"][c]
        dp_units = [u for u in units if u[0] < dp_end]
        sk_units = units[len(dp_units):]
        assert dp_units == [(t, 0, k_tiles) for t in range(c, dp_end, clusters)]
        assert all(u[0] >= dp_end for u in sk_units)
        for tile, k_begin, k_end in units:
            assert 0 <= k_begin < k_end <= k_tiles
            covered.update((tile, k) for k in range(k_begin, k_end))
        if sk_units:
            run_lengths.append(sum(k_end - k_begin for _, k_begin, k_end in sk_units))
        for i, (tile, k_begin, k_end) in enumerate(sk_units):
            if k_begin > 0:
                # Only a run's first unit starts inside a tile, only its last stops inside one.
                assert i == 0, (c, sk_units)
            if k_end < k_tiles:
                assert i == len(sk_units) - 1, (c, sk_units)
            if k_begin > 0 or k_end < k_tiles:
                split_units[tile].add((c, k_begin == 0))
    assert covered == collections.Counter((t, k) for t in range(tiles) for k in range(k_tiles))

    if splits:
        assert len(run_lengths) == sk_clusters
        assert max(run_lengths) - min(run_lengths) <= 1
        assert min(run_lengths) >= (1 if split_k > 1 else 2)
    else:
        assert run_lengths == []

    # Each split unit writes its own slot; the counter of a tile is named by its first participant,
    # the one cluster whose unit starts at the tile's first k-tile.
    slots = [w[2] for w in walk["writes"]]
    assert len(slots) == len(set(slots)) == sum(len(u) for u in split_units.values())
    counters = {}
    for c, tile, slot, first in walk["writes"]:
        assert slot == 2 * c + (first == c)
        assert counters.setdefault(tile, first) == first
        assert (first, True) in split_units[tile]
    assert len(set(counters.values())) == len(counters)

    # The fixup: every cluster with a split unit takes part in that tile's fixup, reading every
    # participant's slot; together the participants store each subtile once.
    fixups = {(c, tile) for c, tile, _, _ in walk["fixups"]}
    assert fixups == {(c, tile) for tile, units in split_units.items() for c, _ in units}
    for c, tile, first, last in walk["fixups"]:
        assert set(range(first, last + 1)) == {p for p, _ in split_units[tile]}
        written = sorted(w[2] for w in walk["writes"] if w[1] == tile)
        assert sorted(walk["reads"][c, tile]) == written
    stored = collections.Counter((tile, j) for _, tile, j in walk["shares"])
    assert stored == collections.Counter((tile, j) for tile in split_units for j in range(SUBTILES))

    # The last-arrival fixup: whichever split unit of a tile counts in last reads every other
    # participant's slot, and only those.
    for c, tile, _, _ in walk["writes"]:
        others = sorted(w[2] for w in walk["writes"] if w[1] == tile and w[0] != c)
        assert sorted(walk["last_reads"][c, tile]) == others


def _scheduler_order(count_m, count_n, count_l, swizzle, raster_along_m):
    """(m, n, l) per index in the order of `StaticPersistentTileScheduler`'s swizzled layout, which
    holds where `swizzle` divides the grouped mode: along M, index = n0 + m * s + n1 * s * count_m
    (+ l * count_m * count_n) for column n = n1 * s + n0; along N the same with M and N swapped."""
    order = []
    along, across = (count_m, count_n) if raster_along_m else (count_n, count_m)
    for l in range(count_l):
        for group in range(across // swizzle):
            for a in range(along):
                for c0 in range(swizzle):
                    c = group * swizzle + c0
                    order.append((a, c, l) if raster_along_m else (c, a, l))
    return order


@pytest.mark.parametrize("grid", COORD_CASES, ids=lambda g: "m{}_n{}_l{}_sw{}{}".format(*g[:4], "m" if g[4] else "n"))
def test_cluster_coords_cover_the_grid_once_in_swizzle_groups(walks, grid):
    """`cluster_coord` maps the indices 0..tiles-1 onto every cluster tile once (no padding tiles),
    walks groups of `swizzle` columns (rows) one after the other, and where the swizzle divides the
    grid gives the persistent scheduler's own order."""
    count_m, count_n, count_l, swizzle, raster_along_m = grid
    coords = walks[grid]
    assert [c[0] for c in coords] == list(range(count_m * count_n * count_l))
    tiles = [c[1:] for c in coords]
    assert sorted(tiles) == sorted((m, n, l) for m in range(count_m) for n in range(count_n) for l in range(count_l))
    across = 1 if raster_along_m else 0
    groups = [t[across] // swizzle + t[2] * count_m * count_n for t in tiles]
    assert groups == sorted(groups)
    if (count_n if raster_along_m else count_m) % swizzle == 0:
        assert tiles == _scheduler_order(*grid)


if __name__ == "__main__" and "--worker" in sys.argv:
    _worker()


@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_units_load_their_k_tiles_forward_or_on_odd_waves_backwards(walks, case):
    """The producer's load order (`k_tile_at`): each unit loads each of its k-tiles once, first to last,
    or last to first on the cluster's odd waves when K walks serpentine."""
    tiles, clusters, _, _, serpentine, _ = case
    walk = walks[case]
    for c in range(clusters):
        for (tile, k_begin, k_end), backwards, loads in zip(
            walk["units"][c], walk["backwards"][c], walk["loads"][c], strict=True
        ):
            assert backwards == (serpentine and (tile // clusters) % 2 == 1)
            forward = list(range(k_begin, k_end))
            assert loads == (forward[::-1] if backwards else forward), (c, tile)
    if serpentine and tiles > clusters:
        # The second wave exists, so some cluster walks it backwards.
        assert any(any(b) for b in walk["backwards"].values())
