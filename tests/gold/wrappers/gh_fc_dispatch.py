"""FlashComm's pull-mode intranode MoE dispatch (ByteDance-Seed/Triton-distributed, FlashComm/python/flash_comm/
ep_overlap/kernels/cutedsl_dispatch.py, `MoEDispatch`): each receiving rank pulls its routed token rows from the peers'
symmetric input buffers. Two warps per CTA around a `PipelineTmaAsync` ring of whole-row SMEM stages: warp 0 decodes
each received slot's (source rank, token) from packed int64 metadata and issues one bulk cp.async (G2S) of the
peer's row into a stage; warp 1 writes the stage to the slot's output row by a bulk S2G copy. The peers' base pointers
are staged in SMEM. No MMA.

Configured as `EPOverlapKernels.dispatch_cutedsl` runs it through `CuTeDSLDispatchOp._build` on one node of 8 ranks
(rank 0) with the defaults of the package's EP-overlap tests (hidden 8192 bf16, 160 experts: 20 per rank), per-expert
signals off (the call's default) and expert_alignment 1 (the context's default); every tensor `mark_dynamic` (shapes
and strides dynamic, the contiguous mode's stride 1), TVM-FFI on. The ring's depth comes from the kernel's own SMEM
budget (14 stages of 16 KB).
"""

from _common import dynamic_layout, github_source

ARCH = "sm_100a"
SOURCE = ("ByteDance-Seed/Triton-distributed", "1512a81189315eca7ba38f884aaf239469a88ba3")


def compile_only(hidden=8192, world_size=8, rank=0, experts_per_rank=20):
    import cutlass
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_stream

    module = github_source(SOURCE[0], "FlashComm/python", "flash_comm.ep_overlap.kernels.cutedsl_dispatch")
    i32, i64 = cutlass.Int32, cutlass.Int64
    return cute.compile(module.MoEDispatch(), dynamic_layout(i64, 1), dynamic_layout(i64, 1), dynamic_layout(i32, 1),
                        dynamic_layout(cutlass.BFloat16, 2), hidden, rank, world_size, cutlass.Int32(0),
                        make_fake_stream(use_tvm_ffi_env_stream=True), dynamic_layout(i32, 1), dynamic_layout(i32, 1),
                        dynamic_layout(i32, 1), experts_per_rank, 1, 0, options="--enable-tvm-ffi")
