"""What the lint tests compare: each default finding's line and code."""

from __future__ import annotations

from cute_inspect.lint import lint_source


def located(source: str, path: str = "k.py") -> list[tuple[int, str]]:
    """(line, code) of each default finding on ``source``, linted as the file ``path``."""
    return [(finding.line, finding.code) for finding in lint_source(source, path)]
