"""CI2xx: the shape comments a kernel already carries, checked against the traced shapes and level labels.

Every traced assignment with a shape comment (see `_find`) is compared mode by mode with the traced shape.
Symbols that name a mode of one axis (``MMA_M``, ``RestK``, ``bN``, ``EPI_M``, ``CPY_K``) are bound once per
kernel; other symbols (``MMA``, ``STAGE``, ``atom_v``, ``k``) once per comment, since ``MMA`` is a different
atom for A, B and C. A mode whose traced label is ``input`` or ``?`` (made by untraced code) is never judged
by its level. Each finding points at the comment and shows the traced shape with its level labels.

CI201 comment-modes
## What it does
Reports a shape comment whose number of modes, or nesting, differs from the traced shape.
## Why is this bad?
A reader counts modes to index a tensor (``tCgA[None, None, None, k]``); a comment with a mode too few sends
them to the wrong one.
## Example
```python
# (MMA, MMA_M, MMA_K)          traced: ((128,16),1,4,8) -- RestK is missing
tCgA = thr_mma.partition_A(gA)
```
Use instead: ``# (MMA, MMA_M, MMA_K, RestK)``.

CI202 comment-literal
## What it does
Reports a number in a shape comment that differs from the traced extent (from its size, for a nested mode;
a run-time extent is not judged), and a ``?`` on a mode the trace shows static.
## Why is this bad?
Literal extents are the ones readers trust most, and they go stale first when a tile size changes.
## Example
```python
# (bM, 32, RestK)              traced: (128,64,16)
gA = cute.local_tile(mA, (128, 64), (bidx, None))
```
Use instead: ``# (bM, bK, RestK)`` (or ``64``).

CI203 comment-symbol-extent
## What it does
Reports a symbol that names modes of different extent: within one comment, or, for a symbol of one axis
(``RestM``, ``MMA_K``, ``bN``, ``EPI_M``), anywhere in the kernel among tensors of one unit (a scale-factor
tensor's ``MMA_K``, in ``sSFA`` or ``tCtSFB``, counts scale factors and is compared only with other
scale-factor tensors).
## Why is this bad?
``RestM`` in two comments promises the same extent; code written against one comment breaks on the other.
## Example
```python
# (bM, bK, RestM, RestK)       traced: (128,64,8,16)
gA = cute.local_tile(mA, tiler_mk, (None, None))
# (bN, bK, RestM, RestK)       traced: (256,64,4,16) -- should be RestN
gB = cute.local_tile(mB, tiler_nk, (None, None))
```

CI204 comment-symbol-modes
## What it does
Reports one symbol used for two modes the trace labels differently (different level, role or axis), even
when their extents happen to agree.
## Why is this bad?
``(MMA, MMA_M, MMA_M)`` hides that the last mode iterates K; it reads right only while both are 4.
## Example
```python
# (MMA, MMA_M, MMA_M)          traced: ((128,16) mma-atom, 4 mma-rest-M, 4 mma-rest-K)
tCsA = thr_mma.partition_A(sA)
```
Use instead: ``# (MMA, MMA_M, MMA_K)``.

CI205 comment-level
## What it does
Reports a level name on a mode the trace labels otherwise: ``MMA*`` on a mode not made by an MMA
partition, ``EPI_*`` off the epilogue, ``RestK``/``bK`` off a block tile (or of another axis), ``STAGE`` on a
non-stage mode, a copy name (``CPY``, ``T2R``, ``R2S``...) on a mode no copy made; ``MMA``/``CPY``/``T2R``
alone name an atom, with an axis a rest.
## Why is this bad?
The level says which loop walks the mode; a mislabelled mode is walked by the wrong loop.
## Example
```python
# (MMA, MMA_N, MMA_K, RestM, RestK, RestL)   traced: ... 4 block-rest-N ... -- copied from A's comment
tCgB = thr_mma.partition_B(gB_nkl)
```
Use instead: ``# (MMA, MMA_N, MMA_K, RestN, RestK, RestL)``.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field

from cute_inspect.check._find import (
    ShapeComment,
    comment_for_output,
    comments_for,
    named_comment_before,
)
from cute_inspect.check.spec import AnyMode, Dynamic, Fixed, Group, Named, Variadic
from cute_inspect.findings import Finding
from cute_inspect.trace import levels as _levels
from cute_inspect.trace.shape import DYNAMIC, format_shape
from cute_inspect.trace.source import relative, statement_at

CODES = {
    "CI201": "The shape comment has a different number of modes, or nesting, than the traced shape",
    "CI202": "A number in the shape comment differs from the traced extent",
    "CI203": "A symbol in shape comments names modes of different extent",
    "CI204": "One symbol in shape comments names two differently labelled modes",
    "CI205": "A level name in the shape comment is on a mode the trace labels otherwise",
}

_KNOWN_LEVELS = ("block", "mma", "epi", "copy", "store", "stage")
_AXIS_SYMBOL = re.compile(r"^(?:[A-Za-z0-9]+_|Rest|b)?([MNKL])$")
_COPY_NAME = re.compile(r"^(?:[TRSG]2[TRSG]|[TRSG]{2}|CPY|COPY)(?:_|$)")
# A thread partition's rests: a copy tiled from the MMA (make_tiled_copy_A/B/C, retile) walks the MMA's rests,
# so a comment may name them after either.
_THREAD_LEVELS = ("mma", "copy", "store")


@dataclass(frozen=True)
class _Expect:
    """What a symbol's name says about its mode: levels it may be at, the role and the axis it names."""

    levels: tuple
    role: str | None
    axis: str | None
    what: str


def _expectation(name: str) -> _Expect | None:
    """The level a conventional symbol names; None for symbols that name no level (``atom_v``, ``k``)."""
    axis_m = _AXIS_SYMBOL.match(name)
    axis = axis_m.group(1) if axis_m else None
    upper = name.upper()
    if upper.endswith("STAGE") or upper in ("PIPE", "STAGES"):  # `EPI_STAGE` too: a stage of the epilogue
        return _Expect(("stage",), None, None, "a pipeline stage")
    if upper.startswith("MMA"):
        return _Expect(("mma",), "atom" if upper == "MMA" else "rest" if axis else None, axis, "an MMA mode")
    if upper.startswith("EPI"):
        return _Expect(("epi",), None, axis, "an epilogue mode")
    if re.fullmatch(r"Rest[MNKL]", name):
        return _Expect(("block",), "rest", axis, "a block rest")
    if re.fullmatch(r"b[MNK]|BLK_[MNK]", name):
        return _Expect(("block",), "atom", axis, "a block tile mode")
    if _COPY_NAME.match(upper):
        # a copy's M and N name its tiler's first and second modes, not the tensor's axes (S2R_M on B's N)
        role = "atom" if "_" not in upper else "rest" if axis else None
        return _Expect(("copy", "store"), role, None, "a copy mode")
    return None


def _is_kernel_wide(name: str) -> bool:
    """Axis symbols hold kernel-wide, except a copy's: each tiled copy has its own ``S2R_M``."""
    return bool(_AXIS_SYMBOL.match(name)) and not _COPY_NAME.match(name.upper())


@dataclass
class _Binding:
    extent: object
    label: _levels.ModeLabel | None
    line: int
    tensor: str


@dataclass
class CommentReport:
    """The findings, the (path, comment line, tensor) pairs compared, and how many of them disagreed."""

    findings: list[Finding] = field(default_factory=list)
    compared: list = field(default_factory=list)
    disagreeing: int = 0

    @property
    def checked(self) -> int:
        return len(self.compared)


def _describe(extent) -> str:
    return "a run-time extent" if extent is DYNAMIC else format_shape(extent)


def _modes(n: int) -> str:
    return f"{n} mode{'s' * (n != 1)}"


def _mode(path: tuple) -> str:
    return "mode " + ".".join(str(i) for i in path) if path else "the shape"


def _known(label) -> bool:
    return isinstance(label, _levels.ModeLabel) and label.level in _KNOWN_LEVELS


def _align(node, shape, path=()):
    """Yield ('leaf', path, node, extent) per spec leaf, or ('modes', path, node, extent) where nesting differs."""
    if isinstance(node, Group):
        if not isinstance(shape, tuple) and len(node.items) == 1:
            yield from _align(node.items[0], shape, path)  # CuTe writes a rank-1 shape without parentheses
            return
        if not isinstance(shape, tuple):
            yield "modes", path, node, shape
            return
        items = node.items
        var_at = next((i for i, it in enumerate(items) if isinstance(it, Variadic)), None)
        if var_at is None:
            if len(items) != len(shape):
                yield "modes", path, node, shape
                return
            pairs = list(enumerate(items))
        else:
            head, tail = items[:var_at], items[var_at + 1:]
            if len(shape) < len(head) + len(tail):
                yield "modes", path, node, shape
                return
            start = len(shape) - len(tail)
            pairs = list(enumerate(head)) + [(start + j, it) for j, it in enumerate(tail)]
        for i, it in pairs:
            yield from _align(it, shape[i], path + (i,))
    else:
        yield "leaf", path, node, shape


class _Checker:
    def __init__(self, records):
        self.records = records
        self.disagreeing_pairs: set = set()
        self.report = CommentReport()
        self.kernel_scopes: dict = {}
        self.seen_findings: set = set()
        self.seen_pairs: set = set()

    def finding(self, record, comment: ShapeComment, code: str, text: str, pair_key) -> None:
        # one finding per comment, code and tensor: a helper called twice (for C and D) traces the line twice
        key = (record.file, comment.line, code, pair_key[2])
        if key in self.seen_findings:
            return
        self.seen_findings.add(key)
        self.report.findings.append(Finding(relative(record.file), comment.line, comment.col, code, text))
        self.disagreeing_pairs.add(pair_key)

    def divided_epilogue(self, expect: _Expect, label) -> bool:
        """An EPI name on a mode a divide made: the trace labels a divide of a tensor it does not know to be an
        output (``sDeltaA``, ``gY``) as block level; the author knows better."""
        if expect.levels != ("epi",) or label.level != "block" or label.origin is None:
            return False
        return 0 <= label.origin < len(self.records) and self.records[label.origin].op.endswith("_divide")

    def check(self, record, index: int, comment: ShapeComment) -> None:
        name = record.names[index]
        shape, tree = record.shapes[index], record.levels[index]
        pair_key = (record.file, comment.line, name)
        if pair_key not in self.seen_pairs:
            self.seen_pairs.add(pair_key)
            self.report.compared.append((relative(record.file), comment.line, name))
        traced = record.labelled_shape(index)
        where = f"`{name}` (comment `{comment.text}`)"
        kernel_scope = self.kernel_scopes.setdefault(record.kernel, {})
        local: dict = {}
        for kind, path, node, extent in _align(comment.spec, shape):
            if kind == "modes":
                found = _modes(len(extent)) if isinstance(extent, tuple) else f"the single mode {_describe(extent)}"
                fixed = [i for i in node.items if not isinstance(i, Variadic)]
                wanted = f"{'at least ' if len(fixed) < len(node.items) else ''}{_modes(len(fixed))}"
                self.finding(record, comment, "CI201",
                             f"{where}: {_mode(path)} has {wanted} in the comment but {found} in the trace; "
                             f"traced: {traced}", pair_key)
                continue
            label = _levels.label_at(tree, path)
            label_text = f" [{label}]" if _known(label) else ""
            if isinstance(node, Fixed):
                if not _same_extent(extent, node.value):
                    self.finding(record, comment, "CI202",
                                 f"{where}: {_mode(path)} is {_describe(extent)}{label_text}, not {node.value}; "
                                 f"traced: {traced}", pair_key)
            elif isinstance(node, Dynamic):
                if extent is not DYNAMIC:
                    self.finding(record, comment, "CI202",
                                 f"{where}: {_mode(path)} is the static {_describe(extent)}{label_text}, not a "
                                 f"run-time extent `?`; traced: {traced}", pair_key)
            elif isinstance(node, Named):
                self.named(record, comment, where, traced, node.name, path, extent, label, tree, local,
                           kernel_scope, pair_key, name)
            elif not isinstance(node, (AnyMode, Variadic)):
                raise TypeError(f"not a spec node: {node!r}")

    def named(self, record, comment, where, traced, symbol, path, extent, label, tree, local, kernel_scope,
              pair_key, tensor) -> None:
        expect = _expectation(symbol)
        if expect is not None and _known(label) and self.divided_epilogue(expect, label):
            label = _levels.ModeLabel("epi", label.role, label.axis, label.origin)
        if expect is not None and _known(label) and _contradicts(expect, label, _inside_atom(tree, path)):
            self.finding(record, comment, "CI205",
                         f"{where}: `{symbol}` names {expect.what}"
                         f"{' of axis ' + expect.axis if expect.axis else ''}, but {_mode(path)} is "
                         f"{label} ({_describe(extent)}); traced: {traced}", pair_key)
            return
        scope = kernel_scope if _is_kernel_wide(symbol) else local
        # kernel-wide symbols hold within one unit: a scale-factor tensor's MMA_K counts scale factors
        # and within one MMA: attention's MMA_K is the head dim for S = Q K^T, the key sequence for O = P V
        key = (symbol, _unit(tensor), getattr(label, "mma", None)) if scope is kernel_scope else symbol
        bound = scope.get(key) if scope is kernel_scope else local.get(symbol)
        here = _Binding(extent, label if _known(label) else None, comment.line, tensor)
        if bound is None:
            scope[key] = here
            if scope is kernel_scope:
                local[symbol] = here
            return
        same_comment = bound.line == comment.line and bound.tensor == tensor
        at = "earlier in this comment" if same_comment else f"at line {bound.line} (`{bound.tensor}`)"
        if not _same_extent(bound.extent, extent):
            self.finding(record, comment, "CI203",
                         f"{where}: `{symbol}` is {_describe(extent)} at {_mode(path)}"
                         f"{' [' + str(label) + ']' if _known(label) else ''}, but "
                         f"{_describe(bound.extent)} {at}; traced: {traced}", pair_key)
            return
        if bound.label is not None and here.label is not None and _different(bound.label, here.label):
            self.finding(record, comment, "CI204",
                         f"{where}: `{symbol}` names {_a(here.label)} mode ({_mode(path)}) and {_a(bound.label)} "
                         f"mode {at}; give them different names; traced: {traced}", pair_key)


def _unit(tensor: str | None) -> str:
    """What a tensor's extents count: scale factors (``sSFA``, ``tCtSFB``: one per vector of elements) or
    elements."""
    what = _levels.tensor_of(tensor) or ""
    return "scale factors" if what.startswith("SF") else "elements"


def _a(label) -> str:
    text = str(label)
    return ("an " if text[0] in "aeiou" else "a ") + text


def _size(extent):
    if isinstance(extent, tuple):
        total = 1
        for e in extent:
            s = _size(e)
            if s is DYNAMIC:
                return DYNAMIC
            total *= s
        return total
    return extent


def _same_extent(a, b) -> bool:
    """Extents agree when equal or of equal size: a comment's ``bM`` may name the mode ``(8,16)``."""
    if a == b:
        return True
    sa, sb = _size(a), _size(b)
    return DYNAMIC in (sa, sb) or sa == sb


def _inside_atom(tree, path) -> bool:
    """Whether `path` is a sub-mode of a mode one label covers (``MMA_M`` in ``((MMA_M, MMA_K), ...)``)."""
    depth = 0
    node = tree
    for i in path:
        if isinstance(node, _levels.ModeLabel) or not isinstance(node, tuple) or i >= len(node):
            break
        node = node[i]
        depth += 1
    return depth < len(path)


def _contradicts(expect: _Expect, label, inside_atom: bool) -> bool:
    # an SMEM buffer's tile is the CTA tile however the trace levels it (MMA tiles, the staged epilogue tile)
    smem_tile = expect.levels == ("block",) and expect.role == "atom" and label.rule.startswith("smem_buffer")
    if label.level not in expect.levels and not smem_tile and not (
        label.role == "rest" and label.level in _THREAD_LEVELS and set(expect.levels) & set(_THREAD_LEVELS)
    ):
        return True
    if expect.role and not inside_atom and label.role not in (expect.role, "tma") and label.level != "stage":
        return True
    return bool(expect.axis and label.axis and not _same_axis(expect.axis, label))


def _same_axis(letter: str, label) -> bool:
    """An axis letter agrees with a label's axis when equal, or when the label is attention's (Q or D, or any axis
    of a kernel with several MMAs, where K is the key sequence): attention kernels' comments name the MMA's modes
    in GEMM letters (`MMA_M` for the query rows, `MMA_N` for the keys), so those never contradict one."""
    return letter == label.axis or label.axis in _levels.ATTENTION_AXES or label.mma is not None


def _different(a: _levels.ModeLabel, b: _levels.ModeLabel) -> bool:
    thread_rests = a.role == b.role == "rest" and {a.level, b.level} <= set(_THREAD_LEVELS)
    # a CTA tile: the global tile's block atom and an SMEM buffer's tile (MMA or epilogue level) are one extent
    cta_tile = a.role == b.role == "atom" and "block" in (a.level, b.level) and any(
        x.rule.startswith("smem_buffer") for x in (a, b))
    if (a.level != b.level and not thread_rests and not cta_tile) or a.role != b.role:
        return True
    return bool(a.axis and b.axis and not (_same_axis(a.axis, b) or _same_axis(b.axis, a)))


def _assigns(stmt, name: str) -> bool:
    if isinstance(stmt, ast.Assign):
        targets = stmt.targets
    elif isinstance(stmt, ast.AnnAssign):
        targets = [stmt.target]
    else:
        return False
    for target in targets:
        for node in ast.walk(target):
            if isinstance(node, ast.Name) and node.id == name:
                return True
    return False


def check_comments(trace, include_library: bool = False) -> list[Finding]:
    """CI2xx findings for every traced assignment whose shape comment disagrees with the trace.

    `trace` is a `cute_inspect.Trace` or its list of `Record`s (``cute-inspect lint --trace`` passes those).

    >>> import cute_inspect                                              # doctest: +SKIP
    >>> t = cute_inspect.trace_target("examples/cutlass_blackwell_persistent.py:compile_1cta")  # doctest: +SKIP
    >>> for f in check_comments(t): print(f"{f.path}:{f.line}:{f.column}: {f.code} {f.message}")  # doctest: +SKIP
    """
    return comment_report(trace, include_library).findings


def comment_report(trace, include_library: bool = False) -> CommentReport:
    """Like `check_comments`, with the comments compared and the number of those that disagree."""
    records = list(trace)
    checker = _Checker(records)
    for record in records:
        if record.op == "input" or (record.library and not include_library):
            continue
        stmt = None
        for index, name in enumerate(record.names):
            if name is None or record.shapes[index] is None:
                continue
            stmt = stmt or statement_at(record.file, record.line)
            if stmt is None or not _assigns(stmt, name):
                continue
            comment = (comment_for_output(comments_for(record.file, stmt), record.names, index)
                       or named_comment_before(record.file, stmt, name))
            if comment is not None:
                checker.check(record, index, comment)
    checker.report.disagreeing = len(checker.disagreeing_pairs)
    checker.report.findings.sort()
    return checker.report
