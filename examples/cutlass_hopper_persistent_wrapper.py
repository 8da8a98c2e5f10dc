"""Compile-only wrapper: trace CUTLASS's own Hopper persistent wgmma GEMM example, unmodified, with no GPU.

The kernel is not copied here: point CUTLASS_DSL_EXAMPLES at a CUTLASS checkout's examples/python/CuTeDSL
(default /tmp/cutlass/examples/python/CuTeDSL) and run

    cute-inspect check examples/cutlass_hopper_persistent_wrapper.py:compile_only --arch sm_90a
"""

import importlib.util
import os
import sys

_EXAMPLE = "cute/hopper/kernel/dense_gemm/dense_gemm_persistent.py"


def _load_example():
    root = os.environ.get("CUTLASS_DSL_EXAMPLES", "/tmp/cutlass/examples/python/CuTeDSL")
    path = os.path.join(root, _EXAMPLE)
    if not os.path.isfile(path):
        raise FileNotFoundError(
            f"{path}: CUTLASS's example is missing; set CUTLASS_DSL_EXAMPLES to a CUTLASS checkout's "
            "examples/python/CuTeDSL"
        )
    spec = importlib.util.spec_from_file_location("cutlass_hopper_dense_gemm_persistent", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def compile_only(tile_shape_mn=(128, 256), cluster_shape_mn=(1, 1), mnkl=(1024, 1024, 1024, 1)):
    """fp16 in, fp32 accumulate, fp16 out, all K-major (C N-major); tensors (m,k,l), (n,k,l), (m,n,l)."""
    import cutlass
    from cutlass.cute.runtime import make_fake_compact_tensor, make_fake_stream

    example = _load_example()
    m, n, k, l = mnkl
    a = make_fake_compact_tensor(cutlass.Float16, (m, k, l), stride_order=(1, 0, 2), assumed_align=16)
    b = make_fake_compact_tensor(cutlass.Float16, (n, k, l), stride_order=(1, 0, 2), assumed_align=16)
    c = make_fake_compact_tensor(cutlass.Float16, (m, n, l), stride_order=(1, 0, 2), assumed_align=16)
    gemm = example.HopperWgmmaGemmPersistentKernel(cutlass.Float32, tile_shape_mn, cluster_shape_mn, 1, True)
    return cutlass.cute.compile(gemm, a, b, c, 132, make_fake_stream())
