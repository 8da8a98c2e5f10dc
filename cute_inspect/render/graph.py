"""The data flow of a trace: tensors as nodes, the calls that made or moved them as edges, grouped by kernel.

A node is one output of one record (``r19.1`` is the second tensor `tma_partition` returned in record 19); it
carries the tensor's name, shape and memory space (the fill colour). An edge goes from a call's input tensor to
its output tensor, labelled by the op (``local_tile``, ``partition_A``, ``tma_partition``...); ``copy`` edges
go from source to destination and ``gemm`` edges from the operands to the accumulator, drawn bold.
Kernels are graphviz clusters, and library helpers (the epilogue helpers of ``cutlass.utils``) sub-clusters::

    import cute_inspect
    from cute_inspect.render import graph
    t = cute_inspect.trace_target("examples/cutlass_blackwell_persistent.py:compile_1cta", arch="sm_100a")
    g = graph.build_graph(t)                 # a networkx.MultiDiGraph
    open("flow.dot", "w").write(graph.to_dot(t))
    open("flow.svg", "w").write(graph.to_svg(t))   # needs graphviz's `dot`
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess

from cute_inspect.render._svg import MEMSPACE_COLORS
from cute_inspect.trace.shape import format_shape
from cute_inspect.trace.source import relative

#: Ops that move or combine data, drawn bold; every other op makes a view of its input.
DATA_OPS = {"copy": "#1f5fbf", "gemm": "#c0392b"}
_GENERATED = re.compile(r"^(?:loop_body|then_block|else_block|while_\w+|if_\w+|for_\w+)_\d+$")

INSTALL_DOT = ("the graphviz `dot` executable is missing: install it "
               "(apt-get install graphviz | brew install graphviz | conda install graphviz)")


class GraphError(RuntimeError):
    """The graph could not be drawn; reports are still written, without it."""


class MissingDotError(GraphError):
    """Graphviz's `dot` is not on PATH (the Python package alone cannot lay out a graph)."""


class LayoutError(GraphError):
    """Every graphviz layout tried failed on this graph (`dot` can die in "trouble in init_rank" on large ones)."""


# tried in order: dot's ranking, dot's other ranking (clusters ranked together, which avoids init_rank's
# failures), then a force-directed layout that has no ranks at all
_LAYOUTS = (("dot", {}), ("dot", {"newrank": "true"}), ("sfdp", {"overlap": "prism"}))
_TIMEOUT_VARIABLE, _DEFAULT_TIMEOUT = "CUTE_INSPECT_DOT_TIMEOUT", 60.0


def node_id(record_index: int, output: int) -> str:
    return f"r{record_index}.{output}"


def anchor(record_index: int, output: int) -> str:
    """The HTML id of a tensor's section in the report (graph nodes link to it)."""
    return f"t{record_index}-{output}"


def build_graph(trace):
    """A networkx.MultiDiGraph of the trace: node attributes (name, shape, labelled, memspace, dtype, kernel,
    group, op, record, output, library); edge attributes (op, record)."""
    import networkx as nx

    graph = nx.MultiDiGraph()
    records = trace.records
    for r in records:
        for i, shape in enumerate(r.shapes):
            graph.add_node(
                node_id(r.index, i), name=r.names[i] or "", shape=format_shape(shape),
                labelled=r.labelled_shape(i), memspace=r.memspaces[i], dtype=r.dtypes[i], swizzle=r.swizzles[i],
                kernel=r.kernel, group=group_of(r), op=r.op, record=r.index, output=i, library=r.library,
                where=f"{relative(r.file)}:{r.line}",
            )
    for r in records:
        sources = [source_node(r, k) for k in range(len(r.inputs))]
        for src, dst in _edges(r, sources):
            graph.add_edge(src, dst, op=r.op, record=r.index)
    return graph


def _edges(record, sources: list) -> list:
    if record.op == "copy":
        return [(sources[0], sources[1])] if len(sources) >= 2 else []
    if record.op == "gemm":
        return [(s, sources[0]) for s in sources[1:]]
    outputs = [node_id(record.index, i) for i in range(len(record.shapes))]
    if len(sources) == len(outputs) > 1:  # tma_partition: (smem view, gmem view) in, the same pair out
        return list(zip(sources, outputs))
    return [(s, o) for s in sources for o in outputs]


def source_node(record, k: int) -> str:
    """The node of the tensor a call read as its `k`-th input (one output of the producing record)."""
    return node_id(record.inputs[k], record.input_outputs[k])


def group_of(record) -> str:
    """The function a record belongs to for grouping: generated names of dynamic loops count as the kernel; a
    tensor made in a helper module belongs to the helper that made it (the last function of its call chain)."""
    function = record.chain[-1][2] if record.chain else record.function
    if function == record.kernel or _GENERATED.match(function or ""):
        return record.kernel
    return function


def to_dot(trace, links: bool = False) -> str:
    """The graph in graphviz's DOT language. With `links`, nodes link to their section of the HTML report."""
    return _digraph(trace, links).source


def to_svg(trace, links: bool = False) -> str:
    """The graph laid out by graphviz's `dot`, as an SVG element (no XML prolog, ready to inline).

    Each layout program runs at most `layout_timeout()` seconds: a `dot` that never returns is a `LayoutError`."""
    source = _digraph(trace, links).source
    executable = shutil.which("dot")
    if executable is None:
        raise MissingDotError(INSTALL_DOT)
    failures = []
    for engine, attrs in _LAYOUTS:
        command = [executable, f"-K{engine}", "-Tsvg", *(f"-G{key}={value}" for key, value in attrs.items())]
        try:
            done = subprocess.run(command, input=source.encode(), capture_output=True, timeout=layout_timeout())
        except subprocess.TimeoutExpired:
            raise LayoutError(f"graphviz's {engine} did not finish in {layout_timeout():g} s "
                              f"(${_TIMEOUT_VARIABLE} sets the limit)") from None
        except OSError as exc:
            failures.append(f"{engine}: {exc.strerror or exc}")
            continue
        if done.returncode == 0:
            svg = done.stdout.decode(errors="replace")
            break
        said = [line for line in done.stderr.decode(errors="replace").splitlines() if line.strip()]
        failures.append(f"{engine}{' ' + str(attrs) if attrs else ''}: {said[-1] if said else done.returncode}")
    else:
        raise LayoutError("graphviz could not lay out the graph (" + "; ".join(failures) + ")")
    start = svg.find("<svg")
    return svg[start:] if start >= 0 else svg


def layout_timeout() -> float:
    """Seconds a graphviz layout may run: ``$CUTE_INSPECT_DOT_TIMEOUT``, else 60."""
    try:
        value = float(os.environ.get(_TIMEOUT_VARIABLE, ""))
    except ValueError:
        return _DEFAULT_TIMEOUT
    return value if value > 0 else _DEFAULT_TIMEOUT


def _digraph(trace, links: bool):
    import graphviz

    graph = build_graph(trace)
    dot = graphviz.Digraph("trace", graph_attr={"rankdir": "TB", "fontname": "Helvetica", "fontsize": "11",
                                                "nodesep": "0.25", "ranksep": "0.35"},
                           node_attr={"shape": "box", "style": "rounded,filled", "fontname": "Helvetica",
                                      "fontsize": "10", "margin": "0.08,0.03"},
                           edge_attr={"fontname": "Helvetica", "fontsize": "8", "color": "#777777",
                                      "fontcolor": "#555555", "arrowsize": "0.6"})
    by_kernel: dict = {}
    for node, data in graph.nodes(data=True):
        by_kernel.setdefault(data["kernel"], {}).setdefault(data["group"], []).append((node, data))
    for k, (kernel, groups) in enumerate(by_kernel.items()):
        with dot.subgraph(name=f"cluster_k{k}") as cluster:
            cluster.attr(label=f"kernel {kernel}", style="rounded", color="#888888", fontsize="12")
            for g, (group, nodes) in enumerate(groups.items()):
                if group == kernel:
                    for node, data in nodes:
                        _add_node(cluster, node, data, links)
                    continue
                with cluster.subgraph(name=f"cluster_k{k}_g{g}") as sub:
                    sub.attr(label=group, style="dashed,rounded", color="#aaaaaa", fontsize="10")
                    for node, data in nodes:
                        _add_node(sub, node, data, links)
    # unrolled loops (range_constexpr) repeat a call: one edge per (source, destination, op), with a count
    counts: dict = {}
    for src, dst, data in graph.edges(data=True):
        counts[(src, dst, data["op"])] = counts.get((src, dst, data["op"]), 0) + 1
    for (src, dst, op), count in counts.items():
        color = DATA_OPS.get(op)
        attrs = {"label": op if count == 1 else f"{op} ×{count}"}
        if color:
            attrs.update(color=color, fontcolor=color, penwidth="2")
        dot.edge(src, dst, **attrs)
    return dot


def _add_node(parent, node: str, data: dict, links: bool) -> None:
    title = data["name"] or f"({data['op']})"
    kind = " ".join(x for x in (data["memspace"], data["dtype"]) if x)
    attrs = {
        "label": "\\n".join(filter(None, (title, data["shape"], kind))),  # DOT's own line break
        "fillcolor": MEMSPACE_COLORS.get(data["memspace"], MEMSPACE_COLORS[None]),
        "tooltip": f"{title} = {data['op']}  {data['labelled']}  {data['where']}",
    }
    if data["library"]:
        attrs["style"] = "rounded,filled,dashed"
    if links:
        attrs["URL"] = "#" + anchor(data["record"], data["output"])
    parent.node(node, **attrs)
