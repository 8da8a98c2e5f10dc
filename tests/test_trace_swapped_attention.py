"""Attention whose MMAs swap A and B (S^T = K Q^T, then O^T = V^T P^T: a decode kernel's few query rows as the
MMA's N): the second product contracts the first's rows and reads the first's A tile transposed (MLA's latent,
one buffer for keys and values), so the first's product enters the second's B slot. The letters follow from the
operands' axes, not GEMM letters per MMA."""

from cute_inspect.trace.axes import Axes, fresh


def _swapped_pair(axes: Axes, joined_heads: bool):
    keys, latent, heads, heads_o = fresh(), fresh(), fresh(), fresh()
    axes._bind(keys, ("mma", 0, "M"))
    axes._bind(heads, ("mma", 0, "N"))
    axes._bind(latent, ("mma", 0, "K"))
    axes._bind(latent, ("mma", 1, "M"))
    axes._bind(heads if joined_heads else heads_o, ("mma", 1, "N"))
    axes._bind(keys, ("mma", 1, "K"))
    return keys, latent, heads, heads_o


def test_a_product_contracting_the_first_ones_rows_and_reading_its_a_transposed_is_swapped_attention():
    # P^T reaches the second MMA through a store by coordinate: its heads are joined to nothing
    axes = Axes()
    keys, latent, heads, heads_o = _swapped_pair(axes, joined_heads=False)
    named = axes.solve()
    assert named[axes.find(keys)] == ("K", "attention")
    assert named[axes.find(latent)] == ("D", "attention")
    assert named[axes.find(heads)] == ("Q", "attention")
    assert named[axes.find(heads_o)] == ("Q", "attention")


def test_two_unrelated_products_stay_gemm_letters():
    # the second contracts the first's rows but its own rows are no axis of the first: no attention
    axes = Axes()
    rows, cols, over, other = fresh(), fresh(), fresh(), fresh()
    axes._bind(rows, ("mma", 0, "M"))
    axes._bind(cols, ("mma", 0, "N"))
    axes._bind(over, ("mma", 0, "K"))
    axes._bind(other, ("mma", 1, "M"))
    axes._bind(fresh(), ("mma", 1, "N"))
    axes._bind(rows, ("mma", 1, "K"))
    named = axes.solve()
    assert named[axes.find(rows)] == ("M", "mma_slot")
    assert named[axes.find(over)] == ("K", "mma_slot")
