"""Shared-memory bank conflicts and global-memory coalescing of one copy, from plain layouts (no CuTeDSL).

The model, per warp instruction (see docs/traffic.md for a worked example):

- Shared memory has 32 banks of 4 bytes; byte address ``a`` is in bank ``(a // 4) % 32``. One wavefront serves
  at most one 4-byte word per bank (lanes reading the same word share it). An instruction of ``w`` bytes per lane
  is served in phases of ``128 // w`` lanes (all 32 lanes for ``w <= 4``); a phase costs as many wavefronts as
  the most distinct words asked of one bank. ``ldmatrix``/``stmatrix`` move 16-byte rows given by lanes 0-7,
  8-15, ... : one phase of 8 rows per matrix.
- The ideal is the bytes the warp moves over 128 (at least 1); ``ways`` = wavefronts / ideal.
- Global memory is read in 32-byte sectors: a request (one warp instruction) costs the distinct sectors its
  lanes touch; the ideal is the bytes moved over 32.

Which lanes move which bytes comes from the copy's thread-value layout (``(thread, value) -> index in the
tile``), the tiler, the tensor's layout (swizzle included) and the width the compiler emits::

    >>> g = CopyGeometry(tv=Layout.parse("(32,1):(1,0)"), tiler=(Layout.parse("32:1"), Layout.parse("32:1")),
    ...                  tensor=Layout.parse("(32,32):(32,1)"), elem_bytes=4, atom_bytes=4)
    >>> smem_figure(g).ways                     # lane i reads row i, column 0: 32 rows, one bank
    32.0
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field

import numpy as np

from cute_inspect.trace.shape import (
    DYNAMIC,
    SWIZZLE_TEXT,
    Swizzle,
    compact_stride,
    leaves,
    parse_shape,
    size,
)

BANKS = 32
BANK_BYTES = 4
WAVEFRONT_BYTES = BANKS * BANK_BYTES
SECTOR_BYTES = 32
WARP = 32
MAX_VECTOR_BYTES = 16
#: cp.async bypassing L1 (``.cg``) fills shared memory 64 bytes a wavefront: measured on an H100, where our
#: SM80 GEMM's conflict-free 16-byte ``cp.async.cg`` took 8 wavefronts per instruction (4 with ``.ca``). A rule
#: read off one kernel: see docs/traffic.md.
BYPASS_WAVEFRONT_BYTES = 64
# A run-time stride (``?{i64 div=8}``) stands for a large multiple of its divisibility: rows that far apart
# never share a sector or a 16-byte vector.
_DYNAMIC_STRIDE_SCALE = 4096
RUNTIME_EXTENT = 1 << 30

_DIV = re.compile(r"\?\{[^}]*div=(\d+)[^}]*\}|\?(?:\{[^}]*\})?")


@dataclass(frozen=True)
class Layout:
    """A CuTe layout ``SHAPE:STRIDE`` (nested tuples of ints); a run-time stride becomes a large multiple of
    its divisibility, a run-time extent `RUNTIME_EXTENT` (only a tile's coordinates are ever asked of it)."""

    shape: object
    stride: object

    @classmethod
    def parse(cls, text: str) -> Layout:
        """``(8,4):(4,1)``, ``32:1``, or the quoted layout of a type string; a leading ``S<..> o 0 o`` is dropped
        (read it with `split_swizzle`)."""
        text = _quoted(text).split(" o ")[-1].strip()
        shape_text, _, stride_text = text.partition(":")
        stride_text = _DIV.sub(lambda m: str(int(m.group(1) or 1) * _DYNAMIC_STRIDE_SCALE), stride_text)
        shape = _static(parse_shape(shape_text))
        stride = parse_shape(stride_text) if stride_text else compact_stride(shape)
        return cls(shape, stride)

    def size(self) -> int:
        return size(self.shape)

    def modes(self) -> list[Layout]:
        if not isinstance(self.shape, tuple):
            return [self]
        return [Layout(s, d) for s, d in zip(self.shape, self.stride)]

    @functools.cached_property
    def _flat(self) -> tuple:
        return tuple(zip(leaves(self.shape), leaves(self.stride)))

    def __call__(self, index: int) -> int:
        """The offset of a 1-D (colexicographic) coordinate."""
        total = 0
        for extent, stride in self._flat:
            total += (index % extent) * stride
            index //= extent
        return total


def _static(shape):
    if isinstance(shape, tuple):
        return tuple(_static(s) for s in shape)
    return RUNTIME_EXTENT if shape is DYNAMIC else shape


def _quoted(text: str) -> str:
    quoted = re.findall(r'"([^"]*)"', text)
    return quoted[-1] if quoted else text


def split_swizzle(type_text: str, elem_bytes: int) -> Swizzle | None:
    """The byte-address swizzle of a tensor's type text: a swizzled pointer's (``S<3,4,3>`` outside the quoted
    layout, on bytes) or a composed layout's (``"S<3,3,3> o 0 o ..."``, on elements)."""
    quoted = _quoted(type_text)
    if " o " in quoted and quoted.lstrip().startswith("S<"):
        return Swizzle.parse(quoted).in_bytes(elem_bytes)
    outside = re.sub(r'"[^"]*"', "", type_text)
    return Swizzle.parse(outside) if SWIZZLE_TEXT.search(outside) else None


# -- per-instruction figures ---------------------------------------------------------------------------
def bank_of(address: int) -> int:
    return (address // BANK_BYTES) % BANKS


def _phase_wavefronts(accesses) -> int:
    """Wavefronts of one phase: the most distinct 4-byte words asked of one bank."""
    if not accesses:
        return 0
    # moving every address by one word only renames the banks: count each relative pattern once
    origin = accesses[0][0] // BANK_BYTES * BANK_BYTES
    return _relative_wavefronts(tuple((a - origin, w) for a, w in accesses))


@functools.lru_cache(maxsize=4096)
def _relative_wavefronts(accesses: tuple) -> int:
    words: dict = {}
    for address, width in accesses:
        for word in range(address // BANK_BYTES, (address + width - 1) // BANK_BYTES + 1):
            words.setdefault(word % BANKS, set()).add(word)
    return max((len(w) for w in words.values()), default=0)


def smem_wavefronts(lanes: list, width: int, rows: bool = False) -> int:
    """Wavefronts of one warp instruction. `lanes`: byte address per lane (None: inactive). `rows`: an
    ldmatrix/stmatrix, whose lanes give 16-byte rows, 8 per phase."""
    per_phase = 8 if rows else max(1, WAVEFRONT_BYTES // max(width, BANK_BYTES))
    total = 0
    for start in range(0, len(lanes), per_phase):
        phase = [(a, width) for a in lanes[start:start + per_phase] if a is not None]
        total += _phase_wavefronts(phase)
    return max(total, 1)


def ideal_wavefronts(active_lanes: int, width: int) -> int:
    return max(1, -(-active_lanes * width // WAVEFRONT_BYTES))


def sectors(lanes: list, width: int) -> int:
    """Distinct 32-byte sectors one warp instruction touches."""
    seen = set()
    for a in lanes:
        if a is not None:
            seen.update(range(a // SECTOR_BYTES, (a + width - 1) // SECTOR_BYTES + 1))
    return len(seen)


def ideal_sectors(active_lanes: int, width: int) -> int:
    return max(1, -(-active_lanes * width // SECTOR_BYTES))


# -- a copy's lanes ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class CopyGeometry:
    """One side of a thread copy. `tv`: (thread, value) -> index in the tile, the side's TV layout; `tiler`:
    one layout per tile mode (tile coordinate -> tensor coordinate); `tensor`: the whole tensor's layout before
    partitioning (elements), `swizzle` on byte addresses; `rest`: the copy operand's modes after the value mode
    (the atom repeats it walks); `atom_bytes`: bytes one lane moves per atom; `rows`: ldmatrix/stmatrix
    (`atom_bytes` is then 16 per matrix, `matrices` of them); `merge`: whether contiguous atoms of one lane may
    be merged into wider vectors (plain shared loads and stores; not cp.async, ldmatrix or global); `bypass`:
    a cp.async that bypasses L1 (``.cg``), served `BYPASS_WAVEFRONT_BYTES` a wavefront at best."""

    tv: Layout
    tiler: tuple
    tensor: Layout
    elem_bytes: int
    atom_bytes: int
    swizzle: Swizzle | None = None
    rest: Layout | None = None
    rows: bool = False
    matrices: int = 1
    merge: bool = False
    threads: int = field(default=0)
    bypass: bool = False

    @functools.cached_property
    def _prepared(self) -> tuple:
        tv_thr, tv_val = self.tv.modes()[0], self.tv.modes()[1]
        tiles = tuple(zip(self.tensor.modes(), self.tiler, (m.size() for m in self.tiler)))
        values = tv_val(np.arange(tv_val.size(), dtype=np.int64))
        rests = self.rest(np.arange(self.rest.size(), dtype=np.int64)) if self.rest is not None else np.zeros(1, np.int64)
        return tv_thr, tiles, values, rests

    def threads_count(self) -> int:
        return self.threads or self.tv.modes()[0].size()

    def lane_addresses(self, warp: int) -> tuple:
        """(the warp's lanes that take part, their byte addresses after the swizzle: one row per lane, one column
        per value, value mode first, then the rest modes)."""
        tv_thr, tiles, values, rests = self._prepared
        lanes = [lane for lane in range(WARP) if warp * WARP + lane < self.threads_count()]
        idx = tv_thr(np.array([warp * WARP + lane for lane in lanes], dtype=np.int64))[:, None] + values[None, :]
        offset = np.zeros_like(idx)
        for mode, tile, n in tiles:
            offset = offset + mode(tile(idx % n))
            idx = idx // n
        full = (rests[None, :, None] + offset[:, None, :]).reshape(len(lanes), -1) * self.elem_bytes
        return lanes, (self.swizzle(full) if self.swizzle is not None else full)


@dataclass(frozen=True)
class BankFigure:
    """Per warp instruction, averaged over the copy's instructions and warps; `first`: (lane, address, width)
    of the first instruction of warp 0, for drawing."""

    wavefronts_per_instr: float
    ideal_wavefronts_per_instr: float
    width: int
    instructions: int
    first: tuple = ()

    @property
    def ways(self) -> float:
        return round(self.wavefronts_per_instr / self.ideal_wavefronts_per_instr, 2)

    @property
    def conflict_free(self) -> bool:
        return self.wavefronts_per_instr <= self.ideal_wavefronts_per_instr

    def colliding_lanes(self) -> list:
        """Lanes of the first instruction that share a bank, in the same phase, with another lane's other word."""
        per_phase = 8 if self.width == 16 and len(self.first) <= 32 else max(1, WAVEFRONT_BYTES // max(self.width, 4))
        hit = set()
        for start in range(0, WARP, per_phase):
            by_bank: dict = {}
            for lane, address, width in self.first:
                if start <= lane < start + per_phase:
                    for word in range(address // BANK_BYTES, (address + width - 1) // BANK_BYTES + 1):
                        by_bank.setdefault(word % BANKS, {}).setdefault(word, set()).add(lane)
            for words in by_bank.values():
                if len(words) > 1:
                    for lanes in words.values():
                        hit.update(lanes)
        return sorted(hit)

    def to_json(self) -> dict:
        return {"wavefronts_per_instr": self.wavefronts_per_instr,
                "ideal_wavefronts_per_instr": self.ideal_wavefronts_per_instr, "ways": self.ways}


@dataclass(frozen=True)
class SectorFigure:
    sectors_per_request: float
    ideal_sectors_per_request: float
    width: int

    @property
    def coalesced(self) -> bool:
        return self.sectors_per_request <= self.ideal_sectors_per_request

    def to_json(self) -> dict:
        return {"sectors_per_request": self.sectors_per_request,
                "ideal_sectors_per_request": self.ideal_sectors_per_request}


def _sampled_warps(threads: int) -> list:
    """The warps whose instructions are averaged: the first and the last (a copy's warps see one pattern, shifted
    by whole rows; the two ends catch a swizzle that treats them differently)."""
    warps = max(1, threads // WARP)
    return sorted({0, warps - 1})


def _instructions(geometry: CopyGeometry, warp: int) -> list:
    """[(width, [byte address per lane, None where a lane takes no part])] in program order, for one warp, widths as
    the compiler emits them."""
    lanes, addresses = geometry.lane_addresses(warp)
    step = MAX_VECTOR_BYTES // geometry.elem_bytes if geometry.rows else geometry.atom_bytes // geometry.elem_bytes
    step = max(step, 1)
    chunks = [(v, step * geometry.elem_bytes) for v in range(0, addresses.shape[1], step)]
    if geometry.merge:
        chunks = _merged(chunks, addresses)
    # an ldmatrix/stmatrix takes its rows from lanes 0..8*matrices-1
    used = 8 * geometry.matrices if geometry.rows else WARP
    out = []
    for v, width in chunks:
        column = [None] * WARP
        for row, lane in enumerate(lanes):
            column[lane] = int(addresses[row, v])
        out.append((width, column[:used]))
    return out


def _merged(chunks: list, addresses) -> list:
    """Merge neighbouring atoms of every lane into vectors of up to 16 bytes where every lane's bytes are
    contiguous and aligned after the swizzle (what the compiler's load/store vectorizer does)."""
    out = []
    i = 0
    while i < len(chunks):
        v, width = chunks[i]
        taken = 1
        target = MAX_VECTOR_BYTES
        while target > width:
            n = target // width
            run = chunks[i:i + n]
            if len(run) == n and all(w == width for _, w in run) and (addresses[:, v] % target == 0).all() and all(
                    (addresses[:, rv] == addresses[:, v] + k * width).all() for k, (rv, _) in enumerate(run)):
                taken = n
                break
            target //= 2
        out.append((v, width * taken))
        i += taken
    return out


def smem_figure(geometry: CopyGeometry) -> BankFigure:
    threads = geometry.threads_count()
    total = ideal = count = 0
    first = ()
    for warp in _sampled_warps(threads):
        for width, addrs in _instructions(geometry, warp):
            active = sum(a is not None for a in addrs)
            waves = smem_wavefronts(addrs, width, rows=geometry.rows)
            best = ideal_wavefronts(active, width) if not geometry.rows else geometry.matrices
            if geometry.bypass:
                floor = max(1, -(-active * width // BYPASS_WAVEFRONT_BYTES))
                waves, best = max(waves, floor), max(best, floor)
            total += waves
            ideal += best
            count += 1
            if not first:
                first = tuple((lane, a, width) for lane, a in enumerate(addrs) if a is not None)
    return BankFigure(round(total / count, 2), round(ideal / count, 2), first[0][2] if first else 0,
                      count, first)


def gmem_figure(geometry: CopyGeometry) -> SectorFigure:
    threads = geometry.threads_count()
    total = ideal = count = 0
    width = 0
    for warp in _sampled_warps(threads):
        for width, addrs in _instructions(geometry, warp):
            active = sum(a is not None for a in addrs)
            total += sectors(addrs, width)
            ideal += ideal_sectors(active, width)
            count += 1
    return SectorFigure(round(total / count, 2), round(ideal / count, 2), width)


def fixing_swizzle(geometry: CopyGeometry) -> Swizzle | None:
    """The smallest byte swizzle ``S<B,M,S>`` that makes the copy conflict-free, None if none does (M: the
    emitted width, so each lane's vector stays whole; B: up to the rest of a 128-byte row of banks)."""
    base = max(2, (smem_figure(geometry).width or 4).bit_length() - 1)
    for bits in range(1, 8 - base):  # the XORed bits stay inside one 128-byte row of banks
        for shift in range(bits, 9):
            candidate = Swizzle(bits, base, shift)
            if smem_figure(_with_swizzle(geometry, candidate)).conflict_free:
                return candidate
    return None


def _with_swizzle(geometry: CopyGeometry, swizzle: Swizzle) -> CopyGeometry:
    from dataclasses import replace

    return replace(geometry, swizzle=swizzle)


@functools.lru_cache(maxsize=1024)
def layout(text: str) -> Layout:
    """`Layout.parse`, read once per distinct text."""
    return Layout.parse(text)
