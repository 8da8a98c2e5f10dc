"""CUTLASS's Blackwell RMSNorm example (cute/blackwell/kernel/rmsnorm/rmsnorm.py), sm_100a.

Compiled as its own `get_compiled_kernel` does (pointers, a run-time row count), with its defaults: N = 4096,
bf16, with a weight.
"""

import _fake
import _sources

ARCH = "sm_100a"


def compile_only(n=4096):
    import cutlass
    from cutlass import cute
    from cutlass.cute.runtime import make_ptr

    example = _sources.cutlass_example("cute/blackwell/kernel/rmsnorm/rmsnorm.py", "cute")
    bf16 = cutlass.BFloat16

    def pointer():
        return make_ptr(bf16, 16, cute.AddressSpace.gmem, assumed_align=16)

    kernel = example.RMSNormKernel(bf16, n, True)
    return cute.compile(kernel, pointer(), pointer(), pointer(), cutlass.Int32(1), cutlass.Float32(1e-6),
                        _fake.stream())
