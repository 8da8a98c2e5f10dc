"""Kernels with no MMA whose axes only names and element-wise data flow say (tests/kernels/state_step.py): a tile's
sizes' names (`self.tile_d`, `self.d_state`) name its modes, before a tensor's name (`cS`); block indices `bidh`, `bidb`
name heads and batch, also under a library's subscript wrapper; a recurrent state's update names the rank it sums K,
its readers the rank indexing the outputs Q; a ring's slot view at a pipeline index makes the slot mode a stage; a
bare copy atom's hand-made sides are its atom."""

import os

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "state_step.py")


def _trace(entry):
    return trace_json(f"{KERNEL}:{entry}", arch="sm_90a")


def test_tile_sizes_names_name_the_state_dims():
    # `local_tile(state[bidb, bidh, None, None], (self.tile_d, self.d_state), (bidd, 0))`: head dim and state dim,
    # both D (the set's SSM convention); the identity tensor `cS` over the same tile is no scores tile (Q, K)
    events = _trace("compile_state_step")
    assert labels_of(events, "g_state") == (["block-atom-D", "block-atom-D"], ["name.tile", "name.tile"])
    assert labels_of(events, "cS")[0] == ["coord-mode-D", "coord-mode-D"]
    assert labels_of(events, "g_x")[0] == ["block-atom-D"]


def test_block_indices_name_heads_and_batch():
    events = _trace("compile_state_step")
    assert labels_of(events, "state") == (["input-mode-B", "input-mode-H", "input-mode-D", "input-mode-D"],
                                          ["name.dims", "name.dims", "name.tile", "name.tile"])


def test_a_library_subscript_wrapper_is_not_the_subscript():
    # a `_getitem` forwarding CuTe's subscript (quack's sugar): the indices' names are the kernel's line's
    events = _trace("compile_state_step_sugar")
    assert labels_of(events, "state")[0] == ["input-mode-B", "input-mode-H", "input-mode-D", "input-mode-D"]


def test_a_rank_summed_into_the_state_is_k_and_one_indexing_outputs_q():
    # h = decay * h + sum_r x B_r: B's rank K; y_r = sum_n h[:, n] C_r[n]: C's rank and y's Q
    events = _trace("compile_state_step")
    assert labels_of(events, "g_b") == (["block-atom-K", "block-atom-D"], ["state.update", "name.tile"])
    assert labels_of(events, "g_c") == (["block-atom-Q", "block-atom-D"], ["state.read", "name.tile"])
    assert labels_of(events, "r_b")[0] == ["copy-atom-D", "copy-atom", "copy-rest-K", "copy-rest-D"]
    assert labels_of(events, "r_c")[0] == ["copy-atom-D", "copy-atom", "copy-rest-D", "copy-rest-Q"]
    assert labels_of(events, "out")[0][1] == "store-rest-Q"


def test_a_ring_slot_view_and_a_bare_atom_copy():
    # `make_tensor(ring.iterator + slot.index * ROW, row)`: the ring's slot mode is a stage; `copy(atom, g_src, s_dst)`
    # with a bare atom moving the whole row: both sides its atom, Store where it writes global memory
    events = _trace("compile_row_ring")
    assert labels_of(events, "ring")[0][0] == "stage"
    for name in ("s_dst", "g_src"):
        assert labels_of(events, name)[0][0].startswith("copy-atom")
    for name in ("s_src", "g_dst"):
        assert labels_of(events, name)[0][0].startswith("store-atom")
