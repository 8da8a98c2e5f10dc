"""CI111 gemm-operand-provenance: a ``cute.gemm`` operand that the MMA did not make for that slot.

## What it does
Follows each operand of ``cute.gemm(mma, D, A, B, C)`` to the statement that made it in the function and
reports
- a copy's partition (``partition_S`` / ``partition_D`` / ``retile`` of a TiledCopy, ``tma_partition``):
  the MMA reads its operands in its own layout, made by ``partition_A/B/C`` or ``make_fragment_A/B/C``;
- an MMA partition of another input slot: ``make_fragment_B``'s result given as A (an accumulator given as
  A is not: attention reuses S's registers as P).

An operand made by another MMA than the GEMM's is not reported for that alone: kernels share one
shared-memory fragment between two MMAs on purpose (FlashAttention's dS for dQ and dQv); a name that claims
another MMA's pattern is CI110's. It is reported when the GEMM's own MMA made a fragment for that slot in the
function that no ``cute.gemm`` there is given (``tBsV_desc = thr_mma_pv.make_fragment_B(sV)`` left unused
while the P·V gemm reads the Q·K MMA's ``tBsK_s``): the operand took the other MMA's place by a slip; and
when the MMA that made it issues a ``cute.gemm`` in the function that is never given it (``tBsP_desc`` made
by the K·Q MMA and read only by the V·P gemm): it was made for the wrong MMA; and when another ``cute.gemm`` of the
function by the same MMA is given that MMA's own fragment for the slot (``cute.gemm(tiled_mma_pv, acc, tOrP, tSrK, acc)``
beside ``cute.gemm(tiled_mma_pv, acc, tOrP, tOrV, acc)``, also through a helper's callers): an MMA fed its own operand in
one gemm and another MMA's in the next shares nothing on purpose. A ``cute.gemm`` whose A and B
operands were both made, each for its slot, by one MMA other than the gemm's (``cute.gemm(qk_tiled_mma, tOtAcc, tOrP,
tOrV, tOtAcc)``) is reported at the call: its MMA argument is the slip. A tensor laid out by an MMA's fragment
(``tOrP = make_tensor(p_tmem_ptr, pv_tiled_mma.make_fragment_A(...).layout)``, P in tensor memory) counts as that
MMA's fragment for that slot.

A call of a helper of the file whose ``cute.gemm`` takes the MMA and both operands from its parameters
(``self.exec_mma(tiled_mma=kv_mma, tCrA=tCrV, tCrB=tCrK_kv)``) is judged, at that call, for the MMA it passes: another
MMA's fragment given while the passed MMA's own fragment for the slot, of another buffer, is unused (two MMAs'
fragments made of one buffer by a helper's calls are one layout), or both operands another MMA's (at the MMA
argument); the helper's own gemm, followed through its callers, judges the operands' makers and slots.

A helper imported from another module of the repository is read for the parameters its body gives a
``cute.gemm`` as A and B (``mma_no_fence(tiled_mma, acc, tSrB[...], tSrB[...])`` whose ``cute.gemm(atom, acc, tCrA,
tCrB, acc)`` reads its third parameter as A: ``lint.imported``); a fragment bound twice by one maker (a kernel's two
mainloops) is judged by the binding before the gemm.

One tensor given to both the A and the B slot of one ``cute.gemm`` (``cute.gemm(mma, acc, tCrA[k], tCrA[k],
acc)``) is reported too, whatever made it: a fragment is laid out for one slot. The slot its name does not say
is the likely slip (the B slot for a tensor named for A; else the A slot). So is a call of a helper whose
``cute.gemm`` reads two of its parameters as A and B, given one tensor for both, at that argument. Another
module's helper whose slots the file does not show, given a TiledMma (made in the file, or a parameter annotated
``cute.TiledMma``) and one operand's tensor as two neighbouring arguments (``mma.gemm_ss(tidx, tiled_mma, sB, sB,
acc)``), is reported at the second.

A ``cute.gemm`` operand given as ``[fragment, scale factors]`` (a block-scaled MMA) is its fragment; its scale
factors, where the file lays them out with CUTLASS's layout of one operand's (``make_tmem_layout_sfa`` / ``_sfb``,
``make_smem_layout_sfa`` / ``_sfb``, through a name and views), must not be one operand's in both slots: ``[tCrA, tCtSFB]`` beside ``[tCrB, tCtSFB]`` is reported at A's. A call of
another module's MMA helper whose keywords name each fragment's slot (``issue_mma_tile(a_frag_tile=tCrA[k],
b_frag_tile=tCrB[k])``) is judged as a GEMM with those operands.

An operand that is a parameter of a helper is followed to what every call of the helper in the file
passes (positionally or by keyword, ``self._mma_body(tCrA=tCrA, tCrB=tCrB)``), and judged only when all of
them were made the same way; operands not made in the function (or by its callers) are not judged. The
message says both sides: the slot the name is given to, and the call (and line) that made it.

## Why is this bad?
A GEMM on a tensor laid out for a copy, another slot or another MMA computes with the wrong elements
(or fails to compile far from the slip); the name then hides it.

## Example
```python
tSsQ = smem_thr_copy_Q.partition_S(sQ)
tSrQ = thr_mma_qk.make_fragment_A(sQ)
cute.gemm(tiled_mma_qk, acc_S, tSsQ, tSrK, acc_S)
```

Use instead:
```python
cute.gemm(tiled_mma_qk, acc_S, tSrQ, tSrK, acc_S)
```
"""

from __future__ import annotations

from collections.abc import Iterator

from cute_inspect.lint.expectations import MMA_METHODS, OPERAND_ROLES
from cute_inspect.lint.facts import TMA_PARTITION, Call, FileFacts, Partition
from cute_inspect.lint.names import parse_name
from cute_inspect.lint.provenance import describe_object, distinct_objects
from cute_inspect.lint.rules import RuleContext, Violation

CODE = "CI111"
NAME = "gemm-operand-provenance"
SUMMARY = "A `cute.gemm` operand was made by a copy, or for another slot"
DEFAULT = True

_SLOT = {"d": "C", "a": "A", "b": "B", "c": "C"}
_SLOT_WORD = {"d": "D", "a": "A", "b": "B", "c": "C"}
_COPY_METHODS = frozenset({"partition_S", "partition_D", "retile", TMA_PARTITION})


def _made_by(partition: Partition) -> str:
    call = f"{partition.receiver}.{partition.method}" if partition.receiver else partition.method
    return f"`{call}` (line {partition.line})"


def _origin(name: str, aliases: dict[str, str]) -> str:
    """The partition a view was cut from: ``tCrA_1phase = tCrA[None, None, 0]`` is ``tCrA``'s."""
    for _ in range(4):
        if name not in aliases or aliases[name] == name:
            return name
        name = aliases[name]
    return name


def _makers(
    name: str, scope: int, facts: FileFacts, made: dict, aliases: dict[str, str],
) -> list[tuple[Partition, int | None]] | None:
    """The partitions that made what ``name`` holds in ``scope``, with the line of the helper call that passed
    it (None when made in the function itself); a helper's parameter is followed through every call of the
    helper in the file. None when one of them is not known."""
    if not facts.is_helper_param(name, scope):
        partition = made.get((_origin(name, aliases), scope))
        return None if partition is None else [(partition, None)]

    def maker(given: str, caller: int, line: int):
        partition = made.get((_origin(given, aliases), caller))
        return None if partition is None else (partition, line)

    return facts.through_callers(name, scope, maker)


def _kind_of(partition: Partition) -> str:
    return "copy" if partition.method in _COPY_METHODS else partition.method


def _unused_own_fragments(facts: FileFacts, aliases: dict[str, str]) -> dict[tuple, Partition]:
    """(scope, MMA family, slot letter) -> an operand fragment that MMA made in that function for that slot and
    no ``cute.gemm`` of the function is given (through its views)."""
    origins = facts.origins
    given = {(call.scope, _origin(operand.name, aliases)) for call in facts.gemms for operand in call.operands
             if operand.name is not None}
    unused: dict[tuple, Partition] = {}
    for partition in list(facts.partitions) + _laid_fragments(facts):
        if partition.method not in ("make_fragment_A", "make_fragment_B") or partition.made_by is None:
            continue
        if (partition.scope, partition.target) not in given:
            unused.setdefault((partition.scope, origins.family(partition.made_by), partition.method[-1]), partition)
    return unused


def _one_buffer(own: Partition, given: Partition, facts: FileFacts) -> bool:
    """Two fragments made by a helper's calls given one buffer whole (``tCrV`` and ``tCrV_dup``, each of ``sV``):
    one layout of one buffer. (Fragments laid over one buffer at two offsets are two tensors.)"""
    sources = [facts.bound_sources.get((each.scope, each.target)) for each in (own, given)]
    return sources[0] is not None and sources[0] == sources[1]


def _laid_fragments(facts: FileFacts) -> list[Partition]:
    """``tOrP = cute.make_tensor(p_tmem_ptr, pv_tiled_mma.make_fragment_A(...).layout)``: an operand the MMA laid out
    for that slot (its A in tensor memory), as the fragment that MMA would have made."""
    made = []
    for (scope, name), (ref, slot, line, column) in facts.fragment_layouts.items():
        obj = facts.origins.object(ref)
        made.append(Partition(name, line, column, f"make_fragment_{slot}", obj.name if obj is not None else None,
                              None, None, scope, ref))
    return made


def _all_operands_of_another_mma(call: Call, made: dict, aliases: dict[str, str], facts: FileFacts) -> Violation | None:
    """``cute.gemm(qk_tiled_mma, tOtAcc, tOrP[k], tOrV[k], tOtAcc)``: the A and the B operand both made, each for its
    slot, by one MMA distinct from the gemm's, which makes its own A and B for its other gemm, while no gemm of the
    MMA that made them is issued: the operands are that MMA's, laid out for it, so the gemm's MMA argument is the slip
    (a fragment shared by two MMAs, FlashAttention's dS, comes with the other MMA's own operand)."""
    if call.atom_ref is None:
        return None
    origins = facts.origins
    laid = {(scope, name): partition for partition in _laid_fragments(facts)
            for scope, name in [(partition.scope, partition.target)]}
    families = set()
    for operand in call.operands:
        if operand.slot not in ("a", "b"):
            continue
        if operand.name is None or facts.is_helper_param(operand.name, call.scope):
            return None
        key = (_origin(operand.name, aliases), call.scope)
        partition = made.get(key) or laid.get((call.scope, key[0]))
        if partition is None or partition.made_by is None or partition.method != f"make_fragment_{_SLOT[operand.slot]}":
            return None
        families.add(origins.family(partition.made_by))
    mine = origins.family(call.atom_ref)
    if len(families) != 1 or not distinct_objects(mine, theirs := families.pop()):
        return None
    # Two MMA objects of one layout share fragments on purpose (an atom of the MMA's op, Rubin's B-keep and B-reuse
    # variants): only where the gemm's MMA lays out operands of its own for both slots, and the other MMA's operands
    # reach no gemm of that MMA, are they laid out for another MMA than the one that reads them.
    own = {partition.method[-1] for partition in list(facts.partitions) + _laid_fragments(facts)
           if partition.scope == call.scope and partition.made_by is not None
           and partition.method in ("make_fragment_A", "make_fragment_B") and origins.family(partition.made_by) == mine}
    theirs_issued = any(other.scope == call.scope and other.atom_ref is not None
                        and origins.family(other.atom_ref) == theirs for other in facts.gemms)
    if own != {"A", "B"} or theirs_issued:
        return None
    obj = origins.object(theirs)
    # at the MMA argument, the slip, where a call spreads over lines
    return Violation(
        *(call.atom_at or (call.line, call.column)),
        f"`{call.function}` is given `{call.atom}`, but both its A and B operands were made by "
        f"{describe_object(obj, theirs)} for those slots: the operands are laid out for that MMA, so the MMA "
        "argument is likely the slip",
    )


def _gemms_never_given(partition: Partition, scope: int, facts: FileFacts, aliases: dict[str, str]) -> int | None:
    """The line of a ``cute.gemm`` of the MMA that made ``partition`` in this function, when none of that MMA's
    gemms there is given it: the fragment was made for one MMA and fed only to another (``tBsP_desc`` made by
    the K·Q MMA, read only by the V·P gemm). None when that MMA issues no gemm here or one is given it."""
    origins = facts.origins
    family = origins.family(partition.made_by)
    own = [call for call in facts.gemms if call.scope == scope and call.atom_ref is not None
           and origins.family(call.atom_ref) == family]
    given = any(operand.name is not None and _origin(operand.name, aliases) == partition.target
                for call in own for operand in call.operands)
    return None if not own or given else own[0].line


def _own_fragment_elsewhere(
    call: Call, slot: str, mine, scope: int, facts: FileFacts, made: dict, aliases: dict[str, str],
) -> tuple[Call, str] | None:
    """Another gemm of the function by the same MMA whose operand in ``slot`` that MMA made for the slot itself
    (through a helper's callers too): (that gemm, its operand's name), or None."""
    origins = facts.origins
    for other in facts.gemms + facts.helper_gemms:
        if other is call or other.scope != scope or other.atom_ref is None or origins.family(other.atom_ref) != mine:
            continue
        operand = next((each for each in other.operands if each.slot == slot and each.name is not None), None)
        makers = None if operand is None else _makers(operand.name, scope, facts, made, aliases)
        if makers and all(partition.method == f"make_fragment_{_SLOT[slot]}" and partition.made_by is not None
                          and origins.family(partition.made_by) == mine for partition, _ in makers):
            return other, operand.name
    return None


def _both_slots(call: Call, made: dict, aliases: dict[str, str], context: RuleContext) -> Violation | None:
    """One tensor given as both A and B: the operand in the slot its name does not say (B for ``tCrA``, else A).
    A fragment the MMA made for one slot is left to the slot check below, which names its maker."""
    slots = {operand.slot: operand for operand in call.operands if operand.name is not None}
    a, b = slots.get("a"), slots.get("b")
    if a is None or b is None or _origin(a.name, aliases) != _origin(b.name, aliases):
        return None
    maker = made.get((_origin(a.name, aliases), call.scope))
    if maker is not None and maker.method in MMA_METHODS and maker.method[-1] in ("A", "B"):
        return None
    named = parse_name(a.name, context.vocabulary)
    slip = b if named is not None and named.what in OPERAND_ROLES["A"] else a
    return Violation(
        slip.line, slip.column,
        f"`{call.function}` is given `{a.name}` as both its A and its B operand: a fragment is laid out for one "
        f"slot, so the {_SLOT_WORD[slip.slot]} operand is likely the slip",
    )


def _both_slots_through_calls(
    call: Call, aliases: dict[str, str], facts: FileFacts, context: RuleContext,
) -> Iterator[Violation]:
    """A helper whose ``cute.gemm`` reads two parameters as A and B, called with one tensor for both: reported at
    the argument for the slot the tensor's name does not say (as ``_both_slots``)."""
    slots = {operand.slot: operand for operand in call.operands if operand.name is not None}
    a, b = slots.get("a"), slots.get("b")
    if a is None or b is None or a.name == b.name:
        return
    if not (facts.is_helper_param(a.name, call.scope) and facts.is_helper_param(b.name, call.scope)):
        return
    for (caller, line, given_a), (_, _, given_b) in zip(facts.passed(a.name, call.scope) or (),
                                                         facts.passed(b.name, call.scope) or ()):
        if _origin(given_a, aliases) != _origin(given_b, aliases):
            continue
        arguments = facts.arguments(caller, line, call.scope)
        named = parse_name(given_a, context.vocabulary)
        param = b.name if named is not None and named.what in OPERAND_ROLES["A"] else a.name
        if param not in arguments:
            continue
        slip = arguments[param]
        yield Violation(
            slip.lineno, slip.col_offset + 1,
            f"`{given_a}` is passed as both `{a.name}` and `{b.name}`, which `{call.function}` (line {call.line}) "
            f"reads as its A and its B operand: a fragment is laid out for one slot, so `{param}` is likely the slip",
        )


def _parameters_swapped(call: Call, facts: FileFacts, context: RuleContext) -> Violation | None:
    """A helper's ``cute.gemm(tiled_mma, acc, tCrB[...], tCrA[...], acc)``: its A slot given its parameter named for
    B's role and its B slot the one named for A's. The helper's callers (another module's, a subclass's) are not in
    the file, so the parameters' names are all it shows of what they hold, and both contradict their slots."""
    slots = {operand.slot: operand for operand in call.operands if operand.name is not None}
    a, b = slots.get("a"), slots.get("b")
    if a is None or b is None or a.name == b.name or facts.passed(a.name, call.scope):
        return None
    if not (facts.is_helper_param(a.name, call.scope) and facts.is_helper_param(b.name, call.scope)):
        return None
    named_a, named_b = parse_name(a.name, context.vocabulary), parse_name(b.name, context.vocabulary)
    if named_a is None or named_b is None or not (
            _role(named_a.what) == "B" and _role(named_b.what) == "A"):
        return None
    return Violation(
        a.line, a.column,
        f"`{call.function}` is given `{a.name}` as its A operand and `{b.name}` as its B operand: both parameters are "
        f"named for the other slot, so the two are likely swapped",
    )


def _role(what: str) -> str | None:
    roles = [role for role in ("A", "B") if what in OPERAND_ROLES[role]]
    return roles[0] if len(roles) == 1 else None


def _accumulator_as_input(call: Call, aliases: dict[str, str]) -> Violation | None:
    """``cute.gemm(tiled_mma, tCrA, tCrA[...], tCrB[...], tCtAcc)``: the D operand, which the MMA writes, is one of
    its own inputs (A or B); an MMA reads its operands and accumulates into another tensor."""
    slots = {operand.slot: operand for operand in call.operands if operand.name is not None}
    d = slots.get("d")
    if d is None:
        return None
    for slot in ("a", "b"):
        given = slots.get(slot)
        if given is not None and _origin(given.name, aliases) == _origin(d.name, aliases):
            return Violation(
                d.line, d.column,
                f"`{call.function}` is given `{d.name}` as its D operand, which it also reads as its "
                f"{_SLOT_WORD[slot]} operand: the accumulator the MMA writes is not one of its inputs",
            )
    return None


def _given_an_mma(call, facts: FileFacts) -> bool:
    """A call given a TiledMma: an object the file makes as one, or a parameter annotated ``cute.TiledMma``."""
    for argument, ref in zip(call.arguments, call.refs):
        obj = facts.origins.object(ref)
        if (obj is not None and obj.kind == "mma") or facts.is_mma_param(argument.name, call.scope):
            return True
    return False


def _names_an_operand(name: str, context: RuleContext) -> bool:
    named = parse_name(name, context.vocabulary)
    return named is not None and any(named.what in OPERAND_ROLES[role] for role in ("A", "B"))


def _one_operand_to_an_mma_helper(facts: FileFacts, context: RuleContext) -> Iterator[Violation]:
    """Another module's MMA helper, given the TiledMma and one operand's tensor as two neighbouring arguments
    (``mma.accumulating_gemm_ss(tidx, tiled_mma, sB, sB, acc)``): its slots are positional and the file does not
    show them, but an MMA reads two operands, and one tensor is laid out for one of them."""
    for call in facts.foreign_calls:
        pairs = zip(call.arguments, call.arguments[1:])
        twice = [second for first, second in pairs if first.name is not None and first.name == second.name
                 and _names_an_operand(first.name, context)]
        if len(twice) != 1 or not _given_an_mma(call, facts):
            continue
        yield Violation(
            twice[0].line, twice[0].column,
            f"`{call.function}` is given a TiledMma and `{twice[0].name}` twice in a row: an MMA helper reads two "
            "operands, and a tensor is laid out for one of them, so one of the two is likely the other operand's",
        )


def _scales_of_the_other_operand(facts: FileFacts) -> Iterator[Violation]:
    """``cute.gemm(mma, acc, [tCrA, tCtSFB], [tCrB, tCtSFB_mma], acc)``: both slots given scale factors laid out by
    ``make_tmem_layout_sfb`` (through views), B's: the A slot's are the slip. (A swap-AB kernel gives B's to A and
    A's to B on purpose: two operands' scales are not compared with their slots.)"""
    laid = {}
    for scope, at, slot, scale, line, column in facts.gemm_scales:
        name = scale
        for _ in range(4):
            if (scope, name) in facts.scale_factors or name not in facts.view_sources:
                break
            name = facts.view_sources[name]
        laid.setdefault((scope, at), []).append((slot, facts.scale_factors.get((scope, name)), scale, line, column))
    for scales in laid.values():
        operands = {operand for _, operand, _, _, _ in scales}
        if len(scales) != 2 or len(operands) != 1 or None in operands:
            continue
        for slot, operand, scale, line, column in scales:
            if operand == slot.upper():
                continue
            yield Violation(
                line, column,
                f"`cute.gemm`'s {slot.upper()} operand is given the scale factors `{scale}`, laid out for operand "
                f"{operand}'s (`make_..._layout_sf{operand.lower()}`), as the other slot's are",
            )


def check(facts: FileFacts, context: RuleContext) -> Iterator[Violation]:
    yield from _one_operand_to_an_mma_helper(facts, context)
    yield from _scales_of_the_other_operand(facts)
    if not facts.gemms and not facts.helper_gemms:
        return
    origins = facts.origins
    made: dict[tuple[str, int], Partition | None] = {}
    bindings: dict[tuple[str, int], list[Partition]] = {}
    for partition in facts.partitions:
        key = (partition.target, partition.scope)
        earlier = made.get(key, partition)
        made[key] = partition if earlier is not None and earlier.method == partition.method else None
        bindings.setdefault(key, []).append(partition)
    aliases = dict(facts.views)
    unused = None
    wrong_mma: set[Partition] = set()
    sites = {id(call) for call in facts.site_gemms}
    for call in facts.gemms + facts.helper_gemms + facts.site_gemms:
        # A gemm helper's call is judged here for the MMA it passes only: its body's gemm, followed through the
        # callers, judges the operands' makers and slots (a swap-AB caller passes one MMA's fragments swapped).
        site = id(call) in sites
        if not site and (both := _both_slots(call, made, aliases, context)) is not None:
            yield both
        if (theirs := _all_operands_of_another_mma(call, made, aliases, facts)) is not None:
            yield theirs
            continue
        if not site:
            yield from _both_slots_through_calls(call, aliases, facts, context)
            for found in (_parameters_swapped(call, facts, context), _accumulator_as_input(call, aliases)):
                if found is not None:
                    yield found
        for operand in call.operands:
            if operand.name is None:
                continue
            makers = _makers(operand.name, call.scope, facts, made, aliases)
            # Every call of a helper must agree on what it passes, or the helper is not judged.
            if not makers or len({_kind_of(partition) for partition, _ in makers}) != 1:
                continue
            partition, via = makers[0]
            if via is None and partition.line > call.line:
                # a name bound by one maker twice (a kernel's two mainloops): the binding before the gemm made it
                before = [each for each in bindings[(partition.target, call.scope)] if each.line <= call.line]
                if not before:
                    continue
                partition = before[-1]
            slot = _SLOT_WORD[operand.slot]
            why = None
            if site and not (partition.method in MMA_METHODS and call.atom_ref is not None and partition.made_by
                             is not None and distinct_objects(origins.family(call.atom_ref),
                                                              origins.family(partition.made_by))):
                continue
            if partition.method in _COPY_METHODS:
                obj = origins.object(partition.made_by)
                by = f", a copy: {describe_object(obj, partition.made_by)}" if partition.made_by else ""
                why = f"a copy's partition, made by {_made_by(partition)}{by}"
            elif partition.method in MMA_METHODS and partition.method[-1] in ("A", "B") \
                    and partition.method[-1] != _SLOT[operand.slot]:
                why = f"operand {partition.method[-1]}'s, made by {_made_by(partition)}"
            elif partition.method in MMA_METHODS and partition.method[-1] == _SLOT[operand.slot] in ("A", "B") \
                    and call.atom_ref is not None:
                mine = origins.family(call.atom_ref)
                if distinct_objects(mine, origins.family(partition.made_by)):
                    if unused is None:
                        unused = _unused_own_fragments(facts, aliases)
                    # a fragment passed by a helper's callers is judged only beside the MMA's own (below)
                    own = unused.get((call.scope, mine, _SLOT[operand.slot])) if via is None else None
                    theirs = _gemms_never_given(partition, call.scope, facts, aliases) if via is None else None
                    if own is not None and _one_buffer(own, partition, facts):
                        # two MMAs' fragments of one buffer: the duplicate left unused shares its descriptors
                        pass
                    elif own is not None:
                        why = (f"another MMA's, made by {_made_by(partition)}, while this MMA's own operand {slot}, "
                               f"`{own.target}` ({_made_by(own)}), is given to no `cute.gemm`")
                    elif (beside := _own_fragment_elsewhere(call, operand.slot, mine, call.scope, facts, made,
                                                            aliases)) is not None:
                        why = (f"another MMA's, made by {_made_by(partition)}, while this MMA's `{beside[0].function}` "
                               f"at line {beside[0].line} is given its own operand {slot}, `{beside[1]}`")
                    elif theirs is not None and partition not in wrong_mma:
                        # The slip is the maker's (the fragment was made for the wrong MMA): reported there, once.
                        wrong_mma.add(partition)
                        yield Violation(
                            partition.line, partition.column,
                            f"`{partition.target}` is made by {_made_by(partition)} for operand {slot}, but only "
                            f"another MMA's `cute.gemm` (line {call.line}) is given it; its own `cute.gemm` (line "
                            f"{theirs}) never is",
                        )
            if why is None:
                continue
            passed = f" (passed by the call at line {via})" if via is not None else ""
            yield Violation(
                operand.line, operand.column,
                f"`{call.function}` is given `{operand.name}` as its {slot} operand, but that tensor is {why}{passed}",
            )
