"""What each of the seed's missing optimisations buys: the SM80 GEMM timed with them switched on one by one.

Every variant runs on the same torch.randn operands, is checked first (NaN-poisoned output, relative
Frobenius error against float32 torch), then timed twice, alternating with cuBLAS (torch.matmul), with the
median of ``triton.testing.do_bench``. The table gives the better of the two runs and both raw figures.

Run (needs a CUDA GPU):
    python -m gemm._sm80_ablation --shapes 4096x4096x4096,8192x8192x8192 --json ablation.json
"""

from __future__ import annotations

import argparse
import json
import sys

from gemm._common import missing_cuda

# (name, Sm80Config fields): the seed's kernel first, then one change at a time, then the pipeline depth.
VARIANTS = (
    ("seed: 1 stage, lds, direct stores", dict(stages=1, ldmatrix=False, smem_epilogue=False)),
    ("+ cp.async double buffer", dict(stages=2, ldmatrix=False, smem_epilogue=False)),
    ("+ ldmatrix.x4", dict(stages=2, ldmatrix=True, smem_epilogue=False)),
    ("+ smem epilogue (default)", dict(stages=2, ldmatrix=True, smem_epilogue=True)),
    ("default, 1 stage", dict(stages=1)),
    ("default, 3 stages", dict(stages=3)),
    ("default, 4 stages", dict(stages=4)),
    ("default, BLK_K=64", dict(tile_mnk=(128, 128, 64))),
    ("default, 64x128 tile", dict(tile_mnk=(64, 128, 32))),
)


def _parse_shapes(text: str) -> list[tuple[int, int, int]]:
    shapes = []
    for item in text.split(","):
        try:
            m, n, k = (int(x) for x in item.lower().split("x"))
        except ValueError:
            raise SystemExit(f"error: --shapes wants MxNxK[,MxNxK...], got {item!r}") from None
        shapes.append((m, n, k))
    return shapes


def measure(shape, variants, rep_ms: int) -> list[dict]:
    import torch
    from triton.testing import do_bench

    from gemm._common import reference, rel_frobenius_error, tflops
    from gemm.sm80 import make_gemm

    m, n, k = shape
    a = torch.randn(m, k, device="cuda", dtype=torch.float16)
    b = torch.randn(n, k, device="cuda", dtype=torch.float16)
    ref = reference(a, b)
    d_ref = torch.empty(m, n, device="cuda", dtype=torch.float16)
    rows = []
    for name, fields in variants:
        d = torch.full((m, n), float("nan"), device="cuda", dtype=torch.float16)
        launch = make_gemm(a, b, d, config=fields)
        launch()
        torch.cuda.synchronize()
        err = rel_frobenius_error(d, ref)
        times, ref_times = [], []
        for _ in range(2):
            times.append(do_bench(launch, warmup=25, rep=rep_ms, return_mode="median"))
            ref_times.append(do_bench(lambda: torch.matmul(a, b.mT, out=d_ref), warmup=25, rep=rep_ms,
                                      return_mode="median"))
        ms, ms_ref = min(times), min(ref_times)
        row = dict(shape=list(shape), variant=name, config=launch.config.label(), rel_err=err, ms=times,
                   cublas_ms=ref_times, tflops=tflops(m, n, k, 1, ms), cublas_tflops=tflops(m, n, k, 1, ms_ref),
                   ratio=ms_ref / ms)
        rows.append(row)
        print(f"{'x'.join(map(str, shape))} {name:<36} err {err:.1e} {row['tflops']:6.1f} TFLOP/s "
              f"(cuBLAS {row['cublas_tflops']:6.1f}) ratio {row['ratio']:.3f}", flush=True)
    return rows


def table(rows: list[dict]) -> str:
    lines = ["| M x N x K | variant | config | rel err | ms (2 runs) | TFLOP/s | cuBLAS TFLOP/s | vs cuBLAS |",
             "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for r in rows:
        lines.append(f"| {'x'.join(map(str, r['shape']))} | {r['variant']} | {r['config']} | {r['rel_err']:.1e} | "
                     f"{' / '.join(f'{t:.3f}' for t in r['ms'])} | {r['tflops']:.1f} | {r['cublas_tflops']:.1f} | "
                     f"{r['ratio']:.3f} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gemm._sm80_ablation", description=__doc__.splitlines()[0])
    parser.add_argument("--shapes", default="4096x4096x4096,8192x8192x8192", help="MxNxK[,MxNxK...], fp16")
    parser.add_argument("--rep-ms", type=int, default=200, help="do_bench repetition time per measurement")
    parser.add_argument("--json", help="also write the rows to this file")
    args = parser.parse_args(argv)
    shapes = _parse_shapes(args.shapes)
    why = missing_cuda()
    if why:
        print(f"error: the ablation needs a CUDA GPU: {why}", file=sys.stderr)
        return 2
    import torch

    print(f"# SM80 GEMM ablation on {torch.cuda.get_device_name()}, torch {torch.__version__}")
    rows = [row for shape in shapes for row in measure(shape, VARIANTS, args.rep_ms)]
    print()
    print(table(rows))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1)
    return 0 if all(r["rel_err"] < 1e-2 for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
