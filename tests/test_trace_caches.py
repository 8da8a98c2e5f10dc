"""The tracer's shortcuts give what the slow ways they replace give, and a cache never answers for the wrong key."""

import ast
import dataclasses
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
    # the caches hold what was found for the process's one set of originals: this probe's own are let go after
    saved = dict(patch._SCANNED), list(patch._BINDING)
    patch._SCANNED.clear()
    try:
        before = patch._modules_binding(originals)
        assert all(found is not module for found, _ in before)
        sys.modules[module.__name__] = module
        try:
            assert (module, ("bound_here",)) in patch._modules_binding(originals)
        finally:
            del sys.modules[module.__name__]
        assert all(found is not module for found, _ in patch._modules_binding(originals))
    finally:
        patch._SCANNED.clear()
        patch._SCANNED.update(saved[0])
        patch._BINDING[:] = saved[1]


@pytest.mark.parametrize("changes", [
    {}, {"axis": "M"}, {"leaf_axes": (None, ("var", 3))}, {"level": "copy", "role": "rest", "origin": 7, "rule": "like"},
    {"var": 5, "axis": None, "axis_rule": None, "mma": "qk"},
])
def test_replacing_a_labels_fields_gives_what_dataclasses_replace_gives(changes):
    label = levels.ModeLabel("mma", "atom", axis="K", origin=2, mma="pv", rule="gemm", axis_rule="mma_k", var=4,
                             leaf_axes=(("var", 1),))
    got, expected = levels.replace(label, **changes), dataclasses.replace(label, **changes)
    assert type(got) is levels.ModeLabel and got is not label
    assert vars(got) == vars(expected) and list(vars(got)) == list(vars(expected))
    assert got == expected and hash(got) == hash(expected) and str(got) == str(expected)
    with pytest.raises(dataclasses.FrozenInstanceError):
        got.axis = "N"
    assert vars(label) == vars(levels.ModeLabel("mma", "atom", axis="K", origin=2, mma="pv", rule="gemm",
                                                  axis_rule="mma_k", var=4, leaf_axes=(("var", 1),)))


def test_replacing_anything_but_a_labels_fields_is_left_to_dataclasses():
    label = levels.ModeLabel("block", "atom")
    with pytest.raises(TypeError):
        levels.replace(label, colour="red")
    site = source.CallSite("k.py", 3, 4, "kernel")
    assert levels.replace(site, line=5) == dataclasses.replace(site, line=5)


def test_the_names_holding_a_value_are_those_an_identity_scan_finds_in_order():
    from cute_inspect.trace import tracer

    big, other = [1], [1]  # equal, not the same: only identity counts
    values = {"a": other, "b": big, "self": big, "c": 3, "d": big, ".0": big}
    assert tracer._names_holding(values, big) == [k for k, v in values.items() if v is big] == ["b", "self", "d", ".0"]
    assert tracer._names_holding(values, object()) == [] and tracer._names_holding({}, big) == []


def test_an_install_puts_back_the_wrappers_it_made_before_and_restore_the_originals():
    pytest.importorskip("cutlass.cute")
    import cutlass.cute as cute
    from cutlass.cute.tensor import _Tensor

    original, getitem = cute.local_tile, _Tensor.__dict__["__getitem__"]
    made = []
    for _ in range(2):
        with patch.observing(object()):
            made.append((cute.local_tile, _Tensor.__dict__["__getitem__"]))
        assert cute.local_tile is original and _Tensor.__dict__["__getitem__"] is getitem
    assert made[0][0] is made[1][0] and made[0][1] is made[1][1]
    assert made[0][0].__wrapped__ is original and made[0][1].__wrapped__ is getitem
    assert patch._made_once(patch._wrap, "op", {}.get) is not None  # a built-in method: hashed, made once
    assert patch._module("os") is os


def test_statement_answers_read_once_per_node_are_those_of_the_node(tmp_path):
    path = tmp_path / "k.py"
    path.write_text("y = t[i, None, j]\nz = self.kernel(a, make(b)).launch(grid=g)\nw = f(*a).launch()\n")
    file = str(path)
    first = source.statement_at(file, 1)
    assert source.subscript_indices(source.CallSite(file, 1, 4, "f")) == ("i", "None", "j")
    assert source.subscript_indices(source.CallSite(file, 1, 5, "f")) is None  # not where a subscription starts
    launched = source._launched_calls(source.statement_at(file, 2))
    assert [ast.unparse(c) for c in launched] == ["self.kernel(a, make(b))"]
    assert source._launched_calls(source.statement_at(file, 3)) == ()  # starred: not read
    path.write_text("y = t[k]\n")
    source.source_of.cache_clear()
    import linecache
    linecache.checkcache(file)
    assert source.statement_at(file, 1) is not first
    assert source.subscript_indices(source.CallSite(file, 1, 4, "f")) == ("k",)


def test_the_extents_an_assignment_names_are_read_once_per_node():
    from cute_inspect.trace import tracer

    node = ast.parse("tokens, hidden = x.shape").body[0]
    assert tracer._extents_named(node) is tracer._extents_named(node)
    assert tracer._extents_named(node) == tracer._extents_named.__wrapped__(node) == \
        (("x", 0, "tokens", 2), ("x", 1, "hidden", 2))


def _written_by_recursion(shape_) -> str:
    return "(" + ",".join(_written_by_recursion(s) for s in shape_) + ")" if isinstance(shape_, tuple) else str(shape_)


def test_a_shape_is_written_as_the_recursion_wrote_it():
    for shape_ in (7, (), (5,), ((128, 16), 1, 4), (((),),), ((1, (2, (3, 4)), ()), 5, ((6,),)), (("?", None), 2),
                   (shape.DYNAMIC, (1.5, True))):
        assert shape.format_shape(shape_) == _written_by_recursion(shape_)


class _SameAddress:
    """An MLIR value's stand-in whose hash is an address that a later value can take again once its op is erased."""

    def __init__(self, operands):
        self.owner = types.SimpleNamespace(operands=list(operands))

    def __hash__(self):
        return 0x7F00


def test_operand_cache_never_answers_for_another_value_at_the_same_address(monkeypatch):
    from cute_inspect.trace import tracer

    monkeypatch.setattr(tracer, "_defining", {})
    erased, later = _SameAddress(["erased operand"]), _SameAddress(["live operand"])
    assert tracer._operands(erased) == ("erased operand",)
    assert tracer._operands(later) == ("live operand",)
    assert tracer._operands(erased) == ("erased operand",)  # the same value again: answered from the cache


def test_loaded_values_know_an_smem_source_from_the_first_one_assigned_on():
    from cute_inspect.trace import tracer

    records = [types.SimpleNamespace(memspaces=("rmem",)), types.SimpleNamespace(memspaces=("gmem",))]
    loaded = tracer._LoadedValues(records)
    loaded[1], loaded[2] = 0, 1
    assert not loaded.smem and loaded == {1: 0, 2: 1}
    records.append(types.SimpleNamespace(memspaces=("smem",)))  # a record made after the map: seen when assigned
    loaded[1] = 2
    assert loaded.smem and loaded[1] == 2
    loaded[1] = 0  # overwritten by a register record: once read out of SMEM, a sum may still be of its partials
    assert loaded.smem and loaded.get(1) == 0


def test_partial_sums_are_followed_only_once_a_value_was_read_out_of_smem(monkeypatch):
    from cute_inspect.trace import tracer

    walked = []
    monkeypatch.setattr(tracer, "_summed_terms", lambda value: walked.append(value) or [])
    tracer_ = tracer._Tracer(tracer.Trace())
    tracer_.read_at[7] = (0, 1)
    tracer_.trace.records.append(types.SimpleNamespace(memspaces=("rmem",), meta={}))
    tracer_.loaded[7] = 0
    tracer_._partials_summed("v0")
    assert walked == []  # registers only: no sum can be of an SMEM buffer's partials
    tracer_.trace.records.append(types.SimpleNamespace(memspaces=("smem",), meta={}))
    tracer_.loaded[8] = 1
    tracer_._partials_summed("v1")
    assert walked == ["v1"]


def test_a_trace_leaves_the_heap_it_began_with_out_of_collections_and_gives_it_back():
    import gc

    import cute_inspect

    assert gc.get_freeze_count() == 0
    before = object()  # noqa: F841  (alive when the trace begins)
    with pytest.raises(ZeroDivisionError):
        with cute_inspect.trace():
            assert gc.get_freeze_count() > 0
            1 / 0
    assert gc.get_freeze_count() == 0  # given back when the block fails too


def test_a_trace_keeps_the_freeze_a_process_made_of_its_own():
    import gc

    import cute_inspect

    mine = []
    gc.freeze()
    try:
        with cute_inspect.trace():
            pass
        assert gc.get_freeze_count() > 0
        assert not any(o is mine for o in gc.get_objects())  # still frozen: in no generation the collector walks
    finally:
        gc.unfreeze()
    assert any(o is mine for o in gc.get_objects())


class _Defined:
    """An MLIR value's stand-in defined by an op of the given name."""

    def __init__(self, name):
        self.owner = types.SimpleNamespace(name=name, operands=[])


def test_a_value_a_load_issued_by_hand_returned_is_read_out_of_memory():
    # (`prims.load_ext` is `nvvm.load.ext`: the same loads `_loaded_by_hand` knows, not an address's arithmetic)
    from cute_inspect.trace import tracer

    for name in ("nvvm.load.ext", "llvm.load", "cute.memref.load"):
        assert not tracer._not_loaded(_Defined(name))
    assert tracer._not_loaded(_Defined("arith.addi"))
