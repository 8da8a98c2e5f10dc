"""`python -m gemm.sm100`: compile the SM100 GEMM, and on a B200 run it, verify it and time it."""

import argparse
import dataclasses
import sys

from gemm._common import missing_cuda
from gemm._common_epilogue import EPILOGUES
from gemm._sm100_config import (
    A_MAJORS,
    AB_DTYPES,
    B_MAJORS,
    D_MAJORS,
    DTYPES,
    OUT_DTYPES,
    Sm100GemmConfig,
)


def _ints(text: str) -> tuple:
    try:
        return tuple(int(x) for x in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected comma-separated integers, got {text!r}") from None


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m gemm.sm100",
        description="Blackwell (SM100) persistent GEMM: D = op(alpha * A @ B^T + beta * C).",
    )
    p.add_argument("--mnkl", type=_ints, required=True, help="problem size M,N,K,L")
    p.add_argument("--ab-dtype", choices=AB_DTYPES, default="fp16")
    p.add_argument("--out-dtype", choices=OUT_DTYPES, default="fp16", help="type of C and D")
    p.add_argument("--mma-tiler", type=_ints, default=(256, 128), help="MMA tile M,N")
    p.add_argument("--cluster", type=_ints, default=(2, 1), help="cluster shape M,N")
    p.add_argument("--use-2cta", action=argparse.BooleanOptionalAction, default=True)
    p.add_argument("--a-major", choices=A_MAJORS, default="k")
    p.add_argument("--b-major", choices=B_MAJORS, default="k")
    p.add_argument("--d-major", choices=D_MAJORS, default="n", help="major mode of C and D")
    p.add_argument("--alpha", type=float, default=1.0)
    p.add_argument("--beta", type=float, default=0.0, help="0 compiles the kernel without C")
    p.add_argument("--epilogue", choices=sorted(EPILOGUES), default=None, help="elementwise op on the result")
    p.add_argument("--compile-only", action="store_true", help="compile for sm_100a; needs no GPU")
    p.add_argument("--warmup", type=int, default=3)
    p.add_argument("--iterations", type=int, default=20)
    return p


def config_from_args(args) -> Sm100GemmConfig:
    return Sm100GemmConfig(
        ab_dtype=args.ab_dtype,
        out_dtype=args.out_dtype,
        mma_tiler_mn=args.mma_tiler,
        cluster_shape_mn=args.cluster,
        use_2cta=args.use_2cta,
        a_major=args.a_major,
        b_major=args.b_major,
        d_major=args.d_major,
        with_c=args.beta != 0.0,
        epilogue=args.epilogue,
    )


def blackwell_device_problem():
    """None when a B200-class GPU (compute capability 10.0) is usable here, else why not."""
    why = missing_cuda()
    if why:
        return f"{why}, so the kernel cannot be run or verified here"
    import torch

    cap = torch.cuda.get_device_capability()
    if cap != (10, 0):
        name = torch.cuda.get_device_name()
        return f"{name} has compute capability {cap[0]}.{cap[1]}; this sm_100a kernel needs a B200 (10.0)"
    return None


# Relative Frobenius error allowed against the fp32 reference, per output type (as the SM90 tests).
TOLERANCE = {"fp16": 2e-3, "bf16": 8e-3, "fp32": 1e-5}


def run_on_gpu(cfg: Sm100GemmConfig, mnkl, alpha, beta, warmup, iterations) -> int:
    """Run once on NaN-poisoned D, check against the fp32 reference, then time `iterations` runs."""
    import cuda.bindings.driver as cuda
    import torch

    import cutlass
    import cutlass.torch as cutlass_torch

    from gemm._common import reference, rel_frobenius_error, tflops
    from gemm._sm100_launch import compile_for

    m, n, k, l = mnkl
    ab_dtype, d_dtype = DTYPES[cfg.ab_dtype], DTYPES[cfg.out_dtype]
    torch.manual_seed(0)
    # Small integers: exact in every input type (fp8 included), so the reference sees what the kernel sees.
    a_ref = cutlass_torch.matrix(l, m, k, cfg.a_major == "m", ab_dtype)
    b_ref = cutlass_torch.matrix(l, n, k, cfg.b_major == "n", ab_dtype)
    c_ref = cutlass_torch.matrix(l, m, n, cfg.d_major == "m", d_dtype)
    a, _ = cutlass_torch.cute_tensor_like(a_ref, ab_dtype, is_dynamic_layout=True, assumed_align=16)
    b, _ = cutlass_torch.cute_tensor_like(b_ref, ab_dtype, is_dynamic_layout=True, assumed_align=16)
    c, _ = cutlass_torch.cute_tensor_like(c_ref, d_dtype, is_dynamic_layout=True, assumed_align=16)
    d, d_gpu = cutlass_torch.cute_tensor_like(
        torch.full_like(c_ref, float("nan")), d_dtype, is_dynamic_layout=True, assumed_align=16
    )

    stream = cuda.CUstream(torch.cuda.current_stream().cuda_stream)
    compiled = compile_for(cfg, a, b, c, d, stream)
    alpha32, beta32 = cutlass.Float32(alpha), cutlass.Float32(beta)

    compiled(a, b, c, d, alpha32, beta32, stream)
    torch.cuda.synchronize()
    # (M, K, L) views -> the (L, M, K) operands the shared reference takes.
    want = reference(
        a_ref.permute(2, 0, 1),
        b_ref.permute(2, 0, 1),
        c=c_ref.permute(2, 0, 1) if cfg.with_c else None,
        alpha=alpha,
        beta=beta,
        epilogue=cfg.epilogue,
    )
    err = rel_frobenius_error(d_gpu.cpu().permute(2, 0, 1), want)
    tol = TOLERANCE[cfg.out_dtype]
    if not err < tol:
        print(f"error: relative Frobenius error {err:.3e} >= {tol} against the fp32 torch reference", file=sys.stderr)
        return 1
    print(f"verified against the fp32 torch reference: relative Frobenius error {err:.2e} < {tol}")

    for _ in range(warmup):
        compiled(a, b, c, d, alpha32, beta32, stream)
    start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(iterations):
        compiled(a, b, c, d, alpha32, beta32, stream)
    stop.record()
    torch.cuda.synchronize()
    ms = start.elapsed_time(stop) / iterations
    print(f"{ms * 1e3:.1f} us per GEMM, {tflops(m, n, k, l, ms):.1f} TFLOP/s")
    return 0


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    cfg = config_from_args(args)
    ok, why = cfg.can_implement(args.mnkl)
    if not ok:
        print(f"error: cannot implement {cfg}: {why}", file=sys.stderr)
        return 2
    print(f"config: {cfg}  mnkl={args.mnkl}  A/B stages={cfg.ab_stages}  epilogue subtile={cfg.epi_tile_mn}")
    if args.compile_only:
        from gemm.sm100 import compile_only

        compile_only(mnkl=args.mnkl, **dataclasses.asdict(cfg))
        print("compiled for sm_100a (not run: --compile-only)")
        return 0
    problem = blackwell_device_problem()
    if problem is not None:
        print(
            f"error: cannot run here: {problem}. Use --compile-only to compile for sm_100a without a GPU.",
            file=sys.stderr,
        )
        return 1
    return run_on_gpu(cfg, args.mnkl, args.alpha, args.beta, args.warmup, args.iterations)

