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
"""

from cute_inspect.check import ShapeCheckError, SpecError, expect
from cute_inspect.render.notebook import show
from cute_inspect.trace import (
    Record,
    Trace,
    format_markdown,
    format_text,
    trace,
    trace_target,
)

__all__ = [
    "expect", "trace", "trace_target", "format_text", "format_markdown",
    "Trace", "Record", "ShapeCheckError", "SpecError", "show",
]
