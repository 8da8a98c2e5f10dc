"""torchao's fused RHT + NVFP4 row / column quantization for NVFP4 training (pytorch/ao, torchao/prototype/
moe_training/nvfp4_training/_cutedsl_kernels_impl.py, `_Tcgen05RowColFused`): one pass over a bf16 activation A
(M x N) writes both operands NVFP4 training needs: the rowwise NVFP4(A) (row warps, straight from the SMEM tile) and the
columnwise NVFP4(RHT(A^T)) (the tcgen05 Hadamard products of `_Tcgen05RhtAmax`, read back from TMEM by the column
warps), each with E4M3 scales per 16 values against the global amaxes, FP4 values and scales staged in SMEM and
written by TMA stores. Persistent, warp-specialised (column warps, row warps, an MMA warp, a TMA warp).

Configured as `_cutedsl_rht_quantize_row_col_impl` compiles it (`_compile_fused_kernel`) for an activation: the
package's defaults, GEMM-ready swizzled scales (swizzle_sf True), round-to-nearest (sr False), RHT on (apply_rht
True); A as aT (N, M, 1) N-contiguous with symbolic M (a multiple of 256) and N (a multiple of 128); the uint32-packed
FP4 outputs (N, M/8) and (M, N/8) and the swizzled scales flattened to 2-D for their TMA atoms, with the builder's
divisibilities; (1,) fp32 amaxes and the int32 RNG base; TVM-FFI on. The module's FP32_MAX, which it takes from
torch.finfo at import, is set to fp32's largest value (the torch stand-in has no finfo).
"""

from _common import github_source

ARCH = "sm_100a"
SOURCE = ("pytorch/ao", "36027d82d1ad9949597ea16002ff4940374b1b94")


def compile_only():
    import cutlass
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_stream, make_fake_tensor

    module = github_source(SOURCE[0], "", "torchao.prototype.moe_training.nvfp4_training._cutedsl_kernels_impl")
    module.FP32_MAX = 3.4028234663852886e38  # torch.finfo(torch.float32).max, which the torch stand-in cannot give
    sym = cute.sym_int
    m, n = sym(divisibility=module.N_TILE * module.U), sym(divisibility=module.M_TILE)
    h = module.HADAMARD_DIM
    a_t = make_fake_tensor(cutlass.BFloat16, (n, m, 1), stride=(1, sym(), 1))
    rht = make_fake_tensor(cutlass.BFloat16, (h, h, 1), stride=(h, 1, 1))
    col_fp4 = make_fake_tensor(cutlass.Uint32, (n, sym(divisibility=2 * module.U)), stride=(sym(), 1))
    row_fp4 = make_fake_tensor(cutlass.Uint32, (m, sym(divisibility=module.M_TILE // 8)), stride=(sym(), 1))
    col_sf = make_fake_tensor(cutlass.Float8E4M3FN, (sym(divisibility=1), sym(divisibility=2048)), stride=(sym(), 1))
    row_sf = make_fake_tensor(cutlass.Float8E4M3FN, (sym(divisibility=2), sym(divisibility=1024)), stride=(sym(), 1))
    one = lambda dtype: make_fake_tensor(dtype, (1,), stride=(1,))  # noqa: E731
    kernel = module._Tcgen05RowColFused(swizzle_sf=True, sr=False, apply_rht=True)
    return cute.compile(kernel, a_t, rht, col_fp4, col_sf, row_fp4, row_sf, one(cutlass.Float32),
                        one(cutlass.Float32), one(cutlass.Int32), cutlass.Int32(0), cutlass.Int32(0), cutlass.Int32(0),
                        make_fake_stream(use_tvm_ffi_env_stream=True), options="--enable-tvm-ffi")
