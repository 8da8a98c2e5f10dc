"""A warp MMA issued by hand (`mma.sync` in inline PTX) reads register arrays no MMA call made
(tests/kernels/warp_mma_by_hand.py): the instruction's operand order makes them A, B and C (D), the leaves each
issue's slice keeps the atom, the leaves it indexes the rests, along M, N or K as the issues' indices say."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "warp_mma_by_hand.py")


@pytest.fixture(scope="module")
def events():
    return trace_json(f"{KERNEL}:compile_warp", arch="sm_80")


def _index(events, name):
    return next(e["index"] for e in events if name in (e.get("names") or []))


def test_an_inline_mma_sync_is_a_gemm_of_the_arrays_it_reads(events):
    gemms = [e for e in events if e["op"] == "gemm"]
    assert len(gemms) == 2 * 4 * 3 + 4
    assert gemms[0]["operands"] == {"A": _index(events, "lhs"), "B": _index(events, "rhs"), "C": _index(events, "acc")}
    # one product per accumulator: the issues into `acc`, and those from `zeros` into `out`
    assert len({g["made_by"]["object"] for g in gemms[:24]}) == 1
    assert gemms[24]["made_by"]["object"] != gemms[0]["made_by"]["object"]


def test_the_leaves_a_slice_keeps_are_the_atom_the_indexed_ones_rests_along_the_axes_they_walk(events):
    assert labels_of(events, "lhs")[0] == ["mma-atom", "mma-rest-M", "mma-rest-K"]
    assert labels_of(events, "rhs")[0] == ["mma-atom-K", "mma-rest-K", "mma-rest-N"]  # B's registers: K values
    assert labels_of(events, "acc")[0] == ["mma-atom", "mma-rest-M", "mma-rest-N"]


def test_the_words_an_issue_reads_are_the_atom(events):
    for name, labels in (("words_a", ["mma-atom"]), ("words_b", ["mma-atom-K"])):
        views = [e for e in events if name in (e.get("names") or [])]
        assert len(views) == 28 and all(e["leaf_labels"][0] == labels for e in views)


def test_an_array_the_result_is_written_into_is_the_accumulator(events):
    # C read whole (no rest to tell N by), D written at `out[None, n]`: its rest runs along B's N
    assert labels_of(events, "zeros")[0] == ["mma-atom"]
    assert labels_of(events, "out")[0] == ["mma-atom", "mma-rest-N"]


def test_a_view_over_an_operand_arrays_storage_holds_its_registers(events):
    assert labels_of(events, "pairs") == (["mma-atom-K", "mma-rest-K", "mma-rest-N"], ["mma_slot"] * 3)


def test_registers_a_copy_fills_from_memory_in_a_kernel_with_an_mma_hold_the_copys_values(events):
    assert labels_of(events, "staged") == (["copy-atom"], ["filled_by_copy"])


def test_registers_written_into_tmem_by_hand_hold_stored_values_unless_a_copy_loaded_them():
    nvvm = os.path.join(ROOT, "tests", "kernels", "nvvm_issued_mma.py")
    events = trace_json(f"{nvvm}:compile_stored", arch="sm_100a")
    for name in ("blank", "weights", "ramp"):  # zeros; values computed from a ramp, and the ramp they came from
        assert labels_of(events, name) == (["store-atom"], ["stored_into_tmem"])
    packed = {e["inputs"][0]: e["leaf_labels"][0] for e in events if "packed" in (e.get("names") or [])}
    assert packed[_index(events, "blank")] == ["store-atom"]
    # a row of the input a copy loaded holds the copy's values, and so does the view `tcgen05.st` reads of it
    assert labels_of(events, "staged")[0] == ["copy-atom-K"]
    assert packed[_index(events, "staged")] == ["copy-atom-K"]


@pytest.fixture(scope="module")
def skinny():
    return trace_json(f"{KERNEL}:compile_skinny", arch="sm_80")


def test_a_warp_mma_whose_b_is_loaded_by_hand_is_a_gemm_of_its_a_and_c_arrays(skinny):
    # B's words come from inline `ld.global`, no tensor: A (flat weight words) and C (a flat accumulator) still tell
    # the product; each flat array's one leaf is the instruction's registers, with the k-tiles it repeats over
    gemms = [e for e in skinny if e["op"] == "gemm"]
    assert len(gemms) == 3
    assert gemms[0]["operands"] == {"A": _index(skinny, "words"), "B": None, "C": _index(skinny, "acc")}
    assert labels_of(skinny, "words")[0] == ["mma-atom"]
    assert labels_of(skinny, "acc")[0] == ["mma-atom"]  # its registers written one by one: no rest


def test_an_smem_buffer_of_the_warps_accumulators_summed_along_one_mode_is_the_epilogues_split_of_k(skinny):
    # `partials[warp, i, lane] = acc[i]`, then warp 0 adds `partials[0, i, lane] + partials[1, i, lane] + ...`: the
    # mode the sum walks holds each warp's share of K; the accumulator's values (a lane's registers) no one axis
    assert labels_of(skinny, "partials") == (["epi-rest-K", "epi-atom", "epi-atom"],
                                             ["summed_partials", "summed_partials.atom", "summed_partials.atom"])


def test_a_buffer_whose_warps_mode_a_vector_reduction_sums_is_the_epilogues_split_of_k(skinny):
    # `total = flat[None, e].load().reduce(ADD)` in a branch, written scaled: the mode the slice keeps is summed
    assert labels_of(skinny, "flat")[0] == ["epi-rest-K", "epi-atom"]


def test_registers_read_one_by_one_are_sliced_by_the_index_they_differ_in_and_rests_by_what_walks():
    # `[a_regs[0, i] for i in range(4)]` as A and `[acc[0, jj, i] ...]` as C, written back `acc[0, jj, i] = d[i]`:
    # `i` is the instruction's atom, the shared indices rests; `jj` walks while A's registers stay (N), and the
    # accumulator's other rest is at A's one rest's index in every issue (M)
    events = trace_json(f"{KERNEL}:compile_elements", arch="sm_80")
    assert labels_of(events, "acc")[0] == ["mma-rest-M", "mma-rest-N", "mma-atom"]
    assert labels_of(events, "a_regs")[0] == ["mma-rest-M", "mma-atom"]


def test_a_block_scaled_mma_sync_is_a_gemm_and_b_leaves_splitting_cs_index_run_along_n():
    # `{d}, {a}, {b}, {c}, sfa, {byte, thread}, sfb, {byte, thread}`: D, A, B, C lead; B's `(n % 2, n // 2)` are both
    # functions of C's `n`, so both run along N, and its `k` along K
    events = trace_json(f"{KERNEL}:compile_scaled", arch="sm_120a")
    gemms = [e for e in events if e["op"] == "gemm"]
    assert len(gemms) == 2 * 4 * 3
    assert labels_of(events, "lhs")[0] == ["mma-atom", "mma-rest-M", "mma-rest-K"]
    assert labels_of(events, "rhs")[0] == ["mma-atom-K", "mma-rest-N", "mma-rest-N", "mma-rest-K"]
    assert labels_of(events, "acc")[0] == ["mma-atom", "mma-rest-N", "mma-rest-M"]
    # `copy(atom, left[t, None, None, k], lhs[None, None, k])`: the k both sides are sliced at is one index, so the
    # inputs' last mode is K; their third the registers' M (A) and N (B), joined mode for mode by the copy
    assert labels_of(events, "left")[0][2:] == ["input-mode-M", "input-mode-K"]
    assert labels_of(events, "right")[0][2:] == ["input-mode-N", "input-mode-K"]


def test_smem_tiles_a_copy_loads_into_a_warp_mmas_registers_hold_its_operands_and_the_divide_is_the_copys():
    events = trace_json(f"{KERNEL}:compile_smem", arch="sm_80")
    assert labels_of(events, "tile_l")[0] == ["mma-atom-M", "mma-atom-K"]
    assert labels_of(events, "tile_r")[0] == ["mma-atom-N", "mma-atom-K"]
    assert labels_of(events, "view_l")[0] == ["copy-atom-M", "copy-atom-K", "copy-atom-K", "copy-rest-M",
                                              "copy-rest-K"]
    assert labels_of(events, "view_r")[0] == ["copy-atom-N", "copy-atom-K", "copy-atom-K", "copy-rest-N",
                                              "copy-rest-K"]
    # `total[i, n, m] += acc[i, n, m] * 2.0`: written at the index the accumulator is read at, it holds its elements
    assert labels_of(events, "total")[0] == ["mma-atom", "mma-rest-N", "mma-rest-M"]
    # `values.store(total[None, n, m].load())`, copied to `out_lane[None, None, (m, n)]`: the output's rows and
    # columns are the indices the registers' slice was taken at
    assert labels_of(events, "result")[0] == ["input-mode-M", "input-mode-N"]
    # the warp's share of the output, cut at the warp index that cuts the operand's SMEM tile: Block, as that is
    assert labels_of(events, "out_part")[0] == ["block-atom-M", "block-atom-N"]
    # the divide of the output a copy from registers writes into, made by hand: the store's partition
    assert labels_of(events, "out_view")[0] == ["store-atom-M", "store-atom-M", "store-atom-N", "store-atom-N",
                                                "store-rest-M", "store-rest-N"]
