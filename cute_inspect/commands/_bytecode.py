"""Keep the bytecode of the linter's own modules where Python would not keep it, so that a lint does not compile
forty modules from source at every start.

Where ``PYTHONDONTWRITEBYTECODE`` is set (many containers and CI images set it) and the package carries no bytecode
of its own (a source checkout, an editable install), every ``cute-inspect lint`` compiled the linter's modules
again: 0.09-0.15 s of CPU at each start, a third of a whole lint's wall time on sixteen cores. While the
``lint`` and ``rules`` commands import their modules, Python's bytecode cache is pointed at
``<cache directory>/bytecode`` (``$CUTE_INSPECT_CACHE_DIR``, else ``$XDG_CACHE_HOME/cute-inspect``, else
``~/.cache/cute-inspect``, as the results cache), outside every source tree, and then set back as it was: those
commands import none of the user's code, and no module imported later is written. Python checks each
file's bytecode against its source's size and modification time, so an edited module is compiled again.
``PYTHONPYCACHEPREFIX``, when set, is left to decide, as is a package that holds its own bytecode.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def _ships_bytecode() -> bool:
    """Whether this package's modules already have their bytecode beside them (a pip install compiles them)."""
    return os.path.exists(importlib.util.cache_from_source(__file__))


@contextmanager
def linter_bytecode_kept(cache_directory: Path) -> Iterator[None]:
    """While inside, modules imported keep their bytecode under ``cache_directory/bytecode`` when Python was told
    to write none and nothing else decides where it goes."""
    if not sys.dont_write_bytecode or sys.pycache_prefix is not None or _ships_bytecode():
        yield
        return
    sys.pycache_prefix, sys.dont_write_bytecode = str(cache_directory / "bytecode"), False
    try:
        yield
    finally:
        sys.pycache_prefix, sys.dont_write_bytecode = None, True
