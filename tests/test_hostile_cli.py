"""Hostile input to every command (issue 28): each case asserts the exit code, the one line that says why, and that
no file changed but the ones the command was asked to write (`_hostile`).

Most cases run `cli.main` in this process and compile nothing. Those that run a target, need a process of their own
(a segfault, ``os._exit``, Ctrl-C, a file-size limit) or need a compile run the program in a subprocess; only a few
compile a kernel (`COMPILES`).
"""

from __future__ import annotations

import json
import os
import resource
import signal
import subprocess
import sys
import time

import pytest

from _cli import child_env
from _hostile import (
    ERROR,
    FINDINGS,
    INTERRUPTED,
    OK,
    ROOT,
    changed,
    make_files,
    one_line,
    run_in_process,
    run_program,
    snapshot,
)

KERNEL = "@cute.kernel\ndef k(thr_mma, gA):\n    tCgB = thr_mma.partition_A(gA)\n    return tCgB\n"
FIXED = KERNEL.replace("tCgB", "tCgA")
CLEAN = "@cute.kernel\ndef k(thr_mma, gA):\n    tCgA = thr_mma.partition_A(gA)\n    return tCgA\n"

TARGETS = """\
import ctypes
import os
import sys


def exit0():
    sys.exit(0)


def exit_text():
    sys.exit("bye")


def exit3():
    sys.exit(3)


def hard_exit():
    os._exit(0)


def hard_exit1():
    os._exit(1)


def prints():
    print("noise from the target")
    raise ValueError("no compile")


def base():
    raise BaseException("odd")


def interrupt():
    raise KeyboardInterrupt


def segfault():
    ctypes.string_at(0)


def abort():
    os.abort()


def nothing():
    print("just a print")


def recursion():
    return recursion()


def generator_exit():
    raise GeneratorExit


def memory():
    raise MemoryError


def sleeps():
    import time
    print("sleeping", flush=True)
    time.sleep(60)
"""

# a kernel of this repository, compiled through a wrapper that also prints (its stdout must stay out of JSON)
REAL = ("import sys\nsys.path.insert(0, {kernels!r})\nimport seed002\n\n\ndef noisy():\n"
        "    print('noise on stdout')\n    seed002.compile_tile()\n")

FILES = {
    "k.py": KERNEL,
    "clean.py": CLEAN,
    "t.py": TARGETS,
    "syntax.py": "def f(:\n",
    "empty.py": "",
    "nul.py": b"x = 1\x00\n",
    "latin.py": b"s = 'caf\xe9'\n",
    "bom.py": b"\xef\xbb\xbf" + KERNEL.encode(),
    "crlf.py": KERNEL.replace("\n", "\r\n"),
    "cr.py": KERNEL.replace("\n", "\r"),
    "tabs.py": "def f():\n\tif x:\n        pass\n",
    "deep.py": "x = " + "+".join(["a"] * 20000) + "\n",
    "deep_paren.py": "x = " + "(" * 300 + "1" + ")" * 300 + "\n",
    "noqa_unknown.py": CLEAN.replace("tCgA = thr_mma.partition_A(gA)", "tCgA = thr_mma.partition_A(gA)  # noqa: CI999"),
    "noqa_string.py": CLEAN + "s = '# noqa: CI999'\n",
    "formfeed.py": "@cute.kernel\ndef k(thr_mma, gA):\n    s = 'a\fb'\n    \f\n    tCgB = thr_mma.partition_A(gA)\n"
                   "    return tCgB\n",
    "linesep.py": "@cute.kernel\ndef k(thr_mma, gA):\n    s = 'a\u2028b\u2029c\x1cd\x85e'\n"
                  "    tCgB = thr_mma.partition_A(gA)\n    return tCgB\n",
    "emoji.py": "@cute.kernel\ndef k(thr_mma, gA):\n    e = '😀'; tCgB = thr_mma.partition_A(gA)  # é\n    return tCgB\n",
    "dir/a.py": KERNEL,
    "dir/sub/b.py": CLEAN,
    "only_excluded/pyproject.toml": '[tool.cute-inspect]\nexclude = ["skip"]\n',
    "only_excluded/skip/a.py": KERNEL,
    "cfg_latin/pyproject.toml": b'[tool.cute-inspect]\nselect = ["CI1\xe9"]\n',
    "cfg_latin/k.py": KERNEL,
    "cfg_bad/pyproject.toml": "[tool.cute-inspect\n",
    "cfg_bad/k.py": KERNEL,
    "cfg_type/pyproject.toml": "[tool.cute-inspect]\nselect = 3\n",
    "cfg_type/k.py": KERNEL,
    "trace_empty.json": "{}\n",
    "trace_not.json": "not json\n",
    "trace_list.json": "[]\n",
    "trace_ok.json": json.dumps({"events": []}),
    "名前.py": KERNEL,
    "space name.py": KERNEL,
    "notes.txt": "kept\n",
}


@pytest.fixture
def work(tmp_path):
    """(work, outside): the case's inputs, and a folder beside them a symlink may lead to."""
    work, outside = tmp_path / "work", tmp_path / "outside"
    work.mkdir()
    outside.mkdir()
    make_files(work, FILES)
    make_files(outside, {"victim.py": KERNEL, "victim_dir/v.py": KERNEL})
    (work / "dir" / "link_out.py").symlink_to(outside / "victim.py")
    (work / "dir" / "link_dir").symlink_to(outside / "victim_dir")
    (work / "dir" / "loop").symlink_to(work / "dir")
    os.mkfifo(work / "fifo.py")
    os.mkfifo(work / "fifo.json")
    (work / "dir.py").mkdir()
    return work, outside


def _check(work_outside, argv, code, pattern, writes=(), where="first", program=False, env=None, preexec=None,
           timeout=120):
    """Run `argv` (``{w}``: the work folder) and assert the exit code, the line, and what changed."""
    work, outside = work_outside
    argv = [a.format(w=work, o=outside, root=ROOT) for a in argv]
    before = snapshot(work, outside)
    if program:
        got, out, err = run_program(argv, work, env=env, preexec=preexec, timeout=timeout)
    else:
        got, out, err = run_in_process(argv, work)
    assert got == code, f"exit {got}, wanted {code}\nstdout: {out[-3000:]}\nstderr: {err[-3000:]}"
    if pattern is not None:
        line = one_line(err, where)
        assert pattern in line, f"{pattern!r} not in {line!r}"
    touched = {os.path.relpath(p, work) for p in changed(before, snapshot(work, outside))}
    stray = {p for p in touched if not any(p == w or p.startswith(w.rstrip("/") + "/") for w in writes)}
    assert not stray, f"changed but not asked for: {sorted(stray)}"
    return out, err


# (id, argv, exit code, what the line says, the paths it may change)
IN_PROCESS = [
    # the command line
    ("no-command", [], ERROR, "COMMAND"),
    ("unknown-command", ["bogus"], ERROR, "bogus"),
    ("help-of-unknown", ["help"], ERROR, "help"),
    ("lint-no-path", ["lint"], ERROR, "PATH"),
    ("lint-bad-format", ["lint", "k.py", "--format", "xml"], ERROR, "--format"),
    ("lint-select-unknown", ["lint", "--select", "CI999", "k.py"], ERROR, "CI999"),
    ("lint-select-empty-ok", ["lint", "--select", ",", "clean.py"], OK, None),
    ("lint-ignore-garbage", ["lint", "--ignore", "☃", "k.py"], ERROR, "☃"),
    ("lint-arch-bad", ["lint", "--arch", "sm_42", "k.py"], ERROR, "sm_42"),
    ("lint-arch-lists-valid", ["lint", "--arch", "nope", "k.py"], ERROR, "sm_121a"),
    ("rules-unknown", ["rules", "CI999"], ERROR, "CI999"),
    ("rules-lowercase", ["rules", "ci105"], OK, None),
    ("rules-garbage", ["rules", "'; rm -rf /"], ERROR, "no rule"),
    ("trace-bad-arch", ["trace", "t.py:exit0", "--arch", "sm_999"], ERROR, "sm_100f"),
    ("check-bad-arch", ["check", "t.py:exit0", "--arch", "SM_90A"], ERROR, "unknown arch"),
    ("render-bad-arch", ["render", "t.py:exit0@sm_1", "--out", "out"], ERROR, "unknown arch"),
    ("trace-bad-format", ["trace", "t.py:exit0", "--format", "yaml"], ERROR, "--format"),
    ("lsp-bad-timeout", ["lsp", "--trace-timeout", "nan"], ERROR, "--trace-timeout"),
    ("lsp-inf-timeout-zero", ["lsp", "--trace-timeout", "0"], ERROR, "above 0"),
    # lint inputs
    ("lint-missing", ["lint", "absent.py"], ERROR, "no such file"),
    ("lint-fifo", ["lint", "fifo.py"], ERROR, "not a regular file"),
    ("lint-dir-named-py", ["lint", "dir.py"], ERROR, "no Python files"),
    ("lint-syntax", ["lint", "syntax.py"], ERROR, "could not parse"),
    ("lint-nul", ["lint", "nul.py"], ERROR, "nul.py"),
    ("lint-latin", ["lint", "latin.py"], ERROR, "UTF-8"),
    ("lint-tabs", ["lint", "tabs.py"], ERROR, "tabs.py"),
    ("lint-deep-expression", ["lint", "deep.py"], ERROR, "nested too deeply"),
    ("lint-deep-parens", ["lint", "deep_paren.py"], ERROR, "deep_paren.py"),
    ("lint-empty-file", ["lint", "empty.py"], OK, None),
    ("lint-bom", ["lint", "bom.py"], FINDINGS, None),
    ("lint-crlf", ["lint", "crlf.py"], FINDINGS, None),
    ("lint-cr-only", ["lint", "cr.py"], FINDINGS, None),
    ("lint-unicode-name", ["lint", "名前.py"], FINDINGS, None),
    ("lint-space-name", ["lint", "space name.py"], FINDINGS, None),
    ("lint-only-excluded", ["lint", "only_excluded"], ERROR, "excluded"),
    ("lint-noqa-unknown-code", ["lint", "noqa_unknown.py"], FINDINGS, None),
    ("lint-noqa-in-a-string", ["lint", "noqa_string.py"], OK, None),
    ("lint-config-latin", ["lint", "cfg_latin/k.py"], ERROR, "not UTF-8"),
    ("lint-config-bad-toml", ["lint", "cfg_bad/k.py"], ERROR, "cannot read"),
    ("lint-config-bad-type", ["lint", "cfg_type/k.py"], ERROR, "pyproject.toml"),
    ("lint-fix-config-latin", ["lint", "--fix", "cfg_latin/k.py"], ERROR, "not UTF-8"),
    ("lint-trace-missing-json", ["lint", "--trace", "absent.json", "k.py"], ERROR, "absent.json"),
    ("lint-trace-empty-json", ["lint", "--trace", "trace_empty.json", "k.py"], ERROR, "events"),
    ("lint-trace-not-json", ["lint", "--trace", "trace_not.json", "k.py"], ERROR, "not JSON"),
    ("lint-trace-list-json", ["lint", "--trace", "trace_list.json", "k.py"], ERROR, "events"),
    ("lint-trace-json-ok", ["lint", "--trace", "trace_ok.json", "clean.py"], OK, None),
    ("lint-trace-dir-json", ["lint", "--trace", "dir.py", "clean.py"], ERROR, None),
    ("lint-trace-fifo-json", ["lint", "--trace", "fifo.json", "clean.py"], ERROR, "not a regular file"),
    ("lint-symlink-loop", ["lint", "dir"], FINDINGS, None),
    ("lint-diff-writes-nothing", ["lint", "--diff", "k.py"], FINDINGS, "Would fix 1"),
    ("lint-diff-unsafe", ["lint", "--diff", "--unsafe-fixes", "dir"], FINDINGS, "Would fix"),
    ("lint-fix-fifo-skipped", ["lint", "--fix", "fifo.py", "k.py"], ERROR, "not a regular file"),
    ("lint-fix-syntax-left", ["lint", "--fix", "syntax.py"], ERROR, "could not parse"),
    ("lint-fix-clean", ["lint", "--fix", "clean.py"], OK, None),
    # layout
    ("layout-divide-by-zero", ["layout", "logical_divide((8,4):(4,1), 0)"], ERROR, "tiler = 0"),
    ("layout-zipped-zero-mode", ["layout", "zipped_divide((8,4):(4,1), (2,0))"], ERROR, "tiler"),
    ("layout-local-tile-zero", ["layout", "local_tile((8,4):(4,1), (0,4), (0,0))"], ERROR, "tiler"),
    ("layout-negative-coord", ["layout", "local_tile((8,4):(4,1), (2,2), (-1,0))"], ERROR, "coord"),
    ("layout-swizzle-too-wide", ["layout", "swizzle(40,4,3,(8,8))"], ERROR, "Swizzle<B,M,S>"),
    ("layout-swizzle-shift-small", ["layout", "swizzle(3,4,1,(8,8))"], ERROR, "|S| >= B"),
    ("layout-swizzle-negative-bits", ["layout", "swizzle(-1,4,3,(8,8))"], ERROR, "bits"),
    ("layout-none", ["layout", "None"], ERROR, "is not a layout"),
    ("layout-string", ["layout", "'hello'"], ERROR, "is not a layout"),
    ("layout-string-argument", ["layout", "coalesce(\"hello\")"], ERROR, "is not a layout"),
    ("layout-none-argument", ["layout", "composition(None, (4,2))"], ERROR, "is not a layout"),
    ("layout-zero-shape", ["layout", "(0,4)"], ERROR, "is not a layout"),
    ("layout-negative-shape", ["layout", "(-8,4):(1,8)"], ERROR, "shape"),
    ("layout-bool", ["layout", "True"], ERROR, "True"),
    ("layout-float", ["layout", "(8.5,4)"], ERROR, "8.5"),
    ("layout-huge", ["layout", "size((65536,65536))"], ERROR, "32-bit"),
    ("layout-huge-int", ["layout", "(99999999999999999999,2)"], ERROR, "shape"),
    ("layout-incongruent-stride", ["layout", "layout((8,4),(1,))"], ERROR, "shaped like"),
    ("layout-complement-bad-cotarget", ["layout", "complement(4:2, 0)"], ERROR, "cotarget"),
    ("layout-group-backwards", ["layout", "group_modes((2,3,4), 2, 1)"], ERROR, "after end"),
    ("layout-mma-unknown", ["layout", "mma_tv(\"sm99\", \"A\")"], ERROR, "mma_tv"),
    ("layout-mma-int-name", ["layout", "mma_tv(1, 2)"], ERROR, "name"),
    ("layout-attribute", ["layout", "__import__('os').system('true')"], ERROR, "__import__"),
    ("layout-lambda", ["layout", "(lambda: 1)()"], ERROR, "lambda"),
    ("layout-empty", ["layout", ""], ERROR, "layout"),
    ("layout-unclosed", ["layout", "((8,4)"], ERROR, "(8,4)"),
    ("layout-keyword-unknown", ["layout", "complement(4:2, bogus=3)"], ERROR, "complement"),
    ("layout-svg-is-dir", ["layout", "(8,4):(4,1)", "--svg", "dir"], ERROR, "is a directory"),
    ("layout-svg-missing-dir", ["layout", "(8,4):(4,1)", "--svg", "no/x.svg"], ERROR, "no such directory"),
    ("layout-tv-garbage", ["layout", "(8,4):(4,1)", "--tv", "a,b"], ERROR, "--tv"),
    # outputs checked before anything runs
    ("trace-o-is-target-source", ["trace", "t.py:exit0", "-o", "t.py"], ERROR, "the target's source file"),
    ("trace-html-is-target-source", ["trace", "t.py:exit0", "--html", "t.py"], ERROR, "the target's source file"),
    ("trace-o-target-via-dotdot", ["trace", "t.py:exit0", "-o", "dir/../t.py"], ERROR, "the target's source file"),
    ("trace-o-equals-html", ["trace", "t.py:exit0", "-o", "same.txt", "--html", "same.txt"], ERROR,
     "names the same file"),
    ("trace-o-dir", ["trace", "t.py:exit0", "-o", "dir"], ERROR, "is a directory"),
    ("trace-o-missing-dir", ["trace", "t.py:exit0", "-o", "no/such/x"], ERROR, "no such directory"),
    ("trace-o-under-file", ["trace", "t.py:exit0", "-o", "notes.txt/x"], ERROR, "not a directory"),
    ("render-out-is-file", ["render", "t.py:exit0", "--out", "notes.txt"], ERROR, "not a directory"),
    ("render-same-target-twice", ["render", "t.py:exit0@sm_90a", "t.py:exit0@sm_90a", "--out", "out"], ERROR,
     "named twice"),
    ("render-out-under-file", ["render", "t.py:exit0", "--out", "notes.txt/x"], ERROR, "not a directory"),
    # targets that cannot be found (nothing runs)
    ("trace-target-fifo", ["trace", "fifo.py:f"], ERROR, "not a regular file"),
    ("trace-target-dir", ["trace", "dir.py:f"], ERROR, "is a directory"),
    ("trace-target-no-colon", ["trace", "t.py"], ERROR, "MODULE:FUNCTION"),
    ("trace-target-missing-function", ["trace", "t.py:nope"], ERROR, "'nope'"),
    ("check-target-missing", ["check", "absent.py:f"], ERROR, "no such file"),
]

LINT_WRITES = {"lint-fix-fifo-skipped": ("k.py",)}
# these reach the target's import: the program runs them (an import in this process would fix CuTeDSL's arch)
PROGRAM = {"trace-target-fifo", "trace-target-dir", "trace-target-no-colon", "trace-target-missing-function",
           "check-target-missing"}


@pytest.mark.parametrize("name, argv, code, pattern", IN_PROCESS, ids=[case[0] for case in IN_PROCESS])
def test_bad_input(work, name, argv, code, pattern):
    _check(work, argv, code, pattern, writes=LINT_WRITES.get(name, ()), program=name in PROGRAM)


# targets that misbehave: each runs in the program, supervised (nothing compiles)
TARGET_CASES = [
    ("sys-exit-0", "exit0", "called sys.exit(0)"),
    ("sys-exit-text", "exit_text", "sys.exit('bye')"),
    ("sys-exit-3", "exit3", "sys.exit(3)"),
    ("os-exit-0", "hard_exit", "os._exit(0)"),
    ("os-exit-1", "hard_exit1", "os._exit(1)"),
    ("prints-then-raises", "prints", "ValueError: no compile"),
    ("base-exception", "base", "BaseException: odd"),
    ("segfault", "segfault", "SIGSEGV"),
    ("abort", "abort", "SIGABRT"),
    ("compiles-nothing", "nothing", "compiled no kernel"),
    ("recursion", "recursion", "RecursionError"),
    ("generator-exit", "generator_exit", "GeneratorExit"),
    ("memory-error", "memory", "MemoryError"),
]


@pytest.mark.parametrize("command", ["trace", "check"])
@pytest.mark.parametrize("name, function, pattern", TARGET_CASES, ids=[c[0] for c in TARGET_CASES])
def test_a_target_that_misbehaves_ends_in_one_line_and_exit_2(work, command, name, function, pattern):
    argv = [command, f"t.py:{function}"] + (["--format", "json"] if command == "trace" else [])
    out, err = _check(work, argv, ERROR, pattern, where="last", program=True)
    assert out == "", "the target's output reached standard output"
    assert sum(line.startswith("cute-inspect") for line in err.splitlines()) == 1, err


def test_a_target_interrupted_by_ctrl_c_ends_in_one_line_and_130(work):
    assert _check(work, ["trace", "t.py:interrupt"], INTERRUPTED, "interrupted", where="last", program=True)


def _as_from_a_terminal() -> None:
    # A program started with SIGINT ignored (a background job of a script, as CI may run the suite) keeps ignoring
    # it, as it should; the user this test stands for pressed Ctrl-C in a terminal, where SIGINT is not ignored.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_while_a_target_runs_ends_in_one_line_and_130(work):
    process = subprocess.Popen([sys.executable, "-m", "cute_inspect", "trace", "t.py:sleeps"], cwd=work[0],
                               env=child_env(PYTHONPATH=str(ROOT)), stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, start_new_session=True,
                               preexec_fn=_as_from_a_terminal)
    assert process.stderr.readline() == "sleeping\n"  # the target's print went to stderr, not stdout
    os.killpg(process.pid, signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == INTERRUPTED and out == ""
    assert err.strip().splitlines() == ["cute-inspect: interrupted (Ctrl-C)"]


def test_render_of_a_target_that_segfaults(work):
    _check(work, ["render", "t.py:segfault", "--out", "out"], ERROR, "SIGSEGV", where="last", program=True,
           writes=("out",))


def test_lint_trace_of_a_target_that_calls_os_exit(work):
    _check(work, ["lint", "--trace", "t.py:hard_exit", "k.py"], ERROR, "os._exit(0)", where="last", program=True)


def _file_size_limit(size):
    return lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))


def test_lint_fix_past_the_file_size_limit_leaves_the_file_whole(work):
    big = KERNEL + "# " + "x" * 5000 + "\n"
    (work[0] / "big.py").write_text(big)
    _check(work, ["lint", "--fix", "big.py"], ERROR, "big.py", program=True, preexec=_file_size_limit(4096))
    assert (work[0] / "big.py").read_text() == big
    assert [p.name for p in work[0].iterdir() if p.name.startswith(".big.py")] == []  # no temporary file left


def test_lint_fix_never_writes_through_a_symlink_out_of_the_folder(work):
    out, err = _check(work, ["lint", "--fix", "dir"], ERROR, None, writes=("dir/a.py",))
    assert "link_out.py: not fixed: a symlink to" in err and "outside the paths given" in err
    assert (work[0] / "dir" / "a.py").read_text() == FIXED
    assert (work[1] / "victim.py").read_text() == KERNEL and (work[0] / "dir" / "link_out.py").is_symlink()


def test_lint_fix_of_a_symlink_named_itself_fixes_its_file(work):
    work_dir, outside = work
    before = snapshot(work_dir, outside)
    code, _, _ = run_in_process(["lint", "--fix", "dir/link_out.py"], work_dir)
    assert code == OK and (outside / "victim.py").read_text() == FIXED
    assert (work_dir / "dir" / "link_out.py").is_symlink()  # the link stays a link
    assert {os.path.relpath(p, outside) for p in changed(before, snapshot(work_dir, outside))} == {"victim.py"}


@pytest.mark.parametrize("name", ["formfeed.py", "linesep.py", "emoji.py", "crlf.py", "cr.py", "bom.py"])
def test_lint_fix_edits_the_right_line_and_column(work, name):
    path = work[0] / name
    data = path.read_bytes()
    _check(work, ["lint", "--fix", name], OK, None, writes=(name,))
    fixed = path.read_bytes()
    assert fixed == data.replace(b"tCgB", b"tCgA"), fixed


def test_lint_columns_count_characters(work):
    code, out, _ = run_in_process(["lint", "emoji.py", "--format", "json"], work[0])
    finding = json.loads(out)["findings"][0]
    line = (work[0] / "emoji.py").read_text().splitlines()[finding["line"] - 1]
    assert code == FINDINGS and line[finding["column"] - 1:].startswith("tCgB")


@pytest.mark.parametrize("form", ["sarif", "json"])
def test_statistics_in_a_machine_format_is_valid(work, form):
    code, out, _ = run_in_process(["lint", "dir", "--statistics", "--format", form], work[0])
    document = json.loads(out)
    assert code == FINDINGS
    if form == "sarif":
        assert document["version"] == "2.1.0" and document["runs"][0]["columnKind"] == "unicodeCodePoints"
    else:
        # dir/a.py and dir/link_out.py (a file symlink is linted; a folder symlink is not walked into)
        assert document == [{"code": "CI105", "name": "partition-source-agreement", "count": 2}]


def test_noqa_with_an_unknown_code_is_reported(work):
    code, out, _ = run_in_process(["lint", "noqa_unknown.py"], work[0])
    assert code == FINDINGS and "CI100 `noqa` names `CI999`, which is no cute-inspect code" in out


def test_a_long_running_lint_of_a_fifo_does_not_hang(work):
    started = time.monotonic()
    code, _, _ = run_in_process(["lint", "fifo.py"], work[0])
    assert code == ERROR and time.monotonic() - started < 30


# ---- cases that compile a kernel (a few: each costs a compile)

@pytest.fixture
def real(work):
    work_dir, _ = work
    (work_dir / "real.py").write_text(REAL.format(kernels=os.path.join(ROOT, "tests", "kernels")))
    return work


def test_a_target_that_prints_keeps_json_on_stdout_valid(real):
    out, err = _check(real, ["trace", "real.py:noisy", "--format", "json"], OK, None, program=True)
    assert json.loads(out)["events"] and "noise on stdout" in err


def test_a_full_disk_or_size_limit_leaves_the_old_output_and_names_it(real):
    old = "the previous trace\n" * 10
    (real[0] / "trace.txt").write_text(old)
    _check(real, ["trace", "real.py:noisy", "-o", "trace.txt"], ERROR, "trace.txt", where="last", program=True,
           preexec=_file_size_limit(256))
    assert (real[0] / "trace.txt").read_text() == old


def test_render_into_a_folder_of_another_kernel_leaves_none_of_its_files(real):
    out = real[0] / "out"
    make_files(out, {"tensors/r042-0_tOld.svg": "<svg/>", "graph.svg": "<svg/>", "mine.txt": "kept"})
    _check(real, ["render", "real.py:noisy", "--out", "out"], OK, None, program=True, writes=("out",))
    names = sorted(p.name for p in (out / "tensors").iterdir())
    assert "r042-0_tOld.svg" not in names and names and (out / "mine.txt").read_text() == "kept"


def test_one_target_at_two_archs_gets_two_folders(real):
    _check(real, ["render", "real.py:noisy@sm_100a", "real.py:noisy@sm_100f", "--out", "out"], OK, None,
           program=True, writes=("out",), timeout=300)
    folders = sorted(p.name for p in (real[0] / "out").iterdir() if p.is_dir())
    assert folders == ["real_noisy_sm_100a", "real_noisy_sm_100f"]
    make_files(real[0] / "out", {"mine/notes.txt": "kept"})
    _check(real, ["render", "real.py:noisy@sm_100a", "t.py:nothing@sm_100a", "--out", "out"], ERROR, None,
           program=True, writes=("out",), timeout=300)
    folders = sorted(p.name for p in (real[0] / "out").iterdir() if p.is_dir())
    assert folders == ["mine", "real_noisy", "t_nothing"]  # the earlier render's folders went; the user's stayed


def test_a_dot_that_never_returns_is_stopped(real, tmp_path):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "dot").write_text("#!/bin/sh\nsleep 60\n")
    (bin_dir / "dot").chmod(0o755)
    env = {"PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}", "CUTE_INSPECT_DOT_TIMEOUT": "1"}
    started = time.monotonic()
    _check(real, ["render", "real.py:noisy", "--out", "out"], ERROR, "did not finish in 1 s", where="last", program=True,
           env=env, writes=("out",))
    assert time.monotonic() - started < 50
