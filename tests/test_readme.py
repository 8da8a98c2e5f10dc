"""README's examples print what the commands print now, and CI runs README's own test command.

An example is an indented block whose first line is ``$ cute-inspect ...``; the lines under it are the output
(standard output and standard error as a terminal shows them). A line ``...`` ends the compared part; a line
ending in ``...`` is compared up to there.
"""

import os
import re
import shlex
import subprocess
import sys

import pytest

from _cli import ROOT, child_env

README = os.path.join(ROOT, "README.md")


def _examples() -> list[tuple[str, list[str]]]:
    with open(README, encoding="utf-8") as f:
        text = f.read()
    examples = []
    for block in re.findall(r"(?:^    .*\n|^\n)+", text, flags=re.M):
        lines = [line[4:] for line in block.rstrip("\n").split("\n")]
        while lines and lines[0] == "":
            lines.pop(0)
        if lines and lines[0].startswith("$ cute-inspect "):
            examples.append((lines[0][2:], lines[1:]))
    return examples


def _matches(expected: list[str], actual: list[str]) -> str | None:
    """None when `actual` is what `expected` shows, else the first difference."""
    for i, want in enumerate(expected):
        if want == "...":
            return None
        got = actual[i] if i < len(actual) else "<no more output>"
        same = got.startswith(want[:-3]) if want.endswith("...") else got == want
        if not same:
            return f"line {i + 1}:\n  README:  {want}\n  printed: {got}"
    if len(actual) > len(expected):
        return f"line {len(expected) + 1} is printed but not in README: {actual[len(expected)]}"
    return None


EXAMPLES = _examples()


def test_readme_has_examples():
    assert len(EXAMPLES) >= 3


@pytest.mark.parametrize("command, expected", EXAMPLES, ids=[c for c, _ in EXAMPLES])
def test_readme_example_prints_what_readme_shows(command, expected):
    argv = shlex.split(command)
    done = subprocess.run([sys.executable, "-m", "cute_inspect", *argv[1:]], cwd=ROOT, text=True, timeout=600,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          env=child_env(PYTHONUNBUFFERED="1"))
    difference = _matches(expected, done.stdout.rstrip("\n").split("\n"))
    assert difference is None, f"`{command}` (exit {done.returncode}) differs from README at {difference}"


def test_ci_runs_readme_test_command():
    with open(README, encoding="utf-8") as f:
        commands = [line.strip() for line in f if line.startswith("    ./.ci/setup")]
    test_command = [c for c in commands if "pytest" in c]
    assert len(test_command) == 1, commands
    with open(os.path.join(ROOT, ".ci", "run"), encoding="utf-8") as f:
        assert test_command[0] in [line.strip() for line in f]


def test_readme_shape_check_error_is_what_the_check_raises():
    with open(README, encoding="utf-8") as f:
        text = f.read()
    shown = re.search(r"^    (tests/kernels/seed002\.py:20: .*\n(?:      .*\n)+)", text, flags=re.M).group(1)
    done = subprocess.run([sys.executable, "-m", "cute_inspect", "trace", "tests/kernels/seed002.py:compile_wrong"],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 1
    raised = done.stderr.removeprefix("cute-inspect: shape check failed: ")
    assert raised.startswith(shown.replace("\n    ", "\n")), raised
