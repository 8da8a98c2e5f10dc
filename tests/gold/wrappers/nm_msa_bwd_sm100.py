"""nemo-automodel's MiniMax M3 MSA main-attention backward for SM100
(nemo_automodel/components/models/minimax_m3_vl/kernels/msa_backward_sm100.py, _MSABackwardSm100Kernel), sm_100a.

Compiled by the package's own `_compile` (what `run_backward` calls): bf16 q / dO (64 query heads), k / v
(4 KV heads) as head-major views of a dynamic token count and a 128-aligned KV workspace, head dim 128; fp32 LSE and
delta; int32 task tables (meta, 8 query ids, 8 positions) of a dynamic task count; the bf16 head-pair-interleaved dQ
pool; fp32 dK / dV pools; the CTA-walk descriptor (`--enable-tvm-ffi`, static shapes elsewhere). Each 128-row tile
is 8 queries x 16 main heads of one index head; K/V stay in SMEM per (batch, index head, key block) bucket; five
tcgen05 GEMMs, all transposed (S^T, dP^T, dV, dK, dQ^T), over four 128-column TMEM regions.
"""

from _common import nemo_automodel

ARCH = "sm_100a"


def compile_only():
    module = nemo_automodel("components.models.minimax_m3_vl.kernels.msa_backward_sm100")
    return module._compile.__wrapped__()
