"""Each rule on a snippet it must pass and a snippet it must report, with the message it gives."""

import pytest

from cute_inspect.lint import LintConfig, lint_source
from cute_inspect.lint.registry import RULES, kind

# code -> (passing snippet, failing snippet, fragment of the failing message)
CASES = {
    "CI101": (
        "tRS_rAcc = tiled_copy_r2s.retile(tTR_rAcc)\n",
        "acc_vec = tiled_copy_r2s.retile(tTR_rAcc)\n",
        "`acc_vec` is made by `tiled_copy_r2s.retile` but does not read as "
        "`<scope><op>[_]<where><what>`; rename it to `tRS_rAcc`",
    ),
    "CI102": (
        "cute.copy(tma_atom_a, tAgA[None, k], tAsA[None, s])\n",
        "cute.copy(tma_atom_a, tAgA[None, k], tBsB[None, s])\n",
        "`cute.copy` from `tAgA` (pattern `tA`) into `tBsB` (pattern `tB`)",
    ),
    "CI103": (
        "cute.gemm(tiled_mma, tCtAcc, tCrA[k], tCrB[k], tCtAcc)\n",
        "cute.gemm(tiled_mma, tCtAcc, tCrA[k], tBrB[k], tCtAcc)\n",
        "operand `tBrB` has pattern `tB` but the other operands have `tC`; rename it to `tCrB`",
    ),
    "CI104": (
        "thr_copy_r2s = tiled_copy_r2s.get_slice(tidx)\ntRS_sC = thr_copy_r2s.partition_D(sC)\n",
        "thr_copy = tiled_copy_r2s.get_slice(tidx)\ntTR_sC = thr_copy.partition_D(sC)\n",
        "`tTR_sC` is made by `thr_copy.partition_D`, whose op is `RS`, not `TR`; rename it to `tRS_sC`",
    ),
    "CI105": (
        "tCgA = thr_mma.partition_A(gA_mkl)\n",
        "tCgB = thr_mma.partition_A(gA_mkl)\n",
        "`tCgB` partitions `gA_mkl` but names `gB`; rename it to `tCgA`",
    ),
    "CI106": (
        "tCgA = thr_mma.partition_A(gA)\ntCgB = thr_mma.partition_B(gB)\n",
        "tCgA = thr_mma.partition_A(gB)\ntCgB = thr_mma.partition_B(gB)\n",
        "`partition_A` is given `gB`, which holds operand B, not A; use `partition_B`",
    ),
}


def _lint(source, code, **config):
    return lint_source(source, "k.py", LintConfig(**{"select": (code,), **config}))


@pytest.mark.parametrize("code", sorted(CASES))
def test_rule_passes_the_good_snippet(code):
    assert _lint(CASES[code][0], code) == []


@pytest.mark.parametrize("code", sorted(CASES))
def test_rule_reports_the_bad_snippet_with_its_fix(code):
    _, bad, message = CASES[code]
    findings = _lint(bad, code)
    assert [finding.code for finding in findings] == [code]
    assert message in findings[0].message


def test_every_static_rule_has_a_case_and_a_documented_module():
    static = {code for code in RULES if kind(code) != "trace"}
    # separator style: tested with its config below; unused noqa: in test_lint_config
    assert static - set(CASES) == {"CI100", "CI108"}
    for rule in RULES.values():
        for section in ("## What it does", "## Why is this bad?", "## Example", "Use instead:"):
            assert section in rule.__doc__, (rule.CODE, section)


@pytest.mark.parametrize(
    "style, good, bad, fixed",
    [("required", "tRS_sC", "tRSsC", "tRS_sC"), ("forbidden", "tRSsC", "tRS_sC", "tRSsC")],
)
def test_separator_style_reports_the_other_spelling(style, good, bad, fixed):
    template = "{} = thr_copy_r2s.partition_D(sC)\n"
    assert _lint(template.format(good), "CI108", separator=style) == []
    findings = _lint(template.format(bad), "CI108", separator=style)
    assert [f.code for f in findings] == ["CI108"] and f"rename it to `{fixed}`" in findings[0].message
    assert _lint(template.format(bad), "CI108") == []  # "either" is the default


@pytest.mark.parametrize(
    "source",
    [
        # tma_partition pairs may name their two sides differently (MLA: Q in SMEM from QL in GMEM)
        "tQsQ, tQLgQL = cpasync.tma_partition(atom, 0, layout, sQ, gQL)\ncute.copy(atom, tQLgQL, tQsQ)\n",
        # the TMEM tiled-copy family spelled TM and TMEM_LOAD
        "cute.copy(tiled_tmem_load, tTMEM_LOADtO, tTMrO)\n",
        # autovec_copy has no partitioner, so no pattern to agree on
        "cute.autovec_copy(tCrC, tDgC)\n",
        # attention: S = Q K^T partitions carry tS, transposed ST is not a copy direction
        "tSrQ = qk_tiled_mma.make_fragment_A(sQ)\ntSTrK = KQ_tiled_mma.make_fragment_A(sK)\n",
        # Mamba: C is a state-space matrix and goes to partition_A; no GEMM use of C in the file
        "tCgC = thr_mma_intra1.partition_A(gC)\n",
        # scale factors ride the TMA load of their operand
        "tAsSFA, tAgSFA = cpasync.tma_partition(atom, 0, layout, sSFA, gSFA_mkl)\n",
        # a copy view keeps the MMA's pattern; a TMEM operand fragment named r partitions into t
        "tCsA_copy_view = thr_copy_s2r_A.partition_S(sA)\ntRT_tP = thr_r2t.partition_D(tdVrP)\n",
        # per-iteration and aliased forms of one tensor
        "tTMEM_LOADtS = thr_tmem_load.partition_S(tStSi)\ntTMEM_STOREtP = thr_tmem_store.partition_D(tStS_P)\n",
        # swap_AB: C^T = B^T A^T gives each partitioner the other operand, on purpose (quack)
        "def swapped(thr_mma, sA, sB):\n"
        "    tCsB = thr_mma.partition_A(sB)\n    tCsA = thr_mma.partition_B(sA)\n"
        "def plain(thr_mma, sA, sB):\n"
        "    tCsA = thr_mma.partition_A(sA)\n    tCsB = thr_mma.partition_B(sB)\n",
        # one thread pattern X shared by several tensors, TMA partitions included (quack)
        "tXsX, tXgX = cpasync.tma_partition(atom_x, 0, layout, sX, gX)\n"
        "tXsdO, tXgdO = cpasync.tma_partition(atom_do, 0, layout, sdO, gdO)\n",
    ],
)
def test_conventional_cutlass_idioms_are_not_reported(source):
    assert lint_source(source, "k.py") == []


@pytest.mark.parametrize(
    "source, code, fragment",
    [
        ("tCsA, tCgA = cpasync.tma_partition(atom, 0, layout, sA, gA)\n", "CI104", "rename it to `tAsA`"),
        (
            "tAgA = thr_mma.partition_A(gA_mkl)\n", "CI104",
            "`A` names the copy that loads operand A; rename it to `tCgA`",
        ),
        ("tTR_sK = qk_thr_mma.partition_B(sK)\n", "CI104", "`TR` names a copy; name it with the MMA's op"),
        (
            "def one_sided(thr_mma, tiled_mma, gA, gB, sA):\n"
            "    tCgA = thr_mma.partition_B(gA)\n    tCgB = thr_mma.partition_B(gB)\n"
            "    tCrA = tiled_mma.make_fragment_A(sA)\n",
            "CI106", "`partition_B` is given `gA`, which holds operand A",
        ),
    ],
)
def test_lookalikes_of_those_idioms_are_still_reported(source, code, fragment):
    findings = lint_source(source, "k.py")
    assert [f.code for f in findings][:1] == [code] and fragment in findings[0].message


def _doc_blocks(doc):
    """The first python block after ``## Example`` and the one after ``Use instead:``."""
    blocks = []
    for heading in ("## Example", "Use instead:"):
        after = doc.split(heading, 1)[1]
        blocks.append(after.split("```python\n", 1)[1].split("```", 1)[0])
    return blocks


STATIC_CODES = sorted(code for code in RULES if kind(code) != "trace")


@pytest.mark.parametrize("code", STATIC_CODES)
def test_each_rule_doc_example_is_reported_and_its_fix_is_clean(code):
    example, fixed = _doc_blocks(RULES[code].__doc__)
    config = {"separator": "required"} if code == "CI108" else {}
    if code == "CI100":  # an unused noqa needs the rule it names to run
        config = {"select": ("CI100", "CI105")}
    assert {f.code for f in _lint(example, code, **config)} == {code}
    assert _lint(fixed, code, **config) == []
