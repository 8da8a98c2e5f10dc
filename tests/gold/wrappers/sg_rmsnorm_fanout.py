"""sglang's RMSNorm fan-out: one row load and reduction, three weighted outputs (Gemma 4 diffusion's
pre-feed-forward norms and the router's norm) (sglang/kernels/ops/layernorm/rmsnorm_fanout.py, `RMSNormFanout`, a
subclass of flashinfer's RMSNormKernel with its own kernel body), sm_100a, compiled as its `_compile_fanout` does:
bf16 rows of width 4096 (a run-time row count, divisibility 64, contiguous), three (4096,) weights, three outputs.
The model turns it on only on SM100 (`is_sm100_supported`), so the wrapper names sm_version 100 where the package
asks the GPU (`get_sm_version`), and the stand-in answers the device's opt-in shared memory (a B200's), which gives
cluster_n 1 (the only case `_fanout_kernel` admits) and the cp.async SMEM path.
"""

import types

from _common import flashinfer, row_major, sglang, stream, tensor

ARCH = "sm_100a"


def compile_only(width=4096):
    import cutlass
    from cutlass import cute

    # the subclass imports flashinfer's RMSNormKernel and helpers; load them with flashinfer's __init__s skipped
    flashinfer("cute_dsl.utils", host_only=("utils",))
    flashinfer("norm.kernels.rmsnorm")
    module = sglang("kernels.ops.layernorm.rmsnorm_fanout")
    import torch

    if not hasattr(torch, "__file__"):  # the stand-in, not a real torch
        torch.cuda.get_device_properties = lambda _device: types.SimpleNamespace(shared_memory_per_block_optin=232448)
    kernel = module._fanout_kernel_type()(cutlass.BFloat16, width, sm_version=100)
    assert kernel.cluster_n == 1, "rmsnorm_fanout admits single-CTA rows only"
    rows = cute.sym_int(64)
    matrix = row_major(cutlass.BFloat16, (rows, width))
    weight = tensor(cutlass.BFloat16, (width,))
    return cute.compile(kernel, matrix, weight, weight, weight, matrix, matrix, matrix, cutlass.Int64(1),
                        cutlass.Float32(1e-6), stream())
