"""The misses of the twenty-eighth base (unopened files of the pinned packages; docs/lint.md, "A twenty-eighth code
base"): each test is the data flow of one missed plant, in a kernel of its own."""

from __future__ import annotations

from cute_inspect.lint import lint_source

from _lint import located

# A load warp given its TMA bundles and MMAs packed in tuples (`tma_q, tma_k = tma_args`), each bundle's atom read
# as `.atom`.
_TUPLED_LOADS = (
    "@cute.jit\n"
    "def load(self, mma_args: tuple, tma_args: tuple, smem_args: tuple, gQ, gK):\n"
    "    tiled_mma_qk, tiled_mma_kv = mma_args\n"
    "    tma_q, tma_k = tma_args\n"
    "    sQ, sK = smem_args\n"
    "    thr_mma_qk = tiled_mma_qk.get_slice(0)\n"
    "    tCgK = thr_mma_qk.partition_B(gK)\n"
    "    tKsK, tKgK = cpasync.tma_partition(tma_k.atom, 0, cute.make_layout(1), sK, tCgK)\n"
    "    cute.copy(tma_k.atom, tKgK[None, 0], tKsK[None, 0])\n"
    "    tCgQ = thr_mma_qk.partition_A(gQ)\n"
    "    tQsQ, tQgQ = cpasync.tma_partition(tma_q.atom, 0, cute.make_layout(1), sQ, tCgQ)\n"
    "    cute.copy(tma_q.atom, tQgQ[None, 0], tQsQ[None, 0])\n"
)

# Two MMAs of a tuple parameter, each with its own fragments and gemm.
_TUPLED_MMAS = (
    "@cute.jit\n"
    "def mma(self, mma_args: tuple, smem_args: tuple, acc_qs, acc_kv, tCtStateInp, tCtSharedInp):\n"
    "    tiled_mma_qs, tiled_mma_kv = mma_args\n"
    "    sQ, sK_trans = smem_args\n"
    "    tCrQ_B_qs = tiled_mma_qs.make_fragment_B(sQ)\n"
    "    tCrKt_B = tiled_mma_kv.make_fragment_B(sK_trans)\n"
    "    cute.gemm(tiled_mma_qs, acc_qs, tCtStateInp, tCrQ_B_qs, acc_qs)\n"
    "    cute.gemm(tiled_mma_kv, acc_kv, tCtSharedInp, tCrKt_B, acc_kv)\n"
)

# Tensor-memory loads of two accumulators by two tiled copies the function makes, an ldmatrix copy of V laid out over
# a register-to-TMEM copy, and O's register-to-shared copy made from its TMEM load.
_TMEM_EPILOGUE = (
    "@cute.jit\n"
    "def epilogue(self, tidx, tO_mn, tKS_mn, cO, cKS, tV_mn, cV, sV, sO):\n"
    "    tiled_o_t2r = tcgen05.make_tmem_copy(atom_o_t2r, tO_mn)\n"
    "    thr_o_t2r = tiled_o_t2r.get_slice(tidx)\n"
    "    tTR_tOtO = thr_o_t2r.partition_S(tO_mn)\n"
    "    tTR_tOcO = thr_o_t2r.partition_D(cO)\n"
    "    tiled_ks_t2r = tcgen05.make_tmem_copy(atom_ks_t2r, tKS_mn)\n"
    "    thr_ks_t2r = tiled_ks_t2r.get_slice(tidx)\n"
    "    tTR_tCtKS = thr_ks_t2r.partition_S(tKS_mn)\n"
    "    tTR_tCcKS = thr_ks_t2r.partition_D(cKS)\n"
    "    tiled_v_r2t = tcgen05.make_tmem_copy(atom_v_r2t, tV_mn)\n"
    "    tRT_tCcV = tiled_v_r2t.get_slice(tidx).partition_S(cV)\n"
    "    tiled_v_s2r = cute.make_tiled_copy_S(atom_v_s2r, tiled_v_r2t)\n"
    "    thr_v_s2r = tiled_v_s2r.get_slice(tidx)\n"
    "    tCsV = thr_v_s2r.partition_S(sV)\n"
    "    tiled_o_r2s = cute.make_tiled_copy_D(atom_o_r2s, tiled_o_t2r)\n"
    "    tCsO = tiled_o_r2s.get_slice(tidx).partition_D(sO)\n"
    "    tRT_rV = cute.make_rmem_tensor_like(tRT_tCcV, self.io_dtype)\n"
    "    tCrV = tiled_v_s2r.retile(tRT_rV)\n"
    "    cute.copy(tiled_v_s2r, tCsV, tCrV)\n"
    "    tTR_rKS = cute.make_rmem_tensor_like(tTR_tCcKS, self.acc_dtype)\n"
    "    cute.copy(tiled_ks_t2r, tTR_tCtKS, tTR_rKS)\n"
    "    tTR_tOrO = cute.make_rmem_tensor_like(tTR_tOcO, self.acc_dtype)\n"
    "    tTR_rO_out = cute.make_rmem_tensor_like(tTR_tOrO, self.io_dtype)\n"
    "    tRS_tOrO = tiled_o_r2s.retile(tTR_rO_out)\n"
    "    cute.copy(tiled_o_t2r, tTR_tOtO, tTR_tOrO)\n"
    "    cute.copy(tiled_o_r2s, tRS_tOrO, tCsO)\n"
)


def test_the_unplanted_kernels_are_clean():
    assert located(_TUPLED_LOADS) == []
    assert located(_TUPLED_MMAS) == []
    assert located(_TMEM_EPILOGUE) == []


def test_atoms_unpacked_from_a_tuple_parameter_are_two_objects():
    # Q's TMA copy from K's global partition: each element of `tma_args` is an atom of its own
    planted = _TUPLED_LOADS.replace("cute.copy(tma_q.atom, tQgQ[None, 0]", "cute.copy(tma_q.atom, tKgK[None, 0]")
    assert (12, "CI102") in located(planted)
    # Q's shared side named with K's pattern, which K's atom carries
    assert (11, "CI110") in located(_TUPLED_LOADS.replace("tQsQ", "tKsQ"))


def test_mmas_unpacked_from_a_tuple_parameter_are_two_objects():
    # the KV gemm given the QS MMA's fragment
    planted = _TUPLED_MMAS.replace("acc_kv, tCtSharedInp, tCrKt_B, acc_kv", "acc_kv, tCtSharedInp, tCrQ_B_qs, acc_kv")
    assert (8, "CI111") in located(planted)
    # K's fragment made by the QS MMA and given to the KV MMA's gemm
    made = _TUPLED_MMAS.replace("tiled_mma_kv.make_fragment_B(sK_trans)", "tiled_mma_qs.make_fragment_B(sK_trans)")
    assert [line for line, code in located(made) if code in ("CI104", "CI111")] == [6]


def test_a_copy_issued_with_another_made_tiled_copy_than_laid_out_its_sides_is_reported_at_its_object():
    # V's shared-to-register copy issued with O's register-to-shared copy: both sides are V's copy's
    planted = _TMEM_EPILOGUE.replace("cute.copy(tiled_v_s2r, tCsV, tCrV)", "cute.copy(tiled_o_r2s, tCsV, tCrV)")
    assert located(planted) == [(20, "CI102")]
    # O's TMEM load issued with KS's: the TMEM side is O's load's partition, the register side shaped like one
    planted = _TMEM_EPILOGUE.replace("cute.copy(tiled_o_t2r, tTR_tOtO", "cute.copy(tiled_ks_t2r, tTR_tOtO")
    assert located(planted) == [(26, "CI102")]


def test_a_side_another_made_tiled_copy_partitioned_is_reported_at_that_side():
    # KS's TMEM load given O's TMEM partition, its register side KS's own
    planted = _TMEM_EPILOGUE.replace("cute.copy(tiled_ks_t2r, tTR_tCtKS, tTR_rKS)", "cute.copy(tiled_ks_t2r, tTR_tOtO, tTR_rKS)")
    assert located(planted) == [(22, "CI102")]
    # a TMEM load given O's shared partition: neither side is in tensor memory, and the shared side is the slip
    planted = _TMEM_EPILOGUE.replace("cute.copy(tiled_ks_t2r, tTR_tCtKS, tTR_rKS)", "cute.copy(tiled_ks_t2r, tCsO, tTR_rKS)")
    found = {(f.line, f.column) for f in lint_source(planted, "k.py") if f.code == "CI102"}
    assert found == {(22, planted.splitlines()[21].index("tCsO") + 1)}


# Scale factors copied from shared to tensor memory by an S2T copy a method of the kernel makes and returns with its two
# partitions, called once per operand.
_S2T_BY_A_HELPER = (
    "class Kernel:\n"
    "    @cute.kernel\n"
    "    def kernel(self, sSFA, sSFB, tCtSFA, tCtSFB, stage):\n"
    "        tiled_copy_s2t_sfa, tCsSFA_s2t, tCtSFA_s2t = self.s2t_copy_and_partition(sSFA, tCtSFA)\n"
    "        tiled_copy_s2t_sfb, tCsSFB_s2t, tCtSFB_s2t = self.s2t_copy_and_partition(sSFB, tCtSFB)\n"
    "        tCsSFA_s2t_staged = tCsSFA_s2t[None, None, None, None, stage]\n"
    "        tCsSFB_s2t_staged = tCsSFB_s2t[None, None, None, None, stage]\n"
    "        cute.copy(tiled_copy_s2t_sfa, tCsSFA_s2t_staged, tCtSFA_s2t)\n"
    "        cute.copy(tiled_copy_s2t_sfb, tCsSFB_s2t_staged, tCtSFB_s2t)\n"
    "\n"
    "    def s2t_copy_and_partition(self, sSF, tSF):\n"
    "        tCsSF_compact = cute.filter_zeros(sSF)\n"
    "        tCtSF_compact = cute.filter_zeros(tSF)\n"
    "        tiled_copy_s2t = tcgen05.make_s2t_copy(copy_atom_s2t, tCtSF_compact)\n"
    "        thr_copy_s2t = tiled_copy_s2t.get_slice(0)\n"
    "        tCsSF_compact_s2t_ = thr_copy_s2t.partition_S(tCsSF_compact)\n"
    "        tCsSF_compact_s2t = tcgen05.get_s2t_smem_desc_tensor(tiled_copy_s2t, tCsSF_compact_s2t_)\n"
    "        tCtSF_compact_s2t = thr_copy_s2t.partition_D(tCtSF_compact)\n"
    "        return tiled_copy_s2t, tCsSF_compact_s2t, tCtSF_compact_s2t\n"
)


def test_partitions_a_helper_returns_with_its_copy_are_that_calls_copys():
    assert located(_S2T_BY_A_HELPER) == []
    # SFB's S2T copy from SFA's shared partition: the two calls return two copies, each with its own partitions
    planted = _S2T_BY_A_HELPER.replace("cute.copy(tiled_copy_s2t_sfb, tCsSFB_s2t_staged", "cute.copy(tiled_copy_s2t_sfb, tCsSFA_s2t_staged")
    assert located(planted) == [(9, "CI102")]


def test_two_tiled_copies_laid_out_from_one_may_move_each_others_tensors():
    # a shared tile loaded with one copy and stored back with another, both made from the TMEM load's layout
    source = (
        "@cute.jit\n"
        "def epilogue(self, tidx, tAcc, sPt, rPt):\n"
        "    tiled_copy_t2r = tcgen05.make_tmem_copy(tmem_load_atom, tAcc)\n"
        "    tiled_copy_s2r = cute.make_tiled_copy_D(smem_load_atom, tiled_copy_t2r)\n"
        "    tiled_copy_r2s = cute.make_tiled_copy_D(smem_store_atom, tiled_copy_t2r)\n"
        "    tRS_sdS = tiled_copy_r2s.get_slice(tidx).partition_D(sdS)\n"
        "    tSR_sPt = tiled_copy_s2r.get_slice(tidx).partition_S(sPt)\n"
        "    rPt_copy_view = tiled_copy_s2r.retile(rPt)\n"
        "    cute.copy(tiled_copy_s2r, tSR_sPt, rPt_copy_view)\n"
        "    cute.copy(tiled_copy_r2s, rPt_copy_view, tSR_sPt)\n"
    )
    assert located(source) == []
    # made from two layouts, the store is another copy's
    assert located(source.replace("make_tiled_copy_D(smem_store_atom, tiled_copy_t2r)",
                                   "make_tiled_copy_D(smem_store_atom, tiled_copy_o_t2r)")) == [(10, "CI102")]


def test_a_side_rebound_since_another_copy_partitioned_it_is_read_as_rebound():
    # `tdQrdQ` is the TMEM load's partition in one branch and a fragment shaped like the shared side in the other
    source = (
        "@cute.jit\n"
        "def store(self, tidx, tdQtdQ, cdQ, rdQ, sdQ, gdQ, use_tmem):\n"
        "    tiled_tmem_ld = tcgen05.make_tmem_copy(tmem_load_atom, tdQtdQ)\n"
        "    thr_tmem_ld = tiled_tmem_ld.get_slice(tidx)\n"
        "    tdQcdQ = thr_tmem_ld.partition_D(cdQ)\n"
        "    gmem_tiled_copy_dQ = cute.make_tiled_copy_tv(atom, t_layout, v_layout)\n"
        "    gmem_thr_copy_dQ = gmem_tiled_copy_dQ.get_slice(tidx)\n"
        "    tdQsdQ = gmem_thr_copy_dQ.partition_S(sdQ)\n"
        "    tdQgdQ = gmem_thr_copy_dQ.partition_D(gdQ)\n"
        "    if use_tmem:\n"
        "        tdQrdQ = thr_tmem_ld.partition_D(rdQ)\n"
        "    else:\n"
        "        tdQrdQ = cute.make_fragment_like(tdQsdQ, self.dtype)\n"
        "        cute.copy(gmem_tiled_copy_dQ, tdQrdQ, tdQgdQ)\n"
    )
    assert located(source) == []


def test_a_side_partitioned_by_one_name_rebound_in_another_branch_is_the_copys_own():
    # `thr_copy_t2r` is bound in both branches; the partition of one branch is copied with the name after them
    source = (
        "@cute.jit\n"
        "def softmax(self, tidx, tStS, tScS, tSrS_t2r, use_2cta):\n"
        "    if use_2cta:\n"
        "        thr_copy_t2r = tcgen05.make_tmem_copy(tmem_load_atom_2cta, tStS).get_slice(tidx)\n"
        "        tStS_t2r = thr_copy_t2r.partition_S(tStS)\n"
        "        tScS_t2r = thr_copy_t2r.partition_D(tScS)\n"
        "    else:\n"
        "        tiled_copy_t2r = tcgen05.make_tmem_copy(tmem_load_atom, tStS)\n"
        "        thr_copy_t2r = tiled_copy_t2r.get_slice(tidx)\n"
        "        tScS_t2r = thr_copy_t2r.partition_D(tScS)\n"
        "    cute.copy(thr_copy_t2r, tStS_t2r, tSrS_t2r)\n"
    )
    assert located(source) == []


def test_a_block_scaled_gemm_given_one_operands_scale_factors_in_both_slots_is_reported():
    source = (
        "@cute.kernel\n"
        "def kernel(self, tiled_mma, sA, sB, acc, sfa_ptr, sfb_ptr, stage):\n"
        "    tCrA = tiled_mma.make_fragment_A(sA)\n"
        "    tCrB = tiled_mma.make_fragment_B(sB)\n"
        "    tCtSFA_layout = blockscaled_utils.make_tmem_layout_sfa(tiled_mma, self.mma_tiler, 16, sfa_smem)\n"
        "    tCtSFA = cute.make_tensor(sfa_ptr, tCtSFA_layout)\n"
        "    tCtSFB = cute.make_tensor(sfb_ptr, blockscaled_utils.make_tmem_layout_sfb(tiled_mma, self.mma_tiler, 16, sfb_smem))\n"
        "    tCtSFB_mma = tCtSFB\n"
        "    cute.gemm(tiled_mma, acc, [tCrA[None, None, None, stage], tCtSFA], [tCrB[None, None, None, stage], tCtSFB_mma], acc)\n"
    )
    assert located(source) == []
    assert located(source.replace("tCtSFA], [tCrB", "tCtSFB], [tCrB")) == [(9, "CI111")]
    # a swap-AB kernel gives B's scale factors to the A slot and A's to the B slot on purpose
    assert located(source.replace("tCtSFA], [tCrB", "tCtSFB_mma], [tCrB").replace("stage], tCtSFB_mma], acc)", "stage], tCtSFA], acc)")) == []
