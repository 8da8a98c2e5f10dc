"""NVIDIA/TensorRT-LLM's row argmax for speculative decoding (tensorrt_llm/_torch/cute_dsl_kernels/argmax.py,
`ArgmaxKernel.kernel`, derived from an older quack reduction base), no MMA: a row per 256-thread CTA (4 fp32 values
per 128-bit cp.async, 32 vectors per thread), the vocabulary split over a 4-CTA cluster; the CTA's (1, 32768) slice is
cp.async-copied through a TV-layout tiled copy into SMEM (columns past the vocabulary predicated off and filled with
-inf), copied to registers, each thread's running (max, argmax) taken over its values with the columns read from a
`composition` of the tile's identity with the TV layout, reduced per warp by redux.sync, across the warps and the
cluster's CTAs through an SMEM (rows, (warps, cluster), stage, 2) buffer written remotely by st.async, and
(max, index) stored by scalar writes.

Configured as `argmax(x)` compiles it for fp32 logits (its only kernel dtype; others fall back to torch): `from_dlpack(
x, assumed_align=16).mark_compact_shape_dynamic(mode=0, stride_order=(0, 1))` for x (M, N) and out (M, 2), M
run-time, N = 128256 (a Llama-3 vocabulary: cluster 4, predicated tail), `use_redux` True (sm_100). Shim: the file's
`from ..cute_dsl_utils import IS_CUTLASS_DSL_AVAILABLE` is answered by a stub module holding True (that module, which
probes the installed DSL, is not in the tree); torch is the stand-in.
"""

import sys
import types

from _common import github_source

SOURCE = ("NVIDIA/TensorRT-LLM", "ae586dd6c37504baa333ca1f6dc2a00b747133e0")
ARCH = "sm_100a"


def _rows(cols):
    import cutlass
    from cutlass import cute

    return cute.runtime.make_fake_tensor(cutlass.Float32, (cute.sym_int(), cols), stride=(cols, 1), assumed_align=16)


def compile_only():
    from cutlass import cute

    from _common import stream

    dsl_utils = types.ModuleType("tensorrt_llm._torch.cute_dsl_utils")
    dsl_utils.IS_CUTLASS_DSL_AVAILABLE = True
    sys.modules.setdefault(dsl_utils.__name__, dsl_utils)
    mod = github_source(SOURCE[0], ".", "tensorrt_llm._torch.cute_dsl_kernels.argmax")
    import cutlass

    vocab = 128256
    kernel = mod.ArgmaxKernel(cutlass.Float32, vocab, use_redux=True)
    return cute.compile(kernel, _rows(vocab), _rows(2), stream())
