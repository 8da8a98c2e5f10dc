"""NVIDIA/TensorRT-LLM's strided MXFP8 packing of attention Q / K (tensorrt_llm/_torch/cute_dsl_kernels/blackwell/
mxfp8_attention_pack.py, `qk_kernel` launched by `launch_qk`), sm_100a, no MMA, no SMEM: one 128-thread CTA per
(32-token tile, batch x head); each thread loads 8 contiguous head-dim values of one token by a 128-bit universal copy
(a `zipped_divide(x[b, h, s, None], (8,))` packet) into an 8-value register fragment, quantizes them by inline PTX
(block-32 amax across 4 lanes by shuffles, an E8M0 scale, eight E4M3 bytes), stores the bytes by a 64-bit copy into
the same packet of the payload, and every fourth lane writes its scale byte at a swizzled flat offset of `sf`.

Configured as the visual-gen attention backend's `_pack(x, "qk")` (custom op `trtllm::visual_gen_mxfp8_qk`)
compiles it: `cute.compile(launch_qk, x, payload, scales, stream)` on `from_dlpack(t, assumed_align=16)` views (static
layouts): x bf16 (B, H, S, 128) (here contiguous, B 2, H 8, S 4096, the op's shortest eligible sequence), payload
uint8 (B, H, padded S, 128), scales uint8 flat (B * H * padded S * 4). No shim; the kernel imports nothing from
tensorrt_llm. (The file's `v_kernel` does not compile under CuTeDSL 4.8.1: it rebinds `packet` inside a run-time `if`
from an SMEM bf16 view to a GMEM uint8 one, CONTAINER_STRUCTURE_CHANGED; not wrapped.)
"""

from _common import stream
from _trt import kernel_file

SOURCE = ("NVIDIA/TensorRT-LLM", "7eb4124a0902e01ae1d7a804d19640f93cc58336")
ARCH = "sm_100a"


def compile_only():
    import cutlass
    from cutlass import cute

    from _common import row_major

    mod = kernel_file("blackwell/mxfp8_attention_pack.py", "trt_mxfp8_attention_pack")
    b, h, s, d = 2, 8, 4096, 128
    padded = (s + 127) // 128 * 128
    x = row_major(cutlass.BFloat16, (b, h, s, d))
    payload = row_major(cutlass.Uint8, (b, h, padded, d))
    scales = row_major(cutlass.Uint8, (b * h * padded * 4,))
    return cute.compile(mod.launch_qk, x, payload, scales, stream())
