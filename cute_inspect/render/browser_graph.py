"""The data-flow graph laid out in the browser, for a report written where graphviz's `dot` is missing.

The report then carries the graph's DOT text and Viz.js (Graphviz compiled to WebAssembly, MIT, shipped in
``_vendor/``), inline: the page stays one self-contained file that needs no network, and the browser draws
the same SVG `dot` would (nodes link to their tensors). The layouts are tried in `graph._LAYOUTS`' order.

    from cute_inspect.render import browser_graph, graph
    html = browser_graph.graph_html(graph.to_dot(trace, links=True))   # a <div> and two <script>s
"""

from __future__ import annotations

import functools
import hashlib
import json
from importlib import resources

#: The vendored @viz-js/viz release and the checksum of its dist/viz-global.js (see _vendor/README.md).
VIZ_VERSION = "3.31.0"
VIZ_SHA256 = "c9e0b310f9883910e01c66054b48b7ff4be3d8695141116635e72b0af152692e"

_LAYOUTS = ('[{"engine": "dot"}, {"engine": "dot", "graphAttributes": {"newrank": "true"}}, '
            '{"engine": "sfdp", "graphAttributes": {"overlap": "prism"}}]')

_DRAW = """
(function () {
  var box = document.getElementById("graph-in-browser");
  function fail(why) { box.innerHTML = ""; var p = document.createElement("p"); p.className = "note";
    p.textContent = "No graph: " + why; box.appendChild(p); }
  if (typeof Viz === "undefined") { fail("the layout engine did not load"); return; }
  Viz.instance().then(function (viz) {
    var layouts = %s, errors = [];
    for (var i = 0; i < layouts.length; i++) {
      var result = viz.render(DOT_SOURCE, Object.assign({format: "svg"}, layouts[i]));
      if (result.status === "success") {
        box.innerHTML = result.output.slice(result.output.indexOf("<svg"));
        box.setAttribute("data-layout", layouts[i].engine);
        return;
      }
      errors.push(layouts[i].engine + ": " + result.errors.map(function (e) { return e.message; }).join(" "));
    }
    fail("Viz.js could not lay out the graph (" + errors.join("; ") + ")");
  }, function (error) { fail(String(error)); });
})();
""" % _LAYOUTS


@functools.lru_cache(maxsize=1)
def viz_script() -> str:
    """The vendored Viz.js, checked against its recorded checksum."""
    text = resources.files("cute_inspect.render").joinpath("_vendor/viz-global.js").read_bytes()
    if hashlib.sha256(text).hexdigest() != VIZ_SHA256:
        raise RuntimeError("cute_inspect/render/_vendor/viz-global.js is not the vendored Viz.js "
                           f"{VIZ_VERSION}: reinstall cute-inspect")
    return text.decode("utf-8")


def graph_html(dot: str) -> str:
    """A box the browser fills with the laid-out graph, with the DOT text and the layout engine inline."""
    source = json.dumps(dot).replace("</", "<\\/")
    return ('<div id="graph-in-browser"><p class="note">Laying the graph out in the browser (graphviz\'s '
            '<code>dot</code> was not installed where this report was written)...</p></div>'
            f"<script>{viz_script()}</script><script>var DOT_SOURCE = {source};{_DRAW}</script>")
