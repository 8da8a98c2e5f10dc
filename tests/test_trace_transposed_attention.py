"""Attention axes of the transposed form (S^T = X Y^T, O^T = Z^T P with P in the B slot), from the data flow only:
P reaches the second MMA through packed f32x2 arithmetic and a view of its buffer in the scores' shape."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "transposed_attention.py")


@pytest.fixture(scope="module")
def events():
    return trace_json(f"{KERNEL}:compile_forward", arch="sm_100a")


def _axes(labels):
    return [label.split("-")[2] if label.count("-") == 2 else None for label in labels]


def test_scores_computed_by_packed_pairs_are_read_by_the_second_mma(events):
    # exp2 of (pack(s[i], s[i + 1]) - pack(m[i], m[i + 1])) * c, each half extracted: the packing ops are no step
    # of the computation, so P's registers come from the scores' and the two MMAs chain
    _, rules = labels_of(events, "acc_a")
    assert rules[2:] == ["attention", "attention"]
    assert _axes(labels_of(events, "r3")[0])[-2:] == ["K", "Q"]


def test_keys_are_the_rows_of_transposed_scores_and_the_head_dim_the_rows_of_the_output(events):
    # P in the second MMA's B slot keeps the first MMA's columns (the queries) and contracts its rows (the keys)
    assert _axes(labels_of(events, "acc_a")[0]) == ["K", "Q", "K", "Q"]
    assert _axes(labels_of(events, "acc_b")[0]) == ["D", "Q", "D", "Q"]
    assert _axes(labels_of(events, "u")[0])[:2] == ["K", "D"]
    assert _axes(labels_of(events, "w")[0])[:2] == ["Q", "D"]
    assert _axes(labels_of(events, "b2")[0])[:4] == ["Q", "K", "Q", "K"]


def test_a_view_transposing_its_source_keeps_no_size_one_leaf_of_another_axis(events):
    # (keys, rows) over a (rows, keys) buffer: its size-1 rests are the scores' rests, not the buffer's at their place
    assert _axes(labels_of(events, "through")[0]) == ["K", "Q", "K", "Q"]
    assert _axes(labels_of(events, "c2")[0])[-2:] == ["K", "Q"]
    # where the view has more modes than the buffer, its size-1 modes are rests of their own, not unknown
    assert [label.split("-")[:2] for label in labels_of(events, "ringed")[0][2:]] == [["mma", "rest"]] * 4


def test_a_broadcast_vector_partitioned_after_another_mmas_pair_keeps_its_own_rests(events):
    # the per-row vector is the scores' (keys, rows) tile: the tcgen05.ld pair just before it is the output's
    assert _axes(labels_of(events, "c5")[0])[-2:] == ["K", "Q"]
    assert _axes(labels_of(events, "c4")[0])[-2:] == ["D", "Q"]


def test_boxes_cut_from_an_operand_buffer_are_block_tiles_along_its_axes(events):
    # the key buffer viewed flat (keys, dim) and cut into 32-key boxes for TMA: CTA tiles of the operand, each
    # along the axis of the atom leaf it cuts, which the TMA partition carries to the global cache
    labels, _ = labels_of(events, "boxes")
    assert [label.split("-")[0] for label in labels[:5]] == ["block"] * 5
    assert _axes(labels)[:5] == ["K", "D", "D", "K", "D"]
    assert labels_of(events, "dst")[0][:2] == ["block-tma", "block-tma-D"]
    caches = [e["leaf_labels"][0] for e in events if e["names"] == ["cache"]]  # the host's and the kernel's
    assert caches and all(labels == ["input-mode-K", "input-mode-D"] for labels in caches)


def test_a_thread_of_a_32x32b_load_holds_its_lanes_columns(events):
    # the load made over the whole accumulator (a tiler of three modes): thread t takes TMEM lane t (a key), its
    # values that lane's columns, so the destination's atom runs along the source atom's columns, not its lanes
    assert _axes(labels_of(events, "c6")[0])[:2] == ["Q", "K"]
    assert _axes(labels_of(events, "c7")[0])[:2] == ["Q", None]
