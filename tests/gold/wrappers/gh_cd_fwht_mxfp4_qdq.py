"""cuDNN frontend's normalized 128-point Walsh-Hadamard transform with an MXFP4 quantize-dequantize (NVIDIA/
cudnn-frontend at 00d58f81, python/cudnn/ops/_fwht_mxfp4_qdq_cutedsl.py, `_fwht_mxfp4_kernel` via `_fwht_mxfp4`; not
in the pinned nvidia-cudnn-frontend 1.32.0): each row of a bf16 [M, 128] tensor is transformed by H128 / sqrt(128),
quantized to E2M1 with one UE8M0 scale for the row's 128 values, dequantized, and written back as bf16. The host views
both tensors as (16 words, 4 lanes, rows) of packed bf16 pairs; four threads share a row, each copying its 16 words
(32 values) into registers by one vector copy, running the transform's local stages in registers and the two cross-lane
stages by butterfly shuffles, reducing the amax, and writing its 16 quantize-dequantized words back by one vector copy.

Configured as `run_fwht_mxfp4_qdq(x, out)` compiles it: `cute.compile(_fwht_mxfp4, from_dlpack(x, enable_tvm_ffi=True,
assumed_align=32).mark_layout_dynamic(), <the same for out>, stream, options="--enable-tvm-ffi")` on contiguous bf16
[M, 128] tensors: `_common.dynamic_layout(BFloat16, 2, align=32)` for both.

The tree: the file is not in the fetchable snapshot of NVIDIA/cudnn-frontend, so it was written from the stored index
(`read_file` at 00d58f81, 7839 characters, the index's `total_chars`) to its repository path under
`$CUTE_INSPECT_GOLD_SOURCES/NVIDIA+cudnn-frontend/`; it imports nothing from its package. Its records' paths show as
`cudnn/ops/...` (the `cudnn/` package prefix of `tests/gold/_trace.py` matches the tree's `python/cudnn/`).
"""

from _common import dynamic_layout, github_file

ARCH = "sm_100a"
SOURCE = ("NVIDIA/cudnn-frontend", "00d58f819125cdc2564716fcbdaa48491e3c5086")


def compile_only():
    import cutlass
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_stream

    module = github_file(SOURCE[0], "python/cudnn/ops/_fwht_mxfp4_qdq_cutedsl.py", "gh_cd_fwht_mxfp4_qdq_kernel")
    x = dynamic_layout(cutlass.BFloat16, 2, align=32)
    out = dynamic_layout(cutlass.BFloat16, 2, align=32)
    return cute.compile(module._fwht_mxfp4, x, out, make_fake_stream(), options="--enable-tvm-ffi")
