"""Compile-only kernels: an mma.sync attention forward pass (S = Q K^T, O = P V through one TiledMma), written the
way sparse and decode kernels write it. Names carry no axis letters: the labels must come from the data flow.

`compile_output_in_branch` (sm_80): the work sits in a dynamic branch (the kernel's parameters reach it as the
branch's block arguments), and the output, of the query input's type, is written element by element from O's
registers, each element in a branch of its own: past the first, the output is the value the previous branch yields.
Those writes are not the query input's, so O's values never reach S's A operand (which would make O a second score
product, and the head dim the keys).

`compile_rows_copied` (sm_80): one cp.async tiled copy loads both operands of a product, row block by row block,
as sparse kernels load K and V: it partitions both SMEM tiles, then coordinates, then both global tiles, and each
copy pairs a global partition's slice with an SMEM partition's. The global tiles' rows are the operands' rows.

`compile_packed_rows` (sm_80): the query tile gathers (token, head) pairs, row m = token * G + head, 8 elements at a
time from a (tokens, heads, head dim) input, as GQA prefill kernels pack one KV head's group of query heads (the head
index `kv_head * G + m % G` walks the group of the KV head that selects K's and V's heads): the MMA's rows run along
neither axis; the input's modes are the queries and the heads.

`compile_output_coordinates` (sm_80): 32 keys and a head dim of 64, so S's tile (64, 32) and O's (64, 64) differ;
the coordinates of each, partitioned by the one TiledMma that issues both products, belong to the product whose
accumulator has their shape: O's columns are the head dim.

`compile_ring` (sm_80): a double-buffered SMEM ring laid out (slot, rows, columns), filled at `ring[s % 2, None,
None]` in a dynamic loop, as hand-pipelined decode kernels do: its first mode is the stage, the other two the tile.

`compile_row_statistics` (sm_80): a row statistic (a log-sum-exp vector) tiled `local_tile(stats, (64,), (None,))`
to (rows, 1) and partitioned as the accumulator, as decode kernels address their row max and sum: its size-1 rest
of the rows is no column of the product; the product's rows and columns stay apart.

`compile_token_heads` (sm_80): one CTA per (token, batch) takes the token's 64 heads whole as the MMA's rows
(`local_tile(x[None, None, token, batch], (64, 64), (0, 0))` over a 64-head input), as MLA and NSA-selection
decode kernels do: the rows are the heads, the mode the CTA's token index selects the queries.

`compile_head_rows` (sm_80): as decode kernels do, the query tile gathers one token's heads, row m = head
`kv_head * 64 + m` of the CTA's token: the MMA's rows are the heads, the input's other selected mode the queries.
"""
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor

_N = 64


@cute.kernel
def output_in_branch_kernel(tiled_mma: cute.TiledMma, x: cute.Tensor, y: cute.Tensor, z: cute.Tensor,
                            out: cute.Tensor, limit: cutlass.Int32):
    tidx, _, _ = cute.arch.thread_idx()
    if tidx < limit:
        smem = cutlass.utils.SmemAllocator()
        layout = cute.make_layout((_N, _N), stride=(_N, 1))
        sx = smem.allocate_tensor(cutlass.Float16, layout, 16)
        sy = smem.allocate_tensor(cutlass.Float16, layout, 16)
        sz = smem.allocate_tensor(cutlass.Float16, layout, 16)
        szt = cute.composition(sz, cute.make_layout((_N, _N), stride=(1, _N)))
        cute.autovec_copy(cute.local_tile(x, (_N, _N), (0, 0)), sx)
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
        first = cute.make_rmem_tensor(thr.partition_shape_C((_N, _N)), cutlass.Float32)
        first.fill(0.0)
        cute.gemm(tiled_mma, first, fx, fy, first)
        half = cute.make_fragment_like(first, cutlass.Float16)
        half.store(first.load().to(cutlass.Float16))
        # the C fragment ((2,2),M,N) read as an A fragment ((2,2,2),M,N/2): two n8 blocks make one k16 block
        split = cute.logical_divide(half.layout, (None, None, 2))
        as_a = cute.make_tensor(half.iterator, cute.make_layout(
            ((split.shape[0], split.shape[2][0]), split.shape[1], split.shape[2][1]),
            stride=((split.stride[0], split.stride[2][0]), split.stride[1], split.stride[2][1])))
        second = cute.make_rmem_tensor(thr.partition_shape_C((_N, _N)), cutlass.Float32)
        second.fill(0.0)
        cute.gemm(tiled_mma, second, as_a, fzt, second)

        coords = thr.partition_C(cute.make_identity_tensor((_N, _N)))
        for i in cutlass.range_constexpr(cute.size(second)):
            if coords[i][0] < limit:  # a branch writing the output: the next one reads the value this one yields
                out[coords[i]] = second[i].to(cutlass.Float16)


@cute.jit
def output_in_branch_host(x: cute.Tensor, y: cute.Tensor, z: cute.Tensor, out: cute.Tensor, limit: cutlass.Int32):
    op = cute.nvgpu.warp.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (16, 8, 16))
    tiled_mma = cute.make_tiled_mma(op, cute.make_layout((4, 1, 1)))
    output_in_branch_kernel(tiled_mma, x, y, z, out, limit).launch(grid=(1, 1, 1), block=(128, 1, 1))


def compile_output_in_branch():
    def fake(rows):
        return make_fake_compact_tensor(cutlass.Float16, (rows, _N), stride_order=(1, 0), assumed_align=16)
    # the queries and the output span two tiles, the keys and values one: only x shares the output's type
    return cute.compile(output_in_branch_host, fake(2 * _N), fake(_N), fake(_N), fake(2 * _N), cutlass.Int32(128))


@cute.kernel
def rows_copied_kernel(tiled_mma: cute.TiledMma, rows_copy: cute.TiledCopy, x: cute.Tensor, y: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    smem = cutlass.utils.SmemAllocator()
    layout = cute.make_layout((_N, _N), stride=(_N, 1))
    sx = smem.allocate_tensor(cutlass.Float16, layout, 16)
    sy = smem.allocate_tensor(cutlass.Float16, layout, 16)
    thr_copy = rows_copy.get_slice(tidx)
    to_sy = thr_copy.partition_D(sy)
    to_sx = thr_copy.partition_D(sx)
    coords = thr_copy.partition_S(cute.make_identity_tensor((_N, _N)))
    gy = cute.local_tile(y, (_N, _N), (None, 0))
    gx = cute.local_tile(x, (_N, _N), (None, 0))
    from_gy = thr_copy.partition_S(gy)
    from_gx = thr_copy.partition_S(gx)
    for n in cutlass.range_constexpr(cute.size(to_sy.shape[1])):
        if coords[0, n, 0][0] < _N:
            cute.copy(rows_copy, from_gy[None, n, None, 0], to_sy[None, n, None])
            cute.copy(rows_copy, from_gx[None, n, None, 0], to_sx[None, n, None])
    cute.arch.cp_async_commit_group()
    cute.arch.cp_async_wait_group(0)
    cute.arch.sync_threads()
    thr = tiled_mma.get_slice(tidx)
    fx = thr.make_fragment_A(thr.partition_A(sx))
    fy = thr.make_fragment_B(thr.partition_B(sy))
    cute.autovec_copy(thr.partition_A(sx), fx)
    cute.autovec_copy(thr.partition_B(sy), fy)
    acc = cute.make_rmem_tensor(thr.partition_shape_C((_N, _N)), cutlass.Float32)
    acc.fill(0.0)
    cute.gemm(tiled_mma, acc, fx, fy, acc)
    cute.printf("{}", acc[0])


@cute.jit
def rows_copied_host(x: cute.Tensor, y: cute.Tensor):
    op = cute.nvgpu.warp.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (16, 8, 16))
    tiled_mma = cute.make_tiled_mma(op, cute.make_layout((4, 1, 1)))
    atom = cute.make_copy_atom(cute.nvgpu.cpasync.CopyG2SOp(), cutlass.Float16, num_bits_per_copy=128)
    rows_copy = cute.make_tiled_copy_tv(atom, cute.make_layout((16, 8), stride=(8, 1)), cute.make_layout((1, 8)))
    rows_copied_kernel(tiled_mma, rows_copy, x, y).launch(grid=(1, 1, 1), block=(128, 1, 1))


def compile_rows_copied():
    def fake(rows):
        return make_fake_compact_tensor(cutlass.Float16, (rows, _N), stride_order=(1, 0), assumed_align=16)
    return cute.compile(rows_copied_host, fake(2 * _N), fake(4 * _N))


_G = 4  # query heads per KV head


@cute.kernel
def packed_rows_kernel(tiled_mma: cute.TiledMma, x: cute.Tensor, y: cute.Tensor, z: cute.Tensor, kv_head: cutlass.Int32,
                       one_token: cutlass.Constexpr):
    tidx, _, _ = cute.arch.thread_idx()
    token, _, _ = cute.arch.block_idx()
    smem = cutlass.utils.SmemAllocator()
    layout = cute.make_layout((_N, _N), stride=(_N, 1))
    sx = smem.allocate_tensor(cutlass.Float16, layout, 16)
    sy = smem.allocate_tensor(cutlass.Float16, layout, 16)
    sz = smem.allocate_tensor(cutlass.Float16, layout, 16)
    szt = cute.composition(sz, cute.make_layout((_N, _N), stride=(1, _N)))
    for step in cutlass.range_constexpr(_N * _N // 8 // 128):
        chunk = tidx + step * 128
        m = chunk // (_N // 8)
        column = chunk % (_N // 8)
        if cutlass.const_expr(one_token):
            row = x[token, kv_head * _N + m, None]
        else:
            row = x[m // _G, kv_head * _G + m % _G, None]
        piece = cute.local_tile(row, (8,), (column,))  # this thread's 8 elements: a copy's atom, not a CTA tile
        staged = cute.make_rmem_tensor(cute.make_layout(8), cutlass.Float16)  # held in registers on the way
        staged.store(piece.load())
        cute.autovec_copy(staged, cute.local_tile(sx[m, None], (8,), (column,)))
    cute.autovec_copy(cute.local_tile(y[None, kv_head, None], (_N, _N), (0, 0)), sy)
    cute.autovec_copy(cute.local_tile(z[None, kv_head, None], (_N, _N), (0, 0)), sz)
    cute.arch.sync_threads()
    thr = tiled_mma.get_slice(tidx)
    fx = thr.make_fragment_A(thr.partition_A(sx))
    fy = thr.make_fragment_B(thr.partition_B(sy))
    fzt = thr.make_fragment_B(thr.partition_B(szt))
    cute.autovec_copy(thr.partition_A(sx), fx)
    cute.autovec_copy(thr.partition_B(sy), fy)
    cute.autovec_copy(thr.partition_B(szt), fzt)
    first = cute.make_rmem_tensor(thr.partition_shape_C((_N, _N)), cutlass.Float32)
    first.fill(0.0)
    cute.gemm(tiled_mma, first, fx, fy, first)
    half = cute.make_fragment_like(first, cutlass.Float16)
    half.store(first.load().to(cutlass.Float16))
    split = cute.logical_divide(half.layout, (None, None, 2))
    as_a = cute.make_tensor(half.iterator, cute.make_layout(
        ((split.shape[0], split.shape[2][0]), split.shape[1], split.shape[2][1]),
        stride=((split.stride[0], split.stride[2][0]), split.stride[1], split.stride[2][1])))
    second = cute.make_rmem_tensor(thr.partition_shape_C((_N, _N)), cutlass.Float32)
    second.fill(0.0)
    cute.gemm(tiled_mma, second, as_a, fzt, second)
    cute.printf("{}", second[0])


@cute.jit
def packed_rows_host(x: cute.Tensor, y: cute.Tensor, z: cute.Tensor, kv_head: cutlass.Int32,
                     one_token: cutlass.Constexpr):
    op = cute.nvgpu.warp.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (16, 8, 16))
    tiled_mma = cute.make_tiled_mma(op, cute.make_layout((4, 1, 1)))
    packed_rows_kernel(tiled_mma, x, y, z, kv_head, one_token).launch(grid=(1, 1, 1), block=(128, 1, 1))


def compile_packed_rows(one_token=False):
    shape = (2, 2 * _N, _N) if one_token else (_N // _G, 2 * _G, _N)
    tokens = make_fake_compact_tensor(cutlass.Float16, shape, stride_order=(2, 1, 0), assumed_align=16)
    keys, values = (make_fake_compact_tensor(cutlass.Float16, (_N, 2, _N), stride_order=(2, 1, 0), assumed_align=16)
                    for _ in range(2))
    return cute.compile(packed_rows_host, tokens, keys, values, cutlass.Int32(1), one_token)


def compile_head_rows():
    return compile_packed_rows(one_token=True)


_KEYS = 32


@cute.kernel
def output_coordinates_kernel(tiled_mma: cute.TiledMma, x: cute.Tensor, y: cute.Tensor, z: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    smem = cutlass.utils.SmemAllocator()
    sx = smem.allocate_tensor(cutlass.Float16, cute.make_layout((_N, _N), stride=(_N, 1)), 16)
    sy = smem.allocate_tensor(cutlass.Float16, cute.make_layout((_KEYS, _N), stride=(_N, 1)), 16)
    sz = smem.allocate_tensor(cutlass.Float16, cute.make_layout((_KEYS, _N), stride=(_N, 1)), 16)
    szt = cute.composition(sz, cute.make_layout((_N, _KEYS), stride=(1, _N)))
    cute.autovec_copy(cute.local_tile(x, (_N, _N), (0, 0)), sx)
    cute.autovec_copy(cute.local_tile(y, (_KEYS, _N), (0, 0)), sy)
    cute.autovec_copy(cute.local_tile(z, (_KEYS, _N), (0, 0)), sz)
    cute.arch.sync_threads()
    thr = tiled_mma.get_slice(tidx)
    fx = thr.make_fragment_A(thr.partition_A(sx))
    fy = thr.make_fragment_B(thr.partition_B(sy))
    fzt = thr.make_fragment_B(thr.partition_B(szt))
    cute.autovec_copy(thr.partition_A(sx), fx)
    cute.autovec_copy(thr.partition_B(sy), fy)
    cute.autovec_copy(thr.partition_B(szt), fzt)
    first = cute.make_rmem_tensor(thr.partition_shape_C((_N, _KEYS)), cutlass.Float32)
    first.fill(0.0)
    cute.gemm(tiled_mma, first, fx, fy, first)
    half = cute.make_fragment_like(first, cutlass.Float16)
    half.store(first.load().to(cutlass.Float16))
    split = cute.logical_divide(half.layout, (None, None, 2))
    as_a = cute.make_tensor(half.iterator, cute.make_layout(
        ((split.shape[0], split.shape[2][0]), split.shape[1], split.shape[2][1]),
        stride=((split.stride[0], split.stride[2][0]), split.stride[1], split.stride[2][1])))
    second = cute.make_rmem_tensor(thr.partition_shape_C((_N, _N)), cutlass.Float32)
    second.fill(0.0)
    cute.gemm(tiled_mma, second, as_a, fzt, second)
    score_coords = thr.partition_C(cute.make_identity_tensor((_N, _KEYS)))
    output_coords = thr.partition_C(cute.make_identity_tensor((_N, _N)))
    cute.printf("{} {} {}", second[0], score_coords[0], output_coords[0])


@cute.jit
def output_coordinates_host(x: cute.Tensor, y: cute.Tensor, z: cute.Tensor):
    op = cute.nvgpu.warp.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (16, 8, 16))
    tiled_mma = cute.make_tiled_mma(op, cute.make_layout((4, 1, 1)))
    output_coordinates_kernel(tiled_mma, x, y, z).launch(grid=(1, 1, 1), block=(128, 1, 1))


def compile_output_coordinates():
    def fake(rows):
        return make_fake_compact_tensor(cutlass.Float16, (rows, _N), stride_order=(1, 0), assumed_align=16)
    return cute.compile(output_coordinates_host, fake(_N), fake(_KEYS), fake(_KEYS))


@cute.kernel
def ring_kernel(tiled_mma: cute.TiledMma, x: cute.Tensor, y: cute.Tensor, steps: cutlass.Int32):
    tidx, _, _ = cute.arch.thread_idx()
    smem = cutlass.utils.SmemAllocator()
    sx = smem.allocate_tensor(cutlass.Float16, cute.make_layout((_N, _N), stride=(_N, 1)), 16)
    ring = smem.allocate_tensor(cutlass.Float16, cute.make_layout((2, _N, _N), stride=(_N * _N, _N, 1)), 16)
    cute.autovec_copy(cute.local_tile(x, (_N, _N), (0, 0)), sx)
    thr = tiled_mma.get_slice(tidx)
    fx = thr.make_fragment_A(thr.partition_A(sx))
    fy = thr.make_fragment_B(thr.partition_B(ring[0, None, None]))
    acc = cute.make_rmem_tensor(thr.partition_shape_C((_N, _N)), cutlass.Float32)
    acc.fill(0.0)
    cute.autovec_copy(thr.partition_A(sx), fx)
    for s in cutlass.range(steps):
        cute.autovec_copy(cute.local_tile(y, (_N, _N), (s, 0)), ring[s % 2, None, None])
        cute.arch.sync_threads()
        cute.autovec_copy(thr.partition_B(ring[s % 2, None, None]), fy)
        cute.gemm(tiled_mma, acc, fx, fy, acc)
    cute.printf("{}", acc[0])


@cute.jit
def ring_host(x: cute.Tensor, y: cute.Tensor, steps: cutlass.Int32):
    op = cute.nvgpu.warp.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (16, 8, 16))
    tiled_mma = cute.make_tiled_mma(op, cute.make_layout((4, 1, 1)))
    ring_kernel(tiled_mma, x, y, steps).launch(grid=(1, 1, 1), block=(128, 1, 1))


def compile_ring():
    def fake(rows):
        return make_fake_compact_tensor(cutlass.Float16, (rows, _N), stride_order=(1, 0), assumed_align=16)
    return cute.compile(ring_host, fake(_N), fake(4 * _N), cutlass.Int32(4))


@cute.kernel
def row_statistics_kernel(tiled_mma: cute.TiledMma, x: cute.Tensor, y: cute.Tensor, z: cute.Tensor,
                          stats: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    smem = cutlass.utils.SmemAllocator()
    sx = smem.allocate_tensor(cutlass.Float16, cute.make_layout((_N, _N), stride=(_N, 1)), 16)
    sy = smem.allocate_tensor(cutlass.Float16, cute.make_layout((_N, _N), stride=(_N, 1)), 16)
    sz = smem.allocate_tensor(cutlass.Float16, cute.make_layout((_N, _N), stride=(_N, 1)), 16)
    szt = cute.composition(sz, cute.make_layout((_N, _N), stride=(1, _N)))
    cute.autovec_copy(cute.local_tile(x, (_N, _N), (0, 0)), sx)
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
    first = cute.make_rmem_tensor(thr.partition_shape_C((_N, _N)), cutlass.Float32)
    first.fill(0.0)
    cute.gemm(tiled_mma, first, fx, fy, first)
    half = cute.make_fragment_like(first, cutlass.Float16)
    half.store(first.load().to(cutlass.Float16))
    split = cute.logical_divide(half.layout, (None, None, 2))
    as_a = cute.make_tensor(half.iterator, cute.make_layout(
        ((split.shape[0], split.shape[2][0]), split.shape[1], split.shape[2][1]),
        stride=((split.stride[0], split.stride[2][0]), split.stride[1], split.stride[2][1])))
    second = cute.make_rmem_tensor(thr.partition_shape_C((_N, _N)), cutlass.Float32)
    second.fill(0.0)
    cute.gemm(tiled_mma, second, as_a, fzt, second)
    row_tiles = cute.local_tile(stats, (_N,), (None,))
    per_thread = thr.partition_C(row_tiles)
    cute.printf("{} {}", second[0], per_thread[0])


@cute.jit
def row_statistics_host(x: cute.Tensor, y: cute.Tensor, z: cute.Tensor, stats: cute.Tensor):
    op = cute.nvgpu.warp.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (16, 8, 16))
    tiled_mma = cute.make_tiled_mma(op, cute.make_layout((4, 1, 1)))
    row_statistics_kernel(tiled_mma, x, y, z, stats).launch(grid=(1, 1, 1), block=(128, 1, 1))


def compile_row_statistics():
    def fake(rows):
        return make_fake_compact_tensor(cutlass.Float16, (rows, _N), stride_order=(1, 0), assumed_align=16)
    stats = make_fake_compact_tensor(cutlass.Float32, (_N,), assumed_align=16)
    return cute.compile(row_statistics_host, fake(_N), fake(_N), fake(_N), stats)


@cute.kernel
def token_heads_kernel(tiled_mma: cute.TiledMma, x: cute.Tensor, y: cute.Tensor, z: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    token, batch, _ = cute.arch.block_idx()
    smem = cutlass.utils.SmemAllocator()
    sx = smem.allocate_tensor(cutlass.Float16, cute.make_layout((_N, _N), stride=(_N, 1)), 16)
    sy = smem.allocate_tensor(cutlass.Float16, cute.make_layout((_N, _N), stride=(_N, 1)), 16)
    sz = smem.allocate_tensor(cutlass.Float16, cute.make_layout((_N, _N), stride=(_N, 1)), 16)
    szt = cute.composition(sz, cute.make_layout((_N, _N), stride=(1, _N)))
    cute.autovec_copy(cute.local_tile(x[None, None, token, batch], (_N, _N), (0, 0)), sx)
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
    first = cute.make_rmem_tensor(thr.partition_shape_C((_N, _N)), cutlass.Float32)
    first.fill(0.0)
    cute.gemm(tiled_mma, first, fx, fy, first)
    half = cute.make_fragment_like(first, cutlass.Float16)
    half.store(first.load().to(cutlass.Float16))
    split = cute.logical_divide(half.layout, (None, None, 2))
    as_a = cute.make_tensor(half.iterator, cute.make_layout(
        ((split.shape[0], split.shape[2][0]), split.shape[1], split.shape[2][1]),
        stride=((split.stride[0], split.stride[2][0]), split.stride[1], split.stride[2][1])))
    second = cute.make_rmem_tensor(thr.partition_shape_C((_N, _N)), cutlass.Float32)
    second.fill(0.0)
    cute.gemm(tiled_mma, second, as_a, fzt, second)
    cute.printf("{}", second[0])


@cute.jit
def token_heads_host(x: cute.Tensor, y: cute.Tensor, z: cute.Tensor):
    op = cute.nvgpu.warp.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (16, 8, 16))
    tiled_mma = cute.make_tiled_mma(op, cute.make_layout((4, 1, 1)))
    token_heads_kernel(tiled_mma, x, y, z).launch(grid=(8, 2, 1), block=(128, 1, 1))


def compile_token_heads():
    # (heads, head dim, tokens, batch), as a (batch, tokens, heads, head dim) tensor lays them; the keys and
    # values (keys, head dim) one latent cache every head reads, as MLA's
    x = make_fake_compact_tensor(cutlass.Float16, (_N, _N, 8, 2), stride_order=(1, 0, 2, 3), assumed_align=16)
    y, z = (make_fake_compact_tensor(cutlass.Float16, (_N, _N), stride_order=(1, 0), assumed_align=16)
            for _ in range(2))
    return cute.compile(token_heads_host, x, y, z)
