"""What a partition's name should be, judged from the call that made it (shared by several rules).

>>> from cute_inspect.lint.facts import Partition
>>> from cute_inspect.lint.partitioners import classify
>>> p = Partition("acc", 1, 1, "retile", "tiled_copy_r2s", classify("tiled_copy_r2s"), "tTR_rAcc")
>>> suggested_name(p, "_")
'tRS_rAcc'
"""

from __future__ import annotations

import re

from cute_inspect.lint.facts import TMA_PARTITION, FileFacts, Partition
from cute_inspect.lint.names import (
    DEFAULT_VOCABULARY,
    TensorName,
    Vocabulary,
    canonical_op,
    compose,
    is_copy_op,
    is_direction_op,
    parse_name,
)

# Tensors that play one GEMM operand role; a partitioner of another role must not be given them.
OPERAND_ROLES = {"A": frozenset({"A", "SFA"}), "B": frozenset({"B", "SFB"}), "C": frozenset({"C", "D", "Acc"})}
_MMA_METHODS = frozenset(
    {"partition_A", "partition_B", "partition_C", "make_fragment_A", "make_fragment_B", "make_fragment_C"}
)
# Copy directions an MMA partition can never carry (ST and TS are left out: attention's S-transposed).
_MMA_FORBIDDEN_OPS = frozenset({"TR", "RT", "RS", "SR", "SG", "GS", "RG", "GR"})
# A tensor token and its per-iteration, indexed, transposed or accumulator forms: S0, Si, Kt, QT, SAcc, dVaccum.
_TENSOR_FORM = re.compile(r"(?:[0-9]+|[itT]|Acc|accum)")


def source_name(partition: Partition, vocabulary: Vocabulary = DEFAULT_VOCABULARY) -> TensorName | None:
    """The parsed name of the tensor being partitioned, when it follows the convention."""
    return parse_name(partition.source, vocabulary) if partition.source else None


def operand_letter(partition: Partition) -> str | None:
    """``A`` for ``partition_A`` / ``make_fragment_A`` (and B, C); None for other partitioners."""
    return partition.method[-1] if partition.method in _MMA_METHODS else None


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
    if letter is None or source is None:
        return None
    for role in roles:
        if role != letter and source.what in OPERAND_ROLES[role]:
            return role
    return None


def same_tensor(target: TensorName, source: TensorName) -> bool:
    """Whether two names hold the same tensor: equal tokens, a per-iteration/indexed/transposed/accumulator
    form of it (``S0``, ``Si``, ``Kt``, ``SAcc``, ``dVaccum``), or a view named in the source's variant
    (``tStS_P`` seen as ``P``)."""
    short, long = sorted((target.what, source.what), key=len)
    if short == long or (long.startswith(short) and _TENSOR_FORM.fullmatch(long[len(short):])):
        return True
    return target.what in source.variant.split("_") or source.what in target.variant.split("_")


def copy_op_problem(partition: Partition, target: TensorName, source: TensorName | None) -> tuple[str, str] | None:
    """(expected ops in words, first expected op) when ``target``'s op contradicts a copy-like partitioner."""
    if partition.method == TMA_PARTITION:
        # A TMA load is named for the operand it feeds (tAsdS when dS is the MMA's A) or for a pattern
        # shared by several tensors (quack's tXgdO next to tXgX); only the MMA's own `C` on a tensor that
        # is not C's (tCsA) cannot name one.
        whats = (target.what, source.what if source is not None else "")
        if target.op != "C" or any(what in OPERAND_ROLES["C"] for what in whats):
            return None
        what = source.what if source is not None else target.what
        return f"`{what}` (its operand) or `SG` / `GS`", what
    kind = partition.partitioner.kind if partition.partitioner else None
    if kind not in ("copy", "tmem") or not is_copy_op(target.op):
        return None
    allowed = partition.partitioner.ops
    op = canonical_op(target.op)
    if any(op == each or op.startswith(each + "_") for each in allowed):
        return None
    return " or ".join(f"`{each}`" for each in allowed), allowed[0]


def mma_op_problem(partition: Partition, target: TensorName) -> str | None:
    """Why ``target``'s op cannot name an MMA partition, or None when it can."""
    if partition.partitioner is None or partition.partitioner.kind != "mma":
        return None
    if canonical_op(target.op) in _MMA_FORBIDDEN_OPS or target.op.startswith("TMEM_"):
        return f"`{target.op}` names a copy"
    letter = operand_letter(partition)
    if letter in ("A", "B") and target.op == letter:
        return f"`{letter}` names the copy that loads operand {letter}"
    return None


def expected_where(partition: Partition, source: TensorName | None) -> str | None:
    """The ``<where>`` letter the result should carry, when the call tells."""
    if partition.method in ("make_fragment_A", "make_fragment_B"):
        return "r"
    if partition.method == "make_fragment_C" or source is None:
        return None
    return source.where


def suggested_name(partition: Partition, separator: str, vocabulary: Vocabulary = DEFAULT_VOCABULARY) -> str | None:
    """The full name the result should have, when the call determines every part of it."""
    source = source_name(partition, vocabulary)
    where = expected_where(partition, source)
    if source is None or where is None:
        return None
    if partition.method == TMA_PARTITION:
        op = source.what
    elif partition.partitioner is not None and partition.partitioner.kind in ("copy", "tmem"):
        op = partition.partitioner.ops[0]
    else:
        return None
    return compose("t", op, separator if is_direction_op(op) else "", where, source.what)
