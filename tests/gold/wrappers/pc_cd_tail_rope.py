"""cuDNN frontend's prepared BF16 tail RoPE (cudnn/rope/frost/tail.py, `_frost_tail_rope`), sm_100a, built as
`cudnn.rope.tail._compile(64 heads, dim 512)` builds it: x and out flat bf16 `(tokens * 64 * 512,)` and the cosine /
sine tables flat f32 `(tokens * 32,)` as `make_fake_tensor(..., (1,), assumed_align=16)` with `tokens = sym_int(64)`,
elements 0 (run-time), no transpose, vector 16 (the (64, 512) case). `--enable-tvm-ffi` is not passed."""

from _common import cudnn, stream

ARCH = "sm_100a"

HEADS, DIM = 64, 512


def compile_only():
    import cutlass
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_tensor

    module = cudnn("rope.frost.tail")
    tokens = cute.sym_int(64)
    data = make_fake_tensor(cutlass.BFloat16, (tokens * HEADS * DIM,), (1,), assumed_align=16)
    table = make_fake_tensor(cutlass.Float32, (tokens * 32,), (1,), assumed_align=16)
    return cute.compile(module.launch, data, table, table, data, stream(), cutlass.Int64(0), HEADS, DIM, False, 16)
