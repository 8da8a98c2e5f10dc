"""CI109 mma-operand-letter: an MMA partition named with its own operand's letter (opt-in style rule).

## What it does
Reports ``tAgA = thr_mma.partition_A(gA)`` and ``tBrB = tiled_mma.make_fragment_B(sB)``: results of an
MMA's ``partition_A/B`` or ``make_fragment_A/B`` whose op is the operand letter itself. CuTe names MMA
partitions with the MMA's op (``tC`` in a GEMM, ``tS`` / ``tO`` in attention) and keeps ``tA`` / ``tB``
for the copies that load A and B. Off by default: some kernels use operand letters for their MMA
partitions consistently, which states nothing false (select ``CI109`` to enforce CuTe's style).

## Why is this bad?
Next to a TMA partition ``tAgA``, an MMA partition also named ``tAgA``-style reads as the copy's, and the
copy and GEMM agreement checks (CI102, CI103) cannot tell the two patterns apart.

## Example
```python
tAgA = thr_mma.partition_A(gA)
```

Use instead:
```python
tCgA = thr_mma.partition_A(gA)
```
"""

from __future__ import annotations

from collections.abc import Iterator

from cute_inspect.lint.expectations import free_name, same_letter_mma_op
from cute_inspect.lint.facts import FileFacts
from cute_inspect.lint.names import parse_partitioned, renamed
from cute_inspect.lint.rules import RuleContext, Violation, renaming

CODE = "CI109"
NAME = "mma-operand-letter"
SUMMARY = "An MMA partition named with its operand's letter (`tAgA` from `partition_A`), not the MMA's op"
DEFAULT = False


def check(facts: FileFacts, context: RuleContext) -> Iterator[Violation]:
    for partition in facts.partitions:
        target = parse_partitioned(partition.target, context.vocabulary)
        if target is None or not same_letter_mma_op(partition, target):
            continue
        own = partition.partitioner.ops[0] if partition.partitioner.ops else "C"
        fixed = free_name(renamed(target, op=own, separator=""), facts, partition.scope)
        yield renaming(
            partition.line,
            partition.column,
            f"`{partition.target}` is made by the MMA partitioner `{partition.receiver}.{partition.method}` but is "
            f"named with operand letter `{target.op}`, the pattern of the copy that loads it",
            partition.target, fixed, partition.scope,
        )
