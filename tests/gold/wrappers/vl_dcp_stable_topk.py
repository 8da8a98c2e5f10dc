"""vLLM's decode-context-parallel indexer merge, stable top-k over gathered candidates
(vllm/model_executor/kernels/attention/dsa/dcp_indexer_cutedsl.py, `StableTopKFromGatheredCandidatesKernel`), sm_100a,
no MMA: one 512-thread CTA per query row reads the row's (score, global token id) candidate pairs gathered from every
DCP rank, each thread packs its 8 candidates into 64-bit keys (score bits made order-preserving, then the inverted id,
so ties keep the lower id), and 11-bit radix passes over an SMEM histogram (block-wide scans through a per-warp
scratch) find the top-k threshold and write the selected ids to the row's output. Compiled as the class's `compile`
compiles a warmup key (`kernel(compile_key)` with `warmup_inputs`, `--enable-tvm-ffi`, the TVM-FFI env stream) for the
DeepSeek sparse-attention indexer's top-2048 over a DCP world of 2 ranks (4096 candidates), rows symbolic.
"""

from _common import vllm

ARCH = "sm_100a"


def compile_only(topk=2048, dcp_world_size=2):
    module = vllm("model_executor.kernels.attention.dsa.dcp_indexer_cutedsl",
                  host_only=("envs", "platforms",
                             "triton_utils"))
    helper = vllm("model_executor.warmup.jit_warmup_cutedsl_helper")
    owner = module.StableTopKFromGatheredCandidatesKernel
    key = owner.CompileKey(topk=topk, num_candidates=topk * dcp_world_size)
    return helper.compile_cutedsl(owner.kernel(key), *owner.warmup_inputs(None, key))
