"""Which record a hover means: the assignment on the hovered statement, else the one that reaches a use."""

from pathlib import Path

from cute_inspect.lsp.lookup import assignment, distinct, hover_markdown, inlay_labels

PATH = Path("/k/kernel.py")
SOURCE = """\
def kernel(mA):
    tCsA = partition(
        sA)
    use(tCsA)
    for k in range(2):
        tCsA = regroup(tCsA)
        use(tCsA)


def helper(tCsA):
    return tCsA
"""


def _tensor(line, shape, op="partition_A", name="tCsA", file=PATH):
    return {"name": name, "file": str(file), "line": line, "op": op, "shape": shape, "modes": "(MMA, _)",
            "labelled": "", "memspace": "smem", "dtype": "f16", "layout": None, "kernel": "kernel"}


TENSORS = [_tensor(3, "((64,16),4)"), _tensor(6, "(((64,16),4))", "group_modes"),
           _tensor(6, "(((64,16),4))", "group_modes"), _tensor(2, "x", file=Path("/k/other.py"))]


def _shapes(found):
    return [t["shape"] for t in found]


def test_a_name_on_its_assigning_statement_gets_that_statement_s_record():
    assert _shapes(assignment(TENSORS, PATH, "tCsA", 2, SOURCE)) == ["((64,16),4)"]  # the call is on line 3
    assert _shapes(assignment(TENSORS, PATH, "tCsA", 6, SOURCE)) == ["(((64,16),4))"] * 2


def test_a_use_gets_the_assignment_that_reaches_it():
    assert _shapes(assignment(TENSORS, PATH, "tCsA", 4, SOURCE)) == ["((64,16),4)"]
    assert _shapes(assignment(TENSORS, PATH, "tCsA", 7, SOURCE)) == ["(((64,16),4))"] * 2


def test_records_of_other_files_and_names_are_not_taken():
    assert assignment(TENSORS, PATH, "sA", 3, SOURCE) == []
    assert assignment(TENSORS, Path("/k/missing.py"), "tCsA", 3, SOURCE) == []


def test_an_unrolled_statement_shows_once_with_its_count():
    assert [(t["line"], n) for t, n in distinct(assignment(TENSORS, PATH, "tCsA", 7, SOURCE))] == [(6, 2)]


def test_inlay_labels_sit_at_the_end_of_the_assigning_statement():
    assert inlay_labels(TENSORS, PATH, SOURCE) == {3: "tCsA: ((64,16),4)", 6: "tCsA: (((64,16),4))"}


def test_a_tensor_made_in_a_helper_says_where_it_was_called_from():
    tensor = {**_tensor(3, "((64,16),4)"), "reading": "", "made_from": [], "derivation": "", "swizzle": None,
              "chain": [["/k/kernel.py", 40, "kernel"], ["/k/helpers.py", 7, "tile_in_helper"]]}
    text = hover_markdown(tensor)
    assert "called from: `kernel.py:40` `kernel` → `helpers.py:7` `tile_in_helper`" in text
    assert "((64,16),4)\n(MMA, _)" in text  # the shape, then its modes' names, as the text trace prints them
