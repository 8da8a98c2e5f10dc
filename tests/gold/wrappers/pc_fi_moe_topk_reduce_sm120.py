"""flashinfer's SM120 MegaMoE (split path) top-k reduction, K3 (moe_ep/kernel_src/sm120/split_cutedsl_megakernel/src/
moe_sm120_mxfp4mxfp8_split/kernel_combine_reduce.py, `topk_reduce_bf16_vec_kernel`), sm_120a: the expert-parallel
combine's last step, out[t, :] = sum over the top-k slots of combine_output[t, k, :]; one CTA per (512-thread hidden
block, token), each thread one 16-byte vector of 8 hidden values per slot, an FP32 register accumulator, the BF16 result
written back as one vector. Compiled as the runtime's non-rank-local path compiles it (`compile_combine_reduce(
combine_bucket, output_bucket, None)` -> `compile_topk_reduce`: no top-k scores (fc2 applied them), 512 threads,
`store_dtype` bf16): a 256-token bucket (the grid's token count is the sample's), top-k 8, hidden 7168 (DeepSeek-V3's), both tensors as `_to_cute_tensor` makes them
(`mark_layout_dynamic(leading_dim=last)`: every extent and the outer strides run-time), 16-byte aligned.
"""

from _common import flashinfer, stream

ARCH = "sm_120a"

_MODULE = "moe_ep.kernel_src.sm120.split_cutedsl_megakernel.src.moe_sm120_mxfp4mxfp8_split.kernel_combine_reduce"


def compile_only(tokens=256, topk=8, hidden=7168, threads=512):
    import cutlass
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_tensor

    module = flashinfer(_MODULE)
    combine = make_fake_tensor(cutlass.BFloat16, (cute.sym_int(), cute.sym_int(), cute.sym_int()),
                               stride=(cute.sym_int64(), cute.sym_int64(), 1), assumed_align=16)
    reduced = make_fake_tensor(cutlass.BFloat16, (cute.sym_int(), cute.sym_int()), stride=(cute.sym_int64(), 1),
                               assumed_align=16)
    blocks = (hidden + threads * module.BF16_HIDDEN_PER_THREAD - 1) // (threads * module.BF16_HIDDEN_PER_THREAD)

    @cute.jit
    def launch(combine_cute: cute.Tensor, reduced_cute: cute.Tensor, s):
        module.topk_reduce_bf16_vec_kernel(combine_cute, None, reduced_cute, num_topk=topk, hidden=hidden,
                                           store_dtype="bf16").launch(grid=[blocks, tokens, 1], block=[threads, 1, 1],
                                                                      stream=s)

    return cute.compile(launch, combine, reduced, stream())
