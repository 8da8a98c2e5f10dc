"""CI101 partition-name-grammar: a tensor made by a partitioner does not read as a partitioned name.

## What it does
Checks every name assigned from a partitioner or fragment maker (``partition_A/B/C``,
``partition_S/D``, ``make_fragment_A/B/C``, ``retile``, ``cpasync.tma_partition``) against the
grammar ``<scope><op>[_]<where><what>[_<variant>]``: scope ``t`` or ``b``; an op (operand family ``A``,
``C``, ``S``..., or a direction ``TR``, ``RS``, ``SG``...); a where letter ``m g s r t c``; the tensor.

Off by default (a style rule: the name is outside the grammar, not false); select ``CI101`` to enforce
it. A helper's parameter reassigned from a partitioner (``src = tiled_copy.retile(src)``) is not judged.

## Why is this bad?
The name is the only place a reader sees which partitioning pattern produced a tensor and where it lives.
``acc_vec`` or ``thrA`` hide both, and none of the agreement checks (CI102-CI105) can see through them.

## Example
```python
acc_vec = tiled_copy_r2s.retile(tTR_rAcc)
```

Use instead:
```python
tRS_rAcc = tiled_copy_r2s.retile(tTR_rAcc)
```

## Options
``extra-ops`` and ``extra-tensors`` accept tokens that do not have the built-in shapes.
"""

from __future__ import annotations

from collections.abc import Iterator

from cute_inspect.lint.expectations import free_name, suggested_name
from cute_inspect.lint.facts import FileFacts
from cute_inspect.lint.names import parse_partitioned
from cute_inspect.lint.rules import Rename, RuleContext, Violation

CODE = "CI101"
NAME = "partition-name-grammar"
SUMMARY = "A partitioner's result does not read as `<scope><op>[_]<where><what>`"
DEFAULT = False


def check(facts: FileFacts, context: RuleContext) -> Iterator[Violation]:
    for partition in facts.partitions:
        if partition in facts.bound_at_calls:
            # a name a helper's call binds to what the helper returns: its own call is the helper's `return`
            continue
        parsed = parse_partitioned(partition.target, context.vocabulary)
        # The snake-case spelling (`t_cg_a`) is read by the other rules, but it is not the grammar's.
        if partition.target.startswith("_") or parsed is not None and not parsed.snake:
            continue
        if facts.is_helper_param(partition.target, partition.scope):
            continue
        call = f"{partition.receiver}.{partition.method}" if partition.receiver else partition.method
        message = f"`{partition.target}` is made by `{call}` but does not read as `<scope><op>[_]<where><what>`"
        suggestion = free_name(
            suggested_name(partition, context.suggested_separator, context.vocabulary), facts, partition.scope
        )
        if suggestion:
            message += f"; rename it to `{suggestion}`"
        rename = Rename(partition.target, suggestion, partition.scope) if suggestion else None
        yield Violation(partition.line, partition.column, message, rename)
