"""The edits behind the server's code actions: the renames the lint suggests, applied to every use in scope.

`fixes` is the one place code actions take edits from. It reads the suggestion from the finding's message
(``rename it to `tCgA```) and renames the name wherever the enclosing function uses it, unless the new name is
already bound there or the old one is a parameter (a rename would then change the function's interface).
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

_SUGGESTION = re.compile(r"rename it to `(?P<name>[A-Za-z_][A-Za-z0-9_]*)`")


@dataclass(frozen=True)
class Fix:
    """A rename for one finding: `edits` are (line from 1, column from 0, end column, new text)."""

    code: str
    line: int
    title: str
    edits: tuple


def _scope(tree: ast.Module, line: int) -> ast.AST:
    best = tree
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.lineno <= line <= node.end_lineno:
            if best is tree or node.lineno >= best.lineno:
                best = node
    return best


def _rename(tree: ast.Module, line: int, column: int, new: str) -> tuple[str, tuple] | None:
    scope = _scope(tree, line)
    names = [n for n in ast.walk(scope) if isinstance(n, ast.Name)]
    old = next((n.id for n in names if n.lineno == line and n.col_offset == column - 1), None)
    params = {a.arg for a in ast.walk(scope) if isinstance(a, ast.arg)}
    if old is None or old == new or old in params or new in params or any(n.id == new for n in names):
        return None
    return old, tuple((n.lineno, n.col_offset, n.end_col_offset, new) for n in names if n.id == old)


def fixes(text: str, findings: list) -> list[Fix]:
    """One `Fix` per finding whose suggested rename is safe in `text` (findings of this text's lint)."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return []
    found = []
    for finding in findings:
        match = _SUGGESTION.search(finding.message)
        renamed = match and _rename(tree, finding.line, finding.column, match["name"])
        if renamed:
            old, edits = renamed
            found.append(Fix(finding.code, finding.line, f"{finding.code}: rename `{old}` to `{match['name']}`", edits))
    return found
