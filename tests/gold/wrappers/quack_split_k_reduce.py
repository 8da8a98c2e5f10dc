"""quack's split-K reduction (quack/split_k_reduce.py, `SplitKReduce`), sm_100a, no MMA: the second kernel of a staged
split-K GEMM. The GEMM left split_k fp32 partial products per output tile in a workspace (M, N, L * split_k), the
split index folded into the batch mode as l * split_k + s; this kernel sums the split_k slices of each (M, N) element,
applies the linear epilogue (alpha * D + beta * C + row vector (per column n) + column vector (per row m)) and stores
bf16. 128 threads as 8 rows x 16 threads per row, 4-element vector copies (tiler_mn (8, 64)). Compiled as
`_compile_split_k_reduce` compiles it (fake tensors with symbolic M, N, L, N-contiguous), past its jit cache: bf16 out,
split_k 4, vec_elems 4, alpha and beta as Float32 values (mode 1), a bf16 C, a bf16 row-vector bias, an fp32
column-vector bias, add_to_output off.
"""

from _common import quack

ARCH = "sm_100a"


def compile_only(split_k=4, vec_elems=4):
    import cutlass

    module = quack("split_k_reduce")
    compile_fn = module._compile_split_k_reduce
    compile_fn = getattr(compile_fn, "__wrapped__", compile_fn)
    return compile_fn(cutlass.BFloat16, split_k, False, vec_elems, 1, 1, cutlass.BFloat16, cutlass.BFloat16,
                      cutlass.Float32)
