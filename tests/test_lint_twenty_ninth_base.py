"""The open misses of the twenty-seventh and twenty-eighth bases and the GitHub plant reported off its line
(docs/lint.md, "The open misses, twenty-ninth session"): each test is the data flow of one missed plant, in a kernel
of its own."""

from __future__ import annotations

from _lint import located

# Scale factors copied from shared to tensor memory by an S2T copy a method of the kernel makes, and Q staged in
# tensor memory by a register-to-TMEM copy laid out in the kernel.
_S2T_AND_R2T = (
    "class Kernel:\n"
    "    @cute.kernel\n"
    "    def kernel(self, sSFQ, tCtSFQ, sQ, tCrQ, tidx):\n"
    "        tiled_copy_s2t_sfq, tCsSFQ_s2t, tCtSFQ_s2t = self.s2t_copy_and_partition(sSFQ, tCtSFQ)\n"
    "        tiled_copy_r2t_q = tcgen05.make_tmem_copy(cute.make_copy_atom(tcgen05.St32x32bOp(), dt), tCrQ)\n"
    "        thr_copy_r2t_q = tiled_copy_r2t_q.get_slice(tidx)\n"
    "        tCsQ_r2t = thr_copy_r2t_q.partition_S(sQ)\n"
    "        tCtQ_r2t = thr_copy_r2t_q.partition_D(tCrQ)\n"
    "        tCrQ_r2t = cute.make_rmem_tensor(tCsQ_r2t.shape, dt)\n"
    "        cute.autovec_copy(tCsQ_r2t, tCrQ_r2t)\n"
    "        cute.copy(\n"
    "            tiled_copy_r2t_q,\n"
    "            tCrQ_r2t,\n"
    "            tCtQ_r2t,\n"
    "        )\n"
    "        cute.copy(tiled_copy_s2t_sfq, tCsSFQ_s2t, tCtSFQ_s2t)\n"
    "\n"
    "    def s2t_copy_and_partition(self, sSF, tSF):\n"
    "        tCsSF_compact = cute.filter_zeros(sSF)\n"
    "        tCtSF_compact = cute.filter_zeros(tSF)\n"
    "        tiled_copy_s2t = tcgen05.make_s2t_copy(copy_atom_s2t, tCtSF_compact)\n"
    "        thr_copy_s2t = tiled_copy_s2t.get_slice(0)\n"
    "        tCsSF_compact_s2t = thr_copy_s2t.partition_S(tCsSF_compact)\n"
    "        tCtSF_compact_s2t = thr_copy_s2t.partition_D(tCtSF_compact)\n"
    "        return tiled_copy_s2t, tCsSF_compact_s2t, tCtSF_compact_s2t\n"
)


def test_the_unplanted_kernels_are_clean():
    assert located(_S2T_AND_R2T) == []


def test_a_copy_given_another_copys_object_is_reported_at_the_object_when_the_sides_maker_copies_nothing():
    # Q's register-to-TMEM copy issued with the scales' S2T copy: Q's copy now moves nothing, so the object is the
    # slip, reported at its argument's line (12), not at the TMEM side's (14)
    planted = _S2T_AND_R2T.replace("            tiled_copy_r2t_q,\n", "            tiled_copy_s2t_sfq,\n")
    assert located(planted) == [(12, "CI102")]


def test_a_side_of_another_copy_that_copies_is_still_reported_at_that_side():
    # the TMEM side's maker copies its own partitions elsewhere in the function: the side is the slip
    planted = _S2T_AND_R2T.replace(
        "        cute.copy(tiled_copy_s2t_sfq, tCsSFQ_s2t, tCtSFQ_s2t)\n",
        "        cute.copy(tiled_copy_s2t_sfq, tCsSFQ_s2t, tCtQ_r2t)\n",
    )
    assert (16, "CI102") in located(planted)


def test_a_register_tensor_retiled_by_another_tiled_copy_and_moved_only_by_this_one_is_reported_at_the_retile():
    from tests.test_lint_twenty_eighth_base import _TMEM_EPILOGUE

    # V's register view retiled by O's register-to-shared copy, then moved only by V's copy: the retile is the slip
    planted = _TMEM_EPILOGUE.replace("tiled_v_s2r.retile(tRT_rV)", "tiled_o_r2s.retile(tRT_rV)")
    assert located(planted) == [(19, "CI102")]


# A warp that loads a gate vector and its two running sums into two shared buffers of a tuple parameter.
_GATE_LOAD = (
    "@cute.jit\n"
    "def load_gate(self, smem_args: tuple, gGate, lidx):\n"
    "    sCumsumlog, sCumprod = smem_args\n"
    "    tiled_copy_gate_g2r = cute.make_tiled_copy_tv(atom_gate_g2r, thread_layout, value_layout)\n"
    "    thr_copy_gate_g2r = tiled_copy_gate_g2r.get_slice(lidx)\n"
    "    tGgGate = thr_copy_gate_g2r.partition_S(gGate)\n"
    "    tGsCumsumlog = thr_copy_gate_g2r.partition_D(sCumsumlog)\n"
    "    tGsCumprod = thr_copy_gate_g2r.partition_D(sCumprod)\n"
    "    tGrGate = tiled_copy_gate_g2r.retile(cute.make_rmem_tensor_like(tGgGate, self.acc_dtype))\n"
    "    tGrCumprod = tiled_copy_gate_g2r.retile(cute.make_rmem_tensor_like(tGgGate, self.acc_dtype))\n"
    "    cute.copy(tiled_copy_gate_g2r, tGgGate, tGrGate)\n"
    "    cute.copy(tiled_copy_gate_g2r, tGrGate, tGsCumsumlog)\n"
    "    cute.copy(tiled_copy_gate_g2r, tGrCumprod, tGsCumprod)\n"
)


def test_one_tensor_partitioned_twice_by_one_object_names_the_tensor_left_unpartitioned():
    # the cumprod partition of the cumsumlog buffer: the data copied into it is named Cumprod, so the name agrees
    # with what is written, and only the second partition of one tensor by one object shows the slip
    assert located(_GATE_LOAD) == []
    planted = _GATE_LOAD.replace("partition_D(sCumprod)", "partition_D(sCumsumlog)")
    assert located(planted) == [(8, "CI105")]
    # without a tensor of that name at hand, the second partition may be a view of the same buffer for other data
    assert located(planted.replace("sCumsumlog, sCumprod = smem_args", "sCumsumlog = smem_args")) == []


# A helper that loads A and its scale factors with two TMA atoms it is given, called with each atom's own pair.
_HELPER_LOADS = (
    "@cute.jit\n"
    "def copy_a_sfa(tma_atom_a, tma_atom_sfa, tAgA, tAsA, tAgSFA, tAsSFA, k, stage):\n"
    "    cute.copy(tma_atom_sfa, tAgSFA[(None, k)], tAsSFA[(None, stage)])\n"
    "    cute.copy(tma_atom_a, tAgA[(None, k)], tAsA[(None, stage)])\n"
    "\n"
    "@cute.kernel\n"
    "def kernel(tma_atom_a, tma_atom_sfa, mA, mSFA, sA, sSFA, k, stage):\n"
    "    tAsA, tAgA = cpasync.tma_partition(tma_atom_a, 0, cute.make_layout(1), sA, mA)\n"
    "    tAsSFA, tAgSFA = cpasync.tma_partition(tma_atom_sfa, 0, cute.make_layout(1), sSFA, mSFA)\n"
    "    copy_a_sfa(tma_atom_a, tma_atom_sfa, tAgA, tAsA, tAgSFA, tAsSFA, k, stage)\n"
)


def test_a_helpers_tma_copy_of_a_parameter_it_copies_with_its_own_atom_elsewhere_is_reported_in_the_helper():
    assert located(_HELPER_LOADS) == []
    # the scale factors' copy writes into A's shared side, which the next copy moves with A's atom
    planted = _HELPER_LOADS.replace("tAsSFA[(None, stage)]", "tAsA[(None, stage)]")
    assert located(planted) == [(3, "CI102")]
    # a call that passes the wrong pair is still reported at the call
    wrong_call = _HELPER_LOADS.replace("tAgSFA, tAsSFA, k, stage)\n", "tAgSFA, tAsA, k, stage)\n")
    assert (10, "CI102") in located(wrong_call)


# Scale factors' global, coordinate and shared partitions by one copy, assigned as one tuple over three lines.
_TUPLED_PARTITIONS = (
    "@cute.kernel\n"
    "def load_sfb(tiled_copy, mSFB, sSFB, tidx, n):\n"
    "    thr = tiled_copy.get_slice(tidx)\n"
    "    gSFB_nk = cute.local_tile(mSFB, (128,), (n, None))\n"
    "    cSFB = cute.make_identity_tensor(mSFB.shape)\n"
    "    coordSFB = cute.local_tile(cSFB, (128,), (n, None))\n"
    "    tBgSFB, tBcSFB, tBsSFB = (\n"
    "        thr.partition_S(gSFB_nk),\n"
    "        thr.partition_S(coordSFB),\n"
    "        thr.partition_D(sSFB),\n"
    "    )\n"
    "    tBpSFB = cute.make_fragment_like(tBcSFB[None, None, 0], cutlass.Boolean)\n"
    "    cute.copy(thr, tBgSFB, tBsSFB, pred=tBpSFB)\n"
)


def test_an_argument_that_repeats_its_neighbours_is_reported_where_it_is_written():
    assert located(_TUPLED_PARTITIONS) == []
    # the global partition given the coordinates its neighbour partitions: the name is right, the argument is not
    planted = _TUPLED_PARTITIONS.replace("thr.partition_S(gSFB_nk)", "thr.partition_S(coordSFB)")
    assert located(planted) == [(8, "CI105")]
    # a name that contradicts its argument with no neighbour to repeat is reported at the name
    assert (7, "CI105") in located(planted.replace("thr.partition_S(coordSFB),\n        thr.partition_D", "thr.partition_S(gSFB_nk),\n        thr.partition_D"))


# Up and gate projections loaded by one ldmatrix copy into their own retiled fragments, then two gemms.
_UP_AND_GATE = (
    "@cute.jit\n"
    "def mma(s2r_b, tiledmma, tUsU_s, tGsG_s, tCrU, tCrG, tCrA, acc_u, acc_g, tidx):\n"
    "    thr_b = s2r_b.get_slice(tidx)\n"
    "    tCrU_v = thr_b.retile(tCrU)\n"
    "    tCrG_v = thr_b.retile(tCrG)\n"
    "    for k in cutlass.range_constexpr(4):\n"
    "        cute.copy(s2r_b, tUsU_s[None, None, k], tCrU_v[None, None, k])\n"
    "        cute.copy(s2r_b, tGsG_s[None, None, k], tCrG_v[None, None, k])\n"
    "        cute.gemm(tiledmma, acc_u, tCrA[None, None, k], tCrU[None, None, k], acc_u)\n"
    "        cute.gemm(tiledmma, acc_g, tCrA[None, None, k], tCrG[None, None, k], acc_g)\n"
)


def test_a_destination_written_twice_in_a_row_by_one_copy_is_reported_at_the_second_write():
    assert located(_UP_AND_GATE) == []
    # G's shared tile copied into U's fragment right after U's own: U's data is lost, G's fragment never filled
    planted = _UP_AND_GATE.replace("tGsG_s[None, None, k], tCrG_v[None, None, k]", "tGsG_s[None, None, k], tCrU_v[None, None, k]")
    assert located(planted) == [(8, "CI102")]
    # a predicated second copy writes only part of its destination: not judged
    assert located(planted.replace("tCrU_v[None, None, k])\n        cute.gemm", "tCrU_v[None, None, k], pred=p)\n        cute.gemm")) == []
    # in a function defined inside another, the pair is reported once, not once per enclosing function
    nested = "def outer(s2r_b, tiledmma, tUsU_s, tGsG_s, tCrU, tCrG, tCrA, acc_u, acc_g, tidx):\n" + "".join(
        "    " + line + "\n" for line in planted.splitlines())
    assert located(nested) == [(9, "CI102")]
