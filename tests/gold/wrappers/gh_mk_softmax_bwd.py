"""minoya1220/cute-kernels' row softmax backward (softmax/softmax_bwd.py, `softmax_bwd_kernel`), no MMA:
dX = Y * (dY - sum(Y * dY)) per row. The forward's tiling (a universal-copy TiledCopy over a (threads_per_row x
rows_per_block, vec_size x n_iters) TV layout, predicates from an identity tensor), Y and dY copied into registers,
the row's dot product reduced by butterfly shuffles and one (num_warps,) SMEM buffer, and dX written element by
element through the write-out partition.

Configured as `softmax_bwd_builder(Y, dY)` compiles it for the author's test shape (`evaluate.py`: 63 rows; here
4096 columns): bdim 256, vec_size 8 (128-bit copies), n_iters 2, threads_per_row 256, rows_per_block 1; the
builder's own `cute.compile(softmax_bwd_launcher, mY, mdY, mdX)` (static layouts, 16-byte alignment). float16 in
bfloat16's place and numpy arrays in the torch tensors' place (`_mk_softmax`'s shim).
"""

from _mk_softmax import SOURCE, module, rows  # noqa: F401  (SOURCE pins the tree)

ARCH = "sm_80"


def compile_only():
    return module("softmax_bwd").softmax_bwd_builder(rows(63, 4096), rows(63, 4096))
