"""A picture of each kernel's budget: its shared-memory buffers as one bar drawn to scale against the per-block
limit, and its TMEM columns against the 512 of an SM.

    from cute_inspect.render.budget import budget_svg
    svg = budget_svg(trace.resources["kernel"])      # an <svg> element, ready to inline
"""

from __future__ import annotations

from html import escape

from cute_inspect.render._svg import FONT
from cute_inspect.trace.resources import TMEM_COLUMNS

#: Fill per kind of buffer (the first words of `Buffer.holds`).
KIND_COLORS = {
    "operand A": "#9cc3f0",
    "operand B": "#a8dcb0",
    "epilogue": "#f5d58a",
    "barriers": "#e39a9a",
    "scheduler": "#c7a8e8",
    "TMEM": "#e6d5ff",
}
_OTHER = "#cccccc"
_WIDTH, _BAR, _PAD = 760, 26, 10


def kind_color(holds: str) -> str:
    return next((c for kind, c in KIND_COLORS.items() if holds.startswith(kind)), _OTHER)


def budget_svg(budget) -> str:
    """One kernel's budget (a `trace.resources.KernelResources`) as SVG: a bar of shared memory with a segment
    per buffer (hover for its name, bytes and contents), a red line at the limit; then the TMEM columns."""
    limit, total = budget.smem_limit, budget.requested_smem
    scale = max(limit or 0, total, 1)
    x0, width = _PAD, _WIDTH - 2 * _PAD
    parts, y = [], _PAD
    parts.append(f'<text x="{x0}" y="{y + 12}">shared memory: {total} B'
                 + (f" of {limit} B ({100 * total / limit:.1f}%)" if limit else "")
                 + ("" if budget.fits else " — does not fit") + "</text>")
    y += 20
    parts.append(f'<rect x="{x0}" y="{y}" width="{width}" height="{_BAR}" fill="#f7f7f7" stroke="#999"/>')
    for b in budget.buffers:
        x = x0 + width * b.offset / scale
        w = max(width * b.bytes / scale, 0.5)
        parts.append(f'<rect class="buffer" x="{x:.1f}" y="{y}" width="{w:.1f}" height="{_BAR}" '
                     f'fill="{kind_color(b.holds)}" stroke="#555" stroke-width="0.5">'
                     f"<title>{escape(b.name)}: {b.bytes} B at {b.offset} — {escape(b.holds)}</title></rect>")
        if w > 8 * len(b.name):
            parts.append(f'<text x="{x + w / 2:.1f}" y="{y + 17}" text-anchor="middle">{escape(b.name)}</text>')
    if limit:
        lx = x0 + width * limit / scale
        parts.append(f'<line class="limit" x1="{lx:.1f}" y1="{y - 4}" x2="{lx:.1f}" y2="{y + _BAR + 4}" '
                     f'stroke="#c0392b" stroke-width="2"><title>limit {limit} B ({budget.arch})</title></line>')
    y += _BAR + 16
    if budget.tmem_columns:
        parts.append(f'<text x="{x0}" y="{y + 12}">TMEM: {budget.tmem_columns} of {TMEM_COLUMNS} columns</text>')
        y += 20
        used = width * min(budget.tmem_columns, TMEM_COLUMNS) / TMEM_COLUMNS
        parts.append(f'<rect x="{x0}" y="{y}" width="{width}" height="{_BAR}" fill="#f7f7f7" stroke="#999"/>')
        parts.append(f'<rect class="tmem" x="{x0}" y="{y}" width="{used:.1f}" height="{_BAR}" '
                     f'fill="{KIND_COLORS["TMEM"]}" stroke="#555"><title>{budget.tmem_columns} columns allocated'
                     f"</title></rect>")
        for c in range(64, TMEM_COLUMNS, 64):  # a tick every 64 columns
            tx = x0 + width * c / TMEM_COLUMNS
            parts.append(f'<line x1="{tx:.1f}" y1="{y}" x2="{tx:.1f}" y2="{y + _BAR}" stroke="#bbb"/>')
        y += _BAR + 16
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{_WIDTH}" height="{y}" font-family="{FONT}" '
            f'font-size="12">{"".join(parts)}</svg>')


def budget_html(budget) -> str:
    """The picture, then a table of the buffers (name, bytes, offset, what it holds) and any problem."""
    rows = "".join(f'<tr><td><span class="chip" style="background:{kind_color(b.holds)}">{escape(b.name)}</span>'
                   f"</td><td>{b.bytes}</td><td>{b.offset}</td><td>{escape(b.holds)}</td></tr>"
                   for b in budget.buffers)
    problems = "".join(f'<p class="note">{escape(p)}</p>' for p in budget.problems())
    return (f"<h3>{escape(budget.kernel)}</h3>{problems}<div class=\"picture\">{budget_svg(budget)}</div>"
            f"<table><thead><tr><th>buffer</th><th>bytes</th><th>offset</th><th>holds</th></tr></thead>"
            f"<tbody>{rows}</tbody></table>")
