"""cuDNN frontend's gated-attention-block QSA decode top-k, the row-split cluster form
(cudnn/gated_attention_block/kernels/qsa_topk_decode.py, `frost_qsa_topk_decode_cluster`), sm_100a: a row's block logits
split into C aligned column slices, one 1024-thread CTA of a C-CTA cluster per slice running the one-CTA body on its
slice, with four cluster exchanges by `st.async` into the peers' SMEM completing mbarriers: the CTA maxima (`s_xmax`),
the pass histograms reduce-scattered and all-gathered (`_merge_hist`: `s_rs` -> `s_mslice` -> `s_merged`), the k-th
bin's candidates as one fixed message per CTA (`s_msg` -> every peer's `s_union`) and the per-CTA selected counts
(`s_cnt`) for the canonical prefix. Compiled as `compile_qsa_topk_decode` / `_compile_for` compile it with the knobs
`default_knobs_for` picks for a decode step of at most 16 rows over 65536 visible tokens (`n_blocks_max` 16384 > 8192:
8 CTAs per row, 1024 threads; `cols_cap_for` gives 16384, a 2048-column slice per CTA), top_k 512, no PDL; the logits and
the output `_fake_rows` (rows, cols) int32 with a 64-bit symbolic row stride, counts a compact int32 vector, the dynamic
SMEM `smem_bytes_for`'s figure. `cudnn.frost.device` and `cudnn.frost.buffers` (they load cuDNN's compiled module)
answered by the torch stand-in; TVM-FFI options left out (compile-only).
"""

from _common import cudnn, stream

ARCH = "sm_100a"


def compile_only(n_blocks_max=16384, top_k=512, ctas=8, threads=1024):
    import cutlass
    from cutlass import cute

    module = cudnn("gated_attention_block.kernels.qsa_topk_decode", host_only=("frost.device", "frost.buffers"))
    cols_cap = module.cols_cap_for(n_blocks_max, ctas, threads)
    logits = module._fake_rows(cutlass.Int32)
    counts = cute.runtime.make_fake_compact_tensor(dtype=cutlass.Int32, shape=(cute.sym_int(),), stride_order=(0,),
                                                   assumed_align=4)
    out = module._fake_rows(cutlass.Int32)
    smem = module.smem_bytes_for(cols_cap, ctas, threads, top_k)
    return cute.compile(module.qsa_topk_decode_launch, logits, counts, out, cutlass.Int32(1), cols_cap, top_k, ctas,
                        threads, False, smem, stream())
