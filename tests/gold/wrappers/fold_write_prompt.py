"""fold-attention's prompt writer for its quantised paged KV cache (fold_attention/decode/write.py, `_launch_prompt`:
`_stats_kernel`, `_reduce_kernel`, `_prompt_kernel`), sm_90a: per 256-token chunk and KV head V's amax and column sums
(rows spread over lanes of 16 channels, per-row-slot partial sums in SMEM, a cross-warp SMEM max), then per request
and head the chunks' sums in order (V's sum and mean, the layer's V scale), then every K row Hadamard-rotated and
quantised to two int8 planes with its bf16 scale and every V row written to its page slot. No MMA; every global
operand is a raw 64-bit address, so only the SMEM buffers are tensors.

Configured as `write.write_prompt` compiles it for `FoldKVCache.write_prompt` (the prefill of the cache): 8 KV heads,
head dim 128, the cache's default page size 256, bf16 V (not v8), bf16 K / V input; the addresses and counts are
run-time values (zero here).
"""

from _common import fold_attention, stream

ARCH = "sm_90a"


def compile_only(kv_heads=8, head_dim=128, page_size=256):
    import cutlass

    write = fold_attention("decode.write")
    pointers = [cutlass.Int64(0) for _ in range(15)]
    args = (*pointers, cutlass.Int32(1), cutlass.Int32(1), cutlass.Int32(1), cutlass.Float32(2.0),
            cutlass.Float32(1.0))
    return cutlass.cute.compile(write._launch_prompt, *args, (kv_heads, head_dim, page_size, False, False), stream())
