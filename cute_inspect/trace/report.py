"""Print a trace: a table per kernel grouped by level (text, 100 columns), Markdown, or JSON."""

from __future__ import annotations

import os

from cute_inspect.trace import levels as _levels
from cute_inspect.trace import resources as _resources
from cute_inspect.trace.copy_traffic import traffic_text
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
    """Where the kernel made it: its own line, or for a helper's tensor the kernel line that called the helper."""
    file, line = (r.chain[0][0], r.chain[0][1]) if r.chain else (r.file, r.line)
    name = os.path.basename(file)
    return f"{line}" if base and name == base else f"{name}:{line}"


def format_text(trace: Trace, width: int = 100) -> str:
    """One table per kernel, grouped by level; each tensor on two lines: its shape, then its modes' names.

    Rows start with the record number (``#12``, the `index` of the JSON). Records that repeat exactly (a helper
    called in an unrolled loop) are printed once with their count (``#12 x8``); copies and MMAs name the tensors
    they move (``tAgA -> tAsA``). A tensor made in a helper module is shown at the kernel line that called the
    helper, and says where in the helper (``via copy_utils.py:1195``).

    Example::

        with cute_inspect.trace() as t:
            cute.compile(host, a, b)
        print(cute_inspect.format_text(t))
    """
    lines: list[str] = []
    for kernel, records in _by_kernel(trace).items():
        files = {os.path.basename(r.file) for r in records if not r.library}
        base = files.pop() if len(files) == 1 else None
        folded = fold(records, trace)
        lines.append(f"kernel {kernel}" + (f"  ({base})" if base else "") + f": {len(records)} records"
                     + (f", {len(folded)} distinct" if len(folded) < len(records) else ""))
        loc_width = max(len(_location(r, base)) for r, _ in folded)
        num_width = max(len(_number(r, n)) for r, n in folded)
        for level in _LEVEL_ORDER:
            group = [(r, n) for r, n in folded if level_of(r) == level]
            if not group:
                continue
            lines.append(f"  {_LEVEL_TITLES[level]}")
            for r, n in group:
                lines.extend(_text_rows(r, n, trace, base, width, loc_width, num_width))
        budgets = [b for b in trace.resources.values() if b.kernel == kernel]  # one per distinct launch
        for budget in budgets:
            lines.extend(_resources.budget_lines(budget, at_launch=len(budgets) > 1))
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def fold(records: list, trace: Trace) -> list:
    """(record, count) for each distinct record, first occurrence first: records equal in everything but
    their number (the same call made again by an unrolled loop) count as one."""
    seen: dict = {}
    order: list = []
    for r in records:
        key = _fold_key(r, trace)
        if key in seen:
            seen[key][1] += 1
        else:
            seen[key] = [r, 1]
            order.append(key)
    return [tuple(seen[k]) for k in order]


def _fold_key(r: Record, trace: Trace) -> tuple:
    where = (r.op, r.file, r.line, r.col, r.names)
    if r.op in ("copy", "gemm"):
        return where + tuple(flow_names(r, trace)) + (traffic_text(r),)
    return where + (r.shapes, r.memspaces, r.dtypes, tuple(_levels.symbols(t) for t in r.levels))


def flow_names(r: Record, trace: Trace) -> list:
    """The tensors a copy or gemm read, by name (``#12`` when unnamed): copy (src, dst), gemm (d, a, b, c)."""
    out = []
    for i, o in zip(r.inputs, r.input_outputs or (0,) * len(r.inputs)):
        source = trace.records[i] if i < len(trace.records) else None
        name = source.names[o] if source is not None and o < len(source.names) else None
        out.append(name or f"#{i}")
    return out


def _flow_text(r: Record, trace: Trace) -> str:
    names = flow_names(r, trace)
    if r.op == "copy" and len(names) == 2:
        return f"{names[0]} -> {names[1]}"
    if r.op == "gemm" and len(names) == 4:
        return f"{names[0]} = {names[1]} x {names[2]} + {names[3]}"
    return ", ".join(names)


def _number(r: Record, count: int) -> str:
    return f"#{r.index}" + (f" x{count}" if count > 1 else "")


def _reuse_text(r: Record, trace: Trace) -> str:
    if r.reuses is None or r.reuses >= len(trace.records):
        return ""
    other = trace.records[r.reuses]
    return f"  reuses #{r.reuses}" + (f" ({other.name})" if other.name != "-" else "") + "'s TMEM"


def _made_where(r: Record) -> str:
    """For a tensor made in a helper module: the line in the helper that made it."""
    if not r.chain:
        return ""
    return f"  via {os.path.basename(r.chain[-1][0])}:{r.chain[-1][1]}"


def _text_rows(r: Record, count: int, trace: Trace, base: str | None, width: int, loc_width: int,
               num_width: int) -> list[str]:
    loc = _location(r, base).rjust(loc_width)
    number = _number(r, count).ljust(num_width)
    if r.op in ("copy", "gemm"):
        traffic = traffic_text(r)
        traffic = f"  [{traffic}]" if traffic else ""
        return [f"    {number}  {loc}  {r.op:<15} {_flow_text(r, trace)}{traffic}{_made_where(r)}"[:width]]
    rows = []
    indent = " " * (8 + num_width + loc_width)
    for i, shape in enumerate(r.shapes):
        name = r.names[i] if i < len(r.names) and r.names[i] else "-"
        mem = r.memspaces[i] or ""
        dtype = r.dtypes[i] or ""
        head = f"    {number}  {loc}  {name:<18} {r.op:<15} {mem:<5} {dtype:<5} "
        rows.append((head + format_shape(shape))[:width])
        rows.append((indent + _levels.symbols(r.levels[i]) + _made_where(r) + _reuse_text(r, trace))[:width])
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
