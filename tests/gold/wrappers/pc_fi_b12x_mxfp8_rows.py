"""b12x's MXFP8 row quantizer in flashinfer (flashinfer/experimental/b12x/_lib/quant/mxfp8_rows.py,
`_MXFP8RowsQuantLaunch.kernel`), sm_120a (b12x's target), built as `_get_compiled_mxfp8_rows_quant` builds it for
`quantize_mxfp8_rows_cute` with more than 8 planned rows (`mxfp8_rows_quant_launch_options`: subgroup width 4, 256
threads, linear value order) and min_amax 0.0: K = 7168, bf16 source; four `make_ptr` pointers at address 16
(16-byte aligned: source bf16, values u32, row scales u8, MMA-ordered scales u8), m / source_k / grid_x Int32(1) and a
stream, as its `b12x_compile` call passes them."""

from _common import b12x, stream

ARCH = "sm_120a"

K = 7168


def compile_only():
    import cutlass
    from cutlass import cute
    from cutlass.cute.runtime import make_ptr

    module = b12x("_lib.quant.mxfp8_rows")
    launch = module._MXFP8RowsQuantLaunch(K, cutlass.BFloat16, 4, 256, False, 0.0)
    gmem = cute.AddressSpace.gmem
    pointers = [make_ptr(t, 16, gmem, assumed_align=16)
                for t in (cutlass.BFloat16, cutlass.Uint32, cutlass.Uint8, cutlass.Uint8)]
    return cute.compile(launch, *pointers, cutlass.Int32(1), cutlass.Int32(1), cutlass.Int32(1), stream())
