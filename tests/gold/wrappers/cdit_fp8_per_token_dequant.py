"""cache-dit's per-token FP8 dequantization after communication (cache_dit/kernels/cutedsl/_float8_comm.py,
`_PerTokenDequantProgram`), the CuTeDSL backend of `fp8_comm_per_token_dequant`: each received (D + 2)-byte row (D e4m3
bytes, then a bf16 scale) is expanded to D bf16 values. One row per D / 16 threads: each lane's 16 bytes loaded by one
128-bit copy into registers, lane 0 reads the row's scale and shuffles it to the row's lanes, the 16 converted values
written by a 128-bit store partition. No MMA, no shared memory.

Configured as `_all_to_all_single_o_fp8_async`'s wait step calls it, for fp8_comm_per_token_quant's build
(`cdit_fp8_per_token_quant`): (55296, 130) received bytes as uint8 rows, (55296, 128) bf16 output, static layouts,
16-byte aligned.
"""

from _common import cache_dit, row_major

ARCH = "sm_90a"


def compile_only(rows=2 * 12 * 2304, head_dim=128):
    import cutlass

    module = cache_dit("kernels.cutedsl._float8_comm")
    out = row_major(cutlass.BFloat16, (rows, head_dim))
    x = row_major(cutlass.Uint8, (rows, head_dim + 2))
    program = module._PerTokenDequantProgram(head_size=head_dim)
    program._kernel.set_name_prefix("cache_dit_cutedsl_fp8_comm_per_token_dequant")
    return cutlass.cute.compile(program, out, x)
