"""gn-kernels' SM120 attention forward (gau-nernst/gn-kernels, gn_kernels/cutedsl/sm120/sm120_attn_bf16.py,
`Sm120Attn`), sm_120a: one CTA per (64-query tile, head, batch), five warps. Warp 4 TMA-loads the Q tile once and
a 3-stage ring of 64-key K and V tiles (K and V share the ring's slots, Q aliases slot 0); warps 0-3 each own 16
queries: ldmatrix of Q, K and (transposed) V from hand-divided SMEM views, S = Q K^T and O += P V by inline-PTX
mma.sync m16n8k16 on register arrays the code shapes itself, an online softmax in registers, and O written by
32-bit stores through a hand-divided view of the output rows.

Configured as `attn()` -> `Sm120Attn.compile(num_heads)` compiles it: Q, K, V, O (batch, seq, heads, 128) bf16
with symbolic batch and sequence lengths and 16-byte-divisible outer strides, heads 8 (benchmark_attn.py's
default `--nh`), a TVM-FFI environment stream.
"""

from _common import github_source

ARCH = "sm_120a"
SOURCE = ("gau-nernst/gn-kernels", "ba18197032228d112a36bf4105b1a0a96dd0ca50")


def compile_only(num_heads=8):
    module = github_source(SOURCE[0], "", "gn_kernels.cutedsl.sm120.sm120_attn_bf16")
    return module.Sm120Attn.compile(num_heads)
