"""Descriptive snake-case tensor names (``smem_tile_a``, ``t_reg_query``, ``gmem_a_copy_fragment``): words, not the
convention's letters, but they still say a memory and a tensor.

A name of lower-case words says its memory by one full memory word (``smem``, ``gmem``, ``reg``, ``rmem``,
``tmem``), never by a single letter (``s_max``, ``g_row`` name no memory in most code). Its tensor is told only
against the function's own buffers: a buffer bound in the function that differs from a partition's source in
one word (``smem_tile_a`` beside the source ``smem_tile_b``; ``s_query`` beside ``s_key``) names another tensor,
and a partition whose words hold that word and not the source's names the other buffer.

>>> memory_word("t_reg_query"), memory_word("smem_b_mma_fragment"), memory_word("s_max")
('r', 's', None)
>>> other_buffer("t_reg_query", "s_key", {"s_key", "s_query", "s_value"})
's_query'
>>> other_buffer("t_reg_key_view", "s_key", {"s_key", "s_query"}) is None
True
"""

from __future__ import annotations

import re

_MEMORY_WORDS = {"smem": "s", "gmem": "g", "reg": "r", "rmem": "r", "tmem": "t"}
_DESCRIPTIVE = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)+")


def descriptive(name: str | None) -> bool:
    """Lower-case words joined by ``_`` (``smem_tile_a``; not ``tCsA`` nor ``sA_mma``)."""
    return name is not None and _DESCRIPTIVE.fullmatch(name) is not None


def memory_word(name: str | None) -> str | None:
    """The where letter of the one memory a descriptive name's words say (``reg`` -> ``r``); None if none or two."""
    if not descriptive(name):
        return None
    found = {_MEMORY_WORDS[word] for word in name.split("_") if word in _MEMORY_WORDS}
    return found.pop() if len(found) == 1 else None


_WORD_OF_MEMORY = {"s": "smem", "g": "gmem", "r": "rmem", "t": "tmem"}


def with_memory(name: str, where: str) -> str:
    """A descriptive name with its memory word made ``where``'s: ``with_memory("gmem_a", "s") == "smem_a"``."""
    return "_".join(_WORD_OF_MEMORY[where] if word in _MEMORY_WORDS else word for word in name.split("_"))


def _one_word_apart(source: list[str], other: list[str]) -> tuple[str, str] | None:
    """(source's word, other's word) where two names of as many words differ in exactly one, a tensor's word: not
    a memory word, nor a leading letter (``s_score`` and ``t_score``, ``c_value`` and ``coord_value``: a where
    or scope letter), nor a tensor and its transposed form (``v_v`` and ``v_vt``: one tensor, as ``sK`` and ``sKt``
    are in the convention)."""
    if len(source) != len(other):
        return None
    apart = [(at, mine, theirs) for at, (mine, theirs) in enumerate(zip(source, other)) if mine != theirs]
    if len(apart) != 1:
        return None
    at, mine, theirs = apart[0]
    if any(word in _MEMORY_WORDS or word.isdigit() for word in (mine, theirs)) or f"{mine}t" == theirs \
            or f"{theirs}t" == mine:
        return None
    return None if at == 0 and min(len(mine), len(theirs)) == 1 else (mine, theirs)


def other_buffer(target: str, source: str, bound: set[str]) -> str | None:
    """The buffer of the function, one word apart from ``source``, whose word ``target`` holds while it does not
    hold the source's word: ``t_reg_query`` of ``s_key`` beside ``s_query``."""
    if not (descriptive(target) and descriptive(source)):
        return None
    words, source_words = set(target.split("_")), source.split("_")
    found = []
    for other in bound - {target}:
        apart = descriptive(other) and _one_word_apart(source_words, other.split("_"))
        if apart and apart[1] in words and apart[0] not in words:
            found.append(other)
    return found[0] if len(found) == 1 else None
