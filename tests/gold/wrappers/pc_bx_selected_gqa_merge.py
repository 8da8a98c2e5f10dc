"""b12x's sparse GQA split merge (flashinfer/experimental/b12x/attention/paged/_selected_forward.py,
`_ShapeAdaptiveSparseGqaMergeKernel`: its serial `_SparseGqaMergeKernel` and cooperative `_CooperativeSparseGqaMergeKernel`
kernels in one compiled callable, the branch picked at run time by rows > splits), sm_120a: folds the selected-position
forward's FP32 split partials (up to 64 splits, head dim 256) into the BF16 output and the merged LSE. One CTA of 128
threads per (query head, row) (serial) or per (head, row, 32-wide head-dim tile) (cooperative): lane s of warp 0 reads
the splits' LSEs (two per lane), warp-reduces the max and the exp2 weights' sum, the weights go through SMEM, then each
thread sums partial_output x weight over the splits for its head-dim column (serial: 32 split lanes x 2 slots then a
butterfly; cooperative: 8 per warp, the four warps' sums joined through an SMEM (warp, column) buffer).
Compiled as `launch_sparse_gqa_merge` compiles `_MERGE_KERNEL` for the QSA split layout: 32 query heads (the split
forward's wrapper's 32 heads), return_lse True (an output LSE given), every operand a pointer as `_fake_pointer` makes
it, rows and splits 1 (run-time).
"""

from _common import b12x, stream

ARCH = "sm_120a"


def compile_only(q_heads=32):
    import cutlass
    from cutlass import cute

    module = b12x("attention.paged._selected_forward")
    kernel = module._MERGE_KERNEL(q_heads=q_heads, return_lse=True)
    ptr = module._fake_pointer
    return cute.compile(kernel, ptr(cutlass.Float32), ptr(cutlass.Float32), ptr(cutlass.BFloat16),
                        ptr(cutlass.Float32), cutlass.Int32(1), cutlass.Int32(1), stream())
