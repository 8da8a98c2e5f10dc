"""liger-kernel's CuTe DSL JSD loss-and-gradient primitive (liger_kernel/ops/backends/_cutedsl/jsd.py,
`_LigerJSDLossAndGradCuTeDSL`), sm_100a: per element of a (rows, vocab) chunk of student / teacher log-probabilities,
the generalised Jensen-Shannon loss and its gradient, written to a (rows, vocab) fp32 loss tile and to dx; one CTA
per (row tile, column block), threads moving 4-value (128-bit) vectors through liger's copy of quack's
`tiled_copy_2d`, an identity tensor's partition guarding the rows, and a per-row label read that zeroes ignored rows.

Configured as `fused_linear_jsd` dispatches it (`jsd_loss_and_grad_cutedsl` -> `_jsd_loss_and_grad_cutedsl` ->
`_get_kernel`): fp32 log-probabilities, loss and dx (the fused path runs in FP32 from the projection on), vocab
128256 (Llama 3: past 16384, the wide-vocab rung: 1024 threads per row, 2 column chunks per CTA, the rest on grid
y), beta 0.5, with the label stream (a chunk holding an ignored row threads its int64 labels in: the fp32 labelled
specialization with the early exit); built as `_get_kernel` builds it (its `make_fake_tensor` fakes: symbolic rows,
a symbolic row stride divisible by 4; int64 labels), without its torch dtype map.
"""

from _common import liger_kernel, stream

ARCH = "sm_100a"


def compile_only(vocab=128256):
    import math

    import cutlass
    from cutlass import cute

    module = liger_kernel("ops.backends._cutedsl.jsd", host_only=("ops._nvidia_shared", "ops.backends._triton.jsd",
                                                                  "ops.jsd"))
    fake = liger_kernel("ops.backends._cutedsl._cute_lib.compile_utils").make_fake_tensor
    f32 = cutlass.Float32
    rows = cute.sym_int()
    div = math.gcd(128 // f32.width, vocab)
    x, y, loss, dx = (fake(f32, (rows, vocab), div) for _ in range(4))
    labels = fake(cutlass.Int64, (rows,))
    return cute.compile(module._LigerJSDLossAndGradCuTeDSL(f32, vocab, 0.5), x, y, loss, dx, labels,
                        cutlass.Float32(0.0), cutlass.Int64(0), stream())
