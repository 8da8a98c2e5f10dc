"""megaAttention's O-projection tile GEMM on Hopper (Stone749990226/megaAttention,
src/mega_attention/kernels/sm90/oproj_tile.py, `OProjTile.kernel`): one CTA computes C[128 tokens, N tile] = A[128, K]
@ W_o[K, N tile] for a run of output N tiles of one attention row tile; warpgroup 0 is the TMA producer of one shared
4-stage ring holding an A chunk (128 x 64, K-major) and a W_o chunk (64 x 128, N contiguous) per stage, warpgroups 1
and 2 issue the wgmma (a (2, 1, 1) atom layout: 64 token rows each; W_o seen through a transposed view as the MN-major
B operand), and each thread writes its accumulator elements into a 4-D output slice by predicated scalar stores through
the accumulator's (row, column) view.

Configured as the repository's kernel test `test_oproj_three_warp_groups` (`tests/kernels/test_oproj_tile.py`)
constructs it: `OProjTile(M=128, N_TILE=128, K_local=512, hidden=512, num_out_n_tiles=4, num_row_tiles=1,
fa_row_tile_id=0, base_out_n_tile=0, valid_n_tiles=4, valid_m=128)` (K_CHUNK 64, 4 stages), compiled as the file's
`_run_one` compiles it: bf16 A (128, 512, 1) and W_o (512, 512, 1) (`from_dlpack(t.unsqueeze(-1), assumed_align=16)`),
the bf16 output C_sym (row tiles 1, 128, out N tiles 4, 128), a CUDA stream. The kernel imports quack's `layout_utils`
for `transpose_view` and `reshape_acc_to_mn`.
"""

from _common import github_source

ARCH = "sm_90a"
SOURCE = ("Stone749990226/megaAttention", "19b601c748fcb33c101182a8b06743ba9516a5f6")


def compile_only(k_local=512, hidden=512, n_tile=128):
    import cutlass
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_compact_tensor, make_fake_stream

    module = github_source(SOURCE[0], "src", "mega_attention.kernels.sm90.oproj_tile")
    n_out_tiles = hidden // n_tile
    a = make_fake_compact_tensor(cutlass.BFloat16, (128, k_local, 1), stride_order=(1, 0, 2), assumed_align=16)
    w_o = make_fake_compact_tensor(cutlass.BFloat16, (k_local, hidden, 1), stride_order=(1, 0, 2), assumed_align=16)
    c_sym = make_fake_compact_tensor(cutlass.BFloat16, (1, 128, n_out_tiles, n_tile), stride_order=(3, 2, 1, 0),
                                     assumed_align=16)
    kernel = module.OProjTile(128, n_tile, k_local, hidden, n_out_tiles, 1, 0, 0, n_out_tiles, 128)
    return cute.compile(kernel, a, w_o, c_sym, make_fake_stream())
