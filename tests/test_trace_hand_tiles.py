"""Kernels written by hand (tests/kernels/hand_tiles.py, scaled_weights.py): a staged buffer's stage taken
by `cute.slice_` is a view of the buffer, a 2-D global tile laid by hand at the block's offset is the CTA's tile, and
a vector of a literal extent computed from the accumulator holds its rows, and softmax weights scaled once more as
they are written still carry the scores into the second product, whose (rows, d, 1) inputs end in a batch of one."""

import os

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "hand_tiles.py")


def _trace():
    return trace_json(f"{KERNEL}:compile_hand_tiles", arch="sm_80")


def test_a_stage_taken_by_slice_is_a_view_of_the_buffer():
    # `first = slice_(staged, (None, None, 0))`, copied into and read by the MMA's A partition: its modes are the
    # buffer's (recorded at its first use), and the MMA reading it makes the whole buffer the operand's tiles
    events = _trace()
    assert labels_of(events, "first")[0] == ["mma-atom-M", "mma-atom-K"]
    assert labels_of(events, "staged")[0] == ["mma-atom-M", "mma-atom-K", "stage"]
    (view,) = [e for e in events if "first" in e["names"]]
    (buffer,) = [e for e in events if "staged" in e["names"]]
    assert view["op"] == "slice_" and view["inputs"] == [buffer["index"]]


def test_a_global_tile_laid_at_the_block_offset_is_the_ctas_tile():
    # `make_tensor((a.iterator + bidx * 256).align(16), (16, 16))`: Block atoms along the axes its copy into the
    # MMA's operand says; the 1-D output vector at the block's offset stays a view of the input
    events = _trace()
    assert labels_of(events, "g_a") == (["block-atom-M", "block-atom-K"], ["mma_slot", "mma_slot"])
    assert labels_of(events, "g_b")[0] == ["block-atom-N", "block-atom-K"]
    assert labels_of(events, "out")[0] == ["input-mode"]


def test_a_literal_extent_vector_of_accumulator_rows():
    # `top = make_rmem_tensor(2)`, `top[(i // 2) % 2] = max(top[...], acc[i])`: one value per row the thread holds
    events = _trace()
    assert labels_of(events, "top") == (["mma-atom-M"], ["accumulator_row_vector"])


def test_softmax_weights_scaled_again_still_chain_the_products():
    # `weights[i] = f16(exp2(s[i] * 0.125 - top[r]) * v_scale[0])`: the weights' values come from the scores, past
    # the reach of the direct walk (two scalings): S = Q K^T feeds O = P V, so the operands take attention's axes
    events = trace_json(f"{os.path.join(ROOT, 'tests', 'kernels', 'scaled_weights.py')}:compile_scaled_weights",
                        arch="sm_80")
    assert labels_of(events, "sx")[0] == ["mma-atom-Q", "mma-atom-D"]
    assert labels_of(events, "sy")[0] == ["mma-atom-K", "mma-atom-D"]
    assert labels_of(events, "sz")[0] == ["mma-atom-D", "mma-atom-K"]
    assert labels_of(events, "result")[0] == ["mma-atom-D", "mma-atom-Q", "mma-rest-Q", "mma-rest-D"]


def test_a_unit_mode_appended_to_attention_inputs_is_the_batch():
    # (rows, d, 1) operands: the unit mode past the sequence and head dim is a batch of one (CuTe's L), not heads
    events = trace_json(f"{os.path.join(ROOT, 'tests', 'kernels', 'scaled_weights.py')}:compile_scaled_weights",
                        arch="sm_80")
    assert labels_of(events, "x") == (["input-mode-Q", "input-mode-D", "input-mode-B"],
                                      ["attention", "attention", "batch"])
    assert labels_of(events, "z")[0] == ["input-mode-D", "input-mode-K", "input-mode-B"]
