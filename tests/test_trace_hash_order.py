"""A trace is the same whatever order Python hashes strings in (`PYTHONHASHSEED`): a rule that iterates a set of
tuples holding strings, and lets the first element name an axis, gave flashinfer's CP GDN precompute 58 or 5 of its
131 judged tensors right from one run to the next (docs/trace.md, twenty-eighth session)."""

from __future__ import annotations

import importlib.util

import pytest

from tests.gold import _trace, score


@pytest.mark.skipif(importlib.util.find_spec("flashinfer") is None,
                    reason="needs flashinfer-python, which .ci/setup installs")
def test_a_linear_attention_kernel_traces_the_same_under_two_hash_seeds(monkeypatch):
    wrapper = score.wrapper_path("pc_fi_gdn_cp_mn_precompute_sm100")
    traces = []
    for seed in ("0", "1"):
        monkeypatch.setenv("CUTE_INSPECT_GOLD_HASHSEED", seed)
        traces.append(_trace.trace_wrapper(wrapper))
    assert traces[0]["events"] and traces[0] == traces[1]
