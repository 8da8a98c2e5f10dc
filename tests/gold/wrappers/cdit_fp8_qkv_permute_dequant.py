"""cache-dit's QKV FP8 dequantization after Ulysses communication (cache_dit/kernels/cutedsl/_float8_comm.py,
`_QkvDequantProgram`), the CuTeDSL backend of `fp8_comm_qkv_permute_dequant`: the received (global tokens, batch,
local heads, D + 4) bytes (D e4m3 values, then an fp32 scale per (token, head)) expanded to (global tokens, batch, local
heads, D) bf16, which the host permutes to (batch, tokens, heads, D). One CTA per (row block, token), one (batch, head)
row per D / 16 threads: each lane's 16 bytes loaded by one 128-bit copy into registers, lane 0's scale shuffled to the
row, 16 bf16 written by the store partition. No MMA, no shared memory.

Configured as `_all_to_all_single_qkv_fp8_async`'s wait step calls it for `cdit_fp8_qkv_permute_quant`'s build: the
received (2, 2304, 1, 12, 132) bytes flattened to (4608, 1, 12, 132) uint8, the output (4608, 1, 12, 128) bf16, static
layouts, 16-byte aligned; 96 threads per CTA (`_derive_qkv_cta_threads(8, 1 * 12)`).
"""

from _common import cache_dit, row_major

ARCH = "sm_90a"


def compile_only(tokens=4608, batch=1, heads=12, head_dim=128):
    import cutlass

    module = cache_dit("kernels.cutedsl._float8_comm")
    out = row_major(cutlass.BFloat16, (tokens, batch, heads, head_dim))
    quant_x = row_major(cutlass.Uint8, (tokens, batch, heads, head_dim + 4))
    threads = module._derive_qkv_cta_threads(head_dim // 16, batch * heads)
    program = module._QkvDequantProgram(head_size=head_dim, cta_threads=threads)
    program._kernel.set_name_prefix("cache_dit_cutedsl_fp8_comm_qkv_permute_dequant")
    return cutlass.cute.compile(program, out, quant_x)
