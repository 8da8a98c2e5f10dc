"""A tensor made in a helper is shown where the kernel's code binds it, under that name (issue 23, class 7), for
every shape of helper in tests/kernels/helper_binding.py; the helper's own place stays in the JSON (`made_at`)."""

import pytest

from _cli import cute_inspect, trace_json

KERNEL = "tests/kernels/helper_binding.py"


@pytest.fixture(scope="module")
def events():
    return [e for e in trace_json(f"{KERNEL}:compile_helpers", arch="sm_80") if e["op"] != "copy"]


def _at(events, name):
    return [(e["line"], e["function"], e["op"]) for e in events if name in e["names"]]


def test_a_method_calling_a_helper_of_the_same_file_is_bound_where_the_kernels_code_binds_it(events):
    # `tXgX, tYgY = self._partition(...)` in _mainloop; _partition binds `_pair`'s results itself first
    assert _at(events, "tXgX") == [(66, "_mainloop", "partition_S")]
    assert _at(events, "tYgY") == [(66, "_mainloop", "partition_D")]
    (tXgX,) = [e for e in events if e["names"] == ["tXgX"]]
    assert tXgX["made_at"] == {"file": tXgX["file"], "line": 41, "function": "_pair", "names": ["tSgS"]}
    assert [c["line"] for c in tXgX["chain"]] == [66, 55, 41]


def test_both_results_of_a_cute_jit_helper_are_named_though_its_caller_runs_under_the_dsls_frames(events):
    assert _at(events, "tXrX") == [(67, "_mainloop", "make_rmem_tensor_like")]
    assert _at(events, "tXrY") == [(67, "_mainloop", "make_rmem_tensor_like")]


def test_two_helper_calls_in_one_statement_both_wait_for_its_assignment(events):
    assert _at(events, "gX") == [(65, "_mainloop", "local_tile")]
    assert _at(events, "gY") == [(65, "_mainloop", "local_tile")]


def test_a_name_a_helper_rebinds_keeps_the_first_tensor_and_the_kernel_names_the_second(events):
    # _rebound: `tRgR, _ = pattern_helpers.partition_pair(...)`, then `tRgR = cute.group_modes(tRgR, 0, 2)`
    assert _at(events, "tRgR") == [(59, "_rebound", "partition_S")]
    assert _at(events, "tKgK") == [(68, "_mainloop", "group_modes")]
    # the output bound to `_` has no name there: it keeps its own, and its chain starts at the helper's caller
    (tDgD,) = [e for e in events if e["names"] == ["tDgD"]]
    assert tDgD["file"].endswith("pattern_helpers.py") and [c["line"] for c in tDgD["chain"]] == [59, 9]


def test_tensors_a_helper_returns_inside_a_namedtuple_dict_dataclass_or_namespace_are_named_by_their_path(events):
    assert _at(events, "parts.tXgX") == [(69, "_mainloop", "partition_S")]
    assert _at(events, "parts.tYgY") == [(69, "_mainloop", "partition_D")]
    assert _at(events, "table['x']") == [(70, "_mainloop", "local_tile")]
    assert _at(events, "held.tile") == [(71, "_mainloop", "local_tile")]
    assert _at(events, "space.t") == [(72, "_mainloop", "local_tile")]


def test_helpers_in_an_unrolled_loop_through_partial_a_lambda_and_a_const_expr_branch(events):
    assert _at(events, "gL") == [(74, "_mainloop", "local_tile")] * 2
    assert _at(events, "gP") == [(76, "_mainloop", "local_tile")]
    assert _at(events, "gC") == [(78, "_mainloop", "local_tile")]
    assert _at(events, "gB") == [(80, "_mainloop", "local_tile")]


def test_a_helpers_result_passed_straight_into_a_call_keeps_its_own_line_and_the_callers_line_in_its_chain(events):
    unbound = [e for e in events if e["op"] == "local_tile" and e["names"] == [None]]
    assert [(e["line"], e["function"], [c["line"] for c in e["chain"]], e["made_at"]) for e in unbound] == [
        (37, "_tile", [81, 37], None), (37, "_tile", [91, 37], None)]


def test_smem_a_helper_module_allocates_is_made_where_the_kernel_binds_it(events):
    (sX,) = [e for e in events if "sX" in e["names"]]
    assert (sX["op"], sX["line"], sX["function"], sX["memspaces"]) == ("make_tensor", 88, "kernel", ["smem"])
    assert sX["made_at"]["file"].endswith("pattern_helpers.py") and sX["made_at"]["line"] == 44


def test_the_text_and_html_reports_show_a_helpers_tensor_at_the_binding_line_with_the_helpers_line(tmp_path):
    report = tmp_path / "report.html"
    done = cute_inspect("trace", f"{KERNEL}:compile_helpers", "--arch", "sm_80", "--html", str(report))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    at = next(i for i, line in enumerate(lines) if " tKgK " in line)  # its shape's line, then its modes' line
    assert lines[at].split()[1] == "helper_binding.py:68" and lines[at + 1].endswith("via helper_binding.py:60")
    assert "helper_binding.py:68</span> <em>via helper_binding.py:60</em>" in report.read_text()


def test_an_smem_work_tile_a_helper_reads_field_by_field_through_registers_is_metadata():
    made = {e["names"][0]: e for e in trace_json(f"{KERNEL}:compile_work_tile", arch="sm_80")
            if e["op"] == "make_tensor"}
    assert made["sInfo"]["leaf_labels"] == [["input-mode"]] and made["sInfo"]["label_rules"] == [["metadata"]]
    # the same staging of a row whose registers are then read whole is data: the SMEM buffer stays a tile, along
    # the columns of gY's row that its registers are stored into
    assert made["sRow"]["leaf_labels"] == [["block-atom-N"]]


def test_a_kernel_whose_symbol_a_package_prefixes_still_binds_its_helpers_tensors():
    events = trace_json(f"{KERNEL}:compile_prefixed", arch="sm_80")
    (tXgX,) = [e for e in events if "tXgX" in e["names"]]
    assert (tXgX["function"], tXgX["made_at"]["function"], tXgX["made_at"]["names"]) == ("kernel", "_tiles", ["tPgP"])
