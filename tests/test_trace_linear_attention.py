"""Linear attention's axes from the data flow: a state recurrence between tcgen05 MMAs through SIMT steps
(tcgen05.ld, element writes, stmatrix into an epilogue-layout view of an operand's SMEM), with no softmax score
(tests/kernels/linear_attention.py)."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "linear_attention.py")


@pytest.fixture(scope="module")
def events():
    return trace_json(f"{KERNEL}:compile_linear_attention", arch="sm_100a")


def _axes(labels):
    return [label.split("-")[2] if label.count("-") == 2 else None for label in labels]


def test_the_recurrent_state_is_feature_by_feature_and_contracts_the_key_tokens(events):
    # DH = v'^T k is accumulated into registers (h = decay * h + DH) that become the B operand of w h and q h:
    # a state, so its rows and columns are feature dims and the tokens it contracts are the keys
    labels, rules = labels_of(events, "acc_dh")
    assert _axes(labels) == ["D", "D", "D", "D", "D"]
    assert rules[3:] == ["attention", "attention"]
    assert _axes(labels_of(events, "fv")[0]) == [None, "D", "K", None]
    assert _axes(labels_of(events, "fk")[0]) == [None, "D", "K", None]


def test_a_reader_of_the_state_keeps_a_feature_dim_and_its_rows_are_queries_or_key_tokens(events):
    # q h: rows the queries; w h: rows the key tokens, because v' = u - w h is what DH contracts. One TiledMma
    # issues both (they share h, the B operand): each product has rows of its own, N and K in common
    assert _axes(labels_of(events, "acc_oh")[0]) == ["Q", "Q", "D", "Q", "D"]
    assert _axes(labels_of(events, "acc_wh")[0]) == ["K", "K", "D", "K", "D"]
    assert _axes(labels_of(events, "sq")[0]) == ["Q", "D", "Q", "D", "D", None]
    assert _axes(labels_of(events, "sw")[0]) == ["K", "D", "K", "D", "D", None]


def test_an_operand_written_through_another_view_of_its_bytes_joins_by_the_layout_algebra(events):
    # v' is stored column-major (tokens contiguous) and read as DH's A operand (value dim, tokens): the view's
    # tokens are the operand's K, its columns the operand's M; h's row-major (value, key) view is WH's B
    assert _axes(labels_of(events, "sv_epi")[0]) == ["K", "K", "D", "D", None, None]
    assert _axes(labels_of(events, "sv")[0]) == ["D", "K", "D", "K", None]
    assert _axes(labels_of(events, "sh_epi")[0]) == ["D", "D", "D", "D", None, None]


def test_the_stmatrix_copy_made_from_a_tcgen05_ld_cuts_the_same_tile(events):
    # v_regs[i] = u[i] - wh[i]: element i of the registers stmatrix stores is the tile coordinate the tcgen05.ld
    # of WH read, so the SMEM slots it writes run along WH's (key tokens, value dim)
    assert _axes(labels_of(events, "v_slots")[0]) == ["K", "D", "K", "D", None, None]
    assert _axes(labels_of(events, "h_slots")[0]) == ["D", "D", "D", "D", None, None]


def test_an_mma_contracting_the_key_tokens_keeps_the_queries(events):
    # OI = A v' reads v' (key tokens, value dim) in its B slot
    assert _axes(labels_of(events, "acc_oi")[0]) == ["Q", "Q", "D", "Q", "D"]
    assert _axes(labels_of(events, "sa")[0]) == ["Q", "K", "Q", "K", None]
    assert _axes(labels_of(events, "svb_epi")[0]) == ["K", "K", "D", "D", None, None]


def test_two_accumulator_tiles_summed_element_by_element_are_stored_in_their_coordinates(events):
    # o[i] = oh[i] + oi[i], stored by the stmatrix copy made from OH's tcgen05.ld: o's SMEM tile is (queries, value
    # dim), a staging buffer of the accumulators' axes
    assert labels_of(events, "so")[0] == ["epi-atom-Q", "epi-atom-D"]
    assert _axes(labels_of(events, "o_slots")[0]) == ["D", "D", "Q", "D"]
    assert _axes(labels_of(events, "o_regs")[0]) == ["D", "D", "Q", "D"]


def test_a_buffer_a_tma_load_fills_is_an_input_tile_though_the_accumulators_copy_reads_it(events):
    # u comes in by TMA and is read in WH's register layout (v' = u - WH): a Block tile of (key tokens, value
    # dim), not the staging buffer of WH's epilogue; its last mode is the slot the pipeline's stage index picks
    assert labels_of(events, "su")[0] == ["block-atom-K", "block-atom-D", "stage"]
    assert labels_of(events, "u_box")[0] == ["block-tma", "block-tma", "stage"]


def test_a_buffer_mode_a_pipeline_stage_index_selects_is_a_stage(events):
    # the decay vectors' (key dim, 2) buffer, one slot per chunk in flight: `g_box[None, state.index]`
    labels = labels_of(events, "sg")[0]
    assert labels[0].startswith("block-atom") and labels[1] == "stage"


def test_the_smem_side_of_a_one_dimensional_tma_box_keeps_its_one_axis(events):
    # the decay vectors' box is 128 key-dim values in one run, issued once: the SMEM side's first leaf holds the
    # same 128 values as the global side's, along the same axis; a two-dimensional box's SMEM side (u_box) merges
    # two axes and keeps none
    g_box, g_tiles = labels_of(events, "g_box")[0], labels_of(events, "g_tiles")[0]
    assert g_box[0] == g_tiles[0] != "block-tma"
    assert g_box[1:] == ["block-tma", "stage"]


def test_tiles_loaded_for_one_slot_of_a_tiledmma_take_their_rows_from_the_product_they_feed(events):
    # q and w are both TMA-loaded as A of the one TiledMma that issues q h and w h: the first host atom binds the
    # slot's axes, the second none (its rows and contraction are the products'), and A partitions made for the loads
    # (in neither product) take their rows from the SMEM buffer each load fills
    assert labels_of(events, "q")[0] == ["input-mode-Q", "input-mode-D"]
    assert labels_of(events, "w")[0] == ["input-mode-K", "input-mode-D"]
    assert _axes(labels_of(events, "q_mma")[0]) == ["Q", "D", "Q", "D", "Q"]
    assert _axes(labels_of(events, "w_mma")[0]) == ["K", "D", "K", "D", "K"]
