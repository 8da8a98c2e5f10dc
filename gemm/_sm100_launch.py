"""Launching the SM100 GEMM on real tensors (a B200): compile once per configuration, then call.

`make_gemm` has the signature `gemm.bench` expects of every kernel module.
"""

import dataclasses

from gemm._sm100_config import DTYPES, Sm100GemmConfig

# Compiled kernels per config: make_gemm's cute tensors all have dynamic (M, N, K, L) layouts, so
# one compile serves every problem size of that config.
_compiled_cache: dict = {}


def compile_for(cfg: Sm100GemmConfig, mA, mB, mC, mD, stream):
    """Compile the kernel for `cfg` on these cute tensors, sized for this GPU's SM count."""
    import cutlass
    import cutlass.cute as cute
    from cutlass.utils import HardwareInfo

    from gemm.sm100 import Sm100Gemm

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

    import cutlass

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
