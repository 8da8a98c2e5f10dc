"""Block quantizers with no MMA that differ only in what they call their columns (tests/kernels/named_columns.py):
no data flow of such a kernel tells a later GEMM's K from a norm's N, so the kernel's own name for the dimension
suggests the letter (rule name.columns), recorded in the labels' rules."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "named_columns.py")


def _trace(entry):
    return trace_json(f"{KERNEL}:{entry}", arch="sm_100a")


def _rules_of(events, name):
    return next(e["label_rules"][0] for e in events if name in e["names"])


@pytest.mark.parametrize("entry", ["compile_columns_k", "compile_built_for_k", "compile_helper_blocks"])
def test_columns_the_kernel_calls_k_are_k(entry):
    # `K = x.shape[1]`; a constructor parameter `k` read as `self.k` in the pointer arithmetic; `rows, K = x.shape`
    # in a kernel whose helper method makes every tensor: the quantized columns are K, a name's suggestion
    events = _trace(entry)
    assert labels_of(events, "x")[0] == ["input-mode-M", "input-mode-K"]
    assert labels_of(events, "loaded")[0] == ["copy-atom-K"]
    assert labels_of(events, "target")[0] == ["store-atom-K"]
    assert _rules_of(events, "target") == ["name.columns"]


@pytest.mark.parametrize("entry", ["compile_columns_n", "compile_columns_hidden"])
def test_columns_the_kernel_calls_n_or_hidden_stay_n(entry):
    # `N = x.shape[1]`, `hidden = x.shape[1]`: a norm's columns, N as the structural rules say
    events = _trace(entry)
    assert labels_of(events, "x")[0] == ["input-mode-M", "input-mode-N"]
    assert labels_of(events, "loaded")[0] == ["copy-atom-N"]
    assert labels_of(events, "target")[0] == ["store-atom-N"]
