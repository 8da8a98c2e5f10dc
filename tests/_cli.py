"""Run the cute-inspect CLI in a fresh process: the DSL reads CUTE_DSL_ARCH once per process."""

import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KERNELS = os.path.join(ROOT, "tests", "kernels")

# Read when conftest imports this module, before any test module: importing `gemm.sm90` or `gemm.sm100` sets
# CUTE_DSL_ARCH in the test process (the DSL reads it there once), and a child that inherited that would build for
# whichever GEMM module a test file happened to import first.
ARCH_AT_START = os.environ.get("CUTE_DSL_ARCH")


def child_env(**extra):
    """The environment for a child process: this one's, with CUTE_DSL_ARCH as the session began, then `extra`."""
    env = {key: value for key, value in os.environ.items() if key != "CUTE_DSL_ARCH"}
    if ARCH_AT_START is not None:
        env["CUTE_DSL_ARCH"] = ARCH_AT_START
    env.update(extra)
    return env


def cute_inspect(*args, env=None, cwd=ROOT):
    return subprocess.run(
        [sys.executable, "-m", "cute_inspect", *args],
        capture_output=True, text=True, cwd=cwd, env=child_env(**(env or {})), timeout=600,
    )


def trace_json(target, arch="sm_100a"):
    done = cute_inspect("trace", target, "--arch", arch, "--format", "json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)["events"]


def labels_of(events, name):
    """The leaf labels and the rule behind each of the one traced tensor named `name`."""
    (event,) = [e for e in events if name in e["names"]]
    i = event["names"].index(name)
    return event["leaf_labels"][i], event["label_rules"][i]


def first_labels_of(events, name):
    """The leaf labels of the first traced tensor named `name` (a name bound twice, or an unrolled loop's)."""
    event = next(e for e in events if name in e["names"])
    return event["leaf_labels"][event["names"].index(name)]


def first_axes_of(events, name, count):
    """The axis letters of the first `count` leaves of the first traced tensor named `name`."""
    return tuple(label.split("-")[-1] for label in first_labels_of(events, name)[:count])


def run_worker(script, arch, dump_dir, **env):
    """Run a test file's own ``--worker`` mode for `arch` and return the JSON it prints last.

    CUTE_DSL_KEEP=ptx also writes PTX files: they go to `dump_dir`, not the checkout.
    """
    env = child_env(CUTE_DSL_ARCH=arch, CUTE_DSL_KEEP="ptx", CUTE_DSL_DUMP_DIR=str(dump_dir), **env)
    proc = subprocess.run([sys.executable, os.path.abspath(script), "--worker"],
                          capture_output=True, text=True, env=env, cwd=ROOT, timeout=900)
    assert proc.returncode == 0, proc.stderr[-4000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])
