"""Compile-only kernels laid out as MLA decode kernels lay their inputs, every extent a run-time one (the host's
tensors come from `from_dlpack`, so no static head count says what the rows are).

`compile_rows_read_once` (sm_80): the queries `(heads, D, tokens, batch)` are divided by the product's (64, 64)
tile, and the CTA loads the tile `[None, None, 0, 0, token, batch]`: the rows' tile index is the literal 0 (the
kernel reads one tile of the rows, all of them), while its block index picks the token and the batch. The keys and
values are one latent cache `(keys, D)` every head reads. S = Q K^T, O = P V by one mma.sync TiledMma.
`compile_row_tiles_walked` is the same kernel with the rows' tile picked by the block index (a query sequence cut
into tiles, as a prefill reads it): its rows stay the queries.

`compile_tma_by_op` (sm_90): the host builds a TMA load of a `(rows, columns)` matrix with the dialect's op
(`atom_make_non_exec_tiled_tma_load(gmem.value, smem_layout.value, cta_v_map, op)`, as paged MLA decodes build
their cache's), and the kernel copies a tile of the TMA tensor into SMEM by `block_copy`: the host matrix is the
TMA tensor's modes, as for `make_tiled_tma_atom`.

`compile_split_decode` (sm_80): `compile_rows_read_once`'s decode split over the keys: each split writes its partial
O tile and LSE rows (`local_tile(acc_lse[None, split, None, None], (64, 1, 1), coord, (1, 1, 1))`) into a workspace
the host lays out from the output's extents (`o.shape[0]`...) plus the split count, and a combine kernel reads the
partials and writes the output element by element.
"""
# The tensor names are untyped on purpose (what made each tensor is what the tests measure), so the grammar rule is off.
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.block import block_copy
from cutlass.cute.nvgpu import cpasync
from cutlass.cute.runtime import make_fake_compact_tensor

_N = 64
TILE = (64, 32)


def _attention(tiled_mma: cute.TiledMma, tile: cute.Tensor, y: cute.Tensor, z: cute.Tensor, tidx):
    smem = cutlass.utils.SmemAllocator()
    sx = smem.allocate_tensor(cutlass.Float16, cute.make_layout((_N, _N), stride=(_N, 1)), 16)
    sy = smem.allocate_tensor(cutlass.Float16, cute.make_layout((_N, _N), stride=(_N, 1)), 16)
    sz = smem.allocate_tensor(cutlass.Float16, cute.make_layout((_N, _N), stride=(_N, 1)), 16)
    szt = cute.composition(sz, cute.make_layout((_N, _N), stride=(1, _N)))
    cute.autovec_copy(tile, sx)
    cute.autovec_copy(cute.local_tile(y, (_N, _N), (0, 0)), sy)
    cute.autovec_copy(cute.local_tile(z, (_N, _N), (0, 0)), sz)
    cute.arch.sync_threads()
    thr = tiled_mma.get_slice(tidx)
    fx = thr.make_fragment_A(thr.partition_A(sx))
    fy = thr.make_fragment_B(thr.partition_B(sy))
    fzt = thr.make_fragment_B(thr.partition_B(szt))
    cute.autovec_copy(thr.partition_A(sx), fx)
    cute.autovec_copy(thr.partition_B(sy), fy)
    cute.autovec_copy(thr.partition_B(szt), fzt)
    scores = cute.make_rmem_tensor(thr.partition_shape_C((_N, _N)), cutlass.Float32)
    scores.fill(0.0)
    cute.gemm(tiled_mma, scores, fx, fy, scores)
    half = cute.make_fragment_like(scores, cutlass.Float16)
    half.store(scores.load().to(cutlass.Float16))
    split = cute.logical_divide(half.layout, (None, None, 2))
    as_a = cute.make_tensor(half.iterator, cute.make_layout(
        ((split.shape[0], split.shape[2][0]), split.shape[1], split.shape[2][1]),
        stride=((split.stride[0], split.stride[2][0]), split.stride[1], split.stride[2][1])))
    out = cute.make_rmem_tensor(thr.partition_shape_C((_N, _N)), cutlass.Float32)
    out.fill(0.0)
    cute.gemm(tiled_mma, out, as_a, fzt, out)
    return out


@cute.kernel
def rows_read_once_kernel(tiled_mma: cute.TiledMma, x: cute.Tensor, y: cute.Tensor, z: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    token, batch, _ = cute.arch.block_idx()
    tiles = cute.flat_divide(x, (_N, _N))
    cute.printf("{}", _attention(tiled_mma, tiles[None, None, 0, 0, token, batch], y, z, tidx)[0])


@cute.kernel
def row_tiles_walked_kernel(tiled_mma: cute.TiledMma, x: cute.Tensor, y: cute.Tensor, z: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    row_tile, head, batch = cute.arch.block_idx()
    tiles = cute.flat_divide(x, (_N, _N))
    cute.printf("{}", _attention(tiled_mma, tiles[None, None, row_tile, 0, head, batch], y, z, tidx)[0])


def _mma() -> cute.TiledMma:
    op = cute.nvgpu.warp.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (16, 8, 16))
    return cute.make_tiled_mma(op, cute.make_layout((4, 1, 1)))


@cute.jit
def rows_read_once_host(x: cute.Tensor, y: cute.Tensor, z: cute.Tensor):
    rows_read_once_kernel(_mma(), x, y, z).launch(grid=(8, 2, 1), block=(128, 1, 1))


@cute.jit
def row_tiles_walked_host(x: cute.Tensor, y: cute.Tensor, z: cute.Tensor):
    row_tiles_walked_kernel(_mma(), x, y, z).launch(grid=(8, 2, 2), block=(128, 1, 1))


def _inputs():
    # the queries (heads, D, tokens, batch) as a (batch, tokens, heads, D) tensor lays them; the keys and values
    # (keys, D) one latent cache; every extent a run-time one
    x = make_fake_compact_tensor(cutlass.Float16, tuple(cute.sym_int() for _ in range(4)), stride_order=(1, 0, 2, 3),
                                 assumed_align=16)
    y, z = (make_fake_compact_tensor(cutlass.Float16, (cute.sym_int(), cute.sym_int()), stride_order=(1, 0),
                                     assumed_align=16) for _ in range(2))
    return x, y, z


def compile_rows_read_once():
    return cute.compile(rows_read_once_host, *_inputs())


def compile_row_tiles_walked():
    return cute.compile(row_tiles_walked_host, *_inputs())


@cute.kernel
def tma_by_op_kernel(tma_atom: cute.CopyAtom, src: cute.Tensor, smem_layout: cute.Layout):
    bidx, _, _ = cute.arch.block_idx()
    smem = cutlass.utils.SmemAllocator()
    buf = smem.allocate_tensor(cutlass.Float16, smem_layout, byte_alignment=128)
    tile = cute.local_tile(src, TILE, (bidx, None))
    bar = smem.allocate_array(cutlass.Int64)
    block_copy(tma_atom, cute.group_modes(tile, 0, 2)[None, 0], cute.group_modes(buf, 0, 2), tma_bar_ptr=bar)


@cute.jit
def tma_by_op_host(mat: cute.Tensor):
    from cutlass._mlir.dialects import cute_nvgpu

    smem_layout = cute.make_layout(TILE, stride=(32, 1))
    op = cpasync.CopyBulkTensorTileG2SOp()
    cta_v_map = cute.composition(cute.make_identity_layout(mat.shape), TILE)
    made = cute_nvgpu.atom_make_non_exec_tiled_tma_load(mat.value, smem_layout, cta_v_map, op._to_ir(),
                                                        num_multicast=1)
    tma_atom = cute.CopyAtom(op, cpasync.CopyBulkTensorTileG2SNonExecTrait(made[0]))
    tma_by_op_kernel(tma_atom, made[1], smem_layout).launch(grid=(4, 1, 1), block=(128, 1, 1))


def compile_tma_by_op():
    mat = make_fake_compact_tensor(cutlass.Float16, (256, 128), stride_order=(1, 0), assumed_align=16)
    return cute.compile(tma_by_op_host, mat)


@cute.kernel
def split_kernel(tiled_mma: cute.TiledMma, x: cute.Tensor, y: cute.Tensor, z: cute.Tensor, acc_o: cute.Tensor,
                 acc_lse: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    token, batch, split = cute.arch.block_idx()
    tiles = cute.flat_divide(x, (_N, _N))
    out = _attention(tiled_mma, tiles[None, None, 0, 0, token, batch], y, z, tidx)
    thr = tiled_mma.get_slice(tidx)
    g_out = cute.local_tile(acc_o[None, split, None, None, None], (_N, _N), (0, 0, token, batch))
    cute.autovec_copy(out, thr.partition_C(g_out))
    g_lse = cute.local_tile(acc_lse[None, split, None, None], (_N, 1, 1), (0, token, batch), (1, 1, 1))
    if tidx < _N:
        g_lse[tidx] = out[0]


@cute.kernel
def combine_kernel(acc_o: cute.Tensor, acc_lse: cute.Tensor, o: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    head, token, batch = cute.arch.block_idx()
    partials = acc_o[head, None, None, token, batch]
    weights = acc_lse[head, None, token, batch]
    total = cutlass.Float32(0.0)
    for split in cutlass.range_constexpr(2):
        total += partials[split, tidx] * weights[split]
    o[head, tidx, token, batch] = total.to(o.element_type)


@cute.jit
def split_host(x: cute.Tensor, y: cute.Tensor, z: cute.Tensor, o_bshd: cute.Tensor, workspace: cute.Tensor,
               lse_workspace: cute.Tensor, splits: cutlass.Int32):
    # the output (heads, D, tokens, batch) over a (batch, tokens, heads, D) tensor; the partials laid out from the
    # output's extents and the split count
    o = cute.make_tensor(o_bshd.iterator, cute.make_layout(
        (o_bshd.shape[2], o_bshd.shape[3], o_bshd.shape[1], o_bshd.shape[0]),
        stride=(o_bshd.stride[2], o_bshd.stride[3], o_bshd.stride[1], o_bshd.stride[0])))
    row = splits * o.shape[1]
    acc_o = cute.make_tensor(workspace.iterator, cute.make_layout(
        (o.shape[0], splits, o.shape[1], o.shape[2], o.shape[3]),
        stride=(row, o.shape[1], 1, row * o.shape[0], row * o.shape[0] * o.shape[2])))
    acc_lse = cute.make_tensor(lse_workspace.iterator, cute.make_layout(
        (o.shape[0], splits, o.shape[2], o.shape[3]),
        stride=(splits, 1, splits * o.shape[0], splits * o.shape[0] * o.shape[2])))
    split_kernel(_mma(), x, y, z, acc_o, acc_lse).launch(grid=(8, 2, 2), block=(128, 1, 1))
    combine_kernel(acc_o, acc_lse, o).launch(grid=(_N, 8, 2), block=(_N, 1, 1))


def compile_split_decode():
    x, y, z = _inputs()
    o = make_fake_compact_tensor(cutlass.Float16, tuple(cute.sym_int() for _ in range(4)), stride_order=(3, 2, 1, 0),
                                 assumed_align=16)
    workspace, lse_workspace = (make_fake_compact_tensor(cutlass.Float32, (cute.sym_int(),), assumed_align=16)
                                for _ in range(2))
    return cute.compile(split_host, x, y, z, o, workspace, lse_workspace, cutlass.Int32(2))
