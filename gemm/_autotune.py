"""A small autotuner with a persistent on-disk cache, shared by the GEMM front ends.

A problem key names the kernel, the GPU, the problem shape and the operand kinds. `tune` times each
candidate config (median of `triton.testing.do_bench`) through a caller-supplied `build(config) ->
launcher`, stores the fastest in the cache file and returns it; `lookup` returns what an earlier run
stored. The cache is one JSON object: key -> {"config": {...}, "ms": {label: median ms}}.

Cache file: $CUTE_INSPECT_TUNE_CACHE, else ~/.cache/cute-inspect/autotune.json.
"""
from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Callable, Optional

CACHE_ENV = "CUTE_INSPECT_TUNE_CACHE"


def cache_path() -> Path:
    if os.environ.get(CACHE_ENV):
        return Path(os.environ[CACHE_ENV])
    return Path.home() / ".cache" / "cute-inspect" / "autotune.json"


def problem_key(kernel: str, device: str, mnkl: tuple, kind: tuple) -> str:
    m, n, k, l = mnkl
    return f"{kernel}|{device}|{m}x{n}x{k}x{l}|" + ",".join(str(p) for p in kind)


def _load() -> dict:
    path = cache_path()
    if not path.exists():
        return {}
    try:
        return json.loads(path.read_text())
    except (OSError, json.JSONDecodeError):
        # A corrupt cache only costs a re-tune.
        return {}


def lookup(key: str) -> Optional[dict]:
    """The config dict stored for `key`, or None."""
    entry = _load().get(key)
    return entry["config"] if entry else None


def store(key: str, config: dict, timings: dict) -> None:
    """Record `config` as the winner for `key` (atomic rewrite of the cache file)."""
    path = cache_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    entries = _load()
    entries[key] = {"config": config, "ms": timings}
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".autotune-", suffix=".json")
    with os.fdopen(fd, "w") as f:
        json.dump(entries, f, indent=1, sort_keys=True)
    os.replace(tmp, path)


def tune(
    key: str,
    candidates: list,
    build: Callable[[dict], Callable[[], None]],
    *,
    rounds: int = 2,
    warmup_ms: int = 25,
    rep_ms: int = 100,
) -> dict:
    """Time every candidate config dict, cache and return the fastest.

    Candidates are timed in `rounds` interleaved passes (alternating direction) and keep their best
    median, so a GPU that heats up during the sweep does not penalize whoever comes last. A candidate
    that fails to compile or launch is skipped (its error is kept in the cache entry); if all fail, the
    first error is raised.
    """
    import triton.testing

    timings, errors, launchers = {}, [], {}
    for cand in candidates:
        label = json.dumps(cand, sort_keys=True)
        try:
            launchers[label] = (cand, build(cand))
        except Exception as e:  # noqa: BLE001 - a bad candidate must not stop the others
            errors.append(e)
            timings[label] = f"error: {type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"
    best_ms = {label: float("inf") for label in launchers}
    order = list(launchers)
    for r in range(rounds):
        for label in order if r % 2 == 0 else reversed(order):
            ms = triton.testing.do_bench(launchers[label][1], warmup=warmup_ms, rep=rep_ms, return_mode="median")
            best_ms[label] = min(best_ms[label], ms)
    if not best_ms:
        raise errors[0]
    timings.update(best_ms)
    winner = min(best_ms, key=best_ms.get)
    store(key, launchers[winner][0], timings)
    return launchers[winner][0]
