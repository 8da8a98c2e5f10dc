"""sglang's vendored NVIDIA KDA (Kimi Delta Attention) chunked prefill, its K4 kernel for Blackwell: the persistent
chunk loop that turns the per-chunk operators into outputs and carries the state
(sglang/kernels/ops/attention/linear/kda_nvidia_prefill/fuse_k4_only_persistent.py, `make_host_fn`'s `host_fn`
launching `k4_persistent_kernel`), sm_100a.

As `chunk_fwd._launch_k4_persistent` compiles it (`cute.compile(_k4p_make_host(num_sm=nsm), ...)`) with the
buffers `_get_buffers` wraps: 4 sequences of 2048 tokens (equal length), 32 heads, key and value dims 128, 64-token
chunks, so nsm = min(4 * 32, 148) = 128 persistent CTAs; A_kk and A_qk (tokens, heads, 64), the scaled k, q, kg and
v (tokens, heads, 128) and O in bf16, the chunk-last gate exp (chunks, heads, 128) fp32 (marked dynamic), the fp32
state (sequences, heads, 128, 128) (static), cu_seqlens and chunk offsets, and the TMA-descriptor workspace. The
flashinfer tile scheduler it imports is loaded with flashinfer's package __init__ skipped. Per chunk six tcgen05
MMAs: W = A_kk KS, U = A_kk V, NV = U - W S (S the state), OI = QS S, O = OI + A_qk NV, S = decay(S) + NV^T KG;
a state warpgroup round-trips S between TMEM and SMEM (bf16 copy, gk decay), a readout warpgroup converts W, NV
and O from TMEM to SMEM, a TMA warp loads the operators and stores O.
"""

from _common import flashinfer, row_major, sglang, stream

ARCH = "sm_100a"


def compile_only(seqs=4, seqlen=2048, heads=32, dim=128, chunk=64):
    import cutlass
    from cutlass import cute

    flashinfer("gdn_kernels.blackwell.gated_delta_net_tile_scheduler")
    module = sglang("kernels.ops.attention.linear.kda_nvidia_prefill.fuse_k4_only_persistent")
    bf16, f32, i32 = cutlass.BFloat16, cutlass.Float32, cutlass.Int32
    tokens = cute.sym_int(divisibility=chunk)
    chunks = cute.sym_int()
    nsm = min(seqs * heads, 148)
    a, aqc = (row_major(bf16, (tokens, heads, chunk)) for _ in range(2))
    ks, v, qs, kg, o = (row_major(bf16, (tokens, heads, dim)) for _ in range(5))
    gk = row_major(f32, (chunks, heads, dim))
    state = row_major(f32, (seqs, heads, dim, dim))
    cu, co = (row_major(i32, (cute.sym_int(),), align=4) for _ in range(2))
    workspace = row_major(cutlass.Uint8, (nsm * module.NUM_TENSORMAPS * module.BYTES_PER_TENSORMAP,))
    return cute.compile(module.make_host_fn(num_sm=nsm), a, ks, v, qs, aqc, kg, o, gk, state, cu, co, workspace,
                        stream())
