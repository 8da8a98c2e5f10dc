"""sglang's chunked gated-delta-net (GDN) output kernel for Blackwell
(sglang/kernels/ops/attention/linear/gdn_blackwell/kernel_o.py, `Sm100ChunkOKernel`), sm_100a.

Compiled by the package's own `Sm100ChunkOKernel.compile` (what `o_cutedsl` calls) for Qwen3-Next's linear-attention
layers: 16 query/key heads, 32 value heads, key and value dims 128, 64-token chunks, 2 stages; its fake tensors
are quack's `make_fake_tensor` with symbolic token, chunk and state counts. Ten warps: a TMA warp loads each
chunk's Q, K (by the q/k head), V and the chunk's state H (by the value head); an MMA warp issues raw tcgen05 MMAs
from hand-made SMEM descriptors: QK^T and Q H^T into TMEM, then P V with P read from TMEM; four masking warps read
QK^T back (tcgen05.ld), apply the decay Gamma and the causal mask and write P to TMEM (tcgen05.st); four epilogue
warps combine scale * (exp(g_cu) Q H^T + P V), stage it in SMEM by stmatrix and store it by TMA (full chunks) or by
4-byte stores (the tail chunk).
"""

from _common import sglang

ARCH = "sm_100a"


def compile_only(heads=16, value_heads=32, dim=128):
    module = sglang("kernels.ops.attention.linear.gdn_blackwell.kernel_o")
    return module.Sm100ChunkOKernel.compile(heads, value_heads, dim, dim)
