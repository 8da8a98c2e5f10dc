"""The misses of the twenty-sixth base (unopened kernel files of the pinned packages; docs/lint.md, "A twenty-sixth
code base"): each test is the data flow of one missed plant, in a kernel of its own."""

from __future__ import annotations

from _lint import located


def test_a_partition_of_one_tensor_chosen_by_a_condition_is_that_tensors(tmp_path):
    (tmp_path / "primitives.py").write_text(
        "def transpose_view(a):\n"
        "    return cute.composition(a, cute.make_ordered_layout((a.shape[1], a.shape[0]), order=(1, 0)))\n"
    )
    source = (
        "from .primitives import transpose_view\n"
        "@cute.kernel\n"
        "def kernel(sP: cute.Tensor, swap: cutlass.Constexpr, copy_atom, tiled_mma):\n"
        "    thr = cute.make_tiled_copy_C(copy_atom, tiled_mma).get_slice(0)\n"
        "    tPgP = thr.partition_D(sP if const_expr(not swap) else transpose_view(sP))\n"
        "    sPv = sP if const_expr(not swap) else transpose_view(sP)\n"
        "    tPgPv = thr.partition_D(sPv)\n"
    )
    kernel = str(tmp_path / "kernel.py")
    found = located(source, kernel)
    # sP, or its transpose: shared memory either way
    assert (5, "CI105") in found and (7, "CI105") in found
    assert located(source.replace("tPgP", "tPsP"), kernel) == []
    # two tensors, one per branch: no tensor is known
    assert (5, "CI105") not in located(source.replace("transpose_view(sP)", "transpose_view(gQ)"), kernel)


def test_a_fragment_maker_given_the_other_slots_partition_by_a_slice_of_its_own_mma_is_reported():
    source = (
        "@cute.kernel\n"
        "def kernel(sQ: cute.Tensor, sK: cute.Tensor, tiled_mma_qk):\n"
        "    thr_mma_qk = tiled_mma_qk.get_slice(0)\n"
        "    tSrQ = tiled_mma_qk.make_fragment_A(thr_mma_qk.partition_A(sQ))\n"
        "    tSrK = tiled_mma_qk.make_fragment_A(thr_mma_qk.partition_B(sK))\n"
    )
    assert (5, "CI106") in located(source)
    assert located(source.replace("make_fragment_A(thr_mma_qk.partition_B", "make_fragment_B(thr_mma_qk.partition_B")) \
        == []
    # a partition by another MMA's slice says nothing of this one's slots
    other = source.replace("make_fragment_A(thr_mma_qk.partition_B(sK))", "make_fragment_A(thr_mma_pv.partition_B(sK))")
    assert (5, "CI106") not in located(other.replace("tiled_mma_qk):", "tiled_mma_qk, thr_mma_pv):"))


def test_a_partition_of_an_identity_tensor_made_in_the_call_holds_coordinates():
    source = (
        "@cute.kernel\n"
        "def kernel(thr_mma, tiler):\n"
        "    tOrO = thr_mma.partition_C(cute.make_identity_tensor(tiler))\n"
    )
    assert (3, "CI105") in located(source)
    assert located(source.replace("tOrO", "tOcO")) == []


_TWO_MMAS = (
    "@cute.jit\n"
    "def mainloop(tiled_mma_pv, tSrK, tOrV, tOrP, acc):\n"
    "    cute.gemm(tiled_mma_pv, acc, tOrP, tOrV[None, 0], acc)\n"
    "    cute.gemm(tiled_mma_pv, acc, tOrP, tOrV[None, 1], acc)\n"
    "@cute.kernel\n"
    "def kernel(sK: cute.Tensor, sV: cute.Tensor, op_qk, op_pv, tOrP, acc, acc_s, tSrQ):\n"
    "    tiled_mma_qk = cute.make_tiled_mma(op_qk)\n"
    "    tiled_mma_pv = cute.make_tiled_mma(op_pv)\n"
    "    tSrK = tiled_mma_qk.make_fragment_B(sK)\n"
    "    tOrV = tiled_mma_pv.make_fragment_B(sV)\n"
    "    cute.gemm(tiled_mma_qk, acc_s, tSrQ, tSrK, acc_s)\n"
    "    mainloop(tiled_mma_pv, tSrK, tOrV, tOrP, acc)\n"
)


def test_another_mmas_fragment_beside_the_mmas_own_in_its_other_gemm_is_reported():
    planted = _TWO_MMAS.replace("tOrV[None, 0]", "tSrK[None, 0]")
    assert (3, "CI111") in located(planted)
    assert located(_TWO_MMAS) == []
    # given another MMA's fragment in every gemm, the MMA shares it on purpose (FlashAttention's dS): not judged here
    assert (3, "CI111") not in located(planted.replace("tOrV[None, 1]", "tSrK[None, 1]"))


def test_a_gemm_helper_imported_inside_a_function_reads_its_mma_and_slots(tmp_path):
    helpers = tmp_path / "pkg"
    helpers.mkdir()
    (helpers / "__init__.py").write_text("")
    (helpers / "blackwell_helpers.py").write_text(
        "def gemm(tiled_mma, acc, tCrA, tCrB, zero_init=False):\n"
        "    mma_atom = cute.make_mma_atom(tiled_mma.op)\n"
        "    for k in cutlass.range_constexpr(cute.size(tCrA.shape[2])):\n"
        "        cute.gemm(mma_atom, acc, tCrA[None, None, k], tCrB[None, None, k], acc)\n"
    )
    source = (
        "@cute.kernel\n"
        "def mma(sQ: cute.Tensor, sK: cute.Tensor, sV: cute.Tensor, tiled_mma_qk, tiled_mma_pv, tStS, tOtO, tOrP):\n"
        "    import pkg.blackwell_helpers as sm100_utils\n"
        "    tSrQ = tiled_mma_qk.make_fragment_A(sQ)\n"
        "    tSrK = tiled_mma_qk.make_fragment_B(sK)\n"
        "    tOrV = tiled_mma_pv.make_fragment_B(sV)\n"
        "    sm100_utils.gemm(tiled_mma_qk, tStS, tSrQ, tSrK, zero_init=True)\n"
        "    sm100_utils.gemm(tiled_mma_pv, tOtO, tOrP, tOrV, zero_init=True)\n"
        "    sm100_utils.gemm(tiled_mma_pv, tOtO, tOrP, tOrV, zero_init=False)\n"
    )
    kernel = str(tmp_path / "kernel.py")
    planted = source.replace("tOtO, tOrP, tOrV, zero_init=True", "tOtO, tOrP, tSrK, zero_init=True")
    assert (8, "CI111") in located(planted, kernel)
    assert located(source, kernel) == []


def test_a_gemm_through_another_modules_static_method_relaying_to_its_sibling_reads_its_slots(tmp_path):
    # the twenty-fifth base's open miss: the SK gemm given the KV MMA's B fragment through `SM90.wgmma_gemm_zero_acc`
    (tmp_path / "helpers.py").write_text(
        "class SM90:\n"
        "    @staticmethod\n"
        "    def wgmma_gemm(tiled_mma, C, A, B, accumulate):\n"
        "        for k in cutlass.range(cute.size(A, mode=[2])):\n"
        "            cute.gemm(tiled_mma, C, A[None, None, k], B[None, None, k], C)\n"
        "    @staticmethod\n"
        "    def wgmma_gemm_zero_acc(tiled_mma, C, A, B):\n"
        "        SM90.wgmma_gemm(tiled_mma, C, A, B, False)\n"
    )
    source = (
        "from .helpers import SM90\n"
        "@cute.kernel\n"
        "def kernel(sK: cute.Tensor, sQ: cute.Tensor, op_sk, op_kv, acc_sk, acc_kv, tSKrS, tKVrQ):\n"
        "    sk_tiled_mma = cute.make_tiled_mma(op_sk)\n"
        "    kv_tiled_mma = cute.make_tiled_mma(op_kv)\n"
        "    tSKrK = sk_tiled_mma.make_fragment_B(sK)\n"
        "    tKVrK = kv_tiled_mma.make_fragment_B(sK)\n"
        "    SM90.wgmma_gemm_zero_acc(kv_tiled_mma, acc_kv, tKVrQ, tKVrK)\n"
        "    SM90.wgmma_gemm_zero_acc(sk_tiled_mma, acc_sk, tSKrS, tSKrK)\n"
    )
    kernel = str(tmp_path / "kernel.py")
    assert located(source, kernel) == []
    assert (9, "CI111") in located(source.replace("tSKrS, tSKrK)", "tSKrS, tKVrK)"), kernel)
