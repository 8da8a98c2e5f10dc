"""torchao's fused SwiGLU + MXFP8 cast for MoE training (pytorch/ao at 4133d9c2, torchao/prototype/moe_training/
kernels/mxfp8/cutedsl_gated_act_mxfp8.py, `gated_act_mxfp8_kernel` via `launcher`), the staged forward path with
columnwise (32 x 1) scaling only: h = silu(gate) * up over a bf16 gated input [M, 2K] (gate, then up), quantized to
FP8 E4M3 with one E8M0 scale per 32 rows of each column, written transposed ([K, M]). One CTA per (64 columns,
64 rows) chunk, 128 threads (two thread rows per column): warp 0 TMA-loads the gate and up halves as (32 rows, 64
columns) tiles into double-buffered SMEM (one mbarrier per stage); each thread reads its column's 16 rows of both by
index, computes the activation, rounds to BF16 and packs word pairs, the two thread rows exchange their partial amax
through an SMEM slot per column, the scale is stored by index into the blocked (tcgen05) scale layout, the scaled
words are converted to FP8 and written as 4-byte words into a transposed (column, row) SMEM tile, which warp 0
TMA-stores.

Configured as `_launch_gated_act_mxfp8(gated_input, None, outputs, rowwise=False, colwise=True)` compiles it
(`_compile_kernel(False, False, True, True, _silu_pair, False, 64, 64, device)`: the default geometry (64, 64, staged)
for (forward, colwise only), blocked scales): `cute.compile(launcher, 0, 0, 0, 0, 0, 0, Int32(128), Int32(128),
make_fake_stream(), ...)` with the module's own Constexpr arguments, as `_compile_kernel` does (its device-capability
check skipped: no GPU here). Pointers are Int64 arguments; M and K are run-time Int32.

The tree: this commit's kernel file was written from a `fetch` of pytorch/ao (`git show 4133d9c2:<path>`) into the
`pytorch+ao` tree (the quantizers' commit lacks it); it imports only `cute_utils._missing_cutedsl_runtime_packages`
and `torchao.utils.ceil_div` from the rest of the package, both present in the tree.
"""

from _common import github_source

ARCH = "sm_100a"
SOURCE = ("pytorch/ao", "4133d9c2e081af2dde98e89d01ebc9ff1c66b63a")


def compile_only():
    import cutlass
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_stream

    module = github_source(SOURCE[0], "", "torchao.prototype.moe_training.kernels.mxfp8.cutedsl_gated_act_mxfp8")
    cx, cy, direct = module._DEFAULT_GEOMETRY[(False, False, True)]
    null, dim = cutlass.Int64(0), cutlass.Int32(128)
    return cute.compile(module.launcher, null, null, null, null, null, null, dim, dim, make_fake_stream(),
                        False, False, True, True, module._silu_pair, direct, cx, cy)
