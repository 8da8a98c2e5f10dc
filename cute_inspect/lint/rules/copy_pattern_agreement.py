"""CI102 copy-pattern-agreement: a copy's source and destination carry different partitioning patterns.

## What it does
For ``cute.copy(atom, src, dst)`` (and ``cute.autovec_copy`` / ``cute.basic_copy``), when both tensors
have partitioned names, checks that they share ``<scope><op>`` (``tAgA`` -> ``tAsA``, ``tTR_tAcc`` ->
``tTR_rAcc``). The ``_`` separator and ``X2Y`` aliases do not count as a difference.

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


def check(facts: FileFacts, context: RuleContext) -> Iterator[Violation]:
    for call in facts.copies:
        if len(call.operands) != 2:
            continue
        source, destination = call.operands
        parsed_source = parse_partitioned(source.name, context.vocabulary) if source.name else None
        parsed_destination = parse_partitioned(destination.name, context.vocabulary) if destination.name else None
        if parsed_source is None or parsed_destination is None:
            continue
        if parsed_source.pattern != parsed_destination.pattern:
            yield Violation(
                destination.line,
                destination.column,
                f"`{call.function}` from `{source.name}` (pattern `{parsed_source.pattern}`) into "
                f"`{destination.name}` (pattern `{parsed_destination.pattern}`): source and destination "
                "must be partitioned by the same copy",
            )
