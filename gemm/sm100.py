"""Blackwell (SM100) GEMM: compile it anywhere, launch it on a B200, and its command line.

    D = epilogue_op(alpha * A @ B^T + beta * C)      A: (M,K,L)  B: (N,K,L)  C, D: (M,N,L)

The kernel (`Sm100Gemm`, persistent, warp-specialized tcgen05 with TMEM accumulators) is in
`gemm._sm100_kernel`; its configuration and the reasons a configuration is refused in `gemm._sm100_config`.

    from gemm.sm100 import compile_only
    compile_only(mnkl=(4096, 4096, 4096, 1), mma_tiler_mn=(256, 128), cluster_shape_mn=(2, 1))  # no GPU

Run
    python -m gemm.sm100 --mnkl 8192,8192,8192,1 --mma-tiler 256,128 --cluster 2,1 --beta 1.0  # B200
    python -m gemm.sm100 --mnkl 4096,4096,4096,1 --compile-only      # no GPU needed
    cute-inspect trace gemm.sm100:compile_only --arch sm_100a
"""

import os

# The DSL reads the target when cutlass is first imported; this GEMM compiles only for sm_100a.
os.environ.setdefault("CUTE_DSL_ARCH", "sm_100a")

import argparse  # noqa: E402
import dataclasses  # noqa: E402
import sys  # noqa: E402

import cutlass  # noqa: E402
import cutlass.cute as cute  # noqa: E402

from gemm._common import missing_cuda  # noqa: E402
from gemm._common_epilogue import EPILOGUES  # noqa: E402
from gemm._sm100_config import (  # noqa: E402
    A_MAJORS,
    AB_DTYPES,
    B200_SM_COUNT,
    B_MAJORS,
    D_MAJORS,
    DTYPES,
    OUT_DTYPES,
    Sm100GemmConfig,
)
from gemm._sm100_kernel import Sm100Gemm  # noqa: E402


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
    import cutlass.torch as cutlass_torch
    import torch

    from gemm._common import reference, rel_frobenius_error, tflops

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


# Compiled kernels per config: make_gemm's cute tensors all have dynamic (M, N, K, L) layouts, so
# one compile serves every problem size of that config.
_compiled_cache: dict = {}


def compile_for(cfg: Sm100GemmConfig, mA, mB, mC, mD, stream):
    """Compile the kernel for `cfg` on these cute tensors, sized for this GPU's SM count."""
    from cutlass.utils import HardwareInfo

    clusters = HardwareInfo().get_max_active_clusters(cfg.cluster_shape_mn[0] * cfg.cluster_shape_mn[1])
    return cute.compile(
        Sm100Gemm(cfg), mA, mB, mC, mD, cutlass.Float32(1.0), cutlass.Float32(0.0), clusters, stream
    )


def make_gemm(a, b, d, *, c=None, alpha=1.0, beta=0.0, epilogue=None, config=None):
    """Compile (once per config) and return a zero-argument launcher over these CUDA tensors.

    a: (M, K) or (L, M, K); b: (N, K) or (L, N, K); d, c: (M, N) or (L, M, N); fp16/bf16 inputs,
    fp16/bf16/fp32 output. Computes d = epilogue(alpha * a @ b^T + beta * c). `config`: None (the
    default 2-CTA 256x128 tile, cluster 2x1) or a dict of `Sm100GemmConfig` tile/cluster fields.
    """
    import torch
    from cuda.bindings import driver as cuda_driver

    from gemm._common import cuda_operands, cutlass_dtype, major_of, to_cute

    a3, b3, d3, c3, (m, n, k, l) = cuda_operands(a, b, d, c)
    if a.dtype != b.dtype:
        raise TypeError(f"a and b must share a dtype, got {a.dtype} and {b.dtype}")
    if c is not None and (c.dtype != d.dtype or major_of(c3, "c", "n", "m") != major_of(d3, "d", "n", "m")):
        raise ValueError("c must have d's dtype and major order")
    names = {v: k_ for k_, v in DTYPES.items()}
    fields = dict(
        ab_dtype=names[cutlass_dtype(a.dtype)],
        out_dtype=names[cutlass_dtype(d.dtype)],
        a_major=major_of(a3, "a", "k", "m"),
        b_major=major_of(b3, "b", "k", "n"),
        d_major=major_of(d3, "d", "n", "m"),
        with_c=c is not None,
        epilogue=epilogue,
    )
    cfg = dataclasses.replace(Sm100GemmConfig(**fields), **(config or {}))
    ok, why = cfg.can_implement((m, n, k, l))
    if not ok:
        raise ValueError(f"unsupported SM100 GEMM config: {why}")

    mA = to_cute(a3, 1 if cfg.a_major == "k" else 0)
    mB = to_cute(b3, 1 if cfg.b_major == "k" else 0)
    mD = to_cute(d3, 1 if cfg.d_major == "n" else 0)
    mC = to_cute(c3, 1 if cfg.d_major == "n" else 0) if c3 is not None else mD
    stream = cuda_driver.CUstream(torch.cuda.current_stream().cuda_stream)
    if cfg not in _compiled_cache:
        _compiled_cache[cfg] = compile_for(cfg, mA, mB, mC, mD, stream)
    compiled = _compiled_cache[cfg]
    alpha32, beta32 = cutlass.Float32(alpha), cutlass.Float32(beta)

    def launch():
        compiled(mA, mB, mC, mD, alpha32, beta32, stream)

    launch.config = cfg
    return launch


def make_fake_args(cfg: Sm100GemmConfig, mnkl=None):
    """Fake A, B, C, D (dynamic M, N, K, L unless `mnkl` is given) and stream for `cute.compile`."""
    from cutlass.cute.runtime import make_fake_compact_tensor, make_fake_stream

    ab_dtype, d_dtype = DTYPES[cfg.ab_dtype], DTYPES[cfg.out_dtype]
    if mnkl is None:
        # A dynamic extent that is some tensor's contiguous mode must keep TMA's 16-byte steps.
        step = {"m": 1, "n": 1, "k": 1}
        for major, width in ((cfg.a_major, ab_dtype.width), (cfg.b_major, ab_dtype.width), (cfg.d_major, d_dtype.width)):
            step[major] = max(step[major], 128 // width)
        m, n, k = (cute.sym_int32(divisibility=step[x]) for x in "mnk")
        l = cute.sym_int32()
    else:
        m, n, k, l = mnkl

    # stride_order: 0 marks the contiguous mode; L is always outermost.
    def fake(dtype, shape, first_mode_contiguous):
        order = (0, 1, 2) if first_mode_contiguous else (1, 0, 2)
        return make_fake_compact_tensor(dtype, shape, stride_order=order, assumed_align=16)

    a = fake(ab_dtype, (m, k, l), cfg.a_major == "m")
    b = fake(ab_dtype, (n, k, l), cfg.b_major == "n")
    c = fake(d_dtype, (m, n, l), cfg.d_major == "m")
    d = fake(d_dtype, (m, n, l), cfg.d_major == "m")
    return a, b, c, d, make_fake_stream()


def compile_only(mnkl=None, max_active_clusters=None, **config):
    """Compile for sm_100a with fake tensors (no GPU needed) and return the compiled kernel.

    `config` holds `Sm100GemmConfig` fields; raises ValueError with the reasons when
    `can_implement` says no.
    """
    arch = os.environ.get("CUTE_DSL_ARCH", "sm_100a")
    if not arch.startswith("sm_100"):
        raise RuntimeError(f"CUTE_DSL_ARCH is {arch!r}; the SM100 GEMM compiles only for sm_100a")
    cfg = Sm100GemmConfig(**config)
    ok, why = cfg.can_implement(mnkl)
    if not ok:
        raise ValueError(f"unsupported SM100 GEMM config: {why}")
    if max_active_clusters is None:
        max_active_clusters = B200_SM_COUNT // (cfg.cluster_shape_mn[0] * cfg.cluster_shape_mn[1])
    a, b, c, d, stream = make_fake_args(cfg, mnkl)
    gemm = Sm100Gemm(cfg)
    return cute.compile(gemm, a, b, c, d, cutlass.Float32(1.0), cutlass.Float32(0.0), max_active_clusters, stream)


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    cfg = config_from_args(args)
    ok, why = cfg.can_implement(args.mnkl)
    if not ok:
        print(f"error: cannot implement {cfg}: {why}", file=sys.stderr)
        return 2
    print(f"config: {cfg}  mnkl={args.mnkl}  A/B stages={cfg.ab_stages}  epilogue subtile={cfg.epi_tile_mn}")
    if args.compile_only:
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


if __name__ == "__main__":
    raise SystemExit(main())
