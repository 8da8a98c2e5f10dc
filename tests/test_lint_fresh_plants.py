"""Fresh plants: misnamings planted by hand in public kernels the rules were not tuned on
(tests/lint_gold/fresh_plants.json: nvidia-cutlass-operators, CUTLASS's examples as copied into flashinfer-python,
and the other pinned packages), each renamed as its author would have written it, through the whole function.
Each must add its expected findings at its lines; any other finding it adds must be about the plant (name a planted
name, or point at a planted line: a GEMM given the misnamed fragment). Packages are read from the pinned install
(.ci/setup)."""

import importlib.metadata
import json
from pathlib import Path

import pytest

from tests.lint_gold.plant import new_findings_of

PLANTS = json.loads((Path(__file__).parent / "lint_gold" / "fresh_plants.json").read_text())["plants"]


def _installed(distribution: str) -> bool:
    try:
        importlib.metadata.distribution(distribution)
    except importlib.metadata.PackageNotFoundError:
        return False
    return True


def test_there_are_at_least_30_fresh_plants_in_every_class_of_the_issue():
    assert len(PLANTS) >= 30
    classes = {plant["class"] for plant in PLANTS}
    assert {"op vs partitioner", "where vs memory", "what vs source", "copy vs MMA", "gemm slot vs fragment"} <= classes


@pytest.mark.parametrize("plant", PLANTS, ids=lambda p: f"{p['path'].rsplit('/', 1)[-1]}:{p['edits'][0][0]}")
def test_each_fresh_plant_adds_exactly_its_findings(plant):
    if not _installed(plant["package"]):
        pytest.skip(f"{plant['package']} is not installed (.ci/setup installs it)")
    found = new_findings_of(plant["package"], plant["path"], plant["edits"], plant["rename"])
    lines = {line for line, _, _ in plant["edits"]}
    at_lines = {(line, code) for line, code, _ in found if line in lines}
    assert at_lines == {tuple(each) for each in plant["expect"]}
    for line, code, message in found:
        about = line in lines or any(f"`{new}" in message for _, _, new in plant["edits"])
        assert about or any(f"line {each})" in message for each in lines), (line, code, message)
