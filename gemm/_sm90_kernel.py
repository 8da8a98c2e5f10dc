"""The SM90 GEMM kernel: `Sm90Gemm` (config in `__init__`, layouts/TMA/launch in `__call__`, device code
in `kernel`). Entry points (`compile_only`, `make_gemm`, the CLI) are in `gemm.sm90`.

    D = epilogue(alpha * A @ B^T + beta * C)        A: (M, K, L)  B: (N, K, L)  C, D: (M, N, L)

Features
- wgmma (warpgroup MMA) with A and B read from SMEM, fp32 accumulators in registers.
- TMA loads with multicast across a cluster: A is shared by the CTAs of a cluster row, B by a column.
- Warp specialization: warpgroup 0 is the TMA producer (registers shrunk with setmaxnreg to 40), one or two
  consumer warpgroups run the MMAs and the epilogue (registers grown to 232), or three for a 192-row tile
  (512 threads: 128 registers each, no setmaxnreg growth).
- A multi-stage mbarrier pipeline between producer and consumers (cutlass.pipeline.PipelineTmaAsync).
- Persistent grid: each CTA walks output tiles in a static order (`gemm._sm90_schedule`), so the producer
  loads the next tile while the consumers finish the current one. With `Sm90Config.stream_k` the last
  partial wave, with `Sm90Config.split_k` the whole problem, is cut into equal runs of k-tiles, one per
  cluster; a split tile's partial sums go through a global workspace, and either the participant that
  counts in last adds the others' sums and stores the tile, or, once their runs are done, its
  participants sum and store a share of its subtiles each (the fixup, `Sm90Config.fixup_by_last`).
- Two consumer schedules (`Sm90Config.pingpong`). Cooperative: the consumer warpgroups split one tile's
  rows and run the epilogue together, so the tensor cores idle during it. Ping-pong: two warpgroups own
  alternate tiles of the CTA's sequence; ordered by named barriers, they take turns at the mainloop and at
  the epilogue, so one's epilogue runs while the other's wgmma run.
- Epilogue through SMEM: registers -> stmatrix (plain stores for a 32-bit D) -> SMEM -> TMA store, in
  subtiles of (tile_m, 32) with a ring of staging buffers; alpha, beta (C arrives by TMA in the same
  staging buffers) and an elementwise op.
- A, B fp16, bf16, or fp8 (e4m3/e5m2, K-major); D and C fp16, bf16 or fp32; A K- or M-major, B K- or
  N-major, D N- or M-major; batched over L.
- Tile and cluster come from `Sm90Config`; `gemm._autotune` picks one per problem and caches it on disk.

Data flow of one output tile
1. producer warp: TMA A (bM, bK) and B (bN, bK) k-tiles into the stage ring (mbarrier "full" per stage).
2. consumers: wait "full", issue 4 wgmma per k-tile (32 bytes of K each), keep one k-tile in flight, then
   release the stage ("empty", signalled to every CTA that multicast into it). A 256-row tile's warpgroup
   issues its two 64-row halves' wgmmas as two groups and releases the stage before between them.
3. consumers: per epilogue subtile, fp32 accumulators -> alpha/beta/op -> D dtype -> stmatrix into SMEM.
4. one consumer warp: TMA store of the subtile to global memory (OOB rows/columns are clipped by TMA).
Stream-K and split-K: a unit with part of its tile's k-tiles stores its accumulators to the workspace
and counts in; by last arrival, the one that counts in last adds the others' sums to its accumulators
and runs 3-4; else, after its last unit the warpgroup sums its shares of the split tiles and runs 3-4.
Ping-pong: warpgroup 1 takes the CTA's tiles 0, 2, 4, ..., warpgroup 2 tiles 1, 3, 5, ...; each skips the
other's k-tiles in the stage ring and waits for its turn before steps 2 and 3.

Constraints
- tile_m in (64, 128, 192, 256), tile_n a multiple of 8 in 32..256 (of 64 for an N-major B); cluster in
  (1,1), (2,1), (1,2), (2,2), (1,4), (4,1), (4,2), (2,4); a ping-pong tile at most 128x192, a 192- or
  256-row tile at most 192 wide (a warpgroup's accumulators live in its registers); stream-K and split-K
  cooperative only, not with 192- or 256-row tiles (the parallel fixup sums one row of 128-row subtiles).
- A and B of the same 16-bit dtype (fp16 or bf16), or both fp8 and K-major; D fp16, bf16 or fp32;
  C of D's dtype and majorness.
- Each tensor's contiguous extent must be 16-byte aligned (8 elements of a 16-bit type, 16 of fp8).
"""
from types import SimpleNamespace
from typing import Callable, Optional

import cutlass
import cutlass.cute as cute
import cutlass.pipeline as pipeline
import cutlass.utils as utils
import cutlass.utils.hopper_helpers as sm90_utils
from cutlass import Int32
from cutlass._mlir.dialects import llvm
from cutlass.cute.nvgpu import cpasync, warp, warpgroup
from cutlass.memory import SmemAllocator, get_smem_capacity_in_bytes
from cutlass.cutlass_dsl import T, dsl_user_op
from cutlass.tensor_utils import LayoutEnum

from cute_inspect import expect
from gemm import _sm90_schedule as schedule
from gemm._sm90_config import Sm90Config, shape_dims, stage_counts

THREADS_PER_WARPGROUP = 128
PRODUCER_REGISTERS = 40
CONSUMER_REGISTERS = 232
# A 256-row tile's warpgroups issue a k-tile's wgmmas by 64-row halves: one half's, then (once every wgmma
# but the last group has retired) the stage before is released, then the other half's; as cuBLAS's coopA
# (which waits for all, WARPGROUP.DEPBAR 0). fp16, one process, against issuing both halves together and
# retiring the k-tile before: 440x9216x8192 256x160 0.933x -> 0.942x of cuBLAS, 568x28672x8192 256x144 c1x2
# 0.930x -> 0.946x, 344x18432x16384 256x128 c2x1 0.904x -> 0.929x (docs/sm90.md, sixteenth session).
BY_HALF_TILE_M = 256
HALF_WAIT_DEPTH = 1
# Named barrier ids (0 is __syncthreads): the epilogue's, then the ping-pong turns, one per warpgroup.
EPI_BARRIER_ID = 1
MMA_TURN_BARRIER_ID = 2
EPI_TURN_BARRIER_ID = 4
# mbarriers and the scheduler's scratch live in the first KiB of SMEM.
SMEM_RESERVED_BYTES = 1024
SUPPORTED_AB_DTYPES = (cutlass.Float16, cutlass.BFloat16, cutlass.Float8E4M3FN, cutlass.Float8E5M2)
SUPPORTED_D_DTYPES = (cutlass.Float16, cutlass.BFloat16, cutlass.Float32)


@dsl_user_op
def _load_int32_of_cta(smem_ptr, cta_rank, *, loc=None, ip=None):
    """The Int32 at `smem_ptr` in the SMEM of the cluster's CTA `cta_rank` (`ld.shared::cluster`): a cute
    tensor over a DSMEM pointer refuses loads."""
    remote = cute.arch.map_dsmem_ptr(smem_ptr, cta_rank, loc=loc, ip=ip)
    return Int32(llvm.load(T.i32(), remote.to_llvm_ptr(loc=loc, ip=ip), loc=loc, ip=ip))


def _first_stage(staged):
    """One stage of a staged (swizzle o layout) SMEM layout: its outer layout sliced, the swizzle kept.
    `cute.slice_` of the whole composed layout aborts (4.8.1) where the stage holds an odd number of
    swizzle atoms (a width of 8 more than a multiple of 16: 15 atoms of 8 rows for 120)."""
    return cute.make_composed_layout(staged.inner, 0, cute.slice_(staged.outer, (None, None, 0)))


class Sm90Gemm:
    """One compiled SM90 GEMM: `__init__` fixes the config, `__call__` builds layouts and TMA atoms and
    launches, `kernel` is the device code."""

    # Launch as a programmatic dependent of the kernel before it in the stream (PDL).
    use_pdl = True

    def __init__(
        self,
        config: Sm90Config,
        *,
        has_c: bool = False,
        epilogue_op: Optional[Callable] = None,
        max_active_clusters: int = 132,
    ):
        self.config = config
        self.has_c = has_c
        self.epilogue_op = epilogue_op
        self.max_active_clusters = max_active_clusters
        self.cluster_shape_mn = (config.cluster_m, config.cluster_n)
        self.pingpong = config.pingpong
        # Cooperative: one consumer warpgroup per 64 rows of the tile (a wgmma instruction is 64 rows
        # tall), two for a 256-row tile (each its rows in two wgmmas). Ping-pong: two, each with a whole tile.
        self.num_mma_warpgroups = config.mma_warpgroups
        # Warpgroups that share one tile: its MMAs, its stages' releases and its epilogue.
        self.tile_warpgroups = 1 if self.pingpong else self.num_mma_warpgroups
        self.num_mma_threads = self.num_mma_warpgroups * THREADS_PER_WARPGROUP
        self.epi_threads = self.tile_warpgroups * THREADS_PER_WARPGROUP
        self.threads_per_cta = THREADS_PER_WARPGROUP + self.num_mma_threads
        self.producer_warp = 0
        # The epilogue barrier is reused by the ping-pong warpgroups in turn, never at once.
        self.epi_barrier = pipeline.NamedBarrier(barrier_id=EPI_BARRIER_ID, num_threads=self.epi_threads)
        self.num_mcast_a = config.cluster_n
        self.num_mcast_b = config.cluster_m
        self.mma_by_half = config.tile_m == BY_HALF_TILE_M
        # wgmma groups left in flight once a k-tile's first group is issued: the k-tile before has then
        # retired and its stage is released. One group a k-tile: the k-tile just issued.
        self.first_half_wait = HALF_WAIT_DEPTH if self.mma_by_half else 1

    # ------------------------------------------------------------------------------------------------
    # Host side: derived attributes, layouts, TMA atoms, launch
    # ------------------------------------------------------------------------------------------------
    def _setup(self):
        ab_bytes = self.a_dtype.width // 8
        # A split tile's partial sums: fp32, or D's 16-bit dtype with `narrow_partials`.
        self.partial_dtype = cutlass.Float32
        if self.config.narrow_partials and self.d_dtype.width == 16:
            self.partial_dtype = self.d_dtype
        # bK spans one 128-byte swizzle row of K-major SMEM: 64 elements of a 16-bit type, 128 of fp8.
        self.tile_k = 128 // ab_bytes
        self.tile_shape_mnk = (self.config.tile_m, self.config.tile_n, self.tile_k)
        self.tiled_mma = sm90_utils.make_trivial_tiled_mma(
            self.a_dtype,
            self.b_dtype,
            self.a_layout.sm90_mma_major_mode(),
            self.b_layout.sm90_mma_major_mode(),
            cutlass.Float32,
            (self.tile_warpgroups, 1, 1),
            tiler_mn=(64, self.config.tile_n),
        )
        self.epi_tile = (self.config.epi_tile_m, self.config.epi_tile_n)
        self.epi_rest_m = self.config.tile_m // self.config.epi_tile_m
        self.epi_rest_n = self.config.tile_n // self.config.epi_tile_n
        # 8x8 matrices per stmatrix: four span 16 columns of a warp's 16 rows, two the 8 of a narrow subtile.
        self.stmatrix_count = 4 if self.config.epi_tile_n % 16 == 0 else 2

        self.ab_stages, self.epi_stages = stage_counts(
            self.config,
            tile_k=self.tile_k,
            ab_width=self.a_dtype.width,
            d_width=self.d_dtype.width,
            smem_bytes=get_smem_capacity_in_bytes("sm_90") - SMEM_RESERVED_BYTES,
        )
        if self.ab_stages < 2:
            raise ValueError(
                f"tile {self.config.tile_m}x{self.config.tile_n} leaves {self.ab_stages} pipeline stage(s) "
                "in SMEM; at least 2 are needed"
            )
        self.a_smem_layout_staged = sm90_utils.make_smem_layout_a(
            self.a_layout, self.tile_shape_mnk, self.a_dtype, self.ab_stages
        )
        self.b_smem_layout_staged = sm90_utils.make_smem_layout_b(
            self.b_layout, self.tile_shape_mnk, self.b_dtype, self.ab_stages
        )
        self.epi_smem_layout_staged = sm90_utils.make_smem_layout_epi(
            self.d_dtype, self.d_layout, self.epi_tile, self.epi_stages
        )
        self.dims = shape_dims(
            self.config,
            tile_k=self.tile_k,
            ab_stages=self.ab_stages,
            epi_stages=self.epi_stages,
            a_major="k" if self.a_layout.is_k_major_a() else "m",
            b_major="k" if self.b_layout.is_k_major_b() else "n",
            d_major="n" if self.d_layout.is_n_major_c() else "m",
            ab_width=self.a_dtype.width,
            d_width=self.d_dtype.width,
        )

    @cute.jit
    def __call__(
        self,
        mA_mkl: cute.Tensor,
        mB_nkl: cute.Tensor,
        mD_mnl: cute.Tensor,
        mC_mnl: cute.Tensor,
        alpha: cutlass.Float32,
        beta: cutlass.Float32,
        stream,
        workspace: Optional[cute.Tensor] = None,
        flags: Optional[cute.Tensor] = None,
    ):
        self.a_dtype = mA_mkl.element_type
        self.b_dtype = mB_nkl.element_type
        self.d_dtype = mD_mnl.element_type
        self.a_layout = LayoutEnum.from_tensor(mA_mkl)
        self.b_layout = LayoutEnum.from_tensor(mB_nkl)
        self.d_layout = LayoutEnum.from_tensor(mD_mnl)
        for name, dtype in (("A", self.a_dtype), ("B", self.b_dtype)):
            if cutlass.const_expr(dtype not in SUPPORTED_AB_DTYPES):
                raise TypeError(f"{name} dtype must be one of {SUPPORTED_AB_DTYPES}, got {dtype}")
        if cutlass.const_expr(self.a_dtype.width == 16 and self.b_dtype != self.a_dtype):
            raise TypeError(f"16-bit A and B must share a dtype, got {self.a_dtype} and {self.b_dtype}")
        if cutlass.const_expr(self.a_dtype.width != self.b_dtype.width):
            raise TypeError(f"A and B must both be 16-bit or both fp8, got {self.a_dtype} and {self.b_dtype}")
        if cutlass.const_expr(
            self.a_dtype.width == 8 and not (self.a_layout.is_k_major_a() and self.b_layout.is_k_major_b())
        ):
            raise TypeError("fp8 A and B must be K-major (wgmma reads 8-bit operands K-major only)")
        if cutlass.const_expr(self.b_layout.is_n_major_b() and self.config.tile_n % 64 != 0):
            raise ValueError(
                "an N-major B needs tile_n a multiple of 64 (its SMEM rows are 64 elements), "
                f"got {self.config.tile_n}"
            )
        if cutlass.const_expr(self.d_dtype not in SUPPORTED_D_DTYPES):
            raise TypeError(f"D dtype must be one of {SUPPORTED_D_DTYPES}, got {self.d_dtype}")
        if cutlass.const_expr(self.has_c):
            if cutlass.const_expr(mC_mnl.element_type != self.d_dtype):
                raise TypeError(f"C must have D's dtype {self.d_dtype}, got {mC_mnl.element_type}")
            if cutlass.const_expr(LayoutEnum.from_tensor(mC_mnl) != self.d_layout):
                raise TypeError("C must have D's majorness (both N-major or both M-major)")
        if cutlass.const_expr(self.config.uses_flags and (workspace is None or flags is None)):
            raise ValueError("a stream-K, split-K or GPC-ordered config needs its workspace and flags "
                             "(see gemm.sm90.make_gemm)")
        if cutlass.const_expr(workspace is None):
            # Without stream-K, split-K or the GPC order the kernel never touches them; D stands in so the
            # signature stays fixed.
            workspace, flags = mD_mnl, mD_mnl
        self._setup()
        dims = self.dims

        a_smem_layout = _first_stage(self.a_smem_layout_staged)
        b_smem_layout = _first_stage(self.b_smem_layout_staged)
        epi_smem_layout = _first_stage(self.epi_smem_layout_staged)
        tma_atom_a, tma_tensor_a = cpasync.make_tiled_tma_atom(
            self._load_op(self.num_mcast_a),
            mA_mkl,
            a_smem_layout,
            (self.config.tile_m, self.tile_k),
            num_multicast=self.num_mcast_a,
        )
        tma_atom_b, tma_tensor_b = cpasync.make_tiled_tma_atom(
            self._load_op(self.num_mcast_b),
            mB_nkl,
            b_smem_layout,
            (self.config.tile_n, self.tile_k),
            num_multicast=self.num_mcast_b,
        )
        tma_atom_d, tma_tensor_d = cpasync.make_tiled_tma_atom(
            cpasync.CopyBulkTensorTileS2GOp(), mD_mnl, epi_smem_layout, self.epi_tile
        )
        # Without C the kernel never touches it; D's atom stands in so the signature stays fixed.
        tma_atom_c, tma_tensor_c = tma_atom_d, tma_tensor_d
        if cutlass.const_expr(self.has_c):
            tma_atom_c, tma_tensor_c = cpasync.make_tiled_tma_atom(
                cpasync.CopyBulkTensorTileG2SOp(), mC_mnl, epi_smem_layout, self.epi_tile
            )

        # (bM, bN) tiles of D, counted per mode: (RestM, RestN, RestL)
        gD_tiles = cute.zipped_divide(mD_mnl, tiler=(self.config.tile_m, self.config.tile_n))
        expect(gD_tiles, "((bM, bN), (RestM, RestN, RestL))", **dims)
        tile_count_mnl = gD_tiles[(0, (None, None, None))].shape
        sched_params = utils.PersistentTileSchedulerParams(
            tile_count_mnl,
            (*self.cluster_shape_mn, 1),
            self.config.swizzle,
            self.config.raster_along_m,
        )
        count_m, count_n, count_l = schedule.cluster_counts(sched_params)
        clusters = cutlass.min(count_m * count_n * count_l, Int32(self.max_active_clusters))
        if cutlass.const_expr(self.config.splits_k):
            # Stream-K and split-K share k-tiles out to every cluster the GPU holds, even when there are
            # fewer tiles.
            clusters = Int32(self.max_active_clusters)
        grid = (*self.cluster_shape_mn, clusters)

        @cute.struct
        class SharedStorage:
            ab_barriers: cute.struct.MemRange[cutlass.Int64, self.ab_stages * 2]
            c_barrier: cute.struct.MemRange[cutlass.Int64, 1]
            # Split-K by last arrival: thread 0 tells the epilogue's threads whether their unit came last.
            fixup_flag: cute.struct.MemRange[cutlass.Int32, 1]
            # GPC order: the virtual cluster id the cluster's first CTA claimed, read by every CTA of it.
            cluster_id: cute.struct.MemRange[cutlass.Int32, 1]
            sA: cute.struct.Align[
                cute.struct.MemRange[self.a_dtype, cute.cosize(self.a_smem_layout_staged)], 1024
            ]
            sB: cute.struct.Align[
                cute.struct.MemRange[self.b_dtype, cute.cosize(self.b_smem_layout_staged)], 1024
            ]
            sD: cute.struct.Align[
                cute.struct.MemRange[self.d_dtype, cute.cosize(self.epi_smem_layout_staged)], 1024
            ]

        self.shared_storage = SharedStorage

        self.kernel(
            tma_atom_a,
            tma_tensor_a,
            tma_atom_b,
            tma_tensor_b,
            tma_atom_d,
            tma_tensor_d,
            tma_atom_c,
            tma_tensor_c,
            alpha,
            beta,
            self.tiled_mma,
            self.a_smem_layout_staged,
            self.b_smem_layout_staged,
            self.epi_smem_layout_staged,
            sched_params,
            workspace,
            flags,
        ).launch(
            grid=grid,
            block=[self.threads_per_cta, 1, 1],
            cluster=(*self.cluster_shape_mn, 1),
            min_blocks_per_mp=1,
            stream=stream,
            use_pdl=self.use_pdl,
        )

    def _mma_groups(self, accumulators, tCrA, tCrB) -> list:
        """(accumulators, A, B) of each group of wgmmas issued together per k-tile: the whole slice, or
        of a 256-row tile one per 64-row half (MMA_RestM), each keeping the MMA modes' ranks."""
        if not self.mma_by_half:
            return [(accumulators, tCrA, tCrB)]
        # The accumulators' first mode keeps its (compact) shape: the epilogue and wgmma read it by modes.
        acc_tiler = (cute.make_layout(accumulators.shape[0]), 1, cute.size(accumulators, mode=[2]))
        a_tiler = (cute.size(tCrA, mode=[0]), 1, cute.size(tCrA, mode=[2]), cute.size(tCrA, mode=[3]))
        # flat_divide: (tile modes..., rest modes...), so a rest coordinate leaves the tile's ranks.
        acc_halves = cute.flat_divide(accumulators, acc_tiler)
        a_halves = cute.flat_divide(tCrA, a_tiler)
        return [(acc_halves[(None, None, None, 0, half, 0)], a_halves[(None, None, None, None, 0, half, 0, 0)], tCrB)
                for half in range(cute.size(tCrA, mode=[1]))]

    @staticmethod
    def _issue_k_tile(tiled_mma, group, stage):
        """Issue one group's wgmmas over the k-blocks of the k-tile in SMEM stage `stage` (traced Python:
        the k-blocks unroll)."""
        accumulators, tCrA, tCrB = group
        for k_block in range(cute.size(tCrA, mode=[2])):
            k_coord = (None, None, k_block, stage)
            cute.gemm(tiled_mma, accumulators, tCrA[k_coord], tCrB[k_coord], accumulators)

    @staticmethod
    def _load_op(num_multicast: int):
        if num_multicast == 1:
            return cpasync.CopyBulkTensorTileG2SOp()
        return cpasync.CopyBulkTensorTileG2SMulticastOp()

    # ------------------------------------------------------------------------------------------------
    # Device side
    # ------------------------------------------------------------------------------------------------
    @cute.kernel
    def kernel(
        self,
        tma_atom_a: cute.CopyAtom,
        mA_mkl: cute.Tensor,
        tma_atom_b: cute.CopyAtom,
        mB_nkl: cute.Tensor,
        tma_atom_d: cute.CopyAtom,
        mD_mnl: cute.Tensor,
        tma_atom_c: cute.CopyAtom,
        mC_mnl: cute.Tensor,
        alpha: cutlass.Float32,
        beta: cutlass.Float32,
        tiled_mma: cute.TiledMma,
        a_smem_layout_staged: cute.ComposedLayout,
        b_smem_layout_staged: cute.ComposedLayout,
        epi_smem_layout_staged: cute.ComposedLayout,
        sched_params: utils.PersistentTileSchedulerParams,
        workspace: cute.Tensor,
        flags: cute.Tensor,
    ):
        dims = self.dims
        # TMA coordinate tensors over the whole problem
        expect(mA_mkl, "(M, K, L)", **dims)
        expect(mB_nkl, "(N, K, L)", **dims)
        expect(mD_mnl, "(M, N, L)", **dims)
        if cutlass.const_expr(self.has_c):
            expect(mC_mnl, "(M, N, L)", **dims)
        tidx, _, _ = cute.arch.thread_idx()
        warp_idx = cute.arch.make_warp_uniform(cute.arch.warp_idx())
        warpgroup_idx = cute.arch.make_warp_uniform(tidx // THREADS_PER_WARPGROUP)

        if warp_idx == self.producer_warp:
            cpasync.prefetch_descriptor(tma_atom_a)
            cpasync.prefetch_descriptor(tma_atom_b)
            cpasync.prefetch_descriptor(tma_atom_d)
            if cutlass.const_expr(self.has_c):
                cpasync.prefetch_descriptor(tma_atom_c)

        # ---- cluster position and multicast masks ----------------------------------------------
        cluster_layout_mnk = cute.make_layout((*self.cluster_shape_mn, 1))
        cta_rank_in_cluster = cute.arch.make_warp_uniform(cute.arch.block_idx_in_cluster())
        cluster_coord_mnk = cluster_layout_mnk.get_flat_coord(cta_rank_in_cluster)
        # A is multicast to the CTAs of this cluster row (mode 1: along N), B to this column.
        a_mcast_mask = 0
        if cutlass.const_expr(self.num_mcast_a > 1):
            a_mcast_mask = cute.make_layout_image_mask(cluster_layout_mnk, cluster_coord_mnk, mode=1)
        b_mcast_mask = 0
        if cutlass.const_expr(self.num_mcast_b > 1):
            b_mcast_mask = cute.make_layout_image_mask(cluster_layout_mnk, cluster_coord_mnk, mode=0)

        # ---- SMEM and the mainloop pipeline ----------------------------------------------------
        storage = SmemAllocator().allocate(self.shared_storage)
        a_smem_layout = _first_stage(a_smem_layout_staged)
        b_smem_layout = _first_stage(b_smem_layout_staged)
        stage_tx_bytes = cute.size_in_bytes(self.a_dtype, a_smem_layout) + cute.size_in_bytes(
            self.b_dtype, b_smem_layout
        )
        # A stage is free once every consumer warp of every CTA that wrote into it (multicast) released it.
        mcast_peers = self.num_mcast_a + self.num_mcast_b - 1
        consumer_arrivals = mcast_peers * self.tile_warpgroups * 4
        ab_pipeline = pipeline.PipelineTmaAsync.create(
            barrier_storage=storage.ab_barriers.data_ptr(),
            num_stages=self.ab_stages,
            producer_group=pipeline.CooperativeGroup(pipeline.Agent.Thread),
            consumer_group=pipeline.CooperativeGroup(pipeline.Agent.Thread, consumer_arrivals),
            tx_count=stage_tx_bytes,
            cta_layout_vmnk=cute.make_layout((1, *cluster_layout_mnk.shape)),
            defer_sync=True,
        )
        c_barrier = storage.c_barrier.data_ptr()
        # 1: whether this CTA's split unit counted in last (split-K by last arrival)
        fixup_flag = storage.fixup_flag.get_tensor(cute.make_layout(1))
        expect(fixup_flag, "1", **dims)
        if cutlass.const_expr(self.has_c):
            if warp_idx == self.producer_warp:
                with cute.arch.elect_one():
                    cute.arch.mbarrier_init(c_barrier, 1)
            cute.arch.mbarrier_init_fence()
        # Peers multicast into our barriers: every CTA's init must be visible before the first TMA.
        pipeline.pipeline_init_arrive(cluster_shape_mn=self.cluster_shape_mn, is_relaxed=True)

        # (bM, bK, (1, AB_STAGE)): bM and bK each split by the 128-byte swizzle atom
        sA = storage.sA.get_tensor(a_smem_layout_staged.outer, swizzle=a_smem_layout_staged.inner)
        expect(sA, "(_, _, (1, AB_STAGE))", **dims)
        # (bN, bK, (1, AB_STAGE))
        sB = storage.sB.get_tensor(b_smem_layout_staged.outer, swizzle=b_smem_layout_staged.inner)
        expect(sB, "(_, _, (1, AB_STAGE))", **dims)
        # (EPI_TILE_M, EPI_TILE_N, (1, EPI_STAGE))
        sD = storage.sD.get_tensor(epi_smem_layout_staged.outer, swizzle=epi_smem_layout_staged.inner)
        expect(sD, "(_, _, (1, EPI_STAGE))", **dims)
        # (EPI_TILE_M, EPI_TILE_N, (1, EPI_STAGE)): C passes through D's staging buffers (loaded, read
        # into registers, then overwritten by D), so sC is a second view of the same SMEM.
        sC = storage.sD.get_tensor(epi_smem_layout_staged.outer, swizzle=epi_smem_layout_staged.inner)
        expect(sC, "(_, _, (1, EPI_STAGE))", **dims)

        # ---- Block level: CTA tiles of the global tensors ----------------------------------------
        bM, bN, bK = self.tile_shape_mnk
        # (bM, bK, RestM, RestK, RestL)
        gA_mkl = cute.local_tile(mA_mkl, (bM, bK), (None, None, None))
        expect(gA_mkl, "(bM, bK, RestM, RestK, RestL)", **dims)
        # (bN, bK, RestN, RestK, RestL)
        gB_nkl = cute.local_tile(mB_nkl, (bN, bK), (None, None, None))
        expect(gB_nkl, "(bN, bK, RestN, RestK, RestL)", **dims)
        # (bM, bN, RestM, RestN, RestL)
        gD_mnl = cute.local_tile(mD_mnl, (bM, bN), (None, None, None))
        expect(gD_mnl, "(bM, bN, RestM, RestN, RestL)", **dims)
        # (bM, bN, RestM, RestN, RestL)
        gC_mnl = cute.local_tile(mC_mnl, (bM, bN), (None, None, None))
        expect(gC_mnl, "(bM, bN, RestM, RestN, RestL)", **dims)

        # TMA partitions want (tma_tile, Rest...): group the tile modes. This CTA loads its 1/cluster_n
        # share of A and multicasts it along N; TMA_A is one box (contiguous, strided), TMA_RestA the
        # boxes per k-tile.
        a_cta_layout = cute.make_layout(cute.slice_(cluster_layout_mnk, (0, None, 0)).shape)
        # ((TMA_A_SMEM, TMA_RestA), (1, AB_STAGE)) and ((TMA_A, TMA_RestA), RestM, RestK, RestL)
        tAsA, tAgA = cpasync.tma_partition(
            tma_atom_a,
            cluster_coord_mnk[1],
            a_cta_layout,
            cute.group_modes(sA, 0, 2),
            cute.group_modes(gA_mkl, 0, 2),
        )
        expect(tAsA, "((TMA_A_SMEM, TMA_RestA), (1, AB_STAGE))", **dims)
        expect(tAgA, "((TMA_A, TMA_RestA), RestM, RestK, RestL)", **dims)
        b_cta_layout = cute.make_layout(cute.slice_(cluster_layout_mnk, (None, 0, 0)).shape)
        # ((TMA_B_SMEM, TMA_RestB), (1, AB_STAGE)) and ((TMA_B, TMA_RestB), RestN, RestK, RestL)
        tBsB, tBgB = cpasync.tma_partition(
            tma_atom_b,
            cluster_coord_mnk[0],
            b_cta_layout,
            cute.group_modes(sB, 0, 2),
            cute.group_modes(gB_nkl, 0, 2),
        )
        expect(tBsB, "((TMA_B_SMEM, TMA_RestB), (1, AB_STAGE))", **dims)
        expect(tBgB, "((TMA_B, TMA_RestB), RestN, RestK, RestL)", **dims)

        # ---- MMA level: one wgmma slice per consumer warpgroup ---------------------------------
        mma_warpgroup = warpgroup_idx - 1
        # Which of the tile's warpgroups this is (always the first in ping-pong: the tile is all its own)
        tile_warpgroup = mma_warpgroup
        if cutlass.const_expr(self.pingpong):
            tile_warpgroup = 0
        warpgroup_layout = cute.make_layout(self.tile_warpgroups, stride=THREADS_PER_WARPGROUP)
        thr_mma = tiled_mma.get_slice(warpgroup_layout(tile_warpgroup))
        # ((MMA_M, MMA_K), MMA_RestM, MMA_RestK, (1, AB_STAGE)): this warpgroup's rows of A, 64 per wgmma
        tCsA = thr_mma.partition_A(sA)
        expect(tCsA, "((MMA_M, MMA_K), MMA_RestM, MMA_RestK, (1, AB_STAGE))", **dims)
        # ((MMA_N, MMA_K), MMA_RestN, MMA_RestK, (1, AB_STAGE)): all of B's tile
        tCsB = thr_mma.partition_B(sB)
        expect(tCsB, "((MMA_N, MMA_K), MMA_RestN, MMA_RestK, (1, AB_STAGE))", **dims)
        # (1, MMA_RestM, MMA_RestK, (1, AB_STAGE)): one SMEM descriptor per wgmma
        tCrA = tiled_mma.make_fragment_A(tCsA)
        expect(tCrA.shape, "(1, MMA_RestM, MMA_RestK, (1, AB_STAGE))", **dims)
        # (1, MMA_RestN, MMA_RestK, (1, AB_STAGE))
        tCrB = tiled_mma.make_fragment_B(tCsB)
        expect(tCrB.shape, "(1, MMA_RestN, MMA_RestK, (1, AB_STAGE))", **dims)
        # (ACC, MMA_RestM, MMA_RestN, RestM, RestN, RestL): ACC is one thread's accumulator values
        tCgD = thr_mma.partition_C(gD_mnl)
        expect(tCgD, "(ACC, MMA_RestM, MMA_RestN, RestM, RestN, RestL)", **dims)
        # (ACC, MMA_RestM, MMA_RestN) fp32
        accumulators = cute.make_rmem_tensor(tCgD.shape[:3], cutlass.Float32)
        expect(accumulators, "(ACC, MMA_RestM, MMA_RestN)", **dims)
        k_tile_count = Int32(cute.size(gA_mkl, mode=[3]))
        mma_groups = self._mma_groups(accumulators, tCrA, tCrB)
        pipeline.pipeline_init_wait(cluster_shape_mn=self.cluster_shape_mn)
        # Launched as a programmatic dependent (PDL): the setup above overlapped the previous kernel's
        # tail; its writes (our A, B, C, and the GPC order's claims set back to zero) are visible only
        # after this wait.
        cute.arch.griddepcontrol_wait()

        # ---- which tiles, and which of their k-tiles, this cluster computes (gemm._sm90_schedule) ----
        num_clusters = cute.size(cute.arch.grid_dim()) // self.config.cluster_size
        cluster_idx = cute.arch.make_warp_uniform(cute.arch.block_idx()[2])
        if cutlass.const_expr(self.config.gpc_order):
            cluster_idx = self._claimed_cluster_idx(flags, storage, cta_rank_in_cluster, tidx, num_clusters)
        cta_idx = cluster_idx * self.config.cluster_size + cta_rank_in_cluster
        count_m, count_n, count_l = schedule.cluster_counts(sched_params)
        dp_end, sk_clusters, sk_total, sk_begin, sk_end = schedule.work_split(
            count_m * count_n * count_l,
            num_clusters,
            cluster_idx,
            k_tile_count,
            self.config.stream_k,
            self.config.split_k,
        )

        if warpgroup_idx == 0:
            # ================= producer warpgroup: TMA loads ===================================
            cute.arch.setmaxregister_decrease(PRODUCER_REGISTERS)
            if warp_idx == self.producer_warp:
                producer_state = pipeline.make_pipeline_state(
                    pipeline.PipelineUserType.Producer, self.ab_stages
                )
                idx = cluster_idx
                pos = sk_begin
                while schedule.has_unit(idx, pos, dp_end, sk_end):
                    tile_idx, k_begin, k_end, idx, pos = schedule.next_unit(
                        idx, pos, num_clusters, dp_end, sk_end, k_tile_count
                    )
                    tile_m, tile_n, tile_l = schedule.tile_coord(sched_params, tile_idx, cluster_coord_mnk)
                    # ((TMA_A, TMA_RestA), RestK)
                    tAgA_k = tAgA[(None, tile_m, None, tile_l)]
                    expect(tAgA_k, "((TMA_A, TMA_RestA), RestK)", **dims)
                    # ((TMA_B, TMA_RestB), RestK)
                    tBgB_k = tBgB[(None, tile_n, None, tile_l)]
                    expect(tBgB_k, "((TMA_B, TMA_RestB), RestK)", **dims)
                    producer_state.reset_count()
                    backwards = schedule.walks_backwards(tile_idx, num_clusters, self.config.serpentine_k)
                    for _k_tile in range(k_end - k_begin):
                        ab_pipeline.producer_acquire(producer_state)
                        full_barrier = ab_pipeline.producer_get_barrier(producer_state)
                        k_tile = schedule.k_tile_at(producer_state.count, k_begin, k_end, backwards)
                        cute.copy(
                            tma_atom_a,
                            tAgA_k[(None, k_tile)],
                            tAsA[(None, producer_state.index)],
                            tma_bar_ptr=full_barrier,
                            mcast_mask=a_mcast_mask,
                        )
                        cute.copy(
                            tma_atom_b,
                            tBgB_k[(None, k_tile)],
                            tBsB[(None, producer_state.index)],
                            tma_bar_ptr=full_barrier,
                            mcast_mask=b_mcast_mask,
                        )
                        ab_pipeline.producer_commit(producer_state)
                        producer_state.advance()
                # Every load is issued: the next kernel in the stream may start its own setup (its
                # griddepcontrol.wait still waits for all of this grid's writes).
                cute.arch.griddepcontrol_launch_dependents()
                # Keep the CTA alive until peers stop multicasting into our stages.
                ab_pipeline.producer_tail(producer_state)
        else:
            # ================= consumer warpgroups: wgmma + epilogue ===========================
            # Four warpgroups (a 192-row tile) launch at 128 registers a thread, and ptxas allocates
            # every warp within that whatever setmaxnreg grants later: nothing to raise.
            if cutlass.const_expr(self.num_mma_warpgroups < 3):
                cute.arch.setmaxregister_increase(CONSUMER_REGISTERS)
            # This thread's index among the threads that share its tile's epilogue
            epi_tidx = tidx - THREADS_PER_WARPGROUP * (1 + mma_warpgroup - tile_warpgroup)
            # The first warp of the tile's (first) warpgroup issues the epilogue's TMA copies.
            is_epi_warp = warp_idx == (1 + mma_warpgroup - tile_warpgroup) * 4
            # Ping-pong: warpgroup w takes the cluster's tiles w, w + 2, ... (in units of the grid).
            idx = cluster_idx
            step = num_clusters
            if cutlass.const_expr(self.pingpong):
                idx = cluster_idx + mma_warpgroup * num_clusters
                step = 2 * num_clusters
            pos = sk_begin
            # Subtiles this warpgroup stored (cooperative): the staging buffers are used round-robin
            # across tiles, and each subtile's C load completes one phase of the C barrier.
            stores = Int32(0)
            read_state = pipeline.make_pipeline_state(
                pipeline.PipelineUserType.Consumer, self.ab_stages
            )
            release_state = pipeline.make_pipeline_state(
                pipeline.PipelineUserType.Consumer, self.ab_stages
            )
            # Ping-pong turns: a warpgroup waits on its own barrier and hands the turn over by arriving
            # on the other's (bar.arrive does not block); both warpgroups count toward each barrier.
            mma_turn = pipeline.NamedBarrier(
                barrier_id=MMA_TURN_BARRIER_ID + mma_warpgroup, num_threads=self.num_mma_threads
            )
            mma_turn_next = pipeline.NamedBarrier(
                barrier_id=MMA_TURN_BARRIER_ID + 1 - mma_warpgroup, num_threads=self.num_mma_threads
            )
            epi_turn = pipeline.NamedBarrier(
                barrier_id=EPI_TURN_BARRIER_ID + mma_warpgroup, num_threads=self.num_mma_threads
            )
            epi_turn_next = pipeline.NamedBarrier(
                barrier_id=EPI_TURN_BARRIER_ID + 1 - mma_warpgroup, num_threads=self.num_mma_threads
            )
            if cutlass.const_expr(self.pingpong):
                if mma_warpgroup == 0:
                    # The first warpgroup starts with both turns.
                    mma_turn.arrive()
                    epi_turn.arrive()
                else:
                    # The second starts at the CTA's second tile, past the first tile's k-tiles.
                    read_state.advance(k_tile_count)
                    release_state.advance(k_tile_count)

            # ---- EPI / Store level: register -> SMEM copies --------------------------------------
            # The stmatrix atom fixes the value order of every epilogue copy, even for a 32-bit D
            # (stored element by element below): a subtile is then one contiguous run of the
            # accumulator registers.
            stmatrix_atom = cute.make_copy_atom(
                warp.StMatrix8x8x16bOp(self.d_layout.is_m_major_c(), self.stmatrix_count), self.d_dtype
            )
            tiled_copy_c_atom = cute.make_tiled_copy_C_atom(stmatrix_atom, tiled_mma)
            # A 16-bit D is stored by the stmatrix itself, a 32-bit one element by element in its order.
            store_atom = stmatrix_atom
            if cutlass.const_expr(self.d_dtype.width != 16):
                store_atom = sm90_utils.get_smem_store_op(self.d_layout, self.d_dtype, cutlass.Float32)
            tiled_copy_r2s = cute.make_tiled_copy_S(store_atom, tiled_copy_c_atom)
            thr_copy_r2s = tiled_copy_r2s.get_slice(epi_tidx)
            # (R2S_S, R2S_M, R2S_N, (1, EPI_STAGE)): where this thread's stmatrix lanes write one subtile
            tRS_sD = thr_copy_r2s.partition_D(sD)
            expect(tRS_sD, "(R2S_S, R2S_M, R2S_N, (1, EPI_STAGE))", **dims)
            # ((R2S_ATOM, R2S_ATOMS), MMA_RestM, MMA_RestN): all accumulators, grouped per stmatrix
            tRS_rAcc = tiled_copy_r2s.retile(accumulators)
            expect(tRS_rAcc, "((R2S_ATOM, R2S_ATOMS), MMA_RestM, MMA_RestN)", **dims)
            # (R2S_R, R2S_M, R2S_N): one subtile's values, fp32 then D's dtype
            tRS_rD = cute.make_rmem_tensor(
                cute.shape(thr_copy_r2s.partition_S(sD))[:3], cutlass.Float32
            )
            expect(tRS_rD, "(R2S_R, R2S_M, R2S_N)", **dims)
            tRS_rD_out = cute.make_rmem_tensor(tRS_rD.shape, self.d_dtype)
            expect(tRS_rD_out, "(R2S_R, R2S_M, R2S_N)", **dims)
            subtile_values = cute.size(tRS_rD)

            # C is read back with plain loads in the same thread/value order as the stmatrix source.
            tiled_copy_s2r = cute.make_tiled_copy_S(
                cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), self.d_dtype), tiled_copy_c_atom
            )
            thr_copy_s2r = tiled_copy_s2r.get_slice(epi_tidx)
            # (S2R, R2S_M, R2S_N, (1, EPI_STAGE)): one element per copy, in the stmatrix value order
            tSR_sC = thr_copy_s2r.partition_S(sC)
            expect(tSR_sC, "(S2R, R2S_M, R2S_N, (1, EPI_STAGE))", **dims)
            # (R2S_R, R2S_M, R2S_N)
            tRS_rC = cute.make_rmem_tensor(tRS_rD.shape, self.d_dtype)
            expect(tRS_rC, "(R2S_R, R2S_M, R2S_N)", **dims)
            # (S2R_R, R2S_M, S2R_N): the same registers seen by the read-back copy
            tSR_rC = tiled_copy_s2r.retile(tRS_rC)
            expect(tSR_rC, "(S2R_R, R2S_M, S2R_N)", **dims)
            c_subtile_bytes = cute.size_in_bytes(
                self.d_dtype, _first_stage(epi_smem_layout_staged)
            )

            # One barrier per subtile suffices if at most epi_stages - 2 stores are in flight after a
            # commit: the buffer written next was then drained before the barrier everyone just passed.
            tma_store_pipeline = pipeline.PipelineTmaStore.create(
                num_stages=self.epi_stages - 1,
                producer_group=pipeline.CooperativeGroup(pipeline.Agent.Thread, self.epi_threads),
            )
            # What every subtile store uses, whichever tile it belongs to.
            store_parts = SimpleNamespace(
                tiled_copy_r2s=tiled_copy_r2s, tRS_sD=tRS_sD, tRS_rD_out=tRS_rD_out,
                tiled_copy_s2r=tiled_copy_s2r, tSR_sC=tSR_sC, tSR_rC=tSR_rC, tRS_rC=tRS_rC,
                tma_atom_c=tma_atom_c, tma_atom_d=tma_atom_d, c_barrier=c_barrier,
                c_subtile_bytes=c_subtile_bytes, tma_store_pipeline=tma_store_pipeline,
            )
            # Narrow partial sums are stored times alpha, in D's scale, where D's 16-bit range holds them; a split
            # tile's sum is then scaled already when the fixup stores it.
            partial_scale = cutlass.Float32(1.0)
            fixup_alpha = alpha
            if cutlass.const_expr(self.partial_dtype.width == 16):
                partial_scale = alpha
                fixup_alpha = cutlass.Float32(1.0)

            while schedule.has_unit(idx, pos, dp_end, sk_end):
                tile_idx, k_begin, k_end, idx, pos = schedule.next_unit(
                    idx, pos, step, dp_end, sk_end, k_tile_count
                )
                tile_m, tile_n, tile_l = schedule.tile_coord(sched_params, tile_idx, cluster_coord_mnk)

                # ---- mainloop -------------------------------------------------------------------
                if cutlass.const_expr(self.pingpong):
                    mma_turn.arrive_and_wait()
                read_state.reset_count()
                release_state.reset_count()
                accumulators.fill(0.0)
                tiled_mma.set(warpgroup.Field.ACCUMULATE, True)
                warpgroup.fence()
                # The first k-tile has no predecessor to retire.
                ab_pipeline.consumer_wait(read_state)
                for half in cutlass.range_constexpr(len(mma_groups)):
                    self._issue_k_tile(tiled_mma, mma_groups[half], read_state.index)
                    warpgroup.commit_group()
                read_state.advance()
                for _k_tile in range(1, k_end - k_begin):
                    ab_pipeline.consumer_wait(read_state)
                    for half in cutlass.range_constexpr(len(mma_groups)):
                        self._issue_k_tile(tiled_mma, mma_groups[half], read_state.index)
                        warpgroup.commit_group()
                        if cutlass.const_expr(half == 0):
                            # Every wgmma of the k-tile before has read its stage.
                            warpgroup.wait_group(self.first_half_wait)
                            ab_pipeline.consumer_release(release_state)
                            release_state.advance()
                    read_state.advance()
                if cutlass.const_expr(self.pingpong):
                    # Every k-tile of this tile is issued: the other warpgroup's stages come next.
                    mma_turn_next.arrive()
                warpgroup.wait_group(0)
                ab_pipeline.consumer_release(release_state)
                release_state.advance()

                # ---- a unit with part of its tile's k-tiles leaves its sums; by last arrival the last stores ----
                stores_d = True
                tile_alpha = alpha
                if cutlass.const_expr(self.config.splits_k):
                    if schedule.is_split(k_begin, k_end, k_tile_count):
                        stores_d = False
                        starts_tile = Int32(0)
                        if k_begin == 0:
                            starts_tile = Int32(1)
                        first, last = schedule.participants(tile_idx - dp_end, k_tile_count, sk_clusters, sk_total)
                        counted_last = schedule.store_partial(
                            tRS_rAcc, workspace, flags,
                            schedule.slot_of(cta_idx, starts_tile),
                            first * self.config.cluster_size + cta_rank_in_cluster, last - first + 1,
                            epi_tidx, self.epi_threads, self.epi_barrier, fixup_flag, self.config.fixup_by_last,
                            self.partial_dtype, partial_scale,
                        )
                        if cutlass.const_expr(self.config.fixup_by_last):
                            if counted_last == 1:
                                schedule.add_peers(
                                    tRS_rAcc, workspace, first, last, cluster_idx, self.config.cluster_size,
                                    cta_rank_in_cluster, epi_tidx, self.epi_threads, self.partial_dtype, partial_scale,
                                )
                                stores_d = True
                                tile_alpha = fixup_alpha

                # ---- epilogue -------------------------------------------------------------------
                if stores_d:
                    if cutlass.const_expr(self.pingpong):
                        epi_turn.arrive_and_wait()
                    epi = self._epilogue_partitions(
                        tma_atom_d, tma_atom_c, gD_mnl, gC_mnl, sD, sC, tile_m, tile_n, tile_l
                    )
                    # A ping-pong epilogue starts on drained staging buffers (the previous one waited for
                    # its stores), a cooperative one where the last tile's left off.
                    first_stage = 0
                    if cutlass.const_expr(not self.pingpong):
                        first_stage = stores
                    for epi_m in cutlass.range_constexpr(self.epi_rest_m):
                        # ((R2S_ATOM, R2S_ATOMS), MMA_RestN): the accumulators of this row of subtiles
                        tRS_rAcc_m = tRS_rAcc[(None, epi_m, None)]
                        expect(tRS_rAcc_m, "((R2S_ATOM, R2S_ATOMS), MMA_RestN)", **dims)
                        for epi_n in cutlass.range_constexpr(self.epi_rest_n):
                            subtile = epi_m * self.epi_rest_n + epi_n
                            # The accumulator walks N in 8-column chunks outermost, so subtile epi_n of a
                            # row is a contiguous run of subtile_values registers.
                            for v in cutlass.range_constexpr(subtile_values):
                                tRS_rD[v] = tRS_rAcc_m[epi_n * subtile_values + v]
                            self._store_subtile(
                                store_parts, epi, tRS_rD, epi_m, epi_n, first_stage + subtile, tile_alpha, beta,
                                is_epi_warp,
                            )
                    if cutlass.const_expr(not self.pingpong):
                        stores = stores + self.epi_rest_m * self.epi_rest_n

                if cutlass.const_expr(self.pingpong):
                    # The other warpgroup's epilogue reuses the staging buffers: ours must be read out.
                    if is_epi_warp:
                        tma_store_pipeline.producer_tail()
                    epi_turn_next.arrive()
                    # The other warpgroup's tile and its k-tiles come next.
                    read_state.advance(k_tile_count)
                    release_state.advance(k_tile_count)

            # ---- parallel fixup: this cluster's share of every tile it computed part of ----------
            if cutlass.const_expr(self.config.splits_k and not self.config.fixup_by_last):
                first_tile, first_split, last_tile, last_split = schedule.split_units(
                    sk_begin, sk_end, k_tile_count
                )
                for unit in cutlass.range_constexpr(2):
                    sk_tile = (first_tile, last_tile)[unit]
                    if (first_split, last_split)[unit]:
                        first, last = schedule.participants(sk_tile, k_tile_count, sk_clusters, sk_total)
                        count = last - first + 1
                        counter = first * self.config.cluster_size + cta_rank_in_cluster
                        tile_m, tile_n, tile_l = schedule.tile_coord(
                            sched_params, dp_end + sk_tile, cluster_coord_mnk
                        )
                        epi = self._epilogue_partitions(
                            tma_atom_d, tma_atom_c, gD_mnl, gC_mnl, sD, sC, tile_m, tile_n, tile_l
                        )
                        if cluster_idx - first < self.epi_rest_n:
                            schedule.wait_participants(flags, counter, count, epi_tidx, self.epi_barrier)
                        # Participant i of the tile sums and stores subtiles i, i + count, ...
                        for epi_n in range(cluster_idx - first, self.epi_rest_n, count):
                            schedule.sum_subtile(
                                tRS_rD, workspace, first, last, self.config.cluster_size, cta_rank_in_cluster,
                                epi_n, epi_tidx, self.epi_threads, cute.size(tRS_rAcc), self.partial_dtype,
                            )
                            self._store_subtile(
                                store_parts, epi, tRS_rD, 0, epi_n, stores, fixup_alpha, beta, is_epi_warp
                            )
                            stores = stores + 1
                        schedule.leave(flags, counter, count, epi_tidx, self.epi_barrier)

            tma_store_pipeline.producer_tail()

    @cute.jit
    def _claimed_cluster_idx(self, flags, storage, cta_rank_in_cluster, tidx, num_clusters):
        """The GPC order's virtual cluster id (`schedule.claim_cluster_id`): claimed once per cluster, by the
        first CTA's first thread from that CTA's SM, and read by every CTA of the cluster from the first
        CTA's SMEM after a cluster barrier (release / acquire), so all of them walk the same tiles, which
        multicast needs. The first consumer thread of the first CTA then counts the claim in: its atomic
        overlaps the first loads."""
        cluster_id = storage.cluster_id.get_tensor(cute.make_layout(1))
        expect(cluster_id, "1", **self.dims)
        first_cta = cta_rank_in_cluster == 0
        if first_cta & (tidx == 0):
            cluster_id[0] = schedule.claim_cluster_id(flags, cute.arch.smid(), num_clusters)
        claimed = Int32(0)
        if cutlass.const_expr(self.config.cluster_size > 1):
            cute.arch.cluster_arrive()
            cute.arch.cluster_wait()
            claimed = _load_int32_of_cta(cluster_id.iterator, 0)
        else:
            cute.arch.sync_threads()
            claimed = cluster_id[0]
        if first_cta & (tidx == THREADS_PER_WARPGROUP):
            schedule.release_claims(flags, num_clusters)
        return cute.arch.make_warp_uniform(claimed)

    @cute.jit
    def _epilogue_partitions(self, tma_atom_d, tma_atom_c, gD_mnl, gC_mnl, sD, sC, tile_m, tile_n, tile_l):
        """The TMA partitions of one tile's D (and C) epilogue subtiles and of the staging buffers."""
        dims = self.dims
        # ((EPI_TILE_M, EPI_TILE_N), (EPI_RestM, EPI_RestN))
        gD_epi = cute.zipped_divide(gD_mnl[(None, None, tile_m, tile_n, tile_l)], self.epi_tile)
        expect(gD_epi, "((EPI_TILE_M, EPI_TILE_N), (EPI_RestM, EPI_RestN))", **dims)
        # ((TMA_D_SMEM, TMA_RestD), (1, EPI_STAGE)) and ((TMA_D, TMA_RestD), (EPI_RestM, EPI_RestN))
        bSG_sD, bSG_gD = cpasync.tma_partition(
            tma_atom_d,
            0,
            cute.make_layout(1),
            cute.group_modes(sD, 0, 2),
            gD_epi,
        )
        expect(bSG_sD, "((TMA_D_SMEM, TMA_RestD), (1, EPI_STAGE))", **dims)
        expect(bSG_gD, "((TMA_D, TMA_RestD), (EPI_RestM, EPI_RestN))", **dims)
        # ((EPI_TILE_M, EPI_TILE_N), (EPI_RestM, EPI_RestN))
        gC_epi = cute.zipped_divide(gC_mnl[(None, None, tile_m, tile_n, tile_l)], self.epi_tile)
        expect(gC_epi, "((EPI_TILE_M, EPI_TILE_N), (EPI_RestM, EPI_RestN))", **dims)
        # ((TMA_D_SMEM, TMA_RestD), (1, EPI_STAGE)) and ((TMA_D, TMA_RestD), (EPI_RestM, EPI_RestN))
        bGS_sC, bGS_gC = cpasync.tma_partition(
            tma_atom_c,
            0,
            cute.make_layout(1),
            cute.group_modes(sC, 0, 2),
            gC_epi,
        )
        expect(bGS_sC, "((TMA_D_SMEM, TMA_RestD), (1, EPI_STAGE))", **dims)
        expect(bGS_gC, "((TMA_D, TMA_RestD), (EPI_RestM, EPI_RestN))", **dims)
        return SimpleNamespace(bSG_sD=bSG_sD, bSG_gD=bSG_gD, bGS_sC=bGS_sC, bGS_gC=bGS_gC)

    @cute.jit
    def _store_subtile(self, parts, epi, tRS_rD, epi_m, epi_n, count, alpha, beta, is_epi_warp):
        """Store epilogue subtile (epi_m, epi_n) of a tile from its fp32 values `tRS_rD`: alpha, beta * C
        and the op, stmatrix into staging buffer `count` % epi_stages, then the TMA store. `count` also
        numbers the C loads, whose barrier completes one phase per subtile."""
        epi_stage = count % self.epi_stages
        # Plain names: the `if`s below run at run time and may only carry runtime values.
        c_barrier, tma_atom_c, tma_atom_d = parts.c_barrier, parts.tma_atom_c, parts.tma_atom_d
        store_pipeline = parts.tma_store_pipeline
        bGS_gC, bGS_sC, bSG_sD, bSG_gD = epi.bGS_gC, epi.bGS_sC, epi.bSG_sD, epi.bSG_gD
        if cutlass.const_expr(self.has_c):
            if is_epi_warp:
                with cute.arch.elect_one():
                    cute.arch.mbarrier_arrive_and_expect_tx(c_barrier, parts.c_subtile_bytes)
                cute.copy(tma_atom_c, bGS_gC[(None, (epi_m, epi_n))], bGS_sC[(None, epi_stage)], tma_bar_ptr=c_barrier)
        d_vec = tRS_rD.load() * alpha
        if cutlass.const_expr(self.has_c):
            cute.arch.mbarrier_wait(c_barrier, count % 2)
            cute.copy(parts.tiled_copy_s2r, parts.tSR_sC[(None, None, None, epi_stage)], parts.tSR_rC)
            d_vec = d_vec + parts.tRS_rC.load().to(cutlass.Float32) * beta
        if cutlass.const_expr(self.epilogue_op is not None):
            d_vec = self.epilogue_op(d_vec)
        parts.tRS_rD_out.store(d_vec.to(self.d_dtype))
        cute.copy(parts.tiled_copy_r2s, parts.tRS_rD_out, parts.tRS_sD[(None, None, None, epi_stage)])
        # stmatrix writes through the generic proxy; the TMA store reads through the async one.
        cute.arch.fence_proxy("async.shared", space="cta")
        self.epi_barrier.arrive_and_wait()
        if is_epi_warp:
            cute.copy(tma_atom_d, bSG_sD[(None, epi_stage)], bSG_gD[(None, (epi_m, epi_n))])
            store_pipeline.producer_commit()
            store_pipeline.producer_acquire()
