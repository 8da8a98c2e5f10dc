"""Per-row softmax statistics of an mma.sync accumulator whose thread holds two leaves of rows (tests/kernels/
row_statistics.py): each array one value per accumulator row, whichever way the kernel made and indexed it."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "row_statistics.py")


@pytest.fixture(scope="module")
def stats():
    return trace_json(f"{KERNEL}:compile_row_stats", arch="sm_80")


def test_a_statistic_indexed_beside_rows_of_two_leaves_takes_the_first_leafs_role(stats):
    # `top[r]` beside `by_rows[r, None]`, rows (2, 2): the atom's row +8 and the tile repeat, one flat array
    assert labels_of(stats, "top")[0] == ["mma-atom-M"]


def test_a_fragment_made_like_a_statistic_and_indexed_beside_the_rows_is_one(stats):
    # `scale = make_fragment_like(top)`, `scale[r]` beside `by_rows[r, None]`
    assert labels_of(stats, "scale")[0] == ["mma-atom-M"]


def test_a_fragment_made_like_a_bare_array_and_indexed_beside_the_rows_labels_both(stats):
    # `inv = make_fragment_like(norm)`, `inv[r] = 1 / norm[r]`, then `inv[r]` beside `by_rows[r, None]` in another
    # loop: `norm` only beside `inv`
    assert labels_of(stats, "inv")[0] == ["mma-atom-M"]
    assert labels_of(stats, "norm")[0] == ["mma-atom-M"]


def test_a_fragment_made_like_a_statistic_read_by_constant_indices_takes_its_level(stats):
    # `prev = make_fragment_like(top)`, only `prev[r] = top[r]` for r a Python int
    assert labels_of(stats, "prev")[0] == ["mma-atom-M"]


def test_a_fragment_of_a_fragment_indexed_beside_the_rows_labels_the_arrays_it_was_made_like(stats):
    # `again = make_fragment_like(halves)`, `halves = make_fragment_like(seed)`: only `again[r]` beside the rows
    assert labels_of(stats, "again")[0] == ["mma-atom-M"]
    assert labels_of(stats, "halves")[0] == ["mma-atom-M"]
    assert labels_of(stats, "seed")[0] == ["mma-atom-M"]


def test_a_statistic_written_into_a_global_view_partitioned_as_the_accumulator_is_one(stats):
    # `out_mn[m, 0] = total[m]`: out_mn the (M, N) view of the per-row output's partition_C
    assert labels_of(stats, "total")[0] == ["mma-atom-M"]
