"""[tool.cute-inspect] settings, found by walking up from the linted file, and noqa comments."""

import os
import textwrap
from pathlib import Path

import pytest

from cute_inspect import cli
from cute_inspect.lint import lint_paths
from cute_inspect.lint.config import ConfigFinder

BAD = "tCgB = thr_mma.partition_A(gA)\nacc_vec = tiled_copy_r2s.retile(tTR_rAcc)\n"  # CI105 on 1, CI101 on 2


def _project(tmp_path, table, files):
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'k'\n\n[tool.cute-inspect]\n" + textwrap.dedent(table))
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return tmp_path


def _codes(report):
    return sorted((f.path.rsplit("/", 1)[-1], f.line, f.code) for f in report.findings)


def test_select_and_ignore_take_prefixes(tmp_path):
    # CI301 belongs to another cute-inspect check sharing the table: accepted, selects nothing here
    _project(tmp_path, 'select = ["CI10"]\nignore = ["CI101", "CI301"]\n', {"src/k.py": BAD})
    assert _codes(lint_paths([str(tmp_path / "src")], workers=1)) == [("k.py", 1, "CI105")]


def test_a_lint_sub_table_is_read_and_other_commands_tables_are_left_alone(tmp_path):
    _project(tmp_path, '[tool.cute-inspect.lint]\nignore = ["CI105"]\nextend-select = ["CI101"]\n'
             '[tool.cute-inspect.render]\ntheme = "dark"\n',
             {"k.py": BAD})
    assert _codes(lint_paths([str(tmp_path)], workers=1)) == [("k.py", 2, "CI101")]


def test_config_is_found_by_walking_up_and_nearest_wins(tmp_path):
    _project(tmp_path, 'ignore = ["CI105"]\nextend-select = ["CI101"]\n', {"a/deep/k.py": BAD, "b/k.py": BAD})
    (tmp_path / "b" / "pyproject.toml").write_text("[tool.cute-inspect]\nignore = ['CI101']\n")
    report = lint_paths([str(tmp_path)], workers=1)
    assert sorted((f.path.split(str(tmp_path))[1], f.code) for f in report.findings) == [
        ("/a/deep/k.py", "CI101"), ("/b/k.py", "CI105"),
    ]


def test_per_file_ignores_match_globs_relative_to_the_pyproject(tmp_path):
    _project(tmp_path, 'extend-select = ["CI101"]\n[tool.cute-inspect.per-file-ignores]\n"tests/*" = ["CI1"]\n'
             '"legacy.py" = ["CI105"]\n',
             {"tests/k.py": BAD, "src/legacy.py": BAD, "src/k.py": BAD})
    found = sorted((f.path.split(str(tmp_path))[1], f.code) for f in lint_paths([str(tmp_path)], workers=1).findings)
    assert found == [("/src/k.py", "CI101"), ("/src/k.py", "CI105"), ("/src/legacy.py", "CI101")]


def test_separator_and_extra_vocabulary(tmp_path):
    source = "taccOsO = smem_thr_copy_O.partition_D(sO)\ntRSsC = thr_copy_r2s.partition_D(sC)\n"
    _project(tmp_path, 'separator = "required"\nextend-select = ["CI1"]\nextra-ops = ["accO"]\n', {"k.py": source})
    found = lint_paths([str(tmp_path)], workers=1).findings
    assert [(f.line, f.code) for f in found] == [(2, "CI108")]
    assert "rename it to `tRS_sC`" in found[0].message


@pytest.mark.parametrize(
    "table, message",
    [
        ('separator = "sometimes"\n', "separator: 'sometimes' is not one of 'either', 'required', 'forbidden'"),
        ('select = ["XY1"]\n', "select: XY1 matches no rule code"),
        ('select = ["CI1", "CI199"]\n', "select: CI199 matches no rule code"),
        ('extend-select = ["CI9"]\n', "extend-select: CI9 matches no rule code"),
        ('[tool.cute-inspect.per-file-ignores]\n"t/*" = ["CI1O5"]\n', "per-file-ignores 't/*': CI1O5 matches no rule"),
        ('[tool.cute-inspect.lnt]\nselect = ["CI1"]\n', "unknown key 'lnt'"),
        ('ignore = "CI101"\n', "ignore: expected a list of strings"),
        ('selct = ["CI1"]\n', "unknown key 'selct'"),
    ],
)
def test_bad_config_is_one_line_naming_file_and_key_with_exit_2(tmp_path, capsys, table, message):
    _project(tmp_path, table, {"k.py": BAD})
    assert cli.main(["lint", str(tmp_path)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and str(tmp_path / "pyproject.toml") in err and message in err


@pytest.mark.parametrize(
    "comment, remaining",
    [
        ("  # noqa: CI105", ["CI101"]),
        ("  # noqa:CI101,CI105", []),
        ("  # noqa", []),
        ("  # NOQA: ci105", ["CI101"]),
        ("  # noqa: E501", ["CI101", "CI105"]),
    ],
)
def test_inline_noqa_suppresses_its_codes_on_its_line(tmp_path, comment, remaining):
    source = "tCgB = thr_mma.partition_A(gA)" + comment + "\nacc_vec = tiled_copy_r2s.retile(tTR_rAcc)" + comment
    (tmp_path / "k.py").write_text(source + "\n")
    findings = lint_paths([str(tmp_path)], {"ignore": ("CI100",), "extend_select": ("CI101",)}, workers=1).findings
    assert sorted(f.code for f in findings) == remaining


@pytest.mark.parametrize("line", [1, 2, 3])
def test_noqa_on_any_line_of_a_multi_line_statement_covers_it(tmp_path, line):
    lines = ["cute.copy(", "    tma_atom_a, tAgA[None, k],", "    tBsB[None, s])"]
    lines[line - 1] += "  # noqa: CI102"
    (tmp_path / "k.py").write_text("\n".join(lines) + "\n")
    assert lint_paths([str(tmp_path)], workers=1).findings == []
    (tmp_path / "k.py").write_text("\n".join(lines).replace("# noqa: CI102", "") + "\n")
    assert [(f.line, f.code) for f in lint_paths([str(tmp_path)], workers=1).findings] == [(3, "CI102")]


@pytest.mark.parametrize(
    "source, unused",
    [
        ("tCgB = thr_mma.partition_A(gA)  # noqa: CI105\n", []),  # used
        ("tCgA = thr_mma.partition_A(gA)  # noqa: CI105, E501\n", [(1, 33, "CI105")]),  # stale; E501 not ours
        ("tCgA = thr_mma.partition_A(gA)  # noqa: CI105, CI100\n", []),  # CI100 suppressed in the same comment
        ("tCgA = thr_mma.partition_A(gA)  # noqa\n", []),  # a bare noqa may serve other tools
        ("tCsA = thr_mma.partition_A(tile)  # noqa: CI107\n", []),  # only a trace can tell
        ("# cute-inspect: noqa: CI100\ntCgA = thr_mma.partition_A(gA)  # noqa: CI105\n", []),
        ('doc = """\nwrite `# noqa: CI105` after the name\n"""\n', []),  # not a comment: in a string
    ],
)
def test_unused_noqa_is_reported_for_our_enabled_codes_only(tmp_path, source, unused):
    (tmp_path / "k.py").write_text(source)
    report = lint_paths([str(tmp_path)], workers=1)
    expected = [(line, column, "CI100") for line, column, _ in unused]
    assert [(f.line, f.column, f.code) for f in report.findings] == expected
    assert all(f"unused `noqa` for `{code}`" in f.message for f, (_, _, code) in zip(report.findings, unused))
    assert lint_paths([str(tmp_path)], {"ignore": ("CI105",)}, workers=1).findings == []


def test_noqa_inside_a_string_suppresses_nothing(tmp_path):
    (tmp_path / "k.py").write_text('tCgB = thr_mma.partition_A(gA); note = "# noqa: CI105"\n')
    assert [f.code for f in lint_paths([str(tmp_path)], workers=1).findings] == ["CI105"]


@pytest.mark.parametrize(
    "header, remaining", [("# cute-inspect: noqa\n", []), ("# cute-inspect: noqa: CI101\n", ["CI105"])]
)
def test_file_level_noqa(tmp_path, header, remaining):
    (tmp_path / "k.py").write_text(header + BAD)
    assert [f.code for f in lint_paths([str(tmp_path)], workers=1).findings] == remaining


def test_command_line_select_overrides_the_config(tmp_path, capsys):
    _project(tmp_path, 'select = ["CI105"]\n', {"k.py": BAD})
    assert cli.main(["lint", "--select", "CI101", str(tmp_path)]) == 1
    assert " CI101 " in capsys.readouterr().out


def test_comments_are_read_per_statement_and_skip_strings():
    import ast

    from cute_inspect.lint.noqa import comments

    source = (
        "class K:\n"
        "    def f(self):\n"
        "        s = '# noqa: CI105'  # noqa: CI101\n"
        "        t = '''\n"
        "# noqa: CI102\n"
        "'''\n"
        "        if s:\n"
        "            pass\n"
        "        else:  # noqa: CI103\n"
        "            pass\n"
        "# noqa: CI104\n"
    )
    lines = source.splitlines(keepends=True)
    found = comments(ast.parse(source), lines, range(1, len(lines) + 1))
    assert found == {3: (30, "# noqa: CI101"), 9: (16, "# noqa: CI103"), 11: (1, "# noqa: CI104")}


def test_the_finder_resolves_paths_as_pathlib_does(tmp_path):
    real = tmp_path / "real"
    (real / "sub").mkdir(parents=True)
    (real / "sub" / "k.py").write_text("x = 1\n")
    (tmp_path / "linked_dir").symlink_to(real)
    (tmp_path / "linked_file.py").symlink_to(real / "sub" / "k.py")
    finder = ConfigFinder()
    paths = [real / "sub" / "k.py", tmp_path / "linked_dir" / "sub" / "k.py", tmp_path / "linked_file.py",
             tmp_path / "linked_dir" / "sub" / ".." / "sub" / "k.py", tmp_path / "linked_dir" / "..",
             tmp_path / "missing" / "k.py", Path("relative.py")]
    for path in paths * 2:  # the second time from the finder's cache
        assert finder.resolve(path) == path.resolve()


def test_the_finder_looks_at_each_file_once(tmp_path, monkeypatch):
    """A directory walk resolves each file twice (is it excluded, and what is it): the second answer comes from the
    finder's memory, with no system call (on 207 files a tenth of the walk)."""
    (tmp_path / "k.py").write_text("x = 1\n")
    finder = ConfigFinder()
    first = finder.resolve(tmp_path / "k.py")
    asked = []
    monkeypatch.setattr(os.path, "islink", lambda path: asked.append(path) or False)
    assert finder.resolve(tmp_path / "k.py") == first == (tmp_path / "k.py").resolve()
    assert asked == []
