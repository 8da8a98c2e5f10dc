"""flash-attn-4's sparse MLA backward dK GEMM for Blackwell (flash_attn/cute/flash_bwd_mla_dk_sm100.py, `dKGemmKernel`,
"Modified from CUTLASS example file"), sm_100a: dKaccum = scatter(dS'^T Q, I): per query token, the token's dS (heads x
top-k selected keys) transposed is A (keys x heads, MN-major), its Q (heads x dim, MN-major) is B, the reduction runs
over the heads, and the 128 x 64 fp32 tiles of (selected keys x dim) are added into the rows of dK the token's top-k
indices name; warp-specialised (TMA warp, MMA warp, a scheduler warp, four epilogue warps), tcgen05 into TMEM.
Compiled as `interface._compile_sparse_mla_dk` compiles it for `_sparse_mla_dk` (called by
`_flash_attn_bwd_sparse_mla` when dK is not fused into the main kernel): DeepSeek sparse attention's rope part,
128 heads, head dim 64, top-2048, bf16 dS / Q, fp32 dK, batched (not varlen), sizes symbolic as the interface makes
them (quack's `make_fake_tensor`, divisibility 8), `--enable-tvm-ffi --ptxas-options '-O2'`.
"""

from _common import flash_attn, quack

ARCH = "sm_100a"


def compile_only(heads=128, head_dim=64, topk=2048):
    import cutlass
    from cutlass import cute

    module = flash_attn("flash_bwd_mla_dk_sm100")
    fake_tensor = quack("compile_utils").make_fake_tensor
    kernel = module.dKGemmKernel(topk, heads, head_dim, False)
    kernel.check_can_implement()
    batch, seqlen_q, seqlen_k = cute.sym_int(), cute.sym_int(), cute.sym_int()
    mdS = fake_tensor(cutlass.BFloat16, (batch, seqlen_q, heads, topk), divisibility=8)
    mI = fake_tensor(cutlass.Int32, (batch, seqlen_q, topk), divisibility=8)
    mQ = fake_tensor(cutlass.BFloat16, (batch, seqlen_q, heads, head_dim), divisibility=8)
    mdK = fake_tensor(cutlass.Float32, (batch, seqlen_k, head_dim), divisibility=8)
    return cute.compile(kernel, mdS, mI, mQ, mdK, None, None,
                        cute.runtime.make_fake_stream(use_tvm_ffi_env_stream=True),
                        options=f"--enable-tvm-ffi --ptxas-options '{module.dKGemmKernel.ptxas_options}'")
