"""flashlib's IVF-PQ fine scan by decode + wgmma GEMM (flashlib/primitives/ivf_pq/cutedsl/decode_gemm.py,
HopperIvfPqDecodeGemm, the serial kernel), sm_90a, as `ivf_pq_fine_scan_decode_gemm` builds it by default
(`pipeline=False`; `ktile` off because the full-Dp query tile is under 96 KiB; so BM = 16 candidates per chunk):
BN = 64 queries per CTA, padded dimension Dp = 128 split into M = 16 sub-quantizers of DSUB = 8 with KSUB = 256
codewords, k = 10 (TOPK_PAD = 16), by_residual on, nlist = 1024 lists, 4 query tiles per list. Every tensor comes
through its `_to_cute` (from_dlpack, `mark_layout_dynamic(leading_dim=last)`): run-time extents and strides, the
last mode contiguous: fp32 queries and centroids, int32 sorted query ids and offsets, uint8 codes, fp32
codebooks, fp32 / int32 partial top-k outputs.
"""

import importlib
import sys

from _common import dynamic_layout, flashlib, stream

ARCH = "sm_90a"


def compile_only(dp=128, m=16, dsub=8, ksub=256, topk_pad=16, nlist=1024, max_qtiles=4):
    import cutlass

    # the module imports `_next_pow2` from flashlib's Triton kNN helpers for its torch-facing launcher only; the
    # Triton stand-in cannot run that file's autotune table, so the torch stand-in answers it
    helpers = "flashlib.primitives.knn.triton._common"
    sys.modules.setdefault(helpers, importlib.import_module("_sources")._TorchStandIn(helpers))
    module = flashlib("primitives.ivf_pq.cutedsl.decode_gemm")
    f32, i32 = cutlass.Float32, cutlass.Int32
    kernel = module.HopperIvfPqDecodeGemm(BN=64, BM=16, M=m, DSUB=dsub, KSUB=ksub, DP=dp, TOPK_PAD=topk_pad,
                                          by_residual=True, nlist=nlist, max_qtiles=max_qtiles)
    q, cent = dynamic_layout(f32, 2), dynamic_layout(f32, 2)
    sorted_qid, q_off, list_off = (dynamic_layout(i32, 1) for _ in range(3))
    codes = dynamic_layout(cutlass.Uint8, 2)
    codebooks = dynamic_layout(f32, 3)
    pv, pi = dynamic_layout(f32, 2), dynamic_layout(i32, 2)
    return cutlass.cute.compile(kernel, q, cent, sorted_qid, q_off, list_off, codes, codebooks, pv, pi, stream())
