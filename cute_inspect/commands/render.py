"""`cute-inspect render` (graph, hierarchy pictures, HTML report of a trace) and `cute-inspect layout`."""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys

from cute_inspect.commands._output import bad_output, write_file, write_output
from cute_inspect.commands._target import arch as known_arch
from cute_inspect.commands._target import default_arch, run_target
from cute_inspect.findings import EXIT_BAD_INPUT, EXIT_OK


def register(subparsers) -> None:
    render = subparsers.add_parser(
        "render", help="draw a trace: data-flow graph (DOT, SVG), per-tensor hierarchy SVGs, HTML report",
        description="Trace each TARGET and write graph.dot, graph.svg, report.html and tensors/*.svg into --out. "
                    "Several targets (each TARGET@ARCH, e.g. gemm.sm90:compile_only@sm_90a) are traced in their "
                    "own processes into --out/<target>/, with an index.html linking their reports.",
    )
    render.add_argument("targets", metavar="TARGET", nargs="+",
                        help="MODULE:FUNCTION or FILE.py:FUNCTION, optionally @ARCH (sm_80, sm_90a, sm_100a...)")
    render.add_argument("--arch", default=default_arch(), type=known_arch,
                        help="arch for targets without @ARCH; default $CUTE_DSL_ARCH or sm_100a")
    render.add_argument("--out", required=True, metavar="DIR", help="directory to write into (created)")
    render.set_defaults(func=_render, target_run=lambda args: " ".join(args.targets))

    from cute_inspect.render.layout_expr import FUNCTIONS

    functions = "\n".join(f"  {sig:<40} {what}" for sig, what in FUNCTIONS.values())
    layout = subparsers.add_parser(
        "layout", help="evaluate CuTe layout algebra with CuTeDSL, step by step; draw the result",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Evaluate EXPR with CuTeDSL and print every step's shape:stride.\n\n"
                    "  cute-inspect layout \"(8,4):(4,1)\" --svg layout.svg\n"
                    "  cute-inspect layout \"local_tile((1024,256):(1,1024), (128,64), (0,None))\"\n"
                    "  cute-inspect layout \"swizzle(3,4,3, (8,64):(64,1))\" --svg swizzle.svg\n"
                    "  cute-inspect layout 'mma_tv(\"sm80_16x8x16\", \"A\")' --svg tv_a.svg\n\n"
                    "Layouts are SHAPE:STRIDE (a shape alone is column-major); tilers are tuples of ints or "
                    "layouts.\nFunctions:\n" + functions,
    )
    layout.add_argument("expr", metavar="EXPR", help="a layout expression, e.g. \"composition((8,4):(4,1), (4,2))\"")
    layout.add_argument("--svg", metavar="FILE", help="draw the result as an SVG grid (rank 1 or 2)")
    layout.add_argument("--tv", metavar="M,N",
                        help="draw the result as a thread-value layout over an M x N tile (column-major)")
    layout.set_defaults(func=_layout, target_run=lambda args: f"layout {args.expr!r}")


def _layout(args) -> int:
    from cute_inspect.render import grid
    from cute_inspect.render._layout import LayoutTextError
    from cute_inspect.render.layout_expr import LayoutExprError, evaluate

    if bad_output("--svg", args.svg):
        return EXIT_BAD_INPUT
    tile = None
    if args.tv:
        m = re.fullmatch(r"\s*([1-9]\d*)\s*[,x]\s*([1-9]\d*)\s*", args.tv)
        if not m:
            print(f"cute-inspect: --tv {args.tv!r}: write the tile as M,N of positive ints (e.g. 16,16)",
                  file=sys.stderr)
            return EXIT_BAD_INPUT
        tile = (int(m.group(1)), int(m.group(2)))
    try:
        result = evaluate(args.expr)
    except LayoutExprError as exc:
        print(f"cute-inspect: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    for i, step in enumerate(result.steps, 1):
        print(f"{i:>2}. {step}")
    print(f"result: {result.text}")
    if args.svg:
        tile = tile or result.tile
        try:
            svg = grid.tv_layout_svg(result.text, tile) if tile else grid.layout_svg(result.text)
        except LayoutTextError as exc:
            print(f"cute-inspect: cannot draw {result.text}: {exc}", file=sys.stderr)
            return EXIT_BAD_INPUT
        if not write_output("--svg", args.svg, svg):
            return EXIT_BAD_INPUT
        print(f"wrote {args.svg}")
    return EXIT_OK


def _split(target: str, default_arch: str) -> tuple:
    name, sep, arch = target.rpartition("@")
    return (name, arch) if sep and name else (target, default_arch)


def _slug(target: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "_", target.replace(".py:", ":")).strip("_")


def _folders(targets: list[tuple[str, str]]) -> list[str] | str:
    """One folder name per (target, arch): the target's slug, with the arch where two targets share a slug;
    or why they cannot have one each (a target named twice)."""
    slugs = [_slug(target) for target, _ in targets]
    names = [f"{slug}_{arch}" if slugs.count(slug) > 1 else slug for slug, (_, arch) in zip(slugs, targets)]
    for i, name in enumerate(names):
        if name in names[:i]:
            target, arch = targets[i]
            return f"{target}@{arch} is named twice; name each target once"
    return names


def _render(args) -> int:
    targets = [_split(t, args.arch) for t in args.targets]
    for target, arch in targets:
        try:
            known_arch(arch)
        except argparse.ArgumentTypeError as exc:
            print(f"cute-inspect: {target}@{arch}: {exc}", file=sys.stderr)
            return EXIT_BAD_INPUT
    folders = _folders(targets)
    if isinstance(folders, str):
        print(f"cute-inspect: {folders}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if bad_output("--out", args.out, directory=True):
        return EXIT_BAD_INPUT
    os.makedirs(args.out, exist_ok=True)
    if len(targets) == 1:
        return _render_one(*targets[0], args.out)
    worst, done, said = EXIT_OK, [], set()
    for (target, arch), folder in zip(targets, folders):
        out = os.path.join(args.out, folder)
        # one process per target: CuTeDSL reads CUTE_DSL_ARCH once, at import
        child = subprocess.run([sys.executable, "-m", "cute_inspect", "render", target, "--arch", arch,
                                "--out", out], stderr=subprocess.PIPE, text=True)
        for line in child.stderr.splitlines():  # a note every target shares (no `dot`) is said once
            if line not in said:
                said.add(line)
                print(line, file=sys.stderr)
        worst = max(worst, child.returncode)
        done.append((target, arch, out, child.returncode))
    _write_index(args.out, done)
    print(f"wrote {os.path.join(args.out, 'index.html')}")
    return worst


#: What `render` writes into --out; a file of these names that this run did not write is an earlier render's.
_OWN_FILES = re.compile(r"(?:graph\.dot|graph\.svg|report\.html|index\.html|tensors/r\d{3}-\d+_\w*\.svg)")


def _remove_stale(out: str, written: set[str]) -> None:
    """Remove what an earlier render left in `out` (another kernel's tensors, a graph not drawn this time)."""
    candidates = [os.path.join(out, name) for name in ("graph.dot", "graph.svg", "report.html", "index.html")]
    tensors = os.path.join(out, "tensors")
    if os.path.isdir(tensors):
        candidates += [os.path.join(tensors, name) for name in os.listdir(tensors)]
    for path in candidates:
        name = os.path.relpath(path, out).replace(os.sep, "/")
        if path not in written and _OWN_FILES.fullmatch(name) and os.path.isfile(path) and not os.path.islink(path):
            os.unlink(path)


def _remove_stale_folders(out: str, kept: set[str]) -> None:
    """Remove the folders an earlier render of other targets left in `out`: those holding only render's files."""
    for name in sorted(set(os.listdir(out)) - kept):
        folder = os.path.join(out, name)
        if not os.path.isdir(folder) or os.path.islink(folder):
            continue
        files = [os.path.relpath(os.path.join(d, f), folder).replace(os.sep, "/")
                 for d, _, fs in os.walk(folder) for f in fs]
        if files and "report.html" in files and all(_OWN_FILES.fullmatch(f) for f in files):
            _remove_stale(folder, set())
            for leftover in (os.path.join(folder, "tensors"), folder):
                if os.path.isdir(leftover) and not os.listdir(leftover):
                    os.rmdir(leftover)


def _render_one(target: str, arch: str, out: str) -> int:
    from cute_inspect.render import graph, hierarchy
    from cute_inspect.render.html import build_report

    trace, _contracts, code = run_target(target, arch)
    if trace is None:
        return code
    written: set[str] = set()

    def write(name: str, text: str) -> None:
        path = os.path.join(out, name)
        write_file(path, text)
        written.add(path)

    write("graph.dot", graph.to_dot(trace))
    os.makedirs(os.path.join(out, "tensors"), exist_ok=True)
    for r in trace.records:
        for i in range(len(r.shapes)):
            name = _slug(r.names[i] or r.op)
            write(os.path.join("tensors", f"r{r.index:03d}-{i}_{name}.svg"), hierarchy.hierarchy_svg(r, i))
    problems: list = []
    write("report.html", build_report(trace, problems=problems))
    code = EXIT_OK
    try:
        svg = graph.to_svg(trace)
    except graph.MissingDotError as exc:  # the report lays the graph out in the browser
        print(f"cute-inspect: note: {exc} to write graph.svg; report.html lays its graph out in the browser",
              file=sys.stderr)
        svg = None
    except graph.GraphError as exc:
        print(f"cute-inspect: {exc}; report.html has no graph and graph.svg is not written", file=sys.stderr)
        code = EXIT_BAD_INPUT
        svg = None
    if svg is not None:
        write("graph.svg", svg)
    _remove_stale(out, written)
    for error in trace.errors:
        print(f"cute-inspect: note: could not observe {error}", file=sys.stderr)
    print(f"wrote {out}/: report.html, graph.dot{', graph.svg' if svg is not None else ''}, "
          f"tensors/*.svg ({len(trace.records)} records)")
    return code


def _write_index(out: str, done: list) -> None:
    from html import escape

    rows = []
    for target, arch, path, code in done:
        report = os.path.join(path, "report.html")
        name = (f'<a href="{escape(os.path.relpath(report, out))}">{escape(target)}</a>' if os.path.exists(report)
                else escape(target))
        failed = "" if code == EXIT_OK else f" <strong>failed (exit {code})</strong>"
        rows.append(f"<li>{name} ({escape(arch)}){failed}</li>")
    rows = "".join(rows)
    _remove_stale_folders(out, {os.path.basename(path) for _, _, path, _ in done})
    index = os.path.join(out, "index.html")
    write_file(index, '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>cute-inspect reports</title>'
               f"</head><body><h1>cute-inspect reports</h1><ul>{rows}</ul></body></html>")
    _remove_stale(out, {index})  # what a one-target render left at the top
