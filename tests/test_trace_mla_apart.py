"""MLA's dQ kernel launched apart from dK / dV (tests/kernels/mla_dq_apart.py): S = Q K^T + Qv V^T by one TiledMma into
one accumulator from two operand pairs (V in the B slot of the score product), dP = dO V^T, dS through SMEM to
dQ = dS K and dQv = dS V. The labels below were judged by hand from the kernel's data flow before it was traced:
every MMA's rows are the queries, the score and dP columns the keys, the gradients' columns a head dim."""

import os

import pytest

from _cli import ROOT, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "mla_dq_apart.py")

JUDGED = {  # name: the axes of its first two leaves (an operand's rows and reduced head dim or keys)
    "Xa": ("Q", "D"), "Xb": ("Q", "D"), "Ya": ("K", "D"), "Yb": ("K", "D"), "Zb": ("Q", "D"),
    "Oa": ("Q", "D"), "Ob": ("Q", "D"),
    "s_xa": ("Q", "D"), "s_ya": ("K", "D"), "s_xb": ("Q", "D"), "s_yb": ("K", "D"), "s_zb": ("Q", "D"),
    "s_w": ("Q", "K"), "s_yat": ("D", "K"), "s_ybt": ("D", "K"),
    "first": ("Q", "K"), "second": ("Q", "K"), "out_a": ("Q", "D"), "out_b": ("Q", "D"),
}


@pytest.fixture(scope="module")
def traced():
    return trace_json(f"{KERNEL}:compile_mla_dq", arch="sm_100a")


def _axes(events, name):
    event = next(e for e in events if name in e["names"])  # the first record of that name
    labels = event["leaf_labels"][event["names"].index(name)]
    return tuple(label.split("-")[-1] for label in labels[:2])


@pytest.mark.parametrize("name", sorted(JUDGED))
def test_mla_dq_kernel_axes(traced, name):
    assert _axes(traced, name) == JUDGED[name]
