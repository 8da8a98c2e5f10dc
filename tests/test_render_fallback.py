"""When graphviz cannot lay out the graph (large attention kernels make `dot` die in "trouble in init_rank"),
the report is still written: drawn by another layout (exit 0), or without the graph and a note (exit 2)."""

import os
import shutil
import stat

import pytest

from _cli import cute_inspect

SEED = "tests/kernels/seed002.py:compile_mma"
REAL_DOT = shutil.which("dot")
pytestmark = pytest.mark.skipif(REAL_DOT is None, reason="graphviz's dot is not installed")


def _failing_dot(tmp_path, engines: str) -> dict:
    """A `dot` on PATH that fails like the real one did for the named layout engines, and is `dot` otherwise."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    script = bin_dir / "dot"
    script.write_text(
        "#!/bin/sh\nengine=dot\nfor a in \"$@\"; do case \"$a\" in -K*) engine=\"${a#-K}\";; esac; done\n"
        f"case \" {engines} \" in *\" $engine \"*) echo 'Error: trouble in init_rank' >&2; exit 1;; esac\n"
        f"exec {REAL_DOT} \"$@\"\n")
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    return {"PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}"}


def test_when_dot_fails_another_layout_draws_the_graph(tmp_path):
    report = tmp_path / "report.html"
    done = cute_inspect("trace", SEED, "--arch", "sm_100a", "--html", str(report), env=_failing_dot(tmp_path, "dot"))
    assert done.returncode == 0, done.stderr
    assert "<svg" in report.read_text() and "No graph" not in report.read_text()


def test_when_every_layout_fails_the_report_is_written_without_the_graph(tmp_path):
    report = tmp_path / "report.html"
    env = _failing_dot(tmp_path, "dot sfdp")
    done = cute_inspect("trace", SEED, "--arch", "sm_100a", "--html", str(report), env=env)
    assert done.returncode == 2
    notes = [line for line in done.stderr.splitlines() if line.startswith("cute-inspect:")]
    assert len(notes) == 1 and "has no graph" in notes[0] and "trouble in init_rank" in notes[0]
    page = report.read_text()
    assert "No graph" in page and "tCgA" in page and "Traceback" not in done.stderr


def test_render_writes_the_report_and_tensors_when_every_layout_fails(tmp_path):
    out = tmp_path / "out"
    done = cute_inspect("render", f"{SEED}@sm_100a", "--out", str(out), env=_failing_dot(tmp_path, "dot sfdp"))
    assert done.returncode == 2
    assert (out / "report.html").stat().st_size > 0 and not (out / "graph.svg").exists()
    assert list((out / "tensors").glob("*.svg"))
