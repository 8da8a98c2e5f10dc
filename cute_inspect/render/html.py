"""One self-contained HTML report of a trace: a single file with no network access and no external assets.

It holds the data-flow graph (inline SVG; nodes link to their tensor), the trace table, and for every traced
tensor its level-labelled shape, the seed-002 reading of it, its derivation chain, what the call does, and its
mode-hierarchy picture. Everything is static HTML; a few lines of JavaScript add a filter by name::

    import cute_inspect
    from cute_inspect.render.html import write_report
    t = cute_inspect.trace_target("examples/cutlass_blackwell_persistent.py:compile_1cta", arch="sm_100a")
    write_report(t, "report.html")

Without graphviz's `dot` the browser lays the graph out (`browser_graph`: Viz.js, shipped in the package); when
no layout works the report is still written, with a note where the graph would be. `fragment` and
`tensor_fragment` give the same content for a notebook cell (`cute_inspect.render.notebook`).
"""

from __future__ import annotations

import os
from html import escape

from cute_inspect.render import bank_map as _bank_map
from cute_inspect.render import browser_graph, budget
from cute_inspect.render import graph as _graph
from cute_inspect.render import hierarchy
from cute_inspect.render._svg import LEVEL_COLORS, MEMSPACE_COLORS
from cute_inspect.trace.shape import format_shape
from cute_inspect.trace.source import relative


def write_report(trace, path: str) -> str | None:
    """Write the report of `trace` to `path` (one HTML file); returns why it has no graph, or None.

    The page is built before the file is opened, so a failure never leaves an empty file behind.
    """
    problems: list = []
    page = build_report(trace, problems=problems)
    with open(path, "w", encoding="utf-8") as f:
        f.write(page)
    return problems[0] if problems else None


def build_report(trace, title: str | None = None, problems: list | None = None) -> str:
    """The report as one HTML string; why the graph is missing, if it is, is appended to `problems`."""
    target = getattr(trace, "target", None)
    flow = _graph.build_graph(trace)
    title = title or f"cute-inspect: {target or 'trace'}"
    parts = [
        "<!doctype html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(title)}</title><style>{_CSS}{_bank_map.CSS}</style></head><body>",
        _header(trace, title),
        _graph_section(trace, problems),
        _budget_section(trace),
        _table_section(trace, flow),
        _tensor_section(trace, flow),
        _bank_map.bank_map_section(trace),
        f"<script>{_JS}</script>",
        "</body></html>",
    ]
    return "\n".join(parts)


def fragment(trace) -> str:
    """The report's content without the page around it, for a notebook cell: its styles apply inside it only."""
    flow = _graph.build_graph(trace)
    title = f"cute-inspect: {getattr(trace, 'target', None) or 'trace'}"
    return (f'<div class="{_SCOPE}"><style>{_scoped(_CSS + _bank_map.CSS)}</style>{_header(trace, title)}'
            f"{_graph_section(trace)}{_budget_section(trace)}{_table_section(trace, flow)}"
            f"{_tensor_section(trace, flow)}{_bank_map.bank_map_section(trace)}</div>")


def tensor_fragment(record, output: int = 0) -> str:
    """One tensor as the report shows it (facts, hierarchy box), alone: without its trace, no derivation chain."""
    return f'<div class="{_SCOPE}"><style>{_scoped(_CSS)}</style>{_tensor(None, record, output)}</div>'


def _scoped(css: str) -> str:
    """The report's style sheet limited to the fragment's element, so the notebook page around it keeps its look."""
    rules = []
    for rule in css.split("}"):
        if "{" in rule:
            selectors, body = rule.split("{", 1)
            scoped = ",".join(f".{_SCOPE}" if s.strip() == "body" else f".{_SCOPE} {s.strip()}"
                              for s in selectors.split(","))
            rules.append(f"{scoped}{{{body}}}")
    return "".join(rules)


def _header(trace, title: str) -> str:
    kernels = trace.kernels()
    tensors = sum(len(r.shapes) for r in trace.records)
    facts = [f"{len(trace.records)} records", f"{tensors} tensors",
             f"kernels: {', '.join(escape(k) for k in kernels) or 'none'}"]
    if getattr(trace, "arch", None):
        facts.append(f"arch {escape(trace.arch)}")
    notes = "".join(f'<p class="note">could not observe {escape(e)}</p>' for e in getattr(trace, "errors", ()))
    return (
        f"<header><h1>{escape(title)}</h1><p>{' · '.join(facts)}</p>{notes}"
        '<nav><a href="#graph">Data flow</a> · <a href="#budget">Budget</a> · <a href="#records">Trace table</a> · <a href="#tensors">Tensors</a>'
        "</nav>"
        '<p class="search" hidden><label>Filter by name or op: <input id="search" type="search" '
        'placeholder="e.g. tCgA, sC, partition_" autocomplete="off"></label> <span id="search-count"></span></p>'
        "</header>"
    )


def _legend() -> str:
    spaces = "".join(f'<span class="chip" style="background:{c}">{escape(m or "other")}</span>'
                     for m, c in MEMSPACE_COLORS.items())
    levels = "".join(f'<span class="chip" style="background:{c}">{escape(level)}</span>'
                     for level, c in LEVEL_COLORS.items())
    data = "".join(f'<span class="chip edge" style="color:{c};border-color:{c}">{op}</span>'
                   for op, c in _graph.DATA_OPS.items())
    return (f'<p class="legend">memory: {spaces} · data movement: {data} · dashed: made inside library code</p>'
            f'<p class="legend">levels (hierarchy pictures): {levels}</p>')


def _graph_section(trace, problems: list | None = None) -> str:
    try:
        svg = _graph.to_svg(trace, links=True)
    except _graph.MissingDotError:
        svg = browser_graph.graph_html(_graph.to_dot(trace, links=True))
    except _graph.GraphError as exc:
        svg = f'<p class="note">No graph: {escape(str(exc))}.</p>'
        if problems is not None:
            problems.append(str(exc))
    return (f'<section id="graph"><h2>Data flow</h2>{_legend()}'
            f'<p>Tensors are nodes; arrows are the calls that made a view of a tensor, or moved data. '
            f'Click a node to jump to its tensor.</p><div class="graph">{svg}</div></section>')


def _budget_section(trace) -> str:
    budgets = getattr(trace, "resources", None) or {}
    if not budgets:
        return '<section id="budget"><h2>Budget</h2><p>No kernel launch was traced.</p></section>'
    return ('<section id="budget"><h2>Budget</h2><p>Shared memory per block, buffer by buffer in allocation '
            'order, against the limit (red line); TMEM columns against the 512 of an SM.</p>'
            + "".join(budget.budget_html(b) for b in budgets.values()) + "</section>")


def _table_section(trace, flow) -> str:
    rows = []
    for r in trace.records:
        inputs = ", ".join(_tensor_link(flow, _graph.source_node(r, k))
                           for k in range(len(r.inputs)))
        outputs = range(len(r.shapes)) or [None]
        for i in outputs:
            name = (r.names[i] if i is not None else None) or ("-" if i is None else f"({r.op})")
            cells = [
                str(r.index),
                f'<a href="#{_graph.anchor(r.index, i)}">{escape(name)}</a>' if i is not None else escape(name),
                escape(r.op),
                f"<code>{escape(r.labelled_shape(i))}</code>" if i is not None else "",
                _memspace(r.memspaces[i]) if i is not None else "",
                escape(r.dtypes[i] or "") if i is not None else "",
                escape(r.swizzles[i] or "") if i is not None else "",
                inputs,
                _where(r),
                escape(r.function) + (" <em>(library)</em>" if r.library else ""),
            ]
            search = " ".join(filter(None, [name, r.op, *(n or "" for n in r.names)])).lower()
            rows.append(f'<tr class="filterable" data-search="{escape(search)}">'
                        + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    head = "".join(f"<th>{h}</th>" for h in ("#", "tensor", "op", "shape, labelled by level", "memory", "dtype",
                                             "swizzle", "inputs", "where", "function"))
    return (f'<section id="records"><h2>Trace table</h2><div class="scroll"><table><thead><tr>{head}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table></div></section>')


def _where(r) -> str:
    """The kernel's line that made it; for a tensor made in a helper module, the helper's line after it."""
    file, line = (r.chain[0][0], r.chain[0][1]) if r.chain else (r.file, r.line)
    cell = f'<span title="{escape(relative(file))}:{line}">{escape(os.path.basename(file))}:{line}</span>'
    if r.chain:
        cell += f" <em>via {escape(os.path.basename(r.chain[-1][0]))}:{r.chain[-1][1]}</em>"
    return cell


def _call_chain(r) -> str:
    return " &rarr; ".join(f"{escape(relative(f))}:{line} <code>{escape(fn)}</code>" for f, line, fn in r.chain)


def _tensor_section(trace, flow) -> str:
    parts = ['<section id="tensors"><h2>Tensors</h2>']
    for kernel in trace.kernels():
        parts.append(f"<h3>kernel {escape(kernel)}</h3>")
        for r in trace.records:
            if r.kernel != kernel:
                continue
            for i in range(len(r.shapes)):
                parts.append(_tensor(flow, r, i))
    parts.append("</section>")
    return "\n".join(parts)


def _tensor(flow, r, i: int) -> str:
    """One tensor's article; `flow` (the trace's graph) adds its derivation chain, writers and users."""
    name = r.names[i] or f"({r.op})"
    search = " ".join([name, r.op]).lower()
    node = _graph.node_id(r.index, i)
    facts = [
        ("made by", f"<code>{escape(r.op)}</code> at {escape(relative(r.file))}:{r.line} in "
                    f"<code>{escape(r.function)}</code>" + (" (library code)" if r.library else "")),
        ("call chain", _call_chain(r)),
        ("reuses the TMEM of", f"record {r.reuses}" if r.reuses is not None else ""),
        ("shape", f"<code>{escape(format_shape(r.shapes[i]))}</code>"),
        ("by level", f"<code>{escape(r.labelled_shape(i))}</code>"),
        ("read inside-out", f"<code>{escape(hierarchy.formula(r, i))}</code>"),
        ("derivation", _chain(flow, node) if flow is not None else ""),
        ("the call", escape(r.derivation)),
        ("layout", f"<code>{escape(r.layouts[i] or '')}</code>"),
        ("memory", _memspace(r.memspaces[i]) + " " + escape(" ".join(filter(None, (r.dtypes[i], r.swizzles[i]))))),
        ("written by", ", ".join(_writers(flow, node)) if flow is not None else ""),
        ("used by", (", ".join(_users(flow, node)) or "none traced") if flow is not None else ""),
    ]
    rows = "".join(f"<dt>{k}</dt><dd>{v}</dd>" for k, v in facts if v)
    return (f'<article class="tensor filterable" id="{_graph.anchor(r.index, i)}" data-search="{escape(search)}">'
            f'<h4>{escape(name)} <small>record {r.index}</small></h4><dl>{rows}</dl>'
            f'<div class="picture">{hierarchy.hierarchy_svg(r, i)}</div></article>')


def _chain(flow, node: str) -> str:
    """The view ancestry of a tensor: ``mA_mkl (1024,1024,1) -local_tile-> gA_mkl (...) -partition_A-> tCgA``.

    Follows the first call that made a view (not a copy or gemm, which move data into an existing tensor).
    """
    steps, seen = [(node, None)], {node}
    while len(steps) < 16:
        made_by = sorted(((src, data["op"]) for src, _, data in flow.in_edges(steps[-1][0], data=True)
                          if data["op"] not in _graph.DATA_OPS and src not in seen),
                         key=lambda e: flow.nodes[e[0]]["record"])
        if not made_by:
            break
        src, op = made_by[0]
        steps[-1] = (steps[-1][0], op)
        steps.append((src, None))
        seen.add(src)
    out = []
    for made, op in reversed(steps):  # op: the call that made `made` from the step before it
        if op:
            out.append(f' <span class="op">&minus;{escape(op)}&rarr;</span> ')
        out.append(f"{_tensor_link(flow, made)} <code>{escape(flow.nodes[made]['shape'])}</code>")
    return "".join(out)


def _users(flow, node: str) -> list:
    """Each call that read the tensor, with what it made or wrote: ``partition_A -> tCgA``, ``copy -> tAsA``."""
    found = []
    for _, dst, data in sorted(flow.out_edges(node, data=True), key=lambda e: e[2]["record"]):
        entry = f"{escape(data['op'])} &rarr; {_tensor_link(flow, dst)}"
        if entry not in found:
            found.append(entry)
    return found


def _writers(flow, node: str) -> list:
    """The copies and gemms that wrote into the tensor: ``copy <- tAgA``."""
    found = []
    for src, _, data in sorted(flow.in_edges(node, data=True), key=lambda e: e[2]["record"]):
        entry = f"{escape(data['op'])} &larr; {_tensor_link(flow, src)}"
        if data["op"] in _graph.DATA_OPS and entry not in found:
            found.append(entry)
    return found


def _tensor_link(flow, node: str) -> str:
    data = flow.nodes[node]
    label = data["name"] or f"({data['op']})"
    return f'<a href="#{_graph.anchor(data["record"], data["output"])}">{escape(label)}</a>'


def _memspace(space) -> str:
    color = MEMSPACE_COLORS.get(space, MEMSPACE_COLORS[None])
    return f'<span class="chip" style="background:{color}">{escape(space or "?")}</span>'


_SCOPE = "cute-inspect"
_CSS = """
body{font:14px/1.45 system-ui,-apple-system,Segoe UI,Helvetica,Arial,sans-serif;margin:0 auto;max-width:1400px;
padding:0 20px 40px;color:#1b1b1b}
h1{font-size:22px;margin:18px 0 4px}h2{border-bottom:1px solid #ccc;padding-bottom:4px;margin-top:32px}
h3{margin:24px 0 8px}h4{margin:0 0 6px;font-size:16px}h4 small{color:#777;font-weight:normal;font-size:12px}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12.5px}
.note{color:#8a4b00;background:#fff5e0;padding:4px 8px;border-radius:4px}
.legend{font-size:12px;color:#444;margin:4px 0}
.chip{display:inline-block;padding:0 6px;border-radius:8px;border:1px solid #bbb;font-size:12px;margin:0 2px}
.chip.edge{background:#fff;font-weight:bold}
.graph,.scroll,.picture{overflow:auto;max-width:100%}
.graph{border:1px solid #ddd;border-radius:6px;padding:6px;max-height:90vh}
table{border-collapse:collapse;font-size:12.5px}th,td{border:1px solid #ddd;padding:3px 6px;text-align:left;
vertical-align:top}th{background:#f4f4f4;position:sticky;top:0}
td code{white-space:nowrap}
.scroll{max-height:70vh}
.tensor{border:1px solid #ddd;border-radius:6px;padding:10px 12px;margin:10px 0}
.tensor:target{border-color:#1f5fbf;box-shadow:0 0 0 2px #cfe2ff}
dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:0 0 8px}dt{color:#666}dd{margin:0}
.op{color:#777;font-size:12px}
.search input{font-size:14px;padding:3px 6px;width:280px}
"""

_JS = """
(function(){
  var bar = document.querySelector('.search'), box = document.getElementById('search'),
      count = document.getElementById('search-count'), items = document.querySelectorAll('.filterable');
  bar.hidden = false;
  function apply(){
    var q = box.value.trim().toLowerCase(), shown = 0;
    items.forEach(function(el){
      var hit = !q || el.getAttribute('data-search').indexOf(q) >= 0;
      el.style.display = hit ? '' : 'none';
      if (hit && el.tagName === 'ARTICLE') shown++;
    });
    count.textContent = q ? shown + (shown === 1 ? ' tensor matches' : ' tensors match') : '';
  }
  box.addEventListener('input', apply);
  if (location.search.indexOf('q=') >= 0) {
    box.value = decodeURIComponent(location.search.split('q=')[1].split('&')[0]); apply();
  }
})();
"""
