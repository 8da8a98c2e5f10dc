"""SM80 teaching GEMM without a GPU: configuration checks, sm_80 compiles (in subprocesses, since the DSL reads
CUTE_DSL_ARCH once per process), the shape checks catching a wrong tile, and the command line."""
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from gemm._sm80_config import ConfigError, Sm80Config

ROOT = Path(__file__).resolve().parents[1]


def _python(code: str, *args: str, checks: bool = True) -> subprocess.CompletedProcess:
    path = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p)
    env = dict(os.environ, CUTE_DSL_ARCH="sm_80", PYTHONPATH=path, CUTE_INSPECT_CHECKS="1" if checks else "0")
    return subprocess.run([sys.executable, *(["-c", textwrap.dedent(code)] if code else []), *args],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)


@pytest.mark.parametrize(
    "fields, message",
    [
        (dict(tile_mnk=(96, 128, 32)), r"BLK_M must be one of \(32, 64, 128, 256\), got 96"),
        (dict(tile_mnk=(128, 48, 32)), r"BLK_N must be one of \(32, 64, 128, 256\), got 48"),
        (dict(tile_mnk=(128, 128, 16)), r"BLK_K must be one of \(32, 64\)"),
        (dict(stages=0), r"stages must be in 1\.\.8, got 0"),
        (dict(dtype="float32"), r"dtype must be one of \('float16', 'bfloat16'\)"),
        (dict(tile_mnk=(256, 256, 64), stages=3), r"needs 196608 bytes of shared memory; the limit is 166912"),
    ],
)
def test_config_rejects_with_allowed_values(fields, message):
    with pytest.raises(ConfigError, match=message):
        Sm80Config(**fields)


def test_smem_bytes_counts_stages_and_epilogue():
    assert Sm80Config(stages=3).smem_bytes == 2 * (128 + 128) * 32 * 3
    # one stage of A and B (16 KB) is smaller than the 128x128 D tile parked for the epilogue (32 KB)
    assert Sm80Config(stages=1).smem_bytes == 2 * 128 * 128
    assert Sm80Config(stages=1, smem_epilogue=False).smem_bytes == 2 * (128 + 128) * 32


def test_compiles_for_sm80_across_configs():
    result = _python("""
        from gemm.sm80 import compile_only
        compile_only()                                              # run-time M, N, K
        compile_only(1000, 1000, 200, 2, stages=1, ldmatrix=False, smem_epilogue=False)
        compile_only(tile_mnk=(64, 32, 64), stages=4, dtype="bfloat16")
        compile_only(77, 264, 40, tile_mnk=(32, 256, 32), stages=2)
        print("compiled 4")
    """)
    assert result.returncode == 0, result.stderr[-3000:]
    assert "compiled 4" in result.stdout


def test_every_allowed_tile_passes_its_shape_checks():
    # CUTE_DSL_DRYRUN stops after tracing, which is when the expect(...) checks run
    result = _python("""
        import itertools, os
        os.environ["CUTE_DSL_DRYRUN"] = "1"
        from gemm._sm80_config import TILE_K, TILE_MN
        from gemm.sm80 import compile_only
        tiles = list(itertools.product(TILE_MN, TILE_MN, TILE_K))
        for tile in tiles:
            compile_only(tile_mnk=tile, stages=2)
        print("traced", len(tiles))
    """)
    assert result.returncode == 0, result.stderr[-3000:]
    assert "traced 32" in result.stdout


WRONG_SMEM_TILE = """
    import cutlass.cute as cute
    from gemm import _sm80_kernel, sm80

    class WrongSmemTile(_sm80_kernel.Sm80Gemm):
        def smem_layout_ab(self, rows):
            # a 64-wide shared tile under a 32-wide CTA tile
            return cute.make_layout((rows, 64, self.stages), stride=(64, 1, rows * 64))

    _sm80_kernel.Sm80Gemm = WrongSmemTile
    try:
        sm80.compile_only()
    except Exception as err:
        print(type(err).__name__)
        print(err)
    else:
        print("compiled")
"""


def test_wrong_smem_tile_stops_the_compile_at_sA():
    result = _python(WRONG_SMEM_TILE)
    assert result.returncode == 0, result.stderr[-3000:]
    lines = result.stdout.splitlines()
    assert lines[0] == "ShapeCheckError"
    assert "`sA` has shape (128,64,2), which does not match '(BLK_M, BLK_K, PIPE)'" in lines[1]
    assert "BLK_K is 32, found 64" in result.stdout


def test_wrong_smem_tile_compiles_silently_without_checks():
    result = _python(WRONG_SMEM_TILE, checks=False)
    assert result.returncode == 0, result.stderr[-3000:]
    assert result.stdout.strip() == "compiled"


def test_cli_compile_only():
    result = _python("", "-m", "gemm.sm80", "--mnkl", "1000,1000,200,1", "--stages", "2", "--compile-only")
    assert result.returncode == 0, result.stderr[-3000:]
    assert result.stdout.startswith("compiled for sm_80: M,N,K,L = 1000,1000,200,1")


@pytest.mark.parametrize(
    "args, first_line",
    [
        (["--tile", "96,128,32"], "error: BLK_M must be one of (32, 64, 128, 256), got 96"),
        (["--mnkl", "10,10,10"],
         "error: argument --mnkl: --mnkl wants four positive integers M,N,K,L, got '10,10,10'"),
        (["--dtype", "float32"],
         "error: argument --dtype: invalid choice: 'float32' (choose from 'float16', 'bfloat16')"),
    ],
)
def test_cli_bad_input_says_why_first(args, first_line):
    result = _python("", "-m", "gemm.sm80", *args, "--compile-only")
    assert result.returncode == 2
    assert result.stderr.splitlines()[0] == first_line


def test_traceable_and_lint_clean():
    trace = _python("", "-m", "cute_inspect", "trace", "gemm.sm80:compile_only", "--arch", "sm_80")
    assert trace.returncode == 0, trace.stderr[-3000:]
    for line in ("tAgA", "partition_S", "((8,1),4,1,?)"), ("tCrC", "make_fragment_C", "((2,2),4,8)"):
        assert any(all(word in row for word in line) for row in trace.stdout.splitlines()), line
    files = ["gemm/_sm80_kernel.py", "gemm/sm80.py", "examples/sm80_wrong_tile.py"]
    lint = _python("", "-m", "cute_inspect", "lint", "--trace", "gemm.sm80:compile_only", "--arch", "sm_80", *files)
    assert lint.returncode == 0, lint.stdout + lint.stderr


def test_checks_leave_the_ptx_unchanged(tmp_path):
    ptx = {}
    for checks in (True, False):
        dump = tmp_path / f"checks_{checks}"
        dump.mkdir()  # the DSL writes nothing into a folder that does not exist
        result = _python(f"""
            import os
            os.environ.update(CUTE_DSL_KEEP="ptx", CUTE_DSL_DUMP_DIR={str(dump)!r})
            from gemm.sm80 import compile_only
            compile_only(1000, 1000, 200, 1)
        """, checks=checks)
        assert result.returncode == 0, result.stderr[-3000:]
        (path,) = dump.glob("*.ptx")
        ptx[checks] = [line for line in path.read_text().splitlines() if not line.startswith("//")]
    assert ptx[True] == ptx[False]


def test_walkthrough_quotes_the_real_error():
    result = _python("", "examples/sm80_wrong_tile.py")
    assert result.returncode == 1, result.stderr[-3000:]
    walkthrough = (ROOT / "examples" / "sm80_walkthrough.md").read_text()
    for line in result.stdout.strip().splitlines():
        assert line in walkthrough, f"examples/sm80_walkthrough.md no longer quotes: {line}"
