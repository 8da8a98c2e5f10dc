"""forge-cute-py's tiled transpose (jonahsamost/forge-cute-py, forge_cute_py/kernels/copy_transpose.py,
`CopyTranspose`): one CTA of 256 threads per 16 x 16 tile; each thread reads one element of the input tile by scalar
index into a padded (16, 17-stride) SMEM tile, and after a barrier writes it to the transposed position of the output.

Configured as `forge_cute_py.ops.copy_transpose._copy_transpose` compiles it (tile 16, bf16): input (m, n) and output
(n, m), both `make_fake_compact_tensor(..., stride_order=(1, 0))` with symbolic m and n, a TVM-FFI environment stream.
Compiled for sm_80 (the package targets sm_86 / DGX Spark).
"""

from _common import github_source

ARCH = "sm_80"
SOURCE = ("jonahsamost/forge-cute-py", "8ecc59069820f60fb072b53338fdca8c9567192e")


def compile_only(tile_size=16):
    import cutlass
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_compact_tensor, make_fake_stream

    module = github_source(SOURCE[0], "", "forge_cute_py.kernels.copy_transpose")
    m, n = cute.sym_int(), cute.sym_int()
    x = make_fake_compact_tensor(cutlass.BFloat16, (m, n), stride_order=(1, 0))
    out = make_fake_compact_tensor(cutlass.BFloat16, (n, m), stride_order=(1, 0))
    return cute.compile(module.CopyTranspose(cutlass.BFloat16, tile_size=tile_size), x, out,
                        make_fake_stream(use_tvm_ffi_env_stream=True), options="--enable-tvm-ffi")
