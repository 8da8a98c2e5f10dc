"""A (thread, value) view of a tile (`composition(tile, tv_layout)`) sliced by the thread index with its nested value
mode kept whole (`[tidx, (None, None)]`) is the thread's partition made by hand, as with `[tidx, None]`: a copy's
atom, each leaf along the tile's axis its stride steps (tests/kernels/nested_thread_slice.py)."""

import os

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "nested_thread_slice.py")


def test_a_thread_value_view_sliced_with_a_nested_value_mode_kept_whole_is_the_threads_partition():
    events = trace_json(f"{KERNEL}:compile_nested_values", arch="sm_90a")
    # threads: 32 along a row's columns, 2 rows; values: 4 contiguous columns, 2 blocks of them
    assert labels_of(events, "by_thread")[0] == ["copy-atom-N", "copy-atom-M", "copy-atom-N", "copy-atom-N"]
    assert labels_of(events, "tile_coords")[0] == ["block-atom-M", "block-atom-N"]
