"""flashinfer's masked grouped NVFP4 GEMM on Blackwell (flashinfer/gemm/kernels/grouped_gemm_masked_blackwell.py,
Sm100BlockScaledPersistentDenseGemmKernel under MaskedBatchedMatmulCuteDSL), sm_100a, compiled from pointers as
`get_cute_dsl_compiled_masked_gemm_kernel` does for `grouped_gemm_nt_masked`'s defaults: each expert (L) holds up
to m rows of its tokens, of which `masked_m[expert]` are valid; A (m, k, experts) and B (n, k, experts) E2M1
K-major with one E4M3 scale per 16 K values laid out by the host as (L, M-blocks, K-blocks, 32, 4, 4), bf16 C
(m, n, experts) N-major, a per-expert alpha, 128 x 128 MMA tiles on one CTA, cluster (1, 1), no signals and no
combine fusion. Problem m 512, n 4096, k 7168, 8 experts, 148 SMs. The host class is made without its __init__
(which asks the GPU for its active cluster count): the attributes it would set are set here.
"""

from _common import flashinfer, stream

ARCH = "sm_100a"


def compile_only(m=512, n=4096, k=7168, experts=8, sm_count=148):
    import cutlass
    from cutlass import cute
    from cutlass.cute.runtime import make_ptr

    flashinfer("cute_dsl.utils", host_only=("utils",))  # its package, without the __init__ that imports this file
    module = flashinfer("gemm.kernels.grouped_gemm_masked_blackwell")
    host = object.__new__(module.MaskedBatchedMatmulCuteDSL)
    settings = dict(_m=m, _n=n, _k=k, _l=experts, _a_major="k", _b_major="k", _c_major="n",
                    _ab_dtype=cutlass.Float4E2M1FN, _sf_dtype=cutlass.Float8E4M3FN, _c_dtype=cutlass.BFloat16,
                    _alpha_dtype=cutlass.Float32, _sf_vec_size=16, _mma_tiler_mn=(128, 128), _cluster_shape_mn=(1, 1),
                    _num_ranks=0, _num_sms=sm_count, _is_combine_fusion=False, _is_swap_ab=False,
                    _max_active_clusters=sm_count, _sm_version="sm_100")
    for name, value in settings.items():
        setattr(host, name, value)
    gmem = cute.AddressSpace.gmem
    pointers = (make_ptr(cutlass.Float4E2M1FN, 0, gmem, assumed_align=16),
                make_ptr(cutlass.Float4E2M1FN, 0, gmem, assumed_align=16),
                make_ptr(cutlass.Float8E4M3FN, 0, gmem, assumed_align=16),
                make_ptr(cutlass.Float8E4M3FN, 0, gmem, assumed_align=16),
                make_ptr(cutlass.BFloat16, 0, gmem, assumed_align=16),
                make_ptr(cutlass.Int32, 0, gmem, assumed_align=16),
                None,
                make_ptr(cutlass.Float32, 0, gmem, assumed_align=16),
                None, None, None, None, None, None)
    return cute.compile(host, *pointers, stream())
