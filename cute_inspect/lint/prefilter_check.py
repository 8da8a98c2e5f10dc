"""Check that the prefilter changes nothing: ``python -m cute_inspect.lint.prefilter_check PATH...``.

Lints each PATH with and without ``cute_inspect.lint.prefilter`` and prints the files and bytes it skips and
every finding or error found one way and not the other. Exit status 1 when anything differs, else 0.

    $ python -m cute_inspect.lint.prefilter_check /tmp/cutlass/examples/python/CuTeDSL
    /tmp/cutlass/examples/python/CuTeDSL: 207 files, 7977604 bytes; skipped 57 files, 807478 bytes (10%); 9 findings, 0 errors; identical
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass

from cute_inspect.lint.config import ConfigFinder
from cute_inspect.lint.prefilter import cannot_hold_findings
from cute_inspect.lint.runner import lint_paths, python_files, read_source


@dataclass
class Comparison:
    """One path linted both ways."""

    files: int
    size: int
    skipped_files: int
    skipped_size: int
    findings: int
    errors: int
    differences: list[str]


def compare(path: str, overrides: dict | None = None) -> Comparison:
    """``path`` linted with and without the prefilter (``overrides``: as for ``lint_paths``)."""
    finder = ConfigFinder(overrides=overrides)
    files, _ = python_files([path], lambda p: finder.for_file(p).excludes(p))
    skipped_files = size = skipped_size = 0
    for display, file in files:
        text, _, error = read_source(display, file)
        if error is None:
            length = len(text.encode("utf-8"))
            size += length
            if cannot_hold_findings(text):
                skipped_files += 1
                skipped_size += length
    filtered, unfiltered = lint_paths([path], overrides), lint_paths([path], overrides, prefilter=False)
    differences = [f"only with the prefilter: {item}" for item in _items(filtered) - _items(unfiltered)]
    differences += [f"only without the prefilter: {item}" for item in _items(unfiltered) - _items(filtered)]
    return Comparison(len(files), size, skipped_files, skipped_size, len(unfiltered.findings),
                      len(unfiltered.errors), sorted(differences))


def _items(report) -> set[str]:
    return {repr(finding) for finding in report.findings} | {repr(error) for error in report.errors}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cute_inspect.lint.prefilter_check",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("paths", nargs="+", metavar="PATH")
    args = parser.parse_args(argv)
    differs = False
    for path in args.paths:
        found = compare(path)
        share = found.skipped_size / found.size if found.size else 0.0
        print(f"{path}: {found.files} files, {found.size} bytes; skipped {found.skipped_files} files, "
              f"{found.skipped_size} bytes ({share:.0%}); {found.findings} findings, {found.errors} errors; "
              f"{'DIFFERENT' if found.differences else 'identical'}")
        for line in found.differences:
            print(f"  {line}")
        differs = differs or bool(found.differences)
    return 1 if differs else 0


if __name__ == "__main__":
    sys.exit(main())
