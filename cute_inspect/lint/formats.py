"""Output formats for a lint report: ``text`` for people, ``json`` for scripts, ``sarif`` (2.1.0) for
code-scanning UIs.

>>> from cute_inspect.findings import Finding
>>> from cute_inspect.lint.runner import LintReport
>>> report = LintReport([Finding("k.py", 3, 1, "CI105", "`tCgB` partitions `gA`")], [], 1)
>>> print(render(report, "text"))
k.py:3:1: CI105 `tCgB` partitions `gA`
Found 1 finding in 1 file (1 file checked).
"""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path
from urllib.parse import quote

from cute_inspect.lint.registry import all_rules
from cute_inspect.lint.runner import LintReport

FORMATS = ("text", "json", "sarif")
SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
_INFORMATION_URI = (
    "https://github.com/NVIDIA/cutlass/blob/main/media/docs/pythonDSL/cute_dsl_general/naming_conventions.rst"
)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _location(path: str, line: int, column: int) -> str:
    return f"{path}:{line}:{column}" if line else path


def _summary(report: LintReport) -> list[str]:
    checked = _plural(report.files_checked, "file")
    failed = f"{_plural(len(report.errors), 'file')} could not be linted"
    if report.findings:
        files = len({finding.path for finding in report.findings})
        found = _plural(len(report.findings), "finding")
        return [f"Found {found} in {_plural(files, 'file')} ({checked} checked)."] + (
            [f"{failed}."] if report.errors else [])
    return [f"{failed} ({checked} checked)." if report.errors else f"All checks passed ({checked} checked)."]


def error_lines(report: LintReport) -> list[str]:
    """``path:line:col: error: message`` per file that could not be linted (the CLI prints them to stderr)."""
    return [f"{_location(e.path, e.line, e.column)}: error: {e.message}" for e in sorted(report.errors)]


def render_text(report: LintReport) -> str:
    """The findings and the summary; the files that could not be linted are `error_lines`."""
    return "\n".join([f"{f.path}:{f.line}:{f.column}: {f.code} {f.message}" for f in report.findings]
                     + _summary(report))


def render_statistics(report: LintReport, format: str = "text") -> str:
    """A count per code found: in text one line each (count, code, rule name) then the summary; in JSON a list of
    ``{code, name, count}``; SARIF has no place for counts, so there it is the whole report (valid SARIF)."""
    if format == "sarif":
        return render_sarif(report)
    counts = Counter(finding.code for finding in report.findings)
    rules = all_rules()
    names = {code: rules[code].NAME if code in rules else "" for code in counts}
    if format == "json":
        import json  # here, as in render_json

        return json.dumps([{"code": code, "name": names[code], "count": counts[code]} for code in sorted(counts)],
                          indent=2)
    lines = [f"{counts[code]:6d}  {code}  {names[code]}" for code in sorted(counts)]
    return "\n".join(lines + _summary(report))


def render_json(report: LintReport) -> str:
    import json  # here: the text format, the default, need not load it

    document = {
        "files_checked": report.files_checked,
        "findings": [
            {"path": f.path, "line": f.line, "column": f.column, "code": f.code, "message": f.message}
            for f in report.findings
        ],
        "errors": [{"path": e.path, "line": e.line, "column": e.column, "message": e.message} for e in report.errors],
    }
    return json.dumps(document, indent=2)


def _tool_version() -> str:
    from importlib.metadata import PackageNotFoundError, version  # late: only SARIF names the version

    try:
        return version("cute-inspect")
    except PackageNotFoundError:
        return "0.0.0"


def _sarif_rule(code: str, rule) -> dict:
    return {
        "id": code,
        "name": rule.NAME,
        "shortDescription": {"text": rule.SUMMARY.replace("`", "")},
        "fullDescription": {"text": rule.SUMMARY},
        "help": {"text": rule.__doc__, "markdown": rule.__doc__},
        "defaultConfiguration": {"level": "warning"},
    }


def _artifact(path: str) -> dict:
    """A relative path stays a relative URI reference; an absolute one becomes a ``file://`` URI."""
    if os.path.isabs(path):
        return {"uri": Path(path).as_uri()}
    return {"uri": quote(path.replace(os.sep, "/"))}


def render_sarif(report: LintReport) -> str:
    rules = all_rules()
    codes = list(rules)
    results = [
        {
            "ruleId": f.code,
            **({"ruleIndex": codes.index(f.code)} if f.code in rules else {}),
            "level": "warning",
            "message": {"text": f.message},
            "locations": [
                {
                    "physicalLocation": {
                        "artifactLocation": _artifact(f.path),
                        "region": {"startLine": f.line, "startColumn": f.column},
                    }
                }
            ],
        }
        for f in report.findings
    ]
    notifications = [
        {
            "level": "error",
            "message": {"text": e.message},
            "locations": [{"physicalLocation": {"artifactLocation": _artifact(e.path)}}],
        }
        for e in report.errors
    ]
    run = {
        "tool": {
            "driver": {
                "name": "cute-inspect",
                "version": _tool_version(),
                "informationUri": _INFORMATION_URI,
                "rules": [_sarif_rule(code, rule) for code, rule in rules.items()],
            }
        },
        "invocations": [{"executionSuccessful": not report.errors, "toolExecutionNotifications": notifications}],
        "columnKind": "unicodeCodePoints",  # columns count characters, as on the command line
        "results": results,
    }
    import json  # here, as in render_json

    return json.dumps({"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [run]}, indent=2)


_RENDERERS = {"text": render_text, "json": render_json, "sarif": render_sarif}


def render(report: LintReport, format: str) -> str:
    """The report in ``format`` (one of ``FORMATS``)."""
    return _RENDERERS[format](report)
