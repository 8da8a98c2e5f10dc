"""A chunked linear attention's state-gradient backward (tests/kernels/state_gradient.py): the state dh is set,
decayed and then updated from two accumulators in three statements; its two updates contract two token classes,
dv = k dh reads it back, and dv is written for the update w^T dv: dv's rows are the keys, so the tokens q^T do
contracts are the queries."""

import os

import pytest

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "state_gradient.py")


@pytest.fixture(scope="module")
def events():
    return trace_json(f"{KERNEL}:compile_state_gradient", arch="sm_100a")


def test_the_state_is_feature_by_feature(events):
    # dh, in the state's SMEM B operand of dv = k dh, is feature by feature
    labels, rules = labels_of(events, "sh")
    assert labels == ["mma-atom-D", "mma-atom-D", "mma-rest-D", "mma-rest-D", "mma-rest-D", "stage"]
    assert rules[2:5] == ["attention"] * 3
    assert labels_of(events, "sk")[0][:2] == ["mma-atom-K", "mma-atom-D"]


def test_the_update_not_contracting_the_keys_contracts_the_queries(events):
    # q^T do and a^T do contract the queries; w^T dv contracts dv's rows, the keys
    assert labels_of(events, "sq")[0][:2] == ["mma-atom-D", "mma-atom-Q"]
    assert labels_of(events, "sdo")[0][:2] == ["mma-atom-D", "mma-atom-Q"]
    assert labels_of(events, "sa")[0][:2] == ["mma-atom-K", "mma-atom-Q"]
    assert labels_of(events, "sw")[0][:2] == ["mma-atom-D", "mma-atom-K"]
