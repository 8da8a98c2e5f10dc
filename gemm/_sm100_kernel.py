"""Persistent, warp-specialized Blackwell (SM100) GEMM whose every tile and partition is shape-checked.

    D = epilogue_op(alpha * A @ B^T + beta * C)      A: (M,K,L)  B: (N,K,L)  C, D: (M,N,L)

Features
- tcgen05.mma with the accumulator in TMEM; 1-CTA (cta_group::1) or 2-CTA (cta_group::2) MMAs.
- Clusters up to 16 CTAs; A is multicast along the cluster's N, B along its M (beyond the pair).
- Persistent static tile scheduler; the grid is one wave of clusters.
- A/B pipeline with as many stages as fit in SMEM beside the epilogue buffers; two TMEM
  accumulator stages, so the epilogue of one tile overlaps the mainloop of the next.
- Epilogue in subtiles: tcgen05.ld -> registers (alpha, beta*C, op, convert) -> swizzled SMEM ->
  TMA store. C arrives by TMA from its own warp into a two-stage SMEM ring.
- fp16/bf16/fp8 (e4m3, e5m2) in, fp32 accumulate, fp16/bf16/fp32 out; A K- or M-major, B K- or
  N-major, C/D N- or M-major; batched over L.

Data flow (warp roles, 7 warps; 6 without C)
1. warp 5 (TMA): gmem A/B -> SMEM stages (multicast across the cluster) -> `ab_pipeline`.
2. warp 4 (MMA): SMEM stages -> tcgen05.mma -> TMEM accumulator stage -> `acc_pipeline`.
   With 2-CTA MMAs only the even (leader) CTA of a pair issues; both CTAs' SMEM feed it.
3. warp 6 (C loader): gmem C -> SMEM ring, one epilogue subtile at a time -> `c_pipeline`.
4. warps 0-3 (epilogue): TMEM -> registers -> SMEM -> gmem D by TMA store, per subtile.

Checks: every `local_tile`, partition, `tma_partition`, fragment, TMEM view and epilogue divide has
a shape comment and an `expect(...)` beside it, in the Block > MMA > EPI > Store form; the extents
come from `Sm100GemmConfig.shape_dims`, so a wrong partition stops the compile (docs/sm100.md).

Constraints (see `Sm100GemmConfig.reasons`)
- MMA tile M 64 or 128 (1-CTA) or 256 (2-CTA); N 32..256 in steps of 32.
- Cluster extents powers of two, at most 16 CTAs; cluster M even with 2-CTA MMAs.
- The contiguous extent of A, B, C and D is a multiple of 16 bytes (TMA).

Entry points (`compile_only`, `make_gemm`, the command line) are in `gemm.sm100`.
"""


import os
from typing import Optional

# The DSL reads the target when cutlass is first imported; this module only compiles for sm_100a.
os.environ.setdefault("CUTE_DSL_ARCH", "sm_100a")

import cuda.bindings.driver as cuda  # noqa: E402

import cutlass  # noqa: E402
import cutlass.cute as cute  # noqa: E402
import cutlass.pipeline as pipeline  # noqa: E402
import cutlass.utils as utils  # noqa: E402
import cutlass.utils.blackwell_helpers as sm100_utils  # noqa: E402
from cutlass.cute.nvgpu import cpasync, tcgen05  # noqa: E402
from cutlass.memory import SmemAllocator, TmemAllocator, get_num_tmem_alloc_cols  # noqa: E402
from cutlass.tensor_utils import LayoutEnum  # noqa: E402

from cute_inspect import expect  # noqa: E402
from gemm._common_epilogue import resolve_epilogue  # noqa: E402
from gemm._sm100_config import (  # noqa: E402
    ACC_STAGES,
    C_LOAD_WARP,
    D_STAGES,
    DTYPES,
    EPILOGUE_WARPS,
    MMA_WARP,
    SMEM_CAPACITY_BYTES,
    TMA_WARP,
    Sm100GemmConfig,
)
from gemm._sm100_epilogue import (  # noqa: E402
    smem_load_partition,
    smem_store_partition,
    tmem_load_partition,
)

# Named barriers (0 is __syncthreads).
EPILOGUE_BARRIER_ID = 1
TMEM_PTR_BARRIER_ID = 2
SMEM_BUFFER_ALIGN = 1024


def _layout_enum(major_is_last_mode: bool) -> LayoutEnum:
    return LayoutEnum.ROW_MAJOR if major_is_last_mode else LayoutEnum.COL_MAJOR


class Sm100Gemm:
    """The kernel for one `Sm100GemmConfig`: `__call__` builds layouts and launches, `kernel` runs."""

    def __init__(self, cfg: Sm100GemmConfig):
        ok, why = cfg.can_implement()
        if not ok:
            raise ValueError(f"unsupported SM100 GEMM config: {why}")
        self.cfg = cfg
        self.ab_dtype = DTYPES[cfg.ab_dtype]
        self.d_dtype = DTYPES[cfg.out_dtype]
        self.acc_dtype = cutlass.Float32
        self.mma_tiler_mnk = cfg.mma_tiler_mnk
        self.cta_group = tcgen05.CtaGroup.TWO if cfg.use_2cta else tcgen05.CtaGroup.ONE
        self.a_layout = _layout_enum(cfg.a_major == "k")
        self.b_layout = _layout_enum(cfg.b_major == "k")
        self.d_layout = _layout_enum(cfg.d_major == "n")
        self.ab_stages = cfg.ab_stages
        self.epi_tile = cfg.epi_tile_mn
        self.dims = cfg.shape_dims()
        self.epilogue_op = resolve_epilogue(cfg.epilogue)

    def _check_tensor(self, name, tensor, dtype, layout):
        if tensor.element_type != dtype:
            raise TypeError(f"{name} has element type {tensor.element_type}; the config says {dtype}")
        if LayoutEnum.from_tensor(tensor) != layout:
            raise ValueError(f"{name} is {LayoutEnum.from_tensor(tensor).value}; the config says {layout.value}")

    @cute.jit
    def __call__(
        self,
        a: cute.Tensor,
        b: cute.Tensor,
        c: cute.Tensor,
        d: cute.Tensor,
        alpha: cutlass.Float32,
        beta: cutlass.Float32,
        max_active_clusters: cutlass.Constexpr,
        stream: cuda.CUstream,
    ):
        cfg = self.cfg
        self._check_tensor("A", a, self.ab_dtype, self.a_layout)
        self._check_tensor("B", b, self.ab_dtype, self.b_layout)
        self._check_tensor("C", c, self.d_dtype, self.d_layout)
        self._check_tensor("D", d, self.d_dtype, self.d_layout)

        tiled_mma = sm100_utils.make_trivial_tiled_mma(
            self.ab_dtype,
            self.a_layout.mma_major_mode(),
            self.b_layout.mma_major_mode(),
            self.acc_dtype,
            self.cta_group,
            cfg.mma_tiler_mn,
        )
        # (V, ClusterM / V, ClusterN, 1): V indexes the CTAs of one MMA pair.
        cluster_layout_vmnk = cute.tiled_divide(
            cute.make_layout((*cfg.cluster_shape_mn, 1)), (tiled_mma.thr_id.shape,)
        )

        # Swizzled SMEM layouts; their stage counts come from the config's SMEM budget.
        a_smem_layout_staged = sm100_utils.make_smem_layout_a(
            tiled_mma, self.mma_tiler_mnk, self.ab_dtype, self.ab_stages
        )
        b_smem_layout_staged = sm100_utils.make_smem_layout_b(
            tiled_mma, self.mma_tiler_mnk, self.ab_dtype, self.ab_stages
        )
        d_smem_layout_staged = sm100_utils.make_smem_layout_epi(
            self.d_dtype, self.d_layout, self.epi_tile, D_STAGES
        )
        a_smem_layout = cute.slice_(a_smem_layout_staged, (None, None, None, 0))
        b_smem_layout = cute.slice_(b_smem_layout_staged, (None, None, None, 0))
        d_smem_layout = cute.slice_(d_smem_layout_staged, (None, None, 0))
        stage_bytes = cute.size_in_bytes(self.ab_dtype, a_smem_layout) + cute.size_in_bytes(
            self.ab_dtype, b_smem_layout
        )
        if cutlass.const_expr(stage_bytes != cfg.ab_stage_bytes()):
            raise AssertionError(
                f"A/B stage takes {stage_bytes} bytes of SMEM, the stage count assumed {cfg.ab_stage_bytes()}"
            )

        tma_atom_a, tma_tensor_a = cute.nvgpu.make_tiled_tma_atom_A(
            sm100_utils.cluster_shape_to_tma_atom_A(cfg.cluster_shape_mn, tiled_mma.thr_id),
            a,
            a_smem_layout,
            self.mma_tiler_mnk,
            tiled_mma,
            cluster_layout_vmnk.shape,
        )
        tma_atom_b, tma_tensor_b = cute.nvgpu.make_tiled_tma_atom_B(
            sm100_utils.cluster_shape_to_tma_atom_B(cfg.cluster_shape_mn, tiled_mma.thr_id),
            b,
            b_smem_layout,
            self.mma_tiler_mnk,
            tiled_mma,
            cluster_layout_vmnk.shape,
        )
        # The leader CTA's barrier counts the bytes landing in both CTAs of its pair.
        self.ab_tx_bytes = stage_bytes * cfg.cta_group_size

        tma_atom_d, tma_tensor_d = cpasync.make_tiled_tma_atom(
            cpasync.CopyBulkTensorTileS2GOp(), d, d_smem_layout, self.epi_tile
        )
        tma_atom_c = None
        tma_tensor_c = c
        c_smem_layout_staged = None
        self.c_tx_bytes = 0
        if cutlass.const_expr(cfg.with_c):
            c_smem_layout_staged = sm100_utils.make_smem_layout_epi(
                self.d_dtype, self.d_layout, self.epi_tile, cfg.c_stages
            )
            c_smem_layout = cute.slice_(c_smem_layout_staged, (None, None, 0))
            self.c_tx_bytes = cute.size_in_bytes(self.d_dtype, c_smem_layout)
            tma_atom_c, tma_tensor_c = cpasync.make_tiled_tma_atom(
                cpasync.CopyBulkTensorTileG2SOp(), c, c_smem_layout, self.epi_tile
            )

        # Tiles of the CTA, counted over (M, N, L); the scheduler walks them cluster by cluster.
        cta_tile_mn = cfg.cta_tile_mnk[:2]
        num_tiles_mnl = cute.zipped_divide(d, tiler=cta_tile_mn)[(0, (None, None, None))].shape
        tile_sched_params = utils.PersistentTileSchedulerParams(
            num_tiles_mnl, (*cfg.cluster_shape_mn, 1)
        )
        grid = utils.StaticPersistentTileScheduler.get_grid_shape(tile_sched_params, max_active_clusters)

        self.shared_storage = self._shared_storage(
            a_smem_layout_staged, b_smem_layout_staged, c_smem_layout_staged, d_smem_layout_staged
        )
        if cutlass.const_expr(self.shared_storage.size_in_bytes() > SMEM_CAPACITY_BYTES):
            raise AssertionError(
                f"SMEM takes {self.shared_storage.size_in_bytes()} bytes; the CTA has {SMEM_CAPACITY_BYTES}"
            )
        self.kernel(
            tiled_mma,
            tma_atom_a,
            tma_tensor_a,
            tma_atom_b,
            tma_tensor_b,
            tma_atom_c,
            tma_tensor_c,
            tma_atom_d,
            tma_tensor_d,
            cluster_layout_vmnk,
            a_smem_layout_staged,
            b_smem_layout_staged,
            c_smem_layout_staged,
            d_smem_layout_staged,
            tile_sched_params,
            alpha,
            beta,
        ).launch(
            grid=grid,
            block=[cfg.threads_per_cta, 1, 1],
            cluster=(*cfg.cluster_shape_mn, 1),
            stream=stream,
        )

    def _shared_storage(self, a_layout, b_layout, c_layout, d_layout):
        """The CTA's SMEM: barriers first, then 1024-byte aligned buffers (the 128B swizzle period)."""
        cfg = self.cfg
        Int64, MemRange, Align = cutlass.Int64, cute.struct.MemRange, cute.struct.Align
        ab_dtype, d_dtype = self.ab_dtype, self.d_dtype

        class SharedStorage:
            ab_full_mbar: MemRange[Int64, self.ab_stages]
            ab_empty_mbar: MemRange[Int64, self.ab_stages]
            acc_full_mbar: MemRange[Int64, ACC_STAGES]
            acc_empty_mbar: MemRange[Int64, ACC_STAGES]
            if cfg.with_c:
                c_full_mbar: MemRange[Int64, cfg.c_stages]
                c_empty_mbar: MemRange[Int64, cfg.c_stages]
            tmem_dealloc_mbar: Int64
            tmem_holding_buf: cutlass.Int32
            sD: Align[MemRange[d_dtype, cute.cosize(d_layout.outer)], SMEM_BUFFER_ALIGN]
            if cfg.with_c:
                sC: Align[MemRange[d_dtype, cute.cosize(c_layout.outer)], SMEM_BUFFER_ALIGN]
            sA: Align[MemRange[ab_dtype, cute.cosize(a_layout.outer)], SMEM_BUFFER_ALIGN]
            sB: Align[MemRange[ab_dtype, cute.cosize(b_layout.outer)], SMEM_BUFFER_ALIGN]

        return cute.struct(SharedStorage)

    @cute.kernel
    def kernel(
        self,
        tiled_mma: cute.TiledMma,
        tma_atom_a: cute.CopyAtom,
        mA_mkl: cute.Tensor,
        tma_atom_b: cute.CopyAtom,
        mB_nkl: cute.Tensor,
        tma_atom_c: Optional[cute.CopyAtom],
        mC_mnl: cute.Tensor,
        tma_atom_d: cute.CopyAtom,
        mD_mnl: cute.Tensor,
        cluster_layout_vmnk: cute.Layout,
        a_smem_layout_staged: cute.ComposedLayout,
        b_smem_layout_staged: cute.ComposedLayout,
        c_smem_layout_staged,
        d_smem_layout_staged: cute.ComposedLayout,
        tile_sched_params: utils.PersistentTileSchedulerParams,
        alpha: cutlass.Float32,
        beta: cutlass.Float32,
    ):
        cfg = self.cfg
        dims = self.dims
        with_c = cfg.with_c
        use_2cta = cfg.use_2cta
        v_size = cfg.cta_group_size
        warp_idx = cute.arch.make_warp_uniform(cute.arch.warp_idx())
        tidx, _, _ = cute.arch.thread_idx()

        if warp_idx == TMA_WARP:
            cpasync.prefetch_descriptor(tma_atom_a)
            cpasync.prefetch_descriptor(tma_atom_b)
            cpasync.prefetch_descriptor(tma_atom_d)
            if cutlass.const_expr(with_c):
                cpasync.prefetch_descriptor(tma_atom_c)

        # Where this CTA sits: V picks its half of a 2-CTA MMA, (M, N) its place in the cluster.
        bidx, _, _ = cute.arch.block_idx()
        mma_coord_v = bidx % v_size
        is_leader_cta = mma_coord_v == 0
        cta_rank_in_cluster = cute.arch.make_warp_uniform(cute.arch.block_idx_in_cluster())
        cluster_coord_vmnk = cluster_layout_vmnk.get_flat_coord(cta_rank_in_cluster)

        # ---------------------------------------------------------------- barriers and SMEM
        storage = SmemAllocator().allocate(self.shared_storage)

        # Each stage is released by one tcgen05.commit per CTA that wrote into it by multicast.
        ab_pipeline = pipeline.PipelineTmaUmma.create(
            barrier_storage=storage.ab_full_mbar.data_ptr(),
            num_stages=self.ab_stages,
            producer_group=pipeline.CooperativeGroup(pipeline.Agent.Thread),
            consumer_group=pipeline.CooperativeGroup(
                pipeline.Agent.Thread, cfg.mcast_ctas_a + cfg.mcast_ctas_b - 1
            ),
            tx_count=self.ab_tx_bytes,
            cta_layout_vmnk=cluster_layout_vmnk,
            defer_sync=True,
        )
        # One arrive per epilogue warp, from both CTAs of a pair, frees an accumulator stage.
        acc_pipeline = pipeline.PipelineUmmaAsync.create(
            barrier_storage=storage.acc_full_mbar.data_ptr(),
            num_stages=ACC_STAGES,
            producer_group=pipeline.CooperativeGroup(pipeline.Agent.Thread),
            consumer_group=pipeline.CooperativeGroup(
                pipeline.Agent.Thread, len(EPILOGUE_WARPS) * v_size
            ),
            cta_layout_vmnk=cluster_layout_vmnk,
            defer_sync=True,
        )
        c_pipeline = None
        if cutlass.const_expr(with_c):
            c_pipeline = pipeline.PipelineTmaAsync.create(
                barrier_storage=storage.c_full_mbar.data_ptr(),
                num_stages=cfg.c_stages,
                producer_group=pipeline.CooperativeGroup(pipeline.Agent.Thread),
                consumer_group=pipeline.CooperativeGroup(pipeline.Agent.Thread, len(EPILOGUE_WARPS)),
                tx_count=self.c_tx_bytes,
                defer_sync=True,
            )
        tmem = TmemAllocator(
            storage.tmem_holding_buf.ptr,
            barrier_for_retrieve=pipeline.NamedBarrier(
                barrier_id=TMEM_PTR_BARRIER_ID, num_threads=32 * (len(EPILOGUE_WARPS) + 1)
            ),
            allocator_warp_id=EPILOGUE_WARPS[0],
            is_two_cta=use_2cta,
            two_cta_tmem_dealloc_mbar_ptr=storage.tmem_dealloc_mbar.ptr,
        )
        pipeline.pipeline_init_arrive(cluster_shape_mn=cfg.cluster_shape_mn, is_relaxed=True)

        # (SA_ATOM, MMA_RestM, MMA_RestK, AB_STAGE): an MMA-shaped, swizzled stage ring
        sA = storage.sA.get_tensor(a_smem_layout_staged.outer, swizzle=a_smem_layout_staged.inner)
        expect(sA, "(SA_ATOM, MMA_RestM, MMA_RestK, AB_STAGE)", **dims)
        # (SB_ATOM, MMA_RestN, MMA_RestK, AB_STAGE)
        sB = storage.sB.get_tensor(b_smem_layout_staged.outer, swizzle=b_smem_layout_staged.inner)
        expect(sB, "(SB_ATOM, MMA_RestN, MMA_RestK, AB_STAGE)", **dims)
        # (EPI_TILE_M, EPI_TILE_N, D_STAGE), each mode split by the swizzle atom
        sD = storage.sD.get_tensor(d_smem_layout_staged.outer, swizzle=d_smem_layout_staged.inner)
        expect(sD, "(_, _, (1, D_STAGE))", **dims)
        sC = None
        if cutlass.const_expr(with_c):
            # (EPI_TILE_M, EPI_TILE_N, C_STAGE)
            sC = storage.sC.get_tensor(c_smem_layout_staged.outer, swizzle=c_smem_layout_staged.inner)
            expect(sC, "(_, _, (1, C_STAGE))", **dims)

        # ---------------------------------------------------------------- Block level
        # (bM, bK, RestM, RestK, RestL): bM is the MMA's M (both CTAs of a pair).
        gA_mkl = cute.local_tile(mA_mkl, cute.slice_(self.mma_tiler_mnk, (None, 0, None)), (None, None, None))
        expect(gA_mkl, "(bM, bK, RestM, RestK, RestL)", **dims)
        # (bN, bK, RestN, RestK, RestL)
        gB_nkl = cute.local_tile(mB_nkl, cute.slice_(self.mma_tiler_mnk, (0, None, None)), (None, None, None))
        expect(gB_nkl, "(bN, bK, RestN, RestK, RestL)", **dims)
        # (bM, bN, RestM, RestN, RestL)
        gD_mnl = cute.local_tile(mD_mnl, cute.slice_(self.mma_tiler_mnk, (None, None, 0)), (None, None, None))
        expect(gD_mnl, "(bM, bN, RestM, RestN, RestL)", **dims)
        k_tile_cnt = cute.size(gA_mkl, mode=[3])

        # ---------------------------------------------------------------- MMA level
        thr_mma = tiled_mma.get_slice(mma_coord_v)
        # ((MMA_M, MMA_K), MMA_RestM, MMA_RestK, RestM, RestK, RestL): this CTA's half of the pair.
        tCgA = thr_mma.partition_A(gA_mkl)
        expect(tCgA, "((MMA_M, MMA_K), MMA_RestM, MMA_RestK, RestM, RestK, RestL)", **dims)
        # ((MMA_NB, MMA_K), MMA_RestN, MMA_RestK, RestN, RestK, RestL): MMA_NB is this CTA's share of N.
        tCgB = thr_mma.partition_B(gB_nkl)
        expect(tCgB, "((MMA_NB, MMA_K), MMA_RestN, MMA_RestK, RestN, RestK, RestL)", **dims)
        # ((MMA_M, MMA_N), MMA_RestM, MMA_RestN, RestM, RestN, RestL)
        tCgD = thr_mma.partition_C(gD_mnl)
        expect(tCgD, "((MMA_M, MMA_N), MMA_RestM, MMA_RestN, RestM, RestN, RestL)", **dims)

        # TMA partitions want (tma_tile, Rest...): the MMA modes are grouped into one tile.
        a_cta_layout = cute.make_layout(cute.slice_(cluster_layout_vmnk, (0, 0, None, 0)).shape)
        # ((TMA_A_SMEM, TMA_RestA), AB_STAGE) and ((TMA_A, TMA_RestA), RestM, RestK, RestL):
        # TMA_A is the box (contiguous, strided) of one copy, TMA_RestA the boxes per k-tile.
        tAsA, tAgA = cpasync.tma_partition(
            tma_atom_a,
            cluster_coord_vmnk[2],
            a_cta_layout,
            cute.group_modes(sA, 0, 3),
            cute.group_modes(tCgA, 0, 3),
        )
        expect(tAsA, "((TMA_A_SMEM, TMA_RestA), AB_STAGE)", **dims)
        expect(tAgA, "((TMA_A, TMA_RestA), RestM, RestK, RestL)", **dims)
        b_cta_layout = cute.make_layout(cute.slice_(cluster_layout_vmnk, (0, None, 0, 0)).shape)
        # ((TMA_B_SMEM, TMA_RestB), AB_STAGE) and ((TMA_B, TMA_RestB), RestN, RestK, RestL)
        tBsB, tBgB = cpasync.tma_partition(
            tma_atom_b,
            cluster_coord_vmnk[1],
            b_cta_layout,
            cute.group_modes(sB, 0, 3),
            cute.group_modes(tCgB, 0, 3),
        )
        expect(tBsB, "((TMA_B_SMEM, TMA_RestB), AB_STAGE)", **dims)
        expect(tBgB, "((TMA_B, TMA_RestB), RestN, RestK, RestL)", **dims)

        # SMEM descriptors, one per MMA atom: (1, MMA_RestM, MMA_RestK, AB_STAGE)
        tCrA = tiled_mma.make_fragment_A(sA)
        expect(tCrA, "(1, MMA_RestM, MMA_RestK, AB_STAGE)", **dims)
        # (1, MMA_RestN, MMA_RestK, AB_STAGE)
        tCrB = tiled_mma.make_fragment_B(sB)
        expect(tCrB, "(1, MMA_RestN, MMA_RestK, AB_STAGE)", **dims)
        # ((ACC_M, MMA_N), MMA_RestM, MMA_RestN, ACC_STAGE): a layout only until TMEM is allocated.
        acc_shape = tiled_mma.partition_shape_C(self.mma_tiler_mnk[:2])
        tCtAcc_fake = tiled_mma.make_fragment_C(cute.append(acc_shape, ACC_STAGES))
        expect(tCtAcc_fake, "((ACC_M, MMA_N), MMA_RestM, MMA_RestN, ACC_STAGE)", **dims)

        pipeline.pipeline_init_wait(cluster_shape_mn=cfg.cluster_shape_mn)

        # ---------------------------------------------------------------- TMA warp
        if warp_idx == TMA_WARP:
            a_mcast_mask = None
            b_mcast_mask = None
            if cutlass.const_expr(cfg.mcast_ctas_a > 1 or cfg.mcast_ctas_b > 1 or use_2cta):
                a_mcast_mask = cpasync.create_tma_multicast_mask(
                    cluster_layout_vmnk, cluster_coord_vmnk, mcast_mode=2
                )
                b_mcast_mask = cpasync.create_tma_multicast_mask(
                    cluster_layout_vmnk, cluster_coord_vmnk, mcast_mode=1
                )
            tile_sched = utils.StaticPersistentTileScheduler.create(
                tile_sched_params, cute.arch.block_idx(), cute.arch.grid_dim()
            )
            work_tile = tile_sched.initial_work_tile_info()
            ab_producer = pipeline.make_pipeline_state(pipeline.PipelineUserType.Producer, self.ab_stages)
            while work_tile.is_valid_tile:
                tile_m, tile_n, tile_l = work_tile.tile_idx
                # ((TMA_A, TMA_RestA), RestK)
                tAgA_k = tAgA[(None, tile_m // v_size, None, tile_l)]
                expect(tAgA_k, "((TMA_A, TMA_RestA), RestK)", **dims)
                # ((TMA_B, TMA_RestB), RestK)
                tBgB_k = tBgB[(None, tile_n, None, tile_l)]
                expect(tBgB_k, "((TMA_B, TMA_RestB), RestK)", **dims)

                ab_producer.reset_count()
                for k_tile in cutlass.range(0, k_tile_cnt, 1, unroll=1):
                    ab_pipeline.producer_acquire(ab_producer)
                    full_bar = ab_pipeline.producer_get_barrier(ab_producer)
                    cute.copy(
                        tma_atom_a,
                        tAgA_k[(None, ab_producer.count)],
                        tAsA[(None, ab_producer.index)],
                        tma_bar_ptr=full_bar,
                        mcast_mask=a_mcast_mask,
                    )
                    cute.copy(
                        tma_atom_b,
                        tBgB_k[(None, ab_producer.count)],
                        tBsB[(None, ab_producer.index)],
                        tma_bar_ptr=full_bar,
                        mcast_mask=b_mcast_mask,
                    )
                    ab_producer.advance()
                tile_sched.advance_to_next_work()
                work_tile = tile_sched.get_current_work()
            # Keep SMEM alive until the MMAs that read the last stages have finished.
            ab_pipeline.producer_tail(ab_producer)

        # ---------------------------------------------------------------- MMA warp
        if warp_idx == MMA_WARP:
            tmem.wait_for_alloc()
            # ((ACC_M, MMA_N), MMA_RestM, MMA_RestN, ACC_STAGE) in TMEM
            tCtAcc_base = cute.make_tensor(tmem.retrieve_ptr(self.acc_dtype), tCtAcc_fake.layout)
            expect(tCtAcc_base, "((ACC_M, MMA_N), MMA_RestM, MMA_RestN, ACC_STAGE)", **dims)
            tile_sched = utils.StaticPersistentTileScheduler.create(
                tile_sched_params, cute.arch.block_idx(), cute.arch.grid_dim()
            )
            work_tile = tile_sched.initial_work_tile_info()
            ab_consumer = pipeline.make_pipeline_state(pipeline.PipelineUserType.Consumer, self.ab_stages)
            acc_producer = pipeline.make_pipeline_state(pipeline.PipelineUserType.Producer, ACC_STAGES)
            num_k_blocks = cute.size(tCrA, mode=[2])
            while work_tile.is_valid_tile:
                # ((ACC_M, MMA_N), MMA_RestM, MMA_RestN)
                tCtAcc = tCtAcc_base[(None, None, None, acc_producer.index)]
                expect(tCtAcc, "((ACC_M, MMA_N), MMA_RestM, MMA_RestN)", **dims)
                ab_consumer.reset_count()
                if is_leader_cta:
                    acc_pipeline.producer_acquire(acc_producer)
                # The first MMA of a tile overwrites the stage: no zero-fill of TMEM needed.
                tiled_mma.set(tcgen05.Field.ACCUMULATE, False)
                for k_tile in cutlass.range(k_tile_cnt):
                    if is_leader_cta:
                        ab_pipeline.consumer_wait(ab_consumer)
                        for k_block in cutlass.range(num_k_blocks, unroll_full=True):
                            k_block_coord = (None, None, k_block, ab_consumer.index)
                            cute.gemm(tiled_mma, tCtAcc, tCrA[k_block_coord], tCrB[k_block_coord], tCtAcc)
                            tiled_mma.set(tcgen05.Field.ACCUMULATE, True)
                        ab_pipeline.consumer_release(ab_consumer)
                    ab_consumer.advance()
                if is_leader_cta:
                    acc_pipeline.producer_commit(acc_producer)
                acc_producer.advance()
                tile_sched.advance_to_next_work()
                work_tile = tile_sched.get_current_work()
            acc_pipeline.producer_tail(acc_producer)

        # ---------------------------------------------------------------- C loader warp
        if cutlass.const_expr(with_c):
            if warp_idx == C_LOAD_WARP:
                # (bM, bN, RestM, RestN, RestL)
                gC_mnl = cute.local_tile(
                    mC_mnl, cute.slice_(self.mma_tiler_mnk, (None, None, 0)), (None, None, None)
                )
                expect(gC_mnl, "(bM, bN, RestM, RestN, RestL)", **dims)
                # ((MMA_M, MMA_N), MMA_RestM, MMA_RestN, RestM, RestN, RestL)
                tCgC = thr_mma.partition_C(gC_mnl)
                expect(tCgC, "((MMA_M, MMA_N), MMA_RestM, MMA_RestN, RestM, RestN, RestL)", **dims)
                # (EPI_TILE_M, EPI_TILE_N, EPI_RestM, EPI_RestN, RestM, RestN, RestL)
                gC_epi = cute.flat_divide(tCgC[((None, None), 0, 0, None, None, None)], self.epi_tile)
                expect(gC_epi, "(EPI_TILE_M, EPI_TILE_N, EPI_RestM, EPI_RestN, RestM, RestN, RestL)", **dims)
                # C shares D's type and major order, so its TMA box is D's.
                # ((TMA_D_SMEM, TMA_RestD), (1, C_STAGE)) and ((TMA_D, TMA_RestD), EPI_RestM, EPI_RestN, RestM, RestN, RestL)
                bGS_sC, bGS_gC = cpasync.tma_partition(
                    tma_atom_c, 0, cute.make_layout(1), cute.group_modes(sC, 0, 2), cute.group_modes(gC_epi, 0, 2)
                )
                expect(bGS_sC, "((TMA_D_SMEM, TMA_RestD), (1, C_STAGE))", **dims)
                expect(bGS_gC, "((TMA_D, TMA_RestD), EPI_RestM, EPI_RestN, RestM, RestN, RestL)", **dims)
                tile_sched = utils.StaticPersistentTileScheduler.create(
                    tile_sched_params, cute.arch.block_idx(), cute.arch.grid_dim()
                )
                work_tile = tile_sched.initial_work_tile_info()
                c_producer = pipeline.make_pipeline_state(pipeline.PipelineUserType.Producer, cfg.c_stages)
                while work_tile.is_valid_tile:
                    tile_m, tile_n, tile_l = work_tile.tile_idx
                    # ((TMA_D, TMA_RestD), (EPI_RestM, EPI_RestN))
                    bGS_gC_tile = cute.group_modes(
                        bGS_gC[(None, None, None, tile_m // v_size, tile_n, tile_l)], 1, 3
                    )
                    expect(bGS_gC_tile, "((TMA_D, TMA_RestD), (EPI_RestM, EPI_RestN))", **dims)
                    for subtile in cutlass.range(cute.size(bGS_gC_tile, mode=[1])):
                        c_pipeline.producer_acquire(c_producer)
                        cute.copy(
                            tma_atom_c,
                            bGS_gC_tile[(None, subtile)],
                            bGS_sC[(None, c_producer.index)],
                            tma_bar_ptr=c_pipeline.producer_get_barrier(c_producer),
                        )
                        c_producer.advance()
                    tile_sched.advance_to_next_work()
                    work_tile = tile_sched.get_current_work()
                c_pipeline.producer_tail(c_producer)

        # ---------------------------------------------------------------- epilogue warps
        if warp_idx < MMA_WARP:
            tmem.allocate(get_num_tmem_alloc_cols(tCtAcc_fake))
            tmem.wait_for_alloc()
            tmem_ptr = tmem.retrieve_ptr(self.acc_dtype)
            # ((ACC_M, MMA_N), MMA_RestM, MMA_RestN, ACC_STAGE) in TMEM
            tCtAcc_base = cute.make_tensor(tmem_ptr, tCtAcc_fake.layout)
            expect(tCtAcc_base, "((ACC_M, MMA_N), MMA_RestM, MMA_RestN, ACC_STAGE)", **dims)

            tiled_copy_t2r, tTR_tAcc, tTR_rAcc = tmem_load_partition(
                cfg, dims, tidx, tCtAcc_base, tCgD, self.epi_tile, self.d_layout
            )
            tiled_copy_r2s, tRS_rD, tRS_sD = smem_store_partition(
                cfg, dims, tidx, tiled_copy_t2r, tTR_rAcc, sD, self.d_layout
            )
            tSR_sC = None
            tSR_rC = None
            tiled_copy_s2r = None
            if cutlass.const_expr(with_c):
                tiled_copy_s2r, tSR_sC, tSR_rC = smem_load_partition(cfg, dims, tidx, tiled_copy_t2r, tTR_rAcc, sC)
            # (EPI_TILE_M, EPI_TILE_N, EPI_RestM, EPI_RestN, RestM, RestN, RestL)
            gD_epi = cute.flat_divide(tCgD[((None, None), 0, 0, None, None, None)], self.epi_tile)
            expect(gD_epi, "(EPI_TILE_M, EPI_TILE_N, EPI_RestM, EPI_RestN, RestM, RestN, RestL)", **dims)
            # ((TMA_D_SMEM, TMA_RestD), (1, D_STAGE)) and ((TMA_D, TMA_RestD), EPI_RestM, EPI_RestN, RestM, RestN, RestL)
            bSG_sD, bSG_gD = cpasync.tma_partition(
                tma_atom_d, 0, cute.make_layout(1), cute.group_modes(sD, 0, 2), cute.group_modes(gD_epi, 0, 2)
            )
            expect(bSG_sD, "((TMA_D_SMEM, TMA_RestD), (1, D_STAGE))", **dims)
            expect(bSG_gD, "((TMA_D, TMA_RestD), EPI_RestM, EPI_RestN, RestM, RestN, RestL)", **dims)

            epilogue_barrier = pipeline.NamedBarrier(EPILOGUE_BARRIER_ID, 32 * len(EPILOGUE_WARPS))
            d_pipeline = pipeline.PipelineTmaStore.create(
                num_stages=D_STAGES,
                producer_group=pipeline.CooperativeGroup(pipeline.Agent.Thread, 32 * len(EPILOGUE_WARPS)),
            )
            tile_sched = utils.StaticPersistentTileScheduler.create(
                tile_sched_params, cute.arch.block_idx(), cute.arch.grid_dim()
            )
            work_tile = tile_sched.initial_work_tile_info()
            acc_consumer = pipeline.make_pipeline_state(pipeline.PipelineUserType.Consumer, ACC_STAGES)
            c_consumer = None
            if cutlass.const_expr(with_c):
                c_consumer = pipeline.make_pipeline_state(pipeline.PipelineUserType.Consumer, cfg.c_stages)

            while work_tile.is_valid_tile:
                tile_m, tile_n, tile_l = work_tile.tile_idx
                # ((TMA_D, TMA_RestD), (EPI_RestM, EPI_RestN))
                bSG_gD_tile = cute.group_modes(bSG_gD[(None, None, None, tile_m // v_size, tile_n, tile_l)], 1, 3)
                expect(bSG_gD_tile, "((TMA_D, TMA_RestD), (EPI_RestM, EPI_RestN))", **dims)
                # (T2R, T2R_RestM, T2R_RestN, (EPI_RestM, EPI_RestN)) of this tile's accumulator stage
                tTR_tAcc_tile = cute.group_modes(
                    tTR_tAcc[(None, None, None, None, None, acc_consumer.index)], 3, 5
                )
                expect(tTR_tAcc_tile, "(((T2R_V, T2R_T), 1), T2R_RestM, T2R_RestN, (EPI_RestM, EPI_RestN))", **dims)
                acc_pipeline.consumer_wait(acc_consumer)

                subtile_cnt = cute.size(tTR_tAcc_tile, mode=[3])
                stores_before = tile_sched.num_tiles_executed * subtile_cnt
                for subtile in cutlass.range(subtile_cnt):
                    cute.copy(tiled_copy_t2r, tTR_tAcc_tile[(None, None, None, subtile)], tTR_rAcc)
                    acc_vec = alpha * tiled_copy_r2s.retile(tTR_rAcc).load()
                    if cutlass.const_expr(with_c):
                        c_pipeline.consumer_wait(c_consumer)
                        cute.copy(tiled_copy_s2r, tSR_sC[(None, None, None, c_consumer.index)], tSR_rC)
                        # The next TMA write into this stage must see the reads as done.
                        cute.arch.fence_proxy("async.shared", space="cta")
                        c_pipeline.consumer_release(c_consumer)
                        c_consumer.advance()
                        acc_vec = acc_vec + beta * tiled_copy_r2s.retile(tSR_rC).load().to(self.acc_dtype)
                    if cutlass.const_expr(self.epilogue_op is not None):
                        acc_vec = self.epilogue_op(acc_vec)
                    tRS_rD.store(acc_vec.to(self.d_dtype))

                    d_stage = (stores_before + subtile) % D_STAGES
                    cute.copy(tiled_copy_r2s, tRS_rD, tRS_sD[(None, None, None, d_stage)])
                    # Generic-proxy SMEM writes must be visible to the TMA store (async proxy).
                    cute.arch.fence_proxy("async.shared", space="cta")
                    epilogue_barrier.arrive_and_wait()
                    if warp_idx == EPILOGUE_WARPS[0]:
                        cute.copy(tma_atom_d, bSG_sD[(None, d_stage)], bSG_gD_tile[(None, subtile)])
                        d_pipeline.producer_commit()
                        # Wait until the store D_STAGES back has read its buffer before reuse.
                        d_pipeline.producer_acquire()
                    epilogue_barrier.arrive_and_wait()

                # The accumulator stage may be overwritten by the next tile's MMAs.
                with cute.arch.elect_one():
                    acc_pipeline.consumer_release(acc_consumer)
                acc_consumer.advance()
                tile_sched.advance_to_next_work()
                work_tile = tile_sched.get_current_work()

            tmem.relinquish_alloc_permit()
            epilogue_barrier.arrive_and_wait()
            tmem.free(tmem_ptr)
            d_pipeline.producer_tail()

