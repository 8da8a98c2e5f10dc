"""Find the files, parse each once, run the enabled rules on its facts, and apply ``noqa``.

>>> [f.code for f in lint_source("tCgB = thr_mma.partition_A(gA)\\n")]
['CI105']
"""

from __future__ import annotations

import ast
import functools
import gc
import io
import os
import re
import stat
import threading
import tokenize
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from cute_inspect.findings import (
    EXIT_BAD_INPUT,
    EXIT_FINDINGS,
    EXIT_OK,
    FileError,
    Finding,
    file_suppressed,
    file_suppressions,
    line_codes,
    suppressed,
)
from cute_inspect.lint.cache import ResultCache, default_directory
from cute_inspect.lint.imported import take_modules_read
from cute_inspect.lint.config import ConfigFinder, LintConfig
from cute_inspect.lint.edits import FileFixes
from cute_inspect.lint.facts import FileFacts, collect
from cute_inspect.lint.noqa import comments, mentions_noqa, statement_span
from cute_inspect.lint.prefilter import cannot_hold_findings
from cute_inspect.lint.registry import RULES, all_rules, kind, needs_trace
from cute_inspect.lint.rules import RuleContext, Violation, unused_noqa
from cute_inspect.lint.workers import MAX_BATCHES, map_batches
from cute_inspect.positions import char_column, source_lines

_NOQA_CODES = re.compile(r"noqa\s*:[^\n]*CI[0-9]", re.IGNORECASE)
_SKIPPED_DIRECTORIES = frozenset(
    {".git", ".hg", ".svn", ".tox", ".nox", ".venv", "venv", "__pycache__", "node_modules"}
)


@dataclass
class LintReport:
    """Everything one run found, and how many files it read."""

    findings: list[Finding] = field(default_factory=list)
    errors: list[FileError] = field(default_factory=list)
    files_checked: int = 0
    safe_fixes: int = 0  # findings a safe fix resolves (`--fix`)
    unsafe_fixes: int = 0  # findings only an unsafe fix resolves (`--fix --unsafe-fixes`)

    @property
    def exit_code(self) -> int:
        """2 when a file could not be linted, else 1 when something was found, else 0."""
        return EXIT_BAD_INPUT if self.errors else EXIT_FINDINGS if self.findings else EXIT_OK


def python_files(
    paths: Iterable[str], excluded: Callable[[Path], bool] | None = None,
    resolve: Callable[[Path], Path] = Path.resolve,
) -> tuple[list[tuple[str, Path]], list[FileError]]:
    """(display path, path) of every ``*.py`` under ``paths``, sorted; errors for paths that do not exist and
    directories that hold no Python file. What a directory walk meets is skipped when ``excluded(path)``; a file
    named in ``paths`` is always linted, as ruff does. ``resolve``: how to resolve a path (the config finder's
    resolves each directory once)."""
    found: dict[Path, str] = {}
    errors = []
    for argument in paths:
        path = Path(argument)
        if path.is_dir():
            count = skipped = 0
            for directory, subdirectories, files in os.walk(path):
                kept = [d for d in subdirectories if d not in _SKIPPED_DIRECTORIES
                        and not (excluded and excluded(Path(directory, d)))]
                skipped += len(subdirectories) - len(kept)
                subdirectories[:] = sorted(kept)
                for name in files:
                    if name.endswith(".py"):
                        file = Path(directory, name)
                        if excluded and excluded(file):
                            skipped += 1
                            continue
                        count += 1
                        found.setdefault(resolve(file), str(file))
            if not count:
                because = " (the rest is excluded by [tool.cute-inspect] exclude)" if skipped else ""
                errors.append(FileError(argument, 0, 0, f"no Python files to lint{because}"))
        elif path.exists() or path.is_symlink():
            found.setdefault(resolve(path), argument)
        else:
            errors.append(FileError(argument, 0, 0, "no such file or directory"))
    return sorted(((display, path) for path, display in found.items()), key=lambda item: item[0]), errors


def _static(codes: frozenset[str]) -> list[str]:
    return [code for code in sorted(codes) if kind(code) == "static"]


def with_lower_case_tiles(context: RuleContext, facts: FileFacts) -> RuleContext:
    """The rules' context for one file, reading the tiles it writes in lower case (``sa``) as the convention's."""
    tiles = facts.lower_case_tiles()
    return replace(context, vocabulary=replace(context.vocabulary, lower_tiles=tiles)) if tiles else context


def _check_tree(
    tree: ast.Module, codes: frozenset[str], config: LintConfig, facts: FileFacts | None = None, path: str | None = None
) -> list[tuple[str, Violation]]:
    static = _static(codes)
    if not static:
        return []
    facts = facts or collect(tree, path)
    if not (facts.partitions or facts.hand_views or facts.layout_views or facts.copies or facts.gemms or facts.made_in
            or facts.laid_in or facts.foreign_tma_tensors or facts.foreign_calls or facts.atom_tensors):
        return []
    context = with_lower_case_tiles(config.context, facts)
    found = [(code, violation) for code in static for violation in RULES[code].check(facts, context)]
    # A rule that reaches another's finding by another road (CI110 by objects, CI104 by partitioner names)
    # defers to it at the same place: one slip, one finding.
    at = {(code, violation.line, violation.column) for code, violation in found}
    return [
        (code, violation) for code, violation in found
        if not any((other, violation.line, violation.column) in at for other in getattr(RULES[code], "DEFERS_TO", ()))
    ]


def _noqa_comments(
    text: str, tree: ast.Module | None, violations: list[tuple[str, Violation]], checked: frozenset[str]
) -> tuple[dict[int, tuple[int, str]], dict[int, tuple[int, int]]]:
    """(the comments that may matter, the statement span of each violation's line).

    A ``# noqa`` on any line of a multi-line statement covers the statement's findings; noqa comments
    naming a CI code matter for CI100 too."""
    if not mentions_noqa(text):
        return {}, {}
    lines = source_lines(text)
    tree = tree if tree is not None else ast.parse(text)
    spans = {v.line: statement_span(tree.body, v.line) for _, v in violations if 0 < v.line <= len(lines)}
    wanted = {
        number
        for first, last in spans.values()
        for number in range(first, min(last, len(lines)) + 1)
        if "noqa" in lines[number - 1].lower()
    }
    if checked:
        number, counted = 1, 0  # lines counted on from the last match: once over the text, not once per match
        for match in _NOQA_CODES.finditer(text):
            number += text.count("\n", counted, match.start())
            counted = match.start()
            wanted.add(number)
    if not wanted:
        return {}, spans
    return comments(tree, lines, wanted), spans


def _unsuppressed_pairs(
    display: str,
    text: str,
    violations: list[tuple[str, Violation]],
    checked: frozenset[str] = frozenset(),
    tree: ast.Module | None = None,
) -> list[tuple[Finding, Violation | None]]:
    """The violations no ``noqa`` covers (with the violation each came from), plus CI100 for the ``noqa``
    codes among ``checked`` that covered nothing (``checked``: the static codes that ran on this file, when
    CI100 is enabled)."""
    whole_file = file_suppressions(text)
    line_comments, spans = _noqa_comments(text, tree, violations, checked)
    kept, used = [], set()
    lines = source_lines(text) if not text.isascii() else None
    for code, violation in violations:
        first, last = spans.get(violation.line, (violation.line, violation.line))
        covering = [n for n in range(first, last + 1) if n in line_comments and suppressed(line_comments[n][1], code)]
        if covering:
            used.update((number, code) for number in covering)
        elif not file_suppressed(whole_file, code):
            column = violation.column  # ast's, in UTF-8 bytes from 1: findings count characters
            if lines and 0 < violation.line <= len(lines) and column > 0:
                column = char_column(lines[violation.line - 1], column - 1) + 1
            kept.append((Finding(display, violation.line, column, code, violation.message), violation))
    if checked and not file_suppressed(whole_file, unused_noqa.CODE):
        kept.extend(
            (Finding(display, number, column, unused_noqa.CODE, message), None)
            for number, column, message in [*unused_noqa.unused(line_comments, used, checked),
                                            *_unknown_noqa_codes(line_comments)]
        )
    return kept


def _unknown_noqa_codes(line_comments: dict[int, tuple[int, str]]) -> Iterable[tuple[int, int, str]]:
    """(line, column, message) for each CI code a ``# noqa`` names that is no cute-inspect code (a typo: it
    suppresses nothing, now or later)."""
    for number, (column, comment) in sorted(line_comments.items()):
        for offset, codes in line_codes(comment):
            # The lint's own codes first: `all_rules` loads the trace checks (and numpy) to know theirs.
            for code in sorted(c for c in codes if c.startswith("CI") and c not in RULES and c not in all_rules()):
                yield (number, column + offset,
                       f"`noqa` names `{code}`, which is no cute-inspect code (`cute-inspect rules` lists them)")


def _unsuppressed(
    display: str,
    text: str,
    violations: list[tuple[str, Violation]],
    checked: frozenset[str] = frozenset(),
    tree: ast.Module | None = None,
) -> list[Finding]:
    return [finding for finding, _ in _unsuppressed_pairs(display, text, violations, checked, tree)]


def read_source(display: str, path: Path) -> tuple[str | None, ast.Module | None, FileError | None]:
    """(text, tree, None) of a Python file, or (None, None, the error that stops it from being linted):
    unreadable, not in its declared encoding (UTF-8 by default, as Python requires), or not valid Python."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):  # a FIFO named .py would block the read forever
            return None, None, FileError(display, 0, 0, "could not read: not a regular file (a FIFO or a device?)")
        data = path.read_bytes()
    except OSError as error:
        return None, None, FileError(display, 0, 0, f"could not read: {error.strerror or error}")
    return parse_source(display, data)


def parse_source(display: str, data: bytes) -> tuple[str | None, ast.Module | None, FileError | None]:
    """(text, tree, None) of a file's bytes, or (None, None, the error): not in its declared encoding, or not
    valid Python."""
    text, undecodable = _decoded(display, data)
    if undecodable:
        return None, None, undecodable
    try:
        tree = ast.parse(text, filename=display)
    except (RecursionError, MemoryError):
        return None, None, FileError(display, 0, 0, "could not parse: nested too deeply for Python's parser")
    except (SyntaxError, ValueError) as error:
        line = getattr(error, "lineno", None) or 0
        column = getattr(error, "offset", None) or 0
        return None, None, FileError(display, line, column, f"could not parse: {getattr(error, 'msg', None) or error}")
    return text, tree, None


def lint_file(display: str, path: Path, config: LintConfig) -> tuple[list[Finding], FileError | None]:
    """The findings of one file, or the error that stopped it from being linted."""
    findings, error, _ = _lint_one(display, path, config)
    return findings, error


def _lint_one(
    display: str, path: Path, config: LintConfig, prefilter: bool = True
) -> tuple[list[Finding], FileError | None, tuple[int, int]]:
    """``lint_file``, and how many of the findings a safe fix, and only an unsafe fix, would resolve;
    ``prefilter``: skip the facts of a file whose text shows it cannot hold a finding (``lint.prefilter``)."""
    text, tree, error = read_source(display, path)
    if error is not None:
        return [], error, (0, 0)
    if prefilter and cannot_hold_findings(text):
        return [], None, (0, 0)
    codes = config.codes_for(path)
    try:
        facts = collect(tree, str(path)) if _static(codes) else None
        pairs = file_violations(display, text, tree, codes, config, facts)
    except RecursionError:
        return [], FileError(display, 0, 0, "could not lint: nested too deeply"), (0, 0)
    safe = unsafe = 0
    if facts is not None and any(v is not None and (v.rename or v.replace) for _, v in pairs):
        fixes = FileFixes(facts, source_lines(text))
        for _, violation in pairs:
            if violation is not None and (violation.rename or violation.replace):
                fix = fixes.fix_for(violation, statement_span(tree.body, violation.line)[1])
                safe += fix is not None and fix.safe
                unsafe += fix is not None and not fix.safe
    return [finding for finding, _ in pairs], None, (safe, unsafe)


def file_violations(
    display: str, text: str, tree: ast.Module, codes: frozenset[str], config: LintConfig,
    facts: FileFacts | None = None,
) -> list[tuple[Finding, Violation | None]]:
    """Each finding of one parsed file with the violation it came from (None for CI100), noqa applied;
    ``facts``: the file's facts when the caller has them (``collect(tree)``)."""
    violations = _check_tree(tree, codes, config, facts, display)
    checked = frozenset(_static(codes)) if unused_noqa.CODE in codes and mentions_noqa(text) else frozenset()
    if not violations and not checked:
        return []
    return _unsuppressed_pairs(display, text, violations, checked, tree)


def _decoded(display: str, data: bytes) -> tuple[str | None, FileError | None]:
    """(text, None), or (None, the error) for a file Python would refuse to run: bytes that are not in its
    declared encoding (UTF-8 unless a ``# -*- coding: ... -*-`` line says otherwise). Python's parser lets
    such bytes pass inside comments."""
    encoding = "utf-8"
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    except SyntaxError as error:  # an unknown coding line, or first lines that are not UTF-8 (then said below)
        if data.decode("utf-8", "replace").encode("utf-8") == data:
            return None, FileError(display, error.lineno or 1, 1, f"could not read: {error.msg}")
    try:
        return data.decode(encoding), None
    except UnicodeDecodeError as error:
        line_start = data.rfind(b"\n", 0, error.start) + 1
        line, column = data.count(b"\n", 0, error.start) + 1, error.start - line_start + 1
        return None, FileError(display, line, column, f"could not read: byte 0x{data[error.start]:02x} is not "
                               f"{encoding.upper()}; save the file as UTF-8 or declare its encoding (PEP 263)")


def _tree_findings(
    display: str, text: str, tree: ast.Module, codes: frozenset[str], config: LintConfig
) -> list[Finding]:
    return [finding for finding, _ in file_violations(display, text, tree, codes, config)]


def _trace_findings(records: Iterable[Any], files: dict[Path, str], finder: ConfigFinder) -> list[Finding]:
    """Findings of the trace rules, for the records made in the linted files, under each file's config.

    Each rule reads every record (a GEMM in a helper's file names an operand made in the kernel's) and says
    which file each violation is in; those in linted files are kept."""
    records = list(records)
    if not files or not records:
        return []
    context = finder.for_file(next(iter(files))).context  # one project's vocabulary, as one run lints
    by_path: dict[Path, list[tuple[str, Any]]] = {}
    for code in sorted(code for code in RULES if needs_trace(code)):
        for file, violation in RULES[code].check_records(records, context):
            path = Path(file).resolve()
            if path in files:
                by_path.setdefault(path, []).append((code, violation))
    findings = []
    for path, found in sorted(by_path.items()):
        codes = finder.for_file(path).codes_for(path)
        violations = [(code, violation) for code, violation in found if code in codes]
        if violations:
            findings.extend(_unsuppressed(files[path], path.read_bytes().decode("utf-8", "replace"), violations))
    return findings


def _lint_chunk(
    jobs: list[tuple[str, Path, LintConfig]], prefilter: bool = True
) -> list[tuple[tuple[list[Finding], FileError | None, tuple[int, int]], tuple[str, ...]]]:
    """Each job's result with the other modules it read (imported helpers: the result depends on them too)."""
    take_modules_read()
    return [(_lint_one(display, path, config, prefilter), take_modules_read()) for display, path, config in jobs]


_FILES_PER_WORKER = 8  # below this many files a process costs more than it saves


def default_workers(file_count: int) -> int:
    """One process per core this process may run on, when there are enough files to share."""
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cores = os.cpu_count() or 1
    return max(1, min(cores, file_count // _FILES_PER_WORKER))


def _lint_files(
    jobs: list[tuple[str, Path, LintConfig]], workers: int, prefilter: bool = True
) -> list[tuple[tuple[list[Finding], FileError | None, tuple[int, int]], tuple[str, ...]]]:
    """Each job's result and the modules it read besides its file (``_lint_chunk``), in the order of ``jobs``;
    ``workers``: processes, this one included."""
    # Forking a process that runs other threads (after a --trace compile, say) can deadlock the child.
    if workers <= 1 or len(jobs) <= 1 or threading.active_count() > 1 or not hasattr(os, "fork"):
        return _lint_chunk(jobs, prefilter)
    # Largest files first, one at a time to whichever process is free, so that they finish together: the last
    # file each takes is a small one. (Four at a time put CUTLASS's four largest examples, more than a
    # sixteenth of the tree, in one process, which the other fifteen then waited for.)
    order = sorted(range(len(jobs)), key=lambda i: -_size(jobs[i][1]))
    size = -(-len(order) // MAX_BATCHES)
    batches = [[jobs[i] for i in order[start:start + size]] for start in range(0, len(order), size)]
    done = map_batches(functools.partial(_lint_chunk, prefilter=prefilter), batches, workers)
    results: list = [None] * len(jobs)
    for position, result in zip(order, (result for batch in done for result in batch)):
        results[position] = result
    return results


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


def lint_paths(
    paths: Iterable[str],
    overrides: dict[str, Any] | None = None,
    records: Iterable[Any] | None = None,
    workers: int | None = None,
    cache: bool = False,
    prefilter: bool = True,
) -> LintReport:
    """Lint every Python file under ``paths``; ``records`` (from a trace) enable the trace rules.

    ``overrides`` replace config fields for every file (``{"select": ("CI102",)}``); ``workers`` is the
    number of processes (default: one per core, for trees of a few dozen files or more); ``cache``: reuse the
    results of files unchanged since an earlier run (``cute_inspect.lint.cache``); ``prefilter``: skip the
    facts of files whose text shows they cannot hold a finding (``cute_inspect.lint.prefilter``; off only to
    check that it changes nothing).
    """
    paths = list(paths)
    finder = ConfigFinder(overrides=overrides)
    files, errors = python_files(paths, lambda path: finder.for_file(path).excludes(path), finder.resolve)
    jobs = [(display, path, finder.for_directory(path.parent)) for display, path in files]  # paths resolved
    report = LintReport(errors=errors)
    stored = ResultCache(default_directory(), "\n".join(sorted(str(Path(p).resolve()) for p in paths))) if cache else None
    results: list[tuple[list[Finding], FileError | None, tuple[int, int]] | None] = [None] * len(jobs)
    if stored is not None:
        for position, (display, path, config) in enumerate(jobs):
            results[position] = _as_displayed(stored.get(path, repr(config)), display)
    todo = [position for position, result in enumerate(results) if result is None]
    collecting = gc.isenabled()
    gc.disable()  # parsing allocates millions of AST nodes; cyclic collection passes would dominate the time
    try:
        fresh = _lint_files(
            [jobs[i] for i in todo], default_workers(len(todo)) if workers is None else workers, prefilter
        )
    finally:
        if collecting:
            gc.enable()
    for position, (result, modules_read) in zip(todo, fresh):
        results[position] = result
        if stored is not None:
            stored.put(jobs[position][1], repr(jobs[position][2]), result, modules_read)
    if stored is not None:
        stored.save()
    for findings, error, (safe, unsafe) in results:
        report.findings.extend(findings)
        report.safe_fixes += safe
        report.unsafe_fixes += unsafe
        if error is not None:
            report.errors.append(error)
        else:
            report.files_checked += 1
    if records is not None:
        report.findings.extend(_trace_findings(records, {path: display for display, path in files}, finder))
    report.findings.sort()
    report.errors.sort()
    return report


def _as_displayed(
    result: tuple[list[Finding], FileError | None, tuple[int, int]] | None, display: str
) -> tuple[list[Finding], FileError | None, tuple[int, int]] | None:
    """A cached result under the path as this run names the file."""
    if result is None:
        return None
    findings, error, counts = result
    findings = [replace(finding, path=display) for finding in findings]
    return findings, (replace(error, path=display) if error is not None else None), counts


def lint_source(text: str, path: str = "<string>", config: LintConfig | None = None) -> list[Finding]:
    """The findings for one module given as text (no files, no pyproject lookup)."""
    config = config or LintConfig()
    tree = ast.parse(text, filename=path)
    return sorted(_tree_findings(path, text, tree, config.codes_for(path), config))
