"""cuDNN frontend's Engram saved-state gate backward, its CuTe DSL apply kernel (cudnn/engram/_backward.py,
`engram_gate_saved_apply`), sm_100a, built as `_compile_backward` builds it: `cute.compile(launch_apply, nine
`_ptr` pointers (make_ptr at address 0, gmem, 16-byte aligned): x, kv, weight, grad_out, the moments' coefficients,
grad_x, grad_kv's key part, grad_kv's value part, the partial dWeight workspace; a run-time token count, a stream,
d = 5120 (the API's only hidden size), key / dk / dv row strides 5 * d, steps 2, warps 8, vec 4). The Triton
moments and reduction kernels around it are not CuTe DSL and are not traced."""

from _common import cudnn, stream

ARCH = "sm_100a"

D, STEPS, WARPS, VEC = 5120, 2, 8, 4


def compile_only():
    import cutlass
    from cutlass import cute
    from cutlass.cute.runtime import make_ptr

    module = cudnn("engram._backward")
    bf16, f32 = cutlass.BFloat16, cutlass.Float32
    types = (bf16, bf16, f32, bf16, f32, bf16, bf16, bf16, f32)
    pointers = [make_ptr(t, 0, cute.AddressSpace.gmem, assumed_align=16) for t in types]
    return cute.compile(module.launch_apply, *pointers, cutlass.Int32(0), stream(), D, 5 * D, 5 * D, 5 * D, STEPS,
                        WARPS, VEC)
