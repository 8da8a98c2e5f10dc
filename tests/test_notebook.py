"""Notebooks: the example runs top to bottom under a real Jupyter kernel (nbclient, no GPU), and what it shows is
the HTML report's content: the trace table, a tensor's hierarchy box, layout and thread-value grids, inline."""

import os
import re

import nbformat
from nbclient import NotebookClient

from _cli import ROOT
from cute_inspect.render import html
from cute_inspect.render.notebook import view

NOTEBOOK = os.path.join(ROOT, "examples", "shapes_in_a_notebook.ipynb")


def _outputs(cell) -> tuple[str, dict]:
    """(printed text, {mime type: content}) of a cell's outputs."""
    text, data = "", {}
    for output in cell.outputs:
        text += output.get("text", "")
        for mime, content in output.get("data", {}).items():
            data[mime] = data.get(mime, "") + content
    return text, data


def test_the_example_notebook_runs_top_to_bottom_and_shows_the_report():
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    NotebookClient(notebook, timeout=600, kernel_name="python3",
                   resources={"metadata": {"path": os.path.dirname(NOTEBOOK)}}).execute()
    cells = [_outputs(c) for c in notebook.cells if c.cell_type == "code"]
    trace, tensor, layouts, tv, failing = cells

    assert "Trace table" in trace[1]["text/html"] and "| `tCsA` |" in trace[1]["text/markdown"]
    assert 'class="cute-hierarchy"' in trace[1]["text/html"]
    assert "mma-atom" in tensor[0] and 'class="cute-hierarchy"' in tensor[1]["text/html"]
    assert 'class="cute-grid"' in layouts[1]["image/svg+xml"]
    swizzled = layouts[1]["text/html"]
    assert "S&lt;3,3,3&gt; o 0 o (8,64):(64,1)" in swizzled and 'class="cute-grid"' in swizzled
    assert 'class="cute-tv-grid"' in tv[1]["text/html"] and 'data-thread="31"' in tv[1]["text/html"]
    assert "does not match '(bM, bK, RestK)'" in failing[0] and "bK is 32, found 64 [block-atom]" in failing[0]
    for _, data in cells:  # nothing is fetched from the network
        for content in data.values():
            assert not re.search(r"""(src|href)=["']?(https?:)?//""", content)


def test_a_fragment_styles_only_its_own_element():
    css = html._scoped("body{margin:0}h2,td code{color:red}")
    assert css == ".cute-inspect{margin:0}.cute-inspect h2,.cute-inspect td code{color:red}"


def test_a_layout_shows_as_its_grid_and_a_tv_layout_over_its_tile():
    grid = view("(2,3):(3,1)")
    assert grid.html is None and [int(i) for i in re.findall(r'data-index="(\d+)"', grid.svg)] == [0, 1, 2, 3, 4, 5]
    tv = view("((4,8),(2,2,2)):((32,1),(16,8,128))", tile=(16, 16))
    assert 'data-row="0" data-col="1" data-thread="0" data-value="1"' in tv.svg


def test_docstring_examples_run():
    import doctest

    from cute_inspect.render import notebook

    result = doctest.testmod(notebook)
    assert result.attempted > 0 and result.failed == 0
