"""Record every tensor-making CuTe call of a compile, as an observer of the wrapped DSL calls (`_patch`).

Observation reads MLIR types only, never emits IR, and never lets its own failure break the user's compile.
"""

from __future__ import annotations

import ast
import contextlib
import dataclasses
import functools
import gc
import inspect
import itertools
import math
import operator
import os
import re
import sys
import types

from cute_inspect.trace import axes as _axes
from cute_inspect.trace import flow as _flow
from cute_inspect.trace import levels as _levels
from cute_inspect.trace import resources as _resources
from cute_inspect.trace.copy_traffic import annotate as annotate_traffic
from cute_inspect.trace.layout_text import leaf_tree, top_modes
from cute_inspect.trace.levels import replace  # dataclasses.replace, fast for labels
from cute_inspect.trace import patch
from cute_inspect.trace.patch import Call, observing
from cute_inspect.trace.record import Record, Trace
from cute_inspect.trace.shape import DYNAMIC, format_shape, rank, size, type_info, types_cached
from cute_inspect.trace.shape import leaves as _leaves  # `leaves` names lists of labels here
from cute_inspect.trace.traffic_capture import capture as _capture_traffic
from cute_inspect.trace.source import (
    CallSite,
    absolute,
    argument_text,
    assigned_names,
    assigned_value,
    assignments_in,
    constructor_attributes_read,
    constructor_parameters,
    function_parameters,
    indexed_result_names,
    function_body_line,
    launch_parameter_names,
    bound_names,
    caller,
    caller_above,
    callers,
    defining_function,
    receiver_text,
    site_of,
    statement_at,
    subscript_indices,
    subscripted_name,
    user_frame,
    user_frame_from,
)

_TENSOR_KINDS = ("memref", "coord_tensor", "smem_desc_view")

_LIBRARY_DIR = None

_active: "_Tracer | None" = None


def _library_dir() -> str:
    global _LIBRARY_DIR
    if _LIBRARY_DIR is None:
        import cutlass

        _LIBRARY_DIR = os.path.dirname(os.path.abspath(cutlass.__file__))
    return _LIBRARY_DIR


def _value_key(obj):
    value = getattr(obj, "value", None)
    if value is None:
        return None
    try:
        return hash(value)
    except TypeError:
        return None


def _owner_key(obj):
    value = getattr(obj, "value", None)
    try:
        return hash(value.owner)
    except (AttributeError, TypeError, ValueError):
        return None


# (insertion point, the symbol `_mlir_function` found for it): traced calls come in runs at one insertion point,
# and walking its block's parents costs ~15 us a call; holding the point keeps its identity; dropped when a trace ends
_symbol_at: tuple = (None, None)


def _mlir_function() -> str | None:
    """The symbol of the MLIR function being built (mangled: ``kernel_cutlass_kernel_<module>_<args>``)."""
    global _symbol_at
    try:
        ir = _ir()
        point = ir.InsertionPoint.current
        if point is _symbol_at[0]:
            return _symbol_at[1]
        op = point.block.owner
        while op is not None:
            if "sym_name" in op.attributes and op.name != "builtin.module":
                _symbol_at = (point, _symbol_text(op.attributes["sym_name"], ir))
                return _symbol_at[1]
            op = op.parent
    except Exception:
        return None
    return None


def _symbol_text(attr, ir) -> str:
    """``str(attr).strip('"')`` of a symbol's name attribute, read without printing it (printing costs ~10 us,
    at every traced call); a name the printer would escape is printed as before."""
    try:
        value = ir.StringAttr(attr).value
    except Exception:
        return str(attr).strip('"')
    if value.isascii() and value.isprintable() and '"' not in value and "\\" not in value:
        return value
    return str(attr).strip('"')


def _current_kernel(frame) -> tuple[str, str | None]:
    """The Python name and file of the `@cute.kernel` or `@cute.jit` function being traced.

    The MLIR symbol is mangled with argument types; the innermost enclosing Python frame whose name occurs in
    it is the function the user wrote (frames inside dynamic loops carry generated names, which do not occur).
    """
    symbol = _mlir_function()
    if symbol is None:
        return (frame.f_code.co_name, None) if frame is not None else ("<unknown>", None)
    codes = _kernel_codes.get(symbol)
    if codes is None:
        codes = _kernel_codes[symbol] = {}
    walked, found = [], (symbol, None)
    while frame is not None:
        known = _kernel_frames.get(id(frame))
        if known is not None and known[0] is frame and known[1] == symbol:
            found = known[2]
            break
        walked.append(frame)
        code = frame.f_code
        hit = codes.get(id(code))  # by id: a code object hashes its bytecode and constants at every hash
        if hit is None or hit[0] is not code:
            hit = codes[id(code)] = (code, _named_in(symbol, code.co_name, frame.f_globals.get("__name__", "")))
        if hit[1]:
            found = code.co_name, absolute(code.co_filename)
            break
        frame = frame.f_back
    if not any(passed.f_code.co_flags & _RESUMABLE for passed in walked):
        for passed in walked:
            _kernel_frames[id(passed)] = (passed, symbol, found)
    return found


# a generator's or coroutine's frame is called from wherever it is resumed: its callers are not its own
_RESUMABLE = inspect.CO_GENERATOR | inspect.CO_COROUTINE | inspect.CO_ASYNC_GENERATOR | inspect.CO_ITERABLE_COROUTINE


# symbol -> id(code object) -> (it, whether frames running it are the function `symbol` was made from): the walk
# up from each traced call passes the same few dozen frames, each asked once; dropped when a trace ends
_kernel_codes: dict = {}
# id(frame) -> (it, symbol, what the walk up from it found): a function's frame keeps its callers, so a walk stops
# at the first frame an earlier walk passed for the same symbol (the kernel's frame is dozens of frames of the DSL's
# dynamic control flow up, at every traced call); walks through a generator's frame are not kept; holding the
# frame keeps its id its own; dropped when a trace ends
_kernel_frames: dict = {}


@functools.lru_cache(maxsize=4096)
def _named_in(symbol: str, name: str, module: str = "") -> bool:
    """Whether the mangled MLIR symbol (kilobytes of argument types) was made from the Python function `name`
    of `module`. For a method CuTeDSL writes the function's name, then its module's dotted name without the dots
    (and the class), after a prefix a package may set (`cudnn_kernel_kernel_cudnngemm...` for the method
    `kernel`); a plain function's symbol has no module, and there the name alone decides, `kernel` only at the
    start."""
    mangled = module.replace(".", "")
    if mangled and f"_{name}_{mangled}" in f"_{symbol}":
        return True
    return f"_{name}_" in f"_{symbol}_" and (name != "kernel" or symbol.startswith("kernel_"))


def _tensor_name(text: str | None) -> str | None:
    """The variable an argument names: ``mA_mkl`` itself, or the tensor a slice ``mA_mkl[None, None, l]`` views."""
    if not text:
        return None
    try:
        node = ast.parse(text, mode="eval").body
    except SyntaxError:
        return None
    if isinstance(node, ast.Subscript):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


_COMPREHENSIONS = ("<listcomp>", "<genexpr>", "<setcomp>", "<dictcomp>")


def _nested_leaves_apart(own: tuple, shape) -> tuple:
    """An SMEM buffer of one tile mode and its stages, laid out from a shape (`allocate_tensor(dtype,
    make_layout(((4, 4, 32, 2), stages)))`, a scale-factor buffer in NVIDIA's 512-byte atom): its one nested
    tile mode packs the whole tile, each leaf a coordinate of its own (the 4 scales of a K block, rows within a
    group of 32, groups of 32 rows, K blocks), so each gets a variable: a slice that keeps two of them as modes
    (`[(0, None, lane, None), None]`) keeps two indices, which the tensor's uses name apart, never one axis for
    both. A buffer of a mode per axis ((rows), (columns)), or whose tile mode is one axis split in two leaves (a
    swizzle atom's (64, 2)), keeps a variable per mode."""
    if not isinstance(shape, tuple) or len(shape) != 2 or len(own) != 2 or not isinstance(shape[1], int) \
            or not isinstance(shape[0], tuple) or len(list(_leaves(shape[0]))) < 3:
        return own
    label = own[0]
    if not isinstance(label, _levels.ModeLabel) or label.leaf_axes or label.level != "block":
        return own
    return (replace(label, leaf_axes=tuple(("var", _axes.fresh()) for _ in _leaves(shape[0]))), own[1])


def _wide_leaves(shape) -> list:
    return [x for x in _leaves(shape) if x != 1]


def _same_wide_leaves(mine, theirs) -> bool:
    """Whether two shapes have as many top modes, each with the same leaves of extent above 1 in order: one
    thread's values nested two ways (registers `(((2,2),1),1,1)` laid out for a t2r copy, a copy's partition
    `((1,(2,2)),1,1)` of the same tile by a universal atom made from it)."""
    if format_shape(mine) == format_shape(theirs):
        return True
    if not isinstance(mine, tuple) or not isinstance(theirs, tuple) or len(mine) != len(theirs):
        return False
    return all(_wide_leaves(a) == _wide_leaves(b) for a, b in zip(mine, theirs))


def _relaid_leaves(labels, mine, theirs):
    """A partition's labels (of shape `theirs`) for registers of shape `mine` that nest the same values otherwise
    (`_same_wide_leaves`): each top mode's label, an atom's leaf axes moved onto the registers' leaves of extent
    above 1 in order (a size-1 leaf runs along none); None where a mode's labels nest."""
    if format_shape(mine) == format_shape(theirs):
        return labels
    if not isinstance(labels, tuple) or len(labels) != len(mine):
        return None
    out = []
    for label, a, b in zip(labels, mine, theirs):
        if not isinstance(label, _levels.ModeLabel):
            return None
        theirs_leaves = list(_leaves(b))
        if label.leaf_axes and len(label.leaf_axes) == len(theirs_leaves):
            wide = iter([key for key, x in zip(label.leaf_axes, theirs_leaves) if x != 1])
            label = replace(label, leaf_axes=tuple(next(wide) if x != 1 else None for x in _leaves(a)))
        elif len(theirs_leaves) > 1 or len(list(_leaves(a))) > 1:
            label = replace(label, leaf_axes=None)
        out.append(label)
    return tuple(out)


def _local_name(frame, obj) -> str | None:
    """The variable the calling code holds `obj` in (a kernel parameter's own name), looking past a
    comprehension's loop variable to the name it iterates over: ``for m in (mA, mB)`` gives ``mA``."""
    frames = [frame.f_back, frame] if frame is not None and frame.f_code.co_name in _COMPREHENSIONS else [frame]
    for f in frames:
        if f is None:
            continue
        for name in _names_holding(f.f_locals, obj):
            if name.isidentifier() and name != "self":
                return name
    return None


def _names_holding(values: dict, obj) -> list:
    """The names of `values` (a frame's locals) bound to `obj` itself, in their order: compared in C (`is_` over
    the values), since kernel and library frames hold hundreds of locals and a trace asks frame after frame."""
    return list(itertools.compress(values, map(operator.is_, values.values(), itertools.repeat(obj))))


_OWN_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _launch_argument(frame, obj):
    """The host value a kernel parameter was given at the launch: the kernel is built while the host function
    launches it, so the first frame above the kernel's own outside CuTeDSL is the host's, at the launching
    statement (``self.kernel(mA, mB).launch(...)``); its argument in the parameter's
    position (or keyword) is the host tensor. None when `obj` is no parameter of the kernel being built."""
    name, file = _current_kernel(frame)
    while frame is not None and not (frame.f_code.co_name == name and absolute(frame.f_code.co_filename) == file):
        frame = frame.f_back
    if frame is None:
        return None
    code = frame.f_code
    params = code.co_varnames[:code.co_argcount + code.co_kwonlyargcount]
    param = next((p for p in params if frame.f_locals.get(p) is obj), None)
    place = None  # where a parameter holding several values holds `obj` (`Q_args = (atom, tma_tensor, layout)`)
    if param is None:
        param, place = next(((p, k) for p in params if p != "self"
                             for k, v in _held_values(frame.f_locals.get(p)).items() if v is obj), (None, None))
    host = frame.f_back  # past CuTeDSL's launch and our own wrappers of it
    launcher = None
    while host is not None and absolute(host.f_code.co_filename).startswith((_library_dir(), _OWN_DIR)):
        launcher = launcher or _kernel_launcher(host, code)
        host = host.f_back
    if param is None or host is None:
        return None
    call = _kernel_call(statement_at(host.f_code.co_filename, host.f_lineno), name)
    if call is None:
        return None
    given = next((k.value for k in call.keywords if k.arg == param), None)
    positional = list(params[1:] if isinstance(call.func, ast.Attribute) and params[:1] == ("self",) else params)
    if given is None and positional.index(param) < len(call.args):
        given = call.args[positional.index(param)]
    if isinstance(given, ast.Name):
        value = host.f_locals.get(given.id)
    else:  # an expression (`tile(mX)`, `f(m) if flag else None`) no local holds: the value the launch was given
        value = _launcher_value(launcher, params, param)
        info = type_info(value) if value is not None else None
        if info is not None and info.memspace == "coord":
            # `tma_tensor_Q if use_tma else mQ`: a TMA tensor's coordinates stand for the global tensor the kernel
            # reads, which the parameter is taken as (its own labels), not for a coordinate view
            return None
    if place is not None:  # the host's value in that argument, its element in the same place
        value = _held_values(value).get(place)
    return value if value is not None and _is_tensor(value) else None


def _kernel_launcher(frame, code):
    """CuTeDSL's launcher of the kernel whose code is `code`, where `frame` (one of CuTeDSL's, between the kernel
    and the host statement) holds it: it keeps the values the host passed, in the kernel's parameter order."""
    launcher = frame.f_locals.get("self")
    body = getattr(launcher, "funcBody", None)
    if getattr(body, "__code__", None) is not code or not isinstance(getattr(launcher, "func_args", None), tuple):
        return None
    return launcher


def _launcher_value(launcher, params: tuple, param: str):
    """The value `launcher` holds for the kernel parameter `param`: its keyword, else its place among the
    positional values (a method kernel's instance is the first of them, as `self` is the first parameter)."""
    if launcher is None:
        return None
    kwargs = getattr(launcher, "func_kwargs", None) or {}
    if param in kwargs:
        return kwargs[param]
    place = params.index(param)
    return launcher.func_args[place] if place < len(launcher.func_args) else None


def _held_values(value) -> dict:
    """place -> value of what a kernel parameter or launch argument holds several values in: a tuple's elements
    (the TMA atom, its tensor and its SMEM layout a helper returns together), a container's fields (`TmaInfo`'s
    atom, tensor and layout); none for a tensor or a plain value."""
    if isinstance(value, tuple):
        return dict(enumerate(value))
    if value is None or _is_tensor(value) or type(value).__module__.startswith("builtins"):
        return {}
    fields = getattr(value, "__dict__", None)
    return dict(fields) if isinstance(fields, dict) and len(fields) <= _HELD_FIELDS else {}


_HELD_FIELDS = 8  # fields of a container of launch values read (a TMA atom's bundle has three)


def _unit_tiler_modes(tiler) -> set:
    """The places of a TMA atom's `cta_tiler` that cut their tensor mode to one index (`(BT, 1, d)`: one head)."""
    return {i for i, extent in enumerate(tiler) if extent == 1} if isinstance(tiler, tuple) else set()


def _kernel_call(stmt, name: str):
    """The call of the kernel function `name` in a host statement (``self.kernel(mA, mB).launch(...)``)."""
    for node in ast.walk(stmt) if stmt is not None else ():
        if isinstance(node, ast.Call) and not any(isinstance(a, ast.Starred) for a in node.args):
            func = node.func
            if (func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)) == name:
                return node
    return None


def _held_names(frame, obj, depth: int = 8):
    """The names `obj` is held under in `frame` and the frames that called it, innermost first: yielded one frame
    at a time, since reading a frame's locals is what a trace's loop-carried lookups spend their time on, and the
    caller mostly stops at the first."""
    while frame is not None and depth > 0:
        name = _local_name(frame, obj)
        if name is not None:
            yield name
        frame, depth = frame.f_back, depth - 1


def _held_apart(frame, obj, names: tuple, depth: int) -> bool:
    """Whether the code holding `obj` under a name binds, in one frame, that name to one tensor and one of `names`
    to another of its type: two tensors, of which `obj` is a later value of the first (a branch's block argument).
    A tensor of another type under that name (the partition `obj` was sliced from, `tCsA_p = tCsA[..., stage]`
    carried by a loop) is not the one carried."""
    held: set = set()
    text = _type_text(obj.value)
    while frame is not None and depth > 0:
        values = frame.f_locals
        if not frame.f_code.co_filename.startswith(_OWN_DIR):
            held.update(k for k in _names_holding(values, obj) if k.isidentifier() and k != "self")
            own = [values[k] for k in held if _is_tensor(values.get(k))]
            for name in names if own else ():
                other = values.get(name) if name else None
                if other is not None and _is_tensor(other) and all(other is not v for v in own) \
                        and _type_text(other.value) == text:
                    return True
        frame, depth = frame.f_back, depth - 1
    return False


def _loop_index(value, depth: int = 3) -> bool:
    """Whether a run-time value is a dynamic loop's own index (the first argument of an `scf.for` body), through
    casts: not a value a loop or branch carries (`stage = state.index` set under an `if`)."""
    from cutlass._mlir import ir

    for _ in range(depth):
        name = _op_name(value)
        if name is None:
            try:
                loop = getattr(value.owner.owner, "operation", value.owner.owner)
                return loop.name == "scf.for" and ir.BlockArgument(value).arg_number == 0
            except (AttributeError, ValueError, TypeError):
                return False
        operands = _operands(value)
        if not name.startswith("arith.") or "cast" not in name and "ext" not in name or not operands:
            return False
        value = operands[0]
    return False


def _loop_indices_of(value, depth: int = 6) -> set:
    """The hashes of the dynamic loops' own indices (an `scf.for` body's first argument) a run-time value was computed
    from by integer arithmetic (`kt * 4 + 2 * h + lane % 2`)."""
    from cutlass._mlir import ir

    found, frontier = set(), [value]
    for _ in range(depth):
        following = []
        for v in frontier:
            name = _op_name(v)
            if name is None:
                try:
                    loop = getattr(v.owner.owner, "operation", v.owner.owner)
                    if loop.name == "scf.for" and ir.BlockArgument(v).arg_number == 0:
                        found.add(_ir_hash(v))
                except (AttributeError, ValueError, TypeError):
                    pass
            elif name.startswith("arith."):
                following.extend(_operands(v))
        frontier = following[:16]
    return found


def _enclosing_loops(value) -> set:
    """The hashes of the indices of the dynamic loops (`scf.for`) whose bodies hold the op defining `value` (for a
    block argument, a value a loop carries in: the loops around that loop)."""
    found = set()
    try:
        op = getattr(value.owner, "operation", value.owner)
        if not hasattr(op, "parent"):  # a block: the value is its argument, defined by the op owning the block
            op = getattr(op.owner, "operation", op.owner)
        for _ in range(16):
            op = op.parent
            if op is None:
                break
            op = getattr(op, "operation", op)
            if op.name == "scf.for":
                found.add(_ir_hash(_unwrapped(op.regions[0].blocks[0].arguments)[0]))
    except (AttributeError, ValueError, TypeError, IndexError):
        pass
    return found - {None}


def _is_loop_carried(obj) -> bool:
    """A value a dynamic loop or branch (an `scf` op) carries: a block argument of its region, or its result."""
    try:
        owner = obj.value.owner
    except Exception:
        return False
    for op in (owner, getattr(owner, "owner", None)):
        try:
            if getattr(op, "operation", op).name.startswith("scf."):
                return True
        except Exception:
            continue
    return False


def _loop_entry_key(value, known: dict, depth: int = 8):
    """The `known` key of the value a dynamic `scf.for` was entered with, for a value it carries: a region argument
    is the init operand of its place (the induction variable first), a loop's result the init operand it carried
    out, followed through nested and successive loops (an unrolled Python loop around a dynamic one enters each
    with the last one's result). None where the IR does not show it (`scf.if` and `scf.while` pick among values)."""
    for _ in range(depth):
        try:
            owner = value.owner
            if isinstance(owner, _ir().Block):
                op, place = owner.owner, _ir().BlockArgument(value).arg_number - 1
            else:
                op, place = owner, _ir().OpResult(value).result_number
            op = getattr(op, "operation", op)
            if op.name != "scf.for" or place < 0 or len(op.operands) <= 3 + place:
                return None
            value = op.operands[3 + place]
            if not isinstance(value, _ir().Value):  # the DSL hands operands out as its own tensors
                value = value.value
        except Exception:
            return None
        key = _ir_hash(value)
        if key in known:
            return key
    return None


@functools.lru_cache(maxsize=1)
def _tensor_class():
    from cutlass.cute.tensor import _Tensor

    return _Tensor


# id(obj) -> (obj, its TypeInfo) for the objects one observed call hands over (see `_observing_one`): each
# is asked for its type several times, and nothing changes a type while the call is observed
_seen: dict | None = None


def _info(obj):
    """`type_info(obj)`, read once per object while one call is observed."""
    if _seen is None:
        return type_info(obj)
    hit = _seen.get(id(obj))
    if hit is None or hit[0] is not obj:
        hit = _seen[id(obj)] = (obj, type_info(obj))
    return hit[1]


def _type_text(value) -> str:
    """``str(value.type)``, printed once per type while the trace runs (see `shape.types_cached`)."""
    info = _info(value)
    return info.text if info is not None else str(value.type)


@functools.lru_cache(maxsize=1)
def _numeric_class():
    from cutlass.base_dsl.typing import Numeric

    return Numeric


def _is_layout(obj) -> bool:
    """A layout value (`Layout`, `ComposedLayout`), not a tensor or a tensor's loaded values."""
    return obj is not None and not _is_tensor(obj) and type(obj).__name__.endswith("Layout")


def _is_tensor(obj) -> bool:
    info = _info(obj)
    return info is not None and info.kind in _TENSOR_KINDS


class _LoadedValues(dict):
    """hash of a loaded value -> the record it was loaded from, knowing whether any such record is in SMEM: an element
    write's sum is followed up to a buffer's partial sums (`_Tracer._partials_summed`, at every write) only once a
    value was read out of SMEM, which most kernels' element writes never see."""

    __slots__ = ("_records", "smem")

    def __init__(self, records: list):
        super().__init__()
        self._records, self.smem = records, False

    def __setitem__(self, key, index: int) -> None:
        if not self.smem and self._records[index].memspaces == ("smem",):
            self.smem = True
        dict.__setitem__(self, key, index)


class _ObservingOne:
    """The scope of `_seen`: one observed call; the objects it holds are let go when the call has been seen (a
    plain context manager, not a generator: one opens at every traced slice)."""

    __slots__ = ()

    def __enter__(self) -> None:
        global _seen
        _seen = {}

    def __exit__(self, *_exc) -> None:
        global _seen
        _seen = None


_observing_one = _ObservingOne()


class _Tracer:
    def __init__(self, trace: Trace):
        self.trace = trace
        self.known: dict = {}  # value hash -> (record index, output index, label tree)
        self.pending: dict = {}  # owner hash -> [(type text, record index, output index, labels)]
        self.of_type: dict = {}  # type text -> every (record index, output index, labels) of that type, in order
        self.errors: list[str] = []
        self.laid_extents: list = []  # (axis variable, dimension, tensor name) of views laid out with named extents
        self.tile_extents: list = []  # (axis variable, dimension, tensor name) of tiles cut with named tile sizes
        self.named_dims: list = []  # (axis variable, the dimension an index's name says, the sliced tensor's name)
        # (id(code), instruction offset) of a subscription's frame -> (that code, the dimensions its indices' names
        # say) (`_dims_named_here`): an unrolled loop runs one subscription thousands of times, and the offset
        # fixes the frame's file, line and column, so its site is worked out once; the code is held so that its id
        # stays its own
        self.dims_at: dict = {}
        self.callers_of: dict = {}  # (id(frame), kernel file, kernel) -> (frame, `_callers_above`'s answer)
        # records made inside a helper, waiting for the caller's statement to bind them: see _attribute
        self.unresolved: dict = {}  # `_level_key` of the caller statement waited on -> [_Waiting]
        self.by_layout: dict = {}  # layout text -> labels of the latest traced (non-input) tensor of that layout
        self.by_shape: dict = {}  # shape text -> labels of the latest traced tensor of that shape
        self.fragment_shapes: dict = {}  # shape text -> (origin, MMA fragment labels), from `partition_shape_*` calls
        # id of a `partition_shape_*` result -> (that shape object, kept so that its id stays its own; the origin its
        # labels name; its labels):
        # two MMAs' accumulator shapes may be equal (`make_rmem_tensor(qk_acc_shape)` after `o_acc_shape`)
        self.fragment_shape_objects: dict = {}
        self.recent: list = []  # (shape, labels, layout, memspace) of the latest labelled tensors, latest last
        self.copy_level: dict = {}  # (id(ThrCopy), hint) -> the level its first partition got: both sides share it
        self.axes = _axes.Axes()  # which modes run along one axis: solved when the trace ends
        self.objects = _flow.Partitioners(_is_loop_carried)
        self.views: dict = {}  # record index -> the record whose data it views (make_tensor over its pointer)
        self.operands_by_use: set = set()  # register fragments an MMA slot reads that no MMA call made
        self.replicas: dict = {}  # record index -> positions of its atom's leaves a copy fills with one value's copies
        # an S2T partition's record index -> (its source's record, output, the source leaf each of its leaves steps)
        self.stepped: dict = {}
        self.operand_buffers: set = set()  # SMEM tensors an MMA's A or B partition or fragment was made of
        self.loaded = _LoadedValues(self.trace.records)  # hash of a value `Tensor.load` returned -> its record
        self.mode_loads: dict = {}  # hash of a one-mode SMEM slice's loaded value -> (record, the mode's label)
        self.slice_loads: dict = {}  # hash of a slice's loaded value -> (the slice's labels, its shape)
        self._walked = None  # (pointer, carried, records traced, what `_reused` found): its last answer
        self.storage: dict = {}  # `_storage_key` of an SMEM tensor's pointer -> the first tensor made over it
        self.tmem_at: dict = {}  # `_tmem_address` of a TMEM tensor's pointer -> the tensors made there, in order
        # copy object -> (labels, shape) of the tiles cute.experimental's `partition_and_copy` cut with it so far
        self.copied_tiles: dict = {}
        # (accumulator record, layout) -> {TMEM offset: [records]} of its views in that layout (`_chunks_of`)
        self.chunk_views: dict = {}
        self.tmem_copied: dict = {}  # `_address_key` of a TMEM address -> (traced SMEM tensor, shape) copied there
        # hand-issued MMA products whose accumulator no traced tensor holds -> (`_address_key` of its TMEM address,
        # its width in columns from the instruction descriptor)
        self.hand_accumulators: dict = {}
        self.tmem_values: dict = {}  # hash of registers any `tcgen05.ld` read by hand -> the product read
        self.tmem_reads: dict = {}  # the same for a 32x32b `tcgen05.ld` (a thread's registers are columns)
        # (`_address_key` of the first TMEM column a `tcgen05.st` wrote, columns written, the product whose values
        # it stored), in trace order
        self.tmem_written: list = []
        # (`_address_key` of the first column a `tcgen05.st` wrote, columns written, the register records stored)
        self.tmem_stored: list = []
        # (`_address_key` of the TMEM column a hand-issued MMA reads its A at, that MMA, its record): bound when the
        # trace ends (`_bind_tmem_operands`), the warps that write the operand traced in any order
        self.tmem_operands: list = []
        # root record of a register tensor's storage (`_register_storage`) -> values stored into it, element or whole
        self.register_stores: dict = {}
        # root record of a tensor's storage -> the hand-issued products whose values a copy wrote into it (an
        # accumulator's registers stmatrix'd into SMEM, ldmatrix'd back into a warp MMA's operand registers)
        self.held_products: dict = {}
        self.tmem_registers: dict = {}  # register vector stored with such registers -> the product they were read from
        self.stages: set = set()  # (origin, variable) of SMEM buffer modes that loads fill one slot of at a time
        # variables of TMEM accumulator rests a pipeline state's index selects (`_accumulator_slot`): stages in every
        # record carrying them, the fake fragment whose layout the accumulator takes too
        self.accumulator_stages: set = set()
        self.stage_values: set = set()  # hashes of the values pipeline states gave as their stage index
        self.coordinate_values: dict = {}  # hash of a coordinate read from an identity tensor -> its mode's variable
        self.index_uses: dict = {}  # hash of a run-time index -> the axis variables of the modes it indexed
        # (record index, axis variable, hash of the run-time index, what that index was computed from): see
        # `_index_sources` and `flow._gathered_rows`
        self.gathers: list = []
        self.selections: dict = {}  # as index_uses, with the indices of parameters' first slices
        # axis variable -> the literal indices a slice picked its mode at (None: a run-time index), for
        # `flow._grouped_head_rows`: a tile's rest only ever picked at 0 is the one tile of that mode the kernel reads
        self.tile_picks: dict = {}
        # axis variable of a global mode selected by an index read out of another tensor (a page table) -> the
        # variables of the table's modes that walk the pages: see `_paged_mode`
        self.paged: dict = {}
        self.packed_pages: set = set()  # variables of paged leaves that pack another index with the pages
        # variable of a paged leaf -> whether each table read that selected it was a CTA's one entry
        # (`_entry_per_cta`: `state_indices[b]`, a slot of a per-sequence cache, not pages)
        self.slot_reads: dict = {}
        # (axis variable of a global mode, hashes of its index's unscaled terms, what its scaled terms were computed
        # from): a mode an index `outer * n + inner` selects (`_packed_index`, `flow._packed_head_rows`)
        self.packed_indices: list = []
        self.rings: set = set()  # (record, axis variable) of SMEM buffer modes indexed `i % extent`: see `_ring_index`
        # (origin, axis variable) of stage modes an MMA operand fragment's loop index selects -> the variable of
        # that fragment's MMA_K mode: see `_k_tiles_indexed`
        self.k_tiles: dict = {}
        # (a host TMA atom's SMEM layout as text, its global tensor's entry): SMEM buffers laid out in that box
        # hold its tiles, mode for mode (`_bind_box_unit_modes`)
        self.tma_boxes: list = []
        self.tma_slots: dict = {}  # (MMA object, slot) -> the first tensor a host TMA atom loads for that slot
        self.read_at: dict = {}  # hash of an element read's value -> the coordinate it was read at
        # the same -> the modes of the tensor it was read from, where that is a slice of a traced one (`mPT =
        # page_table[None, b]`, then `mPT[k]`: the coordinate indexes the slice's modes, not the record's)
        self.read_modes: dict = {}
        # hash of an element read at literal indices of several modes (`a_regs[mi, vi]`) -> its flat index
        self.read_flat: dict = {}
        # hash of an element read's value -> the value key of the untraced tensor it was read from (a kernel
        # parameter only ever read element by element): the source of a hand fill (`_element_fill`)
        self.read_untraced: dict = {}
        self.untraced_read_at: dict = {}  # as read_at, for reads of tensors no record holds (a slot table)
        self.untraced_hosts: dict = {}  # an untraced parameter's key -> the host record launched in its place, or None
        # hashes of elements read at a literal index of one of two or more modes (`meta[cta, 0]`): a record's field
        self.field_reads: set = set()
        # such a read's hash -> (the record of the host tensor the launch passed, the coordinate): `_paged_mode`
        self.host_reads: dict = {}
        self.thread_coordinates: set = set()  # hashes of coordinates read from a thread's partition of an identity
        self.result_writes = 0  # global element writes followed for contractions (see `_result_written`)
        self.summed_writes = 0  # element writes whose sums were read for partials (see `_partials_summed`)
        self.loop_walks: list = []  # (a dynamic loop's index, the axis variable of a tile mode its value picks)
        self.reducing_loops: set = set()  # the indices of dynamic loops whose body accumulates products
        self.element_sources: dict = {}  # id of a tensor indexed by element -> (it, what `lookup` found)
        self.last_element_source: tuple = (None, None)  # the latest of those: one element hook asks up to six times
        # (record, output, literal index) of a register element -> the value last written there (`_register_written`)
        self.register_values: dict = {}
        # value key of a slice (`rK[None, m, k]`) -> (the record sliced, the coordinate): a warp MMA's fragment
        self.slice_coords: dict = {}
        # value key of a `cute.slice_` view -> (the tensor sliced, the coordinate): recorded where it is first used
        self.slice_views: dict = {}
        self.cta_tiles_by_hand: set = set()  # global tiles laid by hand at the block's offset (`_cta_tile_by_hand`)
        self.accumulator_slices: dict = {}  # accumulator record -> (slice coordinate, A, B, MMA) of each gemm into it
        # (MMA, {slot: (record sliced, coordinate)}) of each MMA issue whose operands are slices: `_tiles_held`
        self.issue_slices: list = []
        # hashes of the slice indices of those issues that are a dynamic loop's own index, read while the IR lives
        # (`finish` runs after a lowering compile has freed it)
        self.loop_indices: set = set()
        self.same_storage: dict = {}  # an SMEM buffer of its own over a traced one's storage -> that one's record
        # hash of an element read's value -> the value key of the tensor it was read from (`a[i].ir_value()`)
        self.element_of: dict = {}
        # warp MMA issued by hand -> per issue, {slot: (register tensor, its leaves' coordinates)}: bound when the
        # trace ends (`_bind_warp_mma_rests`)
        self.warp_mmas: dict = {}
        self.warp_results: dict = {}  # hash of a warp MMA's D registers (the asm's result) -> that MMA
        self.warp_arrays: set = set()  # the register arrays warp MMAs read or write: see `_warp_operand_views`
        # one copy call's issues (call site, source and destination arrays) -> per issue, each side's slice
        # coordinate: the leaves both sides index alike are joined when the trace ends (`_copy_index_pairs`)
        self.copy_slices: dict = {}
        self.slice_leaves: dict = {}  # value key of a slice -> (variable, coordinate) of each leaf of what it sliced
        self.loaded_slices: dict = {}  # hash of a slice's loaded value -> (its array, the slice's leaves)
        self.holds_slice: dict = {}  # value key of registers stored a slice's values -> (its array, its leaves)

    # -- lookups -----------------------------------------------------------------------------------
    def lookup(self, obj, frame=None):
        key = _value_key(obj)
        if key in self.known:
            return self.known[key]
        text = _type_text(obj.value)
        owner = _owner_key(obj)
        for typ, index, out, labels in self.pending.get(owner, ()):
            if typ == text:
                self.known[key] = (index, out, labels)
                return self.known[key]
        # Dynamic loops pass tensors as block arguments: same type, new value. The value the loop was entered
        # with says which tensor it carries, where the IR shows it (`scf.for`'s init operands)
        in_loop = _is_loop_carried(obj)
        entered = _loop_entry_key(obj.value, self.known) if in_loop else None
        if entered is not None:
            self.known[key] = self.known[entered]
            return self.known[key]
        # Else the latest tensor of that exact type (layout, memory, swizzle included) is the one carried in.
        # A function's own parameters are new.
        carried = self._carried_candidates(text) if in_loop else None
        if carried:
            # acc_S and acc_O may share a type: the one the calling code holds under that name, if any; a helper
            # holds it under its parameter's name (`dst_tensor`), its caller under the tensor's own (`tCtSFA`)
            if frame is None and len({e[0] for e in carried}) > 1:  # a slice's: the user's frames
                frame = sys._getframe(1)
            for name in _held_names(frame, obj, depth=12):
                named = [e for e in carried if name in self.trace.records[e[0]].names]
                if named:
                    return named[-1]
            latest = carried[-1]
            # code holding this tensor beside another under the latest's name holds two tensors (mO written
            # element by element in a branch, beside mQ of the same type): this one is not traced, not mQ
            if _held_apart(frame or sys._getframe(1), obj, self.trace.records[latest[0]].names, depth=24):
                return None
            return latest
        return None

    def _carried_candidates(self, text: str) -> list:
        """The tensors of type `text` a dynamic loop or branch of the kernel being built may carry: those its own
        code made. Another kernel of the same compile (a prep kernel's `acc` of the scan's accumulator type) holds
        none of its values, whatever a helper both call names its parameter."""
        entries = self.of_type.get(text, ())
        if not entries or len({self.trace.records[e[0]].kernel for e in entries}) == 1:
            return list(entries)
        kernel = self.trace.records[-1].kernel  # the latest record is the kernel being built's: its code runs now
        return [e for e in entries if self.trace.records[e[0]].kernel == kernel]

    def source_of(self, obj, site: CallSite, arg_index: int | None, called: str, kernel: str, frame=None):
        """(record index, output index, labels) for a tensor argument; an `input` record the first time one is seen."""
        found = self.lookup(obj, frame)
        if found:
            return found
        name = _local_name(frame, obj)
        if name is None and arg_index is not None:
            name = _tensor_name(argument_text(site, arg_index, called))
        return self._new_input(obj, site, name, kernel, frame)

    def _new_input(self, obj, site: CallSite, name: str | None, kernel: str, frame=None):
        info = _info(obj)
        index = len(self.trace.records)
        viewed = self._slice_view(obj, info, site, name, kernel)
        if viewed is not None:
            return viewed
        labels = _levels.initial(rank(info.shape), name, index)
        host = _launch_argument(frame, obj) if frame is not None else None
        launched = self.lookup(host) if host is not None else None
        # a host tensor the launch names but no traced call made (`mCos` passed through) is none of the traced
        # host tensors that share its type
        passed = launched or (None if host is not None else self._passed_in(_type_text(obj.value), name, kernel))
        if launched is not None and self.trace.records[launched[0]].op not in ("input", "logical_divide") \
                and _levels.is_labelled(launched[2]) and len(launched[2]) == len(labels):
            # a tile the host cut (`local_tile(tma_tensor, tiler, (None, None))`) and launched with: the parameter
            # is that tile, its modes the tile's (level and role too, not only their axes); a divide that keeps
            # every mode (the TMA helper's `logical_divide(t, (None, None, 64))`) cuts no tile
            labels = launched[2]
        elif passed and self.trace.records[passed[0]].op == "make_identity_tensor" and info.memspace == "coord":
            # the host's identity tensor launched as it is (`kernel(mX, make_identity_tensor(mX.shape))`): the
            # parameter counts coordinates, as the identity does
            labels = _levels.coordinates(rank(info.shape), name, index)
        self._append(Record(
            index=index, op="input", names=(name,), file=site.file, line=site.line, col=site.col,
            function=site.function, kernel=kernel, in_shapes=(),
            shapes=(info.shape,), layouts=(info.layout,), memspaces=(info.memspace,), dtypes=(info.dtype,),
            swizzles=(info.swizzle,), levels=(labels,), library=site.file.startswith(_library_dir()),
            inputs=(passed[0],) if passed else (), input_outputs=(passed[1],) if passed else (),
        ))
        labels = self._view_made_by_untraced_call(obj, index, info) or labels  # (before it is known: the walk
        self._know(obj, (index, 0, labels))                                    # would find itself)
        for label in _levels.flatten(labels):  # (a host tile's labels nest where its modes do)
            if label.axis:
                self.axes.suggest(label.var, label.axis, "hint:name")
        flat = not any(isinstance(t, tuple) for t in labels)
        for label, letter in _levels.head_dim_hint(name, labels) if flat else ():
            self.axes.suggest(label.var, letter, "hint:head_dim")
        if passed:  # the host tensor's modes are the parameter's
            host_modes = self.trace.records[passed[0]].levels[passed[1]]
            _flow.join_leaves(self.axes, host_modes, labels)
            _flow.note_viewed_leaves(self.axes, host_modes, labels)
        return index, 0, labels

    def _slice_view(self, obj, info, site: CallSite, name: str | None, kernel: str):
        """A view `cute.slice_` made of a traced tensor, first seen where a call uses it: the modes its coordinate
        keeps, as `t[coord]` keeps them (the same leaves: an MMA slot that reads the view says what the buffer's
        modes are), recorded there as a view of it."""
        sliced = self.slice_views.pop(_value_key(obj), None)
        found = self.lookup(sliced[0]) if sliced is not None else None
        if found is None:
            return None
        source, out, labels = found
        coord = sliced[1] if isinstance(sliced[1], tuple) else (sliced[1],)
        split = any(label.leaf_axes and len(label.leaf_axes) > 1 for label in _levels.flatten(labels))
        kept = _levels.sliced(labels, coord, _info(sliced[0]).shape if split else None)
        if kept is None or len(kept) != rank(info.shape):
            return None
        kept = tuple(self._leaf_var(label) for label in kept)
        index = len(self.trace.records)
        self._append(Record(
            index=index, op="slice_", names=(name,), file=site.file, line=site.line, col=site.col,
            function=site.function, kernel=kernel, in_shapes=(self.trace.records[source].shapes[out],),
            shapes=(info.shape,), layouts=(info.layout,), memspaces=(info.memspace,), dtypes=(info.dtype,),
            swizzles=(info.swizzle,), levels=(kept,), library=site.file.startswith(_library_dir()),
            inputs=(source,), input_outputs=(out,),
        ))
        self.views[index] = source
        self._know(obj, (index, 0, kept))
        return index, 0, kept

    def _view_made_by_untraced_call(self, obj, index: int, info):
        """An SMEM or TMEM tensor first seen as an argument, made by a call no hook sees from a traced buffer's
        slice (`append_ones(sA[None, None, k, stage])` handed straight to an MMA: a `make_view` over the slice's
        iterator, its layout the slice's with size-1 modes appended) is that slice: its modes the slice's labels
        (so what an MMA slot says of them reaches the buffer), an appended one the label of a mode the slice
        indexed (the k-blocks), else its own; `views` says whose storage it is in. None where no traced tensor's value is found up its defining ops, or the layouts differ
        in more than the appended modes."""
        if info.memspace not in ("smem", "tmem") or not hasattr(obj, "value"):
            return None
        found = _up_defining_ops(obj.value, lambda v: (self._known_value(v), v) if self._known_value(v) else None,
                                 depth=_VIEW_OPS_WALKED)
        if found is None or self.trace.records[found[0][0]].memspaces[found[0][1]] != info.memspace:
            return None
        (record, _, viewed), value = found
        sliced = type_info(value)
        own = top_modes(info.layout)
        kept = top_modes(sliced.layout) if sliced is not None else None
        if not kept or not isinstance(viewed, tuple) or len(kept) != len(viewed) or own[:len(kept)] != kept \
                or any(not mode.startswith("1:") for mode in own[len(kept):]):
            return None
        self.views[index] = record
        # the appended modes give back the rank the slice took: each stands for a mode it indexed, in order (the
        # MMA's K rest for the k-block sliced away), a pipeline stage for none
        whole = self.trace.records[record].levels[found[0][1]]
        indexed = [mode for mode in (whole if isinstance(whole, tuple) else ()) if all(mode is not m for m in viewed)
                   and not any(label.role == "stage" for label in _levels.flatten(mode))]
        appended = list(_levels.initial(len(own), None, index)[len(kept):])
        return viewed + tuple(indexed[:len(appended)]) + tuple(appended[len(indexed):])

    def _passed_in(self, type_text: str, name: str | None, kernel: str):
        """The host tensor a kernel parameter came from: a tensor of exactly its type made in another function,
        the one of the same name when several are (A, B and D of one dtype share a type)."""
        candidates = [e for e in self.of_type.get(type_text, ()) if self.trace.records[e[0]].kernel != kernel]
        named = [e for e in candidates if name and name in self.trace.records[e[0]].names]
        if named:
            return named[-1]
        return candidates[0] if len(candidates) == 1 else None

    def _know(self, obj, entry) -> None:
        key = _value_key(obj)
        if key is not None:
            self.known[key] = entry
        self._of_type(_type_text(obj.value), entry)

    def _of_type(self, type_text: str, entry) -> None:
        self.of_type.setdefault(type_text, []).append(entry)

    def _append(self, record: Record) -> None:
        self.trace.records.append(record)
        if record.op in ("input", "copy", "gemm"):
            return
        for shape, layout, labels, memspace in zip(record.shapes, record.layouts, record.levels, record.memspaces):
            if _levels.is_labelled(labels):
                if layout:
                    self.by_layout[layout] = labels
                self.by_shape[format_shape(shape)] = labels
                self.recent = (self.recent + [(shape, labels, layout, memspace)])[-64:]

    def _block_copy(self, bound, frame) -> None:
        """`block_copy(atom, src, dst)` copies whole tiles, each side (tile, rest...) with no partition call to
        see: its two tile modes are one tile, so their modes join (a TMA load's global tile and its SMEM buffer,
        an S2T copy's SMEM scale factors and their TMEM copy)."""
        src, dst = bound.get("src"), bound.get("dst")
        if not (_is_tensor(src) and _is_tensor(dst)):
            return
        found = self.lookup(src, frame), self.lookup(dst, frame)
        if found[0] and found[1]:
            _flow.join_tile_modes(self.axes, found[0][2], found[1][2], _info(src).shape, _info(dst).shape)

    def _whole_tile_copy(self, bound, frame) -> None:
        """A TMA copy of one whole tile (cute.experimental's `tma_load(gA[None, None, k], sA[None, None, None,
        stage])`): the global tile's modes are the SMEM tile's, mode for mode, or, the SMEM side laid out for an MMA
        ((atom rows, atom columns), rows' rest, columns' rest), the rests'."""
        src, dst = bound.get("src"), bound.get("dst")
        if not (_is_tensor(src) and _is_tensor(dst)):
            return
        found = self.lookup(src, frame), self.lookup(dst, frame)
        if found[0] and found[1]:
            _flow.join_whole_tiles(self.axes, found[0][2], found[1][2], _info(src).shape, _info(dst).shape)

    def _tma_atom(self, call: Call, result, kernel: str) -> None:
        """`tma_atom, tma_tensor = make_tiled_tma_atom(op, mA, ...)`: the TMA tensor is mA's modes; the `_A`/`_B`
        forms name the MMA whose A or B slot mA feeds."""
        bound = call.bound
        gmem = bound.get("gmem_tensor")
        # a pair, or (newer CuTeDSL) a TmaInfo that unpacks as one
        tma_tensor = getattr(result, "tma_tensor", None)
        if tma_tensor is None and isinstance(result, tuple) and len(result) == 2:
            tma_tensor = result[1]
        if not _is_tensor(gmem) or tma_tensor is None or not _is_tensor(tma_tensor):
            return
        params = call.params
        entry = self.source_of(gmem, call.site, params.index("gmem_tensor"), call.op, kernel, call.frame)
        self._know(tma_tensor, entry)
        box = bound.get("smem_layout_", bound.get("smem_layout"))
        cut = _unit_tiler_modes(bound.get("cta_tiler"))
        if box is not None and cut:
            self.tma_boxes.append((str(getattr(box, "outer", box)), entry, cut))
        mma = bound.get("tiled_mma")
        if mma is not None and call.op[-1] in "AB":
            number, slot = self.objects.number(mma), call.op[-1]
            # a second tensor loaded for the same slot of one TiledMma (w and q, both A of w h and q h; a, q and
            # aqc of several products, over several contractions) is bound to none of its axes: which rows (or
            # columns) and which contracted axis each has, the products it is issued in say
            first = self.tma_slots.setdefault((number, slot), entry[0])
            if first == entry[0] or _flow.scale_factor_view(gmem):
                _flow.bind_slot(self.axes, (None,) + tuple(entry[2]), number, slot)

    def _tma_atom_of_values(self, call: Call, result, kernel: str) -> None:
        """`res = atom_make_non_exec_tiled_tma_load(gmem.value, smem_layout.value, cta_v_map, op)`: the TMA made
        from the dialect's op (a paged cache's, over a hand-made CTA value map) takes the global tensor's value (the
        tensor the calling code holds with that value); its second result, the TMA tensor the kernel receives, is
        that tensor's modes, as `make_tiled_tma_atom`'s."""
        value = call.bound.get("gmem_tensor")
        try:
            tma_tensor = result[1]
            entry = self.known.get(hash(value))
        except (TypeError, IndexError):
            return
        if entry is None:
            held = next((v for v in call.frame.f_locals.values() if _is_tensor(v) and v.value == value), None)
            entry = self.source_of(held, call.site, 0, call.op, kernel, call.frame) if held is not None else None
        if entry is not None and _is_tensor(tma_tensor):
            self._know(tma_tensor, entry)

    def _scale_factors(self, bound: dict) -> None:
        """`tiled_mma.set(Field.SFA / Field.SFB, tCtSFB[k].iterator)`: the TMEM tensor at that pointer is the scale
        factors of A or B, an MMA operand in MMA form: its rests run along that slot's axes."""
        field = getattr(bound.get("modifier"), "name", "")
        if field not in ("SFA", "SFB") or bound.get("self") is None:
            return
        found = self._reused(bound.get("value"), carried=False)  # SFA's and SFB's TMEM may share a type
        if found is None:
            return
        labels = self.trace.records[found[0]].levels[found[1]]
        self.trace.records[found[0]].meta["scale_factors"] = field  # an operand, though over an accumulator's TMEM
        _flow.bind_slot(self.axes, labels, self.objects.number(bound["self"]), field[-1])
        if found[1] == 0:
            self._operand_by_use(found[0], self.objects.number(bound["self"]), field[-1], values=False)

    def _atom_placed_by_retile(self, retiled: Record) -> None:
        """A hand-made operand fragment whose atom no layout placed (scale factors: the MMA's value layout is not
        theirs) holds the values its copy's `retile` of it places: where the two atoms' leaves are the same (size-1
        leaves aside), each runs along the axis the copy's value layout says; so does the thread partition the
        fragment was made like. The retiled atom may fold in a rest after the fragment's atom leaves."""
        atom = retiled.levels[0][0]
        extents = list(_leaves(retiled.shapes[0][0])) if isinstance(retiled.shapes[0], tuple) else []
        if not isinstance(atom, _levels.ModeLabel) or atom.var is None and not atom.leaf_axes:
            return
        placing = atom.leaf_axes or (("var", atom.var),) * len(extents)  # one axis for all its values
        if len(extents) != len(placing):
            return
        source = self.trace.records[retiled.inputs[0]]
        keys = tuple(key for extent, key in zip(extents, placing) if extent != 1)
        placed = [source]
        if source.op in ("make_fragment_like", "make_rmem_tensor_like") and source.inputs:
            placed.append(self.trace.records[source.inputs[0]])
        for record in placed:
            modes = record.levels[0] if record.levels else None
            if not isinstance(modes, tuple) or not isinstance(modes[0], _levels.ModeLabel) \
                    or modes[0].level != "mma" or not isinstance(record.shapes[0], tuple):
                continue
            own = list(_leaves(record.shapes[0][0]))
            wanted = [e for e in own if e != 1]  # a retiled atom may fold a rest in after them ((1, (16, 4, 2)))
            if not wanted or wanted != [e for e in extents if e != 1][:len(wanted)]:
                continue
            found = iter(keys)
            leaf_axes = tuple(next(found) if e != 1 else None for e in own)
            if modes[0].leaf_axes and len(modes[0].leaf_axes) == len(leaf_axes):  # the leaves' own variables
                for held, key in zip(modes[0].leaf_axes, leaf_axes):  # join the values' axes
                    if isinstance(held, tuple) and held[0] == "var" and isinstance(key, tuple) and key[0] == "var":
                        self.axes.join(held[1], key[1])
                continue
            record.levels = ((replace(modes[0], leaf_axes=leaf_axes),) + tuple(modes[1:]),) + tuple(record.levels[1:])

    def _accumulator_slice(self, record: Record, bound: dict) -> None:
        """Which slice of a traced accumulator a gemm writes (`dot(atom, a, b, tmem[None, None, None, 1])`), with
        the operands it reads, for `_stacked_products`."""
        accumulator = bound.get("d", bound.get("c"))
        sliced = self.slice_coords.get(_value_key(accumulator)) if accumulator is not None else None
        if sliced is not None and isinstance(sliced[1], tuple) and record.operands:
            self.accumulator_slices.setdefault(sliced[0], []).append(
                (sliced[1], record.operands.get("A"), record.operands.get("B"), record.made_by["object"]))

    def _stacked_products(self) -> None:
        """An accumulator mode whose slices, picked by constants, gemms fill from one B and different A operands
        (gate = Wg x into `tmem[..., 0]`, up = Wu x into `tmem[..., 1]`) holds one product's row blocks: a rest
        along M, not pipeline stages; from one A and different Bs, its column blocks along N."""
        for index, writes in self.accumulator_slices.items():
            record = self.trace.records[index]
            modes = record.levels[0] if record.levels and isinstance(record.levels[0], tuple) else ()
            for at, mode in enumerate(modes):
                picked = [(w[0][at], w[1], w[2], w[3]) for w in writes if len(w[0]) == len(modes)
                          and isinstance(w[0][at], int) and all(c is None for i, c in enumerate(w[0]) if i != at)]
                if len({p[0] for p in picked}) < 2 or not isinstance(mode, _levels.ModeLabel) or mode.var is None \
                        or len({p[3] for p in picked}) != 1:
                    continue
                axis = "M" if _one_shared_operand(picked, shared=2, varying=1) else \
                    "N" if _one_shared_operand(picked, shared=1, varying=2) else None
                if axis is None:
                    continue
                self.axes.context = index
                self.axes.bind(mode.var, ("mma", picked[0][3], axis))
                self._relabel_var(mode.var, "mma", "rest", "stacked_products")

    def _relabel_var(self, var: int, level: str, role: str, rule: str) -> None:
        """Every label of axis variable `var`, in every record carrying it, at `level` and `role` by `rule`."""
        def relabelled(tree):
            if isinstance(tree, tuple):
                return tuple(relabelled(t) for t in tree)
            return replace(tree, level=level, role=role, rule=rule) if tree.var == var else tree

        for record in self.trace.records:
            record.levels = tuple(relabelled(t) for t in record.levels)

    def _folded_rest(self, retiled: Record) -> None:
        """A retile of a hand-made operand fragment whose atom folds in the fragment's first rest leaves after the
        atom's (`((1, (16, 4, 2)), 2, 8)` of scale factors `((16, 4), (2, 2), 8)`: the copy moves two columns'
        scales at once) holds those leaves as the fragment does: rests, along the rest's axis, leaf by leaf."""
        fragment = self.trace.records[retiled.inputs[0]]
        atom, shape = retiled.levels[0][0], retiled.shapes[0]
        modes, held = fragment.levels[0], fragment.shapes[0]
        if not isinstance(atom, _levels.ModeLabel) or not isinstance(shape, tuple) or not isinstance(held, tuple) \
                or not isinstance(modes, tuple) or len(modes) != len(held) or len(modes) < 2:
            return
        extents = list(_leaves(shape[0]))
        own = [e for e in _leaves(held[0]) if e != 1]
        wide = [e for e in extents if e != 1]
        rests = [(e, label) for extent, mode in zip(held[1:], modes[1:])
                 for e, label in zip(_leaves(extent), _levels.leaves(extent, mode))]
        extra = wide[len(own):]
        cut = _split_leaves(extra, rests) if extra and wide[:len(own)] == own else None
        if not cut:
            return
        folded = iter(cut)
        keys = atom.leaf_axes if atom.leaf_axes and len(atom.leaf_axes) == len(extents) else (None,) * len(extents)
        labels, seen = [], 0
        for extent, key in zip(extents, keys):
            seen += extent != 1
            labels.append(next(folded) if extent != 1 and seen > len(own) else replace(atom, leaf_axes=(key,)))
        retiled.levels = ((_levels.nest(shape[0], labels),) + tuple(retiled.levels[0][1:]),) + tuple(retiled.levels[1:])

    def _views_of_retiled(self, retiled: Record) -> None:
        """The views over the same registers mode for mode (`filter_zeros` of the retile the copy writes) hold
        what the retile holds once relabelled: its labels."""
        for record in self.trace.records[retiled.index + 1:]:
            if record.op in _STORAGE_VIEWS and record.inputs[:1] == (retiled.index,) and record.levels \
                    and isinstance(record.levels[0], tuple) and len(record.levels[0]) == len(retiled.levels[0]):
                record.levels = (retiled.levels[0],) + tuple(record.levels[1:])

    def _operand_by_use(self, index: int, mma: int, slot: str, values: bool) -> None:
        """A tensor an MMA slot reads that no MMA call made is that MMA's operand (`levels.operand_by_use`), and so
        are the thread partition a register fragment was made like (`make_fragment_like(partitioned)`) and the
        buffer an SMEM or TMEM view is laid over (`append_ones(sA[None, None, k, stage])`); re-laid views of a
        register one (`retile` for its ldmatrix) stay MMA (`finish`). A register fragment of the slot's own
        values (not scale factors: `values` false) has the instruction's value layout, as `make_fragment_A`'s."""
        thread = False
        for _ in range(3):
            record = self.trace.records[index]
            if not record.levels or not record.memspaces or record.memspaces[0] not in ("rmem", "smem", "tmem"):
                return
            registers = record.memspaces[0] == "rmem"
            thread = thread or registers
            relabelled = _levels.operand_by_use(record.levels[0], record.shapes[0], index, thread)
            if relabelled is not None:
                if registers and values and not relabelled[0].leaf_axes:
                    relabelled = _flow.with_atom_axes(relabelled, record.shapes[0], self.objects.shapes.get(mma), slot,
                                                      index, mma, self.objects.values.get(mma, {}).get(slot))
                record.levels = (relabelled,) + tuple(record.levels[1:])
                _flow.bind_slot(self.axes, relabelled, mma, slot)
                if registers:
                    self.operands_by_use.add(index)
                else:
                    self._views_as_operand(index, relabelled, mma, slot)
            if registers and record.op in ("make_fragment_like", "make_rmem_tensor_like") and record.inputs:
                index = record.inputs[0]
            elif not registers and index in self.views:
                index = self.views[index]
            elif not registers and record.op in _STORAGE_VIEWS and record.inputs:  # the buffer it views
                index = record.inputs[0]
            else:
                return

    def _scale_factors_by_use(self, index: int, mma: int, slot: str) -> None:
        """Register scale factors a block-scaled warp MMA reads beside an operand (`cute.gemm(mma, d, [a, sfa], ...)`)
        that `_operand_by_use` left (a first mode of one leaf, the K values a scale covers, or more than two rests:
        `make_tensor(recast_ptr(sfa.iterator, E8M0), (32, m, (4, 1), (1, 4)))`) are the MMA's operand
        (`levels.scale_operand`): the atom along K, the first rest along the slot's rows, the others along K. So are
        the registers such a view is laid over (`sfa`, filled by a copy from SMEM)."""
        for _ in range(2):
            record = self.trace.records[index]
            if record.memspaces[:1] != ("rmem",) or not record.levels:
                return
            relabelled = _levels.scale_operand(record.levels[0], index)
            if relabelled is not None:
                record.levels = (relabelled,) + tuple(record.levels[1:])
                rows, k = _axes.slot_axes(slot)
                for position, mode in enumerate(relabelled):
                    self.axes.bind(mode.var, ("mma", mma, rows if position == 1 else k))
                self.operands_by_use.add(index)
            if record.op != "make_tensor" or index not in self.views:
                return
            index = self.views[index]

    def _views_as_operand(self, index: int, relabelled, mma: int, slot: str) -> None:
        """Views of a buffer over the same storage, mode for mode (`filter_zeros(tCtSFA)`, made for the S2T copy
        before `tiled_mma.set(Field.SFA, ...)` or `cute.gemm` names the buffer an MMA's operand), are that
        operand too: its labels, mode for mode. An SMEM tensor a tiled copy copies into the operand's TMEM (the
        scale factors tcgen05.cp moves) holds the operand's tiles in the same form: the MMA's operand too."""
        for record in self.trace.records[index + 1:]:
            if record.op in _STORAGE_VIEWS and record.inputs[:1] == (index,) and record.levels \
                    and len(_flow._modes(record.levels[0])) == len(_flow._modes(relabelled)):
                record.levels = (relabelled,) + tuple(record.levels[1:])
                self._views_as_operand(record.index, relabelled, mma, slot)
            elif record.op == "partition_D" and record.inputs[:1] == (index,) \
                    and self.trace.records[index].memspaces[:1] == ("tmem",):
                source = self._copy_source(record)
                if source is not None and source.memspaces[:1] == ("smem",) and source.inputs:
                    self._operand_by_use(source.inputs[0], mma, slot, values=False)

    def _stepped_axes(self) -> None:
        """Each leaf of an S2T copy's partition (`_stepped_leaves`), and of the views made of it mode for mode
        (`get_s2t_smem_desc_tensor`), runs along the settled axis of the source leaf it steps through, leaf by
        leaf where the source's atom took its leaves' axes only when the axes were settled; a leaf that steps
        none along no axis. Until then each stayed a mode of the partition, for the joins through it."""
        for record in self.trace.records:
            source = record.inputs[0] if record.op in _SAME_MODES and record.inputs else None
            found = self.stepped.get(record.index, self.stepped.get(source))
            if found is None or not record.levels:
                continue
            index, out, steps = found
            origin = self.trace.records[index]
            if out >= len(origin.levels) or out >= len(origin.shapes):
                continue
            axes = [x.axis if isinstance(x, _levels.ModeLabel) else None
                    for x in _levels.leaves(origin.shapes[out], origin.levels[out])]
            leaves = list(_levels.flatten(record.levels[0]))
            if len(leaves) != len(steps) or len(leaves) != len(list(_leaves(record.shapes[0]))):
                continue
            placed = {id(x): replace(x, axis=axes[p] if p is not None and p < len(axes) else None,
                                     axis_rule="s2t_partition" if p is not None and p < len(axes) and axes[p] else None,
                                     leaf_axes=None)
                      for x, p in zip(leaves, steps) if isinstance(x, _levels.ModeLabel) and x.level != "stage"}
            record.levels = (_flow.labels_replaced(record.levels[0], placed),) + tuple(record.levels[1:])

    def _copy_source(self, destination: Record):
        """The source-side partition (`partition_S`) a tiled copy made before its destination-side one."""
        copy = (destination.made_by or {}).get("object")
        if copy is None:
            return None
        return next((r for r in reversed(self.trace.records[:destination.index]) if r.op == "partition_S"
                     and (r.made_by or {}).get("object") == copy), None)

    def _replicas_filled(self, record: Record) -> None:
        """A tiled copy's destination leaf that its source side fills from broadcast leaves only (stride 0:
        tcgen05.cp writing one block of scale factors to each of the four TMEM lane quadrants) holds copies of one
        value: the partitioned tensor's atom leaf of that extent and stride runs along no axis, and so does that
        leaf of the tensors it views mode for mode (`filter_zeros` of a block-scaled MMA's TMEM scale factors)."""
        source = self._copy_source(record)
        if source is None or not record.inputs:
            return
        src, dst = _atom_leaves(source.layouts[0]), _atom_leaves(record.layouts[0])
        for extent, stride in _broadcast_filled(src, dst):
            index = record.inputs[0]
            while index is not None:
                target = self.trace.records[index]
                found = [i for i, leaf in enumerate(_atom_leaves(target.layouts[0])) if leaf == (extent, stride)]
                if len(found) != 1:
                    break
                self.replicas.setdefault(index, set()).add(found[0])
                index = target.inputs[0] if target.op in _STORAGE_VIEWS and target.inputs else None

    def _replicas_unplaced(self) -> None:
        """The atom leaves a copy fills with one value's copies (`_replicas_filled`) run along no axis."""
        for index, positions in self.replicas.items():
            record = self.trace.records[index]
            atom = _flow._modes(record.levels[0])[0] if record.levels else None
            if not isinstance(atom, _levels.ModeLabel) or not atom.leaf_axes or max(positions) >= len(atom.leaf_axes):
                continue
            leaf_axes = tuple(None if i in positions else key for i, key in enumerate(atom.leaf_axes))
            record.levels = ((replace(atom, leaf_axes=leaf_axes),) + tuple(_flow._modes(record.levels[0])[1:]),) \
                + tuple(record.levels[1:])

    def _shape_of_fragment(self, operand: str, shape, mma: str | None, made_by: dict | None) -> None:
        """`tiled_mma.partition_shape_C(...)`: the next tensor made with this shape is this MMA's fragment."""
        if not isinstance(shape, tuple) or not all(isinstance(i, int) for i in _leaves(shape)):
            return
        axes = {"A": ("M", "K"), "B": ("N", "K"), "C": ("M", "N")}[operand]
        origin = len(self.trace.records)
        labels = _levels.tagged(_levels.fragment_from_shape(axes, len(shape), origin), mma, origin)
        if made_by and made_by["object"] is not None:
            number = made_by["object"]
            mnk, values = self.objects.shapes.get(number), self.objects.values.get(number, {}).get(operand)
            labels = _flow.with_atom_axes(labels, shape, mnk, operand, origin, number, values)
            _flow.bind_slot(self.axes, labels, number, operand)
        self.fragment_shapes[format_shape(shape)] = (origin, labels)
        self.fragment_shape_objects[id(shape)] = (shape, origin, labels)

    # -- observing calls ---------------------------------------------------------------------------
    def after(self, call: Call, result) -> None:
        self.axes.context = len(self.trace.records)  # the record this call makes: what its binds belong to
        with _observing_one:
            try:
                self._observe(call, result)
            except Exception as exc:  # observing must never break the user's compile
                self.errors.append(f"{call.op}: {type(exc).__name__}: {exc}")

    def on_load(self, tensor, value) -> None:
        found = self.lookup(tensor) if _value_key(tensor) is not None else None
        if found is not None:
            self.trace.records[found[0]].meta["loaded"] = True  # read whole, as a tensor value (see flow's metadata)
            key = _ir_hash(value)
            if key is not None:
                self.loaded[key] = found[0]
                kept = found[2] if len(found) > 2 else None
                kept = kept[0] if isinstance(kept, tuple) and len(kept) == 1 else kept
                if len(found) > 2 and found[2] is not None:
                    self.slice_loads[key] = (found[2], _info(tensor).shape)
                if _value_key(tensor) in self.slice_leaves:  # `rC[None, n, m].load()`: a slice's values
                    self.loaded_slices[key] = (found[0], self.slice_leaves[_value_key(tensor)])
                if isinstance(kept, _levels.ModeLabel) and self.trace.records[found[0]].memspaces == ("smem",):
                    self.mode_loads[key] = (found[0], kept)  # `buf[None, e].load()`: one mode of the buffer

    def on_store(self, tensor, value) -> None:
        """`dst.store(src.load().to(f16))`: dst's values come from src (attention's P from the scores)."""
        try:
            found = self.lookup(tensor)
            if found is not None:
                self.trace.records[found[0]].meta["stored"] = True
            source = _loaded_from(value, self.loaded)
            if found is not None and self.tmem_reads:
                self._registers_of_tmem(found[0], value)
            if found is not None and self.tmem_values:
                self._register_stored(found[0], value)
            if found is not None and source is None and _loaded_by_hand(getattr(value, "value", value)):
                self.trace.records[found[0]].meta["hand_loaded"] = True
            if found is not None and source in (None, found[0]):  # from several loaded tensors: remember them all
                self._stored_from(found[0], value)
            if found is not None and source is not None and source != found[0]:
                sliced = _up_defining_ops(getattr(value, "value", value),
                                          lambda v: self.loaded_slices.get(_ir_hash(v)), 6)
                if sliced is not None and _value_key(tensor) not in self.slice_leaves:
                    # whole registers holding a slice's values, converted (`regs.store(rC[None, n, m].load()
                    # .to(bf16))`): a copy of them moves that slice (`_note_copy_slices`)
                    self.holds_slice[_value_key(tensor)] = sliced
                self.trace.records[found[0]].meta.setdefault("values_from", []).append(source)
                # when, between records: which write a later read sees (`flow._accumulators_read`)
                self.trace.records[found[0]].meta.setdefault("writes", []).append(
                    (len(self.trace.records) - 0.5, source))
                self._stored_copy(found, value, tensor)
        except Exception as exc:
            self.errors.append(f"store: {type(exc).__name__}: {exc}")

    def on_pointer_store(self, pointer, value) -> None:
        """`(packed_ptr + row * groups + g).store(packed_word[0])`: registers whose element a kernel writes by hand
        through a pointer into global memory hold written-out values (`meta["written_out"]`, as inline PTX's global
        stores mark them: `flow._written_out_by_hand`)."""
        try:
            if "gmem" in str(getattr(pointer, "memspace", "")):
                self._registers_written_out(value)
        except Exception as exc:
            self.errors.append(f"pointer store: {type(exc).__name__}: {exc}")

    def _registers_written_out(self, value, depth: int = 6, staged_in: int | None = None) -> None:
        """The registers a value written into global memory by hand was read from (through `depth` defining ops)
        hold written-out values (`meta["written_out"]`), and so do the registers they recast. `staged_in`: the
        value was written into that SMEM buffer instead (`meta["staged_in"]`: written out only if the buffer is,
        `flow._staged_by_element`)."""
        source = _loaded_from(getattr(value, "value", value), self.loaded, depth)
        record = self.trace.records[source] if source is not None else None
        while record is not None and record.memspaces[:1] == ("rmem",):
            if staged_in is None:
                record.meta["written_out"] = True
            elif staged_in not in record.meta.setdefault("staged_in", []):
                record.meta["staged_in"].append(staged_in)
            # a recast of registers (`recast_tensor(codes, Int64)`, or a view over their storage,
            # `make_tensor(recast_ptr(sf.iterator, Uint8), 1)`) is those registers in other words
            if record.op == "recast_tensor" and record.inputs:
                record = self.trace.records[record.inputs[0]]
            elif record.op == "make_tensor" and record.index in self.views:
                record = self.trace.records[self.views[record.index]]
            else:
                record = None

    def _element_written_out(self, tensor, value) -> None:
        """`out_words[col, block] = word[0]`: an element write into a global tensor writes out the registers its
        value was read from, as a store through a pointer does (`on_pointer_store`): a quantizer's packed codes
        written one word at a time into its output. Only a value read as it is or converted (one op up): a scale
        computed from the values by a reduction writes out the scale, not the values. In a kernel with no MMA only:
        with one, registers an epilogue writes out element by element are the accumulator's (an attention's row
        statistics written as its LSE), which its own rules place."""
        if self.axes.mmas:  # before the memory space is read: a DSL property, at every element write
            return
        memspace = str(getattr(tensor, "memspace", ""))
        if "gmem" in memspace:
            self._registers_written_out(value, depth=1)
        elif "smem" in memspace:  # `sQ[r, 128 + g] = sf_byte[0]`: staged, maybe
            found = self._element_source(tensor)
            if found is not None:
                self._registers_written_out(value, depth=1, staged_in=found[0])

    def _stored_from(self, index: int, value) -> None:
        """`acc[None, c].store(acc[None, c].load() + dy[None, c].load() * x[None, c].load())`: the register tensors
        (other than the stored one) whose loaded values a store's value was computed from, on the stored tensor's
        record (`meta["stored_from"]`, for `flow._stored_from_tiles`)."""
        meta = self.trace.records[index].meta
        sources = meta.setdefault("stored_from", [])
        if len(sources) < _ELEMENT_WRITES_READ * 4:
            loaded = _all_loaded_from(getattr(value, "value", value), self.loaded, depth=8, width=32)
            sources.extend(s for s, _ in loaded if s != index and s not in sources)

    def _stored_copy(self, found, value, tensor=None) -> None:
        """`frag.store(gQ_chunk.load())`, converted or not: a copy through registers, element for element; of equal
        shapes, the two tensors' leaves run along the same axes (as a copy's two sides do). So do the two slices of
        such a copy where the tensors differ (`inputs[(None, t)].store(x_groups[((0, 0, None), (b, t, g))].load())`:
        a register window's column holds one thread's vector of a row)."""
        v = getattr(value, "value", value)
        for _ in range(3):  # up conversions: ops of one operand
            source = self.loaded.get(_ir_hash(v))
            if source is not None:
                break
            operands = _operands(v)
            if len(operands) != 1:
                return
            v = operands[0]
        else:
            return
        dst, src = self.trace.records[found[0]], self.trace.records[source]
        if source not in dst.meta.setdefault("stored_copies", []):  # for `flow._thread_views_written_out`
            dst.meta["stored_copies"].append(source)
        if dst.levels and src.levels and found[1] == 0 and list(_leaves(dst.shapes[0])) == list(_leaves(src.shapes[0])):
            _flow.join_leaves(self.axes, src.levels[0], dst.levels[0])
            return
        loaded = self.slice_loads.get(_ir_hash(v))
        shape = _info(tensor).shape if loaded is not None and tensor is not None and len(found) > 2 else None
        if shape is not None and found[2] is not None and list(_leaves(shape)) == list(_leaves(loaded[1])) \
                and size(shape) > 1:
            _flow.join_leaves(self.axes, loaded[0], found[2])

    def on_stage_index(self, value) -> None:
        key = _ir_hash(getattr(value, "value", None))
        if key is not None:
            self.stage_values.add(key)

    def on_slice(self, tensor, coord, result) -> None:
        with _observing_one:
            try:
                if isinstance(result, tuple):  # an element of a coordinate tensor: the coordinates it holds
                    self._coordinates_read(tensor, result)
                elif isinstance(result, _numeric_class()):  # an element read: a SIMT step's operand
                    key, tensor_key = _ir_hash(getattr(result, "value", None)), _value_key(tensor)  # hashed once
                    self._element_read_from(key, tensor_key)
                    if _field_index(coord):
                        self.field_reads.add(key)
                    found = self._element_source(tensor)
                    if found is not None:
                        self.trace.records[found[0]].meta["read_by_element"] = True  # for `flow._vectors_by_hand`
                    if found is not None and key is not None:
                        self.loaded[key] = found[0]
                        self.read_at[key] = coord
                        self.read_modes[key] = found[2]
                        flat = _flat_literal(coord, self.trace.records[found[0]].shapes[found[1]])
                        if flat is not None:
                            self.read_flat[key] = flat
                        if self.register_values:  # none in most kernels: asked before the call, at every element
                            self._register_read(found, coord, key)
                    elif found is None and tensor_key is not None:
                        self.read_untraced[key] = tensor_key
                        self.untraced_read_at[key] = coord
                        if tensor_key not in self.untraced_hosts:
                            self.untraced_hosts[tensor_key] = self._host_record(tensor)
                    indexed = self._indexed(tensor, coord if isinstance(coord, tuple) else (coord,))
                    if indexed is not None and found is None:  # a parameter traced on the host only (a page table)
                        self.host_reads[key] = (indexed[0], coord)
                    self._named_element(tensor, coord)
                else:  # a kernel parameter first seen sliced is traced first, then what its indices select
                    first = _value_key(tensor) is not None and self.lookup(tensor) is None
                    self._observe_slice(tensor, coord, result)
                    self._indexed(tensor, coord if isinstance(coord, tuple) else (coord,), first)
            except Exception as exc:
                self.errors.append(f"slice: {type(exc).__name__}: {exc}")

    def on_tensor_slice(self, tensor, coord, result) -> None:
        """`sQ_s0 = cute.slice_(sQ, (None, None, 0))`: a view kept for the record its first use makes."""
        with _observing_one:
            key = _value_key(result)
            if key is not None and _is_tensor(tensor) and _is_tensor(result):
                self.slice_views[key] = (tensor, coord)

    def on_index(self, tensor, coord, value=None) -> None:
        """`t[crd] = value`: what the run-time indices say about t's modes (see `_indexed`), and whose elements the
        value was computed from (`tRS_rVp[i] = (tWHrU[i] - tTR_rWH[i]).to(bf16)`: a SIMT step of the data flow)."""
        with _observing_one:
            try:
                coord = coord if isinstance(coord, tuple) else (coord,)
                self._indexed(tensor, coord, written=value is not None)
                self._named_element(tensor, coord)
                if value is not None:
                    written = self._element_source(tensor)
                    if written is not None:
                        self.trace.records[written[0]].meta["written_by_element"] = True
                        self._descriptor_written(written[0], value)
                    self._register_written(tensor, coord, value)
                    if self.warp_results:
                        self._warp_mma_written(tensor, coord, value)
                    if self.tmem_values:
                        found = self._element_source(tensor)
                        if found is not None:
                            self._register_stored(found[0], value)
                    if self.loaded:
                        self._element_written(tensor, value)
                        self._element_written_out(tensor, value)
                        self._written_at_read_index(tensor, coord, value)
                    if self.read_untraced:
                        self._untraced_fill(tensor, value)
                    self._hand_loaded_fill(tensor, value)
                    self._element_fill(tensor, coord, value)
                    self._warp_partial_written(tensor, coord, value)
                    self._product_written(tensor, coord, value)
                    self._partials_summed(value)
                    self._accumulated_in_loop(tensor, coord, value)
            except Exception as exc:
                self.errors.append(f"index: {type(exc).__name__}: {exc}")

    def _register_written(self, tensor, coord: tuple, value) -> None:
        """`acc[m, e] = acc[m, e] + a[v] * b[v]`: the value a register element at a literal index holds now, so that
        a later read of it (`warp_sum(acc[m, e])`) is followed up to what was summed into it (`_register_sums`)."""
        if not all(isinstance(c, int) for c in coord):
            return
        found = self._element_source(tensor)
        if found is not None and self.trace.records[found[0]].memspaces == ("rmem",):
            self.register_values[(found[0], found[1], coord)] = getattr(value, "value", value)

    def _register_read(self, found, coord, key) -> None:
        coord = coord if isinstance(coord, tuple) else (coord,)
        held = self.register_values.get((found[0], found[1], coord))
        if held is not None and _register_sums is not None:
            _register_sums[key] = held

    def _element_written(self, tensor, value) -> None:
        """Every traced tensor an element write's value was read from becomes a source of the written tensor's
        values. An unrolled loop writes one expression many times: a tensor's first few writes say it, and so do the
        first few of each later statement that updates it from its own old values and another register tile
        (`_tile_update`: a state set, decayed, then updated from two accumulators, `st[i] = st[i] + qdo[i] - wdv[i]`,
        in three loops: the update is the third statement)."""
        found = self._element_source(tensor)
        if found is None:
            return
        meta = self.trace.records[found[0]].meta
        total = meta["element_writes"] = meta.get("element_writes", 0) + 1
        frame = patch.notified_from
        statement = (frame.f_code, frame.f_lineno) if frame is not None else None
        by_statement = meta.setdefault("statement_writes", {})
        writes = by_statement[statement] = by_statement.get(statement, 0) + 1
        if writes > _ELEMENT_WRITES_READ:
            return
        # through a run-time `if`'s branches: a clamp's `limit if x > limit else x` holds x's values
        values = _all_loaded_from(getattr(value, "value", value), self.loaded, branches=True)
        read = list(dict.fromkeys(source for source, _ in values))
        if total > _ELEMENT_WRITES_READ and not self._tile_update(found[0], read):
            return
        sources = meta.setdefault("values_from", [])
        sources.extend(source for source in read if source != found[0] and source not in sources)
        # further up (a gate applied in a run-time `if`, then converted: `bf16(q[i] * exp2(g[i] - g0))`): the inputs
        # an operand's values were computed from (`flow._input_origins`), which say nothing of the values' layout
        deeper = meta.setdefault("computed_from", [])
        deeper.extend(source for source, _ in _all_loaded_from(getattr(value, "value", value), self.loaded,
                                                               depth=_COMPUTED_DEPTH, branches=True)
                      if source != found[0] and source not in deeper)
        _moved_element(meta, self.loaded.get(_ir_hash(getattr(value, "value", value))))
        self._same_elements(meta, values)
        if found[0] in read:  # an update from its own old values and others' (`h[i] = decay * h[i] + dh[i]`)
            combined = meta.setdefault("combines", [])
            combined.extend(source for source in read if source != found[0] and source not in combined)

    def _descriptor_written(self, index: int, value) -> None:
        """A 64-bit register word first written with a value computed from a traced SMEM tensor's address (`desc[0] =
        make_umma_smem_desc(sA.iterator, ...)`, a descriptor kept in registers to be offset per k-block): the tensor
        the word describes (`meta["describes"]`), which an MMA issued by hand that reads the word back reads
        (`_described`)."""
        record = self.trace.records[index]
        if record.memspaces != ("rmem",) or record.dtypes[:1] != ("i64",) or "describes" in record.meta:
            return
        hit = self._traced_from(getattr(value, "value", value))
        record.meta["describes"] = hit if hit is not None \
            and self.trace.records[hit[0][0]].memspaces[hit[0][1]] == "smem" else None

    def _described(self, hit):
        """The SMEM tensor a descriptor held in registers describes, where `hit` (a traced tensor, its shape) is such
        a register word or a register tensor its value passed through (`result[0] = desc[0] + offset` over the
        word's storage, then read back as a word of a new descriptor): up the values stored and the views over
        one storage, in record order; else `hit`."""
        records = self.trace.records
        if hit is None or records[hit[0][0]].memspaces[hit[0][1]:hit[0][1] + 1] != ("rmem",):
            return hit
        seen, frontier = set(), [hit[0][0]]
        for _ in range(_DESCRIPTOR_STEPS):
            step = []
            for index in frontier:
                if index is None or index in seen:
                    continue
                seen.add(index)
                described = records[index].meta.get("describes")
                if described is not None:
                    return described
                step += list(records[index].meta.get("values_from", ()))
                step += [self.views[index]] if index in self.views else []
                step += [i for i, viewed in self.views.items() if viewed == index]
            frontier = step
        return hit

    def _tile_update(self, index: int, read: list) -> bool:
        """Whether an element write's reads update register tensor `index` from its own old values and another
        register tensor of its shape, element by element (`st[i] = st[i] + qdo[i] - wdv[i]`), not from scalars (a
        softmax's `x[i] = exp2(x[i] - row_max)`)."""
        records = self.trace.records
        shape = format_shape(records[index].shapes[0]) if records[index].shapes else None
        return index in read and any(records[j].memspaces == ("rmem",) and records[j].shapes
                                     and format_shape(records[j].shapes[0]) == shape for j in read if j != index)

    def _hand_loaded_fill(self, tensor, value) -> None:
        """`v[i] = loaded_f32[i]` with `loaded = prims.load_ext(ptr, count=8)` (or inline PTX `ld.global`): register
        elements written with what a load instruction issued by hand returned, marked on the registers' record
        (`meta["hand_loaded"]`, for `flow._loaded_by_hand`), as a vector stored whole from it is (`on_store`)."""
        found = self._element_source(tensor)
        if found is None or found[1] != 0:
            return
        meta = self.trace.records[found[0]].meta
        if meta.get("hand_loaded_checked", 0) >= _ELEMENT_WRITES_READ:
            return
        meta["hand_loaded_checked"] = meta.get("hand_loaded_checked", 0) + 1
        if self.trace.records[found[0]].memspaces == ("rmem",) and _loaded_by_hand(getattr(value, "value", value)):
            meta["hand_loaded"] = True

    def _untraced_fill(self, tensor, value) -> None:
        """`rQ[i] = Q[q_begin, head, dim + i].to(f32)`: an element written with a value computed only from elements of
        tensors no call traced (kernel parameters read element by element, in memory) and of no traced one: counted
        on the written tensor's record (`meta["untraced_fills"]`), for `flow._filled_by_hand`."""
        found = self._element_source(tensor)
        if found is None:
            return
        raw = getattr(value, "value", value)
        untraced = _all_loaded_from(raw, self.read_untraced)
        if untraced and not _all_loaded_from(raw, self.loaded):
            meta = self.trace.records[found[0]].meta
            meta["untraced_fills"] = meta.get("untraced_fills", 0) + 1
            # the host tensors the parameters read were launched from (`flow._routing_rows`: a router's table)
            meta.setdefault("untraced_from", set()).update(self.untraced_hosts.get(k) for k, _ in untraced)

    def _host_record(self, tensor):
        """The record of the host tensor a kernel parameter no call traced was launched with (`mapping`, read only
        element by element, launched as `make_tensor(mapping_ptr, (num_tokens, top_k))`), or None."""
        host = _launch_argument(sys._getframe(), tensor)
        found = self.lookup(host) if host is not None else None
        return found[0] if found is not None and found[1] == 0 else None

    def _element_fill(self, tensor, coord: tuple, value) -> None:
        """`sQ[h, c] = mQ[b, 0, h0 + h, c]` then `sQ[h + 8, c] = mR[b, 0, h0 + h, c]`: an SMEM buffer filled by hand,
        element by element, from values read straight out of other tensors. Remembered on the buffer's record as
        (source, index per mode), a literal or a run-time value's hash, for `flow.settle` (`_rows_filled_from_two`)."""
        found = self._element_source(tensor)
        if found is None or found[1] != 0 or self.trace.records[found[0]].memspaces != ("smem",):
            return
        meta = self.trace.records[found[0]].meta
        meta["written"] = True  # by the kernel, element by element (`flow._working_integers`)
        fills = meta.setdefault("element_fills", [])
        if len(fills) >= _ELEMENT_FILLS_READ:
            return
        key = _ir_hash(getattr(value, "value", value))
        source = self.loaded.get(key)
        source = ("record", source) if source is not None else ("tensor", self.read_untraced.get(key))
        if source[1] is None:  # a value computed from the elements of one traced tensor alone (`k[i] * k_norm`, the
            # norm reduced from k's own elements): that tensor's, as a straight read is
            computed = {record for record, _ in _all_loaded_from(getattr(value, "value", value), self.loaded)}
            if len(computed) != 1:
                return
            source = ("record", computed.pop())
        fills.append((source, tuple(c if isinstance(c, int) else _ir_hash(getattr(c, "value", None))
                                    for c in coord)))

    def _warp_partial_written(self, tensor, coord: tuple, value) -> None:
        """`buffer[warp // per_row, warp % per_row] = warp_sum`: an SMEM buffer where each warp leaves its
        reduced value (a shuffle or vector reduction) at an index its warp number gives. The warp number's
        quotient picks the rows (the warps of one row share it), the warp number itself or its remainder the
        row's partial sums; remembered on the buffer's record for `flow.settle` (kernels with no MMA only)."""
        if self.axes.mmas:  # asked first: the roles walk up each index's ops, at every element write
            return
        roles = [_warp_role(getattr(c, "value", None)) if c is not None and not isinstance(c, int) else None
                 for c in coord]
        if "partials" not in roles:
            self._result_written(tensor, value)
            return
        found = self._element_source(tensor)
        if found is None or self.trace.records[found[0]].memspaces != ("smem",):
            self._result_written(tensor, value)  # a warp's result written where it belongs (`y[warp, c] = sum`)
            return
        modes = found[2] if isinstance(found[2], tuple) else (found[2],)
        if len(modes) != len(coord) or not _reduced(getattr(value, "value", value)):
            return
        meta = self.trace.records[found[0]].meta
        # a mode every warp writes at literal indices holds several values of each warp (one per output)
        roles = [role if role is not None or not isinstance(c, int) else "values" for role, c in zip(roles, coord)]
        # the literals written together: a slot is reused where they repeat (`buf[row % 2, warp]` over unrolled
        # rows), not where one of them meets several others (`buf[i, j, warp]`: one output per (i, j))
        literals = tuple(c for role, c in zip(roles, coord) if role == "values")
        for label, role in zip(modes, roles):
            if role is not None and isinstance(label, _levels.ModeLabel) and label.var is not None:
                meta.setdefault("warp_partials", {})[label.var] = role
                if role == "values":  # literals written again are a slot reused: a stage
                    written = meta.setdefault("literal_writes", {}).setdefault(label.var, {})
                    written[literals] = written.get(literals, 0) + 1
                if role != "values":
                    self.axes.suggest(label.var, "M" if role == "rows" else "N", "reduction_buffer")
        products = _element_products(getattr(value, "value", value), self.loaded, self.read_at)
        partials = [label.var for label, role in zip(modes, roles)
                    if role == "partials" and isinstance(label, _levels.ModeLabel)]
        if products:  # the partial sums are of a contraction (a GEMV's dot products): along what it contracts
            _contracted(meta, products, partials)
        elif _hand_loaded_products(getattr(value, "value", value)):  # of values loaded by hand (`ld.global.v4`)
            _contracted(meta, {}, partials)

    def _product_written(self, tensor, coord: tuple, value) -> None:
        """`acc[m, e] = acc[m, e] + a[v] * b[v]`, `buf[m, e, warp] = warp_sum(acc[m, e])`: an element written at
        literal indices with a sum of products of two register tensors' elements: those indices (None where not
        literal) and the factors' records, on the written tensor's record (`meta["product_writes"]`, a few writes
        at distinct indices), for `flow._product_rows`. Kernels with no MMA only."""
        if self.axes.mmas or not self.read_at or not any(isinstance(c, int) for c in coord):
            return
        found = self._element_source(tensor)
        if found is None or found[1] != 0:
            return
        meta = self.trace.records[found[0]].meta
        literal = tuple(c if isinstance(c, int) else None for c in coord)
        writes = meta.setdefault("product_writes", [])
        checked = meta["product_writes_checked"] = meta.get("product_writes_checked", 0) + 1
        if len(writes) >= _PRODUCT_WRITES_READ or checked > 4 * _PRODUCT_WRITES_READ \
                or any(literal == seen for seen, _ in writes):
            return
        products = _element_products(getattr(value, "value", value), self.loaded, self.read_at, self.read_flat)
        if products:
            writes.append((literal, tuple(products)))
            meta.setdefault("product_indices", []).append((literal, products))

    def _partials_summed(self, value) -> None:
        """`v = red[0, i, lane] + red[1, i, lane] + ...`, written anywhere: elements of an SMEM buffer read at indices
        that differ in one mode only, each a distinct literal, added together. That mode holds partial sums its
        reader finishes (each warp's or each CTA's share of a split reduction): remembered on the buffer's record
        (`meta["summed_modes"]`) for `flow._summed_partials`. Only the first few sums of a trace are read."""
        if not self.loaded.smem or not self.read_at or self.summed_writes >= _SUMMED_WRITES_READ:
            return  # no value was read out of SMEM: no sum is of a buffer's partials (`mode_loads` are SMEM's too)
        terms = _summed_terms(getattr(value, "value", value))
        read: dict = {}  # SMEM buffer record -> the indices its summed elements were read at
        for term in terms if len(terms) > 1 else ():
            found = _through_conversions(term, lambda v: _ir_hash(v) if _ir_hash(v) in self.read_at else None)
            if found in self.loaded and self.trace.records[self.loaded[found]].memspaces == ("smem",):
                read.setdefault(self.loaded[found], []).append(_coordinate_key(self.read_at[found]))
        reduced = self._modes_reduced(getattr(value, "value", value)) if self.mode_loads else []
        self.summed_writes += 1 if read or reduced else 0
        for index, coords in read.items():
            mode = _one_mode_apart(coords)
            if mode is not None:
                self.trace.records[index].meta.setdefault("summed_modes", set()).add(mode)
        for index, mode in reduced:
            self.trace.records[index].meta.setdefault("summed_modes", set()).add(mode)

    def _accumulated_in_loop(self, tensor, coord: tuple, value) -> None:
        """`acc[p] = acc[p] + dot * scale` inside `for kt in range(kt0, kt1)`: a register element updated from its own
        old value and a product, in the body of dynamic loops: those loops walk what they contract
        (`reducing_loops`, for `_loop_walked_k`)."""
        if self.axes.mmas or not all(isinstance(c, int) for c in coord) or len(self.reducing_loops) > 8:
            return
        raw = getattr(value, "value", value)
        found = self._element_source(tensor) if _op_name(raw) in ("arith.addf", "math.fma") else None
        if found is None or self.trace.records[found[0]].memspaces != ("rmem",):
            return
        old = [o for o in _operands(raw) if self.loaded.get(_ir_hash(o)) == found[0]
               and _coordinate_key(self.read_at.get(_ir_hash(o))) == _coordinate_key(coord)]
        if old and any(_op_name(v) in _PRODUCTS for v in _defining_values(raw, 64)):
            # the loops the sum spans: not those the accumulator is made in anew (a token loop's `acc = zeros`)
            made_in = _enclosing_loops(_operands(old[0])[0]) if _operands(old[0]) else set()
            self.reducing_loops.update(_enclosing_loops(raw) - made_in)

    def _loop_walked(self, coord, labels: tuple) -> None:
        """A tile picked at a coordinate computed from a dynamic loop's index (`local_tile(a[0, None], (4,), (kt * 4
        + lane % 2,))`, `w[kt, None]`): the tile mode (or the mode indexed) that coordinate walks, remembered with
        the loop's index for `_loop_walked_k`."""
        for c, label in zip(coord if isinstance(coord, tuple) else (coord,), labels):
            value = getattr(c, "value", None) if c is not None and not isinstance(c, int) else None
            if value is not None and isinstance(label, _levels.ModeLabel) and label.var is not None:
                self.loop_walks.extend((loop, label.var) for loop in _loop_indices_of(value))

    def _loop_walked_k(self) -> None:
        """In a kernel with no MMA, the modes a loop that accumulates products walks run along what it contracts:
        K (the dot products' reduced axis; `axes.solve` names a class so keyed before a tiler's position)."""
        if self.axes.mmas:
            return
        for loop, var in self.loop_walks:
            if loop in self.reducing_loops:
                self.axes.bind(var, ("reduced", loop))

    def _modes_reduced(self, value) -> list:
        """(record, mode) of each SMEM buffer mode a value sums by a vector reduction of a slice keeping only that
        mode (`buf[None, e].load().reduce(ADD, ...)`)."""
        found = []
        values = list(_defining_values(value, 32))
        for branch in [v for v in values if _op_name(v) == "scf.if"]:  # `if ok: total = ...reduce(...)`
            values += [x for y in _branch_values(branch) for x in _defining_values(y, 32)]
        for v in values:
            operands = _operands(v)
            if _op_name(v) != "vector.reduction" or "add" not in _attribute_text(v, "kind") or not operands:
                continue
            hit = _through_conversions(operands[0], lambda x: self.mode_loads.get(_ir_hash(x)))
            labels = self.trace.records[hit[0]].levels if hit is not None else ()
            modes = _flow._modes(labels[0]) if labels else ()
            at = [i for i, mode in enumerate(modes) if isinstance(mode, _levels.ModeLabel) and mode.var == hit[1].var]
            if len(at) == 1:
                found.append((hit[0], at[0]))
        return found

    def _result_written(self, tensor, value) -> None:
        """`y[i, j] = warp_sum` into global memory (one warp per output, no cross-warp buffer): a reduced value
        summed from products of two register tensors' elements is a contraction too, remembered on the left
        factor's record. Only the first few global element writes of a trace are followed (`_RESULT_WRITES_READ`):
        a kernel writing its results element by element writes thousands."""
        if not self.read_at or self.result_writes >= _RESULT_WRITES_READ:
            return
        info = _info(tensor)
        if info is None or info.memspace != "gmem":
            return
        self.result_writes += 1
        v = getattr(value, "value", value)
        if _reduced(v):
            for pair, indices in _element_products(v, self.loaded, self.read_at).items():
                _contracted(self.trace.records[pair[0]].meta, {pair: indices}, [])

    def _element_source(self, tensor):
        """`lookup` of a tensor whose elements are read or written: once per tensor object, not per element (an
        unrolled loop reads thousands)."""
        hit = self.last_element_source
        if hit[0] is tensor:  # (None at first: a None tensor is found nowhere either)
            return hit[1]
        hit = self.element_sources.get(id(tensor))
        if hit is None or hit[0] is not tensor:
            found = self.lookup(tensor) if _value_key(tensor) is not None else None
            hit = self.element_sources[id(tensor)] = (tensor, found)  # holding it keeps the id its own
        self.last_element_source = hit
        return hit[1]

    def _written_at_read_index(self, tensor, coord: tuple, value) -> None:
        """`rC2[0, n, m] += rC1[0, n, m] * sf[0, m]`: register tiles of one shape read at the literal index an
        element write writes (its first few writes per statement): the written tile holds theirs element by element
        (`meta["written_at_read"]`, for `flow._combined_tiles`)."""
        found = self._element_source(tensor)
        at = _coordinate_key(coord)
        if found is None or not all(isinstance(c, int) for c in at):
            return
        record = self.trace.records[found[0]]
        if record.memspaces != ("rmem",):
            return
        frame = patch.notified_from
        statement = (frame.f_code, frame.f_lineno) if frame is not None else None
        seen = record.meta.setdefault("written_at_read_seen", {})
        seen[statement] = seen.get(statement, 0) + 1
        if seen[statement] > _ELEMENT_WRITES_READ:
            return
        shape = format_shape(record.shapes[0])
        for source, key in _all_loaded_from(getattr(value, "value", value), self.loaded):
            other = self.trace.records[source]
            if source != found[0] and key in self.read_at and _coordinate_key(self.read_at[key]) == at \
                    and other.memspaces == ("rmem",) and format_shape(other.shapes[0]) == shape:
                sources = record.meta.setdefault("written_at_read", [])
                if source not in sources:
                    sources.append(source)

    def _same_elements(self, meta: dict, values: list) -> None:
        """Register tensors of one shape read at one index into one value (`o[i] = scale * oh[i] + oi[i]`) are
        combined element by element: remembered on the written tensor for `flow.settle` (`same_index`)."""
        by_index: dict = {}
        for source, key in values:
            at = _coordinate_key(self.read_at[key]) if key in self.read_at else None
            record = self.trace.records[source]
            if at is not None and record.memspaces == ("rmem",):
                by_index.setdefault((at, format_shape(record.shapes[0])), set()).add(source)
        groups = meta.setdefault("same_index", [])
        groups.extend(sorted(g) for g in by_index.values() if len(g) > 1 and sorted(g) not in groups)

    def _coordinates_read(self, tensor, coordinates: tuple) -> None:
        """`tRS_cD[v]`: each run-time coordinate read from an identity tensor (or a partition of one) runs along
        that identity's mode."""
        found = self.lookup(tensor) if _value_key(tensor) is not None else None
        record = self.trace.records[found[0]] if found is not None else None
        threads = False  # read from a thread's partition of the identity: the coordinates differ per thread
        for _ in range(4):  # up the partitions and tiles of the identity
            if record is None or record.op == "make_identity_tensor" or not record.inputs:
                break
            threads = threads or record.op in ("partition_S", "partition_D")
            record = self.trace.records[record.inputs[0]]
        if record is None or record.op != "make_identity_tensor" or not record.levels:
            return
        modes = record.levels[0] if isinstance(record.levels[0], tuple) else (record.levels[0],)
        for coordinate, mode in zip(coordinates, modes):
            value = getattr(coordinate, "value", None) if not isinstance(coordinate, int) else None
            if value is None or not isinstance(mode, _levels.ModeLabel) or mode.var is None:
                continue
            self.coordinate_values[_ir_hash(value)] = mode.var
            if threads:
                self.thread_coordinates.add(_ir_hash(value))
            try:  # the scalar is read out of an integer tuple; arithmetic on the coordinate may use the tuple
                if value.owner.name == "cute.get_scalars":
                    self.coordinate_values[_ir_hash(value.owner.operands[0])] = mode.var
                    if threads:
                        self.thread_coordinates.add(_ir_hash(value.owner.operands[0]))
            except (AttributeError, ValueError, IndexError):
                continue

    def _indexed(self, tensor, coord: tuple, first: bool = False, written: bool = False):
        """A tensor indexed by run-time values: the mode a pipeline state's index selects is that pipeline's stage
        (`sched_data[i, state.index]`); a mode indexed by a coordinate read from an identity tensor, or by that
        coordinate plus an offset (`sScale[row0 + tRS_cD[v][0], stage]`), runs along the coordinate's axis; any
        other run-time index is remembered with the modes it selects (see `flow._same_indices`; a parameter's
        `first` slice, `mK[None, kv_head, None]`, only for `flow._packed_rows`). Returns the record it found, the
        host tensor the launch passed for a kernel parameter traced only there."""
        stages, joins, others, literals = [], [], [], []
        for i, c in enumerate(coord):
            if isinstance(c, int) and not isinstance(c, bool):
                literals.append(i)
            value = getattr(c, "value", None) if c is not None and not isinstance(c, int) else None
            if value is None:
                continue
            key = _ir_hash(value)
            if key in self.stage_values:
                stages.append(i)
                continue
            var = _up_defining_ops(value, lambda v: self.coordinate_values.get(_ir_hash(v)), depth=4, unwrap=True) \
                if self.coordinate_values else None
            if var is not None:
                joins.append((i, var))
            elif key is not None:
                others.append((i, key))
        nested = any(isinstance(c, tuple) for c in coord)  # a grouped mode selected leaf by leaf: `_nested_pages`
        found = self.lookup(tensor) if (stages or joins or others or literals or nested) \
            and _value_key(tensor) is not None else None
        if found is None and others:  # a kernel parameter only ever indexed (`tile_to_expert[m_tile]`): the host
            frame = caller(2)[1]  # tensor the launch passed is what it indexes
            host = _launch_argument(frame, tensor)
            found = self.lookup(host) if host is not None and _is_tensor(host) else None
            stages, joins = [], []
            if written and found is not None:  # written element by element (a combine's output): by that kernel
                self.trace.records[found[0]].meta.setdefault("written_in", set()).add(_current_kernel(frame)[0])
        if found is None:
            return
        record = self.trace.records[found[0]]
        if stages and found[1] == 0 and record.shapes and isinstance(record.shapes[0], tuple) \
                and len(record.shapes[0]) == len(coord):
            record.meta["stage_modes"] = sorted(set(record.meta.get("stage_modes", ())) | set(stages))
        modes = found[2] if isinstance(found[2], tuple) else (found[2],)  # a slice's: the modes it kept
        if len(modes) != len(coord):
            return found
        memory = record.memspaces[found[1]] if len(record.memspaces) > found[1] else None
        for i in literals + [i for i, _ in others]:
            if isinstance(modes[i], _levels.ModeLabel) and modes[i].var is not None and modes[i].role == "rest":
                self.tile_picks.setdefault(modes[i].var, set()).add(
                    (coord[i] if i in literals else None, memory in ("gmem", "coord")))
        self._k_tiles_indexed(record, found, modes, coord)
        for i in stages:  # an SMEM buffer's mode a pipeline state's index selects (through a TMA partition of it,
            label = modes[i]  # `tGds[None, state.index]`) is that pipeline's stage, whatever the buffer's rank said
            if isinstance(label, _levels.ModeLabel) and label.level in ("block", "epi") and label.origin != found[0] \
                    and self._buffer_mode(label) and label.var is not None:  # (indexed itself: metadata)
                self.stages.add((label.origin, label.var))
            elif _accumulator_slot(record, found, label):
                self.accumulator_stages.add(label.var)
        for i, var in joins:
            if i < len(modes) and isinstance(modes[i], _levels.ModeLabel):
                self.axes.join(modes[i].var, var)
        extents = record.shapes[found[1]] if len(record.shapes) > found[1] else None
        for i, _ in others:
            extent = extents[i] if isinstance(extents, tuple) and len(extents) == len(coord) else None
            self._paged_mode(record, modes[i] if i < len(modes) else None, coord[i].value, extent)
        for i, c in enumerate(coord) if nested else ():
            if isinstance(c, tuple):
                self._nested_pages(record, modes[i], c)
        self._loop_walked(tuple(coord[i] if any(i == j for j, _ in others) else None for i in range(len(coord))),
                          modes)
        for i, c in enumerate(coord) if nested else ():  # `gA[None, (bidx, k_tile)]`: a rest's leaf the loop walks
            if isinstance(c, tuple) and isinstance(modes[i], tuple) and len(modes[i]) == len(c):
                self._loop_walked(c, modes[i])
        for i, key in others:  # one run-time index of several tensors' modes: joined when the trace ends
            if i < len(modes) and isinstance(modes[i], tuple) and not first \
                    and (record.memspaces == ("rmem",) or _mma_rows(modes[i])):
                self._nested_index(tensor, modes[i], i, key, found[0])
            if i < len(modes) and isinstance(modes[i], _levels.ModeLabel) and modes[i].var is not None:
                if not first:
                    self.index_uses.setdefault(key, []).append(modes[i].var)
                    if record.memspaces == ("rmem",):
                        record.meta.setdefault("index_labels", []).append((key, modes[i].level, modes[i].role))
                self.selections.setdefault(key, []).append(modes[i].var)
                if record.op == "make_tensor" and record.memspaces == ("smem",) and found[1] == 0 \
                        and isinstance(record.shapes[0], tuple) and len(record.shapes[0]) == len(coord) \
                        and modes[i].origin == found[0] and _ring_index(coord[i], record.shapes[0][i]) \
                        and not _flat_index_split(coord[i], coord):
                    self.rings.add((found[0], modes[i].var))
                if record.meta.get("indexed", 0) < _GATHER_INDICES_READ:  # an unrolled gather says it in a few
                    record.meta["indexed"] = record.meta.get("indexed", 0) + 1
                    self.gathers.append((found[0], modes[i].var, key, _index_sources(coord[i].value)))
                    self._packed_index(record, modes[i].var, coord[i].value)
        return found

    def _buffer_mode(self, label) -> bool:
        """Whether a mode is an SMEM buffer's own: made by the buffer's rank (`smem_buffer`), or a leaf of a view
        over the buffer's memory (`make_tensor(sScales.iterator, make_layout((64, 2, 3), ...))`) that took one of
        the buffer's modes by its stride (rule `like`, the buffer's record and axis variable)."""
        if label.rule.startswith("smem_buffer"):
            return True
        if label.rule != "like" or not 0 <= label.origin < len(self.trace.records):
            return False
        buffer = self.trace.records[label.origin].levels[:1]
        return any(isinstance(x, _levels.ModeLabel) and x.var == label.var and x.rule.startswith("smem_buffer")
                   for tree in buffer for x in _levels.flatten(tree))

    def _packed_index(self, record, var: int, index) -> None:
        """A global mode selected by a sum of terms some of which are scaled by a constant (`(chunk * heads + h) *
        16 + t`, `chunk * Hv + v_head`): what its unscaled terms are and what its scaled ones were computed from,
        for `flow._packed_head_rows`."""
        if not set(record.memspaces) & {"gmem", "coord"}:
            return
        terms = _sum_terms(index)
        if len(terms) < 2:
            return
        scaled = [t for t in terms if _scaled_term(t) is not None]
        inner = [_ir_hash(_past_casts(t)) for t in terms
                 if _scaled_term(t) is None and _constant(_past_casts(t)) is None]
        if scaled and inner:
            outer: dict = {}
            for t in scaled:
                outer.update(_index_sources(_scaled_term(t)))
            self.packed_indices.append((var, tuple(inner), tuple(outer)))

    def _paged_mode(self, record, mode, index, extent=None) -> None:
        """A global mode selected by an index read out of another tensor (`page = block_table[b, blk]`, then
        `tGSgK[None, 0, k, h + h_k * page]`; directly, through integer arithmetic or an `if` that yields it) holds
        the pages of a paged cache: its outer leaf (a grouped (heads, pages) mode's pages) is remembered for
        `flow._batch`, which names pages the sequence of the input (keys), not a batch, with the table's mode
        that walks the pages. Where the index adds another run-time index to the pages (`page * heads + h`) and
        the mode has no other leaf to hold it (`(1, ?)`), its one leaf packs pages and heads: `packed_pages`."""
        if not set(record.memspaces) & {"gmem", "coord"} or mode is None:
            return
        leaf = list(_levels.flatten(mode))[-1] if isinstance(mode, tuple) else mode
        if not isinstance(leaf, _levels.ModeLabel) or leaf.var is None:
            return
        read = _read_from_table(index, lambda key: key in self.loaded or key in self.read_untraced)
        if read is not None and read not in self.field_reads:  # (a work list's `meta[cta, 0]` picks no page)
            tables = self.paged.setdefault(leaf.var, set())
            self.slot_reads.setdefault(leaf.var, set()).add(self._entry_per_cta(read))
            # (page ids staged in registers first, `k_idx[i] = mPT[k]`: the registers' mode and the table's)
            for table in {self._pages_walked(read), self._pages_walked(self._held_table_read(read))} - {None}:
                tables.add(table)
            others = [e for e in _leaves(extent)][:-1] if extent is not None else None
            if others is not None and all(e == 1 for e in others) and _adds_another_index(index, read):
                self.packed_pages.add(leaf.var)

    def _entry_per_cta(self, key) -> bool:
        """Whether an element read out of a table (`key`) is a CTA's one entry: a table of one mode read at an index
        the block index alone computes (`state_indices[block // heads]`), not one a thread, a loop or another
        table's entry takes part in (`block_table[b, lane]`, `kv_indices[indptr[b] + j]`): a slot of a
        per-sequence cache, where a page table hands each sequence many pages."""
        coord = self.read_at.get(key, self.untraced_read_at.get(key))
        if key in self.host_reads or coord is None:
            return False
        coord = coord if isinstance(coord, tuple) else (coord,)
        if len(coord) != 1 or isinstance(coord[0], int) or not _from_block_index(coord[0], set()):
            return False
        value = getattr(coord[0], "value", None)
        return value is not None and _read_from_table(
            value, lambda k: k in self.loaded or k in self.read_untraced) is None \
            and _up_defining_ops(value, lambda v: True if _loop_index(v) else None, depth=6) is None

    def _nested_pages(self, record, mode, coord: tuple) -> None:
        """A nested coordinate that selects a grouped mode leaf by leaf (`tKgK[None, None, 0, ((0, head_kv), page)]`
        over `((h_r, h_kv), pages)`): where its last leaf, the mode's outer one, was read out of a table (the page a
        block table names), the mode holds the pages of a paged cache, as a flat mode that index selects does
        (`_paged_mode`); a mode nested as the coordinate is, leaf by leaf."""
        if isinstance(mode, tuple):
            for label, c in zip(mode, coord) if len(mode) == len(coord) else ():
                value = getattr(c, "value", None) if c is not None and not isinstance(c, (int, tuple)) else None
                if isinstance(c, tuple):
                    self._nested_pages(record, label, c)
                elif value is not None:
                    self._paged_mode(record, label, value)
            return
        last = coord
        while isinstance(last, tuple) and last:
            last = last[-1]
        value = getattr(last, "value", None) if last is not None and not isinstance(last, int) else None
        if value is not None:
            self._paged_mode(record, mode, value)

    def _held_table_read(self, key):
        """The element read a register element held when it was read (`k_idx[i] = mPT[k]`, then `k_idx[k]` picks the
        page): the table's read, where the register array was filled at literal indices from a global tensor;
        else `key` itself."""
        record, coord = self.loaded.get(key), self.read_at.get(key)
        if record is None or self.trace.records[record].memspaces != ("rmem",):
            return key
        coord = coord if isinstance(coord, tuple) else (coord,)
        value = self.register_values.get((record, 0, coord))
        held = _ir_hash(value) if value is not None else None
        source = self.loaded.get(held) if held is not None else None
        if source is None and (held is None or held not in self.host_reads):
            return key
        return held if source is None or set(self.trace.records[source].memspaces) & {"gmem", "coord"} else key

    def _pages_walked(self, key):
        """The axis variable of the mode of a page table that an element read (`key`) walks: its one mode, or the
        one mode whose index a loop's index computes (`block_table[b, t * pages_per_tile + j]`)."""
        record, coord = self.host_reads.get(key) or (self.loaded.get(key), self.read_at.get(key))
        if record is None or coord is None or not self.trace.records[record].levels:
            return None
        read = self.read_modes.get(key) if key not in self.host_reads else None
        modes = _levels.flatten(read if read is not None else self.trace.records[record].levels[0])
        modes = [m for m in modes if isinstance(m, _levels.ModeLabel)]
        coord = coord if isinstance(coord, tuple) else (coord,)
        if len(modes) != len(coord):
            return None
        if len(modes) == 1:
            return modes[0].var
        walking = [m for m, c in zip(modes, coord) if getattr(c, "value", None) is not None and _up_defining_ops(
            c.value, lambda v: True if _loop_index(v) else None, depth=6) is not None]
        return walking[0].var if len(walking) == 1 else None

    def _k_tiles_indexed(self, record, found, modes: tuple, coord: tuple) -> None:
        """A stage mode of an MMA's A or B fragment that a loop's run-time index selects, not a pipeline state's
        (`tSrQ[None, None, k, q_tile]` over the latent tiles of one Q held at once, `tOrP[..., (p_tile,
        state.index)]`), holds the k-tiles one accumulation walks: a rest along the MMA's K, as MMA_K is. A
        pipeline's consumer selects its stage by the state's index; a leaf of extent 1 walks nothing."""
        if record.op not in ("make_fragment_A", "make_fragment_B") or found[1] != 0 or not record.levels \
                or not isinstance(record.levels[0], tuple) or len(record.levels[0]) < 4 \
                or len(modes) != len(record.levels[0]) or not isinstance(record.shapes[0], tuple) \
                or len(record.shapes[0]) != len(modes):
            return
        k_mode = record.levels[0][2]
        if not isinstance(k_mode, _levels.ModeLabel) or k_mode.var is None or k_mode.role != "rest":
            return

        def walks(index) -> bool:
            value = getattr(index, "value", None) if index is not None and not isinstance(index, int) else None
            return value is not None and _ir_hash(value) not in self.stage_values and _loop_index(value)

        for c, label, shape in zip(coord[3:], modes[3:], record.shapes[0][3:]):
            if not isinstance(label, _levels.ModeLabel) or label.level != "stage" or label.var is None:
                continue
            extents = tuple(_leaves(shape))
            if not all(isinstance(e, int) for e in extents):
                continue
            if isinstance(c, tuple) and len(c) == len(extents):
                flags = tuple(walks(x) and e > 1 for x, e in zip(c, extents))
            elif walks(c):  # one index over the mode: its leaves of extent above 1
                flags = tuple(e > 1 for e in extents)
            else:
                continue
            if any(flags):
                self.k_tiles[(label.origin, label.var)] = (k_mode.var, flags, extents)

    def _issue_sliced(self, number, operands: dict) -> None:
        """Which slice of which traced tensor each operand of one MMA issue is (`cute.gemm`'s tensors, or the
        values a hand-issued MMA's descriptors and TMEM address were computed from), for `_tiles_held`."""
        if number is None:
            return
        found = {slot: _up_defining_ops(value, lambda v: self.slice_coords.get(_ir_hash(v)), depth=10, unwrap=True)
                 for slot, value in operands.items() if value is not None}
        accumulator = operands.get("C")
        if found.get("C") is None and accumulator is not None:  # an accumulator used whole
            whole = self.lookup(accumulator) if _is_tensor(accumulator) else self._traced_from(accumulator)
            whole = whole if whole is None or _is_tensor(accumulator) else whole[0]
            found["C"] = (whole[0], None) if whole is not None else None
        found = {slot: hit for slot, hit in found.items() if hit is not None}
        if "C" in found and ("A" in found or "B" in found):
            self.issue_slices.append((number, found))
            for _, coord in found.values():
                for index in _index_leaves(coord) if coord is not None else ():
                    value = getattr(index, "value", None) if not isinstance(index, int) else None
                    if value is not None and _loop_index(value):
                        self.loop_indices.add(_ir_hash(value))

    def _index_kind(self, index):
        """What selects a leaf in an MMA issue's operand slice: ("const", n), a pipeline state's index ("stage"), a
        dynamic loop's own index ("loop") or another run-time value ("run"), with the value's hash; None for `None`."""
        if index is None:
            return None
        if isinstance(index, int):
            return ("const", index)
        value = getattr(index, "value", None)
        key = _ir_hash(value) if value is not None else None
        if key is None:
            return None
        return ("stage", key) if key in self.stage_values else ("loop", key) if key in self.loop_indices else ("run", key)

    def _sliced_leaves(self, record_index: int, coord) -> list | None:
        """(position, label, index kind) of each leaf past the first three modes of an MMA fragment or accumulator
        sliced at `coord` whose label is a pipeline stage; None where the coordinate does not fit the shape."""
        record = self.trace.records[record_index]
        if not record.levels or not isinstance(record.levels[0], tuple) or not isinstance(record.shapes[0], tuple) \
                or not isinstance(coord, tuple) or len(coord) != len(record.shapes[0]) or len(coord) < 4:
            return None
        found = []
        for p in range(3, len(coord)):
            shape, tree = record.shapes[0][p], record.levels[0][p]
            extents = list(_leaves(shape))
            labels = [tree] * len(extents) if isinstance(tree, _levels.ModeLabel) else list(_levels.flatten(tree))
            indices = list(_index_leaves(coord[p])) if isinstance(coord[p], tuple) else [coord[p]]
            if len(labels) != len(extents) or len(indices) != len(extents):
                if not all(i is None for i in indices):
                    return None
                indices = [None] * len(extents)
            own = {id(x): 0 for x in labels}
            for leaf, (label, index) in enumerate(zip(labels, indices)):
                at = own[id(label)]
                own[id(label)] += 1
                if isinstance(label, _levels.ModeLabel) and label.level == "stage" and label.var is not None \
                        and extents[leaf] != 1:  # (a leaf of extent 1 holds one tile: nothing to walk)
                    found.append(((p, leaf), (label.origin, label.var, at), self._index_kind(index)))
        return found

    def _tiles_held(self) -> None:
        """Stage modes that MMA issues show hold tiles of one product at once, not a pipeline's slots. Each issue's
        operands are slices of traced fragments and of the accumulator (see `_issue_sliced`). A stage leaf of an
        A or B fragment that takes several values into one accumulator slice (distinct constants, or a dynamic
        loop's own index that selects no accumulator mode) holds the k-tiles one accumulation walks: a rest along
        the MMA's K (`tSrQ[None, None, k, (q_tile, 0)]` over Q's latent tiles). A stage leaf selected by the same
        loop index as an accumulator's stage leaf (or by constants that follow the accumulator slice's), in a
        nested mode whose other leaves are walked k-tiles or a pipeline state's slot (`tOrV[..., ((n_half,
        k_tile), state.index)]` into `tOtO[..., n_half]`), holds the accumulator's column (or row) blocks: both
        are rests along the operand's N (or M), as a whole product's O split in latent halves is. A mode a
        pipeline state's index selects stays that pipeline's stage; an index that picks one slice per
        accumulator (flash-attn's two Q tiles into two S tiles) walks nothing."""
        walked: dict = {}  # (origin, var, leaf) -> the MMA_K rest's variable
        held: dict = {}  # (origin, var, leaf) -> the variables of the MMA rest it runs along
        for fragment_slot, rest in (("A", 1), ("B", 1)):
            by_record: dict = {}
            for number, found in self.issue_slices:
                if fragment_slot not in found:
                    continue
                record_index, coord = found[fragment_slot]
                if self.trace.records[record_index].op not in ("make_fragment_A", "make_fragment_B"):
                    continue
                leaves = self._sliced_leaves(record_index, coord)
                accumulator = self._sliced_leaves(*found["C"]) if found["C"][1] is not None else []
                if not leaves or accumulator is None:
                    continue
                c_coord = found["C"][1]
                c_key = (number, found["C"][0], tuple(self._index_kind(x) for x in _index_leaves(c_coord)))
                by_record.setdefault(record_index, []).append((c_key, leaves, accumulator))
            for record_index, issues in by_record.items():
                modes = self.trace.records[record_index].levels[0]
                k_mode, row_mode = modes[2], modes[rest]
                if not isinstance(k_mode, _levels.ModeLabel) or not isinstance(row_mode, _levels.ModeLabel):
                    continue
                per_leaf: dict = {}
                for c_key, leaves, accumulator in issues:
                    for position, key, kind in leaves:
                        per_leaf.setdefault((position, key), []).append((c_key, kind, accumulator))
                walks = set()
                for (position, key), uses in per_leaf.items():
                    consts: dict = {}
                    nested = len(self.trace.records[record_index].shapes[0][position[0]]) > 1 \
                        if isinstance(self.trace.records[record_index].shapes[0][position[0]], tuple) else False
                    for c_key, kind, accumulator in uses:
                        # constants walk a leaf of a slot mode the layout divided ((k-tiles, ring)); a flat ring's
                        # slots unrolled one by one (a prologue's) are still its stages
                        if kind is not None and kind[0] == "const" and nested:
                            consts.setdefault(c_key, set()).add(kind[1])
                        elif kind is not None and kind[0] == "loop" and all(
                                a_kind != kind for _, _, a_kind in accumulator):
                            consts.setdefault(c_key, set()).update((kind, None))
                    if any(len(v) > 1 for v in consts.values()):
                        walks.add(position)
                        walked[key] = k_mode.var
                for (position, key), uses in per_leaf.items():
                    if position in walks:
                        continue
                    others = [(p, kind) for (p, _), us in per_leaf.items() if p[0] == position[0] and p != position
                              for _, kind, _ in us]
                    if not any(p in walks or (kind is not None and kind[0] == "stage") for p, kind in others):
                        continue
                    followed = self._accumulator_followed(uses)
                    if followed:
                        held[key] = [row_mode.var]
                        for c_leaf in followed:
                            held.setdefault(c_leaf, []).append(row_mode.var)
        self._accumulator_columns_walked(held)
        if walked or held:
            self._relabel_held(walked, held)

    def _accumulator_columns_walked(self, held: dict) -> None:
        """A TMEM accumulator's stage leaf that a dynamic loop's own index selects in the issues writing it, an
        index no operand slice of those issues takes, whose stride steps TMEM columns (`for n in range(halves):
        gemm(acc[..., n], p, v[..., state.index])`: the loop runs over every slice in each round) holds the
        product's column blocks at once: a rest along its N (TMEM lanes are the rows, columns the N axis); so does one
        that two or more constants select, each the constant that selects an MMA rest of the issue's operand
        (`_operand_rest_constants`)."""
        constants: dict = {}  # (accumulator record, stage leaf) -> the constants selecting it
        for _, found in self.issue_slices:
            record_index, coord = found["C"]
            record = self.trace.records[record_index]
            leaves = self._sliced_leaves(record_index, coord) if coord is not None else None
            if not leaves or record.memspaces[:1] != ("tmem",) or not isinstance(record.levels[0][2], _levels.ModeLabel):
                continue
            operands = {self._index_kind(x) for slot in ("A", "B") if slot in found and isinstance(found[slot][1], tuple)
                        for x in _index_leaves(found[slot][1])}
            strides = {key: stride for key, _, stride in _stage_leaves(record) or ()}
            rests = self._operand_rest_constants(found)
            for _, key, kind in leaves:
                stride = strides.get(key, "")
                if not (stride.isdigit() and 0 < int(stride) < 1 << 16) or key in held or kind is None:
                    continue
                if kind[0] == "loop" and kind not in operands:
                    held[key] = [record.levels[0][2].var]
                elif kind[0] == "const":
                    for place, value in rests:
                        constants.setdefault((record_index, key), {}).setdefault(place, set()).add((kind[1], value))
        for (record_index, key), by_place in constants.items():
            # one operand block per slice and one slice per block, over two slices or more: each slice its product
            if key not in held and any(len(pairs) > 1 and len({a for a, _ in pairs}) == len(pairs)
                                       == len({b for _, b in pairs}) and all(a == b for a, b in pairs)
                                       for pairs in by_place.values()):
                held[key] = [self.trace.records[record_index].levels[0][2].var]
        # the fake fragment whose layout the accumulator borrowed (`make_tensor(tmem_ptr, fake.layout)`) holds them too
        lent = {(lent_origin, var): (lent_origin, lent_var) for var, lent_var, _, lent_origin in self.axes.borrowed}
        for (origin, var, leaf), rests in list(held.items()):
            if (origin, var) in lent:
                held.setdefault(lent[(origin, var)] + (leaf,), rests)

    def _operand_rest_constants(self, found: dict) -> set:
        """((slot, mode), n) of the constants that select an MMA rest of an MMA issue's A or B fragment (`tCrA[(None,
        None, u, stage)]`: the k-block u of a tile the fragment holds whole). An accumulator slice the issues select
        by the same constant, one slice per block (`acc[(None, None, None, u, acc_stage)]`, ACCUMULATE off each
        time), is one of several products the tile's blocks give at once, laid side by side in TMEM's columns: a rest
        along N, not a pipeline's slot (a pipeline's slots are operand stages, `tSrQ[..., q_stage]` into
        `tStS[..., q_stage]`, each slot's k-blocks all into its own slice)."""
        out = set()
        for slot in ("A", "B"):
            if slot not in found or not isinstance(found[slot][1], tuple):
                continue
            record = self.trace.records[found[slot][0]]
            if record.op not in ("make_fragment_A", "make_fragment_B") or not record.levels \
                    or not isinstance(record.levels[0], tuple) or len(record.levels[0]) != len(found[slot][1]):
                continue
            for mode, (label, index) in enumerate(zip(record.levels[0], found[slot][1])):
                kind = self._index_kind(index) if not isinstance(index, tuple) else None
                if isinstance(label, _levels.ModeLabel) and (label.level, label.role) == ("mma", "rest") \
                        and kind is not None and kind[0] == "const":
                    out.add(((slot, mode), kind[1]))
        return out

    @staticmethod
    def _accumulator_followed(uses: list) -> list:
        """The accumulator stage leaves (origin, var, leaf) an operand leaf's index follows over its uses (`uses`:
        (accumulator key, index kind, accumulator leaves) per issue): the same loop index, or constants that
        change with the accumulator leaf's constants, one for one, taking two values or more."""
        loops = [kind for _, kind, _ in uses if kind is not None and kind[0] == "loop"]
        if loops:
            return sorted({key for _, kind, accumulator in uses for _, key, a_kind in accumulator
                           if kind is not None and a_kind == kind})
        pairs: dict = {}
        for _, kind, accumulator in uses:
            if kind is None or kind[0] != "const":
                return []
            for _, key, a_kind in accumulator:
                if a_kind is not None and a_kind[0] == "const":
                    pairs.setdefault(key, set()).add((a_kind[1], kind[1]))
        return sorted(key for key, seen in pairs.items() if len({a for a, _ in seen}) == len(seen) > 1
                      and len({b for _, b in seen}) == len(seen))

    def _relabel_held(self, walked: dict, held: dict) -> None:
        """Make the stage leaves `_tiles_held` found MMA rests wherever views carried them, each joined to the rest
        it runs along (the MMA's K for walked k-tiles, the operand's M or N rest for held blocks)."""
        fresh_of: dict = {}
        for key, var in walked.items():
            fresh_of[key] = _axes.fresh()
            self.axes.join(fresh_of[key], var)
        for key, vars_ in held.items():
            fresh_of.setdefault(key, _axes.fresh())
            for var in vars_:
                self.axes.join(fresh_of[key], var)
        rules = {key: "k_tiles" if key in walked else "held_tiles" for key in fresh_of}
        self._held_in_other_views(fresh_of, rules)
        for record in self.trace.records:
            if record.shapes and len(record.shapes) == len(record.levels):
                # a TMA load's partition cuts the tiles as Block's rests, its own (no later re-level of the MMA
                # buffer's modes reaches them); a loader's view of the buffer is Block's too
                tma = record.op == "tma_partition"
                level = "block" if tma or record.index in self.same_storage else "mma"
                record.levels = tuple(_held_leaves(t, shape, fresh_of, rules, level, record.index if tma else None)
                                      for t, shape in zip(record.levels, record.shapes))

    def _held_in_other_views(self, fresh_of: dict, rules: dict) -> None:
        """A buffer of its own over a held buffer's storage (a loader's view laid out for the TMA, `sK_for_tma` over
        `sK`'s SMEM) holds the same tiles in its stage leaf of the same extent and stride: that leaf is the rest
        too (its level the view's own, Block), on the same variable."""
        for view, source in self.same_storage.items():
            held = {key[2]: key for key in fresh_of if key[0] == source}
            if not held:
                continue
            mine, theirs = _stage_leaves(self.trace.records[view]), _stage_leaves(self.trace.records[source])
            if mine is None or theirs is None:
                continue
            for (key, extent, stride) in mine:
                match = [k for k, e, d in theirs if (e, d) == (extent, stride) and k in fresh_of]
                if key[0] == view and len(match) == 1:
                    fresh_of[key], rules[key] = fresh_of[match[0]], rules[match[0]]

    def _nested_index(self, tensor, mode: tuple, position: int, key, index: int) -> None:
        """A run-time index over a register tensor's nested mode with one leaf of extent above 1 (`acc_mn[m, None]`
        over the rows `(2, 1)` of an accumulator's (M, N) view) selects along that leaf: remembered as its
        variable and label, as a flat mode's are."""
        info = _info(tensor)
        shape = info.shape[position] if info is not None and isinstance(info.shape, tuple) \
            and position < len(info.shape) else None
        extents = list(_leaves(shape)) if isinstance(shape, tuple) else []
        labels = list(_levels.flatten(mode))
        if len(labels) != len(extents) or not all(isinstance(e, int) for e in extents):
            return
        wide = _selected_row_leaf(labels, extents)
        if wide is None:
            return
        var = _flow._leaf_vars(self.axes, mode, shape)[wide]
        if var is not None:
            self.index_uses.setdefault(key, []).append(var)
            self.trace.records[index].meta.setdefault("index_labels", []).append(
                (key, labels[wide].level, labels[wide].role))

    def _observe(self, call: Call, result) -> None:
        asm = str(call.bound.get("asm_string", "")) if call.op == "inline_asm" else ""
        if asm and _WARP_MMA.search(asm) is not None:
            self._warp_mma_by_hand(call, result)
            return
        if asm and _WRITE_OUT.search(asm) is not None:
            self._written_out_by_hand(call)
            return
        if call.op in _ISSUED_BY_HAND:  # before its call site is worked out: most inline PTX issues no MMA
            self._issued_by_hand(call)
            return
        if call.op == "tcgen05_cp":
            self._copied_into_tmem(call)
            return
        if call.op == "tcgen05_ld":
            self._read_from_tmem(call, result)
            return
        if call.op == "tcgen05_st":
            self._stored_into_tmem(call)
            return
        if call.op == "stmatrix":
            self._stored_by_matrix(call)
            return
        if call.op == "cp_async_bulk_shared_cluster_global":
            self._rows_copied_by_pointer(call)
            return
        op, bound, site = call.op, call.bound, call.site
        params = call.params
        if op in _EXPERIMENTAL:
            if op == "partition_and_copy":
                self._registers_of_copy(call)
            op, bound, params = _experimental_as_core(op, bound, params)
        if op == "autovec_copy":  # a copy of src's values into dst like any other, its atom chosen inside
            op = "copy"
        if op == "mma_set":
            self._scale_factors(bound)
            return
        kernel, kernel_file = _current_kernel(call.frame)
        if self.unresolved:
            self._resolve(call.frame)
        if op.startswith("make_tiled_tma_atom"):
            self._tma_atom(call, result, kernel)
            return
        if op == "atom_make_non_exec_tiled_tma_load":
            self._tma_atom_of_values(call, result, kernel)
            return
        if op == "block_copy":
            if call.op in _EXPERIMENTAL:
                self._whole_tile_copy(bound, call.frame)
            else:
                self._block_copy(bound, call.frame)
            return
        if op.startswith("partition_shape_"):
            self._shape_of_fragment(op[-1], result, _levels.mma_name(receiver_text(site, op)) if site.direct else None,
                                    self.objects.made_by(op, bound, site))
            return
        outputs = self._outputs(result)
        if not outputs and op not in ("copy", "gemm"):
            return
        hint = None  # the names the line assigns, for axis letters, before they are known to be this tensor's
        if site.direct:
            # `codes = cute.zipped_divide(t, tiler)[(None, None), (0, i)]`: the name stands for the whole result too
            names = assigned_names(site, op, call.frame, lists=True) or indexed_result_names(site) \
                or launch_parameter_names(site, call.frame)
        elif op == "make_tensor" and (indexed := indexed_result_names(site)) is not None:
            names = indexed  # a helper's tensor the line indexes at once: the whole, named
        elif op not in ("make_tensor", "make_rmem_tensor") or \
                (assigned_names(site) is None and not isinstance(statement_at(site.file, site.line), ast.Return)):
            # made inside a CuTeDSL helper (`Tensor.fill`, `autovec_copy`) for its own use; a helper's
            # `return smem.allocate_tensor(...)` hands it to a caller that may bind it (see _attribute)
            return
        else:
            # `sA = storage.sA.get_tensor(...)`: the user's tensor if the line binds it (see _attribute)
            names, hint = None, assigned_names(site)
        called = call.op  # the name the source spells, for argument texts
        inputs, input_outputs, in_trees, in_shapes, in_memspace, in_args = [], [], [], [], None, []
        for arg, value in bound.items():
            if arg == "self":
                continue
            values = value if isinstance(value, list) or (op == "gemm" and isinstance(value, tuple)) else [value]
            for k, v in enumerate(values):
                if not _is_tensor(v):
                    continue
                pos = params.index(arg)
                index, out, labels = self.source_of(v, site, pos, called, kernel, call.frame)
                info = _info(v)
                inputs.append(index)
                input_outputs.append(out)
                in_trees.append(labels)
                in_shapes.append(info.shape)
                # `cute.gemm(mma, d, [a, sfa], ...)`: the list's first tensor is the operand, the others its
                # auxiliary tensors (block-scaled MMAs' scale factors), each under an argument of its own
                in_args.append(arg if k == 0 else f"{arg}[{k}]")
                in_memspace = in_memspace or info.memspace
        if op in ("make_fragment_A", "make_fragment_B") and inputs and outputs:
            self._read_as_operand(inputs[0], in_trees, rank(outputs[0].shape), bound)
        if op == "make_tensor" and len(outputs) == 1:
            self._parameter_restrided(call, outputs[0], kernel)
            self._parameter_laid_out(call, outputs[0], kernel)
            self._parameter_relaid(call, outputs[0], kernel)
        index = len(self.trace.records)
        # an input's record made while reading the arguments comes first: the binds below are this record's
        self.axes.context = index
        if names is None or len(names) != len(outputs):
            names = (None,) * len(outputs)
        label_names = hint if hint and len(hint) == len(outputs) else names
        out_trees = [self._labels(op, bound, in_trees[i:] if op == "tma_partition" else in_trees, label_names,
                                  info, in_memspace, index, call) for i, info in enumerate(outputs)]
        if op in _MMA_OPS and site.direct:
            mma = _levels.mma_name(receiver_text(site, op))
            out_trees = [_levels.tagged(t, mma, index) for t in out_trees]
        record = Record(
            index=index, op=op, names=tuple(names), file=site.file, line=site.line, col=site.col,
            function=site.function, kernel=kernel, in_shapes=tuple(in_shapes),
            shapes=tuple(o.shape for o in outputs), layouts=tuple(o.layout for o in outputs),
            memspaces=tuple(o.memspace for o in outputs), dtypes=tuple(o.dtype for o in outputs),
            swizzles=tuple(o.swizzle for o in outputs), levels=tuple(out_trees), inputs=tuple(inputs),
            input_outputs=tuple(input_outputs),
            library=site.file.startswith(_library_dir()),
        )
        if op != "copy" or called not in _EXPERIMENTAL:  # a copy that partitions inside leaves no partition
            _capture_traffic(op, bound, record.meta)  # for the traffic model to read its per-thread sides from
        if op == "make_tensor" and outputs and outputs[0].memspace == "tmem":
            reused = self._reused(bound.get("iterator"))
            if reused is not None:
                record.reuses = reused[0]
            # P made at `tmem_ptr + P_offset` before the softmax writes it through `tStS.iterator + (P_offset -
            # S_offset)`: two tensors at one TMEM address hold the same data, however each pointer was reached
            address = _tmem_address(bound.get("iterator"))
            if address is not None:
                made = self.tmem_at.setdefault(address, [])
                if made:
                    record.meta["same_storage"] = made[0]
                made.append(index)
        if op == "make_tensor" and outputs and outputs[0].memspace == "smem":
            # `sV` over `sK.iterator`, a thread's view over a swizzled partition's pointer: whose buffer it is in
            over = self._reused(bound.get("iterator"))
            if over is not None:
                record.meta["over"] = over[0]
                self._ring_slot_view(bound.get("iterator"), over, outputs[0])
        if op == "make_tensor" and outputs and outputs[0].memspace == "gmem":
            laid = _laid_out_values(bound.get("layout"), self._traced_extent)
            if laid is not None:
                record.meta["extent_values"], record.meta["continues"] = laid
                same = _same_stride_leaves(bound.get("layout"))
                if same:
                    record.meta["same_stride"] = same
        if op == "make_tensor" and outputs and outputs[0].memspace in ("smem", "gmem"):
            key = _storage_key(bound.get("iterator"))
            if key is not None and key not in self.storage:
                self.storage[key] = (index, 0, out_trees[0])
        if op in ("local_tile", "make_identity_tensor") and out_trees:
            self._tile_extents_named(call, out_trees[0], names[0] if names else None)
        if op == "local_tile" and in_shapes and outputs:
            steps = _local_tile_steps(in_shapes[0], bound.get("tiler"), bound.get("coord"), bound.get("proj"),
                                      outputs[0].shape)
            if steps:
                record.meta["steps"] = steps
        if not inputs and op in ("make_rmem_tensor", "make_tensor") and out_trees:
            # `make_rmem_tensor(acc.shape)` then filled from acc (flash-attention's cvt_f16): shaped like it, and
            # for the data flow holding its values
            made_from = {label.origin for label in _levels.flatten(out_trees[0])} - {index, None}
            if op == "make_tensor":  # a view over a pointer holds what is there: data of its own memory only
                made_from = {i for i in made_from if self.trace.records[i].memspaces[:1] == (outputs[0].memspace,)}
            if made_from:
                record.meta["values_from"] = sorted(made_from)[:4]
        by_arg = dict(zip(in_args, zip(inputs, in_trees, in_shapes)))
        record.made_by = self.objects.made_by(op, bound, site)
        if op in ("copy", "gemm"):
            record.operands = {slot: by_arg[arg][0] if arg in by_arg else None
                               for slot, arg in _flow.OPERAND_ARGS[op].items()}
            if op == "copy" and bound.get("atom") is not None and "Tiled" not in type(bound.get("atom")).__name__:
                # a bare copy atom (no TiledCopy, no `autovec_copy`): the tensors it moves whole, not a slice of one
                # (`copy(atom, x[(row, None)], regs)`), are its atom's (`flow.atom_copies` when the trace ends)
                record.meta["atom_sides"] = [by_arg[arg][0] for arg in ("src", "dst") if arg in by_arg and
                                             by_arg[arg][2] == self.trace.records[by_arg[arg][0]].shapes[0]]
            if op == "gemm" and called in _EXPERIMENTAL:  # `dot(atom, a, b, c)` accumulates into c: it is D too
                record.operands["D"] = record.operands["C"]
            if op == "gemm" and record.made_by and record.made_by["object"] is not None:
                self._issued_by_partitioner(record)
        if op in _OPERAND_READERS and inputs and self.trace.records[inputs[0]].memspaces[:1] == ("smem",):
            self.operand_buffers.add(inputs[0])
        if op in _MMA_OPS and record.made_by:
            mnk = self.objects.shapes.get(record.made_by["object"])
            number = record.made_by["object"]
            values = self.objects.values.get(number, {}).get(op[-1])
            out_trees = [_flow.with_atom_axes(t, o.shape, mnk, op[-1], index, number, values)
                         for t, o in zip(out_trees, outputs)]
            record.levels = tuple(out_trees)
        if op == "recast_tensor":
            self._note_sliced(record, bound)
        if op in ("make_rmem_tensor_like", "make_fragment_like"):  # registers made like one row of a tensor
            self._note_sliced(record, bound, "like_slice")
        if op == "filter_zeros" and in_shapes and outputs:
            record.levels = tuple(_flow.zeros_filtered(t, in_shapes[0], o.shape) for t, o in zip(out_trees, outputs))
            out_trees = list(record.levels)
        if op in ("partition_S", "partition_D") and record.made_by and in_trees:
            values = self.objects.values.get((record.made_by["object"], op))
            source = in_trees[0] if isinstance(in_trees[0], tuple) else (in_trees[0],)
            out_trees = [_flow.with_copy_axes(t, o.shape, values, source, index) for t, o in zip(out_trees, outputs)]
            record.levels = tuple(out_trees)
        if op in ("partition_S", "partition_D") and in_trees and in_memspace in ("tmem", "coord") \
                and record.memspaces[:1] == (in_memspace,):
            # TMEM (lanes, columns) and coordinates have exact strides: a leaf runs along the source leaf its
            # stride steps (tcgen05.ld's values along the columns, its repeats too: the warps cover the lanes)
            source = self.trace.records[inputs[0]]
            out_trees = [_strided_axes(self.axes, t, o.layout, source.layouts[input_outputs[0]], in_trees[0], index)
                         for t, o in zip(out_trees, outputs)]
            record.levels = tuple(out_trees)
        if op == "partition_D" and record.made_by and record.made_by.get("op") == "Ld32x32bOp" and outputs:
            out_trees = [self._lane_values(record, t, o.shape) for t, o in zip(out_trees, outputs)]
            record.levels = tuple(out_trees)
        if op == "retile" and record.made_by and out_trees and isinstance(out_trees[0], tuple):
            # a retiled fragment's rests follow the tile's modes in order: tile mode i is rest i + 1
            values = self.objects.values.get((record.made_by["object"], op))
            out_trees = [_flow.with_copy_axes(t, o.shape, values, tuple(t[1:]), index)
                         for t, o in zip(out_trees, outputs)]
            first = out_trees[0][0] if out_trees[0] else None
            source = self.trace.records[inputs[0]] if inputs else None
            if isinstance(first, _levels.ModeLabel) and first.origin == index and not first.leaf_axes \
                    and in_trees and outputs[0].memspace == "rmem" and source.op in ("make_fragment_A", "make_fragment_B"):
                # an operand fragment's load view (ldmatrix): values the copy's layout places on no tile mode are the
                # fragment's registers its strides step: each leaf the fragment's leaf (4 values over a B atom's
                # (2,2) keys, a rest folded into the atom), or a mode of its own where it crosses two axes
                mapped = _strided_view(outputs[0].layout, source.layouts[input_outputs[0]], in_trees[0], index,
                                       self._axis_class, mixed=True)
                if mapped is not None and len(mapped) == len(out_trees[0]):
                    out_trees[0] = (mapped[0],) + tuple(out_trees[0][1:])
            record.levels = tuple(out_trees)
        if op == "tma_partition" and len(out_trees) == 2 and "gmem_tensor" in by_arg:
            record.levels = _flow.tma_box_axes(self.axes, record, self.trace.records[by_arg["gmem_tensor"][0]])
            out_trees = list(record.levels)
        if op == "gemm" and record.made_by:
            self._operands_in_other_slot(record)
            self._registers_as_operands(record, by_arg)
            self._accumulator_slice(record, bound)
            self._issue_sliced(record.made_by["object"], {slot: bound.get(arg) for slot, arg in
                                                          (("A", "a"), ("B", "b"), ("C", "d" if "d" in bound else "c"))})
        _flow.observe(self.axes, record, bound, by_arg, out_trees, self.objects)
        if op == "gemm" and record.made_by and record.made_by["object"] is not None:
            number = record.made_by["object"]
            for arg, slot in (("sfa", "A"), ("sfb", "B")):  # a block-scaled `dot`'s scale factors, beside A and B
                if arg in by_arg:
                    _flow.bind_slot(self.axes, by_arg[arg][1], number, slot)
            # `cute.gemm(mma, d, [a, sfa], [b, sfb], c)`: the lists' scale factors (`a[1]`) are operands too
            for arg, slot in (("a", "A"), ("b", "B"), ("c", "C"), ("sfa", "A"), ("sfb", "B"), ("a[1]", "A"),
                              ("b[1]", "B")):
                if arg in by_arg:
                    self._operand_by_use(by_arg[arg][0], number, slot, values=arg in ("a", "b", "c"))
            for arg, slot in (("a[1]", "A"), ("b[1]", "B")):
                if arg in by_arg:
                    self._scale_factors_by_use(by_arg[arg][0], number, slot)
        if op == "make_identity_tensor":  # a name's suggestion, for its partitions' atoms too (`tQcQ`'s values)
            for label in _levels.flatten(out_trees[0]):
                if label.axis and label.axis_rule == "hint:name":
                    self.axes.suggest(label.var, label.axis, "hint:name")
        if op == "copy" and record.operands.get("src") is not None and record.operands.get("dst") is not None:
            self.trace.records[record.operands["dst"]].meta.setdefault("values_from", []).append(
                record.operands["src"])
            self.trace.records[record.operands["dst"]].meta.setdefault("writes", []).append(
                (index, record.operands["src"]))
            self._slot_filled(by_arg)
            self._note_copy_slices(record, bound)
            for side in ("src", "dst"):
                self._vector_copied(*by_arg[side])
            self._copy_carries_products(record.operands["src"], record.operands["dst"])
            if call.op == "partition_and_copy" and record.made_by:
                self._tiles_of_one_copy(bound, record.made_by["object"])
        self._append(record)
        if op == "partition_D":
            self._replicas_filled(record)
        self._remember(result, outputs, index, out_trees)
        if call.frame is None:
            return
        if kernel_file and (site.file != kernel_file or _in_helper(site, kernel)):
            self._attribute(record, site, call.frame, kernel_file, kernel)
        elif not site.direct:
            self._wait(_Waiting(index, [_level(site, call.frame, None, None, position=0)], 0))

    def _registers_of_copy(self, call: Call) -> None:
        """cute.experimental's `partition_and_copy(thr, src, dst)` with registers on one side (`thr_t2r` reading
        the accumulator into `rAcc`, writing `rD` out to the output tile) partitions the other side inside: the
        registers hold the thread's values of that side as the copy's destination partition lays them
        (`make_t2r_rmem_layout` makes their layout so). That partition is replayed here, at the call's line, and
        the registers, recorded where they are first used as before, carry its labels (as a fragment made like
        it would), before the copy reads them."""
        bound = call.bound
        thr = bound.get("tiled_copy")
        for side, registers, other in (("dst", bound.get("dst"), bound.get("src")),
                                       ("src", bound.get("src"), bound.get("dst"))):
            if thr is None or not _is_tensor(registers) or not _is_tensor(other) \
                    or _info(registers).memspace != "rmem" or _info(other).memspace == "rmem" \
                    or self.lookup(registers) is not None or self.lookup(other) is None:
                continue
            try:
                partition, values = patch.replayed("partition_D", type(thr).partition_D, (thr, other), call)
            except Exception:  # a copy whose destination layout does not tile that side: nothing to read
                continue
            mine, theirs = _info(registers).shape, _info(values).shape
            if not _same_wide_leaves(mine, theirs):
                continue
            self._observe(partition, values)
            made = self.lookup(values)
            labels = _relaid_leaves(made[2], mine, theirs) if made is not None else None
            if labels is None:
                continue
            kernel, _ = _current_kernel(call.frame)
            index, _, _ = self.source_of(registers, call.site, call.params.index(side), call.op, kernel, call.frame)
            record = self.trace.records[index]
            record.levels = (labels,) + record.levels[1:]
            record.inputs, record.input_outputs = (made[0],), (made[1],)
            self._know(registers, (index, 0, labels))

    def _tiles_of_one_copy(self, bound: dict, number) -> None:
        """cute.experimental's `partition_and_copy(thr, src, dst)` partitions both sides inside: the tiles one
        ThrCopy cuts, in this call and in others (the accumulator in TMEM read out by `partition_and_copy(thr_t2r,
        acc, regs)`, the output tile written by `partition_and_copy(thr_t2r, regs, gD[None, None, 0, 0])`), are
        one (rows, columns) tile of its tiler: their modes join (`flow.join_copied_tiles`). A register side is one
        thread's values already, no tile."""
        for side in ("src", "dst"):
            tensor = bound.get(side)
            if not _is_tensor(tensor) or _info(tensor).memspace == "rmem":
                continue
            found = self.lookup(tensor)
            if found is None:
                continue
            shape, labels = _info(tensor).shape, self._labels_now(tensor, found)
            cut = self.copied_tiles.setdefault(number, [])
            for earlier, other in cut:
                _flow.join_copied_tiles(self.axes, earlier, labels, other, shape)
            cut.append((labels, shape))

    def _labels_now(self, tensor, found):
        """The labels of a traced tensor, or of a slice of one, as its record holds them now: an MMA slot may have
        relabelled the record since the slice was taken (a TMEM accumulator's atom placed along M and N)."""
        record = self.trace.records[found[0]]
        sliced = self.slice_coords.get(_value_key(tensor))
        if sliced is None or sliced[0] != found[0] or found[1] >= len(record.levels):
            return found[2]
        coord = sliced[1] if isinstance(sliced[1], tuple) else (sliced[1],)
        kept = _levels.sliced(record.levels[found[1]], coord, record.shapes[found[1]])
        return kept if kept is not None and len(kept) == len(found[2]) else found[2]

    def _issued_by_hand(self, call: Call) -> None:
        """An MMA issued by hand, in inline PTX (`tcgen05.mma [$0], $1, $2, $3`) or as an NVVM op
        (`nvvm.tcgen05_mma`): its D address and its A and B descriptors (or A's TMEM address) are computed from
        traced tensors (`acc.iterator.toint()`, `make_umma_smem_desc(sA[None, None, 0, 0].iterator, ...)` or
        `sA[None, None, stage].iterator.toint() >> 4` or-ed into a descriptor, plus a k-block's offset). Found up
        their values' defining ops, they are a gemm's operands as `cute.gemm`'s would be. The MMAs into one
        accumulator by one instruction descriptor are one product (one MMA object); an accumulator at a plain
        integer TMEM address (no traced tensor) is known by that address."""
        values = _hand_mma_operands(call)
        if values is None:
            return
        d, a, b, instruction = values
        found = {arg: self._described(self._traced_from(value)) for arg, value in (("d", d), ("a", a), ("b", b))}
        if found["a"] is None and found["b"] is None:
            return
        if found["d"] is not None:
            found["c"] = found["d"]
        kernel, _ = _current_kernel(call.frame)
        if self.unresolved:
            self._resolve(call.frame)
        index = len(self.trace.records)
        self.axes.context = index
        by_arg = {arg: (entry[0], entry[2], shape) for arg, (entry, shape) in
                  ((arg, hit) for arg, hit in found.items() if hit is not None)}
        site = call.site
        record = Record(
            index=index, op="gemm", names=(), file=site.file, line=site.line, col=site.col, function=site.function,
            kernel=kernel, in_shapes=tuple(shape for _, _, shape in by_arg.values()), shapes=(), layouts=(),
            memspaces=(), dtypes=(), swizzles=(), levels=(), inputs=tuple(e[0] for e in by_arg.values()),
            input_outputs=tuple(found[arg][0][1] for arg in by_arg), library=site.file.startswith(_library_dir()),
        )
        accumulator = found["d"][0][0] if found["d"] is not None else ("tmem", _address_key(d))
        shape_bits = _descriptor_bits(instruction)
        if shape_bits is not None:  # the scale-factor ids a block-scaled MMA selects per k-step make no product
            shape_bits &= ~_SCALE_IDS
        number = self.objects.by_hand((accumulator, shape_bits))
        if found["d"] is None:
            self.hand_accumulators[number] = (accumulator[1], _columns(shape_bits))
        record.made_by = {"kind": "mma", "object": number, "op": "tcgen05.mma", "receiver": None, "line": None}
        self._issue_sliced(number, {"A": a, "B": b, "C": d})
        record.operands = {slot: by_arg[arg][0] if arg in by_arg else None
                           for slot, arg in _flow.OPERAND_ARGS["gemm"].items()}
        flat = {arg for arg, slot in (("a", "A"), ("b", "B")) if arg in by_arg
                and self._flat_operand(by_arg[arg][0], number, slot, _transposed(instruction, slot))}
        for slot, scales in zip("AB", self._scale_factors_by_hand(call)):
            if scales is not None:
                self._flat_scale_factors(scales[0][0], number, slot)
                record.inputs += (scales[0][0],)
        _flow.observe(self.axes, record, {}, {arg: hit for arg, hit in by_arg.items() if arg not in flat}, [],
                      self.objects)
        if found["a"] is None and a is not None:  # A at a TMEM address, maybe written by code traced later
            self.tmem_operands.append((_address_key(_tmem_column(a)), number, index))
        for arg, slot in (("a", "A"), ("b", "B"), ("c", "C")):
            if arg in by_arg and arg not in flat:
                self._operand_by_use(by_arg[arg][0], number, slot, values=True)
        self._append(record)

    def _warp_mma_by_hand(self, call: Call, result) -> None:
        """A warp MMA in inline PTX (`mma.sync.aligned.m16n8k16.row.col ... {$0..$3}, {$4..$7}, {$8, $9},
        {$10..$13}`): its register groups are D, A, B and C, in that order. Each register is an element read of a
        register tensor (a slice of a thread's register array, `rC[None, m, n]`, or a `recast_tensor` of one, `a =
        recast_tensor(rK[None, m, k], Int32)`): the MMA reads those arrays as its A, B and C. Each array's leaves
        the slice keeps are the instruction's atom, the ones it indexes its rests (`levels.warp_operand`); the
        issues' coordinates say which rest runs along which axis when the trace ends (`_bind_warp_mma_rests`)."""
        text = str(call.bound.get("asm_string", ""))
        # D, A, B, C lead; a block-scaled form (`kind::mxf8f6f4.block_scale`) goes on with each operand's scale
        # register and its `{byte-id, thread-id}` selector group
        groups = _ASM_GROUPS.findall(text[_WARP_MMA.search(text).end():])[:4]
        if len(groups) != 4:
            return
        outputs = str(call.bound.get("constraints", "")).split(",")[:16]
        outputs = sum(1 for c in outputs if c.strip().startswith("="))
        values = list(call.bound.get("operands_") or ())
        issue = {}
        for slot, group in zip("ABC", groups[1:]):
            numbers = [int(n) - outputs for n in re.findall(r"\$(\d+)", group)]
            held = {self._fragment_of(values[n]) for n in numbers if 0 <= n < len(values)} - {None}
            if len(held) == 1:
                fragment, source, coord = held.pop()
                if coord is None and fragment == source:  # registers read one by one: `acc[m, n, 0..3]`
                    coord = self._registers_read_at([values[n] for n in numbers if 0 <= n < len(values)])
                issue[slot] = (fragment, source, coord)
        if not _warp_mma_arrays(issue):
            return
        kernel, _ = _current_kernel(call.frame)
        if self.unresolved:
            self._resolve(call.frame)
        index = len(self.trace.records)
        self.axes.context = index
        site = call.site
        number = self.objects.by_hand(("warp", issue.get("C", issue["A"])[1], _WARP_MMA.search(text).group(0)))
        record = Record(
            index=index, op="gemm", names=(), file=site.file, line=site.line, col=site.col, function=site.function,
            kernel=kernel, in_shapes=tuple(self.trace.records[a].shapes[0] for _, a, _ in issue.values()), shapes=(),
            layouts=(), memspaces=(), dtypes=(), swizzles=(), levels=(),
            inputs=tuple(a for _, a, _ in issue.values()), input_outputs=tuple(0 for _ in issue),
            library=site.file.startswith(_library_dir()),
        )
        record.made_by = {"kind": "mma", "object": number, "op": "mma.sync", "receiver": None, "line": None}
        # the arrays, not the fragment each issue reads of them: the issues into one array are one product
        record.operands = {slot: issue[slot][1] if slot in issue else None for slot in "ABC"}
        self.warp_results[_ir_hash(getattr(result, "value", result))] = number
        leaves = {}
        for slot, (fragment, source, coord) in issue.items():
            leaves[slot] = (source, self._as_warp_operand(fragment, source, coord, number, slot))
        for slot, value_number in zip(("SFA", "SFB"), _scale_registers(text, outputs)):
            scale = self._scale_register(values[value_number]) if 0 <= value_number < len(values) else None
            if scale is not None:
                leaves[slot] = (scale[0], self._as_warp_operand(scale[0], scale[0], scale[1], number, slot))
        self._warp_operands_chained(issue, number)
        self.axes.mmas.setdefault(number, None)  # a product though no operand leaf binds an axis of it (B loaded by hand)
        self.warp_mmas.setdefault(number, []).append(leaves)
        self._append(record)

    def _registers_read_at(self, values: list):
        """The slice a warp MMA's register group reads of one array element by element (`acc[m, n, 0]` .. `acc[m, n,
        3]` as C): the index every register shares where they share one, None (kept: the instruction's atom) where
        they differ. None where the registers are not all element reads at literal coordinates of one rank, or where
        they differ in every index (the array read whole)."""
        def read(v):
            key = _ir_hash(v)
            return key if key in self.read_at else None

        coords = []
        for value in values:
            key = _up_defining_ops(value, read, depth=3, width=4)
            coord = self.read_at.get(key) if key is not None else None
            coord = coord if isinstance(coord, tuple) else (coord,)
            if not all(isinstance(c, int) for c in coord):
                return None
            coords.append(coord)
        if len(coords) < 2 or len({len(c) for c in coords}) != 1:
            return None
        sliced = tuple(c[0] if len(set(c)) == 1 else None for c in zip(*coords))
        # every index differing is the array read whole (`zeros[0..3]`), none differing no one instruction's group
        return sliced if None in sliced and any(c is not None for c in sliced) else None

    def _warp_operands_chained(self, issue: dict, number: int) -> None:
        """A warp MMA whose A or B registers hold another hand-issued product's values (`_products_held`: through
        a copy into SMEM and back, or computed from its D registers) reads that product: a chain, as
        `_bind_tmem_operands` finds for a tcgen05 MMA's A in TMEM."""
        for slot in (slot for slot in "AB" if slot in issue):  # one of them may be loaded by hand
            for product in sorted(self._products_held(issue[slot][0]) - {number}, key=str):
                self.axes.chains.add((product, None, number, slot, None))

    def _written_out_by_hand(self, call: Call) -> None:
        """Inline PTX that writes global memory (`red.global.add.bf16x2 [$0], $1` of a register's packed pair,
        `cp.reduce.async.bulk.global.shared::cta.add.f32 [$0], [$1], n` of an SMEM staging tile: an accumulator
        reduced across CTAs): the registers whose elements it reads hold the written-out values
        (`meta["written_out"]`, `flow._written_out_by_hand`); an SMEM tensor whose address it reads, with a
        global tensor whose address it writes, is a copy into global memory, recorded as one, so the epilogue
        rules see a staging buffer stored out."""
        values = list(call.bound.get("operands_") or ())
        for value in values:
            found = self._fragment_of(value)
            if found is not None:
                self.trace.records[found[1]].meta["written_out"] = True
        sides = [self._traced_from(value) for value in values]
        smem = [hit for hit in sides if hit is not None and self._memspace_of(hit) == "smem"]
        gmem = [hit for hit in sides if hit is not None and self._memspace_of(hit) in ("gmem", "coord")]
        if len(smem) != 1 or len(gmem) != 1:
            return
        kernel, _ = _current_kernel(call.frame)
        site = call.site
        (src, _, _), src_shape = smem[0]
        (dst, _, _), dst_shape = gmem[0]
        record = Record(
            index=len(self.trace.records), op="copy", names=(), file=site.file, line=site.line, col=site.col,
            function=site.function, kernel=kernel, in_shapes=(src_shape, dst_shape), shapes=(), layouts=(),
            memspaces=(), dtypes=(), swizzles=(), levels=(), inputs=(src, dst), input_outputs=(0, 0),
            library=site.file.startswith(_library_dir()),
        )
        record.operands = {"src": src, "dst": dst}
        record.made_by = {"kind": "copy", "object": None, "op": "BulkReduceS2GOp", "receiver": None, "line": None}
        self._append(record)

    def _memspace_of(self, hit) -> str | None:
        (index, output, _), _ = hit
        spaces = self.trace.records[index].memspaces
        return spaces[output] if output < len(spaces) else None

    def _warp_mma_written(self, tensor, coord: tuple, value) -> None:
        """`acc[None, n] = mma_sync(a, b, c)`: the register array a warp MMA's D registers are written into (up the
        ops that gather them into a vector) is its D, read as `_as_warp_operand` reads C."""
        number = _up_defining_ops(getattr(value, "value", value), lambda v: self.warp_results.get(_ir_hash(v)),
                                  depth=4, width=8)
        found = self._element_source(tensor) if number is not None else None
        issues = self.warp_mmas.get(number)
        if found is None or not issues or "D" in issues[-1] \
                or self.trace.records[found[0]].memspaces[:1] != ("rmem",):
            return
        if len(list(_leaves(self.trace.records[found[0]].shapes[0]))) == 1:
            coord = None  # one register of a flat array (`acc[ab + i] = d[i]`): the instruction's, not a rest
        if issues[-1].get("C", (None,))[0] == found[0]:  # written back where C was read (`acc[m, n, 0] = d0`, ...):
            issues[-1]["D"] = issues[-1]["C"]  # one register of the group at a time, C's slice says the atom
            return
        issues[-1]["D"] = (found[0], self._as_warp_operand(found[0], found[0], coord, number, "D"))

    def _scale_register(self, value):
        """(register array record, the coordinate read) of a block-scaled warp MMA's scale register: an element
        read of a register array (`rSFA[m // 2, k]`, up a few conversions); None where it is no such read."""
        def read(v):
            key = _ir_hash(v)
            return key if key in self.read_at and key in self.loaded else None

        key = _up_defining_ops(getattr(value, "value", value), read, depth=3, width=4)
        if key is None or self.trace.records[self.loaded[key]].memspaces[:1] != ("rmem",):
            return None
        return self.loaded[key], self.read_at[key]

    def _fragment_of(self, value):
        """(fragment record, register array record, slice coordinate or None) of a register an element read of a
        traced register tensor gave (up a few conversions); None where it is no such read."""
        def read(v):
            return self.element_of.get(_ir_hash(v))

        key = _up_defining_ops(value, read, depth=3, width=4)
        found = self.known.get(key) if key is not None else None
        if found is None or self.trace.records[found[0]].memspaces[:1] != ("rmem",):
            return None
        record = self.trace.records[found[0]]
        sliced = self.slice_coords.get(key) or record.meta.get("sliced")
        if sliced is None and record.op == "recast_tensor" and record.inputs:  # a whole array's registers
            sliced = (record.inputs[0], None)
        return (found[0],) + (tuple(sliced) if sliced is not None else (found[0], None))

    def _element_read_from(self, key, tensor_key) -> None:
        """An element read's value (hash `key`) came from the tensor whose value hashes to `tensor_key`."""
        if key is not None and tensor_key is not None:
            self.element_of[key] = tensor_key

    def _as_warp_operand(self, fragment: int, source: int, coord, mma: int, slot: str) -> list:
        """Relabel a warp MMA's register array (`levels.warp_operand`) and the fragment read from it (all atom), the
        atom of B along K; the coordinate of each of the array's leaves (None: kept by the slice) for
        `_bind_warp_mma_rests`."""
        record = self.trace.records[source]
        coords = _leaf_coords(record.shapes[0], coord)
        tree = _levels.warp_operand(record.levels[0], record.shapes[0], coords, source) if record.levels else None
        if tree is None:
            return []
        record.levels = (tree,) + tuple(record.levels[1:])
        self.warp_arrays.add(source)
        atoms = [label for label, c in zip(_levels.flatten(tree), coords) if c is None]
        if fragment != source and self.trace.records[fragment].levels:
            held = self.trace.records[fragment]
            held.levels = (_levels.warp_operand(held.levels[0], held.shapes[0], None, fragment),) \
                + tuple(held.levels[1:])
            atoms += list(_levels.flatten(held.levels[0]))
        if slot == "B":  # a thread's B registers hold K values of one column only
            for label in atoms:
                self.axes.bind(label.var, ("mma", mma, "K"))
        elif slot in _SCALE_OF:  # a scale register packs scales of several rows or K blocks: no axis
            pass
        else:  # A's and C's mix two axes: one only where both are (`Axes._mixed_atoms`)
            self.axes.mixed.extend((label.var, mma, ("M", "K") if slot == "A" else ("M", "N")) for label in atoms)
        return list(zip((label.var for label in _levels.flatten(tree)), coords))

    def _warp_operand_views(self) -> None:
        """Register tensors over the storage of a warp MMA's operand array that no rule labelled (views made of it
        for other uses, `group_modes(regs, 0, 2)` for its ldmatrix copy or `recast_tensor(regs, Uint32)` for
        arithmetic on pairs; the array a recast operand was made over) hold its registers: its labels, leaf for
        leaf, where they have as many leaves."""
        arrays: dict = {}
        for index in sorted(self.warp_arrays):
            arrays.setdefault(self._register_storage(index), []).append(self.trace.records[index])
        for record in self.trace.records:
            held = arrays.get(self._register_storage(record.index)) if record.memspaces[:1] == ("rmem",) else None
            if not held or not record.levels \
                    or any(label.level not in ("input", "?") for label in _levels.flatten(record.levels[0])):
                continue
            extents = list(_leaves(record.shapes[0]))
            same = next((list(_levels.flatten(a.levels[0])) for a in held
                         if len(list(_leaves(a.shapes[0]))) == len(extents)), None)
            if same is not None:
                carried = [replace(label, origin=record.index, rule="carried") for label in same]
                record.levels = (_levels.nest(record.shapes[0], carried),) + tuple(record.levels[1:])

    def _note_copy_slices(self, record: Record, bound: dict) -> None:
        """A copy between slices of two arrays (`copy(atom, sA_v[None, (None, k, stage)], rA[None, None, k])`), or
        from registers holding one slice's values (`regs.store(rC[None, n, m].load().to(bf16))`, then `copy(atom,
        regs, gC_v[None, None, (m, n)])`): each side's leaves and the index each issue of this call slices them at,
        for `_copy_index_pairs`."""
        sides, arrays = [], []
        for side in ("src", "dst"):
            key = _value_key(bound.get(side))
            held = self.holds_slice.get(key) if key not in self.slice_leaves else None
            sides.append(held[1] if held else self.slice_leaves.get(key))
            arrays.append(held[0] if held else (self.slice_coords.get(key) or (None,))[0])
        if None in sides or None in arrays or arrays[0] == arrays[1]:
            return
        key = (record.file, record.line, record.col, arrays[0], arrays[1])
        self.copy_slices.setdefault(key, []).append(tuple(sides))

    def _copy_index_pairs(self) -> None:
        """Each leaf of a copy's source indexed as exactly one leaf of its destination in every issue of the copy
        (the same loop index `k`: in an unrolled loop a literal that walks alike on both sides, or one run-time
        value) is the same index: the two leaves are one axis, whatever the arrays are called or how their modes
        are ordered (`rA[None, None, k]` filled from `sA_v[None, (None, k, stage)]`: the k-block of the registers
        an MMA reads is the SMEM view's)."""
        for issues in self.copy_slices.values():
            if any(tuple(var for var, _ in issue[side]) != tuple(var for var, _ in issues[0][side])
                   for issue in issues for side in range(2)):
                continue  # the arrays' leaves changed between issues: no one column per leaf
            # leaf position -> its index in each issue (two leaves of one mode share a variable, not an index)
            columns = [{i: [_index_token(issue[side][i][1]) for issue in issues]
                        for i, (var, _) in enumerate(issues[0][side]) if var is not None} for side in range(2)]
            for a, b in _index_pairs(*columns):
                self.axes.join(issues[0][0][a][0], issues[0][1][b][0])

    def _bind_warp_mma_rests(self) -> None:
        """A warp MMA's rests by the coordinates its issues index them at: a leaf of A indexed as a leaf of C in
        every issue (`rK[None, m, k]` beside `rC[None, m, n]`) runs along M, a leaf of B indexed as one of C along
        N; A's and B's other indexed leaves run along K (C's rests are M and N only). C is the accumulator read, or
        the one D is written into where C is read whole."""
        for mma, issues in self.warp_mmas.items():
            rests = {slot: _issue_columns(issues, slot) for slot in "ABC"}
            rests["C"] = rests["C"] or _issue_columns(issues, "D")  # the accumulator, read or written
            for slot, letter in (("A", "M"), ("B", "N")):
                matched = _same_columns(rests[slot], rests["C"])
                for mine, theirs in matched:
                    self.axes.bind(mine, ("mma", mma, letter))
                    self.axes.bind(theirs, ("mma", mma, letter))
                if not rests["C"]:  # an accumulator read whole: what the other rests index is unknown
                    continue
                for var in set(rests[slot]) - {mine for mine, _ in matched}:
                    self.axes.bind(var, ("mma", mma, "K"))
            walked = {}
            for slot, letter in (("A", "N"), ("B", "M")):
                for var in _walked_past(issues, slot, rests["C"]):
                    self.axes.bind(var, ("mma", mma, letter))
                    walked[var] = letter
            if "N" in walked.values():  # the accumulator's one other rest is M: A's one rest, at the same index
                self._lone_rows(issues, mma, set(walked))
            for slot, scaled in _SCALE_OF.items():
                # a scale register's index walks with the rows (or columns) and the K blocks of the operand it
                # scales: `rSFA[m // 2, k]` beside `rA[None, m, k]` (two m16 tiles share a register)
                for mine, theirs in _same_columns(_issue_columns(issues, slot), rests[scaled]):
                    self.axes.join(mine, theirs)

    def _lone_rows(self, issues: list, mma: int, walked: set) -> None:
        """An accumulator's rests run along M or N: with its N leaves known (`_walked_past`), its one other indexed
        leaf is M, and so is A's one indexed leaf where every issue indexes both alike (`acc[0, jj, :]` beside
        `a_regs[0, :]`, one m16 block: a column no walk tells from K's)."""
        columns = {slot: _issue_columns(issues, slot, constant=True) for slot in ("A", "C")}
        columns["C"] = columns["C"] or _issue_columns(issues, "D", constant=True)
        rows = [var for var in columns["C"] if var not in walked]
        if len(rows) != 1 or len(columns["A"]) != 1:
            return
        (a_var, a_column), c_column = next(iter(columns["A"].items())), columns["C"][rows[0]]
        if a_column == c_column:
            self.axes.bind(rows[0], ("mma", mma, "M"))
            self.axes.bind(a_var, ("mma", mma, "M"))

    def _note_sliced(self, record: Record, bound: dict, key: str = "sliced") -> None:
        """A view of a slice (`recast_tensor(rK[None, m, k], Int32)`): the array sliced and the coordinate, for a
        warp MMA that reads the view (`_fragment_of`); under `like_slice`, registers made like a slice
        (`make_rmem_tensor_like(tA[m, None, tile])`), for the rows a sum of their products is written at
        (`flow._product_rows`)."""
        sliced = next((self.slice_coords[k] for k in map(_value_key, bound.values()) if k in self.slice_coords), None)
        if sliced is not None:
            record.meta[key] = sliced

    def _flat_operand(self, index: int, mma: int, slot: str, transposed: bool) -> bool:
        """Whether the tensor a hand-issued MMA reads in `slot` is an SMEM tile in no MMA form (rows, columns,
        stages): that MMA's operand (`levels.flat_operand`), its tile modes along the slot's axes
        (`flow.bind_flat_slot`), the atom and rests of an operand in MMA form none of its modes."""
        record = self._relabelled_flat(index, "hand_operand.atom", _levels.flat_operand)
        if record is None:
            return False
        _flow.bind_flat_slot(self.axes, record.levels[0], record.layouts[0] if record.layouts else None, mma, slot,
                             transposed)
        return True

    def _relabelled_flat(self, index: int, rule: str, relabel):
        """The record of a flat SMEM tile (no nested first mode: an MMA atom's, `operand_by_use`'s case) that a
        hand-issued MMA reads, its labels made by `relabel` the first time one reads it (its first label's rule
        `rule` after); None where it is no such tile or `relabel` finds it of a level of its own."""
        record = self.trace.records[index]
        if not record.levels or record.memspaces[:1] != ("smem",) or not isinstance(record.shapes[0], tuple) \
                or isinstance(record.shapes[0][0], tuple):
            return None
        if next(_levels.flatten(record.levels[0])).rule != rule:
            relabelled = relabel(record.levels[0], index)
            if relabelled is None:
                return None
            record.levels = (relabelled,) + tuple(record.levels[1:])
        return record

    def _copied_into_tmem(self, call: Call) -> None:
        """`tcgen05.cp` of an SMEM tile, through a descriptor of its address, to a TMEM address: that address holds
        the tile's data, for the MMA issued by hand that reads it there."""
        found = self._traced_from(call.bound.get("smem_desc"))
        if found is not None and call.bound.get("taddr") is not None:
            self.tmem_copied[_address_key(call.bound["taddr"])] = found

    def _scale_factors_by_hand(self, call: Call) -> tuple:
        """The SMEM tiles (entry, shape) copied to the TMEM addresses a block-scaled MMA issued by hand reads A's
        and B's scale factors at (`tcgen05_mma_block_scale(..., scale_a, scale_b)`); None where none was."""
        return tuple(self.tmem_copied.get(_address_key(call.bound[arg])) if call.bound.get(arg) is not None
                     else None for arg in ("scale_a", "scale_b")) if call.op == "tcgen05_mma_block_scale" else ()

    def _flat_scale_factors(self, index: int, mma: int, slot: str) -> None:
        """A flat SMEM tile of scale factors (packed scales, blocks of rows, stages) that a hand-issued MMA reads
        from TMEM is that MMA's operand (`levels.flat_scale_factors`), its blocks of rows along the slot's M or
        N (`flow.bind_scale_blocks`)."""
        record = self._relabelled_flat(index, "hand_scales.atom", _levels.flat_scale_factors)
        if record is not None:
            _flow.bind_scale_blocks(self.axes, record.levels[0], mma, slot)

    def _read_from_tmem(self, call: Call, result) -> None:
        """`tcgen05.ld` by hand (`nvvm.tcgen05_ld` at `(row << 16) | column`): its registers hold values of the
        accumulator of the hand-issued product whose columns hold the address (`_products_at`), whatever the
        shape: what they are stored into by hand carries that product's values (`_stored_into_tmem`). A 32x32b
        read gives each thread its lane's row, its registers consecutive columns: registers stored from those
        values run along the product's N (`_registers_of_tmem`)."""
        key = _ir_hash(result)
        if call.bound.get("tmem_addr") is None or key is None:
            return
        held = self._products_at(_address_key(_tmem_column(call.bound["tmem_addr"])))
        if len(held) != 1:
            return
        self.tmem_values[key] = held.pop()
        if "32x32b" in str(call.bound.get("shape")):
            self.tmem_reads[key] = self.tmem_values[key]

    def _products_at(self, column: tuple) -> set:
        """The hand-issued products whose accumulator holds a TMEM column: a constant column within a constant
        accumulator's columns; a column computed at run time in the one accumulator at a run-time address."""
        if column[0] == "constant":
            return {m for m, (at, width) in self.hand_accumulators.items()
                    if at[0] == "constant" and width and at[1] <= column[1] < at[1] + width}
        return {m for m, (at, _) in self.hand_accumulators.items() if at[0] == "value"}

    def _stored_into_tmem(self, call: Call) -> None:
        """`tcgen05.st` by hand: the TMEM columns it writes hold values of the one product whose accumulator's
        registers (`tcgen05.ld`) the stored registers were computed from (`_products_read`), for the MMA that
        reads its A there (`_bind_tmem_operands`). Values of a product stored back into its own accumulator
        update it from its old values: a recurrent state."""
        address, value = call.bound.get("tmem_addr"), call.bound.get("val")
        if address is None or value is None:
            return
        column = _address_key(_tmem_column(address))
        width = _columns_stored(call.bound.get("shape"), value)
        stored = self._registers_stored_by_hand(value)
        self.tmem_stored.append((column, width, stored))
        visited: set = set()
        products = self._downstream(self._products_read(value, visited))
        self._side_inputs(visited - set(stored), products)
        for register in stored:  # whose values they are, for their axis (`flow._stored_into_tmem`)
            self.trace.records[register].meta.setdefault("tmem_values_of", []).extend(
                p for p in sorted(products, key=str) if p not in self.trace.records[register].meta["tmem_values_of"])
        if len(products) != 1:
            return
        (product,) = products
        self.tmem_written.append((column, width, product))
        if self._products_at(column) == {product}:  # written back over its own columns (`h *= decay`), which the
            self.axes.states.add(product)  # MMA then accumulates into: a recurrent state (`Axes._linear_attention`)

    def _stored_by_matrix(self, call: Call) -> None:
        """`stmatrix(sP.iterator + offset, words, layout)`: registers written by hand into the SMEM buffer the pointer
        starts in. The buffer's values come from every traced tensor the stored words were computed from (up their
        defining ops, and from a register element read to the value written there: the scores `s[i] = acc[i] * scale`,
        read back, exponentiated and packed), as a `store` of loaded values says (`values_from`): an MMA reading
        the buffer reads those accumulators' values (`flow._accumulators_read`) if the write comes before its read."""
        over = self._reused(call.bound.get("ptr"), carried=False)
        words = call.bound.get("sources")
        if over is None or words is None:
            return
        meta = self.trace.records[over[0]].meta
        sources, read = meta.setdefault("values_from", []), []
        for word in words if isinstance(words, (list, tuple)) else (words,):
            for value in _defining_values(getattr(word, "value", word), limit=_MATRIX_STORE_VALUES):
                source = self.loaded.get(_ir_hash(value))
                if source is not None and source != over[0] and source not in read:
                    read.append(source)
        sources.extend(source for source in read if source not in sources)
        # one write of values computed from all of them, when: which reads it comes before (`flow._writes_seen`)
        meta.setdefault("writes", []).extend((len(self.trace.records) - 0.5, source) for source in read)

    def _rows_copied_by_pointer(self, call: Call) -> None:
        """`cp_async_bulk_shared_cluster_global(sK.iterator, gK.iterator + row * D, bar, n * D)`: bytes of the global
        tensor the source pointer points into copied into the SMEM tensor the destination points into. Where the two
        are laid out alike, mode by mode (the same rank, the same element type, each mode's static stride the
        other's: whole rows of a (keys, channels) cache into a (keys, channels) tile), the copy moves each mode's
        elements into the same mode: their modes join, as a copy's two sides do."""
        dst = self._reused(call.bound.get("dst_mem"), carried=False)
        src = self._reused(call.bound.get("src_mem"), carried=False)
        if dst is None or src is None or dst[0] == src[0]:
            return
        to, of = self.trace.records[dst[0]], self.trace.records[src[0]]
        if to.memspaces[dst[1]] != "smem" or of.memspaces[src[1]] != "gmem" or to.dtypes[dst[1]] != of.dtypes[src[1]]:
            return
        new, old = leaf_tree(to.layouts[dst[1]]), leaf_tree(of.layouts[src[1]])
        if not isinstance(new, tuple) or not isinstance(old, tuple) or len(new) != len(old) or len(new) < 2:
            return
        labels, sources = to.levels[dst[1]], of.levels[src[1]]
        if not (isinstance(labels, tuple) and isinstance(sources, tuple) and len(labels) == len(sources) == len(new)):
            return
        # (a run-time extent, `?`, leaves the stride static: the cache's rows)
        strides = [(a.partition(":")[2], b.partition(":")[2]) if isinstance(a, str) and isinstance(b, str)
                   else (None, None) for a, b in zip(new, old)]
        if any(not a or not a.isdigit() or a != b for a, b in strides):
            return
        for mine, theirs in zip(labels, sources):
            self.axes.join(self._axis_var(mine), self._axis_var(theirs))

    def _registers_stored_by_hand(self, value) -> list:
        """Mark the register tensors whose elements a `tcgen05.st` writes into TMEM (`vals[i].ir_value()`), and the
        tensors they are views of, for `flow._stored_into_tmem`; returns their records."""
        marked = []
        for v in _defining_values(getattr(value, "value", value)):
            index = self.loaded.get(_ir_hash(v))
            while index is not None and self.trace.records[index].memspaces[:1] == ("rmem",):
                record = self.trace.records[index]
                record.meta["tmem_stored"] = True
                if index not in marked:
                    marked.append(index)
                index = record.inputs[0] if record.op in _flow._VIEW_OPS + _flow._SAME_MODES and record.inputs \
                    else None
        return marked

    def _products_read(self, value, visited: set | None = None) -> set:
        """The hand-issued products whose accumulator registers, read by `tcgen05.ld`, `value` was computed from:
        up its defining ops, and from an element read of a register tensor to the values stored into that
        tensor's storage (`probs.store(s.to(bf16))`, then `recast_tensor(probs, Int32)[i]`)."""
        found, frontier, seen = set(), [getattr(value, "value", value)], set()
        while frontier:
            for v in _defining_values(frontier.pop()):
                key = _ir_hash(v)
                if key in self.tmem_values:
                    found.add(self.tmem_values[key])
                elif key in self.warp_results:  # a warp MMA's D registers
                    found.add(self.warp_results[key])
                elif key in self.loaded:
                    root = self._register_storage(self.loaded[key])
                    if root not in seen:
                        seen.add(root)
                        if visited is not None:
                            visited.add(root)
                        found |= self.held_products.get(root, set())
                        frontier.extend(self.register_stores.get(root, ()))
        return found

    def _downstream(self, products: set) -> set:
        """Of products whose values one value was computed from, those no other of them read (a warp MMA's result
        combined with the operand it read, `2 Ai - Ai M Ai`: the later product's values)."""
        read = {m1 for m1, _, m2, _, _ in self.axes.chains if m2 in products and m1 != m2}
        return products - read

    def _products_held(self, index: int) -> set:
        """The hand-issued products whose values a tensor holds: those a copy wrote into its storage, and, for
        registers, those the values stored into them were computed from (`_products_read`)."""
        storage = self._register_storage(index)
        found = set(self.held_products.get(storage, ()))
        if self.trace.records[storage].memspaces[:1] == ("rmem",):
            visited: set = set()
            for value in self.register_stores.get(storage, ()):
                found |= self._products_read(value, visited)
            self._side_inputs(visited - {storage}, found)
        return found

    def _side_inputs(self, registers: set, products: set) -> None:
        """Register tensors whose values were combined with a product's (a per-row gate, the row and column indices
        of a mask applied to an accumulator read by hand), met on the way from stored values up to that product:
        its side inputs (`flow._side_inputs_written`)."""
        for index in registers if products else ():
            record = self.trace.records[index]
            if record.memspaces[:1] == ("rmem",):
                side = record.meta.setdefault("side_of", [])
                side.extend(p for p in sorted(products, key=str) if p not in side)

    def _copy_carries_products(self, src: int, dst: int) -> None:
        """A copy moves the products' values its source holds into its destination's storage (registers
        computed from an accumulator, stmatrix'd into an SMEM scratch tile, then ldmatrix'd into the registers a
        warp MMA reads): `_warp_mma_by_hand` chains the products through them."""
        found = self._products_held(src)
        if found:
            self.held_products.setdefault(self._register_storage(dst), set()).update(found)
        records = self.trace.records
        if found and records[src].memspaces[:1] == ("rmem",) and records[dst].memspaces[:1] == ("smem",):
            for register in {src, self._register_storage(src)}:  # values written out (`flow._products_written`)
                written = records[register].meta.setdefault("smem_values_of", [])
                written.extend(p for p in sorted(found, key=str) if p not in written)
            records[dst].meta["written_from_registers"] = True  # the copy's SMEM side (`flow._products_written`)

    def _register_storage(self, index: int) -> int:
        """The record whose register storage a tensor is: up the views it was made as (`recast_tensor` of it)."""
        records = self.trace.records
        while records[index].op in _flow._VIEW_OPS + _flow._SAME_MODES and records[index].inputs:
            index = records[index].inputs[0]
        return index

    def _register_stored(self, index: int, value) -> None:
        """Remember a value stored into a register tensor (whole or one element), its first few per storage, for
        `_products_read` to follow."""
        if self.trace.records[index].memspaces[:1] != ("rmem",):
            return
        stored = self.register_stores.setdefault(self._register_storage(index), [])
        if len(stored) < _REGISTER_STORES_READ:
            stored.append(getattr(value, "value", value))

    def _bind_box_unit_modes(self) -> None:
        """An SMEM buffer allocated in a host TMA atom's SMEM layout (`allocate_tensor(K_tma.smem_layout.outer)`)
        holds the boxes of that atom's global tensor, whose tiler (`cta_tiler=(BT, 1, d)`) takes one mode for each
        of the tensor's modes: a size-1 mode of the buffer where the tiler cuts the tensor's mode to 1 is that
        mode at one index (the head of a (tokens, heads, d) tensor). The buffer's other modes meet the tensor's through the TMA
        partition; a size-1 one never does (copies drop it), so it joins the tensor's mode here."""
        boxes: dict = {}
        for layout, entry, cut in self.tma_boxes:
            boxes.setdefault(layout, []).append((entry, cut))
        for record in self.trace.records:
            held = boxes.get(record.layouts[0]) if record.layouts and record.memspaces[:1] == ("smem",) else None
            if not held or not record.levels or not isinstance(record.shapes[0], tuple):
                continue
            for at, (extent, label) in enumerate(zip(record.shapes[0], record.levels[0])):
                if extent != 1 or not isinstance(label, _levels.ModeLabel) or label.var is None:
                    continue
                for entry, cut in held:
                    modes = entry[2]
                    if at in cut and at < len(modes) and isinstance(modes[at], _levels.ModeLabel):
                        self.axes.context = record.index
                        self.axes.join(label.var, modes[at].var)

    def _bind_tmem_operands(self) -> None:
        """A hand-issued MMA reading its A at a TMEM address that a `tcgen05.st` wrote with values of another
        product's accumulator (P = f(S) written over TMEM for O = P V) reads that product: a chain, as
        `flow._chains` finds through traced tensors, and its rows are the product's rows (TMEM lanes)."""
        for column, mma, index in self.tmem_operands:
            for at, width, stored in self.tmem_stored:  # the registers written where it reads, for their axis
                for register in stored if _covers(at, width, column) else ():
                    read_by = self.trace.records[register].meta.setdefault("tmem_read_by", [])
                    if mma not in read_by:
                        read_by.append(mma)
            products = {m for at, width, m in self.tmem_written if _covers(at, width, column)} - {mma}
            if len(products) != 1:
                continue
            (source,) = products
            self.axes.context = index
            self.axes.chains.add((source, None, mma, "A", None))
            self.axes.bind(self.axes.key_var.get(("mma", source, "M")), ("mma", mma, "M"))

    def _registers_of_tmem(self, index: int, value) -> None:
        """A register vector stored with values a hand-written 32x32b `tcgen05.ld` read (`_read_from_tmem`), converted
        or not: its one mode runs along the product's N (`_bind_tmem_registers`)."""
        record = self.trace.records[index]
        if record.memspaces[:1] != ("rmem",) or not record.levels or not isinstance(record.shapes[0], int):
            return
        product = _up_defining_ops(value, lambda v: self.tmem_reads.get(_ir_hash(v)), depth=6, unwrap=True)
        if product is not None:  # bound when the trace ends, to the labels the copies it feeds leave it
            self.tmem_registers[index] = product

    def _bind_tmem_registers(self) -> None:
        """Each register vector stored from an accumulator's columns (`_registers_of_tmem`) runs along the
        product's N, and so do the values of the thread's view it is copied into (`partial_vecs[None, (row,
        chunk)]` of `zipped_divide(out, (1, 16))`: its value mode's one wide leaf), whose labels the registers
        take when the trace ends (`flow._register_chunks`)."""
        records = self.trace.records
        for index, product in self.tmem_registers.items():
            records[index].meta["read_from_tmem"] = True  # an accumulator read out: its epilogue (`flow`)
            self.axes.context = index
            for label in _levels.flatten(records[index].levels[0]):
                self.axes.bind(label.var, ("mma", product, "N"))
            for copy in records:
                dst = (copy.operands or {}).get("dst") if copy.op == "copy" else None
                if dst is not None and copy.operands.get("src") == index and records[dst].meta.get("thread_view"):
                    self.axes.bind(_wide_value_var(records[dst]), ("mma", product, "N"))

    def _traced_from(self, value):
        """(the traced tensor, its shape) an MLIR value was computed from (an address or a descriptor of its data),
        the nearest up its defining ops; None if none is."""
        def traced(v):
            entry = self._known_value(v)
            return (entry, _info(v).shape) if entry is not None and _info(v) is not None else None

        return _up_defining_ops(value, traced, depth=12, width=32) if value is not None else None

    # -- helpers' records: the caller's line and names -------------------------------------------------
    def _attribute(self, record: Record, site: CallSite, frame, kernel_file: str, kernel: str) -> None:
        """A record made in a helper (of another module, or of the kernel's own file: a method, a function the
        kernel calls): remember the call chain from the kernel function's frame down to the call.

        Which caller binds the tensor is known only once its statement has run, so the record waits in
        `unresolved` until then, one caller at a time from the innermost out (see `_resolve`); the outermost
        statement that binds it gives its name and line, the chain keeps the helper's own.
        """
        # a kernel's dynamic branches each run in a generated function of its file: role dispatches nest deep
        above = self._callers_above(frame, kernel_file, kernel)
        own = [] if site.direct else [(site, frame, None, None)]  # made by a CuTeDSL helper the line called
        if not above:
            if own:
                self._wait(_Waiting(record.index, [_level(*own[0], position=0)], 0))
            return
        frames = [(s, f) for s, f in reversed(above)] + [(site, frame)]  # outermost (the kernel's line) first
        record.chain = tuple((s.file, s.line, s.function) for s, _ in frames)
        # each caller with the function it called, the one its statement's names would come from
        levels = [(s, f, frames[i + 1][1].f_code.co_name, frames[i + 1][1]) for i, (s, f) in enumerate(frames[:-1])]
        levels = [_level(*_past_comprehension(level), position=i) for i, level in enumerate(levels)]
        # a statement that assigns no name (`self.mma(...)`, `return helper(...)`) binds nothing: not waited on
        levels = [level for level in levels if level[4] or bound_names(level[0].file, level[0].line)]
        # one statement seen from two frames (a comprehension's or a conditional expression's, which the DSL runs
        # in a generated function, and the frame running the statement) is waited on once: at the innermost,
        # whose line is the call's
        levels = _one_per_statement(levels)
        # the statements waited on find their call by its column
        levels = [(site_of(frames[level[5]][1]),) + level[1:] if level[0].col == 0 and level[4] is None else level
                  for level in levels]
        levels += [_level(*own[0], position=len(frames) - 1)] if own else []
        # without a binding, the chain starts where it always has: the innermost caller in the kernel's file
        start = max(i for i, (s, _f) in enumerate(frames[:-1]) if s.file == kernel_file)
        if levels:
            self._wait(_Waiting(record.index, levels, start))
        else:
            record.chain = _trimmed(record.chain, start)

    def _callers_above(self, frame, kernel_file: str, kernel: str) -> list:
        """`callers(frame, kernel_file, limit=64, stop_function=kernel, columns=False)`, walked once per frame: the
        frames above a frame still running, and their lines, stay as they are (a helper's CuTe calls all ask from
        its frame, dozens of frames of dynamic control flow below the kernel's). A walk that passes a generator's
        frame is not kept: it is called from wherever it is resumed."""
        key = (id(frame), kernel_file, kernel)
        hit = self.callers_of.get(key)
        if hit is not None and hit[0] is frame:
            return hit[1]
        above = callers(frame, kernel_file, limit=64, stop_function=kernel, columns=False)
        # the walk stopped at the kernel's frame, or went on as far as it could: every frame it passed counts
        last = above[-1][1] if above and above[-1][1].f_code.co_name == kernel else None
        passed = frame
        while passed is not None:
            if passed.f_code.co_flags & _RESUMABLE:
                return above
            if passed is last:
                break
            passed = passed.f_back
        self.callers_of[key] = (frame, above)  # holding the frame keeps its id its own
        return above

    def _wait(self, waiting: "_Waiting") -> None:
        self.unresolved.setdefault(_level_key(waiting.levels[-1]), []).append(waiting)

    def _resolve(self, frame=None) -> None:
        """Name the waiting records whose caller statements have finished (all of them when `frame` is None).

        Records wait in groups, one per caller statement (its frame, line and the helper it called), so each
        call costs a look at each statement still running, not at each record waiting on it."""
        live = frame is not None
        stack = _Stack(frame)
        todo, self.unresolved = self.unresolved, {}
        locals_of: dict = {}  # id(frame) -> its variables, read once per pass
        while todo:
            key, group = todo.popitem()
            if live and stack.busy(group[0].levels[-1]):
                self.unresolved.setdefault(key, []).extend(group)
                continue
            for waiting in group:
                level = waiting.levels.pop()
                try:
                    if self._bind(self.trace.records[waiting.index], level, live, locals_of):
                        waiting.bound = level[5]  # its position in the chain
                except Exception as exc:  # a caller's locals that cannot be read leave the helper's own names
                    self.errors.append(f"helper names: {type(exc).__name__}: {exc}")
                if waiting.levels:
                    next_key = _level_key(waiting.levels[-1])
                    (self.unresolved if next_key in self.unresolved else todo).setdefault(next_key, []).append(waiting)
                else:
                    record = self.trace.records[waiting.index]
                    record.chain = _trimmed(record.chain, waiting.start if waiting.bound is None else waiting.bound)

    def _bind(self, record: Record, level: tuple, live: bool, locals_of: dict) -> bool:
        """Give the record the names the caller's statement bound its tensors to, and that line, when it bound
        any: a tensor itself, or one held in the tuple, list, dict or record (namedtuple, dataclass,
        SimpleNamespace) a name holds (``parts.tCrA``)."""
        site, frame, called, _inner, given = level[:5]
        names = given or assigned_names(site, called, frame) or (bound_names(site.file, site.line) if called else None)
        if not names:
            return False
        bound, hit = [None] * len(record.names), False
        local = locals_of.get(id(frame))
        if local is None:  # a fresh copy of the frame's variables at each read: read once
            local = locals_of[id(frame)] = frame.f_locals
        tensor = _tensor_class()
        for name in names:
            if not name or name == "_":  # a throwaway is not a name
                continue
            held = _held(name, local.get(name), tensor)
            for shown, value in held:
                # once the compile has ended its IR is gone: only what is already known may be asked
                found = self.lookup(value) if live else self.known.get(_value_key(value))
                if found and found[0] == record.index and found[1] < len(bound):
                    bound[found[1]], hit = shown, True
            if not held and self._wraps_record(local.get(name), record, site, live):
                bound[0], hit = name, True
        if not hit:
            return False
        if (record.file, record.line) != (site.file, site.line) and "made_at" not in record.meta:
            record.meta["made_at"] = {"file": record.file, "line": record.line, "function": record.function,
                                      "names": list(record.names)}
        record.names = tuple(bound)
        record.file, record.line, record.col = site.file, site.line, site.col
        record.function = frame.f_code.co_name if given else site.function
        record.library = record.library and site.file.startswith(_library_dir())  # the kernel's tensor now
        return True

    def finish(self) -> None:
        """Resolve what is still waiting when the compile ends, then give every mode its axis from the data flow."""
        try:
            self._resolve(None)
        except Exception as exc:
            self.errors.append(f"helper names: {type(exc).__name__}: {exc}")
        self.unresolved = {}
        if self.operands_by_use:  # a hand-made operand fragment re-laid for its load copy stays the MMA's, its
            relevels = {}  # rests the fragment's (relabelled after the retile was made); views of it follow
            for record in self.trace.records:
                if record.op == "retile" and record.inputs and record.inputs[0] in self.operands_by_use \
                        and isinstance(record.levels[0], tuple):
                    relevels[record.index] = (("copy",), "mma")
                    modes = record.levels[0]
                    fragment = self.trace.records[record.inputs[0]].levels[0]
                    if len(modes) == len(fragment):
                        record.levels = ((modes[0],) + tuple(fragment[1:]),) + tuple(record.levels[1:])
                    self._atom_placed_by_retile(record)
                    self._folded_rest(record)
                    self._views_of_retiled(record)
                if relevels:
                    record.levels = tuple(_flow._carried_relevel(t, relevels) for t in record.levels)
        if self.rings:  # before the MMA's SMEM relevels, which then reach the buffer's tile modes
            buffers = {origin for origin, _ in self.rings}
            last = {label.var for origin in buffers for t in self.trace.records[origin].levels[:1]
                    for label in _levels.flatten(t) if label.level == "stage" and (origin, label.var) not in self.rings}
            for record in self.trace.records:
                record.levels = tuple(_as_ring(t, self.rings, last) for t in record.levels)
        self._bind_box_unit_modes()
        self._bind_tmem_registers()
        self._stacked_products()
        self._bind_tmem_operands()
        self._copy_index_pairs()
        self._bind_warp_mma_rests()
        self._warp_operand_views()
        self._tiles_held()
        if self.k_tiles:  # the k-tiles a loop walks, wherever views carried the buffer's mode
            for (_, var), (k_var, _, _) in self.k_tiles.items():
                self.axes.join(var, k_var)
            for record in self.trace.records:
                if record.shapes and len(record.shapes) == len(record.levels):
                    tma = record.op == "tma_partition"  # (a TMA load's partition cuts them as Block's rests)
                    record.levels = tuple(_as_k_tiles(t, shape, self.k_tiles, record.index if tma else None)
                                          for t, shape in zip(record.levels, record.shapes))
        self._replicas_unplaced()
        self._suggest_named_dims()
        _flow.state_roles(self.axes, self.trace.records, self.tile_extents)
        self._loop_walked_k()
        for view, source in self.same_storage.items():  # for `flow._view_of_read_values`
            self.trace.records[view].meta["storage_of"] = source
        try:
            _flow.settle(self.axes, self.trace.records, self.views, self.objects.tiler_ranks, self.index_uses,
                         self.objects, gathers=(self.gathers, self.selections), paged=self.paged,
                         slots={v for v, per_cta in self.slot_reads.items() if per_cta == {True}},
                         packed_pages=self.packed_pages, packed_indices=self.packed_indices, tile_picks=self.tile_picks)
        except Exception as exc:  # the labels made while tracing stay
            self.errors.append(f"axes: {type(exc).__name__}: {exc}")
        # the accumulator's layout lent by a fake fragment (`make_tensor(tmem_ptr, tCtC_fake.layout)`): its slots too
        self.accumulator_stages |= {lent for var, lent, _, _ in self.axes.borrowed if var in self.accumulator_stages}
        if self.stages or self.accumulator_stages:  # the slot modes filled one at a time, wherever views carried them
            for record in self.trace.records:
                record.levels = tuple(_as_stage(t, self.stages, self.accumulator_stages) for t in record.levels)
        _flow.tiles_of_a_buffer(self.trace.records)
        _flow.atom_copies(self.trace.records)
        self._stepped_axes()
        self._tiles_by_hand()
        self._vectors_of_accumulator_rows()

    def _vectors_of_accumulator_rows(self) -> None:
        """A register vector made from a bare extent (`make_rmem_tensor(2)`) that no rule placed, whose elements are
        computed from an MMA accumulator's (a softmax's running row max and sum: `m[r] = max(m[r], acc[i])`,
        through views of the accumulator and other such vectors), holding one value per accumulator row the thread
        has (its extent the product of the accumulator atom's leaves along its rows, M), runs along those rows: the
        accumulator's atom along M. Read once every axis is known (the atom's leaves carry their letters)."""
        records = self.trace.records
        accumulators = {r.operands.get(slot) for r in records if r.op == "gemm" and r.operands for slot in ("C", "D")}
        accumulators.discard(None)
        if not accumulators:
            return

        def bare(record):
            return record.op == "make_rmem_tensor" and record.memspaces[:1] == ("rmem",) and not record.inputs \
                and len(record.shapes) == 1 and isinstance(record.shapes[0], int) and record.levels \
                and all(label.level == "input" for label in _levels.flatten(record.levels[0]))

        def accumulator_of(index):
            frontier, seen = [index], {index}
            while frontier:
                record = records[frontier.pop(0)]
                if record.index in accumulators:
                    return record
                if record.index != index and not (bare(record) or record.memspaces[:1] == ("rmem",)
                                                  and record.index in self.views):
                    continue
                for source in [self.views.get(record.index)] + list(record.meta.get("computed_from", ())):
                    if source is not None and source not in seen and len(seen) < 32:
                        seen.add(source)
                        frontier.append(source)
            return None

        for record in records:
            if not bare(record):
                continue
            acc = accumulator_of(record.index)
            modes = acc.levels[0] if acc is not None and acc.levels else None
            if not isinstance(modes, tuple) or len(modes) < 2 or not isinstance(modes[0], _levels.ModeLabel) \
                    or not isinstance(modes[1], _levels.ModeLabel) or modes[1].level != "mma" or not modes[1].axis:
                continue
            atom, rows = modes[0], modes[1]
            extents = list(_leaves(acc.shapes[0][0])) if isinstance(acc.shapes[0], tuple) else []
            axes = atom.leaf_axes if atom.leaf_axes and len(atom.leaf_axes) == len(extents) else None
            if axes is None or not all(isinstance(a, (str, type(None))) for a in axes):
                continue
            held = math.prod(e for e, a in zip(extents, axes) if a == rows.axis and isinstance(e, int))
            if held != record.shapes[0] or rows.axis not in axes:
                continue
            record.levels = ((replace(rows, role="atom", origin=record.index, rule="accumulator_row_vector",
                                      axis_rule="accumulator_row_vector", leaf_axes=None),),)

    def _tiles_by_hand(self) -> None:
        """The modes of each global tile laid by hand at the CTA's offset (`_cta_tile_by_hand`) that are still the
        input's when every other rule has run, and that a view, partition or copy reads as a tensor: the CTA's tile
        (Block atom), in every record that carries them. A view read only through its pointer (a row group's whole
        plane, of which a bulk copy takes the CTA's rows at an offset of its own) stays a view of the input."""
        read_records = {i for record in self.trace.records for i in record.inputs}
        read = {label.origin for record in self.trace.records if record.index in read_records and record.levels
                for label in _levels.flatten(record.levels[0])} & self.cta_tiles_by_hand
        if not read:
            return

        def tiled(tree):
            if isinstance(tree, tuple):
                return tuple(tiled(t) for t in tree)
            if tree.origin in read and tree.level == "input":
                return replace(tree, level="block", role="atom", rule="cta_tile_by_hand")
            return tree

        for record in self.trace.records:
            record.levels = tuple(tiled(t) for t in record.levels)

    def _outputs(self, result) -> list:
        if _is_tensor(result):
            return [_info(result)]
        types = getattr(result, "types", None)
        if types is not None:
            from cute_inspect.trace.shape import info_of

            infos = [info_of(str(t)) for t in types]
            return [i for i in infos if i.kind in _TENSOR_KINDS]
        return []

    def _remember(self, result, outputs, index, out_trees) -> None:
        if len(outputs) == 1 and _is_tensor(result):
            self._know(result, (index, 0, out_trees[0]))
            return
        try:
            owner = hash(result.owner)
        except (AttributeError, TypeError):
            return
        self.pending[owner] = [(o.text, index, i, out_trees[i]) for i, o in enumerate(outputs)]
        for i, (o, tree) in enumerate(zip(outputs, out_trees)):
            self._of_type(o.text, (index, i, tree))

    def _tiled_copy_source(self, inp: tuple) -> tuple:
        """`inp` (a tiled copy's `partition_S/D` source) with a thread-picked tile's copy modes back at `block`
        (`levels.tiled_copy_source`), and so the records that made them: the tile the copy's threads share."""
        back = _levels.tiled_copy_source(inp)
        if back == inp:
            return inp
        for origin in {label.origin for label in _levels.flatten(inp) if label.rule.startswith("thread_tile.")}:
            record = self.trace.records[origin] if origin is not None and origin < len(self.trace.records) else None
            if record is not None:
                record.levels = tuple(_levels.tiled_copy_source(tree) for tree in record.levels)
        return back

    def _labels(self, op, bound, in_trees, names, info, in_memspace, origin, call=None):
        out_rank = rank(info.shape)
        inp = in_trees[0] if in_trees else ()
        inp = inp if isinstance(inp, tuple) else (inp,)
        epilogue = _levels.is_epilogue(tuple(in_trees), in_memspace or info.memspace)
        tiler = bound.get("tiler")
        tile_rank = rank(_shape_like(tiler)) if tiler is not None else 0
        if op == "local_tile":
            proj = bound.get("proj")
            if isinstance(proj, tuple) and isinstance(tiler, tuple):
                tile_rank = sum(p is not None for p in proj)
            coord = bound.get("coord")
            if _from_thread_index(coord, self.thread_coordinates):
                out = _levels.thread_tile(inp, tile_rank, _project(coord, proj), out_rank, origin)
            else:
                out = _levels.local_tile(inp, tile_rank, _project(coord, proj), out_rank, origin,
                                         whole=self._smem_modes_tiled_whole(bound, tiler, proj, in_memspace))
            self._loop_walked(_project(coord, proj), out[:tile_rank] if isinstance(out, tuple) else (out,))
            return out
        operand_axes = {"A": ("M", "K"), "B": ("N", "K"), "C": ("M", "N")}
        if op in ("partition_A", "partition_B", "partition_C"):
            # attention's operands name their own axes: tSrQ (Q, D), tOrV (D, K), tStS (Q, K)
            what = next((_levels.tensor_of(n) for n in names if _levels.tensor_of(n)), None)
            axes = _levels.operand_axes(what) if what in _levels.ATTENTION_TENSORS else operand_axes[op[-1]]
            rule = "hint:name" if what in _levels.ATTENTION_TENSORS else "mma_slot"
            if _levels.in_mma_form(inp):  # its atom re-tiled: rests of their own, on no axis the slot names
                return _levels.partition((None, None) + inp[2:], "mma", out_rank, origin, (), op, rule)
            source = next((_info(v).shape for v in bound.values() if _is_tensor(v)), None)
            return _levels.unit_rests_apart(_levels.partition(inp, "mma", out_rank, origin, axes, op, rule), source,
                                            origin, op)
        if op in ("partition_S", "partition_D"):
            inp = self._tiled_copy_source(inp)
            what = next((_levels.tensor_of(n) for n in names if _levels.tensor_of(n)), None)
            thr_copy = bound.get("self")
            level = self._copy_side_level(thr_copy, "store" if epilogue or _moves_tmem(thr_copy) else "copy")
            # the (M, N) an epilogue's partition suggests comes from the accumulator's side of the copy only (a
            # first partition of TMEM, or a TMEM read): not from a write into TMEM first partitioned elsewhere
            hinted = self._copy_side_level(thr_copy, "store" if epilogue or _loads_tmem(thr_copy) else "copy",
                                           hint=True)
            axes = _levels.operand_axes(what) or (("M", "N") if hinted == "store" else ())
            tile_rank = _flow.tiler_rank(bound.get("self")) or 2
            out = _levels.partition(inp, level, out_rank, origin, axes, op, tile_rank=min(tile_rank, 2))
            out = _levels.unit_rest_over_accumulator_atom(inp, out, info.shape, origin)
            source = next((v for v in bound.values() if _is_tensor(v)), None)
            if _copies_into_tmem(thr_copy) and source is not None:
                found = _stepped_leaves(info, _info(source).layout, inp, out, origin)
                stepped = self.lookup(source) if found is not None else None
                if stepped is not None:
                    self.stepped[origin] = (stepped[0], stepped[1], found[1])
                    return found[0]
            # a tiler mode over a rest it covers one element of (a 2-D tcgen05.ld tiler over an accumulator's
            # ((M, N), MMA_M, MMA_N): its second mode over MMA_M) leaves that rest as it was
            source = next((_info(v).shape for v in bound.values() if _is_tensor(v)), None)
            return tuple(inp[i - 1] if 2 <= i <= tile_rank and _whole_rest(inp, source, info.shape, i - 1) else label
                         for i, label in enumerate(out))
        if op == "retile":  # a fragment re-laid for a copy keeps its source's level: the accumulator's is MMA
            first = next(_levels.flatten(inp[0]), None) if inp else None
            level = first.level if first is not None and first.level in ("mma", "copy", "store", "epi") \
                else "store" if epilogue else "copy"
            return _levels.first_mode(inp, level, out_rank, origin)
        if op == "tma_partition":
            store = epilogue or _stores_to_global(bound.get("atom"))
            return _levels.first_mode(inp, "store" if store else "block", out_rank, origin, role="tma", op=op)
        if op in ("make_fragment_A", "make_fragment_B", "make_fragment_C"):
            if in_trees and len(inp) == out_rank and _levels.is_labelled(inp[1:]):
                return _levels.first_mode(inp, "mma", out_rank, origin, op="fragment")
            axes = {"A": ("M", "K"), "B": ("N", "K"), "C": ("M", "N")}[op[-1]]
            return _levels.fragment_from_shape(axes, out_rank, origin)
        if op == "group_modes":
            begin, end = bound.get("begin", 0), bound.get("end", len(inp))
            return _levels.group_modes(inp, begin, end if end is not None else len(inp), out_rank)
        if op.endswith("_divide"):
            # modes the tiler leaves whole: `None`, or a nested mode tiled by its own shape (quack's atom)
            source = next((_info(v).shape for v in bound.values() if _is_tensor(v)), None)
            if op == "logical_divide" and not isinstance(tiler, tuple) and out_rank == 2:
                found = _divided_flat(inp, source, _shape_like(tiler), origin)
                if found is not None:
                    return found
            # (a flat divide of a nested mode by its first leaf's extent, `flat_divide(tAcc, (128, 16))` of an
            # accumulator's ((128, 1), (16, 1)), cuts that leaf and the 1 into two top modes: a divide's tile and rest)
            whole = [i for i, t in enumerate(tiler) if t is None or (
                isinstance(source, tuple) and i < len(source) and _tiled_whole(t, source[i])
                and (op == "logical_divide" or isinstance(t, tuple)))] if isinstance(tiler, tuple) else []
            if not isinstance(tiler, tuple) and tiler is not None and in_trees:
                level = "epi" if epilogue or _levels.contains_level(inp, ("mma",)) else "block"
                if info.memspace == "rmem" and _levels.contains_level(inp, ("copy", "store")):
                    level = "store" if _levels.contains_level(inp, ("store",)) else "copy"  # a copy's values, cut
                found = self._layout_divided(info, bound, inp, level, origin)
                if found is not None:
                    return found
            if not epilogue and self._operand_buffer_tile(inp, info):
                # an A or B operand's SMEM buffer cut into the boxes its loads fill (a page's keys): CTA tiles
                return _levels.divide(op, inp, tile_rank, "block", out_rank, origin, (), whole)
            if info.memspace == "rmem" and _levels.contains_level(inp, ("store",)) \
                    and not _levels.contains_level(inp, ("mma", "epi")):
                # a thread's values read out of an accumulator cut into the chunks one store copy moves
                # (`tiled_divide(dLogits_half, (16, 1))` for a 256-bit store): that copy's atom and rests
                return _levels.divide(op, inp, tile_rank, "store", out_rank, origin, (), whole)
            if epilogue or _levels.contains_level(inp, ("mma",)):
                return _levels.divide(op, inp, tile_rank, "epi", out_rank, origin, ("M", "N"), whole,
                                      _shape_like(tiler))
            if info.memspace == "rmem" and _levels.contains_level(inp, ("copy",)):
                # a thread's copied values cut into chunks (a decode or quantization step's 32 values): no CTA tile
                return _levels.divide(op, inp, tile_rank, "copy", out_rank, origin, (), whole)
            return _levels.divide(op, inp, tile_rank, "block", out_rank, origin, (), whole)
        if op == "local_partition":
            # projected (`local_partition(sA, tC, tidx, proj=(1, None))`): one thread layout over a product's (M, N),
            # each operand keeping its own modes of it, is a SIMT MMA's partition (A's rows, B's columns, C's both)
            level = "mma" if isinstance(bound.get("proj"), tuple) else "copy"
            return _levels.local_partition(inp, tile_rank, out_rank, origin, level)
        if op == "composition" and _is_tensor(bound.get("lhs")):  # a transposing composition permutes modes
            # a composition views its own tensor: a leaf may merge parts of one axis across modes (an atom's keys and
            # the rests along them), which a tensor laid over another's storage may not
            found = _strided_view(info.layout, _info(bound["lhs"]).layout, inp, origin, self._axis_class,
                                  expansions=self.axes.expansions)
            if found is not None:
                return found
            if format_shape(_info(bound["lhs"]).shape) != format_shape(info.shape):
                # a reshaping composition no stride maps (P's SMEM seen in S's shape): not mode for mode
                return self._like(info) or _levels.initial(out_rank, names[0] if names else None, origin)
        if op in _SAME_MODES:
            if len(inp) == out_rank:
                return inp
            if not in_trees:  # made like a value, not a tensor (`make_rmem_tensor_like(acc.load())`)
                found = self._like(info)
                if found is not None and _is_layout(bound.get("src")):
                    # made from a layout alone: another tensor's layout says the modes' shape and level, not which
                    # values they will hold (an accumulator's values re-laid as an operand, written by a view)
                    return _levels.own_variables(found, info.shape, origin)
                if found is not None:
                    return found
        if op == "select":
            modes = bound.get("mode")
            modes = [modes] if isinstance(modes, int) else list(modes or ())
            if len(modes) == out_rank and all(isinstance(m, int) and m < len(inp) for m in modes):
                return tuple(inp[m] for m in modes)
        if op in ("flatten", "coalesce"):
            leaves = tuple(_levels.flatten(inp))
            if len(leaves) == out_rank:
                return leaves
        if op == "make_identity_tensor":
            coords = _levels.coordinates(out_rank, names[0] if names else None, origin)
            # `make_identity_tensor(mX.shape)`: mX's axes; `((mA.shape[0], cute.size(mB, mode=[0]), 1))`: each
            # coordinate the axis of the mode its extent reads
            counted = self._shape_source(call, "shape", info) or self._shape_entries(call, info, "shape")
            for coord, mode in zip(coords, counted or ()):
                if isinstance(mode, _levels.ModeLabel):
                    self.axes.join(coord.var, self._axis_var(mode))
            return coords
        if op in ("make_tensor", "make_rmem_tensor", "composition"):
            relaid = self._one_mode_relaid(bound.get("iterator"), info, call) if op == "make_tensor" else None
            if relaid is not None:
                self.views[origin] = relaid[0]
                return relaid[1]
            found = self._restrided(bound.get("iterator"), info, call, bound.get("layout")) \
                if op == "make_tensor" else None
            if found is not None:
                self.views[origin] = found[0]
                if info.memspace == "gmem" and all(label.level == "input" for label in _levels.flatten(found[1])):
                    # a kernel input re-laid with named extents (`make_tensor(t.iterator, make_layout((t.shape[0],
                    # self.num_topk), stride=t.stride))`): the names say its modes, as they would a fresh tensor's
                    self._extents_laid_out(call, found[1], names[0] if names else None)
                return found[1]
            # an SMEM buffer of the same layout as another (sA, sB) is not a view of it: its own axes
            # a coordinate tensor's iterator is a coordinate, the same for many tensors: no view to follow
            viewed = self._reused(bound.get("iterator")) if op == "make_tensor" and info.memspace != "coord" else None
            if viewed is None and op == "make_tensor" and info.memspace == "gmem":
                viewed = self._relaid_holder(call, info)
            if viewed is not None and info.memspace == "tmem" and op == "make_tensor":
                lent = self._accumulator_laid_over(viewed, bound.get("layout"), info, call, origin)
                if lent is not None:
                    return lent
            if viewed is not None:  # a view over a traced tensor's data: each mode keeps the axis it runs along
                self.views[origin] = viewed[0]
                source = self.trace.records[viewed[0]]
                if source.op in ("partition_S", "partition_D") and source.layouts[viewed[1]:viewed[1] + 1] \
                        == (info.layout,) and info.memspace in ("tmem", "rmem"):
                    # a copy partition re-laid whole at an offset (`make_tensor(tTMEM_LOADtO.iterator + i * 16,
                    # tTMEM_LOADtO.layout)`: the next chunk a loop copies): the partition's modes, mode for mode,
                    # size-1 leaves included, which no stride tells apart
                    return viewed[2]
                if info.memspace == "gmem":
                    found = self._selected_view(bound.get("layout"), viewed, out_rank) \
                        or self._restrided_leaves(bound.get("layout"), viewed, origin)
                    if found is not None:
                        return found
                found = self._fragment_layout(bound.get("layout"), info.layout, call) \
                    if info.memspace in ("smem", "tmem") else None
                if found is None and info.memspace == "tmem":
                    found = self._storage_regrouped(viewed, info)
                if found is not None:
                    return found
                record = self.trace.records[viewed[0]]
                found = _strided_view(info.layout, record.layouts[viewed[1]], viewed[2], origin,
                                      expansions=self.axes.expansions)
                if found is not None and info.memspace == "smem" and self.axes.mmas:
                    # (a buffer of its own whose uses the epilogue rules judge: `smem_buffer` labels; without an
                    # MMA, a flat ring re-laid as (stages, rows, vectors) keeps its joins, which no rule replaces)
                    apart = _apart_from_packed(found, info.layout, viewed[2], record.shapes[viewed[1]], origin)
                    if apart is not found:  # a buffer of its own over the other's storage, not a view of it
                        self.views.pop(origin, None)
                    found = apart
                found = self._chunks_of(found, info, viewed, bound.get("iterator"), origin)
                if found is None:  # a view of a slice of the record (`make_ptr(t, row.iterator.toint())`)
                    found = _strided_view(info.layout, self._viewed_layout(bound.get("iterator")), viewed[2], origin,
                                          expansions=self.axes.expansions)
                if found is None:
                    found = _appended_stages(info.layout, record.layouts[viewed[1]], viewed[2], origin,
                                             _zero_stride_leaves(bound.get("layout")))
                if found is not None:
                    return found
                if info.memspace in ("smem", "tmem"):
                    # a buffer of its own laid over another's storage (P over S in TMEM, in another element
                    # type): its modes are new, not those of an unrelated tensor that shares its layout; unless it
                    # views a tensor made over the very same pointer (MLA's `sVC_for_tma` over `sVC_ptr`, as sVC)
                    found = self._same_storage(bound.get("iterator"), info, names[0] if names else None, origin,
                                               viewed[0])
                    if found is not None:
                        return found
                if info.memspace == "smem" and self._over_own_iterator(call, viewed[0]):
                    # a logical view of a buffer over its own iterator whose leaves merge the buffer's parts of
                    # one axis (a TMA's (tokens, head dim) box view of the K-major (keys, k-atom, k-tiles)
                    # buffer): a buffer of its own over that data, its leaves along its axes, unless an MMA reads
                    # it (V laid over K's storage is another operand, not K's data seen again)
                    found = self._own_buffer_over(viewed, info, names[0] if names else None, origin, deferred=True)
                    if found is not None:
                        return found
                if info.memspace in ("smem", "tmem"):
                    found = self._operand_relaid(viewed, info, names[0] if names else None, origin)
                    if found is not None:
                        return found
                    return _levels.smem_buffer(out_rank, names[0] if names else None, origin, info.shape)
            if info.memspace == "smem":
                # a second tensor over the same storage (`storage.sLSE.get_tensor(other_layout)`) views its data;
                # over storage no traced tensor holds: a buffer of its own, whatever layout or leaves it shares
                # with another (sK's are sQ's, regrouped or not: K is no view of Q)
                found = self._same_storage(bound.get("iterator"), info, names[0] if names else None, origin)
                if found is not None:
                    return found
                return _nested_leaves_apart(_levels.smem_buffer(out_rank, names[0] if names else None, origin,
                                                                info.shape), info.shape)
            if info.memspace == "gmem":
                # two host views over one argument's memory that no traced tensor holds (`select` of o_bshd for one
                # kernel, a packed regrouping of it for another): a leaf of the other's stride is the same data
                same = self.storage.get(_storage_key(bound.get("iterator")))
                found = _strided_view(info.layout, self.trace.records[same[0]].layouts[same[1]], same[2], origin) \
                    if same is not None else None
                if found is not None:
                    return found
                if same is not None:  # modes across two of its leaves (heads packed apart): join those that are one
                    own = _levels.initial(out_rank, names[0] if names else None, origin)
                    record = self.trace.records[same[0]]
                    for label, source in zip(own, _within_leaves(info.layout, record.layouts[same[1]], same[2])):
                        self.axes.join(label.var, self._axis_var(source))
                    return own
            # `make_tensor(ptr, tStS.layout)`: the layout taken from a traced tensor says whose modes these are
            # (tStS's and tOtO's TMEM layouts may be equal: the latest of a layout would guess)
            found = self._layout_of(bound.get("layout"), info.layout, call) if op == "make_tensor" else None
            if found is not None and info.memspace == "tmem":
                found = self._borrowed_accumulator(found, origin)
            if found is None and op == "make_tensor":
                found = self._same_accumulator(bound.get("iterator"), info, origin)
            if found is None and op == "make_tensor":
                found = self._sliced_layout_of(info, call)
            if op == "make_rmem_tensor":  # `make_rmem_tensor(tCgAcc.shape[:3])`: those modes of tCgAcc
                shaped = self._shape_source(call, "layout_or_shape", info) or self._shape_entries(call, info)
                found = shaped if shaped is not None and _levels.is_labelled(shaped) else None
                found = found if found is not None else self._fragment_of_shape(bound.get("layout_or_shape"))
            # coordinate views of S and of O share layouts: the latest tensor regrouped decides, not the layout
            if found is None and info.memspace == "coord":
                found = self._regrouped(info)
            if found is None:
                found = self._like(info, from_shape=op == "make_rmem_tensor")
            # a global view over a pointer no traced tensor holds (`make_tensor(mW.iterator + offset, layout)`)
            # is no view of a register vector or an SMEM buffer of its shape: only a global tile's labels fit it;
            # nor is a TMEM tensor over the allocation in an SMEM operand's layout (P^T laid for a TMEM A operand)
            if found is not None and op == "make_tensor" and info.memspace in ("gmem", "tmem") \
                    and not self._all_made_in(found, info.memspace):
                found = None
            if found is not None:
                return found
            if info.memspace == "coord":  # a coordinate view of its own layout (`tScS_vec`)
                return _levels.coordinates(out_rank, names[0] if names else None, origin)
        own = _levels.initial(out_rank, names[0] if names else None, origin)
        if op == "make_tensor" and info.memspace == "gmem":
            self._extents_laid_out(call, own, names[0] if names else None)
            if _cta_tile_by_hand(bound.get("iterator"), info, own):
                self.cta_tiles_by_hand.add(origin)
        return own

    @staticmethod
    def _smem_modes_tiled_whole(bound, tiler, proj, in_memspace) -> set:
        """The modes of an SMEM buffer that a `local_tile` covers whole (`local_tile(sQ, (64, 64), (0, 0))` of a 64 x
        64 buffer): the tile is the buffer's own tile there, not a CTA tile cut out of it (a global tensor's mode
        tiled whole is still the CTA's tile of it)."""
        source = next((_info(v) for v in bound.values() if _is_tensor(v)), None)
        if in_memspace != "smem" or source is None or not isinstance(source.shape, tuple) \
                or not isinstance(tiler, tuple):
            return set()
        kept = [i for i, p in enumerate(proj) if p is not None] if isinstance(proj, tuple) else range(len(tiler))
        extents = [t for t, p in zip(tiler, proj)] if isinstance(proj, tuple) else list(tiler)
        extents = [t for t in extents if t is not None]
        return {i for i, extent in zip(kept, extents) if i < len(source.shape) and isinstance(extent, int)
                and extent == size(source.shape[i])}

    def _all_made_in(self, labels, memspace: str) -> bool:
        """Whether every mode of `labels` was made by a record of a tensor in `memspace`."""
        records = self.trace.records
        return all(label.origin is not None and 0 <= label.origin < len(records)
                   and records[label.origin].memspaces[:1] == (memspace,) for label in _levels.flatten(labels))

    def _same_accumulator(self, pointer, info, origin: int):
        """The labels of the one TMEM tensor made before at the same address in the same layout, where no traced
        tensor's layout says whose modes these are: the same data seen again (the epilogue warps' view of the
        accumulator the MMA warp made, each over its own `retrieve_tmem_ptr` of the SMEM word the allocation
        wrote, the layout from `make_tmem_layout_acc`), not a buffer of its own. Two such tensors there (dP's
        and dQ's accumulators in one region) say not which."""
        address = _tmem_address(pointer) if info.memspace == "tmem" else None
        made = self.tmem_at.get(address, ()) if address is not None else ()
        same = [i for i in made if i not in self.views and self.trace.records[i].layouts[:1] == (info.layout,)]
        if len(same) == 1:
            self.views[origin] = same[0]
            return self.trace.records[same[0]].levels[0]
        return self._accumulator_regrouped(made, info, origin) if not same else None

    def _accumulator_regrouped(self, made, info, origin: int):
        """The labels of a TMEM tensor at an MMA accumulator's address, of its element type, in a layout that
        regroups the accumulator's (`make_tensor(tmem_ptr, make_layout((128, 128, 2), stride=(65536, 1, 128)))` over
        `((128,128),1,1,2)`: the size-1 rests dropped) where no other tensor made there fits: each leaf the
        accumulator's of its stride."""
        found = []
        for i in made:
            record = self.trace.records[i]
            if i in self.views or record.dtypes[:1] != (info.dtype,) or not record.levels \
                    or not _levels.contains_level(record.levels[0], ("mma",)):
                continue
            labels = _strided_view(info.layout, record.layouts[0], record.levels[0], origin,
                                   expansions=self.axes.expansions)
            if labels is not None:
                found.append((i, labels))
        if len(found) != 1:
            return None
        self.views[origin] = found[0][0]
        return found[0][1]

    def _restrided(self, pointer, info, call=None, layout=None):
        """(record, labels) of the traced tensor whose own iterator a new global or coordinate tensor is made over
        with that tensor's strides, mode for mode (`make_tensor(t.iterator, make_layout(new_shape,
        stride=t.stride))`: t's shape rewritten, an expert's rows of a grouped operand): the same modes. Where the
        layout picks t's strides leaf by leaf (`stride=(t.stride[1], t.stride[0], ...)`, batch and sequence
        swapped), each leaf is the t leaf whose stride it took, whatever the strides print as (run-time strides
        alike, `?{i64 div=8}`, tell nothing). A coordinate tensor's iterator is a tuple of coordinates, no value to
        walk up from: the calling code's argument `t.iterator` names the tensor."""
        if info.memspace not in ("gmem", "coord") or pointer is None:
            return None
        viewed = self._reused(pointer, carried=False) if hasattr(pointer, "value") else None
        viewed = self._iterator_holder(pointer, call, viewed)
        if viewed is None or self.trace.records[viewed[0]].memspaces[viewed[1]] != info.memspace:
            return None
        picked = _picked_leaves(self.trace.records[viewed[0]], viewed, info,
                                _stride_picks(getattr(layout, "value", layout), getattr(pointer, "value", None)))
        if picked is not None:
            return viewed[0], picked
        source, own = top_modes(self.trace.records[viewed[0]].layouts[viewed[1]]), top_modes(info.layout)
        if not source or not own or len(source) != len(own) or not isinstance(viewed[2], tuple) \
                or len(viewed[2]) != len(own) or [m.split(":", 1)[1] for m in source] != [m.split(":", 1)[1] for m in own]:
            return None
        return viewed[0], viewed[2]

    def _iterator_holder(self, pointer, call, viewed=None):
        """`viewed`, else the traced tensor the calling code's `t.iterator` argument names (a coordinate tensor's
        iterator is a tuple of coordinates, no value to walk up from)."""
        if viewed is None and call is not None and call.site.direct and call.frame is not None \
                and "iterator" in call.params:
            holder = _layout_holder(argument_text(call.site, call.params.index("iterator"), call.op), call.frame,
                                    "iterator")
            viewed = self.lookup(holder, call.frame) if holder is not None and _is_tensor(holder) else None
        return viewed

    def _one_mode_relaid(self, pointer, info, call):
        """`make_tensor(t.iterator, cute.get(t.layout, mode=[0]))`: t's data over one of t's top modes, its layout
        exactly (a copy partition's value mode, its trailing size-1 modes dropped): that mode's labels, its leaves
        now the view's modes (an atom's leaves stay the atom's, size-1 ones included, which no stride tells
        apart), with the record viewed; None otherwise."""
        if pointer is None:
            return None
        viewed = self._reused(pointer, carried=False) if hasattr(pointer, "value") and info.memspace != "coord" \
            else None
        viewed = self._iterator_holder(pointer, call, viewed)
        if viewed is None or not isinstance(viewed[2], tuple):
            return None
        record = self.trace.records[viewed[0]]
        source, own = top_modes(record.layouts[viewed[1]]), top_modes(info.layout)
        if not source or not own or len(source) < 2 or len(source) != len(viewed[2]) or info.layout not in source:
            return None
        label = viewed[2][source.index(info.layout)]
        count = len(list(_leaves(info.shape)))
        if not isinstance(label, _levels.ModeLabel) or len(own) != count or count < 2:
            return None
        keys = label.leaf_axes if label.leaf_axes and len(label.leaf_axes) == count else (None,) * count
        return viewed[0], tuple(replace(label, leaf_axes=(key,)) for key in keys)

    def _parameter_restrided(self, call, info, kernel: str) -> None:
        """A kernel parameter first seen as the tensor whose iterator and strides a new global or coordinate tensor
        is made over (a scheduler helper's `make_tensor(t.iterator, make_layout(expert_shape, stride=t.stride))`
        of the TMA tensor it was passed, no traced call having read it yet): its `input` record, made before the
        view's, so that the view is the parameter's (`_restrided`) and the parameter the launched host tensor's."""
        def restrided(holder) -> bool:
            own, source = top_modes(info.layout), top_modes(_info(holder).layout)
            return bool(own) and len(own) == len(source) \
                and [m.split(":", 1)[1] for m in source] == [m.split(":", 1)[1] for m in own]
        self._parameter_first_seen(call, info, kernel, "iterator", restrided)

    def _parameter_laid_out(self, call, info, kernel: str) -> None:
        """A kernel parameter first seen as the tensor whose layout a new global tensor is made in (a setup kernel's
        `make_tensor(expert_ptr, self.template.layout)`: one expert's output at a pointer read from an array, in the
        layout of the one-expert template it was passed): its `input` record, made before the new tensor's, so that
        the layout says whose modes these are (`_layout_of`) and the parameter is the launched host tensor's."""
        self._parameter_first_seen(call, info, kernel, "layout", lambda holder: _info(holder).layout == info.layout)

    def _parameter_relaid(self, call, info, kernel: str) -> None:
        """A kernel parameter first seen as the tensor whose iterator a new global tensor is laid out over by hand
        (`make_tensor(mX.iterator, make_layout((8, 512, 2, M), stride=(1, 8, 4096, H)))`: a row's columns split
        into a thread's vector, the threads and their chunks): its `input` record, made before the view's, so that
        the view is read as one of the parameter's data (`_strided_view`: each leaf the parameter's mode whose
        stride range holds it, however many leaves split that mode) and not as a tensor of its own."""
        def relaid(holder) -> bool:
            return _relaid_view(call, info, _info(holder).layout)
        self._parameter_first_seen(call, info, kernel, "iterator", relaid)

    def _relaid_holder(self, call, info):
        """The traced tensor a global view laid out by hand names as its iterator's holder (`make_tensor(state.iterator,
        make_layout((4, 32, 8, 16, heads, slots), stride=(...)))` in a host function, whose pointer walks up to no
        traced value), where the view reads its data leaf by leaf (`_hand_view_within`), else None."""
        if call is None or not call.site.direct or call.frame is None or "iterator" not in call.params:
            return None
        holder = _layout_holder(argument_text(call.site, call.params.index("iterator"), call.op), call.frame,
                                "iterator")
        found = self.lookup(holder, call.frame) if holder is not None and _is_tensor(holder) else None
        if found is None or self.trace.records[found[0]].memspaces[found[1]] != "gmem" \
                or not _relaid_view(call, info, self.trace.records[found[0]].layouts[found[1]]):
            return None
        return found

    def _parameter_first_seen(self, call, info, kernel: str, argument: str, fits) -> None:
        """The `input` record of the untraced tensor whose `argument` (`t.iterator`, `t.layout`) a `make_tensor`
        call reads, where `fits(t)`: a kernel parameter no traced call has read yet."""
        if info.memspace not in ("gmem", "coord") or not call.site.direct or call.frame is None \
                or argument not in call.params:
            return
        position = call.params.index(argument)
        holder = _layout_holder(argument_text(call.site, position, call.op), call.frame, argument)
        if holder is None or not _is_tensor(holder) or _info(holder).memspace != info.memspace \
                or self.lookup(holder, call.frame) is not None or not fits(holder):
            return
        self.source_of(holder, call.site, position, call.op, kernel, call.frame)

    def _same_storage(self, pointer, info, name: str | None, origin: int, other_than: int | None = None):
        """The labels of a second SMEM tensor over the storage a traced tensor was made over (`get_tensor` of one
        field twice, `make_tensor` over one recast pointer twice): a buffer of its own (its uses say its level),
        each leaf along the axis of the data it holds, as a view's would be; a leaf that merges parts of one axis
        (a TMA box's 64 columns over the MMA atom's 16 and the rests along them) keeps that axis."""
        same = self.storage.get(_storage_key(pointer))
        if same is None or same[0] == other_than:
            return None
        found = self._own_buffer_over(same, info, name, origin)
        if found is not None:
            self.same_storage[origin] = same[0]
        return found

    def _own_buffer_over(self, same: tuple, info, name: str | None, origin: int, deferred: bool = False,
                         one_class: bool = False):
        """A buffer of its own over the data of `same` ((record, output, labels) of a traced SMEM tensor), its levels
        its own, each leaf joined to the axis of the data it holds, by stride; None where a leaf crosses two axes'
        data, and with `one_class` where one of its own modes would join source leaves of two axes (a one-mode
        epilogue view over a (keys, queries) tile). With `deferred`, the joins wait for the trace's end
        (`Axes.aliases`), and a mode whose leaves hold two axes' data gets a variable per leaf (`_leaves_apart`)."""
        source = self.trace.records[same[0]]
        found = _strided_view(info.layout, source.layouts[same[1]], same[2], origin, self._axis_class,
                              expansions=self.axes.expansions)
        if found is None:
            return None
        own = _levels.smem_buffer(rank(info.shape), name, origin, info.shape)
        modes = info.shape if isinstance(info.shape, tuple) else (info.shape,)
        held = [leaf for mode, tree in zip(modes, found) for leaf in _nested_leaf_labels(mode, tree)]
        apart = self._leaves_apart(own, modes, found) if deferred else own
        # a size-1 leaf holds no data along any axis: with `one_class` it joins nothing
        pairs = [(var, self._axis_var(label)) for var, label, extent in
                 zip(_flow._leaf_vars(self.axes, apart, info.shape), held, _leaves(info.shape))
                 if var is not None and label.role != "stage" and not (one_class and extent == 1)]
        if one_class and any(len({self.axes.find(b) for a, b in pairs if a == var}) > 1 for var, _ in pairs):
            return None
        if deferred:  # (an operand laid in the same storage is no view of the buffer's data)
            self.axes.aliases.append((origin, pairs))
            return apart
        self.views[origin] = same[0]
        for var, other in pairs:
            self.axes.join(var, other)
        return own

    def _over_own_iterator(self, call, record: int) -> bool:
        """Whether a `make_tensor` call's iterator argument is the traced tensor `record`'s own (`sK.iterator`), not
        a pointer recast to another swizzle or type (`recast_ptr(sK.iterator, swizzle)`: a transposed operand's
        bytes, whose strides say nothing of the first's axes)."""
        if call is None or not call.site.direct or call.frame is None or "iterator" not in call.params:
            return False
        holder = _layout_holder(argument_text(call.site, call.params.index("iterator"), call.op), call.frame,
                                "iterator")
        found = self.lookup(holder, call.frame) if holder is not None and _is_tensor(holder) else None
        return found is not None and found[0] == record

    def _leaves_apart(self, own: tuple, modes: tuple, found) -> tuple:
        """`own`'s modes, each whose leaves hold data of two or more axes (a TMA box mode (64 tokens, 128 head dim)
        over a K-major operand buffer) given a variable per leaf, so that joining each leaf to its data's axis
        does not join those axes."""
        out = []
        for label, mode, tree in zip(own, modes, found):
            held = _nested_leaf_labels(mode, tree)
            classes = {self._axis_class(x) for x in held if isinstance(x, _levels.ModeLabel) and x.role != "stage"}
            if isinstance(label, _levels.ModeLabel) and len(held) > 1 and len(classes - {None}) > 1:
                label = replace(label, leaf_axes=tuple(("var", _axes.fresh()) for _ in held))
            out.append(label)
        return tuple(out)

    def _chunks_of(self, found, info, viewed: tuple, pointer, origin: int):
        """TMEM views of one accumulator in one layout, at two or more column offsets, each holding fewer of its
        values (`make_tensor(tStS.iterator + c * 32, composition(tStS, ((128, 32), 1, 1)).layout)` for each chunk
        the epilogue warps drain in turn), divide it: their atoms are epilogue tiles (`epi`) along the axes they
        hold, their rests the accumulator's. One such view alone (P's whole region over S's columns) is no
        divide, nor is a regrouping of all the values, nor are views whose offsets reach past the accumulator's
        columns (a softmax's per-row statistics at each S stage's columns, `tStS.iterator + vec1_offset`): those
        are TMEM regions of their own laid out like it, in its MMA's form."""
        source = self.trace.records[viewed[0]]
        address = _tmem_address(pointer) if info.memspace == "tmem" else None
        if found is None or address is None or source.memspaces[viewed[1]] != "tmem" \
                or info.dtype != source.dtypes[viewed[1]] or not _levels.contains_level(found[0], ("mma",)):
            return found
        part, whole = size(info.shape), size(source.shapes[viewed[1]])
        if part is None or whole is None or part >= whole:
            return found
        views = self.chunk_views.setdefault((viewed[0], info.layout), {})
        views.setdefault(address[1], []).append(origin)
        if len(views) < 2 or not _within_columns(views, info, source.layouts[viewed[1]]):
            return found
        for other in (o for made in views.values() for o in made if o < len(self.trace.records)):
            record = self.trace.records[other]  # a chunk made before: a divide too
            if record.levels and _levels.contains_level(record.levels[0][0], ("mma",)):
                record.levels = ((_levels.remade(record.levels[0][0], "epi", "atom", other, "divide"),)
                                 + tuple(record.levels[0][1:]),) + tuple(record.levels[1:])
        return (_levels.remade(found[0], "epi", "atom", origin, "divide"),) + tuple(found[1:])

    def _operand_relaid(self, viewed: tuple, info, name: str | None, origin: int):
        """An SMEM tensor made over a traced SMEM tensor's bytes in a layout of another MMA's operand (`sKt =
        make_tensor(recast_ptr(sK.iterator, ...), make_smem_layout_a(mma_dQ, ...))`: K's (keys, head dim) tile
        read as the MN-major A of dQ^T = K^T dS^T) holds the same data: each of its leaves runs along the axis
        of the source leaves its stride range covers, whatever MMA slot it enters. A leaf merging parts of one
        axis (64 contiguous head-dim values over the source's 16 + 4 x 16) is that axis. Its levels are its
        own: the MMA that reads it says them."""
        if info.memspace != "smem" or self.trace.records[viewed[0]].memspaces[viewed[1]] != "smem":
            return None
        return self._own_buffer_over(viewed, info, name, origin, one_class=True)

    def _reused(self, pointer, carried: bool = True):
        """The traced tensor whose storage a new TMEM view starts in (`tStS_P` over `tStS.iterator + offset`: P
        written where S was): found by walking the pointer's defining ops up to a traced tensor's value; an
        accumulator a loop carried (a block argument) is the latest tensor of its type, when `carried`."""
        walked = self._walked  # a make_tensor asks twice (its labels, then whose storage it is in)
        if walked is not None and walked[0] is pointer and walked[1:3] == (carried, len(self.trace.records)):
            return walked[3]

        def traced(value):
            found = self._known_value(value)
            if found is None and carried and _is_loop_carried(_Wrapped(value)):
                found = (self.of_type.get(_type_text(value)) or [None])[-1]
            return found

        found = _up_defining_ops(getattr(pointer, "value", None), traced, depth=10, width=32, unwrap=True,
                                 through=_not_loaded)
        self._walked = (pointer, carried, len(self.trace.records), found)
        return found

    def _viewed_layout(self, pointer) -> str | None:
        """The layout of the traced tensor value a pointer was taken from, which `_reused` found: a slice's own
        (`row = x[r, None]`, whose address `make_ptr(dtype, row.iterator.toint(), ...)` rebuilds for an alignment
        the host checked), where its record holds the whole tensor's."""
        value = _up_defining_ops(getattr(pointer, "value", None),
                                 lambda v: v if self._known_value(v) is not None else None, depth=8, unwrap=True)
        info = _info(value) if value is not None else None
        return info.layout if info is not None else None

    def _layout_of(self, layout, text: str | None, call=None):
        """The labels of the traced tensor whose layout `layout` was read from (`t.layout`), when it is this
        layout."""
        found = self._layout_read_from(layout, text, call)
        return self.trace.records[found[0]].levels[found[1]] if found is not None else None

    def _layout_read_from(self, layout, text: str | None, call=None):
        """(record, output) of the traced tensor whose layout `layout` was read from, when it is this layout: found
        by walking the layout value's defining ops up to a traced tensor's value, or, for a static layout (no op to
        walk), as the tensor the calling code's argument `t.layout` reads it from."""
        found = _up_defining_ops(getattr(layout, "value", None), self._known_value, depth=2, unwrap=True)
        if found is None and call is not None and call.site.direct and call.frame is not None:
            holder = _layout_holder(argument_text(call.site, call.params.index("layout"), call.op), call.frame)
            found = self.lookup(holder, call.frame) if holder is not None and _is_tensor(holder) else None
        if found is None or self.trace.records[found[0]].layouts[found[1]] != text:
            return None
        return found

    def _accumulator_laid_over(self, viewed, layout, info, call, origin: int):
        """A TMEM accumulator laid at another's columns in its own layout (`make_tensor(tStS.iterator + o_offset,
        tOtO.layout)`: O placed past S in the one TMEM allocation): the layout's tensor, an accumulator an MMA made
        (`make_fragment_C`) other than the one the pointer starts in, says whose modes these are; read as a view of
        S by strides, O's head dim would be S's keys."""
        found = self._layout_read_from(layout, info.layout, call)
        if found is None or found[0] == viewed[0] or self.trace.records[found[0]].op != "make_fragment_C":
            return None  # (a view of S's storage laid as P, `tStP`, is S's data seen again: not this)
        labels = self.trace.records[found[0]].levels[found[1]]
        first = next(_levels.flatten(labels), None)
        if first is None or (first.level, first.role) != ("mma", "atom") or not _levels.is_labelled(labels):
            return None
        return self._borrowed_accumulator(labels, origin)

    def _borrowed_accumulator(self, labels, origin: int):
        """A TMEM tensor over storage no traced tensor holds, laid out as another accumulator (`make_tensor(tmem_ptr
        + 384, tCtNV.layout)`): the layout gives its modes' shape and level; their axes are the other's only while
        both hold one product. Two accumulators of one layout may hold different products of one TiledMma (linear
        attention's O = Q S beside the new values NV = U - W S: rows of queries, rows of keys), which `Axes.split`
        tells apart once the trace ends: each mode gets a variable of its own, which `flow.settle` joins to the
        other's unless the layout was lent to accumulators of different products (then an atom's leaves take the
        axes of this record's product)."""
        if isinstance(labels, tuple):
            return tuple(self._borrowed_accumulator(label, origin) for label in labels)
        if not isinstance(labels, _levels.ModeLabel) or labels.var is None:
            return labels
        own = replace(labels, var=_axes.fresh())
        self.axes.borrowed.append((own.var, labels.var, origin, labels.origin))
        return own

    def _sliced_layout_of(self, info, call):
        """`make_tensor(ptr, cute.slice_(t.layout, (None, 0, None, 0)))`: the modes of t the slice keeps (a TMA
        partition's box and k-tiles over a coordinate shifted to another tile)."""
        if call is None or not call.site.direct or call.frame is None or "layout" not in call.params:
            return None
        try:
            node = ast.parse(argument_text(call.site, call.params.index("layout"), call.op) or "", mode="eval").body
        except SyntaxError:
            return None
        if not (isinstance(node, ast.Call) and len(node.args) == 2
                and getattr(node.func, "attr", getattr(node.func, "id", None)) == "slice_"):
            return None
        holder = _layout_holder(ast.unparse(node.args[0]), call.frame)
        try:
            coord = ast.literal_eval(node.args[1])
        except ValueError:
            return None
        labels = self._labels_of(holder, call.frame)
        if labels is None:
            return None
        kept = _levels.sliced(labels, coord if isinstance(coord, tuple) else (coord,))
        return kept if kept is not None and len(kept) == rank(info.shape) else None

    def _layout_divided(self, info, bound: dict, inp: tuple, level: str, origin: int):
        """A divide by a layout (`logical_divide(tStS, make_layout((128, 32)))`), not a tuple of per-mode tilers,
        cuts the whole tensor as one domain: its result (tile, rest) steps the source's leaves by stride; the
        tile's leaves are atoms of this level along the source leaves they step, the rest's are rests."""
        source = next((v for v in bound.values() if _is_tensor(v)), None)
        if source is None or rank(info.shape) != 2:
            return None
        found = _strided_view(info.layout, _info(source).layout, inp, origin)
        if found is None or len(found) != 2:
            return None
        return tuple(_levels.remade(tree, level, role, origin, "divide")
                     for tree, role in zip(found, ("atom", "rest")))

    def _labels_of(self, holder, frame) -> tuple | None:
        """The labels of a traced tensor a frame holds (one tree per output), None when it is not one."""
        if holder is None or not _is_tensor(holder):
            return None
        found = self.lookup(holder, frame)
        if found is None:
            return None
        return found[2] if isinstance(found[2], tuple) else (found[2],)

    def _selected_view(self, layout, viewed, out_rank: int):
        """Labels of `make_tensor(t.iterator, cute.select(t.layout, mode=[1, 3, 2, 0]))`: t's modes in the order
        the select picks them (a (b, s, h, d) input viewed (s, d, h, b)), whatever the strides (run-time ones print
        alike, so no stride tells the modes apart)."""
        value = getattr(layout, "value", layout)
        if _op_name(value) != "cute.select" or not isinstance(viewed[2], tuple):
            return None
        source = _operands(value)
        if not source or _op_name(source[0]) != "cute.get_layout" or not _operands(source[0]) \
                or (self._known_value(_operands(source[0])[0]) or (None,))[:2] != viewed[:2]:
            return None
        picked = [int(m) for m in re.findall(r"\d+", _attribute_text(value, "mode").partition(":")[2])]
        if len(picked) != out_rank or any(m >= len(viewed[2]) for m in picked):
            return None
        return tuple(viewed[2][m] for m in picked)

    def _restrided_leaves(self, layout, viewed, origin: int):
        """Labels of a view laid out from another tensor's run-time strides (`make_layout(((4, s), d, h_k, b),
        stride=((t.stride[2], t.stride[0]), t.stride[1], t.stride[2] * 4, t.stride[3]))` over `t.iterator`): a mode
        whose leaves all step one mode of t (its very stride value, or that value times a number: a coarser step
        along it) is that mode; a mode whose leaves step several of t's modes (GQA's packed (heads, queries)) is a
        mode of its own, each leaf remembered with the mode of t it steps (`meta["strided_from"]`, for
        `flow._packed_sources`). None where a stride is no run-time stride of t, or no mode is one of t's."""
        made = _operands(layout) if _op_name(getattr(layout, "value", layout)) == "cute.make_layout" else ()
        strides = _leaf_values(made[1]) if len(made) > 1 and _op_name(made[1]) == "cute.make_stride" else None
        source_tree = leaf_tree(self.trace.records[viewed[0]].layouts[viewed[1]])
        if not strides or not isinstance(viewed[2], tuple) or not isinstance(source_tree, tuple) \
                or len(source_tree) != len(viewed[2]):
            return None
        owner = [m for m, mode in enumerate(source_tree) for _ in _leaves(mode)]
        # a number steps the source's one leaf of that number stride (the unit stride of its contiguous mode)
        numbers = [leaf.rpartition(":")[2] for mode in source_tree for leaf in _leaves(mode)]
        steps = []  # per new flat leaf: the source mode it steps, or None
        if all(isinstance(value, str) or _static_int(value) is not None for value in strides):
            return None  # numbers alone say nothing of t's strides: a buffer re-laid by hand (`_strided_view`)
        for value in strides:
            if isinstance(value, str):
                leaf = numbers.index(value) if value != "0" and numbers.count(value) == 1 else None
                if leaf is None and value.isdigit() and value != "0":
                    # a number inside one static leaf's stride range (`(4, 32, 8, 16)` strides `(1, 4, 128, 1024)`
                    # over a (128, 128):(128, 1) state): a finer or coarser step along that leaf
                    leaf = _leaf_in_range(int(value), [leaf for mode in source_tree for leaf in _leaves(mode)])
            elif _static_int(value) != 0:  # (a run-time 0, `Int32(0)`, steps nothing: a batch of one)
                leaf = _source_stride_leaf(value, self._known_value, viewed[:2])
                if leaf is None:
                    return None
            else:
                leaf = None
            if leaf is not None and leaf >= len(owner):
                return None
            steps.append(owner[leaf] if leaf is not None else None)
        text = str(getattr(layout, "value", layout).type)
        tree = leaf_tree(text[text.find('"') + 1:text.rfind('"')]) if '"' in text else None
        if not isinstance(tree, tuple) or len(list(_leaves(tree))) != len(steps):
            return None
        out, at, kept = [], 0, 0
        apart = {}
        for mode in tree:
            count = len(list(_leaves(mode))) if isinstance(mode, tuple) else 1
            sources = {x for x in steps[at:at + count] if x is not None}
            # (two modes stepping one mode of t, the varlen trick's (rows, ..., rows + 1): both along its axis)
            if len(sources) == 1:
                out.append(viewed[2][sources.pop()])
                kept += 1
            else:
                out.append(_levels.made("input", "mode", origin, "input"))
                if len(sources) > 1:
                    apart[len(out) - 1] = tuple(steps[at:at + count])
            at += count
        if not kept:
            return None
        if apart:
            self.trace.records[viewed[0]].meta.setdefault("strided_into", []).append((origin, apart))
        return tuple(out)

    def _fragment_layout(self, layout, text: str | None, call=None):
        """A buffer laid over another tensor's storage in an MMA operand fragment's layout (`make_tensor(tmem_ptr,
        tiled_mma.make_fragment_A(...).layout)`: an operand written into TMEM past the accumulators) is that MMA
        operand: the fragment's modes, whatever the storage held before. The fragment, a temporary of the same
        statement, is one of the few records made just before."""
        if call is None or not call.site.direct or "layout" not in call.params:
            return None
        try:
            node = ast.parse(argument_text(call.site, call.params.index("layout"), call.op) or "", mode="eval").body
        except SyntaxError:
            return None
        if not (isinstance(node, ast.Attribute) and node.attr == "layout" and isinstance(node.value, ast.Call)
                and isinstance(node.value.func, ast.Attribute) and node.value.func.attr.startswith("make_fragment_")):
            return None
        for record in reversed(self.trace.records[-_FRAGMENT_LOOKBACK:]):
            if record.op == node.value.func.attr and record.layouts[:1] == (text,) and record.levels:
                return record.levels[0]
        return None

    def _traced_extent(self, value):
        """The extent key a traced global view laid out its leaf `i` with, where `value` reads that leaf back
        (`to_int_tuple(get_leaves(get_shape(get_layout(o))))#i`); None otherwise."""
        leaves = _operands(value)[0] if _op_name(value) == "cute.to_int_tuple" and _operands(value) else value
        shape = _operands(leaves)[0] if _op_name(leaves) == "cute.get_leaves" and _operands(leaves) else None
        layout = _operands(shape)[0] if _op_name(shape) == "cute.get_shape" and _operands(shape) else None
        tensor = _operands(layout)[0] if _op_name(layout) == "cute.get_layout" and _operands(layout) else None
        found = self._known_value(tensor) if tensor is not None else None
        extents = self.trace.records[found[0]].meta.get("extent_values") if found else None
        try:
            leaf = _ir().OpResult(leaves).result_number
        except (AttributeError, TypeError, ValueError):
            return None
        return extents[leaf][0] if extents and leaf < len(extents) and extents[leaf] is not None else None

    def _wraps_record(self, value, record: Record, site: CallSite, live: bool) -> bool:
        """Whether `value` is the `cutlass.Array` wrapping the record's register tensor: its constructor makes the
        tensor inside the DSL and keeps only its address, so the name a kernel binds holds the wrapper. While the
        IR lives, the address's defining ops lead up to the tensor; after it (a helper's last array, bound after
        the kernel's last traced call), the array made at the record's own statement with its shape is it."""
        impl = getattr(value, "_impl", None)
        base = getattr(impl, "_base", None)
        if base is None or type(value).__name__ != "Array" or _is_tensor(value) or record.op != "make_rmem_tensor":
            return False
        if live:
            found = _up_defining_ops(base, self._known_value, depth=4, unwrap=True)
            return found is not None and found[0] == record.index
        shape = getattr(impl, "_shape", None)
        return (record.file, record.line, record.col) == (site.file, site.line, site.col) and \
            isinstance(shape, tuple) and len(record.shapes) == 1 and format_shape(record.shapes[0]) == format_shape(shape)

    def _known_value(self, value):
        """The traced tensor an MLIR value is, or None (an unhashable value, a `TensorSSA`, is none)."""
        try:
            return self.known.get(hash(value))
        except TypeError:
            return None

    def _axis_class(self, label) -> int | None:
        """The axis class a leaf label runs along so far: its atom leaf's MMA axis, else its own variable's."""
        var = self._axis_var(label)
        return self.axes.find(var) if var is not None else None

    def _axis_var(self, label) -> int | None:
        """The variable a leaf label runs along (its atom leaf's MMA axis, else its own): what a join takes, not
        the class's root of the moment, which `Axes.split` may place elsewhere."""
        if not isinstance(label, _levels.ModeLabel):
            return None
        if label.leaf_axes and len(label.leaf_axes) == 1 and isinstance(label.leaf_axes[0], tuple):
            return self.axes.key_var.get(label.leaf_axes[0]) if label.leaf_axes[0][0] == "mma" \
                else label.leaf_axes[0][1]
        return label.var

    def _copy_side_level(self, thr_copy, level: str, hint: bool = False) -> str:
        """Both sides of one thread copy are at one level: the one its first partition got (with `hint`, the level
        whose Store suggests an epilogue's (M, N), kept apart)."""
        if thr_copy is None:
            return level
        kept = self.copy_level.setdefault((id(thr_copy), hint), (thr_copy, level))  # holding it keeps the id unique
        return kept[1]

    def _lane_values(self, record, tree, shape):
        """The destination side of a 32x32b `tcgen05.ld` (thread t takes TMEM lane t): a thread's values are its
        lane's columns, so its atom's leaves are the TMEM side's atom leaves (the latest `partition_S` of the same
        copy) but the leaf of 32 lanes the warp's threads take: `(16, 1)` of `((16, 32), 1)`, the 16 columns' axis.
        Leaves another rule placed stay."""
        modes = tree if isinstance(tree, tuple) else None
        if not modes or not isinstance(modes[0], _levels.ModeLabel) or any(modes[0].leaf_axes or ()) \
                or not isinstance(shape, tuple) or not shape:
            return tree
        source = next((r for r in reversed(self.trace.records[:record.index]) if r.op == "partition_S"
                       and r.made_by and r.made_by.get("object") == record.made_by["object"]
                       and r.memspaces[:1] == ("tmem",) and r.levels and isinstance(r.shapes[0], tuple)), None)
        atom = source.levels[0][0] if source is not None and isinstance(source.levels[0], tuple) else None
        if not isinstance(atom, _levels.ModeLabel) or not atom.leaf_axes:
            return tree
        extents, lane_extents = list(_leaves(source.shapes[0][0])), list(_leaves(shape[0]))
        keys = list(atom.leaf_axes)
        if len(keys) != len(extents) or 32 not in extents[1:]:
            return tree
        lane = extents.index(32, 1)  # the lanes follow a thread's values in the TMEM side's atom
        del extents[lane], keys[lane]
        if extents != lane_extents:
            return tree
        return (replace(modes[0], leaf_axes=tuple(keys)),) + tuple(modes[1:])

    def _operand_buffer_tile(self, inp, info) -> bool:
        """Whether an SMEM tensor's MMA modes all come from buffers an MMA reads as its A or B operand (or views
        of them): an operand's tiles, not the accumulator's."""
        origins = {label.origin for label in _levels.flatten(inp) if label.level == "mma"}
        return info.memspace == "smem" and bool(origins) and origins <= self.operand_buffers

    def _fragment_of_shape(self, shape):
        """`make_rmem_tensor(qk_acc_shape)`: the labels of the `partition_shape_*` call whose result is this very
        shape object: which MMA's fragment the value says, where another MMA's fragment shape may be equal (S's and
        O's accumulators of two 64 x 64 products); the shape's text then no longer waits for its next tensor."""
        kept = self.fragment_shape_objects.get(id(shape)) if isinstance(shape, tuple) else None
        if kept is None or kept[0] is not shape:
            return None
        text = format_shape(shape)
        if self.fragment_shapes.get(text, (None, None))[1] is kept[2]:
            del self.fragment_shapes[text]
        labels = self._fragment_adopted(*kept[1:])
        self.fragment_shape_objects[id(shape)] = (shape, len(self.trace.records), labels)
        return labels

    def _fragment_adopted(self, made_at: int, labels):
        """A `partition_shape_*` fragment's labels as the tensor made with that shape holds them: the shape call
        makes no record, so the modes it made name the record about to be made at its call (`made_at`) as their
        origin; the tensor made with the shape is their origin (not that record: a partition of V made next would
        pass for the place S's registers come from)."""
        index = len(self.trace.records)

        def moved(tree):
            if isinstance(tree, _levels.ModeLabel):
                return replace(tree, origin=index) if tree.origin == made_at else tree
            return tuple(moved(t) for t in tree)
        return moved(labels)

    def _like(self, info, same_layout: bool = True, from_shape: bool = False):
        """Labels of a tensor rebuilt over a traced layout (a TMEM view, a register copy of a partition):
        the same layout, else the same modes in another order (a transposed view), else the same shape. A tensor
        made from a shape alone (`make_rmem_tensor(t.shape)`) is the latest tensor of that shape's first: its
        compact layout is any other register tensor's of that shape too."""
        shape_text = format_shape(info.shape)
        if shape_text in self.fragment_shapes:  # `make_rmem_tensor(tiled_mma.partition_shape_C(...))`
            return self.fragment_shapes.pop(shape_text)[1]
        if from_shape and shape_text in self.by_shape:
            return self.by_shape[shape_text]
        if same_layout and info.layout in self.by_layout:
            return self.by_layout[info.layout]
        modes = top_modes(info.layout)
        if modes and len(modes) > 1:
            for layout, labels in reversed(list(self.by_layout.items())[-64:]):
                other = top_modes(layout)
                if layout != info.layout and other and sorted(other) == sorted(modes) and len(labels) == len(other):
                    return tuple(labels[other.index(m)] for m in modes)
        found = self.by_shape.get(format_shape(info.shape)) if same_layout else None
        registers = same_layout and info.memspace == "rmem"
        if found is None and registers and from_shape:  # its compact layout regroups no tensor's: what it was
            found = self._recent_leading_modes(info.shape)  # made from is a recent tensor's first modes
        if found is None:
            found = self._regrouped(info)
        if found is None and registers:
            found = self._sliced_shape(info.shape) if from_shape else None
            found = found if found is not None else self._same_rests(info.shape)
        return found

    def _shape_source(self, call, param: str, info):
        """The labels of the traced tensor whose shape the call's argument `param` reads (`make_rmem_tensor(
        tCgAcc.shape[:3])`, `make_identity_tensor(mX.shape)`): its modes, indexed as the argument indexes the
        shape; None when the argument is no such read or the modes do not fit the result's shape."""
        if call is None or not call.site.direct or call.frame is None or param not in call.params:
            return None
        read = _shape_read(argument_text(call.site, call.params.index(param), call.op))
        if read is None:
            return None
        name, coord, indices = read
        labels = self._labels_of(call.frame.f_locals.get(name), call.frame)
        if labels is None:
            return None
        if coord is not None:
            labels = _levels.sliced(labels, coord if isinstance(coord, tuple) else (coord,))
        for index in indices:
            if labels is None or not isinstance(labels, tuple) or isinstance(index, tuple):
                return None
            try:
                labels = labels[index]
            except IndexError:
                return None
        labels = labels if isinstance(labels, tuple) else (labels,)
        return labels if len(labels) == rank(info.shape) else None

    def _shape_entries(self, call, info, param: str = "layout_or_shape"):
        """The labels of a shape written mode by mode from tensors' modes (`make_rmem_tensor((rows, k))` with `rows =
        cute.size(tScS_mn.shape[0])`, `make_layout((tQsQ.shape[0][1], cute.size(tQsQ, mode=[1])), ...)`): each
        entry the mode it reads (a mode of several leaves counts as its first leaf's, one leaf now), `?` for an
        entry read from no tensor. None when no entry reads a tensor's mode."""
        if call is None or not call.site.direct or call.frame is None or param not in call.params:
            return None
        text = argument_text(call.site, call.params.index(param), call.op)
        try:
            node = ast.parse(text, mode="eval").body if text else None
        except SyntaxError:
            return None
        if isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", None)) == "make_layout" \
                and node.args:
            node = node.args[0]
        if not isinstance(node, ast.Tuple) or len(node.elts) != rank(info.shape):
            return None
        out = [self._mode_read(entry, call) for entry in node.elts]
        if all(label is None for label in out):
            return None
        return tuple(label if label is not None else _levels.UNKNOWN for label in out)

    def _mode_read(self, node, call):
        """The label of the one tensor mode an expression's value is the size of: `t.shape[i]...`, `cute.size(
        t.shape[i])`, `cute.size(t, mode=[i])`, or a local name assigned one of these before the call; of `t.shape`
        whole, t's labels, the nested mode it makes."""
        if isinstance(node, ast.Name):
            node = assigned_value(call.site.file, call.site.line, node.id)
        whole = isinstance(node, ast.Attribute) and node.attr == "shape"  # not `size(t.shape)`: one flat extent
        if isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", None)) == "size" \
                and len(node.args) == 1:
            mode = next((k.value for k in node.keywords if k.arg == "mode"), None)
            if mode is None and not node.keywords:
                node = node.args[0]
            elif isinstance(mode, ast.List) and mode.elts and isinstance(node.args[0], ast.Name):
                node = ast.Attribute(value=node.args[0], attr="shape", ctx=ast.Load())
                for index in mode.elts:  # `mode=[0, 1]`: the sub-mode `t.shape[0][1]`
                    node = ast.Subscript(value=node, slice=index, ctx=ast.Load())
            else:
                return None
        read = _shape_read(ast.unparse(node)) if isinstance(node, ast.AST) else None
        if read is None or read[1] is not None or not (read[2] or whole):
            return None
        holder = call.frame.f_locals.get(read[0])
        found = self.lookup(holder, call.frame) if holder is not None and _is_tensor(holder) else None
        if found is None:
            return None
        labels = found[2] if isinstance(found[2], tuple) else (found[2],)
        if not read[2]:  # a tensor's whole shape as one mode (`make_rmem_tensor((tTMEM_LOADcO.shape, 8))`): its modes
            return labels if len(labels) > 1 else labels[0]
        for index in read[2]:
            if isinstance(labels, tuple) and isinstance(index, int) and index < len(labels):
                labels = labels[index]
            elif isinstance(labels, _levels.ModeLabel) and isinstance(index, int) and labels.leaf_axes \
                    and index < len(labels.leaf_axes):  # one leaf of an atom placed leaf by leaf
                labels = replace(labels, leaf_axes=(labels.leaf_axes[index],))
            else:
                return None
        first = next(_levels.flatten(labels), None)
        if first is not None and first.leaf_axes and len(first.leaf_axes) > 1:
            first = replace(first, leaf_axes=first.leaf_axes[:1])
        return first

    def _sliced_shape(self, shape):
        """A register tensor made from a recent tensor's shape with some modes sliced away (`make_rmem_tensor(
        slice_(thr_copy.partition_S(tP).shape, (None, None, 0, None, 0)))`: one stage of it): the labels of the modes
        kept, the atom first and the rests in order. Tried before `_same_rests`, whose match by rests alone may pick
        an unrelated copy's partition (another accumulator's tcgen05.ld)."""
        if not isinstance(shape, tuple) or len(shape) < 2:
            return None
        for other, labels, _layout, _memspace in reversed(self.recent):
            if not isinstance(other, tuple) or len(other) <= len(shape) or len(labels) != len(other) \
                    or other[0] != shape[0] or self._no_threads_share(labels):
                continue
            kept, at = [labels[0]], 1
            for mode in shape[1:]:
                while at < len(other) and other[at] != mode:
                    at += 1
                if at == len(other):
                    break
                kept.append(labels[at])
                at += 1
            if len(kept) == len(shape):
                return tuple(kept)
        return None

    def _recent_leading_modes(self, shape):
        """A register tensor made from a recent tensor's shape with its last modes sliced away (`make_rmem_tensor(
        make_layout(shape(thr_r2s.partition_S(sC))[:3]).shape)`: the r2s partition without its stage): the labels of
        those first modes."""
        if not isinstance(shape, tuple):
            return None
        for other, labels, _layout, _memspace in reversed(self.recent):
            if isinstance(other, tuple) and len(labels) == len(other) > len(shape) and other[:len(shape)] == shape \
                    and not self._no_threads_share(labels):
                return tuple(labels[:len(shape)])
        return None

    def _no_threads_share(self, labels) -> bool:
        """Whether a tensor is no thread's share: its first mode is a tile a `local_tile` or a divide cut, or an SMEM
        buffer's (a CTA's or a warp's share, not a thread's view of one, rule `like`), or it is registers of a bare
        shape no rule has labelled. Registers made from a bare shape whose extents happen
        to equal its rests (`make_rmem_tensor((32, WM // 16, BK // 64))` beside a (1, 4, stages) scale tile, B's
        scale registers beside A's) share no index with it (`_same_rests`, `_sliced_shape`, `_recent_leading_modes`):
        those guesses stand for registers made in a partition's shape (a predicate `tApA` beside `tAgA`)."""
        modes = list(_levels.flatten(labels))
        if not modes or all(label.level == "input" for label in modes):
            return True  # registers of another bare shape no rule has labelled: nothing to be a copy of
        return modes[0].level == "block" and modes[0].rule.startswith(("local_tile", "divide", "smem_buffer"))

    def _same_rests(self, shape):
        """A register tensor shaped like a partition but for its first mode (a predicate `tApA` of
        (1, CPY_M, CPY_K) over `tAgA` ((8,1), CPY_M, CPY_K)): that partition's labels."""
        if not isinstance(shape, tuple) or len(shape) < 2:
            return None
        for other, labels, _layout, _memspace in reversed(self.recent):
            if isinstance(other, tuple) and len(other) == len(shape) and other[1:] == shape[1:] \
                    and len(labels) == len(shape) and not self._no_threads_share(labels):
                return labels
        return None

    def _regrouped(self, info):
        """Labels of a view that regroups a traced tensor's modes (``make_tensor(acc.iterator, mn_view(acc))``):
        each leaf (extent:stride) of the new layout found among a recent tensor's leaves takes that mode's label."""
        new = leaf_tree(info.layout)
        if new is None:
            return None
        wanted = _sorted_leaves(new)
        if not wanted:
            return None
        for _shape, labels, layout, memspace in reversed(self.recent):
            if info.memspace == "rmem" and memspace in ("smem", "gmem"):
                continue  # registers are storage of their own: a bare vector is no view of a buffer's leaves
            old = leaf_tree(layout) if layout != info.layout else None  # the same layout is no regrouping
            if old is None or not isinstance(old, tuple) or len(old) != len(labels) \
                    or _sorted_leaves(old) != wanted:  # compared before any label is unpacked: most differ
                continue
            return self._leaves_mapped(new, old, labels)
        return None

    def _leaves_mapped(self, new, old, labels):
        """Each leaf (extent:stride) of layout tree `new` labelled as the same leaf of `old`, whose modes carry
        `labels`."""
        pool = [(leaf, leaf_label) for mode, label in zip(old, labels)
                for leaf, leaf_label in zip(_leaves(mode), _leaf_labels_of(mode, label))]
        return _map_leaves(new, pool, self._axis_class)

    def _storage_regrouped(self, viewed, info):
        """Labels of a tensor made over a traced tensor's own storage in that tensor's leaves regrouped (the
        epilogue's `transform_partitioned_tensor_layout(acc)`: ((128, 256), 1, 1, 2) as ((128, 1), (256, 1), 2),
        each MMA rest beside its atom): the same data, each leaf keeping its label, level and role too, not a
        buffer of its own. None where the leaves differ or are not regrouped."""
        record = self.trace.records[viewed[0]]
        new, old = leaf_tree(info.layout), leaf_tree(record.layouts[viewed[1]])
        if new is None or not isinstance(old, tuple) or new == old or not isinstance(viewed[2], tuple) \
                or len(old) != len(viewed[2]) or _sorted_leaves(new) != _sorted_leaves(old):
            return None
        return self._leaves_mapped(new, old, viewed[2])

    def _observe_slice(self, tensor, coord, result) -> None:
        # an element (`row_max[i]`, most slices of a softmax) is a scalar: known without reading its type
        if isinstance(result, _numeric_class()) or not _is_tensor(result) or not _is_tensor(tensor):
            return
        found = self.lookup(tensor)
        if found is None:  # a kernel parameter first seen sliced: `mA_mkl[None, None, bidz]`
            found = self._new_input(tensor, *self._first_use(tensor))
        index, out, labels = found
        self._named_dims(index, coord, labels)
        if self._thread_view(index, coord, labels):
            labels = self.trace.records[index].levels[out]
            self._know(tensor, (index, out, labels))
        # an atom whose leaves run along several axes splits among its sub-modes by the tensor's shape
        split = any(label.leaf_axes and len(label.leaf_axes) > 1 for label in _levels.flatten(labels))
        kept = _levels.sliced(labels, coord if isinstance(coord, tuple) else (coord,),
                              _info(tensor).shape if split else None)
        info = _info(result)
        if kept is not None and len(kept) == rank(info.shape):
            kept = tuple(self._leaf_var(label) for label in kept)
            kept = self._cta_row(coord, labels, kept)
            self._know(result, (index, out, kept))
            self.slice_coords[_value_key(result)] = (index, coord)
            if self.trace.records[index].op in _flow._DIVIDES and isinstance(coord, tuple) and coord \
                    and any(not isinstance(c, int) and c is not None for c in _index_leaves(coord[0])):
                # a run-time index (a lane's) picks inside the divide's tile: a thread's elements, cut by hand
                self.trace.records[index].meta["tile_split_by_thread"] = True
            shape = _info(tensor).shape
            # each leaf of the tensor sliced, and its index (`_copy_index_pairs`); of registers, only the leaves they
            # labelled themselves: registers made from a shape borrow the labels of the latest tensor of that shape
            own = self.trace.records[index].memspaces[:1] != ("rmem",)
            leaves = [label.var if label is not None and (own or label.origin == index) else None
                      for label in _levels.labels_per_leaf(labels, shape)]
            coords = _leaf_coords(shape, coord)
            if len(leaves) == len(coords):
                self.slice_leaves[_value_key(result)] = list(zip(leaves, coords))
            self._row_sliced(coord, kept)
            if isinstance(info.shape, tuple) and _levels.is_labelled(kept):  # `make_rmem_tensor(t[...].shape)`
                self.by_shape[format_shape(info.shape)] = kept

    def _named_dims(self, index: int | None, coord, labels, dims: tuple | None = None) -> None:
        """`x[token_id, head_id, None]`: the names a kernel gives the indices it slices a tensor by say which dimension
        each mode is (`levels.index_dims`: tokens, heads, ...), and the one mode kept, a (token, head) row's vector,
        its columns (in an attention kernel: elsewhere `row_slice` says them). A suggestion (`name.dims`), read only in a kernel with no MMA, after every data flow rule: no
        MMA says what its modes are. A head index makes the kernel an attention kernel (Q H D, not M N), also where
        the tensor indexed is no traced one (`index` None: a parameter read element by element)."""
        if not isinstance(coord, tuple) or labels is not None and (
                not isinstance(labels, tuple) or len(coord) != len(labels)):
            return
        dims = dims or self._dims_named_here(len(coord))
        if dims is None:
            return
        kept = dims.count("kept")
        name = next(iter(self.trace.records[index].names), None) if index is not None else None
        shape = self.trace.records[index].shapes[0] if index is not None else None
        # a mode of one element (`vals[idx, col]` of a (32, 1) register view): the index walks nothing, so its name
        # says nothing of the mode
        extents = shape if isinstance(shape, tuple) and len(shape) == len(dims) else (None,) * len(dims)
        for dim, label, extent in zip(dims, labels or (None,) * len(dims), extents):
            if dim == "kept" and kept > 1 or extent == 1:
                dim = None
            if dim and (label is None or isinstance(label, _levels.ModeLabel)):
                self.named_dims.append((label.var if label is not None else None, dim, name))

    def _dims_named_here(self, count: int) -> tuple | None:
        """The dimensions the names of the indices of the subscription being traced say (`levels.index_dims`), where
        it has `count` indices and one of them names a dimension; else None."""
        # from the call the running hook observes: every frame between it and here is the tracer's own
        start = patch.notified_from
        frame = user_frame_from(start) if start is not None else user_frame(1)
        if frame is None:
            return None
        code = frame.f_code
        hit = self.dims_at.get((id(code), frame.f_lasti))
        if hit is None or hit[0] is not code:
            indices = subscript_indices(site_of(frame))
            dims = _levels.index_dims(indices) if indices is not None else None
            named = dims is not None and not all(dim in (None, "kept") for dim in dims)
            hit = self.dims_at[(id(code), frame.f_lasti)] = (code, dims if named else None)
        dims = hit[1]
        return dims if dims is not None and len(dims) == count else None

    def _named_element(self, tensor, coord) -> None:
        """`Q[q_begin, head_idx, dim_idx]` read or written element by element: its indices' names, as a slice's."""
        coord = coord if isinstance(coord, tuple) else (coord,)
        dims = self._dims_named_here(len(coord))  # first: most subscriptions name no dimension
        if dims is None or not _is_tensor(tensor):
            return
        found = self.lookup(tensor)
        if found is None:
            self._named_dims(None, coord, None, dims)
        else:
            self._named_dims(found[0], coord, found[2], dims)

    def _suggest_named_dims(self) -> None:
        """The axes `_named_dims` and `_named_extents` found, once the whole kernel is seen: a head index (or a
        head count) anywhere makes every tensor the kernel names an attention tensor (a RoPE cache's `[pos, None]`
        rows are queries too)."""
        extents = self._named_extents() + self.laid_extents
        # (a tile of a head's dim alone does not: a quantizer of keys' rows tiles `HEAD_DIM` columns; an SSM state's dim
        # does, however named)
        attention = self.axes.named_attention = any(dim in _levels.ATTENTION_DIMS for _, dim, _ in
                                                    self.named_dims + extents) \
            or any(dim == "statedim" for _, dim, _ in self.tile_extents) or self._built_for_a_head_dim() \
            or self._launched_per_head()
        self.axes.columns_named = "K" if not attention and self._columns_named_k() else None
        for found, rule in ((self.named_dims, "name.dims"), (extents, "name.extents"), (self.tile_extents, "name.tile")):
            for var, dim, name in found:
                if dim == "kept" and not attention:  # a row's columns: `row_slice` says N already
                    continue
                letter = _levels.dim_letter("cols" if dim == "kept" else dim, attention, name)
                if letter:
                    self.axes.suggest(var, letter, rule)

    def _extents_laid_out(self, call, labels, name: str | None) -> None:
        """`make_tensor(out_ptr, make_layout((num_tokens, hidden_dim), stride=...))`: a global view over a pointer
        whose shape is written with named extents (a kernel's or a constructor's parameters, `self.num_tokens`):
        each name says its mode's dimension (`levels.extent_dim`), as a shape unpacked says it (`_named_extents`)."""
        for dim, label in zip(_laid_extent_dims(call, len(labels)), labels):
            if dim and isinstance(label, _levels.ModeLabel):
                self.laid_extents.append((label.var, dim, name))

    def _ring_slot_view(self, pointer, over, info) -> None:
        """`make_tensor(sBuf.iterator + handle.index * hidden, row_layout)`: a view starting at the slot a pipeline
        state's index picks in an SMEM ring holds one slot; the ring's mode whose stride is the slot's size (the
        view's cosize) is the pipeline's stage mode (rule smem_buffer.stage), as a slice by the stage index says it.
        A view of one element (`make_tensor(slot.iterator + col, (1,))`, a word of the slot a copy fills) is no slot:
        its cosize says nothing of the ring's modes."""
        if not self.stage_values or _up_defining_ops(getattr(pointer, "value", None), lambda v: v if _ir_hash(v) in
                                                     self.stage_values else None, depth=10, width=32,
                                                     unwrap=True) is None:
            return
        ring = self.trace.records[over[0]]
        modes = top_modes(ring.layouts[over[1]])
        labels = ring.levels[over[1]]
        slot = _resources._cosize(info.layout)
        if not modes or slot is None or slot <= 1 or not isinstance(labels, tuple) or len(labels) != len(modes):
            return
        stepping = [label for mode, label in zip(modes, labels) if isinstance(label, _levels.ModeLabel)
                    and mode.partition(":")[2] == str(slot)]
        if len(stepping) == 1:
            self.stages.add((stepping[0].origin, stepping[0].var))

    def _tile_extents_named(self, call, labels, name: str | None) -> None:
        """`local_tile(t, (self.tile_D, self.dstate), coord)`, `make_identity_tensor((self.mimo, self.tile_D))`: the
        names a tile's sizes are written with say which dimension each tile mode is (`levels.tile_dim`: a head dim's
        tile, an SSM state's dim), as a shape unpacked says a tensor's (`_named_extents`); the data flow carries the name
        to every mode of its class. Read in a kernel with no MMA only (`axes.Axes.solve`, rule name.tile)."""
        param = "tiler" if call.op == "local_tile" else "shape"
        if not call.site.direct or param not in call.params or not isinstance(labels, tuple):
            return
        text = argument_text(call.site, call.params.index(param), call.op)
        try:
            node = ast.parse(text, mode="eval").body if text else None
        except SyntaxError:
            return
        entries = node.elts if isinstance(node, ast.Tuple) else []
        if not entries or len(entries) > len(labels):
            return
        for entry, label in zip(entries, labels):
            factors = _product_factors(entry)
            dim = _levels.tile_dim(factors[0]) if len(factors) == 1 else None
            # (rows, columns, heads by a tile's size name: what the tiler's position or rule name.extents says)
            if dim in _TILE_DIMS and isinstance(label, _levels.ModeLabel):
                self.tile_extents.append((label.var, dim, name))

    def _named_extents(self) -> list:
        """`num_tokens, hidden = mX.shape`, `M, N = x.shape[0], x.shape[1]`, `n_cols = cute.size(mX, mode=[1])`:
        the names a function gives a traced tensor's extents say which dimension each mode is
        (`levels.extent_dim`), as index names do (`_named_dims`): (axis variable, dimension, tensor name) of each
        top mode so named, in every function that made a record."""
        out = []
        for records, node, (tensor, mode, extent, count) in self._extent_bindings():
            dim = _levels.extent_dim(extent)
            label = _mode_bound(records, tensor, mode, count, node.lineno) if dim else None
            if label is not None:
                out.append((label.var, dim, tensor))
        return out

    def _records_by_function(self) -> dict:
        """(file, function) -> the records made there, in order."""
        by_function: dict = {}
        for record in self.trace.records:
            if record.file:
                by_function.setdefault((record.file, record.function), []).append(record)
        return by_function

    def _extent_bindings(self):
        """(the function's records, the assignment, (tensor, mode, extent name, count)) of every extent an assignment
        of a function that made a record binds to a name (`_extents_named`)."""
        for (file, _), records in self._records_by_function().items():
            for node in assignments_in(file, records[0].line):
                for found in _extents_named(node):
                    yield records, node, found

    @staticmethod
    def _kernel_functions():
        """(file, a line of its body) of each traced kernel's own function (the `@cute.kernel` def `_current_kernel`
        found), which may have made no record (its helpers made them)."""
        for codes in _kernel_codes.values():
            for code, is_kernel in codes.values():
                file = absolute(code.co_filename)
                line = function_body_line(file, code.co_firstlineno, code.co_name) if is_kernel else None
                if line is not None:
                    yield file, line

    def _kernel_extent_names(self) -> set:
        """The extent names the traced kernels' own functions bind (`K = mX.shape[1]` in a `kernel` whose tensors
        its helpers made): read for `_columns_named_k` only, no mode bound."""
        names = set()
        for file, line in self._kernel_functions():
            for node in assignments_in(file, line):
                names |= {extent for _, _, extent, _ in _extents_named(node)}
        return names

    def _columns_named_k(self) -> bool:
        """Whether the kernel's own names call its columns K and none calls them N (or hidden, cols: a norm's):
        `K = mX.shape[1]` (bound to a traced tensor or not: the input a gather reads by address has no columns of
        its own), `make_layout((self.K,))`, a constructor parameter `k` the kernel reads as `self.k`. In a kernel
        with no MMA nothing in the data flow tells a later GEMM's K from a norm's N; the kernel's name for the
        dimension does (`axes.Axes.columns_named`)."""
        names = {extent for _, _, (_, _, extent, _) in self._extent_bindings()} | self._kernel_extent_names()
        dims = {_levels.extent_dim(extent) for extent in names}
        dims |= {dim for _, dim, _ in self.laid_extents}
        dims |= {_levels.extent_dim(name) for name in self._constructor_extents()}
        return "kcols" in dims and "cols" not in dims

    def _built_for_a_head_dim(self) -> bool:
        """Whether the kernel object's constructor takes a head dim (`__init__(self, head_size, element_bits)`) that
        only the constructor reads, to derive the copy layout of the rows the kernel moves
        (`_derive_vector_config(head_size)`): an attention kernel over rows of one head, whose columns are that head
        dim (rule name.attention). A kernel that reads the head dim itself (`self.head_dim`) says by its uses which
        mode it is (a layout's extent, rule name.extents; `col % self.head_dim`: columns spanning several heads, a
        norm across heads). Only a name says it: nothing in a kernel with no MMA tells attention rows from a norm's."""
        places = [(file, records[0].line) for (file, _), records in self._records_by_function().items()]
        places += list(self._kernel_functions())
        read = {name for file, line in places for name in constructor_attributes_read(file, line)}
        return any(_levels.extent_dim(name) == "headdim" for file, line in places
                   for name in constructor_parameters(file, line) - read)

    def _launched_per_head(self) -> bool:
        """Whether a traced kernel's own function takes a head count (`def kernel(self, mQ, ..., num_heads: Int32)`):
        its flat views are indexed by hand (`((batch * num_heads + head) * seqlen + row) * 128 + dim`), so no
        subscript names a head, yet the kernel walks (batch, head) rows of attention tensors (rule name.attention).
        Only a name says it: nothing in a kernel with no MMA tells attention rows from a norm's."""
        return any(_levels.extent_dim(name) == "heads" for file, line in self._kernel_functions()
                   for name in function_parameters(file, line))

    def _constructor_extents(self) -> set:
        """The parameters of a kernel object's constructor (`__init__(self, *, k)`) that the functions which made
        records read as attributes of the object (`self.k`): the extents the kernel was built for."""
        places = [(file, records[0].line) for (file, _), records in self._records_by_function().items()]
        found = set()
        for file, line in places + list(self._kernel_functions()):
            found |= constructor_attributes_read(file, line)
        return found

    def _thread_view(self, index: int, coord, labels) -> bool:
        """`composition(tile, tv_layout)[tidx, None]`: a (thread, value) view of a tile whose thread mode the thread
        index selects is that thread's partition made by hand, as a tiled copy's `partition_S` would make it: its
        modes are a copy's atom (each along the tile's axis its stride steps), not the tile's. So is a row cut into
        vectors (`tiled_divide(row, (8,))`) whose vector the thread index selects (`[None, k * threads + tidx]`):
        the copy's atom and rests. Relabels the view's record once; `flow.settle` makes it Store where the thread
        writes it out."""
        record = self.trace.records[index]
        if record.meta.get("thread_view") or not isinstance(coord, tuple) or len(coord) != 2 \
                or not isinstance(labels, tuple) or len(labels) != 2:
            return False
        divide = _flow.launched_divide(self.trace.records, record) or record
        if (record.op == "composition" or _hand_laid_buffer(record)) and _keeps_whole(coord[1]):
            values = 1  # (thread, value): the thread index selects the first mode (`[tidx, (None, None)]` too)
        elif divide.op in ("tiled_divide", "zipped_divide", "flat_divide") and _keeps_vector(coord[0]) \
                and isinstance(record.shapes[0], tuple) and len(record.shapes[0]) == 2:
            # (vector, vectors): `vecs[None, k * threads + tidx]`, the thread's k-th vector; a tile of several
            # modes kept whole too (`zipped_divide(rows, (top_k, 16))[(None, None), (0, tidx_tile)]`)
            values = 0
        else:
            return self._thread_picked_leaf(record, coord)
        if not _from_thread_index(coord[1 - values], self.thread_coordinates):
            return False
        for made in {record.index: record, divide.index: divide}.values():
            made.meta["thread_view"] = True
            made.meta["thread_values"] = values
            made.levels = tuple(_levels.thread_view(tree, divide.index, keep_roles=values == 0) for tree in made.levels)
        return True

    def _vector_copied(self, index: int, kept, shape) -> None:
        """`autovec_copy(regs_vecs[None, i], out_vecs[None, i])` of `tiled_divide(row, (4,))`: a copy that moves one
        vector of a (vector, vectors) divide, whatever index picks it (a thread's own, `_thread_view`, or a loop's,
        one thread writing the row's every vector), makes that divide a copy partition by hand: the vector the
        copy's atom, the vectors its rests, as a thread view of the divide is; `flow.settle` makes it Store where
        the copy writes it out."""
        record = self.trace.records[index]
        if record.meta.get("thread_view") or record.op not in ("tiled_divide", "zipped_divide", "flat_divide") \
                or len(record.levels) != 1 or not isinstance(record.levels[0], tuple) or len(record.levels[0]) != 2 \
                or not isinstance(record.shapes[0], tuple) or len(record.shapes[0]) != 2:
            return
        vector = [label.var for label in _levels.flatten(record.levels[0][0])]
        if size(shape) != size(record.shapes[0][0]) or [label.var for label in _levels.flatten(kept)] != vector:
            return
        record.meta["thread_view"] = True
        record.meta["thread_values"] = 0
        record.levels = (_levels.thread_view(record.levels[0], index, keep_roles=True, rule="vector_copied"),)

    def _thread_picked_leaf(self, record, coord) -> bool:
        """`tA[None, (None, (tidx, None))]` of a divide `(rows, (8, (128, 6)))`: a nested mode one of whose leaves the
        thread index picks, the other modes kept whole, is that thread's copy partition of the mode
        (`levels.thread_picked`); the kept modes keep their labels."""
        if not record.op.endswith("_divide") or not isinstance(coord[1], tuple) \
                or len(record.levels) != 1 or len(record.levels[0]) != 2:
            return False
        # the rows kept whole, or one of them picked per CTA (`tB[n_idx, (None, (tidx, None))]`, n_idx from the block
        # index: the CTA's own row of B), never by the thread
        by_cta = coord[0] is not None
        if by_cta and not _from_block_index(coord[0], self.thread_coordinates):
            return False
        rows, divided = record.levels[0]
        mode = _levels.thread_picked(divided, coord[1], lambda c: _from_thread_index(c, self.thread_coordinates),
                                     record.index)
        if mode is None:
            return False
        record.meta["thread_view"] = True
        record.levels = ((_rows_beside_thread(rows, by_cta, record.index), mode),)
        self._vectors_split_by_thread(record, mode, by_cta)
        return True

    def _vectors_split_by_thread(self, record, mode, by_cta: bool = False) -> None:
        """`gA_vec = logical_divide(tile, (None, 8))`, then `logical_divide(gA_vec, (None, (None, 128)))` picked by the
        thread index: the first divide cut the mode into the vectors a thread's copy moves and their index, which the
        second deals out to the threads: its vector the copy's atom, its index the copy's rests, as in the thread's
        partition (`levels.thread_picked`) of the vectors."""
        source = self.trace.records[record.inputs[0]] if len(record.inputs) == 1 else None
        if source is None or not source.op.endswith("_divide") or len(source.levels) != 1 \
                or not isinstance(source.levels[0], tuple) or len(source.levels[0]) != 2:
            return
        rows, divided = source.levels[0]
        picked = list(_levels.flatten(mode))
        if not isinstance(divided, tuple) or len(divided) != 2 or not all(isinstance(x, _levels.ModeLabel)
                                                                           for x in divided) \
                or not picked or picked[0].role != "atom" or picked[0].var != divided[0].var:
            return
        vector, index = divided
        rows = _rows_beside_thread(rows, by_cta, source.index)
        source.levels = ((rows, (replace(vector, level="copy", role="atom", origin=source.index, rule="thread_view"),
                                 replace(index, level="copy", role="rest", origin=source.index, rule="thread_view"))),)

    def _cta_row(self, coord, labels, kept: tuple) -> tuple:
        """`x[r, None]` of a kernel parameter (rows, columns) at a run-time row the thread index does not compute
        (`r = bidx * rows_per_cta + i`, a norm's rows walked by the CTA): one row of the CTA's, as a `local_tile` at
        a block coordinate would cut it: the row is a Block tile, and the parameter's first mode the rows M (a
        `row_slice` suggestion, read only in a kernel with no MMA, where no MMA slot names the rows). A row the
        thread index picks (a thread's own vector of packed elements) says neither."""
        if not isinstance(coord, tuple) or len(coord) != 2 or coord[1] is not None or len(kept) != 1 \
                or getattr(coord[0], "value", None) is None or isinstance(coord[0], int) \
                or not isinstance(labels, tuple) or len(labels) != 2 or not isinstance(labels[0], _levels.ModeLabel) \
                or labels[0].level != "input" or not isinstance(kept[0], _levels.ModeLabel) \
                or kept[0].level != "input" or _from_thread_index(coord[0], self.thread_coordinates):
            return kept
        self.axes.suggest(labels[0].var, "M", "row_slice")
        return (replace(kept[0], level="block", role="atom", rule="row_slice"),)

    def _row_sliced(self, coord, kept: tuple) -> None:
        """`x[row, None]` with a run-time row: one row of a (rows, columns) tensor, its columns kept; so is
        `x[p, s, b, n, None]`, every mode but the last picked by a run-time index (a (token, head) row of a
        (rank, token, batch, head, D) tensor). In a kernel with no MMA (an element-wise or norm kernel's vector
        loads) that suggests the columns are N, as a norm's `tiler_mn` names them (in attention the head dim D, rule
        name.attention); the row indices may pack anything (all the elements' vectors), so they get no axis."""
        if not isinstance(coord, tuple) or len(coord) < 2 or coord[-1] is not None or len(kept) != 1 \
                or any(getattr(c, "value", None) is None or isinstance(c, int) for c in coord[:-1]):
            return
        label = kept[0]
        if isinstance(label, _levels.ModeLabel) and label.var is not None:
            self.axes.suggest(label.var, "N", "row_slice")

    def _slot_filled(self, by_arg: dict) -> None:
        """A load from global memory into one slot of an SMEM buffer (`copy(gLSE[None, m], sLSE[None, i])`): the
        buffer's last mode, which the copy indexes away, is a pipeline stage (the tile is what one load brings)."""
        (src, _, _), (dst, kept, dst_shape) = by_arg["src"], by_arg["dst"]
        record = self.trace.records[dst]
        if record.op != "make_tensor" or record.memspaces != ("smem",) or "gmem" not in self.trace.records[src].memspaces:
            return
        modes = record.levels[0] if isinstance(record.levels[0], tuple) else (record.levels[0],)
        last = modes[-1] if modes else None
        kept_vars = {label.var for label in _levels.flatten(kept)}
        if rank(dst_shape) == len(modes) - 1 and isinstance(last, _levels.ModeLabel) and last.var is not None \
                and last.var not in kept_vars and last.level != "stage":
            self.stages.add((last.origin, last.var))

    def _issued_by_partitioner(self, record) -> None:
        """A gemm issued through a TiledMma made afresh for the issue, which partitioned none of its operands
        (flashinfer's MMA role builds a local `make_trivial_tiled_mma` in each gemm helper, so that its
        `.set(ACCUMULATE)` chain dies in the helper's frame), is a product of the TiledMma that made its operands
        and accumulator: one MMA, not one per issue (each issue an MMA of its own reads the scores an earlier
        issue wrote, which looks like a recurrent state)."""
        number = record.made_by["object"]
        records = self.trace.records
        if any(r.made_by and r.made_by.get("object") == number and r.op in _MMA_OPS for r in records):
            return
        owners = {_partitioner_of(records, i) for i in record.operands.values() if i is not None} - {None}
        if len(owners) != 1:
            return
        (owner,) = owners
        shapes = (self.objects.shapes.get(owner), self.objects.shapes.get(number))
        if None in shapes or shapes[0] == shapes[1]:
            record.made_by = dict(record.made_by, object=owner)

    def _operands_in_other_slot(self, record) -> None:
        """`cute.gemm(mma, S, tCrQ, tCrK, S)` where `tCrQ = make_fragment_B(partition_B(sQ))`: an operand made by
        the MMA's calls of one slot that its gemm reads in the other (a square tile fits either). The gemm issued
        is what the instruction computes: the operand's rows are the slot's it enters, so the partition's and the
        fragment's binds of their rows are the other slot's (`Axes.swap_rows`)."""
        number = record.made_by["object"]
        for slot in ("A", "B"):
            index, chain = record.operands.get(slot), []
            for _ in range(8):  # through the slices and views the gemm's operand was cut by
                if index is None or index >= len(self.trace.records):
                    break
                made = self.trace.records[index]
                if made.op in _flow._MMA_OPS:
                    if not made.made_by or made.made_by.get("object") != number \
                            or _flow._MMA_OPS[made.op] not in ("A", "B"):
                        break
                    if _flow._MMA_OPS[made.op] == slot:
                        chain = []
                        break
                    chain.append(index)
                elif chain or len(made.inputs) != 1 or made.op not in ("slice_",) + _STORAGE_VIEWS:
                    break
                index = made.inputs[0] if made.inputs else None
            if chain:
                self.axes.swap_rows(number, chain)

    def _registers_as_operands(self, record, by_arg: dict) -> None:
        """A register tensor made from a layout alone (`make_rmem_tensor(make_layout(((4,2,2),2,1), ...))`, P
        packed from the scores by hand) that a gemm reads as its A or B operand is that MMA's fragment: (atom,
        rests) of the MMA, its atom's leaves along the axes the MMA's value layout gives them."""
        number = record.made_by["object"]
        for slot, arg in (("A", "a"), ("B", "b")):
            index = record.operands.get(slot)
            if index is None or arg not in by_arg:
                continue
            source = self.trace.records[index]
            tree = source.levels[0] if source.levels else None
            if source.op not in ("make_rmem_tensor", "make_tensor") or source.memspaces[:1] != ("rmem",) \
                    or not isinstance(tree, tuple) or len(tree) != 3 \
                    or any(isinstance(m, _levels.ModeLabel) and m.level == "mma" for m in tree):
                continue
            # the atom's leaves labelled one by one (a layout's nested mode): one atom, its leaves placed below
            atom = tree[0] if isinstance(tree[0], _levels.ModeLabel) else _levels.UNKNOWN
            relabelled = _levels.as_mma_operand((atom, *tree[1:]), source.shapes[0], index)
            if relabelled is None:
                continue
            relabelled = _flow.with_atom_axes(relabelled, source.shapes[0], self.objects.shapes.get(number), slot,
                                              index, number, self.objects.values.get(number, {}).get(slot))
            source.levels = (relabelled,) + source.levels[1:]
            self.operands_by_use.add(index)  # its re-laid views (a retile for its load copy) stay the MMA's too
            by_arg[arg] = (index, relabelled, by_arg[arg][2])

    def _read_as_operand(self, source: int, in_trees: list, out_rank: int, bound: dict) -> None:
        """An MMA fragment of an SMEM or TMEM buffer of its own rank (`make_fragment_A(sK)` of ((128,16),1,4),
        `make_fragment_A(tP)`): the buffer is laid out for that MMA, whatever its rank suggested when it was made
        ((tile, tile, STAGE) for rank 3): relabelled (atom, rests, stages), and so is what the fragment reads. So is
        a buffer whose making the trace did not see (an SMEM tensor first met at the fragment's call: made in a
        generator expression, `tuple(mr.get_tensor(...) for ...)`, its record an input's)."""
        record = self.trace.records[source]
        if record.op not in ("make_tensor", "input") or record.memspaces[:1] not in (("smem",), ("tmem",)) \
                or not isinstance(record.levels[0], tuple) or len(record.levels[0]) != out_rank:
            return
        relabelled = _levels.as_mma_operand(record.levels[0], record.shapes[0], source)
        if relabelled is None:
            return
        record.levels = (relabelled,) + record.levels[1:]
        in_trees[0] = relabelled
        tensor = next((v for v in bound.values() if _is_tensor(v)), None)
        key = _value_key(tensor) if tensor is not None else None
        if key in self.known:
            self.known[key] = (source, 0, relabelled)

    @staticmethod
    def _first_use(tensor) -> tuple:
        """(site, name, kernel, frame) of the kernel's code slicing a parameter it has not used before: past a
        subscription shim (a package's own `__getitem__` over CuTe's, its `self` the tensor), and for a
        helper module's slice (`offset_batch_Q(mQ, ...)`), the kernel's line calling it and its name there."""
        site, frame = caller(3)
        while frame is not None and frame.f_locals.get("self") is tensor:
            site, frame = caller_above(frame)
        name = subscripted_name(site)
        kernel, kernel_file = _current_kernel(frame)
        if kernel_file and site.file != kernel_file:
            above = callers(frame, kernel_file)
            if above:
                site, outer = above[-1]
                name = _local_name(outer, tensor) or name
        return site, name, kernel, frame

    def _leaf_var(self, label):
        """One leaf of a split atom runs along its own axis: the variable of that MMA axis or source mode."""
        if not isinstance(label, _levels.ModeLabel) or not label.leaf_axes or len(set(label.leaf_axes)) != 1:
            return label
        key = label.leaf_axes[0]
        if not isinstance(key, tuple):
            return label
        if key[0] == "var":
            return replace(label, var=key[1])
        # a variable of its own, bound as made by the record that placed the atom: when a TiledMma turns out to
        # issue several products (`Axes.split`), the slice of one product's accumulator keeps that product's axis
        var, context = _axes.fresh(), self.axes.context
        self.axes.context = label.origin
        self.axes.bind(var, key)
        self.axes.context = context
        return replace(label, var=var)


_THREAD_INDEX = "nvvm.read.ptx.sreg.tid.x"
_QUOTIENTS = ("arith.floordivsi", "arith.divsi", "arith.divui")
_SHIFTS_RIGHT = ("arith.shrui", "arith.shrsi")
_REMAINDERS = ("arith.remsi", "arith.remui")
_AFFINE = ("arith.addi", "arith.muli")


# a tcgen05 MMA in inline PTX: `tcgen05.mma.cta_group::1.kind::f16 [$0], $1, $2, $3, p;` -> the operand numbers of
# its D address, A descriptor (or `[$1]`, A's TMEM address), B descriptor and instruction descriptor
# (the instruction descriptor an operand `$n`, or an immediate the author wrote into the text: `tcgen05.mma [$0], $1,
# $2, 136314896, p`)
_HAND_MMA = re.compile(r"tcgen05\.mma[\w.:]*\s+\[\$(\d+)\]\s*,\s*\[?\$(\d+)\]?\s*,\s*\$(\d+)\s*,\s*"
                       r"(?:\$(\d+)|(0x[0-9a-fA-F]+|\d+)\b)")
# the calls that may issue an MMA by hand: inline PTX, and NVVM's tcgen05 MMA ops (their D, A, B and instruction
# descriptor arguments)
_ISSUED_BY_HAND = ("inline_asm", "tcgen05_mma", "tcgen05_mma_block_scale", "tcgen05_mma_ws")
_NVVM_MMA_ARGS = ("matrix_d", "matrix_a", "matrix_b", "idesc")


def _hand_mma_operands(call) -> tuple | None:
    """(D, A, B, instruction descriptor): the values a hand-issued MMA reads; None for inline PTX that issues
    none."""
    if call.op != "inline_asm":
        return tuple(call.bound.get(arg) for arg in _NVVM_MMA_ARGS)
    issued = _HAND_MMA.search(str(call.bound.get("asm_string", "")))
    if issued is None:
        return None
    values = list(call.bound.get("operands_") or ())
    *registers, immediate = issued.groups()
    found = [values[int(i)] if i is not None and int(i) < len(values) else None for i in registers]
    if immediate is not None:
        found[3] = int(immediate, 0)
    return tuple(found)


# a warp MMA in inline PTX (`mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32`) and its register groups
_WARP_MMA = re.compile(r"\bmma\.sync\.aligned\.m\d+n\d+k\d+[\w.]*")
# inline PTX that writes global memory: a reduce or atomic of registers, a store, a bulk copy or reduce from SMEM
_WRITE_OUT = re.compile(r"\b(?:red|atom|st)(?:\.[\w:]+)*?\.global\b|\bcp\.(?:reduce\.)?async\.bulk\.global\.shared")
_ASM_GROUPS = re.compile(r"\{([^}]*)\}")


def _leaf_coords(shape, coord) -> list:
    """The coordinate a slice gives each leaf of `shape`: None where it keeps the leaf, an index (a literal, or
    a run-time value) where it picks one; an index into a nested mode picks all its leaves."""
    if coord is None:
        return [None] * sum(1 for _ in _leaves(shape))
    if isinstance(shape, tuple) and isinstance(coord, tuple) and len(shape) == len(coord):
        return [c for s, x in zip(shape, coord) for c in _leaf_coords(s, x)]
    return [coord] * sum(1 for _ in _leaves(shape))


# a block-scaled warp MMA's scale operands -> the operand each scales
_SCALE_OF = {"SFA": "A", "SFB": "B"}


def _scale_registers(text: str, outputs: int) -> list:
    """The operand numbers of a block-scaled warp MMA's scale registers, A's then B's: the bare `$n` after the
    D, A, B and C groups (`kind::mxf8f6f4.block_scale ... {$10..$13}, $14, {$15, $16}, $17, {$18, $19}`), each
    followed by its selector group; none for an MMA with no scales."""
    head = _WARP_MMA.search(text)
    groups = list(_ASM_GROUPS.finditer(text, head.end())) if head else []
    if "block_scale" not in text or len(groups) < 4:
        return []
    bare = _ASM_GROUPS.sub("", text[groups[3].end():])
    return [int(n) - outputs for n in re.findall(r"\$(\d+)", bare)[:2]]


def _warp_mma_arrays(issue: dict) -> bool:
    """Whether a warp MMA issued by hand reads register arrays enough to be traced: A and B (`rA[None, m, k]`,
    `rB[None, n, k]`), or one of them and the accumulator (a skinny GEMM's weight words `qs[q0 + 2 * j]` and C
    registers `acc[ab + i]`, its token operand loaded by inline PTX into registers no tensor holds)."""
    return ("A" in issue and "B" in issue) or (("A" in issue or "B" in issue) and "C" in issue)


def _issue_columns(issues: list, slot: str, constant: bool = False) -> dict:
    """The variables of a warp MMA's `slot` array's indexed leaves -> their literal index in each issue (one
    array read in every issue; a run-time index, or one index in every issue unless `constant`, makes no column)."""
    arrays = {issue[slot][0] for issue in issues if slot in issue}
    if len(arrays) != 1:
        return {}
    columns: dict = {}
    for issue in issues:
        for var, coord in issue[slot][1]:
            if coord is not None and var is not None:
                columns.setdefault(var, []).append(coord if isinstance(coord, int) else None)
    # a leaf every issue indexes alike is walked by none: it says nothing of the axis
    return {var: column for var, column in columns.items()
            if None not in column and len(column) == len(issues) and (constant or len(set(column)) > 1)}


def _walked_past(issues: list, slot: str, columns: dict) -> list:
    """The accumulator's rest leaves (`columns`, as `_issue_columns` gives them) whose index changes between two
    issues that read the same `slot` registers of one array: the operand holds the same rows (A) or columns (B)
    for both, so the leaf runs along the other axis (`acc[m, jj, :] += A[m] x B_jj` over jj: the n8 blocks, N)."""
    reads = [tuple(coord for _, coord in issue[slot][1]) if slot in issue else None for issue in issues]
    if None in reads or len({issue[slot][0] for issue in issues}) != 1:
        return []
    by_read: dict = {}
    for at, read in enumerate(reads):
        if all(c is None or isinstance(c, int) for c in read):  # a run-time index may differ between issues
            by_read.setdefault(read, []).append(at)
    return [var for var, column in columns.items()
            if any(len({column[at] for at in ats}) > 1 for ats in by_read.values())]


def _same_columns(mine: dict, theirs: dict) -> list:
    """(my variable, theirs) for each of my leaves whose index in every issue is a function of exactly one of
    theirs: the same index (`rK[None, n, k]` beside `rC[None, n, m]`), or a part of it (`rB[(None, n % 2), n // 2,
    k]` beside `rC[None, n, m]`: the two leaves of B that split C's `n` both run along it). Over a nest of loops
    an index is a function of no other loop's."""
    def function_of(column, other) -> bool:
        seen: dict = {}
        return all(seen.setdefault(y, x) == x for x, y in zip(column, other))

    pairs = [(a, b) for a, ca in mine.items() for b, cb in theirs.items() if function_of(ca, cb)]
    return [(a, b) for a, b in pairs if sum(1 for x, _ in pairs if x == a) == 1]


def _index_token(coord):
    """A slice coordinate of one leaf as a comparable token: a literal index, a run-time index by its IR value,
    None where the slice keeps the leaf."""
    if coord is None or isinstance(coord, int):
        return coord
    return ("value", _ir_hash(getattr(coord, "value", coord)))


def _index_pairs(mine: dict, theirs: dict) -> list:
    """(my leaf, theirs) for leaves indexed alike in every issue, each the only such partner of the other:
    literals that walk one-to-one over two or more values, or one run-time value indexing both (never a leaf an
    issue keeps, never a literal every issue repeats)."""
    def alike(a, b) -> bool:
        if None in a or None in b:
            return False
        if any(isinstance(x, tuple) for x in a + b):
            return a == b and all(isinstance(x, tuple) for x in a)
        there: dict = {}
        back: dict = {}
        one_to_one = all(there.setdefault(x, y) == y and back.setdefault(y, x) == x for x, y in zip(a, b))
        return one_to_one and len(set(a)) > 1

    pairs = [(a, b) for a, ca in mine.items() for b, cb in theirs.items() if alike(ca, cb)]
    return [(a, b) for a, b in pairs if sum(1 for x, _ in pairs if x == a) == 1 and sum(1 for _, y in pairs if y == b) == 1]


# the instruction descriptor's bits that make A or B MN-major (`transpose_A`, `transpose_B` of tcgen05's kinds)
_TRANSPOSE_BITS = {"A": 15, "B": 16}


def _transposed(instruction, slot: str) -> bool:
    """Whether a hand-issued MMA's constant instruction descriptor reads the operand in `slot` MN-major."""
    constant = _descriptor_bits(instruction) if slot in _TRANSPOSE_BITS else None
    return constant is not None and bool(constant >> _TRANSPOSE_BITS[slot] & 1)


def _columns_stored(shape, value) -> int:
    """The TMEM columns a `tcgen05.st` of `value` (a thread's registers) writes: a column per register in 32x32b
    (32 lanes of 32 bits), two in the 16-lane shapes (16x64b, 16x128b, 16x256b: a warp's 32 registers over 16
    lanes), one in 16x32bx2 (two 16-lane halves)."""
    text = str(shape).lower()
    registers = re.search(r"vector<(\d+)x", str(getattr(getattr(value, "value", value), "type", "")))
    per_register = 2 if "16x" in text and not text.endswith("x2") else 1
    return (int(registers.group(1)) if registers else 1) * per_register


def _covers(at: tuple, width: int, column: tuple) -> bool:
    """Whether the TMEM columns written from `at` (an `_address_key`) over `width` columns hold `column`: within
    them for constants, the same run-time value otherwise."""
    if at[0] == "constant" and column[0] == "constant":
        return at[1] <= column[1] < at[1] + width
    return at == column


def _wide_value_var(view) -> int | None:
    """The variable of the one leaf longer than one element of a thread's (thread, value) view's value mode."""
    modes, shape = view.levels[0], view.shapes[0]
    at = view.meta.get("thread_values", 1)
    if not isinstance(modes, tuple) or not isinstance(shape, tuple) or len(modes) != 2 or len(shape) != 2:
        return None
    labels, extents = list(_levels.flatten(modes[at])), list(_leaves(shape[at]))
    wide = [label.var for label, e in zip(labels, extents) if e != 1] if len(labels) == len(extents) else []
    return wide[0] if len(wide) == 1 else None


# an instruction descriptor's scale-factor ids (kind::mxf8f6f4's A ids at bits 29-30, B's at bits 4-5)
_SCALE_IDS = (3 << 29) | (3 << 4)


def _columns(instruction: int | None) -> int | None:
    """The TMEM columns an accumulator of a tcgen05 instruction descriptor spans: its N (bits 17-22, N >> 3)."""
    return (instruction >> 17 & 0x3F) << 3 if instruction is not None else None


def _tmem_column(address):
    """The column part of a TMEM address made as `(row << 16) | column`, past its casts; else the address."""
    address = _past_casts(address)
    if _op_name(address) == "arith.ori":
        parts = _operands(address)
        rows = [i for i, part in enumerate(parts) if _op_name(part) == "arith.shli"
                and len(_operands(part)) == 2 and _constant(_operands(part)[1]) == 16]
        if len(parts) == 2 and len(rows) == 1:
            return parts[1 - rows[0]]
    return address


# the casts a plain integer TMEM address passes through on its way to an MMA (`llvm.inttoptr(Int32(addr))`)
_ADDRESS_CASTS = ("llvm.inttoptr", "arith.extui", "arith.extsi", "arith.trunci", "arith.index_cast",
                  "builtin.unrealized_conversion_cast")


def _past_casts(value):
    """A TMEM address's value before the casts it passed through (`_ADDRESS_CASTS`)."""
    while value is not None and _op_name(value) in _ADDRESS_CASTS and _operands(value):
        value = _operands(value)[0]
    return value


def _address_key(value):
    """What a TMEM address an MMA writes is, past its casts: its constant, else the value computing it."""
    value = _past_casts(value)
    constant = _constant(value) if value is not None else None
    return ("constant", constant) if constant is not None else ("value", _ir_hash(value))


# cute.experimental's calls -> (the core op they do, their arguments -> the core op's): an MMA `dot(mma_atom, a, b,
# c)` is `gemm(atom, d, a, b, c)` with c its own D (a block-scaled one also reads sfa and sfb; a sparse one's
# metadata `e` is no operand of ours); a TMA load or store moves whole tiles (`block_copy`); `partition_and_copy(
# thr_copy, src, dst)` partitions both sides by the copy and copies: `copy(atom, src, dst)`
_EXPERIMENTAL = {
    "dot": ("gemm", {"mma_atom": "atom"}), "dot_block_scaled": ("gemm", {"mma_atom": "atom"}),
    "dot_sparse": ("gemm", {"mma_atom": "atom", "e": None}),
    "tma_load": ("block_copy", {}), "tma_load_multicast": ("block_copy", {}),
    "partition_and_copy": ("copy", {"tiled_copy": "atom"}),
}


def _experimental_as_core(op: str, bound: dict, params: list) -> tuple:
    """(core op, its bound arguments, its parameter names in the call's positions) of a cute.experimental call."""
    core, renamed = _EXPERIMENTAL[op]
    new_bound = {renamed.get(arg, arg): value for arg, value in bound.items() if renamed.get(arg, arg) is not None}
    return core, new_bound, [renamed.get(p, p) or f"_{p}" for p in params]


def _op_name(value) -> str | None:
    """The name of the op that defines an MLIR value (`arith.divsi`); None for a block argument."""
    try:
        return getattr(value.owner, "operation", value.owner).name
    except (AttributeError, ValueError):
        return None


def _static_int(value) -> int | None:
    """A number an MLIR value holds: an `arith.constant`, or an int tuple of one static leaf (`!cute.int_tuple<"4">`,
    a Python int a layout's stride arithmetic multiplied by)."""
    found = _constant(value)
    if found is None and _op_name(value) == "cute.make_int_tuple" and not _operands(value):
        number = re.fullmatch(r'[^"]*"(\d+)"[^"]*', str(value.type))
        found = int(number.group(1)) if number else None
    return found


def _descriptor_bits(instruction) -> int | None:
    """A hand-issued MMA's instruction descriptor: an immediate of its PTX text (an int), or a constant value."""
    if instruction is None or isinstance(instruction, int):
        return instruction
    return _constant(instruction)


def _constant(value) -> int | None:
    try:
        return int(str(value.owner.attributes["value"]).split(":")[0]) if _op_name(value) == "arith.constant" else None
    except (AttributeError, ValueError, KeyError, IndexError):
        return None


def _warp_number(value) -> bool:
    """Whether `value` is the thread's warp number: `cute.arch.warp_idx()`, or the thread index over 32 (`tidx //
    32`, `tidx >> 5`)."""
    name = _op_name(value)
    if name == "cute_nvgpu.arch.make_warp_uniform":
        return True
    operands = _operands(value) if name in _QUOTIENTS + _SHIFTS_RIGHT else ()
    return len(operands) == 2 and _constant(operands[1]) == (32 if name in _QUOTIENTS else 5) \
        and _op_name(operands[0]) == _THREAD_INDEX


def _warp_role(value) -> str | None:
    """What an index of a cross-warp buffer selects: "rows" (the warp number divided, the warps of a row share
    it), "partials" (the warp number, or its remainder: one slot per warp of a row), or None."""
    if value is None:
        return None
    if _warp_number(value):
        return "partials"
    name = _op_name(value)
    if name in _AFFINE:  # `warp * per_warp + j`, `warp + 8`: a warp's own slots, still one set per warp
        operands = _operands(value)
        if len(operands) == 2 and any(_constant(o) is not None for o in operands):
            inner = next(o for o in operands if _constant(o) is None) if None in map(_constant, operands) else None
            return "partials" if inner is not None and _warp_role(inner) == "partials" else None
    operands = _operands(value) if name in _QUOTIENTS + _REMAINDERS else ()
    if len(operands) == 2 and _constant(operands[1]) is not None and _warp_number(operands[0]):
        return "rows" if name in _QUOTIENTS else "partials"
    return None


def _defining_values(value, limit: int = 256, stop=None):
    """`value` and the values it is computed from, up the defining ops, into what a loop yields and from a register
    element read to the value written there before it (`_register_sums`), each once, at most `limit`; a value `stop`
    accepts is not looked past."""
    frontier, seen = [value], set()
    while frontier and len(seen) < limit:
        value = frontier.pop()
        key = _ir_hash(value)
        if key is None or key in seen:
            continue
        seen.add(key)
        yield value
        if stop is None or not stop(value):
            frontier.extend(_operands(value))
            frontier.extend(_loop_yields(value))
            if _register_sums and key in _register_sums:
                frontier.append(_register_sums[key])


def _reduced(value, limit: int = 256) -> bool:
    """Whether `value` is computed from a reduction across values: a warp shuffle or a vector reduction among the
    ops that define it (at most `limit` ops looked at)."""
    return any(_op_name(v) in ("nvvm.shfl.sync", "nvvm.redux.sync", "vector.reduction") or _warp_asm(v)
               for v in _defining_values(value, limit))


# element writes at distinct literal indices per tensor whose values are followed up to the products summed
_PRODUCT_WRITES_READ = 16
_RESULT_WRITES_READ = 8  # global element writes per trace whose values are followed up to the products summed
_SUMMED_WRITES_READ = 64  # element writes per trace whose sums are read for partials (`_partials_summed`)


def _summed_terms(value, limit: int = 64) -> list:
    """The terms a value adds up (`((a + b) + c) + d`, looking through conversions of the sum): the operands of its
    `arith.addf` ops that are no sum themselves; [] when it is no sum."""
    value = _through_conversions(value, lambda v: v if _op_name(v) == "arith.addf" else None)
    if value is None:
        return []
    terms, frontier = [], [value]
    while frontier and len(terms) + len(frontier) < limit:
        v = frontier.pop()
        if _op_name(v) == "arith.addf":
            frontier.extend(_operands(v))
        else:
            terms.append(v)
    return terms


def _one_mode_apart(coords: list) -> int | None:
    """The one mode in which indices of equal rank differ, where each differs by a distinct literal (`(1, i, lane)`,
    `(2, i, lane)`); None if they differ in none, in several modes, or by a run-time index."""
    if len(set(coords)) < 2 or len({len(c) for c in coords}) != 1 or len(coords[0]) < 2:
        return None
    apart = [m for m in range(len(coords[0])) if len({c[m] for c in coords}) > 1]
    if len(apart) != 1:
        return None
    at = [c[apart[0]] for c in coords]
    return apart[0] if all(isinstance(x, int) for x in at) and len(set(at)) == len(at) else None


def _contracted(meta: dict, products: dict, partials: list) -> None:
    """Remember on a record's `meta` the element products a reduced value was summed from (see `flow._contractions`):
    (left, right) -> the index pairs multiplied, and the cross-warp buffer modes that hold its partial sums."""
    contracted = meta.setdefault("contraction", {"partials": [], "products": {}})
    contracted["partials"].extend(partials)
    for pair, indices in products.items():
        contracted["products"].setdefault(pair, set()).update(indices)


_PRODUCTS = ("arith.mulf", "math.fma", "llvm.intr.fma")
_CONVERSIONS = ("arith.extf", "arith.truncf", "arith.sitofp", "arith.uitofp", "cute.cvt")


def _element_products(value, loaded: dict, read_at: dict, flat: dict | None = None, limit: int = 256) -> dict:
    """The products of two elements a value was summed from (`s = s + x[j] * w[j]`, then shuffled), each factor read
    from a traced register tensor at a literal index, looking through conversions: (left record, right record) ->
    the (left index, right index) pairs multiplied (`flat`: the flat index of a read at literals of several modes,
    `a[m, v]`). At most `limit` ops looked at."""
    found: dict = {}

    def product_of_elements(value) -> bool:
        operands = _operands(value)
        if _op_name(value) not in _PRODUCTS or len(operands) < 2:
            return False
        factors = [_element_read(o, loaded, read_at, flat) for o in operands[:2]]
        if None in factors or factors[0][0] == factors[1][0]:
            return False
        found.setdefault((factors[0][0], factors[1][0]), set()).add((factors[0][1], factors[1][1]))
        return True

    for _ in _defining_values(value, limit, stop=product_of_elements):
        pass
    return found


def _element_read(value, loaded: dict, read_at: dict, flat: dict | None = None):
    """(record, literal index) of the element read a value is, through up to two conversions, else None: an element
    of a register tensor (`a[k]`; `a[m, v]` at its flat index, from `flat`) or of a tensor value loaded from one
    (`b.load().to(f32)[k]`)."""
    def read(v):
        key = _ir_hash(v)
        if key in loaded and key in read_at:
            if isinstance(read_at[key], int):
                return loaded[key], read_at[key]
            return (loaded[key], flat[key]) if flat and key in flat else None
        return _loaded_lane(v, loaded)

    return _through_conversions(value, read)


def _flat_literal(coord, shape):
    """The flat (colexicographic) index of a coordinate of literals, one per mode (`(mi, vi)` of a (4, 8) tensor: mi +
    4 vi), where every mode's size is static; else None (a single literal is its own flat index already)."""
    if not isinstance(coord, tuple) or not isinstance(shape, tuple) or len(coord) != len(shape) \
            or not all(isinstance(c, int) for c in coord):
        return None
    sizes = _mode_sizes(shape)
    if sizes is None:
        return None
    flat, step = 0, 1
    for c, size in zip(coord, sizes):
        flat, step = flat + c * step, step * size
    return flat


# shape -> its top modes' sizes (None when a leaf is no static int): read at every literal element read of a
# register tensor (thousands per trace, of a few dozen shapes). Records' shapes are parsed (ints and `DYNAMIC`
# only: no 2.0 to meet a 2 under one key), values that outlive traces
_MODE_SIZES: dict = {}
_MODE_SIZES_KEPT = 4096


def _mode_sizes(shape: tuple) -> tuple | None:
    try:
        return _MODE_SIZES[shape]
    except KeyError:
        pass
    except TypeError:  # a leaf no shape parser makes (unhashable): worked out, not kept
        return _static_mode_sizes(shape)
    if len(_MODE_SIZES) >= _MODE_SIZES_KEPT:
        _MODE_SIZES.clear()
    found = _MODE_SIZES[shape] = _static_mode_sizes(shape)
    return found


def _static_mode_sizes(shape: tuple) -> tuple | None:
    sizes = []
    for mode in shape:
        size = 1
        for extent in _leaves(mode):
            if not isinstance(extent, int):
                return None
            size *= extent
        sizes.append(size)
    return tuple(sizes)


def _loaded_lane(value, loaded: dict):
    """(record, literal index) where `value` takes one element out of a tensor value `load` returned (`vals[v]` of
    `vals = regs.load().to(f32)`: `vector.extract` at a constant position, through the vector's conversions)."""
    operands = _operands(value)
    if _op_name(value) not in ("vector.extract", "vector.extractelement") or len(operands) != 2:
        return None
    position = operands[1]
    if _op_name(position) == "arith.index_cast":
        position = _operands(position)[0] if _operands(position) else None
    at = _constant(position) if position is not None else None
    source = _through_conversions(operands[0], lambda v: loaded.get(_ir_hash(v))) if at is not None else None
    return (source, at) if source is not None else None


def _through_conversions(value, match, depth: int = 3):
    """The first answer of `match` for `value` or what it was converted from (up to `depth` - 1 conversions)."""
    for _ in range(depth):
        found = match(value)
        if found is not None:
            return found
        operands = _operands(value)
        if _op_name(value) not in _CONVERSIONS or len(operands) != 1:
            return None
        value = operands[0]
    return None


# the load instructions a hand-written PTX load begins with (`ld.global.v4.u32`, `ld.volatile.global.v4.u32`)
_ASM_LOAD = re.compile(r"^\s*ld\.(?:[a-z0-9]+\.)*(?:global|shared)")
_ASM_MOVE = re.compile(r"^\s*mov\.b(?:16|32|64)\s")  # a bitcast written as inline PTX (`u32_as_f32`)
# load ops a kernel issues by hand through the dialects (`prims.load_ext`: `nvvm.load.ext`; `llvm.load`)
_LOAD_OPS = frozenset(("nvvm.load.ext", "llvm.load"))


def _loaded_by_hand(value, depth: int = 6) -> bool:
    """Whether `value` is what a load issued by hand returned: inline PTX `ld.global` / `ld.shared`, or a load op
    of the dialects (`nvvm.load.ext`); looking through the ops that unpack, convert or rebuild its result
    (`from_elements(extractvalue(asm, i))`, `extract(extf(bitcast(load)), i)`), all their operands loaded so."""
    name = _op_name(value)
    if name in _LOAD_OPS:
        return True
    if name == "llvm.inline_asm":
        text = _asm_text(value)
        return text is not None and _ASM_LOAD.search(text.strip('"')) is not None
    operands = [v for v in (_operands(value) if depth > 0 else ()) if _op_name(v) != "arith.constant"]
    return bool(operands) and all(_loaded_by_hand(v, depth - 1) for v in operands)


def _hand_loaded_products(value, limit: int = 256) -> bool:
    """Whether `value` is summed from products of two values loaded by hand by different loads (a GEMV's weights
    and activations each read by inline PTX `ld.global.v4.u32`, their bf16 halves unpacked by shifts, masks and a
    `mov.b32` bitcast, then multiplied): a contraction whose factors no register tensor holds. A square of one
    load's values (a norm's sum of squares) is none."""
    for v in _defining_values(value, limit):
        if _op_name(v) in _PRODUCTS and len(_operands(v)) >= 2:
            loads = [_hand_load_of(o) for o in _operands(v)[:2]]
            if None not in loads and loads[0] != loads[1]:
                return True
    return False


def _hand_load_of(value, depth: int = 6):
    """The hash of the load issued by hand (inline PTX `ld.global` / `ld.shared`, `nvvm.load.ext`) that `value` is
    unpacked from, through bit operations, conversions and `mov.b32` bitcasts by inline PTX; None if none or
    several."""
    name = _op_name(value)
    if name in _LOAD_OPS:
        return _ir_hash(value)
    text = _asm_text(value) if name == "llvm.inline_asm" else None
    if text is not None and _ASM_LOAD.search(text.strip('"')) is not None:
        return _ir_hash(value)
    if depth <= 0 or (text is not None and not _ASM_MOVE.search(text.strip('"'))):
        return None
    found = {_hand_load_of(o, depth - 1) for o in _operands(value) if _op_name(o) != "arith.constant"}
    return found.pop() if len(found) == 1 else None


def _warp_asm(value) -> bool:
    """Whether `value` is made by inline PTX that reduces or exchanges across a warp (`redux.sync` of a float,
    which `cute.arch.warp_redux_sync` writes as inline assembly, or a hand-written `shfl.sync`)."""
    text = _asm_text(value)
    return text is not None and ("redux.sync" in text or "shfl.sync" in text)


def _attribute_text(value, name: str) -> str:
    """The text of an attribute of the op defining a value (`kind` of `vector.reduction`: `#vector.kind<add>`); ""
    if it has none."""
    try:
        return str(value.owner.attributes[name])
    except (AttributeError, KeyError, ValueError):
        return ""


def _asm_text(value) -> str | None:
    """The PTX text of a value made by inline assembly (`llvm.inline_asm`); None for any other value."""
    if _op_name(value) != "llvm.inline_asm":
        return None
    return _attribute_text(value, "asm_string") or None


def _loop_yields(value) -> list:
    """The values a dynamic loop's body yields, for a result of that loop (`for i in range(5): v = v + shfl(v)`
    leaves v an `scf.for` result): what the result was computed from inside the loop."""
    if _op_name(value) != "scf.for":
        return []
    try:
        block = value.owner.regions[0].blocks[0]
        terminator = block.operations[len(block.operations) - 1]
        return list(_unwrapped(terminator.operands))
    except (AttributeError, IndexError, ValueError, TypeError):
        return []


_OPERAND_READERS = ("partition_A", "partition_B", "make_fragment_A", "make_fragment_B")
_FRAGMENT_LOOKBACK = 8  # records a statement's temporaries make before the call that reads them


class _Wrapped:
    """An MLIR value as `_is_loop_carried` takes it (a DSL object with `.value`)."""

    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value



def _mma_rows(mode: tuple) -> bool:
    """Whether a nested mode is an MMA partition's through and through (the rows of a global tensor partitioned as
    the accumulator, `taccOgLSE[m, 0] = lse[m]`): a run-time index over it selects accumulator rows as over the
    registers."""
    labels = list(_levels.flatten(mode))
    return bool(labels) and all(isinstance(x, _levels.ModeLabel) and x.level == "mma" for x in labels)


def _selected_row_leaf(labels: list, extents: list):
    """The leaf a run-time index over a nested register mode selects along: its one leaf of extent above 1, or,
    where several leaves of extent above 1 share one MMA level (an accumulator's rows `(2, 2)`: the atom's row +8
    and the tile's repeats, `row_max[r]` beside `acc_mn[r, None]` for r < 4), the first of them, whose role the
    one flat statistic takes; None where the leaves are of different levels or not yet labelled."""
    wide = [i for i, e in enumerate(extents) if e > 1]
    if len(wide) == 1:
        return wide[0]
    levels = {labels[i].level if isinstance(labels[i], _levels.ModeLabel) else None for i in wide}
    if len(wide) > 1 and len(levels) == 1 and levels <= {"mma"}:
        return wide[0]
    return None

def _ir_hash(value) -> int | None:
    """An MLIR value's identity; a `TensorSSA` compares elementwise, so it is hashed as the value it is."""
    try:
        value_class = _ir().Value
        return value_class.__hash__(value) if isinstance(value, value_class) else hash(value)
    except TypeError:
        return None


@functools.lru_cache(maxsize=1)
def _ir():
    """The MLIR bindings' `ir` module (imported once, not at each of the thousands of values hashed)."""
    from cutlass._mlir import ir

    return ir


def _loaded_from(value, loaded: dict, depth: int = 6):
    """The record a register value was loaded from, looking through conversions (`.to(f16)`, arithmetic)."""
    return _up_defining_ops(value, lambda v: loaded.get(_ir_hash(v)), depth)


_MATRIX_STORE_VALUES = 512  # values up the ops that compute one word `stmatrix` stores, looked at for what was loaded
_REGISTER_STORES_READ = 8  # values stored into one register storage that `_products_read` follows up
_COMPUTED_DEPTH = 8  # ops followed up from an element write's value to the inputs it was computed from
_ELEMENT_WRITES_READ = 2  # element writes per tensor whose values are followed up to the reads they came from
# register tensors walked up from a descriptor word an MMA issued by hand reads to the SMEM tensor it describes
_DESCRIPTOR_STEPS = 8
_ELEMENT_FILLS_READ = 64  # element writes per SMEM buffer whose sources and indices `_element_fill` keeps
_GATHER_INDICES_READ = 16  # run-time indices per tensor whose arithmetic is followed up to the values they came from


def _coordinate_key(coord):
    """An element index as a key: a literal as itself, a run-time index as its value's identity."""
    parts = coord if isinstance(coord, tuple) else (coord,)
    return tuple(c if isinstance(c, int) else _ir_hash(getattr(c, "value", c)) for c in parts)


def _moved_element(meta: dict, source: int | None) -> None:
    """`src[i] = packed[i]`: an element write whose value is an element read as it was, unchanged, moves it: the
    tensors such writes move from (`meta["moved_from"]`), unless any write of the tensor computed its value
    (`meta["computed"]`)."""
    if source is None:
        meta["computed"] = True
    elif source not in meta.setdefault("moved_from", []):
        meta["moved_from"].append(source)


def _all_loaded_from(value, loaded: dict, depth: int = 4, width: int = 16, branches: bool = False) -> list:
    """(record, value key) of every loaded value a scalar was computed from, up its defining ops (`dec * h[i] +
    dh[i]`: h's and dh's elements); with `branches`, a value a run-time `if` chooses up what its branches yield
    (`_branch_values`)."""
    found, frontier = [], [value]
    for _ in range(depth):
        following = []
        for v in frontier:
            key = _ir_hash(v)
            source = loaded.get(key)
            if source is not None:
                if (source, key) not in found:
                    found.append((source, key))
                continue
            following.extend(_unpacked_operands(v, width, branches))
        frontier = following[:width]
    return found


# ops that only pack scalars into a vector or take one out (packed f32x2 arithmetic: `add.packed.f32x2` of two
# elements and two statistics, then each half extracted), or lay a vector's values out anew (a TensorSSA broadcast
# to another's shape before an element-wise product, `(h.load() * c.load()).reduce(...)`): no step of the computation
_PACKING = ("vector.from_elements", "vector.extract", "vector.extractelement", "vector.insertelement",
            "vector.shuffle", "vector.shape_cast", "vector.broadcast")


def _unpacked_operands(value, width: int, branches: bool = False) -> list:
    """The operands of `value`'s op, each packing op among them looked through to the values it packs; with
    `branches`, for a value a run-time `if` chooses, the values its branches yield."""
    found, stack = [], list(branches and _branch_values(value) or _operands(value))
    while stack and len(found) < width:
        v = stack.pop(0)
        if _op_name(v) in _PACKING:
            stack.extend(_operands(v))
        else:
            found.append(v)
    return found


def _branch_values(value) -> tuple:
    """`limit if x > limit else x` on run-time values is an `scf.if` whose branches yield the candidates: what the
    value is computed from is what they yield at its position (the condition only chooses between them). Empty for a
    value of any other op."""
    if _op_name(value) != "scf.if":
        return ()
    try:
        position = _ir().OpResult(value).result_number
        branches = getattr(value.owner, "operation", value.owner).regions
        yields = [region.blocks[0].operations[len(region.blocks[0].operations) - 1].operands
                  for region in branches if len(region.blocks)]
        return tuple(_unwrapped(operands)[position] for operands in yields)
    except (AttributeError, ValueError, TypeError, IndexError):
        return ()


def _up_defining_ops(start, match, depth: int, unwrap: bool = False, width: int = 16, through=None):
    """Breadth-first up the ops that define `start` (its defining op's operands, theirs, ...; at most `width` a
    level): the first answer `match` gives a value, else None. `unwrap`: take the MLIR value the DSL wraps an
    operand in (`_Tensor`, `_Pointer`); a `TensorSSA` is matched as the value it is. `through(value)`: whether to
    go on up from a value that `match` did not answer (all, when None)."""
    frontier = [start]
    for level in range(depth):
        following = []
        for value in frontier:
            if unwrap:
                value = getattr(value, "value", value)
            if value is None:
                continue
            found = match(value)
            if found is not None:
                return found
            if level + 1 < depth and (through is None or through(value)):  # (the last level's: never looked at)
                following.extend(_operands(value))
        frontier = following[:width]
    return None


def _not_loaded(value) -> bool:
    """Whether a value is not one read out of memory (`cute.memref.load`, or a load issued by hand: `_LOAD_OPS`): an
    address computed from a value read out of a table (`mQOut.iterator + sRoute[r] * row_bytes`) points into the
    tensor it offsets, not the table."""
    name = _op_name(value) or ""
    return not (name in _LOAD_OPS or name.endswith(".load") or ".load_" in name)


# id of an MLIR value's Python object -> (that object, the operands of the op that defines it), while a trace runs
# (None outside one): walks up the same ops (each run-time index up to the thread's coordinates) read them once.
# Keyed by the object, not by the value's hash: the hash is the C address, which a value made after an op was erased
# can take again, and the erased op's operands handed back for it crash the process when read (SIGSEGV)
_defining: dict | None = None
# hash of a register element read at a literal index -> the value written to that element before the read (sums
# kept in a register accumulator, `acc[m, e] = acc[m, e] + a[v] * b[v]`): set while a trace is active
_register_sums: dict | None = None


def _hand_laid_buffer(record) -> bool:
    """A view of SMEM laid out by hand over another traced buffer's storage (`make_tensor(smem.iterator, (threads,
    values) layout)`, an exchange buffer in a thread order: `meta["over"]`), whose first mode a thread index may
    select as `composition`'s (thread, value) view's is (`exchange`'s `smem_store[tidx, None]`). A buffer of its
    own (`storage.sQ.get_tensor(layout)`, an MMA's operand a thread fills row by row) is no such view."""
    return record.op == "make_tensor" and record.memspaces[:1] == ("smem",) and "over" in record.meta \
        and isinstance(record.shapes[0], tuple) and len(record.shapes[0]) == 2


def _keeps_whole(coord) -> bool:
    """Whether a slice's coordinate keeps its mode whole: `None`, or a nested mode's `(None, None)`."""
    return coord is None or isinstance(coord, tuple) and all(_keeps_whole(c) for c in coord)


def _keeps_vector(coord) -> bool:
    """Whether a slice's coordinate keeps a divide's tile as the thread's vector: whole (`_keeps_whole`), or with
    its unit modes at 0 (`x_groups[((0, 0, None), (b, t, channel_group))]` of a `(1, 1, 4)` tile: one (batch,
    token)'s 4 channels)."""
    return _keeps_whole(coord) or isinstance(coord, tuple) and any(_keeps_whole(c) for c in coord) \
        and all(_keeps_whole(c) or isinstance(c, int) and c == 0 for c in coord)


def _rows_beside_thread(rows, by_cta: bool, origin: int):
    """The rows of a hand partition whose other mode the thread index picks (`(rows, (8, (128, 6)))`): still a kernel
    input's (no tile cut them), they are a mode the partition leaves whole, its copy's rests (one copy per row);
    picked one per CTA by the block index, they count the CTAs' rows: a rest of the tile that carries them."""
    if isinstance(rows, tuple):
        return tuple(_rows_beside_thread(t, by_cta, origin) for t in rows)
    if rows.level == "input":
        return replace(rows, level="copy", role="rest", origin=origin, rule="thread_view")
    return replace(rows, role="rest", origin=origin, rule="thread_view") if by_cta else rows


def _cta_tile_by_hand(pointer, info, own: tuple) -> bool:
    """`make_tensor(gQ.iterator + bidx * 4096, (64, 64):(64, 1))`: a 2-D global tile laid by hand at an offset the
    block index computes, and no thread index, is the CTA's tile of the data, as `local_tile` cuts one: its modes the
    tile's (Block atom; `Tracer._tiles_by_hand` once every rule has read them as the input's they view), their axes
    from the copies and MMAs that read it. A row or a vector so picked (a size-1 mode, one mode) is a view of the
    input at a run-time index, and an offset a thread computes is that thread's piece."""
    shape = info.shape
    if len(own) != 2 or not isinstance(shape, tuple) or not all(isinstance(x, int) and x > 1 for x in shape) \
            or any(label.level != "input" for label in own):
        return False
    start = getattr(pointer, "value", None)
    return start is not None and _address_computed_from(start, "nvvm.read.ptx.sreg.ctaid") \
        and not _address_computed_from(start, ("nvvm.read.ptx.sreg.tid", "nvvm.read.ptx.sreg.laneid"))


def _address_computed_from(value, prefix) -> bool:
    """Whether an address's offset was computed from a value read by an op whose name starts with `prefix`, up the
    integer and pointer arithmetic that made it (not through a value loaded from memory: a table's entry)."""
    return _up_defining_ops(value, lambda v: True if (_op_name(v) or "").startswith(prefix) else None, depth=24,
                            width=64, through=_not_loaded) is not None


def _from_block_index(coord, thread_coordinates: set, depth: int = 6) -> bool:
    """Whether a run-time coordinate was computed from the block index by integer arithmetic (`n_idx = block_idx()`,
    `block_idx * 2 + ni`) and not from the thread index: a CTA's own pick."""
    if _from_thread_index(coord, thread_coordinates, depth):
        return False
    frontier = [v for v in [getattr(coord, "value", None)] if v is not None and not isinstance(v, int)]
    for _ in range(depth):
        following = []
        for v in frontier:
            name = _op_name(v)
            if name is None:
                continue
            if name.startswith("nvvm.read.ptx.sreg.ctaid"):
                return True
            if name.startswith(("arith.", "cute.tuple_")) or name in ("cute.get_scalars", "cute.make_int_tuple"):
                following.extend(_operands(v))
        frontier = following[:16]
    return False


def _from_thread_index(coord, thread_coordinates: set, depth: int = 6) -> bool:
    """Whether a run-time coordinate was computed from the thread index by integer arithmetic (`c8 = (tidx + i *
    128) % 16`, `lane_idx() & 15`), or from a coordinate the thread read from its partition of an identity tensor (`thread_coordinates`:
    `(tXcX[0][1] % head_dim) // 2`): a thread's own tile, not the CTA's. The warp number (`tidx // 32`,
    `warp_idx()`) is shared by a warp's threads: a coordinate computed from it alone picks a warp's tile, which a
    tiled copy then partitions."""
    values = [getattr(c, "value", None) for c in (coord if isinstance(coord, tuple) else (coord,))]
    frontier = [v for v in values if v is not None and not isinstance(v, int)]
    for _ in range(depth):
        following = []
        for v in frontier:
            name = _op_name(v)
            if name is None or _warp_number(v):
                continue
            if name.startswith(("nvvm.read.ptx.sreg.tid", "nvvm.read.ptx.sreg.laneid")) \
                    or _ir_hash(v) in thread_coordinates:
                return True
            if name.startswith(("arith.", "cute.tuple_")) or name in ("cute.get_scalars", "cute.make_int_tuple"):
                following.extend(_operands(v))
        frontier = following[:16]
    return False


def _index_sources(value, depth: int = 6) -> dict:
    """hash -> "div", "rem" or "": the values a run-time index was computed from by integer arithmetic (`q_start +
    m // G`, `kv_head * G + m % G`), each marked with the quotient or remainder op its path passed first."""
    found: dict = {}
    frontier = [(value, "")]
    for _ in range(depth):
        following = []
        for v, how in frontier:
            key = _ir_hash(v)
            if key is None or key in found:
                continue
            found[key] = how
            name = _op_name(v)
            if name is None:
                continue
            if not name.startswith("arith."):  # a load's result is data, not an index computed from its own
                continue
            part = "div" if "div" in name else "rem" if "rem" in name else ""
            following.extend((o, how or part) for o in _operands(v))
        frontier = following[:16]
    return found


def _field_index(coord) -> bool:
    """Whether an element's coordinate picks one of several modes by a literal (`meta[cta, 0]`, `meta[cta, 1]`: the
    fields of a per-CTA record, a work list's start and end) and another by a run-time index: a record's field, not
    an entry of a table the run-time indices walk (`block_table[b, blk]`)."""
    if not isinstance(coord, tuple) or len(coord) < 2:
        return False
    literal = [isinstance(c, int) for c in coord]
    return any(literal) and not all(literal)


def _read_from_table(value, read, depth: int = 6):
    """The hash of the element read out of a tensor (`read(hash)`) a run-time index is, or was computed from by
    integer arithmetic, following an `scf.if` result into what each branch yields (`page = n; if ok: page =
    t[i]`) and a warp shuffle into the value it moves (one lane reads the page ids, `shuffle_sync` hands each
    lane's to the others); else None."""
    frontier = [value]
    for _ in range(depth):
        following = []
        for v in frontier:
            key = _ir_hash(v)
            if key is None:
                continue
            if read(key):
                return key
            name = _op_name(v)
            if name == "scf.if":
                following.extend(_yielded(v))
            elif name is not None and name.startswith("arith."):
                following.extend(_operands(v))
            elif name == "nvvm.shfl.sync":
                following.extend(_operands(v)[1:2])  # (mask, value, lane, clamp): the value moved
        frontier = following[:16]
    return None


def _adds_another_index(value, read: int) -> bool:
    """Whether a run-time index is a sum (`page * heads + h`) of a term computed from the element `read` (its hash)
    and a run-time term that is not: two indices packed into one."""
    if _op_name(value) != "arith.addi":
        return False
    terms = _operands(value)
    from_read = [_read_from_table(t, lambda key: key == read) is not None for t in terms]
    return len(terms) == 2 and any(from_read) and not all(from_read) \
        and all(_op_name(t) != "arith.constant" for t, r in zip(terms, from_read) if not r)


def _sum_terms(value, depth: int = 4) -> list:
    """The terms of an integer sum (`a * n + b + c * n`: nested `arith.addi`s flattened), the value alone if it
    is no sum."""
    value = _past_casts(value)
    if depth == 0 or _op_name(value) != "arith.addi":
        return [value]
    return [t for o in _operands(value) for t in _sum_terms(o, depth - 1)]


def _scaled_term(value):
    """The run-time factor of a term scaled by a constant (`chunk * Hv`, Hv known when compiling); else None."""
    value = _past_casts(value)
    if _op_name(value) != "arith.muli":
        return None
    factors = _operands(value)
    constants = [f for f in factors if _constant(_past_casts(f)) is not None]
    others = [f for f in factors if _constant(_past_casts(f)) is None]
    return others[0] if len(factors) == 2 and len(constants) == 1 else None


def _yielded(value) -> list:
    """The values each branch of the `scf.if` defining `value` yields for it."""
    from cutlass._mlir import ir

    try:
        op = getattr(value.owner, "operation", value.owner)
        number = ir.OpResult(value).result_number  # an operand list hands out plain values
        found = []
        for region in op.regions:
            operations = region.blocks[0].operations
            operand = operations[len(operations) - 1].operands[number]
            found.append(getattr(operand, "value", operand))
        return found
    except (AttributeError, IndexError, TypeError, ValueError):
        return []


def _unwrapped(values) -> tuple:
    """An MLIR list of values (an op's operands or results, a block's arguments) as plain `ir.Value`s. Indexing such
    a list hands out each value in the DSL's wrapper for its type, and a tensor's wrapper emits a `get_iter` op and
    builds its element type (~0.1 ms); the list the bindings make by concatenating two lists holds the values
    unwrapped (each hashes as its wrapper's value does)."""
    return tuple(values + values[:0])


def _operands(value) -> tuple:
    """The operands of the op that defines `value`, as plain `ir.Value`s (`_unwrapped`; none for a block argument
    or an unreadable value)."""
    held = _defining.get(id(value)) if _defining is not None else None
    if held is not None and held[0] is value:
        return held[1]
    try:
        found = _unwrapped(value.owner.operands)
    except (AttributeError, ValueError, TypeError):
        found = ()
    if _defining is not None:
        _defining[id(value)] = (value, found)
    return found


def _laid_out_values(layout, traced=None) -> tuple | None:
    """What a layout a kernel builds from run-time values says (`make_layout((n_q, d, (h_k, b)), stride=(d, 1,
    (n_q * d, q_seq)))`): each flat leaf's extent as (its value, the values it is the product of: `h_k * n_q`),
    None for a number; and {leaf j: leaf i} where j's stride is computed as i's extent times i's stride (or is i's
    extent over a unit stride; a number extent as the constant factor: `head_stride * 4`): leaf j continues leaf i
    in memory, the two one run of elements (`n_q` query heads inside each KV head `h_k`; none where the strides are not a `make_stride` the trace can read: an ordered
    layout's). None where the layout was not made by `make_layout` from a shape the trace can read."""
    made = _operands(layout) if _op_name(layout) in ("cute.make_layout", "cute.make_ordered_layout") else ()
    extents = _leaf_values(made[0]) if made and _op_name(made[0]) == "cute.make_shape" else None
    if extents is None:
        return None
    keys = [(_ir_hash(v), tuple(_ir_hash(f) for f in _operands(v)) if _op_name(v) == "arith.muli" else ())
            if not isinstance(v, str) else None for v in extents]
    # an extent read back off a traced view's shape (`o.shape[0]` handed to a helper that lays out a workspace: a
    # new value at every read) is the one that view was laid out with
    named = [((traced(v) if traced is not None and not isinstance(v, str) else None) or key[0], key[1])
             if key is not None else None for v, key in zip(extents, keys)]
    strides = _leaf_values(made[1]) if len(made) > 1 and _op_name(made[1]) == "cute.make_stride" else None
    continues = {}
    for j, value in enumerate(strides if strides is not None and len(strides) == len(keys) else ()):
        if isinstance(value, str):
            continue
        factors = _operands(value) if _op_name(value) in ("arith.muli", "cute.tuple_mul") else ()
        made_of = {_ir_hash(v) for v in factors} if factors else None
        for i, extent in enumerate(keys):
            by = strides[i]
            if i == j or isinstance(by, str) and by != "1":
                continue
            if extent is None:  # a number of leaves (GQA's 4 query heads per KV head): `stride_i * 4`
                if factors and extents[i].isdigit() and not isinstance(by, str) and _ir_hash(by) in made_of \
                        and int(extents[i]) in {_static_int(v) for v in factors}:
                    continues[j] = i
                continue
            if made_of is not None and not isinstance(by, str) and made_of == {extent[0], _ir_hash(by)} \
                    or by == "1" and _ir_hash(value) == extent[0]:
                continues[j] = i
    return tuple(named), continues


def _zero_stride_leaves(layout) -> set:
    """The flat leaves of a layout made by `make_layout` whose stride is a run-time value holding the constant 0."""
    made = _operands(layout) if _op_name(layout) in ("cute.make_layout", "cute.make_ordered_layout") else ()
    strides = _leaf_values(made[1]) if len(made) > 1 and _op_name(made[1]) == "cute.make_stride" else None
    return {i for i, value in enumerate(strides or ()) if not isinstance(value, str) and _static_int(value) == 0}


def _source_stride_leaf(value, known, source) -> int | None:
    """The flat leaf of traced tensor `source` (record, output) whose run-time stride `value` is: read off its
    layout (`to_int_tuple(get_leaves(get_stride(get_layout(t)))#i)`), or that times a number (`t.stride[2] * 4`)."""
    if _op_name(value) == "cute.tuple_mul":
        factors = _operands(value)
        numbers = [f for f in factors if _static_int(f) is not None]
        rest = [f for f in factors if _static_int(f) is None]
        return _source_stride_leaf(rest[0], known, source) if len(numbers) == 1 and len(rest) == 1 else None
    if _op_name(value) != "cute.to_int_tuple" or not _operands(value):
        return None
    leaves = _operands(value)[0]
    if _op_name(leaves) != "cute.get_leaves" or not _operands(leaves):
        return None
    stride = _operands(leaves)[0]
    if _op_name(stride) != "cute.get_stride" or not _operands(stride):
        return None
    layout = _operands(stride)[0]
    if _op_name(layout) != "cute.get_layout" or not _operands(layout):
        return None
    if (known(_operands(layout)[0]) or (None,))[:2] != tuple(source):
        return None
    try:
        return _ir().OpResult(leaves).result_number
    except (AttributeError, TypeError, ValueError):
        return None


def _stride_picks(layout, pointer) -> list | None:
    """For each flat leaf of a layout made by `make_layout(shape, stride=(t.stride[1], t.stride[0], 1))` over
    `t.iterator`: (k, the number of leaves `get_leaves` gave) of the leaf of t's stride it took
    (`get_leaves(get_stride(t.layout))#k`), or None for a number; None where a run-time stride is no leaf of the
    stride of the tensor whose iterator is the pointer."""
    made = _operands(layout) if _op_name(layout) in ("cute.make_layout", "cute.make_ordered_layout") else ()
    strides = _leaf_values(made[1]) if len(made) > 1 and _op_name(made[1]) == "cute.make_stride" else None
    tensor = _operands(pointer)[0] if _op_name(pointer) == "cute.get_iter" and _operands(pointer) else None
    if not strides or tensor is None:
        return None
    picks = []
    for value in strides:
        if isinstance(value, str):
            picks.append(None)
            continue
        leaf = _operands(value)[0] if _op_name(value) == "cute.to_int_tuple" and _operands(value) else None
        chain = [leaf]
        for op in ("cute.get_leaves", "cute.get_stride", "cute.get_layout"):
            if _op_name(chain[-1]) != op or not _operands(chain[-1]):
                return None
            chain.append(_operands(chain[-1])[0])
        if _ir_hash(chain[-1]) != _ir_hash(tensor):
            return None
        results = [_ir_hash(r) for r in getattr(leaf.owner, "operation", leaf.owner).results]
        picks.append((results.index(_ir_hash(leaf)), len(results)))
    return picks if any(p is not None for p in picks) else None


def _picked_leaves(source, viewed: tuple, info, picks: list | None):
    """The labels of a view whose flat leaves are the source's leaves `picks` (`_stride_picks`), nested as the
    view's shape; a leaf of a number stride takes the one source leaf of that stride no run-time pick took. None
    where the picks do not cover the view's leaves once each."""
    shape = source.shapes[viewed[1]]
    labels = _levels.leaves(shape, viewed[2])
    strides = [leaf.rpartition(":")[2] for leaf in _leaves(leaf_tree(source.layouts[viewed[1]]))] \
        if source.layouts and leaf_tree(source.layouts[viewed[1]]) is not None else []
    own = [leaf.rpartition(":")[2] for leaf in _leaves(leaf_tree(info.layout))] \
        if leaf_tree(info.layout) is not None else []
    if picks is None or len(picks) != len(own) or len(strides) != len(labels):
        return None
    # `get_leaves` of a stride with number leaves may give its run-time leaves alone: #k is the k-th of those
    dynamic = [i for i, stride in enumerate(strides) if not stride.isdigit()]
    counts = {count for pick in picks if pick is not None for _, count in (pick,)}
    if counts == {len(strides)}:
        picks = [pick[0] if pick is not None else None for pick in picks]
    elif counts == {len(dynamic)}:
        picks = [dynamic[pick[0]] if pick is not None else None for pick in picks]
    else:
        return None
    for j, pick in enumerate(picks):
        if pick is None:
            free = [i for i, stride in enumerate(strides) if stride == own[j] and i not in picks]
            if len(free) != 1:
                return None
            picks[j] = free[0]
    if len(set(picks)) != len(picks) or not all(0 <= p < len(labels) for p in picks):
        return None
    # a view's mode that takes a whole source mode, its leaves in order, takes that mode's labels as they are (a
    # nested ((h_r, h_k), b) mode under one label stays one)
    source_modes = shape if isinstance(shape, tuple) else (shape,)
    source_tree = viewed[2] if isinstance(shape, tuple) else (viewed[2],)
    whole, start = {}, 0
    for mode, tree in zip(source_modes, source_tree):
        count = len(list(_leaves(mode))) if isinstance(mode, tuple) else 1
        whole[tuple(range(start, start + count))] = tree
        start += count
    taken = iter(labels[p] for p in picks)

    def nest(mode):
        return tuple(nest(m) for m in mode) if isinstance(mode, tuple) else next(taken)

    modes = info.shape if isinstance(info.shape, tuple) else (info.shape,)
    tree, at = [], 0
    for mode in modes:
        count = len(list(_leaves(mode))) if isinstance(mode, tuple) else 1
        same = whole.get(tuple(picks[at:at + count]))
        if same is not None:
            for _ in range(count):
                next(taken)
            tree.append(same)
        else:
            tree.append(nest(mode) if isinstance(mode, tuple) and count > 1 else next(taken))
        at += count
    return tuple(tree) if isinstance(info.shape, tuple) else tree[0]


def _same_stride_leaves(layout) -> dict:
    """{leaf j: leaf i} of a layout made by `make_layout` from run-time strides where leaf j's stride is the very
    value leaf i's is (i the first such leaf): the two step the same way in memory (a grouped GEMM's C laid out as
    `(rows, n, (1, rows + 1))` over strides `(n, 1, (0, n))`: the batch mode's second leaf walks the rows)."""
    made = _operands(layout) if _op_name(layout) in ("cute.make_layout", "cute.make_ordered_layout") else ()
    strides = _leaf_values(made[1]) if len(made) > 1 and _op_name(made[1]) == "cute.make_stride" else None
    first: dict = {}
    same = {}
    for j, value in enumerate(strides or ()):
        if isinstance(value, str):
            continue
        key = _ir_hash(value)
        if key in first:
            same[j] = first[key]
        else:
            first[key] = j
    return same


def _leaf_values(value) -> list | None:
    """The flat leaves of a `make_shape` / `make_stride` result: the run-time value of each `?` leaf (its
    operands in order), the text of each number."""
    text = str(value.type)
    start, end = text.find('"'), text.rfind('"')
    if start < 0 or end <= start:
        return None
    # (a 64-bit or divisible run-time leaf prints `?{i64 div=8}`: one leaf)
    tokens = re.findall(r"[^(),\s]+", re.sub(r"\{[^}]*\}", "", text[start + 1:end]))
    operands = list(_operands(value))
    if sum(t == "?" for t in tokens) != len(operands):
        return None
    return [operands.pop(0) if t == "?" else t for t in tokens]


_RUNTIME_INT_TYPE = re.compile(r"\{i\d+(\}| )")


def _storage_key(pointer) -> int | None:
    """The storage a pointer starts, as the value it recasts (`storage.sLSE.get_tensor(...)` twice recasts one
    field's pointer twice): tensors made over one key view the same data."""
    value = getattr(pointer, "value", None)
    try:
        while getattr(value.owner, "operation", value.owner).name == "cute.recast_iter":
            value = _operands(value)[0]
        return _ir_hash(value)
    except (AttributeError, ValueError, IndexError):
        return _ir_hash(value) if value is not None else None


def _within_columns(views: dict, info, source_layout: str | None) -> bool:
    """Whether TMEM views at these offsets (bits from one pointer: `views`' keys) of `info`'s layout all lie in the
    columns of one accumulator laid out as `source_layout`, counted from the lowest offset: chunks of it."""
    width = re.search(r"(\d+)$", str(info.dtype or ""))
    own, whole = _tmem_columns(info.layout), _tmem_columns(source_layout)
    if width is None or own is None or whole is None:
        return True  # not readable: as before, chunks
    lowest = min(views)
    return all((offset - lowest) // int(width.group(1)) + own <= whole for offset in views)


def _tmem_columns(layout) -> int | None:
    """The columns a TMEM layout's values span (a TMEM address is the lane << 16 plus the column): one past the
    largest column offset its leaves reach; None for a layout with run-time extents or strides."""
    text = str(layout or "")
    if ":" not in text:
        return None
    shape, stride = text.split(":", 1)
    extents, strides = re.findall(r"[^(),\s]+", shape), re.findall(r"[^(),\s]+", stride)
    if len(extents) != len(strides) or not all(x.isdigit() for x in extents + strides):
        return None
    return 1 + sum((int(e) - 1) * (int(d) & 0xFFFF) for e, d in zip(extents, strides))


def _tmem_address(pointer) -> tuple | None:
    """(the pointer a TMEM address is counted from, its offset in bits) where the offsets are static: walks
    `recast_iter`, `add_offset` by a constant and `get_iter` of a view back to the first other op."""
    value, bits = getattr(pointer, "value", None), 0
    try:
        for _ in range(12):
            owner = getattr(value.owner, "operation", value.owner)
            name = owner.name
            if name == "cute.add_offset":
                offset = _STATIC_OFFSET.search(str(_operands(value)[1].type))
                width = _ELEMENT_BITS.search(str(value.type))
                if offset is None or width is None:
                    return None
                bits += int(offset.group(1)) * int(width.group(1))
            elif name == _RETRIEVED_TMEM:  # the address an allocation wrote to an SMEM word, read back: each warp
                # that reads it (the MMA warp, the epilogue's) gets a new value, one address
                return _storage_key(_Wrapped(_operands(value)[0])), bits
            elif name not in ("cute.recast_iter", "cute.get_iter", "cute.make_view"):
                return _ir_hash(value), bits
            value = _operands(value)[0]
    except (AttributeError, ValueError, IndexError):
        return None
    return None


_RETRIEVED_TMEM = "cute_nvgpu.arch.sm100.retrieve_tmem_ptr"
_STATIC_OFFSET = re.compile(r'^!cute\.int_tuple<"(\d+)">$')
_ELEMENT_BITS = re.compile(r"^!cute\.ptr<[a-zA-Z]+(\d+)")


@functools.lru_cache(maxsize=4096)
def _sorted_leaves(tree) -> list:
    """A leaf tree's leaves past its size-1 ones, sorted: what a regrouping of the same modes keeps."""
    return sorted(leaf for leaf in _leaves(tree) if not leaf.startswith("1:"))


def _layout_holder(text: str | None, frame, attribute: str = "layout"):
    """The object whose layout (or other `attribute`) an argument reads (`tStS.layout` in the calling frame gives
    tStS; `self.template.layout` the object's `template` field), or None."""
    try:
        node = ast.parse(text, mode="eval").body if text else None
    except SyntaxError:
        return None
    if not isinstance(node, ast.Attribute) or node.attr != attribute:
        return None
    return _field_held(node.value, frame)


def _field_held(node, frame):
    """The object a name or a chain of fields names in `frame` (`t`, `self.template`), read from instances' own
    fields only (no property is run), or None."""
    if isinstance(node, ast.Name):
        return frame.f_locals.get(node.id)
    if isinstance(node, ast.Attribute):
        owner = _field_held(node.value, frame)
        fields = getattr(owner, "__dict__", None) if owner is not None else None
        return fields.get(node.attr) if isinstance(fields, dict) else None
    return None


class _Waiting:
    """A record waiting for its callers' statements to bind it: the callers not yet asked (outermost first),
    where its chain starts when none binds it, and the chain position of the outermost one that did."""

    __slots__ = ("index", "levels", "start", "bound")

    def __init__(self, index: int, levels: list, start: int):
        self.index, self.levels, self.start, self.bound = index, levels, start, None


def _level(site, frame, called, inner, given=None, *, position: int) -> tuple:
    """One caller a record waits on: (site, frame, the function it called, that function's frame, the names
    a comprehension's element is bound to or None, its position in the record's chain, the instruction the
    frame was at)."""
    return site, frame, called, inner, given, position, frame.f_lasti


def _level_key(level: tuple) -> tuple:
    """Records waiting on one statement's run share its verdict: its frame, line, the frame it called and the
    call instruction."""
    return id(level[1]), level[0].line, id(level[3]), level[6]


class _Stack:
    """The running frames from one up, walked only as far as a question needs, once per `_resolve`."""

    def __init__(self, frame):
        self._next, self._child = frame, None
        self._below: dict = {}  # id(frame) -> the frame it is calling now (None: the frame asking)

    def _walk_to(self, frame) -> bool:
        while id(frame) not in self._below and self._next is not None:
            self._below[id(self._next)] = self._child
            self._child, self._next = self._next, self._next.f_back
        return id(frame) in self._below

    def busy(self, level: tuple) -> bool:
        """Whether the caller's statement is still running: the helper it called is on the stack (past
        CuTeDSL's frames of a `@cute.jit` helper), or the caller itself asks from that statement (``a, b =
        helper(x), cute.local_tile(...)``). A frame that has left the statement or returned has bound its names."""
        site, frame, _called, inner = level[:4]
        if not self._walk_to(frame):
            return False
        if inner is not None and id(inner) in self._below:
            return True
        # on the statement still: asking from it, or at a later call in it (`gX, gY = tile(mX), tile(mY)`); at the
        # same call again, calling another frame, is the statement's next run (an unrolled loop)
        return statement_at(site.file, frame.f_lineno) is statement_at(site.file, site.line) and \
            (self._below[id(frame)] is None or frame.f_lasti != level[6])


def _one_per_statement(levels: list) -> list:
    """Caller levels with one statement seen from two frames kept once, at the innermost (whose line and column
    are the call's). Where that inner frame runs a function the statement itself defines (the DSL runs a
    conditional expression, `x = helper(...) if c else None`, in a generated function of its own) nothing is bound
    in it: the statement's own frame, the outer one, binds the result."""
    kept = []
    for i, level in enumerate(levels):
        outer = next((other for other in reversed(kept) if _same_statement(level[0], other[0])), None)
        if outer is not None:
            kept.remove(outer)
            if outer[1] is not level[1] and level[4] is None and _defined_in_statement(level[1], level[0]):
                level = (level[0], outer[1], level[2], level[3], None, level[5], outer[6])
        kept.append(level)
    return kept


def _defined_in_statement(frame, site: CallSite) -> bool:
    """Whether the function a frame runs is one the statement at `site` calls by no name (a function the DSL
    generated for one of its expressions), not a function of the code's that the statement calls."""
    stmt = statement_at(site.file, site.line)
    if stmt is None:
        return False
    name = frame.f_code.co_name
    return not any(isinstance(node, ast.Call) and name in (getattr(node.func, "id", None),
                                                           getattr(node.func, "attr", None))
                   for node in ast.walk(stmt))


def _same_statement(site: CallSite, other: CallSite) -> bool:
    stmt = statement_at(site.file, site.line)
    return stmt is not None and site.file == other.file and stmt is statement_at(other.file, other.line)


def _trimmed(chain: tuple, start: int) -> tuple:
    """The chain from `start` (the line the record is shown at) down to the CuTe call; none when that is the
    call itself."""
    chain = chain[start:]
    return chain if len(chain) > 1 else ()


def _held(name: str, value, tensor) -> list:
    """(how the kernel's code reaches it, tensor) for a name's value: the tensor itself, or the tensors one
    level inside a tuple, list, dict, namedtuple, dataclass or SimpleNamespace a helper returned."""
    if isinstance(value, tensor):
        return [(name, value)]
    fields = getattr(type(value), "_fields", None)
    if isinstance(value, tuple) and fields:
        items = [(f"{name}.{f}", v) for f, v in zip(fields, value)]
    elif isinstance(value, (tuple, list)):
        items = [(f"{name}[{i}]", v) for i, v in enumerate(value)]
    elif isinstance(value, dict):
        items = [(f"{name}[{k!r}]", v) for k, v in value.items()]
    elif isinstance(value, types.SimpleNamespace):
        items = [(f"{name}.{k}", v) for k, v in vars(value).items()]
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        items = [(f"{name}.{f.name}", getattr(value, f.name, None)) for f in dataclasses.fields(value)]
    else:
        return []
    return [(shown, v) for shown, v in items if isinstance(v, tensor)]


def _past_comprehension(level: tuple) -> tuple:
    """A caller level whose frame is a comprehension's (``mQ, mdO = [select(t, ...) for t in (mQ, mdO)]``) as
    the frame running the comprehension's statement, which binds the result once the comprehension has
    finished: (site, that frame, None, the comprehension's frame, the names of the element it is on now)."""
    site, frame, called, _inner = level
    if frame.f_code.co_name not in _COMPREHENSIONS or frame.f_back is None:
        return level
    return site, frame.f_back, None, frame, assigned_names(site, called, frame)


def _shape_read(text: str | None):
    """(tensor name, slice of its modes or None, indices) of an argument that reads a tensor's shape:
    ``t.shape``, ``t.layout.shape``, ``t.layout``, ``t.shape[:3]``, ``t[None, 0].shape[0]``, ``cute.shape(t)``,
    ``cute.slice_(t.shape, (None, 0))`` (as ``t[None, 0].shape``); None for anything else."""
    try:
        node = ast.parse(text, mode="eval").body if text else None
    except SyntaxError:
        return None
    if isinstance(node, ast.Call) and len(node.args) == 2 and not node.keywords \
            and getattr(node.func, "attr", getattr(node.func, "id", None)) == "slice_":
        inner, coord = _shape_read(ast.unparse(node.args[0])), _literal_index(node.args[1])
        if inner is None or inner[1] is not None or inner[2] or coord is _NOT_LITERAL or isinstance(coord, slice):
            return None
        return inner[0], coord, ()
    indices = []
    while isinstance(node, ast.Subscript):
        index = _literal_index(node.slice)
        if index is _NOT_LITERAL:
            return None
        indices.append(index)
        node = node.value
    if isinstance(node, ast.Attribute) and node.attr in ("shape", "layout"):  # `t.layout` lays out t's modes too
        node = node.value
        if isinstance(node, ast.Attribute) and node.attr == "layout":  # `t.layout.shape` is `t.shape`
            node = node.value
    elif isinstance(node, ast.Call) and len(node.args) == 1 and not node.keywords \
            and getattr(node.func, "attr", getattr(node.func, "id", None)) == "shape":
        node = node.args[0]
    else:
        return None
    coord = None
    if isinstance(node, ast.Subscript):  # a slice of the tensor: `t[None, 0, None].shape`
        coord = _literal_index(node.slice)
        if coord is _NOT_LITERAL or isinstance(coord, slice):
            return None
        node = node.value
    return (node.id, coord, tuple(reversed(indices))) if isinstance(node, ast.Name) else None


_NOT_LITERAL = object()


# the dimensions a tile's size names that no tiler position says: a head's dim and an SSM state's dim (`tile_D`, `dstate`)
_TILE_DIMS = frozenset(("headdim", "statedim"))


@functools.lru_cache(maxsize=8192)
def _product_factors(node) -> list:
    """The names an extent expression multiplies (`num_tokens * topk` -> ["num_tokens", "topk"], `self.hidden` ->
    ["hidden"]); a factor of any other form (a literal, a call) is None."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult):
        return _product_factors(node.left) + _product_factors(node.right)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.FloorDiv):  # `self.K // 64` chunks: still along K
        return _product_factors(node.left)
    if isinstance(node, ast.IfExp) and isinstance(node.orelse, ast.Constant) != isinstance(node.body, ast.Constant):
        # `self.heads if fused else 1`: the extent the mode has where it is not collapsed to a literal
        return _product_factors(node.orelse if isinstance(node.body, ast.Constant) else node.body)
    return [node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else None]


@functools.lru_cache(maxsize=8192)
def _extents_named(node: ast.Assign) -> tuple:
    """(tensor name, top mode, the name its extent is bound to, how many names unpack the whole shape or None) of
    each extent an assignment names: `tokens, hidden = x.shape`, `M, N = x.shape[0], x.shape[1]`,
    `n_cols = cute.size(x, mode=[1])`. Once per node of a file's parsed tree (`source_of` keeps one tree per
    version of a file): every trace of a kernel reads every assignment of the functions that made its records."""
    target, value = node.targets[0], node.value
    if isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple) and len(target.elts) == len(value.elts):
        pairs = zip(target.elts, value.elts)
    else:
        pairs = ((target, value),)
    found = []
    for name, read in pairs:
        read = _extent_read(read)
        if read is None:
            continue
        tensor, indices = read
        if isinstance(name, ast.Name) and len(indices) == 1:
            found.append((tensor, indices[0], name.id, None))
        elif isinstance(name, ast.Tuple) and not indices:
            found.extend((tensor, mode, each.id, len(name.elts)) for mode, each in enumerate(name.elts)
                         if isinstance(each, ast.Name))
    return tuple(found)


# calls that only convert an extent's type (`K = Int32(mInput.shape[1])`)
_EXTENT_CASTS = frozenset(("Int32", "Int64", "Uint32", "Uint64", "int"))


def _extent_read(node):
    """(tensor name, indices) of an expression that reads a tensor's shape or one mode's extent (`x.shape`,
    `x.shape[1]`, `cute.size(x, mode=[1])`, converted `Int32(x.shape[1])`, or one branch of a conditional
    expression: `cols if gathered else x.shape[1]`), None for anything else."""
    if isinstance(node, ast.IfExp):
        return _extent_read(node.body) or _extent_read(node.orelse)
    if isinstance(node, ast.Call) and len(node.args) == 1 and not node.keywords \
            and getattr(node.func, "id", getattr(node.func, "attr", None)) in _EXTENT_CASTS:
        return _extent_read(node.args[0])
    if isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", None)) == "size" \
            and len(node.args) == 1 and isinstance(node.args[0], ast.Name):
        mode = next((k.value for k in node.keywords if k.arg == "mode"), None)
        if isinstance(mode, ast.List) and len(mode.elts) == 1 and isinstance(mode.elts[0], ast.Constant) \
                and type(mode.elts[0].value) is int:
            return node.args[0].id, (mode.elts[0].value,)
        return None
    if not isinstance(node, (ast.Attribute, ast.Subscript)) \
            or not any(getattr(n, "attr", getattr(n, "id", None)) == "shape" for n in ast.walk(node)):
        return None  # (nothing named `shape`: most assignments; unparsed and parsed again otherwise)
    read = _shape_read(ast.unparse(node))
    if read is None or read[1] is not None or any(type(i) is not int for i in read[2]):
        return None
    return read[0], read[2]


def _mode_bound(records: list, tensor: str, mode: int, count: int | None, line: int):
    """The label of top mode `mode` of the traced tensor the name `tensor` holds at `line` of a function (the last
    record bound to it there, else the first after: a kernel parameter is traced where first used); None where it
    is no plain mode, or where `count` names unpack a shape of another rank."""
    bound = [(record, out) for record in records for out, name in enumerate(record.names)
             if name == tensor and out < len(record.levels)]
    if not bound:
        return None
    before = [found for found in bound if found[0].line <= line]
    record, out = before[-1] if before else bound[0]
    labels = record.levels[out]
    if not isinstance(labels, tuple) or mode >= len(labels) or count is not None and count != len(labels):
        return None
    return labels[mode] if isinstance(labels[mode], _levels.ModeLabel) else None




def _literal_index(node):
    """An index written with literals only (``0``, ``:3``, ``None, 0``), as Python would take it."""
    try:
        if isinstance(node, ast.Slice):
            parts = [ast.literal_eval(p) if p is not None else None for p in (node.lower, node.upper, node.step)]
            return slice(*parts) if all(p is None or isinstance(p, int) for p in parts) else _NOT_LITERAL
        value = ast.literal_eval(node)
    except (ValueError, SyntaxError, TypeError):
        return _NOT_LITERAL
    ok = value is None or isinstance(value, int) or (
        isinstance(value, tuple) and all(v is None or isinstance(v, int) for v in value))
    return value if ok else _NOT_LITERAL


def _in_helper(site: CallSite, kernel: str) -> bool:
    """A call in a function of the kernel's own file that is not the kernel (a method the kernel calls, a
    lambda); a dynamic loop's generated body is the kernel's own code: its name is no ``def`` of the file."""
    return site.function != kernel and (site.function == "<lambda>"
                                        or defining_function(site.file, site.line) == site.function)


# views over the same storage whose modes are their source's, mode for mode
_STORAGE_VIEWS = ("filter_zeros", "domain_offset")
# how many defining ops up from a view an untraced call made to the buffer it views: a `make_view` over a slice's
# iterator (`append_ones(sA[None, None, k, stage])`) is four (make_view, get_iter, slice, the buffer)
_VIEW_OPS_WALKED = 5


def _atom_leaves(layout) -> list:
    """The (extent, stride) leaves of a layout's first mode (an atom), (None, None) where either is not static."""
    tree = leaf_tree(str(layout)) if layout is not None else None
    if not isinstance(tree, tuple):
        return []
    return [_flow._extent_stride(leaf) for leaf in _leaves(tree[0])]


def _broadcast_filled(src: list, dst: list) -> list:
    """The (extent, stride) leaves of a copy's destination atom that the source atom fills only from stride-0
    leaves: those covering the same span of the values' index, in order (both atoms copy the same values)."""
    starts, at = {}, 1
    for extent, stride in src:
        if extent is None:
            return []
        if extent > 1:  # a size-1 leaf spans nothing
            starts[at] = (extent, stride)
            at *= extent
    filled, at = [], 1
    for extent, stride in dst:
        if extent is None:
            return []
        span, covered, broadcast = at, at, True
        while covered < span * extent and covered in starts:
            broadcast = broadcast and starts[covered][1] == 0
            covered *= starts[covered][0]
        if extent > 1 and broadcast and covered == span * extent:
            filled.append((extent, stride))
        at *= extent
    return filled


_MMA_OPS = ("partition_A", "partition_B", "partition_C", "make_fragment_A", "make_fragment_B", "make_fragment_C")


def _partitioner_of(records: list, index: int, depth: int = 6):
    """The TiledMma (object number) whose partition or fragment an operand is, through the views and the tensors
    laid out like one (`make_tensor(tmem + offset, tStS.layout)`) it was made from; None where none is."""
    seen, frontier = set(), [index]
    for _ in range(depth):
        found = {records[i].made_by.get("object") for i in frontier
                 if records[i].op in _MMA_OPS and records[i].made_by} - {None}
        if found:
            return found.pop() if len(found) == 1 else None
        seen.update(frontier)
        frontier = [j for i in frontier for j in (*records[i].inputs, *records[i].meta.get("values_from", ()))
                    if j not in seen]
    return None

# views whose modes are their source's, mode for mode, when the rank is kept
_SAME_MODES = ("domain_offset", "filter_zeros", "make_fragment_like", "make_rmem_tensor_like", "recast_tensor",
               "composition", "coalesce", "get_s2t_smem_desc_tensor")


def _map_leaves(tree, pool: list, axis_class=None):
    """The label tree of `tree`: each leaf takes the label of an equal leaf from `pool` (used once); a size-1
    leaf with no equal takes its sibling's label. A size-1 leaf nested in a mode takes, of the pool's equal
    size-1 leaves, one on the axis its siblings run along (the regrouped mode's own size-1 rest, not another
    mode's), as `axis_class` tells."""
    return _mapped(tree, pool, axis_class) if isinstance(tree, tuple) else (_mapped(tree, pool, axis_class),)


# `_map_leaves`'s walk, as module functions: a recursive closure is a reference cycle, and this one held the
# tracer (through `axis_class`), so every trace stayed garbage until the collector ran
def _mapped(node, pool: list, axis_class, siblings=()):
    if not isinstance(node, tuple):
        return _pooled(node, pool, axis_class, siblings) or _levels.UNKNOWN
    ones = [isinstance(n, str) and n.startswith("1:") for n in node]
    labels = [None if one else _mapped(n, pool, axis_class) for n, one in zip(node, ones)]
    classes = {axis_class(x) for x in labels if isinstance(x, _levels.ModeLabel)} - {None} \
        if axis_class is not None else set()
    labels = [_mapped(n, pool, axis_class, classes) if one else x for n, one, x in zip(node, ones, labels)]
    known = next((x for x in labels if x is not _levels.UNKNOWN), None)
    return tuple(known if x is _levels.UNKNOWN and known is not None else x for x in labels)


def _pooled(leaf, pool: list, axis_class, siblings=()):
    """The label of the first leaf of `pool` equal to `leaf`, taken out of the pool (of those on an axis class
    in `siblings`, when there are)."""
    equal = [i for i, (candidate, _) in enumerate(pool) if candidate == leaf]
    if not equal:
        return None
    if siblings and axis_class is not None:
        equal = [i for i in equal if axis_class(pool[i][1]) in siblings] or equal
    return pool.pop(equal[0])[1]


def _appended_stages(layout: str | None, source_layout: str | None, source_labels, origin: int,
                     zero_leaves: set = frozenset()):
    """Labels of a view that is its source's layout with modes appended (`make_tensor(t.iterator + offset,
    cute.append(t.layout, stages))`): the source's modes keep their labels; each appended mode repeats the whole
    source at another address, a pipeline stage. An appended mode of stride 0 (`make_layout((m, k, 1), stride=(sm,
    sk, 0))`: a GEMM operand given a batch of one) repeats nothing: a mode of the view's own, no stage. `zero_leaves`: the flat leaves whose
    stride is a run-time value the layout was made with that is the constant 0 (`Int32(0)`)."""
    new, old = top_modes(layout), top_modes(source_layout)
    if not new or not old or not isinstance(source_labels, tuple) or len(old) != len(source_labels) \
            or len(new) <= len(old) or new[:len(old)] != old:
        return None
    first = len(list(_leaves(leaf_tree(source_layout) or ())))  # the appended modes' first flat leaf
    if any(mode.rpartition(":")[2] == "0" for mode in new[len(old):]) or any(i >= first for i in zero_leaves):
        return source_labels + tuple(_levels.made("input", "mode", origin, "make_tensor")
                                     for _ in range(len(new) - len(old)))
    return source_labels + tuple(_levels.made("stage", "stage", origin, "make_tensor")
                                 for _ in range(len(new) - len(old)))


def _loads_tmem(thr_copy) -> bool:
    """Whether a thread copy reads TMEM into registers (a tcgen05 `Ld32x32bOp`, `Ld16x256bOp`...): the
    accumulator's way out."""
    op = getattr(thr_copy, "op", None)
    return type(op).__name__.startswith("Ld") and "tcgen05" in type(op).__module__


def _moves_tmem(thr_copy) -> bool:
    """Whether a thread copy moves registers out of or into TMEM (a tcgen05 `Ld32x32bOp`, `Ld16x256bOp`...,
    `St32x32bOp`...): the accumulator's way out, or an epilogue's values (P over S, a softmax's row statistics for
    the correction warps) written back, so its partitions are the store's, the first one too when it partitions
    no TMEM (an identity tensor's coordinates, partitioned before the TMEM side). A `tcgen05.st` that writes an
    operand loaded from memory is made the operand's copy when the trace ends (`flow._operand_copies`)."""
    op = getattr(thr_copy, "op", None)
    return type(op).__name__.startswith(("Ld", "St")) and "tcgen05" in type(op).__module__

def _copies_into_tmem(thr_copy) -> bool:
    """Whether a thread copy is an S2T copy (tcgen05 `Cp4x32x128bOp`, `Cp128x256bOp`...): SMEM to TMEM, a
    block-scaled MMA's scale factors on their way to the MMA."""
    op = getattr(thr_copy, "op", None)
    return type(op).__name__.startswith("Cp") and "tcgen05" in type(op).__module__


def _stepped_leaves(info, source_layout: str | None, source_labels, partitioned, origin: int):
    """An S2T copy's partition of scale factors laid out for the MMA (`((((32,4),1),(1,1)),1,4,stages)`): each of
    its leaves steps through one leaf of the source, the one whose stride range holds its stride, and runs along
    that leaf's axis (the atom's 32 lanes the rows, its bytes of a word the K-blocks the source's MMA_K held); a
    leaf of extent 1 or stride 0, or one running across source leaves (16 values of 4 K-blocks and 4 rows), along
    none, though it stays the mode the partition carried there (`partitioned`:
    a copy joins it to the other side's, an MMA slot names it there). The first mode is the copy's atom, the
    others its rests; the source's stages stay stages. Returns the labels and, per leaf, the position of the
    source leaf it steps (None for none), which `_stepped_axes` reads once the axes are settled; None where a
    layout is not read."""
    new, old = leaf_tree(info.layout), leaf_tree(source_layout)
    if new is None or old is None or not isinstance(source_labels, tuple) or len(old) != len(source_labels) \
            or not isinstance(info.shape, tuple) or len(partitioned) != len(info.shape):
        return None
    pool = []  # (lowest stride, past the highest, label, position) of the source's leaves wider than 1
    leaves = [pair for mode, label in zip(old, source_labels) for pair in zip(_leaves(mode), _leaf_labels_of(mode, label))]
    for position, (leaf, leaf_label) in enumerate(leaves):
        extent, stride = _leaf_numbers(leaf)
        if extent is None or stride is None:
            return None
        if extent > 1 and stride > 0 and isinstance(leaf_label, _levels.ModeLabel):
            pool.append((stride, stride * extent, leaf_label, position))
    carried = iter(_levels.leaves(info.shape, partitioned))
    steps = []

    def label_of(leaf, role):
        extent, stride = _leaf_numbers(leaf)
        there = next(carried)
        hit = next((p for p in pool if p[0] <= stride < p[1] and stride % p[0] == 0 and stride * extent <= p[1]),
                   None) if extent is not None and extent > 1 and stride else None  # (one across leaves: none)
        steps.append(hit[3] if hit is not None else None)
        if hit is not None and hit[2].level == "stage":
            return hit[2]
        if hit is None:
            mine = there if isinstance(there, _levels.ModeLabel) and there.var is not None \
                else _levels.made("copy", role, origin, "s2t_partition")
            return replace(mine, level="copy", role=role, origin=origin, rule=f"s2t_partition.{role}", mma=None)
        if hit[2].leaf_axes:  # a leaf of an atom whose leaves run along axes of their own: that leaf's, apart
            return replace(_levels.made("copy", role, origin, "s2t_partition"), leaf_axes=hit[2].leaf_axes)
        return _levels.made("copy", role, origin, "s2t_partition", source=hit[2])

    def tree(mode, role):
        return tuple(tree(m, role) for m in mode) if isinstance(mode, tuple) else label_of(mode, role)

    return tuple(tree(mode, "atom" if i == 0 else "rest") for i, mode in enumerate(new)), steps


def _stores_to_global(atom) -> bool:
    """Whether a TMA atom writes global memory (`CopyBulkTensorTileS2GOp`, the reducing `CopyReduceBulkTensor
    TileS2GOp`): its partitions are the store's boxes, whatever the kernel computes before it (no MMA at all)."""
    return type(getattr(atom, "op", None)).__name__.endswith("S2GOp")


def _strided_view(layout: str | None, source_layout: str | None, source_labels, origin: int, axis_class=None,
                  mixed: bool = False, expansions: list | None = None):
    """Labels of a layout over the same data as a traced tensor: each leaf (extent:stride) takes the label of the
    source leaf whose stride range holds its stride (a transposed view swaps labels, a split mode keeps its
    label on both parts); leaves of extent 1 take the source's extent-1 leaves' labels in order when there are as
    many, else their position's label. With `mixed`, a leaf across source leaves of several axes (a copy atom's
    values over an MMA atom's rows and columns) is a mode of its own, of the first one's level and role and no
    axis, and so is a size-1 leaf the source has none of, instead of no view at all."""
    new, old = leaf_tree(layout), leaf_tree(source_layout)
    if new is None or old is None or not isinstance(source_labels, tuple):
        return None
    old = old if isinstance(old, tuple) else (old,)
    if len(old) != len(source_labels):
        return None
    new = new if isinstance(new, tuple) else (new,)
    # a view of another rank (registers laid out in a copy partition's shape) has no mode for mode of the source:
    # a size-1 mode of its own is no size-1 mode of the source's, each is the mode of its own tensor's place
    # (only where the source's size-1 modes are rests: a buffer's size-1 stage stays its stage in any view)
    lone = _lone_ones(new) if len(new) != len(old) and _lone_ones(old) and all(
        getattr(source_labels[i], "role", None) == "rest" for i in _lone_ones(old)) else set()
    pool, ones, broadcasts, by_text = [], [], [], {}
    for position, (mode, label) in enumerate(zip(old, source_labels)):
        for leaf, leaf_label in zip(_leaves(mode), _leaf_labels_of(mode, label)):
            by_text.setdefault(_stride_text(leaf), []).append((leaf.partition(":")[0], leaf_label))
            extent, stride = _leaf_numbers(leaf)
            if extent is not None and extent > 1 and stride:
                pool.append((stride, stride * extent, leaf_label))
            elif extent == 1 and not (lone and position in _lone_ones(old)):
                ones.append(leaf_label)
            elif extent is not None and stride == 0 and leaf_label is not None:
                broadcasts.append(leaf_label)
    # size-1 modes of several size-1 leaves each (a scale view's `(1, 1)` batch over the host's one batch leaf):
    # each such mode is one of the source's size-1 leaves, all its leaves that label
    one_modes = [i for i, mode in enumerate(new) if all(_leaf_numbers(leaf)[0] == 1 for leaf in _leaves(mode))]
    whole_ones = dict(zip(one_modes, ones)) if len(one_modes) == len(ones) and not any(
        _leaf_numbers(leaf)[0] == 1 for i, mode in enumerate(new) if i not in one_modes for leaf in _leaves(mode)) \
        else {}
    if sum(1 for i, mode in enumerate(new) if i not in lone for leaf in _leaves(mode)
           if _leaf_numbers(leaf)[0] == 1) != len(ones):
        ones = None
    # a view that broadcasts a source with no broadcast mode (a per-token vector expanded to a (rows, columns)
    # tile: an outer product) lays the source's values along a tile of its own: each of its modes is its own,
    # along the axis the tile's uses give it (the vector is read along rows in one view, along columns in another)
    # (the source's own first mode: its trailing modes, stages, stay the source's)
    expands = not broadcasts and any((n := _leaf_numbers(leaf))[0] is not None and n[0] > 1 and n[1] == 0
                                     for leaf in _leaves(new))
    # `expansions` collects (the view's variable, the source's) for `flow.settle` to join unless the vector is
    # laid along two axes; without it the view keeps the source's modes
    expanded = {id(x) for x in _leaf_labels_of(old[0], source_labels[0])} if expands and expansions is not None \
        else set()

    def label_of(leaf, position_label, siblings):
        extent, stride = _leaf_numbers(leaf)
        if extent == 1:
            if reordered and (not ones or not siblings and getattr(ones[0], "level", None) != "stage"):
                # a view that reorders the source's leaves (S^T's tile laid over P's (rows, keys) buffer) puts its
                # size-1 modes where the source's stood for other axes: each is a mode of its own, of its place's
                # level (the data flow names its axis); a size-1 leaf beside others follows their axis, a stage
                # stays the stage
                like = position_label if isinstance(position_label, _levels.ModeLabel) \
                    else next((x for x in ones or () if x.level != "stage"), None) or rest
                return _own(like) if like is not None else position_label
            if not ones:
                if position_label is None and stride:
                    # a size-1 leaf at a stride inside one source leaf's range (a thread's one chunk of a row laid
                    # `(vec, threads, 1, segments):(1, vec, 1024, 1024)`), or where the leaf before it ends (`(4,
                    # 512, 4, 1):(1, 4, 2048, 8192)`: one segment of 8192 columns): the index it would walk is
                    # that leaf's
                    within = [label for low, high, label in pool if low <= stride < high and stride % low == 0]
                    if leaf in continues:
                        within = [x for x in [label_of_leaf(continues[leaf])] if x is not None]
                    if len(within) == 1:
                        return replace(within[0], rule="like") if within[0].origin != origin else within[0]
                return _own(position_label) if mixed and isinstance(position_label, _levels.ModeLabel) \
                    else position_label
            # the size-1 rest of the axis its mode's other leaves run along (a transposed view reorders them)
            match = next((x for x in ones if x.axis and x.axis in siblings), ones[0])
            ones.remove(match)
            return match
        if extent is not None and stride == 0:  # a broadcast mode (LSE expanded over the tile's keys): the
            if broadcasts:  # source's broadcast mode (a transposed view moves it), else a mode of its own, along
                return broadcasts.pop(0)  # the axis of whatever it is laid against
            like = pool[0][2] if pool else None
            if like is None:
                return _levels.UNKNOWN
            return replace(like, var=_axes.fresh(), origin=origin, rule="like", axis=None, axis_rule=None,
                           leaf_axes=None)
        if extent is not None and stride:
            for low, high, label in pool:
                if low <= stride < high and stride % low == 0:
                    if id(label) in packed:  # a field of a packed record: a mode of its own
                        return _own(label)
                    if stride * extent > high and not _one_axis(pool, label, stride, stride * extent, axis_class):
                        return _own(label) if mixed else None
                    if id(label) in expanded:  # the source's mode (its level is the source's), a variable apart
                        mine = replace(label, var=_axes.fresh(), rule="like", axis=None, axis_rule=None, leaf_axes=None)
                        expansions.append((mine.var, label.var))
                        return mine
                    return replace(label, rule="like") if label.origin != origin else label
        # a run-time extent or stride (`make_layout(shape, stride=t.stride)`): the one source leaf of that stride
        found = _one_of_stride(by_text.get(_stride_text(leaf), []), leaf.partition(":")[0])
        if found is None:
            return None
        return replace(found, rule="like") if found.origin != origin else found

    def _own(label):
        return replace(label, var=_axes.fresh(), origin=origin, rule="like", axis=None, axis_rule=None, leaf_axes=None)

    packed = _packed_records(pool, new)
    # whether the view takes the source's strided leaves out of their order (a transposing view)
    placed = [next((n for n, (low, high, _) in enumerate(pool) if low <= stride < high and stride % low == 0), None)
              for extent, stride in (_leaf_numbers(leaf) for leaf in _leaves(new)) if extent and extent > 1 and stride]
    placed = [n for n in placed if n is not None]
    reordered = placed != sorted(placed)
    # a rest of the source's, the level a reordered view's size-1 mode takes where no mode stands at its place
    rest = next((x for x in _levels.flatten(source_labels) if isinstance(x, _levels.ModeLabel) and x.role == "rest"),
                None)

    def label_of_leaf(leaf):
        extent, stride = _leaf_numbers(leaf)
        if not extent or extent == 1 or not stride:
            return None
        return next((label for low, high, label in pool if low <= stride < high and stride % low == 0), None)

    # size-1 modes appended past the source's (`append_ones(local_tile(mLogprobs, (128,), (m,)))` to align a row
    # vector with a (128, 1) copy tiler): modes of their own, of the level and role of the source's last mode, along
    # the axis the tensors they are laid against give them
    last = next(iter(reversed([x for x in _levels.flatten(source_labels) if isinstance(x, _levels.ModeLabel)])), None)
    # (appended: past every mode that holds data; a size-1 mode between two that step the source, `(vec, threads, 1,
    # segments)`, is a count of that axis laid out by hand, read by its stride in `label_of`)
    wide = [i for i, mode in enumerate(new) if i not in _lone_ones(new)]
    flat = list(_leaves(new))
    continues = {}  # a size-1 leaf's text -> the leaf before it, where it starts at that leaf's end
    for before, leaf in zip(flat, flat[1:]):
        (extent, stride), (one, at) = _leaf_numbers(before), _leaf_numbers(leaf)
        if one == 1 and extent is not None and extent > 1 and stride and at == extent * stride:
            continues[leaf] = before
    appended = {i for i in _lone_ones(new) if i >= len(old) and i > max(wide, default=-1) and new[i] not in continues} \
        if len(new) > len(old) and not ones and last is not None and last.level not in ("?", "stage") else set()
    out = []
    for i, mode in enumerate(new):
        at = source_labels[i] if i < len(source_labels) and len(new) == len(source_labels) else None
        at = at if isinstance(at, _levels.ModeLabel) else None
        siblings = {_leaf_letter(label) for leaf in _leaves(mode) if _leaf_numbers(leaf)[0] != 1
                    for label in [label_of_leaf(leaf)] if label is not None}
        if i in lone:  # the copy it is read or written by names its axis
            out.append(_own(rest) if rest is not None else _levels.UNKNOWN)
            continue
        if i in appended:
            out.append(_own(last))
            continue
        leaves = [whole_ones[i] for _ in _leaves(mode)] if i in whole_ones and ones is None \
            else [label_of(leaf, at, siblings) for leaf in _leaves(mode)]
        if any(x is None and _leaf_numbers(leaf)[0] != 1 for x, leaf in zip(leaves, _leaves(mode))):
            return None
        known = next((x for x in leaves if x is not None), None)
        if known is None and "@" in layout:  # a coordinate view's mode no leaf maps: leave it to the layout's
            return None  # likeness (a column (128,1) of S's coordinates is its first column, along K)
        known = known if known is not None else _levels.UNKNOWN
        leaves = [known if x is None else x for x in leaves]
        if lone and i > 0:
            leaves = _repeats_of_atom(leaves)
        out.append(_shaped(mode, iter(_one_broadcast_mode(mode, leaves, origin))))
    return tuple(out)


def _repeats_of_atom(leaves: list) -> list:
    """Registers viewed in a copy partition's shape (atom, rest, rest): a mode past the first laid over the
    registers' copy atom repeats the copy's atom (the 4 column groups of 8 of a thread's 32 loaded columns): a
    rest, along the atom's axis. An MMA fragment's atom stays the instruction's values in any view."""
    return [replace(x, role="rest", rule="like") if isinstance(x, _levels.ModeLabel) and x.role == "atom"
            and x.level != "mma" else x for x in leaves]


def _lone_ones(modes: tuple) -> set:
    """The positions of the modes that are one leaf of extent 1."""
    return {i for i, mode in enumerate(modes) if not isinstance(mode, tuple) and _leaf_numbers(mode)[0] == 1}


def _one_of_stride(same: list, extent: str):
    """The label of the one source leaf (extent text, label) of a run-time stride's text; where several share the
    text (a host input's token and head strides, both `?{i64 div=8}`, permuted by a `select`), the one of the same
    extent, when only one is."""
    if len(same) > 1:
        same = [x for x in same if x[0] == extent]
    return same[0][1] if len(same) == 1 else None


def _stride_text(leaf: str) -> str:
    """A leaf's stride as text, a run-time stride without its integer type: the host's `make_ordered_layout` of
    (rows, scales, blocks) computes `?{i64 div=512}` where the kernel's layout of the same tensor computes
    `?{div=512}`; the same stride in either width."""
    return _RUNTIME_INT_TYPE.sub(lambda m: "" if m.group(1) == "}" else "{", leaf.partition(":")[2])


def _one_broadcast_mode(mode, leaves: list, origin: int) -> list:
    """A mode whose every leaf broadcasts (`((64,2),128):((0,0),1)`: a per-token vector expanded over a tile's
    nested (64,2) mode) is laid against one mode of that tile: its leaves made here are one axis variable, so
    whatever the tile's uses say of one leaf they say of all."""
    numbers = [_leaf_numbers(leaf) for leaf in _leaves(mode)]
    if len(numbers) < 2 or not all(n[0] is not None and (n[0] == 1 or n[1] == 0) for n in numbers):
        return leaves
    made = [x for x, n in zip(leaves, numbers) if n[0] != 1 and isinstance(x, _levels.ModeLabel)
            and x.origin == origin and x.rule == "like" and x.var is not None]
    if len(made) < 2:
        return leaves
    shared = {id(x): replace(x, var=made[0].var) for x in made[1:]}
    return [shared.get(id(x), x) for x in leaves]


def _as_ring(tree, rings: set, last: set):
    """A ring buffer's mode indexed `i % extent` is its stage; the mode the buffer's rank took for the stage (the
    last, of axis variable in `last`) is then a tile mode, in every tensor carrying it."""
    if isinstance(tree, tuple):
        return tuple(_as_ring(t, rings, last) for t in tree)
    if isinstance(tree, _levels.ModeLabel) and (tree.origin, tree.var) in rings:
        return replace(tree, level="stage", role="stage", axis=None, axis_rule=None, leaf_axes=None,
                       rule="smem_buffer.stage")
    if isinstance(tree, _levels.ModeLabel) and tree.level == "stage" and tree.var in last:
        return replace(tree, level="block", role="atom", rule="smem_buffer.atom")
    return tree


def _ring_index(coord, extent) -> bool:
    """Whether a run-time index is `i % extent` (`sK_all[s % 2, None, None]`): a ring buffer's slot."""
    try:
        owner = coord.value.owner
        op = getattr(owner, "operation", owner)
        if not isinstance(extent, int) or extent < 2 or not op.name.startswith("arith.rem"):
            return False
        divisor = _operands(coord.value)[1]
        return int(getattr(divisor.owner, "operation", divisor.owner).attributes["value"].value) == extent
    except (AttributeError, ValueError, IndexError, KeyError, TypeError):
        return False


def _flat_index_split(rem, coord) -> bool:
    """Whether `rem` (`idx % n`) is the remainder of a flat index whose quotient (`idx // n`) indexes another mode
    of the same access (`sA[idx // n, idx % n]`, a transpose's `sB[j, i] = sA[i, j]`): the column of a tile walked
    element by element, not a ring's slot."""
    try:
        dividend, divisor = _operands(rem.value)[:2]
    except (AttributeError, ValueError, TypeError):
        return False
    for other in _index_leaves(coord):
        value = getattr(other, "value", None)
        if value is None or value is rem.value:
            continue
        try:
            op = getattr(value.owner, "operation", value.owner).name
        except AttributeError:
            continue
        if op.startswith(("arith.div", "arith.floordiv", "arith.ceildiv")) and _operands(value)[:2] == (dividend, divisor):
            return True
    return False


def _index_leaves(coord):
    """The leaves of a (nested) slice coordinate, in order."""
    if isinstance(coord, tuple):
        for c in coord:
            yield from _index_leaves(c)
    else:
        yield coord


def _accumulator_slot(record, found, label) -> bool:
    """Whether `label`, a mode of a TMEM accumulator that a pipeline state's index selects, is that pipeline's
    stage: an MMA rest of the accumulator's own layout (`tCtC[(None, None, acc_state.index)]` over
    `make_fragment_C(partition_shape_C((128, 2 * 256)))`: the MMA and the epilogue hand the two column halves
    to each other one slot at a time) holds one tile per slot, not the tile's columns at once."""
    return isinstance(label, _levels.ModeLabel) and label.level == "mma" and label.role == "rest" \
        and label.var is not None and len(record.memspaces) > found[1] and record.memspaces[found[1]] == "tmem"


def _stage_leaves(record) -> list | None:
    """(key (origin, var, leaf within its label), extent, stride) of each stage leaf of a record's first tensor, by
    its layout; None where the layout's leaves do not match the shape's."""
    text = str(record.layouts[0] if record.layouts else "")
    if ":" not in text or not record.levels or not record.shapes:
        return None
    strides = re.findall(r"[^(),\s]+", text.split(":", 1)[1])
    shape, tree = record.shapes[0], record.levels[0]
    extents = list(_leaves(shape))
    if len(strides) != len(extents):
        return None
    found, at = [], 0

    def walk(t, s):
        nonlocal at
        if isinstance(t, tuple):
            if not isinstance(s, tuple) or len(s) != len(t):
                raise ValueError
            for x, y in zip(t, s):
                walk(x, y)
            return
        for leaf in range(len(list(_leaves(s)))):
            if isinstance(t, _levels.ModeLabel) and t.level == "stage":
                found.append(((t.origin, t.var, leaf), extents[at], strides[at]))
            at += 1

    try:
        walk(tree, shape)
    except ValueError:
        return None
    return found


def _held_leaves(tree, shape, fresh_of: dict, rules: dict, level: str = "mma", origin: int | None = None):
    """`tree` over `shape` with the stage leaves `_tiles_held` found (keyed (origin, var, leaf within the label))
    made rests of `level` on their own variables (made by `origin` where given: a TMA partition's own); a stage
    label over a nested mode becomes one label per leaf there."""
    if isinstance(tree, tuple):
        if not isinstance(shape, tuple) or len(shape) != len(tree):
            return tree
        return tuple(_held_leaves(t, s, fresh_of, rules, level, origin) for t, s in zip(tree, shape))
    if not isinstance(tree, _levels.ModeLabel) or tree.level != "stage" \
            or not any(key[:2] == (tree.origin, tree.var) for key in fresh_of):
        return tree
    counter = itertools.count()

    def per_leaf(s):
        if isinstance(s, tuple):
            return tuple(per_leaf(x) for x in s)
        key = (tree.origin, tree.var, next(counter))
        if key not in fresh_of:
            return tree
        return replace(tree, level=level, role="rest", rule=rules[key], var=fresh_of[key],
                       origin=tree.origin if origin is None else origin)

    return per_leaf(shape)


def _as_k_tiles(tree, shape, k_tiles: dict, tma: int | None = None):
    """`tree` over `shape` with the k-tile leaves of the stage modes in `k_tiles` (see `_k_tiles_indexed`) made
    rests along the MMA's K, wherever views carried them: a mode of the indexed mode's leaves per leaf, a single
    leaf when its extent is only a k-tile leaf's. In a TMA load's partition (`tma`, its record) they are Block's
    rests, made by it."""
    if isinstance(tree, tuple):
        if not isinstance(shape, tuple) or len(shape) != len(tree):
            return tree
        return tuple(_as_k_tiles(t, s, k_tiles, tma) for t, s in zip(tree, shape))
    found = k_tiles.get((tree.origin, tree.var)) if isinstance(tree, _levels.ModeLabel) and tree.level == "stage" \
        else None
    if found is None:
        return tree
    _, flags, extents = found
    rest = replace(tree, level="mma", role="rest", rule="k_tiles") if tma is None else \
        replace(tree, level="block", role="rest", rule="k_tiles", origin=tma)
    if tuple(_leaves(shape)) == extents:
        return rest if len(extents) == 1 else tuple(rest if f else tree for f in flags)
    walked = {e for f, e in zip(flags, extents) if f}
    if isinstance(shape, int) and shape in walked and shape not in {e for f, e in zip(flags, extents) if not f}:
        return rest
    return tree


def _as_stage(tree, stages: set, accumulator_stages: set = frozenset()):
    if isinstance(tree, tuple):
        return tuple(_as_stage(t, stages, accumulator_stages) for t in tree)
    if isinstance(tree, _levels.ModeLabel) and (tree.origin, tree.var) in stages:
        return replace(tree, level="stage", role="stage", axis=None, axis_rule=None, leaf_axes=None,
                       rule="smem_buffer.stage")
    if isinstance(tree, _levels.ModeLabel) and tree.var in accumulator_stages and tree.level == "mma" \
            and tree.role == "rest":
        return replace(tree, level="stage", role="stage", axis=None, axis_rule=None, leaf_axes=None,
                       rule="accumulator.stage")
    return tree


def _one_shared_operand(picked: list, shared: int, varying: int) -> bool:
    """Whether the gemms into an accumulator's slices (slice constant, A, B, MMA) that read one operand in position
    `shared` (each k-block's) read another in position `varying` into each slice, every such group filling two
    slices or more."""
    groups: dict = {}
    for write in picked:
        if write[shared] is None or write[varying] is None:
            return False
        groups.setdefault(write[shared], {}).setdefault(write[0], set()).add(write[varying])
    if not groups or any(len(slices) < 2 for slices in groups.values()):
        return False
    return all(not (a & b) for slices in groups.values() for i, a in enumerate(slices.values())
               for b in list(slices.values())[i + 1:])


def _split_leaves(extents: list, leaves: list) -> list | None:
    """The labels of the leading `leaves` ((extent, label), in order) that `extents` cut, one per extent: each
    extent a factor of what is left of the current leaf (a retile folding 2 of a rest leaf of 4); None if they
    do not."""
    out, at, left = [], 0, None
    for extent in extents:
        if at >= len(leaves):
            return None
        left = leaves[at][0] if left is None else left
        if left % extent:
            return None
        out.append(leaves[at][1])
        left //= extent
        if left == 1:
            at, left = at + 1, None
    return out


def _whole_rest(inp: tuple, source, shape, mode: int) -> bool:
    """Whether a partition's rest over input `mode` is that mode itself: an input rest as long as the rest."""
    return isinstance(source, tuple) and isinstance(shape, tuple) and mode < len(inp) and mode < len(source) \
        and mode + 1 < len(shape) and isinstance(inp[mode], _levels.ModeLabel) and inp[mode].role == "rest" \
        and source[mode] == shape[mode + 1]


def _strided_axes(axes, tree, layout: str | None, source_layout: str | None, source_labels, origin: int):
    """A partition's atom leaves and new rests along the source leaf whose stride range holds their stride: the
    atom's leaves get that leaf's axis key, a rest's variable is joined to it. Leaves already placed stay."""
    new, old = leaf_tree(layout), leaf_tree(source_layout)
    modes = tree if isinstance(tree, tuple) else None
    if not isinstance(new, tuple) or not isinstance(old, tuple) or not modes or len(new) != len(modes) \
            or not isinstance(source_labels, tuple) or len(old) != len(source_labels):
        return tree
    pool = [(low, high, key) for low, high, label in _stride_ranges(old, source_labels)
            if (key := _axis_key(label)) is not None]

    def key_of(leaf):
        extent, stride = _leaf_numbers(leaf)
        if extent is None or extent == 1 or not stride:
            return None
        return next((key for low, high, key in pool if low <= stride < high and stride % low == 0), None)

    out = list(modes)
    atom = modes[0]
    if isinstance(atom, _levels.ModeLabel) and atom.origin == origin:  # over a value layout's reading
        keys = tuple(key_of(leaf) for leaf in _leaves(new[0]))
        if len(keys) > 1 and all(k is not None or _leaf_numbers(leaf)[0] == 1 for k, leaf in zip(keys, _leaves(new[0]))):
            out[0] = replace(atom, leaf_axes=keys)
    for i in range(1, len(modes)):
        label, leaves = modes[i], list(_leaves(new[i]))
        # a rest whose class met an MMA axis or a tiler already says what it runs along
        if isinstance(label, _levels.ModeLabel) and label.origin == origin and label.var is not None \
                and len(leaves) == 1 and not axes.keys.get(axes.find(label.var)):
            key = key_of(leaves[0])
            if key is not None and key[0] == "var":
                axes.join(key[1], label.var)
            elif key is not None:
                axes.bind(label.var, key)
    return _unit_rests_by_position(tuple(out), new, old, source_labels, origin)


def _unit_rests_by_position(modes: tuple, new: tuple, old: tuple, source_labels: tuple, origin: int) -> tuple:
    """A tcgen05 copy's partition of a flat (rows, columns) view (`tStS_P`: S's layout composed with (128, 64)):
    its rests are the rests of the source's modes in order, and one of extent 1 steps no stride to place it by
    where the rests share one variable (the columns'): the rest of the rows' mode (one 128-row tile of 32-lane
    atoms x 4 warps) runs along the rows, that of the columns along the columns. Rests of variables of their own
    are left to the joins that place them."""
    if len(new) - 1 != len(old) or len(old) < 2:
        return modes
    out = list(modes)
    rest_vars = [getattr(label, "var", None) for label in modes[1:]]
    for i in range(1, len(modes)):
        label, leaves, source = modes[i], list(_leaves(new[i])), source_labels[i - 1]
        if isinstance(label, _levels.ModeLabel) and label.origin == origin and not label.leaf_axes \
                and label.var is not None and rest_vars.count(label.var) > 1 \
                and len(leaves) == 1 and _leaf_numbers(leaves[0])[0] == 1 and isinstance(source, _levels.ModeLabel) \
                and len(list(_leaves(old[i - 1]))) == 1 and (key := _axis_key(source)) is not None:
            out[i] = replace(label, leaf_axes=(key,))
    return tuple(out)


def _stride_ranges(old: tuple, source_labels: tuple) -> list:
    """(first stride, past the last, label) of each source leaf longer than 1 with a stride: the ranges of the
    source's data that a view's leaves are placed in."""
    ranges = []
    for mode, label in zip(old, source_labels):
        for leaf, leaf_label in zip(_leaves(mode), _leaf_labels_of(mode, label)):
            extent, stride = _leaf_numbers(leaf)
            if extent is not None and extent > 1 and stride:
                ranges.append((stride, stride * extent, leaf_label))
    return ranges


def _axis_key(label):
    """The key a leaf's label runs along: its one leaf axis (an MMA axis or a variable), else its variable."""
    if not isinstance(label, _levels.ModeLabel):
        return None
    if label.leaf_axes and len(label.leaf_axes) == 1 and isinstance(label.leaf_axes[0], tuple):
        return label.leaf_axes[0]
    return ("var", label.var) if label.var is not None else None


def _leaf_in_range(stride: int, leaves: list) -> int | None:
    """The position of the one leaf (`extent:stride` text) of static extent above 1 whose stride range holds a
    static `stride` (the leaf's stride divides it, and it falls before the leaf's end), else None."""
    hits = [n for n, leaf in enumerate(leaves) for extent, step in [_leaf_numbers(leaf)]
            if extent is not None and extent > 1 and step and step <= stride < step * extent and stride % step == 0]
    return hits[0] if len(hits) == 1 else None


def _laid_extent_dims(call, count: int) -> list:
    """The dimension each of a `make_tensor` layout's `count` modes is written with (`make_layout((num_tokens,
    hidden), ...)`: rows, columns; `levels.product_dim`, None for an extent that names none), or [] where the layout
    argument is no such shape."""
    if call is None or not call.site.direct or call.frame is None or "layout" not in call.params:
        return []
    text = argument_text(call.site, call.params.index("layout"), call.op)
    try:
        node = ast.parse(text, mode="eval").body if text else None
    except SyntaxError:
        return []
    if isinstance(node, ast.Name):  # `layout = make_layout(...)` a line above
        node = assigned_value(call.site.file, call.site.line, node.id)
    if isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", None)) == "make_layout" \
            and node.args:
        node = node.args[0]
    entries = node.elts if isinstance(node, ast.Tuple) else [node] if count == 1 else []
    if len(entries) != count:
        return []
    return [_levels.product_dim(_product_factors(entry)) for entry in entries]


def _relaid_view(call, info, source_layout: str | None) -> bool:
    """Whether a `make_tensor` view reads its source's data leaf by leaf (`_hand_view_within`), its shape naming no
    modes of its own (`_names_own_modes`). A flat source (one leaf) re-shaped where the kernel holds a TiledMma is
    not: its one index packs the axes the MMA's data flow names (a paged cache passed as `(n,)` and laid out as `(d,
    tokens, (heads, pages))`), which strides cannot tell from pieces of one axis."""
    if not _hand_view_within(info.layout, source_layout) or _names_own_modes(call, info):
        return False
    old = leaf_tree(source_layout)
    return len(list(_leaves(old))) > 1 or not _mma_in_scope(call.frame if call is not None else None)


def _mma_in_scope(frame, depth: int = 8) -> bool:
    """Whether `frame` or one of the `depth` frames that called it holds a TiledMma (the kernel's parameter or one it
    made): a kernel with an MMA, whose data flow names the axes of what it reads."""
    while frame is not None and depth > 0:
        if any(type(value).__name__ == "TiledMma" for value in frame.f_locals.values()):
            return True
        frame, depth = frame.f_back, depth - 1
    return False


def _names_own_modes(call, info) -> bool:
    """Whether a view's shape is written with extents that name two dimensions or more (`(num_tokens, hidden)` over
    a flat buffer): its modes are its own, rows and columns packed in the buffer, not pieces of one of its modes."""
    return len({dim for dim in _laid_extent_dims(call, rank(info.shape)) if dim}) > 1


def _hand_view_within(layout: str | None, source_layout: str | None) -> bool:
    """Whether a layout laid out by hand over a tensor's iterator reads that tensor's data leaf by leaf, splitting
    at least one of its modes: each leaf longer than 1 lies whole in one source leaf's stride range (a static
    stride the source leaf's multiple, below its end) or has a run-time extent at a stride one source leaf has,
    and some source leaf of static extent and stride holds two or more of them (a row of 8192 columns laid as (8
    values, 512 threads, 2 chunks)). A layout equal to the source's, or one mode for mode of its strides, is read
    by the rules for those."""
    new, old = leaf_tree(layout), leaf_tree(source_layout)
    if new is None or old is None or layout == source_layout:
        return False
    old_leaves = list(_leaves(old))
    ranges = []
    for leaf in old_leaves:
        extent, stride = _leaf_numbers(leaf)
        if extent is not None and extent > 1 and stride:
            ranges.append((stride, stride * extent))
    strides = {_stride_text(leaf) for leaf in old_leaves}
    held = []
    for leaf in _leaves(new):
        extent, stride = _leaf_numbers(leaf)
        if extent == 1:
            continue
        if extent is None:
            if _stride_text(leaf) not in strides:  # (several source leaves may print one run-time stride: a
                return False                          # match is no split)
            continue
        if not stride:
            return False
        hit = next((n for n, (low, high) in enumerate(ranges)
                    if low <= stride < high and stride % low == 0 and stride * extent <= high), None)
        if hit is None:
            return False
        held.append((hit, stride))
    # a split lays a mode's pieces side by side, finest first (`(8, 512, 2):(1, 8, 4096)`); pieces apart or out of
    # order pack the mode with others (a GQA view's `(2, (4, 16), 2, 64)`: a group's heads with the queries, the kv
    # heads apart): modes of their own, which other rules read
    ranges_held = [hit for hit, _ in held]
    for hit in set(ranges_held):
        at = [n for n, other in enumerate(ranges_held) if other == hit]
        steps = [held[n][1] for n in at]
        if at != list(range(at[0], at[0] + len(at))) or steps != sorted(steps):
            return False
    return len(ranges_held) > len(set(ranges_held))


def _within_leaves(layout: str | None, source_layout: str | None, source_labels) -> list:
    """For each top mode of `layout` over a traced tensor's data: the label of the one source leaf whose stride
    range holds the whole mode when it is a single leaf, else None."""
    new, old = leaf_tree(layout), leaf_tree(source_layout)
    if new is None or old is None or not isinstance(source_labels, tuple):
        return []
    old = old if isinstance(old, tuple) else (old,)
    if len(old) != len(source_labels):
        return []
    pool = _stride_ranges(old, source_labels)
    out = []
    for mode in new if isinstance(new, tuple) else (new,):
        extent, stride = _leaf_numbers(mode) if isinstance(mode, str) else (None, None)
        hits = [label for low, high, label in pool if extent and extent > 1 and stride
                and low <= stride < high and stride % low == 0 and stride * extent <= high]
        out.append(hits[0] if len(hits) == 1 else None)
    return out


def _one_axis(pool: list, label, low: int, high: int, axis_class=None) -> bool:
    """Whether a view's leaf that runs past its source leaf, over [low, high), covers only source leaves of one
    axis (a merge of a mode's parts, or with `axis_class`, of parts of one axis class). A leaf across two axes'
    strides (`sV` laid over `sK`'s storage, not a view of K) says the view is another tensor in the same buffer,
    not a regrouping of its source."""
    same = axis_class or (lambda x: x.var)
    covered = [other for start, _end, other in pool if low <= start < high]
    # two MMA axes of an atom are two axes, whatever a TiledMma issuing several products has joined so far
    keys = {_mma_key(x) for x in covered + [label]} - {None}
    return len(keys) <= 1 and all(same(other) == same(label) for other in covered)


def _mma_key(label):
    """The MMA axis key an atom leaf was placed on, or None."""
    key = label.leaf_axes[0] if label.leaf_axes and len(label.leaf_axes) == 1 else None
    return key if isinstance(key, tuple) and key[0] == "mma" else None


def _leaf_letter(label) -> str | None:
    """The axis letter a leaf's label says so far: its own axis, or its MMA axis key's letter."""
    if label.leaf_axes and len(label.leaf_axes) == 1 and isinstance(label.leaf_axes[0], tuple):
        key = label.leaf_axes[0]
        return key[2] if key[0] == "mma" else None
    return label.axis


def _shaped(mode, labels):
    """A label tree of `mode`'s nesting; a mode whose leaves share one label gets that label."""
    if not isinstance(mode, tuple):
        return next(labels)
    parts = tuple(_shaped(m, labels) for m in mode)
    flat = [p for p in parts if isinstance(p, _levels.ModeLabel)]
    same = all(p == flat[0] and p.var == flat[0].var and p.leaf_axes == flat[0].leaf_axes for p in flat)
    return flat[0] if len(flat) == len(parts) and same else parts


def _divided_flat(inp: tuple, source, tile, origin: int):
    """`logical_divide(t, make_layout(n))` of a tensor of several modes divides its elements in order: the tile is
    the leading leaves of n elements (one leaf: its label, `tCompute`'s 32 columns of a quantization block), the
    rest every other leaf: of no one axis, unless one of them only holds more than one element (the 4 key repeats
    of a t2r fragment `((32, 1), 4, 1, 1)` cut by its 32: the rest is that leaf, a rest along its axis)."""
    if not isinstance(source, tuple) or len(source) != len(inp) or not isinstance(tile, int):
        return None
    extents = list(_leaves(source))
    labels = [leaf for mode, tree in zip(source, inp) for leaf in _nested_leaf_labels(mode, tree)]
    if len(labels) != len(extents) or not extents or extents[0] != tile \
            or not isinstance(labels[0], _levels.ModeLabel):
        return None
    held = [label for extent, label in zip(extents[1:], labels[1:]) if extent != 1]
    if len(held) == 1 and isinstance(held[0], _levels.ModeLabel) and held[0].var is not None:
        return labels[0], _levels.made(labels[0].level, "rest", origin, "divide", source=held[0])
    rest = _levels.made(labels[0].level, "rest", origin, "divide")
    return labels[0], rest


def _apart_from_packed(labels, layout: str | None, source_labels, source_shape, origin: int):
    """A view's labels (`_strided_view`) with the leaves of two or more of its own modes that took one source leaf's
    label, together tile that whole leaf and step it row-major (an earlier mode of a larger stride): given
    variables of their own. The view lays out again what the leaf packs (`make_tensor(red.iterator, make_layout(
    (bM, bN), stride=(bN, 1)))` over a buffer's linear (rows x columns) element mode, bM * bN of them), each of
    its modes along whatever axis its own uses say, none joined to the packed leaf; a leaf split in increasing
    strides (`(64, 2):(1, 64)` over 128 keys) is one axis cut in two, and stays joined. Level and role stay the
    view's, made by the view (`origin`) by the `smem_buffer` rules; the labels themselves where nothing is
    packed."""
    tree = leaf_tree(layout)
    shape = tuple(_leaves_shape(t) for t in tree) if isinstance(tree, tuple) else None
    if shape is None:
        return labels
    extents = _extents_by_var(source_labels, source_shape)
    strides = [_leaf_numbers(leaf)[1] for mode in tree for leaf in _leaves(mode)]
    by_var: dict = {}
    for (i, extent, label), stride in zip(_leaf_entries(labels, shape), strides):
        if extent != 1 and isinstance(label, _levels.ModeLabel) and label.var is not None:
            by_var.setdefault(label.var, []).append((i, extent, stride))
    packed = {var for var, held in by_var.items()
              if len({i for i, _, _ in held}) > 1 and extents.get(var) == math.prod(e for _, e, _ in held)
              and any(a[2] is not None and b[2] is not None and a[2] > b[2] for a, b in zip(held, held[1:]))}
    if not packed:
        return labels
    return tuple(_apart_mode(mode, t, packed, origin) for mode, t in zip(shape, labels))


def _leaves_shape(tree):
    """A `leaf_tree`'s shape: its leaves' extents, nested as they are."""
    if isinstance(tree, tuple):
        return tuple(_leaves_shape(t) for t in tree)
    return _leaf_numbers(tree)[0]


def _apart_mode(mode, tree, packed: set, origin: int):
    if isinstance(tree, tuple) and isinstance(mode, tuple) and len(tree) == len(mode):
        return tuple(_apart_mode(m, t, packed, origin) for m, t in zip(mode, tree))
    if isinstance(tree, _levels.ModeLabel) and tree.var in packed:
        return replace(tree, var=_axes.fresh(), origin=origin, rule=f"smem_buffer.{tree.role}", leaf_axes=None,
                       axis=None, axis_rule=None)
    return tree


def _extents_by_var(labels, shape) -> dict:
    """Axis variable -> the extent of the one leaf that carries it (a variable on several leaves: none)."""
    found: dict = {}
    for _, extent, label in _leaf_entries(labels, shape):
        if isinstance(label, _levels.ModeLabel) and label.var is not None:
            found[label.var] = extent if label.var not in found else None
    return found


def _leaf_entries(labels, shape) -> list:
    """(top mode, extent, label) per leaf of `shape` labelled by `labels` (a tree per top mode); [] if they differ."""
    modes = shape if isinstance(shape, tuple) else (shape,)
    if not isinstance(labels, tuple) or len(labels) != len(modes):
        return []
    return [(i, extent, label) for i, (mode, tree) in enumerate(zip(modes, labels))
            for extent, label in zip(_leaves(mode), _nested_leaf_labels(mode, tree))]


def _nested_leaf_labels(mode, tree) -> list:
    """One label per leaf of `mode`, a label tree of its nesting (or coarser: a sub-mode one label covers)."""
    if isinstance(tree, tuple) and isinstance(mode, tuple) and len(tree) == len(mode):
        return [leaf for m, t in zip(mode, tree) for leaf in _nested_leaf_labels(m, t)]
    return _leaf_labels_of(mode, tree)


def _leaf_labels_of(mode, label) -> list:
    count = sum(1 for _ in _leaves(mode))
    if isinstance(label, _levels.ModeLabel):
        if label.leaf_axes and len(label.leaf_axes) == count:  # an atom's leaves keep their own axes
            return [replace(label, leaf_axes=(a,)) for a in label.leaf_axes]
        return [label] * count
    flat = list(_levels.flatten(label))
    return flat if len(flat) == count else [flat[0] if flat else _levels.UNKNOWN] * count


_BASIS = 1 << 40  # a coordinate stride `s@i` steps coordinate mode i: one number space per mode


def _packed_records(pool: list, new: tuple) -> set:
    """ids of the source leaves (`pool`: (low, high, label) stride ranges) that a view lays out as a tile of two or
    more of its top modes covering only part of the leaf: a leaf of bytes that packs several fields (a KV page's
    8448 bytes, 64 tokens x 128 head dim then their 64 scales, seen as (64, 128):(128, 1)) is a record, not one
    axis, and the tile's modes are modes of their own (tokens and head dim), for the data flow to name. A mode
    split whole (K as (k, k_tiles)) covers its leaf entirely and keeps its label."""
    spans: dict = {}  # pool index -> (the view's top modes in it, the end of the span they cover)
    for at, mode in enumerate(new):
        for leaf in _leaves(mode):
            extent, stride = _leaf_numbers(leaf)
            if not extent or extent == 1 or not stride:
                continue
            for n, (low, high, _) in enumerate(pool):
                if low <= stride < high and stride % low == 0:
                    modes, end = spans.get(n, (set(), 0))
                    spans[n] = (modes | {at}, max(end, stride * extent))
    return {id(pool[n][2]) for n, (modes, end) in spans.items() if len(modes) > 1 and end < pool[n][1]}


@functools.lru_cache(maxsize=4096)
def _leaf_numbers(leaf: str):
    """(extent, stride) of a layout leaf; a coordinate tensor's stride `s@i` as s in coordinate mode i's range.
    Read once per leaf text: a view's leaves are compared with every recent tensor's, at each traced view."""
    extent, _, stride = leaf.partition(":")
    scale, at, mode = stride.partition("@")
    try:
        return int(extent), int(scale) * _BASIS ** int(mode) if at else int(stride)
    except ValueError:
        return None, None


def _coord_text(coord) -> str:
    if isinstance(coord, tuple):
        return "(" + ", ".join(_coord_text(c) for c in coord) + ")"
    if coord is None or isinstance(coord, int):
        return str(coord)
    return "?"


def _project(coord, proj):
    """The coordinate modes `proj` keeps; modes past the projection (L beyond (M, N, K)) are kept too."""
    if isinstance(proj, tuple) and isinstance(coord, tuple) and len(coord) >= len(proj):
        return tuple(c for c, p in zip(coord, proj) if p is not None) + coord[len(proj):]
    return coord


def _local_tile_steps(in_shape, tiler, coord, proj, out_shape) -> str | None:
    """The seed 002 derivation with this call's numbers: zipped_divide -> index -> unfold."""
    tile = _shape_like(tiler)
    if not isinstance(tile, tuple) or not isinstance(in_shape, tuple):
        return None
    if isinstance(proj, tuple) and len(proj) == len(tile):
        tile = tuple(t for t, p in zip(tile, proj) if p is not None)
        coord = _project(coord, proj)
    k = len(tile)
    if k > len(in_shape):
        return None

    def rest(extent, t):
        if isinstance(extent, int) and isinstance(t, int):
            return -(-extent // t)
        return DYNAMIC

    rests = tuple(rest(e, t) for e, t in zip(in_shape, tile)) + tuple(in_shape[k:])
    steps = [f"zipped_divide by {format_shape(tile)} -> {format_shape((tile, rests))}"]
    if isinstance(coord, tuple) and len(coord) == len(rests):
        kept = tuple(r for r, c in zip(rests, coord) if c is None)
        steps.append(f"index the rest by {_coord_text(coord)} -> {format_shape((tile, kept))}")
    steps.append(f"unfold -> {format_shape(out_shape)}")
    return " -> ".join(steps)


def _tiled_whole(tile, mode) -> bool:
    """A nested mode tiled by its own shape (quack's atom), or by its first leaf's extent where every other leaf is 1
    (`logical_divide(t, (product_each(t.shape)[0], ...))` of a copy partition's `(32, 1)` atom: the tile is that leaf,
    the rest the 1): the result is the mode as it was."""
    if not isinstance(mode, tuple):
        return False
    if isinstance(tile, tuple):
        return tile == mode
    leaves = _leaves(mode)
    return isinstance(tile, int) and len(leaves) > 1 and leaves[0] == tile and all(x == 1 for x in leaves[1:])


def _shape_like(tiler):
    """A tiler's rank source: a tuple, a layout's shape from its type, or a single mode."""
    if isinstance(tiler, tuple):
        return tiler
    info = _info(tiler)
    if info is not None and info.shape is not None:
        return info.shape
    return 0


@contextlib.contextmanager
def trace():
    """Record every tensor-making CuTe call compiled inside the block.

    >>> import cute_inspect
    >>> with cute_inspect.trace() as t:      # doctest: +SKIP
    ...     cute.compile(my_kernel, a, b)
    >>> print(cute_inspect.format_text(t))   # doctest: +SKIP
    """
    global _active, _symbol_at, _defining, _register_sums
    if _active is not None:
        raise RuntimeError("cute_inspect.trace() is already active: traces do not nest")
    result = Trace()
    result.arch = os.environ.get("CUTE_DSL_ARCH")
    tracer = _Tracer(result)
    _active, _defining, _register_sums = tracer, {}, {}
    with _heap_frozen():
        try:
            with observing(tracer), types_cached(), \
                    _resources.capturing(result.arch, lambda frame: _current_kernel(frame)[0]) as budgets:
                result.resources = budgets
                yield result
        finally:
            tracer.finish()
            _active, _symbol_at, _defining, _register_sums = None, (None, None), None, None
            _kernel_codes.clear()
            _kernel_frames.clear()
            result.errors = tracer.errors
            _resources.describe_buffers(result.resources, result.records)
            annotate_traffic(result)


@contextlib.contextmanager
def _heap_frozen():
    """The objects alive when a trace begins left out of the cyclic collector's passes until it ends
    (`gc.freeze`). A trace keeps tens of thousands of objects (records, their meta, the values its maps hold),
    so the collector runs more often, and each full pass walked the whole heap (CuTeDSL's, the user's): 0.15 s
    of a 6 s Blackwell FMHA compile against 0.02 s plain. Garbage among the frozen objects is collected once the
    trace ends. A process that froze objects of its own keeps its collector as it set it."""
    if gc.get_freeze_count():
        yield
        return
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def record_of(value):
    """The record that made a traced tensor (a slice's source), while a trace is active; else None."""
    if _active is None:
        return None
    found = _active.lookup(value)
    return _active.trace.records[found[0]] if found else None


def label_at(value, path: tuple):
    """The level label of the mode at `path` of a traced tensor, while a trace is active."""
    if _active is None:
        return None
    found = _active.lookup(value)
    if not found:
        return None
    label = _levels.label_at(found[2], path)
    return str(label) if label else None
