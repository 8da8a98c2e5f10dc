"""Persistent, warp-specialized Hopper (SM90) GEMM, checked by cute-inspect at every tiling level.

    D = epilogue(alpha * A @ B^T + beta * C)        A: (M, K, L)  B: (N, K, L)  C, D: (M, N, L)

This module holds the entry points; the kernel (`Sm90Gemm`, its features, data flow and constraints)
is in `gemm._sm90_kernel`, the configs and the extents its shape checks expect in `gemm._sm90_config`.

- `compile_only(**config)`: compile for sm_90a from fake tensors (no GPU; used by the tracer and tests).
- `make_gemm(a, b, d, *, c, alpha, beta, epilogue, config) -> launcher`: compile once per config and
  operand kinds, return a zero-argument launcher over these torch tensors.
- `default_config` / `candidate_configs`: the heuristic and the autotuner's candidates (`gemm._autotune`).

Run
    python -m gemm.sm90 --mnkl 8192,8192,8192,1 --dtype bf16            # run, verify, time (needs a GPU)
    python -m gemm.sm90 --mnkl 8192,8192,8192,1 --tune                  # autotune first, cache the winner
    python -m gemm.sm90 --mnkl 4096,4096,4096,1 --compile-only          # compile for sm_90a, no GPU
    cute-inspect trace gemm.sm90:compile_only --arch sm_90a
"""
from __future__ import annotations

import os

os.environ.setdefault("CUTE_DSL_ARCH", "sm_90a")

import argparse  # noqa: E402
import sys  # noqa: E402
from typing import Optional  # noqa: E402

import cutlass  # noqa: E402
import cutlass.cute as cute  # noqa: E402

from gemm._common import missing_cuda  # noqa: E402
from gemm._common_epilogue import resolve_epilogue  # noqa: E402
from gemm._sm90_config import Sm90Config  # noqa: E402
from gemm._sm90_heuristic import candidate_configs, default_config  # noqa: E402,F401 (public API)
from gemm._sm90_kernel import Sm90Gemm  # noqa: E402
from gemm._sm90_schedule import GPC_FLAGS, GPC_MAX_CLUSTERS  # noqa: E402

_MAJOR_CHOICES = {"a": ("k", "m"), "b": ("k", "n"), "d": ("n", "m")}
_compiled_cache: dict = {}


def _fake_operand(dtype, rows: int, cols: int, l: int, col_major_first: bool, dynamic: bool):
    """A fake (rows, cols, L) tensor; `col_major_first` puts stride 1 on cols (K-major A, N-major D)."""
    from cutlass.cute.runtime import make_fake_compact_tensor

    shape = (rows, cols, l)
    if dynamic:
        shape = tuple(cute.sym_int(divisibility=8) for _ in range(2)) + (cute.sym_int(),)
    order = (1, 0, 2) if col_major_first else (0, 1, 2)
    return make_fake_compact_tensor(dtype, shape, stride_order=order, assumed_align=16)


def compile_only(
    m: int = 4096,
    n: int = 4096,
    k: int = 4096,
    l: int = 1,
    dtype: str = "fp16",
    b_dtype: Optional[str] = None,
    out_dtype: Optional[str] = None,
    a_major: str = "k",
    b_major: str = "k",
    d_major: str = "n",
    has_c: bool = False,
    epilogue: Optional[str] = None,
    dynamic: bool = False,
    **config,
):
    """Compile for sm_90a from fake tensors (no GPU needed); `config` holds `Sm90Config` fields (with
    `swap_ab`, the transposed problem that `make_gemm` runs).

    Static shapes by default, so traces show every extent; `dynamic=True` compiles the run-time-shaped
    kernel that `make_gemm` launches.
    """
    from cutlass.cute.runtime import make_fake_compact_tensor, make_fake_stream

    for operand, major in (("a", a_major), ("b", b_major), ("d", d_major)):
        if major not in _MAJOR_CHOICES[operand]:
            raise ValueError(f"{operand}_major must be one of {_MAJOR_CHOICES[operand]}, got {major!r}")
    names = {"fp16": cutlass.Float16, "bf16": cutlass.BFloat16, "e4m3": cutlass.Float8E4M3FN,
             "e5m2": cutlass.Float8E5M2}
    b_dtype = b_dtype or dtype
    for what, value in (("dtype", dtype), ("b_dtype", b_dtype)):
        if value not in names:
            raise ValueError(f"{what} must be one of {sorted(names)}, got {value!r}")
    out_names = {"fp16": cutlass.Float16, "bf16": cutlass.BFloat16, "fp32": cutlass.Float32}
    # fp8 products are written as bf16 unless asked otherwise.
    out_dtype = out_dtype or (dtype if dtype in out_names else "bf16")
    if out_dtype not in out_names:
        raise ValueError(f"out_dtype must be one of {sorted(out_names)}, got {out_dtype!r}")
    ab, bb, out = names[dtype], names[b_dtype], out_names[out_dtype]
    cfg = Sm90Config(**config)
    if cfg.swap_ab:
        # What make_gemm compiles for a swapped config: the transposed problem (B as A, A as B, D^T).
        swapped_major = {"k": "k", "m": "n", "n": "m"}
        return compile_only(
            n, m, k, l, dtype=b_dtype, b_dtype=dtype, out_dtype=out_dtype, a_major=swapped_major[b_major],
            b_major=swapped_major[a_major], d_major=swapped_major[d_major], has_c=has_c, epilogue=epilogue,
            dynamic=dynamic, **cfg.unswapped().to_dict(),
        )
    mA = _fake_operand(ab, m, k, l, a_major == "k", dynamic)
    mB = _fake_operand(bb, n, k, l, b_major == "k", dynamic)
    mD = _fake_operand(out, m, n, l, d_major == "n", dynamic)
    mC = _fake_operand(out, m, n, l, d_major == "n", dynamic) if has_c else mD
    clusters = 132 // cfg.cluster_size
    gemm = Sm90Gemm(cfg, has_c=has_c, epilogue_op=resolve_epilogue(epilogue), max_active_clusters=clusters)
    stream_k = ()
    if cfg.uses_flags:
        workspace_elems, flag_count = stream_k_buffer_sizes(cfg, clusters)
        stream_k = (
            make_fake_compact_tensor(cutlass.Float32, (workspace_elems,), assumed_align=16),
            make_fake_compact_tensor(cutlass.Int32, (flag_count,), assumed_align=16),
        )
    return cute.compile(gemm, mA, mB, mD, mC, 1.0, 0.0, make_fake_stream(), *stream_k)


def _stream_k_buffers(cfg: Sm90Config, clusters: int, device) -> tuple:
    """((), ()) without stream-K, split-K or the GPC order, else one launcher's (workspace, flags): as cute
    tensors, and the torch tensors behind them, which must outlive every launch. The flags' counters and
    claims start at zero and every launch leaves them at zero, so the launcher's launches reuse them one
    after the other; the GPC order's flags also hold the card's SM groups (`gemm._sm90_gpc`)."""
    if not cfg.uses_flags:
        return (), ()
    import torch
    from cutlass.cute.runtime import from_dlpack

    workspace_elems, flag_count = stream_k_buffer_sizes(cfg, clusters)
    flags = torch.zeros(flag_count, device=device, dtype=torch.int32)
    if cfg.gpc_order:
        from gemm._sm90_gpc import gpc_flags, sm_groups

        flags = torch.tensor(gpc_flags(sm_groups(torch.device(device).index or 0), cfg.cluster_size, clusters),
                             device=device, dtype=torch.int32)
    owners = (torch.empty(workspace_elems, device=device, dtype=torch.float32), flags)
    return tuple(from_dlpack(t, assumed_align=16).mark_layout_dynamic() for t in owners), owners


def stream_k_buffer_sizes(cfg: Sm90Config, clusters: int) -> tuple:
    """(fp32 workspace elements, int32 flags) a launch needs: for stream-K or split-K two tiles of partial
    sums per CTA of the persistent grid (a run's first and last units) and one counter per CTA; for the GPC
    order no workspace (one element stands in) and its claims, counters and SM map."""
    if cfg.gpc_order:
        if clusters > GPC_MAX_CLUSTERS:
            raise ValueError(f"the GPC order claims at most {GPC_MAX_CLUSTERS} cluster ids, got {clusters} clusters")
        return 1, GPC_FLAGS
    ctas = clusters * cfg.cluster_size
    return 2 * ctas * cfg.tile_m * cfg.tile_n, ctas


def parse_config(label: str) -> Sm90Config:
    """The config a label names (`Sm90Config.label`'s text): `gemm.bench --configs` checks its labels here
    before any GPU work."""
    return Sm90Config.from_label(label)


def _as_config(config) -> Sm90Config:
    if isinstance(config, Sm90Config):
        return config
    if isinstance(config, dict):
        return Sm90Config.from_dict(config)
    if isinstance(config, str):
        return Sm90Config.from_label(config)
    raise TypeError(f"config must be an Sm90Config, a dict of its fields, its label, 'auto' or None, got {config!r}")


def make_gemm(a, b, d, *, c=None, alpha=1.0, beta=0.0, epilogue=None, config=None):
    """Compile (once per config and operand kinds) and return a zero-argument launcher over these tensors.

    a: (M, K) or (L, M, K); b: (N, K) or (L, N, K); d, c: (M, N) or (L, M, N), all on the GPU. Computes
    d = epilogue(alpha * a @ b^T + beta * c) like torch.matmul(a, b.mT). `config`: an `Sm90Config` (or a
    dict of its fields, or its label); None takes the tuned choice cached for this problem, else a heuristic; "auto"
    times the candidates on these tensors first and caches the winner. A config with `swap_ab` runs the
    kernel on the transposed problem d^T = b a^T (b as its A, a as its B, d^T and c^T as its D and C).
    A stream-K launcher owns its workspace (fp32 partial sums of one tile per CTA) and flags: its
    launches must not overlap, while different launchers may run at once on different streams.
    """
    import torch
    from cuda.bindings import driver as cuda_driver

    from gemm import _autotune
    from gemm._common import cuda_operands, cutlass_dtype, major_of, to_cute

    a3, b3, d3, c3, (m, n, k, l) = cuda_operands(a, b, d, c)
    both_fp8 = a.element_size() == 1 and b.element_size() == 1
    if a.dtype != b.dtype and not both_fp8:
        raise TypeError(f"a and b must share a dtype (or both be fp8), got {a.dtype} and {b.dtype}")
    a_major = major_of(a3, "a", "k", "m")
    b_major = major_of(b3, "b", "k", "n")
    d_major = major_of(d3, "d", "n", "m")
    if c3 is not None and (c.dtype != d.dtype or major_of(c3, "c", "n", "m") != d_major):
        raise TypeError(f"c must have d's dtype {d.dtype} and majorness ({d_major}-major)")
    epilogue_op = resolve_epilogue(epilogue)
    epilogue_key = epilogue if isinstance(epilogue, str) or epilogue is None else id(epilogue)
    stream = cuda_driver.CUstream(torch.cuda.current_stream().cuda_stream)
    # Everything the compiled kernel depends on besides the config: one compile serves every shape.
    kind = (str(a.dtype), str(b.dtype), str(d.dtype), a_major, b_major, d_major, c is not None, epilogue_key)
    operands = {}

    def oriented(swap: bool):
        """(cute A, B, D, C, kernel kind) the kernel runs on: these operands, or for `swap_ab` B as A, A as
        B and the transposed views of D and C (D^T = B A^T; a K-major operand stays K-major, an N-major D
        becomes M-major)."""
        if swap not in operands:
            ka, kb, kd, kc = (b3, a3, d3.mT, c3.mT if c3 is not None else None) if swap else (a3, b3, d3, c3)
            ka_major = major_of(ka, "a", "k", "m")
            kb_major = major_of(kb, "b", "k", "n")
            kd_major = major_of(kd, "d", "n", "m")
            mD = to_cute(kd, 1 if kd_major == "n" else 0)
            operands[swap] = (
                to_cute(ka, 1 if ka_major == "k" else 0),
                to_cute(kb, 1 if kb_major == "k" else 0),
                mD,
                to_cute(kc, 1 if kd_major == "n" else 0) if kc is not None else mD,
                (str(ka.dtype), str(kb.dtype), str(d.dtype), ka_major, kb_major, kd_major, c is not None,
                 epilogue_key),
            )
        return operands[swap]

    def build(cfg: Sm90Config):
        from cutlass.utils import HardwareInfo

        mA, mB, mD, mC, kernel_kind = oriented(cfg.swap_ab)
        kernel_cfg = cfg.unswapped()
        key = (kernel_cfg, kernel_kind)
        cached = _compiled_cache.get(key)
        # The occupancy query costs a driver call: once per compile, not per launcher.
        clusters = cached[2] if cached else HardwareInfo().get_max_active_clusters(cfg.cluster_size)
        stream_k, stream_k_storage = _stream_k_buffers(kernel_cfg, clusters, a.device)
        if cached is None:
            gemm = Sm90Gemm(
                kernel_cfg, has_c=c is not None, epilogue_op=epilogue_op, max_active_clusters=clusters
            )
            compiled = cute.compile(
                gemm, mA, mB, mD, mC, cutlass.Float32(alpha), cutlass.Float32(beta), stream, *stream_k
            )
            _compiled_cache[key] = (compiled, compiled.to(None), clusters)
        compiled, executor, _ = _compiled_cache[key]
        # Pack the arguments once: a launch then costs one C call, not a Python walk over them
        # (which shows on sub-millisecond GEMMs).
        args = (mA, mB, mD, mC, cutlass.Float32(alpha), cutlass.Float32(beta), stream, *stream_k)
        exe_args, adapted = compiled.generate_execution_args(*args)

        def launch():
            executor.run_compiled_program(exe_args)

        # exe_args holds raw pointers into these objects (the stream handle, the scalars, the stream-K
        # buffers): keep them alive.
        launch.arg_owners = (args, adapted, stream_k_storage)
        return launch

    cutlass_dtype(d.dtype)
    problem = _autotune.problem_key("sm90", torch.cuda.get_device_name(), (m, n, k, l), kind)
    if config is None:
        cached = _autotune.lookup(problem)
        cfg = Sm90Config.from_dict(cached) if cached else default_config(m, n, k, l, b_major, a_major)
    elif config == "auto":
        cfg = Sm90Config.from_dict(
            _autotune.tune(problem, [c_.to_dict() for c_ in candidate_configs(m, n, k, l, b_major, a_major)],
                           lambda cd: build(Sm90Config.from_dict(cd)))
        )
    else:
        cfg = _as_config(config)
    launcher = build(cfg)
    launcher.config = cfg
    return launcher


def _parse_args(argv):
    from gemm._common import parse_ints

    p = argparse.ArgumentParser(prog="python -m gemm.sm90", description="Run, verify and time one SM90 GEMM.")
    p.add_argument("--mnkl", default="4096,4096,4096,1", help="M,N,K,L (default 4096,4096,4096,1)")
    p.add_argument("--dtype", default="fp16", choices=["fp16", "bf16", "e4m3", "e5m2"],
                   help="A and B dtype (fp8 runs write bf16 D)")
    p.add_argument("--tile", default=None, help="tile_m,tile_n (default: tuned cache or heuristic)")
    p.add_argument("--cluster", default=None, help="cluster_m,cluster_n")
    p.add_argument("--pingpong", action="store_true", help="ping-pong consumer schedule (with --tile)")
    p.add_argument("--tune", action="store_true", help="time the candidate configs first and cache the best")
    p.add_argument("--epilogue", default=None, choices=["relu", "gelu"])
    p.add_argument("--compile-only", action="store_true", help="compile for sm_90a from fake tensors, no GPU")
    args = p.parse_args(argv)
    try:
        args.mnkl = parse_ints(args.mnkl, 4, "--mnkl")
        args.tile = parse_ints(args.tile, 2, "--tile") if args.tile else None
        args.cluster = parse_ints(args.cluster, 2, "--cluster") if args.cluster else None
    except ValueError as e:
        p.error(str(e))
    return args


def main(argv=None) -> int:
    args = _parse_args(argv)
    m, n, k, l = args.mnkl
    fields = {}
    if args.tile:
        fields.update(tile_m=args.tile[0], tile_n=args.tile[1])
    if args.cluster:
        fields.update(cluster_m=args.cluster[0], cluster_n=args.cluster[1])
    if args.pingpong:
        fields.update(pingpong=True)
    try:
        if fields:
            Sm90Config(**fields)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if args.compile_only:
        compile_only(m, n, k, l, dtype=args.dtype, epilogue=args.epilogue, **fields)
        print(f"compiled sm90 GEMM for sm_90a: mnkl={m},{n},{k},{l} {args.dtype} {Sm90Config(**fields).label()}")
        return 0
    why = missing_cuda()
    if why:
        print(f"error: {why}; use --compile-only to compile without a GPU", file=sys.stderr)
        return 2
    import torch
    import triton.testing

    from gemm._common import reference, rel_frobenius_error, tflops, torch_dtype

    dt = torch_dtype(args.dtype)
    fp8 = args.dtype in ("e4m3", "e5m2")
    # fp8 operands are rounded from randn; their products are written as bf16.
    a = torch.randn(l, m, k, device="cuda").to(dt)
    b = torch.randn(l, n, k, device="cuda").to(dt)
    d = torch.full((l, m, n), float("nan"), device="cuda", dtype=torch.bfloat16 if fp8 else dt)
    config = "auto" if args.tune else (Sm90Config(**fields) if fields else None)
    run = make_gemm(a, b, d, epilogue=args.epilogue, config=config)
    run()
    torch.cuda.synchronize()
    err = rel_frobenius_error(d, reference(a, b, epilogue=args.epilogue))
    ms = triton.testing.do_bench(run, warmup=50, rep=300, return_mode="median")
    line = (f"sm90 {run.config.label()} mnkl={m},{n},{k},{l} {args.dtype}: rel_err={err:.2e} "
            f"{ms:.4f} ms {tflops(m, n, k, l, ms):.1f} TFLOP/s")
    if fp8 and l > 1:
        print(f"{line} | cuBLAS: no batched fp8 baseline in torch")
    else:
        if fp8:
            one = torch.ones((), device="cuda")
            baseline = lambda: torch._scaled_mm(a[0], b[0].mT, scale_a=one, scale_b=one, out_dtype=d.dtype)  # noqa: E731
        else:
            baseline = lambda: torch.matmul(a, b.mT)  # noqa: E731
        ms_ref = triton.testing.do_bench(baseline, warmup=50, rep=300, return_mode="median")
        print(f"{line} | cuBLAS {ms_ref:.4f} ms {tflops(m, n, k, l, ms_ref):.1f} TFLOP/s | ratio {ms_ref / ms:.3f}x")
    tolerance = 1e-2
    if not err < tolerance:
        print(f"error: relative Frobenius error {err:.3e} exceeds {tolerance}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
