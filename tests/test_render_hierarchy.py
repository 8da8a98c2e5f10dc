"""Mode-hierarchy pictures: nested level boxes and the seed-002 reading of a shape, from hand-made records."""

import xml.etree.ElementTree as ET

from cute_inspect.trace.levels import ModeLabel
from cute_inspect.trace.record import Record
from cute_inspect.render.hierarchy import by_level, formula, hierarchy_svg

SVG = "{http://www.w3.org/2000/svg}"


def record(name, shape, labels, op="partition_A"):
    return Record(index=3, op=op, names=(name,), file="k.py", line=1, col=0, function="kernel", kernel="kernel",
                  in_shapes=(), shapes=(shape,), layouts=(None,), memspaces=("gmem",), dtypes=("f16",),
                  swizzles=(None,), levels=(labels,))


# tCgA of seed 002: ((128,16) mma-atom, 1 mma-rest-M, 4 mma-rest-K, 8 block-rest-M, 16 block-rest-K, 1 block-rest-L)
TCGA = record("tCgA", ((128, 16), 1, 4, 8, 16, 1), (
    ModeLabel("mma", "atom"), ModeLabel("mma", "rest", "M"), ModeLabel("mma", "rest", "K"),
    ModeLabel("block", "rest", "M"), ModeLabel("block", "rest", "K"), ModeLabel("block", "rest", "L")))

# an epilogue store partition: (store atom, store rests, epi rests, carried)
TTR = record("tTR_gC", ((32, 1), 1, 1, 1, 8, 4), (
    ModeLabel("store", "atom"), ModeLabel("store", "rest"), ModeLabel("store", "rest"),
    ModeLabel("epi", "rest"), ModeLabel("epi", "rest"), ModeLabel("input", "mode")), op="partition_D")


def nesting(svg: str) -> list:
    """The data-level of each level box, outermost first, with the chips (extent, role line) directly in it."""
    out = []
    node = ET.fromstring(svg)
    while True:
        box = next((g for g in node if g.tag == f"{SVG}g" and g.get("class") == "level"), None)
        if box is None:
            return out
        chips = [tuple(t.text for t in g.iter(f"{SVG}text")) for g in box if g.get("class") == "mode"]
        out.append((box.get("data-level"), chips))
        node = box


def test_levels_nest_block_outside_mma_with_the_atom_innermost():
    assert nesting(hierarchy_svg(TCGA)) == [
        ("block", [("8", "rest-M · mode 3"), ("16", "rest-K · mode 4"), ("1", "rest-L · mode 5")]),
        ("mma", [("(128,16)", "atom · mode 0"), ("1", "rest-M · mode 1"), ("4", "rest-K · mode 2")]),
    ]


def test_formula_reads_the_shape_inside_out_as_seed_002_does():
    assert formula(TCGA) == "(mma_atom, *mma_rests, *block_rests) = ((128,16), 1,4, 8,16,1)"
    assert formula(TTR) == "(store_atom, *store_rests, *epi_rests, *carried) = ((32,1), 1,1, 1,8, 4)"
    assert [level for level, _ in by_level(TTR)] == ["input", "epi", "store"]


def test_a_label_covering_a_nested_mode_stays_one_chip_and_grouped_modes_split():
    grouped = record("grouped", (((128, 16), 1, 4), 8), (
        (ModeLabel("mma", "atom"), ModeLabel("mma", "rest", "M"), ModeLabel("mma", "rest", "K")),
        ModeLabel("block", "rest", "K")), op="group_modes")
    levels = nesting(hierarchy_svg(grouped))
    assert levels[0] == ("block", [("8", "rest-K · mode 1")])
    assert levels[1][1][0] == ("(128,16)", "atom · mode 0.0")


def test_a_shape_the_labels_do_not_fit_is_drawn_unlabelled():
    odd = record("odd", (4, 2), (ModeLabel("block", "atom"),), op="make_tensor")
    assert nesting(hierarchy_svg(odd)) == [("?", [("(4,2)", "? · whole")])]
    mismatched = record("odd", (4, (2, 3)), (ModeLabel("block", "atom"), (ModeLabel("block", "rest"),)))
    assert [level for level, _ in nesting(hierarchy_svg(mismatched))] == ["?", "block"]


def test_a_tma_tile_reads_as_the_tile_of_the_block_level():
    tAgA = record("tAgA", (((64, 128), 1), 8, 16, 1), (
        ModeLabel("block", "tma"), ModeLabel("block", "rest", "M"), ModeLabel("block", "rest", "K"),
        ModeLabel("block", "rest", "L")), op="tma_partition")
    assert formula(tAgA) == "(tma_tile, *block_rests) = (((64,128),1), 8,16,1)"
    chip = next(g for g in ET.fromstring(hierarchy_svg(tAgA)).iter(f"{SVG}g") if g.get("data-role") == "tma")
    assert chip.find(f"{SVG}rect").get("stroke-width") == "2"  # drawn as a tile, like an atom
