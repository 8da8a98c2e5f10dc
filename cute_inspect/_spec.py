"""The shape-spec language: the mode tuples kernel authors already write in comments, made checkable.

Grammar (one page, as jaxtyping's)::

    spec  := mode
    mode  := "(" [mode ("," mode)*] ")"     a tuple of modes, nested as in CuTe
           | INT                           a fixed extent: 128
           | NAME                          a symbol, bound on first use: MMA_M, RestK, CPY
           | "_"                           any one mode, nested or not
           | "?"                           a run-time (dynamic) extent
           | "..." | "*" NAME              zero or more modes at this level (``*NAME`` binds them)

A symbol matches one whole mode, so ``(MMA, MMA_M, MMA_K)`` checks a shape whose first mode is nested.
Parsed specs are cached; matching returns a `Mismatch` (a reason) rather than raising.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Union

from cute_inspect._shape import DYNAMIC, Shape, format_shape


class SpecError(ValueError):
    """A shape spec that cannot be read: the spec is wrong, not the tensor."""


@dataclass(frozen=True)
class Fixed:
    value: int

    def __str__(self) -> str:
        return str(self.value)


@dataclass(frozen=True)
class Named:
    name: str

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class AnyMode:
    def __str__(self) -> str:
        return "_"


@dataclass(frozen=True)
class Dynamic:
    def __str__(self) -> str:
        return "?"


@dataclass(frozen=True)
class Variadic:
    name: str | None

    def __str__(self) -> str:
        return f"*{self.name}" if self.name else "..."


@dataclass(frozen=True)
class Group:
    items: tuple

    def __str__(self) -> str:
        return "(" + ", ".join(str(i) for i in self.items) + ")"


Node = Union[Fixed, Named, AnyMode, Dynamic, Variadic, Group]

_TOKEN = re.compile(r"\s*(?:(\.\.\.)|(\*[A-Za-z_]\w*)|([A-Za-z_]\w*)|(\d+)|([(),?])|(\S))")


def _tokens(spec: str):
    pos = 0
    while pos < len(spec):
        m = _TOKEN.match(spec, pos)
        if not m or m.end() == pos:
            return
        pos = m.end()
        kind = m.lastindex
        yield kind, m.group(kind), m.start(kind)


@functools.lru_cache(maxsize=1024)
def parse_spec(spec: str) -> Node:
    """Parse a shape spec once; raises `SpecError` saying where and what to write instead.

    >>> str(parse_spec("((MMA_M,MMA_K), MMA_RestM, MMA_RestK, RestK)"))
    '((MMA_M, MMA_K), MMA_RestM, MMA_RestK, RestK)'
    """
    if not isinstance(spec, str):
        raise SpecError(f"a shape spec is a string such as \"(bM, bK, RestK)\", not {type(spec).__name__}")
    toks = list(_tokens(spec))
    if not toks:
        raise SpecError("empty shape spec: write the modes, e.g. \"(bM, bK, RestK)\"")
    pos = 0

    def fail(msg: str, at: int) -> SpecError:
        return SpecError(f"{msg} at column {at + 1} of {spec!r}")

    def mode() -> Node:
        nonlocal pos
        if pos >= len(toks):
            raise fail("the spec ends early: a mode or ')' is missing", len(spec))
        kind, text, at = toks[pos]
        pos += 1
        if kind == 5 and text == "(":
            items: list[Node] = []
            if pos < len(toks) and toks[pos][1] == ")":
                pos += 1
                return Group(())
            while True:
                items.append(mode())
                if pos >= len(toks):
                    raise fail("unbalanced '(': add the closing ')'", len(spec))
                kind, text, at = toks[pos]
                pos += 1
                if text == ")":
                    break
                if text != ",":
                    raise fail(f"modes are separated with commas, found {text!r}", at)
            if sum(isinstance(i, Variadic) for i in items) > 1:
                raise fail("at most one '...' or '*name' per level, or the match is ambiguous", at)
            return Group(tuple(items))
        if kind == 1:
            return Variadic(None)
        if kind == 2:
            return Variadic(text[1:])
        if kind == 3:
            return AnyMode() if text == "_" else Named(text)
        if kind == 4:
            return Fixed(int(text))
        if text == "?":
            return Dynamic()
        if text == ")":
            raise fail("unexpected ')': unbalanced parentheses", at)
        if text == ",":
            raise fail("unexpected ',': a mode is missing", at)
        raise fail(f"unexpected {text!r}: a mode is an int, a name, '_', '?' or '...'", at)

    node = mode()
    if pos < len(toks):
        kind, text, at = toks[pos]
        if text == ",":
            raise fail("several top-level modes: wrap them in parentheses, e.g. \"(bM, bK, RestK)\"", at)
        raise fail(f"unexpected {text!r} after the end of the spec", at)
    if isinstance(node, Variadic):
        raise fail("'...' must stand inside a tuple", 0)
    return node


@dataclass(frozen=True)
class Mismatch:
    """Why a shape does not match a spec: where (a path of mode indices), what was expected, what was found."""

    path: tuple
    expected: str
    actual: Shape
    reason: str

    def where(self) -> str:
        if not self.path:
            return "the shape"
        return "mode " + ".".join(str(i) for i in self.path)


def _describe(value: Shape) -> str:
    return "a run-time extent (?)" if value is DYNAMIC else format_shape(value)


def match(node: Node, actual: Shape, bindings: dict, path: tuple = ()) -> Mismatch | None:
    """Match `actual` against a parsed spec, binding symbols into `bindings` (mutated).

    Returns None on success, else the first `Mismatch` in mode order.
    """
    if isinstance(node, AnyMode):
        return None
    if isinstance(node, Fixed):
        if actual == node.value:
            return None
        return Mismatch(path, str(node), actual, f"expected {node.value}, found {_describe(actual)}")
    if isinstance(node, Dynamic):
        if actual is DYNAMIC:
            return None
        return Mismatch(path, "?", actual, f"expected a run-time extent, found the static {format_shape(actual)}")
    if isinstance(node, Named):
        if node.name not in bindings:
            bindings[node.name] = actual
            return None
        bound = bindings[node.name]
        if bound == actual:
            return None
        return Mismatch(path, node.name, actual,
                        f"{node.name} is {_describe(bound)}, found {_describe(actual)}")
    if isinstance(node, Group):
        if not isinstance(actual, tuple):
            return Mismatch(path, str(node), actual,
                            f"expected a tuple of {len(node.items)} modes, found the single mode {_describe(actual)}")
        items = node.items
        var_at = next((i for i, it in enumerate(items) if isinstance(it, Variadic)), None)
        if var_at is None:
            if len(items) != len(actual):
                return Mismatch(path, str(node), actual,
                                f"expected {len(items)} modes, found {len(actual)}")
            pairs = list(zip(range(len(items)), items, actual))
        else:
            head, tail = items[:var_at], items[var_at + 1:]
            if len(actual) < len(head) + len(tail):
                return Mismatch(path, str(node), actual,
                                f"expected at least {len(head) + len(tail)} modes, found {len(actual)}")
            n_tail_start = len(actual) - len(tail)
            var = items[var_at]
            middle = tuple(actual[len(head):n_tail_start])
            if var.name:
                if var.name in bindings and bindings[var.name] != middle:
                    return Mismatch(path + (len(head),), str(var), middle,
                                    f"{var.name} is {format_shape(bindings[var.name])}, found {format_shape(middle)}")
                bindings.setdefault(var.name, middle)
            pairs = [(i, it, actual[i]) for i, it in enumerate(head)]
            pairs += [(n_tail_start + j, it, actual[n_tail_start + j]) for j, it in enumerate(tail)]
        for i, it, a in pairs:
            found = match(it, a, bindings, path + (i,))
            if found:
                return found
        return None
    raise TypeError(f"not a spec node: {node!r}")
