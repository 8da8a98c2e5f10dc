"""Compile-only wrappers: trace more of CUTLASS's own Blackwell dense GEMM examples, unmodified, with no GPU.

    cute-inspect check examples/cutlass_blackwell_dense_wrapper.py:compile_dense --arch sm_100a

Each function compiles one example at M=N=K=1024, fp16 in, fp32 accumulate, fp16 out, 1-CTA 128x256 tiles.
"""

import _cutlass_examples

_DIR = "cute/blackwell/kernel/dense_gemm/"
_MNKL = (1024, 1024, 1024, 1)


def _stream():
    from cutlass.cute.runtime import make_fake_stream

    return make_fake_stream()


def compile_dense(mma_tiler_mn=(128, 256), use_tma_store=True):
    """dense_gemm.py: the non-persistent tcgen05 GEMM."""
    import cutlass

    example = _cutlass_examples.load(_DIR + "dense_gemm.py")
    gemm = example.DenseGemmKernel(cutlass.Float32, False, mma_tiler_mn, (1, 1), use_tma_store)
    return cutlass.cute.compile(gemm, *_cutlass_examples.mnl_tensors(_MNKL), _stream())


def compile_software_pipeline(mma_tiler_mn=(128, 256)):
    """dense_gemm_software_pipeline.py."""
    import cutlass

    example = _cutlass_examples.load(_DIR + "dense_gemm_software_pipeline.py")
    gemm = example.DenseGemmKernel(cutlass.Float32, False, mma_tiler_mn, (1, 1), True)
    return cutlass.cute.compile(gemm, *_cutlass_examples.mnl_tensors(_MNKL), _stream())


def compile_alpha_beta(mma_tiler_mn=(128, 256)):
    """dense_gemm_alpha_beta_persistent.py: D = alpha * A @ B + beta * C."""
    import cutlass

    example = _cutlass_examples.load(_DIR + "dense_gemm_alpha_beta_persistent.py")
    gemm = example.SM100PersistentDenseGemmAlphaBetaKernel(cutlass.Float32, cutlass.Float32, False,
                                                           mma_tiler_mn, (1, 1))
    a, b, c, d = _cutlass_examples.mnl_tensors(_MNKL, extra_outputs=1)
    return cutlass.cute.compile(gemm, a, b, c, d, cutlass.Float32(1.0), cutlass.Float32(0.5), 148, _stream())


def compile_prefetch(mma_tiler_mn=(128, 256)):
    """dense_gemm_persistent_prefetch.py."""
    import cutlass

    example = _cutlass_examples.load(_DIR + "dense_gemm_persistent_prefetch.py")
    gemm = example.PersistentDenseGemmKernel(cutlass.Float32, False, mma_tiler_mn, (1, 1), True)
    return cutlass.cute.compile(gemm, *_cutlass_examples.mnl_tensors(_MNKL), 148, _stream())
