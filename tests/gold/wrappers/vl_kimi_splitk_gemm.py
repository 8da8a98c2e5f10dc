"""vLLM's Kimi-K3 decode projection, a skinny BF16 GEMM split over K across a cluster (vllm/models/kimi_k3/nvidia/
specialized_decode/cutedsl/gemm/splitk.py, `SplitKGemm`, FlashInfer's `dense_bf16_gemm_sm100_splitk` reduced),
sm_100a, cute.experimental: y^T = W x^T with the operands swapped, the weight W (N_out, K) as the MMA's A (its rows
the MMA's M, 64 per tile) and the few decode tokens x (tokens, K) as B (the MMA's N, an 8-row tile, most rows
padding), one tcgen05 MMA into TMEM; warp 0 TMA-loads W's boxes by inline PTX through a device tensor map, warp 1
TMA-loads x's tile, warp 2 issues the MMA, warps 4-7 read the accumulator out (t2r); each of the cluster's 4 CTAs
reduces its own K slice and the 3 peers send their fp32 partials by `st.async` into the owner's SMEM mailbox,
which sums them and stores y (M-major, (N_out, tokens, 1)). Compiled as `compile_projection` compiles it for a
batch of up to 8 tokens (`projection_policies`: tactic (64, 8, 4, 8), i.e. M tile 64, N tile 8, split-K 4,
8 stages; bf16 output), with cute.experimental.compile.
"""

from _common import flashinfer, vllm

ARCH = "sm_100a"


def compile_only(tactic=(64, 8, 4, 8)):
    import cutlass
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_stream, make_fake_tensor

    flashinfer("gemm.kernels.dense_bf16_gemm_sm100_splitk")  # its tactic and remote store, imported by the file
    module = vllm("models.kimi_k3.nvidia.specialized_decode.cutedsl.gemm.splitk")

    def fake(leading):
        shape = tuple(cute.sym_int() for _ in range(3))
        stride = (1, cute.sym_int(64), 0) if leading == 0 else (cute.sym_int(64), 1, 0)
        return make_fake_tensor(cutlass.BFloat16, shape, stride, assumed_align=16)

    y = fake(0)
    kernel = module.SplitKGemm(tactic=module.SplitKTactic(*tactic))
    return cute.experimental.compile(kernel, fake(1), fake(1), y, y, cutlass.Int64(0), make_fake_stream())
