"""gpu-mode/reference-kernels' CuTe reference for the NVFP4 block-scaled GEMV problem (problems/nvidia/nvfp4_gemv/
template_cute.py, `kernel`), no MMA: c (M, 1, L) fp16 = A (M, K, L) NVFP4 x b (1, K, L) NVFP4 with an E4M3 scale per 16
K values on each side. One CTA per 128 rows (and batch), one thread per row: each 64-wide K tile of the row and of b,
and their scale factors (laid out in the tcgen05 block-scaled form by `tile_atom_to_shape_SF`), are loaded, converted to
fp32 in registers and multiplied-accumulated element by element; the fp32 sum is written as fp16.

Configured as the module's `compile_kernel` compiles it (the host path `custom_kernel` calls): global pointers made by
`make_ptr` at address 0 (A, B 16-byte aligned, the scale factors 32), problem size (0, 0, 0, 0) static.
"""

from _gm_reference_kernels import SOURCE, module  # noqa: F401  (SOURCE pins the tree)

ARCH = "sm_100a"


def compile_only():
    template = module("nvfp4_gemv", "template_cute")
    template._compiled_kernel_cache = None
    return template.compile_kernel()
