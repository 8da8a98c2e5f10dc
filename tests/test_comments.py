"""Shape comments checked against traces: comment finding and parsing, the CI2xx corpus, --suggest, the CLI."""

import json
import os
import re
import subprocess
import sys

import pytest

from _cli import ROOT, cute_inspect
from cute_inspect.check.spec import match, parse_spec
from cute_inspect.check._find import parse_comment

CORPUS = os.path.join("tests", "comment_corpus")
COMMENTS = f"{CORPUS}/comments_sm80.py:compile_comments"
_MARK = re.compile(r"#: (CI\d{3})")


def run_cases(arch, *targets):
    """{target: result} from tests/comment_corpus/run_cases.py: one process per arch, many compiles."""
    done = subprocess.run([sys.executable, os.path.join(CORPUS, "run_cases.py"), arch, *targets],
                          capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def marks(path):
    """(line, code) of every ``#: CODE`` annotation in a corpus file."""
    with open(os.path.join(ROOT, path)) as f:
        return {(n, m.group(1)) for n, line in enumerate(f, 1) for m in _MARK.finditer(line)}


@pytest.fixture(scope="module")
def comments():
    return run_cases("sm_80", COMMENTS)[COMMENTS]


# -- finding and parsing comments -------------------------------------------------------------------

@pytest.mark.parametrize("body, prefix, text", [
    (" (MMA, MMA_M, MMA_K, STAGE)", None, "(MMA, MMA_M, MMA_K, STAGE)"),
    (" tAgA: (CPY, CPY_M, CPY_K, k)", "tAgA", "(CPY, CPY_M, CPY_K, k)"),
    (" ((atom_v, rest_v), RestM, RestK, RestL)", None, "((atom_v, rest_v), RestM, RestK, RestL)"),
    (" (bM, bK)  #: CI205", None, "(bM, bK)"),
    (" (bM, bK, RestK) -> the CTA's tile", None, "(bM, bK, RestK)"),
    (" tAcA:  (CPY, CPY_M, CPY_K) => (blk_m, blk_k)", "tAcA", "(CPY, CPY_M, CPY_K)"),
    (" cA:    (BLK_M, BLK_K)      => (blk_m, blk_k)", "cA", "(BLK_M, BLK_K)"),
    (" the MMA's view of it, tCsA: (MMA, MMA_M, MMA_K)", "tCsA", "(MMA, MMA_M, MMA_K)"),
])
def test_shape_comments_are_read_with_their_prefix(body, prefix, text):
    (found,) = parse_comment(body)
    assert found[:2] == (prefix, text)


def test_one_banner_line_can_describe_several_tensors():
    found = parse_comment(" gA: (BLK_M, BLK_K, k), gB: (BLK_N, BLK_K, k), gC: (BLK_M, BLK_N)")
    assert [(p, t) for p, t, _ in found] == [
        ("gA", "(BLK_M, BLK_K, k)"), ("gB", "(BLK_N, BLK_K, k)"), ("gC", "(BLK_M, BLK_N)")]


def test_modes_written_as_expressions_are_not_checked_but_the_others_are():
    (found,) = parse_comment(" (MMA, (4, MMA_M / 4), MMA_K)")
    assert str(found[2]) == "(MMA, (4, _), MMA_K)"
    (found,) = parse_comment(" (CTA_Tile_Shape_M, Round_Up(MMA_Tile_Shape_N, 128), MMA_Inst_Shape_K)")
    assert str(found[2]) == "(CTA_Tile_Shape_M, _, MMA_Inst_Shape_K)"


@pytest.mark.parametrize("body", [
    " Peek (try_wait) AB buffer full for k_tile = 0",
    " (1) Per-tile flag wait.",
    " (dependent in the context of the TMA/MMA synchronization pattern) to exit early",
    " Setup smem tensor A/B/C",
    " (optional) explanation",
    " (granularity_m, repeat_m), (granularity_k, repeat_k), num_scale_stage)",  # its first '(' is missing
    " (l,m,k) -> (m,k,l)",  # a permutation, not a shape
])
def test_prose_in_parentheses_is_not_a_shape_comment(body):
    assert parse_comment(body) == []


_SOURCE = """\
def kernel():
    # (MMA, MMA_M, MMA_K)
    tCsA = thr_mma.partition_A(sA)
    tCsB = thr_mma.partition_B(sB)  # (MMA, MMA_N, MMA_K)
    # ((atom_v, rest_v), STAGE)
    # ((atom_v, rest_v), RestK)
    tAsA, tAgA = cpasync.tma_partition(atom, 0, layout, sA_, gA_)
    # tBgB: ((atom_v, rest_v), RestN, RestK)
    tBsB, tBgB = cpasync.tma_partition(atom, 0, layout, sB_, gB_)
    # gA: (bM, bK, RestK), gB: (bN, bK, RestK)
    x = 1
    gA = cute.local_tile(mA, tiler, coord)
    gB = cute.local_tile(mB, tiler, coord)
    # (bM, bN)

    gC = cute.local_tile(mC, tiler, coord)
"""


def _comment(tmp_path, line, names, index=0):
    import ast

    from cute_inspect.trace.source import statement_at
    from cute_inspect.check._find import comment_for_output, comments_for, named_comment_before

    path = tmp_path / "kernel.py"
    path.write_text(_SOURCE)
    stmt = statement_at(str(path), line)
    assert isinstance(stmt, ast.Assign)
    found = comment_for_output(comments_for(str(path), stmt), names, index)
    found = found or named_comment_before(str(path), stmt, names[index])
    return found and (found.line, found.text)


def test_comments_map_to_the_outputs_they_describe(tmp_path):
    assert _comment(tmp_path, 3, ("tCsA",)) == (2, "(MMA, MMA_M, MMA_K)")
    assert _comment(tmp_path, 4, ("tCsB",)) == (4, "(MMA, MMA_N, MMA_K)")  # trailing
    assert _comment(tmp_path, 7, ("tAsA", "tAgA"), 0) == (5, "((atom_v, rest_v), STAGE)")
    assert _comment(tmp_path, 7, ("tAsA", "tAgA"), 1) == (6, "((atom_v, rest_v), RestK)")
    assert _comment(tmp_path, 9, ("tBsB", "tBgB"), 1) == (8, "((atom_v, rest_v), RestN, RestK)")  # by name
    assert _comment(tmp_path, 9, ("tBsB", "tBgB"), 0) is None  # one line for two outputs names only tBgB
    assert _comment(tmp_path, 12, ("gA",)) == (10, "(bM, bK, RestK)")  # a banner a few lines up
    assert _comment(tmp_path, 13, ("gB",)) == (10, "(bN, bK, RestK)")
    assert _comment(tmp_path, 16, ("gC",)) is None  # a blank line detaches a comment


# -- the corpus: every marked comment gives its finding, no unmarked one gives any --------------------

def test_each_wrong_comment_gives_its_code_and_right_ones_give_none(comments):
    assert comments["error"] is None
    found = {(f["line"], f["code"]) for f in comments["findings"]}
    assert found == marks(f"{CORPUS}/comments_sm80.py")


def test_counts_cover_every_comment_of_a_traced_assignment(comments):
    assert comments["checked"] == 19
    # the comment silenced by its noqa still disagrees: noqa hides the finding, not the count
    assert comments["disagreeing"] == len(marks(f"{CORPUS}/comments_sm80.py")) + 1


def _finding(comments, code, name):
    (found,) = [f for f in comments["findings"] if f["code"] == code and f"`{name}`" in f["message"]]
    return found


def test_findings_point_at_the_comment_and_show_the_labelled_trace(comments):
    f = _finding(comments, "CI201", "tCgA_short")
    assert f["path"] == f"{CORPUS}/comments_sm80.py" and f["column"] == 5
    assert "3 modes in the comment but 4 modes in the trace" in f["message"]
    assert f["message"].endswith(
        "traced: ((2,2,2) mma-atom, 2 mma-rest-M, 2 mma-rest-K, 16 block-rest-K)")


def test_nesting_is_checked_inside_a_mode(comments):
    assert "mode 0 has 4 modes in the comment but 2 modes in the trace" in _finding(
        comments, "CI201", "tCgC_nested")["message"]


def test_a_literal_that_disagrees_names_the_mode_and_its_label(comments):
    assert "mode 1 is 32 [block-atom-K], not 16" in _finding(comments, "CI202", "gA_literal")["message"]


def test_a_symbol_is_bound_per_comment_and_axis_symbols_per_kernel(comments):
    assert "`T` is 32 at mode 1 [block-atom-K], but 64 earlier in this comment" in _finding(
        comments, "CI203", "gA_twice")["message"]
    assert "`bM` is 32 at mode 0 [block-atom-M], but 64 at line 21 (`gA`)" in _finding(
        comments, "CI203", "gA_small")["message"]


def test_one_symbol_for_two_differently_labelled_modes(comments):
    assert "`X` names a mma-rest-K mode (mode 2) and a mma-rest-M mode earlier in this comment" in _finding(
        comments, "CI204", "tCgA_same")["message"]


def test_level_names_must_match_the_traced_level_and_axis(comments):
    assert "`STAGE` names a pipeline stage, but mode 3 is block-rest-K (16)" in _finding(
        comments, "CI205", "tCgA_stage")["message"]
    assert "`MMA_M` names an MMA mode of axis M, but mode 1 is mma-rest-N (4)" in _finding(
        comments, "CI205", "tCgB_copied")["message"]
    assert _finding(comments, "CI205", "gC_axis")["line"] == 54  # a trailing comment: the statement's line


# -- --suggest ---------------------------------------------------------------------------------------

def test_every_suggested_spec_holds_with_symbols_shared_per_kernel(comments):
    from cute_inspect.trace.shape import parse_shape

    bindings = {}
    assert len(comments["suggestions"]) == 19
    for s in comments["suggestions"]:
        scope = bindings.setdefault(s["kernel"], {})
        assert match(parse_spec(s["spec"]), parse_shape(s["shape"]), scope) is None, s
    texts = [s["text"] for s in comments["suggestions"]]
    assert f'{CORPUS}/comments_sm80.py:28: expect(tCgA, "(MMA, MMA_M, MMA_K, RestK)")' in texts
    # MMA is bound to A's atom first, so B's different atom is written out
    assert f'{CORPUS}/comments_sm80.py:30: expect(tCgB, "((2, 2), MMA_N, MMA_K, RestK)")' in texts


# -- the command line --------------------------------------------------------------------------------

def test_check_prints_lint_style_findings_and_exits_1():
    done = cute_inspect("check", COMMENTS, "--arch", "sm_80")
    assert done.returncode == 1, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 10 and all(re.match(r"^tests/comment_corpus/comments_sm80\.py:\d+:\d+: CI20\d ", x)
                                   for x in lines)
    assert "19 shape comments checked, 11 disagree with the trace; 0 contract findings" in done.stderr
    assert "gC_silenced" not in done.stdout  # its comment carries a CI202 noqa


def test_check_rejects_a_bad_target_with_exit_2():
    done = cute_inspect("check", f"{CORPUS}/comments_sm80.py:no_such_function", "--arch", "sm_80")
    assert done.returncode == 2
    assert "has no function 'no_such_function'" in done.stderr


def test_check_json_lists_the_same_findings():
    done = cute_inspect("check", COMMENTS, "--arch", "sm_80", "--format", "json")
    assert done.returncode == 1, done.stderr
    report = json.loads(done.stdout)
    assert report["checked"] == 19 and report["disagreeing"] == 11
    assert {(f["line"], f["code"]) for f in report["findings"]} == marks(f"{CORPUS}/comments_sm80.py")


def test_a_comment_several_statements_above_that_names_its_tensor_is_compared(tmp_path):
    from cute_inspect.check.comments import comment_report
    from cute_inspect.trace.levels import ModeLabel
    from cute_inspect.trace.record import Record

    source = tmp_path / "kernel.py"
    source.write_text("def kernel(thr, sA, gA):\n"
                      "    # tCsA: (MMA, MMA_M, MMA_K) => (m, k)\n"
                      "    tCgA = thr.partition_A(gA)\n"
                      "    x = 1\n"
                      "    tCsA = thr.partition_A(sA)\n")
    mma = (ModeLabel("mma", "atom", None, 0), ModeLabel("mma", "rest", "M", 0), ModeLabel("mma", "rest", "K", 0))
    record = Record(index=0, op="partition_A", names=("tCsA",), file=str(source), line=5, col=11,
                    function="kernel", kernel="kernel", in_shapes=(), shapes=(((64, 16), 2, 3),), layouts=(None,),
                    memspaces=("smem",), dtypes=("f16",), swizzles=(None,), levels=(mma,))
    report = comment_report([record])
    assert [c[1:] for c in report.compared] == [(2, "tCsA")]
    assert report.findings == []


def test_scale_factor_tensors_bind_axis_symbols_apart_from_the_operands(tmp_path):
    from cute_inspect.check.comments import comment_report
    from cute_inspect.trace.levels import ModeLabel
    from cute_inspect.trace.record import Record

    source = tmp_path / "kernel.py"
    source.write_text("def kernel(thr, sA, sSFA):\n"
                      "    # (MMA, MMA_M, MMA_K)\n"
                      "    tCsA = thr.partition_A(sA)\n"
                      "    # (MMA, MMA_M, MMA_K)\n"
                      "    tCsSFA = thr.partition_A(sSFA)\n")
    mma = (ModeLabel("mma", "atom", None, 0), ModeLabel("mma", "rest", "M", 0), ModeLabel("mma", "rest", "K", 0))

    def record(index, name, line, shape):
        return Record(index=index, op="partition_A", names=(name,), file=str(source), line=line, col=11,
                      function="kernel", kernel="kernel", in_shapes=(), shapes=(shape,), layouts=(None,),
                      memspaces=("smem",), dtypes=("f16",), swizzles=(None,), levels=(mma,))

    # MMA_K is 4 blocks of elements for A but 1 block of scale factors (16 elements each) for SFA
    report = comment_report([record(0, "tCsA", 3, ((128, 16), 1, 4)), record(1, "tCsSFA", 5, ((128, 16), 1, 1))])
    assert [f.code for f in report.findings] == []


def _record(path, index, name, line, shape, labels):
    from cute_inspect.trace.record import Record

    return Record(index=index, op="partition_A", names=(name,), file=str(path), line=line, col=11,
                  function="kernel", kernel="kernel", in_shapes=(), shapes=(shape,), layouts=(None,),
                  memspaces=("smem",), dtypes=("f16",), swizzles=(None,), levels=(labels,))


def test_gemm_letters_in_an_attention_kernels_comments_name_its_mma_modes(tmp_path):
    from cute_inspect.check.comments import comment_report
    from cute_inspect.trace.levels import ModeLabel

    source = tmp_path / "kernel.py"
    source.write_text("def kernel(thr_mma_qk, sQ):\n"
                      "    # (MMA, MMA_M, MMA_K)\n"
                      "    tSsQ = thr_mma_qk.partition_A(sQ)\n")
    labels = (ModeLabel("mma", "atom", None, 0, "qk"), ModeLabel("mma", "rest", "Q", 0, "qk"),
              ModeLabel("mma", "rest", "D", 0, "qk"))
    report = comment_report([_record(source, 0, "tSsQ", 3, ((64, 16), 2, 4), labels)])
    assert report.checked == 1 and report.findings == []


def test_a_comment_prefixed_with_another_tensors_name_is_not_this_statements(tmp_path):
    from cute_inspect.check.comments import comment_report
    from cute_inspect.trace.levels import ModeLabel

    source = tmp_path / "kernel.py"
    source.write_text("def kernel(thr, mA):\n"
                      "    # cA: (BLK_M, BLK_K) => (m, k)\n"
                      "    mcA = thr.partition_A(mA)\n")
    labels = (ModeLabel("mma", "atom", None, 0), ModeLabel("mma", "rest", "M", 0), ModeLabel("mma", "rest", "K", 0))
    report = comment_report([_record(source, 0, "mcA", 3, ((64, 16), 2, 4), labels)])
    assert report.checked == 0
