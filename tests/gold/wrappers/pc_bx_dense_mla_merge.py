"""b12x's standalone dense-MLA split merge (flashinfer/experimental/b12x/attention/dense_mla/_merge.py,
`DenseMlaMergeKernel`), sm_120a: one 128-thread CTA per (query, head) merges the split-KV partial outputs of the
512-wide value head: warp 0 folds the splits' base-2 LSEs into per-split weights in SMEM and the merged LSE, then every
thread accumulates its 4 value columns over the splits (raw 8-byte loads of BF16 partials) and stores the BF16 result.
Built as `_merge_launch` builds it: BF16 partials (`partial_dtype` default), 512-wide value head, 8 splits (a value
`choose_num_splits` can return: it sizes the SMEM weight table only), 16 heads; the partial / LSE tensors with the
shapes and compact strides the scratch gives them (static), the output with `dynamic_layout` (run-time extents and
outer strides), as `_to_cute` makes them.
"""

from _common import b12x, stream

ARCH = "sm_120a"


def compile_only(queries=64, heads=16, splits=8, value_dim=512):
    import cutlass
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_tensor

    module = b12x("attention.dense_mla._merge")
    partial_output = make_fake_tensor(cutlass.BFloat16, (queries, heads, splits, value_dim),
                                      (heads * splits * value_dim, splits * value_dim, value_dim, 1), assumed_align=16)
    partial_lse = make_fake_tensor(cutlass.Float32, (queries, heads, splits), (heads * splits, splits, 1),
                                   assumed_align=4)
    output = make_fake_tensor(cutlass.BFloat16, (cute.sym_int(32), cute.sym_int(32), cute.sym_int(32)),
                              (cute.sym_int(64), cute.sym_int(64), 1), assumed_align=16)
    final_lse = make_fake_tensor(cutlass.Float32, (queries, heads), (heads, 1), assumed_align=4)
    kernel = module.DenseMlaMergeKernel(splits, value_dim)
    return cute.compile(kernel, partial_output, partial_lse, output, final_lse, cutlass.Int32(splits), stream())
