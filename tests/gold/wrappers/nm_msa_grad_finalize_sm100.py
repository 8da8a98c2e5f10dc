"""nemo-automodel's MiniMax M3 MSA gradient finalize for SM100
(nemo_automodel/components/models/minimax_m3_vl/kernels/msa_backward_postprocess_sm100.py, _MSAGradFinalizeSm100),
sm_100a.

Compiled by the package's own `_compile(torch.bfloat16, True)`, the configuration `run_grad_finalize` picks after
the main backward (its dQ pool is the bf16 head-pair-interleaved `[T, Hq/2, D, 2]`): the pool as `[rows, 256]` rows
of one (token, head pair), its bf16 gradient view, and the fp32 dK/dV pool with its bf16 output as 2048-element
chunks (dynamic row and chunk counts, `--enable-tvm-ffi`). No MMA: a block either de-interleaves 16 dQ pool rows
(16 lanes per row, 16 values each, two 128-bit stores per lane) or casts one 2048-element dK/dV chunk.
"""

from _common import nemo_automodel

ARCH = "sm_100a"


def compile_only():
    module = nemo_automodel("components.models.minimax_m3_vl.kernels.msa_backward_postprocess_sm100")
    torch = module.torch  # the stand-in the loader installed
    return module._compile.__wrapped__(torch.bfloat16, True)
