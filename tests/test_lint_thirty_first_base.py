"""The thirty-first unseen base, NVIDIA/TensorRT-LLM's cute_dsl_kernels (docs/lint.md, "A thirty-first code base"),
and cuLA's two false findings: each test is the data flow of one missed plant or one false finding, in a kernel of
its own."""

from __future__ import annotations

from _lint import located

# Two MMAs' accumulators read back through one helper called twice (cuLA's kda_fully_fused_wip.py): K·S is kept in
# P·V's tensor memory and read with S·Q's T2R copy, the two copies made by one statement of the helper over tiles of
# one shape.
_ONE_HELPER_TWICE = (
    "class Kernel:\n"
    "    @cute.kernel\n"
    "    def kernel(self, tidx, tCtAccPV, tCtAccSQ):\n"
    "        t2r_pv, tTR_tAcc_pv, tTR_rAcc_pv = self.t2r(tidx, tCtAccPV)\n"
    "        t2r_sq, tTR_tAcc_sq, tTR_rAcc_sq = self.t2r(tidx, tCtAccSQ)\n"
    "        for i in range(4):\n"
    "            cute.copy(t2r_pv, tTR_tAcc_pv[None, i], tTR_rAcc_pv)\n"
    "            cute.copy(t2r_sq, tTR_tAcc_sq[None, i], tTR_rAcc_sq)\n"
    "            tTR_tAcc_ks_i = tTR_tAcc_pv[None, 0]\n"
    "            cute.copy(t2r_sq, tTR_tAcc_ks_i, tTR_rAcc_pv)\n"
    "\n"
    "    def t2r(self, tidx, tAcc):\n"
    "        atom = cute.make_copy_atom(tcgen05.Ld32x32bOp(tcgen05.Repetition(32)), self.acc_dtype)\n"
    "        tiled_t2r = tcgen05.make_tmem_copy(atom, tAcc)\n"
    "        thr_t2r = tiled_t2r.get_slice(tidx)\n"
    "        tTR_tAcc = thr_t2r.partition_S(tAcc)\n"
    "        tTR_rAcc = cute.make_rmem_tensor(tTR_tAcc.shape, self.acc_dtype)\n"
    "        return tiled_t2r, tTR_tAcc, tTR_rAcc\n"
)


def test_a_copy_with_another_call_of_its_sides_helper_is_not_reported():
    # both sides were laid out by the P·V call of the helper, the object is the S·Q call's: one statement made both
    assert located(_ONE_HELPER_TWICE) == []


def test_a_copy_whose_two_sides_come_from_two_calls_of_one_helper_is_still_reported():
    # P·V's accumulator read into S·Q's registers: the sides disagree with each other (lint35's cuLA plant)
    planted = _ONE_HELPER_TWICE.replace(
        "cute.copy(t2r_pv, tTR_tAcc_pv[None, i], tTR_rAcc_pv)", "cute.copy(t2r_pv, tTR_tAcc_pv[None, i], tTR_rAcc_sq)")
    assert (7, "CI102") in located(planted)


# The GVR FP4 prescore's helpers: UTCCP scale copy into tensor memory, a block-scaled gemm over its parameters, a
# T2R epilogue over an identity tensor's coordinates.
_PRESCORE = (
    "class Kernel:\n"
    "    @cute.jit\n"
    "    def _sf_to_tmem(self, sUT, chunk_layout, tCtSF, s2t_atom):\n"
    "        chunk = cute.make_tensor(sUT.iterator, chunk_layout)\n"
    "        src_c = cute.filter_zeros(chunk)\n"
    "        dst_c = cute.filter_zeros(tCtSF)\n"
    "        tc = tcgen05.make_s2t_copy(s2t_atom, dst_c)\n"
    "        thr = tc.get_slice(0)\n"
    "        s_part = thr.partition_S(src_c)\n"
    "        s_desc = tcgen05.get_s2t_smem_desc_tensor(tc, s_part)\n"
    "        d_part = thr.partition_D(dst_c)\n"
    "        cute.copy(tc, s_desc, d_part)\n"
    "\n"
    "    @cute.jit\n"
    "    def _mma(self, tiled_mma: cute.TiledMma, tCrA, tCrB, tCtAcc, stage):\n"
    "        for kb in cutlass.range_constexpr(cute.size(tCrA.shape[2])):\n"
    "            cute.gemm(\n"
    "                tiled_mma, tCtAcc, tCrA[None, None, kb, stage], tCrB[None, None, kb, 0], tCtAcc\n"
    "            )\n"
    "\n"
    "    @cute.jit\n"
    "    def _epilogue(self, tidx, tCtAcc, t2r_atom):\n"
    "        tAcc_epi = cute.flat_divide(tCtAcc[((None, None), 0, 0)], (128, 64))\n"
    "        tc = tcgen05.make_tmem_copy(t2r_atom, tAcc_epi[(None, None, 0, 0)])\n"
    "        tr = tc.get_slice(tidx)\n"
    "        tTR = tr.partition_S(tAcc_epi)\n"
    "        cC = cute.make_identity_tensor((128, 64))\n"
    "        tTR_cC = tr.partition_D(cC)\n"
    "        tTR_rAcc = cute.make_fragment_like(tTR_cC, Float32)\n"
    "        cute.copy(tc, tTR[(None, None, None, 0, 0)], tTR_rAcc)\n"
)


def test_the_unplanted_prescore_helpers_are_clean():
    assert located(_PRESCORE) == []


def test_a_copy_given_both_its_partitions_the_wrong_way_round_is_reported_once_at_the_call():
    # before, each partition was reported (CI104 at lines 9 and 11), though each agrees with its name and tensor
    planted = _PRESCORE.replace("cute.copy(tc, s_desc, d_part)", "cute.copy(tc, d_part, s_desc)")
    assert located(planted) == [(12, "CI104")]


def test_an_s2t_copys_source_partition_of_the_tensor_memory_it_was_made_over_is_reported():
    planted = _PRESCORE.replace("s_part = thr.partition_S(src_c)", "s_part = thr.partition_S(dst_c)")
    assert located(planted) == [(9, "CI105")]


def test_an_s2t_copys_destination_partition_of_its_source_is_reported():
    planted = _PRESCORE.replace("d_part = thr.partition_D(dst_c)", "d_part = thr.partition_D(src_c)")
    assert located(planted) == [(11, "CI105")]


def test_a_gemm_helper_given_its_two_operand_parameters_in_each_others_slots_is_reported():
    # the helper's callers are another module's: its parameters' names are all the file shows of what they hold
    planted = _PRESCORE.replace(
        "tCrA[None, None, kb, stage], tCrB[None, None, kb, 0]", "tCrB[None, None, kb, stage], tCrA[None, None, kb, 0]")
    assert located(planted) == [(18, "CI111")]


def test_a_gemm_whose_accumulator_is_one_of_its_inputs_is_reported():
    planted = _PRESCORE.replace("tiled_mma, tCtAcc, tCrA[", "tiled_mma, tCrA, tCrA[")
    assert located(planted) == [(18, "CI111")]


def test_a_copy_from_a_partition_of_an_identity_tensor_is_reported_at_the_partition():
    planted = _PRESCORE.replace("tTR = tr.partition_S(tAcc_epi)", "tTR = tr.partition_S(cC)")
    assert (26, "CI102") in located(planted)


def test_a_copy_given_a_coordinate_partition_as_its_source_is_reported_at_the_argument():
    planted = _PRESCORE.replace("cute.copy(tc, tTR[(None, None, None, 0, 0)], tTR_rAcc)", "cute.copy(tc, tTR_cC, tTR_rAcc)")
    assert (30, "CI102") in located(planted)


# The prescore's MMA warp: one TiledMma's A fragment of the K ring and B fragment of the Q buffer.
_FRAGMENTS = (
    "@cute.kernel\n"
    "def kernel(tiled_mma: cute.TiledMma, sK, sQ, accs, st):\n"
    "    tCrA = tiled_mma.make_fragment_A(sK)\n"
    "    tCrB = tiled_mma.make_fragment_B(sQ)\n"
    "    helper.mma(tiled_mma, tCrA, tCrB, accs[0], st)\n"
)


def test_the_unplanted_fragments_are_clean():
    assert located(_FRAGMENTS) == []


def test_a_second_fragment_for_one_slot_named_for_the_other_is_reported():
    planted = _FRAGMENTS.replace("make_fragment_B(sQ)", "make_fragment_A(sQ)")
    assert located(planted) == [(4, "CI106")]


# The MiniMax-M3 index score's MMA warps: K and Q tiles loaded from shared memory by one ldmatrix atom.
_LDMATRIX = (
    "@cute.kernel\n"
    "def kernel(sQ, sK, dtype):\n"
    "    ldsm_atom = cute.make_copy_atom(warp.LdMatrix8x8x16bOp(num_matrices=4), dtype)\n"
    "    sK_ldsm = cute.zipped_divide(sK, (16, 8))\n"
    "    sQ_ldsm = cute.zipped_divide(sQ, (8, 32))\n"
    "    rQ = cute.make_rmem_tensor((8, 2, 4), dtype)\n"
    "    rK = cute.make_rmem_tensor((8, 2, 4), dtype)\n"
    "    for q in range(4):\n"
    "        cute.copy(ldsm_atom, sQ_ldsm[None, (q, None)], rQ[None, None, q])\n"
    "    for k in range(4):\n"
    "        cute.copy(ldsm_atom, sK_ldsm[None, (None, k, 0)], rK[None, None, k])\n"
)


def test_the_unplanted_ldmatrix_loads_are_clean():
    assert located(_LDMATRIX) == []


def test_a_copy_between_two_plain_tiles_named_for_two_operands_is_reported():
    planted = _LDMATRIX.replace("sQ_ldsm[None, (q, None)]", "sK_ldsm[None, (q, None)]")
    assert located(planted) == [(9, "CI102")]


# cuLA's helpers in words: an R2S partition of a shared-memory parameter, MMA fragments of two operand parameters.
_WORD_HELPERS = (
    "class Kernel:\n"
    "    def store_x(self, local_tidx, smem_x, tiled_t2r_x, tXrX_t2r):\n"
    "        atom = sm100_utils.get_smem_store_op(layout, self.io_dtype, self.acc_dtype, tiled_t2r_x)\n"
    "        tiled_r2s_x = cute.make_tiled_copy_D(atom, tiled_t2r_x)\n"
    "        thr_r2s_x = tiled_r2s_x.get_slice(local_tidx)\n"
    "        tXsX_r2s = thr_r2s_x.partition_D(smem_x)\n"
    "        tXrX_r2s = thr_r2s_x.retile(tXrX_t2r)\n"
    "        return tiled_r2s_x, tXrX_r2s, tXsX_r2s\n"
    "\n"
    "    def mma_partition_ss(self, tiled_mma: cute.TiledMma, smem_a, smem_b):\n"
    "        tCrA = tiled_mma.make_fragment_A(smem_a)\n"
    "        tCrB = tiled_mma.make_fragment_B(smem_b)\n"
    "        return tCrA, tCrB\n"
)


def test_the_unplanted_word_helpers_are_clean():
    assert located(_WORD_HELPERS) == []


def test_a_partition_of_a_parameter_in_words_named_for_another_memory_is_reported():
    # the helper is never called: its parameter's memory word says what it expects, as `sX` would
    planted = _WORD_HELPERS.replace("tXsX_r2s", "tXtX_r2s")
    assert located(planted) == [(6, "CI105")]


def test_a_helpers_fragment_of_the_parameter_named_for_the_other_slot_is_reported_in_the_helper():
    planted = _WORD_HELPERS.replace("make_fragment_A(smem_a)", "make_fragment_A(smem_b)")
    assert located(planted) == [(11, "CI106")]


# cuLA's Lightning Attention: K halves loaded by an ldmatrix copy and stored back by an stmatrix copy, both laid out
# for one warp MMA's A operand (`make_tiled_copy_A`), their atoms' operations bound to names first.
_K_HALVES = (
    "class Kernel:\n"
    "    @cute.kernel\n"
    "    def kernel(self, tiled_mma, sK_h, sK_w, tKrK_half, tidx):\n"
    "        copy_op_k_s2r = cute.nvgpu.warp.LdMatrix8x8x16bOp(transpose=False, num_matrices=4)\n"
    "        copy_op_k_r2s = cute.nvgpu.warp.StMatrix8x8x16bOp(transpose=False, num_matrices=4)\n"
    "        tiled_load_k = cute.make_tiled_copy_A(cute.make_copy_atom(copy_op_k_s2r, self.dt), tiled_mma)\n"
    "        tiled_store_k = cute.make_tiled_copy_A(cute.make_copy_atom(copy_op_k_r2s, self.dt), tiled_mma)\n"
    "        thr_load_k = tiled_load_k.get_slice(tidx)\n"
    "        thr_store_k = tiled_store_k.get_slice(tidx)\n"
    "        tKsK_s2r = thr_load_k.partition_S(sK_h)\n"
    "        tKsK_r2s = thr_store_k.partition_D(sK_w)\n"
    "        tKrK_cv = thr_load_k.retile(tKrK_half)\n"
    "        cute.copy(tiled_load_k, tKsK_s2r, tKrK_cv)\n"
    "        tKrK_cv_dst = thr_store_k.retile(tKrK_half)\n"
    "        cute.copy(tiled_store_k, tKrK_cv_dst, tKsK_r2s)\n"
)


def test_the_unplanted_k_halves_are_clean():
    assert located(_K_HALVES) == []


def test_a_load_issued_with_the_stmatrix_copy_of_one_mma_is_reported():
    # one MMA lays both copies out, but an stmatrix copy moves registers into shared memory, not the other way
    planted = _K_HALVES.replace("cute.copy(tiled_load_k,", "cute.copy(tiled_store_k,")
    assert located(planted) == [(13, "CI102")]


def test_an_ldmatrix_and_stmatrix_pair_of_one_shape_sharing_their_layouts_is_not_reported():
    # FlashAttention's MLA backward stores back, with the stmatrix copy, what the ldmatrix copy laid out and loaded;
    # an ldmatrix load into registers the stmatrix copy retiled is the same pair (both one MMA's `make_tiled_copy_A`)
    stored_back = _K_HALVES.replace(
        "cute.copy(tiled_store_k, tKrK_cv_dst, tKsK_r2s)", "cute.copy(tiled_store_k, tKrK_cv, tKsK_s2r)")
    retiled = _K_HALVES.replace("tKrK_cv = thr_load_k.retile", "tKrK_cv = thr_store_k.retile")
    assert located(stored_back) == []
    assert located(retiled) == []
