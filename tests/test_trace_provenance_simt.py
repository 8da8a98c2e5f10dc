"""Labels from the data flow in kernels with no MMA (element-wise, norms, quantization)."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "provenance_simt.py")


@pytest.fixture(scope="module")
def vectors():
    return trace_json(f"{KERNEL}:compile_vectors", arch="sm_90a")


def test_a_row_sliced_by_a_run_time_index_keeps_the_columns(vectors):
    # `first[i, None]`: the thread's vector of one row; the vector index packs everything (no axis)
    for name in ("first", "second", "out"):
        assert labels_of(vectors, name) == (["input-mode", "input-mode-N"], ["input.mode", "row_slice"])
    for name in ("ra", "rb", "ro"):
        assert labels_of(vectors, name)[0] == ["input-mode-N"]


@pytest.fixture(scope="module")
def rows():
    return trace_json(f"{KERNEL}:compile_rows", arch="sm_90a")


def test_a_shape_entry_read_from_a_sub_mode_takes_that_leafs_label(rows):
    # `cute.size(coords, mode=[0, 1])`: the atom's second leaf (its repeats along the columns)
    assert labels_of(rows, "pred")[0] == ["copy-atom-N", "copy-rest-M", "copy-rest-N"]


@pytest.fixture(scope="module")
def reduce():
    return trace_json(f"{KERNEL}:compile_reduce", arch="sm_90a")


def test_a_cross_warp_reduction_buffer_is_the_tiles_rows_and_partial_sums(reduce):
    # `slot[warp // per_row, warp % per_row] = warp_sum` over `partials[None, None, 1]`: rows, partials, sync slots
    assert labels_of(reduce, "partials") == (["block-atom-M", "block-rest-N", "stage"],
                                             ["reduction_buffer", "reduction_buffer", "reduction_buffer.stage"])
    # `per_warp[tidx // 32] = warp_sum`: one slot per warp
    assert labels_of(reduce, "per_warp")[0] == ["block-rest-N"]


def test_arrays_computed_element_by_element_from_an_atom_keep_its_label(rows):
    # `pairs[2 * i] = atom[i].to(f32)`, then `scaled[i] = pairs[i] * 0.5`: what one copy atom brought, along N
    assert labels_of(rows, "pairs") == (["copy-atom-N"], ["values_from"])
    assert labels_of(rows, "scaled") == (["copy-atom-N"], ["values_from"])


def test_an_smem_buffer_filled_by_hand_from_a_tile_stages_that_tile(rows):
    # `staged[tidx] = row_weights[tidx]`: the CTA's rows of a per-row vector, not metadata
    assert labels_of(rows, "row_weights")[0] == ["block-atom-M"]
    assert labels_of(rows, "staged") == (["block-atom-M"], ["values_from"])


def test_a_divide_of_a_threads_copied_values_stays_at_the_copys_level(rows):
    # `flat_divide(atom, 4)`: one thread's values in blocks, not CTA tiles
    assert labels_of(rows, "blocks")[0] == ["copy-atom-N", "copy-rest-N"]


def test_a_tensor_over_a_slice_of_a_traced_layout_keeps_the_modes_the_slice_keeps(rows):
    # `make_tensor(moved_iterator, cute.slice_(coords.layout, (None, 0, None)))`: coords' atom and column rest
    assert labels_of(rows, "moved")[0] == ["copy-atom-N", "copy-atom-N", "copy-rest-N"]


def test_a_nested_mode_a_rows_and_columns_tiler_cuts_whole_runs_along_its_position():
    # `prepend(w.layout, (1):(0))`: the vector as one row, its (1) a nested mode (as the SMEM row's leaves regroup)
    # the tiler's rows cut, and the tile's row that mode's one leaf
    events = trace_json(f"{KERNEL}:compile_row_view", arch="sm_90a")
    assert labels_of(events, "one_row")[0] == ["block-atom-M", "block-atom-N"]
    assert [label.rsplit("-", 1)[1] for label in labels_of(events, "wide")[0]] == ["M", "N"]


@pytest.fixture(scope="module")
def batched_rows():
    # the pieces' loop is unrolled: each tensor of its body is traced once per piece, the first kept
    events, seen = [], set()
    for event in trace_json(f"{KERNEL}:compile_batched_rows", arch="sm_90a"):
        if not seen & set(event["names"]):
            events.append(event)
        seen |= {name for name in event["names"] if name}
    return events


def test_a_row_tilers_last_mode_is_the_columns_and_the_modes_before_it_rows(batched_rows):
    # `local_tile(src, (1, 1, hidden), (b, t, 0))`: batch and token both pick the row, hidden is read along it
    assert labels_of(batched_rows, "src")[0] == ["input-mode-M", "input-mode-M", "input-mode-N"]
    # a piece of the row (`local_tile(whole, (256,), (w * 2 + j,))`) keeps the columns, and the lanes' partition
    # of it runs along them
    assert labels_of(batched_rows, "part")[0] == ["copy-atom-N", "copy-atom", "copy-rest-N"]
    assert labels_of(batched_rows, "written")[0] == ["store-atom-N", "store-atom", "store-rest-N"]


def test_a_tile_at_a_coordinate_from_the_warp_number_is_the_warps_not_a_threads(batched_rows):
    # the warp number is shared by its 32 threads: the piece is a block tile its lanes' copy partitions
    assert labels_of(batched_rows, "piece") == (["block-atom-N"], ["local_tile.proj"])


def test_a_warps_slots_at_an_offset_of_its_number_are_partial_sums(batched_rows):
    # `sums[w * 2 + j] = warp_sum` (the sum a dynamic loop of shuffles returns): partial sums along the columns
    assert labels_of(batched_rows, "sums") == (["block-rest-N"], ["reduction_buffer"])


@pytest.fixture(scope="module")
def dots():
    return trace_json(f"{KERNEL}:compile_dots", arch="sm_90a")


def _first(events, name):
    event = next(e for e in events if name in e["names"])
    return event["leaf_labels"][event["names"].index(name)], event["label_rules"][event["names"].index(name)]


def test_a_contraction_by_fmas_names_its_factors_rows_and_the_axis_they_share(dots):
    # `acc += q_regs[k] * p_regs[k]`, shuffled and left per warp: the index walks K in both; the left factor's
    # rows are M, the right one's N, whatever the parameters' order
    assert _first(dots, "q") == (["input-mode-M", "input-mode-K"], ["contraction", "contraction"])
    assert _first(dots, "p") == (["input-mode-N", "input-mode-K"], ["contraction", "contraction"])
    assert _first(dots, "regs")[0] == ["copy-atom-K", "copy-atom", "copy-rest-N", "copy-rest-K"]


def test_the_warps_partial_sums_of_a_contraction_run_along_what_it_contracts(dots):
    # `buf[warp, b * rows + a] = total`: the warps' partials along K; the literal output index holds each warp's
    # several sums (an atom of no single axis: it packs both factors' rows), not a sync slot
    assert _first(dots, "buf") == (["block-rest-K", "block-atom"], ["contraction", "reduction_buffer.atom"])


@pytest.fixture(scope="module")
def table():
    return trace_json(f"{KERNEL}:compile_table", arch="sm_90a")


def test_a_tile_at_a_coordinate_from_a_threads_identity_partition_is_that_threads_copy_chunk(table):
    # `local_tile(table, (1, 4), (first[0] % 3, (first[1] % 64) // 4))`, `first` read from the thread's partition
    # of the identity: each thread's own chunk, the copy's atom, and the registers autovec_copy fills with it
    assert labels_of(table, "lookup") == (["copy-atom-M", "copy-atom-N"], ["local_tile.proj", "local_tile.proj"])
    assert labels_of(table, "held")[0] == ["copy-atom-M", "copy-atom-N"]


def test_an_array_filled_from_a_one_row_chunk_takes_the_chunks_wide_leaf(table):
    # `spread[2 * i] = held[0, i]`: the values of held's one leaf of extent 4
    assert labels_of(table, "spread") == (["copy-atom-N"], ["values_from"])


def test_a_warps_redux_sync_result_left_per_warp_is_a_partial():
    # `peaks[0, warp] = warp_redux_sync(v, "fmax")` (inline PTX for a float): the warps' partials along the
    # columns; the literal 0 each warp writes once is the buffer's atom
    events = trace_json(f"{KERNEL}:compile_peaks", arch="sm_100a")
    assert labels_of(events, "peaks") == (["block-atom", "block-rest-N"],
                                          ["reduction_buffer.atom", "reduction_buffer"])


def test_a_contraction_whose_warps_write_their_sums_straight_out_names_its_factors_too():
    # `y[warp, c] = warp_sum(sum a_regs[k] * b_regs[k])`: no cross-warp buffer, the same axes
    events = trace_json(f"{KERNEL}:compile_warp_dots", arch="sm_90a")
    assert _first(events, "a") == (["input-mode-M", "input-mode-K"], ["contraction", "contraction"])
    assert _first(events, "b") == (["input-mode-N", "input-mode-K"], ["contraction", "contraction"])


def test_a_chunk_a_lane_index_picks_is_that_threads_and_keeps_its_rows_columns():
    # `local_tile(x[row, None], (8,), (lane_idx() & 15,))`: the lane's own chunk (a copy atom) of the columns the
    # run-time row index keeps; the row slice says the columns, which a one-mode tiler's position does not
    events = trace_json(f"{KERNEL}:compile_lane_chunks", arch="sm_90a")
    assert labels_of(events, "piece") == (["copy-atom-N"], ["row_slice"])
    assert labels_of(events, "held")[0] == ["copy-atom-N"]


def test_a_per_row_statistic_indexed_beside_an_accumulators_rows_is_its_row_atom():
    # `top[r] = by_rows[r, None].load().reduce(MAX)` over the (M, N) view's nested rows (2, 1): one value per row
    # leaf of the MMA atom; `spread[r] = top[r] * 2` in another loop takes it from `top`
    events = trace_json(f"{KERNEL}:compile_row_stats", arch="sm_80")
    assert labels_of(events, "top") == (["mma-atom-M"], ["mma_slot"])
    assert labels_of(events, "spread") == (["mma-atom-M"], ["mma_slot"])


def test_a_contraction_summed_in_a_register_accumulator_of_loaded_vectors_names_both_factors():
    # `held[i, j] = held[i, j] + mine[v].to(f32) * vals[v]`, `vals = got.load().to(f32)`, then each sum shuffled
    # and left per warp: the sums are followed through the register accumulator and the tensor value's elements;
    # registers of one row of each factor take their rows from the tensor they were made like
    events = trace_json(f"{KERNEL}:compile_held_dots", arch="sm_90a")
    assert _first(events, "left") == (["input-mode-M", "input-mode-K"], ["contraction", "contraction"])
    assert _first(events, "right") == (["input-mode-N", "input-mode-K"], ["contraction", "contraction"])
    assert _first(events, "got")[0] == ["block-atom-K"]
    # `logical_divide(left, (None, 8))[None, (None, tidx)]`: the vectors the thread index picks among are that
    # thread's copy partition, and registers made like one of its rows hold the copy's atom
    assert _first(events, "mine")[0] == ["copy-atom-K"]
    # one output per (i, j), each written once per warp: several sums of each warp, no reused sync slot; i and j
    # index the rows the factors were sliced at (`flow._product_rows`): left's M, right's N
    assert _first(events, "buf")[0] == ["block-atom-M", "block-atom-N", "block-rest-K"]
