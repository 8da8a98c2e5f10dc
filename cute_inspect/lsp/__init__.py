"""``cute-inspect lsp``: a language server that shows traced shapes where kernels are written.

Hover a tensor name for its traced shape, mode names, level labels, memory, dtype, op and derivation; the lint's
findings appear as you type and the shape-comment and API-contract findings after each save; the lint's renames
are code actions. Declare which compiles cover your files in pyproject.toml::

    [tool.cute-inspect]
    trace-targets = ["gemm.sm90:compile_only@sm_90a"]

then point your editor's LSP client at ``cute-inspect lsp`` (README, "In the editor"). Opening a file that no trace
covers yet runs those targets (they are the project's own code); ``{"traceOnOpen": false}`` in the initialization
options or ``--no-trace-on-open`` waits for the first save instead.
"""


def serve(trace_timeout: float = 120.0, inlay_hints: bool = False, trace_on_open: bool = True) -> bool:
    """Serve the language server protocol on standard input and output until the client exits; whether the client
    asked for ``shutdown`` first (the protocol's exit status is 0 then, 1 otherwise)."""
    from cute_inspect.lsp.server import build  # pygls loads only for this command, not for every `cute-inspect`

    server = build(trace_timeout, inlay_hints, trace_on_open)
    try:
        server.start_io()
    except SystemExit:  # pygls' own `exit` handler
        pass
    return bool(server.protocol._shutdown)


__all__ = ["serve"]
