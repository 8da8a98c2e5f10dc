"""tokenspeed-mla's MLA prefill (tokenspeed_mla/fmha.py, `BlackwellFusedMultiHeadAttentionForward`), the CuTeDSL
attention forward of DeepSeek-style MLA's chunked prefill on Blackwell: ragged (varlen) Q / K / V, warp-specialised
(load, MMA, two softmax warpgroups, correction, epilogue), S = Q K^T and O = P V by tcgen05 into TMEM, LSE out.

Configured as `mla_prefill._compile_prefill_kernel` compiles it for `warmup_compile_prefill`'s defaults, the
serving path's causal chunk (`tokenspeed_mla_prefill(..., is_causal=True, return_lse=True)`): FP8 E4M3 Q / K / V,
head dim 192 for Q / K and 128 for V, bf16 O, 128 x 128 tiles, not persistent, `WINDOW_MASK_INFERENCE` (causal),
skip-correction on, no exp2 emulation (SM100), every extent symbolic, the 5-D (1, tokens, KV heads, grouped heads, d)
views the launcher makes. The kernel is built and compiled through the package's own `_compile_prefill_kernel`.
"""

from _common import tokenspeed_mla

ARCH = "sm_100a"


def compile_only(head_dim_qk=192, head_dim_v=128):
    prefill = tokenspeed_mla("mla_prefill")
    import torch  # the stand-in (installed by the loader): the compile function keys its dtype table on torch's dtypes

    return prefill._compile_prefill_kernel(torch.float8_e4m3fn, head_dim_qk, head_dim_v, True, True,
                                           use_pdl=False, enable_ex2_emulation=False)
