"""vLLM's low-latency SM100 BF16 gate/up GEMM with a register-only SiTU epilogue (vllm/model_executor/kernels/linear/
cute_dsl/cutedsl_bf16_gated_gemm.py, `Bf16GatedGemm.kernel` and its warp roles `dma_a_warp`, `dma_b_warp`,
`mma_warp`, `epilog_warp`), sm_100a, written with `cute.experimental` (allocations, TMA loads and the t2r copy by the
experimental API). Per (M tile, N tile) one 256-thread CTA: warp 0 TMA-loads the gate and up rows of the K-major
weight (A, two SMEM rings), warp 1 the token tile of x (B, one ring); warp 2 allocates TMEM and issues two tcgen05.mma
streams, gate and up, into two accumulators of one TMEM allocation; warps 4-7 load both accumulators into registers
(tcgen05.ld), apply SiTU (tanh soft-capped gate times its sigmoid times the soft-capped up) and store bf16 straight to
GMEM. The output is computed transposed: M is the intermediate size I (weight rows), N the tokens T.

Configured as the package's host path compiles it (`_cutedsl_bf16_gated_gemm_run` -> `_get_compiled_gated_kernel` ->
`cute_ext.compile(_bmm_situ, Bf16GatedGemm(...), a_gate, a_up, b, c, stream)`): activation "situ", beta 4.0,
linear_beta 25.0 (`cutedsl_bf16_gated_gemm`'s defaults), PDL on (the run path passes use_pdl=True), tactic 2 (what
the run path picks for at most 8 tokens: cta 64 x 8 x 128, 6 stages, 1-CTA). The host's `_to_cute_situ` views x
(T, K) as b = (1, K, T) and out (T, I) as c = (1, I, T), the weight halves as (1, I, K), each `from_dlpack(...,
assumed_align=32).mark_layout_dynamic(leading_dim=...)`: faked here with run-time extents and strides, the leading
mode's stride 1 (K for the weights, the (1, K, T) / (1, I, T) views' middle mode for x and out).

Read from the stored index at bb975001a5a8179e1c226aa69a284b5a2c22656a (the file's only stored version) and written
byte for byte under $CUTE_INSPECT_GOLD_SOURCES/vllm-project+vllm/. Shims: the file is loaded alone (`github_file`);
its `vllm.cute_utils._tcgen05` (the fence before tcgen05.ld) comes from the installed vllm 0.33.0, and
`vllm.utils.torch_utils` (the torch op registration run at import) is the torch stand-in.
"""

from _common import dynamic_layout, github_file, vllm

SOURCE = ("vllm-project/vllm", "bb975001a5a8179e1c226aa69a284b5a2c22656a")
ARCH = "sm_100a"

_PATH = "vllm/model_executor/kernels/linear/cute_dsl/cutedsl_bf16_gated_gemm.py"


def compile_tactic(tactic: int):
    """Compile the kernel as the run path does for `tactic` (`_resolve_gated_tactic`'s table)."""
    import cutlass

    vllm("cute_utils._tcgen05", host_only=("utils.torch_utils",))
    mod = github_file(SOURCE[0], _PATH, "vllm_cutedsl_bf16_gated_gemm")
    cta_m, cta_n, num_ab_stage, use_2cta = mod._resolve_gated_tactic(tactic)
    gemm = mod.Bf16GatedGemm(activation="situ", acc_dtype=cutlass.Float32, out_dtype=cutlass.BFloat16, cta_m=cta_m,
                             cta_n=cta_n, cta_k=mod.SITU_CTA_K, num_ab_stage=num_ab_stage, use_2cta=use_2cta,
                             use_pdl=True, beta=4.0, linear_beta=25.0)
    a_gate, a_up = (dynamic_layout(cutlass.BFloat16, 3, contiguous=2, align=32) for _ in range(2))
    b, c = (dynamic_layout(cutlass.BFloat16, 3, contiguous=1, align=32) for _ in range(2))
    return mod.cute_ext.compile(mod._bmm_situ, gemm, a_gate, a_up, b, c, mod.make_fake_stream())


def compile_only():
    return compile_tactic(2)
