"""Predicted bank conflicts and coalescing next to Nsight Compute's counts, for every kernel of
`examples/traffic/kernels.py` and our SM80 and SM90 GEMMs. Needs an sm_90 GPU, torch and ncu.

    python examples/traffic/measure.py [--ncu /usr/local/cuda/bin/ncu] [--json OUT]
    python examples/traffic/measure.py --measured OUT    # no GPU: today's model against a saved run's ncu figures

Prints one row per (kernel, instruction class): the model's wavefronts (or sectors) per instruction, the
hardware's, and whether they agree within 10%. Classes: `LDS`/`STS` plain shared loads/stores, `LDSM`
ldmatrix, `LD` mixed shared loads (ldmatrix and LDS in one kernel, weighted by the hardware's instruction
counts), `GLD` global loads (sectors per request). Exit status 1 when a row disagrees.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import os
import subprocess
import sys
from pathlib import Path

os.environ.setdefault("CUTE_DSL_ARCH", "sm_90a")
ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(Path(__file__).resolve().parent)]

METRICS = {
    "ld_wf": "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
    "st_wf": "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
    "lds": "smsp__inst_executed_op_shared_ld.sum",
    "sts": "smsp__inst_executed_op_shared_st.sum",
    "ldsm": "smsp__inst_executed_op_ldsm.sum",
    "g_sectors": "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum",
    "g_requests": "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum",
}
TOLERANCE = 0.10
GEMM_MNK = (256, 256, 256)


def _gemm_operands():
    import torch

    m, n, k = GEMM_MNK
    torch.manual_seed(0)
    a, b = (torch.randn(rows, k, device="cuda", dtype=torch.float16) for rows in (m, n))
    return a, b, torch.empty(m, n, device="cuda", dtype=torch.float16)


def _gemm_targets(gpu: bool):
    """Builders of our GEMMs: on a GPU the very launchers `_launch_all` profiles (same heuristic config),
    else compile-only ones."""
    from gemm import sm80, sm90

    if gpu:
        operands = _gemm_operands()
        return {"sm80_gemm": lambda: sm80.make_gemm(*operands), "sm90_gemm": lambda: sm90.make_gemm(*operands)}
    return {"sm80_gemm": lambda: sm80.compile_only(), "sm90_gemm": lambda: sm90.compile_only()}


def predictions(gpu: bool = False) -> dict:
    """kernel name -> {class: [(figure, ideal), ...]} from tracing each kernel's compile (no GPU needed)."""
    from kernels import CASES, compile_case

    import cute_inspect
    from cute_inspect.trace.copy_traffic import atom_kind

    targets = {c.name: (lambda c=c: compile_case(c)) for c in CASES}
    targets.update(_gemm_targets(gpu))
    out = {}
    for name, build in targets.items():
        with cute_inspect.trace() as t:
            build()
        classes: dict = {}
        for r in t.records:
            if r.op != "copy":
                continue
            banks, coal = r.meta.get("banks"), r.meta.get("coalescing")
            if banks and banks.get("ways") is not None:
                kind = atom_kind(r.meta["copy_atom"]["atom"])[0]
                cls = {"ldsm": "LDSM", "stsm": "STSM", "cp.async": "LDGSTS"}.get(
                    kind, "LDS" if banks["side"] == "src" else "STS")
                classes.setdefault(cls, set()).add((banks["wavefronts_per_instr"], banks["ideal_wavefronts_per_instr"]))
            if coal and coal["side"] == "src":
                classes.setdefault("GLD", set()).add((coal["sectors_per_request"], coal["ideal_sectors_per_request"]))
        out[name] = {k: sorted(v) for k, v in classes.items()}
    return out


def _launch_all() -> None:
    """The child ncu profiles: every kernel once, between cudaProfilerStart and Stop."""
    import torch
    from cutlass.cute.runtime import from_dlpack
    from kernels import CASES, compile_case

    from gemm import sm80, sm90

    torch_dtype = {"f32": torch.float32, "f16": torch.float16}
    launches = []
    for c in CASES:
        tensors = [torch.randn(c.rows, c.cols, device="cuda").to(torch_dtype[c.dtype]) for _ in range(2)]
        args = [from_dlpack(x, assumed_align=16) for x in tensors]
        compiled = compile_case(c, args)
        launches.append(lambda compiled=compiled, args=args: compiled(*args))
    operands = _gemm_operands()
    launches.append(sm80.make_gemm(*operands))
    launches.append(sm90.make_gemm(*operands))
    torch.cuda.synchronize()
    torch.cuda.cudart().cudaProfilerStart()
    for launch in launches:
        launch()
    torch.cuda.synchronize()
    torch.cuda.cudart().cudaProfilerStop()


#: per-opcode counters (SASS level), asked for where this ncu knows them: key -> metric
SASS = {
    "i_lds": "smsp__sass_inst_executed_op_shared_ld", "i_sts": "smsp__sass_inst_executed_op_shared_st",
    "i_ldsm": "smsp__sass_inst_executed_op_ldsm", "i_stsm": "smsp__sass_inst_executed_op_shared_stsm",
    "i_ldgsts": "smsp__sass_inst_executed_op_ldgsts",
    "w_ld": "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ld",
    "w_st": "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_st",
    "w_ldsm": "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldsm",
    "w_stsm": "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_stsm",
    "w_ldgsts": "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldgsts",
}


def _optional_metrics(ncu: str) -> dict:
    """The `SASS` counters this ncu knows (names differ between versions)."""
    run = subprocess.run([ncu, "--query-metrics"], capture_output=True, text=True, check=False)
    known = {line.split()[0] for line in run.stdout.splitlines() if line.strip()}
    return {key: name + ".sum" for key, name in SASS.items() if name in known}


def measure(ncu: str) -> list:
    """One dict of metric values per profiled launch, in launch order."""
    metrics = dict(METRICS)
    extra = _optional_metrics(ncu)
    for attempt in (True, False):
        chosen = {**metrics, **(extra if attempt else {})}
        cmd = [ncu, "--profile-from-start", "off", "--csv", "--print-units", "base",
               "--metrics", ",".join(chosen.values()), sys.executable, __file__, "--child"]
        run = subprocess.run(cmd, capture_output=True, text=True, check=False)
        if run.returncode == 0:
            break
        print(f"measure.py: ncu failed ({run.returncode}) with {len(chosen)} metrics: "
              f"{run.stderr[-1500:]}{run.stdout[-1500:]}", file=sys.stderr)
    else:
        sys.exit(2)
    text = run.stdout[run.stdout.find('"ID"'):]
    launches: dict = {}
    names = {v: k for k, v in chosen.items()}
    for row in csv.DictReader(io.StringIO(text)):
        value = row["Metric Value"].replace(",", "")
        launches.setdefault(int(row["ID"]), {})[names.get(row["Metric Name"], row["Metric Name"])] = \
            float(value) if value not in ("", "n/a") else 0.0
    return [launches[i] for i in sorted(launches)]


def _ratio(a: float, b: float):
    return a / b if b else None


def compare(predicted: dict, measured: list) -> list:
    """Rows (kernel, class, model, ideal, ncu, ok), one per instruction class the model predicts. A class the
    model gives several figures for (two copies of one kind whose run-time counts the trace cannot know) is a
    range the measurement must fall in."""
    included = _included(predicted, measured)
    rows = []
    for (name, classes), hw in zip(predicted.items(), measured):
        for cls in ("LDS", "LDSM", "STS", "STSM", "LDGSTS", "GLD"):
            if cls in classes:
                rows.append(_row(name, cls, _span(classes[cls]), _span(classes[cls], 1)[0],
                                 _measured(cls, hw, included)))
    return rows


def _included(predicted: dict, measured: list) -> dict:
    """Whether ncu's plain shared-load (store) counters also count ldmatrix (stmatrix): read off the kernels
    whose only shared loads (stores) are ldmatrix (stmatrix)."""
    out = {}
    for plain, special, p_cls, s_cls in (("ld", "ldsm", "LDS", "LDSM"), ("st", "stsm", "STS", "STSM")):
        only = [hw for (_, cls), hw in zip(predicted.items(), measured) if s_cls in cls and p_cls not in cls]
        for kind in ("w", "i"):
            key = f"{kind}_{special}"
            out[f"{kind}_{plain}"] = bool(only) and all(hw.get(f"{kind}_{plain}" if kind == "w" else
                                                                f"i_{plain}s", 0.0) >= hw.get(key, 0.0) > 0
                                                        for hw in only)
    return out


def _measured(cls: str, hw: dict, included: dict):
    """ncu's wavefronts per instruction (sectors per request for GLD), per-opcode counters where known."""
    if cls == "GLD":
        return _ratio(hw.get("g_sectors", 0.0), hw.get("g_requests", 0.0))
    if "i_ldsm" not in hw:  # this ncu has no per-opcode counters: the plain ones (LDSM: over ldsm instructions)
        if cls in ("LDS", "LDSM"):
            return _ratio(hw.get("ld_wf", 0.0), hw.get("ldsm" if cls == "LDSM" else "lds", 0.0))
        return _ratio(hw.get("st_wf", 0.0), hw.get("sts", 0.0)) if cls == "STS" else None
    if cls in ("LDSM", "STSM", "LDGSTS"):
        key = cls.lower()
        return _ratio(hw.get(f"w_{key}", 0.0), hw.get(f"i_{key}", 0.0))
    plain, special = ("ld", "ldsm") if cls == "LDS" else ("st", "stsm")
    waves = hw.get(f"w_{plain}", 0.0) - (hw.get(f"w_{special}", 0.0) if included[f"w_{plain}"] else 0.0)
    instrs = hw.get(f"i_{plain}s", 0.0) - (hw.get(f"i_{special}", 0.0) if included[f"i_{plain}"] else 0.0)
    return _ratio(waves, instrs)


def _span(pairs, i: int = 0) -> list:
    """[lowest, highest] of the model's figures (element i of each pair)."""
    values = [p[i] for p in pairs]
    return [min(values), max(values)]


def _row(name, cls, span, ideal, hw) -> dict:
    low, high = span
    ok = hw is not None and low * (1 - TOLERANCE) <= hw <= high * (1 + TOLERANCE)
    shown = f"{low:g}" if low == high else f"{low:g}-{high:g}"
    return {"kernel": name, "class": cls, "predicted": shown, "ideal": round(ideal, 2),
            "ncu": None if hw is None else round(hw, 2), "ok": ok}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ncu", default="/usr/local/cuda/bin/ncu")
    parser.add_argument("--json", help="write the rows, ncu's figures and the predictions here")
    parser.add_argument("--measured", help="compare with the ncu figures a --json run saved instead of profiling")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        _launch_all()
        return 0
    if args.measured:
        predicted, measured = predictions(), json.loads(Path(args.measured).read_text())["measured"]
    else:
        predicted, measured = predictions(gpu=True), measure(args.ncu)
    if len(measured) != len(predicted):
        print(f"measure.py: {len(measured)} launches profiled for {len(predicted)} kernels", file=sys.stderr)
        print(json.dumps(measured, indent=1), file=sys.stderr)
        return 2
    rows = compare(predicted, measured)
    print(f"{'kernel':18} {'class':6} {'model':>8} {'ideal':>7} {'ncu':>8}  within 10%")
    for r in rows:
        print(f"{r['kernel']:18} {r['class']:6} {r['predicted']:>8} {r['ideal']!s:>7} {r['ncu']!s:>8}  "
              f"{'yes' if r['ok'] else 'NO'}")
    if args.json:
        Path(args.json).write_text(json.dumps({"rows": rows, "measured": measured, "predicted": predicted}, indent=1))
    return 0 if all(r["ok"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
