"""A product whose A operand holds its own accumulator's values (a linear-attention state carried across chunks,
S <- S M + N, the running state written back into TMEM as the operand): rows, columns and contraction are one square
state's dims, D, not a GEMM's M, N and K."""

from cute_inspect.trace.axes import Axes, fresh


def _product(axes: Axes) -> tuple:
    rows, cols, over = fresh(), fresh(), fresh()
    for var, axis in ((rows, "M"), (cols, "N"), (over, "K")):
        axes._bind(var, ("mma", 0, axis))
    return rows, cols, over


def test_a_product_reading_its_own_accumulator_as_a_is_a_states_dims():
    axes = Axes()
    variables = _product(axes)
    axes.recurrences = {0}
    named = axes.solve()
    assert [named[axes.find(v)] for v in variables] == [("D", "state.recurrence")] * 3


def test_a_product_that_does_not_stays_a_gemm():
    axes = Axes()
    rows, cols, over = _product(axes)
    named = axes.solve()
    assert [named[axes.find(v)][0] for v in (rows, cols, over)] == ["M", "N", "K"]
