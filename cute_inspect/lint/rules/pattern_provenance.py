"""CI110 pattern-provenance: a partition named with the pattern of another partitioner object than the one
that made it.

## What it does
Follows each partition to the object that made it: the TiledMma, TiledCopy or TMA atom, through
``get_slice``, assignments, tuples (``atom, tensor = make_tiled_tma_atom(...)``, ``a, b =
self.make_mmas()``), attributes (``self.tiled_mma``, ``params.thr_mma_dq``) and the arguments a helper is
called with in the file; never by reading its variable's name. A copy made for an MMA
(``make_tiled_copy_A(atom, tiled_mma)``) shares that MMA's patterns; the partitions are then read a second time with
each such copy its own owner where its op is no pattern of the MMA's own partitions, so the ldmatrix copies of K and of
V^T for one MMA (``tKsK``, ``tVsVt``) are two owners (``tVsK`` of K's copy is reported). Then, for a name's pattern ``<scope><op>``
(``tB`` in ``tBsA``, ``tdK`` in ``tdKrdS``), reports it when
- no other partition of the same object carries that op,
- the object's other partitions carry another op (``tA``), and
- the op is carried by partitions of the same kind made by another object only (``tBsB``, ``tBgB`` from
  ``tma_atom_b``: MMA partitions claim MMA patterns; copies and TMA atoms, data movements, claim theirs).

When two data-movement objects (TMA atoms, TiledCopies) each carry the pattern on all their partitions
(``tBsA, tBgA`` from ``tma_atom_a`` next to ``tBsB, tBgB`` from ``tma_atom_b``), the tensors tell them
apart: the one whose tensors the op names owns the pattern, and the other is reported when it moves other
tensors, which are operands of their own, in the same direction, and no object gives the pattern to them
(quack's row pattern ``tX`` on every copy of a row, ``tXgdO`` included, is not reported); a shared-memory
side moves the way its object's global side does (``tVsK`` beside ``tKgK``). An object a function of the
file makes is one object per call of it. A copy's pattern that names the tensor it moves (``tPsP`` of
``sP``, stored by the Q·K MMA's copy and loaded by the P·V MMA's) is that tensor's, shared by every object
that moves it.

An MMA's op is the product it makes, the same in every function it is passed to: MMA partitions are compared a
second time over the whole file, each MMA against those whose partitions share a function with its own
(``tdPgK_dkl = dsk_thr_mma.partition_B(...)`` alone in a load method, where the dS·K MMA's partitions elsewhere are
``tdQ...`` and ``tdP`` is the dO·V MMA's). A fragment maker given another MMA's partition
(``thr_mma_pv.make_fragment_B(thr_mma_qk.partition_B(sVt))``) lays the fragment out for that MMA: reported at the
inner call.

A TiledCopy that moves only one GEMM operand's tensors (given them by ``cute.copy``, or with them to a function of
another module: ``copy_utils.gather_m_get_copy_fn(thr_copy_A, mA, sA, ...)``) and makes a partition named for the
other operand (``tBgB = thr_copy_A.partition_S(gB)``, ``tAcB = thr_copy_B.partition_S(cB)``) is reported where
another TiledCopy of the file moves that operand (copies made for an MMA's operand, ``make_tiled_copy_A``, are
CI106's).

One object can issue two products (a TiledMma for both S = Q K^T and O = P V, its gemms accumulating
``acc_S`` and ``acc_O``): an operand named with one product's op (``tSrVt``) and given only to the other
product's gemm is reported, where the file names that gemm's other operands for their product (``tOrS``);
a function that gives every operand of its MMA one pattern (``tOrD``, ``tOrC`` into ``tDCrDC``) is not.

The message says both sides: what the name claims (the other object, with a partition of it and its
line) and what made the tensor (the object, where it was made, and a partition of it with its line). A
slip CI104 already reports at the same place (it reads the partitioner's name: ``tSgV`` from
``pv_thr_mma``) is reported there only.
A view of a partition (a slice, ``group_modes``, a divide) moves no data and lays nothing out anew: it carries the
pattern of the object that made the partition, and one named with the pattern of another object's partitions of the
same kind in its function (``tBgA_k = tAgA[(None, m, None)]`` beside ``tBsB, tBgB`` of ``tma_atom_b``) is reported.
Copy directions (``tTR``, ``bSG``) are not compared here: many objects copy in one direction.

## Why is this bad?
The op is how a reader (and CuTe's own convention) pairs the two sides of a copy and the operands of a GEMM:
``tBsA`` reads as laid out by B's TMA load, and will be handed to B's copy.

## Example
```python
def load(tma_atom_a, tma_atom_b, sA, gA, sB, gB):
    tBsA, tAgA = cpasync.tma_partition(tma_atom_a, 0, layout, sA, gA)
    tBsB, tBgB = cpasync.tma_partition(tma_atom_b, 0, layout, sB, gB)
```

Use instead:
```python
def load(tma_atom_a, tma_atom_b, sA, gA, sB, gB):
    tAsA, tAgA = cpasync.tma_partition(tma_atom_a, 0, layout, sA, gA)
    tBsB, tBgB = cpasync.tma_partition(tma_atom_b, 0, layout, sB, gB)
```
"""

from __future__ import annotations

from collections.abc import Iterator

from cute_inspect.lint.expectations import (
    MMA_METHODS,
    OPERAND_ROLES,
    accumulated,
    free_name,
    mma_op_problem,
    source_name,
    tma_direction,
    tma_pair_of,
)
from cute_inspect.lint.facts import TMA_PARTITION, FileFacts, Partition
from cute_inspect.lint.names import canonical_op, is_copy_op, parse_name, parse_partitioned, renamed
from cute_inspect.lint.provenance import describe_object, distinct_objects
from cute_inspect.lint.rules import RuleContext, Violation, renaming

CODE = "CI110"
NAME = "pattern-provenance"
SUMMARY = "A partition is named with the pattern of another partitioner object than the one that made it"
DEFAULT = True
# CI104 reads the same slip from the partitioner's name (`tSgV` from `pv_thr_mma`): it is reported once, there.
DEFERS_TO = ("CI104",)


def _first(partitions: list[Partition]) -> Partition:
    return min(partitions, key=lambda p: p.line)


def _related(a: str, b: str) -> bool:
    """Ops of one family: one extends the other (``Q`` and ``QL``, ``K`` and ``KT``, ``O`` and ``Oi``), or
    FlashAttention's accumulator form (``O`` and ``accO``)."""
    a, b = (op[3:] if op.startswith("acc") and len(op) > 3 else op for op in (a, b))
    return a.startswith(b) or b.startswith(a)


def _kind(partition: Partition) -> str:
    """What the method proves the object is: an MMA (``partition_A``...), or a copy (a TiledCopy's
    ``partition_S`` / ``retile``, a TMA atom's ``tma_partition``): data movement."""
    return "mma" if partition.method in MMA_METHODS else "move"


def _distinct(a: tuple, b: tuple, kinds: dict) -> bool:
    """Two families the file proves are different objects: distinct objects (``distinct_objects``), or one
    that makes MMA partitions and one that makes none."""
    return distinct_objects(a[1], b[1]) or ("mma" in kinds[a]) != ("mma" in kinds[b])


def _direction(partition: Partition, facts: FileFacts, context: RuleContext) -> str | None:
    """``load`` or ``store``: a TMA partition by its pair's copies or its atom's op, a TiledCopy's by the side of
    the copy its global-memory tensor is on; None for a partition that does not touch global memory."""
    if partition.method == TMA_PARTITION:
        pair = tma_pair_of(partition.target, facts, partition.scope)
        return tma_direction(pair, facts, context.vocabulary) if pair is not None else None
    source = source_name(partition, context.vocabulary)
    if source is None or source.where not in ("g", "m") or partition.method not in ("partition_S", "partition_D"):
        return None
    return "load" if partition.method == "partition_S" else "store"


def _call_site(instance: tuple | None) -> str:
    """Which call of the file's function that made the object: `` (returned by the call at line 12)``."""
    made_at = instance[2] if instance and len(instance) == 3 else None
    return f" (returned by the call at line {made_at})" if isinstance(made_at, int) else ""


def _way(partitions: list[Partition], facts: FileFacts, context: RuleContext) -> set[str]:
    """The directions an object's partitions move data in; TMA partitions whose direction the file does not
    show (no copy of them here, an atom made elsewhere) move it one unknown way, the same for every TMA atom."""
    directions = {_direction(p, facts, context) for p in partitions} - {None}
    if not directions and all(p.method == TMA_PARTITION for p in partitions):
        return {"tma"}
    return directions


def _tensors(partitions: list[Partition], facts: FileFacts, context: RuleContext) -> set[str]:
    """What the partitions hold: their sources' tensors (``A`` for ``sA`` and ``tCgA``), coordinates left out."""
    whats = set()
    for partition in partitions:
        source = source_name(partition, context.vocabulary)
        if source is not None and source.where != "c" and not facts.coordinates(partition.source):
            whats.add(source.what)
    return whats


def _names_tensor(op: str, what: str) -> bool:
    """The op names that tensor, or the operand it belongs to: ``B`` for ``B``, ``SFB``, ``Bt``."""
    return op == what or what.startswith(op) or what.endswith(op)


def _tensor_pattern(op: str, partitions: list[Partition], facts: FileFacts, context: RuleContext) -> bool:
    """Every partition is a copy's and holds the tensor the op names (`tPsP` of `sP` from the Q·K MMA's store
    of P and from the P·V MMA's load of it; `tXgO` of `gX` stored, beside `tXgX` loaded): a tensor's pattern,
    which any object moving that tensor carries, not one object's. An MMA's partition is named for its MMA."""
    if any(_kind(partition) != "move" for partition in partitions):
        return False
    whats = _tensors(partitions, facts, context)
    return bool(whats) and all(_names_tensor(op, what) for what in whats)


def _tensor_patterns(mine: dict, theirs: dict, facts: FileFacts, context: RuleContext) -> set[str]:
    """The ops two objects share that are tensors' patterns: sharing them does not make the two objects one."""
    return {op for op in mine.keys() & theirs.keys() if _tensor_pattern(op, mine[op] + theirs[op], facts, context)}


def _shared_pattern(
    named: list[tuple[Partition, str, object, object]], kinds: dict, facts: FileFacts, context: RuleContext,
) -> Iterator[tuple[Partition, str, Partition, tuple]]:
    """Partitions of a data-movement object named with the pattern another one carries for its own tensor:
    ``tBsA, tBgA`` from ``tma_atom_a`` next to ``tBsB, tBgB`` from ``tma_atom_b``. Both objects carry the
    pattern twice, so the first check does not tell them apart; the tensors do. The one whose tensors the
    op names (``B``) owns it; the other moves other tensors in the same direction (both loads), so it is
    not a pattern shared on purpose: quack names every copy of a row ``tX`` (``tXgX``, ``tXgdO``), its TMA
    atoms for X and dO too, with one copy object moving several of those tensors (so the pattern is the row's,
    not one object's), and its stores (``tXgO``) run the other way. Objects are
    told apart per call of a function of the file that makes them (``Origins.instance``)."""
    # Tensors that are operands in their own right: a GEMM operand, or a tensor the file names a pattern after
    # (`tKcK`). A tensor that rides another's copy (a scale factor of B's, `tBsActivationSf`) takes its pattern.
    peers = {what for role in ("A", "B") for what in OPERAND_ROLES[role]}
    for partition in facts.partitions:
        parsed = parse_partitioned(partition.target, context.vocabulary)
        if parsed is not None:
            peers.add(canonical_op(parsed.op))
    movers: dict[tuple, dict[str, list[Partition]]] = {}
    for partition, op, family, _ in named:
        if "mma" not in kinds[family]:
            key = (partition.scope, facts.origins.instance(partition.made_by))
            movers.setdefault(key, {}).setdefault(op, []).append(partition)
    for family, ops in movers.items():
        for op, mine in ops.items():
            whats = _tensors(mine, facts, context)
            if not whats or any(_names_tensor(op, what) for what in whats) or not whats <= peers:
                continue
            # A shared-memory side moves data the way its object does (`tVsK` beside `tKgK`, both K's copy's).
            everything = [p for parts in ops.values() for p in parts]
            directions = _way(mine, facts, context) or _way(everything, facts, context)
            if len(directions) != 1:
                continue
            carriers = [other for other, other_ops in movers.items() if other != family and op in other_ops]
            # Another object gives the pattern to these tensors too: a pattern of the row, not of one object.
            if any(whats & _tensors(movers[other][op], facts, context) for other in carriers if other[0] == family[0]):
                continue
            for other, other_ops in movers.items():
                if other == family or other[0] != family[0] or op not in other_ops:
                    continue
                if not distinct_objects(family[1], other[1]):
                    continue
                theirs = [p for parts in other_ops.values() for p in parts]
                their_whats = _tensors(theirs, facts, context)
                owned = _tensors(other_ops[op], facts, context)
                if whats & their_whats or op not in owned:
                    continue
                if _way(theirs, facts, context) != directions:
                    continue
                claimed = _first(other_ops[op])
                for partition in mine:
                    yield partition, op, claimed, other
                break


def _mma_ops(facts: FileFacts, context: RuleContext) -> set[tuple]:
    """(scope, MMA family, op) of every MMA partition: the patterns an MMA's own partitions carry."""
    found = set()
    for partition in facts.partitions:
        target = parse_partitioned(partition.target, context.vocabulary)
        if partition.method in MMA_METHODS and partition.made_by is not None and target is not None:
            found.add((partition.scope, facts.origins.family(partition.made_by), canonical_op(target.op)))
    return found


def _products(facts: FileFacts, context: RuleContext) -> dict:
    """MMA family -> the op of the one product its gemms make (the accumulator each of its ``cute.gemm`` calls is
    given, ``tdPtdP_slice``: ``dP``), over the whole file; None for an MMA whose gemms fill accumulators named for two
    products or outside the convention (one object may issue S and O)."""
    found: dict = {}
    for call in facts.gemms:
        family = facts.origins.family(call.atom_ref) if call.atom_ref is not None else None
        if family is None:
            continue
        accumulator = next((operand.name for operand in call.operands if operand.slot == "d"), None)
        parsed = parse_partitioned(accumulator, context.vocabulary) if accumulator else None
        op = canonical_op(parsed.op) if parsed is not None and not is_copy_op(parsed.op) else None
        found[family] = op if found.get(family, op) == op else None
    return found


def _pattern_owner(partition: Partition, op: str, mma_ops: set[tuple], facts: FileFacts):
    """The object whose pattern a partition's op is: a copy made for an MMA (``make_tiled_copy_A(atom,
    tiled_mma)``) shares the MMA's patterns (``tSsQ`` beside ``tSrQ``), and carries its own otherwise: the
    ldmatrix copies of K and of V^T for one MMA are two copies (``tKsK``, ``tVsVt``)."""
    origins = facts.origins
    family = origins.family(partition.made_by)
    made = origins.object(partition.made_by)
    if made is None or made.family is None or _kind(partition) != "move" or (partition.scope, family, op) in mma_ops:
        return family
    return origins.identity(partition.made_by)


def _families(facts: FileFacts, context: RuleContext, owner, whole_file: bool = False) -> tuple[list, dict, dict]:
    """The named partitions, each with its pattern's owner (``owner(partition, op)``), grouped by owner and op, and
    the kinds of partitions each owner makes. ``whole_file``: only MMA partitions, grouped over the whole file."""
    origins = facts.origins
    named: list[tuple[Partition, str, object, object]] = []
    by_family: dict[object, dict[str, list[Partition]]] = {}
    kinds: dict[object, set[str]] = {}
    for partition in facts.partitions:
        if partition.made_by is None or whole_file and partition.method not in MMA_METHODS:
            continue
        target = parse_partitioned(partition.target, context.vocabulary)
        if target is None or is_copy_op(target.op):
            continue
        if partition.source and partition.target.startswith(partition.source + "_"):
            continue  # a view named for the tensor it views: `tCrA_copy_view = thr_copy.retile(tCrA)`
        op = canonical_op(target.op)
        family = owner(partition, op)
        if family is None:
            continue
        # Patterns are a function's words: compare partitions of one function only. An MMA's op is the product it
        # makes, the same in every function it is passed to (the dQ MMA's `tdQrKT`, `tdQgK_dkl`, `tdQrdS`).
        family = (0 if whole_file else partition.scope, family)
        named.append((partition, op, family, target))
        by_family.setdefault(family, {}).setdefault(op, []).append(partition)
        kinds.setdefault(family, set()).add(_kind(partition))
        made = origins.object(partition.made_by)
        if made is not None and made.family is not None:
            kinds[family].add("mma")  # a copy made for an MMA (make_tiled_copy_B(atom, tiled_mma_pv)): its family
    return named, by_family, kinds


def _borrowed_patterns(
    named: list, by_family: dict, kinds: dict, facts: FileFacts, context: RuleContext, reported: set, meet=None,
    products: dict | None = None,
) -> Iterator[Violation]:
    """A partition whose pattern no other partition of its owner carries, where another owner of its kind does
    (``meet(a, b)``: only another owner whose partitions share a function with its own). With ``products`` (each
    MMA's one product, from its gemms), also a pattern its owner carries more than once, where the owner's gemms
    make another product and every other owner carrying it makes that one."""
    origins = facts.origins
    for partition, op, family, target in named:
        if partition in reported:
            continue
        ops = by_family[family]
        repeated = len(ops[op]) > 1
        if repeated and (products is None or products.get(family[1]) in (None, op) or products[family[1]] not in ops):
            continue
        own = {other: parts for other, parts in ops.items() if other != op}
        # A pattern is claimed by an object that makes partitions of the same kind (MMA partitions, or data
        # movement: a TiledCopy's, a TMA atom's): the P·V MMA's `tOrV` is not the output TMA atom's `tO`.
        carriers = [
            f for f, f_ops in by_family.items()
            if f != family and f[0] == family[0] and op in f_ops and (_kind(partition) in kinds[f] or "mma" in kinds[f])
            and (meet is None or meet(family, f))
        ]
        if not own or not carriers or any(_related(op, other) for other in own):
            continue
        if repeated and any(products.get(f[1]) != op for f in carriers):
            continue
        if op == "C" and origins.object(partition.made_by) is not None and origins.object(partition.made_by).kind != "tma":
            continue  # `tC`: the generic MMA pattern, which helpers use for any MMA's operands
        if partition.method in MMA_METHODS and partition.method[-1] == op:
            continue  # `tBsK = thr_mma.make_fragment_B(sK)`: the letter names the slot it was made for (CI109's)
        # `tC`, the MMA's generic pattern, may be shared by objects whose own patterns differ (`tDKrQt` and
        # `tCsDK` of the dK MMA, `tDQrDS` and `tCsDQ` of the dQ MMA); an object named only `tC` has no own.
        specific = {other: parts for other, parts in own.items() if other != "C"} or own
        generic = {"C"} if specific is not own else set()
        if not all(
            _distinct(family, f, kinds)
            and not (own.keys() & by_family[f].keys()) - generic - _tensor_patterns(own, by_family[f], facts, context)
            for f in carriers
        ):
            continue
        claimed_parts = [p for f in carriers for p in by_family[f][op]]
        if _tensor_pattern(op, [partition], facts, context) and any(
            _tensor_pattern(op, [claimed], facts, context) for claimed in claimed_parts
        ):
            continue
        claimed = _first(claimed_parts)
        theirs = describe_object(origins.object(claimed.made_by), origins.family(claimed.made_by))
        mine = describe_object(origins.object(partition.made_by), family[1])
        own_op, own_parts = min(specific.items(), key=lambda item: _first(item[1]).line)
        example = _first(own_parts)
        fixed = free_name(renamed(target, op=own_op), facts, partition.scope) if len(specific) == 1 else None
        reported.add(partition)
        yield renaming(
            partition.line,
            partition.column,
            f"`{partition.target}` is named with pattern `{target.scope}{target.op}`, which is {theirs}'s "
            f"(`{claimed.target}`, line {claimed.line}), but it was made by {mine}, whose partitions are "
            f"`{target.scope}{own_op}...` (`{example.target}`, line {example.line})",
            partition.target, fixed, partition.scope,
        )


_ROLES = ("A", "B")
_OPERAND_COPY_MAKERS = ("make_tiled_copy_A", "make_tiled_copy_B")


def _operand_role(name: str | None, context: RuleContext) -> str | None:
    """``A`` or ``B`` for a tensor its name shows is a GEMM operand's (``mA``, ``sA``, ``tBgB``, ``tBsSFB``)."""
    parsed = (parse_partitioned(name, context.vocabulary) or parse_name(name, context.vocabulary)) if name else None
    if parsed is None:
        return None
    return next((role for role in _ROLES if parsed.what in OPERAND_ROLES[role]), None)


def _operands_moved(facts: FileFacts, context: RuleContext) -> dict:
    """copy object -> {(operand, line)}: the GEMM operands whose tensors each TiledCopy is given, by ``cute.copy``
    or by another module's function that takes the copy with the tensors to move
    (``copy_utils.gather_m_get_copy_fn(thr_copy_A, mA, sA, ...)``)."""
    moved: dict = {}
    uses = [(call.atom_ref, [operand.name for operand in call.operands], call.line) for call in facts.copies]
    for call in facts.foreign_calls:
        names = [argument.name for argument in call.arguments]
        uses += [(ref, names[:at] + names[at + 1:], call.line) for at, ref in enumerate(call.refs) if ref is not None]
    for ref, names, line in uses:
        obj = facts.origin(ref) if ref is not None else None
        if obj is None or obj.kind != "copy":
            continue
        for name in names:
            if (role := _operand_role(name, context)) is not None:
                moved.setdefault(obj, set()).add((role, line))
    return moved


def _copy_of_another_operand(facts: FileFacts, context: RuleContext, reported: set) -> Iterator[Violation]:
    """``tBgB = thr_copy_A.partition_S(gB_tile)``, ``tAcB = thr_copy_B.partition_S(cB)``: a TiledCopy that moves
    only one GEMM operand's tensors (given them by ``cute.copy`` or by a helper of another module) makes a partition
    named with the other operand's pattern, while another TiledCopy of the file moves that operand. Each operand's
    copy carries its own pattern; the name says the other copy made it."""
    moved = _operands_moved(facts, context)
    if len(moved) < 2:
        return
    roles = {obj: {role for role, _ in uses} for obj, uses in moved.items()}
    for partition in facts.partitions:
        if partition in reported or partition.made_by is None or partition.method not in ("partition_S", "partition_D", "retile"):
            continue
        obj = facts.origin(partition.made_by)
        target = parse_partitioned(partition.target, context.vocabulary)
        # a copy made for one operand of an MMA (`make_tiled_copy_A`) given the other's tensor is CI106's
        if obj is None or target is None or len(roles.get(obj, ())) != 1 or obj.maker in _OPERAND_COPY_MAKERS:
            continue
        op = canonical_op(target.op)
        own = next(iter(roles[obj]))
        if op not in _ROLES or op == own:
            continue
        theirs = next((other for other, said in roles.items() if other != obj and said == {op}), None)
        if theirs is None:
            continue
        line = min(at for _, at in moved[obj])
        reported.add(partition)
        yield Violation(
            partition.line, partition.column,
            f"`{partition.target}` is named with operand {op}'s pattern `{target.scope}{op}`, but it was made by "
            f"`{partition.receiver}` ({obj.maker}, line {obj.line}), which moves operand {own}'s tensors (line {line}); "
            f"operand {op}'s are moved by `{theirs.name}` ({theirs.maker}, line {theirs.line})",
        )


def check(facts: FileFacts, context: RuleContext) -> Iterator[Violation]:
    origins = facts.origins
    mma_ops = _mma_ops(facts, context)
    reported: set = set()
    named, by_family, kinds = _families(facts, context, lambda partition, op: origins.family(partition.made_by))
    yield from _borrowed_patterns(named, by_family, kinds, facts, context, reported)
    # read again with each copy made for an MMA carrying its own patterns, the MMA's aside (`tKsK`, `tVsVt`)
    yield from _borrowed_patterns(
        *_families(facts, context, lambda partition, op: _pattern_owner(partition, op, mma_ops, facts)),
        facts, context, reported,
    )
    # read once more over the whole file: an MMA whose partitions are spread over the functions it is passed to,
    # compared with the MMAs it is used beside (two kernels' MMAs name their products apart)
    scopes: dict = {}
    for partition in facts.partitions:
        if partition.made_by is not None and partition.method in MMA_METHODS:
            scopes.setdefault(origins.family(partition.made_by), set()).add(partition.scope)
    yield from _borrowed_patterns(
        *_families(facts, context, lambda partition, op: origins.family(partition.made_by), whole_file=True),
        facts, context, reported, lambda a, b: bool(scopes.get(a[1], set()) & scopes.get(b[1], set())),
        _products(facts, context),
    )
    yield from _fragments_of_other_mma(facts, context, reported)
    yield from _copy_of_another_operand(facts, context, reported)
    yield from _views_with_another_pattern(facts, context)
    targets = {partition: (family, target) for partition, _, family, target in named}
    for partition, op, claimed, other in _shared_pattern(named, kinds, facts, context):
        if partition in reported:
            continue
        reported.add(partition)
        family, target = targets[partition]
        theirs = describe_object(origins.object(claimed.made_by), other[1]) + _call_site(other[1])
        mine = describe_object(origins.object(partition.made_by), family[1])
        mine += _call_site(origins.instance(partition.made_by))
        source = source_name(partition, context.vocabulary)
        fixed = None
        if source is not None and len(source.what) == 1:
            fixed = free_name(renamed(target, op=source.what), facts, partition.scope)
        yield renaming(
            partition.line,
            partition.column,
            f"`{partition.target}` is named with pattern `{target.scope}{op}`, the pattern of {theirs} "
            f"(`{claimed.target}` of `{claimed.source}`, line {claimed.line}), but it was made by {mine}, which "
            f"moves `{partition.source}`, not {op}",
            partition.target, fixed, partition.scope,
        )
    for partition, target, product, line, products in _other_products(facts, context):
        if partition in reported:
            continue
        fixed = free_name(renamed(target, op=product), facts, partition.scope)
        yield renaming(
            partition.line,
            partition.column,
            f"`{partition.target}` is named with op `{target.op}`, but it feeds only the `cute.gemm` at line {line}, "
            f"which accumulates `{products[product]}`: the {product} product of a TiledMma that also makes the "
            f"{target.op} product (`{products[canonical_op(target.op)]}`)",
            partition.target, fixed, partition.scope,
        )


def _fragments_of_other_mma(facts: FileFacts, context: RuleContext, reported: set) -> Iterator[Violation]:
    """``tOrVt = thr_mma_pv.make_fragment_B(thr_mma_qk.partition_B(sVt))``: a fragment maker given another MMA's
    partition lays the fragment out as that MMA's operand, whatever the outer maker; the inner call is resolved by
    the object its receiver's own partitions in the function were made by."""
    origins = facts.origins
    for partition in facts.partitions:
        inner_method, inner_receiver = partition.inner or (None, None)
        if partition in reported or inner_method not in MMA_METHODS or partition.method not in MMA_METHODS \
                or inner_receiver in (None, partition.receiver):
            continue
        inner = next((p for p in facts.partitions if p.scope == partition.scope and p.receiver == inner_receiver
                      and p.made_by is not None), None)
        mine, theirs = origins.family(partition.made_by), origins.family(inner.made_by) if inner else None
        if inner is None or not distinct_objects(mine, theirs):
            continue
        # a name that contradicts the outer maker itself is CI104's (`tOrVt = thr_mma_qk.make_fragment_B(...)`)
        target = parse_partitioned(partition.target, context.vocabulary)
        if target is not None and mma_op_problem(partition, target):
            continue
        reported.add(partition)
        line, column = partition.source_at or (partition.line, partition.column)
        yield Violation(
            line, column,
            f"`{partition.target}` is made by `{partition.receiver}.{partition.method}` "
            f"({describe_object(origins.object(partition.made_by), mine)}), but of "
            f"`{inner_receiver}.{inner_method}(...)`, a partition of another MMA "
            f"({describe_object(origins.object(inner.made_by), theirs)}, whose `{inner.target}` is at line {inner.line}): "
            "the fragment is laid out for that MMA",
        )


def _views_with_another_pattern(facts: FileFacts, context: RuleContext) -> Iterator[Violation]:
    """``tBgA_k = tAgA[(None, m, None)]``: a view (a slice, ``group_modes``, a divide) moves no data and lays nothing
    out anew, so it carries the pattern of the object that made the partition it views; named with the pattern of
    another object's partitions of the same kind in its function, it reads as that object's."""
    origins = facts.origins
    made = {(p.scope, p.target): p for p in facts.partitions if p.made_by is not None}
    for view in facts.layout_views:
        partition = made.get((view.scope, view.source))
        target = parse_partitioned(view.target, context.vocabulary)
        source = parse_partitioned(view.source, context.vocabulary)
        if partition is None or target is None or source is None or partition.line > view.line:
            continue
        op, own = canonical_op(target.op), canonical_op(source.op)
        if op == own or _related(op, own) or is_copy_op(op):
            continue
        mine = origins.family(partition.made_by)
        claimed = next((
            p for p in facts.partitions
            if p.scope == view.scope and p.made_by is not None and _kind(p) == _kind(partition)
            and distinct_objects(origins.family(p.made_by), mine)
            and (name := parse_partitioned(p.target, context.vocabulary)) is not None and canonical_op(name.op) == op
        ), None)
        if claimed is None:
            continue
        theirs = describe_object(origins.object(claimed.made_by), origins.family(claimed.made_by))
        yield renaming(
            view.line, view.column,
            f"`{view.target}` is a view (`{view.method}`) of `{view.source}`, which "
            f"{describe_object(origins.object(partition.made_by), mine)} made at line {partition.line}, but is named "
            f"with pattern `{target.scope}{target.op}`, the pattern of {theirs} (`{claimed.target}`, line "
            f"{claimed.line})",
            view.target, free_name(renamed(target, op=source.op), facts, view.scope), view.scope,
        )


def _product(name: str | None, context: RuleContext) -> str | None:
    """The product a GEMM's accumulator names: its op (``tStS``: S) or its suffix (``acc_O``: O)."""
    parsed = parse_partitioned(name, context.vocabulary) if name else None
    if parsed is not None:
        return None if is_copy_op(parsed.op) else canonical_op(parsed.op)
    return accumulated(name)


def _other_products(facts: FileFacts, context: RuleContext) -> Iterator[tuple]:
    """(partition, its parsed name, the product it feeds, that gemm's line, product -> accumulator) for an MMA
    operand named with one product's op of a TiledMma that issues several (``tiled_mma`` accumulating ``acc_S``
    and ``acc_O``), given only to the other product's gemm: ``tSrVt`` in the gemm into ``acc_O`` next to
    ``tOrS``. Only where the file names that gemm's operands for their product at all: a pattern a function
    gives every operand of its MMA (``tOrDinv``, ``tOrC`` into ``tDCrDC``) is a pattern, not a product."""
    origins = facts.origins
    products: dict = {}
    fed: dict = {}
    for call in facts.gemms:
        family = origins.family(call.atom_ref) if call.atom_ref is not None else None
        product = _product(call.operands[0].name, context) if call.operands else None
        if family is None or product is None:
            continue
        products.setdefault(family, {}).setdefault(product, call.operands[0].name)
        for operand in call.operands[1:3]:
            if operand.name is not None:
                fed.setdefault((family, call.scope, operand.name), {}).setdefault(product, call.line)
    named_for: set = set()
    for (family, _, name), into in fed.items():
        target = parse_partitioned(name, context.vocabulary)
        if target is not None:
            named_for |= {(family, canonical_op(target.op), product) for product in into}
    made = {(p.scope, p.target): p for p in facts.partitions if p.method in MMA_METHODS}
    for (family, scope, name), into in fed.items():
        partition = made.get((scope, name))
        target = parse_partitioned(name, context.vocabulary)
        if partition is None or target is None or len(products[family]) < 2 or len(into) != 1:
            continue
        op = canonical_op(target.op)
        (product, line), = into.items()
        if op != product and op in products[family] and (family, product, product) in named_for:
            yield partition, target, product, line, products[family]

