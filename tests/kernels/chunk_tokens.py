"""A compile-only Blackwell kernel (sm_100a) of a chunked delta rule's preparation, its MMAs issued by hand: a
chunk's tokens times themselves, then a matrix over the tokens applied to a second input's rows.

The host cuts `keys` (tokens, heads, d) by a TMA atom whose tiler takes one head (`cta_tiler=(CHUNK, 1, D)`) into an
SMEM layout with that head as a size-1 mode (`(CHUNK, 1, D, STAGES)`, stride 0); the kernel allocates `ks` in that
layout. `G = X X^T`: a tcgen05 MMA reads `ks` as both its A and its B (a Gram matrix of the chunk's tokens). Each
thread reads its row of G by hand (`tcgen05.ld` 32x32b), scales it into `tri` and copies it into the SMEM scratch
tile `scratch`; a warp loads 8 values of its row back (`blk`) and a warp MMA (`mma.sync` in inline PTX) multiplies
them by 4 more (`col`), both read from the scratch tile: a product over the tokens on all three axes, its
accumulator `inv`. Its results, scaled into `scaled` and converted into `half`, are written by hand (`tcgen05.st`)
into TMEM, where a second tcgen05 MMA reads its A: `U = A Y` with `ys` MN-major (Y's tokens contracted, its feature dim the columns). A slice
of Y's row is copied into registers made in its shape (`y_regs`)."""
# The names here are meant not to follow the convention (the axes must come from the data flow):
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
import cutlass.utils as utils
from cutlass._mlir.dialects import nvvm
from cutlass.cute.nvgpu import cpasync
from cutlass.cute.runtime import make_fake_compact_tensor

from tests.kernels.nvvm_issued_mma import B_TRANSPOSED, _descriptor, _issue, _load, _store
from tests.kernels.warp_mma_by_hand import _issue as _warp_issue

BF16, F32 = cutlass.BFloat16, cutlass.Float32
CHUNK, D, HEADS, STAGES = 64, 64, 4, 2
GRAM = (1 << 4) | (1 << 7) | (1 << 10) | ((CHUNK >> 3) << 17) | ((CHUNK >> 4) << 24)  # 64 x 64 over bf16
UPDATE_AT = 128  # the TMEM columns of U; A's bf16 pairs are written at PAIRS_AT
PAIRS_AT = 64
ROW = nvvm.Tcgen05LdStShape.SHAPE_32X32B  # a thread's lane: its row of the accumulator


def _box():
    """The SMEM layout a TMA box of one head fills: tokens, the head (size 1), d, stages."""
    return cute.make_layout((CHUNK, 1, D, STAGES), stride=(D, 0, 1, CHUNK * D))


@cute.kernel
def tokens_kernel(atom: cute.CopyAtom, keys: cute.Tensor, second: cute.Tensor):
    smem = utils.SmemAllocator()
    ks = smem.allocate_tensor(BF16, _box(), 1024)
    ys = smem.allocate_tensor(BF16, cute.make_layout((CHUNK, D), stride=(D, 1)), 1024)
    scratch = smem.allocate_tensor(BF16, cute.make_layout((CHUNK, CHUNK), stride=(CHUNK, 1)), 16)
    chunk, head, _ = cute.arch.block_idx()
    stage = chunk % STAGES
    tile = cute.local_tile(keys[None, head, None], (CHUNK, D), (chunk, 0))
    s_part, g_part = cpasync.tma_partition(atom, 0, cute.make_layout(1),
                                           cute.group_modes(ks[None, 0, None, stage], 0, 2), cute.group_modes(tile, 0, 2))
    cute.autovec_copy(cute.local_tile(second, (CHUNK, D), (chunk, 0)), ys)
    for k in cutlass.range_constexpr(D // 16):  # G = X X^T: one tile's descriptor as A and B
        _issue(0, _descriptor(ks[None, 0, None, stage]) + k * 2, _descriptor(ks[None, 0, None, stage]) + k * 2, GRAM,
               False)
    t, _, _ = cute.arch.thread_idx()
    lanes = cutlass.Int32((t // 32) * 32) << cutlass.Int32(16)
    gate = cute.make_rmem_tensor((2, CHUNK // 4), F32)  # a per-column gate the thread fills by hand
    for i in cutlass.range_constexpr(CHUNK // 2):
        gate[i % 2, i // 2] = cutlass.Float32(i) * 0.5
    tri = cute.make_rmem_tensor(CHUNK // 2, BF16)
    tri.store((_load(lanes | cutlass.Int32(0), CHUNK // 2, ROW) * gate.load().reshape((CHUNK // 2,))).to(BF16))
    row_out = cute.local_tile(scratch[t // 2, None], (CHUNK // 2,), (0,))
    cute.autovec_copy(tri, row_out)
    y_part = cute.local_tile(ys[t // 4, None], (16,), (1,))
    y_regs = cute.make_rmem_tensor(16, BF16)  # the shape of the SMEM slice just made: no tile of it, a copy's values
    cute.autovec_copy(y_part, y_regs)
    blk = cute.make_rmem_tensor(8, BF16)
    col = cute.make_rmem_tensor(4, BF16)
    cute.autovec_copy(cute.local_tile(scratch[t // 2, None], (8,), (0,)), blk)
    cute.autovec_copy(cute.local_tile(scratch[t // 2, None], (4,), (2,)), col)
    inv = cute.make_rmem_tensor(4, F32)
    inv.fill(0.0)
    inv.store(cute.TensorSSA(_warp_issue(blk, col, inv), 4, F32))
    scaled = cute.make_rmem_tensor((2, 2), F32)  # the inverse's values scaled by hand, as a per-token gate would
    for i in cutlass.range_constexpr(4):
        scaled[i % 2, i // 2] = inv[i] * 0.5
    half = cute.make_rmem_tensor((2, 2), BF16)
    half.store(scaled.load().to(BF16))
    _store(lanes | cutlass.Int32(PAIRS_AT), half, ROW)
    for k in cutlass.range_constexpr(CHUNK // 16):  # U = A Y: A the pairs in TMEM, Y MN-major (tokens contracted)
        _issue(UPDATE_AT, PAIRS_AT + k * 8, _descriptor(ys) + k * 128, B_TRANSPOSED, True)


@cute.jit
def tokens_host(keys: cute.Tensor, second: cute.Tensor):
    atom, tma_keys = cpasync.make_tiled_tma_atom(cpasync.CopyBulkTensorTileG2SOp(), keys, _box(), (CHUNK, 1, D))
    tokens_kernel(atom, tma_keys, second).launch(grid=(2, HEADS, 1), block=(128, 1, 1))


def compile_tokens():
    keys = make_fake_compact_tensor(BF16, (2 * CHUNK, HEADS, D), stride_order=(2, 1, 0), assumed_align=16)
    second = make_fake_compact_tensor(BF16, (2 * CHUNK, D), stride_order=(1, 0), assumed_align=16)
    return cute.compile(tokens_host, keys, second)
