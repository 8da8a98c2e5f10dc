"""Which object made a tensor: partitioner objects (TiledMma, TiledCopy, TMA atoms) followed through the source.

The collector (``cute_inspect.lint.facts``) records, while it walks a module, a ``Ref`` for each expression
that may hold a partitioner: the object a maker call creates (``cute.make_tiled_mma(...)``), a binding that
holds one (``thr_mma = tiled_mma.get_slice(tidx)`` is ``tiled_mma``'s object), a function's parameter, an
attribute (``self.tiled_mma``, ``params.thr_mma_dq``) or what a function of the file returns. ``Origins``
resolves a reference at the end: a parameter through every call of its function in the file, an attribute
through every assignment and keyword of that name, a returned tuple element through the function's
``return``. Names are never read for meaning here: two bindings are one object only when the code says so.

>>> import ast
>>> from cute_inspect.lint.facts import collect
>>> facts = collect(ast.parse('''
... def kernel(self):
...     mma = cute.make_tiled_mma(MmaF16BF16Op())
...     thr = mma.get_slice(0)
...     self.helper(thr)
... def helper(self, thr_x):
...     tCsA = thr_x.partition_A(sA)
... '''))
>>> obj = facts.origin(facts.partitions[0].made_by)
>>> obj.kind, obj.op, obj.line
('mma', 'MmaF16BF16Op', 3)
"""

from __future__ import annotations

from dataclasses import dataclass, field

# ("obj", index) | ("param", scope, name) | ("attr", name) | ("call", function, element, line) | ("any", refs)
# | ("elem", scope, parameter, position, name): an element a function unpacks from a tuple parameter
Ref = tuple


@dataclass(frozen=True)
class Obj:
    """A partitioner object the file makes: ``kind`` ``mma``, ``copy`` or ``tma``; ``op`` the atom's operation
    when the maker names it (``CopyBulkTensorTileG2SOp``); ``family``: the TiledMma a copy was made for
    (``make_tiled_copy_A(atom, tiled_mma)``), whose partition patterns it shares; ``loads_for``: the operand
    and the TiledMma a ``make_tiled_tma_atom_A/B`` atom is made for."""

    kind: str
    maker: str
    op: str | None
    line: int
    name: str
    family: Ref | None = None
    # for a TMA atom made by ``make_tiled_tma_atom_A/B(op, tensor, layout, tiler, tiled_mma)``: the operand it
    # loads ("A" or "B") and the TiledMma it loads it for
    loads_for: tuple[str, Ref | None] | None = None
    # for a TiledMma of a warp-level or universal MMA op (``warp.MmaF16BF16Op``): its operand fragments are registers
    register_operands: bool = False
    # for a tiled copy of an atom a CUTLASS helper chose (``get_smem_store_op``, ``get_smem_load_op``): the helper
    # returns an stmatrix or ldmatrix atom for some arguments, so its two sides may be laid out apart
    chosen_matrix_atom: bool = False


@dataclass
class ObjectFacts:
    """What the walk records for resolving references (filled by the collector)."""

    objects: list[Obj] = field(default_factory=list)
    # function name -> (scope index, parameter names in order, called as a method: the first is skipped)
    functions: dict[str, list[tuple[int, list[str], bool]]] = field(default_factory=dict)
    # (function name, called on an object, positional refs, keyword refs, caller's scope, called on `self`)
    calls: list[tuple[str, bool, list[Ref | None], dict[str, Ref], int, bool]] = field(default_factory=list)
    # (function name, line) -> (called on an object, positional refs, keyword refs) of each call of the file's own
    # functions: what one call passes, for a function that returns a parameter
    call_sites: dict[tuple[str, int], tuple[bool, list[Ref | None], dict[str, Ref]]] = field(default_factory=dict)
    # scope index -> scope of the class whose method it is or is nested in (absent: no class)
    owners: dict[int, int] = field(default_factory=dict)
    attributes: dict[str, list[Ref]] = field(default_factory=dict)
    # scope index -> each ``return`` as a list of element refs
    returns: dict[int, list[list[Ref | None]]] = field(default_factory=dict)


def _whole_call(value: Ref | None) -> bool:
    """A returned value that is another function's call, returned whole (``return self.make_t2r(atom, ...)``)."""
    return value is not None and value[0] == "call" and value[2] is None


def _forwarded(value: Ref, element: int) -> Ref:
    """Element ``element`` of what a function returns by returning another function's call whole: that call's."""
    return ("call", value[1], element, value[3])


def calls_def(defs: list[tuple[int, list[str], bool]], owners: dict[int, int], scope: int, caller: int,
              on_self: bool) -> bool:
    """Whether a call of a function of this name, made in scope ``caller``, calls the one defined in ``scope``:
    the file's only function of that name, or, where several classes of the file each define it (``kernel``,
    ``__call__``), the method of the caller's own class called on ``self``."""
    if len(defs) == 1:
        return defs[0][0] == scope
    owner = owners.get(scope)
    return on_self and owner is not None and owners.get(caller) == owner \
        and sum(owners.get(other) == owner for other, _, _ in defs) == 1


class Origins:
    """Resolves references to the object they hold (``Obj``), when the file proves which one."""

    _DEPTH = 8

    def __init__(self, facts: ObjectFacts) -> None:
        self._facts = facts
        self._memo: dict[Ref, int | None] = {}
        self._scope_function: dict[int, tuple[str, list[str], bool]] = {
            scope: (name, params, method)
            for name, defs in facts.functions.items()
            for scope, params, method in defs
        }
        self._calls_of: dict[str, list[tuple[bool, list[Ref | None], dict[str, Ref], int, bool]]] = {}
        for name, *call in facts.calls:
            self._calls_of.setdefault(name, []).append(tuple(call))

    def object(self, ref: Ref | None) -> Obj | None:
        index = self.index(ref)
        return None if index is None else self._facts.objects[index]

    def index(self, ref: Ref | None, depth: int = 0) -> int | None:
        if ref is None or depth > self._DEPTH:
            return None
        if ref in self._memo:
            return self._memo[ref]
        self._memo[ref] = None  # a cycle resolves to nothing
        found = self._resolve(ref, depth)
        self._memo[ref] = found
        return found

    def identity(self, ref: Ref | None) -> Ref | None:
        """The object's reference when resolved, else the reference itself: one unresolved binding (a
        parameter no call of the file passes) is still one object wherever it is used."""
        index = self.index(ref)
        if index is not None:
            return ("obj", index)
        seen = set()
        while ref is not None and ref[0] == "call" and ref not in seen and (relayed := self._relayed(ref)) is not None:
            seen.add(ref)
            ref = relayed
            index = self.index(ref)
            if index is not None:
                return ("obj", index)
        return ref[1][0] if ref is not None and ref[0] == "any" else ref

    def instance(self, ref: Ref | None, depth: int = 0) -> Ref | None:
        """``identity``, with an object that a function of the file makes told apart per call of that function:
        ``tma_atom_a, _ = self._make_tma_atoms(a)`` and ``tma_atom_b, _ = self._make_tma_atoms(b)`` are two
        atoms, though one statement makes both."""
        if ref is None or depth > self._DEPTH:
            return None
        if ref[0] == "call" and self.index(ref) is not None:
            return ("obj", self.index(ref), ref[3])
        if ref[0] == "param":
            passed = self._passed(ref)
            found = {self.instance(each, depth + 1) for each in passed or ()}
            if len(found) == 1 and None not in found:
                return found.pop()
        return self.identity(ref)

    def made_apart(self, a: Ref | None, b: Ref | None) -> bool:
        """Two references to the object one function of the file makes, made by two calls of it
        (``tma_atom_a`` and ``tma_atom_b`` of two ``self._make_tma_atoms(...)`` calls): one maker, two objects."""
        first, second = self.instance(a), self.instance(b)
        return first is not None and second is not None and len(first) == len(second) == 3 and first != second

    def family(self, ref: Ref | None) -> Ref | None:
        """The TiledMma a copy was made for, else the object itself."""
        obj = self.object(ref)
        if obj is not None and obj.family is not None:
            return self.identity(obj.family)
        return self.identity(ref)

    def _unique(self, refs: list[Ref | None], depth: int) -> int | None:
        found = {self.index(ref, depth + 1) for ref in refs if ref is not None}
        return found.pop() if len(found) == 1 else None

    def _resolve(self, ref: Ref, depth: int) -> int | None:
        kind = ref[0]
        if kind == "obj":
            return ref[1]
        if kind == "any":
            for each in ref[1]:
                found = self.index(each, depth + 1)
                if found is not None:
                    return found
            return None
        if kind == "attr":
            return self._unique(self._facts.attributes.get(ref[1], []), depth)
        if kind == "call":
            _, name, element, _ = ref
            defs = self._facts.functions.get(name, [])
            if len(defs) != 1:
                return None
            refs = [
                _forwarded(values[0], element) if element is not None and len(values) == 1 and _whole_call(values[0])
                else values[element] if element is not None and element < len(values) else
                (values[0] if element is None and len(values) == 1 else None)
                for values in self._facts.returns.get(defs[0][0], [])
            ]
            relayed = self._relayed(ref)
            return self._unique(refs, depth) if relayed is None else self.index(relayed, depth + 1)
        if kind == "param":
            passed = self._passed(ref)
            return self._unique(passed, depth) if passed else None
        return None

    def _relayed(self, ref: Ref) -> Ref | None:
        """What the call ``ref`` passes for the one parameter every ``return`` of its function gives back
        (``qk_tiled_mma = issue_mma_slice(qk_tiled_mma, acc, ...)``, which returns its ``tiled_mma``): that call's
        object, not the one every call passes."""
        if ref[0] != "call" or ref[2] is not None:
            return None
        defs = self._facts.functions.get(ref[1], [])
        if len(defs) != 1:
            return None
        scope, params, method = defs[0]
        returned = {values[0] if len(values) == 1 else None for values in self._facts.returns.get(scope, [])}
        if len(returned) != 1:
            return None
        param = returned.pop()
        if param is None or param[0] != "param" or param[1] != scope or param[2] not in params:
            return None
        site = self._facts.call_sites.get((ref[1], ref[3]))
        if site is None:
            return None
        on_object, positional, keywords = site
        offset = params.index(param[2]) - (1 if method and on_object else 0)
        if param[2] in keywords:
            return keywords[param[2]]
        return positional[offset] if 0 <= offset < len(positional) else None

    def _passed(self, ref: Ref) -> list[Ref | None] | None:
        """What every call of the file passes for a parameter reference; None when a call passes it in a way
        not followed (a default, ``*args``). Only the calls of that function count (``calls_def``)."""
        _, scope, name = ref
        function = self._scope_function.get(scope)
        if function is None:
            return None
        fname, params, method = function
        if name not in params:
            return None
        defs = self._facts.functions.get(fname, [])
        position = params.index(name)
        passed = []
        for on_object, positional, keywords, caller, on_self in self._calls_of.get(fname, []):
            if not calls_def(defs, self._facts.owners, scope, caller, on_self):
                continue
            offset = position - (1 if method and on_object else 0)
            if name in keywords:
                passed.append(keywords[name])
            elif 0 <= offset < len(positional):
                passed.append(positional[offset])
            else:
                return None
        return passed
