"""Compile-only kernels with no MMA whose axes only names and element-wise data flow say (issue 23).

- `StateStep`: an SSM decode step, one CTA per (head-dim tile, head, sequence): the state `(batch, heads, hdim,
  d_state)` tiled `(self.tile_d, self.d_state)` at `(bidd, 0)` of `state[bidb, bidh, None, None]`, B and C `(batch, rank,
  heads, d_state)` tiled `(self.rank, self.d_state)`; each thread's strip of the state updated element by element,
  h = decay * h + sum_r x B_r (the rank summed into the state), then y_r = sum_n h[:, n] C_r[n] by a TensorSSA product
  and reduction (the rank indexing the outputs), written per rank into `y (batch, rank, heads, hdim)`. The bound check
  is an identity tensor named `cS` (a state's coordinates: no scores tile).
- `compile_state_step_sugar`: the same kernel compiled while a library's wrapper forwards CuTe's tensor subscript
  (`_getitem`, as quack's `:` sugar installs process-wide): the subscript the kernel wrote is the one to read.
- `RowRing`: rows moved through an SMEM ring `(stages, row)` one whole row per copy of a bare 128-bit atom, views made
  by hand at `ring.iterator + state.index * ROW` (a pipeline state's slot) and at a row of global memory.
"""
# The tensor names are untyped on purpose (what made each tensor is what the tests measure), so the grammar rule is off.
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass import Float32, const_expr
from cutlass.cute.runtime import make_fake_compact_tensor, make_fake_stream

TILE_D, D_STATE, RANK, THREADS = 16, 32, 2, 4
ROW, STAGES = 8, 4


def _strip_copy(dtype) -> cute.TiledCopy:
    """4 threads across a row of D_STATE values, 8 each; a tile's rows are the partition's rest."""
    atom = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), dtype, num_bits_per_copy=8 * dtype.width)
    return cute.make_tiled_copy_tv(atom, cute.make_layout((1, THREADS)), cute.make_layout((1, 8)))


class StateStep:
    def __init__(self, tile_d: int, d_state: int, rank: int):
        self.tile_d, self.d_state, self.rank = tile_d, d_state, rank

    @cute.jit
    def __call__(self, state: cute.Tensor, b: cute.Tensor, c: cute.Tensor, x: cute.Tensor, y: cute.Tensor,
                 decay: Float32, stream):
        tiled = _strip_copy(state.element_type)
        self.kernel(state, b, c, x, y, decay, tiled).launch(
            grid=(cute.ceil_div(state.shape[2], self.tile_d), state.shape[1], state.shape[0]),
            block=(THREADS, 1, 1), stream=stream)

    @cute.kernel
    def kernel(self, state: cute.Tensor, b: cute.Tensor, c: cute.Tensor, x: cute.Tensor, y: cute.Tensor,
               decay: Float32, tiled: cute.TiledCopy):
        tidx, _, _ = cute.arch.thread_idx()
        bidd, bidh, bidb = cute.arch.block_idx()
        g_state = cute.local_tile(state[bidb, bidh, None, None], (self.tile_d, self.d_state), (bidd, 0))
        g_b = cute.local_tile(b[bidb, None, bidh, None], (self.rank, self.d_state), (0, 0))
        g_c = cute.local_tile(c[bidb, None, bidh, None], (self.rank, self.d_state), (0, 0))
        g_x = cute.local_tile(x[bidb, bidh, None], (self.tile_d,), (bidd,))
        thr = tiled.get_slice(tidx)
        t_state = thr.partition_S(g_state)
        t_b = thr.partition_S(g_b)
        t_c = cute.make_tensor(thr.partition_S(g_c).iterator, cute.select(thr.partition_S(g_c).layout, [0, 2, 1]))
        cS = cute.make_identity_tensor((self.tile_d, self.d_state))
        t_cS = thr.partition_S(cS)
        r_state = cute.make_rmem_tensor_like(t_state)
        r_b = cute.make_rmem_tensor_like(t_b)
        r_c = cute.make_rmem_tensor_like(t_c)
        if t_cS[0][0] < state.shape[2]:
            cute.autovec_copy(t_state, r_state)
        cute.autovec_copy(t_b, r_b)
        cute.autovec_copy(t_c, r_c)
        update = cute.make_rmem_tensor((8, self.tile_d), Float32)
        for r in cutlass.range_constexpr(self.rank):
            for d in cutlass.range(self.tile_d, unroll_full=True):
                x_val = Float32(g_x[d])
                for v in cutlass.range(8, unroll_full=True):
                    if const_expr(r == 0):
                        update[v, d] = x_val * r_b[v, r, 0]
                    else:
                        update[v, d] += x_val * r_b[v, r, 0]
        for i in cutlass.range(cute.size(r_state), unroll_full=True):
            r_state[i] = r_state[i] * decay + update[i]
        cute.autovec_copy(r_state, t_state)
        out = cute.make_rmem_tensor((self.tile_d, self.rank), Float32)
        out.store((r_state.load() * r_c.load()).reduce(cute.ReductionOp.ADD, init_val=0.0,
                                                        reduction_profile=(0, None, None)))
        for r in cutlass.range_constexpr(self.rank):
            g_y = cute.local_tile(y[bidb, r, bidh, None], (self.tile_d,), (bidd,))
            for d in cutlass.range(self.tile_d, unroll_full=True):
                g_y[d] = out[d, r]


def _step_tensors():
    batch, heads = cute.sym_int(), cute.sym_int()

    def fake(*shape):
        return make_fake_compact_tensor(Float32, shape, stride_order=tuple(reversed(range(len(shape)))),
                                        assumed_align=16)

    return (fake(batch, heads, 64, D_STATE), fake(batch, RANK, heads, D_STATE), fake(batch, RANK, heads, D_STATE),
            fake(batch, heads, 64), fake(batch, RANK, heads, 64))


def compile_state_step():
    return cute.compile(StateStep(TILE_D, D_STATE, RANK), *_step_tensors(), Float32(0.5), make_fake_stream())


def compile_state_step_sugar():
    """The same compile while a library's forwarding wrapper stands in for CuTe's tensor subscript."""
    from cutlass.cute import tensor as _tensor

    original = _tensor._Tensor.__getitem__

    def _getitem(self, idx, *, loc=None, ip=None):
        return original(self, idx, loc=loc, ip=ip)

    _tensor._Tensor.__getitem__ = _getitem
    try:
        return compile_state_step()
    finally:
        _tensor._Tensor.__getitem__ = original


class RowRing:
    @cute.jit
    def __call__(self, src: cute.Tensor, dst: cute.Tensor, stream):
        self.kernel(src, dst).launch(grid=(src.shape[0], 1, 1), block=(32, 1, 1), stream=stream)

    @cute.kernel
    def kernel(self, src: cute.Tensor, dst: cute.Tensor):
        bidx, _, _ = cute.arch.block_idx()

        @cute.struct
        class Storage:
            ring: cute.struct.Align[cute.struct.MemRange[src.element_type, STAGES * ROW], 128]

        storage = cutlass.utils.SmemAllocator().allocate(Storage)
        ring = storage.ring.get_tensor(cute.make_layout((STAGES, ROW), stride=(ROW, 1)))
        atom = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), src.element_type, num_bits_per_copy=128)
        row_layout = cute.make_layout(ROW)
        slot = cutlass.pipeline.PipelineState(STAGES, bidx, bidx % STAGES, cutlass.Int32(0))  # a run-time slot
        s_dst = cute.make_tensor(ring.iterator + cute.assume(slot.index * ROW, divby=ROW), row_layout)
        g_src = cute.make_tensor(src.iterator + cute.assume(bidx * ROW, divby=ROW), row_layout)
        cute.copy(atom, g_src, s_dst)
        s_src = cute.make_tensor(ring.iterator + cute.assume(slot.index * ROW, divby=ROW), row_layout)
        g_dst = cute.make_tensor(dst.iterator + cute.assume(bidx * ROW, divby=ROW), row_layout)
        cute.copy(atom, s_src, g_dst)


def compile_row_ring():
    rows = cute.sym_int()
    src = make_fake_compact_tensor(cutlass.BFloat16, (rows, ROW), stride_order=(1, 0), assumed_align=16)
    dst = make_fake_compact_tensor(cutlass.BFloat16, (rows, ROW), stride_order=(1, 0), assumed_align=16)
    return cute.compile(RowRing(), src, dst, make_fake_stream())
