"""CI103 gemm-pattern-agreement: a ``cute.gemm`` operand was partitioned by a copy, not by the MMA.

## What it does
For ``cute.gemm(mma, d, a, b, c)``, finds the operand whose ``<scope><op>`` differs from the others' and
reports it when its name contradicts being the MMA's operand: its op is a copy direction (``tTR_rA``),
another slot's operand letter (``tBrB`` given as A), or the file made it with a copy (``tBrB =
thr_copy_B.partition_D(sB)``). An operand that an MMA made (``make_fragment_*``, ``partition_*``),
whatever its letters, is not reported: tcgen05 fragments are shared between matmuls (FlashAttention's
``tdQvrdS`` in both the dQv and dQ GEMMs), and some kernels name their MMA operands by letter. A helper's
parameters are not judged.

## Why is this bad?
All four operands of an MMA must be partitioned by that MMA (``thr_mma.partition_*`` or
``tiled_mma.make_fragment_*``). An operand made by a copy's partitioner has the copy's thread-value
layout, not the MMA's.

## Example
```python
tBrB = thr_copy_B.partition_D(sB)
cute.gemm(tiled_mma, tCtAcc, tCrA[k], tBrB[k], tCtAcc)
```

Use instead:
```python
tCrB = tiled_mma.make_fragment_B(sB)
cute.gemm(tiled_mma, tCtAcc, tCrA[k], tCrB[k], tCtAcc)
```
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from cute_inspect.lint.expectations import MMA_METHODS
from cute_inspect.lint.facts import FileFacts, Partition
from cute_inspect.lint.names import TensorName, is_copy_op, parse_partitioned
from cute_inspect.lint.rules import RuleContext, Violation

CODE = "CI103"
NAME = "gemm-pattern-agreement"
SUMMARY = "A `cute.gemm` operand was partitioned by a copy, not by the MMA"
DEFAULT = True

_SLOT_LETTER = {"d": "C", "a": "A", "b": "B", "c": "C"}


def _made_by_copy(origin: Partition | None) -> bool | None:
    """True: a copy's partitioner made it; False: an MMA's; None: not made by a partitioner in this file."""
    if origin is None:
        return None
    if origin.method in MMA_METHODS or (origin.partitioner is not None and origin.partitioner.kind == "mma"):
        return False
    return True


def _contradiction(name: TensorName, slot: str, origin: Partition | None) -> str | None:
    by_copy = _made_by_copy(origin)
    if by_copy is False:
        return None
    if is_copy_op(name.op):
        return f"`{name.op}` names a copy"
    if name.op in ("A", "B", "C") and name.op != _SLOT_LETTER.get(slot, name.op):
        return f"`{name.op}` names operand {name.op}, given here as {_SLOT_LETTER[slot]}"
    if by_copy:
        made_by = f"`{origin.receiver}.{origin.method}`" if origin.receiver else f"`{origin.method}`"
        return f"it is made by the copy partitioner {made_by}"
    return None


def check(facts: FileFacts, context: RuleContext) -> Iterator[Violation]:
    origins = None
    for call in facts.gemms:
        parsed = [
            (operand, parse_partitioned(operand.name, context.vocabulary))
            for operand in call.operands
            if operand.name and not facts.is_helper_param(operand.name, call.scope)
        ]
        parsed = [(operand, name) for operand, name in parsed if name is not None]
        patterns = Counter(name.pattern for _, name in parsed)
        if len(patterns) < 2:
            continue
        if origins is None:
            origins = {(p.target, p.scope): p for p in facts.partitions}
        (majority, count), (_, runner_up) = patterns.most_common(2)
        reported = set()
        for operand, name in parsed:
            if name.pattern == majority or operand.name in reported:
                continue
            why = _contradiction(name, operand.slot, origins.get((operand.name, call.scope)))
            if why is None:
                continue
            reported.add(operand.name)
            message = f"`cute.gemm` operand `{operand.name}` has pattern `{name.pattern}`: {why}"
            if count > runner_up:
                message += f"; the other operands have `{majority}`, the MMA's"
            yield Violation(operand.line, operand.column, message)
