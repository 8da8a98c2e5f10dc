"""`--suggest`: for each traced tensor, the `expect(...)` spec that holds, named in the comment vocabulary.

Modes are named from their level labels (``MMA``, ``MMA_M``, ``RestK``, ``EPI_N``, ``STAGE``...). `expect` binds
a symbol once per compile, so a name that would stand for two extents (``MMA`` is a different atom for A and
for B) is written as its literal extent where it is static, ``?`` where it is a run-time extent, and ``_``
where the label says nothing: every suggested line holds when pasted under its assignment.
"""

from __future__ import annotations

from dataclasses import dataclass

from cute_inspect.trace import levels as _levels
from cute_inspect.trace.shape import DYNAMIC
from cute_inspect.trace.source import relative


@dataclass(frozen=True)
class Suggestion:
    path: str
    line: int
    name: str
    spec: str

    def __str__(self) -> str:
        return f'{self.path}:{self.line}: expect({self.name}, "{self.spec}")'


def _literal(extent) -> str:
    if isinstance(extent, tuple):
        return "(" + ", ".join(_literal(e) for e in extent) + ")"
    return "?" if extent is DYNAMIC else str(extent)


def _spec(shape, tree, bindings: dict) -> str:
    if isinstance(tree, tuple) and isinstance(shape, tuple) and len(tree) == len(shape):
        return "(" + ", ".join(_spec(s, t, bindings) for s, t in zip(shape, tree)) + ")"
    symbol = _levels.symbol(tree) if isinstance(tree, _levels.ModeLabel) else "_"
    if symbol == "_" or bindings.setdefault(symbol, shape) != shape:
        return _literal(shape)
    return symbol


def suggest(trace, include_library: bool = False) -> list[Suggestion]:
    """One `expect` per traced, named tensor (first assignment of a name at a line), in trace order.

    Symbols are shared per kernel, as `expect` shares them per compile.

    >>> import cute_inspect                                                   # doctest: +SKIP
    >>> t = cute_inspect.trace_target("examples/cutlass_blackwell_persistent.py:compile_1cta")  # doctest: +SKIP
    >>> print(suggest(t)[0])                                                  # doctest: +SKIP
    dense_gemm_persistent.py:692: expect(gA_mkl, "(bM, bK, RestM, RestK, RestL)")
    """
    seen = set()
    scopes: dict = {}
    out = []
    for record in trace.records:
        if record.op == "input" or (record.library and not include_library):
            continue
        for name, shape, tree in zip(record.names, record.shapes, record.levels):
            key = (record.file, record.line, name)
            if name is None or shape is None or key in seen:
                continue
            seen.add(key)
            bindings = scopes.setdefault(record.kernel, {})
            out.append(Suggestion(relative(record.file), record.line, name, _spec(shape, tree, bindings)))
    return out
