"""`cute-inspect lint --fix`: which fixes are safe, that they rename every use, and that a fixed kernel of ours
compiles to the same PTX as the original."""

import os
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from cute_inspect import cli
from cute_inspect.lint.fix import Edit, apply_edits, findings_with_fixes, fix_text

ROOT = Path(__file__).resolve().parent.parent

KERNEL = textwrap.dedent('''\
    import cutlass.cute as cute


    @cute.kernel
    def kernel(tiled_mma, thr_copy_r2s, gA, gB, sC):
        thr_mma = tiled_mma.get_slice(0)
        tCgB = thr_mma.partition_A(gA)
        tTR_sC = thr_copy_r2s.partition_D(sC)
        print(tCgB, [tCgB for _ in range(2)], f"{tTR_sC}")
        return tCgB, tTR_sC
''')


def _fixes(text):
    return [(finding.code, fix.title if fix else None, fix.safe if fix else None)
            for finding, fix in findings_with_fixes(text, "k.py")]


def test_a_rename_is_safe_and_renames_every_use_in_the_function():
    assert _fixes(KERNEL) == [
        ("CI105", "Rename `tCgB` to `tCgA`", True), ("CI104", "Rename `tTR_sC` to `tRS_sC`", True),
    ]
    fixed, count = fix_text(KERNEL, "k.py")
    assert count == 2
    assert fixed == KERNEL.replace("tCgB", "tCgA").replace("tTR_sC", "tRS_sC")
    assert _fixes(fixed) == []


@pytest.mark.parametrize(
    "change, why",
    [
        (("def kernel(", "def kernel(tCgB, "), "a parameter: callers may pass it by keyword"),
        (("    thr_mma =", "    global tCgB\n    thr_mma ="), "declared global"),
        (("    return", "    def inner(tCgB):\n        return tCgB\n    return"), "rebound by a nested function"),
        (("    return", "    locals()\n    return"), "names looked up by string"),
    ],
)
def test_a_rename_that_could_change_the_program_is_unsafe(change, why):
    text = KERNEL.replace(*change)
    (fix,) = [fix for finding, fix in findings_with_fixes(text, "k.py") if finding.code == "CI105"]
    assert fix is not None and not fix.safe, why
    assert "tCgB = thr_mma" in fix_text(text, "k.py")[0]
    assert "tCgA = thr_mma" in fix_text(text, "k.py", unsafe=True)[0]


def test_two_renames_in_one_function_are_each_judged_on_their_own_names():
    # One function's names are indexed once for all its renames: the nested function that rebinds `tCgB` keeps
    # its own `tCgB` and makes that rename unsafe, while it reads `tTR_sC` from the kernel, which is renamed there
    # too, safely; a lambda rebinding neither is renamed through.
    nested = ("    def inner(tCgB):\n        return tCgB, tTR_sC\n    show = lambda: tCgB\n    return")
    text = KERNEL.replace("    return", nested)
    fixes = {finding.code: fix for finding, fix in findings_with_fixes(text, "k.py")}
    assert (fixes["CI105"].title, fixes["CI105"].safe) == ("Rename `tCgB` to `tCgA`", False)
    assert (fixes["CI104"].title, fixes["CI104"].safe) == ("Rename `tTR_sC` to `tRS_sC`", True)
    assert [edit.line for edit in fixes["CI105"].edits] == [7, 9, 9, 12, 13]  # not inner's parameter and return
    assert [edit.line for edit in fixes["CI104"].edits] == [8, 9, 11, 13]  # inner's read of it included
    fixed = fix_text(text, "k.py", unsafe=True)[0]
    assert "def inner(tCgB):\n        return tCgB, tRS_sC\n    show = lambda: tCgA\n" in fixed


def test_no_fix_when_the_new_name_is_used_in_the_function():
    text = KERNEL.replace("        return", "        tCgA = None  # the suggested name is taken\n        return")
    text = KERNEL.replace("    return", "    print(tCgA)\n    return")  # read (a global), not bound
    assert ("CI105", None, None) in _fixes(text)


def test_a_call_change_is_an_unsafe_fix():
    text = KERNEL.replace("tCgB = thr_mma.partition_A(gA)", "tCgB = thr_mma.partition_B(gB)\n"
                          "    tCrA = tiled_mma.make_fragment_B(tCgA)\n    tCgA = thr_mma.partition_A(gA)")
    (fix,) = [fix for finding, fix in findings_with_fixes(text, "k.py") if finding.code == "CI106"]
    assert fix.title == "Replace `make_fragment_B` with `make_fragment_A`" and not fix.safe
    assert "tiled_mma.make_fragment_A(tCgA)" in fix_text(text, "k.py", unsafe=True)[0]


def test_edits_use_character_columns_and_refuse_to_overlap():
    text = "x = 'é'; tCgB = 1\n"
    assert apply_edits(text, [Edit(1, 10, 1, 14, "tCgA")]) == "x = 'é'; tCgA = 1\n"
    with pytest.raises(ValueError):
        apply_edits(text, [Edit(1, 1, 1, 3, "y"), Edit(1, 2, 1, 4, "z")])
    fixed, _ = fix_text("@cute.kernel\ndef k(thr_mma, gA):\n    s = 'é'; tCgB = thr_mma.partition_A(gA)\n", "k.py")
    assert "s = 'é'; tCgA = thr_mma" in fixed


def test_cli_diff_shows_and_fix_writes_then_reports_what_is_left(tmp_path, capsys):
    path = tmp_path / "k.py"
    path.write_text(KERNEL)
    assert cli.main(["lint", "--diff", str(path)]) == 1
    captured = capsys.readouterr()
    assert "\n-    tCgB = thr_mma.partition_A(gA)\n" in captured.out
    assert "\n+    tCgA = thr_mma.partition_A(gA)\n" in captured.out
    assert captured.err.strip() == "Would fix 2 findings." and path.read_text() == KERNEL
    assert cli.main(["lint", "--fix", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == ["All checks passed (1 file checked).", "Fixed 2 findings."]
    assert path.read_text() == fix_text(KERNEL, "k.py")[0]
    assert cli.main(["lint", "--diff", str(path)]) == 0


def test_fix_and_diff_leave_a_file_too_deep_to_lint_to_the_lint_error(tmp_path, capsys):
    path = tmp_path / "deep.py"
    path.write_text("x = a" + ".get_slice(0)" * 1200 + "\n")  # parses, but collecting it recurses too deeply
    assert cli.main(["lint", "--no-cache", "--diff", str(path)]) == 0  # as for a file that does not parse
    assert capsys.readouterr().err == "Would fix 0 findings.\n"
    assert cli.main(["lint", "--no-cache", "--fix", str(path)]) == 2
    assert capsys.readouterr().err.startswith(f"{path}: error: could not lint: nested too deeply")


def _seeded(text):
    """Our SM80 kernel with four tensors renamed in its code (comments keep the right names, as they would
    after a slip of the keyboard) to names that contradict their tensors."""
    seeds = {"tAgA": "tAgB", "tRS_sD": "tTR_sD", "tBsB": "tBsC", "tSRsA": "tSRgA"}
    lines = []
    for line in text.splitlines(keepends=True):
        code, hash_, comment = line.partition("#")
        for old, new in seeds.items():
            assert re.search(rf"\b{new}\b", code) is None
            code = re.sub(rf"\b{old}\b", new, code)
        lines.append(code + hash_ + comment)
    return "".join(lines), seeds


def test_fix_restores_a_seeded_kernel_of_ours():
    original = (ROOT / "gemm" / "_sm80_kernel.py").read_text()
    seeded, seeds = _seeded(original)
    assert {(f.code, f.message.split("`")[1]) for f, _ in findings_with_fixes(seeded, "k.py")} == {
        ("CI105", "tAgB"), ("CI104", "tTR_sD"), ("CI105", "tBsC"), ("CI105", "tSRgA")
    }
    fixed, count = fix_text(seeded, "k.py")
    assert count == len(seeds) and fixed == original


_COMPILE = """
import sys
from gemm.sm80 import compile_only
sys.stdout.write(compile_only().__ptx__)
"""


def _ptx(package: Path, dump: Path) -> str:
    dump.mkdir()
    env = {**os.environ, "CUTE_DSL_ARCH": "sm_80", "CUTE_DSL_KEEP": "ptx", "CUTE_DSL_DUMP_DIR": str(dump),
           "PYTHONPATH": os.pathsep.join([str(package), str(ROOT)])}
    done = subprocess.run([sys.executable, "-c", _COMPILE], env=env, cwd=package, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_fixed_kernel_compiles_to_the_same_ptx_as_the_original(tmp_path):
    pytest.importorskip("cutlass")
    trees = {}
    for kind in ("original", "fixed"):
        trees[kind] = tmp_path / kind
        shutil.copytree(ROOT / "gemm", trees[kind] / "gemm", ignore=shutil.ignore_patterns("__pycache__"))
    kernel = trees["fixed"] / "gemm" / "_sm80_kernel.py"
    kernel.write_text(_seeded(kernel.read_text())[0])
    assert cli.main(["lint", "--fix", "--select", "CI1", str(kernel)]) == 0
    original, fixed = (_ptx(trees[kind], tmp_path / f"dump_{kind}") for kind in ("original", "fixed"))
    assert ".entry" in original and fixed == original


def test_fix_renames_a_misnamed_view_identity_and_tma_side_at_every_use():
    source = textwrap.dedent("""\
        @cute.kernel
        def kernel(sW, row):
            rW_view = cute.zipped_divide(sW[row, None, None], (4, 1))
            x = rW_view[None, 0]
            sS = cute.make_identity_tensor((4, 4))
            y = sS[0]
        def simple_tma_copy(atom, smem, gmem):
            r_part, g_part = cpasync.tma_partition(atom, 0, one, cute.group_modes(smem, 0), gmem)
            cute.copy(atom, g_part, r_part)
        """)
    fixed, count = fix_text(source, "k.py")
    assert count == 3
    assert fixed == source.replace("rW_view", "sW_view").replace("sS", "cS").replace("r_part", "s_part")
