"""liger-kernel's CuTeDSL fused gate/up projection + SwiGLU on Blackwell: the persistent 2-CTA tcgen05 GEMM
`_kernel` of liger_kernel/ops/cutedsl/ops/_sm100_gemm.py with swiglu.py's `_fused_swiglu_epilogue`, sm_100a,
compiled as `fused_swiglu(a, gate_up_weight)` -> `_fused_swiglu_sm100` -> `run_grouped_epilogue_gemm_stacked`
compiles `_host` for Llama-3 8B's MLP: 8192 tokens, K = 4096, a plainly stacked [gate; up] weight of 2 x 14336
rows (b_stacked: the kernel views it with a nested N layout), bf16. `_run_epilogue_gemm`'s choices there: two
epilogue fragments, 6 AB stages (64 M tiles), swizzle 8, TMA output (the row pitch is 16-byte aligned), and a
B200's 148 SMs / 2 = 74 active clusters; the TVM-FFI path's fake tensors (`_fake_matrix`, and the output's
`_fake_dynamic_tensor` with stride divisibility 8), compiled with `--enable-tvm-ffi`. swiglu.py's torch-facing helpers (`liger_kernel.ops.utils`, `liger_kernel.utils`) are answered
by the stand-in.
"""

from _common import liger_kernel

ARCH = "sm_100a"


def compile_only():
    import cutlass
    from cutlass import cute

    gemm = liger_kernel("ops.cutedsl.ops._sm100_gemm")
    swiglu = liger_kernel("ops.cutedsl.ops.swiglu", host_only=("ops.utils", "utils"))
    torch = __import__("torch")
    a = gemm._fake_matrix(torch.bfloat16)
    b = gemm._fake_matrix(torch.bfloat16)
    out = cute.runtime.make_fake_tensor(cutlass.BFloat16, (cute.sym_int(), cute.sym_int()),
                                        stride=(cute.sym_int64(divisibility=8), 1), assumed_align=16)
    return cute.compile(gemm._host, a, b, out, gemm._NUM_AB_STAGES, swiglu._fused_swiglu_epilogue, 2, True, True, 8,
                        148 // 2, cute.runtime.make_fake_stream(), options="--enable-tvm-ffi")
