"""What a partition's name should be, judged from the call that made it (shared by several rules).

A name is judged only where it contradicts what the code shows: another tensor of the file, another
memory, another partitioner. Kernel authors' spellings are read as they mean them: abbreviations
(``tWgW`` of ``mWeight``, ``tXgI`` of ``gIdx``), a placeholder such as ``X`` (judged only where the file has
a tensor X), the accumulator family (``C``, ``D`` and ``Acc`` name one tensor unless the file has two of
them), and a helper's parameters, whose names are whatever its callers pass, are not judged at all.

>>> from cute_inspect.lint.facts import Partition
>>> from cute_inspect.lint.partitioners import classify
>>> p = Partition("acc", 1, 1, "retile", "tiled_copy_r2s", classify("tiled_copy_r2s"), "tTR_rAcc")
>>> suggested_name(p, "_")
'tRS_rAcc'
"""

from __future__ import annotations

import re

from cute_inspect.lint.facts import TMA_PARTITION, FileFacts, Partition, TmaPair
from cute_inspect.lint.names import (
    DEFAULT_VOCABULARY,
    TensorName,
    Vocabulary,
    canonical_op,
    compose,
    is_copy_op,
    is_direction_op,
    parse_name,
    parse_prefixed_tile,
    parse_snake_tensor,
    same_memory,
)

# Tensors that play one GEMM operand role; a partitioner of another role must not be given them.
OPERAND_ROLES = {"A": frozenset({"A", "SFA"}), "B": frozenset({"B", "SFB"}), "C": frozenset({"C", "D", "Acc"})}
_ROLE_OF = {what: role for role, whats in OPERAND_ROLES.items() for what in whats}
MMA_METHODS = frozenset(
    {"partition_A", "partition_B", "partition_C", "make_fragment_A", "make_fragment_B", "make_fragment_C"}
)
_FRAGMENT_METHODS = frozenset({"make_fragment_A", "make_fragment_B"})
# Copy directions an MMA partition can never carry (ST and TS are left out: attention's S-transposed).
_MMA_FORBIDDEN_OPS = frozenset({"TR", "RT", "RS", "SR", "SG", "GS", "RG", "GR"})
# Directions a TMA partition can never carry: each names registers or tensor memory.
_NOT_TMA_OPS = _MMA_FORBIDDEN_OPS - {"SG", "GS"}
# A tensor token and its per-iteration, indexed, transposed or accumulator forms: S0, Si, Kt, QT, SAcc, dVaccum.
_TENSOR_FORM = re.compile(r"(?:[0-9]+|[itT]|Acc|accum)")
# Variants that make a name something other than a tensor: rD_shape, sA_layout.
_NOT_TENSOR_VARIANTS = frozenset({"shape", "layout", "ptr", "size", "stride", "dtype", "type", "bytes", "offset"})


def source_name(partition: Partition, vocabulary: Vocabulary = DEFAULT_VOCABULARY) -> TensorName | None:
    """The parsed name of the tensor being partitioned, when it follows the convention; a plain snake-case name
    (``g_out_mnl``) when the result is named in snake case too."""
    if not partition.source:
        return None
    # Python's private prefix is no part of a source's name: `_sQ_tile` is the tile `sQ_tile`.
    parsed = parse_name(partition.source.lstrip("_") or partition.source, vocabulary)
    if parsed is None:
        target = parse_name(partition.target, vocabulary)
        parsed = parse_snake_tensor(partition.source) if target is not None and target.snake else None
    return parsed or parse_prefixed_tile(partition.source, vocabulary)


# Operands that stand for one another in a kernel: a view or a copy side named for the other one names the wrong
# tensor.
OPERAND_FAMILIES = ({"A", "B"}, {"Q", "K", "V"})


def view_source(partition: Partition, facts: FileFacts, vocabulary: Vocabulary = DEFAULT_VOCABULARY) -> TensorName | None:
    """The tensor a source named outside the convention views by layout algebra (``wCsB =
    cute.tiled_divide(sB, tiler)[warp]``, a warp's tile): a partition of it partitions ``sB``."""
    if not partition.source or parse_name(partition.source, vocabulary) is not None:
        return None
    # Layout algebra keeps the tensor and its memory, so a chain of unnamed views (`blkX = cute.local_tile(gX,
    # ...)`, then a slice of it) leads to the tensor named in the convention. A `tma_partition`'s results are its
    # shared and its global side by their place, whatever views it is given.
    for name in facts.views_from(partition.source, partition.scope, layout=partition.method != TMA_PARTITION)[1:]:
        parsed = parse_name(name, vocabulary)
        if parsed is not None:
            return parsed if not parsed.partitioned and not parsed.snake else None
    return None


def operand_letter(partition: Partition) -> str | None:
    """``A`` for ``partition_A`` / ``make_fragment_A`` (and B, C); None for other partitioners."""
    return partition.method[-1] if partition.method in MMA_METHODS else None


def roles_in_use(facts: FileFacts, vocabulary: Vocabulary = DEFAULT_VOCABULARY) -> frozenset[str]:
    """The operand letters this file gives to their own MMA partitioner (``partition_B(gB)`` -> B).

    Only these letters are read as GEMM roles: in Mamba, ``C`` is a state-space matrix and is rightly
    given to ``partition_A``."""
    used = set()
    for partition in facts.partitions:
        letter = operand_letter(partition)
        source = source_name(partition, vocabulary)
        if letter and source is not None and source.what in OPERAND_ROLES[letter]:
            used.add(letter)
    return frozenset(used)


def role_conflict(partition: Partition, source: TensorName | None, roles: frozenset[str]) -> str | None:
    """The operand letter whose tensor was given to another operand's partitioner (``partition_A(gB)`` -> B);
    ``roles`` are the letters the file uses as GEMM roles (``roles_in_use``)."""
    letter = operand_letter(partition)
    # A plain snake-case name (`t_a_subtile`, a layout given to partition_A and partition_C alike) says its
    # memory, not an operand role.
    if letter is None or source is None or source.snake and not source.partitioned:
        return None
    # A and B are inputs; a C given to an input's partitioner is some other matrix named C (Mamba, GDN).
    for role in roles - {"C"}:
        if role != letter and source.what in OPERAND_ROLES[role]:
            return role
    return None


def _abbreviates(short: str, long: str) -> bool:
    """``W`` of ``Weight``, ``I`` of ``Idx``, ``dV`` of ``dVals``: a prefix ending where a lower-case run goes
    on. ``A`` is not ``Acc``: that is the accumulator, another tensor."""
    return (
        len(long) > len(short) and long.startswith(short) and long[len(short)].islower()
        and not long[len(short) - 1:].startswith(("Acc", "acc"))
    )


def _qualified(short: str, long: str) -> bool:
    """``A`` of ``ATransformed``: the tensor with a word after it (a capital, then lower case)."""
    rest = long[len(short):]
    return (
        bool(short) and long.startswith(short) and len(rest) > 1 and rest[0].isupper() and rest[1].islower()
        and not rest.startswith("Acc")
    )


def _unaccumulated(what: str) -> str:
    """``accO`` -> ``O``: FlashAttention's accumulator family (``caccO`` holds O's coordinates); ``AccdQ`` ->
    ``dQ``: the accumulator of a gradient (``tAccdQ``), whose lower-case ``d`` shows where its name starts."""
    if what.startswith("acc") and len(what) > 3:
        return what[3:]
    return what[3:] if what.startswith("Accd") and len(what) > 4 and what[4].isupper() else what


_ACCUMULATOR = re.compile(r"acc_?([A-Za-z][A-Za-z0-9]*)")


def accumulated(name: str | None) -> str | None:
    """The tensor an accumulator named outside the convention holds: ``acc_O`` and ``accO`` hold O."""
    matched = _ACCUMULATOR.fullmatch(name or "")
    return matched.group(1) if matched else None


def _gradient_spelling(what: str) -> str:
    """``DO`` -> ``dO``: a gradient written in capitals (``tDPrDO`` of ``sdO``) is the same tensor."""
    return "d" + what[1:] if len(what) > 1 and what[0] == "D" and what[1].isupper() else what


def same_tensor(target: TensorName, source: TensorName) -> bool:
    """Whether two names hold the same tensor: equal tokens, a per-iteration/indexed/transposed/accumulator
    form of it (``S0``, ``Si``, ``Kt``, ``SAcc``, ``dVaccum``), an abbreviation (``W`` / ``Weight``), or a
    view named in the source's variant (``tStS_P`` seen as ``P``)."""
    short, long = sorted((_unaccumulated(target.what), _unaccumulated(source.what)), key=len)
    if short == long or _gradient_spelling(short) == _gradient_spelling(long) or (long.startswith(short) and _TENSOR_FORM.fullmatch(long[len(short):])):
        return True
    if _abbreviates(short, long) or _qualified(short, long):
        return True
    return target.what in source.variant.split("_") or source.what in target.variant.split("_")


def indexed(a: str, b: str) -> bool:
    """``B1`` beside ``B``: one is the other with an index, which ``same_tensor`` reads as a per-iteration form of
    it, but which names a buffer of its own where the file has one."""
    short, long = sorted((a, b), key=len)
    return long.startswith(short) and long[len(short):].isdigit()


def _tensor(name: str | None, vocabulary: Vocabulary) -> TensorName | None:
    """The parsed name when it names a tensor (not ``sA_layout``, ``rD_shape``, ``sKV_all_layout``)."""
    parsed = parse_name(name, vocabulary) if name else None
    return parsed if parsed is not None and _NOT_TENSOR_VARIANTS.isdisjoint(parsed.variant.split("_")) else None


def _memory(where: str) -> str:
    return "g" if where == "m" else where


def _one_tensor_buffers(same_data: list[tuple[str, str]], vocabulary: Vocabulary) -> list[tuple[str, str]]:
    """The (smem, gmem) pairs of ``tma_partition`` calls whose shared buffer is loaded from one tensor only: a
    ring that two TMA atoms fill with K and with V (``sKVp_box`` paired with ``gKp_box`` and ``gVp_box``) holds
    each in turn, and makes K and V no one tensor."""
    sources: dict[str, set[str]] = {}
    for smem, gmem in same_data:
        parsed = _tensor(gmem, vocabulary)
        sources.setdefault(smem, set()).add(parsed.what if parsed is not None else gmem)
    return [(smem, gmem) for smem, gmem in same_data if len(sources[smem]) == 1]


class TensorIndex:
    """The tensors a file has: the ``what`` and memory of every unpartitioned name it binds (``mD``, ``gB``,
    ``sC``), and which of them hold the same data: one made from the other (``gD = cute.local_tile(mO,
    ...)``: D is O), or the two sides of one ``tma_partition`` (``sB`` and ``gDst``)."""

    def __init__(self, facts: FileFacts, vocabulary: Vocabulary = DEFAULT_VOCABULARY) -> None:
        self.memories: dict[str, set[str]] = {}
        # (tensor, index) of tiles named with an index in their variant (`gK_block0`: K's tile 0)
        self._indexed_tiles: set[tuple[str, str]] = set()
        for name in set().union(*(scope.bound for scope in facts.scopes)):  # a name bound in many functions once
            parsed = _tensor(name, vocabulary)
            if parsed is not None and not parsed.partitioned:
                self.memories.setdefault(parsed.what, set()).add(_memory(parsed.where))
                index = re.search(r"\d+$", parsed.variant)
                if index:
                    self._indexed_tiles.add((parsed.what, index.group()))
        self._group: dict[str, str] = {}
        paired = _one_tensor_buffers(facts.same_data, vocabulary)
        for made, made_from in facts.derived + paired:
            a, b = _tensor(made, vocabulary), _tensor(made_from, vocabulary)
            # Only plain tensors hold data: `tVcV = tKcK` reuses coordinates, it does not make V of K.
            if a is None or b is None or a.partitioned or b.partitioned or "c" in (a.where, b.where):
                continue
            if (made, made_from) in paired and self._crossed(a.what, b.what):
                continue
            if a.what != b.what:
                self._union(a.what, b.what)

    def _crossed(self, buffer_tensor: str, tile_tensor: str) -> bool:
        """A ``tma_partition`` pairing one tensor's shared buffer with another's global tile, where each has a
        buffer and a global tile of its own (``sK`` with ``gV_local`` beside ``gK_local`` and ``sV``), crosses two
        tensors: it is no evidence that they are one."""
        return "g" in self.memories.get(buffer_tensor, ()) and "s" in self.memories.get(tile_tensor, ())

    def _find(self, what: str) -> str:
        while self._group.get(what, what) != what:
            what = self._group[what]
        return what

    def _union(self, a: str, b: str) -> None:
        self._group[self._find(a)] = self._find(b)

    def other_tensor(self, what: str, than: TensorName) -> bool:
        """``what`` is a tensor of this file, and neither is made from the other: in ``than``'s memory, or in any
        memory for a tensor that is no GEMM operand role (a norm backward's ``dX`` in global memory is not the
        ``dO`` its shared buffer holds; ``B`` may name whichever tensor plays operand B)."""
        base = self._indexed_tensor(what)
        if base != what and than.what.rstrip("0123456789") == base:
            return False  # two indexed tiles of one tensor (`tHgH1` of the tensor of `gH0`)
        what = base
        memories = self.memories.get(what, ())
        if _memory(than.where) not in memories and (what in _ROLE_OF or not memories):
            return False
        return self._find(what) != self._find(than.what)

    def _indexed_tensor(self, what: str) -> str:
        """``K0`` (``tKgK0``) names K's tile 0 where the file names a tile of K with that index (``gK_block0``) and
        has no tensor ``K0`` of its own; an index alone may name a tensor's own half or stage (``H0``, ``H1``)."""
        base = what.rstrip("0123456789")
        indexed_tile = (base, what[len(base):]) in self._indexed_tiles
        return base if what not in self.memories and base != what and indexed_tile else what

    def plausible_op(self, name: TensorName, source: TensorName) -> bool:
        """An op spelled as a capitalised word (``Delta`` in tDeltasCumsumDelta) must be a tensor of the file:
        ``tTransferC`` does not read as op ``Transfe``, where ``r``."""
        op = name.op
        if not any(c.islower() for c in op) or op.startswith(("acc", "d")) or is_direction_op(op):
            return True
        return op in self.memories or op == source.what


def what_contradicts(target: TensorName, source: TensorName, index: TensorIndex) -> bool:
    """Whether ``target`` names another tensor than ``source``'s: another GEMM operand (``B`` for ``A``), or
    a tensor the file has, in that memory, apart from the source (``sK`` for ``sQ``). A partition is compared
    so only when it is of global memory, which holds one tensor, and names a tensor the file has (``tAgV`` of
    ``gV``): a buffer's or a fragment's contents change over time (``tCcShared`` holds V at one stage,
    ``tSrS_f16`` dS once converted); coordinate tensors (``c``) hold only coordinates. ``D`` for ``C`` is the output's usual name unless the file holds
    a D of its own; ``C`` or ``D`` for the accumulator names what it holds."""
    if same_tensor(target, source) or _qualified_by_op(target, source):
        return False
    target_role, source_role = _ROLE_OF.get(target.what), _ROLE_OF.get(source.what)
    if target_role and source_role and target_role != source_role:
        return True
    if target_role == source_role == "C" and "Acc" in (target.what, source.what):
        return False
    if source.where == "c" or (source.partitioned and (source.where not in "mg" or source.what not in index.memories)):
        return False
    return index.other_tensor(target.what, source)


def _qualified_by_op(target: TensorName, source: TensorName) -> bool:
    """The target's op carries a word the source's name has inline, and the target leaves it out of its tensor:
    ``tPxDqsKt`` of ``sKpxt`` (the proxy branch's K^T, ``Px`` said once, in the op)."""
    for word in re.findall(r"[A-Z][a-z]+", target.op or ""):
        at = source.what.lower().find(word.lower(), 1)
        if at > 0 and source.what[:at] + source.what[at + len(word):] == target.what:
            return True
    return False


def where_agrees(partition: Partition, target: TensorName, source: TensorName) -> bool:
    """The result's where letter tells the source's memory: equal, or ``m`` / ``g`` (both global). An MMA
    operand fragment may say ``r``, ``s`` (an SMEM descriptor) or ``t`` (a TMEM operand)."""
    if partition.method in _FRAGMENT_METHODS:
        return target.where in "rst"
    if same_memory(target.where, source.where):
        return True
    # An MMA operand fragment is named `r` wherever it lives (tcgen05 A in TMEM): its copies may say `t`.
    return source.partitioned and source.where == "r" and target.where == "t" and not is_copy_op(source.op)


def tma_direction(pair: TmaPair, facts: FileFacts, vocabulary: Vocabulary = DEFAULT_VOCABULARY) -> str | None:
    """``load`` or ``store`` for one ``tma_partition``: from the copies of its results (smem to gmem is a
    store), else from the copies made with its atom, else from the op the atom was made with."""
    by_atom = None
    for copy in facts.copies:
        if len(copy.operands) != 2:
            continue
        source, destination = (operand.name for operand in copy.operands)
        if source is not None and source in (pair.smem, pair.gmem) or destination in (pair.smem, pair.gmem):
            if source == pair.smem or (destination is not None and destination == pair.gmem):
                return "store"
            return "load"
        if by_atom is None and pair.atom is not None and copy.atom == pair.atom:
            names = [parse_name(name, vocabulary) if name else None for name in (source, destination)]
            if all(names):
                wheres = names[0].where + names[1].where
                by_atom = "store" if wheres in ("sg", "sm") else "load" if wheres in ("gs", "ms") else None
    return by_atom or facts.atom_directions.get(pair.atom or "")


def tma_pair_of(name: str, facts: FileFacts, scope: int | None = None) -> TmaPair | None:
    """The ``tma_partition`` that made ``name``, or a tensor it was sliced from (``tBgB_cta = tBgB[...]``): the one
    in function ``scope`` first, where two functions (two kernels' ``_kernel_main``) each name theirs so."""
    derived = facts.made_from
    pairs = sorted(facts.tma_pairs, key=lambda pair: pair.scope != scope)
    for _ in range(4):
        for pair in pairs:
            if name in (pair.smem, pair.gmem):
                return pair
        name = derived.get(name, "")
        if not name:
            return None
    return None


def copy_op_problem(
    partition: Partition, target: TensorName, source: TensorName | None, facts: FileFacts,
    vocabulary: Vocabulary = DEFAULT_VOCABULARY,
) -> tuple[str, str | None] | None:
    """(expected ops in words, first expected op: None when the file does not show which) when ``target``'s op
    contradicts a copy-like partitioner."""
    if partition.method == TMA_PARTITION:
        return _tma_op_problem(partition, target, source, facts, vocabulary)
    kind = partition.partitioner.kind if partition.partitioner else None
    if kind not in ("copy", "tmem") or not is_copy_op(target.op):
        return None
    allowed = partition.partitioner.ops
    op = canonical_op(target.op)
    if any(op == each or op.startswith(each + "_") for each in allowed) or _borrowed(partition, op, target.where):
        return None
    return " or ".join(f"`{each}`" for each in allowed), allowed[0]


_WHERE_MEMORY = {"g": "G", "m": "G", "s": "S", "r": "R", "t": "T"}


def _borrowed(partition: Partition, op: str, where: str) -> bool:
    """A tensor of another memory laid out like one side of a copy, for the copy it takes from there:
    ``tRG_gState = thr_t2r.partition_D(gS)`` lays global memory out as T2R's registers, for R2G."""
    direction = partition.partitioner.ops[0]
    if partition.method not in ("partition_S", "partition_D"):
        return False
    if not (is_direction_op(op) and is_direction_op(direction)):
        return False
    side = direction[0] if partition.method == "partition_S" else direction[1]
    memory = _WHERE_MEMORY.get(where)
    return side in op and memory is not None and memory != side and memory in op


def _tma_op_problem(
    partition: Partition, target: TensorName, source: TensorName | None, facts: FileFacts, vocabulary: Vocabulary
) -> tuple[str, str | None] | None:
    # A TMA partition is named for the operand it feeds (tAsdS when dS is the MMA's A), for a pattern
    # shared by several tensors (quack's tXgdO next to tXgX), or by its direction (bSG_gC in an epilogue).
    if canonical_op(target.op) in ("GS", "SG") or canonical_op(target.op) in _NOT_TMA_OPS:
        pair = tma_pair_of(partition.target, facts, partition.scope)
        direction = tma_direction(pair, facts, vocabulary) if pair else None
        wanted = {"load": "GS", "store": "SG"}.get(direction or "")
        if wanted and canonical_op(target.op) != wanted:
            return f"`{wanted}` (a TMA {direction})", wanted
        if canonical_op(target.op) in _NOT_TMA_OPS:  # a TMA copies between global and shared memory only
            return "`GS` or `SG` (a TMA copies between global and shared memory)", None
        return None
    # The MMA's own `C` on a tensor that is not C's (tCsA) cannot name a TMA partition.
    whats = (target.what, source.what if source is not None else "")
    if target.op != "C" or any(what in OPERAND_ROLES["C"] for what in whats):
        return None
    what = source.what if source is not None else target.what
    return f"`{what}` (its operand) or `SG` / `GS`", what


def mma_op_problem(partition: Partition, target: TensorName) -> tuple[str, str | None] | None:
    """(why ``target``'s op contradicts its MMA partitioner, the op it should carry when known), or None.

    Contradictions: a copy direction; another operand's letter (``tAgC`` from ``partition_C``); the other
    attention matmul's op (``tS...`` from ``mma_pv``, whose results are ``tO...``)."""
    if partition.partitioner is None or partition.partitioner.kind != "mma":
        return None
    own = partition.partitioner.ops[0] if partition.partitioner.ops else None
    if canonical_op(target.op) in _MMA_FORBIDDEN_OPS or target.op.startswith("TMEM_"):
        return f"`{target.op}` names a copy", own
    letter = operand_letter(partition)
    if target.op in ("A", "B") and letter is not None and target.op != letter:
        return f"`{target.op}` names operand {target.op}, not {letter}", own
    if own is not None and target.op in ("S", "O") and target.op != own:
        matmul = "Q·K" if own == "S" else "P·V"
        return f"it is the {matmul} MMA, whose results are `t{own}...`, not `t{target.op}...`", own
    return None


def same_letter_mma_op(partition: Partition, target: TensorName) -> bool:
    """``tAgA = thr_mma.partition_A(gA)``: an MMA partition named with its operand's letter, the pattern CuTe
    keeps for the copy that loads that operand (style, not a contradiction)."""
    if partition.partitioner is None or partition.partitioner.kind != "mma":
        return False
    letter = operand_letter(partition)
    return letter in ("A", "B") and target.op == letter


def expected_where(partition: Partition, source: TensorName | None) -> str | None:
    """The ``<where>`` letter the result should carry, when the call tells."""
    if partition.method in _FRAGMENT_METHODS:
        return "r"
    if partition.method == "make_fragment_C" or source is None:
        return None
    return source.where


def suggested_name(partition: Partition, separator: str, vocabulary: Vocabulary = DEFAULT_VOCABULARY) -> str | None:
    """The full name the result should have, when the call determines every part of it."""
    source = source_name(partition, vocabulary)
    where = expected_where(partition, source)
    # A snake-case source (`t_cg_a`) names its tensor in lower case: no camel-case name follows from it.
    if source is None or where is None or source.snake:
        return None
    if partition.method == TMA_PARTITION:
        op = source.what
    elif partition.partitioner is not None and partition.partitioner.kind in ("copy", "tmem"):
        op = partition.partitioner.ops[0]
    elif partition.partitioner is not None and partition.partitioner.ops:
        op = partition.partitioner.ops[0]
    else:
        return None
    return compose("t", op, separator if is_direction_op(op) else "", where, source.what)


def free_name(name: str | None, facts: FileFacts, scope: int) -> str | None:
    """``name`` when it is not already bound in ``scope`` (a suggestion must not collide), else None."""
    return name if name is not None and not facts.bound_in(name, scope) else None


def operand_said(tensor: str, vocabulary: Vocabulary) -> str | None:
    """The GEMM operand a global tensor's name says: ``mB``, ``gB_nkl``, or the bare letter a launcher's parameters
    are often called (``b: cute.Tensor``)."""
    parsed = parse_name(tensor, vocabulary)
    if parsed is not None and not parsed.partitioned:
        what = parsed.what
    elif len(tensor) == 1 or re.fullmatch(r"[AB]_[a-z]\w*", tensor):
        # a launcher's view of its parameter, named with the parameter's letter (`B_reshaped`, `A_view`)
        what = tensor[0].upper()
    else:
        what = None
    return what if what in ("A", "B") else None
