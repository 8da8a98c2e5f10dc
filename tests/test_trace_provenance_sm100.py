"""Labels from the data flow on a Blackwell attention backward: tcgen05 MMAs with TMEM accumulators, the score
MMAs swapped (S^T = K Q^T), scores read back with tcgen05.ld and written again to TMEM (P^T) and SMEM (dS)."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "provenance_sm100.py")


@pytest.fixture(scope="module")
def events():
    return trace_json(f"{KERNEL}:compile_backward", arch="sm_100a")


def _axes(labels):
    return [label.split("-")[2] if label.count("-") == 2 else None for label in labels]


def test_autovec_copy_is_a_copy_of_its_source_into_its_destination(events):
    by_name = {n: e["index"] for e in events for n in e["names"] if n}
    copies = [e for e in events if e["op"] == "copy" and e["operands"]["dst"] == by_name["mine"]]
    assert len(copies) == 1 and copies[0]["operands"]["src"] is not None


def test_a_score_read_out_of_tmem_and_written_to_an_smem_operand_is_a_score(events):
    # dP^T's values reach dQ's A operand through tcgen05.ld, a conversion written through a view over the new
    # registers, autovec_copy into SMEM, and the SMEM descriptors dQ's MMA reads
    labels, rules = labels_of(events, "acc2")
    assert _axes(labels) == ["K", "Q", "K", "Q"] and rules[2:] == ["attention", "attention"]


def test_swapped_scores_whose_gradients_keep_the_keys_have_the_keys_as_rows(events):
    # dS^T is a view over dS's SMEM that dK's MMA reads, written by code traced after that MMA: still dS, so the
    # scores feed dV, dK (keeping the keys) and dQ (keeping the queries)
    assert _axes(labels_of(events, "acc1")[0]) == ["K", "Q", "K", "Q"]
    assert _axes(labels_of(events, "acc3")[0]) == ["Q", "D", "Q", "D"]
    assert _axes(labels_of(events, "acc4")[0]) == ["K", "D", "K", "D"]
    assert _axes(labels_of(events, "acc5")[0]) == ["K", "D", "K", "D"]
    assert _axes(labels_of(events, "sf")[0]) == ["K", "Q", "K", "Q", "Q", None]


def test_tcgen05_ld_and_st_partitions_of_accumulators_are_store(events):
    # the softmax code reading the scores is their MMA's epilogue, and so is the tcgen05.st writing P back
    for name in ("where", "t1", "t2", "tq", "oc", "og", "ot"):
        labels, _ = labels_of(events, name)
        assert {label.split("-")[0] for label in labels[:2]} == {"store"}, name
    assert labels_of(events, "r1")[0][0].startswith("store-atom")


def test_coordinates_partitioned_before_the_output_tile_count_the_accumulators_tile(events):
    # partition_D(identity), then partition_D(output tile), then partition_S(dK's TMEM): all three one tile
    assert labels_of(events, "oc")[0] == ["store-atom-D", "store-atom", "store-rest-K", "store-rest-D"]


def test_a_tcgen05_ld_partition_split_among_warp_groups_keeps_its_atom_and_its_repeats(events):
    # the (16, 1) atom tiled by 16 is that atom (no epilogue tile of a guessed axis); the head-dim repeats cut in
    # two are still the load's repeats
    labels, _ = labels_of(events, "halved")
    assert labels[:2] == ["store-atom-D", "store-atom"]
    assert labels[2:4] == ["store-rest-D", "store-rest-D"]
    assert labels_of(events, "group_values")[0][:2] == ["store-atom-D", "store-atom"]


def test_a_divide_of_all_elements_by_the_atom_keeps_the_one_wide_leaf_of_the_rest(events):
    # `logical_divide(r1, make_layout(16))` of a tcgen05.ld fragment ((16, 1), 1, 8): the tile is the atom's 16 values,
    # the rest holds one leaf of more than one element, the 8 repeats: a rest along their axis
    assert labels_of(events, "chunks")[0] == ["store-atom-Q", "store-rest-Q"]


def test_a_nested_trailing_mode_of_an_attention_input_is_heads_then_the_batch(events):
    found = [e for e in events if "queries" in e["names"]]  # the host's view and the kernel's parameter
    assert len(found) == 2
    for event in found:
        assert event["leaf_labels"][0] == ["input-mode-Q", "input-mode-D", "input-mode-H", "input-mode-H",
                                           "input-mode-B"]
        assert event["label_rules"][0][2:] == ["batch", "batch", "batch"]


def test_a_composition_of_a_coordinate_partition_keeps_its_labels(events):
    assert labels_of(events, "halves")[0] == ["store-atom-Q", "store-atom", "store-rest-K", "store-rest-Q",
                                         "store-rest-Q"]
    assert labels_of(events, "half")[0] == ["store-atom-Q", "store-atom", "store-rest-K", "store-rest-Q"]


def test_registers_made_from_a_shape_take_the_latest_tensor_of_that_shape_not_of_that_layout(events):
    # `half` (the scores' coordinates) has the compact layout `values` gets from the shape of dK's coordinates
    assert labels_of(events, "values")[0] == labels_of(events, "oc")[0][:2] + ["store-rest-K", "store-rest-D"]


def test_a_staging_buffer_a_tcgen05_ld_writes_is_a_subtile_of_the_accumulators_tile(events):
    # the 32 columns of `staging` are 32 of dK's 64 head-dim columns: the copy's tiler cuts both tiles alike
    assert labels_of(events, "staging")[0] == ["epi-atom-K", "epi-atom-D"]
    assert labels_of(events, "ss")[0] == ["store-atom-D", "store-atom", "store-rest-K", "store-rest-D"]


def test_a_view_over_run_time_strides_takes_the_labels_of_the_leaves_of_those_strides(events):
    assert labels_of(events, "first_keys")[0] == ["input-mode-K", "input-mode-D"]


def test_a_tma_boxs_global_leaves_run_along_the_modes_their_coordinate_strides_step(events):
    # box ((64, 128), 1) at coordinate strides (1@0, 1@1): 64 head-dim columns, 128 queries, one issue
    assert labels_of(events, "box_g")[0][:3] == ["block-tma-D", "block-tma-Q", "block-tma"]
    assert labels_of(events, "box_s")[0] == ["block-tma", "block-tma", "stage"]
