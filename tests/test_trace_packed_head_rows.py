"""Rows of a workspace that pack (chunk, head, token), selected by `chunk * heads + h` with h the index that
selects another tensor's heads: the workspace's rows and its tiles' rest run along no axis; a tile's 16 rows stay
keys, and the queries' heads stay heads."""

import os
from types import SimpleNamespace

import pytest

from _cli import ROOT, labels_of, trace_json
from cute_inspect.trace import flow, levels
from cute_inspect.trace.axes import Axes, fresh

KERNEL = os.path.join(ROOT, "tests", "kernels", "packed_head_rows.py")


@pytest.fixture(scope="module")
def packed():
    return trace_json(f"{KERNEL}:compile_packed_head_rows", arch="sm_80")


def test_rows_packing_chunks_and_heads_run_along_no_axis(packed):
    assert labels_of(packed, "keys")[0] == ["input-mode", "input-mode-D"]
    assert labels_of(packed, "values")[0] == ["input-mode-D", "input-mode"]


def test_a_tiles_rows_stay_keys_and_its_packed_rest_runs_along_none(packed):
    assert labels_of(packed, "key_tiles")[0] == ["block-atom-K", "block-atom-D", "block-rest"]
    assert labels_of(packed, "value_tiles")[0] == ["block-atom-D", "block-atom-K", "block-rest"]


def test_the_heads_the_inner_term_selects_stay_heads(packed):
    assert labels_of(packed, "queries")[0] == ["input-mode-Q", "input-mode-D", "input-mode-H", "input-mode-B"]


def test_one_packed_row_tiled_by_one_runs_along_no_axis(packed):
    # a (1, 64) tile of a per-(chunk, head) gate row: its size-1 atom is one packed row, its rest the packed index
    atom, _, rest = labels_of(packed, "gate_tiles")[0]
    assert (atom, rest) == ("block-atom", "block-rest")
    assert labels_of(packed, "gates")[0][0] == "input-mode"


def _mode(var):
    return levels.ModeLabel("input", "mode", None, 0, None, "input.mode", None, var)


def _record(memspace, *variables):
    return SimpleNamespace(levels=(tuple(_mode(v) for v in variables),), shapes=((16,) * len(variables),),
                           memspaces=(memspace,))


def test_an_inner_term_packs_heads_only_where_it_selects_a_global_tensors_heads():
    # `kv_head * G + q_m` with q_m picking rows of an SMEM tile of grouped heads (`sQ[q_m, None]`) is the query
    # heads of mQ, not (kv_head, heads) packed; `c * heads + h` with h selecting a global tensor's heads packs
    axes = Axes()
    rows, smem_heads, global_heads = fresh(), fresh(), fresh()
    records = [_record("gmem", rows), _record("smem", smem_heads), _record("gmem", global_heads)]
    named = {axes.find(rows): ("H", "batch"), axes.find(smem_heads): ("H", "batch"),
             axes.find(global_heads): ("H", "batch")}
    selections = {"q_m": [smem_heads], "h": [global_heads]}
    assert flow._packed_head_rows(axes, records, named, [(rows, ("q_m",), ())], selections) == set()
    assert flow._packed_head_rows(axes, records, named, [(rows, ("h",), ())], selections) == {rows}
