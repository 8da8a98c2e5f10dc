"""megaAttention's warp-specialized FA tile on Hopper (Stone749990226/megaAttention,
src/mega_attention/kernels/sm90/fa_ws.py, `FaWsAttnKV.kernel`): one CTA computes one 128-query tile O = softmax(Q K^T
* scale) V over Lk keys; warpgroup 0 is the TMA producer of two separate 2-stage K and V pipelines, warpgroups 1 and 2
consume (a (2, 1, 1) wgmma atom layout: 64 query rows each), Q copied into SMEM by scalar index, S = Q K^T and O += P V
by wgmma with P from registers (rs-mode, V seen transposed), QK of the current key block overlapping PV of the previous
one, online softmax on the accumulator's (row, column) view with causal / tail masks from an identity tensor, O written
by a TensorSSA store into the PV MMA's `partition_C` of the output tile.

Configured as the repository's kernel test `test_attn_kv_causal_multiblock_last_tile_m128`
(`tests/kernels/test_fa_ws_sm90.py`) compiles it: `FaWsAttnKV(M=128, N=128, D=128, Lk=512, causal=True, q_start=384,
valid_m=128, k_len=512)`, bf16 Q (128, 128, 1), K and V (512, 128, 1), O (128, 128, 1) (`from_dlpack(t.unsqueeze(-1),
assumed_align=16)`: static shapes, the unit third mode last), a CUDA stream. The kernel imports quack's `layout_utils`
(the installed quack-kernels) for `transpose_view`, `reshape_acc_to_mn` and `reshape_acc_to_frgA`.
"""

from _common import github_source

ARCH = "sm_90a"
SOURCE = ("Stone749990226/megaAttention", "19b601c748fcb33c101182a8b06743ba9516a5f6")


def compile_only(tile_m=128, kv_block=128, head_dim=128, seqlen_k=512, q_start=384):
    import cutlass
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_compact_tensor, make_fake_stream

    module = github_source(SOURCE[0], "src", "mega_attention.kernels.sm90.fa_ws")
    rows = lambda n: make_fake_compact_tensor(  # noqa: E731
        cutlass.BFloat16, (n, head_dim, 1), stride_order=(1, 0, 2), assumed_align=16)
    kernel = module.FaWsAttnKV(tile_m, kv_block, head_dim, seqlen_k, causal=True, q_start=q_start,
                               valid_m=tile_m, k_len=seqlen_k)
    return cute.compile(kernel, rows(tile_m), rows(seqlen_k), rows(seqlen_k), rows(tile_m),
                        make_fake_stream())
