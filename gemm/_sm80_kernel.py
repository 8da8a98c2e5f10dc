"""Device code of the SM80 teaching GEMM: D = A @ B^T with cp.async, ldmatrix and mma.sync.

Importing this module imports cutlass, which fixes the target arch from CUTE_DSL_ARCH (else the detected
GPU) for the whole process. The entry points (compile_only, make_gemm, the command line) live in gemm.sm80,
the configuration in gemm._sm80_config.

Every partition carries a CUTLASS-style mode comment and the same statement as an `expect(...)` check,
so a wrong tile size stops the compile at the line that first disagrees.
"""

from __future__ import annotations

import cutlass
import cutlass.cute as cute
import cutlass.memory

from cute_inspect import expect
from gemm._sm80_config import MMA_TILE_MNK, THREADS, VECTOR_ELEMS, Sm80Config

_DTYPES = {"float16": cutlass.Float16, "bfloat16": cutlass.BFloat16}


class Sm80Gemm:
    """D(M,N,L) = A(M,K,L) @ B(N,K,L)^T, K-major A and B, N-major D, float32 accumulation."""

    def __init__(self, config: Sm80Config):
        self.config = config
        self.blk_m, self.blk_n, self.blk_k = config.tile_mnk
        self.stages = config.stages
        self.ab_dtype = _DTYPES[config.dtype]
        self.d_dtype = self.ab_dtype
        self.acc_dtype = cutlass.Float32

    # ----------------------------------------------------------------------------------------------
    # Host side: reorder the torch-style (L, rows, cols) tensors into CuTe's (rows, cols, L) and launch
    # one CTA per (BLK_M, BLK_N) tile of D and per batch.
    # ----------------------------------------------------------------------------------------------
    @cute.jit
    def __call__(self, a_lmk: cute.Tensor, b_lnk: cute.Tensor, d_lmn: cute.Tensor, stream):
        mA_mkl = cute.make_tensor(a_lmk.iterator, cute.select(a_lmk.layout, mode=[1, 2, 0]))
        mB_nkl = cute.make_tensor(b_lnk.iterator, cute.select(b_lnk.layout, mode=[1, 2, 0]))
        mD_mnl = cute.make_tensor(d_lmn.iterator, cute.select(d_lmn.layout, mode=[1, 2, 0]))
        expect(mA_mkl, "(M, K, L)")
        expect(mB_nkl, "(N, K, L)")
        expect(mD_mnl, "(M, N, L)")
        grid = cute.ceil_div(mD_mnl.shape, (self.blk_m, self.blk_n, 1))
        self.kernel(mA_mkl, mB_nkl, mD_mnl).launch(grid=grid, block=[THREADS, 1, 1], stream=stream)

    # ----------------------------------------------------------------------------------------------
    # Static building blocks: shared layouts, copies, the tiled MMA.
    # ----------------------------------------------------------------------------------------------
    def smem_layout_ab(self, rows: int):
        """(rows, BLK_K, PIPE), K stride-1 as in global memory, one (rows, BLK_K) tile per stage."""
        return cute.make_layout((rows, self.blk_k, self.stages), stride=(self.blk_k, 1, rows * self.blk_k))

    def smem_ptr_ab(self, base, byte_offset: int):
        """The seed's Swizzle<3,3,3> over half-precision elements, which is Swizzle<3,4,3> over byte addresses:
        16-byte chunks stay whole (one cp.async or ldmatrix row each) and 3 row bits permute the chunks, so
        the 8 rows one ldmatrix reads at one chunk column hit 8 different bank groups. It rides on the pointer
        (CuTeDSL's way) rather than in the layout, which keeps every partition of sA flat: composed into the
        layout, a BLK_K=64 tile splits tCsA's MMA_K mode into (2,2)."""
        return cute.recast_ptr(base + byte_offset, cute.make_swizzle(3, 4, 3), dtype=self.ab_dtype)

    def smem_ptr_d(self, base):
        """The D tile's byte swizzle XORs up to 3 row bits into the 16-byte chunk index, so the MMA fragment's
        8 rows of 4-byte writes (same columns, BLK_N apart) land in different banks."""
        row_shift = (self.blk_n * self.d_dtype.width // 8).bit_length() - 1 - 4
        return cute.recast_ptr(base, cute.make_swizzle(min(3, row_shift), 4, row_shift), dtype=self.d_dtype)

    def row_major_copy(self, atom, cols: int):
        """128 threads over a (rows, cols) tile, cols/8 threads per row, 8 contiguous elements each:
        consecutive threads touch consecutive 16 bytes, so a warp's accesses coalesce."""
        per_row = cols // VECTOR_ELEMS
        threads = cute.make_layout((THREADS // per_row, per_row), stride=(per_row, 1))
        values = cute.make_layout((1, VECTOR_ELEMS))
        return cute.make_tiled_copy_tv(atom, threads, values)

    def vector_copy_atom(self, dtype):
        """Plain loads and stores of one 16-byte vector."""
        return cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), dtype, num_bits_per_copy=VECTOR_ELEMS * dtype.width)

    def make_tiled_mma(self):
        """4 warps as 2x2 over the 16x8x16 atom; the permutation tiles N by 32, not 16, so that each warp owns
        two adjacent 8-column atoms and one ldmatrix.x4 loads B for both."""
        op = cute.nvgpu.warp.MmaF16BF16Op(self.ab_dtype, self.acc_dtype, (16, 8, 16))
        return cute.make_tiled_mma(op, cute.make_layout((2, 2, 1)), permutation_mnk=MMA_TILE_MNK)

    # ----------------------------------------------------------------------------------------------
    # Device side.
    # ----------------------------------------------------------------------------------------------
    @cute.kernel
    def kernel(self, mA_mkl: cute.Tensor, mB_nkl: cute.Tensor, mD_mnl: cute.Tensor):
        tidx, _, _ = cute.arch.thread_idx()
        bidx, bidy, bidz = cute.arch.block_idx()
        cta_tiler = (self.blk_m, self.blk_n, self.blk_k)
        cta_coord = (bidx, bidy, None)
        shape_mk = (mA_mkl.shape[0], mA_mkl.shape[1])
        shape_nk = (mB_nkl.shape[0], mB_nkl.shape[1])
        shape_mn = (mD_mnl.shape[0], mD_mnl.shape[1])

        # ---------------- Block level: this CTA's strips of A and B, its tile of D ----------------
        # gA: (BLK_M, BLK_K, k_tiles), the k_tiles mode walked by the mainloop
        gA = cute.local_tile(mA_mkl[None, None, bidz], cta_tiler, cta_coord, proj=(1, None, 1))
        expect(gA, "(BLK_M, BLK_K, k_tiles)", BLK_M=self.blk_m, BLK_K=self.blk_k)
        # gB: (BLK_N, BLK_K, k_tiles)
        gB = cute.local_tile(mB_nkl[None, None, bidz], cta_tiler, cta_coord, proj=(None, 1, 1))
        expect(gB, "(BLK_N, BLK_K, k_tiles)", BLK_N=self.blk_n)
        # gD: (BLK_M, BLK_N)
        gD = cute.local_tile(mD_mnl[None, None, bidz], cta_tiler, cta_coord, proj=(1, 1, None))
        expect(gD, "(BLK_M, BLK_N)")
        # cA, cB, cD: the same tiles of identity tensors; their (row, col) values drive predication
        cA = cute.local_tile(cute.make_identity_tensor(shape_mk), cta_tiler, cta_coord, proj=(1, None, 1))
        expect(cA, "(BLK_M, BLK_K, k_tiles)")
        cB = cute.local_tile(cute.make_identity_tensor(shape_nk), cta_tiler, cta_coord, proj=(None, 1, 1))
        expect(cB, "(BLK_N, BLK_K, k_tiles)")
        cD = cute.local_tile(cute.make_identity_tensor(shape_mn), cta_tiler, cta_coord, proj=(1, 1, None))
        expect(cD, "(BLK_M, BLK_N)")

        # ---------------- Shared memory: A/B stages; the D tile reuses the same bytes later --------
        smem = cutlass.memory.SmemAllocator()
        # 1024-byte alignment: the swizzles read address bits up to 9, so each stage starts a fresh pattern.
        smem_base = smem.allocate(self.config.smem_bytes, byte_alignment=1024)
        a_bytes = self.blk_m * self.blk_k * self.stages * self.ab_dtype.width // 8
        # sA: (BLK_M, BLK_K, PIPE)
        sA = cute.make_tensor(self.smem_ptr_ab(smem_base, 0), self.smem_layout_ab(self.blk_m))
        expect(sA, "(BLK_M, BLK_K, PIPE)", PIPE=self.stages)
        # sB: (BLK_N, BLK_K, PIPE)
        sB = cute.make_tensor(self.smem_ptr_ab(smem_base, a_bytes), self.smem_layout_ab(self.blk_n))
        expect(sB, "(BLK_N, BLK_K, PIPE)")

        # ---------------- Copy partitions: gmem -> smem by cp.async, 16 bytes per thread ----------
        g2s_atom = cute.make_copy_atom(
            cute.nvgpu.cpasync.CopyG2SOp(cache_mode=cute.nvgpu.LoadCacheMode.GLOBAL),
            self.ab_dtype,
            num_bits_per_copy=VECTOR_ELEMS * self.ab_dtype.width,
        )
        # A and B tiles share one copy geometry; a slice per operand keeps the tA*/tB* names honest.
        tiled_copy_ab = self.row_major_copy(g2s_atom, self.blk_k)
        thr_copy_a = tiled_copy_ab.get_slice(tidx)
        thr_copy_b = tiled_copy_ab.get_slice(tidx)
        rows = self.config.copy_rows
        # tAgA: (CPY, CPY_M, CPY_K, k_tiles)
        tAgA = thr_copy_a.partition_S(gA)
        expect(tAgA, "(CPY, CPY_M, CPY_K, k_tiles)", CPY=(VECTOR_ELEMS, 1), CPY_M=self.blk_m // rows, CPY_K=1)
        # tAsA: (CPY, CPY_M, CPY_K, PIPE)
        tAsA = thr_copy_a.partition_D(sA)
        expect(tAsA, "(CPY, CPY_M, CPY_K, PIPE)")
        # tAcA: (CPY, CPY_M, CPY_K, k_tiles), the coordinates of tAgA's elements
        tAcA = thr_copy_a.partition_S(cA)
        expect(tAcA, "(CPY, CPY_M, CPY_K, k_tiles)")
        # tBgB: (CPY, CPY_N, CPY_K, k_tiles)
        tBgB = thr_copy_b.partition_S(gB)
        expect(tBgB, "(CPY, CPY_N, CPY_K, k_tiles)", CPY_N=self.blk_n // rows)
        # tBsB: (CPY, CPY_N, CPY_K, PIPE)
        tBsB = thr_copy_b.partition_D(sB)
        expect(tBsB, "(CPY, CPY_N, CPY_K, PIPE)")
        # tBcB: (CPY, CPY_N, CPY_K, k_tiles)
        tBcB = thr_copy_b.partition_S(cB)
        expect(tBcB, "(CPY, CPY_N, CPY_K, k_tiles)")

        # ---------------- MMA partitions: 4 warps, 2x2, over the SM80 16x8x16 atom ---------------
        mma_m, mma_n, mma_k = self.config.mma_reps
        tiled_mma = self.make_tiled_mma()
        thr_mma = tiled_mma.get_slice(tidx)
        # tCsA: (MMA, MMA_M, MMA_K, PIPE)
        tCsA = thr_mma.partition_A(sA)
        expect(tCsA, "(MMA, MMA_M, MMA_K, PIPE)", MMA_M=mma_m, MMA_K=mma_k)
        # tCsB: (MMA_B, MMA_N, MMA_K, PIPE)
        tCsB = thr_mma.partition_B(sB)
        expect(tCsB, "(MMA_B, MMA_N, MMA_K, PIPE)", MMA_N=mma_n)
        # tCgD: (MMA_C, MMA_M, MMA_N)
        tCgD = thr_mma.partition_C(gD)
        expect(tCgD, "(MMA_C, MMA_M, MMA_N)")
        # tCrA: (MMA, MMA_M, MMA_K), one stage's worth of A in registers
        tCrA = tiled_mma.make_fragment_A(tCsA[None, None, None, 0])
        expect(tCrA, "(MMA, MMA_M, MMA_K)")
        # tCrB: (MMA_B, MMA_N, MMA_K)
        tCrB = tiled_mma.make_fragment_B(tCsB[None, None, None, 0])
        expect(tCrB, "(MMA_B, MMA_N, MMA_K)")
        # tCrC: (MMA_C, MMA_M, MMA_N), the float32 accumulator, in registers for the whole kernel
        tCrC = tiled_mma.make_fragment_C(tCgD)
        expect(tCrC, "(MMA_C, MMA_M, MMA_N)")
        tCrC.fill(0.0)

        # ---------------- smem -> registers: ldmatrix.x4, laid out by the MMA's A and B layouts ------
        s2r_atom = cute.make_copy_atom(cute.nvgpu.warp.LdMatrix8x8x16bOp(False, 4), self.ab_dtype)
        tiled_copy_s2r_a = cute.make_tiled_copy_A(s2r_atom, tiled_mma)
        tiled_copy_s2r_b = cute.make_tiled_copy_B(s2r_atom, tiled_mma)
        thr_copy_s2r_a = tiled_copy_s2r_a.get_slice(tidx)
        thr_copy_s2r_b = tiled_copy_s2r_b.get_slice(tidx)
        # tSRsA: (SR, MMA_M, MMA_K, PIPE), one x4 load (a 16x16 A block) per MMA_M and k-block
        tSRsA = thr_copy_s2r_a.partition_S(sA)
        expect(tSRsA, "(SR, MMA_M, MMA_K, PIPE)", SR=(VECTOR_ELEMS, 1))
        # tSRrA: (MMA_SR, MMA_M, MMA_K): tCrA's registers in ldmatrix's value order; a retile keeps the fragment's modes
        tSRrA = thr_copy_s2r_a.retile(tCrA)
        expect(tSRrA, "(MMA_SR, MMA_M, MMA_K)", MMA_SR=(VECTOR_ELEMS, 1))
        # tSRsB: (SR, SR_N, MMA_K, PIPE), one x4 load feeding two N atoms, hence SR_N = MMA_N / 2
        tSRsB = thr_copy_s2r_b.partition_S(sB)
        expect(tSRsB, "(SR, SR_N, MMA_K, PIPE)", SR_N=mma_n // 2)
        # tSRrB: (((4,2),1), SR_N, MMA_K): the same 8 values, grouped as 4 per N atom, 2 N atoms per load
        tSRrB = thr_copy_s2r_b.retile(tCrB)
        expect(tSRrB, "(((4,2),1), SR_N, MMA_K)")

        # ---------------- Mainloop: a cp.async pipeline of `stages` shared buffers ----------------
        # rZero: (CPY), stored in place of a 16-byte vector that lies outside the matrix
        rZero = cute.make_fragment_like(tAsA[None, 0, 0, 0])
        expect(rZero, "(CPY)")
        rZero.fill(0)
        zero_fill = (self.vector_copy_atom(self.ab_dtype), rZero)
        k_tiles = cute.size(gA, mode=[2])
        prefetch = self.stages - 1
        for tile in cutlass.range_constexpr(prefetch):
            if tile < k_tiles:
                self.load_tile(tiled_copy_ab, tAgA, tAsA, tAcA, shape_mk, tile, tile, zero_fill)
                self.load_tile(tiled_copy_ab, tBgB, tBsB, tBcB, shape_nk, tile, tile, zero_fill)
            # Empty groups too: the wait below counts groups, one per tile.
            cute.arch.cp_async_commit_group()

        for k_tile in range(k_tiles):
            stage = k_tile % self.stages
            if cutlass.const_expr(prefetch == 0):
                # The seed's loop: load, wait for it, compute, and only then load again.
                self.load_tile(tiled_copy_ab, tAgA, tAsA, tAcA, shape_mk, k_tile, 0, zero_fill)
                self.load_tile(tiled_copy_ab, tBgB, tBsB, tBcB, shape_nk, k_tile, 0, zero_fill)
                cute.arch.cp_async_commit_group()
                cute.arch.cp_async_wait_group(0)
                cute.arch.sync_threads()
            else:
                # Tile k_tile has landed once at most prefetch-1 newer groups are in flight; the barrier
                # also tells every thread that all warps are done with the stage refilled next.
                cute.arch.cp_async_wait_group(prefetch - 1)
                cute.arch.sync_threads()
                next_tile = k_tile + prefetch
                if next_tile < k_tiles:
                    next_stage = next_tile % self.stages
                    self.load_tile(tiled_copy_ab, tAgA, tAsA, tAcA, shape_mk, next_tile, next_stage, zero_fill)
                    self.load_tile(tiled_copy_ab, tBgB, tBsB, tBcB, shape_nk, next_tile, next_stage, zero_fill)
                cute.arch.cp_async_commit_group()

            for k_block in cutlass.range_constexpr(cute.size(tCrA, mode=[2])):
                if cutlass.const_expr(self.config.ldmatrix):
                    cute.copy(tiled_copy_s2r_a, tSRsA[None, None, k_block, stage], tSRrA[None, None, k_block])
                    cute.copy(tiled_copy_s2r_b, tSRsB[None, None, k_block, stage], tSRrB[None, None, k_block])
                else:
                    # The seed's copy(tCsA, tCrA): plain shared loads in the MMA's own partition.
                    cute.autovec_copy(tCsA[None, None, k_block, stage], tCrA[None, None, k_block])
                    cute.autovec_copy(tCsB[None, None, k_block, stage], tCrB[None, None, k_block])
                cute.gemm(tiled_mma, tCrC, tCrA[None, None, k_block], tCrB[None, None, k_block], tCrC)

            if cutlass.const_expr(prefetch == 0):
                cute.arch.sync_threads()

        # ---------------- Epilogue ----------------------------------------------------------------
        # tCrD: (MMA_C, MMA_M, MMA_N), the accumulator rounded to D's type
        tCrD = cute.make_fragment_like(tCrC, self.d_dtype)
        expect(tCrD, "(MMA_C, MMA_M, MMA_N)")
        tCrD.store(tCrC.load().to(self.d_dtype))
        if cutlass.const_expr(self.config.smem_epilogue):
            cute.arch.cp_async_wait_group(0)
            cute.arch.sync_threads()
            self.store_through_smem(tiled_mma, tCrD, smem_base, gD, cD, shape_mn, tidx)
        else:
            self.store_scattered(thr_mma, tCrD, tCgD, cD, shape_mn)

    @cute.jit
    def load_tile(self, tiled_copy, tXgX, tXsX, tXcX, shape, k_tile, stage, zero_fill):
        """Issue one k-tile's cp.async copies into one stage. A 16-byte vector outside the matrix (ragged
        M, N or K) gets zeros instead: stale data from an older tile would pollute the sum."""
        zero_atom, rZero = zero_fill
        for row in cutlass.range_constexpr(cute.size(tXsX, mode=[1])):
            for col in cutlass.range_constexpr(cute.size(tXsX, mode=[2])):
                if cute.elem_less(tXcX[0, row, col, k_tile], shape):
                    cute.copy(tiled_copy, tXgX[None, row, col, k_tile], tXsX[None, row, col, stage])
                else:
                    cute.copy(zero_atom, rZero, tXsX[None, row, col, stage])

    @cute.jit
    def store_scattered(self, thr_mma, tCrD, tCgD, cD, shape_mn):
        """The seed's epilogue: each thread writes its fragment elements straight to global memory."""
        # tCcD: (MMA_C, MMA_M, MMA_N)
        tCcD = thr_mma.partition_C(cD)
        expect(tCcD, "(MMA_C, MMA_M, MMA_N)")
        for i in cutlass.range(cute.size(tCrD), unroll_full=True):
            if cute.elem_less(tCcD[i], shape_mn):
                tCgD[i] = tCrD[i]

    @cute.jit
    def store_through_smem(self, tiled_mma, tCrD, smem_base, gD, cD, shape_mn, tidx):
        """Park the D tile in shared memory in MMA order, read it back in rows of 16-byte vectors and store
        those: a warp then writes whole 128-byte lines instead of 4-byte pieces spread over 8 rows."""
        # sD: (BLK_M, BLK_N), over the bytes the A/B stages used
        sD_layout = cute.make_layout((self.blk_m, self.blk_n), stride=(self.blk_n, 1))
        sD = cute.make_tensor(self.smem_ptr_d(smem_base), sD_layout)
        expect(sD, "(BLK_M, BLK_N)")
        # Registers -> smem in the accumulator's own thread layout, two adjacent columns (4 bytes) at a time.
        r2s_atom = cute.make_copy_atom(
            cute.nvgpu.CopyUniversalOp(), self.d_dtype, num_bits_per_copy=2 * self.d_dtype.width
        )
        thr_copy_r2s = cute.make_tiled_copy_C(r2s_atom, tiled_mma).get_slice(tidx)
        # tRS_sD: (RS, MMA_M, RS_N)
        tRS_sD = thr_copy_r2s.partition_D(sD)
        expect(tRS_sD, "(RS, MMA_M, RS_N)")
        # tRS_rD: (RS, MMA_M, RS_N), tCrD seen by the copy; retile may fold RS's (2,(2,2)) into (2,4)
        tRS_rD = thr_copy_r2s.retile(tCrD)
        expect(tRS_rD, "(_, MMA_M, RS_N)")
        cute.copy(r2s_atom, tRS_rD, tRS_sD)
        cute.arch.sync_threads()

        # Smem -> registers -> gmem in rows: BLK_N/8 threads cover one row of D with 16-byte vectors.
        vector_atom = self.vector_copy_atom(self.d_dtype)
        thr_copy_d = self.row_major_copy(vector_atom, self.blk_n).get_slice(tidx)
        # tDsD: (CPY_D, CPY_DM, CPY_DN), BLK_N/8 threads per row, so one pass covers 128/(BLK_N/8) rows
        tDsD = thr_copy_d.partition_S(sD)
        rows_per_pass = THREADS // (self.blk_n // VECTOR_ELEMS)
        expect(tDsD, "(CPY_D, CPY_DM, CPY_DN)", CPY_D=(VECTOR_ELEMS, 1), CPY_DM=self.blk_m // rows_per_pass, CPY_DN=1)
        # tDgD: (CPY_D, CPY_DM, CPY_DN)
        tDgD = thr_copy_d.partition_D(gD)
        expect(tDgD, "(CPY_D, CPY_DM, CPY_DN)")
        # tDcD: (CPY_D, CPY_DM, CPY_DN)
        tDcD = thr_copy_d.partition_D(cD)
        expect(tDcD, "(CPY_D, CPY_DM, CPY_DN)")
        # tDrD: (CPY_D, CPY_DM, CPY_DN)
        tDrD = cute.make_fragment_like(tDsD)
        expect(tDrD, "(CPY_D, CPY_DM, CPY_DN)")
        cute.copy(vector_atom, tDsD, tDrD)
        for row in cutlass.range_constexpr(cute.size(tDgD, mode=[1])):
            for col in cutlass.range_constexpr(cute.size(tDgD, mode=[2])):
                if cute.elem_less(tDcD[0, row, col], shape_mn):
                    cute.copy(vector_atom, tDrD[None, row, col], tDgD[None, row, col])
