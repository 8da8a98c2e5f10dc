"""Load CUTLASS's own CuTeDSL example files by path (never copied here), and make the fake tensors they take.

Point CUTLASS_DSL_EXAMPLES at a CUTLASS checkout's examples/python/CuTeDSL (default
/tmp/cutlass/examples/python/CuTeDSL).
"""

import importlib.util
import os
import sys


def load(relative_path: str, *search: str):
    """Import ``CUTLASS_DSL_EXAMPLES/relative_path`` as a module (once per process); `search` names more
    directories under the examples root that the example imports its siblings from (``cute`` for ``blackwell...``)."""
    root = os.environ.get("CUTLASS_DSL_EXAMPLES", "/tmp/cutlass/examples/python/CuTeDSL")
    path = os.path.join(root, relative_path)
    if not os.path.isfile(path):
        raise FileNotFoundError(
            f"{path}: CUTLASS's example is missing; set CUTLASS_DSL_EXAMPLES to a CUTLASS checkout's "
            "examples/python/CuTeDSL"
        )
    for directory in (root, *(os.path.join(root, d) for d in search)):
        if directory not in sys.path:  # examples import their siblings as ``cute.blackwell...``, ``helpers``
            sys.path.append(directory)
    name = "cutlass_example_" + os.path.splitext(relative_path)[0].replace("/", "_")
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def mnl_tensors(mnkl, ab_dtype=None, c_dtype=None, extra_outputs=0):
    """Fake K-major A (m,k,l), B (n,k,l) and N-major C (m,n,l) (+ more outputs shaped like C), as the
    CUTLASS GEMM examples' ``create_tensors`` builds them."""
    import cutlass
    from cutlass.cute.runtime import make_fake_compact_tensor

    ab_dtype = ab_dtype or cutlass.Float16
    c_dtype = c_dtype or cutlass.Float16
    m, n, k, batch = mnkl
    a = make_fake_compact_tensor(ab_dtype, (m, k, batch), stride_order=(1, 0, 2), assumed_align=16)
    b = make_fake_compact_tensor(ab_dtype, (n, k, batch), stride_order=(1, 0, 2), assumed_align=16)
    outs = [make_fake_compact_tensor(c_dtype, (m, n, batch), stride_order=(1, 0, 2), assumed_align=16)
            for _ in range(1 + extra_outputs)]
    return (a, b, *outs)
