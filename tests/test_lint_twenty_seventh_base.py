"""The misses of the twenty-seventh base (unopened kernel files of the pinned packages; docs/lint.md, "A
twenty-seventh code base"): each test is the data flow of one missed plant, in a kernel of its own."""

from __future__ import annotations

from _lint import located

# Two shared-to-register tiled copies, one per MMA operand, made by methods of a configuration the file cannot read
# (`mma_cfg.make_s2r_a`), each retiling its operand's fragment and partitioning its operand's staged buffer.
_TWO_S2R_COPIES = (
    "@cute.jit\n"
    "def mma(tiledmma, mma_cfg, sA, sB, tidx, a_dtype, b_dtype, acc):\n"
    "    thr = tiledmma.get_slice(tidx)\n"
    "    tCrA = tiledmma.make_fragment_A(thr.partition_A(sA)[None, None, None, 0])\n"
    "    tCrB = tiledmma.make_fragment_B(thr.partition_B(sB)[None, None, None, 0])\n"
    "    s2r_a = mma_cfg.make_s2r_a(tiledmma, a_dtype)\n"
    "    s2r_b = mma_cfg.make_s2r_b(tiledmma, b_dtype)\n"
    "    thr_a, thr_b = s2r_a.get_slice(tidx), s2r_b.get_slice(tidx)\n"
    "    tCrA_v, tCrB_v = thr_a.retile(tCrA), thr_b.retile(tCrB)\n"
    "    tXsA, tXsB = thr_a.partition_S(sA), thr_b.partition_S(sB)\n"
    "    tAsA_s = tXsA[None, None, None, 0]\n"
    "    tBsB_s = tXsB[None, None, None, 0]\n"
    "    cute.copy(s2r_a, tAsA_s[None, None, 0], tCrA_v[None, None, 0])\n"
    "    cute.copy(s2r_a, tAsA_s[None, None, 1], tCrA_v[None, None, 1])\n"
    "    cute.copy(s2r_b, tBsB_s[None, None, 0], tCrB_v[None, None, 0])\n"
    "    cute.gemm(tiledmma, acc, tCrA[None, None, 0], tCrB[None, None, 0], acc)\n"
)


def test_the_unplanted_copies_are_clean():
    assert located(_TWO_S2R_COPIES) == []


def test_a_copy_into_the_fragment_another_tiled_copy_retiled_is_reported():
    planted = _TWO_S2R_COPIES.replace(
        "cute.copy(s2r_a, tAsA_s[None, None, 0], tCrA_v[None, None, 0])",
        "cute.copy(s2r_a, tAsA_s[None, None, 0], tCrB_v[None, None, 0])",
    )
    assert (13, "CI102") in located(planted)
    # the same with the two copies made for the MMA's operands, which the file can read
    made = planted.replace("mma_cfg.make_s2r_a(tiledmma, a_dtype)", "cute.make_tiled_copy_A(atom_a, tiledmma)")
    assert (13, "CI102") in located(made.replace("mma_cfg.make_s2r_b(tiledmma, b_dtype)",
                                                  "cute.make_tiled_copy_B(atom_b, tiledmma)"))
    # one maker called twice may hand back one object: nothing is proven
    assert located(planted.replace("mma_cfg.make_s2r_b(", "mma_cfg.make_s2r_a(")) == []


def test_a_copy_issued_with_another_tiled_copy_than_laid_out_both_its_sides_is_reported():
    planted = _TWO_S2R_COPIES.replace(
        "cute.copy(s2r_a, tAsA_s[None, None, 0]", "cute.copy(s2r_b, tAsA_s[None, None, 0]"
    )
    assert (13, "CI102") in located(planted)
    # the other tiled copy copies nothing in the function: no second copy is shown to exist
    alone = planted.replace("    cute.copy(s2r_a, tAsA_s[None, None, 1], tCrA_v[None, None, 1])\n", "")
    assert (13, "CI102") not in located(alone)


def test_an_mma_fragment_a_copy_writes_through_its_retile_named_shared_is_reported():
    planted = _TWO_S2R_COPIES.replace("    tCrA = ", "    tCsA = ").replace("retile(tCrA)", "retile(tCsA)") \
        .replace("tCrA[None, None, 0], tCrB", "tCsA[None, None, 0], tCrB")
    assert (4, "CI113") in located(planted)
    # a fragment no copy writes may be a warpgroup MMA's shared-memory descriptors
    unwritten = planted.replace("    cute.copy(s2r_a, tAsA_s[None, None, 0], tCrA_v[None, None, 0])\n", "") \
        .replace("    cute.copy(s2r_a, tAsA_s[None, None, 1], tCrA_v[None, None, 1])\n", "")
    assert (4, "CI113") not in located(unwritten)


def test_a_copy_with_one_side_laid_out_by_another_tiled_copy_is_reported_whatever_the_names():
    # lint30's open miss: A's ldmatrix copy writes into the up projection's fragment, retiled by B's copy
    planted = _TWO_S2R_COPIES.replace("tCrB", "tCrU").replace(
        "cute.copy(s2r_a, tAsA_s[None, None, 0], tCrA_v[None, None, 0])",
        "cute.copy(s2r_a, tAsA_s[None, None, 0], tCrU_v[None, None, 0])",
    )
    assert (13, "CI102") in located(planted)


def test_a_shared_buffer_loaded_with_one_tma_atom_and_stored_with_another_is_not_reported():
    # CUTLASS's tma_v0 tutorial: the store's own partition of the buffer is dropped, the load's is reused
    source = (
        "@cute.kernel\n"
        "def kernel(tma_atom_src: cute.CopyAtom, mA: cute.Tensor, tma_atom_dst: cute.CopyAtom, mB: cute.Tensor, sA,\n"
        "           tiler):\n"
        "    gA = cute.local_tile(mA, tiler, (None, None))\n"
        "    gB = cute.local_tile(mB, tiler, (None, None))\n"
        "    tAsA, tAgA = cute.nvgpu.cpasync.tma_partition(\n"
        "        tma_atom_src, 0, cute.make_layout(1), cute.group_modes(sA, 0, 2), cute.group_modes(gA, 0, 2))\n"
        "    _, tBgB = cute.nvgpu.cpasync.tma_partition(\n"
        "        tma_atom_dst, 0, cute.make_layout(1), cute.group_modes(sA, 0, 2), cute.group_modes(gB, 0, 2))\n"
        "    cute.copy(tma_atom_src, tAgA[(None, 0, 0)], tAsA)\n"
        "    cute.copy(tma_atom_dst, tAsA, tBgB[(None, 0, 0)])\n"
    )
    assert located(source) == []
