"""Lint settings from ``[tool.cute-inspect]`` (or ``[tool.cute-inspect.lint]``) in the nearest
``pyproject.toml`` above a linted file.

    [tool.cute-inspect]
    select = ["CI1"]                 # code prefixes; default: the rules that find contradictions
    extend-select = ["CI101"]        # opt-in rules added to the default set
    ignore = ["CI108"]
    per-file-ignores = { "tests/*" = ["CI101"] }   # globs relative to this pyproject.toml
    exclude = ["tests/corpus"]       # skipped when a directory is linted; linted when named on the command line
    separator = "either"             # "required" | "forbidden" | "either": `_` after a direction op
    extra-ops = ["qk"]               # op tokens beyond the built-in shapes (tqksQ)
    extra-tensors = ["lse"]          # tensor tokens beyond the built-in shapes (tOrlse)

>>> config = LintConfig(ignore=("CI103",))
>>> sorted(config.codes_for("k.py"))[:3]
['CI100', 'CI102', 'CI104']
"""

from __future__ import annotations

import fnmatch
import os
from dataclasses import dataclass, field, replace
from pathlib import Path, PurePath
from typing import Any

from cute_inspect.lint.names import Vocabulary
from cute_inspect.lint.registry import select_codes, unknown_prefixes
from cute_inspect.lint.rules import SEPARATOR_STYLES, RuleContext

TABLE = "cute-inspect"
_COMMAND_TABLES = ("trace", "check", "render", "layout", "lsp")
# trace-targets is read by `cute-inspect lsp` (cute_inspect/lsp/targets.py), not by the lint.
_KEYS = ("select", "extend-select", "ignore", "per-file-ignores", "exclude", "separator", "extra-ops",
         "extra-tensors", "trace-targets")


class ConfigError(ValueError):
    """A ``[tool.cute-inspect]`` value that cannot be used; the message names the file and key."""


@dataclass(frozen=True)
class LintConfig:
    select: tuple[str, ...] | None = None  # None: the default set (registry.is_default)
    extend_select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    per_file_ignores: tuple[tuple[str, tuple[str, ...]], ...] = ()
    exclude: tuple[str, ...] = ()
    separator: str = "either"
    vocabulary: Vocabulary = field(default_factory=Vocabulary)
    root: Path | None = None
    source: Path | None = None

    @property
    def context(self) -> RuleContext:
        return RuleContext(self.vocabulary, self.separator)

    def codes_for(self, path: str | PurePath) -> frozenset[str]:
        """The codes enabled for ``path``: selected, not ignored, not ignored for this file."""
        ignore = list(self.ignore)
        if self.per_file_ignores:
            relative = _relative(Path(path), self.root)
            for pattern, codes in self.per_file_ignores:
                if fnmatch.fnmatch(relative, pattern) or fnmatch.fnmatch(PurePath(relative).name, pattern):
                    ignore.extend(codes)
        return frozenset(select_codes(self.select, ignore, self.extend_select))

    def excludes(self, path: PurePath) -> bool:
        """True when ``path`` or a directory above it (up to this config's root) matches an ``exclude`` glob."""
        if not self.exclude:
            return False
        parts = PurePath(_relative(Path(path), self.root)).parts
        prefixes = ["/".join(parts[: i + 1]) for i in range(len(parts))]
        return any(fnmatch.fnmatch(prefix, glob.rstrip("/")) for prefix in prefixes for glob in self.exclude)


def _relative(path: Path, root: Path | None) -> str:
    if root is not None:
        try:
            return path.resolve().relative_to(root).as_posix()
        except ValueError:
            pass
    return path.as_posix()


def _strings(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ConfigError(f"{where}: expected a list of strings, got {value!r}")
    return tuple(value)


def _codes(value: Any, where: str) -> tuple[str, ...]:
    codes = _strings(value, where)
    unknown = unknown_prefixes(codes)
    if unknown:
        raise ConfigError(
            f"{where}: {', '.join(unknown)} matches no rule code (CI105, CI1...); "
            "run `cute-inspect rules` for the codes"
        )
    return codes


def parse_table(table: dict[str, Any], source: Path | None = None) -> LintConfig:
    """A ``LintConfig`` from the ``[tool.cute-inspect]`` table; ``source`` names the file in errors.

    The keys may also sit in a ``[tool.cute-inspect.lint]`` sub-table, which wins over the top level."""
    origin = f"{source or 'pyproject.toml'}: [tool.{TABLE}]"
    if isinstance(table.get("lint"), dict):
        table = {**{k: v for k, v in table.items() if k != "lint"}, **table["lint"]}
    # Sub-tables named for another command ([tool.cute-inspect.render]) are that command's; anything else is a typo.
    unknown = sorted(
        key for key in set(table) - set(_KEYS) if not (isinstance(table[key], dict) and key in _COMMAND_TABLES)
    )
    if unknown:
        raise ConfigError(f"{origin}: unknown key {unknown[0]!r}; known keys: {', '.join(_KEYS)}")
    settings: dict[str, Any] = {"source": source, "root": source.parent.resolve() if source else None}
    if "select" in table:
        settings["select"] = _codes(table["select"], f"{origin} select")
    if "extend-select" in table:
        settings["extend_select"] = _codes(table["extend-select"], f"{origin} extend-select")
    if "ignore" in table:
        settings["ignore"] = _codes(table["ignore"], f"{origin} ignore")
    if "per-file-ignores" in table:
        value = table["per-file-ignores"]
        if not isinstance(value, dict):
            raise ConfigError(f"{origin} per-file-ignores: expected a table of glob = [codes]")
        settings["per_file_ignores"] = tuple(
            (glob, _codes(codes, f"{origin} per-file-ignores {glob!r}")) for glob, codes in value.items()
        )
    if "exclude" in table:
        settings["exclude"] = _strings(table["exclude"], f"{origin} exclude")
    if "separator" in table:
        if table["separator"] not in SEPARATOR_STYLES:
            raise ConfigError(
                f"{origin} separator: {table['separator']!r} is not one of {', '.join(map(repr, SEPARATOR_STYLES))}"
            )
        settings["separator"] = table["separator"]
    settings["vocabulary"] = Vocabulary(
        _strings(table.get("extra-ops", []), f"{origin} extra-ops"),
        _strings(table.get("extra-tensors", []), f"{origin} extra-tensors"),
    )
    return LintConfig(**settings)


def read_pyproject(path: Path) -> LintConfig | None:
    """The config in ``path`` (a pyproject.toml), or None when it has no ``[tool.cute-inspect]`` table."""
    try:
        import tomllib  # here: a tree without a pyproject.toml never needs it
    except ModuleNotFoundError:  # Python 3.10
        raise ConfigError(f"{path}: reading pyproject.toml needs Python 3.11 or newer") from None
    try:
        with open(path, "rb") as file:
            document = tomllib.load(file)
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise ConfigError(f"{path}: cannot read: {error}") from None
    except UnicodeDecodeError as error:
        raise ConfigError(f"{path}: cannot read: byte 0x{error.object[error.start]:02x} at offset {error.start} "
                          "is not UTF-8 (TOML files are UTF-8)") from None
    table = document.get("tool", {}).get(TABLE)
    if table is None:
        return None
    if not isinstance(table, dict):
        raise ConfigError(f"{path}: [tool.{TABLE}] must be a table")
    return parse_table(table, path)


class ConfigFinder:
    """Finds, and caches per directory, the config that applies to a file (walking up to the root)."""

    def __init__(self, default: LintConfig | None = None, overrides: dict[str, Any] | None = None) -> None:
        self._default = default or LintConfig()
        self._overrides = overrides or {}
        self._by_directory: dict[Path, LintConfig] = {}
        self._resolved: dict[Path, Path] = {}

    def for_file(self, path: Path) -> LintConfig:
        return self.for_directory(self.resolve(path).parent)

    def resolve(self, path: Path) -> Path:
        """``path.resolve()``, each path resolved once (a directory walk asks twice for each file: whether the
        file is excluded, and what it is) and each directory once (a tree's thousands of files share a few)."""
        found = self._resolved.get(path)
        if found is None:
            if path.name in ("", ".", "..") or os.path.islink(path):
                found = path.resolve()
            else:
                parent = self._resolved.get(path.parent)
                if parent is None:
                    parent = self._resolved[path.parent] = path.parent.resolve()
                found = parent / path.name
            self._resolved[path] = found
        return found

    def for_directory(self, directory: Path) -> LintConfig:
        found = self._by_directory.get(directory)
        if found is None:
            candidate = directory / "pyproject.toml"
            config = read_pyproject(candidate) if candidate.is_file() else None
            if config is not None:
                found = replace(config, **self._overrides)
            elif directory.parent == directory:
                found = replace(self._default, **self._overrides)
            else:
                found = self.for_directory(directory.parent)
            self._by_directory[directory] = found
        return found
