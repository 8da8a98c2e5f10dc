"""cuDNN frontend's gated-attention-block QSA decode top-k (cudnn/gated_attention_block/kernels/qsa_topk_decode.py,
`frost_qsa_topk_decode`, the one-CTA-per-row form), sm_100a: one 1024-thread CTA per query row selects the exact top-k
of the row's fp32 block logits (kept in registers, `cols_cap / 1024` per thread, warp w owning a contiguous column
range): a 4096-bin windowed histogram in SMEM, a block scan that finds the k-th bin, the fast path's per-warp staging
regions plus a 128-slot rank list of the bin's candidates (the fallback's candidate list and ballot words are views of
the same pool), then the canonical compaction writes the selected block ids, descending, by raw global stores.
Compiled as `compile_qsa_topk_decode` / `_compile_for` compile it for a decode block of 32768 visible tokens
(`n_blocks_max` 8192 four-token blocks: `cols_cap_for` gives 8192; `default_knobs_for` picks one 1024-thread CTA per
row at 8192 columns or fewer), top_k 512 (2048 tokens, the block's largest declared k), no PDL; the logits and the
output are `_fake_rows` (rows, cols) int32 with a 64-bit symbolic row stride, counts a compact int32 vector, the
dynamic SMEM `smem_bytes_for`'s figure. TVM-FFI options left out (compile-only); `cudnn.frost.device` (it loads the
compiled module to query the GPU) and `cudnn.frost.buffers`
(it imports the compiled `_pybind_module`) answered by the torch stand-in.
"""

from _common import cudnn, stream

ARCH = "sm_100a"


def compile_only(n_blocks_max=8192, top_k=512, threads=1024):
    import cutlass
    from cutlass import cute

    module = cudnn("gated_attention_block.kernels.qsa_topk_decode", host_only=("frost.device", "frost.buffers"))
    cols_cap = module.cols_cap_for(n_blocks_max, 1, threads)
    logits = module._fake_rows(cutlass.Int32)
    counts = cute.runtime.make_fake_compact_tensor(dtype=cutlass.Int32, shape=(cute.sym_int(),), stride_order=(0,),
                                                   assumed_align=4)
    out = module._fake_rows(cutlass.Int32)
    smem = module.smem_bytes_for(cols_cap, 1, threads, top_k)
    return cute.compile(module.qsa_topk_decode_launch, logits, counts, out, cutlass.Int32(1), cols_cap, top_k, 1,
                        threads, False, smem, stream())
