"""`trace TARGET --sweep NAME=V1,V2`: every combination traced in its own process, one table of fits / SMEM /
TMEM / failed checks; exit 0 when all fit and pass, 1 when one does not, 2 for a sweep that cannot run."""

import json

import pytest
from _cli import cute_inspect

from cute_inspect.sweep import SweepError, parse_sweeps

BUDGET = "tests/kernels/budget.py:compile_staged"


def test_values_are_literals_or_text_and_brackets_keep_their_commas():
    assert parse_sweeps(["tile_m=64,128", "dtype=fp16,bf16", "mma_tiler_mn=(128,64),(256,128)", "c=True"]) == {
        "tile_m": [64, 128], "dtype": ["fp16", "bf16"], "mma_tiler_mn": [(128, 64), (256, 128)], "c": [True]}


@pytest.mark.parametrize("spec", ["tile_m", "=1,2", "tile m=1", "tile_m="])
def test_a_spec_without_name_and_values_is_refused(spec):
    with pytest.raises(SweepError, match="NAME=V1,V2"):
        parse_sweeps([spec])


def test_the_table_says_which_config_does_not_fit():
    done = cute_inspect("trace", BUDGET, "--arch", "sm_90a", "--sweep", "tile_m=64,256", "--sweep", "stages=8")
    assert done.returncode == 1, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].split() == ["tile_m", "stages", "fits", "smem", "tmem", "checks", "/", "error"]
    assert lines[1].split()[:4] == ["64", "8", "yes", "69.0/227"]
    assert lines[2].split()[:4] == ["256", "8", "NO", "273.0/227"]
    assert lines[-1] == "1 of 2 configs fit and pass their checks"


def test_json_rows_and_exit_0_when_every_config_fits():
    done = cute_inspect("trace", BUDGET, "--arch", "sm_90a", "--sweep", "stages=2,3", "--format", "json")
    assert done.returncode == 0, done.stderr
    rows = json.loads(done.stdout)
    assert [(r["kwargs"], r["fits"], r["smem_bytes"]) for r in rows] == [
        ({"stages": 2}, True, 41984), ({"stages": 3}, True, 58368)]


def test_a_failed_shape_check_is_a_row_not_a_crash():
    done = cute_inspect("trace", "tests/kernels/seed002.py:compile_tile", "--arch", "sm_100a",
                        "--sweep", "stated_bK=64,32")
    assert done.returncode == 1, done.stderr
    ok, failed = done.stdout.splitlines()[1:3]
    assert ok.split()[:2] == ["64", "yes"]
    assert failed.split()[:2] == ["32", "-"] and "seed002.py:20: `gA` has shape (128,64,4)" in failed


def test_a_keyword_the_target_does_not_take_is_exit_2():
    done = cute_inspect("trace", BUDGET, "--arch", "sm_90a", "--sweep", "tile_x=1,2")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines() == [
        f"cute-inspect: --sweep tile_x: {BUDGET} takes no keyword argument 'tile_x'"]


def test_html_with_sweep_is_refused():
    done = cute_inspect("trace", BUDGET, "--arch", "sm_90a", "--sweep", "stages=2", "--html", "r.html")
    assert done.returncode == 2 and done.stderr.startswith("cute-inspect: --html: not with --sweep")
