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

import ast
import re
import tokenize
from collections.abc import Iterable

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


def comments(tree: ast.Module, lines: list[str], wanted: Iterable[int]) -> dict[int, tuple[int, str]]:
    """line -> (column from 1, text) of the comment on each ``wanted`` line that has one.

    Each line is read with the tokenizer, over the lines of the statement it belongs to only, so that a
    ``# noqa`` inside a string is not taken for a comment and a file is never tokenized whole. ``lines``
    keep their line endings."""
    found = {}
    for number in sorted(set(wanted)):
        first, last = _statement_span(tree.body, number)
        chunk = iter(lines[first - 1:last])
        try:
            for token in tokenize.generate_tokens(lambda: next(chunk, "")):
                if token.type == tokenize.COMMENT and token.start[0] + first - 1 == number:
                    found[number] = (token.start[1] + 1, token.string)
        except (tokenize.TokenError, SyntaxError):  # a span the tokenizer cannot close: read the raw line
            start = lines[number - 1].find("#")
            if start >= 0:
                found[number] = (start + 1, lines[number - 1][start:].rstrip("\r\n"))
    return found


def _blocks(statement: ast.AST) -> list[ast.AST]:
    """The statements (and except handlers) nested directly in a compound statement, in line order."""
    nested = [child for name in ("body", "orelse", "finalbody", "handlers") for child in getattr(statement, name, ())]
    nested += [child for case in getattr(statement, "cases", ()) for child in case.body]
    return sorted(nested, key=lambda child: child.lineno)


def _statement_span(body: list[ast.AST], line: int) -> tuple[int, int]:
    """The first and last line of the innermost statement (or compound statement header) holding ``line``."""
    while True:
        statement = next((s for s in body if s.lineno <= line <= s.end_lineno), None)
        if statement is None:
            return line, line  # between statements: only a comment can be there
        nested = _blocks(statement)
        if not nested:
            return statement.lineno, statement.end_lineno
        if line < nested[0].lineno:
            return statement.lineno, nested[0].lineno - 1
        body = nested


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
