"""One pass over a module's statements, keeping only what the rules look at.

Rules never walk the AST: they read the facts gathered here (partition assignments, copies, GEMMs), which
keeps one file to a single statement-level traversal.

>>> import ast
>>> facts = collect(ast.parse("tCgA = thr_mma.partition_A(gA_mkl)"))
>>> facts.partitions[0].target, facts.partitions[0].method, facts.partitions[0].source
('tCgA', 'partition_A', 'gA_mkl')
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

from cute_inspect.lint.partitioners import Partitioner, classify

PARTITION_METHODS = frozenset(
    {
        "partition_A", "partition_B", "partition_C", "partition_S", "partition_D",
        "make_fragment_A", "make_fragment_B", "make_fragment_C", "retile",
    }
)
TMA_PARTITION = "tma_partition"
# Calls that return a view of their first argument under the same name in the convention.
_VIEW_FUNCTIONS = frozenset({"group_modes", "filter_zeros", "flatten"})
_SLICE_METHODS = frozenset({"get_slice", "get_slice_"})


@dataclass(frozen=True)
class Partition:
    """``target = receiver.method(source)``; for ``tma_partition``, one fact per target (smem, then gmem).

    ``scope`` numbers the function the assignment is in (0: module level)."""

    target: str
    line: int
    column: int
    method: str
    receiver: str | None
    partitioner: Partitioner | None
    source: str | None
    scope: int = 0


@dataclass(frozen=True)
class Operand:
    """A tensor argument of a copy or GEMM: its resolved name (None when not a plain name) and position."""

    name: str | None
    line: int
    column: int


@dataclass(frozen=True)
class Call:
    """A ``cute.copy`` with its atom (operands: source, destination) or a ``cute.gemm`` (d, a, b, c).

    ``autovec_copy`` / ``basic_copy`` copy element by element with no partitioner, so have no pattern."""

    function: str
    line: int
    column: int
    operands: tuple[Operand, ...]


@dataclass
class FileFacts:
    partitions: list[Partition] = field(default_factory=list)
    copies: list[Call] = field(default_factory=list)
    gemms: list[Call] = field(default_factory=list)
    tma_pairs: list[tuple[str, str]] = field(default_factory=list)  # (smem, gmem) names of one tma_partition


def _callee(func: ast.expr) -> tuple[str | None, ast.expr | None]:
    """(called name, receiver expression) of ``recv.name(...)`` or ``name(...)``."""
    if type(func) is ast.Attribute:
        return func.attr, func.value
    if type(func) is ast.Name:
        return func.id, None
    return None, None


def tensor_name(expr: ast.expr | None, through_partitions: bool = False) -> str | None:
    """The convention name an expression refers to: ``tAgA[None, k]`` -> ``tAgA``, ``params.sQ`` -> ``sQ``,
    ``cute.group_modes(sA, 0, 2)`` -> ``sA``; with ``through_partitions``, ``thr.partition_A(sQ)`` -> ``sQ``."""
    while expr is not None:
        kind = type(expr)
        if kind is ast.Name:
            return expr.id
        if kind is ast.Attribute:
            return expr.attr
        if kind is ast.Subscript:
            expr = expr.value
        elif kind is ast.Call and expr.args:
            name, _ = _callee(expr.func)
            if name in _VIEW_FUNCTIONS or (through_partitions and name in PARTITION_METHODS):
                expr = expr.args[0]
            else:
                return None
        else:
            return None
    return None


def _is_cute_module(expr: ast.expr | None) -> bool:
    """``cute`` or ``cutlass.cute``: the module whose ``copy`` and ``gemm`` are checked."""
    if type(expr) is ast.Name:
        return expr.id == "cute"
    return type(expr) is ast.Attribute and expr.attr == "cute"


def _argument(call: ast.Call, position: int, keyword: str) -> ast.expr | None:
    if len(call.args) > position:
        return call.args[position]
    for kw in call.keywords:
        if kw.arg == keyword:
            return kw.value
    return None


class _Collector:
    def __init__(self) -> None:
        self.facts = FileFacts()
        self.scopes = 0
        self.scope = 0

    def walk(self, body: list[ast.stmt], slices: dict[str, str]) -> None:
        for stmt in body:
            kind = type(stmt)
            if kind is ast.Assign:
                self._assign(stmt.targets, stmt.value, slices)
            elif kind is ast.Expr:
                if type(stmt.value) is ast.Call:
                    self._call(stmt.value)
            elif kind is ast.AnnAssign:
                if stmt.value is not None:
                    self._assign([stmt.target], stmt.value, slices)
            elif kind is ast.FunctionDef or kind is ast.AsyncFunctionDef or kind is ast.ClassDef:
                outer = self.scope
                self.scopes += 1
                self.scope = self.scopes
                self.walk(stmt.body, {})
                self.scope = outer
            else:
                for name in ("body", "orelse", "finalbody"):
                    sub = getattr(stmt, name, None)
                    if sub:
                        self.walk(sub, slices)
                for handler in getattr(stmt, "handlers", ()):
                    self.walk(handler.body, slices)
                for case in getattr(stmt, "cases", ()):
                    self.walk(case.body, slices)

    @staticmethod
    def _receiver(expr: ast.expr | None, slices: dict[str, str]) -> tuple[str | None, str | None]:
        """(name as written, name of the tiled object it was sliced from) of a partitioner."""
        # `tiled_mma.get_slice(tidx).partition_A(gA)` partitions with `tiled_mma`.
        if type(expr) is ast.Call:
            name, inner = _callee(expr.func)
            if name in _SLICE_METHODS:
                expr = inner
        receiver = tensor_name(expr)
        return receiver, slices.get(receiver, receiver) if receiver else None

    def _assign(self, targets: list[ast.expr], value: ast.expr, slices: dict[str, str]) -> None:
        while type(value) is ast.Subscript:
            value = value.value
        if type(value) is not ast.Call or len(targets) != 1:
            return
        target = targets[0]
        method, receiver_expr = _callee(value.func)
        if method in PARTITION_METHODS and type(target) is ast.Name:
            receiver, origin = self._receiver(receiver_expr, slices)
            source = value.args[0] if value.args else None
            self.facts.partitions.append(
                Partition(
                    target.id, target.lineno, target.col_offset + 1, method, receiver,
                    classify(receiver) or classify(origin) if receiver else None,
                    tensor_name(source, through_partitions=True), self.scope,
                )
            )
        elif method == TMA_PARTITION and type(target) in (ast.Tuple, ast.List) and len(target.elts) == 2:
            sources = (_argument(value, 3, "smem_tensor"), _argument(value, 4, "gmem_tensor"))
            if all(type(element) is ast.Name for element in target.elts):
                self.facts.tma_pairs.append((target.elts[0].id, target.elts[1].id))
            for element, source in zip(target.elts, sources):
                if type(element) is ast.Name:
                    self.facts.partitions.append(
                        Partition(
                            element.id, element.lineno, element.col_offset + 1, TMA_PARTITION, None, None,
                            tensor_name(source), self.scope,
                        )
                    )
        elif method in _SLICE_METHODS and type(target) is ast.Name:
            _, origin = self._receiver(receiver_expr, slices)
            if origin:
                slices[target.id] = origin

    def _call(self, call: ast.Call) -> None:
        name, module = _callee(call.func)
        if not _is_cute_module(module):
            return
        if name == "copy":
            self.facts.copies.append(self._operands(call, "cute.copy", ((1, "src"), (2, "dst"))))
        elif name == "gemm":
            positions = ((1, "d"), (2, "a"), (3, "b"), (4, "c"))
            self.facts.gemms.append(self._operands(call, "cute.gemm", positions))

    @staticmethod
    def _operands(call: ast.Call, function: str, positions: tuple[tuple[int, str], ...]) -> Call:
        operands = []
        for position, keyword in positions:
            expr = _argument(call, position, keyword)
            if expr is not None:
                operands.append(Operand(tensor_name(expr), expr.lineno, expr.col_offset + 1))
        return Call(function, call.lineno, call.col_offset + 1, tuple(operands))


def collect(tree: ast.Module) -> FileFacts:
    """The partitions, copies and GEMMs of one parsed module."""
    collector = _Collector()
    collector.walk(tree.body, {})
    return collector.facts
