"""Layout grids as SVG, like CuTe's ``print_latex``: which index each coordinate maps to, or which thread owns it.

- `layout_svg`: a rank-1 or rank-2 layout's index map, row m and column n showing ``layout((m, n))``; a swizzled
  layout (``S<3,4,3> o 0 o (8,64):(64,1)``, or a swizzled SMEM tensor, whose pointer swizzle acts on bytes and is
  drawn per element) is coloured by the chunk the swizzle moved each element to, so the XOR pattern shows.
- `tv_layout_svg`: an MMA's or copy's thread-value layout over its (M, N) tile: each cell is coloured by thread
  and shows ``T<thread> V<value>``.

Both take the layout as text, as a CuTeDSL layout or tensor (inside ``@cute.jit``: read from its type, which
emits no IR), or as a `StaticLayout`::

    from cute_inspect.render.grid import layout_svg, tv_layout_svg
    open("layout.svg", "w").write(layout_svg("(8,4):(4,1)"))
    # the A operand of SM80's 16x8x16 MMA: tiled_mma.tv_layout_A over its (M, K) = (16, 16) tile
    open("tv_a.svg", "w").write(tv_layout_svg("((4,8),(2,2,2)):((32,1),(16,8,128))", (16, 16)))
"""

from __future__ import annotations

from cute_inspect.render import _svg
from cute_inspect.render._layout import LayoutTextError, StaticLayout, mode_size

#: Beyond this many cells a grid is no longer readable: slice or divide the layout first.
MAX_CELLS = 16384
_MARGIN = 28
_TITLE = 24


def as_layout(layout) -> StaticLayout:
    """A `StaticLayout` from text, a CuTeDSL layout/tensor (by its type string), or a `StaticLayout`."""
    if isinstance(layout, StaticLayout):
        return layout
    if isinstance(layout, str):
        return StaticLayout.parse(layout)
    typ = getattr(layout, "type", None)
    if typ is None:
        raise LayoutTextError(f"cannot draw a {type(layout).__name__}: pass a layout text or a CuTeDSL layout")
    return StaticLayout.parse(str(typ))


def layout_svg(layout, title: str | None = None) -> str:
    """The index map of a static rank-1 or rank-2 layout as an SVG grid (rows: mode 0, columns: mode 1).

    >>> svg = layout_svg("(2,3):(3,1)")
    >>> [c.split(">")[-1] for c in svg.split("</text>") if 'class="idx"' in c]
    ['0', '1', '2', '3', '4', '5']
    """
    lay = as_layout(layout)
    rows, cols = _grid_shape(lay)
    coords = [(m, n) for m in range(rows) for n in range(cols)]
    index = {c: lay(c if lay.rank == 2 else c[0]) for c in coords}
    width_chars = max(len(str(v)) for v in index.values())
    cell_w, cell_h = max(26.0, _svg.text_width("0" * width_chars) + 10), 22.0
    swz = lay.swizzle

    def fill(value: int) -> str:
        if swz is None:
            return _svg.gray(value)
        return _svg.palette((value >> swz.base) % (1 << swz.bits), 1 << swz.bits)

    cells = []
    for (m, n), value in index.items():
        x, y = _MARGIN + n * cell_w, _TITLE + _MARGIN + m * cell_h
        cells.append(
            f'<g class="cell" data-row="{m}" data-col="{n}" data-index="{value}">'
            + _svg.rect(x, y, cell_w, cell_h, fill(value), stroke="#333")
            + _svg.text(x + cell_w / 2, y + cell_h / 2 + 4, str(value), css_class="idx")
            + "</g>"
        )
    heading = title or str(lay)
    if swz is not None:
        heading += f"  (colour: chunk of {1 << swz.base} elements after {swz})"
    return _frame(heading, rows, cols, cell_w, cell_h, cells, "cute-grid")


def tv_layout_svg(tv_layout, tile_mn, title: str | None = None) -> str:
    """A thread-value layout over its (M, N) tile: each cell coloured by thread, labelled ``T<t> V<v>``.

    `tv_layout` maps (thread, value) to an index of the tile; `tile_mn` is (M, N) (column-major, as CuTe's
    ``make_layout((M, N))``), a tiled copy's ``tiler_mn``, or a layout text for another order. Cells no
    (thread, value) reaches stay blank.

    >>> svg = tv_layout_svg("((4,8),(2,2,2)):((32,1),(16,8,128))", (16, 16))
    >>> 'data-row="0" data-col="1" data-thread="0" data-value="1"' in svg
    True
    """
    tv = as_layout(tv_layout)
    if tv.rank != 2:
        raise LayoutTextError(f"a TV layout has two modes (thread, value); {tv} has {tv.rank}")
    if isinstance(tile_mn, tuple):  # (M, N), or a tiled copy's tiler_mn: one layout per mode
        tile_mn = _column_major(tuple(t if isinstance(t, int) else as_layout(t).size() for t in tile_mn))
    tile = as_layout(tile_mn)
    rows, cols = _grid_shape(tile)
    (_, m_stride), (_, n_stride) = tile.mode(0), tile.mode(1)
    if not isinstance(m_stride, int) or not isinstance(n_stride, int):
        raise LayoutTextError(f"the tile {tile} must have one stride per mode, e.g. (16,16):(1,16)")
    threads, values = mode_size(tv.mode(0)[0]), mode_size(tv.mode(1)[0])
    owner: dict = {}
    for t in range(threads):
        for v in range(values):
            idx = tv((t, v))
            owner.setdefault(((idx // m_stride) % rows, (idx // n_stride) % cols), (t, v))
    width = max(len(f"T{threads - 1}"), len(f"V{values - 1}"))
    cell_w, cell_h = max(30.0, _svg.text_width("0" * width) + 10), 32.0
    cells = []
    for m in range(rows):
        for n in range(cols):
            x, y = _MARGIN + n * cell_w, _TITLE + _MARGIN + m * cell_h
            if (m, n) not in owner:
                cells.append(f'<g class="cell empty" data-row="{m}" data-col="{n}">'
                             + _svg.rect(x, y, cell_w, cell_h, "#ffffff", stroke="#333") + "</g>")
                continue
            t, v = owner[(m, n)]
            cells.append(
                f'<g class="cell" data-row="{m}" data-col="{n}" data-thread="{t}" data-value="{v}">'
                + _svg.rect(x, y, cell_w, cell_h, _svg.palette(t, threads), stroke="#333")
                + _svg.text(x + cell_w / 2, y + 13, f"T{t}", size=11, css_class="thr")
                + _svg.text(x + cell_w / 2, y + 26, f"V{v}", size=11, css_class="val")
                + "</g>"
            )
    heading = title or f"TV layout {tv} over tile {tile}"
    return _frame(heading, rows, cols, cell_w, cell_h, cells, "cute-tv-grid")


def _grid_shape(lay: StaticLayout) -> tuple:
    if lay.rank > 2:
        raise LayoutTextError(
            f"{lay} has {lay.rank} modes; a grid draws rank 1 or 2: group modes first, "
            f"e.g. `cute-inspect layout \"group_modes(LAYOUT, 1, {lay.rank})\"`"
        )
    rows = mode_size(lay.mode(0)[0])
    cols = mode_size(lay.mode(1)[0]) if lay.rank == 2 else 1
    if rows * cols > MAX_CELLS:
        raise LayoutTextError(f"{lay} has {rows * cols} cells (more than {MAX_CELLS}): draw a tile of it instead")
    return rows, cols


def _column_major(tile: tuple) -> str:
    m, n = tile
    return f"({m},{n}):(1,{m})"


def _frame(heading, rows, cols, cell_w, cell_h, cells, css_class) -> str:
    width = max(2 * _MARGIN + cols * cell_w, _svg.text_width(heading) + 2 * _MARGIN)
    height = _TITLE + 2 * _MARGIN + rows * cell_h
    body = [_svg.text(_MARGIN, 18, heading, anchor="start", weight="bold", css_class="heading")]
    top = _TITLE + _MARGIN
    body += [_svg.text(_MARGIN - 6, top + m * cell_h + cell_h / 2 + 4, str(m), anchor="end", size=10,
                       fill="#666", css_class="row-label") for m in range(rows)]
    body += [_svg.text(_MARGIN + n * cell_w + cell_w / 2, top - 6, str(n), size=10, fill="#666",
                       css_class="col-label") for n in range(cols)]
    return _svg.document(width, height, body + cells, css_class, heading)
