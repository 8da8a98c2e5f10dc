"""flashinfer's fused RMSNorm + FP4 quantization (flashinfer/cute_dsl/rmsnorm_fp4quant.py, RMSNormFP4QuantKernel),
sm_100a, compiled by the package's own `_get_compiled_kernel` with `rmsnorm_fp4quant`'s defaults: bf16 input,
hidden size 4096, NVFP4 (16-value blocks, E4M3 scales), row-major (unswizzled) scales, PDL off, a run-time row
count. Its cluster size comes from the device's opt-in shared memory: the torch stand-in answers a B200's 232448
bytes, so one CTA per row block (cluster_n = 1, 2 rows of 64 threads per CTA).
"""

from _common import flashinfer

ARCH = "sm_100a"


def compile_only(hidden=4096):
    import types

    module = flashinfer("cute_dsl.rmsnorm_fp4quant", host_only=("utils",))
    module.torch.cuda.get_device_properties = lambda _device: types.SimpleNamespace(
        shared_memory_per_block_optin=232448)
    return module._get_compiled_kernel.__wrapped__(hidden, 16, False, 100, "e4m3", False, False)
