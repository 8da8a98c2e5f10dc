"""flashlib's IVF-PQ fine scan by decode + wgmma GEMM (flashlib/primitives/ivf_pq/cutedsl/decode_gemm.py,
HopperIvfPqDecodeGemm, the serial kernel), sm_90a, as `ivf_pq_fine_scan_decode_gemm` builds it by default
(`pipeline=False`; `ktile` off because the full-Dp query tile is under 96 KiB; so BM = 16 candidates per chunk):
BN = 64 queries per CTA, padded dimension Dp = 128 split into M = 16 sub-quantizers of DSUB = 8 with KSUB = 256
codewords, k = 10 (TOPK_PAD = 16), by_residual on, nlist = 1024 lists, 4 query tiles per list. Every tensor comes
through its `_to_cute` (from_dlpack, `mark_layout_dynamic(leading_dim=last)`): run-time extents and strides, the
last mode contiguous: fp32 queries and centroids, int32 sorted query ids and offsets, uint8 codes, fp32
codebooks, fp32 / int32 partial top-k outputs.
"""

from _fl_ivfpq import compile_kernel, decode_gemm_module

ARCH = "sm_90a"


def compile_only(dp=128, m=16, dsub=8, ksub=256, topk_pad=16, nlist=1024, max_qtiles=4):
    module = decode_gemm_module()
    kernel = module.HopperIvfPqDecodeGemm(BN=64, BM=16, M=m, DSUB=dsub, KSUB=ksub, DP=dp, TOPK_PAD=topk_pad,
                                          by_residual=True, nlist=nlist, max_qtiles=max_qtiles)
    return compile_kernel(kernel)
