"""Fixes for lint findings, as ruff offers them: ``cute-inspect lint --fix`` (safe fixes), ``--unsafe-fixes``
(the rest too), ``--diff`` (show, write nothing). A language server asks for the same edits per finding.

>>> text = "@cute.kernel\\ndef k(thr_mma, gA, gB):\\n    tCgB = thr_mma.partition_A(gA)\\n    return tCgB\\n"
>>> [(f.code, fix.title, fix.safe) for f, fix in findings_with_fixes(text)]
[('CI105', 'Rename `tCgB` to `tCgA`', True)]
>>> print(fix_text(text)[0], end="")
@cute.kernel
def k(thr_mma, gA, gB):
    tCgA = thr_mma.partition_A(gA)
    return tCgA
"""

from __future__ import annotations

from cute_inspect.findings import Finding
from cute_inspect.lint.config import LintConfig
from cute_inspect.lint.edits import Edit, FileFixes, Fix, apply_edits
from cute_inspect.lint.facts import collect
from cute_inspect.lint.noqa import statement_span
from cute_inspect.lint.runner import file_violations, parse_source
from cute_inspect.positions import source_lines

__all__ = ["Edit", "Fix", "apply_edits", "findings_with_fixes", "fix_text"]

_MAX_PASSES = 10


def findings_with_fixes(
    text: str, path: str = "<string>", config: LintConfig | None = None
) -> list[tuple[Finding, Fix | None]]:
    """Every finding of ``text`` (linted as ``path`` under ``config``), each with its fix or None.

    Raises ValueError with ``path:line:col: message`` when the text does not parse."""
    config = config or LintConfig()
    _, tree, error = parse_source(path, text.encode())
    if error is not None:
        raise ValueError(f"{error.path}:{error.line}:{error.column}: {error.message}")
    facts = collect(tree, path)
    fixes = FileFixes(facts, source_lines(text))
    pairs = []
    for finding, violation in file_violations(path, text, tree, config.codes_for(path), config, facts):
        fix = None
        if violation is not None:
            _, last = statement_span(tree.body, violation.line)
            fix = fixes.fix_for(violation, last)
        pairs.append((finding, fix))
    return sorted(pairs, key=lambda pair: pair[0])


def _compatible(chosen: list[Fix], fix: Fix) -> bool:
    """No edit of ``fix`` touches text another chosen fix edits (two renames of one name, say)."""
    taken = {(edit.line, edit.column) for each in chosen for edit in each.edits}
    return not any((edit.line, edit.column) in taken for edit in fix.edits)


def fix_text(
    text: str, path: str = "<string>", config: LintConfig | None = None, unsafe: bool = False
) -> tuple[str, int]:
    """(``text`` with its fixes applied, how many were applied): safe fixes only unless ``unsafe``.

    Fixes are applied in passes, re-linting in between, until none is left that applies (a rename can
    make another finding's suggestion change)."""
    applied = 0
    for _ in range(_MAX_PASSES):
        chosen: list[Fix] = []
        for _, fix in findings_with_fixes(text, path, config):
            if fix is not None and (fix.safe or unsafe) and _compatible(chosen, fix):
                chosen.append(fix)
        if not chosen:
            break
        text = apply_edits(text, [edit for fix in chosen for edit in fix.edits])
        applied += len(chosen)
    return text, applied
