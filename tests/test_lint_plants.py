"""Planted recall: misnamings planted one at a time in public kernels (tests/lint_gold/plants.json; the pinned
packages of tests/lint_gold/packages.py, read, never imported) are each reported at the planted line."""

import json
from pathlib import Path

import pytest

from tests.lint_gold.plant import new_findings

PLANTS = json.loads((Path(__file__).parent / "lint_gold" / "plants.json").read_text())["plants"]


def test_there_are_at_least_30_plants_over_the_three_packages():
    assert len(PLANTS) >= 30
    assert {plant["package"] for plant in PLANTS} == {"flash-attn-4", "quack-kernels", "flashinfer-python"}


@pytest.mark.parametrize("plant", PLANTS, ids=lambda p: f"{p['path']}:{p['line']}:{p['new']}")
def test_each_plant_is_reported_at_its_line_and_nothing_else_is(plant):
    found = new_findings(plant["package"], plant["path"], plant["line"], plant["old"], plant["new"])
    assert {(line, code) for line, code, _ in found} == {(plant["line"], code) for code in plant["codes"]}
    named = plant.get("names", plant["new"])
    assert all(f"`{named}`" in message for _, _, message in found)
