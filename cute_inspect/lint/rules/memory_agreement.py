"""CI107 memory-agreement: a name's ``<where>`` letter disagrees with the memory the traced tensor is in.

## What it does
Needs a trace (``cute-inspect lint --trace TARGET``): compiles the target with cute-inspect's tracer and,
for every recorded tensor whose name follows the convention, compares its where letter with the memory
space the compiler reports: ``m``/``g`` global (TMA coordinate tensors count as global), ``s`` shared,
``r`` registers, ``t`` tensor memory, ``c`` coordinates. A register fragment of a tcgen05 or wgmma operand
(``tCrA = tiled_mma.make_fragment_A(sA)``) holds shared-memory descriptors and is still named ``r``:
it is not reported.

## Why is this bad?
The where letter is the reader's only hint of a tensor's memory, which decides which copy atoms and
which MMA operand sources are legal. A ``tCsA`` that is really global memory sends the reader, and the
copy-agreement checks, the wrong way.

## Example
```python
tCsA = thr_mma.partition_A(gA)  # traced: gmem
```

Use instead:
```python
tCgA = thr_mma.partition_A(gA)
```
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from cute_inspect.lint.names import parse_name, renamed
from cute_inspect.lint.rules import RuleContext, Violation

CODE = "CI107"
NAME = "memory-agreement"
SUMMARY = "The `<where>` letter disagrees with the traced memory space"
KIND = "trace"
DEFAULT = True

_WHERE_FOR_MEMORY = {
    "gmem": ("g", "mg"),
    "coord": ("g", "mgc"),
    "smem": ("s", "s"),
    "rmem": ("r", "r"),
    "tmem": ("t", "t"),
}
_WHERE_WORDS = {
    "m": "global memory", "g": "global memory", "s": "shared memory", "r": "registers", "t": "tensor memory",
    "c": "coordinates",
}
_MEMORY_WORDS = {
    "gmem": "global memory", "coord": "a coordinate tensor (global)", "smem": "shared memory",
    "rmem": "registers", "tmem": "tensor memory",
}


def _descriptor_fragment(record: Any, where: str, memory: str) -> bool:
    """A tcgen05/wgmma operand fragment: named ``r``, traced as an SMEM descriptor view."""
    return where == "r" and memory == "smem" and "make_fragment" in str(getattr(record, "op", ""))


def check_records(records: Iterable[Any], context: RuleContext) -> Iterator[tuple[str, Violation]]:
    """(file, violation) for every traced name whose where letter disagrees with its memory space.

    A record needs ``names``, ``memspaces`` (one per output), ``file``, ``line``; ``col`` (from 0) and
    ``op`` are optional.
    """
    seen = set()
    for record in records:
        for name, memory in zip(record.names or (), record.memspaces or ()):
            if name is None or memory not in _WHERE_FOR_MEMORY:
                continue
            key = (record.file, record.line, name, memory)
            parsed = parse_name(name, context.vocabulary)
            if key in seen or parsed is None:
                continue
            seen.add(key)
            letter, accepted = _WHERE_FOR_MEMORY[memory]
            if parsed.where in accepted or _descriptor_fragment(record, parsed.where, memory):
                continue
            fixed = renamed(parsed, where=letter)
            yield record.file, Violation(
                record.line,
                (getattr(record, "col", 0) or 0) + 1,  # records count columns from 0, as ast does
                f"`{name}` is named for {_WHERE_WORDS[parsed.where]} (`{parsed.where}`) but the trace shows "
                f"{_MEMORY_WORDS[memory]}; rename it to `{fixed}`",
            )
