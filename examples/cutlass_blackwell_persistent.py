"""Compile-only wrapper: trace CUTLASS's own Blackwell persistent GEMM example, unmodified, with no GPU.

The kernel is not copied here: point CUTLASS_DSL_EXAMPLES at a CUTLASS checkout's examples/python/CuTeDSL
(default /tmp/cutlass/examples/python/CuTeDSL) and run

    cute-inspect trace examples/cutlass_blackwell_persistent.py:compile_2cta --arch sm_100a
"""

import _cutlass_examples

_EXAMPLE = "cute/blackwell/kernel/dense_gemm/dense_gemm_persistent.py"


def _compile(mma_tiler_mn, cluster_shape_mn, use_2cta_instrs, mnkl=(1024, 1024, 1024, 1)):
    import cutlass
    from cutlass.cute.runtime import make_fake_compact_tensor

    example = _cutlass_examples.load(_EXAMPLE)
    m, n, k, l = mnkl
    # bmm convention of the example: a (l,m,k), b (l,n,k) K-major, c (l,m,n)
    a = make_fake_compact_tensor(cutlass.Float16, (l, m, k), stride_order=(2, 1, 0), assumed_align=16)
    b = make_fake_compact_tensor(cutlass.Float16, (l, k, n), stride_order=(2, 0, 1), assumed_align=16)
    c = make_fake_compact_tensor(cutlass.Float16, (l, m, n), stride_order=(2, 1, 0), assumed_align=16)
    return example.compile_bmm(
        mnkl, a, b, c, cutlass.Float32, "k", "k", "n",
        mma_tiler_mn=mma_tiler_mn, cluster_shape_mn=cluster_shape_mn,
        max_active_clusters=148, use_2cta_instrs=use_2cta_instrs,
    )


def compile_1cta():
    """1-CTA tcgen05, tile 128x256, fp16 in, fp32 accumulate (the shapes in shared/cutedsl-notes.md)."""
    return _compile((128, 256), (1, 1), False)


def compile_2cta():
    """2-CTA tcgen05 over a (2,1) cluster, tile 256x256."""
    return _compile((256, 256), (2, 1), True)
