"""``cute-inspect lsp``: a language server that shows traced shapes where kernels are written.

Hover a tensor name for its traced shape, mode names, level labels, memory, dtype, op and derivation; the lint's
findings appear as you type and the shape-comment and API-contract findings after each save; the lint's renames
are code actions. Declare which compiles cover your files in pyproject.toml::

    [tool.cute-inspect]
    trace-targets = ["gemm.sm90:compile_only@sm_90a"]

then point your editor's LSP client at ``cute-inspect lsp`` (README, "In the editor").
"""


def serve(trace_timeout: float = 120.0, inlay_hints: bool = False) -> None:
    """Serve the language server protocol on standard input and output until the client exits."""
    from cute_inspect.lsp.server import build  # pygls loads only for this command, not for every `cute-inspect`

    build(trace_timeout, inlay_hints).start_io()


__all__ = ["serve"]
