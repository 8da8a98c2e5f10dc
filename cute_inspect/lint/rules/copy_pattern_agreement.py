"""CI102 copy-pattern-agreement: a copy's source and destination carry different partitioning patterns.

## What it does
For ``cute.copy(atom, src, dst)``, when both tensors have partitioned names, checks that they share
``<scope><op>`` (``tAgA`` -> ``tAsA``, ``tTR_tAcc`` -> ``tTR_rAcc``). The ``_`` separator, ``X2Y``
aliases and the TMEM-copy spellings ``TM`` / ``TMEM_LOAD`` / ``TMEM_STORE`` do not count as a difference,
nor do the two names one ``tma_partition`` call returns (``tQsQ, tQLgQL = tma_partition(...)``).
``autovec_copy`` and ``basic_copy`` have no partitioner and are not checked.

## Why is this bad?
This is the reason the convention exists: "``tAsA`` is read as partitioning pattern ``tA`` applied to tensor
``sA`` ... this naming convention lets us lexically verify that the two tensors are using the same
partitioning pattern" (CuTe GEMM tutorial). Two patterns in one copy mean one side was partitioned by a
different copy, usually the wrong operand's.

## Example
```python
cute.copy(tma_atom_a, tAgA[None, k], tBsB[None, stage])
```

Use instead:
```python
cute.copy(tma_atom_a, tAgA[None, k], tAsA[None, stage])
```
"""

from __future__ import annotations

from collections.abc import Iterator

from cute_inspect.lint.facts import FileFacts
from cute_inspect.lint.names import parse_partitioned
from cute_inspect.lint.rules import RuleContext, Violation

CODE = "CI102"
NAME = "copy-pattern-agreement"
SUMMARY = "`cute.copy` source and destination use different `<scope><op>` patterns"


def _paired_patterns(facts: FileFacts, context: RuleContext) -> set[frozenset[str]]:
    pairs = set()
    for smem, gmem in facts.tma_pairs:
        names = [parse_partitioned(name, context.vocabulary) for name in (smem, gmem)]
        if all(names):
            pairs.add(frozenset(name.pattern for name in names))
    return pairs


def check(facts: FileFacts, context: RuleContext) -> Iterator[Violation]:
    paired = _paired_patterns(facts, context) if facts.tma_pairs else set()
    for call in facts.copies:
        if len(call.operands) != 2:
            continue
        source, destination = call.operands
        parsed_source = parse_partitioned(source.name, context.vocabulary) if source.name else None
        parsed_destination = parse_partitioned(destination.name, context.vocabulary) if destination.name else None
        if parsed_source is None or parsed_destination is None:
            continue
        patterns = frozenset((parsed_source.pattern, parsed_destination.pattern))
        if len(patterns) == 2 and patterns not in paired:
            yield Violation(
                destination.line,
                destination.column,
                f"`{call.function}` from `{source.name}` (pattern `{parsed_source.pattern}`) into "
                f"`{destination.name}` (pattern `{parsed_destination.pattern}`): the two sides of a copy "
                "must carry the pattern of the one partitioner that made them",
            )
