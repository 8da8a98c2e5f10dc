"""Find the shape comment of an assignment: the comment lines directly above it, or the comment trailing it.

Forms read (the ones CUTLASS's CuTeDSL examples use)::

    # (MMA, MMA_M, MMA_K, STAGE)                 above the statement, one line per output
    tAsA, tAgA = cpasync.tma_partition(...)      with ``# ((atom_v, rest_v), STAGE)`` and ``# ((atom_v, ...)...)``
    tCsA = thr_mma.partition_A(sA)  # (MMA, MMA_M, MMA_K)
    # tAgA: (CPY, CPY_M, CPY_K, k)               a ``name:`` prefix says which output it describes
    # the copy's view, tAgA: (CPY, CPY_M, CPY_K)  the prefix may follow a few words
    # tAcA: (CPY, CPY_M, CPY_K) => (blk_m, blk_k)  what the elements hold, after ``=>``, is not a mode

Comments are read with `tokenize`, so a ``#`` inside a string is never taken for one. A mode written as an
expression (``MMA_M / 4``, ``bM*bK``) is read as ``_``: it is not checked, but the modes around it are.
"""

from __future__ import annotations

import ast
import functools
import io
import linecache
import re
import tokenize
from dataclasses import dataclass

from cute_inspect.check.spec import Group, Node, SpecError, parse_spec


@dataclass(frozen=True)
class ShapeComment:
    """One shape comment: where it is, the name it is prefixed with (if any), its text and its parsed spec."""

    line: int
    col: int
    prefix: str | None
    text: str
    spec: Node
    trailing: bool


_PREFIX = re.compile(r"^\s*([A-Za-z_]\w*)\s*:\s*(?=\()")
_EXPRESSION = re.compile(r"[A-Za-z_0-9?]+(?:\s*[*/+\-]\s*[A-Za-z_0-9?]+)+|[A-Za-z_]\w*\s*\([^()]*\)")
_FOLLOWING_OK = re.compile(r"^\s*(?:$|[,;#]|<-|->|-\s|\s\s)")
_NEXT = re.compile(r"^\s*[,;]\s*(?=[A-Za-z_]\w*\s*:\s*\()")
_ARROW = re.compile(r"^\s*=+>\s*")
# `name: (...)` after a few words of prose: "# partitioned for the MMA, tCsA: (MMA, MMA_M, MMA_K)"
_PROSE_PREFIX = re.compile(r"^[^()#:]*?\b([A-Za-z_]\w*)\s*:\s*(?=\()")


def _balanced(text: str) -> int | None:
    """The end of the parenthesised group `text` starts with, or None when it never closes."""
    depth = 0
    for i, ch in enumerate(text):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                return i + 1
    return None


def parse_comment(body: str) -> list[tuple[str | None, str, Node]]:
    """[(prefix, spec text, spec)] of a comment's text after ``#``; empty when it is not a shape comment.

    >>> [p[:2] for p in parse_comment(" tAgA: (CPY, CPY_M, CPY_K, k)")]
    [('tAgA', '(CPY, CPY_M, CPY_K, k)')]
    >>> [p[0] for p in parse_comment(" gA: (BLK_M, BLK_K, k), gB: (BLK_N, BLK_K, k)")]
    ['gA', 'gB']
    >>> str(parse_comment(" (MMA, (4, MMA_M / 4), MMA_K)")[0][2])
    '(MMA, (4, _), MMA_K)'
    >>> parse_comment(" Peek (try_wait) AB buffer")
    []
    >>> parse_comment(" (granularity_m, repeat_m), (granularity_k, repeat_k), num_scale_stage)")
    []
    >>> [p[:2] for p in parse_comment(" tAcA:  (CPY, CPY_M, CPY_K) => (blk_m, blk_k)")]
    [('tAcA', '(CPY, CPY_M, CPY_K)')]
    >>> [p[:2] for p in parse_comment(" partitioned for the MMA, tCsA: (MMA, MMA_M, MMA_K)")]
    [('tCsA', '(MMA, MMA_M, MMA_K)')]
    """
    found = []
    while True:
        prefix = None
        m = _PREFIX.match(body) or (_PROSE_PREFIX.match(body) if not found else None)
        if m:
            prefix, body = m.group(1), body[m.end():]
        body = body.strip()
        end = _balanced(body) if body.startswith("(") else None
        if end is None:
            return []
        text, body = body[:end], body[end:]
        arrow = _ARROW.match(body)
        if arrow:  # `(CPY, CPY_M, CPY_K) => (blk_m, blk_k)`: the shape, then what its elements hold
            rest = body[arrow.end():]
            held = _balanced(rest) if rest.startswith("(") else None
            if held is None:
                return []
            body = rest[held:]
        if not _FOLLOWING_OK.match(body):
            return []
        try:
            spec = parse_spec(_EXPRESSION.sub("_", text))
        except SpecError:
            return []
        if not isinstance(spec, Group) or (len(spec.items) < 2 and prefix is None and body.strip()):
            return []
        found.append((prefix, text, spec))
        nxt = _NEXT.match(body)
        if nxt is None:
            # more parentheses after the spec: a sentence, or a tuple whose opening '(' is missing
            return [] if "(" in body or ")" in body else found
        body = body[nxt.end():]


@functools.lru_cache(maxsize=256)
def _comments(filename: str) -> dict:
    """line -> (col, text after '#', whether code precedes it on that line)."""
    source = "".join(linecache.getlines(filename))
    found = {}
    try:
        for tok in tokenize.generate_tokens(io.StringIO(source).readline):
            if tok.type == tokenize.COMMENT:
                line, col = tok.start
                code_before = bool(tok.line[:col].strip())
                found[line] = (col, tok.string[1:], code_before)
    except (tokenize.TokenError, SyntaxError):
        pass
    return found


def comments_for(filename: str, stmt: ast.stmt) -> list[ShapeComment]:
    """The shape comments of a statement: the block of comment lines directly above it, then trailing ones."""
    comments = _comments(filename)
    found: list[ShapeComment] = []
    line = stmt.lineno - 1
    while line in comments and not comments[line][2]:
        line -= 1
    for above in range(line + 1, stmt.lineno):
        col, body, _ = comments[above]
        for prefix, text, spec in parse_comment(body):
            found.append(ShapeComment(above, col + 1, prefix, text, spec, False))
    for on in range(stmt.lineno, (stmt.end_lineno or stmt.lineno) + 1):
        if on in comments and comments[on][2]:
            col, body, _ = comments[on]
            for prefix, text, spec in parse_comment(body):
                found.append(ShapeComment(on, col + 1, prefix, text, spec, True))
    return found


_LOOKBACK = 12


def named_comment_before(filename: str, stmt: ast.stmt, name: str) -> ShapeComment | None:
    """A ``name: (...)`` comment for `name` a few lines above `stmt`: one banner line may describe
    several tensors assigned below it (``# gA: (BLK_M, BLK_K, k), gB: (BLK_N, BLK_K, k)``)."""
    comments = _comments(filename)
    for line in range(stmt.lineno - 1, max(0, stmt.lineno - _LOOKBACK), -1):
        if line in comments and not comments[line][2]:
            col, body, _ = comments[line]
            for prefix, text, spec in parse_comment(body):
                if prefix == name:
                    return ShapeComment(line, col + 1, prefix, text, spec, False)
    return None


def _names_a_tensor(prefix: str | None) -> bool:
    from cute_inspect.trace.levels import tensor_of

    return prefix is not None and tensor_of(prefix) is not None


def comment_for_output(comments: list[ShapeComment], names: tuple, index: int) -> ShapeComment | None:
    """The comment describing output `index` of a statement assigning `names`.

    A ``name:`` prefix naming an output decides; otherwise a trailing comment describes a single output, and
    the unprefixed (or otherwise prefixed, ``smem:``) lines above map to the outputs in order when there are
    as many of them as outputs, or the nearest one describes a single output.
    """
    name = names[index]
    for c in comments:
        if c.prefix is not None and c.prefix == name:
            return c
    # a prefix that names another tensor (`cA:` above `mcA = ...`) describes that tensor, not this statement
    free = [c for c in comments if c.prefix not in names and not _names_a_tensor(c.prefix)]
    trailing = [c for c in free if c.trailing]
    above = [c for c in free if not c.trailing]
    if len(names) == 1:
        if trailing:
            return trailing[0]
        return above[-1] if above else None
    if len(above) == len(names):
        return above[index]
    return None
