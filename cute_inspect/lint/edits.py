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

# Nested scopes, each of which may bind a name of its own.
_REGIONS = frozenset({ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef, ast.ListComp, ast.SetComp,
                      ast.DictComp, ast.GeneratorExp})
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


class _Names:
    """The names used in one part of a function: every ``Name`` node by name, the parameters of functions nested
    in it, the names declared ``global`` / ``nonlocal``, whether it looks names up by string (``locals()``), and
    the names it binds (parameters, assigned or deleted names)."""

    def __init__(self) -> None:
        self.nodes: dict[str, list[ast.Name]] = {}
        self.args: set[str] = set()
        self.declared: set[str] = set()
        self.dynamic = False
        self.binds: set[str] = set()

    def add(self, stack: list[ast.AST], regions: list[ast.AST] | None = None) -> None:
        """Index the nodes under those in ``stack``; with ``regions``, put the nested functions, lambdas,
        classes and comprehensions met there instead of entering them."""
        nodes = self.nodes
        while stack:
            node = stack.pop()
            kind = type(node)
            if kind is ast.Name:  # its one child is its context
                if node.id in nodes:
                    nodes[node.id].append(node)
                else:
                    nodes[node.id] = [node]
                if type(node.ctx) is not ast.Load:
                    self.binds.add(node.id)
                continue
            if regions is not None and kind in _REGIONS:
                regions.append(node)
                continue
            if kind is ast.arg:
                self.args.add(node.arg)
            elif kind is ast.Global or kind is ast.Nonlocal:
                self.declared.update(node.names)
            elif kind is ast.Call and type(node.func) is ast.Name and node.func.id in _DYNAMIC:
                self.dynamic = True
            for field in node._fields:  # `ast.iter_child_nodes`, without a generator per node
                value = getattr(node, field, None)
                if isinstance(value, ast.AST):
                    stack.append(value)
                elif type(value) is list:
                    stack.extend(item for item in value if isinstance(item, ast.AST))

    def uses(self, name: str) -> bool:
        return name in self.nodes or name in self.args or name in self.declared


class _ScopeNames:
    """Every name one function (or the module) uses, indexed by one walk, so that the renames of many of its
    tensors read the index instead of walking the function again each (CUTLASS's attention kernels have up to
    nine findings in one function, each a walk of thousands of nodes).

    Each nested function, lambda, class or comprehension (the outermost on the way down) is indexed apart: one
    that rebinds the old name keeps its own uses of it and makes the rename unsafe (one that does not holds
    none nested in it that does)."""

    def __init__(self, scope: ast.AST) -> None:
        self.own = _Names()
        regions: list[ast.AST] = []
        self.own.add(list(scope.body), regions)  # decorators and defaults run in the enclosing scope
        self.regions = []
        for region in regions:
            names = _Names()
            names.add([region])
            names.binds.update(names.args)
            self.regions.append(names)

    def uses(self, old: str, new: str) -> tuple[list[ast.Name], bool, bool]:
        """(Name nodes of ``old`` to rename, whether ``new`` occurs in the scope, whether renaming is unsafe)."""
        kept = [self.own] + [region for region in self.regions if old not in region.binds]
        rebinding = len(kept) <= len(self.regions)
        names = [node for part in kept for node in part.nodes.get(old, ())]
        new_used = any(part.uses(new) for part in kept) or any(
            new in region.binds for region in self.regions if old in region.binds
        )
        unsafe = rebinding or any(part.dynamic or old in part.declared for part in kept)
        return names, new_used, unsafe


class FileFixes:
    """The fixes of one file's violations, each function's names indexed once (``_ScopeNames``) however many
    of its tensors are renamed. ``lines``: `source_lines` of the file's text."""

    def __init__(self, facts: FileFacts, lines: list[str]) -> None:
        self.facts, self.lines = facts, lines
        self._names: dict[int, _ScopeNames] = {}

    def fix_for(self, violation: Violation, last_line: int) -> Fix | None:
        """The fix for one violation, if it suggests one that can be carried out; ``last_line`` ends its statement."""
        if violation.rename is not None:
            return self.rename_fix(violation.rename)
        if violation.replace is not None:
            return replace_fix(violation.replace, self.lines, last_line)
        return None

    def rename_fix(self, rename: Rename) -> Fix | None:
        """The edits renaming ``rename.old`` everywhere in its function, or None when the new name is taken."""
        scope = self.facts.scopes[rename.scope]
        if scope.node is None or rename.new in scope.bound:
            return None
        if rename.scope not in self._names:
            self._names[rename.scope] = _ScopeNames(scope.node)
        names, new_used, unsafe = self._names[rename.scope].uses(rename.old, rename.new)
        if new_used or not names:
            return None
        unsafe = unsafe or rename.scope == 0 or rename.old in scope.params
        lines, edits = self.lines, []
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
