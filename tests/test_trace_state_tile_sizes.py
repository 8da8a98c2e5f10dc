"""Names of an SSM decode's tile sizes and host extents in the SSM's own letters (tests/kernels/state_tile_sizes.py),
in a kernel with no MMA: `self.tile_p` (Mamba's P, the head dim) and `self.d_size` (a letter beside a count word)
name the state's two dims, both D (rule name.tile); a host extent written `self.heads if self.fused else 1` names its
mode as the extent it has when not collapsed (rule name.extents)."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "state_tile_sizes.py")


@pytest.fixture(scope="module")
def events():
    return trace_json(f"{KERNEL}:compile_state_tile_sizes", arch="sm_80")


def test_a_lone_letter_beside_a_count_word_and_mambas_p_name_the_state_dims(events):
    # before: `tile_p` and `d_size` named nothing; the state's last mode had no axis, its tile none at all
    assert labels_of(events, "g_state") == (["block-atom-D", "block-atom-D"], ["name.tile", "name.tile"])
    assert labels_of(events, "state")[0] == ["input-mode-B", "input-mode-H", "input-mode-D", "input-mode-D"]
    assert labels_of(events, "s_state")[0] == ["block-atom-D", "block-atom-D"]


def test_a_conditional_extent_names_the_mode_it_collapses(events):
    assert labels_of(events, "view") == (["input-mode-B", "input-mode-H", "input-mode"],
                                         ["name.extents", "name.extents", "input.mode"])
