"""Where a ``# noqa`` comment is: the comment on each wanted line, read with the tokenizer over its statement.

The suppression syntax itself lives in `cute_inspect.findings`, shared with `cute-inspect check`.
"""

from __future__ import annotations

import ast
import tokenize
from collections.abc import Iterable

# Each way the letters "qa" of a `noqa` may be written: a text holding none of them cannot say `noqa` in any case.
_QA = ("qa", "qA", "Qa", "QA")


def mentions_noqa(text: str) -> bool:
    """``"noqa" in text.lower()``, without lowering the whole text where it cannot be so (most files: lowering
    CUTLASS's 8 MB of examples costs 30 ms, each time). Only N, O, Q and A lower to n, o, q and a (no other
    character lowers to those letters), so the pairs rule out exactly the texts that ``lower`` would.

    >>> [mentions_noqa(t) for t in ("x = 1  # NoQA: CI105", "# no qa", "aqua = 1", "# nOqa")]
    [True, False, False, True]
    """
    return any(pair in text for pair in _QA) and "noqa" in text.lower()


def comments(tree: ast.Module, lines: list[str], wanted: Iterable[int]) -> dict[int, tuple[int, str]]:
    """line -> (column from 1, text) of the comment on each ``wanted`` line that has one.

    Each line is read with the tokenizer, over the lines of the statement it belongs to only, so that a
    ``# noqa`` inside a string is not taken for a comment and a file is never tokenized whole. ``lines``
    keep their line endings."""
    found = {}
    for number in sorted(set(wanted)):
        first, last = statement_span(tree.body, number)
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


def statement_span(body: list[ast.AST], line: int) -> tuple[int, int]:
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
