"""Time `cute-inspect lint` and `ruff check` side by side over one tree, from scratch, as whole processes.

    python examples/lint_vs_ruff.py TREE [--rounds 9] [--ruff PATH] [--jobs 1,16] [--against DIR] [--floor]

The commands run in turn, round after round (the first round is not counted), with both caches off; each
process's wall time (`time.perf_counter`) and CPU (its own and its children's `getrusage`) are taken, and the
ratios to ruff are taken round by round: medians, and the range over the rounds. `--jobs` adds linter runs
with that many processes beside the default; `--against DIR` adds the linter of another checkout (an export
of another commit: `git archive COMMIT | tar -x -C DIR`), run first in each round, and its ratio to this one's.
The linter is this checkout's: each runs from its own directory (`python -m` imports from there first).
`--floor` adds a process that only reads and parses every file with `ast.parse` (one process, nothing else): the
work no linter built on Python's own parser can skip, and how far below ruff's it already lies.
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


_HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # this checkout
# Every file of the tree read and parsed, each tree dropped at once, as a linter does: nothing but the parse.
_PARSE_ONLY = (
    "import ast, os, sys\n"
    "for directory, _, names in os.walk(sys.argv[1]):\n"
    "    for name in names:\n"
    "        if name.endswith('.py'):\n"
    "            with open(os.path.join(directory, name), 'rb') as source:\n"
    "                ast.parse(source.read())\n"
)


def _timed(command: list[str], env: dict, cwd: str) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("tree")
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--ruff", default=shutil.which("ruff") or "ruff")
    parser.add_argument("--jobs", default="", help="comma-separated process counts to time beside the default")
    parser.add_argument("--against", metavar="DIR", help="another checkout's linter to time first in each round")
    parser.add_argument("--floor", action="store_true", help="also time `ast.parse` of every file, in one process")
    args = parser.parse_args()
    tree = os.path.abspath(args.tree)
    env = dict(os.environ, RUFF_NO_CACHE="true")
    lint = [sys.executable, "-m", "cute_inspect", "lint", "--no-cache", tree]
    commands = {"against": (lint, os.path.abspath(args.against))} if args.against else {}
    commands["lint"] = (lint, _HERE)
    for jobs in filter(None, args.jobs.split(",")):
        commands[f"lint --jobs {jobs}"] = ([*lint[:-1], "--jobs", jobs, tree], _HERE)
    if args.floor:
        commands["ast.parse only"] = ([sys.executable, "-c", _PARSE_ONLY, tree], _HERE)
    ruff_binary = os.path.abspath(args.ruff) if os.sep in args.ruff else args.ruff  # the commands run elsewhere
    commands["ruff"] = ([ruff_binary, "check", "--no-cache", "-q", "--exit-zero", tree], _HERE)
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
    for round_ in range(args.rounds + 1):
        for name, (command, cwd) in commands.items():
            measured = _timed(command, dict(env, PYTHONPATH=cwd), cwd)
            if round_:
                times[name].append(measured)
    print(f"cores {os.cpu_count()}  load {os.getloadavg()[0]:.2f}  rounds {args.rounds}")
    ruff = times.pop("ruff")
    print(f"{'ruff':16s} wall {statistics.median(w for w, _ in ruff):.3f}  cpu {statistics.median(c for _, c in ruff):.3f}")
    for name, runs in times.items():
        wall = [w / r for (w, _), (r, _) in zip(runs, ruff)]
        cpu = [c / r for (_, c), (_, r) in zip(runs, ruff)]
        print(f"{name:16s} wall {statistics.median(w for w, _ in runs):.3f}  cpu {statistics.median(c for _, c in runs):.3f}"
              f"  wall/ruff {statistics.median(wall):.2f}x ({min(wall):.2f}-{max(wall):.2f})"
              f"  cpu/ruff {statistics.median(cpu):.2f}x ({min(cpu):.2f}-{max(cpu):.2f})")
    if args.against:
        ratio = [w / a for (w, _), (a, _) in zip(times["lint"], times["against"])]
        cpu = [c / a for (_, c), (_, a) in zip(times["lint"], times["against"])]
        print(f"lint/against     wall {statistics.median(ratio):.2f}x ({min(ratio):.2f}-{max(ratio):.2f})"
              f"  cpu {statistics.median(cpu):.2f}x ({min(cpu):.2f}-{max(cpu):.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
