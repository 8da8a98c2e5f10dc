"""zyksir/CudaDiveDeep's predicated tile copy (cute_dsl/ampere_copy.py, `NaiveCopy`): a learner's CuTeDSL tutorial
kernel, no MMA. One CTA per (128, 128) tile of A (M, N): a universal-copy TiledCopy moves the tile from A into
registers and from the registers into the same tile of B, both copies predicated by `elem_less` of an identity
tensor's coordinates against A's shape.

Configured as the module's `__main__` compiles it: fp32 A and B (1024, 1024) column-major (the torch tensors are
`permute(1, 0)` views), static layouts from from_dlpack with 128-byte alignment, the default 128-bit copy (4 fp32
along M per thread, threads (32, 8) column-major: the column-major branch), 256 threads; a CUDA stream.
"""

from _zk_tutorial import SOURCE, module  # noqa: F401  (SOURCE pins the tree)

ARCH = "sm_80"


def compile_only():
    import cutlass
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_stream

    from _common import tensor

    tutorial = module("ampere_copy")
    a = tensor(cutlass.Float32, (1024, 1024), order=(0, 1), align=128)
    b = tensor(cutlass.Float32, (1024, 1024), order=(0, 1), align=128)
    return cute.compile(tutorial.NaiveCopy(), a, b, make_fake_stream())
