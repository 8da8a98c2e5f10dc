"""Compile-only Blackwell products whose operand buffers hold a whole product's tiles at once beside a pipeline
ring, in one nested slot mode each, as MLA decode lays Q's latent k-tiles and V's latent halves out: A's slots
`(k-tiles, ring)`, B's `((column halves, k-tiles), ring)`, and the accumulator's column halves appended to its
layout. Each issue reads A at `(k_tile, 0)`, B at `((half, k_tile), state.index)` and writes the accumulator's
`half`. The loops walk them by dynamic indices in one kernel and by constants (unrolled) in the other; a third
buffer's two slots go one to each of two accumulators, as flash-attention's two Q tiles do (a pipeline's stages).
A third kernel views A's storage twice, in the MMA's form and in the boxes a loader fills (`get_tensor` of one
field with two layouts), and another walks the accumulator's column halves by a loop while B streams through a
flat ring. A last kernel issues the unrolled products by hand as weight-stationary MMAs (`nvvm.tcgen05_mma_ws`, the
fragments' SMEM descriptors and the accumulator slice's TMEM address), as tokenspeed-mla's 64-row decode does.
No name says which is which."""
# The names here are meant not to follow the convention:
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
import cutlass.utils as utils
import cutlass.utils.blackwell_helpers as sm100
from cutlass import pipeline
from cutlass.cute.nvgpu import tcgen05
from cutlass.cute.nvgpu.common import OperandMajorMode
from cutlass._mlir.dialects import builtin, llvm, nvvm

TILE = (128, 64, 64)  # (M, N, K) of one issue's product
PARTS, HALVES, SLOTS = 4, 2, 2  # k-tiles held at once, the accumulator's column halves, B's ring
F16, F32 = cutlass.Float16, cutlass.Float32


def _buffers(mma, smem):
    la = sm100.make_smem_layout_a(mma, TILE, F16, PARTS)
    la = cute.logical_divide(la, (None, None, None, PARTS))
    lb = sm100.make_smem_layout_b(mma, TILE, F16, HALVES * PARTS * SLOTS)
    lb = cute.logical_divide(cute.logical_divide(lb, (None, None, None, HALVES * PARTS)),
                             (None, None, None, (HALVES, None)))
    first = smem.allocate_tensor(F16, la.outer, 1024, la.inner)
    second = smem.allocate_tensor(F16, lb.outer, 1024, lb.inner)
    tmem = cute.make_ptr(F32, 0, cute.AddressSpace.tmem, assumed_align=16)
    acc = mma.make_fragment_C(mma.partition_shape_C(TILE[:2]))
    halves = cute.make_tensor(tmem, cute.append(acc.layout, cute.make_layout(HALVES, stride=TILE[1])))
    return mma.make_fragment_A(first), mma.make_fragment_B(second), halves


@cute.kernel
def walked_kernel(mma: cute.TiledMma):
    smem = utils.SmemAllocator()
    fa, fb, out = _buffers(mma, smem)
    state = pipeline.make_pipeline_state(pipeline.PipelineUserType.Consumer, SLOTS)
    for half in cutlass.range(HALVES):
        for part in cutlass.range(PARTS):
            for k in cutlass.range_constexpr(cute.size(fa, mode=[2])):
                cute.gemm(mma, out[None, None, None, half], fa[None, None, k, (part, 0)],
                          fb[None, None, k, ((half, part), state.index)], out[None, None, None, half])
    state.advance()


@cute.kernel
def unrolled_kernel(mma: cute.TiledMma):
    smem = utils.SmemAllocator()
    ua, ub, res = _buffers(mma, smem)
    two = sm100.make_smem_layout_a(mma, TILE, F16, 2)
    pair = smem.allocate_tensor(F16, two.outer, 1024, two.inner)
    fp = mma.make_fragment_A(pair)
    tmem = cute.make_ptr(F32, 256, cute.AddressSpace.tmem, assumed_align=16)
    acc = mma.make_fragment_C(mma.partition_shape_C(TILE[:2]))
    both = cute.make_tensor(tmem, cute.append(acc.layout, cute.make_layout(2, stride=TILE[1])))
    state = pipeline.make_pipeline_state(pipeline.PipelineUserType.Consumer, SLOTS)
    for half in cutlass.range_constexpr(HALVES):
        for part in cutlass.range_constexpr(PARTS):
            for k in cutlass.range_constexpr(cute.size(ua, mode=[2])):
                cute.gemm(mma, res[None, None, None, half], ua[None, None, k, (part, 0)],
                          ub[None, None, k, ((half, part), state.index)], res[None, None, None, half])
    for slot in cutlass.range_constexpr(2):  # one slot of the pair into each accumulator: stages
        for k in cutlass.range_constexpr(cute.size(fp, mode=[2])):
            cute.gemm(mma, both[None, None, None, slot], fp[None, None, k, slot],
                      ub[None, None, k, ((0, 0), state.index)], both[None, None, None, slot])
    state.advance()


def _issue_ws(a, b, d):
    """One weight-stationary MMA issued by hand over the slices' addresses (kind::f16, its descriptor a constant)."""
    address = builtin.unrealized_conversion_cast([cutlass.Int32.mlir_type], [d.iterator.value])
    nvvm.tcgen05_mma_ws(nvvm.Tcgen05MMAKind.F16, llvm.inttoptr(llvm.PointerType.get(6), address),
                        tcgen05.smem_descriptor_to_int(a.iterator).ir_value(),
                        tcgen05.smem_descriptor_to_int(b.iterator).ir_value(), cutlass.Int32(WS_IDESC).ir_value(),
                        cutlass.Boolean(True).ir_value())


WS_IDESC = (1 << 4) | (1 << 7) | (1 << 10) | ((TILE[1] >> 3) << 17) | ((TILE[0] >> 4) << 24)


@cute.kernel
def ws_kernel(mma: cute.TiledMma):
    smem = utils.SmemAllocator()
    wa, wb, sums = _buffers(mma, smem)
    state = pipeline.make_pipeline_state(pipeline.PipelineUserType.Consumer, SLOTS)
    with cute.arch.elect_one():
        for half in cutlass.range_constexpr(HALVES):
            for part in cutlass.range_constexpr(PARTS):
                for k in cutlass.range_constexpr(cute.size(wa, mode=[2])):
                    _issue_ws(wa[None, None, k, (part, 0)], wb[None, None, k, ((half, part), state.index)],
                              sums[None, None, None, half])
    state.advance()


@cute.kernel
def loader_kernel(mma: cute.TiledMma):
    # A's storage viewed twice, as a loader and the MMA see it: the MMA's form, and the (rows, k) boxes a TMA
    # fills, each with the slot mode (k-tiles, ring) of one layout divided the same way
    la = cute.logical_divide(sm100.make_smem_layout_a(mma, TILE, F16, PARTS), (None, None, None, PARTS))
    boxes = sm100.make_smem_layout(OperandMajorMode.K, (TILE[0], TILE[2]), F16, PARTS)
    boxes = cute.logical_divide(cute.tiled_divide(boxes, (TILE[0], TILE[2])), (None, None, None, PARTS))

    @cute.struct
    class Buffers:
        lhs: cute.struct.Align[cute.struct.MemRange[F16, cute.cosize(la.outer)], 1024]

    storage = utils.SmemAllocator().allocate(Buffers)
    tiles = storage.lhs.get_tensor(la.outer, swizzle=la.inner)
    loads = storage.lhs.get_tensor(boxes.outer, swizzle=boxes.inner)
    fl = mma.make_fragment_A(tiles)
    smem = utils.SmemAllocator()
    lb = sm100.make_smem_layout_b(mma, TILE, F16, SLOTS)
    fr = mma.make_fragment_B(smem.allocate_tensor(F16, lb.outer, 1024, lb.inner))
    acc = cute.make_tensor(cute.make_ptr(F32, 0, cute.AddressSpace.tmem, assumed_align=16),
                           mma.make_fragment_C(mma.partition_shape_C(TILE[:2])).layout)
    state = pipeline.make_pipeline_state(pipeline.PipelineUserType.Consumer, SLOTS)
    for part in cutlass.range(PARTS):
        for k in cutlass.range_constexpr(cute.size(fl, mode=[2])):
            cute.gemm(mma, acc, fl[None, None, k, (part, 0)], fr[None, None, k, state.index], acc)
    state.advance()
    cute.autovec_copy(loads[None, 0, 0, (0, 0)], loads[None, 0, 0, (1, 0)])


@cute.kernel
def columns_kernel(mma: cute.TiledMma):
    # the accumulator's column halves walked by a loop while B streams through a flat ring (each half's tile in
    # the next slot), as the BF16 MLA decode fills O's latent halves from one K/V ring
    smem = utils.SmemAllocator()
    fa, _, halves = _buffers(mma, smem)
    lr = sm100.make_smem_layout_b(mma, TILE, F16, SLOTS)
    ring = mma.make_fragment_B(smem.allocate_tensor(F16, lr.outer, 1024, lr.inner))
    state = pipeline.make_pipeline_state(pipeline.PipelineUserType.Consumer, SLOTS)
    for half in cutlass.range(HALVES):
        for k in cutlass.range_constexpr(cute.size(fa, mode=[2])):
            cute.gemm(mma, halves[None, None, None, half], fa[None, None, k, (0, 0)], ring[None, None, k, state.index],
                      halves[None, None, None, half])
        state.advance()


@cute.jit
def columns_host():
    columns_kernel(_mma()).launch(grid=(1, 1, 1), block=(128, 1, 1))


@cute.jit
def loader_host():
    loader_kernel(_mma()).launch(grid=(1, 1, 1), block=(128, 1, 1))


@cute.jit
def ws_host():
    ws_kernel(_mma()).launch(grid=(1, 1, 1), block=(128, 1, 1))


@cute.jit
def walked_host():
    walked_kernel(_mma()).launch(grid=(1, 1, 1), block=(128, 1, 1))


@cute.jit
def unrolled_host():
    unrolled_kernel(_mma()).launch(grid=(1, 1, 1), block=(128, 1, 1))


def _mma():
    return sm100.make_trivial_tiled_mma(F16, F16, OperandMajorMode.K, OperandMajorMode.K, F32,
                                        tcgen05.CtaGroup.ONE, TILE[:2])


def compile_walked():
    return cute.compile(walked_host)


def compile_unrolled():
    return cute.compile(unrolled_host)


def compile_ws():
    return cute.compile(ws_host)


def compile_loader():
    return cute.compile(loader_host)


def compile_columns():
    return cute.compile(columns_host)
