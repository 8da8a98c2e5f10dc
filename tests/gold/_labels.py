"""The label contract of the gold set (TEAM.md): one `level-role[-axis]` label per leaf of a flattened shape.

    >>> leaves("((8,16),(64,2),(1,2))")
    ['8', '16', '64', '2', '1', '2']
    >>> parse("mma_qk-atom-Q")
    Label(level='mma', role='atom', axis='Q')
"""

from __future__ import annotations

import re
from typing import NamedTuple

LEVELS = ("input", "coord", "block", "mma", "copy", "epi", "store", "stage", "?")
ROLES = ("atom", "rest", "tma", "mode")
AXES = ("M", "N", "K", "L", "Q", "D", "H", "B", "?")


class Label(NamedTuple):
    level: str
    role: str | None
    axis: str | None  # None where no single axis (written `?` or left out)


def parse(text: str) -> Label:
    """A label as the tracer writes it; an MMA's name after the level (`mma_qk`) is dropped."""
    parts = str(text).split("-")
    level = parts[0].split("_")[0]
    if level in ("stage", "?"):
        return Label(level, None, None)
    role = parts[1] if len(parts) > 1 else None
    axis = parts[2] if len(parts) > 2 and parts[2] != "?" else None
    return Label(level, role, axis)


def check(text: str) -> str | None:
    """Why a gold label breaks the contract, or None when it keeps it."""
    parts = text.split("-")
    if parts[0] in ("stage", "?"):
        return None if len(parts) == 1 else f"{text}: `{parts[0]}` takes no role or axis"
    if parts[0] not in LEVELS:
        return f"{text}: level {parts[0]!r} is not one of {LEVELS}"
    if len(parts) < 2 or parts[1] not in ROLES:
        return f"{text}: role must be one of {ROLES}"
    if len(parts) > 3 or (len(parts) == 3 and parts[2] not in AXES):
        return f"{text}: axis must be one of {AXES}"
    return None


_TOKEN = re.compile(r"\(|\)|,|[^(),\s]+")


def tree(shape: str):
    """``"((8,16),2)"`` -> ``(('8', '16'), '2')``; a bare extent stays a string."""
    tokens = _TOKEN.findall(shape)
    stack: list[list] = [[]]
    for token in tokens:
        if token == "(":
            stack.append([])
        elif token == ")":
            done = tuple(stack.pop())
            stack[-1].append(done)
        elif token != ",":
            stack[-1].append(token)
    return stack[0][0] if len(stack[0]) == 1 else tuple(stack[0])


def leaves(shape) -> list[str]:
    node = tree(shape) if isinstance(shape, str) else shape
    if isinstance(node, tuple):
        return [leaf for child in node for leaf in leaves(child)]
    return [node]


def expand(levels, shape) -> list[str] | None:
    """Per-top-level-mode labels (the tracer's `levels`) spread over the leaves of `shape`: a label that covers a
    nested mode labels each of its leaves. None where the two do not fit each other."""
    node = tree(shape) if isinstance(shape, str) else shape
    if isinstance(levels, str):
        return [levels] * len(leaves(node))
    if not isinstance(node, tuple):
        node = (node,)
    if len(levels) != len(node):
        return None
    out: list[str] = []
    for label, child in zip(levels, node):
        part = expand(label, child)
        if part is None:
            return None
        out += part
    return out
