"""tokenspeed-mla's FP8 MLA decode (tokenspeed_mla/mla_decode_fp8.py, `BlackwellMultiHeadLatentAttentionForwardFP8`) in
its second configuration, the M64 path the package tunes for 16 heads x 4 query tokens (DeepSeek-V3 over 8 GPUs with
three MTP draft tokens): one CTA, 64-row tiles (the 4 query tokens folded into the rows: (token, head) packed), the
QK and PV products issued as warp-specialised 1-CTA `tcgen05.mma.ws` instructions by inline PTX on hand-built
descriptors, the PV result split over two warp groups along N, per-stage K / V pipelines, an epilogue through
`gO_phys` views; split-KV partials merged by the same reduction kernel.

Configured as `mla_decode.tokenspeed_mla_decode` compiles it through `_get_compiled_mla_kernel` on a B200 (148 SMs):
FP8 E4M3 query and KV cache, bf16 output, 16 heads, 4 query tokens (`select_mla_decode_tilers`: 64 x 128 QK and
64 x 256 PV tiles, cluster 1; `get_mla_decode_fold_sq_factor` 4, so 64 rows of one folded token group), kv_lora_rank
512, RoPE 64, page size 64, variable lengths, causal, no window / DCP / LSE output, 8 requests of up to 4096 tokens,
split-KV on (`_get_split_kv_and_workspace_size` on the folded shape). Entries identical to
`tsm_mla_decode_fp8_sm100`'s (line, name, shape and labels) are left out.
"""

from _common import tokenspeed_mla

ARCH = "sm_100a"


def compile_only(batch=8, heads=16, q_len=4, max_seq_len=4096, page_size=64, num_sms=148):
    decode = tokenspeed_mla("mla_decode")
    import torch  # the stand-in (installed by the loader): the compile function keys on torch's dtypes

    decode.get_max_active_clusters = lambda cluster_size: num_sms // cluster_size
    fp8, capability = torch.float8_e4m3fn, (10, 0)
    qk_tiler, _ = decode.select_mla_decode_tilers(heads, q_len, is_fp8=True, compute_capability=capability)
    fold = decode.get_mla_decode_fold_sq_factor(heads, q_len, qk_tiler[0])
    split_kv, workspace = decode._get_split_kv_and_workspace_size(batch, q_len // fold, heads * fold, 512, num_sms,
                                                                  max_seq_len, fp8, qk_tiler)
    return decode._get_compiled_mla_kernel.__wrapped__(
        torch_dtype=fp8, page_size=page_size, kv_lora_rank=512, qk_rope_head_dim=64, is_persistent=False,
        is_var_seq=True, is_var_split_kv=False, compute_capability=capability, has_local_visible_lens=False,
        skip_correction_threshold=8.0, is_workspace_size_zero=workspace == 0, fold_sq_factor=fold, causal_mask=True,
        num_heads=heads, seq_len_q=q_len, window_left=-1, cp_world=1, cp_rank=0, cp_interleave_size=1, use_pdl=False,
        return_lse=False, reducer_d_tiles=decode._get_reducer_d_tiles(batch, q_len, heads, num_sms, split_kv),
        reducer_max_splits=decode._get_reducer_max_splits(split_kv), pack_q=False,
        partial_fp16=decode._FP16_PARTIALS)
