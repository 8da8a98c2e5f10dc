"""Compile-only kernel (sm_80): attention whose query rows pack a KV head's group of query heads with the queries,
laid out by the host from the input's run-time strides, the Q buffer read through a tile of it and reused to stage O.

The host takes the queries and keys (b, s, h, d) with every stride a run-time 64-bit value (as a framework's tensor
arrives), views them (s, d, h, b) by `cute.select`, and lays out the queries ((4 heads of a group, s), d, KV heads, b) over the same iterator with strides
((h_stride, s_stride), 1, h_stride * 4, b_stride): the strides alone say the first leaf is heads (the KV heads'
stride is its stride times its extent), not their sizes, which are unknown. The kernel tiles a KV head's queries
((4, 16), d), copies them into an SMEM buffer `s_rows` by a tiled copy, and the MMA reads the buffer through `local_tile(s_rows,
(64, 64), (0, 0))` (the whole buffer). S = X Y^T, then O = P V over one m16n8k16 warp (two_products); O is written
by an r2s copy into `s_out`, laid over `s_rows`' memory with its layout, and copied out to global memory. Names carry
no axis letters.
"""
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor, make_fake_tensor

import two_products

GROUP, ROWS, DEPTH, KV_HEADS = 4, 64, 64, 2


@cute.kernel
def runtime_packed_kernel(tiled_mma: cute.TiledMma, queries: cute.Tensor, keys: cute.Tensor, values: cute.Tensor,
                          result: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    group_of, _, _ = cute.arch.block_idx()
    s_rows, s_y, s_v = two_products.smem_tiles(ROWS, DEPTH)
    tile = cute.local_tile(queries[None, None, group_of, 0], (ROWS, DEPTH), (0, 0))
    loader = cute.make_tiled_copy_tv(cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Float16,
                                                         num_bits_per_copy=128),
                                     cute.make_layout((4, 8), stride=(8, 1)), cute.make_layout((1, 8)))
    thr_loader = loader.get_slice(tidx)
    cute.copy(loader, thr_loader.partition_S(tile), thr_loader.partition_D(s_rows))
    cute.autovec_copy(cute.local_tile(keys[None, None, group_of, 0], (ROWS, DEPTH), (0, 0)), s_y)
    cute.autovec_copy(cute.local_tile(values, (DEPTH, ROWS), (0, 0)), s_v)
    cute.arch.sync_threads()
    thr = tiled_mma.get_slice(tidx)
    whole = cute.local_tile(s_rows, (ROWS, DEPTH), (0, 0))
    scores = two_products.scores_of(thr, tiled_mma, whole, s_y, ROWS)
    frag_p = two_products.probs_of(thr, scores, ROWS)
    frag_v = thr.make_fragment_B(thr.partition_B(s_v))
    cute.autovec_copy(thr.partition_B(s_v), frag_v)
    out = cute.make_rmem_tensor(thr.partition_shape_C((ROWS, DEPTH)), cutlass.Float32)
    out.fill(0.0)
    cute.gemm(tiled_mma, out, frag_p, frag_v, out)
    converted = cute.make_fragment_like(out, cutlass.Float16)
    converted.store(out.load().to(cutlass.Float16))
    cute.arch.sync_threads()
    s_out = cute.make_tensor(s_rows.iterator, s_rows.layout)
    r2s = cute.make_tiled_copy_C(cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Float16), tiled_mma)
    thr_r2s = r2s.get_slice(tidx)
    cute.copy(r2s, thr_r2s.retile(converted), thr_r2s.partition_D(s_out))
    cute.arch.sync_threads()
    cute.autovec_copy(s_out, cute.local_tile(result, (ROWS, DEPTH), (group_of, 0)))


@cute.jit
def runtime_packed_host(queries: cute.Tensor, keys: cute.Tensor, values: cute.Tensor, result: cute.Tensor):
    aligned = cute.make_tensor(queries.iterator, queries.layout)  # (b, s, h, d), as a framework's tensor arrives
    by_rows = cute.make_tensor(aligned.iterator, cute.select(aligned.layout, mode=[1, 3, 2, 0]))  # (s, d, h, b)
    keys_aligned = cute.make_tensor(keys.iterator, keys.layout)
    keys_by_rows = cute.make_tensor(keys_aligned.iterator, cute.select(keys_aligned.layout, mode=[1, 3, 2, 0]))
    heads_stride = by_rows.stride[2]
    packed = cute.make_tensor(by_rows.iterator, cute.make_layout(
        ((GROUP, by_rows.shape[0]), by_rows.shape[1], by_rows.shape[2] // GROUP, by_rows.shape[3]),
        stride=((heads_stride, by_rows.stride[0]), by_rows.stride[1], heads_stride * GROUP, by_rows.stride[3])))
    runtime_packed_kernel(two_products.tiled_mma(), packed, keys_by_rows, values, result).launch(grid=(KV_HEADS, 1, 1),
                                                                                       block=(32, 1, 1))


def compile_runtime_packed_rows():
    queries, keys = (make_fake_tensor(cutlass.Float16, tuple(cute.sym_int() for _ in range(3)) + (DEPTH,),
                                      stride=tuple(cute.sym_int64(divisibility=8) for _ in range(3)) + (1,),
                                      assumed_align=16) for _ in range(2))
    values = make_fake_compact_tensor(cutlass.Float16, (DEPTH, ROWS), stride_order=(0, 1), assumed_align=16)
    result = make_fake_compact_tensor(cutlass.Float16, (ROWS * KV_HEADS, DEPTH), stride_order=(1, 0),
                                      assumed_align=16)
    return cute.compile(runtime_packed_host, queries, keys, values, result)
