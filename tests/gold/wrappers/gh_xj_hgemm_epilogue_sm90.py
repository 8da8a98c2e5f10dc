"""Xin-Jing-11/cutlass-cute-playground's persistent Hopper HGEMM with a TMA-store epilogue
(CuTeDSL/hgemm/hgemm_epilogue.py, `HgemmEpilogue`): C (M, N) = alpha A B^T with A (M, K) and B (N, K) K-major and C
M-major (column-major, "TN"); 128 x 256 x 64 tiles, a (2, 1) cluster with B multicast by TMA into a staged ring
(PipelineTmaAsync), a DMA warpgroup and two consumer warpgroups of wgmma, the alpha-scaled accumulator converted and
written by transposed stmatrix into a 4-stage (128, 32) epilogue buffer stored by TMA; static persistent scheduler.

Configured as the module's `run_gemm_epilogue(M, N, K)` builds it (its defaults: bm 128, bn 256, 2 consumer
warpgroups, cluster (2, 1)): A and B `from_dlpack(x.T, assumed_align=16)` of Fortran-ordered (K, M) / (K, N) arrays, i.e.
(M, K) / (N, K) with K contiguous, C `from_dlpack` of a Fortran-ordered (M, N) array (M contiguous), static layouts;
alpha 1.0, beta 0.0 as Float32; a stream. The script's default is 512^3; the wrapper passes M, N, K = 512, 1024, 2048
(its command-line arguments) so each axis has its own extent. The module imports cupy at the top for its test driver
only: the wrapper registers an empty stand-in module under that name.
"""

from _common import github_file

SOURCE = ("Xin-Jing-11/cutlass-cute-playground", "3e86c25001f18db70a0671c35f010818ef4090ce")

ARCH = "sm_90a"


def compile_only():
    import sys
    import types

    import cutlass
    from cutlass import cute

    from _common import stream, tensor

    sys.modules.setdefault("cupy", types.ModuleType("cupy"))
    module = github_file(SOURCE[0], "CuTeDSL/hgemm/hgemm_epilogue.py", "xin_jing_hgemm_epilogue")
    m, n, k = 512, 1024, 2048
    a = tensor(cutlass.Float16, (m, k), order=(1, 0))
    b = tensor(cutlass.Float16, (n, k), order=(1, 0))
    c = tensor(cutlass.Float16, (m, n), order=(0, 1))
    gemm = module.HgemmEpilogue(bm=128, bn=256, num_consumer_warpgroups=2, num_stages=4, cluster_m=2, cluster_n=1)
    return cute.compile(gemm, a, b, c, cutlass.Float32(1.0), cutlass.Float32(0.0), stream())
