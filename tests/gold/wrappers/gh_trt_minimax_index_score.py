"""NVIDIA/TensorRT-LLM's MiniMax-M3 index decode block scoring (tensorrt_llm/_torch/cute_dsl_kernels/blackwell/
minimax_m3_index_decode_score.py, `IndexDecodeScoreKernel`, vendored from vLLM's index_decode_score.py), sm_100a,
warp-level mma.sync (no tcgen05): one 160-thread CTA per (request, split). Warp 4 loads the request's decode queries
Q (MAX_DQL tokens x heads x head_dim) by TMA into SMEM aliasing K's first stage, then walks the request's paged
index-K blocks (128 keys x head_dim, page picked from block_table) by TMA into a 2-stage swizzled SMEM ring under
full / empty mbarriers. Warps 0-3 each take 32 keys: ldmatrix Q once into registers, then per block ldmatrix K and
accumulate S^T = K Q^T by m16n8k32 MMAs (FP8 fragments converted to two FP16 k-fragments by inline PTX), mask
causally, reduce each query column's max over the warp's keys by shuffles, leave it in an SMEM (query, warp) buffer,
and one lane per query column writes the block's max score to `score[head, token, block]`.

Configured as the vendored upstream's host compiles it (vLLM `IndexDecodeScoreKernel.compile`; TensorRT-LLM moved
it into its trtllm::cute_dsl_minimax_m3_index_decode_score runner, not in the stored index): quack's
`make_fake_tensor` views, Q (total_tokens, heads, head_dim) and the paged K cache (pages, 128, head_dim) divisible by
16, block_table int32 (bs, max_pages), score fp32 (heads, total_tokens, max_pages) divisible by 4, seq_lens int32
(bs,), the extents run-time. Here FP8 E4M3 (the index cache's dtype; the FP8 -> FP16 fragment path), 4 index heads,
max_decode_query_len 4 (so 16 query columns, 2 MMA N-tiles), split_k 4, head_dim 128.

Helper modules: blackwell/cute_ptx_utils.py read at c50d48fe2a576f6238a547bc00923d157f5883aa (its only stored
version). blackwell/utils.py's stored version (2a9abd95) predates the `TRTLLM_ENABLE_PDL`,
`griddepcontrol_wait`, `griddepcontrol_launch_dependents` the kernel imports from it, so that module is stubbed here
with those three (PDL off, CuTeDSL's own griddepcontrol ops): no tensor flows through them.
"""

import sys
import types

from _common import github_source

SOURCE = ("NVIDIA/TensorRT-LLM", "a9491696b117c75ddaa56f06230f4e1626b19df7")
ARCH = "sm_100a"

_PACKAGE = "tensorrt_llm._torch.cute_dsl_kernels.blackwell"


def _utils_stub():
    from cutlass import cute

    stub = types.ModuleType(f"{_PACKAGE}.utils")
    stub.TRTLLM_ENABLE_PDL = False
    stub.griddepcontrol_wait = cute.arch.griddepcontrol_wait
    stub.griddepcontrol_launch_dependents = cute.arch.griddepcontrol_launch_dependents
    sys.modules.setdefault(stub.__name__, stub)


def compile_only():
    from cutlass import Float8E4M3FN, Float32, Int32, cute

    from _common import quack

    _utils_stub()
    mod = github_source(SOURCE[0], ".", f"{_PACKAGE}.minimax_m3_index_decode_score")
    make_fake_tensor = quack("compile_utils").make_fake_tensor
    heads, max_dql, split_k, head_dim = 4, 4, 4, 128
    block_k = mod.IndexDecodeScoreKernel.BLOCK_K
    bs, total_tokens = cute.sym_int(), cute.sym_int()
    q = make_fake_tensor(Float8E4M3FN, (total_tokens, heads, head_dim), divisibility=16)
    k_cache = make_fake_tensor(Float8E4M3FN, (cute.sym_int(), block_k, head_dim), divisibility=16)
    block_table = make_fake_tensor(Int32, (bs, cute.sym_int()), divisibility=1)
    score = make_fake_tensor(Float32, (heads, total_tokens, cute.sym_int()), divisibility=4)
    seq_lens = make_fake_tensor(Int32, (bs,), divisibility=1)
    kernel = mod.IndexDecodeScoreKernel(Float8E4M3FN, heads, max_dql, split_k, head_dim)
    stream = cute.runtime.make_fake_stream(use_tvm_ffi_env_stream=True)
    return cute.compile(kernel, q, k_cache, block_table, score, seq_lens, stream)
