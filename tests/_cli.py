"""Run the cute-inspect CLI in a fresh process: the DSL reads CUTE_DSL_ARCH once per process."""

import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KERNELS = os.path.join(ROOT, "tests", "kernels")


def cute_inspect(*args, env=None, cwd=ROOT):
    return subprocess.run(
        [sys.executable, "-m", "cute_inspect", *args],
        capture_output=True, text=True, cwd=cwd, env={**os.environ, **(env or {})}, timeout=600,
    )


def trace_json(target, arch="sm_100a"):
    done = cute_inspect("trace", target, "--arch", arch, "--format", "json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)["events"]
