"""Print a trace: a table per kernel grouped by level (text, 100 columns), Markdown, or JSON."""

from __future__ import annotations

import os

from cute_inspect.trace import levels as _levels
from cute_inspect.trace.record import Record, Trace
from cute_inspect.trace.shape import format_shape
from cute_inspect.trace.source import relative

_LEVEL_ORDER = ("input", "coord", "block", "mma", "copy", "epi", "store", "stage", "view", "flow")
_LEVEL_TITLES = {
    "input": "Inputs (tensors made outside a traced partition)",
    "coord": "Coordinates: identity tensors of the problem's shape",
    "block": "Block (TMA): CTA tiles and TMA partitions",
    "mma": "MMA: partitions and fragments",
    "copy": "Copy: thread copy partitions",
    "epi": "EPI: epilogue subtiles",
    "store": "Store: epilogue copy partitions",
    "stage": "Buffers",
    "view": "Views: regrouped modes",
    "flow": "Data movement: copies and MMAs",
}


def level_of(record: Record) -> str:
    """The level a record works at: that of the modes it introduced (a regrouping introduces none)."""
    if record.op in ("copy", "gemm"):
        return "flow"
    for tree in record.levels:
        for label in _walk(tree):
            if label.origin == record.index and label.level not in ("?",):
                return label.level
    return "view"


def _walk(tree):
    if isinstance(tree, _levels.ModeLabel):
        yield tree
    else:
        for t in tree:
            yield from _walk(t)


def _by_kernel(trace: Trace) -> dict:
    groups: dict = {}
    for r in trace.records:
        groups.setdefault(r.kernel, []).append(r)
    return groups


def _location(r: Record, base: str | None) -> str:
    name = os.path.basename(r.file)
    return f"{r.line}" if base and name == base else f"{name}:{r.line}"


def format_text(trace: Trace, width: int = 100) -> str:
    """One table per kernel, grouped by level; each tensor on two lines: its shape, then its modes' names.

    Example::

        with cute_inspect.trace() as t:
            cute.compile(host, a, b)
        print(cute_inspect.format_text(t))
    """
    lines: list[str] = []
    for kernel, records in _by_kernel(trace).items():
        files = {os.path.basename(r.file) for r in records if not r.library}
        base = files.pop() if len(files) == 1 else None
        lines.append(f"kernel {kernel}" + (f"  ({base})" if base else "") + f": {len(records)} records")
        loc_width = max(len(_location(r, base)) for r in records)
        for level in _LEVEL_ORDER:
            group = [r for r in records if level_of(r) == level]
            if not group:
                continue
            lines.append(f"  {_LEVEL_TITLES[level]}")
            for r in group:
                lines.extend(_text_rows(r, base, width, loc_width))
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def _text_rows(r: Record, base: str | None, width: int, loc_width: int) -> list[str]:
    loc = _location(r, base).rjust(loc_width)
    if r.op in ("copy", "gemm"):
        return [f"    {loc}  {r.op:<15} reads records {', '.join(str(i) for i in r.inputs)}"]
    rows = []
    for i, shape in enumerate(r.shapes):
        name = r.names[i] if i < len(r.names) and r.names[i] else "-"
        mem = r.memspaces[i] or ""
        dtype = r.dtypes[i] or ""
        head = f"    {loc}  {name:<18} {r.op:<15} {mem:<5} {dtype:<5} "
        rows.append((head + format_shape(shape))[:width])
        rows.append((" " * (6 + loc_width) + _levels.symbols(r.levels[i]))[:width])
    return rows


def format_markdown(trace: Trace) -> str:
    """A Markdown table per kernel: line, name, op, memory, dtype, shape and its modes' level labels."""
    out: list[str] = []
    for kernel, records in _by_kernel(trace).items():
        out.append(f"### `{kernel}`\n")
        out.append("| line | name | op | memory | dtype | shape | modes |")
        out.append("| --- | --- | --- | --- | --- | --- | --- |")
        for r in records:
            if r.op in ("copy", "gemm"):
                continue
            for i, shape in enumerate(r.shapes):
                name = r.names[i] if r.names[i] else "-"
                labels = r.labelled_shape(i)
                out.append(f"| {relative(r.file)}:{r.line} | `{name}` | {r.op} | {r.memspaces[i] or ''} | "
                           f"{r.dtypes[i] or ''} | `{format_shape(shape)}` | {labels} |")
        out.append("")
    return "\n".join(out)


def format_json(trace: Trace) -> str:
    return trace.dumps()
