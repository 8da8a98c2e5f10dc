"""Where the commands write their outputs: checked before any work, written in one piece."""

from __future__ import annotations

import os
import sys


def write_output(option: str, path: str, text: str) -> bool:
    """Write `text` to `path`; on failure print ``cute-inspect: OPTION PATH: why`` and return False."""
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as error:
        print(f"cute-inspect: {option} {path}: {error.strerror or error}", file=sys.stderr)
        return False
    return True


def output_problem(path: str, directory: bool = False) -> str | None:
    """Why `path` cannot be written (created as a directory when `directory`), or None when it can."""
    if directory and os.path.exists(path) and not os.path.isdir(path):
        return "exists and is not a directory"
    if not directory and os.path.isdir(path):
        return "is a directory"
    parent = os.path.dirname(os.path.abspath(path))
    while not os.path.exists(parent):
        if not directory:
            return f"no such directory: {os.path.dirname(path) or '.'}"
        parent = os.path.dirname(parent)
    if not os.path.isdir(parent):
        return f"not a directory: {parent}"
    if not os.access(parent, os.W_OK):
        return f"cannot write in {parent}: permission denied"
    return None


def bad_output(option: str, path: str | None, directory: bool = False) -> bool:
    """Print ``cute-inspect: OPTION PATH: why`` and return True when `path` cannot be written."""
    problem = output_problem(path, directory) if path else None
    if problem:
        print(f"cute-inspect: {option} {path}: {problem}", file=sys.stderr)
    return problem is not None
