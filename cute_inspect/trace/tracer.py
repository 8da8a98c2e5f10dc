"""Record every tensor-making CuTe call of a compile, as an observer of the wrapped DSL calls (`_patch`).

Observation reads MLIR types only, never emits IR, and never lets its own failure break the user's compile.
"""

from __future__ import annotations

import ast
import contextlib
import functools
import os

from cute_inspect.trace import levels as _levels
from cute_inspect.trace import resources as _resources
from cute_inspect.trace.patch import Call, observing
from cute_inspect.trace.record import Record, Trace
from cute_inspect.trace.shape import DYNAMIC, format_shape, rank, type_info
from cute_inspect.trace.source import (
    CallSite,
    argument_text,
    assigned_names,
    caller,
    callers,
    receiver_text,
    statement_at,
    subscripted_name,
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


def _mlir_function() -> str | None:
    """The symbol of the MLIR function being built (mangled: ``kernel_cutlass_kernel_<module>_<args>``)."""
    try:
        from cutlass._mlir import ir

        op = ir.InsertionPoint.current.block.owner
        while op is not None:
            if "sym_name" in op.attributes and op.name != "builtin.module":
                return str(op.attributes["sym_name"]).strip('"')
            op = op.parent
    except Exception:
        return None
    return None


def _current_kernel(frame) -> tuple[str, str | None]:
    """The Python name and file of the `@cute.kernel` or `@cute.jit` function being traced.

    The MLIR symbol is mangled with argument types; the innermost enclosing Python frame whose name occurs in
    it is the function the user wrote (frames inside dynamic loops carry generated names, which do not occur).
    """
    symbol = _mlir_function()
    if symbol is None:
        return (frame.f_code.co_name, None) if frame is not None else ("<unknown>", None)
    padded = f"_{symbol}_"
    is_kernel = symbol.startswith("kernel_")
    while frame is not None:
        name = frame.f_code.co_name
        if f"_{name}_" in padded and (name != "kernel" or is_kernel):
            return name, os.path.abspath(frame.f_code.co_filename)
        frame = frame.f_back
    return symbol, None


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


def _local_name(frame, obj) -> str | None:
    """The variable the calling code holds `obj` in (a kernel parameter's own name), looking past a
    comprehension's loop variable to the name it iterates over: ``for m in (mA, mB)`` gives ``mA``."""
    frames = [frame.f_back, frame] if frame is not None and frame.f_code.co_name in _COMPREHENSIONS else [frame]
    for f in frames:
        if f is None:
            continue
        for name, value in f.f_locals.items():
            if value is obj and name.isidentifier() and name != "self":
                return name
    return None


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


@functools.lru_cache(maxsize=1)
def _tensor_class():
    from cutlass.cute.tensor import _Tensor

    return _Tensor


def _is_tensor(obj) -> bool:
    info = type_info(obj)
    return info is not None and info.kind in _TENSOR_KINDS


class _Tracer:
    def __init__(self, trace: Trace):
        self.trace = trace
        self.known: dict = {}  # value hash -> (record index, output index, label tree)
        self.pending: dict = {}  # owner hash -> [(type text, record index, output index, labels)]
        self.of_type: dict = {}  # type text -> every (record index, output index, labels) of that type, in order
        self.errors: list[str] = []
        # records made inside a helper, waiting for the caller's statement to bind them: see _attribute
        self.unresolved: list = []
        self.by_layout: dict = {}  # layout text -> labels of the latest traced (non-input) tensor of that layout
        self.by_shape: dict = {}  # shape text -> labels of the latest traced tensor of that shape
        self.fragment_shapes: dict = {}  # shape text -> MMA fragment labels, from `partition_shape_*` calls
        self.recent: list = []  # (shape, labels) of the latest labelled tensors, for `_same_rests`
        self.copy_level: dict = {}  # id(ThrCopy) -> the level its first partition got: both sides share it

    # -- lookups -----------------------------------------------------------------------------------
    def lookup(self, obj):
        key = _value_key(obj)
        if key in self.known:
            return self.known[key]
        text = str(obj.value.type)
        owner = _owner_key(obj)
        for typ, index, out, labels in self.pending.get(owner, ()):
            if typ == text:
                self.known[key] = (index, out, labels)
                return self.known[key]
        # Dynamic loops pass tensors as block arguments: same type, new value. The latest tensor of that exact
        # type (layout, memory, swizzle included) is the one carried in. A function's own parameters are new.
        if _is_loop_carried(obj) and text in self.of_type:
            return self.of_type[text][-1]
        return None

    def source_of(self, obj, site: CallSite, arg_index: int | None, called: str, kernel: str, frame=None):
        """(record index, output index, labels) for a tensor argument; an `input` record the first time one is seen."""
        found = self.lookup(obj)
        if found:
            return found
        name = _local_name(frame, obj)
        if name is None and arg_index is not None:
            name = _tensor_name(argument_text(site, arg_index, called))
        return self._new_input(obj, site, name, kernel)

    def _new_input(self, obj, site: CallSite, name: str | None, kernel: str):
        info = type_info(obj)
        index = len(self.trace.records)
        labels = _levels.initial(rank(info.shape), name, index)
        passed = self._passed_in(str(obj.value.type), name, kernel)
        self._append(Record(
            index=index, op="input", names=(name,), file=site.file, line=site.line, col=site.col,
            function=site.function, kernel=kernel, in_shapes=(),
            shapes=(info.shape,), layouts=(info.layout,), memspaces=(info.memspace,), dtypes=(info.dtype,),
            swizzles=(info.swizzle,), levels=(labels,), library=site.file.startswith(_library_dir()),
            inputs=(passed[0],) if passed else (), input_outputs=(passed[1],) if passed else (),
        ))
        self._know(obj, (index, 0, labels))
        return index, 0, labels

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
        self._of_type(str(obj.value.type), entry)

    def _of_type(self, type_text: str, entry) -> None:
        self.of_type.setdefault(type_text, []).append(entry)

    def _append(self, record: Record) -> None:
        self.trace.records.append(record)
        if record.op in ("input", "copy", "gemm"):
            return
        for shape, layout, labels in zip(record.shapes, record.layouts, record.levels):
            if _levels.is_labelled(labels):
                if layout:
                    self.by_layout[layout] = labels
                self.by_shape[format_shape(shape)] = labels
                self.recent = (self.recent + [(shape, labels)])[-64:]

    def _shape_of_fragment(self, operand: str, shape, mma: str | None) -> None:
        """`tiled_mma.partition_shape_C(...)`: the next tensor made with this shape is this MMA's fragment."""
        if not isinstance(shape, tuple) or not all(isinstance(i, int) for i in _leaves(shape)):
            return
        axes = {"A": ("M", "K"), "B": ("N", "K"), "C": ("M", "N")}[operand]
        origin = len(self.trace.records)
        labels = _levels.tagged(_levels.fragment_from_shape(axes, len(shape), origin), mma, origin)
        self.fragment_shapes[format_shape(shape)] = labels

    # -- observing calls ---------------------------------------------------------------------------
    def after(self, call: Call, result) -> None:
        try:
            self._observe(call, result)
        except Exception as exc:  # observing must never break the user's compile
            self.errors.append(f"{call.op}: {type(exc).__name__}: {exc}")

    def on_slice(self, tensor, coord, result) -> None:
        try:
            self._observe_slice(tensor, coord, result)
        except Exception as exc:
            self.errors.append(f"slice: {type(exc).__name__}: {exc}")

    def _observe(self, call: Call, result) -> None:
        op, bound, site = call.op, call.bound, call.site
        kernel, kernel_file = _current_kernel(call.frame)
        if self.unresolved:
            self._resolve(call.frame)
        if op.startswith("partition_shape_"):
            self._shape_of_fragment(op[-1], result, _levels.mma_name(receiver_text(site, op)) if site.direct else None)
            return
        outputs = self._outputs(result)
        if not outputs and op not in ("copy", "gemm"):
            return
        hint = None  # the names the line assigns, for axis letters, before they are known to be this tensor's
        if site.direct:
            names = assigned_names(site, op, call.frame)
        elif op not in ("make_tensor", "make_rmem_tensor") or assigned_names(site) is None:
            return  # made inside a CuTeDSL helper (`Tensor.fill`, `autovec_copy`) for its own use
        else:
            # `sA = storage.sA.get_tensor(...)`: the user's tensor if the line binds it (see _attribute)
            names, hint = None, assigned_names(site)
        called = op
        params = call.params
        inputs, input_outputs, in_trees, in_shapes, in_memspace = [], [], [], [], None
        for arg, value in bound.items():
            if arg == "self":
                continue
            values = value if isinstance(value, list) else [value]
            for v in values:
                if not _is_tensor(v):
                    continue
                pos = params.index(arg)
                index, out, labels = self.source_of(v, site, pos, called, kernel, call.frame)
                info = type_info(v)
                inputs.append(index)
                input_outputs.append(out)
                in_trees.append(labels)
                in_shapes.append(info.shape)
                in_memspace = in_memspace or info.memspace
        index = len(self.trace.records)
        if names is None or len(names) != len(outputs):
            names = (None,) * len(outputs)
        label_names = hint if hint and len(hint) == len(outputs) else names
        out_trees = [self._labels(op, bound, in_trees[i:] if op == "tma_partition" else in_trees, label_names,
                                  info, in_memspace, index) for i, info in enumerate(outputs)]
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
        if op == "make_tensor" and outputs and outputs[0].memspace == "tmem":
            reused = self._reused(bound.get("iterator"))
            if reused is not None:
                record.reuses = reused
        if op == "make_tensor" and outputs and outputs[0].memspace == "smem":
            # `sV` over `sK.iterator`, a thread's view over a swizzled partition's pointer: whose buffer it is in
            over = self._reused(bound.get("iterator"), depth=8)
            if over is not None:
                record.meta["over"] = over
        if op == "local_tile" and in_shapes and outputs:
            steps = _local_tile_steps(in_shapes[0], bound.get("tiler"), bound.get("coord"), bound.get("proj"),
                                      outputs[0].shape)
            if steps:
                record.meta["steps"] = steps
        self._append(record)
        self._remember(result, outputs, index, out_trees)
        if call.frame is None:
            return
        if not site.direct:
            self.unresolved.append((index, [(site, call.frame, None, None)]))
        elif kernel_file and site.file != kernel_file:
            self._attribute(record, site, call.frame, kernel_file)

    # -- helpers' records: the caller's line and names -------------------------------------------------
    def _attribute(self, record: Record, site: CallSite, frame, kernel_file: str) -> None:
        """A record made in a helper module: remember the call chain from the kernel's file down to the call.

        Which caller binds the tensor is known only once its statement has run, so the record waits in
        `unresolved` until then (see `_resolve`).
        """
        above = callers(frame, kernel_file)
        if not above:
            return
        frames = [(s, f) for s, f in reversed(above)] + [(site, frame)]  # outermost (the kernel's line) first
        record.chain = tuple((s.file, s.line, s.function) for s, _ in frames)
        # each caller with the function it called, the one its statement's names would come from
        levels = [(s, f, frames[i + 1][1].f_code.co_name, frames[i + 1][1]) for i, (s, f) in enumerate(frames[:-1])]
        self.unresolved.append((record.index, levels))

    def _resolve(self, frame=None) -> None:
        """Name the waiting records whose caller statements have finished (all of them when `frame` is None)."""
        frame_given = frame is not None
        below = {}  # id(frame) -> the frame it is calling now, for every frame on the current stack
        child = None
        while frame is not None:
            below[id(frame)] = child
            child, frame = frame, frame.f_back
        waiting = []
        for index, levels in self.unresolved:
            outer_site, outer, _called, inner = levels[0]  # `inner`: the helper frame the caller is in
            if id(outer) in below:
                now = below[id(outer)]
                same_statement = statement_at(outer_site.file, outer.f_lineno) is \
                    statement_at(outer_site.file, outer_site.line)
                if (inner is not None and now is inner) or (same_statement and now is None):
                    waiting.append((index, levels))  # the caller's statement has not bound its result yet
                    continue
            try:
                self._bind(self.trace.records[index], levels, live=frame_given)
            except Exception as exc:  # a caller's locals that cannot be read leave the helper's own names
                self.errors.append(f"helper names: {type(exc).__name__}: {exc}")
        self.unresolved = waiting

    def _bind(self, record: Record, levels: list, live: bool = True) -> None:
        """Give the record the names of the outermost caller whose statement bound its tensors, and that line;
        the names only for a tensor a CuTeDSL helper made at the kernel's line (levels of one)."""
        for site, frame, called, _inner in levels:
            names = assigned_names(site, called, frame)
            if not names:
                continue
            bound, hit = [None] * len(record.names), False
            for name in names:
                if not name or name == "_":  # a throwaway is not a name
                    continue
                value = frame.f_locals.get(name)
                if not isinstance(value, _tensor_class()):
                    continue
                # once the compile has ended its IR is gone: only what is already known may be asked
                found = self.lookup(value) if live else self.known.get(_value_key(value))
                if found and found[0] == record.index and found[1] < len(bound):
                    bound[found[1]], hit = name, True
            if hit:
                record.names = tuple(bound)
                record.file, record.line, record.col, record.function = site.file, site.line, site.col, site.function
                return

    def finish(self) -> None:
        """Resolve what is still waiting when the compile ends."""
        try:
            self._resolve(None)
        except Exception as exc:
            self.errors.append(f"helper names: {type(exc).__name__}: {exc}")
        self.unresolved = []

    def _outputs(self, result) -> list:
        if _is_tensor(result):
            return [type_info(result)]
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

    def _labels(self, op, bound, in_trees, names, info, in_memspace, origin):
        out_rank = rank(info.shape)
        inp = in_trees[0] if in_trees else ()
        inp = inp if isinstance(inp, tuple) else (inp,)
        epilogue = _levels.is_epilogue(tuple(names), tuple(in_trees), in_memspace or info.memspace)
        tiler = bound.get("tiler")
        tile_rank = rank(_shape_like(tiler)) if tiler is not None else 0
        if op == "local_tile":
            proj = bound.get("proj")
            if isinstance(proj, tuple) and isinstance(tiler, tuple):
                tile_rank = sum(p is not None for p in proj)
            coord = bound.get("coord")
            coord = _project(coord, proj)
            return _levels.local_tile(inp, tile_rank, coord, out_rank, origin)
        operand_axes = {"A": ("M", "K"), "B": ("N", "K"), "C": ("M", "N")}
        if op in ("partition_A", "partition_B", "partition_C"):
            # attention's operands name their own axes: tSrQ (Q, D), tOrV (D, K), tStS (Q, K)
            what = next((_levels.tensor_of(n) for n in names if _levels.tensor_of(n)), None)
            axes = _levels.operand_axes(what) if what in _levels.ATTENTION_TENSORS else operand_axes[op[-1]]
            return _levels.partition(inp, "mma", out_rank, origin, axes)
        if op in ("partition_S", "partition_D"):
            what = next((_levels.tensor_of(n) for n in names if _levels.tensor_of(n)), None)
            level = self._copy_side_level(bound.get("self"), "store" if epilogue else "copy")
            axes = _levels.operand_axes(what) or (("M", "N") if level == "store" else ())
            return _levels.partition(inp, level, out_rank, origin, axes)
        if op == "retile":
            return _levels.first_mode(inp, "store" if epilogue else "copy", out_rank, origin)
        if op == "tma_partition":
            if epilogue:
                return _levels.first_mode(inp, "store", out_rank, origin)
            return _levels.first_mode(inp, "block", out_rank, origin, role="tma")
        if op in ("make_fragment_A", "make_fragment_B", "make_fragment_C"):
            if in_trees and len(inp) == out_rank and _levels.is_labelled(inp[1:]):
                return _levels.first_mode(inp, "mma", out_rank, origin)
            axes = {"A": ("M", "K"), "B": ("N", "K"), "C": ("M", "N")}[op[-1]]
            return _levels.fragment_from_shape(axes, out_rank, origin)
        if op == "group_modes":
            begin, end = bound.get("begin", 0), bound.get("end", len(inp))
            return _levels.group_modes(inp, begin, end if end is not None else len(inp), out_rank)
        if op.endswith("_divide"):
            if epilogue or _levels.contains_level(inp, ("mma",)):
                return _levels.divide(op, inp, tile_rank, "epi", out_rank, origin, ("M", "N"))
            return _levels.divide(op, inp, tile_rank, "block", out_rank, origin)
        if op == "local_partition":
            return _levels.local_partition(inp, tile_rank, out_rank, origin)
        if op in _SAME_MODES:
            if len(inp) == out_rank:
                return inp
            if not in_trees:  # made like a value, not a tensor (`make_rmem_tensor_like(acc.load())`)
                found = self._like(info)
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
            return _levels.coordinates(out_rank, names[0] if names else None, origin)
        if op in ("make_tensor", "make_rmem_tensor", "composition"):
            # an SMEM buffer of the same layout as another (sA, sB) is not a view of it: its own axes
            found = self._like(info, same_layout=info.memspace != "smem")
            if found is not None:
                return found
            if info.memspace == "smem":
                return _levels.smem_buffer(out_rank, names[0] if names else None, origin)
            if info.memspace == "coord":  # a coordinate view of its own layout (`tScS_vec`)
                return _levels.coordinates(out_rank, names[0] if names else None, origin)
        return _levels.initial(out_rank, names[0] if names else None, origin)

    def _reused(self, pointer, depth: int = 4) -> int | None:
        """The traced tensor whose storage a new TMEM view starts in (`tStS_P` over `tStS.iterator + offset`: P
        written where S was): found by walking the pointer's defining ops up to a traced tensor's value."""
        frontier = [getattr(pointer, "value", None)]
        for _ in range(depth):
            following = []
            for value in frontier:
                value = getattr(value, "value", value)  # the DSL wraps operands (_Tensor, _Pointer)
                if value is None:
                    continue
                try:
                    found = self.known.get(hash(value))
                except TypeError:
                    continue
                if found is not None:
                    return found[0]
                try:
                    following.extend(value.owner.operands)
                except (AttributeError, ValueError):
                    continue
            frontier = following
        return None

    def _copy_side_level(self, thr_copy, level: str) -> str:
        """Both sides of one thread copy are at one level: the one its first partition got."""
        if thr_copy is None:
            return level
        kept = self.copy_level.setdefault(id(thr_copy), (thr_copy, level))  # holding it keeps the id unique
        return kept[1]

    def _like(self, info, same_layout: bool = True):
        """Labels of a tensor rebuilt over a traced layout (a TMEM view, a register copy of a partition):
        the same layout, else the same modes in another order (a transposed view), else the same shape."""
        shape_text = format_shape(info.shape)
        if shape_text in self.fragment_shapes:  # `make_rmem_tensor(tiled_mma.partition_shape_C(...))`
            return self.fragment_shapes.pop(shape_text)
        if same_layout and info.layout in self.by_layout:
            return self.by_layout[info.layout]
        modes = _top_modes(info.layout)
        if modes and len(modes) > 1:
            for layout, labels in reversed(list(self.by_layout.items())[-64:]):
                other = _top_modes(layout)
                if layout != info.layout and other and sorted(other) == sorted(modes) and len(labels) == len(other):
                    return tuple(labels[other.index(m)] for m in modes)
        found = self.by_shape.get(format_shape(info.shape)) if same_layout else None
        if found is None:
            found = self._regrouped(info)
        if found is None and same_layout and info.memspace == "rmem":
            found = self._same_rests(info.shape)
        return found

    def _same_rests(self, shape):
        """A register tensor shaped like a partition but for its first mode (a predicate `tApA` of
        (1, CPY_M, CPY_K) over `tAgA` ((8,1), CPY_M, CPY_K)): that partition's labels."""
        if not isinstance(shape, tuple) or len(shape) < 2:
            return None
        for other, labels in reversed(self.recent):
            if isinstance(other, tuple) and len(other) == len(shape) and other[1:] == shape[1:] \
                    and len(labels) == len(shape):
                return labels
        return None

    def _regrouped(self, info):
        """Labels of a view that regroups a traced tensor's modes (``make_tensor(acc.iterator, mn_view(acc))``):
        each leaf (extent:stride) of the new layout found among a recent tensor's leaves takes that mode's label."""
        new = _leaf_tree(info.layout)
        if new is None:
            return None
        wanted = sorted(leaf for leaf in _tree_leaves(new) if not leaf.startswith("1:"))
        if not wanted:
            return None
        for layout, labels in reversed(list(self.by_layout.items())[-64:]):
            old = _leaf_tree(layout) if layout != info.layout else None  # the same layout is no regrouping
            if old is None or not isinstance(old, tuple) or len(old) != len(labels):
                continue
            pool = [(leaf, label) for mode, label in zip(old, labels) for leaf in _tree_leaves(mode)
                    for label in [label if isinstance(label, _levels.ModeLabel) else next(_levels.flatten(label))]]
            if sorted(leaf for leaf, _ in pool if not leaf.startswith("1:")) != wanted:
                continue
            return _map_leaves(new, pool)
        return None

    def _observe_slice(self, tensor, coord, result) -> None:
        if not _is_tensor(result) or not _is_tensor(tensor):
            return
        found = self.lookup(tensor)
        if found is None:  # a kernel parameter first seen sliced: `mA_mkl[None, None, bidz]`
            site, frame = caller(2)
            found = self._new_input(tensor, site, subscripted_name(site), _current_kernel(frame)[0])
        index, out, labels = found
        kept = _levels.sliced(labels, coord if isinstance(coord, tuple) else (coord,))
        if kept is not None and len(kept) == rank(type_info(result).shape):
            self._know(result, (index, out, kept))


_MMA_OPS = ("partition_A", "partition_B", "partition_C", "make_fragment_A", "make_fragment_B", "make_fragment_C")

# views whose modes are their source's, mode for mode, when the rank is kept
_SAME_MODES = ("domain_offset", "filter_zeros", "make_fragment_like", "make_rmem_tensor_like", "recast_tensor",
               "composition", "coalesce")


def _leaves(shape):
    if isinstance(shape, tuple):
        for s in shape:
            yield from _leaves(s)
    else:
        yield shape


def _top_modes(layout: str | None) -> list | None:
    """A layout's top-level modes as 'shape:stride' texts: ``(4,(2,8)):(1,(4,8))`` -> ['4:1', '(2,8):(4,8)']."""
    if not layout or ":" not in layout:
        return None
    shape_text, stride_text = layout.split(":", 1)
    shapes, strides = _split_top(shape_text), _split_top(stride_text)
    if shapes is None or strides is None or len(shapes) != len(strides):
        return None
    return [f"{a}:{b}" for a, b in zip(shapes, strides)]


def _split_top(text: str) -> list | None:
    text = text.strip()
    if not (text.startswith("(") and text.endswith(")")):
        return [text]
    parts, depth, start = [], 0, 1
    for i, ch in enumerate(text[1:-1], start=1):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:-1])
    return parts


@functools.lru_cache(maxsize=4096)
def _leaf_tree(layout: str | None):
    """A layout's modes as a tree of 'extent:stride' leaves: ``((2,1),4):((2,0),8)`` -> (('2:2', '1:0'), '4:8')."""
    if not layout or ":" not in layout:
        return None
    shape_text, stride_text = layout.split(":", 1)
    shape, stride = _nested(shape_text), _nested(stride_text)

    def zip_tree(a, b):
        if isinstance(a, tuple) != isinstance(b, tuple) or (isinstance(a, tuple) and len(a) != len(b)):
            raise ValueError
        return tuple(zip_tree(x, y) for x, y in zip(a, b)) if isinstance(a, tuple) else f"{a}:{b}"

    try:
        return zip_tree(shape, stride)
    except ValueError:
        return None


def _nested(text: str):
    parts = _split_top(text)
    if parts is None or (len(parts) == 1 and not text.strip().startswith("(")):
        return text.strip()
    return tuple(_nested(p) for p in parts)


def _tree_leaves(tree):
    if isinstance(tree, tuple):
        for t in tree:
            yield from _tree_leaves(t)
    else:
        yield tree


def _map_leaves(tree, pool: list):
    """The label tree of `tree`: each leaf takes the label of an equal leaf from `pool` (used once); a size-1
    leaf with no equal takes its sibling's label."""
    def label_of(leaf):
        for i, (candidate, label) in enumerate(pool):
            if candidate == leaf:
                del pool[i]
                return label
        return None

    def walk(node):
        if not isinstance(node, tuple):
            return label_of(node) or _levels.UNKNOWN
        labels = [walk(n) for n in node]
        known = next((x for x in labels if x is not _levels.UNKNOWN), None)
        return tuple(known if x is _levels.UNKNOWN and known is not None else x for x in labels)

    return walk(tree) if isinstance(tree, tuple) else (walk(tree),)


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


def _shape_like(tiler):
    """A tiler's rank source: a tuple, a layout's shape from its type, or a single mode."""
    if isinstance(tiler, tuple):
        return tiler
    info = type_info(tiler)
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
    global _active
    if _active is not None:
        raise RuntimeError("cute_inspect.trace() is already active: traces do not nest")
    result = Trace()
    result.arch = os.environ.get("CUTE_DSL_ARCH")
    tracer = _Tracer(result)
    _active = tracer
    try:
        with observing(tracer), _resources.capturing(result.arch, lambda frame: _current_kernel(frame)[0]) as budgets:
            result.resources = budgets
            yield result
    finally:
        tracer.finish()
        _active = None
        result.errors = tracer.errors
        _resources.describe_buffers(result.resources, result.records)


def label_at(value, path: tuple):
    """The level label of the mode at `path` of a traced tensor, while a trace is active."""
    if _active is None:
        return None
    found = _active.lookup(value)
    if not found:
        return None
    label = _levels.label_at(found[2], path)
    return str(label) if label else None
