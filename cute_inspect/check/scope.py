"""Per-compile symbol bindings for `expect`, keyed by the MLIR module being traced.

A compile builds one module; the DSL's trace-finalize hook tells us when it is done, so bindings never leak
into the next compile even if its module reuses the same address.
"""

from __future__ import annotations

_scopes: dict = {}
_hook_installed = False


def _current_module_key():
    try:
        from cutlass._mlir import ir
    except ImportError:
        return None
    try:
        op = ir.InsertionPoint.current.block.owner
    except (ValueError, RuntimeError, AttributeError):
        return None
    top = op
    while op is not None:
        top = op
        op = op.parent
    return hash(top)


def _finalized(_dsl, _module, _name) -> None:
    _scopes.clear()


def _install_hook() -> None:
    global _hook_installed
    if _hook_installed:
        return
    from cutlass.cutlass_dsl import CuTeDSL

    CuTeDSL._get_dsl().register_trace_finalize_hook(_finalized)
    _hook_installed = True


def bindings() -> dict:
    """The bindings of the compile in progress (a fresh dict outside any compile)."""
    key = _current_module_key()
    if key is None:
        return {}
    _install_hook()
    return _scopes.setdefault(key, {})


def discard() -> None:
    """Forget every binding: a failed check aborts its compile."""
    _scopes.clear()
