"""`expect`: state a tensor's shape where it is made, and fail the compile when it is not so.

Checks run while the DSL traces the kernel (plain Python at compile time) and read only the value's type, so
the generated code is the same with or without them. Symbols are bound per compile: the first `expect` that
names `RestK` fixes it for every later check of that compile, as jaxtyping binds dims per call.
"""

from __future__ import annotations

import os

from cute_inspect.check import scope as _scope
from cute_inspect.check.spec import Mismatch, SpecError, match, parse_spec
from cute_inspect.trace.shape import DYNAMIC, Shape, format_shape, type_info
from cute_inspect.trace.source import argument_text, caller, relative


class ShapeCheckError(AssertionError):
    """A tensor's shape differs from the spec an `expect` states for it: the kernel (or the spec) is wrong."""


def _checks_enabled() -> bool:
    return os.environ.get("CUTE_INSPECT_CHECKS", "1") not in ("0", "false", "off", "no")


def _shape_of(value) -> Shape:
    if isinstance(value, (tuple, int)):
        return value
    info = type_info(value)
    if info is None or info.shape is None:
        raise SpecError(f"expect() takes a CuTe tensor, layout or shape tuple, not {type(value).__name__}")
    return info.shape


def _dim_value(name: str, value) -> Shape:
    """A keyword dim as a shape: ints and int tuples are static; any other value is a run-time extent."""
    if isinstance(value, bool):
        raise SpecError(f"dim {name}={value!r}: a dim is an int, a tuple of ints, or a run-time integer")
    if isinstance(value, int):
        return value
    if isinstance(value, tuple):
        return tuple(_dim_value(name, v) for v in value)
    return DYNAMIC


def _label_note(value, mismatch: Mismatch) -> str:
    from cute_inspect.trace import tracer as _tracer

    label = _tracer.label_at(value, mismatch.path)
    return f" [{label}]" if label else ""


def _bindings_text(bindings: dict) -> str:
    return ", ".join(f"{k}={format_shape(v) if isinstance(v, tuple) or v is DYNAMIC else v}"
                     for k, v in bindings.items())


def expect(tensor, spec: str, **dims) -> None:
    """Check, at compile time, that `tensor`'s shape matches `spec`; abort the compile if not.

    `spec` is written like the shape comments of CUTLASS kernels (see `cute_inspect.check.spec` for the grammar).
    Keyword `dims` fix symbols up front; a dim given a run-time integer (e.g. ``cute.size(mA, mode=[1]) // 64``
    when K is dynamic) matches any run-time extent. Symbols are shared by every `expect` of one compile.

    Example (runs inside a ``@cute.jit`` or ``@cute.kernel`` function)::

        gA = cute.local_tile(mA_mk, (128, 64), (bidx, None))
        expect(gA, "(bM, bK, RestK)", bM=128, bK=64)

    Outside a compile it also checks plain shape tuples:

    >>> expect(((128, 16), 1, 4, 8), "((MMA_M, MMA_K), MMA_RestM, MMA_RestK, RestK)", MMA_M=128)
    """
    if not _checks_enabled():
        return
    node = parse_spec(spec)
    actual = _shape_of(tensor)
    bindings = _scope.bindings()
    site, _frame = caller()
    for name, value in dims.items():
        want = _dim_value(name, value)
        if name in bindings and bindings[name] != want:
            _fail(site, tensor, spec, actual, bindings,
                  Mismatch((), name, want, f"{name}={format_shape(want)} here, but an earlier check bound "
                           f"{name}={format_shape(bindings[name])}"))
        bindings[name] = want
    trial = dict(bindings)
    found = match(node, actual, trial)
    if found:
        _fail(site, tensor, spec, actual, bindings, found)
    bindings.update(trial)


def _fail(site, tensor, spec, actual, bindings, mismatch: Mismatch):
    name = argument_text(site, 0, "expect") or "tensor"
    where = f"{relative(site.file)}:{site.line}"
    lines = [
        f"{where}: `{name}` has shape {format_shape(actual)}, which does not match {spec!r}",
        f"  {mismatch.where()}: {mismatch.reason}{_label_note(tensor, mismatch)}",
        f"  expected: {spec}",
        f"  actual:   {format_shape(actual)}",
    ]
    if bindings:
        lines.append(f"  bound so far in this compile: {_bindings_text(bindings)}")
    _scope.discard()
    raise ShapeCheckError("\n".join(lines))
