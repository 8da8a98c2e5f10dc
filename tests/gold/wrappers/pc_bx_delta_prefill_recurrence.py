"""b12x's chunked delta-rule prefill, the recurrence kernel (flashinfer/experimental/b12x/sequence/_shared/delta_prefill/
_cute_kernels.py, `_RecurrenceKernel`), sm_120a: one CTA per (head x value split, sequence rank) walks the sequence's
16-token tiles of one window with the transposed state S^T (64 value rows of this split x 128 key dims) resident in
registers as raw mma.sync m16n8 accumulators (`acc`) plus a bf16 shadow packed as k16 A fragments; one producer warp
streams each tile's prepared record (q~, k~, k_r, the inverse, Mqk, decay, beta) and its value rows into a 3-stage SMEM
ring by a bulk copy and cp.async on mbarriers; per tile the 4 MMA warps (16 value rows each) run, by ldmatrix address,
v'^T = beta (v^T - S^T k~^T), U^T = v'^T INV^T, out^T = U^T Mqk^T + S^T q~^T (stored by hand) and the state update
S^T = lambda S^T + U^T k_r. Compiled as `_compile_recurrence` compiles it (summary mode 0, the plain path
`run_recurrence` takes) for a GDN binding with the PrefillConfig defaults (v_split 64, k_split 1, stages 3, window 64
tiles), 32 value heads, a 256-tile capacity, 8 recurrence rows (sequences), no checkpoint export, null state slot 0,
Int32 state indices, no max_sequence_tiles plan; pointers as the module's `_fake_pointer` makes them.
"""

from _common import b12x, stream

ARCH = "sm_120a"


def compile_only(heads=32, tiles_capacity=256, window_tiles=64, rows=8):
    import cutlass
    from cutlass import BFloat16, Float32, Int32, Int64, cute

    module = b12x("sequence._shared.delta_prefill._cute_kernels")
    kernel = module._RecurrenceKernel(heads=heads, tiles_capacity=tiles_capacity, window_tiles=window_tiles, rows=rows,
                                      v_split=64, k_split=1, stages=3, checkpoint_export=False, null_state_index=0,
                                      index_type=Int32, summary_mode=0, max_sequence_tiles=0, is_gdn=True)
    ptr = module._fake_pointer
    return cute.compile(kernel, ptr(BFloat16), ptr(Int32), ptr(Int32), ptr(Int32), ptr(Int32), ptr(Int32), ptr(Int32),
                        ptr(Int32), ptr(Int32), ptr(Int32), ptr(Int32), ptr(cutlass.Int8), ptr(Float32),
                        ptr(BFloat16), Int64(1), Int64(1), Int64(1), Int64(1), Int32(0), stream())
