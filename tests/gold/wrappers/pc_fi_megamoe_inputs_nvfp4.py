"""flashinfer's MegaMoE input staging (moe_ep/kernel_src/sm100/cutedsl_megamoe/src/src/inputs_process.py), sm_100a,
its NVFP4 build with the online global scale (the harness's "online" case): three launches, the scale slot's seed,
the per-token amax kernel (atomic-min of the norm constant) and the quantizer (the whole bf16 row staged into a
swizzled SMEM row by cp.async, each 16-value block read back by a 128-bit copy, E2M1 codes written by one 64-bit copy,
the E4M3 scale through a stride-0 broadcast view of the scales); hidden 4096, top-k 8."""

from _fi_megamoe_inputs import compile_build

ARCH = "sm_100a"


def compile_only():
    return compile_build("nvfp4")
