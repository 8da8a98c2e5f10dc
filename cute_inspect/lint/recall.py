"""Seeded recall: one-line misnamings planted in copies of real CuTeDSL kernels, linted with the defaults.

    python -m cute_inspect.lint.recall [--cutlass DIR] [--flash-attention DIR] [--quack DIR] [--flashinfer DIR]

Each seed names a file of a public code base, one line of it (its exact text, stripped) and the line to put
in its place. The file is copied into a temporary directory, the one line is replaced, and the copy is
linted with the default rules; the seed is caught when a finding lands on that line. The unseeded copy
must have no finding there (else the seed proves nothing). Prints a Markdown table and the count; exit 1
when a seed is missed, 2 when a seed's line is not found (the code base moved on).
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from cute_inspect.lint.config import LintConfig
from cute_inspect.lint.runner import lint_source

ROOTS = {
    "cutlass": "/tmp/cutlass/examples/python/CuTeDSL",
    "flash-attention": "/tmp/flash-attention/flash_attn/cute",
    "quack": "/tmp/quack/quack",
    "flashinfer": "/tmp/flashinfer/flashinfer",
}


@dataclass(frozen=True)
class Seed:
    mistake: str
    corpus: str
    path: str
    line: str
    seeded: str


_GEMM = "cute/blackwell/tutorial/tutorial_gemm/fp16_gemm_4.py"
_HOPPER = "cute/hopper/kernel/dense_gemm/dense_gemm.py"
_FMHA = "cute/blackwell/kernel/attention/fmha/fmha.py"
SEEDS = (
    Seed("MMA partition names the other operand", "cutlass", _GEMM,
         "tCgB = thr_mma.partition_B(gB)", "tCgA = thr_mma.partition_B(gB)"),
    Seed("partition_A given B's tensor", "cutlass", _GEMM,
         "tCgA = thr_mma.partition_A(gA)", "tCgA = thr_mma.partition_A(gB)"),
    Seed("make_fragment_B given A's smem", "cutlass", _GEMM,
         "tCrB = tiled_mma.make_fragment_B(sB)", "tCrB = tiled_mma.make_fragment_B(sA)"),
    Seed("make_fragment_B given A's MMA partition", "cutlass", _HOPPER,
         "tCrB = tiled_mma.make_fragment_B(tCsB)", "tCrB = tiled_mma.make_fragment_B(tCsA)"),
    Seed("MMA partition named with an operand letter", "cutlass", _GEMM,
         "tCgC = thr_mma.partition_C(gC)", "tAgC = thr_mma.partition_C(gC)"),
    Seed("TMA copy into the other operand's smem", "cutlass", _GEMM,
         "tAsA[(None, handle.index)],", "tBsB[(None, handle.index)],"),
    Seed("GEMM operand from a TMA partition", "cutlass", _GEMM,
         "cute.gemm(tiled_mma, tCtAcc, tCrA[tile_crd], tCrB[tile_crd], tCtAcc)",
         "cute.gemm(tiled_mma, tCtAcc, tCrA[tile_crd], tBsB[tile_crd], tCtAcc)"),
    Seed("R2S partition named T2R", "cutlass", _GEMM,
         "tRS_sC = thr_copy_r2s.partition_D(sC)", "tTR_sC = thr_copy_r2s.partition_D(sC)"),
    Seed("TMEM partition named registers", "cutlass", _GEMM,
         "tTR_tAcc = thr_copy_t2r.partition_S(tCtAcc_epi)", "tTR_rAcc = thr_copy_t2r.partition_S(tCtAcc_epi)"),
    Seed("TMA store named as a load", "cutlass", _HOPPER,
         "bSG_sD, bSG_gD = cute.nvgpu.cpasync.tma_partition(", "bGS_sD, bGS_gD = cute.nvgpu.cpasync.tma_partition("),
    Seed("smem MMA partition named global", "cutlass", _HOPPER,
         "tCsA = thr_mma.partition_A(sA)", "tCgA = thr_mma.partition_A(sA)"),
    Seed("P·V fragment named with the Q·K op", "cutlass", _FMHA,
         "tOrV = pv_thr_mma.make_fragment_B(sV)", "tSrV = pv_thr_mma.make_fragment_B(sV)"),
    Seed("Q fragment named K", "cutlass", _FMHA,
         "tSrQ = qk_thr_mma.make_fragment_A(sQ)", "tSrK = qk_thr_mma.make_fragment_A(sQ)"),
    Seed("P·V fragment named with the Q·K op", "flash-attention", "flash_fwd.py",
         "tOrVt = thr_mma_pv.make_fragment_B(thr_mma_pv.partition_B(sVt[None, None, 0]))",
         "tSrVt = thr_mma_pv.make_fragment_B(thr_mma_pv.partition_B(sVt[None, None, 0]))"),
    Seed("K fragment named Q", "flash-attention", "flash_fwd.py",
         "tSrK = thr_mma_qk.make_fragment_B(thr_mma_qk.partition_B(sK[None, None, 0]))",
         "tSrQ = thr_mma_qk.make_fragment_B(thr_mma_qk.partition_B(sK[None, None, 0]))"),
    Seed("K's smem copy partition given V's tile", "flash-attention", "flash_fwd.py",
         "tKsK, tKgK = gmem_thr_copy_K.partition_D(sK), gmem_thr_copy_K.partition_S(gK)",
         "tKsK, tKgK = gmem_thr_copy_K.partition_D(sV), gmem_thr_copy_K.partition_S(gK)"),
    Seed("smem copy partition named global", "flash-attention", "flash_fwd.py",
         "tOsO = gmem_thr_copy_O.partition_S(sO)", "tOgO = gmem_thr_copy_O.partition_S(sO)"),
    Seed("Q·K fragment named with the P·V op", "flashinfer", "cute_dsl/attention/fmha/fmha.py",
         "tSrQ = qk_thr_mma.make_fragment_A(sQ)", "tOrQ = qk_thr_mma.make_fragment_A(sQ)"),
    Seed("output partition named for the input", "quack", "rmsnorm.py",
         "tXgO = thr_copy_X.partition_D(gO)", "tXgX = thr_copy_X.partition_D(gO)"),
    Seed("global partition named shared", "quack", "rmsnorm.py",
         "tXgX = thr_copy_X.partition_S(gX)", "tXsX = thr_copy_X.partition_S(gX)"),
    Seed("MMA partition names the other operand", "flashinfer", "gemm/kernels/dense_blockscaled_gemm_sm100.py",
         "tCgA = thr_mma.partition_A(gA_mkl)", "tCgB = thr_mma.partition_A(gA_mkl)"),
    Seed("TMA store named as a load", "flashinfer", "gemm/kernels/grouped_gemm_masked_blackwell.py",
         "bSG_sC, bSG_gC = cpasync.tma_partition(", "bGS_sC, bGS_gC = cpasync.tma_partition("),
)


@dataclass(frozen=True)
class Outcome:
    seed: Seed
    line: int
    codes: tuple[str, ...]
    message: str
    control: tuple[str, ...]


def _line_of(lines: list[str], text: str) -> int:
    found = [number for number, line in enumerate(lines, start=1) if line.strip() == text]
    if not found:
        raise LookupError(text)
    return found[0]


def run_seed(seed: Seed, root: Path, scratch: Path) -> Outcome:
    """Plant ``seed`` in a copy of its file under ``scratch`` and lint the copy with the default rules."""
    original = root / seed.path
    copy = scratch / seed.corpus / seed.path
    copy.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(original, copy)
    text = copy.read_text()
    lines = text.splitlines(keepends=True)
    number = _line_of(lines, seed.line)
    config = LintConfig()
    control = tuple(f.code for f in lint_source(text, str(copy), config) if f.line == number)
    lines[number - 1] = lines[number - 1].replace(seed.line, seed.seeded)
    copy.write_text("".join(lines))
    found = [f for f in lint_source("".join(lines), str(copy), config) if f.line == number]
    return Outcome(seed, number, tuple(f.code for f in found), found[0].message if found else "", control)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cute_inspect.lint.recall", description=__doc__.split("\n")[0])
    for corpus, default in ROOTS.items():
        parser.add_argument(f"--{corpus}", default=default, metavar="DIR", help=f"default {default}")
    args = parser.parse_args(argv)
    roots = {corpus: Path(getattr(args, corpus.replace("-", "_"))) for corpus in ROOTS}
    outcomes = []
    with tempfile.TemporaryDirectory(prefix="cute-inspect-recall-") as scratch:
        for seed in SEEDS:
            try:
                outcomes.append(run_seed(seed, roots[seed.corpus], Path(scratch)))
            except (LookupError, OSError) as error:
                print(f"{seed.corpus}/{seed.path}: seed line not found ({error}); "
                      "is the checkout at the documented commit?", file=sys.stderr)
                return 2
    print("| mistake | file:line | seeded line | caught by | message |")
    print("| --- | --- | --- | --- | --- |")
    for outcome in outcomes:
        seed = outcome.seed
        caught = ", ".join(outcome.codes) or "**missed**"
        if outcome.control:
            caught += f" (unseeded line already reported: {', '.join(outcome.control)})"
        print(f"| {seed.mistake} | {seed.corpus}/{seed.path}:{outcome.line} | `{seed.seeded}` | {caught} | "
              f"{outcome.message.replace('|', '/')} |")
    caught = sum(1 for outcome in outcomes if outcome.codes and not outcome.control)
    print(f"\ncaught {caught} of {len(outcomes)} seeded misnamings")
    return 0 if caught == len(outcomes) else 1


if __name__ == "__main__":
    sys.exit(main())
