"""Share batches of work among this process and forked copies of it, each taking the next batch as it is free.

The batches' numbers wait in one pipe, in order (the linter puts the largest files first); every process,
this one included, reads the next number when it is free (a read of 4 bytes from a pipe is atomic), so the
processes finish together even when one runs slower. Each child sends back its results, pickled, and exits
without tearing down its interpreter. A batch whose child died is done again here, so the results are always
complete; an error raised in this process's own work propagates after the children are stopped.

Why not ``multiprocessing.Pool``: its parent only waits while its workers lint, one more process than there
are cores; it needs threads and a task queue, and importing it costs several milliseconds of every start.

>>> map_batches(lambda batch: [n * n for n in batch], [[1, 2], [3], [4, 5]], processes=2)
[[1, 4], [9], [16, 25]]
"""

from __future__ import annotations

import os
import pickle
import signal
import struct
from collections.abc import Callable, Sequence
from typing import Any

_INDEX = struct.Struct("=I")  # one batch number in the pipe: under PIPE_BUF, so each read takes one whole
MAX_BATCHES = 1024  # numbers that fit in a pipe's buffer on every POSIX system (4 KiB), written before forking


def _next(tasks: int) -> int | None:
    data = os.read(tasks, _INDEX.size)
    return _INDEX.unpack(data)[0] if data else None


def _take(tasks: int, batches: Sequence[list], work: Callable[[list], list], done: dict[int, list]) -> None:
    while (index := _next(tasks)) is not None:
        done[index] = work(batches[index])


def _child(tasks: int, out: int, batches: Sequence[list], work: Callable[[list], list]) -> None:
    """Work until the pipe is empty, send the results, and leave without running the parent's code again."""
    status = 1
    try:
        done: dict[int, list] = {}
        _take(tasks, batches, work, done)
        with os.fdopen(out, "wb") as stream:
            pickle.dump(done, stream, protocol=pickle.HIGHEST_PROTOCOL)
        status = 0
    finally:
        os._exit(status)  # no interpreter teardown: it would free every object this copy holds, for nothing


def _received(source: int) -> dict[int, list]:
    with os.fdopen(source, "rb") as stream:
        data = stream.read()
    try:
        return pickle.loads(data)
    except (pickle.UnpicklingError, EOFError, ValueError):  # a child that died before or while writing
        return {}


def map_batches(work: Callable[[list], list], batches: Sequence[list], processes: int) -> list[list[Any]]:
    """``[work(batch) for batch in batches]``, computed by up to ``processes`` processes (this one included).

    At most ``MAX_BATCHES`` batches; the caller makes them large enough. ``work`` must not start threads or
    rely on anything a forked child cannot do."""
    if len(batches) > MAX_BATCHES:
        raise ValueError(f"{len(batches)} batches; at most {MAX_BATCHES} can be shared")
    processes = min(processes, len(batches))
    if processes <= 1:
        return [work(batch) for batch in batches]
    tasks, feed = os.pipe()
    os.write(feed, b"".join(_INDEX.pack(index) for index in range(len(batches))))
    os.close(feed)  # once the numbers are read, each reader sees the end of the pipe
    children: list[tuple[int, int]] = []
    done: dict[int, list] = {}
    try:
        for _ in range(processes - 1):
            source, out = os.pipe()
            pid = os.fork()
            if pid == 0:
                os.close(source)
                for _, earlier in children:
                    os.close(earlier)
                _child(tasks, out, batches, work)
            os.close(out)
            children.append((pid, source))
        _take(tasks, batches, work, done)
        while children:
            pid, source = children.pop()
            done.update(_received(source))
            os.waitpid(pid, 0)
    finally:
        os.close(tasks)
        for pid, source in children:  # this process's work raised: stop the others
            os.kill(pid, signal.SIGTERM)
            os.close(source)
            os.waitpid(pid, 0)
    return [done[index] if index in done else work(batch) for index, batch in enumerate(batches)]
