"""NVIDIA/TensorRT-LLM's GVR prescore for the MXFP4 indexer K cache (tensorrt_llm/_torch/cute_dsl_kernels/blackwell/
top_k/gvr_prescore_fp4_pp.py, `GvrPrescoreFp4PPKernel.kernel`, with its per-tile steps `_gather`, `_sf_to_tmem`,
`_mma`, `_epilogue` in gvr_prescore_fp4.py), sm_100a, block-scaled tcgen05 MMA. One 288-thread CTA per (decode row,
group of `tpp` sample tiles): each sample tile is 128 positions of the paged FP4 index-K cache (the previous step's
top-k, their +-1 neighbours); two compute warpgroups own alternate tiles: they gather each tile's 128 packed-e2m1
records (64 B each) by hand-addressed 16-byte cp.async into a 4-stage swizzled SMEM ring (sK, the MMA's A operand
view) and each record's four UE8M0 scales into a flat int32 SMEM array; warpgroup 0 also copies the row's 64-head
FP4 query into sQ (the B operand) and its scales / head weights into SMEM. The MMA warp copies each tile's scales into
a private SMEM buffer, warp-transposes it and UTCCPs it into TMEM (`make_s2t_copy`), then issues the block-scaled
MMAs S = K Q^T (128 samples x 64 heads, fp32 accumulator in TMEM, two accumulators ping-ponging); the owning
warpgroup loads its accumulator row per thread (`make_tmem_copy`), takes the ReLU'd head-weighted sum and bumps the
row's 4096-bin histogram by a global atomic.

Configured as the package's host path compiles it (`prescore_cute_fp4_pp` -> `_compile`: its own
`make_fake_compact_tensor` fakes with a run-time row count, `cute.compile(..., options="--enable-tvm-ffi")`,
min_blocks_per_mp 2), for the DeepSeek sparse-attention indexer: top_k 2048, 64 heads, head_dim 128, 64 tokens per
KV block, 68-byte records (64 B payload + 4 scales), no recent window, PDL off; `tpp` 6 is what the host's rule
picks for 32 decode rows on a 148-SM B200 (48 tiles per row, the fewest tiles per CTA that keep rows * 48 / tpp
within two CTAs per SM), so each warpgroup runs three tiles through its two-stage ring.

Read from the stored index at 4b1c788d77d82f2629f21b46d6f9c43f1c4bf09b (both files' only stored version). Shims:
`..utils` is stubbed with `TRTLLM_ENABLE_PDL` and CuTeDSL's own griddepcontrol ops (as gh_trt_minimax_index_score
does: the stored utils.py predates them); `..paged_mqa_logits.fp4_paged_mqa_logits` (205K characters, too large to
transcribe) is stubbed with a `utccp_required_smem_warp_transpose` that does nothing: upstream it reshuffles one
512-byte scale atom in place through raw ld/st.shared on the pointer it is given and returns nothing, so no tensor
of the two kernel files flows through it (the generated code differs, the traced tensors do not). The launch's
`min_blocks_per_mp` makes CuTeDSL ask the driver for the shared memory per SM: answered with a B200's (as
pc_fi_gvr_topk_decode does).
"""

import sys
import types

from _common import github_source

SOURCE = ("NVIDIA/TensorRT-LLM", "4b1c788d77d82f2629f21b46d6f9c43f1c4bf09b")
ARCH = "sm_100a"

_PACKAGE = "tensorrt_llm._torch.cute_dsl_kernels.blackwell"
_B200_SMEM_PER_SM = 233472


def _stubs():
    from cutlass import cute

    utils = types.ModuleType(f"{_PACKAGE}.utils")
    utils.TRTLLM_ENABLE_PDL = False
    utils.griddepcontrol_wait = cute.arch.griddepcontrol_wait
    utils.griddepcontrol_launch_dependents = cute.arch.griddepcontrol_launch_dependents
    sys.modules.setdefault(utils.__name__, utils)

    package = types.ModuleType(f"{_PACKAGE}.paged_mqa_logits")
    package.__path__ = []
    sys.modules.setdefault(package.__name__, package)
    logits = types.ModuleType(f"{package.__name__}.fp4_paged_mqa_logits")

    @cute.jit
    def utccp_required_smem_warp_transpose(smem_ptr) -> None:
        """Stand-in for the upstream in-place SMEM scale reshuffle (raw PTX on a pointer, no tensors)."""

    logits.utccp_required_smem_warp_transpose = utccp_required_smem_warp_transpose
    sys.modules.setdefault(logits.__name__, logits)


def compile_only():
    from cutlass.base_dsl.runtime import cuda as cuda_helpers

    cuda_helpers.get_device_attribute = lambda attribute, device_id=0: _B200_SMEM_PER_SM
    _stubs()
    mod = github_source(SOURCE[0], ".", f"{_PACKAGE}.top_k.gvr_prescore_fp4_pp")
    top_k, heads, head_dim, tokens_per_block, record_bytes, tpp = 2048, 64, 128, 64, 68, 6
    return mod._compile(top_k, heads, head_dim, tokens_per_block, record_bytes, tpp, 0, False)
