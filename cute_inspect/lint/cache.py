"""Each file's lint results, kept between runs (as ruff keeps ``.ruff_cache``) so that an unchanged file is not
parsed again.

An entry is keyed by the file's resolved path and holds what its size and modification time were, and those of
the other modules its lint read (helpers it imports from its repository: ``lint.imported``), the configuration it
was linted under and the linter's own version (its rules' source files); any change makes the entry stale. The cache lives in the user's cache directory (``$CUTE_INSPECT_CACHE_DIR``, else
``$XDG_CACHE_HOME/cute-inspect``, else ``~/.cache/cute-inspect``), never in the linted tree; ``--no-cache``
skips it. A cache that cannot be read or written is ignored: it only saves time.

>>> import tempfile
>>> from cute_inspect.findings import Finding
>>> cache = ResultCache(Path(tempfile.mkdtemp()), "the linted paths")
>>> source = Path(tempfile.mkdtemp()) / "k.py"; _ = source.write_text("x = 1\\n")
>>> cache.get(source, "config") is None
True
>>> cache.put(source, "config", ([Finding("k.py", 1, 1, "CI105", "m")], None, (0, 0))); cache.save()
>>> ResultCache(cache.directory, "the linted paths").get(source, "config")[0][0].code
'CI105'
>>> ResultCache(cache.directory, "the linted paths").get(source, "another config") is None
True
"""

from __future__ import annotations

import os
import pickle
from pathlib import Path
from typing import Any

from cute_inspect.findings import FileError, Finding

_FORMAT = 2
Result = tuple[list[Finding], FileError | None, tuple[int, int]]
# (the file's stamp, each module its lint read with that module's stamp, the result)
_Entry = tuple[tuple[int, int], tuple[tuple[str, tuple[int, int] | None], ...], Result]


def default_directory() -> Path:
    explicit = os.environ.get("CUTE_INSPECT_CACHE_DIR")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base, "cute-inspect")


def _linter_version() -> str:
    """Changes whenever a module of the linter changes (size and modification time of each)."""
    package = Path(__file__).parent
    parts = []
    for directory in (package, package / "rules"):
        for entry in sorted(os.scandir(directory), key=lambda e: e.name):
            if entry.name.endswith(".py"):
                stat = entry.stat()
                parts.append(f"{entry.name}:{stat.st_size}:{stat.st_mtime_ns}")
    return "|".join(parts)


def _stamp(path: Path) -> tuple[int, int] | None:
    try:
        stat = path.stat()
    except OSError:
        return None
    return stat.st_size, stat.st_mtime_ns


class ResultCache:
    """The cached results of one set of linted paths (``key``), each file's under its configuration."""

    def __init__(self, directory: Path, key: str) -> None:
        import hashlib  # here: `lint --no-cache` need not load it

        self.directory = directory
        digest = hashlib.sha256(f"{_FORMAT}\n{key}\n{_linter_version()}".encode()).hexdigest()[:24]
        self._file = directory / f"lint-{digest}.pickle"
        self._entries: dict[str, _Entry] = self._load()
        self._changed = False

    def _load(self) -> dict[str, Any]:
        try:
            with open(self._file, "rb") as handle:
                entries = pickle.load(handle)
        except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, ValueError):
            return {}
        return entries if isinstance(entries, dict) else {}

    def get(self, path: Path, config: str) -> Result | None:
        """The result of ``path`` under ``config`` (its fingerprint) when the file, and every module its lint
        read, are as they were then."""
        entry = self._entries.get(f"{path}\n{config}")
        if entry is None or entry[0] != _stamp(path):
            return None
        if any(_stamp(Path(module)) != stamp for module, stamp in entry[1]):
            return None
        return entry[2]

    def put(self, path: Path, config: str, result: Result, modules_read: tuple[str, ...] = ()) -> None:
        stamp = _stamp(path)
        if stamp is not None:
            read = tuple((module, _stamp(Path(module))) for module in modules_read)
            self._entries[f"{path}\n{config}"] = (stamp, read, result)
            self._changed = True

    def save(self) -> None:
        if not self._changed:
            return
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            temporary = self._file.with_suffix(f".{os.getpid()}.tmp")
            with open(temporary, "wb") as handle:
                pickle.dump(self._entries, handle, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(temporary, self._file)
        except OSError:
            pass  # a cache that cannot be written only costs time
