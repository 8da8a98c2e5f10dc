"""The misses of the twenty-fifth base (unopened kernel files of the pinned packages; docs/lint.md, "A twenty-fifth
code base"): each test is the data flow of one missed plant, in a kernel of its own."""

from __future__ import annotations

from _lint import located


def test_a_helpers_partition_named_for_another_tensor_of_the_family_its_parameter_and_callers_name_is_reported():
    source = (
        "@cute.jit\n"
        "def sk_load_v(tSKrSK, sV_DS, sk_thr_copy_C):\n"
        "    tSKsK = sk_thr_copy_C.partition_S(sV_DS)\n"
        "    return tSKsK\n"
        "@cute.kernel\n"
        "def kernel(mK, mV, sK_DS: cute.Tensor, sV_DS: cute.Tensor, tiled_copy):\n"
        "    thr = tiled_copy.get_slice(0)\n"
        "    tKsK = thr.partition_S(sK_DS)\n"
        "    sk_load_v(None, sV_DS, thr)\n"
    )
    assert (3, "CI105") in located(source)
    # the parameter's own name and the call agree on K: the helper's name is right
    assert located(source.replace("sk_load_v(None, sV_DS", "sk_load_v(None, sK_DS").replace(
        "partition_S(sV_DS)", "partition_S(sK_DS)").replace("tSKrSK, sV_DS", "tSKrSK, sK_DS")) == []


_FRAGMENTS = (
    "@cute.kernel\n"
    "def kernel(sQ_SD: cute.Tensor, sK_SD: cute.Tensor, tiled_mma):\n"
    "    thr_mma = tiled_mma.get_slice(0)\n"
    "    tOsQ = thr_mma.partition_B(sQ_SD)\n"
    "    tOrQ = thr_mma.make_fragment_B(tOsQ)\n"
    "    tSsK = thr_mma.partition_A(sK_SD)\n"
    "    tSrK = thr_mma.make_fragment_A(tSsK)\n"
    "    cute.gemm(tiled_mma, acc, tSrK, tOrQ, acc)\n"
)


def test_an_mma_fragment_of_a_partition_whose_own_name_its_buffer_confirms_is_that_tensors():
    # make_fragment_B lays a descriptor over tOsQ's shared memory: it holds Q, not K
    assert (5, "CI105") in located(_FRAGMENTS.replace("tOrQ", "tOrK"))
    assert located(_FRAGMENTS) == []


def test_an_mma_fragment_named_with_the_other_slots_letter_is_reported():
    assert (7, "CI105") in located(_FRAGMENTS.replace("tSrK", "tSrB"))
    # named with its own slot's letter, it names the operand it is for
    assert located(_FRAGMENTS.replace("tSrK", "tSrA")) == []


def test_a_swap_of_another_mma_in_the_function_excuses_no_slot_slip_of_this_one():
    source = (
        "@cute.kernel\n"
        "def kernel(sA: cute.Tensor, sB: cute.Tensor, tiled_mma, fc1_tiled_mma):\n"
        "    thr_mma = tiled_mma.get_slice(0)\n"
        "    tCsA = thr_mma.partition_A(sA)\n"
        "    tCsB = thr_mma.partition_B(sB)\n"
        "    tCrA = tiled_mma.make_fragment_A(tCsA)\n"
        "    tCrB = tiled_mma.make_fragment_A(tCsB)\n"
        "    thr_mma_fc1 = fc1_tiled_mma.get_slice(0)\n"
        "    tCsA_sw = thr_mma_fc1.partition_A(sB)\n"
        "    tCsB_sw = thr_mma_fc1.partition_B(sA)\n"
    )
    found = located(source)
    assert (7, "CI106") in found
    # the fc1 MMA's own swap (C^T = B^T A^T) is still no finding
    assert not [line for line, _ in found if line in (9, 10)]


def test_an_object_rebuilt_from_its_own_mlir_values_is_that_object():
    source = (
        "@cute.kernel\n"
        "def kernel(sdS: cute.Tensor, sKt: cute.Tensor, sQ: cute.Tensor, tmma2, tmma3):\n"
        "    tmma2 = tmma2.__new_from_mlir_values__(tmma2.__extract_mlir_values__())\n"
        "    tmma3 = tmma3.__new_from_mlir_values__(tmma3.__extract_mlir_values__())\n"
        "    tDKrA = tmma2.make_fragment_A(sdS)\n"
        "    tDKrB = tmma2.make_fragment_B(sQ)\n"
        "    tDQrDS = tmma3.make_fragment_A(sdS)\n"
        "    tDQrKt = tmma3.make_fragment_B(sKt)\n"
    )
    assert located(source) == []
    # the dQ MMA's fragment named with the dK MMA's pattern
    assert (8, "CI110") in located(source.replace("tDQrKt", "tDKrKt"))


def test_a_call_of_another_modules_function_that_relays_its_argument_is_a_view_of_that_argument(tmp_path):
    (tmp_path / "helpers.py").write_text(
        "def select_tensor_10(t):\n"
        "    return cute.make_tensor(\n"
        "        t.iterator.align(t.iterator.max_alignment),\n"
        "        cute.make_layout((t.layout.shape[1], t.layout.shape[0])),\n"
        "    )\n"
    )
    source = (
        "from .helpers import select_tensor_10\n"
        "@cute.kernel\n"
        "def kv_load(gKV: cute.Tensor, tiled_copy):\n"
        "    thr_copy_kv = tiled_copy.get_slice(0)\n"
        "    tKVsKV = thr_copy_kv.partition_S(select_tensor_10(gKV))\n"
    )
    kernel = tmp_path / "kernel.py"
    assert (5, "CI105") in located(source, str(kernel))
    assert located(source.replace("tKVsKV", "tKVgKV"), str(kernel)) == []
