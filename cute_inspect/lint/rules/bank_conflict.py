"""CI120 bank-conflict: a copy's shared-memory side has bank conflicts.

## What it does
Needs a trace (``cute-inspect lint --trace TARGET --select CI120``): for every traced copy with a shared-memory
side, the tracer works out which bytes each lane of a warp moves (the TiledCopy's thread-value layout, the shared
tensor's layout and swizzle, the width the compiler emits) and counts the wavefronts one warp instruction
needs (see docs/traffic.md). A copy that needs more than the ideal (the bytes moved over 128) is reported, with
its ways, the lanes that collide and a swizzle that would remove the conflict.

## Why is this bad?
An n-way conflicted shared-memory access takes n times as long as it needs to; in a mainloop it can halve a
kernel's speed. Without this rule it shows up only on a GPU, in a profiler, after the fact.

## Example
```python
sX = cute.make_tensor(ptr, cute.make_layout((32, 64), stride=(64, 1)))   # 128-byte rows, no swizzle
load = cute.make_tiled_copy_tv(atom_128b, cute.make_layout((32, 1)), cute.make_layout((1, 8)))
cute.copy(load, tLsX, tLrX)   # lane i reads row i: 8 lanes a phase on the same 4 banks, 8-way
```

Use instead:
```python
ptr = cute.recast_ptr(base, cute.make_swizzle(3, 4, 3), dtype=cutlass.Float16)
```
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from cute_inspect.lint.rules import RuleContext, Violation

CODE = "CI120"
NAME = "bank-conflict"
SUMMARY = "A copy's shared-memory side has bank conflicts"
KIND = "trace"
DEFAULT = False  # a performance finding, not a contradiction: opt in with select


def check_records(records: Iterable[Any], context: RuleContext) -> Iterator[tuple[str, Violation]]:
    """(file, violation) for every traced copy whose shared-memory side is conflicted, once per source line."""
    from cute_inspect.trace.copy_traffic import conflict_message, figure  # late: a static lint needs no tracer

    seen = set()
    for record in records:
        if getattr(record, "op", None) != "copy":
            continue
        # A saved JSON trace carries no `meta` (the bank figure lives on the compiled records only).
        meta = getattr(record, "meta", None) or {}
        banks = meta.get("banks") or {}
        if banks.get("ways") is None or banks["ways"] <= 1:
            continue
        key = (record.file, record.line, record.col)
        found = figure(record)
        if key in seen or found is None:
            continue
        seen.add(key)
        src, dst = meta.get("_operands", ("src", "dst"))
        head, *rest = conflict_message(*found)
        yield record.file, Violation(record.line, (record.col or 0) + 1,
                                     f"copy `{src} -> {dst}`: {head}; " + "; ".join(rest[1:]))
