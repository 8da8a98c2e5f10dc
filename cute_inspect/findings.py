"""Apply the lint's ``noqa`` comments to check findings, so one suppression syntax serves both commands."""

from __future__ import annotations

import linecache

from cute_inspect.lint.noqa import file_suppressed, file_suppressions, suppressed


def unsuppressed(findings: list) -> list:
    """The findings not silenced by ``# noqa: CODE`` on their line or ``# cute-inspect: noqa`` in their file."""
    kept = []
    for finding in findings:
        lines = linecache.getlines(finding.path)
        line = lines[finding.line - 1] if 0 < finding.line <= len(lines) else ""
        if "noqa" in line and suppressed(line, finding.code):
            continue
        if file_suppressed(file_suppressions("".join(lines)), finding.code):
            continue
        kept.append(finding)
    return kept
