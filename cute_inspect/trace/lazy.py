"""A package's public names, imported on first use (PEP 562), so that importing one small module of the package
(``cute_inspect.trace.shape``, say) does not load all of them (the tracer, numpy).

>>> from cute_inspect.trace import format_text
>>> format_text.__module__
'cute_inspect.trace.report'
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

#: Draws a `Trace` or `Record` in a notebook until `cute_inspect.render.notebook` is loaded and sets its own
#: (``record.set_notebook_view``); the package `cute_inspect` sets it to load that module, which the trace wing
#: may not import.
notebook_view: Callable | None = None


def exports(package: str, where: dict[str, str], names: dict[str, Any]) -> tuple[Callable, Callable]:
    """``(__getattr__, __dir__)`` for ``package``, whose name N comes from module ``where[N]``; ``names`` is the
    package's ``globals()``, where a name is kept once imported."""

    def __getattr__(name: str) -> Any:
        if name not in where:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(where[name]), name)
        names[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted(set(names) | set(where))

    return __getattr__, __dir__
