"""A tensor's shape as nested boxes, one per level of the Block > MMA > EPI > Store hierarchy.

The outermost box holds the modes that tile the whole problem (block rests), each inner box the modes of the
next level down, and the innermost the atom: the picture of ``(st_atom, *epi_rests, *mma_rests, *block_rests)``
(shared/convention.md) drawn for one traced tensor. Each mode is a chip showing its extent, its role (atom or
rest, with its axis) and its position in the shape (``mode 3``, ``mode 0.1`` inside a nested mode)::

    from cute_inspect.render.hierarchy import hierarchy_svg, formula
    record = trace.find("tCgA")[0]
    print(formula(record))                 # (mma_atom, *mma_rests, *block_rests) = ((128,16), 1,4, 8,16,1)
    open("tCgA.svg", "w").write(hierarchy_svg(record))
"""

from __future__ import annotations

from html import escape

from cute_inspect.render import _svg
from cute_inspect.trace import levels as _levels
from cute_inspect.trace.shape import format_shape

#: Levels from the outermost box to the innermost.
ORDER = ("input", "stage", "?", "block", "mma", "copy", "epi", "store")
TITLES = {
    "input": "carried modes (not tiled by a traced call)",
    "stage": "pipeline stages",
    "?": "unlabelled modes",
    "block": "Block (TMA) level",
    "mma": "MMA level",
    "copy": "Copy level",
    "epi": "EPI level",
    "store": "Store level",
}
_PAD, _HEADER, _CHIP_H, _GAP = 10, 20, 36, 6


def modes(record, output: int = 0) -> list:
    """Every labelled mode of one output: (path, shape, label) in shape order; nested modes a label covers
    whole stay one entry (``(128,16)`` for an MMA atom)."""
    shape, tree = record.shapes[output], record.levels[output]
    found: list = []

    def walk(s, t, path):
        if isinstance(t, _levels.ModeLabel):
            found.append((path, s, t))
        elif isinstance(t, tuple) and isinstance(s, tuple) and len(s) == len(t):
            for k, (ss, tt) in enumerate(zip(s, t)):
                walk(ss, tt, path + (k,))
        else:
            found.append((path, s, _levels.UNKNOWN))

    walk(shape, _levels.fit(tree, shape), ())
    return found


def by_level(record, output: int = 0) -> list:
    """(level, [(path, shape, label)...]) for the levels present, outermost first."""
    groups: dict = {}
    for entry in modes(record, output):
        level = entry[2].level if entry[2].level in ORDER else "?"
        groups.setdefault(level, []).append(entry)
    return [(level, groups[level]) for level in ORDER if level in groups]


def is_tile(label) -> bool:
    """Whether a mode is a level's tile (its atom, or the TMA tile of a ``tma_partition``), not a rest."""
    return label.role not in ("rest", "mode", "stage", "?")


def formula(record, output: int = 0) -> str:
    """The shape read inside-out, seed 002's way: ``(mma_atom, *mma_rests, *block_rests) = ((128,16), 1,4, 8,16,1)``."""
    names, values = [], []
    for level, entries in reversed(by_level(record, output)):
        tiles = [(label.role, format_shape(s)) for _, s, label in entries if is_tile(label)]
        rests = [format_shape(s) for _, s, label in entries if not is_tile(label)]
        word = {"input": "carried", "?": "unlabelled"}.get(level, level)
        for role in dict.fromkeys(r for r, _ in tiles):
            shapes = [shape for r, shape in tiles if r == role]
            names.append(f"{word}_atom" if role == "atom" else f"{role}_tile")
            values.append(shapes[0] if len(shapes) == 1 else "(" + ",".join(shapes) + ")")
        if rests:
            names.append({"input": "*carried", "stage": "*stages", "?": "*unlabelled"}.get(level, f"*{word}_rests"))
            values.append(",".join(rests))
    return f"({', '.join(names)}) = ({', '.join(values)})"


def hierarchy_svg(record, output: int = 0, title: str | None = None) -> str:
    """Nested boxes for one output of a record (see the module docstring)."""
    levels = by_level(record, output)
    name = record.names[output] or f"({record.op})"
    heading = title or f"{name} {format_shape(record.shapes[output])}"
    caption = formula(record, output)
    body: list = []
    inner = _layout(levels)
    width = max(inner[0], _svg.text_width(heading, 13), _svg.text_width(caption, 11)) + 2 * _PAD
    top = 44
    _draw(levels, inner, _PAD, top, body)
    height = top + inner[1] + _PAD
    head = [_svg.text(_PAD, 18, heading, anchor="start", size=13, weight="bold", css_class="heading"),
            _svg.text(_PAD, 34, caption, anchor="start", size=11, fill="#444", css_class="formula")]
    return _svg.document(width, height, head + body, "cute-hierarchy", heading)


def _chip_size(path, shape, label) -> tuple:
    lines = _chip_lines(path, shape, label)
    return max(_svg.text_width(lines[0], 12), _svg.text_width(lines[1], 9), 30) + 12, _CHIP_H


def _chip_lines(path, shape, label) -> tuple:
    role = label.role if label.level not in ("?", "stage") else label.level
    role = "" if role == "mode" else role  # a carried input mode: its box already says so
    role += f"-{label.axis}" if label.axis and role else label.axis or ""
    where = "mode " + ".".join(str(p) for p in path) if path else "whole"
    return format_shape(shape), f"{role} · {where}" if role else where


def _layout(levels: list) -> tuple:
    """(width, height) of the box of levels[0] holding the boxes of the levels inside it."""
    if not levels:
        return 0.0, 0.0
    _, entries = levels[0]
    chips_w = sum(_chip_size(*e)[0] for e in entries) + _GAP * (len(entries) - 1)
    inner_w, inner_h = _layout(levels[1:])
    width = max(chips_w, inner_w, _svg.text_width(TITLES[levels[0][0]], 10)) + 2 * _PAD
    height = _HEADER + _CHIP_H + (inner_h + _PAD if levels[1:] else 0) + _PAD
    return width, height


def _draw(levels: list, size: tuple, x: float, y: float, body: list) -> None:
    level, entries = levels[0]
    w, h = size
    body.append(f'<g class="level" data-level="{level}">')
    body.append(_svg.rect(x, y, w, h, _svg.LEVEL_COLORS.get(level, "#ffffff"), stroke="#666", rx=6))
    body.append(_svg.text(x + _PAD, y + 14, TITLES[level], anchor="start", size=10, weight="bold", fill="#333"))
    cx = x + _PAD
    for path, shape, label in entries:
        cw, ch = _chip_size(path, shape, label)
        big, small = _chip_lines(path, shape, label)
        atom = is_tile(label)
        origin = f"made by record {label.origin}" if label.origin is not None else ""
        body.append(
            f'<g class="mode" data-path="{".".join(map(str, path))}" data-level="{label.level}" '
            f'data-role="{escape(label.role)}"><title>{escape(str(label))} {escape(origin)}</title>'
            + _svg.rect(cx, y + _HEADER, cw, ch, "#ffffff" if not atom else "#fdfdf3",
                        stroke="#333" if atom else "#999", rx=3,
                        extra=' stroke-width="2"' if atom else "")
            + _svg.text(cx + cw / 2, y + _HEADER + 15, big, size=12, weight="bold" if atom else "normal",
                        css_class="extent")
            + _svg.text(cx + cw / 2, y + _HEADER + 29, small, size=9, fill="#555", css_class="role")
            + "</g>"
        )
        cx += cw + _GAP
    if levels[1:]:
        inner = _layout(levels[1:])
        _draw(levels[1:], inner, x + _PAD, y + _HEADER + _CHIP_H + _PAD, body)
    body.append("</g>")
