"""The shared-memory and tensor-memory budget of each traced kernel, read while the kernel is traced.

Every shared-memory allocation of CuTeDSL goes through ``SmemAllocator._smem_alloca`` (raw bytes, a
``cute.struct``, ``allocate_array``, ``allocate_tensor``); every TMEM allocation through
``cute.arch.alloc_tmem``; every launch through ``KernelLauncher.launch``. Wrapping those three for the duration
of a trace gives, per kernel, the allocations in order (name, bytes, alignment, the fields of a struct) and the
launch's ``smem=`` when one is given. The dynamic shared memory a launch asks for is then what the compiler
computes: the allocations packed in order, each at the next multiple of its alignment (tests compare this figure
with the one CuTeDSL's compiler writes into the launch, and the GPU test with what the driver saw).

Reading the allocations emits no IR: sizes come from the layouts' MLIR type strings and Python ints.

    >>> with cute_inspect.trace() as t:                 # doctest: +SKIP
    ...     cute.compile(gemm, a, b, d, stream)
    >>> budget = t.resources["kernel"]                   # doctest: +SKIP
    >>> budget.smem_bytes, budget.smem_limit, budget.fits  # doctest: +SKIP
    (230400, 232448, True)
"""

from __future__ import annotations

import contextlib
import linecache
import re
from dataclasses import dataclass, field

from cute_inspect.trace.shape import format_shape, size
from cute_inspect.trace.source import assigned_names, caller, relative

#: The most dynamic shared memory one block may opt in to, by compute capability (CUDA C++ Programming Guide,
#: "Technical Specifications per Compute Capability": 163 KB on 8.0 and 8.7, 99 KB on 8.6, 8.9 and 12.x,
#: 227 KB on 9.0 and 10.x). CuTeDSL's ``SMEM_CAPACITY_MAP`` holds the same figures.
SMEM_LIMITS = {
    "sm_80": 163 * 1024, "sm_86": 99 * 1024, "sm_87": 163 * 1024, "sm_89": 99 * 1024,
    "sm_90": 227 * 1024, "sm_100": 227 * 1024, "sm_101": 227 * 1024, "sm_103": 227 * 1024,
    "sm_110": 227 * 1024, "sm_120": 99 * 1024, "sm_121": 99 * 1024,
}

#: Tensor memory columns of one SM (SM100): 128 lanes x 512 columns of 32 bits.
TMEM_COLUMNS = 512


def smem_limit(arch: str | None) -> int | None:
    """The per-block opt-in shared-memory limit of `arch` (``sm_90a`` -> 232448), None when unknown."""
    if not arch:
        return None
    return SMEM_LIMITS.get(re.sub(r"[a-z]+$", "", arch))


@dataclass
class Buffer:
    """One shared-memory allocation (or one field of an allocated ``cute.struct``)."""

    name: str
    bytes: int
    offset: int
    holds: str = ""
    line: int = 0
    file: str = ""

    def to_json(self) -> dict:
        return {"name": self.name, "bytes": self.bytes, "offset": self.offset, "holds": self.holds,
                "file": relative(self.file) if self.file else None, "line": self.line or None}


@dataclass
class KernelResources:
    """What one kernel asks of an SM: dynamic shared memory (its buffers) and TMEM columns."""

    kernel: str
    arch: str | None = None
    buffers: list = field(default_factory=list)
    smem_bytes: int = 0
    launch_smem: int | None = None  # `smem=` given to `.launch(...)`, when the kernel's author set one
    tmem_columns: int = 0
    line: int = 0  # the launch's line
    file: str = ""

    @property
    def smem_limit(self) -> int | None:
        return smem_limit(self.arch)

    @property
    def requested_smem(self) -> int:
        """What the launch asks for: its `smem=` when given, else what the allocations need."""
        return self.launch_smem if self.launch_smem is not None else self.smem_bytes

    def problems(self) -> list[str]:
        """Why this kernel would fail to launch, in words; empty when it fits."""
        found = []
        limit = self.smem_limit
        if limit is not None and self.requested_smem > limit:
            biggest = sorted((b for b in self.buffers if 100 * b.bytes >= self.requested_smem),
                             key=lambda b: -b.bytes)[:4]
            names = ", ".join(f"{b.name} {b.bytes} B" for b in biggest)
            found.append(f"`{self.kernel}` needs {self.requested_smem} B of shared memory, "
                         f"{self.requested_smem - limit} B over the {limit} B limit of {self.arch}"
                         + (f" (largest buffers: {names})" if names else ""))
        if self.launch_smem is not None and self.launch_smem < self.smem_bytes:
            found.append(f"`{self.kernel}` is launched with smem={self.launch_smem} B but its buffers take "
                         f"{self.smem_bytes} B ({self.smem_bytes - self.launch_smem} B short)")
        if self.tmem_columns > TMEM_COLUMNS:
            found.append(f"`{self.kernel}` allocates {self.tmem_columns} TMEM columns, "
                         f"{self.tmem_columns - TMEM_COLUMNS} over the {TMEM_COLUMNS} of an SM")
        return found

    @property
    def fits(self) -> bool:
        return not self.problems()

    def to_json(self) -> dict:
        out = {"kernel": self.kernel, "smem_bytes": self.requested_smem, "smem_limit": self.smem_limit,
               "allocated_bytes": self.smem_bytes, "launch_smem": self.launch_smem,
               "buffers": [b.to_json() for b in self.buffers], "fits": self.fits, "problems": self.problems()}
        if self.tmem_columns:
            out["tmem_columns"] = self.tmem_columns
            out["tmem_limit"] = TMEM_COLUMNS
        return out


def resources_json(resources: dict) -> dict | None:
    """The trace's ``"resources"``: the kernel asking the most shared memory at the top, every kernel under
    ``kernels``; None when no kernel was launched."""
    if not resources:
        return None
    kernels = [r.to_json() for r in resources.values()]
    top = max(kernels, key=lambda k: (k["smem_bytes"], k.get("tmem_columns", 0)))
    return {**top, "kernels": kernels}


def budget_lines(budget: KernelResources, width: int = 40, at_launch: bool = False) -> list[str]:
    """The budget as text: one bar per buffer and one for the total, drawn to scale against the limit
    (``|`` marks the limit when the total passes it), then the TMEM columns. Nothing for a kernel that allocates
    neither. `at_launch` names the launch's line (for a name launched as two kernels)."""
    if not (budget.buffers or budget.tmem_columns or budget.launch_smem):
        return []
    limit = budget.smem_limit
    total = budget.requested_smem
    scale = max(limit or 0, total, 1)

    def bar(n: int) -> str:
        cells = ["#" if i < round(width * n / scale) else " " for i in range(width)]
        if limit and total > limit:
            cells[min(width - 1, int(width * limit / scale))] = "|"
        return "[" + "".join(cells) + "]"

    share = f" ({100 * total / limit:.1f}% of the {limit} B limit of {budget.arch})" if limit else ""
    verdict = "fits" if budget.fits else "DOES NOT FIT"
    where = f" (launch at line {budget.line})" if at_launch and budget.line else ""
    lines = [f"  Budget{where}: shared memory {total} B{share}, {verdict}"]
    name_width = max([len(b.name) for b in budget.buffers] + [5])
    for b in budget.buffers:
        lines.append(f"    {b.name:<{name_width}} {b.bytes:>7} B {bar(b.bytes)}  {b.holds}")
    if budget.launch_smem is not None:
        lines.append(f"    {'(launch smem=)':<{name_width}} {budget.launch_smem:>7} B")
    lines.append(f"    {'total':<{name_width}} {total:>7} B {bar(total)}"
                 + (f"  limit {limit} B" if limit else ""))
    if budget.tmem_columns:
        cells = min(width, round(width * budget.tmem_columns / TMEM_COLUMNS))
        lines.append(f"  TMEM: {budget.tmem_columns} of {TMEM_COLUMNS} columns [{'#' * cells}{' ' * (width - cells)}]")
    lines.extend(f"  ! {p}" for p in budget.problems())
    return lines


# -- what a buffer holds, from its name ----------------------------------------------------------------------
_HOLDS = (
    (re.compile(r"bar|mbar|pipeline|full|empty|_ptr_?sync|sync", re.I), "barriers"),
    (re.compile(r"sched|clc|tile_?info|tile_?count|work|response", re.I), "scheduler state"),
    (re.compile(r"tmem", re.I), "TMEM allocation state (the allocated address)"),
    (re.compile(r"^s?(c|d|o|epi|out|acc)(_|$)|epi", re.I), "epilogue tiles"),
    (re.compile(r"^s?a(_|$)|^sa", re.I), "operand A tiles"),
    (re.compile(r"^s?b(_|$)|^sb", re.I), "operand B tiles"),
    (re.compile(r"^s?(q|k|v|p)(_|$)", re.I), "operand {} tiles"),
)


def _holds(name: str) -> str:
    for pattern, words in _HOLDS:
        found = pattern.search(name)
        if found:
            return words.format(found.group(1).upper()) if "{}" in words else words
    return "data"


def describe_buffers(resources: dict, records) -> None:
    """Say what each buffer holds; for an operand or epilogue buffer whose traced SMEM tensor has a stage mode,
    how many stages of which tile (``operand A tiles: 4 pipeline stages of 128x64``). An SMEM tensor made over
    another's storage (``sV`` over ``sK.iterator``, ``sC = storage.sD.get_tensor(...)``, a thread's view of a
    buffer) is named on that buffer; a raw byte buffer that the kernel carves into tensors itself
    (``smem.allocate(n)``, then ``make_tensor(ptr + offset, ...)``) lists the SMEM tensors no other buffer takes."""
    staged, made = {}, {}
    by_index = {r.index: r for r in records}
    for r in records:
        for name, memspace, shape, levels in zip(r.names, r.memspaces, r.shapes, r.levels):
            if not name or memspace != "smem":
                continue
            last = levels[-1] if isinstance(levels, (list, tuple)) and levels else None
            if isinstance(shape, tuple) and getattr(last, "level", None) == "stage" and name not in staged:
                staged[name] = (shape[-1], shape[:-1])
            if r.op == "make_tensor" and name not in made.setdefault(r.kernel, {}):
                field = _STRUCT_FIELD.search(linecache.getline(r.file, r.line))
                made[r.kernel][name] = [field.group(1)] if field else _sources(r, by_index)
    for kernel, budget in resources.items():
        named = {b.name for b in budget.buffers}
        shared, views = {}, []
        for name, sources in made.get(kernel, {}).items():
            if name in named:
                continue
            owner = next((n for n in sources if n in named), None)
            if owner:
                shared.setdefault(owner, []).append(name)
            else:
                views.append(name)
        for b in budget.buffers:
            words = _holds(b.name)
            found = staged.get(b.name)
            if found and words.endswith("tiles"):
                words = f"{words}: {_count(found[0])} pipeline stages of {_tile_text(found[1])}"
            also = shared.get(b.name)
            b.holds = words + (f" (also viewed as {', '.join(also)})" if also else "")
        raw = [b for b in budget.buffers if _holds(b.name) == "data"]
        if len(raw) == 1 and views:
            parts = [f"{n} ({_count(staged[n][0])} stages of {_tile_text(staged[n][1])})" if n in staged else n
                     for n in views]
            raw[0].holds = "carved into " + ", ".join(parts)


def _sources(record, by_index: dict) -> list:
    """The names of the tensors a view's storage leads back to, nearest first: the tracer's walk of its pointer
    (`meta["over"]`: `sV` over `sK.iterator` gives sK), then the tensors each of those was made from."""
    names, seen = [], set()
    step = record.meta.get("over")
    while step is not None and step not in seen:
        seen.add(step)
        record = by_index.get(step)
        if record is None:
            break
        names.extend(n for n in record.names if n)
        step = record.meta.get("over", record.inputs[0] if record.inputs else None)
    return names


# `sC = storage.sD.get_tensor(...)`: a tensor over a struct field's bytes
_STRUCT_FIELD = re.compile(r"\.(\w+)\.(?:get_tensor|data_ptr)\(")


def _count(shape) -> str:
    """A mode's extent for the words of a buffer (``?`` where it is known only at run time)."""
    n = size(shape)
    return "?" if n is None else str(n)


def _tile_text(modes) -> str:
    """``128x64`` for a (bM, bK) tile; the shape itself for a tile laid out for the MMA (``((128,16),1,4)``)."""
    if len(modes) == 2:
        return "x".join(_count(m) for m in modes)
    return format_shape(tuple(modes))


# -- capture -------------------------------------------------------------------------------------------------
_LAYOUT = re.compile(r'"([^"]*)"')


def _cosize(layout) -> int | None:
    """Elements a static layout spans (1 + sum of (extent-1)*|stride| over its leaves), from its type string;
    None for a dynamic one (CuTeDSL refuses to allocate those)."""
    text = str(getattr(layout, "type", layout))
    m = _LAYOUT.search(text)
    body = m.group(1) if m else text
    if ":" not in body or "?" in body:
        return None
    shape_text, stride_text = body.split(":", 1)
    shapes = [int(x) for x in re.findall(r"-?\d+", shape_text)]
    strides = [int(x) for x in re.findall(r"-?\d+", stride_text)]
    if len(shapes) != len(strides):
        return None
    return 1 + sum((s - 1) * abs(d) for s, d in zip(shapes, strides))


class _Capture:
    """Per kernel launch, its allocations and the launch. CuTeDSL traces a kernel's body again at every launch
    statement, so the allocations between two launches are the next launch's; two launches of one name are one
    kernel where their budgets are the same (a body launched twice) and two kernels where they differ (two
    kernels one factory made, both named `kern`): the second keeps its own entry (key `kern#2`)."""

    def __init__(self, arch: str | None, kernel_of):
        self.arch = arch
        self.kernel_of = kernel_of
        self.kernels: dict = {}
        # kernel name -> the key of its entry that takes allocations now (closed once launched)
        self._open: dict = {}
        self._launched: set = set()
        # (entry key, the SMEM word an allocation writes its TMEM address to) -> the most columns one allocation
        # there asked for
        self.tmem_slots: dict = {}
        # Holders keyed by id() stay referenced for the capture's life, so a freed one's id is never reused by another
        self._pinned_holders: list = []

    def _entry(self, name: str) -> str:
        """The key of the entry `name`'s allocations go to: a fresh one after its last launch."""
        key = self._open.get(name, name)
        if key in self._launched:
            n = 2
            while f"{name}#{n}" in self.kernels:
                n += 1
            key = f"{name}#{n}"
        if key not in self.kernels:
            self.kernels[key] = KernelResources(kernel=name, arch=self.arch)
        self._open[name] = key
        return key

    def launching(self, launcher, kwargs) -> str:
        """A launch statement begins: the body it traces allocates into a fresh entry. Returns its key."""
        body = getattr(launcher, "funcBody", None)
        name = getattr(body, "__name__", None) or "kernel"
        site, _frame = caller(3)
        key = self._entry(name)
        k = self.kernels[key]
        k.line, k.file = site.line, site.file
        smem = kwargs.get("smem")
        if isinstance(smem, int) and not isinstance(smem, bool):
            k.launch_smem = smem
        return key

    def launched(self, key: str) -> None:
        """The launch is traced: its entry is closed, and dropped where an earlier launch of the name asked the
        same (the same body launched again)."""
        self._launched.add(key)
        k = self.kernels[key]
        if any(other_key != key and other.kernel == k.kernel and _same_budget(other, k)
               for other_key, other in self.kernels.items()):
            del self.kernels[key]
            self._launched.discard(key)  # its key is free: the next launch of the name takes it afresh

    def allocated(self, layout, dtype, alignment: int, struct_fields) -> None:
        site, frame = caller(3)
        k = self.kernels[self._entry(self.kernel_of(frame))]
        width = getattr(dtype, "width", 8)
        elements = _cosize(layout)
        if elements is None:
            return
        size = (elements * width + 7) // 8
        alignment = max(int(alignment or 1), width // 8, 1)
        base = -(-k.smem_bytes // alignment) * alignment
        if struct_fields:
            for name, nbytes, offset in struct_fields:
                k.buffers.append(Buffer(name, nbytes, base + offset, line=site.line, file=site.file))
        else:
            names = assigned_names(site)
            name = names[0] if names and names[0] else f"smem@{site.line}"
            k.buffers.append(Buffer(name, size, base, line=site.line, file=site.file))
        k.smem_bytes = base + size

    def tmem(self, num_columns, address_holder) -> None:
        """Allocations that write their address to one SMEM word are one allocation in different branches (a
        `TmemAllocator.reserve` by the MMA warp's branch and by the epilogue warps' branch, of which only the
        allocator warp's runs `alloc_tmem`): the kernel holds the largest of them, and the sum over words."""
        if not isinstance(num_columns, int):
            return
        _site, frame = caller(3)
        entry = self._entry(self.kernel_of(frame))
        k = self.kernels[entry]
        key = _holder_key(address_holder)
        if key[0] == "object":
            self._pinned_holders.append(address_holder)
        slot = (entry, key)
        added = num_columns - self.tmem_slots.get(slot, 0)
        if added > 0:
            self.tmem_slots[slot] = num_columns
            k.tmem_columns += added


def _same_budget(a: KernelResources, b: KernelResources) -> bool:
    return (a.smem_bytes, a.launch_smem, a.tmem_columns) == (b.smem_bytes, b.launch_smem, b.tmem_columns) and \
        [(x.name, x.bytes, x.offset) for x in a.buffers] == [(x.name, x.bytes, x.offset) for x in b.buffers]


def _holder_key(pointer):
    """The MLIR value of the SMEM pointer an allocation writes its TMEM address to, as a hashable key; the object
    identity when it has none (then two calls count apart unless they pass the same object, which the caller keeps
    alive so its id stays its own)."""
    value = getattr(pointer, "value", None)
    try:
        return ("value", hash(_passed_through(value))) if value is not None else ("object", id(pointer))
    except TypeError:
        return ("object", id(pointer))


def _passed_through(value, depth: int = 8):
    """The value an `scf.if` result is when every branch yields that one value: an allocator used in a branch
    (`if warp == mma: tmem.reserve(n)`) leaves it as a result of the `if`, the pointer it holds unchanged."""
    for _ in range(depth):
        try:
            op = getattr(value.owner, "operation", value.owner)
            if op.name != "scf.if":
                return value
            yielded = []
            for region in op.regions:
                operations = region.blocks[0].operations
                operand = operations[len(operations) - 1].operands[value.result_number]
                yielded.append(getattr(operand, "value", operand))  # operands come wrapped in the DSL's types
        except (AttributeError, IndexError, TypeError, ValueError):
            return value
        if len({hash(v) for v in yielded}) != 1:
            return value
        value = yielded[0]
    return value


@contextlib.contextmanager
def capturing(arch: str | None, kernel_of):
    """Record every kernel's SMEM allocations, TMEM allocations and launch inside the block; yields the dict
    kernel name -> `KernelResources` (filled as the kernels are traced). `kernel_of(frame)` names the kernel
    being traced at a user frame (the tracer's rule, so budgets and records name kernels alike)."""
    import cutlass.cute as cute
    from cutlass.cutlass_dsl.cutlass import KernelLauncher
    from cutlass.memory.smem import SmemAllocator

    capture = _Capture(arch, kernel_of)
    undo = []

    def patch(owner, attr, make):
        original = owner.__dict__[attr] if isinstance(owner, type) else getattr(owner, attr)
        undo.append((owner, attr, original))
        setattr(owner, attr, make(original))

    def smem_alloca(original):
        def wrapper(self, layout, dtype, byte_alignment, swizzle=None, struct_fields=None, **kwargs):
            capture.allocated(layout, dtype, byte_alignment, struct_fields)
            return original(self, layout, dtype, byte_alignment, swizzle, struct_fields, **kwargs)
        return wrapper

    def launch(original):
        def wrapper(self, *args, **kwargs):
            key = capture.launching(self, kwargs)
            result = original(self, *args, **kwargs)
            capture.launched(key)
            return result
        return wrapper

    def alloc_tmem(original):
        def wrapper(num_columns, *args, **kwargs):
            capture.tmem(num_columns, args[0] if args else kwargs.get("smem_ptr_to_write_address"))
            return original(num_columns, *args, **kwargs)
        return wrapper

    patch(SmemAllocator, "_smem_alloca", smem_alloca)
    patch(KernelLauncher, "launch", launch)
    patch(cute.arch, "alloc_tmem", alloc_tmem)
    try:
        yield capture.kernels
    finally:
        for owner, attr, original in reversed(undo):
            setattr(owner, attr, original)
