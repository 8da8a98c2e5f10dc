"""CI104 partitioner-origin: the op in a partition's name disagrees with the partitioner that made it.

## What it does
Reads the partitioner from its name (the ``thr_*`` / ``tiled_*`` vocabulary, following ``get_slice``):
- a copy named by its direction, ``thr_copy_t2r`` / ``tiled_copy_r2s`` / ``thr_copy_s2t_sfa``, gives op
  ``TR`` / ``RS`` / ``ST`` (alias ``T2R``...);
- a TMEM load (``thr_tmem_load``) gives ``TR``, ``TM`` or ``TMEM_LOAD``; a TMEM store ``RT``, ``TM`` or
  ``TMEM_STORE``;
- ``cpasync.tma_partition`` is named for the operand it loads (``tAsA``; ``tAsdS`` when dS is the MMA's
  A), a pattern shared by several tensors (``tXsdO`` next to ``tXsX``), or ``SG`` / ``GS`` in an
  epilogue: only the MMA's own ``C`` on a tensor that is not C's (``tCsA``) is reported;
- an MMA (``thr_mma``, ``tiled_mma_qk``...) gives the MMA's own op (``C`` in a GEMM, ``S`` / ``O`` in
  attention): never a copy direction, and never ``A`` for ``partition_A`` (or ``B`` for ``partition_B``).

For a copy, only ops that name a copy (directions, ``TMEM_*``) are checked: a copy may also carry the
family of the operand it moves (``tBsB_s2r``) or keep the consumer's pattern in a copy view
(``tCsA_copy_view``). Partitioners whose names say nothing (``thr_copy``) are not checked.

## Why is this bad?
The op is what CI102 and CI103 compare: a ``tA`` tensor made by the MMA looks compatible with the TMA
copy of A, and an MMA tensor named like a copy direction hides that its layout is the MMA's.

## Example
```python
tAgA = thr_mma.partition_A(gA_mkl)
tTR_sC = thr_copy_r2s.partition_D(sC)
```

Use instead:
```python
tCgA = thr_mma.partition_A(gA_mkl)
tRS_sC = thr_copy_r2s.partition_D(sC)
```
"""

from __future__ import annotations

from collections.abc import Iterator

from cute_inspect.lint.expectations import copy_op_problem, mma_op_problem, source_name
from cute_inspect.lint.facts import FileFacts
from cute_inspect.lint.names import compose, is_direction_op, parse_partitioned
from cute_inspect.lint.rules import RuleContext, Violation

_GEMM_MMAS = frozenset({"thr_mma", "tiled_mma"})

CODE = "CI104"
NAME = "partitioner-origin"
SUMMARY = "The op letters of a partition disagree with the partitioner that made it"


def check(facts: FileFacts, context: RuleContext) -> Iterator[Violation]:
    for partition in facts.partitions:
        target = parse_partitioned(partition.target, context.vocabulary)
        if target is None:
            continue
        made_by = f"`{partition.receiver}.{partition.method}`" if partition.receiver else f"`{partition.method}`"
        problem = mma_op_problem(partition, target)
        if problem:
            if partition.receiver in _GEMM_MMAS:  # a single, unqualified MMA: the GEMM's, whose op is C
                fix = "rename it to `" + compose(target.scope, "C", "", target.where, target.what, target.variant) + "`"
            else:
                fix = "name it with the MMA's op (`tC...` in a GEMM, `tS...` / `tO...` in attention)"
            yield Violation(
                partition.line,
                partition.column,
                f"`{partition.target}` is made by the MMA partitioner {made_by} but {problem}; {fix}",
            )
            continue
        expected = copy_op_problem(partition, target, source_name(partition, context.vocabulary))
        if expected is None:
            continue
        allowed, op = expected
        separator = (target.separator or context.suggested_separator) if is_direction_op(op) else ""
        fixed = compose(target.scope, op, separator, target.where, target.what, target.variant)
        yield Violation(
            partition.line,
            partition.column,
            f"`{partition.target}` is made by {made_by}, whose op is {allowed}, not `{target.op}`; "
            f"rename it to `{fixed}`",
        )
