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

A thread's view made by hand is a partition of its tensor: a slice of ``cute.composition(sX, tv_layout)`` or
``cute.tiled_divide(sX, tiler)`` is judged as ``partition_S(sX)`` is; ``cute.make_tensor(sX.iterator ...,
layout)`` by memory only (a buffer reused for new data is laid over the old one's iterator: ``tStP`` over S's
TMEM). A TMA partition also names the tensor its atom was made for (``make_tiled_tma_atom(op, mK, ...)``,
followed from a kernel's parameter to what the launcher passes): ``tQgQ`` of K's atom names another tensor. A
partition by a copy made over one tensor (``make_tmem_copy(atom, tAtV)``) given another tensor in that memory,
while its name says the copy's, has the argument wrong. A ``tma_partition`` argument that contradicts a name
the other result agrees with is reported at the argument's line.

A view made by layout algebra (``local_tile``, ``logical_divide``, ``zipped_divide``, ``flat_divide``,
``composition``, ``group_modes``..., or a slice that keeps a whole mode, ``X[None, k]``) keeps its tensor's
memory and data: ``rW_view = cute.zipped_divide(sW[row, None, None], t)`` names shared memory registers,
``sA_tiles`` of a TMA atom's ``.tma_tensor`` names global memory shared, ``gA_k = cute.local_tile(mcA, ...)``
of an identity tensor names coordinates global (unless its words say coordinates: ``gCcoord``, ``gPcP`` of
``cP``), and ``gB_vec = cute.logical_divide(gA, ...)`` names A's view B (tensors compared within one family of
operands, A/B and Q/K/V, and between a GEMM's inputs and its output: ``gD = local_tile(mO)`` is the output, ``gC_epi
= zipped_divide(tCgA, t)`` names the output A's view). A ``make_tensor`` view whose layout is built from one GEMM
input's layout, shape or stride and laid over the other input's data (``B_reshaped = make_tensor(A.iterator,
make_layout(b_shape, ...))``, ``b_shape = B.layout.shape``), named for the first, computes with the other's data in
its place; a Gram product's ``mB = make_tensor(mA.iterator, transposed)`` lays A's own layout. The two results of a
``tma_partition``
are its shared and its global side: two plain snake-case names that differ only in their first letters
(``s_part, g_part``) name those memories, and one of them naming another (``r_part``) is reported. A
camel-case partition of a plain snake-case argument by a copy named for its direction
(``thread_copy_g2r.partition_S(g_tile)``) is compared with the memory both the argument's letter and the
direction say (``tXsX`` of it names shared memory a global tile).

A partition named by its variant for another buffer the function allocates apart (``tXsO_row`` of
``sO_col``, two shared-storage fields) names another tensor, and so does one named for another tensor whose
shared buffer the function allocates apart (``tPsValue`` of ``sGate`` beside ``sValue``; ``tCrB1`` of ``sB``
beside ``sB1``), even when the data written into it is that tensor's; ``D`` names the output, so ``tRS_sD`` of
``sA`` where the function allocates the output's buffer ``sC`` apart is reported. A view of one GEMM input's operand
fragment named for the other (``tXrA = thr_s2r_a.retile(tCrB)``) holds the fragment's operand, whatever is copied
into it; and a view named for tensor memory of a fragment a warp-level or universal MMA made is registers. A buffer
taken from a shared-storage field is also that field's tensor (``sXA = dxmem.sA.get_tensor(...)``: ``tAsA`` of it names it). A partition whose index names
another tensor's tile than the source's (``tCgB2 = partition_B(gB_nkl1)`` beside ``gB_nkl2``, tiles of two tensors)
names another tensor. The data a TMA partition's own other result loads into it is no evidence of what it holds
where the function has a buffer of the name's tensor apart from the source (``tAsA`` of ``sB_staged`` beside ``sA``).

One object's one method given one tensor twice (``tGsCumprod = thr.partition_D(sCumsumlog)`` beside
``tGsCumsumlog = thr.partition_D(sCumsumlog)``) makes one partition twice: the one named for a tensor the function has
in that memory (``sCumprod``) that nothing partitions there has the argument wrong, and is reported at it.

A finding is reported where the slip is written: at the name, unless the name agrees with its neighbours and the
argument does not. A partition whose name's memory contradicts its argument, where the name its argument calls for is
bound to the same object's partition of that argument (``tBgSFB, tBcSFB = thr.partition_S(coordSFB),
thr.partition_S(coordSFB)``), is reported at the argument; so is a name bound to a helper's returned partition whose
argument contradicts it where another name the call binds says the name's tensor (``tiled_copy_s2t_sfa, tCsSFA_s2t,
tCtSFA_s2t = self.s2t_copy_and_partition(sSFB, tCtSFA)``).

Partitions named in descriptive snake-case words (``smem_a_copy_fragment``, ``t_reg_query``; not the convention in
snake case, ``t_cr_a``) say a memory by a full memory word (``smem``, ``gmem``, ``reg``, ``rmem``, ``tmem``) and a
tensor by a word: one whose memory word contradicts the source's memory (``reg_a_part`` of a global tile), or whose
words hold the word of another buffer of the function one word apart from the source, in its memory, and not the
source's (``smem_a_copy_fragment`` of ``smem_tile_b`` beside ``smem_tile_a``), is reported
(``cute_inspect.lint.descriptive``).

A partition named its scope and op, then its source's whole name (``tAcrdA`` of ``crdA``), names that source. A
partition of a view named outside the convention (``wCsB = cute.tiled_divide(sB, tiler)[warp]``, ``blkX =
cute.local_tile(gX, ...)``, through a chain of such views) is judged by the tensor it views. A coordinate partition
(``tXcX``) of a tile shown to hold data (its views lead to a buffer a memory maker made, to an MMA's fragment, to a
kernel's tensor parameter every launch in the file passes a tensor that is no identity tensor for, or to a helper's
parameter every call passes data for) is reported, and so is one of an operand's coordinates named for the other
operand (``tBcA`` of ``cB``). A global tile is no buffer reused: the data stored into a global
partition does not excuse its name where the function has a tile of the name's tensor apart (``tDgDK`` of ``gDV``,
stored from ``rDK``, beside ``gDK``). One tensor given as
both sides of a ``tma_partition`` is reported at the side's argument (the shared one unless the file shows the tensor shared). The convention in lower case (``txgx = thr_copy_x.partition_S(gx)``,
``twrw``) is read: a partition of a lower-case tile or partition that names another memory, or another tensor with a
tile of its own in the function (``twgw`` of ``gx`` beside ``gw``), is reported.

Tiles written in lower case (``sa = storage.sa.get_tensor(...)``) are the convention's (``sA``) where a maker proves
them in the memory their letter says and the file names a tile of that tensor in upper case (``gA_mk``). A tile named
with a word before the convention (``local_gB``, ``cur_sA``) is that tile where the code proves it a
tensor: a partition's argument or a layout view's result (``local_gB = cute.local_tile(gA, ...)`` names A's tile B's).
A slice by a coordinate bound to a tuple with a whole mode (``k_block_coord = (None, None, k, stage)``) is a view, and
so is a slice by an index the file does not show that the function then partitions (``bX = gX[block_coord]``, then
``thr_copy.partition_S(bX)``: a partition's argument is a tensor). A
register tensor made in the shape of one operand's partition and named for the other of its family (``tBrB =
cute.make_fragment_like(tAsA)``) is reported, unless a copy fills it from a partition of its own tensor made by an
object
that lays out both (``tQrK_half = make_fragment_like(tQrQ_half_0)`` loaded from ``tQsK_h`` by the copy that also
partitions Q's halves: the maker took only the shape). A name bound to a partition a helper of the file returns is
compared with the argument its call passes, also where the helper's parameter is a placeholder in words (``smem_a``,
``smem_x``: its tensor only); the argument is reported where it is written when it repeats another parameter's, whose
partition is named for it (``self.fragments(mma, sK, sK)`` binding ``tCrQ, tCrK``), or when the function partitions it
elsewhere under its own name while the tensor the call's name says is at hand. A staging buffer the function makes,
with no buffer of the name's tensor
apart, may be named on its read-out side for the tensor it is copied to (a copy kernel's ``tBsB`` of ``sA``, stored to
``tBgB``).

An argument whose name does not follow the convention is checked for its memory only, where its maker
proves it (``smem_pt = storage.smem_p.get_tensor(...)`` is shared memory, ``cute.make_rmem_tensor`` registers,
``cute.make_identity_tensor`` coordinates, ``cute.make_tensor`` over a pointer whose memory the file shows),
and so is a plain snake-case argument of a partition named in snake case (``g_out_mnl`` of ``t_cs_out``),
through a helper's parameter too when every call passes such a tensor. An argument that is a parameter of a
helper function (not a ``@cute.kernel``) holds whatever its callers pass: its tensor is the one every call
of the helper in the file passes (``self.epilogue(..., sC, ...)``, by position or keyword, through the
callers' own parameters), and is not compared when the calls disagree or one is not followed; its where
letter is always compared. A helper's partition named for another tensor of one operand family (Q/K/V, A/B) than the one
its parameter's name and every call agree on (``tSKsK`` of the parameter ``sV_DS``, passed ``sV_DS``) is reported.

An MMA operand fragment lays a descriptor over its argument's data: ``make_fragment_A/B`` of a partition named with the
other slot's letter (``tQKrB = make_fragment_A(tQKsQ)``), or, where the argument's own partition confirms its name
(``tOsQ = partition_B(sQ_SD)``), for another tensor of its family (``tOrK``), is reported. A call of another module's
function whose every return lays a layout over one parameter's iterator (``select_tensor_10(gKV)``) is a view of that
argument. A suggested name is never one already bound in that function.

The two sides of one ``tma_partition`` hold the same data, except a pair crossing two tensors that each have a
buffer and a global tile of their own (``sK`` with ``gV_local``, beside ``gK_local`` and ``sV``): a result naming
another tensor than both its sides and its other result (``tXsWi, tXgXi`` of ``sXi``, ``gXi``) is reported, so is a
result named for another memory than its place says (the call returns the shared side, then the global side:
``bSG_rD``), and a ring the function fills from two tensors, none of them its own (``sW`` from ``gK`` and ``gV``), may
name each load's global side (``tKgW``), as may a pair whose op names its tensor and whose results share a kind word
(``tUpsW, tUpgW``). An indexed name (``tKgK0``) names its tensor
where the file indexes a tile of it so (``gK_block0``). A call of a function of the file whose every ``return`` is
``cute.make_tensor(param.iterator, ...)`` is a view of that argument; a view of a global tensor named for its gradient
(``gdY`` of ``mY``) is reported; a comprehension over a tuple assigned to as many names is read one element at a time.
A partition by a copy made over one tensor of another that the function makes a twin copy over, with the same atom
(``thr_copy_s2t_sfb.partition_S(tCsSFA)`` beside ``make_s2t_copy(atom, tCtSFA)``), is reported.

A name bound to what a helper of the file returns (``tiled_copy_r2s, tRS_rC, tRS_sC =
self.epilog_smem_copy_and_partition(tiled_copy_t2r, tTR_rC, tidx, sC)``), where the helper returns there its partition
of one of its parameters and names it for that parameter, names the tensor this call passes: reported at the call where
its memory or tensor contradicts the argument.

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

import ast
import re
from collections.abc import Iterator

from cute_inspect.lint.expectations import (
    MMA_METHODS,
    OPERAND_FAMILIES,
    OPERAND_ROLES,
    TensorIndex,
    accumulated,
    free_name,
    indexed,
    operand_said,
    role_conflict,
    roles_in_use,
    same_tensor,
    source_name,
    tma_pair_of,
    view_source,
    what_contradicts,
    where_agrees,
)
from cute_inspect.lint.descriptive import descriptive, memory_word, other_buffer
from cute_inspect.lint.facts import TMA_PARTITION, FileFacts, Partition
from cute_inspect.lint.names import (
    WHERE_WORDS,
    TensorName,
    compose,
    parse_name,
    parse_partitioned,
    parse_prefixed_tile,
    names_whole_source,
    parse_lower_partition,
    parse_lower_tensor,
    parse_snake_tensor,
    renamed,
    same_memory,
    says_coordinates,
)
from cute_inspect.lint.provenance import distinct_objects
from cute_inspect.lint.rules import RuleContext, Violation, renaming

CODE = "CI105"
NAME = "partition-source-agreement"
SUMMARY = "A partition's `<where><what>` contradicts the tensor it partitions"
DEFAULT = True


def _role(what: str) -> str | None:
    return next((role for role, whats in OPERAND_ROLES.items() if what in whats), None)


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


def _passed_tensor(name: str, scope: int, facts: FileFacts, context: RuleContext):
    """(the tensor every call of the helper passes for its parameter ``name``, parsed; the line of one such
    call), followed through the callers' own parameters; None unless all calls pass one tensor (one ``what``)."""
    def named(given: str, caller: int, line: int):
        parsed = parse_name(given, context.vocabulary)
        if parsed is None or parsed.partitioned or parsed.where == "c" or facts.coordinates(given):
            return None
        return given, parsed, line

    found = facts.through_callers(name, scope, named)
    return found[0] if found and len({parsed.what for _, parsed, _ in found}) == 1 else None


def _helper_misnames(
    partition: Partition, target: TensorName, parameter: TensorName, held: TensorName, facts: FileFacts,
    context: RuleContext,
) -> bool:
    """A helper's partition names another tensor than its parameter holds, in a way its own code shows: it
    contradicts the parameter's name and what every call passes, it is not the tensor a TMA partition's
    global side loads, and it names another GEMM operand (``tRS_sA`` of ``sC``) or another parameter of the
    helper in the parameter's memory (``taccdVsdK`` of ``sdV`` where ``sdK`` is a parameter too; ``tOrK`` of
    ``sV`` next to ``sK``). Helpers name their
    own tiles freely otherwise (``tGsG`` of ``sB_g``, the gate half of B)."""
    if same_tensor(target, parameter) or same_tensor(target, held):
        return False
    if partition.method == TMA_PARTITION:
        pair = next((p for p in facts.tma_pairs if partition.target in (p.smem, p.gmem)), None)
        partner = parse_name(pair.gmem, context.vocabulary) if pair is not None and pair.gmem else None
        if partner is None or same_tensor(target, partner) and not _loaded_twice(partition, target, parameter, facts, context):
            return False
    roles = {_role(target.what), _role(held.what), _role(parameter.what)}
    if None not in roles and len(roles) > 1 and _role(target.what) != _role(held.what):
        return True
    # The parameter's own name and every call agree on one tensor of a family (`sV_DS`, passed V): a partition
    # named for another of the family (`tSKsK`) contradicts both.
    if same_tensor(parameter, held) and any({target.what, held.what} <= family for family in OPERAND_FAMILIES):
        return True
    for name in facts.scopes[partition.scope].params:
        other = parse_name(name, context.vocabulary)
        if other is not None and not other.partitioned and other.where == parameter.where and other.what == target.what:
            return True
    return False


def _loaded_twice(
    partition: Partition, target: TensorName, parameter: TensorName, facts: FileFacts, context: RuleContext,
) -> bool:
    """The helper's buffer is given to another ``tma_partition`` in the same function, and the helper has a
    buffer of its own for the tensor this partition names (``tVsV`` of ``sK``, next to ``tKsK`` of ``sK`` by
    ``tma_atom_K``, in a helper given ``sV`` too): one buffer filled by two loads is a slip, not a reuse."""
    given = {line for scope, line, smem, _ in facts.tma_sources if scope == partition.scope and smem == partition.source}
    if len(given) < 2:
        return False
    return any(
        (other := parse_name(name, context.vocabulary)) is not None and not other.partitioned
        and other.where == parameter.where and other.what == target.what
        for name in facts.scopes[partition.scope].params
    )




def _unnamed_source_memory(partition: Partition, target: TensorName, facts: FileFacts) -> Iterator[Violation]:
    """A source named outside the convention (``smem_pt``) still has the memory its maker gives it
    (``storage.smem_p.get_tensor(...)``), also through a helper's parameter, and an identity tensor
    (``tile_coords = cute.make_identity_tensor(...)``) holds coordinates: the where letter must say it."""
    if target.where == "c" or partition.method.startswith("make_fragment") or partition.source is None:
        # (a partition bound at a helper's call has no source of its own: the helper's call is judged instead)
        return
    if names_whole_source(partition.target, partition.source):
        return
    if facts.coordinates(partition.source):
        where, held = "c", "holds coordinates (an identity tensor)"
    elif (known := facts.memory_of(partition.source, partition.scope)) is not None:
        if same_memory(target.where, known[0]):
            return
        where, held = known[0], f"is in {WHERE_WORDS[known[0]]} (made at line {known[1]})"
    elif facts.is_helper_param(partition.source, partition.scope) and (word := memory_word(partition.source)):
        # a helper's parameter in words (`smem_x`) says the memory the helper expects, as a convention name's where
        # letter does (`sX`); its tensor is whatever each call passes
        if same_memory(target.where, word):
            return
        where, held = word, f"is a parameter the helper names for {WHERE_WORDS[word]}"
    else:
        where = _tma_side(partition, facts)
        if where is None or same_memory(target.where, where):
            return
        held = f"is given as the {WHERE_WORDS[where].split()[0]} side of `tma_partition`"
    fixed = free_name(renamed(target, where=where), facts, partition.scope)
    yield renaming(
        partition.line,
        partition.column,
        f"`{partition.target}` partitions `{partition.source}`, which {held}, but names `{target.where}{target.what}`",
        partition.target, fixed, partition.scope,
    )


def _own_tma_pair(partition: Partition, facts: FileFacts):
    """The ``tma_partition`` call of the function that made ``partition`` one of its two results, or None."""
    return next((pair for pair in facts.tma_pairs
                 if pair.scope == partition.scope and partition.target in (pair.smem, pair.gmem)), None)


def _tma_side(partition: Partition, facts: FileFacts) -> str | None:
    """The memory of a ``tma_partition`` result by its place: the call returns the shared-memory side, then the
    global side, whatever view of which tensor it is given (``bSG_rD`` of ``zipped_divide(gC, ...)`` names the
    global side registers)."""
    if partition.method != TMA_PARTITION:
        return None
    pair = _own_tma_pair(partition, facts)
    return None if pair is None else "s" if partition.target == pair.smem else "g"


def _memory_read(name: TensorName | None) -> bool:
    """A name whose where letter says a memory: not snake case (``s_max``), and not ``t`` read from an
    unpartitioned name's first letter (``tMask``)."""
    return name is not None and not name.snake and not (name.where == "t" and not name.partitioned)


def _prefixed(name: str, fixed: str) -> str:
    """The suggested name with the word ``name`` puts before the convention kept (``local_gB`` -> ``local_gA``)."""
    return name.split("_", 1)[0] + "_" + fixed if parse_name(name) is None and parse_prefixed_tile(name) else fixed


def _views_misnamed(facts: FileFacts, context: RuleContext) -> Iterator[Violation]:
    """A view made by layout algebra (``local_tile``, ``logical_divide``, ``zipped_divide``, a ``None`` slice...)
    views its tensor's data in its tensor's memory: ``rW_view = cute.zipped_divide(sW[row, None, None], t)`` is
    shared memory, ``gA_k = cute.local_tile(mcA, ...)`` of an identity tensor holds coordinates, and ``gB_vec =
    cute.logical_divide(gA, ...)`` is A's (compared within one family of operands only: A/B, Q/K/V). So is a
    partition named as a plain tile (``gA_part = thr_g2s.partition_S(gB_tile)``, ``rA_part`` of a shared buffer):
    partitioning moves no data either."""
    for view in facts.layout_views + _tile_named_partitions(facts, context):
        target = parse_name(view.target, context.vocabulary) or parse_prefixed_tile(view.target, context.vocabulary)
        if not _memory_read(target):
            continue
        known = facts.memory_of(view.source, view.scope)
        source = parse_name(view.source, context.vocabulary) or parse_prefixed_tile(view.source, context.vocabulary)
        if known is not None:
            where, held = known[0], f"is in {WHERE_WORDS[known[0]]} (made at line {known[1]})"
        elif view.source == "tma_tensor":
            where, held = "g", "is the global tensor of a TMA atom"
        elif facts.coordinates(view.source) and (source is None or source.where == "c"):
            where, held = "c", "holds coordinates (an identity tensor)"
        elif _memory_read(source):
            where, held = source.where, f"is in {WHERE_WORDS[source.where]}"
        else:
            continue
        if where == "c" or target.where != "c" and not same_memory(target.where, where):
            if where == target.where or target.where == "c" or where == "c" and says_coordinates(target, view.source):
                continue
            # a tile of a whole global tensor (`m`) is named `g`
            fixed = free_name(_prefixed(view.target, renamed(target, where="g" if where == "m" else where)), facts,
                              view.scope)
            yield renaming(
                view.line, view.column,
                f"`{view.target}` is a view of `{view.source}` (`{view.method}`), which {held}, but names "
                f"`{target.where}{target.what}`", view.target, fixed, view.scope,
            )
        elif source is not None and target.what != source.what and not _names_what_it_is_cut_from(
                view, target, facts, context) and (
                (known is None or facts.is_kernel_tensor_param(view.source, view.scope))
                and (any({target.what, source.what} <= family for family in OPERAND_FAMILIES)
                     # a GEMM's input and its output are two tensors (`gC_epi = zipped_divide(tCgA, ...)`)
                     or None is not _role(target.what) != _role(source.what) is not None)
                # a global tensor holds one tensor's data, never its gradient's
                or source.where in "mg" and _gradient_of_the_other(target.what, source.what, facts, context)):
            fixed = free_name(_prefixed(view.target, renamed(target, what=source.what)), facts, view.scope)
            yield renaming(
                view.line, view.column,
                f"`{view.target}` is a view of `{view.source}` (`{view.method}`) but names "
                f"`{target.where}{target.what}`",
                view.target, fixed, view.scope,
            )


def _names_what_it_is_cut_from(view: Partition, target: TensorName, facts: FileFacts, context: RuleContext) -> bool:
    """The view's source is itself a view of a tensor the view's name names (``gdPsum = local_tile(mPsum_cur, ...)``,
    ``mPsum_cur = mdPsum[...]``): the source's name is the slip, reported at its own line; the view's is right."""
    for each in facts.layout_views:
        if each.target == view.source and each.scope == view.scope and each.line < view.line:
            parsed = parse_name(each.source, context.vocabulary) if each.source else None
            return parsed is not None and parsed.what == target.what
    return False


def _gradient_of_the_other(a: str, b: str, facts: FileFacts, context: RuleContext) -> bool:
    """One of two tensors the file both has is the other's gradient (``dY`` and ``Y``): never one tensor."""
    short, long = sorted((a, b), key=len)
    if long != "d" + short or not short[:1].isupper():
        return False
    memories = TensorIndex(facts, context.vocabulary).memories
    return short in memories and long in memories


_TILE_PARTITIONS = frozenset({"partition_S", "partition_D", "partition_A", "partition_B", "partition_C"})


def _tile_named_partitions(facts: FileFacts, context: RuleContext) -> list[Partition]:
    """Partitions whose names read as a plain tile, not a partition (``gA_part``, ``sB_part``)."""
    return [
        partition for partition in facts.partitions
        if partition.method in _TILE_PARTITIONS and partition.source
        and (name := parse_name(partition.target, context.vocabulary)) is not None and not name.partitioned
    ]


def _loaded_from_its_tensor(made: Partition, shaped: str, what: str, facts: FileFacts, context: RuleContext) -> bool:
    """``tQrK_half = cute.make_fragment_like(tQrQ_half_0)``, then ``cute.copy(load, tQsK_h[...], thr.retile(
    tQrK_half))``, where ``load`` partitions Q's tiles too (``tQsQ_h``): the maker takes only the other tensor's
    shape, and one copy lays out both tensors, so a copy that fills the tensor (or a retile of it) from a partition
    of the tensor its own name says, made by an object that also partitions the shape's tensor, fills it with what
    its name says. (A copy of its own per operand, ``tBrB = make_fragment_like(tAsA)`` filled by B's, lays the two
    out apart: still reported.)"""
    origins = facts.origins
    written = {made.target} | {partition.target for partition in facts.partitions
                               if partition.scope == made.scope and partition.method == "retile"
                               and partition.source == made.target}
    makers = {(partition.scope, partition.target): partition.made_by for partition in facts.partitions
              if partition.made_by is not None}
    for copy in facts.copies:
        sides = {operand.slot: operand.name for operand in copy.operands}
        if copy.scope != made.scope or sides.get("dst") not in written or sides.get("src") is None:
            continue
        source = parse_name(sides["src"], context.vocabulary)
        maker = makers.get((made.scope, sides["src"]))
        if source is None or source.what != what or maker is None:
            continue
        instance = origins.instance(maker)
        if any(partition.scope == made.scope and partition.made_by is not None
               and origins.instance(partition.made_by) == instance
               and (name := parse_name(partition.target, context.vocabulary)) is not None and name.what == shaped
               for partition in facts.partitions):
            return True
    return False


def _shaped_like_another_operand(facts: FileFacts, context: RuleContext) -> Iterator[Violation]:
    """``tBrB = cute.make_fragment_like(tAsA)``: a register tensor made in the shape of one operand's partition and
    named for the other operand of its family (A/B, Q/K/V) is laid out for the one, named for the other."""
    for made in facts.shaped_like:
        target = parse_name(made.target, context.vocabulary)
        source = parse_name(made.source, context.vocabulary)
        if target is None or source is None or target.snake or source.snake or "c" in (target.where, source.where):
            continue
        if target.what == source.what or not any({target.what, source.what} <= family for family in OPERAND_FAMILIES):
            continue
        if _loaded_from_its_tensor(made, source.what, target.what, facts, context):
            continue
        fixed = renamed(target, what=source.what, op=source.op) if target.partitioned and source.partitioned \
            else renamed(target, what=source.what)
        yield renaming(
            made.line, made.column,
            f"`{made.target}` is made in the shape of `{made.source}` (`{made.method}`) but names "
            f"`{target.where}{target.what}`", made.target, free_name(fixed, facts, made.scope), made.scope,
        )


def _tma_partner(partition: Partition, facts: FileFacts) -> Partition | None:
    """The other result of the ``tma_partition`` call that made ``partition``."""
    pair = tma_pair_of(partition.target, facts, partition.scope) if partition.method == TMA_PARTITION else None
    if pair is None or pair.scope != partition.scope:
        return None
    partner_name = pair.gmem if partition.target == pair.smem else pair.smem
    return next((p for p in facts.partitions if p.method == TMA_PARTITION and p.target == partner_name
                 and p.scope == partition.scope and p.line == partition.line), None)


def _ring_loads(buffer: str, scope: int, facts: FileFacts, context: RuleContext) -> set[str]:
    """The tensors the function's ``tma_partition`` calls load into one shared buffer."""
    return {
        parsed.what if (parsed := parse_name(gmem, context.vocabulary)) is not None else gmem
        for at, _, smem, gmem in facts.tma_sources if at == scope and smem == buffer
    }


def _names_pair_data(partition: Partition, target: TensorName, facts: FileFacts, context: RuleContext) -> bool:
    """A ``tma_partition`` result named for the data both sides of its call hold. A ring the function loads with
    two tensors, none of them its own (``sW`` from ``gK`` and ``gV``), is named for the kind of data it holds, and
    so may be the global side of each load (``tKsW, tKgW = tma_partition(k_weight_tma, ..., sW, gK)``). And where
    the op names the tensor both sides partition and both results carry one tensor word (``tUpsW, tUpgW`` of
    ``sUp``, ``gUp``), the op says which tensor and the word what kind of data it is (the weight)."""
    partner = _tma_partner(partition, facts)
    if partner is None or not partner.source:
        return False
    held = parse_name(partner.source, context.vocabulary)
    if held is not None and not held.partitioned and held.what == target.what and partner.target != partition.target:
        ring = _ring_loads(partner.source, partition.scope, facts, context)
        if len(ring) >= 2 and held.what not in ring:
            return True
    mine, named = parse_name(partition.source or "", context.vocabulary), parse_partitioned(partner.target, context.vocabulary)
    return (mine is not None and held is not None and named is not None and named.what == target.what
            and mine.what == held.what == target.op)


def _pair_disagrees(partition: Partition, target: TensorName, facts: FileFacts, context: RuleContext) -> bool:
    """One ``tma_partition``'s two sides are one tensor's tiles (``sXi``, ``gXi``) and its other result names that
    tensor (``tXgXi``), while this result names another (``tXsWi``): the call itself shows the slip, whether or not
    the file has a tensor of the other name."""
    partner = _tma_partner(partition, facts)
    if partner is None or not partner.source or not partition.source:
        return False
    mine, theirs = (parse_name(name, context.vocabulary) for name in (partition.source, partner.source))
    named = parse_partitioned(partner.target, context.vocabulary)
    if None in (mine, theirs, named) or mine.partitioned or theirs.partitioned or not same_tensor(mine, theirs):
        return False
    return same_tensor(named, mine) and not same_tensor(target, mine)


def _tma_sides_misnamed(facts: FileFacts) -> Iterator[Violation]:
    """``tma_partition`` returns the shared-memory side, then the global side. Two plain snake-case results that
    differ only in their first letters (``s_part, g_part``) are read by those letters when one of them agrees with
    its side: the other must too (``r_part, g_part`` names the shared side registers)."""
    for pair in facts.tma_pairs:
        names = [parse_snake_tensor(name) if name and parse_name(name) is None else None
                 for name in (pair.smem, pair.gmem)]
        # only the first letters differ (`s_part, g_part`): they name the memories, not tensors (`g_d, g_s`: G's)
        if None in names or (names[0].what, names[0].variant) != (names[1].what, names[1].variant):
            continue
        agrees = [same_memory(name.where, side) for name, side in zip(names, "sg")]
        if agrees.count(True) != 1:
            continue
        wrong, side = (pair.smem, "s") if agrees[1] else (pair.gmem, "g")
        name = names[0] if agrees[1] else names[1]
        partition = next((p for p in facts.partitions if p.method == TMA_PARTITION and p.target == wrong
                          and p.scope == pair.scope), None)
        if partition is None:
            continue
        yield renaming(
            partition.line, partition.column,
            f"`{wrong}` is the {WHERE_WORDS[side]} side of `tma_partition`, but its first letter, like the "
            f"other side's, names a memory: {WHERE_WORDS[name.where]}",
            wrong, free_name(renamed(name, where=side), facts, pair.scope), pair.scope,
        )


def _direction_misnames(partition: Partition, target: TensorName, facts: FileFacts) -> Violation | None:
    """A copy named by its direction (``thread_copy_g2r``, ``vector_copy_r2g.get_slice(t)``) says the memory of
    each side: ``partition_S`` the source's, ``partition_D`` the destination's. A copy's layout is often laid on
    other memory (``tTR_gC = thr_copy_t2r.partition_D(gC)``, a direct store), so this is compared only where a
    plain snake-case argument's first letter says the same memory (``g_tile``, whose letter alone is not read in
    camel-case code): two words agree, and the name contradicts both."""
    if partition.method not in ("partition_S", "partition_D") or not partition.receiver or target.where == "c":
        return None
    argument = parse_snake_tensor(partition.source or "")
    directions = re.findall(r"(?:^|_)([gsrt])2([gsrt])(?:_|$)", partition.receiver.lower())
    if argument is None or facts.coordinates(partition.source) or len(directions) != 1:
        return None
    where = directions[0][0 if partition.method == "partition_S" else 1]
    if not same_memory(argument.where, where) or same_memory(target.where, where):
        return None
    side = "source" if partition.method == "partition_S" else "destination"
    return renaming(
        partition.line, partition.column,
        f"`{partition.target}` partitions `{partition.source}`, the {side} of `{partition.receiver}`, which copies "
        f"{'from' if side == 'source' else 'to'} {WHERE_WORDS[where]}, but names `{target.where}{target.what}`",
        partition.target, free_name(renamed(target, where=where), facts, partition.scope), partition.scope,
    )


def _accumulators(facts: FileFacts, context: RuleContext) -> dict[tuple[int, str], set]:
    """(scope, what) -> the MMAs whose ``cute.gemm`` accumulates into a tensor of that name in that function
    (``tCtS_s``, a view of ``tCtS``: S, the Q·K MMA's), and ``("root", what)`` entries: the tensors those
    accumulators are made from (``_root``), apart for two accumulators one MMA fills (``tCtAcc1``, ``tCtAcc2``)."""
    found: dict[tuple, set] = {}
    aliases = dict(facts.views)
    for call in facts.gemms:
        if not call.operands or call.operands[0].name is None or call.atom_ref is None:
            continue
        name = call.operands[0].name
        for _ in range(4):
            parsed = parse_name(name, context.vocabulary)
            if parsed is not None or name not in aliases:
                break
            name = aliases[name]
        if parsed is not None:
            found.setdefault((call.scope, parsed.what), set()).add(facts.origins.family(call.atom_ref))
            found.setdefault((call.scope, "root", parsed.what), set()).add(_root(name, facts))
    return found


def _other_accumulator(partition: Partition, target: TensorName, source: TensorName, accumulators: dict) -> bool:
    """A partition of one MMA's accumulator named for another MMA's (``tStO`` of the S accumulator ``tCtS``,
    where O is the P·V MMA's), or for another accumulator the same MMA fills, made apart (``tTR_tAcc2`` of
    ``tCtAcc1`` in a dual GEMM): two accumulators are two tensors, even when both are partitions."""
    mine = accumulators.get((partition.scope, source.what), set())
    theirs = accumulators.get((partition.scope, target.what), set())
    if target.what == source.what or len(mine) != 1 or len(theirs) != 1:
        return False
    if distinct_objects(*mine, *theirs):
        return True
    roots = [accumulators.get((partition.scope, "root", what), set()) for what in (source.what, target.what)]
    return len(roots[0]) == len(roots[1]) == 1 and roots[0] != roots[1]


def _output_named(target: TensorName, other: str) -> bool:
    """``target`` names the output (``D``) by another of its names than ``other``'s (``sC``)."""
    parsed = parse_name(other)
    return target.what in OPERAND_ROLES["C"] and parsed is not None and parsed.what != target.what


def _other_operand_fragment(target: TensorName, held: TensorName) -> bool:
    """``held`` is a partition of one GEMM input (A, B) and ``target`` names the other."""
    roles = {_role(target.what), _role(held.what)}
    return held.partitioned and roles == {"A", "B"}


def _register_fragment_named_tmem(partition: Partition, target: TensorName, source: TensorName, facts: FileFacts) -> bool:
    """A view named for tensor memory (``t``) of an operand fragment a warp-level or universal MMA made: its
    fragments are registers (a tcgen05 fragment, named ``r`` wherever it lives, may be viewed as ``t``)."""
    if target.where != "t" or source.where != "r" or not source.partitioned:
        return False
    maker = next((p for p in facts.partitions if p.scope == partition.scope and p.target == partition.source), None)
    made = facts.origins.object(maker.made_by) if maker is not None else None
    return made is not None and made.register_operands


def _written_from(target: str, line: int, scope: int, facts: FileFacts) -> set[str]:
    """The names whose values the function writes into the tensor ``target`` binds at ``line``, before the name
    is bound again: ``target[i] = f(acc_dQ[i])`` element by element, or ``cute.copy(atom, src, target)``."""
    node = facts.scopes[scope].node
    if node is None:
        return set()
    writes: list[tuple[int, set[str]]] = [
        (call.line, {call.operands[0].name}) for call in facts.copies
        if call.scope == scope and len(call.operands) == 2 and call.operands[1].name == target and call.operands[0].name
    ]
    rebound = []
    for statement in ast.walk(node):
        if type(statement) is not ast.Assign:
            continue
        for each in statement.targets:
            if type(each) is ast.Subscript and type(each.value) is ast.Name and each.value.id == target:
                writes.append((statement.lineno, {n.id for n in ast.walk(statement.value) if type(n) is ast.Name}))
            elif any(type(n) is ast.Name and n.id == target for n in ast.walk(each)) and statement.lineno > line:
                rebound.append(statement.lineno)
    until = min(rebound, default=float("inf"))
    return {name for at, names in writes if line < at < until for name in names}


def _copied_into(target: str, line: int, scope: int, facts: FileFacts) -> set[str]:
    """The names the function copies the tensor ``target`` binds at ``line`` into (``cute.copy(atom, target, dst)``):
    the read-out side of a staging buffer the function makes holds the data it is read out to (``tBsB`` of ``sA``
    stored to ``tBgB`` in a copy kernel whose one buffer is ``sA``)."""
    return {
        call.operands[1].name for call in facts.copies
        if call.scope == scope and call.line > line and len(call.operands) == 2
        and call.operands[0].name == target and call.operands[1].name
    }


def _names_written_data(
    target: TensorName, name: str, line: int, scope: int, facts: FileFacts, context: RuleContext,
) -> bool:
    """The partition is named for the data the function writes into it, not for the buffer it views: a
    buffer reused once its first tensor is dead (``tCsDQ = thr_mma.partition_C(sQ_half)`` filled from
    ``acc_dQ``, the comment says "reuse sQ as the epilogue buffer"). The other result of its own
    ``tma_partition`` is no such evidence where the function has a buffer of the name's tensor apart from the
    source (``tAsA`` of ``sB_staged`` beside ``sA``): named with the partition, it repeats the name's tensor. A buffer
    the function makes, where it has none of the name's tensor apart, may be named for the tensor it is read out to
    (a copy kernel's one staging buffer ``sA``, stored to B through ``tBsB``)."""
    pair = tma_pair_of(name, facts, scope)
    own = compose(scope="", op="", separator="", where=target.where, what=target.what)
    partition = next((p for p in facts.partitions if p.scope == scope and p.target == name), None)
    apart = facts.bound_in(own, scope) and partition is not None and partition.source is not None \
        and _root(partition.source, facts) != own
    # A global tile is a view of a kernel's tensor, no buffer reused: data written into it names it only where the
    # function has no tile of that data apart (`tDgDK` of `gDV`, stored from `rDK`, beside `gDK`).
    root = parse_name(_root(partition.source, facts), context.vocabulary) if apart else None
    if root is not None and root.where in ("g", "m") and target.where in ("g", "m"):
        return False
    written_or_read = _written_from(name, line, scope, facts)
    # a buffer the function makes, with no buffer of the name's tensor apart, holds what it is read out to as well
    staging = partition is not None and partition.source is not None and not apart \
        and any((scope, each) in facts.made_in for each in (partition.source, _root(partition.source, facts)))
    if staging:
        written_or_read |= _copied_into(name, line, scope, facts)
    for written in written_or_read:
        if apart and pair is not None and tma_pair_of(written, facts, scope) is pair:
            continue
        parsed = parse_name(written, context.vocabulary)
        if parsed is None and accumulated(written):
            parsed = TensorName("", "", "", "r", accumulated(written), "")
        if parsed is not None and same_tensor(target, parsed):
            return True
    return False


def _other_variant(partition: Partition, target: TensorName, source: TensorName, facts: FileFacts) -> str | None:
    """The buffer ``target`` names by its variant when the function allocates it apart from the source:
    ``tXsO_row`` of ``sO_col`` where ``sO_row`` is the rowwise output's buffer (two shared-storage fields).
    So also for another tensor's shared buffer: ``tPsValue`` of ``sGate`` where ``sValue`` is a field of its own,
    ``tCrB1`` of ``sB`` beside ``sB1``: a buffer's contents change over time, and a partition may be named for the
    data written into it, but not when that data's own buffer is allocated apart in the function."""
    if source.partitioned:
        return None
    if target.what == source.what:
        if not target.variant or not source.variant or target.variant == source.variant:
            return None
        # A variant that extends the other names a view of it (`sdS_xchg_epi` of `sdS_xchg`, `sSF_KV_0_for_tma`).
        if source.variant.startswith(target.variant + "_") or target.variant.startswith(source.variant + "_"):
            return None
    elif source.where != "s" or target.variant != source.variant or same_tensor(target, source) and not indexed(
            target.what, source.what):
        # A tensor named with a word after another's name is that tensor (`tCrA` of `sATransformed`).
        return None
    # `C`, `D` and `Acc` name the output's one tensor: `tRS_sD` names the buffer `sC` where the file has no `sD`.
    family = [target.what] + sorted(OPERAND_ROLES["C"] - {target.what}) if target.what in OPERAND_ROLES["C"] else [
        target.what]
    named = (compose(scope="", op="", separator="", where=source.where, what=what, variant=target.variant)
             for what in family)
    other = next((each for each in named if facts.bound_in(each, partition.scope)), None)
    if other is None or other != family[0] and source.what in OPERAND_ROLES["C"]:
        return None
    # Only buffers allocated apart are two (`sO_row`, `sO_col`: two shared-storage fields); a view or a
    # partition bound with a variant (`sdQaccum_flat`, `sdQaccum_g2s`) holds what its tensor holds.
    if (partition.scope, other) not in facts.made_in or (partition.scope, partition.source) not in facts.made_in:
        return None
    # Two tiles of one tensor (`gD_sub_loop` and `gD_mnl_loop`, both `local_tile(real_d, ...)`) hold its data.
    return None if _root(other, facts) == _root(partition.source, facts) else other


def _slot_named(partition: Partition, target: TensorName, held: TensorName) -> bool:
    """An MMA operand's partition named with its own slot's letter (``tDQrA = thr_mma_dq.make_fragment_A(...)`` of
    ``sdS``) names the operand it is for, not the file's tensor of that letter (a buffer ``sA`` streaming Q and dO),
    where the tensor it lays out is no GEMM operand's by name (``make_fragment_A(sB)`` named A stays a slip)."""
    return partition.method in MMA_METHODS and partition.method[-1] in "AB" and target.what == partition.method[-1] \
        and _role(held.what) is None


def _fragment_of_another_operand(
    partition: Partition, target: TensorName, held: TensorName, facts: FileFacts, index: TensorIndex,
    context: RuleContext,
) -> bool:
    """An MMA operand fragment (``make_fragment_A/B``) views its argument's data in place (an SMEM descriptor or
    the registers of that partition), so it holds that partition's operand: reported when named with the other
    slot's letter (``tQKrB = make_fragment_A(tQKsQ)``), or, where the argument's own partition confirms its name
    (``tOsQ = thr_mma.partition_B(sQ_SD)``), for another tensor of its family that the file has (``tOrK``)."""
    if partition.method not in ("make_fragment_A", "make_fragment_B") or not held.partitioned:
        return False
    other_slot = OPERAND_ROLES["B" if partition.method.endswith("A") else "A"]
    if target.what in other_slot and held.what not in other_slot and _role(held.what) != _role(target.what):
        return True
    if same_tensor(target, held) or target.what not in index.memories:
        return False
    if not any({target.what, held.what} <= family for family in OPERAND_FAMILIES):
        return False
    made = next((p for p in facts.partitions if p.target == partition.source and p.scope == partition.scope
                 and p.line < partition.line), None)
    made_of = source_name(made, context.vocabulary) if made is not None else None
    return made_of is not None and not made_of.partitioned and same_tensor(made_of, held)


_INDEXED = re.compile(r"(\D+?)(\d+)")


def _data_root(partition: Partition, facts: FileFacts) -> str | None:
    """How the tensor a partition views (through its layout views) is shown to hold data, not coordinates: a
    buffer a memory maker made, an MMA's fragment, or a parameter (a kernel's, or a helper's) every call in the
    file passes data for; None when not shown."""
    return _holds_data(partition.source, partition.scope, facts, 3)


def _holds_data(name: str, scope: int, facts: FileFacts, depth: int) -> str | None:
    chain = facts.views_from(name, scope)
    if any(facts.coordinates(each) for each in chain):
        return None
    # A name bound twice (`gO = gO_staged[...]`, then `gO = cute.make_tensor(gmem_ptr, gO.layout)`) has both makers.
    for each in chain:
        made = facts.made_in.get((scope, each)) or facts.laid_in.get((scope, each))
        if made is not None:
            through = f"`{each}`, which `{name}` views, " if each != name else ""
            return f"{through}is made in {WHERE_WORDS[made[0]]} at line {made[1]}"
    root = chain[-1]
    through = f"`{root}`, which `{name}` views, " if root != name else ""
    # An MMA's fragment (an accumulator `tStS = thr_mma.make_fragment_C(...)`) holds operands or products.
    fragment = next((p for p in facts.partitions if p.scope == scope and p.target == root
                     and p.method.startswith("make_fragment")), None)
    if fragment is not None:
        return f"{through}is an MMA's fragment (`{fragment.method}`, line {fragment.line})"
    kernel = facts.is_kernel_tensor_param(root, scope)
    if depth == 0 or not (kernel or facts.is_helper_param(root, scope)):
        return None
    launches = facts.passed(root, scope)
    if not launches or any(facts.coordinates(given) for _, _, given in launches):
        return None
    if kernel:
        _, line, given = launches[0]
        return f"{through}is the kernel's parameter, for which the launch at line {line} passes `{given}`"
    # A helper's parameter holds data where every call passes a tensor shown to hold data.
    if all(_holds_data(given, caller, facts, depth - 1) for caller, _, given in launches):
        _, line, given = launches[0]
        return f"{through}is the helper's parameter, and every call passes data (line {line}: `{given}`)"
    return None


def _root(name: str, facts: FileFacts) -> str:
    """The tensor a chain of views and partitions starts from (``gB_nkl1`` -> ``mB_nkl1``)."""
    made_from = dict(facts.derived)
    for _ in range(8):
        if made_from.get(name, name) == name:
            break
        name = made_from[name]
    return name


def _other_indexed_tile(
    partition: Partition, target: TensorName, source: TensorName, facts: FileFacts,
) -> tuple[str, str] | None:
    """(the tile of the tensor ``target``'s index names, the tensor the source's index names) where the source
    carries another index in its variant: ``tCgB2 = partition_B(gB_nkl1)`` beside ``gB_nkl2``, two tiles of two
    tensors (their roots differ): ("gB_nkl2", "B1")."""
    indexed_what = _INDEXED.fullmatch(target.what)
    if indexed_what is None or source.what != indexed_what[1] or source.partitioned:
        return None
    ending = re.search(r"\d+$", source.variant)
    if ending is None or ending[0] == indexed_what[2]:
        return None
    other = partition.source[: len(partition.source) - len(ending[0])] + indexed_what[2]
    if not facts.bound_in(other, partition.scope) or _root(other, facts) == _root(partition.source, facts):
        return None
    return other, indexed_what[1] + ending[0]


def _atom_misnames(partition: Partition, target: TensorName, facts: FileFacts, context: RuleContext) -> Iterator[Violation]:
    """A TMA partition names another tensor than the one its atom was made for: ``tQgQ`` of
    ``tma_partition(tma_load_k, ...)`` where ``tma_load_k`` is ``make_tiled_tma_atom(op, mK, ...)``'s (followed
    from a kernel's parameter to what the launcher passes). The atom copies one tensor's boxes, whatever the
    partitioned view is called."""
    if partition.method != TMA_PARTITION or target.where == "c":
        return
    pair = _own_tma_pair(partition, facts)
    made = facts.atom_tensor(pair.atom if pair is not None else None, partition.scope)
    loaded = parse_name(made[0], context.vocabulary) if made is not None else None
    if loaded is None or loaded.partitioned or facts.coordinates(made[0]):
        return
    if not what_contradicts(target, loaded, TensorIndex(facts, context.vocabulary)):
        return
    yield renaming(
        partition.line, partition.column,
        f"`{partition.target}` is made by `{pair.atom}`, the TMA atom of `{made[0]}` (line {made[1]}), but names "
        f"`{target.where}{target.what}`",
        partition.target, free_name(renamed(target, what=loaded.what), facts, partition.scope), partition.scope,
    )


def _argument_slip(partition: Partition, target: TensorName, facts: FileFacts, context: RuleContext):
    """Where a TMA partition's tensor argument is written, when the name agrees with the other result of its
    ``tma_partition`` (``tVsV, tVgV_mkl = tma_partition(..., sK, tVgV)``: both say V, so ``sK`` is likely the
    slip, and it is reported at its own line); None otherwise (the name is the slip, reported where it is bound)."""
    if partition.method != TMA_PARTITION or partition.source_at is None:
        return None
    pair = _own_tma_pair(partition, facts)
    partner = None if pair is None else pair.gmem if partition.target == pair.smem else pair.smem
    parsed = parse_partitioned(partner, context.vocabulary) if partner else None
    return partition.source_at if parsed is not None and same_tensor(target, parsed) else None


def _duplicated_argument(partition: Partition, proper: str, facts: FileFacts) -> tuple[int, int] | None:
    """Where the argument of a partition is written when the name its source calls for (``proper``: ``tBcSFB`` for
    ``tBgSFB`` of ``coordSFB``) is bound already to the same object's partition of the same source: the argument
    repeats its neighbour's (``tBgSFB, tBcSFB = thr.partition_S(coordSFB), thr.partition_S(coordSFB)``), and the
    name is right. None otherwise, or where the argument's place is not known."""
    if partition.argument_at is None or partition.made_by is None:
        return None
    origins = facts.origins
    made = origins.instance(partition.made_by)
    twin = any(p.scope == partition.scope and p.target == proper and p.source == partition.source
               and p.method == partition.method and origins.instance(p.made_by) == made for p in facts.partitions)
    return partition.argument_at if twin else None


def _copy_misgiven(partition: Partition, target: TensorName, held: TensorName, facts: FileFacts, context: RuleContext):
    """A partition by a copy made over one tensor (``thr_store_v`` of ``make_tmem_copy(atom, tAtV_cvt[...])``) is
    given another (``partition_D(tAtK_cvt)``) while its name says the copy's (``tVtV_cvt``): the argument is the
    slip. A buffer whose contents change over time is otherwise named for what it holds, so only the copy's own
    tensor tells, for the side in its memory."""
    made = facts.copy_tensors.get((partition.scope, partition.receiver or ""))
    over = parse_name(made[0], context.vocabulary) if made is not None else None
    # Only the copy's own side is compared: the tensor memory side (`partition_D(sP_store)` of a T2R copy made
    # over `tStS` is its other end).
    if over is None or partition.source == made[0] or not same_memory(held.where, over.where):
        return None
    if same_tensor(over, held) or not same_tensor(target, over):
        return None
    views = dict(facts.views)
    if views.get(partition.source) == made[0] or views.get(made[0]) == partition.source:
        return None
    return Violation(
        partition.line, partition.column,
        f"`{partition.receiver}.{partition.method}` is given `{partition.source}`, but the copy was made over "
        f"`{made[0]}` (line {made[1]}) and `{partition.target}` names it too: the argument is likely the slip; "
        f"pass `{made[0]}`",
    )


def _copy_of_another_tensor(partition: Partition, held: TensorName, facts: FileFacts, context: RuleContext):
    """A partition by a copy made over one tensor (``thr_copy_s2t_sfb`` of ``make_s2t_copy(atom, tCtSFB1)``) of
    another (``tCsSFA``) that the function makes a twin copy over, with the same atom (``make_s2t_copy(atom,
    tCtSFA)``): one copy may serve tensors that have none (SFB1's copy also moves SFB2), and a copy of another kind
    may move a tensor on purpose (an S load reading O, beside O's store), not a tensor that has its own twin."""
    key = (partition.scope, partition.receiver or "")
    made, atom = facts.copy_tensors.get(key), facts.tensor_copy_atoms.get(key)
    over = parse_name(made[0], context.vocabulary) if made is not None else None
    if over is None or atom is None or same_tensor(over, held):
        return None
    own = next((
        (copy, tensor) for (scope, copy), (tensor, _) in facts.copy_tensors.items()
        if scope == partition.scope and tensor != made[0] and facts.tensor_copy_atoms.get((scope, copy)) == atom
        and (parsed := parse_name(tensor, context.vocabulary)) and same_tensor(parsed, held)
        and parsed.what == held.what
    ), None)
    if own is None:
        return None
    return Violation(
        partition.line, partition.column,
        f"`{partition.receiver}.{partition.method}` is given `{partition.source}`, but the copy was made over "
        f"`{made[0]}` (line {made[1]}), and `{own[0]}` is the copy made over `{own[1]}`, {held.what}'s",
    )


def _held_memory(name: str, scope: int, facts: FileFacts) -> str | None:
    """The where letter of the memory a tensor is in: its memory word, its maker's memory, or, for a view made by
    layout algebra (``cta_tile_a = local_tile(mA, ...)``), its tensor's, followed to a kernel's global parameter."""
    made_from = dict(facts.derived)
    for _ in range(8):
        found = memory_word(name) or (facts.memory_of(name, scope) or (None,))[0]
        if found or name not in made_from:
            return found
        name = made_from[name]
    return None


def _descriptive_misnames(facts: FileFacts, context: RuleContext) -> Iterator[Violation]:
    """A partition named in descriptive words (``smem_a_copy_fragment``, ``t_reg_query``) whose words name another
    buffer of the function than its source (``partition_D(smem_tile_b)`` beside ``smem_tile_a``), or another memory
    than the source's (``t_key_reg = partition_D(s_key)``, ``s_key`` a shared buffer). The convention spelled in
    snake case (``t_cr_a``) is read as the convention, by the checks above."""
    for partition in facts.partitions:
        if not descriptive(partition.target) or partition.source is None:
            continue
        if parse_partitioned(partition.target, context.vocabulary) is not None:
            continue
        held = _held_memory(partition.source, partition.scope, facts)
        # Only a tensor in the source's memory is another buffer (`copy_query` beside `shared_query` is a copy).
        buffers = {
            name for name in facts.scopes[partition.scope].bound
            if held is not None and descriptive(name) and _held_memory(name, partition.scope, facts) == held
        }
        other = other_buffer(partition.target, partition.source, buffers)
        if other is not None:
            yield Violation(
                partition.line, partition.column,
                f"`{partition.target}` partitions `{partition.source}`, but its words name `{other}`, another "
                "buffer of this function",
            )
            continue
        said = memory_word(partition.target)
        # A fragment is made in registers (or holds descriptors of shared memory), whatever it is made from.
        if said is None or partition.method.startswith("make_fragment") or facts.coordinates(partition.source):
            continue
        if held is not None and not same_memory(said, held):
            yield Violation(
                partition.line, partition.column,
                f"`{partition.target}` partitions `{partition.source}`, which is in {WHERE_WORDS[held]}, but its "
                f"words say {WHERE_WORDS[said]}",
            )


def _one_tensor_both_tma_sides(facts: FileFacts) -> Iterator[Violation]:
    """``tma_partition(atom, 0, layout, tile, tile)``: one tensor given as the shared and the global side. The two
    sides are two memories, so one argument is another's; the one whose memory the file shows is kept (a view of a
    global tile gives the shared side away), else the shared side, the fourth argument, is reported."""
    sides = {}
    for partition in facts.partitions:
        if partition.method == TMA_PARTITION and partition.source and partition.source_at:
            pair = next((p for p in facts.tma_pairs if p.scope == partition.scope
                         and partition.target in (p.smem, p.gmem)), None)
            if pair is not None:
                sides[(id(pair), "s" if partition.target == pair.smem else "g")] = partition
    for (pair_id, side), partition in sides.items():
        other = sides.get((pair_id, "g" if side == "s" else "s"))
        if other is None or other.source != partition.source:
            continue
        known = facts.memory_of(partition.source, partition.scope)
        wrong = "g" if known is not None and same_memory("s", known[0]) else "s"
        if side == wrong:
            yield Violation(
                *partition.source_at,
                f"`tma_partition` is given `{partition.source}` as both its shared and its global side: one of them "
                f"is another tensor's ({'`' + partition.target + '`'} names the {WHERE_WORDS[wrong]} side)",
            )


_LOWER_CASE_METHODS = frozenset({"partition_S", "partition_D", "retile"})


def _lower_case_misnames(facts: FileFacts) -> Iterator[Violation]:
    """The convention in lower case (``txgx = thr_copy_x.partition_S(gx)``, ``twrw``): a partition of a lower-case
    tile or partition keeps its memory (``txso`` of ``go`` names a global tile shared), and names its tensor, unless
    the tensor it names has a tile of its own in the function (``twgw`` of ``gx`` beside ``gw``)."""
    for partition in facts.partitions:
        target = parse_lower_partition(partition.target)
        source = parse_lower_tensor(partition.source) if partition.source else None
        if partition.method not in _LOWER_CASE_METHODS or target is None or source is None or "c" in (
                target.where, source.where):
            continue
        own_tiles = [w + target.what for w in "mgs"]
        # what made the source outranks its letter (`twsw = cute.make_fragment_like(...)` is registers)
        known = facts.memory_of(partition.source, partition.scope)
        where = known[0] if known is not None else source.where
        if not same_memory(target.where, where):
            what, fixed = f"{target.where}{target.what}", renamed(target, where="g" if where == "m" else where)
        elif target.what != source.what and any(facts.bound_in(tile, partition.scope) for tile in own_tiles):
            what, fixed = f"{target.where}{target.what}", renamed(target, what=source.what)
        else:
            continue
        yield renaming(
            partition.line, partition.column, f"`{partition.target}` partitions `{partition.source}` but names `{what}`",
            partition.target, free_name(fixed, facts, partition.scope), partition.scope,
        )


def _helper_partition_of_parameter(name: str | None, scope: int, facts: FileFacts) -> tuple[Partition, str] | None:
    """(the partition, the helper's parameter it partitions) that the name a helper returns holds: ``tRS_sC =
    thr_copy_r2s.partition_D(sC)``, ``bSG_sC, bSG_gC = tma_partition(atom, 0, layout, cute.group_modes(sC, 0, 2),
    ...)`` with ``sC`` a parameter; followed through the helper's slices and layout algebra."""
    made = next((p for p in reversed(facts.partitions) if p.scope == scope and p.target == name), None)
    if made is None and name in facts.view_sources:
        # `tCsSF_compact_s2t = get_s2t_smem_desc_tensor(tiled_copy_s2t, tCsSF_compact_s2t_)`: the partition, as the
        # copy's descriptors
        made = next((p for p in reversed(facts.partitions) if p.scope == scope
                     and p.target == facts.view_sources[name]), None)
    if made is None or made.source is None:
        return None
    params, tensor = facts.scopes[scope].params, made.source
    for _ in range(6):
        if tensor in params:
            return made, tensor
        tensor = next((view.source for view in facts.layout_views if view.scope == scope and view.target == tensor),
                      None) or facts.view_sources.get(tensor)
        if tensor is None:
            return None
    return None


def _returned_partitions_misnamed(facts: FileFacts, context: RuleContext) -> Iterator[Violation]:
    """``tiled_copy_r2s, tRS_rC, tRS_gC = self.epilog_smem_copy_and_partition(tiled_copy_t2r, tTR_rC, tidx, sC)``:
    a name bound to what a helper of the file returns, where the helper returns there its partition of one of its
    parameters, names the tensor that call passes for it. Reported at the call where the name's memory or tensor
    contradicts the argument (``sC``, shared memory, named global), and the helper's own name for the partition
    agrees with its parameter (the helper is right; this call's name or argument is not)."""
    index = None
    for caller, at, callee, names, called_at in facts.unpacked_returns:
        definitions = facts.objects.functions.get(callee, [])
        if len(definitions) != 1:
            continue
        inner = definitions[0][0]
        for position, name in enumerate(names):
            returned = {values[position] for values in facts.returned_tensors.get(inner, [])
                        if len(values) == len(names)}
            target = parse_partitioned(name, context.vocabulary) if name else None
            found = _helper_partition_of_parameter(returned.pop(), inner, facts) if len(returned) == 1 else None
            if target is None or found is None:
                continue
            made, parameter = found
            own, param = parse_partitioned(made.target, context.vocabulary), parse_name(parameter, context.vocabulary)
            passed = [(given, line) for caller_scope, line, given in facts.passed(parameter, inner) or ()
                      if caller_scope == caller and at <= line <= called_at + 3]
            held = parse_name(passed[0][0], context.vocabulary) if len(passed) == 1 else None
            # A parameter in words (`smem_a`, `smem_x`) is a placeholder for whichever operand each call passes: the
            # helper is generic, so its own names cannot disagree with it, and only the tensor is judged (an argument's
            # where letter is not proof of its memory: `tD_sepi = cute.flat_divide(sD, ...)` is shared).
            generic = param is None and descriptive(parameter)
            if None in (own, held) or held.partitioned or held.snake or facts.coordinates(passed[0][0]):
                continue
            if not generic and (param is None or param.snake or not same_tensor(own, param)
                                or own.where != param.where):
                continue
            if index is None:
                index = TensorIndex(facts, context.vocabulary)
            where_off = target.where in "gsrt" and held.where in "gsrt" and not same_memory(target.where, held.where) \
                and not generic
            what_off = what_contradicts(target, held, index)
            if not (where_off or what_off):
                continue
            fixed = renamed(target, where=held.where if where_off else target.where,
                            what=held.what if what_off else target.what)
            message = (f"`{name}` is `{callee}`'s `{made.target}` (line {made.line}), its partition of `{parameter}`, "
                       f"which this call passes `{passed[0][0]}`, but names `{target.where}{target.what}`")
            argument = _argument_named(facts, caller, passed[0][0], at) \
                if what_off and not where_off and _agrees_with_another(name, target, names, context) else None
            if argument is not None:
                # the call's other names say the same tensor as this one: the argument is the slip
                yield Violation(*argument, f"{message}, as the call's other names do: the argument is another tensor's")
                continue
            repeated = _repeated_argument(facts, (caller, called_at, inner), parameter, held, names, context) \
                if what_off and not where_off else None
            if repeated is not None:
                yield Violation(
                    repeated.lineno, repeated.col_offset + 1,
                    f"{message}; the call passes `{passed[0][0]}` for another parameter too, and names that partition "
                    "for it: the argument repeats its neighbour's",
                )
                continue
            given = facts.arguments(caller, called_at, inner).get(parameter) if what_off and not where_off else None
            if given is not None and _argument_has_its_own(facts, caller, at, passed[0][0], held, target, context):
                yield Violation(
                    given.lineno, given.col_offset + 1,
                    f"{message}; `{passed[0][0]}` is made into a partition named for it elsewhere in the function, and "
                    f"the tensor the name says is at hand: the argument is likely the slip",
                )
                continue
            yield renaming(at, 1, message, name, free_name(fixed, facts, caller), caller)


def _argument_has_its_own(
    facts: FileFacts, caller: int, at: int, given: str, held: TensorName, target: TensorName, context: RuleContext,
) -> bool:
    """``tCrV, tCrK_kv = self.fragments(mma, sP, sK_kv)`` beside ``tCrV_dup, tCrP = self.fragments(mma2, sV, sP)``:
    the argument ``sP`` is partitioned elsewhere in the function (directly, or by a helper's call) into a name for
    its own tensor (``tCrP``), while the tensor this call's name says (``sV``) is bound there: the argument, not the
    name, is the slip."""
    scope = facts.scopes[caller]
    own = {f"{held.where}{target.what}", f"{held.where}{target.what}_{target.variant}" if target.variant else ""}
    if not own & (scope.bound | scope.params):
        return False
    named = [p.target for p in facts.partitions if p.scope == caller and p.source == given]
    for other_caller, other_at, callee, names, called_at in facts.unpacked_returns:
        definitions = facts.objects.functions.get(callee, [])
        if other_caller != caller or other_at == at or len(definitions) != 1:
            continue
        inner = definitions[0][0]
        arguments = facts.arguments(caller, called_at, inner)
        for position, name in enumerate(names):
            values = {each[position] for each in facts.returned_tensors.get(inner, []) if len(each) == len(names)}
            found = _helper_partition_of_parameter(values.pop(), inner, facts) if len(values) == 1 else None
            argument = arguments.get(found[1]) if found is not None else None
            if name and type(argument) is ast.Name and argument.id == given:
                named.append(name)
    return any((other := parse_partitioned(name, context.vocabulary)) is not None and same_tensor(other, held)
               for name in named)


def _repeated_argument(
    facts: FileFacts, call: tuple[int, int, int], parameter: str, held: TensorName, names, context: RuleContext,
) -> ast.expr | None:
    """``tCrQ, tCrK, tCtAcc = self.mma_partition_ss(mma, tiler, sK, sK, ...)``: the argument passed for
    ``parameter`` is passed for another parameter of the same call too, whose returned partition the call names
    for that tensor (``tCrK``): that name takes the argument at its word, so the repeated argument is the slip.
    The argument's expression, or None."""
    caller, line, inner = call
    given = facts.arguments(caller, line, inner)
    mine = given.get(parameter)
    if type(mine) is not ast.Name:
        return None
    returned = facts.returned_tensors.get(inner, [])
    for other, expr in given.items():
        if other == parameter or type(expr) is not ast.Name or expr.id != mine.id:
            continue
        for position, name in enumerate(names):
            values = {each[position] for each in returned if len(each) == len(names)}
            found = _helper_partition_of_parameter(values.pop(), inner, facts) if len(values) == 1 else None
            bound = parse_partitioned(name, context.vocabulary) if name and found and found[1] == other else None
            if bound is not None and same_tensor(bound, held):
                return mine
    return None


def _agrees_with_another(name: str, target: TensorName, names, context: RuleContext) -> bool:
    """Another name bound by the same call (``tCtSFA_s2t`` beside ``tCsSFA_s2t``) names ``target``'s tensor."""
    others = [parse_partitioned(other, context.vocabulary) for other in names if other and other != name]
    return any(other is not None and same_tensor(other, target) for other in others)


def _argument_named(facts: FileFacts, scope: int, given: str, line: int) -> tuple[int, int] | None:
    """(line, column) of the one use of ``given`` in the assignment of function ``scope`` that starts at ``line``
    (the call's argument), or None where there is not exactly one."""
    node = facts.scopes[scope].node if 0 < scope < len(facts.scopes) else None
    statements = [each for each in ast.walk(node) if type(each) is ast.Assign and each.lineno == line] \
        if node is not None else []
    uses = [each for statement in statements[:1] for each in ast.walk(statement.value)
            if type(each) is ast.Name and each.id == given]
    return (uses[0].lineno, uses[0].col_offset + 1) if len(uses) == 1 else None


_LAYOUT_ATTRIBUTES = frozenset({"layout", "shape", "stride"})


def _layouts_read(expr: ast.expr, function: ast.AST, depth: int = 0) -> set[str]:
    """The tensors whose layout, shape or stride ``expr`` is built from (``make_layout((b_shape[1], b_shape[0], 1),
    stride=(b_stride[1], ...))`` with ``b_shape = B.layout.shape``: B), through the function's names bound once."""
    found: set[str] = set()
    for node in ast.walk(expr):
        if isinstance(node, ast.Attribute) and node.attr in _LAYOUT_ATTRIBUTES and isinstance(node.value, ast.Name):
            found.add(node.value.id)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and depth < 3:
            bound = [each for each in ast.walk(function) if isinstance(each, ast.Assign) and len(each.targets) == 1
                     and isinstance(each.targets[0], ast.Name) and each.targets[0].id == node.id]
            if len(bound) == 1:
                found |= _layouts_read(bound[0].value, function, depth + 1)
    return found


def _relaid_over_another_operand(facts: FileFacts, context: RuleContext) -> Iterator[Violation]:
    """``B_reshaped = cute.make_tensor(A.iterator, make_layout(b_shape, stride=b_stride))`` with ``b_shape =
    B.layout.shape``: a view that lays one GEMM input's layout (B's) over the other's data (A's), named for the one
    whose layout it takes, computes with A's data in B's place. A product of a matrix with itself (``mB =
    make_tensor(mA.iterator, transposed)``) lays A's own layout, transposed, over A's data."""
    for view in facts.hand_views:
        if view.method != "make_tensor" or view.source is None:
            continue
        said, held = operand_said(view.target, context.vocabulary), operand_said(view.source, context.vocabulary)
        function = facts.scopes[view.scope].node
        if said is None or held is None or said == held or function is None:
            continue
        call = next((node.value for node in ast.walk(function) if isinstance(node, ast.Assign)
                     and node.lineno == view.line and isinstance(node.value, ast.Call) and len(node.value.args) == 2
                     and any(isinstance(t, ast.Name) and t.id == view.target for t in node.targets)), None)
        laid = sorted(name for name in _layouts_read(call.args[1], function) if name != view.source
                      and operand_said(name, context.vocabulary) == said) if call is not None else []
        if laid:
            yield Violation(
                view.line, view.column,
                f"`{view.target}` lays `{laid[0]}`'s layout (operand {said}) over `{view.source}`'s data "
                f"(operand {held}): it computes with operand {held}'s data in operand {said}'s place; lay it over "
                f"`{laid[0]}.iterator`",
            )


_BLOCK_TILE = re.compile(r"blk(c?)(d?[A-Z]\w*)")


def _block_tiles_misnamed(facts: FileFacts, context: RuleContext) -> Iterator[Violation]:
    """``blkdY = cute.local_tile(gdX, tiler, coord)``: a block's tile named ``blk`` and its tensor (``blkX``, ``blkdY``;
    ``blkcY`` of coordinates), outside the convention's grammar, still names the tensor it is cut from. One cut from a
    global tensor and named for another global tensor the file has apart names another tensor's data."""
    index = None
    for view in facts.layout_views:
        match = _BLOCK_TILE.fullmatch(view.target)
        source = parse_name(view.source, context.vocabulary) if view.source else None
        if match is None or match.group(1) or source is None or source.snake or source.where not in "mg":
            continue
        what = match.group(2)
        if what == source.what or _names_what_it_is_cut_from(view, source, facts, context):
            continue
        index = index or TensorIndex(facts, context.vocabulary)
        if "g" in index.memories.get(what, ()) and index.other_tensor(what, source):
            yield renaming(
                view.line, view.column,
                f"`{view.target}` is a tile of `{view.source}` (`{view.method}`) but names `{what}`, a global tensor "
                f"the file has apart",
                view.target, free_name("blk" + source.what, facts, view.scope), view.scope,
            )


_SLICE_METHODS = frozenset({"partition_S", "partition_D", "retile", "partition_A", "partition_B", "partition_C"})


def _partitioned_twice(facts: FileFacts, context: RuleContext) -> Iterator[Violation]:
    """``tGsCumprod = thr.partition_D(sCumsumlog)`` beside ``tGsCumsumlog = thr.partition_D(sCumsumlog)``: one
    object's one method given one tensor twice makes the same partition twice. The one named for the source is
    right; the other names a tensor the function has in the source's memory (``sCumprod``) that nothing partitions
    there: its argument was meant to be that tensor."""
    origins = facts.origins
    groups: dict[tuple, list[Partition]] = {}
    for partition in facts.partitions:
        if partition.method in _SLICE_METHODS and partition.source is not None and partition.made_by is not None:
            key = (partition.scope, origins.instance(partition.made_by), partition.method, partition.source)
            groups.setdefault(key, []).append(partition)
    for (scope, _, _, source_text), made in groups.items():
        source = parse_name(source_text, context.vocabulary)
        if len(made) < 2 or source is None or source.partitioned:
            continue
        names = [parse_partitioned(partition.target, context.vocabulary) for partition in made]
        if not any(name is not None and same_tensor(name, source) for name in names):
            continue
        for partition, name in zip(made, names):
            if name is None or same_tensor(name, source) or name.where != source.where:
                continue
            own = f"{source.where}{name.what}"
            at_hand = own in facts.scopes[scope].bound or own in facts.scopes[scope].params
            if not at_hand or any(p.scope == scope and p.source == own for p in facts.partitions):
                continue
            yield Violation(
                *(partition.argument_at or (partition.line, partition.column)),
                f"`{partition.target}` partitions `{source_text}`, which the same object's `{partition.method}` "
                f"already makes into a partition named for it, while `{own}`, the tensor the name says, is partitioned "
                "by nothing in the function",
            )


def check(facts: FileFacts, context: RuleContext) -> Iterator[Violation]:
    found = list(_checks(facts, context))
    yield from found
    # a partition the rules above already judged at its line is not reported twice
    reported = {violation.line for violation in found}
    yield from (violation for violation in _partitioned_twice(facts, context) if violation.line not in reported)


def _s2t_sides_misgiven(facts: FileFacts) -> Iterator[Violation]:
    """An S2T copy (``tcgen05.make_s2t_copy(atom, dst_c)``) moves shared memory into the tensor memory it was made
    over: its slice's ``partition_S`` of that tensor (``thr.partition_S(dst_c)``) lays the source over the
    destination, and a ``partition_D`` of the tensor its ``partition_S`` also takes (``partition_S(src_c)``,
    ``partition_D(src_c)``) lays the destination over the source. The argument is reported, whatever the names."""
    by_slice: dict[tuple[int, str], list[Partition]] = {}
    for partition in facts.partitions:
        if partition.method in ("partition_S", "partition_D") and partition.receiver and partition.source:
            by_slice.setdefault((partition.scope, partition.receiver), []).append(partition)
    for key, partitions in by_slice.items():
        made = facts.copy_tensors.get(key)
        obj = facts.origins.object(partitions[0].made_by)
        if made is None or obj is None or obj.maker != "make_s2t_copy":
            continue
        over = made[0]
        sources = {p.source for p in partitions if p.method == "partition_S"}
        for partition in partitions:
            if partition.method == "partition_S" and partition.source == over:
                yield Violation(
                    partition.line, partition.column,
                    f"`{partition.receiver}.partition_S` is given `{over}`, the tensor memory the S2T copy was made "
                    f"over (line {made[1]}): its source side is the shared-memory tensor it copies from",
                )
            elif partition.method == "partition_D" and partition.source != over and partition.source in sources:
                yield Violation(
                    partition.line, partition.column,
                    f"`{partition.receiver}.partition_D` is given `{partition.source}`, which its `partition_S` "
                    f"also takes, but the S2T copy was made over `{over}` (line {made[1]}): pass `{over}`",
                )


def _checks(facts: FileFacts, context: RuleContext) -> Iterator[Violation]:
    yield from _s2t_sides_misgiven(facts)
    yield from _returned_partitions_misnamed(facts, context)
    yield from _block_tiles_misnamed(facts, context)
    yield from _relaid_over_another_operand(facts, context)
    yield from _one_tensor_both_tma_sides(facts)
    yield from _lower_case_misnames(facts)
    yield from _views_misnamed(facts, context)
    yield from _shaped_like_another_operand(facts, context)
    yield from _descriptive_misnames(facts, context)
    yield from _tma_sides_misnamed(facts)
    roles = roles_in_use(facts, context.vocabulary)
    index = swaps = accumulators = None
    for partition in facts.partitions + facts.hand_views:
        if partition.method == "make_fragment_C":
            continue
        # A helper's parameter is named for whatever its callers pass: its where letter still says which
        # memory the helper expects, its tensor is not compared.
        helper_param = facts.is_helper_param(partition.source, partition.scope)
        target = parse_partitioned(partition.target, context.vocabulary)
        named_source = source_name(partition, context.vocabulary)
        source = named_source or view_source(partition, facts, context.vocabulary)
        # What made a plain snake-case source outranks its first letter (`g_c_mnl`, a tile of an identity tensor).
        made = source is not None and source.snake and not source.partitioned and (
            facts.coordinates(partition.source) or facts.memory_of(partition.source, partition.scope))
        if target is not None and (source is None or made):
            found = list(_unnamed_source_memory(partition, target, facts))
            if not found and source is None and (misnamed := _direction_misnames(partition, target, facts)):
                found = [misnamed]
            yield from found or _atom_misnames(partition, target, facts, context)
            continue
        if target is None or role_conflict(partition, source, roles):
            continue
        # A coordinate partition (`tCcC`) names what it counts over; the source may be any view of an
        # identity tensor, whatever its name (`gCcoord`).
        if target.where == "c":
            if (data := _data_root(partition, facts)) is not None:
                yield renaming(
                    partition.line, partition.column,
                    f"`{partition.target}` is named for coordinates (`c`), but `{partition.source}` holds data: {data}",
                    partition.target, free_name(renamed(target, where=source.where), facts, partition.scope),
                    partition.scope,
                )
            elif source.where == "c" and {target.what, source.what} == {"A", "B"}:
                # coordinates count over one operand's tile: `tBcA` of `cB` names the other operand's
                yield renaming(
                    partition.line, partition.column,
                    f"`{partition.target}` partitions `{partition.source}`, operand {source.what}'s coordinates, but "
                    f"names operand {target.what}'s",
                    partition.target, free_name(renamed(target, what=source.what), facts, partition.scope),
                    partition.scope,
                )
            continue
        if index is None:
            index, swaps = TensorIndex(facts, context.vocabulary), _swaps(facts, context)
        if not index.plausible_op(target, source):
            continue
        where_ok = where_agrees(partition, target, source) and not _register_fragment_named_tmem(
            partition, target, source, facts)
        # A helper's parameter holds what its callers pass: judged by that tensor when every call agrees.
        passed = _passed_tensor(partition.source, partition.scope, facts, context) if helper_param else None
        # A helper no call of the file resolves still names its parameters: a partition named for another
        # parameter of it (`tOrK` of the parameter `sV`, next to `sK`) contradicts the helper's own words.
        unjudged = helper_param and not _helper_misnames(
            partition, target, source, source if passed is None else passed[1], facts, context
        )
        if unjudged:
            passed = None
        held = passed[1] if passed is not None else source
        # A plain snake-case source (`g_out_mnl`) is compared by its memory only: its lower-case word may be a
        # tensor or a role (`t_a_subtile`, a layout given to partition_A and partition_C alike).
        # A tensor laid over another's iterator is how a buffer is reused for new data (`tStP` over S's TMEM,
        # `tOrS` over the converted `rP`): compared by its memory only.
        what_ok = (
            unjudged or partition.method == "make_tensor" or held.snake and not held.partitioned
            or _slot_named(partition, target, held)
            or (partition.scope, target.what, held.what) in swaps
            or not what_contradicts(target, held, index)
            or _names_pair_data(partition, target, facts, context)
        )
        if what_ok and passed is None and _pair_disagrees(partition, target, facts, context):
            what_ok = False
        if what_ok and passed is None and _fragment_of_another_operand(partition, target, held, facts, index, context):
            what_ok = False
        if what_ok and not unjudged and held.partitioned and facts.gemms:
            if accumulators is None:
                accumulators = _accumulators(facts, context)
            what_ok = not _other_accumulator(partition, target, held, accumulators)
        # An MMA operand's fragment holds its own operand whatever is copied into a view of it (`tXrA` retiled from
        # `tCrB` and loaded with A is B's fragment, named A): only a plain buffer is reused for new data.
        if not what_ok and passed is None and not _other_operand_fragment(target, held):
            what_ok = _names_written_data(target, partition.target, partition.line, partition.scope, facts, context)
        other = _other_variant(partition, target, held, facts) if what_ok and passed is None else None
        fixed = renamed(target, variant=held.variant)
        if what_ok and passed is None and other is None and (tile := _other_indexed_tile(partition, target, held, facts)):
            other, fixed = tile[0], renamed(target, what=tile[1])
        at = _argument_slip(partition, target, facts, context) or (partition.line, partition.column)
        if other is not None:
            yield renaming(
                *at,
                f"`{partition.target}` partitions `{partition.source}` but names `{other}`, another buffer of this "
                "function" if not _output_named(target, other) else f"`{partition.target}` partitions "
                f"`{partition.source}` but names `{target.where}{target.what}`, the output, whose buffer `{other}` this "
                "function allocates apart", partition.target, free_name(fixed, facts, partition.scope),
                partition.scope,
            )
            continue
        if where_ok and what_ok:
            misgiven = None if passed is not None else (
                _copy_misgiven(partition, target, held, facts, context)
                or _copy_of_another_tensor(partition, held, facts, context))
            yield from [misgiven] if misgiven else _atom_misnames(partition, target, facts, context)
            continue
        where = target.where if where_ok else ("r" if partition.method.startswith("make_fragment") else source.where)
        what = target.what if what_ok else held.what
        fixed = free_name(
            renamed(target, where=where, what=what), facts, partition.scope
        )
        given = f" (the call at line {passed[2]} passes `{passed[0]}`)" if passed is not None and not what_ok else (
            f" (a view of `{source.where}{source.what}`)" if named_source is None else "")
        message = (
            f"`{partition.target}` partitions `{partition.source}`{given} but names `{target.where}{target.what}`"
        )
        if not where_ok:
            proper = renamed(target, where=where, what=what)
            at = _duplicated_argument(partition, proper, facts)
            if at is not None:
                message += f"; `{proper}` already partitions `{partition.source}` with it: the argument repeats its"
            at = at or (partition.line, partition.column)
        yield renaming(*at, message, partition.target, fixed, partition.scope)
