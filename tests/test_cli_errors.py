"""Every bad input to every command, through the real command line: the documented exit code, and a first line on
standard error that names the file or argument and the cause, never a traceback.

Exit codes (one table for all commands, `cute_inspect.findings`): 0 success, 1 findings or a failed check,
2 a usage, input, environment or compile error.
"""

import pytest

from _cli import cute_inspect

OK, FINDINGS, ERROR = 0, 1, 2
TRACED = "tests/kernels/seed002.py:compile_mma"

_FILES = {
    "nokernel.py": "def f():\n    return 1\n",
    "syntax.py": "def f(:\n    pass\n",
    "importerr.py": "import no_such_module_xyz\n\n\ndef f():\n    pass\n",
    "raises.py": "def f():\n    raise RuntimeError('boom')\n",
    "plain": "def f():\n    pass\n",
    "clean.py": "tCgA = thr_mma.partition_A(gA_mkl)\n",
    "badspec.py": (
        "import cutlass\nimport cutlass.cute as cute\nfrom cutlass.cute.runtime import make_fake_compact_tensor\n"
        "from cute_inspect import expect\n\n\n@cute.kernel\ndef k(mA: cute.Tensor):\n"
        "    gA = cute.local_tile(mA, (128, 64), (0, None))\n    expect(gA, '(bM, bK')\n\n\n"
        "@cute.jit\ndef host(mA: cute.Tensor):\n    k(mA).launch(grid=(1, 1, 1), block=(32, 1, 1))\n\n\n"
        "def f():\n    a = make_fake_compact_tensor(cutlass.Float16, (1024, 256), stride_order=(1, 0))\n"
        "    cute.compile(host, a)\n"
    ),
    "bad.json": "{}\n",
    "notjson.json": "not json\n",
    "cfg_key/pyproject.toml": '[tool.cute-inspect]\nselcet = ["CI1"]\n',
    "cfg_key/k.py": "tCgA = thr_mma.partition_A(gA_mkl)\n",
    "cfg_code/pyproject.toml": '[tool.cute-inspect]\nselect = ["CI999"]\n',
    "cfg_code/k.py": "tCgA = thr_mma.partition_A(gA_mkl)\n",
}
_BYTES = {  # not UTF-8 and no coding line: Python refuses to run either; an import lets the comment pass
    "latin_comment.py": b"# caf\xe9\ntCgA = thr_mma.partition_A(gA_mkl)\n",
    "latin_code.py": b"def f():\n    return 'caf\xe9'\n",
}


@pytest.fixture(scope="module")
def inputs(tmp_path_factory):
    d = tmp_path_factory.mktemp("inputs")
    for name, text in _FILES.items():
        (d / name).parent.mkdir(parents=True, exist_ok=True)
        (d / name).write_text(text)
    for name, data in _BYTES.items():
        (d / name).write_bytes(data)
    (d / "emptydir").mkdir()
    (d / "dir.py").mkdir()
    return d


def _run(args, d, env=None):
    return cute_inspect(*[a.format(d=d) for a in args], env=env)


def _first_error(done) -> str:
    assert "Traceback" not in done.stderr, done.stderr
    lines = done.stderr.splitlines()
    assert lines, f"nothing on standard error (exit {done.returncode}); stdout: {done.stdout[-2000:]}"
    return lines[0]


# (id, argv, exit code, fragments the first line of standard error must hold)
CASES = [
    # the command line itself
    ("no-command", [], ERROR, ["COMMAND"]),
    ("unknown-command", ["bogus"], ERROR, ["bogus"]),
    ("trace-no-target", ["trace"], ERROR, ["TARGET"]),
    ("trace-bad-format", ["trace", TRACED, "--format", "yaml"], ERROR, ["--format", "yaml"]),
    ("trace-bad-arch", ["trace", TRACED, "--arch", "sm_999"], ERROR, ["--arch", "sm_999"]),
    ("check-bad-arch", ["check", TRACED, "--arch", "sm_999"], ERROR, ["--arch", "sm_999"]),
    ("render-bad-arch", ["render", TRACED, "--arch", "sm_999", "--out", "{d}/out_arch"], ERROR, ["--arch", "sm_999"]),
    ("render-bad-target-arch", ["render", f"{TRACED}@sm_999", "--out", "{d}/out_arch"], ERROR,
     ["compile_mma@sm_999", "unknown arch"]),
    ("lint-no-path", ["lint"], ERROR, ["PATH"]),
    ("rules-unknown", ["rules", "CI999"], ERROR, ["CI999"]),
    ("lsp-bad-timeout", ["lsp", "--trace-timeout", "soon"], ERROR, ["--trace-timeout", "soon"]),
    ("lsp-negative-timeout", ["lsp", "--trace-timeout", "-3"], ERROR, ["--trace-timeout", "-3", "above 0"]),
    # the target
    ("target-not-module-function", ["trace", "foo"], ERROR, ["'foo'", "MODULE:FUNCTION"]),
    ("target-empty", ["trace", ""], ERROR, ["''", "MODULE:FUNCTION"]),
    ("target-no-function-name", ["trace", "{d}/raises.py:"], ERROR, ["raises.py:'", "MODULE:FUNCTION"]),
    ("target-missing-file", ["trace", "{d}/absent.py:f"], ERROR, ["absent.py", "no such file"]),
    ("target-directory", ["trace", "{d}/dir.py:f"], ERROR, ["dir.py", "is a directory"]),
    ("target-not-py", ["trace", "{d}/plain:f"], ERROR, ["plain", ".py"]),
    ("target-missing-module", ["trace", "no_such_module_xyz:f"], ERROR, ["no_such_module_xyz", "no such module"]),
    ("target-missing-function", ["trace", "{d}/raises.py:g"], ERROR, ["raises.py", "'g'"]),
    ("target-syntax-error", ["trace", "{d}/syntax.py:f"], ERROR, ["syntax.py:1:", "import failed", "SyntaxError"]),
    ("target-import-error", ["trace", "{d}/importerr.py:f"], ERROR,
     ["importerr.py:1:", "import failed", "no_such_module_xyz"]),
    ("target-not-utf8", ["trace", "{d}/latin_code.py:f"], ERROR, ["latin_code.py:2:", "import failed", "utf-8"]),
    ("target-raises", ["trace", "{d}/raises.py:f"], ERROR, ["raises.py:2:", "the target raised", "RuntimeError: boom"]),
    ("target-compile-error", ["trace", "gemm.sm90:compile_only", "--arch", "sm_100a"], ERROR,
     ["gemm/_sm90_kernel.py:", "compile failed", "expects arch to be sm_90a"]),
    ("target-bad-spec", ["trace", "{d}/badspec.py:f"], ERROR, ["badspec.py:10:", "bad shape spec"]),
    ("trace-no-kernel", ["trace", "{d}/nokernel.py:f"], ERROR, ["nokernel.py:f", "compiled no kernel"]),
    ("check-no-kernel", ["check", "{d}/nokernel.py:f"], ERROR, ["nokernel.py:f", "compiled no kernel"]),
    ("check-suggest-no-kernel", ["check", "--suggest", "{d}/nokernel.py:f"], ERROR,
     ["nokernel.py:f", "compiled no kernel"]),
    ("render-no-kernel", ["render", "{d}/nokernel.py:f", "--out", "{d}/out_nokernel"], ERROR,
     ["nokernel.py:f", "compiled no kernel"]),
    ("check-syntax-error", ["check", "{d}/syntax.py:f"], ERROR, ["syntax.py:1:", "import failed"]),
    ("render-missing-file", ["render", "{d}/absent.py:f", "--out", "{d}/out_absent"], ERROR,
     ["absent.py", "no such file"]),
    ("render-one-of-two-missing", ["render", f"{TRACED}@sm_100a", "{d}/absent.py:f@sm_100a",
                                   "--out", "{d}/out_two"], ERROR, ["absent.py", "no such file"]),
    # outputs
    ("trace-output-dir-missing", ["trace", TRACED, "-o", "{d}/no/such/x.txt"], ERROR,
     ["no/such/x.txt", "no such directory"]),
    ("trace-html-dir-missing", ["trace", TRACED, "--html", "{d}/no/such/r.html"], ERROR,
     ["no/such/r.html", "no such directory"]),
    ("trace-output-is-directory", ["trace", TRACED, "-o", "{d}/emptydir"], ERROR, ["emptydir", "is a directory"]),
    ("trace-output-under-a-file", ["trace", TRACED, "-o", "{d}/plain/x.txt"], ERROR,
     ["plain/x.txt", "not a directory"]),
    ("render-out-is-a-file", ["render", TRACED, "--out", "{d}/plain"], ERROR, ["plain", "not a directory"]),
    ("trace-output-disk-full", ["trace", TRACED, "-o", "/dev/full"], ERROR, ["-o /dev/full", "No space left"]),
    ("layout-svg-dir-missing", ["layout", "(8,4):(4,1)", "--svg", "{d}/no/such/x.svg"], ERROR,
     ["no/such/x.svg", "no such directory"]),
    # layout expressions
    ("layout-unclosed", ["layout", "(4,8"], ERROR, ["(4,8", "never closed"]),
    ("layout-unknown-function", ["layout", "foo(1)"], ERROR, ["foo"]),
    ("layout-swizzle-arity", ["layout", "swizzle(3,4,3)"], ERROR, ["swizzle", "4 arguments", "3 given"]),
    ("layout-bad-tv", ["layout", "(8,4):(4,1)", "--tv", "3"], ERROR, ["--tv", "'3'"]),
    ("layout-empty-tv", ["layout", "(8,4):(4,1)", "--tv", "0,0", "--svg", "{d}/tv.svg"], ERROR, ["--tv", "'0,0'"]),
    # lint inputs
    ("lint-missing-file", ["lint", "{d}/absent.py"], ERROR, ["absent.py", "no such file"]),
    ("lint-empty-directory", ["lint", "{d}/emptydir"], ERROR, ["emptydir", "no Python files"]),
    ("lint-syntax-error", ["lint", "{d}/syntax.py"], ERROR, ["syntax.py:1:", "could not parse"]),
    ("lint-not-utf8", ["lint", "{d}/latin_comment.py"], ERROR, ["latin_comment.py:1:6:", "0xe9", "UTF-8"]),
    ("lint-select-unknown-code", ["lint", "--select", "CI999", "{d}/clean.py"], ERROR, ["--select", "CI999"]),
    ("lint-ignore-unknown-code", ["lint", "--ignore", "CI999", "{d}/clean.py"], ERROR, ["--ignore", "CI999"]),
    ("lint-select-not-a-code", ["lint", "--select", "XX", "{d}/clean.py"], ERROR, ["--select", "XX"]),
    ("lint-config-unknown-key", ["lint", "{d}/cfg_key/k.py"], ERROR, ["pyproject.toml", "selcet"]),
    ("lint-config-unknown-code", ["lint", "{d}/cfg_code/k.py"], ERROR, ["pyproject.toml", "CI999"]),
    ("lint-trace-missing-json", ["lint", "--trace", "{d}/absent.json", "{d}/clean.py"], ERROR,
     ["absent.json", "no such file"]),
    ("lint-trace-not-a-trace", ["lint", "--trace", "{d}/bad.json", "{d}/clean.py"], ERROR,
     ["bad.json", "events"]),
    ("lint-trace-not-json", ["lint", "--trace", "{d}/notjson.json", "{d}/clean.py"], ERROR,
     ["notjson.json", "not JSON"]),
    ("lint-trace-syntax-error", ["lint", "--trace", "{d}/syntax.py:f", "{d}/clean.py"], ERROR,
     ["syntax.py:1:", "import failed"]),
    ("lint-trace-no-kernel", ["lint", "--trace", "{d}/nokernel.py:f", "{d}/nokernel.py"], ERROR,
     ["nokernel.py:f", "compiled no kernel"]),
    ("lint-trace-bad-arch", ["lint", "--trace", TRACED, "--arch", "sm_999", "{d}/clean.py"], ERROR,
     ["--arch", "sm_999"]),
    # failed checks: exit 1
    ("trace-shape-check-fails", ["trace", "tests/kernels/seed002.py:compile_wrong"], FINDINGS,
     ["tests/kernels/seed002.py:20:", "shape check failed", "`gA`"]),
]


@pytest.mark.parametrize("args, code, fragments", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_bad_input_gets_one_clear_line_and_the_documented_exit_code(inputs, args, code, fragments):
    done = _run(args, inputs)
    first = _first_error(done)
    assert done.returncode == code, f"exit {done.returncode}\n{done.stderr}"
    for fragment in fragments:
        assert fragment in first.replace(str(inputs) + "/", ""), f"{fragment!r} not in the first line: {first}"
    assert "All checks passed" not in done.stdout
    assert "\x1b[" not in first, "terminal colour codes in a message"


def test_a_failed_output_is_reported_before_the_trace_runs(inputs):
    done = _run(["trace", TRACED, "-o", "{d}/no/such/x.txt"], inputs)
    assert done.returncode == ERROR and done.stdout == ""
    assert not (inputs / "no").exists()


def test_lint_errors_go_to_stderr_and_the_summary_does_not_contradict_them(inputs):
    done = _run(["lint", "{d}/absent.py", "{d}/clean.py"], inputs)
    assert done.returncode == ERROR
    assert done.stderr.splitlines()[0] == f"{inputs}/absent.py: error: no such file or directory"
    assert done.stdout.splitlines()[-1] == "1 file could not be linted (1 file checked)."


def test_lint_findings_exit_1_on_stdout(inputs):
    done = _run(["lint", "tests/lint_corpus/seeded_mistakes.py"], inputs)
    assert done.returncode == FINDINGS, done.stdout + done.stderr
    assert done.stdout.startswith("tests/lint_corpus/seeded_mistakes.py:")
    assert done.stderr == ""


def test_lint_of_a_tree_skips_the_excluded_corpora_but_lints_a_file_named_on_the_command_line(inputs):
    done = cute_inspect("lint", "tests")
    assert done.returncode == OK, done.stdout + done.stderr
    named = cute_inspect("lint", "tests/lint_corpus/seeded_mistakes.py")
    assert named.returncode == FINDINGS


def test_check_findings_exit_1(inputs):
    done = cute_inspect("check", "tests/comment_corpus/comments_sm80.py:compile_comments", "--arch", "sm_80")
    assert done.returncode == FINDINGS, done.stdout + done.stderr
    assert done.stdout.startswith("tests/comment_corpus/comments_sm80.py:")
    assert "Traceback" not in done.stderr


def test_layout_of_a_bare_shape_is_its_column_major_layout(inputs):
    done = cute_inspect("layout", "(4,8)")
    assert done.returncode == OK, done.stderr
    assert done.stdout.splitlines()[-1] == "result: (4,8):(1,4)"


def test_version(inputs):
    from importlib.metadata import version

    done = cute_inspect("--version")
    assert done.returncode == OK and done.stderr == ""
    assert done.stdout.startswith(f"cute-inspect {version('cute-inspect')} (nvidia-cutlass-dsl ")


def test_rules_fit_in_100_columns(inputs):
    done = cute_inspect("rules")
    assert done.returncode == OK
    lines = done.stdout.splitlines()
    assert len(lines) > 10
    assert max(len(line) for line in lines) <= 100, max(lines, key=len)


@pytest.fixture()
def without_dot(tmp_path):
    """An environment whose PATH has no graphviz `dot` (the interpreter is run by its absolute path)."""
    empty = tmp_path / "bin"
    empty.mkdir()
    return {"PATH": str(empty)}


def test_trace_html_without_dot_writes_the_report_and_says_so_once(tmp_path, without_dot):
    report = tmp_path / "r.html"
    done = cute_inspect("trace", TRACED, "--html", str(report), env=without_dot)
    first = _first_error(done)
    assert done.returncode == 0  # the browser lays the graph out (Viz.js, shipped in the package)
    assert "`dot`" in first and "graphviz" in first and "in the browser" in first
    assert report.stat().st_size > 0 and "var DOT_SOURCE" in report.read_text()


def test_render_without_dot_of_two_targets_says_so_once(tmp_path, without_dot):
    done = cute_inspect("render", f"{TRACED}@sm_100a", "tests/kernels/seed002.py:compile_copy@sm_100a",
                        "--out", str(tmp_path / "out"), env=without_dot)
    first = _first_error(done)
    assert done.returncode == 0
    assert "`dot`" in first and "graphviz" in first
    assert done.stderr.count("`dot`") == 1, done.stderr
    assert len(list((tmp_path / "out").glob("*/report.html"))) == 2

