"""Plant one misnaming in a public kernel's text (in memory) and lint it: the wrapper the recall test uses.

A plant replaces one name at one line (``old`` -> ``new``, the first whole-word occurrence), as a slip of
the keyboard or of copy and paste would, in a file of a pinned package (``tests.lint_gold.packages``).
"""

from __future__ import annotations

import ast
import re

from cute_inspect.lint import LintConfig, lint_source
from tests.lint_gold.packages import root


def installed(package: str, path: str) -> str:
    """The installed file's own path: linted there, a plant's file reads its package's other modules (an imported
    helper's gemm slots, the views it returns) as the unplanted file does."""
    return str(root(package).parent / path)


def source(package: str, path: str) -> str:
    """The text of ``path`` (relative to the package's parent directory) in the installed package."""
    return (root(package).parent / path).read_text()


def planted(text: str, line: int, old: str, new: str) -> str:
    """``text`` with the first whole-word ``old`` on ``line`` replaced by ``new``; ValueError if absent."""
    lines = text.splitlines(keepends=True)
    match = re.search(rf"(?<![\w.]){re.escape(old)}(?!\w)", lines[line - 1])
    if match is None:
        raise ValueError(f"line {line} has no `{old}`")
    lines[line - 1] = lines[line - 1][: match.start()] + new + lines[line - 1][match.end():]
    return "".join(lines)


def findings(text: str, path: str) -> set[tuple[int, str, str]]:
    """(line, code, message) of the default findings of one module's text."""
    return {(f.line, f.code, f.message) for f in lint_source(text, path, LintConfig())}


def new_findings(package: str, path: str, line: int, old: str, new: str) -> set[tuple[int, str, str]]:
    """What the plant adds to the file's default findings."""
    text, where = source(package, path), installed(package, path)
    return findings(planted(text, line, old, new), where) - findings(text, where)


def _function_lines(text: str, line: int) -> tuple[int, int]:
    """The first and last line of the innermost function holding ``line`` (the whole module if none)."""
    tree = ast.parse(text)
    span = (1, len(text.splitlines()))
    for node in ast.walk(tree):
        inside = isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.lineno <= line <= node.end_lineno
        if inside and node.end_lineno - node.lineno < span[1] - span[0]:
            span = (node.lineno, node.end_lineno)
    return span


def planted_everywhere(text: str, edits: list[list], rename: str) -> str:
    """``text`` with each edit ``[line, old, new]`` applied: with ``rename == "function"``, ``old`` is a name
    renamed at every use in the function holding ``line`` (as an author who chose the wrong name writes it
    everywhere); with ``"line"``, the first whole word ``old`` on that line (a method: ``make_fragment_A``)."""
    for line, old, new in edits:
        lines = text.splitlines(keepends=True)
        if rename == "line":
            match = re.search(rf"(?<!\w){re.escape(old)}(?!\w)", lines[line - 1])
            if match is None:
                raise ValueError(f"line {line} has no `{old}`")
            lines[line - 1] = lines[line - 1][: match.start()] + new + lines[line - 1][match.end():]
        else:
            if not re.search(rf"(?<![\w.]){re.escape(old)}(?!\w)", lines[line - 1]):
                raise ValueError(f"line {line} has no `{old}`")
            first, last = _function_lines(text, line)
            for number in range(first - 1, last):
                lines[number] = re.sub(rf"(?<![\w.]){re.escape(old)}(?!\w)", new, lines[number])
        text = "".join(lines)
    return text


def new_findings_of(package: str, path: str, edits: list[list], rename: str) -> set[tuple[int, str, str]]:
    """What a plant of several edits (``planted_everywhere``) adds to the file's default findings."""
    text, where = source(package, path), installed(package, path)
    return findings(planted_everywhere(text, edits, rename), where) - findings(text, where)
