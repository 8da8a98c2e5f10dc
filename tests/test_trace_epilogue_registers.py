"""Registers made from a shape alone hold what that shape was read from: a recent tensor's shape with modes sliced
away (the r2s partition of a staged output without its stage), not a tensor whose leaves their compact layout
happens to regroup."""

import os

from _cli import ROOT, labels_of, trace_json

KERNEL = os.path.join(ROOT, "tests", "kernels", "epilogue_registers.py")


def test_registers_from_a_partitions_sliced_shape_take_its_labels():
    events = trace_json(f"{KERNEL}:compile_staged_out", arch="sm_80")
    store = ["store-atom", "store-atom", "store-rest-M", "store-rest-N", "store-rest-N"]
    assert labels_of(events, "regs")[0] == store
    assert labels_of(events, "out")[0] == store
