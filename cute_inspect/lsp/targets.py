"""Which compiles cover a project's files: ``trace-targets`` in ``[tool.cute-inspect]`` of its pyproject.toml.

    [tool.cute-inspect]
    trace-targets = ["gemm.sm90:compile_only@sm_90a", "kernels/attn.py:compile_fwd@sm_100a"]

Each entry is ``TARGET[@ARCH]`` as ``cute-inspect trace`` takes it (arch default: sm_100a), traced from the
directory that holds the pyproject.toml. The server learns which files a target covers from its trace.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    tomllib = None

KEY = "trace-targets"
DEFAULT_ARCH = "sm_100a"


class TargetConfigError(ValueError):
    """``trace-targets`` cannot be read; the message names the file."""


@dataclass(frozen=True)
class TraceTarget:
    target: str
    arch: str
    root: Path

    @property
    def key(self) -> str:
        return f"{self.target}@{self.arch}"

    def module_file(self) -> Path | None:
        """The file that defines the target's function, found without importing it."""
        module = self.target.rpartition(":")[0]
        if module.endswith(".py"):
            return (self.root / module).resolve()
        base = self.root.joinpath(*module.split("."))
        for candidate in (base.with_suffix(".py"), base / "__init__.py"):
            if candidate.is_file():
                return candidate.resolve()
        return None


def parse_target(text: str, root: Path) -> TraceTarget:
    from cute_inspect.trace.target import known_archs

    name, sep, arch = text.rpartition("@")
    if not sep:
        name, arch = text, DEFAULT_ARCH
    if ":" not in name or arch not in known_archs():
        raise TargetConfigError(f"{root / 'pyproject.toml'}: {KEY}: {text!r} is not TARGET@ARCH "
                                f"(e.g. gemm.sm90:compile_only@sm_90a; archs: {', '.join(known_archs())})")
    return TraceTarget(name, arch, root.resolve())


def read_targets(pyproject: Path) -> list[TraceTarget] | None:
    """The targets `pyproject` declares; None when it has no ``[tool.cute-inspect]`` table."""
    if tomllib is None:
        raise TargetConfigError(f"{pyproject}: reading pyproject.toml needs Python 3.11 or newer")
    try:
        with open(pyproject, "rb") as f:
            table = tomllib.load(f).get("tool", {}).get("cute-inspect")
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise TargetConfigError(f"{pyproject}: cannot read: {error}") from None
    if not isinstance(table, dict):
        return None
    entries = table.get(KEY, [])
    if not isinstance(entries, list) or not all(isinstance(e, str) for e in entries):
        raise TargetConfigError(f"{pyproject}: {KEY} must be a list of strings, "
                                f"e.g. [\"gemm.sm90:compile_only@sm_90a\"]")
    return [parse_target(e, pyproject.parent) for e in entries]


def targets_for(path: Path) -> list[TraceTarget]:
    """The targets of the nearest pyproject.toml above `path` that has a ``[tool.cute-inspect]`` table."""
    for directory in path.resolve().parents:
        candidate = directory / "pyproject.toml"
        if candidate.is_file():
            found = read_targets(candidate)
            if found is not None:
                return found
    return []
