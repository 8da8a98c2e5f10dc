"""The compile call shared by flashinfer's two MSA top-K block selectors for SM12x (count-rank and radix forms), as
`_get_compiled_kernel` in flashinfer/msa_ops/sparse_topk_select.py compiles them: fake compact tensors of sym-int
extents, row-major, top-16, per-token valid-page counts (`per_token_nvp`: mNumValidPages is read)."""

from _common import flashinfer


def compile_selector(module_name: str, class_name: str):
    import cutlass
    from cutlass import cute

    module = flashinfer(f"msa_ops.cute_dsl.{module_name}")

    def fake(dtype, ndim):
        return cute.runtime.make_fake_compact_tensor(dtype, tuple(cute.sym_int() for _ in range(ndim)),
                                                     stride_order=tuple(reversed(range(ndim))), assumed_align=4)

    return cute.compile(getattr(module, class_name)(topk=16, per_token_nvp=True), fake(cutlass.Float32, 3),
                        fake(cutlass.Int32, 3), fake(cutlass.Int32, 1), cutlass.Int32(1), cutlass.Int32(0),
                        cutlass.Int32(0), cutlass.Int32(1), cutlass.Int32(1),
                        cute.runtime.make_fake_stream(use_tvm_ffi_env_stream=True))
