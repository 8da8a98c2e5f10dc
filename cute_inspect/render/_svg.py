"""Small SVG-writing helpers shared by the grid and hierarchy pictures (no drawing library needed)."""

from __future__ import annotations

import colorsys
from html import escape

FONT = "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace"
CHAR_WIDTH = 7.2  # px per character of FONT at 12px: enough to size boxes without measuring text

#: Fill colour per memory space, shared by the graph, the hierarchy and the report's legend.
MEMSPACE_COLORS = {
    "gmem": "#cfe2ff",
    "smem": "#d1f0d1",
    "rmem": "#ffe5b4",
    "tmem": "#e6d5ff",
    "coord": "#dde6ee",
    None: "#eeeeee",
}

#: Fill colour per hierarchy level (Block > MMA > EPI > Store, plus the modes no level claimed).
LEVEL_COLORS = {
    "block": "#dbe9f9",
    "mma": "#dff3e3",
    "epi": "#fff0c9",
    "copy": "#f9dede",
    "store": "#f3dcf5",
    "input": "#f2f2f2",
    "stage": "#ececec",
    "?": "#ffffff",
}


def text_width(text: str, size: float = 12) -> float:
    return len(text) * CHAR_WIDTH * size / 12


def palette(index: int, count: int) -> str:
    """A light colour for index of count (a thread, a swizzle chunk), hues spread so that neighbours differ."""
    hue = (index * 0.618033988749895) % 1.0 if count > 8 else index / max(count, 1)
    r, g, b = colorsys.hls_to_rgb(hue, 0.82, 0.75)
    return f"#{round(r * 255):02x}{round(g * 255):02x}{round(b * 255):02x}"


def gray(level: int) -> str:
    """CuTe's eight interleaved grays (print_latex's cell colours), light enough for black text."""
    percent = (0, 40, 20, 60, 10, 50, 30, 70)[level % 8] * 0.6
    v = round(255 * (1 - percent / 100))
    return f"#{v:02x}{v:02x}{v:02x}"


def document(width: float, height: float, body: list, css_class: str, title: str) -> str:
    """A standalone SVG element (inline-able in HTML: no XML prolog)."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="{css_class}" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="{FONT}" font-size="12">'
        f"<title>{escape(title)}</title>" + "".join(body) + "</svg>"
    )


def rect(x, y, w, h, fill, stroke="#555", rx=0, extra="") -> str:
    return (f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" fill="{fill}" stroke="{stroke}" '
            f'rx="{rx}"{extra}/>')


def text(x, y, content: str, anchor="middle", size=12, weight="normal", fill="#111", css_class=None) -> str:
    cls = f' class="{css_class}"' if css_class else ""
    return (f'<text{cls} x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}" font-size="{size}" font-weight="{weight}" '
            f'fill="{fill}">{escape(content)}</text>')
