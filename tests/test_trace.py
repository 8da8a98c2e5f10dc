"""Tracing small kernels compiled for sm_100a with fake tensors: records, names, labels, checks, exit codes."""

import os

import pytest

from _cli import KERNELS, ROOT, cute_inspect, trace_json

SEED = "tests/kernels/seed002.py"


@pytest.fixture(scope="module")
def mma_events():
    return trace_json(f"{SEED}:compile_mma")


def _one(events, name):
    found = [e for e in events if name in e["names"]]
    assert len(found) == 1, [e["names"] for e in events]
    return found[0]


def test_local_tile_of_the_seed_example_is_labelled_block():
    gA = _one(trace_json(f"{SEED}:compile_tile"), "gA")
    assert gA["op"] == "local_tile" and gA["shapes"] == ["(128,64,4)"]
    # no MMA in this kernel: the tiler's positions name the axes (rows M, columns N), a guess marked as such
    assert gA["levels"] == [["block-atom-M", "block-atom-N", "block-rest-N"]]
    assert gA["label_rules"] == [["local_tile.proj"] * 3]
    assert gA["derivation"].endswith(
        "zipped_divide by (128,64) -> ((128,64),(8,4)) -> index the rest by (0, None) -> ((128,64),(4))"
        " -> unfold -> (128,64,4)")
    assert gA["memspaces"] == ["gmem"] and gA["dtypes"] == ["f16"]


def test_partition_a_of_the_seed_example_is_labelled_mma_then_block(mma_events):
    tCgA = _one(mma_events, "tCgA")
    assert tCgA["shapes"] == ["((128,16),1,4,8,16,1)"]
    assert tCgA["levels"] == [["mma-atom", "mma-rest-M", "mma-rest-K", "block-rest-M", "block-rest-K",
                               "block-rest-L"]]
    gA = _one(mma_events, "gA_mkl")
    assert tCgA["inputs"] == [gA["index"]]
    assert tCgA["kernel"] == "mma_kernel" and tCgA["file"] == SEED


def test_multi_line_calls_and_tuple_assignments_are_named(mma_events):
    gB = _one(mma_events, "gB_nkl")
    assert gB["line"] == 39 and gB["shapes"] == ["(256,64,4,16,1)"]
    grouped, again = _one(mma_events, "grouped"), _one(mma_events, "again")
    assert grouped["shapes"] == ["(((128,16),1,4),8,16,1)"]
    assert again["shapes"] == ["(((256,16),1,4),4,16,1)"]
    assert grouped["levels"][0][0] == ["mma-atom", "mma-rest-M", "mma-rest-K"]


def test_a_helper_modules_tensor_is_shown_at_the_callers_line_under_the_callers_name(mma_events):
    helper = [e for e in mma_events if e["chain"]]
    assert len(helper) == 1 and helper[0]["op"] == "flat_divide"
    assert helper[0]["names"] == ["helper_tile"] and (helper[0]["file"], helper[0]["line"]) == (SEED, 50)
    assert [(c["file"].rsplit("/", 1)[-1], c["line"], c["function"]) for c in helper[0]["chain"]] == [
        ("seed002.py", 50, "mma_kernel"), ("helpers.py", 7, "tile_in_helper")]


def test_kernel_parameters_become_input_records_named_by_axis(mma_events):
    mA = _one(mma_events, "mA_mkl")
    assert mA["op"] == "input" and mA["levels"] == [["input-mode-M", "input-mode-K", "input-mode-L"]]


def test_dynamic_extents_trace_as_question_marks():
    events = trace_json(f"{SEED}:compile_mma_dynamic")
    tCgA = _one(events, "tCgA")
    assert tCgA["shapes"] == ["((128,16),1,4,?,?,1)"]


def test_text_report_groups_by_level_within_100_columns():
    done = cute_inspect("trace", f"{SEED}:compile_mma", "--arch", "sm_100a")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("kernel mma_kernel")
    assert max(len(line) for line in lines) <= 100
    text = done.stdout
    assert text.index("Block (TMA)") < text.index("MMA: partitions") < text.index("Views")
    assert "(MMA, MMA_M, MMA_K, RestM, RestK, RestL)" in text


def test_markdown_report_has_a_row_per_tensor():
    done = cute_inspect("trace", f"{SEED}:compile_tile", "--arch", "sm_100a", "--format", "markdown")
    assert done.returncode == 0, done.stderr
    assert "| `gA` | local_tile | gmem | f16 | `(128,64,4)` |" in done.stdout


def test_json_events_carry_the_documented_fields(mma_events):
    for key in ("names", "op", "file", "line", "kernel", "in_shapes", "shapes", "memspaces", "dtypes", "levels"):
        assert all(key in e for e in mma_events), key


def test_failed_check_exits_1_with_file_line_variable_and_labelled_mode():
    done = cute_inspect("trace", f"{SEED}:compile_wrong", "--arch", "sm_100a")
    assert done.returncode == 1
    first, second = done.stderr.splitlines()[:2]
    assert first.startswith("cute-inspect: shape check failed: tests/kernels/seed002.py:20: `gA` has shape (128,64,4)")
    assert "'(bM, bK, RestK)'" in first
    assert second.strip() == "mode 1: bK is 32, found 64 [block-atom]"


@pytest.mark.parametrize("target, message", [
    ("nope:fn", "nope: no such module"),
    ("tests/kernels/missing.py:fn", "no such file"),
    (f"{SEED}:absent", "has no function 'absent'"),
    ("no-colon", "is not MODULE:FUNCTION"),
    (f"{SEED}:broken", "seed002.py:85: the target raised: RuntimeError: no such tensor"),
])
def test_bad_targets_exit_2_with_one_line_cause(target, message):
    done = cute_inspect("trace", target, "--arch", "sm_100a")
    assert done.returncode == 2
    assert message in done.stderr.splitlines()[0]
    assert "Traceback" not in done.stderr


def test_unknown_arch_is_refused():
    done = cute_inspect("trace", f"{SEED}:compile_tile", "--arch", "sm_99")
    assert done.returncode == 2 and "unknown arch 'sm_99'" in done.stderr


def _ptx(tmp_path, label, args, env):
    out = tmp_path / label
    out.mkdir()
    # the program stops a traced compile at IR unless told otherwise: here the PTX is the point
    done = cute_inspect(*args, env={"CUTE_DSL_DRYRUN": "0", "CUTE_DSL_KEEP": "ptx", "CUTE_DSL_DUMP_DIR": str(out),
                                    **env})
    assert done.returncode == 0, done.stderr
    (ptx,) = out.glob("*.ptx")
    return ptx.read_text()


def test_checks_and_tracing_leave_the_ptx_unchanged(tmp_path):
    compile_only = ["trace", f"{SEED}:compile_copy", "--arch", "sm_100a", "--format", "json"]
    without = _ptx(tmp_path, "off", compile_only, {"CUTE_INSPECT_CHECKS": "0"})
    traced = _ptx(tmp_path, "on", compile_only, {"CUTE_INSPECT_CHECKS": "1"})
    assert "st.global" in without or "st.global" in traced
    assert traced == without


def test_kernel_module_runs_without_the_tracer():
    import subprocess
    import sys

    code = "import seed002; seed002.compile_copy(); print('compiled')"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=KERNELS,
                          env={**os.environ, "CUTE_DSL_ARCH": "sm_100a", "PYTHONPATH": ROOT})
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "compiled"


def test_kernel_parameters_link_to_the_host_tensors_passed_in_and_slices_keep_axes():
    events = trace_json("gemm.sm80:compile_only", arch="sm_80")
    host = {e["names"][0]: e for e in events if e["kernel"] == "__call__"}
    params = [e for e in events if e["op"] == "input" and e["names"][0] in ("mA_mkl", "mB_nkl", "mD_mnl")]
    assert {e["names"][0]: e["inputs"] for e in params} == {
        name: [host[name]["index"]] for name in ("mA_mkl", "mB_nkl", "mD_mnl")}
    gA = _one(events, "gA")  # made from the slice mA_mkl[None, None, bidz] of the parameter
    (param_a,) = [e for e in params if e["names"] == ["mA_mkl"]]
    assert gA["inputs"] == [param_a["index"]]
    assert gA["levels"][0][:2] == ["block-atom-M", "block-atom-K"]
