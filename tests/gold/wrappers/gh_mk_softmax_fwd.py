"""minoya1220/cute-kernels' row softmax forward (softmax/softmax_fwd.py, `softmax_fwd_kernel`), no MMA, no SMEM
tiles: a universal-copy TiledCopy over a (threads_per_row x rows_per_block, vec_size x n_iters) TV layout tiles the
rows; each thread copies its vectors of one row into registers (predicated on an identity tensor's last element of
each vector, the tail filled with -inf), reduces max and the rescaled exp-sum in registers, across the row's lanes by
butterfly shuffles and across the row's warps through two (num_warps,) SMEM buffers, and writes exp(x - max) / sum
back by the same copy.

Configured as `softmax_fwd_builder(X)` compiles it for the author's test shape (`evaluate.py`: 63 rows; here 4096
columns): bdim 1024, vec_size 8 (128-bit copies), n_iters 1, threads_per_row 512, rows_per_block 2; the builder's
own `cute.compile(softmax_fwd_launcher, mX, mY)` (static layouts, 16-byte alignment). float16 in bfloat16's place and
numpy arrays in the torch tensors' place (`_mk_softmax`'s shim). The builder prints the compiled kernel's PTX
after compiling; under the tracer's dry run `cute.compile` returns None (the kernel already traced), so that one
AttributeError is let pass.
"""

from _mk_softmax import SOURCE, module, rows  # noqa: F401  (SOURCE pins the tree)

ARCH = "sm_80"


def compile_only():
    try:
        return module("softmax_fwd").softmax_fwd_builder(rows(63, 4096))
    except AttributeError as error:
        if "__ptx__" not in str(error):
            raise
        return None
