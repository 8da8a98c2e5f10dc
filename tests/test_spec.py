"""The shape-spec language: parsing, matching, binding and the messages of `expect` (no compile needed)."""

import pytest

from cute_inspect import ShapeCheckError, SpecError, expect
from cute_inspect.trace.shape import DYNAMIC, TypeInfo, format_shape, parse_shape
from cute_inspect.check.spec import match, parse_spec


@pytest.mark.parametrize("spec, text", [
    ("((MMA_M,MMA_K), MMA_RestM, MMA_RestK, RestK)", "((MMA_M, MMA_K), MMA_RestM, MMA_RestK, RestK)"),
    ("(CPY, CPY_M, CPY_K, k_tiles)", "(CPY, CPY_M, CPY_K, k_tiles)"),
    ("(_, ?, ..., 4)", "(_, ?, ..., 4)"),
    ("((128,16),*rest)", "((128, 16), *rest)"),
    ("()", "()"),
])
def test_valid_specs_parse(spec, text):
    assert str(parse_spec(spec)) == text


@pytest.mark.parametrize("spec, message", [
    ("(a b)", "modes are separated with commas"),
    ("((a,b)", "unbalanced '('"),
    ("a, b", "wrap them in parentheses"),
    ("(a, ..., ...)", "at most one '...'"),
    ("(a,)", "unexpected ')'"),
    ("", "empty shape spec"),
    ("(a, $)", "unexpected '$'"),
    ("...", "must stand inside a tuple"),
])
def test_invalid_specs_say_what_to_write(spec, message):
    with pytest.raises(SpecError) as info:
        parse_spec(spec)
    assert message in str(info.value)


def test_symbols_bind_on_first_use_and_must_agree():
    bindings = {}
    assert match(parse_spec("(bM, bK, RestK)"), (128, 64, 4), bindings) is None
    assert bindings == {"bM": 128, "bK": 64, "RestK": 4}
    found = match(parse_spec("(bM, bK)"), (128, 32), bindings)
    assert found.path == (1,) and "bK is 64, found 32" in found.reason


def test_one_symbol_for_a_nested_mode():
    bindings = {}
    assert match(parse_spec("(MMA, MMA_M, MMA_K)"), (((2, 2), 2), 4, 2), bindings) is None
    assert bindings["MMA"] == ((2, 2), 2)


def test_dynamic_extents():
    bindings = {}
    assert match(parse_spec("(128, 64, ?)"), (128, 64, DYNAMIC), bindings) is None
    assert match(parse_spec("(128, 64, RestK)"), (128, 64, DYNAMIC), bindings) is None
    assert bindings["RestK"] is DYNAMIC
    found = match(parse_spec("(128, 64, ?)"), (128, 64, 16), {})
    assert "expected a run-time extent, found the static 16" in found.reason
    found = match(parse_spec("(128, 64, 16)"), (128, 64, DYNAMIC), {})
    assert "expected 16, found a run-time extent" in found.reason


def test_variadic_modes():
    assert match(parse_spec("(CPY, ..., k)"), ((8, 1), 1, 4, 3), {}) is None
    bindings = {}
    assert match(parse_spec("((128,16), *rest)"), ((128, 16), 1, 4, 16), bindings) is None
    assert bindings["rest"] == (1, 4, 16)
    found = match(parse_spec("(a, b, ..., c)"), (1, 2), {})
    assert "at least 3 modes, found 2" in found.reason


def test_rank_and_nesting_mismatches_name_the_mode():
    found = match(parse_spec("((128,16), 1, 4)"), ((128, 16), 1, 4, 16), {})
    assert found.path == () and "expected 3 modes, found 4" in found.reason
    found = match(parse_spec("((a, b), c)"), (128, 4), {})
    assert found.path == (0,) and "single mode 128" in found.reason


def test_expect_on_plain_shapes_passes_and_fails_with_a_layered_message():
    expect(((128, 16), 1, 4, 16), "((MMA_M, MMA_K), MMA_RestM, MMA_RestK, RestK)", MMA_M=128)
    with pytest.raises(ShapeCheckError) as info:
        tCgA = ((128, 16), 1, 4, 16)
        expect(tCgA, "((MMA_M, MMA_K), MMA_RestM, MMA_RestK, RestK)", MMA_RestK=2)
    lines = str(info.value).splitlines()
    assert lines[0].startswith("tests/test_spec.py:") or "test_spec.py:" in lines[0]
    assert "`tCgA` has shape ((128,16),1,4,16)" in lines[0]
    assert "mode 2: MMA_RestK is 2, found 4" in lines[1]
    assert "MMA_RestK=2" in lines[-1]


def test_expect_rejects_bad_dims_and_values():
    with pytest.raises(SpecError, match="a dim is an int"):
        expect((1, 2), "(a, b)", a=True)
    with pytest.raises(SpecError, match="takes a CuTe tensor, layout or shape tuple"):
        expect("(1,2)", "(a, b)")


def test_checks_can_be_switched_off(monkeypatch):
    monkeypatch.setenv("CUTE_INSPECT_CHECKS", "0")
    expect((1, 2), "(3, 4)")


def test_shapes_and_types_read_from_mlir_type_strings():
    assert parse_shape("((128,16),1,4,?{i64 div=16})") == ((128, 16), 1, 4, DYNAMIC)
    assert format_shape(((128, 16), 1, DYNAMIC)) == "((128,16),1,?)"
    smem = TypeInfo('!cute.memref<f16, smem, align<128>, S<3,4,3>, "((128,16),1,4,8):((64,1),0,16,8192)">')
    assert (smem.memspace, smem.dtype, smem.swizzle) == ("smem", "f16", "S<3,4,3>")
    assert smem.shape == ((128, 16), 1, 4, 8)
    coord = TypeInfo('!cute.coord_tensor<"(0,0)", "(128,64,8,16,1):(1@1,1@0,128@1,64@0,0)">')
    assert (coord.memspace, coord.shape) == ("coord", (128, 64, 8, 16, 1))
    with pytest.raises(ValueError) as info:
        parse_shape("(1 2)")
    assert "expected ',' or ')' at column 4" in str(info.value)


def test_arithmetic_of_bound_symbols():
    assert str(parse_spec("(2*MMA_M, N-1, *rest)")) == "(2*MMA_M, N-1, *rest)"
    bindings = {"K": 1000}
    assert match(parse_spec("(bM, bK, K/bK)"), (128, 64, 16), bindings) is None
    found = match(parse_spec("(bM, bK, K/bK)"), (128, 64, 15), {"K": 1000})
    assert found.path == (2,) and found.reason == "K/bK is 16, found 15"
    assert match(parse_spec("(a*b+c)"), (7,), {"a": 2, "b": 3, "c": 1}) is None
    assert match(parse_spec("(K/64)"), (DYNAMIC,), {"K": DYNAMIC}) is None
    with pytest.raises(SpecError) as info:
        match(parse_spec("(K/64)"), (16,), {})
    assert "`K` has no value yet: pass K=..." in str(info.value)
    with pytest.raises(SpecError) as info:
        parse_spec("(a, *)")
    assert "unexpected '*'" in str(info.value)


def test_expect_binds_dims_for_expressions():
    expect((128, 64, 16), "(bM, bK, K/bK)", K=1024)
    with pytest.raises(ShapeCheckError) as info:
        expect((128, 64, 15), "(bM, bK, K/bK)", K=1024)
    assert "mode 2: K/bK is 16, found 15" in str(info.value)


def test_composed_layouts_read_their_swizzle_and_shape():
    info = TypeInfo('!cute.memref<f16, smem, align<16>, "S<3,3,3> o 0 o (128,32,3):(32,1,4096)">')
    assert info.shape == (128, 32, 3) and info.swizzle == "S<3,3,3>"
    assert info.layout == "(128,32,3):(32,1,4096)"
    assert TypeInfo('!cute.composed_layout<"S<3,3,3> o 0 o (128,32):(32,1)">').shape == (128, 32)
    desc = TypeInfo('!cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "(1,1,4,4):(0,0,2,1024)">')
    assert (desc.kind, desc.memspace, desc.dtype, desc.shape) == ("smem_desc_view", "rmem", "smem_desc", (1, 1, 4, 4))


def test_axes_come_only_from_axis_order_suffixes_of_unpartitioned_names():
    from cute_inspect.trace.levels import axes_of

    assert axes_of("mA_mkl", 3) == ("M", "K", "L")
    assert axes_of("mQ_qdl", 3) == ("Q", "D", "L")
    assert axes_of("tRS_rD_out", 3) == (None, None, None)
    assert axes_of("sA_pipe", 4) == (None,) * 4
    assert axes_of("gA_mk", 3) == (None,) * 3
