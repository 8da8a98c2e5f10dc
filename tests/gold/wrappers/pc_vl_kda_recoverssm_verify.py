"""vLLM's Kimi-K3 KDA RecoverSSM verify on tcgen05 (vllm/models/kimi_k3/nvidia/recoverssm/cutedsl/verify.py,
`KdaTcVerify`, the non-warp-specialized build that `CuteRecoverSSMVerify.compile` always compiles), sm_100a, as
`_compile_verify` builds it: 32 heads, a verify window of 4 tokens, `conv=True` with a token-major conv state
(`conv_dim_first=False`) and bf16 conv weights, ctas = 5 per SM x 148 SMs = 740; every tensor `dynamic_fake(rank,
dtype)` (run-time extents, run-time strides divisible by 64 but the last, stride 1, 16-byte aligned): qkv, raw gate,
raw beta, A_log, dt_bias, the SSM state [slots, H, V, K], corrections, key / gate records, output, query starts,
slots, conv state, conv weight, accepted tokens, the work counter; lower bound 0.0, null slot 0. `--enable-tvm-ffi`
is not passed (it changes no layout)."""

from _common import stream, vllm

ARCH = "sm_100a"

HEADS, WINDOW, CTAS = 32, 4, 5 * 148


def _dynamic_fake(rank, dtype):
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_tensor

    shape = tuple(cute.sym_int() for _ in range(rank))
    return make_fake_tensor(dtype, shape, (*(cute.sym_int(64) for _ in range(rank - 1)), 1), assumed_align=16)


def compile_only():
    import cutlass

    module = vllm("models.kimi_k3.nvidia.recoverssm.cutedsl.verify")
    bf16, f32, i32 = cutlass.BFloat16, cutlass.Float32, cutlass.Int32
    ranks = ((2, bf16), (2, bf16), (2, bf16), (1, f32), (1, f32), (4, bf16), (4, f32), (4, bf16), (2, bf16),
             (1, i32), (1, i32), (3, bf16), (2, bf16), (1, i32), (1, i32))
    fakes = [_dynamic_fake(rank, dtype) for rank, dtype in ranks]
    kernel = module.KdaTcVerify(HEADS, WINDOW, conv=True, ctas=CTAS, conv_dim_first=False, conv_weight_f32=False)
    return cutlass.cute.compile(kernel, *fakes, cutlass.Float32(0), cutlass.Int32(0), stream())
