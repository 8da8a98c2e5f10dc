"""CI106 operand-role: an MMA partitioner for one operand is given another operand's tensor.

## What it does
Checks ``partition_A`` / ``make_fragment_A`` (and B, C) against the GEMM tensor they are given:
A takes ``A`` or ``SFA``; B takes ``B`` or ``SFB``; C takes ``C``, ``D`` or ``Acc``. A letter is read
as a GEMM role only where the same file gives it to its own partitioner (``partition_B(gB)``
somewhere): in Mamba, ``C`` is a state-space matrix and rightly goes to ``partition_A``.

A tensor whose name says no operand gets its role from the function's data flow, for the MMA object (the
TiledMma and its slices) at hand: the same tensor given to that MMA's ``partition_A`` / ``make_fragment_A``
elsewhere, or paired by a ``tma_partition`` with a tile that MMA's ``partition_A`` made (``tSgQ =
qk_thr_mma.partition_A(gQ)``; ``tma_partition(tma_atom_q, ..., sQ, tSgQ)``: ``sQ`` is operand A of the Q·K
MMA). A ``tma_partition`` whose atom was made by ``make_tiled_tma_atom_A(op, mK, layout, tiler, mma_S)``
moves operand A of ``mma_S``: that maker's word outranks the other partitions (``tKgK =
thr_mma_S.partition_B(gK)`` paired with ``sK`` by it is reported). A helper's tensor is followed to what
its calls pass when a ``tma_partition`` on that chain shows the role. ``qk_thr_mma.make_fragment_B(sQ)`` is
then reported, with the lines that show the role; a tensor with both roles in the function is not. A function that
gives one MMA's A partitioner a B tensor and its B partitioner an A tensor swaps the operands on purpose
(``swap_AB``) and is not reported; another MMA's swap in the function excuses nothing. Other tensors
(attention's ``Q``, ``K``, ``V``, ``P``, which change roles between matmuls) are not checked.

A buffer given to both slots of one MMA is judged by the TMA atom that loads it (``make_fragment_A(s_b)``
next to ``make_fragment_B(s_b)``, where ``s_b`` is the tile of an atom made by ``make_tiled_tma_atom_B``), or by the
one operand tiled copy of that MMA that reads it (``partition_A(sW)`` beside ``partition_B(sW)``, ``sW`` read by
``make_tiled_copy_B``'s copy). A fragment maker given the same MMA's partition for the other operand through a variable
(``make_fragment_B(part_q)``, ``part_q = thr_mma.partition_A(sQ)``) is reported; the accumulator's maker given an
input's partition named for the accumulator (``make_fragment_C(tCgC)``, ``tCgC = thr_mma.partition_A(gC)``) blames
the partitioner, which the name, the maker and the gemm's accumulator slot all contradict, and so does an input's
partitioner given the tile that keeps the (M, N) modes of a GEMM's tiler (``gC = local_tile(mC, tiler_mnk, c, proj=(1,
1, None))`` where A's and B's tiles are cut with that tiler too); and so is an input's partitioner given a tensor that it and its result both name for the other input (``tCrA = make_fragment_B(sA_staged)``) in a file
that gives this input's letter to its own partitioner. A
fragment maker given the other operand's partition of a tensor that names the fragment's operand
(``make_fragment_B(thr_mma.partition_A(sB))``), or that only the fragment's operand's tiled copy
(``make_tiled_copy_B``) partitions elsewhere in the function, blames the inner call, reported where the inner call
is written (a line of its own in ``make_fragment_B(\n thr_mma.partition_A(s_value))``).

A fragment made by one MMA of the same operand's partition by another MMA the file makes (``tCrV =
mma_qk.make_fragment_B(tCsV)``, ``tCsV = thr_mma_pv.partition_B(sV)``) is reported where the ``cute.gemm`` that reads
the fragment disagrees: at the partition when only the fragment maker's gemm reads it, else at the fragment.

A tiled copy made for one operand of an MMA (``make_tiled_copy_A``) given the other operand's tensor
(``thr_s2r_copy_A.partition_S(sB)``, or its fragment to retile: ``smem_thr_copy_A.retile(tCrB)``), where the file makes that operand's own copy of the MMA and the letters are
operand roles (the file partitions by them, or the copy also lays out its own operand's tensor), is reported at the
partition where the result's name says the source's operand too (``tBsB``); a result named for the copy's operand
contradicts its source (CI105), and one named for neither shows no slip (an MoE giving a token tile as B on purpose).
The source is the other operand's by its name or by the MMA's own partitioner (``tBsW = thr_copy_A.partition_S(sW)``
where ``partition_B(sW)``; then the result's pattern, ``tB``, may say the operand).

The fix follows the result's name: when it agrees with the partitioner (``tCrB = make_fragment_B(tCsA)``),
the argument is the likely mistake and the message says so (pass ``tCsB``); when it agrees with the
argument (``tCrA = make_fragment_B(tCsA)``), the partitioner is (use ``make_fragment_A``, an unsafe fix:
it changes what the kernel computes).

One global tensor given to both ``make_tiled_tma_atom_A`` and ``make_tiled_tma_atom_B`` for one TiledMma (or to two
``make_tiled_tma_atom`` load atoms of one function named for the two operands, ``tma_atom_a`` and ``tma_atom_b``),
named for one operand (``b``, ``mB``, a launcher's view ``B_reshaped``), is reported at the maker of the other operand
where the function has a tensor named for that operand (``a``) that no TMA atom loads; without one, a tensor in both
slots is a matrix times itself (``X Xᵀ``). A TiledMma named for its two operands (``qk_tiled_mma``: A is Q, B is K;
``pv_tiled_mma``), whose ``make_tiled_tma_atom_A/B`` atom is given a tensor named for another tensor (``k_mma`` to Q's
atom) while the tensor named like it for the slot's own (``q_mma``) is loaded by no TMA atom, is reported at that maker.

## Why is this bad?
``partition_A`` lays a tensor out with the MMA's A thread-value layout. Given B, the kernel computes with
a wrongly partitioned operand, and, when the shapes happen to agree, does so silently.

## Example
```python
tCgA = thr_mma.partition_A(gB_nkl)
tCgB = thr_mma.partition_B(gB_nkl)
```

Use instead:
```python
tCgA = thr_mma.partition_A(gA_mkl)
tCgB = thr_mma.partition_B(gB_nkl)
```
"""

from __future__ import annotations

from collections.abc import Iterator

from cute_inspect.lint.expectations import (
    MMA_METHODS,
    OPERAND_ROLES,
    operand_letter,
    operand_said,
    role_conflict,
    roles_in_use,
    source_name,
    view_source,
)
from cute_inspect.lint.descriptive import descriptive
from cute_inspect.lint.facts import TMA_PARTITION, FileFacts, Partition
from cute_inspect.lint.objects import Ref
from cute_inspect.lint.names import parse_partitioned, renamed
from cute_inspect.lint.rules import Replace, RuleContext, Violation

CODE = "CI106"
NAME = "operand-role"
SUMMARY = "`partition_A`/`make_fragment_A` (or B, C) given another operand's tensor"
DEFAULT = True


def _holding(start: tuple[int, str], links: dict) -> dict[tuple[int, str], int | None]:
    """Every (scope, name) linked to ``start``, with the line of the first ``tma_partition`` on the chain from
    ``start`` (None for ``start`` itself and names only calls link)."""
    holding: dict[tuple[int, str], int | None] = {start: None}
    todo = [start]
    while todo:
        node = todo.pop()
        for other, line in links.get(node, ()):
            if other not in holding and len(holding) < 64:
                holding[other] = line if holding[node] is None else holding[node]
                todo.append(other)
    return holding


def _data_flow_roles(facts: FileFacts, suspect: set[Partition]) -> dict[Partition, tuple[str, str]]:
    """For each A/B partitioner call, the operand its tensor plays for that MMA by the function's data flow
    (see the module docstring), when one role only, with the words that show it. A `suspect` call (its
    tensor's name says another operand) is no evidence: a slip would otherwise make its partners look wrong."""
    origins = facts.origins
    calls = [p for p in facts.partitions if p.source and operand_letter(p) in ("A", "B")]
    # An MMA the file does not make is followed through the calls that pass it (a load helper's `kq_mma` is
    # the kernel's), so that partitions in two functions compare as one object's.
    families = {
        p: origins.family(p.made_by) if origins.index(p.made_by) is not None else origins.instance(p.made_by)
        for p in calls
    }
    # (scope, name) -> the (scope, name) holding the same tensor, with the line that shows it: the two sides of
    # a tma_partition, and a helper's parameter with what each call of the helper passes for it.
    links: dict[tuple[int, str], list[tuple[tuple[int, str], int | None]]] = {}

    def link(into: dict, a: tuple[int, str], b: tuple[int, str], line: int | None) -> None:
        into.setdefault(a, []).append((b, line))
        into.setdefault(b, []).append((a, line))

    def link_callers(into: dict, scope: int, name: str) -> None:
        passed = facts.passed(name, scope) if facts.is_helper_param(name, scope) else None
        for caller, _, given in passed or ():
            link(into, (scope, name), (caller, given), None)

    for scope, line, smem, gmem in facts.tma_sources:
        link(links, (scope, smem), (scope, gmem), line)
        for name in (smem, gmem):
            link_callers(links, scope, name)
    # A partitioner's tensor that is a helper's parameter holds what the calls pass: the MMA helper's `sV` is
    # the kernel's `sV`, which the load helper's `tma_partition` pairs with the MMA's partition_A tile. Only a
    # `tma_partition` on that chain is evidence: two helpers given one buffer in either slot (a swap-AB variant
    # of a mainloop) show no role.
    through_calls = {key: list(value) for key, value in links.items()}
    for partition in calls:
        link_callers(through_calls, partition.scope, partition.source)

    def evidence(partition: Partition, chains: dict, paired_only: bool) -> dict:
        holding = _holding((partition.scope, partition.source), chains)
        shown: dict = {}
        for other in calls:
            if other is partition or other in suspect or families[other] != families[partition]:
                continue
            for name in (other.source, other.target):
                line = holding.get((other.scope, name), False)
                if line is not False and (line is not None or not paired_only):
                    shown.setdefault(operand_letter(other), (other, line))
        return shown

    # (scope, name) -> (operand, TiledMma, the atom's partition) for the tensors a `tma_partition` of an atom
    # made by `make_tiled_tma_atom_A/B(..., tiled_mma)` moves: the maker says which operand it loads.
    atom_roles: dict[tuple[int, str], tuple[str, Ref | None, Partition]] = {}
    for tma in facts.partitions:
        obj = origins.object(tma.made_by) if tma.method == TMA_PARTITION else None
        if obj is not None and obj.loads_for is not None and obj.loads_for[1] is not None:
            for name in (tma.target, tma.source):
                atom_roles[(tma.scope, name)] = (obj.loads_for[0], origins.family(obj.loads_for[1]), tma)

    def loaded_as(partition: Partition, starts: tuple[str | None, ...], chains: dict) -> dict:
        roles: dict = {}
        for start in starts:
            for key in _holding((partition.scope, start), chains):
                role, mma, tma = atom_roles.get(key, (None, None, None))
                if role is not None and mma == families[partition]:
                    roles.setdefault(role, tma)
        return roles

    found = {}
    for partition in calls:
        family = families[partition]
        if family is None:
            continue
        if any(other.source == partition.source and other.scope == partition.scope and families[other] == family
               and operand_letter(other) != operand_letter(partition) for other in calls):
            # One tensor given to both slots: the flow cannot say which call is the slip, but the TMA atom that
            # loads it can (`make_tiled_tma_atom_B(..., tiled_mma)` loads B: `make_fragment_A(s_b)` is the slip).
            atoms = loaded_as(partition, (partition.source,), links)
            if len(atoms) == 1 and next(iter(atoms)) != operand_letter(partition):
                (role, tma), = atoms.items()
                atom = origins.object(tma.made_by)
                found[partition] = role, (f"`{atom.name or tma.target}` is made by `{atom.maker}` (line {atom.line}) "
                                          f"for this MMA and `tma_partition` (line {tma.line}) gives it this tile")
            continue
        shown = evidence(partition, links, False) or evidence(partition, through_calls, True)
        # The TMA atom's maker says which operand its tile is; where calls link another atom's view, a flow that
        # disagrees with it shows nothing.
        atoms = loaded_as(partition, (partition.source, partition.target), links)
        if len(atoms) == 1:
            (role, tma), = atoms.items()
            atom = origins.object(tma.made_by)
            shown = {role: (tma, f"`{atom.name or tma.target}` is made by `{atom.maker}` (line {atom.line}) for this MMA"
                               f" and `tma_partition` (line {tma.line}) gives it this tile")}
        elif atoms or set(loaded_as(partition, (partition.source,), through_calls)) - set(shown):
            shown = {}
        inner_method = (partition.inner or (None, None))[0]
        if inner_method in MMA_METHODS and inner_method[-1] in ("A", "B") and _inner_of_its_mma(partition, facts):
            shown = {inner_method[-1]: (partition, "inner")}
        if len(shown) == 1:
            (role, (other, line)), = shown.items()
            if type(line) is str and line != "inner":
                found[partition] = role, line
                continue
            if line == "inner":
                found[partition] = role, f"it is `{other.receiver}.{inner_method}`'s partition"
                continue
            paired = f"`tma_partition` (line {line}) pairs it with `{other.target}`, " if line else ""
            made = f"{other.receiver}.{other.method}" if other.receiver else other.method
            found[partition] = role, f"{paired}made by `{made}` (line {other.line})"
    return found


def _inner_of_its_mma(partition: Partition, facts: FileFacts) -> bool:
    """The inner partition call a fragment maker is given is by the maker's own MMA: the same name, or a slice of
    the same object (``tiled_mma_qk.make_fragment_A(thr_mma_qk.partition_B(sK))``, ``thr_mma_qk =
    tiled_mma_qk.get_slice(tidx)``)."""
    if partition.inner[1] == partition.receiver:
        return True
    own = facts.origins.identity(partition.made_by)
    return own is not None and own == facts.origins.identity(partition.inner_made_by)


def _operand_copies_of(partition: Partition, facts: FileFacts) -> set[str]:
    """The operands whose tiled copies (``make_tiled_copy_A/B``) partition ``partition``'s source in its function:
    ``thr_copy_b.partition_S(s_value_tile)`` says the tile is B's, whatever it is called."""
    found = set()
    for other in facts.partitions:
        if other.scope != partition.scope or other.source != partition.source or other is partition:
            continue
        obj = facts.origins.object(other.made_by)
        if obj is not None and obj.kind == "copy" and obj.maker in ("make_tiled_copy_A", "make_tiled_copy_B"):
            found.add(obj.maker[-1])
    return found


def _nested_swaps(facts: FileFacts, roles: frozenset[str], named: set[Partition], context: RuleContext):
    """(partition, inner method) for ``make_fragment_B(thr_mma.partition_A(sB))``: a fragment maker of one operand
    given the other operand's partition of a tensor whose name says the fragment's operand, or that only that
    operand's tiled copy partitions elsewhere in the function (``thr_copy_b.partition_S(s_value_tile)``)."""
    for partition in facts.partitions:
        own = operand_letter(partition)
        inner_method = (partition.inner or (None, None))[0]
        if own not in ("A", "B") or partition in named or inner_method not in MMA_METHODS:
            continue
        if inner_method[-1] not in ("A", "B") or inner_method[-1] == own:
            continue
        source = source_name(partition, context.vocabulary)
        if own in roles and source is not None and source.what in OPERAND_ROLES[own]:
            yield partition, inner_method
        elif _operand_copies_of(partition, facts) == {own}:
            yield partition, inner_method


_OPERAND_COPY_MAKERS = ("make_tiled_copy_A", "make_tiled_copy_B")
_OTHER_INPUT = {"A": "B", "B": "A"}


def _fragments_of_another_partition(facts: FileFacts, named: set[Partition]) -> Iterator[tuple[Partition, Partition]]:
    """(fragment, partition) for ``tCrK = tiled_mma.make_fragment_B(_tCsQ)`` where ``_tCsQ =
    thr_mma.partition_A(sQ)``: a fragment of one operand made from the same MMA's partition for the other, through
    a variable (the nested call, ``make_fragment_B(thr_mma.partition_A(sB))``, is ``_nested_swaps``')."""
    made = {(p.scope, p.target): p for p in facts.partitions if p.method in ("partition_A", "partition_B")}
    for partition in facts.partitions:
        if partition.method not in ("make_fragment_A", "make_fragment_B") or partition in named or partition.inner:
            continue
        inner = made.get((partition.scope, partition.source))
        if inner is None or inner.line > partition.line or inner.method[-1] == partition.method[-1]:
            continue
        family = facts.origins.family(partition.made_by)
        if family is not None and family == facts.origins.family(inner.made_by):
            yield partition, inner


def _accumulator_of_an_input(facts: FileFacts, named: set[Partition], context: RuleContext):
    """(partition, fragment) for ``tCrC = tiled_mma.make_fragment_C(tCgC)`` where ``tCgC = thr_mma.partition_A(gC)``: the
    accumulator made from the same MMA's partition for an input, through a variable. The partition's name says the
    accumulator too (``C``), so its partitioner is the slip."""
    made = {(p.scope, p.target): p for p in facts.partitions if p.method in ("partition_A", "partition_B")}
    for partition in facts.partitions:
        if partition.method != "make_fragment_C" or partition.inner:
            continue
        inner = made.get((partition.scope, partition.source))
        if inner is None or inner in named or inner.line > partition.line:
            continue
        target = parse_partitioned(inner.target, context.vocabulary)
        family = facts.origins.family(partition.made_by)
        if target is not None and target.what in OPERAND_ROLES["C"] and family is not None \
                and family == facts.origins.family(inner.made_by):
            yield inner, partition


def _tiles_of_the_other_kind(facts: FileFacts, named: set[Partition]):
    """(partition, line) for ``partition_A(gC)`` where ``gC = cute.local_tile(mC, tiler_mnk, coord, proj=(1, 1, None))``
    and the function cuts A's and B's tiles with the same tiler (``proj=(1, None, 1)``, ``(None, 1, 1)``): that tiler is
    a GEMM's (M, N, K), and a tile keeping its (M, N) modes is the accumulator's, no input's. (Inputs keep K; A and B
    are not told apart, since swapping them is a choice.)"""
    kinds = {}
    for (scope, _), (operand, _, tiler) in facts.tile_operands.items():
        kinds.setdefault((scope, tiler), set()).add(operand)
    for partition in facts.partitions:
        if operand_letter(partition) not in ("A", "B") or partition in named \
                or not partition.method.startswith("partition_"):
            continue
        tile = next((name for name in facts.views_from(partition.source, partition.scope)
                     if (partition.scope, name) in facts.tile_operands), None)
        operand, line, tiler = facts.tile_operands.get((partition.scope, tile), (None, None, None))
        if operand == "C" and kinds.get((partition.scope, tiler), set()) >= {"A", "B", "C"}:
            yield partition, line


def _gemm_families_given(fragment: Partition, facts: FileFacts) -> set:
    """The MMA objects of the ``cute.gemm`` calls given ``fragment`` (through its views, and through helpers whose
    every call passes it), as ``Origins.family`` names them."""
    views = dict(facts.views)

    def origin(name: str) -> str:
        while name in views and views[name] != name:
            name = views[name]
        return name

    families = set()
    for call in facts.gemms + facts.helper_gemms:
        for operand in call.operands:
            if operand.name is None or operand.slot not in ("a", "b"):
                continue
            if facts.is_helper_param(operand.name, call.scope):
                held = facts.through_callers(operand.name, call.scope, lambda given, caller, _: (caller, origin(given)))
            else:
                held = [(call.scope, origin(operand.name))]
            if held and (fragment.scope, fragment.target) in held:
                families.add(facts.origins.family(call.atom_ref))
    return families


def _fragments_of_another_mma(facts: FileFacts, named: set[Partition]) -> Iterator[tuple[Partition, Partition, bool]]:
    """(fragment, partition, whether the partition is the slip) for ``tCrV = mma_qk.make_fragment_B(tCsV)`` where
    ``tCsV = thr_mma_pv.partition_B(sV)``: a fragment made by one MMA from the same operand's partition by another
    (two objects the file makes: two parameters may be one MMA and its slice, ``thr_mma`` beside ``tiled_mma``). The
    MMA whose ``cute.gemm`` reads the fragment tells which call slipped: when only the fragment maker's does, the
    partition was made by the wrong MMA; otherwise the fragment was."""
    made = {(p.scope, p.target): p for p in facts.partitions if p.method in ("partition_A", "partition_B")}
    for partition in facts.partitions:
        if partition.method not in ("make_fragment_A", "make_fragment_B") or partition in named or partition.inner:
            continue
        inner = made.get((partition.scope, partition.source))
        if inner is None or inner.line > partition.line or inner.method[-1] != partition.method[-1]:
            continue
        mine, theirs = facts.origins.family(partition.made_by), facts.origins.family(inner.made_by)
        if mine is not None and theirs is not None and mine[0] == theirs[0] == "obj" and mine != theirs:
            yield partition, inner, _gemm_families_given(partition, facts) == {mine}


def _named_for_the_other_input(
    partition: Partition, roles: frozenset[str], context: RuleContext,
) -> str | None:
    """The other input letter, where an input's partitioner is given a tensor named for the other input and its
    result is named so too (``tCrA = tiled_mma.make_fragment_B(sA_staged)``), in a file that gives this letter to
    its own partitioner: the name and its argument agree on the operand, against the call."""
    own = operand_letter(partition)
    other = _OTHER_INPUT.get(own or "")
    if other is None or own not in roles:
        return None
    source = source_name(partition, context.vocabulary)
    target = parse_partitioned(partition.target, context.vocabulary)
    if source is None or source.snake or target is None or source.what not in OPERAND_ROLES[other]:
        return None
    return other if target.what in OPERAND_ROLES[other] else None


def _two_fragments_for_one_slot(facts: FileFacts, named: set, context: RuleContext) -> Iterator[Partition]:
    """``tCrA = tiled_mma.make_fragment_A(sK)`` and ``tCrB = tiled_mma.make_fragment_A(sQ)``: one MMA makes two
    fragments for one input slot in a function and none for the other, one of them named for the other slot's
    letter: that call is given the wrong method (a gemm needs one of each)."""
    fragments: dict[tuple, list[Partition]] = {}
    for partition in facts.partitions:
        if partition.method in ("make_fragment_A", "make_fragment_B") and partition.made_by is not None:
            key = (partition.scope, facts.origins.family(partition.made_by))
            fragments.setdefault(key, []).append(partition)
    for made in fragments.values():
        letters = {partition.method[-1] for partition in made}
        if len(letters) != 1 or len(made) < 2:
            continue
        own = letters.pop()
        other = _OTHER_INPUT[own]
        for partition in made:
            target = parse_partitioned(partition.target, context.vocabulary)
            if partition not in named and target is not None and target.what == other:
                yield partition


def _helper_parameter_of_the_other_slot(
    facts: FileFacts, named: set, context: RuleContext
) -> Iterator[tuple[Partition, str]]:
    """``tCrA = tiled_mma.make_fragment_A(smem_b)`` in a helper that takes ``smem_a`` and ``smem_b`` and gives
    ``smem_a`` to no partition: the helper's parameters in words name the slot each is for, the result's name and the
    method agree on A, so the argument is the slip, in the helper (each call passing the right tensors). Yields the
    partition with the parameter it should be given."""
    used = {(p.scope, p.source) for p in facts.partitions}
    for partition in facts.partitions:
        own = operand_letter(partition)
        if own not in ("A", "B") or partition in named or not partition.method.startswith(("make_fragment_", "partition_")):
            continue
        source = partition.source
        if not (descriptive(source) and facts.is_helper_param(source, partition.scope)):
            continue
        words = source.split("_")
        other = _OTHER_INPUT[own]
        if words[-1] != other.lower():
            continue
        mine = "_".join(words[:-1] + [own.lower()])
        target = parse_partitioned(partition.target, context.vocabulary)
        if target is None or target.what != own or not facts.is_helper_param(mine, partition.scope) \
                or (partition.scope, mine) in used:
            continue
        yield partition, mine


def _copies_of_another_operand(facts: FileFacts, roles: frozenset[str], context: RuleContext) -> Iterator[Violation]:
    """``thr_s2r_copy_A.partition_S(sB)``: a tiled copy made for one operand of an MMA (``make_tiled_copy_A``) lays
    out the other operand's tensor, where the file makes that operand's own copy of the same MMA
    (``make_tiled_copy_B``): the fragment it fills is in A's thread-value layout."""
    objects = facts.objects.objects
    for partition in facts.partitions:
        # `retile` too: the copy's register view of the other operand's fragment (`smem_thr_copy_A.retile(tCrB)`)
        obj = facts.origins.object(partition.made_by) if partition.method in ("partition_S", "partition_D", "retile") \
            else None
        if obj is None or obj.kind != "copy" or obj.maker not in _OPERAND_COPY_MAKERS:
            continue
        own = obj.maker[-1]
        other = "B" if own == "A" else "A"
        source = source_name(partition, context.vocabulary)
        if source is None or source.snake:
            continue
        # the source is the other operand's by its name, or by the MMA's own partitioner (`partition_B(sW)`)
        flowed = _given_to_mma_as(partition.source, partition.scope, obj.family, facts) == {other}
        if source.what not in OPERAND_ROLES[other] and not flowed:
            continue
        # the result's name must say the source's operand too (`tBsB`; `tBsW` of a buffer B's partitioner takes),
        # against the copy: a result named for the copy's operand (`tAsA` of `sB`) contradicts its source (CI105),
        # and one that says no operand (`_csB` of a token tile given as B on purpose) shows no slip
        target = parse_partitioned(partition.target, context.vocabulary)
        if target is None or target.what not in OPERAND_ROLES[other] and not (flowed and target.op == other):
            continue
        # the letters are operand roles where the file partitions by them, or the copy also lays out its own operand
        if other not in roles and not _lays_out(partition.made_by, own, partition.scope, facts, context):
            continue
        theirs = next((each for each in objects if each.kind == "copy" and each.maker == obj.maker[:-1] + other
                       and obj.family is not None and each.family is not None
                       and facts.origins.family(each.family) == facts.origins.family(obj.family)), None)
        if theirs is None:
            continue
        yield Violation(
            partition.line, partition.column,
            f"`{partition.receiver}.{partition.method}` is given `{partition.source}`, operand {other}'s, but "
            f"`{obj.name}` is made by `{obj.maker}` (line {obj.line}), laid out for operand {own}: use operand "
            f"{other}'s copy (`{theirs.name}`, line {theirs.line})",
        )


def _given_to_mma_as(tensor: str | None, scope: int, mma: Ref | None, facts: FileFacts) -> set[str]:
    """The operand slots whose partitioner (``partition_A/B``) of the MMA ``mma`` is given ``tensor`` in the
    function."""
    family = facts.origins.family(mma) if mma is not None else None
    return {
        p.method[-1] for p in facts.partitions
        if p.scope == scope and p.source == tensor and p.method in ("partition_A", "partition_B")
        and family is not None and facts.origins.family(p.made_by) == family
    }


def _laid_out_by_copies_of(partition: Partition, facts: FileFacts) -> tuple[str, object] | None:
    """(operand, copy) for a buffer given to both slots of one MMA (``partition_A(sW)`` beside ``partition_B(sW)``),
    where the one operand tiled copy of that MMA (``make_tiled_copy_B(atom, tiled_mma)``) that partitions it in the
    function is another operand's than the partition's: the copy that fills the operand's registers decides."""
    if _given_to_mma_as(partition.source, partition.scope, partition.made_by, facts) != {"A", "B"}:
        return None
    family = facts.origins.family(partition.made_by)
    found = {}
    for other in facts.partitions:
        if other.scope != partition.scope or other.source != partition.source or other is partition:
            continue
        obj = facts.origins.object(other.made_by)
        if obj is not None and obj.kind == "copy" and obj.maker in _OPERAND_COPY_MAKERS and obj.family is not None \
                and family is not None and facts.origins.family(obj.family) == family:
            found[obj.maker[-1]] = obj
    if len(found) != 1:
        return None
    (operand, obj), = found.items()
    return (operand, obj) if operand != operand_letter(partition) else None


def _lays_out(copy: Ref | None, operand: str, scope: int, facts: FileFacts, context: RuleContext) -> bool:
    """The copy ``copy`` partitions a tensor named for ``operand`` in function ``scope`` (``thr_s2r_copy_A``,
    ``sA``)."""
    mine = facts.origins.identity(copy)
    for partition in facts.partitions:
        if partition.scope != scope or partition.made_by is None or facts.origins.identity(partition.made_by) != mine:
            continue
        source = source_name(partition, context.vocabulary)
        if source is not None and not source.snake and source.what in OPERAND_ROLES[operand]:
            return True
    return False


def _operand_atom(obj) -> tuple[str, None] | None:
    """(operand, no MMA) of a TMA load atom made without a TiledMma (``make_tiled_tma_atom``) whose name is made for
    one GEMM operand (``tma_atom_a``, ``b_tma_atom``): the operand it is made to load, in its function."""
    if obj.maker != "make_tiled_tma_atom" or not obj.name or obj.op and "S2G" in obj.op:
        return None
    letters = {word for word in obj.name.lower().split("_") if word in ("a", "b")}
    return (letters.pop().upper(), None) if len(letters) == 1 else None


def _one_tensor_both_tma_operands(facts: FileFacts, context: RuleContext) -> Iterator[Violation]:
    """``make_tiled_tma_atom_A(a_op, b, ...)`` beside ``make_tiled_tma_atom_B(b_op, b, ...)`` for one TiledMma: the
    A atom and the B atom load one tensor, named for operand B, while the function has a tensor named for A (``a``)
    that no TMA atom loads. The maker of the operand the tensor's name does not say is the slip, reported at its call.
    Without that other tensor, one tensor in both slots is a product of a matrix with itself (``X Xᵀ``)."""
    loaded: dict[tuple, list[tuple[str, str, int, int]]] = {}
    for obj in facts.objects.objects:
        loads_for = obj.loads_for or _operand_atom(obj)
        if loads_for is None:
            continue
        found = next(((tensor, line, scope) for (scope, atom), (tensor, line) in facts.atom_tensors.items()
                      if atom == obj.name and line == obj.line), None)
        if found is not None:
            mma = facts.origins.identity(loads_for[1]) if loads_for[1] else found[2]
            loaded.setdefault((found[0], mma), []).append((loads_for[0], obj.maker, found[1], found[2]))
    atom_loaded = {tensor for tensor, _ in facts.atom_tensors.values()}
    for (tensor, _), makers in loaded.items():
        said = operand_said(tensor, context.vocabulary)
        if said is None or {operand for operand, *_ in makers} != {"A", "B"}:
            continue
        for operand, maker, line, scope in makers:
            if operand == said:
                continue
            function = facts.scopes[scope]
            # the function's own views (`A_reshaped`) before its parameters (`A`): a launcher loads its views
            candidates = sorted(function.bound - function.params) + sorted(function.params)
            unloaded = [name for name in candidates
                        if operand_said(name, context.vocabulary) == operand and name not in atom_loaded]
            if unloaded:
                loader = next(each for each_operand, each, *_ in makers if each_operand == said)
                yield Violation(
                    line, 1,
                    f"`{maker}` is given `{tensor}`, operand {said}'s tensor, which `{loader}` loads for operand "
                    f"{said} too, while `{unloaded[0]}`, operand {operand}'s, is loaded by no TMA atom: "
                    f"pass `{unloaded[0]}`",
                )


def _slot_letters(mma: str, scope, facts: FileFacts) -> dict[str, str] | None:
    """``{"A": "q", "B": "k"}`` for a TiledMma named for its two operands (``qk_producer_tiled_mma``, ``pv_tiled_mma``):
    a word of two letters, each a one-letter word that names tensors of the function (``q_mma``, ``k_mma``)."""
    words = {word for name in scope.bound | scope.params for word in name.split("_") if len(word) == 1}
    pairs = [word for word in mma.lower().split("_") if len(word) == 2 and word.isalpha() and set(word) <= words
             and word[0] != word[1]]
    return {"A": pairs[0][0], "B": pairs[0][1]} if len(pairs) == 1 else None


def _tensor_letter(name: str) -> str | None:
    """The one-letter word of a snake-case tensor name (``k`` of ``scale_k_mma``), if it has exactly one."""
    letters = [word for word in name.split("_") if len(word) == 1 and word.isalpha()]
    return letters[0] if len(letters) == 1 and name.islower() else None


def _atom_of_a_named_mma_given_another_tensor(facts: FileFacts) -> Iterator[Violation]:
    """``make_tiled_tma_atom_A(q_op, k_mma, ..., qk_tiled_mma, ...)``: the atom loads an operand slot of a TiledMma
    named for its operands (``qk``: A is Q, B is K), but the tensor it is given is named for another tensor (K), while
    the tensor named like it for the slot's own (``q_mma`` beside ``k_mma``) is loaded by no TMA atom. One tensor in
    two slots or two MMAs is a product of a matrix with itself only where no such sibling is left unloaded."""
    atom_loaded = {tensor for tensor, _ in facts.atom_tensors.values()}
    for obj in facts.objects.objects:
        if obj.loads_for is None or obj.loads_for[1] is None or not obj.name:
            continue
        slot, mma_ref = obj.loads_for
        found = next(((tensor, line, scope) for (scope, atom), (tensor, line) in facts.atom_tensors.items()
                      if atom == obj.name and line == obj.line), None)
        if found is None:
            continue
        tensor, line, scope = found
        mma = facts.origins.object(mma_ref)
        mma_name = mma.name if mma is not None else (mma_ref[2] if mma_ref[0] == "param" else None)
        function = facts.scopes[scope]
        letters = _slot_letters(mma_name or "", function, facts)
        letter = _tensor_letter(tensor)
        if letters is None or letter is None or letter == letters[slot]:
            continue
        sibling = "_".join(letters[slot] if word == letter else word for word in tensor.split("_"))
        if sibling in function.bound and sibling not in atom_loaded:
            yield Violation(
                line, 1,
                f"`{obj.maker}` loads operand {slot} of `{mma_name}`, which its name says is "
                f"{letters[slot].upper()}, but is given `{tensor}`, while `{sibling}` is loaded by no TMA atom: "
                f"pass `{sibling}`",
            )


def check(facts: FileFacts, context: RuleContext) -> Iterator[Violation]:
    roles = roles_in_use(facts, context.vocabulary)
    yield from _one_tensor_both_tma_operands(facts, context)
    yield from _atom_of_a_named_mma_given_another_tensor(facts)
    yield from _copies_of_another_operand(facts, roles, context)
    conflicts = []
    for partition in facts.partitions:
        source = source_name(partition, context.vocabulary) or view_source(partition, facts, context.vocabulary)
        role = role_conflict(partition, source, roles)
        if role is not None:
            conflicts.append((partition, role, None))
    # partition_A(sB) next to partition_B(sA) by one MMA is a deliberate swap (C^T = B^T A^T); the names say it,
    # not the data flow, which a single slip bends both ways. Another MMA's swap in the function (a swap-AB
    # variant of the mainloop) excuses nothing of this one.
    def swap_key(p: Partition, own: str, role: str) -> tuple:
        return p.scope, facts.origins.family(p.made_by), own, role

    swapped = {swap_key(p, operand_letter(p), role) for p, role, _ in conflicts}
    named = {p for p, _, _ in conflicts}
    for partition, inner in _nested_swaps(facts, roles, named, context):
        named.add(partition)
        inner_method, receiver = partition.inner
        method = inner_method[:-1] + operand_letter(partition)
        # Reported where the inner call is written, which may be a line of its own.
        line, column = partition.source_at or (partition.line, partition.column)
        yield Violation(
            line,
            column,
            f"`{partition.method}` is given `{receiver}.{inner_method}({partition.source})`: `{partition.source}` "
            f"holds operand {operand_letter(partition)} and `{partition.method}` says it too, so the inner "
            f"`{inner_method}` is likely the mistake: use `{method}`",
            replace=Replace(line, column, f".{inner_method}(", f".{method}("),
        )
    for partition, inner in _fragments_of_another_partition(facts, named):
        named.add(partition)
        method = partition.method[:-1] + inner.method[-1]
        yield Violation(
            partition.line,
            partition.column,
            f"`{partition.method}` is given `{partition.source}`, made by `{inner.receiver}.{inner.method}` (line "
            f"{inner.line}) for operand {inner.method[-1]} of this MMA: use `{method}`, or pass operand "
            f"{operand_letter(partition)}'s partition",
        )
    for partition, line in _tiles_of_the_other_kind(facts, named):
        named.add(partition)
        yield Violation(
            partition.line, partition.column,
            f"`{partition.method}` is given `{partition.source}`, a tile that keeps the (M, N) modes of the GEMM's "
            f"tiler (`local_tile(..., proj=(1, 1, None))`, line {line}), the accumulator's: use `partition_C`",
            replace=Replace(partition.line, partition.column, f".{partition.method}(", ".partition_C("),
        )
    for partition, fragment in _accumulator_of_an_input(facts, named, context):
        named.add(partition)
        yield Violation(
            partition.line, partition.column,
            f"`{partition.target}` is made by `{partition.receiver}.{partition.method}` for operand "
            f"{partition.method[-1]}, but its name says the accumulator and `{fragment.target}` (line {fragment.line}) "
            f"makes the accumulator of it with `{fragment.method}`: use `partition_C`",
            replace=Replace(partition.line, partition.column, f".{partition.method}(", ".partition_C("),
        )
    for partition, inner, partition_slipped in _fragments_of_another_mma(facts, named):
        named.add(partition)
        fragment = f"`{partition.target}` (`{partition.receiver}.{partition.method}`, line {partition.line})"
        if partition_slipped:
            yield Violation(
                inner.line, inner.column,
                f"`{inner.target}` is made by `{inner.receiver}.{inner.method}`, but its fragment {fragment} is made "
                "by another MMA, whose `cute.gemm` reads it: partition it with that MMA",
            )
        else:
            yield Violation(
                partition.line, partition.column,
                f"`{partition.method}` is given `{partition.source}`, made by another MMA (`{inner.receiver}."
                f"{inner.method}`, line {inner.line}): a fragment is laid out by the MMA that partitioned it, so "
                f"make {fragment} with that MMA, or partition with this one",
            )
    for partition, mine in list(_helper_parameter_of_the_other_slot(facts, named, context)):
        named.add(partition)
        yield Violation(
            partition.line, partition.column,
            f"`{partition.target} = {partition.receiver}.{partition.method}({partition.source})`: the helper's "
            f"parameter `{partition.source}` is named for the other operand, and `{mine}` is given to no partition: "
            f"pass `{mine}`",
            replace=Replace(partition.line, partition.column, f"({partition.source})", f"({mine})"),
        )
    for partition in list(_two_fragments_for_one_slot(facts, named, context)):
        named.add(partition)
        method = partition.method[:-1] + _OTHER_INPUT[partition.method[-1]]
        yield Violation(
            partition.line, partition.column,
            f"`{partition.target}` is made by `{partition.receiver}.{partition.method}`, the MMA's second operand "
            f"{partition.method[-1]} fragment in the function and none for {method[-1]}, which its name says: use "
            f"`{method}`",
            replace=Replace(partition.line, partition.column, f".{partition.method}(", f".{method}("),
        )
    for partition in facts.partitions:
        if partition not in named and (role := _named_for_the_other_input(partition, roles, context)):
            if swap_key(partition, operand_letter(partition), role) not in swapped:
                conflicts.append((partition, role, None))
                named.add(partition)
    flow = None
    for partition in facts.partitions:
        if operand_letter(partition) in ("A", "B") and partition not in named:
            if flow is None:
                flow = _data_flow_roles(facts, named)
            role, shown = flow.get(partition, (None, None))
            if role is not None and role != operand_letter(partition):
                conflicts.append((partition, role, shown))
            elif role is None and partition.method.startswith("partition_") and \
                    (copied := _laid_out_by_copies_of(partition, facts)):
                role, copy = copied
                conflicts.append((partition, role, f"`{copy.name}` (`{copy.maker}`, line {copy.line}) copies it"))
    for partition, role, shown in conflicts:
        own = operand_letter(partition)
        if swap_key(partition, role, own) in swapped:
            continue
        method = partition.method[:-1] + role
        target = parse_partitioned(partition.target, context.vocabulary)
        if shown is not None and target is not None and target.what in OPERAND_ROLES[own]:
            yield Violation(
                partition.line,
                partition.column,
                f"`{partition.method}` is given `{partition.source}`, which is operand {role} of this MMA: {shown}; "
                f"`{partition.target}` and `{partition.method}` both say {own}, so the argument is likely the "
                f"mistake: pass operand {own}'s tensor",
            )
            continue
        if shown is not None:
            yield Violation(
                partition.line,
                partition.column,
                f"`{partition.method}` is given `{partition.source}`, which is operand {role} of this MMA: {shown}; "
                f"use `{method}`",
                replace=Replace(partition.line, partition.column, f".{partition.method}", f".{method}"),
            )
            continue
        given = f"`{partition.method}` is given `{partition.source}`, which holds operand {role}, not {own}"
        if target is not None and target.what in OPERAND_ROLES[own]:
            source = source_name(partition, context.vocabulary)
            # a hand view (`wCsB` of `sB`) has no name to rename: pass operand's own tensor
            wanted = renamed(source, what=target.what) if source is not None else ""
            bound = bool(wanted) and facts.bound_in(wanted, partition.scope)
            yield Violation(
                partition.line,
                partition.column,
                f"{given}; `{partition.target}` and `{partition.method}` both say {own}, so the argument is "
                "likely the mistake: " + (f"pass `{wanted}`" if bound else f"pass operand {own}'s tensor"),
                replace=Replace(partition.line, partition.column, partition.source, wanted) if bound else None,
            )
            continue
        yield Violation(
            partition.line,
            partition.column,
            f"{given}; use `{method}`",
            replace=Replace(partition.line, partition.column, f".{partition.method}", f".{method}"),
        )
