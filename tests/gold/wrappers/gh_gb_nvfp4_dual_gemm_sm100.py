"""goldbar123467/nvfp4_dual_gemm's NVFP4 block-scaled dual GEMM for B200 (src/submission.py, `kernel` launched by
`my_kernel`): C = silu(A B1^T) * (A B2^T), A (M, K, L), B1 and B2 (N, K, L) fp4 (e2m1) K-major with fp8 (e4m3)
scale factors per 16 K values, C (M, N, L) fp16. One CTA of 128 threads per 128 x 128 output tile (no cluster): warp
0 TMA-loads the A, B1, B2, SFA, SFB1, SFB2 tiles (K tile 256) into a one-stage SMEM ring, copies the scale factors
to TMEM (tcgen05 s2t), and issues two tcgen05 block-scaled MMAs per k-block (128 x 128 x 64, A shared) into two
TMEM accumulators; all four warps read both accumulators to registers (tcgen05.ld 32x32b x128), apply SiLU to the
first, multiply by the second, and store fp16 C straight to global with a universal copy.

Configured as the module's own `compile_kernel` compiles it: `my_kernel` on raw gmem pointers (A, B1, B2, C 16-byte
aligned, scale factors 32-byte aligned) and a problem size of run-time integers; `my_kernel` builds the tensors
((m, k, l) K-major, SF layouts from `tile_atom_to_shape_SF`). The module imports the competition harness's `task`
(type aliases only): the wrapper registers a stand-in with those two names.
"""

from _common import github_file

SOURCE = ("goldbar123467/nvfp4_dual_gemm", "22a55a66dffd84577be660303e4fb4cfc0c0ff97")

ARCH = "sm_100a"


def compile_only():
    import sys
    import types

    if "task" not in sys.modules:
        task = types.ModuleType("task")
        task.input_t = task.output_t = tuple
        sys.modules["task"] = task
    submission = github_file(SOURCE[0], "src/submission.py", "goldbar_submission")
    return submission.compile_kernel()
