"""CI100 unused-noqa: a ``# noqa: CI...`` comment that suppresses nothing.

## What it does
Reports each code in a line's ``# noqa: CODE, ...`` comment that names an enabled rule of this linter
but has no finding on that line to suppress. Codes of other tools (``E501``), bare ``# noqa`` and
trace-only codes (CI107, whose findings exist only with ``--trace``) are left alone.

## Why is this bad?
A stale suppression outlives the name it excused and will silently hide the next real mistake on that
line; it also tells readers the line is unusual when it no longer is.

## Example
```python
tCgA = thr_mma.partition_A(gA)  # noqa: CI105
```

Use instead:
```python
tCgA = thr_mma.partition_A(gA)
```
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from cute_inspect.findings import line_codes

CODE = "CI100"
NAME = "unused-noqa"
SUMMARY = "A `# noqa: CI...` comment suppresses no finding on its line"
KIND = "suppression"
DEFAULT = True


def unused(
    comments: dict[int, tuple[int, str]], used: set[tuple[int, str]], checked: Iterable[str]
) -> Iterator[tuple[int, int, str]]:
    """(line, column, message) for each checked code a comment's noqa names but no finding on its line used;
    ``comments`` maps a line to (column, text) of its comment (``noqa.comments``)."""
    checked = frozenset(checked)
    for number, (column, comment) in sorted(comments.items()):
        for offset, codes in line_codes(comment):
            if CODE in codes:
                continue
            for code in sorted(codes & checked):
                if (number, code) not in used:
                    yield number, column + offset, f"unused `noqa` for `{code}`: nothing to suppress on this line"
