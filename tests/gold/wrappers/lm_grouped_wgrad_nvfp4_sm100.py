"""lightmoe's MoE block-scaled grouped weight-gradient GEMM (lightmoe/kernels/grouped/wgrad_kernel.py,
`BlockScaledMoEGroupedGemmWgradKernel`, NVIDIA's MoE block-scaled grouped wgrad GEMM "Modified for LightMoE"), sm_100a:
per expert e, dW[e] (hidden x intermediate) = A[:, tokens of e] B[tokens of e, :], both NVFP4 (E2M1 values, E4M3 scales
per 16 tokens) and K-major, the expert's token range (K) read from padded device offsets, the per-expert K views and
scale views built as tensormaps in a workspace (`wgrad_tma`), tcgen05 block-scaled MMAs into TMEM on 2-CTA 256 x 256
tiles, a CLC-scheduled persistent grid, the bf16 dW tiles stored by TMA with the experts' global scales applied.
Compiled as `lightmoe.kernels.grouped.wgrad._compile` compiles it for `lightmoe.training`'s down-projection weight
gradient (`GroupedWgrad(d, I, E)`: defaults tile 256 x 256, so 2-CTA instructions and cluster (2, 1), no accumulation,
dense output, `tensor2d` input order) with d = 2048, I = 1024, 8 experts (gold13's grouped GEMM's configuration). The
package's sample torch tensors are fake tensors of the same dtype, shape in bytes (packed FP4 pairs, as `from_dlpack`
presents them: the kernel recasts them to 4-bit layouts), major mode and dynamic token mode;
`HardwareInfo().get_max_active_clusters(2)` needs a GPU: a B200's 148 SMs in clusters of 2 (74) stand in for it.
"""

from _common import lightmoe

ARCH = "sm_100a"
HIDDEN, INTERMEDIATE, EXPERTS = 2048, 1024, 8
MAX_ACTIVE_CLUSTERS = 74


def compile_only():
    import cutlass
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_compact_tensor, make_fake_stream

    wgrad = lightmoe("kernels.grouped.wgrad")
    kernel, ws_bytes = wgrad._kernel_and_ws(HIDDEN, INTERMEDIATE, EXPERTS, 256, 256)
    fp4, e4m3 = cutlass.Float4E2M1FN, cutlass.Float8E4M3FN

    def fake(dtype, shape, order, align=16):
        return make_fake_compact_tensor(dtype, shape, stride_order=order, assumed_align=align)

    tokens_bytes_a, tokens_bytes_b = cute.sym_int(divisibility=16), cute.sym_int(divisibility=16)
    a = fake(fp4, (HIDDEN, tokens_bytes_a), (1, 0))
    b = fake(fp4, (tokens_bytes_b, INTERMEDIATE), (0, 1))
    sfa = fake(e4m3, (HIDDEN, cute.sym_int(divisibility=4)), (1, 0))
    sfb = fake(e4m3, (INTERMEDIATE, cute.sym_int(divisibility=4)), (1, 0))
    w = fake(cutlass.BFloat16, (EXPERTS, HIDDEN, INTERMEDIATE), (2, 1, 0))
    offsets = fake(cutlass.Int32, (EXPERTS,), (0,), 4)
    workspace = fake(cutlass.Uint8, (ws_bytes,), (0,), 128)
    global_scale_a = fake(cutlass.Float32, (EXPERTS,), (0,), 4)
    global_scale_b = fake(cutlass.Float32, (EXPERTS,), (0,), 4)
    return cute.compile(kernel, a, b, sfa, sfb, w, offsets, workspace, MAX_ACTIVE_CLUSTERS,
                        make_fake_stream(use_tvm_ffi_env_stream=True), global_scale_a, global_scale_b, None,
                        options="--enable-tvm-ffi")
