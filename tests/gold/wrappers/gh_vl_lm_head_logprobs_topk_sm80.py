"""vLLM's compact prompt-logprobs LM head with its top-32 selection (vllm/model_executor/kernels/linear/cute_dsl/
_lm_head_logprobs_mainloop.py, `_LMHeadLogprobsCpAsync.kernel` with `_compute_vocab_block` and
`_update_topk_warp_select_from_smem`: the top-k specialization), sm_80 (it runs on SM80+ with 144 KiB of SMEM).
logits = hidden @ W^T is never written: per (128-row tile, group of vocabulary tiles) one 256-thread CTA runs
CUTLASS's Ampere TensorOp mainloop (3-stage cp.async into swizzled SMEM, a K-residual tile consumed first through
predicated copies, ldmatrix into m16n8k16 BF16 fragments, the 128 x 256 FP32 accumulator in registers), then
stages the whole 128 x 256 logits tile in SMEM (partition_C + autovec_copy); each warp scans its 16 rows, 8
candidates per lane, for max / sum-exp / rank, and merges them into a sorted top-32 kept one element per lane (warp
bitonic sort and merge by shuffles, candidates compacted into the dead first columns of the SMEM tile and its Int32
recast); each row's partial state and top-32 reach GMEM per vocabulary group.

Configured by the file's own host path, `_compile_lm_head_logprobs(hidden_size, local_vocab_size, num_vocab_blocks,
device_index, num_topk, group_n)` (fake tensors with a symbolic row count, `cute.compile(..., options=
"--enable-tvm-ffi")`): hidden 4096, a 37984-row vocabulary shard (151936 over TP 4), 149 vocabulary tiles of 256,
the top-k specialization: num_topk 32 (`_TOPK_PARTIAL_WIDTH`: the caller, lm_head_logprobs.py, read only around its
compile call, passes its `partial_topk_width` as num_topk) with group_n 4 (`_TOPK_GROUP_N`). The statistics-only
specialization is `gh_vl_lm_head_logprobs_sm80`.

Read from the stored index at 1f1c52befe5a5aeb48a05aedb8b50e24596824e8 (the file's only stored version) and written
byte for byte under $CUTE_INSPECT_GOLD_SOURCES/vllm-project+vllm/. Shims (host-only imports): `vllm.platforms`'
current_platform answers an SM90 capability, `vllm.utils.platform_utils.cuda_get_device_properties` an H100's 227 KiB
of opt-in SMEM (the device check `_validate_device_environment` passes), `vllm.triton_utils.triton.cdiv` is ceiling
division.
"""

from gh_vl_lm_head_logprobs_sm80 import compile_specialization

SOURCE = ("vllm-project/vllm", "1f1c52befe5a5aeb48a05aedb8b50e24596824e8")
ARCH = "sm_80"


def compile_only():
    return compile_specialization(lambda mod: mod._TOPK_PARTIAL_WIDTH, lambda mod: mod._TOPK_GROUP_N)
