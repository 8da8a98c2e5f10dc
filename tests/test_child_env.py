"""Child processes of the suite build for the arch the session began with, whatever a test module imported."""

import subprocess
import sys

import _cli


def _arch_seen_by_a_child() -> str:
    show = "import os; print(os.environ.get('CUTE_DSL_ARCH'))"
    done = subprocess.run([sys.executable, "-c", show], env=_cli.child_env(), capture_output=True, text=True, timeout=60)
    return done.stdout.strip()


def test_a_gemm_import_in_the_test_process_does_not_reach_a_child(monkeypatch):
    """`import gemm.sm90` sets CUTE_DSL_ARCH=sm_90a in this process (the DSL reads it here, once); a CLI child of a
    later test would otherwise default to sm_90a instead of the arch the run was started with."""
    monkeypatch.setenv("CUTE_DSL_ARCH", "sm_80" if _cli.ARCH_AT_START != "sm_80" else "sm_90a")
    assert _arch_seen_by_a_child() == str(_cli.ARCH_AT_START)


def test_extra_settings_win_over_the_recorded_arch():
    assert _cli.child_env(CUTE_DSL_ARCH="sm_120a")["CUTE_DSL_ARCH"] == "sm_120a"
