"""The `cute-inspect` command line: one sub-command per module, each registered by that module.

Every command module exposes ``register(subparsers)``, which adds its sub-parser and sets
``func`` (a callable taking the parsed arguments and returning the exit code, one of `cute_inspect.findings`'
``EXIT_*``). Whatever goes wrong, the first line on standard error names the argument or file and the cause.
"""

from __future__ import annotations

import argparse
import importlib
import os
import re
import sys

from cute_inspect.findings import EXIT_BAD_INPUT

_COMMAND_MODULES = (
    "cute_inspect.trace.cli",
    "cute_inspect.lint.cli",
    "cute_inspect.check.cli",
    "cute_inspect.render.cli",
    "cute_inspect.lsp.cli",
    "cute_inspect.diff.cli",
)


class _Parser(argparse.ArgumentParser):
    """argparse with the error first: ``cute-inspect trace: error: ...``, then the usage."""

    def error(self, message: str):
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: error: {message}\n{self.format_usage()}")


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    def of(name: str) -> str:
        try:
            return version(name)
        except PackageNotFoundError:
            return "not installed"

    return f"cute-inspect {of('cute-inspect')} (nvidia-cutlass-dsl {of('nvidia-cutlass-dsl')})"


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="cute-inspect",
        description="Trace, check, lint and draw the nested shapes of CuTeDSL kernels. "
                    "Exit status: 0 success, 1 findings or a failed check, 2 a usage, input or compile error.",
    )
    parser.add_argument("--version", action="version", version=_version())
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in _COMMAND_MODULES:
        importlib.import_module(name).register(subparsers)
    parser.set_defaults(commands=tuple(subparsers.choices))
    return parser


_COLOUR = re.compile(r"\x1b\[[0-9;]*m")


def summary_of(exc: BaseException) -> str:
    """The first three lines of an exception's message that say something, on one line, without terminal colour
    codes (CuTeDSL colours its errors and frames them with lines of `|`)."""
    lines = [line.strip() for line in _COLOUR.sub("", str(exc)).splitlines() if any(c.isalnum() for c in line)]
    return " | ".join(lines[:3])


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


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.error(f"a COMMAND is needed: one of {', '.join(args.commands)}")
    try:
        return args.func(args)
    except OSError as error:  # an output that failed while written (a full disk, a path that vanished)
        print(f"cute-inspect: {error.filename or 'writing the output'}: {error.strerror or error}", file=sys.stderr)
        return EXIT_BAD_INPUT


if __name__ == "__main__":
    sys.exit(main())
