"""CI111 gemm-operand-provenance: a ``cute.gemm`` operand that the MMA did not make for that slot.

## What it does
Follows each operand of ``cute.gemm(mma, D, A, B, C)`` to the statement that made it in the function and
reports
- a copy's partition (``partition_S`` / ``partition_D`` / ``retile`` of a TiledCopy, ``tma_partition``):
  the MMA reads its operands in its own layout, made by ``partition_A/B/C`` or ``make_fragment_A/B/C``;
- an MMA partition of another input slot: ``make_fragment_B``'s result given as A (an accumulator given as
  A is not: attention reuses S's registers as P).

An operand made by another MMA than the GEMM's is not reported: kernels share one shared-memory fragment
between two MMAs on purpose (FlashAttention's dS for dQ and dQv); a name that claims another MMA's pattern
is CI110's.

Operands that are parameters of a helper, or not made in the function, are not judged. The message says
both sides: the slot the name is given to, and the call (and line) that made it.

## Why is this bad?
A GEMM on a tensor laid out for a copy, another slot or another MMA computes with the wrong elements
(or fails to compile far from the slip); the name then hides it.

## Example
```python
tSsQ = smem_thr_copy_Q.partition_S(sQ)
tSrQ = thr_mma_qk.make_fragment_A(sQ)
cute.gemm(tiled_mma_qk, acc_S, tSsQ, tSrK, acc_S)
```

Use instead:
```python
cute.gemm(tiled_mma_qk, acc_S, tSrQ, tSrK, acc_S)
```
"""

from __future__ import annotations

from collections.abc import Iterator

from cute_inspect.lint.expectations import MMA_METHODS
from cute_inspect.lint.facts import TMA_PARTITION, FileFacts, Partition
from cute_inspect.lint.provenance import describe_object
from cute_inspect.lint.rules import RuleContext, Violation

CODE = "CI111"
NAME = "gemm-operand-provenance"
SUMMARY = "A `cute.gemm` operand was made by a copy, or for another slot"
DEFAULT = True

_SLOT = {"d": "C", "a": "A", "b": "B", "c": "C"}
_SLOT_WORD = {"d": "D", "a": "A", "b": "B", "c": "C"}
_COPY_METHODS = frozenset({"partition_S", "partition_D", "retile", TMA_PARTITION})


def _made_by(partition: Partition) -> str:
    call = f"{partition.receiver}.{partition.method}" if partition.receiver else partition.method
    return f"`{call}` (line {partition.line})"


def _origin(name: str, aliases: dict[str, str]) -> str:
    """The partition a view was cut from: ``tCrA_1phase = tCrA[None, None, 0]`` is ``tCrA``'s."""
    for _ in range(4):
        if name not in aliases or aliases[name] == name:
            return name
        name = aliases[name]
    return name


def check(facts: FileFacts, context: RuleContext) -> Iterator[Violation]:
    if not facts.gemms:
        return
    origins = facts.origins
    made: dict[tuple[str, int], Partition | None] = {}
    for partition in facts.partitions:
        key = (partition.target, partition.scope)
        earlier = made.get(key, partition)
        made[key] = partition if earlier is not None and earlier.method == partition.method else None
    aliases = dict(facts.views)
    for call in facts.gemms:
        for operand in call.operands:
            if operand.name is None or facts.is_helper_param(operand.name, call.scope):
                continue
            partition = made.get((_origin(operand.name, aliases), call.scope))
            if partition is None or partition.line > call.line:
                continue
            slot = _SLOT_WORD[operand.slot]
            why = None
            if partition.method in _COPY_METHODS:
                obj = origins.object(partition.made_by)
                by = f", a copy: {describe_object(obj, partition.made_by)}" if partition.made_by else ""
                why = f"a copy's partition, made by {_made_by(partition)}{by}"
            elif partition.method in MMA_METHODS and partition.method[-1] in ("A", "B") \
                    and partition.method[-1] != _SLOT[operand.slot]:
                why = f"operand {partition.method[-1]}'s, made by {_made_by(partition)}"
            if why is None:
                continue
            yield Violation(
                operand.line, operand.column,
                f"`cute.gemm` is given `{operand.name}` as its {slot} operand, but that tensor is {why}",
            )
