"""Judge a trace against the kernel source, independently of how the tracer found its names and labels.

- A name agrees when it is the target that the record's own call is assigned to: the statement at the record's
  line, the call at the record's column whose called name is the record's op (or, for a tensor made inside a
  helper, the outermost call there), which must be the statement's whole right-hand side (or one element of a
  tuple right-hand side, or the element of a comprehension unpacked into several names; either branch of a
  conditional expression counts). A call nested in a larger expression (`x.retile(y).load()`) assigns no name.
  A tensor made in a helper module and shown at its caller's line, or made inside a call of another name
  (``sA = storage.sA.get_tensor(...)``), must be one of that statement's targets.
  A kernel parameter (an `input` record) agrees when its name is a parameter or an assigned variable of the
  function its line is in.
- A mode of a derived tensor (any record but `input`) is labelled when its level is neither `input` nor `?`.
"""

from __future__ import annotations

import ast
import functools
import linecache

from cute_inspect.trace.shape import leaves as _leaves


@functools.lru_cache(maxsize=None)
def _tree(path: str):
    source = "".join(linecache.getlines(path))
    try:
        return ast.parse(source) if source else None
    except SyntaxError:
        return None


@functools.lru_cache(maxsize=None)
def _statements(path: str) -> tuple:
    tree = _tree(path)
    if tree is None:
        return ()
    compound = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.If, ast.For, ast.While, ast.With, ast.Try)
    return tuple(n for n in ast.walk(tree) if isinstance(n, ast.stmt) and not isinstance(n, compound))


def _statement(path: str, line: int):
    found = [s for s in _statements(path) if s.lineno <= line <= s.end_lineno]
    return min(found, key=lambda s: s.end_lineno - s.lineno, default=None)


def _function(path: str, line: int):
    tree = _tree(path)
    if tree is None:
        return None
    found = [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
             and n.lineno <= line <= n.end_lineno]
    return min(found, key=lambda n: n.end_lineno - n.lineno, default=None)


def _called(call: ast.Call) -> str | None:
    f = call.func
    return f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else None


def _names(target) -> tuple:
    if isinstance(target, ast.Name):
        return (target.id,)
    if isinstance(target, (ast.Tuple, ast.List)):
        return tuple(t.id if isinstance(t, ast.Name) else None for t in target.elts)
    return (None,)


def expected_names(path: str, line: int, col: int, op: str) -> tuple | None:
    """The names the statement assigns to this record's call; None when the judge cannot find the call."""
    stmt = _statement(path, line)
    if stmt is None:
        return None
    calls = [c for c in ast.walk(stmt) if isinstance(c, ast.Call) and c.lineno == line and c.col_offset == col]
    if not calls:
        return None
    own = [c for c in calls if _called(c) == op]
    call = own[-1] if own else calls[0]  # ast.walk is outermost first: the innermost call of the op's name
    if not own:  # made inside the call of a helper (`sA = storage.sA.get_tensor(...)`): one of its results
        found = expected_names_of(stmt, call)
        return ("*",) + tuple(n for n in found if n != "*") if found else found
    return expected_names_of(stmt, call)


def expected_names_of(stmt, call) -> tuple:
    """The targets `stmt` assigns to the result of `call`, () when it assigns none of them."""
    if isinstance(stmt, ast.Assign):
        value, target = stmt.value, stmt.targets[-1]
    elif isinstance(stmt, ast.AnnAssign) and stmt.value is not None:
        value, target = stmt.value, stmt.target
    else:
        return ()
    if _yields(value, call):
        return _names(target)
    if isinstance(value, (ast.ListComp, ast.GeneratorExp)) and _yields(value.elt, call):
        return ("*",) + _names(target)  # `gX, gO = [local_tile(t, ...) for t in (mX, mO)]`: one target per pass
    if isinstance(value, ast.Tuple) and isinstance(target, ast.Tuple) and len(value.elts) == len(target.elts):
        for element, t in zip(value.elts, target.elts):
            if _yields(element, call):
                return _names(t)
    return ()


def _yields(value, call) -> bool:
    """The value is the call's result itself: the call, or either branch of `a if cond else b`."""
    if isinstance(value, ast.IfExp):
        return _yields(value.body, call) or _yields(value.orelse, call)
    return value is call


@functools.lru_cache(maxsize=None)
def _bound_in(path: str, line: int) -> frozenset:
    """Parameters and assigned names of the function around `line`."""
    fn = _function(path, line)
    if fn is None:
        return frozenset()
    names = {a.arg for a in fn.args.args + fn.args.kwonlyargs + fn.args.posonlyargs}
    for node in ast.walk(fn):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
    return frozenset(names)


def name_verdicts(record) -> list:
    """One verdict per output: 'agrees', 'disagrees', 'unnamed' or 'unjudged' (its call was not found)."""
    out = []
    for i, name in enumerate(record.names):
        if not name:
            out.append("unnamed")
            continue
        if record.op == "input":
            out.append("agrees" if name in _bound_in(record.file, record.line) else "disagrees")
            continue
        expected = expected_names(record.file, record.line, record.col, record.op)
        chain = getattr(record, "chain", ())
        if expected and chain and tuple(chain[0][:2]) == (record.file, record.line):
            expected = ("*",) + tuple(n for n in expected if n != "*")  # bound by a helper's caller: any target
        if expected is None:
            out.append("unjudged")
        elif expected[:1] == ("*",):
            # a tensor a helper returned inside a record or a dict is named by its path: `softmax.row_max`
            root = name.split(".", 1)[0].split("[", 1)[0]
            out.append("agrees" if name in expected[1:] or (chain and root in expected[1:]) else "disagrees")
        elif len(expected) == len(record.names):
            out.append("agrees" if expected[i] == name else "disagrees")
        else:
            out.append("disagrees")
    return out


def judge(trace) -> dict:
    """Counts over a trace: outputs, named, agreeing, disagreeing (with examples), derived modes, labelled."""
    counts = {"records": 0, "outputs": 0, "named": 0, "agrees": 0, "disagrees": 0, "unjudged": 0,
              "derived_modes": 0, "labelled_modes": 0, "disagreements": [], "unlabelled": {}}
    for record in trace.records:
        if record.op in ("copy", "gemm"):
            continue
        counts["records"] += 1
        for i, verdict in enumerate(name_verdicts(record)):
            counts["outputs"] += 1
            if verdict != "unnamed":
                counts["named"] += 1
            if verdict in ("agrees", "disagrees", "unjudged"):
                counts[verdict] += 1
            if verdict == "disagrees":
                expected = expected_names(record.file, record.line, record.col, record.op)
                counts["disagreements"].append(
                    f"{record.file.rsplit('/', 1)[-1]}:{record.line} {record.op} named {record.names[i]!r}, "
                    f"statement assigns {expected!r}")
        if record.op == "input":
            continue
        for tree in record.levels:
            for label in _leaves(tree):
                counts["derived_modes"] += 1
                if getattr(label, "level", "?") not in ("input", "?"):
                    counts["labelled_modes"] += 1
                else:
                    counts["unlabelled"][record.op] = counts["unlabelled"].get(record.op, 0) + 1
    return counts
