"""Rhys-Q/cuda_learn's cp.async teaching demo (cutedsl/cp_async.py, `CpAsyncTeachingDemo`), no MMA: a multi-stage
cp.async ring over K tiles. One CTA of tile_m threads per (tile_m rows, batch): each thread moves one 128-bit vector
(8 fp16 along K) per K tile into an SMEM ring of num_stages (tile_m, tile_k) stages (swizzle bits from the tile width:
Swizzle(0, 3, 3), none, at tile_k = 8) (prologue of num_stages - 1 tiles, wait_group / commit_group), and each
consumed stage is copied back to the destination by a synchronous universal copy so the round trip can be checked.

Configured as the module's `run_demo` compiles it with its argparse defaults: m = 128, k = 64, l = 1, tile (128, 8),
3 stages, 128-bit copies, cache mode "global"; source and destination (M, K, L) fp16 with the strides of
`make_row_major_mkl_tensor` (torch (L, M, K) permuted to (M, K, L), K contiguous: (64, 1, 8192)). The module marks
them `mark_layout_dynamic(leading_dim=1)` / `mark_compact_shape_dynamic(mode=1, divisibility=8)`; fake tensors with
run-time extents and strides stop CuTeDSL 4.8.1 with an internal error in this kernel, so the wrapper passes static
ones (the shapes the demo's defaults give).
"""

from _rq_cuda_learn import SOURCE, module  # noqa: F401  (SOURCE pins the tree)

ARCH = "sm_80"


def compile_only():
    import cutlass
    from cutlass import cute

    from _common import tensor

    demo = module("cp_async")
    teaching = demo.CpAsyncTeachingDemo(tile_m=128, tile_k=8, num_stages=3, copy_bits=128,
                                        cache_mode=demo.CACHE_MODE_MAP["global"], dtype=cutlass.Float16)
    src = tensor(cutlass.Float16, (128, 64, 1), order=(1, 0, 2))
    dst = tensor(cutlass.Float16, (128, 64, 1), order=(1, 0, 2))
    return cute.compile(teaching, src, dst)
