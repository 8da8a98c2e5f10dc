"""The heads and batch of an attention input whose strides are run-time values: which is the outer follows from the
layout's major order, not from the modes' positions alone."""

from types import SimpleNamespace

from cute_inspect.trace.flow import _by_stride


def _modes(count: int) -> list:
    return [object() for _ in range(count)]


def test_a_row_major_layouts_leading_modes_run_from_the_outermost_in():
    # (b, h, s): the workspace's LSE rows, unit stride last: the batch is the outermost, the heads inside it
    record = SimpleNamespace(layouts=["(?,?,?):(?{i64},?{i64},1)"])
    b, h, s = modes = _modes(3)
    assert _by_stride(record, tuple(modes), [b, h]) == [h, b]


def test_a_column_major_layouts_trailing_modes_keep_their_order():
    # (s, h, b): unit stride first, CuTe's order from the inside out: the heads, then the batch
    record = SimpleNamespace(layouts=["(?,?,?):(1,?{i64},?{i64})"])
    s, h, b = modes = _modes(3)
    assert _by_stride(record, tuple(modes), [h, b]) == [h, b]


def test_known_strides_decide_whatever_the_order():
    record = SimpleNamespace(layouts=["(4,8,2):(1,8,64)"])
    s, h, b = modes = _modes(3)
    assert _by_stride(record, tuple(modes), [b, h]) == [h, b]
