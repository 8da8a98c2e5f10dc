"""Labels from the data flow, per rule class, on a kernel whose names carry no axis letters."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "provenance.py")


@pytest.fixture(scope="module")
def events():
    return trace_json(f"{KERNEL}:compile_assign", arch="sm_80")


def test_untyped_inputs_take_axes_from_the_mma_slots_their_tiles_enter(events):
    assert labels_of(events, "X") == (["input-mode-M", "input-mode-K"], ["mma_slot", "mma_slot"])
    assert labels_of(events, "centroids")[0] == ["input-mode-N", "input-mode-K"]
    assert labels_of(events, "out")[0] == ["input-mode-M", "input-mode-N"]


def test_an_operand_named_c_in_the_b_slot_is_b(events):
    # the atom's leaves run along K (the m16n8k16 B values: two pairs of consecutive k)
    assert labels_of(events, "C")[0] == ["mma-atom-K", "mma-atom-K", "mma-rest-N", "mma-rest-K", "block-rest-K"]


def test_fragments_carry_their_sources_labels_and_a_helpers_tensor_takes_the_callers_name(events):
    assert labels_of(events, "like")[0] == labels_of(events, "acc")[0]
    (frag,) = [e for e in events if "frag" in e["names"]]
    assert frag["chain"] and frag["leaf_labels"][0][-2:] == ["mma-rest-M", "mma-rest-K"]


def test_coordinates_and_their_divide_follow_the_output(events):
    assert labels_of(events, "coords")[0] == ["coord-mode-M", "coord-mode-N"]
    assert labels_of(events, "subtiles")[0] == ["epi-atom-M", "epi-atom-N", "epi-rest-M", "epi-rest-N"]


def test_a_transposed_view_swaps_axes(events):
    assert labels_of(events, "out_t")[0] == ["block-atom-N", "block-atom-M"]


def test_a_buffer_nothing_reads_as_an_operand_is_metadata(events):
    assert labels_of(events, "counts") == (["input-mode"], ["metadata"])


def test_contract_fields(events):
    (gemm,) = [e for e in events if e["op"] == "gemm"]
    by_name = {n: e["index"] for e in events for n in e["names"] if n}
    assert gemm["operands"] == {"D": by_name["acc"], "A": by_name["frag"], "B": by_name["fragB"], "C": by_name["acc"]}
    (c,) = [e for e in events if "C" in e["names"]]
    assert c["made_by"]["kind"] == "mma" and c["made_by"]["op"] == "MmaF16BF16Op" and c["made_by"]["receiver"] == "thr"
    assert c["made_by"]["object"] == gemm["made_by"]["object"]
    for e in events:
        for shape, labels, rules in zip(e["shapes"], e["leaf_labels"], e["label_rules"]):
            assert len(labels) == len(rules) == len(shape.replace("(", "").replace(")", "").split(","))


@pytest.fixture(scope="module")
def backward():
    return trace_json(f"{KERNEL}:compile_backward", arch="sm_80")


def test_a_backward_pass_gets_attention_axes_through_transposes(backward):
    # S = Q K^T decides Q, K, D; dV = P^T dO reads P and dO transposed, so dV is (K, D) over Q
    assert labels_of(backward, "scores")[0][-2:] == ["mma_s-rest-Q", "mma_s-rest-K"]
    assert labels_of(backward, "scratch") == (["input-mode-Q", "input-mode-K"], ["attention", "attention"])
    assert labels_of(backward, "gPt")[0] == ["block-atom-K", "block-atom-Q"]
    assert labels_of(backward, "gdOt")[0] == ["block-atom-D", "block-atom-Q"]
    assert labels_of(backward, "lhs")[0][-2:] == ["mma_dv-rest-K", "mma_dv-rest-Q"]
    assert labels_of(backward, "grad")[0] == ["mma_dv-atom-D", "mma_dv-atom-K", "mma_dv-rest-K", "mma_dv-rest-D"]
    assert labels_of(backward, "grad_k")[0][-2:] == ["mma_dk-rest-K", "mma_dk-rest-D"]
    (copy,) = [e for e in backward if e["op"] == "copy"]
    by_name = {n: e["index"] for e in backward for n in e["names"] if n}
    assert copy["operands"] == {"src": by_name["probs"], "dst": by_name["written"]}


def test_a_gemm_whose_tensors_carry_attention_letters_keeps_gemm_axes():
    events = trace_json(f"{KERNEL}:compile_gemm", arch="sm_80")
    assert labels_of(events, "P")[0] == ["input-mode-M", "input-mode-K"]
    assert labels_of(events, "K")[0] == ["input-mode-N", "input-mode-K"]
    assert labels_of(events, "tSrS")[0] == ["mma-atom-N", "mma-atom-M", "mma-rest-M", "mma-rest-N"]


@pytest.fixture(scope="module")
def storage():
    return trace_json(f"{KERNEL}:compile_storage", arch="sm_80")


def test_an_a_operand_laid_over_another_mmas_accumulator_makes_attention(storage):
    # no cute.gemm reads `weights`: its partition over the scores' registers is what chains the two MMAs
    assert labels_of(storage, "scores")[0][-2:] == ["mma_s-rest-Q", "mma_s-rest-K"]
    assert labels_of(storage, "weights")[0][-2:] == ["mma_o-rest-Q", "mma_o-rest-K"]
    assert labels_of(storage, "gK")[0] == ["block-atom-K", "block-atom-D"]


def test_an_attention_inputs_trailing_modes_are_heads_then_batch_by_stride(storage):
    assert labels_of(storage, "Q") == (["input-mode-Q", "input-mode-D", "input-mode-H", "input-mode-B"],
                                  ["attention", "attention", "batch", "batch"])
    # K's modes are (sequence, head dim, batch, heads) in memory order: the larger stride is the batch
    assert labels_of(storage, "K")[0] == ["input-mode-K", "input-mode-D", "input-mode-B", "input-mode-H"]


def test_a_buffer_over_anothers_storage_across_its_axes_is_its_own(storage):
    # sB's 128 contiguous elements cross sA's rows and columns: not a view of sA, so B's slot decides its axes
    assert labels_of(storage, "sA")[0] == ["mma-atom-Q", "mma-atom-D"]
    assert labels_of(storage, "sB")[0] == ["mma-atom-K", "mma-atom-D"]


def test_a_view_appending_modes_to_its_sources_layout_adds_stages(storage):
    assert labels_of(storage, "sA_staged") == (["mma-atom-Q", "mma-atom-D", "stage"],
                                          ["attention", "attention", "make_tensor.stage"])


def test_a_copy_atom_that_splits_a_value_leaf_gives_each_part_its_mode():
    from cute_inspect.trace.flow import _per_leaf

    assert _per_leaf(((8, 1), (8, 1)), [8, 4, 2]) == [1, 1, 1]  # (8,(4,2)) over two atoms' 8 values
    assert _per_leaf(((1, None), (32, 1)), [1, 32]) == [None, 1]
    assert _per_leaf(((8, 0),), [4]) is None  # a partition that is not the copy's values


def test_a_retiled_fragments_copy_atom_runs_along_the_axis_its_values_step():
    events = trace_json(f"{KERNEL}:compile_retile", arch="sm_80")
    # 8 values along the tile's columns (K), then the atom's size-1 repeat, which runs along no axis
    assert labels_of(events, "retiled") == (["copy-atom-K", "copy-atom", "copy-rest-M", "copy-rest-K"],
                                       ["atom_shape", "retile.atom", "mma_slot", "mma_slot"])


def test_a_size_1_leaf_of_a_regrouped_view_takes_the_rest_on_its_siblings_axis():
    events = trace_json(f"{KERNEL}:compile_cols_rows", arch="sm_80")
    # (columns, rows): each mode's nested size-1 leaf is its own axis's MMA rest, whatever order they come in
    assert labels_of(events, "cols_rows")[0] == ["mma-atom-N", "mma-rest-N", "mma-atom-M", "mma-rest-M"]


def test_a_kernel_parameter_is_the_host_tensor_passed_in_its_position_or_keyword_at_the_launch():
    events = trace_json(f"{KERNEL}:compile_launched", arch="sm_80")
    # `cols` is passed first (the A slot), `rows` as second= (B), `out` as third= (C): names and types say nothing
    assert labels_of(events, "cols")[0] == ["input-mode-M", "input-mode-K"]
    assert labels_of(events, "rows")[0] == ["input-mode-N", "input-mode-K"]
    assert labels_of(events, "out")[0] == ["input-mode-M", "input-mode-N"]


def test_a_block_copys_two_tiles_are_one_tile():
    events = trace_json(f"{os.path.join(ROOT, 'tests', 'kernels', 'block_copy.py')}:compile_load", arch="sm_90a")
    # the SMEM buffer is made bare; only the TMA load from the tiler's (M, N) tile names its modes
    assert labels_of(events, "buf")[0] == ["block-atom-M", "block-atom-N"]


def test_a_tensor_a_dynamic_branch_hands_to_a_helper_is_the_one_its_caller_names():
    events = trace_json(f"{KERNEL}:compile_carried", arch="sm_80")
    made = {e["names"][0]: e["index"] for e in events if e["op"] == "make_tensor" and e["function"] != "carried_kernel"}
    (kept_first,) = [e for e in events if "kept_first" in e["names"]]
    (kept_second,) = [e for e in events if "kept_second" in e["names"]]
    # both buffers share one type; the helper holds each as `tensor`, the kernel as `first` and `second`
    assert kept_first["inputs"] == [made["first"]]
    assert kept_second["inputs"] == [made["second"]]


def test_a_tma_tensor_re_laid_over_its_own_coordinates_is_a_view_of_it():
    events = trace_json(f"{os.path.join(ROOT, 'tests', 'kernels', 'block_copy.py')}:compile_cut", arch="sm_90a")
    # `make_tensor(shifted.iterator, make_layout(shape, stride=src.stride))`: a coordinate iterator is no pointer
    # to walk; the argument's text names the tensor whose basis strides the new layout reuses
    assert labels_of(events, "cut")[0] == ["input-mode-M", "input-mode-N"]
    assert labels_of(events, "src")[0] == ["input-mode-M", "input-mode-N"]
    assert labels_of(events, "mat")[0] == ["input-mode-M", "input-mode-N"]
