"""The `cute-inspect` command line: one sub-command per module, each registered by that module.

Every command module exposes ``register(subparsers)``, which adds its sub-parser and sets
``func`` (a callable taking the parsed arguments and returning the exit code).
"""

from __future__ import annotations

import argparse
import importlib
import sys

_COMMAND_MODULES = (
    "cute_inspect.trace.cli",
    "cute_inspect.lint.cli",
    "cute_inspect.check.cli",
    "cute_inspect.render.cli",
    "cute_inspect.lsp.cli",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="cute-inspect",
        description="Trace, check, lint and draw the nested shapes of CuTeDSL kernels.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in _COMMAND_MODULES:
        importlib.import_module(name).register(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help(sys.stderr)
        return 2
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
