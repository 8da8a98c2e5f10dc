"""flashlib's Blackwell k-means assignment, warp-specialised (flashlib/primitives/kmeans/cutedsl/
blackwell_assign.py, BlackwellFlashKmeansAssignWSILP2 over BlackwellFlashKmeansAssignWS's kernel), sm_100a: a
load warp streams centroid tiles by TMA, an MMA warp runs tcgen05 cross = X C^T into a two-accumulator TMEM
ring, and four epilogue warps read each accumulator out of TMEM (one point row per thread) and keep a running
argmax of cross - c_sq / 2 (the x^2-free argmin of the distance), writing one int32 id per point.

As `blackwell_assign_euclid` picks it for D = 256 and a large centroid count (K >= 512, an even tile count):
the "ws" variant with block_n = 128; bf16 x (points x D x 1) and centroids (K x D x 1) as the package's 3-D TMA
views, D contiguous, fp32 c_sq, int32 out. Point and centroid counts are run-time values.
"""

from _common import dynamic, flashlib, stream, tensor

ARCH = "sm_100a"


def compile_only(d=256, block_n=128):
    import cutlass

    module = flashlib("primitives.kmeans.cutedsl.blackwell_assign")
    bf16 = cutlass.BFloat16
    points, centroids = dynamic(), dynamic()
    x = tensor(bf16, (points, d, 1), (1, 0, 2))
    c = tensor(bf16, (centroids, d, 1), (1, 0, 2))
    c_sq = tensor(cutlass.Float32, (centroids,), align=4)
    out = tensor(cutlass.Int32, (points,), align=4)
    kernel = module.BlackwellFlashKmeansAssignWSILP2(block_n=block_n)
    return cutlass.cute.compile(kernel, x, c, c_sq, out, stream())
