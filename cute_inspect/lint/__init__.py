"""Static naming-convention linter for CuTeDSL kernels (``cute-inspect lint``), with rules CI100-CI112.

It parses each file once (no compile, no GPU), gathers the partition assignments, copies and GEMMs,
and checks their names against the CuTe convention ``<scope><op>[_]<where><what>`` and against what made
each tensor (the partitioner object, followed through the code: ``cute_inspect.lint.objects``). The default
rules report contradictions (a name that states something false about its tensor); the grammar and style
rules (CI101, CI108, CI109) are opt-in (``select`` / ``extend-select``).

>>> from cute_inspect.lint import lint_source
>>> [(f.code, f.line) for f in lint_source("tCgB = thr_mma.partition_A(gA)\\n")]
[('CI105', 1)]

Fixes, for ``--fix`` and for editors: ``findings_with_fixes(text, path, config)`` returns each finding
with its ``Fix`` (``title``, ``safe``, ``edits``: 1-based line and character columns, end exclusive) or
None; ``apply_edits(text, edits)`` applies edits; ``fix_text(text, path, config, unsafe=False)`` applies
every fix that applies, in passes, and returns the new text and the count.

>>> from cute_inspect.lint import findings_with_fixes
>>> [(f.code, fix.title) for f, fix in findings_with_fixes("tCgB = thr_mma.partition_A(gA)\\n")]
[('CI105', 'Rename `tCgB` to `tCgA`')]
"""

from cute_inspect.findings import FileError, Finding
from cute_inspect.lint.config import ConfigError, LintConfig
from cute_inspect.lint.fix import Edit, Fix, apply_edits, findings_with_fixes, fix_text
from cute_inspect.lint.runner import LintReport, lint_paths, lint_source

__all__ = [
    "ConfigError", "Edit", "FileError", "Finding", "Fix", "LintConfig", "LintReport", "apply_edits",
    "findings_with_fixes", "fix_text", "lint_paths", "lint_source",
]
