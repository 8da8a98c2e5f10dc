"""lightmoe's dense NVFP4 GEMM (lightmoe/kernels/dense/kernel.py, `Sm100BlockScaledPersistentDenseGemmKernel`, adapted
from CUTLASS's persistent block-scaled dense GEMM example), sm_100a: C = alpha * A B^T with A (M, K) and B (N, K) in
NVFP4 (E2M1 values, E4M3 scales per 16 K values), warp-specialised and persistent: a TMA warp loads A / B / SFA / SFB,
the MMA warp copies the scales into TMEM (tcgen05.cp) and issues block-scaled tcgen05 MMAs into a TMEM accumulator
ring, epilogue warps read it out (t2r), scale by alpha, convert, and store by r2s + TMA.
Compiled as `lightmoe.kernels.dense.runtime._compile_dense` (the public `lightmoe.gemm.DenseGemm`) compiles it: pointer
operands, K-major A and B, row-major bf16 C, sf_vec_size 16, with the 128 x 128 tile and cluster (1, 1) (the caller
picks the tile; 128 rows gives the one-CTA cluster). `HardwareInfo().get_max_active_clusters(1)` needs a GPU: a B200's
148 SMs stand in for it.
"""

from _common import lightmoe, stream

ARCH = "sm_100a"
MAX_ACTIVE_CLUSTERS = 148


def compile_only():
    import cutlass
    from cutlass import cute, utils
    from cutlass.cute.nvgpu import OperandMajorMode
    from cutlass.cute.runtime import make_ptr

    module = lightmoe("kernels.dense.kernel")
    kernel = module.Sm100BlockScaledPersistentDenseGemmKernel(16, (128, 128), (1, 1))
    gmem = cute.AddressSpace.gmem
    a, b = (make_ptr(cutlass.Float4E2M1FN, 0, gmem, assumed_align=16) for _ in range(2))
    sfa, sfb = (make_ptr(cutlass.Float8E4M3FN, 0, gmem, assumed_align=32) for _ in range(2))
    c = make_ptr(cutlass.BFloat16, 0, gmem, assumed_align=16)
    alpha = make_ptr(cutlass.Float32, 0, gmem, assumed_align=4)
    layouts = (OperandMajorMode.K, OperandMajorMode.K, utils.LayoutEnum.ROW_MAJOR)
    problem = tuple(cutlass.Int32(0) for _ in range(4))
    return cute.compile(kernel, a, b, sfa, sfb, c, alpha, layouts, problem, MAX_ACTIVE_CLUSTERS, stream(),
                        lambda x: x)
