"""flashinfer's split-KV reducer of the monolithic CuTe-DSL MLA decode
(flashinfer/cute_dsl/attention/monolithic/mla_reducer.py, `MLAReducer.reduction_kernel`), sm_100a: one 128-thread CTA
per (head x D band, query token, request) merges the split partials of one output row: warp 0 reads the row's split
LSEs (base 2) by scalar loads into registers, reduces max and sum by warp shuffles, stores the final LSE and leaves
each split's weight exp2(lse_s - lse) in an SMEM slot array; every thread then loads its 4 adjacent columns of each
split's FP32 partial O by predicated 128-bit copies (a hand-made (splits, columns) view of the workspace band and a
(1, 128) x (1, 4) tiled copy), accumulates them in split order with the SMEM weights, converts and writes its columns
by scalar stores. Compiled as the decode's `__call__` launches it when a workspace is given (`self.reducer(o_unpacked,
lse_unpacked, acc_o, acc_lse, split_kv, cache_seqs, cum_seq_lens_q, block_split_kvs, lse_scale, stream)`):
`BlackwellMultiHeadLatentAttentionForwardFP16` as `mla_decode._get_compiled_mla_kernel` builds it for BF16 DeepSeek
MLA decode (128 heads, one query token, QK tile (128, 128), PV tile (128, 256), page 64, persistent, fixed Q, no
variable split-KV, no PDL, no DCP), `reducer_max_splits = _get_reducer_max_splits(8)` (8 splits), one D band (the
decode's `_get_reducer_d_tiles` for a batch large enough to fill a quarter of the SMs); the reducer's inputs made
as `__call__` makes them from the compile fakes of `_get_compiled_mla_kernel` (o (batch, seq_q, heads, 512) and lse
(batch, seq_q, heads) compact, reinterpreted to (heads, 512, seq_q, batch) / (heads, seq_q, batch); acc_o / acc_lse
by the decode's `initialize_workspace` over the 1-D int8 workspace, 32-byte aligned). The decode kernel itself (a
relative of CUTLASS's judged `mla_decode_fp16`) is not launched here.
"""

from _common import flashinfer, stream

ARCH = "sm_100a"


def compile_only(num_heads=128, split_kv=8):
    import cutlass
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_compact_tensor

    decode = flashinfer("cute_dsl.attention.monolithic.mla_decode_fp16")
    kernel = decode.BlackwellMultiHeadLatentAttentionForwardFP16(
        acc_dtype=cutlass.Float32, lse_dtype=cutlass.Float32, mma_qk_tiler_mn=(128, 128),
        mma_pv_tiler_mn=(128, 256), max_active_clusters=74, page_size=64, skip_correction_threshold=0.0,
        is_persistent=True, is_var_seq=False, is_var_split_kv=False, enable_pdl=False, is_var_q=False,
        num_heads=num_heads, seq_len_q=1, reducer_d_tiles=1, reducer_max_splits=split_kv)
    kernel.q_dtype = cutlass.BFloat16  # what the decode's __call__ sets from q_latent before initialize_workspace

    @cute.jit
    def launch(o, lse, workspace, split_kv_count, cache_seqs, lse_scale, stream):
        # the decode's fixed-Q views: o [B, S_q, H, D] -> (H, D, S_q, B), lse [B, S_q, H] -> (H, S_q, B)
        o_unpacked = cute.make_tensor(o.iterator, cute.make_layout(
            (o.shape[2], o.shape[3], o.shape[1], o.shape[0]),
            stride=(o.stride[2], o.stride[3], o.stride[1], o.stride[0])))
        lse_unpacked = cute.make_tensor(lse.iterator, cute.make_layout(
            (lse.shape[2], lse.shape[1], lse.shape[0]), stride=(lse.stride[2], lse.stride[1], lse.stride[0])))
        num_q_tiles = cute.ceil_div(o_unpacked.shape[0] * o_unpacked.shape[2], 128)
        acc_o, acc_lse = kernel.initialize_workspace(o_unpacked.shape[0], o_unpacked.shape[1], num_q_tiles,
                                                     o_unpacked.shape[3], split_kv_count, cutlass.Float32, workspace)
        kernel.reducer(o_unpacked, lse_unpacked, acc_o, acc_lse, split_kv_count, cache_seqs, None, None, lse_scale,
                       stream)

    batch, seq_q, heads, latent = cute.sym_int(), cute.sym_int(), cute.sym_int(), cute.sym_int(divisibility=16)
    o = make_fake_compact_tensor(cutlass.BFloat16, (batch, seq_q, heads, latent), stride_order=(3, 2, 1, 0),
                                 assumed_align=16)
    lse = make_fake_compact_tensor(cutlass.Float32, (batch, seq_q, heads), stride_order=(2, 1, 0), assumed_align=16)
    workspace = make_fake_compact_tensor(cutlass.Int8, (cute.sym_int(),), assumed_align=32)
    cache_seqs = make_fake_compact_tensor(cutlass.Int32, (batch,), assumed_align=16)
    return cute.compile(launch, o, lse, workspace, cutlass.Int32(split_kv), cache_seqs, cutlass.Float32(1.0), stream())
