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
import sys
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

# (module as written, relative level, name imported from it; None when the binding is the module itself)
Import = tuple[str, int, str | None]

_GEMM_SLOTS = {2: "a", 3: "b"}  # cute.gemm(mma, d, a, b, c)
_TILED_COPY_MAKERS = frozenset({"make_tiled_copy", "make_tiled_copy_tv", "make_cotiled_copy"})
_MMA_LAYOUTS = frozenset({
    "partition_A", "partition_B", "partition_C", "make_fragment_A", "make_fragment_B", "make_fragment_C",
})
_CONSTANT_WRAPPERS = frozenset({"const_expr"})
# Layout algebra over a tensor's own data: the result holds what its first argument holds, in the same memory.
LAYOUT_VIEWS = frozenset({
    "local_tile", "logical_divide", "zipped_divide", "flat_divide", "tiled_divide", "composition", "group_modes",
    "filter_zeros", "flatten", "select",
})


@dataclass(frozen=True)
class Helper:
    """What one imported function does with its positional parameters."""

    # (parameter position, "a" or "b") of each parameter the function gives a `cute.gemm` as that operand
    gemm_slots: tuple[tuple[int, str], ...] = ()
    # the copy operation of the TiledCopy the function returns ("CopyG2SOp"), "" when it returns one whose
    # operation its body does not show; None when it returns none
    copy_op: str | None = None
    # (copy object, source, destination) parameter positions of each `cute.copy` of its body given a parameter as
    # the copy object and as a side (None: a side that is no parameter, `tCrB_copy_view = copy.retile(tCrB)`)
    copies: tuple[tuple[int, int | None, int | None], ...] = ()
    # the parameter position whose data every `return` lays a new layout over (`return cute.make_tensor(
    # t.iterator.align(...), layout)`): a call of the function is a view of that argument; None otherwise
    views: int | None = None
    # the parameter position every `cute.gemm` of its body is given as the MMA; None when not one parameter
    gemm_mma: int | None = None


def imports(tree: ast.Module) -> dict[str, Import]:
    """Each name the module binds by an import, with where it comes from: at its top level, or a module alias bound
    inside its functions (``import flash_attn.cute.blackwell_helpers as sm100_utils`` in a kernel's method) where
    every such import of the name agrees and the top level does not bind it."""
    found = _bound(tree.body)
    nested: dict[str, Import | None] = {}
    for function in _functions_of(tree.body):
        for name, source in _bound(function.body, modules_only=True).items():
            nested[name] = source if nested.get(name, source) == source else None
    found.update((name, source) for name, source in nested.items() if source is not None and name not in found)
    return found


_COMPOUND = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.If, ast.For, ast.While, ast.With, ast.Try)


def _functions_of(body: list[ast.stmt]) -> list[ast.FunctionDef]:
    """The functions a block of statements defines, at any depth of statements (never inside an expression)."""
    found, pending = [], list(body)
    while pending:
        stmt = pending.pop()
        if not isinstance(stmt, _COMPOUND):
            continue
        if type(stmt) in (ast.FunctionDef, ast.AsyncFunctionDef):
            found.append(stmt)
        pending.extend(stmt.body)
        pending.extend(getattr(stmt, "orelse", ()))
        pending.extend(getattr(stmt, "finalbody", ()))
        for handler in getattr(stmt, "handlers", ()):
            pending.extend(handler.body)
    return found


def _bound(body: list[ast.stmt], modules_only: bool = False) -> dict[str, Import]:
    found: dict[str, Import] = {}
    for stmt in body:
        if type(stmt) is ast.ImportFrom and not modules_only:
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


@lru_cache(maxsize=1024)
def _installed_module(parts: tuple[str, ...]) -> Path | None:
    """An installed package's module (``quack.sm90_utils``), found on the interpreter's path as the import system
    would find its file, without importing it (importing runs the package's code)."""
    for entry in sys.path:
        if not entry:
            continue
        stem = Path(entry).joinpath(*parts)
        for candidate in (stem.with_suffix(".py"), stem / "__init__.py"):
            if candidate.is_file():
                return candidate
    return None


@lru_cache(maxsize=256)
def _module_tree(path: Path, stamp: tuple[int, int]) -> ast.Module | None:
    """The module parsed; ``stamp`` (size, modification time) keys the cache, so that a process that lints again
    (the language server) reads an edited module again."""
    try:
        return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    except (OSError, SyntaxError, UnicodeDecodeError, ValueError, RecursionError):
        return None


@lru_cache(maxsize=256)
def _functions(path: Path, stamp: tuple[int, int]) -> dict[str, ast.FunctionDef]:
    """The module's top-level functions."""
    tree = _module_tree(path, stamp)
    return {} if tree is None else {stmt.name: stmt for stmt in tree.body if type(stmt) is ast.FunctionDef}


def _name(expr: ast.expr) -> str | None:
    while type(expr) is ast.Subscript:
        expr = expr.value
    return expr.id if type(expr) is ast.Name else None


def _called(expr: ast.expr) -> str | None:
    func = expr.func if type(expr) is ast.Call else None
    if type(func) is ast.Attribute:
        return func.attr
    return func.id if type(func) is ast.Name else None


def _gemm_calls(function: ast.FunctionDef) -> list[ast.Call]:
    return [node for node in ast.walk(function) if type(node) is ast.Call and _called(node) == "gemm" and len(node.args) > 3]


def _gemm_slots(function: ast.FunctionDef, gemms: list[ast.Call]) -> tuple[tuple[int, str], ...]:
    positions = {arg.arg: at for at, arg in enumerate(function.args.posonlyargs + function.args.args)}
    slots: dict[int, set[str]] = {}
    for node in gemms:
        for at, slot in _GEMM_SLOTS.items():
            name = _name(node.args[at])
            if name in positions:
                slots.setdefault(positions[name], set()).add(slot)
    # a parameter read as both operands says nothing about either
    return tuple(sorted((at, next(iter(seen))) for at, seen in slots.items() if len(seen) == 1))


def _gemm_mma(function: ast.FunctionDef, gemms: list[ast.Call]) -> int | None:
    positions = {arg.arg: at for at, arg in enumerate(function.args.posonlyargs + function.args.args)}
    given = {_name(node.args[0]) for node in gemms}
    if given - positions.keys():
        # `mma_atom = cute.make_mma_atom(tiled_mma.op)`: an atom of the parameter's MMA
        atoms = {
            node.targets[0].id: node.value.args[0].value.id for node in ast.walk(function)
            if type(node) is ast.Assign and len(node.targets) == 1 and type(node.targets[0]) is ast.Name
            and type(node.value) is ast.Call and _called(node.value) == "make_mma_atom" and node.value.args
            and type(node.value.args[0]) is ast.Attribute and type(node.value.args[0].value) is ast.Name
        }
        given = {atoms.get(name, name) for name in given}
    return positions.get(given.pop()) if len(given) == 1 else None


def _copies(function: ast.FunctionDef) -> tuple[tuple[int, int | None, int | None], ...]:
    positions = {arg.arg: at for at, arg in enumerate(function.args.posonlyargs + function.args.args)}
    # a parameter bound again in the body holds something else from there on
    rebound = {node.id for node in ast.walk(function) if type(node) is ast.Name and type(node.ctx) is ast.Store}
    found: set[tuple[int, int | None, int | None]] = set()
    for node in ast.walk(function):
        if type(node) is ast.Call and _called(node) == "copy" and type(node.func) is ast.Attribute \
                and len(node.args) >= 3:
            copier, source, destination = (_name(arg) for arg in node.args[:3])
            if copier not in positions or copier in rebound:
                continue
            sides = tuple(positions[side] if side in positions and side not in rebound else None
                          for side in (source, destination))
            if sides != (None, None):
                found.add((positions[copier], *sides))
    return tuple(sorted(found, key=str))


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


def _read_version(path: Path | None) -> tuple | None:
    """(size, mtime) of a module a summary is read from, which the file being linted now depends on (its cached
    result is stale once the module changes); None where there is no such file."""
    if path is None:
        return None
    try:
        stat = path.stat()
    except OSError:
        return None
    _READ.add(path)
    return stat.st_size, stat.st_mtime_ns


def summary(importer: Path, source: Import) -> Helper | None:
    """What the function ``source`` names, imported by the file ``importer``, does; None when it is not found."""
    module, level, name = source
    if name is None:
        return None
    path = _module_file(importer.parent, module, level)
    version = _read_version(path)
    return None if version is None else _helper(path, version, name)


@lru_cache(maxsize=1024)
def _helper(path: Path, stamp: tuple[int, int], name: str) -> Helper | None:
    function = _functions(path, stamp).get(name)
    if function is None:
        return None
    gemms = _gemm_calls(function)
    return Helper(_gemm_slots(function, gemms), _copy_op(function), _copies(function), _viewed_parameter(function),
                  _gemm_mma(function, gemms))


def _viewed_parameter(function: ast.FunctionDef) -> int | None:
    """The position of the one parameter whose ``.iterator`` every ``return cute.make_tensor(<pointer>, layout)``
    of the function reads, or that every ``return cute.composition(<parameter>, layout)`` (any layout algebra)
    lays out (``transpose_view(a)``); None when a return is anything else."""
    parameters = [arg.arg for arg in function.args.posonlyargs + function.args.args]
    owners = set()
    returns = [node for node in ast.walk(function) if type(node) is ast.Return]
    for node in returns:
        value = node.value
        if type(value) is not ast.Call or not value.args:
            return None
        if _called(value) in LAYOUT_VIEWS and type(value.args[0]) is ast.Name:
            owners.add(value.args[0].id)
            continue
        if _called(value) != "make_tensor":
            return None
        owners |= {
            each.value.id for each in ast.walk(value.args[0])
            if type(each) is ast.Attribute and each.attr == "iterator" and type(each.value) is ast.Name
        }
    owner = owners.pop() if returns and len(owners) == 1 else None
    return parameters.index(owner) if owner in parameters else None


def module_summary(importer: Path, source: Import, name: str) -> Helper | None:
    """``name`` of a module bound by an import (``import pkg.utils as utils``; ``from pkg import utils``), or a
    static method of a class so bound (``from .helpers import SM90``, then ``SM90.wgmma_gemm_zero_acc(...)``)."""
    module, level, imported = source
    if imported is not None:
        found = summary(importer, (f"{module}.{imported}" if module else imported, level, name))
        return found if found is not None else _static_method_summary(importer, source, name)
    return summary(importer, (module, level, name))


def _static_method_summary(importer: Path, source: Import, name: str) -> Helper | None:
    """What a static method of a class of another module does with its parameters: its own ``cute.gemm`` calls,
    and those of the class's other static methods it calls with its parameters (``SM90.wgmma_gemm(tiled_mma, C, A,
    B, False)``)."""
    module, level, imported = source
    path = _module_file(importer.parent, module, level)
    version = _read_version(path)
    return None if version is None else _static_helper(path, version, imported, name)


@lru_cache(maxsize=1024)
def _static_helper(path: Path, stamp: tuple[int, int], owner: str, name: str) -> Helper | None:
    cls = _class(path, owner)
    methods = {} if cls is None else {
        stmt.name: stmt for stmt in cls.body if type(stmt) is ast.FunctionDef
        and any(type(d) is ast.Name and d.id == "staticmethod" for d in stmt.decorator_list)
    }
    if name not in methods:
        return None
    slots, mma = _relayed_gemm(methods[name], cls.name, methods, 0)
    return Helper(slots, None, (), None, mma) if slots else None


def _relayed_gemm(
    function: ast.FunctionDef, owner: str, methods: dict[str, ast.FunctionDef], depth: int,
) -> tuple[tuple[tuple[int, str], ...], int | None]:
    """(gemm slots, MMA parameter) of a static method, through the calls it makes of its class's other static
    methods (``Owner.method(...)``) given its parameters positionally."""
    gemms = _gemm_calls(function)
    slots, mma = dict(_gemm_slots(function, gemms)), _gemm_mma(function, gemms) if gemms else None
    positions = {arg.arg: at for at, arg in enumerate(function.args.posonlyargs + function.args.args)}
    for node in ast.walk(function):
        called = node.func if type(node) is ast.Call else None
        if depth > 2 or type(called) is not ast.Attribute or type(called.value) is not ast.Name \
                or called.value.id != owner or called.attr not in methods or called.attr == function.name:
            continue
        inner_slots, inner_mma = _relayed_gemm(methods[called.attr], owner, methods, depth + 1)
        given = [positions.get(_name(arg)) if type(arg) is ast.Name else None for arg in node.args]
        for at, slot in inner_slots:
            if at < len(given) and given[at] is not None:
                slots.setdefault(given[at], slot)
        if mma is None and inner_mma is not None and inner_mma < len(given):
            mma = given[inner_mma]
    return tuple(sorted(slots.items())), mma


@dataclass(frozen=True)
class Returned:
    """A tensor a function returns that one of its parameters, a TiledMma or its slice, lays out: ``return acc,
    tCrA, tCrB`` where ``tCrA = thr_mma.make_fragment_A(thr_mma.partition_A(sA))``."""

    position: int  # in the returned tuple
    maker: int  # the parameter (position) whose object makes it
    method: str  # `make_fragment_A`, `partition_B`, ...
    source: int | None  # the parameter (position) whose tensor it lays out; None when it lays out none


def returned_layouts(importer: Path, source: Import, attribute: str | None, call: ast.Call) -> tuple[Returned, ...]:
    """What the function a call names returns, laid out by its parameters, in the branches the call's literal
    arguments choose (``swap_AB=False``). The function is looked up in the repository's modules, then in the
    installed packages (``from quack import sm90_utils``), read and never imported."""
    module, level, name = source
    if attribute is not None:
        module, name = (f"{module}.{name}" if module else name or "") if name is not None else module, attribute
    if name is None:
        return ()
    path = _module_file(importer.parent, module, level) or (
        _installed_module(tuple(part for part in module.split(".") if part)) if not level and module else None)
    if path is None:
        return ()
    try:
        stat = path.stat()
    except OSError:
        return ()
    function = _functions(path, (stat.st_size, stat.st_mtime_ns)).get(name)
    if function is None:
        return ()
    _READ.add(path)
    flags = _literal_flags(function, call)
    return () if flags is None else _returned(path, (stat.st_size, stat.st_mtime_ns), name, flags)


def _parameters(function: ast.FunctionDef) -> list[str]:
    return [arg.arg for arg in function.args.posonlyargs + function.args.args]


def _literal_flags(function: ast.FunctionDef, call: ast.Call) -> tuple[tuple[str, bool], ...] | None:
    """Each parameter the call (or the default) gives a literal ``True`` / ``False``; None when the call passes
    arguments it cannot place (``*args``, ``**kwargs``)."""
    names = _parameters(function)
    if any(type(arg) is ast.Starred for arg in call.args) or any(kw.arg is None for kw in call.keywords):
        return None
    given: dict[str, ast.expr] = dict(zip(names, call.args))
    given.update((kw.arg, kw.value) for kw in call.keywords)
    defaults = function.args.defaults
    given = {**dict(zip(names[len(names) - len(defaults):], defaults)), **given}
    given.update((arg.arg, default) for arg, default in zip(function.args.kwonlyargs, function.args.kw_defaults)
                 if default is not None and arg.arg not in given)
    return tuple(sorted((param, value.value) for param, value in given.items()
                        if type(value) is ast.Constant and type(value.value) is bool))


def _truth(test: ast.expr, flags: dict[str, bool]) -> bool | None:
    """A condition's value from the literal flags (``const_expr(not swap_AB)``), None when they do not decide it."""
    if type(test) is ast.Call and len(test.args) == 1 and (
            (type(test.func) is ast.Name and test.func.id in _CONSTANT_WRAPPERS)
            or (type(test.func) is ast.Attribute and test.func.attr in _CONSTANT_WRAPPERS)):
        return _truth(test.args[0], flags)
    if type(test) is ast.UnaryOp and type(test.op) is ast.Not:
        inner = _truth(test.operand, flags)
        return None if inner is None else not inner
    if type(test) is ast.Name:
        return flags.get(test.id)
    return None


def _layout_call(value: ast.expr, parameters: list[str]) -> tuple[int, str, int | None] | None | bool:
    """(maker, method, source) of ``P.make_fragment_A(P.partition_A(X))`` / ``P.partition_B(X)`` with P and X
    parameters; source None where it lays out a shape (``P.make_fragment_A(P.partition_shape_A(...))``); False
    for anything else."""
    if type(value) is not ast.Call or type(value.func) is not ast.Attribute or value.func.attr not in _MMA_LAYOUTS \
            or type(value.func.value) is not ast.Name or value.func.value.id not in parameters or len(value.args) != 1:
        return False
    maker, argument = value.func.value.id, value.args[0]
    if type(argument) is ast.Call and type(argument.func) is ast.Attribute and type(argument.func.value) is ast.Name \
            and argument.func.value.id == maker:
        if argument.func.attr.startswith("partition_shape_"):
            return parameters.index(maker), value.func.attr, None
        if argument.func.attr not in _MMA_LAYOUTS or len(argument.args) != 1:
            return False
        argument = argument.args[0]
    if type(argument) is not ast.Name or argument.id not in parameters:
        return False
    return parameters.index(maker), value.func.attr, parameters.index(argument.id)


@lru_cache(maxsize=1024)
def _returned(path: Path, stamp: tuple[int, int], name: str, flags: tuple[tuple[str, bool], ...]) -> tuple[Returned, ...]:
    function = _functions(path, stamp)[name]
    parameters = _parameters(function)
    known = dict(flags)
    made: dict[str, list] = {}
    returns: list[ast.expr] = []

    def walk(statements: list[ast.stmt]) -> None:
        for statement in statements:
            if type(statement) is ast.If:
                truth = _truth(statement.test, known)
                if truth is not False:
                    walk(statement.body)
                if truth is not True:
                    walk(statement.orelse)
            elif type(statement) is ast.Return and statement.value is not None:
                returns.append(statement.value)
            elif type(statement) in (ast.Assign, ast.AnnAssign, ast.AugAssign):
                targets = statement.targets if type(statement) is ast.Assign else [statement.target]
                for target in targets:
                    for node in ast.walk(target):
                        if type(node) is ast.Name:
                            made.setdefault(node.id, []).append(
                                _layout_call(statement.value, parameters)
                                if type(target) is ast.Name and statement.value is not None else False)
            else:
                for field in ("body", "orelse", "finalbody", "handlers"):
                    inner = getattr(statement, field, None)
                    if inner:
                        walk([node for node in inner if isinstance(node, ast.stmt)] if field != "handlers"
                             else [stmt for handler in inner for stmt in handler.body])

    walk(function.body)
    if len(returns) != 1 or type(returns[0]) is not ast.Tuple:
        return ()
    found = []
    for position, element in enumerate(returns[0].elts):
        layouts = made.get(element.id, []) if type(element) is ast.Name else []
        # every binding in the branches taken lays it out with one parameter's object by one method
        if not layouts or any(layout is False for layout in layouts) or len({l[:2] for l in layouts}) != 1:
            continue
        sources = {layout[2] for layout in layouts} - {None}
        found.append(Returned(position, layouts[0][0], layouts[0][1], sources.pop() if len(sources) == 1 else None))
    return tuple(found)


def _class(path: Path, name: str, depth: int = 0) -> ast.ClassDef | None:
    """The class ``name`` a module defines, or imports from another module of its package and so exports
    (``from .dataflow import ElementwiseKernelContext`` in a package's ``__init__.py``)."""
    try:
        stat = path.stat()
    except OSError:
        return None
    tree = _module_tree(path, (stat.st_size, stat.st_mtime_ns))
    if tree is None or depth > 3:
        return None
    _READ.add(path)
    for stmt in tree.body:
        if type(stmt) is ast.ClassDef and stmt.name == name:
            return stmt
    source = imports(tree).get(name)
    if source is None or source[2] is None:
        return None
    found = _module_file(path.parent, source[0], source[1])
    return None if found is None else _class(found, source[2], depth + 1)


def method_return(importer: Path, source: Import, method: str) -> tuple[list[str], ast.expr] | None:
    """(parameters, returned expression) of ``method`` of the class ``source`` names, imported from another module of
    the repository, where the method's body is one ``return`` (a docstring aside): ``def partition_source(self,
    gT): return self.thr_copy.partition_S(gT)``. None otherwise."""
    module, level, name = source
    path = _module_file(importer.parent, module, level) if name is not None else None
    found = _class(path, name) if path is not None else None
    if found is None:
        return None
    for stmt in found.body:
        if type(stmt) is ast.FunctionDef and stmt.name == method:
            body = [each for each in stmt.body
                    if not (type(each) is ast.Expr and type(each.value) is ast.Constant)]
            if len(body) == 1 and type(body[0]) is ast.Return and body[0].value is not None:
                return [arg.arg for arg in stmt.args.posonlyargs + stmt.args.args], body[0].value
            return None
    return None
