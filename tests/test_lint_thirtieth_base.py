"""The thirtieth unseen base, inclusionAI/cuLA's linear-attention kernels (docs/lint.md, "A thirtieth code base"):
each test is the data flow of one missed plant or one false finding, in a kernel of its own."""

from __future__ import annotations

from _lint import located

from cute_inspect.lint import lint_paths

# K halves loaded to registers through an ldmatrix copy laid out for the epilogue MMA's A operand, into fragments
# made in the shape of Q's (the two are one shape), then rescaled.
_K_HALVES = (
    "class Kernel:\n"
    "    @cute.kernel\n"
    "    def kernel(self, sQ_halves, sK_halves, sQ_h0, tiled_mma, tidx):\n"
    "        tiled_load = cute.make_tiled_copy_A(cute.make_copy_atom(op, dt), tiled_mma)\n"
    "        thr_load = tiled_load.get_slice(tidx)\n"
    "        thr_mma = tiled_mma.get_slice(tidx)\n"
    "        tQsQ_h = [thr_load.partition_S(h) for h in sQ_halves]\n"
    "        tQsK_h = [thr_load.partition_S(h) for h in sK_halves]\n"
    "        tQrQ_half_0 = thr_mma.make_fragment_A(thr_mma.partition_A(sQ_h0))\n"
    "        for half in range(2):\n"
    "            tQrK_half = cute.make_fragment_like(tQrQ_half_0, self.dtype)\n"
    "            tQrK_half_cv = thr_load.retile(tQrK_half)\n"
    "            cute.copy(tiled_load, tQsK_h[half][None, None, None, 0], tQrK_half_cv)\n"
)


def test_a_fragment_made_in_anothers_shape_and_loaded_from_its_own_tensor_is_not_reported():
    # make_fragment_like takes Q's shape only; the copy fills the fragment with K, as its name says
    assert located(_K_HALVES) == []


def test_a_fragment_made_in_anothers_shape_and_loaded_from_that_tensor_is_still_reported():
    planted = _K_HALVES.replace("tQsK_h[half][None", "tQsQ_h[half][None")
    assert (11, "CI105") in located(planted)

# Q, K and V loaded by TMA through one helper given each tensor's atom, and MMA fragments made by one helper given
# each MMA's shared buffers: generic helpers whose parameters are words (`smem_x`, `smem_a`), named at each call.
_LOADS_AND_FRAGMENTS = (
    "class Kernel:\n"
    "    @cute.kernel\n"
    "    def kernel(self, qk_mma, tma_atom_q, mQ, tma_atom_k, mK, tma_atom_v, mV, sQ, sK, sV):\n"
    "        tCrQ, tCrK = self.fragments(qk_mma, sQ, sK)\n"
    "        tQsQ, tQgQ = self.tma_operand(tma_atom_q, mQ, sQ)\n"
    "        tKsK, tKgK = self.tma_operand(tma_atom_k, mK, sK)\n"
    "        tVsV, tVgV = self.tma_operand(tma_atom_v, mV, sV)\n"
    "        for i in range(4):\n"
    "            cute.copy(\n"
    "                atom=tma_atom_q,\n"
    "                src=tQgQ[None, i],\n"
    "                dst=tQsQ[None, 0],\n"
    "            )\n"
    "            cute.copy(atom=tma_atom_k, src=tKgK[None, i], dst=tKsK[None, 0])\n"
    "            cute.copy(atom=tma_atom_v, src=tVgV[None, i], dst=tVsV[None, 0])\n"
    "            cute.gemm(qk_mma, acc, tCrQ[None, None, 0], tCrK[None, None, 0], acc)\n"
    "\n"
    "    def fragments(self, tiled_mma, smem_a, smem_b):\n"
    "        tCrA = tiled_mma.make_fragment_A(smem_a)\n"
    "        tCrB = tiled_mma.make_fragment_B(smem_b)\n"
    "        return tCrA, tCrB\n"
    "\n"
    "    def tma_operand(self, tma_atom_x, tensor_x, smem_x):\n"
    "        tXsX, tXgX = cpasync.tma_partition(\n"
    "            tma_atom_x, 0, cute.make_layout(1), cute.group_modes(smem_x, 0, 3), cute.group_modes(tensor_x, 0, 3)\n"
    "        )\n"
    "        return tXsX, tXgX\n"
)


def test_the_unplanted_loads_and_fragments_are_clean():
    assert located(_LOADS_AND_FRAGMENTS) == []


def test_a_generic_helpers_partition_named_at_the_call_for_another_tensor_than_it_passes_is_reported():
    # Q's fragment of V's buffer: the helper's parameter is a placeholder, so the call's name is compared with the
    # argument (before, a parameter in words was never followed)
    planted = _LOADS_AND_FRAGMENTS.replace("self.fragments(qk_mma, sQ, sK)", "self.fragments(qk_mma, sV, sK)")
    assert located(planted) == [(4, "CI105")]


def test_an_argument_the_call_repeats_for_another_parameter_is_reported_where_it_is_written():
    # tCrQ, tCrK = fragments(mma, sK, sK): tCrK takes K at its word, so the repeated argument is the slip
    planted = _LOADS_AND_FRAGMENTS.replace("self.fragments(qk_mma, sQ, sK)", "self.fragments(qk_mma,\n sK, sK)")
    assert located(planted) == [(5, "CI105")]


def test_partitions_a_helper_returns_are_made_by_the_object_each_call_passes():
    # the helper's pair is bound at each call as made by the atom that call passes: a TMA copy from another atom's
    # global side is reported at that side, and a pair named with another atom's pattern where it is bound
    copied = _LOADS_AND_FRAGMENTS.replace("src=tQgQ[None, i]", "src=tKgK[None, i]")
    assert located(copied) == [(11, "CI102")]
    renamed = _LOADS_AND_FRAGMENTS.replace("tVsV", "tKsV")
    assert (7, "CI110") in located(renamed)


def test_a_fragment_shaped_like_an_operand_another_copy_of_one_mma_moves_is_still_reported():
    # make_tiled_copy_A and make_tiled_copy_B of one TiledMma are two copies: B's fragment in A's shape stays a finding
    two_copies = _K_HALVES.replace(
        "        tQsK_h = [thr_load.partition_S(h) for h in sK_halves]\n",
        "        thr_load_k = cute.make_tiled_copy_B(cute.make_copy_atom(op, dt), tiled_mma).get_slice(tidx)\n"
        "        tQsK_h = [thr_load_k.partition_S(h) for h in sK_halves]\n",
    ).replace("thr_load.retile(tQrK_half)", "thr_load_k.retile(tQrK_half)")
    assert (12, "CI105") in located(two_copies)


# Two TMEM loads, each made by one helper: S's called directly, KV's through a helper that returns its call whole.
_TWO_TMEM_LOADS = (
    "class Kernel:\n"
    "    @cute.kernel\n"
    "    def kernel(self, tCtS, tCtKV, tidx):\n"
    "        tiled_t2r_s, tTR_tS, tTR_rS = self.t2r(atom_s, tCtS, tidx)\n"
    "        tiled_t2r_kv, tTR_tKV, tTR_rKV = self.t2r_kv(tCtKV, tidx)\n"
    "        for i in range(2):\n"
    "            cute.copy(tiled_t2r_kv, tTR_tKV[None, None, i], tTR_rKV)\n"
    "            cute.copy(tiled_t2r_s, tTR_tS[None, None, i], tTR_rS)\n"
    "\n"
    "    def t2r_kv(self, tmem_kv, tidx):\n"
    "        return self.t2r(atom_kv, tmem_kv, tidx)\n"
    "\n"
    "    def t2r(self, atom, tmem_tensor, tidx):\n"
    "        tiled_t2r = tcgen05.make_tmem_copy(atom, tmem_tensor[None, None, 0])\n"
    "        thr_t2r = tiled_t2r.get_slice(tidx)\n"
    "        tTR_tX = thr_t2r.partition_S(tmem_tensor)\n"
    "        tTR_sX = thr_t2r.partition_D(fake_smem)\n"
    "        tTR_rX = cute.make_rmem_tensor(tTR_sX.shape, dt)\n"
    "        return tiled_t2r, tTR_tX, tTR_rX\n"
)


def test_the_unplanted_tmem_loads_are_clean():
    assert located(_TWO_TMEM_LOADS) == []


def test_a_copy_returned_through_a_helper_that_returns_anothers_call_is_that_calls_copy():
    # KV's load issued with S's tiled copy: both sides were laid out by KV's copy, which t2r_kv returns by returning
    # t2r's call whole
    planted = _TWO_TMEM_LOADS.replace("cute.copy(tiled_t2r_kv, tTR_tKV", "cute.copy(tiled_t2r_s, tTR_tKV")
    assert located(planted) == [(7, "CI102")]


def test_a_register_tensor_a_helper_makes_in_its_copys_layout_is_that_copys_side():
    # S's load into KV's registers, made by the helper in the shape of KV's copy partition
    planted = _TWO_TMEM_LOADS.replace("tTR_tS[None, None, i], tTR_rS)", "tTR_tS[None, None, i], tTR_rKV)")
    assert located(planted) == [(8, "CI102")]


# Two TMA stores whose pairs one epilogue helper makes, given each tensor's atom.
_TWO_TMA_STORES = (
    "class Kernel:\n"
    "    @cute.kernel\n"
    "    def kernel(self, tma_atom_dQ, tma_atom_dQv, gdQ, gdQv, sdQ, sdQv):\n"
    "        bSG_sdQv, bSG_gdQv = self.epilogue_gmem(tma_atom_dQv, gdQv, sdQv)\n"
    "        bSG_sdQ, bSG_gdQ = self.epilogue_gmem(tma_atom_dQ, gdQ, sdQ)\n"
    "        for i in range(2):\n"
    "            cute.copy(tma_atom_dQ, bSG_sdQ[(None, 0)], bSG_gdQ[(None, i)])\n"
    "            cute.copy(tma_atom_dQv, bSG_sdQv[(None, 0)], bSG_gdQv[(None, i)])\n"
    "\n"
    "    def epilogue_gmem(self, tma_atom, gC, sC):\n"
    "        bSG_sC, bSG_gC = cpasync.tma_partition(\n"
    "            tma_atom, 0, cute.make_layout(1), cute.group_modes(sC, 0, 2), cute.group_modes(gC, 0, 2)\n"
    "        )\n"
    "        return bSG_sC, bSG_gC\n"
)


def test_the_unplanted_tma_stores_are_clean():
    assert located(_TWO_TMA_STORES) == []


def test_a_tma_pair_a_helper_returns_is_the_pair_of_the_atom_its_call_passes():
    # dQ's store from dQv's shared side: the two pairs are of two atoms, though one statement of the helper makes both
    planted = _TWO_TMA_STORES.replace("tma_atom_dQ, bSG_sdQ[(None, 0)]", "tma_atom_dQ, bSG_sdQv[(None, 0)]")
    assert located(planted) == [(7, "CI102")]


def test_a_returned_tma_pair_is_the_passed_atoms_through_a_name_the_helper_binds_to_it():
    # the helper partitions with `tma_atom_c = tma_atom`; the call's shared side named as a load (GS) is stored (SG)
    aliased = _TWO_TMA_STORES.replace(
        "        bSG_sC, bSG_gC = cpasync.tma_partition(\n            tma_atom, 0,",
        "        tma_atom_c = tma_atom\n        bSG_sC, bSG_gC = cpasync.tma_partition(\n            tma_atom_c, 0,",
    )
    assert located(aliased) == []
    planted = aliased.replace("bSG_sdQ, ", "bGS_sdQ, ").replace("(tma_atom_dQ, bSG_sdQ[", "(tma_atom_dQ, bGS_sdQ[")
    assert located(planted) == [(5, "CI104")]


def test_an_argument_partitioned_elsewhere_for_its_own_tensor_is_reported_where_it_is_written():
    # tCrQ of sV, where sV's TMA pair is named for V and sQ is at hand: the argument (its own line) is the slip
    planted = _LOADS_AND_FRAGMENTS.replace("self.fragments(qk_mma, sQ, sK)", "self.fragments(\n qk_mma,\n sV, sK)")
    assert located(planted) == [(6, "CI105")]
    # with no partition of its own for the argument, the name is reported, on the statement's first line
    alone = planted.replace("        tVsV, tVgV = self.tma_operand(tma_atom_v, mV, sV)\n", "")
    assert (4, "CI105") in located(alone)

# Three MMAs issued through one helper that takes the MMA and both fragments by keyword; the V·P MMA is given the
# K·V MMA's fragment of V, which its own duplicate of the same buffer would equal.
_GEMMS_THROUGH_A_HELPER = (
    "class Kernel:\n"
    "    @cute.kernel\n"
    "    def kernel(self, qk_mma, kv_mma, vp_mma, sQ, sK, sK_kv, sV, sP, acc_qk, acc_kv, acc_pv):\n"
    "        tCrQ, tCrK = self.fragments(qk_mma, sQ, sK)\n"
    "        tCrV, tCrK_kv = self.fragments(kv_mma, sV, sK_kv)\n"
    "        tCrV_dup, tCrP = self.fragments(vp_mma, sV, sP)\n"
    "        for i in range(4):\n"
    "            self.exec_mma(tiled_mma=qk_mma, acc=acc_qk, tCrA=tCrQ, tCrB=tCrK)\n"
    "            self.exec_mma(tiled_mma=vp_mma, acc=acc_pv, tCrA=tCrV, tCrB=tCrP)\n"
    "            self.exec_mma(tiled_mma=kv_mma, acc=acc_kv, tCrA=tCrV, tCrB=tCrK_kv)\n"
    "\n"
    "    def fragments(self, tiled_mma, smem_a, smem_b):\n"
    "        tCrA = tiled_mma.make_fragment_A(smem_a)\n"
    "        tCrB = tiled_mma.make_fragment_B(smem_b)\n"
    "        return tCrA, tCrB\n"
    "\n"
    "    def exec_mma(self, tiled_mma, acc, tCrA, tCrB):\n"
    "        for k in range(cute.size(tCrB, mode=[2])):\n"
    "            cute.gemm(tiled_mma, acc, tCrA[None, None, k], tCrB[None, None, k], acc)\n"
)


def test_the_unplanted_gemms_through_a_helper_are_clean():
    # the V·P gemm reads the K·V MMA's fragment of sV while its own fragment of sV is unused: one buffer, shared
    assert located(_GEMMS_THROUGH_A_HELPER) == []


def test_each_call_of_a_gemm_helper_is_judged_by_the_mma_and_fragments_it_passes():
    # the K·V gemm given the Q·K MMA's fragment of K, while its own fragment of K's other view is given to nothing
    planted = _GEMMS_THROUGH_A_HELPER.replace("tCrB=tCrK_kv)", "tCrB=tCrK)")
    assert located(planted) == [(10, "CI111")]
    # the Q·K operands issued with the V·P MMA: the MMA argument is the slip
    issued = _GEMMS_THROUGH_A_HELPER.replace("tiled_mma=qk_mma,", "tiled_mma=vp_mma,")
    assert located(issued) == [(8, "CI111")]


def test_names_bound_at_a_helpers_call_are_not_read_as_partition_calls_by_the_grammar_rule(tmp_path):
    # CI101 (opt-in) reads the results of partition calls; the helper's own `tCrA = ...make_fragment_A(...)` is one,
    # the caller's `c_tCrQ_frag` bound to what the helper returns is not
    kernel = tmp_path / "k.py"
    kernel.write_text(_GEMMS_THROUGH_A_HELPER.replace("tCrQ", "c_tCrQ_frag"))
    findings = lint_paths([str(kernel)], {"extend_select": ("CI101",)}, workers=1).findings
    assert [(finding.line, finding.code) for finding in findings] == []
