"""The annotated corpus in tests/lint_corpus: every `# expect: CODE` line is reported, nothing else is.

Lines marked `# trace: MEMSPACE` get a hand-made trace record, so the memory rule (CI107) is checked the
same way as the static rules, before and independently of a real compile.
"""

import re
from pathlib import Path
from types import SimpleNamespace

from cute_inspect.lint import lint_paths

CORPUS = Path(__file__).parent / "lint_corpus"
# Lint the corpus with the defaults, whatever a project pyproject.toml says about it.
DEFAULTS = {"select": ("ALL",), "ignore": (), "per_file_ignores": (), "exclude": (), "separator": "either"}
_EXPECT = re.compile(r"#\s*expect:\s*([A-Z0-9, ]+)")
_TRACE = re.compile(r"#\s*trace:\s*(\w+)")
_TARGET = re.compile(r"^\s*(\w+)\s*=")


def _annotations(pattern):
    for path in sorted(CORPUS.glob("*.py")):
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            match = pattern.search(line)
            if match:
                yield path, number, line, match.group(1)


def _expected():
    return {
        (path.name, number, code.strip())
        for path, number, _, codes in _annotations(_EXPECT)
        for code in codes.split(",")
    }


def _trace_records():
    return [
        SimpleNamespace(
            names=(_TARGET.match(line).group(1),), memspaces=(memory,), file=str(path), line=number, col=4,
            op=line.split("=", 1)[1].split("(")[0].rsplit(".", 1)[-1].strip(),
        )
        for path, number, line, memory in _annotations(_TRACE)
    ]


def _found(report):
    return {(Path(f.path).name, f.line, f.code) for f in report.findings}


def test_corpus_findings_are_exactly_the_annotated_ones():
    report = lint_paths([str(CORPUS)], DEFAULTS, records=_trace_records(), workers=1)
    assert report.errors == []
    assert report.files_checked == len(list(CORPUS.glob("*.py")))
    assert _found(report) == _expected()


def test_clean_kernels_are_clean_and_seeded_ones_are_not():
    report = lint_paths([str(CORPUS)], DEFAULTS, records=_trace_records(), workers=1)
    reported = {Path(f.path).name for f in report.findings}
    assert not any(name.startswith("clean_") for name in reported)
    assert {"seeded_mistakes.py", "seeded_memory.py"} <= reported


def test_the_three_seeded_mistakes_of_issue_3_are_caught():
    report = lint_paths([str(CORPUS)], DEFAULTS, records=_trace_records(), workers=1)
    messages = [f.message for f in report.findings]
    memory = "`tCsA` is named for shared memory (`s`) but the trace shows global memory"
    assert any(m.startswith(memory) for m in messages)
    assert any("from `tAgA` (pattern `tA`) into `tBsB` (pattern `tB`)" in m for m in messages)
    # tCgA is bound two lines below: a suggestion never reuses a name the function already has
    assert "`tCgB` partitions `gA` but names `gB`" in messages


def test_trace_rule_is_silent_without_records():
    report = lint_paths([str(CORPUS / "seeded_memory.py")], DEFAULTS, workers=1)
    assert report.findings == []


def test_parallel_and_serial_runs_agree():
    serial = lint_paths([str(CORPUS)], DEFAULTS, workers=1)
    parallel = lint_paths([str(CORPUS)], DEFAULTS, workers=2)
    assert parallel.findings == serial.findings and parallel.files_checked == serial.files_checked
