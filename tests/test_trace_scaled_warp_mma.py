"""A block-scaled warp MMA issued by hand (tests/kernels/scaled_warp_mma.py): its scale registers, element reads of
register arrays of their own, take the axes of the operand leaves their indices walk with; an SMEM buffer laid out
from a shape with one nested tile mode keeps its leaves apart; registers made from a bare shape take no CTA tile's
labels because their extents coincide."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "scaled_warp_mma.py")


@pytest.fixture(scope="module")
def events():
    return trace_json(f"{KERNEL}:compile_scaled", arch="sm_120a")


def test_scale_registers_run_along_the_rows_or_columns_and_the_k_blocks_of_the_operand_they_scale(events):
    # `sfa[m // 2, k]` beside `lhs[None, m, k]`: two m16 tiles share a row group's word; `sfb[n, k]` beside B's
    assert labels_of(events, "sfa")[0] == ["mma-rest-M", "mma-rest-K"]
    assert labels_of(events, "sfb")[0] == ["mma-rest-N", "mma-rest-K"]


def test_a_buffer_of_one_nested_tile_mode_keeps_its_leaves_apart(events):
    # the lane's slice keeps the row groups and the K blocks as two modes: two indices, named by the copy into `sfa`
    assert labels_of(events, "tile")[0][:2] == ["block-atom-M", "block-atom-K"]
    held = labels_of(events, "held")[0]  # ((4 scales, row groups, 8 rows, K blocks), stages)
    assert (held[1], held[3]) == ("block-atom-M", "block-atom-K")


def test_registers_of_a_bare_shape_take_no_cta_tiles_labels_by_coinciding_extents(events):
    # `rhs` (16, N_TILES, K_TILES) is made right after `tile` (row groups, K blocks, stages) of the same rests'
    # extents: B's registers, their rests N and K, not the tile's K blocks and stages
    assert labels_of(events, "rhs")[0] == ["mma-atom-K", "mma-rest-N", "mma-rest-K"]
    assert labels_of(events, "tile")[0][2] != "block-atom-K"
