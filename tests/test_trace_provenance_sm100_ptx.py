"""Attention axes on a Blackwell backward whose score MMAs the trace never sees issued (inline PTX): the chain of
MMAs comes from TMEM addresses, from an SMEM operand the softmax writes after the MMA code, and from which
score axis each reader keeps (tests/kernels/provenance_sm100_ptx.py)."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "provenance_sm100_ptx.py")


@pytest.fixture(scope="module")
def events():
    return trace_json(f"{KERNEL}:compile_ptx_backward", arch="sm_100a")


def _axes(labels):
    return [label.split("-")[2] if label.count("-") == 2 else None for label in labels]


def test_an_a_operand_made_at_the_tmem_address_the_softmax_writes_reads_the_scores(events):
    # P^T's region is reached twice: `tmem + P_COLUMN` (dV's A operand) and `acc1.iterator + P_COLUMN` (the
    # softmax's tcgen05.st): one address, one tensor, so dV reads S^T; its rows are S^T's TMEM lanes, the keys
    assert _axes(labels_of(events, "acc2")[0]) == ["K", "D", "K", "D"]
    assert _axes(labels_of(events, "fp")[0]) == ["K", "Q", "K", "Q", "Q", None]


def test_a_reader_of_swapped_scores_that_keeps_the_keys_contracts_the_queries(events):
    assert _axes(labels_of(events, "acc1")[0]) == ["K", "Q", "K", "Q"]
    assert _axes(labels_of(events, "fo")[0]) == [None, "D", "Q", None]


def test_an_smem_operand_written_through_an_epilogue_view_after_the_mma_code_holds_the_scores(events):
    # dS goes into dQ's A buffer through a (keys, queries) view of the same memory, by code traced after the
    # gemm; no copy takes that memory to global memory, so it is dQ's operand, not an epilogue's staging buffer
    assert _axes(labels_of(events, "acc3")[0]) == ["Q", "D", "Q", "D"]
    assert _axes(labels_of(events, "ss")[0]) == ["Q", "Q", "K", "Q", "K", None]


def test_a_broadcast_view_takes_a_mode_of_its_own_and_a_transpose_moves_it(events):
    # stat (queries) seen as (queries, keys) with stride 0 over the keys, transposed to S^T's (keys, queries):
    # the broadcast mode runs along the keys, the statistic along the queries
    assert labels_of(events, "stat")[0] == ["block-atom-Q"]
    assert labels_of(events, "stat_2d")[0] == ["block-atom-Q", "block-atom-K"]
    assert labels_of(events, "stat_t")[0] == ["block-atom-K", "block-atom-Q"]


def test_tmem_accumulators_that_take_turns_in_one_address_pass_no_data(events):
    # dQ's accumulator is made at S^T's address: were it the same data, dQ would feed dV as S^T does and count
    # as a score MMA; it keeps the queries and contracts the keys
    assert _axes(labels_of(events, "acc3")[0]) == ["Q", "D", "Q", "D"]
    assert _axes(labels_of(events, "fs")[0]) == [None, "Q", "K", None]


def test_a_tcgen05_ld_partition_runs_along_the_tmem_leaves_its_strides_step(events):
    # a tiled tcgen05.ld over a whole accumulator: values along the columns (stride 1, the queries), the warps'
    # lanes along the rows (stride 65536, the keys), the repeats along the columns; its coordinates alike
    assert labels_of(events, "lanes")[0] == ["store-atom-Q", "store-atom-K", "store-atom", "store-rest-Q",
                                             "mma_m1-rest-K", "mma_m1-rest-Q"]
    assert labels_of(events, "lane_coords")[0] == ["store-atom-Q", "store-atom", "store-rest-Q", "mma-rest-K",
                                                   "mma-rest-Q"]


def test_a_tcgen05_st_writing_p_back_over_an_accumulator_placed_at_an_address_is_store(events):
    # S^T is made at `tmem + 0` with its fragment's layout: that tensor is the accumulator, so the tcgen05.st
    # partitions writing P through a view of it (and the same copy's coordinates, partitioned first) are Store
    assert labels_of(events, "p_coords")[0] == ["store-atom-Q", "store-atom", "store-rest-K", "store-rest-Q"]
    assert labels_of(events, "p_slots")[0][:2] == ["store-atom-Q", "store-atom-K"]


def test_a_buffer_an_mma_fragment_reads_in_its_own_rank_is_laid_out_for_that_mma(events):
    # an SMEM operand without stages ((64,16),1,8) and P^T's TMEM region: (atom, MMA rests), not (tile, tile, stage)
    assert labels_of(events, "sk_once")[0] == ["mma-atom-D", "mma-atom-K", "mma-rest-D", "mma-rest-K"]
    assert labels_of(events, "fk_once")[0] == ["mma_m3-atom", "mma-rest-D", "mma-rest-K"]
    assert labels_of(events, "pt")[0] == ["mma-atom-K", "mma-atom-Q", "mma-rest-K", "mma-rest-Q", "mma-rest-Q",
                                          "stage"]


def test_a_copy_tiler_mode_over_an_accumulator_rest_it_covers_one_element_of_leaves_that_rest(events):
    # tcgen05.make_tmem_copy's 2-D tiler over ((128, 64), 1, 1): its first mode tiles the (keys, head dim) atom
    # (4 column runs: a new rest), its second runs over MMA_M, one element: that rest stays the MMA's
    assert labels_of(events, "whole")[0] == ["store-atom-D", "store-atom-K", "store-atom", "store-rest-D",
                                             "mma_m2-rest-K", "mma_m2-rest-D"]


def test_the_mode_a_load_from_global_memory_indexes_away_in_an_smem_buffer_is_a_stage(events):
    # copy(lse_tiles[None, 0], lse_slots[None, 1]): one tile per load, the slot it goes to a pipeline stage
    assert labels_of(events, "lse_slots")[0] == ["block-atom", "stage"]
    assert labels_of(events, "lse_tiles")[0] == ["block-atom", "block-rest"]
