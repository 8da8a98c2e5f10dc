"""niehen6174/gpu-kernel-cookbook's SageAttention on wgmma (operators/sageattention/cute/kernel_v*.py), with the fake
tensors its host path gives every version: per (batch x head) blocks of int8 Q and K with one fp32 scale per Q block and
per K block, V (bh, kv blocks, head dim, BLOCK_N), fp32 output. The three `gh_nk_sage_v*` wrappers compile one version
each."""

from _common import github_source

SOURCE = ("niehen6174/gpu-kernel-cookbook", "3cc59c3702478275e43376e2ec0ff19ab935f9da")


def compile_version(version: str, jit_name: str, v_dtype_name: str, batch: int, heads: int, seqlen: int,
                    head_dim: int, v_scaled: bool = False):
    """`kernel_<version>.<jit_name>` compiled over (batch x heads) sequences of `seqlen` tokens: V in `v_dtype_name`
    (a `cutlass` dtype), with its per-block scales after K's where `v_scaled`."""
    import cutlass
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_compact_tensor

    module = github_source(SOURCE[0], "", f"operators.sageattention.cute.kernel_{version}")
    n_q_blocks, n_kv_blocks = seqlen // module.BLOCK_M, seqlen // module.BLOCK_N
    bh = batch * heads
    q = make_fake_compact_tensor(cutlass.Int8, (bh * n_q_blocks, module.BLOCK_M, head_dim), assumed_align=128)
    k = make_fake_compact_tensor(cutlass.Int8, (bh, n_kv_blocks, module.BLOCK_N, head_dim), assumed_align=128)
    v = make_fake_compact_tensor(getattr(cutlass, v_dtype_name), (bh, n_kv_blocks, head_dim, module.BLOCK_N),
                                 assumed_align=128)
    out = make_fake_compact_tensor(cutlass.Float32, (bh * n_q_blocks, module.BLOCK_M, head_dim))
    scales = [make_fake_compact_tensor(cutlass.Float32, (bh * n_q_blocks,)),
              make_fake_compact_tensor(cutlass.Float32, (bh, n_kv_blocks))]
    if v_scaled:
        scales.append(make_fake_compact_tensor(cutlass.Float32, (bh, n_kv_blocks)))
    return cute.compile(getattr(module, jit_name), q, k, v, out, *scales, cutlass.Int32(n_kv_blocks),
                        cutlass.Int32(n_q_blocks), cutlass.Int32(bh * n_q_blocks))
