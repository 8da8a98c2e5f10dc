"""Layouts as their MLIR type texts give them (``(4,(2,8)):(1,(4,8))``), read into trees of ``extent:stride``
leaves, so labels can follow a layout's modes without asking the DSL (which would emit IR)."""

from __future__ import annotations

import functools


def top_modes(layout: str | None) -> list | None:
    """A layout's top-level modes as 'shape:stride' texts: ``(4,(2,8)):(1,(4,8))`` -> ['4:1', '(2,8):(4,8)']."""
    found = _top_modes(layout)
    return list(found) if found is not None else None


@functools.lru_cache(maxsize=4096)
def _top_modes(layout: str | None) -> tuple | None:
    # read once per layout text: a view's labels compare it with the latest sixty-four traced layouts
    if not layout or ":" not in layout:
        return None
    shape_text, stride_text = layout.split(":", 1)
    shapes, strides = split_top(shape_text), split_top(stride_text)
    if shapes is None or strides is None or len(shapes) != len(strides):
        return None
    return tuple(f"{a}:{b}" for a, b in zip(shapes, strides))


def split_top(text: str) -> list | None:
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
def leaf_tree(layout: str | None):
    """A layout's modes as a tree of 'extent:stride' leaves: ``((2,1),4):((2,0),8)`` -> (('2:2', '1:0'), '4:8')."""
    if not layout or ":" not in layout:
        return None
    shape_text, stride_text = layout.split(":", 1)
    shape, stride = nested(shape_text), nested(stride_text)

    def zip_tree(a, b):
        if isinstance(a, tuple) != isinstance(b, tuple) or (isinstance(a, tuple) and len(a) != len(b)):
            raise ValueError
        return tuple(zip_tree(x, y) for x, y in zip(a, b)) if isinstance(a, tuple) else f"{a}:{b}"

    try:
        return zip_tree(shape, stride)
    except ValueError:
        return None


def nested(text: str):
    parts = split_top(text)
    if parts is None or (len(parts) == 1 and not text.strip().startswith("(")):
        return text.strip()
    return tuple(nested(p) for p in parts)
