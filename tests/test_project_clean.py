"""The project holds itself to its own tools: its kernels are lint clean and their shape comments agree."""

import pytest

from _cli import cute_inspect


def test_kernels_and_examples_are_lint_clean():
    done = cute_inspect("lint", "gemm", "examples", "tests/kernels")
    assert done.returncode == 0, done.stdout
    assert done.stdout.startswith("All checks passed")


@pytest.mark.parametrize("target, arch", [
    ("gemm.sm80:compile_only", "sm_80"),
    ("gemm.sm90:compile_only", "sm_90a"),
    ("gemm.sm100:compile_only", "sm_100a"),
])
def test_gemm_shape_comments_agree_with_the_trace(target, arch):
    done = cute_inspect("check", target, "--arch", arch)
    assert done.returncode == 0, done.stdout + done.stderr
    summary = done.stderr.strip().splitlines()[-1]
    assert "disagree with the trace; 0 contract findings" in summary
    checked = int(summary.split("cute-inspect: ")[1].split()[0])
    assert checked >= 10 and " 0 disagree" in summary
