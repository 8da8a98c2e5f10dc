"""`python -m cute_inspect.lint.equivalence` compares this checkout's linter with another's: identical outputs
say "same", any difference (a finding, a line of a diff, the exit status) is printed and exits 1."""

import shutil
from pathlib import Path

from cute_inspect.lint import equivalence

ROOT = Path(__file__).resolve().parent.parent
SEEDED = str(ROOT / "tests" / "lint_corpus" / "seeded_mistakes.py")


def test_a_copy_of_this_checkout_lints_the_same(tmp_path, capsys):
    shutil.copytree(ROOT / "cute_inspect", tmp_path / "cute_inspect", ignore=shutil.ignore_patterns("__pycache__"))
    assert equivalence.main(["--against", str(tmp_path), SEEDED]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == len(equivalence.OPTION_SETS) and all(line.startswith("same  ") for line in out)
    assert "exit 1" in out[0]  # the seeded file has findings: the runs did lint


def test_a_checkout_that_finds_otherwise_is_reported(tmp_path, capsys):
    shutil.copytree(ROOT / "cute_inspect", tmp_path / "cute_inspect", ignore=shutil.ignore_patterns("__pycache__"))
    messages = tmp_path / "cute_inspect" / "lint" / "rules" / "partition_source_agreement.py"
    messages.write_text(messages.read_text().replace("but names", "yet names"))
    assert equivalence.main(["--against", str(tmp_path), SEEDED]) == 1
    out = capsys.readouterr().out
    assert "DIFFERENT" in out and "yet names" in out and "but names" in out
