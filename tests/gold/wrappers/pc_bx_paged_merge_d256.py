"""b12x's paged-attention split merge (flashinfer/experimental/b12x/attention/paged/merge.py,
`PagedPersistentMergeKernel`), sm_120a: folds a query row's split-KV partial outputs (normalized, with base-2 LSEs) into
the final row per (row, head) work item, persistent CTAs of 32 x 4 threads: each x-thread owns 8 head-dim values, the
4 y-threads walk the partials 4 at a time through a 4-stage ring of 16-byte cp.async copies (partials x D in SMEM, their
LSEs staged beside), merge them online in registers, then cross the 4 y-states through SMEM. Built as
`_build_merge_kernel` builds it on the eager path (no CUDA graph: `regular_decode_graph`, `direct_grid`, the Laguna
flags and paired BF16 loads off): bf16 output and partials, head dim 256 (vec 8 = 16 bytes, so the cp.async staging
runs; D = 128 takes the direct-load branch), bdx 32, bdy 4, 4 stages, 16 query heads, 148 x 3 persistent CTAs (a B200-
sized grid: it sizes the launch only); every tensor's first extent run-time (the eager cache key's dynamic first dim),
the LSE workspace (heads, rows) with a run-time row extent and row stride, the total-rows pointer given.
"""

from _common import b12x, stream

ARCH = "sm_120a"


def compile_only(heads=16, head_dim=256, ctas=148 * 3):
    import cutlass
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_tensor

    module = b12x("attention.paged.merge")
    kernel = module.PagedPersistentMergeKernel(cutlass.BFloat16, cutlass.BFloat16, head_dim=head_dim,
                                               vec_size=head_dim // 32, bdx=32, bdy=4, persistent_ctas=ctas)
    partials, rows = cute.sym_int(), cute.sym_int()
    v_partial = make_fake_tensor(cutlass.BFloat16, (partials, heads, head_dim), stride=(heads * head_dim, head_dim, 1),
                                 assumed_align=16)
    lse_partial = make_fake_tensor(cutlass.Float32, (partials, heads), stride=(heads, 1), assumed_align=16)
    indptr = make_fake_tensor(cutlass.Int32, (cute.sym_int(),), stride=(1,), assumed_align=4)
    seqlens = make_fake_tensor(cutlass.Int32, (cute.sym_int(),), stride=(1,), assumed_align=4)
    chunk = make_fake_tensor(cutlass.Int32, (1,), stride=(1,), assumed_align=4)
    out = make_fake_tensor(cutlass.BFloat16, (rows, heads, head_dim), stride=(heads * head_dim, head_dim, 1),
                           assumed_align=16)
    lse = make_fake_tensor(cutlass.Float32, (heads, cute.sym_int()), stride=(cute.sym_int64(), 1), assumed_align=16)
    total_rows = make_fake_tensor(cutlass.Int32, (1,), stride=(1,), assumed_align=4)
    return cute.compile(kernel, v_partial, lse_partial, indptr, seqlens, chunk, out, lse, total_rows, stream())
