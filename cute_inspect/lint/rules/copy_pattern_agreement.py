"""CI102 copy-pattern-agreement: a copy's two sides carry patterns of different partitioners.

## What it does
For ``cute.copy(atom, src, dst)``, when both tensors have partitioned names and live in memory (global,
shared, tensor memory), checks that they share ``<scope><op>`` (``tAgA`` -> ``tAsA``). The ``_``
separator, ``X2Y`` aliases, lower-case directions and the TMEM-copy spellings ``TM`` / ``TMEM_LOAD`` do
not count as a difference, nor do the two names one ``tma_partition`` call returns. When the atom is
named by its direction (``tiled_copy_r2s``), a side named by a direction must carry that one
or its reverse, a round trip through one partition (``tTR_sC`` in an R2S copy is reported; a bare atom
such as ``s2r_atom_d`` partitions nothing and is not read). A memory side that another tiled copy of the
function partitioned than the one the copy is made with, when the copy's own partitions there carry another
pattern, is reported too (``cute.copy(thr_load_k, tVsV, tKrK)`` beside ``tKsK = thr_load_k.partition_S(sK)``),
unless the two are one name rebound in two branches. A TMA copy whose two sides carry one pattern but come
from the ``tma_partition`` of two atoms, one of them the copy's own, is reported as well (``cute.copy(tma_atom,
tXgX, tXsA)`` beside ``tXsA, tXgA = tma_partition(tma_atom_act, ...)``), unless one pair dropped a half. A
copy, ``cute.copy`` or a helper such as ``simple_tma_copy(atom, src, dst)``, issued with one TMA bundle's atom
(``K_tma.atom``) and given another bundle's ``tma_tensor`` is reported where that tensor is given: an atom copies
only the tensor it was made with. A call given a copy atom first and one global and one shared tile
(``tma_get_copy_fn(tma_atom_k, ..., gV, sK)``, ``shared.tma_copy(tma_atom_b1, mB, sB1)``) whose tiles are of two
tensors that each have a buffer and a whole global tensor of their own in the file (``sV``, ``mK``; the global tile may be
an MMA's partition of it, ``tma_get_copy_fn(tma_atom_Q, ..., tSgQ, sK)``) is reported: one
copy moves one tensor, so one of the two is another's (the one that is not the atom's tensor, where the launcher
shows it). A store is not: an epilogue writes out a buffer reused once its first tensor is dead (dK from ``sK``).
Two tiled copies made for the two operands of one MMA (``make_tiled_copy_A`` / ``_B``) share its pattern but not
their tensors: a side one made given to the other's copy is reported. So is a memory side named in descriptive words
(``smem_b_copy_fragment``) made by another tiled copy than the copy's own. What a helper of the file returns is bound at
each call as made by the object that call passes (``tQsQ, tQgQ = self.tma_operand(tma_atom_q, ...)``: a pair of
``tma_atom_q``) or by the copy it returns, also through a helper that returns another's call whole and for a register
tensor made in the shape of the copy's partition (``tTR_r = make_rmem_tensor(tTR_s.shape, ...)``). Two atoms one helper
of the file makes in two calls are two objects. A TMA copy whose two sides one ``tma_partition`` made with another atom, an atom that also
partitions another tensor in the function, is reported where the pair is made (``tBsB, tBgB =
tma_partition(tma_atom_a, ...)`` beside ``tAsA, tAgA = tma_partition(tma_atom_a, ...)``, copied with ``tma_atom_b``).
A two-pattern copy is reported at the side its atom did not partition (``cute.copy(tma_atom_b, tAgA, tBsB)``: at
``tAgA``). A TMA pair is reported at its atom argument's line; one made with an atom named for another tensor
(``tma_atom_A`` for ``tBsB`` beside ``tma_atom_B``) that partitions that tensor too is reported there where no copy
of the function shows it. Two tiled copies made by two calls of one maker function of the file are two partitioners.
A tcgen05 copy object (``make_tmem_copy`` of an ``Ld...`` or ``St...`` atom, ``make_s2t_copy``) given sides whose where
letters say the data moves another way than its one instruction (``cute.copy(tmem_tiled_load, tTMEM_STORErP,
tTMEM_STOREtP)``: a ``tcgen05.ld`` never writes tensor memory) is reported at the atom.
A copy (``cute.copy``, ``autovec_copy``, ``basic_copy``; a helper's parameters too) whose two sides, of one pattern or
two (a register side too: ``cute.copy(thr_s2r_copy_A, tAsA, tBrB)``), name two operands of one MMA (A/B, Q/K/V), or,
in lower case, two tensors with tiles of their own (``txgx`` into ``twrw`` beside ``gx``, ``gw``), is reported at the
side the atom's name does not say, else the destination. One tensor given to a helper of the file for two partition
parameters named for two tensors in one memory (``self._load(..., tBgB_nkl, tBgB_nkl, ...)`` for ``tAgA_mkl,
tBgB_nkl``) is reported at the argument whose parameter names another tensor. A TMA copy of one pair with another
atom that makes a pair of another tensor in the function (``cute.copy(tma_atom_b1, tBgB2, tBsB2)`` beside ``tBsB1,
tBgB1 = tma_partition(tma_atom_b1, ...)``) is reported at the atom argument. A helper's TMA copy of its parameters
(``cute.copy(tma_atom, tXgX, tXsX)``, through slices of them) called, or bound by ``partial``, with one atom's global
side and another atom's shared side (``partial(self.load_KV, tma_atom_K, tKgK, tVsV)``) is reported at the argument
the given atom did not partition. One global tile copied element by element into two buffers named for two tensors
(``smem_a[i, j] = gA[i, j, k]`` and ``smem_b[i, j] = gA[i, j, k]``), while the global tile of the tensor one of them is
named for (``gB``) is copied nowhere in the function, is reported at that buffer's assignment. A copy
``tcgen05.make_tmem_copy`` made (it moves between tensor memory and registers) given two sides neither of which is in
tensor memory, one of them made in another memory (``cute.copy(tiled_tmem_load, tOrO_frg_cvt, tOsO_r2s_i)``, the first
made by ``make_rmem_tensor``), is reported at the atom; a side partitioned or viewed from a tensor in tensor memory (the
one the copy was made over, or one named for it) is there whatever it is called, and CI105 reports its name. One copy
object a function uses to load tensor memory into registers and to store registers into it (by the sides' where
letters) is reported at the copies in the direction another copy object of the function makes alone: a tcgen05 copy
is ``ld`` or ``st``. Two memory sides of one pattern partitioned by two tiled copies the file makes (``tXgX =
thr_copy_w.partition_S(gX)`` copied into ``tXsX = thr_copy_x.partition_D(sX)``) are reported at the side whose tiled
copy names its other partitions with another pattern (``tWgW``), where it is made.
A register side retiled by a slice of another tiled copy than the copy's own (``cute.copy(s2r_a, tAsA_s, tCrB_v)``
beside ``tCrB_v = thr_b.retile(tCrB)``) is that copy's fragment, as one shaped like its partition is; two tiled copies
returned by two calls of two makers the file cannot read (``mma_cfg.make_s2r_a`` / ``make_s2r_b``), each of which the
function copies with, are two. A copy issued with one such tiled copy whose two sides the other laid out (a partition,
through views, and a retile: ``cute.copy(s2r_b, tAsA_s, tCrA_v)``) is reported at its atom.
A copy one of whose sides its own tiled copy laid out and whose register side another tiled copy the
function also copies with retiled (``cute.copy(s2r_a, tAsA_s, tCrU_v)``, ``tCrU_v = thr_b.retile(tCrU)``) is reported
at that side, whatever the names say; where the retiled tensor is moved by no copy of the tiled copy that retiled it
(``tCrV = tiled_o_r2s.retile(tRT_rV)`` copied only with ``tiled_v_s2r``), the retile took the wrong object and is
reported where it is made.
Two tiled copies the file makes (``make_tiled_copy_S`` / ``_D``, ``make_tmem_copy``, ``make_s2t_copy``; one helper's
copy returned by two calls is two), each laying out tensors of the function: a copy issued with one whose two sides the
other laid out (a partition and a retile, or a register tensor made in the shape of its partition) is reported at the
atom (``cute.copy(tiled_qs_t2r, tTR_tOtO, tTR_tOrO)``, both ``tiled_o_t2r``'s); a side the other partitioned, named
with that copy's pattern as the copy's own are (so no name shows it), beside a side of the copy's own, at that side
(``cute.copy(tiled_ks_t2r, tTR_tCtQS, tTR_rKS)``). Two copies laid out from one (``make_tiled_copy_D(atom, t2r)``
twice, or ``t2r`` itself) share its layout and are not compared; nor is a partition made by a slice bound to the
copy's own name in another branch. Partitions a function of the file returns after the tiled copy that made them
(``return tiled_copy_s2t, tCsSF_s2t, tCtSF_s2t``) are that call's copy's. A TMEM copy given sides it cannot move is
reported at the one side another tiled copy laid out where that copy moves data in the function, else at the atom
(``cute.copy(tiled_copy_s2t_scale_q, tCrQ_r2t, tCtQ_r2t)`` where ``tiled_copy_r2t_q`` laid out ``tCtQ_r2t`` and copies
nothing: the atom is the slip). A helper's TMA copy of its parameters given, by a call, two atoms' sides is reported at
the call's argument, unless another copy of the helper moves that parameter with the atom that made what the call
passes: then the helper's own copy is the slip and is reported there. Two copies in a row with one object into one
destination, without a predicate (``cute.copy(s2r_b, tUsU_s[k], tCrU_v[k])`` then ``cute.copy(s2r_b, tGsG_s[k],
tCrU_v[k])``), lose the first's data before anything reads it: where the first's sides name one tensor and the
second's two, the second's destination is reported.

Not checked: a register side's pattern (a fragment filled by one copy is often written out by another:
``tTR_rAcc`` into ``tRT_tAcc``); a side from a ``tma_partition`` whose other result was dropped
(``_, tKRgKR = tma_partition(...)``: its copies pair it with another call's smem partition on purpose);
a helper's parameter's pattern (its name is whatever the callers pass); the pattern of ``autovec_copy`` and
``basic_copy``, which have no partitioner (their sides' operands are read, above).

A register side named with another direction than a direction-named tiled copy's is reported only where it is laid
out by another copy object (its partition or retile, or made in the shape of one: ``tTR_rC`` given to the R2S copy in
place of its retile ``tRS_rC``); a register tensor made in a plain layout, or in this copy's partition's shape, may
carry any epilogue's name.

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

import ast
import re
from collections.abc import Iterator

from cute_inspect.lint.descriptive import memory_word
from cute_inspect.lint.expectations import (
    MMA_METHODS, OPERAND_FAMILIES, TensorIndex, indexed, same_tensor, tma_pair_of,
)
from cute_inspect.lint.facts import TMA_PARTITION, AtomCall, FileFacts, Operand, TmaPair, call_target, tensor_name
from cute_inspect.lint.names import (
    TensorName,
    canonical_op,
    is_direction_op,
    parse_lower_partition,
    parse_name,
    parse_partitioned,
)
from cute_inspect.lint.partitioners import classify
from cute_inspect.lint.provenance import describe_object, distinct_objects
from cute_inspect.lint.rules import RuleContext, Violation

CODE = "CI102"
NAME = "copy-pattern-agreement"
SUMMARY = "`cute.copy` source and destination use patterns of different partitioners"
DEFAULT = True


def _paired(a: str, b: str, facts: FileFacts, scope: int) -> bool:
    """Made by one tma_partition (or sliced from its results), or one side by a tma_partition whose other
    half was dropped (`_`)."""
    pairs = [tma_pair_of(name, facts, scope) for name in (a, b)]
    if pairs[0] is not None and pairs[0] is pairs[1]:
        return True
    return any(pair is not None and (pair.smem is None or pair.gmem is None) for pair in pairs)


def _one_object(a: str, b: str, scope: int, facts: FileFacts) -> bool:
    """Both sides made by one partitioner object (``tRABgRAB`` and ``tRabsRAB`` of one tiled copy): the
    patterns are spelled differently but are one."""
    made = {p.target: p.made_by for p in facts.partitions if p.scope == scope and p.target in (a, b)}
    if len(made) != 2 or None in made.values():
        return False
    first, second = (facts.origins.family(ref) for ref in made.values())
    return first is not None and first == second and not facts.origins.made_apart(*made.values())


def _laid_out_by_another_copy(name: str, call, facts: FileFacts) -> bool:
    """Whether the register tensor ``name`` is, or is made in the shape of (``make_fragment(tTR_rAcc.shape)``), a
    partition or retile of another copy object than the copy's own: it holds that copy's thread-value layout."""
    copier = facts.origin(call.atom_ref) if call.atom_ref is not None else None
    if copier is None:
        return False
    for _ in range(6):
        made = [facts.origin(partition.made_by) for partition in facts.partitions
                if partition.target == name and partition.made_by is not None]
        if made:
            return all(obj is not None and obj.kind == "copy" and obj != copier for obj in made)
        name = facts.made_from.get(name) or facts.view_sources.get(name)
        if name is None:
            return False
    return False


def _tiled(atom: str) -> bool:
    """A tiled copy (``tiled_copy_r2s``) partitions its tensors; a bare atom (``s2r_atom_d``) only copies
    whatever layout it is given."""
    return "atom" not in atom.lower().split("_")


_COPY_PARTITIONS = ("partition_S", "partition_D")


def _other_operands_copy(mine, theirs, origins) -> bool:
    """Two tiled copies made for two operands of one MMA (``make_tiled_copy_A`` and ``make_tiled_copy_B`` of
    ``tiled_mma``): their partitions share the MMA's pattern (``tCsA_copy_view``, ``tCsB_copy_view``), but each
    lays out its own operand."""
    first, second = origins.object(mine), origins.object(theirs)
    if first is None or second is None or first.family is None or first.family != second.family:
        return False
    operands = {obj.maker[-2:] for obj in (first, second)}
    return operands == {"_A", "_B"}


def _another_copys_side(call, sides, facts: FileFacts, context: RuleContext) -> Iterator[Violation]:
    """A memory side partitioned by another tiled copy than the one the copy is made with, whose own partitions
    in the function carry another pattern: ``cute.copy(thr_load_k, tVsV[...], tKrK)`` beside ``tKsK =
    thr_load_k.partition_S(sK)`` and ``tVsV = thr_load_v.partition_S(sV)``."""
    if call.atom is None or call.atom_ref is None or not _tiled(call.atom):
        return
    origins = facts.origins
    mine = origins.family(call.atom_ref)
    made = {p.target: p for p in facts.partitions if p.scope == call.scope and p.method in _COPY_PARTITIONS}
    # two calls of one maker function of the file make two copies (`make_tiled_copy_ABC(...)` for A, then for B)
    own = {
        parse_partitioned(p.target, context.vocabulary).pattern for p in made.values()
        if origins.family(p.made_by) == mine and not origins.made_apart(call.atom_ref, p.made_by)
        and parse_partitioned(p.target, context.vocabulary) is not None
    }
    for operand, name in sides:
        partition = made.get(operand.name)
        # One name rebound to another tiled copy in each branch (`thr_copy_t2r`) is one copy to its reader.
        if partition is None or not own or partition.receiver == call.atom:
            continue
        if name.pattern in own and not _other_operands_copy(call.atom_ref, partition.made_by, origins):
            continue
        theirs = origins.family(partition.made_by)
        if distinct_objects(mine, theirs) or origins.made_apart(call.atom_ref, partition.made_by) or name.pattern in own:
            # A copy object that partitions nothing in the function is given its sides: the one it is given, made by
            # another object that copies partitions of its own, was made with the wrong object (reported there).
            at = (partition.line, partition.column) if _partitions_nothing(call, made, origins) \
                and _copies_its_own(partition, facts) else (operand.line, operand.column)
            yield Violation(
                *at,
                f"`{call.function}` with `{call.atom}` (whose partitions are `{'`, `'.join(sorted(own))}...`) is "
                f"given `{operand.name}`, made by "
                f"{describe_object(origins.object(partition.made_by), partition.made_by)} "
                f"(`{partition.receiver}.{partition.method}`, line {partition.line}): the tensor was partitioned "
                "by another copy",
            )


def _partitions_nothing(call, made: dict, origins) -> bool:
    mine = origins.identity(call.atom_ref)
    return mine is not None and not any(origins.identity(p.made_by) == mine for p in made.values())


def _copies_its_own(partition, facts: FileFacts) -> bool:
    """The object that made ``partition`` copies, in its function, another partition it made itself."""
    origins = facts.origins
    maker = origins.identity(partition.made_by)
    own = {p.target for p in facts.partitions if p.scope == partition.scope and p.target != partition.target
           and origins.identity(p.made_by) == maker}
    return any(call.scope == partition.scope and origins.identity(call.atom_ref) == maker
               and any(operand.name in own for operand in call.operands) for call in facts.copies)


def _side_of_another_tiled_copy(call, sides, facts: FileFacts, context: RuleContext) -> Iterator[Violation]:
    """Both memory sides of a copy carry one pattern, but two tiled copies the file makes partitioned them
    (``tXgX = thr_copy_w.partition_S(gX)`` copied into ``tXsX = thr_copy_x.partition_D(sX)``): one tiled copy lays
    out both sides of a copy. The side whose tiled copy names its other partitions with another pattern
    (``tWgW``), while the other side's names its own with this one, is the slip: reported where it is made."""
    made = {p.target: p for p in facts.partitions if p.scope == call.scope and p.method in _COPY_PARTITIONS}
    parts = [made.get(operand.name) for operand, _ in sides]
    if len(parts) != 2 or None in parts:
        return
    origins = facts.origins
    objects = [origins.identity(part.made_by) for part in parts]
    made_apart = all(ref is not None and ref[0] == "obj" for ref in objects) and objects[0] != objects[1]
    if not made_apart or any(origins.object(part.made_by).kind != "copy" for part in parts):
        return
    pattern = sides[0][1].pattern
    others = [
        {parsed.pattern for other in made.values() if other.target != part.target
         and origins.identity(other.made_by) == ref and (parsed := parse_partitioned(other.target, context.vocabulary))}
        for part, ref in zip(parts, objects)
    ]
    odd = [i for i in (0, 1) if others[i] and pattern not in others[i] and pattern in others[1 - i]]
    if len(odd) != 1:
        return
    stray, kept = parts[odd[0]], parts[1 - odd[0]]
    yield Violation(
        stray.line, stray.column,
        f"`{stray.target}` is made by `{stray.receiver}.{stray.method}`, a tiled copy whose other partitions are "
        f"`{'`, `'.join(sorted(others[odd[0]]))}...`, but `{call.function}` (line {call.line}) copies it with "
        f"`{kept.target}`, made by `{kept.receiver}.{kept.method}`: one tiled copy lays out both sides of a copy",
    )


def _descriptive_side_of_another_copy(call, facts: FileFacts) -> Iterator[Violation]:
    """A memory side named in descriptive words (``smem_b_copy_fragment``) that another tiled copy partitioned than
    the one the copy is made with, which partitions tensors of its own in the function: ``cute.copy(tiled_copy_a,
    gmem_a_copy_fragment, smem_b_copy_fragment)`` where ``thr_copy_b`` made the destination. The words carry no
    pattern to compare, so the objects are."""
    if call.atom_ref is None or not _tiled(call.atom or ""):
        return
    origins = facts.origins
    made = {p.target: p for p in facts.partitions if p.scope == call.scope and p.method in _COPY_PARTITIONS}
    if not any(origins.family(p.made_by) == origins.family(call.atom_ref) for p in made.values()):
        return
    for operand in call.operands:
        partition = made.get(operand.name)
        if partition is None or memory_word(operand.name) not in ("s", "g", "t"):
            continue
        if partition.made_by is not None and _apart(origins, partition.made_by, call.atom_ref):
            yield Violation(
                operand.line, operand.column,
                f"`{call.function}` with `{call.atom}` is given `{operand.name}`, made by "
                f"{describe_object(origins.object(partition.made_by), partition.made_by)} "
                f"(`{partition.receiver}.{partition.method}`, line {partition.line}): the tensor was partitioned "
                "by another copy",
            )


def _another_atoms_side(call, facts: FileFacts) -> Iterator[Violation]:
    """A TMA copy whose two sides come from the ``tma_partition`` of two atoms, one of them the copy's own:
    ``cute.copy(tma_atom, tXgX[...], tXsA[...])`` beside ``tXsA, tXgA = tma_partition(tma_atom_act, ...)``."""
    if call.atom_ref is None:
        return
    origins = facts.origins
    mine = origins.family(call.atom_ref)
    atoms = {}
    for operand in call.operands:
        pair = tma_pair_of(operand.name, facts, call.scope) if operand.name else None
        made = next((p.made_by for p in facts.partitions if pair is not None and p.method == TMA_PARTITION
                     and p.scope == pair.scope and p.target in (pair.smem, pair.gmem)), None)
        atoms[operand] = (pair, origins.family(made) if made is not None else None)
    if len(atoms) != 2 or any(pair is None or family is None for pair, family in atoms.values()):
        return
    (first, (pair_a, a)), (second, (pair_b, b)) = atoms.items()
    # A pair with a dropped half (`_, tBgB = tma_partition(tma_atom_dst, ...)`) borrows the other atom's side.
    dropped = any(pair.smem is None or pair.gmem is None for pair in (pair_a, pair_b))
    if pair_a is pair_b or dropped or not distinct_objects(a, b) or mine not in (a, b):
        return
    stray, (pair, _) = (first, atoms[first]) if b == mine else (second, atoms[second])
    yield Violation(
        stray.line,
        stray.column,
        f"`{call.function}` with `{call.atom}` is given `{stray.name}`, made by `tma_partition` of `{pair.atom}`: "
        "the tensor was partitioned for another TMA atom",
    )


def _not_the_atoms(call: AtomCall, source: Operand, destination: Operand, facts: FileFacts) -> Operand:
    """The side of a two-pattern copy that the copy's own atom did not partition, where the other side is the
    atom's (``cute.copy(tma_atom_b, tAgA, tBsB)``: ``tAgA`` is the slip); else the destination."""
    origins = facts.origins
    made = {p.target: p.made_by for p in facts.partitions if p.scope == call.scope}
    mine = [
        side for side in (source, destination)
        if made.get(side.name) is not None and call.atom_ref is not None
        and origins.instance(made[side.name]) == origins.instance(call.atom_ref)
    ]
    if len(mine) == 1:
        return destination if mine[0] is source else source
    return destination


def _apart(origins, a, b) -> bool:
    """Two references the file proves are two objects: two it makes, two parameters of one function, or the
    objects two calls of one maker function of the file return."""
    return distinct_objects(origins.family(a), origins.family(b)) or origins.made_apart(a, b)


def _partitions_another_tensor(pair: TmaPair, facts: FileFacts, context: RuleContext) -> bool:
    """The atom given to ``pair``'s ``tma_partition`` is given, by name, to another in its function, of a tensor of
    another name (``tAsA`` beside ``tBsB``; ``tBsB1`` beside ``tBsB2``). An atom bound to another's in some
    configuration (``tma_atom_sf = tma_atom_w`` where there are no scale factors) is not that atom."""
    mine = parse_partitioned(pair.smem, context.vocabulary)
    if mine is None:
        return False
    for other in facts.tma_pairs:
        if other is pair or other.scope != pair.scope or other.atom != pair.atom or other.smem is None:
            continue
        theirs = parse_partitioned(other.smem, context.vocabulary)
        if theirs is not None and theirs.where == mine.where and theirs.what != mine.what:
            return True
    return False


def _atom_position(call, facts: FileFacts) -> tuple[int, int]:
    """(line, column) of a copy's atom argument, often on a line of its own; the call's where not recorded."""
    if call.atom_at is not None:
        return call.atom_at
    return next((atom_call.atom_at for atom_call in facts.atom_calls if atom_call.scope == call.scope
                 and atom_call.atom == call.atom and atom_call.atom_at is not None
                 and (call.operands[0].line, call.operands[0].column)
                 in {(tensor.line, tensor.column) for tensor in atom_call.tensors}),
                (call.line, call.column))


def _stray_side_or_atom(call, facts: FileFacts) -> tuple[int, int]:
    """Where a copy whose sides its object cannot move is reported: at the one side another tiled copy of the file
    laid out, where that copy moves data in the function (``cute.copy(tiled_t2r, tQsQK, tQKrQK)``, ``tQsQK`` the
    R2S copy's partition, copied by it elsewhere: the side is the slip), else at the atom (a tiled copy that lays out
    the side and issues no copy, ``tiled_copy_r2t_q``, is the one the call was meant to be given)."""
    copiers = _copiers(call, facts)
    strays = [operand for operand in call.operands if operand.name
              and (maker := _made_by_through_views(operand.name, call, facts)) is not None
              and _two_tiled_copies(maker, call, facts) and facts.origins.instance(maker) in copiers]
    return (strays[0].line, strays[0].column) if len(strays) == 1 else _atom_position(call, facts)


def _tmem_direction(call, context: RuleContext) -> str | None:
    """``load`` for a copy from a tensor-memory side into a register side (by their where letters), ``store`` for
    the reverse; None for any other copy."""
    if len(call.operands) != 2:
        return None
    names = [parse_name(operand.name or "", context.vocabulary) for operand in call.operands]
    wheres = "".join(name.where if name is not None and not name.snake else "?" for name in names)
    return {"tr": "load", "rt": "store"}.get(wheres)


def _tmem_copies_both_ways(facts: FileFacts, context: RuleContext) -> Iterator[Violation]:
    """One copy object that a function uses to load tensor memory into registers and to store registers into it
    (``cute.copy(thr_tmem_load, tStS, tSrS)``, then ``cute.copy(thr_tmem_load, tSrP, tStP)``): a tcgen05 copy is a
    load (``tcgen05.ld``) or a store (``tcgen05.st``), not both. The copies in the direction another copy object of
    the function makes, and only that one, are the slip (``thr_tmem_store`` stores P elsewhere)."""
    by_object: dict[tuple, dict[str, list]] = {}
    for call in facts.copies:
        direction = _tmem_direction(call, context)
        if direction is not None and call.atom_ref is not None:
            key = (call.scope, facts.origins.identity(call.atom_ref))
            by_object.setdefault(key, {}).setdefault(direction, []).append(call)
    for (scope, _), ways in by_object.items():
        if len(ways) != 2:
            continue
        for direction, calls in ways.items():
            other = next((others[direction][0] for (at, _), others in by_object.items()
                          if at == scope and set(others) == {direction}), None)
            reverse = "load" if direction == "store" else "store"
            opposite = ways[reverse][0]
            if other is None:
                continue
            for call in calls:
                yield Violation(
                    *_atom_position(call, facts),
                    f"`{call.function}` with `{call.atom}` {direction}s `{call.operands[0].name}` into "
                    f"`{call.operands[1].name}`, but line {opposite.line} {reverse}s "
                    f"with it: a TMEM copy loads or stores, not both; `{other.atom}` (line {other.line}) "
                    f"{direction}s",
                )


def _tmem_copy_without_tmem(call, facts: FileFacts, context: RuleContext) -> Iterator[Violation]:
    """``cute.copy(tiled_tmem_load, tOrO_frg_cvt, tOsO_r2s_i)``: a copy ``tcgen05.make_tmem_copy`` made moves between
    tensor memory and registers, but neither side is in tensor memory: one made in registers (``make_rmem_tensor``),
    the other named for another memory than tensor memory."""
    obj = facts.origins.object(call.atom_ref)
    if obj is None or obj.maker != "make_tmem_copy" or len(call.operands) != 2:
        return
    names = [parse_name(operand.name or "", context.vocabulary) for operand in call.operands]
    if any(name is None or name.snake or name.where in "tc" for name in names):
        return
    made = [facts.memory_of(operand.name, call.scope) for operand in call.operands]
    if not any(known is not None and known[0] != "t" for known in made):
        return
    # a side partitioned or viewed from a tensor in tensor memory is there, whatever it is called (CI105's)
    over = facts.copy_tensors.get((call.scope, call.atom), (None, 0))[0]
    if any(from_tensor_memory(operand.name, call.scope, facts, over, context) for operand in call.operands):
        return
    yield Violation(
        *_stray_side_or_atom(call, facts),
        f"`{call.function}` with `{call.atom}`, a TMEM copy (`make_tmem_copy`, line {obj.line}), from "
        f"`{call.operands[0].name}` into `{call.operands[1].name}`: neither side is in tensor memory",
    )


def _tcgen05_instruction(obj) -> str | None:
    """The tcgen05 instruction a copy object issues: ``ld`` or ``st`` for a ``make_tmem_copy`` of an ``Ld...`` /
    ``St...`` atom, ``cp`` for a ``make_s2t_copy``; None for any other copy or one whose atom the file does not show."""
    if obj is None or obj.kind != "copy":
        return None
    if obj.maker == "make_s2t_copy":
        return "cp"
    if obj.maker == "make_tmem_copy" and obj.op:
        return {"Ld": "ld", "St": "st"}.get(obj.op[:2])
    return None


_TCGEN05_SIDES = {"ld": "tr", "st": "rt", "cp": "st"}
_TCGEN05_WORDS = {"ld": "tensor memory into registers", "st": "registers into tensor memory",
                  "cp": "shared memory into tensor memory"}


def _tcgen05_copy_against_its_sides(call, facts: FileFacts, context: RuleContext) -> Iterator[Violation]:
    """``cute.copy(tmem_tiled_load, tTMEM_STORErP, tTMEM_STOREtP)``: a tcgen05 copy object issues one instruction,
    told by the atom it was made with (``tcgen05.ld`` from tensor memory into registers, ``.st`` the reverse, ``.cp``
    from shared into tensor memory), but the sides' memories (their where letters) say the copy moves data another
    way: the copy object is the slip. A side laid out by the other copy object of one layout (``thr_load_s``'s
    partition stored with ``thr_store_o``, both ``32x32b``) moves the right way and is not reported."""
    instruction = _tcgen05_instruction(facts.origins.object(call.atom_ref))
    if instruction is None or len(call.operands) != 2:
        return
    names = [parse_name(operand.name or "", context.vocabulary) for operand in call.operands]
    if any(name is None or name.snake or name.where not in "srt" for name in names):
        return
    wheres = "".join(name.where for name in names)
    if wheres == _TCGEN05_SIDES[instruction] or wheres[0] == wheres[1]:
        return
    yield Violation(
        *_stray_side_or_atom(call, facts),
        f"`{call.function}` with `{call.atom}`, a `tcgen05.{instruction}` copy (it moves "
        f"{_TCGEN05_WORDS[instruction]}), from `{call.operands[0].name}` into `{call.operands[1].name}`: the sides "
        "say the data moves another way",
    )


def from_tensor_memory(name: str | None, scope: int, facts: FileFacts, over: str | None, context: RuleContext) -> bool:
    """``name`` is, or is a slice, view or partition of, a tensor in tensor memory: one the file shows there, the
    tensor the TMEM copy was made over (``make_tmem_copy(atom, tOtO)``), or one named for it (``tOtO``)."""
    made_of = {view.target: view.source for view in facts.partitions + facts.layout_views if view.scope == scope}
    for _ in range(8):
        if name is None:
            return False
        known = facts.memory_of(name, scope)
        parsed = parse_name(name, context.vocabulary)
        if name == over or (known is not None and known[0] == "t") or (
                known is None and parsed is not None and not parsed.snake and parsed.where == "t"):
            return True
        if known is not None:
            return False
        name = facts.made_from.get(name) or made_of.get(name)
    return False


def _one_pair_copied(call, facts: FileFacts):
    """(the ``tma_partition`` whose two results a TMA copy's two sides are, its shared side's partition) where an atom
    apart from the copy's made them; (None, None) otherwise."""
    if call.atom_ref is None or len(call.operands) != 2:
        return None, None
    pairs = {tma_pair_of(operand.name, facts, call.scope) if operand.name else None for operand in call.operands}
    if len(pairs) != 1 or None in pairs:
        return None, None
    pair = pairs.pop()
    if pair.smem is None or pair.gmem is None:
        return None, None
    made = next((p for p in facts.partitions if p.method == TMA_PARTITION and p.scope == pair.scope
                 and p.target == pair.smem), None)
    if made is None or made.made_by is None or not _apart(facts.origins, made.made_by, call.atom_ref):
        return None, None
    return pair, made


def _pair_of_another_atom(call: AtomCall, facts: FileFacts, context: RuleContext) -> Iterator[Violation]:
    """A TMA copy whose two sides are the two results of one ``tma_partition`` made with another atom than the
    copy's, where that atom also partitions another tensor in the function: ``tBsB, tBgB = tma_partition(tma_atom_a,
    ...)`` beside ``tAsA, tAgA = tma_partition(tma_atom_a, ...)``, copied by ``cute.copy(tma_atom_b, tBgB, tBsB)``.
    The names and the copy agree on B, so the partition's atom is reported, where the pair is made. One pair
    copied with another atom is a reuse of one layout (a second GEMM's atom given the first's partitions)."""
    pair, made = _one_pair_copied(call, facts)
    if pair is None or pair.smem is None or made is None:
        return
    if not _partitions_another_tensor(pair, facts, context):
        return
    if not _copied(pair, facts) and _atom_named_for_another(pair, facts, context):
        return  # copied in a helper: reported once, by the atom's name
    line, column = pair.atom_at or (made.line, made.column)
    yield Violation(
        line, column,
        f"`{pair.smem}`, `{pair.gmem}` are made by `tma_partition` of `{pair.atom}`, but copied with `{call.atom}` "
        f"(line {call.line}): a TMA partition is laid out for the atom that copies it",
    )


def _atom_of_another_pair(call: AtomCall, facts: FileFacts, context: RuleContext) -> Iterator[Violation]:
    """A TMA copy of one ``tma_partition``'s two results with another atom than the one that made them, where the
    copy's atom makes a pair of another tensor in the function: ``cute.copy(tma_atom_b1, tBgB2, tBsB2)`` beside
    ``tBsB1, tBgB1 = tma_partition(tma_atom_b1, ...)`` and ``tBsB2, tBgB2 = tma_partition(tma_atom_b2, ...)``. The
    partitions agree with their own atom, so the copy's atom is reported, at its argument. An atom with no pair of its
    own in the function may be given another's partitions (a second GEMM's atom reusing the first's layout)."""
    pair, made = _one_pair_copied(call, facts)
    if pair is None or made is None or pair.atom == call.atom:
        return
    copied = parse_partitioned(pair.smem or "", context.vocabulary)
    if copied is None or _partitions_another_tensor(pair, facts, context):
        return
    own = next((other for other in facts.tma_pairs if other.scope == call.scope and other.atom == call.atom
                and (theirs := parse_partitioned(other.smem or "", context.vocabulary)) is not None
                and theirs.where == copied.where and theirs.what != copied.what), None)
    if own is None:
        return
    yield Violation(
        *_atom_position(call, facts),
        f"`{call.function}` with `{call.atom}` copies `{pair.gmem}`, `{pair.smem}`, made by `tma_partition` of "
        f"`{pair.atom}`, while `{call.atom}` partitions `{own.smem}`: a TMA atom copies the tensor it was made for",
    )


_ATOM_TENSOR = re.compile(r"(?P<head>.*_)(?P<tensor>[A-Za-z][A-Za-z0-9]*)")


def _atom_named_for_another(pair: TmaPair, facts: FileFacts, context: RuleContext) -> str | None:
    """The atom the function has for ``pair``'s tensor, when the pair is made with one named for another tensor
    (``tBsB, tBgB = tma_partition(tma_atom_A, ...)`` beside ``tma_atom_B``) that partitions that tensor too
    (``tAsA, tAgA = tma_partition(tma_atom_A, ...)``): an atom is made for one tensor, and its name says which."""
    mine = parse_partitioned(pair.smem or "", context.vocabulary)
    named = _ATOM_TENSOR.fullmatch(pair.atom or "")
    if mine is None or named is None or named["tensor"].casefold() == mine.what.casefold():
        return None
    if not _partitions_another_tensor(pair, facts, context):
        return None
    tensor = mine.what.lower() if named["tensor"].islower() else mine.what
    own = named["head"] + tensor
    scope = facts.scopes[pair.scope]
    return own if own in scope.params | scope.bound else None


def _copied(pair: TmaPair, facts: FileFacts) -> bool:
    return any(tma_pair_of(operand.name, facts, call.scope) is pair
               for call in facts.copies if call.scope == pair.scope for operand in call.operands if operand.name)


def _atoms_named_for_another(facts: FileFacts, context: RuleContext) -> Iterator[Violation]:
    """A pair its copies show made with another atom is reported by ``_pair_of_another_atom``; this reads the name
    of the atom where no copy shows it (the loads issued elsewhere)."""
    for pair in facts.tma_pairs:
        if pair.atom_at is None or _copied(pair, facts):
            continue
        if own := _atom_named_for_another(pair, facts, context):
            yield Violation(
                *pair.atom_at,
                f"`{pair.smem}`, `{pair.gmem}` are made by `tma_partition` of `{pair.atom}`, the atom of another "
                f"tensor, where the function has `{own}`: a TMA partition is laid out for its own tensor's atom",
            )


def _tiles(call: AtomCall, facts: FileFacts, context: RuleContext) -> dict[str, list[tuple[Operand, TensorName]]]:
    """The global (``g``) and shared (``s``) tiles a call is given, by the convention's unpartitioned names (a
    helper's parameter too: its name says what the helper moves), and a global tile an MMA partitioned (``tSgQ =
    thr_mma_qk.partition_A(gQ)``, given to ``tma_get_copy_fn`` whole): it holds that tile's tensor."""
    tiles: dict[str, list] = {"g": [], "s": []}
    for operand in call.tensors:
        parsed = parse_name(operand.name, context.vocabulary)
        # a tiler written as a tuple (`self.sdKV_epi_tile = (tile_n, 64)`) is a shape, whatever its name says
        if parsed is None or parsed.snake or operand.name in facts.tuples:
            continue
        # a `tma_partition`'s own arguments are the pair rules' (CI105 compares each side with its tensor)
        if parsed.partitioned and not (parsed.where == "g" and call.function != "tma_partition"
                                       and _mma_partition(operand.name, call.scope, facts)):
            continue
        if parsed.where in "mgs":
            tiles["s" if parsed.where == "s" else "g"].append((operand, parsed))
    return tiles


def _mma_partition(name: str, scope: int, facts: FileFacts) -> bool:
    return any(partition.target == name and partition.scope == scope and partition.method in MMA_METHODS
               for partition in facts.partitions)


def _bound(facts: FileFacts, name: str) -> bool:
    return any(name in scope.bound for scope in facts.scopes)


def _global_of(facts: FileFacts, what: str, call: AtomCall, context: RuleContext) -> bool:
    """The file has ``what``'s whole global tensor (``mK``), or the call's function cuts global tiles of its own from a
    TMA atom's tensor or a global one (``gA_tiles = cute.zipped_divide(A_tma.tma_tensor, ...)``)."""
    if _bound(facts, "m" + what):
        return True
    for view in facts.layout_views:
        target = parse_name(view.target, context.vocabulary) if view.scope == call.scope else None
        if target is None or target.partitioned or target.where != "g" or target.what != what:
            continue
        source = parse_name(view.source or "", context.vocabulary)
        if view.source == "tma_tensor" or source is not None and source.where in "mg":
            return True
    return False


def _crossed_tiles(facts: FileFacts, context: RuleContext) -> Iterator[Violation]:
    """A copy given the global tile of one tensor and the shared tile of another, where the file has each tensor
    in both memories: ``load_K = tma_get_copy_fn(tma_atom_k, ..., gV, sK)`` beside ``gK`` and ``sV``."""
    index = None
    for call in facts.atom_calls:
        tiles = _tiles(call, facts, context)
        if len(tiles["g"]) != 1 or len(tiles["s"]) != 1:
            continue
        (g, global_tile), (s, shared_tile) = tiles["g"][0], tiles["s"][0]
        # `B1` beside `B` are two tensors where the file has both; other forms of one name are one tensor.
        if same_tensor(global_tile, shared_tile) and not indexed(global_tile.what, shared_tile.what):
            continue
        # A store often writes out a buffer reused once its first tensor is dead (dK from `sK`).
        if facts.atom_directions.get(call.atom) == "store":
            continue
        # Each tensor has a buffer of its own and a global tensor or tiles of its own (`sV`, `mK` or `gK_tiles`): a
        # ring `sKV` that K and V fill in turn, or a shared stage named `g` by a slip, is no evidence.
        if not (_bound(facts, "s" + global_tile.what) and _global_of(facts, shared_tile.what, call, context)):
            continue
        index = index or TensorIndex(facts, context.vocabulary)
        if not index.other_tensor(global_tile.what, shared_tile):
            continue
        made = facts.atom_tensor(call.atom, call.scope)
        own = parse_name(made[0], context.vocabulary) if made is not None else None
        # The side that is not the atom's tensor (where the launcher shows it, else where the atom's name says it:
        # `A_tma`) is the slip, else the later one.
        said = {word for word in call.atom.split("_")} & {global_tile.what, shared_tile.what}
        if own is None and len(said) == 1:
            own = global_tile if said == {global_tile.what} else shared_tile
        if own is not None and same_tensor(own, shared_tile):
            slip = g
        elif own is not None and same_tensor(own, global_tile):
            slip = s
        else:
            slip = max((g, s), key=lambda operand: (operand.line, operand.column))
        yield Violation(
            slip.line, slip.column,
            f"`{call.function}` with `{call.atom}` is given `{g.name}` and `{s.name}`: one copy moves one tensor, "
            f"but they are tiles of `{global_tile.what}` and `{shared_tile.what}`, each of which has its own buffer "
            "and global tensor or tiles in the file",
        )


def _one_tensor(call: AtomCall, facts: FileFacts, context: RuleContext) -> TensorName | None:
    """The tensor a call given one global and one shared tile of one tensor moves (``gB_nk``, ``sB``)."""
    tiles = _tiles(call, facts, context)
    if len(tiles["g"]) != 1 or len(tiles["s"]) != 1:
        return None
    (_, global_tile), (_, shared_tile) = tiles["g"][0], tiles["s"][0]
    return shared_tile if same_tensor(global_tile, shared_tile) else None


def _atom_of_another_tile(facts: FileFacts, context: RuleContext) -> Iterator[Violation]:
    """``tma_get_copy_fn(tma_atom_a, ..., gB_nk, sB)`` beside ``tma_get_copy_fn(tma_atom_a, ..., gA_mk, sA)`` and
    ``tma_atom_b``: a call given one tensor's global and shared tiles, with an atom named for another tensor that
    the function also gives that atom's own tiles, while it has an atom named for this tensor. An atom is made for
    one tensor (its name says which), so this load copies with the other's."""
    moved = [(call, _one_tensor(call, facts, context)) for call in facts.atom_calls]
    for call, tensor in moved:
        named = _ATOM_TENSOR.fullmatch(call.atom)
        # a `tma_partition` pair made with another atom is the pair rules' (`_atom_named_for_another`)
        if call.function == TMA_PARTITION or tensor is None or call.atom_at is None or named is None or named["tensor"].casefold() == tensor.what.casefold():
            continue
        own = named["head"] + (tensor.what.lower() if named["tensor"].islower() else tensor.what)
        scope = facts.scopes[call.scope]
        if own not in scope.params | scope.bound:
            continue
        other = next((theirs for each, theirs in moved if each is not call and each.scope == call.scope
                      and each.atom == call.atom and theirs is not None
                      and theirs.what.casefold() == named["tensor"].casefold()), None)
        if other is None:
            continue
        yield Violation(
            *call.atom_at,
            f"`{call.function}` is given `{call.atom}`, the atom of another tensor (its other call moves "
            f"`{other.what}`), with tiles of `{tensor.what}`, where the function has `{own}`",
        )


def _last_binding(name: str, scope: int, line: int, facts: FileFacts):
    """The partition ``name`` binds at ``line`` (its last binding before it, a function of the file's returned one
    too), or None."""
    made = [p for p in facts.partitions + facts.returned_partitions
            if p.scope == scope and p.target == name and p.line <= line]
    return max(made, key=lambda p: p.line) if made else None


def _made_by(name: str, scope: int, line: int, facts: FileFacts):
    """The object that made the partition ``name`` binds at ``line`` (its last binding before it), if known."""
    last = _last_binding(name, scope, line, facts)
    return last.made_by if last is not None else None


def _fragment_of_another_copy(call, names: list[TensorName], facts: FileFacts) -> bool:
    """``cute.copy(thr_s2r_copy_A, tAsA, tBrB)`` where ``tAsA`` is the copy's own partition and ``tBrB =
    make_fragment_like(tBsB)`` is shaped like a partition another tiled copy made: the register side belongs to
    the other copy's tensor. A bare atom, or a fragment shaped like nothing a copy made, proves nothing (a
    transpose's ``cute.copy(atom, tArA, tBgB)`` writes A's data out as B)."""
    registers = [at for at, name in enumerate(names) if name.where == "r"]
    if len(registers) != 1 or call.atom_ref is None:
        return False
    fragment, memory = call.operands[registers[0]], call.operands[1 - registers[0]]
    like = next((p for p in facts.shaped_like if p.scope == call.scope and p.target == fragment.name), None)
    own = _made_by_through_views(memory.name, call, facts)
    other = _made_by(like.source, call.scope, like.line, facts) if like is not None else None
    if other is None:
        # `tCrB_v = thr_b.retile(tCrB)`: the fragment is laid out for the tiled copy whose slice retiled it
        other = _retiled_by(fragment.name, call, facts)
    origins = facts.origins
    return own is not None and other is not None and origins.instance(own) == origins.instance(call.atom_ref) \
        and (_apart(origins, other, call.atom_ref) or _other_operands_copy(other, call.atom_ref, origins)
             or _two_made_copies(other, call, facts))


def _two_made_copies(other, call, facts: FileFacts) -> bool:
    """``other`` and the copy's own object are the results of two calls of two makers (``s2r_a =
    mma_cfg.make_s2r_a(...)``, ``s2r_b = mma_cfg.make_s2r_b(...)``, unknown to the file), and the function copies
    with each: two tiled copies, each laying out its own operand."""
    origins = facts.origins
    first, second = origins.instance(other), origins.instance(call.atom_ref)
    if first is None or second is None or first[0] != "call" or second[0] != "call" or first[1] == second[1]:
        return False
    return first in _copiers(call, facts) and second in _copiers(call, facts)


def _copiers(call, facts: FileFacts) -> set:
    """The objects the copies of ``call``'s function are issued with."""
    return {facts.origins.instance(each.atom_ref) for each in facts.copies
            if each.scope == call.scope and each.atom_ref is not None}


def _sides_of_two_copies(call, facts: FileFacts) -> Iterator[Violation]:
    """``cute.copy(s2r_a, tAsA_s, tCrU_v)`` beside ``tCrU_v = thr_b.retile(tCrU)``: one side laid out by the copy's own
    tiled copy, the register side retiled by another the function also copies with. Reported at that side, whatever
    the names say."""
    if len(call.operands) != 2 or call.atom_ref is None or not all(op.name for op in call.operands):
        return
    origins = facts.origins
    own = origins.instance(call.atom_ref)
    makers = [_made_by_through_views(operand.name, call, facts) for operand in call.operands]
    if None in makers or own is None:
        return
    instances = [origins.instance(maker) for maker in makers]
    if instances.count(own) != 1:
        return
    stray = 1 - instances.index(own)
    other = makers[stray]
    # a memory side partitioned by the other copy is reported where it is made (CI110, CI104): only a register side
    # the other copy retiled is this check's
    if _retiled_by(call.operands[stray].name, call, facts) is None:
        return
    if instances[stray] not in _copiers(call, facts) or not (
            _apart(origins, other, call.atom_ref) or _two_made_copies(other, call, facts)):
        return
    operand = call.operands[stray]
    retile = _last_binding(operand.name, call.scope, call.line, facts)
    if not _copied_by(operand.name, other, call, facts):
        # the retiled tensor is moved by no copy of its retiler: the retile, not this copy, took the wrong object
        yield Violation(
            retile.line, retile.column,
            f"`{operand.name}` is retiled by `{retile.receiver}` but copied only with `{call.atom}` (line "
            f"{call.line}): a register tensor is retiled by the tiled copy that moves it",
        )
        return
    yield Violation(
        operand.line, operand.column,
        f"`{call.function}` with `{call.atom}` of `{call.operands[0].name}` into `{call.operands[1].name}`: "
        f"`{operand.name}` was laid out by another tiled copy, which the function also copies with",
    )


def _copied_by(name: str, maker, call, facts: FileFacts) -> bool:
    """A copy of ``call``'s function issued with ``maker`` moves ``name`` (or a view of it)."""
    origins = facts.origins
    made = origins.instance(maker)
    return any(each.scope == call.scope and origins.instance(each.atom_ref) == made
               and any(_viewed_from(operand.name, name, facts) for operand in each.operands)
               for each in facts.copies)


def _viewed_from(name: str | None, base: str, facts: FileFacts) -> bool:
    """``name`` is ``base`` or a view of it (``tCrV_k = tCrV[None, k]``), through a few views."""
    for _ in range(4):
        if name is None:
            return False
        if name == base:
            return True
        name = facts.view_sources.get(name)
    return False


def _made_by_through_views(name: str, call, facts: FileFacts):
    """The tiled copy whose slice made ``name`` (``partition_S``, ``partition_D``, ``retile``), or what ``name`` is a
    view of (``tAsA_s = tXsA[None, None, None, stage]``). A ``tma_partition``'s side is no tiled copy's: one shared
    buffer is loaded with one atom and stored with another (CUTLASS's ``tma_v0``)."""
    for _ in range(4):
        last = _last_binding(name, call.scope, call.line, facts)
        if last is not None:
            return last.made_by if last.method in _TILED_COPY_METHODS else None
        if facts.view_sources.get(name) is None:
            return None
        name = facts.view_sources[name]
    return None


_TILED_COPY_METHODS = frozenset({"partition_S", "partition_D", "retile"})


def _retiled_by(name: str, call, facts: FileFacts):
    """The object whose slice made ``name`` by ``retile`` (its last binding before ``call``), if that is how it is
    made."""
    last = _last_binding(name, call.scope, call.line, facts)
    return last.made_by if last is not None and last.method == "retile" else None


def _both_sides_of_another_copy(call, facts: FileFacts) -> Iterator[Violation]:
    """``cute.copy(s2r_b, tAsA_s, tCrA_v)`` where both sides were made by ``s2r_a``'s slice (a partition, through
    views, and a retile), and the function copies with both: the copy is issued with another tiled copy than the one
    that laid out its sides."""
    if len(call.operands) != 2 or call.atom_ref is None or not all(op.name for op in call.operands):
        return
    source, destination = call.operands
    # one side a partition (through views), the other a retile or a partition: both laid out by one tiled copy
    makers = {_made_by_through_views(source.name, call, facts), _made_by_through_views(destination.name, call, facts)}
    if _retiled_by(source.name, call, facts) is None and _retiled_by(destination.name, call, facts) is None:
        return
    if len(makers) != 1 or None in makers:
        return
    maker = makers.pop()
    if facts.origins.instance(maker) == facts.origins.instance(call.atom_ref) or not (
            _two_made_copies(maker, call, facts) or _two_tiled_copies(maker, call, facts, apart=True)):
        return
    yield Violation(
        *_atom_position(call, facts),
        f"`{call.function}` with `{call.atom}` of `{source.name}` into `{destination.name}`: both sides were laid out "
        f"by another tiled copy, which the function also copies with",
    )


def _two_tiled_copies(maker, call, facts: FileFacts, apart: bool = False) -> bool:
    """``maker`` and the copy's own object are two tiled copies the file makes (``make_tiled_copy_S``,
    ``make_tmem_copy``), and the copy's own lays out other tensors of the function (its slice partitions or retiles
    them): it is a partitioner of its own there, not a bare atom given another copy's layout. With ``apart``, two
    copies laid out from one (``make_tiled_copy_D(load_atom, t2r)`` and ``make_tiled_copy_D(store_atom, t2r)``, or
    ``t2r`` itself) share its thread layout, and one may move what the other laid out: they are not two."""
    origins = facts.origins
    made, own = origins.object(maker), origins.object(call.atom_ref)
    mine = origins.instance(call.atom_ref)
    # one maker function of the file called twice returns two copies (`instance`)
    if made is None or own is None or made.kind != "copy" or own.kind != "copy" or origins.instance(maker) == mine:
        return False
    if apart and (made.family is not None or own.family is not None) \
            and origins.family(maker) == origins.family(call.atom_ref) and not _against_its_direction(call, own, facts):
        return False
    return any(p.scope == call.scope and p.method in _TILED_COPY_METHODS and origins.instance(p.made_by) == mine
               for p in facts.partitions + facts.returned_partitions)


def _against_its_direction(call, own, facts: FileFacts) -> bool:
    """An stmatrix copy (by its atom's operation) given a register side, a retile, as its destination, or an ldmatrix
    copy given one as its source: the copy moves data the other way. Laid out from one tiled copy with an ldmatrix
    copy of the same shape, an stmatrix copy may store back what that copy laid out (FlashAttention's MLA backward),
    not load it."""
    op = (own.op or "")[:8]
    if len(call.operands) != 2 or op not in ("LdMatrix", "StMatrix"):
        return False
    register = call.operands[1 if op == "StMatrix" else 0]
    return register.name is not None and _retiled_by(register.name, call, facts) is not None


def _owner(operand, call, facts: FileFacts):
    """The tiled copy that laid out a copy's side: its partition or retile (through views), or, for a register tensor
    made in the shape of a partition (``make_rmem_tensor_like(tTR_tOcO)``), that partition's; the later of the two
    bindings where the name has both (``tdQrdQ = make_fragment_like(tdQsdQ)`` after another branch's partition)."""
    last = _last_binding(operand.name, call.scope, call.line, facts)
    likes = [p for p in facts.shaped_like if p.scope == call.scope and p.target == operand.name and p.line <= call.line]
    like = max(likes, key=lambda p: p.line) if likes else None
    if like is not None and (last is None or like.line > last.line):
        return _made_by(like.source, call.scope, like.line, facts)
    return _made_by_through_views(operand.name, call, facts)


def _named_as_its_maker(name: str, maker, call, facts: FileFacts, context: RuleContext) -> bool:
    """``name`` carries the pattern of the other partitions its maker makes in the function (``tTR_tCtQS`` beside
    ``thr_qs_t2r``'s ``tTR_tCcQS``): its name cannot tell it from the copy's own, so no other rule reports it. A name
    of another pattern than its maker's (``tBgB`` by ``thr_copy_A``) is CI110's, where it is made."""
    mine = parse_partitioned(name, context.vocabulary)
    origins = facts.origins
    made = origins.instance(maker)
    theirs = {parsed.pattern for p in facts.partitions + facts.returned_partitions
              if p.scope == call.scope and p.target != name and origins.instance(p.made_by) == made
              and (parsed := parse_partitioned(p.target, context.vocabulary)) is not None}
    return mine is not None and mine.pattern in theirs


def _one_name(operand, call, facts: FileFacts) -> bool:
    """The side was partitioned by a slice bound to the copy's own name (``thr_copy_t2r``, a parameter rebound in a
    branch): one name, whatever the file can resolve each binding to."""
    last = _last_binding(operand.name, call.scope, call.line, facts)
    return last is not None and last.receiver == call.atom


def _side_of_another_made_copy(call, facts: FileFacts, context: RuleContext) -> Iterator[Violation]:
    """``cute.copy(tiled_ks_t2r, tTR_tCtQS, tTR_rKS)`` where ``tTR_tCtQS = thr_qs_t2r.partition_S(...)``: a side
    partitioned by another tiled copy the file makes, given to a tiled copy that lays out tensors of its own in the
    function. Reported at that side where the other side is the copy's own (or made in no copy's layout), at the atom
    where both sides are the other copy's (``cute.copy(tiled_qs_t2r, tTR_tOtO, tTR_tOrO)``, both laid out by
    ``tiled_o_t2r``): one tiled copy moves the tensors it laid out."""
    if len(call.operands) != 2 or call.atom_ref is None or not all(op.name for op in call.operands):
        return
    origins = facts.origins
    own = origins.instance(call.atom_ref)
    owners = [_owner(operand, call, facts) for operand in call.operands]
    partitioned = [_last_binding(operand.name, call.scope, call.line, facts) is not None
                   or facts.view_sources.get(operand.name) is not None for operand in call.operands]
    others = [at for at, owner in enumerate(owners)
              if owner is not None and origins.instance(owner) != own
              and _two_tiled_copies(owner, call, facts, apart=True) and not _one_name(call.operands[at], call, facts)]
    if not others:
        return
    if len(others) == 2 and origins.instance(owners[0]) == origins.instance(owners[1]):
        if _another_call_of_one_maker(owners[0], call, facts):
            return
        yield Violation(
            *_atom_position(call, facts),
            f"`{call.function}` with `{call.atom}` of `{call.operands[0].name}` into `{call.operands[1].name}`: both "
            "sides were laid out by another tiled copy of the file",
        )
        return
    stray = others[0]
    rest = owners[1 - stray]
    # a register side another copy retiled is `_sides_of_two_copies`'s
    if len(others) != 1 or not partitioned[stray] or (rest is not None and origins.instance(rest) != own) \
            or _retiled_by(call.operands[stray].name, call, facts) is not None:
        return
    operand = call.operands[stray]
    if not _named_as_its_maker(operand.name, owners[stray], call, facts, context):
        return
    yield Violation(
        operand.line, operand.column,
        f"`{call.function}` with `{call.atom}` is given `{operand.name}`, which another tiled copy of the file "
        f"({describe_object(facts.origins.object(owners[stray]), owners[stray])}) laid out: one tiled copy moves the "
        "tensors it partitions",
    )


def _another_call_of_one_maker(owner, call, facts: FileFacts) -> bool:
    """The tiled copy that laid out both sides and the copy's own are made by one statement of a helper, returned by
    two calls of it (``tiled_copy_t2r_pv, tTR_tAcc_pv, tTR_rAcc_pv = self.epilog_tmem_copy_and_partition(tidx, tCtAccPV,
    ...)`` and the same for ``sq``): one code lays both out, and the data moves between tensors of one call. Whether
    the two calls' arguments make two layouts the source does not show, so a copy with the other call's object is not
    a contradiction (cuLA reads K·S, kept in P·V's tensor memory, with S·Q's T2R copy of a tile of one shape)."""
    origins = facts.origins
    made = origins.index(owner)
    return made is not None and made == origins.index(call.atom_ref) and _atom_made_inside(origins.object(owner), facts)


def _atom_made_inside(obj, facts: FileFacts) -> bool:
    """A TMEM copy (``make_tmem_copy(copy_atom_t2r, ...)``) whose atom its helper makes itself, not one its callers
    pass (``atom_s``, ``atom_kv``: two calls, two atoms, two copies)."""
    for (scope, name), (_, line) in facts.copy_tensors.items():
        if name == obj.name and line == obj.line:
            atom = facts.tensor_copy_atoms.get((scope, name))
            return atom is not None and atom not in facts.scopes[scope].params
    return False


def _plain_tiles(call, context: RuleContext):
    """The names of a copy's two sides where both are plain tiles named by the convention (``sK_ldsm``, ``rQ``: a
    memory letter and a tensor, no partition pattern), else None."""
    names = [parse_name(operand.name, context.vocabulary) for operand in call.operands]
    if any(name is None or name.snake or name.partitioned or name.where not in ("g", "s", "r", "t")
           for name in names):
        return None
    return names


def _two_operands_one_copy(call, facts: FileFacts, context: RuleContext) -> Iterator[Violation]:
    """``cute.autovec_copy(tCsB_p[...], tCrA[...])``, ``cute.copy(smem_tiled_copy_A, tCsB_p, tCrA_copy_view)``,
    ``cute.copy(thr_s2r_copy_A, tAsA, tBrB)``: two sides named for two operands of one MMA (A and B, or Q, K and V). A copy moves one tensor's data,
    so one side is another's: the one the atom's name does not say (``_A``), else the destination, written with
    another operand's data. A helper's parameters count: their names say what the helper moves."""
    if len(call.operands) != 2 or not all(operand.name for operand in call.operands):
        return
    lower = [parse_lower_partition(operand.name) for operand in call.operands]
    if None not in lower:
        names = lower
        what = {names[0].what, names[1].what}
        # in lower case (`txgx` into `twrw`), two tensors with tiles of their own in the function (`gx`, `gw`)
        if len(what) != 2 or not all(any(facts.bound_in(w + each, call.scope) for w in "mgs") for each in what):
            return
    elif (tiles := _plain_tiles(call, context)) is not None:
        # two plain tiles (`sK_ldsm` into `rQ`, an ldmatrix load): no pattern to compare, the tensors named
        names = tiles
        what = {names[0].what, names[1].what}
        if len(what) != 2 or not any(what <= family for family in OPERAND_FAMILIES):
            return
    else:
        names = [parse_partitioned(operand.name, context.vocabulary) for operand in call.operands]
        if None in names or "c" in (names[0].where, names[1].where):
            return
        # two patterns are the pattern checks' (a register side's pattern is not compared there: a fragment filled by
        # one copy is written out by another), unless the objects show the fragment another copy's (below)
        if names[0].pattern != names[1].pattern and not _fragment_of_another_copy(call, names, facts):
            return
        what = {names[0].what, names[1].what}
        if len(what) != 2 or not any(what <= family for family in OPERAND_FAMILIES):
            return
    named = _ATOM_TENSOR.fullmatch(call.atom or "")
    stray = 1
    if named is not None and named["tensor"].casefold() in {each.casefold() for each in what}:
        stray = 0 if names[1].what.casefold() == named["tensor"].casefold() else 1
    operand = call.operands[stray]
    yield Violation(
        operand.line, operand.column,
        f"`{call.function}` from `{call.operands[0].name}` into `{call.operands[1].name}`: the two sides name two "
        f"operands (`{names[0].what}`, `{names[1].what}`), but one copy moves one tensor",
    )


def _argument_at(facts: FileFacts, caller: int, line: int, callee: str, offset: int) -> tuple[int, int] | None:
    """(line, column) of the ``offset``-th positional argument of the call of ``callee`` at ``line``."""
    node = facts.scopes[caller].node if 0 < caller < len(facts.scopes) else None
    for call in ast.walk(node) if node is not None else ():
        if type(call) is ast.Call and call.lineno == line and offset < len(call.args) \
                and call_target(call.func)[0] == callee:
            return call.args[offset].lineno, call.args[offset].col_offset + 1
    return None


def _one_tensor_two_parameters(facts: FileFacts, context: RuleContext) -> Iterator[Violation]:
    """``self._load(..., tma_atom_a, tma_atom_b, tBgB_nkl, tBgB_nkl, tAsA, tBsB)`` where the helper's parameters
    there are ``tAgA_mkl, tBgB_nkl``: one tensor given to two parameters named for two tensors in one memory (the
    helper copies one with A's atom, the other with B's). The argument whose parameter names another tensor than
    the argument's own name is the slip."""
    for callee, receiver, caller, line, positional, _ in facts.call_arguments:
        defs = facts.objects.functions.get(callee, [])
        if len(defs) != 1 or receiver != ("self" if defs[0][2] else ""):
            continue
        _, params, method = defs[0]
        params = params[1:] if method else params
        given = [(offset, name, params[offset]) for offset, name in enumerate(positional[: len(params)]) if name]
        for offset, name, param in given:
            mine, theirs = parse_name(name, context.vocabulary), parse_name(param, context.vocabulary)
            twin = [p for o, n, p in given if n == name and o != offset]
            # partitions only: a launcher passes one whole tensor for two (`mDGp, mDGp`, no bias)
            if mine is None or theirs is None or not twin or same_tensor(mine, theirs) or not theirs.partitioned:
                continue
            others = [parse_name(p, context.vocabulary) for p in twin]
            if not any(other is not None and same_tensor(mine, other) and other.where == theirs.where
                       and other.partitioned == theirs.partitioned for other in others):
                continue
            at = _argument_at(facts, caller, line, callee, offset)
            if at is not None:
                yield Violation(
                    *at,
                    f"`{name}` is given to `{callee}` for both `{param}` and `{twin[0]}`: two parameters named for "
                    "two tensors, so one of them is given another's",
                )


def _parameter_of(name: str | None, scope: int, facts: FileFacts) -> str | None:
    """The parameter of function ``scope`` that ``name`` is, or is a slice of (``tXgX_cur = tXgX[None, block]``)."""
    params = facts.scopes[scope].params
    for _ in range(4):
        if name is None or name in params:
            return name
        name = facts.made_from.get(name)
    return None


def _argument_of(node: ast.AST | None, line: int, function: str, position: int, keyword: str):
    """The argument node a call of ``function`` at ``line`` (or a ``partial(function, ...)`` there) passes for the
    parameter at ``position`` (counted after ``self``) or by ``keyword``."""
    for call in ast.walk(node) if node is not None else ():
        if type(call) is not ast.Call or call.lineno != line:
            continue
        args = call.args
        if getattr(call.func, "id", None) == "partial" and args and call_target(args[0])[0] == function:
            args = args[1:]
        elif call_target(call.func)[0] != function:
            continue
        found = next((kw.value for kw in call.keywords if kw.arg == keyword), None)
        return found if found is not None else (args[position] if 0 <= position < len(args) else None)
    return None


def _helper_copy_of_two_pairs(facts: FileFacts) -> Iterator[Violation]:
    """A helper's TMA copy ``cute.copy(tma_atom, tXgX, tXsX)`` of its parameters, called (or bound by ``partial``)
    with one atom's global side and another atom's shared side: ``partial(self.load_KV, tma_atom_K, tKgK, tVsV)``.
    The argument that the given atom did not partition is reported, where the call passes it."""
    for call in facts.copies:
        if call.atom is None or len(call.operands) != 2 or facts.scopes[call.scope].kernel:
            continue
        atom = _parameter_of(call.atom, call.scope, facts)
        sides = [_parameter_of(operand.name, call.scope, facts) for operand in call.operands]
        if atom is None or None in sides:
            continue
        for caller, line, given_atom, given_sides in _helper_arguments(call.scope, [atom, *sides], facts):
            pairs = [tma_pair_of(given, facts, caller) if given else None for given in given_sides]
            if None in pairs or pairs[0] is pairs[1] or pairs[0].atom == pairs[1].atom:
                continue
            if given_atom not in (pairs[0].atom, pairs[1].atom):
                continue
            stray = 0 if pairs[0].atom != given_atom else 1
            if _copied_with_its_atom(call, sides[stray], pairs[stray].atom, caller, line, facts):
                # the helper copies that parameter with the atom that made what the call gives it elsewhere: the
                # call is right, and this copy's side is the slip
                operand = call.operands[stray]
                yield Violation(
                    operand.line, operand.column,
                    f"`{call.function}` with `{atom}` is given `{operand.name}`, which the helper copies with another "
                    f"atom too (the call at line {line} gives it `{given_sides[stray]}`, made by `tma_partition` of "
                    f"`{pairs[stray].atom}`): a TMA partition is laid out for the atom that copies it",
                )
                continue
            at = _position_of(facts, call.scope, caller, line, sides[stray])
            if at is not None:
                yield Violation(
                    *at,
                    f"`{given_sides[stray]}` is given to `{facts.scopes[call.scope].node.name}` for `{sides[stray]}`, "
                    f"which it copies with `{atom}` (here `{given_atom}`), but `tma_partition` of "
                    f"`{pairs[stray].atom}` made it: a TMA partition is laid out for the atom that copies it",
                )


def _copied_with_its_atom(call, side: str, atom: str, caller: int, line: int, facts: FileFacts) -> bool:
    """Another copy of ``call``'s helper gives parameter ``side`` with an atom parameter that the call at ``line``
    passes ``atom``."""
    for other in facts.copies:
        if other is call or other.scope != call.scope or other.atom is None:
            continue
        if not any(_parameter_of(operand.name, call.scope, facts) == side for operand in other.operands):
            continue
        param = _parameter_of(other.atom, call.scope, facts)
        given = facts.passed(param, call.scope) if param is not None else None
        if given and any((each[0], each[1], each[2]) == (caller, line, atom) for each in given):
            return True
    return False


def _helper_arguments(scope: int, params: list[str], facts: FileFacts):
    """(caller, line, argument for the first parameter, [arguments for the others]) of each call of function
    ``scope`` that passes every one of ``params`` a tensor name."""
    passed = [facts.passed(param, scope) for param in params]
    if None in passed:
        return
    for calls in zip(*passed):
        caller, line = calls[0][0], calls[0][1]
        if all((each[0], each[1]) == (caller, line) for each in calls):
            yield caller, line, calls[0][2], [each[2] for each in calls[1:]]


def _position_of(facts: FileFacts, scope: int, caller: int, line: int, param: str) -> tuple[int, int] | None:
    node = facts.scopes[scope].node
    params = [argument.arg for argument in node.args.posonlyargs + node.args.args]
    position = params.index(param) - (1 if params and params[0] in ("self", "cls") else 0) if param in params else -1
    argument = _argument_of(facts.scopes[caller].node, line, node.name, position, param)
    return (argument.lineno, argument.col_offset + 1) if argument is not None else None


def _tensor_words(name: str, context: RuleContext) -> set[str]:
    """The tensor a buffer's name says, case-folded: the convention's ``what`` (``sB``), or the words of a
    descriptive name other than its memory word (``smem_b``: ``b``)."""
    parsed = parse_name(name, context.vocabulary)
    if parsed is not None and not parsed.snake:
        return {parsed.what.casefold()}
    return {word for word in name.split("_") if word not in ("smem", "gmem", "rmem", "reg", "tmem")} \
        if memory_word(name) else set()


def _elements_into_another_buffer(facts: FileFacts, context: RuleContext) -> Iterator[Violation]:
    """``smem_b[i, j] = gA[i, j, k]`` beside ``smem_a[i, j] = gA[i, j, k]``: one global tile copied element by element
    into two buffers named for two tensors, while the other tensor's own global tile (``gB``) is copied nowhere in the
    function: the buffer not named for the tile's tensor is given another's data."""
    by_scope: dict[int, list] = {}
    for assignment in facts.element_assignments:
        by_scope.setdefault(assignment[0], []).append(assignment)
    for scope, assignments in by_scope.items():
        sources = {source for *_, source in assignments}
        for _, line, column, destination, source in assignments:
            tile = parse_name(source, context.vocabulary)
            if tile is None or tile.partitioned or tile.snake or tile.where not in "mg":
                continue
            into = {dst for _, _, _, dst, src in assignments if src == source}
            own = {dst for dst in into if tile.what.casefold() in _tensor_words(dst, context)}
            said = _tensor_words(destination, context)
            if destination in own or not own or len(said) != 1:
                continue
            other = next((name for name in facts.scopes[scope].bound if name not in sources
                          and (theirs := parse_name(name, context.vocabulary)) is not None and not theirs.partitioned
                          and not theirs.snake and theirs.where == tile.where and theirs.what.casefold() in said), None)
            if other is None:
                continue
            yield Violation(
                line, column,
                f"`{destination}[...] = {source}[...]`: `{source}` is copied into `{destination}` and into "
                f"`{min(own)}`, while `{other}`, the tile `{destination}` is named for, is copied nowhere",
            )


def _plain_copy(statement: ast.stmt) -> ast.Call | None:
    """``cute.copy(atom, src, dst)`` as a statement of its own, with no keyword (no predicate: a masked copy writes
    part of its destination)."""
    call = statement.value if type(statement) is ast.Expr else None
    if type(call) is not ast.Call or len(call.args) != 3 or call.keywords:
        return None
    name, receiver = call_target(call.func)
    return call if name == "copy" and type(receiver) is ast.Name and receiver.id == "cute" else None


def _overwritten_before_read(facts: FileFacts, context: RuleContext) -> Iterator[Violation]:
    """``cute.copy(s2r_b, tUsU_s[k], tCrU_v[k])`` then, as the next statement, ``cute.copy(s2r_b, tGsG_s[k],
    tCrU_v[k])``: one tiled copy writes one destination twice in a row, so the first copy's data is lost before
    anything reads it. Where the first copy's sides name one tensor and the second's two, the second's destination
    is the slip (G's data was meant for G's fragment), reported there."""
    for scope in facts.scopes[1:]:
        for statements in _own_statement_lists(scope.node) if scope.node is not None else ():
            for first, second in zip(statements, statements[1:]):
                yield from _second_write(_plain_copy(first), _plain_copy(second), context)


def _own_statement_lists(function: ast.AST) -> Iterator[list]:
    """The statement lists of ``function`` (its body, loops' and branches' bodies), not of the functions and classes
    defined in it: those are scopes of their own, read once each."""
    stack = [function]
    while stack:
        node = stack.pop()
        for field in ("body", "orelse", "finalbody"):
            statements = getattr(node, field, None)
            if isinstance(statements, list):
                yield statements
        stack += [child for child in ast.iter_child_nodes(node)
                  if type(child) not in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)]


def _second_write(first: ast.Call | None, second: ast.Call | None, context: RuleContext) -> Iterator[Violation]:
    if first is None or second is None:
        return
    dumps = [[ast.dump(arg) for arg in call.args] for call in (first, second)]
    if dumps[0][0] != dumps[1][0] or dumps[0][2] != dumps[1][2] or dumps[0][1] == dumps[1][1]:
        return
    names = [tensor_name(arg) for arg in (first.args[1], second.args[1], second.args[2])]
    parsed = [parse_partitioned(name, context.vocabulary) if name else None for name in names]
    if None in parsed:
        return
    kept, stray, destination = parsed
    if not same_tensor(kept, destination) or same_tensor(stray, destination):
        return
    at = second.args[2]
    yield Violation(
        at.lineno, at.col_offset + 1,
        f"`cute.copy` of `{names[1]}` into `{names[2]}` right after a copy of `{names[0]}` into it with the same "
        f"object: the first copy's data is overwritten before anything reads it",
    )


def check(facts: FileFacts, context: RuleContext) -> Iterator[Violation]:
    reported = set()
    for violation in _pattern_checks(facts, context):
        reported.add((violation.line, violation.column))
        yield violation
    # a copy the pattern checks report already is reported once
    for call in facts.copies + facts.element_copies:
        if not any((operand.line, operand.column) in reported for operand in call.operands):
            yield from _two_operands_one_copy(call, facts, context)


def _copied_from_coordinates(facts: FileFacts, context: RuleContext) -> Iterator[Violation]:
    """``cute.copy(tc, tTR[...], tTR_rAcc)`` with ``tTR = tr.partition_S(cC)``, ``cC = make_identity_tensor(...)``:
    a copy's source side laid over an identity tensor, whose elements are coordinates, not data in memory. A side
    named as coordinates (``tXcX``) is the copy's slip, reported there; another, its partition's argument."""
    for call in facts.copies:
        if len(call.operands) != 2 or call.operands[0].name is None:
            continue
        source = call.operands[0]
        name, partition = source.name, None
        for _ in range(4):
            partition = _last_binding(name, call.scope, call.line, facts)
            if partition is not None or facts.view_sources.get(name) is None:
                break
            name = facts.view_sources[name]
        if partition is None or partition.method not in _TILED_COPY_METHODS or not facts.coordinates(partition.source):
            continue
        named = parse_name(source.name, context.vocabulary)
        if named is not None and not named.snake and named.where == "c":
            yield Violation(
                source.line, source.column,
                f"`{call.function}` with `{call.atom}` is given `{source.name}` as its source, a partition of the "
                f"identity tensor `{partition.source}` (line {partition.line}): coordinates are no data to copy",
            )
        elif (own := parse_partitioned(partition.target, context.vocabulary)) is None \
                or own.where not in ("g", "s", "r", "t"):
            # a partition named for a memory is judged by its source where it is made (CI105)
            yield Violation(
                partition.line, partition.column,
                f"`{partition.target}` is `{partition.receiver}.{partition.method}` of the identity tensor "
                f"`{partition.source}`, and the copy at line {call.line} reads it as its source: coordinates are no "
                "data to copy; partition the tensor the copy moves",
            )


def _pattern_checks(facts: FileFacts, context: RuleContext) -> Iterator[Violation]:
    yield from _copied_from_coordinates(facts, context)
    yield from _overwritten_before_read(facts, context)
    yield from _crossed_tiles(facts, context)
    yield from _atom_of_another_tile(facts, context)
    yield from _one_tensor_two_parameters(facts, context)
    yield from _helper_copy_of_two_pairs(facts)
    yield from _elements_into_another_buffer(facts, context)
    yield from _atoms_named_for_another(facts, context)
    yield from _tmem_copies_both_ways(facts, context)
    relaid = set()
    for call in facts.copies:
        yield from _pair_of_another_atom(call, facts, context)
        yield from _atom_of_another_pair(call, facts, context)
        tmem = list(_tmem_copy_without_tmem(call, facts, context)) + list(
            _tcgen05_copy_against_its_sides(call, facts, context))
        yield from tmem
        yield from _descriptive_side_of_another_copy(call, facts)
        both = list(_both_sides_of_another_copy(call, facts))
        if not both and not tmem:
            both = list(_side_of_another_made_copy(call, facts, context))
        if both:
            # the copy's object is the slip: its sides are not reported again
            relaid.add(id(call))
        yield from both
        yield from _sides_of_two_copies(call, facts)
    for line, column, function, atom, tensor in facts.foreign_tma_tensors:
        yield Violation(
            line, column,
            f"`{function}` with `{atom}.atom` is given `{tensor}.tma_tensor`: a TMA atom copies only the tensor it "
            f"was made with (`{atom}.tma_tensor`)",
        )
    for call in facts.copies:
        if len(call.operands) != 2 or id(call) in relaid:
            continue
        sides = [
            (operand, parse_partitioned(operand.name, context.vocabulary) if operand.name else None)
            for operand in call.operands
            if not facts.is_helper_param(operand.name, call.scope)
        ]
        named = [(operand, name) for operand, name in sides if name is not None]
        sides = [(operand, name) for operand, name in named if name.where != "r"]
        atom = classify(call.atom) if call.atom else None
        if atom is not None and atom.kind == "copy" and _tiled(call.atom):
            # The reverse direction is a round trip through one partition (load, update, store back). A register
            # side is named for a copy only where one made it: another copy's fragment (`tTR_rC` given to the R2S
            # copy in place of its retile `tRS_rC`) is laid out for that copy.
            turns = (atom.ops[0], atom.ops[0][::-1])
            off = [(o, n) for o, n in named if is_direction_op(n.op) and canonical_op(n.op) not in turns
                   and (n.where != "r" or _laid_out_by_another_copy(o.name, call, facts))]
            for operand, name in off:
                why = "the tensor was partitioned by another copy" if name.where != "r" else \
                    "a register tensor laid out for another copy, not this copy's partition or retile"
                yield Violation(
                    operand.line,
                    operand.column,
                    f"`{call.function}` with `{call.atom}` (op `{atom.ops[0]}`) on `{operand.name}` "
                    f"(op `{canonical_op(name.op)}`): {why}",
                )
            if off:
                continue
        other_copys = list(_another_copys_side(call, sides, facts, context))
        if other_copys:
            yield from other_copys
            continue
        if len(sides) != 2:
            continue
        (source, parsed_source), (destination, parsed_destination) = sides
        if parsed_source.pattern == parsed_destination.pattern:
            # One pattern on both sides (quack's `tX` rows) still names two TMA atoms' partitions apart, and
            # two tiled copies'.
            yield from _another_atoms_side(call, facts)
            yield from _side_of_another_tiled_copy(call, sides, facts, context)
            continue
        if _paired(source.name, destination.name, facts, call.scope):
            continue
        if _one_object(source.name, destination.name, call.scope, facts):
            continue
        stray = _not_the_atoms(call, source, destination, facts)
        yield Violation(
            stray.line,
            stray.column,
            f"`{call.function}` from `{source.name}` (pattern `{parsed_source.pattern}`) into "
            f"`{destination.name}` (pattern `{parsed_destination.pattern}`): the two sides of a copy "
            "must carry the pattern of the one partitioner that made them",
        )
