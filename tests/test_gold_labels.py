"""The hand-judged gold set (tests/gold): its data keeps the label contract, and the tracer labels no fewer of
its tensors right (every leaf's level, role and axis) than it last did. Both splits' figures are printed
(`pytest -s`).

Issue 23 asks for 95% of the tensors; the tracer is not there yet (see docs/trace.md), so the test holds the
figures reached, split by split, and each gain raises them: a change that loses a tensor fails here.

The kernels come from the pinned PyPI packages `.ci/setup` installs (flash-attn-4, quack-kernels,
flashinfer-python, flash-msa, kernel-fun, flashlib, dist-moe, fast-trimul, nvidia-cudnn-frontend, sglang, mjolnir-kernel, nemo-automodel, liger-kernel,
transformer-engine, parallax-kernel, vllm, tokenspeed-kernel, lightmoe, turbo-attn, fold-attention, sonic-moe, cache-dit, attn-gym).
Kernels from GitHub trees (tests/gold/README.md, "Sixteenth split") are scored only where $CUTE_INSPECT_GOLD_SOURCES
holds them; elsewhere their entries are reported as not scored and their split is held to REACHED_INSTALLED."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.gold import _labels, score

GOLD = score.load_gold()


def test_gold_entries_keep_the_contract():
    fields = {"project", "wrapper", "file", "kernel", "name", "line", "shape", "leaves", "why", "split"}
    for entry in GOLD:
        where = f"{entry.get('wrapper')} {entry.get('file')}:{entry.get('line')} {entry.get('name')}"
        assert set(entry) == fields, where
        assert entry["split"] in score.SPLITS, where
        assert len(_labels.leaves(entry["shape"])) == len(entry["leaves"]), where
        assert [_labels.check(label) for label in entry["leaves"]] == [None] * len(entry["leaves"]), where
        assert entry["why"].strip(), where


def test_gold_set_is_large_and_holds_whole_kernels_out():
    assert len(GOLD) >= 150
    assert len({e["project"] for e in GOLD}) >= 3
    wrappers = {split: {e["wrapper"] for e in GOLD if e["split"] == split} for split in score.SPLITS}
    assert not wrappers["tune"] & wrappers["heldout"], "a kernel is in both splits"
    held = Counter(e["split"] for e in GOLD)["heldout"]
    # each session judges a fresh held-out split and retires the last into tune, so the share falls as tune grows;
    # what keeps the held-out figure meaningful is its own size and breadth
    held_kernels = wrappers["heldout"]
    assert held >= 150 and len(held_kernels) >= 4 and held / len(GOLD) <= 0.45


def test_gold_entries_name_one_tensor_each():
    keys = Counter((e["wrapper"], e["file"], e["line"], e["name"], e["shape"]) for e in GOLD)
    assert [k for k, n in keys.items() if n > 1] == []


@pytest.fixture(scope="module")
def tallies():
    return score.score(GOLD)


#: tensors labelled right at the last measurement (main, 2026-11-29, the thirty-first session's merge: tune 11504, the
#: 11107 of the thirtieth session and the twenty-fourth split (397: 238 at its session's start and merge, 285 after
#: trax35 and trlev35 tuned on it) retired into it; held out, the twenty-fifth split (three judges: 334, one kernel,
#: sglang's KDA K1+K2+K3, from an installed package, the rest from GitHub trees), 161 at the session's start and at
#: the merge, tensor for tensor): raise these with every gain
REACHED = {"tune": 8057, "heldout": 161}
#: the same figures over the entries whose kernels are installed packages, checked where the GitHub trees are absent
#: (CI): a split keeps a regression check without $CUTE_INSPECT_GOLD_SOURCES
REACHED_INSTALLED = {"tune": 6204, "heldout": 2}
ISSUE_TARGET_PCT = 95.0


def test_tracer_labels_the_gold_set(tallies, capsys):
    with capsys.disabled():
        for split in (*score.SPLITS, "all"):
            print(f"\ngold {split}: {tallies[split].figures()}")
        print(f"gold: issue 23's target is {ISSUE_TARGET_PCT}% of the tensors right")
    assert tallies["all"].crashed == {}, "wrappers that did not trace: " + "; ".join(tallies["all"].crashed.values())
    for split, reached in REACHED.items():
        if split not in tallies:
            continue
        if tallies[split].absent:
            # a split judged partly from GitHub trees (tests/gold/README.md, Sixteenth split) is measured whole only
            # where they are; elsewhere its installed part keeps its own figure
            reached = REACHED_INSTALLED.get(split)
            with capsys.disabled():
                print(f"gold {split}: {tallies[split].unscored} entries not scored: "
                      + "; ".join(sorted(set(tallies[split].absent.values())))
                      + ("" if reached is None else f"; checked against the installed part's {reached}"))
            if reached is None:
                continue
        figures = tallies[split].figures()
        assert figures["tensors_right"] >= reached, (
            f"{split}: {figures['tensors_right']}/{figures['tensors']} tensors labelled right, fewer than the "
            f"{reached} reached before; python -m tests.gold.score --split {split} --details lists them")


def _github_entries() -> list[dict]:
    """Every judged entry, in any of tests/gold's JSON files, whose wrapper loads its kernel from a GitHub tree."""
    import glob
    import json
    import os

    from tests.gold import _trace

    entries = []
    for path in sorted(glob.glob(os.path.join(score.HERE, "*.json"))):
        with open(path) as f:
            entries += [e for e in json.load(f) if _trace.wrapper_source(score.wrapper_path(e["wrapper"]))]
    return entries


@pytest.mark.parametrize("sources", [None, "no-such-folder"])
def test_entries_of_an_absent_github_tree_are_reported_not_scored(sources, monkeypatch, tmp_path, capsys):
    from tests.gold import _packages

    entries = _github_entries()
    assert entries, "no wrapper declares SOURCE"
    if sources is None:
        monkeypatch.delenv(_packages.GOLD_SOURCES, raising=False)
    else:
        monkeypatch.setenv(_packages.GOLD_SOURCES, str(tmp_path / sources))
    tallies = score.score(entries)
    every = tallies["all"]
    assert (every.tensors, every.unscored, every.crashed) == (0, len(entries), {})
    assert set(every.absent) == {e["wrapper"] for e in entries}
    score._print(tallies, details=False)
    said = capsys.readouterr().out
    assert f"not scored: {len(entries)} entries" in said and "source absent" in said
    assert ("is not set" if sources is None else sources) in said
    from tests.gold import shapes

    assert shapes.main([score.wrapper_path(entries[0]["wrapper"])]) == 2
    assert "source absent" in capsys.readouterr().err


def test_a_github_wrapper_names_its_repository_and_a_full_commit():
    import re

    from tests.gold import _trace

    for wrapper in sorted({e["wrapper"] for e in _github_entries()}):
        repo, commit = _trace.wrapper_source(score.wrapper_path(wrapper))
        assert re.fullmatch(r"[\w.-]+/[\w.-]+", repo) and re.fullmatch(r"[0-9a-f]{40}", commit), wrapper


def test_scorer_spreads_mode_labels_and_ignores_the_mma_name():
    assert _labels.expand(["mma-atom", "mma-rest-M", ["stage", "stage"]], "((8,16),1,(1,2))") == [
        "mma-atom", "mma-atom", "mma-rest-M", "stage", "stage"]
    assert _labels.expand(["block-atom"], "(64,2)") is None
    assert score.compare(["mma-atom-Q", "copy-atom-?"], ["mma_qk-atom-Q", "copy-atom"]) == [True, True]
    assert score.compare(["mma-atom-Q", "copy-atom-?"], ["mma-atom-M", "copy-atom-N"]) == [False, False]


def test_scorer_matches_by_name_then_by_shape_and_prefers_a_parameter_for_an_input_entry():
    def event(index, op, name, shape):
        return {"index": index, "op": op, "names": [name], "file": "k.py", "line": 7, "shapes": [shape]}

    events = [event(0, "input", "mT", "(2,8)"), event(1, "local_tile", None, "(2,8)"),
              event(2, "local_tile", "gB", "(2,8)")]
    entry = {"file": "k.py", "line": 7, "shape": "(2,8)"}
    found = score.match(events, [dict(entry, name="gB", leaves=["block-atom-M", "block-atom-N"]),
                                 dict(entry, name="gW", leaves=["block-atom-M", "block-atom-N"]),
                                 dict(entry, name="mW", leaves=["input-mode-M", "input-mode-N"])])
    assert [(e["index"], right) for _, e, _, right in found] == [(2, True), (1, False), (0, False)]


def _fake_runs(monkeypatch, returncodes):
    """subprocess.run stand-in for _trace: each call pops a return code; 0 writes an empty trace where -o says."""
    from tests.gold import _trace

    calls = []

    def run(cmd, **kwargs):
        calls.append(cmd)
        code = returncodes.pop(0)
        if code == 0:
            with open(cmd[cmd.index("-o") + 1], "w") as f:
                f.write('{"events": []}')
        said = "cute-inspect: w.py:compile_only: the process died of SIGSEGV (a crash)" if code == "segv" else \
            f"child said {code}"
        return type("Done", (), {"returncode": 2 if code == "segv" else code, "stderr": said + "\n"})()

    monkeypatch.setattr(_trace.subprocess, "run", run)
    return calls


def test_a_child_killed_by_a_signal_is_traced_once_more(monkeypatch):
    from tests.gold import _trace

    calls = _fake_runs(monkeypatch, [-11, 0])
    assert _trace.trace_wrapper(score.wrapper_path(GOLD[0]["wrapper"])) == {"events": []}
    assert len(calls) == 2
    # as it happens: cute-inspect runs the target in a forked copy of itself and reports that copy's death, exit 2
    calls = _fake_runs(monkeypatch, ["segv", 0])
    assert _trace.trace_wrapper(score.wrapper_path(GOLD[0]["wrapper"])) == {"events": []}
    assert len(calls) == 2


def test_a_tracer_failure_or_a_second_signal_is_a_crash(monkeypatch):
    from tests.gold import _trace

    path = score.wrapper_path(GOLD[0]["wrapper"])
    calls = _fake_runs(monkeypatch, [1])
    with pytest.raises(_trace.TraceFailed, match="exited 1: child said 1"):
        _trace.trace_wrapper(path)
    assert len(calls) == 1
    calls = _fake_runs(monkeypatch, [-11, -11])
    with pytest.raises(_trace.TraceFailed, match="exited -11"):
        _trace.trace_wrapper(path)
    assert len(calls) == 2
    calls = _fake_runs(monkeypatch, [2])
    with pytest.raises(_trace.TraceFailed, match="exited 2: child said 2"):
        _trace.trace_wrapper(path)
    assert len(calls) == 1
    calls = _fake_runs(monkeypatch, ["segv", "segv"])
    with pytest.raises(_trace.TraceFailed, match="died of SIGSEGV"):
        _trace.trace_wrapper(path)
    assert len(calls) == 2


def test_score_one_wrapper_prints_its_line(capsys):
    assert score.main(["--wrapper", "ts_lamport_nvfp4_quant", "--per-kernel"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[:2] for line in lines if "ts_lamport_nvfp4_quant" in line][0][0] == "ts_lamport_nvfp4_quant"
    split_line = lines[1].split()
    assert split_line[0] in score.SPLITS and split_line[1:3] == ["tensors", "right"] and split_line[3].endswith("/1")


def test_score_names_an_unknown_wrapper(capsys):
    assert score.main(["--wrapper", "no_such_kernel"]) == 2
    assert "no entries for wrapper no_such_kernel" in capsys.readouterr().err


def test_judged_corpus_totals_merge_crashes_and_counts():
    import importlib.util
    import os

    path = os.path.join(os.path.dirname(__file__), "..", "examples", "corpus", "score_judged.py")
    spec = importlib.util.spec_from_file_location("score_judged", path)
    judged = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(judged)
    total, part = score.Tally(), score.Tally()
    part.tensors, part.crashed = 3, {"w": "w.py: trace exited 1: boom"}
    judged._merge(total, part)
    judged._merge(total, part)
    assert total.tensors == 6 and total.crashed == {"w": "w.py: trace exited 1: boom"}


def test_diagnostics_count_levels_and_axes_up_to_each_kernels_renaming():
    def entry(wrapper, leaves):
        return {"wrapper": wrapper, "file": "k.py", "line": 1, "name": "t", "shape": "(2,2)", "leaves": leaves,
                "why": "-"}

    def record(labels):
        return {"leaf_labels": [labels], "names": ["t"]}

    tally = score.Tally()
    # kernel a: the tracer's Q and K are the judge's D (several letters may map to one), its M the judge's K
    tally.add(entry("a", ["block-atom-D", "block-atom-D"]), record(["block-atom-Q", "block-atom-K"]), 0, True, None)
    tally.add(entry("a", ["mma-atom-K", "block-rest-D"]), record(["mma-atom-M", "block-rest-Q"]), 0, True, None)
    # a leaf the judge leaves without an axis, that the tracer's Q (the judge's D in this kernel) does not match
    tally.add(entry("a", ["block-atom-D", "block-rest"]), record(["block-atom-Q", "block-rest-Q"]), 0, True, None)
    # kernel b: a level wrong is wrong whatever the axes; the same letters map anew per kernel
    tally.add(entry("b", ["block-atom-M", "stage"]), record(["block-atom-M", "block-rest-N"]), 0, True, None)
    tally.add(entry("b", ["block-atom-K", "block-rest-M"]), record(["block-atom-Q", "block-rest-M"]), 0, True, None)
    tally.add(entry("b", ["block-atom-K", "block-rest-M"]), None, 0, False, None)
    assert tally.figures()["tensors_right"] == 0
    assert tally.diagnostics() == {"levels_roles_right": 4, "right_up_to_axis_names": 3, "tensors": 6}
