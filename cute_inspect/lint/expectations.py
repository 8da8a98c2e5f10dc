"""What a partition's name should be, judged from the call that made it (shared by several rules).

>>> from cute_inspect.lint.facts import Partition
>>> from cute_inspect.lint.partitioners import classify
>>> p = Partition("acc", 1, 1, "retile", "tiled_copy_r2s", classify("tiled_copy_r2s"), "tTR_rAcc")
>>> suggested_name(p, "_")
'tRS_rAcc'
"""

from __future__ import annotations

from cute_inspect.lint.facts import TMA_PARTITION, Partition
from cute_inspect.lint.names import (
    DEFAULT_VOCABULARY,
    TensorName,
    Vocabulary,
    canonical_op,
    compose,
    is_direction_op,
    parse_name,
)

# Tensors that play one GEMM operand role; a partitioner of another role must not be given them.
OPERAND_ROLES = {"A": frozenset({"A", "SFA"}), "B": frozenset({"B", "SFB"}), "C": frozenset({"C", "D", "Acc"})}
_MMA_METHODS = frozenset(
    {"partition_A", "partition_B", "partition_C", "make_fragment_A", "make_fragment_B", "make_fragment_C"}
)
_FRAGMENT_WHERE = ("r", "t")


def source_name(partition: Partition, vocabulary: Vocabulary = DEFAULT_VOCABULARY) -> TensorName | None:
    """The parsed name of the tensor being partitioned, when it follows the convention."""
    return parse_name(partition.source, vocabulary) if partition.source else None


def operand_letter(partition: Partition) -> str | None:
    """``A`` for ``partition_A`` / ``make_fragment_A`` (and B, C); None for other partitioners."""
    return partition.method[-1] if partition.method in _MMA_METHODS else None


def role_conflict(partition: Partition, source: TensorName | None) -> str | None:
    """The operand letter whose tensor was given to another operand's partitioner (``partition_A(gB)`` -> B)."""
    letter = operand_letter(partition)
    if letter is None or source is None:
        return None
    for role, tensors in OPERAND_ROLES.items():
        if role != letter and source.what in tensors:
            return role
    return None


def expected_ops(partition: Partition, source: TensorName | None) -> tuple[str, ...] | None:
    """The ops a copy-like partitioner's result may carry; None where it is not known from the call."""
    if partition.partitioner is not None and partition.partitioner.kind in ("copy", "tmem"):
        return partition.partitioner.ops
    if partition.method == TMA_PARTITION and source is not None:
        # A TMA load is named for its operand (tAsA); the epilogue's TMA store and load for their flow.
        return (source.what, "SG", "GS")
    return None


def mma_op_problem(partition: Partition, target: TensorName) -> str | None:
    """Why ``target``'s op cannot name an MMA partition, or None when it can."""
    if partition.partitioner is None or partition.partitioner.kind != "mma":
        return None
    if is_direction_op(target.op):
        return f"`{target.op}` names a copy direction"
    letter = operand_letter(partition)
    if letter in ("A", "B") and target.op == letter:
        return f"`{letter}` names the copy that loads operand {letter}"
    return None


def op_allowed(op: str, allowed: tuple[str, ...]) -> bool:
    return canonical_op(op) in {canonical_op(each) for each in allowed}


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
    ops = expected_ops(partition, source)
    where = expected_where(partition, source)
    if not ops or where is None or source is None or role_conflict(partition, source):
        return None
    op = ops[0]
    return compose("t", op, separator if is_direction_op(op) else "", where, source.what)
