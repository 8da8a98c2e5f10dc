"""CI103 gemm-pattern-agreement: the operands of one ``cute.gemm`` carry different MMA patterns.

## What it does
For ``cute.gemm(mma, d, a, b, c)``, every operand with a partitioned name must carry the same
``<scope><op>``: the pattern of the MMA that partitioned them (``tC`` in a GEMM, ``tS`` / ``tO`` for the two
matmuls of attention). The odd one out is reported, with the name it should have.

## Why is this bad?
All four operands of an MMA must be partitioned by that MMA (``thr_mma.partition_*`` or
``tiled_mma.make_fragment_*``). An operand named ``tA...`` or ``tB...`` is a copy's partition, whose
thread-value layout does not match the MMA's.

## Example
```python
cute.gemm(tiled_mma, tCtAcc, tCrA[k], tBrB[k], tCtAcc)
```

Use instead:
```python
cute.gemm(tiled_mma, tCtAcc, tCrA[k], tCrB[k], tCtAcc)
```
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from cute_inspect.lint.facts import FileFacts
from cute_inspect.lint.names import compose, parse_partitioned
from cute_inspect.lint.rules import RuleContext, Violation

CODE = "CI103"
NAME = "gemm-pattern-agreement"
SUMMARY = "`cute.gemm` operands do not all carry the MMA's `<scope><op>` pattern"


def check(facts: FileFacts, context: RuleContext) -> Iterator[Violation]:
    for call in facts.gemms:
        parsed = [
            (operand, parse_partitioned(operand.name, context.vocabulary))
            for operand in call.operands
            if operand.name
        ]
        parsed = [(operand, name) for operand, name in parsed if name is not None]
        patterns = Counter(name.pattern for _, name in parsed)
        if len(patterns) < 2:
            continue
        (majority, count), (_, runner_up) = patterns.most_common(2)
        reported = set()
        for operand, name in parsed:
            if name.pattern == majority or operand.name in reported:
                continue
            reported.add(operand.name)
            message = f"`cute.gemm` operand `{operand.name}` has pattern `{name.pattern}`"
            if count > runner_up:
                majority_name = next(n for _, n in parsed if n.pattern == majority)
                fixed = compose(
                    majority_name.scope, majority_name.op, majority_name.separator, name.where, name.what,
                    name.variant,
                )
                message += f" but the other operands have `{majority}`; rename it to `{fixed}`"
            else:
                message += ", other operands disagree: all must be partitioned by the same MMA"
            yield Violation(operand.line, operand.column, message)
