"""CI3xx: the API contracts of CuTe's tiling calls (seed 002, "Convention 2"), checked at each call.

Inside `guard()`, every ``local_tile``, ``tma_partition``, ``partition_A/B/C/S/D``, ``cute.copy`` and
``cute.gemm`` is checked before CuTe runs it, from the arguments' types only (no IR is emitted). A broken
contract becomes a `Finding` at the call's line. When CuTe itself raises in one of these calls, or in a
divide, ``retile`` or ``make_fragment_*``, the error is re-raised as a `ContractError` that adds what CuTe
leaves out, as einops adds the pattern and the input shape: the call's line, the variable it assigns, each
input's shape with its level labels (while a trace is active), and the contract. ``cute-inspect check`` runs
its target inside `guard()`.

CI301 tma-partition-flat
## What it does
Reports a ``tma_partition`` input whose mode 0 is not the TMA tile (a whole number of the atom's boxes): it
takes the grouped form ``(tma_tile, rest...)``, not the flat ``(bM, bK, RestK)`` that ``local_tile`` returns.
The message says which ``cute.group_modes(x, 0, k)`` makes mode 0 the tile (k found from the atom's box).
## Why is this bad?
CuTe reads mode 0 as the tile: a flat input either fails IR verification with no line number ("stride at mode 1
is 16 bits, not a multiple of the required 128-bit TMA smem alignment") or copies the wrong box.
## Example
```python
tAsA, tAgA = cpasync.tma_partition(atom, 0, cute.make_layout(1), cute.group_modes(sA, 0, 2), gA)
```
Use instead: ``cute.group_modes(gA, 0, 2)`` as the last argument.

CI302 local-tile-rank
## What it does
Reports a ``local_tile`` whose projection has a different rank than the tiler, whose (projected) tiler has
more modes than the tensor, or whose coordinate has more modes than the tensor or fewer than the tiler.
## Why is this bad?
CuTe fails with "failed to construct a valid coordinate ... incorrect profile" or "failed to perform a valid
division", naming neither the call nor the ranks.
## Example
```python
gA = cute.local_tile(mA_mk, (128, 64), (bidx, None, 0))     # mA_mk has 2 modes
```
Use instead: ``cute.local_tile(mA_mk, (128, 64), (bidx, None))``.

CI303 partition-covers-atom
## What it does
Reports a ``partition_A/B/C`` (or a copy's ``partition_S/D``) whose input's leading modes are not multiples
of the tiled MMA's (or tiled copy's) tile: the two tiled modes (M,K for A, N,K for B, M,N for C).
## Why is this bad?
CuTe accepts it silently: ``partition_A`` of an 8x8 tile by a 32x16 tiled MMA gives ``((2,2,2),1,1)`` and
threads beyond the tile read outside it.
## Example
```python
gA = cute.local_tile(mA, (8, 8), (bidx, None))   # tiled MMA tile is 32x16
tCgA = thr_mma.partition_A(gA)
```
Use instead: a block tile that is a multiple of ``tiled_mma``'s tile (``tiled_mma.get_tile_size(i)``).

CI304 copy-partitions-agree
## What it does
Reports a ``cute.copy`` whose source and destination have a different number of modes, or rest modes
(every mode after the atom) of different size.
## Why is this bad?
The copy walks both partitions mode by mode; CuTe's own message ("the same size in mode-1, but got 2 and 4")
names neither tensor nor line.
## Example
```python
cute.copy(tiled_copy, tAgA[None, None, None, k], tArB)   # ((8,1),2,1) vs (8,2,2)
```
Use instead: make the destination from the source partition's shape
(``cute.make_rmem_tensor(tAgA[None, None, None, 0].shape, dtype)``), or ``retile`` it.

CI305 gemm-operands-agree
## What it does
Reports a ``cute.gemm(mma, d, a, b, c)`` whose operands disagree on a rest mode: MMA_M of a and c, MMA_N of b
and c, MMA_K of a and b (when both still have it), or d shaped unlike c.
## Why is this bad?
Each operand is a partition by the same tiled MMA; a mismatch means one was sliced with the wrong coordinate
or made by another MMA, and CuTe's error does not say which operand.
## Example
```python
cute.gemm(tiled_mma, tCrC, tCrA[None, None, k], tCrB[None, None, 0:2], tCrC)
```
Use instead: slice A and B with the same k (``tCrB[None, None, k]``).
"""

from __future__ import annotations

import contextlib
import linecache
import re
from dataclasses import dataclass, field

from cute_inspect.findings import Finding
from cute_inspect.positions import char_column
from cute_inspect.trace import levels as _levels
from cute_inspect.trace.patch import observing
from cute_inspect.trace.record import _DERIVATIONS
from cute_inspect.trace.shape import format_shape, mlir_text, parse_shape, rank, size, type_info
from cute_inspect.trace.source import argument_text, assigned_names, relative

CODES = {
    "CI301": "tma_partition was given a tensor whose mode 0 is not the TMA tile: group it first",
    "CI302": "local_tile's coordinate or projection rank does not match the tiler or the tensor",
    "CI303": "A partition's input does not cover the tiled MMA's or copy's tile",
    "CI304": "A copy's source and destination partitions disagree in shape",
    "CI305": "A gemm's operands disagree on MMA_M, MMA_N or MMA_K",
}

_CONTRACTS = {
    "tma_partition": "tma_partition takes (tma_tile, rest...) for both tensors: mode 0 is the TMA tile "
                     "(group a flat tensor with cute.group_modes(x, 0, k)); both modes 0 have the same size",
    "local_tile": "local_tile(tensor, tiler, coord, proj): proj has the tiler's rank; the projected tiler has at "
                  "most the tensor's modes; the coordinate has at least the tiler's modes and at most the tensor's",
    "partition": "partition_* takes a tensor whose two leading modes are multiples of the tiled op's tile and "
                 "returns (atom, rests of those modes, the other modes carried)",
    "copy": "copy(atom, src, dst) takes partitions of the same shape: the same number of modes, and the same "
            "size in every mode after the atom",
    "gemm": "gemm(mma, d, a, b, c) takes a (MMA, MMA_M[, MMA_K]), b (MMA, MMA_N[, MMA_K]), c and d "
            "(MMA, MMA_M, MMA_N): M of a and c, N of b and c, K of a and b agree, and d is shaped as c",
}


class ContractError(ValueError):
    """A CuTe call failed; the message adds the call's line, its inputs with level labels and the contract."""


@dataclass
class Contracts:
    """What `guard()` saw: the findings of calls that broke a contract CuTe did not reject at once."""

    findings: list = field(default_factory=list)


def _shape(value):
    info = type_info(value)
    return info.shape if info is not None else None


def _type_text(obj) -> str:
    try:
        return mlir_text(obj.type)  # printed once per trace: a TiledMma's type runs to hundreds of characters
    except Exception:
        return ""


def _tma_tile_size(atom) -> int | None:
    m = re.search(r'tma_gbasis = <"([^":]*)', _type_text(atom))
    if not m:
        return None
    try:
        return size(parse_shape(m.group(1)))
    except ValueError:
        return None


def _layout_size(text: str) -> int | None:
    try:
        return size(parse_shape(text.split(":")[0]))
    except ValueError:
        return None


def mma_tile(tiled_mma) -> tuple | None:
    """(M, N, K) of a tiled MMA, read from its type: the atom's shape times its atom layout, or the permutation.

    >>> class T: type = '!cute.tiled_mma<!x.mma<16x8x16>, atom_layout_MNK = <"(2,2,1):(1,2,0)">>'
    >>> mma_tile(T())
    (32, 16, 16)
    """
    text = _type_text(tiled_mma)
    atom = re.search(r"<(\d+)x(\d+)x(\d+)\b", text)
    layout = re.search(r'atom_layout_MNK = <"\(([\d,]+)\):', text)
    perm = re.search(r'permutation_MNK = <"\[([^\]]*)\]', text)
    if not atom or not layout:
        return None
    counts = [int(x) for x in layout.group(1).split(",")]
    tile = [int(a) * c for a, c in zip(atom.groups(), counts)]
    if perm:
        for i, entry in enumerate(perm.group(1).split(";")[:3]):
            if entry.strip() != "_":
                tile[i] = _layout_size(entry.strip()) or tile[i]
    return tuple(tile)


def copy_tile(tiled_copy) -> tuple | None:
    """The (M, N) tile of a tiled copy, from ``tiler_mn`` in its type, in elements of its source.

    A tcgen05 SMEM->TMEM copy that broadcasts (``s2t_copy<..., x4>``: each source element to 4 lane groups)
    counts every copy in its tiler; its source covers a quarter of it, which is what CuTe partitions.
    """
    text = _type_text(tiled_copy)
    m = re.search(r'tiler_mn = <"\[([^\]]*)\]', text)
    if not m:
        return None
    sizes = tuple(_layout_size(e.strip()) for e in m.group(1).split(";"))
    if None in sizes:
        return None
    broadcast = re.search(r"s2t_copy<[^>]*,\s*x(\d+)>", text)
    if broadcast and sizes and sizes[0] % int(broadcast.group(1)) == 0:
        sizes = (sizes[0] // int(broadcast.group(1)),) + sizes[1:]
    return sizes


def check_tma_partition(atom, smem_shape, gmem_shape, names=("smem_tensor", "gmem_tensor")) -> list:
    """(code, message) for each tma_partition input whose mode 0 is not a whole number of TMA boxes.

    The atom's box (``tma_gbasis``) may be copied several times per tile, so mode 0 must be a multiple of it.
    """
    box = _tma_tile_size(atom)
    found = []
    for arg, shape in zip(names, (smem_shape, gmem_shape)):
        if box is None or not isinstance(shape, tuple):
            continue
        first = size(shape[0])
        if first is None or first % box == 0:
            continue
        sizes = [size(m) for m in shape]
        k = next((k for k in range(2, len(shape) + 1)
                  if None not in sizes[:k] and size(tuple(sizes[:k])) % box == 0), None)
        if k is not None:
            found.append(("CI301", f"`{arg}` is {format_shape(shape)}, but tma_partition takes (tma_tile, rest...) "
                                   f"with the TMA tile ({box}-element boxes) as mode 0: pass "
                                   f"`cute.group_modes({arg}, 0, {k})`"))
        else:
            found.append(("CI301", f"mode 0 of `{arg}` {format_shape(shape)} has {first} elements, not a multiple "
                                   f"of the TMA atom's {box}-element box: no leading modes make up the tile"))
    return found


def check_local_tile(in_shape, tiler, coord, proj) -> list:
    """(code, message) when local_tile's tiler, projection and coordinate ranks cannot fit the tensor."""
    t_rank = len(tiler) if isinstance(tiler, tuple) else None
    c_rank = len(coord) if isinstance(coord, tuple) else 1
    r = rank(in_shape) if in_shape is not None else None
    found = []
    if proj is not None and isinstance(proj, tuple) and t_rank is not None and len(proj) != t_rank:
        found.append(("CI302", f"proj {proj!r} has {len(proj)} modes but the tiler {tiler!r} has {t_rank}"))
        return found
    kept = sum(p is not None for p in proj) if isinstance(proj, tuple) else t_rank
    if r is not None and kept is not None and kept > r:
        found.append(("CI302", f"the tiler has {kept} modes{' after projection' if proj else ''} but the tensor "
                               f"{format_shape(in_shape)} has {r}"))
    if proj is None and r is not None and c_rank > r:
        found.append(("CI302", f"the coordinate {_coord_text(coord)} has {c_rank} modes but the tensor "
                               f"{format_shape(in_shape)} has {r}: a coordinate indexes the tensor's modes"))
    if proj is None and t_rank is not None and c_rank < t_rank:
        found.append(("CI302", f"the coordinate {_coord_text(coord)} has {c_rank} modes but the tiler has {t_rank}"))
    return found


def check_partition(op: str, partitioner, in_shape) -> list:
    """(code, message) when the input's two leading modes are not multiples of the tiled op's tile."""
    if op in ("partition_A", "partition_B", "partition_C"):
        tile = mma_tile(partitioner)
        if tile is None:
            return []
        axes = {"partition_A": ("M", "K"), "partition_B": ("N", "K"), "partition_C": ("M", "N")}[op]
        sizes = tuple(tile["MNK".index(a)] for a in axes)
        what = "tiled MMA"
    else:
        sizes = copy_tile(partitioner)
        if sizes is None:
            return []
        axes = ("0", "1")
        what = "tiled copy"
    if not isinstance(in_shape, tuple) or len(in_shape) < len(sizes):
        return []
    bad = []
    for i, (want, axis) in enumerate(zip(sizes, axes)):
        have = size(in_shape[i])
        if have is not None and want and have % want:
            along = f" ({axis})" if axis.isalpha() else ""
            bad.append(f"mode {i}{along} has {have} elements, the tile {want}")
    if not bad:
        return []
    tile = "x".join(str(s) for s in sizes)
    return [("CI303", f"the input {format_shape(in_shape)} does not cover the {what}'s {tile} tile: "
                      f"{'; '.join(bad)} (leading modes must be multiples of the tile)")]


def check_copy(src_shape, dst_shape) -> list:
    """(code, message) when a copy's source and destination differ in rank or in the size of a rest mode.

    Mode 0 is each side's atom (its values per thread): a TMEM or TMA source may hold them differently from
    the destination, so only the modes after it must agree, as CuTe checks.

    >>> check_copy(((8, 1), 2, 1), (8, 2, 2))[0][1]
    'mode 2 has 1 element in the source ((8,1),2,1) but 2 in the destination (8,2,2)'
    """
    if not isinstance(src_shape, tuple) or not isinstance(dst_shape, tuple):
        return []
    if len(src_shape) != len(dst_shape):
        return [("CI304", f"the source {format_shape(src_shape)} has {len(src_shape)} modes, the destination "
                          f"{format_shape(dst_shape)} has {len(dst_shape)}")]
    for i, (s, d) in enumerate(zip(src_shape[1:], dst_shape[1:]), start=1):
        ps, pd = size(s), size(d)
        if ps is not None and pd is not None and ps != pd:
            return [("CI304", f"mode {i} has {ps} element{'s' * (ps != 1)} in the source {format_shape(src_shape)} "
                              f"but {pd} in the destination {format_shape(dst_shape)}")]
    return []


def check_gemm(d_shape, a_shape, b_shape, c_shape) -> list:
    """(code, message) when a gemm's operands disagree on a rest mode (a k-slice of a and b is usual).

    >>> check_gemm(((2, 2), 4, 8), ((2, 2, 2), 4), ((2, 2), 4), ((2, 2), 4, 8))[0][1]
    'MMA_N: mode 1 of b (4) and mode 2 of c (8) differ'
    """
    shapes = {"d": d_shape, "a": a_shape, "b": b_shape, "c": c_shape}
    if any(not isinstance(v, tuple) for v in shapes.values()):
        return []
    pairs = [("MMA_M", "a", 1, "c", 1), ("MMA_N", "b", 1, "c", 2), ("MMA_K", "a", 2, "b", 2),
             ("MMA_M", "d", 1, "c", 1), ("MMA_N", "d", 2, "c", 2)]
    for what, x, i, y, j in pairs:
        if i < len(shapes[x]) and j < len(shapes[y]):
            sx, sy = size(shapes[x][i]), size(shapes[y][j])
            if sx is not None and sy is not None and sx != sy:
                return [("CI305", f"{what}: mode {i} of {x} ({sx}) and mode {j} of {y} ({sy}) differ")]
    return []


def _coord_text(coord) -> str:
    if isinstance(coord, tuple):
        return "(" + ", ".join("None" if c is None else c if isinstance(c, str) else
                               str(c) if isinstance(c, int) else "?" for c in coord) + ")"
    return str(coord) if isinstance(coord, int) else "?"


# -- the guard ------------------------------------------------------------------------------------------

# Calls checked against a contract, and calls only given context when CuTe raises in them.
# The calls whose contracts are checked; CuTe errors in any of them gain context.
_GUARDED = ("local_tile", "tma_partition", "copy", "gemm", "flat_divide", "zipped_divide", "tiled_divide",
            "logical_divide", "partition_A", "partition_B", "partition_C", "partition_S", "partition_D", "retile",
            "make_fragment_A", "make_fragment_B", "make_fragment_C")
_TENSOR_ARGS = {
    "local_tile": ("input",), "tma_partition": ("smem_tensor", "gmem_tensor"), "copy": ("src", "dst"),
    "gemm": ("d", "a", "b", "c"),
}


def _arg_text(site, bound: dict, param: str, op: str) -> str:
    """The source text of a bound argument (``sA``, ``cute.group_modes(sA, 0, 2)``), else its parameter name."""
    names = [k for k in bound if k != "self"]
    text = argument_text(site, names.index(param), op) if param in names else None
    return text or param


def _violations(op: str, bound: dict, site) -> list:
    if op == "tma_partition":
        names = tuple(_arg_text(site, bound, p, op) for p in ("smem_tensor", "gmem_tensor"))
        return check_tma_partition(bound.get("atom"), _shape(bound.get("smem_tensor")),
                                   _shape(bound.get("gmem_tensor")), names)
    if op == "local_tile":
        return check_local_tile(_shape(bound.get("input")), bound.get("tiler"), bound.get("coord"),
                                bound.get("proj"))
    if op == "copy":
        return check_copy(_shape(bound.get("src")), _shape(bound.get("dst")))
    if op == "gemm":
        return check_gemm(*(_shape(bound.get(k)) for k in ("d", "a", "b", "c")))
    if op.startswith("partition_"):
        tensor = next((v for k, v in bound.items() if k != "self"), None)
        return check_partition(op, bound.get("self"), _shape(tensor))
    return []


def _labels_of(value):
    """The level label tree of a traced tensor while a trace is active (None when unknown)."""
    from cute_inspect.trace import tracer as _tracer

    tracer = getattr(_tracer, "_active", None)
    if tracer is None:
        return None
    try:
        found = tracer.lookup(value)
    except Exception:
        return None
    return found[2] if found else None


def _inputs_text(op: str, bound: dict, site) -> list[str]:
    lines = []
    for param in _TENSOR_ARGS.get(op) or tuple(k for k in bound if k != "self")[:1]:
        value = bound.get(param)
        shape = _shape(value)
        if shape is not None:
            lines.append(f"  {param} `{_arg_text(site, bound, param, op)}`: {_levels.labelled(shape, _labels_of(value))}")
    return lines


class _Guard:
    """An observer of the wrapped CuTe calls (see `cute_inspect.trace.patch`) that checks each call's contract."""

    def __init__(self, contracts: Contracts):
        self.contracts = contracts

    def before(self, call) -> None:
        if call.op not in _GUARDED:
            return
        try:
            found = _violations(call.op, call.bound, call.site)
        except Exception:  # checking must never break the user's compile
            found = []
        call.meta["contract_violations"] = found
        for code, message in found:
            self.report(call.site, call.op, code, message)

    def on_error(self, call, exc: Exception):
        if call.op not in _GUARDED or isinstance(exc, ContractError):
            return None
        return ContractError(_context(call.op, call.bound, call.site, call.meta.get("contract_violations", []), exc))

    def report(self, site, op: str, code: str, message: str) -> None:
        names = assigned_names(site, op) if site.direct else None
        target = ", ".join(n for n in names or () if n)
        text = f"`{op}`{' for `' + target + '`' if target else ''}: {message}"
        line = linecache.getline(site.file, site.line)
        column = char_column(line, site.col) + 1  # Python's frames count UTF-8 bytes; findings count characters
        finding = Finding(relative(site.file), site.line, column, code, text)
        if finding not in self.contracts.findings:
            self.contracts.findings.append(finding)


_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def _context(op: str, bound: dict, site, found: list, exc: BaseException) -> str:
    names = assigned_names(site, op) if site.direct else None
    target = ", ".join(n for n in names or () if n)
    lines = [f"{relative(site.file)}:{site.line}: `{op}`{' for `' + target + '`' if target else ''} failed"]
    lines += _inputs_text(op, bound, site)
    for code, message in found:
        lines.append(f"  {code}: {message}")
    kind = "partition" if op.startswith("partition_") else op
    contract = _CONTRACTS.get(kind) or _DERIVATIONS.get(op)
    if contract:
        lines.append(f"  {'contract' if kind in _CONTRACTS else 'what it does'}: {contract}")
    said = " | ".join(line.strip() for line in _ANSI.sub("", str(exc)).splitlines() if line.strip())
    lines.append(f"  CuTe said: {type(exc).__name__}: {said[:400]}")
    return "\n".join(lines)


@contextlib.contextmanager
def guard():
    """Check CuTe's API contracts at every tiling call compiled inside the block.

    Findings collect on the yielded `Contracts`; a CuTe error in one of these calls becomes a `ContractError`
    carrying the line, the inputs with their level labels and the contract. Enter it before
    ``cute_inspect.trace()`` (or ``trace_target``) so the labels are known::

        with guard() as contracts:
            t = cute_inspect.trace_target("gemm.sm90:compile_only", arch="sm_90a")
        print(contracts.findings)
    """
    contracts = Contracts()
    with observing(_Guard(contracts)):
        yield contracts
