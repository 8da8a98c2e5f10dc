"""CuTe shapes as plain Python values: nested tuples of ints, with `DYNAMIC` for run-time extents.

Shapes are read from a value's MLIR type string (``!cute.memref<f16, smem, ..., "(128,64,4):(64,1,8192)">``),
which costs nothing at run time: asking a tensor for ``.shape`` or ``str(layout)`` can emit IR.
"""

from __future__ import annotations

import contextlib
import functools
import re
from dataclasses import dataclass
from typing import Union


class _Dynamic:
    """A run-time extent: CuTe prints it as ``?`` (``?{i64 div=16}`` with its known divisibility)."""

    _instance = None

    def __new__(cls):
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "?"

    def __reduce__(self):
        return (_Dynamic, ())


DYNAMIC = _Dynamic()

Shape = Union[int, _Dynamic, tuple]

_TOKEN = re.compile(r"\s*(?:(\()|(\))|(,)|(-?\d+)|(\?(?:\{[^}]*\})?))")


def parse_shape(text: str) -> Shape:
    """Parse CuTe notation such as ``((128,16),1,4,?)`` into nested tuples.

    >>> parse_shape("((128,16),1,4,?{i64 div=16})")
    ((128, 16), 1, 4, ?)
    """
    pos = 0

    def mode() -> Shape:
        nonlocal pos
        m = _TOKEN.match(text, pos)
        if not m:
            raise ValueError(f"cannot read a CuTe shape at column {pos + 1} of {text!r}")
        pos = m.end()
        if m.group(1):
            items = [mode()]
            while True:
                m = _TOKEN.match(text, pos)
                if not m or not (m.group(2) or m.group(3)):
                    at = len(text) - len(text[pos:].lstrip())
                    raise ValueError(f"expected ',' or ')' at column {at + 1} of {text!r}")
                pos = m.end()
                if m.group(2):
                    return tuple(items)
                items.append(mode())
        if m.group(4):
            return int(m.group(4))
        if m.group(5):
            return DYNAMIC
        raise ValueError(f"unexpected {m.group(0).strip()!r} at column {m.start() + 1} of {text!r}")

    result = mode()
    if text[pos:].strip():
        raise ValueError(f"unexpected text {text[pos:].strip()!r} after a CuTe shape in {text!r}")
    return result


def format_shape(shape: Shape) -> str:
    """Write a shape in CuTe notation: ``((128,16),1,4,?)``."""
    if isinstance(shape, tuple):  # a leaf written here, not by a call per leaf (shapes are written at every call)
        return "(" + ",".join([format_shape(s) if isinstance(s, tuple) else str(s) for s in shape]) + ")"
    return str(shape)


#: a swizzle's text, ``S<3,4,3>``, its three numbers grouped
SWIZZLE_TEXT = re.compile(r"S<(\d+),\s*(\d+),\s*(-?\d+)>")


@dataclass(frozen=True)
class Swizzle:
    """CuTe's ``Swizzle<B, M, S>``: XOR the B bits at [M+S, M+S+B) into the B bits at [M, M+B)."""

    bits: int
    base: int
    shift: int

    def __call__(self, offset: int) -> int:
        mask = (1 << self.bits) - 1
        if self.shift >= 0:
            return offset ^ ((offset & (mask << (self.base + self.shift))) >> self.shift)
        return offset ^ ((offset & (mask << self.base)) << -self.shift)

    def __str__(self) -> str:
        return f"S<{self.bits},{self.base},{self.shift}>"

    @classmethod
    def parse(cls, text: str) -> Swizzle:
        m = SWIZZLE_TEXT.search(text)
        if not m:
            raise ValueError(f"{text!r} is not a swizzle S<B,M,S>")
        return cls(*(int(g) for g in m.groups()))

    def in_bytes(self, elem_bytes: int) -> Swizzle:
        """The same permutation acting on byte addresses instead of element offsets."""
        return Swizzle(self.bits, self.base + elem_bytes.bit_length() - 1, self.shift)


def leaves(tree) -> list:
    """The leaves of a nested tuple, left to right: ``((128,16),1,4)`` gives ``[128, 16, 1, 4]``. Walked with a
    stack of the tuples' iterators, not a call per node: shapes are read at every traced slice and call."""
    if not isinstance(tree, tuple):
        return [tree]
    found, stack = [], [iter(tree)]
    while stack:
        for t in stack[-1]:
            if isinstance(t, tuple):
                stack.append(iter(t))
                break
            found.append(t)
        else:
            stack.pop()
    return found


def size(shape: Shape, unknown: int | None = None) -> int | None:
    """The number of elements of `shape`, the product of its leaves. A leaf that is no static int (`DYNAMIC`, a
    layout object) counts as `unknown`; with None, the size is unknown too (None)."""
    total = 1
    for leaf in leaves(shape):
        if not isinstance(leaf, int) or isinstance(leaf, bool):
            if unknown is None:
                return None
            leaf = unknown
        total *= leaf
    return total


def compact_stride(shape, start: int = 1):
    """The column-major stride CuTe gives a shape written without one: ``(4,(2,3))`` gives ``(1,(4,8))``."""
    def walk(s, current):
        if isinstance(s, tuple):
            out = []
            for x in s:
                d, current = walk(x, current)
                out.append(d)
            return tuple(out), current
        return current, current * s

    return walk(shape, start)[0]


def rank(shape: Shape) -> int:
    return len(shape) if isinstance(shape, tuple) else 1


def modes(shape: Shape) -> tuple:
    """The top-level modes of a shape; a scalar shape is one mode."""
    return shape if isinstance(shape, tuple) else (shape,)


_MEMREF = re.compile(r'^!cute(?:_nvgpu)?\.(\w+)<(.*)>$', re.S)
_LAYOUT = re.compile(r'"([^"]*)"')
_SWIZZLE = re.compile(r"S<\d+,\s*\d+,\s*\d+>")
_MEMSPACES = ("gmem", "smem", "rmem", "tmem")


class TypeInfo:
    """What a tensor's or layout's MLIR type string says about it."""

    __slots__ = ("kind", "shape", "stride", "memspace", "dtype", "swizzle", "text", "_layout")

    def __init__(self, text: str):
        self.text = text
        self._layout = _UNREAD
        m = _MEMREF.match(text.strip())
        self.kind = m.group(1) if m else "unknown"
        body = m.group(2) if m else text
        quoted = _LAYOUT.findall(body)
        layout = quoted[-1] if quoted else None  # a coord_tensor quotes its base coordinate first
        self.shape: Shape | None = None
        self.stride: str | None = None
        composed_swizzle = None
        if layout and " o " in layout:
            # a composed layout "S<3,3,3> o 0 o (128,32):(32,1)": the swizzle, an offset, then the layout
            parts = layout.split(" o ")
            composed_swizzle = parts[0] if parts[0].startswith("S<") else None
            layout = parts[-1]
        if layout:
            shape_text, _, stride_text = layout.partition(":")
            try:
                self.shape = parse_shape(shape_text)
                self.stride = stride_text or None
            except ValueError:  # not a plain layout (an atom's TV layout): nothing to record
                self.shape = None
        rest = _LAYOUT.sub("", body)
        swizzle = _SWIZZLE.search(rest)
        self.swizzle = swizzle.group(0) if swizzle else composed_swizzle
        head = [p.strip() for p in _SWIZZLE.sub("", rest).split(",") if p.strip()]
        self.memspace = next((p for p in head if p in _MEMSPACES), None)
        if self.memspace is None and "coord" in self.kind:
            self.memspace = "coord"
        self.dtype = head[0] if head and self.kind == "memref" else None
        if self.kind == "smem_desc_view":
            # a tcgen05/wgmma operand fragment: SMEM descriptors held in registers, named `r` by convention
            self.memspace, self.dtype = "rmem", "smem_desc"

    @property
    def layout(self) -> str | None:
        if self._layout is _UNREAD:  # one TypeInfo serves every value of its type: the text is made once
            self._layout = None if self.shape is None else \
                format_shape(self.shape) + (":" + self.stride if self.stride else "")
        return self._layout


_UNREAD = object()

# MLIR type -> its TypeInfo (None: not a CuTe type) inside `types_cached`; None outside it
_by_type: dict | None = None
_texts: dict | None = None  # MLIR type or attribute -> its text, inside `types_cached`
_ir_type = None  # the MLIR bindings' Type class: only its instances hash and compare without emitting IR
_ir_uniqued = ()  # Type and Attribute: uniqued by their context, so equal objects print alike
_tensor_class = None  # CuTeDSL's `_Tensor`, whose `.type` is its value's type
# id(MLIR value) -> (the value, its TypeInfo) inside `types_cached`: a value's type never changes, and a tensor
# sliced at every stage or element is asked for its type at each slice; holding the value keeps its id its own
_by_value: dict | None = None
_ir_value = None  # the MLIR bindings' Value class


@contextlib.contextmanager
def types_cached():
    """Inside the block, `type_info` prints each MLIR type once (printing costs microseconds and a traced
    kernel asks for a few hundred types thousands of times). A cached type holds its MLIR context alive, so no
    other type can take its address while the block lasts; the cache is dropped when it ends."""
    global _by_type, _texts, _by_value, _ir_type, _ir_uniqued, _ir_value, _tensor_class
    from cutlass._mlir import ir
    from cutlass.cute.tensor import _Tensor

    _ir_type, _ir_uniqued, _ir_value, _tensor_class = ir.Type, (ir.Type, ir.Attribute), ir.Value, _Tensor
    saved = _by_type, _texts, _by_value
    _by_type = {} if _by_type is None else _by_type
    _texts = {} if _texts is None else _texts
    _by_value = {} if _by_value is None else _by_value
    try:
        yield
    finally:
        _by_type, _texts, _by_value = saved


def mlir_text(obj) -> str:
    """``str(obj)``; an MLIR type or attribute is printed once inside `types_cached` (a TiledCopy's type prints
    a few hundred characters, at every copy partition)."""
    if _texts is None or not isinstance(obj, _ir_uniqued):
        return str(obj)
    found = _texts.get(obj)
    if found is None:
        found = _texts[obj] = str(obj)
    return found


def type_info(value) -> TypeInfo | None:
    """Read a CuTeDSL tensor's or layout's type without emitting IR; None for anything else."""
    # a tensor's type is its value's: read past the property's IR-context cache, which costs more than the read
    tensor = type(value) is _tensor_class
    if _by_value is not None and (tensor or isinstance(value, _ir_value)):
        held = value.value if tensor else value
        hit = _by_value.get(id(held))
        if hit is None or hit[0] is not held:
            hit = _by_value[id(held)] = (held, _info_of_type(held.type))
        return hit[1]
    return _info_of_type(value.value.type if tensor else getattr(value, "type", None))


def _info_of_type(typ) -> TypeInfo | None:
    if typ is None:
        return None
    cache = _by_type if _by_type is not None and isinstance(typ, _ir_type) else None
    if cache is not None and typ in cache:
        return cache[typ]
    try:
        text = str(typ)
    except Exception:
        return None
    info = info_of(text) if text.startswith(("!cute.", "!cute_nvgpu.")) else None
    if cache is not None:
        cache[typ] = info
    return info


@functools.lru_cache(maxsize=8192)
def info_of(text: str) -> TypeInfo:
    """The `TypeInfo` of a type's text, read once per distinct type (a kernel repeats a few hundred types)."""
    return TypeInfo(text)
