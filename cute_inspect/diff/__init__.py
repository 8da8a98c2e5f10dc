"""What changed between two traces: `cute-inspect diff OLD NEW`, and snapshots of a kernel's trace in a test
suite (`assert_snapshot`).

    from cute_inspect.diff import diff_traces, load_trace

    changes = diff_traces(load_trace("old.json"), load_trace("new.json"))
    print(changes.text())          # each changed tensor with both values, added and removed ones
    changes.changed                # False when no tensor and no budget figure changed

Modules: `compare` matches tensors and compares them, `snapshot` keeps a trace as a file a test compares
against, `cli` is ``cute-inspect diff``.
"""

from cute_inspect.diff.compare import TraceDiff, TraceFileError, diff_traces, load_trace
from cute_inspect.diff.snapshot import SnapshotMismatch, assert_snapshot

__all__ = ["diff_traces", "load_trace", "TraceDiff", "TraceFileError", "assert_snapshot", "SnapshotMismatch"]
