"""CI107: the where letter against the traced memory space, from hand-made records and one real compile."""

import json
import subprocess
import sys
import textwrap
from types import SimpleNamespace

import pytest
from _cli import cute_inspect as _cute_inspect

from cute_inspect import cli
from cute_inspect.findings import Finding
from cute_inspect.lint import lint_paths
from cute_inspect.lint.rules import RuleContext
from cute_inspect.lint.rules.memory_agreement import check_records


def _record(name, memory, op="partition_A", file="/k.py", line=3):
    return SimpleNamespace(names=(name,), memspaces=(memory,), op=op, file=file, line=line, col=4)


@pytest.mark.parametrize(
    "name, memory, op",
    [
        ("tCgA", "gmem", "partition_A"),
        ("mA_mkl", "gmem", "input"),
        ("tAgA", "coord", "tma_partition"),  # a TMA coordinate tensor counts as global
        ("cC", "coord", "make_identity_tensor"),
        ("tCsA", "smem", "partition_A"),
        ("tTR_rAcc", "rmem", "make_rmem_tensor"),
        ("tCtAcc", "tmem", "make_fragment_C"),
        ("tCrA", "smem", "make_fragment_A"),  # wgmma / tcgen05 operand fragment: SMEM descriptors named r
        ("acc", "rmem", "make_fragment_C"),  # not a convention name: nothing to compare
        ("tCgA", None, "partition_A"),  # memory unknown
    ],
)
def test_agreeing_or_unknown_memory_is_not_reported(name, memory, op):
    assert list(check_records([_record(name, memory, op)], RuleContext())) == []


@pytest.mark.parametrize(
    "name, memory, op, fixed",
    [
        ("tCsA", "gmem", "partition_A", "tCgA"),
        ("sA", "gmem", "local_tile", "gA"),
        ("tCrA", "smem", "partition_A", "tCsA"),  # a plain partition of SMEM is not a descriptor fragment
        ("tCtAcc", "rmem", "make_fragment_C", "tCrAcc"),
        ("cC", "gmem", "local_tile", "gC"),
        ("tTR_gC", "tmem", "partition_D", "tTR_tC"),
    ],
)
def test_disagreeing_memory_is_reported_with_the_fix(name, memory, op, fixed):
    (file, violation), = check_records([_record(name, memory, op)], RuleContext())
    assert file == "/k.py" and violation.line == 3 and violation.column == 5
    assert violation.message.startswith(f"`{name}` is named for ")
    assert violation.message.endswith(f"rename it to `{fixed}`")


def _fragment(name, memory, op, dtype):
    return SimpleNamespace(names=(name,), memspaces=(memory,), dtypes=(dtype,), op=op, file="/k.py", line=3, col=4)


@pytest.mark.parametrize(
    "name, memory, op, dtype",
    [
        ("tBsQ_desc", "rmem", "make_fragment_B", "smem_desc"),  # SMEM descriptors named for the memory described
        ("tCrA", "rmem", "make_fragment_A", "smem_desc"),  # ... or as the register fragment that holds them
        ("tdVrP0", "tmem", "make_fragment_A", "bf16"),  # a tcgen05 A operand in tensor memory, named r
        ("tAtK_cvt", "rmem", "make_fragment_A", "smem_desc"),  # a tcgen05 A operand's descriptors, named for TMEM
        ("tCsSF_compact_s2t", "rmem", "input", "smem_desc"),  # get_s2t_smem_desc_tensor's, traced where it is used
        ("tIn", "gmem", "partition_S", "f32"),  # `t` the thread-partition prefix, not tensor memory
        ("tTR_r", "rmem", "make_rmem_tensor", "f32"),
    ],
)
def test_operand_fragments_and_thread_prefixed_names_are_not_reported(name, memory, op, dtype):
    assert list(check_records([_fragment(name, memory, op, dtype)], RuleContext())) == []


@pytest.mark.parametrize(
    "name, memory, op, dtype",
    [
        ("tCsA", "rmem", "make_fragment_A", "f16"),  # an SM80 register fragment is no descriptor
        ("tCtB", "rmem", "make_fragment_B", "smem_desc"),  # B's descriptors named for tensor memory (B has no TMEM)
        ("tCrAcc", "tmem", "make_fragment_C", "f32"),  # an accumulator in tensor memory is no operand fragment
        ("sAcc", "tmem", "make_tensor", "f32"),
        ("tCgSF_compact_s2t", "rmem", "input", "smem_desc"),  # SMEM descriptors named for global memory
        ("tCsSF", "rmem", "input", "f32"),  # registers that hold no descriptor
    ],
)
def test_fragments_that_are_no_operand_descriptor_are_still_reported(name, memory, op, dtype):
    assert len(list(check_records([_fragment(name, memory, op, dtype)], RuleContext()))) == 1


def test_records_repeated_by_unrolled_loops_are_reported_once():
    records = [_record("tCsA", "gmem"), _record("tCsA", "gmem"), SimpleNamespace(
        names=(None, "tAsA"), memspaces=("smem", "gmem"), op="tma_partition", file="/k.py", line=4, col=1)]
    found = [(file, v.line) for file, v in check_records(records, RuleContext())]
    assert found == [("/k.py", 3), ("/k.py", 4)]


def test_trace_findings_are_kept_for_linted_files_only_and_honour_noqa(tmp_path):
    kernel = tmp_path / "k.py"
    kernel.write_text("tCsA = thr_mma.partition_A(tile)\ntCsB = thr_mma.partition_B(tile)  # noqa: CI107\n")
    records = [
        _record("tCsA", "gmem", file=str(kernel), line=1),
        _record("tCsB", "gmem", file=str(kernel), line=2),
        _record("tCsC", "gmem", file=str(tmp_path / "library.py"), line=1),
    ]
    report = lint_paths([str(kernel)], records=records, workers=1)
    assert [(f.line, f.code) for f in report.findings] == [(1, "CI107")]
    assert lint_paths([str(kernel)], {"ignore": ("CI107",)}, records=records, workers=1).findings == []


def test_cli_trace_uses_the_traced_checks(tmp_path, monkeypatch, capsys):
    from cute_inspect.commands import check as check_cli

    kernel = tmp_path / "k.py"
    kernel.write_text("tCsA = thr_mma.partition_A(tile)\ngA = cute.local_tile(mA, (128, 64), (0, None, 0))\n")
    calls = []
    contract = Finding(str(kernel), 2, 6, "CI302", "`local_tile` for `gA`: the coordinate has 3 modes")
    elsewhere = Finding(str(tmp_path / "library.py"), 1, 1, "CI201", "not in the linted files")

    def fake_trace_and_check(target, arch):
        calls.append((target, arch))
        trace = SimpleNamespace(records=[_record("tCsA", "gmem", file=str(kernel), line=1)])
        return trace, [contract, elsewhere], None

    monkeypatch.setattr(check_cli, "trace_and_check", fake_trace_and_check)
    assert cli.main(["lint", "--trace", "pkg.mod:fn", "--arch", "sm_90a", str(kernel)]) == 1
    assert calls == [("pkg.mod:fn", "sm_90a")]
    out = capsys.readouterr().out
    assert "CI107 `tCsA` is named for shared memory (`s`) but the trace shows global memory" in out
    assert ":2:6: CI302 `local_tile` for `gA`" in out and "CI201" not in out
    assert cli.main(["lint", "--trace", "pkg.mod:fn", "--ignore", "CI3", str(kernel)]) == 1
    assert "CI302" not in capsys.readouterr().out


def test_cli_trace_failure_exits_with_the_trace_exit_code(tmp_path, monkeypatch, capsys):
    from cute_inspect.commands import check as check_cli

    monkeypatch.setattr(check_cli, "trace_and_check", lambda target, arch: (None, [], 2))
    assert cli.main(["lint", "--trace", "nope:fn", str(tmp_path)]) == 2


def test_cli_trace_of_a_bad_target_says_why_in_one_line(tmp_path):
    done = _cute_inspect("lint", "--trace", "nope:fn", str(tmp_path))
    assert done.returncode == 2
    assert done.stderr.splitlines()[0] == "cute-inspect: nope: no such module (run from the directory that holds it)"


KERNEL = '''
    import cutlass
    import cutlass.cute as cute
    from cutlass.cute.runtime import make_fake_compact_tensor


    @cute.kernel
    def kernel(mA: cute.Tensor):
        sA = cute.local_tile(mA, (8, 8), (0, 0))
        gA = cute.local_tile(mA, (8, 8), (0, 1))
        sA[0] = gA[0]


    @cute.jit
    def host(mA: cute.Tensor):
        kernel(mA).launch(grid=(1, 1, 1), block=(32, 1, 1))


    def compile_kernel():
        a = make_fake_compact_tensor(cutlass.Float16, (64, 64), stride_order=(1, 0), assumed_align=16)
        cute.compile(host, a)
'''


def test_saved_trace_json_is_read_like_a_live_trace(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "k.py").write_text("tCsA = thr_mma.partition_A(tile)\n")
    event = {"names": ["tCsA"], "op": "partition_A", "file": "k.py", "line": 1, "col": 7, "memspaces": ["gmem"]}
    (tmp_path / "trace.json").write_text(json.dumps({"version": 1, "events": [event]}))
    assert cli.main(["lint", "--trace", "trace.json", "k.py"]) == 1
    assert capsys.readouterr().out.startswith("k.py:1:8: CI107 `tCsA` is named for shared memory")
    (tmp_path / "other.json").write_text("[]")
    assert cli.main(["lint", "--trace", "other.json", "k.py"]) == 2
    assert "not a `cute-inspect trace --format json` file" in capsys.readouterr().err


def test_real_trace_catches_a_global_tile_named_shared(tmp_path):
    kernel = tmp_path / "kernel.py"
    kernel.write_text(textwrap.dedent(KERNEL))
    expected = (
        "kernel.py:9:10: CI107 `sA` is named for shared memory (`s`) but the trace shows global memory; "
        "rename it to `gA`"
    )
    command = [sys.executable, "-m", "cute_inspect"]
    live = subprocess.run(
        [*command, "lint", "--trace", "kernel.py:compile_kernel", "--arch", "sm_80", "kernel.py"],
        capture_output=True, text=True, cwd=tmp_path, timeout=300,
    )
    assert live.returncode == 1, live.stderr
    assert live.stdout.splitlines()[0] == expected
    saved = subprocess.run(
        [*command, "trace", "kernel.py:compile_kernel", "--arch", "sm_80", "--format", "json"],
        capture_output=True, text=True, cwd=tmp_path, timeout=300,
    )
    (tmp_path / "trace.json").write_text(saved.stdout)
    assert cli.main(["lint", "--trace", str(tmp_path / "trace.json"), str(kernel)]) == 1


def test_live_trace_adds_comment_and_contract_findings_of_the_linted_files():
    corpus = "tests/comment_corpus/comments_sm80.py"
    done = _cute_inspect("lint", "--trace", f"{corpus}:compile_comments", "--arch", "sm_80", corpus)
    assert done.returncode == 1, done.stderr
    lines = done.stdout.splitlines()
    assert f"{corpus}:42:5: CI202 `gA_literal` (comment `(64, 16, RestK)`): mode 1 is 32 [block-atom-K], not 16" \
        in "\n".join(lines)
    assert any(":50:5: CI205 `tCgA_stage`" in line for line in lines)
    ignored = _cute_inspect("lint", "--trace", f"{corpus}:compile_comments", "--arch", "sm_80", "--ignore", "CI2",
                            corpus)
    assert "CI20" not in ignored.stdout


def _event(index, op, names, line, function, made_by=None, operands=None, file="k.py"):
    return {"index": index, "op": op, "names": names, "file": file, "line": line, "col": 4, "function": function,
            "memspaces": [None] * len(names), "made_by": made_by, "operands": operands}


def test_saved_trace_gemm_operands_made_by_a_copy_are_reported_at_the_kernel_line(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "k.py").write_text("\n".join(f"x{i} = {i}" for i in range(12)) + "\n")
    copy = {"kind": "copy", "object": 3, "op": "LdMatrix8x8x16bOp", "receiver": "smem_thr_copy_Q", "line": None}
    mma = {"kind": "mma", "object": 1, "op": "MmaF16BF16Op", "receiver": "thr_mma_qk", "line": None}
    events = [
        _event(0, "partition_S", ["tSsQ"], 5, "kernel", copy),
        _event(1, "make_fragment_B", ["tSrK"], 6, "kernel", mma),
        _event(2, "make_fragment_C", ["acc"], 7, "kernel", mma),
        # the helper's cute.gemm, twice (an unrolled loop): one finding
        _event(3, "gemm", [], 2, "gemm_helper", mma, {"D": 2, "A": 0, "B": 1, "C": 2}, file="helpers.py"),
        _event(4, "gemm", [], 2, "gemm_helper", mma, {"D": 2, "A": 0, "B": 1, "C": 2}, file="helpers.py"),
    ]
    (tmp_path / "trace.json").write_text(json.dumps({"version": 1, "events": events}))
    assert cli.main(["lint", "--trace", "trace.json", "k.py"]) == 1
    out = capsys.readouterr().out
    assert out.count("CI112") == 1
    assert out.startswith(
        "k.py:5:5: CI112 `tSsQ` is given to `cute.gemm` as its A operand (helpers.py:2, in `gemm_helper`), but the "
        "trace shows it is a copy's partition, made by `smem_thr_copy_Q.partition_S` (line 5, copy atom "
        "`LdMatrix8x8x16bOp`)"
    )


def test_saved_trace_gemm_operands_of_their_own_slot_or_function_are_not_reported(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "k.py").write_text("\n".join(f"x{i} = {i}" for i in range(12)) + "\n")
    mma = {"kind": "mma", "object": 1, "op": "MmaF16BF16Op", "receiver": "thr_mma", "line": None}
    copy = {"kind": "copy", "object": 3, "op": "LdMatrix8x8x16bOp", "receiver": "thr_copy", "line": None}
    events = [
        _event(0, "make_fragment_A", ["tCrA"], 5, "kernel", mma),
        _event(1, "make_fragment_B", ["tCrB"], 6, "kernel", mma),
        _event(2, "partition_S", ["tCsA"], 7, "kernel", copy),
        _event(3, "gemm", [], 2, "gemm_helper", mma, {"D": None, "A": 0, "B": 1, "C": None}, file="helpers.py"),
        _event(4, "gemm", [], 9, "kernel", mma, {"D": None, "A": 2, "B": 1, "C": None}),  # CI111's, in the source
    ]
    (tmp_path / "trace.json").write_text(json.dumps({"version": 1, "events": events}))
    assert cli.main(["lint", "--trace", "trace.json", "--select", "CI112", "k.py"]) == 0


def test_saved_trace_with_a_copy_is_read_without_the_compiled_bank_figures(tmp_path, monkeypatch, capsys):
    # A saved trace's events carry no `meta` (the bank figure is a compiled record's); every trace rule reads
    # the records before the selection applies, so CI120 must find nothing there rather than end in a traceback.
    monkeypatch.chdir(tmp_path)
    (tmp_path / "k.py").write_text("tCsA = thr_mma.partition_A(tile)\ncute.copy(atom, tCsA, tCrA)\n")
    events = [_event(0, "copy", [], 2, "kernel")]
    (tmp_path / "trace.json").write_text(json.dumps({"version": 1, "events": events}))
    assert cli.main(["lint", "--trace", "trace.json", "--select", "CI120", "k.py"]) == 0
    assert cli.main(["lint", "--trace", "trace.json", "--select", "CI107", "k.py"]) == 0
    assert capsys.readouterr().err == ""


def test_tcgen05_a_operands_named_for_either_source_and_their_views_are_not_reported(tmp_path, monkeypatch, capsys):
    # `tAtK_cvt` holds SMEM descriptors in the FP8 branch and TMEM in the other: the A operand's source is a
    # compile-time choice. `tdVrP` views the TMEM A operand `tdVrP0` at a column offset (no input is traced).
    monkeypatch.chdir(tmp_path)
    (tmp_path / "k.py").write_text(
        "tAtK_cvt = thr_mma.make_fragment_A(tAsK)\n"
        "tdVrP0 = mma_dV.make_fragment_A(tP_base)\n"
        "tdVrP = cute.make_tensor(tdVrP0.iterator + off, tdVrP0.layout)\n"
        "tCtB = thr_mma.make_fragment_B(sB)\n"
        "tXrP = cute.make_tensor(tmem_ptr, layout)\n"
    )

    def event(index, op, name, line, memory, dtype):
        return {**_event(index, op, [name], line, "kernel"), "memspaces": [memory], "dtypes": [dtype]}

    events = [
        event(0, "make_fragment_A", "tAtK_cvt", 1, "rmem", "smem_desc"),
        event(1, "make_fragment_A", "tdVrP0", 2, "tmem", "bf16"),
        event(2, "make_tensor", "tdVrP", 3, "tmem", "bf16"),
        event(3, "make_fragment_B", "tCtB", 4, "rmem", "smem_desc"),  # B has no TMEM source: reported
        event(4, "make_tensor", "tXrP", 5, "tmem", "bf16"),  # a view of no operand fragment: reported
    ]
    (tmp_path / "trace.json").write_text(json.dumps({"version": 1, "events": events}))
    assert cli.main(["lint", "--trace", "trace.json", "--select", "CI107", "k.py"]) == 1
    out = capsys.readouterr().out
    assert [line.split(": ")[0] for line in out.splitlines() if "CI107" in line] == ["k.py:4:5", "k.py:5:5"]
