"""Trace a target at every combination of some of its keyword arguments, each in a fresh process, and tell
which configs fit: shared memory and TMEM used against the limits, failed checks, compile errors.

A fresh process per combination: CuTeDSL reads the arch once per process and keeps state between compiles,
and a config that crashes the compiler must not take the others with it.

    >>> grid = parse_sweeps(["tile_m=64,128", "stages=2,4"])
    >>> grid
    {'tile_m': [64, 128], 'stages': [2, 4]}
    >>> rows = sweep("tests/kernels/budget.py:compile_staged", "sm_90a", grid)    # doctest: +SKIP
    >>> print(format_table(grid, rows))                                            # doctest: +SKIP
"""

from __future__ import annotations

import ast
import itertools
import json
import re
import subprocess
import sys
from dataclasses import dataclass, field


class SweepError(Exception):
    """A --sweep that cannot be run (bad syntax, a keyword the target does not take); the message says which."""


def parse_sweeps(specs: list) -> dict:
    """``["tile_m=64,128", "dtype=fp16,bf16"]`` -> ``{"tile_m": [64, 128], "dtype": ["fp16", "bf16"]}``.

    Each value is read as a Python literal when it is one (``64``, ``True``, ``(128,64)``), else kept as text.
    Commas inside brackets belong to the value: ``mma_tiler_mn=(128,64),(256,128)``.
    """
    grid: dict = {}
    for spec in specs:
        name, sep, values = spec.partition("=")
        name = name.strip()
        if not sep or not name.isidentifier() or not values.strip():
            raise SweepError(f"--sweep {spec!r}: write NAME=V1,V2,... (a keyword argument of the target)")
        if name in grid:
            raise SweepError(f"--sweep {name}: given twice; list all its values in one --sweep")
        grid[name] = [_value(v) for v in _split(values)]
    return grid


def _split(text: str) -> list:
    parts, depth, current = [], 0, ""
    for ch in text:
        depth += ch in "([{"
        depth -= ch in ")]}"
        if ch == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += ch
    return [p.strip() for p in parts + [current] if p.strip()]


def _value(text: str):
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return text


@dataclass
class Row:
    """One combination's outcome."""

    kwargs: dict
    traced: bool = False
    fits: bool | None = None
    smem_bytes: int | None = None
    smem_limit: int | None = None
    tmem_columns: int | None = None
    failed_checks: list = field(default_factory=list)
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.traced and bool(self.fits is not False) and not self.failed_checks


def sweep(target: str, arch: str, grid: dict, timeout: float = 900) -> list:
    """Trace `target` once per combination of `grid`'s values, each in its own process; one `Row` each."""
    rows = []
    names = list(grid)
    for values in itertools.product(*(grid[n] for n in names)):
        kwargs = dict(zip(names, values))
        rows.append(_run_one(target, arch, kwargs, timeout))
        unknown = _unknown_keyword(rows[-1].error)
        if unknown in grid:
            raise SweepError(f"--sweep {unknown}: {target} takes no keyword argument {unknown!r}")
    return rows


def _unknown_keyword(error: str | None) -> str | None:
    m = re.search(r"unexpected keyword argument '(\w+)'", error or "")
    return m.group(1) if m else None


def _run_one(target: str, arch: str, kwargs: dict, timeout: float) -> Row:
    command = [sys.executable, "-m", "cute_inspect.sweep.grid", "--worker", target, arch, repr(kwargs)]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return Row(kwargs, error=f"no result after {timeout:.0f} s")
    lines = done.stdout.strip().splitlines()
    try:
        found = json.loads(lines[-1]) if lines else None
    except json.JSONDecodeError:
        found = None
    if not isinstance(found, dict):
        last = [line for line in done.stderr.splitlines() if line.strip()]
        return Row(kwargs, error=f"the trace process died (exit {done.returncode}): "
                                 f"{last[-1].strip() if last else 'no message'}")
    return Row(kwargs, **found)


def _first_line(exc: BaseException) -> str:
    lines = [line.strip() for line in re.sub(r"\x1b\[[0-9;]*m", "", str(exc)).splitlines()
             if any(c.isalnum() for c in line)]
    return f"{type(exc).__name__}: {lines[0] if lines else ''}"


def _worker(target: str, arch: str, kwargs_text: str) -> None:
    """Trace one combination under the contract guard; print its `Row` fields as one JSON line."""
    from cute_inspect.trace.target import set_arch, stop_compiles_at_ir, trace_target

    out: dict = {}
    try:
        stop_compiles_at_ir()
        set_arch(arch)
    except Exception as exc:
        out["error"] = _first_line(exc)
        print(json.dumps(out))
        return
    from cute_inspect.check.contracts import guard
    from cute_inspect.check.expect import ShapeCheckError

    try:
        with guard() as contracts:
            trace = trace_target(target, arch=arch, **ast.literal_eval(kwargs_text))
        out["traced"] = True
        out["failed_checks"] = [f"{f.code} line {f.line}" for f in contracts.findings]
        budget = trace.to_json().get("resources")
        if budget:
            out.update(fits=budget["fits"], smem_bytes=budget["smem_bytes"], smem_limit=budget["smem_limit"],
                       tmem_columns=budget.get("tmem_columns"))
    except ShapeCheckError as exc:
        out["failed_checks"] = [_first_line(exc).split(": ", 1)[1]]
    except Exception as exc:  # the config's own failure (a ValueError from its validation, a compile error)
        cause = exc.__cause__ if exc.__cause__ is not None and "Import" in type(exc).__name__ else exc
        out["error"] = _first_line(cause)
    print(json.dumps(out))


def format_table(grid: dict, rows: list) -> str:
    """One line per combination: its values, fits or not, SMEM (and TMEM) used, failed checks or the error."""
    head = list(grid) + ["fits", "smem", "tmem", "checks / error"]
    body = []
    for r in rows:
        smem = (f"{r.smem_bytes / 1024:.1f}/{r.smem_limit / 1024:.0f} KiB" if r.smem_bytes is not None
                and r.smem_limit else "-")
        fits = "-" if not r.traced else ("yes" if r.fits is not False else "NO")
        if r.fits is None and r.traced:
            fits = "?"
        note = r.error or ("; ".join(r.failed_checks) if r.failed_checks else "")
        body.append([_shown(r.kwargs[n]) for n in grid] + [fits, smem, str(r.tmem_columns or "-"), note])
    widths = [max(len(row[i]) for row in [head] + body) for i in range(len(head) - 1)]
    lines = []
    for row in [head] + body:
        lines.append("  ".join(cell.ljust(w) for cell, w in zip(row, widths)) + "  " + row[-1])
    passed = sum(r.ok for r in rows)
    lines.append(f"{passed} of {len(rows)} configs fit and pass their checks")
    return "\n".join(line.rstrip() for line in lines) + "\n"


def _shown(value) -> str:
    return value if isinstance(value, str) else repr(value).replace(" ", "")


if __name__ == "__main__" and sys.argv[1:2] == ["--worker"]:
    _worker(*sys.argv[2:5])
