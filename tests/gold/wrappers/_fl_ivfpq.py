"""flashlib's IVF-PQ decode GEMM (flashlib/primitives/ivf_pq/cutedsl/decode_gemm.py), compiled as
`ivf_pq_fine_scan_decode_gemm` compiles its kernels: fp32 queries and centroids, the sorted query ids and the queries'
and lists' offsets, uint8 codes, fp32 codebooks, the top-k values and ids, all with run-time extents. The two
`pc_fl_ivfpq_decode_gemm_*` wrappers compile one kernel class each."""

import importlib
import sys

from _common import dynamic_layout, flashlib, stream


def decode_gemm_module():
    """The module; it imports `_next_pow2` from flashlib's Triton kNN helpers for its torch-facing launcher only, and
    the Triton stand-in cannot run that file's autotune table, so the torch stand-in answers it."""
    helpers = "flashlib.primitives.knn.triton._common"
    sys.modules.setdefault(helpers, importlib.import_module("_sources")._TorchStandIn(helpers))
    return flashlib("primitives.ivf_pq.cutedsl.decode_gemm")


def compile_kernel(kernel):
    """`kernel` (a built decode-GEMM object) compiled over the host path's tensors."""
    import cutlass

    f32, i32 = cutlass.Float32, cutlass.Int32
    q, cent = dynamic_layout(f32, 2), dynamic_layout(f32, 2)
    sorted_qid, q_off, list_off = (dynamic_layout(i32, 1) for _ in range(3))
    codes = dynamic_layout(cutlass.Uint8, 2)
    codebooks = dynamic_layout(f32, 3)
    pv, pi = dynamic_layout(f32, 2), dynamic_layout(i32, 2)
    return cutlass.cute.compile(kernel, q, cent, sorted_qid, q_off, list_off, codes, codebooks, pv, pi, stream())
