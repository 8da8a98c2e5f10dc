"""CI105 partition-source-agreement: a partition's ``<where><what>`` contradicts the tensor partitioned.

## What it does
For ``tXY_wT = partitioner.partition_*(wT...)`` (and ``retile``, ``tma_partition``, ``make_fragment_A/B``),
checks that the result keeps the memory and the tensor of its argument: ``thr_mma.partition_A(gA_mkl)``
gives ``tCgA``, ``thr_copy_t2r.partition_D(cS)`` gives ``tTR_cS``.

- Memory: the where letters must agree (``m`` and ``g`` are both global). An MMA operand fragment
  (``make_fragment_A/B``) may say ``r``, ``s`` (an SMEM descriptor) or ``t`` (a TMEM operand), and a
  fragment named ``r`` may be partitioned into a ``t`` name.
- Tensor: reported only when the result names another tensor: another GEMM operand (``tCgB`` of ``gA``),
  or a tensor the file has apart from the source (``tSgK`` of ``gQ`` where ``gK`` exists; in any memory
  unless the name is an operand role: ``tXsdX`` of ``sdO`` in a norm backward whose ``dX`` is ``gdX``, while
  ``tCrB`` of ``sQ`` names the operand Q plays). Read as the
  same tensor: indexed, per-iteration and transposed forms (``S0``, ``Si``, ``Kt``), abbreviations
  (``tWgW`` of ``mWeight``, ``tXgI`` of ``gIdx``), a placeholder that is no tensor of the file (``tAgA`` of
  ``gSrc``), partitions of coordinates (``tXcX`` of ``cMN``), views named in the variant (``tStS_P``), a
  tensor made from the other (``gD = local_tile(mO)``), and ``C``/``D``/``Acc`` unless the file holds a
  separate D.

Arguments whose names do not follow the convention are not checked; for an argument that is a parameter
of a helper function (not a ``@cute.kernel``), named for whatever the callers pass, only the where letter
is. A
suggested name is never one already bound in that function.

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
    TensorIndex,
    free_name,
    role_conflict,
    roles_in_use,
    source_name,
    what_contradicts,
    where_agrees,
)
from cute_inspect.lint.facts import FileFacts
from cute_inspect.lint.names import parse_partitioned, renamed
from cute_inspect.lint.rules import Rename, RuleContext, Violation

CODE = "CI105"
NAME = "partition-source-agreement"
SUMMARY = "A partition's `<where><what>` contradicts the tensor it partitions"
DEFAULT = True


def _swaps(facts: FileFacts, context: RuleContext) -> set[tuple[int, str, str]]:
    """(scope, target what, source what) of partitions that trade tensors both ways in one function, each made
    by a partitioner named for its result (``tCsSFA_view = thr_copy_SFA.partition_S(sSFB_tile)`` next to the
    SFB copy given SFA's tile): a deliberate swap_AB. Two slips (``tAgB = thr_copy_a.partition_S(gA)``, ``tBsA
    = thr_copy_b.partition_D(sB)``) are not one."""
    seen = set()
    for partition in facts.partitions:
        target = parse_partitioned(partition.target, context.vocabulary)
        source = source_name(partition, context.vocabulary)
        if target is None or source is None or target.what == source.what or not partition.receiver:
            continue
        if target.what.lower() in partition.receiver.lower().split("_"):
            seen.add((partition.scope, target.what, source.what))
    return {(scope, a, b) for scope, a, b in seen if (scope, b, a) in seen}


def check(facts: FileFacts, context: RuleContext) -> Iterator[Violation]:
    roles = roles_in_use(facts, context.vocabulary)
    index = swaps = None
    for partition in facts.partitions:
        if partition.method == "make_fragment_C":
            continue
        # A helper's parameter is named for whatever its callers pass: its where letter still says which
        # memory the helper expects, its tensor is not compared.
        helper_param = facts.is_helper_param(partition.source, partition.scope)
        target = parse_partitioned(partition.target, context.vocabulary)
        source = source_name(partition, context.vocabulary)
        if target is None or source is None or role_conflict(partition, source, roles):
            continue
        # A coordinate partition (`tCcC`) names what it counts over; the source may be any view of an
        # identity tensor, whatever its name (`gCcoord`).
        if target.where == "c":
            continue
        if index is None:
            index, swaps = TensorIndex(facts, context.vocabulary), _swaps(facts, context)
        if not index.plausible_op(target, source):
            continue
        where_ok = where_agrees(partition, target, source)
        what_ok = (
            helper_param or (partition.scope, target.what, source.what) in swaps
            or not what_contradicts(target, source, index)
        )
        if where_ok and what_ok:
            continue
        where = target.where if where_ok else ("r" if partition.method.startswith("make_fragment") else source.where)
        what = target.what if what_ok else source.what
        fixed = free_name(
            renamed(target, where=where, what=what), facts, partition.scope
        )
        message = f"`{partition.target}` partitions `{partition.source}` but names `{target.where}{target.what}`"
        yield Violation(
            partition.line,
            partition.column,
            message + (f"; rename it to `{fixed}`" if fixed else ""),
            Rename(partition.target, fixed, partition.scope) if fixed else None,
        )
