"""`cute-inspect diff` and the snapshot helper: tensors matched by kernel, function and name (never by line),
changes printed with both values, exit 0 / 1 / 2; snapshots written on request and compared otherwise."""

import json
import os
import subprocess
import sys

import pytest
from _cli import ROOT, cute_inspect

from cute_inspect.diff import SnapshotMismatch, assert_snapshot, diff_traces
from cute_inspect.diff.snapshot import UPDATE_ENV

SNAPSHOTS = os.path.join(ROOT, "tests", "snapshots")


def event(name, shape="(128,64,4)", line=10, kernel="k", function="k", op="local_tile", **extra):
    return {"names": [name], "kernel": kernel, "function": function, "op": op, "line": line, "col": 4,
            "file": "k.py", "shapes": [shape], "layouts": [f"{shape}:(64,1,8192)"], "memspaces": ["gmem"],
            "dtypes": ["f16"], "swizzles": [None], "levels": [["block-atom-M", "block-atom-K", "block-rest-K"]],
            **extra}


def trace(*events):
    return {"version": 1, "events": list(events)}


def test_moved_code_changes_nothing():
    old = trace(event("gA", line=10), event("tCgA", line=12, op="partition_A"))
    new = trace(event("tCgA", line=40, op="partition_A"), event("gA", line=30))
    changes = diff_traces(old, new)
    assert not changes.changed
    assert changes.text() == "no tensor changed\n"


def test_a_changed_tensor_is_printed_with_both_values():
    changes = diff_traces(trace(event("gA")), trace(event("gA", shape="(64,64,4)")))
    assert changes.text().splitlines() == [
        "k / k:",
        "  ~ gA (local_tile): shape (128,64,4) -> (64,64,4)",
        "      layout (128,64,4):(64,1,8192) -> (64,64,4):(64,1,8192)",
        "1 tensor changed",
    ]


def test_memory_dtype_and_labels_are_compared():
    old = event("sA")
    new = dict(old, memspaces=["smem"], dtypes=["bf16"], levels=[["stage", "block-atom-K", "block-rest-K"]])
    (change,) = diff_traces(trace(old), trace(new)).changes
    assert [word for word, _a, _b in change.fields] == ["memory", "dtype", "levels"]


def test_leaf_labels_count_only_when_both_traces_have_them():
    old = event("gA")
    with_labels = dict(old, leaf_labels=[["block-atom-M", "block-atom-K", "block-rest-K"]])
    assert not diff_traces(trace(old), trace(with_labels)).changed
    relabelled = dict(old, leaf_labels=[["block-atom-M", "block-atom-K", "stage"]])
    (change,) = diff_traces(trace(with_labels), trace(relabelled)).changes
    assert change.fields == [("leaf labels", ["block-atom-M", "block-atom-K", "block-rest-K"],
                              ["block-atom-M", "block-atom-K", "stage"])]


def test_added_removed_and_repeated_names_by_order():
    old = trace(event("tAsA", shape="(8,1)"), event("tAsA", shape="(8,2)"), event("gone"))
    new = trace(event("tAsA", shape="(8,1)"), event("tAsA", shape="(8,4)"), event("fresh", kernel="k2"))
    changes = diff_traces(old, new)
    assert [c.new.label() for c in changes.changes] == ["tAsA #2 (local_tile)"]
    assert [t.name for t in changes.added] == ["fresh"] and [t.name for t in changes.removed] == ["gone"]
    assert changes.summary() == "1 tensor changed, 1 added, 1 removed"


def test_same_name_in_another_function_is_another_tensor():
    changes = diff_traces(trace(event("gA", function="helper")), trace(event("gA", function="kernel")))
    assert len(changes.added) == len(changes.removed) == 1 and not changes.changes


def test_budget_changes_are_reported():
    def with_budget(smem):
        t = trace(event("gA"))
        t["resources"] = {"kernels": [{"kernel": "k", "smem_bytes": smem, "smem_limit": 232448, "fits": True}]}
        return t

    changes = diff_traces(with_budget(74752), with_budget(37888))
    assert changes.budget == [("k", "smem_bytes", 74752, 37888)]
    assert "budget of k: smem_bytes 74752 -> 37888" in changes.text()


@pytest.mark.parametrize("content, says", [
    (None, "no such file"),
    ("{", "not JSON"),
    ('{"version": 1}', "not a cute-inspect trace"),
    ('{"events": [3]}', "event 0 is not a trace event"),
])
def test_bad_input_is_one_line_and_exit_2(tmp_path, content, says):
    bad = tmp_path / "bad.json"
    if content is not None:
        bad.write_text(content)
    good = os.path.join(SNAPSHOTS, "staged_sm90.json")
    done = cute_inspect("diff", good, str(bad))
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.splitlines()) == 1 and str(bad) in done.stderr and says in done.stderr


def test_diff_of_a_directory_is_exit_2(tmp_path):
    done = cute_inspect("diff", str(tmp_path), str(tmp_path))
    assert done.returncode == 2 and "is a directory" in done.stderr


def _traced(tmp_path, name, body):
    """The JSON trace of a wrapper target in `tmp_path` that calls tests/kernels/budget.py's compile_staged."""
    target = tmp_path / f"{name}.py"
    target.write_text(f"import sys\nsys.path.insert(0, {os.path.join(ROOT, 'tests', 'kernels')!r})\n{body}")
    out = tmp_path / f"{name}.json"
    done = cute_inspect("trace", f"{target}:run", "--arch", "sm_90a", "--format", "json", "-o", str(out))
    assert done.returncode == 0, done.stderr
    return str(out)


def test_traces_of_a_line_shifted_copy_and_a_smaller_tile(tmp_path):
    source = open(os.path.join(ROOT, "tests", "kernels", "budget.py"), encoding="utf-8").read()
    shifted = tmp_path / "budget_shifted.py"
    shifted.write_text("# shifted\n" * 7 + source.replace("\n\n\n", "\n\n\n\n"))
    original = _traced(tmp_path, "original", "from budget import compile_staged\n\n\ndef run():\n"
                                             "    return compile_staged()\n")
    moved = _traced(tmp_path, "moved", f"sys.path.insert(0, {str(tmp_path)!r})\n"
                                       "from budget_shifted import compile_staged\n\n\ndef run():\n"
                                       "    return compile_staged()\n")
    smaller = _traced(tmp_path, "smaller", "from budget import compile_staged\n\n\ndef run():\n"
                                           "    return compile_staged(tile_m=64)\n")
    assert [e["line"] for e in json.load(open(original))["events"]] != \
        [e["line"] for e in json.load(open(moved))["events"]]
    same = cute_inspect("diff", original, moved)
    assert same.returncode == 0 and same.stdout == "no tensor changed\n", same.stdout
    changed = cute_inspect("diff", original, smaller)
    assert changed.returncode == 1
    assert "  ~ gA (local_tile): shape (128,64,8,16) -> (64,64,16,16)" in changed.stdout.splitlines()
    assert "budget of staged_kernel: smem_bytes 74752 -> 37888" in changed.stdout
    as_json = json.loads(cute_inspect("diff", original, smaller, "--format", "json").stdout)
    assert {c["name"] for c in as_json["changed"]} == {"gA", "sA", "tAgA", "tAsA"}


def test_snapshot_is_written_on_request_then_compared(tmp_path, monkeypatch):
    path = str(tmp_path / "snap" / "k.json")
    with pytest.raises(SnapshotMismatch, match="no snapshot yet.*CUTE_INSPECT_UPDATE_SNAPSHOTS=1"):
        assert_snapshot(trace(event("gA")), path)
    monkeypatch.setenv(UPDATE_ENV, "1")
    assert_snapshot(trace(event("gA")), path)
    monkeypatch.delenv(UPDATE_ENV)
    assert_snapshot(trace(event("gA", line=99)), path)  # moved: still the same
    with pytest.raises(SnapshotMismatch, match=r"(?s)differs from the snapshot.*shape \(128,64,4\) -> \(64,64,4\)"):
        assert_snapshot(trace(event("gA", shape="(64,64,4)")), path)
    assert_snapshot(trace(event("gA", shape="(64,64,4)")), path, update=True)
    assert_snapshot(trace(event("gA", shape="(64,64,4)")), path)


def test_pytest_snapshot_update_option(tmp_path):
    test = tmp_path / "test_snap.py"
    test.write_text("from cute_inspect.diff import assert_snapshot\n\n\ndef test_k():\n"
                    f"    assert_snapshot({{'events': [{event('gA')!r}]}}, 'k.json')\n")
    # the plugin is loaded through the package's pytest11 entry point, as in any project that installs it
    run = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(test)]
    env = {k: v for k, v in os.environ.items() if k != UPDATE_ENV}
    env["PYTHONPATH"] = ROOT
    first = subprocess.run(run, cwd=tmp_path, capture_output=True, text=True, env=env, timeout=300)
    assert first.returncode == 1 and "no snapshot yet" in first.stdout
    update = subprocess.run(run + ["--snapshot-update"], cwd=tmp_path, capture_output=True, text=True, env=env,
                            timeout=300)
    assert update.returncode == 0, update.stdout
    again = subprocess.run(run, cwd=tmp_path, capture_output=True, text=True, env=env, timeout=300)
    assert again.returncode == 0 and (tmp_path / "k.json").exists()


def test_the_committed_snapshots_match_fresh_traces(tmp_path):
    """tests/snapshots/ holds the budget kernel's traces (README's `diff` example reads them): they stay true."""
    for name, call in (("staged_sm90", "compile_staged()"), ("staged_sm90_tile64", "compile_staged(tile_m=64)")):
        fresh = _traced(tmp_path, name, f"from budget import compile_staged\n\n\ndef run():\n    return {call}\n")
        assert_snapshot(json.load(open(fresh)), os.path.join(SNAPSHOTS, f"{name}.json"))


def test_readme_snapshot_example_runs_and_passes(tmp_path):
    readme = open(os.path.join(ROOT, "README.md"), encoding="utf-8").read()
    example = readme.split("```python\n# tests/test_layouts.py\n", 1)[1].split("```", 1)[0]
    test = tmp_path / "test_layouts.py"
    test.write_text(example)
    env = {k: v for k, v in os.environ.items() if k not in (UPDATE_ENV, "CUTE_DSL_ARCH")}
    env["PYTHONPATH"] = ROOT
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(test)], cwd=ROOT,
                          capture_output=True, text=True, env=env, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:]
    assert "1 passed" in done.stdout


def test_control_flow_bodies_count_as_their_kernel():
    """The DSL numbers dynamic control-flow bodies (`else_block_10`); a new branch above renumbers them."""
    old = trace(event("tRS_rAcc", kernel="kernel", function="else_block_10"))
    new = trace(event("tRS_rAcc", kernel="kernel", function="else_block_11"))
    assert not diff_traces(old, new).changed
