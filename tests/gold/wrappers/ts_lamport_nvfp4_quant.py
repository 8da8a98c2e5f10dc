"""TokenSpeed's Lamport mailbox copy + NVFP4 quantization (tokenspeed_kernel/thirdparty/cute_dsl/latent_moe_tail/
lamport_copy_nvfp4_quant.py, `LamportCopyNvfp4Quant`), sm_100a: one thread per 8 bf16 of the latent rows; each thread
polls its 16-byte fragment of the symmetric mailbox until its 8-lane group (4 NVFP4 blocks of 16) is all written, then
quantizes the fragment to E2M1 with an E4M3 scale per 16 values, stores the packed word and (one lane per group) the
packed scales, and re-arms the fragment's sentinel. Compiled as the module's `compile_kernel` compiles it: flat
dynamic-length source / data / scale tensors, a one-element global scale, M and the CTA count run-time Int32s, for
the latent width 1024 (an assumption: a multiple of 64 the launcher accepts; the kernel's tensors do not depend on it),
PDL on.
"""

from _common import tokenspeed_kernel

ARCH = "sm_100a"


def compile_only(hidden=1024):
    import cutlass
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_compact_tensor, make_fake_stream

    module = tokenspeed_kernel("thirdparty.cute_dsl.latent_moe_tail.lamport_copy_nvfp4_quant")
    source = make_fake_compact_tensor(cutlass.BFloat16, (cute.sym_int32(divisibility=8),), assumed_align=16)
    data = make_fake_compact_tensor(cutlass.Uint8, (cute.sym_int32(divisibility=4),), assumed_align=16)
    scales = make_fake_compact_tensor(cutlass.Uint32, (cute.sym_int32(),), assumed_align=4)
    scale = make_fake_compact_tensor(cutlass.Float32, (1,), assumed_align=4)
    return cute.compile(module.LamportCopyNvfp4Quant(hidden, True), source, data, scales, scale, cutlass.Int32(1),
                        cutlass.Int32(256), make_fake_stream())
