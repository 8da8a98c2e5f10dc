"""Which traced tensor a name at a position means, and how hover and inlay hints show it.

A name assigned on the hovered statement gets that statement's record; a name used elsewhere gets the nearest
assignment above it in the same function (a name assigned several times gets the one that reaches the use).
Records come from the worker's JSON (`cute_inspect.lsp.worker`).
"""

from __future__ import annotations

import ast
from pathlib import Path


def _spans(source: str) -> tuple[list, list]:
    """(statement spans, function spans) of `source` as (first line, last line); empty when it does not parse."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return [], []
    statements, functions = [], []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            functions.append((node.lineno, node.end_lineno))
        if isinstance(node, ast.stmt) and not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef,
                                                                   ast.If, ast.For, ast.While, ast.With, ast.Try)):
            statements.append((node.lineno, node.end_lineno))
    return statements, functions


def _innermost(spans: list, line: int) -> tuple:
    around = [s for s in spans if s[0] <= line <= s[1]]
    return min(around, key=lambda s: s[1] - s[0]) if around else (line, line)


def assignment(tensors: list, path: Path, name: str, line: int, source: str) -> list:
    """The records (one per traced copy of the statement) that assigned `name` as seen from `line` of `path`."""
    mine = [t for t in tensors if t["name"] == name and Path(t["file"]) == path]
    if not mine:
        return []
    statements, functions = _spans(source)
    first, last = _innermost(statements, line)
    here = [t for t in mine if first <= t["line"] <= last]
    if here:
        return here
    start, end = _innermost(functions, line) if functions else (1, line)
    inside = [t for t in mine if start <= t["line"] <= end]
    above = [t for t in (inside or mine) if t["line"] < line]
    if above:
        nearest = max(t["line"] for t in above)
        return [t for t in above if t["line"] == nearest]
    earliest = min(t["line"] for t in (inside or mine))  # assigned further down a loop body
    return [t for t in (inside or mine) if t["line"] == earliest]


def distinct(tensors: list) -> list:
    """(tensor, count) per different traced shape: an unrolled loop traces one statement many times alike."""
    seen: dict = {}
    for t in tensors:
        key = (t["op"], t["shape"], t["modes"], t["labelled"], t["memspace"], t["dtype"], t["layout"], t["kernel"])
        if key in seen:
            seen[key][1] += 1
        else:
            seen[key] = [t, 1]
    return [tuple(v) for v in seen.values()]


def hover_markdown(tensor: dict, count: int = 1) -> str:
    """One tensor as hover text: shape and mode names as the text trace prints them, then levels and derivation."""
    facts = " · ".join(filter(None, [f"`{tensor['op']}`", tensor["memspace"], tensor["dtype"], tensor["swizzle"]]))
    repeated = f" · traced {count}×" if count > 1 else ""
    chain = " ".join(f"`{name}` {shape} −{op}→" for name, shape, op in tensor["made_from"])
    lines = [
        f"**`{tensor['name'] or '(' + tensor['op'] + ')'}`** {facts}{repeated}",
        "",
        "```text",
        tensor["shape"],
        tensor["modes"],
        "```",
        f"- by level: `{tensor['labelled']}`",
        f"- read inside-out: `{tensor['reading']}`",
    ]
    if tensor["layout"]:
        lines.append(f"- layout: `{tensor['layout']}`")
    if chain:
        lines.append(f"- made from: {chain} `{tensor['name']}`")
    if tensor["derivation"]:
        lines.append(f"- the call: {tensor['derivation']}")
    if tensor.get("chain"):
        calls = " → ".join(f"`{Path(f).name}:{line}` `{fn}`" for f, line, fn in tensor["chain"])
        lines.append(f"- made in a helper, called from: {calls}")
    return "\n".join(lines)


def copies_at(copies: list, path: Path, line: int, source: str) -> list:
    """The traced copies (and MMAs) of the statement at `line` of `path`."""
    statements, _ = _spans(source)
    first, last = _innermost(statements, line)
    return [c for c in copies if Path(c["file"]) == path and first <= c["line"] <= last]


def copy_markdown(copy: dict) -> str:
    """A copy's memory traffic as hover text: bank conflicts of its shared side, coalescing of its global side."""
    flow = " -> ".join(f"`{n}`" for n in copy["operands"]) if copy["operands"] else f"`{copy['op']}`"
    lines = [f"**{copy['op']}** {flow}: {copy['traffic']}"]
    banks, coal = copy.get("banks"), copy.get("coalescing")
    if banks and banks.get("ways") is not None:
        lines.append(f"- shared memory ({banks['side']}, {banks['width_bytes']}-byte accesses): "
                     f"{banks['wavefronts_per_instr']:g} wavefronts per warp instruction, ideal "
                     f"{banks['ideal_wavefronts_per_instr']:g}, {banks['ways']:g}-way")
    elif banks:
        lines.append(f"- shared memory: {banks['reason']}")
    if coal:
        lines.append(f"- global memory ({coal['side']}, {coal['width_bytes']}-byte accesses): "
                     f"{coal['sectors_per_request']:g} sectors per request, ideal {coal['ideal_sectors_per_request']:g}")
    return "\n".join(lines)


def inlay_labels(tensors: list, path: Path, source: str) -> dict:
    """line -> label at the end of each statement that assigned a traced tensor: ``tCsA: ((64,16),1,4,(1,4))``."""
    statements, _ = _spans(source)
    found: dict = {}
    for tensor in tensors:
        if tensor["name"] and Path(tensor["file"]) == path:
            end = _innermost(statements, tensor["line"])[1]
            found.setdefault(end, {}).setdefault(tensor["name"], tensor["shape"])
    return {line: ", ".join(f"{n}: {s}" for n, s in names.items()) for line, names in found.items()}
