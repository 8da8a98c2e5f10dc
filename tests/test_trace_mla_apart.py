"""An MLA backward's two kernels launched apart (tests/kernels/mla_apart.py). The dQ kernel: S = Q K^T + Qv V^T by one
TiledMma into one accumulator from two operand pairs (V in the B slot of the score product), dP = dO V^T, dS through
SMEM to dQ = dS K and dQv = dS V: every MMA's rows are the queries, the score and dP columns the keys, the gradients'
columns a head dim. The dK kernel: S^T = K Q^T + V Qv^T, dP^T = V dO^T, P^T and dS^T through SMEM, dK = dS^T Q and
dV = P^T dO + dS^T Qv (two operand pairs into one accumulator): every row the keys. The labels were judged by hand from
the kernels' data flow before they were traced. The dQ kernel's inputs are loaded element by element (no traced
record); the rows it writes out (`Oa`, `Ob`, row slices of parameters) are left out: open."""

import os

import pytest

from _cli import ROOT, first_labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "mla_apart.py")

JUDGED = {  # name: the axes of its first two leaves (an operand's rows and reduced head dim or keys)
    "s_xa": ("Q", "D"), "s_ya": ("K", "D"), "s_xb": ("Q", "D"), "s_yb": ("K", "D"), "s_zb": ("Q", "D"),
    "s_w": ("Q", "K"), "s_yat": ("D", "K"), "s_ybt": ("D", "K"),
    "first": ("Q", "K"), "second": ("Q", "K"), "out_a": ("Q", "D"), "out_b": ("Q", "D"),
}


JUDGED_DK = {
    "s_ka": ("K", "D"), "s_qa": ("Q", "D"), "s_vb": ("K", "D"), "s_qb": ("Q", "D"), "s_gb": ("Q", "D"),
    "s_p": ("K", "Q"), "s_ds": ("K", "Q"), "s_qat": ("D", "Q"), "s_gbt": ("D", "Q"), "s_qbt": ("D", "Q"),
    "first": ("K", "Q"), "second": ("K", "Q"), "out_k": ("K", "D"), "out_v": ("K", "D"),
}


@pytest.fixture(scope="module")
def traced():
    return trace_json(f"{KERNEL}:compile_mla_dq", arch="sm_100a")


@pytest.fixture(scope="module")
def traced_dk():
    return trace_json(f"{KERNEL}:compile_mla_dk", arch="sm_100a")


def _axes(events, name):
    return tuple(label.split("-")[-1] for label in first_labels_of(events, name)[:2])


@pytest.mark.parametrize("name", sorted(JUDGED))
def test_mla_dq_kernel_axes(traced, name):
    assert _axes(traced, name) == JUDGED[name]


# Every score, operand and gradient of the dK kernel had queries and keys swapped (mlabwd20): nothing joins a reader's
# kept axis to the scores'. V enters the A slot of both S^T and dP^T: the operand both score-shaped products read
# in one slot is on the keys' side (`Axes._keys_of_shared_operand`), and the readers keep the scores' rows.
@pytest.mark.parametrize("name", sorted(JUDGED_DK))
def test_mla_dk_kernel_axes(traced_dk, name):
    assert _axes(traced_dk, name) == JUDGED_DK[name]


# A third kernel, not MLA (`compile_dk_views`): the dK kernel's data flow with K and V in buffers of their own, so
# nothing is shared by S^T and dP^T; per-query statistics broadcast over the keys. Judged before its first trace.
JUDGED_VIEWS = {
    "s_ka": ("K", "D"), "s_qa": ("Q", "D"), "s_vb": ("K", "D"), "s_gb": ("Q", "D"), "s_p": ("K", "Q"),
    "s_ds": ("K", "Q"), "s_qat": ("D", "Q"), "s_gbt": ("D", "Q"), "first": ("K", "Q"), "second": ("K", "Q"),
    "out_k": ("K", "D"), "out_v": ("K", "D"), "lse_kq": ("K", "Q"), "sum_kq": ("K", "Q"), "s_lse": ("Q",),
    "s_sum": ("Q",),
}


@pytest.fixture(scope="module")
def traced_views():
    return trace_json(f"{KERNEL}:compile_dk_views", arch="sm_100a")


@pytest.mark.parametrize("name", sorted(JUDGED_VIEWS))
def test_dk_views_kernel_axes(traced_views, name):
    wanted = JUDGED_VIEWS[name]
    assert tuple(label.split("-")[-1] for label in first_labels_of(traced_views, name)[:len(wanted)]) == wanted


# A fourth kernel (`compile_mla_dk_packed`): MLA's dK kernel with K = [latent | rope] in one buffer and V a view laid
# over that buffer's pointer (its latent columns), no statistics, P^T and dS^T through per-thread views. Judged
# before its first trace.
JUDGED_PACKED = {
    "s_kv": ("K", "D"), "s_q": ("Q", "D"), "s_v": ("K", "D"), "s_gb": ("Q", "D"), "s_p": ("K", "Q"),
    "s_ds": ("K", "Q"), "s_qat": ("D", "Q"), "s_gbt": ("D", "Q"), "s_qbt": ("D", "Q"), "first": ("K", "Q"),
    "second": ("K", "Q"), "out_k": ("K", "D"), "out_v": ("K", "D"),
}


@pytest.fixture(scope="module")
def traced_packed():
    return trace_json(f"{KERNEL}:compile_mla_dk_packed", arch="sm_100a")


@pytest.mark.parametrize("name", sorted(JUDGED_PACKED))
def test_mla_dk_packed_kernel_axes(traced_packed, name):
    assert _axes(traced_packed, name) == JUDGED_PACKED[name]
