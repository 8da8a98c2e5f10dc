"""A tcgen05 MMA issued as an NVVM op (`nvvm.tcgen05_mma`) on SMEM descriptors computed from flat tiles' addresses,
its accumulator a plain integer TMEM address, is a gemm of those tiles (tests/kernels/nvvm_issued_mma.py): each
tile's contiguous mode runs along K, or along the slot's N where the instruction descriptor transposes B."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "nvvm_issued_mma.py")


@pytest.fixture(scope="module")
def events():
    return trace_json(f"{KERNEL}:compile_nvvm", arch="sm_100a")


def _index(events, name):
    return next(e["index"] for e in events if name in (e.get("names") or []))


def test_an_nvvm_mma_is_a_gemm_of_the_tiles_its_descriptors_come_from(events):
    gemms = [e for e in events if e["op"] == "gemm"]
    assert len(gemms) == 8  # four k-steps of each MMA
    assert gemms[0]["operands"] == {"D": None, "A": _index(events, "lhs"), "B": _index(events, "rhs"), "C": None}
    assert gemms[4]["operands"] == {"D": None, "A": None, "B": _index(events, "cols"), "C": None}
    # one product per accumulator address: the two TMEM accumulators are two
    assert len({g["made_by"]["object"] for g in gemms[:4]}) == 1
    assert gemms[0]["made_by"]["object"] != gemms[4]["made_by"]["object"]


def test_a_flat_tile_read_k_major_is_rows_then_k(events):
    assert labels_of(events, "lhs")[0] == ["mma-atom-M", "mma-atom-K", "stage"]
    assert labels_of(events, "rhs")[0] == ["mma-atom-N", "mma-atom-K", "stage"]
    assert labels_of(events, "left")[0] == ["input-mode-M", "input-mode-K"]  # the global tile copied in


def test_a_transposed_operand_runs_along_n_in_its_contiguous_mode(events):
    # a rank-4 buffer no MMA layout made: its one-element mode is the unit tile `local_tile(wide, (DEPTH, 1, COLS),
    # (x, y, 0))` cuts at y, the index that tiles `right` along N elsewhere: it runs along N
    assert labels_of(events, "cols")[0] == ["mma-atom-K", "mma-atom-N", "mma-atom-N", "mma-atom-N", "stage"]


def test_scale_factors_copied_to_the_tmem_a_block_scaled_mma_reads_are_its_operands():
    events = trace_json(f"{KERNEL}:compile_scaled", arch="sm_100a")
    (gemm,) = [e for e in events if e["op"] == "gemm"]
    assert gemm["inputs"] == [_index(events, name) for name in ("lhs", "rhs", "scales_l", "scales_r")]
    # packed scales (no one axis), the blocks of rows along the slot's rows, stages
    assert labels_of(events, "scales_l")[0] == ["mma-atom", "mma-rest-M", "stage"]
    assert labels_of(events, "scales_r")[0] == ["mma-atom", "mma-rest-N", "stage"]


def test_registers_read_by_hand_from_an_accumulators_columns_run_along_its_n(events):
    # tcgen05.ld 32x32b at a constant column of the first accumulator: a thread's registers are columns
    rows = [e for e in events if "row" in (e.get("names") or [])]
    assert rows and all(e["leaf_labels"][0] == ["store-atom-N"] for e in rows)
    # and so are the values of the thread's row chunk of the output they are copied to
    assert labels_of(events, "chunks")[0] == ["store-atom", "store-atom-N", "store-rest", "store-rest-N"]
    assert labels_of(events, "out")[0] == ["input-mode", "input-mode-N"]


def test_an_operand_stored_by_hand_from_an_accumulators_registers_chains_the_two_mmas():
    # S = X Y^T read by tcgen05.ld, scaled, converted and written by tcgen05.st over the TMEM columns the second
    # MMA reads as A: O = P Z, an attention (rows queries, S's columns keys, the contracted dims head dims)
    events = trace_json(f"{KERNEL}:compile_scores", arch="sm_100a")
    assert labels_of(events, "xs")[0] == ["mma-atom-Q", "mma-atom-D", "stage"]
    assert labels_of(events, "ys")[0] == ["mma-atom-K", "mma-atom-D", "stage"]
    # Z's rows are what O = P Z contracts: P's columns, S's keys
    assert labels_of(events, "zs")[0] == ["mma-atom-K", "mma-atom-D", "stage"]
    assert labels_of(events, "first")[0] == ["input-mode-Q", "input-mode-D"]


def test_an_accumulator_written_back_over_its_own_columns_is_a_recurrent_state():
    # H += R K keeps H in TMEM, decayed in place by hand (tcgen05.ld, scale, tcgen05.st over its columns): a
    # linear attention's state, its axes head dims, what its update contracts the key tokens; R = H W^T reads it
    events = trace_json(f"{KERNEL}:compile_state", arch="sm_100a")
    assert labels_of(events, "ks")[0] == ["mma-atom-K", "mma-atom-D", "stage"]
    assert labels_of(events, "ws")[0] == ["mma-atom-K", "mma-atom-D", "stage"]
    assert labels_of(events, "first")[0] == ["input-mode-K", "input-mode-D"]


def test_descriptors_kept_in_registers_lead_the_mma_to_the_tiles_they_describe():
    # the MMA reads 64-bit words of register pairs, each a copy of the last advanced by a k-step: up the values
    # stored and the views over each pair's storage to the tiles whose addresses the first word was made from
    events = trace_json(f"{KERNEL}:compile_held", arch="sm_100a")
    gemms = [e for e in events if e["op"] == "gemm"]
    assert len(gemms) == 4
    assert all(g["operands"]["A"] == _index(events, "ls") and g["operands"]["B"] == _index(events, "rs")
               for g in gemms)
    # read by the MMA, not metadata: its rows and K
    assert labels_of(events, "ls")[0] == ["mma-atom-M", "mma-atom-K", "stage"]
    assert labels_of(events, "rs")[0] == ["mma-atom-N", "mma-atom-K", "stage"]
