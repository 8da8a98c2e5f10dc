"""The tracer's shortcuts give what the slow ways they replace give, and a cache never answers for the wrong key."""

import inspect
import os

import pytest

from cute_inspect.trace import patch, shape, source


def _f(a, b, c=3, *, d=None, e=5):
    return a, b, c, d, e


def _g(a, /, b, *rest, **extra):
    return a, b, rest, extra


def _h(x, y=None):
    return x, y


def _copy(atom, src, dst, *, pred=None, **kwargs):  # `cute.copy`'s parameters
    return atom, src, dst, pred, kwargs


@pytest.mark.parametrize("function, args, kwargs", [
    (_f, (1, 2), {}),
    (_f, (1,), {}),
    (_f, (1, 2, 3), {"e": 9}),
    (_f, (1,), {"e": 9, "c": 4}),  # keywords are bound in parameter order, not the call's
    (_f, (), {"d": 1, "a": 2}),
    (_f, (1, 2), {"b": 3}),  # given twice: does not bind
    (_f, (1, 2, 3, 4), {}),  # too many: does not bind
    (_f, (1,), {"zzz": 1}),  # unknown keyword: does not bind
    (_g, (1, 2, 3, 4), {"k": 5}),  # *rest and **extra: inspect binds them
    (_g, (), {"a": 1}),  # positional-only given by keyword: does not bind
    (_h, (1,), {"y": 2}),
    (_g, (1, 2), {}),  # *rest and **extra given nothing
    (_g, (1,), {}),
    (_copy, (1, 2, 3), {}),
    (_copy, (1, 2, 3), {"pred": 4}),
    (_copy, (1, 2, 3), {"tma_bar_ptr": 5}),
    (_copy, (1, 2, 3, 4), {}),  # too many: does not bind
])
def test_binding_a_call_gives_what_bind_partial_gives(function, args, kwargs):
    signature = inspect.signature(function)
    try:
        expected = dict(signature.bind_partial(*args, **kwargs).arguments)
    except TypeError:
        expected = {}
    got = patch._bind(signature, args, dict(kwargs))
    assert got == expected and list(got) == list(expected)


def test_a_code_objects_positions_are_its_own_when_another_held_its_id():
    code = compile("x = 1\ny = f(x)\n", "<a>", "exec")
    other = compile("pass\n", "<b>", "exec")
    patch_positions = source._POSITIONS
    patch_positions[id(code)] = (other, ())  # as if `other` had lived at this address before
    try:
        positions = tuple(code.co_positions())
        assert source._positions(code) == (tuple(p[0] for p in positions), tuple(p[2] for p in positions))
    finally:
        patch_positions.pop(id(code), None)


def test_a_relative_file_name_is_made_absolute_in_the_directory_of_the_moment(tmp_path):
    here = os.getcwd()
    first, second = tmp_path / "one", tmp_path / "two"
    first.mkdir()
    second.mkdir()
    try:
        os.chdir(first)
        assert source.absolute("kernel.py") == str(first / "kernel.py")
        os.chdir(second)
        assert source.absolute("kernel.py") == str(second / "kernel.py")
    finally:
        os.chdir(here)
    assert source.absolute(str(first / "a" / ".." / "k.py")) == str(first / "k.py")


def test_type_info_prints_each_type_once_inside_a_trace_and_forgets_it_after():
    ir = pytest.importorskip("cutlass._mlir.ir")

    class Holder:
        def __init__(self, typ):
            self.type = typ

    text = '!cute.memref<f16, smem, align<1024>, "((64,16),1,4):((64,1),0,16)">'
    with ir.Context(), ir.Location.unknown():
        typ = ir.Type.parse(text)
        plain = shape.type_info(Holder(typ))
        with shape.types_cached():
            first = shape.type_info(Holder(typ))
            again = shape.type_info(Holder(ir.Type.parse(text)))  # another Python object, the same MLIR type
            assert shape._by_type is not None and len(shape._by_type) == 1
            assert shape.type_info(Holder(ir.IntegerType.get_signless(32))) is None  # not a CuTe type
        assert shape._by_type is None
    assert plain.text == first.text == again.text == text
    assert first.shape == ((64, 16), 1, 4) and first.layout == "((64,16),1,4):((64,1),0,16)"


@pytest.mark.parametrize("name", ["kernel_cutlass_kernel_mod_Tensorgmem_1", 'with"quote', "back\\slash", "caf\u00e9",
                                  "tab\there"])
def test_a_symbol_name_reads_as_its_printed_text(name):
    ir = pytest.importorskip("cutlass._mlir.ir")
    from cute_inspect.trace import tracer

    with ir.Context():
        attr = ir.StringAttr.get(name)
        assert tracer._symbol_text(attr, ir) == str(attr).strip('"')


def test_mlir_text_prints_a_type_or_attribute_once_inside_a_trace():
    ir = pytest.importorskip("cutlass._mlir.ir")

    with ir.Context():
        attr, typ = ir.StringAttr.get("tiler"), ir.IntegerType.get_signless(16)
        assert shape.mlir_text(attr) == str(attr) and shape._texts is None
        with shape.types_cached():
            assert shape.mlir_text(attr) == str(attr) and shape.mlir_text(typ) == str(typ)
            assert shape.mlir_text(ir.IntegerType.get_signless(16)) == "i16"  # the same type, another object
            assert shape.mlir_text(3) == "3"  # anything else is printed as it is
            assert len(shape._texts) == 2
        assert shape._texts is None
