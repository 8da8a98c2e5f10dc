"""flashinfer's deterministic MoE finalize (flashinfer/fused_moe/cute_dsl/blackwell/moe_finalize.py,
`_MoeFinalizeKernel`), sm_100a, no MMA: one CTA per (token, hidden tile); each thread reads the token's top-k route
rows and routing scales into registers, then per slot loads 8 bf16 values of the permuted expert row (128-bit copies
through views made over integer addresses) and accumulates them scaled in fp32, and writes the 8 bf16 sums out.
Compiled as `moe_unpermute` compiles it for more than 1024 tokens: 128 threads, 4 vectors per thread, hidden size 4096,
top-k 8, permuted (not expanded) input, PDL off, a run-time token count.
"""

from _common import flashinfer

ARCH = "sm_100a"


def compile_only(hidden=4096, top_k=8):
    import cutlass
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_stream, make_ptr

    module = flashinfer("fused_moe.cute_dsl.blackwell.moe_finalize", host_only=("cute_dsl.utils",))
    kernel = module._MoeFinalizeKernel(hidden, top_k, 128, False, False, 4)
    bf16 = (make_ptr(cutlass.BFloat16, 16, cute.AddressSpace.gmem, assumed_align=16) for _ in range(2))
    mapping = make_ptr(cutlass.Int32, 16, cute.AddressSpace.gmem, assumed_align=4)
    scales = make_ptr(cutlass.Float32, 16, cute.AddressSpace.gmem, assumed_align=4)
    return cute.compile(kernel, *bf16, mapping, scales, cutlass.Int32(4096), make_fake_stream())
