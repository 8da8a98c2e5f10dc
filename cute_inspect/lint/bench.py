"""Time the linter over a tree: ``python -m cute_inspect.lint.bench PATH... [--repeat N] [--workers N]``.

Prints the files linted, the findings, the files that could not be linted, the wall-clock seconds of each
run (best and median, measured inside one process after imports, as ``lint_paths`` runs them) and the CPU
seconds the best run used in this process and its workers. On a shared machine the CPU time is the
steadier figure: other jobs stretch the wall clock, not the work.

    $ python -m cute_inspect.lint.bench /tmp/cutlass/examples/python/CuTeDSL --repeat 5
    files: 207  findings: 9  errors: 0  seconds: best 0.58  median 0.59  cpu 1.11  (5 runs, 2 workers)
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import time

from cute_inspect.lint.runner import default_workers, lint_paths, python_files


def _cpu_seconds() -> float:
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cute_inspect.lint.bench", description=__doc__.split("\n")[0])
    parser.add_argument("paths", nargs="+", metavar="PATH")
    parser.add_argument("--repeat", type=int, default=3, help="runs to time (default 3)")
    parser.add_argument("--workers", type=int, help="processes (default: as `cute-inspect lint` chooses)")
    args = parser.parse_args(argv)
    workers = args.workers or default_workers(len(python_files(args.paths)[0]))
    runs = []
    for _ in range(max(args.repeat, 1)):
        wall, cpu = time.perf_counter(), _cpu_seconds()
        report = lint_paths(args.paths, workers=workers)
        runs.append((time.perf_counter() - wall, _cpu_seconds() - cpu))
    best_wall, best_cpu = min(runs)
    print(
        f"files: {report.files_checked}  findings: {len(report.findings)}  errors: {len(report.errors)}  "
        f"seconds: best {best_wall:.2f}  median {statistics.median(w for w, _ in runs):.2f}  cpu {best_cpu:.2f}  "
        f"({len(runs)} runs, {workers} worker{'s' if workers != 1 else ''})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
