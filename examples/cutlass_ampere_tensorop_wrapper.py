"""Compile-only wrapper: trace CUTLASS's own Ampere tensor-core GEMM example, unmodified, with no GPU.

The kernel is not copied here: point CUTLASS_DSL_EXAMPLES at a CUTLASS checkout's examples/python/CuTeDSL
(default /tmp/cutlass/examples/python/CuTeDSL) and run

    cute-inspect check examples/cutlass_ampere_tensorop_wrapper.py:compile_only --arch sm_80
"""

import importlib.util
import os
import sys

_EXAMPLE = "cute/ampere/kernel/dense_gemm/tensorop_gemm.py"


def _load_example():
    root = os.environ.get("CUTLASS_DSL_EXAMPLES", "/tmp/cutlass/examples/python/CuTeDSL")
    path = os.path.join(root, _EXAMPLE)
    if not os.path.isfile(path):
        raise FileNotFoundError(
            f"{path}: CUTLASS's example is missing; set CUTLASS_DSL_EXAMPLES to a CUTLASS checkout's "
            "examples/python/CuTeDSL"
        )
    spec = importlib.util.spec_from_file_location("cutlass_ampere_tensorop_gemm", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def compile_only(atom_layout_mnk=(2, 2, 1), mnkl=(1024, 1024, 1024, 1)):
    """fp16 in, fp32 accumulate, fp16 out; bmm convention: a (l,m,k), b (l,k,n) K-major, c (l,m,n)."""
    import cutlass
    from cutlass.cute.runtime import make_fake_compact_tensor

    example = _load_example()
    m, n, k, l = mnkl
    a = make_fake_compact_tensor(cutlass.Float16, (l, m, k), stride_order=(2, 1, 0), assumed_align=16)
    b = make_fake_compact_tensor(cutlass.Float16, (l, k, n), stride_order=(2, 0, 1), assumed_align=16)
    c = make_fake_compact_tensor(cutlass.Float16, (l, m, n), stride_order=(2, 1, 0), assumed_align=16)
    return example.compile_bmm(mnkl, a, b, c, cutlass.Float16, cutlass.Float16, cutlass.Float32, atom_layout_mnk)
