"""The linter's own bytecode, kept in the cache directory where Python is told to write none
(`cute_inspect.commands._bytecode`): written once, used again, compiled again when its source changes, and no
other module's written."""

import importlib
import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cute_inspect.commands import _bytecode
from cute_inspect.commands._bytecode import linter_bytecode_kept

_CHECKOUT = Path(__file__).resolve().parent.parent


@pytest.fixture
def no_bytecode(monkeypatch):
    """Python as `PYTHONDONTWRITEBYTECODE=1` sets it, in a checkout without bytecode of its own."""
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    monkeypatch.setattr(sys, "pycache_prefix", None)
    monkeypatch.setattr(_bytecode, "_ships_bytecode", lambda: False)


def _module(directory: Path, text: str) -> Path:
    source = directory / "kept_module.py"
    source.write_text(text)
    return source


def test_an_edited_module_is_compiled_again_not_read_from_its_old_bytecode(tmp_path, monkeypatch, no_bytecode):
    (tmp_path / "src").mkdir()
    monkeypatch.syspath_prepend(str(tmp_path / "src"))
    source = _module(tmp_path / "src", "VALUE = 1\n")
    with linter_bytecode_kept(tmp_path / "cache"):
        assert importlib.import_module("kept_module").VALUE == 1
    kept = list((tmp_path / "cache" / "bytecode").rglob("kept_module*.pyc"))
    assert len(kept) == 1 and not (source.parent / "__pycache__").exists()
    source.write_text("VALUE = 22\n")  # another size: the bytecode's stamp no longer matches
    del sys.modules["kept_module"]
    with linter_bytecode_kept(tmp_path / "cache"):
        assert importlib.import_module("kept_module").VALUE == 22
    del sys.modules["kept_module"]


def test_python_is_set_back_after_the_imports_and_writes_nothing_for_later_ones(tmp_path, monkeypatch, no_bytecode):
    with linter_bytecode_kept(tmp_path / "cache"):
        assert sys.pycache_prefix == str(tmp_path / "cache" / "bytecode") and not sys.dont_write_bytecode
    assert (sys.pycache_prefix, sys.dont_write_bytecode) == (None, True)
    monkeypatch.syspath_prepend(str(tmp_path))
    _module(tmp_path, "VALUE = 3\n")
    assert importlib.import_module("kept_module").VALUE == 3
    del sys.modules["kept_module"]
    assert not list(tmp_path.rglob("*.pyc"))


@pytest.mark.parametrize("setting", ["prefix", "bytecode allowed", "package compiled"])
def test_python_is_left_alone_where_something_else_decides(tmp_path, monkeypatch, no_bytecode, setting):
    if setting == "prefix":
        monkeypatch.setattr(sys, "pycache_prefix", str(tmp_path / "theirs"))
    elif setting == "bytecode allowed":
        monkeypatch.setattr(sys, "dont_write_bytecode", False)
    else:
        monkeypatch.setattr(_bytecode, "_ships_bytecode", lambda: True)
    before = (sys.pycache_prefix, sys.dont_write_bytecode)
    with linter_bytecode_kept(tmp_path / "cache"):
        assert (sys.pycache_prefix, sys.dont_write_bytecode) == before


def test_the_program_keeps_the_linters_bytecode_and_lints_the_same_with_it(tmp_path):
    (tmp_path / "k.py").write_text("tCgB = thr_mma.partition_A(gA)\n")
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", CUTE_INSPECT_CACHE_DIR=str(tmp_path / "cache"),
               PYTHONPATH=str(_CHECKOUT))
    env.pop("PYTHONPYCACHEPREFIX", None)
    runs = [subprocess.run([sys.executable, "-m", "cute_inspect", "lint", "--no-cache", str(tmp_path / "k.py")],
                           capture_output=True, text=True, env=env, cwd=_CHECKOUT, check=False) for _ in range(2)]
    assert runs[0].returncode == 1 and " CI105 " in runs[0].stdout
    assert [(r.returncode, r.stdout, r.stderr) for r in runs] == [(1, runs[0].stdout, "")] * 2
    if not os.path.exists(importlib.util.cache_from_source(_bytecode.__file__)):  # a checkout without bytecode
        assert list((tmp_path / "cache" / "bytecode").rglob("facts.*.pyc"))


def test_a_cache_directory_that_cannot_be_written_costs_the_lint_nothing(tmp_path):
    """Python skips a bytecode file it cannot write: the lint runs as it would without one, and says nothing of it."""
    (tmp_path / "k.py").write_text("tCgB = thr_mma.partition_A(gA)\n")
    (tmp_path / "a-file").write_text("")
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", CUTE_INSPECT_CACHE_DIR=str(tmp_path / "a-file"),
               PYTHONPATH=str(_CHECKOUT))
    env.pop("PYTHONPYCACHEPREFIX", None)
    done = subprocess.run([sys.executable, "-m", "cute_inspect", "lint", "--no-cache", str(tmp_path / "k.py")],
                          capture_output=True, text=True, env=env, cwd=_CHECKOUT, check=False)
    assert (done.returncode, done.stderr) == (1, "") and " CI105 " in done.stdout
