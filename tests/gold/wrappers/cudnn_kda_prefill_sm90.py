"""nvidia-cudnn-frontend's KDA (Kimi Delta Attention) chunked prefill for Hopper (cudnn/linear_attention/hopper/
kernel/kda_prefill_sm90.py, `kda_launch`), sm_90a.

As `run_cute` compiles it (the engine `KdaHopperEngine` hands it the graph's operands as CuTe tensors, static
shapes): bf16 q, k, v, o (tokens, heads, 128), fp32 gate g and beta, fp32 initial and final states
(sequences, heads, 128 value rows, 128 key columns), int32 cu_seqlens, and the twelve workspace buffers `_ws`
allocates (the per-chunk operators MW = -wt, QG = qg, KG = kg, UT = ut and Z, the per-chunk decay a, the transposed
views of KG and UT, and the segment operators). 4 sequences of 2048 tokens, 32 heads: on an H100 (132 SMs)
`_pick_nseg` gives one segment (the stand-in answers `cudnn.frost.device`, which `run_cute` asks for the SM count) (132 // (4 * 32) = 1), so `kda_launch` runs PREP (the full-chunk launch and the tail
launch) and the single-segment SCAN, seg_kernel in MODE 2 with VSLAB 2 (one warpgroup per 64 value rows).
PREP (one 128-thread CTA per 16-token chunk and head): one thread per key channel builds the chunk's gated
k, q and beta-scaled k in SMEM, A = [kw; qg] (kw ub^T and qg ub^T in one 64 x 16 wgmma), forward substitution,
and writes the chunk operators to the workspace. SCAN: the transposed state St (value rows x key columns) stays a
wgmma accumulator; per chunk, TMA brings MW, QG, KG, UT, Z and a, and Rt = ut^T + St (-wt)^T, Ot = St qg^T + Rt Z^T,
St = St a + Rt kg run as wgmma with the state and Rt as register A operands.
"""

from _common import cudnn, row_major, stream, tensor

ARCH = "sm_90a"


def compile_only(seqs=4, seqlen=2048, heads=32, dim=128):
    import cutlass

    module = cudnn("linear_attention.hopper.kernel.kda_prefill_sm90", host_only=("frost.device",))
    bf16, f32, i32 = cutlass.BFloat16, cutlass.Float32, cutlass.Int32
    tokens = seqs * seqlen
    nseg = 1
    nch = tokens // 16 + seqs + 1
    prep_nch = (tokens + 15) // 16 + seqs - 1
    rows = nch * heads * 16
    ops = max(seqs * heads * nseg, 1)
    q, k, v = (row_major(bf16, (tokens, heads, dim)) for _ in range(3))
    g = row_major(f32, (tokens, heads, dim))
    beta = row_major(f32, (tokens, heads))
    cu = row_major(i32, (seqs + 1,), align=4)
    initial, final = (row_major(f32, (seqs, heads, dim, dim)) for _ in range(2))
    o = row_major(bf16, (tokens, heads, dim))
    mw, qg, kg, ut = (row_major(bf16, (rows, dim)) for _ in range(4))
    z = row_major(bf16, (rows, 16))
    av = row_major(f32, (nch * heads, dim))
    kg_t, ut_t = (tensor(bf16, (dim, rows), (0, 1)) for _ in range(2))
    ss = row_major(f32, (ops, dim, dim))
    mt = row_major(bf16, (ops, dim, dim))
    mt_t = tensor(bf16, (dim, ops * dim), (0, 1))
    ct = row_major(f32, (ops, dim, dim))
    return cutlass.cute.compile(module.kda_launch, q, k, v, g, beta, cu, initial, mw, qg, kg, ut, z, av, kg_t, ut_t,
                                ss, mt, mt_t, ct, o, final, seqs, heads, prep_nch, nch, nseg, stream())
