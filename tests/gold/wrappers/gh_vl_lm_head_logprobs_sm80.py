"""vLLM's compact prompt-logprobs LM head (vllm/model_executor/kernels/linear/cute_dsl/_lm_head_logprobs_mainloop.py,
`_LMHeadLogprobsCpAsync.kernel` with `_compute_vocab_block` and `_update_stats_from_fragment`), sm_80 (it runs on
SM80+ with 144 KiB of SMEM). logits = hidden @ W^T is never written: per (128-row tile, group of vocabulary tiles)
one 256-thread CTA runs CUTLASS's Ampere TensorOp mainloop (3-stage cp.async into swizzled SMEM, a K-residual tile
consumed first through predicated copies, ldmatrix into m16n8k16 BF16 fragments, the 128 x 256 FP32 accumulator in
registers), then reduces each accumulator row per thread group (`_reshape_acc_to_mn` views of the fragment and of its
coordinates) to max, sum of exp and the target's rank, merges the 2 N-warps' partials through an SMEM stats buffer
and keeps a running (max, sum-exp, rank) per row in registers across the group's vocabulary tiles; one partial state
per row and group reaches GMEM.

Configured by the file's own host path, `_compile_lm_head_logprobs(hidden_size, local_vocab_size, num_vocab_blocks,
device_index, num_topk, group_n)` (fake tensors with a symbolic row count, `cute.compile(..., options=
"--enable-tvm-ffi")`): hidden 4096, a 37984-row vocabulary shard (151936 over TP 4), 149 vocabulary tiles of 256,
the statistics-only specialization (num_topk 0, the caller's partial_topk_width when no top-k logprobs are asked) with
group_n 2 (`_K0_GROUP_N`; the caller, lm_head_logprobs.py, was read only around its compile call).

Read from the stored index at 1f1c52befe5a5aeb48a05aedb8b50e24596824e8 (the file's only stored version) and written
byte for byte under $CUTE_INSPECT_GOLD_SOURCES/vllm-project+vllm/. Shims (host-only imports): `vllm.platforms`'
current_platform answers an SM90 capability, `vllm.utils.platform_utils.cuda_get_device_properties` an H100's 227 KiB
of opt-in SMEM (the device check `_validate_device_environment` passes), `vllm.triton_utils.triton.cdiv` is ceiling
division.
"""

import sys
import types

from _common import github_file, vllm

SOURCE = ("vllm-project/vllm", "1f1c52befe5a5aeb48a05aedb8b50e24596824e8")
ARCH = "sm_80"

_PATH = "vllm/model_executor/kernels/linear/cute_dsl/_lm_head_logprobs_mainloop.py"
_H100_SMEM_OPTIN = 232448


class _Capability(types.SimpleNamespace):
    def to_int(self):
        return self.major * 10 + self.minor


def _stubs():
    vllm("cute_utils", host_only=())  # registers the installed vllm package without running its __init__
    platforms = types.ModuleType("vllm.platforms")
    platforms.current_platform = types.SimpleNamespace(
        get_device_capability=lambda device_index=0: _Capability(major=9, minor=0))
    triton_utils = types.ModuleType("vllm.triton_utils")
    triton_utils.triton = types.SimpleNamespace(cdiv=lambda a, b: -(-a // b))
    utils = types.ModuleType("vllm.utils")
    utils.__path__ = []
    platform_utils = types.ModuleType("vllm.utils.platform_utils")
    platform_utils.cuda_get_device_properties = lambda device_index, names, init_cuda=False: (_H100_SMEM_OPTIN,)
    for module in (platforms, triton_utils, utils, platform_utils):
        sys.modules.setdefault(module.__name__, module)


def compile_specialization(num_topk_of, group_n_of):
    """Compile the kernel as `lm_head_logprobs.py` does; the two arguments pick num_topk and group_n from the module."""
    _stubs()
    mod = github_file(SOURCE[0], _PATH, "vllm_lm_head_logprobs_mainloop")
    return mod._compile_lm_head_logprobs(4096, 37984, 149, 0, num_topk_of(mod), group_n_of(mod))


def compile_only():
    return compile_specialization(lambda mod: 0, lambda mod: mod._K0_GROUP_N)
