"""Compile-only kernel: a decode step whose query rows are the heads of a KV head's group, laid out by the host.

`compile_grouped_rows` (sm_80): the host lays the queries out from run-time extents as (n_q, d, (h_k, b)) with
strides (d, 1, (n_q * d, n_q * d * h_k)): each KV head's n_q query heads are one run of rows inside it (one token's
heads, GQA packed along the MMA's rows), and the keys as (16 tokens, d, (h_k, b)) token-major (a token's row holds
every KV head: heads at stride d, tokens at a run-time stride): the keys are a sequence laid out outside the heads.
`compile_sequence_rows` (sm_80): the same, but the keys laid out head-major like the queries ((n_q, d, (h_k, b)), the
heads' stride n_q * d): both are sequences laid out alike, and the query rows stay queries.
Both hosts also lay out views no data flow names, from the same run-time extents: an output (d, n_q, (h_k, b)) and a
per-head statistic (h_k * n_q, b) written element by element, lengths (b,) read element by element, and a second
length vector: over the batch, or (`compile_sequence_rows`, whose keys are as many as the queries) over the one extent
both the queries' rows and the keys' rows are laid out with (no one axis).
`compile_workspace_rows` (sm_80): the queries laid out token-major ((n_q, d, (h_k, b)), rows at stride d * h_k, the
heads at d), the keys as in `compile_grouped_rows`, and the query tile written back to a workspace laid out head-major
(rows inside the heads, as a backward pass's dQ accumulator or row statistics are): the rows are a sequence, one
input lays them out apart from the heads, so they stay queries.
S = X Y^T, then O = P V (`two_products`). Names carry no axis letters: the labels must come from the data flow.
"""
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor

import two_products

_DEPTH = 64
_ROWS = 16


@cute.kernel
def rows_kernel(tiled_mma: cute.TiledMma, m_x: cute.Tensor, m_y: cute.Tensor, m_v: cute.Tensor, m_out: cute.Tensor,
                m_stat: cute.Tensor, m_lens: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    at, seq, _ = cute.arch.block_idx()
    m_out[tidx, 0, at] = cutlass.Float16(m_lens[0])
    m_stat[0, seq] = cutlass.Float32(0.0)
    _attend(tiled_mma, m_x, m_y, m_v, at, tidx)


@cute.kernel
def workspace_kernel(tiled_mma: cute.TiledMma, m_x: cute.Tensor, m_y: cute.Tensor, m_v: cute.Tensor,
                     m_ws: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    at, _, _ = cute.arch.block_idx()
    s_x = _attend(tiled_mma, m_x, m_y, m_v, at, tidx)
    cute.autovec_copy(s_x, cute.local_tile(m_ws[None, None, at], (_ROWS, _DEPTH), (0, 0)))


@cute.jit
def _attend(tiled_mma: cute.TiledMma, m_x: cute.Tensor, m_y: cute.Tensor, m_v: cute.Tensor, at, tidx):
    s_x, s_y, s_v = two_products.smem_tiles(_ROWS, _DEPTH)
    cute.autovec_copy(cute.local_tile(m_x[None, None, at], (_ROWS, _DEPTH), (0, 0)), s_x)
    cute.autovec_copy(cute.local_tile(m_y[None, None, at], (_ROWS, _DEPTH), (0, 0)), s_y)
    cute.autovec_copy(cute.local_tile(m_v[None, None, at], (_DEPTH, _ROWS), (0, 0)), s_v)
    cute.arch.sync_threads()
    thr = tiled_mma.get_slice(tidx)
    scores = two_products.scores_of(thr, tiled_mma, s_x, s_y, _ROWS)
    two_products.output_of(thr, tiled_mma, two_products.probs_of(thr, scores, _ROWS), s_v, _ROWS, _DEPTH)
    return s_x


def _unnamed_views(outputs, n_q: cutlass.Int32, depth: cutlass.Int32, heads: cutlass.Int32, batch: cutlass.Int32,
                   count: cutlass.Int32):
    """The output, a per-head statistic and a length vector over `count` (the batch, or one length of both)."""
    o_flat, stat_flat, lens_flat = outputs
    written = cute.make_tensor(o_flat.iterator, cute.make_layout(
        (depth, n_q, (heads, batch)), stride=(1, depth, (n_q * depth, n_q * depth * heads))))
    head_stats = cute.make_tensor(stat_flat.iterator, cute.make_layout((heads * n_q, batch)))
    lengths = cute.make_tensor(lens_flat.iterator, cute.make_layout((count,)))
    return written, head_stats, lengths


@cute.jit
def grouped_rows_host(queries: cute.Tensor, keys: cute.Tensor, values: cute.Tensor, o_flat: cute.Tensor,
                      stat_flat: cute.Tensor, lens_flat: cute.Tensor,
                      n_q: cutlass.Int32, depth: cutlass.Int32, heads: cutlass.Int32, batch: cutlass.Int32,
                      token: cutlass.Int32):
    x = cute.make_tensor(queries.iterator, cute.make_layout(
        (n_q, depth, (heads, batch)), stride=(depth, 1, (n_q * depth, n_q * depth * heads))))
    y, v = _token_major(keys, values, depth, heads, batch, token)
    written, head_stats, lengths = _unnamed_views((o_flat, stat_flat, lens_flat), n_q, depth, heads, batch, batch)
    rows_kernel(two_products.tiled_mma(), x, y, v, written, head_stats, lengths).launch(grid=(8, 1, 1),
                                                                                        block=(32, 1, 1))


@cute.jit
def sequence_rows_host(queries: cute.Tensor, keys: cute.Tensor, values: cute.Tensor, o_flat: cute.Tensor,
                       stat_flat: cute.Tensor, lens_flat: cute.Tensor,
                       n_q: cutlass.Int32, depth: cutlass.Int32, heads: cutlass.Int32, batch: cutlass.Int32):
    x = cute.make_tensor(queries.iterator, cute.make_layout(
        (n_q, depth, (heads, batch)), stride=(depth, 1, (n_q * depth, n_q * depth * heads))))
    y = cute.make_tensor(keys.iterator, cute.make_layout(
        (n_q, depth, (heads, batch)), stride=(depth, 1, (n_q * depth, n_q * depth * heads))))
    v = cute.make_tensor(values.iterator, cute.make_layout(
        (depth, n_q, (heads, batch)), stride=(1, depth, (n_q * depth, n_q * depth * heads))))
    written, head_stats, lengths = _unnamed_views((o_flat, stat_flat, lens_flat), n_q, depth, heads, batch, n_q)
    rows_kernel(two_products.tiled_mma(), x, y, v, written, head_stats, lengths).launch(grid=(8, 1, 1),
                                                                                        block=(32, 1, 1))


def _token_major(keys, values, depth, heads, batch, token):
    """Keys and values token-major: a token's row holds every KV head (heads at stride d, tokens at `token`)."""
    y = cute.make_tensor(keys.iterator, cute.make_layout(
        (_ROWS, depth, (heads, batch)), stride=(token, 1, (depth, token * _ROWS))))
    v = cute.make_tensor(values.iterator, cute.make_layout(
        (depth, _ROWS, (heads, batch)), stride=(1, token, (depth, token * _ROWS))))
    return y, v


@cute.jit
def workspace_rows_host(queries: cute.Tensor, keys: cute.Tensor, values: cute.Tensor, workspace: cute.Tensor,
                        n_q: cutlass.Int32, depth: cutlass.Int32, heads: cutlass.Int32, batch: cutlass.Int32,
                        token: cutlass.Int32):
    x = cute.make_tensor(queries.iterator, cute.make_layout(
        (n_q, depth, (heads, batch)), stride=(depth * heads, 1, (depth, n_q * depth * heads))))
    y, v = _token_major(keys, values, depth, heads, batch, token)
    ws = cute.make_tensor(workspace.iterator, cute.make_layout(
        (n_q, depth, (heads, batch)), stride=(depth, 1, (n_q * depth, n_q * depth * heads))))
    workspace_kernel(two_products.tiled_mma(), x, y, v, ws).launch(grid=(8, 1, 1), block=(32, 1, 1))


def _flat(dtype=cutlass.Float16):
    return make_fake_compact_tensor(dtype, (1 << 20,), assumed_align=16)


def _outputs():
    return _flat(), _flat(cutlass.Float32), _flat(cutlass.Int32)


def compile_grouped_rows():
    return cute.compile(grouped_rows_host, _flat(), _flat(), _flat(), *_outputs(), 16, _DEPTH, 2, 4, 2 * _DEPTH)


def compile_sequence_rows():
    return cute.compile(sequence_rows_host, _flat(), _flat(), _flat(), *_outputs(), 16, _DEPTH, 2, 4)


def compile_workspace_rows():
    return cute.compile(workspace_rows_host, _flat(), _flat(), _flat(), _flat(), 16, _DEPTH, 2, 4, 2 * _DEPTH)
