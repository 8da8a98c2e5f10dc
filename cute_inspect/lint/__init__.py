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

from cute_inspect.trace.lazy import exports

# Loaded on first use, so that importing one module of the linter (`lint.cache` for its directory, before the
# command line imports the rest: `commands._bytecode`) does not import all of it.
_WHERE = {
    "FileError": "cute_inspect.findings", "Finding": "cute_inspect.findings",
    "ConfigError": "cute_inspect.lint.config", "LintConfig": "cute_inspect.lint.config",
    **dict.fromkeys(("Edit", "Fix", "apply_edits", "findings_with_fixes", "fix_text"), "cute_inspect.lint.fix"),
    **dict.fromkeys(("LintReport", "lint_paths", "lint_source"), "cute_inspect.lint.runner"),
}
__getattr__, __dir__ = exports(__name__, _WHERE, globals())
__all__ = sorted(_WHERE)
