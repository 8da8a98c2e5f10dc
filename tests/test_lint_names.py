"""The name grammar, checked on the names CUTLASS's naming-conventions page and seed 002 use."""

import pytest

from cute_inspect.lint.names import (
    TensorName,
    Vocabulary,
    canonical_op,
    is_direction_op,
    parse_name,
    parse_partitioned,
    renamed,
)

# name -> (scope, op, separator, where, what, variant)
PARTITIONED = {
    "tCgA": ("t", "C", "", "g", "A", ""),
    "tAsSFA": ("t", "A", "", "s", "SFA", ""),
    "tCtAcc": ("t", "C", "", "t", "Acc", ""),
    "tTR_tAcc": ("t", "TR", "_", "t", "Acc", ""),
    "tRSsC": ("t", "RS", "", "s", "C", ""),
    "bSG_gD": ("b", "SG", "_", "g", "D", ""),
    "tQgQ_qdl": ("t", "Q", "", "g", "Q", "qdl"),
    "tTMrO": ("t", "TM", "", "r", "O", ""),
    "tR2G_rO_src": ("t", "R2G", "_", "r", "O", "src"),
    "tTMEM_LOADtS": ("t", "TMEM_LOAD", "", "t", "S", ""),
    "tCtQState": ("t", "C", "", "t", "QState", ""),
    "tdQrdS": ("t", "dQ", "", "r", "dS", ""),
    "tDeltasCumsumDelta": ("t", "Delta", "", "s", "CumsumDelta", ""),
    "tCtAcc_fake": ("t", "C", "", "t", "Acc", "fake"),
    "t0QcQ": ("t0", "Q", "", "c", "Q", ""),
    "tdQvrdS": ("t", "dQv", "", "r", "dS", ""),
    # as kernel authors also write them: FlashAttention's accumulator family, lower-case and glued directions
    "taccOrO": ("t", "accO", "", "r", "O", ""),
    "taccdVsdV": ("t", "accdV", "", "s", "dV", ""),
    "ts2rsLSE": ("t", "s2r", "", "s", "LSE", ""),
    "tdQsdQaccumg2s": ("t", "dQ", "", "s", "dQaccum", "g2s"),
    "tXc0X": ("t", "X", "", "c", "0X", ""),
    # a copy's partition of an MMA partition keeps that name whole: read as its where and tensor
    "tTR_tCcState": ("t", "TR", "_", "c", "State", ""),
}
UNPARTITIONED = {
    "gA_mkl": ("g", "A", "mkl"), "sA": ("s", "A", ""), "tAcc_epi": ("t", "Acc", "epi"), "cC": ("c", "C", ""),
}
NOT_NAMES = ["acc_vec", "thrA", "tCor_for_copy", "s_part", "tTR_t", "tCpC"]


@pytest.mark.parametrize("name", sorted(PARTITIONED))
def test_partitioned_names_parse_into_their_parts(name):
    parsed = parse_partitioned(name)
    assert parsed is not None, name
    assert (parsed.scope, parsed.op, parsed.separator, parsed.where, parsed.what, parsed.variant) == PARTITIONED[name]


@pytest.mark.parametrize("name", sorted(UNPARTITIONED))
def test_unpartitioned_names_parse_without_scope_or_op(name):
    parsed = parse_name(name)
    assert not parsed.partitioned
    assert (parsed.where, parsed.what, parsed.variant) == UNPARTITIONED[name]


@pytest.mark.parametrize("name", NOT_NAMES)
def test_names_outside_the_grammar_do_not_parse(name):
    assert parse_partitioned(name) is None


def test_extra_vocabulary_admits_tokens_of_other_shapes():
    vocabulary = Vocabulary(extra_ops=("qk",), extra_tensors=("lse",))
    assert parse_partitioned("tqksQ") is None
    assert parse_partitioned("tqksQ", vocabulary).op == "qk"
    assert parse_partitioned("tOrlse", vocabulary).what == "lse"


def test_nested_names_keep_their_inner_pattern_when_renamed():
    name = parse_partitioned("tTR_tCcState")
    assert name.inner == "tC" and renamed(name, where="t") == "tTR_tCtState"


def test_patterns_merge_spellings_of_one_op():
    assert parse_partitioned("tR2G_rO").pattern == parse_partitioned("tRGgO").pattern == "tRG"
    assert parse_partitioned("tTMEM_LOADtO").pattern == parse_partitioned("tTMrO").pattern == "tTM"
    assert canonical_op("T2R") == "TR" and is_direction_op("SG") and not is_direction_op("QK")
    assert canonical_op("s2r") == "SR" and parse_partitioned("ts2rsLSE").pattern == parse_partitioned("tSRrLSE").pattern


def test_the_convention_spelled_in_snake_case_is_read_for_partitions_only():
    assert parse_name("t_cg_a") == TensorName("t", "C", "", "g", "A", "", snake=True)
    assert parse_name("t_tr_t_acc_epi") == TensorName("t", "TR", "_", "t", "Acc", "epi", snake=True)
    assert parse_name("b_sg_s_out") == TensorName("b", "SG", "_", "s", "Out", "", snake=True)
    assert renamed(parse_name("t_tr_r_acc"), where="s") == "t_tr_s_acc"
    assert renamed(parse_name("t_cg_c"), where="c") == "t_cc_c"
    # plain snake names say no memory (`s_max`, `g_row`), nor do names with no op-and-where part
    assert [parse_name(name) for name in ("s_a", "s_max", "g_row", "t_x_s", "t_idx")] == [None] * 5
