"""Compile-only kernels with no MMA whose global views are laid out by hand over a tensor's iterator (issue 23).

- `RelaidNorm`: a row scale-and-normalise, one CTA per (row, column part), 128 threads; every global view is
  `make_tensor(mX.iterator, layout)` with a layout of its own that splits the row's COLS columns into a thread's
  vector, the threads, a size-1 chunk count and the column parts, (VEC, THREADS, 1, PARTS, rows):(1, VEC, VEC *
  THREADS, VEC * THREADS, COLS), sliced at (thread, part, row); the weight (COLS,) the same without rows. The row's sum of
  squares crosses the warps through an SMEM buffer `partials[warp] = warp_sum`, read back whole into registers and
  in two halves by views at `partials.iterator + 2`.
- `relaid_on_host`: a host function that re-lays a state `(slots, 64, 32):(?, 32, 1)` as (4, 8, 16, 4, slots) with
  the slot's run-time stride (`state.stride[0]`) and number strides that split its two dims, as kernels hand their
  launch a view of their own.
"""
# The tensor names are untyped on purpose (what made each tensor is what the tests measure), so the grammar rule is off.
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass import Float32
from cutlass.cute.runtime import make_fake_compact_tensor, make_fake_stream

COLS, VEC, THREADS, PARTS = 1024, 4, 128, 2
WARPS = THREADS // 32


class RelaidNorm:
    @cute.jit
    def __call__(self, mX: cute.Tensor, mW: cute.Tensor, mOut: cute.Tensor, stream):
        self.kernel(mX, mW, mOut).launch(grid=(mX.shape[0], PARTS, 1), block=(THREADS, 1, 1), stream=stream)

    @cute.kernel
    def kernel(self, mX: cute.Tensor, mW: cute.Tensor, mOut: cute.Tensor):
        tidx, _, _ = cute.arch.thread_idx()
        row, part, _ = cute.arch.block_idx()
        rows = cute.size(mX, mode=[0])
        per_part = VEC * THREADS
        lay = cute.make_layout((VEC, THREADS, 1, PARTS, rows), stride=(1, VEC, per_part, per_part, COLS))
        lay_w = cute.make_layout((VEC, THREADS, 1, PARTS), stride=(1, VEC, per_part, per_part))
        gX = cute.make_tensor(mX.iterator, lay)[(None, tidx, None, part, row)]
        rX = cute.make_fragment_like(gX)
        cute.autovec_copy(gX, rX)
        gW = cute.make_tensor(mW.iterator, lay_w)[(None, tidx, None, part)]
        rW = cute.make_fragment_like(gW)
        cute.autovec_copy(gW, rW)
        x = rX.load().to(Float32)
        square = cute.make_fragment_like(rX, Float32)
        square.store(x * x)
        total = Float32(0.0)
        for i in cutlass.range_constexpr(VEC):
            total = total + square[i]
        warp_sum = cute.arch.warp_reduction_sum(total)
        smem = cutlass.utils.SmemAllocator()
        partials = smem.allocate_tensor(Float32, cute.make_layout(WARPS), byte_alignment=16)
        if tidx % 32 == 0:
            partials[tidx // 32] = warp_sum
        cute.arch.sync_threads()
        r_all = cute.make_fragment_like(partials)
        cute.autovec_copy(partials, r_all)
        low = cute.make_tensor(partials.iterator, cute.make_layout(2))
        high = cute.make_tensor(partials.iterator + 2, cute.make_layout(2))
        r_low = cute.make_fragment_like(low)
        r_high = cute.make_fragment_like(high)
        cute.autovec_copy(low, r_low)
        cute.autovec_copy(high, r_high)
        inv = cute.math.rsqrt((r_low[0] + r_low[1]) + (r_high[0] + r_high[1]) + r_all[0] * Float32(0.0))
        gO = cute.make_tensor(mOut.iterator, lay)[(None, tidx, None, part, row)]
        rO = cute.make_fragment_like(gO)
        rO.store((x * rW.load().to(Float32) * inv).to(rO.element_type))
        cute.autovec_copy(rO, gO)


def compile_relaid_norm():
    rows = cute.sym_int()
    x = make_fake_compact_tensor(cutlass.BFloat16, (rows, COLS), stride_order=(1, 0), assumed_align=16)
    w = make_fake_compact_tensor(cutlass.BFloat16, (COLS,), assumed_align=16)
    out = make_fake_compact_tensor(cutlass.BFloat16, (rows, COLS), stride_order=(1, 0), assumed_align=16)
    return cute.compile(RelaidNorm(), x, w, out, make_fake_stream())


@cute.kernel
def _scale_state(state: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    slot, _, _ = cute.arch.block_idx()
    piece = state[(None, tidx % 8, None, None, slot)]
    piece[0] = piece[0] * Float32(0.5)


@cute.jit
def _relaid_on_host(state: cute.Tensor, stream):
    slots = state.shape[0]
    relaid = cute.make_tensor(state.iterator, cute.make_layout((4, 8, 16, 4, slots),
                                                               stride=(1, 4, 32, 512, state.stride[0])))
    _scale_state(relaid).launch(grid=(slots, 1, 1), block=(32, 1, 1), stream=stream)


def compile_relaid_on_host():
    slots = cute.sym_int()
    state = make_fake_compact_tensor(Float32, (slots, 64, 32), stride_order=(2, 1, 0), assumed_align=16)
    return cute.compile(_relaid_on_host, state, make_fake_stream())
