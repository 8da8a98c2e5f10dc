"""Traces, records and layouts in Jupyter: the HTML report's tables, hierarchy boxes and grids, inline.

A `Trace` and a `Record` display themselves (``_repr_html_``, ``_repr_markdown_``), and so does a layout
expression's `Evaluation`; `show` draws any of them, or a layout, from anywhere in a cell::

    import cute_inspect
    t = cute_inspect.trace_target("gemm.sm80:compile_only", arch="sm_80")
    t                                          # the trace table and every tensor, as in the HTML report
    cute_inspect.show(t.find("tCsA")[0])       # one tensor: its facts and its hierarchy box
    cute_inspect.show("(8,4):(4,1)")           # a layout's index grid
    cute_inspect.show("((4,8),(2,2,2)):((32,1),(16,8,128))", tile=(16, 16))   # a TV layout over its tile

Nothing is fetched: styles and pictures are inline, and no JavaScript is needed.
"""

from __future__ import annotations

import sys

from cute_inspect.render import grid
from cute_inspect.render import html as _html
from cute_inspect.render.layout_expr import Evaluation
from cute_inspect.trace import record as _record
from cute_inspect.trace.record import Record, Trace
from cute_inspect.trace.report import format_markdown, format_text
from cute_inspect.trace.shape import format_shape


class View:
    """What `show` displays: HTML or SVG in a notebook, Markdown where a front end prefers it, text elsewhere."""

    def __init__(self, text: str, html: str | None = None, svg: str | None = None, markdown: str | None = None):
        self.text, self.html, self.svg, self.markdown = text, html, svg, markdown

    def _repr_html_(self) -> str | None:
        return self.html

    def _repr_svg_(self) -> str | None:
        return self.svg

    def _repr_markdown_(self) -> str | None:
        return self.markdown

    def __repr__(self) -> str:
        return self.text


def _record_markdown(record: Record) -> str:
    rows = ["| name | op | memory | dtype | shape | modes by level |", "| --- | --- | --- | --- | --- | --- |"]
    for i, shape in enumerate(record.shapes):
        name = record.names[i] if i < len(record.names) and record.names[i] else "-"
        rows.append(f"| `{name}` | {record.op} | {record.memspaces[i] or ''} | {record.dtypes[i] or ''} | "
                    f"`{format_shape(shape)}` | {record.labelled_shape(i)} |")
    return "\n".join(rows)


def _record_text(record: Record) -> str:
    where = f"{record.file}:{record.line}"
    return "\n".join(f"{where}  {record.names[i] or '-'}  {record.op}  {record.memspaces[i] or ''}  "
                     f"{record.labelled_shape(i)}" for i in range(len(record.shapes))) or f"{where}  {record.op}"


def view(x, tile=None) -> View:
    """The `View` of a trace, a record, a layout expression's result, or a layout (CuTe text such as
    ``"(8,4):(4,1)"``, or a CuTeDSL layout inside ``@cute.jit``); `tile` (M, N) draws a layout as a thread-value
    layout over that tile.

    >>> view("(2,3):(3,1)").svg.count('class="cell"')
    6
    """
    if isinstance(x, Trace):
        return View(format_text(x), html=_html.fragment(x), markdown=format_markdown(x))
    if isinstance(x, Record):
        return View(_record_text(x), html="".join(_html.tensor_fragment(x, i) for i in range(len(x.shapes))),
                    markdown=_record_markdown(x))
    if isinstance(x, Evaluation):
        return View(str(x), html=x._repr_html_())
    layout = grid.as_layout(x)
    return View(str(layout), svg=grid.tv_layout_svg(layout, tile) if tile else grid.layout_svg(layout))


def show(x, tile=None) -> None:
    """Display `x` in the notebook (anything `view` takes); outside IPython, print its text form.

        cute_inspect.show(trace.find("tCgA")[0])
        cute_inspect.show("(8,4):(4,1)")
    """
    shown = view(x, tile)
    ipython = sys.modules.get("IPython")
    if ipython is not None and ipython.get_ipython() is not None:
        from IPython.display import display

        display(shown)
    else:
        print(shown.text)


_record.set_notebook_view(view)
