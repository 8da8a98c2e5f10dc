"""Functions a module imports from another module of its own repository, read for what they do with what they
are given: which of their parameters a ``cute.gemm`` reads as operand A or B, and whether they make and return a
TiledCopy (with which copy operation).

A kernel file often keeps its helpers in a sibling module (``from pkg.moe.utils import mma_no_fence,
tiled_copy_2d``): read alone, the file shows a call of an unknown function. The module is found the way Python
would find it from the repository: an absolute import (``pkg.moe.utils``) under one of the importing file's
parent directories, a relative one (``.utils``) from its package. Only that function's own body is read; nothing
is imported or run. A module that cannot be found or parsed tells nothing.

>>> import tempfile
>>> root = Path(tempfile.mkdtemp())
>>> (root / "pkg").mkdir()
>>> _ = (root / "pkg" / "helpers.py").write_text('''
... def mma(tiled_mma, acc, frag_a, frag_b):
...     for k in range(4):
...         cute.gemm(tiled_mma, acc, frag_a[None, None, k], frag_b[None, None, k], acc)
... def g2s_copy(dtype):
...     atom = cute.make_copy_atom(cpasync.CopyG2SOp(), dtype)
...     return cute.make_tiled_copy_tv(atom, thr_layout, val_layout)
... ''')
>>> kernel = root / "pkg" / "kernel.py"
>>> summary(kernel, ("pkg.helpers", 0, "mma")).gemm_slots
((2, 'a'), (3, 'b'))
>>> summary(kernel, (".helpers", 1, "g2s_copy")).copy_op
'CopyG2SOp'
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

# (module as written, relative level, name imported from it; None when the binding is the module itself)
Import = tuple[str, int, str | None]

_GEMM_SLOTS = {2: "a", 3: "b"}  # cute.gemm(mma, d, a, b, c)
_TILED_COPY_MAKERS = frozenset({"make_tiled_copy", "make_tiled_copy_tv", "make_cotiled_copy"})


@dataclass(frozen=True)
class Helper:
    """What one imported function does with its positional parameters."""

    # (parameter position, "a" or "b") of each parameter the function gives a `cute.gemm` as that operand
    gemm_slots: tuple[tuple[int, str], ...] = ()
    # the copy operation of the TiledCopy the function returns ("CopyG2SOp"), "" when it returns one whose
    # operation its body does not show; None when it returns none
    copy_op: str | None = None


def imports(tree: ast.Module) -> dict[str, Import]:
    """Each name the module's top level binds by an import, with where it comes from."""
    found: dict[str, Import] = {}
    for stmt in tree.body:
        if type(stmt) is ast.ImportFrom:
            for alias in stmt.names:
                found[alias.asname or alias.name] = (stmt.module or "", stmt.level, alias.name)
        elif type(stmt) is ast.Import:
            for alias in stmt.names:
                if alias.asname:
                    found[alias.asname] = (alias.name, 0, None)
    return found


@lru_cache(maxsize=1024)
def _module_file(directory: Path, module: str, level: int) -> Path | None:
    parts = [part for part in module.split(".") if part]
    if level:
        base = directory
        for _ in range(level - 1):
            base = base.parent
        bases = [base]
    else:
        if not parts:
            return None
        # the repository's package root is one of the importing file's parents
        bases = [directory, *directory.parents][:12]
    for base in bases:
        stem = base.joinpath(*parts)
        for candidate in (stem.with_suffix(".py"), stem / "__init__.py"):
            if parts and candidate.is_file():
                return candidate
    return None


@lru_cache(maxsize=256)
def _functions(path: Path, stamp: tuple[int, int]) -> dict[str, ast.FunctionDef]:
    """The module's top-level functions; ``stamp`` (size, modification time) keys the cache, so that a process
    that lints again (the language server) reads an edited module again."""
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    except (OSError, SyntaxError, UnicodeDecodeError, ValueError, RecursionError):
        return {}
    return {stmt.name: stmt for stmt in tree.body if type(stmt) is ast.FunctionDef}


def _name(expr: ast.expr) -> str | None:
    while type(expr) is ast.Subscript:
        expr = expr.value
    return expr.id if type(expr) is ast.Name else None


def _called(expr: ast.expr) -> str | None:
    func = expr.func if type(expr) is ast.Call else None
    if type(func) is ast.Attribute:
        return func.attr
    return func.id if type(func) is ast.Name else None


def _gemm_slots(function: ast.FunctionDef) -> tuple[tuple[int, str], ...]:
    positions = {arg.arg: at for at, arg in enumerate(function.args.posonlyargs + function.args.args)}
    slots: dict[int, set[str]] = {}
    for node in ast.walk(function):
        if type(node) is ast.Call and _called(node) == "gemm" and len(node.args) > 3:
            for at, slot in _GEMM_SLOTS.items():
                name = _name(node.args[at])
                if name in positions:
                    slots.setdefault(positions[name], set()).add(slot)
    # a parameter read as both operands says nothing about either
    return tuple(sorted((at, next(iter(seen))) for at, seen in slots.items() if len(seen) == 1))


def _copy_op(function: ast.FunctionDef) -> str | None:
    bound: dict[str, ast.expr] = {}
    returned: list[ast.expr] = []
    for node in ast.walk(function):
        if type(node) is ast.Assign and len(node.targets) == 1 and type(node.targets[0]) is ast.Name:
            bound[node.targets[0].id] = node.value
        elif type(node) is ast.Return and node.value is not None:
            returned.append(node.value)
    if len(returned) != 1:
        return None
    value = returned[0]
    if type(value) is ast.Name:
        value = bound.get(value.id)
    if value is None or _called(value) not in _TILED_COPY_MAKERS or not value.args:
        return None
    atom = value.args[0]
    if type(atom) is ast.Name:
        atom = bound.get(atom.id)
    if atom is None or _called(atom) != "make_copy_atom" or not atom.args:
        return ""
    op = atom.args[0]
    if type(op) is ast.Name:
        op = bound.get(op.id)
    return (_called(op) or "") if type(op) is ast.Call else ""


# the modules summaries were read from since the last `take_modules_read()`: a file's lint result depends on them
_READ: set[Path] = set()


def take_modules_read() -> tuple[str, ...]:
    """The modules read for summaries since the last call, and forget them (the runner asks after each file, so
    that a cached result is stale once one of them changes)."""
    read = tuple(sorted(map(str, _READ)))
    _READ.clear()
    return read


def summary(importer: Path, source: Import) -> Helper | None:
    """What the function ``source`` names, imported by the file ``importer``, does; None when it is not found."""
    module, level, name = source
    if name is None:
        return None
    path = _module_file(importer.parent, module, level)
    if path is None:
        return None
    try:
        stat = path.stat()
    except OSError:
        return None
    _READ.add(path)
    return _helper(path, (stat.st_size, stat.st_mtime_ns), name)


@lru_cache(maxsize=1024)
def _helper(path: Path, stamp: tuple[int, int], name: str) -> Helper | None:
    function = _functions(path, stamp).get(name)
    return None if function is None else Helper(_gemm_slots(function), _copy_op(function))


def module_summary(importer: Path, source: Import, name: str) -> Helper | None:
    """``name`` of a module bound by an import (``import pkg.utils as utils``; ``from pkg import utils``)."""
    module, level, imported = source
    if imported is not None:
        module = f"{module}.{imported}" if module else imported
    return summary(importer, (module, level, name))
