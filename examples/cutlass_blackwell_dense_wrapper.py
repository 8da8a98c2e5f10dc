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


def compile_persistent_dynamic():
    """dense_gemm_persistent_dynamic.py through its own ``compile_bmm`` (2-CTA 256x256 over a (2,1) cluster)."""
    import cutlass
    from cutlass.cute.runtime import make_fake_compact_tensor

    example = _cutlass_examples.load(_DIR + "dense_gemm_persistent_dynamic.py")
    m, n, k, batch = _MNKL
    a = make_fake_compact_tensor(cutlass.Float16, (batch, m, k), stride_order=(2, 1, 0), assumed_align=16)
    b = make_fake_compact_tensor(cutlass.Float16, (batch, n, k), stride_order=(2, 1, 0), assumed_align=16)
    c = make_fake_compact_tensor(cutlass.Float16, (batch, m, n), stride_order=(2, 1, 0), assumed_align=16)
    return example.compile_bmm(_MNKL, a, b, c, cutlass.Float32, "k", "k", "n")


def compile_blockwise(mma_tiler_mn=(128, 128)):
    """blockwise_gemm/blockwise_gemm.py: fp8 in, bf16 out, fp32 scales per 128-wide block (its defaults)."""
    import cutlass
    from cutlass.cute.runtime import make_fake_compact_tensor

    example = _cutlass_examples.load("cute/blackwell/kernel/blockwise_gemm/blockwise_gemm.py")
    m, n, k, batch = _MNKL
    a, b, c = _cutlass_examples.mnl_tensors(_MNKL, cutlass.Float8E4M3FN, cutlass.BFloat16)
    sfa = make_fake_compact_tensor(cutlass.Float32, (m, k // 128, batch), stride_order=(0, 1, 2), assumed_align=16)
    sfb = make_fake_compact_tensor(cutlass.Float32, (n // 128, k // 128, batch), stride_order=(1, 0, 2),
                                   assumed_align=16)
    gemm = example.BlockwiseGemmKernel(cutlass.Float32, False, mma_tiler_mn, (1, 1))
    return cutlass.cute.compile(gemm, a, b, c, sfa, sfb, 148, _stream())


def compile_tutorial_fp16_gemm_1(mnk=(8192, 8192, 8192)):
    """tutorial_gemm/fp16_gemm_1.py: the tutorial's host function on K-major fp16 tensors."""
    import cutlass
    from cutlass.cute.runtime import make_fake_compact_tensor

    example = _cutlass_examples.load("cute/blackwell/tutorial/tutorial_gemm/fp16_gemm_1.py")
    m, n, k = mnk
    a = make_fake_compact_tensor(cutlass.Float16, (m, k), stride_order=(1, 0), assumed_align=32)
    b = make_fake_compact_tensor(cutlass.Float16, (n, k), stride_order=(1, 0), assumed_align=32)
    c = make_fake_compact_tensor(cutlass.Float16, (m, n), stride_order=(1, 0), assumed_align=32)
    return cutlass.cute.compile(example.host_function, a, b, c)
