"""The tensor-name grammar of the CuTe naming convention, parsed into small frozen records.

    partitioned:     <scope><op>[_]<where><what>[_<variant>]     tCgA  tTR_tAcc  bSG_gD  tdQrdS  t0QcQ
    unpartitioned:   <where><what>[_<variant>]                    gA_mkl  sA  tAcc_epi  cC

Both the op and the tensor (``what``) vocabularies are open, as in CUTLASS: an op is an operand family
(``A``, ``C``, ``S``, ``QK``), a data-flow direction (``TR``, ``RS``, ``SG``, alias ``R2G``, or lower-case as
kernel authors also write it: ``ts2rsLSE``), an upper-case word (``TMEM_LOAD``), a gradient (``dQ``) or an
accumulator (FlashAttention's ``taccOrO``: op ``accO``); a tensor is a capitalised word (``Acc``, ``SFA``,
``State``), a gradient (``dS``) or an accumulator (``caccO``). A direction glued to the end of the tensor
(``tdQsdQaccumg2s``) is read as its variant. ``Vocabulary`` adds tokens that do not have those shapes.

>>> parse_name("tTR_tAcc")
TensorName(scope='t', op='TR', separator='_', where='t', what='Acc', variant='', inner='')
>>> parse_name("gA_mkl").partitioned
False
>>> parse_name("tdQsdQaccumg2s").what, parse_name("ts2rsLSE").op
('dQaccum', 's2r')
>>> parse_name("acc_vec") is None
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

WHERE_LETTERS = "mgsrtc"
_MEMORY_OP_LETTERS = "GSRT"
_GLOBAL_WHERE = frozenset("mg")


@dataclass(frozen=True)
class Vocabulary:
    """Op and tensor tokens accepted on top of the built-in shapes (config ``extra-ops``, ``extra-tensors``)."""

    extra_ops: tuple[str, ...] = ()
    extra_tensors: tuple[str, ...] = ()
    # a file's tiles written in lower case (`sa`, `sb`) for the convention's `sA`, `sB` (`lower_case_tiles`)
    lower_tiles: frozenset[str] = frozenset()


DEFAULT_VOCABULARY = Vocabulary()


@dataclass(frozen=True)
class TensorName:
    """One parsed tensor name; ``scope`` and ``op`` are empty for an unpartitioned name."""

    scope: str
    op: str
    separator: str
    where: str
    what: str
    variant: str
    inner: str = ""  # the pattern of a partitioned source kept in the name: `tC` in tTR_tCcState
    snake: bool = False  # spelled in snake case (`t_cg_a` for tCgA, `t_tr_r_acc` for tTR_rAcc)

    @property
    def partitioned(self) -> bool:
        return bool(self.scope)

    @property
    def pattern(self) -> str:
        """The partitioning pattern ``<scope><op>``, with spellings of one op merged: ``tR2G`` reads as
        ``tRG``, and ``tTMEM_LOAD`` / ``tTMEM_STORE_VEC`` as ``tTM`` (the TMEM tiled-copy family)."""
        op = canonical_op(self.op)
        return self.scope + ("TM" if op.startswith("TMEM_") else op)


def renamed(name: TensorName, **parts: str) -> str:
    """``name`` with some parts replaced: ``renamed(parse_name("tTR_sC"), op="RS") == "tRS_sC"``."""
    fields = {key: getattr(name, key) for key in ("scope", "op", "separator", "where", "what", "variant", "inner",
                                                   "snake")}
    fields.update(parts)
    return compose(**fields)


def canonical_op(op: str) -> str:
    """``T2R`` -> ``TR``, ``s2r`` -> ``SR``: the ``X2Y`` direction aliases name the same op as ``XY``."""
    if len(op) == 3 and op[1] == "2" and op[0].upper() in _MEMORY_OP_LETTERS and op[2].upper() in _MEMORY_OP_LETTERS:
        return (op[0] + op[2]).upper()
    return op


def is_copy_op(op: str) -> bool:
    """True for an op that can only name a copy: a direction (``TR``, ``R2G``) or a TMEM copy (``TMEM_LOAD``)."""
    return is_direction_op(op) or op.startswith("TMEM_") or op == "TM"


def is_direction_op(op: str) -> bool:
    """True for a data-flow op named by two memory letters, source then destination (``TR``, ``SG``, ``R2G``)."""
    op = canonical_op(op)
    return len(op) == 2 and op[0] in _MEMORY_OP_LETTERS and op[1] in _MEMORY_OP_LETTERS


#: what each where letter names, in words, for findings
WHERE_WORDS = {
    "m": "global memory", "g": "global memory", "s": "shared memory", "r": "registers", "t": "tensor memory",
    "c": "coordinates",
}


def same_memory(where_a: str, where_b: str) -> bool:
    """Where letters naming the same memory: ``m`` (whole tensor) and ``g`` (a tile of it) are both global."""
    return where_a == where_b or (where_a in _GLOBAL_WHERE and where_b in _GLOBAL_WHERE)


def _alternatives(extra: tuple[str, ...], builtin: str) -> str:
    tokens = sorted(extra, key=len, reverse=True)
    return "|".join([re.escape(token) for token in tokens] + [builtin])


@lru_cache(maxsize=None)
def _patterns(vocabulary: Vocabulary) -> tuple[re.Pattern[str], re.Pattern[str]]:
    # Upper-case ops first (tCtAcc reads as op C, not Ct), then capitalised words (tDeltasDelta).
    op = _alternatives(
        vocabulary.extra_ops,
        r"d[A-Z][A-Za-z0-9]*?|[A-Z][A-Z0-9]*(?:_[A-Z][A-Z0-9]*)*|[A-Z][A-Za-z0-9]*?|[gsrt]2[gsrt]|accd?[A-Z][A-Za-z0-9]*?",
    )
    # 0X: thread 0's slice of X (tXc0X), kept for predicates.
    what = _alternatives(vocabulary.extra_tensors, r"0?d?[A-Z][A-Za-z0-9]*|acc[A-Z][A-Za-z0-9]*")
    tail = rf"(?P<where>[{WHERE_LETTERS}])(?P<what>{what})(?:_(?P<variant>\w*))?"
    # t0: thread 0's partition, kept for predicates (t0QcQ in the flash-attention kernels).
    partitioned = re.compile(rf"(?P<scope>t0|[tb])(?P<op>{op})(?P<sep>_?){tail}")
    unpartitioned = re.compile(tail)
    return partitioned, unpartitioned


_GLUED_DIRECTION = re.compile(r"(?P<what>.+?[A-Za-z0-9])(?P<direction>[gsrt]2[gsrt])")


def _unglued(what: str, variant: str) -> tuple[str, str]:
    """``dQaccumg2s`` -> (``dQaccum``, ``g2s``): a direction glued to the tensor is a variant."""
    match = _GLUED_DIRECTION.fullmatch(what)
    if match is None:
        return what, variant
    return match["what"], "_".join(part for part in (match["direction"], variant) if part)


@lru_cache(maxsize=65536)
def parse_name(name: str, vocabulary: Vocabulary = DEFAULT_VOCABULARY) -> TensorName | None:
    """Parse ``name`` as a partitioned name, else as an unpartitioned one; None when it is neither."""
    if vocabulary.lower_tiles and name[:2] in vocabulary.lower_tiles and name[2:3] in ("", "_"):
        name = name[0] + name[1].upper() + name[2:]  # `sa_for_tma_partition` is `sA_for_tma_partition`
    partitioned, unpartitioned = _patterns(vocabulary)
    separated = _separated(name, vocabulary)
    if separated is not None:
        return separated
    match = unpartitioned.fullmatch(name)
    if match and match["where"] == "t" and match["what"].startswith("Acc"):
        # `tAccA`, `tAcc_qk`: an accumulator in tensor memory, not a partition with op `Ac`.
        what, variant = _unglued(match["what"], match["variant"] or "")
        return TensorName("", "", "", "t", what, variant)
    match = partitioned.fullmatch(name)
    if match and _word_cut(match["op"], match["what"], vocabulary):
        match = None
    if match:
        what, variant = _unglued(match["what"], match["variant"] or "")
        if match["sep"]:
            # tTR_tCcState: a copy's partition of the MMA partition tCcState keeps that name whole.
            inner = parse_partitioned(name[match.end("sep"):], vocabulary)
            if inner is not None and not inner.inner and _plain_op(inner.op):
                return TensorName(
                    match["scope"], match["op"], match["sep"], inner.where, inner.what, inner.variant,
                    inner.scope + inner.op,
                )
        return TensorName(match["scope"], match["op"], match["sep"], match["where"], what, variant)
    match = unpartitioned.fullmatch(name)
    if match:
        what, variant = _unglued(match["what"], match["variant"] or "")
        return TensorName("", "", "", match["where"], what, variant)
    return _snake_partition(name)


# The convention in snake case, for partitions only: `t_cg_a` (op C, global, A), `t_tr_t_acc` (op TR, tensor
# memory, Acc), `b_sg_s_out_partitioned`. A plain snake name (`s_max`, `g_row`) says no memory: not read.
_SNAKE_PARTITION = re.compile(
    r"(?P<scope>[tb])_(?:(?P<direction>[gsrt][gsrt])_(?P<where>[mgsrtc])|(?P<op>[a-z])(?P<where1>[mgsrtc]))"
    r"_(?P<what>[a-z][a-z0-9]*)(?:_(?P<variant>[a-z0-9_]+))?"
)


_SNAKE_TENSOR = re.compile(r"(?P<where>[mgsrtc])_(?P<what>[a-z][a-z0-9]*)(?:_(?P<variant>[a-z0-9_]+))?")


# `tCr_score_tile`, `tSs_dout_tile`: the convention's scope, op and where letter, then the tensor in snake-case words.
_SNAKE_TAIL = re.compile(r"t([A-Z]{1,3})([srgtc])_([a-z][a-z0-9]*(?:_[a-z0-9]+)*)")


def parse_snake_tail(name: str) -> TensorName | None:
    """``tCr_score_tile`` read as op ``C``, where ``r``, and the words of its tensor (kept as the variant, so the
    name composes back: renamed to tensor memory it is ``tCt_score_tile``); None for any other spelling."""
    match = _SNAKE_TAIL.fullmatch(name)
    return None if match is None else TensorName("t", match[1], "", match[2], "", match[3])


def parse_snake_tensor(name: str) -> TensorName | None:
    """``g_out_mnl`` as ``gOut_mnl``: a plain tensor in snake case. Only where the code around it names its
    partitions in snake case (``t_cs_out = thr_mma.partition_C(g_out_mnl)``) does the first letter say a memory;
    elsewhere ``s_max`` is a softmax statistic."""
    match = _SNAKE_TENSOR.fullmatch(name)
    if match is None:
        return None
    what = match["what"].capitalize() if len(match["what"]) > 1 else match["what"].upper()
    return TensorName("", "", "", match["where"], what, match["variant"] or "", snake=True)


def _snake_partition(name: str) -> TensorName | None:
    match = _SNAKE_PARTITION.fullmatch(name)
    if match is None:
        return None
    what = match["what"].capitalize() if len(match["what"]) > 1 else match["what"].upper()
    if match["direction"]:
        return TensorName(match["scope"], match["direction"].upper(), "_", match["where"], what,
                          match["variant"] or "", snake=True)
    return TensorName(match["scope"], match["op"].upper(), "", match["where1"], what, match["variant"] or "",
                      snake=True)


def _word_cut(op: str, what: str, vocabulary: Vocabulary) -> bool:
    """An op read out of a word: ``tOSplitCount`` is not op ``OSpli``, memory ``t``, tensor ``Count``. An op
    spelled as a word names the tensor it partitions (``tDeltasDelta``, ``tRabsRAB``, ``tDeltagCumsumDelta``)
    or is a row of short abbreviations (``tPxDkrQ``); one that ends inside a longer lower-case word and names
    another tensor cuts the word where the where letter happens to fall."""
    if op in vocabulary.extra_ops or not op[-1:].islower() or op.startswith(("d", "acc")):
        return False
    if op.casefold() in what.casefold():
        return False
    words = re.findall(r"[A-Z][a-z0-9]*", op)
    return bool(words) and len(words[-1]) > 2


def says_coordinates(name: TensorName, inside: str = "") -> bool:
    """``gCcoord``, ``gA_crd``, ``gPcP`` (a tile of ``cP``, given as ``inside``): a name whose words, or a
    coordinate tensor's own name inside it, say coordinates, whatever its first letter."""
    words = name.what + "_" + name.variant
    return bool(inside) and inside in words or any(word in words.casefold() for word in ("coord", "crd", "idx"))


# The convention in lower case (`txgx = thr_copy_x.partition_S(gx)`, `twrw`, `txgo`): scope `t`, a one-letter op,
# a where letter (not `t`: `tptr`) and a one-letter tensor; its plain tiles are `gx`, `sx`. Words are not read
# (`total`).
_LOWER_PARTITION = re.compile(r"t(?P<op>[a-z])(?P<where>[gsrc])(?P<what>[a-z])")
_LOWER_TENSOR = re.compile(r"(?P<where>[mgsrc])(?P<what>[a-z])")


def parse_lower_partition(name: str) -> TensorName | None:
    """``txgo`` as op ``x``, global memory, tensor ``o``; None for any other spelling."""
    match = _LOWER_PARTITION.fullmatch(name)
    return None if match is None else TensorName("t", match["op"], "", match["where"], match["what"], "")


def parse_lower_tensor(name: str) -> TensorName | None:
    """``gx`` as the global tile of tensor ``x``, or a lower-case partition (``twrw``)."""
    match = _LOWER_TENSOR.fullmatch(name)
    return TensorName("", "", "", match["where"], match["what"], "") if match else parse_lower_partition(name)


# A tile named with a lower-case word before the convention (`local_gA`, `cur_sB`): the word says which tile, the rest
# which tensor in which memory.
_PREFIXED_TILE = re.compile(r"[a-z][a-z0-9]*_(?P<tile>[mgsrc][A-Z][A-Za-z0-9]*(?:_\w+)?)")


def parse_prefixed_tile(name: str | None, vocabulary: Vocabulary = DEFAULT_VOCABULARY) -> TensorName | None:
    """``local_gB`` as the global tile of B; None for any other spelling. Read only where the code proves the name a
    tensor (a view's result, a partition's argument): elsewhere ``num_sA`` could be a count."""
    match = _PREFIXED_TILE.fullmatch(name or "")
    parsed = parse_name(match["tile"], vocabulary) if match else None
    return parsed if parsed is not None and not parsed.partitioned and not parsed.snake else None


_SCOPE_AND_OP = re.compile(r"(?:t0|[tb])[A-Z][A-Z0-9]*_?")


def names_whole_source(name: str, source: str | None) -> bool:
    """``tAcrdA`` of ``crdA``: a partition named the convention's scope and op, then its source's whole name, names
    that source whatever the letters inside it would read as (``crdA`` is no where letter ``c`` and tensor)."""
    return bool(source) and name.endswith(source) and _SCOPE_AND_OP.fullmatch(name[: -len(source)]) is not None


def _plain_op(op: str) -> bool:
    """An op that reads as one without a tensor around it: upper case (``C``, ``TR``), a gradient or an
    accumulator. ``Ac`` (from ``tAccA``) is not: that is the accumulator ``AccA``."""
    return op.isupper() or op.startswith(("d", "acc")) or is_direction_op(op)


@lru_cache(maxsize=8)
def _head_pattern(vocabulary: Vocabulary) -> re.Pattern[str]:
    partitioned, _ = _patterns(vocabulary)
    op = partitioned.pattern.split("(?P<op>", 1)[1].split(")(?P<sep>", 1)[0]
    return re.compile(rf"(?P<scope>t0|[tb])(?P<op>{op})")


def _separated(name: str, vocabulary: Vocabulary) -> TensorName | None:
    """The whole convention ``t<op>_<where><what>``, read first where the name has that form: the tensor after
    the ``_`` is kept whole (``tTR_tAccA`` holds ``AccA``, ``tDtBias_gDtBias`` holds ``DtBias``)."""
    head, underscore, tail = name.partition("_")
    if not underscore or not tail[:1] or tail[0] not in WHERE_LETTERS:
        return None
    match = _head_pattern(vocabulary).fullmatch(head)
    if match is None:
        return None
    inner = parse_name(tail, vocabulary)
    if inner is None or inner.inner:
        return None
    # `tXsX_sLSE` is the partition tXsX with a variant; `tDtBias_gDtBias` is op DtBias on gDtBias.
    if match["op"] != inner.what and _patterns(vocabulary)[0].fullmatch(head):
        return None
    if inner.partitioned:
        if not _plain_op(inner.op):
            return None
        return TensorName(match["scope"], match["op"], "_", inner.where, inner.what, inner.variant, inner.scope + inner.op)
    return TensorName(match["scope"], match["op"], "_", inner.where, inner.what, inner.variant)


def parse_partitioned(name: str, vocabulary: Vocabulary = DEFAULT_VOCABULARY) -> TensorName | None:
    """Like ``parse_name`` but None unless the name reads as a partitioned one."""
    parsed = parse_name(name, vocabulary)
    return parsed if parsed is not None and parsed.partitioned else None


def compose(
    scope: str, op: str, separator: str, where: str, what: str, variant: str = "", inner: str = "", snake: bool = False
) -> str:
    """The partitioned name built from its parts: ``compose("t", "TR", "_", "r", "Acc") == "tTR_rAcc"``; in snake
    case, ``t_tr_r_acc``."""
    if snake and not inner:
        head = f"{scope}_{op.lower()}_{where}" if is_direction_op(op) else f"{scope}_{op.lower()}{where}"
        return (f"{head}_{what.lower()}" if scope else f"{where}_{what.lower()}") + (f"_{variant}" if variant else "")
    return f"{scope}{op}{separator}{inner}{where}{what}" + (f"_{variant}" if variant else "")
