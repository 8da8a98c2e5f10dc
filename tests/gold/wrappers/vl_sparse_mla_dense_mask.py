"""vLLM's sparse-MLA prefill mask for FlashAttention-4 (vllm/model_executor/layers/attention/sparse_mla_mask.py,
`dense_mask_mod`), sm_100a: the mask_mod vLLM's sparse MLA prefill (`SparseMLAAttention._run_masked_mha`) passes to the
vendored FA4 varlen forward, with the bit-packed top-k mask (batch, padded queries, 32-key words) as its one aux
tensor: for a (query, 128-key group) it reads the query's 4 mask words by one 16-byte copy and returns them as the
mask bits (`__vec_size__ = 128`). Compiled through vLLM's vendored `FlashAttentionForwardSm100` as its interface
(`vllm_flash_attn.cute.interface._flash_attn_fwd`) configures it for this call on Blackwell: DeepSeek MLA's prefill
MHA after the up-projection (q / k head dim 192, v 128), 16 heads (one rank of 128 at TP 8), causal, varlen q and k
(`cu_seqlens`), no GQA packing, tile 128 x 128, 2 Q stages, no static persistence (causal varlen), no 2-CTA or CLC
scheduler (varlen MHA), the aux tensor with its leading dim 2 (the words contiguous), bf16, `--enable-tvm-ffi`.
Only the mask mod's tensors are judged: the attention kernel is vLLM's copy of flash-attn-4's forward (tune).
"""

from _common import vllm

ARCH = "sm_100a"
HEADS, HEAD_DIM, HEAD_DIM_V = 16, 192, 128


def compile_only():
    import cutlass
    from cutlass import Float32, Int32, cute
    from cutlass.cute.runtime import make_fake_stream, make_fake_tensor

    fwd = vllm("vllm_flash_attn.cute.flash_fwd_sm100")
    utils = vllm("vllm_flash_attn.cute.utils")
    mask = vllm("model_executor.layers.attention.sparse_mla_mask")
    sym, sym64 = cute.sym_int, cute.sym_int64

    def rows(dim):
        total = sym()
        return make_fake_tensor(cutlass.BFloat16, (total, HEADS, dim),
                                stride=(sym64(divisibility=8), sym64(divisibility=8), 1), assumed_align=16)

    q, k, v, o = rows(HEAD_DIM), rows(HEAD_DIM), rows(HEAD_DIM_V), rows(HEAD_DIM_V)
    lse = make_fake_tensor(Float32, (HEADS, sym()), stride=(sym64(), 1), assumed_align=4)
    cu_seqlens_q = make_fake_tensor(Int32, (sym(),), stride=(1,), assumed_align=4)
    cu_seqlens_k = make_fake_tensor(Int32, (sym(),), stride=(1,), assumed_align=4)
    dense_mask = make_fake_tensor(Int32, (sym(), sym(), sym()), stride=(sym64(), sym64(), 1), assumed_align=4)
    kernel = fwd.FlashAttentionForwardSm100(HEAD_DIM, HEAD_DIM_V, 1, is_causal=True, is_local=False,
                                            is_split_kv=False, pack_gqa=False, m_block_size=128, n_block_size=128,
                                            q_stage=2, is_static_persistent=False, mask_mod=mask.dense_mask_mod,
                                            has_aux_tensors=True, is_varlen_q=True)
    return cute.compile(kernel, q, k, v, o, lse, Float32(HEAD_DIM ** -0.5), cu_seqlens_q, cu_seqlens_k,
                        None, None, None, None, None, None, None, None, None,
                        utils.AuxData([dense_mask], None), None, None, None, None, None, None, None, None, None,
                        make_fake_stream(use_tvm_ffi_env_stream=True), options="--enable-tvm-ffi")
