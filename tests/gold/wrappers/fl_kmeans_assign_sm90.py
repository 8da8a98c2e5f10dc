"""flashlib's Hopper k-means assignment (flashlib/primitives/kmeans/cutedsl/assign_kernel.py,
HopperFlashKmeansAssign), sm_90a: a TMA + wgmma GEMM cross = X C^T whose in-register epilogue turns each
centroid tile into shifted distances c_sq - 2 cross and keeps a running per-row argmin; only the argmin index
per point is written.

As `assign.py`'s `_compile` builds it: fp32 accumulator, the non-warp-specialised kernel (`use_ws=False`),
the tile `_pick_tile` gives D = 128 with a mid-sized centroid count (BM = 128 points, BN = 128 centroids, so
the two-warpgroup atom layout); bf16 x (points x D) and centroids (K x D), D contiguous, fp32 c_sq, int32 out.
Point and centroid counts are run-time values.
"""

from _common import dynamic, flashlib, row_major, stream, tensor

ARCH = "sm_90a"


def compile_only(d=128, bm=128, bn=128):
    import cutlass

    module = flashlib("primitives.kmeans.cutedsl.assign_kernel")
    bf16 = cutlass.BFloat16
    points, centroids = dynamic(), dynamic()
    x = row_major(bf16, (points, d))
    c = row_major(bf16, (centroids, d))
    c_sq = tensor(cutlass.Float32, (centroids,), align=4)
    out = tensor(cutlass.Int32, (points,), align=4)
    kernel = module.HopperFlashKmeansAssign(cutlass.Float32, bm, bn, use_ws=False)
    return cutlass.cute.compile(kernel, x, c, c_sq, out, stream())
