"""The command-line layer: one module per sub-command (`trace`, `check`, `lint` and `rules`, `render` and `layout`,
`lsp`), each exposing ``register(subparsers)``; `cute_inspect.cli` puts them together.

The layer sits on top of the wings: it imports trace, check, lint, render and lsp, and none of them imports it.
`_target` holds what every tracing command shares (TARGET, --arch, running the target), `_output` where and how
outputs are written.
"""
