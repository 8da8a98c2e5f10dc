"""Layout grids: cell contents of known layouts (plain, swizzled, SM80 16x8x16 MMA thread-value layouts)."""

import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from _cli import ROOT, cute_inspect
from cute_inspect.render._layout import LayoutTextError, StaticLayout
from cute_inspect.render.grid import layout_svg, tv_layout_svg

SVG = "{http://www.w3.org/2000/svg}"


def cells(svg: str) -> dict:
    """(row, col) -> (data attributes, texts) for every cell group of a grid SVG."""
    out = {}
    for g in ET.fromstring(svg).iter(f"{SVG}g"):
        if "cell" in g.get("class", "").split():
            texts = [t.text for t in g.iter(f"{SVG}text")]
            out[(int(g.get("data-row")), int(g.get("data-col")))] = (dict(g.attrib), texts)
    return out


def test_row_major_layout_shows_each_coordinates_index():
    grid = cells(layout_svg("(8,4):(4,1)"))
    assert len(grid) == 32
    for (m, n), (attrs, texts) in grid.items():
        assert texts == [str(4 * m + n)] and attrs["data-index"] == str(4 * m + n)


def test_shape_without_stride_is_column_major_and_rank_one_is_a_column():
    assert cells(layout_svg("(4,2)"))[(1, 1)][1] == ["5"]
    column = cells(layout_svg("6:2"))
    assert sorted(column) == [(m, 0) for m in range(6)] and column[(5, 0)][1] == ["10"]


def test_swizzle_moves_chunks_by_xor_of_the_row():
    # Swizzle<3,4,3>: bits 7..9 of the offset (which pair of 64-element rows) are XORed into bits 4..6 (which
    # 16-element chunk), so the chunks of rows 2-3 swap pairwise, those of rows 4-5 by fours, and so on
    grid = cells(layout_svg("S<3,4,3> o 0 o (8,64):(64,1)"))
    assert grid[(1, 8)][1] == ["72"]  # offset 72 has no bit in 7..9: unchanged
    assert grid[(2, 0)][1] == ["144"]  # 128 -> bit 7 set -> XOR 16
    assert grid[(3, 17)][1] == ["193"]  # 209 -> bit 7 set -> XOR 16
    for (m, n), (_, texts) in grid.items():
        plain = 64 * m + n
        assert int(texts[0]) == plain ^ ((plain >> 7) & 7) << 4


def _cute_evaluates(rows: int, cols: int, tmp_path) -> list:
    """CuTeDSL's own layout((m, n)) of S<3,4,3> o 0 o (8,64):(64,1), evaluated in a fresh sm_80 process (the DSL
    compiles only functions whose source file it can read)."""
    script = (
        "import json\nimport cutlass.cute as cute\nfrom cute_inspect.render.grid import layout_svg\n"
        "out = []\n"
        "@cute.jit\n"
        "def f():\n"
        "    lay = cute.make_composed_layout(cute.make_swizzle(3, 4, 3), 0,"
        " cute.make_layout((8, 64), stride=(64, 1)))\n"
        f"    out.extend(lay((m, n)) for m in range({rows}) for n in range({cols}))\n"
        "    out.append(layout_svg(lay))  # a layout object built in user code draws too\n"
        "cute.compile(f)\n"
        "print(json.dumps(out))\n"
    )
    path = tmp_path / "evaluate_swizzle.py"
    path.write_text(script)
    done = subprocess.run([sys.executable, str(path)], capture_output=True, text=True, timeout=300,
                          env={**os.environ, "CUTE_DSL_ARCH": "sm_80"}, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_swizzle_grid_agrees_with_cutedsl(tmp_path):
    *expected, drawn_in_jit = _cute_evaluates(8, 64, tmp_path)
    svg = layout_svg("S<3,4,3> o 0 o (8,64):(64,1)")
    assert drawn_in_jit == svg
    grid = cells(svg)
    assert [int(grid[(m, n)][1][0]) for m in range(8) for n in range(64)] == expected


def test_a_swizzled_pointers_byte_swizzle_is_drawn_per_element():
    # CuTeDSL's SW128 atom puts S<3,4,3> on the pointer for every dtype: it permutes 16-byte chunks of bytes
    f16 = StaticLayout.parse('!cute.memref<f16, smem, align<128>, S<3,4,3>, "(8,64):(64,1)">')
    assert str(f16) == "S<3,3,3> o 0 o (8,64):(64,1)" and f16((1, 0)) == 72  # byte 128 -> 144, element 64 -> 72
    f32 = StaticLayout.parse('!cute.memref<f32, smem, align<128>, S<3,4,3>, "(8,32):(32,1)">')
    assert str(f32) == "S<3,2,3> o 0 o (8,32):(32,1)" and f32((1, 0)) == 36
    fp8 = StaticLayout.parse('!cute.memref<f8E4M3FN, smem, S<3,4,3>, "(8,128):(128,1)">')
    assert fp8.swizzle.base == 4
    # a composed layout inside the quotes is layout algebra on element offsets already
    composed = StaticLayout.parse('!cute.memref<f16, smem, align<128>, "S<3,3,3> o 0 o (8,64):(64,1)">')
    assert str(composed) == "S<3,3,3> o 0 o (8,64):(64,1)"


def _tv_cells(operand: str, tmp_path) -> dict:
    """The SM80 16x8x16 MMA's TV layout of `operand`, asked of CuTeDSL and drawn by the CLI."""
    out = tmp_path / f"tv_{operand}.svg"
    done = cute_inspect("layout", f'mma_tv("sm80_16x8x16", "{operand}")', "--svg", str(out),
                        env={"CUTE_DSL_ARCH": "sm_80"})
    assert done.returncode == 0, done.stderr
    return cells(out.read_text())


def _owners(grid: dict) -> dict:
    return {(int(a["data-thread"]), int(a["data-value"])): rc for rc, (a, texts) in grid.items()
            if "data-thread" in a and texts == [f"T{a['data-thread']}", f"V{a['data-value']}"]}


def test_sm80_mma_a_fragment_matches_the_ptx_isa(tmp_path):
    # PTX ISA, mma.m16n8k16 .f16 A: a_i at row groupID (+8 for i in 2,3,6,7), column 2*tig + (i & 1) (+8 for i >= 4)
    grid = _tv_cells("A", tmp_path)
    owners = _owners(grid)
    assert len(grid) == 16 * 16 and len(owners) == 32 * 8
    for (t, v), (m, k) in owners.items():
        assert m == (t >> 2) + 8 * ((v >> 1) & 1) and k == 2 * (t % 4) + (v & 1) + 8 * (v >> 2), (t, v)


def test_sm80_mma_b_and_c_fragments_match_the_ptx_isa(tmp_path):
    b = _owners(_tv_cells("B", tmp_path))  # tile (N, K) = (8, 16): b_i at k = 2*tig + (i & 1) + 8*(i >= 2)
    assert len(b) == 32 * 4
    assert all(n == t >> 2 and k == 2 * (t % 4) + (v & 1) + 8 * (v >> 1) for (t, v), (n, k) in b.items())
    c = _owners(_tv_cells("C", tmp_path))  # tile (M, N) = (16, 8): c_i at row groupID + 8*(i >= 2)
    assert len(c) == 32 * 4
    assert all(m == (t >> 2) + 8 * (v >> 1) and n == 2 * (t % 4) + (v & 1) for (t, v), (m, n) in c.items())


def test_tv_cells_no_thread_reaches_stay_blank():
    grid = cells(tv_layout_svg("(2,2):(1,2)", (4, 2)))  # 4 (thread, value) pairs over 8 cells
    assert sum("empty" in a["class"] for a, _ in grid.values()) == 4
    assert grid[(1, 0)][1] == ["T1", "V0"] and grid[(2, 0)][1] == ["T0", "V1"]


@pytest.mark.parametrize("text, message", [
    ("(8,4,2):(1,8,32)", "group modes first"),
    ("(8,4):(1,(2,3))", "do not nest alike"),
    ("(8,?):(1,8)", "run-time"),
    ("(512,512):(1,512)", "draw a tile of it instead"),
    ("eight by four", "SHAPE:STRIDE"),
])
def test_undrawable_layouts_say_what_to_do(text, message):
    with pytest.raises(LayoutTextError, match=message):
        layout_svg(text)


def test_docstring_examples_run():
    import doctest

    from cute_inspect.render import _layout, grid

    for module in (grid, _layout):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0, module.__name__
