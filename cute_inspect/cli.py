"""The `cute-inspect` command line: one sub-command module per command in `cute_inspect.commands`.

This layer sits on top: it imports the wings (trace, check, lint, render, lsp) and no wing imports it.
Every command module exposes ``register(subparsers)``, which adds its sub-parser and sets
``func`` (a callable taking the parsed arguments and returning the exit code, one of `cute_inspect.findings`'
``EXIT_*``) and, for a command that runs the user's code, ``target_run`` (the parsed arguments -> the target it
will run, or None). Whatever goes wrong, the first line on standard error names the argument or file and the cause.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from contextlib import nullcontext
from typing import NoReturn

from cute_inspect.commands._bytecode import linter_bytecode_kept
from cute_inspect.commands._isolate import interrupted, supervised
from cute_inspect.findings import EXIT_BAD_INPUT
from cute_inspect.lint.cache import default_directory

# Each sub-command and the module that registers it, in the order of the help: a command line naming one
# imports only its module (importing them all, the renderer's and the differ's included, slows every start).
COMMANDS = {
    "trace": "cute_inspect.commands.trace",
    "lint": "cute_inspect.commands.lint",
    "rules": "cute_inspect.commands.lint",
    "check": "cute_inspect.commands.check",
    "render": "cute_inspect.commands.render",
    "layout": "cute_inspect.commands.render",
    "lsp": "cute_inspect.commands.lsp",
    "diff": "cute_inspect.commands.diff",
}


# Commands that run none of the user's code in this process (`lint --trace` compiles in a forked child) and leave
# nothing to finish at exit: after them the program ends without the interpreter's teardown, which frees every
# object one at a time (12-18 ms after a lint of CUTLASS's examples on 16 cores, 5-8% of ruff's whole run); and
# their modules keep their bytecode even where Python is told to write none (`commands._bytecode`).
_NO_TEARDOWN = frozenset({"lint", "rules"})


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


class _VersionAction(argparse.Action):
    """``--version``: the versions are looked up only when asked (reading package metadata takes 20 ms)."""

    def __init__(self, option_strings: list[str], dest: str = argparse.SUPPRESS, **kwargs) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS,
                         help="show the versions of cute-inspect and CuTeDSL and exit")

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        print(_version())
        parser.exit()


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command, or only of ``command`` (one of ``COMMANDS``) when given."""
    parser = _Parser(
        prog="cute-inspect",
        description="Trace, check, lint and draw the nested shapes of CuTeDSL kernels. "
                    "Exit status: 0 success, 1 findings or a failed check, 2 a usage, input or compile error.",
    )
    parser.add_argument("--version", action=_VersionAction)
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in [COMMANDS[command]] if command in COMMANDS else dict.fromkeys(COMMANDS.values()):
        importlib.import_module(name).register(subparsers)
    parser.set_defaults(commands=tuple(subparsers.choices))
    return parser


def _run(args: argparse.Namespace) -> int:
    try:
        return args.func(args)
    except OSError as error:  # an output that failed while written (a full disk, a path that vanished)
        print(f"cute-inspect: {error.filename or 'writing the output'}: {error.strerror or error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return interrupted()


def main(argv: list[str] | None = None, isolate: bool | None = None) -> int:
    """Run the command line `argv` (default: this process's) and return its exit code.

    A command that runs the user's target runs in a forked child when `isolate` (default: when `argv` is None, as
    for the ``cute-inspect`` program), so that a target that crashes or calls ``os._exit`` still ends in one line
    and exit 2 (`cute_inspect.commands._isolate`)."""
    words = sys.argv[1:] if argv is None else argv
    command = words[0] if words else None
    with linter_bytecode_kept(default_directory()) if command in _NO_TEARDOWN else nullcontext():
        parser = build_parser(command)
    try:
        args = parser.parse_args(argv)
    except KeyboardInterrupt:
        return interrupted()
    if not getattr(args, "func", None):
        parser.error(f"a COMMAND is needed: one of {', '.join(args.commands)}")
    target = getattr(args, "target_run", lambda _: None)(args)
    if target and (argv is None if isolate is None else isolate):
        return supervised(lambda: _run_tracing_only(args), target)
    return _run(args)


def _run_tracing_only(args) -> int:
    """`_run` in the forked child that only traces: its compiles stop at IR (nothing the commands show needs the
    PTX or cubin), a setting that dies with the child."""
    from cute_inspect.trace.target import stop_compiles_at_ir

    stop_compiles_at_ir()
    return _run(args)


def run() -> NoReturn:
    """The program (``cute-inspect``, ``python -m cute_inspect``): ``main()``, whose code the process exits with."""
    code = main()
    if sys.argv[1:2] and sys.argv[1] in _NO_TEARDOWN:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except (OSError, ValueError):  # an output closed or broken: the normal exit reports it, as it always did
            sys.exit(code)
        os._exit(code)
    sys.exit(code)


if __name__ == "__main__":
    run()
