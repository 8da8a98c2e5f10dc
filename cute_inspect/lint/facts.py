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
import copy
import re
from dataclasses import dataclass, field, replace
from functools import lru_cache

from pathlib import Path

from cute_inspect.lint.imported import (
    LAYOUT_VIEWS as _LAYOUT_VIEWS, Helper, imports, method_return, module_summary, returned_layouts, summary,
)
from cute_inspect.lint.objects import Obj, ObjectFacts, Origins, Ref, calls_def
from cute_inspect.lint.partitioners import Partitioner, classify

PARTITION_METHODS = frozenset(
    {
        "partition_A", "partition_B", "partition_C", "partition_S", "partition_D",
        "make_fragment_A", "make_fragment_B", "make_fragment_C", "retile",
    }
)
TMA_PARTITION = "tma_partition"
# Calls that return a view of their first argument under the same name in the convention (`tCgC_epi =
# cute.flat_divide(tCgC, epi_tile)`).
_VIEW_FUNCTIONS = frozenset({"group_modes", "filter_zeros", "flatten", "flat_divide", "logical_divide", "zipped_divide"})
# `domain_offset(coord, X)`: X moved to another origin, a view of its second argument; so is
# `tcgen05.get_s2t_smem_desc_tensor(tiled_copy_s2t, X)`, X's shared-memory partition as the S2T copy's descriptors.
_S2T_DESCRIPTORS = "get_s2t_smem_desc_tensor"
_SECOND_ARGUMENT_VIEWS = frozenset({"domain_offset", _S2T_DESCRIPTORS})
_SLICE_METHODS = frozenset({"get_slice", "get_slice_"})
# a global or shared tile written in lower case (`sa`, `gb`): read as the convention's only where proven
_LOWER_TILE = re.compile(r"[gs][a-z]")


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
    made_by: Ref | None = None  # the partitioner object, resolved with ``FileFacts.origin``
    # (method, receiver) of an MMA partition call the argument is: `thr.make_fragment_B(thr.partition_A(sQ))`
    inner: tuple[str, str | None] | None = None
    # (line, column) of a tma_partition's tensor argument, often on a line of its own, or of the inner MMA
    # partition call a fragment maker is given
    source_at: tuple[int, int] | None = None
    # the object whose inner MMA partition call a fragment maker is given (`make_fragment_A(thr.partition_B(sK))`)
    inner_made_by: Ref | None = None
    # (line, column) of the partitioned argument of a partition call, on a line of its own in a tuple assignment
    argument_at: tuple[int, int] | None = None


@dataclass(frozen=True)
class Operand:
    """A tensor argument of a copy or GEMM: its resolved name (None when not a plain name), position and
    slot (``src``/``dst``; ``d``/``a``/``b``/``c``)."""

    name: str | None
    line: int
    column: int
    slot: str = ""


@dataclass(frozen=True)
class AtomCall:
    """A call given a copy atom first (by its name: ``tma_atom_k``, ``K_tma.atom``, ``tiled_copy_a``): the call's
    name and function, the atom, and the tensor arguments (resolved names, with their positions)."""

    function: str
    scope: int
    atom: str
    tensors: tuple[Operand, ...]
    atom_at: tuple[int, int] | None = None  # (line, column) of the atom argument


@dataclass(frozen=True)
class Call:
    """A ``cute.copy`` with its atom (operands: source, destination) or a ``cute.gemm`` (d, a, b, c).

    ``autovec_copy`` / ``basic_copy`` copy element by element with no partitioner, so have no pattern."""

    function: str
    line: int
    column: int
    operands: tuple[Operand, ...]
    scope: int = 0
    atom: str | None = None
    atom_ref: Ref | None = None  # the copy atom or TiledMma given as first argument
    atom_at: tuple[int, int] | None = None  # (line, column) of that argument


@dataclass(frozen=True)
class ForeignCall:
    """A call of a function of another module (``mma.gemm_ss(tidx, tiled_mma, sA, sB)``): each positional
    argument (slot: its position) and the object each refers to."""

    function: str
    line: int
    scope: int
    arguments: tuple[Operand, ...]
    refs: tuple[Ref | None, ...]


@dataclass(frozen=True)
class TmaPair:
    """The two results of one ``tma_partition(atom, ..., smem, gmem)``; a result written ``_`` is None."""

    smem: str | None
    gmem: str | None
    atom: str | None
    scope: int = 0
    atom_at: tuple[int, int] | None = None  # (line, column) of the atom argument, often on a line of its own


@dataclass
class Scope:
    """A function (or the module, scope 0): its parameters and every name bound in it.

    ``kernel``: decorated ``@cute.kernel``, whose parameters are the kernel's own tensors; a helper's
    parameters carry whatever its callers pass."""

    params: set[str] = field(default_factory=set)
    bound: set[str] = field(default_factory=set)
    kernel: bool = False
    node: ast.AST | None = None


@dataclass
class FileFacts:
    partitions: list[Partition] = field(default_factory=list)
    copies: list[Call] = field(default_factory=list)
    element_copies: list[Call] = field(default_factory=list)  # `cute.autovec_copy` / `cute.basic_copy`
    # (scope, line, column, destination, source) of each element assigned from one tensor to another by hand:
    # `smem_a[i, j] = gA[i, j, k]` -> (..., "smem_a", "gA")
    element_assignments: list[tuple[int, int, int, str, str]] = field(default_factory=list)
    gemms: list[Call] = field(default_factory=list)
    # Calls of another module's MMA helper that name the operand slot of each fragment they pass
    # (``issue_mma_tile(a_frag_tile=tCrA[k], b_frag_tile=tCrB[k])``): operands ``a`` and ``b``. Only CI111 reads them.
    helper_gemms: list[Call] = field(default_factory=list)
    # each call of a function of the file whose `cute.gemm` takes the MMA and both operands from its parameters, as a
    # GEMM of what that call passes (`self.exec_mma(tiled_mma=kv_mma, tCrA=tCrV, tCrB=tCrK_kv)`)
    site_gemms: list[Call] = field(default_factory=list)
    # (line, column, call, bundle of the atom, bundle of the tensor) for a copy given one TMA bundle's atom and
    # another's TMA tensor (``simple_tma_copy(K_tma.atom, local_tile(Q_tma.tma_tensor, ...), sK)``). CI102's.
    # (MMA reference, line) of each `tiled_mma.set(tcgen05.Field.ACCUMULATE, ...)`: a tcgen05 MMA, whose
    # accumulator `make_fragment_C` makes in tensor memory
    tcgen05_sets: list[tuple[object, int]] = field(default_factory=list)
    foreign_tma_tensors: list[tuple[int, int, str, str, str]] = field(default_factory=list)
    # Calls whose first argument is a copy atom (``tma_get_copy_fn(tma_atom_k, ..., gK, sK)``, ``cute.copy``,
    # ``simple_tma_copy(K_tma.atom, ...)``): the tensors each is given. CI102 compares the tiles one copy moves.
    atom_calls: list[AtomCall] = field(default_factory=list)
    tma_pairs: list[TmaPair] = field(default_factory=list)
    # Thread views made by hand (`tXsX = cute.composition(sX, tv_layout)[tidx, None]`), as partitions of their
    # tensor; only CI105 reads them (no partitioner made them, so they carry no pattern).
    hand_views: list[Partition] = field(default_factory=list)
    # Views made by layout algebra (`sW_view = cute.zipped_divide(sW[row, None, None], tiler)`, `gB_vec =
    # cute.logical_divide(gB, ...)`, `gW = gW_tiles[(None, c), None]`): ``method`` is the function, or "slice";
    # they keep their tensor's memory and data. Only CI105 reads them.
    layout_views: list[Partition] = field(default_factory=list)
    scopes: list[Scope] = field(default_factory=lambda: [Scope()])
    # (name, name of the tensor it was made from): ``gD = cute.local_tile(mO, ...)`` -> ("gD", "mO")
    derived: list[tuple[str, str]] = field(default_factory=list)
    # a register tensor made in the shape of another: ``tArA = cute.make_fragment_like(tAsA)``, method "like"
    shaped_like: list[Partition] = field(default_factory=list)
    # (scope, name) -> (GEMM operand whose modes a tile keeps, line, the tiler's text): ``gC = cute.local_tile(mC,
    # tiler_mnk, coord, proj=(1, 1, None))`` keeps the (M, N) modes of an (M, N, K) tiler, the accumulator's -> "C"
    tile_operands: dict[tuple[int, str], tuple[str, int, str]] = field(default_factory=dict)
    # (name, the tensor it is a slice or alias of): ``tCrA_k = tCrA[None, None, k]`` -> ("tCrA_k", "tCrA")
    views: list[tuple[str, str]] = field(default_factory=list)
    # (smem, gmem) tensors given to one tma_partition: the two ends of one copy, so the same data
    same_data: list[tuple[str, str]] = field(default_factory=list)
    # (scope, line, smem, gmem): the tensors each tma_partition is given, where it is written
    tma_sources: list[tuple[int, int, str, str]] = field(default_factory=list)
    # (scope, name of a copy or its slice) -> (the tensor it was made over, line): `tmem_store_v =
    # tcgen05.make_tmem_copy(atom, tAtV_cvt[...])` and `thr_store_v = tmem_store_v.get_slice(t)` -> ("tAtV_cvt", line)
    copy_tensors: dict[tuple[int, str], tuple[str, int]] = field(default_factory=dict)
    # (scope, such a copy or a slice of it) -> the atom it was made with (`copy_atom_s2t`): a copy named for no
    # direction (`tmem_tiled_copy`) copies in the direction its atom is named for (`copy_atom_t2r`)
    tensor_copy_atoms: dict[tuple[int, str], str | None] = field(default_factory=dict)
    # (scope, TMA atom name) -> (the global tensor it was made for, line): `tma_k, tma_tensor_k =
    # cpasync.make_tiled_tma_atom(op, mK, ...)` -> ("mK", line)
    atom_tensors: dict[tuple[int, str], tuple[str, int]] = field(default_factory=dict)
    # TMA atom name -> "load" or "store", from the op it was made with (CopyBulkTensorTileS2GOp...)
    atom_directions: dict[str, str] = field(default_factory=dict)
    # names bound to an identity (coordinate) tensor, or to a view of one: `cC = cute.make_identity_tensor(...)`
    identities: set[str] = field(default_factory=set)
    # (scope, name) -> (line, column) where `make_identity_tensor` binds it
    identities_made: dict[tuple[int, str], tuple[int, int]] = field(default_factory=dict)
    # (scope, name) -> (where letter, line, column) for a name bound by a maker whose memory it names
    # (`_MEMORY_OF_MAKER`): `smem_pt = storage.smem_p.get_tensor(layout)` is in shared memory, whatever it is called
    made_in: dict[tuple[int, str], tuple[str, int, int]] = field(default_factory=dict)
    # (scope, name) -> (where letter, line, column) for a tensor laid over a pointer whose memory the file shows:
    # `gW = cute.make_tensor(cute.make_ptr(t, addr, cute.AddressSpace.gmem), layout)`, `sm1 = make_tensor(sm.iterator,
    # layout)` of a shared buffer, `tCtO = make_tensor(recast_ptr(tmem_ptr + offset), tCtO.layout)`
    laid_in: dict[tuple[int, str], tuple[str, int, int]] = field(default_factory=dict)
    # every binding `made_in` and `laid_in` saw, in order: (key, (where, line, column), laid over a pointer); the
    # dicts keep a name's last binding, but one bound in two branches (`tCtAcc_base` in the MMA warp's and the
    # epilogue's) has a maker at each
    makers: list[tuple[tuple[int, str], tuple[str, int, int], bool]] = field(default_factory=list)
    # (scope, name) -> where letter of a pointer: `tmem_ptr = cute.arch.retrieve_tmem_ptr(...)` -> "t"
    pointers: dict[tuple[int, str], str] = field(default_factory=dict)
    # (scope, name) -> line of a `make_tensor(<TMEM pointer>, name.layout)` that lays name's layout over tensor
    # memory: the accumulator `make_fragment_C` made for a tcgen05 MMA
    tmem_layouts: dict[tuple[int, str], int] = field(default_factory=dict)
    # (scope, name) -> (MMA ref, slot letter, line, column) of `name = make_tensor(ptr, mma.make_fragment_A(...).layout)`:
    # an operand laid out by that MMA's fragment for that slot, wherever its pointer points (P in tensor memory)
    fragment_layouts: dict[tuple[int, str], tuple] = field(default_factory=dict)
    # (scope, name) -> where letter of the memory an allocator bound to that name allocates in:
    # `smem = utils.SmemAllocator()` -> "s", `tmem = utils.TmemBufferPool(ptr, cols)` -> "t"
    allocators: dict[tuple[int, str], str] = field(default_factory=dict)
    objects: ObjectFacts = field(default_factory=ObjectFacts)
    # Calls of the file's functions: (function, receiver: "" for none, "self" for `self.`/`cls.`, else "other",
    # caller's scope, line, the tensor name each positional argument refers to, the same for each keyword);
    # for resolving a helper's tensor parameters.
    call_arguments: list[tuple[str, str, int, int, list[str | None], dict[str, str | None]]] = field(
        default_factory=list
    )
    foreign_calls: list[ForeignCall] = field(default_factory=list)
    # names (and attributes: `self.sdKV_epi_tile`) bound to a tuple written out: a shape or tiler, never a tensor
    tuples: set[str] = field(default_factory=set)
    # names bound to a `make_tensor` of another tensor's iterator and layout (`relaid_view`): laid anew
    relaid: set[str] = field(default_factory=set)
    # scope -> the tensor names each `return` of that function gives, by position: `return tiled_copy_t2r, tTR_tAcc,
    # tTR_rAcc` -> [("tiled_copy_t2r", "tTR_tAcc", "tTR_rAcc")]
    returned_tensors: dict[int, list[tuple[str | None, ...]]] = field(default_factory=dict)
    # (caller's scope, line, the file's function called, names bound by position) of each call of a function of the
    # file whose returned tuple is unpacked: `tiled_copy_t2r, tTR_tAcc, tTR_rAcc = self.epilog_t2r(...)`
    unpacked_returns: list[tuple[int, int, str, tuple[str | None, ...], int]] = field(default_factory=list)
    # partitions a function of the file returns after the tiled copy whose slice made them, bound by a call that unpacks
    # them (`tiled_copy_s2t_sfa, tCsSFA, tCtSFA = self.s2t_copy_and_partition(sSFA, tCtSFA_t)`): made by the copy that
    # call returns, so two calls' partitions are two copies'
    returned_partitions: list[Partition] = field(default_factory=list)
    # the partitions `_made_by_a_passed_object` binds at helpers' calls (also in `partitions`)
    bound_at_calls: set[Partition] = field(default_factory=set)
    # (scope, name) -> the tensor a call passes for the parameter a helper's returned partition partitions, for the
    # partitions bound at the call (`tCrV, tCrK = self.fragments(mma, sV, sK)`: sV, sK)
    bound_sources: dict[tuple[int, str], str] = field(default_factory=dict)
    # scope -> the function each `return` of that function returns the call of (`return self.make_t2r(atom, t)`)
    forwarded_returns: dict[int, list[str | None]] = field(default_factory=dict)
    # (scope, name) -> the operand ("A" / "B") whose scale factors a tensor holds, by the layout it is made with
    # (`tCtSFA = cute.make_tensor(ptr, make_tmem_layout_sfa(...))`, or through a name bound to that layout)
    scale_factors: dict[tuple[int, str], str] = field(default_factory=dict)
    # (scope, the call's line, slot "a" / "b", the scale tensor's name, line, column) of each block-scaled
    # `cute.gemm` operand `[fragment, scale factors]`
    gemm_scales: list[tuple[int, int, str, str, int, int]] = field(default_factory=list)
    _origins: Origins | None = None
    _made_from: dict[str, str] | None = field(default=None, repr=False, compare=False)
    _view_sources: dict[str, str] | None = field(default=None, repr=False, compare=False)

    @property
    def origins(self) -> Origins:
        if self._origins is None:
            self._origins = Origins(self.objects)
        return self._origins

    @property
    def view_sources(self) -> dict[str, str]:
        """Each name ``views`` records as a slice or alias, with the tensor of its last such binding."""
        if self._view_sources is None:
            self._view_sources = dict(self.views)
        return self._view_sources

    @property
    def made_from(self) -> dict[str, str]:
        """Each name ``derived`` says was made from another, with the tensor of its last such binding. Built once,
        when a rule first asks (the file collected): a rule asks for every partition it follows to its
        ``tma_partition`` (``expectations.tma_pair_of``), up to 1,700 times a tree on CUTLASS's examples."""
        if self._made_from is None:
            # a name rebound from itself (`tXsX_cur = self.offset(tXsX_cur, ...)`) keeps the tensor it was made from
            self._made_from = {made: made_from for made, made_from in self.derived if made_from and made_from != made}
        return self._made_from

    def origin(self, ref: Ref | None) -> Obj | None:
        """The partitioner object a reference holds, when the file proves which (``cute_inspect.lint.objects``)."""
        return self.origins.object(ref)

    def coordinates(self, name: str | None) -> bool:
        """``name`` holds an identity tensor's coordinates (made by ``make_identity_tensor``, or a view of one)."""
        return name is not None and name in self.identities

    def views_from(self, name: str, scope: int, layout: bool = True) -> list[str]:
        """``name``, then the tensor it is a view of, and so on: thread views made by hand, and (``layout``) views
        made by layout algebra (``blkX = cute.local_tile(gX, ...)`` -> ["blkX", "gX"])."""
        views = self.hand_views + (self.layout_views if layout else [])
        chain = [name]
        while (view := next((v for v in views if v.scope == scope and v.target == chain[-1] and v.source), None)) \
                and view.source not in chain:
            chain.append(view.source)
        return chain

    def is_helper_param(self, name: str | None, scope: int) -> bool:
        """True for a parameter of the enclosing function when that function is not a ``@cute.kernel``."""
        info = self.scopes[scope]
        return name is not None and scope != 0 and not info.kernel and name in info.params

    def is_mma_param(self, name: str | None, scope: int) -> bool:
        """A parameter annotated ``cute.TiledMma``: an MMA, whatever the callers pass."""
        info = self.scopes[scope]
        if name is None or name not in info.params or info.node is None:
            return False
        arguments = info.node.args
        return any(
            argument.arg == name and type(argument.annotation) in (ast.Name, ast.Attribute)
            and tensor_name(argument.annotation) == "TiledMma"
            for argument in arguments.posonlyargs + arguments.args + arguments.kwonlyargs
        )

    def is_kernel_tensor_param(self, name: str | None, scope: int) -> bool:
        """A parameter of a ``@cute.kernel`` annotated ``cute.Tensor``: the host launches a kernel with
        global-memory tensors only. An unannotated one may be anything (test fixtures stand buffers in for
        shared memory), so it is not read."""
        info = self.scopes[scope]
        if name is None or not info.kernel or name not in info.params or info.node is None:
            return False
        arguments = info.node.args
        for argument in arguments.posonlyargs + arguments.args + arguments.kwonlyargs:
            if argument.arg == name:
                annotation = argument.annotation
                return type(annotation) in (ast.Name, ast.Attribute) and tensor_name(annotation) == "Tensor"
        return False

    def memory_of(self, name: str | None, scope: int) -> tuple[str, int] | None:
        """(where letter, line of the maker) of a tensor a memory-naming maker made (`made_in`), followed from a
        helper's parameter to what every call passes; None when not known or the calls disagree."""
        if name is None:
            return None
        if (scope, name) in self.made_in:
            return self.made_in[(scope, name)][:2]
        if (scope, name) in self.laid_in:
            return self.laid_in[(scope, name)][:2]
        if self.is_kernel_tensor_param(name, scope):
            return "g", self.scopes[scope].node.lineno
        # a kernel's parameter no annotation types is followed to what its launches pass, as a helper's is (a
        # tensor the host wraps with `from_dlpack` is in global memory)
        if scope == 0 or name not in self.scopes[scope].params:
            return None
        def made(given: str, caller: int, _line: int) -> tuple[str, int] | None:
            known = self.made_in.get((caller, given)) or self.laid_in.get((caller, given))
            if known is None and self.is_kernel_tensor_param(given, caller):
                return "g", self.scopes[caller].node.lineno
            return None if known is None else known[:2]

        found = self.through_callers(name, scope, made)
        return found[0] if found and len({where for where, _ in found}) == 1 else None

    def through_callers(self, name: str, scope: int, resolve, depth: int = 0) -> list | None:
        """``resolve(tensor, caller's scope, line of the call)`` for every tensor the file's calls pass for the
        helper parameter ``name`` of function ``scope``, followed through the callers' own parameters (three
        levels); None when a call passes it in a way not followed, or ``resolve`` gives None for one."""
        passed = self.passed(name, scope) if depth < 3 else None
        if passed is None:
            return None
        found = []
        for caller, line, given in passed:
            if self.is_helper_param(given, caller):
                inner = self.through_callers(given, caller, resolve, depth + 1)
            else:
                inner = [resolve(given, caller, line)]
            if inner is None or None in inner:
                return None
            found += inner
        return found

    def atom_tensor(self, atom: str | None, scope: int) -> tuple[str, int] | None:
        """(the global tensor, line of the maker) of the TMA atom ``atom`` names in function ``scope``: made there
        by ``make_tiled_tma_atom``, or a parameter every call of the file passes one tensor's atom for (a kernel's
        ``tma_load_k``, given the launcher's ``lk`` made from ``mK``); None when not shown or the calls disagree."""
        if atom is None:
            return None
        if (scope, atom) in self.atom_tensors:
            return self.atom_tensors[(scope, atom)]
        if atom not in self.scopes[scope].params:
            return None
        found = self.through_callers(atom, scope, lambda given, caller, _line: self.atom_tensors.get((caller, given)))
        return found[0] if found and len({tensor for tensor, _ in found}) == 1 else None

    def lower_case_tiles(self) -> frozenset[str]:
        """Tiles the file writes in lower case for the convention's (``sa = storage.sa.get_tensor(...)`` beside
        ``gA_mk`` and ``mA_mk``: ``sa`` is ``sA``): a global or shared name of two letters that a maker proves a
        tensor in the memory its first letter says, where the file names a global or shared tile of the tensor
        its second letter, in upper case, names. Elsewhere two letters prove nothing (``sx`` may be a scale)."""
        made = {name for (_, name), (where, *_) in {**self.made_in, **self.laid_in}.items()
                if _LOWER_TILE.fullmatch(name) and where == name[0]}
        if not made:
            return frozenset()
        bound = set().union(*(scope.bound for scope in self.scopes))
        return frozenset(name for name in made
                         if any(re.fullmatch(f"[mgs]{name[1].upper()}(?:_\\w*)?", other) for other in bound))

    def bound_in(self, name: str, scope: int) -> bool:
        return name in self.scopes[scope].bound

    def arguments(self, caller: int, line: int, helper: int) -> dict[str, ast.expr]:
        """Parameter of the function ``helper`` -> the argument its call at ``line`` in the function ``caller``
        passes for it (positionally or by keyword); empty where no such call is found."""
        node, calling = self.scopes[helper].node, self.scopes[caller].node
        entry = next((each for each in self.objects.functions.get(getattr(node, "name", ""), []) if each[0] == helper),
                     None)
        if entry is None or calling is None:
            return {}
        _, params, method = entry
        for call in ast.walk(calling):
            called = getattr(call, "func", None)
            if type(call) is ast.Call and call.lineno == line \
                    and getattr(called, "attr", getattr(called, "id", "")) == node.name:
                given = dict(zip(params[1 if method else 0:], call.args))
                given.update((keyword.arg, keyword.value) for keyword in call.keywords if keyword.arg)
                return given
        return {}

    def passed(self, name: str, scope: int) -> list[tuple[int, int, str]] | None:
        """(caller's scope, line of the call, tensor name) that every call of the file passes for parameter
        ``name`` of the function ``scope``: ``self._mma_body(tCrA=tCrA)`` and ``self._mma_body(x, tCrA)`` alike.
        None when the function is not called in the file (methods of one name in several classes: by the
        caller's class, ``calls_def``), or a call passes the parameter in a way not followed (a default, ``*args``, an expression that names no tensor)."""
        node = self.scopes[scope].node if 0 < scope < len(self.scopes) else None
        defs = self.objects.functions.get(getattr(node, "name", ""), [])
        mine = next((each for each in defs if each[0] == scope), None)
        if mine is None or name not in mine[1]:
            return None
        function, (_, params, method) = node.name, mine
        position = params.index(name)
        found = []
        for callee, receiver, caller, line, positional, keywords in self.call_arguments:
            # A method is called on `self`; a plain function with no receiver (`tTR_rAcc.load()` and
            # `utils.gemm(...)` are other functions of the same name).
            if callee != function or receiver != ("self" if method else ""):
                continue
            if not calls_def(defs, self.objects.owners, scope, caller, receiver == "self"):
                continue
            offset = position - (1 if method else 0)
            given = keywords.get(name) if name in keywords else None
            if name not in keywords and 0 <= offset < len(positional):
                given = positional[offset]
            if given is None:
                return None
            found.append((caller, line, given))
        return found or None


def call_target(func: ast.expr) -> tuple[str | None, ast.expr | None]:
    """(called name, receiver expression) of ``recv.name(...)`` or ``name(...)``."""
    if type(func) is ast.Attribute:
        return func.attr, func.value
    if type(func) is ast.Name:
        return func.id, None
    return None, None


# A keyword that names an MMA operand slot: `a_frag_tile`, `b_frag`, `frag_a`.
_OPERAND_KEYWORD = re.compile(r"(?P<slot>[ab])_\w*frag\w*|\w*frag\w*_(?P<tail>[ab])")
# A tensor's own shape or layout (`make_fragment_A(tCsA.shape)`) is of that tensor, not a tensor named `shape`.
_SHAPE_ATTRIBUTES = frozenset({"shape", "layout"})


def tensor_name(expr: ast.expr | None, through_partitions: bool = False) -> str | None:
    """The convention name an expression refers to: ``tAgA[None, k]`` -> ``tAgA``, ``params.sQ`` -> ``sQ``,
    ``cute.group_modes(sA, 0, 2)`` -> ``sA``, ``cute.domain_offset(c, mQ)`` -> ``mQ``; with ``through_partitions``,
    ``thr.partition_A(sQ)`` -> ``sQ``."""
    while expr is not None:
        kind = type(expr)
        if kind is ast.Name:
            return expr.id
        if kind is ast.Attribute and expr.attr in _SHAPE_ATTRIBUTES:
            expr = expr.value
        elif kind is ast.Attribute:
            return expr.attr
        elif kind is ast.Subscript:
            expr = expr.value
        elif kind is ast.Call and expr.args:
            name, _ = call_target(expr.func)
            if name in _VIEW_FUNCTIONS or (through_partitions and name in PARTITION_METHODS):
                expr = expr.args[0]
            elif name in _SECOND_ARGUMENT_VIEWS and len(expr.args) == 2:
                expr = expr.args[1]
            else:
                return None
        else:
            return None
    return None


_BUNDLED_ATOM = "atom"


def _bundled_atom(expr: ast.Attribute) -> bool:
    """``tma_q.atom``: the copy atom of an object bound to a name (a TMA maker's bundle of atom and tensor)."""
    return expr.attr == _BUNDLED_ATOM and type(expr.value) is ast.Name


# Words that name a copy atom or a tiled copy in its name (`tma_atom_k`, `K_tma`, `gmem_tiled_copy_A`).
_COPY_ATOM_TOKENS = frozenset({"atom", "tma", "copy"})


def atom_name(expr: ast.expr | None) -> str | None:
    """The name a copy atom is known by: ``tma_q`` for ``tma_q.atom`` (each bundle's atom is its own), else the
    name the expression refers to (``tma_atom_a``)."""
    if type(expr) is ast.Attribute and _bundled_atom(expr):
        return expr.value.id
    return tensor_name(expr)


def relaid_view(call: ast.Call) -> str | None:
    """``X`` for ``cute.make_tensor(X.iterator + offset, X.layout)``: X's own layout over X's own iterator (at an
    offset), a view of X that holds what X holds (``tdKrdS = make_tensor(tdKrdS0.iterator + cols, tdKrdS0.layout)``)."""
    if len(call.args) != 2 or call.keywords:
        return None
    layout = call.args[1]
    if type(layout) is not ast.Attribute or layout.attr != "layout" or type(layout.value) is not ast.Name:
        return None
    whole = layout.value.id
    return whole if iterator_owners(call.args[0]) == {whole} else None


def iterator_owners(expr: ast.expr) -> set[str]:
    """The names whose ``.iterator`` a pointer expression reads (``{"sX"}`` for ``sX.iterator + offset``)."""
    return {
        node.value.id for node in ast.walk(expr)
        if type(node) is ast.Attribute and node.attr == "iterator" and type(node.value) is ast.Name
    }


def _sliced_iterator_owner(expr: ast.expr) -> str | None:
    """``X`` for ``X.iterator`` or ``X[None, k].iterator`` (a slice is in X's memory), at an offset or not."""
    while type(expr) is ast.BinOp:
        expr = expr.left
    if type(expr) is not ast.Attribute or expr.attr != "iterator":
        return None
    value = expr.value
    while type(value) is ast.Subscript:
        value = value.value
    return value.id if type(value) is ast.Name else None


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


_TMA_ATOM_MAKERS = ("make_tiled_tma_atom",)
# Copy makers laid over one tensor (`tcgen05.make_tmem_copy(atom, tAtV[...])`): the copy is that tensor's.
_TENSOR_COPY_MAKERS = frozenset({"make_tmem_copy", "make_s2t_copy"})
# CUTLASS's helpers that pick an epilogue's shared-memory copy atom: an stmatrix / ldmatrix atom where the tile allows,
# a universal copy otherwise (`cutlass.utils.blackwell_helpers.get_smem_store_op`, `hopper_helpers`)
_MATRIX_ATOM_HELPERS = frozenset({"get_smem_store_op", "get_smem_load_op"})
# Views that hand one thread its share of a tensor when sliced, as a partitioner does.
_HAND_PARTITIONS = frozenset({"composition", "tiled_divide"})


def _comprehended(value: ast.expr) -> ast.expr:
    """The call a comprehension makes of each element, given the whole sequence (``[thr.partition_S(t) for t in
    sQ_stage]`` read as ``thr.partition_S(sQ_stage)``, a list of partitions of the stages of one buffer); ``tuple(...)``
    and ``list(...)`` of one read alike. Other values are returned as they are."""
    if type(value) is ast.Call and type(value.func) is ast.Name and value.func.id in ("tuple", "list") \
            and len(value.args) == 1 and not value.keywords:
        value = value.args[0]
    if type(value) not in (ast.ListComp, ast.GeneratorExp) or len(value.generators) != 1:
        return value
    loop = value.generators[0]
    if type(loop.target) is not ast.Name or loop.ifs or type(value.elt) is not ast.Call:
        return value
    element = copy.deepcopy(value.elt)
    uses = [node for node in ast.walk(element) if type(node) is ast.Name and node.id == loop.target.id]
    if len(uses) != 1 or not any(arg is uses[0] for arg in element.args):
        return value
    element.args = [loop.iter if arg is uses[0] else arg for arg in element.args]
    return element


def _tcgen05_field(expr: ast.expr) -> bool:
    """``tcgen05.Field.ACCUMULATE`` (or ``cute.nvgpu.tcgen05.Field...``): a field only a tcgen05 MMA has."""
    if type(expr) is not ast.Attribute or type(expr.value) is not ast.Attribute or expr.value.attr != "Field":
        return False
    module = expr.value.value
    return (type(module) is ast.Name and module.id == "tcgen05") or (
        type(module) is ast.Attribute and module.attr == "tcgen05")


def _keeps_modes(index: ast.expr) -> bool:
    """A subscript with a ``None`` (a whole mode) somewhere in it: a slice that is a tensor, not an element."""
    return any(type(node) is ast.Constant and node.value is None for node in ast.walk(index))


def _binds(target: ast.expr, names: set[str]) -> None:
    """Add the names an assignment target binds (``a, (b, *c) = ...``)."""
    kind = type(target)
    if kind is ast.Name:
        names.add(target.id)
    elif kind is ast.Tuple or kind is ast.List:
        for element in target.elts:
            _binds(element, names)
    elif kind is ast.Starred:
        _binds(target.value, names)


def _classified(receiver: str | None, origin: str | None) -> Partitioner | None:
    """The partitioner by the name written, or by the tiled object it was sliced from when that tells more
    (``thr_mma = tiled_mma_qk.get_slice(0)``)."""
    if not receiver:
        return None
    written = classify(receiver)
    if origin and origin != receiver and (written is None or not written.ops):
        return classify(origin) or written
    return written


def _is_kernel(function: ast.AST) -> bool:
    """Decorated ``@cute.kernel`` (or ``@cute.kernel(...)``)."""
    for decorator in getattr(function, "decorator_list", ()):
        if type(decorator) is ast.Call:
            decorator = decorator.func
        name, _ = call_target(decorator)
        if name == "kernel":
            return True
    return False


def _atom_direction(call: ast.Call, maker: str) -> str | None:
    """``load`` or ``store`` for a TMA atom made by ``make_tiled_tma_atom*(Op(), ...)``."""
    if maker.endswith(("_A", "_B")):
        return "load"
    for node in ast.walk(call.args[0]) if call.args else ():
        name = node.attr if type(node) is ast.Attribute else node.id if type(node) is ast.Name else ""
        if "S2G" in name or "Store" in name:
            return "store"
        if "G2S" in name or "Load" in name:
            return "load"
    return None


# `tmma1.__new_from_mlir_values__(tmma1.__extract_mlir_values__())` rebuilds the object from its own values (to keep
# it in one control-flow region): the same object, as a slice's receiver is.
_SLICE_LIKE = _SLICE_METHODS | {"get_slice_thr", "thr_slice", "__new_from_mlir_values__"}
_SHAPED_LIKE_MAKERS = frozenset({"make_fragment_like", "make_rmem_tensor_like"})
_IDENTITY_MAKERS = frozenset({"make_identity_tensor"})
# Makers whose result lives in one memory whatever it is called: a shared-storage field's `get_tensor` and
# register fragments (an allocator's `allocate_tensor`: by the allocator, below).
_STORAGE_FIELD_TENSOR = "get_tensor"
_MEMORY_OF_MAKER = {
    _STORAGE_FIELD_TENSOR: "s",
    "make_rmem_tensor": "r", "make_rmem_tensor_like": "r", "make_fragment": "r", "make_fragment_like": "r",
    "from_dlpack": "g",
}
# `allocate_tensor` puts a tensor where its allocator allocates: told by the class the allocator was made from.
_ALLOCATOR_MEMORY = (("Smem", "s"), ("Tmem", "t"))
_ALLOCATE = "allocate_tensor"
_STATED_ALLOCATE = "allocate"
_OPERAND_FRAGMENT_MAKERS = frozenset({"make_fragment_A", "make_fragment_B"})
_OPERAND_SHAPES = frozenset({"partition_shape_A", "partition_shape_B"})
_POINTER_MAKERS = frozenset({"make_ptr", "recast_ptr", "retrieve_tmem_ptr", "retrieve_ptr"})
_ADDRESS_SPACES = {"gmem": "g", "smem": "s", "rmem": "r", "tmem": "t"}
_OP_SUFFIX = "Op"


def _address_space(call: ast.Call) -> str | None:
    """The where letter of the one ``cute.AddressSpace.<space>`` a call names (``make_ptr(t, a, AddressSpace.gmem)``)."""
    spaces = [node.attr for node in ast.walk(call) if type(node) is ast.Attribute
              and type(node.value) is ast.Attribute and node.value.attr == "AddressSpace"]
    return _ADDRESS_SPACES.get(spaces[0]) if len(spaces) == 1 else None


def _stated_memory(call: ast.Call, maker: str | None) -> str | None:
    """The memory an ``allocate`` call states (``cute.experimental``'s ``allocate(dtype, AddressSpace.rmem,
    layout)``): the tensor is made there, whatever it is called."""
    return _address_space(call) if maker == _STATED_ALLOCATE else None


def _allocator_memory(maker: str) -> str | None:
    """``s`` for a class that allocates shared memory (``SmemAllocator``), ``t`` for tensor memory."""
    if maker.endswith(("Allocator", "Pool")):
        return next((where for prefix, where in _ALLOCATOR_MEMORY if maker.startswith(prefix)), None)
    return None


@lru_cache(maxsize=4096)
def _maker_kind(name: str) -> str | None:
    """The kind of partitioner object a call makes, by the CuTe maker it calls (``make_tiled_mma``,
    ``make_tiled_copy_A``, ``make_tiled_tma_atom_A``, ``make_tmem_copy``)."""
    lowered = name.lower()
    if "tma_atom" in lowered:
        return "tma"
    if "fragment" in lowered or "partition" in lowered:
        return None
    if "mma" in lowered and ("make" in lowered or "tiled" in lowered):
        return "mma"
    if "copy" in lowered and ("make" in lowered or "tiled" in lowered) and lowered != "copy":
        return "copy"
    return None


# `local_tile(X, tiler_mnk, coord, proj=...)`: the modes of an (M, N, K) tiler a tile keeps say its GEMM operand
_PROJECTED_OPERANDS = {(True, False, True): "A", (False, True, True): "B", (True, True, False): "C"}


def _projected_operand(value: ast.expr) -> str | None:
    """``A``, ``B`` or ``C`` for ``cute.local_tile(X, tiler, coord, proj=(1, None, 1))`` (M and K kept: A's modes),
    ``(None, 1, 1)`` (B's) or ``(1, 1, None)`` (C's); None for other calls."""
    if type(value) is not ast.Call or call_target(value.func)[0] != "local_tile" or len(value.args) < 2:
        return None
    proj = next((kw.value for kw in value.keywords if kw.arg == "proj"), value.args[3] if len(value.args) > 3 else None)
    if type(proj) is not ast.Tuple or len(proj.elts) != 3:
        return None
    kept = []
    for element in proj.elts:
        if type(element) is not ast.Constant or element.value not in (1, None):
            return None
        kept.append(element.value == 1)
    return _PROJECTED_OPERANDS.get(tuple(kept))


def _register_op_call(call: ast.Call) -> bool:
    """``warp.MmaF16BF16Op(...)`` (any module path ending in ``warp``) or ``MmaUniversalOp(...)``."""
    func = call.func
    if type(func) is not ast.Attribute:
        return type(func) is ast.Name and func.id == "MmaUniversalOp"
    module = func.value.attr if type(func.value) is ast.Attribute else getattr(func.value, "id", "")
    return func.attr.startswith("Mma") and (module == "warp" or func.attr == "MmaUniversalOp")


def _op_named(call: ast.Call) -> str | None:
    """The atom operation a maker call names among its arguments (``CopyBulkTensorTileG2SOp()``)."""
    return _op_among(list(call.args) + [kw.value for kw in call.keywords])


def _op_among(exprs: list[ast.expr]) -> str | None:
    """The atom operation one of ``exprs`` names (``warp.StMatrix8x8x16bOp(...)``, ``CopyUniversalOp``)."""
    for arg in exprs:
        node = arg.func if type(arg) is ast.Call else arg
        name = node.attr if type(node) is ast.Attribute else node.id if type(node) is ast.Name else ""
        if name.endswith(_OP_SUFFIX) and name[:1].isupper():
            return name
    return None


_ASSIGN, _EXPR, _NAME, _CALL, _ATTRIBUTE = ast.Assign, ast.Expr, ast.Name, ast.Call, ast.Attribute
# Statements that bind no name the rules read and hold no statement: the walk passes them by.
_LEAF_STATEMENTS = frozenset({
    ast.Import, ast.ImportFrom, ast.Raise, ast.Assert, ast.Pass, ast.Break, ast.Continue, ast.Global,
    ast.Nonlocal, ast.Delete,
})
_MMA_COPY_MAKER = re.compile(r"make_tiled_copy_[ABCSD]")
_TMA_OPERAND_MAKER = re.compile(r"make_tiled_tma_atom_[AB]")
_HELPER_PARTITION = re.compile(r"(?:\w*_)?(make_fragment|partition)_([ABC])")


@lru_cache(maxsize=4096)
def _helper_partition_method(name: str) -> bool:
    """``mma_make_fragment_A``, ``utils.partition_C``: a helper that partitions with the object it is given."""
    return _HELPER_PARTITION.fullmatch(name) is not None


class _Collector:
    def __init__(self) -> None:
        self.facts = FileFacts()
        self.scope = 0
        self.envs: list[dict[str, Ref]] = [{}]
        self.defined: set[str] = set()  # the file's functions: calling one is not making an object
        # the module's file and the names its imports bind: helpers of the repository's other modules
        self.importer: Path | None = None
        self.imported: dict = {}
        # (scope, name) of coordinates bound to a tuple with a whole mode (`k_block_coord = (None, None, k, stage)`):
        # indexing a tensor with one is a slice that keeps modes
        self.mode_coords: set[tuple[int, str]] = set()
        # (buffer, shared-storage field) of each `buffer = storage.field.get_tensor(...)`
        self.field_buffers: list[tuple[str, str]] = []
        # slices by an index that may select one element (`gX[block_coord]`), as views
        self.indexed_slices: list[Partition] = []
        # (scope, name) of an MMA operand's partition shape (`tOrP_shape = tiled_mma.partition_shape_A(...)`)
        self.operand_shapes: set[tuple[int, str]] = set()
        # scope -> the parameter each `return` relays (`return cute.make_tensor(acc.iterator, layout)`), None if not
        self.returned_views: dict[int, list[str | None]] = {}
        # (view, the file's function called, its arguments) of `tScS_mn = self._mn_view(tScS)`, judged once the
        # module is read (`helper_views`), since the helper may be defined after its callers
        self.helper_calls: list[tuple[Partition, str, list[str | None]]] = []
        # (scope, pointer name) -> the tensor whose iterator it holds: `p = sX[None, k].iterator`
        self.pointer_owners: dict[tuple[int, str], str] = {}
        # (scope, name) of a warp-level MMA op (`mma_op = warp.MmaF16BF16Op(...)`)
        self.register_ops: set[tuple[int, str]] = set()
        # (scope, name) -> the import of the class it is an instance of: `ctx = ElementwiseKernelContext(config)`
        self.instances: dict[tuple[int, str], tuple] = {}
        # (scope, name) of a copy atom a CUTLASS helper chose: `copy_atom_r2s = sm100_utils.get_smem_store_op(...)`
        self.matrix_atoms: set[tuple[int, str]] = set()
        # (scope, name) -> the atom operation bound to it: `copy_op_k_r2s = cute.nvgpu.warp.StMatrix8x8x16bOp(...)`
        self.op_names: dict[tuple[int, str], str] = {}

    def _new_object(self, call: ast.Call, maker: str, kind: str, name: str) -> Ref:
        objects = self.facts.objects.objects
        op, family = _op_named(call), None
        if op is None and kind == "copy":
            # a copy's own atom, before the MMA a `make_tiled_copy_A` is laid out for
            op = self._op_through_names(call)
        if _MMA_COPY_MAKER.fullmatch(maker) and len(call.args) > 1:
            family = self.ref(call.args[1], create=False)  # make_tiled_copy_A(atom, tiled_mma)
        for arg in list(call.args) + [kw.value for kw in call.keywords]:
            # make_mma_atom(tiled_mma.op): an atom of that MMA; `self.q_dtype` is the kernel's setting, no MMA's
            if type(arg) is ast.Attribute and type(arg.value) is ast.Name and arg.value.id not in ("self", "cls"):
                attr, arg = arg.attr, arg.value
                ref = self.ref(arg, create=False)
                # `make_blockscaled_trivial_tiled_mma(q_mma.element_type, ...)` reads a tensor's settings, no MMA's
                if family is None and kind == "mma" and ref is not None and (
                        attr == "op" or (ref[0] == "obj" and objects[ref[1]].kind == "mma")):
                    family = ref
            ref = self.ref(arg, create=False)
            if ref is not None and op is None and ref[0] == "obj":
                op = objects[ref[1]].op
        loads_for = None
        if _TMA_OPERAND_MAKER.fullmatch(maker):
            mma = call.args[4] if len(call.args) > 4 else next(
                (kw.value for kw in call.keywords if kw.arg == "tiled_mma"), None
            )
            loads_for = (maker[-1], self.ref(mma, create=False))
        if op is None:
            op = self._op_through_names(call)
        registers = kind == "mma" and any(self._register_mma_op(arg) for arg in call.args[:1])
        if op is None and self.imported and (helper := self._imported(call.func)) is not None and helper.copy_op:
            op = helper.copy_op  # a maker of another module of the repository, whose body names the copy's op
        chosen = kind == "copy" and any(type(arg) is ast.Name and (self.scope, arg.id) in self.matrix_atoms
                                        for arg in call.args[:1])
        objects.append(Obj(kind, maker, op, call.lineno, name, family, loads_for, registers, chosen))
        return ("obj", len(objects) - 1)

    def _op_through_names(self, call: ast.Call) -> str | None:
        """The atom operation a maker is given through a name bound to it, directly or in the atom made inline
        (``make_tiled_copy_A(cute.make_copy_atom(copy_op_k_r2s, dtype), tiled_mma)``)."""
        for arg in list(call.args) + [kw.value for kw in call.keywords]:
            inner = arg.args if type(arg) is ast.Call and call_target(arg.func)[0] == "make_copy_atom" else [arg]
            for each in inner:
                if type(each) is ast.Name and (self.scope, each.id) in self.op_names:
                    return self.op_names[(self.scope, each.id)]
                if each is not arg and type(each) is ast.Call and (named := _op_among([each])) is not None:
                    return named
        return None

    def _register_mma_op(self, expr: ast.expr) -> bool:
        """An MMA op whose operands are register fragments: a warp-level op (``warp.MmaF16BF16Op(...)``,
        ``cute.nvgpu.warp.MmaF16BF16Op``) or ``MmaUniversalOp``, or an atom made of one, written in the call or bound
        to a name before."""
        if type(expr) is ast.Name:
            return (self.scope, expr.id) in self.register_ops
        if type(expr) is not ast.Call:
            return False
        # the op wrapped in its atom: `cute.make_mma_atom(nvgpu.MmaUniversalOp(Float32))`
        if call_target(expr.func)[0] == "make_mma_atom" and expr.args:
            return self._register_mma_op(expr.args[0])
        return _register_op_call(expr)

    def ref(self, expr: ast.expr | None, name: str = "", create: bool = True) -> Ref | None:
        """The reference an expression holds, when it may be a partitioner object."""
        kind = type(expr)
        if kind is _NAME:
            name_id = expr.id
            for env in reversed(self.envs):
                if name_id in env:
                    return env[name_id]
            return None
        if kind is _ATTRIBUTE:
            owner = self.ref(expr.value, name, create) if _bundled_atom(expr) else None
            return owner or ("attr", expr.attr)
        if kind is ast.IfExp:
            return self._either_maker(expr, name, create)
        if kind is not _CALL:
            return None
        func = expr.func
        kind = type(func)  # `call_target`, inlined: this runs for every call the walk meets
        if kind is _ATTRIBUTE:
            callee, receiver = func.attr, func.value
        elif kind is _NAME:
            callee, receiver = func.id, None
        else:
            return None
        if callee in _SLICE_LIKE:
            return self.ref(receiver, name, create)
        maker = _maker_kind(callee) if callee not in self.defined else None
        if maker is not None:
            return self._new_object(expr, callee, maker, name) if create else None
        if create and self.imported and (helper := self._imported(func)) is not None and helper.copy_op is not None:
            # `tiled_copy_A = tiled_copy_2d_bypass(dtype, ...)` of another module: each call makes a TiledCopy
            objects = self.facts.objects.objects
            objects.append(Obj("copy", callee, helper.copy_op or None, expr.lineno, name))
            return ("obj", len(objects) - 1)
        return ("call", callee, None, expr.lineno)

    def _partitioned(self, source: ast.expr | None) -> str | None:
        """The tensor a partition call is given: its name, through views and conditions; an identity tensor made in
        the call (``thr_mma.partition_C(cute.make_identity_tensor(tiler))``) is known by its text, and holds
        coordinates."""
        if type(source) is ast.IfExp:
            return self._either_tensor(source)
        if type(source) is _CALL and call_target(source.func)[0] in _IDENTITY_MAKERS:
            made = ast.unparse(source)
            self.facts.identities.add(made)
            return made
        return tensor_name(source, through_partitions=True) or self._imported_view(source)

    def _either_tensor(self, choice: ast.IfExp, through_partitions: bool = True) -> str | None:
        """The tensor both branches of a condition name, or view (``sP if not swap else transpose_view(sP)``: sP
        either way), else None; with ``through_partitions``, a partition's argument (two partitions of one tensor
        by two calls are two tensors where the condition is bound to a name)."""
        names = {
            tensor_name(branch, through_partitions=through_partitions) or self._imported_view(branch)
            for branch in (choice.body, choice.orelse)
        }
        return names.pop() if len(names) == 1 and None not in names else None

    def _imported_view(self, expr: ast.expr | None) -> str | None:
        """``gKV`` for ``select_tensor_10(gKV)``, a function of another module whose every return lays a layout over
        that parameter's data (``lint.imported``): a view of the argument, as the file's own such helpers are."""
        if type(expr) is not _CALL or not self.imported or (helper := self._imported(expr.func)) is None:
            return None
        at = helper.views
        return tensor_name(expr.args[at]) if at is not None and at < len(expr.args) else None

    def _imported(self, func: ast.expr) -> Helper | None:
        """What a function of another module of the repository, called as ``func``, does (``lint.imported``)."""
        if type(func) is _NAME:
            source = self.imported.get(func.id)
            return summary(self.importer, source) if source is not None and func.id not in self.defined else None
        if type(func) is _ATTRIBUTE and type(func.value) is _NAME:
            source = self.imported.get(func.value.id)
            return module_summary(self.importer, source, func.attr) if source is not None else None
        return None

    def _returned_layouts(self, target: ast.Tuple | ast.List, call: ast.Call) -> None:
        """``acc, tCrA, tCrB = sm90_utils.partition_fragment_ABC(thr_mma, shape, sA, sB)``: the fragments a function
        of another module (or an installed package) returns, laid out by the object and of the tensors the call
        gives it, as its body shows (``lint.imported.returned_layouts``)."""
        func = call.func
        if type(func) is _NAME and func.id not in self.defined and (source := self.imported.get(func.id)):
            returned = returned_layouts(self.importer, source, None, call)
        elif type(func) is _ATTRIBUTE and type(func.value) is _NAME and (source := self.imported.get(func.value.id)):
            returned = returned_layouts(self.importer, source, func.attr, call)
        else:
            return
        for layout in returned:
            if layout.position >= len(target.elts) or layout.maker >= len(call.args):
                continue
            element, maker = target.elts[layout.position], call.args[layout.maker]
            if type(element) is not _NAME or element.id == "_":
                continue
            tensor = call.args[layout.source] if layout.source is not None and layout.source < len(call.args) else None
            receiver, _ = self._receiver(maker, {})
            self.facts.partitions.append(
                Partition(
                    element.id, element.lineno, element.col_offset + 1, layout.method, receiver, None,
                    tensor_name(tensor, through_partitions=True) if tensor is not None else None, self.scope,
                    self.ref(maker, create=False),
                    source_at=None if tensor is None else (tensor.lineno, tensor.col_offset + 1),
                )
            )

    def _either_maker(self, expr: ast.IfExp, name: str, create: bool) -> Ref | None:
        """``mma = make_tiled_mma(op, (1, n, 1)) if split else make_tiled_mma(op, (n, 1, 1))``: one object,
        whichever branch makes it, when both branches call makers of one kind; else nothing known."""
        branches = (expr.body, expr.orelse)
        if not all(type(branch) is _CALL for branch in branches):
            return None
        callees = [call_target(branch.func)[0] for branch in branches]
        if any(callee is None or callee in self.defined for callee in callees):
            return None
        kinds = {_maker_kind(callee) for callee in callees}
        if len(kinds) != 1 or None in kinds:
            return None
        return self.ref(expr.body, name, create)

    def _record_call(self, call: ast.Call) -> None:
        """A call site, for resolving the parameters of the file's functions (receivers' calls too:
        ``self.kernel(...).launch(...)``)."""
        defined = self.defined
        while True:
            func = call.func
            kind = type(func)
            if kind is _ATTRIBUTE:
                callee, receiver = func.attr, func.value
            elif kind is _NAME:
                callee, receiver = func.id, None
            else:
                callee = receiver = None
            if callee == "partial" and call.args and call_target(call.args[0])[0] in defined:
                # functools.partial(self.f, a, b) binds f's first parameters; the later calls pass the rest.
                callee, receiver = call_target(call.args[0])
                call = ast.Call(func=call.args[0], args=call.args[1:], keywords=call.keywords, lineno=call.lineno)
            if callee in defined:
                # `*args` and `**kwargs` hide which argument is which: such a call resolves no parameter.
                starred = any(type(arg) is ast.Starred for arg in call.args)
                on = "" if receiver is None else "other"
                if type(receiver) is ast.Name and receiver.id in ("self", "cls"):
                    on = "self"
                self.facts.call_arguments.append((
                    callee, on, self.scope, call.lineno,
                    [None if starred else tensor_name(arg) for arg in call.args],
                    {kw.arg if kw.arg is not None else "**": tensor_name(kw.value) for kw in call.keywords},
                ))
            if callee is not None and (call.keywords or callee in defined):
                # Only the file's functions bind parameters; any call's keywords may set an attribute
                # (`SimpleNamespace(thr_mma_dq=thr_mma_dq)`).
                positional = [self.ref(arg, create=False) for arg in call.args] if callee in self.defined else []
                keywords = {}
                for kw in call.keywords:
                    ref = self.ref(kw.value, create=False) if kw.arg is not None else None
                    if ref is not None:
                        keywords[kw.arg] = ref
                        self.facts.objects.attributes.setdefault(kw.arg, []).append(ref)
                if callee in self.defined and (any(positional) or keywords):
                    on_self = type(receiver) is ast.Name and receiver.id in ("self", "cls")
                    self.facts.objects.calls.append(
                        (callee, receiver is not None, positional, keywords, self.scope, on_self)
                    )
                    self.facts.objects.call_sites[(callee, call.lineno)] = (receiver is not None, positional, keywords)
            if type(receiver) is _NAME and callee not in defined and not _is_cute_module(receiver) and len(call.args) > 2:
                self._foreign_call(call, callee)
            if type(receiver) is not _CALL:
                return
            call = receiver

    def _foreign_call(self, call: ast.Call, callee: str) -> None:
        """A call of another module's function (``mma.accumulating_gemm_ss(tidx, tiled_mma, sA, sB, ...)``): its
        positional arguments' tensor names and places, and the objects they hold."""
        self.facts.foreign_calls.append(ForeignCall(
            callee, call.lineno, self.scope,
            tuple(Operand(tensor_name(arg), arg.lineno, arg.col_offset + 1, str(at)) for at, arg in enumerate(call.args)),
            tuple(self.ref(arg, create=False) for arg in call.args),
        ))

    def _bind_objects(self, target: ast.expr, value: ast.expr) -> None:
        """Bindings of partitioner objects: ``thr = tiled.get_slice(t)``, ``atom, tensor = make_tiled_tma_atom(...)``,
        ``a, b = self.make_mmas()``, ``self.tiled_mma = ...``."""
        env = self.envs[-1]
        kind = type(target)
        if kind is ast.Name:
            ref = self.ref(value, target.id)
            if ref is not None:
                env[target.id] = ref
            else:
                env.pop(target.id, None)
        elif kind is ast.Attribute:
            ref = self.ref(value, target.attr)
            if ref is not None:
                self.facts.objects.attributes.setdefault(target.attr, []).append(ref)
        elif kind is ast.Tuple or kind is ast.List:
            if type(value) is ast.Tuple and len(value.elts) == len(target.elts):
                for element, part in zip(target.elts, value.elts):
                    self._bind_objects(element, part)
                return
            whole = self.ref(value, _first_name(target))
            for position, element in enumerate(target.elts):
                if type(element) is not ast.Name:
                    continue
                if whole is not None and whole[0] == "obj":
                    ref = whole if position == 0 else None
                elif whole is not None and whole[0] == "call":
                    ref = ("call", whole[1], position, whole[3])
                elif whole is not None and whole[0] == "param":
                    # `tma_q, tma_k, tma_v = tma_args`: each element is an object of its own, as two parameters are
                    ref = ("elem", whole[1], whole[2], position, element.id)
                else:
                    ref = None
                if ref is not None:
                    env[element.id] = ref
                else:
                    env.pop(element.id, None)

    def walk(self, body: list[ast.stmt], slices: dict[str, str]) -> None:
        bound = self.facts.scopes[self.scope].bound
        for stmt in body:
            kind = type(stmt)
            if kind is _ASSIGN:
                value = _unrolled(stmt.targets, stmt.value)
                if type(value) is _CALL:
                    # the arguments are read before the targets are bound (`mma = issue(mma, ...)` passes the old one)
                    self._record_call(value)
                for target in stmt.targets:
                    if type(target) is _NAME:
                        bound.add(target.id)
                    else:
                        _binds(target, bound)
                    self._bind_objects(target, value)
                if type(value) is _CALL:
                    # `load_K, _, _ = tma_get_copy_fn(tma_atom_k, ..., gK, sK)`: a copy made, not issued, here
                    self._atom_call(value, call_target(value.func)[0])
                    callee = call_target(value.func)[0]
                    if callee in self.defined and len(stmt.targets) == 1 and type(stmt.targets[0]) is ast.Tuple:
                        self.facts.unpacked_returns.append((self.scope, stmt.lineno, callee, tuple(
                            element.id if type(element) is _NAME else None for element in stmt.targets[0].elts),
                            value.lineno))
                self._assign(stmt.targets, value, slices)
                if len(stmt.targets) == 1 and type(stmt.targets[0]) is _NAME:
                    self._scale_factors(stmt.targets[0].id, value)
            elif kind is _EXPR:
                if type(stmt.value) is _CALL:
                    self._record_call(stmt.value)
                    self._call(stmt.value)
            elif kind in _LEAF_STATEMENTS:
                continue
            elif kind is ast.AnnAssign:
                _binds(stmt.target, bound)
                if stmt.value is not None:
                    self._bind_objects(stmt.target, stmt.value)
                    self._assign([stmt.target], stmt.value, slices)
            elif kind is ast.Return:
                self.returned_views.setdefault(self.scope, []).append(
                    _relaid_parameter(stmt.value) if stmt.value is not None else None)
                if stmt.value is not None:
                    values = stmt.value.elts if type(stmt.value) is ast.Tuple else [stmt.value]
                    self.facts.returned_tensors.setdefault(self.scope, []).append(
                        tuple(value.id if type(value) is _NAME else None for value in values))
                    refs = [self.ref(value) for value in values]
                    self.facts.objects.returns.setdefault(self.scope, []).append(refs)
                    if type(stmt.value) is ast.Call:
                        self.facts.forwarded_returns.setdefault(self.scope, []).append(call_target(stmt.value.func)[0])
            elif kind is ast.FunctionDef or kind is ast.AsyncFunctionDef or kind is ast.ClassDef:
                bound.add(stmt.name)
                self._function(stmt)
            else:
                if kind is ast.AugAssign:
                    _binds(stmt.target, bound)
                elif kind is ast.For or kind is ast.AsyncFor:
                    _binds(stmt.target, bound)
                elif kind is ast.With or kind is ast.AsyncWith:
                    for item in stmt.items:
                        if item.optional_vars is not None:
                            _binds(item.optional_vars, bound)
                for name in ("body", "orelse", "finalbody"):
                    sub = getattr(stmt, name, None)
                    if sub:
                        self.walk(sub, slices)
                for handler in getattr(stmt, "handlers", ()):
                    self.walk(handler.body, slices)
                for case in getattr(stmt, "cases", ()):
                    self.walk(case.body, slices)

    def _function(self, stmt: ast.AST) -> None:
        outer = self.scope
        info = Scope(kernel=_is_kernel(stmt), node=stmt)
        arguments = getattr(stmt, "args", None)
        if arguments is not None:
            every = arguments.posonlyargs + arguments.args + arguments.kwonlyargs
            every += [arg for arg in (arguments.vararg, arguments.kwarg) if arg is not None]
            info.params = {arg.arg for arg in every}
            info.bound = set(info.params)
        self.facts.scopes.append(info)
        self.scope = len(self.facts.scopes) - 1
        owners = self.facts.objects.owners
        if type(self.facts.scopes[outer].node) is ast.ClassDef:
            owners[self.scope] = outer
        elif outer in owners:
            owners[self.scope] = owners[outer]
        env: dict[str, Ref] = {}
        if arguments is not None:
            ordered = [arg.arg for arg in arguments.posonlyargs + arguments.args + arguments.kwonlyargs]
            env = {name: ("param", self.scope, name) for name in ordered}
            method = bool(ordered) and ordered[0] in ("self", "cls")
            self.facts.objects.functions.setdefault(stmt.name, []).append((self.scope, ordered, method))
        self.envs.append(env)
        self.walk(stmt.body, {})
        self.envs.pop()
        self.scope = outer

    @staticmethod
    def _receiver(expr: ast.expr | None, slices: dict[str, str]) -> tuple[str | None, str | None]:
        """(name as written, name of the tiled object it was sliced from) of a partitioner."""
        # `tiled_mma.get_slice(tidx).partition_A(gA)` partitions with `tiled_mma`.
        if type(expr) is ast.Call:
            name, inner = call_target(expr.func)
            if name in _SLICE_METHODS:
                expr = inner
        receiver = tensor_name(expr)
        return receiver, slices.get(receiver, receiver) if receiver else None

    def _instance_method(self, value: ast.expr) -> ast.expr:
        """``tXgRes = ctx.partition_source(gRes)``, ``ctx`` an instance of a class of another module of the repository
        whose method is one ``return self.thr_copy.partition_S(gT)``: read as ``ctx.thr_copy.partition_S(gRes)``, at the
        call's place."""
        func = value.func if type(value) is _CALL else None
        if type(func) is not _ATTRIBUTE or type(func.value) is not _NAME or value.keywords \
                or any(type(arg) is ast.Starred for arg in value.args):
            return value
        source = self.instances.get((self.scope, func.value.id))
        found = method_return(self.importer, source, func.attr) if source is not None else None
        if found is None or len(found[0]) != len(value.args) + 1:
            return value
        parameters, returned = found
        body = copy.deepcopy(returned)
        for node in ast.walk(body):
            if isinstance(node, (ast.expr, ast.stmt)):
                node.lineno, node.col_offset = value.lineno, value.col_offset
                node.end_lineno, node.end_col_offset = value.end_lineno, value.end_col_offset
        return _Substitute(dict(zip(parameters, [func.value, *value.args]))).visit(body)

    def _assign(self, targets: list[ast.expr], value: ast.expr, slices: dict[str, str]) -> None:
        if self.imported and len(targets) == 1 and type(targets[0]) is _NAME and type(value) is _CALL:
            func = value.func
            if type(func) is _NAME and func.id in self.imported and func.id not in self.defined:
                # `ctx = ElementwiseKernelContext(config)`: an instance of another module's class
                self.instances[(self.scope, targets[0].id)] = self.imported[func.id]
            else:
                value = self._instance_method(value)
        if len(targets) == 1 and type(targets[0]) is ast.Subscript and type(targets[0].value) is ast.Name \
                and type(value) is ast.Subscript and type(value.value) is ast.Name:
            self.facts.element_assignments.append(
                (self.scope, targets[0].lineno, targets[0].col_offset + 1, targets[0].value.id, value.value.id))
        value = _comprehended(value)
        if type(value) is ast.IfExp and self._either_tensor(value, through_partitions=False):
            # `tXgX_cur = tXgX[None, k] if paged is None else tXgX[None, 0, page]`: a slice of tXgX either way;
            # `sdQ0 = sQ_q0 if not swap else transpose_view(sQ_q0)`: sQ_q0, or a view of it
            value = next((branch for branch in (value.body, value.orelse) if type(branch) is not _CALL), value.body)
        if len(targets) == 1 and type(targets[0]) is ast.Name:
            self._layout_view(targets[0], value)
            if (operand := _projected_operand(value)) is not None:
                self.facts.tile_operands[(self.scope, targets[0].id)] = (
                    operand, targets[0].lineno, ast.dump(value.args[1]))
            if owner := _sliced_iterator_owner(value):
                self.pointer_owners[(self.scope, targets[0].id)] = owner
            if type(value) is ast.Tuple and _keeps_modes(value):
                self.mode_coords.add((self.scope, targets[0].id))
        sliced = type(value) is ast.Subscript
        while type(value) is ast.Subscript:
            value = value.value
        if len(targets) != 1:
            return
        if type(targets[0]) is ast.Name and type(value) is ast.Call:
            self._hand_view(targets[0], value, sliced)
            if call_target(value.func)[0] in _TENSOR_COPY_MAKERS and (over := tensor_name(_argument(value, 1, "tmem_tensor"))):
                self.facts.copy_tensors[(self.scope, targets[0].id)] = (over, value.lineno)
                self.facts.tensor_copy_atoms[(self.scope, targets[0].id)] = atom_name(_argument(value, 0, "atom"))
        target = targets[0]
        if type(value) is ast.Tuple and type(target) in (ast.Name, ast.Attribute):
            self.facts.tuples.add(target.id if type(target) is ast.Name else target.attr)
        if type(target) is ast.Tuple and type(value) is ast.Tuple and len(target.elts) == len(value.elts):
            # tKsK, tKgK = thr.partition_D(sK), thr.partition_S(gK)
            for element, part in zip(target.elts, value.elts):
                self._assign([element], part, slices)
            return
        if type(value) is ast.Name or type(value) is ast.Attribute:
            if type(target) is ast.Name:
                self.facts.derived.append((target.id, tensor_name(value)))
                self.facts.views.append((target.id, tensor_name(value)))
            return
        if type(value) is ast.BinOp and type(target) is ast.Name and (where := self._pointer_memory(value)):
            # `acc_tmem_ptr = base_tmem_ptr + cols`: a pointer at an offset points into the same memory
            self.facts.pointers[(self.scope, target.id)] = where
        if type(value) is not ast.Call:
            return
        method, receiver_expr = call_target(value.func)
        if type(target) in (ast.Tuple, ast.List) and self.imported:
            self._returned_layouts(target, value)
        if type(target) is ast.Name:
            self._pointer_facts(target, value, method, receiver_expr)
            if method in _OPERAND_SHAPES:
                self.operand_shapes.add((self.scope, target.id))
            if self._register_mma_op(value):
                self.register_ops.add((self.scope, target.id))
            if method in _MATRIX_ATOM_HELPERS:
                self.matrix_atoms.add((self.scope, target.id))
            if (bound_op := _op_among([value])) is not None:
                self.op_names[(self.scope, target.id)] = bound_op
            if method == _S2T_DESCRIPTORS and len(value.args) == 2:
                # the S2T copy's descriptors of a shared-memory partition: that partition, another way written
                self.facts.views.append((target.id, tensor_name(value.args[1])))
        if method in PARTITION_METHODS and type(target) is ast.Name:
            receiver, origin = self._receiver(receiver_expr, slices)
            source = value.args[0] if value.args else None
            inner = source.value if type(source) is ast.Subscript else source
            inner_method, inner_receiver = call_target(inner.func) if type(inner) is ast.Call else (None, None)
            self.facts.partitions.append(
                Partition(
                    target.id, target.lineno, target.col_offset + 1, method, receiver,
                    _classified(receiver, origin)
                    or _classified(self.facts.tensor_copy_atoms.get((self.scope, origin)), None),
                    self._partitioned(source), self.scope,
                    self.ref(receiver_expr),
                    (inner_method, tensor_name(inner_receiver)) if inner_method in PARTITION_METHODS else None,
                    (inner.lineno, inner.col_offset + 1) if inner_method in PARTITION_METHODS else None,
                    self.ref(inner_receiver) if inner_method in PARTITION_METHODS else None,
                    None if source is None else (source.lineno, source.col_offset + 1),
                )
            )
        elif method == TMA_PARTITION and type(target) in (ast.Tuple, ast.List) and len(target.elts) == 2:
            if any(type(arg) is ast.Starred for arg in value.args) and len(value.args) >= 2:
                sources = (value.args[-2], value.args[-1])  # tma_partition(atom, *coord_layout, smem, gmem)
            else:
                sources = (_argument(value, 3, "smem_tensor"), _argument(value, 4, "gmem_tensor"))
            names = [element.id if type(element) is ast.Name and element.id != "_" else None for element in target.elts]
            atom_expr = _argument(value, 0, "atom")
            atom, atom_ref = atom_name(atom_expr), self.ref(atom_expr, create=False)
            at = None if atom_expr is None else (atom_expr.lineno, atom_expr.col_offset + 1)
            self.facts.tma_pairs.append(TmaPair(names[0], names[1], atom, self.scope, at))
            smem, gmem = (tensor_name(source) for source in sources)
            if smem and gmem:
                self.facts.same_data.append((smem, gmem))
                self.facts.tma_sources.append((self.scope, value.lineno, smem, gmem))
            for element, name, source in zip(target.elts, names, sources):
                if name is not None:
                    self.facts.partitions.append(
                        Partition(
                            name, element.lineno, element.col_offset + 1, TMA_PARTITION, None, None,
                            tensor_name(source), self.scope, atom_ref,
                            source_at=None if source is None else (source.lineno, source.col_offset + 1),
                        )
                    )
        elif method in _SLICE_METHODS and type(target) is ast.Name:
            _, origin = self._receiver(receiver_expr, slices)
            if origin:
                slices[target.id] = origin
                if (self.scope, origin) in self.facts.copy_tensors:
                    self.facts.copy_tensors[(self.scope, target.id)] = self.facts.copy_tensors[(self.scope, origin)]
                    self.facts.tensor_copy_atoms[(self.scope, target.id)] = \
                        self.facts.tensor_copy_atoms.get((self.scope, origin))
        elif method is not None and method.startswith(_TMA_ATOM_MAKERS):
            # `tma_atom_a, tma_tensor_a = make_tiled_tma_atom_A(...)`, or one bundle whose `.atom` is used
            atom = _first_name(target) if type(target) in (ast.Tuple, ast.List) else getattr(target, "id", "")
            if atom:
                direction = _atom_direction(value, method)
                if direction:
                    self.facts.atom_directions[atom] = direction
                loaded = tensor_name(_argument(value, 1, "gmem_tensor"))
                if loaded:
                    self.facts.atom_tensors[(self.scope, atom)] = (loaded, value.lineno)
        elif type(target) is ast.Name and method is not None and _helper_partition_method(method):
            self._helper_partition(target, value, method)
        elif type(target) is ast.Name and method == "make_tensor" and (whole := relaid_view(value)):
            self.facts.views.append((target.id, whole))
            self.facts.relaid.add(target.id)
        elif type(target) is ast.Name and method is not None and (allocates := _allocator_memory(method)):
            self.facts.allocators[(self.scope, target.id)] = allocates
        elif type(target) is ast.Name and (value.args or value.keywords):
            # The memory is the maker's, however its arguments are passed (`smem.allocate_tensor(layout=...)`).
            where = _MEMORY_OF_MAKER.get(method) or _stated_memory(value, method) if method != _ALLOCATE \
                else self._allocated_in(
                    # a file's own `allocate_tensor(smem, dtype, layout)` allocates with the allocator it is given
                    receiver_expr if receiver_expr is not None or not value.args else value.args[0]
                )
            if where:
                self._made(target, where, laid=False)
            # `smem.allocate_tensor(dtype, layout)` is a buffer of its own: its first argument is an element type
            made_from = tensor_name(value.args[0]) if value.args and method != _ALLOCATE else None
            if method == _STORAGE_FIELD_TENSOR and type(receiver_expr) is ast.Attribute:
                # `sXA = dxmem.sA.get_tensor(...)`: the buffer is the field's, and either name says its tensor;
                # decided once the module is read (`collect`), since a name its own field also binds is only laid
                # over the other field's memory (`sK = storage.sV.get_tensor(...)` beside `storage.sK`).
                self.field_buffers.append((target.id, receiver_expr.attr))
                made_from = None
            if method in _IDENTITY_MAKERS:
                self.facts.identities.add(target.id)
                self.facts.identities_made[(self.scope, target.id)] = (target.lineno, target.col_offset + 1)
            elif made_from:
                self.facts.derived.append((target.id, made_from))
                if method in _SHAPED_LIKE_MAKERS:
                    self.facts.shaped_like.append(Partition(
                        target.id, target.lineno, target.col_offset + 1, method, None, None, made_from, self.scope))
                if made_from in self.facts.identities:
                    self.facts.identities.add(target.id)
        elif type(target) is ast.Name and method in _IDENTITY_MAKERS:
            self.facts.identities.add(target.id)
            self.facts.identities_made[(self.scope, target.id)] = (target.lineno, target.col_offset + 1)

    def _layout_view(self, target: ast.Name, value: ast.expr) -> None:
        """``target = cute.<layout view>(X, ...)`` or ``target = X[..., None, ...]`` (a slice that keeps modes)."""
        if type(value) is ast.Subscript and type(value.value) is ast.Name and (_keeps_modes(value.slice) or (
                type(value.slice) is ast.Name and (self.scope, value.slice.id) in self.mode_coords)):
            method, source = "slice", value.value.id
        elif type(value) is ast.Call and value.args and (method := call_target(value.func)[0]) in _LAYOUT_VIEWS:
            source = tensor_name(value.args[0])
        elif type(value) is ast.Subscript and type(value.value) is ast.Name and value.value.id != target.id:
            # `bX = gX[block_coord]`: an element, or a tile where the function partitions it (`collect` decides)
            self.indexed_slices.append(
                Partition(target.id, target.lineno, target.col_offset + 1, "slice", None, None, value.value.id,
                          self.scope))
            return
        else:
            return
        if source and source != target.id:
            self.facts.layout_views.append(
                Partition(target.id, target.lineno, target.col_offset + 1, method, None, None, source, self.scope)
            )

    def _hand_view(self, target: ast.Name, call: ast.Call, sliced: bool) -> None:
        """A thread's view of a tensor made by hand: ``composition(X, tv_layout)[tidx, None]``,
        ``tiled_divide(X, tiler)[..., tidx]`` (a slice of either), or ``make_tensor(X.iterator ..., layout)`` with a
        layout other than an MMA operand fragment's: it holds X's data in X's memory, as a partition of X does."""
        method, _ = call_target(call.func)
        if method in _HAND_PARTITIONS and sliced and call.args:
            source = tensor_name(call.args[0])
        elif method == "make_tensor" and len(call.args) == 2 and not self._operand_fragment_layout(call.args[1]):
            owners = iterator_owners(call.args[0]) or self._held_pointer_owners(call.args[0])
            source = owners.pop() if len(owners) == 1 else None
        elif method in self.defined and call.args and not sliced:
            self.helper_calls.append((
                Partition(target.id, target.lineno, target.col_offset + 1, "make_tensor", None, None, None, self.scope),
                method, [tensor_name(arg) for arg in call.args],
            ))
            return
        else:
            return
        if source and source != target.id:
            self.facts.hand_views.append(
                Partition(target.id, target.lineno, target.col_offset + 1, method, None, None, source, self.scope)
            )

    def _held_pointer_owners(self, pointer: ast.expr) -> set[str]:
        """The tensor whose iterator a pointer name (at an offset) holds: ``make_tensor(p + offset, layout)`` after
        ``p = sX[None, k].iterator`` lays a view over sX's memory."""
        while type(pointer) is ast.BinOp:
            pointer = pointer.left
        owner = self.pointer_owners.get((self.scope, pointer.id)) if type(pointer) is ast.Name else None
        return {owner} if owner else set()

    def helper_views(self) -> list[Partition]:
        """``tScS_mn = self._mn_view(tScS)`` where every ``return`` of the file's ``_mn_view`` lays a new layout over
        one parameter's data (``cute.make_tensor(acc.iterator, layout)``): a view of the argument, as a hand view."""
        relays: dict[str, int | None] = {}
        for name, defs in self.facts.objects.functions.items():
            for scope, params, method in defs:
                returned = set(self.returned_views.get(scope, [None]))
                owner = returned.pop() if len(returned) == 1 else None
                position = params.index(owner) - (1 if method else 0) if owner in params else None
                relays[name] = position if relays.get(name, position) == position else None
        views = []
        for view, function, arguments in self.helper_calls:
            position = relays.get(function)
            if position is not None and 0 <= position < len(arguments) and arguments[position]:
                views.append(replace(view, source=arguments[position]))
        return views

    def _pointer_facts(self, target: ast.Name, call: ast.Call, method: str | None, receiver: ast.expr | None) -> None:
        """The memory of a pointer bound to ``target``, and of a tensor ``make_tensor`` lays over a pointer."""
        if method in _POINTER_MAKERS:
            where = self._pointer_memory(call)
            if where:
                self.facts.pointers[(self.scope, target.id)] = where
        elif method == "make_tensor" and call.args:
            where = self._pointer_memory(call.args[0])
            layout = call.args[1] if len(call.args) > 1 else None
            # An MMA operand fragment's layout (`make_tensor(tmem_ptr, tiled_mma.make_fragment_A(...).layout)`) is
            # named `r` wherever it lives, by the convention; its memory is left to the partition rules.
            if where and not self._operand_fragment_layout(layout):
                self._made(target, where, laid=True)
            if where == "t" and type(layout) is ast.Attribute and layout.attr == "layout" \
                    and type(layout.value) is ast.Name:
                self.facts.tmem_layouts.setdefault((self.scope, layout.value.id), target.lineno)
            if type(layout) is ast.Attribute and layout.attr == "layout" and type(layout.value) is ast.Call:
                maker, mma = call_target(layout.value.func)
                if maker in _OPERAND_FRAGMENT_MAKERS and (ref := self.ref(mma, create=False)) is not None:
                    self.facts.fragment_layouts[(self.scope, target.id)] = (
                        ref, maker[-1], target.lineno, target.col_offset + 1)

    def _made(self, target: ast.Name, where: str, laid: bool) -> None:
        """``target`` is made in the memory ``where`` says: by a maker of that memory, or laid over its pointer."""
        key, found = (self.scope, target.id), (where, target.lineno, target.col_offset + 1)
        (self.facts.laid_in if laid else self.facts.made_in)[key] = found
        self.facts.makers.append((key, found, laid))

    def _operand_fragment_layout(self, layout: ast.expr | None) -> bool:
        """A layout made from an MMA operand fragment's or an operand partition's shape (the TMEM A operand of a
        tcgen05 P·V MMA, ``make_tensor(tmem_p_ptr, make_layout(tiled_mma_pv.partition_shape_A(...)))``)."""
        for node in ast.walk(layout) if layout is not None else ():
            if type(node) is ast.Call and call_target(node.func)[0] in _OPERAND_FRAGMENT_MAKERS | _OPERAND_SHAPES:
                return True
            if type(node) is ast.Name and (self.scope, node.id) in self.operand_shapes:
                return True
            if type(node) is ast.Name and any(p.target == node.id and p.scope == self.scope and p.method in
                                              _OPERAND_FRAGMENT_MAKERS for p in self.facts.partitions):
                return True
        return False

    def _pointer_memory(self, expr: ast.expr) -> str | None:
        """Where a pointer expression points: ``make_ptr(t, a, cute.AddressSpace.gmem)``, ``retrieve_tmem_ptr``, a
        TMEM allocator's ``retrieve_ptr``, ``recast_ptr(p, ...)``, ``p + offset``, ``X.iterator`` of a tensor whose
        memory the file shows, or a name bound to one of those; None when not shown."""
        for _ in range(8):
            kind = type(expr)
            if kind is ast.BinOp:
                expr = expr.left
            elif kind is ast.Name:
                owner = self.pointer_owners.get((self.scope, expr.id))
                return self.facts.pointers.get((self.scope, expr.id)) or (owner and self._tensor_memory(owner))
            elif kind is ast.Attribute and expr.attr == "iterator" and (owner := _sliced_iterator_owner(expr)):
                return self._tensor_memory(owner)
            elif kind is ast.Attribute and expr.attr == "iterator" and type(expr.value) is ast.Call \
                    and call_target(expr.value.func)[0] == "domain_offset" and len(expr.value.args) == 2:
                # `domain_offset(coord, X).iterator` points into X
                expr = ast.Attribute(expr.value.args[1], "iterator")
            elif kind is ast.Call:
                method, receiver = call_target(expr.func)
                if method == "recast_ptr" and expr.args:
                    expr = expr.args[0]
                elif method == "retrieve_tmem_ptr":
                    return "t"
                elif method == "alloc_smem":
                    return "s"
                elif method == "retrieve_ptr" and type(receiver) is ast.Name:
                    return "t" if self.facts.allocators.get((self.scope, receiver.id)) == "t" else None
                elif method == "make_ptr":
                    return _address_space(expr)
                else:
                    return None
            else:
                return None
        return None

    def _tensor_memory(self, name: str) -> str | None:
        """The memory a maker proves for a tensor whose iterator a pointer reads (a helper's parameter holds whatever
        its callers pass)."""
        known = self.facts.memory_of(name, self.scope)
        return known[0] if known else None

    def _allocated_in(self, allocator: ast.expr | None) -> str | None:
        """The memory ``allocator.allocate_tensor(...)`` allocates in: ``SmemAllocator().allocate_tensor`` or a
        name bound to an allocator in this function; None when the file does not show which."""
        if type(allocator) is ast.Call:
            method, _ = call_target(allocator.func)
            return _allocator_memory(method) if method else None
        if type(allocator) is ast.Name:
            return self.facts.allocators.get((self.scope, allocator.id))
        return None

    def _helper_partition(self, target: ast.Name, call: ast.Call, method: str) -> None:
        """``tdQrdS = utils.mma_make_fragment_A(sdS, thr_mma_dq)``: a helper that partitions with the
        partitioner object it is given; which argument that is, the resolved references tell."""
        match = _HELPER_PARTITION.fullmatch(method)
        arguments = list(call.args) + [kw.value for kw in call.keywords]
        refs = tuple(ref for ref in (self.ref(arg, create=False) for arg in arguments[1:]) if ref is not None)
        if not refs or not call.args:
            return
        self.facts.partitions.append(
            Partition(
                target.id, target.lineno, target.col_offset + 1, f"{match[1]}_{match[2]}", None, None,
                tensor_name(call.args[0], through_partitions=True), self.scope, ("any", refs),
            )
        )

    def _call(self, call: ast.Call) -> None:
        name, module = call_target(call.func)
        if name not in self.defined and (helper := self._helper_gemm(call, name)) is not None:
            self.facts.helper_gemms.append(helper)
        elif self.imported and (imported := self._imported(call.func)) is not None:
            self._helper_copies(call, name, imported)
            # `mma_no_fence(tiled_mma, acc, tSrA[...], tSrB[...])` of another module, whose body gives its third
            # parameter to a `cute.gemm` as operand A and its fourth as B
            operands = tuple(
                Operand(tensor_name(call.args[at]), call.args[at].lineno, call.args[at].col_offset + 1, slot)
                for at, slot in imported.gemm_slots if at < len(call.args)
            )
            if sorted(operand.slot for operand in operands) == ["a", "b"]:
                mma = call.args[imported.gemm_mma] if imported.gemm_mma is not None and imported.gemm_mma < len(
                    call.args) else None
                self.facts.helper_gemms.append(Call(
                    name or "helper", call.lineno, call.col_offset + 1, operands, self.scope, tensor_name(mma),
                    self.ref(mma, create=False)))
        self._foreign_tma_tensors(call, name)
        self._atom_call(call, name)
        if name == "set" and module is not None and call.args and _tcgen05_field(call.args[0]):
            self.facts.tcgen05_sets.append((self.ref(module, create=False), call.lineno))
        if not _is_cute_module(module):
            return
        if name == "copy":
            atom = atom_name(_argument(call, 0, "atom"))
            self.facts.copies.append(self._operands(call, "cute.copy", ((1, "src"), (2, "dst")), atom))
        elif name in ("autovec_copy", "basic_copy"):
            self.facts.element_copies.append(self._operands(call, f"cute.{name}", ((0, "src"), (1, "dst")), None))
        elif name == "gemm":
            positions = ((1, "d"), (2, "a"), (3, "b"), (4, "c"))
            self.facts.gemms.append(self._operands(call, "cute.gemm", positions, tensor_name(call.args[0]) if call.args else None))

    def _helper_copies(self, call: ast.Call, name: str | None, imported: Helper) -> None:
        """``sm80_utils.gemm_rs(thr_mma, acc, tOrP, tOrVt, tOsVt[...], smem_thr_copy_V)`` of another module, whose body
        copies its fifth parameter with its sixth: a copy with that object, of the tensors the call gives."""
        for copier, *sides in imported.copies:
            if copier >= len(call.args) or any(side is not None and side >= len(call.args) for side in sides):
                continue
            operands = tuple(
                Operand(tensor_name(call.args[side]), call.args[side].lineno, call.args[side].col_offset + 1, slot)
                if side is not None else Operand(None, call.lineno, call.col_offset + 1, slot)
                for side, slot in zip(sides, ("src", "dst"))
            )
            self.facts.copies.append(Call(
                name or "helper", call.lineno, call.col_offset + 1, operands, self.scope,
                atom_name(call.args[copier]), self.ref(call.args[copier], create=False)))

    def _foreign_tma_tensors(self, call: ast.Call, name: str | None) -> None:
        """A copy issued with ``X.atom`` (a TMA bundle's atom) moves X's own TMA tensor: a ``Y.tma_tensor`` of
        another bundle among its other arguments is given to the wrong atom."""
        atom = call.args[0] if call.args else None
        if type(atom) is not ast.Attribute or atom.attr != _BUNDLED_ATOM or type(atom.value) is not ast.Name:
            return
        for argument in call.args[1:]:
            for node in ast.walk(argument):
                if type(node) is ast.Attribute and node.attr == "tma_tensor" and type(node.value) is ast.Name \
                        and node.value.id != atom.value.id:
                    self.facts.foreign_tma_tensors.append(
                        (node.lineno, node.col_offset + 1, name or "copy", atom.value.id, node.value.id))

    def _scale_factors(self, target: str, value: ast.expr) -> None:
        """``L = make_tmem_layout_sfa(...)`` (a layout of A's scale factors) and ``X = cute.make_tensor(ptr, L)`` (a
        tensor laid out so): record the operand each holds the scale factors of."""
        if type(value) is not _CALL:
            return
        operand = _SCALE_LAYOUT.fullmatch(call_target(value.func)[0] or "")
        if operand is not None:
            self.facts.scale_factors[(self.scope, target)] = operand.group(1).upper()
        elif call_target(value.func)[0] == "make_tensor" and len(value.args) == 2:
            layout = value.args[1]
            if type(layout) is _CALL:
                made = _SCALE_LAYOUT.fullmatch(call_target(layout.func)[0] or "")
                operand = made.group(1).upper() if made is not None else None
            else:
                operand = self.facts.scale_factors.get((self.scope, getattr(layout, "id", None)))
            if operand is not None:
                self.facts.scale_factors[(self.scope, target)] = operand

    def _atom_call(self, call: ast.Call, name: str | None) -> None:
        """A call whose first argument names a copy atom, with the tensors it is given (by position or keyword)."""
        atom = atom_name(call.args[0]) if call.args else None
        if atom is None or not _COPY_ATOM_TOKENS & set(atom.lower().split("_")):
            return
        tensors = tuple(
            Operand(tensor_name(argument), argument.lineno, argument.col_offset + 1)
            for argument in call.args[1:] + [keyword.value for keyword in call.keywords]
            if tensor_name(argument) is not None
        )
        at = (call.args[0].lineno, call.args[0].col_offset + 1)
        self.facts.atom_calls.append(AtomCall(name or "copy", self.scope, atom, tensors, at))

    def _helper_gemm(self, call: ast.Call, name: str | None) -> Call | None:
        """A call of a helper the file does not define whose keywords name operand A's and operand B's
        tensors (``a_frag_tile=``, ``b_frag_tile=``; ``frag_a=``...): a GEMM with those operands."""
        operands = []
        for keyword in call.keywords:
            slot = _OPERAND_KEYWORD.fullmatch(keyword.arg or "")
            if slot is not None:
                value = keyword.value
                operands.append(Operand(tensor_name(value), value.lineno, value.col_offset + 1, slot["slot"] or slot["tail"]))
        if {operand.slot for operand in operands} != {"a", "b"} or len(operands) != 2:
            return None
        return Call(name or "helper", call.lineno, call.col_offset + 1, tuple(operands), self.scope, None, None)

    def _operands(
        self, call: ast.Call, function: str, positions: tuple[tuple[int, str], ...], atom: str | None
    ) -> Call:
        operands = []
        for position, keyword in positions:
            expr = _argument(call, position, keyword)
            if function == "cute.gemm" and type(expr) in (ast.List, ast.Tuple) and expr.elts:
                # a block-scaled MMA's operand is `[fragment, scale factors]`: the fragment is the operand
                scale = tensor_name(expr.elts[1]) if len(expr.elts) > 1 else None
                if scale is not None and keyword in ("a", "b"):
                    self.facts.gemm_scales.append(
                        (self.scope, call.lineno, keyword, scale, expr.elts[1].lineno, expr.elts[1].col_offset + 1))
                expr = expr.elts[0]
            if expr is not None:
                operands.append(Operand(tensor_name(expr), expr.lineno, expr.col_offset + 1, keyword))
        first = _argument(call, 0, "atom")
        return Call(function, call.lineno, call.col_offset + 1, tuple(operands), self.scope, atom,
                    self.ref(first, create=False), (first.lineno, first.col_offset + 1) if first is not None else None)


def _relaid_parameter(value: ast.expr) -> str | None:
    """``X`` of ``cute.make_tensor(X.iterator, layout)``."""
    if type(value) is not ast.Call or call_target(value.func)[0] != "make_tensor" or not value.args:
        return None
    owners = iterator_owners(value.args[0])
    return owners.pop() if len(owners) == 1 else None


def _defined_functions(body: list[ast.stmt]) -> set[str]:
    """Names of the module's functions and its classes' methods, also where a function defines them (a builder
    ``def build_kernel_class(): class Kernel: ...`` that imports cutlass lazily, then returns the class)."""
    names = set()
    for stmt in body:
        kind = type(stmt)
        if kind is ast.FunctionDef or kind is ast.AsyncFunctionDef:
            names.add(stmt.name)
            names.update(_defined_functions(stmt.body))
        elif kind is ast.ClassDef:
            names.update(_defined_functions(stmt.body))
    return names


class _Substitute(ast.NodeTransformer):
    """Replaces names with expressions: a comprehension's loop variable with one element of the tuple it runs over,
    a method's parameters with what a call passes."""

    def __init__(self, names: dict[str, ast.expr]) -> None:
        self.names = names

    def visit_Name(self, node: ast.Name) -> ast.expr:
        return self.names.get(node.id, node)


def _unrolled(targets: list[ast.expr], value: ast.expr) -> ast.expr:
    """``gdY, gY = [cute.local_tile(mT, tiler, c) for mT in (mdY, mY)]`` read as ``gdY, gY = cute.local_tile(mdY,
    tiler, c), cute.local_tile(mY, tiler, c)``: one target per element of the tuple the comprehension runs over."""
    if len(targets) != 1 or type(targets[0]) not in (ast.Tuple, ast.List) or type(value) is not ast.ListComp:
        return value
    generator = value.generators[0] if len(value.generators) == 1 else None
    if generator is None or generator.ifs or type(generator.target) is not ast.Name \
            or type(generator.iter) not in (ast.Tuple, ast.List) or len(generator.iter.elts) != len(targets[0].elts):
        return value
    elements = [
        _Substitute({generator.target.id: element}).visit(copy.deepcopy(value.elt)) for element in generator.iter.elts
    ]
    return ast.copy_location(ast.Tuple(elts=elements, ctx=ast.Load()), value)


def _first_name(target: ast.expr) -> str:
    elements = getattr(target, "elts", ())
    return elements[0].id if elements and type(elements[0]) is ast.Name else ""


def collect(tree: ast.Module, path: str | None = None) -> FileFacts:
    """The partitions, copies and GEMMs of one parsed module, with its functions' bound names; ``path``: the
    module's file, whose repository's other modules its imported helpers are read from (``lint.imported``)."""
    collector = _Collector()
    collector.defined = _defined_functions(tree.body)
    if path is not None and not path.startswith("<"):
        collector.importer = Path(path).resolve()
        collector.imported = imports(tree)
    collector.facts.scopes[0].node = tree
    collector.walk(tree.body, {})
    collector.facts.derived.extend(_other_fields(collector.field_buffers))
    collector.facts.layout_views.extend(_partitioned_slices(collector.indexed_slices, collector.facts.partitions))
    collector.facts.hand_views.extend(collector.helper_views())
    collector.facts.returned_partitions.extend(_returned_partitions(collector.facts))
    bound = _made_by_a_passed_object(collector.facts)
    collector.facts.partitions.extend(bound)
    collector.facts.bound_at_calls.update(bound)
    collector.facts.tma_pairs.extend(_returned_tma_pairs(collector.facts))
    collector.facts.site_gemms.extend(_gemms_at_calls(collector.facts))
    return collector.facts


def _gemms_at_calls(facts: FileFacts) -> list[Call]:
    """Each call of a function of the file whose ``cute.gemm`` is given three of its parameters as the MMA and the A
    and B operands (``self.exec_mma(tiled_mma=sq_tiled_mma, tCrA=tCrState, tCrB=tCrQ_sq, ...)``): a GEMM at the call,
    of the MMA and the operands that call passes (at the arguments' positions), so that each call is judged by what
    it gives."""
    found = []
    sites = {}
    for callee, receiver, caller, line, _, _ in facts.call_arguments:
        sites.setdefault(callee, []).append((caller, line))
    for gemm in facts.gemms:
        node = facts.scopes[gemm.scope].node if gemm.scope else None
        slots = {operand.slot: operand.name for operand in gemm.operands if operand.slot in ("a", "b")}
        params = facts.scopes[gemm.scope].params if gemm.scope else set()
        if node is None or gemm.atom not in params or len(slots) != 2 or not set(slots.values()) <= params:
            continue
        for caller, line in sites.get(getattr(node, "name", ""), []):
            given = facts.arguments(caller, line, gemm.scope)
            site = facts.objects.call_sites.get((node.name, line))
            mma = given.get(gemm.atom)
            operands = tuple(
                Operand(tensor_name(given[name]), given[name].lineno, given[name].col_offset + 1, slot)
                for slot, name in slots.items() if name in given
            )
            if site is None or type(mma) is not ast.Name or len(operands) != 2 or None in (op.name for op in operands):
                continue
            ref = _passed_ref(site, gemm.atom, facts, gemm.scope)
            found.append(Call(node.name, line, 1, operands, caller, mma.id, ref, (mma.lineno, mma.col_offset + 1)))
    return found


def _passed_ref(site, parameter: str, facts: FileFacts, scope: int) -> Ref | None:
    """The reference a call (``call_sites`` entry) passes for ``parameter`` of the function ``scope``."""
    on_object, positional, keywords = site
    entry = next((each for each in facts.objects.functions.get(getattr(facts.scopes[scope].node, "name", ""), [])
                  if each[0] == scope), None)
    if entry is None:
        return None
    _, params, method = entry
    if parameter in keywords:
        return keywords[parameter]
    offset = params.index(parameter) - (1 if method and on_object else 0)
    return positional[offset] if 0 <= offset < len(positional) else None


def _returned_tma_pairs(facts: FileFacts) -> list[TmaPair]:
    """``bSG_sdQ, bSG_gdQ = self.epilogue_gmem_copy_and_partition(tma_atom_dQ, ...)``, where the function returns the
    two results of its one ``tma_partition`` of the atom parameter: a pair of the atom that call passes, as if the
    call had partitioned them itself."""
    found = []
    for caller, at, callee, names, called_at in facts.unpacked_returns:
        defs = facts.objects.functions.get(callee, [])
        if len(defs) != 1:
            continue
        scope, params, _ = defs[0]
        returned = facts.returned_tensors.get(scope, [])
        if len(returned) != 1 or len(returned[0]) != len(names):
            continue
        bound = dict(zip(returned[0], names))
        made = {p.target: p.made_by for p in facts.partitions if p.scope == scope and p.method == TMA_PARTITION}
        for pair in facts.tma_pairs:
            if pair.scope != scope or pair.smem not in bound or pair.gmem not in bound:
                continue
            # the atom parameter, also through a name bound to it (`tma_atom_c = atom`)
            ref = made.get(pair.smem)
            if ref is None or ref[0] != "param" or ref[1] != scope or ref[2] not in params:
                continue
            atom = facts.arguments(caller, called_at, scope).get(ref[2])
            if type(atom) is ast.Name and bound[pair.smem] and bound[pair.gmem]:
                at_atom = (atom.lineno, atom.col_offset + 1)
                found.append(TmaPair(bound[pair.smem], bound[pair.gmem], atom.id, caller, at_atom))
    return found


def _made_by_a_passed_object(facts: FileFacts) -> list[Partition]:
    """For each call unpacking what a function of the file returns, where the function returns a partition its
    parameter's object made (``tXsX, tXgX = tma_partition(tma_atom_x, ...)``, ``tma_atom_x`` a parameter): the name
    bound at the call (``tQsQ, tQgQ = self.tma_partition_for_mma_operand(tma_atom_q, ...)``), as a partition made by
    the object that call passes, at the call's line. Two calls given two atoms bind partitions of two atoms."""
    found = []
    for caller, at, callee, names, called_at in facts.unpacked_returns:
        defs = facts.objects.functions.get(callee, [])
        site = facts.objects.call_sites.get((callee, called_at))
        if len(defs) != 1 or site is None:
            continue
        scope, params, method = defs[0]
        returned = facts.returned_tensors.get(scope, [])
        if len(returned) != 1 or len(returned[0]) != len(names):
            continue
        _, positional, keywords = site
        made = {p.target: p for p in facts.partitions if p.scope == scope}
        for inner, outer in zip(returned[0], names):
            partition = made.get(inner) if inner is not None and outer is not None else None
            ref = partition.made_by if partition is not None else None
            if ref is None or ref[0] != "param" or ref[1] != scope or ref[2] not in params:
                continue
            offset = params.index(ref[2]) - (1 if method else 0)
            given = keywords.get(ref[2]) or (positional[offset] if 0 <= offset < len(positional) else None)
            if given is None or given[0] == "param" and given[1] == scope:
                continue
            # the helper's names for its parameters say nothing of the object a call passes (`thr_s2r_b` given a
            # T2R copy): the bound partition carries only the object, not a partitioner read from a name
            found.append(Partition(outer, at, 0, partition.method, None, None, None, caller, given))
            argument = facts.arguments(caller, called_at, scope).get(partition.source or "")
            if partition.source in params and type(argument) is ast.Name:
                facts.bound_sources[(caller, outer)] = argument.id
    return found


def _returned_partitions(facts: FileFacts) -> list[Partition]:
    """For each call unpacking what a function of the file returns, ``(copy, X, Y)``: the results the function made
    by ``copy``'s slice (``partition_S`` / ``partition_D`` / ``retile``, or a view of one), bound at the call as made
    by the copy that call returns (``("call", function, 0, line)``)."""
    found = []
    origins = facts.origins
    for caller, at, callee, names, called_at in facts.unpacked_returns:
        defs = facts.objects.functions.get(callee, [])
        if len(defs) != 1:
            continue
        scope = _returning_scope(defs[0][0], facts)
        returned = facts.returned_tensors.get(scope, [])
        refs = facts.objects.returns.get(scope, [])
        if len(returned) != 1 or len(refs) != 1 or len(returned[0]) != len(names) or not refs[0] or refs[0][0] is None:
            continue
        copier = origins.identity(refs[0][0])
        made = {p.target: p for p in facts.partitions if p.scope == scope and p.method in _SLICE_PARTITIONS}
        for position, (inner, outer) in enumerate(zip(returned[0], names)):
            if position == 0 or inner is None or outer is None:
                continue
            for _ in range(4):
                if inner in made or inner not in facts.view_sources and inner not in facts.made_from:
                    break
                # a register tensor made in the shape of the copy's partition (`make_rmem_tensor(tTR_s.shape, ...)`)
                # holds the copy's layout too
                inner = facts.view_sources.get(inner) or facts.made_from.get(inner)
                if inner is None:
                    break
            partition = made.get(inner)
            if partition is None or origins.identity(partition.made_by) != copier:
                continue
            found.append(Partition(outer, at, 0, partition.method, partition.receiver, partition.partitioner, None,
                                   caller, ("call", callee, 0, called_at)))
    return found


_SLICE_PARTITIONS = frozenset({"partition_S", "partition_D", "retile"})


def _returning_scope(scope: int, facts: FileFacts) -> int:
    """The function whose ``return`` makes what ``scope`` returns: ``scope`` itself, or, where its one ``return``
    returns the call of another function of the file (``return self.make_tmem_load_and_partition(atom, ...)``),
    that function's (followed three deep)."""
    for _ in range(3):
        forwarded = facts.forwarded_returns.get(scope, [])
        defs = facts.objects.functions.get(forwarded[0], []) if len(forwarded) == 1 and forwarded[0] else []
        if len(facts.returned_tensors.get(scope, [])) != 1 or len(defs) != 1 or defs[0][0] == scope:
            return scope
        scope = defs[0][0]
    return scope

# CUTLASS's block-scaled layouts of one operand's scale factors (`blockscaled_utils.make_tmem_layout_sfa`)
_SCALE_LAYOUT = re.compile(r"make_(?:tmem|smem)_layout_sf([ab])")


def _partitioned_slices(slices: list[Partition], partitions: list[Partition]) -> list[Partition]:
    """The slices by an index the file does not show (``bX = gX[block_coord]``) that their function then partitions
    (``thr_copy.partition_S(bX)``): a partition's argument is a tensor, so the slice kept modes, a tile of ``gX``."""
    partitioned = {(partition.scope, partition.source) for partition in partitions}
    return [view for view in slices if (view.scope, view.target) in partitioned]


def _other_fields(field_buffers: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """(buffer, field) for each buffer taken from a shared-storage field named for another tensor, where no field
    named for the buffer itself also binds it: that field's tensor is the buffer's (`sXA = dxmem.sA.get_tensor()`)."""
    own = {buffer for buffer, field_name in field_buffers if field_name == buffer}
    return [(buffer, field_name) for buffer, field_name in field_buffers if buffer not in own and field_name != buffer]
