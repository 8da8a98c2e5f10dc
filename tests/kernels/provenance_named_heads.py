"""A compile-only kernel with no MMA over attention's keys (a key-cache scaling pass): no data flow names attention
axes there, so only the names can say that the keys' last mode is the head dim; the host cuts the tiles the kernel
is launched with (sm_90)."""

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor

ROWS, HEAD_DIM = 8, 64  # rows (tokens x heads, packed) and the head dim of one CTA's tile


@cute.kernel
def scale_keys_kernel(blocks: cute.Tensor, scales: cute.Tensor):
    bidx, _, _ = cute.arch.block_idx()
    tidx, _, _ = cute.arch.thread_idx()
    tile = blocks[None, None, bidx]
    per_row = cute.local_tile(scales, (ROWS,), (bidx,))
    for j in cutlass.range_constexpr(HEAD_DIM // 32):
        tile[tidx // 32, tidx % 32 + 32 * j] = tile[tidx // 32, tidx % 32 + 32 * j] * per_row[tidx // 32]


@cute.jit
def scale_keys_host(mK: cute.Tensor, mS: cute.Tensor):
    blocks = cute.local_tile(mK, (ROWS, HEAD_DIM), (None, 0))
    scale_keys_kernel(blocks, mS).launch(grid=(mK.shape[0] // ROWS, 1, 1), block=(ROWS * 32, 1, 1))


def compile_scale_keys():
    keys = make_fake_compact_tensor(cutlass.Float16, (256, HEAD_DIM), stride_order=(1, 0), assumed_align=16)
    row_scales = make_fake_compact_tensor(cutlass.Float16, (256,), assumed_align=16)
    return cute.compile(scale_keys_host, keys, row_scales)
