"""Which tiles, and which k-tiles of them, each cluster of the persistent SM90 GEMM computes.

Data-parallel: with C clusters in the grid, cluster c takes the (cluster) tiles c, c + C, c + 2C, ...,
each whole. A last partial wave then leaves clusters idle: at 4096^3 with 128x256 tiles, 116 of 132
CTAs work in the fourth wave, which costs as long as a full one.

Stream-K (`Sm90Config.stream_k`): the last partial wave (with the full wave before it when the tail is
small) is cut instead into C runs of k-tiles of equal length, one per cluster, in tile order. Split-K
(`Sm90Config.split_k` = s > 1): the whole problem is one such region, cut into min(C, tiles * s) runs,
so that each tile is shared by about s clusters. A run covers the end of one tile, whole tiles, then
the start of another; a whole tile is stored as in the data-parallel part.

The fixup: a unit that covers only part of its tile's k-tiles writes its fp32 partial sums to its own
workspace slot and counts itself in at the tile's counter (an atomic add). Then one of two ways
(`Sm90Config.fixup_by_last`, fixed per config):
- last arrival (split-K whose peers' sums are small): the unit that counts in last adds the other
  participants' sums to its accumulators and stores the tile through the usual epilogue; the others go
  on. Nobody waits: the last to arrive finds every other unit's sums published (released before their
  counts, acquired by its own).
- parallel (stream-K, and split-K whose last unit would read much): once a cluster has run all its
  units, it waits, for each tile it had a part in, until every participant has counted in, then sums
  one share of the tile's epilogue subtiles (the i-th of s participants takes subtiles i, i + s, ...)
  over all participants' slots and stores them, so the reads are spread over the participants. No one
  waits before its own mainloops are done, so every wait ends (all clusters of the grid are resident
  at once: the grid is sized to the GPU).

A cluster has at most two split units: the first of its run (it may start inside a tile) and the last
(it may stop inside one). The unit that starts at a tile's first k-tile (k_begin == 0) belongs to the
tile's first participant; every other participant's unit starts inside the tile. Hence each unit's
slot, (CTA, k_begin == 0), and each split tile's counter, named by its first participant.

Units are whole cluster tiles: the CTAs of a cluster walk the same k-tiles, which multicast needs.
"""
from __future__ import annotations

import cutlass
import cutlass.cute as cute
from cutlass import Int32


@cute.jit
def work_split(total_tiles: Int32, num_clusters: Int32, cluster_idx: Int32, k_tiles: Int32, stream_k: bool,
               split_k: int = 1):
    """(dp_end, sk_clusters, sk_total, sk_begin, sk_end): tiles below dp_end are whole (data-parallel); the
    sk_total k-tiles of the tiles from dp_end on are cut into sk_clusters runs, and this cluster's run is
    [sk_begin, sk_end) (empty for clusters past sk_clusters)."""
    dp_end = total_tiles
    sk_clusters = num_clusters
    sk_total = Int32(0)
    sk_begin = Int32(0)
    sk_end = Int32(0)
    if cutlass.const_expr(split_k > 1):
        dp_end = Int32(0)
        sk_total = total_tiles * k_tiles
        # About split_k runs per tile, and never an empty run (a participant count relies on it).
        sk_clusters = cutlass.min(cutlass.min(num_clusters, total_tiles * split_k), sk_total)
        if cluster_idx < sk_clusters:
            sk_begin = cluster_idx * sk_total // sk_clusters
            sk_end = (cluster_idx + 1) * sk_total // sk_clusters
    elif cutlass.const_expr(stream_k):
        full_waves = total_tiles // num_clusters
        tail = total_tiles - full_waves * num_clusters
        # A tail of half a wave or more is split alone (each tile in two or three runs). A smaller one
        # takes the full wave before it along, so that no tile is cut into more than three runs.
        sk_tiles = tail
        if 2 * tail < num_clusters and full_waves > 0:
            sk_tiles = tail + num_clusters
        # At least two k-tiles per run keeps every run non-empty and shorter units rare.
        if tail > 0 and sk_tiles * k_tiles >= 2 * num_clusters:
            dp_end = total_tiles - sk_tiles
            sk_total = sk_tiles * k_tiles
            sk_begin = cluster_idx * sk_total // num_clusters
            sk_end = (cluster_idx + 1) * sk_total // num_clusters
    return dp_end, sk_clusters, sk_total, sk_begin, sk_end


@cute.jit
def next_unit(idx: Int32, pos: Int32, step: Int32, dp_end: Int32, sk_end: Int32, k_tiles: Int32):
    """The next unit (tile_idx, k_begin, k_end) and the advanced cursors (idx, pos).

    idx walks the data-parallel tiles by `step`; once it passes dp_end, pos walks this cluster's
    stream-K run, one tile's share at a time. Loop while `has_unit(idx, pos, dp_end, sk_end)`.
    """
    tile_idx = idx
    k_begin = Int32(0)
    k_end = k_tiles
    if idx < dp_end:
        idx = idx + step
    else:
        t = pos // k_tiles
        tile_idx = dp_end + t
        k_begin = pos - t * k_tiles
        k_end = cutlass.min(k_tiles, sk_end - t * k_tiles)
        pos = t * k_tiles + k_end
    return tile_idx, k_begin, k_end, idx, pos


@cute.jit
def walks_backwards(tile_idx: Int32, num_clusters: Int32, serpentine: bool):
    """1 if the k-tiles of tile `tile_idx` are read last to first, else 0. Serpentine: a cluster's odd
    waves walk K backwards, so they start on the k-slices of A and B that the whole grid read last in
    the wave before (still in L2) instead of the first ones (long evicted). The consumers sum the
    k-tiles in whatever order they arrive."""
    backwards = Int32(0)
    if cutlass.const_expr(serpentine):
        backwards = (tile_idx // num_clusters) % 2
    return backwards


def k_tile_at(count: Int32, k_begin: Int32, k_end: Int32, backwards: Int32):
    """The k-tile a unit [k_begin, k_end) loads `count`-th: k_begin + count, or k_end - 1 - count."""
    return k_begin + count + backwards * (k_end - k_begin - 1 - 2 * count)


def has_unit(idx: Int32, pos: Int32, dp_end: Int32, sk_end: Int32):
    return (idx < dp_end) | (pos < sk_end)


def is_split(k_begin: Int32, k_end: Int32, k_tiles: Int32):
    """Whether a unit covers only part of its tile's k-tiles (its sums go through the workspace)."""
    return (k_begin > 0) | (k_end < k_tiles)


def participants(sk_tile: Int32, k_tiles: Int32, sk_clusters: Int32, sk_total: Int32):
    """(first, last) cluster whose run covers part of stream-K tile `sk_tile` (counted from dp_end): the
    clusters whose runs hold its first and its last k-tile (run c starts at c * sk_total // sk_clusters)."""
    first = ((sk_tile * k_tiles + 1) * sk_clusters - 1) // sk_total
    last = ((sk_tile + 1) * k_tiles * sk_clusters - 1) // sk_total
    return first, last


def split_units(sk_begin: Int32, sk_end: Int32, k_tiles: Int32):
    """(first_tile, first_split, last_tile, last_split): the stream-K tiles of a run's first and last
    units and whether each is split (the last counts only when it is another tile than the first)."""
    first_tile = sk_begin // k_tiles
    last_tile = (sk_end - 1) // k_tiles
    nonempty = sk_end > sk_begin
    first_split = nonempty & ((sk_begin > first_tile * k_tiles) | (sk_end < (first_tile + 1) * k_tiles))
    last_split = nonempty & (last_tile > first_tile) & (sk_end < (last_tile + 1) * k_tiles)
    return first_tile, first_split, last_tile, last_split


def slot_of(cta: Int32, starts_tile: Int32):
    """Workspace slot of a CTA's split unit: two per CTA, by whether the unit starts at k-tile 0."""
    return cta * 2 + starts_tile


def cluster_counts(sched_params):
    """(clusters along M, along N, batches): the problem's cluster tiles. The scheduler's own layout
    (`problem_layout_ncluster_mnl`) rounds the swizzled mode up to a multiple of the swizzle, and the
    tiles it adds would be computed for nothing (4096x11008 in 128x256 tiles, groups of 8: 48 columns of
    clusters for 43, 0.87x of cuBLAS against 1.00x in groups of 4; a 128-wide N in groups of 8: 8x the
    work), so the schedule counts and walks the tiles itself."""
    tiles_m, tiles_n, tiles_l = sched_params.problem_shape_ntile_mnl
    cluster_m, cluster_n = sched_params.cluster_shape_mn
    return (tiles_m + cluster_m - 1) // cluster_m, (tiles_n + cluster_n - 1) // cluster_n, tiles_l


@cute.jit
def cluster_coord(tile_idx: Int32, count_m: Int32, count_n: Int32, swizzle: cutlass.Constexpr,
                  raster_along_m: cutlass.Constexpr):
    """(m, n, l) of cluster tile `tile_idx`, in `StaticPersistentTileScheduler`'s order without its
    padding: batch after batch; in a batch, groups of `swizzle` columns of clusters (rows, when the
    raster runs along N) one after the other, each walked along M (N) with its columns (rows) varying
    fastest. Where `swizzle` does not divide the count, the last group is narrower."""
    per_batch = count_m * count_n
    l = tile_idx // per_batch
    rest = tile_idx - l * per_batch
    along = count_m if raster_along_m else count_n
    across = count_n if raster_along_m else count_m
    group = rest // (swizzle * along)
    width = cutlass.min(Int32(swizzle), across - group * swizzle)
    in_group = rest - group * swizzle * along
    a = in_group // width
    c = group * swizzle + in_group - a * width
    m, n = (a, c) if cutlass.const_expr(raster_along_m) else (c, a)
    return m, n, l


@cute.jit
def tile_coord(sched_params, tile_idx: Int32, cta_coord_mnk):
    """(tile_m, tile_n, tile_l) of this CTA in cluster tile `tile_idx` (`cluster_coord`, with the raster
    and swizzle of `sched_params`)."""
    count_m, count_n, _ = cluster_counts(sched_params)
    cluster_m, cluster_n = sched_params.cluster_shape_mn
    m, n, l = cluster_coord(tile_idx, count_m, count_n, sched_params.swizzle_size, sched_params.raster_along_m)
    return (
        cute.arch.make_warp_uniform(Int32(m) * cluster_m + Int32(cta_coord_mnk[0])),
        cute.arch.make_warp_uniform(Int32(n) * cluster_n + Int32(cta_coord_mnk[1])),
        cute.arch.make_warp_uniform(Int32(l)),
    )


def _subtile_view(workspace: cute.Tensor, slot: Int32, subtile, thread: Int32, threads: int, values: int,
                  subtile_values: int):
    """One thread's values of one epilogue subtile in a workspace slot. A slot holds a tile value-major
    (value v of thread t at v * threads + t) so that a warp's accesses coalesce; the values of a thread
    are in the epilogue's order, subtile after subtile."""
    return cute.make_tensor(
        workspace.iterator + (slot * (threads * values) + subtile * (subtile_values * threads) + thread),
        cute.make_layout(subtile_values, stride=threads),
    )


def partial_words(values: int, partial_dtype) -> int:
    """fp32 workspace words that `values` partial sums take: one each in fp32, two to a word in a 16-bit dtype."""
    return values * partial_dtype.width // 32


@cute.jit
def _store_values(view: cute.Tensor, src: cute.Tensor, count: int, partial_dtype: cutlass.Constexpr, scale):
    """view[...] = src[:count] (fp32 values), as fp32 words or, times `scale`, rounded to `partial_dtype` two to
    a word (values 2w and 2w + 1 in word w)."""
    if cutlass.const_expr(partial_dtype.width == 32):
        for v in cutlass.range_constexpr(count):
            view[v] = src[v]
    else:
        wide = cute.make_rmem_tensor(count, cutlass.Float32)
        for v in cutlass.range_constexpr(count):
            wide[v] = src[v] * scale
        narrow = cute.make_rmem_tensor(count, partial_dtype)
        narrow.store(wide.load().to(partial_dtype))
        words = cute.recast_tensor(narrow, cutlass.Float32)
        for w in cutlass.range_constexpr(count // 2):
            view[w] = words[w]


@cute.jit
def _widened(words: cute.Tensor, count: int, partial_dtype: cutlass.Constexpr):
    """The fp32 values of `count` partial sums loaded as workspace words (`_store_values`' order)."""
    if cutlass.const_expr(partial_dtype.width == 32):
        return words
    wide = cute.make_rmem_tensor(count, cutlass.Float32)
    wide.store(cute.recast_tensor(words, partial_dtype).load().to(cutlass.Float32))
    return wide


@cute.jit
def store_partial(acc: cute.Tensor, workspace: cute.Tensor, flags: cute.Tensor, slot: Int32, counter: Int32,
                  count: Int32, thread: Int32, threads: cutlass.Constexpr, barrier, last_flag: cute.Tensor,
                  by_last: cutlass.Constexpr, partial_dtype: cutlass.Constexpr, scale: cutlass.Float32):
    """Write this CTA's partial sums (`acc`, indexed in the epilogue's value order; in `partial_dtype`, a
    16-bit one times `scale`) to `slot` and count the unit in at its tile's `counter`, of `count` participants. With `by_last` (the
    last-arrival fixup) returns 1 in every thread if this unit counted in last (it then adds the others'
    sums and stores the tile), else 0, and the last one sets the counter back to zero for the next launch:
    every other participant has counted in by then, and a counter serves one split tile per launch. Without
    it returns 0 (the parallel fixup, after the cluster's units, stores the tile)."""
    words = partial_words(cute.size(acc), partial_dtype)
    view = _subtile_view(workspace, slot, 0, thread, threads, words, words)
    _store_values(view, acc, cute.size(acc), partial_dtype, scale)
    # The barrier orders every thread's stores before thread 0's count, whose release (cumulative)
    # publishes them all at GPU scope, as CUTLASS's split-K semaphore does; a fence in every thread
    # cost 0.4-1.3 us a launch (docs/sm90.md).
    barrier.arrive_and_wait()
    last = Int32(0)
    if cutlass.const_expr(by_last):
        if thread == 0:
            # The acquire half makes the peers' sums visible to the one that counts in last.
            before = cute.arch.atomic_add(flags.iterator + counter, Int32(1), sem="acq_rel", scope="gpu")
            came_last = Int32(0)
            if before == count - 1:
                came_last = Int32(1)
                cute.arch.store(flags.iterator + counter, Int32(0))
            last_flag[0] = came_last
        # Thread 0's acquire, then the barrier, orders every thread's reads of the peers' slots after it.
        barrier.arrive_and_wait()
        last = last_flag[0]
    else:
        if thread == 0:
            cute.arch.atomic_add(flags.iterator + counter, Int32(1), sem="release", scope="gpu")
    return last


def peer_slot(peer: Int32, first: Int32, cluster_size: cutlass.Constexpr, rank: Int32):
    """Workspace slot of participant (cluster) `peer`'s unit of the tile whose first participant is
    `first`, for its CTA of cluster rank `rank`: only the first participant's unit starts the tile."""
    return slot_of(peer * cluster_size + rank, Int32(peer == first))


# Workspace words (fp32, or two 16-bit sums) a thread has in flight at once when it adds its peers' sums: enough to hide L2's
# latency over a few peers, few enough beside a 128x256 tile's 128 accumulators per thread.
LOADS_IN_FLIGHT = 64


@cute.jit
def add_peers(acc: cute.Tensor, workspace: cute.Tensor, first: Int32, last: Int32, me: Int32,
              cluster_size: cutlass.Constexpr, rank: Int32, thread: Int32, threads: cutlass.Constexpr,
              partial_dtype: cutlass.Constexpr, scale: cutlass.Float32):
    """acc += the partial sums of the tile's other participants first..last (clusters, all but `me`), from
    their slots, in `acc`'s value order; 16-bit sums were stored times `scale`, so acc is scaled first. Loads of up to four peers are issued together (eight of 16-bit
    sums), so a chunk of values costs one round trip to L2 per batch of peers instead of one per peer; a
    batch that runs past `last` re-reads the last slot and leaves it out of the sum."""
    values = cute.size(acc)
    words = partial_words(values, partial_dtype)
    chunk = values if values <= LOADS_IN_FLIGHT else values // 2
    chunk_words = partial_words(chunk, partial_dtype)
    batch = max(1, min(4 * 32 // partial_dtype.width, LOADS_IN_FLIGHT // chunk_words))
    loaded = [cute.make_rmem_tensor(chunk_words, cutlass.Float32) for _ in range(batch)]
    if cutlass.const_expr(partial_dtype.width == 16):
        for v in cutlass.range_constexpr(values):
            acc[v] = acc[v] * scale
    for c in cutlass.range_constexpr(values // chunk):
        for peers in range(first, last + 1, batch):
            for u in cutlass.range_constexpr(batch):
                peer = cutlass.min(peers + u, last)
                view = _subtile_view(workspace, peer_slot(peer, first, cluster_size, rank), 0, thread, threads, words,
                                     words)
                for w in cutlass.range_constexpr(chunk_words):
                    loaded[u][w] = view[c * chunk_words + w]
            for u in cutlass.range_constexpr(batch):
                if (peers + u <= last) & (peers + u != me):
                    peer_values = _widened(loaded[u], chunk, partial_dtype)
                    for v in cutlass.range_constexpr(chunk):
                        acc[c * chunk + v] = acc[c * chunk + v] + peer_values[v]


# A tile's counter: participants that wrote their sums in the low bits, those done reading above.
_DONE = 1 << 16


@cute.jit
def wait_participants(flags: cute.Tensor, counter: Int32, count: Int32, thread: Int32, barrier):
    """Block until `count` participants have counted in at `counter`."""
    if thread == 0:
        arrived = Int32(0)
        while arrived < count:
            arrived = cute.arch.load(flags.iterator + counter, Int32, sem="acquire", scope="gpu") % _DONE
    # Thread 0's acquire, then the barrier, orders every thread's reads of the slots after it.
    barrier.arrive_and_wait()


# Participants whose slots a fixup reads in one batch: their loads are issued together, so a subtile
# costs one round trip to L2 per batch instead of one per participant.
PEERS_PER_BATCH = 4


@cute.jit
def sum_subtile(dst: cute.Tensor, workspace: cute.Tensor, first: Int32, last: Int32, cluster_size: cutlass.Constexpr,
                rank: Int32, subtile: Int32, thread: Int32, threads: cutlass.Constexpr, values: cutlass.Constexpr,
                partial_dtype: cutlass.Constexpr):
    """dst (one subtile's values, fp32) = the sum of that subtile over the slots of the tile's participants
    first..last (clusters; each participant's slot is that of its CTA of cluster rank `rank`). A batch
    that runs past `last` re-reads the last slot and leaves it out of the sum; a batch of 16-bit sums
    holds twice the participants, the same bytes in flight."""
    subtile_values = cute.size(dst)
    subtile_words = partial_words(subtile_values, partial_dtype)
    words = partial_words(values, partial_dtype)
    batch = PEERS_PER_BATCH * 32 // partial_dtype.width
    loaded = [cute.make_rmem_tensor(subtile_words, cutlass.Float32) for _ in range(batch)]
    dst.fill(0.0)
    for peers in range(first, last + 1, batch):
        for u in cutlass.range_constexpr(batch):
            peer = cutlass.min(peers + u, last)
            view = _subtile_view(workspace, peer_slot(peer, first, cluster_size, rank), subtile,
                                 thread, threads, words, subtile_words)
            for w in cutlass.range_constexpr(subtile_words):
                loaded[u][w] = view[w]
        for u in cutlass.range_constexpr(batch):
            if peers + u <= last:
                peer_values = _widened(loaded[u], subtile_values, partial_dtype)
                for v in cutlass.range_constexpr(subtile_values):
                    dst[v] = dst[v] + peer_values[v]


@cute.jit
def leave(flags: cute.Tensor, counter: Int32, count: Int32, thread: Int32, barrier):
    """Count this participant out once its threads have read their share; the last one out resets the
    counter to zero for the next launch."""
    barrier.arrive_and_wait()
    if thread == 0:
        before = cute.arch.atomic_add(flags.iterator + counter, Int32(_DONE), sem="acq_rel", scope="gpu")
        if before == count + (count - 1) * _DONE:
            cute.arch.store(flags.iterator + counter, Int32(0))


# The GPC order's flags (`Sm90Config.gpc_order`, filled by `gemm._sm90_gpc.gpc_flags`): per-launch claims and
# counters, which every launch leaves at zero, then the card's SM groups (GPCs), written once by the host.
GPC_MAX_CLUSTERS = 256
GPC_MAX_GROUPS = 16
GPC_MAX_SMS = 256
CLAIMS = 0  # one per virtual cluster id: 1 once a cluster holds it
PROPOSED = CLAIMS + GPC_MAX_CLUSTERS  # one per group: ids of the group's range handed out so far
CLAIMED = PROPOSED + GPC_MAX_GROUPS  # clusters that hold their id
GROUP_OF_SM = CLAIMED + 1  # one per SM: its group, -1 where the probe placed none
GROUP_FIRST_ID = GROUP_OF_SM + GPC_MAX_SMS  # one per group: the first id of its range
GROUP_IDS = GROUP_FIRST_ID + GPC_MAX_GROUPS  # one per group: the ids in its range
SCAN_FROM = GROUP_IDS + GPC_MAX_GROUPS  # the first id of no group's range: where a search for a free one starts
GPC_FLAGS = SCAN_FROM + 1


@cute.jit
def claim_cluster_id(flags: cute.Tensor, sm: Int32, num_clusters: Int32):
    """A virtual cluster id in 0..num_clusters-1 that no other cluster of this launch holds: the next id of
    the range of the group (GPC) of SM `sm`, else, when the range is used up, taken by another cluster, or
    the SM in no group, the first free id from the unowned ones on (wrapping). Each cluster claims once and
    at most num_clusters - 1 ids are held by others, so the search ends and the ids are a bijection onto the
    clusters whatever the placement. Atomics only: nobody waits for another cluster."""
    claimed = Int32(-1)
    group = Int32(-1)
    if sm < GPC_MAX_SMS:
        group = flags[GROUP_OF_SM + sm]
    if group >= 0:
        proposed = cute.arch.atomic_add(flags.iterator + PROPOSED + group, Int32(1), sem="relaxed", scope="gpu")
        candidate = flags[GROUP_FIRST_ID + group] + proposed
        if (proposed < flags[GROUP_IDS + group]) & (candidate < num_clusters):
            if cute.arch.atomic_exch(flags.iterator + CLAIMS + candidate, Int32(1), sem="relaxed", scope="gpu") == 0:
                claimed = candidate
    scan = flags[SCAN_FROM]
    while claimed < 0:
        candidate = scan % num_clusters
        if cute.arch.atomic_exch(flags.iterator + CLAIMS + candidate, Int32(1), sem="relaxed", scope="gpu") == 0:
            claimed = candidate
        scan = scan + 1
    return claimed


@cute.jit
def release_claims(flags: cute.Tensor, num_clusters: Int32):
    """Count this cluster's claim in (after it, in causality order); the last of the launch's clusters sets
    the claims and counters back to zero for the next launch: every claim is made by then."""
    before = cute.arch.atomic_add(flags.iterator + CLAIMED, Int32(1), sem="acq_rel", scope="gpu")
    if before == num_clusters - 1:
        for cluster in range(num_clusters):
            cute.arch.store(flags.iterator + CLAIMS + cluster, Int32(0))
        for group in cutlass.range_constexpr(GPC_MAX_GROUPS):
            cute.arch.store(flags.iterator + PROPOSED + group, Int32(0))
        cute.arch.store(flags.iterator + CLAIMED, Int32(0))
