"""Plant one misnaming in a public kernel's text (in memory) and lint it: the wrapper the recall test uses.

A plant replaces one name at one line (``old`` -> ``new``, the first whole-word occurrence), as a slip of
the keyboard or of copy and paste would, in a file of a pinned package (``tests.lint_gold.packages``).
"""

from __future__ import annotations

import re

from cute_inspect.lint import LintConfig, lint_source
from tests.lint_gold.packages import root


def source(package: str, path: str) -> str:
    """The text of ``path`` (relative to the package's parent directory) in the installed package."""
    return (root(package).parent / path).read_text()


def planted(text: str, line: int, old: str, new: str) -> str:
    """``text`` with the first whole-word ``old`` on ``line`` replaced by ``new``; ValueError if absent."""
    lines = text.splitlines(keepends=True)
    match = re.search(rf"(?<![\w.]){re.escape(old)}(?!\w)", lines[line - 1])
    if match is None:
        raise ValueError(f"line {line} has no `{old}`")
    lines[line - 1] = lines[line - 1][: match.start()] + new + lines[line - 1][match.end():]
    return "".join(lines)


def findings(text: str, path: str) -> set[tuple[int, str, str]]:
    """(line, code, message) of the default findings of one module's text."""
    return {(f.line, f.code, f.message) for f in lint_source(text, path, LintConfig())}


def new_findings(package: str, path: str, line: int, old: str, new: str) -> set[tuple[int, str, str]]:
    """What the plant adds to the file's default findings."""
    text = source(package, path)
    return findings(planted(text, line, old, new), path) - findings(text, path)
