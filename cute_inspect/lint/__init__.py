"""Static naming-convention linter for CuTeDSL kernels (``cute-inspect lint``), with rules CI100-CI108.

It parses each file once (no compile, no GPU), gathers the partition assignments, copies and GEMMs,
and checks their names against the CuTe convention ``<scope><op>[_]<where><what>``.

>>> from cute_inspect.lint import lint_source
>>> [(f.code, f.line) for f in lint_source("tCgB = thr_mma.partition_A(gA)\\n")]
[('CI105', 1)]
"""

from cute_inspect.findings import FileError, Finding
from cute_inspect.lint.config import ConfigError, LintConfig
from cute_inspect.lint.runner import LintReport, lint_paths, lint_source

__all__ = ["ConfigError", "FileError", "Finding", "LintConfig", "LintReport", "lint_paths", "lint_source"]
