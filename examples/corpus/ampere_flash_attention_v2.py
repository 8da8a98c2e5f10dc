"""CUTLASS's Ampere FlashAttention-2 forward example (cute/ampere/kernel/attention/flash_attention_v2.py), sm_80,
through the wrapper in examples/ (fp16, batch 4, 1024 tokens, 8 heads, head dim 128, 128x128 tiles)."""

import _sources

ARCH = "sm_80"


def compile_only():
    return _sources.example_wrapper("cutlass_ampere_flash_attention_wrapper").compile_only()
