"""sglang's fused RMSNorm (across all heads) + interleaved RoPE for Wan's self-attention q / k
(sglang/kernels/ops/diffusion/rope/rmsnorm_interleaved_rope_cutedsl.py, RMSNormInterleavedRope), sm_90a, compiled as
its `_launch` does for the in-place path `fused_rmsnorm_interleaved_rope_` (blocked off): bf16 rows of H = 5120
(Wan 2.1 14B: 40 heads of 128), head_dim 128, a run-time row count (divisibility 64) and row stride, an fp32
(positions, head_dim) cos | sin cache, the Int64 destination table it never reads. The kernel sizes its SMEM path by
the device (`torch.cuda.get_device_properties`): the stand-in answers with an H100's opt-in shared memory, so the
rows are staged in SMEM by cp.async (`use_async_copy`), as on the GPUs it targets.
"""

import types

from _common import dynamic, flashinfer, sglang, stream, tensor

ARCH = "sm_90a"


def compile_only(hidden=5120, head_dim=128):
    import cutlass
    from cutlass import cute

    # the kernel imports flashinfer's RMSNorm helpers (norm/utils.py); load them with flashinfer's __init__s skipped
    flashinfer("cute_dsl.utils", host_only=("utils",))
    flashinfer("norm.utils")
    module = sglang("kernels.ops.diffusion.rope.rmsnorm_interleaved_rope_cutedsl")
    import torch

    if not hasattr(torch, "__file__"):  # the stand-in, not a real torch
        torch.cuda.get_device_properties = lambda _device: types.SimpleNamespace(shared_memory_per_block_optin=232448)
    rows = cute.sym_int(64)
    x = cute.runtime.make_fake_tensor(cutlass.BFloat16, (rows, hidden), (cute.sym_int64(divisibility=8), 1),
                                      assumed_align=16)
    w = tensor(cutlass.BFloat16, (hidden,))
    cos_sin = tensor(cutlass.Float32, (dynamic(64), head_dim), order=(1, 0))
    dst = tensor(cutlass.Int64, (dynamic(64),), align=8)
    norm = module.RMSNormInterleavedRope(cutlass.BFloat16, hidden, head_dim, False)
    return cute.compile(norm, x, w, x, cos_sin, dst, cutlass.Int64(1), cutlass.Int64(1), cutlass.Float32(1e-6),
                        stream())
