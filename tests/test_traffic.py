"""Bank conflicts and coalescing: the model on plain layouts, and every surface on traced kernels (no GPU).

The kernels' expected figures are the ones an H100 measured with ncu (docs/traffic.md, tests/test_traffic_gpu.py
checks them again on a GPU).
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from _cli import child_env, cute_inspect

from cute_inspect.trace import traffic as model
from cute_inspect.trace.copy_traffic import atom_kind, canonical_reason, traffic_text

ROOT = Path(__file__).resolve().parent.parent
L = model.Layout.parse


def _geometry(tv, tensor, elem, atom, tiler=("32:1", "32:1"), **kw):
    return model.CopyGeometry(tv=L(tv), tiler=tuple(L(t) for t in tiler), tensor=L(tensor), elem_bytes=elem,
                              atom_bytes=atom, **kw)


# -- the model on plain layouts ----------------------------------------------------------------------------
def test_a_warp_down_one_column_of_fp32_is_32_way():
    fig = model.smem_figure(_geometry("(32,1):(1,0)", "(32,32):(32,1)", 4, 4))
    assert (fig.wavefronts_per_instr, fig.ideal_wavefronts_per_instr, fig.ways) == (32, 1, 32)
    assert fig.colliding_lanes() == list(range(32))


def test_padding_a_row_by_one_word_removes_the_conflict():
    assert model.smem_figure(_geometry("(32,1):(1,0)", "(32,33):(33,1)", 4, 4)).ways == 1


def test_a_warp_along_a_row_is_conflict_free_and_coalesced():
    geo = _geometry("(32,1):(32,0)", "(32,32):(32,1)", 4, 4)
    assert model.smem_figure(geo).conflict_free
    fig = model.gmem_figure(geo)
    assert (fig.sectors_per_request, fig.ideal_sectors_per_request) == (4, 4)


def test_sixteen_byte_rows_conflict_8_way_and_swizzle_3_4_3_fixes_them():
    geo = _geometry("(32,8):(1,32)", "(32,8):(64,1)", 2, 16, tiler=("32:1", "8:1"))
    fig = model.smem_figure(geo)
    assert (fig.wavefronts_per_instr, fig.ideal_wavefronts_per_instr, fig.ways, fig.width) == (32, 4, 8, 16)
    assert model.fixing_swizzle(geo) == model.Swizzle(3, 4, 3)
    fixed = model.smem_figure(_geometry("(32,8):(1,32)", "(32,8):(64,1)", 2, 16, tiler=("32:1", "8:1"),
                                        swizzle=model.Swizzle(3, 4, 3)))
    assert fixed.conflict_free and fixed.wavefronts_per_instr == 4


def test_contiguous_atoms_of_a_lane_merge_up_to_16_bytes_when_aligned():
    merged = model.smem_figure(_geometry("(32,8):(8,1)", "256:1", 2, 4, tiler=("256:1",), merge=True))
    assert (merged.width, merged.instructions) == (16, 1)  # one warp, one 16-byte load a lane
    unmerged = model.smem_figure(_geometry("(32,8):(8,1)", "256:1", 2, 4, tiler=("256:1",)))
    assert unmerged.width == 4


def test_ldmatrix_rows_are_served_eight_a_phase():
    # x4: lanes 0-15 rows 0-15 at column 0, lanes 16-31 at column 8, 128-byte rows: each phase one bank group
    geo = _geometry("((16,2),(8,1)):((1,128),(16,0))", "(16,64):(64,1)", 2, 16, tiler=("16:1", "16:1"),
                    rows=True, matrices=4)
    fig = model.smem_figure(geo)
    assert (fig.wavefronts_per_instr, fig.ideal_wavefronts_per_instr) == (32, 4)


def test_bypass_cp_async_is_served_64_bytes_a_wavefront():
    geo = _geometry("(32,8):(8,1)", "256:1", 2, 16, tiler=("256:1",), bypass=True)
    assert model.smem_figure(geo).wavefronts_per_instr == 8


def test_sectors_of_a_strided_warp():
    assert model.sectors([i * 128 for i in range(32)], 4) == 32
    assert model.sectors(list(range(0, 128, 4)), 4) == 4
    assert model.ideal_sectors(32, 16) == 16


def test_swizzles_read_from_type_texts_act_on_bytes():
    pointer = '!cute.memref<f16, smem, align<16>, S<3,4,3>, "((8,1),2,2):((1,0),2048,32)">'
    composed = '!cute.memref<f16, smem, "S<3,3,3> o 0 o (64,64):(64,1)">'
    assert model.split_swizzle(pointer, 2) == model.Swizzle(3, 4, 3)
    assert model.split_swizzle(composed, 2) == model.Swizzle(3, 4, 3)
    assert model.split_swizzle('!cute.memref<f32, smem, "(32,32):(32,1)">', 4) is None


def test_run_time_strides_stand_for_far_apart_rows():
    layout = L("((8,1),4,1,?):((1,0),?{i64 div=256},0,32)")
    assert layout.modes()[1].stride >= 256


def test_atom_kinds_and_canonical_swizzle_modes():
    assert atom_kind("!cute_nvgpu.atom.universal_copy<f16, 128 b>") == ("universal", 16)
    assert atom_kind("!cute_nvgpu.atom.simt_async_copy<f16, cache = global, 128 b>") == ("cp.async", 16)
    assert atom_kind('!cute_nvgpu.atom.ldsm<val_type = f16, mode = <"(8,8)">, num_matrices = 2, n>') == ("ldsm", 2)
    assert "canonical SW128" in canonical_reason('!cute.memref<f16, smem, S<3,4,3>, "(64,64):(64,1)">', "TMA")
    assert "not a canonical" in canonical_reason('!cute.memref<f16, smem, S<2,3,3>, "(64,64):(64,1)">', "TMA")


# -- traced kernels (compile only) -----------------------------------------------------------------------------
_CHILD = r"""
import json, os, sys
sys.path[:0] = [os.getcwd(), os.path.join(os.getcwd(), "examples", "traffic")]
import cute_inspect
from kernels import CASES, compile_case
out = {}
for name in sys.argv[1:]:
    with cute_inspect.trace() as t:
        compile_case(next(c for c in CASES if c.name == name))
    out[name] = [e for e in t.to_json()["events"] if e["op"] == "copy"]
print(json.dumps(out))
"""
#: (case, the load copy's wavefronts per instruction and ideal, as ncu measured them on an H100)
MEASURED = {"f32_column": (32, 4), "f16_rows_128_swz": (4, 4), "ldsm_x2": (16, 2), "f32_pairs_64": (32, 2)}


@pytest.fixture(scope="module")
def traced_cases():
    run = subprocess.run([sys.executable, "-c", _CHILD, *MEASURED], capture_output=True, text=True, cwd=ROOT,
                         env={**os.environ, "CUTE_DSL_ARCH": "sm_90a", "PYTHONPATH": str(ROOT)}, check=False)
    assert run.returncode == 0, run.stderr[-2000:]
    return json.loads(run.stdout.strip().splitlines()[-1])


def test_json_copy_events_carry_banks_and_coalescing(traced_cases):
    for name, (waves, ideal) in MEASURED.items():
        load = next(e for e in traced_cases[name] if e.get("banks", {}).get("side") == "src")
        banks = load["banks"]
        assert (banks["wavefronts_per_instr"], banks["ideal_wavefronts_per_instr"]) == (waves, ideal), name
        assert banks["ways"] == waves / ideal
        stored = next(e for e in traced_cases[name] if e.get("coalescing", {}).get("side") == "src")
        assert stored["coalescing"]["sectors_per_request"] >= stored["coalescing"]["ideal_sectors_per_request"]


def test_expect_conflict_free_fails_the_compile_with_lanes_and_a_fix(tmp_path):
    target = tmp_path / "target.py"
    target.write_text("import sys\nsys.path.insert(0, 'examples/traffic')\nfrom kernels import CASES, compile_case\n"
                      "def bad():\n    compile_case(next(c for c in CASES if c.name == 'f16_rows_128'), check=True)\n"
                      "def good():\n"
                      "    compile_case(next(c for c in CASES if c.name == 'f16_rows_128_swz'), check=True)\n")
    env = child_env(PYTHONPATH=str(ROOT))
    bad = subprocess.run([sys.executable, "-m", "cute_inspect", "trace", f"{target}:bad", "--arch", "sm_90a"],
                         capture_output=True, text=True, cwd=ROOT, env=env, check=False)
    assert bad.returncode == 1
    first = bad.stderr.splitlines()[0]
    assert "kernels.py" in first and "is not conflict-free" in first
    assert "8-way bank conflict" in bad.stderr and "bank 0: lanes 0, 1, 2" in bad.stderr
    assert "S<3,4,3>" in bad.stderr and "Traceback" not in bad.stderr
    good = subprocess.run([sys.executable, "-m", "cute_inspect", "trace", f"{target}:good", "--arch", "sm_90a"],
                          capture_output=True, text=True, cwd=ROOT, env=env, check=False)
    assert good.returncode == 0, good.stderr


def test_traffic_words_for_reports():
    from types import SimpleNamespace

    conflicted = SimpleNamespace(meta={"banks": {"ways": 8.0},
                                       "coalescing": {"sectors_per_request": 8, "ideal_sectors_per_request": 4}})
    assert traffic_text(conflicted) == "smem 8-way, gmem 2x sectors"
    tma = SimpleNamespace(meta={"banks": {"ways": None, "reason": "TMA reads whole swizzle atoms: ... canonical SW128 mode"}})
    assert traffic_text(tma) == "smem TMA SW128"


# -- where people look: text, HTML, lint, the layout command, the language server ---------------------------------
PAIR = "examples/traffic/kernels.py:compile_pair"


def test_text_report_and_html_bank_map(tmp_path):
    html = tmp_path / "report.html"
    done = cute_inspect("trace", PAIR, "--arch", "sm_90a", "--html", str(html))
    assert done.returncode == 0, done.stderr
    assert "[smem 8-way]" in done.stdout and "[smem conflict-free]" in done.stdout
    assert "[gmem coalesced]" in done.stdout
    page = html.read_text()
    assert page.count('<table class="banks">') == 1  # only the conflicted copy gets a map
    assert 'class="conflict"' in page and "tLsX -&gt; tLrX" in page


def test_lint_reports_the_conflicted_copy_once():
    done = cute_inspect("lint", "examples/traffic/kernels.py", "--trace", PAIR, "--arch", "sm_90a",
                        "--select", "CI120")
    assert done.returncode == 1, done.stderr
    findings = [line for line in done.stdout.splitlines() if " CI120 " in line]
    assert len(findings) == 1
    assert "copy `tLsX -> tLrX`: 8-way bank conflict" in findings[0] and "S<3,4,3>" in findings[0]


def test_layout_command_answers_for_a_typed_tv_and_smem_layout():
    conflicted = cute_inspect("layout", "banks(copy_tv((32,1),(1,8)), (32,64):(64,1), 16)",
                              env={"CUTE_DSL_ARCH": "sm_90a"})
    assert conflicted.returncode == 0, conflicted.stderr
    assert "result: 8-way bank conflict: 32 wavefronts per instruction, ideal 4" in conflicted.stdout
    assert "S<3,4,3>" in conflicted.stdout
    swizzled = cute_inspect("layout", "banks(copy_tv((32,1),(1,8)), swizzle(3,3,3,(32,64):(64,1)), 16)",
                            env={"CUTE_DSL_ARCH": "sm_90a"})
    assert "result: conflict-free: 4 wavefronts" in swizzled.stdout
    no_tile = cute_inspect("layout", "banks((32,1):(1,0), (32,32):(32,1), 32)", env={"CUTE_DSL_ARCH": "sm_90a"})
    assert no_tile.returncode == 2 and "tile=(M, N)" in no_tile.stderr.splitlines()[0]


def test_language_server_hover_on_a_copy(tmp_path):
    from cute_inspect.lsp import lookup

    out = tmp_path / "facts.json"
    done = subprocess.run([sys.executable, "-m", "cute_inspect.lsp.worker", PAIR, "sm_90a", str(out)],
                          capture_output=True, text=True, cwd=ROOT, env=child_env(PYTHONPATH=str(ROOT)),
                          check=False)
    assert done.returncode == 0, done.stderr
    copies = json.loads(out.read_text())["copies"]
    path = ROOT / "examples/traffic/kernels.py"
    source = path.read_text()
    # the plain load (the ldmatrix branch above it is not compiled for these cases)
    line = [i for i, text in enumerate(source.splitlines(), 1) if "cute.copy(load, tLsX, tLrX)" in text][-1]
    shown = "\n".join(lookup.copy_markdown(c) for c in lookup.copies_at(copies, path, line, source))
    assert "`tLsX` -> `tLrX`: smem 8-way" in shown and "32 wavefronts per warp instruction, ideal 4" in shown


_PTX = r"""
import os, sys
sys.path[:0] = [os.getcwd(), os.path.join(os.getcwd(), "examples", "traffic")]
from kernels import CASES, compile_case
case = next(c for c in CASES if c.name == "f16_rows_128_swz")
if sys.argv[1] == "traced":  # traced, and with expect_conflict_free beside the load
    import cute_inspect
    with cute_inspect.trace() as t:
        compiled = compile_case(case, check=True)
    assert any("banks" in r.meta for r in t.records)
else:
    compiled = compile_case(case)
sys.stdout.write(compiled.__ptx__)
"""


def test_the_traffic_capture_and_check_leave_the_ptx_unchanged(tmp_path):
    ptx = {}
    for mode in ("plain", "traced"):
        dump = tmp_path / mode
        dump.mkdir()
        env = {**os.environ, "CUTE_DSL_ARCH": "sm_90a", "PYTHONPATH": str(ROOT), "CUTE_DSL_KEEP": "ptx",
               "CUTE_DSL_DUMP_DIR": str(dump)}
        run = subprocess.run([sys.executable, "-c", _PTX, mode], capture_output=True, text=True, cwd=ROOT, env=env,
                             check=False)
        assert run.returncode == 0, run.stderr[-2000:]
        ptx[mode] = run.stdout
    assert "ld.shared.v4" in ptx["plain"]
    assert ptx["traced"] == ptx["plain"]
