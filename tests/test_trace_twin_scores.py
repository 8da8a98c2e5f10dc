"""A backward's two score-shaped products issued by one TiledMma (S^T = K Q^T and dP^T = V dO^T, keys on M): where
the chain of values is traced from one of them only (P^T into dV = P^T dO and dS^T into dK = dS^T Q), the other runs
along the same axes, so it is no lone product whose letters names may suggest: the chain decides both."""

from cute_inspect.trace.axes import Axes, fresh


def _swapped_backward(axes: Axes) -> tuple:
    keys, queries, dim = fresh(), fresh(), fresh()
    for product in (0, (0, 1)):  # S^T and dP^T: keys on M, queries on N, over the head dim
        for var, axis in ((keys, "M"), (queries, "N"), (dim, "K")):
            axes._bind(var, ("mma", product, axis))
    for product in (1, (1, 1)):  # dV = P^T dO and dK = dS^T Q: keys kept, queries contracted
        for var, axis in ((keys, "M"), (fresh(), "N"), (queries, "K")):
            axes._bind(var, ("mma", product, axis))
    axes.chains = {(0, None, 1, "A", None), (0, None, (1, 1), "A", None)}
    return keys, queries, dim


def test_a_second_score_product_on_a_chained_ones_axes_takes_the_chains_letters_not_names():
    axes = Axes()
    keys, queries, dim = _swapped_backward(axes)
    # names suggest the swapped reading (queries on the rows): the chain says the rows are the keys
    named = axes.solve({axes.find(keys): {"Q"}, axes.find(queries): {"K"}, axes.find(dim): {"D"}})
    assert named[axes.find(keys)] == ("K", "attention")
    assert named[axes.find(queries)] == ("Q", "attention")
    assert named[axes.find(dim)] == ("D", "attention")


def test_without_names_the_chain_alone_gives_the_same_letters():
    axes = Axes()
    keys, queries, _ = _swapped_backward(axes)
    named = axes.solve()
    assert named[axes.find(keys)] == ("K", "attention")
    assert named[axes.find(queries)] == ("Q", "attention")
