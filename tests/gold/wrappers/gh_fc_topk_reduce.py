"""FlashComm's MoE top-k reduce (ByteDance-Seed/Triton-distributed, FlashComm/python/flash_comm/ep_overlap/kernels/
cutedsl_topk_reduce.py, `MoETopkReduceBlockPerToken`): the last step of the expert-parallel combine. Peers have pushed
each token's top-k expert outputs into a (tokens * top_k, hidden) staging buffer; one CTA per token sums the valid
slots (expert index < num_experts) in fp32 and writes the token's row. 256 threads, each a 128-bit chunk (8 bf16) of
the row per 2048-column tile, loaded and stored through `zipped_divide(x, (1, 8))` by universal copy atoms; the token's
top-k indices cached in a register fragment. No MMA, no shared memory.

Configured as `EPOverlapKernels.combine_cutedsl` runs it through `CuTeDSLTopkReduceOp._build`, with the defaults of the
package's EP-overlap tests (FlashComm/tests/ep_overlap: hidden 8192, 160 experts, top-8, bf16 tokens): the staging,
index and output tensors compact with a dynamic row count (`mark_compact_dynamic`: 16-byte alignment, 4 for the
int32 indices), TVM-FFI on.
"""

from _common import github_source

ARCH = "sm_100a"
SOURCE = ("ByteDance-Seed/Triton-distributed", "1512a81189315eca7ba38f884aaf239469a88ba3")


def compile_only(hidden=8192, topk=8, num_experts=160):
    import cutlass
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_compact_tensor, make_fake_stream

    module = github_source(SOURCE[0], "FlashComm/python", "flash_comm.ep_overlap.kernels.cutedsl_topk_reduce")
    rows = lambda cols, dtype, align: make_fake_compact_tensor(  # noqa: E731
        dtype, (cute.sym_int(), cols), stride_order=(1, 0), assumed_align=align)
    return cute.compile(module.MoETopkReduceBlockPerToken(), rows(hidden, cutlass.BFloat16, 16),
                        rows(topk, cutlass.Int32, 4), rows(hidden, cutlass.BFloat16, 16), hidden, topk, num_experts,
                        cutlass.Int32(0), make_fake_stream(use_tvm_ffi_env_stream=True), options="--enable-tvm-ffi")
