"""Compile-only kernel, no MMA: one CTA per row of scores selects candidates with integer SMEM buffers of its own, and
copies a routing table's entries into SMEM.

`compile_working_integers` (sm_90a): `keys` holds each candidate's order-preserving key computed from its score
(read through an integer view of the float scores), `hist` a 256-bin histogram of the keys' top byte (zeroed, then
counted by atomics), `picked` the candidates whose bin is the top one, `count` how many; `routed` the row's 4 routed
token indices copied from an integer table. The first four are the CTA's working memory (Block); `routed` is routing
metadata (input level). Names carry no axis letters.
"""
# cute-inspect: noqa: CI101

import cutlass
import cutlass.cute as cute
from cutlass._mlir.dialects import nvvm
from cutlass.cute.runtime import make_fake_compact_tensor

_CANDIDATES, _BINS, _THREADS, _ROUTED = 512, 256, 128, 4


@cute.jit
def _count(ptr: cute.Pointer) -> cutlass.Int32:
    return cutlass.Int32(nvvm.atomicrmw(op=nvvm.AtomicOpKind.ADD, ptr=ptr.llvm_ptr, a=cutlass.Int32(1).ir_value()))


@cute.kernel
def working_kernel(bits: cute.Tensor, table: cute.Tensor, out: cute.Tensor):
    tid, _, _ = cute.arch.thread_idx()
    row, _, _ = cute.arch.block_idx()
    smem = cutlass.utils.SmemAllocator()
    keys = smem.allocate_tensor(cutlass.Uint32, cute.make_layout(_CANDIDATES), 4)
    hist = smem.allocate_tensor(cutlass.Int32, cute.make_layout(_BINS), 4)
    picked = smem.allocate_tensor(cutlass.Int32, cute.make_layout(_CANDIDATES), 4)
    count = smem.allocate_tensor(cutlass.Int32, cute.make_layout(1), 4)
    routed = smem.allocate_tensor(cutlass.Int32, cute.make_layout(_ROUTED), 4)
    b = tid
    while b < _BINS:
        hist[b] = cutlass.Int32(0)
        b += _THREADS
    if tid < _ROUTED:
        routed[tid] = table[row, tid]
    if tid == 0:
        count[0] = cutlass.Int32(0)
    cute.arch.barrier()
    c = tid
    while c < _CANDIDATES:
        key = ~bits[row, c]
        keys[c] = key
        _count(hist.iterator + cutlass.Int32(key >> cutlass.Uint32(24)))
        c += _THREADS
    cute.arch.barrier()
    c = tid
    while c < _CANDIDATES:
        if cutlass.Int32(keys[c] >> cutlass.Uint32(24)) == hist[0]:
            picked[_count(count.iterator)] = c
        c += _THREADS
    cute.arch.barrier()
    if tid < _ROUTED:
        out[routed[tid], 0] = picked[tid]


@cute.jit
def working_host(scores: cute.Tensor, table: cute.Tensor, out: cute.Tensor):
    bits = cute.recast_tensor(scores, cutlass.Uint32)
    working_kernel(bits, table, out).launch(grid=(scores.shape[0], 1, 1), block=(_THREADS, 1, 1))


def compile_working_integers():
    scores = make_fake_compact_tensor(cutlass.Float32, (64, _CANDIDATES), stride_order=(1, 0), assumed_align=16)
    table = make_fake_compact_tensor(cutlass.Int32, (64, _ROUTED), stride_order=(1, 0), assumed_align=4)
    out = make_fake_compact_tensor(cutlass.Int32, (256, 1), stride_order=(1, 0), assumed_align=4)
    return cute.compile(working_host, scores, table, out)
