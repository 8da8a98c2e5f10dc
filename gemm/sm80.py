"""The SM80 teaching GEMM of seed 003 in CuTeDSL, checked by cute-inspect at every level.

D = A @ B^T (torch: ``torch.matmul(a, b.mT)``), fp16 or bf16 in and out, float32 accumulation.

Features
  - three-level tiling as the seed teaches it: CTA grid over D, a K-loop over BLK_K slices, 4 warps (2x2)
    over the SM80 16x8x16 ``mma.sync`` atom;
  - cp.async gmem->smem copies into Swizzle<3,3,3> shared layouts, 16 bytes per thread, coalesced;
  - a multi-stage cp.async pipeline (``stages``; 1 is the seed's serialised copy-then-compute loop);
  - ldmatrix.x4 smem->register loads (``ldmatrix=False``: element copies, as the seed);
  - an epilogue through shared memory for 16-byte coalesced stores (``smem_epilogue=False``: the seed's
    scattered stores straight from the MMA fragment);
  - predication: ragged M, N and K work (out-of-range vectors are zero-filled, never loaded or stored);
  - an ``expect(...)`` beside every local_tile, partition and fragment.

Data flow (one CTA, one (BLK_M, BLK_N) tile of D)
  1. prologue: cp.async the first ``stages-1`` k-tiles of A and B into their shared stages;
  2. per k-tile: wait for its copy group, barrier, issue the copy ``stages-1`` tiles ahead, then per 16-wide
     k-block ldmatrix A and B fragments and issue the 2x2-warp tiled mma.sync into float32 registers;
  3. epilogue: round to fp16/bf16, write the tile into shared memory in MMA order, read it back as rows of
     16-byte vectors, store the in-bounds vectors to D.

Constraints
  - A (M,K) or (L,M,K) and B (N,K) or (L,N,K) K-contiguous; D (M,N) or (L,M,N) N-contiguous; one dtype.
  - K and N multiples of 8 (16-byte rows: cp.async and vector stores move 8 elements); M any size.
  - Data pointers 16-byte aligned.
  - Tile BLK_M, BLK_N in {32, 64, 128, 256}, BLK_K in {32, 64}; shared memory at most 163 KB.

Run
  python -m gemm.sm80 --mnkl 4096,4096,4096,1                  # on a GPU: check against torch, time it
  python -m gemm.sm80 --mnkl 1000,1000,200,1 --compile-only    # no GPU needed: compile for sm_80
  cute-inspect trace gemm.sm80:compile_only --arch sm_80       # the shape trace of every partition

The kernel compiles for the architecture in CUTE_DSL_ARCH, read when cutlass is first imported: sm_80 for
``--compile-only``, the detected GPU otherwise (an H100 gets sm_90a; the kernel uses only SM80 instructions).
An sm_80 build does not load on Hopper (cudaErrorNoKernelImageForDevice, seen on an H100): make_gemm refuses
a CUTE_DSL_ARCH whose major version differs from the GPU's.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys

from gemm._sm80_config import DTYPES, VECTOR_ELEMS, ConfigError, Sm80Config

__all__ = ["Sm80Config", "ConfigError", "compile_only", "make_gemm", "main"]


def _config(config: Sm80Config | dict | None, dtype: str) -> Sm80Config:
    """The launch's configuration; the dtype comes from the tensors unless an Sm80Config fixes it."""
    if isinstance(config, Sm80Config):
        return config
    return Sm80Config(**{"dtype": dtype, **(config or {})})


def compile_only(m: int | None = None, n: int | None = None, k: int | None = None, l: int = 1, **config):
    """Compile the kernel for fake tensors (no GPU needed) and return the compiled function.

    M, N, K left as None are run-time extents (K and N declared multiples of 8), as in a real launch;
    give ints to compile for one fixed shape. ``config`` takes Sm80Config's fields.
    """
    import cutlass
    import cutlass.cute as cute
    from cutlass.cute.runtime import make_fake_compact_tensor, make_fake_stream

    from gemm._sm80_kernel import Sm80Gemm

    cfg = Sm80Config(**config)
    dtype = {"float16": cutlass.Float16, "bfloat16": cutlass.BFloat16}[cfg.dtype]
    m = cute.sym_int32(symbol="M") if m is None else m
    n = cute.sym_int32(divisibility=VECTOR_ELEMS, symbol="N") if n is None else n
    k = cute.sym_int32(divisibility=VECTOR_ELEMS, symbol="K") if k is None else k

    def fake(rows, cols):
        return make_fake_compact_tensor(dtype, (l, rows, cols), stride_order=(2, 1, 0), assumed_align=16)

    return cute.compile(Sm80Gemm(cfg), fake(m, k), fake(n, k), fake(m, n), make_fake_stream())


def _check_vectors(name: str, t3, cols_name: str) -> None:
    """Every row must split into whole 16-byte vectors: cp.async, predication and stores move 8 elements."""
    if t3.stride(2) != 1:
        raise ValueError(f"{name} must be contiguous along {cols_name} (stride 1), got strides {tuple(t3.stride())}")
    strides_ok = t3.stride(1) % VECTOR_ELEMS == 0 and (t3.shape[0] == 1 or t3.stride(0) % VECTOR_ELEMS == 0)
    if t3.shape[2] % VECTOR_ELEMS or not strides_ok:
        raise ValueError(f"{name}: {cols_name} and the row and batch strides must be multiples of {VECTOR_ELEMS} "
                         f"(16-byte rows), got shape {tuple(t3.shape)}, strides {tuple(t3.stride())}")
    if t3.data_ptr() % 16:
        raise ValueError(f"{name}: the data pointer must be 16-byte aligned")


def make_gemm(a, b, d, *, config: Sm80Config | dict | None = None):
    """Compile once for these torch tensors and return a zero-argument launcher computing d = a @ b.mT.

    a: (M, K) or (L, M, K); b: (N, K) or (L, N, K); d: (M, N) or (L, M, N); all one dtype, fp16 or bf16,
    on the current CUDA device. The launcher enqueues on torch's current stream and returns nothing.
    """
    import torch

    from gemm._common import batched

    cfg = _config(config, str(a.dtype).removeprefix("torch."))
    torch_dtype = getattr(torch, cfg.dtype)
    for name, t in (("a", a), ("b", b), ("d", d)):
        if t.dtype != torch_dtype:
            raise ValueError(f"{name} has dtype {t.dtype}, but the kernel is configured for {torch_dtype} "
                             f"(one dtype for a, b and d; allowed: {', '.join(DTYPES)})")
        if not t.is_cuda:
            raise ValueError(f"{name} must be a CUDA tensor")
    a3, b3, d3 = batched(a, "a"), batched(b, "b"), batched(d, "d")
    for name, t3, cols_name in (("a", a3, "K"), ("b", b3, "K"), ("d", d3, "N")):
        _check_vectors(name, t3, cols_name)
    (la, m, k), (lb, n, kb), (ld, md, nd) = a3.shape, b3.shape, d3.shape
    if kb != k or md != m or nd != n or not la == lb == ld:
        raise ValueError(f"shapes do not chain: a {tuple(a.shape)}, b {tuple(b.shape)}, d {tuple(d.shape)} "
                         f"(want a (L,M,K), b (L,N,K), d (L,M,N))")

    arch = os.environ.get("CUTE_DSL_ARCH")
    major, minor = torch.cuda.get_device_capability(a.device)
    if arch and not arch.removeprefix("sm_").startswith(str(major)):
        raise ValueError(f"CUTE_DSL_ARCH={arch} builds code this sm_{major}{minor} GPU cannot load; "
                         f"unset it (the GPU is detected) or set sm_{major}{minor}{'a' if major >= 9 else ''}")

    import cuda.bindings.driver as cuda_driver
    import cutlass.cute as cute
    from cutlass.cute.runtime import from_dlpack

    from gemm._sm80_kernel import Sm80Gemm

    args = [from_dlpack(t, assumed_align=16) for t in (a3, b3, d3)]
    stream = cuda_driver.CUstream(torch.cuda.current_stream().cuda_stream)
    compiled = cute.compile(Sm80Gemm(cfg), *args, stream)

    def launch() -> None:
        compiled(*args, stream)

    launch.config = cfg
    return launch


def _parse_mnkl(text: str) -> tuple[int, int, int, int]:
    try:
        values = tuple(int(x) for x in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"--mnkl wants four comma-separated integers M,N,K,L, got {text!r}")
    if len(values) != 4 or min(values) < 1:
        raise argparse.ArgumentTypeError(f"--mnkl wants four positive integers M,N,K,L, got {text!r}")
    return values


def _parse_tile(text: str) -> tuple[int, int, int]:
    try:
        values = tuple(int(x) for x in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"--tile wants BLK_M,BLK_N,BLK_K, got {text!r}")
    if len(values) != 3:
        raise argparse.ArgumentTypeError(f"--tile wants three integers BLK_M,BLK_N,BLK_K, got {text!r}")
    return values


class _Parser(argparse.ArgumentParser):
    """Bad arguments give one line, the error itself, before the usage."""

    def error(self, message: str):
        print(f"error: {message}", file=sys.stderr)
        self.print_usage(sys.stderr)
        sys.exit(2)


def _build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m gemm.sm80", description=__doc__.splitlines()[0])
    parser.add_argument("--mnkl", type=_parse_mnkl, default=(4096, 4096, 4096, 1), help="problem size M,N,K,L")
    parser.add_argument("--tile", type=_parse_tile, default=Sm80Config.tile_mnk, help="BLK_M,BLK_N,BLK_K")
    parser.add_argument("--stages", type=int, default=Sm80Config.stages)
    parser.add_argument("--dtype", choices=DTYPES, default="float16")
    parser.add_argument("--no-smem-epilogue", action="store_true", help="the seed's scattered stores")
    parser.add_argument("--no-ldmatrix", action="store_true", help="element copies smem->registers")
    parser.add_argument("--compile-only", action="store_true", help="compile for sm_80 with fake tensors; no GPU")
    return parser


def _run_on_gpu(mnkl, cfg: Sm80Config) -> int:
    from gemm._common import missing_cuda, reference, rel_frobenius_error, tflops

    why = missing_cuda()
    if why:
        print(f"error: {why}; use --compile-only to compile without a GPU", file=sys.stderr)
        return 1
    import torch

    m, n, k, l = mnkl
    dtype = getattr(torch, cfg.dtype)
    a = torch.randn(l, m, k, device="cuda", dtype=dtype)
    b = torch.randn(l, n, k, device="cuda", dtype=dtype)
    d = torch.full((l, m, n), float("nan"), device="cuda", dtype=dtype)
    launch = make_gemm(a, b, d, config=cfg)
    launch()
    torch.cuda.synchronize()
    rel = rel_frobenius_error(d, reference(a, b))
    ok = rel < 1e-2
    print(f"D = A @ B^T, M,N,K,L = {m},{n},{k},{l}, config {cfg.label()}")
    print(f"relative error vs float32 torch: {rel:.2e} -> {'PASS' if ok else 'FAIL'}")
    from triton.testing import do_bench

    ms = do_bench(launch, warmup=50, rep=300, return_mode="median")
    ms_ref = do_bench(lambda: torch.matmul(a, b.mT), warmup=50, rep=300, return_mode="median")
    print(f"sm80 kernel {ms * 1e3:.1f} us ({tflops(m, n, k, l, ms):.1f} TFLOP/s); torch.matmul {ms_ref * 1e3:.1f} us "
          f"({tflops(m, n, k, l, ms_ref):.1f} TFLOP/s); ratio {ms_ref / ms:.3f}")
    return 0 if ok else 1


def main(argv: list[str] | None = None) -> int:
    args = _build_parser().parse_args(argv)
    try:
        cfg = Sm80Config(tile_mnk=args.tile, stages=args.stages, dtype=args.dtype,
                         smem_epilogue=not args.no_smem_epilogue, ldmatrix=not args.no_ldmatrix)
    except ConfigError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    if args.compile_only:
        os.environ.setdefault("CUTE_DSL_ARCH", "sm_80")
        m, n, k, l = args.mnkl
        compile_only(m, n, k, l, **dataclasses.asdict(cfg))
        print(f"compiled for {os.environ['CUTE_DSL_ARCH']}: M,N,K,L = {m},{n},{k},{l}, config {cfg.label()}")
        return 0
    return _run_on_gpu(args.mnkl, cfg)


if __name__ == "__main__":
    sys.exit(main())
