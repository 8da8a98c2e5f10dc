"""flashinfer's filtered (radix) top-k for variable-length decode rows, single-pass multi-CTA (cluster) build
(flashinfer/topk_varlen/kernels/filtered_topk_decode.py, `FilteredTopKKernelVarlenDecode.filtered_topk_kernel`, its
per-row body and cluster helpers in filtered_topk_util.py), sm_100a, built as `_prepare_one_pass_topk` builds it on a
B200 for a long-context decode: fp32 scores, 65536 columns (the bucket), top_k 2048, next_n 1, 4 rows, so
auto_cluster_size gives min(peak 8, occupancy 16) = 8 CTAs per row: chunk_size_per_cta 8192, each CTA's histogram
merged over the cluster through DSMEM; return_val on, num_copy_bits 256, overflow policy REREAD, Blackwell defaults
(cache_smem_values off, unroll 1, no TMA): `FilteredTopKKernelVarlenDecode(Float32, 65536, 2048, 1,
num_copy_bits=256, return_val=True, chunk_size_per_cta=8192, num_ctas_per_row=8, overflow_policy="REREAD",
cache_smem_values=False, single_pass_multi_cta=True, architecture="sm_100", unroll_factor=1)` compiled with the same
fakes as the single-CTA build (input (rows, cols) fp32 with a symbolic leading stride, seqlen (batch,), outputs
(rows, 2048) row-major; indices and spill buffer None). `--enable-tvm-ffi` and the fake TVM-FFI stream are left out."""

from _common import flashinfer, stream

ARCH = "sm_100a"

COLS, TOP_K, CLUSTER = 65536, 2048, 8


def compile_only():
    import cutlass
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_compact_tensor, make_fake_tensor

    module = flashinfer("topk_varlen.kernels.filtered_topk_decode")
    kernel = module.FilteredTopKKernelVarlenDecode(
        cutlass.Float32, COLS, TOP_K, 1, num_copy_bits=256, return_val=True, chunk_size_per_cta=COLS // CLUSTER,
        num_ctas_per_row=CLUSTER, overflow_policy="REREAD", cache_smem_values=False, single_pass_multi_cta=True,
        architecture="sm_100", unroll_factor=1)
    rows, cols, batch = cute.sym_int(), cute.sym_int(), cute.sym_int()
    scores = make_fake_tensor(cutlass.Float32, (rows, cols), stride=(cute.sym_int64(), 1), assumed_align=32)
    seqlen = make_fake_compact_tensor(cutlass.Int32, (batch,), stride_order=(0,))
    out_indices = make_fake_compact_tensor(cutlass.Int32, (rows, TOP_K), stride_order=(1, 0))
    out_values = make_fake_compact_tensor(cutlass.Float32, (rows, TOP_K), stride_order=(1, 0))
    return cute.compile(kernel, scores, None, None, seqlen, out_indices, out_values, stream(), min_blocks_per_mp=1)
