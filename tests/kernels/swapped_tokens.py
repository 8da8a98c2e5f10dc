"""Compile-only host for the per-token dQ = dS K kernel of tests/kernels/token_gradients.py that lays its views out
from the tensors' own strides picked leaf by leaf, as flash-attn-4's sparse MLA backward host does: batch and
sequence swapped (`make_layout((t.shape[1], t.shape[0], ...), stride=(t.stride[1], t.stride[0], ...))`), grouped
into one token mode, then the token mode moved last (`stride=(t.stride[1], t.stride[2], t.stride[0])`). Every stride
but the last is a run-time value: no stride's text tells one mode from another, only which stride each leaf took."""

import cutlass
import cutlass.cute as cute

from tests.kernels.token_gradients import BF16, DIM, F32, HEADS, TOPK, _mma, _run_time_strides, token_dq_kernel


def _sequence_first(t: cute.Tensor) -> cute.Tensor:
    t = cute.make_tensor(t.iterator, cute.make_layout((t.shape[1], t.shape[0], *t.shape[2:]),
                                                      stride=(t.stride[1], t.stride[0], *t.stride[2:])))
    return cute.group_modes(t, 0, 2)


def _tokens_last(t: cute.Tensor, *inner) -> cute.Tensor:
    return cute.make_tensor(t.iterator, cute.make_layout((*inner, t.shape[0]),
                                                         stride=(*(t.stride[i] for i in range(1, len(t.shape))),
                                                                 t.stride[0])))


@cute.jit
def swapped_dq_host(dS: cute.Tensor, K: cute.Tensor, dQ: cute.Tensor):
    swapped = cute.make_tensor(dS.iterator, cute.make_layout((dS.shape[1], dS.shape[0], *dS.shape[2:]),
                                                             stride=(dS.stride[1], dS.stride[0], *dS.stride[2:])))
    dS_mkl = _tokens_last(cute.group_modes(swapped, 0, 2), HEADS, TOPK)
    K_nkl = cute.make_tensor(K.iterator, cute.select(cute.group_modes(K, 0, 2).layout, [2, 1, 0]))
    dQ_mnl = _tokens_last(_sequence_first(dQ), HEADS, DIM)
    token_dq_kernel(_mma(), dS_mkl, K_nkl, dQ_mnl).launch(grid=(1, 1, 1), block=(128, 1, 1))


def compile_swapped_dq():
    return cute.compile(swapped_dq_host, _run_time_strides(BF16, HEADS, TOPK), _run_time_strides(BF16, TOPK, DIM),
                        _run_time_strides(F32, HEADS, DIM))
