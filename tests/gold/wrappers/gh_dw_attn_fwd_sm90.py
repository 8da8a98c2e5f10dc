"""dungwoong/fused_kernels_cutedsl_lib's SM90 warp-specialised attention forward (cutedsl_kernels/attn/
attempt6_epi_pipeline/attn.py, `FlashSM90`, exported as `AttnSM90`), sm_90a: a persistent scheduler over (query
tile, head, batch); a producer warpgroup TMA-loads Q and K / V tiles into rings, MMA warpgroups run S = Q K^T and
O = P V on wgmma with an online softmax (the module's my_softmax.py), and the epilogue stores O through a staged
SMEM buffer in `epi_n`-column slices by TMA. Helpers from the same folder (my_utils.py, pipeline.py,
tile_scheduler.py).

Configured as the folder's tests.py `test_basic_cute_128` compiles it: `FlashSM90(qk_mn=(128, 128),
cluster_size_m=1)` (2 stages, no intra-warpgroup overlap, no ping-pong, epi_n 32, 2 epilogue stages) on q, k, v, o
(16, 16, 4096, 128) bf16 (batch, heads, seqlen, d), contiguous, from `from_dlpack(..., assumed_align=16)` (static
layouts), softmax_scale 1/sqrt(128), a stream. The persistent scheduler's grid reads the SM count through
`cutlass.utils.HardwareInfo`, whose constructor opens the driver: an H100 SXM's 132 stands in for it. Shims:
my_utils.fmax calls `nvvm.fmax(T.f32(), a, b, c=...)`, the signature before CuTeDSL 4.8, and is pointed at
`cute.arch.fmax` (the kernel only calls it with two values; no tensor is made by it); the fence enums' shim is the
loader's (_dw_fused_kernels.py).
"""

from _dw_fused_kernels import SOURCE, module  # noqa: F401  (SOURCE pins the tree)

ARCH = "sm_90a"


class _H100:
    """Stands in for `cutlass.utils.HardwareInfo`, whose constructor opens the driver: an H100 SXM's SM count."""

    def get_device_multiprocessor_count(self):
        return 132


def _fmax(a, b, c=None):
    from cutlass import cute

    return cute.arch.fmax(a, b) if c is None else cute.arch.fmax(cute.arch.fmax(a, b), c)


def compile_only():
    import cutlass
    from cutlass import cute

    from _common import row_major, stream

    cutlass.utils.HardwareInfo = _H100
    attn = module("cutedsl_kernels.attn.attempt6_epi_pipeline.attn")
    q, k, v, o = (row_major(cutlass.BFloat16, (16, 16, 4096, 128)) for _ in range(4))
    fa = attn.FlashSM90(qk_mn=(128, 128), cluster_size_m=1)
    my_utils = module("cutedsl_kernels.attn.attempt6_epi_pipeline.my_utils")
    my_utils.fmax = _fmax
    return cute.compile(fa, q, k, v, o, cutlass.Float32(128 ** -0.5), stream())
