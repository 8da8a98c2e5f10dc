"""Precision on public CuTeDSL code: every default finding on the pinned packages (tests/lint_gold/packages.py;
.ci/setup installs them with --no-deps) has a verdict judged by hand in
tests/lint_gold/verdicts.json, and at least 95% of each package's findings are true."""

import json
from pathlib import Path

import pytest

from tests.lint_gold.packages import PACKAGES, default_findings

VERDICTS = json.loads((Path(__file__).parent / "lint_gold" / "verdicts.json").read_text())["findings"]


@pytest.mark.parametrize("package", sorted(PACKAGES))
def test_every_default_finding_is_judged_and_precision_is_at_least_95_percent(package):
    found = {(path, line, code) for path, line, code, _ in default_findings(package)}
    judged = {(v["path"], v["line"], v["code"]): v["verdict"] for v in VERDICTS if v["package"] == package}
    assert found - judged.keys() == set(), "findings with no verdict: judge them in tests/lint_gold/verdicts.json"
    assert judged.keys() - found == set(), "verdicts for findings no longer reported: remove them"
    true = sum(verdict == "true" for verdict in judged.values())
    assert not judged or true / len(judged) >= 0.95
