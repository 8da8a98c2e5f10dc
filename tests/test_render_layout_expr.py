"""`cute-inspect layout EXPR`: safe parsing, and layout algebra evaluated by CuTeDSL step by step."""

import json
import os
import subprocess
import sys

import pytest

from _cli import ROOT, cute_inspect
from cute_inspect.render.layout_expr import LayoutExprError, parse


@pytest.mark.parametrize("expr, message", [
    ("__import__('os')", "unknown function `__import__`"),
    ("__import__('os').system('true')", "unexpected '.'"),
    ("composition.__globals__", "unexpected '.'"),
    ("(lambda: 1)()", "must join a shape and a stride"),
    ("size(1 if 1 else 2)", "`ifexp` is not layout algebra"),
    ("open('/etc/passwd')", "unknown function `open`"),
    ("[1, 2]", "unexpected '\\['"),
    ("size(x)", "unknown name `x`"),
    ("composition((8,4):(4,1), 3:7:1)", "cannot read"),
    ("composition(:(4,1))", "must join a shape and a stride"),
    ("size(True)", "True is not an int"),
])
def test_anything_but_layout_algebra_is_refused_before_evaluation(expr, message):
    with pytest.raises(LayoutExprError, match=message):
        parse(expr)


def test_layout_literals_become_layout_calls():
    tree = parse("composition((8,4):(4,1), 4:2)")
    call = tree.body
    assert call.func.id == "composition" and [a.func.id for a in call.args] == ["layout", "layout"]


def _layout(expr, *extra):
    done = cute_inspect("layout", expr, *extra, env={"CUTE_DSL_ARCH": "sm_80"})
    return done.returncode, done.stdout.splitlines(), done.stderr


def test_local_tile_is_derived_the_way_seed_002_derives_it():
    code, lines, err = _layout("local_tile((1024,256):(1,1024), (128,64), (0,None))")
    assert code == 0, err
    assert lines[0].endswith("zipped_divide((1024,256):(1,1024), (128,64)) = ((128,64),(8,4)):((1,1024),(128,65536))")
    assert "index the rest modes by (0,None) = ((128,64),4):((1,1024),65536)" in lines[1]
    assert "unfold the tile modes = (128,64,4):(1,1024,65536)" in lines[2]
    assert lines[-1] == "result: (128,64,4):(1,1024,65536)"


ALGEBRA = {
    "(8,4):(4,1)": "(8,4):(4,1)",
    "composition((8,4):(4,1), (4,2):(2,1))": "(4,2):(8,4)",
    "complement(4:2, 24)": "(2,3):(1,8)",
    "right_inverse((4,8):(8,1))": "(8,4):(4,1)",
    "blocked_product((2,2):(1,2), (3,4))": "((2,3),(2,4)):((1,4),(2,12))",
    "logical_divide((16,8), (4:2, 2))": "((4,(2,2)),(2,4)):((2,(1,8)),(16,32))",
    "flat_divide((16,8), (4,2))": "(4,2,4,4):(1,16,4,32)",
    "coalesce((2,(1,6)):(1,(6,2)))": "12:1",
    "size(zipped_divide((1024,256), (128,64)))": "262144",
    "swizzle(3,4,3, (8,64):(64,1))": "S<3,4,3> o 0 o (8,64):(64,1)",
}


def test_algebra_results_are_cutedsls():
    # one process for all (importing the DSL is the slow part); evaluate() compiles from its own source file
    script = ("import json, sys\nfrom cute_inspect.render.layout_expr import evaluate\n"
              "print(json.dumps({e: evaluate(e).text for e in json.loads(sys.argv[1])}))")
    done = subprocess.run([sys.executable, "-c", script, json.dumps(list(ALGEBRA))], capture_output=True,
                          text=True, timeout=300, cwd=ROOT, env={**os.environ, "CUTE_DSL_ARCH": "sm_80"})
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.splitlines()[-1]) == ALGEBRA


def test_svg_of_the_result_and_of_an_mma_tv_layout(tmp_path):
    out = tmp_path / "tiled.svg"
    code, lines, err = _layout("zipped_divide((4,8):(8,1), (2,4))", "--svg", str(out))
    assert code == 0, err
    svg = out.read_text()
    assert svg.startswith("<svg") and svg.count('class="cell"') == 32
    out = tmp_path / "tv.svg"
    code, lines, err = _layout("((4,8),(2,2)):((32,1),(16,8))", "--tv", "16,8", "--svg", str(out))
    assert code == 0, err
    assert 'data-row="8" data-col="0" data-thread="0" data-value="2"' in out.read_text()


def test_a_tiled_copys_tv_layout_is_drawn_over_its_tile(tmp_path):
    out = tmp_path / "copy.svg"
    code, lines, err = _layout("copy_tv((4,8):(8,1), (1,8))", "--svg", str(out))  # 32 threads in rows, 8 values each
    assert code == 0, err
    assert lines[-2] == "result: ((8,4),8):((32,1),4)"
    svg = out.read_text()
    assert svg.count('class="cell"') == 4 * 64
    for row, col, thread, value in [(0, 0, 0, 0), (0, 7, 0, 7), (0, 8, 1, 0), (1, 0, 8, 0), (3, 63, 31, 7)]:
        assert f'data-row="{row}" data-col="{col}" data-thread="{thread}" data-value="{value}"' in svg


def test_errors_are_one_line_and_exit_2():
    code, lines, err = _layout("local_tile((1024,256), (128,64), (0,0,0))")
    assert code == 2 and err.startswith("cute-inspect: CuTeDSL rejected") and err.count("\n") == 1
    code, lines, err = _layout("eval('1')")
    assert code == 2 and "unknown function `eval`" in err
    code, lines, err = _layout("(8,4,2):(1,8,32)", "--svg", "unused.svg")
    assert code == 2 and "group modes first" in err
