"""The `cute-inspect` command line: one sub-command module per command in `cute_inspect.commands`.

This layer sits on top: it imports the wings (trace, check, lint, render, lsp) and no wing imports it.
Every command module exposes ``register(subparsers)``, which adds its sub-parser and sets
``func`` (a callable taking the parsed arguments and returning the exit code, one of `cute_inspect.findings`'
``EXIT_*``). Whatever goes wrong, the first line on standard error names the argument or file and the cause.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from cute_inspect.findings import EXIT_BAD_INPUT

_COMMAND_MODULES = (
    "cute_inspect.commands.trace",
    "cute_inspect.commands.lint",
    "cute_inspect.commands.check",
    "cute_inspect.commands.render",
    "cute_inspect.commands.lsp",
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
