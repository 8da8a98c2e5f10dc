"""CI105 partition-source-agreement: a partition's ``<where><what>`` disagrees with the tensor partitioned.

## What it does
For ``tXY_wT = partitioner.partition_*(wT...)`` (and ``retile``, ``tma_partition``), checks that the
result keeps the where letter and tensor of its argument: ``thr_mma.partition_A(gA_mkl)`` gives ``tCgA``,
``thr_copy_t2r.partition_S(tAcc_epi)`` gives ``tTR_tAcc``. ``m`` and ``g`` both count as global. For
``make_fragment_A/B`` the tensor must agree and the where letter is ``r`` (``t`` for a TMEM operand).
Arguments whose names do not follow the convention are not checked.

## Why is this bad?
Partitioning does not move data: a partition of ``sA`` still lives in shared memory and still holds A.
A different letter in the result's name says otherwise to every later reader and to the copy and GEMM
agreement checks.

## Example
```python
tCgB = thr_mma.partition_A(gA)
tTR_tS = tmem_thr_copy.partition_D(cS)
```

Use instead:
```python
tCgA = thr_mma.partition_A(gA)
tTR_cS = tmem_thr_copy.partition_D(cS)
```
"""

from __future__ import annotations

from collections.abc import Iterator

from cute_inspect.lint.expectations import role_conflict, source_name
from cute_inspect.lint.facts import FileFacts
from cute_inspect.lint.names import compose, parse_partitioned, same_memory
from cute_inspect.lint.rules import RuleContext, Violation

CODE = "CI105"
NAME = "partition-source-agreement"
SUMMARY = "A partition's `<where><what>` disagrees with the tensor it partitions"

_FRAGMENT_WHERE = ("r", "t")


def check(facts: FileFacts, context: RuleContext) -> Iterator[Violation]:
    for partition in facts.partitions:
        if partition.method == "make_fragment_C":
            continue
        target = parse_partitioned(partition.target, context.vocabulary)
        source = source_name(partition, context.vocabulary)
        if target is None or source is None or role_conflict(partition, source):
            continue
        if partition.method in ("make_fragment_A", "make_fragment_B"):
            where_ok = target.where in _FRAGMENT_WHERE
            where = target.where if where_ok else "r"
        else:
            where_ok = same_memory(target.where, source.where)
            where = target.where if where_ok else source.where
        if where_ok and target.what == source.what:
            continue
        fixed = compose(target.scope, target.op, target.separator, where, source.what, target.variant)
        yield Violation(
            partition.line,
            partition.column,
            f"`{partition.target}` partitions `{partition.source}` but names "
            f"`{target.where}{target.what}`; rename it to `{fixed}`",
        )
