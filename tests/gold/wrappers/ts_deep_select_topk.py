"""TokenSpeed's DeepSelect-style FP32 row top-k (tokenspeed_kernel/ops/attention/dsa/_cute_dsl/deep_select.py,
`DeepSelectTopK`), sm_90a: one cluster of CTAs per score row; each CTA loads an init window of its share of the row
into registers (16 values per thread, 128-bit loads) and radix-selects its top-k into a shared survivor buffer, then
streams the row's remaining 512-entry segments through a 3-stage bulk-copy SMEM ring in a pseudo-random order,
appending entries above the running threshold to a candidate buffer that a radix compaction folds back into the
survivors; the non-leader CTAs ship their survivors to the leader over DSMEM, which writes the top-k indices and values.
Compiled as the module's `compiled_selector` compiles it (sym-int rows, width, topk, a row stride divisible by 4,
`--enable-tvm-ffi`) for the DSA indexer's top-2048 (capacity 2048) with the cluster size `choose_cluster_size` picks for
4 rows of a 131072-wide score matrix on an H20 (78 SMs): 4 CTAs per row.
"""

from _common import tokenspeed_kernel

ARCH = "sm_90a"


def compile_only(capacity=2048, cluster_size=4):
    import cutlass
    from cutlass import cute

    module = tokenspeed_kernel("ops.attention.dsa._cute_dsl.deep_select")
    rows, width, topk = cute.sym_int(), cute.sym_int(), cute.sym_int()
    scores = cute.runtime.make_fake_tensor(cutlass.Float32, (rows, width), (cute.sym_int(divisibility=4), 1),
                                           assumed_align=16)
    ends = cute.runtime.make_fake_compact_tensor(cutlass.Int32, (rows,), stride_order=(0,))
    indices = cute.runtime.make_fake_compact_tensor(cutlass.Int32, (rows, topk), stride_order=(1, 0), assumed_align=4)
    values = cute.runtime.make_fake_compact_tensor(cutlass.Float32, (rows, topk), stride_order=(1, 0), assumed_align=4)
    stream = cute.runtime.make_fake_stream(use_tvm_ffi_env_stream=True)
    return cute.compile(module.DeepSelectTopK(capacity, cluster_size), scores, ends, indices, values, stream=stream,
                        options="--enable-tvm-ffi")
