"""Keep a kernel's trace as a snapshot file in a test suite and compare every run against it.

    import cute_inspect
    from cute_inspect.diff import assert_snapshot

    def test_sm90_gemm_layouts():
        t = cute_inspect.trace_target("gemm.sm90:compile_only", arch="sm_90a")
        assert_snapshot(t, "tests/snapshots/sm90_gemm.json")

The first run fails and says how to write the file; a run fails whenever a tensor's shape, layout, memory,
dtype or labels changed, a tensor came or went, or the kernel's SMEM/TMEM budget moved, and prints what
changed (`cute-inspect diff`'s report). To accept a change on purpose, run the tests with
``CUTE_INSPECT_UPDATE_SNAPSHOTS=1`` (or ``pytest --snapshot-update``: the option comes with the pytest plugin
`cute_inspect.diff.pytest_plugin`, loaded automatically once cute-inspect is installed) and commit the file.
Moving code does not change a snapshot's verdict: tensors are matched by kernel, function and name.
"""

from __future__ import annotations

import json
import os

from cute_inspect.diff.compare import diff_traces, load_trace

#: Set to 1 to write snapshots instead of comparing against them.
UPDATE_ENV = "CUTE_INSPECT_UPDATE_SNAPSHOTS"


class SnapshotMismatch(AssertionError):
    """The trace differs from its snapshot (or there is no snapshot yet); the message says how."""


def updating() -> bool:
    """Whether this run writes snapshots (``CUTE_INSPECT_UPDATE_SNAPSHOTS`` set to anything but 0 or empty)."""
    return os.environ.get(UPDATE_ENV, "") not in ("", "0")


def assert_snapshot(trace, path: str, update: bool | None = None) -> None:
    """Compare `trace` (a `Trace` or its JSON dict) with the snapshot at `path`; raise `SnapshotMismatch`
    with the differences when they differ. With `update` (default: `updating()`), write `path` instead."""
    current = trace.to_json() if hasattr(trace, "to_json") else trace
    if updating() if update is None else update:
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(json.dumps(current, indent=1) + "\n")
        return
    how = f"run the tests with {UPDATE_ENV}=1 (or pytest --snapshot-update) and commit {path}"
    if not os.path.exists(path):
        raise SnapshotMismatch(f"{path}: no snapshot yet; to write it, {how}")
    changes = diff_traces(load_trace(path), current)
    if changes.changed:
        raise SnapshotMismatch(f"{path}: the trace differs from the snapshot:\n{changes.text()}"
                               f"If the change is meant, {how}")
