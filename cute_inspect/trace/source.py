"""Where a call happened in the user's source, and what its result was assigned to.

The DSL re-executes a rewritten copy of each `@cute.jit` function, but keeps file names and line numbers, so
the caller's frame locates the call and the file's own AST (parsed once per file) gives the statement.
"""

from __future__ import annotations

import ast
import functools
import linecache
import os
import sys
from dataclasses import dataclass

# cute_inspect/ as a whole: frames of every wing (a check, a contract, the tracer) are ours, never the user's.
PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@dataclass(frozen=True)
class CallSite:
    file: str
    line: int
    col: int
    function: str
    direct: bool = True  # False when reached through CuTeDSL helpers: the line's result is not this call's


@functools.lru_cache(maxsize=1)
def _dsl_dirs() -> tuple:
    """CuTeDSL's own implementation (not its library kernels in ``cutlass/utils/gemm``) and ours."""
    import importlib.util

    spec = importlib.util.find_spec("cutlass")
    if spec is None or not spec.origin:
        return (PACKAGE_DIR,), ()
    root = os.path.dirname(os.path.abspath(spec.origin))
    return (PACKAGE_DIR, root + os.sep), (os.path.join(root, "utils", "gemm") + os.sep,)


_PASS_THROUGH = ("typing_extensions.py", "functools.py", "contextlib.py")


def _is_internal(filename: str) -> bool:
    internal, library = _dsl_dirs()
    if filename.endswith(_PASS_THROUGH):
        return True
    return filename.startswith(internal) and not filename.startswith(library)


def caller(depth: int = 2) -> tuple[CallSite, object]:
    """The first frame, at least `depth` frames up, of user or library-kernel code, with its position.

    Frames of cute-inspect and of CuTeDSL's implementation are skipped, so a tensor made inside a DSL helper
    (an SMEM allocator, a TMEM view) is attributed to the line of the kernel that asked for it.
    """
    frame = sys._getframe(depth)
    direct = True
    while frame is not None and _is_internal(os.path.abspath(frame.f_code.co_filename)):
        direct = direct and frame.f_code.co_filename.startswith(PACKAGE_DIR)
        frame = frame.f_back
    if frame is None:
        return CallSite("<unknown>", 0, 0, "<unknown>"), None
    col = 0
    positions = getattr(frame.f_code, "co_positions", None)
    if positions is not None:
        try:
            pos = list(positions())[frame.f_lasti // 2]
            if pos[0] == frame.f_lineno and pos[2] is not None:
                col = pos[2]
        except (IndexError, ValueError):
            col = 0
    site = CallSite(os.path.abspath(frame.f_code.co_filename), frame.f_lineno, col, frame.f_code.co_name, direct)
    return site, frame


@functools.lru_cache(maxsize=256)
def _statements(filename: str) -> tuple:
    """Every statement of a file as (first line, last line, node), innermost found by the smallest span."""
    source = "".join(linecache.getlines(filename))
    if not source:
        return ()
    try:
        tree = ast.parse(source, filename)
    except SyntaxError:
        return ()
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.stmt) and not isinstance(
            node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.If, ast.For, ast.While, ast.With, ast.Try)
        ):
            found.append((node.lineno, node.end_lineno, node))
    return tuple(found)


def statement_at(filename: str, line: int) -> ast.stmt | None:
    best = None
    for first, last, node in _statements(filename):
        if first <= line <= last and (best is None or last - first < best[1] - best[0]):
            best = (first, last, node)
    return best[2] if best else None


def _target_names(target: ast.expr) -> tuple:
    if isinstance(target, ast.Name):
        return (target.id,)
    if isinstance(target, (ast.Tuple, ast.List)):
        return tuple(t.id if isinstance(t, ast.Name) else None for t in target.elts)
    return (None,)


def _calls_in(node: ast.AST) -> list[ast.Call]:
    return [n for n in ast.walk(node) if isinstance(n, ast.Call)]


def _call_at(stmt: ast.stmt, line: int, col: int, attr: str | None) -> ast.Call | None:
    """The call node in `stmt` that this frame is executing: by position, else by the called name."""
    calls = _calls_in(stmt)
    for call in calls:
        if call.lineno == line and call.col_offset == col:
            return call
    named = [c for c in calls if attr and _called_name(c) == attr]
    on_line = [c for c in named if c.lineno <= line <= c.end_lineno]
    for group in (on_line, named):
        if len(group) == 1:
            return group[0]
    return None


def _called_name(call: ast.Call) -> str | None:
    f = call.func
    if isinstance(f, ast.Attribute):
        return f.attr
    if isinstance(f, ast.Name):
        return f.id
    return None


def assigned_names(site: CallSite, called: str | None = None) -> tuple | None:
    """The names the call's result was assigned to, one per output; None when not assigned directly.

    ``tAsA, tAgA = cpasync.tma_partition(...)`` gives ("tAsA", "tAgA"); a call nested in a larger
    expression gives None (its result is an intermediate).
    """
    stmt = statement_at(site.file, site.line)
    if stmt is None:
        return None
    if isinstance(stmt, ast.Assign):
        value, targets = stmt.value, stmt.targets[-1]
    elif isinstance(stmt, ast.AnnAssign) and stmt.value is not None:
        value, targets = stmt.value, stmt.target
    else:
        return None
    call = _call_at(stmt, site.line, site.col, called)
    if call is None:
        return None
    if call is value:
        return _target_names(targets)
    # `gA, gB = cute.local_tile(...), cute.local_tile(...)`: each call gets its own target
    if isinstance(value, ast.Tuple) and isinstance(targets, ast.Tuple) and len(value.elts) == len(targets.elts):
        for element, target in zip(value.elts, targets.elts):
            if element is call:
                return _target_names(target)
    return None


def argument_text(site: CallSite, index: int, called: str | None = None) -> str | None:
    """The source text of the call's positional argument `index` (e.g. the tensor given to `expect`)."""
    stmt = statement_at(site.file, site.line)
    if stmt is None:
        return None
    call = _call_at(stmt, site.line, site.col, called)
    if call is None or len(call.args) <= index:
        return None
    return ast.get_source_segment("".join(linecache.getlines(site.file)), call.args[index])


def subscripted_name(site: CallSite) -> str | None:
    """The variable sliced at this position (``mA_mkl`` in ``mA_mkl[None, None, bidz]``), when it is a name."""
    stmt = statement_at(site.file, site.line)
    if stmt is None:
        return None
    for node in ast.walk(stmt):
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.lineno == site.line:
            if node.col_offset == site.col or node.value.col_offset == site.col:
                return node.value.id
    return None


def relative(path: str) -> str:
    """A path as a user would type it: relative to the working directory when under it."""
    try:
        rel = os.path.relpath(path)
    except ValueError:
        return path
    return path if rel.startswith("..") else rel
