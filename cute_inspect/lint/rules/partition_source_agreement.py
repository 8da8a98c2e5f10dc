"""CI105 partition-source-agreement: a partition's ``<where><what>`` disagrees with the tensor partitioned.

## What it does
For ``tXY_wT = partitioner.partition_*(wT...)`` (and ``retile``, ``tma_partition``), checks that the
result keeps the where letter and tensor of its argument: ``thr_mma.partition_A(gA_mkl)`` gives ``tCgA``,
``thr_copy_t2r.partition_S(tAcc_epi)`` gives ``tTR_tAcc``. ``m`` and ``g`` both count as global; an
MMA operand fragment (``tCrQ``, named ``r`` though tcgen05 may keep it in TMEM) may be partitioned into a
``t`` name. For ``make_fragment_A/B`` the tensor must agree and the where letter is ``r`` (``t`` for a TMEM
operand). Indexed, per-iteration and transposed forms (``S0``, ``Si``, ``Kt``) and views named in the
variant (``tStS_P`` -> ``P``) count as the same tensor. Arguments whose names do not follow the
convention are not checked.

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

from cute_inspect.lint.expectations import (
    role_conflict,
    roles_in_use,
    same_tensor,
    source_name,
)
from cute_inspect.lint.facts import FileFacts
from cute_inspect.lint.names import (
    TensorName,
    compose,
    is_copy_op,
    parse_partitioned,
    same_memory,
)
from cute_inspect.lint.rules import RuleContext, Violation

CODE = "CI105"
NAME = "partition-source-agreement"
SUMMARY = "A partition's `<where><what>` disagrees with the tensor it partitions"

_FRAGMENT_WHERE = ("r", "t")


def _where_agrees(target: TensorName, source: TensorName) -> bool:
    if same_memory(target.where, source.where):
        return True
    # An MMA operand fragment is named `r` wherever it lives (tcgen05 A in TMEM): its copies may say `t`.
    return source.partitioned and source.where == "r" and target.where == "t" and not is_copy_op(source.op)


def check(facts: FileFacts, context: RuleContext) -> Iterator[Violation]:
    roles = roles_in_use(facts, context.vocabulary)
    for partition in facts.partitions:
        if partition.method == "make_fragment_C":
            continue
        target = parse_partitioned(partition.target, context.vocabulary)
        source = source_name(partition, context.vocabulary)
        if target is None or source is None or role_conflict(partition, source, roles):
            continue
        if partition.method in ("make_fragment_A", "make_fragment_B"):
            where_ok = target.where in _FRAGMENT_WHERE
            where = target.where if where_ok else "r"
        else:
            where_ok = _where_agrees(target, source)
            where = target.where if where_ok else source.where
        if where_ok and same_tensor(target, source):
            continue
        fixed = compose(target.scope, target.op, target.separator, where, source.what, target.variant)
        yield Violation(
            partition.line,
            partition.column,
            f"`{partition.target}` partitions `{partition.source}` but names "
            f"`{target.where}{target.what}`; rename it to `{fixed}`",
        )
