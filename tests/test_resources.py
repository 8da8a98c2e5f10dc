"""The budget (`resources` of the trace) against CuTeDSL's own figures, on the CPU: the dynamic shared memory
the compiler writes into each launch (the host code's launch config) equals the trace's `smem_bytes` for our
SM80, SM90 and SM100 GEMMs at several configs; SM100's TMEM columns are those the kernel asks
`get_num_tmem_alloc_cols` for; a config over the limit is reported at compile time with its buffers.

Compiling happens in one subprocess per arch (CUTE_DSL_ARCH is read once per process); this file is also
that subprocess's script (`--worker ARCH`).
"""

import json
import os
import re
import subprocess
import sys

import pytest
from _cli import cute_inspect

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUDGET = "tests/kernels/budget.py"

# arch -> (id, target, kwargs)
CASES = {
    "sm_80": [
        ("sm80_default", "gemm.sm80:compile_only", {}),
        ("sm80_128x128x32_s3", "gemm.sm80:compile_only", {"tile_mnk": (128, 128, 32), "stages": 3}),
        ("sm80_64x64x64_s4_noepi", "gemm.sm80:compile_only",
         {"tile_mnk": (64, 64, 64), "stages": 4, "smem_epilogue": False}),
    ],
    "sm_90a": [
        ("sm90_128x256", "gemm.sm90:compile_only", {"m": 1024, "n": 1024, "k": 1024}),
        ("sm90_64x128_pingpong", "gemm.sm90:compile_only",
         {"m": 1024, "n": 1024, "k": 1024, "tile_m": 64, "tile_n": 128, "pingpong": True, "has_c": True}),
        ("staged_over_limit", f"{BUDGET}:compile_staged", {"tile_m": 256, "stages": 8}),
    ],
    "sm_100a": [
        ("sm100_default", "gemm.sm100:compile_only", {}),
        ("sm100_128x64_1cta", "gemm.sm100:compile_only", {"mma_tiler_mn": (128, 64), "cluster_shape_mn": (1, 1), "use_2cta": False}),
    ],
}


def launch_smem(compiled) -> list:
    """The dynamic shared memory of each launch in the compiled host code: the i64 stored into field 2 of the
    launch config struct (grid, block, dynamicSmemBytes, ...) that CuTeDSL's compiler fills in."""
    text = str(compiled.ir_module)
    constants = dict(re.findall(r"(%\d+) = llvm\.mlir\.constant\((\d+) : i64\)", text))
    found = []
    for field in re.findall(r"(%\d+) = llvm\.getelementptr %\d+\[0, 2\] : \(!llvm\.ptr\) -> !llvm\.ptr, "
                            r"!llvm\.struct<\(array<3 x i32>, array<3 x i32>, i64", text):
        stored = re.search(rf"llvm\.store (%\d+), {field} :", text)
        found.append(int(constants[stored.group(1)]) if stored and stored.group(1) in constants else None)
    return found


def _worker(arch: str) -> None:
    os.environ["CUTE_DSL_ARCH"] = arch
    sys.path.insert(0, ROOT)
    import cute_inspect
    from cute_inspect.trace.target import _load

    out = {}
    for case, target, kwargs in CASES[arch]:
        with cute_inspect.trace() as t:
            compiled = _load(target)(**kwargs)
        budget = t.to_json()["resources"]
        smem_names = sorted({n for r in t.records for n, m in zip(r.names, r.memspaces)
                             if n and m == "smem" and r.op == "make_tensor"})
        out[case] = {"compiler": launch_smem(compiled), "resources": budget, "smem_tensors": smem_names}
    print(json.dumps(out))


@pytest.fixture(scope="module", params=sorted(CASES))
def measured(request):
    proc = subprocess.run([sys.executable, os.path.abspath(__file__), "--worker", request.param],
                          capture_output=True, text=True, cwd=ROOT, timeout=900,
                          env={**os.environ, "CUTE_DSL_ARCH": request.param})
    assert proc.returncode == 0, proc.stderr[-4000:]
    return request.param, json.loads(proc.stdout.strip().splitlines()[-1])


def test_smem_bytes_is_what_the_compiler_launches(measured):
    arch, cases = measured
    for case, got in cases.items():
        assert len(got["compiler"]) == 1, (case, got["compiler"])
        assert got["resources"]["smem_bytes"] == got["compiler"][0], case
        limit = {"sm_80": 163 * 1024, "sm_90a": 227 * 1024, "sm_100a": 227 * 1024}[arch]
        assert got["resources"]["smem_limit"] == limit


def test_buffers_cover_the_traced_smem_tensors(measured):
    _arch, cases = measured
    for case, got in cases.items():
        buffers = got["resources"]["buffers"]
        assert buffers and all(b["bytes"] > 0 for b in buffers), case
        ends = [b["offset"] + b["bytes"] for b in buffers]
        assert max(ends) == got["resources"]["allocated_bytes"], case
        names = {b["name"] for b in buffers}
        words = " ".join(b["holds"] for b in buffers)
        for tensor in got["smem_tensors"]:
            assert tensor in names or tensor in words, (case, tensor, buffers)


def test_fits_within_the_limit_except_the_oversized_config(measured):
    _arch, cases = measured
    for case, got in cases.items():
        r = got["resources"]
        assert r["fits"] == (case != "staged_over_limit"), case
        assert r["fits"] == (r["smem_bytes"] <= r["smem_limit"]), case


def test_tmem_columns_on_sm100_only(measured):
    arch, cases = measured
    if arch != "sm_100a":
        assert all("tmem_columns" not in got["resources"] for got in cases.values())
        return
    # The kernel allocates get_num_tmem_alloc_cols of its accumulator: 2 stages of bN fp32 columns, rounded up
    # to a power of two; a 1-CTA 128x64 tile takes 128, the default 2-CTA 256x128 (bN 128 per CTA pair) 256.
    assert cases["sm100_default"]["resources"]["tmem_columns"] == 256
    assert cases["sm100_128x64_1cta"]["resources"]["tmem_columns"] == 128
    for got in cases.values():
        assert 0 < got["resources"]["tmem_columns"] <= got["resources"]["tmem_limit"] == 512


def test_a_config_over_the_limit_is_reported_at_compile_time():
    done = cute_inspect("trace", f"{BUDGET}:compile_too_big", "--arch", "sm_90a")
    assert done.returncode == 1, done.stderr
    first = done.stderr.splitlines()[0]
    assert "budget.py:" in first and "279552 B of shared memory, 47104 B over the 232448 B limit" in first
    assert "(largest buffers: sA 262144 B, sC 16384 B)" in first
    assert "DOES NOT FIT" in done.stdout


def test_two_kernels_of_one_name_keep_a_budget_each():
    """A factory called twice makes two kernels both named `ring_kernel`; CuTeDSL traces a body at each launch
    statement, so each launch's allocations are its own: 128 KiB and 160 KiB, each within Hopper's limit, not
    their 288 KiB sum (which failed the trace)."""
    done = cute_inspect("trace", f"{BUDGET}:compile_factory_pair", "--arch", "sm_90a")
    assert done.returncode == 0, done.stderr
    budgets = [line for line in done.stdout.splitlines() if line.lstrip().startswith("Budget")]
    assert len(budgets) == 2, done.stdout
    assert "(launch at line" in budgets[0] and "shared memory 131072 B" in budgets[0] and "fits" in budgets[0]
    assert "shared memory 163840 B" in budgets[1] and "fits" in budgets[1]


def test_one_kernel_launched_twice_has_one_budget_and_the_next_kernel_its_own():
    done = cute_inspect("trace", f"{BUDGET}:compile_relaunched", "--arch", "sm_90a", "--format", "json")
    assert done.returncode == 0, done.stderr
    resources = json.loads(done.stdout)["resources"]
    assert [k["smem_bytes"] for k in resources["kernels"]] == [163840, 131072]


if __name__ == "__main__" and sys.argv[1:2] == ["--worker"]:
    _worker(sys.argv[2])


def _budget(smem_over=False):
    from cute_inspect.trace.resources import Buffer, KernelResources

    sA = 262144 if smem_over else 65536
    return KernelResources(kernel="staged_kernel", arch="sm_90a", smem_bytes=1024 + sA + 8192, tmem_columns=128,
                           buffers=[Buffer("ab_full_mbar", 32, 0, "barriers"),
                                    Buffer("sA", sA, 1024, "operand A tiles: 4 pipeline stages of 128x64"),
                                    Buffer("sC", 8192, 1024 + sA, "epilogue tiles")])


def test_text_report_draws_buffers_against_the_limit():
    from cute_inspect.trace.resources import budget_lines

    lines = budget_lines(_budget(), width=20)
    assert lines[0] == "  Budget: shared memory 74752 B (32.2% of the 232448 B limit of sm_90a), fits"
    assert lines[2] == "    sA             65536 B [######              ]  operand A tiles: 4 pipeline stages of 128x64"
    assert lines[-1] == "  TMEM: 128 of 512 columns [#####               ]"
    over = budget_lines(_budget(smem_over=True), width=20)
    assert "DOES NOT FIT" in over[0] and "|" in over[4] and over[-1].startswith("  ! `staged_kernel` needs 271360 B")


def test_html_report_draws_each_buffer_the_limit_and_tmem():
    from cute_inspect.render.html import build_report
    from cute_inspect.trace.record import Trace

    t = Trace()
    t.resources = {"staged_kernel": _budget(smem_over=True)}
    page = build_report(t)
    section = page[page.index('<section id="budget">'):]
    section = section[:section.index("</section>")]
    assert section.count('class="buffer"') == 3 and section.count('class="limit"') == 1
    assert 'class="tmem"' in section and "128 of 512 columns" in section
    assert "38912 B over the 232448 B limit" in section and "does not fit" in section


def _smem_record(index, op, name, shape, inputs=(), over=None, stage=False):
    from cute_inspect.trace.levels import ModeLabel
    from cute_inspect.trace.record import Record

    labels = tuple(ModeLabel("stage" if stage and i == len(shape) - 1 else "block", "atom") for i in range(len(shape)))
    r = Record(index=index, op=op, names=(name,), file="k.py", line=index, col=0, function="kernel",
               kernel="kernel", in_shapes=(), shapes=(shape,), layouts=(None,), memspaces=("smem",),
               dtypes=("f16",), swizzles=(None,), levels=(labels,), inputs=inputs)
    if over is not None:
        r.meta["over"] = over
    return r


def test_views_over_another_buffer_are_named_on_it():
    """`sV` made over `sK.iterator` (the tracer's pointer walk: meta["over"]) and a thread's view of it reached
    through a partition are named on sK's buffer; a stage mode gives the stage count."""
    from cute_inspect.trace.resources import Buffer, KernelResources, describe_buffers

    records = [
        _smem_record(0, "make_tensor", "sK", (128, 64, 3), stage=True),
        _smem_record(1, "make_tensor", "sV", (64, 128, 3), over=0),
        _smem_record(2, "partition_D", None, (8, 4), inputs=(1,)),
        _smem_record(3, "make_tensor", "tOsV", (8, 4), over=2),
    ]
    budget = KernelResources(kernel="kernel", arch="sm_90a", smem_bytes=49152,
                             buffers=[Buffer("sK", 49152, 0)])
    describe_buffers({"kernel": budget}, records)
    assert budget.buffers[0].holds == "operand K tiles: 3 pipeline stages of 128x64 (also viewed as sV, tOsV)"


def test_tmem_holders_without_a_value_count_apart_even_after_one_is_freed():
    """Allocations writing their TMEM address through distinct holder objects are distinct allocations. A holder
    with no MLIR value is keyed by identity, and a freed holder's id is often handed to the next object, so the
    capture keeps every such holder alive: without that, later allocations here reused earlier ones' keys."""
    from cute_inspect.trace.resources import _Capture

    class Holder:
        pass

    capture = _Capture("sm_100a", lambda frame: "kernel")

    def allocate():
        capture.tmem(8, Holder())

    for _ in range(32):
        allocate()
    assert capture.kernels["kernel"].tmem_columns == 32 * 8
