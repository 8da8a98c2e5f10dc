"""The card's SM groups (GPCs) for the SM90 GEMM's GPC order (`Sm90Config.gpc_order`), and its flags.

No special register names an SM's GPC, and the map differs between cards (their disabled TPCs differ). The
CTAs of one cluster always sit in one GPC, so a probe launches clusters of 16 (the largest, non-portable),
then of 8, one CTA per SM (by its SMEM), each CTA writing its `%smid`, and joins the SMs that shared a
cluster in any launch. On the H100 SXM the clusters of 16 find seven GPCs of 16 SMs and those of 8 part of
the eighth (docs/sm90.md, eighteenth and nineteenth sessions). SMs that no probe cluster reached stay in no
group: the kernel's claim (`gemm._sm90_schedule.claim_cluster_id`) gives their clusters free ids, and the
result stays right whatever the map says.
"""
from __future__ import annotations

import functools

import cutlass
import cutlass.cute as cute
from cutlass import Int64

from gemm import _sm90_schedule as schedule

PROBE_CLUSTER_SIZES = (16, 8)
# Launches per cluster size: the hardware places clusters a little differently each time.
PROBE_LAUNCHES = 3
# More than half of an SM's SMEM: one probe CTA per SM, so a cluster of 16 spans 16 SMs.
PROBE_SMEM_BYTES = 160 * 1024
# Each CTA stays this long, so that the launch's clusters are resident together and take different GPCs.
PROBE_STAY_NS = 20_000


@cute.kernel
def _probe_kernel(sms: cute.Tensor):
    """sms[CTA] = the SM it ran on."""
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    if tidx == 0:
        sms[bidx] = cute.arch.smid()
        start = cute.arch.globaltimer()
        now = start
        while now - start < Int64(PROBE_STAY_NS):
            now = cute.arch.globaltimer()


@cute.jit
def _probe(sms: cute.Tensor, cluster_size: cutlass.Constexpr, stream):
    _probe_kernel(sms).launch(
        grid=[cute.size(sms), 1, 1], block=[32, 1, 1], cluster=[cluster_size, 1, 1], smem=PROBE_SMEM_BYTES,
        stream=stream,
    )


def join_clusters(clusters) -> list:
    """The SM groups (sorted tuples, ordered by their first SM) that probe clusters join: SMs that shared a
    cluster are in one group (each cluster lists its CTAs' SMs; -1: a CTA that did not run).

    >>> join_clusters([[4, 5], [0, 1], [5, 6], [2, 3, -1]])
    [(0, 1), (2, 3), (4, 5, 6)]
    """
    parent = {}

    def root(sm):
        parent.setdefault(sm, sm)
        while parent[sm] != sm:
            parent[sm] = parent[parent[sm]]
            sm = parent[sm]
        return sm

    for cluster in clusters:
        placed = [sm for sm in cluster if sm >= 0]
        for sm in placed:
            parent[root(sm)] = root(placed[0])
    groups = {}
    for sm in list(parent):
        groups.setdefault(root(sm), []).append(sm)
    return sorted(tuple(sorted(members)) for members in groups.values())


@functools.lru_cache(maxsize=None)
def sm_groups(device_index: int) -> tuple:
    """The SM groups (GPCs, or parts of them) of one CUDA device, probed once per process."""
    import torch
    from cuda.bindings import driver as cuda_driver
    from cutlass.cute.runtime import from_dlpack

    clusters = []
    sm_count = torch.cuda.get_device_properties(device_index).multi_processor_count
    with torch.cuda.device(device_index):
        stream = cuda_driver.CUstream(torch.cuda.current_stream().cuda_stream)
        for cluster_size in PROBE_CLUSTER_SIZES:
            sms = torch.full((sm_count // cluster_size * cluster_size,), -1, dtype=torch.int32, device="cuda")
            probe = cute.compile(_probe, from_dlpack(sms), cluster_size, stream)
            for _ in range(PROBE_LAUNCHES):
                sms.fill_(-1)
                probe(from_dlpack(sms), stream)
                torch.cuda.synchronize()
                placed = sms.tolist()
                clusters.extend(placed[first:first + cluster_size] for first in range(0, len(placed), cluster_size))
    return tuple(join_clusters(clusters))


def gpc_flags(groups, cluster_size: int, clusters: int) -> list:
    """The GPC order's flags (`gemm._sm90_schedule`, `GPC_FLAGS` int32): zero claims and counters, each SM's
    group, and each group's range of virtual cluster ids, as many as the group holds clusters, one range after
    the other; the ids past the last range are left for clusters that find no id in theirs.

    >>> f = gpc_flags([(0, 1, 2, 3), (6, 7)], 2, 4)
    >>> f[schedule.GROUP_OF_SM:schedule.GROUP_OF_SM + 9], f[schedule.SCAN_FROM]
    ([0, 0, 0, 0, -1, -1, 1, 1, -1], 3)
    >>> f[schedule.GROUP_FIRST_ID:schedule.GROUP_FIRST_ID + 2], f[schedule.GROUP_IDS:schedule.GROUP_IDS + 2]
    ([0, 2], [2, 1])
    """
    flags = [0] * schedule.GPC_FLAGS
    flags[schedule.GROUP_OF_SM:schedule.GROUP_OF_SM + schedule.GPC_MAX_SMS] = [-1] * schedule.GPC_MAX_SMS
    next_id = 0
    for group, members in enumerate(list(groups)[:schedule.GPC_MAX_GROUPS]):
        for sm in members:
            if sm < schedule.GPC_MAX_SMS:
                flags[schedule.GROUP_OF_SM + sm] = group
        ids = min(len(members) // cluster_size, clusters - next_id)
        flags[schedule.GROUP_FIRST_ID + group] = next_id
        flags[schedule.GROUP_IDS + group] = ids
        next_id += ids
    flags[schedule.SCAN_FROM] = next_id
    return flags
