"""flashinfer's Cake-generated MXFP8 mega-MoE (EP16) ordered route reducer (flashinfer/experimental/
cake_mxfp8_megamoe_ep16/csrc/cake_mxfp8_megamoe_ep16/cute/cake_mxfp8_megamoe_ep16_topk_reduce.py), sm_100a, no MMA: one
thread per (token, 8-column hidden tile) of 3072; the token's 8 routed expert rows (route terms laid out
token-major, slot, hidden) are read by hand-written 128-bit loads (`prims.load_ext`), converted to fp32 into
registers element by element and summed in slot order, the bf16 sum stored by a hand-written store. Compiled as its
`compile_program` compiles it, without its TVM-FFI options (plain `cute.compile`).
"""

from _common import flashinfer

ARCH = "sm_100a"


def compile_only():
    import cutlass
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_stream, make_fake_tensor

    module = flashinfer("experimental.cake_mxfp8_megamoe_ep16.csrc.cake_mxfp8_megamoe_ep16.cute."
                        "cake_mxfp8_megamoe_ep16_topk_reduce")
    route_terms, output = (make_fake_tensor(cutlass.BFloat16, (cute.sym_int64(symbol=name),), (1,), assumed_align=16)
                           for name in ("route_terms_bf16", "output_bf16"))
    return cute.compile(module.launch_cake_mxfp8_megamoe_ep16_topk_reduce, route_terms, output, cutlass.Int32(0),
                        cutlass.Int32(1), cutlass.Int32(1), cutlass.Int32(1), make_fake_stream())
