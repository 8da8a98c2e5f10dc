"""Compile-only kernel (sm_80): attention whose keys' per-token scales pass through an SMEM ring a pipeline cycles.

A producer moves each key's fp32 scale one word per thread with a bare cp.async atom, from a view of one element over
the scales (`make_tensor(scales.iterator + t, (1,))`) into a view of one element of the ring's slot the pipeline
state's index picks (`make_tensor(ring.iterator + index * 16 + t, (1,))` in a helper handed the state's index); the
softmax reads the slot (`ring[None, state.index]`) at each
score's key coordinate. The ring is (keys, slots): its slot mode is the pipeline's stage, its other mode the keys,
and the two one-word views are that copy's atom along the keys. S = X Y^T, then O = P V with P converted from S in
registers. Names carry no axis letters: the labels must come from the data flow.
"""
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
import cutlass.pipeline as pipeline
from cutlass.cute.nvgpu import cpasync
from cutlass.cute.runtime import make_fake_compact_tensor

import two_products

_DEPTH = 64
_ROWS = 16
_SLOTS = 3


@cute.jit
def _load_word(word_copy: cute.CopyAtom, scales: cute.Tensor, ring: cute.Tensor, index: cutlass.Int32,
               t: cutlass.Int32):
    word = cute.make_tensor(scales.iterator + t, cute.make_layout((1,)))
    cell = cute.make_tensor(ring.iterator + index * _ROWS + t, cute.make_layout((1,)))
    cute.copy(word_copy, word, cell)


@cute.kernel
def scale_ring_kernel(tiled_mma: cute.TiledMma, queries: cute.Tensor, keys: cute.Tensor, values: cute.Tensor,
                      scales: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    s_x, s_y, s_v = two_products.smem_tiles(_ROWS, _DEPTH)
    smem = cutlass.utils.SmemAllocator()
    ring = smem.allocate_tensor(cutlass.Float32, cute.make_layout((_ROWS, _SLOTS), stride=(1, _ROWS)), 16)
    cute.autovec_copy(cute.local_tile(queries, (_ROWS, _DEPTH), (0, 0)), s_x)
    cute.autovec_copy(cute.local_tile(keys, (_ROWS, _DEPTH), (0, 0)), s_y)
    cute.autovec_copy(cute.local_tile(values, (_DEPTH, _ROWS), (0, 0)), s_v)
    state = pipeline.make_pipeline_state(pipeline.PipelineUserType.Producer, _SLOTS)
    slot = ring[None, state.index]
    word_copy = cute.make_copy_atom(cpasync.CopyG2SOp(), cutlass.Float32, num_bits_per_copy=32)
    if tidx < _ROWS:
        _load_word(word_copy, scales, ring, state.index, tidx)
    cute.arch.cp_async_commit_group()
    cute.arch.cp_async_wait_group(0)
    cute.arch.sync_threads()
    thr = tiled_mma.get_slice(tidx)
    scores = two_products.scores_of(thr, tiled_mma, s_x, s_y, _ROWS)
    coords = thr.partition_C(cute.make_identity_tensor((_ROWS, _ROWS)))
    for i in cutlass.range_constexpr(cute.size(scores)):
        scores[i] = scores[i] * slot[coords[i][1]]
    two_products.output_of(thr, tiled_mma, two_products.probs_of(thr, scores, _ROWS), s_v, _ROWS, _DEPTH)


@cute.jit
def scale_ring_host(queries: cute.Tensor, keys: cute.Tensor, values: cute.Tensor, scales: cute.Tensor):
    scale_ring_kernel(two_products.tiled_mma(), queries, keys, values, scales).launch(grid=(1, 1, 1),
                                                                                      block=(32, 1, 1))


def compile_scale_ring():
    queries = make_fake_compact_tensor(cutlass.Float16, (64, _DEPTH), stride_order=(1, 0), assumed_align=16)
    keys = make_fake_compact_tensor(cutlass.Float16, (64, _DEPTH), stride_order=(1, 0), assumed_align=16)
    values = make_fake_compact_tensor(cutlass.Float16, (_DEPTH, 64), stride_order=(0, 1), assumed_align=16)
    scales = make_fake_compact_tensor(cutlass.Float32, (64,), assumed_align=16)
    return cute.compile(scale_ring_host, queries, keys, values, scales)
