"""Print a corpus wrapper's tensors WITHOUT the tracer's labels, for judging a kernel by hand.

    python3 examples/corpus/shapes.py examples/corpus/blackwell_mla.py [--all]

The corpus counterpart of `python -m tests.gold.shapes`: one line per record (index, file relative to its public
checkout, line, function, names, op, memspace, dtype, shape, layout, the records it was made from). Levels, leaf
labels, label rules and origins are left out on purpose. Records of the public checkouts only, unless --all.
Run from the repository root with the tree to trace on PYTHONPATH. Exit codes: 0 printed, 2 no trace.
"""

from __future__ import annotations

import os
import sys

_HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [_HERE, os.path.dirname(os.path.dirname(_HERE))]

from score_judged import checkout_relative  # noqa: E402
from tests.gold import shapes  # noqa: E402


def _in_checkout(file: str) -> str | None:
    path = checkout_relative(file)
    return None if path == file else path


def main(argv=None) -> int:
    return shapes.main(argv, prog="python3 examples/corpus/shapes.py", place=_in_checkout)


if __name__ == "__main__":
    sys.exit(main())
