"""A static CuTe layout read back from its printed form, and evaluated the way CuTe defines a layout.

The layout algebra itself (composition, divides, products...) always runs in CuTeDSL (see `layout_expr`); this
module only reads the result, ``S<3,4,3> o 0 o (8,64):(64,1)``, and maps coordinates to indices for drawing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from cute_inspect.trace.shape import (
    DYNAMIC,
    Shape,
    Swizzle,
    compact_stride,
    format_shape,
    leaves,
    parse_shape,
    size,
)

_QUOTED = re.compile(r'"([^"]*)"')
_SWIZZLE = re.compile(r"^\s*S<(\d+),\s*(\d+),\s*(-?\d+)>\s*o\s*(\d+)\s*o\s*(.*)$", re.S)


class LayoutTextError(ValueError):
    """A layout text that is not ``SHAPE:STRIDE`` (optionally ``S<B,M,S> o OFFSET o SHAPE:STRIDE``)."""


@dataclass(frozen=True)
class StaticLayout:
    """Shape, stride (nested tuples of ints) and an optional swizzle applied after an offset."""

    shape: Shape
    stride: Shape
    swizzle: Swizzle | None = None
    offset: int = 0

    @classmethod
    def parse(cls, text: str) -> "StaticLayout":
        """Read ``(8,4):(4,1)``, ``S<3,4,3> o 0 o (8,64):(64,1)`` or a CuTeDSL type string quoting one.

        >>> StaticLayout.parse("(8,4):(4,1)")((1, 2))
        6
        """
        swizzle = None
        if text.lstrip().startswith("!cute."):
            quoted = _QUOTED.findall(text)
            if not quoted:
                raise LayoutTextError(f"{text!r} holds no layout")
            pointer_swizzle = re.search(r"S<(\d+),\s*(\d+),\s*(-?\d+)>", _QUOTED.sub("", text))
            if pointer_swizzle:
                swizzle = _in_elements(Swizzle(*(int(g) for g in pointer_swizzle.groups())), text)
            text = quoted[-1]
        offset = 0
        m = _SWIZZLE.match(text)
        if m:
            swizzle = Swizzle(int(m.group(1)), int(m.group(2)), int(m.group(3)))
            offset, text = int(m.group(4)), m.group(5)
        shape_text, sep, stride_text = text.partition(":")
        try:
            shape = parse_shape(shape_text)
            stride = parse_shape(stride_text) if sep else compact_stride(shape)
        except ValueError as exc:
            raise LayoutTextError(f"cannot read {text.strip()!r} as SHAPE:STRIDE, e.g. (8,4):(4,1): {exc}") from None
        if not _congruent(shape, stride):
            raise LayoutTextError(f"shape {format_shape(shape)} and stride {format_shape(stride)} do not nest alike")
        if any(v is DYNAMIC for v in leaves(shape) + leaves(stride)):
            raise LayoutTextError(f"{text.strip()!r} has run-time extents or strides; only static layouts draw")
        return cls(shape, stride, swizzle, offset)

    def __str__(self) -> str:
        body = f"{format_shape(self.shape)}:{format_shape(self.stride)}"
        return f"{self.swizzle} o {self.offset} o {body}" if self.swizzle else body

    @property
    def rank(self) -> int:
        return len(self.shape) if isinstance(self.shape, tuple) else 1

    def mode(self, i: int) -> tuple:
        """(shape, stride) of top-level mode i."""
        if not isinstance(self.shape, tuple):
            return self.shape, self.stride
        return self.shape[i], self.stride[i]

    def size(self) -> int:
        return size(self.shape)

    def __call__(self, coord) -> int:
        """The index of a coordinate: an int (colexicographic over the whole shape) or one int per top mode."""
        if isinstance(coord, int):
            value = _index(self.shape, self.stride, coord)
        else:
            value = sum(_index(*self.mode(i), c) for i, c in enumerate(coord))
        return self.swizzle(self.offset + value) if self.swizzle else self.offset + value


def _in_elements(swizzle: Swizzle, type_text: str) -> Swizzle:
    """A swizzled pointer's swizzle (``!cute.memref<f16, smem, S<3,4,3>, "...">``) acts on byte addresses, as
    CuTe's swizzle_ptr does; the same permutation on element offsets moves its base by log2(bytes per element)."""
    m = re.match(r"!cute\.\w+<\s*[a-z]+(\d+)", type_text)
    if not m:
        raise LayoutTextError(f"cannot tell the element width of {type_text!r} to place its swizzle")
    delta = int(m.group(1)).bit_length() - 4  # log2(bits / 8) for a power-of-two width
    if swizzle.base < delta:
        raise LayoutTextError(f"{swizzle} permutes parts of a {m.group(1)}-bit element: it cannot be drawn per element")
    return Swizzle(swizzle.bits, swizzle.base - delta, swizzle.shift)


def mode_size(shape: Shape) -> int:
    return size(shape)


def _index(shape, stride, coord: int) -> int:
    """Split a 1-D coordinate colexicographically over `shape` and take the inner product with `stride`."""
    if not isinstance(shape, tuple):
        return (coord % shape) * stride
    total = 0
    for s, d in zip(shape, stride):
        n = size(s)
        total += _index(s, d, coord % n)
        coord //= n
    return total


def _congruent(a, b) -> bool:
    if isinstance(a, tuple) != isinstance(b, tuple):
        return False
    return not isinstance(a, tuple) or (len(a) == len(b) and all(_congruent(x, y) for x, y in zip(a, b)))
