"""Record every tile, partition and fragment a CuTeDSL compile makes, labelled by the level that made each mode.

    import cute_inspect
    from cute_inspect.trace import trace, trace_target, format_text

    with trace() as t:                       # wraps CuTe's tensor-making calls for the duration
        cute.compile(host, a, b)
    print(format_text(t))

    t = trace_target("gemm.sm90:compile_only", arch="sm_90a")     # what `cute-inspect trace` runs

Modules: `patch` wraps the DSL's calls, `tracer` turns each call into a `record.Record`, `levels` labels modes
(Block > MMA > EPI > Store), `source` reads names and lines from the caller's code, `shape` reads MLIR types,
`target` imports and runs a ``module:function``, `report` prints. Trace is the bottom wing: it imports no other.
"""

from cute_inspect.trace.lazy import exports

__all__ = ["trace", "trace_target", "format_text", "format_markdown", "format_json", "Trace", "Record"]
__getattr__, __dir__ = exports(__name__, {
    "Record": "cute_inspect.trace.record",
    "Trace": "cute_inspect.trace.record",
    "format_json": "cute_inspect.trace.report",
    "format_markdown": "cute_inspect.trace.report",
    "format_text": "cute_inspect.trace.report",
    "trace_target": "cute_inspect.trace.target",
    "trace": "cute_inspect.trace.tracer",
}, globals())
