"""The earlier GitHub bases' open misses that provenance proves (docs/lint.md, "The misses of the earlier bases"):
fragments an installed package's helper returns, copies another module's helper issues, a partition made by the
wrong copy object, and an MMA's one product told by its gemms."""

from __future__ import annotations

from _lint import located


_FRAGMENTS_HELPER = (
    "def partition_fragment_ABC(thr_mma, shape_mnk, sA, sB, swap_AB=False):\n"
    "    is_rs = thr_mma.op.a_src == warpgroup.OperandSource.RMEM\n"
    "    if const_expr(not swap_AB):\n"
    "        acc = cute.make_rmem_tensor(thr_mma.partition_shape_C(shape_mnk[:2]), Float32)\n"
    "        if const_expr(not is_rs):\n"
    "            tCrA = thr_mma.make_fragment_A(thr_mma.partition_A(sA))\n"
    "        else:\n"
    "            tCrA = thr_mma.make_fragment_A(thr_mma.partition_shape_A((shape_mnk[0], shape_mnk[2])))\n"
    "        tCrB = thr_mma.make_fragment_B(thr_mma.partition_B(sB))\n"
    "    else:\n"
    "        acc = cute.make_rmem_tensor(thr_mma.partition_shape_C((shape_mnk[1], shape_mnk[0])), Float32)\n"
    "        tCrB = thr_mma.make_fragment_A(thr_mma.partition_A(sB))\n"
    "        tCrA = thr_mma.make_fragment_B(thr_mma.partition_B(sA))\n"
    "    return acc, tCrA, tCrB\n"
)


def test_fragments_an_installed_packages_helper_returns_are_that_objects_partitions_of_what_the_call_gives(
        tmp_path, monkeypatch):
    site = tmp_path / "site"
    (site / "qpkg").mkdir(parents=True)
    (site / "qpkg" / "__init__.py").write_text("")
    (site / "qpkg" / "sm90_utils.py").write_text(_FRAGMENTS_HELPER)
    monkeypatch.syspath_prepend(str(site))
    repository = tmp_path / "repo"
    repository.mkdir()
    kernel = repository / "kernel.py"
    source = (
        "from qpkg import sm90_utils\n"
        "\n"
        "@cute.jit\n"
        "def mma_dk(tiled_mma_dK: cute.TiledMma, sdS: cute.Tensor, sQ: cute.Tensor):\n"
        "    wg_mma_dK = tiled_mma_dK.get_slice(0)\n"
        "    sdSt = layout_utils.transpose_view(sdS)\n"
        "    sQt = layout_utils.transpose_view(sQ)\n"
        "    acc_dK, tdKrdSt, tdKrQt = sm90_utils.partition_fragment_ABC(\n"
        "        wg_mma_dK, shape_mnk, sdSt, sQt, swap_AB=False\n"
        "    )\n"
    )
    assert located(source, str(kernel)) == []
    planted = source.replace("sdSt, sQt, swap_AB", "sQt, sQt, swap_AB")
    # dS's fragment laid out of Q's buffer: the helper's second result is its partition of its third argument
    assert located(planted, str(kernel)) == [(8, "CI105")]
    # with the operands swapped the helper makes B's fragment of sA: still that argument's, so still reported
    assert located(planted.replace("swap_AB=False", "swap_AB=True"), str(kernel)) == [(8, "CI105")]
    # a flag the call does not give as a literal chooses no branch: the two branches make the fragments apart
    assert located(planted.replace("swap_AB=False", "swap_AB=flag"), str(kernel)) == []
    # not found (no such package on the path), nothing is known
    monkeypatch.syspath_prepend(str(tmp_path / "empty"))
    assert located(planted.replace("from qpkg import", "from nopkg import"), str(kernel)) == []


def test_an_mma_fragment_named_with_its_own_slots_letter_names_the_operand():
    source = (
        "@cute.kernel\n"
        "def kernel(tiled_mma: cute.TiledMma, sA: cute.Tensor, sdS: cute.Tensor, sKt: cute.Tensor):\n"
        "    wg = tiled_mma.get_slice(0)\n"
        "    tSrA = tiled_mma.make_fragment_A(wg.partition_A(sA))\n"
        "    tDQrA = tiled_mma.make_fragment_A(wg.partition_A(sdS))\n"
        "    tDQrB = tiled_mma.make_fragment_B(wg.partition_B(sKt))\n"
    )
    # the file's `sA` (a buffer streaming Q and dO) is not what `tDQrA`, the dQ MMA's operand A, names
    assert located(source) == []
    # a fragment named for another slot than its maker's, or of a tensor named for an operand, stays reported
    assert located(source.replace("tDQrA = tiled_mma.make_fragment_A(wg.partition_A(sdS))",
                                   "tDQrA = tiled_mma.make_fragment_A(wg.partition_A(sB))")) == [(5, "CI105")]


def test_a_copy_another_modules_helper_issues_is_a_copy_with_the_object_the_call_gives(tmp_path):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "helpers.py").write_text(
        "def gemm_rs(tiled_mma, acc, tCrA, tCrB, tCsB, smem_thr_copy_B):\n"
        "    tCrB_copy_view = smem_thr_copy_B.retile(tCrB)\n"
        "    for k in cutlass.range_constexpr(cute.size(tCrA.shape[2])):\n"
        "        cute.copy(smem_thr_copy_B, tCsB[None, None, k], tCrB_copy_view[None, None, k])\n"
        "        cute.gemm(tiled_mma, acc, tCrA[None, None, k], tCrB[None, None, k], acc)\n"
    )
    source = (
        "from pkg import helpers\n"
        "\n"
        "@cute.kernel\n"
        "def kernel(tiled_mma_pv: cute.TiledMma, sVt: cute.Tensor, tOrP: cute.Tensor, acc_O: cute.Tensor):\n"
        "    atom_t = cute.make_copy_atom(warp.LdMatrix8x8x16bOp(transpose=True, num_matrices=4), Float16)\n"
        "    thr_mma_pv = tiled_mma_pv.get_slice(tidx)\n"
        "    tOrVt = thr_mma_pv.make_fragment_B(thr_mma_pv.partition_B(sVt))\n"
        "    smem_thr_copy_V = cute.make_tiled_copy_B(atom_t, tiled_mma_pv).get_slice(tidx)\n"
        "    tOsVt = smem_thr_copy_V.partition_S(sVt)\n"
        "    helpers.gemm_rs(thr_mma_pv, acc_O, tOrP, tOrVt, tOsVt[None, None, None, 0], smem_thr_copy_V)\n"
    )
    kernel = package / "kernel.py"
    assert located(source, str(kernel)) == []
    # the ldmatrix copy's register side taken for the shared buffer the helper copies from
    swapped = source.replace("smem_thr_copy_V.partition_S(sVt)", "smem_thr_copy_V.partition_D(sVt)")
    assert located(swapped, str(kernel)) == [(9, "CI104")]
    assert located(swapped, "k.py") == []


def test_a_side_made_by_another_copy_is_reported_where_it_is_made_when_the_copy_given_it_partitions_nothing():
    source = (
        "@cute.kernel\n"
        "def kernel(tiled_mma: cute.TiledMma, sQ: cute.Tensor, sV: cute.Tensor, tSrQ: cute.Tensor, "
        "tdPrV: cute.Tensor):\n"
        "    atom = cute.make_copy_atom(warp.LdMatrix8x8x16bOp(False, 4), Float16)\n"
        "    atom_t = cute.make_copy_atom(warp.LdMatrix8x8x16bOp(True, 4), Float16)\n"
        "    smem_thr_copy_Q = cute.make_tiled_copy_A(atom, tiled_mma).get_slice(tidx)\n"
        "    smem_thr_copy_V = cute.make_tiled_copy_B(atom_t, tiled_mma).get_slice(tidx)\n"
        "    tSsQ = smem_thr_copy_Q.partition_S(sQ)\n"
        "    tdPsV = smem_thr_copy_V.partition_S(sV)\n"
        "    tSrQ_view = smem_thr_copy_Q.retile(tSrQ)\n"
        "    tdPrV_view = smem_thr_copy_V.retile(tdPrV)\n"
        "    cute.copy(smem_thr_copy_Q, tSsQ, tSrQ_view)\n"
        "    cute.copy(smem_thr_copy_V, tdPsV, tdPrV_view)\n"
    )
    assert located(source) == []
    # Q's copy partitions nothing else and V's copies its own partition: the partition is the slip, not the copy
    assert located(source.replace("tSsQ = smem_thr_copy_Q", "tSsQ = smem_thr_copy_V")) == [(7, "CI102")]
    # where the copy given it partitions a tensor of its own too, the copy is reported at the copy (and the pattern
    # Q's copy then carries, at the partition, by CI110)
    both = source.replace("tSsQ = smem_thr_copy_Q", "tSsQ = smem_thr_copy_V").replace(
        "    tSrQ_view =", "    tSsQ_next = smem_thr_copy_Q.partition_S(sQ)\n    tSrQ_view =")
    assert located(both) == [(7, "CI110"), (12, "CI102")]


_TWO_MMAS = (
    "def accumulating(tiled_mma, zero):\n"
    "    tiled_mma.set(tcgen05.Field.ACCUMULATE, not zero)\n"
    "    return tiled_mma\n"
    "\n"
    "@cute.kernel\n"
    "def kernel(qk_tiled_mma: cute.TiledMma, dov_tiled_mma: cute.TiledMma, sQ: cute.Tensor, sK: cute.Tensor,\n"
    "           sdO: cute.Tensor, sV: cute.Tensor, gV: cute.Tensor, cS: cute.Tensor, cdP: cute.Tensor):\n"
    "    qk_thr_mma = qk_tiled_mma.get_slice(0)\n"
    "    dov_thr_mma = dov_tiled_mma.get_slice(0)\n"
    "    tSrQ = qk_thr_mma.make_fragment_A(sQ)\n"
    "    tSrK = qk_thr_mma.make_fragment_B(sK)\n"
    "    tStS = qk_thr_mma.make_fragment_C(acc_shape)\n"
    "    tdPrdO = dov_thr_mma.make_fragment_A(sdO)\n"
    "    tdPrV = dov_thr_mma.make_fragment_B(sV)\n"
    "    tdPtdP = dov_thr_mma.make_fragment_C(acc_shape)\n"
    "    qk_tiled_mma = accumulating(qk_tiled_mma, True)\n"
    "    dov_tiled_mma = accumulating(dov_tiled_mma, True)\n"
    "    cute.gemm(qk_tiled_mma, tStS, tSrQ, tSrK, tStS)\n"
    "    cute.gemm(dov_tiled_mma, tdPtdP, tdPrdO, tdPrV, tdPtdP)\n"
    "    tdPgV = dov_thr_mma.partition_B(gV)\n"
    "    tScS = qk_thr_mma.partition_C(cS)\n"
    "    tdPcdP = dov_thr_mma.partition_C(cdP)\n"
)


def test_an_mma_whose_gemms_make_one_product_names_every_partition_for_it():
    assert located(_TWO_MMAS) == []
    # two dO·V partitions named for Q·K's product S: the dO·V MMA's gemm fills dP only, and the Q·K MMA's fills S
    # (each MMA's name rebound to what a helper returns, the MMA it is given, by each call)
    planted = _TWO_MMAS.replace("tdPgV = dov", "tSgV = dov").replace("tScS = qk_thr_mma", "tScS = dov_thr_mma")
    assert located(planted) == [(20, "CI110"), (21, "CI110")]
    # an MMA whose gemms fill two products' accumulators may make partitions for both
    two_products = planted.replace(
        "    tSgV", "    cute.gemm(dov_tiled_mma, tStS, tdPrdO, tdPrV, tStS)\n    tSgV")
    assert located(two_products) == []


def test_a_method_of_another_modules_class_that_returns_one_expression_is_read_as_that_expression(tmp_path):
    package = tmp_path / "htile"
    package.mkdir()
    (package / "__init__.py").write_text("from .dataflow import KernelContext\n")
    (package / "dataflow.py").write_text(
        "class KernelContext:\n"
        "    def __init__(self, config):\n"
        "        self.config = config\n"
        "\n"
        "    @cute.jit\n"
        "    def partition_source(self, gT: cute.Tensor) -> cute.Tensor:\n"
        '        """Partition a tile as the copy\'s source."""\n'
        "        return self.thr_copy.partition_S(gT)\n"
        "\n"
        "    def setup(self, tiled_copy):\n"
        "        self.thr_copy = tiled_copy.get_slice(0)\n"
        "        return self.thr_copy\n"
    )
    source = (
        "from htile import KernelContext\n"
        "\n"
        "@cute.kernel\n"
        "def kernel(self, mRes: cute.Tensor, mO: cute.Tensor, tiled_copy: cute.TiledCopy):\n"
        "    ctx = KernelContext(self.config)\n"
        "    ctx.setup(tiled_copy)\n"
        "    gRes = cute.local_tile(mRes, tiler, (0, 0))\n"
        "    gO = cute.local_tile(mO, tiler, (0, 0))\n"
        "    tXgRes = ctx.partition_source(gRes)\n"
        "    tXgO = ctx.partition_source(gO)\n"
    )
    kernel = tmp_path / "kernels" / "rmsnorm.py"
    kernel.parent.mkdir()
    assert located(source, str(kernel)) == []
    # the residual's partition of the output tile: the method partitions what the call gives it
    planted = source.replace("ctx.partition_source(gRes)", "ctx.partition_source(gO)")
    assert located(planted, str(kernel)) == [(9, "CI105")]
    # a method of more than one statement is not read
    several = tmp_path / "htile" / "dataflow.py"
    several.write_text(several.read_text().replace(
        "        return self.thr_copy.partition_S(gT)\n",
        "        part = self.thr_copy.partition_S(gT)\n        return part\n"))
    assert located(planted, str(kernel)) == []
