"""The SM90 kernel's tile schedule (`gemm._sm90_schedule`), run on the CPU.

The schedule's functions are CuTeDSL code; a host-side `cute.jit` walk calls the very functions the
kernel calls, for every cluster of a grid, and prints each unit of work. The test checks what the
kernel relies on: every k-tile of every tile is computed exactly once, data-parallel tiles are whole,
a unit's k-tiles are loaded in order, or in reverse on a cluster's odd waves when K walks serpentine,
stream-K runs are balanced, a run that contributes partial sums is its cluster's first stream-K unit and
a run that finishes a tile its last, and `contributes` (which peers a finisher waits on) names exactly
the clusters that wrote partial sums for its tile.

The walk runs in a subprocess (`--worker`): CUTE_DSL_ARCH is read once per process.
"""

import collections
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# (tiles, clusters, k-tiles per tile, stream_k, serpentine_k)
CASES = [
    (10, 4, 8, True, True),  # tail of half a wave: split alone, two runs per tile
    (9, 4, 8, True, True),  # small tail: the wave before it is split too, runs cross tile boundaries
    (7, 3, 5, True, True),  # runs of 6-7 k-tiles over tiles of 5
    (256, 66, 64, True, True),  # 4096^3 with 128x256 tiles in 2x1 clusters on an H100
    (128, 66, 128, True, True),  # 1024x8192x8192, same tiles
    (70, 66, 2, True, True),  # tiny tail, two k-tiles per tile: runs of two or three k-tiles
    (3, 66, 64, True, True),  # fewer tiles than clusters
    (3, 66, 1, True, True),  # too few k-tiles to give every cluster two: no stream-K
    (132, 66, 8, True, True),  # no tail: no stream-K
    (10, 4, 8, False, True),  # stream-K off: whole tiles only
    (256, 66, 64, False, True),  # 4096^3 without stream-K: four waves, two of them backwards
    (10, 4, 8, True, False),  # K walked forward everywhere
    (9, 4, 8, False, False),
]


def _worker():
    os.environ.setdefault("CUTE_DSL_ARCH", "sm_90a")
    sys.path.insert(0, ROOT)
    import cutlass
    import cutlass.cute as cute
    from cutlass import Int32

    from gemm import _sm90_schedule as schedule

    def make_walk(stream_k, serpentine):
        @cute.jit
        def walk(total_tiles: Int32, num_clusters: Int32, k_tiles: Int32):
            cute.printf("CASE %d %d %d " + f"{int(stream_k)} {int(serpentine)}", total_tiles, num_clusters, k_tiles)
            for c in range(num_clusters):
                dp_end, sk_total, sk_begin, sk_end = schedule.work_split(
                    total_tiles, num_clusters, c, k_tiles, cutlass.const_expr(stream_k)
                )
                cute.printf("C %d %d %d", c, dp_end, sk_total)
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
                    if (tile_idx >= dp_end) & (k_begin == 0) & (k_end < k_tiles):
                        peer = c + 1
                        while schedule.contributes(peer, num_clusters, sk_total, tile_idx, dp_end, k_tiles):
                            cute.printf("P %d %d %d", c, tile_idx, peer)
                            peer = peer + 1

        return walk

    walks = {}
    for tiles, clusters, k_tiles, stream_k, serpentine in CASES:
        if (stream_k, serpentine) not in walks:
            walks[stream_k, serpentine] = make_walk(stream_k, serpentine)
        walks[stream_k, serpentine](Int32(tiles), Int32(clusters), Int32(k_tiles))


@pytest.fixture(scope="module")
def walks():
    env = {**os.environ, "CUTE_DSL_ARCH": "sm_90a", "PYTHONWARNINGS": "ignore"}
    proc = subprocess.run([sys.executable, os.path.abspath(__file__), "--worker"],
                          capture_output=True, text=True, env=env, cwd=ROOT, timeout=600)
    assert proc.returncode == 0, proc.stderr[-4000:]
    cases, current = {}, None
    for line in proc.stdout.split("\n"):
        fields = line.split()
        if not fields or fields[0] not in ("CASE", "C", "U", "K", "P"):
            continue
        values = tuple(int(f) for f in fields[1:])
        if fields[0] == "CASE":
            current = {"clusters": {}, "units": collections.defaultdict(list), "peers": collections.defaultdict(set),
                       "backwards": collections.defaultdict(list), "loads": collections.defaultdict(list)}
            cases[values[:3] + (bool(values[3]), bool(values[4]))] = current
        elif fields[0] == "C":
            current["clusters"][values[0]] = values[1:]
        elif fields[0] == "P":
            current["peers"][values[1]].add(values[2])
        elif fields[0] == "K":
            current["loads"][values[0]][-1].append(values[1])
        else:
            current["units"][values[0]].append(values[1:4])
            current["backwards"][values[0]].append(values[4])
            current["loads"][values[0]].append([])
    return cases


def _case_id(case):
    return "t{}_c{}_k{}_{}_{}".format(*case[:3], "sk" if case[3] else "dp", "serp" if case[4] else "fwd")


@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_schedule_covers_every_k_tile_once_in_the_order_the_kernel_needs(walks, case):
    tiles, clusters, k_tiles, stream_k, _ = case
    walk = walks[case]
    assert sorted(walk["clusters"]) == list(range(clusters))
    (dp_end, sk_total), = set(walk["clusters"].values())

    # What the split promises: a tail is split only with stream-K on and two k-tiles per run.
    tail = tiles % clusters
    sk_tiles = tail + clusters if (2 * tail < clusters and tiles >= clusters) else tail
    splits = stream_k and tail > 0 and sk_tiles * k_tiles >= 2 * clusters
    assert dp_end == (tiles - sk_tiles if splits else tiles)
    assert sk_total == ((tiles - dp_end) * k_tiles if splits else 0)

    covered = collections.Counter()
    run_lengths, contributors = [], collections.defaultdict(set)
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
                # A contributor never waits: it is its cluster's first stream-K unit.
                assert i == 0, (c, sk_units)
                contributors[tile].add(c)
            elif k_end < k_tiles:
                # A finisher waits on its peers only after all its other work.
                assert i == len(sk_units) - 1, (c, sk_units)
    assert covered == collections.Counter((t, k) for t in range(tiles) for k in range(k_tiles))

    if splits:
        assert len(run_lengths) == clusters
        assert max(run_lengths) - min(run_lengths) <= 1 and min(run_lengths) >= 2
    else:
        assert run_lengths == []

    # A finisher adds the partial sums of the peers `schedule.contributes` names, as the kernel does:
    # those must be exactly the clusters that wrote partial sums for its tile.
    assert walk["peers"] == contributors
    whole_tiles = {t for units in walk["units"].values() for t, k_begin, k_end in units
                   if k_begin == 0 and k_end == k_tiles}
    split_tiles = set(range(tiles)) - whole_tiles
    assert set(contributors) == split_tiles


if __name__ == "__main__" and "--worker" in sys.argv:
    _worker()


@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_units_load_their_k_tiles_forward_or_on_odd_waves_backwards(walks, case):
    """The producer's load order (`k_tile_at`): each unit loads each of its k-tiles once, first to last,
    or last to first on the cluster's odd waves when K walks serpentine."""
    tiles, clusters, _, _, serpentine = case
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
