"""vLLM's Kimi-K3 KDA RecoverSSM state commit (vllm/models/kimi_k3/nvidia/recoverssm/cutedsl/commit.py, `KdaCommit`),
sm_100a, as `kernels._compile_commit` builds it for `compile_state_commit`: 32 heads (Kimi-K3's, as the verify
wrapper), a verify window of 4 tokens, prefix-caching alignment on (`align=True`: the boundary state S_m is stored
too), fp32 A_log / dt_bias; every tensor the package's `dynamic_fake(rank, dtype)` (run-time extents, run-time
strides divisible by 64 but the last, stride 1, 16-byte aligned): the six per-layer int64 tables (state /
correction / key-gate base addresses and strides), A_log [L, H], dt_bias [L, H, K], the five int32 per-request
vectors (source slots, commit lengths, destination slots, boundary slots and lengths); lower bound 0.0, null slot
0. `--enable-tvm-ffi` is not passed (it changes no layout)."""

from _common import stream, vllm

ARCH = "sm_100a"

HEADS, WINDOW = 32, 4


def _dynamic_fake(rank, dtype):
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_tensor

    shape = tuple(cute.sym_int() for _ in range(rank))
    return make_fake_tensor(dtype, shape, (*(cute.sym_int(64) for _ in range(rank - 1)), 1), assumed_align=16)


def compile_only():
    import cutlass

    module = vllm("models.kimi_k3.nvidia.recoverssm.cutedsl.commit")
    f32, i32, i64 = cutlass.Float32, cutlass.Int32, cutlass.Int64
    ranks = ((1, i64),) * 6 + ((2, f32), (3, f32)) + ((1, i32),) * 5
    fakes = [_dynamic_fake(rank, dtype) for rank, dtype in ranks]
    kernel = module.KdaCommit(HEADS, WINDOW, align=True)
    return cutlass.cute.compile(kernel, *fakes, cutlass.Float32(0), cutlass.Int32(0), stream())
