"""The shape-spec language: the mode tuples kernel authors already write in comments, made checkable.

Grammar (one page, as jaxtyping's)::

    spec  := mode
    mode  := "(" [mode ("," mode)*] ")"     a tuple of modes, nested as in CuTe
           | INT                           a fixed extent: 128
           | NAME                          a symbol, bound on first use: MMA_M, RestK, CPY
           | "_"                           any one mode, nested or not
           | "?"                           a run-time (dynamic) extent
           | "..." | "*" NAME              zero or more modes at this level (``*NAME`` binds them)
           | expr                          arithmetic of ints and bound symbols: K/bK, 2*MMA_M, N-1
    expr  := term (("+" | "-") term)*,  term := atom (("*" | "/") atom)*,  atom := INT | NAME

``/`` is CuTe's ceiling division (a rest mode of K by 64 has ceil(K/64) tiles); an expression with a run-time
operand is a run-time extent.

A symbol matches one whole mode, so ``(MMA, MMA_M, MMA_K)`` checks a shape whose first mode is nested.
Parsed specs are cached; matching returns a `Mismatch` (a reason) rather than raising.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Union

from cute_inspect.trace.shape import DYNAMIC, Shape, format_shape


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


@dataclass(frozen=True)
class Expr:
    op: str
    left: "Fixed | Named | Expr"
    right: "Fixed | Named | Expr"

    def __str__(self) -> str:
        return f"{self.left}{self.op}{self.right}"


Node = Union[Fixed, Named, AnyMode, Dynamic, Variadic, Group, Expr]

_TOKEN = re.compile(r"\s*(?:(\.\.\.)|(\*(?=[A-Za-z_]))|([A-Za-z_]\w*)|(\d+)|([(),?])|([-+*/])|(\S))")


_OPERATORS = ("+", "-", "*", "/")


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

    def peek() -> str | None:
        return toks[pos][1] if pos < len(toks) else None

    def operand() -> Node:
        nonlocal pos
        if pos >= len(toks) or toks[pos][0] not in (2, 3, 4):
            at = toks[pos][2] if pos < len(toks) else len(spec)
            raise fail("an arithmetic operator needs an int or a name after it", at)
        kind, text, _ = toks[pos]
        pos += 1
        if kind == 2:  # a '*' here is multiplication, the next token its operand
            return operand()
        return Fixed(int(text)) if kind == 4 else Named(text)

    def arithmetic(first: Node) -> Node:
        nonlocal pos

        def term(left: Node) -> Node:
            nonlocal pos
            while peek() in ("*", "/"):
                op = toks[pos][1]
                pos += 1
                left = Expr(op, left, operand())
            return left

        left = term(first)
        while peek() in ("+", "-"):
            op = toks[pos][1]
            pos += 1
            left = Expr(op, left, term(operand()))
        return left

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
            if pos >= len(toks) or toks[pos][0] != 3:
                raise fail("'*' starts a variadic '*name'", at)
            pos += 1
            return Variadic(toks[pos - 1][1])
        if kind == 3:
            if text == "_":
                return AnyMode()
            return arithmetic(Named(text)) if peek() in _OPERATORS else Named(text)
        if kind == 4:
            return arithmetic(Fixed(int(text))) if peek() in _OPERATORS else Fixed(int(text))
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


def evaluate(node: Node, bindings: dict):
    """An expression's extent: an int, or DYNAMIC when any operand is a run-time extent."""
    if isinstance(node, Fixed):
        return node.value
    if isinstance(node, Named):
        if node.name not in bindings:
            raise SpecError(f"`{node.name}` has no value yet: pass {node.name}=... or bind it in an earlier check")
        value = bindings[node.name]
        if value is not DYNAMIC and not isinstance(value, int):
            raise SpecError(f"`{node.name}` is the nested mode {format_shape(value)}: arithmetic needs an extent")
        return value
    left, right = evaluate(node.left, bindings), evaluate(node.right, bindings)
    if left is DYNAMIC or right is DYNAMIC:
        return DYNAMIC
    if node.op == "/":
        if right == 0:
            raise SpecError(f"division by zero in {node}")
        return -(-left // right)
    return {"+": left + right, "-": left - right, "*": left * right}[node.op]


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
    if isinstance(node, Expr):
        want = evaluate(node, bindings)
        if want == actual:
            return None
        return Mismatch(path, str(node), actual, f"{node} is {_describe(want)}, found {_describe(actual)}")
    if isinstance(node, Expr):
        want = evaluate(node, bindings)
        if want == actual:
            return None
        return Mismatch(path, str(node), actual, f"{node} is {_describe(want)}, found {_describe(actual)}")
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
