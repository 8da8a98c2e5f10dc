"""vLLM Flint's small-M W4A16 GEMM (vllm/models/flint/ops/nvfp4_gemv.py, `Nvfp4Gemv`), sm_100a: out[M, N] = x[M, K]
dequant(W)[N, K]^T * global_scale for a few tokens, a skinny GEMM on tensor cores issued by hand (inline-PTX
`mma.sync` m16n8k16, swap-AB: the 16 weight rows of a CTA are the MMA's M, 8 tokens per MMA tile its N). Each lane
loads its NVFP4 weight words and E4M3 scale bytes by raw `ld.global` into flat register arrays (`qs`, `ss`),
dequantizes them to bf16 pairs, loads its tokens' x words the same way, and accumulates into a flat fp32 array
rotated over 8 accumulator sets; the CTA's warps and the cluster's CTAs split K and reduce through an SMEM buffer per
warp (`red`) and a DSMEM buffer per CTA rank (`part`); warp 0 of rank 0 stores bf16 by raw `st.global`. x, w, s and
out reach the kernel as fake tensors but are read through `.iterator.toint()` (pointer arithmetic), gs by `gs[0]`.
Compiled as `_compile` compiles it for the tuned shape (N 2048, K 4096) at nt 2 (up to 16 tokens):
`_TUNED[(2048, 4096)][2]` gives 8 warps, split 2 (a 2-CTA cluster); NVFP4 weights, no SiLU-mul, PDL on.
"""

from _common import quack, vllm

ARCH = "sm_100a"


def compile_only(k=4096, nt=2):
    import cutlass
    from cutlass import cute

    module = vllm("models.flint.ops.nvfp4_gemv")
    make_fake_tensor = quack("compile_utils").make_fake_tensor
    config = module._configs(2048, k, False, True)[nt]
    kernel = module._build_kernel_class()(k, nt, config.warps, config.split, True, False, True)
    sym = cute.sym_int
    x = make_fake_tensor(cutlass.BFloat16, (sym(), k), divisibility=8)
    w = make_fake_tensor(cutlass.Uint8, (sym(),), divisibility=16)
    s = make_fake_tensor(cutlass.Uint8, (sym(),), divisibility=4)
    gs = make_fake_tensor(cutlass.Float32, (1,), divisibility=1)
    out = make_fake_tensor(cutlass.BFloat16, (sym(), sym()), divisibility=1)
    return cute.compile(kernel, x, w, s, gs, out, 1, 128, k, 128, cute.runtime.make_fake_stream(),
                        options="--enable-tvm-ffi")
