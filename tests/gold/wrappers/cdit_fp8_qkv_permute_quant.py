"""cache-dit's QKV permute + per-(token, head) FP8 quantization for Ulysses communication
(cache_dit/kernels/cutedsl/_float8_comm.py, `_QkvQuantProgram`), the CuTeDSL backend of `fp8_comm_qkv_permute_quant`:
Q, K or V as (batch, local tokens, ranks, local heads, head dim) read through its (rank, token, batch, head, D)
permuted view and written as (rank, token, batch, head, D + 4) bytes: D e4m3 values, then an fp32 scale (absmax / 448).
One CTA per (head block, token, rank x batch), one (token, head) row per D / 16 threads: each lane's 16 bf16 loaded by
one 128-bit copy into registers, the row's absmax by a shuffle reduction, the 16 bytes stored as 4 int32 words through
the store partition. No MMA, no shared memory.

Configured as `_all_to_all_single_qkv_fp8_async` calls it: FLUX.1-dev's Q (or K, V) on 2 GPUs, batch 1, 2304 local
tokens, 24 heads split 2 ways (12 local heads), head dim 128; the input is the contiguous (1, 2304, 2, 12, 128) bf16
tensor permuted (2, 1, 0, 3, 4) (strides kept, as `from_dlpack` passes them), the output (2, 2304, 1, 12, 132) bytes as
uint8; static layouts, 16-byte aligned; 96 threads per CTA (`_derive_qkv_cta_threads(8, 12)`). Inline-PTX conversions:
sm_89+; run on Hopper and Blackwell.
"""

from _common import cache_dit, row_major, tensor

ARCH = "sm_90a"


def compile_only(batch=1, tokens=2304, ranks=2, heads=12, head_dim=128):
    import cutlass

    module = cache_dit("kernels.cutedsl._float8_comm")
    out = row_major(cutlass.Uint8, (ranks, tokens, batch, heads, head_dim + 4))
    # x.permute(2, 1, 0, 3, 4) of a contiguous (batch, tokens, ranks, heads, D): stride ranks D, heads, ranks, tokens, batch
    x_perm = tensor(cutlass.BFloat16, (ranks, tokens, batch, heads, head_dim), order=(2, 3, 4, 1, 0))
    program = module._QkvQuantProgram(head_size=head_dim, cta_threads=module._derive_qkv_cta_threads(head_dim // 16, heads))
    program._kernel.set_name_prefix("cache_dit_cutedsl_fp8_comm_qkv_permute_quant")
    return cutlass.cute.compile(program, out, x_perm)
