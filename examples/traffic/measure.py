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


def _gemm_targets():
    from gemm import sm80, sm90

    return {"sm80_gemm": lambda: sm80.compile_only(),
            "sm90_gemm": lambda: sm90.compile_only()}


def predictions() -> dict:
    """kernel name -> {class: [(figure, ideal), ...]} from tracing each kernel's compile (no GPU needed)."""
    import cute_inspect
    from kernels import CASES, compile_case

    from cute_inspect.trace.copy_traffic import atom_kind

    targets = {c.name: (lambda c=c: compile_case(c)) for c in CASES}
    targets.update(_gemm_targets())
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
    m, n, k = GEMM_MNK
    a, b = (torch.randn(rows, k, device="cuda", dtype=torch.float16) for rows in (m, n))
    d = torch.empty(m, n, device="cuda", dtype=torch.float16)
    launches.append(sm80.make_gemm(a, b, d))
    launches.append(sm90.make_gemm(a, b, d, config=None))
    torch.cuda.synchronize()
    torch.cuda.cudart().cudaProfilerStart()
    for launch in launches:
        launch()
    torch.cuda.synchronize()
    torch.cuda.cudart().cudaProfilerStop()


def measure(ncu: str) -> list:
    """One dict of metric values per profiled launch, in launch order."""
    cmd = [ncu, "--profile-from-start", "off", "--csv", "--print-units", "base",
           "--metrics", ",".join(METRICS.values()), sys.executable, __file__, "--child"]
    run = subprocess.run(cmd, capture_output=True, text=True)
    if run.returncode:
        sys.exit(f"measure.py: ncu failed ({run.returncode}): {run.stderr[-2000:]}{run.stdout[-2000:]}")
    text = run.stdout[run.stdout.find('"ID"'):]
    launches: dict = {}
    names = {v: k for k, v in METRICS.items()}
    for row in csv.DictReader(io.StringIO(text)):
        value = row["Metric Value"].replace(",", "")
        launches.setdefault(int(row["ID"]), {})[names.get(row["Metric Name"], row["Metric Name"])] = \
            float(value) if value not in ("", "n/a") else 0.0
    return [launches[i] for i in sorted(launches)]


def _ratio(a: float, b: float):
    return a / b if b else None


def compare(predicted: dict, measured: list) -> list:
    """Rows (kernel, class, predicted, ideal, measured, ok)."""
    rows = []
    for (name, classes), hw in zip(predicted.items(), measured):
        ld_pred = {c: classes[c] for c in ("LDS", "LDSM") if c in classes}
        if ld_pred:
            counts = {"LDS": hw.get("lds", 0.0) - hw.get("ldsm", 0.0), "LDSM": hw.get("ldsm", 0.0)}
            if len(ld_pred) == 1 or min(counts[c] for c in ld_pred) <= 0:
                cls = next(iter(ld_pred))
                instrs = hw.get("ldsm") if cls == "LDSM" else hw.get("lds")
            else:
                cls, instrs = "LD", hw.get("lds")
            total = sum(_mean(v, 0) * counts[c] for c, v in ld_pred.items())
            weight = sum(counts[c] for c in ld_pred)
            pred = total / weight if weight else _mean(next(iter(ld_pred.values())), 0)
            ideal = sum(_mean(v, 1) * counts[c] for c, v in ld_pred.items()) / weight if weight else None
            rows.append(_row(name, cls, pred, ideal, _ratio(hw.get("ld_wf", 0.0), instrs)))
        if "STS" in classes:
            rows.append(_row(name, "STS", _mean(classes["STS"], 0), _mean(classes["STS"], 1),
                             _ratio(hw.get("st_wf", 0.0), hw.get("sts", 0.0))))
        if "GLD" in classes:
            rows.append(_row(name, "GLD", _mean(classes["GLD"], 0), _mean(classes["GLD"], 1),
                             _ratio(hw.get("g_sectors", 0.0), hw.get("g_requests", 0.0))))
    return rows


def _mean(pairs, i: int) -> float:
    return sum(p[i] for p in pairs) / len(pairs)


def _row(name, cls, pred, ideal, hw) -> dict:
    ok = hw is not None and abs(pred - hw) <= TOLERANCE * hw
    return {"kernel": name, "class": cls, "predicted": round(pred, 2), "ideal": None if ideal is None else round(ideal, 2),
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
    predicted = predictions()
    measured = measure(args.ncu)
    if len(measured) != len(predicted):
        print(f"measure.py: {len(measured)} launches profiled for {len(predicted)} kernels", file=sys.stderr)
        print(json.dumps(measured, indent=1), file=sys.stderr)
        return 2
    rows = compare(predicted, measured)
    print(f"{'kernel':18} {'class':6} {'model':>8} {'ideal':>7} {'ncu':>8}  within 10%")
    for r in rows:
        print(f"{r['kernel']:18} {r['class']:6} {r['predicted']:8} {str(r['ideal']):>7} {str(r['ncu']):>8}  "
              f"{'yes' if r['ok'] else 'NO'}")
    if args.json:
        Path(args.json).write_text(json.dumps({"rows": rows, "measured": measured, "predicted": predicted}, indent=1))
    return 0 if all(r["ok"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
