"""An attention backward step whose MMA loop is traced once per warpgroup (tests/kernels/warpgroup_copies.py): each
copy's element writes, made through a view a helper returns and carried by a dynamic loop, land on that copy's own
tensor, so each copy's dS holds its own scores' values and the attention axes come out of the chains; dK's partial,
staged in SMEM through a view of its registers, is the epilogue."""

import json
import os
import subprocess
import sys

import pytest

from _cli import KERNELS, ROOT, first_axes_of, first_labels_of, trace_json

KERNEL = os.path.join(KERNELS, "warpgroup_copies.py")

# the written tensors and where their values came from, per record: what the tracer's data flow rules read
_WORKER = """
import json, sys
from cute_inspect.trace import trace_target
t = trace_target(sys.argv[1], arch="sm_90a")
print(json.dumps([[r.index, list(r.names), list(r.meta.get("values_from", ()))] for r in t.records]))
"""


@pytest.fixture(scope="module")
def events():
    return trace_json(f"{KERNEL}:compile_copies", arch="sm_90a")


@pytest.fixture(scope="module")
def records():
    env = {**os.environ, "PYTHONPATH": os.pathsep.join((ROOT, KERNELS)), "CUTE_DSL_ARCH": "sm_90a"}
    done = subprocess.run([sys.executable, "-c", _WORKER, f"{KERNEL}:compile_copies"], capture_output=True,
                          text=True, env=env, cwd=ROOT, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_each_copy_writes_its_own_scores_gradient(records):
    # the copy's dS view (p_mn) is written from that copy's scores view (s_mn), never another copy's: the loop
    # carrying p_mn was entered with that copy's p_mn
    scores = [index for index, names, _ in records if "s_mn" in names]
    written = [(index, sources) for index, names, sources in records if "p_mn" in names]
    assert len(scores) == len(written) == 2
    for own, (index, sources) in zip(scores, written):
        assert own in sources, (index, sources)
        assert not set(sources) & (set(scores) - {own}), (index, sources)


@pytest.mark.parametrize("name, axes", [
    ("acc_s", ("Q", "K", "Q")),  # a wgmma accumulator's atom: columns, rows, column groups (S^T: keys x queries)
    ("acc_p", ("Q", "K", "Q")),
    ("acc_v", ("D", "K", "D")),  # dV: keys x head dim
    ("acc_k", ("D", "K", "D")),
    ("xk", ("K", "K", "D", "D")),
    ("xq", ("Q", "Q", "D", "D")),
    ("xv", ("K", "K", "D", "D")),
    ("xo", ("Q", "Q", "D", "D")),
])
def test_both_copies_keep_the_attention_axes(events, name, axes):
    assert first_axes_of(events, name, len(axes)) == axes


def test_an_accumulator_staged_through_a_view_of_its_registers_is_the_epilogue(events):
    # `flat` is laid by hand over dK's registers and copied into the r2s partition of `staged`, which no MMA reads
    # and no traced copy takes out (its reduce-add takes the bare address): the epilogue's staging buffer, written
    # by a store
    assert {label.split("-")[0] for label in first_labels_of(events, "staged")} == {"epi"}
    assert {label.split("-")[0] for label in first_labels_of(events, "t_stage")} == {"store"}
    assert {label.split("-")[0] for label in first_labels_of(events, "flat")} == {"store"}
