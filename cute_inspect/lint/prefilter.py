"""Which files cannot hold a static finding, told from their text, so that their facts are not collected.

Every static rule reads the facts ``cute_inspect.lint.facts`` collects, and the runner runs none of them on a
file without a partition, a copy, a GEMM or a tensor made in a known memory. Each of those needs an identifier
in the code:

- a partition: a call of ``partition_A/B/C/S/D``, ``make_fragment_A/B/C``, ``retile``, ``tma_partition`` or
  a helper ``*_partition_[ABC]`` / ``*make_fragment_[ABC]``;
- a tensor in a known memory (CI113): ``make_rmem_tensor(_like)``, ``make_fragment(_like)``,
  ``allocate_tensor``, ``get_tensor``;
- a launcher's TMA atom (CI106): ``make_tiled_tma_atom`` and its ``_A`` / ``_B``;
- a copy or a GEMM: a statement ``cute.copy(...)`` / ``cute.gemm(...)``: the identifiers ``cute`` and
  ``copy`` or ``gemm``;
- another module's MMA helper given a TiledMma: a maker named for an MMA (``make_tiled_mma``) or a parameter
  annotated ``cute.TiledMma`` (the letters ``mma`` / ``Mma``).

So a file whose text holds none of these words has no fact for a rule to read. Two more things decide what
a file reports, and keep it too: CI100, about its ``# noqa`` comments (a file that says ``noqa`` in any case);
and the error of a collector that recursed too deeply, which only a long chain of ``get_slice`` /
``thr_slice`` calls can cause (the parser bounds other nesting: 200 brackets, 100 indents). Python reads
identifiers through NFKC (``ｃｏｐｙ`` is ``copy``), so a file with a non-ASCII character that may stand in an
identifier is kept. The words are looked for everywhere, strings and comments included: that keeps a file for
nothing, it never skips one wrongly.

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

from cute_inspect.lint.noqa import mentions_noqa

# Any of these words makes a file worth its facts (`partition` covers tma_partition and partition_A...);
# get_slice / thr_slice: the collector follows a chain of them recursively (a RecursionError is an error).
# make_rmem_tensor / make_fragment / allocate_tensor / get_tensor: makers whose memory CI113 compares.
# composition / tiled_divide / .iterator: thread views made by hand, which CI105 compares as partitions.
# tma_tensor: a TMA bundle's tensor, which CI102 compares with the atom of the copy given it.
# mma / Mma: a TiledMma (made, or a parameter annotated `cute.TiledMma`) given to another module's helper, whose
# arguments CI111 reads.
# make_tiled_tma_atom(_A/_B): a launcher's TMA atoms, whose tensors CI106 compares with the operand each loads.
_WORDS = (
    "partition", "make_fragment", "retile", "get_slice", "thr_slice", "make_rmem_tensor", "allocate_tensor",
    "get_tensor", "composition", "tiled_divide", ".iterator", "tma_tensor", "mma", "Mma",
    "make_tiled_tma_atom", "make_tiled_tma_atom_A", "make_tiled_tma_atom_B",
)
_IDENTIFIER_CHARACTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")
_NON_ASCII = re.compile(r"[^\x00-\x7f]+")


def _has_word(text: str, word: str) -> bool:
    """Whether ``word`` stands in ``text`` as a whole ASCII word (as ``re``'s ``\\bword\\b``, faster)."""
    end = len(word)
    found = text.find(word)
    while found >= 0:
        if (found == 0 or text[found - 1] not in _IDENTIFIER_CHARACTERS) and (
            found + end == len(text) or text[found + end] not in _IDENTIFIER_CHARACTERS
        ):
            return True
        found = text.find(word, found + 1)
    return False


def _identifier_characters(text: str) -> bool:
    """Whether a non-ASCII character of ``text`` may stand in an identifier."""
    if text.isascii():
        return False
    return any(("a" + c).isidentifier() for c in set("".join(_NON_ASCII.findall(text))))


def cannot_hold_findings(text: str) -> bool:
    """True when no static rule (and no CI100) can report anything in the module ``text``."""
    # Cheapest tests first: most files of a CuTeDSL tree stop at the first.
    if any(word in text for word in _WORDS):
        return False
    if _has_word(text, "cute") and (_has_word(text, "copy") or _has_word(text, "gemm")):
        return False
    return not mentions_noqa(text) and not _identifier_characters(text)
