"""FlashComm's 1-D push-mode MoE combine (ByteDance-Seed/Triton-distributed, FlashComm/python/flash_comm/ep_overlap/
kernels/cutedsl_combine.py, `MoECombinePush`): each rank pushes its expert output rows back to the ranks that own the
tokens, into their (tokens * top_k, hidden) staging buffers (summed later by the top-k reduce). Two warps per CTA
around a `PipelineTmaAsync` ring of whole-row SMEM stages: warp 0 loads each received row of the local expert output
into a stage by one bulk cp.async (G2S); warp 1 decodes the row's destination (rank, token * top_k + slot) from packed
int64 metadata and writes the stage to the peer's staging row by one bulk S2G copy. The peers' staging base pointers
are staged in SMEM. No MMA.

Configured as `EPOverlapKernels.combine_cutedsl` (push_mode "1d", its default) runs it through
`CuTeDSLCombinePushOp._build` on one node of 8 ranks (rank 0) with the package's EP-overlap test defaults (hidden 8192
bf16, top-8); every tensor `mark_dynamic`, TVM-FFI on; the ring's depth from the kernel's own rule (at most 5 stages).
The tile push variant (`MoECombineTilePush`) does not compile with CuTeDSL 4.8.1 (its universal copy atom takes a
`memory_scope`, which 4.8 rejects), so it is not in the set.
"""

from _common import dynamic_layout, github_source

ARCH = "sm_100a"
SOURCE = ("ByteDance-Seed/Triton-distributed", "1512a81189315eca7ba38f884aaf239469a88ba3")


def compile_only(hidden=8192, topk=8, world_size=8, rank=0):
    import cutlass
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_stream

    module = github_source(SOURCE[0], "FlashComm/python", "flash_comm.ep_overlap.kernels.cutedsl_combine")
    i32, i64 = cutlass.Int32, cutlass.Int64
    return cute.compile(module.MoECombinePush(), dynamic_layout(cutlass.BFloat16, 2), dynamic_layout(i64, 1),
                        dynamic_layout(i32, 1), dynamic_layout(i64, 1), hidden, topk, rank, world_size,
                        cutlass.Int32(0), make_fake_stream(use_tvm_ffi_env_stream=True), options="--enable-tvm-ffi")
