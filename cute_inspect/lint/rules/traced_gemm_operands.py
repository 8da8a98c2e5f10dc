"""CI112 traced-gemm-operands (``--trace``): a tensor the compile hands to ``cute.gemm`` in another function,
made by a copy or for another slot.

## What it does
Reads the trace's ``gemm`` events (their ``operands``: the records of D, A, B and C) and the record that made
each operand (its op and ``made_by``: the partitioner object, its kind and atom). Reports an operand made by
a copy (``partition_S`` / ``partition_D`` / ``retile`` of a TiledCopy, ``tma_partition``) or by the MMA for
another slot (``make_fragment_B`` given as A), where the GEMM runs in another function than the one that
named the tensor: a helper such as ``gemm(tiled_mma, acc, tCrA, tCrB)``, whose parameters the static rule
(CI111) does not judge. The finding is at the line that made the operand, and names the GEMM's line.

## Why is this bad?
The helper's parameter names say nothing about what it is given; only the compile follows the tensor from the
kernel's line into the helper. A copy's layout or another slot's fragment in a GEMM computes the wrong
elements.

## Example
```python
tSsQ = smem_thr_copy_Q.partition_S(sQ)
gemm_helper(tiled_mma_qk, acc_S, tSsQ, tSrK)   # the helper calls cute.gemm(tiled_mma, acc, a, b, acc)
```

Use instead:
```python
gemm_helper(tiled_mma_qk, acc_S, tSrQ, tSrK)
```
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from typing import Any

from cute_inspect.lint.rules import RuleContext, Violation

CODE = "CI112"
NAME = "traced-gemm-operands"
SUMMARY = "(`--trace`) a tensor given to `cute.gemm` in a helper was made by a copy, or for another slot"
KIND = "trace"
DEFAULT = True

_COPY_OPS = frozenset({"partition_S", "partition_D", "retile", "tma_partition"})
_SLOT_OPS = {"A": ("partition_A", "make_fragment_A"), "B": ("partition_B", "make_fragment_B")}


def _shown(file: str) -> str:
    """A path as the user would write it: relative to the working directory when under it."""
    relative = os.path.relpath(file) if os.path.isabs(file) else file
    return file if relative.startswith("..") else relative


def _made(record: Any) -> str:
    made_by = getattr(record, "made_by", None) or {}
    receiver = made_by.get("receiver")
    call = f"{receiver}.{record.op}" if receiver else record.op
    atom = f", {made_by['kind']} atom `{made_by['op']}`" if made_by.get("kind") and made_by.get("op") else ""
    return f"`{call}` (line {record.line}{atom})"


def check_records(records: Iterable[Any], context: RuleContext) -> Iterator[tuple[str, Violation]]:
    """(file, violation) for gemm operands, over every record of the trace (operands may be made in
    another file than the GEMM's)."""
    records = list(records)
    by_index = {getattr(record, "index", None): record for record in records}
    seen = set()
    for gemm in records:
        operands = getattr(gemm, "operands", None)
        if getattr(gemm, "op", None) != "gemm" or not operands:
            continue
        for slot in ("A", "B"):
            made = by_index.get(operands.get(slot))
            if made is None or not any(getattr(made, "names", None) or ()):
                continue
            if (made.file, made.line) == (gemm.file, gemm.line) or getattr(made, "function", None) == getattr(
                gemm, "function", None
            ):
                continue  # made and used in one function: CI111 reads it from the source
            if made.op in _COPY_OPS:
                why = f"a copy's partition, made by {_made(made)}"
            elif made.op.endswith(("_A", "_B")) and made.op not in _SLOT_OPS[slot]:
                why = f"operand {made.op[-1]}'s, made by {_made(made)}"
            else:
                continue
            name = next(n for n in made.names if n)
            key = (made.file, made.line, name, slot)
            if key in seen:
                continue
            seen.add(key)
            yield made.file, Violation(
                made.line, (getattr(made, "col", 0) or 0) + 1,
                f"`{name}` is given to `cute.gemm` as its {slot} operand ({_shown(gemm.file)}:{gemm.line}, in "
                f"`{getattr(gemm, 'function', '?')}`), but the trace shows it is {why}",
            )
