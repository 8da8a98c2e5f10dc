"""TokenSpeed's relative-position shearing-bias kernel for its rel-bias attention (tokenspeed_kernel/ops/attention/
rmha/_cute_dsl/shearing_bias.py, `ShearingBias`, Colfax's, ported from a sheared-bias flash-attn-4 fork), sm_100a:
turns each query row's rel_extent relative-distance logits (rel_logits[t, h, d]: the bias of the key d positions
behind the query) into a (rows, rel_extent + 256) bias table in key order, padded with -inf / 0 outside the causal
range, that the attention kernel reads by 128-key blocks; 4 rows per CTA (one warp per row), cp.async of the rows
into SMEM, per-lane two-value register shuffles written back to SMEM by autovec copies, the table written out by a 2-D
tiled copy. No MMA. Compiled as `rel_extend._compile_shear` compiles it for `rmha` extend's packed-prefill path:
rel_extent 512 (the class default), causal (not local), bf16, varlen Q (cu_seqlens_q, K sharing the packing), the
block-packed schedule (cu_blocks and blocks-to-batch tables), every tensor `to_cute_tensor`
(`mark_layout_dynamic(leading_dim=last)`, the int32 tables 4-byte aligned, leading dim 0); the TVM-FFI options are
left out (compile-only).
"""

import importlib.machinery
import sys

from _common import flash_attn, stream, tokenspeed_kernel

ARCH = "sm_100a"


def _dynamic(dtype, rank, align):
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_tensor

    stride = tuple(1 if mode == rank - 1 else cute.sym_int64() for mode in range(rank))
    return make_fake_tensor(dtype, tuple(cute.sym_int() for _ in range(rank)), stride=stride, assumed_align=align)


def compile_only(extent=512):
    import cutlass
    from cutlass import cute

    # fmha_bias_helper checks find_spec("flash_attn.cute") before importing FA4's modules; the loader registers that
    # package without running its __init__, so it is given the spec an import would have set
    flash_attn("copy_utils")
    sys.modules["flash_attn.cute"].__spec__ = importlib.machinery.ModuleSpec("flash_attn.cute", None, is_package=True)
    module = tokenspeed_kernel("ops.attention.rmha._cute_dsl.shearing_bias")
    shear = module.ShearingBias(rel_extent=extent, is_causal=True, is_local=False, pack_gqa=False,
                                qhead_per_kvhead=1, rows_per_cta=4, tile_m=128, max_m_blocks_leq_one=False)
    rel = _dynamic(cutlass.BFloat16, 3, 16)     # (total_q, heads, extent)
    bias = _dynamic(cutlass.BFloat16, 3, 16)    # (total_q + 128, heads, extent + 256)
    cu_q, cu_blocks, blocks_to_batch = (_dynamic(cutlass.Int32, 1, 4) for _ in range(3))
    return cute.compile(shear, rel, bias, cutlass.Int32(128), cutlass.Int32(128), cu_q, cu_q, None, None, cu_blocks,
                        blocks_to_batch, None, None, stream())
