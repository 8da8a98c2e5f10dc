"""cuDNN frontend's MegaMoE metadata-push router (cudnn/moe_ep/_megamoe_backend/cutedsl_src/communication/nvlink_domain/
token_comm_deterministic.py, `_MetadataPushRouter._router_kernel`), sm_100a, built as the GLU MXFP8 MegaMoE's
`TokenCommDeterministic` launches it (`launch_router` before the fused kernel): world size 8, 256 experts, top-8,
2048 tokens per rank (16384 routes: one data CTA), max receive size 8 * 2048 * 8, top-k scores applied at FC1,
token padding 128, 148 launchable SMs, no drop on overflow; the router's regions registered in a `DeviceWorkspace`
and finalized as the mega kernel does; its `aot_compile` fakes: top-k indices (tokens, 8) int32 and scores (tokens,
8) f32 row-major with a run-time token count, a (1,) int32 overflow flag, local / shared workspace pointers at 0 and a
`SymmetricBufferHost` of 8 zero offsets, rank 0."""

from _common import cudnn, stream

ARCH = "sm_100a"

WORLD, EXPERTS, TOPK, TOKENS, SMS = 8, 256, 8, 2048, 148

_PACKAGE = "moe_ep._megamoe_backend.cutedsl_src"


def compile_only():
    import cutlass
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_compact_tensor, make_ptr
    from cutlass.cute.typing import AddressSpace
    from cutlass.cutlass_dsl import Int32, Int64

    module = cudnn(f"{_PACKAGE}.communication.nvlink_domain.token_comm_deterministic")
    api = cudnn(f"{_PACKAGE}.api")
    workspace_module = cudnn(f"{_PACKAGE}.helpers.device_workspace")
    symmetric = cudnn(f"{_PACKAGE}.communication.nvlink_domain.symmetric_buffer")
    problem = api.ProblemDesc({"world_size": WORLD, "expert_count": EXPERTS, "topk": TOPK,
                               "max_tokens_per_rank": TOKENS, "max_recv_size_per_rank": WORLD * TOKENS * TOPK,
                               "apply_topk_at_fc1": True})
    impl = api.ImplDesc({"token_padding_block": 128, "promised_launchable_sm_count": SMS, "drop_on_overflow": False})
    router = module._MetadataPushRouter(problem, impl)
    workspace = workspace_module.DeviceWorkspace()
    router.register_device_workspace(workspace)
    workspace.finalize()

    @cute.jit
    def launch(indices, scores, overflow, local, shared, peers, stream_):
        router.launch_router(indices, scores, overflow, Int32(0), local, shared, peers, workspace, stream_)

    tokens = cute.sym_int()
    indices = make_fake_compact_tensor(cutlass.Int32, (tokens, TOPK), stride_order=(1, 0), assumed_align=16)
    scores = make_fake_compact_tensor(cutlass.Float32, (tokens, TOPK), stride_order=(1, 0), assumed_align=4)
    overflow = make_fake_compact_tensor(cutlass.Int32, (1,), stride_order=(0,), assumed_align=4)
    local = make_ptr(cutlass.Uint8, 0, AddressSpace.gmem, assumed_align=128)
    shared = make_ptr(cutlass.Uint8, 0, AddressSpace.gmem, assumed_align=128)
    peers = symmetric.SymmetricBufferHost(base_address=Int64(0), offsets=tuple(Int64(0) for _ in range(WORLD)),
                                          rank=Int32(0), max_ranks=WORLD)
    return cute.compile(launch, indices, scores, overflow, local, shared, peers, stream())
