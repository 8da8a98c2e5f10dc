"""flashinfer's GVR (guess-verify-refine) top-k for DSA decode rows (flashinfer/topk_varlen/kernels/gvr_topk_decode.py,
`GvrTopKKernel.gvr_topk_kernel`), sm_100a, built as `topk_varlen._compile_gvr` builds it for the non-load-balanced
path (`_run_gvr`: one CTA per row, LJF order_row, cluster_size 1) with its default knobs (`GvrTopKKernel`'s defaults
at 512 threads: min_blocks_per_mp 3, 128-bit loads, both 4-way unrolls, no warp-parallel reduce; `GvrTopKConfig.auto`
may pick others per shape): fp32 logits, top_k 2048, next_n 1, compress_ratio 1 (DSv3.2: kC 6144 candidates, 2048
bins), values returned; fakes as `_compile_fn` makes them: logits (rows, n) row-major 16-byte aligned, pre_idx
(groups, 2048), seq_lens (groups,), values / indices (rows, 2048), order_row (groups,), rows = groups * next_n.
`--enable-tvm-ffi` and the fake TVM-FFI stream are left out (our `stream()`). The launch's `min_blocks_per_mp` makes
CuTeDSL ask the driver for the shared memory per SM: answered with a B200's (as `_cd_hstu_bwd` does)."""

from _common import flashinfer, stream

ARCH = "sm_100a"

TOP_K = 2048
_B200_SMEM_PER_SM = 233472


def compile_only():
    import cutlass
    from cutlass import cute
    from cutlass.base_dsl.runtime import cuda as cuda_helpers
    from cutlass.cute.runtime import make_fake_compact_tensor

    cuda_helpers.get_device_attribute = lambda attribute, device_id=0: _B200_SMEM_PER_SM

    module = flashinfer("topk_varlen.kernels.gvr_topk_decode")
    kernel = module.GvrTopKKernel(
        dtype=cutlass.Float32, top_k=TOP_K, next_n=1, num_threads=512, compress_ratio=1, return_output_values=True,
        cluster_size=1, min_blocks_per_mp=3, use_256bit_load=False, enable_unroll_4=True, enable_phase3_unroll=True,
        enable_warp_parallel_reduce=False, use_constant_hint=False, seqlen_sorted=True)
    groups, n = cute.sym_int(), cute.sym_int()
    f32, i32 = cutlass.Float32, cutlass.Int32
    logits = make_fake_compact_tensor(f32, (groups, n), stride_order=(1, 0), assumed_align=16)
    pre_idx = make_fake_compact_tensor(i32, (groups, TOP_K), stride_order=(1, 0), assumed_align=16)
    seq_lens = make_fake_compact_tensor(i32, (groups,), stride_order=(0,))
    values = make_fake_compact_tensor(f32, (groups, TOP_K), stride_order=(1, 0), assumed_align=16)
    indices = make_fake_compact_tensor(i32, (groups, TOP_K), stride_order=(1, 0), assumed_align=16)
    order_row = make_fake_compact_tensor(i32, (groups,), stride_order=(0,))
    return cute.compile(kernel, logits, pre_idx, seq_lens, values, indices, order_row, stream())
