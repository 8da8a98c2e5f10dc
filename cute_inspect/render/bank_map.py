"""Bank maps: which lanes of a copy's first warp instruction hit which of the 32 shared-memory banks.

One table per conflicted copy: a row per phase (the lanes served together: all 32 for 4-byte accesses, 16 for
8-byte, 8 for 16-byte and ldmatrix rows), a column per bank; a cell lists the lanes whose bytes fall in that
bank, highlighted where lanes ask the bank for different words (the conflict)::

    from cute_inspect.render.bank_map import bank_map_section
    html = bank_map_section(trace)      # "" when no copy is conflicted
"""

from __future__ import annotations

from html import escape

from cute_inspect.trace import traffic as _t
from cute_inspect.trace.copy_traffic import collisions, figure, traffic_text
from cute_inspect.trace.source import relative

CSS = """
table.banks{border-collapse:collapse;font-size:11px;margin:.3em 0 1em}
table.banks td,table.banks th{border:1px solid #ccc;padding:1px 3px;text-align:center;min-width:1.6em}
table.banks td.hit{background:#eef4ff}
table.banks td.conflict{background:#ffd6d6;color:#a00;font-weight:bold}
"""


def conflicted(trace) -> list:
    """(record, figure) of the first conflicted copy at each source line."""
    seen, out = set(), []
    for record in trace.records:
        found = figure(record) if record.op == "copy" else None
        if found is None or found[0].conflict_free:
            continue
        key = (record.file, record.line, record.col, found[0].first)
        if key in seen:
            continue
        seen.add(key)
        out.append((record, found[0]))
    return out


def bank_table(fig: _t.BankFigure) -> str:
    """The first instruction's lanes by phase and bank, conflicting lanes highlighted."""
    per_phase = 8 if fig.width >= 16 else max(1, _t.WAVEFRONT_BYTES // max(fig.width, _t.BANK_BYTES))
    colliding = set(fig.colliding_lanes())
    head = "".join(f"<th>{b}</th>" for b in range(_t.BANKS))
    rows = []
    for start in range(0, _t.WARP, per_phase):
        cells: dict = {}
        for lane, address, width in fig.first:
            if start <= lane < start + per_phase:
                for word in range(address // _t.BANK_BYTES, (address + width - 1) // _t.BANK_BYTES + 1):
                    cells.setdefault(word % _t.BANKS, []).append(lane)
        if not cells:
            continue
        tds = []
        for bank in range(_t.BANKS):
            lanes = sorted(set(cells.get(bank, ())))
            cls = "conflict" if lanes and colliding.intersection(lanes) else "hit" if lanes else ""
            tds.append(f'<td class="{cls}">{" ".join(map(str, lanes))}</td>')
        rows.append(f"<tr><th>lanes {start}-{start + per_phase - 1}</th>{''.join(tds)}</tr>")
    return f'<table class="banks"><thead><tr><th>phase \\ bank</th>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'


def bank_map_section(trace) -> str:
    """The report's section of bank maps, one per conflicted copy; empty when there is none."""
    found = conflicted(trace)
    if not found:
        return ""
    parts = [('<section id="banks"><h2>Bank maps</h2><p>Copies whose shared-memory side is bank-conflicted: the '
              "lanes of the first warp instruction by bank (red: lanes asking one bank for different words). "
              "The model: docs/traffic.md.</p>")]
    for record, fig in found:
        src, dst = record.meta.get("_operands", ("src", "dst"))
        parts.append(f"<h3>{escape(relative(record.file))}:{record.line}: copy <code>{escape(src)} -&gt; "
                     f"{escape(dst)}</code>: {escape(traffic_text(record))}, {fig.wavefronts_per_instr:g} wavefronts "
                     f"per instruction, ideal {fig.ideal_wavefronts_per_instr:g}</h3>")
        parts.append(f"<p>{escape('; '.join(collisions(fig)))}</p>")
        parts.append(bank_table(fig))
    parts.append("</section>")
    return "\n".join(parts)
