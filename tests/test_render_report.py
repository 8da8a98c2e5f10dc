"""`cute-inspect render`: the DOT graph of known traces, the HTML report, and the report opened in Chromium."""

import json
import os
import re
import shutil
import struct
import subprocess
import sys
import time

import pytest

from _cli import ROOT, cute_inspect, trace_json
from cute_inspect.trace.levels import ModeLabel
from cute_inspect.trace.record import Record, Trace
from cute_inspect.render.graph import to_dot, to_svg
from cute_inspect.render.html import build_report

SEED = "tests/kernels/seed002.py:compile_mma"
SM80 = "gemm.sm80:compile_only"


NO_DOT = "graphviz's `dot` is not installed (apt-get install graphviz)"


def _render(target, arch, out):
    if shutil.which("dot") is None:
        pytest.skip(NO_DOT)
    done = cute_inspect("render", target, "--arch", arch, "--out", str(out))
    assert done.returncode == 0, done.stderr
    return out


@pytest.fixture(scope="module")
def seed_out(tmp_path_factory):
    return _render(SEED, "sm_100a", tmp_path_factory.mktemp("seed"))


@pytest.fixture(scope="module")
def sm80_out(tmp_path_factory):
    return _render(SM80, "sm_80", tmp_path_factory.mktemp("sm80"))


def dot_graph(path) -> tuple:
    """({node id: tensor name}, [(source name, destination name, edge label)]) read from a DOT file."""
    return dot_graph_text(path.read_text())


def dot_graph_text(text: str) -> tuple:
    nodes = dict(re.findall(r'"(r\d+\.\d+)" \[label="([^"\\]+)\\n', text))
    edges = [(nodes[a], nodes[b], label.strip('"'))
             for a, b, label in re.findall(r'"(r\d+\.\d+)" -> "(r\d+\.\d+)" \[.*?label=("[^"]*"|\S+?)[ \]]', text)]
    return nodes, edges


def test_dot_of_the_seed_trace_has_its_tensors_calls_and_helper_cluster(seed_out):
    nodes, edges = dot_graph(seed_out / "graph.dot")
    assert sorted(nodes.values()) == sorted(["mA_mkl", "gA_mkl", "mB_nkl", "gB_nkl", "tCgA", "tCgB", "grouped",
                                             "again", "helper_tile"])
    assert sorted(edges) == sorted([
        ("mA_mkl", "gA_mkl", "local_tile"), ("gA_mkl", "tCgA", "partition_A"),
        ("gA_mkl", "helper_tile", "flat_divide"), ("mB_nkl", "gB_nkl", "local_tile"),
        ("gB_nkl", "tCgB", "partition_B"), ("tCgA", "grouped", "group_modes"), ("tCgB", "again", "group_modes"),
    ])
    text = (seed_out / "graph.dot").read_text()
    assert 'label="kernel mma_kernel"' in text
    assert re.search(r'subgraph cluster_k0_g\d+ \{\s+color="#aaaaaa" fontsize=10 label=tile_in_helper', text)


def test_dot_of_a_gemm_draws_copies_and_the_mma(sm80_out):
    nodes, edges = dot_graph(sm80_out / "graph.dot")
    labels = {(a, b): label for a, b, label in edges}
    assert re.fullmatch(r"copy( ×\d+)?", labels[("tAgA", "tAsA")])
    assert re.fullmatch(r"copy( ×\d+)?", labels[("tBgB", "tBsB")])
    assert re.fullmatch(r"gemm( ×\d+)?", labels[("tCrA", "tCrC")])
    assert re.fullmatch(r"gemm( ×\d+)?", labels[("tCrB", "tCrC")])
    assert labels[("gA", "tAgA")] == "partition_S" and labels[("sA", "tCsA")] == "partition_A"
    assert 'label="kernel kernel"' in (sm80_out / "graph.dot").read_text()


def test_svg_graph_and_hierarchy_pictures_are_written(sm80_out):
    svg = (sm80_out / "graph.svg").read_text()
    assert svg.startswith("<svg") and svg.count('class="node"') == len(dot_graph(sm80_out / "graph.dot")[0])
    pictures = os.listdir(sm80_out / "tensors")
    assert any(p.endswith("_tCsA.svg") for p in pictures)


def test_report_contains_every_traced_tensor_and_nothing_from_the_network(sm80_out):
    events = trace_json(SM80, arch="sm_80")
    html = (sm80_out / "report.html").read_text()
    for event in events:
        for i, name in enumerate(event["names"]):
            assert f'id="t{event["index"]}-{i}"' in html, (event["index"], name)
            if name:
                assert f">{name} <small>record {event['index']}</small>" in html
    assert not re.search(r'<(script|link|img)[^>]+(src|href)=|url\(|@import', html)


def test_a_trace_of_hundreds_of_records_renders_whole():
    trace = Trace()
    for k in range(60):  # 60 kernels of 5 records: mA -> gA -> tCgA, then a copy and a gemm
        base = 5 * k
        trace.records += [
            _record(base, "input", f"mA_{k}", (1024, 64), ()),
            _record(base + 1, "local_tile", f"gA_{k}", (128, 64, 8), (base,)),
            _record(base + 2, "partition_A", f"tCgA_{k}", ((64, 16), 2, 4, 8), (base + 1,)),
            _record(base + 3, "copy", None, None, (base + 1, base + 2)),
            _record(base + 4, "gemm", None, None, (base + 2, base + 1)),
        ]
    for r in trace.records:
        r.kernel = f"kernel{r.index // 5}"
    html = build_report(trace)
    assert all(f">tCgA_{k} <small>" in html for k in range(60))
    nodes, edges = dot_graph_text(to_dot(trace))
    assert len(nodes) == 180 and len(edges) == 240
    if shutil.which("dot"):
        assert to_svg(trace).count('class="node"') == 180


def _record(index, op, name, shape, inputs):
    outputs = () if shape is None else (shape,)
    labels = tuple(() if not isinstance(s, tuple) else tuple(ModeLabel("block", "rest") for _ in s)
                   for s in outputs)
    return Record(index=index, op=op, names=tuple(name for _ in outputs), file="k.py", line=index, col=0,
                  function="kernel", kernel="kernel", in_shapes=(None,) * len(inputs), shapes=outputs,
                  layouts=(None,) * len(outputs), memspaces=("gmem",) * len(outputs),
                  dtypes=("f16",) * len(outputs), swizzles=(None,) * len(outputs), levels=labels, inputs=inputs,
                  input_outputs=(0,) * len(inputs))


def test_tensor_section_shows_level_labels_derivation_and_hierarchy(seed_out):
    html = (seed_out / "report.html").read_text()
    section = html[html.index('<h4>tCgA <small>'):]
    section = section[:section.index("</article>")]
    assert "(128,16) mma-atom, 1 mma-rest-M, 4 mma-rest-K, 8 block-rest-M" in section
    assert "(mma_atom, *mma_rests, *block_rests) = ((128,16), 1,4, 8,16,1)" in section
    assert re.search(r"mA_mkl</a> <code>\(1024,1024,1\)</code>.*local_tile.*gA_mkl.*partition_A.*tCgA", section)
    assert 'data-level="block"' in section and 'data-level="mma"' in section
    assert re.search(r"<dt>used by</dt><dd>group_modes &rarr; <a [^>]+>grouped</a></dd>", section)


def test_copy_destinations_say_what_wrote_them(sm80_out):
    html = (sm80_out / "report.html").read_text()
    section = html[html.index("<h4>tAsA <small>"):]
    section = section[:section.index("</article>")]
    assert re.search(r"<dt>written by</dt><dd>copy &larr; <a [^>]+>tAgA</a>", section)


def test_static_report_reads_without_javascript(seed_out):
    # what a browser without JavaScript shows: every tensor, and no filter box that would do nothing
    html = (seed_out / "report.html").read_text()
    assert '<p class="search" hidden>' in html and "display:none" not in html.replace(" ", "")
    assert html.count('<article class="tensor filterable"') == 9


def _without_dot(tmp_path) -> dict:
    """A PATH that has Python but not graphviz's `dot`."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(exist_ok=True)
    if not (bin_dir / "python").exists():
        os.symlink(sys.executable, bin_dir / "python")
    return {"PATH": str(bin_dir)}


@pytest.fixture(scope="module")
def no_dot_out(tmp_path_factory):
    tmp_path = tmp_path_factory.mktemp("no_dot")
    done = cute_inspect("render", SEED, "--arch", "sm_100a", "--out", str(tmp_path / "out"),
                        env=_without_dot(tmp_path))
    return done, tmp_path / "out"


def test_missing_dot_is_a_note_and_the_report_carries_the_graph_for_the_browser(no_dot_out):
    done, out = no_dot_out
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines() == [
        "cute-inspect: note: the graphviz `dot` executable is missing: install it "
        "(apt-get install graphviz | brew install graphviz | conda install graphviz) to write graph.svg; "
        "report.html lays its graph out in the browser"]
    assert not (out / "graph.svg").exists() and (out / "graph.dot").exists()
    page = (out / "report.html").read_text()
    assert "Viz.js 3.31.0" in page and "var DOT_SOURCE = " in page and '<p class="note">No graph' not in page
    assert "http://" not in page.split("var DOT_SOURCE")[1].split("</script>")[0].replace("http://www.w3.org", "")


def test_the_vendored_layout_engine_is_the_pinned_release_with_its_license():
    from cute_inspect.render import browser_graph

    vendor = os.path.join(ROOT, "cute_inspect", "render", "_vendor")
    assert browser_graph.viz_script().startswith(f"/*!\nViz.js {browser_graph.VIZ_VERSION}\n")
    notes = open(os.path.join(vendor, "README.md"), encoding="utf-8").read()
    assert browser_graph.VIZ_VERSION in notes and browser_graph.VIZ_SHA256 in notes
    assert "Permission is hereby granted" in open(os.path.join(vendor, "LICENSE-viz-js"), encoding="utf-8").read()


def _chromium():
    return next((p for p in map(shutil.which, ("chromium", "chromium-browser", "google-chrome")) if p), None)


def _browse(url, profile, *flags):
    return subprocess.run(
        [_chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         f"--user-data-dir={profile}", "--virtual-time-budget=3000", *flags, url],
        capture_output=True, text=True, timeout=120,
    )


@pytest.mark.skipif(_chromium() is None, reason="headless Chromium is not installed (apt-get install -y chromium)")
def test_report_renders_in_headless_chromium_and_filters_by_name(seed_out, tmp_path):
    url = (seed_out / "report.html").as_uri()
    done = _browse(url + "?q=tcg", tmp_path / "profile", "--dump-dom")
    assert done.returncode == 0, done.stderr
    dom = done.stdout
    assert '<p class="search">' in dom  # the script ran: it un-hides the filter
    assert re.search(r'id="search-count">2 tensors match<', dom)
    shown = re.findall(r'<article class="tensor filterable" id="[^"]+" data-search="([^"]+)"(?! style="display: none)',
                       dom)
    assert sorted(shown) == ["tcga partition_a", "tcgb partition_b"]
    one = _browse(url + "?q=tcga", tmp_path / "profile", "--dump-dom").stdout
    assert re.search(r'id="search-count">1 tensor matches<', one)
    assert dom.count('class="node"') == 9  # graphviz's graph, inline

    shot = tmp_path / "report.png"
    done = _browse(url, tmp_path / "profile", f"--screenshot={shot}", "--window-size=1200,1600")
    assert done.returncode == 0, done.stderr
    header = shot.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">II", header[16:24]) == (1200, 1600)


class _DevTools:
    """Chromium driven over its DevTools pipe (fd 3 in, fd 4 out; here the child's stdin and stdout).

    The browser-drawn graph waits on Viz.js's WebAssembly compile, which runs off the page's thread and so outside
    `--virtual-time-budget`: `--dump-dom` can print the page before the graph exists on a loaded machine. This
    asks the page itself, until what the test waits for is there."""

    def __init__(self, profile):
        self.process = subprocess.Popen(
            ["sh", "-c", 'exec "$@" 3<&0 4>&1 0</dev/null 1>/dev/null', "sh", _chromium(), "--headless",
             "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
             "--disable-component-update", "--disable-sync", f"--user-data-dir={profile}",
             "--remote-debugging-pipe", "about:blank"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.next_id, self.pending, self.session = 0, b"", None

    def call(self, method, **params):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params}
        if self.session:
            message["sessionId"] = self.session
        self.process.stdin.write(json.dumps(message).encode() + b"\0")
        self.process.stdin.flush()
        while True:
            while b"\0" not in self.pending:
                chunk = os.read(self.process.stdout.fileno(), 1 << 16)
                assert chunk, "Chromium closed its DevTools pipe"
                self.pending += chunk
            text, self.pending = self.pending.split(b"\0", 1)
            answer = json.loads(text)
            if answer.get("id") == self.next_id:
                assert "error" not in answer, answer["error"]
                return answer["result"]

    def page_when(self, url, ready, timeout=90.0):
        """The page's DOM once the JavaScript expression `ready` is true (or at `timeout` seconds)."""
        target = self.call("Target.createTarget", url=url)["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        deadline = time.monotonic() + timeout
        # the page may not exist yet when first asked: an error there is "not ready"
        asked = f"(() => {{ try {{ return !!({ready}); }} catch (e) {{ return false; }} }})()"
        while time.monotonic() < deadline:
            if self.call("Runtime.evaluate", expression=asked, returnByValue=True)["result"]["value"]:
                break
            time.sleep(0.2)
        return self.call("Runtime.evaluate", expression="document.documentElement.outerHTML",
                         returnByValue=True)["result"]["value"]

    def close(self):
        self.process.kill()
        self.process.wait(timeout=30)


@pytest.mark.skipif(_chromium() is None, reason="headless Chromium is not installed (apt-get install -y chromium)")
def test_without_dot_the_browser_draws_the_graph_that_dot_would(no_dot_out, seed_out, tmp_path):
    _done, out = no_dot_out
    browser = _DevTools(tmp_path / "profile")
    try:
        # drawn (the engine is set) or given up on (the note says why)
        dom = browser.page_when((out / "report.html").as_uri(),
                                'document.querySelector("#graph-in-browser[data-layout]") || '
                                'document.getElementById("graph-in-browser").textContent.startsWith("No graph")')
    finally:
        browser.close()
    assert 'data-layout="dot"' in dom and '<p class="note">No graph' not in dom
    drawn = sorted(re.findall(r'<g id="(node\d+)" class="node">', dom))
    by_dot = sorted(re.findall(r'<g id="(node\d+)" class="node">', (seed_out / "report.html").read_text()))
    assert len(drawn) == 9 and drawn == by_dot
    assert sorted(re.findall(r'xlink:href="#(t\d+-\d+)"', dom)) == \
        sorted(re.findall(r'xlink:href="#(t\d+-\d+)"', (seed_out / "report.html").read_text()))


def test_several_targets_render_in_their_own_processes_with_an_index(tmp_path):
    if shutil.which("dot") is None:
        pytest.skip(NO_DOT)
    done = cute_inspect("render", "tests/kernels/seed002.py:compile_tile@sm_100a", "tests/kernels/seed002.py:broken",
                        "--out", str(tmp_path))
    assert done.returncode == 2  # the worst of the targets' exit codes
    assert "the target raised: RuntimeError: no such tensor" in done.stderr
    index = (tmp_path / "index.html").read_text()
    assert '<a href="tests_kernels_seed002_compile_tile/report.html">' in index
    assert "tests/kernels/seed002.py:broken (sm_100a) <strong>failed (exit 2)</strong>" in index
    assert (tmp_path / "tests_kernels_seed002_compile_tile" / "graph.svg").exists()
