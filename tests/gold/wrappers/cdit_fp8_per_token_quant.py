"""cache-dit's per-token FP8 quantization for communication (cache_dit/kernels/cutedsl/_float8_comm.py,
`_PerTokenQuantProgram`), the CuTeDSL backend of `fp8_comm_per_token_quant`: each row of D bf16 values is quantized to
e4m3 with one bf16 scale (absmax / 448) appended after the row's D bytes, a (D + 2)-byte row sent by all-to-all. One
row per D / 16 threads: each lane's 16 values loaded by one 128-bit copy into registers, the row's absmax by a shuffle
reduction over the row's lanes, 16 bytes written back through a 128-bit store partition. No MMA, no shared memory.

Configured as `distributed.core._distributed_primitives._all_to_all_single_o_fp8_async` calls it (Ulysses attention's
output all-to-all with FP8 communication): FLUX.1-dev's attention output on 2 GPUs, (world 2, 12 local heads, batch 1,
2304 local tokens, head dim 128) made contiguous and flattened by the host to (55296, 128) bf16 rows, the output
(55296, 130) e4m3 viewed as uint8, both compiled with static layouts, 16-byte aligned. The inline-PTX conversions need
sm_89+; the package runs them on Hopper and Blackwell.
"""

from _common import cache_dit, row_major

ARCH = "sm_90a"


def compile_only(rows=2 * 12 * 2304, head_dim=128):
    import cutlass

    module = cache_dit("kernels.cutedsl._float8_comm")
    out = row_major(cutlass.Uint8, (rows, head_dim + 2))
    x = row_major(cutlass.BFloat16, (rows, head_dim))
    program = module._PerTokenQuantProgram(head_size=head_dim)
    program._kernel.set_name_prefix("cache_dit_cutedsl_fp8_comm_per_token_quant")
    return cutlass.cute.compile(program, out, x)
