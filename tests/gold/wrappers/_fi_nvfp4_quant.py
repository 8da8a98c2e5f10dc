"""flashinfer's NVFP4 quantizer module (flashinfer/quantization/kernels/nvfp4_quantize.py) loaded for compile-only
use: the wrappers fi_nvfp4_quant_tma and fi_nvfp4_quant_per_token compile one of its kernels each."""

from _common import flashinfer

# Blackwell B200's shared memory per multiprocessor (bytes), as the driver reports it there
_B200_SMEM_PER_SM = 233472


def nvfp4_quantize_module():
    """The module, its package __init__s skipped; its launches' `min_blocks_per_mp` above 1 make CuTeDSL ask the
    driver for the shared memory per multiprocessor (the carveout), which needs a GPU: answered with B200's."""
    from cutlass.base_dsl.runtime import cuda as cuda_helpers

    flashinfer("cute_dsl.fp4_common", host_only=("utils",))  # its package, without the __init__ that imports jit
    module = flashinfer("quantization.kernels.nvfp4_quantize", host_only=("api_logging", "jit", "jit.cute_dsl_core"))
    cuda_helpers.get_device_attribute = lambda attribute, device_id=0: _B200_SMEM_PER_SM
    return module


def fake_quantizer_operands(k):
    """The fake (rows, K) bf16 input, the (rows, K / 2) packed output and the flat scale bytes both wrappers' kernels
    are compiled with, rows symbolic; and the rows' symbol."""
    import cutlass
    from cutlass import cute

    rows = cute.sym_int()
    x = cute.runtime.make_fake_compact_tensor(cutlass.BFloat16, (rows, k), stride_order=(1, 0), assumed_align=16)
    out = cute.runtime.make_fake_compact_tensor(cutlass.Uint8, (rows, k // 2), stride_order=(1, 0), assumed_align=16)
    scales = cute.runtime.make_fake_compact_tensor(cutlass.Uint8, (cute.sym_int(),), assumed_align=16)
    return x, out, scales, rows
