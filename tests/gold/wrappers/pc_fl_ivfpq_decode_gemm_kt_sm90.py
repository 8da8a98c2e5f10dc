"""flashlib's IVF-PQ fine scan by decode + wgmma GEMM (flashlib/primitives/ivf_pq/cutedsl/decode_gemm.py,
HopperIvfPqDecodeGemmKT, the K-tiled kernel), sm_90a, as `ivf_pq_fine_scan_decode_gemm` builds it for a GIST-like
index with its `smem_cb=True` option (`pipeline=False`; `ktile` auto-on: the full-Dp query tile is 120 KiB >= 96 KiB
and DSUB <= 4, so BM = 64 candidates per chunk and BK = `_pick_bk(960, 4)` = 64): BN = 64 queries per CTA, padded
dimension Dp = 960 split into M = 240 sub-quantizers of DSUB = 4 with KSUB = 256 codewords, k = 10 (TOPK_PAD = 16),
by_residual on, nlist = 1024 lists, 4 query tiles per list; each K chunk's codebook slice staged in SMEM. Every tensor comes
through its `_to_cute` (from_dlpack, `mark_layout_dynamic(leading_dim=last)`): run-time extents and strides, the
last mode contiguous: fp32 queries and centroids, int32 sorted query ids and offsets, uint8 codes, fp32
codebooks, fp32 / int32 partial top-k outputs.
"""

from _fl_ivfpq import compile_kernel, decode_gemm_module

ARCH = "sm_90a"


def compile_only(dp=960, m=240, dsub=4, ksub=256, topk_pad=16, nlist=1024, max_qtiles=4):
    module = decode_gemm_module()
    kernel = module.HopperIvfPqDecodeGemmKT(BN=64, BM=64, M=m, DSUB=dsub, KSUB=ksub, DP=dp, TOPK_PAD=topk_pad,
                                            by_residual=True, nlist=nlist, max_qtiles=max_qtiles,
                                            BK=module._pick_bk(dp, dsub), smem_cb=True)
    return compile_kernel(kernel)
