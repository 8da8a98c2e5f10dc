"""Check that a change to the linter changes no output: ``python -m cute_inspect.lint.equivalence --against DIR PATH``.

Runs ``cute-inspect lint --no-cache`` of this checkout and of another one (``DIR``: a checkout or an export of
another commit, e.g. ``git archive main | tar -x -C DIR``) on each PATH, under several option sets (the
default rules; every rule as JSON, as statistics and in one process; the fixes as a diff), and compares what
each prints and its exit status, with the checkouts' own paths made equal. Prints one line per run and every
difference; exit status 1 when anything differs, else 0. For work that should make the linter faster and
change nothing else.

    $ mkdir /tmp/main && git archive main | tar -x -C /tmp/main
    $ python -m cute_inspect.lint.equivalence --against /tmp/main /tmp/cutlass/examples/python/CuTeDSL
    same  /tmp/cutlass/examples/python/CuTeDSL (default): exit 1, 11 lines
    ...
"""

from __future__ import annotations

import argparse
import difflib
import os
import subprocess
import sys
from pathlib import Path

OPTION_SETS = {
    "default": [],
    "every rule, JSON": ["--select", "ALL", "--format", "json"],
    "every rule, statistics": ["--select", "ALL", "--statistics"],
    "every rule, one process": ["--select", "ALL", "--jobs", "1"],
    "fixes as a diff": ["--select", "ALL", "--diff"],
}
_HERE = Path(__file__).resolve().parent.parent.parent  # the checkout this module belongs to


def _output(checkout: Path, arguments: list[str]) -> str:
    """What ``lint`` of ``checkout`` prints (both streams) and its exit status; the paths of the linter's own
    files (a traceback's) written ``<checkout>/cute_inspect/...``."""
    environment = dict(os.environ, PYTHONPATH=str(checkout))
    # Run from the checkout: `python -m` imports from the working directory first.
    done = subprocess.run([sys.executable, "-m", "cute_inspect", "lint", "--no-cache", *arguments],
                          capture_output=True, text=True, env=environment, cwd=checkout, check=False)
    text = f"{done.stdout}{done.stderr}exit {done.returncode}\n"
    return text.replace(str(checkout / "cute_inspect") + os.sep, "<checkout>/cute_inspect/")  # in tracebacks


def compare(against: Path, path: str, options: list[str]) -> tuple[list[str], str]:
    """(the lines of a unified diff between the two checkouts' outputs, empty when they agree; this one's output)."""
    path = os.path.abspath(path)
    theirs, ours = _output(against.resolve(), [*options, path]), _output(_HERE, [*options, path])
    difference = difflib.unified_diff(theirs.splitlines(), ours.splitlines(), str(against), "this checkout",
                                      lineterm="")
    return list(difference), ours


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cute_inspect.lint.equivalence",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--against", required=True, type=Path, metavar="DIR",
                        help="the other checkout (its directory holds cute_inspect/)")
    parser.add_argument("paths", nargs="+", metavar="PATH")
    args = parser.parse_args(argv)
    if not (args.against / "cute_inspect" / "__main__.py").is_file():
        parser.error(f"--against {args.against}: no cute_inspect/__main__.py there; give a checkout's directory")
    differs = False
    for path in args.paths:
        for name, options in OPTION_SETS.items():
            difference, ours = compare(args.against, path, options)
            if difference:
                differs = True
                print(f"DIFFERENT  {path} ({name})")
                print("\n".join(f"  {line}" for line in difference))
            else:
                lines = ours.splitlines()
                print(f"same  {path} ({name}): {lines[-1]}, {len(lines) - 1} lines")
    return 1 if differs else 0


if __name__ == "__main__":
    sys.exit(main())
