"""alexarmbr/cute_kernels' CuTeDSL learning kernels (repository root, first commit), loaded from the pinned GitHub tree.

The tree was written against CuTeDSL 4.0 / 4.1 (June 2025). CuTeDSL 4.8.1 moved or renamed five names it calls; they
are given back here under their old names, each mapped to what 4.8.1 calls it, so the kernels compile unchanged:
`cutlass.utils.{CooperativeGroup, Agent, make_pipeline_state, PipelineUserType}` (now `cutlass.pipeline`),
`cutlass.utils.PipelineTmaAsync.create` (now `cutlass.pipeline`; its CTA layout, which the tree passes as (M, N, K),
is given the leading size-1 V mode 4.8.1 reads), `cpasync.make_tma_tile_atom` (now `make_tiled_tma_atom`), `cutlass.range_dynamic` (now `cutlass.range`) and, for
matmul_3's hand-made barriers, `cute.arch.mbarrier_init_arrive_cnt` / `mbarrier_init_tx_bytes` (now `mbarrier_init` /
`mbarrier_arrive_and_expect_tx`). None of them makes or reshapes a tensor the kernels bind.
"""

import os
import sys

from _common import github_source

SOURCE = ("alexarmbr/cute_kernels", "2c2a50d4c7979aabda49bfce318ecc032386cb73")


class _TmaAsyncPipeline:
    """4.1's `cutlass.utils.PipelineTmaAsync`, whose `create` took an (M, N, K) CTA layout."""

    @staticmethod
    def create(*, cta_layout_vmnk=None, **kwargs):
        from cutlass import cute, pipeline

        if cta_layout_vmnk is not None and cute.rank(cta_layout_vmnk) == 3:
            cta_layout_vmnk = cute.make_layout((1, *cta_layout_vmnk.shape))
        return pipeline.PipelineTmaAsync.create(cta_layout_vmnk=cta_layout_vmnk, **kwargs)


def _old_names() -> None:
    import cutlass
    import cutlass.cute
    import cutlass.utils
    from cutlass import pipeline
    from cutlass.cute.nvgpu import cpasync

    for name in ("CooperativeGroup", "Agent", "make_pipeline_state", "PipelineUserType"):
        if not hasattr(cutlass.utils, name):
            setattr(cutlass.utils, name, getattr(pipeline, name))
    cutlass.utils.PipelineTmaAsync = _TmaAsyncPipeline
    if not hasattr(cpasync, "make_tma_tile_atom"):
        cpasync.make_tma_tile_atom = cpasync.make_tiled_tma_atom
    if not hasattr(cutlass, "range_dynamic"):
        cutlass.range_dynamic = cutlass.range
    arch = cutlass.cute.arch
    if not hasattr(arch, "mbarrier_init_arrive_cnt"):
        arch.mbarrier_init_arrive_cnt = arch.mbarrier_init
    if not hasattr(arch, "mbarrier_init_tx_bytes"):
        arch.mbarrier_init_tx_bytes = arch.mbarrier_arrive_and_expect_tx


def module(name):
    """``<name>.py`` at the tree's root; the root joins sys.path because the modules import ``benchmark`` (a sibling,
    torch-facing: the stand-in answers it) as a top-level module."""
    from _packages import github_tree

    root = github_tree(SOURCE[0])
    if root not in sys.path:
        sys.path.insert(0, root)
    loaded = github_source(SOURCE[0], "", name)
    _old_names()
    return loaded
