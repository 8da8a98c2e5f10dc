"""The prefilter (`cute_inspect.lint.prefilter`) skips files that cannot hold a finding, and changes no result:
the findings and errors are the same with and without it, on the fixtures here and on files made to trip it."""

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cute_inspect.lint import lint_paths
from cute_inspect.lint.noqa import mentions_noqa
from cute_inspect.lint.prefilter import cannot_hold_findings
from cute_inspect.lint.prefilter_check import compare
from tests.lint_gold.plant import planted, source

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = [ROOT / "tests" / "lint_corpus", ROOT / "tests" / "kernels", ROOT / "examples", ROOT / "gemm"]
EVERY_RULE = {"select": ("ALL",), "exclude": ()}  # the corpus of mistakes is excluded by pyproject.toml
PLANTS = json.loads((ROOT / "tests" / "lint_gold" / "plants.json").read_text())["plants"]

# Files made to trip the filter: each holds a finding or an error that a careless filter would skip.
TRICKY = {
    "fullwidth.py": "ｔＣｇＢ = thr_mma.ｐａｒｔｉｔｉｏｎ_Ａ(gA)\n",  # NFKC: tCgB = thr_mma.partition_A(gA)
    "unused_noqa.py": "x = 1  # NOQA: CI105\n",  # CI100 needs no partition
    "spaced_copy.py": "import cutlass.cute as cute\n(cute  # the module\n .copy)(atom, tAsA, tBrB)\n",
    "broken.py": "def f(:\n    pass\n",  # no rule word, but not Python: an error either way
    "deep_slices.py": "x = a" + ".get_slice(0)" * 1200 + "\n",  # parses, but collecting it recurses too deeply
    "word_in_comment.py": "# partition_A\nx = 1\n",
    "plain.py": "import torch\nx = torch.zeros(4).copy_()\n",
}


def test_a_file_without_the_words_cannot_hold_findings():
    assert cannot_hold_findings("import copy\nx = copy.deepcopy(y)\n")  # `copy` without `cute`
    assert cannot_hold_findings("import torch\nx = torch.zeros(4)\n")
    assert not cannot_hold_findings("tCsA = thr_mma.partition_A(sA)\n")
    assert not cannot_hold_findings("cute.gemm(mma, d, a, b, c)\n")
    assert not cannot_hold_findings("x = 1  # noqa\n")
    assert not cannot_hold_findings("ｃｕｔｅ.ｃｏｐｙ(atom, s, d)\n")  # identifiers are read through NFKC
    assert cannot_hold_findings("x = '—→≤'  # ASCII identifiers, other characters only in strings\n")


@pytest.mark.parametrize("fixture", FIXTURES, ids=lambda path: path.name)
def test_the_prefilter_changes_no_finding_on_the_fixtures(fixture):
    found = compare(str(fixture), EVERY_RULE)
    assert found.differences == []
    assert found.files > 0


def test_the_fixtures_have_files_it_skips_and_files_with_findings():
    found = [compare(str(fixture), EVERY_RULE) for fixture in FIXTURES]
    assert sum(f.skipped_files for f in found) > 0
    assert sum(f.findings for f in found) > 0


def test_the_prefilter_changes_nothing_on_files_made_to_trip_it(tmp_path):
    for name, text in TRICKY.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    filtered = lint_paths([str(tmp_path)], workers=1)
    unfiltered = lint_paths([str(tmp_path)], workers=1, prefilter=False)
    assert filtered.findings == unfiltered.findings
    assert filtered.errors == unfiltered.errors
    found = {(Path(f.path).name, f.code) for f in filtered.findings}
    assert {("fullwidth.py", "CI105"), ("unused_noqa.py", "CI100")} <= found
    assert {Path(e.path).name for e in filtered.errors} == {"broken.py", "deep_slices.py"}
    assert [name for name, text in TRICKY.items() if cannot_hold_findings(text)] == ["broken.py", "plain.py"]


def test_the_prefilter_changes_no_finding_on_the_planted_kernels(tmp_path):
    for number, plant in enumerate(PLANTS):
        text = planted(source(plant["package"], plant["path"]), plant["line"], plant["old"], plant["new"])
        (tmp_path / f"plant{number}.py").write_text(text)
    found = compare(str(tmp_path))
    assert found.differences == []
    assert found.findings >= len(PLANTS)


@given(st.text(alphabet=st.sampled_from("nNoOqQaA #:\nKİ\u212a\u0130ｑ"), max_size=24))
@settings(max_examples=400, deadline=None)
def test_mentions_noqa_answers_as_lowering_the_whole_text_would(text):
    """`noqa.mentions_noqa` skips `text.lower()` where no "qa" pair (any case) stands: never another answer."""
    assert mentions_noqa(text) == ("noqa" in text.lower())
    assert mentions_noqa(f"x = 1  # {text}") == ("noqa" in f"x = 1  # {text}".lower())
