"""torchao's tensor-core RHT amax for NVFP4 training (pytorch/ao, torchao/prototype/moe_training/nvfp4_training/
_cutedsl_kernels_impl.py, `_Tcgen05RhtAmax`): the two global amaxes of NVFP4's two-level scaling in one pass over a
bf16 activation A (M x N): col_amax = max |RHT(A^T)| and row_amax = max |A|. Persistent, warp-specialised (4 column
warps, 8 row warps, an MMA warp, a TMA warp): a TMA warp loads 128 x 256 super-tiles of A^T and the 16 x 16 random
Hadamard matrix into SMEM; the MMA warp multiplies each 128 x 16 slice of A^T by the Hadamard (tcgen05, 128 x 16 x 16,
A MN-major from SMEM) into a TMEM accumulator (16 slices side by side); the column warps read it back (t2r) and
reduce |.| to a max, the row warps reduce |A| straight from the SMEM tile; both atomically max into the outputs.

Configured as `_cutedsl_rht_amax_impl` compiles it (`_compile_amax_tc_kernel`): A passed as aT = A.t().unsqueeze(-1),
(N, M, 1) with N contiguous, symbolic M (a multiple of 256) and N (a multiple of 128); the (16, 16, 1) Hadamard B;
(1,) fp32 outputs; the kernel's `c_layout` row-major (the builder's dummy int32 tensor is contiguous); TVM-FFI on.
"""

from _common import github_source

ARCH = "sm_100a"
SOURCE = ("pytorch/ao", "36027d82d1ad9949597ea16002ff4940374b1b94")


def compile_only():
    import cutlass
    import cutlass.utils as utils
    from cutlass import cute
    from cutlass.cute.runtime import make_fake_stream, make_fake_tensor

    module = github_source(SOURCE[0], "", "torchao.prototype.moe_training.nvfp4_training._cutedsl_kernels_impl")
    m = cute.sym_int(divisibility=module.N_TILE * module.U)
    n = cute.sym_int(divisibility=module.M_TILE)
    a_t = make_fake_tensor(cutlass.BFloat16, (n, m, 1), stride=(1, cute.sym_int(), 1))
    h = module.HADAMARD_DIM
    rht = make_fake_tensor(cutlass.BFloat16, (h, h, 1), stride=(h, 1, 1))
    amax = lambda: make_fake_tensor(cutlass.Float32, (1,), stride=(1,))  # noqa: E731
    kernel = module._Tcgen05RhtAmax()
    kernel.c_layout = utils.LayoutEnum.ROW_MAJOR
    return cute.compile(kernel, a_t, rht, amax(), amax(), cutlass.Int32(0), cutlass.Int32(0), cutlass.Int32(0),
                        make_fake_stream(use_tvm_ffi_env_stream=True), options="--enable-tvm-ffi")
