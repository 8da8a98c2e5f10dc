"""What every check reports, and how a user silences it: shared by `lint` and `check`, so neither imports the other.

A finding prints as ``path:line:column: CODE message``; a file that could not be read is a `FileError`.
Suppression comments: ``# noqa`` / ``# noqa: CI101, CI105`` on a line, and on a line of its own
``# cute-inspect: noqa`` (the whole file) or ``# cute-inspect: noqa: CI101`` (those codes in the file).

>>> suppressed("x = 1  # noqa: CI101,CI105", "CI105")
True
>>> suppressed("x = 1  # noqa: E501", "CI105")
False
>>> sorted(file_suppressions("# cute-inspect: noqa: CI102\\nx = 1\\n"))
['CI102']
"""

from __future__ import annotations

import linecache
import re
from dataclasses import dataclass

EXIT_OK, EXIT_FINDINGS, EXIT_BAD_INPUT = 0, 1, 2
"""Every command's exit codes: success; findings or a failed check; a usage, input or compile error."""


@dataclass(frozen=True, order=True)
class Finding:
    """One reported name: ``path:line:column: code message``; findings sort by file, then position."""

    path: str
    line: int
    column: int
    code: str
    message: str


@dataclass(frozen=True, order=True)
class FileError:
    """A file that could not be linted: unreadable, or not valid Python."""

    path: str
    line: int
    column: int
    message: str


ALL = None  # a bare noqa: every code
_CODES = r"(?::\s*(?P<codes>[A-Za-z]+[0-9]+(?:[\s,]+[A-Za-z]+[0-9]+)*))?"
_LINE = re.compile(r"#\s*noqa" + _CODES, re.IGNORECASE)
_FILE = re.compile(r"^\s*#\s*cute-inspect:\s*noqa" + _CODES + r"\s*$", re.IGNORECASE | re.MULTILINE)
_SPLIT = re.compile(r"[\s,]+")


def _codes(match: re.Match[str]) -> frozenset[str] | None:
    codes = match["codes"]
    return ALL if codes is None else frozenset(code.upper() for code in _SPLIT.split(codes.strip()))


def suppressed(comment: str, code: str) -> bool:
    """True when ``comment`` (a line's comment) carries a ``# noqa`` that covers ``code``."""
    for match in _LINE.finditer(comment):
        codes = _codes(match)
        if codes is ALL or code in codes:
            return True
    return False


def line_codes(comment: str) -> list[tuple[int, frozenset[str]]]:
    """(offset, codes) of each ``# noqa: CODES`` in ``comment``; a bare ``# noqa`` is left out."""
    return [(match.start(), codes) for match in _LINE.finditer(comment) if (codes := _codes(match)) is not ALL]


def file_suppressions(text: str) -> frozenset[str]:
    """Codes suppressed for the whole file; ``ALL`` stands for a bare file-level noqa."""
    if "cute-inspect:" not in text:
        return frozenset()
    found: set[str] = set()
    for match in _FILE.finditer(text):
        codes = _codes(match)
        found |= {"ALL"} if codes is ALL else codes
    return frozenset(found)


def file_suppressed(suppressions: frozenset[str], code: str) -> bool:
    return bool(suppressions) and ("ALL" in suppressions or code in suppressions)


def unsuppressed(findings: list) -> list:
    """The findings not silenced by ``# noqa: CODE`` on their line or ``# cute-inspect: noqa`` in their file."""
    kept = []
    for finding in findings:
        lines = linecache.getlines(finding.path)
        line = lines[finding.line - 1] if 0 < finding.line <= len(lines) else ""
        if "noqa" in line and suppressed(line, finding.code):
            continue
        if file_suppressed(file_suppressions("".join(lines)), finding.code):
            continue
        kept.append(finding)
    return kept


_COLOUR = re.compile(r"\x1b\[[0-9;]*m")


def summary_of(exc: BaseException) -> str:
    """The first three lines of an exception's message that say something, on one line, without terminal colour
    codes (CuTeDSL colours its errors and frames them with lines of `|`)."""
    lines = [line.strip() for line in _COLOUR.sub("", str(exc)).splitlines() if any(c.isalnum() for c in line)]
    return " | ".join(lines[:3])
