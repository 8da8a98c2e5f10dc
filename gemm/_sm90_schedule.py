"""Which tiles, and which k-tiles of them, each cluster of the persistent SM90 GEMM computes.

Data-parallel: with C clusters in the grid, cluster c takes the (cluster) tiles c, c + C, c + 2C, ...,
each whole. A last partial wave then leaves clusters idle: at 4096^3 with 128x256 tiles, 116 of 132
CTAs work in the fourth wave, which costs as long as a full one.

Stream-K (`Sm90Config.stream_k`): the last partial wave (with the full wave before it when the tail is
small) is cut instead into C runs of k-tiles of equal length, one per cluster, in tile order. A run
covers the end of one tile, whole tiles, then the start of another. A run that starts a tile (k_begin == 0) but stops short finishes it:
it adds the partial sums that the clusters after it wrote to the workspace, then stores D. A run that
starts inside a tile writes its partial sum and raises its flag. Such a run is always its cluster's first
stream-K unit and a finishing run its last, so a cluster only ever waits on work its peers did first.
All clusters of the grid are resident at once (the grid is sized to the GPU), so the waits end.

Units are whole cluster tiles: the CTAs of a cluster walk the same k-tiles, which multicast needs.
"""
from __future__ import annotations

import cutlass
import cutlass.cute as cute
from cutlass import Int32


@cute.jit
def work_split(total_tiles: Int32, num_clusters: Int32, cluster_idx: Int32, k_tiles: Int32, stream_k: bool):
    """(dp_end, sk_total, sk_begin, sk_end): tiles below dp_end are whole (data-parallel); this cluster's
    stream-K run is [sk_begin, sk_end) of the sk_total k-tiles of the tiles from dp_end on."""
    dp_end = total_tiles
    sk_total = Int32(0)
    sk_begin = Int32(0)
    sk_end = Int32(0)
    if cutlass.const_expr(stream_k):
        full_waves = total_tiles // num_clusters
        tail = total_tiles - full_waves * num_clusters
        # A tail of half a wave or more is split alone (each tile in two or three runs). A smaller one
        # takes the full wave before it along, so that no tile is cut into more than three runs: a
        # finisher reads its peers' partial sums one after the other.
        sk_tiles = tail
        if 2 * tail < num_clusters and full_waves > 0:
            sk_tiles = tail + num_clusters
        # At least two k-tiles per run keeps every cluster's run non-empty (a finisher counts on it).
        if tail > 0 and sk_tiles * k_tiles >= 2 * num_clusters:
            dp_end = total_tiles - sk_tiles
            sk_total = sk_tiles * k_tiles
            sk_begin = cluster_idx * sk_total // num_clusters
            sk_end = (cluster_idx + 1) * sk_total // num_clusters
    return dp_end, sk_total, sk_begin, sk_end


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


def contributes(peer: Int32, num_clusters: Int32, sk_total: Int32, tile_idx: Int32, dp_end: Int32, k_tiles: Int32):
    """Whether cluster `peer` wrote partial sums for stream-K tile `tile_idx`. The tile's finisher asks
    for its next clusters in turn (c + 1, c + 2, ...): each one whose run starts before the tile's end
    contributed."""
    return (peer < num_clusters) & (peer * sk_total // num_clusters < (tile_idx - dp_end + 1) * k_tiles)


@cute.jit
def tile_coord(sched_params, tile_idx: Int32, cta_coord_mnk):
    """(tile_m, tile_n, tile_l) of this CTA in cluster tile `tile_idx`, in the order
    `StaticPersistentTileScheduler` walks them (raster and swizzle of `sched_params`)."""
    layout = sched_params.problem_layout_ncluster_mnl
    cluster_m, cluster_n = sched_params.cluster_shape_mn
    if cutlass.const_expr(sched_params.swizzle_size == 1 and not sched_params.raster_along_m):
        count_n = cute.size(layout, mode=[1])
        count_mn = count_n * cute.size(layout, mode=[0])
        coord = (tile_idx % count_mn // count_n, tile_idx % count_n, tile_idx // count_mn)
    else:
        coord = layout.get_flat_coord(tile_idx)
    return (
        cute.arch.make_warp_uniform(Int32(coord[0]) * cluster_m + Int32(cta_coord_mnk[0])),
        cute.arch.make_warp_uniform(Int32(coord[1]) * cluster_n + Int32(cta_coord_mnk[1])),
        cute.arch.make_warp_uniform(Int32(coord[2])),
    )


def _slot_view(workspace: cute.Tensor, slot: Int32, thread: Int32, threads: int, values: int):
    """One thread's values in a CTA's workspace slot, value-major so that a warp's stores coalesce."""
    return cute.make_tensor(
        workspace.iterator + (slot * (threads * values) + thread),
        cute.make_layout(values, stride=threads),
    )


@cute.jit
def store_partial(acc: cute.Tensor, workspace: cute.Tensor, flags: cute.Tensor, slot: Int32,
                  thread: Int32, threads: cutlass.Constexpr, barrier):
    """Write this CTA's partial sums (`acc`, flat) to its slot, then raise the slot's flag."""
    values = cute.size(acc)
    view = _slot_view(workspace, slot, thread, threads, values)
    for v in cutlass.range_constexpr(values):
        view[v] = acc[v]
    # Every thread's stores reach the GPU scope before the one flag store that publishes them.
    cute.arch.fence_acq_rel_gpu()
    barrier.arrive_and_wait()
    if thread == 0:
        cute.arch.store(flags.iterator + slot, Int32(1), sem="release", scope="gpu")


@cute.jit
def add_partial(acc: cute.Tensor, workspace: cute.Tensor, flags: cute.Tensor, slot: Int32,
                thread: Int32, threads: cutlass.Constexpr, barrier):
    """Wait for `slot`'s flag, add its partial sums into `acc` (flat) and lower the flag for the next
    launch."""
    if thread == 0:
        ready = Int32(0)
        while ready == 0:
            ready = cute.arch.load(flags.iterator + slot, Int32, sem="acquire", scope="gpu")
        cute.arch.store(flags.iterator + slot, Int32(0))
    barrier.arrive_and_wait()
    cute.arch.fence_acq_rel_gpu()
    values = cute.size(acc)
    view = _slot_view(workspace, slot, thread, threads, values)
    for v in cutlass.range_constexpr(values):
        acc[v] = acc[v] + view[v]
