"""b12x's chunked delta-rule prefill, the prepare kernel (flashinfer/experimental/b12x/sequence/_shared/delta_prefill/
_cute_kernels.py, `_PrepareKernel`), sm_120a: one 128-thread CTA per (16-token chunk tile, value head) of a gated
delta-rule (GDN) prefill: cp.async stages the chunk's raw q and k rows (16 x 128 bf16 each, 16-byte chunks
XOR-swizzled by row) into SMEM, 8 lanes per row reduce the rows' sums of squares, the per-token log decays (softplus
gate) and betas land in SMEM, per-token factors (L2 inverses, prefix / suffix decays) are built, each thread (one head-
dim column) rewrites the normalized q / k rows, two warps run raw mma.sync m16n8k16 products by ldmatrix address
(warp 0: L = beta_i <k_i, k_j> (j < i), warp 1: Mqk = <q_i, k_j> (j <= i), each 16 x 16 over the 128-wide head dim,
decays applied per interval), and a Neumann series in SMEM inverts (I - L); the per-tile records go to a workspace by
raw stores, a release flag publishes them. Compiled as `_compile_prepare` compiles it for a GDN binding (Qwen3-Next
style: 32 value heads over 16 key heads, q / k L2 norm on, FP32 A_log / dt_bias), the config's default 64-tile window
and a 256-tile capacity; every operand a pointer as the module's `_fake_pointer` makes it, scalars as `_compile_prepare`
passes them.
"""

from _common import b12x, stream

ARCH = "sm_120a"


def compile_only(heads=32, key_heads=16, tiles_capacity=256, window_tiles=64):
    import cutlass
    from cutlass import BFloat16, Float32, Int32, Int64, cute

    module = b12x("sequence._shared.delta_prefill._cute_kernels")
    kernel = module._PrepareKernel(heads=heads, key_heads=key_heads, is_gdn=True, tiles_capacity=tiles_capacity,
                                   window_tiles=window_tiles, qk_l2norm=True, a_log_type=Float32,
                                   dt_bias_type=Float32)
    ptr = module._fake_pointer
    return cute.compile(kernel, ptr(BFloat16), ptr(BFloat16), ptr(BFloat16), ptr(BFloat16), ptr(Float32),
                        ptr(Float32), ptr(Int32), ptr(Int32), ptr(Int32), ptr(Int32), ptr(BFloat16), ptr(Float32),
                        Int64(1), Int64(1), Int64(1), Int64(1), Int64(1), Float32(1.0), Float32(1.0), Float32(1.0),
                        Int32(0), stream())
