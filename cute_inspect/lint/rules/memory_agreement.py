"""CI107 memory-agreement: a name's ``<where>`` letter disagrees with the memory the traced tensor is in.

## What it does
Needs a trace (``cute-inspect lint --trace TARGET``): compiles the target with cute-inspect's tracer and,
for every recorded tensor whose name follows the convention, compares its where letter with the memory
space the compiler reports: ``m``/``g`` global (TMA coordinate tensors count as global), ``s`` shared,
``r`` registers, ``t`` tensor memory, ``c`` coordinates. A register fragment of a tcgen05 or wgmma operand
(``tCrA = tiled_mma.make_fragment_A(sA)``) holds shared-memory descriptors and is named ``r`` or, for the
memory it describes, ``s`` (``tBsQ_desc``), as is any tensor of SMEM descriptors (``tCsSFA_compact_s2t =
tcgen05.get_s2t_smem_desc_tensor(...)``); a tcgen05 A operand in tensor memory may be named ``r``, and
one holding descriptors ``t`` (its source, SMEM or TMEM, is a compile-time choice and one name serves both
branches: ``tAtK_cvt``); a view of a TMEM A operand at an offset (``tdVrP = cute.make_tensor(tdVrP0.iterator
+ off, tdVrP0.layout)``, read from the statement, since the trace records no input for it) is named as the
operand. None of these is reported. A whole tensor whose only memory letter is a leading ``t`` (``tIn``, ``tTR_r``) is not
reported either: that ``t`` is the thread-partition prefix as often as tensor memory.

## Why is this bad?
The where letter is the reader's only hint of a tensor's memory, which decides which copy atoms and
which MMA operand sources are legal. A ``tCsA`` that is really global memory sends the reader, and the
copy-agreement checks, the wrong way.

## Example
```python
tCsA = thr_mma.partition_A(gA)  # traced: gmem
```

Use instead:
```python
tCgA = thr_mma.partition_A(gA)
```
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any

from cute_inspect.lint.facts import relaid_view
from cute_inspect.lint.names import WHERE_WORDS, parse_name, renamed
from cute_inspect.lint.rules import RuleContext, Violation

CODE = "CI107"
NAME = "memory-agreement"
SUMMARY = "The `<where>` letter disagrees with the traced memory space"
KIND = "trace"
DEFAULT = True

_WHERE_FOR_MEMORY = {
    "gmem": ("g", "mg"),
    "coord": ("g", "mgc"),
    "smem": ("s", "s"),
    "rmem": ("r", "r"),
    "tmem": ("t", "t"),
}
_MEMORY_WORDS = {
    "gmem": "global memory", "coord": "a coordinate tensor (global)", "smem": "shared memory",
    "rmem": "registers", "tmem": "tensor memory",
}


def _smem_descriptors(record: Any, name: Any, memory: str) -> bool:
    """Registers of type ``smem_desc``: descriptors of shared memory, whatever made them."""
    dtypes = getattr(record, "dtypes", None) or ()
    names = record.names or ()
    return memory == "rmem" and name in names and names.index(name) < len(dtypes) \
        and dtypes[names.index(name)] == "smem_desc"


def _descriptor_tensor(record: Any, name: Any, where: str, memory: str) -> bool:
    """A tensor of SMEM descriptors named ``s`` for the memory it describes or ``r`` for the registers that hold
    them, whatever made it: ``tcgen05.get_s2t_smem_desc_tensor(...)``'s (``tCsSFA_compact_s2t``), which the trace
    records only where it is used, as an input of type ``smem_desc``."""
    return where in "rs" and _smem_descriptors(record, name, memory)


def _operand_fragment(record: Any, name: Any, where: str, memory: str) -> bool:
    """A tcgen05/wgmma operand fragment, named as the convention allows wherever it lives: ``r`` for SMEM
    descriptors (traced as an SMEM view, or as registers of type ``smem_desc``) or for a tcgen05 A operand in
    tensor memory, and ``s`` for SMEM descriptors (``tBsQ_desc = thr_mma.make_fragment_B(tBsQ)``)."""
    op = str(getattr(record, "op", ""))
    if not op.startswith("make_fragment_") or op[-1] not in "AB":
        return False
    descriptor = memory == "smem" or _smem_descriptors(record, name, memory)
    return (descriptor and where in "rs") or (memory == "tmem" and where == "r")


def _tcgen05_a_source(record: Any, name: Any, where: str, memory: str) -> bool:
    """A tcgen05 A operand holding SMEM descriptors named for tensor memory: the A operand's source (SMEM or
    TMEM) is a compile-time choice, and one name serves both branches (``tAtK_cvt = make_fragment_A(tAsK)`` for
    FP8, ``make_fragment_A(shape)`` in TMEM otherwise)."""
    return str(getattr(record, "op", "")) == "make_fragment_A" and where == "t" and memory != "tmem" \
        and _operand_fragment(record, name, "r", memory)


@lru_cache(maxsize=64)
def _relaid_views(file: str) -> dict[int, str]:
    """line -> X for each ``Y = cute.make_tensor(X.iterator + offset, X.layout)`` of a source file."""
    try:
        tree = ast.parse(Path(file).read_text(encoding="utf-8", errors="replace"))
    except (OSError, SyntaxError, ValueError, RecursionError):
        return {}
    return {
        node.lineno: whole for node in ast.walk(tree)
        if type(node) is ast.Assign and type(node.value) is ast.Call and (whole := relaid_view(node.value))
    }


def _view_of_operand_fragment(record: Any, where: str, memory: str, fragments: dict[tuple[str, str], str]) -> bool:
    """A view of a tcgen05 A operand in TMEM at an offset (``tdVrP = make_tensor(tdVrP0.iterator + off,
    tdVrP0.layout)``), named ``r`` as the fragment it views: the trace records no input for such a view, so the
    statement says which fragment it is."""
    if str(getattr(record, "op", "")) != "make_tensor" or where != "r" or memory != "tmem":
        return False
    whole = _relaid_views(str(record.file)).get(record.line)
    return whole is not None and fragments.get((str(record.file), whole)) == "tmem"


def _thread_prefix(parsed: Any, memory: str) -> bool:
    """A name that reads as a whole tensor in tensor memory only by its first letter (``tIn``, ``tKVOut``,
    ``tTR_r``): the ``t`` is the thread-partition prefix as often as the memory, so only tensor memory agrees
    with it and nothing contradicts it."""
    return parsed.where == "t" and not parsed.partitioned and memory != "tmem"


def check_records(records: Iterable[Any], context: RuleContext) -> Iterator[tuple[str, Violation]]:
    """(file, violation) for every traced name whose where letter disagrees with its memory space.

    A record needs ``names``, ``memspaces`` (one per output), ``file``, ``line``; ``col`` (from 0) and
    ``op`` are optional.
    """
    seen = set()
    records = list(records)
    fragments = {
        (str(record.file), name): memory for record in records
        if str(getattr(record, "op", "")).startswith("make_fragment_")
        for name, memory in zip(record.names or (), record.memspaces or ()) if name is not None
    }
    for record in records:
        for name, memory in zip(record.names or (), record.memspaces or ()):
            if name is None or memory not in _WHERE_FOR_MEMORY:
                continue
            key = (record.file, record.line, name, memory)
            parsed = parse_name(name, context.vocabulary)
            if key in seen or parsed is None:
                continue
            seen.add(key)
            letter, accepted = _WHERE_FOR_MEMORY[memory]
            if parsed.where in accepted or _operand_fragment(record, name, parsed.where, memory) \
                    or _descriptor_tensor(record, name, parsed.where, memory) \
                    or _tcgen05_a_source(record, name, parsed.where, memory) \
                    or _view_of_operand_fragment(record, parsed.where, memory, fragments) \
                    or _thread_prefix(parsed, memory):
                continue
            fixed = renamed(parsed, where=letter)
            yield record.file, Violation(
                record.line,
                (getattr(record, "col", 0) or 0) + 1,  # records count columns from 0, as ast does
                f"`{name}` is named for {WHERE_WORDS[parsed.where]} (`{parsed.where}`) but the trace shows "
                f"{_MEMORY_WORDS[memory]}; rename it to `{fixed}`",
            )
