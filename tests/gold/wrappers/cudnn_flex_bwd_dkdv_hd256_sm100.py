"""nvidia-cudnn-frontend's flex-attention backward at head dim 256 for Blackwell, its dK / dV kernel alone
(cudnn/flex_attention/kernels/sm100/bwd/backward_dkdv_hd256.py, BlackwellFusedMultiHeadAttentionBackwardDKDVKernel),
sm_100a.

The second of the two kernels `backward_hd256.BlackwellFusedMultiHeadAttentionBackward` launches apart (the first,
dQ, is `cudnn_flex_bwd_dq_hd256_sm100`): per tile of keys it walks the query blocks the K-to-Q plan lists,
recomputes the scores and dP, and accumulates dV and dK. Same configuration as the dQ wrapper (bf16, not varlen,
no GQA, dynamic extents but the head dim 256, the block-sparse CSR plan).
"""

from cudnn_flex_bwd_dq_hd256_sm100 import compile_for

ARCH = "sm_100a"


def compile_only():
    return compile_for("dkdv")
