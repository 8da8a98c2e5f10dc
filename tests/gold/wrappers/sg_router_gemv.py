"""sglang's skinny FP32 router GEMV for MuseSpark decode, logits[T, E] = x[T, K] @ w[E, K]^T
(sglang/kernels/ops/gemm/muse_spark_router_gemv_cutedsl.py, RouterGemv), sm_100a, compiled as its `_compile` does for
a two-token decode step (T = 2: two experts per CTA, 512 threads) over hidden size 4096 (two 2048-value passes per
thread row), PDL on (`is_arch_support_pdl` on SM100; the stand-in answers the host helper module): x (T, K) with a
run-time row stride divisible by 4, w (E, K) row-major with a run-time expert count, out (T, E).
"""

from _common import sglang

ARCH = "sm_100a"


def compile_only(tokens=2, hidden=4096):
    import cutlass
    from cutlass import cute

    module = sglang("kernels.ops.gemm.muse_spark_router_gemv_cutedsl", host_only=("kernels.jit.utils",))
    kernel = module._kernel_type()(tokens, hidden, True)
    x = cute.runtime.make_fake_tensor(cutlass.Float32, (tokens, hidden), (cute.sym_int64(divisibility=4), 1),
                                      assumed_align=16)
    w = cute.runtime.make_fake_compact_tensor(cutlass.Float32, (cute.sym_int(), hidden), stride_order=(1, 0),
                                              assumed_align=16)
    out = cute.runtime.make_fake_compact_tensor(cutlass.Float32, (tokens, cute.sym_int()), stride_order=(1, 0),
                                                assumed_align=4)
    return cute.compile(kernel, x, w, out, cute.runtime.make_fake_stream())
