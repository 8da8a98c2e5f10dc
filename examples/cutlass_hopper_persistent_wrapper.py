"""Compile-only wrapper: trace CUTLASS's own Hopper persistent wgmma GEMM example, unmodified, with no GPU.

    cute-inspect check examples/cutlass_hopper_persistent_wrapper.py:compile_only --arch sm_90a
"""

import _cutlass_examples


def compile_only(tile_shape_mn=(128, 256), cluster_shape_mn=(1, 1), mnkl=(1024, 1024, 1024, 1)):
    """fp16 in, fp32 accumulate, fp16 out, K-major A and B, N-major C."""
    import cutlass
    from cutlass.cute.runtime import make_fake_stream

    example = _cutlass_examples.load("cute/hopper/kernel/dense_gemm/dense_gemm_persistent.py")
    gemm = example.HopperWgmmaGemmPersistentKernel(cutlass.Float32, tile_shape_mn, cluster_shape_mn, 1, True)
    return cutlass.cute.compile(gemm, *_cutlass_examples.mnl_tensors(mnkl), 132, make_fake_stream())


def compile_dense(tile_shape_mn=(128, 256), cluster_shape_mn=(1, 1), mnkl=(1024, 1024, 1024, 1)):
    """The non-persistent Hopper example, same problem."""
    import cutlass
    from cutlass.cute.runtime import make_fake_stream

    example = _cutlass_examples.load("cute/hopper/kernel/dense_gemm/dense_gemm.py")
    gemm = example.HopperWgmmaGemmKernel(cutlass.Float32, tile_shape_mn, cluster_shape_mn)
    return cutlass.cute.compile(gemm, *_cutlass_examples.mnl_tensors(mnkl), make_fake_stream())
