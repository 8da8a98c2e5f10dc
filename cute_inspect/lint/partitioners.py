"""What kind of partitioner a receiver name denotes, read from the ``thr_*`` / ``tiled_*`` vocabulary.

>>> classify("thr_copy_t2r")
Partitioner(kind='copy', ops=('TR',))
>>> classify("thr_reg2tmem_tiled_copy")
Partitioner(kind='copy', ops=('RT',))
>>> classify("qk_thr_mma")
Partitioner(kind='mma', ops=('S',))
>>> classify("thr_copy") is None
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

_MEMORY_WORDS = "g|s|r|t|gmem|smem|rmem|reg|tmem"
_DIRECTION_TOKEN = re.compile(rf"({_MEMORY_WORDS})2({_MEMORY_WORDS})")
_TMEM_OPS = {"load": ("TR", "TM", "TMEM_LOAD"), "store": ("RT", "TM", "TMEM_STORE")}
# Attention's two matmuls, named for their operands: S = Q K^T (qk, kq) and O = P V (pv, vp).
_ATTENTION_MMAS = {"qk": "S", "kq": "S", "pv": "O", "vp": "O"}


@dataclass(frozen=True)
class Partitioner:
    """``kind`` is ``mma`` (with the op its results carry when its name tells: ``S`` for ``mma_qk``),
    ``copy`` (a direction-named copy, with its op), or ``tmem`` (a TMEM load/store)."""

    kind: str
    ops: tuple[str, ...] = ()


@lru_cache(maxsize=4096)
def classify(receiver: str) -> Partitioner | None:
    """The partitioner a name such as ``thr_copy_r2s``, ``tiled_mma_pv`` or ``thr_tmem_load`` denotes."""
    tokens = receiver.lower().split("_")
    if "mma" in tokens:
        ops = {_ATTENTION_MMAS[token] for token in tokens if token in _ATTENTION_MMAS}
        return Partitioner("mma", tuple(ops) if len(ops) == 1 else ())
    directions = {
        (match[1][0] + match[2][0]).upper() for match in map(_DIRECTION_TOKEN.fullmatch, tokens) if match
    }
    if len(directions) == 1:
        return Partitioner("copy", (directions.pop(),))
    if "tmem" in tokens and not directions:
        kinds = [kind for kind in _TMEM_OPS if kind in tokens]
        if len(kinds) == 1:
            return Partitioner("tmem", _TMEM_OPS[kinds[0]])
    return None
