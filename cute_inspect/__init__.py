"""cute-inspect: trace, check, lint and draw the nested shapes of CuTeDSL kernels at compile time.

    import cute_inspect
    from cute_inspect import expect

    @cute.kernel
    def kernel(mA: cute.Tensor, ...):
        gA = cute.local_tile(mA, (128, 64), (bidx, None))
        expect(gA, "(bM, bK, RestK)", bM=128, bK=64)       # fails the compile if not so

    with cute_inspect.trace() as t:                        # records every tile and partition
        cute.compile(host, a, b)
    print(cute_inspect.format_text(t))
    cute_inspect.show(t.find("gA")[0])                     # in a notebook: the tensor's shape by level, boxed

The names below load on first use, so that ``cute-inspect lint`` (which needs none of them) does not import
the tracer and numpy.
"""

import sys
import types


class _Package(types.ModuleType):
    """``cute_inspect.trace`` is the function ``trace``: when the subpackage of that name loads, the import
    system binds it on its parent; that binding is dropped, so the name still gives the function."""

    def __setattr__(self, name: str, value) -> None:
        if not (name == "trace" and isinstance(value, types.ModuleType)):
            super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package

from cute_inspect.trace import lazy as _lazy  # after the class: this loads the subpackage `trace`

__all__ = [
    "expect", "trace", "trace_target", "format_text", "format_markdown",
    "Trace", "Record", "ShapeCheckError", "SpecError", "show",
]
__getattr__, __dir__ = _lazy.exports(__name__, {
    "expect": "cute_inspect.check",
    "ShapeCheckError": "cute_inspect.check",
    "SpecError": "cute_inspect.check",
    "show": "cute_inspect.render.notebook",
    **dict.fromkeys(("Record", "Trace", "format_markdown", "format_text", "trace", "trace_target"), "cute_inspect.trace"),
}, globals())


def _notebook_view(item):
    """A `Trace` or `Record` shown in a notebook, drawn as the HTML report draws it."""
    from cute_inspect.render.notebook import view  # once loaded, it is the view the trace uses

    return view(item)


_lazy.notebook_view = _notebook_view
