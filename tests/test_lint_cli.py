"""`cute-inspect lint` / `rules` end to end: exit codes, unreadable files, output formats, bench, hooks."""

import json
import os

import pytest

from cute_inspect import cli
from cute_inspect.lint import bench
from cute_inspect.lint.registry import RULES, all_rules

CLEAN = "tCgA = thr_mma.partition_A(gA_mkl)\n"
BAD = "tCgB = thr_mma.partition_A(gA_mkl)\n"


def _run(capsys, *argv):
    code = cli.main(["lint", *argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_clean_tree_exits_0_with_a_summary(tmp_path, capsys):
    (tmp_path / "k.py").write_text(CLEAN)
    (tmp_path / "notes.txt").write_text(BAD)
    assert _run(capsys, str(tmp_path))[:2] == (0, "All checks passed (1 file checked).\n")


def test_findings_exit_1_sorted_by_file_and_line(tmp_path, capsys):
    (tmp_path / "b.py").write_text(CLEAN + BAD)
    (tmp_path / "a.py").write_text(BAD + BAD)
    code, out, _ = _run(capsys, str(tmp_path))
    lines = out.splitlines()
    assert code == 1
    assert [line.split(" ")[0] for line in lines[:-2]] == [
        f"{tmp_path}/a.py:1:1:", f"{tmp_path}/a.py:2:1:", f"{tmp_path}/b.py:2:1:"
    ]
    assert lines[0].endswith("CI105 `tCgB` partitions `gA_mkl` but names `gB`; rename it to `tCgA`")
    assert lines[-2] == "Found 3 findings in 2 files (2 files checked)."
    # module-level names may be imported elsewhere: renaming them is not safe; b.py's tCgA is taken
    assert lines[-1] == "No safe fixes (2 more with `--fix --unsafe-fixes`); `--diff` shows them."


def test_unparseable_and_unreadable_files_are_reported_and_others_still_linted(tmp_path, capsys):
    (tmp_path / "bad_syntax.py").write_text("def broken(:\n")
    (tmp_path / "missing.py").symlink_to(tmp_path / "nowhere.py")
    (tmp_path / "k.py").write_text(BAD)
    code, out, err = _run(capsys, str(tmp_path), str(tmp_path / "absent.py"))
    assert code == 2
    assert err.splitlines() == [  # on standard error, in path order
        f"{tmp_path}/absent.py: error: no such file or directory",
        f"{tmp_path}/bad_syntax.py:1:12: error: could not parse: invalid syntax",
        f"{tmp_path}/missing.py: error: could not read: No such file or directory",
    ]
    assert f"{tmp_path}/k.py:1:1: CI105" in out
    assert out.splitlines()[-2] == "3 files could not be linted."
    assert "All checks passed" not in out


def test_json_format(tmp_path, capsys):
    (tmp_path / "k.py").write_text(BAD)
    (tmp_path / "x.py").write_text("(\n")
    code, out, _ = _run(capsys, "--format", "json", str(tmp_path))
    document = json.loads(out)
    assert code == 2 and document["files_checked"] == 1
    assert document["findings"] == [{
        "path": f"{tmp_path}/k.py", "line": 1, "column": 1, "code": "CI105",
        "message": "`tCgB` partitions `gA_mkl` but names `gB`; rename it to `tCgA`",
    }]
    assert document["errors"][0]["path"] == f"{tmp_path}/x.py"


def test_sarif_format_has_the_required_2_1_0_fields(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "dir with space").mkdir()
    (tmp_path / "dir with space" / "k.py").write_text(CLEAN + BAD)
    code, out, _ = _run(capsys, "--format", "sarif", "dir with space")
    sarif = json.loads(out)
    assert code == 1
    assert sarif["version"] == "2.1.0" and sarif["$schema"].endswith("sarif-2.1.0.json")
    (run,) = sarif["runs"]
    driver = run["tool"]["driver"]
    assert driver["name"] == "cute-inspect"
    assert [rule["id"] for rule in driver["rules"]] == list(all_rules())
    assert {"CI107", "CI201", "CI301"} <= {rule["id"] for rule in driver["rules"]}
    assert all(rule["shortDescription"]["text"] and rule["help"]["text"] for rule in driver["rules"])
    (result,) = run["results"]
    assert result["ruleId"] == "CI105" and driver["rules"][result["ruleIndex"]]["id"] == "CI105"
    assert result["message"]["text"].startswith("`tCgB` partitions")
    location = result["locations"][0]["physicalLocation"]
    assert location["artifactLocation"]["uri"] == "dir%20with%20space/k.py"
    assert location["region"] == {"startLine": 2, "startColumn": 1}
    assert run["invocations"][0]["executionSuccessful"] is True
    code, out, _ = _run(capsys, "--format", "sarif", str(tmp_path / "absent.py"))
    (notification,) = json.loads(out)["runs"][0]["invocations"][0]["toolExecutionNotifications"]
    assert code == 2 and notification["message"]["text"] == "no such file or directory"
    assert notification["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == (
        (tmp_path / "absent.py").as_uri()
    )


def test_rules_lists_every_code_and_shows_one_rule_doc(capsys):
    assert cli.main(["rules"]) == 0
    header, *listing = capsys.readouterr().out.splitlines()
    assert header.startswith("code   on   name")
    assert [line.split()[0] for line in listing if not line.startswith(" ")] == list(all_rules())
    assert max(map(len, listing)) <= 100
    on = {line.split()[0] for line in listing if not line.startswith(" ") and line.split()[1] == "yes"}
    assert {"CI101", "CI108", "CI109"}.isdisjoint(on) and {"CI102", "CI103", "CI104", "CI105", "CI106"} <= on
    assert sorted(RULES) == [code for code in all_rules() if code < "CI200"]
    assert cli.main(["rules", "ci105"]) == 0
    doc = capsys.readouterr().out
    assert doc.startswith("CI105 partition-source-agreement") and "## Why is this bad?" in doc
    assert cli.main(["rules", "CI999"]) == 2
    assert "no rule 'CI999'" in capsys.readouterr().err


def test_unknown_select_code_is_a_usage_error(tmp_path, capsys):
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["lint", "--select", "XX9", str(tmp_path)])
    assert exit_info.value.code == 2
    assert "XX9 matches no rule code" in capsys.readouterr().err


@pytest.mark.parametrize("option", ["--select", "--ignore", "--extend-select"])
def test_a_well_formed_code_no_rule_has_is_a_usage_error_too(tmp_path, capsys, option):
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["lint", option, "CI1,CI999", str(tmp_path)])
    assert exit_info.value.code == 2
    assert "CI999 matches no rule code" in capsys.readouterr().err


def test_non_utf8_file_is_an_error_with_its_line_not_a_pass(tmp_path, capsys):
    (tmp_path / "k.py").write_bytes(b"x = 1\n# caf\xe9\n")
    code, out, err = _run(capsys, str(tmp_path / "k.py"))
    assert code == 2
    assert err.splitlines()[0].startswith(f"{tmp_path}/k.py:2:6: error: could not read: byte 0xe9 is not UTF-8")
    assert "All checks passed" not in out
    (tmp_path / "k.py").write_bytes(b"# -*- coding: latin-1 -*-\n# caf\xe9\n" + BAD.encode())
    assert _run(capsys, str(tmp_path / "k.py"))[0] == 1  # a declared encoding is honoured, as Python does


def test_opt_in_rules_run_with_extend_select(tmp_path, capsys):
    (tmp_path / "k.py").write_text("acc_vec = tiled_copy_r2s.retile(tTR_rAcc)\n")
    assert _run(capsys, str(tmp_path))[0] == 0
    code, out, _ = _run(capsys, "--extend-select", "CI101", str(tmp_path))
    assert code == 1 and "CI101 `acc_vec` is made by `tiled_copy_r2s.retile`" in out


def test_bench_reports_files_findings_and_seconds(capsys):
    corpus = os.path.join(os.path.dirname(__file__), "lint_corpus")
    files = sorted(os.path.join(corpus, name) for name in os.listdir(corpus) if name.endswith(".py"))
    assert bench.main([*files, "--repeat", "1", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("files: 5  findings: ") and " seconds: best " in out and "(1 runs, 1 worker)" in out


def test_pre_commit_hook_runs_the_lint_command():
    path = os.path.join(os.path.dirname(__file__), os.pardir, ".pre-commit-hooks.yaml")
    with open(path) as file:
        fields = dict(line.strip(" -\n").split(": ", 1) for line in file if ": " in line)
    assert fields["id"] == "cute-inspect-lint" and fields["language"] == "python"
    assert fields["types"] == "[python]"
    program, *arguments = fields["entry"].split()
    assert program == "cute-inspect"
    assert cli.build_parser().parse_args([*arguments, "k.py"]).func.__name__ == "run_lint"


def test_statistics_counts_findings_per_code(tmp_path, capsys):
    (tmp_path / "k.py").write_text(BAD + BAD + "acc_vec = tiled_copy_r2s.retile(tTR_rAcc)\n")
    code, out, _ = _run(capsys, "--statistics", "--extend-select", "CI101", str(tmp_path))
    assert code == 1
    assert out.splitlines() == [
        "     1  CI101  partition-name-grammar",
        "     2  CI105  partition-source-agreement",
        "Found 3 findings in 1 file (1 file checked).",
    ]


def test_jobs_sets_the_processes_and_changes_no_result(tmp_path, capsys):
    for number in range(10):
        (tmp_path / f"k{number}.py").write_text(BAD * (number % 3) + CLEAN)
    serial = _run(capsys, "--no-cache", "--jobs", "1", str(tmp_path))
    assert serial[0] == 1 and "Found 9 findings in 6 files (10 files checked)." in serial[1]
    assert _run(capsys, "--no-cache", "--jobs", "3", str(tmp_path)) == serial


@pytest.mark.parametrize("count", ["0", "-2", "two"])
def test_jobs_must_be_a_positive_number(tmp_path, capsys, count):
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["lint", "--jobs", count, str(tmp_path)])
    assert exit_info.value.code == 2
    assert capsys.readouterr().err.splitlines()[0] == (
        f"cute-inspect lint: error: argument --jobs: {count!r} is not a number of processes (1 or more)"
    )


@pytest.mark.parametrize("command, expected_code", [("lint", 1), ("rules", 0)])
def test_the_program_writes_everything_and_exits_with_the_code_though_it_skips_the_teardown(
    tmp_path, capsys, command, expected_code
):
    """`python -m cute_inspect lint` and `rules` end by `os._exit` once the output is flushed (`cli.run`): what a
    pipe reads is what `cli.main` prints, to the last line, and the exit code is the command's."""
    import subprocess
    import sys

    for number in range(10):  # 200 findings: more than an output buffer holds
        (tmp_path / f"k{number}.py").write_text(BAD * 20)
    argv = [command, "--no-cache", str(tmp_path)] if command == "lint" else [command]
    assert cli.main(argv) == expected_code
    printed = capsys.readouterr().out
    done = subprocess.run([sys.executable, "-m", "cute_inspect", *argv], capture_output=True, text=True,
                          cwd=os.path.dirname(os.path.dirname(os.path.abspath(cli.__file__))), check=False)
    assert (done.returncode, done.stdout, done.stderr) == (expected_code, printed, "")
    assert command == "rules" or printed.count(" CI105 ") == 200
