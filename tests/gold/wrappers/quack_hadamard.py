"""quack's Hadamard transform forward (quack/transform/hadamard.py, `HadamardTransform`), sm_90a, no MMA: each
CTA transforms a block of rows of a (rows, N) bf16 matrix; a tiled 2-D copy loads a thread's values of its row into
registers, viewed flat and converted to fp32, then butterfly stages run within a thread's values
(`_hadamard_thread_col`) and exchange values between threads through a swizzled SMEM buffer (`exchange`: stored
in one thread order, loaded back in another), the scaled result written back through the same tiled copy (or, where
the plan stores straight from the last stage, a tail copy of its own). Compiled as `HadamardTransform.compile(bf16,
4096)` compiles it (non-persistent, run-time rows), without its TVM-FFI option.
"""

from _common import quack

ARCH = "sm_90a"


def compile_only(n=4096):
    import cutlass
    from cutlass import cute

    module = quack("transform.hadamard")
    rows = cute.sym_int()
    # the fake tensors of its own `compile` (quack's helper: row-major, 16-byte divisible rows)
    x, out = (module.fake_tensor(cutlass.BFloat16, (rows, n), 8) for _ in range(2))
    return cute.compile(module.HadamardTransform(cutlass.BFloat16, n), x, out, cutlass.Float32(0.0), 0,
                        cute.runtime.make_fake_stream())
