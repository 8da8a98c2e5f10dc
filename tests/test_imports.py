"""Imports run one way: no circles in cute_inspect/ or gemm/, and in cute_inspect/ every import runs downward.

The command-line layer (`cute_inspect.cli`, `cute_inspect.commands`) sits on top and imports the wings; a wing
imports only the wings below it (`WINGS_BELOW`), trace is the bottom, and `cute_inspect.findings` is shared by all.

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


CLI_LAYER = ("cute_inspect.cli", "cute_inspect.commands", "cute_inspect.__main__")
WINGS_BELOW = {  # what each wing may import; anything else of cute_inspect/ but findings is above it
    "trace": set(),
    "check": {"trace"},
    "render": {"trace"},
    "lint": {"trace", "check"},
    "lsp": {"trace", "check", "lint", "render"},
    "diff": {"trace"},
    "sweep": {"trace", "check"},
}


def _layer(module: str) -> str | None:
    """'cli' for the command-line layer, the wing's name for a wing's module, None for the shared modules."""
    if any(module == top or module.startswith(top + ".") for top in CLI_LAYER):
        return "cli"
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in WINGS_BELOW else None


def upward_imports(graph: nx.DiGraph) -> list[str]:
    """Each import of cute_inspect/ that runs up or sideways: ``a -> b`` with b's layer not below a's."""
    found = []
    for module, target in graph.edges:
        if not module.startswith("cute_inspect.") or target == "cute_inspect":  # the package facade re-exports
            continue
        here, there = _layer(module), _layer(target)
        if here == "cli" or there is None or here == there:
            continue
        if there == "cli" or here is None or there not in WINGS_BELOW[here]:
            found.append(f"{module} -> {target}")
    return sorted(found)


def test_every_import_runs_downward():
    assert upward_imports(import_graph()) == []


def test_the_layers_are_all_there():
    layers = {_layer(m) for m in import_graph() if m.startswith("cute_inspect.")}
    assert layers == {"cli", None, *WINGS_BELOW}


def test_an_upward_import_is_found():
    graph = nx.DiGraph([("cute_inspect.trace.target", "cute_inspect.check.spec"),
                        ("cute_inspect.render.grid", "cute_inspect.commands._output"),
                        ("cute_inspect.check.explain", "cute_inspect.render.graph"),
                        ("cute_inspect.findings", "cute_inspect.lint.config"),
                        ("cute_inspect.commands.trace", "cute_inspect.render.html"),
                        ("cute_inspect.lsp.worker", "cute_inspect.check.explain")])
    assert upward_imports(graph) == ["cute_inspect.check.explain -> cute_inspect.render.graph",
                                     "cute_inspect.findings -> cute_inspect.lint.config",
                                     "cute_inspect.render.grid -> cute_inspect.commands._output",
                                     "cute_inspect.trace.target -> cute_inspect.check.spec"]


def test_at_most_five_modules_at_the_top_of_cute_inspect():
    top = sorted(p.name for p in (ROOT / "cute_inspect").glob("*.py"))
    assert top == ["__init__.py", "__main__.py", "cli.py", "findings.py", "positions.py"]
