"""CUTLASS's Blackwell FMHA backward example (cute/blackwell/kernel/attention/fmha/fmha_bwd.py), sm_100a.

Its run() defaults: s_q = s_k = 1024, h_q = h_k = 8, d = 128, b = 1, fp16 in and out, fp32 accumulators, a
128x128 MMA tile, neither causal nor windowed nor varlen (so the mask is WINDOW_MASK_BWD with no window). Q, K, V,
O, dQ, dK, dV, dO are (b, s, h_k, h_r, d) permuted to (s, d, h_r, h_k, b), head dim contiguous; LSE is
(b, h_k, h_r, s) permuted to (s, h_r, h_k, b); the workspace is a byte buffer of `_get_workspace_size`.
"""

import _fake
import _sources

ARCH = "sm_100a"


def compile_only(b=1, s_q=1024, s_k=1024, h_q=8, h_k=8, d=128):
    import cutlass

    example = _sources.cutlass_example("cute/blackwell/kernel/attention/fmha/fmha_bwd.py")
    fmha_utils = __import__("helpers.fmha_helpers", fromlist=["MaskEnum"])
    f16, f32 = cutlass.Float16, cutlass.Float32
    h_r = h_q // h_k
    # (s, d, h_r, h_k, b) views of C-ordered (b, s, h_k, h_r, d) tensors: d, h_r, h_k, s, b from inner to outer
    order = (3, 0, 1, 2, 4)
    q, o, dq, do = (_fake.tensor(f16, (s_q, d, h_r, h_k, b), order) for _ in range(4))
    k, v, dk, dv = (_fake.tensor(f16, (s_k, d, 1, h_k, b), order) for _ in range(4))
    lse = _fake.tensor(f32, (s_q, h_r, h_k, b), (0, 1, 2, 3))
    bwd = example.BlackwellFusedMultiHeadAttentionBackward
    workspace = _fake.tensor(cutlass.Uint8, (bwd._get_workspace_size(s_q, s_k, d, h_q, b, f32),))
    kernel = bwd(f16, f32, (128, 128, d), False, fmha_utils.MaskEnum.WINDOW_MASK_BWD)
    problem = (s_q, s_k, d, ((h_r, h_k), b))
    return cutlass.cute.compile(kernel, problem, q, k, v, o, dq, dk, dv, do, lse, None, None, 1.0 / d ** 0.5,
                                None, None, workspace, _fake.stream())
