"""Compile-only kernels with no MMA over attention tensors whose rows the host packs (issue 23: where no data flow
names an axis, a kernel's names say attention, and then only the head dim is a column the set names).

- `MergeRows` (built for a head dim, `__init__(self, head_dim)`, which only derives its copy layout): a merge of two
  partial outputs `(rows, D)`, one row per group of threads: `local_tile(out, (1, D), (row, 0))[0, None]`, the row
  computed from the thread index, then partitioned by a TiledCopy among the row's threads. `MergeHidden` is the same
  kernel built for `hidden`: a norm-like (rows, columns) kernel; `MergeAcrossHeads` is built for a head dim that
  the kernel reads itself (`self.head_dim`): its rows span several heads. `MergePerHead` is `MergeHidden` whose
  kernel takes a head count (`num_heads: Int32`): attention again.
- `RowsOfHeads` (built for a head dim): a quantizer of a `(rank, token, head, D)` tensor whose rows its indices pick
  by names that say no dimension (`x[p_id, s_id, n_id, None]`), partitioned by a TiledCopy.
- `ChannelGroups`: a causal window by hand: `zipped_divide(x, (1, 2))` picked per thread (`[((0, None), (t,
  group))]`, the group from the thread index) and loaded into a register window column by column, the output's
  groups only stored into (a zero fill's registers too); and an SMEM ring `(tokens, channels, stages)` cut by
  `zipped_divide(sX, (1, 2, 1))`.
- `ChannelTaps`: a thread's (channels, taps) tile of a weight `local_tile(weight, (2, 4), (channel_group, 0))`, whose
  channel index's name makes the tiler's first position the columns.
- `TokenGate`: a per-token gate `gate[batch, token, head, None]` that scales `q[batch, token, head, None]` in place.
"""
# The tensor names are untyped on purpose (what made each tensor is what the tests measure), so the grammar rule is off.
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor, make_fake_stream

COPY_BITS, CTA_THREADS, D = 128, 128, 64


def _copy_layout(extent: int) -> tuple:
    """(values per thread, threads per row) of a row of `extent` bf16 values moved by 128-bit copies."""
    values = COPY_BITS // 16
    return values, extent // values


@cute.jit
def _merge_rows(out: cute.Tensor, a: cute.Tensor, b: cute.Tensor, tiled: cute.TiledCopy, row_threads: int):
    """The mean of rows of `a` and `b` into `out`, one row per `row_threads` threads."""
    tidx, _, _ = cute.arch.thread_idx()
    bidx, _, _ = cute.arch.block_idx()
    row = bidx * (CTA_THREADS // row_threads) + tidx // row_threads
    thr = tiled.get_slice(tidx % row_threads)
    if row < out.shape[0]:
        g_out = cute.local_tile(out, tiler=(1, out.shape[1]), coord=(row, 0))[0, None]
        g_a = cute.local_tile(a, tiler=(1, a.shape[1]), coord=(row, 0))[0, None]
        g_b = cute.local_tile(b, tiler=(1, b.shape[1]), coord=(row, 0))[0, None]
        t_out = thr.partition_S(g_out)
        t_a = thr.partition_S(g_a)
        t_b = thr.partition_S(g_b)
        r_a = cute.make_fragment_like(t_a)
        r_b = cute.make_fragment_like(t_b)
        r_out = cute.make_fragment_like(t_out)
        cute.autovec_copy(t_a, r_a)
        cute.autovec_copy(t_b, r_b)
        r_out.store(((r_a.load().to(cutlass.Float32) + r_b.load().to(cutlass.Float32)) * 0.5).to(cutlass.BFloat16))
        cute.autovec_copy(r_out, t_out)


class _RowMerge:
    @cute.jit
    def __call__(self, out: cute.Tensor, a: cute.Tensor, b: cute.Tensor, stream):
        atom = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), out.element_type, num_bits_per_copy=COPY_BITS)
        tiled = cute.make_tiled_copy_tv(atom, cute.make_layout(self.row_threads), cute.make_layout(self.values))
        rows_per_cta = CTA_THREADS // self.row_threads
        self.kernel(out, a, b, tiled).launch(grid=(cute.ceil_div(out.shape[0], rows_per_cta), 1, 1),
                                             block=(CTA_THREADS, 1, 1), stream=stream)


class MergeRows(_RowMerge):
    def __init__(self, head_dim: int):
        self.values, self.row_threads = _copy_layout(head_dim)

    @cute.kernel
    def kernel(self, out: cute.Tensor, a: cute.Tensor, b: cute.Tensor, tiled: cute.TiledCopy):
        _merge_rows(out, a, b, tiled, self.row_threads)


class MergeHidden(_RowMerge):
    def __init__(self, hidden: int):
        self.values, self.row_threads = _copy_layout(hidden)

    @cute.kernel
    def kernel(self, out: cute.Tensor, a: cute.Tensor, b: cute.Tensor, tiled: cute.TiledCopy):
        _merge_rows(out, a, b, tiled, self.row_threads)


class MergeAcrossHeads(_RowMerge):
    """Rows of 4 heads (a norm across heads): the kernel reads its head dim itself, for the first head's columns."""

    def __init__(self, head_dim: int):
        self.head_dim = head_dim
        self.values, self.row_threads = _copy_layout(4 * head_dim)

    @cute.kernel
    def kernel(self, out: cute.Tensor, a: cute.Tensor, b: cute.Tensor, tiled: cute.TiledCopy):
        if cutlass.const_expr(self.head_dim * 4 == out.shape[1]):
            _merge_rows(out, a, b, tiled, self.row_threads)


class MergePerHead(_RowMerge):
    """`MergeHidden`'s kernel launched with a head count (`num_heads`) it takes as a parameter, as a kernel indexing flat
    (batch, head) rows by hand does."""

    def __init__(self, hidden: int):
        self.values, self.row_threads = _copy_layout(hidden)

    @cute.jit
    def __call__(self, out: cute.Tensor, a: cute.Tensor, b: cute.Tensor, stream):
        atom = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), out.element_type, num_bits_per_copy=COPY_BITS)
        tiled = cute.make_tiled_copy_tv(atom, cute.make_layout(self.row_threads), cute.make_layout(self.values))
        rows_per_cta = CTA_THREADS // self.row_threads
        self.kernel(out, a, b, tiled, cutlass.Int32(8)).launch(
            grid=(cute.ceil_div(out.shape[0], rows_per_cta), 1, 1), block=(CTA_THREADS, 1, 1), stream=stream)

    @cute.kernel
    def kernel(self, out: cute.Tensor, a: cute.Tensor, b: cute.Tensor, tiled: cute.TiledCopy, num_heads: cutlass.Int32):
        if num_heads > 0:
            _merge_rows(out, a, b, tiled, self.row_threads)


class RowsOfHeads:
    def __init__(self, head_size: int):
        self.values, self.row_threads = _copy_layout(head_size)

    @cute.jit
    def __call__(self, x: cute.Tensor, out: cute.Tensor, stream):
        atom = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), x.element_type, num_bits_per_copy=COPY_BITS)
        tiled = cute.make_tiled_copy_tv(atom, cute.make_layout(self.row_threads), cute.make_layout(self.values))
        self.kernel(x, out, tiled).launch(grid=(x.shape[1], x.shape[0], 1), block=(x.shape[2] * self.row_threads, 1, 1),
                                          stream=stream)

    @cute.kernel
    def kernel(self, x: cute.Tensor, out: cute.Tensor, tiled: cute.TiledCopy):
        tidx, _, _ = cute.arch.thread_idx()
        s_id, p_id, _ = cute.arch.block_idx()
        n_id = tidx // self.row_threads
        thr = tiled.get_slice(tidx % self.row_threads)
        t_x = thr.partition_S(x[p_id, s_id, n_id, None])
        t_out = thr.partition_D(out[p_id, s_id, n_id, None])
        r_x = cute.make_fragment_like(t_x)
        cute.autovec_copy(t_x, r_x)
        r_out = cute.make_fragment_like(t_out)
        r_out.store((r_x.load().to(cutlass.Float32) * 2.0).to(cutlass.BFloat16))
        cute.autovec_copy(r_out, t_out)


class ChannelGroups:
    """Each thread 2 adjacent channels of a (tokens, channels) sequence, a 3-token causal window by hand."""

    @cute.jit
    def __call__(self, x: cute.Tensor, out: cute.Tensor, stream):
        self.kernel(x, out).launch(grid=(x.shape[0], 1, 1), block=(x.shape[1] // 2, 1, 1), stream=stream)

    @cute.kernel
    def kernel(self, x: cute.Tensor, out: cute.Tensor):
        tidx, _, _ = cute.arch.thread_idx()
        time, _, _ = cute.arch.block_idx()
        x_groups = cute.zipped_divide(x, (1, 2))
        out_groups = cute.zipped_divide(out, (1, 2))
        window = cute.make_rmem_tensor((2, 3), cutlass.BFloat16)
        window.fill(0.0)
        for step in cutlass.range_constexpr(3):
            if time + step >= 2:
                window[(None, step)].store(x_groups[((0, None), (time + step - 2, tidx))].load())
        if time > 0:
            total = window[(None, 0)].load().to(cutlass.Float32) + window[(None, 1)].load().to(cutlass.Float32) \
                + window[(None, 2)].load().to(cutlass.Float32)
            out_groups[((0, None), (time, tidx))].store(total.to(cutlass.BFloat16))
        else:
            padding = cute.make_rmem_tensor((2,), cutlass.BFloat16)
            padding.fill(0.0)
            out_groups[((0, None), (time, tidx))].store(padding.load())


class StagedGroups:
    """An SMEM ring of (tokens, channels, stages) filled by a copy, read by each thread's 2-channel chunk."""

    @cute.jit
    def __call__(self, x: cute.Tensor, out: cute.Tensor, stream):
        self.kernel(x, out).launch(grid=(1, 1, 1), block=(32, 1, 1), stream=stream)

    @cute.kernel
    def kernel(self, x: cute.Tensor, out: cute.Tensor):
        tidx, _, _ = cute.arch.thread_idx()
        smem = cutlass.utils.SmemAllocator()
        ring = smem.allocate_tensor(cutlass.BFloat16, cute.make_layout((4, 64, 2), stride=(64, 1, 256)), 16)
        for stage in cutlass.range_constexpr(2):
            for token in cutlass.range_constexpr(4):
                ring[token, tidx * 2, stage] = x[stage * 4 + token, tidx * 2]
                ring[token, tidx * 2 + 1, stage] = x[stage * 4 + token, tidx * 2 + 1]
        cute.arch.sync_threads()
        ring_groups = cute.zipped_divide(ring, (1, 2, 1))
        acc = cute.make_rmem_tensor((2,), cutlass.Float32)
        acc.fill(0.0)
        for stage in cutlass.range_constexpr(2):
            for token in cutlass.range_constexpr(4):
                acc.store(acc.load() + ring_groups[((0, None, 0), (token, tidx, stage))].load().to(cutlass.Float32))
        out[0, tidx * 2] = acc[0].to(cutlass.BFloat16)
        out[0, tidx * 2 + 1] = acc[1].to(cutlass.BFloat16)


class ChannelTaps:
    """Each thread the 4 filter taps of its 2 channels: `local_tile(weight, (2, 4), (channel_group, 0))`."""

    @cute.jit
    def __call__(self, weight: cute.Tensor, out: cute.Tensor, stream):
        self.kernel(weight, out).launch(grid=(weight.shape[0] // 64, 1, 1), block=(32, 1, 1), stream=stream)

    @cute.kernel
    def kernel(self, weight: cute.Tensor, out: cute.Tensor):
        tidx, _, _ = cute.arch.thread_idx()
        bidx, _, _ = cute.arch.block_idx()
        channel_group = bidx * 32 + tidx
        weight_tile = cute.local_tile(weight, (2, 4), (channel_group, 0))
        taps = cute.make_rmem_tensor((2, 4), cutlass.Float32)
        taps.store(weight_tile.load().to(cutlass.Float32))
        sums = taps.load().reduce(cute.ReductionOp.ADD, cutlass.Float32(0.0), reduction_profile=(None, 1))
        channel = channel_group * 2
        lead = weight[channel, 0].to(cutlass.Float32)
        out[channel, 0] = (sums[0] - lead).to(cutlass.BFloat16)
        out[channel + 1, 0] = sums[1].to(cutlass.BFloat16)


class TokenGate:
    """A per-token gate applied to the queries: `gate[batch, token, head, None]` and `q[batch, token, head, None]`, each
    thread 8 channels of one (batch, token, head) row."""

    @cute.jit
    def __call__(self, gate: cute.Tensor, q: cute.Tensor, stream):
        self.kernel(gate, q).launch(grid=(gate.shape[1], gate.shape[2], gate.shape[0]), block=(gate.shape[3] // 8, 1, 1),
                                    stream=stream)

    @cute.kernel
    def kernel(self, gate: cute.Tensor, q: cute.Tensor):
        channel_group, _, _ = cute.arch.thread_idx()
        token, head, batch = cute.arch.block_idx()
        gate_vector = cute.local_tile(gate[batch, token, head, None], (8,), (channel_group,))
        q_vector = cute.local_tile(q[batch, token, head, None], (8,), (channel_group,))
        q_vector.store((q_vector.load().to(cutlass.Float32) * gate_vector.load().to(cutlass.Float32)).to(cutlass.BFloat16))


def _rows(columns: int):
    return make_fake_compact_tensor(cutlass.BFloat16, (cute.sym_int(), columns), stride_order=(1, 0), assumed_align=16)


def compile_merge_rows():
    return cute.compile(MergeRows(D), _rows(D), _rows(D), _rows(D), make_fake_stream())


def compile_merge_hidden():
    return cute.compile(MergeHidden(D), _rows(D), _rows(D), _rows(D), make_fake_stream())


def compile_merge_across_heads():
    return cute.compile(MergeAcrossHeads(D // 4), _rows(D), _rows(D), _rows(D), make_fake_stream())


def compile_merge_per_head():
    return cute.compile(MergePerHead(D), _rows(D), _rows(D), _rows(D), make_fake_stream())


def compile_rows_of_heads():
    shape = (2, cute.sym_int(), 8, D)
    x = make_fake_compact_tensor(cutlass.BFloat16, shape, stride_order=(3, 2, 1, 0), assumed_align=16)
    out = make_fake_compact_tensor(cutlass.BFloat16, shape, stride_order=(3, 2, 1, 0), assumed_align=16)
    return cute.compile(RowsOfHeads(D), x, out, make_fake_stream())


def compile_channel_groups():
    return cute.compile(ChannelGroups(), _rows(256), _rows(256), make_fake_stream())


def compile_staged_groups():
    return cute.compile(StagedGroups(), _rows(64), _rows(64), make_fake_stream())


def compile_channel_taps():
    return cute.compile(ChannelTaps(), _rows(4), _rows(1), make_fake_stream())


def compile_token_gate():
    shape = (2, cute.sym_int(), 8, D)
    gate = make_fake_compact_tensor(cutlass.BFloat16, shape, stride_order=(3, 2, 1, 0), assumed_align=16)
    q = make_fake_compact_tensor(cutlass.BFloat16, shape, stride_order=(3, 2, 1, 0), assumed_align=16)
    return cute.compile(TokenGate(), gate, q, make_fake_stream())
