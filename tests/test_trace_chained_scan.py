"""Axes of MMAs chained through TMEM and SMEM as a state-space model's chunk step chains them
(tests/kernels/chained_scan.py): S = C B^T, its decayed values written back to TMEM as the A operand of Y = P x,
and the chunk state H = B^T x."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "chained_scan.py")


@pytest.fixture(scope="module")
def events():
    return trace_json(f"{KERNEL}:compile_scan", arch="sm_100a")


def _axes(labels):
    return [label.split("-")[2] if label.count("-") == 2 else None for label in labels]


def test_registers_made_from_one_stage_of_a_partitions_shape_are_that_partitions_modes(events):
    # p_regs = make_rmem_tensor(slice_(partition_S(tP).shape, (None, None, 0, None, 0))): its rests are the
    # partition's kept rests (P's key tokens), not those of H's tcgen05.ld registers, whose rests have the same
    # extents; taking H's would make the copy into P's TMEM join H's axes with Y's
    labels = labels_of(events, "p_regs")[0]
    assert labels[-1] == "mma_m2-rest-K"
    assert _axes(labels_of(events, "h_regs")[0]) == ["D", None, "D", "D"]


def test_the_chained_mmas_keep_axes_of_their_own(events):
    # S = C B^T is (queries, key tokens); Y = P x keeps the queries and the head dim; the state H = B^T x is
    # (state dim, head dim)
    assert _axes(labels_of(events, "acc_s")[0]) == ["Q", "K", "Q", "K"]
    assert _axes(labels_of(events, "acc_y")[0]) == ["Q", "D", "Q", "D"]
    assert _axes(labels_of(events, "acc_h")[0]) == ["D", "D", "D", "D"]
    assert _axes(labels_of(events, "sx")[0]) == ["D", "K", "D", "K", None]


def test_a_mode_continuing_the_sequence_in_memory_is_its_chunk_index_then_heads_and_batch(events):
    # x (head dim, tokens, chunks, heads, batch): the chunks' stride is 128 tokens times the tokens' stride, so
    # the chunk index is a rest along the tokens' axis (the key tokens Y contracts); the two modes left are the
    # heads (the smaller stride) and the batch
    labels, rules = labels_of(events, "mx")
    assert labels == ["input-mode-D", "input-mode-K", "input-mode-K", "input-mode-H", "input-mode-B"]
    assert rules[2:] == ["chunks", "batch", "batch"]
    assert labels_of(events, "x_tiles")[0][4:] == ["block-rest-K", "block-rest-H", "block-rest-B"]


def test_broadcast_views_read_in_a_tcgen05_ld_layout_run_along_the_accumulators_axes(events):
    # cum_rows (cum[q] over every column) and cum_cols (cum[k] over every row) partitioned by the scores'
    # tcgen05.ld after its own pair of partitions: the thread's values of the scores' tile, (queries, key tokens)
    for name in ("cum_rows", "cum_cols", "steps_cols"):
        assert _axes(labels_of(events, name)[0]) == ["Q", "K"], name
    for name in ("rows_part", "cols_part", "steps_part"):
        assert _axes(labels_of(events, name)[0])[2:] == ["Q", "K"], name


def test_a_vector_laid_along_two_axes_runs_along_none_and_one_laid_along_one_runs_along_it(events):
    # cum is read along the rows in one view and along the columns in another: no single axis; the step sizes
    # only along the columns: the key tokens
    assert labels_of(events, "cum")[0] == ["block-atom"]
    assert labels_of(events, "steps")[0] == ["block-atom-K"]


def test_the_leaves_of_a_nested_broadcast_mode_run_along_one_axis(events):
    # gate_cols ((64, 2), 128):((0, 0), 1) lays a per-key-token vector over the scores' tile, broadcast over
    # its rows through a nested mode: both of that mode's leaves run along the rows the tile lays them against
    assert _axes(labels_of(events, "gate_cols")[0]) == ["Q", "Q", "K"]
    assert _axes(labels_of(events, "gate")[0]) == ["K"]


def test_one_chunk_index_leaves_each_tensors_chunks_along_its_own_sequence(events):
    # c_tiles[..., chunk, 0, 0] and b_tiles[..., chunk, 0, 0]: one index picks C's chunk of queries and B's chunk
    # of key tokens; each chunk mode continues its own tensor's tokens in memory
    assert labels_of(events, "mc")[0][:3] == ["input-mode-Q", "input-mode-D", "input-mode-Q"]
    assert labels_of(events, "mb")[0][:3] == ["input-mode-K", "input-mode-D", "input-mode-K"]
