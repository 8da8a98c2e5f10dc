"""The lint's result cache: an unchanged file's results are reused, a changed file or configuration is
linted again, and --no-cache reads nothing from it."""

import os

from cute_inspect import cli
from cute_inspect.lint import lint_paths
from cute_inspect.lint import runner


def _count_parses(monkeypatch):
    parsed = []
    original = runner.parse_source

    def counting(display, data):
        parsed.append(display)
        return original(display, data)

    monkeypatch.setattr(runner, "parse_source", counting)
    return parsed


def test_unchanged_files_are_not_parsed_again_and_give_the_same_findings(tmp_path, monkeypatch):
    (tmp_path / "a.py").write_text("tCgB = thr_mma.partition_A(gA)\n")
    (tmp_path / "b.py").write_text("x = 1\n")
    first = lint_paths([str(tmp_path)], workers=1, cache=True)
    parsed = _count_parses(monkeypatch)
    second = lint_paths([str(tmp_path)], workers=1, cache=True)
    assert parsed == []
    assert second.findings == first.findings and [f.code for f in second.findings] == ["CI105"]
    assert (second.safe_fixes, second.unsafe_fixes) == (first.safe_fixes, first.unsafe_fixes) == (0, 1)


def test_a_changed_file_or_configuration_is_linted_again(tmp_path, monkeypatch):
    kernel = tmp_path / "a.py"
    kernel.write_text("tCgB = thr_mma.partition_A(gA)\n")
    lint_paths([str(tmp_path)], workers=1, cache=True)
    parsed = _count_parses(monkeypatch)
    kernel.write_text("tCgA = thr_mma.partition_A(gA)\n")
    os.utime(kernel, ns=(1, 1))  # a different modification time even on a coarse clock
    assert lint_paths([str(tmp_path)], workers=1, cache=True).findings == []
    assert lint_paths([str(tmp_path)], {"select": ("CI101",)}, workers=1, cache=True).findings == []
    assert len(parsed) == 2


def test_no_cache_lints_every_file(tmp_path, monkeypatch, capsys):
    (tmp_path / "a.py").write_text("tCgB = thr_mma.partition_A(gA)\n")
    assert cli.main(["lint", str(tmp_path)]) == 1
    parsed = _count_parses(monkeypatch)
    assert cli.main(["lint", str(tmp_path)]) == 1
    assert parsed == []
    assert cli.main(["lint", "--no-cache", str(tmp_path)]) == 1
    assert len(parsed) == 1
    assert capsys.readouterr().out.count("CI105") == 3


def test_results_cached_by_a_parallel_run_stay_with_their_files(tmp_path):
    # The workers take the files largest first; each result must still be stored under its own file.
    for number in range(6):
        padding = "# padding\n" * (number * 7 % 5)
        body = "tCgB = thr_mma.partition_A(gA)\n" if number % 2 else "x = 1\n"
        (tmp_path / f"k{number}.py").write_text(padding + body)
    fresh = lint_paths([str(tmp_path)], workers=2, cache=True)
    cached = lint_paths([str(tmp_path)], workers=2, cache=True)
    assert [(f.path.rsplit("/", 1)[1], f.line) for f in fresh.findings] == [("k1.py", 3), ("k3.py", 2), ("k5.py", 1)]
    assert cached.findings == fresh.findings


def test_a_file_is_linted_again_when_a_helper_module_it_imports_changes(tmp_path, monkeypatch):
    package = tmp_path / "pkg"
    package.mkdir()
    helpers = package / "helpers.py"
    helpers.write_text(
        "def mma(tiled_mma, acc, frag_a, frag_b):\n"
        "    cute.gemm(tiled_mma, acc, frag_a, frag_b, acc)\n"
    )
    kernel = package / "kernel.py"
    kernel.write_text(
        "from pkg.helpers import mma\n"
        "\n"
        "@cute.kernel\n"
        "def kernel(sA: cute.Tensor, sB: cute.Tensor):\n"
        "    thr_mma = tiled_mma.get_slice(0)\n"
        "    tCrA = tiled_mma.make_fragment_A(thr_mma.partition_A(sA))\n"
        "    tCrB = tiled_mma.make_fragment_B(thr_mma.partition_B(sB))\n"
        "    mma(tiled_mma, acc, tCrB, tCrA)\n"
    )
    # both fragments sit in the other's slot
    assert [(f.line, f.code) for f in lint_paths([str(kernel)], workers=1, cache=True).findings] == [(8, "CI111")] * 2
    parsed = _count_parses(monkeypatch)
    # the helper now gives its first fragment to the B slot: the call is right, though kernel.py did not change
    helpers.write_text(
        "def mma(tiled_mma, acc, frag_b, frag_a):\n"
        "    cute.gemm(tiled_mma, acc, frag_a, frag_b, acc)\n"
    )
    os.utime(helpers, ns=(1, 1))
    assert lint_paths([str(kernel)], workers=1, cache=True).findings == []
    assert len(parsed) == 1
    assert lint_paths([str(kernel)], workers=1, cache=True).findings == [] and len(parsed) == 1


def test_a_static_method_summary_names_its_module_each_time_it_is_read(tmp_path):
    """The summary of another module's class's static method is cached per process; every file that reads it still
    depends on that module, so the second reader's cached result must go stale when the module changes too."""
    from cute_inspect.lint import imported

    (tmp_path / "helpers.py").write_text(
        "import cutlass.cute as cute\n\n\nclass SM90:\n    @staticmethod\n"
        "    def wgmma_gemm(tiled_mma, acc, a, b):\n        cute.gemm(tiled_mma, acc, a, b, acc)\n")
    importer = tmp_path / "kernel.py"
    source = ("helpers", 1, "SM90")
    imported.take_modules_read()
    for _ in range(2):
        assert imported._static_method_summary(importer, source, "wgmma_gemm") is not None
        assert imported.take_modules_read() == (str(tmp_path / "helpers.py"),)
