"""CI113 maker-memory: a tensor's ``<where>`` letter contradicts the memory the call that made it allocates in.

## What it does
For a name that follows the convention (``tTR_rC``, ``sA``, ``tCtS``, or its letters before a tensor in
snake-case words, ``tCr_score_tile``) bound to the result of a call whose memory is known from the call alone,
compares the where letter with that memory:
- registers: ``cute.make_rmem_tensor``, ``make_rmem_tensor_like``, ``make_fragment``, ``make_fragment_like``;
- shared memory: a shared-storage field's ``get_tensor`` (``storage.sA.get_tensor(layout)``), and
  ``allocate_tensor`` of an allocator made from an ``Smem...Allocator`` class;
- tensor memory: ``allocate_tensor`` of an allocator made from a ``Tmem...`` allocator or pool class;
- global memory: ``from_dlpack`` (the host's wrapper of a device tensor; a kernel parameter its launches pass one
  for is global too);
- the pointer's memory, for ``cute.make_tensor(pointer, layout)``: ``cute.make_ptr(..., cute.AddressSpace.gmem)``,
  ``retrieve_tmem_ptr`` or a TMEM allocator's ``retrieve_ptr`` (through ``recast_ptr`` and ``+ offset``), or
  ``X.iterator`` of a tensor whose memory is known here (not an MMA operand fragment's layout, named ``r``
  wherever it lives; a ``@cute.kernel``'s tensor parameter, and a helper's parameter the kernel passes it to,
  is in global memory: the host launches kernels with global tensors);
- tensor memory for a ``make_fragment_C`` accumulator whose layout the function then lays over a TMEM pointer
  (``make_tensor(recast_ptr(tmem_ptr + offset), tCtO.layout)``: a tcgen05 accumulator), or of an MMA the file sets a
  tcgen05 field on in any function it is passed to (``tiled_mma_pv.set(tcgen05.Field.ACCUMULATE, ...)``): a name
  with ``r`` for one (``tOrO``) is reported.

``m`` and ``g`` (global) never come from these calls; ``c`` (coordinates) is not compared, nor a name that
reads as tensor memory only by its first letter (``tMask``, ``tHreg``: no op, no separator). An MMA's operand
fragments (``make_fragment_A/B``) and partitions are CI105's, but for a warp-level MMA (``warp.MmaF16BF16Op``,
``MmaUniversalOp``), whose operand fragments are registers (``tBsVt = tiled_mma.make_fragment_B(...)`` is reported). So is an MMA's operand fragment that a copy writes through its
retile (``tCsA = tiledmma.make_fragment_A(...)``, ``tCrA_v = thr_a.retile(tCsA)``, ``cute.copy(s2r_a, tAsA, tCrA_v)``): no
copy writes a warpgroup or tcgen05 MMA's shared-memory descriptors, so the fragment is registers. A file's own ``allocate_tensor(smem, ...)``
helper allocates with the allocator it is given, and ``cute.arch.alloc_smem`` (also through
``domain_offset(c, X).iterator``) points into shared memory.

``cute.make_identity_tensor`` makes coordinates, in no memory: a name with ``s``, ``r`` or ``t`` for one
(``sS``) is reported, unless its words say coordinates (``sCcoord``); ``m`` and ``g`` also mean a whole
tensor and a tile, and are left to authors' stand-ins (``mACC``, ``gC_fake`` made for its shape).

An MMA accumulator (``make_fragment_C``) is in registers, or tensor memory when laid over it: a name with ``s``, ``g``
or ``m`` for one (``tCsC``) is reported. The convention in lower case (``rx``, ``twsw``; ``t``, a one-letter op,
a where letter, a one-letter tensor) is read where the function names that tensor so in another memory by a view or
partition (``gx = cute.local_tile(x, ...)``, ``twgw``); a lone ``sk`` or ``ss`` is a word. A name in descriptive words
(``gmem_a``) says its memory by its memory word where the function names another buffer of that maker's memory so,
apart only in that word and a word naming another of its tensors (``smem_b`` beside ``mA``, ``mB``): alone, a memory
word may name the contents (``tmem_slot`` in shared memory holds a TMEM address; ``use_smem`` is a flag).

## Why is this bad?
The where letter is the reader's only hint of a tensor's memory, which decides which copy atoms and MMA
operand sources are legal. A register tile named ``s`` sends the reader, and the copy checks, to shared
memory.

## Example
```python
tTR_sC = cute.make_rmem_tensor(tTR_rAcc.shape, self.c_dtype)
```

Use instead:
```python
tTR_rC = cute.make_rmem_tensor(tTR_rAcc.shape, self.c_dtype)
```
"""

from __future__ import annotations

from collections.abc import Iterator

from cute_inspect.lint.descriptive import memory_word, with_memory
from cute_inspect.lint.expectations import TensorIndex, free_name
from cute_inspect.lint.facts import FileFacts
from cute_inspect.lint.names import (
    WHERE_WORDS,
    TensorName,
    parse_lower_partition,
    parse_lower_tensor,
    parse_name,
    parse_snake_tail,
    renamed,
    same_memory,
    says_coordinates,
)
from cute_inspect.lint.rules import RuleContext, Violation, renaming

CODE = "CI113"
NAME = "maker-memory"
SUMMARY = "A tensor's `<where>` letter contradicts the memory the call that made it allocates in"
DEFAULT = True



def _accumulators_in_tmem(facts: FileFacts) -> dict[tuple[int, str], tuple[str, int, int]]:
    """A ``make_fragment_C`` accumulator whose layout the function lays over tensor memory
    (``tCtO = cute.make_tensor(recast_ptr(tmem_ptr + offset), tCtO.layout)``): a tcgen05 accumulator."""
    return {
        (p.scope, p.target): ("t", p.line, p.column) for p in facts.partitions
        if p.method == "make_fragment_C" and (p.scope, p.target) in facts.tmem_layouts
        and facts.tmem_layouts[(p.scope, p.target)] > p.line
    }


def _tcgen05_accumulators_named_elsewhere(facts: FileFacts, context: RuleContext, accumulators) -> Iterator[Violation]:
    """``tOrO = thr_mma_pv.make_fragment_C(shape)`` of an MMA the file sets a tcgen05 field on
    (``tiled_mma_pv.set(tcgen05.Field.ACCUMULATE, ...)``, in any function it is passed to): a tcgen05 accumulator is
    in tensor memory."""
    origins = facts.origins
    tcgen05 = {}
    for ref, line in facts.tcgen05_sets:
        if (family := origins.family(ref)) is not None and family[0] == "obj":
            tcgen05.setdefault(family, line)
    for partition in facts.partitions:
        if partition.method != "make_fragment_C" or (partition.scope, partition.target) in accumulators:
            continue
        line = tcgen05.get(origins.family(partition.made_by))
        parsed = parse_name(partition.target, context.vocabulary)
        # shared or global names are reported as any accumulator is (`_accumulators_named_in_memory`)
        if line is None or parsed is None or parsed.snake or not parsed.partitioned or parsed.where != "r":
            continue
        yield renaming(
            partition.line, partition.column,
            f"`{partition.target}` is named for {WHERE_WORDS[parsed.where]} (`{parsed.where}`), but it is the "
            f"accumulator of a tcgen05 MMA (a tcgen05 field is set on it at line {line}), in tensor memory",
            partition.target, free_name(renamed(parsed, where="t"), facts, partition.scope), partition.scope,
        )


def _coordinates_named_as_data(facts: FileFacts, context: RuleContext) -> Iterator[Violation]:
    """``sS = cute.make_identity_tensor(shape)`` holds coordinates, in no memory: a shared, register or TMEM
    letter misnames it, unless the name's words say coordinates. ``m`` and ``g`` also say a whole tensor and a
    tile, and authors name coordinate stand-ins so (``mACC``, ``gC_fake`` made for its shape): not compared."""
    for (scope, name), (line, column) in facts.identities_made.items():
        parsed = parse_name(name, context.vocabulary)
        if parsed is None or parsed.snake or parsed.where not in "srt" or says_coordinates(parsed):
            continue
        if not parsed.partitioned and parsed.where == "t":
            continue
        yield renaming(
            line, column,
            f"`{name}` is named for {WHERE_WORDS.get(parsed.where, parsed.where)} (`{parsed.where}`), but "
            "`make_identity_tensor` makes coordinates",
            name, free_name(renamed(parsed, where="c"), facts, scope), scope,
        )


def _lower_case(name: str, scope: int, facts: FileFacts) -> TensorName | None:
    """``rx`` (``twsw``) read as the convention in lower case where the function names that tensor so in another
    memory too, by layout algebra (``gx = cute.local_tile(x, ...)``) or a partition (``twgw``): there, the letters
    are the convention's. A lone ``sk`` or ``ss`` is a word."""
    parsed = parse_lower_partition(name) or parse_lower_tensor(name)
    if parsed is None:
        return None
    views = {view.target for view in facts.hand_views + facts.layout_views if view.scope == scope}
    views |= {p.target for p in facts.partitions if p.scope == scope and parse_lower_partition(p.target)}
    shown = any(
        other != name and (each := parse_lower_partition(other) or parse_lower_tensor(other)) is not None
        and each.what == parsed.what and each.where != parsed.where for other in views
    )
    return parsed if shown else None


def _accumulators_named_in_memory(facts: FileFacts, context: RuleContext, accumulators) -> Iterator[Violation]:
    """``tCsC = tiled_mma.make_fragment_C(tCgC)``: an MMA accumulator is in registers (tensor memory for tcgen05,
    ``_accumulators_in_tmem``), never in shared or global memory, whatever it is made from."""
    for partition in facts.partitions:
        if partition.method != "make_fragment_C" or (partition.scope, partition.target) in accumulators:
            continue
        parsed = parse_name(partition.target, context.vocabulary)
        if parsed is None or parsed.snake or not parsed.partitioned or parsed.where not in "sgm":
            continue
        yield renaming(
            partition.line, partition.column,
            f"`{partition.target}` is named for {WHERE_WORDS[parsed.where]} (`{parsed.where}`), but "
            "`make_fragment_C` makes an MMA accumulator, in registers",
            partition.target, free_name(renamed(parsed, where="r"), facts, partition.scope), partition.scope,
        )


def _register_fragments_named_in_memory(facts: FileFacts, context: RuleContext) -> Iterator[Violation]:
    """``tBsVt = tiled_mma.make_fragment_B(...)`` of a warp-level MMA (``warp.MmaF16BF16Op``): its operand fragments
    are registers (a warpgroup or tcgen05 MMA's hold shared-memory descriptors, which CuTe names ``r`` too)."""
    for partition in facts.partitions:
        if partition.method not in ("make_fragment_A", "make_fragment_B"):
            continue
        made = facts.origins.object(partition.made_by)
        parsed = parse_name(partition.target, context.vocabulary)
        if made is None or not made.register_operands or parsed is None or parsed.snake or not parsed.partitioned \
                or parsed.where not in "sgmt":
            continue
        yield renaming(
            partition.line, partition.column,
            f"`{partition.target}` is named for {WHERE_WORDS[parsed.where]} (`{parsed.where}`), but "
            f"`{partition.method}` of a warp-level MMA (`{made.name}`, line {made.line}) makes a register fragment",
            partition.target, free_name(renamed(parsed, where="r"), facts, partition.scope), partition.scope,
        )


def _copied_into_retile(partition, facts: FileFacts) -> tuple[str, int] | None:
    """(name, line) of a copy's destination that is a retile of the fragment ``partition`` makes (``tCrA_v =
    thr_a.retile(tCrA)``, then ``cute.copy(s2r_a, tAsA_s, tCrA_v)``): a copy writes the fragment, so it holds data in
    registers, not a warpgroup or tcgen05 MMA's shared-memory descriptors, which no copy writes."""
    retiles = {p.target for p in facts.partitions
               if p.scope == partition.scope and p.method == "retile" and p.source == partition.target}
    for call in facts.copies:
        if call.scope == partition.scope and len(call.operands) == 2 and call.operands[1].name in retiles:
            return call.operands[1].name, call.line
    return None


def _copied_fragments_named_in_memory(facts: FileFacts, context: RuleContext) -> Iterator[Violation]:
    """``tCsA = tiledmma.make_fragment_A(...)`` of an MMA the file does not make, retiled by a copy's slice and copied
    into: a register fragment named for shared or global memory."""
    for partition in facts.partitions:
        if partition.method not in ("make_fragment_A", "make_fragment_B"):
            continue
        made = facts.origins.object(partition.made_by)
        parsed = parse_name(partition.target, context.vocabulary)
        if (made is not None and made.register_operands) or parsed is None or parsed.snake \
                or not parsed.partitioned or parsed.where not in "sgm":
            continue
        copied = _copied_into_retile(partition, facts)
        if copied is None:
            continue
        yield renaming(
            partition.line, partition.column,
            f"`{partition.target}` is named for {WHERE_WORDS[parsed.where]} (`{parsed.where}`), but a copy writes it "
            f"through its retile `{copied[0]}` (line {copied[1]}): an MMA fragment a copy fills is in registers",
            partition.target, free_name(renamed(parsed, where="r"), facts, partition.scope), partition.scope,
        )


def _tensor_words(scope: int, facts: FileFacts) -> set[str]:
    """The lower-case names of the tensors a function names in the convention (``mA``, ``gB_nk``: ``a``, ``b``)."""
    found = set()
    for name in facts.scopes[scope].params | facts.scopes[scope].bound:
        parsed = parse_name(name)
        if parsed is not None and not parsed.partitioned and not parsed.snake:
            found.add(parsed.what.lower())
    return found


def _apart_by_tensor(name: str, other: str, tensors: set[str]) -> bool:
    """Two descriptive names of as many words, apart in their memory words and one word each naming a tensor of the
    function (``gmem_a`` and ``smem_b`` beside ``mA``, ``mB``)."""
    words, others = name.split("_"), other.split("_")
    if len(words) != len(others):
        return False
    apart = [(mine, theirs) for mine, theirs in zip(words, others) if mine != theirs]
    tensor_words = [(mine, theirs) for mine, theirs in apart if memory_word(f"{mine}_x") is None]
    return len(apart) == 2 and len(tensor_words) == 1 and set(tensor_words[0]) <= tensors


def _descriptive_misnamed(
    name: str, scope: int, where: str, line: int, column: int, how: str, facts: FileFacts,
) -> Iterator[Violation]:
    """``gmem_a = smem.allocate_tensor(...)`` beside ``smem_b = smem.allocate_tensor(...)`` and the tensors ``mA``,
    ``mB``: a name in descriptive words says its memory by a full memory word where the function names another buffer
    of that memory so, apart only in its memory word and the tensor it holds. A memory word alone may name the
    contents (``tmem_slot``, in shared memory, holds a TMEM address; ``use_smem`` is a flag)."""
    said = memory_word(name)
    if said is None or same_memory(said, where) or where == "c":
        return
    tensors = _tensor_words(scope, facts)
    if not any(at == scope and found[0] == where and memory_word(other) == where
               and _apart_by_tensor(name, other, tensors) for (at, other), found in facts.made_in.items()):
        return
    yield renaming(
        line, column, f"`{name}` is named for {WHERE_WORDS[said]} (its words), but " + how.format(WHERE_WORDS[where]),
        name, with_memory(name, where), scope,
    )


def check(facts: FileFacts, context: RuleContext) -> Iterator[Violation]:
    laid, allocates = "the call that makes it lays it over a pointer to {}", "the call that makes it allocates in {}"
    accumulators = _accumulators_in_tmem(facts)
    index = None
    made = [(key, (*found, f"it is a tcgen05 accumulator, laid over {{}} at line {facts.tmem_layouts[key]}"))
            for key, found in accumulators.items()]
    # an accumulator rebound over its TMEM pointer is reported once, as the accumulator
    made += [(key, (*found, laid if over_pointer else allocates)) for key, found, over_pointer in facts.makers
             if key not in accumulators]
    yield from _coordinates_named_as_data(facts, context)
    yield from _accumulators_named_in_memory(facts, context, accumulators)
    yield from _tcgen05_accumulators_named_elsewhere(facts, context, accumulators)
    yield from _register_fragments_named_in_memory(facts, context)
    yield from _copied_fragments_named_in_memory(facts, context)
    for (scope, name), (where, line, column, how) in made:
        # a partition's letters before a snake-case tensor (`tCr_score_tile`) name its memory as the convention's do
        # and so does the convention in lower case (`twrw = cute.make_fragment_like(twgw)`)
        parsed = parse_snake_tail(name) or parse_name(name, context.vocabulary) or _lower_case(name, scope, facts)
        if parsed is None:
            yield from _descriptive_misnamed(name, scope, where, line, column, how, facts)
            continue
        # An unpartitioned `t...` (`tMask`, `tHreg`, `tApA`) reads as tensor memory only by accident of spelling.
        if parsed.where == "c" or not parsed.partitioned and parsed.where == "t":
            continue
        # An op read out of a word (`tLossRLoss` as op `Los`, where `s`) is no op: the name is another spelling.
        if parsed.partitioned and not (index := index or TensorIndex(facts, context.vocabulary)).plausible_op(parsed, parsed):
            continue
        if same_memory(parsed.where, where):
            continue
        fixed = free_name(renamed(parsed, where=where), facts, scope)
        yield renaming(
            line,
            column,
            f"`{name}` is named for {WHERE_WORDS.get(parsed.where, parsed.where)} (`{parsed.where}`), but "
            + how.format(WHERE_WORDS[where]),
            name, fixed, scope,
        )
