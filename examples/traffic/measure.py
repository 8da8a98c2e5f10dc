"""Predicted bank conflicts and coalescing next to Nsight Compute's counts, for every kernel of
`examples/traffic/kernels.py` and our SM80 and SM90 GEMMs. Needs an sm_90 GPU, torch and ncu.

    python examples/traffic/measure.py [--ncu /usr/local/cuda/bin/ncu] [--json OUT]

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


def _optional_metrics(ncu: str) -> dict:
    """cp.async and stmatrix counters, under the names this ncu knows (they differ between versions)."""
    run = subprocess.run([ncu, "--query-metrics"], capture_output=True, text=True, check=False)
    known = {line.split()[0] for line in run.stdout.splitlines() if line.strip()}
    wanted = {}
    for base in sorted(known):
        if ("ldgsts" in base or "stsm" in base) and ("inst_executed" in base or "wavefronts" in base) \
                and "pred" not in base:
            wanted[base] = base + ".sum"
    return wanted


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
    """Rows (kernel, class, model, ideal, ncu, ok). A class the model gives several figures for (two copies of
    one kind whose run-time counts the trace cannot know) is a range the measurement must fall in."""
    # does ncu count ldmatrix among shared loads? a kernel whose only shared loads are ldmatrix says
    pure = [hw for (name, cls), hw in zip(predicted.items(), measured) if "LDSM" in cls and "LDS" not in cls]
    ldsm_in_lds = bool(pure) and all(abs(hw.get("lds", 0) - hw.get("ldsm", 0)) < 0.5 for hw in pure)
    rows = []
    for (name, classes), hw in zip(predicted.items(), measured):
        n_ldsm = hw.get("ldsm", 0.0)
        n_lds = hw.get("lds", 0.0) - (n_ldsm if ldsm_in_lds else 0.0)
        loads = {c: classes[c] for c in ("LDS", "LDSM") if c in classes}
        if len(loads) == 2 and n_lds > 0 and n_ldsm > 0:
            counts = {"LDS": n_lds, "LDSM": n_ldsm}
            weighted = [sum(f(v)[i] * counts[c] for c, v in loads.items()) / (n_lds + n_ldsm)
                        for f in (_span,) for i in (0, 1)]
            ideal = sum(_span(v, 1)[0] * counts[c] for c, v in loads.items()) / (n_lds + n_ldsm)
            rows.append(_row(name, "LD", weighted, ideal, _ratio(hw.get("ld_wf", 0.0), n_lds + n_ldsm)))
        elif loads:
            cls = "LDSM" if "LDSM" in loads and n_ldsm > 0 else "LDS"
            figures = loads.get(cls) or next(iter(loads.values()))
            instrs = n_ldsm if cls == "LDSM" else n_lds
            rows.append(_row(name, cls, _span(figures), _span(figures, 1)[0], _ratio(hw.get("ld_wf", 0.0), instrs)))
        if "STS" in classes:
            rows.append(_row(name, "STS", _span(classes["STS"]), _span(classes["STS"], 1)[0],
                             _ratio(hw.get("st_wf", 0.0), hw.get("sts", 0.0))))
        if "GLD" in classes:
            rows.append(_row(name, "GLD", _span(classes["GLD"]), _span(classes["GLD"], 1)[0],
                             _ratio(hw.get("g_sectors", 0.0), hw.get("g_requests", 0.0))))
    return rows


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
    parser.add_argument("--json")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        _launch_all()
        return 0
    predicted = predictions(gpu=True)
    measured = measure(args.ncu)
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
