"""flashinfer's Mamba2 SSD chunked scan (flashinfer/mamba/ssd_kernel.py, SSDKernel), sm_100a, compiled by the
package's own `_get_compiled_ssd_kernel` (flashinfer/mamba/ssd_combined.py) as `SSDCombined` configures it by
default: bf16 io and state, fp32 cumsum and accumulators, D per head without a head-dim mode (has_d, not
d_has_hdim), no initial states, no varlen, no z gating, int64 seq_idx; chunk_size 128, headdim 64, dstate 128
(Mamba2's own chunking of a 64-dim head over a 128-dim state), and 148 active clusters (a B200's SMs). Chunk,
head, group and batch counts are run-time values (the package's fake tensors).
"""

from _common import flashinfer

ARCH = "sm_100a"


def compile_only(chunk_size=128, headdim=64, dstate=128):
    import cutlass

    module = flashinfer("mamba.ssd_combined", host_only=(
        "api_logging", "jit.mamba.seq_chunk_cumsum", "trace.templates.mamba", "triton.kernels.ssd_chunk_state"))
    return module._get_compiled_ssd_kernel(
        chunk_size, headdim, dstate, True, False, False, False, False, cutlass.BFloat16, cutlass.BFloat16,
        cutlass.Int64, cutlass.Float32, cutlass.Float32, 148)
