"""CUTLASS's Blackwell MLA decode example, fp16 (cute/blackwell/kernel/attention/mla/mla_decode_fp16.py), sm_100a.

Its run() defaults: batch 1, one query token, 128 cached tokens in pages of 128, 128 heads, latent dim 512, rope
dim 64, fp16 in and out, fp32 accumulators and LSE, QK tile 128x128, PV tile 128x256, split-KV chosen by the
example's own rule for a 148-SM part in clusters of 2. Tensors are the permuted views run() builds.
"""

import _fake
import _sources

ARCH = "sm_100a"


def compile_only(batch=1, seq_q=1, seq_k=128, heads=128, latent=512, rope=64, page=128):
    import cutlass

    example = _sources.cutlass_example("cute/blackwell/kernel/attention/mla/mla_decode_fp16.py")
    mla_class = example.BlackwellMultiHeadLatentAttentionForwardFP16
    f16, f32, i32 = cutlass.Float16, cutlass.Float32, cutlass.Int32
    qk_tiler, pv_tiler, clusters = (128, 128), (128, 256), 148 // 2
    split_kv = mla_class.get_split_kv(batch, seq_q, seq_k, qk_tiler, clusters * 2)

    dyn = _fake.dynamic  # batch, sequence and page counts are run-time extents, as run() marks them

    def query(dim, dtype=f16):  # (H, D, S_q, B) over a contiguous (B, S_q, H, D)
        return _fake.tensor(dtype, (heads, dim, dyn(), dyn()), (1, 0, 2, 3))

    def cache(dim):  # (page, D, pages) over a contiguous (pages, page, D)
        return _fake.tensor(f16, (page, dim, dyn()), (1, 0, 2))

    page_table = _fake.tensor(i32, (dyn(), dyn()), (0, 1))
    lse = _fake.tensor(f32, (heads, dyn(), dyn()), (0, 1, 2), align=4)
    cache_seqs = _fake.tensor(i32, (dyn(),))
    size = mla_class.get_workspace_size(heads, seq_q, latent, batch, split_kv, f32)
    workspace = _fake.tensor(cutlass.Int8, (size,), align=32) if size > 0 else None
    mla = mla_class(f32, f32, qk_tiler, pv_tiler, clusters, page, 0.0, False, False, False)
    return cutlass.cute.compile(mla, query(latent), query(rope), cache(latent), cache(rope), page_table,
                                query(latent), lse, workspace, i32(split_kv), cache_seqs, None, f32(0.0416), f32(1.0),
                                _fake.stream())
