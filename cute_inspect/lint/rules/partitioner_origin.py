"""CI104 partitioner-origin: the op in a partition's name contradicts the partitioner that made it.

## What it does
Reads the partitioner from its name (the ``thr_*`` / ``tiled_*`` vocabulary, following ``get_slice``):
- a copy named by its direction, ``thr_copy_t2r`` / ``tiled_copy_r2s`` / ``s2r_thr_copy_LSE``, gives op
  ``TR`` / ``RS`` / ``SR`` (alias ``T2R``, and lower case ``s2r`` as in ``ts2rsLSE``);
- a TMEM load (``thr_tmem_load``) gives ``TR``, ``TM`` or ``TMEM_LOAD``; a TMEM store ``RT``, ``TM`` or
  ``TMEM_STORE``; a TMEM copy whose name says no direction (``tmem_thr_copy``) is read by the atom
  ``make_tmem_copy`` was given (``copy_atom_t2r``: ``TR``);
- ``cpasync.tma_partition`` named by direction must say the direction it copies: ``GS`` for a load, ``SG``
  for a store (``bSG_sC, bSG_gC`` in an epilogue), told by the copies of its results (shared to global
  is a store), the copies made with its atom, or the op the atom was made with
  (``CopyBulkTensorTileS2GOp``); otherwise it is named for the operand it loads (``tAsA``), a shared
  pattern (``tXsdO``), and only the MMA's own ``C`` on a tensor that is not C's (``tCsA``) is reported;
  a direction naming registers or tensor memory (``tSR_sO``, ``tTR_``) never names a TMA partition; the two results
  of one ``tma_partition`` carry one pattern: where only one is named by a TMA direction and the other by the op of
  the file's MMA partitions (``tCsC, bSG_gC``), the other is reported (a shared row pattern, ``tSG_sO, tXgO``, is not);
- an MMA (``thr_mma``, ``tiled_mma_qk``...) never gives a copy direction, never another operand's letter
  (``tAgC`` from ``partition_C``), and for attention's two matmuls, named for their operands, never the
  other matmul's op: ``mma_qk`` makes ``tS...``, ``mma_pv`` makes ``tO...``.

A partition of one side of a copy whose two sides have different layouts (a TMEM or S2T copy, an ldmatrix or stmatrix
atom's tiled copy) that the same copy is only ever given as the other side (``tTR_tAcc = thr_copy_t2r.partition_D(tAcc)``, then ``cute.copy(tiled_copy_t2r, tTR_tAcc, tTR_rAcc)``) is
reported at the partition: its layout is the other side's. It is followed through slices, through layout algebra
that keeps each thread's values (``cute.group_modes(tTR_tAcc, 3, rank)``), and through the tuple a helper of the file
returns (``tiled_copy_t2r, tTR_tAcc, tTR_rAcc = self.epilog_tmem_copy_and_partition(...)``), not through a tensor laid
anew over a pointer; a tensor the copy is given both ways (loaded, then stored back) is not, nor one of any other copy
(``make_tiled_copy_tv``, ``make_tiled_copy_D`` of a universal atom), whose two sides are one layout. An atom CUTLASS's
``get_smem_store_op`` / ``get_smem_load_op`` chose is an stmatrix or ldmatrix atom where the tile allows, so its tiled
copy counts as two layouts. Where the partition is a TMEM copy's side over the memory the copy's direction gives that
side (``tTR_tAcc = thr_copy_t2r.partition_S(tAcc)``, tensor memory, the T2R load's source), the partition is right and
the copy call is reported instead: its source and destination are swapped.

A TMEM load's source and a TMEM store's destination are tensor memory, their other sides are not: a partition of
one (its direction from the partitioner's name, or the op of the atom ``make_tmem_copy`` was given) taken as the
TMEM side of a tensor shown in another memory (``tDgC = thr_t2r.partition_S(gC_epi)``, ``gC_epi`` a view of a global
tile; not the tensor the copy was made over, nor one named for tensor memory), or as the other side of one in tensor
memory, is reported whether or not the copy is ever given it; a
partition read only for its shape, layout or iterator (a way to get a register shape) and coordinates are not.

A copy's partition whose variant names the exact reverse of the copy's direction (``tStS_r2t =
thr_tmem_load.partition_S(tStS)``) is named for the copy of the other way.

For a copy, only ops that name a copy (directions, ``TMEM_*``) are checked: a copy may also carry the
family of the operand it moves (``tBsB_s2r``) or keep the consumer's pattern in a copy view
(``tCsA_copy_view``). Partitioners whose names say nothing (``thr_copy``) are not checked. An MMA partition
named with its own operand's letter (``tAgA`` from ``partition_A``) is a style question: CI109.

## Why is this bad?
The op is what CI102 and CI103 compare: a ``tA`` tensor made by the MMA looks compatible with the TMA
copy of A, and an MMA tensor named like a copy direction hides that its layout is the MMA's. A TMA store
named ``GS`` reads as a load.

## Example
```python
tAgC = thr_mma.partition_C(gC)
tTR_sC = thr_copy_r2s.partition_D(sC)
```

Use instead:
```python
tCgC = thr_mma.partition_C(gC)
tRS_sC = thr_copy_r2s.partition_D(sC)
```
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from collections.abc import Iterator

from cute_inspect.lint.expectations import MMA_METHODS, copy_op_problem, free_name, mma_op_problem, source_name
from cute_inspect.lint.facts import FileFacts, Partition, call_target
from cute_inspect.lint.names import TensorName, canonical_op, is_direction_op, parse_partitioned, renamed
from cute_inspect.lint.rules import Rename, RuleContext, Violation, renaming
from cute_inspect.lint.rules.copy_pattern_agreement import from_tensor_memory

CODE = "CI104"
NAME = "partitioner-origin"
SUMMARY = "The op letters of a partition contradict the partitioner that made it"
DEFAULT = True

_GEMM_MMAS = frozenset({"thr_mma", "tiled_mma"})
_MMA_OP_ADVICE = "name it with the MMA's op (`tC...` in a GEMM, `tS...` / `tO...` in attention)"


def _mma_ops(facts: FileFacts, context: RuleContext) -> dict[str, Counter]:
    """receiver -> the ops its uncontested partitions carry (the MMA's own op, as this file writes it)."""
    ops: dict[str, Counter] = {}
    for partition in facts.partitions:
        if partition.partitioner is None or partition.partitioner.kind != "mma" or not partition.receiver:
            continue
        target = parse_partitioned(partition.target, context.vocabulary)
        if target is not None and target.op not in ("A", "B") and mma_op_problem(partition, target) is None:
            ops.setdefault(partition.receiver, Counter())[target.op] += 1
    return ops


def _mma_fix(partition: Partition, target: TensorName, own: str | None, ops: dict[str, Counter]) -> str | None:
    if own is None and partition.receiver in ops:
        own = ops[partition.receiver].most_common(1)[0][0]
    if own is None and partition.receiver in _GEMM_MMAS:  # a single, unqualified MMA: the GEMM's, whose op is C
        own = "C"
    return renamed(target, op=own, separator="") if own else None


def _object_ops(facts: FileFacts, context: RuleContext) -> Counter:
    """(function, object, op) of every partition made by an object the file follows whose op is not the letter
    of the operand slot it partitions: the ops each object's partitions carry as its own name, as its function
    writes them. ``tAgK = thr_mma.partition_A(...)`` names its slot (the operand-letter style) and does not
    count, so that a ``partition_B`` named ``tA`` by the same MMA is still a contradiction."""
    counts: Counter = Counter()
    for partition in facts.partitions:
        target = parse_partitioned(partition.target, context.vocabulary)
        if target is not None and partition.made_by is not None and not partition.method.endswith(f"_{target.op}"):
            counts[(partition.scope, facts.origins.family(partition.made_by), target.op)] += 1
    return counts


_TMA_DIRECTIONS = frozenset({"GS", "SG"})


def _tma_pair_split(facts: FileFacts, context: RuleContext) -> Iterator[Violation]:
    """``tCsC, bSG_gC = tma_partition(tma_atom_c, ...)``: one call's two results carry one pattern; where one is
    named by the direction it copies and the other by the op the file's MMA partitions carry, the other is named for
    another partitioner (the MMA's ``tC``). A shared row pattern on the other side (``tSG_sO, tXgO``) is no MMA's."""
    mma_ops = {
        canonical_op(parsed.op) for partition in facts.partitions if partition.method in MMA_METHODS
        and (parsed := parse_partitioned(partition.target, context.vocabulary)) is not None
    }
    for pair in facts.tma_pairs:
        names = [parse_partitioned(name or "", context.vocabulary) for name in (pair.smem, pair.gmem)]
        if None in names:
            continue
        # a TMA's own directions: another direction on a side (`tSR_sO`) is the direction checks' below
        said = [canonical_op(name.op) in _TMA_DIRECTIONS for name in names]
        if said[0] == said[1] or any(is_direction_op(name.op) for name, tma in zip(names, said) if not tma):
            continue
        direction, other = (names[0], 1) if said[0] else (names[1], 0)
        if canonical_op(names[other].op) not in mma_ops:
            continue
        wrong = (pair.smem, pair.gmem)[other]
        partition = next((p for p in facts.partitions if p.scope == pair.scope and p.target == wrong), None)
        if partition is None:
            continue
        fixed = renamed(names[other], scope=direction.scope, op=direction.op, separator=direction.separator)
        yield renaming(
            partition.line, partition.column,
            f"`{wrong}` and `{(pair.smem, pair.gmem)[1 - other]}` are the two sides of one `tma_partition`, but only "
            f"the other is named by the direction it copies (`{direction.scope}{direction.op}`)",
            wrong, free_name(fixed, facts, pair.scope), pair.scope,
        )


_VARIANT_DIRECTION = re.compile(r"([gsrtm])2([gsrtm])(?=_|$)")


def _reversed_variant(partition: Partition, target: TensorName, facts: FileFacts) -> Violation | None:
    """``tStS_r2t = thr_tmem_load.partition_S(tStS)``: a variant naming the direction a copy of the other way
    copies (``r2t`` of a TMEM load, whose direction is ``t2r``) says the tensor is another copy's side. Only the
    exact reverse is read: a partition of a copy's other side may be named for the copy that takes it on
    (``tOsO_s2r`` of a T2R copy's registers, written out to shared memory)."""
    kind = partition.partitioner.kind if partition.partitioner else None
    match = _VARIANT_DIRECTION.match(target.variant)
    if kind not in ("copy", "tmem") or match is None or is_direction_op(target.op):
        return None
    direction = partition.partitioner.ops[0]
    if not is_direction_op(direction) or canonical_op(match.group(0)) != direction[::-1]:
        return None
    own = f"{direction[0].lower()}2{direction[1].lower()}"
    fixed = free_name(renamed(target, variant=own + target.variant[match.end():]), facts, partition.scope)
    return renaming(
        partition.line, partition.column,
        f"`{partition.target}` is made by `{partition.receiver}.{partition.method}`, which copies `{direction}`, "
        f"but its variant `{match.group(0)}` names the reverse direction",
        partition.target, fixed, partition.scope,
    )


def _own_direction_view(partition: Partition, target: TensorName) -> bool:
    """``tR2GcO_t2r = thr_tmem_load.partition_D(tR2GcO[...])``: another copy's partition, laid out again by this
    copy, keeps that partition's name and says this copy's direction in its variant; its op is the tensor's."""
    kind = partition.partitioner.kind if partition.partitioner else None
    match = _VARIANT_DIRECTION.match(target.variant)
    if kind not in ("copy", "tmem") or match is None or not partition.source \
            or not partition.target.startswith(partition.source + "_"):
        return False
    direction = partition.partitioner.ops[0]
    return is_direction_op(direction) and canonical_op(match.group(0)) == direction


_SIDE_METHODS = {"src": "partition_S", "dst": "partition_D"}
_SIDE_WORDS = {"partition_S": "source", "partition_D": "destination"}


# Copies whose source and destination sides have different thread-value layouts: a TMEM or S2T copy, and one whose
# atom is an ldmatrix or stmatrix, or one CUTLASS's helper chose (it is one where the tile allows). Any other tiled
# copy (`make_tiled_copy_tv`, `make_tiled_copy_D` of a universal atom) lays both sides out with one layout, so which
# side a tensor is partitioned as changes nothing: flash-attention partitions its cp.async destinations with
# `partition_S`, CUTLASS an S2R copy's shared source with `partition_D`.
_TWO_LAYOUT_MAKERS = frozenset({"make_tmem_copy", "make_s2t_copy"})
_TWO_LAYOUT_OPS = ("LdMatrix", "StMatrix")


# Layout algebra that regroups or selects a thread's modes without dividing the thread-value mode: its result is laid
# out as the partition it is taken from.
_SIDE_KEEPING_VIEWS = frozenset({"slice", "group_modes", "flatten", "filter_zeros", "select"})


def _two_layouts(copier) -> bool:
    return copier.maker in _TWO_LAYOUT_MAKERS or bool(copier.op) and copier.op.startswith(_TWO_LAYOUT_OPS) \
        or copier.chosen_matrix_atom


def _side_partition(name: str | None, scope: int, line: int, facts: FileFacts, sides: dict, depth: int = 0):
    """The ``partition_S`` / ``partition_D`` result ``name`` holds in ``scope`` at ``line``: through slices and
    aliases (``tTR_tAcc_mn = tTR_tAcc[...]``) and through the tuple a function of the file returns
    (``tiled_copy_t2r, tTR_tAcc, tTR_rAcc = self.epilog_tmem_copy_and_partition(...)``)."""
    if name is None or depth > 6:
        return None
    made = [partition for partition in sides.get((scope, name), ()) if partition.line <= line]
    if made:
        return made[-1]
    source = facts.view_sources.get(name)
    if source is None:
        # layout algebra over a thread's partition (`cute.group_modes(tTR_tAcc, 3, rank)`) regroups the modes each
        # thread holds; the thread-value layout, so the side, is the partition's
        source = next((view.source for view in reversed(facts.layout_views) if view.scope == scope
                       and view.target == name and view.line <= line and view.method in _SIDE_KEEPING_VIEWS), None)
    # a tensor laid anew over a pointer (`make_tensor(make_ptr(x.iterator...), x.layout)`) has the layout its author
    # chose, whichever side it was taken from
    if source is not None and source != name and name not in facts.relaid:
        return _side_partition(source, scope, line, facts, sides, depth + 1)
    for caller, at, callee, names, _ in facts.unpacked_returns:
        if caller != scope or at > line or name not in names:
            continue
        definitions = facts.objects.functions.get(callee, [])
        if len(definitions) != 1:
            return None
        index, inner_scope = names.index(name), definitions[0][0]
        returned = {values[index] for values in facts.returned_tensors.get(inner_scope, []) if len(values) == len(names)}
        if len(returned) == 1:
            return _side_partition(returned.pop(), inner_scope, 1 << 30, facts, sides, depth + 1)
        return None
    return None


def _agrees_with_its_tensor(partition: Partition, facts: FileFacts, context: RuleContext) -> bool:
    """Whether a TMEM copy's partition is taken as the side its tensor's memory is for the copy's direction: a TMEM
    load's (``T2R``) source is tensor memory, a TMEM store's destination. Then the partition is right, and a copy
    given it as the other side has its two arguments the wrong way round."""
    ops = partition.partitioner.ops if partition.partitioner else ()
    if not ops or canonical_op(ops[0]) not in ("TR", "RT") or partition.source is None:
        return False
    tmem_side = "partition_S" if canonical_op(ops[0]) == "TR" else "partition_D"
    over = facts.copy_tensors.get((partition.scope, partition.receiver), (None, 0))[0]
    in_tmem = from_tensor_memory(partition.source, partition.scope, facts, over, context)
    return (partition.method == tmem_side) == in_tmem


def _both_sides_swapped(given: dict) -> set:
    """The copies (by ``id``) given their own object's two partitions each as the other side (``cute.copy(tc, d_part, s_desc)``,
    ``d_part`` its ``partition_D``, ``s_desc`` a view of its ``partition_S``), first given so: each partition agrees
    with its name and tensor, and the call's two arguments are the wrong way round, reported once, at the call."""
    wrong: dict = {}
    for partition, used in given.items():
        if partition.method in used:
            continue
        wanted, (call, operand) = next(iter(used.items()))
        wrong.setdefault(id(call), (call, set()))[1].add(id(operand))
    return {key for key, (call, operands) in wrong.items()
            if len(call.operands) == 2 and operands == {id(each) for each in call.operands}}


def _copy_side_swapped(facts: FileFacts, context: RuleContext) -> Iterator[Violation]:
    """``tBsB = gmem_thr_copy_B.partition_S(sB_stage)`` then ``cute.copy(gmem_tiled_copy_B, tBgB, tBsB)``: a tensor
    partitioned as one side of a directional copy and given to that very copy as the other side. Its layout is the
    other side's (an ldmatrix's or a TMEM copy's two sides differ), and its name claims the side it is not."""
    sides: dict[tuple[int, str], list[Partition]] = {}
    for partition in facts.partitions:
        if partition.method in _SIDE_WORDS and partition.made_by is not None:
            sides.setdefault((partition.scope, partition.target), []).append(partition)
    if not sides:
        return
    given: dict[Partition, dict[str, object]] = {}  # partition -> the sides its own copy is given it as (first call)
    for call in facts.copies:
        copier = facts.origin(call.atom_ref) if call.atom_ref is not None else None
        if copier is None or copier.kind == "tma":
            continue
        for operand in call.operands:
            wanted = _SIDE_METHODS.get(operand.slot)
            partition = _side_partition(operand.name, call.scope, call.line, facts, sides) if wanted else None
            if partition is not None and facts.origin(partition.made_by) == copier and _two_layouts(copier):
                given.setdefault(partition, {}).setdefault(wanted, (call, operand))
    swapped_calls = _both_sides_swapped(given)
    for partition, used in given.items():
        # given as both sides, the copy runs both ways (loaded, then stored back): no side is the wrong one
        if partition.method in used:
            continue
        wanted, (call, operand) = next(iter(used.items()))
        if id(call) in swapped_calls:
            if operand is call.operands[0]:
                yield Violation(
                    call.line, call.column,
                    f"`{call.function}` with `{call.atom}` is given `{operand.name}`, its destination partition, as "
                    f"its source and `{call.operands[1].name}`, its source partition, as its destination: the copy's "
                    f"source and destination are swapped (pass `{call.operands[1].name}` and `{operand.name}` the "
                    "other way)",
                )
            continue
        if _agrees_with_its_tensor(partition, facts, context):
            others = [other.name for other in call.operands if other is not operand]
            yield Violation(
                call.line, call.column,
                f"`{call.function}` with `{call.atom}` is given `{operand.name}` as its {_SIDE_WORDS[wanted]}, but "
                f"it is `{partition.target}` (line {partition.line}), the copy's {_SIDE_WORDS[partition.method]} "
                f"side, laid over `{partition.source}` as the copy's direction has it: the copy's source and "
                f"destination are swapped (pass `{others[0] if others else '...'}` and `{operand.name}` the other way)",
            )
            continue
        yield Violation(
            partition.line, partition.column,
            f"`{partition.target}` is `{partition.receiver}.{partition.method}`'s result, the copy's "
            f"{_SIDE_WORDS[partition.method]} side, but the copy at line {call.line} is given it as its "
            f"{_SIDE_WORDS[wanted]}; partition it with `{wanted}`",
        )


def _known_memory(name: str | None, scope: int, facts: FileFacts) -> str | None:
    """The where letter of the memory ``name`` is shown in: its maker's, or, through the partitions, views and
    slices it was taken from, its tensor's (``gC_epi = zipped_divide(tCgC, ...)``, ``tCgC = partition_C(gC)``,
    ``gC = local_tile(mC, ...)`` of a kernel's global parameter); None where no maker says."""
    made_of = {view.target: view.source for view in facts.partitions + facts.layout_views if view.scope == scope}
    for _ in range(8):
        if name is None:
            return None
        known = facts.memory_of(name, scope)
        if known is not None:
            return known[0]
        if facts.is_helper_param(name, scope):
            # what every call of the helper passes, followed to its maker in the caller (`tCgScores_mnl`, an MMA
            # partition of a global tile); unknown where the calls disagree
            found = facts.through_callers(name, scope, lambda given, caller, _line: _known_memory(given, caller, facts))
            return found[0] if found and len(set(found)) == 1 else None
        name = facts.made_from.get(name) or made_of.get(name)
    return None


_SHAPE_READS = frozenset({"shape", "layout", "iterator"})
_SHAPE_FUNCTIONS = frozenset({"size", "shape", "rank", "cosize"})


def _read_for_layout_only(name: str, line: int, function: ast.AST | None) -> bool:
    """``rSFB = cute.make_rmem_tensor(tStSrc.shape, ...)``, ``make_tensor(make_ptr(..., t.iterator...), t.layout)``:
    a partition read, until its name is bound again, only for its shape, layout or iterator (of it or a slice of it,
    or by ``cute.size``) lays out no data as a side of its copy; taking it as either side is a way to get a layout."""
    if function is None:
        return False
    parents = {child: node for node in ast.walk(function) for child in ast.iter_child_nodes(node)}
    names = [node for node in ast.walk(function) if isinstance(node, ast.Name) and node.id == name]
    rebound = min((node.lineno for node in names if isinstance(node.ctx, ast.Store) and node.lineno > line),
                  default=1 << 30)
    reads = [node for node in names if isinstance(node.ctx, ast.Load) and line < node.lineno <= rebound]
    for node in reads:
        at = node
        while isinstance(parents.get(at), ast.Subscript) and parents[at].value is at:
            at = parents[at]
        parent = parents.get(at)
        by_attribute = isinstance(parent, ast.Attribute) and parent.attr in _SHAPE_READS
        by_function = isinstance(parent, ast.Call) and parent.args and parent.args[0] is at \
            and call_target(parent.func)[0] in _SHAPE_FUNCTIONS
        if not (by_attribute or by_function):
            return False
    return bool(reads)


def _tmem_direction(partition: Partition, facts: FileFacts) -> str | None:
    """``TR`` for a TMEM load's partition, ``RT`` for a TMEM store's: from the partitioner's name (``thr_copy_t2r``)
    or the op of the ``make_tmem_copy`` copy that made it (``tcgen05.Ld32x32bOp``, ``St...``)."""
    ops = partition.partitioner.ops if partition.partitioner else ()
    if ops and canonical_op(ops[0]) in ("TR", "RT"):
        return canonical_op(ops[0])
    copier = facts.origin(partition.made_by) if partition.made_by is not None else None
    if copier is None or copier.maker != "make_tmem_copy" or not copier.op:
        return None
    return "TR" if copier.op.startswith("Ld") else "RT" if copier.op.startswith("St") else None


def _tmem_side_of_other_memory(facts: FileFacts, context: RuleContext, reported: set) -> Iterator[Violation]:
    """``tDgC = thr_t2r.partition_S(gC_epi)``: a TMEM load's (``T2R``) source, a TMEM store's destination, is
    tensor memory, and its other side is not; a partition taken as the TMEM side of a tensor another memory holds
    (or as the other side of a tensor in tensor memory) is laid out as the side it is not, whether or not the copy
    is ever given it. Coordinates may be laid out as either side."""
    for partition in facts.partitions:
        direction = _tmem_direction(partition, facts)
        if partition.method not in _SIDE_WORDS or direction is None or (partition.line, partition.column) in reported:
            continue
        where = _known_memory(partition.source, partition.scope, facts)
        if where is None or where == "c" \
                or _read_for_layout_only(partition.target, partition.line, facts.scopes[partition.scope].node):
            continue
        tmem_side = "partition_S" if direction == "TR" else "partition_D"
        if (partition.method == tmem_side) == (where == "t"):
            continue
        # a tensor the copy was made over, or one named for tensor memory (`tAcc`), is no other memory's whatever a
        # parameter's annotation says
        over = facts.copy_tensors.get((partition.scope, partition.receiver), (None, 0))[0]
        if where != "t" and from_tensor_memory(partition.source, partition.scope, facts, over, context):
            continue
        other = "partition_D" if partition.method == "partition_S" else "partition_S"
        yield Violation(
            partition.line, partition.column,
            f"`{partition.target}` is `{partition.receiver}.{partition.method}`'s result, the "
            f"{_SIDE_WORDS[partition.method]} side of a {'TMEM load' if tmem_side == 'partition_S' else 'TMEM store'}, "
            f"which is {'' if partition.method == tmem_side else 'not '}tensor memory, but `{partition.source}` "
            f"is {'not ' if where != 't' else ''}in tensor memory; partition it with `{other}`",
        )


def check(facts: FileFacts, context: RuleContext) -> Iterator[Violation]:
    yield from _tma_pair_split(facts, context)
    swapped = list(_copy_side_swapped(facts, context))
    yield from swapped
    yield from _tmem_side_of_other_memory(facts, context, {(v.line, v.column) for v in swapped})
    ops = object_ops = None
    for partition in facts.partitions:
        target = parse_partitioned(partition.target, context.vocabulary)
        if target is None:
            continue
        made_by = f"`{partition.receiver}.{partition.method}`" if partition.receiver else f"`{partition.method}`"
        problem = mma_op_problem(partition, target)
        if problem and target.op in ("A", "B") and partition.made_by is not None:
            # An MMA whose partitions all carry `tA` (a kernel's name for its matrix A) uses that op as its own.
            if object_ops is None:
                object_ops = _object_ops(facts, context)
            if object_ops[(partition.scope, facts.origins.family(partition.made_by), target.op)] > 1:
                problem = None
        if problem:
            why, own = problem
            if ops is None:
                ops = _mma_ops(facts, context)
            fixed = free_name(_mma_fix(partition, target, own, ops), facts, partition.scope)
            fix = f"rename it to `{fixed}`" if fixed else _MMA_OP_ADVICE
            yield Violation(
                partition.line,
                partition.column,
                f"`{partition.target}` is made by the MMA partitioner {made_by} but {why}; {fix}",
                Rename(partition.target, fixed, partition.scope) if fixed else None,
            )
            continue
        if _own_direction_view(partition, target):
            continue
        source = source_name(partition, context.vocabulary)
        expected = copy_op_problem(partition, target, source, facts, context.vocabulary)
        if expected is None:
            if (reverse := _reversed_variant(partition, target, facts)) is not None:
                yield reverse
            continue
        allowed, op = expected
        if op is None:
            yield Violation(partition.line, partition.column,
                            f"`{partition.target}` is made by {made_by}, whose op is {allowed}, not `{target.op}`")
            continue
        separator = (target.separator or context.suggested_separator) if is_direction_op(op) else ""
        fixed = free_name(
            renamed(target, op=op, separator=separator), facts, partition.scope
        )
        yield renaming(
            partition.line,
            partition.column,
            f"`{partition.target}` is made by {made_by}, whose op is {allowed}, not `{target.op}`",
            partition.target, fixed, partition.scope,
        )
