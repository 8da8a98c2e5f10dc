"""TokenSpeed's mega-MoE combine reduce (tokenspeed_kernel/thirdparty/cute_dsl/mega_moe/topk_reduce.py,
`TopkReduce._reduce_mxfp8`), sm_100a, no MMA: one thread per (token, 16-column hidden tile); the token's top-k MXFP8
fc2 rows (E4M3 codes, one E8M0 scale per 32 hidden values, read through a stride-0 broadcast view of the scale plane)
are loaded by a 128-bit copy atom, dequantized into fp32 registers, weighted by the router's top-k scores and summed in
slot order, the bf16 sum stored by a 256-bit copy. Configured as the mega-MoE's separate-kernel reduce launches it
(`TopkReduce(hidden, num_topk, CombineFormat.parse("32e4m3xe8m0"))(combine_target, combine_sf, output, topk_weights)`)
for DeepSeek-V3's hidden 7168 and top-8, with plain (depth-1) row-major torch planes: codes (tokens, top_k, hidden),
scales (tokens, top_k, hidden / 32), scores (tokens, top_k) fp32, output (tokens, hidden) bf16, tokens run-time.
"""

from _common import row_major, stream, tokenspeed_kernel

ARCH = "sm_100a"


def compile_only(hidden=7168, num_topk=8):
    import cutlass
    from cutlass import cute

    module = tokenspeed_kernel("thirdparty.cute_dsl.mega_moe.topk_reduce")
    comm = tokenspeed_kernel("thirdparty.cute_dsl.mega_moe.token_comm")
    reduce = module.TopkReduce(hidden, num_topk, comm.CombineFormat.parse("32e4m3xe8m0"))
    tokens = cute.sym_int()
    codes = row_major(cutlass.Float8E4M3FN, (tokens, num_topk, hidden))
    scales = row_major(cutlass.Float8E8M0FNU, (tokens, num_topk, hidden // 32))
    output = row_major(cutlass.BFloat16, (tokens, hidden))
    scores = row_major(cutlass.Float32, (tokens, num_topk))
    return cute.compile(reduce, codes, scales, output, scores, stream())
