"""A mode whose leaves run along several axes (a 2-CTA tcgen05 accumulator's atom (64, (64, 2)): lanes M, columns N
split over two lane halves) keeps its leaves apart: placed per leaf, split per sub-mode when sliced, and joined
as a whole to nothing."""

from cute_inspect.trace import flow, levels
from cute_inspect.trace.axes import Axes, fresh


def _label(leaf_axes):
    return levels.ModeLabel("mma", "atom", None, 0, None, "fragment.atom", None, fresh(), leaf_axes)


def test_a_two_cta_accumulator_atom_places_each_leaf():
    assert flow.atom_axes((64, (64, 2)), (128, 128, 16), "C") == ("M", "N", "N")
    assert flow.atom_axes((128, 16), (128, 128, 16), "A") == ("M", "K")
    assert flow.atom_axes((8, (64, 2)), (128, 128, 16), "C") is None  # not the instruction's extents


def test_a_slice_splits_an_atoms_leaf_axes_among_its_sub_modes():
    m, n = ("var", fresh()), ("var", fresh())
    atom, rest = _label((m, n, n)), _label(None)
    kept = levels.sliced((atom, rest, rest), ((None, None), 0, 0), ((64, (64, 2)), 1, 1))
    assert [k.leaf_axes for k in kept] == [(m,), (n, n)]
    # without the shape the sub-modes cannot be told apart: both keep the whole atom
    assert [k.leaf_axes for k in levels.sliced((atom, rest, rest), ((None, None), 0, 0))] == [(m, n, n)] * 2


def test_a_part_of_a_mode_across_axes_has_no_one_variable():
    axes = Axes()
    mixed = _label((("var", fresh()), ("var", fresh())))
    assert flow._mode_var(axes, mixed, 1) is None  # a size-1 rest left over from that mode
    one = _label((("var", 7), ("var", 7)))
    assert flow._mode_var(axes, one, (64, 2)) == 7
