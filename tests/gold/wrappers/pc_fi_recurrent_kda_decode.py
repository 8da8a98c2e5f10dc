"""flashinfer's register-tile recurrent KDA decode (flashinfer/kda_kernels/recurrent_kda.py,
`recurrent_kda_decode_kernel` through `recurrent_kda_launch`), sm_100a: Kimi Delta Attention decode, one warp per
(batch row, value head, 16-row V tile) holding a [16 V rows x 128 K] slice of the bf16 state in fp32 registers: lanes
split K into 8-wide vectors (16 K lanes) and the remaining 2 lane groups split the V rows; the state slice is loaded and
stored by 128-bit autovectorized copies of hand-tiled (1, 8) views, each lane loads 4 q / k / gate values by
`local_tile` at its own index, computes the per-channel gate (softplus of gate + dt_bias, times -exp(A_log)), the q / k
L2 norms by warp butterflies, shuffles into the 8-wide K layout, then per row S = S diag(g) + beta (v - S k) k^T,
o = S q, and writes the output by scalar stores. No MMA, no SMEM. Compiled as `_get_compiled_kernel` compiles it for a
plain T = 1 batch decode: head dim 128, q / k L2 norm on, the in-kernel gate with dt_bias, no lower bound, no
cu_seqlens, no separate initial-state source, beta given as a logit, no zero-padded output, no accepted-token counts;
`_select_kernel_schedule`'s choice for head dim 128 with the gate at 64 sequence-heads: 16 tile rows, the dual-
accumulator dot schedule; `_make_compile_inputs`' fake tensors (compact, 32-byte aligned; the state pools with a
padded outer stride; the gate with run-time batch / token strides). TVM-FFI options left out (compile-only). The
module's JIT-backend imports and its T = 1 fast path (`packed_kda_decode_cute`, another kernel) are host-only stand-ins.
"""

from _common import flashinfer

ARCH = "sm_100a"


def compile_only(head_dim=128, tile_rows=16):
    from cutlass import cute

    module = flashinfer("kda_kernels.recurrent_kda", host_only=("jit", "jit.cake_kda_decode", "jit.flash_kda_decode",
                                                               "jit.cpp_ext", "kda_kernels.packed_kda_decode_cute", "utils"))
    return cute.compile(module.recurrent_kda_launch, *module._make_compile_inputs(head_dim, 0), head_dim, 1, 1, 1, 0,
                        0, 1, tile_rows, module.DOT_REDUCTION_DUAL_ACCUM, 0, 1, 0, 0)
