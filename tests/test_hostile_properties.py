"""Generated hostile input (issue 28), with hypothesis: layout expressions, source files for ``--fix``, positions.

- Any layout expression built from the grammar's functions and arbitrary (also zero, negative, None, string)
  arguments either evaluates to a result the tool reads back unchanged, or is refused with `LayoutExprError`
  and, on the command line, one line and exit 2: never a crash, never a traceback.
- Any kernel source with a misnamed partition, whatever line separators, form feeds, non-ASCII text, tabs and
  line endings surround it, is fixed by exactly the rename: every other byte round-trips.
- Columns convert between characters and UTF-8/16/32 units and back.
"""

from __future__ import annotations

import ast
import os
import signal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from _hostile import ERROR, OK, one_line, run_in_process
from cute_inspect.lint import fix_text, lint_source
from cute_inspect.positions import char_column, from_units, source_lines, to_units

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# ---- layout expressions

_SMALL = st.integers(min_value=1, max_value=8)
_ANY_INT = st.integers(min_value=-3, max_value=2**33)


def _shape(leaf):
    return st.recursive(leaf, lambda inner: st.lists(inner, min_size=1, max_size=3).map(tuple), max_leaves=4)


def _text(value) -> str:
    if isinstance(value, tuple):
        return "(" + ",".join(_text(v) for v in value) + ("," if len(value) == 1 else "") + ")"
    return repr(value)


@st.composite
def _layout(draw, good: bool):
    shape = draw(_shape(_SMALL if good else st.one_of(_SMALL, _ANY_INT, st.none(), st.just("x"))))
    if not draw(st.booleans()):
        return _text(shape)
    strides = _strides_like(shape, draw)
    return f"{_text(shape)}:{_text(strides)}"


def _strides_like(shape, draw):
    if isinstance(shape, tuple):
        return tuple(_strides_like(mode, draw) for mode in shape)
    return draw(st.integers(min_value=0, max_value=64))


@st.composite
def expressions(draw):
    good = draw(st.booleans())
    a = draw(_layout(good))
    tiler = _text(draw(_shape(st.integers(min_value=0 if not good else 1, max_value=4))))
    b = draw(_layout(good))
    calls = [
        f"coalesce({a})", f"complement({a})", f"right_inverse({a})", f"left_inverse({a})", f"size({a})",
        f"cosize({a})", f"logical_divide({a}, {tiler})", f"zipped_divide({a}, {tiler})",
        f"flat_divide({a}, {tiler})", f"composition({a}, {b})", f"logical_product({a}, {b})",
        f"blocked_product({a}, {b})", f"raked_product({a}, {b})", f"tiled_product({a}, {b})",
        f"swizzle({draw(st.integers(-2, 12))},{draw(st.integers(-2, 12))},{draw(st.integers(-12, 12))}, {a})",
        f"complement({a}, {draw(_ANY_INT)})", f"group_modes({a}, {draw(_ANY_INT)}, {draw(_ANY_INT)})",
    ]
    return draw(st.sampled_from(calls))


def _outcome(expr: str) -> str:
    """What evaluating `expr` does, found in a forked child so that a crash fails the test with the expression
    instead of killing pytest: "refused", "read back", "differs: ..." or "crashed: SIG...".."""
    from cute_inspect.render.layout_expr import LayoutExprError, evaluate

    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_end)
        try:
            result = evaluate(expr)
            if ":" in result.text and not result.text.startswith("S<"):  # the tool reads its own output
                again = evaluate(result.text).text
                said = "read back" if again == result.text else f"differs: {result.text} -> {again}"
            else:
                said = "read back"
        except LayoutExprError as error:
            said = "refused" if str(error) and "\n" not in str(error).strip() else f"bad message: {error!r}"
        except BaseException as error:  # noqa: BLE001 - any other exception is the failure being looked for
            said = f"raised {type(error).__name__}: {error}"
        os.write(write_end, said.encode()[:4000])
        os._exit(0)
    os.close(write_end)
    _, status = os.waitpid(pid, 0)
    with os.fdopen(read_end, "rb") as pipe:
        said = pipe.read().decode()
    if os.WIFSIGNALED(status):
        return f"crashed: {signal.Signals(os.WTERMSIG(status)).name}"
    return said


@SETTINGS
@given(expressions())
def test_a_generated_layout_expression_evaluates_readably_or_is_refused(expr):
    assert _outcome(expr) in ("refused", "read back"), expr


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(expressions())
def test_a_generated_layout_expression_on_the_command_line_is_one_line_or_a_result(tmp_path_factory, expr):
    folder = tmp_path_factory.mktemp("layout")
    code, out, err = run_in_process(["layout", expr], folder)
    assert code in (OK, ERROR)
    if code == ERROR:
        assert one_line(err).startswith("cute-inspect: ") and len(err.strip().splitlines()) == 1
    else:
        assert out.splitlines()[-1].startswith("result: ")


# ---- source files for --fix

_NOISE = st.sampled_from([
    "\f", "\u2028", "\u2029", "\x1c", "\x85", "\v", "é", "😀", "名", "\t", "\\n", " ", "\"", "#",
])
_ENDINGS = st.sampled_from(["\n", "\r\n", "\r"])


@st.composite
def kernels(draw):
    """A kernel whose partition of gA is named tCgB, with noise in strings and comments above, beside and below."""
    noise = lambda: "".join(draw(st.lists(_NOISE, max_size=4)))  # noqa: E731
    ending = draw(_ENDINGS)
    before = [f"    s{i} = '{noise()}'" for i in range(draw(st.integers(0, 3)))]
    if draw(st.booleans()):
        before.append(f"    # {noise()}")
    if draw(st.booleans()):
        before.append("    \f")  # a form feed alone on a line: whitespace to Python, a line break to str.splitlines
    prefix = draw(st.sampled_from(["", "e = '😀'; ", "é = 1; ", "t = '\u2028'; "]))
    comment = draw(st.sampled_from(["", "  # é", "  # \u2028", "  # noqa: E501"]))
    lines = ["@cute.kernel", "def k(thr_mma, gA):", *before, f"    {prefix}tCgB = thr_mma.partition_A(gA){comment}",
             f"    u = '{noise()}'", "    return tCgB"]
    return ending.join(lines) + ending


@SETTINGS
@given(kernels())
def test_fix_changes_exactly_the_rename_whatever_surrounds_it(text):
    fixed, count = fix_text(text)
    assert count == 1
    assert fixed == text.replace("tCgB", "tCgA")
    assert [f.code for f in lint_source(fixed)] == []


@SETTINGS
@given(kernels())
def test_the_finding_points_at_the_name_in_characters(text):
    finding = next(f for f in lint_source(text) if f.code == "CI105")
    line = source_lines(text)[finding.line - 1]
    assert line[finding.column - 1:].startswith("tCgB")


# ---- lines and columns

_TEXT = st.text(alphabet=st.sampled_from(["a", "é", "😀", "名", "\f", "\u2028", "\x85", "\t", " ", "\r", "\n"]),
                max_size=40)


@SETTINGS
@given(_TEXT)
def test_source_lines_are_the_lines_python_numbers(text):
    lines = source_lines(text)
    assert "".join(lines) == text
    program = "x = " + repr(text) + "\ny = 1\n"
    tree = ast.parse(program)
    assert tree.body[1].lineno == len(source_lines(program)) == 2


@SETTINGS
@given(_TEXT.filter(lambda t: "\n" not in t and "\r" not in t), st.data())
def test_columns_round_trip_through_every_encoding(line, data):
    index = data.draw(st.integers(min_value=0, max_value=len(line)))
    for encoding in ("utf-8", "utf-16", "utf-32"):
        assert from_units(line, to_units(line, index, encoding), encoding) == index
    assert to_units(line, index, "utf-16") == len(line[:index].encode("utf-16-le")) // 2
    assert char_column(line, len(line[:index].encode())) == index


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16", "utf-32"])
def test_a_column_inside_a_surrogate_pair_lands_after_it(encoding):
    assert from_units("😀x", 1, encoding) == 1
