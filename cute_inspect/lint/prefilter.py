"""Which files cannot hold a static finding, told from their text, so that their facts are not collected.

Every static rule reads the facts ``cute_inspect.lint.facts`` collects, and the runner runs none of them on a
file without a partition, a copy or a GEMM. Each of those needs an identifier in the code:

- a partition: a call of ``partition_A/B/C/S/D``, ``make_fragment_A/B/C``, ``retile``, ``tma_partition`` or
  a helper ``*_partition_[ABC]`` / ``*make_fragment_[ABC]``;
- a copy or a GEMM: a statement ``cute.copy(...)`` / ``cute.gemm(...)``: the identifiers ``cute`` and
  ``copy`` or ``gemm``.

So a file whose text holds none of these words (in ASCII; see below) has no facts for a rule to read, and
can hold only one other finding: CI100, about its ``# noqa`` comments, so a file that says ``noqa`` anywhere
is parsed too. Python reads identifiers through NFKC (``ｃｏｐｙ`` is ``copy``), so a file with a non-ASCII
character that may stand in an identifier is always parsed. The words may match inside strings and comments:
that only parses a file for nothing.

A skipped file is still parsed, as every file is: one that does not parse is an error (exit 2), and only
``ast.parse`` says exactly which (``symtable`` parses in C for two thirds of the time, but refuses some
programs ``ast.parse`` accepts and, near Python's recursion limit, accepts some it refuses). What is skipped
is the walk that collects the facts, the rules and the ``noqa`` handling.

``python -m cute_inspect.lint.prefilter_check PATH...`` lints with and without the filter, prints any difference
(exit 1 if there is one) and the share of the files and bytes it skips.

>>> cannot_hold_findings("import torch\\nx = torch.zeros(4)\\n")
True
>>> cannot_hold_findings("tCsA = thr_mma.partition_A(sA)\\n")
False
>>> cannot_hold_findings("cute . copy(atom, src, dst)\\n")
False
"""

from __future__ import annotations

import re

# get_slice / thr_slice: the collector follows a chain of them recursively (a RecursionError is an error).
_PARTITION_WORDS = re.compile(
    r"partition_[ABCSD]|tma_partition|make_fragment_[ABC]|retile|get_slice|thr_slice|[nN][oO][qQ][aA]", re.ASCII
)
_CALL_WORDS = re.compile(r"\b(?:copy|gemm)\b", re.ASCII)
_MODULE_WORD = re.compile(r"\bcute\b", re.ASCII)


def _identifier_characters(text: str) -> bool:
    """Whether a non-ASCII character of ``text`` may stand in an identifier."""
    return not text.isascii() and any(("a" + c).isidentifier() for c in set(text) if c > "\x7f")


def cannot_hold_findings(text: str) -> bool:
    """True when no static rule (and no CI100) can report anything in the module ``text``."""
    if _PARTITION_WORDS.search(text) or _identifier_characters(text):
        return False
    return not (_CALL_WORDS.search(text) and _MODULE_WORD.search(text))

