"""CI108 separator-style: the ``_`` after a direction op does not follow the configured style.

## What it does
With ``separator = "required"``, names with a direction op (``TR``, ``RS``, ``SG``, ``R2G``...) must put
``_`` between the op and the where letter (``tTR_tAcc``, as CUTLASS writes); with ``"forbidden"`` they must
not (``tRSsC``, as seed 002 writes). The default, ``"either"``, accepts both and this rule reports nothing.
Operand ops (``tCgA``) never take a separator. Off by default; select ``CI108`` and set ``separator``.

## Why is this bad?
Both spellings are in use; mixing them in one project makes the same partition look like two names, and
makes searching for it harder.

## Example
```python
# separator = "required"
tRSsC = thr_copy_r2s.partition_D(sC)
```

Use instead:
```python
tRS_sC = thr_copy_r2s.partition_D(sC)
```

## Options
``separator`` in ``[tool.cute-inspect]``: ``"required"``, ``"forbidden"`` or ``"either"``.
"""

from __future__ import annotations

from collections.abc import Iterator

from cute_inspect.lint.expectations import free_name
from cute_inspect.lint.facts import FileFacts
from cute_inspect.lint.names import is_direction_op, parse_partitioned, renamed
from cute_inspect.lint.rules import RuleContext, Violation, renaming

CODE = "CI108"
NAME = "separator-style"
SUMMARY = "`_` after a direction op (`tTR_tAcc` vs `tTRtAcc`) breaks the configured style"
DEFAULT = False


def check(facts: FileFacts, context: RuleContext) -> Iterator[Violation]:
    if context.separator == "either":
        return
    wanted = "_" if context.separator == "required" else ""
    for partition in facts.partitions:
        name = parse_partitioned(partition.target, context.vocabulary)
        # A snake-case name (`t_tr_r_acc`) separates every part: CI101's question, not this one.
        if name is None or name.snake or not is_direction_op(name.op) or name.separator == wanted:
            continue
        fixed = free_name(renamed(name, separator=wanted), facts, partition.scope)
        yield renaming(
            partition.line,
            partition.column,
            f"`{partition.target}`: separator `_` after `{name.op}` is {context.separator}",
            partition.target, fixed, partition.scope,
        )
