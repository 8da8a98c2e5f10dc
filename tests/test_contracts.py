"""CuTe API contracts (seed 002, Convention 2): the checks on argument shapes, and the corpus of violations."""

import pytest

from cute_inspect.check.contracts import (
    check_copy, check_gemm, check_local_tile, check_partition, check_tma_partition, copy_tile, mma_tile,
)
from test_comments import CORPUS, marks, run_cases

SM90 = f"{CORPUS}/contracts_sm90.py"
SM80 = f"{CORPUS}/contracts_sm80.py"


class _Typed:
    """Stands for a CuTe atom or tiled op: the checks read only its type string."""

    def __init__(self, text):
        self.type = text


_TMA = _Typed('!cute_nvgpu.atom.non_exec_tiled_tma_load<sm_90, f16, copy_bits = 65536, '
              'tma_gbasis = <"(64,64):(1@1,1@0)">, tma_format = F16_RN>')
_MMA = _Typed('!cute.tiled_mma<!cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32) >, '
              'atom_layout_MNK = <"(2,2,1):(1,2,0)">, permutation_MNK = <"[_;_;_]">>')
_COPY = _Typed('!cute.tiled_copy<!cute_nvgpu.atom.universal_copy<f16, 128 b>, layout_copy_tv = '
               '<"((4,32),8):((256,1),32)">, tiler_mn = <"[32:1;32:1]">>')


# -- the checks, from shapes and type strings ----------------------------------------------------------

def test_grouped_tma_inputs_pass_and_flat_ones_get_the_group_modes_fix():
    assert check_tma_partition(_TMA, ((64, 64), 2), ((64, 64), 8)) == []
    (found,) = check_tma_partition(_TMA, ((64, 64), 2), (64, 64, 8), ("sA", "tCgA"))
    assert found == ("CI301", "`tCgA` is (64,64,8), but tma_partition takes (tma_tile, rest...) with the "
                              "TMA tile (4096-element boxes) as mode 0: pass `cute.group_modes(tCgA, 0, 2)`")


def test_a_tile_of_several_tma_boxes_is_accepted():
    assert check_tma_partition(_TMA, (((64, 2), 64), 2), (((64, 64), 2), 8)) == []


def test_the_group_modes_k_is_found_from_the_tma_tile_size():
    # an MMA partition (MMA, MMA_M, MMA_K, RestK) of a 64x64 tile: the tile is the first three modes
    (found,) = check_tma_partition(_TMA, ((64, 64), 2), ((64, 16), 1, 4, 8), ("sA", "tCgA"))
    assert "`cute.group_modes(tCgA, 0, 3)`" in found[1]
    (found,) = check_tma_partition(_TMA, ((64, 64), 2), (32, 48, 5), ("sA", "gA"))
    assert "not a multiple of the TMA atom's 4096-element box: no leading modes make up the tile" in found[1]


def test_tiled_op_tiles_are_read_from_their_types():
    assert mma_tile(_MMA) == (32, 16, 16)
    assert copy_tile(_COPY) == (32, 32)
    permuted = _Typed(_MMA.type.replace("[_;_;_]", "[64:1;(8,2):(1,8);_]"))
    assert mma_tile(permuted) == (64, 16, 16)
    assert mma_tile(_Typed("!cute.something_else")) is None


def test_partition_inputs_must_cover_the_tile():
    assert check_partition("partition_A", _MMA, (64, 32, 16)) == []
    (found,) = check_partition("partition_A", _MMA, (8, 8, 64))
    assert found[0] == "CI303" and "mode 0 (M) has 8 elements, the tile 32; mode 1 (K) has 8" in found[1]
    (found,) = check_partition("partition_B", _MMA, (24, 16))  # N tile is 16: 24 leaves a partial tile
    assert "mode 0 (N) has 24 elements, the tile 16" in found[1]
    assert check_partition("partition_S", _COPY, (64, 64, 2)) == []
    assert check_partition("partition_D", _COPY, (64, 48))[0][0] == "CI303"


@pytest.mark.parametrize("in_shape, tiler, coord, proj, wanted", [
    ((256, 512), (64, 64), (0, None), None, None),
    ((1024, 1024, 1), (128, 64), (None, None, None), None, None),  # untiled modes are indexed too
    ((1024, 1024, 1), (128, 256, 64), (0, 0, None, 0), (1, None, 1), None),  # Hopper: projected tiler
    ((256, 512), (64, 64), (0, None, 0), None, "the coordinate (0, None, 0) has 3 modes but the tensor"),
    ((256, 512), (64, 64, 32), (0, None, 0), (1, None), "proj (1, None) has 2 modes but the tiler"),
    ((256, 512), (64, 64, 32), (0, None, 0), None, "the tiler has 3 modes but the tensor (256,512) has 2"),
    ((256, 512, 1), (64, 64), (0,), None, "the coordinate (0) has 1 modes but the tiler has 2"),
])
def test_local_tile_ranks(in_shape, tiler, coord, proj, wanted):
    found = check_local_tile(in_shape, tiler, coord, proj)
    if wanted is None:
        assert found == []
    else:
        assert any(code == "CI302" and wanted in message for code, message in found), found


def test_gemm_operands_must_agree_on_their_rests():
    c = ((2, 2), 4, 8)
    assert check_gemm(c, ((2, 2, 2), 4), ((2, 2), 8), c) == []  # k-slices of A and B
    assert check_gemm(c, ((2, 2, 2), 4, 2), ((2, 2), 8, 2), c) == []
    assert check_gemm(c, ((2, 2, 2), 4, 2), ((2, 2), 8, 4), c) == [
        ("CI305", "MMA_K: mode 2 of a (2) and mode 2 of b (4) differ")]
    assert check_gemm(((2, 2), 2, 8), ((2, 2, 2), 4), ((2, 2), 8), c)[0][1].startswith("MMA_M: mode 1 of d (2)")
    assert check_gemm(((128, 256), 1, 1), (1, 1), (1, 1), ((128, 256), 1, 1)) == []  # tcgen05 descriptors


def test_copies_compare_the_modes_after_the_atom():
    assert check_copy(((8, 1), 2, 1), ((8, 1), 2, 1)) == []
    assert check_copy((((32, 32), 1), 1, 1), ((32, 1), 1, 1)) == []  # TMEM -> registers: atoms differ
    assert check_copy(((8, 1), 2, 1), (8, 2, 2)) == [
        ("CI304", "mode 2 has 1 element in the source ((8,1),2,1) but 2 in the destination (8,2,2)")]
    assert "has 3 modes, the destination" in check_copy(((8, 1), 2, 1), ((8, 1), 2))[0][1]


# -- the corpus, compiled: findings at the marked lines, CuTe errors with context ----------------------

@pytest.fixture(scope="module")
def sm90():
    cases = ("grouped", "flat_gmem", "flat_both", "coord_rank", "proj_rank")
    return run_cases("sm_90a", *(f"{SM90}:compile_{c}" for c in cases))


@pytest.fixture(scope="module")
def sm80():
    return run_cases("sm_80", *(f"{SM80}:compile_{c}" for c in ("ok", "small_tile", "copy_shapes", "gemm_shapes")))


def test_a_correct_kernel_breaks_no_contract(sm90, sm80):
    for result in (sm90[f"{SM90}:compile_grouped"], sm80[f"{SM80}:compile_ok"]):
        assert result["error"] is None and result["findings"] == []


def test_each_violation_is_reported_at_its_marked_line(sm90, sm80):
    found = {(f["path"], f["line"], f["code"]) for results in (sm90, sm80) for result in results.values()
             for f in result["findings"]}
    assert found == {(path, line, code) for path in (SM90, SM80) for line, code in marks(path)}


def test_a_flat_tma_input_says_which_group_modes_to_write(sm90):
    result = sm90[f"{SM90}:compile_flat_both"]
    messages = [f["message"] for f in result["findings"]]
    assert any("`sA` is (64,64,2)" in m and "`cute.group_modes(sA, 0, 2)`" in m for m in messages)
    assert any("`gA` is (64,64,8)" in m and "`cute.group_modes(gA, 0, 2)`" in m for m in messages)
    # CuTe only fails later, in IR verification, without a line: the findings came first
    assert result["error_type"] == "DSLRuntimeError"


def test_cute_errors_gain_the_line_the_variable_the_labelled_inputs_and_the_contract(sm90):
    error = sm90[f"{SM90}:compile_flat_gmem"]["error"]
    lines = error.splitlines()
    assert lines[0] == f"{SM90}:28: `tma_partition` for `tAsA, tAgA` failed"
    assert "  gmem_tensor `gA`: (64 block-atom-M, 64 block-atom-K, 8 block-rest-K)" in lines
    assert any(x.startswith("  contract: tma_partition takes (tma_tile, rest...)") for x in lines)
    assert lines[-1].startswith("  CuTe said: MLIRError: ") and "expects smem and gmem have the same size" in error


def test_local_tile_rank_errors_are_explained(sm90):
    error = sm90[f"{SM90}:compile_coord_rank"]["error"]
    assert error.startswith(f"{SM90}:32: `local_tile` for `gA_bad` failed")
    assert "  input `mA_mk`: (256 input-mode-M, 512 input-mode-K)" in error
    assert "CI302: the coordinate (?, None, 0) has 3 modes but the tensor (256,512) has 2" in error
    assert sm90[f"{SM90}:compile_proj_rank"]["error_type"] == "ContractError"


def test_a_partition_that_does_not_cover_the_atom_is_reported_though_cute_accepts_it(sm80):
    result = sm80[f"{SM80}:compile_small_tile"]
    assert result["error"] is None
    (mma,) = [f for f in result["findings"] if "`partition_A`" in f["message"]]
    assert mma["message"].startswith("`partition_A` for `tCgA_small`: the input (8,8,64) does not cover the "
                                     "tiled MMA's 32x16 tile")


def test_a_copy_of_mismatched_partitions_names_both_tensors(sm80):
    error = sm80[f"{SM80}:compile_copy_shapes"]["error"]
    assert "  src `tAgA[None, None, None, 0]`: ((8,1) copy-atom, 2 copy-rest-M, 1 copy-rest-K)" in error
    assert "  dst `tArB`: (8 input-mode, 2 input-mode, 2 input-mode)" in error
    assert "CuTe said: ValueError: Expected source and destination tensors to have the same size" in error


def test_a_gemm_of_mismatched_operands_shows_all_four_with_labels(sm80):
    error = sm80[f"{SM80}:compile_gemm_shapes"]["error"]
    assert error.startswith(f"{SM80}:42: `gemm` failed")
    assert "  b `tCrB[None, None, 0]`: ((2,2) mma-atom, 2 mma-rest-N)" in error
    assert "  c `tCrC`: ((2,2) mma-atom, 2 mma-rest-M, 4 mma-rest-N)" in error
    assert "CI305: MMA_N: mode 1 of b (2) and mode 2 of c (4) differ" in error
    assert "CuTe said: DSLOperationBuildError: [Error] MLIRError: Verification failed" in error  # colours gone


def test_check_prints_the_finding_then_the_explained_error_and_exits_2():
    from _cli import cute_inspect

    (line,) = [line for line, code in marks(SM80) if code == "CI304"]
    done = cute_inspect("check", f"{SM80}:compile_copy_shapes", "--arch", "sm_80")
    assert done.returncode == 2
    assert done.stdout.startswith(f"{SM80}:{line}:9: CI304 `copy`: mode 2 has 1 element in the source")
    assert done.stderr.startswith(f"cute-inspect: compile failed at a CuTe call: {SM80}:{line}: `copy` failed "
                                  "(the contract findings above are the likely cause)\n")


def test_a_broadcasting_s2t_copy_is_checked_against_its_source_elements():
    # Blackwell block-scaled GEMM's scale-factor copy: tiler 2048 elements, each source element copied to 4 lanes
    s2t = _Typed('!cute.tiled_copy<!cute_nvgpu.atom.s2t_copy<f8E4M3FN, 32 DP, 128 bit, 1 cta, x4>, '
                 'layout_copy_tv = <"(1,(32,(4,4),4)):(0,(1,(32,128),512))">, '
                 'tiler_mn = <"[(32,4,16):(1,512,32);1:0;1:0]">>')
    assert check_partition("partition_S", s2t, ((((32, 4), 1), (1, 4)), 1, 4, 5)) == []
    assert check_partition("partition_S", s2t, (((32, 2), 1), 1, 4, 5))[0][0] == "CI303"
