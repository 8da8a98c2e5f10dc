"""The ``lint`` and ``rules`` sub-commands.

    cute-inspect lint kernels/ --format sarif > lint.sarif
    cute-inspect lint kernels/ --diff             # what --fix would change
    cute-inspect lint kernels/ --fix              # apply the safe fixes (renames); --unsafe-fixes for the rest
    cute-inspect lint kernels/ --extend-select CI101   # add an opt-in rule to the default set
    cute-inspect lint --trace kernels/gemm.py:compile_gemm --arch sm_100a kernels/
    cute-inspect trace kernels/gemm.py:compile_gemm --format json > trace.json
    cute-inspect lint --trace trace.json kernels/     # the same check from a saved trace
    cute-inspect rules            # every code with its summary
    cute-inspect rules CI105      # one rule's documentation
"""

from __future__ import annotations

import argparse
import os
import sys
import textwrap
import tokenize
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from cute_inspect.commands._output import write_file
from cute_inspect.commands._target import arch, default_arch
from cute_inspect.findings import EXIT_BAD_INPUT, EXIT_FINDINGS, EXIT_OK
from cute_inspect.lint.config import ConfigError, ConfigFinder
from cute_inspect.lint.fix import fix_text
from cute_inspect.lint.formats import FORMATS, error_lines, render, render_statistics
from cute_inspect.lint.prefilter import cannot_hold_findings
from cute_inspect.lint.registry import all_rules, unknown_prefixes
from cute_inspect.lint.runner import lint_paths, python_files, read_source
from cute_inspect.positions import source_lines

_WIDTH = 100  # `rules` wraps its summaries to this many columns


def _emit(text: str) -> None:
    """Print ``text``; a reader that stops early (``| head``) is not an error."""
    try:
        print(text, flush=True)
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # so the exit-time flush stays quiet


def _code_list(text: str) -> tuple[str, ...]:
    codes = tuple(code.strip().upper() for code in text.split(",") if code.strip())
    unknown = unknown_prefixes(codes)
    if unknown:
        raise argparse.ArgumentTypeError(
            f"{', '.join(unknown)} matches no rule code (CI105, CI1...); run `cute-inspect rules`"
        )
    return codes


def _job_count(text: str) -> int:
    try:
        count = int(text)
    except ValueError:
        count = 0
    if count < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of processes (1 or more)")
    return count


def register(subparsers: Any) -> None:
    lint = subparsers.add_parser(
        "lint",
        help="check tensor names against the CuTe naming convention (static; --trace adds memory checks)",
        description="Check CuTeDSL tensor names against the CuTe naming convention. "
        "Exit status: 0 clean, 1 findings, 2 a file could not be linted or a usage error.",
    )
    lint.add_argument("paths", nargs="+", metavar="PATH", help="files or directories (recursing into *.py)")
    lint.add_argument("--format", choices=FORMATS, default="text", help="output format (default: text)")
    lint.add_argument("--statistics", action="store_true", help="print a count per code instead of each finding")
    lint.add_argument("--no-cache", action="store_true",
                      help="lint every file again, not reusing the results of unchanged files (kept in "
                      "$CUTE_INSPECT_CACHE_DIR, else ~/.cache/cute-inspect)")
    lint.add_argument("--jobs", type=_job_count, metavar="N",
                      help="processes to lint with (default: one per core, for 24 files or more a core)")
    lint.add_argument("--select", type=_code_list, metavar="CODES",
                      help="comma-separated code prefixes to run instead of the default set")
    lint.add_argument("--extend-select", type=_code_list, metavar="CODES",
                      help="comma-separated code prefixes to run on top of the selection (opt-in rules: CI101...)")
    lint.add_argument("--ignore", type=_code_list, metavar="CODES", help="comma-separated code prefixes to skip")
    lint.add_argument("--trace", metavar="TARGET", help="compile TARGET ('pkg.mod:fn' or 'path.py:fn') with "
                      "the tracer, or read a saved `cute-inspect trace --format json` file, and check names "
                      "against real memory spaces (CI107)")
    lint.add_argument("--arch", type=arch, help="architecture for --trace, e.g. sm_100a, sm_90a, sm_80")
    lint.add_argument("--fix", action="store_true", help="apply the safe fixes (renames of a tensor and its uses)")
    lint.add_argument("--unsafe-fixes", action="store_true", help="with --fix or --diff, apply the unsafe fixes too")
    lint.add_argument("--diff", action="store_true", help="print the fixes as a diff and change no file")
    lint.set_defaults(func=run_lint, target_run=lambda args: args.trace if _compiles(args.trace) else None)

    rules = subparsers.add_parser("rules", help="list the lint rules, or show one rule's documentation")
    rules.add_argument("code", nargs="?", metavar="CODE", help="a rule code, e.g. CI105")
    rules.set_defaults(func=run_rules)


def _saved_records(path: str) -> list[Any]:
    """The events of a ``cute-inspect trace --format json`` file.

    Their paths are relative to the directory the trace ran in: looked up from here, else from the file's
    own directory (``cute-inspect trace ... > trace.json`` writes it there)."""
    import json  # here: only a saved trace needs it, and every `lint` start would pay for it

    if os.path.exists(path) and not os.path.isfile(path):  # a FIFO would block the read forever
        raise ValueError("not a regular file (a FIFO or a device?)")
    try:
        with open(path, encoding="utf-8") as file:
            document = json.load(file)
    except OSError as error:
        raise ValueError(error.strerror.lower()) from None
    except ValueError as error:  # JSONDecodeError, UnicodeDecodeError
        raise ValueError(f"not JSON: {error}") from None
    if not isinstance(document, dict) or not isinstance(document.get("events"), list):
        raise ValueError("not a `cute-inspect trace --format json` file (no 'events' list)")
    beside = os.path.dirname(os.path.abspath(path))
    records = []
    for event in document["events"]:
        record = SimpleNamespace(**event)
        if not os.path.isabs(record.file) and not os.path.exists(record.file):
            record.file = os.path.join(beside, record.file)
        records.append(record)
    return records


def _compiles(trace: str | None) -> bool:
    """Whether --trace names a target to compile (not a saved JSON trace)."""
    return bool(trace) and not trace.endswith(".json")


def _traced(target: str, arch: str | None) -> tuple[list[Any] | None, list[Any], int | None]:
    """(records, CI2xx/CI3xx findings, exit code on failure) for --trace: a saved JSON trace or a live compile."""
    if not _compiles(target):
        return _saved_records(target), [], None
    from cute_inspect.commands import check as check_command  # looked up at call time: tests stand in for it

    trace, findings, code = check_command.trace_and_check(target, arch or default_arch())
    return (trace.records if trace is not None else None), findings, code


def _in_files(findings: list[Any], paths: list[str], ignore: tuple[str, ...]) -> list[Any]:
    """The comment and contract findings that fall in the linted files, not ignored and not silenced by noqa."""
    from cute_inspect.findings import unsuppressed
    from cute_inspect.lint.registry import matches
    from cute_inspect.lint.runner import python_files

    files = {path.resolve() for _, path in python_files(paths)[0]}
    kept = [f for f in findings if Path(f.path).resolve() in files and not matches(f.code, ignore)]
    return unsuppressed(kept)


def _encoding(path: Path) -> str:
    with open(path, "rb") as file:
        return tokenize.detect_encoding(file.readline)[0]


def _outside(path: Path, given: list[str]) -> bool:
    """Whether `path` (resolved) lies outside every path given on the command line: reached through a symlink
    that leads out of them. A file named itself (a symlink or not) is inside."""
    for argument in given:
        root = Path(argument).resolve()
        if path == root or (Path(argument).is_dir() and path.is_relative_to(root)):
            return False
    return True


def _fix_files(paths: list[str], overrides: dict[str, Any], unsafe: bool, diff: bool) -> tuple[int, bool]:
    """Apply (or, with ``diff``, print) the fixes of every file: (the number of fixes, whether every file that
    needed one was written). Files that cannot be read or parsed are left alone: the lint that follows reports
    them. A file reached through a symlink out of `paths` is not written."""
    finder = ConfigFinder(overrides=overrides)
    total, complete = 0, True
    for display, path in python_files(paths)[0]:
        text, _, error = read_source(display, path)
        if error is not None or cannot_hold_findings(text):
            continue
        try:
            fixed, count = fix_text(text, str(path), finder.for_file(path), unsafe)
        except RecursionError:  # the lint that follows reports it: `could not lint: nested too deeply`
            continue
        if not count:
            continue
        if diff:
            import difflib  # here: only --diff needs it

            total += count
            _emit("".join(difflib.unified_diff(
                source_lines(text), source_lines(fixed), display, display
            )).rstrip("\n"))
            continue
        if _outside(path, paths):
            print(f"cute-inspect lint: {display}: not fixed: a symlink to {path}, outside the paths given",
                  file=sys.stderr)
            complete = False
            continue
        try:
            write_file(str(path), fixed, _encoding(path))
        except (OSError, UnicodeEncodeError) as error:
            why = error.strerror if isinstance(error, OSError) else f"cannot encode the fix: {error.reason}"
            print(f"cute-inspect lint: {display}: not fixed: {why or error} (the file is unchanged)", file=sys.stderr)
            complete = False
            continue
        total += count
    return total, complete


def run_lint(args: argparse.Namespace) -> int:
    overrides = {}
    if args.select:
        overrides["select"] = args.select
    if args.extend_select:
        overrides["extend_select"] = args.extend_select
    if args.ignore:
        overrides["ignore"] = args.ignore
    complete = True
    if args.fix or args.diff:
        try:
            fixed, complete = _fix_files(args.paths, overrides, args.unsafe_fixes, args.diff)
        except ConfigError as error:
            print(f"cute-inspect lint: {error}", file=sys.stderr)
            return EXIT_BAD_INPUT
        if args.diff:
            print(f"Would fix {fixed} finding{'s' if fixed != 1 else ''}.", file=sys.stderr)
            return EXIT_FINDINGS if fixed else EXIT_OK
    records, traced_findings = None, []
    if args.trace:
        try:
            records, traced_findings, code = _traced(args.trace, args.arch)
        except ValueError as error:  # a saved trace that is missing or is not one
            print(f"cute-inspect lint: --trace {args.trace}: {error}", file=sys.stderr)
            return EXIT_BAD_INPUT
        if records is None:
            return code
    try:
        report = lint_paths(args.paths, overrides, records, workers=args.jobs, cache=not args.no_cache)
    except ConfigError as error:
        print(f"cute-inspect lint: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if traced_findings:
        report.findings = sorted(set(report.findings) | set(_in_files(traced_findings, args.paths, args.ignore or ())))
    for line in error_lines(report):
        print(line, file=sys.stderr)
    _emit(render_statistics(report, args.format) if args.statistics else render(report, args.format))
    if args.format == "text" and not args.statistics:
        if args.fix:
            _emit(f"Fixed {fixed} finding{'s' if fixed != 1 else ''}.")
        elif report.findings:
            safe, hidden = report.safe_fixes, report.unsafe_fixes
            if args.unsafe_fixes:
                safe, hidden = safe + hidden, 0
            if safe or hidden:
                note = f"{safe} fixable with `--fix`" if safe else "No safe fixes"
                if hidden:
                    note += f" ({hidden} more with `--fix --unsafe-fixes`)"
                _emit(note + "; `--diff` shows them.")
    return report.exit_code if complete else EXIT_BAD_INPUT


def run_rules(args: argparse.Namespace) -> int:
    rules = all_rules()
    if args.code is None:
        _emit("\n".join(
            ["code   on   name                         summary (on: in the default set; select the others)"]
            + [
                textwrap.fill(
                    f"{code}  {'yes' if getattr(rule, 'DEFAULT', True) else 'no ':3}  {rule.NAME:28} {rule.SUMMARY}"
                    + (" (needs --trace)" if getattr(rule, "KIND", "static") == "trace" else ""),
                    width=_WIDTH, subsequent_indent=" " * 41, break_on_hyphens=False,
                )
                for code, rule in rules.items()
            ]
        ))
        return EXIT_OK
    rule = rules.get(args.code.upper())
    if rule is None:
        print(f"cute-inspect rules: no rule {args.code!r}; known: {', '.join(rules)}", file=sys.stderr)
        return EXIT_BAD_INPUT
    _emit(rule.__doc__.strip())
    return EXIT_OK
