"""A compile-only Blackwell block-scaled mainloop (sm_100a): A's and B's scale factors sit in SMEM (laid out by
`make_smem_layout_sfa/sfb`, filled by no traced load), are copied by tcgen05.cp into TMEM (laid out by
`make_tmem_layout_sfa/sfb`: each block of scales written to the four lane quadrants) through their `filter_zeros`
views, and the MMA reads them from TMEM: `cute.gemm`'s `[operand, scale factors]` lists in one kernel,
`tiled_mma.set(Field.SFA / SFB, ...)` in the other. `compile_raw` allocates one stage of the SMEM scales without a
stage mode, so that only the copy into the MMA's operand says they are in MMA form. `compile_over_sums` lays the TMEM
scales at offsets from the accumulator's pointer, as kernels place them past its columns."""
# The names here are meant not to follow the convention (the axes must come from the data flow):
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
import cutlass.utils as utils
import cutlass.utils.blackwell_helpers as sm100
import cutlass.utils.blockscaled_layout as blockscaled
from cutlass.cute.nvgpu import tcgen05
from cutlass.cute.nvgpu.common import OperandMajorMode

TILER = (128, 128, 128)
VEC = 32  # K values per scale factor
F8, SF, F32 = cutlass.Float8E4M3FN, cutlass.Float8E8M0FNU, cutlass.Float32


def _mma():
    return sm100.make_blockscaled_trivial_tiled_mma(F8, F8, OperandMajorMode.K, OperandMajorMode.K, SF, VEC,
                                                    tcgen05.CtaGroup.ONE, TILER[:2])


@cute.jit
def _to_tmem(held: cute.Tensor, kept: cute.Tensor):
    """The S2T copy of one scale buffer: its partitions of the two `filter_zeros` views, then the copy."""
    held_flat, kept_flat = cute.filter_zeros(held), cute.filter_zeros(kept)
    cp = tcgen05.make_s2t_copy(cute.make_copy_atom(tcgen05.Cp4x32x128bOp(tcgen05.CtaGroup.ONE), SF), kept_flat)
    one = cp.get_slice(0)
    src = tcgen05.get_s2t_smem_desc_tensor(cp, one.partition_S(held_flat))
    dst = one.partition_D(kept_flat)
    cute.copy(cp, src, dst)


@cute.jit
def _buffers(mma: cute.TiledMma, raw: cutlass.Constexpr = False, over_sums: cutlass.Constexpr = False):
    """The operands' and scale factors' SMEM buffers, the accumulator and the two TMEM scale tensors."""
    smem = utils.SmemAllocator()
    lay_a = sm100.make_smem_layout_a(mma, TILER, F8, 1)
    lay_b = sm100.make_smem_layout_b(mma, TILER, F8, 1)
    s_a = smem.allocate_tensor(F8, lay_a.outer, 1024, lay_a.inner)
    s_b = smem.allocate_tensor(F8, lay_b.outer, 1024, lay_b.inner)
    lay_sa = blockscaled.make_smem_layout_sfa(mma, TILER, VEC, 1)
    lay_sb = blockscaled.make_smem_layout_sfb(mma, TILER, VEC, 1)
    held_a = smem.allocate_tensor(SF, lay_sa, 128)
    held_b = smem.allocate_tensor(SF, lay_sb, 128)
    if cutlass.const_expr(raw):  # one stage, allocated without its stage mode: no buffer's rank says MMA form
        held_a = smem.allocate_tensor(SF, cute.slice_(lay_sa, (None, None, None, 0)), 128)
        held_b = smem.allocate_tensor(SF, cute.slice_(lay_sb, (None, None, None, 0)), 128)
    sums = mma.make_fragment_C(mma.partition_shape_C(TILER[:2]))
    sums = cute.make_tensor(cute.make_ptr(F32, 0, cute.AddressSpace.tmem), sums.layout)
    lay_ta = blockscaled.make_tmem_layout_sfa(mma, TILER, VEC, cute.slice_(lay_sa, (None, None, None, 0)))
    lay_tb = blockscaled.make_tmem_layout_sfb(mma, TILER, VEC, cute.slice_(lay_sb, (None, None, None, 0)))
    kept_a = cute.make_tensor(cute.make_ptr(SF, TILER[1], cute.AddressSpace.tmem), lay_ta)
    kept_b = cute.make_tensor(cute.make_ptr(SF, TILER[1] + 4, cute.AddressSpace.tmem), lay_tb)
    if cutlass.const_expr(over_sums):  # past the accumulator's columns, at offsets from its pointer
        kept_a = cute.make_tensor(cute.recast_ptr(sums.iterator + TILER[1], dtype=SF), lay_ta)
        kept_b = cute.make_tensor(cute.recast_ptr(sums.iterator + TILER[1] + 4, dtype=SF), lay_tb)
    return mma.make_fragment_A(s_a), mma.make_fragment_B(s_b), held_a, held_b, sums, kept_a, kept_b


@cute.kernel
def listed_kernel(mma: cute.TiledMma, raw: cutlass.Constexpr):
    lhs, rhs, held_a, held_b, sums, kept_a, kept_b = _buffers(mma, raw)
    if cutlass.const_expr(not raw):  # the first stage of the staged buffers
        held_a, held_b = held_a[None, None, None, 0], held_b[None, None, None, 0]
    _to_tmem(held_a, kept_a)
    _to_tmem(held_b, kept_b)
    for k in cutlass.range_constexpr(cute.size(lhs, mode=[2])):
        cute.gemm(mma, sums, [lhs[None, None, k, 0], kept_a[None, None, k]],
                  [rhs[None, None, k, 0], kept_b[None, None, k]], sums)


@cute.kernel
def set_kernel(mma: cute.TiledMma, over_sums: cutlass.Constexpr = False):
    lhs, rhs, held_a, held_b, sums, kept_a, kept_b = _buffers(mma, over_sums=over_sums)
    _to_tmem(held_a[None, None, None, 0], kept_a)
    _to_tmem(held_b[None, None, None, 0], kept_b)
    for k in cutlass.range_constexpr(cute.size(lhs, mode=[2])):
        mma.set(tcgen05.Field.SFA, kept_a[None, None, k].iterator)
        mma.set(tcgen05.Field.SFB, kept_b[None, None, k].iterator)
        cute.gemm(mma, sums, lhs[None, None, k, 0], rhs[None, None, k, 0], sums)


@cute.jit
def listed_host():
    listed_kernel(_mma(), False).launch(grid=(1, 1, 1), block=(128, 1, 1))


@cute.jit
def set_host():
    set_kernel(_mma()).launch(grid=(1, 1, 1), block=(128, 1, 1))


@cute.jit
def over_sums_host():
    set_kernel(_mma(), True).launch(grid=(1, 1, 1), block=(128, 1, 1))


def compile_listed():
    return cute.compile(listed_host)


def compile_set():
    return cute.compile(set_host)


def compile_over_sums():
    return cute.compile(over_sums_host)


@cute.jit
def raw_host():
    listed_kernel(_mma(), True).launch(grid=(1, 1, 1), block=(128, 1, 1))


def compile_raw():
    return cute.compile(raw_host)
