"""torchao's grouped MXFP8 weight-gradient GEMM for MoE training (pytorch/ao at f8a1ac98, torchao/prototype/
moe_training/kernels/mxfp8/kernel_wgrad.py `_wgrad_entry` on the shared core grouped_gemm_core.py
`grouped_gemm_kernel`): dw[g] = dequant(dy_col[rows_g])^T dequant(x_col[rows_g]) per expert g, the ragged token axis the
GEMM's contraction K. One CTA per (128 x 128 output tile, expert), no scheduler: warp 0 TMA-loads A (N rows of dy^T),
B (K rows of x^T) and both E8M0 scale atoms into a 6-stage ring (PipelineTmaUmma) from the expert's K-tile base; warp
1 copies the scale atoms SMEM -> TMEM (tcgen05.cp) and issues the block-scaled tcgen05 MMA (128 x 128 x 32, MXF8F6F4)
into a TMEM accumulator; warps 4-7 read it back in four 128 x 32 subtiles (t2r, one row per thread), pack BF16 pairs and
store each row's 32 values by one vector copy into dw (N, K, G).

Configured as `launch_grouped_gemm_wgrad(dy_col_q, dy_col_sf, x_col_q, x_col_sf, offsets, dw)` compiles it (the first
call's static shapes: the core needs them), for FC2's wgrad with D = 2048, F = 1024 (N = 2048, K = 1024), R = 4096
allocated rows and G = 8 experts: mA = `activation_gemm_view(dy_col_q.t())` E4M3 (N, R, 1) strides (R, 1, N R), mB the
same for x (K, R, 1), the flat blocked scale buffers as uint8 (round_up(N, 128) x R / 32 and K x R / 32 bytes),
offsets int32 (G,) aligned 4, dw.permute(1, 2, 0) bf16 (N, K, G) strides (K, 1, N K), all `from_dlpack(...,
assumed_align=16)` (static); `cute.compile(_wgrad_entry, ...)`.

The tree: this commit's five files (kernel_wgrad.py, grouped_gemm_core.py, grouped_gemm_config.py,
grouped_mlp_epilogue.py, grouped_mlp_validation.py) were written from a `fetch` of pytorch/ao (`git show
f8a1ac98:<path>`) into the same `pytorch+ao` tree as the quantizers' commit, which lacks them; nothing else is
imported from this commit.
"""

from _common import github_source, tensor

ARCH = "sm_100a"
SOURCE = ("pytorch/ao", "f8a1ac98439b1783f0e1ab4964d9247901db4c10")

_N, _K, _R, _G = 2048, 1024, 4096, 8


def compile_only():
    import cutlass
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_stream

    module = github_source(SOURCE[0], "", "torchao.prototype.moe_training.kernels.mxfp8.kernel_wgrad")
    k_major = (1, 0, 2)  # (MN, R, 1) with R contiguous, then MN, then the unit batch
    a = tensor(cutlass.Float8E4M3FN, (_N, _R, 1), k_major)
    b = tensor(cutlass.Float8E4M3FN, (_K, _R, 1), k_major)
    sfa = tensor(cutlass.Uint8, (_N * _R // 32,))
    sfb = tensor(cutlass.Uint8, (_K * _R // 32,))
    offs = tensor(cutlass.Int32, (_G,), align=4)
    dw = tensor(cutlass.BFloat16, (_N, _K, _G), (1, 0, 2))
    return cute.compile(module._wgrad_entry, a, b, sfa, sfb, offs, dw, make_fake_stream())
