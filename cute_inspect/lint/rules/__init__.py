"""Lint rules, one per module, each registered once in ``cute_inspect.lint.registry``.

A rule module defines ``CODE``, ``NAME``, ``SUMMARY`` (one line), ``DEFAULT`` (on without ``select``: the
rules that find contradictions are; grammar and style rules are opt-in) and its documentation as the module
docstring (``## What it does`` / ``## Why is this bad?`` / ``## Example`` / ``Use instead:``). A static rule
has ``check(facts, context)``; a trace rule has ``check_records(records, context)``. Both yield
``Violation``s; the runner adds the path and code, and applies config and ``noqa``. A violation that
suggests a name carries it as ``rename`` (``cute_inspect.lint.fix`` turns it into edits); one that suggests
changing a call carries ``replace``.
"""

from __future__ import annotations

from dataclasses import dataclass

from cute_inspect.lint.names import DEFAULT_VOCABULARY, Vocabulary

SEPARATOR_STYLES = ("either", "required", "forbidden")


@dataclass(frozen=True)
class RuleContext:
    """What rules may be configured by: the vocabulary and the ``_`` separator style after direction ops."""

    vocabulary: Vocabulary = DEFAULT_VOCABULARY
    separator: str = "either"

    @property
    def suggested_separator(self) -> str:
        """The separator to put in a suggested name after a direction op (CUTLASS writes ``tTR_rAcc``)."""
        return "" if self.separator == "forbidden" else "_"


@dataclass(frozen=True)
class Rename:
    """Rename the tensor ``old`` to ``new`` in function ``scope`` (an index into ``FileFacts.scopes``)."""

    old: str
    new: str
    scope: int


@dataclass(frozen=True)
class Replace:
    """Replace the first ``old`` text at or after (``line``, ``column``) with ``new`` (a call's method)."""

    line: int
    column: int
    old: str
    new: str


@dataclass(frozen=True)
class Violation:
    line: int
    column: int
    message: str
    rename: Rename | None = None
    replace: Replace | None = None


def renaming(line: int, column: int, message: str, old: str, new: str | None, scope: int) -> Violation:
    """A violation whose fix renames ``old`` to ``new`` in function ``scope``, the message ending with that advice;
    without a name to offer (``new`` None: every suggestion is bound already) the message alone."""
    if not new:
        return Violation(line, column, message)
    return Violation(line, column, f"{message}; rename it to `{new}`", Rename(old, new, scope))
