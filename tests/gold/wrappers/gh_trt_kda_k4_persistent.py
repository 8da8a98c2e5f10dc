"""NVIDIA/TensorRT-LLM's Kimi-K3 KDA chunked linear attention, K4 stage (tensorrt_llm/_torch/cute_dsl_kernels/blackwell/
kimi_k3_kda/k4_persistent.py, `k4_persistent_kernel` launched by `make_host_fn()`'s `host_fn`), sm_100a, a persistent
warp-specialised tcgen05 kernel over (sequence, head) tiles and their 64-token chunks: a TMA warp loads the chunk's
AB (64 x 64), KS and V (128 x 64, token-minor), QS (64 x 128), AQC (64 x 64) and KG (128 x 64) tiles through per-tile
updated tensormaps into 1-stage SMEM buffers; the MMA warp issues six UMMAs into TMEM: W = AB KS, U = AB V,
NV = U - W S (W read back negated from SMEM), OI = QS S, O = OI + AQC NV, State += NV^T KG; warpgroup 1 keeps the
128 x 128 fp32 state in TMEM (loaded from / stored to global by 128-bit copies, decayed per key row by gk from SMEM,
copied to SMEM as the bf16 operand S); warpgroup 2 reads W, NV and O out of TMEM (t2r 16x256b), casts to bf16 and
stores them into SMEM operand tiles, O through a TMA store warp.

Configured as `make_host_fn(num_sm=148)` builds it: raw bf16 (T, H, dim) activations (T and H run-time, outer
strides run-time and 16-byte divisible, dim static: 64 for AB and AQC, 128 for KS, V, QS, KG and O), gk_last_exp fp32
(chunks, H, 128), the state fp32 (B, H, 128, 128) (each head's 128 x 128 state contiguous, the outer strides
run-time and 16-byte divisible, as the 128-bit state copies need), cu_seqlens (B + 1,) and chunk_offsets (B,) int32, a uint8
tensormap workspace (148 CTAs x 7 maps x 128 bytes, 128-byte aligned), num_seqs Int32, a stream. The host call site
is not in the stored index, so these extents follow the kernel's own indexing and host_fn's reshapes. flashinfer's
GDNTileScheduler (the kernel's scheduler import) is loaded from the installed flashinfer with its package __init__s
skipped (`_packages.flashinfer`). The file's import-time patch of CuTeDSL._get_pipeline (adds ptxas --uumn) runs
as written; it changes no tensor.
"""

from _common import flashinfer, github_source

SOURCE = ("NVIDIA/TensorRT-LLM", "5f5e22e75aca9a1f2320ae6a46d360af759e8f3a")
ARCH = "sm_100a"


def _tokens(dtype, tokens, heads, dim):
    from cutlass import cute

    stride = (cute.sym_int64(divisibility=8), cute.sym_int64(divisibility=8), 1)
    return cute.runtime.make_fake_tensor(dtype, (tokens, heads, dim), stride=stride, assumed_align=16)


def compile_only():
    import cutlass
    from cutlass import cute

    from _common import dynamic_layout, row_major, stream

    flashinfer("gdn_kernels.blackwell.gated_delta_net_tile_scheduler")
    mod = github_source(SOURCE[0], ".", "tensorrt_llm._torch.cute_dsl_kernels.blackwell.kimi_k3_kda.k4_persistent")
    bf16, f32 = cutlass.BFloat16, cutlass.Float32
    tokens, heads = cute.sym_int(), cute.sym_int()
    a_raw, aqc_raw = (_tokens(bf16, tokens, heads, 64) for _ in range(2))
    b_raw, v_raw, q_raw, kg_raw, o_raw = (_tokens(bf16, tokens, heads, 128) for _ in range(5))
    gk_last_exp = dynamic_layout(f32, 3)
    s_fp32 = cute.runtime.make_fake_tensor(
        f32, (cute.sym_int(), heads, 128, 128),
        stride=(cute.sym_int64(divisibility=4), cute.sym_int64(divisibility=4), 128, 1), assumed_align=16)
    cu_seqlens, chunk_offsets = dynamic_layout(cutlass.Int32, 1, align=4), dynamic_layout(cutlass.Int32, 1, align=4)
    tm_workspace = row_major(cutlass.Uint8, (148 * 7 * 128,), align=128)
    host_fn = mod.make_host_fn(num_sm=148)
    return cute.compile(host_fn, a_raw, b_raw, v_raw, q_raw, aqc_raw, kg_raw, o_raw, gk_last_exp, s_fp32,
                        cu_seqlens, chunk_offsets, tm_workspace, cutlass.Int32(1), stream())
