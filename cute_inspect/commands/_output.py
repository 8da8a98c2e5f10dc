"""How every command writes a file: checked before any work, then written whole or not at all.

`write_file` writes a temporary file in the destination's folder and renames it over the destination, so a full
disk, a file-size limit or a Ctrl-C leaves the old file as it was (and no empty one behind). `check_outputs`
refuses, before anything runs, an output that cannot be written, that is one of the command's inputs (`trace
kernel.py:f -o kernel.py`) or that another output of the same command also names (`-o X --html X`).
"""

from __future__ import annotations

import os
import stat
import sys


def write_file(path: str, data: str | bytes, encoding: str = "utf-8") -> None:
    """Replace `path` with `data` in one step (through a symlink, its target; the file's mode is kept). A pipe or a
    device (``-o /dev/stdout``) is written to as it is.

    Raises OSError naming `path`; then `path` is unchanged and no temporary file is left."""
    target = os.path.realpath(path)
    folder, name = os.path.split(target)
    payload = data.encode(encoding) if isinstance(data, str) else data
    try:
        status = os.stat(target)
        mode = status.st_mode & 0o7777
    except FileNotFoundError:
        status, mode = None, 0o666 & ~_umask()
    except OSError as error:
        raise OSError(error.errno, error.strerror, path) from None
    if status is not None and not stat.S_ISREG(status.st_mode):  # a pipe or a device (/dev/stdout): no file to keep
        try:
            with open(target, "wb") as stream:
                stream.write(payload)
        except OSError as error:
            raise OSError(error.errno, error.strerror, path) from None
        return
    import tempfile  # here: only writing a file needs it, and every command's start would pay for it

    temporary = None
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=folder or ".")
        with os.fdopen(handle, "wb") as file:
            file.write(payload)
            file.flush()
            os.fsync(file.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, target)
        temporary = None
    except OSError as error:
        raise OSError(error.errno, error.strerror, path) from None
    finally:
        if temporary is not None:
            try:
                os.unlink(temporary)
            except OSError:
                pass


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_output(option: str, path: str, text: str) -> bool:
    """`write_file`; on failure print ``cute-inspect: OPTION PATH: why (...unchanged)`` and return False."""
    existed = os.path.exists(path)
    try:
        write_file(path, text)
    except OSError as error:
        state = "the file is unchanged" if existed else "nothing was written"
        print(f"cute-inspect: {option} {path}: {error.strerror or error} ({state})", file=sys.stderr)
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


def check_outputs(outputs: list[tuple[str, str | None]], inputs: dict[str, str] | None = None) -> bool:
    """Whether every (option, path) of `outputs` can be written, is none of `inputs` (path -> what it is) and is
    named once; otherwise print why for the first that cannot and return False."""
    inputs = {os.path.realpath(path): what for path, what in (inputs or {}).items()}
    seen: dict[str, str] = {}
    for option, path in outputs:
        if not path:
            continue
        if bad_output(option, path):
            return False
        real = os.path.realpath(path)
        if real in inputs:
            print(f"cute-inspect: {option} {path}: is {inputs[real]}; name another file", file=sys.stderr)
            return False
        if real in seen:
            print(f"cute-inspect: {option} {path}: {seen[real]} names the same file; name two different files",
                  file=sys.stderr)
            return False
        seen[real] = option
    return True
