"""Time `cute-inspect lint` and `ruff check` side by side over one tree, from scratch, as whole processes.

    python examples/lint_vs_ruff.py TREE [--rounds 9] [--ruff PATH] [--jobs 1,16]

The commands run in turn, round after round (the first round is not counted), with both caches off; each
process's wall time (`time.perf_counter`) and CPU (its own and its children's `getrusage`) are taken, and the
ratios to ruff are taken round by round: medians, and the range over the rounds. `--jobs` adds linter runs
with that many processes beside the default.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time


def _timed(command: list[str], env: dict) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("tree")
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--ruff", default=shutil.which("ruff") or "ruff")
    parser.add_argument("--jobs", default="", help="comma-separated process counts to time beside the default")
    args = parser.parse_args()
    env = dict(os.environ, RUFF_NO_CACHE="true")
    lint = [sys.executable, "-m", "cute_inspect", "lint", "--no-cache", args.tree]
    commands = {"lint": lint}
    for jobs in filter(None, args.jobs.split(",")):
        commands[f"lint --jobs {jobs}"] = [*lint[:-1], "--jobs", jobs, args.tree]
    commands["ruff"] = [args.ruff, "check", "--no-cache", "-q", "--exit-zero", args.tree]
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
    for round_ in range(args.rounds + 1):
        for name, command in commands.items():
            measured = _timed(command, env)
            if round_:
                times[name].append(measured)
    print(f"cores {os.cpu_count()}  load {os.getloadavg()[0]:.2f}  rounds {args.rounds}")
    ruff = times.pop("ruff")
    print(f"{'ruff':16s} wall {statistics.median(w for w, _ in ruff):.3f}  cpu {statistics.median(c for _, c in ruff):.3f}")
    for name, runs in times.items():
        wall = [w / r for (w, _), (r, _) in zip(runs, ruff)]
        cpu = [c / r for (_, c), (_, r) in zip(runs, ruff)]
        print(f"{name:16s} wall {statistics.median(w for w, _ in runs):.3f}  cpu {statistics.median(c for _, c in runs):.3f}"
              f"  wall/ruff {statistics.median(wall):.2f}x ({min(wall):.2f}-{max(wall):.2f})  cpu/ruff {statistics.median(cpu):.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
