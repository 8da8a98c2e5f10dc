"""zyksir/CudaDiveDeep's TMA copy tutorial (cute_dsl/tma_copy.py, `IdentityTMACopy`), no MMA: A (M*N, K) fp8 is copied
tile by tile (128 rows x 128 columns) into a 128-byte-swizzled SMEM tile by a TMA load (one mbarrier, one elected
thread), and warp 0 stores the SMEM tile back by a TMA store. The store goes through the tutorial's "debug" view of B:
B (M*N, K) re-tiled as (M, N, K) so that the CTA's tile lands at the permuted place of B = A.permute(1, 0, 2) (the
file's stated aim, `TestTMACopy` being absent); the straight `gB_tile` store is commented out.

Configured as `test_tma_copy` compiles it: M, N, K = 128, 5120, 5120; A and B (M * N, K) = (655360, 5120) uint8
buffers re-typed Float8E4M3FN, row-major, static layouts from from_dlpack with 16-byte alignment; 128 threads, sm_90a;
a CUDA stream.
"""

from _zk_tutorial import SOURCE, module  # noqa: F401  (SOURCE pins the tree)

ARCH = "sm_90a"


def compile_only():
    import cutlass
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_stream

    from _common import row_major

    tutorial = module("tma_copy")
    a = row_major(cutlass.Float8E4M3FN, (128 * 5120, 5120))
    b = row_major(cutlass.Float8E4M3FN, (128 * 5120, 5120))
    return cute.compile(tutorial.IdentityTMACopy(), a, b, make_fake_stream())
