"""What real kernels do to the tracer, reproduced by small kernels (tests/kernels/patterns.py) for sm_80:
names come from the assigning statement (helpers, comprehensions, conditionals, chained calls, branches)."""

import pytest

from _cli import trace_json

PATTERNS = "tests/kernels/patterns.py"


@pytest.fixture(scope="module")
def names_events():
    return trace_json(f"{PATTERNS}:compile_names", arch="sm_80")


def _named(events, name):
    return [e for e in events if name in e["names"]]


def test_a_helpers_results_take_the_callers_names_at_the_callers_line(names_events):
    (tAgA,) = _named(names_events, "tAgA")
    (tAgB,) = _named(names_events, "tAgB")
    assert (tAgA["op"], tAgA["line"]) == ("partition_S", 28) and (tAgB["op"], tAgB["line"]) == ("partition_D", 28)
    assert [c["function"] for c in tAgA["chain"]] == ["names_kernel", "partition_pair"]
    assert tAgA["chain"][-1]["file"].endswith("pattern_helpers.py") and tAgA["chain"][-1]["line"] == 8


def test_a_helpers_intermediate_keeps_its_own_name_and_line_with_the_chain(names_events):
    (tCgC,) = _named(names_events, "tCgC")
    (gX,) = _named(names_events, "gX")
    assert tCgC["line"] == 29 and gX["file"].endswith("pattern_helpers.py") and gX["line"] == 14
    assert gX["chain"][0]["line"] == 29


def test_kernel_parameters_iterated_by_a_comprehension_keep_their_own_names(names_events):
    inputs = [e["names"][0] for e in names_events if e["op"] == "input"]
    assert inputs == ["mA", "mB", "mC"]
    assert [e["names"][0] for e in names_events if e["op"] == "local_tile" and e["line"] == 26] == ["gA", "gB"]


def test_a_conditional_assignment_names_its_call(names_events):
    (gC,) = _named(names_events, "gC")
    assert gC["op"] == "local_tile" and gC["line"] == 27


def test_a_chained_call_leaves_the_inner_result_unnamed(names_events):
    (inner,) = [e for e in names_events if e["line"] == 30 and e["op"] == "partition_S"]
    assert inner["names"] == [None]
    assert not [e for e in names_events if "values" in e["names"]]


def test_a_tensor_reassigned_in_a_branch_keeps_its_name(names_events):
    picked = _named(names_events, "tPgA")
    assert [e["line"] for e in picked] == [33, 35]
    copies = [e for e in names_events if e["op"] == "copy"]
    assert all(i not in [e["index"] for e in names_events if e["op"] == "input"] for c in copies for i in c["inputs"])


@pytest.fixture(scope="module")
def attention_events():
    return trace_json(f"{PATTERNS}:compile_attention", arch="sm_80")


def _levels_of(events, name):
    (event,) = _named(events, name)
    return event["levels"][0]


def test_two_mmas_label_their_own_modes_with_attention_axes(attention_events):
    assert _levels_of(attention_events, "tSgQ") == ["mma_qk-atom", "mma_qk-rest-Q", "mma_qk-rest-D"]
    assert _levels_of(attention_events, "tSrK") == ["mma_qk-atom", "mma_qk-rest-K", "mma_qk-rest-D"]
    assert _levels_of(attention_events, "tOrV") == ["mma_pv-atom", "mma_pv-rest-D", "mma_pv-rest-K"]
    assert _levels_of(attention_events, "acc_O") == ["mma_pv-atom", "mma_pv-rest-Q", "mma_pv-rest-D"]
    assert _levels_of(attention_events, "gK") == ["block-atom-K", "block-atom-D", "block-rest-K"]


def test_views_carry_their_sources_labels(attention_events):
    assert _levels_of(attention_events, "tOrP_i32") == _levels_of(attention_events, "tOrP")
    assert _levels_of(attention_events, "acc_S_nz") == _levels_of(attention_events, "acc_S")
    assert _levels_of(attention_events, "gQ_next") == _levels_of(attention_events, "gQ")
    assert _levels_of(attention_events, "tSrQ_copy") == _levels_of(attention_events, "tSrQ")
    assert _levels_of(attention_events, "gQ_t") == ["block-atom-D", "block-atom-Q"]  # a transposed view
    assert _levels_of(attention_events, "cS") == ["coord-mode-Q", "coord-mode-K"]


def test_gemms_name_their_operands_and_unrolled_helper_calls_fold(attention_events, tmp_path):
    from _cli import cute_inspect

    done = cute_inspect("trace", f"{PATTERNS}:compile_attention", "--arch", "sm_80")
    assert done.returncode == 0, done.stderr
    assert "acc_S = tSrQ x tSrK + acc_S" in done.stdout and "acc_O = tOrP x tOrV + acc_O" in done.stdout
    folded = [line for line in done.stdout.splitlines() if " x2 " in line]
    assert len(folded) == 2 and all("patterns.py:96" in line for line in folded), done.stdout
    assert len([e for e in attention_events if e["chain"]]) == 4


def test_the_html_report_shows_a_helpers_tensor_at_the_kernel_line_with_the_helper_line(tmp_path):
    from _cli import cute_inspect

    report = tmp_path / "report.html"
    done = cute_inspect("trace", f"{PATTERNS}:compile_names", "--arch", "sm_80", "--html", str(report))
    assert done.returncode == 0, done.stderr
    page = report.read_text()
    assert "patterns.py:28</span> <em>via pattern_helpers.py:8</em>" in page
    assert "<dt>call chain</dt>" in page and "<code>partition_pair</code>" in page


@pytest.fixture(scope="module")
def binding_events():
    return trace_json(f"{PATTERNS}:compile_bindings", arch="sm_80")


def test_a_helpers_tensors_made_in_a_comprehension_take_the_names_the_statement_binds(binding_events):
    # `mA, mB = [aligned(t) for t in (mA, mB)]`: made in the helper, bound once the comprehension has finished
    made = [e for e in binding_events if e["op"] == "make_tensor"]
    assert [(e["names"], e["line"], e["function"]) for e in made] == [(["mA"], 120, "binding_host"),
                                                                     (["mB"], 120, "binding_host")]
    assert [c["function"] for c in made[0]["chain"]] == ["<listcomp>", "aligned"]


def test_a_parameter_first_sliced_in_a_helper_is_entered_at_the_kernels_call_under_its_name(binding_events):
    (mC,) = [e for e in binding_events if e["op"] == "input" and e["names"] == ["mC"]]
    assert (mC["file"].endswith("patterns.py"), mC["line"], mC["function"]) == (True, 113, "binding_kernel")


def test_a_parameter_sliced_through_a_packages_own_getitem_is_entered_at_the_kernels_slice(binding_events):
    inputs = {e["names"][0]: e for e in binding_events if e["op"] == "input"}
    assert (inputs["mA"]["line"], inputs["mB"]["line"]) == (112, 115)
    assert inputs["mA"]["file"].endswith("patterns.py")
    # and each is the host's view of the same name
    made = {e["names"][0]: e["index"] for e in binding_events if e["op"] == "make_tensor"}
    assert (inputs["mA"]["inputs"], inputs["mB"]["inputs"]) == ([made["mA"]], [made["mB"]])
