"""What every hostile-input case checks: the exit code, the one line that says why, and that no file changed but
the ones the command was asked to write.

A case runs in a fresh folder `work` (its inputs) beside a folder `outside` (files a symlink in `work` may lead
to); `snapshot` records every file, link and folder of both before and after.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
import stat
import sys
from pathlib import Path

from _cli import ROOT, child_env, cute_inspect

OK, FINDINGS, ERROR, INTERRUPTED = 0, 1, 2, 130


def snapshot(*roots: Path) -> dict[str, str]:
    """path -> what is there (a file's hash and mode, a link's target, a folder), for everything under `roots`."""
    seen = {}
    for root in roots:
        for folder, folders, files in os.walk(root):
            for name in folders + files:
                path = os.path.join(folder, name)
                info = os.lstat(path)
                if stat.S_ISLNK(info.st_mode):
                    seen[path] = "link " + os.readlink(path)
                elif stat.S_ISREG(info.st_mode):
                    with open(path, "rb") as file:
                        seen[path] = f"file {oct(info.st_mode)} " + hashlib.sha256(file.read()).hexdigest()
                elif stat.S_ISDIR(info.st_mode):
                    seen[path] = "dir"
                else:
                    seen[path] = f"other {oct(info.st_mode)}"
    return seen


def changed(before: dict[str, str], after: dict[str, str]) -> set[str]:
    return {path for path in before.keys() | after.keys() if before.get(path) != after.get(path)}


def make_files(root: Path, files: dict) -> None:
    """Write `files` (relative path -> str or bytes) under `root`."""
    for name, content in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8", newline="")


def run_in_process(argv: list[str], cwd: Path) -> tuple[int, str, str]:
    """`cute_inspect.cli.main(argv)` in this process, from `cwd`: (exit code, stdout, stderr)."""
    from cute_inspect import cli

    out, err = io.StringIO(), io.StringIO()
    previous = os.getcwd()
    os.chdir(cwd)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = cli.main(argv)
            except SystemExit as exit:  # argparse's usage errors
                code = exit.code if isinstance(exit.code, int) else ERROR
    finally:
        os.chdir(previous)
    return code, out.getvalue(), err.getvalue()


def run_program(argv: list[str], cwd: Path, env: dict | None = None, timeout: float = 120,
                preexec=None) -> tuple[int, str, str]:
    """``python -m cute_inspect ARGV`` from `cwd` (the program: commands that run targets run supervised)."""
    import subprocess

    env = child_env(PYTHONPATH=str(ROOT), **(env or {}))
    done = subprocess.run([sys.executable, "-m", "cute_inspect", *argv], capture_output=True, text=True, cwd=cwd,
                          env=env, timeout=timeout, preexec_fn=preexec)
    return done.returncode, done.stdout, done.stderr


def one_line(stderr: str, where: str = "first") -> str:
    """The line of standard error that says why: the first (or `where`="last") one; never a traceback."""
    assert "Traceback" not in stderr, stderr
    lines = [line for line in stderr.splitlines() if line.strip()]
    assert lines, "nothing on standard error"
    return lines[0] if where == "first" else lines[-1]


__all__ = ["OK", "FINDINGS", "ERROR", "INTERRUPTED", "snapshot", "changed", "make_files", "run_in_process",
           "run_program", "one_line", "cute_inspect"]
