"""Compile-only wrapper: trace CUTLASS's own Ampere tensor-core GEMM example, unmodified, with no GPU.

    cute-inspect check examples/cutlass_ampere_tensorop_wrapper.py:compile_only --arch sm_80
"""

import _cutlass_examples


def compile_only(atom_layout_mnk=(2, 2, 1), mnkl=(1024, 1024, 1024, 1)):
    """fp16 in, fp32 accumulate, fp16 out; bmm convention: a (l,m,k), b (l,k,n) K-major, c (l,m,n)."""
    import cutlass
    from cutlass.cute.runtime import make_fake_compact_tensor

    example = _cutlass_examples.load("cute/ampere/kernel/dense_gemm/tensorop_gemm.py")
    m, n, k, batch = mnkl
    a = make_fake_compact_tensor(cutlass.Float16, (batch, m, k), stride_order=(2, 1, 0), assumed_align=16)
    b = make_fake_compact_tensor(cutlass.Float16, (batch, k, n), stride_order=(2, 0, 1), assumed_align=16)
    c = make_fake_compact_tensor(cutlass.Float16, (batch, m, n), stride_order=(2, 1, 0), assumed_align=16)
    return example.compile_bmm(mnkl, a, b, c, cutlass.Float16, cutlass.Float16, cutlass.Float32, atom_layout_mnk)
