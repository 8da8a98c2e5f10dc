"""flashinfer's grouped-CTA recurrent KDA kernel (flashinfer/kda_kernels/recurrent_kda.py, `_grouped_kda_kernel` through
`_grouped_kda_host`), sm_100a: the same file's fallback for low-grid T = 1 and every multi-token (speculative) decode:
one CTA per (value head, sequence, quarter of the V columns); thread = (V column, one of KS slices of the K channels)
holds its slice of that state row in registers as (8 channels, G 16-byte granules), loaded / checkpointed by 16-byte
autovectorized copies of hand-made (8, G, KS) views of the row; phase A stages every token's decay exp(g), k and q per
channel into flat SMEM (plus the q / k L2-norm warp partials); phase B walks the tokens: decay, prediction, rank-1
update, output, each over per-thread strided (8, G, T) views of the staged SMEM, the output by scalar stores, a bf16
state checkpoint per token. No MMA. Compiled as `_get_grouped_compiled` compiles it for a two-token MTP step (T = 2,
so KS = 2; VSPLIT 4): head dim 128, 16 query / key heads over 32 value heads, the softplus gate (mode 1) with dt_bias,
beta as a logit, q / k L2 norm, no separate initial-state source; the torch tensors' `from_dlpack(...)
.mark_layout_dynamic` views stood in by `dynamic_layout` fakes of the same ranks and contiguous modes (q / k / v / g
(B, T, heads, 128), beta (B, T, HV), the state pools (slots, HV, 128, 128), ssm_state_indices (N, T)).
The module's JIT-backend imports and its T = 1 fast path (`packed_kda_decode_cute`) are host-only stand-ins.
"""

from _common import dynamic_layout, flashinfer, stream

ARCH = "sm_100a"


def compile_only(head_dim=128, tokens=2, heads=16, value_heads=32):
    import cutlass
    from cutlass import cute

    module = flashinfer("kda_kernels.recurrent_kda", host_only=("jit", "jit.cake_kda_decode", "jit.flash_kda_decode",
                                                               "jit.cpp_ext", "kda_kernels.packed_kda_decode_cute", "utils"))
    bf16, f32, i32 = cutlass.BFloat16, cutlass.Float32, cutlass.Int32
    ks = 4 if tokens == 1 else 2
    args = (dynamic_layout(bf16, 4), dynamic_layout(bf16, 4), dynamic_layout(bf16, 4), dynamic_layout(bf16, 4),
            dynamic_layout(bf16, 3), dynamic_layout(f32, 1, 0), dynamic_layout(f32, 1, 0),
            dynamic_layout(i32, 1, 0, align=4), dynamic_layout(i32, 2, 1, align=4), dynamic_layout(i32, 1, 0, align=4),
            dynamic_layout(bf16, 4), dynamic_layout(bf16, 4), dynamic_layout(i32, 1, 0, align=4),
            dynamic_layout(bf16, 4))
    return cute.compile(module._grouped_kda_host, *args, 1, 1, 1, 1, 1, 1, 1.0, 1.0, stream(), head_dim, tokens, ks,
                        heads, value_heads, 1, 1, 1, 1, 0, 4)
