"""Bank conflicts and coalescing for every traced copy: the texts `traffic_capture` kept, through `traffic`'s model.

After a trace, each copy record with a shared-memory side carries ``meta["banks"]`` (wavefronts per warp
instruction, the ideal, ``ways``; or ``ways: None`` with a ``reason``) and, with a global side it can follow,
``meta["coalescing"]`` (sectors per request and the ideal). An MMA reading shared memory through descriptors
(wgmma, tcgen05) carries ``meta["banks"]`` with a reason saying whether the layout is a canonical one.

    >>> from cute_inspect.trace.copy_traffic import atom_kind
    >>> atom_kind('!cute_nvgpu.atom.universal_copy<f16, 128 b>')
    ('universal', 16)
"""

from __future__ import annotations

import functools
import re

from cute_inspect.trace import traffic as _t
from cute_inspect.trace.shape import info_of

_BITS = re.compile(r"(\d+)\s*b\b")
_MATRICES = re.compile(r"num_matrices\s*=\s*(\d+)")
_DTYPE_BITS = re.compile(r"(\d+)")

#: canonical TMA/GMMA/UMMA swizzle modes on byte addresses: S<B,4,3> is SW(16 * 2^B)
_CANONICAL = {None: "no swizzle (interleaved)", "S<1,4,3>": "SW32", "S<2,4,3>": "SW64", "S<3,4,3>": "SW128"}


class Unsupported(ValueError):
    """A copy side the model cannot follow; the message is the `reason` people read."""


def atom_kind(atom: str) -> tuple:
    """(kind, bytes per lane per atom) of a copy atom's type text; kind is universal, cp.async, ldsm, stsm,
    tma or other."""
    if "tma" in atom:
        return "tma", 0
    if ".ldsm" in atom or ".stsm" in atom:
        kind = "ldsm" if ".ldsm" in atom else "stsm"
        m = _MATRICES.search(atom)
        return kind, int(m.group(1)) if m else 1
    bits = _BITS.search(atom)
    width = int(bits.group(1)) // 8 if bits else 0
    if "universal_copy" in atom:
        return "universal", width
    if "async" in atom and "bulk" not in atom:
        return "cp.async", width
    return "other", width


def elem_bytes(type_text: str) -> int:
    dtype = info_of(type_text).dtype or ""
    m = _DTYPE_BITS.search(dtype)
    if not m:
        raise Unsupported(f"element type {dtype!r} of unknown width")
    return max(1, int(m.group(1)) // 8)


def _tiler(text: str) -> tuple:
    quoted = re.findall(r'"([^"]*)"', text)
    body = (quoted[-1] if quoted else text).strip().strip("[]")
    return tuple(_t.layout(part) for part in body.split(";"))


def _rest(operand: _t.Layout) -> _t.Layout | None:
    modes = operand.modes()[1:]
    if not modes:
        return None
    if any(m.size() >= _t.RUNTIME_EXTENT for m in modes):
        raise Unsupported("the copy walks a run-time number of atoms")
    return _t.Layout(tuple(m.shape for m in modes), tuple(m.stride for m in modes))


@functools.lru_cache(maxsize=512)
def geometry(tv_text: str, tiler_text: str, tensor_text: str, operand_text: str, atom: str,
             memspace: str) -> _t.CopyGeometry:
    """The lanes of one copy side, from the partition's and the copy's texts; raises `Unsupported`."""
    kind, width = atom_kind(atom)
    if kind == "tma":
        raise Unsupported("TMA")
    try:
        tv, tiler = _t.layout(tv_text), _tiler(tiler_text)
        tensor, operand = _t.layout(tensor_text), _t.layout(operand_text)
    except ValueError as exc:
        raise Unsupported(f"layout not static: {exc}") from None
    eb = elem_bytes(operand_text)
    if not isinstance(tv.shape, tuple) or len(tv.shape) != 2:
        raise Unsupported(f"thread-value layout {tv_text} is not (thread, value)")
    if operand.modes()[0].size() != tv.modes()[1].size():
        raise Unsupported("the copy operand is not a slice of its copy partition (value modes differ)")
    rows = kind in ("ldsm", "stsm")
    if rows:
        atom_bytes = _t.MAX_VECTOR_BYTES
    elif width:
        atom_bytes = width
    elif kind == "universal":  # no num_bits_per_copy: one element a copy
        atom_bytes = eb
    else:
        raise Unsupported(f"copy atom {atom} of unknown width")
    swizzle = _t.split_swizzle(tensor_text, eb) if memspace == "smem" else None
    return _t.CopyGeometry(tv=tv, tiler=tiler, tensor=tensor, elem_bytes=eb, atom_bytes=atom_bytes,
                           swizzle=swizzle, rest=_rest(operand), rows=rows, matrices=width if rows else 1,
                           merge=kind == "universal" and memspace == "smem",
                           bypass=kind == "cp.async" and "cache = global" in atom)


@functools.lru_cache(maxsize=512)
def _figure(geo: _t.CopyGeometry, memspace: str):
    return _t.smem_figure(geo) if memspace == "smem" else _t.gmem_figure(geo)


def canonical_reason(type_text: str, what: str) -> str:
    """Say whether a shared-memory tensor's swizzle is one the TMA/MMA hardware defines (no per-lane figure)."""
    try:
        swizzle = _t.split_swizzle(type_text, elem_bytes(type_text))
    except (Unsupported, ValueError):
        swizzle = None
    key = str(swizzle) if swizzle else None
    if key in _CANONICAL:
        return f"{what} reads whole swizzle atoms: no per-lane figure; {key or 'the layout'} is the canonical " \
               f"{_CANONICAL[key]} mode"
    return f"{what}: no per-lane figure; {key} is not a canonical swizzle mode (SW32 S<1,4,3>, SW64 S<2,4,3>, " \
           f"SW128 S<3,4,3> on bytes): expect conflicts or a wrong layout"


def _side(trace, record, i: int, operand_text: str, atom: str, memspace: str):
    """The figure of one side, or raise `Unsupported` with the reason."""
    if atom_kind(atom)[0] == "tma":
        raise Unsupported(canonical_reason(operand_text, "TMA"))
    if i >= len(record.inputs) or record.inputs[i] is None:
        raise Unsupported("operand not traced")
    source = trace.records[record.inputs[i]]
    made = source.meta.get("copy_tv")
    if made is None:
        raise Unsupported(f"the operand was made by `{source.op}`, not a TiledCopy partition: no thread layout")
    geo = geometry(made["tv"], made["tiler"], made["tensor"], operand_text, atom, memspace)
    return geo, _figure(geo, memspace)


def annotate(trace) -> None:
    """Give every copy (and every MMA reading shared memory) its figures; never raises."""
    for record in trace.records:
        try:
            if record.op == "copy" and "copy_atom" in record.meta:
                _annotate_copy(trace, record)
            elif record.op == "gemm":
                _annotate_gemm(trace, record)
        except Exception as exc:  # noqa: BLE001  (a figure must never break a trace)
            record.meta["banks"] = {"wavefronts_per_instr": None, "ideal_wavefronts_per_instr": None,
                                    "ways": None, "reason": f"model error: {type(exc).__name__}: {exc}"}


def operand_names(trace, record) -> tuple:
    """The names of a copy's source and destination (``#12`` for an unnamed one)."""
    out = []
    for i, o in zip(record.inputs, record.input_outputs or (0,) * len(record.inputs)):
        source = trace.records[i] if i is not None and i < len(trace.records) else None
        name = source.names[o] if source is not None and o < len(source.names) else None
        out.append(name or f"#{i}")
    return tuple(out)


def _annotate_copy(trace, record) -> None:
    texts = record.meta["copy_atom"]
    record.meta["_operands"] = operand_names(trace, record)
    atom = texts["atom"]
    for i, key in enumerate(("src", "dst")):
        text = texts.get(key)
        if not text:
            continue
        memspace = info_of(text).memspace
        if memspace not in ("smem", "gmem"):
            continue
        out = "banks" if memspace == "smem" else "coalescing"
        if out in record.meta:
            continue
        try:
            geo, fig = _side(trace, record, i, text, atom, memspace)
        except Unsupported as exc:
            if memspace == "smem":
                record.meta["banks"] = {"wavefronts_per_instr": None, "ideal_wavefronts_per_instr": None,
                                        "ways": None, "reason": str(exc)}
            continue
        record.meta[out] = {**fig.to_json(), "side": key, "width_bytes": fig.width}
        if out == "banks" and geo.bypass:
            record.meta[out]["note"] = "cp.async bypassing L1 (.cg): at best 64 bytes a wavefront (measured)"
        record.meta[f"_{out}_geometry"] = geo


def _annotate_gemm(trace, record) -> None:
    for index in record.inputs:
        if index is None:
            continue
        fragment = trace.records[index]
        if "smem_desc" not in fragment.dtypes:
            continue
        smem = next((trace.records[j] for j in fragment.inputs if j is not None
                     and "smem" in trace.records[j].memspaces), None)
        what = "the MMA (wgmma/tcgen05 descriptor)"
        text = smem.meta.get("copy_tv", {}).get("tensor") if smem else None
        reason = canonical_reason(text or _smem_type(smem), what) if smem else f"{what}: operand layout not traced"
        record.meta["banks"] = {"wavefronts_per_instr": None, "ideal_wavefronts_per_instr": None, "ways": None,
                                "reason": reason}
        return


def _smem_type(record) -> str:
    """A record's first output as a type-like text carrying its swizzle, for `canonical_reason`."""
    swizzle = record.swizzles[0] or ""
    return f'!cute.memref<{record.dtypes[0]}, smem, {swizzle}, "{record.layouts[0]}">'


def traffic_text(record) -> str:
    """A copy's traffic in a few words, for reports: ``smem 8-way, gmem coalesced``; empty when none applies."""
    parts = []
    banks, coal = record.meta.get("banks"), record.meta.get("coalescing")
    if banks:
        if banks.get("ways") is None:
            reason = banks.get("reason", "")
            mode = next((m for m in ("SW128", "SW64", "SW32") if m in reason), None)
            who = "TMA" if reason.startswith("TMA") else "MMA" if "MMA" in reason else ""
            if mode and who and "not a canonical" not in reason:
                parts.append(f"smem {who} {mode}")
            else:
                parts.append(f"smem {who} not canonical" if who and "not a canonical" in reason
                             else "smem: no per-lane figure")
        else:
            parts.append("smem conflict-free" if banks["ways"] <= 1 else f"smem {banks['ways']:g}-way")
    if coal:
        ratio = coal["sectors_per_request"] / coal["ideal_sectors_per_request"]
        parts.append("gmem coalesced" if ratio <= 1 else f"gmem {ratio:g}x sectors")
    return ", ".join(parts)


def collisions(fig: _t.BankFigure, limit: int = 4) -> list:
    """Lines naming the lanes of the first instruction that collide, by bank: ``bank 0: lanes 0, 8, 16, 24``."""
    by_bank: dict = {}
    for lane, address, width in fig.first:
        if lane in set(fig.colliding_lanes()):
            by_bank.setdefault(_t.bank_of(address), []).append(lane)
    lines = [f"bank {bank}: lanes {', '.join(map(str, lanes))}" for bank, lanes in sorted(by_bank.items())]
    return lines[:limit] + ([f"... {len(lines) - limit} more banks"] if len(lines) > limit else [])


def conflict_message(fig: _t.BankFigure, geo: _t.CopyGeometry) -> list:
    """What a failed check or a lint finding says: the figure, the colliding lanes, a swizzle that fixes it."""
    lines = [(f"{fig.ways:g}-way bank conflict: {fig.wavefronts_per_instr:g} wavefronts per instruction, ideal "
              f"{fig.ideal_wavefronts_per_instr:g} ({fig.width}-byte accesses)")]
    lines += ["colliding lanes of the first instruction: " + "; ".join(collisions(fig))]
    fix = _t.fixing_swizzle(geo)
    if fix is not None:
        lines.append(f"a swizzle that removes it: {fix} on byte addresses "
                     f"(cute.recast_ptr(ptr, cute.make_swizzle({fix.bits}, {fix.base}, {fix.shift}), dtype=...))")
    else:
        lines.append("no Swizzle<B,M,S> removes it: pad the rows or change the thread layout")
    return lines


def figure(record):
    """(BankFigure, CopyGeometry) of a copy record with a per-lane bank figure, else None."""
    geo = record.meta.get("_banks_geometry")
    return (_figure(geo, "smem"), geo) if geo is not None else None
