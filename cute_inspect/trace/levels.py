"""Level labels: which level of the Block > MMA > EPI > Store hierarchy made each mode of a shape.

A label tree mirrors a shape: a `ModeLabel` covers a whole (possibly nested) mode, a tuple holds one tree per
sub-mode. Each rule below states, for one CuTe call, which modes of its result are new (an atom or a rest of
the call's level) and which are carried over from its input, following `shared/convention.md`:

- ``local_tile``: tile modes (block atom) then the rests left by ``None`` coordinates (block rests);
- ``partition_A/B/C`` and fragments: (mma atom, MMA rests, carried modes...);
- copy ``partition_S/D``: (copy atom, copy rests, carried...), at the Store level in an epilogue;
- ``tma_partition``: the first (grouped) mode becomes the TMA tile, the rest are carried;
- divides: tile modes and rests of the EPI level when dividing an accumulator/output, else Block.
"""

from __future__ import annotations

import re
import dataclasses
from dataclasses import dataclass, field

from cute_inspect.trace.axes import fresh
from cute_inspect.trace.rules import rule_of
from cute_inspect.trace.shape import leaves as _leaves  # `leaves` is this module's label function

LEVELS = ("input", "coord", "block", "mma", "epi", "copy", "store", "stage", "?")


@dataclass(frozen=True)
class ModeLabel:
    level: str
    role: str
    axis: str | None = None
    origin: int | None = None
    # which MMA made an MMA mode, when a kernel has several (attention's `qk` and `pv`): from the MMA's name
    mma: str | None = None
    # the rule (`rules.RULES`) that made the level and role, and the one that decided the axis
    rule: str = field(default="unknown", compare=False)
    axis_rule: str | None = field(default=None, compare=False)
    # the axis variable (`axes.Axes`) the mode runs along: shared by every view of the same mode
    var: int | None = field(default=None, compare=False)
    # an atom covering a nested mode: the axis each of its leaves runs along, when the instruction says
    leaf_axes: tuple | None = field(default=None, compare=False)

    def __str__(self) -> str:
        if self.level in ("?", "stage"):
            return self.level
        text = f"{self.level}{'_' + self.mma if self.mma else ''}-{self.role}"
        return f"{text}-{self.axis}" if self.axis else text


_LABEL_FIELDS = frozenset(f.name for f in dataclasses.fields(ModeLabel))


def replace(label, **changes):
    """`dataclasses.replace`, made directly for a ModeLabel: the rules relabel thousands of modes per trace, and
    `dataclasses.replace` reads the fields and runs the frozen `__init__` (a guarded `setattr` per field) each
    time. The new label's attributes are the old one's with `changes` over them, as `replace` makes them;
    anything else (another class, a name that is no field) goes to `dataclasses.replace`."""
    if type(label) is not ModeLabel or not _LABEL_FIELDS.issuperset(changes):
        return dataclasses.replace(label, **changes)
    new = object.__new__(ModeLabel)
    new.__dict__.update(label.__dict__, **changes)
    return new


def tagged(tree, mma: str | None, origin: int):
    """The tree with the MMA modes this record made (`origin`) marked as made by the MMA `mma`."""
    if not mma:
        return tree
    if isinstance(tree, ModeLabel):
        if tree.level == "mma" and tree.origin == origin:
            return replace(tree, mma=mma)
        return tree
    return tuple(tagged(t, mma, origin) for t in tree)


def mma_name(receiver: str | None) -> str | None:
    """The distinguishing part of an MMA's variable name: ``thr_mma_qk`` and ``pv_tiled_mma`` give ``qk`` and
    ``pv``; ``thr_mma`` (a kernel with one MMA) gives None."""
    if not receiver:
        return None
    last = re.split(r"[^A-Za-z0-9_]", receiver)[-1]
    kept = [w for w in last.lower().split("_") if w and w not in ("thr", "tiled", "mma", "self", "atom")]
    return "_".join(kept) or None


UNKNOWN = ModeLabel("?", "?")


def made(level: str, role: str, origin: int | None, op: str, source=None, axis: str | None = None,
         axis_rule: str | None = None) -> ModeLabel:
    """A mode made by `op`: along the same axis as its `source` mode when it has one, else on a new axis."""
    if isinstance(source, ModeLabel):
        return ModeLabel(level, role, axis or source.axis, origin, None, rule_of(op, role),
                         axis_rule if axis else source.axis_rule, source.var)
    return ModeLabel(level, role, axis, origin, None, rule_of(op, role), axis_rule if axis else None, fresh())


_PARTITIONED = re.compile(r"^[tb](?:[A-Z]{1,2}|[A-Z][a-z]+)_?([mgsrtc])([A-Z][A-Za-z0-9]*)")
_PLAIN = re.compile(r"^([mgsrtc])([A-Z][A-Za-z0-9]*)")
# Axis-order suffixes name GEMM (m, n, k, l) and attention (q, d, h, b) modes: `mA_mkl`, `mQ_qdl`.
_AXIS_LETTERS = "mnklqdhb"


def tensor_of(name: str | None) -> str | None:
    """The `<what>` of a conventional name: ``tTR_tAcc`` -> ``Acc``, ``bSG_gD`` -> ``D``, ``sA`` -> ``A``."""
    if not name:
        return None
    m = _PARTITIONED.match(name) or _PLAIN.match(name)
    return m.group(2) if m else None


# An attention gradient's conventional name (`mdQ`, `sdQ`, `tdQtdQ`, `tdKVsdKV_r2s`, MLA's `mdQv`: the queries' part
# that multiplies V): `d` and the tensor it is the gradient of, after an optional partition prefix and a memory
# letter; not a flat accumulator (`gdQaccum`) or a transposed view (`sdQt`), whose modes are not the tensor's (rows,
# head dim)
_GRADIENT = re.compile(r"^(?:[tb]d?[A-Z]{1,2}v?_?)?[mgsrtc]d(Qv|[QKVO])(?![a-z])")


# the scores' gradient (`dS`, `mdS_mkl`, `tCrdS`, `tdQvgdS`) or the probabilities' (`dP`), under the same prefixes
_SCORES_GRADIENT = re.compile(r"^(?:[tb]d?[A-Z]{1,2}v?_?)?[mgsrtc]?d[SP]t?(?![a-z])")


def names_scores_gradient(name: str | None) -> bool:
    """Whether a name calls a tensor the attention scores' gradient dS (or dP), as a backward's dQ = dS K and
    dK = dS^T Q read it."""
    return bool(_SCORES_GRADIENT.match(name or ""))


def gradient_rows(name: str | None) -> str | None:
    """The sequence whose rows an attention gradient or output named so holds (`dQ`, `dQv`, `dO`: the queries Q;
    `dK`, `dV`: the keys K); its other mode is the head dim."""
    m = _GRADIENT.match(name or "")
    return None if m is None else "Q" if m.group(1)[0] in "QO" else "K"


def axes_of(name: str | None, rank: int) -> tuple:
    """Axis letters from an axis-order suffix (``mA_mkl`` -> M, K, L) when it has one letter per mode."""
    if name and "_" in name and _PLAIN.match(name):
        suffix = name.rsplit("_", 1)[1]
        if len(suffix) == rank and all(c in _AXIS_LETTERS for c in suffix):
            return tuple(suffix.upper())
    return (None,) * rank


def initial(rank: int, name: str | None, origin: int | None) -> tuple:
    return tuple(made("input", "mode", origin, "input", axis=axis, axis_rule="hint:name")
                 for axis in axes_of(name, rank))


def head_dim_hint(name: str | None, labels: tuple) -> list:
    """(label, letter) for a kernel parameter or host tensor named as attention's queries or keys and nothing more
    (`mQ`, `gK`: an output `mO_row` or a variance `mV` is no attention operand): its last mode the head dim D, its
    others none (they pack tokens, heads and batch as the kernel chooses). Read only in a kernel with no MMA, where
    no data flow names attention axes and a tiler's positions would call them rows and columns
    (`axes.Axes.solve`)."""
    if not name or not _PLAIN.fullmatch(name) or tensor_of(name) not in ("Q", "K") or len(labels) < 2 \
            or any(label.axis for label in labels):
        return []
    return [(label, "D" if i == len(labels) - 1 else None) for i, label in enumerate(labels)]


# What a kernel with no MMA calls the modes it indexes (`x[token_id, head_id, None]`): the words of an index's name
# (split at underscores) mapped to the dimension they name. Words that say nothing of a dimension (`id`, `idx`,
# `lane`, `offset`) are not listed.
_DIM_WORDS = {
    "token": "rows", "tokens": "rows", "tok": "rows", "row": "tablerows", "rows": "tablerows", "seq": "rows", "pos": "rows",
    "position": "rows", "query": "rows", "seqlen": "rows",
    "head": "heads", "heads": "heads",
    "batch": "batch",
    "split": "splits", "splits": "splits",
    "col": "cols", "cols": "cols", "column": "cols", "hidden": "cols", "dim": "cols", "channel": "cols",
    # a block index named by the grid dimension it walks (`bidh, bidb = block_idx()[1:]`: a head's and a sequence's CTAs)
    "bidh": "heads", "bidb": "batch",
}
# each dimension's axis letter in a GEMM-like (rows, columns) kernel and in attention (heads indexed)
# a `row` (of the tensor) is the rows M, but in attention no axis: the host packs tokens, heads and batch into the rows
# it hands the kernel as it chooses, where a token or a position is a sequence's
_DIM_LETTERS = {"rows": ("M", "Q"), "tablerows": ("M", None), "cols": ("N", "D"), "headdim": ("D", "D"), "heads": (None, "H"), "batch": (None, "B"),
                "splits": ("K", "K"), "kcols": ("K", None), "statedim": ("D", "D")}
# the dimensions that say a kernel's vocabulary is attention's (Q K D H B) and not a GEMM's: a head, a head's dim, an
# SSM state's dim (the set's SSM convention: head dim and state dim both D, a recurrent state being (D, D))
ATTENTION_DIMS = frozenset(("heads", "headdim", "statedim"))
# whole extent names of a head's dim and of an SSM state's dim that no word split tells (`hdim`, `dstate`)
_WHOLE_EXTENTS = {"hdim": "headdim", "headdim": "headdim", "dstate": "statedim", "nstate": "statedim"}
# words that say an extent is a tile's size, not which dimension (`tile_D`, `block_n`)
_TILE_WORDS = frozenset(("tile", "block", "blk", "cta"))
# a lone letter a tile size is named with, in the attention and SSM vocabulary (`tile_D`: a tile of the head dim; `tile_p`,
# `p_size`: the SSM's head dim, Mamba's P); a GEMM letter is what the tiler's position says already (rule local_tile.proj)
_TILE_LETTERS = {"d": "headdim", "p": "headdim"}
# A GEMM's letter as an extent's whole name (`K = x.shape[1]`, `make_layout((self.K,))`, `M, N = x.shape`): the
# dimension it says in a kernel with no MMA. Read as an extent's name only (an index named `k` is a loop's): columns
# a kernel calls K are the quantized or reduced columns a later GEMM contracts ("kcols"), not a norm's N; in
# attention a K is the keys, which these names do not tell from a head dim, so "kcols" names nothing there
_EXTENT_LETTERS = {"m": "rows", "n": "cols", "k": "kcols"}
_KEY_WORDS = frozenset(("k", "kv", "key", "keys", "page", "pages"))
# the words of a tensor named as the queries' side (its tokens the queries Q): `q`, `idx_q_rope_cache`, `out`
_QUERY_WORDS = frozenset(("q", "query", "queries", "o", "out", "output", "lse"))
# the words of a tensor named as what queries and keys both read (a linear attention's gate, its decay), unless named as
# one side (a RoPE table is not among them: a fused query kernel reads its rows as the queries' positions)
_SHARED_WORDS = frozenset(("gate", "gates", "decay"))


def index_dims(indices: tuple) -> tuple:
    """The dimension each index of a subscription names (`("token_id", "head_id", "None")` -> ("rows", "heads",
    "kept")): "kept" for a mode the slice keeps, None for an index whose name says no dimension (or two)."""
    dims = []
    for text in indices:
        if text == "None":
            dims.append("kept")
            continue
        found = {_DIM_WORDS[w] for w in (text or "").lower().split("_") if w in _DIM_WORDS}
        dims.append(found.pop() if len(found) == 1 else None)
    return tuple(dims)


# Words an extent's name adds to the dimension it names (`num_tokens`, `n_cols`, `hidden_size`, `seqlen`): they say
# it is a count, not which dimension
_EXTENT_WORDS = frozenset(("num", "n", "size", "len", "length", "total", "max", "count"))


def extent_dim(name: str | None) -> str | None:
    """The dimension an extent's name says (`num_tokens` -> rows, `num_heads` -> heads, `hidden` -> columns,
    `head_dim` -> columns: the dim of a head, `K` -> columns a GEMM contracts: `_EXTENT_LETTERS`), None unless every word of it is a dimension's or a count's
    (`hv_dim`, `k_dim`: a word the table does not hold says which dim, and the table cannot tell)."""
    if (name or "").lower() in _EXTENT_LETTERS:
        return _EXTENT_LETTERS[name.lower()]
    if (name or "").lower() in _WHOLE_EXTENTS:
        return _WHOLE_EXTENTS[name.lower()]
    words = [w for w in (name or "").lower().split("_") if w]
    if "state" in words and len(words) == 2 and words[0 if words[1] == "state" else 1] in ("d", "dim", "size", "n"):
        return "statedim"  # `d_state`, `state_dim`, `state_size`: the dim of an SSM's state
    if not words or any(w not in _DIM_WORDS and w not in _EXTENT_WORDS for w in words):
        return None
    if "head" in words and ("dim" in words or "size" in words):  # `head_dim`, `head_size`: the dim of a head
        return "headdim"
    if "dim" in words:  # `hidden_dim`, `dim`: the columns
        return "cols"
    found = {_DIM_WORDS[w] for w in words if w in _DIM_WORDS}
    return found.pop() if len(found) == 1 else None


def tile_dim(name: str | None) -> str | None:
    """The dimension a tile size's name says (`self.tile_D` -> the head dim, `self.dstate` -> an SSM state's dim, a
    name `extent_dim` reads): the kernel's own letter for the mode it tiles, once its tile words are set aside."""
    found = extent_dim(name)
    if found is not None:
        return found
    words = [w for w in (name or "").lower().split("_") if w]
    # (a count word beside the letter says a size as a tile word does: `d_size`, the extent a tile of it covers)
    rest = [w for w in words if w not in _TILE_WORDS and w not in _EXTENT_WORDS]
    if len(words) == 2 and len(rest) == 1:
        return _TILE_LETTERS.get(rest[0]) or _WHOLE_EXTENTS.get(rest[0])
    return None


# A router's top-k slots: an expanded row is `token * top_k + slot`, so a top-k extent counts rows too
_SLOT_EXTENTS = frozenset(("topk", "top_k", "num_topk", "num_top_k"))


def product_dim(factors: list) -> str | None:
    """The dimension an extent written as a product of named extents says (`num_tokens * topk`, `rows * top_k`: the
    expanded (token, slot) rows; one name alone as `extent_dim` reads it): the one every factor names, a router's
    top-k slot count naming rows; None where a factor names none or they differ."""
    dims = {"rows" if (name or "").lower() in _SLOT_EXTENTS or extent_dim(name) == "tablerows" else extent_dim(name)
            for name in factors}
    return dims.pop() if len(dims) == 1 and None not in dims else None


def dim_letter(dim: str, attention: bool, tensor_name: str | None) -> str | None:
    """A named dimension's axis: rows are M, or in attention the queries Q (the keys K where the sliced tensor's
    name says keys: `k_cache`; none where the name says what both sides read: a gate), a tensor's `row` in
    attention none; columns N, or the head dim D; heads H and batch B only in attention; a split-KV split is a rest
    along K."""
    letter = _DIM_LETTERS[dim][1 if attention else 0]
    words = set((tensor_name or "").lower().split("_"))
    if letter == "Q" and (words & _KEY_WORDS or tensor_of(tensor_name) in ("K", "V")):
        return "K"
    if letter == "Q" and words & _SHARED_WORDS and not (words & _QUERY_WORDS or tensor_of(tensor_name) in (
            "Q", "O", "LSE") or gradient_rows(tensor_name) == "Q"):
        return None  # a gate both sides read: no data flow tells whose tokens
    return letter


def coordinates(rank: int, name: str | None, origin: int | None) -> tuple:
    """An identity (coordinate) tensor: one coordinate mode per axis of the shape it counts over (``cS`` counts
    over S's (Q, K))."""
    axes = axes_of(name, rank)
    named = operand_axes(tensor_of(name))
    if not any(axes) and len(named) == rank:
        axes = named
    return tuple(made("coord", "mode", origin, "coord", axis=axis, axis_rule="hint:name") for axis in axes)


def smem_buffer(rank: int, name: str | None, origin: int, shape=None) -> tuple:
    """An SMEM buffer: the CTA tile's modes, then the pipeline stages when there is a mode past the tile; a
    staged buffer of C, D or O holds epilogue subtiles. In MMA form, an atom of two sub-modes (`shape`'s first
    mode, (128,32) of A) runs along its two rests' axes, sub-mode by sub-mode.

    A rank-4 buffer is laid out for the MMA (sm100's `make_smem_layout_a`: (MMA, MMA_M, MMA_K, STAGE));
    rank 3 is (tile, tile, STAGE); rank 2 and less the tile alone.
    """
    what = tensor_of(name)
    axes = operand_axes(what)

    def mode(level, role, i):
        return made(level, role, origin, "smem_buffer", axis=axes[i] if i < len(axes) else None,
                    axis_rule="hint:name")

    stage = made("stage", "stage", origin, "smem_buffer")
    if rank >= 4:
        rests = [mode("mma", "rest", i) for i in range(rank - 2)]
        atom = made("mma", "atom", origin, "smem_buffer")
        sub = shape[0] if isinstance(shape, tuple) and shape else None
        if isinstance(sub, tuple) and len(sub) == 2 and all(_extent(x) >= 8 for x in sub):
            atom = replace(atom, leaf_axes=tuple(("var", r.var) for x, r in zip(sub, rests) for _ in _leaves(x)))
        return (atom,) + tuple(rests) + (stage,)
    sub = shape[0] if isinstance(shape, tuple) and shape else None
    if rank == 2 and _rows_columns(sub) and isinstance(shape[1], int):  # ((rows, columns), STAGE)
        return (tuple(mode("block", "atom", i) for i in range(2)), stage)
    tile = tuple(mode("block", "atom", i) for i in range(min(rank, 2)))
    return tile + ((stage,) if rank == 3 else ())


def _rows_columns(mode) -> bool:
    """Whether a mode nests a 2-D tile of plain extents ((32, 64) of ((32, 64), 2)): rows and columns of their own."""
    return isinstance(mode, tuple) and len(mode) == 2 and all(isinstance(x, int) for x in mode)


def _extent(shape) -> int:
    size = 1
    for x in _leaves(shape):
        size *= x if isinstance(x, int) else 0
    return size


# The axes of each operand's modes: GEMM (C = A B^T) and attention (S = Q K^T over the head dim D, O = P V
# over the key sequence), in the words CUTLASS's FMHA comments use.
_OPERAND_AXES = {
    "A": ("M", "K"), "B": ("N", "K"), "C": ("M", "N"), "D": ("M", "N"), "Acc": ("M", "N"),
    "Q": ("Q", "D"), "K": ("K", "D"), "V": ("D", "K"), "Vt": ("K", "D"), "O": ("Q", "D"),
    "S": ("Q", "K"), "P": ("Q", "K"),
}


ATTENTION_TENSORS = ("Q", "K", "V", "Vt", "O", "S", "P")
# the axes attention tensors name that a GEMM does not: the query sequence and the head dim (K, the key
# sequence, shares its letter with GEMM's K)
ATTENTION_AXES = ("Q", "D")


def operand_axes(what: str | None) -> tuple:
    return _OPERAND_AXES.get(what or "", ())


def is_labelled(tree) -> bool:
    """Whether any mode of the tree was labelled by a traced op (not only `input` or unknown); an empty tree
    (no modes) is."""
    labels = list(flatten(tree))
    return not labels or any(label.level not in ("input", "?") for label in labels)


def axis(tree) -> str | None:
    return tree.axis if isinstance(tree, ModeLabel) else None


def contains_level(tree, levels: tuple) -> bool:
    if isinstance(tree, ModeLabel):
        return tree.level in levels
    return any(contains_level(t, levels) for t in tree)


def is_epilogue(in_trees: tuple, memspace: str | None) -> bool:
    """Whether a copy or divide works on the output side, as far as the call shows it: TMEM (the accumulator) or
    an input already at the EPI or Store level (the trace's end decides the rest: `flow.settle`)."""
    return memspace == "tmem" or any(contains_level(t, ("epi", "store")) for t in in_trees)


def _pad(trees: tuple, out_rank: int) -> tuple:
    trees = tuple(trees)[:out_rank]
    return trees + (UNKNOWN,) * (out_rank - len(trees))


def thread_view(tree, origin: int, keep_roles: bool = False, rule: str = "thread_view"):
    """A (thread, value) view's labels as one thread's copy partition (`tracer._thread_view`): every mode a copy
    atom's, each keeping the axis it runs along; with `keep_roles` (a divide's vectors and rests) the divide's tile
    the atom and its rests the copy's rests."""
    if isinstance(tree, tuple):
        return tuple(thread_view(t, origin, keep_roles, rule) for t in tree)
    if not isinstance(tree, ModeLabel) or tree.level not in ("block", "input", "epi"):
        return tree
    return replace(tree, level="copy", role=tree.role if keep_roles else "atom", origin=origin, rule=rule)


def thread_picked(tree, coord, picked, origin: int):
    """A divided mode whose leaf the thread index picks (`vecs[None, (None, (tidx, None))]` of `(rows, (8, (128, 6)))`:
    the thread's vector of 8, its place among the 128 threads, then its 6 turns) as one thread's copy partition: the
    leaves up to the picked one the copy's atom (the values and the threads that hold them), those after its
    rests. `picked(c)`: whether coordinate leaf c is the thread's. None where the coordinate does not mirror the
    mode or picks no leaf."""
    tree = _as_coordinate(tree, coord)
    pairs = list(zip(flatten(tree), _coordinate_leaves(coord, tree)))
    at = next((i for i, (_, c) in enumerate(pairs) if c is not None and picked(c)), None)
    if at is None or len(pairs) != len(list(flatten(tree))):
        return None
    roles = iter("atom" if i <= at else "rest" for i in range(len(pairs)))
    return _rebuilt(tree, lambda label: replace(label, level="copy", role=next(roles), origin=origin,
                                                rule="thread_view"))


def _as_coordinate(tree, coord):
    """`tree` nested as `coord` is, where one label stands for a mode the coordinate indexes leaf by leaf (a divide's
    rest `(128, 6)` under one label): each leaf a copy of it, on its axis variable."""
    if isinstance(coord, tuple) and isinstance(tree, ModeLabel):
        return tuple(_as_coordinate(tree, c) for c in coord)
    if isinstance(coord, tuple) and isinstance(tree, tuple) and len(tree) == len(coord):
        return tuple(_as_coordinate(t, c) for t, c in zip(tree, coord))
    return tree


def _coordinate_leaves(coord, tree) -> list:
    """A coordinate's leaves where it mirrors `tree` (None for a whole mode), else []."""
    if not isinstance(tree, tuple):
        return [] if isinstance(coord, tuple) else [coord]
    if coord is None:
        return [None] * len(list(flatten(tree)))
    if not isinstance(coord, tuple) or len(coord) != len(tree):
        return []
    return [leaf for c, t in zip(coord, tree) for leaf in _coordinate_leaves(c, t)]


def own_variables(tree, shape, origin: int):
    """`tree`'s levels and roles over `shape`, each mode an axis variable of its own and no axis yet (one per
    label several leaves share, one per leaf of an atom whose leaves run along axes of their own): a tensor laid
    out as another, holding values of its own."""
    made: dict = {}

    def own(label):
        if id(label) not in made:
            made[id(label)] = replace(label, var=fresh(), origin=origin, rule="like", axis=None, axis_rule=None,
                                      leaf_axes=None)
        return made[id(label)]

    def walk(t, s):
        if isinstance(t, tuple):
            return tuple(walk(x, y) for x, y in zip(t, s)) if isinstance(s, tuple) and len(s) == len(t) \
                else _rebuilt(t, lambda x: own(x) if isinstance(x, ModeLabel) else x)
        if not isinstance(t, ModeLabel):
            return t
        if t.leaf_axes and isinstance(s, tuple) and len(list(_leaves(s))) == len(t.leaf_axes):
            return _rebuilt(s, lambda _: replace(own(t), var=fresh()))
        return own(t)

    return walk(tree, shape)


def _rebuilt(tree, relabel):
    return tuple(_rebuilt(t, relabel) for t in tree) if isinstance(tree, tuple) else relabel(tree)


def thread_tile(inp: tuple, tile_rank: int, coord, out_rank: int, origin: int) -> tuple:
    """`local_tile(row, (8,), (c8,))` at a coordinate computed from the thread index: one thread's hand-partitioned
    copy chunk, the copy's atom (and rests), not a CTA tile."""
    return tuple(replace(label, level="copy", rule=f"thread_tile.{label.role}")
                 if isinstance(label, ModeLabel) and label.origin == origin and label.level == "block" else label
                 for label in local_tile(inp, tile_rank, coord, out_rank, origin))


def with_level(tree, old: str, level: str):
    """`tree` with every label of level `old` at `level` instead (registers that hold a write-out's values)."""
    if isinstance(tree, ModeLabel):
        return replace(tree, level=level) if tree.level == old else tree
    return tuple(with_level(t, old, level) for t in tree) if isinstance(tree, tuple) else tree


def tiled_copy_source(tree):
    """The labels of a tensor a TiledCopy partitions (`thr_copy.partition_S(local_tile(out, (1, D), (row, 0))[0,
    None])`): a thread-picked tile (`thread_tile`) that a tiled copy then partitions among its threads is the block
    tile they share, not one thread's chunk: its modes go back to `block` (rules local_tile.*); the partition is the
    copy's atom. Every other label unchanged."""
    if isinstance(tree, ModeLabel):
        if tree.level == "copy" and tree.rule.startswith("thread_tile."):
            return replace(tree, level="block", rule=f"local_tile.{tree.role}")
        return tree
    return tuple(tiled_copy_source(t) for t in tree) if isinstance(tree, tuple) else tree


def _at(inp: tuple, i):
    return inp[i] if i is not None and i < len(inp) else None


def local_tile(inp: tuple, tile_rank: int, coord, out_rank: int, origin: int, kept: list | None = None,
               whole: set = frozenset()) -> tuple:
    """`kept`: the input mode each tile mode tiles (those proj keeps), by default the first `tile_rank`; `whole`:
    input modes the tile covers whole, which keep their labels (a tile of a whole SMEM buffer is that buffer)."""
    kept = kept if kept is not None and len(kept) == tile_rank else list(range(tile_rank))
    tiles = tuple(_at(inp, i) if i in whole and _at(inp, i) is not None
                  else made("block", "atom", origin, "local_tile", _lone_leaf(_at(inp, i))) for i in kept)
    n_rest = out_rank - tile_rank
    free = [i for i, c in enumerate(coord) if c is None] if isinstance(coord, tuple) else []
    if len(free) != n_rest:
        free = [None] * n_rest
    rests = tuple(made("block", "rest", origin, "local_tile", _at(inp, i)) for i in free)
    return _pad(tiles + rests, out_rank)


def _lone_leaf(source):
    """A nested mode of one leaf (`((1),n)`, a row view's prepended mode) is that leaf: a tile of it runs along it;
    so is a nested mode whose leaves are one axis variable (a divide's (tile, rest) of 128 rows by 128: `(128,1)`)."""
    if isinstance(source, tuple):
        labels = list(flatten(source))
        one = len(labels) > 1 and all(isinstance(x, ModeLabel) and x.var is not None and x.var == labels[0].var
                                      for x in labels)
        return labels[0] if len(labels) == 1 or one else source
    return source


def _from(level: str, role: str, origin: int, op: str, inp: tuple, i: int, default: tuple,
          guess_rule: str = "hint:name") -> ModeLabel:
    """A mode made from input mode `i`: its axis, or the call's own guess (`default`, by `guess_rule`) until the
    data flow says."""
    source = _at(inp, i)
    if op == "divide" and isinstance(source, ModeLabel) and source.leaf_axes and len(source.leaf_axes) == 1 \
            and isinstance(source.leaf_axes[0], tuple) and source.leaf_axes[0][0] == "var":
        # a divide of one leaf of an atom placed on an axis (a transposing view's (keys, d) of an operand's MMA
        # tile): the tile cut along it runs along that axis, not the atom's
        return ModeLabel(level, role, None, origin, None, rule_of(op, role), None, source.leaf_axes[0][1])
    if isinstance(source, tuple):  # a nested mode (an atom's values and a rest): it runs along its rest's axis
        labels = list(flatten(source))
        source = next((x for x in labels if x.role == "rest"), labels[0] if labels else None)
    guess = None if axis(source) else (default[i] if i < len(default) else None)
    return made(level, role, origin, op, source, axis=guess, axis_rule=guess_rule if guess else None)


def _on_one_product_axis(source) -> bool:
    """Whether a mode is one leaf an instruction placed on a product's axis (a flat (rows, columns) TMEM view of an
    accumulator, `composition(tStS.layout, (128, 64))`: its rows S's M, its columns S's N) and on no variable."""
    return isinstance(source, ModeLabel) and source.leaf_axes is not None and len(source.leaf_axes) == 1 \
        and isinstance(source.leaf_axes[0], tuple) and source.leaf_axes[0][0] == "mma"


def _cut_along_product_axes(inp: tuple, tiles: tuple, rests: tuple, whole: list, level: str, origin: int) -> tuple:
    """A `logical_divide` of such modes (S's flat view cut into the column chunks one tcgen05.ld reads, as a
    softmax reads S): each tile and rest runs along its mode's product axis, where the call's own (M, N) guess
    named them as a GEMM's. (The epilogue's `flat_divide` of an accumulator slice into subtiles keeps its joins.)"""
    tiles, rests = list(tiles), list(rests)
    for i in range(min(len(tiles), len(inp))):
        if i not in whole and _on_one_product_axis(inp[i]):
            tiles[i], rests[i] = (replace(made(level, role, origin, "divide"), leaf_axes=inp[i].leaf_axes)
                                  for role in ("atom", "rest"))
    return tuple(tiles), tuple(rests)


def in_mma_form(inp) -> bool:
    """Whether a tensor is an MMA operand already: (MMA atom, MMA_M or MMA_N, MMA_K or MMA_N, ...), an SMEM buffer
    laid out for the MMA or an MMA partition. An MMA partition of it (`partition_A(sA)` of sm100's `sA`) cuts its
    atom mode as if it were the tile's first axis: its rests are none of the input's modes."""
    modes = inp if isinstance(inp, tuple) else (inp,)
    return len(modes) >= 3 and all(isinstance(m, ModeLabel) for m in modes[:3]) \
        and (modes[0].level, modes[0].role) == ("mma", "atom") \
        and all((m.level, m.role) == ("mma", "rest") for m in modes[1:3])


def partition(inp: tuple, level: str, out_rank: int, origin: int, default_axes: tuple = (),
              op: str = "partition_S", guess_rule: str = "hint:name", tile_rank: int = 2) -> tuple:
    """(atom, rests of the tiled modes, carried modes): the shape of every thread partitioner's result; the
    partitioner tiles `tile_rank` modes (an MMA's two, a copy's tiler's one or two)."""
    carried = tuple(inp[tile_rank:])
    n_rest = out_rank - 1 - len(carried)
    atom = made(level, "atom", origin, op)
    if n_rest < 0:
        return _pad((atom,), out_rank)
    rests = tuple(_from(level, "rest", origin, op, inp, i, default_axes, guess_rule) for i in range(n_rest))
    return (atom,) + rests + carried


def unit_rest_over_accumulator_atom(inp: tuple, out: tuple, shape, origin: int) -> tuple:
    """A copy's partition of an MMA-shaped TMEM tensor ((M, N) atom, MMA_M, MMA_N: `tOtO` read whole by a tcgen05.ld
    whose lanes and warps cover the atom's rows): its rest over the atom repeats the copy along the atom's columns.
    Of extent 1 it steps no stride to place it by, and the call's own guess (M) named it as a GEMM's rows; it takes
    the atom's column axis, as the rests of more than one repeat do by their strides."""
    atom = inp[0] if inp else None
    if not isinstance(atom, ModeLabel) or not atom.leaf_axes or len(atom.leaf_axes) < 2 \
            or not all(isinstance(k, tuple) and k[0] == "mma" for k in atom.leaf_axes) \
            or len(out) < 2 or not isinstance(shape, tuple) or len(shape) < 2 or _extent(shape[1]) != 1:
        return out
    rest = out[1]
    if not isinstance(rest, ModeLabel) or rest.origin != origin or rest.axis_rule != "hint:name":
        return out
    return (out[0], replace(rest, axis=None, axis_rule=None, leaf_axes=(atom.leaf_axes[-1],))) + tuple(out[2:])


def unit_rests_apart(out: tuple, source, origin: int, op: str) -> tuple:
    """An MMA partition's rest over an input mode of extent 1 (a (16, 1) row-statistics tile partitioned as the
    accumulator, its column a rest of the row tiles) holds none of that mode's data: the MMA slot names the
    rest, and the input's mode keeps its own axis (joined, the slot's axis would cross into the input's)."""
    if not isinstance(source, tuple):
        return out
    return tuple(made("mma", "rest", origin, op) if 1 <= i <= 2 and i - 1 < len(source) and _extent(source[i - 1]) == 1
                 and isinstance(label, ModeLabel) and label.origin == origin else label for i, label in enumerate(out))


def fragment_from_shape(level_axes: tuple, out_rank: int, origin: int) -> tuple:
    """A fragment made from a partition shape: (atom, rests, then pipeline stages appended by the kernel)."""
    labels = [made("mma", "atom", origin, "fragment")]
    labels += [made("mma", "rest", origin, "fragment", axis=a, axis_rule="mma_slot")
               for a in level_axes[: max(0, min(2, out_rank - 1))]]
    labels += [made("stage", "stage", origin, "fragment") for _ in range(out_rank - len(labels))]
    return tuple(labels[:out_rank])


def as_mma_operand(tree, shape, origin: int):
    """An SMEM or TMEM buffer an MMA fragment reads in its own rank, as the MMA lays it out: (MMA atom, MMA_M or
    MMA_N, MMA_K, stages...); None when it is so already or is no such tree. Its modes keep their variables
    when it made them (views share them), else get new ones (labels taken from a like layout say nothing)."""
    if not isinstance(tree, tuple) or len(tree) < 3 or not all(isinstance(m, ModeLabel) for m in tree) \
            or not isinstance(shape, tuple) or not isinstance(shape[0], tuple):
        return None
    if all(m.level == "mma" and m.role == "rest" for m in tree[1:3]):
        return None

    def mode(level, role, label):
        own = label.origin == origin and label.var is not None
        return made(level, role, origin, "smem_buffer", label if own else None)

    rests = [mode("mma", "rest", m) for m in tree[1:3]]
    stages = [mode("stage", "stage", m) for m in tree[3:]]
    atom = mode("mma", "atom", tree[0])
    if len(shape[0]) == 2:  # the atom's two sub-modes run along the two rests' axes
        atom = replace(atom, leaf_axes=tuple(("var", r.var) for x, r in zip(shape[0], rests) for _ in _leaves(x)))
    return (atom, *rests, *stages)


def operand_by_use(tree, shape, origin: int, thread: bool):
    """A tensor an MMA slot reads that no MMA call made, as the MMA reads it: (MMA atom, the slot's two rests,
    then stages of a CTA's SMEM or TMEM buffer); None when it is in MMA form already, was made by a partition or
    fragment call (a level of its own), or is no (atom, rest, rest, ...) tree. Its modes keep their variables (the
    joins its loads made hold); a buffer's atom of two sub-modes runs along the rests' axes, sub-mode by sub-mode
    (`as_mma_operand`); one `thread`'s fragment or partition (atom, rest, rest) holds the instruction's values,
    no rest's."""
    if not isinstance(tree, tuple) or len(tree) < 3 or not isinstance(shape, tuple) or not isinstance(shape[0], tuple) \
            or (thread and len(tree) != 3) or in_mma_form(tree):
        return None
    if any(label.level not in ("input", "block", "stage", "?") for label in flatten(tree)):
        return None

    def mode(level, role, label):
        first = next(flatten(label), None)
        return made(level, role, origin, "operand", first if first is not None and first.var is not None else None)

    rests = [mode("mma", "rest", m) for m in tree[1:3]]
    stages = [mode("stage", "stage", m) for m in tree[3:]]
    atom = mode("mma", "atom", tree[0])
    held = [label.var for label in flatten(tree[0])]
    if len(held) == len(list(_leaves(shape[0]))) > 1 and None not in held and len(set(held)) > 1:
        atom = replace(atom, leaf_axes=tuple(("var", v) for v in held))  # its leaves' own axes, as views laid them
    elif not thread and len(shape[0]) == 2:
        atom = replace(atom, leaf_axes=tuple(("var", r.var) for x, r in zip(shape[0], rests) for _ in _leaves(x)))
    return (atom, *rests, *stages)


def scale_operand(tree, origin: int):
    """Register scale factors a block-scaled warp MMA slot reads (`tCrSFA_frg[None, None, k_block, k_in_sf]`) that no
    MMA call made: (atom, rest, rest, ...), each mode on an axis of its own for the slot to bind (the labels the
    storage's views gave are another tensor's axes: a packed view of the rows); None for a tree in MMA form or made by
    an MMA or copy call."""
    if not isinstance(tree, tuple) or len(tree) < 2 or in_mma_form(tree) \
            or any(label.level not in ("input", "block", "stage", "?") for label in flatten(tree)):
        return None
    return (made("mma", "atom", origin, "scale_operand"),
            *(made("mma", "rest", origin, "scale_operand") for _ in tree[1:]))


def warp_operand(tree, shape, coords: list | None, origin: int):
    """A register array a warp MMA issued by hand reads (`levels` of `rK` when `mma.sync` reads `rK[None, m, k]`),
    leaf by leaf: a leaf the slice keeps (coordinate None; every leaf of the fragment itself, `coords` None) is
    the instruction's atom, on an axis of its own (a thread's registers mix rows with K or columns); a leaf the
    slice indexes is a rest, keeping its variable. None for an array an MMA call labelled (a level of its own)."""
    labels = list(flatten(tree))
    extents = list(_leaves(shape))
    if any(label.level == "mma" and not label.rule.startswith("warp_mma") for label in labels):
        return None
    coords = coords if coords is not None else [None] * len(extents)
    if len(coords) != len(extents):
        return None
    own = labels if len(labels) == len(extents) else labels_per_leaf(tree, shape)
    made_leaves = iter([label if label is not None and label.rule == f"warp_mma.{role}" else
                        made("mma", role, origin, "warp_mma", label if role == "rest" else None)
                        for label, role in ((label, "atom" if c is None else "rest") for label, c in zip(own, coords))])

    def rebuild(s):
        return tuple(rebuild(x) for x in s) if isinstance(s, tuple) else next(made_leaves)

    return rebuild(shape)


def labels_per_leaf(tree, shape) -> list:
    """Each leaf's label where the tree labels a leaf mode with one label (a nested mode labelled whole, as
    `make_rmem_tensor(((8, 2), 4, 4))` labels its first, gives each of its leaves None: no one of them is it)."""
    if isinstance(shape, tuple):
        if isinstance(tree, tuple) and len(tree) == len(shape):
            return [label for t, s in zip(tree, shape) for label in labels_per_leaf(t, s)]
        return [None] * len(list(_leaves(shape)))
    return [tree if isinstance(tree, ModeLabel) else None]


def nest(shape, labels: list):
    """One label per leaf of `shape`, left to right, nested as the shape is (a mode whose leaves differ)."""
    given = iter(labels)

    def rebuild(s):
        return tuple(rebuild(x) for x in s) if isinstance(s, tuple) else next(given)

    return rebuild(shape)


def flat_operand(tree, origin: int):
    """A flat tile that an MMA issued by hand reads through a descriptor of its address (`sA[None, None, stage]` of
    (rows, columns, stages)): every mode but the stages is the instruction's atom, each keeping its variable; None
    for a tree of a level of its own (a partition's, a fragment's). An SMEM buffer's labels guessed from its rank
    alone (`smem_buffer`: rank 4 taken as (atom, rests, stage)) give way."""
    if not isinstance(tree, tuple) or any(label.level not in ("input", "block", "stage", "?")
                                          and not label.rule.startswith("smem_buffer") for label in flatten(tree)):
        return None

    def atom(label):
        if isinstance(label, tuple):
            return tuple(atom(x) for x in label)
        return label if label.level == "stage" else made("mma", "atom", origin, "hand_operand", label)

    return tuple(atom(mode) for mode in tree)


def flat_scale_factors(tree, origin: int):
    """A flat tile of scale factors that an MMA issued by hand reads from TMEM, copied there whole by tcgen05.cp
    (packed scales, blocks of rows, stages): its first mode packs a block's rows and scales (the instruction's atom,
    along no one axis), the next its blocks of rows (a rest), the stages stay; None for a tree of a level of its
    own or of another rank."""
    if not isinstance(tree, tuple) or len(tree) != 3 or not isinstance(tree[2], ModeLabel) or tree[2].level != "stage" \
            or any(label.level not in ("input", "block", "stage", "?") for label in flatten(tree)):
        return None
    return (made("mma", "atom", origin, "hand_scales"), made("mma", "rest", origin, "hand_scales", tree[1]), tree[2])


def first_mode(inp: tuple, level: str, out_rank: int, origin: int, role: str = "atom", op: str = "retile") -> tuple:
    """The first mode replaced by `level`'s atom, the others carried (tma_partition, retile, fragments)."""
    return _pad((made(level, role, origin, op),) + tuple(inp[1:]), out_rank)


def group_modes(inp: tuple, begin: int, end: int, out_rank: int) -> tuple:
    return _pad(tuple(inp[:begin]) + (tuple(inp[begin:end]),) + tuple(inp[end:]), out_rank)


def _as_rest(tree, level: str, origin: int):
    """A mode the tiler left whole: a kernel input's mode (a batch L), or an identity tensor's (the grid's
    coordinates' L), is one more rest of the tiling."""
    if isinstance(tree, ModeLabel):
        return made(level, "rest", origin, "divide", tree) if tree.level in ("input", "coord") else tree
    return tuple(_as_rest(t, level, origin) for t in tree)


def divide(kind: str, inp: tuple, tile_rank: int, level: str, out_rank: int, origin: int,
           default_axes: tuple = (), whole: list = (), tiler=None) -> tuple:
    """`whole`: modes the tiler leaves undivided (`None`): they stay as they are, their rest is trivial. `tiler`:
    the tiler's shape, for a mode it cuts leaf by leaf (`_leaf_by_leaf`)."""
    tiles = tuple(inp[i] if i in whole and i < len(inp) else _from(level, "atom", origin, "divide", inp, i, default_axes)
                  for i in range(tile_rank))
    rests = tuple(inp[i] if i in whole and i < len(inp) else _from(level, "rest", origin, "divide", inp, i, default_axes)
                  for i in range(tile_rank))
    tiles, rests = _leaf_by_leaf(inp, tiles, rests, tiler)
    tiles, rests = _rests_divided(inp, tiles, rests, whole, origin)
    # a pipeline stage cut (`zipped_divide(sX, (1, 2, 1))` of a (tokens, channels, stages) ring) is still stages
    stages = [i for i in range(min(tile_rank, len(inp))) if isinstance(inp[i], ModeLabel) and inp[i].level == "stage"]
    tiles = tuple(inp[i] if i in stages else t for i, t in enumerate(tiles))
    rests = tuple(inp[i] if i in stages else r for i, r in enumerate(rests))
    if kind == "logical_divide":
        tiles, rests = _cut_along_product_axes(inp, tiles, rests, whole, level, origin)
    carried = tuple(_as_rest(t, level, origin) for t in inp[tile_rank:])
    if kind == "flat_divide":
        out = tiles + rests + carried
    elif kind == "zipped_divide":
        out = (tiles, rests + carried)
    elif kind == "tiled_divide":
        out = (tiles,) + rests + carried
    else:  # a mode the tiler leaves whole is that mode, unchanged: no (tile, rest) pair
        out = tuple(inp[i] if i in whole and i < len(inp) else (t, r)
                    for i, (t, r) in enumerate(zip(tiles, rests))) + carried
    return _pad(out, out_rank)


def _leaf_by_leaf(inp: tuple, tiles: tuple, rests: tuple, tiler) -> tuple:
    """A mode cut by a nested tiler of one entry per leaf (`zipped_divide(tCtAcc, ((128, 64),))` of an accumulator's
    ((128, 256), 1, 1), whose first mode is one atom label with an axis per leaf): each leaf of the tile, and of the
    rest, runs along the leaf of the atom it cut (128 rows M, 64 columns N; rests 1 along M, 4 along N)."""
    if not isinstance(tiler, tuple):
        return tiles, rests
    tiles, rests = list(tiles), list(rests)
    for i, sub in enumerate(tiler[:min(len(tiles), len(inp))]):
        source = inp[i]
        if isinstance(sub, tuple) and isinstance(source, ModeLabel) and source.leaf_axes \
                and len(source.leaf_axes) == len(sub) > 1 and all(not isinstance(x, tuple) for x in sub):
            tiles[i], rests[i] = (replace(t, leaf_axes=source.leaf_axes, axis_rule=None) if isinstance(t, ModeLabel)
                                  else t for t in (tiles[i], rests[i]))
    return tuple(tiles), tuple(rests)


def _rests_divided(inp: tuple, tiles: tuple, rests: tuple, whole: list, origin: int) -> tuple:
    """A divide of a copy partition's rest mode (`logical_divide(tCsA, (None, None, warps, None))`: the k-blocks an
    ldmatrix partition repeats over, split among warps; a TMEM load's column repeats split among warpgroups): both
    parts still count repeats of the copy's atom, rests of its level (copy or store) along its axis, not a CTA tile
    and its count. (An accumulator's MMA rests cut by an epilogue tile are
    the epilogue's subtiles: not these.)"""
    tiles, rests = list(tiles), list(rests)
    for i in range(min(len(tiles), len(inp))):
        labels = list(flatten(inp[i]))
        if i in whole or not labels or any(x.role != "rest" for x in labels) \
                or len({x.level for x in labels}) != 1 or labels[0].level not in ("copy", "store"):
            continue
        source = labels[-1]  # the mode's outermost repeat: the axis the whole mode runs along
        tiles[i], rests[i] = (made(source.level, "rest", origin, "rest_divide", source) for _ in range(2))
    return tuple(tiles), tuple(rests)


def remade(tree, level: str, role: str, origin: int, op: str):
    """Every mode of a tree made anew by `op` as `level`-`role`, each along the axis of the mode it was."""
    if isinstance(tree, tuple):
        return tuple(remade(t, level, role, origin, op) for t in tree)
    if tree.leaf_axes and len(tree.leaf_axes) == 1:  # one leaf of an atom (its rows or its columns): that leaf's axis
        return replace(made(level, role, origin, op), leaf_axes=tree.leaf_axes)
    return made(level, role, origin, op, tree)


def local_partition(inp: tuple, tile_rank: int, out_rank: int, origin: int, level: str = "copy") -> tuple:
    rests = tuple(made(level, "rest", origin, "local_partition", _at(inp, i)) for i in range(tile_rank))
    return _pad(rests + tuple(inp[tile_rank:]), out_rank)


def sliced(inp: tuple, coord, shape=None) -> tuple | None:
    """Labels of ``t[coord]``: the modes a ``None`` keeps, flattened as CuTe flattens a slice. `shape` (t's, when
    known) splits an atom's leaf axes among its sub-modes (`tAcc[(None, None), 0, 0]` of a (64, (128, 2)) atom)."""
    if coord is None:
        return tuple(inp)
    if not isinstance(coord, tuple):
        return ()
    kept: list = []
    shapes = shape if isinstance(shape, tuple) and len(shape) == len(inp) else (None,) * len(inp)
    for t, c, s in zip(inp, coord, shapes):
        _slice_into(kept, t, c, s)
    return tuple(kept)


def _slice_into(kept: list, tree, c, s) -> None:
    """`sliced`'s walk of one mode, appending what `c` keeps to `kept` (a module function, not a closure: a
    recursive closure is a reference cycle, garbage that only the collector frees, at every slice traced)."""
    if c is None:
        kept.append(tree)
    elif isinstance(c, tuple):
        subs, sub_shapes = (tree,) * len(c), s if isinstance(s, tuple) and len(s) == len(c) else (None,) * len(c)
        if isinstance(tree, tuple):
            subs = tree
        elif tree.leaf_axes and len(tree.leaf_axes) == len(c):  # an atom split leaf by leaf: each its axis
            subs = tuple(replace(tree, leaf_axes=(a,)) for a in tree.leaf_axes)
        elif tree.leaf_axes and None not in sub_shapes:  # split by its sub-modes' leaves
            counts = [sum(1 for _ in _leaves(x)) for x in sub_shapes]
            if sum(counts) == len(tree.leaf_axes):
                starts = [sum(counts[:i]) for i in range(len(counts))]
                subs = tuple(replace(tree, leaf_axes=tree.leaf_axes[a:a + n]) for a, n in zip(starts, counts))
        for t, cc, ss in zip(subs, c, sub_shapes):
            _slice_into(kept, t, cc, ss)


def label_at(tree, path: tuple):
    """The label covering the mode at `path` (mode indices from the top), or None."""
    for i in path:
        if isinstance(tree, ModeLabel):
            return tree
        if not isinstance(tree, tuple) or i >= len(tree):
            return None
        tree = tree[i]
    return tree if isinstance(tree, ModeLabel) else None


def flatten(tree):
    """The labels of a tree, in mode order. One generator walks the whole tree (a stack of its nodes' iterators),
    not one per node: trees are flattened at every traced slice and call, tens of thousands of nodes per trace."""
    if isinstance(tree, ModeLabel):
        yield tree
        return
    stack = [iter(tree)]
    while stack:
        for t in stack[-1]:
            if isinstance(t, ModeLabel):
                yield t
            elif isinstance(t, str):  # a text's characters are texts: iterating them would never end
                raise TypeError(f"a label tree holds a text: {t!r}")
            else:
                stack.append(iter(t))
                break
        else:
            stack.pop()


def labelled(shape, tree) -> str:
    """A shape with each mode's label: ``((128,16) mma-atom, 1 mma-rest-M, 4 mma-rest-K, 16 block-rest-K)``.

    The bare shape when the labels do not fit it (a tensor of unknown origin).
    """
    from cute_inspect.trace.shape import format_shape

    if not isinstance(shape, tuple) or not isinstance(tree, tuple) or len(tree) != len(shape):
        return format_shape(shape)
    parts = []
    for s, t in zip(shape, tree):
        if isinstance(t, ModeLabel):
            parts.append(f"{format_shape(s)} {t}")
        else:
            parts.append(f"{format_shape(s)} [{' '.join(str(x) for x in flatten(t))}]")
    return "(" + ", ".join(parts) + ")"


def to_json(tree):
    if isinstance(tree, ModeLabel):
        return str(tree)
    return [to_json(t) for t in tree]


def origins_json(tree):
    if isinstance(tree, ModeLabel):
        return tree.origin
    return [origins_json(t) for t in tree]


def leaves(shape, tree) -> list:
    """One label per leaf of `shape`, left to right: a label covering a nested mode labels each of its leaves."""
    if isinstance(tree, ModeLabel):
        count = sum(1 for _ in _leaves(shape))
        axes = tree.leaf_axes * count if tree.leaf_axes and len(tree.leaf_axes) == 1 else tree.leaf_axes
        if axes and len(axes) == count and all(isinstance(x, (str, type(None))) for x in axes):
            # an atom's leaves, or a grouped (h, b) input mode's with no rule of its own, carry the atom's shape
            rule = "atom_shape" if tree.role == "atom" or not tree.axis_rule else tree.axis_rule
            return [replace(tree, axis=a, axis_rule=rule if a else None) for a in axes]
        return [tree] * count
    if isinstance(shape, tuple) and isinstance(tree, tuple) and len(shape) == len(tree):
        return [label for s, t in zip(shape, tree) for label in leaves(s, t)]
    labels = list(flatten(tree)) if isinstance(tree, tuple) else []
    count = sum(1 for _ in _leaves(shape))
    return labels if len(labels) == count else [UNKNOWN] * count


def rule_name(label: ModeLabel, index: int) -> str:
    """The rule that gave a leaf its label: the axis's rule when it has an axis, else the call's (`carried`
    for a mode the record took unchanged from its input)."""
    if label.axis and label.axis_rule:
        return label.axis_rule
    if label.level == "?":
        return "unknown"
    return label.rule if label.origin == index else "carried"


def fit(tree, shape) -> object:
    """Expand a label tree to the nesting of `shape` where a label covers a nested mode (for drawing)."""
    if isinstance(tree, ModeLabel):
        return tree
    if not isinstance(shape, tuple) or len(shape) != len(tree):
        return tree
    return tuple(fit(t, s) for t, s in zip(tree, shape))


_ROLE_SYMBOLS = {
    ("block", "atom"): "b{axis}", ("block", "tma"): "TMA", ("block", "rest"): "Rest{axis}",
    ("mma", "atom"): "MMA", ("mma", "rest"): "MMA_{axis}",
    ("epi", "atom"): "EPI_TILE_{axis}", ("epi", "rest"): "EPI_{axis}",
    ("copy", "atom"): "CPY", ("copy", "rest"): "CPY_{axis}",
    ("store", "atom"): "ST", ("store", "rest"): "ST_{axis}", ("store", "tma"): "TMA",
}


def symbol(label: ModeLabel) -> str:
    """The name CUTLASS comments give such a mode: bM, RestK, MMA, MMA_M, EPI_TILE_M, EPI_N, CPY, STAGE..."""
    if label.level == "stage":
        return "STAGE"
    if label.level in ("input", "coord"):
        return label.axis or "_"
    pattern = _ROLE_SYMBOLS.get((label.level, label.role))
    if pattern is None:
        return "_"
    if "{axis}" in pattern and not label.axis:
        return {"b{axis}": "BLK", "Rest{axis}": "Rest"}.get(pattern, pattern.replace("_{axis}", "_REST"))
    return pattern.format(axis=label.axis or "")


def symbols(tree) -> str:
    """A label tree as a mode comment: ``(MMA, MMA_M, MMA_K, RestM, RestK, RestL)``."""
    if isinstance(tree, ModeLabel):
        return symbol(tree)
    return "(" + ", ".join(symbols(t) for t in tree) + ")"
