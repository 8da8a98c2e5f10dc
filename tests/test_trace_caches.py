"""The tracer's shortcuts give what the slow ways they replace give, and a cache never answers for the wrong key."""

import inspect
import os
import sys
import types

import pytest

from cute_inspect.trace import levels, patch, shape, source


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


def _flattened_by_recursion(tree):
    if isinstance(tree, levels.ModeLabel):
        yield tree
    else:
        for t in tree:
            yield from _flattened_by_recursion(t)


def _leaves_by_recursion(tree):
    return [x for t in tree for x in _leaves_by_recursion(t)] if isinstance(tree, tuple) else [tree]


def test_flatten_and_leaves_walk_a_tree_in_the_order_the_recursion_did():
    a, b, c = (levels.ModeLabel("block", "atom", origin=i) for i in range(3))
    for tree in (a, (), (a,), (a, (b, (c,)), ()), ((((a,),),), b), ((), (a,), ()), [a, [b, (c,)]]):
        assert list(levels.flatten(tree)) == list(_flattened_by_recursion(tree))
    assert next(levels.flatten(((), (b, a))), None) is b
    with pytest.raises(TypeError):  # a text would be walked character by character for ever
        list(levels.flatten((a, "x")))
    for shape_ in (7, (), ((128, 16), 1, 4), (((),),), ((1, (2, (3, 4)), ()), 5, ((6,),)), (("?", None), 2)):
        assert shape.leaves(shape_) == _leaves_by_recursion(shape_)


def test_type_info_reads_a_values_type_once_inside_a_trace_and_answers_for_that_value_only():
    ir = pytest.importorskip("cutlass._mlir.ir")

    texts = ('!cute.layout<"((64,16),1,4):((64,1),0,16)">', '!cute.layout<"(4,8):(1,4)">')
    with ir.Context() as context, ir.Location.unknown():
        context.allow_unregistered_dialects = True
        ops = [ir.Operation.create("test.holder", results=[ir.Type.parse(text)]) for text in texts]
        first, second = (op.result for op in ops)  # MLIR values (CuTeDSL's layouts)
        assert isinstance(first, ir.Value) and first is not second
        with shape.types_cached():
            assert shape.type_info(first).text == texts[0]
            held = shape._by_value[id(first)]
            assert held[0] is first
            shape._by_value[id(second)] = (first, held[1])  # as if `first` had lived at this address before
            assert shape.type_info(second).text == texts[1]
            assert shape.type_info(first) is held[1]
        assert shape._by_value is None


def test_a_calls_parameter_names_are_read_once_per_signature_and_handed_out_afresh():
    signature = inspect.signature(_copy)
    call = patch.Call("copy", signature, (1, 2, 3), {})
    names = call.params
    assert names == ["atom", "src", "dst", "pred", "kwargs"]
    names.append("changed")
    assert patch.Call("copy", signature, (), {}).params == ["atom", "src", "dst", "pred", "kwargs"]

    class Atom:
        def partition(self, tensor):
            return tensor

    assert patch.Call("partition", inspect.signature(Atom.partition), (), {}).params == ["tensor"]


def test_the_modules_an_install_patches_are_found_again_when_a_module_is_loaded():
    original = _h
    originals = {id(original): (original, object())}
    module = types.ModuleType("cost_probe_module")
    module.bound_here = original
    before = patch._modules_binding(originals)
    assert all(found is not module for found, _ in before)
    sys.modules[module.__name__] = module
    try:
        assert (module, ("bound_here",)) in patch._modules_binding(originals)
    finally:
        del sys.modules[module.__name__]
    assert all(found is not module for found, _ in patch._modules_binding(originals))
