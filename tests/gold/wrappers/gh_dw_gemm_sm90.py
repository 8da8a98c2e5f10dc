"""dungwoong/gemm_cuteDSL's fourth Hopper GEMM (attempt4/gemm.py, `GemmSM90`): C (M, N) = A (M, K) B (N, K)^T in bf16,
warp-specialised and persistent (its own grouped tile scheduler), a producer warp issuing TMA loads multicast over a
(2, 1, 1) cluster into a 3-stage SMEM ring, two consumer warpgroups on a (2, 1) wgmma layout over a 128 x 256 tile,
and an epilogue that writes (128, 32) subtiles through stmatrix into a 2-stage SMEM buffer stored by TMA.

Configured as the module's `__main__` compiles it: m = n = k = 4096 bf16, tile (128, 256), epi tile (128, 32), cluster
(2, 1, 1), atom layout (2, 1), ab_stage 3, reuse_ab False, is_persistent True; A, B, C row-major as
`from_dlpack(...).mark_compact_shape_dynamic(mode=0, stride_order=(0, 1))` gives them (a run-time row count, the
columns and strides static); a stream. The file imports its siblings (tile_scheduler, cute_dsl_utils, my_utils,
fast_math) as top-level modules, so the wrapper puts attempt4/ on sys.path; it loads gemm.py under its own name (the stem
"gemm" names other modules). The constructor asks the device for its max active clusters
(`tile_scheduler.get_max_active_clusters`, through the driver); the wrapper answers 66 (an H100 SXM's 132 SMs in
clusters of 2: it only sizes the persistent grid). It fences with `cute.arch.ProxyKind` / `SharedSpace`, enums that
CuTeDSL 4.8 replaced by strings: the wrapper gives them back as _pw_cute_fa does (no tensor is made by them).
"""

from _common import github_file, old_fence_enums

SOURCE = ("dungwoong/gemm_cuteDSL", "85362c25dcf08f5d82d8740a5beb771f67f1c07a")

ARCH = "sm_90a"


def _row_major(dtype, columns):
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_tensor

    return make_fake_tensor(dtype, (cute.sym_int(), columns), stride=(columns, 1), assumed_align=16)


def compile_only():
    import os
    import sys

    import cutlass
    from cutlass import cute

    from _common import stream
    from _packages import github_tree

    folder = os.path.join(github_tree(SOURCE[0]), "attempt4")
    if folder not in sys.path:
        sys.path.insert(0, folder)
    old_fence_enums()
    import tile_scheduler

    tile_scheduler.get_max_active_clusters = lambda cluster_size: 132 // cluster_size
    gemm = github_file(SOURCE[0], "attempt4/gemm.py", "dungwoong_gemm_attempt4")
    kernel = gemm.GemmSM90(tile_shape_mn=(128, 256), epi_tile_mn=(128, 32), cluster_shape_mnk=(2, 1, 1),
                           atom_layout_mn=(2, 1), ab_stage=3, reuse_ab=False, is_persistent=True)
    a, b, c = (_row_major(cutlass.BFloat16, 4096) for _ in range(3))
    return cute.compile(kernel, a, b, c, stream())
