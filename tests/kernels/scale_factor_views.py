"""A compile-only kernel (sm_120a) whose block-scaled warp MMA (`MmaMXF8Op`, m16n8k32, E4M3 with UE8M0 scales)
is issued by `cute.gemm(mma, acc, [a, sfa], [b, sfb], acc)`: A and B are the TiledMma's fragments of SMEM tiles, the
scale factors are registers made from bare shapes (one Int32 pack of four scales per row tile), filled from SMEM by a
plain copy and read through UE8M0 views over the packs' storage (`make_tensor(recast_ptr(packs.iterator, E8M0),
(32, rows, (4, 1), (1, 1)))`: the 32 K values one scale covers at stride 0, the row tiles, the k-blocks, the
k-tiles a pack covers)."""
# The names here are meant not to follow the convention (the axes must come from the data flow):
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass.cute.nvgpu import CopyUniversalOp, warp
from cutlass.cute.runtime import make_fake_compact_tensor

F8, F32, I32, E8 = cutlass.Float8E4M3FN, cutlass.Float32, cutlass.Int32, cutlass.Float8E8M0FNU
BM, BN, BK = 16, 8, 128


@cute.kernel
def scaled_kernel(mma: cute.TiledMma, out: cute.Tensor):
    t, _, _ = cute.arch.thread_idx()
    smem = cutlass.utils.SmemAllocator()
    left = smem.allocate_tensor(F8, cute.make_layout((BM, BK), stride=(BK, 1)), byte_alignment=128)
    right = smem.allocate_tensor(F8, cute.make_layout((BN, BK), stride=(BK, 1)), byte_alignment=128)
    held = smem.allocate_tensor(I32, cute.make_layout((1, 2, 32)), byte_alignment=16)
    thr = mma.get_slice(t)
    frag_a = mma.make_fragment_A(thr.partition_A(left))
    frag_b = mma.make_fragment_B(thr.partition_B(right))
    acc = cute.make_rmem_tensor(mma.partition_shape_C((BM, BN)), F32)
    packs_a = cute.make_rmem_tensor((1,), I32)
    packs_b = cute.make_rmem_tensor((1,), I32)
    word = cute.make_copy_atom(CopyUniversalOp(), I32)
    cute.copy(word, held[None, 0, t], packs_a)
    cute.copy(word, held[None, 1, t], packs_b)
    view_a = cute.make_tensor(cute.recast_ptr(packs_a.iterator, dtype=E8),
                              cute.make_layout((32, 1, (4, 1), (1, 1)), stride=(0, 4, (1, 0), (0, 0))))
    view_b = cute.make_tensor(cute.recast_ptr(packs_b.iterator, dtype=E8),
                              cute.make_layout((32, 1, (4, 1), (1, 1)), stride=(0, 4, (1, 0), (0, 0))))
    acc.fill(0.0)
    for k in cutlass.range_constexpr(cute.size(frag_a, mode=[2])):
        cute.gemm(mma, acc, [frag_a[None, None, k], view_a[None, None, k, 0]],
                  [frag_b[None, None, k], view_b[None, None, k, 0]], acc)
    for i in cutlass.range_constexpr(cute.size(acc)):
        out[t, i] = acc[i]


@cute.jit
def scaled_host(out: cute.Tensor):
    mma = cute.make_tiled_mma(warp.MmaMXF8Op(F8, F32, E8), permutation_mnk=(BM, BN, 32))
    scaled_kernel(mma, out).launch(grid=(1, 1, 1), block=(32, 1, 1))


def compile_scale_factor_views():
    out = make_fake_compact_tensor(F32, (32, 4), stride_order=(1, 0), assumed_align=16)
    return cute.compile(scaled_host, out)
