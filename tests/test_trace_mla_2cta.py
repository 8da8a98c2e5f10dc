"""An MLA backward's dQ and dK kernels launched apart on 2-CTA MMAs issued out of sight (tests/kernels/mla_2cta.py):
the 512-wide latent is both the keys' first part and the values (one SMEM buffer in the same slot of the score
product and of dP), a 64-wide rope part is a second operand pair into the same score accumulator. dQ kernel: every
row the queries; dK kernel: every row the keys. The labels were judged by hand from the kernels' data flow (and the
layouts' printed leaf structure) before they were traced."""

import os

import pytest

from _cli import ROOT, first_axes_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "mla_2cta.py")

JUDGED_DQ = {  # name: the axes of its first leaves (an operand's rows and reduced axis, a tile's rows and columns)
    "s_qn": ("Q", "D"), "s_qr": ("Q", "D"), "s_c": ("K", "D"), "s_kr": ("K", "D"), "s_do": ("Q", "D"),
    "s_ds": ("Q", "K"), "s_ct": ("D", "D", "K"), "s_krt": ("D", "K"),
    "first": ("Q", "K"), "second": ("Q", "K"), "out_n": ("Q", "D"), "out_r": ("Q", "D"),
    "lse_qk": ("Q", "K"), "sum_qk": ("Q", "K"), "s_lse": ("Q",), "s_sum": ("Q",), "ds_epi": ("Q", "K"),
}

JUDGED_DK = {
    "s_c": ("K", "D"), "s_kr": ("K", "D"), "s_qn": ("Q", "D"), "s_qr": ("Q", "D"), "s_do": ("Q", "D"),
    "s_dot": ("D", "D", "Q"), "s_dst": ("K", "Q"), "s_qnt": ("D", "D", "Q"), "s_qrt": ("D", "Q"),
    "first": ("K", "Q"), "second": ("K", "Q"), "out_c": ("K", "D"), "out_r": ("K", "D"), "pt": ("K", "Q"),
    "lse_kq": ("K", "Q"), "sum_kq": ("K", "Q"), "s_lse": ("Q",), "s_sum": ("Q",), "ds_epi": ("K", "Q"),
    "p_view": ("K", "Q"),
}


@pytest.fixture(scope="module")
def traced_dq():
    return trace_json(f"{KERNEL}:compile_mla_dq2", arch="sm_100a")


@pytest.fixture(scope="module")
def traced_dk():
    return trace_json(f"{KERNEL}:compile_mla_dk2", arch="sm_100a")


@pytest.mark.parametrize("name", sorted(JUDGED_DQ))
def test_mla_dq_2cta_axes(traced_dq, name):
    assert first_axes_of(traced_dq, name, len(JUDGED_DQ[name])) == JUDGED_DQ[name]


@pytest.mark.parametrize("name", sorted(JUDGED_DK))
def test_mla_dk_2cta_axes(traced_dk, name):
    assert first_axes_of(traced_dk, name, len(JUDGED_DK[name])) == JUDGED_DK[name]
