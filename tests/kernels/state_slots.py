"""Compile-only kernels (sm_80): a recurrent state kept per sequence, read by one product and nothing after it.

O = S X^T by one m16n8k16 TiledMma: S is one sequence's (16 x 16) state, a whole matrix of a state pool (rows,
columns, slots) whose slot the CTA reads out of a one-mode table at its block index (`slot = slots[seq]`); X holds
16 tokens' 16 features. A page table hands a sequence many pages (read at a lane's or a loop's index); this table
hands each CTA one slot. The second kernel fills X's rows by hand from two token tensors (rows 0-7 from one,
8-15 from the other), each value scaled by a norm computed from the same registers (`x * rsqrt(sum(x * x))`).
Names carry no axis letters: the labels must come from the data flow.
"""
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor

import two_products

_DIM = 16  # the state's rows and columns, and the tokens' features
_TOKENS = 16
_SLOTS = 64
_SEQUENCES = 8


@cute.kernel
def state_read_kernel(tiled_mma: cute.TiledMma, pool: cute.Tensor, slots: cute.Tensor, xs: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    seq, _, _ = cute.arch.block_idx()
    slot = slots[seq]
    matrix = cute.local_tile(pool[None, None, slot], (_DIM, _DIM), (0, 0))
    rows = cute.local_tile(xs[None, None, seq], (_TOKENS, _DIM), (0, 0))
    s_m, s_r, _ = two_products.smem_tiles(_DIM, _DIM)
    cute.autovec_copy(matrix, s_m)
    cute.autovec_copy(rows, s_r)
    cute.arch.sync_threads()
    thr = tiled_mma.get_slice(tidx)
    result = two_products.scores_of(thr, tiled_mma, s_m, s_r, _DIM)
    cute.printf("{}", result[0])


@cute.kernel
def state_read_two_kernel(tiled_mma: cute.TiledMma, pool: cute.Tensor, slots: cute.Tensor, xs: cute.Tensor,
                          ys: cute.Tensor):
    tidx, _, _ = cute.arch.thread_idx()
    seq, _, _ = cute.arch.block_idx()
    slot = slots[seq]
    matrix = cute.local_tile(pool[None, None, slot], (_DIM, _DIM), (0, 0))
    s_m, s_r, _ = two_products.smem_tiles(_DIM, _DIM)
    cute.autovec_copy(matrix, s_m)
    half = _TOKENS // 2
    token = tidx % half
    x_reg = cute.make_rmem_tensor(cute.make_layout((_DIM,)), cutlass.Float32)
    y_reg = cute.make_rmem_tensor(cute.make_layout((_DIM,)), cutlass.Float32)
    x_sum = cutlass.Float32(0.0)
    y_sum = cutlass.Float32(0.0)
    for c in cutlass.range_constexpr(_DIM):
        x_reg[c] = cutlass.Float32(xs[token, c, seq])
        y_reg[c] = cutlass.Float32(ys[token, c, seq])
        x_sum = x_sum + x_reg[c] * x_reg[c]
        y_sum = y_sum + y_reg[c] * y_reg[c]
    x_norm = cute.rsqrt(x_sum + 1e-6)
    y_norm = cute.rsqrt(y_sum + 1e-6)
    for c in cutlass.range_constexpr(_DIM):
        s_r[token, c] = (x_reg[c] * x_norm).to(cutlass.Float16)
        s_r[half + token, c] = (y_reg[c] * y_norm).to(cutlass.Float16)
    cute.arch.sync_threads()
    thr = tiled_mma.get_slice(tidx)
    result = two_products.scores_of(thr, tiled_mma, s_m, s_r, _DIM)
    cute.printf("{}", result[0])


@cute.jit
def state_read_host(pool: cute.Tensor, slots: cute.Tensor, xs: cute.Tensor):
    state_read_kernel(two_products.tiled_mma(), pool, slots, xs).launch(grid=(_SEQUENCES, 1, 1), block=(32, 1, 1))


@cute.jit
def state_read_two_host(pool: cute.Tensor, slots: cute.Tensor, xs: cute.Tensor, ys: cute.Tensor):
    state_read_two_kernel(two_products.tiled_mma(), pool, slots, xs, ys).launch(grid=(_SEQUENCES, 1, 1),
                                                                               block=(32, 1, 1))


def _tensors():
    pool = make_fake_compact_tensor(cutlass.Float16, (_DIM, _DIM, _SLOTS), stride_order=(1, 0, 2), assumed_align=16)
    slots = make_fake_compact_tensor(cutlass.Int32, (_SEQUENCES,), stride_order=(0,))
    xs = make_fake_compact_tensor(cutlass.Float16, (_TOKENS, _DIM, _SEQUENCES), stride_order=(1, 0, 2),
                                  assumed_align=16)
    return pool, slots, xs


def compile_state_read():
    return cute.compile(state_read_host, *_tensors())


def compile_state_read_two():
    pool, slots, xs = _tensors()
    ys = make_fake_compact_tensor(cutlass.Float16, (_TOKENS, _DIM, _SEQUENCES), stride_order=(1, 0, 2),
                                  assumed_align=16)
    return cute.compile(state_read_two_host, pool, slots, xs, ys)
