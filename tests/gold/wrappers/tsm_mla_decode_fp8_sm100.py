"""tokenspeed-mla's FP8 MLA decode (tokenspeed_mla/mla_decode_fp8.py, `BlackwellMultiHeadLatentAttentionForwardFP8`):
DeepSeek-style multi-head latent attention over a paged FP8 latent / RoPE KV cache on Blackwell, warp-specialised,
2-CTA tcgen05 MMAs (S = Q [latent | rope] K^T, O = P V over the latent dim), split-KV with fp32 partials in a
workspace and a reduction kernel that merges them by their LSEs.

Configured as `mla_decode.tokenspeed_mla_decode` compiles it through `_get_compiled_mla_kernel` for a DeepSeek-V3
decode step on a B200 (148 SMs): FP8 E4M3 query and KV cache, bf16 output, 128 heads, one query token, kv_lora_rank
512, RoPE dim 64, page size 64, variable sequence lengths (so not persistent), causal, no window, no DCP, no LSE
output, 8 requests of up to 4096 tokens: `select_mla_decode_tilers` gives 128 x 128 QK and 128 x 256 PV tiles on a
2-CTA cluster, `_get_split_kv_and_workspace_size` a nonzero workspace (split-KV on), the reducer's band count and
split capacity from `_get_reducer_d_tiles` / `_get_reducer_max_splits`. The package's own compile function builds and
compiles the kernel; `get_max_active_clusters` (which asks the driver) is answered with a B200's 74 two-CTA clusters.
"""

from _common import tokenspeed_mla

ARCH = "sm_100a"


def compile_only(batch=8, heads=128, max_seq_len=4096, page_size=64, num_sms=148):
    decode = tokenspeed_mla("mla_decode")
    import torch  # the stand-in (installed by the loader): the compile function keys on torch's dtypes

    decode.get_max_active_clusters = lambda cluster_size: num_sms // cluster_size
    fp8, capability = torch.float8_e4m3fn, (10, 0)
    qk_tiler, _ = decode.select_mla_decode_tilers(heads, 1, is_fp8=True, compute_capability=capability)
    split_kv, workspace = decode._get_split_kv_and_workspace_size(batch, 1, heads, 512, num_sms, max_seq_len, fp8,
                                                                  qk_tiler)
    return decode._get_compiled_mla_kernel.__wrapped__(
        torch_dtype=fp8, page_size=page_size, kv_lora_rank=512, qk_rope_head_dim=64, is_persistent=False,
        is_var_seq=True, is_var_split_kv=False, compute_capability=capability, has_local_visible_lens=False,
        skip_correction_threshold=8.0, is_workspace_size_zero=workspace == 0, fold_sq_factor=1, causal_mask=True,
        num_heads=heads, seq_len_q=1, window_left=-1, cp_world=1, cp_rank=0, cp_interleave_size=1, use_pdl=False,
        return_lse=False, reducer_d_tiles=decode._get_reducer_d_tiles(batch, 1, heads, num_sms, split_kv),
        reducer_max_splits=decode._get_reducer_max_splits(split_kv), pack_q=False,
        partial_fp16=decode._FP16_PARTIALS)
