"""`cute-inspect layout EXPR`: CuTe layout algebra evaluated by CuTeDSL itself, step by step.

An expression is CuTe notation plus calls: ``SHAPE:STRIDE`` literals (``(8,4):(4,1)``; a shape alone is
column-major), tuples, ints, ``None``, and the whitelisted functions in `FUNCTIONS`. It is parsed with `ast`
and only those nodes are accepted: nothing is ever passed to `eval`. Each call runs inside one ``@cute.jit``
function, so results are CuTeDSL's own; `local_tile` is shown the way it is defined (zipped_divide ->
index the rest modes by the coordinate -> unfold the tile modes)::

    from cute_inspect.render.layout_expr import evaluate
    result = evaluate("local_tile((1024,256):(1,1024), (128,64), (0,None))")
    for step in result.steps:
        print(step)      # zipped_divide((1024,256):(1,1024), (128,64)) = ((128,64),(8,4)):((1,1024),(128,65536))
    print(result.text)   # (128,64,4):(1,1024,65536)
"""

from __future__ import annotations

import ast
import inspect
import re
from dataclasses import dataclass, field
from html import escape

from cute_inspect.trace.shape import leaves, size


class LayoutExprError(ValueError):
    """An expression that cannot be read, uses a name outside the whitelist, or that CuTeDSL rejects."""


#: name -> (signature shown in help, what it computes)
FUNCTIONS = {
    "layout": ("layout(shape, stride=None)", "a layout (what SHAPE:STRIDE writes)"),
    "composition": ("composition(a, b)", "a o b: b's indices fed to a"),
    "complement": ("complement(a, cotarget=cosize(a))", "the layout filling the indices a leaves out"),
    "right_inverse": ("right_inverse(a)", "r with a(r(i)) == i"),
    "left_inverse": ("left_inverse(a)", "l with l(a(i)) == i"),
    "coalesce": ("coalesce(a)", "the fewest modes with the same index map"),
    "logical_divide": ("logical_divide(a, tiler)", "each mode -> (tile, rest), in place"),
    "zipped_divide": ("zipped_divide(a, tiler)", "((tile modes), (rest modes))"),
    "tiled_divide": ("tiled_divide(a, tiler)", "((tile modes), rest modes...)"),
    "flat_divide": ("flat_divide(a, tiler)", "(tile modes..., rest modes...)"),
    "local_tile": ("local_tile(a, tiler, coord)", "zipped_divide, index the rest by coord, unfold"),
    "logical_product": ("logical_product(a, b)", "(a, complement-of-a o b)"),
    "zipped_product": ("zipped_product(a, b)", "((a modes), (b modes))"),
    "tiled_product": ("tiled_product(a, b)", "((a modes), b modes...)"),
    "flat_product": ("flat_product(a, b)", "(a modes..., b modes...)"),
    "blocked_product": ("blocked_product(a, b)", "b's tiles of a, a blocks contiguous"),
    "raked_product": ("raked_product(a, b)", "b's tiles of a, interleaved"),
    "group_modes": ("group_modes(a, begin, end)", "nest modes [begin, end) into one"),
    "size": ("size(a)", "number of coordinates"),
    "cosize": ("cosize(a)", "one past the largest index"),
    "swizzle": ("swizzle(B, M, S, layout)", "S<B,M,S> o 0 o a (a swizzled SMEM layout)"),
    "mma_tv": ('mma_tv("sm80_16x8x16", "A")', "an MMA's thread-value layout of operand A, B or C"),
    "copy_tv": ("copy_tv(thr_layout, val_layout)", "make_tiled_copy_tv's thread-value layout over its tile"),
    "banks": ("banks(tv, smem, bits, tile=None, ldmatrix=0)",
              ("bank conflicts of a warp moving tv's values of an smem layout (bits per element; tile: (M, N) "
               "unless tv comes from copy_tv/mma_tv; ldmatrix: its matrices)")),
}

#: MMA names accepted by mma_tv: (M, N, K) of CuTeDSL's warp-level F16 MMA (SM80 mma.sync).
MMAS = {"sm80_16x8x16": (16, 8, 16), "sm80_16x8x8": (16, 8, 8)}


@dataclass
class Step:
    """One evaluated call: ``call`` written with its arguments' values, ``result`` in CuTe notation."""

    call: str
    result: str
    note: str = ""

    def __str__(self) -> str:
        return f"{self.call} = {self.result}" + (f"    # {self.note}" if self.note else "")


@dataclass
class Evaluation:
    """Every call's step in evaluation order, and the final value (``text``; a layout or a number)."""

    expr: str
    steps: list = field(default_factory=list)
    text: str = ""
    tile: tuple | None = None  # (M, N) when the result is an MMA's TV layout over that tile

    def __str__(self) -> str:
        """The numbered steps and the result, as ``cute-inspect layout`` prints them."""
        return "\n".join([f"{i:>2}. {step}" for i, step in enumerate(self.steps, 1)] + [f"result: {self.text}"])

    def _repr_html_(self) -> str:
        """The steps, then the result drawn as a grid (over its tile for a TV layout) when a grid can show it."""
        from cute_inspect.render import grid
        from cute_inspect.render._layout import LayoutTextError

        picture = ""
        if ":" in self.text:  # a layout, not a number
            try:
                picture = grid.tv_layout_svg(self.text, self.tile) if self.tile else grid.layout_svg(self.text)
            except LayoutTextError:  # too many modes or cells for a grid: the steps say it
                pass
        return f"<pre>{escape(str(self))}</pre>{picture}"


def evaluate(expr: str) -> Evaluation:
    """Evaluate a layout expression through CuTeDSL (compiles one small ``@cute.jit`` function).

    Raises `LayoutExprError` for a bad expression or one CuTeDSL rejects.
    """
    tree = parse(expr)
    import cutlass.cute as cute

    result = Evaluation(expr)

    @cute.jit
    def run():
        result.text = _show(_Evaluator(result, cute).value_of(tree.body))

    try:
        cute.compile(run)
    except LayoutExprError:
        raise
    except Exception as exc:
        from cute_inspect.findings import summary_of

        raise LayoutExprError(f"CuTeDSL rejected {expr!r}: {summary_of(exc) or type(exc).__name__}") from None
    return result


def parse(expr: str) -> ast.Expression:
    """Check `expr` against the grammar and return its `ast` (``SHAPE:STRIDE`` rewritten to ``layout(...)``)."""
    source = _desugar(expr)
    try:
        tree = ast.parse(source, mode="eval")
    except SyntaxError as exc:
        raise LayoutExprError(f"cannot read {expr!r}: {exc.msg}; write layouts as (8,4):(4,1)") from None
    for node in ast.walk(tree):
        _check_node(node)
    return tree


_ALLOWED = (ast.Expression, ast.Call, ast.Tuple, ast.Constant, ast.Name, ast.keyword, ast.Load, ast.UnaryOp,
            ast.USub)


def _check_node(node) -> None:
    if not isinstance(node, _ALLOWED):
        raise LayoutExprError(f"`{type(node).__name__.lower()}` is not layout algebra: use SHAPE:STRIDE, tuples, "
                              f"ints, None and the functions {', '.join(FUNCTIONS)}")
    if isinstance(node, ast.Constant) and not (node.value is None or isinstance(node.value, (int, str))
                                               and not isinstance(node.value, bool)):
        raise LayoutExprError(f"{node.value!r} is not an int, None or a name string")
    if isinstance(node, ast.Call) and not (isinstance(node.func, ast.Name) and node.func.id in FUNCTIONS):
        shown = ast.unparse(node.func)
        raise LayoutExprError(f"unknown function `{shown}`: use one of {', '.join(FUNCTIONS)}")
    if isinstance(node, ast.Name) and node.id not in FUNCTIONS:
        raise LayoutExprError(f"unknown name `{node.id}`: use one of {', '.join(FUNCTIONS)}")


_TOKEN = re.compile(r"\s*(?:([A-Za-z_][A-Za-z_0-9]*)|(-?\d+)|(\"[^\"]*\"|'[^']*')|([(),:=]))")


def _desugar(expr: str) -> str:
    """Rewrite every ``A:B`` (A, B an int or a parenthesised group) as ``layout(A,B)``."""
    tokens, pos = [], 0
    while pos < len(expr):
        if expr[pos:].strip() == "":
            break
        m = _TOKEN.match(expr, pos)
        if not m:
            raise LayoutExprError(f"unexpected {expr[pos:].strip()[:1]!r} at column {pos + 1} of {expr!r}")
        tokens.append(m.group(0).strip())
        pos = m.end()
    _one_tuples(tokens)
    while ":" in tokens:
        colon = tokens.index(":")
        start, end = _group_before(tokens, colon), _group_after(tokens, colon)
        if start is None or end is None:
            raise LayoutExprError(f"`:` in {expr!r} must join a shape and a stride, e.g. (8,4):(4,1)")
        tokens[start:end] = ["layout", "(", *tokens[start:colon], ",", *tokens[colon + 1:end], ")"]
    return " ".join(tokens)


def _one_tuples(tokens: list) -> None:
    """Make ``(x)`` a one-mode tuple, as CuTe writes it (``((1,1)):((0,0))`` has one mode); Python would read
    it as ``x``. Parentheses that call a function are left alone."""
    opened, closing = [], []
    for i, token in enumerate(tokens):
        if token == "(":
            opened.append([i, i > 0 and re.fullmatch(r"[A-Za-z_]\w*", tokens[i - 1]) is not None, False])
        elif token == "," and opened:
            opened[-1][2] = True
        elif token == ")" and opened:
            start, called, comma = opened.pop()
            if not called and not comma and i > start + 1:
                closing.append(i)
    for i in reversed(closing):
        tokens.insert(i, ",")


def _group_before(tokens: list, colon: int) -> int | None:
    i = colon - 1
    if i < 0:
        return None
    if tokens[i] != ")":
        return i if re.fullmatch(r"-?\d+", tokens[i]) else None
    depth = 0
    for j in range(i, -1, -1):
        depth += tokens[j] == ")"
        depth -= tokens[j] == "("
        if depth == 0:
            return j
    return None


def _group_after(tokens: list, colon: int) -> int | None:
    i = colon + 1
    if i >= len(tokens):
        return None
    if tokens[i] != "(":
        return i + 1 if re.fullmatch(r"-?\d+", tokens[i]) else None
    depth = 0
    for j in range(i, len(tokens)):
        depth += tokens[j] == "("
        depth -= tokens[j] == ")"
        if depth == 0:
            return j + 1
    return None


class _Evaluator:
    """Walks a checked `ast`, calling CuTeDSL for each function and recording a `Step` per call."""

    def __init__(self, result: Evaluation, cute):
        self.result, self.cute = result, cute

    def value_of(self, expression):
        """The value of the whole expression: a bare shape is its column-major layout, as in CuTe."""
        value = self.visit(expression)
        if isinstance(value, _Figure):
            return value
        if not (isinstance(value, int) and not isinstance(value, bool) or _is_layout(value) or _fits(value, "shape")):
            raise LayoutExprError(f"{_show(value)} is not {_WHAT['layout']}")
        return self._l(value) if isinstance(expression, ast.Tuple) else value

    def visit(self, node):
        if isinstance(node, ast.Constant):
            return node.value
        if isinstance(node, ast.UnaryOp):
            return -self.visit(node.operand)
        if isinstance(node, ast.Tuple):
            return tuple(self.visit(e) for e in node.elts)
        if isinstance(node, ast.Name):
            raise LayoutExprError(f"`{node.id}` is a function: call it, e.g. {FUNCTIONS[node.id][0]}")
        args = [self.visit(a) for a in node.args]
        kwargs = {k.arg: self.visit(k.value) for k in node.keywords}
        name = node.func.id
        method = getattr(self, f"_{name}")
        try:
            bound = inspect.signature(method).bind(*args, **kwargs)
        except TypeError:
            raise LayoutExprError(f"{name} takes {_arity(method)}, {len(args) + len(kwargs)} given; "
                                  f"write {FUNCTIONS[name][0]}") from None
        _check_arguments(name, bound.arguments)
        _check_complements(name, bound.arguments)
        try:
            value = method(*args, **kwargs)
        except TypeError as exc:
            raise LayoutExprError(f"{name}: {exc}; write {FUNCTIONS[name][0]}") from None
        if name != "layout":
            shown = ", ".join([_show(a) for a in args] + [f"{k}={_show(v)}" for k, v in kwargs.items()])
            self.result.steps.append(Step(f"{name}({shown})", _show(value)))
        return value

    def _l(self, value):
        """A bare shape where a layout is expected means the column-major layout of that shape, as in CuTe."""
        return self.cute.make_layout(value) if isinstance(value, (tuple, int)) else value

    def _layout(self, shape, stride=None):
        return self.cute.make_layout(shape, stride=stride)

    def _composition(self, a, b):
        return self.cute.composition(self._l(a), b)

    def _complement(self, a, cotarget=None):
        a = self._l(a)
        return self.cute.complement(a, self.cute.cosize(a) if cotarget is None else cotarget)

    def _right_inverse(self, a):
        return self.cute.right_inverse(self._l(a))

    def _left_inverse(self, a):
        return self.cute.left_inverse(self._l(a))

    def _coalesce(self, a):
        return self.cute.coalesce(self._l(a))

    def _logical_divide(self, a, tiler):
        return self.cute.logical_divide(self._l(a), tiler)

    def _zipped_divide(self, a, tiler):
        return self.cute.zipped_divide(self._l(a), tiler)

    def _tiled_divide(self, a, tiler):
        return self.cute.tiled_divide(self._l(a), tiler)

    def _flat_divide(self, a, tiler):
        return self.cute.flat_divide(self._l(a), tiler)

    def _local_tile(self, a, tiler, coord):
        cute = self.cute
        a = self._l(a)
        zipped = cute.zipped_divide(a, tiler)
        self.result.steps.append(Step(f"zipped_divide({_show(a)}, {_show(tiler)})", _show(zipped)))
        indexed = cute.slice_(zipped, (None, coord))
        self.result.steps.append(Step(f"index the rest modes by {_show(coord)}", _show(indexed),
                                      "keeps the rest modes the coordinate leaves as None"))
        unfolded = cute.local_tile(cute.make_tensor(0, a), tiler, coord).layout
        self.result.steps.append(Step("unfold the tile modes", _show(unfolded), "CuTeDSL's local_tile on a tensor"))
        return unfolded

    def _logical_product(self, a, b):
        return self.cute.logical_product(self._l(a), self._l(b))

    def _zipped_product(self, a, b):
        return self.cute.zipped_product(self._l(a), self._l(b))

    def _tiled_product(self, a, b):
        return self.cute.tiled_product(self._l(a), self._l(b))

    def _flat_product(self, a, b):
        return self.cute.flat_product(self._l(a), self._l(b))

    def _blocked_product(self, a, b):
        return self.cute.blocked_product(self._l(a), self._l(b))

    def _raked_product(self, a, b):
        return self.cute.raked_product(self._l(a), self._l(b))

    def _group_modes(self, a, begin, end):
        return self.cute.group_modes(self._l(a), begin, end)

    def _size(self, a):
        return self.cute.size(self._l(a))

    def _cosize(self, a):
        return self.cute.cosize(self._l(a))

    def _swizzle(self, bits, base, shift, a):
        return self.cute.make_composed_layout(self.cute.make_swizzle(bits, base, shift), 0, self._l(a))

    def _mma_tv(self, name, operand):
        import cutlass
        from cutlass.cute.nvgpu import warp

        if name not in MMAS or operand not in ("A", "B", "C"):
            raise LayoutExprError(f"mma_tv({name!r}, {operand!r}): use an MMA of {', '.join(MMAS)} and A, B or C")
        m, n, k = MMAS[name]
        mma = self.cute.make_tiled_mma(warp.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (m, n, k)))
        self.result.tile = {"A": (m, k), "B": (n, k), "C": (m, n)}[operand]
        return getattr(mma, f"tv_layout_{operand}")

    def _copy_tv(self, thr_layout, val_layout):
        import cutlass

        cute = self.cute
        atom = cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Float16)
        tiled = cute.make_tiled_copy_tv(atom, self._l(thr_layout), self._l(val_layout))
        self.result.tile = tuple(cute.size(t) for t in tiled.tiler_mn)
        return tiled.layout_tv_tiled

    def _banks(self, tv, smem, bits, tile=None, ldmatrix=0):
        from cute_inspect.trace import copy_traffic
        from cute_inspect.trace import traffic as model

        tile = tile or self.result.tile
        if not (isinstance(tile, tuple) and len(tile) == 2 and all(isinstance(t, int) for t in tile)):
            raise LayoutExprError("banks: give the tile the TV layout indexes, tile=(M, N), or build tv with "
                                  "copy_tv(...) or mma_tv(...)")
        if bits not in (8, 16, 32, 64):
            raise LayoutExprError(f"banks: bits={bits!r}: an element is 8, 16, 32 or 64 bits")
        elem = bits // 8
        smem_text = _show(self._l(smem))
        try:
            geo = model.CopyGeometry(
                tv=model.Layout.parse(_show(tv)), tiler=(model.Layout(tile[0], 1), model.Layout(tile[1], 1)),
                tensor=model.Layout.parse(smem_text), elem_bytes=elem,
                atom_bytes=model.MAX_VECTOR_BYTES if ldmatrix else elem,
                swizzle=model.split_swizzle(smem_text, elem), rows=bool(ldmatrix), matrices=ldmatrix or 1,
                merge=not ldmatrix)
            fig = model.smem_figure(geo)
        except (ValueError, IndexError, StopIteration) as exc:
            raise LayoutExprError(f"banks: cannot follow {_show(tv)} over {smem_text}: {exc}") from None
        self.result.tile = None  # the result is a figure, not a layout to draw
        if fig.conflict_free:
            return _Figure(f"conflict-free: {fig.wavefronts_per_instr:g} wavefronts per warp instruction, ideal "
                           f"{fig.ideal_wavefronts_per_instr:g} ({fig.width}-byte accesses)")
        return _Figure("\n  ".join(copy_traffic.conflict_message(fig, geo)))


class _Figure(str):
    """A result that is words, not a layout: shown as is."""


#: what each argument of each function must be, checked before CuTeDSL sees it (a 0 in a tiler kills the
#: process with SIGFPE inside the DSL; a string or None would be printed back as if it were a result)
_ARGUMENTS = {
    "layout": {"shape": "shape", "stride": "stride"},
    "composition": {"a": "layout", "b": "tiler"},
    "complement": {"a": "layout", "cotarget": "positive"},
    "right_inverse": {"a": "layout"}, "left_inverse": {"a": "layout"}, "coalesce": {"a": "layout"},
    "logical_divide": {"a": "layout", "tiler": "tiler"}, "zipped_divide": {"a": "layout", "tiler": "tiler"},
    "tiled_divide": {"a": "layout", "tiler": "tiler"}, "flat_divide": {"a": "layout", "tiler": "tiler"},
    "local_tile": {"a": "layout", "tiler": "tiler", "coord": "coord"},
    "logical_product": {"a": "layout", "b": "layout"}, "zipped_product": {"a": "layout", "b": "layout"},
    "tiled_product": {"a": "layout", "b": "layout"}, "flat_product": {"a": "layout", "b": "layout"},
    "blocked_product": {"a": "layout", "b": "layout"}, "raked_product": {"a": "layout", "b": "layout"},
    "group_modes": {"a": "layout", "begin": "index", "end": "index"},
    "size": {"a": "layout"}, "cosize": {"a": "layout"},
    "swizzle": {"bits": "index", "base": "index", "shift": "int", "a": "layout"},
    "mma_tv": {"name": "name", "operand": "name"},
    "copy_tv": {"thr_layout": "layout", "val_layout": "layout"},
    "banks": {"tv": "layout", "smem": "layout", "bits": "positive", "tile": "tiler", "ldmatrix": "index"},
}
_LARGEST = 2**31 - 1  # CuTeDSL's static integers are 32-bit
_WHAT = {
    "shape": "a shape: a positive int or a tuple of them, e.g. (8,4)",
    "stride": "a stride: an int or a tuple of them shaped like the shape",
    "layout": "a layout: SHAPE:STRIDE, a shape of positive ints, or a function's layout",
    "tiler": "a tiler: a positive int, a layout, or a tuple of them, e.g. (128,64)",
    "coord": "a coordinate: an int >= 0, None, or a tuple of them, e.g. (0,None)",
    "positive": "a positive int", "index": "an int >= 0", "int": "an int", "name": "a quoted name",
}


def _is_layout(value) -> bool:
    return getattr(value, "type", None) is not None


def _fits(value, kind: str) -> bool:
    """Whether `value` (a Python value or a CuTeDSL layout) is a `kind` of `_WHAT`."""
    if isinstance(value, bool):
        return False
    if kind == "name":
        return isinstance(value, str)
    if isinstance(value, int):
        low = {"shape": 1, "layout": 1, "tiler": 1, "positive": 1, "coord": 0, "index": 0}.get(kind, -_LARGEST)
        return low <= value <= _LARGEST
    if kind in ("layout", "tiler") and _is_layout(value):
        return True
    if value is None:
        return kind == "coord"
    if isinstance(value, tuple) and value and kind in ("shape", "stride", "layout", "tiler", "coord"):
        inner = "shape" if kind == "layout" else kind
        return all(_fits(v, inner) for v in value)
    return False


def _congruent(shape, stride) -> bool:
    if isinstance(shape, tuple) or isinstance(stride, tuple):
        return (isinstance(shape, tuple) and isinstance(stride, tuple) and len(shape) == len(stride)
                and all(_congruent(a, b) for a, b in zip(shape, stride)))
    return True


def _check_arguments(name: str, arguments: dict) -> None:
    """Raise `LayoutExprError` unless every argument of `name` is what CuTe expects (`_ARGUMENTS`)."""
    for parameter, value in arguments.items():
        kind = _ARGUMENTS[name][parameter]
        if parameter in ("stride", "tile") and value is None:  # optional: the function works it out
            continue
        if not _fits(value, kind):
            raise LayoutExprError(f"{name}: {parameter} = {_show(value)} is not {_WHAT[kind]}; "
                                  f"write {FUNCTIONS[name][0]}")
        if kind in ("shape", "layout", "tiler") and size(value, unknown=1) > _LARGEST:
            raise LayoutExprError(f"{name}: {parameter} = {_show(value)} has more than {_LARGEST} elements "
                                  "(CuTeDSL's integers are 32-bit)")
    if name == "layout" and arguments.get("stride") is not None and not _congruent(arguments["shape"],
                                                                                   arguments["stride"]):
        raise LayoutExprError(f"layout: the stride {_show(arguments['stride'])} is not shaped like the shape "
                              f"{_show(arguments['shape'])}; e.g. (8,(2,2)):(1,(8,16))")
    if name == "swizzle" and abs(arguments["shift"]) < arguments["bits"] or name == "swizzle" and (
            arguments["bits"] + arguments["base"] + abs(arguments["shift"]) > 31):
        raise LayoutExprError(f"swizzle({arguments['bits']},{arguments['base']},{arguments['shift']}): CuTe's "
                              "Swizzle<B,M,S> needs |S| >= B and B+M+|S| <= 31 (e.g. swizzle(3,4,3, ...))")
    if name == "group_modes" and arguments["begin"] > arguments["end"]:
        raise LayoutExprError(f"group_modes: begin {arguments['begin']} is after end {arguments['end']}")


#: functions that take the complement of an argument inside CuTeDSL, which divides by what the complement
#: built so far: a layout whose sorted strides do not each divide by the extent before them ends in SIGFPE
_COMPLEMENTED = {"complement": ("a",), "logical_product": ("a",), "zipped_product": ("a",),
                 "tiled_product": ("a",), "flat_product": ("a",), "blocked_product": ("a",),
                 "raked_product": ("a",), "logical_divide": ("tiler",), "zipped_divide": ("tiler",),
                 "tiled_divide": ("tiler",), "flat_divide": ("tiler",), "local_tile": ("tiler",)}


def _leaves_of(value) -> list[tuple[int, int]] | None:
    """(extent, stride) of every leaf of a static layout `value`; None for a swizzled or unreadable one."""
    from cute_inspect.render._layout import LayoutTextError, StaticLayout

    try:
        layout = StaticLayout.parse(_show(value))
    except LayoutTextError:
        return None
    if layout.swizzle is not None:
        return None
    return list(zip(leaves(layout.shape), leaves(layout.stride)))


def complement_problem(value) -> str | None:
    """Why CuTe cannot take the complement of layout `value` (CuTe's divisibility condition), or None.

    >>> complement_problem(_Text("(4,2):(1,8)")) is None, complement_problem(_Text("(6,6):(51,34)"))[:30]
    (True, 'stride 51 is not a multiple of')
    """
    leaves = _leaves_of(value)
    if leaves is None:
        return None
    extent = 1
    for stride, shape in sorted((abs(d), s) for s, d in leaves if s != 1 and d != 0):
        if stride % extent:
            return (f"stride {stride} is not a multiple of {extent}, the extent of the modes with smaller strides "
                    "(CuTe's complement needs it)")
        extent = shape * stride
    return None


class _Text:
    """A layout given by its text, as `_show` reads CuTeDSL's (for the doctest above)."""

    def __init__(self, text: str):
        self.type = f'!cute.layout<"{text}">'


def _check_complements(name: str, arguments: dict) -> None:
    for parameter in _COMPLEMENTED.get(name, ()):
        value = arguments[parameter]
        for part in value if isinstance(value, tuple) else (value,):
            problem = complement_problem(part) if _is_layout(part) else None
            if problem:
                raise LayoutExprError(f"{name}: {parameter} = {_show(part)}: {problem}; e.g. (4,2):(1,8)")


def _arity(method) -> str:
    """``4 arguments``, ``1 or 2 arguments``: how many a function of the grammar takes."""
    parameters = inspect.signature(method).parameters.values()
    least = sum(p.default is inspect.Parameter.empty for p in parameters)
    most = len(parameters)
    return f"{least} argument{'s' * (most != 1)}" if least == most else f"{least} or {most} arguments"


_TYPE_TEXT = re.compile(r'^!cute\.\w+<"(.*)">$', re.S)


def _show(value) -> str:
    """CuTe notation for a value: a layout from its type string (free: emits no IR), tuples, ints."""
    typ = getattr(value, "type", None)
    if typ is not None:
        m = _TYPE_TEXT.match(str(typ))
        return m.group(1) if m else str(typ)
    if isinstance(value, tuple):
        return "(" + ",".join(_show(v) for v in value) + ")"
    if isinstance(value, _Figure):
        return str(value)
    if isinstance(value, str):
        return repr(value)
    return str(value)
