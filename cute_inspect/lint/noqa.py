"""Suppression comments: ``# noqa`` / ``# noqa: CI101, CI105`` on a line, and on a line of its own
``# cute-inspect: noqa`` (the whole file) or ``# cute-inspect: noqa: CI101`` (those codes in the file).

>>> suppressed("x = 1  # noqa: CI101,CI105", "CI105")
True
>>> suppressed("x = 1  # noqa: E501", "CI105")
False
>>> sorted(file_suppressions("# cute-inspect: noqa: CI102\\nx = 1\\n"))
['CI102']
"""

from __future__ import annotations

import io
import re
import tokenize

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


def comments(text: str) -> dict[int, tuple[int, str]]:
    """line -> (column from 1, text) of the comment on that line, read with the tokenizer so that a
    ``# noqa`` inside a string is not taken for one. Only called for files that mention noqa."""
    found = {}
    try:
        for token in tokenize.generate_tokens(io.StringIO(text).readline):
            if token.type == tokenize.COMMENT:
                found[token.start[0]] = (token.start[1] + 1, token.string)
    except (tokenize.TokenError, SyntaxError):  # a file ast accepted but tokenize does not: keep what was read
        pass
    return found


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
