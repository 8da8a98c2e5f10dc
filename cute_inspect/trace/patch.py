"""Wrap CuTeDSL's tile, partition and fragment calls while an observer (the tracer, the contract guard) is active.

Wrappers replace the originals everywhere they are bound (``cute.local_tile``, ``from cutlass.cute import
local_tile`` in any loaded module, methods such as ``ThrMma.partition_A``), so calls inside library helpers
(``cutlass.utils.gemm.sm100``'s epilogue) are seen too. Only the outermost call is observed: CuTe's own
functions call each other. The originals are put back when the last observer leaves.

An observer may define ``before(call)``, ``after(call, result)``, ``on_error(call, exc)`` (returning an exception
to raise instead, or None) and ``on_slice(tensor, coord, result)``, ``on_load(tensor, value)`` and ``on_store(tensor, value)`` (a register value
read from or written to a tensor), ``on_tensor_slice(tensor, coord, result)`` (a view `cute.slice_` made), ``on_index(tensor, coord, value)`` (an element written, and the value written), ``on_stage_index(value)`` (a
pipeline state's stage index, read), ``on_pointer_store(pointer, value)`` (a value written through a raw pointer);
it must never raise from them.
"""

from __future__ import annotations

import contextlib
import importlib
import inspect
import sys
import threading

from cute_inspect.trace.source import CallSite, caller

# op -> (module path, attribute) for functions; (module path, class, attribute) for methods.
FUNCTIONS = {
    "local_tile": ("cutlass.cute", "local_tile"),
    "local_partition": ("cutlass.cute", "local_partition"),
    "flat_divide": ("cutlass.cute", "flat_divide"),
    "zipped_divide": ("cutlass.cute", "zipped_divide"),
    "tiled_divide": ("cutlass.cute", "tiled_divide"),
    "logical_divide": ("cutlass.cute", "logical_divide"),
    "group_modes": ("cutlass.cute", "group_modes"),
    "make_tensor": ("cutlass.cute", "make_tensor"),
    "make_rmem_tensor": ("cutlass.cute", "make_rmem_tensor"),
    "tma_partition": ("cutlass.cute.nvgpu.cpasync", "tma_partition"),
    "copy": ("cutlass.cute", "copy"),
    # a SIMT copy that picks its own vector width (registers to SMEM, fp16 dS into an MMA's operand buffer)
    "autovec_copy": ("cutlass.cute", "autovec_copy"),
    # a whole-tile copy (TMA, S2T) that partitions inside: both sides are (tile, rest...)
    "block_copy": ("cutlass.block", "block_copy"),
    "gemm": ("cutlass.cute", "gemm"),
    # cute.experimental's MMAs (`dot(atom, a, b, c)`: c += a b, the accumulator its own D) and its copies, which
    # emit their own ops, not cute.gemm's or cute.copy's: a whole-tile TMA load (both sides (tile, rest...)) and
    # a copy that partitions both sides by a ThrCopy inside
    "dot": ("cutlass.cute.experimental", "dot"),
    "dot_block_scaled": ("cutlass.cute.experimental", "dot_block_scaled"),
    "dot_sparse": ("cutlass.cute.experimental", "dot_sparse"),
    "tma_load": ("cutlass.cute.experimental", "tma_load"),
    "tma_load_multicast": ("cutlass.cute.experimental", "tma_load_multicast"),
    "partition_and_copy": ("cutlass.cute.experimental", "partition_and_copy"),
    # inline PTX: an MMA issued by hand (`tcgen05.mma [d], a_desc, b_desc, idesc` on SMEM descriptors built by
    # `make_umma_smem_desc`) emits no op of CuTe's; the tracer reads its operands' values back to traced tensors
    "inline_asm": ("cutlass._mlir.dialects.llvm", "inline_asm"),
    # the same MMA as an NVVM op (`nvvm.tcgen05_mma(kind, group, d_ptr, a_desc, b_desc, idesc, ...)`): D (and a
    # TMEM A) an `inttoptr` of a plain integer address, the descriptors integers computed from SMEM addresses
    "tcgen05_mma": ("cutlass._mlir.dialects.nvvm", "tcgen05_mma"),
    "tcgen05_mma_block_scale": ("cutlass._mlir.dialects.nvvm", "tcgen05_mma_block_scale"),
    # its weight-stationary form (`nvvm.tcgen05_mma_ws(kind, d_ptr, a_desc, b_desc, idesc, ...)`, 1-CTA M = 32 / 64):
    # the same operands, no CTA group
    "tcgen05_mma_ws": ("cutlass._mlir.dialects.nvvm", "tcgen05_mma_ws"),
    # `nvvm.tcgen05_cp(shape, tmem_ptr, smem_desc)`: an SMEM tile copied whole to a TMEM address (a block-scaled
    # MMA's scale factors, which that MMA then reads at the address)
    "tcgen05_cp": ("cutlass._mlir.dialects.nvvm", "tcgen05_cp"),
    # `nvvm.tcgen05_ld(type, shape, tmem_ptr)`: registers read by hand from a TMEM address (an accumulator's columns)
    "tcgen05_ld": ("cutlass._mlir.dialects.nvvm", "tcgen05_ld"),
    # `nvvm.tcgen05_st(shape, tmem_ptr, val)`: registers written by hand to a TMEM address (an operand the next MMA
    # reads there, made from the values stored)
    "tcgen05_st": ("cutlass._mlir.dialects.nvvm", "tcgen05_st"),
    # `stmatrix(ptr, words, layout)` of the experimental primitives: registers written by hand into the SMEM a
    # pointer points at (a softmax's weights into the buffer the next MMA reads as an operand)
    "stmatrix": ("cutlass.experimental.primitives.nvvm_wrapper", "stmatrix"),
    # `cp_async_bulk_shared_cluster_global(dst, src, mbar, bytes)`: a byte range of global memory copied into SMEM by
    # hand, between the tensors its two pointers point into (whole rows of a cache into an operand's tile)
    "cp_async_bulk_shared_cluster_global": ("cutlass.experimental.primitives.nvvm_wrapper",
                                            "cp_async_bulk_shared_cluster_global"),
    # views: new tensors over an existing one's data, whose modes come from its modes
    "domain_offset": ("cutlass.cute", "domain_offset"),
    "filter_zeros": ("cutlass.cute", "filter_zeros"),
    "make_fragment_like": ("cutlass.cute", "make_fragment_like"),
    "make_rmem_tensor_like": ("cutlass.cute", "make_rmem_tensor_like"),
    "recast_tensor": ("cutlass.cute", "recast_tensor"),
    "composition": ("cutlass.cute", "composition"),
    "select": ("cutlass.cute", "select"),
    "flatten": ("cutlass.cute", "flatten"),
    "coalesce": ("cutlass.cute", "coalesce"),
    "make_identity_tensor": ("cutlass.cute", "make_identity_tensor"),
    # an S2T copy's SMEM partition as the SMEM descriptors the copy reads: the partition's modes, leaf for leaf
    "get_s2t_smem_desc_tensor": ("cutlass.cute.nvgpu.tcgen05", "get_s2t_smem_desc_tensor"),
    # host calls that build a TMA over a global tensor: the TMA tensor the kernel receives is that tensor
    "make_tiled_tma_atom": ("cutlass.cute.nvgpu.cpasync", "make_tiled_tma_atom"),
    "make_tiled_tma_atom_A": ("cutlass.cute.nvgpu", "make_tiled_tma_atom_A"),
    "make_tiled_tma_atom_B": ("cutlass.cute.nvgpu", "make_tiled_tma_atom_B"),
    # the same built from the dialect's op (a paged cache's TMA over a hand-made CTA value map): its first
    # argument is the global tensor's value, its second result the TMA tensor
    "atom_make_non_exec_tiled_tma_load": ("cutlass._mlir.dialects.cute_nvgpu", "atom_make_non_exec_tiled_tma_load"),
}
METHODS = {
    "partition_A": ("cutlass.cute.atom", "ThrMma", "partition_A"),
    "partition_B": ("cutlass.cute.atom", "ThrMma", "partition_B"),
    "partition_C": ("cutlass.cute.atom", "ThrMma", "partition_C"),
    "partition_S": ("cutlass.cute.atom", "ThrCopy", "partition_S"),
    "partition_D": ("cutlass.cute.atom", "ThrCopy", "partition_D"),
    "retile": ("cutlass.cute.atom", "TiledCopy", "retile"),
    "make_fragment_A": ("cutlass.cute.atom", "MmaAtom", "make_fragment_A"),
    "make_fragment_B": ("cutlass.cute.atom", "MmaAtom", "make_fragment_B"),
    "make_fragment_C": ("cutlass.cute.atom", "MmaAtom", "make_fragment_C"),
    # shapes, not tensors: what an MMA fragment made from them (`make_rmem_tensor(shape)`) is
    "partition_shape_A": ("cutlass.cute.atom", "TiledMma", "partition_shape_A"),
    "partition_shape_B": ("cutlass.cute.atom", "TiledMma", "partition_shape_B"),
    "partition_shape_C": ("cutlass.cute.atom", "TiledMma", "partition_shape_C"),
    # a runtime field of an MMA: a block-scaled MMA's scale factors (`Field.SFB`) are an operand in TMEM
    "mma_set": ("cutlass.cute.atom", "Atom", "set"),
}

_observers: list = []
_HOOKS = ("before", "after", "on_error", "on_slice", "on_tensor_slice", "on_load", "on_store", "on_index",
          "on_stage_index", "on_pointer_store")
# hook -> the observers' methods for it, made when an observer comes or goes, not looked up at every call
_hooks: dict = {hook: () for hook in _HOOKS}
_installed: "_Patches | None" = None
_local = threading.local()

# id(signature) -> (signature, its parameter names without ``self``): observers ask for a call's names several
# times per call, and a signature never changes (holding it keeps its id its own)
_PARAMS: dict = {}


class Call:
    """One intercepted call as observers see it; its bound arguments and call site are worked out once."""

    __slots__ = ("op", "signature", "args", "kwargs", "meta", "_bound", "_site", "_frame")

    def __init__(self, op: str, signature: inspect.Signature, args, kwargs):
        self.op, self.signature, self.args, self.kwargs = op, signature, args, kwargs
        self.meta: dict = {}
        self._bound = self._site = self._frame = None

    @property
    def bound(self) -> dict:
        if self._bound is None:
            self._bound = _bind(self.signature, self.args, self.kwargs)
        return self._bound

    @property
    def params(self) -> list:
        """Parameter names without ``self``, so positions match the call's source arguments."""
        found = _PARAMS.get(id(self.signature))
        if found is None or found[0] is not self.signature:
            found = _PARAMS[id(self.signature)] = \
                (self.signature, tuple(p for p in self.signature.parameters if p != "self"))
        return list(found[1])

    @property
    def site(self) -> CallSite:
        if self._site is None:
            self._site, self._frame = caller(2)
        return self._site

    @property
    def frame(self):
        _ = self.site
        return self._frame


def replayed(op: str, method, args: tuple, at: Call) -> tuple:
    """(a Call of `op` made at `at`'s site, its result): a CuTe call an observer makes for a call that does it
    inside (cute.experimental's `partition_and_copy` partitions both sides by its ThrCopy), run unobserved."""
    original = getattr(method, "__wrapped__", method)
    depth = getattr(_local, "depth", 0)
    _local.depth = 1
    try:
        result = original(*args)
    finally:
        _local.depth = depth
    call = Call(op, _signature(original), args, {})
    call._site, call._frame = at.site, at.frame
    return call, result


# original -> its signature: read once per process, not at every trace's install
_SIGNATURES: dict = {}


def _signature(original) -> inspect.Signature:
    found = _SIGNATURES.get(original)
    if found is None:
        found = _SIGNATURES[original] = inspect.signature(original)
    return found


_POSITIONAL = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
_PLANS: dict = {}  # id(signature) -> (signature, its positional names, its other named parameters)


def _bind(signature: inspect.Signature, args: tuple, kwargs: dict) -> dict:
    """``signature.bind_partial(*args, **kwargs).arguments`` ({} when they do not bind). The calls CuTe kernels
    make (positional arguments, then keywords that name parameters) are bound directly, in the same order;
    anything else (keywords where the signature has ``*args`` or ``**kwargs``, an argument given twice) goes
    to `inspect`."""
    plan = _PLANS.get(id(signature))
    if plan is None or plan[0] is not signature:
        params = list(signature.parameters.values())
        count = next((i for i, p in enumerate(params) if p.kind not in _POSITIONAL), len(params))
        named = tuple(p.name for p in params[count:] if p.kind == inspect.Parameter.KEYWORD_ONLY)
        if len(named) != len(params) - count:  # `*args` or `**kwargs`
            named = None
        plan = _PLANS[id(signature)] = (signature, tuple(p.name for p in params[:count]), named)
    _, positional, named = plan
    if len(args) <= len(positional) and (named is not None or not kwargs):  # `copy(atom, src, dst)` of
        bound = dict(zip(positional, args))  # `copy(atom, src, dst, *, pred=None, **kwargs)` binds directly too
        if not kwargs:
            return bound
        rest = [n for n in positional[len(args):] if signature.parameters[n].kind != inspect.Parameter.POSITIONAL_ONLY]
        taken = [n for n in rest + list(named) if n in kwargs]
        if len(taken) == len(kwargs):
            bound.update((n, kwargs[n]) for n in taken)
            return bound
    try:
        return dict(signature.bind_partial(*args, **kwargs).arguments)
    except TypeError:
        return {}


def _wrap(op: str, original):
    signature = _signature(original)

    def wrapper(*args, **kwargs):
        if not _observers or getattr(_local, "depth", 0):
            return original(*args, **kwargs)
        call = Call(op, signature, args, kwargs)
        hooks = _hooks  # the observers of this call, whoever comes or goes while it runs
        for before in hooks["before"]:
            before(call)
        _local.depth = 1
        try:
            result = original(*args, **kwargs)
        except Exception as exc:
            for on_error in hooks["on_error"]:
                replacement = on_error(call, exc)
                if replacement is not None:
                    raise replacement from exc
            raise
        finally:
            _local.depth = 0
        for after in hooks["after"]:
            after(call, result)
        return result

    wrapper.__wrapped__ = original
    wrapper.__name__ = getattr(original, "__name__", op)
    wrapper.__qualname__ = getattr(original, "__qualname__", op)
    wrapper.__doc__ = getattr(original, "__doc__", None)
    wrapper._cute_inspect_wrapper = True
    return wrapper


# the frame that made the call whose hooks `_notify` is running (the wrapper's caller), while they run; else None.
# A hook looking for the user's frame starts there, not up through the tracer's frames, `_notify` and the wrapper
# (an element read's hooks look once each, thousands of times per trace)
notified_from = None


def _notify(hook: str, *args) -> None:
    """Call `hook` on every observer that has it, unless a wrapped CuTe call is already running (its internals
    are not the kernel's)."""
    global notified_from
    methods = _hooks[hook]
    if methods and not getattr(_local, "depth", 0):
        outer, notified_from = notified_from, sys._getframe(2)
        try:
            for method in methods:
                method(*args)
        finally:
            notified_from = outer


def _gather_hooks() -> None:
    global _hooks
    _hooks = {hook: tuple(getattr(o, hook) for o in _observers if hasattr(o, hook)) for hook in _HOOKS}


def _wrap_stage_index(original: property) -> property:
    """`PipelineState.index`: observers see the values that index a pipeline's stages."""
    def index(self):
        value = original.fget(self)
        _notify("on_stage_index", value)
        return value

    return property(index, doc=original.__doc__)


def _wrap_getitem(original):
    def __getitem__(self, crd, *args, **kwargs):
        outer, _local.in_getitem = getattr(_local, "in_getitem", False), True
        try:
            result = original(self, crd, *args, **kwargs)
        finally:
            _local.in_getitem = outer
        _notify("on_slice", self, crd, result)
        return result

    __getitem__.__wrapped__ = original
    return __getitem__


def _wrap_tensor_slice(original):
    """`cute.slice_(t, coord)` of a tensor is the view `t[coord]` bound by a call (`sQ_s0 = slice_(sQ, (None, None,
    0))`: one stage of a buffer): observers see it (`on_tensor_slice`), not a tensor from nowhere. `t[coord]` calls
    it inside (seen as `on_slice`), and slices of layouts, shapes and tuples are no tensor's: neither is seen."""
    from cutlass.cute.tensor import _Tensor

    def slice_(src, coord, *args, **kwargs):
        result = original(src, coord, *args, **kwargs)
        if isinstance(src, _Tensor) and not getattr(_local, "in_getitem", False):
            _notify("on_tensor_slice", src, coord, result)
        return result

    slice_.__wrapped__ = original
    slice_.__name__ = getattr(original, "__name__", "slice_")
    slice_.__doc__ = getattr(original, "__doc__", None)
    slice_._cute_inspect_wrapper = True
    return slice_


def _wrap_setitem(original):
    """`t[crd] = value`: observers see the coordinate a tensor is written at and the value (`on_index(tensor, crd,
    value)`)."""
    def __setitem__(self, crd, *args, **kwargs):
        result = original(self, crd, *args, **kwargs)
        _notify("on_index", self, crd, args[0] if args else kwargs.get("data"))
        return result

    __setitem__.__wrapped__ = original
    return __setitem__


def _wrap_value_flow(original, hook: str):
    """`Tensor.load` / `Tensor.store`: observers see which tensor's values a register value came from or went to."""
    def method(self, *args, **kwargs):
        result = original(self, *args, **kwargs)
        if _hooks[hook]:
            _notify(hook, self, result if hook == "on_load" else (args[0] if args else kwargs.get("data")))
        return result

    method.__wrapped__ = original
    return method


def _wrap_pointer_store(original):
    """`Pointer.store`: observers see a value the kernel writes by hand through a raw pointer (`(ptr + i).store(v)`)."""
    def store(self, value, *args, **kwargs):
        result = original(self, value, *args, **kwargs)
        if _hooks["on_pointer_store"]:
            _notify("on_pointer_store", self, value)
        return result

    store.__wrapped__ = original
    return store


# id(module) -> (module, names it binds to a wrapped function): a module's imports are read once per process,
# not at every trace (walking every loaded module's namespace cost a tenth of a second per compile)
_SCANNED: dict = {}


def _bindings(module, namespace: dict, originals: dict) -> tuple:
    found = _SCANNED.get(id(module))
    if found is None or found[0] is not module:
        names = tuple(attr for attr, value in list(namespace.items()) if id(value) in originals)
        found = _SCANNED[id(module)] = (module, names)
    return found[1]


# [the loaded modules when last asked, (module, the names it binds to wrapped functions) of those that bind any]:
# a compile loads no module most of the time, so each trace's install walks the few modules that matter, not all
_BINDING: list = [None, ()]


def _modules_binding(originals: dict) -> tuple:
    modules = list(sys.modules.values())
    if modules != _BINDING[0]:  # modules compare by identity: a module loaded or replaced since is read
        found = []
        for module in modules:
            namespace = getattr(module, "__dict__", None)
            names = _bindings(module, namespace, originals) if namespace is not None else ()
            if names:
                found.append((module, names))
        _BINDING[:] = [modules, tuple(found)]
    return _BINDING[1]


def _module(name: str):
    """The module `name`, imported if it is not loaded yet (`import_module` of a loaded module still runs the
    import machinery's Python: ~80 bytecodes, 66 modules per install)."""
    found = sys.modules.get(name)
    return found if found is not None else importlib.import_module(name)


# (wrapper maker, its arguments: the original and the op or hook) -> the wrapper it made: a wrapper finds its
# observers when called, so the one made at the first install serves every later one (the originals are held,
# so a key never outlives what it names)
_MADE: dict = {}


def _made_once(make, *args):
    try:
        found = _MADE.get((make, args))
    except TypeError:  # an original that cannot be hashed: made anew each time
        return make(*args)
    if found is None:
        found = _MADE[(make, args)] = make(*args)
    return found


class _Patches:
    """Install wrappers everywhere an original is bound, and put every original back afterwards."""

    def __init__(self):
        self.undo: list = []

    def install(self) -> None:
        import cutlass.cute  # noqa: F401  (the modules to patch must be loaded)
        import cutlass.cute.nvgpu.cpasync  # noqa: F401
        from cutlass.cute.tensor import _Tensor

        originals = {}
        for op, (module_name, attr) in FUNCTIONS.items():
            try:
                original = getattr(_module(module_name), attr, None)
            except ImportError:  # a CuTeDSL release without it (`cutlass.block` is recent)
                continue
            if original is not None and not getattr(original, "_cute_inspect_wrapper", False):
                originals[id(original)] = (original, _made_once(_wrap, op, original))
        original = getattr(_module("cutlass.cute"), "slice_", None)
        if original is not None and not getattr(original, "_cute_inspect_wrapper", False):
            originals[id(original)] = (original, _made_once(_wrap_tensor_slice, original))
        for module, names in _modules_binding(originals):
            namespace = module.__dict__
            for attr in names:
                hit = originals.get(id(namespace.get(attr)))
                if hit is not None and hit[0] is namespace[attr]:
                    self._set(module, attr, hit[1])
        for op, (module_name, cls_name, attr) in METHODS.items():
            cls = getattr(_module(module_name), cls_name)
            original = cls.__dict__.get(attr)
            if original is not None:
                self._set(cls, attr, _made_once(_wrap, op, original))
        self._set(_Tensor, "__getitem__", _made_once(_wrap_getitem, _Tensor.__dict__["__getitem__"]))
        self._set(_Tensor, "__setitem__", _made_once(_wrap_setitem, _Tensor.__dict__["__setitem__"]))
        self._set(_Tensor, "load", _made_once(_wrap_value_flow, _Tensor.__dict__["load"], "on_load"))
        self._set(_Tensor, "store", _made_once(_wrap_value_flow, _Tensor.__dict__["store"], "on_store"))
        try:
            from cutlass.cute.core import _Pointer
        except ImportError:  # a CuTeDSL release that names its pointer otherwise
            _Pointer = None
        if _Pointer is not None and "store" in _Pointer.__dict__:
            self._set(_Pointer, "store", _made_once(_wrap_pointer_store, _Pointer.__dict__["store"]))
        try:
            from cutlass.pipeline import PipelineState
        except ImportError:  # a CuTeDSL release without the pipeline helpers
            PipelineState = None
        if isinstance(getattr(PipelineState, "__dict__", {}).get("index"), property):
            self._set(PipelineState, "index", _made_once(_wrap_stage_index, PipelineState.__dict__["index"]))

    def _set(self, owner, attr, value) -> None:
        self.undo.append((owner, attr, owner.__dict__[attr] if isinstance(owner, type) else getattr(owner, attr)))
        setattr(owner, attr, value)

    def restore(self) -> None:
        for owner, attr, value in reversed(self.undo):
            setattr(owner, attr, value)
        self.undo.clear()


@contextlib.contextmanager
def observing(observer):
    """Let `observer` see every wrapped call made inside the block (wrappers installed on first use)."""
    global _installed
    if _installed is None:
        _installed = _Patches()
        _installed.install()
    _observers.append(observer)
    _gather_hooks()
    try:
        yield observer
    finally:
        _observers.remove(observer)
        _gather_hooks()
        if not _observers:
            _installed.restore()
            _installed = None
