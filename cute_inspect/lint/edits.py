"""The text edits that carry out a finding's suggestion, and whether they are safe to apply unasked.

A rename is safe, as in ruff, when it cannot change what the kernel computes: the new name is free in the
function (not bound, not read, not a global the function uses), the old one is a local of that function
(not a parameter, not ``global``/``nonlocal``, not rebound by a nested function) and the function does not
look names up by string (``locals()``, ``eval``). Every use of the tensor in the function is renamed.
Any other rename, and every change to a call (``make_fragment_B`` -> ``make_fragment_A``), is unsafe:
applied only with ``--unsafe-fixes``. A rename whose new name is taken is not offered at all.

Positions are 1-based lines as Python numbers them and 1-based character columns (not bytes), end exclusive
(`cute_inspect.positions`); ``lines`` arguments are `source_lines` of the text.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

from cute_inspect.lint.facts import FileFacts
from cute_inspect.lint.rules import Rename, Replace, Violation
from cute_inspect.positions import char_column, source_lines

_NESTED = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)
_DYNAMIC = frozenset({"locals", "vars", "eval", "exec", "globals"})


@dataclass(frozen=True)
class Edit:
    """Replace the text from (``line``, ``column``) up to (``end_line``, ``end_column``) with ``text``."""

    line: int
    column: int
    end_line: int
    end_column: int
    text: str


@dataclass(frozen=True)
class Fix:
    """What to do about one finding: a title for menus, whether it is safe, and its edits."""

    title: str
    safe: bool
    edits: tuple[Edit, ...]


def _column(lines: list[str], line: int, byte_offset: int) -> int:
    """The 1-based character column of a byte offset that ``ast`` reports."""
    return char_column(lines[line - 1], byte_offset) + 1


def _add_children(node: ast.AST, stack: list[ast.AST]) -> None:
    """Push the nodes directly under ``node`` (``ast.iter_child_nodes``, without a generator per node)."""
    for field in node._fields:
        value = getattr(node, field, None)
        if isinstance(value, ast.AST):
            stack.append(value)
        elif type(value) is list:
            stack.extend(item for item in value if isinstance(item, ast.AST))


def _binds_in(node: ast.AST, name: str) -> bool:
    """Whether a nested function or class binds ``name`` itself (a parameter or an assignment)."""
    stack = [node]
    while stack:
        child = stack.pop()
        if type(child) is ast.arg and child.arg == name:
            return True
        if type(child) is ast.Name and child.id == name and type(child.ctx) is not ast.Load:
            return True
        _add_children(child, stack)
    return False


def _uses(scope: ast.AST, old: str, new: str) -> tuple[list[ast.Name], bool, bool]:
    """(Name nodes of ``old`` to rename, whether ``new`` occurs in the scope, whether renaming is unsafe)."""
    names, new_used, unsafe = [], False, False
    stack = list(scope.body)  # decorators and defaults run in the enclosing scope
    while stack:
        node = stack.pop()
        kind = type(node)
        if isinstance(node, _NESTED) or kind in (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp):
            if _binds_in(node, old):
                unsafe = True
                new_used = new_used or _binds_in(node, new)
                continue
        if kind is ast.Name:
            if node.id == old:
                names.append(node)
            elif node.id == new:
                new_used = True
        elif kind is ast.arg and node.arg == new:
            new_used = True
        elif kind is ast.Global or kind is ast.Nonlocal:
            unsafe = unsafe or old in node.names
            new_used = new_used or new in node.names
        elif kind is ast.Call and type(node.func) is ast.Name and node.func.id in _DYNAMIC:
            unsafe = True
        _add_children(node, stack)
    return names, new_used, unsafe


def rename_fix(rename: Rename, facts: FileFacts, lines: list[str]) -> Fix | None:
    """The edits renaming ``rename.old`` everywhere in its function, or None when the new name is taken."""
    scope = facts.scopes[rename.scope]
    if scope.node is None or rename.new in scope.bound:
        return None
    names, new_used, unsafe = _uses(scope.node, rename.old, rename.new)
    if new_used or not names:
        return None
    unsafe = unsafe or rename.scope == 0 or rename.old in scope.params
    edits = []
    arguments = getattr(scope.node, "args", None)
    if arguments is not None:
        for arg in arguments.posonlyargs + arguments.args + arguments.kwonlyargs:
            if arg.arg == rename.old:
                column = _column(lines, arg.lineno, arg.col_offset)
                edits.append(Edit(arg.lineno, column, arg.lineno, column + len(rename.old), rename.new))
    for name in names:
        column = _column(lines, name.lineno, name.col_offset)
        edits.append(Edit(name.lineno, column, name.lineno, column + len(rename.old), rename.new))
    return Fix(f"Rename `{rename.old}` to `{rename.new}`", not unsafe, tuple(sorted(edits, key=_position)))


def replace_fix(replace: Replace, lines: list[str], last_line: int) -> Fix | None:
    """The edit replacing the first ``replace.old`` at or after its position (within the statement)."""
    word = re.escape(replace.old)
    pattern = re.compile(word + r"\b" if replace.old.startswith(".") else r"\b" + word + r"\b")
    for number in range(replace.line, min(last_line, len(lines)) + 1):
        start = _column(lines, number, replace.column - 1) - 1 if number == replace.line else 0
        match = pattern.search(lines[number - 1], start)
        if match:
            edit = Edit(number, match.start() + 1, number, match.end() + 1, replace.new)
            return Fix(f"Replace `{replace.old.lstrip('.')}` with `{replace.new.lstrip('.')}`", False, (edit,))
    return None


def fix_for(violation: Violation, facts: FileFacts, lines: list[str], last_line: int) -> Fix | None:
    """The fix for one violation, if it suggests one that can be carried out; ``last_line`` ends its statement."""
    if violation.rename is not None:
        return rename_fix(violation.rename, facts, lines)
    if violation.replace is not None:
        return replace_fix(violation.replace, lines, last_line)
    return None


def _position(edit: Edit) -> tuple[int, int]:
    return edit.line, edit.column


def apply_edits(text: str, edits: list[Edit] | tuple[Edit, ...]) -> str:
    """``text`` with non-overlapping ``edits`` applied (ValueError when two overlap); lines as Python numbers them
    (`cute_inspect.positions`)."""
    lines = source_lines(text)
    ordered = sorted(edits, key=_position, reverse=True)
    for later, earlier in zip(ordered, ordered[1:]):
        if (earlier.end_line, earlier.end_column) > (later.line, later.column):
            raise ValueError(f"overlapping edits at {later.line}:{later.column}")
    for edit in ordered:
        first, last = lines[edit.line - 1], lines[edit.end_line - 1]
        lines[edit.line - 1: edit.end_line] = [first[: edit.column - 1] + edit.text + last[edit.end_column - 1:]]
    return "".join(lines)
