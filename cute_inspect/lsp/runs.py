"""Trace targets one at a time in a subprocess; a newer request for a running target cancels it; a timeout bounds each.

The results are kept per target: the latest run (good or failed) and the last good one, which hover keeps using,
marked stale, while the code does not compile.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from cute_inspect.lsp.targets import TraceTarget

#: Where the worker imports cute_inspect from: the copy this server runs.
_PACKAGE_ROOT = str(Path(__file__).resolve().parents[2])


@dataclass
class TraceRun:
    """One finished trace of one target (see `cute_inspect.lsp.worker` for the fields' JSON)."""

    target: TraceTarget
    ok: bool
    started: float
    seconds: float
    tensors: list = field(default_factory=list)
    findings: list = field(default_factory=list)
    notes: list = field(default_factory=list)
    error: str | None = None
    error_path: Path | None = None
    error_line: int = 1
    copies: list = field(default_factory=list)

    def files(self) -> set[Path]:
        """The files this run says something about: where its tensors were made, its findings, its failure."""
        found = {Path(t["file"]) for t in self.tensors if not t["library"]}
        found.update(Path(f["path"]) for f in self.findings)
        if self.error_path is not None:
            found.add(self.error_path)
        module = self.target.module_file()
        if module is not None:
            found.add(module)
        return found

    @classmethod
    def from_worker(cls, target: TraceTarget, started: float, data: dict) -> TraceRun:
        error = data.get("error") or {}
        path = error.get("path")
        return cls(target, data["ok"], started, data["seconds"], data["tensors"], data["findings"], data["notes"],
                   error.get("message"), Path(path) if path else target.module_file(), error.get("line") or 1,
                   data.get("copies", []))

    @classmethod
    def failed(cls, target: TraceTarget, started: float, message: str) -> TraceRun:
        return cls(target, False, started, time.time() - started, error=message, error_path=target.module_file())


class TraceRuns:
    """The queue of targets to trace, and what the last runs gave."""

    def __init__(self, on_done: Callable[[TraceRun], None], timeout: float = 120.0, python: str = sys.executable):
        self.latest: dict[str, TraceRun] = {}
        self.good: dict[str, TraceRun] = {}
        self._on_done = on_done
        self._timeout = timeout
        self._python = python
        self._pending: dict[str, TraceTarget] = {}
        self._running: TraceTarget | None = None
        self._process: asyncio.subprocess.Process | None = None
        self._cancelled = False
        self._task: asyncio.Task | None = None

    def busy(self, key: str) -> bool:
        """True while `key` waits or runs: what the runs have for it will change."""
        return key in self._pending or (self._running is not None and self._running.key == key)

    def request(self, targets: list[TraceTarget]) -> None:
        """Trace `targets` after what is queued; a run of one of them already under way is stale: stop it."""
        for target in targets:
            self._pending.pop(target.key, None)
            self._pending[target.key] = target
            if self._running is not None and self._running.key == target.key and self._process is not None:
                self._cancelled = True
                self._process.kill()
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._drain())

    def stop(self) -> None:
        """Drop what waits and stop the running trace: the client is going away."""
        self._pending.clear()
        if self._process is not None:
            self._cancelled = True
            self._process.kill()

    async def wait(self) -> None:
        """Until the queue is empty."""
        while self._task is not None and not self._task.done():
            await asyncio.shield(self._task)

    async def _drain(self) -> None:
        while self._pending:
            key = next(iter(self._pending))
            run = await self._run(self._pending.pop(key))
            if run is None:  # cancelled by a newer request, which queued the target again
                continue
            self.latest[key] = run
            if run.ok:
                self.good[key] = run
            self._on_done(run)

    async def _run(self, target: TraceTarget) -> TraceRun | None:
        started = time.time()
        fd, out = tempfile.mkstemp(prefix="cute-inspect-trace-", suffix=".json")
        os.close(fd)
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [_PACKAGE_ROOT, os.environ.get("PYTHONPATH")])))
        try:
            self._cancelled = False
            self._running = target
            self._process = await asyncio.create_subprocess_exec(
                self._python, "-m", "cute_inspect.lsp.worker", target.target, target.arch, out,
                cwd=target.root, env=env, stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.DEVNULL,
                stderr=asyncio.subprocess.PIPE)
            try:
                _, stderr = await asyncio.wait_for(self._process.communicate(), self._timeout)
            except asyncio.CancelledError:  # the server's loop is closing: leave no trace running behind it
                self._process.kill()
                raise
            except asyncio.TimeoutError:
                self._process.kill()
                await self._process.wait()
                return TraceRun.failed(target, started, f"tracing {target.key} took longer than {self._timeout:g} s; "
                                                        "it was stopped (raise --trace-timeout if it needs longer)")
            if self._cancelled:
                return None
            try:
                with open(out, encoding="utf-8") as f:
                    data = json.load(f)
            except (OSError, ValueError):
                tail = " | ".join(stderr.decode("utf-8", "replace").strip().splitlines()[-3:])
                return TraceRun.failed(target, started, f"tracing {target.key} crashed (exit "
                                                        f"{self._process.returncode}): {tail or 'no output'}")
            return TraceRun.from_worker(target, started, data)
        finally:
            self._running = self._process = None
            os.unlink(out)
