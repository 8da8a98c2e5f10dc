"""Where a call happened in the user's source, and what its result was assigned to.

The DSL re-executes a rewritten copy of each `@cute.jit` function, but keeps file names and line numbers, so
the caller's frame locates the call and the file's own AST (parsed once per file) gives the statement.
"""

from __future__ import annotations

import ast
import functools
import inspect
import linecache
import operator
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
    """CuTeDSL's own implementation and ours; not CuTeDSL's helpers written in the DSL (``cutlass/utils``: the
    library kernels of ``utils/gemm``, ``mixed_input_helpers.transform_partition`` ...), whose tensors are the
    kernel's, shown where it binds them."""
    import importlib.util

    spec = importlib.util.find_spec("cutlass")
    if spec is None or not spec.origin:
        return (PACKAGE_DIR,), ()
    root = os.path.dirname(os.path.abspath(spec.origin))
    return (PACKAGE_DIR, root + os.sep), (os.path.join(root, "utils") + os.sep,)


_PASS_THROUGH = ("typing_extensions.py", "functools.py", "contextlib.py")
# a library's wrapper of CuTe's tensor subscript (quack's `_getitem`, installed process-wide when any quack module is
# imported: `x[:, i]` sugar), which forwards `t[idx]` to CuTe's own: the subscript the user wrote is its caller's, whose
# text names the indices (`mX[bidb, bidh, None]`), not the wrapper's line
_SUBSCRIPT_FORWARDERS = frozenset(("__getitem__", "__setitem__", "_getitem", "_setitem"))


# co_filename -> its absolute path; a relative name (a script run from its folder) depends on the working
# directory at the time, so only names already absolute are kept
_ABSOLUTE: dict = {}


def absolute(filename: str) -> str:
    """`os.path.abspath` of a frame's file name, without re-normalising the same absolute name at every call."""
    found = _ABSOLUTE.get(filename)
    if found is None:
        found = os.path.abspath(filename)
        if os.path.isabs(filename):
            _ABSOLUTE[filename] = found
    return found


@functools.lru_cache(maxsize=4096)
def _is_internal(filename: str) -> bool:
    internal, library = _dsl_dirs()
    if filename.endswith(_PASS_THROUGH):
        return True
    return filename.startswith(internal) and not filename.startswith(library)


def _column(frame) -> int:
    """The column of the call the frame is executing (0 when Python does not say)."""
    lines, columns = _positions(frame.f_code)
    index = frame.f_lasti // 2
    if index < len(lines) and lines[index] == frame.f_lineno and columns[index] is not None:
        return columns[index]
    return 0


# id(code) -> (code, its positions): keyed by id because hashing a code object hashes its whole bytecode and
# constants at every call; holding the code keeps its id from being reused. The DSL compiles a new code object
# for each kernel function at each compile, so the table is emptied when it grows past a few compiles' worth.
_POSITIONS: dict = {}
_POSITIONS_KEPT = 1024


def _positions(code) -> tuple:
    """(start lines, start columns) of the code's instructions, two flat tuples: a tuple per instruction was tens
    of thousands of objects for the collector to count and walk in a kernel's first trace (each position tuple
    is let go as soon as it is read)."""
    found = _POSITIONS.get(id(code))
    if found is None or found[0] is not code:
        if len(_POSITIONS) >= _POSITIONS_KEPT:
            _POSITIONS.clear()
        positions = getattr(code, "co_positions", None)
        read = (tuple(map(_START_LINE, positions())), tuple(map(_START_COLUMN, positions()))) \
            if positions is not None else ((), ())
        found = _POSITIONS[id(code)] = (code, read)
    return found[1]


_START_LINE, _START_COLUMN = operator.itemgetter(0), operator.itemgetter(2)


def _site(frame, direct: bool = True) -> CallSite:
    code = frame.f_code
    return CallSite(absolute(code.co_filename), frame.f_lineno, _column(frame), code.co_name, direct)


def caller(depth: int = 2) -> tuple[CallSite, object]:
    """The first frame, at least `depth` frames up, of user or library-kernel code, with its position.

    Frames of cute-inspect and of CuTeDSL's implementation are skipped, so a tensor made inside a DSL helper
    (an SMEM allocator, a TMEM view) is attributed to the line of the kernel that asked for it.
    """
    return _user_frame(sys._getframe(depth))


def site_of(frame) -> CallSite:
    """Where a user frame is, column included."""
    return _site(frame)


def caller_above(frame) -> tuple[CallSite, object]:
    """The first frame of user or library-kernel code above `frame` (excluded), as `caller` finds it."""
    return _user_frame(frame.f_back)


# co_filename -> (whether its frames are skipped, whether it is ours): read at each frame of every walk up from a
# hook (tens of thousands per trace), so one lookup, not two calls; relative names are not kept (see `absolute`)
_FRAME_KINDS: dict = {}


def _frame_kind(filename: str) -> tuple[bool, bool]:
    found = _FRAME_KINDS.get(filename)
    if found is None:
        found = (_is_internal(absolute(filename)), filename.startswith(PACKAGE_DIR))
        if os.path.isabs(filename):
            _FRAME_KINDS[filename] = found
    return found


def _first_user(frame) -> tuple[object, bool]:
    """The first user frame from `frame` up (None when there is none), and whether only our frames were passed."""
    direct = True
    while frame is not None:
        internal, ours = _FRAME_KINDS.get(frame.f_code.co_filename) or _frame_kind(frame.f_code.co_filename)
        if not internal and frame.f_code.co_name not in _SUBSCRIPT_FORWARDERS:
            break
        direct = direct and ours
        frame = frame.f_back
    return frame, direct


def _user_frame(frame) -> tuple[CallSite, object]:
    frame, direct = _first_user(frame)
    if frame is None:
        return CallSite("<unknown>", 0, 0, "<unknown>"), None
    return _site(frame, direct), frame


def user_frame(depth: int = 2):
    """The frame `caller` finds, without its site (None when there is none): a hook run at every element read
    asks for its site only the first time the frame is at that instruction (see `site_of`)."""
    return user_frame_from(sys._getframe(depth))


def user_frame_from(frame):
    """`_first_user(frame)`'s frame, without telling whether only our frames were passed (one lookup a frame)."""
    while frame is not None:
        filename = frame.f_code.co_filename
        if not (_FRAME_KINDS.get(filename) or _frame_kind(filename))[0] \
                and frame.f_code.co_name not in _SUBSCRIPT_FORWARDERS:
            return frame
        frame = frame.f_back
    return None


def callers(frame, stop_file: str | None, limit: int = 12, stop_function: str | None = None,
            columns: bool = True) -> list:
    """(site, frame) of each user frame above `frame` (excluded) up to the first one in `stop_file` (included).

    The frames between a CuTe call made in a helper module and the kernel's own file: the helper's call chain.
    With `stop_function`, up to the frame of that function in `stop_file` (the kernel the helpers serve, past
    its file's own helpers and methods), or as without it when that frame is not within `limit` user frames.
    Empty when no frame of `stop_file` is found within `limit` user frames. Without `columns` the sites' columns
    are 0 (a column costs a read of the code's positions; `site_of` gives it for the frames that need one).
    """
    found, first = [], None
    frame = frame.f_back if frame is not None else None
    while frame is not None and len(found) < limit:
        filename = frame.f_code.co_filename
        if not (_FRAME_KINDS.get(filename) or _frame_kind(filename))[0]:  # a user frame: `_is_internal` of its path
            path = absolute(filename)
            found.append((_site(frame) if columns else CallSite(path, frame.f_lineno, 0, frame.f_code.co_name), frame))
            if path == stop_file:
                first = len(found) if first is None else first
                if stop_function is None or frame.f_code.co_name == stop_function:
                    return found
        frame = frame.f_back
    return found[:first] if first is not None else []


class _Source:
    """A file's lines, AST and, for each line, the innermost simple statement covering it."""

    _COMPOUND = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.If, ast.For, ast.While, ast.With, ast.Try)

    def __init__(self, filename: str):
        self.lines = linecache.getlines(filename)
        self.tree = None
        self.by_line: dict = {}
        if not self.lines:
            return
        try:
            self.tree = ast.parse("".join(self.lines), filename)
        except SyntaxError:
            return
        for node in ast.walk(self.tree):
            if isinstance(node, ast.stmt) and not isinstance(node, self._COMPOUND):
                span = node.end_lineno - node.lineno
                for line in range(node.lineno, node.end_lineno + 1):
                    best = self.by_line.get(line)
                    if best is None or span < best.end_lineno - best.lineno:
                        self.by_line[line] = node

    def segment(self, node: ast.AST) -> str | None:
        """The source text of `node` (as ast.get_source_segment, without re-reading the file)."""
        if node.lineno == node.end_lineno:
            return self.lines[node.lineno - 1].encode()[node.col_offset:node.end_col_offset].decode()
        first = self.lines[node.lineno - 1].encode()[node.col_offset:].decode()
        middle = self.lines[node.lineno:node.end_lineno - 1]
        last = self.lines[node.end_lineno - 1].encode()[:node.end_col_offset].decode()
        return "".join([first, *middle, last])


@functools.lru_cache(maxsize=256)
def source_of(filename: str) -> _Source:
    return _Source(filename)


def statement_at(filename: str, line: int) -> ast.stmt | None:
    """The innermost simple statement (not a def, if, loop...) that covers `line`."""
    return source_of(filename).by_line.get(line)


def _target_names(target: ast.expr) -> tuple:
    if isinstance(target, ast.Name):
        return (target.id,)
    if isinstance(target, (ast.Tuple, ast.List)):
        return tuple(t.id if isinstance(t, ast.Name) else None for t in target.elts)
    return (None,)


def _calls_in(node: ast.AST) -> list[ast.Call]:
    return [n for n in ast.walk(node) if isinstance(n, ast.Call)]


# keyed by the statement node itself (hashed by identity, kept alive by the cache): a file read again after an
# edit gives new nodes, so an entry never outlives the text it was found in
@functools.lru_cache(maxsize=8192)
def _call_at(stmt: ast.stmt, line: int, col: int, attr: str | None) -> ast.Call | None:
    """The call node in `stmt` that this frame is executing.

    By position first: of the calls starting there (``x.retile(y).load()`` has two), the innermost one of the
    called name, else the outermost (a DSL helper such as ``storage.sA.get_tensor(...)``). Else by name alone.
    """
    calls = _calls_in(stmt)  # outermost first
    here = [c for c in calls if c.lineno == line and c.col_offset == col]
    if here:
        named = [c for c in here if attr and _called_name(c) == attr]
        return named[-1] if named else here[0]
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


def _unwrap(value: ast.expr, call: ast.Call) -> bool:
    """Whether `value` yields the call's result as it is: the call itself, or a branch of a conditional."""
    if value is call:
        return True
    if isinstance(value, ast.IfExp):
        return _unwrap(value.body, call) or _unwrap(value.orelse, call)
    return False


def assigned_names(site: CallSite, called: str | None = None, frame=None, lists: bool = False) -> tuple | None:
    """The names the call's result was assigned to, one per output; None when not assigned directly.

    ``tAsA, tAgA = cpasync.tma_partition(...)`` gives ("tAsA", "tAgA"); ``tXgW = t.partition_S(gW) if w else
    None`` gives ("tXgW",); a call nested in a larger expression (``t.retile(x).load()``) gives None (its
    result is an intermediate). In ``gX, gO = [local_tile(m, ...) for m in (mX, mO)]`` each pass gets its own
    name when `frame` (the comprehension's) tells which element it is on. With `lists` (the call is the CuTe call
    that made the tensor, not a helper's), ``frags = [make_rmem_tensor(...) for _ in range(2)]`` names each element
    ``frags``; a helper's tensors bound so keep the helper's own names.
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
    if _unwrap(value, call):
        return _target_names(targets)
    # `gA, gB = cute.local_tile(...), cute.local_tile(...)`: each call gets its own target
    if isinstance(value, ast.Tuple) and isinstance(targets, ast.Tuple) and len(value.elts) == len(targets.elts):
        for element, target in zip(value.elts, targets.elts):
            if _unwrap(element, call):
                return _target_names(target)
    if isinstance(value, (ast.ListComp, ast.GeneratorExp)) and _unwrap(value.elt, call):
        return _comprehension_target(value, targets, frame, lists)
    return None


def indexed_result_names(site: CallSite) -> tuple | None:
    """The one name a statement binds to an index of the call's result, the call made at `site` (``s_data =
    smem.allocate_tensor(Uint32, layout)[None, warp_id, None]``: the buffer is allocated whole and one warp's slice
    kept): ("s_data",), else None. The name stands for the whole buffer, whose record the slice is read from."""
    stmt = statement_at(site.file, site.line)
    if not isinstance(stmt, ast.Assign) or len(stmt.targets) != 1 or not isinstance(stmt.targets[0], ast.Name):
        return None
    call = _call_at(stmt, site.line, site.col, None)
    value = stmt.value
    return (stmt.targets[0].id,) if call is not None and isinstance(value, ast.Subscript) and value.value is call \
        else None


def launch_parameter_names(site: CallSite, frame) -> tuple | None:
    """The kernel parameter a tensor made in a launch's argument list is passed as (``self.kernel(make_tensor(
    logits_ptr, layout), ...).launch(...)``: the kernel calls it ``logits``): (name,), else None. The kernel is the
    callee the launching frame holds (a bound `@cute.kernel` method); its signature names the parameters."""
    stmt = statement_at(site.file, site.line)
    call = _call_at(stmt, site.line, site.col, None) if stmt is not None else None
    if call is None or frame is None:
        return None
    for launched in _launched_calls(stmt):
        name = _parameter_given(launched, call, frame)
        if name is not None:
            return (name,)
    return None


@functools.lru_cache(maxsize=4096)
def _launched_calls(stmt: ast.stmt) -> tuple:
    """The calls a statement launches (``self.kernel(a, b)`` of ``self.kernel(a, b).launch(...)``), without starred
    arguments, in `ast.walk`'s order: once per statement node (a trace asks at every tensor a statement makes)."""
    found = []
    for node in ast.walk(stmt):
        launched = node.func.value if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
            and node.func.attr == "launch" else None
        if isinstance(launched, ast.Call) and not any(isinstance(a, ast.Starred) for a in launched.args):
            found.append(launched)
    return tuple(found)


def _parameter_given(launched: ast.Call, call: ast.Call, frame) -> str | None:
    """The parameter of the function `launched` calls that `call` is passed as (positionally or by keyword)."""
    keyword = next((k.arg for k in launched.keywords if k.value is call), None)
    if keyword is not None:
        return keyword
    position = next((i for i, arg in enumerate(launched.args) if arg is call), None)
    kernel = _held_callee(launched.func, frame) if position is not None else None
    try:
        params = list(inspect.signature(kernel).parameters) if kernel is not None else []
    except (TypeError, ValueError):
        return None
    return params[position] if position is not None and position < len(params) else None


def _held_callee(func: ast.expr, frame):
    """The object a callee written as a name or an attribute chain (``self.kernel``) is in `frame`, else None."""
    if isinstance(func, ast.Name):
        return frame.f_locals.get(func.id, frame.f_globals.get(func.id))
    if isinstance(func, ast.Attribute):
        held = _held_callee(func.value, frame)
        return getattr(held, func.attr, None) if held is not None else None
    return None


def bound_names(filename: str, line: int) -> tuple | None:
    """Every name the assignment at `line` binds, left to right through nested targets (``a, (b, c) = f()[0]``
    gives a, b, c); None when the statement there assigns no name.

    For a helper's result, which the statement may index, unpack or wrap (``tCrA = self.frags(...)[0]``) where
    `assigned_names` cannot place one call's result: which of the names holds a tensor is for its value to say.
    """
    return _bound_by(statement_at(filename, line))


# keyed by the statement node, as `_call_at` is: a file read again after an edit gives new nodes
@functools.lru_cache(maxsize=4096)
def _bound_by(stmt: ast.stmt | None) -> tuple | None:
    if isinstance(stmt, ast.Assign):
        targets = stmt.targets
    elif isinstance(stmt, ast.AnnAssign) and stmt.value is not None:
        targets = [stmt.target]
    else:
        return None
    names = tuple(name for target in targets for name in _stored_names(target))
    return names or None


def _stored_names(target: ast.expr) -> list:
    if isinstance(target, ast.Name):
        return [target.id]
    if isinstance(target, ast.Starred):
        return _stored_names(target.value)
    if isinstance(target, (ast.Tuple, ast.List)):
        return [name for element in target.elts for name in _stored_names(element)]
    return []


def _comprehension_target(comp, targets, frame, lists: bool = False) -> tuple | None:
    """The target of the element the comprehension is on: ``for m in (mX, mO)`` with `m` bound to `mO` -> 2nd. With
    `lists`, a list bound to one name (``frags = [make_rmem_tensor(...) for _ in range(2)]``) names each element."""
    if lists and isinstance(targets, ast.Name) and isinstance(comp, ast.ListComp):
        return (targets.id,)
    if frame is None or len(comp.generators) != 1 or not isinstance(targets, (ast.Tuple, ast.List)):
        return None
    gen = comp.generators[0]
    # `ox, ok = [make_rmem_tensor(...) for _ in range(2)]`: the pass's count is the element's place
    if _counts_targets(gen, len(targets.elts)):
        current = frame.f_locals.get(gen.target.id)
        return _target_names(targets.elts[current]) if isinstance(current, int) and 0 <= current < len(targets.elts) \
            else None
    if not isinstance(gen.target, ast.Name) or not isinstance(gen.iter, (ast.Tuple, ast.List)):
        return None
    if len(gen.iter.elts) != len(targets.elts) or frame.f_back is None:
        return None
    current = frame.f_locals.get(gen.target.id)
    names = [e.id for e in gen.iter.elts if isinstance(e, ast.Name)]
    outer_frame = frame.f_back
    # the comprehension's caller, or (the DSL runs some code through its own frames) the first frame up that
    # holds the iterated names
    for _ in range(4):
        if outer_frame is None or all(n in outer_frame.f_locals for n in names):
            break
        outer_frame = outer_frame.f_back
    if outer_frame is None:
        return None
    outer = outer_frame.f_locals
    for element, target in zip(gen.iter.elts, targets.elts):
        if isinstance(element, ast.Name) and element.id in outer and outer[element.id] is current:
            return _target_names(target)
    return None


def _counts_targets(gen: ast.comprehension, count: int) -> bool:
    """Whether a comprehension's one loop is `for i in range(count)`: its passes are the targets in order."""
    it = gen.iter
    return isinstance(gen.target, ast.Name) and isinstance(it, ast.Call) and isinstance(it.func, ast.Name) \
        and it.func.id == "range" and len(it.args) == 1 and not it.keywords \
        and isinstance(it.args[0], ast.Constant) and it.args[0].value == count


def argument_text(site: CallSite, index: int, called: str | None = None) -> str | None:
    """The source text of the call's positional argument `index` (e.g. the tensor given to `expect`)."""
    stmt = statement_at(site.file, site.line)
    if stmt is None:
        return None
    call = _call_at(stmt, site.line, site.col, called)
    if call is None or len(call.args) <= index:
        return None
    return source_of(site.file).segment(call.args[index])


def receiver_text(site: CallSite, called: str | None = None) -> str | None:
    """The object a method was called on, as written (``thr_mma_qk`` in ``thr_mma_qk.partition_A(sQ)``)."""
    stmt = statement_at(site.file, site.line)
    if stmt is None:
        return None
    call = _call_at(stmt, site.line, site.col, called)
    if call is None or not isinstance(call.func, ast.Attribute):
        return None
    return source_of(site.file).segment(call.func.value)


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


def subscript_indices(site: CallSite) -> tuple | None:
    """The indices of the subscription at this position as written, one per index: a plain name's text, "None" for
    a kept mode, None for anything else (``("token_id", "head_id", "None")`` for ``x[token_id, head_id, None]``)."""
    stmt = statement_at(site.file, site.line)
    return _subscript_indices(stmt, site.line, site.col) if stmt is not None else None


@functools.lru_cache(maxsize=8192)
def _subscript_indices(stmt: ast.stmt, line: int, col: int) -> tuple | None:
    """`subscript_indices` of a statement node: once per (node, position), as `_call_at` is."""
    for node in ast.walk(stmt):
        if isinstance(node, ast.Subscript) and node.lineno == line and col in (node.col_offset, node.value.col_offset):
            elements = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
            return tuple(e.id if isinstance(e, ast.Name) else
                         "None" if isinstance(e, ast.Constant) and e.value is None else None for e in elements)
    return None


@functools.lru_cache(maxsize=4096)
def defining_function(filename: str, line: int) -> str | None:
    """The name of the innermost ``def`` whose body holds `line` (a method's name, a helper's name)."""
    best = _innermost_def(filename, line)
    return best.name if best is not None else None


def _innermost_def(filename: str, line: int) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    best = None
    for node in _defs_of(source_of(filename)):
        if node.lineno <= line <= node.end_lineno and (best is None or node.lineno >= best.lineno):
            best = node
    return best


@functools.lru_cache(maxsize=256)
def _defs_of(source: _Source) -> tuple:
    """Every ``def`` of a file, found once per file: each helper record asks which one holds its line, and a
    walk of a kernel file's whole tree costs tens of milliseconds."""
    tree = source.tree
    return tuple(node for node in ast.walk(tree) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))) \
        if tree is not None else ()


@functools.lru_cache(maxsize=1024)
def assigned_value(filename: str, line: int, name: str) -> ast.expr | None:
    """The value of the last plain assignment ``name = value`` before `line` in the innermost ``def`` holding it."""
    best = _innermost_def(filename, line)
    found = None
    for node in ast.walk(best) if best is not None else ():
        if isinstance(node, ast.Assign) and node.lineno < line and len(node.targets) == 1 \
                and isinstance(node.targets[0], ast.Name) and node.targets[0].id == name \
                and (found is None or node.lineno > found.lineno):
            found = node
    return found.value if found is not None else None


def _owning_class(filename: str, function: ast.AST) -> ast.ClassDef | None:
    """The class of a file whose body defines `function` (a method), None for a plain function."""
    tree = source_of(filename).tree
    return next((node for node in ast.walk(tree) if isinstance(node, ast.ClassDef) and function in node.body),
                None) if tree is not None else None


@functools.lru_cache(maxsize=1024)
def function_body_line(filename: str, first_line: int, name: str) -> int | None:
    """The first body line of the ``def name`` a code object whose first line is `first_line` runs (its first
    decorator's line, or the ``def`` line), None where the file holds none."""
    for node in _defs_of(source_of(filename)):
        start = node.decorator_list[0].lineno if node.decorator_list else node.lineno
        if node.name == name and first_line in (start, node.lineno):
            return node.body[0].lineno
    return None


@functools.lru_cache(maxsize=1024)
def constructor_attributes_read(filename: str, line: int) -> frozenset:
    """The attributes of `self` the innermost ``def`` holding `line` reads (`self.k`) that are also parameters of
    its class's ``__init__`` (`def __init__(self, *, k)`): what the object was built with and the method uses.
    Empty outside a method of a class defined in the file."""
    function = _innermost_def(filename, line)
    read = {node.attr for node in ast.walk(function) if isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name) and node.value.id == "self" and isinstance(node.ctx, ast.Load)} \
        if function is not None else set()
    return frozenset(read & constructor_parameters(filename, line))


def constructor_parameters(filename: str, line: int) -> frozenset:
    """The parameters of the ``__init__`` of the class whose method holds `line` (`def __init__(self, head_size,
    element_bits)`): what the kernel object was built for, read or not by the method. Empty outside a method of a
    class defined in the file."""
    function = _innermost_def(filename, line)
    owner = _owning_class(filename, function) if function is not None else None
    init = next((node for node in owner.body if isinstance(node, ast.FunctionDef) and node.name == "__init__"),
                None) if owner is not None else None
    return _parameters_of(init) if init is not None else frozenset()


@functools.lru_cache(maxsize=256)
def function_parameters(filename: str, line: int) -> frozenset:
    """The parameters of the innermost ``def`` whose body holds `line` (a `@cute.kernel`'s `num_heads: Int32`)."""
    function = _innermost_def(filename, line)
    return _parameters_of(function) if function is not None else frozenset()


def _parameters_of(function: ast.FunctionDef | ast.AsyncFunctionDef) -> frozenset:
    arguments = function.args
    return frozenset(a.arg for a in arguments.posonlyargs + arguments.args + arguments.kwonlyargs)


def assignments_in(filename: str, line: int) -> tuple:
    """Every plain assignment (one target) of the innermost ``def`` holding `line`, in source order."""
    best = _innermost_def(filename, line)
    if best is None:
        return ()
    return _assignments_of(best)


@functools.lru_cache(maxsize=1024)
def _assignments_of(function: ast.AST) -> tuple:
    found = (node for node in ast.walk(function) if isinstance(node, ast.Assign) and len(node.targets) == 1)
    return tuple(sorted(found, key=lambda node: node.lineno))


def relative(path: str) -> str:
    """A path as a user would type it: relative to the working directory when under it."""
    try:
        rel = os.path.relpath(path)
    except ValueError:
        return path
    return path if rel.startswith("..") else rel
