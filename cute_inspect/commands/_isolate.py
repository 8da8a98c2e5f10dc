"""Run a command that executes the user's target so that whatever the target does ends in one line and an exit code.

In-process, `run_target` (`_target`) turns exceptions, ``sys.exit`` and any other ``BaseException`` into one line
and exit 2, and sends what the target prints to standard error (`target_stdout_to_stderr`), so that standard
output holds only the command's own output (``--format json`` stays JSON). What no ``except`` can catch, a
segfault or ``os._exit``, ends the process: `supervised` therefore runs the command in a forked child and, when
the child ends without reporting its exit code, says in one line how it ended and exits 2 (130 for Ctrl-C).
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from collections.abc import Callable, Iterator

from cute_inspect.findings import EXIT_BAD_INPUT

EXIT_INTERRUPTED = 130  # the shell's for a process ended by Ctrl-C (128 + SIGINT)


@contextlib.contextmanager
def target_stdout_to_stderr() -> Iterator[None]:
    """While the target runs, what it writes to standard output (``print``, C code) goes to standard error."""
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    try:
        saved = os.dup(1)
    except OSError:  # no standard output at all: nothing to keep clean
        yield
        return
    os.dup2(2, 1)
    try:
        yield
    finally:
        with contextlib.suppress(OSError, ValueError):
            sys.stdout.flush()
        os.dup2(saved, 1)
        os.close(saved)


def interrupted() -> int:
    print("cute-inspect: interrupted (Ctrl-C)", file=sys.stderr)
    return EXIT_INTERRUPTED


def supervised(run: Callable[[], int], target: str) -> int:
    """``run()`` in a forked child; its exit code, or one line and 2 (130 for SIGINT) when the child ended
    without one (a segfault, ``os._exit`` in `target`)."""
    if not hasattr(os, "fork"):
        return run()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    read_end, write_end = os.pipe()
    # Ctrl-C reaches the child too, and it answers for both. Ignored before the fork: a Ctrl-C that came after the
    # child started but before this process ignored it would end this one alone, leaving the child running.
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        pid = os.fork()
    except OSError:
        signal.signal(signal.SIGINT, previous)
        raise
    if pid == 0:  # the child: run the command, report its code through the pipe, never return into the caller
        signal.signal(signal.SIGINT, previous)
        os.close(read_end)
        code = EXIT_BAD_INPUT
        try:
            code = run()
        except KeyboardInterrupt:
            code = interrupted()
        finally:
            for stream in (sys.stdout, sys.stderr):
                with contextlib.suppress(BaseException):
                    stream.flush()
            with contextlib.suppress(OSError):
                os.write(write_end, bytes([code & 0xFF]))
            os._exit(code)
    os.close(write_end)
    try:
        _, status = os.waitpid(pid, 0)
        reported = os.read(read_end, 1)
    finally:
        signal.signal(signal.SIGINT, previous)
        os.close(read_end)
    if reported:
        return reported[0]
    if os.WIFSIGNALED(status):
        number = os.WTERMSIG(status)
        if number == signal.SIGINT:
            return interrupted()
        try:
            name = signal.Signals(number).name
        except ValueError:
            name = f"signal {number}"
        print(f"cute-inspect: {target}: the process died of {name} (a crash in the target or in CuTeDSL)",
              file=sys.stderr)
        return EXIT_BAD_INPUT
    print(f"cute-inspect: {target}: the target ended the process (os._exit({os.WEXITSTATUS(status)})) before "
          "cute-inspect finished; a target must return", file=sys.stderr)
    return EXIT_BAD_INPUT
