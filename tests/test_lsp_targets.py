"""`trace-targets` in pyproject.toml: which compiles cover a project's files, for `cute-inspect lsp`."""

from pathlib import Path

import pytest

from _cli import ROOT
from cute_inspect.lsp.targets import TargetConfigError, read_targets, targets_for


def _pyproject(tmp_path, value: str) -> Path:
    path = tmp_path / "pyproject.toml"
    path.write_text(f"[tool.cute-inspect]\ntrace-targets = {value}\n")
    return path


def test_this_repository_declares_its_gemms_and_they_are_found_from_a_kernel_file():
    targets = targets_for(Path(ROOT, "gemm", "_sm90_kernel.py"))
    assert [t.key for t in targets] == [
        "gemm.sm90:compile_only@sm_90a", "gemm.sm100:compile_only@sm_100a", "gemm.sm80:compile_only@sm_80"]
    assert targets[0].module_file() == Path(ROOT, "gemm", "sm90.py").resolve()


def test_a_file_target_without_an_arch_gets_the_default(tmp_path):
    [target] = read_targets(_pyproject(tmp_path, '["kernels/attn.py:compile_fwd"]'))
    assert (target.target, target.arch, target.root) == ("kernels/attn.py:compile_fwd", "sm_100a", tmp_path.resolve())
    assert target.module_file() == (tmp_path / "kernels" / "attn.py").resolve()


@pytest.mark.parametrize("value, says", [
    ('["gemm.sm90:compile_only@sm_99"]', "'gemm.sm90:compile_only@sm_99' is not TARGET@ARCH"),
    ('["gemm.sm90"]', "'gemm.sm90' is not TARGET@ARCH"),
    ('"gemm.sm90:compile_only"', "trace-targets must be a list of strings"),
])
def test_a_bad_entry_names_the_file_and_what_to_write(tmp_path, value, says):
    with pytest.raises(TargetConfigError, match="pyproject.toml") as error:
        read_targets(_pyproject(tmp_path, value))
    assert says in str(error.value)


def test_a_project_without_the_table_has_no_targets(tmp_path):
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    assert read_targets(tmp_path / "pyproject.toml") is None
