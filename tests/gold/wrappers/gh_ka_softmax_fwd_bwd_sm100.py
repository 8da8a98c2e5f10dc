"""meta-pytorch/KernelAgent's Oink fused softmax forward + backward for SM100
(oink/src/kernelagent_oink/blackwell/softmax.py, `SoftmaxFwdBwdSM100`), sm_100a: dx = y * (dy - sum(dy * y)) with
y = softmax(x) never written out: per CTA one row tile of x and dy cp.async-loaded into SMEM, copied to registers,
an online (max, sum-exp) reduction packed into an Int64 cross-warp buffer, a second row reduction of dy * y into an
fp32 buffer, then dx stored by 128-bit register-to-global copies. Its row-reduction helpers live in the tree's
`lite_quack.py` (a trimmed port of quack's).

Configured as the package's `softmax_fwd_bwd` compiles it for row-major 16-byte-aligned inputs
(`_softmax_fwd_bwd_ptr_into`: `cute.compile(op.launch_from_ptrs, ptr_x, ptr_dy, ptr_dx, Int32(M), Int32(ld), stream)`,
the pointers from `rt.make_ptr(..., assumed_align=16)`): bf16, N = 4096 (threads_per_row 128, 128 threads, one row
per CTA, cluster_n 1), M and the leading dimension run-time Int32s. CuTeDSL 4.8 selects the kernel signature without
layout arguments (`_KERNEL_ACCEPTS_LAYOUT_ARGS` is false from 4.3.4). No shim.
"""

from _common import github_source

SOURCE = ("meta-pytorch/KernelAgent", "a3001c70f59472ad8e8f2d2ba05293568eec987f")
ARCH = "sm_100a"


def compile_only():
    import cutlass
    from cutlass import cute
    from cutlass.cute.runtime import make_ptr

    from _common import stream

    mod = github_source(SOURCE[0], "oink/src", "kernelagent_oink.blackwell.softmax")
    bf16 = cutlass.BFloat16
    ptr_x, ptr_dy, ptr_dx = (make_ptr(bf16, 16, cute.AddressSpace.gmem, assumed_align=16) for _ in range(3))
    op = mod.SoftmaxFwdBwdSM100(bf16, 4096)
    return cute.compile(op.launch_from_ptrs, ptr_x, ptr_dy, ptr_dx, cutlass.Int32(8192), cutlass.Int32(4096),
                        stream())
