"""What kind of partitioner a receiver name denotes, read from the ``thr_*`` / ``tiled_*`` vocabulary.

>>> classify("thr_copy_t2r")
Partitioner(kind='copy', ops=('TR',))
>>> classify("qk_thr_mma").kind
'mma'
>>> classify("thr_copy") is None
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

_DIRECTION_TOKEN = re.compile(r"[gsrt]2[gsrt]")
_TMEM_OPS = {"load": ("TR", "TM", "TMEM_LOAD"), "store": ("RT", "TM", "TMEM_STORE")}


@dataclass(frozen=True)
class Partitioner:
    """``kind`` is ``mma``, ``copy`` (a direction-named copy, with its op), or ``tmem`` (a TMEM load/store)."""

    kind: str
    ops: tuple[str, ...] = ()


@lru_cache(maxsize=4096)
def classify(receiver: str) -> Partitioner | None:
    """The partitioner a name such as ``thr_copy_r2s``, ``tiled_mma_pv`` or ``thr_tmem_load`` denotes."""
    tokens = receiver.lower().split("_")
    if "mma" in tokens:
        return Partitioner("mma")
    directions = {token for token in tokens if _DIRECTION_TOKEN.fullmatch(token)}
    if len(directions) == 1:
        direction = directions.pop()
        return Partitioner("copy", ((direction[0] + direction[2]).upper(),))
    if "tmem" in tokens and not directions:
        kinds = [kind for kind in _TMEM_OPS if kind in tokens]
        if len(kinds) == 1:
            return Partitioner("tmem", _TMEM_OPS[kinds[0]])
    return None
