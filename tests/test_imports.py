"""No import circles in cute_inspect/ or gemm/: each module's imports, read statically, form a graph without cycles.

Every import counts, also one inside a function (a late import hides a circle, it does not remove it). Importing
``a.b.c`` also runs ``a/__init__`` and ``a/b/__init__``, so those are edges too; a package's ``__init__``
re-exporting its own children is not.
"""

import ast
from pathlib import Path

import networkx as nx
import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("cute_inspect", "gemm")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for package in PACKAGES for p in sorted((ROOT / package).rglob("*.py"))}


def _with_parents(name: str, known: dict[str, Path]) -> list[str]:
    parts = name.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts) + 1) if ".".join(parts[:i]) in known]


def _imported(module: str, path: Path, known: dict[str, Path]) -> set[str]:
    is_package = path.name == "__init__.py"
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.update(_with_parents(alias.name, known))
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = module.split(".")[: len(module.split(".")) - node.level + (1 if is_package else 0)]
                base = ".".join(anchor + ([base] if base else []))
            found.update(_with_parents(base, known))
            found.update(f"{base}.{alias.name}" for alias in node.names if f"{base}.{alias.name}" in known)
    own_children = {name for name in found if is_package and name.startswith(module + ".")}
    return found - own_children - {module}


def import_graph() -> nx.DiGraph:
    known = _modules()
    graph = nx.DiGraph()
    graph.add_nodes_from(known)
    for module, path in known.items():
        graph.add_edges_from((module, target) for target in _imported(module, path, known))
    return graph


def test_the_graph_sees_real_edges():
    graph = import_graph()
    assert graph.has_edge("cute_inspect.check.comments", "cute_inspect.findings")
    assert graph.has_edge("cute_inspect.check.expect", "cute_inspect.trace")  # parent package of trace.shape
    assert not graph.has_edge("cute_inspect.trace", "cute_inspect.trace.tracer")  # a package re-exporting its own


@pytest.mark.parametrize("package", PACKAGES)
def test_no_import_circles(package):
    graph = import_graph()
    cycles = [c for c in nx.simple_cycles(graph) if any(m == package or m.startswith(package + ".") for m in c)]
    assert not cycles, "import circles: " + "; ".join(" -> ".join(c + [c[0]]) for c in cycles[:5])


def test_a_circle_is_found(tmp_path, monkeypatch):
    for name, text in {"__init__.py": "", "a.py": "from pkg import b\n", "b.py": "def f():\n    from pkg.a import x\n"}.items():
        (tmp_path / "pkg").mkdir(exist_ok=True)
        (tmp_path / "pkg" / name).write_text(text)
    monkeypatch.setattr(__import__(__name__), "ROOT", tmp_path)
    monkeypatch.setattr(__import__(__name__), "PACKAGES", ("pkg",))
    assert sorted(next(iter(nx.simple_cycles(import_graph())))) == ["pkg.a", "pkg.b"]


def test_at_most_four_modules_at_the_top_of_cute_inspect():
    top = sorted(p.name for p in (ROOT / "cute_inspect").glob("*.py"))
    assert top == ["__init__.py", "__main__.py", "cli.py", "findings.py"]
