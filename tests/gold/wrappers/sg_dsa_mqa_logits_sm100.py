"""sglang's FP8 paged MQA logits kernel for Blackwell, the DeepSeek sparse-attention indexer's scores
(sglang/kernels/ops/attention/dsa/cutedsl_fp8_paged_mqa_logits.py, `FP8MQALogitsKernel`), sm_100a.

As `CuteDSLPagedMQALogitsRunner._compile` (dsa/cutedsl_paged_mqa_logits.py) compiles it for DeepSeek-V3.2's
indexer: 64 heads of 128, one query token per sequence (next_n 1), 64-token KV pages (phys_block_kv 64) under the
runner's compute block of 128 keys (two pages per MMA), a B200's 148 SMs, fp32 epilogue, accumulator and logits;
64 heads make `_propose_epi_config` keep one epilogue subtile and the default pipelines (3 KV stages, 1 UMMA
stage). Its fake tensors: the fused KV pool (pages, 64 * (128 + 4)) bytes, Q (64, 128, batch) bytes (head dim
contiguous), the weights (64, batch) head-contiguous, the logits (rows, max_ctx), the block table, the context lens
and the schedule metadata, the run-time extents symbolic as the runner marks them. Warp-specialised: two TMA warps
(one per math warpgroup) load a page pair of KV and its fp32 scales, two UMMA warps compute S^T = K Q^T (M = 128
keys, N = 64 heads, over the head dim) by tcgen05 into TMEM, two math warpgroups read it back (t2r), apply ReLU,
weight by head and sum over heads, and write one logit per key.
"""

from _common import sglang, stream

ARCH = "sm_100a"


def compile_only(heads=64, head_dim=128, page=64):
    import cutlass
    from cutlass import cute

    module = sglang("kernels.ops.attention.dsa.cutedsl_fp8_paged_mqa_logits")
    fake = cute.runtime.make_fake_compact_tensor
    pages, batch, blocks_per_seq, ctas = cute.sym_int(), cute.sym_int(), cute.sym_int(), cute.sym_int()
    kv = fake(cutlass.Uint8, (pages, page * (head_dim + 4)), stride_order=(1, 0))
    q = fake(cutlass.Uint8, (heads, head_dim, batch), stride_order=(1, 0, 2))
    w = fake(cutlass.Float32, (heads, batch), stride_order=(0, 1))
    logits = cute.runtime.make_fake_tensor(cutlass.Float32, (cute.sym_int(), cute.sym_int()),
                                           stride=(cute.sym_int64(), 1))
    block_table = fake(cutlass.Int32, (batch, blocks_per_seq), stride_order=(1, 0))
    context_lens = fake(cutlass.Int32, (batch,), stride_order=(0,))
    schedule = fake(cutlass.Int32, (ctas, 2), stride_order=(1, 0))
    kernel = module.FP8MQALogitsKernel(block_kv=128, phys_block_kv=page, num_heads=heads, head_dim=head_dim,
                                       next_n=1, num_sms=148, num_epi_subtiles=1)
    return cute.compile(kernel, kv, q, w, logits, block_table, context_lens, schedule, cutlass.Int32(1),
                        cutlass.Int32(1), stream())
