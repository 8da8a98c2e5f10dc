"""A compile-only decode step on Hopper (sm_90a) whose weights reach the second product by hand, not through a
copy or a store the trace can follow as one (fold-attention's int8 decode kernel does this):

    keys <- cache    64 whole rows of the key cache (`cache`: a view of the input at the row group's offset) copied into
                    the `keys` tile by one bulk copy between the two pointers (`cp_async_bulk_shared_cluster_global`)
    S^T = K Q^T      wgmma, M = 64 keys, N = 8 query rows, K = 64 channels (`keys` in A, `rows` in B)
    P  = exp2(S^T)  read element by element out of the accumulator, packed, written into the flat buffer `wts`
                    by `stmatrix` through a pointer into it
    O^T = V^T P^T    wgmma per block of 64 channels, M = 64 channels, N = the 8 query rows, K = the 64 keys: A a
                    (channels, keys) view laid in the flat buffer `vals` at the block's address (`make_ptr(
                    vals.iterator.toint() + j * 8192)`), B a (rows, keys) view at `wts`'s

Nothing but the stored values says the first product's accumulator is the second's B, and nothing but the extents
(the second contracts 64, the first's rows are 64, its columns 8) says the first's rows are the keys."""
# The names here are meant not to follow the convention (the axes must come from the data flow):
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
import cutlass.utils as utils
import cutlass.utils.hopper_helpers as sm90
from cutlass.cute.nvgpu.common import OperandMajorMode
from cutlass.cute.runtime import make_fake_compact_tensor
from cutlass.experimental.primitives.nvvm_wrapper import MMALayout, cp_async_bulk_shared_cluster_global, stmatrix

BF16, F32 = cutlass.BFloat16, cutlass.Float32
KEYS, ROWS, DIM = 64, 8, 128
CACHED = 4096  # the key cache's rows per row group
BLOCK = 64  # the channels of one block of V^T, one product each


def _at(address, layout):
    """A swizzled (rows, 64) SMEM tile at a 32-bit shared address, as a wgmma operand."""
    pointer = cute.make_ptr(BF16, cutlass.Int64(address), cute.AddressSpace.smem, assumed_align=1024)
    return cute.make_tensor(cute.recast_ptr(pointer, cute.make_swizzle(3, 4, 3), BF16), layout)


@cute.kernel
def weights_kernel(first: cute.TiledMma, second: cute.TiledMma, mK: cute.Tensor, Y: cute.Tensor):
    t, _, _ = cute.arch.thread_idx()
    g, _, _ = cute.arch.block_idx()
    smem = utils.SmemAllocator()
    swz = cute.make_swizzle(3, 4, 3)
    keys = smem.allocate_tensor(BF16, cute.make_layout((KEYS, BLOCK), stride=(BLOCK, 1)), 1024)
    rows = smem.allocate_tensor(BF16, cute.make_layout((ROWS, BLOCK), stride=(BLOCK, 1)), 1024)
    vals = smem.allocate_tensor(BF16, cute.make_layout(KEYS * DIM), 1024)
    wts = smem.allocate_tensor(BF16, cute.make_layout(ROWS * KEYS), 1024)
    bar = smem.allocate_tensor(cutlass.Int64, cute.make_layout(1), 8)
    cache = cute.make_tensor(mK.iterator + cutlass.Int64(g) * CACHED * BLOCK,
                             cute.make_layout((CACHED, BLOCK), stride=(BLOCK, 1)))
    if t == 0:
        cp_async_bulk_shared_cluster_global(keys.iterator, cache.iterator + g * KEYS * BLOCK, bar.iterator,
                                            KEYS * BLOCK * 2)
    a_view = cute.make_tensor(cute.recast_ptr(keys.iterator, swz, BF16), keys.layout)
    b_view = cute.make_tensor(cute.recast_ptr(rows.iterator, swz, BF16), rows.layout)
    part = first.get_slice(0)
    fa = part.make_fragment_A(part.partition_A(a_view))
    fb = part.make_fragment_B(part.partition_B(b_view))
    acc = cute.make_rmem_tensor(first.partition_shape_C((KEYS, ROWS)), F32)
    acc.fill(0.0)
    cute.gemm(first, acc, fa, fb, acc)
    words = []
    for i in cutlass.range_constexpr(2):
        lo = cute.math.exp2(acc[2 * i], fastmath=True)
        hi = cute.math.exp2(acc[2 * i + 1], fastmath=True)
        words.append(cutlass.Int32(lo * 65536.0) + cutlass.Int32(hi))
    stmatrix(wts.iterator + (t % 32) * 8, words, MMALayout.COL)
    other = second.get_slice(0)
    fp = other.make_fragment_B(other.partition_B(
        _at(wts.iterator.toint(), cute.make_layout((ROWS, KEYS), stride=(KEYS, 1)))))
    fv = [other.make_fragment_A(other.partition_A(
        _at(vals.iterator.toint() + j * BLOCK * KEYS * 2, cute.make_layout((BLOCK, KEYS), stride=(1, BLOCK)))))
        for j in range(DIM // BLOCK)]
    out = [cute.make_rmem_tensor(second.partition_shape_C((BLOCK, ROWS)), F32) for _ in range(DIM // BLOCK)]
    for j in cutlass.range_constexpr(DIM // BLOCK):
        out[j].fill(0.0)
        cute.gemm(second, out[j], fv[j], fp, out[j])
    Y[t] = out[0][0] + out[1][0]


@cute.jit
def weights_host(mK: cute.Tensor, Y: cute.Tensor):
    first = sm90.make_trivial_tiled_mma(BF16, BF16, OperandMajorMode.K, OperandMajorMode.K, F32, (1, 1, 1),
                                        (KEYS, ROWS))
    second = sm90.make_trivial_tiled_mma(BF16, BF16, OperandMajorMode.MN, OperandMajorMode.K, F32, (1, 1, 1),
                                         (BLOCK, ROWS))
    weights_kernel(first, second, mK, Y).launch(grid=(8, 1, 1), block=(128, 1, 1))


def compile_weights():
    return cute.compile(weights_host, make_fake_compact_tensor(BF16, (8 * CACHED * BLOCK,), assumed_align=16),
                        make_fake_compact_tensor(F32, (128,), assumed_align=16))
