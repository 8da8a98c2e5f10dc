"""A compile-only SSM decode copy with no MMA, its tiles' sizes named in the SSM's own letters: the state `(batch, heads,
P, D)` tiled `(self.tile_p, self.d_size)` at `(bidp, 0)` of `state[bidb, bidh, None, None]` (P the head dim, as Mamba
names it; `d_size` the state dim's extent, a count word beside the letter) and copied into SMEM; a host view of the
output laid out `(batch, self.heads if self.fused else 1, 1)`, a mode collapsed to 1 unless fused."""
# The tensor names are untyped on purpose (what made each tensor is what the tests measure), so the grammar rule is off.
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor

BATCH, HEADS, P, D, TILE_P, THREADS = 2, 4, 64, 32, 16, 32


class StateTileSizes:
    def __init__(self, tile_p: int, d_size: int, heads: int, fused: bool):
        self.tile_p, self.d_size, self.heads, self.fused = tile_p, d_size, heads, fused

    @cute.jit
    def __call__(self, state: cute.Tensor, out: cute.Tensor):
        atom = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), state.element_type)
        tiled = cute.make_tiled_copy_tv(atom, cute.make_layout((1, THREADS)), cute.make_layout((1, 1)))
        batch = cute.size(state, mode=[0])
        view = cute.make_tensor(out.iterator, cute.make_layout((batch, self.heads if self.fused else 1, 1),
                                                               stride=(1, 1, 1)))
        self.kernel(state, view, tiled).launch(grid=(P // self.tile_p, self.heads, BATCH), block=(THREADS, 1, 1))

    @cute.kernel
    def kernel(self, state: cute.Tensor, view: cute.Tensor, tiled: cute.TiledCopy):
        tidx, _, _ = cute.arch.thread_idx()
        bidp, bidh, bidb = cute.arch.block_idx()
        g_state = cute.local_tile(state[bidb, bidh, None, None], (self.tile_p, self.d_size), (bidp, 0))
        s_state = cutlass.utils.SmemAllocator().allocate_tensor(
            state.element_type, cute.make_layout((self.tile_p, self.d_size)), byte_alignment=16)
        thr = tiled.get_slice(tidx)
        cute.copy(tiled, thr.partition_S(g_state), thr.partition_D(s_state))
        if tidx == 0:
            view[bidb, 0, 0] = s_state[0, 0]


def compile_state_tile_sizes():
    state = make_fake_compact_tensor(cutlass.Float32, (BATCH, HEADS, P, D), stride_order=(3, 2, 1, 0), assumed_align=16)
    out = make_fake_compact_tensor(cutlass.Float32, (BATCH,), assumed_align=16)
    return cute.compile(StateTileSizes(TILE_P, D, HEADS, False), state, out)
