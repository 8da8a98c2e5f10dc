"""Each rule on a snippet it must pass and a snippet it must report, with the message it gives."""

import pytest

from cute_inspect.lint import LintConfig, fix_text, lint_source
from cute_inspect.lint.names import parse_name
from cute_inspect.lint.registry import RULES, is_default, kind

from _lint import located

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
        "tCrB = tiled_mma.make_fragment_B(sB)\ncute.gemm(tiled_mma, tCtAcc, tCrA[k], tCrB[k], tCtAcc)\n",
        "tBrB = thr_copy_B.partition_D(sB)\ncute.gemm(tiled_mma, tCtAcc, tCrA[k], tBrB[k], tCtAcc)\n",
        "operand `tBrB` has pattern `tB`: it is made by the copy partitioner `thr_copy_B.partition_D`; "
        "the other operands have `tC`, the MMA's",
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
        "`partition_A` is given `gB`, which holds operand B, not A; `tCgA` and `partition_A` both say A, so "
        "the argument is likely the mistake: pass operand A's tensor",
    ),
    "CI110": (
        "def load(tma_atom_a, tma_atom_b, sA, gA, sB, gB):\n"
        "    tAsA, tAgA = cpasync.tma_partition(tma_atom_a, 0, l, sA, gA)\n"
        "    tBsB, tBgB = cpasync.tma_partition(tma_atom_b, 0, l, sB, gB)\n",
        "def load(tma_atom_a, tma_atom_b, sA, gA, sB, gB):\n"
        "    tBsA, tAgA = cpasync.tma_partition(tma_atom_a, 0, l, sA, gA)\n"
        "    tBsB, tBgB = cpasync.tma_partition(tma_atom_b, 0, l, sB, gB)\n",
        "`tBsA` is named with pattern `tB`, which is the parameter `tma_atom_b`'s (`tBsB`, line 3), but it was "
        "made by the parameter `tma_atom_a`, whose partitions are `tA...` (`tAgA`, line 2); rename it to `tAsA`",
    ),
    "CI111": (
        "tSrQ = thr_mma.make_fragment_A(sQ)\ncute.gemm(tiled_mma, acc, tSrQ, tSrK, acc)\n",
        "tSsQ = smem_thr_copy_Q.partition_S(sQ)\ncute.gemm(tiled_mma, acc, tSsQ, tSrK, acc)\n",
        "`cute.gemm` is given `tSsQ` as its A operand, but that tensor is a copy's partition, made by "
        "`smem_thr_copy_Q.partition_S` (line 1)",
    ),
    "CI113": (
        "tTR_rC = cute.make_rmem_tensor(tTR_rAcc.shape, Float16)\n",
        "tTR_sC = cute.make_rmem_tensor(tTR_rAcc.shape, Float16)\n",
        "`tTR_sC` is named for shared memory (`s`), but the call that makes it allocates in registers; rename it "
        "to `tTR_rC`",
    ),
    "CI109": (
        "tCgA = thr_mma.partition_A(gA_mkl)\n",
        "tAgA = thr_mma.partition_A(gA_mkl)\n",
        "is named with operand letter `A`, the pattern of the copy that loads it; rename it to `tCgA`",
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
    assert {code for code in static if not is_default(code)} == {"CI101", "CI108", "CI109"}
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
        ("tAgC = thr_mma.partition_C(gC)\n", "CI104", "`A` names operand A, not C; rename it to `tCgC`"),
        ("tTR_sK = qk_thr_mma.partition_B(sK)\n", "CI104", "`TR` names a copy; rename it to `tSsK`"),
        ("tTR_sK = some_mma.partition_B(sK)\n", "CI104", "`TR` names a copy; name it with the MMA's op"),
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


# Idioms of public CuTeDSL code bases (CUTLASS's examples, FlashAttention, quack, FlashInfer), written here as
# small snippets of our own: each states nothing false about its tensor and must not be reported by default.
KERNEL_AUTHORS_IDIOMS = {
    "qualifier said once, in the op": "cPxDq = cute.make_identity_tensor(s)\nsKt = _transpose_view(sK)\n"
    "tPxDqsKt = copy_B_px.partition_S(sKpxt)\n",
    "abbreviations": "tWgW = thr_copy.partition_S(mWeight)\ntBgB = thr_copy.partition_S(mBias)\n"
    "tXgI = thr_copy.partition_S(gIdx)\ntXgdV = thr_copy.partition_S(gdVals)\ntVgV = thr_copy.partition_S(gVec)\n",
    "glued direction": "tdQsdQaccumg2s = g2s_thr_copy_dQaccum.partition_D(sdQaccum_flat)\n",
    "tacc family": "taccOrO = smem_thr_copy_O.retile(rO)\ntaccOsO = smem_thr_copy_O.partition_D(sO)\n"
    "cute.copy(smem_copy_atom_O, taccOrO, taccOsO)\ntaccOcO = thr_mma.partition_C(caccO)\n",
    "lower-case direction": "ts2rsLSE = s2r_thr_copy_LSE.partition_S(sLSE)\n",
    "helper parameters": "def rescale(thr_copy, sX, src):\n    tCsY = thr_copy.partition_S(sX)\n"
    "    src = thr_copy.retile(src)\n    cute.copy(thr_copy, src, tCsY)\n",
    "coordinates": "tXcFull = thr_copy.partition_S(cX)\ncMkk = cute.make_identity_tensor(s)\n"
    "tKKcMkk = kk_thr_mma.partition_C(cMqk)\n",
    "MMA operands by letter": "tAtK = thrblk_mma_kq.make_fragment_A(s)\n"
    "tBsQ_desc = thrblk_mma_kq.make_fragment_B(tBsQ)\n"
    "tAgK = thrblk_mma_kq.partition_A(gK)\ncute.gemm(mma_kq, tCtS, tAtK, tBsQ_desc, tCtS)\n",
    "fragment shared by two MMAs": "tdQvrdS = tiled_mma_v.make_fragment_A(sdS)\n"
    "cute.gemm(tiled_mma_k, tdQtAcc, tdQvrdS, tdQrK, tdQtAcc)\n",
    "TMA partition with a dropped half": "tKCsKC, tCLgCL = cpasync.tma_partition(a, 0, l, sKC, gCL)\n"
    "_, tKRgKR = cpasync.tma_partition(b, 0, l, sKC, gKR)\ntKRgKR_k = tKRgKR[None, 0]\n"
    "cute.copy(b, tKRgKR_k, tKCsKC)\n",
    "register round trips": "cute.copy(tiled_copy_r2t, tTR_rAcc, tRT_tAcc)\n"
    "cute.copy(tiled_copy_r2s, rPt_view, tSR_sPt)\n"
    "cute.copy(tmem_tiled_copy, tDtC, tCrAcc)\n",
    "D names the output": "rD_shape = cute.shape(x)\ntRS_sD = thr_copy_r2s.partition_D(sC)\n"
    "gD = cute.local_tile(mO, t, c)\nbSG_sD, bSG_gD = cpasync.tma_partition(atom, 0, l, sO, gD)\n",
    "the accumulator holds C": "mC = x\ntDtC = tmem_thr_copy.partition_S(tCtAcc_epi)\n",
    "placeholders that are no tensor here": "tAsA, tAgA = cpasync.tma_partition(atom, 0, l, sSrc, gSrc)\n",
    "layout borrowed from a copy's side": "tRG_tCgState = thr_state_t2r.partition_D(gS_out)\n"
    "tGR_tCgState = thr_state_r2t.partition_S(gS_init)\n",
    "deliberate swap": "tCsSFA_view = thr_copy_SFA.partition_S(sSFB_tile)\n"
    "tCsSFB_view = thr_copy_SFB.partition_S(sSFA_tile)\n",
    "buffers named outside the convention, in the memory their names say": "class K:\n"
    "    def store(self, thr_r2s_p, smem_pt, frag):\n"
    "        tRS_sP = thr_r2s_p.partition_D(smem_pt)\n        tRS_rP = thr_r2s_p.retile(frag)\n"
    "    @cute.kernel\n    def kernel(self, storage, thr):\n"
    "        smem_pt = storage.smem_p.get_tensor(layout)\n        frag = cute.make_rmem_tensor(s, t)\n"
    "        self.store(thr, smem_pt, frag)\n",
    "one pattern for every operand of an MMA with two products": "def inverse(tiled_mma, sD, sC, sA):\n"
    "    thr_mma = tiled_mma.get_slice(0)\n"
    "    tOrD = thr_mma.make_fragment_A(thr_mma.partition_A(sD))\n"
    "    tOrC = thr_mma.make_fragment_B(thr_mma.partition_B(sC))\n"
    "    tOrA = thr_mma.make_fragment_B(thr_mma.partition_B(sA))\n"
    "    cute.gemm(tiled_mma, tDCrDC, tOrD, tOrC, tDCrDC)\n"
    "    cute.gemm(tiled_mma, tOrO, tDCrDC, tOrA, tOrO)\n",
    "bare copy atom": "cute.copy(s2r_atom_d, tRS_sD, tRS_rD)\n",
    "buffer reused for other data": "sV = x\ntRT_tCcV = thr_r2t.partition_S(tCcShared_inp)\n",
    "starred coordinates": "sK = x\ntQsQ, tQgQ = cpasync.tma_partition(atom, *coord, sQ, gQ)\n",
    "name outside the grammar": "tTransferC = thr_copy.partition_S(cTransfer)\n",
    "C of another algorithm": "tCgC = thr_mma.partition_C(gC)\n"
    "tOrC = tiled_mma.make_fragment_B(thr_mma.partition_B(sC))\n",
    "compound accumulator names": "def epilogue(thr_copy_t2r, tAccA, tAccB, tCtAccA):\n"
    "    tTR_tAccA = thr_copy_t2r.partition_S(tAccA)\n    tTR_tAccB = thr_copy_t2r.partition_S(tAccB)\n"
    "    tTR_tAcc_qk = thr_copy_t2r.partition_S(tCtAccA)\n",
    "coordinates of an identity tensor named g": "gC_coord = cute.local_tile(cute.make_identity_tensor(s), t, c)\n"
    "gCcoord = cute.make_identity_tensor(s)\ntCcC = thr_mma.partition_C(gC_coord)\n"
    "tCcC2 = thr_mma.partition_C(gCcoord)\n",
    "copy atom passed into a helper": "def kernel(self):\n"
    "    tiled_copy_t2r = tcgen05.make_tmem_copy(tcgen05.Ld32x32bOp(r), tAcc)\n"
    "    self.epilogue(tiled_copy_t2r, tAcc, sC)\n"
    "def epilogue(self, copy_atom, tAcc, sC):\n"
    "    thr_copy = copy_atom.get_slice(0)\n    tTR_tAcc = thr_copy.partition_S(tAcc)\n"
    "    tTR_rAcc = cute.make_rmem_tensor(s)\n    cute.copy(copy_atom, tTR_tAcc, tTR_rAcc)\n",
    "a norm's row pattern on every copy of the row, its TMA atoms too":
    "def kernel(tiled_copy, tma_atom_X, tma_atom_dO):\n"
    "    thr_copy_X = tiled_copy.get_slice(t)\n"
    "    tXgX = thr_copy_X.partition_S(gX)\n    tXsX = thr_copy_X.partition_D(sX)\n"
    "    tXgdO = thr_copy_X.partition_S(gdO)\n    tXsdO = thr_copy_X.partition_D(sdO)\n"
    "    tXsX_tma, tXgX_tma = cpasync.tma_partition(tma_atom_X, 0, l, sX, gX_tma)\n"
    "    tXsdO_tma, tXgdO_tma = cpasync.tma_partition(tma_atom_dO, 0, l, sdO, gdO_tma)\n",
    "a load copy and a store copy of one row pattern": "def kernel(copy_X, copy_O):\n"
    "    thr_X, thr_O = copy_X.get_slice(t), copy_O.get_slice(t)\n"
    "    tXgX = thr_X.partition_S(gX)\n    tXsX = thr_X.partition_D(sX)\n    tXgO = thr_O.partition_D(gO)\n",
    "a scale factor loaded with its operand's pattern": "def load(tma_atom_b, tma_atom_sf, sB, gB, sActSf, gActSf):\n"
    "    tBsB, tBgB = cpasync.tma_partition(tma_atom_b, 0, l, sB, gB)\n"
    "    tBsActSf, tBgActSf = cpasync.tma_partition(tma_atom_sf, 0, l, sActSf, gActSf)\n",
    "an operand role named for the tensor that plays it": "def kernel(thr_mma, thr_copy_b, gB, sQ):\n"
    "    tBsB = thr_copy_b.partition_D(sQ)\n    tCrB = thr_mma.make_fragment_B(sQ)\n",
    "a helper called with different fragments by its two callers": "class G:\n"
    "    def k1(self, tiled_mma, sA, sB):\n"
    "        tCrA = tiled_mma.make_fragment_A(sA)\n        tCrB = tiled_mma.make_fragment_B(sB)\n"
    "        self.body(tiled_mma, tCrB, tCrA)\n        self.body(tiled_mma, tCrA, tCrB)\n"
    "    def body(self, tiled_mma, tCrX, tCrY):\n        cute.gemm(tiled_mma, acc, tCrX, tCrY, acc)\n",
    "a helper's tile named for the half of its parameter it holds": "class G:\n"
    "    def k1(self, tiled_mma, sBg, sB):\n        self.load(tiled_mma, sBg, sB)\n"
    "    def load(self, thr, sB_g, sB):\n"
    "        tCrG = thr.make_fragment_B(thr.partition_B(sB_g))\n"
    "        tCrU = thr.make_fragment_B(thr.partition_B(sB))\n",
    "a helper's parameter named for the role the caller's tensor plays": "class G:\n"
    "    def k1(self, thr, sA, sSFA):\n        self.load_b(thr, sA, sSFA)\n"
    "    def load_b(self, thr, sB, sSFB):\n"
    "        tBsB = thr.partition_D(sB)\n        tCrB = thr.make_fragment_B(sB)\n",
    "one buffer for two MMAs in two roles": "def kernel(mma_qk, mma_dq, tma_atom_k, sK):\n"
    "    tSgK = mma_qk.get_slice(0).partition_B(gK)\n"
    "    tKsK, tKgK = cpasync.tma_partition(tma_atom_k, 0, l, sK, tSgK)\n"
    "    tSrK = mma_qk.make_fragment_B(sK)\n    tdQrK = mma_dq.make_fragment_A(sK)\n",
    "one copy object, two spellings of its pattern": "def kernel(gmem_tiled_copy_QKV, gRAB, sRAB):\n"
    "    thr = gmem_tiled_copy_QKV.get_slice(t)\n    tRABgRAB = thr.partition_S(gRAB)\n"
    "    tRabsRAB = thr.partition_D(sRAB)\n    cute.copy(thr, tRABgRAB, tRabsRAB)\n",
}

# The mistakes issue 24 names, written as snippets of our own: each is reported by default at its line.
PROVENANCE_MISTAKES = {
    "TMA partition of A named with B's load op": (
        "def load(tma_atom_a, tma_atom_b, sA, gA, sB, gB):\n"
        "    tBsA, tAgA = cpasync.tma_partition(tma_atom_a, 0, l, sA, gA)\n"
        "    tBsB, tBgB = cpasync.tma_partition(tma_atom_b, 0, l, sB, gB)\n", 2, "CI110"),
    "P·V fragment built from the Q·K MMA's partition": (
        "def kernel(tiled_mma_qk, tiled_mma_pv, atom_v, sQ, sK, sVt):\n"
        "    thr_qk = tiled_mma_qk.get_slice(0)\n"
        "    tSrQ = thr_qk.make_fragment_A(thr_qk.partition_A(sQ))\n"
        "    tSrK = thr_qk.make_fragment_B(thr_qk.partition_B(sK))\n"
        "    tOrVt = thr_qk.make_fragment_B(thr_qk.partition_B(sVt))\n"
        "    tOsVt = cute.make_tiled_copy_B(atom_v, tiled_mma_pv).get_slice(0).partition_S(sVt)\n", 5, "CI104"),
    "cute.gemm given a copy partition": (
        "def kernel(tiled_mma, atom, sQ):\n"
        "    tSsQ = cute.make_tiled_copy_A(atom, tiled_mma).get_slice(0).partition_S(sQ)\n"
        "    tSrQ = tiled_mma.make_fragment_A(sQ)\n"
        "    cute.gemm(tiled_mma, acc, tSsQ, tSrK, acc)\n", 4, "CI111"),
    "K partition named with V's copy op": (
        "def kernel(gmem_tiled_copy_K, gmem_tiled_copy_V, sK, gK, sV, gV):\n"
        "    thr_K, thr_V = gmem_tiled_copy_K.get_slice(0), gmem_tiled_copy_V.get_slice(0)\n"
        "    tVsK, tKgK = thr_K.partition_D(sK), thr_K.partition_S(gK)\n"
        "    tVsV, tVgV = thr_V.partition_D(sV), thr_V.partition_S(gV)\n", 3, "CI110"),
    "dQ-MMA fragment named with the dK MMA's op": (
        "class Bwd:\n"
        "    def kernel(self, sdS, sdSt, sQt, sKt):\n"
        "        mma_dkv, mma_dq = self._mmas()\n"
        "        params = SimpleNamespace(thr_mma_dq=mma_dq.get_slice(0))\n"
        "        tdKrdS = utils.mma_make_fragment_A(sdSt, mma_dkv)\n"
        "        tdKrQ = utils.mma_make_fragment_B(sQt, mma_dkv)\n"
        "        tdKrdS2 = utils.mma_make_fragment_A(sdS, params.thr_mma_dq)\n"
        "        tdQrK = utils.mma_make_fragment_B(sKt, params.thr_mma_dq)\n"
        "    def _mmas(self):\n"
        "        return cute.make_tiled_mma(MmaF16BF16Op()), cute.make_tiled_mma(MmaF16BF16Op())\n", 7, "CI110"),
    "TMA pair of A named with B's load op, both outputs": (
        "def load(tma_atom_a, tma_atom_b, sA, gA, sB, gB):\n"
        "    tBsA, tBgA = cpasync.tma_partition(tma_atom_a, 0, l, sA, gA)\n"
        "    tBsB, tBgB = cpasync.tma_partition(tma_atom_b, 0, l, sB, gB)\n"
        "    cute.copy(tma_atom_a, tBgA, tBsA)\n    cute.copy(tma_atom_b, tBgB, tBsB)\n", 2, "CI110"),
    "TMA pair of B named with A's op, its copies in another function": (
        "def load(tma_atom_a, tma_atom_b, sA, sB, tCgA, tCgB):\n"
        "    tAsA, tAgA_mkl = cpasync.tma_partition(tma_atom_a, 0, l, sA, tCgA)\n"
        "    tAsB, tAgB_nkl = cpasync.tma_partition(tma_atom_b, 0, l, sB, tCgB)\n"
        "    return tAsA, tAgA_mkl, tAsB, tAgB_nkl\n", 3, "CI110"),
    "TMA atoms made by one helper, called once per operand": (
        "class G:\n"
        "    def __call__(self, a, b):\n"
        "        tma_atom_a, ta = self._make_tma(a)\n        tma_atom_b, tb = self._make_tma(b)\n"
        "        self.kernel(tma_atom_a, tma_atom_b)\n"
        "    def _make_tma(self, t):\n"
        "        atom, tensor = cpasync.make_tiled_tma_atom(CopyBulkTensorTileG2SOp(), t)\n"
        "        return atom, tensor\n"
        "    @cute.kernel\n"
        "    def kernel(self, tma_atom_a, tma_atom_b):\n"
        "        tAsB, tAgB = cpasync.tma_partition(tma_atom_b, 0, l, sB, gB)\n"
        "        tAsA, tAgA = cpasync.tma_partition(tma_atom_a, 0, l, sA, gA)\n"
        "        cute.copy(tma_atom_b, tAgB, tAsB)\n        cute.copy(tma_atom_a, tAgA, tAsA)\n", 11, "CI110"),
    "a helper's gemm given the fragments swapped, through its one call": (
        "class G:\n"
        "    @cute.kernel\n"
        "    def kernel(self, tiled_mma, sA, sB):\n"
        "        tCrA = tiled_mma.make_fragment_A(sA)\n        tCrB = tiled_mma.make_fragment_B(sB)\n"
        "        self._mma_body(tiled_mma=tiled_mma, tCrA=tCrA, tCrB=tCrB, acc=acc)\n"
        "    def _mma_body(self, tiled_mma, tCrA, tCrB, acc):\n"
        "        cute.gemm(tiled_mma, acc, tCrB[k], tCrA[k], acc)\n", 8, "CI111"),
    "a helper's R2S partition of the C buffer named A's": (
        "class G:\n"
        "    @cute.kernel\n"
        "    def kernel(self, tiled_mma, sA, sB, sC):\n"
        "        tCsA = tiled_mma.partition_A(sA)\n        tCsB = tiled_mma.partition_B(sB)\n"
        "        self.epilogue(tiled_copy_r2s, sC)\n"
        "    def epilogue(self, tiled_copy_r2s, sC):\n"
        "        tRS_sA = tiled_copy_r2s.get_slice(0).partition_D(sC)\n", 8, "CI105"),
    "make_fragment_B given the buffer a TMA load pairs with the MMA's A tile": (
        "def kernel(tiled_mma, tma_atom_x, mX, sX, sW):\n"
        "    thr_mma = tiled_mma.get_slice(0)\n"
        "    tCgX = thr_mma.partition_A(gX)\n"
        "    tXsX, tXgX = cpasync.tma_partition(tma_atom_x, 0, l, sX, tCgX)\n"
        "    tCrX = tiled_mma.make_fragment_B(sX)\n"
        "    tCrW = tiled_mma.make_fragment_B(sW)\n", 5, "CI106"),
    "make_fragment_B given the buffer the load helper pairs with the MMA's A tile": (
        "class F:\n"
        "    @cute.kernel\n"
        "    def kernel(self, kq_mma, tma_atom_k, sK):\n"
        "        tSTrK = kq_mma.make_fragment_B(sK)\n"
        "        self.load(kq_mma, tma_atom_k, sK)\n"
        "        acc = tSTrK.load()\n"
        "    def load(self, kq_mma, tma_atom_k, sK):\n"
        "        tSTgK = kq_mma.get_slice(0).partition_A(gK)\n"
        "        tKsK, tKgK = cpasync.tma_partition(tma_atom_k, 0, l, sK, tSTgK)\n", 4, "CI106"),
    "make_fragment_B of an A partition made in its argument": (
        "def kernel(thr_mma, sQ, sK):\n"
        "    tSrQ = thr_mma.make_fragment_B(thr_mma.partition_A(sQ))\n", 2, "CI106"),
    "a helper's gemm given the B fragment as A, through functools.partial": (
        "class G:\n"
        "    def k1(self, tiled_mma, sA, sB):\n"
        "        tCrA = tiled_mma.make_fragment_A(sA)\n        tCrB = tiled_mma.make_fragment_B(sB)\n"
        "        block = partial(self._block, tiled_mma, acc, tCrA, tCrB)\n        block(0)\n"
        "    def _block(self, tiled_mma, acc, tCrA, tCrB, k):\n"
        "        cute.gemm(tiled_mma, acc, tCrB[k], tCrB[k], acc)\n", 8, "CI111"),
    "V's view named K where one layout serves both buffers": (
        "def kernel(storage, smem_thr_copy_V, sKV_all_layout, t):\n"
        "    sK_all = storage.sK.get_tensor(sKV_all_layout)\n"
        "    sV_all = storage.sV.get_tensor(sKV_all_layout)\n"
        "    sVt = cute.composition(sV_all[0, None, None], t)\n"
        "    tOsK = smem_thr_copy_V.partition_S(sVt)\n", 5, "CI105"),
    "partition of a shared buffer named outside the convention, named global, in a helper": (
        "class K:\n"
        "    def store(self, thr_r2s_p, smem_pt):\n"
        "        tRS_gP = thr_r2s_p.partition_D(smem_pt)\n"
        "    @cute.kernel\n"
        "    def kernel(self, storage, thr):\n"
        "        smem_pt = storage.smem_p.get_tensor(layout)\n"
        "        self.store(thr, smem_pt)\n", 3, "CI105"),
    "fragment named for the other product of a TiledMma that issues both": (
        "def kernel(tiled_mma, sQ, sK, sVt, rP):\n"
        "    thr_mma = tiled_mma.get_slice(0)\n"
        "    tSrQ = thr_mma.make_fragment_A(thr_mma.partition_A(sQ))\n"
        "    tSrK = thr_mma.make_fragment_B(thr_mma.partition_B(sK))\n"
        "    tSrVt = thr_mma.make_fragment_B(thr_mma.partition_B(sVt))\n"
        "    cute.gemm(tiled_mma, acc_S, tSrQ, tSrK, acc_S)\n"
        "    tOrS = cute.make_tensor(rP.iterator, l)\n"
        "    cute.gemm(tiled_mma, acc_O, tOrS, tSrVt, acc_O)\n", 5, "CI110"),
    "A slot of cute.gemm given the B fragment": (
        "def kernel(tiled_mma, sA, sB):\n"
        "    tCrA = tiled_mma.make_fragment_A(sA)\n"
        "    tCrB = tiled_mma.make_fragment_B(sB)\n"
        "    tCrB_k = tCrB[None, None, 0]\n"
        "    cute.gemm(tiled_mma, acc, tCrB_k, tCrB_k, acc)\n", 5, "CI111"),
}


@pytest.mark.parametrize("mistake", sorted(PROVENANCE_MISTAKES))
def test_provenance_mistakes_are_reported_by_default(mistake):
    source, line, code = PROVENANCE_MISTAKES[mistake]
    found = lint_source(source, "k.py", LintConfig())
    assert (line, code) in {(f.line, f.code) for f in found}, found
    assert all(f.line == line for f in found), found


@pytest.mark.parametrize("idiom", sorted(KERNEL_AUTHORS_IDIOMS))
def test_kernel_authors_idioms_are_not_reported_by_default(idiom):
    assert lint_source(KERNEL_AUTHORS_IDIOMS[idiom], "k.py") == []


# Contradictions: each one line (among context) and reported by default, with the fix that fits the name.
CONTRADICTIONS = [
    ("gdX = cute.local_tile(mdX, t, c)\ntXsdX = thr_copy_X.partition_D(sdO)\n", 2, "CI105",
     "`tXsdX` partitions `sdO` but names `sdX`; rename it to `tXsdO`"),
    ("sV = x\ntSgV = pv_thr_mma.partition_B(gV)\n", 2, "CI104", "the P·V MMA, whose results are `tO...`, not `tS...`; "
     "rename it to `tOgV`"),
    ("tOrP = qk_thr_mma.make_fragment_A(sP)\n", 1, "CI104", "rename it to `tSrP`"),
    ("tSrVt = thr_mma_pv.make_fragment_B(thr_mma_pv.partition_B(sVt))\n", 1, "CI104", "rename it to `tOrVt`"),
    ("bGS_sC, bGS_gC = cpasync.tma_partition(tma_atom_c, 0, l, sC, gC)\ncute.copy(tma_atom_c, bGS_sC, bGS_gC)\n",
     1, "CI104", "whose op is `SG` (a TMA store), not `GS`; rename it to `bSG_sC`"),
    ("bGS_sC, bGS_gC = cpasync.tma_partition(tma_atom_c, 0, l, sC, gC)\n"
     "cute.copy(tma_atom_c, bSG_sC[None, 0], bSG_gC[None, 1])\n", 1, "CI104", "(a TMA store)"),
    ("tma_atom_c, tma_c = cpasync.make_tiled_tma_atom(cpasync.CopyBulkTensorTileS2GOp(), c, l, t)\n"
     "bGS_sC, bGS_gC = cpasync.tma_partition(tma_atom_c, 0, l, sC, gC)\n", 2, "CI104", "(a TMA store)"),
    ("tma_atom_c, tma_c = cpasync.make_tiled_tma_atom(cpasync.CopyBulkTensorTileG2SOp(), c, l, t)\n"
     "bSG_sC, bSG_gC = cpasync.tma_partition(tma_atom_c, 0, l, sC, gC)\n", 2, "CI104", "(a TMA load)"),
    ("sK = x\ntSrK = qk_thr_mma.make_fragment_A(sQ)\n", 2, "CI105",
     "partitions `sQ` but names `rK`; rename it to `tSrQ`"),
    ("tTR_tS = tmem_thr_copy.partition_D(cS)\n", 1, "CI105", "rename it to `tTR_cS`"),
    ("gO = x\ntXgX = thr_copy_X.partition_D(gO)\ngX = y\n", 2, "CI105", "rename it to `tXgO`"),
    ("cDq = cute.make_identity_tensor(s)\nsKt = _transpose_view(sK)\ntDqsKt = copy_B.partition_S(sKpxt)\n", 3,
     "CI105", "partitions `sKpxt` but names `sKt`"),
    ("tCsA = thr_mma.partition_A(sA)\ntCsB = x\ntCrB = tiled_mma.make_fragment_B(tCsA)\n", 3, "CI106",
     "`tCrB` and `make_fragment_B` both say B, so the argument is likely the mistake: pass `tCsB`"),
    ("tCsA = thr_mma.partition_A(sA)\ntCrA = tiled_mma.make_fragment_B(tCsA)\n", 2, "CI106", "use `make_fragment_A`"),
    ("cute.copy(tiled_copy_r2s, tRS_rC, tTR_sC)\n", 1, "CI102", "with `tiled_copy_r2s` (op `RS`) on `tTR_sC`"),
    ("cute.gemm(tiled_mma, tCtAcc, tBrB, tCrB, tCtAcc)\n", 1, "CI103", "`B` names operand B, given here as A"),
    ("cute.gemm(tiled_mma, tCtAcc, tCrA, tTR_rB, tCtAcc)\n", 1, "CI103", "`TR` names a copy"),
]


@pytest.mark.parametrize("source, line, code, fragment", CONTRADICTIONS)
def test_contradictions_are_reported_by_default_with_a_fitting_fix(source, line, code, fragment):
    findings = lint_source(source, "k.py")
    assert [(f.line, f.code) for f in findings][:1] == [(line, code)]
    assert fragment in findings[0].message


def test_a_suggestion_is_never_a_name_already_bound_in_that_function():
    source = "@cute.kernel\ndef k(thr_mma, gA, gB):\n    tCgA = gA\n    tCgB = thr_mma.partition_A(gA)\n"
    (finding,) = lint_source(source, "k.py")
    assert finding.message == "`tCgB` partitions `gA` but names `gB`"
    assert "rename" in lint_source(source.replace("tCgA = gA", "x = gA"), "k.py")[0].message


def test_a_helper_parameter_is_judged_in_a_kernel_and_by_the_helpers_own_parameters():
    helper = "def helper(thr_mma, gA, gX, gB):\n    tCgW = thr_mma.partition_A(gA)\n    tCgA = thr_mma.partition_A(gB)\n"
    # A helper's parameter holds what its callers pass (here none): its tensor is not compared with another
    # tensor's name, only with the helper's own words, its other parameters and the GEMM operand roles.
    assert [(f.line, f.code) for f in lint_source(helper, "k.py")] == [(3, "CI105")]
    assert [(f.line, f.code) for f in lint_source(helper.replace("gX", "gW"), "k.py")] == [(2, "CI105"), (3, "CI105")]
    kernel = "@cute.kernel\ndef k(thr_mma, gA, gW):\n    tCgW = thr_mma.partition_A(gA)\n"
    assert [f.code for f in lint_source(kernel, "k.py")] == ["CI105"]
    # its where letter still says which memory the helper expects
    (finding,) = lint_source("def store(thr_copy, sO):\n    tOgO = thr_copy.partition_S(sO)\n", "k.py")
    assert finding.code == "CI105" and "rename it to `tOsO`" in finding.message


def test_two_slips_that_trade_tensors_are_not_taken_for_a_deliberate_swap():
    slips = "gA, gB, sA, sB = x\ntAgB = thr_copy_a.partition_S(gA)\ntBsA = thr_copy_b.partition_D(sB)\n"
    assert [(f.line, f.code) for f in lint_source(slips, "k.py")] == [(2, "CI105"), (3, "CI105")]


def test_tuple_assignments_of_partitions_are_read_one_by_one():
    source = "sK, sV = a, b\ntKsK, tKgK = thr_copy_K.partition_D(sV), thr_copy_K.partition_S(gK)\n"
    assert [(f.line, f.code) for f in lint_source(source, "k.py")] == [(2, "CI105")]


def test_a_slip_is_not_hidden_by_the_data_flow_it_bends():
    """`partition_A(gB)` makes B's TMA pair look like operand A's, so `make_fragment_B(sB)` seems to take A: the two
    must not read as a deliberate swap (C^T = B^T A^T), and the slip is reported, once."""
    kernel = (
        "@cute.kernel\n"
        "def k(tiled_mma, tma_atom_a, tma_atom_b, gA, gB, sA, sB):\n"
        "    thr_mma = tiled_mma.get_slice(0)\n"
        "    tCgA = thr_mma.partition_A(gA)\n"
        "    tCgB = thr_mma.partition_A(gB)\n"
        "    tAsA, tAgA = cpasync.tma_partition(tma_atom_a, 0, l, sA, tCgA)\n"
        "    tBsB, tBgB = cpasync.tma_partition(tma_atom_b, 0, l, sB, tCgB)\n"
        "    tCrA = tiled_mma.make_fragment_A(sA)\n"
        "    tCrB = tiled_mma.make_fragment_B(sB)\n"
    )
    assert [(f.line, f.code) for f in lint_source(kernel, "k.py")] == [(5, "CI106")]


# Causes found by the lead's fourth set of plants (nvidia-cudnn-frontend), each written as a snippet of ours.
TWO_MMAS_MADE_FROM_SETTINGS = (
    "class Bwd:\n"
    "    def __call__(self):\n"
    "        tmma2 = make_trivial_tiled_mma(self.q_dtype, self.q_dtype)\n"
    "        tmma3 = make_trivial_tiled_mma(self.q_dtype, self.q_dtype)\n"
    "        self.kernel(tmma2, tmma3)\n"
    "    @cute.kernel\n"
    "    def kernel(self, tmma2, tmma3):\n"
    "        thr_mma2, thr_mma3 = tmma2.get_slice(0), tmma3.get_slice(0)\n"
    "        tDKrQt = thr_mma2.make_fragment_A(sQt)\n"
    "        tDQrDSt = thr_mma2.make_fragment_B(sdSt)\n"
    "        tCsDK = thr_mma2.partition_C(sdK)\n"
    "        tDQrDS = thr_mma3.make_fragment_A(sdS)\n"
    "        tCsDQ = thr_mma3.partition_C(sdQ)\n"
)


def test_mmas_made_from_the_kernels_settings_are_two_objects_and_share_only_tc():
    # `self.q_dtype` is no MMA the two are made for, and `tC` on both does not make them one family.
    findings = lint_source(TWO_MMAS_MADE_FROM_SETTINGS, "k.py")
    assert [(f.line, f.code) for f in findings] == [(10, "CI110")]
    assert "rename it to `tDKrDSt`" in findings[0].message


def test_objects_that_carry_only_tc_next_to_a_specific_pattern_are_not_reported():
    source = (
        "def epi(tiled_tmem_load_s_0, tiled_tmem_load_s_1, tStS, cS):\n"
        "    t0, t1 = tiled_tmem_load_s_0.get_slice(0), tiled_tmem_load_s_1.get_slice(0)\n"
        "    tStS_t2r_0 = t0.partition_S(tStS)\n    tCcS = t0.partition_D(cS)\n"
        "    tStS_t2r_1 = t1.partition_S(tStS)\n"
    )
    assert [f.code for f in lint_source(source, "k.py")] == []


def test_a_helper_no_call_resolves_still_names_its_own_parameters():
    source = (
        "class F:\n"
        "    def mma(self, thr_mma_pv, sQ, sK, sV):\n"
        "        tOrK = thr_mma_pv.make_fragment_B(sV)\n"
    )
    (finding,) = lint_source(source, "k.py")
    assert (finding.line, finding.code) == (3, "CI105")
    assert "`tOrK` partitions `sV` but names `rK`" in finding.message


def test_one_slip_seen_by_name_and_by_object_is_reported_once():
    source = (
        "def kernel(qk_tiled_mma, pv_tiled_mma, gQ, gV):\n"
        "    qk_thr_mma, pv_thr_mma = qk_tiled_mma.get_slice(0), pv_tiled_mma.get_slice(0)\n"
        "    tSgQ = qk_thr_mma.partition_A(gQ)\n    tOrP = pv_thr_mma.make_fragment_A(sP)\n"
        "    tSgV = pv_thr_mma.partition_B(gV)\n"
    )
    assert [(f.line, f.code) for f in lint_source(source, "k.py")] == [(5, "CI104")]
    config = LintConfig(ignore=("CI104",))
    assert [(f.line, f.code) for f in lint_source(source, "k.py", config)] == [(5, "CI110")]


@pytest.mark.parametrize("source, reported", [
    ("tmem = utils.TmemBufferPool(ptr, cols)\ntCtS = tmem.allocate_tensor(layout, Float32)\n", []),
    ("tmem = utils.TmemBufferPool(ptr, cols)\nsS = tmem.allocate_tensor(layout, Float32)\n", [2]),
    ("sV = utils.SmemAllocator().allocate_tensor(Float16, layout)\n", []),
    ("rV = utils.SmemAllocator().allocate_tensor(Float16, layout)\n", [1]),
    ("tCrA = pool.allocate_tensor(Float16, layout)\n", []),
    ("tMask = cute.make_rmem_tensor(shape, Boolean)\ntApA = cute.make_rmem_tensor(shape, Boolean)\n", []),
    ("tTR_tC = cute.make_rmem_tensor_like(tTR_rAcc)\n", [1]),
    # the memory is the allocator's however the arguments are passed
    ("smem = utils.SmemAllocator()\nrC = smem.allocate_tensor(element_type=Float16, layout=layout)\n", [2]),
    ("smem = utils.SmemAllocator()\nsC = smem.allocate_tensor(element_type=Float16, layout=layout)\n", []),
])
def test_maker_memory_reads_the_allocator_and_only_names_that_state_a_memory(source, reported):
    assert [f.line for f in lint_source(source, "k.py") if f.code == "CI113"] == reported


def test_the_accumulator_of_another_mma_is_another_tensor_even_as_a_partition():
    source = (
        "def kernel(tiled_mma_qk, tiled_mma_pv, thr_ld, sQ, sK, tAtP, tBsV):\n"
        "    tCtS = tiled_mma_qk.make_fragment_C(shape_s)\n    tCtO = tiled_mma_pv.make_fragment_C(shape_o)\n"
        "    cute.gemm(tiled_mma_qk, tCtS, tAsQ, tBsK, tCtS)\n    cute.gemm(tiled_mma_pv, tCtO, tAtP, tBsV, tCtO)\n"
        "    tStO = thr_ld.partition_S(tCtS)\n"
    )
    assert [(f.line, f.code) for f in lint_source(source, "k.py")] == [(6, "CI105")]
    # P is no MMA's accumulator: a view of S's TMEM named for the P it will hold is not reported
    assert lint_source(source.replace("tStO", "tStP"), "k.py") == []


def test_a_gemm_given_another_mmas_fragment_while_its_own_goes_unused_is_reported():
    source = (
        "def kernel(tiled_mma_qk, tiled_mma_pv, tCtS, tCtO, tAtP, sQ, sK, sV):\n"
        "    thr_qk, thr_pv = tiled_mma_qk.get_slice(0), tiled_mma_pv.get_slice(0)\n"
        "    tAsQ = thr_qk.make_fragment_A(sQ)\n    tBsK = thr_qk.make_fragment_B(sK)\n"
        "    tBsV = thr_pv.make_fragment_B(sV)\n"
        "    cute.gemm(tiled_mma_qk, tCtS, tAsQ, tBsK, tCtS)\n    cute.gemm(tiled_mma_pv, tCtO, tAtP, tBsK, tCtO)\n"
    )
    (finding,) = lint_source(source, "k.py")
    assert (finding.line, finding.code) == (7, "CI111")
    assert "`tBsV`" in finding.message and "is given to no `cute.gemm`" in finding.message
    # one fragment shared by two MMAs on purpose (the second makes none of its own for that slot)
    assert lint_source(source.replace("    tBsV = thr_pv.make_fragment_B(sV)\n", ""), "k.py") == []


@pytest.mark.parametrize("source", [
    # a buffer reused for the data written into it
    "def epi(thr_mma, sQ, acc_dQ, sDQ):\n    tCsDQ = thr_mma.partition_C(sQ)\n"
    "    for i in range(8):\n        tCsDQ[i] = acc_dQ[i] * scale\n",
    # the accumulator of a gradient, `tAccdQ`, is dQ
    "def epi(thr_t2r, tAccdQ):\n    tTR_tdQ = thr_t2r.partition_S(tAccdQ)\n",
    # a gradient written in capitals
    "def mma(tiled_mma, sdO):\n    tDPrDO = tiled_mma.make_fragment_A(sdO)\n",
])
def test_names_that_state_the_data_truly_are_not_reported(source):
    assert lint_source(source, "k.py") == []


def test_a_buffer_written_from_another_tensor_is_still_judged_by_that_tensor():
    source = (
        "def epi(thr_mma, sQ, acc_dK, sDQ):\n    tCsDQ = thr_mma.partition_C(sQ)\n"
        "    for i in range(8):\n        tCsDQ[i] = acc_dK[i] * scale\n"
    )
    assert [f.code for f in lint_source(source, "k.py")] == ["CI105"]


def test_a_shared_side_named_with_another_copys_pattern_is_reported_by_the_way_its_copy_moves():
    # one helper makes both copies (two objects, one per call); K's copy moves K into sK, a load, as V's does
    source = (
        "def _copy(atom, rows):\n    return cute.make_tiled_copy_tv(atom, rows, values)\n"
        "def host(atom, gK, sK, gV, sV):\n    tiled_copy_K = _copy(atom, 128)\n    tiled_copy_V = _copy(atom, 32)\n"
        "    kernel(tiled_copy_K, tiled_copy_V, gK, sK, gV, sV, 0)\n"
        "def kernel(tiled_copy_K, tiled_copy_V, gK, sK, gV, sV, tidx):\n"
        "    thr_copy_K = tiled_copy_K.get_slice(tidx)\n    thr_copy_V = tiled_copy_V.get_slice(tidx)\n"
        "    tKgK = thr_copy_K.partition_S(gK)\n    tVgV = thr_copy_V.partition_S(gV)\n"
        "    tVsK = thr_copy_K.partition_D(sK)\n    tVsV = thr_copy_V.partition_D(sV)\n"
    )
    assert [(f.line, f.code) for f in lint_source(source, "k.py")] == [(12, "CI110")]
    assert lint_source(source.replace("tVsK", "tKsK"), "k.py") == []


_TWO_MMAS_ONE_CHOSEN = (
    "def kernel(op, atom, sQ, sK, sV, sP, tidx, split):\n"
    "    tiled_mma_qk = cute.make_tiled_mma(op, (1, 4, 1)) if split else cute.make_tiled_mma(op, (4, 1, 1))\n"
    "    tiled_mma_pv = cute.make_tiled_mma(op, (4, 1, 1))\n"
    "    thr_mma_qk, thr_mma_pv = tiled_mma_qk.get_slice(tidx), tiled_mma_pv.get_slice(tidx)\n"
    "    smem_thr_copy_K = cute.make_tiled_copy_B(atom, tiled_mma_qk).get_slice(tidx)\n"
    "    smem_thr_store_P = cute.make_tiled_copy_C(atom, tiled_mma_qk).get_slice(tidx)\n"
    "    smem_thr_copy_P = cute.make_tiled_copy_A(atom, tiled_mma_pv).get_slice(tidx)\n"
    "    smem_thr_copy_V = cute.make_tiled_copy_B(atom, tiled_mma_pv).get_slice(tidx)\n"
    "    tSrQ = thr_mma_qk.make_fragment_A(thr_mma_qk.partition_A(sQ))\n"
    "    tOsK = smem_thr_copy_K.partition_S(sK)\n"
    "    tPsP_store = smem_thr_store_P.partition_D(sP)\n"
    "    tOrV = thr_mma_pv.make_fragment_B(thr_mma_pv.partition_B(sV))\n"
    "    tOsV = smem_thr_copy_V.partition_S(sV)\n"
    "    tPsP = smem_thr_copy_P.partition_S(sP)\n"
)


def test_a_maker_chosen_by_a_condition_is_one_object_and_a_tensors_pattern_does_not_join_two():
    # tiled_mma_qk is made on line 2 whichever branch runs; tP names the tensor P, which both MMAs' copies move
    assert [(f.line, f.code) for f in lint_source(_TWO_MMAS_ONE_CHOSEN, "k.py")] == [(10, "CI110")]
    assert lint_source(_TWO_MMAS_ONE_CHOSEN.replace("tOsK", "tSsK"), "k.py") == []


def test_a_pattern_that_names_the_tensor_each_object_moves_is_not_one_objects():
    # the store writes the output into gX and gR: each of its partitions is named for the buffer it moves
    source = (
        "def kernel(tiled_copy_load, tiled_copy_store, gX, gR, sX, tWrW, tidx):\n"
        "    thr_copy_X = tiled_copy_load.get_slice(tidx)\n    thr_copy_O = tiled_copy_store.get_slice(tidx)\n"
        "    tXgX = thr_copy_X.partition_S(gX)\n    tRgR = thr_copy_X.partition_S(gR)\n"
        "    tXsX = thr_copy_X.partition_D(sX)\n    tXrW = thr_copy_X.retile(tWrW)\n"
        "    tXgO = thr_copy_O.partition_D(gX)\n    tRgO = thr_copy_O.partition_D(gR)\n"
    )
    assert lint_source(source, "k.py") == []


def test_an_mmas_partition_named_with_the_pattern_of_the_copy_that_writes_its_tensor_is_reported():
    source = (
        "def convert(tiled_mma_qk, tiled_mma_pv, atom, tPrP_cvt, sP, tidx):\n"
        "    tiled_copy_p_r2s = cute.make_tiled_copy_C(atom, tiled_mma_qk)\n"
        "    tPrP_st = tiled_copy_p_r2s.retile(tPrP_cvt)\n"
        "    tPsP = tiled_copy_p_r2s.get_slice(tidx).partition_D(sP)\n"
        "    tPsP_a = tiled_mma_pv.get_slice(tidx).partition_A(sP)\n"
        "    tOrP = tiled_mma_pv.make_fragment_A(tPsP_a)\n"
    )
    assert [(f.line, f.code) for f in lint_source(source, "k.py")] == [(5, "CI110")]


def test_a_partition_of_an_identity_tensor_named_outside_the_convention_holds_coordinates():
    source = (
        "def kernel(tiled_copy, gO, tidx):\n    thr_copy = tiled_copy.get_slice(tidx)\n"
        "    tile_coords = cute.make_identity_tensor(tile_shape)\n    tOsO = thr_copy.partition_S(tile_coords)\n"
    )
    (finding,) = lint_source(source, "k.py")
    assert (finding.line, finding.code) == (4, "CI105")
    assert "`tOsO` partitions `tile_coords`, which holds coordinates" in finding.message
    assert finding.message.endswith("rename it to `tOcO`")
    assert lint_source(source.replace("tOsO", "tOcO"), "k.py") == []


def test_an_operand_letter_on_another_slots_partition_contradicts_an_mma_named_in_the_operand_letter_style():
    source = (
        "def kernel(tiled_mma_kq, gK, gQ):\n    thr = tiled_mma_kq.get_slice(0)\n"
        "    tAgK = thr.partition_A(gK)\n    tAsK_desc = thr.make_fragment_A(gK)\n    tAgQ = thr.partition_B(gQ)\n"
    )
    assert [(f.line, f.code) for f in lint_source(source, "k.py")] == [(5, "CI104")]
    # an MMA whose partitions of every slot carry `tA` uses `tA` as its own op
    own = source.replace("tAgK = thr.partition_A(gK)", "tAgC = thr.partition_C(gC)")
    assert lint_source(own.replace("tAsK_desc = thr.make_fragment_A(gK)", "tAsC = thr.partition_C(sC)"), "k.py") == []


def test_a_tensor_laid_over_a_fragments_own_iterator_and_layout_is_that_fragment():
    source = (
        "def mma(mma_dV, mma_dK, tP_base, sdO, sQ, tdVtdV, tdKtdK, off):\n"
        "    tdVrP0 = mma_dV.make_fragment_A(tP_base)\n"
        "    tdVrP = cute.make_tensor(tdVrP0.iterator + off, tdVrP0.layout)\n"
        "    tdVrdO = mma_dV.make_fragment_B(sdO)\n"
        "    tdKrdS0 = mma_dK.make_fragment_A(tP_base)\n"
        "    tdKrdS = cute.make_tensor(tdKrdS0.iterator + 2 * off, tdKrdS0.layout)\n"
        "    tdKrQ = mma_dK.make_fragment_B(sQ)\n"
        "    cute.gemm(mma_dV, tdVtdV, tdKrdS[None, None, 0], tdVrdO[None, None, 0], tdVtdV)\n"
        "    cute.gemm(mma_dK, tdKtdK, tdKrdS[None, None, 0], tdKrQ[None, None, 0], tdKtdK)\n"
    )
    (finding,) = lint_source(source, "k.py")
    assert (finding.line, finding.code) == (8, "CI111") and "`tdVrP0`" in finding.message
    assert lint_source(source.replace("mma_dV, tdVtdV, tdKrdS", "mma_dV, tdVtdV, tdVrP"), "k.py") == []


def test_an_mma_helpers_parameter_takes_its_role_from_what_the_kernel_passes_to_the_load_helper():
    source = (
        "class K:\n"
        "    def load(self, mma_dP, tma_atom_V, gV, sV):\n"
        "        thr_mma_dP = mma_dP.get_slice(0)\n"
        "        tVgV = thr_mma_dP.partition_A(gV)\n"
        "        tVsV, tVgV_mkl = cpasync.tma_partition(tma_atom_V, 0, cute.make_layout(1),"
        " cute.group_modes(sV, 0, 3), cute.group_modes(tVgV, 0, 3))\n"
        "    def mma(self, mma_dP, sV, sdO):\n"
        "        tdPrV = mma_dP.make_fragment_B(sV)\n"
        "        tdPrdO = mma_dP.make_fragment_A(sdO)\n"
        "    @cute.kernel\n"
        "    def kernel(self, mma_dP, tma_atom_V, gV, sV, sdO):\n"
        "        self.load(mma_dP, tma_atom_V, gV, sV)\n"
        "        self.mma(mma_dP, sV, sdO)\n"
    )
    found = [(f.line, f.code, f.message) for f in lint_source(source, "k.py")]
    assert [(line, code) for line, code, _ in found] == [(7, "CI106")]
    assert "`tma_partition` (line 5) pairs it with `tVgV`" in found[0][2]
    swapped = source.replace("make_fragment_B(sV)", "make_fragment_A(sV)").replace("make_fragment_A(sdO)", "make_fragment_B(sdO)")
    assert lint_source(swapped, "k.py") == []


def test_two_mainloop_helpers_given_one_buffer_in_either_slot_show_no_role():
    # a swap-AB variant: the kernel passes its gate buffer as B to one helper and as A to the other
    source = (
        "def mainloop(tiledmma, sA, sB_g, tidx):\n    thr = tiledmma.get_slice(tidx)\n"
        "    tCrA = tiledmma.make_fragment_A(thr.partition_A(sA))\n"
        "    tCrG = tiledmma.make_fragment_B(thr.partition_B(sB_g))\n"
        "def mainloop_swap(tiledmma, sA_g, sB, tidx):\n    thr = tiledmma.get_slice(tidx)\n"
        "    tCrG = tiledmma.make_fragment_A(thr.partition_A(sA_g))\n"
        "    tCrB = tiledmma.make_fragment_B(thr.partition_B(sB))\n"
        "@cute.kernel\ndef kernel(tiledmma, sX, sG, swap, tidx):\n"
        "    if swap:\n        mainloop_swap(tiledmma, sG, sX, tidx)\n"
        "    else:\n        mainloop(tiledmma, sX, sG, tidx)\n"
    )
    assert lint_source(source, "k.py") == []


def test_a_ring_filled_by_two_tma_atoms_does_not_make_their_tensors_one():
    source = (
        "def load(tma_atom_k, tma_atom_v, thr_kq, thr_vp, mK, mV, gK, gV, tAsK, tAsV, sKV_box, gK_box, gV_box):\n"
        "    tGSsKp, tGSgKp = cpasync.tma_partition(tma_atom_k, 0, l, sKV_box, gK_box)\n"
        "    tGSsVp, tGSgVp = cpasync.tma_partition(tma_atom_v, 0, l, sKV_box, gV_box)\n"
        "    tAgK = thr_kq.partition_A(gK)\n    tAgV = thr_vp.partition_A(gV)\n"
        "    tGSsK, tGSgK = cpasync.tma_partition(tma_atom_k, 0, l, tAsK, tAgV)\n"
    )
    assert [(f.line, f.code) for f in lint_source(source, "k.py")] == [(6, "CI105")]
    assert lint_source(source.replace("tAsK, tAgV)", "tAsK, tAgK)"), "k.py") == []


def test_a_copy_given_another_tiled_copys_partition_is_reported():
    source = (
        "def convert(smem_load_k, smem_load_v, sK, sV, tidx):\n"
        "    thr_load_k = smem_load_k.get_slice(tidx)\n    tKsK = thr_load_k.partition_S(sK)\n"
        "    thr_load_v = smem_load_v.get_slice(tidx)\n    tVsV = thr_load_v.partition_S(sV)\n"
        "    tKrK = cute.make_rmem_tensor(shape, dtype)\n"
        "    cute.copy(thr_load_k, tVsV[None, 0], tKrK)\n"
    )
    (finding,) = lint_source(source, "k.py")
    assert (finding.line, finding.code) == (7, "CI102")
    assert "`thr_load_k` (whose partitions are `tK...`) is given `tVsV`" in finding.message
    assert lint_source(source.replace("tVsV[None, 0]", "tKsK[None, 0]"), "k.py") == []


def test_a_tiled_copy_name_rebound_in_each_branch_is_one_copy_to_the_rule():
    source = (
        "def epi(tiled_a, tiled_b, tStS, tdPtdP, tidx, split):\n"
        "    if split:\n        thr_copy_t2r = tiled_a.get_slice(tidx)\n"
        "        tStS_t2r = thr_copy_t2r.partition_S(tStS)\n        tdPtdP_t2r = thr_copy_t2r.partition_S(tdPtdP)\n"
        "    else:\n        thr_copy_t2r = tiled_b.get_slice(tidx)\n"
        "        tStS_t2r = thr_copy_t2r.partition_S(tStS)\n"
        "    cute.copy(thr_copy_t2r, tdPtdP_t2r, tdPrdP)\n"
    )
    assert lint_source(source, "k.py") == []


def test_a_copy_made_with_an_expression_that_names_no_tiled_copy_is_not_compared_with_its_objects():
    source = (
        "def f(tiled, sK, tidx):\n    thr = tiled.get_slice(tidx)\n    tKsK = thr.partition_S(sK)\n"
        "    cute.copy(tiled.get_slice(tidx), tKsK, tKrK)\n"
    )
    assert lint_source(source, "k.py") == []


def test_the_tma_atoms_maker_tells_the_operand_its_tile_is():
    source = (
        "class K:\n"
        "    @cute.jit\n"
        "    def __call__(self, op, mK, layout, tiler):\n"
        "        mma_S = cute.make_tiled_mma(op)\n"
        "        tma_atom_K, tma_tensor_K = cute.nvgpu.make_tiled_tma_atom_A(op, mK, layout, tiler, mma_S)\n"
        "        self.kernel(mma_S, tma_atom_K, tma_tensor_K).launch()\n"
        "    def load(self, mma_S, tma_atom_K, gK, sK):\n"
        "        thr_mma_S = mma_S.get_slice(0)\n"
        "        tKgK = thr_mma_S.partition_B(gK)\n"
        "        tKsK, tKgK_mkl = cpasync.tma_partition(tma_atom_K, 0, cute.make_layout(1), sK, tKgK)\n"
        "    def mma(self, mma_S, sK):\n"
        "        tSrK = mma_S.make_fragment_A(sK)\n"
        "    @cute.kernel\n"
        "    def kernel(self, mma_S, tma_atom_K, tma_tensor_K):\n"
        "        gK = cute.local_tile(tma_tensor_K, tiler, (None, None, 0))\n"
        "        sK = storage.sK.get_tensor(layout)\n"
        "        self.load(mma_S, tma_atom_K, gK, sK)\n"
        "        self.mma(mma_S, sK)\n"
    )
    found = [(f.line, f.code, f.message) for f in lint_source(source, "k.py")]
    assert [(line, code) for line, code, _ in found] == [(9, "CI106")]
    assert "`tma_atom_K` is made by `make_tiled_tma_atom_A` (line 5) for this MMA" in found[0][2]
    assert lint_source(source.replace("partition_B(gK)", "partition_A(gK)"), "k.py") == []


def test_a_buffer_taken_from_a_shared_storage_field_is_also_the_fields_tensor():
    # `sXA = dxmem.sA.get_tensor(...)`: the dX GEMM's A buffer; `tAsA` names its field, not another tensor.
    source = (
        "@cute.kernel\n"
        "def kernel(tma_dza, gZA, gA, dx_a, dxmem, dwmem):\n"
        "    sXA = dxmem.sA.get_tensor(dx_a.outer)\n"
        "    sWA = dwmem.sA.get_tensor(dx_a.outer)\n"
        "    tAsA, tAgA = cute.nvgpu.cpasync.tma_partition(tma_dza, 0, one, sXA, gZA)\n"
    )
    assert lint_source(source, "k.py") == []
    # a partition named for another field's tensor still is reported
    found = lint_source(source.replace("dxmem.sA.", "dxmem.sB."), "k.py")
    assert [(f.line, f.code) for f in found] == [(5, "CI105")]


def test_a_fragment_maker_given_the_other_operands_partition_of_its_own_tensor_blames_the_inner_call():
    source = (
        "@cute.kernel\n"
        "def kernel(tiled_mma, sA, sB):\n"
        "    thr_mma = tiled_mma.get_slice(0)\n"
        "    tCrA = tiled_mma.make_fragment_A(thr_mma.partition_A(sA))\n"
        "    tCrB = tiled_mma.make_fragment_B(thr_mma.partition_A(sB))\n"
    )
    found = lint_source(source, "k.py")
    assert [(f.line, f.code) for f in found] == [(5, "CI106")]
    assert "the inner `partition_A` is likely the mistake: use `partition_B`" in found[0].message
    fixed, _ = fix_text(source, "k.py", LintConfig(), unsafe=True)
    assert "make_fragment_B(thr_mma.partition_B(sB))" in fixed and lint_source(fixed, "k.py") == []
    assert lint_source(source.replace("partition_A(sB)", "partition_B(sB)"), "k.py") == []


def test_a_tma_partition_named_with_a_register_or_tensor_memory_direction_is_reported():
    source = (
        "@cute.kernel\n"
        "def kernel(tma_atom_out, sO, gO):\n"
        "    tSR_sO, tXgO = cpasync.tma_partition(tma_atom_out, 0, cute.make_layout(1), sO, gO)\n"
    )
    found = lint_source(source, "k.py")
    assert [(f.line, f.code) for f in found] == [(3, "CI104")]
    assert "whose op is `GS` or `SG` (a TMA copies between global and shared memory), not `SR`" in found[0].message
    stored = source + "    cute.copy(tma_atom_out, tSR_sO[None, 0], tXgO[None, 0])\n"
    found = lint_source(stored, "k.py")
    assert [(f.line, f.code) for f in found] == [(3, "CI104")] and "rename it to `tSG_sO`" in found[0].message
    assert lint_source(source.replace("tSR_sO", "tSG_sO"), "k.py") == []


def test_a_tma_copy_into_another_atoms_partition_is_reported():
    source = (
        "@cute.jit\n"
        "def main(self, tma_atom, tma_atom_act, sX, gX, sAct, gAct, bar):\n"
        "    tXsX, tXgX = cute.nvgpu.cpasync.tma_partition(tma_atom, 0, cute.make_layout(1), sX, gX)\n"
        "    tXsA, tXgA = cute.nvgpu.cpasync.tma_partition(tma_atom_act, 0, cute.make_layout(1), sAct, gAct)\n"
        "    cute.copy(tma_atom, tXgX[None, 0], tXsA[None, 0], tma_bar_ptr=bar)\n"
        "    cute.copy(tma_atom_act, tXgA[None, 0], tXsA[None, 0], tma_bar_ptr=bar)\n"
    )
    found = lint_source(source, "k.py")
    assert [(f.line, f.code) for f in found] == [(5, "CI102")]
    assert "made by `tma_partition` of `tma_atom_act`" in found[0].message
    assert lint_source(source.replace("tXgX[None, 0], tXsA", "tXgX[None, 0], tXsX"), "k.py") == []
    # a store atom whose own smem side is dropped stores from the load atom's (CUTLASS's TMA tutorial)
    dropped = source.replace("tXsA, tXgA = cute", "_, tXgA = cute").replace(
        "    cute.copy(tma_atom_act, tXgA[None, 0], tXsA[None, 0], tma_bar_ptr=bar)\n", "").replace(
        "cute.copy(tma_atom, tXgX[None, 0], tXsA[None, 0], tma_bar_ptr=bar)", "cute.copy(tma_atom_act, tXsX, tXgA[None, 0])")
    assert lint_source(dropped, "k.py") == []


def test_a_partition_named_for_another_allocated_buffer_by_its_variant_is_reported():
    source = (
        "@cute.kernel\n"
        "def kernel(storage, tma_atom_out_row, gO_row):\n"
        "    sO_row = storage.sO_row.get_tensor(layout)\n"
        "    sO_col = storage.sO_col.get_tensor(layout)\n"
        "    tXsO_row, tXgO_row = cute.nvgpu.cpasync.tma_partition(tma_atom_out_row, 0, one, sO_col, gO_row)\n"
    )
    found = lint_source(source, "k.py")
    assert [(f.line, f.code) for f in found] == [(5, "CI105")]
    assert "names `sO_row`, another buffer of this function; rename it to `tXsO_col`" in found[0].message
    assert lint_source(source.replace("one, sO_col,", "one, sO_row,"), "k.py") == []
    # a view bound with a variant is the buffer it views
    view = source.replace("sO_col = storage.sO_col.get_tensor(layout)", "sO_col = cute.make_tensor(sO_row.iterator, l)")
    assert lint_source(view, "k.py") == []


def test_a_tensor_laid_over_a_pointer_has_the_pointers_memory():
    source = (
        "@cute.kernel\n"
        "def kernel(mW, smem_layout, storage, N):\n"
        "    sW = cute.make_tensor(cute.make_ptr(mW.element_type, mW.iterator.toint(), cute.AddressSpace.gmem), N)\n"
        "    sm = storage.data.get_tensor(smem_layout)\n"
        "    sm1 = cute.make_tensor(sm.iterator + 64, cute.make_layout((64, 64)))\n"
        "    tXgX1 = tc.partition_S(sm1)\n"
    )
    found = sorted((f.line, f.code) for f in lint_source(source, "k.py"))
    assert found == [(3, "CI113"), (6, "CI105")]
    good = source.replace("sW =", "gW =").replace("tXgX1", "tXsX1")
    assert lint_source(good, "k.py") == []


def test_a_tcgen05_accumulator_laid_over_tensor_memory_named_registers_is_reported():
    source = (
        "@cute.kernel\n"
        "def kernel(tiled_mma, shape, smem_ptr):\n"
        "    thr_mma = tiled_mma.get_slice(0)\n"
        "    tCrO = thr_mma.make_fragment_C(shape)\n"
        "    tmem_ptr = cute.arch.retrieve_tmem_ptr(cutlass.Int32, 16, smem_ptr)\n"
        "    tCrO = cute.make_tensor(cute.recast_ptr(tmem_ptr + 32, dtype=acc_dtype), tCrO.layout)\n"
        "    tCrA = cute.make_tensor(tmem_ptr, tiled_mma.make_fragment_A(layout).layout)\n"
    )
    found = [(f.line, f.code, f.message) for f in lint_source(source, "k.py")]
    # the accumulator (once for the name, rebound over the TMEM pointer); not the A operand laid over TMEM,
    # which the convention names `r`
    assert [(line, code) for line, code, _ in found] == [(4, "CI113")]
    assert "but it is a tcgen05 accumulator, laid over tensor memory at line 6" in found[0][2]
    assert lint_source(source.replace("tCrO", "tCtO"), "k.py") == []


def test_an_operand_made_by_one_mma_and_read_only_by_anothers_gemm_is_reported_at_its_maker():
    source = (
        "@cute.kernel\n"
        "def kernel(op, sQ, sP, sV, tCtS, tCtO):\n"
        "    tiled_mma_kq = cute.make_tiled_mma(op)\n"
        "    tiled_mma_vp = cute.make_tiled_mma(op)\n"
        "    thr_kq = tiled_mma_kq.get_slice(0)\n"
        "    thr_vp = tiled_mma_vp.get_slice(0)\n"
        "    tArK = thr_kq.make_fragment_A(sK)\n"
        "    tBrQ = thr_kq.make_fragment_B(sQ)\n"
        "    tArV = thr_vp.make_fragment_A(sV)\n"
        "    tBrP = thr_kq.make_fragment_B(sP)\n"
        "    cute.gemm(tiled_mma_kq, tCtS, tArK, tBrQ, tCtS)\n"
        "    cute.gemm(tiled_mma_vp, tCtO, tArV, tBrP, tCtO)\n"
    )
    found = lint_source(source, "k.py")
    assert [(f.line, f.code) for f in found] == [(10, "CI111")]
    assert "only another MMA's `cute.gemm` (line 12) is given it; its own `cute.gemm` (line 11) never is" \
        in found[0].message
    assert lint_source(source.replace("tBrP = thr_kq", "tBrP = thr_vp"), "k.py") == []
    # a fragment shared by two MMAs on purpose is given to its own MMA's gemm too
    shared = source.replace("tBrQ, tCtS)", "tBrP, tCtS)")
    assert [f.code for f in lint_source(shared, "k.py")] == []


def test_snake_case_partitions_are_judged_like_their_camel_case_spelling():
    source = (
        "@cute.kernel\n"
        "def kernel(tiled_mma, tma_atom_a, tma_atom_b, s_a, s_b, g_a, g_b, m_shape, tiled_copy_t2r, t_acc):\n"
        "    thr_mma = tiled_mma.get_slice(0)\n"
        "    m_c = cute.make_identity_tensor(m_shape)\n"
        "    t_cg_c = thr_mma.partition_C(m_c)\n"
        "    t_as_a, t_ag_a = cpasync.tma_partition(tma_atom_a, 0, cute.make_layout(1), s_a, g_a)\n"
        "    t_as_b, t_bg_b = cpasync.tma_partition(tma_atom_b, 0, cute.make_layout(1), s_b, g_b)\n"
        "    t_bs_x, t_bg_x = cpasync.tma_partition(tma_atom_b, 0, cute.make_layout(1), s_b, g_b)\n"
        "    thr_copy_t2r = tiled_copy_t2r.get_slice(0)\n"
        "    t_rt_t_acc = thr_copy_t2r.partition_S(t_acc)\n"
        "    t_tr_s_acc = cute.make_rmem_tensor(t_rt_t_acc.shape, Float32)\n"
    )
    found = sorted((f.line, f.code, f.message.rsplit("rename it to ", 1)[-1]) for f in lint_source(source, "k.py"))
    assert [(line, code) for line, code, _ in found] == [(5, "CI105"), (7, "CI110"), (10, "CI104"), (11, "CI113")]
    assert [fix for _, _, fix in found if fix.startswith("`")] == ["`t_cc_c`", "`t_bs_b`", "`t_tr_t_acc`", "`t_tr_r_acc`"]


def test_a_buffer_given_to_both_slots_is_judged_by_the_tma_atom_that_loads_it():
    source = (
        "@cute.jit\n"
        "def host(op, mB, layout, tiler):\n"
        "    tiled_mma = cute.make_tiled_mma(op)\n"
        "    tma_atom_b, tma_tensor_b = cute.nvgpu.make_tiled_tma_atom_B(op, mB, layout, tiler, tiled_mma)\n"
        "    kernel(tiled_mma, tma_atom_b, tma_tensor_b).launch()\n"
        "@cute.kernel\n"
        "def kernel(tiled_mma, tma_atom_b, g_b):\n"
        "    s_b = storage.s_b.get_tensor(layout)\n"
        "    t_bs_b, t_bg_b = cpasync.tma_partition(tma_atom_b, 0, cute.make_layout(1), s_b, g_b)\n"
        "    t_cr_a = tiled_mma.make_fragment_A(s_b)\n"
        "    t_cr_b = tiled_mma.make_fragment_B(s_b)\n"
    )
    found = lint_source(source, "k.py")
    assert [(f.line, f.code) for f in found] == [(10, "CI106")]
    assert "`t_cr_a` and `make_fragment_A` both say A, so the argument is likely the mistake" in found[0].message
    assert lint_source(source.replace("make_tiled_tma_atom_B", "make_tiled_tma_atom"), "k.py") == []


def test_a_plain_snake_case_source_of_a_snake_case_partition_is_compared_by_memory_only():
    source = (
        "@cute.kernel\n"
        "def kernel(tiled_mma, m_out, n):\n"
        "    thr = tiled_mma.get_slice(0)\n"
        "    g_out_mnl = cute.local_tile(m_out, (128, 128), (None, None))\n"
        "    t_cs_out = thr.partition_C(g_out_mnl)\n"
        "    t_a_subtile = cute.make_tensor(0, cute.make_layout((128, n)))\n"
        "    t_ht_c_frg = thr.partition_C(t_a_subtile)\n"
        "    t_cg_b = thr.partition_A(g_out_mnl)\n"
    )
    found = lint_source(source, "k.py")
    assert [(f.line, f.code) for f in found] == [(5, "CI105")]
    assert "rename it to `t_cg_out`" in found[0].message


def test_a_threads_view_made_by_hand_is_judged_as_a_partition_of_its_tensor():
    source = (
        "def quantize(sO_row_tile, sX_tile, tv_layout, tidx):\n"
        "    tXrO_row = cute.composition(sO_row_tile, tv_layout)[tidx, None]\n"
        "    tXgX = cute.tiled_divide(sX_tile, (4,))[None, tidx]\n"
        "    tXrX = cute.make_tensor(sX_tile.iterator + 4, tv_layout)\n"
        "    sX_tv = cute.composition(sX_tile, tv_layout)\n"
    )
    found = [(f.line, f.code, f.message) for f in lint_source(source, "k.py")]
    assert [(line, code) for line, code, _ in found] == [(2, "CI105"), (3, "CI105"), (4, "CI105")]
    assert "`tXrO_row` partitions `sO_row_tile` but names `rO`; rename it to `tXsO_row`" in found[0][2]
    good = source.replace("tXrO_row", "tXsO_row").replace("tXgX", "tXsX").replace("tXrX", "tXsX_off")
    assert lint_source(good, "k.py") == []
    # a tensor laid over another's iterator reuses the buffer for new data: compared by memory only
    reuse = "def f(tSAcc, layout):\n    tStP = cute.make_tensor(tSAcc.iterator + 64, layout)\n"
    assert lint_source(reuse, "k.py") == []


def test_a_tma_partition_named_for_another_tensor_than_its_atoms_is_reported():
    source = (
        "@cute.kernel\n"
        "def kernel(tma_load_k: cute.CopyAtom, g_load_k: cute.Tensor, sm):\n"
        "    kAs, tQgQ = cpasync.tma_partition(tma_load_k, 0, one, sm, g_load_k)\n"
        "@cute.jit\n"
        "def launch(mQ, mK, sl, tiler):\n"
        "    lq, sq = cpasync.make_tiled_tma_atom(cpasync.CopyBulkTensorTileG2SOp(), mQ, sl, tiler)\n"
        "    lk, sk = cpasync.make_tiled_tma_atom(cpasync.CopyBulkTensorTileG2SOp(), mK, sl, tiler)\n"
        "    kernel(lk, sk, sl).launch(grid=[1, 1, 1])\n"
    )
    found = [(f.line, f.code, f.message) for f in lint_source(source, "k.py")]
    assert [(line, code) for line, code, _ in found] == [(3, "CI105")]
    assert "`tQgQ` is made by `tma_load_k`, the TMA atom of `mK` (line 7), but names `gQ`" in found[0][2]
    assert lint_source(source.replace("tQgQ", "tKgK"), "k.py") == []
    # the launcher passing Q's atom makes the name right
    assert lint_source(source.replace("kernel(lk, sk", "kernel(lq, sq"), "k.py") == []


def test_a_tma_partitions_argument_that_contradicts_both_results_is_reported_at_its_line():
    source = (
        "@cute.kernel\n"
        "def kernel(tma_atom_out_row, gO_row, storage):\n"
        "    sO_row = storage.sO_row.get_tensor(layout)\n"
        "    sO_col = storage.sO_col.get_tensor(layout)\n"
        "    tXsO_row, tXgO_row = cute.nvgpu.cpasync.tma_partition(\n"
        "        tma_atom_out_row, 0, one,\n"
        "        sO_col,\n"
        "        gO_row,\n"
        "    )\n"
    )
    assert [(f.line, f.code) for f in lint_source(source, "k.py")] == [(7, "CI105")]
    # a name that disagrees with the other result is the slip, reported where it is bound
    named = source.replace("sO_col,\n", "sO_row,\n").replace("tXgO_row =", "tXgA =").replace("gO_row,\n", "gA,\n")
    named = named.replace("tXsO_row, tXgA", "tXsA, tXgA")
    assert [(f.line, f.code) for f in lint_source(named, "k.py")] == []


def test_a_helpers_buffer_given_to_two_tma_loads_is_judged_when_the_helper_has_the_named_buffer_too():
    source = (
        "class K:\n"
        "    def load(self, tma_atom_K, tma_atom_V, sK, sV, tKgK, tVgV):\n"
        "        tKsK, tKgK_mkl = cpasync.tma_partition(tma_atom_K, 0, one, cute.group_modes(sK, 0, 3), tKgK)\n"
        "        tVsV, tVgV_mkl = cpasync.tma_partition(\n"
        "            tma_atom_V, 0, one,\n"
        "            cute.group_modes(sK, 0, 3),\n"
        "            tVgV,\n"
        "        )\n"
        "    def run(self, sK, sV, tKgK, tVgV):\n"
        "        self.load(a, b, sK, sV, tKgK, tVgV)\n"
    )
    assert [(f.line, f.code) for f in lint_source(source, "k.py")] == [(6, "CI105")]
    assert lint_source(source.replace("group_modes(sK, 0, 3),\n", "group_modes(sV, 0, 3),\n"), "k.py") == []
    # a helper with no buffer of V's reuses K's buffer for it (`tQsQ` of a reused `sK`)
    assert lint_source(source.replace("sK, sV, tKgK", "sK, tKgK").replace("a, b, sK, sV,", "a, b, sK,"), "k.py") == []


def test_a_partition_by_a_copy_made_over_another_tensor_blames_the_argument():
    source = (
        "@cute.kernel\n"
        "def kernel(atom_k, atom_v, tAtK_cvt, tAtV_cvt, t):\n"
        "    tmem_store_v = tcgen05.make_tmem_copy(atom_v, tAtV_cvt[None, 0])\n"
        "    thr_store_v = tmem_store_v.get_slice(t)\n"
        "    tVtV_cvt = thr_store_v.partition_D(tAtK_cvt)\n"
    )
    found = [(f.line, f.code, f.message) for f in lint_source(source, "k.py")]
    assert [(line, code) for line, code, _ in found] == [(5, "CI105")]
    assert "the copy was made over `tAtV_cvt` (line 3) and `tVtV_cvt` names it too" in found[0][2]
    assert lint_source(source.replace("partition_D(tAtK_cvt)", "partition_D(tAtV_cvt)"), "k.py") == []
    # the copy's other end, in another memory, is another tensor (a T2R copy's shared destination)
    other_end = source.replace("tVtV_cvt = thr_store_v.partition_D(tAtK_cvt)", "tTR_sV = thr_store_v.partition_D(sP_store)")
    assert [f.code for f in lint_source(other_end, "k.py") if "copy was made over" in f.message] == []


# Causes found by the ninth held-out set (vllm, parallax-kernel), each written as a snippet of ours.
def test_an_op_read_out_of_a_word_is_no_op():
    # `tOSplitCount` is a thread's counts named with O's pattern, not op `OSpli` on a tensor `Count` in TMEM
    source = "def f(n):\n    tOSplitCount = cute.make_rmem_tensor(n, cutlass.Int32)\n"
    assert lint_source(source, "k.py") == []
    assert parse_name("tOSplitCount").op == "" and parse_name("tTransferC").op == ""
    # an op that names its own tensor, or a row of short abbreviations, is still read
    assert (parse_name("tDeltasDelta").op, parse_name("tDeltagCumsumDelta").op) == ("Delta", "Delta")
    assert (parse_name("tPxDkrQ").op, parse_name("tRabsRAB").op) == ("PxDk", "Rab")
    wrong = "def f(n):\n    tOsSplit = cute.make_rmem_tensor(n, cutlass.Int32)\n"
    assert [f.code for f in lint_source(wrong, "k.py")] == ["CI113"]


def test_a_view_made_by_layout_algebra_keeps_its_tensors_memory_and_data():
    source = (
        "@cute.kernel\n"
        "def kernel(mA, mB, mC, sW, tile, row, k):\n"
        "    sC = cute.local_tile(mC, tile, (0, 0))\n"
        "    rW_view = cute.zipped_divide(sW[row, None, None], (4, 1))\n"
        "    mcA = cute.make_identity_tensor(mA.shape)\n"
        "    gA_k = cute.local_tile(mcA, tile, (0, None))\n"
        "    gB_vec = cute.logical_divide(mA, (None, 8))\n"
        "    sW_chunk = gB_vec[(None, k), None]\n"
    )
    found = [(f.line, f.code, f.message) for f in lint_source(source, "k.py")]
    assert [(line, code) for line, code, _ in found] == [(3, "CI105"), (4, "CI105"), (6, "CI105"), (7, "CI105"),
                                                         (8, "CI105")]
    assert "`sC` is a view of `mC` (`local_tile`), which is in global memory, but names `sC`; rename it to `gC`" \
        in found[0][2]
    assert "which holds coordinates (an identity tensor)" in found[2][2]
    assert "`gB_vec` is a view of `mA` (`logical_divide`) but names `gB`; rename it to `gA_vec`" in found[3][2]
    good = (
        source.replace("sC =", "gC =").replace("rW_view", "sW_view").replace("gA_k", "cA_k")
        .replace("gB_vec", "gA_vec").replace("sW_chunk", "gW_chunk")
    )
    assert lint_source(good, "k.py") == []
    # an element (no whole mode kept) is a value, a coordinate tile may say so in its words, and tensors of
    # different families (the output D of O's tensor) are not compared
    other = (
        "@cute.kernel\n"
        "def kernel(gA, mO, tile, coordC, i):\n"
        "    rA = gA[i]\n"
        "    gD = cute.local_tile(mO, tile, (0, 0))\n"
        "    cC = cute.make_identity_tensor(mO.shape)\n"
        "    gCcoord = cute.local_tile(cC, tile, (0, 0))\n"
    )
    assert lint_source(other, "k.py") == []


def test_a_partition_of_a_snake_argument_named_against_its_copys_direction_is_reported():
    source = (
        "def load(self, vector_copy_g2r, g_tile, tid):\n"
        "    thread_copy_g2r = vector_copy_g2r.get_slice(tid)\n"
        "    tXsX = thread_copy_g2r.partition_S(g_tile)\n"
        "def store(self, vector_copy_r2g, g_tail, tid):\n"
        "    tRG_rTail = vector_copy_r2g.get_slice(tid).partition_D(g_tail)\n"
    )
    found = [(f.line, f.code, f.message) for f in lint_source(source, "k.py")]
    assert [(line, code) for line, code, _ in found] == [(3, "CI105"), (5, "CI105")]
    assert ("`tXsX` partitions `g_tile`, the source of `thread_copy_g2r`, which copies from global memory, but "
            "names `sX`; rename it to `tXgX`") in found[0][2]
    assert lint_source(source.replace("tXsX", "tXgX").replace("tRG_rTail", "tRG_gTail"), "k.py") == []
    # a copy's layout laid on other memory (a T2R destination layout on the global tile) is not a slip
    direct = "def f(thr_copy_t2r, gC, epi):\n    tTR_gC = thr_copy_t2r.partition_D(cute.flat_divide(gC, epi))\n"
    assert lint_source(direct, "k.py") == []


def test_shared_memory_from_alloc_smem_and_a_files_own_allocate_tensor_helper():
    source = (
        "@cute.kernel\n"
        "def kernel(thr_mma, layout, n, w):\n"
        "    smem = cutlass.utils.SmemAllocator()\n"
        "    def allocate_tensor(smem, dtype, layout):\n"
        "        return smem.allocate_tensor(element_type=dtype, layout=layout, byte_alignment=128)\n"
        "    rQ = allocate_tensor(smem, BFloat16, layout)[None, 0, None, None]\n"
        "    smem_red = cute.make_tensor(cute.arch.alloc_smem(cutlass.Float32, n), layout)\n"
        "    smem_warp = cute.make_tensor(cute.domain_offset((w, 0), smem_red).iterator, layout)\n"
        "    tCgC_partial = thr_mma.partition_C(smem_warp)\n"
    )
    found = [(f.line, f.code, f.message) for f in lint_source(source, "k.py")]
    assert [(line, code) for line, code, _ in found] == [(6, "CI113"), (9, "CI105")]
    assert "`tCgC_partial` partitions `smem_warp`, which is in shared memory (made at line 8)" in found[1][2]
    assert lint_source(source.replace("rQ", "sQ").replace("tCgC_partial", "tCsC_partial"), "k.py") == []


def test_a_tma_partitions_snake_case_sides_are_read_when_one_names_its_memory():
    source = (
        "def simple_tma_copy(atom, smem, gmem):\n"
        "    r_part, g_part = cpasync.tma_partition(atom, 0, one, cute.group_modes(smem, 0), gmem)\n"
    )
    found = [(f.line, f.code, f.message) for f in lint_source(source, "k.py")]
    assert [(line, code) for line, code, _ in found] == [(2, "CI105")]
    assert "`r_part` is the shared memory side of `tma_partition`" in found[0][2] and "`s_part`" in found[0][2]
    assert lint_source(source.replace("r_part", "s_part"), "k.py") == []
    # first letters that say no memory, or names of a tensor's two ends (`g_d, g_s`: G's destination and source)
    assert lint_source(source.replace("r_part, g_part", "a_part, b_part"), "k.py") == []
    assert lint_source(source.replace("r_part, g_part", "g_d, g_s"), "k.py") == []


def test_an_identity_tensor_or_a_tma_tensors_view_named_for_a_memory_is_reported():
    source = (
        "@cute.kernel\n"
        "def kernel(A_tma, tile):\n"
        "    sS = cute.make_identity_tensor((4, 4))\n"
        "    sA_tiles = cute.zipped_divide(A_tma.tma_tensor, tile)\n"
    )
    found = [(f.line, f.code, f.message) for f in lint_source(source, "k.py")]
    assert [(line, code) for line, code, _ in found] == [(3, "CI113"), (4, "CI105")]
    assert "`sS` is named for shared memory (`s`), but `make_identity_tensor` makes coordinates; rename it to `cS`" \
        in found[0][2]
    assert "`sA_tiles` is a view of `tma_tensor` (`zipped_divide`), which is the global tensor of a TMA atom" \
        in found[1][2]
    assert lint_source(source.replace("sS", "cS").replace("sA_tiles", "gA_tiles"), "k.py") == []
    # a name whose words say coordinates, and the whole-tensor and tile letters of coordinate stand-ins
    for name in ("sCcoord", "mACC", "gC_fake"):
        assert lint_source(f"def f():\n    {name} = cute.make_identity_tensor((4, 4))\n", "k.py") == []


# Causes found by the tenth code base's plants (tokenspeed-kernel 0.1.4), each written as a snippet of ours.


def test_a_partition_or_view_of_layout_algebra_over_a_tensor_is_of_that_tensor():
    source = (
        "def epilogue(thr_copy_t2r, tCgShared, tCcC, Q_tma, epi, t):\n"
        "    tTR_sShared = thr_copy_t2r.partition_D(cute.flat_divide(tCgShared, epi))\n"
        "    tTR_gC = thr_copy_t2r.partition_D(cute.flat_divide(tCcC, epi))\n"
        "    sQ_tile = cute.local_tile(cute.domain_offset((t, 0, 0), Q_tma.tma_tensor), (1, 64), (0, 0))\n"
    )
    found = [(f.line, f.code, f.message) for f in lint_source(source, "k.py")]
    assert [(line, code) for line, code, _ in found] == [(2, "CI105"), (3, "CI105"), (4, "CI105")]
    assert "`tTR_sShared` partitions `tCgShared` but names `sShared`; rename it to `tTR_gShared`" in found[0][2]
    assert "`sQ_tile` is a view of `tma_tensor` (`local_tile`), which is the global tensor of a TMA atom" in found[2][2]
    fixed = source.replace("tTR_sShared", "tTR_gShared").replace("tTR_gC", "tTR_cC").replace("sQ_tile", "gQ_tile")
    assert lint_source(fixed, "k.py") == []


def test_an_allocation_that_states_its_address_space_makes_the_tensor_there():
    # cute.experimental's `allocate(dtype, AddressSpace.rmem, layout)`
    source = "def f(layout):\n    sValues = cute_ext.allocate(Float32, cute.AddressSpace.rmem, layout, alignment=32)\n"
    found = [(f.line, f.code, f.message) for f in lint_source(source, "k.py")]
    assert [(line, code) for line, code, _ in found] == [(2, "CI113")]
    assert "`sValues` is named for shared memory (`s`), but the call that makes it allocates in registers" in found[0][2]
    assert lint_source(source.replace("sValues", "rValues"), "k.py") == []
    assert lint_source(source.replace("rmem", "smem"), "k.py") == []


def test_each_tma_bundles_atom_is_its_own_object():
    # `tma_q = make_tiled_tma_atom_A(...)` bundles an atom and a tensor: `tma_q.atom` and `tma_k.atom` are two atoms
    source = (
        "@cute.kernel\n"
        "def kernel(tma_q, tma_k, sQ, sK, tCgQ, tCgK):\n"
        "    tKsQ, tQgQ = cpasync.tma_partition(tma_q.atom, 0, one, sQ, tCgQ)\n"
        "    tKsK, tKgK = cpasync.tma_partition(tma_k.atom, 0, one, sK, tCgK)\n"
    )
    found = [(f.line, f.code, f.message) for f in lint_source(source, "k.py")]
    assert [(line, code) for line, code, _ in found] == [(3, "CI110")]
    assert "`tKsQ` is named with pattern `tK`, which is the parameter `tma_k`'s" in found[0][2]
    assert lint_source(source.replace("tKsQ", "tQsQ"), "k.py") == []
    copied = source.replace("tKsQ", "tQsQ") + "    cute.copy(tma_q.atom, tQgQ[None, 0], tKsK[None, 0])\n"
    assert [(f.line, f.code) for f in lint_source(copied, "k.py")] == [(5, "CI102")]


_TWO_KERNELS = (
    "class {name}:\n"
    "    @cute.jit\n"
    "    def __call__(self, op, mK, layout, tiler):\n"
    "        mma = cute.make_tiled_mma(op)\n"
    "        tma_k = cute.nvgpu.make_tiled_tma_atom_B(op, mK, layout, tiler, mma)\n"
    "        self.kernel(mma, tma_k, tma_k.tma_tensor).launch()\n"
    "    @cute.kernel\n"
    "    def kernel(self, mma, tma_k, mK):\n"
    "        thr_mma = mma.get_slice(0)\n"
    "        sK = storage.sK.get_tensor(layout)\n"
    "        tCgK = thr_mma.partition_B(cute.local_tile(mK, tiler, (None, None, 0)))\n"
    "        tKsK, tKgK = cpasync.tma_partition(tma_k.atom, 0, one, sK, tCgK)\n"
    "        tCrK = mma.make_fragment_{slot}(sK)\n"
)


def test_methods_of_one_name_in_several_classes_are_called_on_self_by_their_own_class():
    # each class's `__call__` launches its own `kernel`: the kernel's atom is the one its class makes
    source = _TWO_KERNELS.format(name="Staged", slot="A") + _TWO_KERNELS.format(name="Decode", slot="B")
    found = [(f.line, f.code, f.message) for f in lint_source(source, "k.py")]
    assert [(line, code) for line, code, _ in found] == [(13, "CI106")]
    assert "`tma_k` is made by `make_tiled_tma_atom_B` (line 5) for this MMA" in found[0][2]
    assert lint_source(source.replace("slot", "B").replace("make_fragment_A", "make_fragment_B"), "k.py") == []


_ROW_KERNEL = (
    "class {name}:\n"
    "    def __call__(self, op, mX, layout, tiler, sX, gX):\n"
    "        tma_atom, tma_src = cpasync.make_tiled_tma_atom(op, mX, layout, tiler)\n"
    "        self._main(tma_atom, sX, gX)\n"
    "    def _main(self, tma_atom, sX, gX):\n"
    "        {smem}, tXgX = cpasync.tma_partition(tma_atom, 0, one, sX, gX)\n"
    "        cute.copy(tma_atom, tXgX[None, 0], {smem}[None, 0])\n"
)


def test_tma_pairs_of_one_name_in_two_functions_are_each_their_functions():
    # two kernels' `_main` each name their pair `tXsX, tXgX`; the copy of one is not given the other's
    source = _ROW_KERNEL.format(name="Rows", smem="tXrX") + _ROW_KERNEL.format(name="Cols", smem="tXsX")
    assert [(f.line, f.code) for f in lint_source(source, "k.py")] == [(6, "CI105")]


def test_a_tensor_bound_in_two_branches_is_judged_at_each_maker():
    source = (
        "def f(layout, mma_warp, bar):\n"
        "    if mma_warp:\n"
        "        tCrAcc_base = cute.make_tensor(cute.arch.retrieve_tmem_ptr(Float32, 16, bar), layout)\n"
        "    else:\n"
        "        tCrAcc_base = cute.make_tensor(cute.arch.retrieve_tmem_ptr(Float32, 16, bar), layout)\n"
    )
    found = [(f.line, f.code) for f in lint_source(source, "k.py")]
    assert found == [(3, "CI113"), (5, "CI113")]


# Causes found by the eleventh code base's plants (lightmoe 0.1.0, turbo-attn 0.70.1), each a snippet of ours.


def test_a_block_scaled_gemms_operand_list_is_its_fragment():
    # a block-scaled tcgen05 gemm takes `[fragment, scale factors]` for A and for B
    source = (
        "def mma(tiled_mma, sA, sB, tCtAcc, tCtSFA, tCtSFB, k):\n"
        "    tCrA = tiled_mma.make_fragment_A(sA)\n"
        "    tCrB = tiled_mma.make_fragment_B(sB)\n"
        "    cute.gemm(\n"
        "        tiled_mma,\n"
        "        tCtAcc,\n"
        "        [tCrB[k], tCtSFA],\n"
        "        [tCrB[k], tCtSFB],\n"
        "        tCtAcc,\n"
        "    )\n"
    )
    found = [(f.line, f.code, f.message) for f in lint_source(source, "k.py")]
    assert [(line, code) for line, code, _ in found] == [(7, "CI111")]
    assert "`cute.gemm` is given `tCrB` as its A operand, but that tensor is operand B's" in found[0][2]
    assert lint_source(source.replace("[tCrB[k], tCtSFA]", "[tCrA[k], tCtSFA]"), "k.py") == []


def test_a_kernels_tensor_parameter_is_in_global_memory():
    # the host launches a @cute.kernel with global tensors: views and pointers of its parameters are global
    source = (
        "@cute.kernel\n"
        "def kernel(self, x: cute.Tensor, mY: cute.Tensor, n: cutlass.Int32, col):\n"
        "    sX_tile = cute.local_tile(x, (128, 64), (0, None))\n"
        "    rY = cute.make_tensor(mY.iterator + col, cute.make_layout(8))\n"
    )
    found = [(f.line, f.code, f.message) for f in lint_source(source, "k.py")]
    assert [(line, code) for line, code, _ in found] == [(3, "CI105"), (4, "CI113")]
    assert "`sX_tile` is a view of `x` (`local_tile`), which is in global memory (made at line 2)" in found[0][2]
    assert lint_source(source.replace("sX_tile", "gX_tile").replace("rY", "gY"), "k.py") == []
    # a helper's parameters carry whatever its callers pass, and an unannotated kernel parameter may be anything
    assert lint_source(source.replace("@cute.kernel\n", "@cute.jit\n"), "k.py") == []
    assert lint_source(source.replace("x: cute.Tensor", "x").replace("mY: cute.Tensor", "mY"), "k.py") == []
    # and so are a helper's parameters that the kernel passes them to
    helper = (
        "class Op:\n"
        "    @cute.kernel\n"
        "    def kernel(self, x: cute.Tensor):\n"
        "        self._tile(x, 0)\n"
        "    @cute.jit\n"
        "    def _tile(self, x, token):\n"
        "        sX_tile = cute.local_tile(x, (128, 64), (token, None))\n"
    )
    assert [(f.line, f.code) for f in lint_source(helper, "k.py")] == [(7, "CI105")]
    # the parameter's own name still says which tensor it is
    view = "@cute.kernel\ndef kernel(gA: cute.Tensor):\n    gB_vec = cute.logical_divide(gA, (1, 8))\n"
    assert [(f.line, f.code) for f in lint_source(view, "k.py")] == [(3, "CI105")]


def test_a_fragment_made_from_a_partitions_shape_is_that_partitions():
    # warp MMAs make register fragments from a partition's shape: B's partition's shape is B's
    source = (
        "def rht(thr_mma, tiled_mma, gB):\n"
        "    tCgB = thr_mma.partition_B(gB)\n"
        "    tCrB = tiled_mma.make_fragment_A(tCgB.shape)\n"
    )
    found = [(f.line, f.code, f.message) for f in lint_source(source, "k.py")]
    assert [(line, code) for line, code, _ in found] == [(3, "CI106")]
    assert "`tCgB`" in found[0][2]
    assert lint_source(source.replace("make_fragment_A", "make_fragment_B"), "k.py") == []


def test_a_private_names_leading_underscore_is_no_part_of_it():
    source = (
        "def f(smem_thr_copy_Q, sQ, tile_m, d):\n"
        "    _sQ_tile = cute.local_tile(sQ, (tile_m, d), (0, 0))\n"
        "    tSgQ = smem_thr_copy_Q.partition_S(_sQ_tile)\n"
    )
    found = [(f.line, f.code, f.message) for f in lint_source(source, "k.py")]
    assert [(line, code) for line, code, _ in found] == [(3, "CI105")]
    assert "`tSgQ` partitions `_sQ_tile` but names `gQ`; rename it to `tSsQ`" in found[0][2]
    assert lint_source(source.replace("tSgQ", "tSsQ"), "k.py") == []


def test_a_helpers_parameter_has_the_memory_of_the_pointer_its_callers_tensor_is_laid_over():
    # `tAcc` reads as tensor memory only by its first letter; its callers pass a tensor laid over a TMEM pointer
    source = (
        "class Gemm:\n"
        "    @cute.kernel\n"
        "    def kernel(self, tmem, layout, epi_tile):\n"
        "        acc_tmem_ptr = tmem.retrieve_ptr(Float32)\n"
        "        tCtAcc_base = cute.make_tensor(acc_tmem_ptr, layout)\n"
        "        self.epilogue(tCtAcc_base, epi_tile)\n"
        "    def epilogue(self, tAcc, epi_tile):\n"
        "        sAcc_epi = cute.flat_divide(tAcc[((None, None), 0, 0, None)], epi_tile)\n"
    )
    tmem = "tmem = utils.TmemAllocator(barrier, 0)\n"
    source = source.replace("        acc_tmem_ptr", "        " + tmem + "        acc_tmem_ptr", 1)
    found = [(f.line, f.code, f.message) for f in lint_source(source, "k.py")]
    assert [(line, code) for line, code, _ in found] == [(9, "CI105")]
    assert "`sAcc_epi` is a view of `tAcc` (`flat_divide`), which is in tensor memory" in found[0][2]
    assert lint_source(source.replace("sAcc_epi", "tAcc_epi"), "k.py") == []


def test_another_modules_mma_helper_given_a_fragment_for_the_other_slot():
    # the helper's keywords name the slot of each fragment; make_fragment_A's fragment is not B's
    source = (
        "def mma(tiled_mma, sA, sB, tCtAcc, k):\n"
        "    tCrA = tiled_mma.make_fragment_A(sA)\n"
        "    tCrB = tiled_mma.make_fragment_B(sB)\n"
        "    mma_helpers.issue_mma_tile(\n"
        "        tiled_mma,\n"
        "        acc=tCtAcc,\n"
        "        a_frag_tile=tCrA[None, None, k],\n"
        "        b_frag_tile=tCrA[None, None, k],\n"
        "    )\n"
    )
    found = [(f.line, f.code, f.message) for f in lint_source(source, "k.py")]
    assert [(line, code) for line, code, _ in found] == [(8, "CI111")]
    assert "`issue_mma_tile` is given `tCrA` as its B operand, but that tensor is operand A's" in found[0][2]
    assert lint_source(source.replace("b_frag_tile=tCrA", "b_frag_tile=tCrB"), "k.py") == []


def test_a_copy_with_one_tma_bundles_atom_given_anothers_tensor():
    # `K_tma = make_tiled_tma_atom_B(...)` bundles K's atom with K's TMA tensor: Q's tensor is not K's atom's
    source = (
        "def load(K_tma, Q_tma, sK_all, page, j, mbar):\n"
        "    simple_tma_copy(\n"
        "        K_tma.atom,\n"
        "        cute.local_tile(\n"
        "            cute.domain_offset((page, 0, 0), Q_tma.tma_tensor),\n"
        "            tiler=(1, 64, 128),\n"
        "            coord=(0, 0, 0),\n"
        "        ),\n"
        "        cute.local_tile(sK_all, (64, 128, 1), (j, 0, 0)),\n"
        "        mbar,\n"
        "    )\n"
    )
    found = [(f.line, f.code, f.message) for f in lint_source(source, "k.py")]
    assert [(line, code) for line, code, _ in found] == [(5, "CI102")]
    assert "`simple_tma_copy` with `K_tma.atom` is given `Q_tma.tma_tensor`" in found[0][2]
    assert lint_source(source.replace("Q_tma.tma_tensor", "K_tma.tma_tensor"), "k.py") == []


def test_one_tensor_given_to_both_gemm_slots():
    # a register fragment made outside the MMA (or a helper's parameter) given as A and as B: one slot is wrong
    source = (
        "def mma(tiled_mma, acc, a_regs, tCrB, k):\n"
        "    tCrA_k = a_regs[None, None, k]\n"
        "    tCrB_k = tCrB[None, None, k]\n"
        "    cute.gemm(tiled_mma, acc, tCrA_k, tCrA_k, acc)\n"
    )
    found = [(f.line, f.column, f.code, f.message) for f in lint_source(source, "k.py")]
    assert [(line, column, code) for line, column, code, _ in found] == [(4, 39, "CI111")]
    assert "`cute.gemm` is given `tCrA_k` as both its A and its B operand" in found[0][3]
    assert "the B operand is likely the slip" in found[0][3]
    assert lint_source(source.replace("tCrA_k, tCrA_k", "tCrA_k, tCrB_k"), "k.py") == []
    # a name that says no slot: the A slot is reported
    unnamed = source.replace("tCrA_k, tCrA_k", "rhs_k, rhs_k").replace("tCrB_k = tCrB", "rhs_k = tCrB")
    assert [(f.line, f.column) for f in lint_source(unnamed, "k.py")] == [(4, 31)]


def test_a_partition_named_for_another_shared_buffer_the_function_allocates():
    # `sValue` and `sGate` are two shared-storage fields: value data copied into the gate's buffer is a slip,
    # though the partition is named for the data written into it
    source = (
        "@cute.kernel\n"
        "def kernel(mValue: cute.Tensor, mGate: cute.Tensor, tiled_copy: cute.TiledCopy):\n"
        "    storage = cutlass.utils.SmemAllocator().allocate(SharedStorage)\n"
        "    sValue = storage.sValue.get_tensor(layout)\n"
        "    sGate = storage.sGate.get_tensor(layout)\n"
        "    thr_copy = tiled_copy.get_slice(0)\n"
        "    tPgValue = thr_copy.partition_S(mValue)\n"
        "    tPsValue = thr_copy.partition_D(sGate)\n"
        "    cute.copy(tiled_copy, tPgValue, tPsValue)\n"
    )
    found = [(f.line, f.code, f.message) for f in lint_source(source, "k.py")]
    assert [(line, code) for line, code, _ in found] == [(8, "CI105")]
    assert "`tPsValue` partitions `sGate` but names `sValue`, another buffer of this function" in found[0][2]
    assert lint_source(source.replace("partition_D(sGate)", "partition_D(sValue)"), "k.py") == []
    # one field read twice is one buffer (`sO` reuses Q's field); an index names a buffer of its own only where
    # one is allocated (`sB1` beside `sB`), and a word after a name is that tensor (`sATransformed` is A)
    reused = source.replace("storage.sGate", "storage.sValue")
    assert lint_source(reused, "k.py") == []
    indexed = (
        "@cute.kernel\n"
        "def kernel(tiled_mma: cute.TiledMma):\n"
        "    storage = cutlass.utils.SmemAllocator().allocate(SharedStorage)\n"
        "    sB = storage.sB.get_tensor(layout)\n"
        "    sB1 = storage.sB1.get_tensor(layout)\n"
        "    sATransformed = storage.sAT.get_tensor(layout)\n"
        "    sA = storage.sA.get_tensor(layout)\n"
        "    tCrA = tiled_mma.make_fragment_A(sATransformed)\n"
        "    tCrB1 = tiled_mma.make_fragment_B(sB)\n"
    )
    assert [(f.line, f.code) for f in lint_source(indexed, "k.py")] == [(9, "CI105")]
    assert lint_source(indexed.replace("make_fragment_B(sB)", "make_fragment_B(sB1)"), "k.py") == []


def test_a_copy_given_one_tensors_global_tile_and_anothers_shared_tile():
    # K's and V's tiles exist in both memories; a copy (here another module's helper) given V's global tile and
    # K's shared tile moves one of them into the other's place
    source = (
        "def load(self, tma_atom_k, tma_atom_v, mK, mV, sK, sV, n):\n"
        "    gK = cute.local_tile(mK, (128, 64), (None, 0))\n"
        "    gV = cute.local_tile(mV, (128, 64), (None, 0))\n"
        "    load_K, _, _ = copy_utils.tma_get_copy_fn(\n"
        "        tma_atom_k, 0, cute.make_layout(1), gV, sK\n"
        "    )\n"
        "    copy_utils.tma_copy(tma_atom_v, gV, sV, n)\n"
    )
    found = [(f.line, f.code, f.message) for f in lint_source(source, "k.py")]
    assert [(line, code) for line, code, _ in found] == [(5, "CI102")]
    assert "`tma_get_copy_fn` with `tma_atom_k` is given `gV` and `sK`: one copy moves one tensor" in found[0][2]
    assert lint_source(source.replace("layout(1), gV, sK", "layout(1), gK, sK"), "k.py") == []
    # a tensor the file has in one memory only is no evidence of two (`sKV` holds K and V in turn)
    ring = source.replace("sK, sV", "sKV").replace("gV, sK", "gV, sKV").replace("gV, sV", "gV, sKV")
    assert lint_source(ring, "k.py") == []
    # a store writes out a buffer reused once its first tensor is dead: dK from K's buffer
    store = (
        "def epilogue(self, mdK, mK, sK, sdK):\n"
        "    tma_atom_dK, tma_tensor_dK = cpasync.make_tiled_tma_atom(cpasync.CopyBulkTensorTileS2GOp(), mdK, l, t)\n"
        "    gdK = cute.local_tile(mdK, (128, 64), (0, 0))\n"
        "    store_dK, _, _ = copy_utils.tma_get_copy_fn(tma_atom_dK, 0, l, sK, gdK)\n"
    )
    assert lint_source(store, "k.py") == []
    assert [f.code for f in lint_source(store.replace("S2GOp", "G2SOp"), "k.py")] == ["CI102"]


def test_a_partitions_letters_before_a_snake_case_tensor_name_its_memory():
    # `tCr_score_tile`: op C, registers, then the tensor in snake-case words
    source = (
        "def tile(thr_mma, s_score_tile):\n"
        "    tCs_score_tile = thr_mma.partition_C(s_score_tile)\n"
        "    tCt_score_tile = cute.make_rmem_tensor_like(tCs_score_tile, Float32)\n"
    )
    found = [(f.line, f.code, f.message) for f in lint_source(source, "k.py")]
    assert [(line, code) for line, code, _ in found] == [(3, "CI113")]
    assert "`tCt_score_tile` is named for tensor memory (`t`)" in found[0][2]
    assert "rename it to `tCr_score_tile`" in found[0][2]
    assert lint_source(source.replace("tCt_score_tile", "tCr_score_tile"), "k.py") == []


def test_a_helper_given_one_tensor_for_the_parameters_its_gemm_reads_as_a_and_b():
    source = (
        "class Scan:\n"
        "    def tile(self, tiled_mma, acc, s_lhs, s_rhs):\n"
        "        t_reg_lhs = tiled_mma.make_fragment_A(s_lhs)\n"
        "        t_reg_rhs = tiled_mma.make_fragment_B(s_rhs)\n"
        "        self.accumulate(\n"
        "            tiled_mma, acc,\n"
        "            t_reg_rhs,\n"
        "            t_reg_rhs,\n"
        "        )\n"
        "    def other(self, tiled_mma, acc, t_reg_rhs):\n"
        "        a_regs = cute.make_rmem_tensor(shape, Float16)\n"
        "        self.accumulate(tiled_mma, acc, a_regs, t_reg_rhs)\n"
        "    def accumulate(self, tiled_mma, acc, lhs, rhs):\n"
        "        for k in range(4):\n"
        "            cute.gemm(tiled_mma, acc, lhs[None, None, k], rhs[None, None, k], acc)\n"
    )
    # the second caller's A is no MMA fragment, so the helper's operands are not judged by their makers
    found = [(f.line, f.code, f.message) for f in lint_source(source, "k.py")]
    assert [(line, code) for line, code, _ in found] == [(7, "CI111")]
    assert "`t_reg_rhs` is passed as both `lhs` and `rhs`, which `cute.gemm` (line 15) reads as its A and its B" in found[0][2]
    assert lint_source(source.replace("            t_reg_rhs,\n            t_reg_rhs,", "            t_reg_lhs,\n            t_reg_rhs,"), "k.py") == []


_TWO_ATOMS = (
    "class Gemm:\n"
    "    def __call__(self, a, b):\n"
    "        tma_atom_a, tma_tensor_a = self._make_atom(a)\n"
    "        tma_atom_b, tma_tensor_b = self._make_atom(b)\n"
    "        self.kernel(tma_atom_a, tma_atom_b)\n"
    "    @staticmethod\n"
    "    def _make_atom(tensor):\n"
    "        atom, view = cpasync.make_tiled_tma_atom(cpasync.CopyBulkTensorTileG2SOp(), tensor, layout, tile)\n"
    "        return atom, view\n"
    "    @cute.kernel\n"
    "    def kernel(self, tma_atom_a: cute.CopyAtom, tma_atom_b: cute.CopyAtom):\n"
    "        sA = storage.sA.get_tensor(layout)\n"
    "        sB = storage.sB.get_tensor(layout)\n"
    "        tAsA, tAgA = cpasync.tma_partition(tma_atom_a, 0, layout, sA, gA)\n"
    "        tBsB, tBgB = cpasync.tma_partition(tma_atom_b, 0, layout, sB, gB)\n"
    "        cute.copy(\n"
    "            tma_atom_b,\n"
    "            tBgB[None, k],\n"
    "            tBsB[None, 0],\n"
    "        )\n"
)


def test_two_atoms_one_helper_makes_are_two_partitioners_and_the_side_not_the_atoms_is_reported():
    # one helper called twice makes two atoms: `tAgA` in B's copy is A's partition, the slip on line 16
    found = [(f.line, f.code) for f in lint_source(_TWO_ATOMS.replace("tBgB[None, k]", "tAgA[None, k]"), "k.py")]
    assert found == [(18, "CI102")]
    assert lint_source(_TWO_ATOMS, "k.py") == []


def test_a_tma_partition_made_with_another_atom_than_the_one_that_copies_it():
    source = _TWO_ATOMS.replace("tma_partition(tma_atom_b,", "tma_partition(tma_atom_a,")
    found = [(f.line, f.code, f.message) for f in lint_source(source, "k.py")]
    assert [(line, code) for line, code, _ in found] == [(15, "CI102")]
    assert "`tBsB`, `tBgB` are made by `tma_partition` of `tma_atom_a`, but copied with `tma_atom_b`" in found[0][2]
    # one pair copied with another atom, which partitions nothing else, reuses a layout (a second GEMM's atom)
    reuse = source.replace("        tAsA, tAgA = cpasync.tma_partition(tma_atom_a, 0, layout, sA, gA)\n", "")
    assert lint_source(reuse, "k.py") == []


def test_a_tma_partitions_own_other_result_is_no_evidence_of_the_data_written_into_it():
    # the copy writes `tAgA` into `tAsA`: named with the partition, it repeats the name, not the data
    source = _TWO_ATOMS.replace(
        "tma_partition(tma_atom_a, 0, layout, sA, gA)",
        "tma_partition(\n            tma_atom_a, 0, layout,\n            sB_grouped,\n            gA,\n        )",
    ).replace("tma_atom_b,\n            tBgB[None, k],\n            tBsB", "tma_atom_a,\n            tAgA[None, k],\n            tAsA")
    found = [(f.line, f.code) for f in lint_source(source, "k.py")]
    assert found == [(16, "CI105")]
    assert lint_source(source.replace("sB_grouped", "sA_grouped"), "k.py") == []
    # without a buffer of A's own, the partition may be named for the data its pair loads (a K/V ring)
    assert lint_source(source.replace("        sA = storage.sA.get_tensor(layout)\n", ""), "k.py") == []


def test_two_tiled_copies_of_one_mmas_two_operands_partition_apart():
    source = (
        "def kernel(tiled_mma, sA, sB, tCrA, tCrB):\n"
        "    copy_a = cute.make_tiled_copy_A(atom, tiled_mma)\n"
        "    copy_b = cute.make_tiled_copy_B(atom, tiled_mma)\n"
        "    thr_a = copy_a.get_slice(tidx)\n"
        "    thr_b = copy_b.get_slice(tidx)\n"
        "    tCsA_view = thr_a.partition_S(sA)\n"
        "    tCrA_view = thr_a.retile(tCrA)\n"
        "    tCsB_view = thr_b.partition_S(sB)\n"
        "    cute.copy(atom=copy_a,\n"
        "              src=tCsB_view, dst=tCrA_view)\n"
    )
    found = [(f.line, f.code) for f in lint_source(source, "k.py")]
    assert found == [(10, "CI102")]
    assert lint_source(source.replace("src=tCsB_view", "src=tCsA_view"), "k.py") == []


def test_a_tmem_copy_named_for_no_direction_copies_in_its_atoms():
    source = (
        "def epilogue(tAcc, gC):\n"
        "    copy_atom_t2r = cute.make_copy_atom(tcgen05.Ld32x32bOp(rep), Float32)\n"
        "    tmem_copy = tcgen05.make_tmem_copy(copy_atom_t2r, tAcc)\n"
        "    thr = tmem_copy.get_slice(tidx)\n"
        "    tTR_tAcc = thr.partition_S(tAcc)\n"
        "    tRS_gC = thr.partition_D(gC)\n"
    )
    found = [(f.line, f.code, f.message) for f in lint_source(source, "k.py")]
    assert [(line, code) for line, code, _ in found] == [(6, "CI104")]
    assert "whose op is `TR`, not `RS`; rename it to `tTR_gC`" in found[0][2]
    assert lint_source(source.replace("tRS_gC", "tTR_gC"), "k.py") == []


def test_a_partition_of_another_indexed_tensors_tile():
    source = (
        "def kernel(thr_mma, mB_nkl1, mB_nkl2):\n"
        "    gB_nkl1 = cute.local_tile(mB_nkl1, tiler, coord)\n"
        "    gB_nkl2 = cute.local_tile(mB_nkl2, tiler, coord)\n"
        "    tCgB1 = thr_mma.partition_B(gB_nkl1)\n"
        "    tCgB2 = thr_mma.partition_B(gB_nkl1)\n"
    )
    found = [(f.line, f.code, f.message) for f in lint_source(source, "k.py")]
    assert [(line, code) for line, code, _ in found] == [(5, "CI105")]
    assert "`tCgB2` partitions `gB_nkl1` but names `gB_nkl2`, another buffer of this function" in found[0][2]
    assert lint_source(source.replace("tCgB2 = thr_mma.partition_B(gB_nkl1)", "tCgB2 = thr_mma.partition_B(gB_nkl2)"),
                       "k.py") == []


_DESCRIPTIVE = (
    "@cute.kernel\n"
    "def kernel(mA: cute.Tensor, mB: cute.Tensor, tiled_mma, copy_a, copy_b):\n"
    "    tile_a = cute.local_tile(mA, tiler, coord)\n"
    "    smem_tile_a = storage.a.get_tensor(layout)\n"
    "    smem_tile_b = storage.b.get_tensor(layout)\n"
    "    thr_a = copy_a.get_slice(tidx)\n"
    "    thr_b = copy_b.get_slice(tidx)\n"
    "    gmem_a_part = thr_a.partition_S(tile_a)\n"
    "    smem_a_part = thr_a.partition_D(smem_tile_a)\n"
    "    smem_b_part = thr_b.partition_D(smem_tile_b)\n"
    "    thr_mma = tiled_mma.get_slice(tidx)\n"
    "    smem_b_mma = thr_mma.partition_B(smem_tile_b)\n"
    "    cute.copy(copy_a, gmem_a_part, smem_a_part)\n"
)


@pytest.mark.parametrize("old, new, line, code, said", [
    ("partition_D(smem_tile_a)", "partition_D(smem_tile_b)", 9, "CI105", "its words name `smem_tile_a`"),
    ("partition_B(smem_tile_b)", "partition_B(smem_tile_a)", 12, "CI105", "its words name `smem_tile_b`"),
    ("gmem_a_part", "reg_a_part", 8, "CI105", "which is in global memory, but its words say registers"),
    ("gmem_a_part, smem_a_part)", "gmem_a_part, smem_b_part)", 13, "CI102", "the tensor was partitioned by another copy"),
])
def test_descriptive_snake_case_names_say_a_memory_and_a_tensor(old, new, line, code, said):
    assert lint_source(_DESCRIPTIVE, "k.py") == []
    found = [(f.line, f.code, f.message) for f in lint_source(_DESCRIPTIVE.replace(old, new), "k.py")]
    assert [(at, rule) for at, rule, _ in found] == [(line, code)]
    assert said in found[0][2]


def test_descriptive_names_one_leading_letter_apart_are_one_tensor():
    # `t_score` of `s_score`: a where or scope letter, not another tensor; `s_max` says no memory
    source = (
        "def tile(thr, s_score, t_score, s_max):\n"
        "    t_score_smem = thr.partition_S(s_score)\n"
        "    r_max_part = thr.partition_S(s_max)\n"
    )
    assert lint_source(source, "k.py") == []


def test_an_inner_mma_partition_on_its_own_line_is_blamed_where_it_is_written():
    source = (
        "def tile(thr_mma, tiled_mma, s_value):\n"
        "    copy_b = cute.make_tiled_copy_B(atom, tiled_mma)\n"
        "    t_value_view = copy_b.get_slice(tidx).partition_S(s_value)\n"
        "    t_value_frag = thr_mma.make_fragment_B(\n"
        "        thr_mma.partition_A(s_value)\n"
        "    )\n"
    )
    found = [(f.line, f.code, f.message) for f in lint_source(source, "k.py")]
    assert [(line, code) for line, code, _ in found] == [(5, "CI106")]
    assert "the inner `partition_A` is likely the mistake: use `partition_B`" in found[0][2]
    assert lint_source(source.replace("thr_mma.partition_A(s_value)", "thr_mma.partition_B(s_value)"), "k.py") == []


def test_another_modules_mma_helper_given_one_operand_twice():
    source = (
        "def loop(tidx, tiled_mma: cute.TiledMma, acc, sA, sB, state):\n"
        "    mma_helpers.gemm_ss(tidx, tiled_mma, sB, sB, acc, state, state)\n"
    )
    found = [(f.line, f.code, f.message) for f in lint_source(source, "k.py")]
    assert [(line, code) for line, code, _ in found] == [(2, "CI111")]
    assert "`gemm_ss` is given a TiledMma and `sB` twice in a row" in found[0][2]
    assert lint_source(source.replace("sB, sB", "sA, sB"), "k.py") == []
    # no MMA among the arguments: two of one tensor may be anything
    assert lint_source(source.replace("tiled_mma: cute.TiledMma", "tiled_mma"), "k.py") == []


def test_a_slice_of_a_tma_side_is_followed_to_its_tma_partition_by_its_last_binding():
    # `tma_pair_of` reads the file's made-from map, built once for every question a rule asks of one file.
    import ast

    from cute_inspect.lint.expectations import tma_pair_of
    from cute_inspect.lint.facts import collect

    facts = collect(ast.parse(
        "def k(atom_a, atom_b, sA, gA, sB, gB, i):\n"
        "    tAsA, tAgA = cpasync.tma_partition(atom_a, 0, l, sA, gA)\n"
        "    tBsB, tBgB = cpasync.tma_partition(atom_b, 0, l, sB, gB)\n"
        "    tXgX = tAgA[None, i]\n"
        "    tXgX_k = tXgX[None, 0]\n"
        "    tYgY = tAgA[None, i]\n"
        "    tYgY = tBgB[None, i]\n"
    ))
    assert tma_pair_of("tXgX_k", facts).atom == "atom_a"  # two slices down
    assert tma_pair_of("tYgY", facts).atom == "atom_b"  # rebound: the last binding's
    assert tma_pair_of("tBsB", facts).atom == "atom_b" and tma_pair_of("gA", facts) is None


def test_a_partition_named_its_op_then_its_sources_whole_name_names_that_source():
    # `crdA` is a coordinate tensor named in a word (`crd`), not where letter `c` and tensor `rdA`
    source = (
        "def kernel(tiled_copy, mA, tidx):\n    thr_copy = tiled_copy.get_slice(tidx)\n"
        "    crdA = cute.make_identity_tensor(mA.shape)\n    tAcrdA = thr_copy.partition_S(crdA)\n"
    )
    assert lint_source(source, "k.py") == []
    (finding,) = lint_source(source.replace("tAcrdA", "tAsrdA"), "k.py")
    assert (finding.line, finding.code) == (4, "CI105")


def test_a_tma_partition_made_with_another_atom_is_reported_at_the_atoms_line():
    source = _TWO_ATOMS.replace(
        "tma_partition(tma_atom_b, 0, layout, sB, gB)", "tma_partition(\n            tma_atom_a, 0, layout, sB, gB)")
    assert [(f.line, f.code) for f in lint_source(source, "k.py")] == [(16, "CI102")]


def test_a_tma_partition_made_with_an_atom_named_for_another_tensor_that_partitions_it_too():
    # no copy in the function shows it (the loads are issued elsewhere): the atoms' names do
    source = (
        "@cute.kernel\n"
        "def kernel(tma_atom_A: cute.CopyAtom, tma_atom_B: cute.CopyAtom, gA, gB):\n"
        "    sA = storage.sA.get_tensor(layout)\n"
        "    sB = storage.sB.get_tensor(layout)\n"
        "    tAsA, tAgA = cpasync.tma_partition(tma_atom_A, 0, layout, sA, gA)\n"
        "    tBsB, tBgB = cpasync.tma_partition(\n"
        "        tma_atom_A,\n"
        "        0, layout, sB, gB,\n"
        "    )\n"
    )
    found = [(f.line, f.code, f.message) for f in lint_source(source, "k.py")]
    assert [(line, code) for line, code, _ in found] == [(7, "CI102")]
    assert "where the function has `tma_atom_B`" in found[0][2]
    assert lint_source(source.replace("        tma_atom_A,\n", "        tma_atom_B,\n"), "k.py") == []
    # an atom that partitions nothing else of another name is one layout reused
    alone = source.replace("    tAsA, tAgA = cpasync.tma_partition(tma_atom_A, 0, layout, sA, gA)\n", "")
    assert lint_source(alone, "k.py") == []


def test_one_tensor_given_as_both_sides_of_a_tma_partition():
    source = (
        "def epilogue(self, tma_atom_c, sC, gC_tile):\n"
        "    s_epi = cute.group_modes(sC, 0, 2)\n"
        "    g_epi = cute.zipped_divide(gC_tile, self.epi_tile)\n"
        "    bSG_sD, bSG_gD = cpasync.tma_partition(\n"
        "        tma_atom_c, 0, cute.make_layout(1),\n"
        "        g_epi,\n"
        "        g_epi,\n"
        "    )\n"
    )
    found = [(f.line, f.code) for f in lint_source(source, "k.py")]
    assert found == [(6, "CI105")]
    assert lint_source(source.replace("        g_epi,\n        g_epi,", "        s_epi,\n        g_epi,"), "k.py") == []


def test_a_copy_between_two_operands_of_one_mma_under_one_pattern():
    # element by element (no partitioner) and in a helper whose parameters name what it moves
    source = (
        "def kernel(tiled_mma, sA, sB, tidx):\n"
        "    thr_mma = tiled_mma.get_slice(tidx)\n"
        "    tCsA = thr_mma.partition_A(sA)\n"
        "    tCsB = thr_mma.partition_B(sB)\n"
        "    tCrA = tiled_mma.make_fragment_A(tCsA[None, None, None, 0])\n"
        "    tCrB = tiled_mma.make_fragment_B(tCsB[None, None, None, 0])\n"
        "    cute.autovec_copy(tCsB[None, None, 0, 0], tCrA[None, None, 0])\n"
        "def consume(copy_A, tCsA_view, tCsB_view, tCrA_view):\n"
        "    cute.copy(\n"
        "        copy_A,\n"
        "        tCsB_view[None, None, 0],\n"
        "        tCrA_view[None, None, 0],\n"
        "    )\n"
    )
    found = [(f.line, f.code) for f in lint_source(source, "k.py")]
    assert found == [(7, "CI102"), (11, "CI102")]
    fixed = source.replace("autovec_copy(tCsB", "autovec_copy(tCsA").replace("tCsB_view[None", "tCsA_view[None")
    assert lint_source(fixed, "k.py") == []


def test_two_buffers_an_allocator_makes_are_two_tensors_whatever_is_written_into_them():
    # `allocate_tensor(dtype, layout)` makes each buffer from an element type, not from the other buffer: B's
    # partition of A's buffer is reported though the copy writes B's tile into it
    source = (
        "def kernel(tiled_copy_B, gB, tidx):\n"
        "    smem = cutlass.utils.SmemAllocator()\n"
        "    sA = smem.allocate_tensor(dtype, layout_a, byte_alignment=16)\n"
        "    sB = smem.allocate_tensor(dtype, layout_b, byte_alignment=16)\n"
        "    thr_copy_B = tiled_copy_B.get_slice(tidx)\n"
        "    tBgB = thr_copy_B.partition_S(gB)\n"
        "    tBsB = thr_copy_B.partition_D(sA)\n"
        "    cute.copy(tiled_copy_B, tBgB, tBsB)\n"
    )
    assert [(f.line, f.code) for f in lint_source(source, "k.py")] == [(7, "CI105")]
    assert lint_source(source.replace("partition_D(sA)", "partition_D(sB)"), "k.py") == []


_TWO_COPIES_ONE_MAKER = (
    'def make_copy(atom, shape):\n'
    '    tiled_copy_tv = cute.make_tiled_copy_tv(atom, thr_layout, val_layout)\n'
    '    return tiled_copy_tv\n'
    '\n'
    '@cute.kernel\n'
    'def kernel(gA, gB, tiled_copy_A: cute.TiledCopy, tiled_copy_B: cute.TiledCopy):\n'
    '    tidx = cute.arch.thread_idx()[0]\n'
    '    smem = cutlass.utils.SmemAllocator()\n'
    '    sA = smem.allocate_tensor(gemm_dtype, smem_layout_A, byte_alignment=16)\n'
    '    sB = smem.allocate_tensor(gemm_dtype, smem_layout_B, byte_alignment=16)\n'
    '    thr_copy_A = tiled_copy_A.get_slice(tidx)\n'
    '    thr_copy_B = tiled_copy_B.get_slice(tidx)\n'
    '    tAgA = thr_copy_A.partition_S(gA)\n'
    '    tAsA = thr_copy_A.partition_D(sA)\n'
    '    tBgB = thr_copy_B.partition_S(gB)\n'
    '    tBsB = thr_copy_B.partition_D(sB)\n'
    '    cute.copy(tiled_copy_B, tAgA[k], tAsA[k])\n'
    '    cute.copy(tiled_copy_B, tBgB[k], tBsB[k])\n'
    '\n'
    '@cute.jit\n'
    'def launch(gA, gB):\n'
    '    tiled_copy_A = make_copy(atom, (1, 2))\n'
    '    tiled_copy_B = make_copy(atom, (2, 1))\n'
    '    kernel(gA, gB, tiled_copy_A, tiled_copy_B).launch(grid=1)\n'
)


def test_two_tiled_copies_one_maker_function_makes_are_two_partitioners():
    # the launcher makes A's and B's tiled copies by two calls of one function of the file
    found = [(f.line, f.column, f.code) for f in lint_source(_TWO_COPIES_ONE_MAKER, "k.py")]
    # both sides are A's copy's: the copy object is the slip, reported once at it
    assert found == [(17, 15, "CI102")]
    fixed = _TWO_COPIES_ONE_MAKER.replace("cute.copy(tiled_copy_B, tAgA", "cute.copy(tiled_copy_A, tAgA")
    assert lint_source(fixed, "k.py") == []


def test_a_partition_of_a_warps_tile_named_outside_the_convention_partitions_the_tile_it_views():
    # `wCsB = cute.tiled_divide(sB, tiler)[warp]`: a partition of it partitions `sB`, in shared memory
    source = (
        "def kernel(tiled_mma, sA, sB, gC, tidx):\n"
        "    wCsA = cute.tiled_divide(sA, (warp_m, warp_k))[warp_coord_A]\n"
        "    wCsB = cute.tiled_divide(sB, (warp_n, warp_k))[warp_coord_B]\n"
        "    wCgC = cute.tiled_divide(gC, (warp_m, warp_n))[warp_coord_C]\n"
        "    thr_mma = tiled_mma.get_slice(tidx)\n"
        "    tCsA = thr_mma.partition_A(wCsB)\n"
        "    tCsB = thr_mma.partition_B(wCsB)\n"
        "    tCsC = thr_mma.partition_C(wCgC)\n"
    )
    found = [(f.line, f.code) for f in lint_source(source, "k.py")]
    # where the file's partitions show the roles, partition_A given B's tile is CI106's; here it is CI105's
    assert found == [(6, "CI105"), (8, "CI105")]
    fixed = source.replace("partition_A(wCsB)", "partition_A(wCsA)").replace("tCsC", "tCgC")
    assert lint_source(fixed, "k.py") == []


def test_one_tensor_given_to_two_parameters_named_for_two_tensors():
    source = (
        "class Gemm:\n"
        "    def load(self, tma_atom_a, tma_atom_b, tAgA_k, tBgB_k, tAsA, tBsB):\n"
        "        cute.copy(tma_atom_a, tAgA_k, tAsA)\n"
        "        cute.copy(tma_atom_b, tBgB_k, tBsB)\n"
        "    @cute.kernel\n"
        "    def kernel(self, tma_atom_a, tma_atom_b, tAgA, tBgB, tAsA, tBsB):\n"
        "        self.load(\n"
        "            tma_atom_a, tma_atom_b,\n"
        "            tBgB,\n"
        "            tBgB,\n"
        "            tAsA, tBsB,\n"
        "        )\n"
    )
    assert [(f.line, f.code) for f in lint_source(source, "k.py")] == [(9, "CI102")]
    assert lint_source(source.replace("            tBgB,\n            tBgB,", "            tAgA,\n            tBgB,"), "k.py") == []


_LOWER_CASE_NORM = (
    "def kernel(tiled_copy_x, tiled_copy_w, tiled_copy_o, gx, gw, go, sx, tidx):\n"
    "    thr_copy_x = tiled_copy_x.get_slice(tidx)\n"
    "    thr_copy_w = tiled_copy_w.get_slice(tidx)\n"
    "    thr_copy_o = tiled_copy_o.get_slice(tidx)\n"
    "    txgx = thr_copy_x.partition_S(gx)\n"
    "    txsx = thr_copy_x.partition_D(sx)\n"
    "    txgo = thr_copy_o.partition_D(go)\n"
    "    twgw = thr_copy_w.partition_S(gw)\n"
    "    twrw = cute.make_fragment_like(twgw)\n"
    "    txrw = thr_copy_x.retile(twrw)\n"
    "    cute.copy(copy_atom_load_w, twgw, twrw)\n"
)


@pytest.mark.parametrize("old, new, expected", [
    ("txgo = thr_copy_o", "txso = thr_copy_o", (7, "CI105")),  # a global tile named shared
    ("partition_S(gw)", "partition_S(gx)", (8, "CI105")),  # W's partition of x's tile, beside gw
    ("retile(twrw)", "retile(txrx)", (10, "CI105")),
    ("twrw = cute.make", "twsw = cute.make", (9, "CI113")),  # a register fragment named shared
    ("copy_atom_load_w, twgw", "copy_atom_load_w, txgx", (11, "CI102")),  # W's load given x's tile
])
def test_the_convention_in_lower_case_is_read_as_the_convention(old, new, expected):
    assert lint_source(_LOWER_CASE_NORM, "k.py") == []
    found = [(f.line, f.code) for f in lint_source(_LOWER_CASE_NORM.replace(old, new), "k.py")]
    assert expected in found


def test_an_mma_accumulator_named_for_shared_memory():
    source = (
        "def kernel(tiled_mma, gC, tidx):\n"
        "    thr_mma = tiled_mma.get_slice(tidx)\n"
        "    tCgC = thr_mma.partition_C(gC)\n"
        "    tCsC = tiled_mma.make_fragment_C(tCgC)\n"
    )
    found = [(f.line, f.code, f.message) for f in lint_source(source, "k.py")]
    assert [(line, code) for line, code, _ in found] == [(4, "CI113")]
    assert found[0][2].endswith("rename it to `tCrC`")
    assert lint_source(source.replace("tCsC", "tCrC"), "k.py") == []


def test_a_lower_case_tile_named_for_another_memory_than_its_maker():
    # `gx` names x's global tile in lower case: `rx` from a shared allocator names that buffer registers
    source = (
        "def kernel(x, tidx):\n"
        "    smem = cutlass.utils.SmemAllocator()\n"
        "    rx = smem.allocate_tensor(dtype, layout)\n"
        "    gx = cute.local_tile(x, tile, (0, 0))\n"
    )
    assert [(f.line, f.code) for f in lint_source(source, "k.py")] == [(3, "CI113")]
    assert lint_source(source.replace("rx =", "sx ="), "k.py") == []
    # with no other lower-case tile of x, `rx` is a plain word
    assert lint_source(source.replace("    gx = cute.local_tile(x, tile, (0, 0))\n", ""), "k.py") == []


_PREFIXED_TILES = (
    "def kernel(gA, gB, gC, sA, tiled_copy_A, tiled_mma, tidx):\n"
    "    thr_copy_A = tiled_copy_A.get_slice(tidx)\n"
    "    thr_mma = tiled_mma.get_slice(tidx)\n"
    "    local_gA = cute.local_tile(gA, tile, coord=(0, 0))\n"
    "    local_gB = cute.local_tile(gB, tile, coord=(0, 0))\n"
    "    local_gC = cute.local_tile(gC, tile, coord=(0, 0))\n"
    "    tAgA = thr_copy_A.partition_S(local_gA)\n"
    "    tAsA = thr_copy_A.partition_D(sA)\n"
    "    tCgC = thr_mma.partition_C(local_gC)\n"
)


@pytest.mark.parametrize("old, new, expected", [
    ("partition_S(local_gA)", "partition_S(local_gB)", (7, "CI105", "rename it to `tAgB`")),  # A's partition of B
    ("local_tile(gB,", "local_tile(gA,", (5, "CI105", "")),  # B's tile cut from A
    ("local_tile(gA,", "local_tile(sA,", (4, "CI105", "rename it to `local_sA`")),  # a shared view named global
    ("tCgC = thr_mma.partition_C", "tCrC = thr_mma.partition_C", (9, "CI105", "rename it to `tCgC`")),
])
def test_a_tile_named_with_a_word_before_the_convention_is_that_tile(old, new, expected):
    # `local_gB`: the word says which tile, the rest which tensor in which memory
    assert lint_source(_PREFIXED_TILES, "k.py") == []
    found = [(f.line, f.code, f.message) for f in lint_source(_PREFIXED_TILES.replace(old, new), "k.py")]
    assert [(line, code) for line, code, _ in found] == [expected[:2]]
    assert found[0][2].endswith(expected[2])


_SMEM_TO_REGISTERS = (
    "def kernel(sA, sB, s2r_copy_A, s2r_copy_B, tidx):\n"
    "    thr_s2r_copy_A = s2r_copy_A.get_slice(tidx)\n"
    "    thr_s2r_copy_B = s2r_copy_B.get_slice(tidx)\n"
    "    tAsA = thr_s2r_copy_A.partition_S(sA)\n"
    "    tBsB = thr_s2r_copy_B.partition_S(sB)\n"
    "    tArA = cute.make_fragment_like(tAsA)\n"
    "    tBrB = cute.make_fragment_like(tBsB)\n"
    "    cute.copy(thr_s2r_copy_A, tAsA, tArA)\n"
    "    cute.copy(thr_s2r_copy_B, tBsB, tBrB)\n"
)


@pytest.mark.parametrize("old, new, expected", [
    # a register side's pattern is not compared, but its tensor is: one copy moves one operand
    ("copy(thr_s2r_copy_A, tAsA, tArA)", "copy(thr_s2r_copy_A, tAsA, tBrB)", (8, "CI102")),
    # a fragment laid out like A's partition, named for B
    ("tBrB = cute.make_fragment_like(tBsB)", "tBrB = cute.make_fragment_like(tAsA)", (7, "CI105")),
])
def test_a_register_fragment_is_judged_by_the_operand_it_is_made_or_filled_from(old, new, expected):
    assert lint_source(_SMEM_TO_REGISTERS, "k.py") == []
    assert [(f.line, f.code) for f in lint_source(_SMEM_TO_REGISTERS.replace(old, new), "k.py")] == [expected]


def test_a_descriptive_name_says_its_memory_by_its_memory_word_beside_a_buffer_named_so():
    source = (
        "def kernel(mA, mB):\n"
        "    smem = cutlass.utils.SmemAllocator()\n"
        "    gmem_a = smem.allocate_tensor(mA.element_type, cute.make_layout((8, 8)))\n"
        "    smem_b = smem.allocate_tensor(mB.element_type, cute.make_layout((8, 8)))\n"
        "    tmem_slot = smem.allocate_tensor(cutlass.Int32, cute.make_layout(1))\n"
        "    use_smem = cute.make_rmem_tensor((1,), cutlass.Int32)\n"
    )
    found = [(f.line, f.code, f.message) for f in lint_source(source, "k.py")]
    # `tmem_slot` holds a TMEM address, `use_smem` is a flag: words about the contents, not a memory
    assert [(line, code) for line, code, _ in found] == [(3, "CI113")]
    assert found[0][2].endswith("rename it to `smem_a`")
    assert lint_source(source.replace("gmem_a", "smem_a"), "k.py") == []
    # alone, the memory word is no proof
    assert lint_source(source.replace("smem_b =", "b_buffer ="), "k.py") == []


def test_a_slice_by_a_coordinate_that_keeps_modes_is_a_view():
    source = (
        "def consume(tiled_mma, acc, tCrA, tCrB, num_k_blocks, stage):\n"
        "    for k_block_idx in cutlass.range(num_k_blocks):\n"
        "        k_block_coord = (None, None, k_block_idx, stage)\n"
        "        tCrA_k = tCrA[k_block_coord]\n"
        "        tCrB_k = tCrB[k_block_coord]\n"
        "        cute.gemm(tiled_mma, acc, tCrA_k, tCrB_k, acc)\n"
    )
    assert lint_source(source, "k.py") == []
    found = [(f.line, f.code) for f in lint_source(source.replace("tCrA_k = tCrA[", "tCrA_k = tCrB["), "k.py")]
    assert (4, "CI105") in found


def test_a_load_given_one_tensors_tiles_with_the_other_tensors_atom():
    source = (
        "@cute.kernel\n"
        "def kernel(tma_atom_a, tma_atom_b, mA, mB, sA, sB, tile, coord):\n"
        "    gA_mk = cute.local_tile(mA, tile, coord)\n"
        "    gB_nk = cute.local_tile(mB, tile, coord)\n"
        "    copy_a, _, _ = tma_get_copy_fn(tma_atom_a, 0, layout, gA_mk, sA)\n"
        "    copy_b, _, _ = tma_get_copy_fn(\n"
        "        tma_atom_b,\n"
        "        0, layout, gB_nk, sB)\n"
    )
    assert lint_source(source, "k.py") == []
    found = [(f.line, f.code) for f in lint_source(source.replace("        tma_atom_b,", "        tma_atom_a,"), "k.py")]
    assert found == [(7, "CI102")]


def test_a_staging_buffer_may_be_named_for_the_tensor_it_is_read_out_to():
    # a copy kernel: A is loaded into its one buffer `sA` and stored from there to B
    source = (
        "@cute.kernel\n"
        "def kernel(gA, gB, tiled_g2s_copy, tiled_s2g_copy, tidx):\n"
        "    sA = storage.smem.get_tensor(layout)\n"
        "    thr_g2s_copy = tiled_g2s_copy.get_slice(tidx)\n"
        "    thr_s2g_copy = tiled_s2g_copy.get_slice(tidx)\n"
        "    tAgA = thr_g2s_copy.partition_S(gA)\n"
        "    tAsA = thr_g2s_copy.partition_D(sA)\n"
        "    tBsB = thr_s2g_copy.partition_S(sA)\n"
        "    tBgB = thr_s2g_copy.partition_D(gB)\n"
        "    cute.copy(thr_g2s_copy, tAgA, tAsA)\n"
        "    cute.copy(thr_s2g_copy, tBsB, tBgB)\n"
    )
    assert lint_source(source, "k.py") == []
    # a global tile is no staging buffer: A's load given B's tile still names another tensor
    found = [(f.line, f.code) for f in lint_source(source.replace("partition_S(gA)", "partition_S(gB)"), "k.py")]
    assert found == [(6, "CI105")]
    # nor is a buffer where the function has the name's own buffer apart
    apart = source.replace("    sA = storage", "    sB = storage.smem_b.get_tensor(layout)\n    sA = storage")
    assert [(f.line, f.code) for f in lint_source(apart, "k.py")] == [(9, "CI105")]


def test_a_load_given_crossed_tiles_where_each_tensor_has_global_tiles_of_its_own():
    # no whole `mA`: A's global tiles are a view of its TMA tensor, beside B's
    source = (
        "@cute.kernel\n"
        "def kernel(A_tma, B_tma, mbar, k, stage):\n"
        "    sA = smem.allocate_tensor(A_tma.atom.value_type, A_tma.smem_layout)\n"
        "    sB = smem.allocate_tensor(B_tma.atom.value_type, B_tma.smem_layout)\n"
        "    gA_tiles = cute.zipped_divide(A_tma.tma_tensor, (128, 64))\n"
        "    gB_tiles = cute.zipped_divide(B_tma.tma_tensor, (128, 64))\n"
        "    simple_tma_copy(\n"
        "        A_tma.atom,\n"
        "        gA_tiles[None, k],\n"
        "        sA[None, None, stage],\n"
        "        mbar,\n"
        "    )\n"
        "    simple_tma_copy(B_tma.atom, gB_tiles[None, k], sB[None, None, stage], mbar)\n"
    )
    assert lint_source(source, "k.py") == []
    found = [(f.line, f.code) for f in lint_source(source.replace("        gA_tiles[None", "        gB_tiles[None"), "k.py")]
    # reported at the side the atom's name (`A_tma`) does not say
    assert found == [(9, "CI102")]


def test_the_two_sides_of_one_tma_partition_named_by_one_direction():
    # in a helper, the atom's direction is unknown; the global side's name says the store's (`bSG`), and `tC` is the
    # pattern of the file's MMA partitions
    source = (
        "def epilog_partition(atom, sC, gC):\n"
        "    bSG_sC, bSG_gC = cpasync.tma_partition(\n"
        "        atom, 0, cute.make_layout(1), sC, gC,\n"
        "    )\n"
        "    return bSG_sC, bSG_gC\n"
        "def mainloop(tiled_mma, gC, tidx):\n"
        "    tCgC = tiled_mma.get_slice(tidx).partition_C(gC)\n"
    )
    assert lint_source(source, "k.py") == []
    found = [(f.line, f.code, f.message) for f in lint_source(source.replace("bSG_sC", "tCsC"), "k.py")]
    assert [(line, code) for line, code, _ in found] == [(2, "CI104")]
    assert found[0][2].endswith("rename it to `bSG_sC`")
    # an operand's pattern on both sides (`tCsC, tCgC`) is one pattern
    assert lint_source(source.replace("bSG_sC", "tCsC").replace("bSG_gC", "tCgC_tma"), "k.py") == []
    # a shared row pattern beside the direction (`tXsC`) is no MMA's
    assert lint_source(source.replace("bSG_sC", "tXsC"), "k.py") == []


def _messages(source):
    """(code, message) of each default finding on ``source``."""
    return [(f.code, f.message) for f in lint_source(source, "k.py")]


def test_a_buffer_laid_over_another_fields_memory_keeps_its_own_tensor():
    # K's buffer is laid over V's field when K is staged apart, and over its own field otherwise: K stays K, so a
    # partition named K of V's tile is another tensor's
    source = (
        "@cute.kernel\n"
        "def kernel(storage, thr_mma_qk, thr_mma_pv, mK, mV, layout, staged, tiler):\n"
        "    if staged:\n"
        "        sK = storage.sV.get_tensor(layout)\n"
        "    else:\n"
        "        sK = storage.sK.get_tensor(layout)\n"
        "    gK = cute.local_tile(mK, tiler, (None, 0))\n"
        "    gV = cute.local_tile(mV, tiler, (0, None))\n"
        "    tSgK = thr_mma_qk.partition_B(gK)\n"
        "    tOgV = thr_mma_pv.partition_B(gV)\n"
        "    tSrK = thr_mma_qk.make_fragment_B(sK)\n"
    )
    assert lint_source(source, "k.py") == []
    assert located(source.replace("partition_B(gK)", "partition_B(gV)")) == [(9, "CI105")]
    # a buffer only the other field binds is that field's tensor (`sXA = dxmem.sA.get_tensor(...)`)
    alone = source.replace("        sK = storage.sK.get_tensor(layout)\n", "        sK = storage.sV.get_tensor(layout)\n")
    assert lint_source(alone.replace("partition_B(gK)", "partition_B(gV)"), "k.py") == []


def test_a_copy_partition_whose_variant_names_the_reverse_direction():
    source = (
        "@cute.jit\n"
        "def softmax(tmem_load_atom, tmem_store_atom, tStS, tStP, tOsO, tidx):\n"
        "    thr_tmem_load = tcgen05.make_tmem_copy(tmem_load_atom, tStS).get_slice(tidx)\n"
        "    thr_tmem_store = tcgen05.make_tmem_copy(tmem_store_atom, tStP).get_slice(tidx)\n"
        "    tStS_t2r = thr_tmem_load.partition_S(tStS)\n"
        "    tStP_r2t = thr_tmem_store.partition_D(tStP)\n"
        "    tOsO_s2r = thr_tmem_load.partition_D(tOsO)\n"
        "    return tStS_t2r, tStP_r2t, tOsO_s2r\n"
    )
    assert lint_source(source, "k.py") == []
    found = [(f.line, f.code, f.message) for f in lint_source(source.replace("tStS_t2r", "tStS_r2t"), "k.py")]
    assert [(line, code) for line, code, _ in found] == [(5, "CI104")]
    assert found[0][2].endswith("rename it to `tStS_t2r`")
    reversed_store = source.replace("tStP_r2t = thr_tmem_store", "tStP_r2t = thr_tmem_load")
    assert located(reversed_store) == [(6, "CI104")]


def test_a_tma_copy_with_the_atom_of_another_pair():
    source = (
        "@cute.kernel\n"
        "def kernel(tma_atom_b1, tma_atom_b2, sB1, sB2, tCgB1, tCgB2, bar, k):\n"
        "    tBsB1, tBgB1 = cpasync.tma_partition(tma_atom_b1, 0, cute.make_layout(1), sB1, tCgB1)\n"
        "    tBsB2, tBgB2 = cpasync.tma_partition(tma_atom_b2, 0, cute.make_layout(1), sB2, tCgB2)\n"
        "    cute.copy(tma_atom_b1, tBgB1[None, k], tBsB1[None, k], tma_bar_ptr=bar)\n"
        "    cute.copy(\n"
        "        tma_atom_b2,\n"
        "        tBgB2[None, k],\n"
        "        tBsB2[None, k],\n"
        "        tma_bar_ptr=bar,\n"
        "    )\n"
    )
    assert lint_source(source, "k.py") == []
    assert located(source.replace("        tma_atom_b2,\n", "        tma_atom_b1,\n")) == [(7, "CI102")]
    # an atom with no pair of its own may be given another's partitions (a second GEMM reusing the first's layout)
    reuse = source.replace("        tma_atom_b2,\n", "        tma_atom_b3,\n").replace("tma_atom_b2, sB1", "tma_atom_b2, tma_atom_b3, sB1")
    assert lint_source(reuse, "k.py") == []


def test_a_helpers_tma_copy_given_one_atoms_global_side_and_anothers_shared_side():
    # the helper slices its parameters (in a condition, and rebinding a slice through a method) before it copies them
    source = (
        "class Attention:\n"
        "    @cute.jit\n"
        "    def load(self, tma_atom_k, tma_atom_v, sK, sV, tSgK, tOgV, paged):\n"
        "        tKsK, tKgK = cpasync.tma_partition(tma_atom_k, 0, cute.make_layout(1), sK, tSgK)\n"
        "        tVsV, tVgV = cpasync.tma_partition(tma_atom_v, 0, cute.make_layout(1), sV, tOgV)\n"
        "        load_k = partial(self.load_one, tma_atom_k, tKgK, tKsK)\n"
        "        self.load_one(tma_atom_v, tVgV, tXsX=tVsV, block=0, stage=0, page=paged)\n"
        "        load_k(block=0, stage=1, page=paged)\n"
        "\n"
        "    @cute.jit\n"
        "    def load_one(self, tma_atom, tXgX, tXsX, block, stage, page):\n"
        "        tXsX_cur = tXsX[None, stage]\n"
        "        tXsX_cur = self.offset(tXsX_cur, stage)\n"
        "        tXgX_cur = tXgX[None, block] if page is None else tXgX[None, 0, page]\n"
        "        cute.copy(tma_atom, tXgX_cur, tXsX_cur)\n"
    )
    assert lint_source(source, "k.py") == []
    assert located(source.replace("tma_atom_k, tKgK, tKsK)", "tma_atom_k, tKgK, tVsV)")) == [(6, "CI102")]
    assert located(source.replace("tXsX=tVsV", "tXsX=tKsK")) == [(7, "CI102")]


def test_two_accumulators_one_mma_fills_are_two_tensors():
    source = (
        "@cute.kernel\n"
        "def kernel(tiled_mma, tmem, acc_layout, tCrA, tCrB1, tCrB2, atom, tidx):\n"
        "    acc_ptr = tmem.retrieve_ptr(cutlass.Float32)\n"
        "    tCtAcc1 = cute.make_tensor(acc_ptr, acc_layout)\n"
        "    acc_ptr2 = cute.recast_ptr(acc_ptr + 128, dtype=cutlass.Float32)\n"
        "    tCtAcc2 = cute.make_tensor(acc_ptr2, acc_layout)\n"
        "    cute.gemm(tiled_mma, tCtAcc1, tCrA, tCrB1, tCtAcc1)\n"
        "    cute.gemm(tiled_mma, tCtAcc2, tCrA, tCrB2, tCtAcc2)\n"
        "    thr_copy_t2r = tcgen05.make_tmem_copy(atom, tCtAcc1).get_slice(tidx)\n"
        "    tTR_tAcc1 = thr_copy_t2r.partition_S(tCtAcc1)\n"
        "    tTR_tAcc2 = thr_copy_t2r.partition_S(tCtAcc2)\n"
    )
    assert lint_source(source, "k.py") == []
    assert located(source.replace("partition_S(tCtAcc2)", "partition_S(tCtAcc1)")) == [(11, "CI105")]


def test_a_partition_named_as_a_plain_tile_keeps_its_sources_memory_and_tensor():
    source = (
        "@cute.kernel\n"
        "def kernel(a: cute.Tensor, b: cute.Tensor, copy_in, copy_out, layout, tile, tid):\n"
        "    smem = cutlass.utils.SmemAllocator()\n"
        "    buffer = smem.allocate_tensor(a.element_type, layout)\n"
        "    gA_tile = cute.local_tile(a, tile, (0, 0))\n"
        "    gB_tile = cute.local_tile(b, tile, (0, 0))\n"
        "    thr_in = copy_in.get_slice(tid)\n"
        "    gA_part = thr_in.partition_S(gA_tile)\n"
        "    sA_part = thr_in.partition_D(buffer)\n"
        "    cute.copy(copy_in, gA_part, sA_part)\n"
        "    thr_out = copy_out.get_slice(tid)\n"
        "    cute.copy(copy_out, thr_out.partition_S(buffer), thr_out.partition_D(gB_tile))\n"
    )
    assert lint_source(source, "k.py") == []
    assert located(source.replace("partition_S(gA_tile)", "partition_S(gB_tile)")) == [(8, "CI105")]
    found = [(f.line, f.code, f.message) for f in lint_source(source.replace("sA_part", "rA_part"), "k.py")]
    assert [(line, code) for line, code, _ in found] == [(9, "CI105")]
    assert found[0][2].endswith("rename it to `sA_part`")


def test_a_load_given_one_tensors_mma_partitioned_global_tile_and_anothers_buffer():
    source = (
        "@cute.kernel\n"
        "def kernel(thr_mma_qk, tma_atom_q, tma_atom_k, mQ, mK, sQ, sK, tiler):\n"
        "    gQ = cute.local_tile(mQ, tiler, (None, 0))\n"
        "    gK = cute.local_tile(mK, tiler, (None, 0))\n"
        "    tSgQ = thr_mma_qk.partition_A(gQ)\n"
        "    tSgK = thr_mma_qk.partition_B(gK)\n"
        "    load_q, _, _ = copy_utils.tma_get_copy_fn(tma_atom_q, 0, cute.make_layout(1), tSgQ, sQ)\n"
        "    load_k, _, _ = copy_utils.tma_get_copy_fn(tma_atom_k, 0, cute.make_layout(1), tSgK, sK)\n"
    )
    assert lint_source(source, "k.py") == []
    assert located(source.replace("tSgQ, sQ)", "tSgQ, sK)")) == [(7, "CI102")]


def test_an_operands_tiled_copy_given_the_other_operands_tensor():
    source = (
        "@cute.kernel\n"
        "def kernel(tiled_mma, atom, sA, sB, tidx):\n"
        "    s2r_copy_A = cute.make_tiled_copy_A(atom, tiled_mma)\n"
        "    s2r_copy_B = cute.make_tiled_copy_B(atom, tiled_mma)\n"
        "    thr_s2r_copy_A = s2r_copy_A.get_slice(tidx)\n"
        "    thr_s2r_copy_B = s2r_copy_B.get_slice(tidx)\n"
        "    tAsA = thr_s2r_copy_A.partition_S(sA)\n"
        "    tBsB = thr_s2r_copy_B.partition_S(sB)\n"
        "    tArA = cute.make_fragment_like(tAsA)\n"
        "    tBrB = cute.make_fragment_like(tBsB)\n"
        "    cute.copy(thr_s2r_copy_A, tAsA, tArA)\n"
        "    cute.copy(thr_s2r_copy_B, tBsB, tBrB)\n"
    )
    assert lint_source(source, "k.py") == []
    slip = source.replace("tBsB = thr_s2r_copy_B.partition_S(sB)", "tBsB = thr_s2r_copy_A.partition_S(sB)")
    assert (8, "CI106") in located(slip)
    # a result named for the copy's operand contradicts its source, which CI105 reports alone
    named_for_copy = source.replace("tBsB = thr_s2r_copy_B.partition_S(sB)", "tBsB = thr_s2r_copy_B.partition_S(sA)")
    assert [(f.line, f.code) for f in lint_source(named_for_copy, "k.py") if f.line == 8] == [(8, "CI105")]


def test_one_global_tile_copied_element_by_element_into_two_tensors_buffers():
    source = (
        "@cute.kernel\n"
        "def kernel(mA: cute.Tensor, mB: cute.Tensor, k, tidx):\n"
        "    smem = cutlass.utils.SmemAllocator()\n"
        "    smem_a = smem.allocate_tensor(mA.element_type, cute.make_layout((64, 16)))\n"
        "    smem_b = smem.allocate_tensor(mB.element_type, cute.make_layout((16, 64)))\n"
        "    gA = cute.local_tile(mA, (64, 16), (0, None))\n"
        "    gB = cute.local_tile(mB, (64, 16), (0, None))\n"
        "    smem_a[tidx // 16, tidx % 16] = gA[tidx // 16, tidx % 16, k]\n"
        "    smem_b[tidx // 64, tidx % 64] = gB[tidx // 64, tidx % 64, k]\n"
    )
    assert lint_source(source, "k.py") == []
    assert located(source.replace("= gB[", "= gA[")) == [(9, "CI102")]
    # a transpose writes one tensor out as another: no buffer is named for the tile it copies
    transpose = "@cute.kernel\ndef kernel(mA: cute.Tensor, mB: cute.Tensor, i, j):\n    mB[j, i] = mA[i, j]\n"
    assert lint_source(transpose, "k.py") == []


def test_a_kernels_unannotated_parameter_has_the_memory_its_launches_pass():
    source = (
        "@cute.kernel\n"
        "def copy_kernel(a_tensor, tile):\n"
        "    gA_tile = cute.local_tile(a_tensor, tile, (0, 0))\n"
        "@cute.jit\n"
        "def run(a_tensor):\n"
        "    copy_kernel(a_tensor, (64, 64)).launch(grid=(1, 1, 1), block=(128, 1, 1))\n"
        "a_tensor = from_dlpack(torch.zeros(64, 64), assumed_align=16)\n"
        "run(a_tensor)\n"
    )
    assert lint_source(source, "k.py") == []
    assert located(source.replace("gA_tile", "sA_tile")) == [(3, "CI105")]
    # a launch that passes something the file does not show leaves the parameter unread
    unknown = source.replace("a_tensor = from_dlpack(torch.zeros(64, 64), assumed_align=16)\n", "")
    assert lint_source(unknown.replace("gA_tile", "sA_tile"), "k.py") == []


def test_a_slice_the_function_partitions_is_a_tile_of_its_tensor():
    source = (
        "@cute.jit\n"
        "def load(gX: cute.Tensor, thr_copy, copy_atom, block_coord):\n"
        "    bX = gX[block_coord]\n"
        "    tX = thr_copy.partition_S(bX)\n"
        "    rX = cute.make_rmem_tensor_like(tX)\n"
        "    cute.copy(copy_atom, tX, rX)\n"
        "    x = gX[block_coord]\n"
        "    return rX.load() + x\n"
    )
    assert lint_source(source, "k.py") == []
    assert located(source.replace("bX", "sX")) == [(3, "CI105")]
    # an element (never partitioned) may be named anything
    assert lint_source(source.replace("    x = gX", "    sx = gX").replace("+ x", "+ sx"), "k.py") == []


def test_a_tmem_copy_between_two_tensors_outside_tensor_memory():
    source = (
        "@cute.jit\n"
        "def epilogue(tmem_atom, smem_atom, tOtO, sO, tidx):\n"
        "    tiled_tmem_load = tcgen05.make_tmem_copy(tmem_atom, tOtO)\n"
        "    thr_tmem_load = tiled_tmem_load.get_slice(tidx)\n"
        "    tiled_smem_store = cute.make_tiled_copy_D(smem_atom, tiled_tmem_load)\n"
        "    tOtO_t2r = thr_tmem_load.partition_S(tOtO)\n"
        "    tOsO_r2s = thr_tmem_load.partition_D(sO)\n"
        "    tOrO = cute.make_rmem_tensor(tOsO_r2s.shape, cutlass.Float32)\n"
        "    cute.copy(tiled_tmem_load, tOtO_t2r, tOrO)\n"
        "    cute.copy(tiled_smem_store, tOrO, tOsO_r2s)\n"
    )
    assert lint_source(source, "k.py") == []
    assert located(source.replace("cute.copy(tiled_smem_store,", "cute.copy(tiled_tmem_load,")) == [(10, "CI102")]
    # a tensor-memory side misnamed shared is CI105's (its partition of `tOtO`), not a second report at the copy
    misnamed = source.replace("tOtO_t2r", "tOsO_t2r")
    assert [code for _, code in located(misnamed)] == ["CI105"]


def test_a_tma_result_named_for_the_data_both_sides_of_its_call_hold():
    source = (
        "@cute.jit\n"
        "def load(k_tma, v_tma, k_tma_gmem, v_tma_gmem, ptr, layout, k):\n"
        "    gK = cute.local_tile(k_tma_gmem, (64, 64), (None, None))\n"
        "    gV = cute.local_tile(v_tma_gmem, (64, 64), (None, None))\n"
        "    sW = cute.make_tensor(cute.make_ptr(cutlass.BFloat16, ptr, cute.AddressSpace.smem), layout)\n"
        "    tKsW, tKgW = cute.nvgpu.cpasync.tma_partition(k_tma, 0, cute.make_layout(1), sW, gK)\n"
        "    tVsW, tVgW = cute.nvgpu.cpasync.tma_partition(v_tma, 0, cute.make_layout(1), sW, gV)\n"
        "    cute.copy(k_tma, tKgW[None, k], tKsW)\n"
        "    cute.copy(v_tma, tVgW[None, k], tVsW)\n"
        "@cute.jit\n"
        "def load_up(up_tma, up_tma_gmem, ptr, layout, k, sW):\n"
        "    gUp = cute.local_tile(up_tma_gmem, (64, 64), (None, None))\n"
        "    sUp = cute.make_tensor(cute.make_ptr(cutlass.BFloat16, ptr, cute.AddressSpace.smem), layout)\n"
        "    tUpsW, tUpgW = cute.nvgpu.cpasync.tma_partition(up_tma, 0, cute.make_layout(1), sUp, gUp)\n"
        "    cute.copy(up_tma, tUpgW[None, k], tUpsW)\n"
    )
    assert lint_source(source, "k.py") == []
    # a result whose call's other side names another tensor still contradicts its own source
    assert located(source.replace("tKsW, tKgW", "tKsW, tKgV").replace("tKgW[", "tKgV[")) == [(6, "CI105")]
    # a buffer that one of its loads fills from its own tensor is that tensor's, not a ring named for a kind
    own = source.replace("gV = cute.local_tile(v_tma_gmem", "gW = cute.local_tile(v_tma_gmem").replace("sW, gV)", "sW, gW)")
    assert located(own) == [(6, "CI105")]
    # and where the pair's two results name two tensors, neither says the data by a word of its kind
    assert set(located(source.replace("tUpsW, tUpgW", "tUpsW, tUpgK").replace("tUpgW[", "tUpgK["))) == {(14, "CI105")}


def test_an_mma_operand_laid_over_tensor_memory_in_its_partition_shape_may_be_named_r():
    source = (
        "@cute.jit\n"
        "def mma(tiled_mma_pv, tmem_base, m, n, tOtO, tOrV):\n"
        "    tmem_p_ptr = cute.make_ptr(cutlass.Float32, tmem_base, mem_space=cute.AddressSpace.tmem)\n"
        "    tOrP_shape = tiled_mma_pv.partition_shape_A((m, n))\n"
        "    tOrP = cute.make_tensor(tmem_p_ptr, cute.make_layout(tOrP_shape))\n"
        "    cute.gemm(tiled_mma_pv, tOtO, tOrP, tOrV, tOtO)\n"
    )
    assert lint_source(source, "k.py") == []
    # a layout of another shape over tensor memory says the memory
    assert located(source.replace("partition_shape_A", "partition_shape_C")) == [(5, "CI113")]


def test_an_mma_operands_copies_carry_their_own_patterns():
    source = (
        "@cute.jit\n"
        "def attention(tiled_mma, atom_k, atom_vt, sQ, sK, sVt, acc_S, acc_O, tOrS, tidx):\n"
        "    thr_mma = tiled_mma.get_slice(tidx)\n"
        "    tSrK = tiled_mma.make_fragment_B(thr_mma.partition_B(sK))\n"
        "    tOrVt = tiled_mma.make_fragment_B(thr_mma.partition_B(sVt))\n"
        "    smem_thr_copy_K = cute.make_tiled_copy_B(atom_k, tiled_mma).get_slice(tidx)\n"
        "    smem_thr_copy_Vt = cute.make_tiled_copy_B(atom_vt, tiled_mma).get_slice(tidx)\n"
        "    tKrK_view = smem_thr_copy_K.retile(tSrK)\n"
        "    tKsK = smem_thr_copy_K.partition_S(sK)\n"
        "    tVrVt_view = smem_thr_copy_Vt.retile(tOrVt)\n"
        "    tVsVt = smem_thr_copy_Vt.partition_S(sVt)\n"
        "    cute.copy(smem_thr_copy_K, tKsK, tKrK_view)\n"
        "    cute.copy(smem_thr_copy_Vt, tVsVt, tVrVt_view)\n"
    )
    assert lint_source(source, "k.py") == []
    assert located(source.replace("tKsK", "tVsK")) == [(9, "CI110")]
    # a copy named with its MMA's own pattern shares it (`tSsK` beside the MMA's `tSrK`)
    assert lint_source(source.replace("tKsK", "tSsK"), "k.py") == []


def test_a_fragment_made_from_the_other_operands_partition_through_a_variable():
    source = (
        "@cute.jit\n"
        "def mainloop(tiled_mma, sQ, sK, acc, tidx):\n"
        "    thr_mma = tiled_mma.get_slice(tidx)\n"
        "    part_q = thr_mma.partition_A(sQ)\n"
        "    part_k = thr_mma.partition_B(sK)\n"
        "    tSrQ = tiled_mma.make_fragment_A(part_q)\n"
        "    tSrK = tiled_mma.make_fragment_B(part_k)\n"
        "    cute.gemm(tiled_mma, acc, tSrQ, tSrK, acc)\n"
    )
    assert lint_source(source, "k.py") == []
    assert located(source.replace("make_fragment_B(part_k)", "make_fragment_B(part_q)")) == [(7, "CI106")]


def test_a_fragment_whose_name_and_argument_say_the_other_input():
    source = (
        "@cute.jit\n"
        "def mainloop(tiled_mma, sA_staged, sB_staged, acc):\n"
        "    tCrA = tiled_mma.make_fragment_A(sA_staged)\n"
        "    tCrB = tiled_mma.make_fragment_B(sB_staged)\n"
        "    cute.gemm(tiled_mma, acc, tCrA, tCrB, acc)\n"
    )
    assert lint_source(source, "k.py") == []
    assert (3, "CI106") in located(source.replace("make_fragment_A(sA", "make_fragment_B(sA"))
    # a letter the file never gives to its own partitioner is no role (Mamba's `C`, `B` matrices)
    unused = source.replace("make_fragment_A(sA", "make_fragment_B(sA").replace("make_fragment_B(sB_staged)", "make_fragment_A(sB_staged)")
    assert (3, "CI106") not in located(unused.replace("tCrB", "tCrX").replace("sB_staged", "sX_staged"))


def test_a_partition_named_for_an_indexed_tile_names_its_tensor():
    source = (
        "@cute.jit\n"
        "def load(k, v, thr_copy, copy_atom, sK, sV, n, i):\n"
        "    gK = cute.make_tensor(k.iterator, cute.make_layout((n, 64)))\n"
        "    gV = cute.make_tensor(v.iterator, cute.make_layout((n, 64)))\n"
        "    gK_block0 = cute.local_tile(gK, (64, 64), (0, 0))\n"
        "    tKgK0 = thr_copy.partition_S(gK_block0)\n"
        "    gV_block = cute.local_tile(gV, (64, 64), (i, 0))\n"
        "    tVgV = thr_copy.partition_S(gV_block)\n"
        "    cute.copy(copy_atom, tKgK0, thr_copy.partition_D(sK))\n"
        "    cute.copy(copy_atom, tVgV, thr_copy.partition_D(sV))\n"
    )
    assert lint_source(source, "k.py") == []
    assert located(source.replace("partition_S(gK_block0)", "partition_S(gV_block)")) == [(6, "CI105")]


def test_a_buffer_given_to_both_slots_is_the_operand_its_tiled_copy_loads():
    source = (
        "@cute.jit\n"
        "def mainloop(tiled_mma, atom_a, atom_b, sX, sW, acc, tidx):\n"
        "    thr_mma = tiled_mma.get_slice(tidx)\n"
        "    smem_thr_copy_A = cute.make_tiled_copy_A(atom_a, tiled_mma).get_slice(tidx)\n"
        "    smem_thr_copy_B = cute.make_tiled_copy_B(atom_b, tiled_mma).get_slice(tidx)\n"
        "    tCsA = thr_mma.partition_A(sX)\n"
        "    tCsB = thr_mma.partition_B(sW)\n"
        "    tCrA = tiled_mma.make_fragment_A(tCsA)\n"
        "    tCrB = tiled_mma.make_fragment_B(tCsB)\n"
        "    tAsX = smem_thr_copy_A.partition_S(sX)\n"
        "    tBsW = smem_thr_copy_B.partition_S(sW)\n"
        "    cute.copy(smem_thr_copy_A, tAsX, smem_thr_copy_A.retile(tCrA))\n"
        "    cute.copy(smem_thr_copy_B, tBsW, smem_thr_copy_B.retile(tCrB))\n"
        "    cute.gemm(tiled_mma, acc, tCrA, tCrB, acc)\n"
    )
    assert lint_source(source, "k.py") == []
    assert located(source.replace("partition_A(sX)", "partition_A(sW)")) == [(6, "CI106")]
    # operand A's copy given the buffer B's partitioner takes, its result named with B's pattern
    assert (11, "CI106") in located(source.replace("tBsW = smem_thr_copy_B.", "tBsW = smem_thr_copy_A."))


def test_a_tma_result_naming_another_tensor_than_its_call_and_its_pair():
    source = (
        "@cute.jit\n"
        "def load(x_tma, x_tma_gmem, ptr, layout, tile):\n"
        "    gXi = cute.local_tile(x_tma_gmem, (64, 64), tile)\n"
        "    sXi = cute.make_tensor(cute.make_ptr(cutlass.BFloat16, ptr, cute.AddressSpace.smem), layout)\n"
        "    tXsXi, tXgXi = cute.nvgpu.cpasync.tma_partition(x_tma, 0, cute.make_layout(1), sXi, gXi)\n"
        "    cute.copy(x_tma, tXgXi, tXsXi)\n"
    )
    assert lint_source(source, "k.py") == []
    # `Wi` is no tensor of the file, but the call's two sides and its other result all say `Xi`
    assert located(source.replace("tXsXi", "tXsWi")) == [(5, "CI105")]


def test_views_made_in_a_comprehension_over_a_tuple_are_read_one_by_one():
    source = (
        "@cute.kernel\n"
        "def backward(mdY: cute.Tensor, mY: cute.Tensor, mdX: cute.Tensor, tiler, bidx):\n"
        "    gdY, gY, gdX = [cute.local_tile(mT, tiler, (bidx, 0)) for mT in (mdY, mY, mdX)]\n"
        "    rY = cute.make_rmem_tensor(gY.shape, cutlass.Float32)\n"
    )
    assert lint_source(source, "k.py") == []
    # a view of Y named for its gradient
    assert located(source.replace("for mT in (mdY, mY", "for mT in (mY, mY")) == [(3, "CI105")]
    # and the makers in one are read too
    assert located(source.replace("rY = cute.make_rmem_tensor(gY.shape, cutlass.Float32)",
                                   "sY, sdY = [cute.make_rmem_tensor(t.shape, cutlass.Float32) for t in (gY, gdY)]")) \
        == [(4, "CI113"), (4, "CI113")]


def test_a_warp_level_mmas_operand_fragment_is_in_registers():
    source = (
        "@cute.jit\n"
        "def mainloop(a_dtype, sA, sB, acc, tidx):\n"
        "    mma_op = cute.nvgpu.warp.MmaF16BF16Op(a_dtype, cutlass.Float32, (16, 8, 16))\n"
        "    tiled_mma = cute.make_tiled_mma(mma_op, cute.make_layout((4, 1, 1)))\n"
        "    thr_mma = tiled_mma.get_slice(tidx)\n"
        "    tCrA = tiled_mma.make_fragment_A(thr_mma.partition_A(sA))\n"
        "    tCrB = tiled_mma.make_fragment_B(thr_mma.partition_B(sB))\n"
        "    cute.gemm(tiled_mma, acc, tCrA, tCrB, acc)\n"
    )
    assert lint_source(source, "k.py") == []
    assert located(source.replace("tCrB", "tCsB")) == [(7, "CI113")]
    # a warpgroup MMA's fragments hold shared-memory descriptors: not compared
    warpgroup = source.replace("cute.nvgpu.warp.MmaF16BF16Op", "cute.nvgpu.warpgroup.MmaF16BF16Op")
    assert lint_source(warpgroup.replace("tCrB", "tCsB"), "k.py") == []


def test_a_makers_name_whose_op_is_read_out_of_a_word_is_not_compared():
    source = (
        "@cute.jit\n"
        "def row(thr_copy, gLoss, gX):\n"
        "    tLossGLoss = thr_copy.partition_D(gLoss)\n"
        "    tXgX = thr_copy.partition_S(gX)\n"
        "    tLossRLoss = cute.make_rmem_tensor_like(tLossGLoss)\n"
        "    tXsX = cute.make_rmem_tensor_like(tXgX)\n"
    )
    # `tLossRLoss` is op `Loss`, registers `R`, not op `Los` in shared memory; `tXsX` is a real slip
    assert located(source) == [(6, "CI113")]


def test_a_view_returned_by_a_helper_of_the_file_keeps_its_arguments_memory():
    source = (
        "class Attention:\n"
        "    def _mn_view(self, acc):\n"
        "        return cute.make_tensor(acc.iterator, cute.composition(acc.layout, self.mn_layout))\n"
        "\n"
        "    @cute.jit\n"
        "    def softmax(self, thr_mma, m, n):\n"
        "        cS = cute.make_identity_tensor((m, n))\n"
        "        tScS = thr_mma.partition_C(cS)\n"
        "        tScS_mn = self._mn_view(tScS)\n"
        "        return tScS_mn\n"
    )
    assert lint_source(source, "k.py") == []
    assert located(source.replace("tScS_mn", "tSsS_mn")) == [(9, "CI105")]


def test_a_copy_made_over_one_tensor_given_another_that_has_its_own():
    source = (
        "@cute.jit\n"
        "def scales(atom, tCtSFA, tCtSFB1, tCsSFA, tCsSFB1, tCsSFB2, tCtSFB2):\n"
        "    tiled_copy_s2t_sfa = tcgen05.make_s2t_copy(atom, tCtSFA)\n"
        "    tiled_copy_s2t_sfb = tcgen05.make_s2t_copy(atom, tCtSFB1)\n"
        "    thr_copy_s2t_sfa, thr_copy_s2t_sfb = tiled_copy_s2t_sfa.get_slice(0), tiled_copy_s2t_sfb.get_slice(0)\n"
        "    tCsSFA_s2t = thr_copy_s2t_sfa.partition_S(tCsSFA)\n"
        "    tCsSFB1_s2t = thr_copy_s2t_sfb.partition_S(tCsSFB1)\n"
        "    tCsSFB2_s2t = thr_copy_s2t_sfb.partition_S(tCsSFB2)\n"
        "    tCtSFB2_s2t = thr_copy_s2t_sfb.partition_D(tCtSFB2)\n"
        "    return tCsSFA_s2t, tCsSFB1_s2t, tCsSFB2_s2t, tCtSFB2_s2t\n"
    )
    # SFB1's copy also serves SFB2, which has no copy of its own
    assert lint_source(source, "k.py") == []
    assert located(source.replace("thr_copy_s2t_sfa.partition_S", "thr_copy_s2t_sfb.partition_S")) == [(6, "CI105")]
    # a copy made with another atom (a load beside the tensor's own store) may move it on purpose
    other_atom = source.replace("make_s2t_copy(atom, tCtSFB1)", "make_s2t_copy(load_atom, tCtSFB1)")
    assert lint_source(other_atom.replace("thr_copy_s2t_sfa.partition_S", "thr_copy_s2t_sfb.partition_S"), "k.py") == []


def test_a_tma_pair_crossing_two_tensors_that_have_their_own_tiles_makes_them_no_one_tensor():
    source = (
        "@cute.kernel\n"
        "def load(gK: cute.Tensor, gV: cute.Tensor, k_atom: cute.CopyAtom, v_atom: cute.CopyAtom, sK, sV, l):\n"
        "    gK_local = cute.local_tile(gK, (64, 64), (None, 0))\n"
        "    gV_local = cute.local_tile(gV, (64, 64), (None, 0))\n"
        "    tKsK, tKgK = cpasync.tma_partition(k_atom, 0, l, sK, gK_local)\n"
        "    tVsV, tVgV = cpasync.tma_partition(v_atom, 0, l, sV, gV_local)\n"
        "    return tKsK, tKgK, tVsV, tVgV\n"
    )
    assert lint_source(source, "k.py") == []
    # K's pair given V's tile: the pair is the slip, not evidence that K and V are one tensor
    crossed = source.replace("sK, gK_local)", "sK, gV_local)")
    assert ("CI105", "`tKgK` partitions `gV_local` but names `gK`; rename it to `tKgV`") in _messages(crossed)
    # a staging buffer paired with the one tensor it holds (no `gX` of its own) still reads as that tensor
    staging = source.replace("sK, gK_local)", "sX, gK_local)").replace("tKsK", "tKsX")
    assert "CI105" not in [code for code, _ in _messages(staging)]


def test_a_tma_partitions_second_result_is_the_global_side_whatever_view_it_is_given():
    source = (
        "@cute.jit\n"
        "def store(c_tma_atom, sC, gC, tile):\n"
        "    s_view = cute.group_modes(sC, 0, 2)\n"
        "    g_view = cute.zipped_divide(gC, tile)\n"
        "    bSG_sD, bSG_gD = cpasync.tma_partition(c_tma_atom, 0, cute.make_layout(1), s_view, g_view)\n"
        "    cute.copy(c_tma_atom, bSG_sD[None, 0], bSG_gD[None, 0])\n"
    )
    assert lint_source(source, "k.py") == []
    assert _messages(source.replace("bSG_gD", "bSG_rD")) == [
        ("CI105", "`bSG_rD` partitions `g_view`, which is given as the global side of `tma_partition`, but names "
                  "`rD`; rename it to `bSG_gD`"),
    ]


def test_tiles_written_in_lower_case_read_as_the_conventions_where_a_maker_proves_them():
    source = (
        "@cute.kernel\n"
        "def mainloop(self, tma_atom_a: cute.CopyAtom, mA_mk: cute.Tensor, mB_nk: cute.Tensor, tiled_mma, l):\n"
        "    storage = cutlass.utils.SmemAllocator().allocate(self.shared_storage)\n"
        "    sa = storage.sa.get_tensor(self.a_layout.outer, swizzle=self.a_layout.inner)\n"
        "    sb = storage.sb.get_tensor(self.b_layout.outer, swizzle=self.b_layout.inner)\n"
        "    gA_mk = cute.local_tile(mA_mk, (128, 64), (None, None))\n"
        "    gB_nk = cute.local_tile(mB_nk, (128, 64), (None, None))\n"
        "    sa_for_tma_partition, sb_for_tma_partition = cute.group_modes(sa, 0, 2), cute.group_modes(sb, 0, 2)\n"
        "    tAsA, tAgA_mk = cpasync.tma_partition(tma_atom_a, 0, l, sa_for_tma_partition, gA_mk)\n"
        "    thr_mma = tiled_mma.get_slice(0)\n"
        "    tCsA = thr_mma.partition_A(sa)\n"
        "    tCsB = thr_mma.partition_B(sb)\n"
        "    return tAsA, tAgA_mk, tCsA, tCsB, gB_nk, sb_for_tma_partition\n"
    )
    assert lint_source(source, "k.py") == []
    assert located(source.replace("l, sa_for_tma_partition", "l, sb_for_tma_partition")) == [(9, "CI105")]
    assert located(source.replace("thr_mma.partition_A(sa)", "thr_mma.partition_A(sb)")) == [(11, "CI106")]
    # two letters prove nothing where the file has no tile of that tensor in upper case (`gB`, `sB`)
    no_upper = source.replace("gB_nk", "g_b").replace("mB_nk", "m_b")
    assert lint_source(no_upper.replace("thr_mma.partition_A(sa)", "thr_mma.partition_A(sb)"), "k.py") == []


def test_a_fragment_made_by_one_mma_of_anothers_partition_blames_the_call_the_gemm_does_not_agree_with():
    source = (
        "class Attention:\n"
        "    @cute.kernel\n"
        "    def kernel(self, op_qk, op_pv, sK, sV, tidx):\n"
        "        tiled_mma_qk, tiled_mma_pv = cute.make_tiled_mma(op_qk), cute.make_tiled_mma(op_pv)\n"
        "        qk_thr_mma = tiled_mma_qk.get_slice(tidx)\n"
        "        pv_thr_mma = tiled_mma_pv.get_slice(tidx)\n"
        "        tCsK = qk_thr_mma.partition_B(sK)\n"
        "        tCrK = tiled_mma_qk.make_fragment_B(tCsK)\n"
        "        tCsV = pv_thr_mma.partition_B(sV)\n"
        "        tCrV = tiled_mma_pv.make_fragment_B(tCsV)\n"
        "        self.gemm_pv(tiled_mma_pv, tCrV)\n"
        "\n"
        "    @cute.jit\n"
        "    def gemm_pv(self, tiled_mma: cute.TiledMma, tCrV: cute.Tensor):\n"
        "        cute.gemm(tiled_mma, self.acc, self.p, tCrV[None, None, 0], self.acc)\n"
    )
    assert lint_source(source, "k.py") == []
    # the fragment maker is the other MMA: reported at the fragment
    assert located(source.replace("tiled_mma_pv.make_fragment_B(tCsV)", "tiled_mma_qk.make_fragment_B(tCsV)")) \
        == [(10, "CI106")]
    # the partition is the other MMA's while the gemm reads the fragment with its maker's MMA: at the partition
    assert located(source.replace("pv_thr_mma.partition_B(sV)", "qk_thr_mma.partition_B(sV)")) == [(9, "CI106")]
    # and with no gemm to tell, the fragment
    assert located(source.replace("tiled_mma_qk.make_fragment_B(tCsK)", "tiled_mma_pv.make_fragment_B(tCsK)")) \
        == [(8, "CI106")]


def test_a_copys_two_sides_of_one_pattern_made_by_two_tiled_copies_blames_the_one_named_apart():
    source = (
        "@cute.jit\n"
        "def rows(atom_x, atom_w, tv, tiler, gX, sX, gW, cX, tidx):\n"
        "    tiled_copy_x = cute.make_tiled_copy(atom_x, tv, tiler)\n"
        "    tiled_copy_w = cute.make_tiled_copy(atom_w, tv, tiler)\n"
        "    thr_copy_x, thr_copy_w = tiled_copy_x.get_slice(tidx), tiled_copy_w.get_slice(tidx)\n"
        "    tXgX = thr_copy_x.partition_S(gX)\n"
        "    tXsX = thr_copy_x.partition_D(sX)\n"
        "    tXcX = thr_copy_x.partition_S(cX)\n"
        "    tWgW = thr_copy_w.partition_S(gW)\n"
        "    cute.copy(atom_x, tXgX, tXsX)\n"
        "    return tXcX, tWgW\n"
    )
    assert lint_source(source, "k.py") == []
    assert located(source.replace("tXgX = thr_copy_x", "tXgX = thr_copy_w")) == [(6, "CI102")]
    # one row pattern on every tiled copy (quack's `tX`, the weight's copy too) shows no slip
    assert lint_source(source.replace("tWgW", "tXgW").replace("tXgX = thr_copy_x", "tXgX = thr_copy_w"), "k.py") == []


def test_a_tensor_laid_over_a_pointer_held_from_a_buffers_slice_is_in_the_buffers_memory():
    source = (
        "@cute.jit\n"
        "def softmax_step(storage, layout, stage, lane):\n"
        "    sSFP = storage.sSFP.get_tensor(layout)\n"
        "    sSFP_stage_ptr = sSFP[None, None, stage].iterator\n"
        "    sSFP_thread = cute.make_tensor(sSFP_stage_ptr + lane * 16, cute.make_layout((4, 2)))\n"
        "    return sSFP_thread\n"
    )
    assert lint_source(source, "k.py") == []
    assert _messages(source.replace("sSFP_thread", "rSFP_thread")) == [
        ("CI113", "`rSFP_thread` is named for registers (`r`), but the call that makes it lays it over a pointer to "
                  "shared memory; rename it to `sSFP_thread`"),
    ]
    # a helper's parameter holds whatever its callers pass: its letter proves no memory for a tile laid over it
    parameter = source.replace("(storage, layout,", "(sSFP,").replace("    sSFP = storage.sSFP.get_tensor(layout)\n", "")
    assert lint_source(parameter.replace("sSFP_thread", "rSFP_thread"), "k.py") == []


def test_one_tmem_copy_used_to_load_and_to_store_blames_the_direction_another_copy_makes():
    source = (
        "class Probe(Base):\n"
        "    @cute.jit\n"
        "    def softmax_step(self, thr_tmem_load: cute.CopyAtom, thr_tmem_store: cute.CopyAtom, tStS_t2r, tStP_r2t,\n"
        "                     tSrS_t2r, tSrP_r2t):\n"
        "        cute.copy(thr_tmem_load, tStS_t2r, tSrS_t2r)\n"
        "        cute.copy(thr_tmem_store, tSrP_r2t[None, 0], tStP_r2t[None, 0])\n"
        "        cute.copy(thr_tmem_store, tSrP_r2t[None, 1], tStP_r2t[None, 1])\n"
    )
    assert lint_source(source, "k.py") == []
    assert _messages(source.replace("cute.copy(thr_tmem_store, tSrP_r2t[None, 0]", "cute.copy(thr_tmem_load, tSrP_r2t[None, 0]")) == [
        ("CI102", "`cute.copy` with `thr_tmem_load` stores `tSrP_r2t` into `tStP_r2t`, but line 5 loads with it: a "
                  "TMEM copy loads or stores, not both; `thr_tmem_store` (line 7) stores"),
    ]


def test_descriptive_names_of_a_tensor_and_its_transposed_form_name_one_buffer():
    source = (
        "@cute.jit\n"
        "def stage(storage, layout, layout_t, thr):\n"
        "    val_v = storage.val.get_tensor(layout)\n"
        "    val_vt = cute.make_tensor(val_v.iterator, layout_t)\n"
        "    key_vt = storage.key.get_tensor(layout_t)\n"
        "    uw_v = thr.partition_D(val_vt)\n"
        "    uw_val = thr.partition_D(val_vt)\n"
        "    return uw_v, uw_val, key_vt\n"
    )
    # `v` and `vt` (V and V^T) are one tensor's words, as `sK` and `sKt` are
    assert lint_source(source, "k.py") == []
    assert located(source.replace("uw_val = thr.partition_D(val_vt)", "uw_key = thr.partition_D(val_vt)")) \
        == [(7, "CI105")]


def test_a_partition_of_a_tile_named_outside_the_convention_is_judged_by_the_tensor_the_tile_views():
    source = (
        "@cute.kernel\n"
        "def softmax(gX: cute.Tensor, gY: cute.Tensor, tiler: cute.Shape, tiled_copy: cute.TiledCopy):\n"
        "    bidx, _, _ = cute.arch.block_idx()\n"
        "    blkX = cute.local_tile(gX, tiler, (bidx, None))\n"
        "    blkY = cute.local_tile(gY, tiler, (bidx, None))\n"
        "    thr_copy = tiled_copy.get_slice(0)\n"
        "    tXgX = thr_copy.partition_S(blkX)\n"
        "    tXgY = thr_copy.partition_D(blkY)\n"
        "    tXrX = cute.make_rmem_tensor_like(tXgX)\n"
        "    cute.copy(tiled_copy, tXgX, tXrX)\n"
        "    cute.copy(tiled_copy, tXrX, tXgY)\n"
    )
    assert lint_source(source, "k.py") == []
    assert _messages(source.replace("tXgX", "tXsX")) == [
        ("CI105", "`tXsX` partitions `blkX` (a view of `gX`) but names `sX`; rename it to `tXgX`"),
    ]
    # the output's partition cut from the input's tile (the kernel has Y's own tile)
    assert located(source.replace("partition_D(blkY)", "partition_D(blkX)")) == [(8, "CI105")]


def test_the_outputs_partition_of_an_operands_buffer_names_the_output_buffer_the_function_allocates_apart():
    source = (
        "@cute.kernel\n"
        "def epilogue(self, storage, tiled_copy_r2s: cute.TiledCopy, acc):\n"
        "    sA = storage.sA.get_tensor(self.a_layout)\n"
        "    sC = storage.sC.get_tensor(self.c_layout)\n"
        "    thr_copy_r2s = tiled_copy_r2s.get_slice(0)\n"
        "    tRS_sD = thr_copy_r2s.partition_D(sC)\n"
        "    tRS_rD = cute.make_rmem_tensor(acc.shape, Float16)\n"
        "    cute.copy(tiled_copy_r2s, tRS_rD, tRS_sD)\n"
        "    return sA\n"
    )
    assert lint_source(source, "k.py") == []
    # `D` is the output's name, and the output's buffer is `sC`: D written into A's buffer is no reuse here
    assert _messages(source.replace("partition_D(sC)", "partition_D(sA)")) == [
        ("CI105", "`tRS_sD` partitions `sA` but names `sD`, the output, whose buffer `sC` this function allocates "
                  "apart"),
    ]


def test_a_view_of_one_operands_fragment_loaded_with_the_other_operand_names_the_other():
    source = (
        "@cute.kernel\n"
        "def mainloop(tiled_mma: cute.TiledMma, s2r_A: cute.TiledCopy, s2r_B: cute.TiledCopy, sA, sB, acc):\n"
        "    thr_mma = tiled_mma.get_slice(0)\n"
        "    tCrA = tiled_mma.make_fragment_A(thr_mma.partition_A(sA))\n"
        "    tCrB = tiled_mma.make_fragment_B(thr_mma.partition_B(sB))\n"
        "    thr_s2r_a = s2r_A.get_slice(0)\n"
        "    tXsA = thr_s2r_a.partition_S(sA)\n"
        "    tXrA = thr_s2r_a.retile(tCrA)\n"
        "    cute.copy(s2r_A, tXsA, tXrA)\n"
        "    cute.gemm(tiled_mma, acc, tCrA, tCrB, acc)\n"
    )
    assert lint_source(source, "k.py") == []
    # A's data copied into a view of B's fragment does not make the fragment A's: the gemm reads it as B
    assert _messages(source.replace("retile(tCrA)", "retile(tCrB)")) == [
        ("CI105", "`tXrA` partitions `tCrB` but names `rA`; rename it to `tXrB`"),
    ]


def test_a_register_only_mmas_fragment_viewed_as_tensor_memory_is_reported():
    source = (
        "@cute.jit\n"
        "def mainloop(s2r_B: cute.TiledCopy, sB, shape):\n"
        "    mma_op = cute.make_mma_atom(nvgpu.MmaUniversalOp(cutlass.Float32))\n"
        "    tiled_mma = cute.make_tiled_mma(mma_op, cute.make_layout(shape))\n"
        "    tCrB = tiled_mma.make_fragment_B(tiled_mma.get_slice(0).partition_B(sB))\n"
        "    tXrB = s2r_B.get_slice(0).retile(tCrB)\n"
        "    return tXrB\n"
    )
    assert lint_source(source, "k.py") == []
    assert located(source.replace("tXrB", "tXtB")) == [(6, "CI105")]
    # a universal MMA's atom makes register fragments, as the op itself does (and the view of one is registers)
    assert located(source.replace("tCrB", "tCsB")) == [(5, "CI113"), (6, "CI105")]
    # a tcgen05 MMA's operand fragment may be viewed in tensor memory
    tcgen05 = source.replace("cute.make_mma_atom(nvgpu.MmaUniversalOp(cutlass.Float32))", "tcgen05.MmaF16BF16Op(t)")
    assert lint_source(tcgen05.replace("tXrB", "tXtB"), "k.py") == []


def test_an_accumulator_made_of_an_input_partition_blames_the_partitioner_its_name_contradicts():
    source = (
        "@cute.kernel\n"
        "def gemm(tiled_mma: cute.TiledMma, gA, gB, gC):\n"
        "    thr_mma = tiled_mma.get_slice(0)\n"
        "    tCrA = tiled_mma.make_fragment_A(thr_mma.partition_A(gA))\n"
        "    tCrB = tiled_mma.make_fragment_B(thr_mma.partition_B(gB))\n"
        "    tCgC = thr_mma.partition_C(gC)\n"
        "    tCrC = tiled_mma.make_fragment_C(tCgC)\n"
        "    cute.gemm(tiled_mma, tCrC, tCrA, tCrB, tCrC)\n"
    )
    assert lint_source(source, "k.py") == []
    assert _messages(source.replace("tCgC = thr_mma.partition_C", "tCgC = thr_mma.partition_A")) == [
        ("CI106", "`tCgC` is made by `thr_mma.partition_A` for operand A, but its name says the accumulator and "
                  "`tCrC` (line 7) makes the accumulator of it with `make_fragment_C`: use `partition_C`"),
    ]


def test_a_coordinate_partition_of_a_tile_shown_to_hold_data_is_reported():
    source = (
        "@cute.kernel\n"
        "def softmax(gX: cute.Tensor, cX: cute.Tensor, tiler: cute.Shape, tiled_copy: cute.TiledCopy):\n"
        "    blkX = cute.local_tile(gX, tiler, (0, None))\n"
        "    cblkX = cute.local_tile(cX, tiler, (0, None))\n"
        "    thr_copy = tiled_copy.get_slice(0)\n"
        "    tXgX = thr_copy.partition_S(blkX)\n"
        "    tXcX = thr_copy.partition_S(cblkX)\n"
        "    return tXgX, tXcX\n"
        "\n"
        "\n"
        "@cute.jit\n"
        "def launch(mX: cute.Tensor, tiler, tiled_copy):\n"
        "    cX = cute.make_identity_tensor(mX.shape)\n"
        "    softmax(mX, cX, tiler, tiled_copy).launch(grid=(1, 1, 1))\n"
    )
    assert lint_source(source, "k.py") == []
    assert _messages(source.replace("partition_S(cblkX)", "partition_S(blkX)")) == [
        ("CI105", "`tXcX` is named for coordinates (`c`), but `blkX` holds data: `gX`, which `blkX` views, is the "
                  "kernel's parameter, for which the launch at line 14 passes `mX`"),
    ]
    # a kernel parameter some launch gives an identity tensor may hold coordinates, whatever its name
    assert lint_source(source.replace("softmax(mX, cX,", "softmax(cX, cX,").replace(
        "partition_S(cblkX)", "partition_S(blkX)").replace("tXgX = thr_copy", "tXcX0 = thr_copy").replace(
        "return tXgX", "return tXcX0"), "k.py") == []


def test_an_input_partitioner_given_the_tile_that_keeps_the_gemm_tilers_m_and_n_modes_is_reported():
    source = (
        "@cute.kernel\n"
        "def gemm(self, tiled_mma: cute.TiledMma, mA_mk: cute.Tensor, mB_nk: cute.Tensor, mC: cute.Tensor, c):\n"
        "    gA = cute.local_tile(mA_mk, self.tile_mnk, c, proj=(1, None, 1))\n"
        "    gB = cute.local_tile(mB_nk, self.tile_mnk, c, proj=(None, 1, 1))\n"
        "    gC = cute.local_tile(mC, self.tile_mnk, c, proj=(1, 1, None))\n"
        "    thr_mma = tiled_mma.get_slice(0)\n"
        "    tCgC = thr_mma.partition_C(gC)\n"
        "    return gA, gB, tCgC\n"
    )
    assert lint_source(source, "k.py") == []
    assert _messages(source.replace("partition_C(gC)", "partition_A(gC)")) == [
        ("CI106", "`partition_A` is given `gC`, a tile that keeps the (M, N) modes of the GEMM's tiler "
                  "(`local_tile(..., proj=(1, 1, None))`, line 5), the accumulator's: use `partition_C`"),
    ]
    # a tiler no input's tile is cut with need not be a GEMM's (M, N, K): P's (M, N) tile may be an input
    assert lint_source(source.replace("self.tile_mnk, c, proj=(None", "self.tile_nk, c, proj=(None").replace(
        "partition_C(gC)", "partition_A(gC)"), "k.py") == []


def test_a_global_tile_named_for_the_data_stored_into_it_is_reported_where_that_datas_tile_is_apart():
    source = (
        "@cute.jit\n"
        "def store(self, mdK: cute.Tensor, mdV: cute.Tensor, acc_dK, thr_copy, atom, b):\n"
        "    gDK = cute.local_tile(mdK[b, None], self.tile, (0, 0))\n"
        "    gDV = cute.local_tile(mdV[b, None], self.tile, (0, 0))\n"
        "    tDgDK = thr_copy.partition_D(gDK)\n"
        "    rDK = cute.make_fragment_like(acc_dK, Float16)\n"
        "    cute.copy(atom, rDK, tDgDK)\n"
    )
    assert lint_source(source, "k.py") == []
    assert _messages(source.replace("partition_D(gDK)", "partition_D(gDV)")) == [
        ("CI105", "`tDgDK` partitions `gDV` but names `gDK`; rename it to `tDgDV`"),
    ]
    # a shared buffer may be reused for the data written into it (no `sDK` apart): not reported
    reused = (
        "@cute.jit\n"
        "def store(self, storage, acc_dK, thr_copy, atom):\n"
        "    sQ = storage.sQ.get_tensor(self.layout)\n"
        "    tDsDK = thr_copy.partition_D(sQ)\n"
        "    rDK = cute.make_fragment_like(acc_dK, Float16)\n"
        "    cute.copy(atom, rDK, tDsDK)\n"
    )
    assert lint_source(reused, "k.py") == []


def test_a_coordinate_partition_of_a_helpers_parameter_every_call_gives_data_is_reported():
    source = (
        "class Fwd:\n"
        "    @cute.jit\n"
        "    def load_K(self, gmem_thr_copy, gK: cute.Tensor, sK: cute.Tensor):\n"
        "        tKsK, tKgK = gmem_thr_copy.partition_D(sK), gmem_thr_copy.partition_S(gK)\n"
        "        cK = cute.make_identity_tensor(self.tile)\n"
        "        tKcK = gmem_thr_copy.partition_S(cK)\n"
        "        return tKsK, tKgK, tKcK\n"
        "\n"
        "    @cute.kernel\n"
        "    def kernel(self, mK: cute.Tensor, storage, gmem_thr_copy):\n"
        "        sK = storage.sK.get_tensor(self.layout)\n"
        "        gK = cute.local_tile(mK, self.tile, (0, None))\n"
        "        self.load_K(gmem_thr_copy, gK, sK)\n"
        "\n"
        "    @cute.jit\n"
        "    def __call__(self, mK: cute.Tensor, storage, gmem_thr_copy):\n"
        "        self.kernel(mK, storage, gmem_thr_copy).launch(grid=(1, 1, 1))\n"
    )
    assert lint_source(source, "k.py") == []
    assert _messages(source.replace("partition_S(cK)", "partition_S(gK)")) == [
        ("CI105", "`tKcK` is named for coordinates (`c`), but `gK` holds data: is the helper's parameter, and every "
                  "call passes data (line 13: `gK`)"),
    ]
    # a call that passes an identity tensor: the parameter may hold coordinates
    given_coordinates = source.replace("partition_S(cK)", "partition_S(gK)").replace(
        "gK = cute.local_tile(mK,", "gK = cute.make_identity_tensor(mK.shape)\n        gK_data = cute.local_tile(mK,")
    assert [m for m in _messages(given_coordinates) if "holds data" in m[1]] == []


def test_a_coordinate_partition_of_an_accumulator_or_of_a_tensor_rebound_over_a_pointer_is_reported():
    source = (
        "@cute.jit\n"
        "def epi(self, thr_mma, thr_load, gO_staged, cO):\n"
        "    tStS = thr_mma.make_fragment_C(self.acc_shape)\n"
        "    cS = cute.make_identity_tensor(self.tile)\n"
        "    tTR_cS = thr_load.partition_D(cS)\n"
        "    gO = gO_staged[None, None, 0]\n"
        "    gO = cute.make_tensor(cute.make_ptr(Float16, gO.iterator.toint(), cute.AddressSpace.gmem), gO.layout)\n"
        "    gO_epi = cute.zipped_divide(gO, self.epi_tile)\n"
        "    tR2GgO = thr_load.partition_D(gO_epi)\n"
        "    return tStS, tTR_cS, tR2GgO\n"
    )
    assert [f for f in lint_source(source, "k.py") if f.code == "CI105"] == []
    assert [m for m in _messages(source.replace("partition_D(cS)", "partition_D(tStS)")) if m[0] == "CI105"] == [
        ("CI105", "`tTR_cS` is named for coordinates (`c`), but `tStS` holds data: is an MMA's fragment "
                  "(`make_fragment_C`, line 3); rename it to `tTR_tS`"),
    ]
    assert [m for m in _messages(source.replace("tR2GgO = thr_load", "tR2GcO = thr_load").replace(
        "tR2GgO\n", "tR2GcO\n")) if m[0] == "CI105"] == [
        ("CI105", "`tR2GcO` is named for coordinates (`c`), but `gO_epi` holds data: `gO`, which `gO_epi` views, "
                  "is made in global memory at line 7; rename it to `tR2GgO`"),
    ]


def test_partitions_made_in_a_comprehension_over_stages_are_judged_by_the_staged_buffers():
    source = (
        "@cute.jit\n"
        "def stages(self, storage, smem_thr_copy_V, smem_thr_copy_K):\n"
        "    sV_stage = [storage.sV.get_tensor(self.layout)]\n"
        "    sK_stage = [storage.sK.get_tensor(self.layout)]\n"
        "    tdPsV = [smem_thr_copy_V.partition_S(t) for t in sV_stage]\n"
        "    tSsK = tuple(smem_thr_copy_K.partition_S(t) for t in sK_stage)\n"
        "    return tdPsV, tSsK\n"
    )
    assert lint_source(source, "k.py") == []
    assert _messages(source.replace("for t in sV_stage", "for t in sK_stage")) == [
        ("CI105", "`tdPsV` partitions `sK_stage` but names `sV`; rename it to `tdPsK`"),
    ]
    assert _messages(source.replace("for t in sK_stage", "for t in sV_stage")) == [
        ("CI105", "`tSsK` partitions `sV_stage` but names `sK`; rename it to `tSsV`"),
    ]


def test_an_mma_fragment_made_of_another_mmas_partition_is_reported_at_the_inner_call():
    source = (
        "@cute.kernel\n"
        "def fwd(tiled_mma_qk: cute.TiledMma, tiled_mma_pv: cute.TiledMma, sQ, sK, sVt):\n"
        "    thr_mma_qk = tiled_mma_qk.get_slice(0)\n"
        "    thr_mma_pv = tiled_mma_pv.get_slice(0)\n"
        "    tSrQ = thr_mma_qk.make_fragment_A(thr_mma_qk.partition_A(sQ))\n"
        "    tSrK = thr_mma_qk.make_fragment_B(thr_mma_qk.partition_B(sK))\n"
        "    tOrVt = thr_mma_pv.make_fragment_B(\n"
        "        thr_mma_pv.partition_B(sVt)\n"
        "    )\n"
        "    return tSrQ, tSrK, tOrVt\n"
    )
    assert lint_source(source, "k.py") == []
    assert located(source.replace("        thr_mma_pv.partition_B(sVt)", "        thr_mma_qk.partition_B(sVt)")) == [
        (8, "CI110"),
    ]


def test_an_mma_partition_named_with_the_op_of_another_mma_passed_beside_it_is_reported_across_functions():
    source = (
        "class Dq:\n"
        "    @cute.kernel\n"
        "    def kernel(self, op_dp, op_dq, sdO, sV, sKT, gK):\n"
        "        dov_mma = cute.make_tiled_mma(op_dp)\n"
        "        dsk_mma = cute.make_tiled_mma(op_dq)\n"
        "        dov = dov_mma.get_slice(0)\n"
        "        dsk = dsk_mma.get_slice(0)\n"
        "        tdPrdO = dov.make_fragment_A(sdO)\n"
        "        tdPrV = dov.make_fragment_B(sV)\n"
        "        tdQrKT = dsk.make_fragment_B(sKT)\n"
        "        self.load_kt(dsk, gK)\n"
        "        return tdPrdO, tdPrV, tdQrKT\n"
        "\n"
        "    @cute.jit\n"
        "    def load_kt(self, dsk_thr_mma: cute.ThrMma, gK_dkl: cute.Tensor):\n"
        "        tdQgK_dkl = dsk_thr_mma.partition_B(gK_dkl)\n"
        "        return tdQgK_dkl\n"
    )
    assert lint_source(source, "k.py") == []
    assert located(source.replace("tdQgK_dkl", "tdPgK_dkl")) == [(16, "CI110")]


def test_a_copys_partition_of_another_copys_partition_named_with_its_direction_as_variant_is_not_reported():
    source = (
        "@cute.jit\n"
        "def epi(self, tiled_r2g, tmem_atom, tOtO, cO_epi):\n"
        "    tiled_tmem_load = tcgen05.make_tmem_copy(tmem_atom, tOtO)\n"
        "    thr_tmem_load = tiled_tmem_load.get_slice(0)\n"
        "    thr_r2g = tiled_r2g.get_slice(0)\n"
        "    tR2GcO = thr_r2g.partition_S(cO_epi)\n"
        "    tR2GcO_t2r = thr_tmem_load.partition_D(tR2GcO[(None, None), 0, 0])\n"
        "    return tR2GcO_t2r\n"
    )
    assert [f for f in lint_source(source, "k.py") if f.code == "CI104"] == []
    # the reverse direction in the variant, or another name, stays reported
    assert [m[0] for m in _messages(source.replace("tR2GcO_t2r", "tR2GcO_r2t"))] == ["CI104"]
    assert [m[0] for m in _messages(source.replace("tR2GcO_t2r", "tR2GcO_view"))] == ["CI104"]


def test_the_accumulator_of_an_mma_given_a_tcgen05_field_is_in_tensor_memory():
    source = (
        "class Fwd:\n"
        "    @cute.jit\n"
        "    def __call__(self, op):\n"
        "        tiled_mma_pv = cute.make_tiled_mma(op)\n"
        "        self.kernel(tiled_mma_pv)\n"
        "\n"
        "    @cute.kernel\n"
        "    def kernel(self, tiled_mma_pv: cute.TiledMma):\n"
        "        thr_mma_pv = tiled_mma_pv.get_slice(0)\n"
        "        tOtO = thr_mma_pv.make_fragment_C(self.acc_shape)\n"
        "        self.mma(tiled_mma_pv, tOtO)\n"
        "\n"
        "    @cute.jit\n"
        "    def mma(self, tiled_mma_pv: cute.TiledMma, tOtO: cute.Tensor):\n"
        "        tiled_mma_pv.set(tcgen05.Field.ACCUMULATE, False)\n"
    )
    assert lint_source(source, "k.py") == []
    assert _messages(source.replace("tOtO", "tOrO")) == [
        ("CI113", "`tOrO` is named for registers (`r`), but it is the accumulator of a tcgen05 MMA (a tcgen05 field "
                  "is set on it at line 15), in tensor memory; rename it to `tOtO`"),
    ]
    # an MMA given no tcgen05 field (a warp-level MMA's accumulator is in registers)
    assert lint_source(source.replace("tOtO", "tOrO").replace("tcgen05.Field", "warp.Field"), "k.py") == []


def test_a_partition_of_one_side_of_a_two_layout_copy_given_to_it_as_the_other_side_is_reported():
    source = (
        "@cute.kernel\n"
        "def kernel(sA: cute.Tensor):\n"
        "    tiled_mma = cute.make_tiled_mma(warp.MmaF16BF16Op(Float16, Float32, (16, 8, 16)))\n"
        "    thr_mma = tiled_mma.get_slice(0)\n"
        "    ldmatrix_atom = cute.make_copy_atom(warp.LdMatrix8x8x16bOp(False, 4), Float16)\n"
        "    tiled_copy_A = cute.make_tiled_copy_A(ldmatrix_atom, tiled_mma)\n"
        "    thr_copy_A = tiled_copy_A.get_slice(0)\n"
        "    tCrA = thr_mma.make_fragment_A(thr_mma.partition_A(sA))\n"
        "    tCsA = thr_copy_A.partition_S(sA)\n"
        "    tCrA_view = thr_copy_A.retile(tCrA)\n"
        "    cute.copy(tiled_copy_A, tCsA[None, None, 0], tCrA_view[None, None, 0])\n"
    )
    assert lint_source(source, "k.py") == []
    assert _messages(source.replace("partition_S(sA)", "partition_D(sA)")) == [
        ("CI104", "`tCsA` is `thr_copy_A.partition_D`'s result, the copy's destination side, but the copy at line 11 "
                  "is given it as its source; partition it with `partition_S`"),
    ]
    # given to the copy as both sides (loaded, then stored back), no side is the wrong one
    round_trip = source.replace("partition_S(sA)", "partition_D(sA)") + \
        "    cute.copy(tiled_copy_A, tCrA_view[None, None, 0], tCsA[None, None, 0])\n"
    assert lint_source(round_trip, "k.py") == []
    # a `make_tiled_copy_tv` copy's two sides are one layout: partitioning a destination with `partition_S` is a style
    tv = (
        "@cute.kernel\n"
        "def kernel(mB: cute.Tensor, sB: cute.Tensor):\n"
        "    gmem_tiled_copy_B = cute.make_tiled_copy_tv(cp_async_atom, t_layout, v_layout)\n"
        "    gmem_thr_copy_B = gmem_tiled_copy_B.get_slice(0)\n"
        "    tBgB = gmem_thr_copy_B.partition_S(mB)\n"
        "    tBsB = gmem_thr_copy_B.partition_S(sB)\n"
        "    cute.copy(gmem_tiled_copy_B, tBgB, tBsB)\n"
    )
    assert lint_source(tv, "k.py") == []


def test_a_copy_side_is_followed_through_the_tuple_a_helper_of_the_file_returns():
    source = (
        "class Gemm:\n"
        "    @cute.kernel\n"
        "    def kernel(self, tAcc: cute.Tensor):\n"
        "        tiled_copy_t2r, tTR_tAcc_base, tTR_rAcc = self.epilog_t2r(tAcc)\n"
        "        tTR_tAcc = tTR_tAcc_base[(None, None, None, 0)]\n"
        "        cute.copy(tiled_copy_t2r, tTR_tAcc, tTR_rAcc)\n"
        "\n"
        "    def epilog_t2r(self, tAcc):\n"
        "        tiled_copy_t2r = tcgen05.make_tmem_copy(copy_atom_t2r, tAcc)\n"
        "        thr_copy_t2r = tiled_copy_t2r.get_slice(0)\n"
        "        tTR_tAcc = thr_copy_t2r.partition_S(tAcc)\n"
        "        tTR_rAcc = cute.make_rmem_tensor(tTR_tAcc.shape, Float32)\n"
        "        return tiled_copy_t2r, tTR_tAcc, tTR_rAcc\n"
    )
    assert lint_source(source, "k.py") == []
    assert located(source.replace("partition_S(tAcc)", "partition_D(tAcc)")) == [(11, "CI104")]


def test_a_tiled_copy_for_one_operand_retiling_the_other_operands_fragment_is_reported():
    source = (
        "@cute.kernel\n"
        "def kernel(sA: cute.Tensor, sB: cute.Tensor):\n"
        "    tiled_mma = cute.make_tiled_mma(warp.MmaF16BF16Op(Float16, Float32, (16, 8, 16)))\n"
        "    thr_mma = tiled_mma.get_slice(0)\n"
        "    smem_thr_copy_A = cute.make_tiled_copy_A(atom, tiled_mma).get_slice(0)\n"
        "    smem_thr_copy_B = cute.make_tiled_copy_B(atom, tiled_mma).get_slice(0)\n"
        "    tCrA = thr_mma.make_fragment_A(thr_mma.partition_A(sA))\n"
        "    tCrB = thr_mma.make_fragment_B(thr_mma.partition_B(sB))\n"
        "    tCsA = smem_thr_copy_A.partition_S(sA)\n"
        "    tCsB = smem_thr_copy_B.partition_S(sB)\n"
        "    tCrA_view = smem_thr_copy_A.retile(tCrA)\n"
        "    tCrB_view = smem_thr_copy_B.retile(tCrB)\n"
    )
    assert lint_source(source, "k.py") == []
    assert located(source.replace("smem_thr_copy_B.retile", "smem_thr_copy_A.retile")) == [(12, "CI106")]


def test_a_coordinate_partition_named_for_the_other_operand_is_reported():
    source = (
        "@cute.kernel\n"
        "def kernel(mB: cute.Tensor):\n"
        "    gmem_thr_copy_B = gmem_tiled_copy_B.get_slice(0)\n"
        "    cB = cute.make_identity_tensor((128, 64))\n"
        "    tBcB = gmem_thr_copy_B.partition_S(cB)\n"
    )
    assert lint_source(source, "k.py") == []
    assert _messages(source.replace("tBcB", "tBcA")) == [
        ("CI105", "`tBcA` partitions `cB`, operand B's coordinates, but names operand A's; rename it to `tBcB`"),
    ]


def test_a_gemm_between_two_bindings_of_one_fragment_is_judged_by_the_binding_before_it():
    mainloop = (
        "    tCrA = thr_mma.make_fragment_A(thr_mma.partition_A(sA))\n"
        "    tCrB = thr_mma.make_fragment_B(thr_mma.partition_B(sB))\n"
        "    cute.gemm(tiled_mma, acc, tCrA[None, None, 0], tCrB[None, None, 0], acc)\n"
    )
    source = "@cute.kernel\ndef kernel(sA: cute.Tensor, sB: cute.Tensor):\n    thr_mma = tiled_mma.get_slice(0)\n" \
        + mainloop + mainloop
    assert lint_source(source, "k.py") == []
    swapped = source.replace("acc, tCrA[None, None, 0]", "acc, tCrB[None, None, 0]", 1)
    assert located(swapped) == [(6, "CI111")]


def test_a_tiled_copy_moving_one_operand_making_a_partition_named_for_the_other_is_reported():
    source = (
        "@cute.kernel\n"
        "def kernel(mA: cute.Tensor, mB: cute.Tensor, sA: cute.Tensor, sB: cute.Tensor):\n"
        "    tiled_copy_A = cute.make_tiled_copy_tv(atom, t_layout, v_layout)\n"
        "    thr_copy_A = tiled_copy_A.get_slice(0)\n"
        "    copy_A = copy_utils.gather_m_get_copy_fn(thr_copy_A, mA, sA, rows)\n"
        "    tiled_copy_B = cute.make_tiled_copy_tv(atom, t_layout, v_layout)\n"
        "    thr_copy_B = tiled_copy_B.get_slice(0)\n"
        "    tBgB = thr_copy_B.partition_S(mB)\n"
        "    tBsB = thr_copy_B.partition_D(sB)\n"
        "    cute.copy(tiled_copy_B, tBgB, tBsB)\n"
    )
    assert lint_source(source, "k.py") == []
    assert _messages(source.replace("tBgB = thr_copy_B", "tBgB = thr_copy_A")) == [
        ("CI110", "`tBgB` is named with operand B's pattern `tB`, but it was made by `thr_copy_A` (make_tiled_copy_tv, "
                  "line 3), which moves operand A's tensors (line 5); operand B's are moved by `tiled_copy_B` "
                  "(make_tiled_copy_tv, line 6)"),
    ]


def test_helpers_imported_from_another_module_of_the_repository_are_read(tmp_path):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "helpers.py").write_text(
        "def mma_no_fence(tiled_mma, acc, frag_a, frag_b):\n"
        "    for k in range(4):\n"
        "        cute.gemm(tiled_mma, acc, frag_a[None, None, k], frag_b[None, None, k], acc)\n"
        "\n"
        "def g2s(dtype, size):\n"
        "    op = cpasync.CopyG2SOp()\n"
        "    atom = cute.make_copy_atom(op, dtype)\n"
        "    return cute.make_tiled_copy_tv(atom, thr_layout, val_layout)\n"
    )
    source = (
        "from pkg.helpers import mma_no_fence, g2s\n"
        "\n"
        "@cute.kernel\n"
        "def kernel(mA: cute.Tensor, mB: cute.Tensor, sA: cute.Tensor, sB: cute.Tensor):\n"
        "    wg_mma = tiled_mma.get_slice(0)\n"
        "    tSrA = tiled_mma.make_fragment_A(wg_mma.partition_A(sA))\n"
        "    tSrB = tiled_mma.make_fragment_B(wg_mma.partition_B(sB))\n"
        "    mma_no_fence(tiled_mma, acc, tSrA[None, None, None, 0], tSrB[None, None, None, 0])\n"
        "    thr_g2s_A = g2s(Float16, 64).get_slice(0)\n"
        "    thr_g2s_B = g2s(Float16, 64).get_slice(0)\n"
        "    tAgA = thr_g2s_A.partition_S(mA)\n"
        "    tAsA = thr_g2s_A.partition_D(sA)\n"
        "    cute.copy(thr_g2s_A, tAgA, tAsA)\n"
        "    tBgB = thr_g2s_B.partition_S(mB)\n"
        "    tBsB = thr_g2s_B.partition_D(sB)\n"
        "    cute.copy(thr_g2s_B, tBgB, tBsB)\n"
    )
    kernel = package / "kernel.py"
    assert lint_source(source, str(kernel)) == []
    swapped = source.replace("acc, tSrA[None", "acc, tSrB[None")
    assert [(f.line, f.code) for f in lint_source(swapped, str(kernel))] == [(8, "CI111")]
    # each call of the other module's copy maker makes a TiledCopy of its own: B's partition made by A's copy
    crossed = source.replace("tBgB = thr_g2s_B", "tBgB = thr_g2s_A")
    assert [(f.line, f.code) for f in lint_source(crossed, str(kernel))] == [(14, "CI110")]
    # read alone (no repository around it), the file shows neither
    assert lint_source(swapped, "k.py") == [] and lint_source(crossed, "k.py") == []


def test_a_view_named_for_the_tensor_its_misnamed_source_is_cut_from_is_not_reported():
    source = (
        "@cute.kernel\n"
        "def kernel(mdPsum: cute.Tensor, mPsum: cute.Tensor):\n"
        "    mdPsum_cur = mdPsum[None, 0, 0]\n"
        "    gdPsum = cute.local_tile(mdPsum_cur, (128,), (None,))\n"
    )
    assert lint_source(source, "k.py") == []
    # the slice named for P's sum is the slip, reported at its line; the tile cut from it names dPsum rightly
    assert located(source.replace("mdPsum_cur", "mPsum_cur")) == [(3, "CI105")]


def test_a_tiler_written_as_a_tuple_is_no_tile_a_tma_atom_moves():
    source = (
        "class Bwd:\n"
        "    def __init__(self):\n"
        "        self.sdKV_epi_tile = (128, 64)\n"
        "\n"
        "    @cute.jit\n"
        "    def __call__(self, mdK: cute.Tensor, mdV: cute.Tensor, mdKV: cute.Tensor):\n"
        "        tma_copy_op_dKV = cpasync.CopyBulkTensorTileS2GOp()\n"
        "        tma_atom_dK, mdK_tma = cpasync.make_tiled_tma_atom(tma_copy_op_dKV, mdK, layout, self.sdKV_epi_tile, 1)\n"
        "        tma_atom_dV, mdV_tma = cpasync.make_tiled_tma_atom(tma_copy_op_dKV, mdV, layout, self.sdKV_epi_tile, 1)\n"
        "\n"
        "    @cute.kernel\n"
        "    def kernel(self, mdK: cute.Tensor, mdV: cute.Tensor):\n"
        "        sdK = storage.sdK.get_tensor(layout)\n"
        "        sdV = storage.sdV.get_tensor(layout)\n"
        "        sdKV = storage.sdKV.get_tensor(layout)\n"
        "        gdK = cute.local_tile(mdK, tiler, coord)\n"
        "        gdV = cute.local_tile(mdV, tiler, coord)\n"
        "        gdKV = cute.local_tile(mdKV, tiler, coord)\n"
    )
    assert lint_source(source, "k.py") == []
    # bound to what may be a tensor, the name is read as dKV's shared tile, which these atoms do not move
    assert located(source.replace("(128, 64)", "make_tile()")) == [(8, "CI102"), (9, "CI102")]


def test_a_copy_side_is_followed_through_layout_algebra_and_a_swapped_copy_call_is_reported_at_the_call():
    source = (
        "class Gemm:\n"
        "    @cute.kernel\n"
        "    def kernel(self, tAcc: cute.Tensor):\n"
        "        tiled_copy_t2r, tTR_tAcc_base, tTR_rAcc = self.epilog_t2r(tAcc)\n"
        "        tTR_tAcc = tTR_tAcc_base[(None, None, None, 0)]\n"
        "        tTR_tAcc_grouped = cute.group_modes(tTR_tAcc, 3, cute.rank(tTR_tAcc))\n"
        "        tTR_tAcc_mn = tTR_tAcc_grouped[(None, None, None, 0)]\n"
        "        cute.copy(tiled_copy_t2r, tTR_tAcc_mn, tTR_rAcc)\n"
        "\n"
        "    def epilog_t2r(self, tAcc):\n"
        "        tiled_copy_t2r = tcgen05.make_tmem_copy(copy_atom_t2r, tAcc)\n"
        "        thr_copy_t2r = tiled_copy_t2r.get_slice(0)\n"
        "        tTR_tAcc = thr_copy_t2r.partition_S(tAcc)\n"
        "        tTR_rAcc = cute.make_rmem_tensor(tTR_tAcc.shape, Float32)\n"
        "        return tiled_copy_t2r, tTR_tAcc, tTR_rAcc\n"
    )
    assert lint_source(source, "k.py") == []
    # `group_modes` regroups the modes each thread holds: the view is still the copy's destination-side partition
    assert located(source.replace("partition_S(tAcc)", "partition_D(tAcc)")) == [(13, "CI104")]
    # the partition is the TMEM load's source, over tensor memory, as a T2R copy has it: the copy call is the slip
    swapped = source.replace("cute.copy(tiled_copy_t2r, tTR_tAcc_mn, tTR_rAcc)",
                             "cute.copy(tiled_copy_t2r, tTR_rAcc, tTR_tAcc_mn)")
    assert _messages(swapped) == [
        ("CI104", "`cute.copy` with `tiled_copy_t2r` is given `tTR_tAcc_mn` as its destination, but it is `tTR_tAcc` "
                  "(line 13), the copy's source side, laid over `tAcc` as the copy's direction has it: the copy's "
                  "source and destination are swapped (pass `tTR_rAcc` and `tTR_tAcc_mn` the other way)"),
    ]


def test_a_tiled_copy_of_the_atom_cutlass_helper_chooses_has_two_sides():
    source = (
        "class Gemm:\n"
        "    @cute.kernel\n"
        "    def kernel(self, tAcc: cute.Tensor, gC: cute.Tensor):\n"
        "        sC = storage.sC.get_tensor(c_layout)\n"
        "        tiled_copy_t2r = tcgen05.make_tmem_copy(copy_atom_t2r, tAcc)\n"
        "        tTR_gC = tiled_copy_t2r.get_slice(0).partition_D(gC)\n"
        "        tTR_rC = cute.make_fragment(tTR_gC.shape, Float16)\n"
        "        tTR_rX = cute.make_rmem_tensor(cute.make_layout(8), Float16)\n"
        "        tiled_copy_r2s, tRS_rC, tRS_sC = self.epilog_r2s(tiled_copy_t2r, tTR_rC, sC)\n"
        "        cute.copy(tiled_copy_r2s, tRS_rC, tRS_sC[(None, None, None, 0)])\n"
        "\n"
        "    def epilog_r2s(self, tiled_copy_t2r, tTR_rC, sC):\n"
        "        copy_atom_r2s = sm100_utils.get_smem_store_op(self.c_layout, self.c_dtype, Float32, tiled_copy_t2r)\n"
        "        tiled_copy_r2s = cute.make_tiled_copy_D(copy_atom_r2s, tiled_copy_t2r)\n"
        "        thr_copy_r2s = tiled_copy_r2s.get_slice(0)\n"
        "        tRS_sC = thr_copy_r2s.partition_D(sC)\n"
        "        tRS_rC = tiled_copy_r2s.retile(tTR_rC)\n"
        "        return tiled_copy_r2s, tRS_rC, tRS_sC\n"
    )
    assert lint_source(source, "k.py") == []
    # the helper returns an stmatrix atom where the tile allows: the register side is laid out apart
    assert located(source.replace("partition_D(sC)", "partition_S(sC)")) == [(16, "CI104")]
    # an atom the code makes universal has one layout for both sides, as before
    universal = source.replace("sm100_utils.get_smem_store_op(self.c_layout, self.c_dtype, Float32, tiled_copy_t2r)",
                               "cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), self.c_dtype)")
    assert lint_source(universal.replace("partition_D(sC)", "partition_S(sC)"), "k.py") == []
    # the R2S copy given the fragment laid out in the T2R partition's shape, in place of its own retile
    assert located(source.replace("cute.copy(tiled_copy_r2s, tRS_rC,", "cute.copy(tiled_copy_r2s, tTR_rC,")) == [
        (10, "CI102")]
    # a register tensor of a plain layout may carry the epilogue's name: no copy laid it out
    assert located(source.replace("cute.copy(tiled_copy_r2s, tRS_rC,", "cute.copy(tiled_copy_r2s, tTR_rX,")) == []


def test_a_name_bound_to_a_helpers_returned_partition_names_the_tensor_the_call_passes():
    source = (
        "class Gemm:\n"
        "    @cute.kernel\n"
        "    def kernel(self, tma_atom_c, gC):\n"
        "        sA, sC = storage.sA.get_tensor(a_layout), storage.sC.get_tensor(c_layout)\n"
        "        tma_atom, bSG_sC, bSG_gC = self.epilog_gmem(tma_atom_c, gC, sC)\n"
        "        cute.copy(tma_atom, bSG_sC[(None, 0)], bSG_gC[(None, 0)])\n"
        "\n"
        "    def epilog_gmem(self, atom, gC, sC):\n"
        "        sC_for_tma = cute.group_modes(sC, 0, 2)\n"
        "        gC_for_tma = cute.group_modes(gC, 0, 2)\n"
        "        bSG_sC, bSG_gC = cpasync.tma_partition(atom, 0, cute.make_layout(1), sC_for_tma, gC_for_tma)\n"
        "        return atom, bSG_sC, bSG_gC\n"
    )
    assert lint_source(source, "k.py") == []
    assert located(source.replace("self.epilog_gmem(tma_atom_c, gC, sC)", "self.epilog_gmem(tma_atom_c, gC, sA)")) \
        == [(5, "CI105")]
    assert located(source.replace("tma_atom, bSG_sC, bSG_gC = ", "tma_atom, bSG_gC_s, bSG_gC = ")
                    .replace("bSG_sC[(None, 0)]", "bSG_gC_s[(None, 0)]")) == [(5, "CI105")]


def test_one_tensor_loaded_by_both_operands_tma_atoms_is_reported_at_the_maker_its_name_does_not_say():
    source = (
        "@cute.jit\n"
        "def launch(a: cute.Tensor, b: cute.Tensor):\n"
        "    tiled_mma = sm100_utils.make_trivial_tiled_mma(Float16, a_major, b_major, Float32, group, (128, 128))\n"
        "    tma_atom_a, tma_tensor_a = cute.nvgpu.make_tiled_tma_atom_A(a_op, a, a_layout, tiler, tiled_mma, vmnk)\n"
        "    tma_atom_b, tma_tensor_b = cute.nvgpu.make_tiled_tma_atom_B(b_op, b, b_layout, tiler, tiled_mma, vmnk)\n"
    )
    assert lint_source(source, "k.py") == []
    assert located(source.replace("(a_op, a,", "(a_op, b,")) == [(4, "CI106")]
    assert located(source.replace("(b_op, b,", "(b_op, a,")) == [(5, "CI106")]
    # a matrix times itself (`X Xᵀ`): one tensor in both slots, and no other operand's tensor left unloaded
    gram = source.replace("a: cute.Tensor, b: cute.Tensor", "a: cute.Tensor").replace("(b_op, b,", "(b_op, a,")
    assert lint_source(gram, "k.py") == []


def test_a_view_of_a_gemm_input_named_for_the_output_names_another_tensor():
    source = (
        "@cute.kernel\n"
        "def kernel(tiled_mma, mA, mC, tiler, coord, epi_tiler):\n"
        "    gA = cute.local_tile(mA, tiler, coord, proj=(1, None, 1))\n"
        "    gC = cute.local_tile(mC, tiler, coord, proj=(1, 1, None))\n"
        "    thr_mma = tiled_mma.get_slice(0)\n"
        "    tCgA = thr_mma.partition_A(gA)\n"
        "    tCgC = thr_mma.partition_C(gC)\n"
        "    gC_epi = cute.zipped_divide(tCgC, epi_tiler)\n"
    )
    assert lint_source(source, "k.py") == []
    assert located(source.replace("zipped_divide(tCgC", "zipped_divide(tCgA")) == [(8, "CI105")]


def test_a_slice_of_one_atoms_partition_named_with_another_atoms_pattern_is_that_atoms():
    source = (
        "@cute.kernel\n"
        "def kernel(tma_atom_a, tma_atom_b, sA, gA, sB, gB, m, n):\n"
        "    tAsA, tAgA = cpasync.tma_partition(tma_atom_a, 0, cute.make_layout(1), sA, gA)\n"
        "    tBsB, tBgB = cpasync.tma_partition(tma_atom_b, 0, cute.make_layout(1), sB, gB)\n"
        "    tAgA_k = tAgA[(None, m, None)]\n"
        "    tBgB_k = tBgB[(None, n, None)]\n"
        "    cute.copy(tma_atom_a, tAgA_k[(None, 0)], tAsA[(None, 0)])\n"
        "    cute.copy(tma_atom_b, tBgB_k[(None, 0)], tBsB[(None, 0)])\n"
    )
    assert lint_source(source, "k.py") == []
    assert located(source.replace("tAgA_k", "tBgA_k")) == [(5, "CI110")]
    # a pattern no other object of the function carries is the view's to choose
    assert lint_source(source.replace("tAgA_k", "tXgA_k"), "k.py") == []


def test_a_tmem_load_partition_taken_as_the_side_its_tensors_memory_is_not():
    source = (
        "@cute.kernel\n"
        "def kernel(tiled_mma: cute.TiledMma, mC: cute.Tensor, tiler, coord, epi_tiler, tidx):\n"
        "    gC = cute.local_tile(mC, tiler, coord, proj=(1, 1, None))\n"
        "    tCgC = tiled_mma.get_slice(0).partition_C(gC)\n"
        "    tCtAcc = tiled_mma.make_fragment_C(tiled_mma.partition_shape_C(tiler[:2]))\n"
        "    tCtAcc_epi = cute.zipped_divide(tCtAcc, epi_tiler)\n"
        "    gC_epi = cute.zipped_divide(tCgC, epi_tiler)\n"
        "    atom = cute.make_copy_atom(tcgen05.Ld32x32bOp(tcgen05.Repetition.x64), cutlass.Float32)\n"
        "    tmem_tiled_copy = tcgen05.make_tmem_copy(atom, tCtAcc_epi[None, 0])\n"
        "    tDgC = tmem_tiled_copy.get_slice(tidx).partition_D(gC_epi)\n"
        "    tCrC = cute.make_rmem_tensor(tDgC[None, None, 0].shape, cutlass.Float16)\n"
        "    cute.autovec_copy(tCrC, tDgC[None, None, 0])\n"
    )
    assert lint_source(source, "k.py") == []
    assert located(source.replace("partition_D(gC_epi)", "partition_S(gC_epi)")) == [(10, "CI104")]
    # a partition read only for its shape or layout lays no data out: either side gives a shape
    shape_only = source.replace("partition_D(gC_epi)", "partition_S(gC_epi)").replace(
        "    cute.autovec_copy(tCrC, tDgC[None, None, 0])\n", "")
    assert lint_source(shape_only, "k.py") == []


def test_atoms_named_for_both_operands_loading_one_tensor_without_a_tiled_mma():
    source = (
        "@cute.jit\n"
        "def launch(A: cute.Tensor, B: cute.Tensor, a_layout, b_layout, tiler):\n"
        "    op = cpasync.CopyBulkTensorTileG2SOp()\n"
        "    tma_atom_a, tma_tensor_a = cpasync.make_tiled_tma_atom(op, A, a_layout, tiler)\n"
        "    tma_atom_b, tma_tensor_b = cpasync.make_tiled_tma_atom(op, B, b_layout, tiler)\n"
    )
    assert lint_source(source, "k.py") == []
    assert located(source.replace("(op, A,", "(op, B,")) == [(4, "CI106")]
    # a matrix times itself: no other operand's tensor is left unloaded
    gram = source.replace("A: cute.Tensor, B: cute.Tensor", "A: cute.Tensor").replace("(op, B,", "(op, A,")
    assert lint_source(gram, "k.py") == []
    # a launcher's views named with their parameter's letter say that operand
    views = (
        "@cute.jit\n"
        "def launch(A: cute.Tensor, B: cute.Tensor, tiled_mma, a_layout, b_layout, tiler, vmnk):\n"
        "    A_view = cute.make_tensor(A.iterator, A.layout)\n"
        "    B_view = cute.make_tensor(B.iterator, B.layout)\n"
        "    tma_atom_a, tma_tensor_a = make_tiled_tma_atom_A(a_op, A_view, a_layout, tiler, tiled_mma, vmnk)\n"
        "    tma_atom_b, tma_tensor_b = make_tiled_tma_atom_B(b_op, B_view, b_layout, tiler, tiled_mma, vmnk)\n"
    )
    assert lint_source(views, "k.py") == []
    assert located(views.replace("(a_op, A_view,", "(a_op, B_view,")) == [(5, "CI106")]


def test_a_view_laying_one_operands_layout_over_the_others_data():
    source = (
        "@cute.jit\n"
        "def launch(A: cute.Tensor, B: cute.Tensor):\n"
        "    b_shape = B.layout.shape\n"
        "    b_stride = B.layout.stride\n"
        "    b_layout = cute.make_layout((b_shape[1], b_shape[0]), stride=(b_stride[1], b_stride[0]))\n"
        "    B_t = cute.make_tensor(B.iterator, b_layout)\n"
    )
    assert lint_source(source, "k.py") == []
    assert located(source.replace("make_tensor(B.iterator", "make_tensor(A.iterator")) == [(6, "CI105")]
    # a product of a matrix with itself lays A's own layout, transposed, over A's data
    gram = (
        "@cute.jit\n"
        "def launch(A: cute.Tensor):\n"
        "    a_t_layout = cute.make_layout((A.shape[1], A.shape[0]), stride=(A.stride[1], A.stride[0]))\n"
        "    B_t = cute.make_tensor(A.iterator, a_t_layout)\n"
    )
    assert lint_source(gram, "k.py") == []


def test_a_block_tile_named_blk_names_the_global_tensor_it_is_cut_from():
    source = (
        "@cute.kernel\n"
        "def kernel(gY: cute.Tensor, gdY: cute.Tensor, gdX: cute.Tensor, cY: cute.Tensor, tiler, tiled_copy, tidx):\n"
        "    blkdY = cute.local_tile(gdY, tiler, (0, None))\n"
        "    blkcY = cute.local_tile(cY, tiler, (0, None))\n"
        "    blkdX = cute.local_tile(gdX, tiler, (0, None))\n"
        "    thr_copy = tiled_copy.get_slice(tidx)\n"
        "    tYgdY = thr_copy.partition_S(blkdY)\n"
        "    tYcY = thr_copy.partition_S(blkcY)\n"
        "    tYgdX = thr_copy.partition_D(blkdX)\n"
    )
    assert lint_source(source, "k.py") == []
    assert (3, "CI105") in located(source.replace("local_tile(gdY,", "local_tile(gdX,"))
    # a word after `blk` that names no tensor of the file (`blkCoord`) says nothing
    assert lint_source(source.replace("blkcY", "blkCoord"), "k.py") == []


def test_a_tmem_pointer_at_an_offset_bound_to_a_name_points_into_tensor_memory():
    source = (
        "@cute.kernel\n"
        "def kernel(tiled_mma, tmem, shape, cols):\n"
        "    acc_fake = tiled_mma.make_fragment_C(shape)\n"
        "    base_tmem_ptr = tmem.retrieve_ptr(cutlass.Float32)\n"
        "    acc_tmem_ptr = base_tmem_ptr + cols\n"
        "    tCtAcc = cute.make_tensor(acc_tmem_ptr, acc_fake.layout)\n"
    )
    source = source.replace("def kernel(tiled_mma, tmem,", "def kernel(tiled_mma, storage,").replace(
        "    acc_fake", "    tmem = utils.TmemAllocator(storage.buf)\n    acc_fake")
    assert lint_source(source, "k.py") == []
    assert located(source.replace("tCtAcc", "tCrAcc")) == [(7, "CI113")]


def test_a_tcgen05_copy_object_moving_data_against_its_instruction():
    source = (
        "@cute.kernel\n"
        "def kernel(tStS, tScS, dtype, tidx):\n"
        "    load_atom = cute.make_copy_atom(tcgen05.Ld32x32bOp(tcgen05.Repetition(32)), dtype)\n"
        "    tmem_tiled_load = tcgen05.make_tmem_copy(load_atom, tStS)\n"
        "    thr_load = tmem_tiled_load.get_slice(tidx)\n"
        "    tTMEM_LOADtS = thr_load.partition_S(tStS)\n"
        "    tTMEM_LOADrS = cute.make_rmem_tensor(thr_load.partition_D(tScS).shape, dtype)\n"
        "    cute.copy(tmem_tiled_load, tTMEM_LOADtS, tTMEM_LOADrS)\n"
        "    store_atom = cute.make_copy_atom(tcgen05.St32x32bOp(tcgen05.Repetition(32)), dtype)\n"
        "    tmem_tiled_store = tcgen05.make_tmem_copy(store_atom, tStS)\n"
        "    thr_store = tmem_tiled_store.get_slice(tidx)\n"
        "    tTMEM_STOREtP = thr_store.partition_D(tStS)\n"
        "    tTMEM_STORErP = cute.make_rmem_tensor(thr_store.partition_S(tScS).shape, dtype)\n"
        "    cute.copy(tmem_tiled_store, tTMEM_STORErP, tTMEM_STOREtP)\n"
    )
    assert lint_source(source, "k.py") == []
    # the load object given the store's registers-to-TMEM copy: a tcgen05.ld never writes tensor memory
    assert located(source.replace("cute.copy(tmem_tiled_store,", "cute.copy(tmem_tiled_load,")) == [(14, "CI102")]
    # a partition the load made, stored by the store object of one 32x32b layout, moves the right way (CUTLASS)
    shared = source.replace("tTMEM_STOREtP = thr_store.partition_D(tStS)", "tTMEM_STOREtP = thr_load.partition_S(tStS)")
    assert [f for f in lint_source(shared, "k.py") if f.code == "CI102"] == []


def test_a_gemm_whose_operands_another_mma_made_for_those_slots():
    source = (
        "@cute.kernel\n"
        "def kernel(qk_tiled_mma: cute.TiledMma, pv_tiled_mma: cute.TiledMma, sQ, sK, sV, p_layout, p_ptr, acc_s, acc_o):\n"
        "    tCrQ = qk_tiled_mma.make_fragment_A(sQ)\n"
        "    tCrK = qk_tiled_mma.make_fragment_B(sK)\n"
        "    tOrV = pv_tiled_mma.make_fragment_B(sV)\n"
        "    tOrP = cute.make_tensor(p_ptr, pv_tiled_mma.make_fragment_A(p_layout).layout)\n"
        "    cute.gemm(qk_tiled_mma, acc_s, tCrQ, tCrK, acc_s)\n"
        "    cute.gemm(pv_tiled_mma, acc_o, tOrP, tOrV, acc_o)\n"
    )
    assert lint_source(source, "k.py") == []
    # the P·V operands given to the Q·K MMA: the MMA argument is the slip
    assert located(source.replace("cute.gemm(pv_tiled_mma,", "cute.gemm(qk_tiled_mma,")) == [(8, "CI111")]
    # the Q·K MMA's Q fragment given to the P·V gemm, whose own P (laid out by its fragment in TMEM) is left unused
    assert located(source.replace("acc_o, tOrP, tOrV", "acc_o, tCrQ, tOrV")) == [(8, "CI111")]
    # fragments one MMA made, read by the gemm of an atom of its op or of a variant (Rubin's B-keep) with none of its own
    variant = (
        "@cute.kernel\n"
        "def kernel(tiled_mma: cute.TiledMma, tiled_mma_bkeep: cute.TiledMma, sA, sB, acc):\n"
        "    tCrA = tiled_mma.make_fragment_A(sA)\n"
        "    tCrB = tiled_mma.make_fragment_B(sB)\n"
        "    cute.gemm(tiled_mma_bkeep, acc, tCrA, tCrB, acc)\n"
    )
    assert lint_source(variant, "k.py") == []


def test_an_mma_made_from_a_tensors_settings_is_no_tensors_object():
    source = (
        "@cute.kernel\n"
        "def kernel(q, k, v, sQ, sK, sV, acc_s, acc_o):\n"
        "    qk_tiled_mma = make_blockscaled_trivial_tiled_mma(q.element_type, k.element_type)\n"
        "    pv_tiled_mma = make_blockscaled_trivial_tiled_mma(v.element_type, v.element_type)\n"
        "    tCrQ = qk_tiled_mma.make_fragment_A(sQ)\n"
        "    tCrK = qk_tiled_mma.make_fragment_B(sK)\n"
        "    tOrP = pv_tiled_mma.make_fragment_A(sQ)\n"
        "    tOrV = pv_tiled_mma.make_fragment_B(sV)\n"
        "    cute.gemm(qk_tiled_mma, acc_s, tCrQ, tCrK, acc_s)\n"
        "    cute.gemm(pv_tiled_mma, acc_o, tOrP, tOrV, acc_o)\n"
    )
    assert lint_source(source, "k.py") == []
    assert located(source.replace("cute.gemm(pv_tiled_mma,", "cute.gemm(qk_tiled_mma,")) == [(10, "CI111")]


def test_a_kernel_class_a_builder_function_defines_has_its_calls_followed():
    source = (
        "def build_kernel_class():\n"
        "    class Kernel:\n"
        "        @cute.jit\n"
        "        def __call__(self, q, k, q_layout, k_layout, tiler, qk_tiled_mma, vmnk):\n"
        "            tma_atom_q, tma_tensor_q = make_tiled_tma_atom_A(q_op, q, q_layout, tiler, qk_tiled_mma, vmnk)\n"
        "            tma_atom_k, tma_tensor_k = make_tiled_tma_atom_B(k_op, k, k_layout, tiler, qk_tiled_mma, vmnk)\n"
        "            self.kernel(qk_tiled_mma, tma_atom_q, tma_tensor_q, tma_atom_k, tma_tensor_k).launch()\n"
        "\n"
        "        @cute.kernel\n"
        "        def kernel(self, qk_tiled_mma, tma_atom_q, mQ, tma_atom_k, mK):\n"
        "            sQ = smem.allocate_tensor(q_dtype, q_layout)\n"
        "            sK = smem.allocate_tensor(k_dtype, k_layout)\n"
        "            qk_thr_mma = qk_tiled_mma.get_slice(0)\n"
        "            tSgQ = qk_thr_mma.partition_A(mQ)\n"
        "            tSgK = qk_thr_mma.partition_B(mK)\n"
        "            tQsQ, tQgQ = tma_partition(tma_atom_q, 0, layout, sQ, tSgQ)\n"
        "            tKsK, tKgK = tma_partition(tma_atom_k, 0, layout, sK, tSgK)\n"
        "\n"
        "    return Kernel\n"
    )
    assert lint_source(source, "k.py") == []
    # K's global tensor given to the A partitioner, then loaded by the kernel's K atom, which the launcher (a method
    # of the class the builder defines) makes with make_tiled_tma_atom_B
    found = located(source.replace("tSgK = qk_thr_mma.partition_B(mK)", "tSgK = qk_thr_mma.partition_A(mK)"))
    assert (15, "CI106") in found


def test_a_tmem_copys_side_in_a_helper_judged_by_what_its_callers_pass():
    source = (
        "@cute.jit\n"
        "def epilog_partition(self, tidx, tAcc, gScores_mnl, epi_tile, copy_atom_t2r):\n"
        "    tAcc_epi = cute.flat_divide(tAcc[((None, None), 0, 0)], epi_tile)\n"
        "    tiled_copy_t2r = tcgen05.make_tmem_copy(copy_atom_t2r, tAcc_epi[(None, None, 0, 0)])\n"
        "    thr_copy_t2r = tiled_copy_t2r.get_slice(tidx)\n"
        "    tTR_tAcc = thr_copy_t2r.partition_S(tAcc_epi)\n"
        "    gScores_epi = cute.flat_divide(gScores_mnl[((None, None), 0, 0, None)], epi_tile)\n"
        "    tTR_gScores = thr_copy_t2r.partition_D(gScores_epi)\n"
        "    return tiled_copy_t2r, tTR_tAcc, tTR_gScores\n"
        "\n"
        "@cute.jit\n"
        "def debug_store(self, tidx, tCtAcc, gScores_mnl, epi_tile, atom):\n"
        "    tiled_copy_t2r, tTR_tAcc, tTR_gScores = self.epilog_partition(tidx, tCtAcc, gScores_mnl, epi_tile, atom)\n"
        "    cute.copy(atom, tTR_tAcc, tTR_gScores)\n"
        "\n"
        "@cute.kernel\n"
        "def kernel(self, qk_tiled_mma, mScores_mnl: cute.Tensor, tCtAcc, tiler, epi_tile, atom):\n"
        "    qk_thr_mma = qk_tiled_mma.get_slice(0)\n"
        "    gScores_mnl = cute.local_tile(mScores_mnl, tiler, (None, None, None))\n"
        "    tCgScores_mnl = qk_thr_mma.partition_C(gScores_mnl)\n"
        "    self.debug_store(0, tCtAcc, tCgScores_mnl, epi_tile, atom)\n"
    )
    assert [f for f in lint_source(source, "k.py") if f.code == "CI104"] == []
    # the T2R load's source side taken over the global scores, which two helpers down the kernel's MMA partitioned
    swapped = source.replace("tTR_gScores = thr_copy_t2r.partition_D(", "tTR_gScores = thr_copy_t2r.partition_S(")
    assert (8, "CI104") in located(swapped)


def test_a_tma_atom_of_an_mma_named_for_its_operands_given_the_other_tensor():
    source = (
        "@cute.jit\n"
        "def launch(self, q_iter, k_iter, v_iter, q_layout, k_layout, v_layout, tiler, vmnk):\n"
        "    q_mma = cute.make_tensor(q_iter, q_layout)\n"
        "    k_mma = cute.make_tensor(k_iter, k_layout)\n"
        "    v_mma = cute.make_tensor(v_iter, v_layout)\n"
        "    qk_tiled_mma = make_blockscaled_trivial_tiled_mma(q_mma.element_type, k_mma.element_type)\n"
        "    pv_tiled_mma = make_blockscaled_trivial_tiled_mma(v_mma.element_type, v_mma.element_type)\n"
        "    p_dtype = q_mma.element_type\n"
        "    tma_atom_q, tma_tensor_q = make_tiled_tma_atom_A(q_op, q_mma, q_layout, tiler, qk_tiled_mma, vmnk)\n"
        "    tma_atom_k, tma_tensor_k = make_tiled_tma_atom_B(k_op, k_mma, k_layout, tiler, qk_tiled_mma, vmnk)\n"
        "    tma_atom_v, tma_tensor_v = make_tiled_tma_atom_B(v_op, v_mma, v_layout, tiler, pv_tiled_mma, vmnk)\n"
    )
    assert lint_source(source, "k.py") == []
    # Q's (A) atom over K, K's atom loading K too, q_mma loaded by none
    assert located(source.replace("(q_op, q_mma,", "(q_op, k_mma,")) == [(9, "CI106")]
    # the P·V MMA's V (B) atom over K
    assert located(source.replace("(v_op, v_mma,", "(v_op, k_mma,")) == [(11, "CI106")]
    # a letter no tensor of the function goes by (`a_mma`) says nothing about the slots
    assert lint_source(source.replace("qk_tiled_mma", "xy_tiled_mma").replace("(q_op, q_mma,", "(q_op, k_mma,"),
                       "k.py") == []


def test_a_name_bound_to_a_helpers_returned_descriptor_of_its_partition():
    source = (
        "@cute.jit\n"
        "def s2t_copy_and_partition(self, sSF: cute.Tensor, tSF: cute.Tensor):\n"
        "    tCsSF_compact = cute.filter_zeros(sSF)\n"
        "    tCtSF_compact = cute.filter_zeros(tSF)\n"
        "    tiled_copy_s2t = tcgen05.make_s2t_copy(copy_atom_s2t, tCtSF_compact)\n"
        "    thr_copy_s2t = tiled_copy_s2t.get_slice(0)\n"
        "    tCsSF_compact_s2t_ = thr_copy_s2t.partition_S(tCsSF_compact)\n"
        "    tCsSF_compact_s2t = tcgen05.get_s2t_smem_desc_tensor(tiled_copy_s2t, tCsSF_compact_s2t_)\n"
        "    tCtSF_compact_s2t = thr_copy_s2t.partition_D(tCtSF_compact)\n"
        "    return tiled_copy_s2t, tCsSF_compact_s2t, tCtSF_compact_s2t\n"
        "\n"
        "@cute.kernel\n"
        "def kernel(self, sScaleQ, sScaleK, tCtScaleQ, tCtScaleK):\n"
        "    (\n"
        "        tiled_copy_s2t_scale_q,\n"
        "        tCsScaleQ_compact_s2t,\n"
        "        tCtScaleQ_compact_s2t,\n"
        "    ) = self.s2t_copy_and_partition(sScaleQ, tCtScaleQ)\n"
        "    (\n"
        "        tiled_copy_s2t_scale_k,\n"
        "        tCsScaleK_compact_s2t,\n"
        "        tCtScaleK_compact_s2t,\n"
        "    ) = self.s2t_copy_and_partition(sScaleK, tCtScaleK)\n"
    )
    source = source.replace("def kernel(self, sScaleQ, sScaleK,", "def kernel(self, smem, sq_layout, sk_layout,").replace(
        "    (\n        tiled_copy_s2t_scale_q,",
        "    sScaleQ = smem.allocate_tensor(cutlass.Uint8, sq_layout)\n"
        "    sScaleK = smem.allocate_tensor(cutlass.Uint8, sk_layout)\n"
        "    (\n        tiled_copy_s2t_scale_q,", 1).replace("def kernel(self, smem,", "def kernel(self, storage,").replace(
        "    sScaleQ = smem", "    smem = utils.SmemAllocator()\n    sScaleQ = smem", 1)
    assert lint_source(source, "k.py") == []
    # the call passes K's scale buffer where the names bound to the helper's descriptors say Q's: the call's other
    # names agree with the name, so the argument is the slip, reported on its line (21), not the statement's first
    found = located(source.replace("self.s2t_copy_and_partition(sScaleQ, tCtScaleQ)",
                                      "self.s2t_copy_and_partition(sScaleK, tCtScaleQ)"))
    assert found and all(code == "CI105" for _, code in found) and found[0][0] == 21
