"""What each traced call says about the axes of its tensors, and the labels once the whole trace is known.

`observe` runs at each call: an MMA partition or `cute.gemm` joins its operands' modes to the MMA's axes, a
`local_tile` with `proj` joins the input's modes to the tiler's positions, a copy or TMA partition joins the
modes of the two tensors it connects. `settle` runs when the trace ends: it solves the axes (`axes.Axes.solve`),
writes them into every record's labels, and re-levels what only the whole data flow shows (a divide over the
accumulator's axes is EPI, copies of it are Store, an SMEM buffer nothing reads as an operand is metadata).
"""

from __future__ import annotations

from cute_inspect.trace import levels as _levels
from cute_inspect.trace.axes import Axes, fresh, slot_axes
from cute_inspect.trace.layout_text import leaf_tree, top_modes
from cute_inspect.trace.levels import replace  # dataclasses.replace, fast for labels
from cute_inspect.trace.shape import format_shape
from cute_inspect.trace.shape import leaves as _leaves  # `leaves` names lists of labels here

# the argument each operand slot of a data-flow event is bound to
OPERAND_ARGS = {
    "gemm": {"D": "d", "A": "a", "B": "b", "C": "c"},
    "copy": {"src": "src", "dst": "dst"},
}

_MMA_OPS = {"partition_shape_A": "A", "partition_shape_B": "B", "partition_shape_C": "C", "partition_A": "A", "partition_B": "B", "partition_C": "C",
            "make_fragment_A": "A", "make_fragment_B": "B", "make_fragment_C": "C"}
_COPY_OPS = ("partition_S", "partition_D", "retile")
_VIEW_OPS = ("local_tile", "partition_A", "partition_B", "partition_C", "partition_S", "partition_D",
             "tma_partition", "group_modes", "domain_offset", "filter_zeros", "recast_tensor", "composition",
             "select", "flatten", "coalesce", "flat_divide", "zipped_divide", "tiled_divide", "logical_divide")
_SAME_MODES = ("recast_tensor", "filter_zeros", "make_fragment_like", "make_rmem_tensor_like", "domain_offset")
_DIVIDES = ("flat_divide", "zipped_divide", "tiled_divide", "logical_divide")


class _Groups:
    """Union-find over record indices or any hashable keys: `join(a, b)` puts a's group under b's root, `find`
    gives a key's root (a key never joined is its own)."""

    def __init__(self) -> None:
        self.parent: dict = {}

    def find(self, i):
        parent = self.parent
        while parent.get(i, i) != i:
            i = parent[i]
        return i

    def join(self, a, b) -> None:
        self.parent[self.find(a)] = self.find(b)


class Partitioners:
    """Numbers the MMA and copy objects of a trace: a TiledMma and its ThrMma slices share one number."""

    def __init__(self, carried=None):
        self.numbers: dict = {}
        self.kinds: dict = {}  # (id of a copy's operation, its MLIR type) -> the number of the first such copy
        self.carried = carried  # whether a trait's value is one a dynamic loop or branch carries
        self.held: list = []  # keeps the objects alive, so their ids stay theirs
        self.shapes: dict = {}  # MMA object number -> its (M, N, K) extents, from its MLIR type
        self.values: dict = {}  # MMA object number -> slot -> ((extent, axis letter), ...) of one thread's values
        self.threads: dict = {}  # (copy object number, partition op) -> the tile mode its threads step
        self.tiler_ranks: dict = {}  # copy object number -> how many modes its tiler cuts
        self.tilers: dict = {}  # copy object number -> its tiler's text (`[(4,16):(16,1);64:1]`)
        self.cuts: dict = {}  # copy partition record index -> (labels, shape) of the tensor it partitions
        # copy object number -> (op, [(labels, shape, tile, coordinates) of the partitions of that side made since
        # the other side's], whether the latest was paired)
        self.partitions: dict = {}
        self.sides: dict = {}  # copy object number -> the partition calls it made
        # copy object number -> (labels, shape) of the other side's latest partition when the latest pair closed
        self.paired_with: dict = {}
        self.pairs: dict = {}  # copy object number -> how many times its two sides paired (tiles it served)

    def number(self, obj) -> int:
        # an MMA's operation object: shared by a TiledMma, its slices, and the copies a dynamic loop makes of
        # them (their MLIR values are new each time); a copy's trait, shared by a TiledCopy and its slices
        # (copies of one operation may tile differently)
        trait = getattr(obj, "_trait", None)
        mma = type(obj.op).__name__.startswith("Mma") or "Mma" in type(obj).__name__
        key = id(obj.op) if mma else id(trait if trait is not None else obj)
        found = self.numbers.get(key)
        if found is not None:
            return found
        kind = None if mma or trait is None else getattr(getattr(trait, "value", None), "type", None)
        if kind is not None and self.carried is not None and self.carried(trait):
            # a dynamic loop's copy of a TiledCopy (a new trait over a block argument) keeps the operation and the
            # uniqued MLIR type, which says the tiling: the copy made before the loop
            found = self.kinds.get((id(obj.op), kind))
        if found is None:
            found = len(self.held)
            self.held.append(obj)
        self.numbers[key] = found
        if kind is not None:
            self.kinds.setdefault((id(obj.op), kind), found)
        return found

    def by_hand(self, key: tuple) -> int:
        """The number of an MMA issued by hand (inline PTX: no MMA object to number), one per `key` (its
        accumulator and instruction descriptor)."""
        found = self.numbers.get(("by hand",) + key)
        if found is None:
            found = self.numbers[("by hand",) + key] = len(self.held)
            self.held.append(key)
        return found

    def made_by(self, op: str, bound: dict, site) -> dict | None:
        """`made_by` of the JSON contract: which partitioner object (and atom operation) made the record."""
        from cute_inspect.trace.source import argument_text, receiver_text

        if op in _MMA_OPS:
            kind, obj = "mma", bound.get("self")
        elif op in _COPY_OPS:
            kind, obj = "copy", bound.get("self")
        elif op in ("tma_partition", "copy"):
            kind, obj = "tma" if op == "tma_partition" else "copy", bound.get("atom")
        elif op == "gemm":
            kind, obj = "mma", bound.get("atom")
        else:
            return None
        if obj is None:
            return {"kind": None, "object": None, "op": None, "receiver": None, "line": None}
        operation = type(getattr(obj, "op", None)).__name__ if getattr(obj, "op", None) is not None else None
        if kind == "copy" and operation and "BulkTensor" in operation:
            kind = "tma"
        receiver = None
        if site.direct:
            try:
                receiver = receiver_text(site, op) if "self" in bound else argument_text(site, 0, op)
            except Exception:
                receiver = None
        number = self.number(obj)
        if op in ("partition_S", "partition_D") and (number, op) not in self.values:
            self.values[(number, op)] = _copy_value_modes(obj, op)
            self.threads[(number, op)] = _copy_thread_mode(obj, op)
            self.tiler_ranks[number] = tiler_rank(obj)
            self.tilers[number] = _tiler_text(obj)
        if op == "retile" and (number, op) not in self.values:
            # a retiled register fragment is either side of the copy: its values step the tile's modes as both
            # sides' value layouts say, when they say the same
            sides = [_copy_value_modes(obj, side) for side in ("partition_S", "partition_D")]
            self.values[(number, op)] = sides[0] if sides[0] == sides[1] else None
        if kind == "mma" and number not in self.shapes:
            self.shapes[number] = _shape_mnk(obj)
            self.values[number] = {slot: _value_axes(obj, slot, self.shapes[number]) for slot in "ABC"}
        return {"kind": kind, "object": number, "op": operation, "receiver": receiver, "line": _made_at(obj)}


def _shape_mnk(obj) -> tuple | None:
    """A tiled MMA's (M, N, K) extents, read from its MLIR type (no IR is emitted)."""
    import re

    try:
        text = str(obj._trait.value.type.shape_mnk)
    except Exception:
        return None
    numbers = tuple(int(n) for n in re.findall(r"\d+", text))
    return numbers if len(numbers) == 3 else None


def _tiler_text(obj) -> str | None:
    try:
        return str(obj._trait.value.type.tiler_mn)
    except Exception:
        return None


def tiler_rank(obj) -> int | None:
    """How many modes a tiled copy's tiler cuts (``[16:1;64:1]`` is 2), from its MLIR type."""
    try:
        text = str(obj._trait.value.type.tiler_mn)
    except Exception:
        return None
    inner = text[text.find("[") + 1:text.rfind("]")]
    return inner.count(";") + 1 if inner else None


def _copy_tv(obj, op: str) -> tuple | None:
    """A tiled copy's (thread, value) layout on the partitioned side, as a leaf tree, with its tile's first mode's
    size: (32,4):(1,32) is 128. None where the tile is neither rows nor 2-D."""
    import re

    side = "src" if op == "partition_S" else "dst"
    try:
        kind = obj._trait.value.type
        tiler_text = str(kind.tiler_mn)
        text = str(getattr(kind, f"layout_{side}_tv_tiled"))
    except Exception:
        return None
    tree = leaf_tree(text[text.find('"') + 1:text.rfind('"')])
    inner = tiler_text[tiler_text.find("[") + 1:tiler_text.rfind("]")]
    parts = inner.split(";")
    if len(parts) not in (1, 2) or not isinstance(tree, tuple) or len(tree) != 2:  # a tile of rows, or 2-D
        return None
    first = 1  # the tile's first mode's size: (32,4):(1,32) is 128
    for extent in re.findall(r"\d+", parts[0].split(":")[0]):
        first *= int(extent)
    return tree, first


def _tile_steps(leaves, first: int) -> list | None:
    """(extent, the tile mode it steps: 0, 1 or None) of each leaf of a TV layout: a stride below the tile's
    first extent steps mode 0, a multiple of it mode 1; a size-1 or broadcast leaf none."""
    out = []
    for leaf in _leaves(leaves):
        extent, _, stride = leaf.partition(":")
        if not (extent.isdigit() and stride.isdigit()):
            return None
        extent, stride = int(extent), int(stride)
        if extent == 1 or stride == 0:
            out.append((extent, None))
        elif stride * (extent - 1) < first:
            out.append((extent, 0))
        elif stride % first == 0:
            out.append((extent, 1))
        else:
            out.append((extent, None))
    return out


def _copy_value_modes(obj, op: str) -> tuple | None:
    """Each value leaf of a tiled copy's (thread, value) layout on the partitioned side with the tile mode it steps
    (0 or 1; None for a size-1 leaf): a stride below the tile's first extent steps mode 0 (quack's 128-bit loads
    of (8,1) values at stride 2 in a (2, 512) tile step mode 1, the columns)."""
    tv = _copy_tv(obj, op)
    out = _tile_steps(tv[0][1], tv[1]) if tv is not None else None
    if out is None:
        return None
    steps = {mode for extent, mode in out[1:] if extent != 1}
    if out and out[0] == (1, None) and len(steps) == 1 and None not in steps:
        # a one-element atom repeated along one tile mode (a 32-bit copy, two per thread along the head dim): its
        # value runs along that mode too; a trailing size-1 repeat ((8,1) of a 128-bit copy) along none
        out[0] = (1, steps.pop())
    return tuple(out)


def _copy_thread_mode(obj, op: str) -> int | None:
    """The one tile mode a tiled copy's threads step on the partitioned side, when they step one whole: threads
    (128, 1) over a (128, 8) tile give each thread one row (mode 0)."""
    tv = _copy_tv(obj, op)
    out = _tile_steps(tv[0][0], tv[1]) if tv is not None else None
    modes = {mode for extent, mode in out or () if extent != 1}
    if len(modes) != 1 or None in modes:
        return None
    mode = modes.pop()
    count = _size(tuple(extent for extent, _ in out))
    return mode if mode == 0 and count == tv[1] else None


def with_copy_axes(tree, shape, values: tuple | None, source: tuple, origin: int):
    """A copy partition's labels with its atom's leaves running along the partitioned tensor's first or second
    mode's axis, as the copy's value layout says."""
    modes = _modes(tree)
    if not values or not modes or not isinstance(modes[0], _levels.ModeLabel) or modes[0].origin != origin \
            or not isinstance(shape, tuple) or not shape:
        return tree
    steps = _per_leaf(values, list(_leaves(shape[0])))
    if steps is None:
        return tree
    sources = [_var(source[i]) if i is not None and i < len(source) else None for i in steps]
    if not any(sources):
        return tree
    keys = tuple(("var", v) if v is not None else None for v in sources)
    return (replace(modes[0], leaf_axes=keys),) + tuple(modes[1:])


def _per_leaf(values: tuple, leaves: list) -> list | None:
    """The tile mode each leaf of a partition's atom steps: a value leaf the partition splits in several
    ((8,(4,2)) over values (8, 8): a tiled copy of two atoms' values) gives each part its mode."""
    out, at = [], 0
    for extent, mode in values:
        product = 1
        while at < len(leaves) and isinstance(leaves[at], int) and (product < extent or extent == product == 1):
            product *= leaves[at]
            out.append(mode)
            at += 1
            if extent == 1:
                break
        if product != extent:
            return None
    return out if at == len(leaves) else None


def _value_axes(obj, slot: str, mnk: tuple | None) -> tuple | None:
    """Each value leaf of the atom's (thread, value) layout for `slot` with the axis it runs along: the TV layout
    maps to a column-major (M, K), (N, K) or (M, N) coordinate, so a stride below the first extent steps the
    first axis and a multiple of it the second (wgmma's C values (2,2,16):(64,8,512) run N, M, N)."""
    if mnk is None:
        return None
    try:
        text = str(getattr(obj._trait.value.type, f"layout_{slot.lower()}_tv"))
    except Exception:
        return None
    text = text[text.find('"') + 1:text.rfind('"')]
    tree = leaf_tree(text)
    if not isinstance(tree, tuple) or len(tree) != 2:
        return None
    extents = dict(zip("MNK", mnk))
    first, second = slot_axes(slot)
    out = []
    for leaf in _leaves(tree[1]):
        extent, _, stride = leaf.partition(":")
        try:
            extent, stride = int(extent), int(stride)
        except ValueError:
            return None
        if extent == 1 or stride == 0:
            out.append((extent, None))
        elif stride * (extent - 1) < extents[first]:
            out.append((extent, first))
        elif stride % extents[first] == 0:
            out.append((extent, second))
        else:
            out.append((extent, None))
    return tuple(out)


def atom_axes(atom_shape, mnk: tuple | None, slot: str, values: tuple | None = None) -> tuple | None:
    """The axes of an MMA atom's two leaves when they are the instruction's extents along the slot's axes
    (tcgen05 and wgmma atoms: (128, 16) of A is (M, K)); None for a thread's scattered values (SM80)."""
    leaves = list(_leaves(atom_shape))
    if values and [e for e, _ in values if e != 1] == [e for e in leaves if e != 1]:
        axes = iter(a for e, a in values if e != 1)
        found = tuple(next(axes) if e != 1 else None for e in leaves)
        return found if any(found) else None
    if mnk is None or not isinstance(atom_shape, tuple) or len(atom_shape) != 2:
        return None
    x, y = (_size(s) for s in atom_shape)  # a 2-CTA accumulator's (64, (64, 2)): its N split over the lanes
    if x is None or y is None:
        return None
    extents = dict(zip("MNK", mnk))
    first, second = slot_axes(slot)
    fits = x >= 32 and extents[first] % x == 0 and (y == extents[second] or (second != "K" and extents[second] % y == 0))
    return tuple(a for sub, a in zip(atom_shape, (first, second)) for _ in _leaves(sub)) if fits else None


def with_atom_axes(tree, shape, mnk: tuple | None, slot: str, origin: int, mma: int, values: tuple | None = None):
    """An MMA partition's labels with its atom's leaf axes (see `atom_axes`), as the MMA's axis keys until the
    trace is settled."""
    modes = _modes(tree)
    if not modes or not isinstance(modes[0], _levels.ModeLabel) or modes[0].origin != origin \
            or not isinstance(shape, tuple) or not shape:
        return tree
    found = atom_axes(shape[0], mnk, slot, values)
    if found is None:
        return tree
    return (replace(modes[0], leaf_axes=tuple(("mma", mma, a) if a else None for a in found)),) + tuple(modes[1:])


def _made_at(obj) -> int | None:
    """The source line the partitioner's MLIR value was built at, when its location says."""
    try:
        text = str(obj._trait.value.owner.location)
    except Exception:
        return None
    parts = text.split(":")
    for part in parts[1:]:
        digits = part.split(")")[0].split(" ")[0]
        if digits.isdigit():
            return int(digits)
    return None


def _modes(tree) -> tuple:
    return tree if isinstance(tree, tuple) else (tree,)


def _var(label):
    return label.var if isinstance(label, _levels.ModeLabel) else None


def join_leaves(axes: Axes, a, b) -> None:
    """Join two label trees leaf by leaf when they have as many leaves (the same modes seen twice); else mode by
    mode where both label a mode whole (a host view labels a grouped mode's leaves apart, the kernel's parameter
    the whole mode)."""
    la, lb = list(_levels.flatten(a)), list(_levels.flatten(b))
    if len(la) == len(lb):
        for x, y in zip(la, lb):
            axes.join(x.var, y.var)
    elif isinstance(a, tuple) and isinstance(b, tuple) and len(a) == len(b):
        for x, y in zip(a, b):
            if isinstance(x, _levels.ModeLabel) and isinstance(y, _levels.ModeLabel):
                axes.join(x.var, y.var)
            elif isinstance(x, tuple) and isinstance(y, tuple):
                join_leaves(axes, x, y)
            else:
                _atom_leaves(axes, x, y) or _atom_leaves(axes, y, x) or _divided_whole(axes, x, y) \
                    or _divided_whole(axes, y, x)


def _divided_whole(axes: Axes, whole, parts) -> bool:
    """A mode labelled whole against the same mode divided (`logical_divide(t, (None, None, 64))`, the parts of one
    variable): one mode."""
    if not isinstance(whole, _levels.ModeLabel) or not isinstance(parts, tuple):
        return False
    found = {_var(label) for label in _levels.flatten(parts)}
    if len(found) != 1 or None in found:
        return False
    axes.join(whole.var, found.pop())
    return True


def _atom_leaves(axes: Axes, atom, leaves) -> bool:
    """An MMA atom labelled whole, its leaves' axes on the label (`leaf_axes`), against the same atom labelled leaf
    by leaf (a view of registers laid out as the accumulator): each leaf runs along its MMA axis."""
    if not isinstance(atom, _levels.ModeLabel) or not isinstance(leaves, tuple) or not atom.leaf_axes:
        return False
    flat = list(_levels.flatten(leaves))
    if len(flat) != len(atom.leaf_axes):
        return False
    # the axis of the product the atom's own record belongs to (a TiledMma issuing several: `Axes.issued_key`)
    context, axes.context = axes.context, axes.placed.get(atom.var, atom.origin)
    for key, leaf in zip(atom.leaf_axes, flat):
        if isinstance(key, tuple) and key[0] == "mma":
            axes.bind(leaf.var, key)
    axes.context = context
    return True


def note_viewed_leaves(axes: Axes, host, param) -> None:
    """A kernel parameter labels each mode whole where the host view it was given labels a mode's leaves apart,
    each as the leaf of another host tensor its stride steps (a scale grid re-laid by `tile_atom_to_shape_SF` over
    the host's ordered (rows, row groups, row blocks, scales, k-blocks) grid): kept for `_named_viewed_leaves`."""
    if not (isinstance(host, tuple) and isinstance(param, tuple) and len(host) == len(param)):
        return
    for nested, whole in zip(host, param):
        if isinstance(nested, tuple) and isinstance(whole, _levels.ModeLabel):
            axes.viewed_leaves.append((whole.var, [leaf.var for leaf in _levels.flatten(nested)]))


def _named_viewed_leaves(axes: Axes, named: dict) -> bool:
    """A parameter's whole mode the solved axes name (a scale grid's rows partitioned as A's M) is that one axis,
    and so is each leaf the host view holds it as: the host grid's modes take the axis; so is a mode whose leaves
    the view holds as one (its `(1, 1)` batch over the grid's one batch leaf). A mode nothing names keeps its
    leaves apart (heads and batch of one (heads, batch) mode). Whether any join was made."""
    joined = False
    for whole, leaves in axes.viewed_leaves:
        roots = {axes.find(leaf) for leaf in leaves if leaf is not None}
        if whole is not None and roots - {axes.find(whole)} \
                and (named.get(axes.find(whole), (None,))[0] or len(roots) == 1):
            for leaf in leaves:
                axes.join(whole, leaf)
            joined = True
    return joined


def bind_slot(axes: Axes, tree, mma: int, slot: str) -> None:
    """An MMA operand (atom, rest, rest, ...): its two rests run along the slot's axes."""
    modes = _modes(tree)
    for label, letter in zip(modes[1:3], slot_axes(slot)):
        axes.bind(_var(label), ("mma", mma, letter))


def bind_flat_slot(axes: Axes, tree, layout: str | None, mma, slot: str, transposed: bool) -> None:
    """A flat tile a hand-issued MMA reads (`levels.flat_operand`): of its two tile modes longer than one element,
    the contiguous one (a leaf of stride 1) runs along K, or along the slot's M or N where the instruction
    descriptor `transposed` the operand (MN-major); the other along the other axis. Without a contiguous mode,
    the tile is (M or N, K) in mode order, as CuTe lays an operand."""
    laid = leaf_tree(layout)
    if not isinstance(laid, tuple) or len(laid) != len(_modes(tree)):
        return
    tile = [i for i, (label, leaves) in enumerate(zip(_modes(tree), laid))
            if any(isinstance(x, _levels.ModeLabel) and x.level != "stage" for x in _levels.flatten(label))
            and (_size(tuple(_extent_stride(x)[0] for x in _leaves(leaves))) or 0) > 1]
    if len(tile) != 2:
        return
    contiguous = [i for i in tile if any(_extent_stride(x)[1] == 1 for x in _leaves(laid[i]))]
    rows, k = slot_axes(slot)
    along = dict(zip(tile, (rows, k)))
    if len(contiguous) == 1:
        other = next(i for i in tile if i != contiguous[0])
        along = {contiguous[0]: rows if transposed else k, other: k if transposed else rows}
    for i, letter in along.items():
        for label in _levels.flatten(_modes(tree)[i]):
            axes.bind(label.var, ("mma", mma, letter))


def bind_scale_blocks(axes: Axes, tree, mma, slot: str) -> None:
    """A flat scale-factor tile a hand-issued MMA reads (`levels.flat_scale_factors`): its blocks of rows run along
    the slot's M or N."""
    for label in _levels.flatten(_modes(tree)[1]):
        axes.bind(label.var, ("mma", mma, slot_axes(slot)[0]))


def observe(axes: Axes, record, bound: dict, by_arg: dict, out_trees: list, partitioners=None) -> None:
    op = record.op
    made_by = record.made_by
    if op in _COPY_OPS and made_by and made_by["object"] is not None and partitioners is not None and out_trees:
        # the two sides of one tiled copy (t2r of the accumulator and of its coordinates; r2s's registers and
        # SMEM) repeat the atom over the same tile: their rests are the same modes. One side partitioned twice
        # may be two tensors (a copy shared by A's and B's loads): nothing joins them. A source and a destination
        # pair once (Q's S and D sides, then K's through the same copy: never K's source with Q's destination);
        # a retiled register fragment is the latest partition's other side. Coordinates partitioned on one side
        # before the latest partition of it (t2r's `partition_D(cAcc)`, then `partition_D(gOut)`) count the
        # same tile: they pair with the other side's first partition too (not with B's source after A's
        # coordinates, through a copy shared by A's and B's loads)
        before = partitioners.partitions.get(made_by["object"])
        # a retile closes its pair: a partition made after it is another tensor's (K^T's copy, then Q^T's)
        paired = before is not None and before[0] != op and (op == "retile" or not before[2] and before[0] != "retile")
        source = by_arg.get("src" if op == "partition_S" else "dst")
        if source is not None and op != "retile":
            partitioners.cuts[record.index] = source[1:]
            _note_copy_tile(axes, made_by["object"], source[1], source[2],
                            partitioners.tiler_ranks.get(made_by["object"]))
        entry = (out_trees[0], record.shapes[0], source[1:] if source is not None else None,
                 record.memspaces[:1] == ("coord",))
        first = op not in partitioners.sides.setdefault(made_by["object"], set())
        partitioners.sides[made_by["object"]].add(op)
        if paired:
            run = before[1] if op != "retile" else before[1][-1:]
            for i, (tree, shape, tile, coords) in enumerate(run):
                if i != len(run) - 1 and not (coords and first):
                    continue
                _join_rests(axes, tree, out_trees[0], shape, record.shapes[0])
                if source is not None and tile is not None:  # one tiler cuts both tiles: their tile modes agree
                    _join_tiled_modes(axes, tile, source[1:], partitioners.tiler_ranks.get(made_by["object"]))
        if paired:
            partitioners.paired_with[made_by["object"]] = before[1][-1][:2]
            partitioners.pairs[made_by["object"]] = partitioners.pairs.get(made_by["object"], 0) + 1
        elif before is not None and before[0] == op and op != "retile" \
                and (_broadcasts(bound.get("src" if op == "partition_S" else "dst"))
                     or entry[3] and partitioners.pairs.get(made_by["object"]) == 1):
            # coordinates partitioned after the pair of a copy that serves one tile (t2r's `partition_D(cAcc)`
            # after the accumulator's and the output's) count that tile; a copy shared by several tiles (Q's,
            # K's and V's loads) says not whose
            _laid_against_pair(axes, partitioners.paired_with.get(made_by["object"]), out_trees[0], record.shapes[0])
        growing = before is not None and before[0] == op and not before[2] and not paired
        partitioners.partitions[made_by["object"]] = (op, before[1] + [entry] if growing else [entry],
                                                      paired and op != "retile")
    if op in _MMA_OPS and made_by and made_by["object"] is not None:
        if op.startswith("partition_") and any(_levels.in_mma_form(tree) for _, tree, _ in by_arg.values()):
            return  # an MMA operand partitioned again: the slot's axes are not its new rests (`levels.in_mma_form`)
        for tree in out_trees:
            bind_slot(axes, tree, made_by["object"], _MMA_OPS[op])
    elif op == "gemm" and made_by and made_by["object"] is not None:
        for slot, arg in OPERAND_ARGS["gemm"].items():
            for key in (arg, f"{arg}[1]"):  # the operand, and its scale factors (block-scaled MMAs)
                if key in by_arg:
                    bind_slot(axes, by_arg[key][1], made_by["object"], slot)
    elif op == "copy" and "src" in by_arg and "dst" in by_arg:
        (_, src, src_shape), (_, dst, dst_shape) = by_arg["src"], by_arg["dst"]
        if _values_apart(bound.get("atom")):
            _join_rests(axes, src, dst, src_shape, dst_shape)
        elif format_shape(src_shape) == format_shape(dst_shape) or _one_mode_alike(src_shape, dst_shape):
            join_leaves(axes, src, dst)
        else:  # the two sides of a copy partitioned differently (r2s: registers (8,8) to SMEM (8,(4,2))): rests
            _join_rests(axes, src, dst, src_shape, dst_shape)
    elif op == "tma_partition" and "smem_tensor" in by_arg and "gmem_tensor" in by_arg:
        (_, smem, smem_shape), (_, gmem, gmem_shape) = by_arg["smem_tensor"], by_arg["gmem_tensor"]
        smem, gmem = _modes(smem), _modes(gmem)
        # the two tiles' modes correspond only where their extents do (an MMA-laid SMEM buffer and the MMA
        # partition of the global tile); a swizzled buffer's nesting differs, and says nothing here
        if smem and gmem and isinstance(smem_shape, tuple) and isinstance(gmem_shape, tuple):
            _join_tiles(axes, smem[0], gmem[0], smem_shape[0], gmem_shape[0])
    elif op == "local_tile":
        _bind_tiler(axes, record, bound, by_arg)
        _note_tile_index(axes, record, bound, by_arg)
        coord = bound.get("coord")
        indices = {_run_time_index(c) for c in (coord if isinstance(coord, tuple) else (coord,))} - {None}
        if indices:  # (`_warp_share`)
            record.meta["tile_indices"] = indices
    elif op in _DIVIDES:
        _suggest_divide_tiler(axes, bound, by_arg)


def scale_factor_view(tensor) -> bool:
    """Whether a tensor loaded for an MMA slot is that slot's scale factors (`tile_atom_to_shape_SF`'s view: the
    values sharing one scale a broadcast leaf): its modes are the slot's rows, K and L whichever tensor loaded for the
    slot came first (an operand holds no broadcast; the rule that binds only the first tensor of a slot keeps two
    operands of several products apart, and a slot's scales are no second operand)."""
    return _broadcasts(tensor)


def _broadcasts(tensor) -> bool:
    """Whether a tensor's layout has a broadcast leaf (stride 0, extent > 1): a vector expanded over a tile."""
    layout = getattr(tensor, "layout", None)
    tree = leaf_tree(str(layout)) if layout is not None else None
    return tree is not None and any(e is not None and e > 1 and st == 0
                                    for e, st in (_extent_stride(leaf) for leaf in _leaves(tree)))


def _laid_against_pair(axes: Axes, other, tree, shape) -> None:
    """A broadcast view (a per-token vector expanded to the tile) partitioned on the side of a tiled copy that
    already paired with the other side (`thr_t2r.partition_D(sDelta_row)` after the
    accumulator's `partition_S` and the registers' `partition_D`): the thread's values of one tile, laid as the
    other side's; its rests are that side's repeats (the other side partitioned the accumulator)."""
    if other is not None and not _tiles_of_other_mmas(axes, other[0], tree):
        _join_rests(axes, other[0], tree, other[1], shape)


def _tiles_of_other_mmas(axes: Axes, a, b) -> bool:
    """Whether a mode of `a` and the mode of `b` at its place are bound to different MMA axes and to no axis in
    common (S^T's row statistics partitioned after O^T's pair through one t2r copy: keys and rows are not O's
    head dim and rows)."""
    def keys(label) -> set:
        if not isinstance(label, _levels.ModeLabel) or label.var is None:
            return set()
        return {key for key in axes.keys.get(axes.find(label.var), ()) if key[0] == "mma"}

    for x, y in zip(_modes(a)[1:3], _modes(b)[1:3]):
        ours, theirs = keys(x), keys(y)
        if ours and theirs and not ours & theirs:
            return True
    return False


def _one_mode_alike(a, b) -> bool:
    """A register vector of 8 and a one-mode chunk (8): one mode of one extent, however the shape nests it."""
    return list(_leaves(a)) == list(_leaves(b)) and len(list(_leaves(a))) == 1


def zeros_filtered(tree, in_shape, out_shape):
    """`filter_zeros`'s labels: a TMA box leaf it left one element of (the values sharing one scale factor, a
    broadcast the box repeats) is no longer copied along any axis."""
    if isinstance(tree, tuple):
        if not (isinstance(in_shape, tuple) and isinstance(out_shape, tuple) and len(tree) == len(in_shape)
                == len(out_shape)):
            return tree
        return tuple(zeros_filtered(t, a, b) for t, a, b in zip(tree, in_shape, out_shape))
    before, after = list(_leaves(in_shape)), list(_leaves(out_shape))
    if tree.role != "tma" or not tree.leaf_axes or len(tree.leaf_axes) != len(after) or len(before) != len(after):
        return tree
    kept = tuple(None if b == 1 and a != 1 else k for k, a, b in zip(tree.leaf_axes, before, after))
    return replace(tree, leaf_axes=kept) if kept != tree.leaf_axes else tree


def tma_box_axes(axes: Axes, record, gmem) -> tuple:
    """A TMA partition's labels with its box's leaves placed: on the global side each box leaf runs along the
    tile mode its coordinate stride steps (``1@0`` steps the mode the input's ``s@0`` strides do), the box's
    size-1 issue count along none; on the SMEM side the flattened box has no axis and a last sub-mode of the
    global side's extent (the boxes issued along one axis) runs along that one."""
    smem, glob = (_modes(t) for t in record.levels)
    source = leaf_tree(gmem.layouts[0]) if gmem.layouts else None
    box = top_modes(record.layouts[1]) if len(record.layouts) == 2 else None
    if not smem or not glob or source is None or not box or not gmem.levels:
        return record.levels
    by_basis: dict = {}  # coordinate mode -> the variable of the first input leaf stepping it
    mixed: set = set()  # coordinate modes stepped by leaves of two axes (a scale-factor view's rows and k-blocks)
    shared: dict = {}  # extent -> the variables of the input's broadcast leaves of that extent
    for leaf, var in zip(_leaves(source), _leaf_vars(axes, gmem.levels[0], gmem.shapes[0])):
        if "@" in leaf and var is not None:
            basis = leaf.rpartition("@")[2]
            if basis in by_basis and axes.find(by_basis[basis]) != axes.find(var):
                mixed.add(basis)
            by_basis.setdefault(basis, var)
        elif leaf.endswith(":0") and var is not None and leaf != "1:0":
            shared.setdefault(leaf.partition(":")[0], []).append(var)
    keys = []
    for leaf in _leaves(leaf_tree(box[0])):
        extent, _, stride = leaf.partition(":")
        basis = stride.rpartition("@")[2]
        var = by_basis.get(basis) if "@" in stride and extent != "1" and basis not in mixed else None
        if stride == "0" and len(shared.get(extent, ())) == 1:  # values sharing one scale: the input's such leaf
            var = shared[extent][0]
        elif stride == "0" and extent not in shared:
            var = _broadcast_part(axes, shared, extent)
        keys.append(("var", var) if var is not None else None)
    if not any(keys) or not isinstance(glob[0], _levels.ModeLabel) or not isinstance(smem[0], _levels.ModeLabel):
        return record.levels
    glob = (replace(glob[0], leaf_axes=tuple(keys)),) + tuple(glob[1:])
    box_shape, smem_shape = record.shapes[1][0], record.shapes[0][0]
    if isinstance(box_shape, tuple) and isinstance(smem_shape, tuple) and len(box_shape) == len(smem_shape) == 2 \
            and box_shape[1] == smem_shape[1] and keys[-1] is not None:
        smem_keys = (None,) * len(list(_leaves(smem_shape[0]))) + (keys[-1],)
        smem = (replace(smem[0], leaf_axes=smem_keys),) + tuple(smem[1:])
    elif _one_axis_box(box_shape, smem_shape, keys):  # a box of one axis: its flattened leaf runs along it
        smem_keys = (next(k for k in keys if k is not None),) + (None,) * (len(list(_leaves(smem_shape))) - 1)
        smem = (replace(smem[0], leaf_axes=smem_keys),) + tuple(smem[1:])
    return (smem, glob)


def _broadcast_part(axes: Axes, shared: dict, extent: str):
    """The variable of the one axis the input's broadcast leaves run along, where a box's broadcast leaf is a part
    of them (16 values sharing an NVFP4 scale, where the coordinate view of the scales steps none of the MMA's 64 K
    values: `((16, 4), ?):((0, 0), 64@0)` coalesced to one leaf of 64); None where it divides none, or leaves of
    two axes."""
    if not extent.isdigit() or int(extent) < 2:
        return None
    found = [var for wider, held in shared.items() if wider.isdigit() and int(wider) % int(extent) == 0
             for var in held]
    return found[0] if found and len({axes.find(var) for var in found}) == 1 else None


def _one_axis_box(box_shape, smem_shape, keys: list) -> bool:
    """Whether a TMA box (global side `box_shape`, leaves placed by `keys`) steps one axis only, its one leaf wider
    than 1 as many elements as the SMEM side's flattened box (`(64, 1)` of 64 key scales): the values one copy
    brings then run along that axis (a (keys, dims) box flattened to 8192 along none)."""
    extents = list(_leaves(box_shape))
    wide = [(e, k) for e, k in zip(extents, keys) if e != 1]
    smem = list(_leaves(smem_shape))
    return len(wide) == 1 and wide[0][1] is not None and isinstance(wide[0][0], int) and len(smem) >= 1 \
        and smem[0] == wide[0][0] and all(e == 1 for e in smem[1:])


def _past_unit_modes(modes: tuple, shape: tuple) -> tuple:
    """A tile's (modes, extents) without its modes of one element."""
    kept = [(m, s) for m, s in zip(modes, shape) if _size(s) != 1]
    return tuple(m for m, _ in kept), tuple(s for _, s in kept)


def join_tile_modes(axes: Axes, a, b, a_shape, b_shape) -> None:
    """Two tensors whose first mode is one tile seen twice (the two sides of a `block_copy`): join those modes."""
    a, b = _modes(a), _modes(b)
    if a and b and isinstance(a_shape, tuple) and isinstance(b_shape, tuple):
        _join_tiles(axes, a[0], b[0], a_shape[0], b_shape[0])


def join_whole_tiles(axes: Axes, a, b, a_shape, b_shape) -> None:
    """The two sides of a copy of one whole tile: equal shapes join leaf by leaf; a flat (rows, columns) tile and
    the same tile laid out for an MMA (((atom rows, atom columns), rows' rest, columns' rest), as `partition_A`
    or sm100's `make_smem_layout_a` lay it) join rows with the rows' rest and columns with the columns' rest; rows
    nested in the global tile (`((32, 4), 128)`: a row index split in two) are rows, every leaf."""
    if format_shape(a_shape) == format_shape(b_shape):
        join_leaves(axes, a, b)
        return
    for flat, laid, flat_shape, laid_shape in ((a, b, a_shape, b_shape), (b, a, b_shape, a_shape)):
        if not (isinstance(flat_shape, tuple) and len(flat_shape) == 2 and all(_size(x) for x in flat_shape)
                and isinstance(laid_shape, tuple) and len(laid_shape) == 3 and isinstance(laid_shape[0], tuple)
                and len(laid_shape[0]) == 2):
            continue
        flat_modes, laid_modes = _modes(flat), _modes(laid)
        if len(flat_modes) != 2 or len(laid_modes) != 3:
            return
        if [_size(laid_shape[0][i]) * (_size(laid_shape[i + 1]) or 0) for i in range(2)
                if _size(laid_shape[0][i])] != [_size(x) for x in flat_shape]:
            return
        for i in range(2):
            laid_var = _mode_var(axes, laid_modes[i + 1], laid_shape[i + 1])
            flat_vars = _leaf_vars(axes, flat_modes[i], flat_shape[i]) if isinstance(flat_modes[i], tuple) \
                else [_mode_var(axes, flat_modes[i], flat_shape[i])]
            for var in flat_vars:
                axes.join(var, laid_var)
        return


def join_copied_tiles(axes: Axes, a, b, a_shape, b_shape) -> None:
    """Two tiles one ThrCopy partitions (`tracer._tiles_of_one_copy`): their tile modes join, extent for extent,
    where both have the same extents (an accumulator's MMA atom `((16, 4), 8)` with size-1 rests is the (64, 8)
    output tile's rows and columns)."""
    sides = [_tile_modes(axes, tree, shape) for tree, shape in ((a, a_shape), (b, b_shape))]
    if None in sides or [e for e, _ in sides[0]] != [e for e, _ in sides[1]]:
        return
    for (_, mine), (_, theirs) in zip(*sides):
        for var in mine[1:] + theirs:
            axes.join(mine[0], var)


def _tile_modes(axes: Axes, tree, shape):
    """[(extent, [axis variables of its leaves])] of a tile's modes of extent > 1; where one mode (or one label)
    holds every element (an MMA atom beside size-1 rests), that mode's sub-modes. None where a leaf has no
    variable."""
    if isinstance(tree, _levels.ModeLabel) and isinstance(shape, tuple):  # a slice whose one label covers a tile
        shape, tree = (shape,), (tree,)
    modes, trees = _modes(shape), _modes(tree)
    if len(modes) != len(trees):
        return None
    big = [(mode, t) for mode, t in zip(modes, trees) if _size(mode) != 1]
    if len(big) == 1 and isinstance(big[0][0], tuple):
        mode, t = big[0]
        found, variables = [], _leaf_vars(axes, t, mode)
        for sub in mode:
            count = sum(1 for _ in _leaves(sub))
            found.append((_size(sub), variables[:count]))
            variables = variables[count:]
    else:
        found = [(_size(mode), _leaf_vars(axes, t, mode)) for mode, t in big]
    return None if any(not vs or None in vs or extent is None for extent, vs in found) else found


def _size(shape) -> int | None:
    size = 1
    for extent in _leaves(shape):
        if not isinstance(extent, int):
            return None
        size *= extent
    return size


def _join_tiles(axes: Axes, a, b, a_shape, b_shape) -> None:
    """The SMEM and global tiles of one TMA: equal leaves join leaf by leaf; else, when their modes have equal
    sizes (a swizzled buffer's ((8,16),(64,2)) and the tile's (128,128)), mode by mode."""
    if list(_leaves(a_shape)) == list(_leaves(b_shape)):
        # leaf by leaf where each side's leaves run along axes of their own (an MMA-laid buffer's atom placed per
        # leaf against a divide's tile modes), else label by label
        va, vb = _leaf_vars(axes, a, a_shape), _leaf_vars(axes, b, b_shape)
        if len(va) > 1 and None not in va + vb and len(set(va)) == len(va) and len(set(vb)) == len(vb):
            for x, y in zip(va, vb):
                axes.join(x, y)
        else:
            join_leaves(axes, a, b)
        return
    while isinstance(a_shape, tuple) and len(a_shape) == 1:  # a grouped tile: (((8,16),(64,2)),)
        a_shape, a = a_shape[0], _modes(a)[0]
    while isinstance(b_shape, tuple) and len(b_shape) == 1:
        b_shape, b = b_shape[0], _modes(b)[0]
    if not (isinstance(a_shape, tuple) and isinstance(b_shape, tuple)):
        return
    a_modes, b_modes = _modes(a), _modes(b)
    if len(a_modes) != len(a_shape) or len(b_modes) != len(b_shape):
        return
    # a mode of one element on one side only (a global tile's batch `1` of (128, 32, 1) against the SMEM
    # buffer's (rows, columns)) holds nothing of the tile: the other modes pair in order
    if len(a_shape) != len(b_shape):
        a_modes, a_shape = _past_unit_modes(a_modes, a_shape)
        b_modes, b_shape = _past_unit_modes(b_modes, b_shape)
        if len(a_shape) != len(b_shape):
            return
    sizes_a, sizes_b = [_size(s) for s in a_shape], [_size(s) for s in b_shape]
    if None in sizes_a or sizes_a != sizes_b:
        return
    for x, y in zip(a_modes, b_modes):
        first_x, first_y = next(_levels.flatten(x), None), next(_levels.flatten(y), None)
        if first_x is not None and first_y is not None:
            axes.join(first_x.var, first_y.var)


def _join_tiled_modes(axes: Axes, a: tuple, b: tuple, rank: int | None) -> None:
    """The tensors a tiled copy's source and destination partitions cut (labels, shape): their first `rank` modes
    (the copy's tiler's) are the same tile coordinates where their sizes agree (gLSE's 64 rows and sLSE's)."""
    (a_tree, a_shape), (b_tree, b_shape) = a, b
    if format_shape(a_shape) == format_shape(b_shape):  # one coordinate space (t2r of S into P's SMEM view of it)
        for x, y in zip(_leaf_vars(axes, a_tree, a_shape), _leaf_vars(axes, b_tree, b_shape)):
            axes.join(x, y)
        return
    a_modes, b_modes = _modes(a_tree), _modes(b_tree)
    if not rank or not isinstance(a_shape, tuple) or not isinstance(b_shape, tuple) \
            or len(a_modes) != len(a_shape) or len(b_modes) != len(b_shape):
        return
    for i in range(min(rank, len(a_shape), len(b_shape))):
        x, y = _mode_var(axes, a_modes[i], a_shape[i]), _mode_var(axes, b_modes[i], b_shape[i])
        sizes = sorted((_size(a_shape[i]) or 0, _size(b_shape[i]) or 0))
        # a staging buffer's 32 columns are a subtile of the accumulator's 128: one axis
        if x is not None and y is not None and sizes[0] > 1 and sizes[1] % sizes[0] == 0:
            axes.join(x, y)


def _mode_var(axes: Axes, label, shape) -> int | None:
    """The one axis variable of a mode: its label's, or the axis its leaves were placed on when they all run
    along one (an accumulator's atom sliced to its (M, N) leaves)."""
    if not isinstance(label, _levels.ModeLabel):
        return None
    if not label.leaf_axes:
        return label.var
    if len(label.leaf_axes) != sum(1 for _ in _leaves(shape)) and len(set(label.leaf_axes) - {None}) > 1:
        return None  # a part of a mode whose leaves run along several axes (an atom's size-1 rest left over)
    found = {axes.find(v): v for v in _leaf_vars(axes, label, shape) if v is not None}  # one class, not one var
    return found.popitem()[1] if len(found) == 1 else None


def _leaf_vars(axes: Axes, tree, shape) -> list:
    """The axis variable of each leaf of `shape`: an atom's leaf its placed axis key's (an MMA axis, a rest's
    variable), any other leaf its mode's."""
    if isinstance(tree, tuple):
        if not isinstance(shape, tuple) or len(shape) != len(tree):
            return [None] * sum(1 for _ in _leaves(shape))
        return [v for t, s in zip(tree, shape) for v in _leaf_vars(axes, t, s)]
    count = sum(1 for _ in _leaves(shape))
    keys = tree.leaf_axes if tree.leaf_axes and len(tree.leaf_axes) == count else None
    if keys is None:
        return [tree.var] * count
    out = []
    for key in keys:
        if isinstance(key, tuple) and key[0] == "var":
            out.append(key[1])
        elif isinstance(key, tuple) and key[0] == "mma":  # bound as made by the label's record (`Axes.split`)
            var, context, axes.context = fresh(), axes.context, tree.origin
            axes.bind(var, key)
            axes.context = context
            out.append(var)
        else:
            out.append(None)
    return out


def _values_apart(tiled_copy) -> bool:
    """Whether a tiled copy gives each thread other elements on its two sides (ldmatrix, stmatrix: a lane supplies
    one row's address and receives values of several rows): its source and destination thread-value layouts
    differ, so the two partitions' atoms hold different elements and only their rests (the same tile repeats)
    correspond. A plain copy atom (no thread-value layouts) moves each thread's own values."""
    try:
        kind = tiled_copy._trait.value.type
        return str(kind.layout_src_tv_tiled) != str(kind.layout_dst_tv_tiled)
    except Exception:  # a copy atom, or a tiled copy whose type holds no layouts: no tell, as `_copy_tv` reads it
        return False


def _join_rests(axes: Axes, a, b, a_shape, b_shape) -> None:
    """Two partitions of one copy: past the atom, modes of equal sizes are the same repeats."""
    a_modes, b_modes = _modes(a), _modes(b)
    if not (isinstance(a_shape, tuple) and isinstance(b_shape, tuple)) \
            or len(a_modes) != len(a_shape) or len(b_modes) != len(b_shape):
        return
    common = min(len(a_shape), len(b_shape), 3)  # the atom and its two rests; what follows is carried
    if [_size(s) for s in a_shape[1:common]] != [_size(s) for s in b_shape[1:common]]:
        return
    for x, y, x_shape, y_shape in zip(a_modes[1:common], b_modes[1:common], a_shape[1:common], b_shape[1:common]):
        if not isinstance(x, tuple) and not isinstance(y, tuple):
            axes.join(_mode_var(axes, x, x_shape), _mode_var(axes, y, y_shape))


def _bind_tiler(axes: Axes, record, bound: dict, by_arg: dict) -> None:
    """`local_tile(mA, (bM, bN, bK), coord, proj=(1, None, 1))`: mA's modes are the tiler's M and K."""
    proj, tiler = bound.get("proj"), bound.get("tiler")
    if not isinstance(tiler, tuple) or "input" not in by_arg:
        return
    key = (record.kernel, format_shape(tuple(t if isinstance(t, int) else "?" for t in tiler)))
    projected = isinstance(proj, tuple)
    kept = [p for p, x in enumerate(proj) if x is not None] if projected else list(range(len(tiler)))
    moved = _tiler_positions(axes, key, bound.get("coord"))
    for mode, position in zip(_modes(by_arg["input"][1]), kept):
        position = moved.get(position, position)
        if projected:
            axes.bind(_var(mode), ("tiler", key, position))
        else:  # every leaf of a nested mode the tiler cuts whole (`prepend`'s (1) of a row view)
            for leaf in _levels.flatten(mode):
                axes.suggest(leaf.var, _row_tiler_letter(position, len(tiler)), "local_tile.proj")


def _tiler_positions(axes: Axes, key: tuple, coord) -> dict:
    """A tiler equal to one seen before whose run-time coordinates are that one's in another order
    (`local_tile(mB, tiler[::-1], (bidy, bidx))` beside `local_tile(mA, tiler, (bidx, bidy))`: a transpose's output
    tile): each of its positions -> the position its block index cut at first. The index, not the place in an
    equal-looking tuple, says which axis a mode is; {} where the coordinates agree or say nothing."""
    if not isinstance(coord, tuple):
        return {}
    seen = axes.tiler_coords.setdefault(key, {})
    values = [_run_time_index(index) for index in coord]
    moved = {position: seen[value] for position, value in enumerate(values)
             if value is not None and seen.get(value, position) != position}
    for position, value in enumerate(values):
        if value is not None:
            seen.setdefault(value, position)
    # a permutation of the positions only: two indices landing on one position say nothing
    return moved if len(set(moved.values())) == len(moved) and set(moved.values()) == set(moved) else {}


def _note_tile_index(axes: Axes, record, bound: dict, by_arg: dict) -> None:
    """`local_tile(mC, (64, 8), (m, n, l))` and `local_tile(mBias, (64, 8), (m, n, l))`: two unprojected tiles cut
    at one run-time index in one position, by one extent there, are tiles of one grid (a side input tiled as the
    output it is added to): kept for `_tiles_of_one_grid`. A coordinate past the tiler indexes its mode whole, and
    two such modes are one grid's only where their extents agree (a column of a transposed view and a run of 32
    across rows, both picked by the block index, are not). A static index (0, None) says nothing: every tensor's
    k-tiles start at 0."""
    tiler, coord = bound.get("tiler"), bound.get("coord")
    if bound.get("proj") is not None or not isinstance(tiler, tuple) or not isinstance(coord, tuple) \
            or "input" not in by_arg:
        return
    shape = by_arg["input"][2]
    for position, (mode, index) in enumerate(zip(_modes(by_arg["input"][1]), coord)):
        extent = _tile_extent(tiler[position]) if position < len(tiler) else _whole_extent(shape, position)
        value = _run_time_index(index)
        if value is not None and extent is not None:
            axes.tile_indices.append((_var(mode), (record.kernel, position, extent, value)))


def _tile_extent(tile):
    """A tiler's entry as a key: an extent (`128`), or a layout (`make_layout(128)`, an epilogue tile's rows) by its
    text, which is what decides the tiles it cuts; a layout object is not hashable."""
    return tile if isinstance(tile, (int, type(None))) else str(tile)


def _whole_extent(shape, position: int):
    """The key of a mode a coordinate indexes whole: its extent, as `format_shape` writes it (None where the
    shape has no such mode)."""
    modes = shape if isinstance(shape, tuple) else (shape,)
    return ("whole", format_shape(modes[position])) if position < len(modes) else None


def _tiles_of_one_grid(axes: Axes) -> None:
    """Tiles cut at one index of one grid (`_note_tile_index`) run along one axis in that position where at most
    one of them met a key (an MMA slot, a tiler): a bias broadcast by a stride of 0, whose modes nothing else
    reads, runs along its output tile's axes. Where two did, the index says nothing: a chunk's queries and keys
    are one chunk's tokens, cut at one chunk index, on two axes of one product."""
    by_index: dict = {}
    for var, key in axes.tile_indices:
        if var is not None:
            by_index.setdefault(key, []).append(var)
    for variables in by_index.values():
        if len({axes.find(v) for v in variables if axes.keys.get(axes.find(v))}) <= 1:
            for var in variables[1:]:
                axes.join(variables[0], var)
    _partials_per_tile(axes)
    _unit_modes_of_a_copy_tiler(axes)


def _note_copy_tile(axes: Axes, copy, tree, shape, tiler_rank) -> None:
    """The input modes a tiled copy's partition cuts by its tiler, position by position (`_unit_modes_of_a_copy_tiler`)."""
    modes = _modes(tree)
    shapes = shape if isinstance(shape, tuple) else (shape,)
    if not tiler_rank or len(modes) != len(shapes):
        return
    for position, (mode, extent) in enumerate(zip(modes[:tiler_rank], shapes)):
        if isinstance(mode, _levels.ModeLabel) and mode.var is not None:
            axes.copy_tiles.append((mode.var, (copy, position, _size(extent))))


def _unit_modes_of_a_copy_tiler(axes: Axes) -> None:
    """A mode of extent 1 that a tiled copy's tiler cuts in one position (`partition_S(append_ones(gLabels))` by a
    (128, 1) tiler: the appended mode that aligns a row vector with the tiler) runs along the axis the other tensors
    that copy cuts in that position run along (the accumulator's coordinates, (128, 256): M, then N; a partial
    statistic's split, N), where they all run along one; such a mode holds nothing of its own to decide it. A copy shared by tensors of
    two axes in one position (Q's and K's rows) says nothing."""
    wide: dict = {}  # (copy, position) -> roots of the keyed classes of the modes it cuts there
    unit: dict = {}  # (copy, position) -> variables of its modes of extent 1
    for var, (copy, position, extent) in axes.copy_tiles:
        if extent == 1:
            unit.setdefault((copy, position), []).append(var)
        if isinstance(extent, int) and axes.keys.get(axes.find(var)):
            wide.setdefault((copy, position), set()).add(axes.find(var))
    for at, variables in unit.items():
        roots = wide.get(at, set())
        if len(roots) == 1:
            (root,) = roots
            for var in variables:
                if not axes.keys.get(axes.find(var)):
                    axes.join(root, var)


def _partials_per_tile(axes: Axes) -> None:
    """A tile of extent 1 cut at a run-time index (`local_tile(mMax, (128, 1), (pid_m, pid_n))`: one partial max per
    token row and vocabulary split) holds one entry per tile that index picks elsewhere: where the same index cuts
    tiles of one axis only, in any position and by any extent (`local_tile(mB, (vocab_per_split, dim), (pid_n, 0))`:
    the split's rows of the B operand, N), the partial's mode runs along that axis, a rest of its tiles, as a
    split-KV split runs along K. Where the index cuts tiles of two axes, or of none that met a key, it says nothing."""
    cells: dict = {}  # (kernel, index) -> variables of the extent-1 tiles it cuts
    keyed: dict = {}  # (kernel, index) -> roots of the keyed classes of the tiles of other extents it cuts
    for var, (kernel, _, extent, value) in axes.tile_indices:
        if var is None:
            continue
        if extent == 1:
            cells.setdefault((kernel, value), []).append(var)
        elif axes.keys.get(axes.find(var)):
            keyed.setdefault((kernel, value), set()).add(axes.find(var))
    for at, variables in cells.items():
        roots = keyed.get(at, set())
        if len(roots) == 1 and not any(axes.keys.get(axes.find(v)) for v in variables):
            (root,) = roots
            for var in variables:
                axes.join(root, var)


def _run_time_index(index):
    """The IR value of a run-time index (a block index, a scheduler's tile coordinate), hashable; None for a
    static one."""
    value = getattr(index, "value", None)
    try:
        return None if value is None else hash(value)
    except TypeError:
        return None


def _suggest_divide_tiler(axes: Axes, bound: dict, by_arg: dict) -> None:
    """`zipped_divide(mX, (rows, cols))`: a divide by a tuple of two or more tilers cuts the modes it tiles as an
    unprojected `local_tile` does (it is `local_tile` before the rest is indexed); in a kernel with no MMA the last
    is the columns N, those before it rows M. A one-mode tiler says nothing (a vector cut into chunks)."""
    tiler = bound.get("tiler")
    if not isinstance(tiler, tuple) or len(tiler) < 2 or not by_arg:
        return
    tree = next(iter(by_arg.values()))[1]
    for position, mode in enumerate(_modes(tree)[:len(tiler)]):
        for leaf in _levels.flatten(mode):
            axes.suggest(leaf.var, _row_tiler_letter(position, len(tiler)), "divide.tiler")


def _row_tiler_letter(position: int, rank: int) -> str:
    """In a kernel with no MMA, an unprojected tiler's last mode is the columns (N) its rows are read along and
    every mode before it picks rows (M): (bM, bN) is (M, N), a (batch, token, hidden) tiler (1, 1, D) is (M, M, N);
    a one-mode tiler cuts rows."""
    return "N" if position == rank - 1 and rank > 1 else "M"


# -- when the trace ends ----------------------------------------------------------------------------------
def _global_modes(records: list) -> list:
    """The axis variables of each global tensor's top modes that are one leaf each (`Axes.siblings`)."""
    found = []
    for record in records:
        tree = record.levels[0] if record.levels and record.memspaces[:1] == ("gmem",) else None
        if isinstance(tree, tuple) and len(tree) > 1 and all(isinstance(t, _levels.ModeLabel) for t in tree):
            found.append(tuple(t.var for t in tree if t.var is not None))
    return found


def _rows_and_columns(axes: Axes, records: list, moved: set) -> None:
    """A global tensor made over a pointer in a kernel with no MMA (a layout the code lays out by hand: a kernel
    parameter's is the caller's, which may pack rows and column blocks in one vector index), of two or three
    leaves (more pack more than rows and columns: scale-factor grids, tiles of atoms, which strides alone do not
    read), is (rows, columns) as the set's convention reads such tensors: its outermost leaf (the largest
    stride, a run-time stride counting as larger than any static one) runs along the rows M, its other leaves (the stride-1 one, and one that packs the columns in
    vectors: `(rows, cols / 2, 2)`) along the columns N. Only its layout says this, so it is the weakest
    suggestion (`layout.rows_cols`), read where no data flow or name decides. Leaves of extent 1 say nothing,
    but a leading one over a row of columns (`(1, 4096):(4096, 1)`) is that one row. A view a copy moves whole
    (`make_tensor(x.iterator + offset, (vec, iters))`) is a thread's vectors, not a (rows, columns) tensor: only
    its stride-1 leaf, the contiguous vector, is named (the columns). `moved`: `_moved_whole`."""
    for record in records:
        if record.op != "make_tensor" or record.memspaces[:1] != ("gmem",) or not record.levels:
            continue
        labels = list(_levels.flatten(record.levels[0]))
        tree = leaf_tree(record.layouts[0] if record.layouts else None)
        if not isinstance(tree, tuple) or any(label.level != "input" for label in labels):
            continue
        leaves = [(extent, _stride_order(stride)) for extent, _, stride in
                  (leaf.partition(":") for leaf in _leaves(tree))]
        if len(leaves) != len(labels) or any(order is None for _, order in leaves):
            continue
        # leaves a view carries from one mode of the tensor it was laid over (a row's columns split into a thread's
        # vector, the threads and their chunks: `_strided_view`) are one mode of data: count modes, not leaves
        modes = len({label.var for label in labels})
        if not 2 <= len(leaves) <= 3 and not (len(leaves) > 3 and modes <= 3 and modes < len(leaves)):
            continue
        wide = [(label, order) for label, (extent, order) in zip(labels, leaves) if extent != "1"]
        if record.index in moved:
            wide = [(label, order) for label, order in wide if order == 1]
        orders = [order for _, order in wide]
        outer = [label.var for label, order in wide if orders and order == max(orders)]
        rows = outer[0] if len({label.var for label, _ in wide}) > 1 and len(outer) == 1 else None
        ones = {label.var for label, order in wide if order == 1}
        for label, order in wide:  # in attention the columns are the head dim: its stride-1 leaf alone
            if label.var == rows or label.var in ones or not axes.named_attention:
                axes.suggest(label.var, "M" if label.var == rows else "N", "layout.rows_cols")
        if orders == [1] and leaves[0][0] == "1" and leaves[0][1] > 1 and record.index not in moved:
            axes.suggest(labels[0].var, "M", "layout.rows_cols")


def _vectors_over_pointers(axes: Axes, records: list, moved: set) -> None:
    """A global view of one contiguous leaf made over a pointer in a kernel with no MMA (`make_tensor(make_ptr(bf16,
    (base + offset).toint(), gmem), make_layout((8,)))`) that a copy moves whole is one thread's vector of a row: its
    leaf runs along the columns N, as the stride-1 leaf of a wider such view does (`_rows_and_columns`); the same
    weakest suggestion (`layout.rows_cols`)."""
    for index in moved:
        found = _one_leaf_view(records[index])
        if found is not None and found[2] == "1" and found[1].isdigit() and int(found[1]) > 1:
            axes.suggest(found[0].var, "N", "layout.rows_cols")


def _one_leaf_view(record) -> tuple | None:
    """(its label, extent text, stride text) of a global tensor of one leaf made by `make_tensor` (a view over a
    pointer) that no rule took from the input level; None for any other record."""
    if record.op != "make_tensor" or record.memspaces[:1] != ("gmem",) or not record.levels:
        return None
    labels = list(_levels.flatten(record.levels[0]))
    tree = leaf_tree(record.layouts[0] if record.layouts else None)
    leaves = _leaves(tree) if tree is not None else []
    if len(labels) != 1 or len(leaves) != 1 or labels[0].level != "input":
        return None
    extent, _, stride = leaves[0].partition(":")
    return labels[0], extent, stride


_VECTOR_DIVIDES = ("tiled_divide", "zipped_divide", "logical_divide", "flat_divide")


def _rows_read_in_vectors(axes: Axes, records: list) -> None:
    """A global view of one contiguous leaf made over a pointer in a kernel with no MMA that the kernel divides into
    vectors (`row = make_tensor(make_ptr(bf16, address), make_layout((cols,)))`, `tiled_divide(row, (8,))`, each
    thread copying its chunks: a token row reached through its address, whatever its run-time extent) is a row:
    its leaf runs along the columns, as a one-leaf view a copy moves whole does (`_vectors_over_pointers`); the same
    weakest suggestion (`layout.rows_cols`). A flat view nothing divides (a packed (rows x columns) tensor indexed
    by scalars) says nothing."""
    for record in records:
        if record.op not in _VECTOR_DIVIDES or not record.inputs:
            continue
        found = _one_leaf_view(records[record.inputs[0]])
        if found is not None and found[2] == "1":
            axes.suggest(found[0].var, "N", "layout.rows_cols")


# the widest vector a thread reads or writes by hand through a view of its own (64 bytes of 8-bit codes)
_HAND_VECTOR = 64


def _vectors_by_hand(axes: Axes, records: list) -> None:
    """A global view of one contiguous leaf of at most `_HAND_VECTOR` elements made over a pointer in a kernel with
    no MMA (`src = make_tensor(make_ptr(bf16, row_address + block * 16), (16,))`) that the thread reads element by
    element is its vector of a hand-partitioned load: the copy's atom; one it writes element by element is its
    vector of the write-out: the store's atom. Its leaf runs along the columns, as a vector a copy moves
    (`_vectors_over_pointers`, `layout.rows_cols`). A flat view of a whole tensor (a run-time or wider extent,
    indexed by scalars) stays the input."""
    for record in records:
        meta = record.meta
        found = _one_leaf_view(record) if meta.get("read_by_element") or meta.get("written_by_element") else None
        if found is None or found[2] != "1" or not found[1].isdigit() or not 1 < int(found[1]) <= _HAND_VECTOR:
            continue
        label = found[0]
        level = "store" if meta.get("written_by_element") else "copy"
        record.levels = (replace(label, level=level, role="atom", rule="vector_by_hand"),) + record.levels[1:]
        axes.suggest(label.var, "N", "layout.rows_cols")
        _registers_of_vector(axes, records, record, label, int(found[1]))


def _registers_of_vector(axes: Axes, records: list, vector, label, extent: int) -> None:
    """The one-mode registers of the vector's extent that its elements fill (`vals[i] = src[i].to(f32)`) or that
    fill its elements (`dst[i] = vals[i]`) run along its leaf: element i is element i."""
    linked = [r for r in records if vector.index in (r.meta.get("values_from") or ())]
    linked += [records[i] for i in vector.meta.get("values_from") or () if i < len(records)]
    for other in linked:
        leaves = list(_levels.flatten(other.levels[0])) if other.levels else []
        if other.memspaces[:1] == ("rmem",) and len(leaves) == 1 and other.shapes[:1] in ((extent,), ((extent,),)):
            axes.join(leaves[0].var, label.var)


def _moved_whole(records: list) -> set:
    """The records a copy moves whole, not a slice of them: its source or destination at the record's own shape."""
    found = set()
    for copy in records:
        operands = copy.operands or {}
        if copy.op != "copy" or len(copy.in_shapes) != 2:
            continue
        for side, key in enumerate(("src", "dst")):
            index = operands.get(key)
            if index is not None and records[index].shapes \
                    and format_shape(copy.in_shapes[side]) == format_shape(records[index].shapes[0]):
                found.add(index)
    return found


def _stride_order(stride: str) -> float | None:
    """A leaf's stride to order leaves by: a static one's value, a run-time one (`?`, `?{div=8}`) above any
    static one; None for a stride of another form (a nested or unparsed text)."""
    if stride.isdigit():
        return int(stride)
    return float("inf") if stride.startswith("?") else None


def _borrowed_accumulators(axes: Axes, records: list, views: dict, instance: dict) -> None:
    """A TMEM accumulator laid out as another (`Axes.borrowed`) runs along the other's axes, unless the layout was
    lent to accumulators that `split` put in different products of one TiledMma (O = Q S and NV = U - W S both
    over one fragment's layout): then it names none of them, and each keeps the axes its own gemms give it. An
    accumulator's product is the one whose gemms write it: `instance` leaves a TiledMma's first product out (it
    keeps the object's number), so Aqk = qg kgk^T beside Akk = kgq kgk^T, both laid out as one probe, are two.
    Products whose A operands hold values of the same inputs are one product over other tiles (a TiledMma issued
    per query tile, `Axes.row_tiles`, or per group of KV blocks of one cache, `tCtAcc_base_0` and `_1`)."""
    if not axes.borrowed:
        return
    origins = _input_origins(records, views)
    written: dict = {}  # accumulator record -> the product whose gemm writes it
    reads: dict = {}  # product -> the inputs the values of its A operands come from
    for record in records:
        if record.op == "gemm" and record.made_by and record.operands:
            made = instance.get(record.index, record.made_by["object"])
            if record.operands.get("A") is not None:
                reads.setdefault(made, set()).update(origins(record.operands["A"]))
            for slot in "DC":
                if record.operands.get(slot) is not None:
                    written.setdefault(record.operands[slot], made)

    def product(index):
        found = instance.get(index, written.get(index))
        obj = found[0] if isinstance(found, tuple) else found
        if obj in axes.row_tiles or reads.get(found) and reads.get(found) == reads.get(obj):
            return obj
        return found

    products: dict = {}  # the lent layout's record -> the products of it and of the accumulators laid out as it
    for _, _, record, source in axes.borrowed:
        products.setdefault(source, {product(source)}).add(product(record))
    for var, other, record, source in axes.borrowed:
        if len(products[source] - {None}) < 2:
            axes.join(var, other)
        else:  # an atom's leaves run along the axes of the product this accumulator holds
            axes.placed[var] = record


_MMA_READS = frozenset(("make_fragment_A", "make_fragment_B", "partition_A", "partition_B"))


def _aliased_buffers(axes: Axes, records: list) -> None:
    """An SMEM view over a buffer's own iterator (`Axes.aliases`) that a TMA partition cuts and no MMA reads (the
    (tokens, head dim) boxes a TMA loads into a K-major operand buffer) is the buffer's data seen again: each leaf
    runs along the axis of what it holds. Read by an MMA, it is another operand laid in the same storage (V over
    K); written by the epilogue's copies, a tile the accumulator's copies name: its leaves keep their own
    variables, for those to name."""
    read = {i for record in records if record.op in _MMA_READS for i in record.inputs}
    boxed = {j for record in records if record.op == "tma_partition" for i in record.inputs
             for j in _regrouped_from(records, i)}
    for origin, pairs in axes.aliases:
        for var, other in pairs if origin in boxed and origin not in read else ():
            axes.join(var, other)


def _regrouped_from(records: list, index: int, depth: int = 2) -> list:
    """A record and the tensors it regroups (`group_modes(box, 0, 2)` passed to a partition), up `depth` levels."""
    found = [index]
    while depth and records[found[-1]].op in ("group_modes", "select", "append_ones") and records[found[-1]].inputs:
        found.append(records[found[-1]].inputs[0])
        depth -= 1
    return found


def settle(axes: Axes, records: list, views: dict, tiler_ranks: dict | None = None,
           index_uses: dict | None = None, partitioners: Partitioners | None = None,
           gathers: tuple | None = None, paged: dict | None = None, packed_pages: set | None = None,
           packed_indices: list | None = None, tile_picks: dict | None = None, slots: set | None = None) -> None:
    """`tiler_ranks`: copy object number -> how many modes its tiler cuts (`Partitioners.tiler_ranks`);
    `index_uses`: a run-time index -> the axis variables of the modes it indexed; `partitioners`: the trace's
    MMA and copy objects (the tilers of its copies, the tensors their partitions cut); `gathers`: [(record index,
    axis variable, run-time index, what it was computed from)] of the modes run-time indices selected, and each
    run-time index -> the axis variables of every mode it selected; `paged`: the variable of each global mode an
    index read out of another tensor selected (pages of a paged cache) -> the variables of the table's modes that
    walk the pages; `packed_indices`: see `_packed_head_rows`; `slots`: the variables of those global modes that
    every table read selected as a CTA's one entry (`tracer._entry_per_cta`, `_state_slots`)."""
    instance, rows_apart, apart, axes.row_tiles = _issued_mmas(records, views)
    if instance:
        axes.split(instance, rows_apart, apart)
    _borrowed_accumulators(axes, records, views, instance)
    _aliased_buffers(axes, records)
    _expanded_vectors(axes)
    _atoms_along_one_axis(axes, records)
    _copies_of_accumulators(axes, records, views, tiler_ranks or {})
    _written_through_views(axes, records, views)
    _combined_tiles(axes, records, views)
    if partitioners is not None:
        _copies_through_registers(axes, records, partitioners)
        _rows_by_thread(axes, records, views, partitioners)
    _coordinates_of_copies(axes, records)
    _copied_partitions(axes, records)
    _tiles_of_one_grid(axes)
    _same_indices(axes, index_uses or {}, _sequence_chunks(axes, records))  # the weakest: after every join
    chains, lanes, states, recurrences = _chains(records, views, instance)
    axes.chains.update(chains)
    axes.recurrences.update(recurrences)
    axes.buffers = _operand_buffers(records, views, instance)
    axes.extents = _operand_extents(records, instance)
    axes.states.update(states)
    axes.grams.update(_gram_products(records, views, instance))
    for m1, m2 in lanes:  # TMEM lanes are the rows (M) of the accumulator and of the A operand laid over it
        axes.join(axes.key_var.get(("mma", m1, "M")), axes.key_var.get(("mma", m2, "M")))
    moved = _moved_whole(records) if not axes.mmas else set()  # the copies' records do not change while settling
    if not axes.mmas:
        _buffers_without_mma(records)
        axes.siblings = _global_modes(records)
        _contractions(axes, records)
        _product_rows(axes, records)
        _register_products(axes, records)
        _rows_and_columns(axes, records, moved)
        _vectors_over_pointers(axes, records, moved)
        _rows_read_in_vectors(axes, records)
        _vectors_by_hand(axes, records)
    _chained_axes(axes)
    _flat_operand_buffers(axes, records)
    named = _solved(axes, records)
    if axes.contradicted() or any(rule == "unknown" for _, rule in named.values()):
        axes.refuse_contradictions()
        named = _solved(axes, records)
    if _named_viewed_leaves(axes, named):
        named = _solved(axes, records)
    slot_roots = _state_slots(axes, records, named, {axes.find(v) for v in slots or ()})
    paged = {v: tables for v, tables in (paged or {}).items() if axes.find(v) not in slot_roots}
    _one_tokens_heads(axes, records, named, _paged_scores(axes, records, named, {axes.find(v) for v in paged}))
    if gathers:
        _packed_rows(axes, named, _gathered_rows(records, gathers[0]), gathers[1])
    _rows_filled_from_two(axes, records, named)
    if partitioners is not None:
        _rows_past_their_input(axes, records, named, partitioners.shapes)
    _packed_rows_kept(axes, named)
    _split_partials_laid_out(axes, records, views, named)  # before the batch rule reads the modes past the rows
    # class root -> the letters of a grouped (heads, batch) mode's leaves
    grouped = _batch(axes, records, named, {axes.find(v) for v in paged or ()},
                     {axes.find(v) for v in packed_pages or ()})
    _packed_sources(axes, records, named, grouped)
    tokens = _token_heads(axes, records, named, grouped)
    token_heads = _packed_token_heads(axes, records, named, grouped)
    _page_tables(axes, named, grouped, paged or {})
    _split_partials(axes, records, views, named)
    if gathers:
        _grouped_head_rows(axes, records, named, gathers[1], tile_picks or {})
    packed_heads = _packed_head_rows(axes, records, named, packed_indices or [], gathers[1] if gathers else {})
    _rows_nested_in_heads(axes, records, named, grouped)
    _laid_out_alike(axes, records, named, grouped)
    _batch_counted_as_heads(axes, records, named, grouped)
    if gathers:  # the weakest: what no rule above named
        _heads_by_one_index(axes, named, gathers[1], grouped)

    def letter(key, origin=None):
        if isinstance(key, tuple) and key[0] == "mma":  # the axis of the product the placing record belongs to
            key = axes.issued_key(key, origin)
        if isinstance(key, tuple) and key[0] == "var":
            found = named.get(axes.find(key[1]))
            return found[0] if found else None
        var = axes.key_var.get(key) if isinstance(key, tuple) else None
        found = named.get(axes.find(var)) if var is not None else None
        return found[0] if found else None

    finals: dict = {}  # id(label) -> (it, its final label): records share label objects, each replaced once

    def final(tree):
        if isinstance(tree, tuple):
            return tuple(final(t) for t in tree)
        hit = finals.get(id(tree))
        if hit is None or hit[0] is not tree:
            hit = finals[id(tree)] = (tree, final_label(tree))
        return hit[1]

    def final_label(tree):
        if tree.leaf_axes and any(isinstance(k, tuple) for k in tree.leaf_axes):  # (None, key): a size-1 leaf first
            tree = replace(tree, leaf_axes=tuple(letter(k, axes.placed.get(tree.var, tree.origin))
                                                 for k in tree.leaf_axes))
        if tree.var is None:
            return tree
        found = named.get(axes.find(tree.var))
        if found is None:
            return tree
        axis, rule = found
        letters = grouped.get(axes.find(tree.var)) if not tree.leaf_axes else None
        return replace(tree, axis=axis, axis_rule=rule if axis else None, leaf_axes=letters or tree.leaf_axes)

    for record in records:
        record.levels = tuple(final(t) for t in record.levels)
    _packed_leaves_merged(axes, records, grouped)
    _token_leaves_apart(axes, records, {root: grouped[root] for root in tokens})
    _packed_token_leaves(axes, records, token_heads)
    if packed_heads:
        _unpack_head_rows(axes, records, packed_heads)
    _gemm_without_attention_names(axes, records, named)
    _operand_views(records)
    _atoms_by_rests(records)
    accumulators = _accumulator_roots(axes)
    relevels: dict = {}  # record index -> (levels, new level) of the modes it made, for every record carrying them
    staged = _smem_operands(axes, records, views, accumulators, relevels)
    held = _accumulator_tensors(records, views)
    _epilogue(axes, records, accumulators, staged | held, relevels)
    _operand_copies(records, relevels)
    _thread_views_written_out(records, views, relevels)
    _chunks_written_out(records, relevels)
    _partitions_written_out(records, views)
    for record in records:  # the accumulator re-laid for its epilogue copy (`tRS_rAcc`) stays the MMA's fragment
        if record.op == "retile" and set(record.inputs) & held:
            relevels[record.index] = (("copy", "store"), "mma")
            record.levels = tuple(_relevel(t, record.index, ("copy", "store"), "mma") for t in record.levels)
    for record in records:
        record.levels = tuple(_carried_relevel(t, relevels) for t in record.levels)
    if not axes.mmas:  # with an MMA, such a buffer finishes the accumulator's epilogue
        _reduction_buffers(records)
    _metadata(records, views, values_kept=not axes.mmas)
    _stages_of_value_buffers(records)
    if axes.mmas:  # without an MMA, `_reduction_buffers` reads such buffers
        _summed_partials(records)
    if not axes.mmas:
        _copied_by_hand(records, moved, views)
    else:
        _filled_by_copy(records)
        _registers_in_a_copy_partitions_shape(records)
    _register_chunks(records)  # before the arrays computed from such registers (`tCS[i] = tC[0, i]`)
    _filled_in_pieces(records)
    if not axes.mmas:  # after the rules that take a chunk's labels, before the arrays computed from registers
        _moved_by_copy(records)
        _filled_by_hand(records)
        _loaded_by_hand(records, "D" if axes.named_attention else "N")
        _routing_rows(records)  # before the arrays computed from them: a weight scales values, it is none of them
    _register_views(records, views)
    if not axes.mmas:  # before the one-mode arrays computed from them pass their labels on
        _flattened_values(records)
    _recast_register_arrays(records)  # a recast of loaded registers, before the arrays computed from it
    _computed_arrays(records)
    _arrays_made_before_their_sources(records)
    _recast_register_arrays(records)  # and a recast of computed ones
    if axes.mmas:
        over_tokens = _token_product_objects(axes)
        _stored_into_tmem(records, _token_operand_objects(axes), over_tokens)
        _products_written(records, over_tokens)
        _side_inputs_written(records, over_tokens)
        _read_out_of_tmem(records)  # after the product rules: they label only registers no rule has labelled
    else:
        _computed_tiles(records)
        _accumulated_vectors(records)
        _stored_from_tiles(records)
    _recast_registers(records)  # after the registers a `tcgen05.st` writes took their source's level
    if not axes.mmas:  # registers still unplaced after every rule of what computed them
        _written_out_through_fragments(records)
    _results_written_out(records)  # after the arrays computed from loaded registers took their labels
    if not axes.mmas:
        _staged_by_element(records, views)
    _written_out_by_hand(records, views)
    _moved_into_written_out(records)
    _views_written_out_by_hand(records)
    _indexed_statistics(records)
    _fragments_of_statistics(records)
    _statistic_slots(records)


_ATTENTION_LETTERS = frozenset("QDHB")
# the rules that name attention axes of an MMA's (the data flow's chains, and names where one product stands alone)
_ATTENTION_RULES = frozenset(("attention", "hint:scores", "hint:result", "name.gradient", "state.recurrence"))


def _scalar_slots(record) -> bool:
    """Registers each element of which one statement of its own sets (`v[0] = old_row_max`, `v[1] = row_max`): a few
    scalars side by side, none of them a tile's value at its index (a loop's statement sets many elements)."""
    writes = record.meta.get("statement_writes") or {}
    return record.memspaces[:1] == ("rmem",) and len(writes) >= 2 and all(n == 1 for n in writes.values()) \
        and record.meta.get("element_writes") == len(writes) == _size(record.shapes[0])


def _statistic_slots(records: list) -> None:
    """A TMEM view over an accumulator's storage laid out from its layout (`make_tensor(tStS.iterator + vec_offset,
    composition(tStS.layout, (128, 2)))`) that a `tcgen05.st` fills from registers each element of which is a scalar
    set by a statement of its own (`_scalar_slots`: the old and new row max) holds per-row slots of those scalars in
    the accumulator's columns, not its columns' values: its columns run along no axis, in the views of that layout
    over the same storage (the correction's `tStS_vec0`), the copies' partitions of them and of the coordinates they
    pair with (`tScS_vec`), and the registers those copies fill or empty. Their rows stay the accumulator's."""
    partitions: dict = {}  # a tensor -> the copy partitions of it
    for record in records:
        if record.op in ("partition_S", "partition_D") and record.inputs:
            partitions.setdefault(record.inputs[0], []).append(record.index)
    copies = [r.operands for r in records if r.op == "copy" and r.operands and r.operands.get("src") is not None
              and r.operands.get("dst") is not None]
    layouts = set()  # (layout text, column letter) of the views the scalars are stored into
    for operands in copies:
        src, dst = records[operands["src"]], records[operands["dst"]]
        view = records[dst.inputs[0]] if dst.op == "partition_D" and dst.inputs else None
        if view is None or not _scalar_slots(src) or view.memspaces[:1] != ("tmem",) or view.op != "make_tensor" \
                or not view.levels or not view.layouts:
            continue
        tree = leaf_tree(view.layouts[0])
        letters = [x for label in _levels.flatten(view.levels[0])
                   for x in (label.leaf_axes or (label.axis,))]
        flat = [leaf for mode in tree for leaf in _leaves(mode)] if isinstance(tree, tuple) else []
        columns = [x for x, leaf in zip(letters, flat) if leaf.partition(":")[2] == "1"] \
            if len(letters) == len(flat) else []
        if len(columns) == 1 and columns[0] is not None:
            layouts.add((view.layouts[0], columns[0]))
    if not layouts:
        return
    by_layout = dict(layouts)
    family: dict = {}  # record index -> the column letter its slots' leaves took
    for record in records:
        if record.op == "make_tensor" and record.memspaces[:1] == ("tmem",) and record.layouts \
                and record.layouts[0] in by_layout:
            family[record.index] = by_layout[record.layouts[0]]
    objects = set()
    for view, letter in list(family.items()):
        for index in partitions.get(view, ()):
            family[index] = letter
            objects.add(((records[index].made_by or {}).get("object"), letter))
    for record in records:  # the coordinates the same copies partition beside the views, and those coordinates
        found = [letter for obj, letter in objects if obj is not None and (record.made_by or {}).get("object") == obj]
        if record.op in ("partition_S", "partition_D") and found and record.index not in family and record.inputs:
            family[record.index] = found[0]
            source = records[record.inputs[0]]
            if source.op == "make_tensor" and source.memspaces[:1] == ("coord",):
                family[source.index] = found[0]
    for operands in copies:  # the registers those copies fill or empty
        for a, b in ((operands["src"], operands["dst"]), (operands["dst"], operands["src"])):
            if a in family and records[b].memspaces[:1] == ("rmem",):
                family.setdefault(b, family[a])

    def cut(tree, letter):
        if isinstance(tree, tuple):
            return tuple(cut(t, letter) for t in tree)
        leaf_axes = tuple(None if x == letter else x for x in tree.leaf_axes) if tree.leaf_axes else tree.leaf_axes
        if tree.axis != letter and leaf_axes == tree.leaf_axes:
            return tree
        return replace(tree, axis=None if tree.axis == letter else tree.axis,
                       axis_rule=None if tree.axis == letter else tree.axis_rule, leaf_axes=leaf_axes)

    for index, letter in family.items():
        records[index].levels = tuple(cut(t, letter) for t in records[index].levels)


def _gemm_without_attention_names(axes: Axes, records: list, named: dict) -> None:
    """In a trace whose MMAs the data flow names GEMM axes (no MMA feeds another, no scores named), a name's
    attention axis (`tSsS`'s S read as scores: queries and keys) is none: scale factors named S are no scores."""
    if not axes.mmas or any(rule in _ATTENTION_RULES for _, rule in named.values()):
        return

    def plain(tree):
        if isinstance(tree, tuple):
            return tuple(plain(t) for t in tree)
        if tree.axis in _ATTENTION_LETTERS and tree.axis_rule == "hint:name":
            return replace(tree, axis=None, axis_rule=None)
        return tree

    for record in records:
        record.levels = tuple(plain(t) for t in record.levels)


def _gathered_rows(records: list, gathers: list) -> dict:
    """axis variable -> ({variable of a source mode: what its index was computed from}, {the source's other modes a
    run-time index selected}) for each mode that a copy fills from another, selected by a run-time index from which
    the source's selecting indices were computed:
    `sQ[m, None]` filled from `mQ[q_start + m // G, kv_head * G + m % G, None]` (a gather: each of sQ's rows holds
    the query and the head that m's quotient and remainder select)."""
    by_record: dict = {}
    for index, var, key, sources in gathers:
        by_record.setdefault(index, []).append((var, key, sources))

    if not by_record:
        return {}
    memo: dict = {}

    def roots(i) -> set:  # the indexed tensors a copy's operand was tiled from (`local_tile(sQ[m, None], (8,),
        if i in memo:  # (c,))`), or whose values its registers were given (`frag.store(g.load())`)
            return memo[i]
        found, frontier = memo.setdefault(i, set()), [i]
        for _ in range(4):
            following = []
            for j in frontier:
                if j in by_record:
                    found.add(j)
                else:
                    following.extend(records[j].inputs[:1] or records[j].meta.get("values_from", ()))
            frontier = following
        return found

    pairs = set()
    for record in records:
        operands = record.operands or {}
        if record.op == "copy" and operands.get("src") is not None and operands.get("dst") is not None:
            pairs.update((src, dst) for src in roots(operands["src"]) for dst in roots(operands["dst"]) if src != dst)
    found: dict = {}
    for src, dst in pairs:
        for var, key, _ in by_record[dst]:
            parts, others = found.get(var, ({}, set()))
            for source_var, source_key, sources in by_record[src]:
                # what the source's index was computed from, past the index itself; a source mode selected by the
                # very index that selects this one holds the same rows (a copy between two tensors' (token, head)
                # rows), however many sources share it: no gather
                if key in sources and key != source_key:
                    parts[source_var] = {k: how for k, how in sources.items() if k != source_key}
                else:
                    others.add(source_var)
            if parts:
                found[var] = (parts, others)
    return found


def _packed_leaves_merged(axes: Axes, records: list, grouped: dict) -> None:
    """A mode of a grouped class (`_batch`: GQA's packed ((heads in a group, s_q)) rows) keeps the heads and
    queries apart only where its heads leaf holds the group's heads whole (a tile ((4, 48), d) of ((4, s_q), d));
    one whose first leaf has another extent (an SMEM tile's rows (8, 24): two queries' heads in each 8) merges
    them: its leaves run along no single axis. The group's extent is the one a global tensor's mode has there."""
    heads = {}  # class root -> the extent of its heads leaf in the global tensors
    for record, label, shape in _grouped_modes(axes, records, grouped):
        if set(record.memspaces) & {"gmem", "coord"} and "H" in label.leaf_axes and len(shape) == 2:
            heads.setdefault(axes.find(label.var), set()).add(shape[label.leaf_axes.index("H")])
    for record, label, shape in list(_grouped_modes(axes, records, grouped)):
        extents = heads.get(axes.find(label.var), set())
        if "H" in label.leaf_axes and extents and (len(shape) != len(label.leaf_axes)
                                                   or shape[label.leaf_axes.index("H")] not in extents):
            merged = replace(label, leaf_axes=(None,) * len(shape) if len(shape) > 1 else None)
            record.levels = tuple(_swapped(tree, label, merged) for tree in record.levels)


def _grouped_modes(axes: Axes, records: list, grouped: dict):
    """(record, label, leaf extents) for each top mode of a record's first output whose label took a grouped
    class's letters leaf by leaf (also a mode of one leaf: a per-row statistic over the packed rows)."""
    for record in records:
        if not record.levels or not record.shapes:
            continue
        shapes = record.shapes[0] if isinstance(record.shapes[0], tuple) else (record.shapes[0],)
        for label, shape in zip(_modes(record.levels[0]), shapes):
            extents = tuple(_leaves(shape)) if isinstance(shape, tuple) else (shape,)
            if isinstance(label, _levels.ModeLabel) and label.var is not None and label.leaf_axes \
                    and axes.find(label.var) in grouped and all(isinstance(e, int) for e in extents):
                yield record, label, extents


def _swapped(tree, old, new):
    """`tree` with the label object `old` replaced by `new`."""
    if isinstance(tree, tuple):
        return tuple(_swapped(t, old, new) for t in tree)
    return new if tree is old else tree


def _packed_rows(axes: Axes, named: dict, gathered: dict, selections: dict) -> None:
    """A mode gathered from two modes of its source (`_gathered_rows`: the MMA's rows over (token, head) pairs,
    m = token * G + head) runs along neither: it packs both. Where the data flow made it an attention sequence,
    the source's mode whose index also walks from a value that selects another tensor's mode (`kv_head * G + g`,
    kv_head selecting K's heads) is the heads H, the other that sequence. Gathered from that heads mode alone (a
    decode tile of one token's grouped heads), the mode is the heads, and the source's one other mode a run-time
    index selects (the token) is the sequence."""
    for var, (parts, others) in gathered.items():
        root = axes.find(var)
        classes = {axes.find(v): sources for v, sources in parts.items()}
        if root in classes:
            continue
        letter = named.get(root, (None,))[0]
        own = {v for v in parts} | {var}
        # (an index the gathered mode is selected by, `s` of `sK[s, None]` and `sV[s, None]`, walks no group)
        heads = [c for c, sources in classes.items()
                 if any(not how and var not in selections.get(key, ()) and set(selections.get(key, ())) - own
                        for key, how in sources.items())]
        if len(classes) >= 2:
            named[root] = (None, "gather")
            if letter in ("Q", "K") and len(classes) == 2 and len(heads) == 1:
                for part in classes:
                    named[part] = ("H" if part == heads[0] else letter, "gather")
        elif heads and letter in ("Q", "K"):
            named[root] = named[heads[0]] = ("H", "gather")
            sequence = {axes.find(v) for v in others} - {heads[0]}
            if len(sequence) == 1:
                named[sequence.pop()] = (letter, "gather")


def _packed_head_rows(axes: Axes, records: list, named: dict, packed_indices: list, selections: dict) -> set:
    """Variables of global modes whose rows pack the heads inside another index: the mode is selected by `outer *
    n + inner` (`tmaH[chunk * Hv + v_head, ...]`; a workspace's `(chunk * heads + h) * 16 + t` rows tiled by 16
    and selected by `cb + count * heads`, `cb = c * heads + h`) where an unscaled term selects another global
    tensor's heads (`tmaV[None, v_head, None]`) and nothing the scaled terms were computed from does: its rows run
    over (outer, heads), neither axis. Where a scaled term is the heads (`kv_head * G + g`, a head's group of query
    heads) the mode is heads; so it is where the unscaled term picks rows of an SMEM tile of grouped heads
    (`sQ[q_m, None]`), no global tensor's heads."""
    global_vars = {label.var for _, label, _, global_side in _labelled_leaves(records) if global_side}

    def selects_heads(key, own) -> bool:
        return any(v != own and v in global_vars and named.get(axes.find(v), (None,))[0] == "H"
                   for v in selections.get(key, ()))

    return {var for var, inner, outer in packed_indices
            if named.get(axes.find(var), (None,))[0] in ("Q", "K", "H") and any(selects_heads(k, var) for k in inner)
            and not any(selects_heads(k, var) for k in outer)}


def _unpack_head_rows(axes: Axes, records: list, packed: set) -> None:
    """The leaves of packed (outer, heads) rows (`_packed_head_rows`) run along no axis: the global modes the
    packed index selects (a tensor's mode, its tiles' rests), a global mode of their class as long as one of
    them (the host tensor of a kernel parameter), and a mode or atom of extent 1 of their class (one packed row:
    a decay row per (chunk, head), the state box's size-1 mode). A tile's atom wider than 1 keeps its axis (the
    16 tokens of one (chunk, head) are keys); so do the class's other modes (another tensor's 16 key columns)."""
    roots = {axes.find(v) for v in packed}
    extents = {(axes.find(label.var), extent) for record, label, extent, global_side in _labelled_leaves(records)
               if global_side and label.var in packed and label.role == "mode"}

    def unpacked(label, extent, global_side: bool) -> bool:
        root = axes.find(label.var)
        if root not in roots:
            return False
        if extent == 1:
            return label.role in ("atom", "mode")
        return global_side and label.role != "atom" \
            and (label.var in packed or (label.role == "mode" and (root, extent) in extents))

    def relabelled(tree, shape, global_side: bool):
        if isinstance(tree, tuple):
            if not isinstance(shape, tuple) or len(shape) != len(tree):
                return tree
            return tuple(relabelled(t, s, global_side) for t, s in zip(tree, shape))
        if isinstance(tree, _levels.ModeLabel) and tree.var is not None and not tree.leaf_axes and tree.axis \
                and unpacked(tree, _size(shape) if _size(shape) is not None else str(shape), global_side):
            return replace(tree, axis=None, axis_rule="packed_head_rows")
        return tree

    for record in records:
        if len(record.shapes) == len(record.levels):
            record.levels = tuple(relabelled(t, s, g) for t, s, g in zip(record.levels, record.shapes,
                                                                          _global_sides(record)))


def _global_sides(record) -> list:
    """Per output of a record, whether it is global memory or its coordinates (a TMA partition's global side)."""
    if len(record.memspaces) != len(record.levels):
        return [False] * len(record.levels)
    return [m in ("gmem", "coord") for m in record.memspaces]


def _labelled_leaves(records: list):
    """(record, label, extent, global side) of every label of a mode with one variable and no per-leaf axes."""
    def walk(tree, shape):
        if isinstance(tree, tuple):
            if isinstance(shape, tuple) and len(shape) == len(tree):
                for t, s in zip(tree, shape):
                    yield from walk(t, s)
        elif isinstance(tree, _levels.ModeLabel) and tree.var is not None and not tree.leaf_axes:
            yield tree, _size(shape) if _size(shape) is not None else str(shape)

    for record in records:
        if len(record.shapes) == len(record.levels):
            for tree, shape, global_side in zip(record.levels, record.shapes, _global_sides(record)):
                for label, extent in walk(tree, shape):
                    yield record, label, extent, global_side


def _state_slots(axes: Axes, records: list, named: dict, slots: set) -> set:
    """A product no other MMA reads or feeds (no attention named), one of whose operands is a whole matrix of a
    per-sequence cache: its input holds a mode that one table entry per CTA selects (`slots`, class roots: `S =
    state[state_indices[b]]`, read at an index the block index alone computes, where a page table hands a sequence
    many pages) beside the operand's rows and the axis it contracts, and one SMEM tile holds all of its rows. That
    matrix is a recurrent state (linear attention's S, kept between decode steps): its rows and the axis the
    product contracts are feature dims D, and the other operand's rows the tokens that read it, the queries Q
    (o = S q), as linear attention's readers of a state (`Axes._linear_attention`). Returns the slot roots it read
    as states (the page rules leave those alone)."""
    if not slots or axes.chains or any(rule in _ATTENTION_RULES for _, rule in named.values()):
        return set()
    tiles = _smem_extents(axes, records)
    holders = _global_holders(axes, records, slots)
    found = set()
    for rows, cols, over in _product_axes(axes):
        held = [(r, slot) for r in (rows, cols) for roots, extents, slot in holders
                if r in roots and over in roots and 1 < extents.get(r, 0) <= tiles.get(r, 0)]
        if len({r for r, _ in held}) != 1:
            continue
        state_rows = held[0][0]
        tokens = cols if state_rows == rows else rows
        for root, letter in ((state_rows, "D"), (over, "D"), (tokens, "Q")):
            named[root] = (letter, "attention")
        found.update(slot for _, slot in held)
    return found


def _product_axes(axes):
    """(rows, columns, contracted) roots of each MMA product whose three axes are apart."""
    for key, var in list(axes.key_var.items()):
        if key[0] != "mma" or key[2] != "K":
            continue
        over = axes.find(var)
        rows, cols = (axes.key_var.get(("mma", key[1], a)) for a in "MN")
        rows, cols = (axes.find(v) if v is not None else None for v in (rows, cols))
        if None not in (rows, cols) and len({rows, cols, over}) == 3:
            yield rows, cols, over


def _smem_extents(axes: Axes, records: list) -> dict:
    """class root -> the largest static extent an SMEM tensor's leaf along it has: how much of an axis one CTA's
    tile holds."""
    tiles: dict = {}
    for record in records:
        if record.memspaces[:1] != ("smem",) or not record.levels or not record.shapes \
                or not isinstance(record.shapes[0], tuple):
            continue
        leaves, extents = list(_levels.flatten(record.levels[0])), list(_leaves(record.shapes[0]))
        for label, extent in zip(leaves, extents) if len(leaves) == len(extents) else ():
            if label.var is not None and isinstance(extent, int):
                root = axes.find(label.var)
                tiles[root] = max(tiles.get(root, 0), extent)
    return tiles


def _global_holders(axes: Axes, records: list, selected: set) -> list:
    """(class roots of its modes, root -> static extent, the selected root) of each global tensor with a mode in
    `selected` (class roots): the inputs a table's entries select a slot or page of."""
    found = []
    for record in records:
        if record.op not in ("input", "make_tensor") or not set(record.memspaces) & {"gmem", "coord"} \
                or not record.levels or not record.shapes or not isinstance(record.shapes[0], tuple):
            continue
        modes = _modes(record.levels[0])
        if len(modes) != len(record.shapes[0]):
            continue
        roots = [axes.find(m.var) if isinstance(m, _levels.ModeLabel) and m.var is not None else None for m in modes]
        for slot in set(roots) & selected:
            found.append((set(roots) - {None}, {r: e for r, e in zip(roots, record.shapes[0])
                                                if r is not None and isinstance(e, int)}, slot))
    return found


def _paged_scores(axes: Axes, records: list, named: dict, paged: set) -> set:
    """A product no other MMA reads or feeds (no attention named), one of whose operands is read from a paged cache,
    is attention scores: an indexer's logits S^T = K Q^T over pages of keys. The paged operand's input holds a mode a
    page table's entries select (`paged`, class roots) beside its rows, and a page's rows fit in the operand's SMEM
    tile (several pages may fill one): its rows are the keys K, the other operand's rows the queries Q, the axis
    both contract the head dim D. A GEMM operand selected by an index read from a table (an expert's weights,
    `w[None, None, expert[tile]]`) is a whole matrix, more rows than a tile. Returns the roots of the queries."""
    if not paged or axes.chains or any(rule in ("attention", "hint:scores") for _, rule in named.values()):
        return set()
    tiles = _smem_extents(axes, records)
    pages = [(roots, held) for roots, held, _ in _global_holders(axes, records, paged)]
    found = set()
    for rows, cols, over in _product_axes(axes):
        keyed = [r for r in (rows, cols) if any(r in roots and over in roots and 1 < held.get(r, 0) <= tiles.get(r, 0)
                                                for roots, held in pages)]
        if len(keyed) != 1:
            continue
        queries = cols if keyed[0] == rows else rows
        for root, letter in ((keyed[0], "K"), (queries, "Q"), (over, "D")):
            named[root] = (letter, "attention")
        found.add(queries)
    return found


def _one_tokens_heads(axes: Axes, records: list, named: dict, queries: set) -> None:
    """The query rows of paged scores (`_paged_scores`) that one tile covers whole, where the query input is (rows,
    head dim, one more mode) with the rows a static extent: a CTA takes one sequence's rows in full, and a decode
    step's rows of one sequence are its token's heads (an indexer's 64 heads; a query sequence is tiled, its
    length a run-time extent). The rows are the heads H, the input's other mode the batch B."""
    if not queries:
        return
    covered = _atom_extents(axes, records, queries)
    renamed: dict = {}
    for record in records:
        if record.op not in ("input", "make_tensor") or not record.levels or "gmem" not in record.memspaces \
                or not isinstance(record.shapes[0], tuple):
            continue
        modes = _modes(record.levels[0])
        if len(modes) != 3 or len(record.shapes[0]) != 3 or not all(
                isinstance(m, _levels.ModeLabel) and m.var is not None for m in modes):
            continue
        roots = [axes.find(m.var) for m in modes]
        letters = [named.get(r, (None,))[0] for r in roots]
        # (the other mode no data flow named: a name's suffix (`mB_nkl`'s L) or the batch rule may have)
        if letters[:2] != ["Q", "D"] or letters[2] is not None and named[roots[2]][1] not in ("batch", "hint:name"):
            continue
        extent = record.shapes[0][0]
        if isinstance(extent, int) and extent > 1 and extent in covered.get(roots[0], ()):
            renamed[roots[0]], renamed[roots[2]] = ("H", "attention"), ("B", "batch")
    named.update(renamed)


def _atom_extents(axes: Axes, records: list, roots: set) -> dict:
    """class root -> the extents of the tile atoms (of a `local_tile` or a divide) along it, for the classes in
    `roots`."""
    covered: dict = {}
    for record in records:
        if record.op in _TILERS and record.levels and record.shapes:
            leaves, extents = list(_levels.flatten(record.levels[0])), list(_leaves(record.shapes[0]))
            for label, extent in zip(leaves, extents) if len(leaves) == len(extents) else ():
                if label.role == "atom" and label.var is not None and axes.find(label.var) in roots:
                    covered.setdefault(axes.find(label.var), set()).add(extent)
    return covered


def _packed_token_heads(axes: Axes, records: list, named: dict, grouped: dict) -> set:
    """A product's side that a global input holds as one packed mode `((E, s), ...)`: a static heads leaf E that a
    tile's atom along that side covers whole, then a run-time tokens leaf (PackGQA's `((heads per KV head,
    seqlen_q), d, h_k, b)` with one token's heads per tile: a DSA score recompute's S^T = K Q^T over a token's 64
    heads). A CTA takes one query token and lays its heads along that side: the side is the heads H, and the
    product's other side, where a rule named it a sequence, the keys K (names may call either side queries; a tile
    of one token's heads decides). Where the slots named the product a GEMM (M, N, K: no name says attention), one
    token's heads make it attention all the same: the other side the keys K, the contraction the head dim D.
    Sides only, and classes `_batch` grouped are left to it. Returns the heads classes, whose packed global modes
    `_packed_token_leaves` labels leaf by leaf."""
    sides: dict = {}  # class root -> (the product's other side, its contraction)
    for m in axes.mmas:
        rows, cols, over = (axes.key_var.get(("mma", m, a)) for a in "MNK")
        if rows is not None and cols is not None and axes.find(rows) != axes.find(cols):
            contraction = axes.find(over) if over is not None else None
            sides[axes.find(rows)] = (axes.find(cols), contraction)
            sides[axes.find(cols)] = (axes.find(rows), contraction)
    slots = (("M", "mma_slot"), ("N", "mma_slot"))
    candidates = {root for root in sides if root not in grouped
                  and (named.get(root, (None,))[0] in ("Q", "K") or named.get(root) in slots)}
    covered = _atom_extents(axes, records, candidates) if candidates else {}
    heads = {axes.find(label.var) for _, label, shape in _packed_token_modes(axes, records, set(covered))
             if shape[0] in covered[axes.find(label.var)]}
    for root in heads:
        other, contraction = sides[root]
        if named[root][1] == "mma_slot" and named.get(contraction) == ("K", "mma_slot"):
            named[contraction] = ("D", "packed_token_heads")
        if other not in heads and named.get(other, (None,))[0] in ("Q", "K", "M", "N"):
            named[other] = ("K", "packed_token_heads")
        named[root] = ("H", "packed_token_heads")
    return heads


def _packed_token_modes(axes: Axes, records: list, roots: set):
    """(record, label, shape) of each top mode of a global input (a kernel parameter, a `make_tensor` in global
    memory, a TMA coordinate tensor) in a class of `roots` that packs a static leaf wider than 1 before a run-time
    one: `(64, ?)`."""
    for record in records:
        if record.op not in ("input", "make_tensor") or not record.levels \
                or not set(record.memspaces) & {"gmem", "coord"} or not isinstance(record.shapes[0], tuple):
            continue
        for label, shape in zip(_modes(record.levels[0]), record.shapes[0]):
            if isinstance(label, _levels.ModeLabel) and label.var is not None and axes.find(label.var) in roots \
                    and isinstance(shape, tuple) and len(shape) == 2 and isinstance(shape[0], int) \
                    and shape[0] > 1 and not isinstance(shape[1], int):
                yield record, label, shape


def _packed_token_leaves(axes: Axes, records: list, heads: set) -> None:
    """The two leaves of a packed `(heads, tokens)` global mode of a `_packed_token_heads` class: the heads H,
    then the query tokens Q (the mode's class names only the heads, which its tiles hold)."""
    for record, label, _ in list(_packed_token_modes(axes, records, heads)):
        apart = replace(label, leaf_axes=("H", "Q"))
        record.levels = tuple(_swapped(tree, label, apart) for tree in record.levels)


def _rows_filled_from_two(axes: Axes, records: list, named: dict) -> None:
    """Query rows of an SMEM buffer filled by hand from two tensors (`sQ[h, c] = q[.., h, c]`, `sQ[h + 8, c] =
    r[.., h, c]`: a query and a second vector stacked in one MMA tile) pack them, and run along neither: the mode
    whose indices the two sources' writes never share, while they share every other mode's (`tracer._element_fill`)."""
    for record in records:
        fills = record.meta.get("element_fills")
        if not fills or not record.levels:
            continue
        by_source: dict = {}
        for source, coord in fills:
            by_source.setdefault(source, []).append(coord)
        modes = _modes(record.levels[0])
        if len(by_source) < 2 or any(len(coord) != len(modes) for _, coord in fills):
            continue
        for i, mode in enumerate(modes):
            seen = [{coord[i] for coord in coords} for coords in by_source.values()]
            others = [{coord[:i] + coord[i + 1:] for coord in coords} for coords in by_source.values()]
            apart = all(not a & b for n, a in enumerate(seen) for b in seen[n + 1:])
            shared = all(a & b for n, a in enumerate(others) for b in others[n + 1:])
            if not apart or not shared:
                continue
            for leaf in _levels.flatten(mode):
                root = axes.find(leaf.var) if leaf.var is not None else None
                if root is not None and named.get(root) == ("Q", "attention"):
                    named[root] = (None, "packed_rows")


def _packed_rows_kept(axes: Axes, named: dict) -> None:
    """A product that reads the scores and keeps their query rows (O = P V; dQ = dS K) keeps what those rows are:
    where the scores' rows pack two modes (a token's grouped heads beside a second vector, 8 tokens x 16 heads), the
    reader's rows run along no single axis either, though the attention named them queries."""
    def root(m, axis):
        var = axes.key_var.get(("mma", m, axis))
        return axes.find(var) if var is not None else None

    for m, _, c, slot, _ in axes.chains:
        packed = any(named.get(root(m, axis), (None, None)) in ((None, "packed_rows"), (None, "gather"))
                     for axis in "MN")
        kept = root(c, "M" if slot == "A" else "N")
        if packed and kept is not None and named.get(kept) == ("Q", "attention"):
            named[kept] = (None, "packed_rows")


def _rows_past_their_input(axes: Axes, records: list, named: dict, shapes: dict) -> None:
    """Query rows an MMA tiles in more rows than the global input mode they are loaded from holds (MSA's 128 rows,
    8 tokens x 16 heads, filled by TMA boxes of 16 heads out of a mode of 64 heads) pack that mode with another:
    they run along no single axis. Only a static extent says it, and one of more than one element: a view of one
    element (a per-row scale's word `make_tensor(scale.iterator + row * stride, (1,))`, copied into the row's slot of
    an SMEM buffer along the rows) holds one row, not a mode the rows were packed from."""
    tiles: dict = {}  # class root -> the largest MMA extent along it
    for key, var in axes.key_var.items():
        if key[0] != "mma" or key[2] not in "MNK":
            continue
        obj = key[1][0] if isinstance(key[1], tuple) else key[1]
        extent = (shapes.get(obj) or (None, None, None))["MNK".index(key[2])]
        root = axes.find(var)
        if isinstance(extent, int) and named.get(root) == ("Q", "attention"):
            tiles[root] = max(tiles.get(root, 0), extent)
    for record in records:
        if record.op not in ("input", "make_tensor") or "gmem" not in record.memspaces or not record.levels \
                or not isinstance(record.shapes[0], tuple):
            continue
        for mode, extent in zip(_modes(record.levels[0]), record.shapes[0]):
            root = axes.find(mode.var) if isinstance(mode, _levels.ModeLabel) and mode.var is not None else None
            if root in tiles and isinstance(extent, int) and 1 < extent < tiles[root]:
                named[root] = (None, "packed_rows")


def _grouped_head_rows(axes: Axes, records: list, named: dict, selections: dict, tile_picks: dict) -> None:
    """Score rows that one tile covers whole while a run-time index picks the sequence are heads: a decode or
    selection kernel's CTA takes one query token (`mQ[None, None, t, kv_head]`, `tQgQ[..., seq, batch]`) and
    lays the heads it serves (a KV head's group, MLA's every head) along the MMA's rows. Where an attention input's
    query-rows mode has a static extent that a tile's atom along the rows equals (no second tile of it exists) and
    a run-time index selects one of its two or more trailing modes, the rows are the heads H; its trailing modes that no
    key-side input shares (a KV head index selects K's heads too) are the queries Q, then the batch B. Rows that
    continue in memory into a trailing chunk index (`chunks`) are a sequence, whatever the tile covers. A run-time
    extent (a host tensor from `from_dlpack`) says no tile covers it, but a kernel that slices the rows' tile index of
    its global tiles only at the literal 0 (`tQgQ[None, 0, k]`; `tile_picks`: every slice of a rest in the rows'
    class, run-time ones as None) reads one tile of the rows: the same fact, from the indexing instead of the extent.
    A prefill picks its query tile by the block index; a chunked scan, whose keys fit one tile as its rows do
    picked with the rows (`_chunk_keys`), reads a chunk's queries."""
    rows = {root for root, f in named.items() if f == ("Q", "attention")}
    keys = {root for root, f in named.items() if f == ("K", "attention")}
    if not rows:
        return
    picks: dict = {}  # class root -> (literal index or None, on a global tile) of every slice of a tile's rest
    for var, found in tile_picks.items():
        picks.setdefault(axes.find(var), set()).update(found)
    selected = {axes.find(v) for variables in selections.values() for v in variables}
    covered: dict = {}  # rows root -> the extents of tile atoms along it
    inputs = []
    for record in records:
        if not record.levels or not record.shapes:
            continue
        if record.op in ("local_tile", "flat_divide", "tiled_divide", "zipped_divide", "logical_divide"):
            leaves = list(_levels.flatten(record.levels[0]))
            extents = list(_leaves(record.shapes[0]))
            if len(leaves) == len(extents):
                for label, extent in zip(leaves, extents):
                    if label.role == "atom" and label.var is not None and axes.find(label.var) in rows | keys:
                        covered.setdefault(axes.find(label.var), set()).add(extent)
        elif record.op in ("input", "make_tensor") and set(record.memspaces) & {"gmem", "coord"} \
                and isinstance(record.shapes[0], tuple):
            modes = _modes(record.levels[0])
            if len(modes) == len(record.shapes[0]) and all(isinstance(m, _levels.ModeLabel) and m.var is not None
                                                           for m in modes):
                inputs.append((record, [axes.find(m.var) for m in modes]))
    key_side = {root for _, roots in inputs if set(roots) & keys for root in roots} - keys
    if any(named.get(root, (None, None))[1] == "chunks" for record, roots in inputs if set(roots) & rows
           for root in roots):
        return  # the rows continue in memory into a chunk index: a sequence cut into chunks (an SSD's), no heads
    if _chunk_keys(axes, inputs, rows, keys, covered, selections):
        return  # the keys too fit one tile, picked with the rows: queries and keys of one chunk of a sequence
    renamed: dict = {}
    for record, roots in inputs:
        at = [i for i, root in enumerate(roots) if root in rows]
        trailing = [root for root in roots if named.get(root, (None, None))[1] == "batch"]
        # (the token and the heads' or batch's mode: with one trailing mode, the one a run-time index picks is
        # the heads of a sequence one tile covers)
        if len(at) != 1 or len(trailing) < 2 or not set(trailing) & selected:
            continue
        extent, picked = record.shapes[0][at[0]], picks.get(roots[at[0]], ())
        if isinstance(extent, int) and (extent <= 1 or extent not in covered.get(roots[at[0]], ())):
            continue
        # a run-time extent: the kernel reads one tile of it, its global tiles' rest only ever sliced at 0
        if not isinstance(extent, int) and not (covered.get(roots[at[0]]) and picked
                                                and all(index == 0 for index, _ in picked)
                                                and any(on_global for _, on_global in picked)):
            continue
        renamed[roots[at[0]]] = ("H", "grouped_heads")
        for root, letter in zip([r for r in trailing if r not in key_side], "QB"):
            renamed[root] = (letter, "grouped_heads")
    named.update(renamed)


def _chunk_keys(axes: Axes, inputs: list, rows: set, keys: set, covered: dict, selections: dict) -> bool:
    """Whether a key-side input's keys mode has a static extent of more than one element that a tile's atom along
    the keys covers whole, and a run-time index that selects a mode of a rows input selects one of its modes too. A
    decode's keys run past one tile or are one cache every token reads; keys of one tile picked by the index that
    picks the rows (a chunked scan's chunk: scores of a chunk's queries against the same chunk's keys) make the rows
    that chunk's queries, not heads."""
    picks = [{axes.find(v) for v in variables} for variables in selections.values()]
    with_rows = [found for found in picks if any(set(roots) & rows and set(roots) & found for _, roots in inputs)]
    for record, roots in inputs:
        if not any(set(roots) & found for found in with_rows):
            continue
        for root, extent in zip(roots, record.shapes[0]):
            if root in keys and isinstance(extent, int) and extent > 1 and extent in covered.get(root, ()):
                return True
    return False


def _token_heads(axes: Axes, records: list, named: dict, grouped: dict) -> set:
    """A product names call an attention gradient (`Axes.gradients`, rule name.gradient) whose queries' side (dQ's
    rows, dK's reduction) an input holds as a static extent that one tile covers whole, beside one mode the product
    does not tile (its L, batched: one per CTA), takes one query token at a time and lays that token's heads along the
    queries' side, as MLA decode lays its rows (sparse MLA's dQ = dS K and dK = dS^T Q, per token): that side is the
    heads H, the batched mode the query tokens Q, or (tokens, batch) where it groups two leaves. A query sequence is
    tiled, its length a run-time extent. In such a kernel another input's one mode no slot names, beside the
    product's axes, is one row per query token where the input holds a per-token axis (the heads, the token's
    selected keys: a top-k table), and one row per key where it holds the head dim alone (the keys' and values'
    rows, shared by the heads as MLA's latent is, and dK's). Returns the classes of such modes grouping two leaves."""
    grouping = set()
    inputs = []  # (record, each top mode's class, or None where the mode holds several classes' leaves)
    apart = []  # (record, the classes of each top mode's leaves) of every such tensor
    for record in records:
        if record.op in ("input", "make_tensor") and record.levels and set(record.memspaces) & {"gmem", "coord"} \
                and isinstance(record.shapes[0], tuple):
            modes = _modes(record.levels[0])
            leaves = [[axes.find(x.var) for x in _levels.flatten(mode)] for mode in modes]
            if len(modes) != len(record.shapes[0]) or not all(x.var is not None for mode in modes
                                                               for x in _levels.flatten(mode)):
                continue
            apart.append((record, leaves))
            if all(isinstance(x, _levels.ModeLabel) for x in modes):
                inputs.append((record, [found[0] for found in leaves]))
    every = {axes.find(v) for key, v in axes.key_var.items() if isinstance(key, tuple) and key[0] == "mma"
             and v is not None}  # every product's axes: a sibling product's columns (dQ's beside dQv's) too
    for m, rows in axes.gradients.items():
        roots = {a: axes.find(v) for a in "MNK" if (v := axes.key_var.get(("mma", m, a))) is not None}
        queries = roots.get("M" if rows == "Q" else "K")
        if len(roots) < 3 or named.get(queries, (None, None))[1] != "name.gradient":
            continue
        covered = set()  # the extents of tile atoms along the queries' side
        for record in records:
            if record.op in _TILERS and record.levels and isinstance(record.shapes[:1] and record.shapes[0], tuple):
                covered.update(extent for label, extent in zip(_modes(record.levels[0]), record.shapes[0])
                               if isinstance(label, _levels.ModeLabel) and label.role == "atom"
                               and label.var is not None and axes.find(label.var) == queries)
        one_token = any(queries in found and isinstance(extent := record.shapes[0][found.index(queries)], int)
                        and extent > 1 and extent in covered for record, found in inputs)
        if not one_token:
            continue
        named[queries] = ("H", "token_heads")
        _tokens_apart(records, named, apart, roots, every)
        for record, found in inputs:
            batched = [i for i, root in enumerate(found) if root not in roots.values()]
            count = len(list(_leaves(record.shapes[0][batched[0]]))) if len(batched) == 1 else 0
            tokens = found[batched[0]] if count else None
            if not 1 <= count <= 2 or named.get(tokens, (None, None))[1] not in ("batch", "token_heads", None):
                continue
            held = {a for a, root in roots.items() if root in found}
            sequence = "Q" if held - {"N"} else "K"
            if count == 1:
                named[tokens] = (sequence, "token_heads")
                continue
            named[tokens] = (None, "token_heads")
            # (strides that are numbers order the leaves; coordinate bases follow a view's mode order, which the
            # parameter the leaves came from says better)
            by_stride = _grouped_batch(record, batched[0], (sequence, "B"))
            grouped[tokens] = by_stride if by_stride and _numeric_strides(record, batched[0]) else \
                _outer_leaf_first(axes, records, tokens, ("B", sequence)) or by_stride or (sequence, "B")
            grouping.add(tokens)
    return grouping


def _tokens_apart(records: list, named: dict, inputs: list, roots: dict, every: set) -> None:
    """`_token_heads`' batched L where a tensor holds its two leaves as classes of their own (the host's (sequence,
    batch, heads, top-k) with batch and sequence swapped, grouped `((s, b), ...)`, re-laid `(heads, top-k, (s, b))`):
    the sequence leaf the query tokens Q (K where the tensor holds no query side), the other the batch B. The
    sequence is the inner leaf: the smaller stride where both are numbers, else the later of the two modes of the
    kernel parameter that holds them apart (a framework's contiguous (batch, sequence, ...) tensor). `every`: the
    axes of every product, a mode of none of them batched."""
    product = set(roots.values()) | every
    for record, leaves in inputs:
        batched = [root for mode in leaves if not set(mode) & product for root in mode]
        held = {a for a, root in roots.items() if any(root in mode for mode in leaves)}
        if len(batched) != 2 or len(set(batched)) != 2 or not held & {"M", "N"} \
                or any(named.get(r, (None, None))[1] not in ("batch", "token_heads", None) for r in batched):
            continue
        inner = _inner_of_two(records, inputs, batched)
        if inner is None:
            continue
        sequence = "Q" if held - {"N"} else "K"
        for root in batched:
            named[root] = (sequence if root == inner else "B", "token_heads")


def _inner_of_two(records: list, inputs: list, pair: list):
    """Which of two classes is the inner index of the pair: the leaf of smaller stride in a mode grouping the two
    where both strides are numbers; else the later of the two top modes of a kernel parameter holding them apart."""
    for record, leaves in inputs:
        layout = top_modes(record.layouts[0]) if record.layouts else None
        for at, mode in enumerate(leaves):
            tree = leaf_tree(layout[at]) if layout and at < len(layout) and mode in (pair, pair[::-1]) else None
            strides = [x.rpartition(":")[2] for x in tree] if isinstance(tree, tuple) and len(tree) == 2 else []
            if len(strides) == 2 and all(x.isdigit() for x in strides) and strides[0] != strides[1]:
                return mode[0] if int(strides[0]) < int(strides[1]) else mode[1]
    for record, leaves in inputs:
        at = [next((i for i, mode in enumerate(leaves) if mode == [root]), None) for root in pair]
        if record.op == "input" and None not in at:
            return pair[0] if at[0] > at[1] else pair[1]
    return None


def _numeric_strides(record, at: int) -> bool:
    """Whether every leaf of a record's mode `at` has a number for its stride."""
    found = top_modes(record.layouts[0]) if record.layouts else None
    tree = leaf_tree(found[at]) if found and at < len(found) else None
    leaves = tree if isinstance(tree, tuple) else (tree,)
    return tree is not None and all(isinstance(x, str) and x.rpartition(":")[2].isdigit() for x in leaves)


def _outer_leaf_first(axes: Axes, records: list, root, outer_inner: tuple) -> tuple | None:
    """The letters of a grouped mode's two leaves (class `root`) whose strides say nothing (run-time alike), from the
    tensor they came from: where a kernel parameter holds them as two modes of its own (the host's (batch, sequence,
    heads, dim) before `group_modes`), the earlier is the outer, as a framework's contiguous tensor lays its modes;
    the first of `outer_inner` for it. None where no parameter shows them."""
    for record in records:
        if not record.levels:
            continue
        for mode in _modes(record.levels[0]):
            pair = mode if isinstance(mode, tuple) and len(mode) == 2 \
                and all(isinstance(x, _levels.ModeLabel) and x.var is not None for x in mode) else None
            if pair is None or {axes.find(x.var) for x in pair} != {root}:
                continue
            for source in records:
                if source.op != "input" or not source.levels or not isinstance(source.levels[0], tuple):
                    continue
                at = [next((i for i, x in enumerate(source.levels[0]) if x is leaf), None) for leaf in pair]
                if None not in at:
                    outer, inner = outer_inner
                    return (outer, inner) if at[0] < at[1] else (inner, outer)
    return None


def _token_leaves_apart(axes: Axes, records: list, letters: dict) -> None:
    """The leaves of a token mode (`_token_heads`: (tokens, batch)) where a tensor holds them as modes of their own
    (the host's (batch, sequence, heads, dim) before `group_modes`): each takes its letter, in the order the
    grouped mode holds them."""
    def leaves(tree, shape):
        if isinstance(tree, _levels.ModeLabel):
            return [tree] if not isinstance(shape, tuple) else []
        if not isinstance(shape, tuple) or len(shape) != len(tree):
            return []
        return [leaf for t, s in zip(tree, shape) for leaf in leaves(t, s)]

    # the letter of each leaf's own variable where a mode groups the two leaves, in the grouped mode's order: a
    # tensor holding them apart in another order (batch and sequence swapped) takes each leaf's own
    by_var: dict = {}
    for record in records:
        for tree in record.levels:
            for mode in (tree if isinstance(tree, tuple) else ()):
                pair = list(_levels.flatten(mode)) if isinstance(mode, tuple) else []
                order = letters.get(axes.find(pair[0].var)) if len(pair) == 2 and pair[0].var is not None else None
                if order and len(order) == 2 and pair[1].var is not None and pair[0].var != pair[1].var \
                        and axes.find(pair[1].var) == axes.find(pair[0].var):
                    for label, letter in zip(pair, order):
                        by_var.setdefault(label.var, letter)
    for record in records:
        for at, (tree, shape) in enumerate(zip(record.levels, record.shapes)):
            found = [x for x in leaves(tree, shape) if x.var is not None and axes.find(x.var) in letters]
            order = letters.get(axes.find(found[0].var)) if found else None
            if not order or len(found) != len(order) or len({axes.find(x.var) for x in found}) != 1:
                continue
            if all(x.var in by_var for x in found) and len({by_var[x.var] for x in found}) == len(found):
                order = tuple(by_var[x.var] for x in found)
            for label, letter in zip(found, order):
                tree = _swapped(tree, label, replace(label, axis=letter, axis_rule="token_heads", leaf_axes=None))
            record.levels = record.levels[:at] + (tree,) + record.levels[at + 1:]


_TILERS = ("local_tile", "flat_divide", "tiled_divide", "zipped_divide", "logical_divide")


def _leaf_letters(axes: Axes, record, named: dict, grouped: dict) -> list | None:
    """The axis letter of each flat leaf of a global input (a grouped mode's leaves by `_batch`'s letters), with
    its top mode's class root: [(root, letter)]; None where the labels do not cover the shape."""
    modes, shape = _modes(record.levels[0]), record.shapes[0]
    if not isinstance(shape, tuple) or len(modes) != len(shape):
        return None
    out = []
    for mode, extent in zip(modes, shape):
        count = len(list(_leaves(extent)))
        root = axes.find(mode.var) if isinstance(mode, _levels.ModeLabel) and mode.var is not None else None
        letters = grouped.get(root) if root is not None else None
        if not letters or len(letters) != count:
            letters = ((named.get(root) or (None,))[0],) * count
        out.extend((root, letter) for letter in letters)
    return out


def _batch_counted_as_heads(axes: Axes, records: list, named: dict, grouped: dict) -> None:
    """A grouped mode's last leaf `_batch` took for the batch (the outermost of `(h_r, h_kv)`, of a varlen query
    view whose batch is packed into its tokens) that the kernel lays out with the run-time extent it lays another
    view's head leaf out with (`num_head_kv` counts Q's second head leaf and the paged cache's KV heads) counts
    heads: H. The batch letter is the rule's guess from the leaf's place, so only other letters count as evidence,
    and only where the extent lays out heads and nothing else (`tracer._laid_out_values`)."""
    if not axes.mmas or not grouped:
        return
    laid = _laid_global_views(records)
    by_value = _letters_by_extent(axes, laid, named, grouped, lambda letter: letter not in (None, "B"))
    for record in laid:
        for root, extents in _laid_modes(axes, record):
            letters = grouped.get(root) if root is not None else None
            if extents is None or not letters or len(letters) != len(extents) or len(extents) < 2 \
                    or letters[-1] != "B":
                continue
            if extents[-1] is not None and by_value.get(extents[-1][0]) == {"H"}:
                grouped[root] = (*letters[:-1], "H")


def _laid_global_views(records: list) -> list:
    """Global views the kernel lays out over pointers from run-time extents (`tracer._laid_out_values`)."""
    return [r for r in records if r.op == "make_tensor" and "extent_values" in r.meta and r.levels
            and r.memspaces[:1] == ("gmem",)]


def _letters_by_extent(axes: Axes, laid: list, named: dict, grouped: dict, counts) -> dict:
    """run-time extent value -> the letters of the leaves it lays out in `laid`, over leaves whose letter data flow
    gave (not a name's hint) and that `counts(letter)` accepts."""
    by_value: dict = {}
    for record in laid:
        leaves = _leaf_letters(axes, record, named, grouped) or ()
        if len(leaves) != len(record.meta["extent_values"]):
            continue
        for (root, letter), extent in zip(leaves, record.meta["extent_values"]):
            if extent is not None and counts(letter) and (named.get(root) or (None, None))[1] != "hint:name":
                by_value.setdefault(extent[0], set()).add(letter)
    return by_value


def _laid_modes(axes: Axes, record):
    """(class root, or None, and the run-time extents of its leaves, or None where the view records fewer) for each
    top-level mode of a laid view whose shape lines up with its labels."""
    modes, shape, extents = _modes(record.levels[0]), record.shapes[0], record.meta["extent_values"]
    if not isinstance(shape, tuple) or len(modes) != len(shape):
        return
    at = 0
    for mode, extent in zip(modes, shape):
        count = len(list(_leaves(extent)))
        root = axes.find(mode.var) if isinstance(mode, _levels.ModeLabel) and mode.var is not None else None
        yield root, tuple(extents[at:at + count]) if at + count <= len(extents) else None
        at += count


def _rows_nested_in_heads(axes: Axes, records: list, named: dict, grouped: dict) -> None:
    """Query rows laid out inside the heads: where a kernel builds its query input's layout so that the heads
    mode's stride is the rows' extent times their stride (`make_layout((n_q, d, (h_k, b)), stride=(d, 1, (n_q * d,
    s)))`: `tracer._laid_out_values`), the rows and the KV heads are one run of query heads, `n_q` heads inside each
    KV head: a GQA decode packs the heads sharing a KV head along the MMA's rows. The rows are the heads H, where
    the keys' input, laid out by the kernel too, keeps its rows out of its heads (a token-major or paged cache: the
    keys are a sequence, and the query rows are not laid out as one)."""
    inputs = [r for r in records if r.op == "make_tensor" and "continues" in r.meta and r.levels
              and r.memspaces[:1] == ("gmem",)]
    lettered = [(r, _leaf_letters(axes, r, named, grouped)) for r in inputs]
    lettered = [(r, leaves) for r, leaves in lettered if leaves and len(leaves) == len(r.meta["extent_values"])]

    def nested(record, leaves, axis) -> set:  # roots of `axis` leaves that an H leaf continues
        return {leaves[i][0] for j, i in record.meta["continues"].items() if leaves[j][1] == "H"
                and leaves[i][1] == axis and named.get(leaves[i][0], (None, None))[1] == "attention"}

    keys = [(r, leaves) for r, leaves in lettered if any(letter == "K" for _, letter in leaves)]
    if not keys or any(nested(r, leaves, "K") for r, leaves in keys):
        return
    apart = set()  # query rows another input lays out apart from its heads: a sequence (a BSHD input beside a BHSD
    for record, leaves in lettered:  # workspace), not heads
        heads = {i for i, (_, letter) in enumerate(leaves) if letter == "H"}
        if heads:
            inside = {record.meta["continues"].get(j) for j in heads}
            apart |= {root for i, (root, letter) in enumerate(leaves) if letter == "Q" and i not in inside}
    renamed = False
    for record, leaves in lettered:
        for root in nested(record, leaves, "Q") - apart:
            named[root] = ("H", "kv_group_rows")
            renamed = True
    if renamed:  # a name's query rows (`tStS`'s rest, suggested by S) are those rows: heads
        for root, letters in _hinted(axes, records).items():
            if letters == {"Q"} and root not in named:
                named[root] = ("H", "kv_group_rows")


def _laid_out_alike(axes: Axes, records: list, named: dict, grouped: dict) -> None:
    """Global views a kernel lays out over pointers from run-time extents (`tracer._laid_out_values`) whose modes no
    data flow names (an output written element by element, per-sequence lengths, a descale view) take, leaf by
    leaf, the axis of the extent they are laid out with: a run-time value that lays out leaves of one axis only
    among the modes the data flow named (the queries' batch `b` lays out the lengths `(b,)`), or a product of such
    values all of one axis (`h_q = h_k * n_q`: heads). A value that lays out leaves of two axes (one length for the
    queries and the keys) says nothing. Only axes the data flow named count (not a name's hint), and only in a trace
    with an MMA: without one, most letters are guesses from names and strides."""
    if not axes.mmas:
        return
    laid = _laid_global_views(records)
    by_value = _letters_by_extent(axes, laid, named, grouped, lambda letter: letter is not None)

    def letter_of(extent):
        found = by_value.get(extent[0]) if extent is not None else None
        if found is None and extent is not None and extent[1]:
            factors = [by_value.get(f) or {None} for f in extent[1]]
            found = set().union(*factors)
        return next(iter(found)) if found and len(found) == 1 and None not in found else None

    renamed: dict = {}  # class root -> the letters of each view's leaves in that class
    for record in laid:
        for root, extents in _laid_modes(axes, record):
            letters = tuple(letter_of(e) for e in extents) if extents is not None else ()
            if root is None or root in named or root in grouped or not any(letters):
                continue
            renamed.setdefault(root, set()).add(letters)
    for root, found in renamed.items():
        if len(found) != 1:  # modes one index selects in several views, laid out with different extents
            continue
        letters = found.pop()
        named[root] = (letters[0], "extent") if len(letters) == 1 else (None, "extent")
        if len(letters) > 1:
            grouped[root] = letters


def _hinted(axes: Axes, records: list) -> dict:
    """class root -> the axis letters names suggested for its modes (`hint:name` labels: `sQ`'s (Q, D))."""
    found: dict = {}
    for record in records:
        for tree in record.levels:
            for label in _levels.flatten(tree):
                if label.axis_rule == "hint:name" and label.axis and label.var is not None \
                        and _named_by(records, label):
                    found.setdefault(axes.find(label.var), set()).add(label.axis)
    return found


def _solved(axes: Axes, records: list) -> dict:
    """`Axes.solve` with what names say: the letters they suggest, and the products they call attention gradients."""
    axes.gradients = _gradient_products(axes, records)
    return axes.solve(_hinted_with_results(axes, records))


def atom_copies(records: list) -> None:
    """A copy issued with a bare copy atom, no TiledCopy partitioning its tensors (`copy(bulk_g2s_atom, gSrc, sDst)`:
    a bulk copy of one whole row, `num_bits_per_copy` its bytes; a cp.async of one word, a per-token scale loaded
    beside an MMA's operands): each side it moves whole (not a slice of it) made by hand (`make_tensor` over a pointer,
    in global or shared memory) is that copy's atom in its first mode, its repeats in the others (rule atom_copy.atom);
    Store where the copy writes global memory, both sides, as a write-out's partitions are. A side some other call
    gave a copy's or an MMA's level keeps it; one no stride of its buffer maps (`?`: a word at an address computed
    into a ring) is the copy's too."""
    for record in records:
        sides = record.meta.get("atom_sides") if record.op == "copy" and record.operands else None
        dst = record.operands.get("dst") if sides else None
        if dst is None:
            continue
        level = "store" if records[dst].memspaces[:1] == ("gmem",) else "copy"
        for side in (records[i] for i in sides):
            if side.op != "make_tensor" or side.memspaces[:1] not in (("gmem",), ("smem",)) or len(side.levels) != 1:
                continue
            modes = side.levels[0] if isinstance(side.levels[0], tuple) else (side.levels[0],)
            if not all(isinstance(m, _levels.ModeLabel) and m.level in ("input", "block", "?") for m in modes):
                continue
            relabelled = tuple(replace(m, level=level, role="atom" if i == 0 else "rest",
                                       rule="atom_copy.atom" if i == 0 else "atom_copy.rest")
                               for i, m in enumerate(modes))
            side.levels = (relabelled if isinstance(side.levels[0], tuple) else relabelled[0],)


_STATE_RULES = ("state.update", "state.read")  # (K, Q)


def state_roles(axes: Axes, records: list, tiles: list) -> None:
    """A recurrent state's update and readers, in a kernel with no MMA (an SSM decode step: h = a h + sum_r x_r B_r^T,
    y_r = h C_r): the state is the tensor tiled over a head dim and a state dim (`tiles`: (variable, dimension, tensor
    name) of the tile modes rule name.tile names), its registers those holding both its modes. What their values are
    computed from (element writes, stores, transitively: the update's terms) holds, in the modes the state lacks, what
    the update sums into it: the keys' side K (rule state.update, B's rank). A tensor computed from the state's
    registers (y = reduce(h * C)) or from such a tensor (y gated, projected: out = sum_r y_r p_r), and what is read
    beside them into it, hold in the modes the state lacks what indexes the outputs: the queries Q (rule state.read).
    As the set's SSM convention: the state (D, D), the rank's role the tokens' in linear attention. Suggestions
    (`axes.Axes.solve`): names and data flow that name a mode win; a class both sides reach gets neither. Read on the
    classes the calls joined, before the joins made when the trace ends (`settle`): those merge tiles of one element
    cut at one coordinate (a rank of 1), B's and C's alike."""
    if axes.mmas or not axes.named_attention:
        return
    by_name: dict = {}
    for var, dim, name in tiles:
        by_name.setdefault(name, {}).setdefault(dim, var)
    tiles = [found for found in by_name.values() if "headdim" in found and "statedim" in found]
    if not tiles:
        return
    dims = [{axes.find(found[d]) for found in tiles} for d in ("headdim", "statedim")]
    state = dims[0] | dims[1]

    def roots(record):
        return {axes.find(label.var) for tree in record.levels for label in _levels.flatten(tree)
                if label.var is not None}

    def sources(record):
        meta = record.meta
        return {i for key in ("values_from", "combines", "stored_from", "computed_from") for i in meta.get(key, ())}

    held = {r.index for r in records if r.memspaces[:1] == ("rmem",) and all(roots(r) & d for d in dims)}
    update, frontier = set(), list(held)
    while frontier:
        for source in sources(records[frontier.pop()]):
            if source not in held and source not in update:
                update.add(source)
                frontier.append(source)
    readers, read, grown = set(), set(), True
    while grown:  # what the state's values reach (y, then y gated and projected), in record order
        grown = False
        for record in records:
            if record.index in held or record.index in update or record.index in readers \
                    or not sources(record) & (held | readers):
                continue
            readers.add(record.index)
            read |= {i for i in sources(record) if i not in held and i not in update}
            grown = True
    read |= readers
    sides: dict = {}
    for indices, letter in ((update, "K"), (read, "Q")):
        for i in indices:
            for root in roots(records[i]) - state:
                sides.setdefault(root, set()).add(letter)
    for root, letters in sides.items():
        if len(letters) == 1:
            letter = letters.pop()
            axes.suggest(root, letter, _STATE_RULES[letter == "Q"])


def _gradient_products(axes: Axes, records: list) -> dict:
    """product -> the sequence (Q or K) its rows hold, for each product whose operand names call the attention scores'
    gradient (a record named `dS` or `dP` holds the two axes of its A or B slot) and whose accumulator names call an
    attention gradient (a record named `dQ`, `dQv`, `dK` or `dV` holds its rows and its columns; one sequence only):
    dQ = dS K and dK = dS^T Q launched apart from the scores, which no data flow of one product tells from a GEMM
    (`Axes.solve`, rule name.gradient). GEMM letters the code's own names give the same modes (`mdS_mkl`, `tCtAcc`)
    are its GEMM framing, not another reading."""
    slots = {}
    for m in axes.mmas:
        found = {a: axes.key_var.get(("mma", m, a)) for a in "MNK"}
        if None not in found.values():
            slots[m] = {a: axes.find(v) for a, v in found.items()}
    if not slots:
        return {}
    scores, results = [], []  # the axis classes each record so named holds; (rows, those classes)
    for record in records:
        rows = next((r for r in map(_levels.gradient_rows, record.names) if r), None)
        read = any(_levels.names_scores_gradient(name) for name in record.names)
        if rows is None and not read:
            continue
        held = {axes.find(label.var) for tree in record.levels for label in _levels.flatten(tree)
                if label.var is not None}
        if read:
            scores.append(held)
        if rows is not None:
            results.append((rows, held))
    found = {}
    for m, roots in slots.items():
        reads = any({roots["M"], roots["K"]} <= held or {roots["N"], roots["K"]} <= held for held in scores)
        sequences = {rows for rows, held in results if {roots["M"], roots["N"]} <= held}
        if reads and len(sequences) == 1:
            found[m] = sequences.pop()
    return found


def _hinted_with_results(axes: Axes, records: list) -> dict:
    """`_hinted`'s letters, and for each MMA the letters an attention gradient's name gives its accumulator's two
    axes (`Axes._named_result`): a record named so (`tdQtdQ`, `sdQ`, `gdQ`) holding a mode of the MMA's rows and one
    of its columns says rows its sequence (Q or K), columns the head dim D."""
    found = _hinted(axes, records)
    accumulators = [(axes.find(m), axes.find(n)) for m, n in (
        (axes.key_var.get(("mma", o, "M")), axes.key_var.get(("mma", o, "N"))) for o in axes.mmas)
        if m is not None and n is not None]
    for record in records:
        rows = next((r for r in map(_levels.gradient_rows, record.names) if r), None)
        if rows is None:
            continue
        roots = {axes.find(label.var) for tree in record.levels for label in _levels.flatten(tree)
                 if label.var is not None}
        for m, n in accumulators:
            if m in roots and n in roots:
                found.setdefault(m, set()).add(rows)
                found.setdefault(n, set()).add("D")
    return found


def _named_by(records: list, label) -> bool:
    """Whether a name of the record that made a `hint:name` label says its letter (`sQ`'s Q, `mA_mkl`'s M): a
    call's own guess (a divide's or an epilogue partition's (M, N) when the name says nothing) is no name's."""
    if label.origin is None or not 0 <= label.origin < len(records):
        return True
    for name in records[label.origin].names:
        if label.axis in _levels.operand_axes(_levels.tensor_of(name)):
            return True
        suffix = name.rsplit("_", 1)[1] if name and "_" in name else ""
        if label.axis in _levels.axes_of(name, len(suffix)):
            return True
    return False


def _same_indices(axes: Axes, index_uses: dict, chunks: set = frozenset()) -> None:
    """Modes one run-time index selects in several tensors (`tile_to_expert[m_tile]` and `tAgA[None, m_tile, ...]`;
    a routing table's row `r` in the per-row tables it fills) run along one axis. Weaker than what the calls say:
    two classes that an MMA slot or a tiler already keys stay apart, and so do the chunk modes in `chunks` (one
    chunk index selects C's chunk of queries and B's chunk of keys: each runs along its own tensor's sequence)."""
    for variables in index_uses.values():
        variables = [v for v in variables if axes.find(v) not in chunks]
        for other in variables[1:]:
            a, b = axes.find(variables[0]), axes.find(other)
            if a != b and not (axes.keys.get(a) and axes.keys.get(b)):
                axes.join(a, b)


def _sequence_chunks(axes: Axes, records: list) -> set:
    """Class roots of the modes of global inputs that continue an MMA-keyed mode in memory by a run-time stride
    (`(l, d, c, h, b):(s, 1, 128 * s, ...)`: a sequence cut into chunks, the chunk index its first such mode),
    before the data flow names them (`_chunk_mode` names them after)."""
    found = set()
    for record in records:
        if record.op not in ("input", "make_tensor") or "gmem" not in record.memspaces or not record.levels \
                or not record.layouts or not isinstance(record.shapes[0], tuple):
            continue
        modes, layout, shape = _modes(record.levels[0]), top_modes(record.layouts[0]), record.shapes[0]
        if not layout or not len(modes) == len(layout) == len(shape) \
                or not all(isinstance(m, _levels.ModeLabel) and m.var is not None for m in modes):
            continue
        strides = [_stride_value(m) for m in layout]
        for i, mode in enumerate(modes):
            if not isinstance(shape[i], int) or strides[i] is None or strides[i][0] != "div" \
                    or not axes.keys.get(axes.find(mode.var)):
                continue
            after = [j for j in range(len(modes)) if j != i and strides[j] == ("div", strides[i][1] * shape[i])]
            if after:
                found.add(axes.find(modes[after[0]].var))
    return found


def _expanded_vectors(axes: Axes) -> None:
    """A vector expanded to a tile by broadcast views (`cumsum` laid along the scores' rows in one view, along
    their columns in another; an LSE along the rows): its views' modes run along the axes the tiles they are laid
    against give them. Laid along one axis, the vector runs along it too (its views join it); along two MMA axes,
    it runs along none (a segment sum's cumulative decay, read by query rows and key columns)."""
    by_source: dict = {}
    for view, source in axes.expansions:
        by_source.setdefault(source, []).append(view)
    for source, views in by_source.items():
        keyed = {axes.find(v) for v in views if any(k[0] in ("mma", "rows") for k in axes.keys.get(axes.find(v), ()))}
        if len(keyed) <= 1:
            for view in views:
                axes.join(source, view)


def _copies_of_accumulators(axes: Axes, records: list, views: dict, tiler_ranks: dict) -> None:
    """A tiled copy that retiles an MMA's accumulator (the epilogue's r2s copy, made from the MMA's C layout) cuts
    its tiles in the accumulator's (M, N) coordinates: the first two modes of every tensor it partitions (the
    SMEM subtile it writes, that subtile's coordinates) run along the accumulator's two rests' axes. A copy that
    retiles two accumulators of different axes says nothing."""
    accumulators = _accumulator_tensors(records, views)
    rests: dict = {}  # copy object -> the axis variables of the MMA rests of the accumulator it retiles
    for record in records:
        obj = (record.made_by or {}).get("object")
        if record.op != "retile" or obj is None or not record.levels or not set(record.inputs) & accumulators \
                or tiler_ranks.get(obj) != 2:  # a copy of rows (dQ's atomic adds of a flat tile) cuts no (M, N)
            continue
        modes = _modes(record.levels[0])
        if len(modes) >= 3 and all(isinstance(m, _levels.ModeLabel) and m.level == "mma" and m.role == "rest"
                                   and m.var is not None for m in modes[1:3]):
            pair = tuple(axes.find(m.var) for m in modes[1:3])
            rests[obj] = pair if rests.get(obj, pair) == pair else None
    for record in records:
        obj = (record.made_by or {}).get("object")
        if record.op not in ("partition_S", "partition_D") or rests.get(obj) is None or not record.inputs:
            continue
        source = records[record.inputs[0]]
        if not source.levels or not isinstance(source.shapes[0], tuple):
            continue
        for label, extent, var in zip(_modes(source.levels[0])[:2], source.shapes[0][:2], rests[obj]):
            axes.join(_mode_var(axes, label, extent), var)


def _written_through_views(axes: Axes, records: list, views: dict) -> None:
    """An MMA operand's SMEM buffer that only another view of its storage writes (the state `h` or `v'` that a
    SIMT step stores through an epilogue-layout view, `sH_epi` over `sH`'s bytes) holds the data written
    through that view: each of the view's leaves runs along the operand's axis whose leaves its offsets cover
    (a row-major (BV, K) view's rows along the operand's N, its columns along its K). Made before the MMA
    placed the operand's atom, the view was a buffer of its own; one the buffer is also written through itself
    (a load into sK, another tensor sV laid over it later) stays one."""
    written, read = set(), set()
    for record in records:
        if record.op in _MMA_READERS:
            read.update(record.inputs)
        elif record.op == "copy" and record.operands and record.operands.get("dst") is not None:
            dst = records[record.operands["dst"]]
            written.update(dst.inputs if dst.op in _COPY_OPS else (dst.index,))
        elif record.op == "tma_partition" and record.inputs:
            written.add(record.inputs[0])
    for view, source in views.items():
        record, buffer = records[view], records[source]
        if view not in written or source in written or source not in read or buffer.op != "make_tensor" \
                or record.memspaces != ("smem",) or buffer.memspaces != ("smem",) or not record.levels \
                or not buffer.levels or record.swizzles[:1] != buffer.swizzles[:1]:
            continue
        ranges = []  # (first offset, past the last, axis variable) of the buffer's leaves
        for leaf, var in zip(_leaves(leaf_tree(buffer.layouts[0])), _leaf_vars(axes, buffer.levels[0],
                                                                              buffer.shapes[0])):
            extent, stride = _extent_stride(leaf)
            if extent and extent > 1 and stride and var is not None:
                ranges.append((stride, stride * extent, var))
        covered: dict = {}  # the view's variable -> the buffer's axis classes its leaves' offsets cover
        leaves = list(_leaves(leaf_tree(record.layouts[0]) or ()))
        for leaf, var in zip(leaves, _leaf_vars(axes, record.levels[0], record.shapes[0])):
            extent, stride = _extent_stride(leaf)
            if extent and extent > 1 and stride and var is not None:
                covered.setdefault(var, set()).update(
                    axes.find(v) for low, high, v in ranges if low < stride * extent and stride < high)
        for var, classes in covered.items():
            if len(classes) == 1:  # a mode whose leaves cover two axes (a flat view's one mode) joins neither
                axes.join(var, classes.pop())


def _combined_tiles(axes: Axes, records: list, views: dict) -> None:
    """Accumulators' register tiles read at one index into one value (`o[i] = scale * oh[i] + oi[i]`: q h and
    A v' summed into one output) hold the same coordinates element by element: their modes are one. Only tiles
    an accumulator was loaded into: other register tensors of a tile's shape (a statistic broadcast along rows,
    the same one along columns) may hold other data at the same element."""
    held = _accumulator_tensors(records, views)
    tiles = {i for i in held if records[i].memspaces == ("rmem",)}
    tiles |= {r.operands["dst"] for r in records if r.op == "copy" and r.operands and r.operands.get("dst") is not None
              and r.operands.get("src") is not None and set(records[r.operands["src"]].inputs) & held}
    for record in records:
        for group in record.meta.get("same_index", ()):
            group = [i for i in group if i in tiles and records[i].levels]
            for other in group[1:]:
                join_leaves(axes, records[group[0]].levels[0], records[other].levels[0])
    # a register tile written element by element at the index an accumulator's tile is read at (`rC2[0, n, m] +=
    # rC1[0, n, m] * sf[0, m]`: a running sum of scaled partial products) holds its coordinates
    sums = tiles | {r.operands["C"] for r in records if r.op == "gemm" and (r.made_by or {}).get("op") == "mma.sync"
                    and (r.operands or {}).get("C") is not None}  # (a warp MMA's accumulator array issued by hand)
    for record in records:
        for source in record.meta.get("written_at_read", ()):
            if source in sums and record.levels and records[source].levels:
                join_leaves(axes, records[source].levels[0], record.levels[0])
                if all(label.level == "input" for label in _levels.flatten(record.levels[0])):
                    # registers made from a shape, which no call labelled: they carry the accumulator's labels
                    record.levels = (records[source].levels[0],) + tuple(record.levels[1:])


def _extent_stride(leaf: str) -> tuple:
    extent, _, stride = leaf.partition(":")
    return (int(extent), int(stride)) if extent.isdigit() and stride.isdigit() else (None, None)


def _copies_through_registers(axes: Axes, records: list, partitioners: Partitioners) -> None:
    """A SIMT step between two tiled copies of one tiler: the second copy's source registers hold values
    computed element by element from the first copy's destination registers (tcgen05.ld of an accumulator, `v =
    u - acc`, then the stmatrix copy made from the load, `make_tiled_copy_D(stmatrix, tiled_t2r)`). Register
    element i is one tile coordinate in both, so the tensor the second copy writes (an MMA operand's SMEM
    buffer, seen through its epilogue-layout view) is cut in the coordinates the first copy read: the first two
    modes of the two partitioned tensors run along the same axes, in order."""
    read: dict = {}  # register record -> (copy object, the source partition's record) of a copy that filled it
    for record in records:
        if record.op == "copy" and record.operands and record.made_by:
            src, dst = record.operands.get("src"), record.operands.get("dst")
            if src is not None and dst is not None and src in partitioners.cuts \
                    and records[dst].memspaces == ("rmem",):
                read[dst] = (record.made_by.get("object"), src)
    if not read:
        return
    for record in records:
        if record.op != "copy" or not record.operands or not record.made_by:
            continue
        src, dst = record.operands.get("src"), record.operands.get("dst")
        tiler = partitioners.tilers.get(record.made_by.get("object"))
        if src is None or dst not in partitioners.cuts or tiler is None or partitioners.tiler_ranks.get(
                record.made_by.get("object")) != 2 or records[src].memspaces != ("rmem",):
            continue
        frontier, seen, found = [src], set(), set()
        for _ in range(4):  # registers the source's elements were computed from, and theirs
            following = []
            for i in frontier:
                if i in seen:
                    continue
                seen.add(i)
                if i in read and i != src and partitioners.tilers.get(read[i][0]) == tiler:
                    found.add(read[i][1])
                following.extend(j for j in records[i].meta.get("values_from", ())
                                 if records[j].memspaces == ("rmem",))
            frontier = following
        for tile in found:  # several loads of one tiler combined (`o = oh + oi`): each cut the same coordinates
            (a_tree, a_shape), (b_tree, b_shape) = partitioners.cuts[tile], partitioners.cuts[dst]
            a_modes, b_modes = _modes(a_tree), _modes(b_tree)
            if not (isinstance(a_shape, tuple) and isinstance(b_shape, tuple)) or len(a_shape) < 2 \
                    or len(b_shape) < 2 or len(a_modes) != len(a_shape) or len(b_modes) != len(b_shape):
                continue
            for x, y, x_shape, y_shape in zip(a_modes[:2], b_modes[:2], a_shape[:2], b_shape[:2]):
                axes.join(_mode_var(axes, x, x_shape), _mode_var(axes, y, y_shape))


def _atoms_along_one_axis(axes: Axes, records: list) -> None:
    """A copy atom of one leaf longer than one element, placed on an axis (a TMEM load's 32 columns of the
    accumulator's N, beside a size-1 leaf), runs along that axis as a mode too: its variable joins the axis, so the
    views and copies that carry the atom's variable whole (registers re-laid in a store partition's shape) carry
    the axis. An atom of several such leaves (the TMEM side's columns and lanes) joins nothing."""
    done = set()
    for record in records:
        for tree, layout in zip(record.levels, record.layouts):
            atom = _modes(tree)[0] if _modes(tree) else None
            laid = leaf_tree(layout)
            if not isinstance(atom, _levels.ModeLabel) or atom.var is None or not atom.leaf_axes \
                    or atom.role != "atom" or atom.level == "mma" or id(atom) in done or not isinstance(laid, tuple):
                continue
            done.add(id(atom))
            leaves = [_extent_stride(leaf) for leaf in _leaves(laid[0])]
            # a broadcast leaf (32 values sharing one scale factor) holds one element: not a leaf along the axis
            long = [key for (extent, stride), key in zip(leaves, atom.leaf_axes) if extent != 1 and stride != 0]
            if len(leaves) != len(atom.leaf_axes) or len(long) != 1 or not isinstance(long[0], tuple):
                continue
            key = long[0]
            if key[0] == "var":
                axes.join(atom.var, key[1])
            elif key[0] == "mma":  # the product the placing record belongs to (`Axes.issued_key`)
                context, axes.context = axes.context, axes.placed.get(atom.var, atom.origin)
                axes.bind(atom.var, key)
                axes.context = context


def _rows_by_thread(axes: Axes, records: list, views: dict, partitioners: Partitioners) -> None:
    """A 32x32b TMEM load gives each thread one lane, one accumulator row (lane t is thread t's): the registers it
    fills hold that row's values. A tiled copy that writes those registers (stored, converted, re-laid) with
    one thread per row of the tile it writes (r2s of a dK/dV epilogue: threads (128, 1), values (1, 8)) writes row
    t of the accumulator into the tile's row t: the tile's rows run along the accumulator's rows."""
    copies = None
    for load in records:
        if load.op != "copy" or not load.operands or "32x32b" not in ((load.made_by or {}).get("op") or ""):
            continue
        lanes = _lane_var(axes, records, load)
        dst = load.operands.get("dst")
        if lanes is None or dst is None:
            continue
        if copies is None:
            copies = _RegisterCopies(records, views)
        for store in copies.of(dst):
            obj = (store.made_by or {}).get("object")
            target = records[store.operands["dst"]]
            if partitioners.threads.get((obj, target.op)) != 0 or not target.inputs:
                continue
            tile = records[target.inputs[0]]
            if tile.levels and isinstance(tile.shapes[0], tuple) and tile.shapes[0]:
                axes.join(_mode_var(axes, _modes(tile.levels[0])[0], tile.shapes[0][0]), lanes)


def _lane_var(axes: Axes, records: list, load) -> int | None:
    """The axis variable of the TMEM lanes a load's source partition reads (its atom's leaf of a lane stride)."""
    at, obj = load.operands.get("src"), (load.made_by or {}).get("object")
    for _ in range(3):  # the partition, or a divide or slice of it
        if at is None:
            return None
        record = records[at]
        if record.op == "partition_S" and (record.made_by or {}).get("object") == obj:
            break
        at = record.inputs[0] if record.inputs else None
    else:
        return None
    laid, shape = leaf_tree(record.layouts[0]), record.shapes[0]
    if record.memspaces[:1] != ("tmem",) or not isinstance(laid, tuple) or not isinstance(shape, tuple):
        return None
    atom = _modes(record.levels[0])[0] if record.levels else None
    if not isinstance(atom, _levels.ModeLabel):
        return None
    strides = [_extent_stride(leaf) for leaf in _leaves(laid[0])]
    found = [v for (extent, stride), v in zip(strides, _leaf_vars(axes, atom, shape[0]))
             if extent and extent > 1 and stride and stride % _TMEM_LANE == 0]
    return found[0] if len(found) == 1 else None


_TMEM_LANE = 1 << 16  # a TMEM address's lane field: a partition's leaf of this stride steps the lanes


class _RegisterCopies:
    """The copies whose source holds the values of some registers (`of`): the registers themselves, register
    tensors stored from them (converted), and views over their storage, transitively. Which registers hold
    which, and the copies into a partition, are read off the records once for all the TMEM loads asked about
    (each asked walked every record again until nothing grew)."""

    def __init__(self, records: list, views: dict):
        self.holders: dict = {}  # record -> the register records holding its values one step on
        for record in records:
            if record.memspaces[:1] == ("rmem",):
                for source in {views.get(record.index), *record.meta.get("values_from", ())}:
                    self.holders.setdefault(source, []).append(record.index)
        self.copies = [r for r in records if r.op == "copy" and r.operands and r.operands.get("dst") is not None
                       and records[r.operands["dst"]].op in ("partition_S", "partition_D")
                       and "32x32b" not in ((r.made_by or {}).get("op") or "")]

    def of(self, registers: int) -> list:
        held, frontier = {registers}, [registers]
        while frontier:
            for index in self.holders.get(frontier.pop(), ()):
                if index not in held:
                    held.add(index)
                    frontier.append(index)
        return [r for r in self.copies if r.operands.get("src") in held]


def _copied_partitions(axes: Axes, records: list) -> None:
    """A copy from a tiled copy's source partition into its destination partition (`copy(tiled, tKgK[None, n, None,
    blk], tKsK[None, n, None])`) pairs the two, whatever other tensors that copy partitioned in between (sK's and
    sV's destinations, then coordinates, then gK's and gV's sources): past the atom, their rests of equal sizes are
    the same repeats, the modes the slices select as much as those they keep."""
    for record in records:
        operands = record.operands or {}
        if record.op != "copy" or operands.get("src") is None or operands.get("dst") is None:
            continue
        src, dst = records[operands["src"]], records[operands["dst"]]
        objects = {(src.made_by or {}).get("object"), (dst.made_by or {}).get("object")}
        if (src.op, dst.op) == ("partition_S", "partition_D") and len(objects) == 1 and None not in objects \
                and src.levels and dst.levels:
            _join_rests(axes, src.levels[0], dst.levels[0], src.shapes[0], dst.shapes[0])


def _coordinates_of_copies(axes: Axes, records: list) -> None:
    """An identity tensor partitioned by a tiled copy (the predicates' coordinates) counts over the tiles that copy
    cuts on that side: its modes join theirs where every such tile's mode runs along one axis (gLSE's and gdPsum's
    rows through one LSE copy); tiles of different axes through one copy (gQ and gK) decide nothing."""
    tiles: dict = {}  # (copy object, side) -> [(labels, shape)] of the tensors it partitions
    coords = []
    for record in records:
        obj = (record.made_by or {}).get("object")
        if record.op not in ("partition_S", "partition_D") or obj is None or not record.inputs:
            continue
        source = records[record.inputs[0]]
        entry = (source.levels[0], source.shapes[0]) if source.levels and source.shapes else None
        if entry is None:
            continue
        if source.op == "make_identity_tensor":
            coords.append(((obj, record.op), entry))
        else:
            tiles.setdefault((obj, record.op), []).append(entry)
    for key, (tree, shape) in coords:
        modes, extents = _modes(tree), shape if isinstance(shape, tuple) else (shape,)
        for i, (mode, extent) in enumerate(zip(modes, extents)):
            if not isinstance(mode, _levels.ModeLabel):
                continue
            found = set()
            for other, other_shape in tiles.get(key, ()):
                other_modes = _modes(other)
                other_shape = other_shape if isinstance(other_shape, tuple) else (other_shape,)
                if i < len(other_modes) and i < len(other_shape) and isinstance(other_modes[i], _levels.ModeLabel) \
                        and _size(other_shape[i]) == _size(extent) and other_modes[i].var is not None:
                    found.add(axes.find(other_modes[i].var))
            if len(found) == 1:
                axes.join(mode.var, found.pop())


def _issued_mmas(records: list, views: dict) -> tuple:
    """record index -> (object, n) for the records of the n-th MMA (n >= 1) of a TiledMma that issues several;
    and, for a TiledMma whose products share their B operand but not A (w h and q h), the records of its products
    (their rows are their own: an A partition made for neither, a TMA load's, takes its rows from the data flow).

    One TiledMma may issue different products (an Ampere attention's S = Q K^T and O = P V through one
    `tiled_mma`): its gemms whose operands share no record write unrelated accumulators, and each is an MMA of
    its own, with its own M, N and K (N and K shared with another through a B operand both read). A gemm's operands, the partitions and fragments of that TiledMma they were
    made from, and the fragments made like them or laid over them belong to its MMA; the first MMA keeps the
    object's number."""
    groups = _Groups()
    find = groups.find

    issued: dict = {}  # object -> [gemm record index]
    chained = _chained_accumulators(records, views)
    for record in records:
        obj = (record.made_by or {}).get("object")
        if record.op != "gemm" or obj is None or not record.operands:
            continue
        issued.setdefault(obj, []).append(record.index)
        # one product: gemms reading one A (its k-blocks, W and U from one A_kk), or accumulating into one D from
        # one B (O += P V over the key blocks); gemms into one D from other operands are other products
        # (NV = U - W S: U and W S share NV's rows and columns, not what they contract)
        d, c = record.operands.get("D"), record.operands.get("C")
        # ... unless one of the accumulators the A is read into feeds a product into the other (R = S W^T and
        # O = S Q^T from one state S, then O += R Z^T): then they are two products whose columns differ
        read = ("r", record.operands.get("A"), d) if d in chained else ("r", record.operands.get("A"))
        for key in (read, ("db", d, record.operands.get("B")),
                    ("db", c, record.operands.get("B"))):
            if None not in key:
                groups.join(key, ("g", record.index))
    instance: dict = {}
    rows_apart: dict = {}
    row_tiles: set = set()
    apart: dict = {}
    copied = {i for r in records if r.op == "copy" and r.operands for i in r.operands.values()}
    for obj, gemms in issued.items():
        order = list(dict.fromkeys(find(("g", g)) for g in gemms))
        member: dict = {}
        for n, root in [*enumerate(order[1:], 1), (0, order[0])]:
            for g in gemms:
                if find(("g", g)) != root:
                    continue
                member[g] = (obj, n)
                # every tensor the gemm reads: its operands and their auxiliary tensors (block scales)
                for operand in records[g].inputs:
                    stack = [operand]
                    while stack:  # the operand and the partitions / fragments of this TiledMma it comes from
                        i = stack.pop()
                        if i in member:
                            continue
                        member[i] = (obj, n)
                        # and the fragment a TMEM accumulator's layout was taken from (`make_tensor(tmem + offset,
                        # tiled_mma.make_fragment_C(shape).layout)`, one per accumulator)
                        stack.extend(j for j in (*records[i].inputs, *records[i].meta.get("values_from", ()))
                                     if (records[j].made_by or {}).get("object") == obj and records[j].op in _MMA_OPS)
        instance.update((i, m) for i, m in member.items() if m[1])
        if len(order) > 1:
            instance.update(_partitions_by_shape(records, obj, gemms, member))
        if len(order) > 1 and len({records[g].operands.get("B") for g in gemms}) < len(order):
            if _a_of_one_tensor(records, gemms, lambda g: find(("g", g))):
                row_tiles.add(obj)  # one product per row tile (O = P V per query tile): one axis of rows
            else:
                rows_apart[obj] = set(member)  # products sharing B: their rows are theirs alone
        if len(order) > 1:  # its tiles no product reads, moved by a copy or an operand's global tile cut for a
            # TMA load, are no product's: the copy or the load into a buffer a product reads names their axes (a
            # C partition nothing moves, a row statistic's, keeps the rows all the products share)
            held = set(member) | set(_partitions_by_shape(records, obj, gemms, member, first=True))
            apart[obj] = {r.index for r in records if (r.made_by or {}).get("object") == obj and r.op in _MMA_OPS
                          and (r.index in copied or r.memspaces in (("gmem",), ("coord",)) and r.op != "partition_C")
                          and r.index not in held}
            apart[obj] |= _loaded_for_slots(records, held)
    if instance:  # fragments made like an operand of that MMA, or over its registers (an (M, N) view of O), and
        for record in records:  # the tiles and copy partitions of its accumulator (tcgen05.ld of q h)
            source = record.inputs[0] if (record.op in _SAME_MODES + _VIEW_OPS + _COPY_OPS) and record.inputs \
                else views.get(record.index)
            if record.index not in instance and source in instance:
                instance[record.index] = instance[source]
    for obj, cut in apart.items():
        cut.difference_update(instance)
    return instance, rows_apart, apart, row_tiles


def _a_of_one_tensor(records: list, gemms: list, product) -> bool:
    """Whether the products a TiledMma issues (`product`: a gemm's record index -> its product) read their A
    operands out of one tensor: P0 and P1 made over one P fragment's layout, each query tile's O = P V. Their rows
    are tiles of one axis, not rows of their own (w h and q h: w and q are other tensors)."""
    origins = set()
    for g in gemms:
        a = records[g].operands.get("A")
        if a is None:
            return False
        origins.add(_operand_origin(records, a))
    return len(origins) == 1 and None not in origins and len({product(g) for g in gemms}) > 1


def _operand_origin(records: list, index: int, depth: int = 8) -> frozenset | None:
    """The MMA fragments or partitions an operand is a view of, through its inputs and the tensors whose layout it
    was made in (`make_tensor(tOrP.iterator + offset, tOrP.layout)`); None where the walk finds none."""
    found, seen, frontier = set(), set(), [index]
    for _ in range(depth):
        seen.update(frontier)
        found.update(i for i in frontier if records[i].op in _MMA_READERS)
        frontier = [j for i in frontier if records[i].op not in _MMA_READERS
                    for j in (*records[i].inputs, *records[i].meta.get("values_from", ())) if j not in seen]
    return frozenset(found) or None


def _chained_accumulators(records: list, views: dict) -> set:
    """The accumulators of gemms that read a recurrent state's values as one A operand into different
    accumulators, one of which feeds (as an operand, through the chains `_chains` follows) a gemm into another of
    them: R = S W^T feeding the state's update and O = S Q^T, then O += R Z^T, are two readers of the state whose
    columns are the keys and the queries. (W = T kb and U = T v read a (tokens x tokens) T that is no state: one
    product, whichever feeds NV = U - W S.) Each accumulator stands for its own product while the chains are
    followed."""
    by_operand: dict = {}  # (object, A) -> the accumulators gemms read that A into
    for record in records:
        obj = (record.made_by or {}).get("object")
        if record.op == "gemm" and obj is not None and record.operands and record.operands.get("D") is not None:
            by_operand.setdefault((obj, record.operands.get("A")), set()).add(record.operands["D"])
    shared = [ds for ds in by_operand.values() if len(ds) > 1]
    if not shared:
        return set()
    per_accumulator = {r.index: ("acc", r.operands["D"]) for r in records
                       if r.op == "gemm" and r.made_by and r.operands and r.operands.get("D") is not None}
    found, _, states, _ = _chains(records, views, per_accumulator)
    feeds = {(m1[1], m2[1]) for m1, _, m2, _, _ in found
             if isinstance(m1, tuple) and isinstance(m2, tuple) and m1 != m2}
    read_state = {m2[1] for m1, _, m2, _, _ in found if m1 in states and isinstance(m2, tuple)}
    return {d for ds in shared if ds <= read_state for d1, d2 in feeds if {d1, d2} <= ds for d in (d1, d2)}


def _loaded_for_slots(records: list, held) -> set:
    """Global tensors a host TMA atom was made for an operand slot of a TiledMma issuing several products
    (`make_tiled_tma_atom_A(op, q, ..., tiled_mma)`, bound as that slot's axes while observing the tensor): the
    slot says which of the MMA's axes the tensor's modes are, not which product's (the second A tensor of
    W = T kb and O = Q S contracts the head dim, the first the tokens); the load into the buffer a product reads
    names them."""
    return {r.index for r in records if r.op == "input" and r.memspaces in (("gmem",), ("coord",))
            and r.index not in held}


def _partitions_by_shape(records: list, obj: int, gemms: list, member: dict, first: bool = False) -> dict:
    """C partitions of a TiledMma issuing several products that no gemm reads (the identity over O's tile whose
    coordinates index the output): the product whose accumulator has the partition's shape, when only one has it."""
    products: dict = {}  # accumulator shape -> the products with an accumulator of that shape
    for g in gemms:
        d = records[g].operands.get("D")
        if d is not None:
            products.setdefault(format_shape(records[d].shapes[0]), set()).add(member.get(g, (obj, 0))[1])
    found = {}
    for record in records:
        if record.op == "partition_C" and record.index not in member and (record.made_by or {}).get("object") == obj:
            n = products.get(format_shape(record.shapes[0]), set())
            if len(n) == 1 and (min(n) or first):  # `first`: the first product's too
                found[record.index] = (obj, min(n))
    return found


def _chains(records: list, views: dict, instance: dict | None = None) -> tuple:
    """The chains, and the (m1, m2) whose M are one axis (an A operand in TMEM over m1's accumulator's lanes).

    (m1, source, m2, slot, result) for each MMA m2 whose A or B operand holds values of MMA m1's accumulator
    (`source`, a group of records over one tensor's data) into its own accumulator (`result`): through views over
    the same data, register copies and stores of loaded (converted) values.
    An MMA the trace sees issued (`cute.gemm`) reads its gemms' operands; one issued out of sight (PTX) reads
    what its partitions lay over."""
    groups = _Groups()
    find = groups.find

    instance = instance or {}
    accumulator = {}  # record index -> the MMA whose accumulator it is (registers or TMEM, not an output tile)
    for record in records:
        obj = instance.get(record.index, (record.made_by or {}).get("object"))
        if obj is None:
            continue
        if record.op == "gemm" and record.operands and record.operands.get("D") is not None:
            accumulator[record.operands["D"]] = obj
        elif record.op in ("make_fragment_C", "partition_C") and set(record.memspaces) & {"rmem", "tmem"}:
            accumulator[record.index] = obj

    def accumulator_of(i):  # an accumulator's own record, or a TMEM tensor laid out like one
        return accumulator.get(i, next((accumulator[j] for j in records[i].meta.get("values_from", ())
                                        if j in accumulator), None))

    for record in records:  # tiles, partitions and views of one tensor hold its data: a write to one is to all
        if record.op in _VIEW_OPS and record.inputs:
            for source in record.inputs:
                groups.join(record.index, source)
    for view, source in views.items():  # a register fragment re-laid over another's registers is its data
        if records[view].memspaces == ("rmem",):
            groups.join(view, source)
    tensor = {i: find(i) for i in range(len(records))}
    for view, source in views.items():  # a tensor over another's storage: its writes reach the other's readers
        groups.join(view, source)
    for record in records:  # an SMEM tensor over a traced one's pointer, its own layout (an operand view at an
        over = record.meta.get("over")  # address taken from a buffer: `make_ptr(sP.iterator.toint())`) too
        if over is not None and record.op == "make_tensor" and record.memspaces[:1] == ("smem",):
            groups.join(record.index, over)
    for record in records:  # two TMEM tensors made at one address (P, and the view the softmax writes P through)
        first = record.meta.get("same_storage")
        # two MMAs' accumulators at one address (dQ's over dP's columns) take turns in it: no data passes
        if first is not None and (accumulator_of(first) is None or accumulator_of(record.index) is None
                                  or accumulator_of(first) == accumulator_of(record.index)):
            groups.join(record.index, first)
    group = {i: find(i) for i in range(len(records))}
    members: dict = {}
    for index, root in group.items():
        members.setdefault(root, []).append(index)
    # operand buffers: tensors an MMA reads. Two of them in one storage are one operand seen by two MMAs (dS and
    # dS^T, Q and Q^T), written in the same step whatever order the warps' code was traced in
    operands = {tensor[i] for record in records if record.op in _MMA_READERS for i in record.inputs}
    # an SMEM buffer written with an accumulator's converted values that no copy takes out to global memory is
    # the operand those values are written for (dS for dQ = dS K), whichever warp's code was traced first
    storage = _storage_roots(records, views)
    stored = _stored_out(records, storage)
    written = {tensor[i] for i in _written_from_accumulators(records, views) if storage[i] not in stored}
    written |= {tensor[i] for i in _written_through_own_views(records, views)}
    found, lanes = set(), set()
    recurrences = set()  # products whose A operand holds their own accumulator's values: S <- S M + N
    issued = {instance.get(r.index, r.made_by["object"]) for r in records if r.op == "gemm" and r.made_by}
    for record in records:
        mma = instance.get(record.index, (record.made_by or {}).get("object"))
        if mma is None:
            continue
        if record.op == "gemm" and record.operands:
            result = record.operands.get("D")
            starts = [(slot, record.operands[slot], group.get(result, record.index))
                      for slot in "AB" if record.operands.get(slot) is not None]
        elif record.op in _MMA_READERS and record.inputs and mma not in issued:
            # an operand laid over another MMA's accumulator (P written over S in TMEM, then issued by PTX the
            # trace does not see as `cute.gemm`) is read by this MMA as much as a gemm's operand is
            starts = [(record.op[-1], i, group.get(i, i)) for i in record.inputs]
        else:
            continue
        for slot, start, result in starts:
            own = set()
            read = _accumulators_read(records, record.index, mma, [start], members, group, tensor, accumulator,
                                      operands | written, own)
            found.update((m1, source, mma, slot, result) for m1, source in read)
            # (through a copy of its values: an operand in the accumulator's own storage is no state read back)
            if slot == "A" and record.op == "gemm" and result in own and group.get(start, start) != result:
                recurrences.add(mma)
            if slot == "A" and "tmem" in records[start].memspaces:
                # an A operand in TMEM holds a row per lane, as the accumulator it was written from does
                lanes.update((m1, mma) for m1, source in read if "tmem" in records[source].memspaces)
    # a recurrent state: registers whose new values are computed from their old ones (`h = decay * h + dh`, or a
    # store back into the tensor they were read from) and from an MMA's accumulator, which another MMA reads
    states = set()
    sources = {m1 for m1, _, _, _, _ in found}
    # register tiles of an accumulator: its own registers, or those a copy reads it into (tcgen05.ld)
    tiles = {i for i in accumulator if records[i].memspaces == ("rmem",)}
    copied = {r.operands["dst"] for r in records if r.op == "copy" and r.operands and r.operands.get("dst") is not None
              and r.operands.get("src") is not None}
    tiles |= {r.operands["dst"] for r in records if r.op == "copy" and r.operands and r.operands.get("dst") in copied
              and any(i in accumulator for i in members.get(group.get(r.operands["src"]), ()))}
    for record in records:
        if record.memspaces != ("rmem",) or not _recurrent(records, record.index, tiles, copied):
            continue
        read = _accumulators_read(records, len(records), None, [record.index], members, group, tensor, accumulator,
                                  operands | written)
        states.update(m1 for m1, _ in read if m1 in sources)
    states |= _carried_states(records, instance, found)
    return found, lanes, states, recurrences


def _operand_buffers(records: list, views: dict, instance: dict) -> dict:
    """product -> slot -> the storage of the tensors the MMA's own partitions and fragments of its A and B operands
    were made of (`make_fragment_A(sV)`, also for an MMA issued by PTX the trace does not see as `cute.gemm`): views
    laid over one buffer's storage are that buffer (V as the first columns of K's buffer). Two products reading one
    buffer in one slot share that slot's axis (`Axes._keys_of_shared_operand`)."""
    storage = _storage_roots(records, views)
    found: dict = {}
    for record in records:
        obj = (record.made_by or {}).get("object")
        if obj is None or record.op not in _MMA_READERS or not record.inputs or records[record.inputs[0]].op in _MMA_OPS:
            continue
        product = instance.get(record.index, obj)
        found.setdefault(product, {}).setdefault(record.op[-1], set()).add(storage[record.inputs[0]])
    return found


def _flat_operand_buffers(axes: Axes, records: list) -> None:
    """An SMEM buffer of one flat mode that an MMA operand tile is laid over at its address (`make_tensor(make_ptr(
    sV.iterator.toint() + j * 8192), (64, 64) MN-major)`, partitioned as A or B) holds both of the operand's modes,
    its rows and the axis contracted, in that one leaf: the leaf runs along no one axis (`operand_flat`), whatever
    its name suggests."""
    read = {i for r in records if r.op in ("partition_A", "partition_B") for i in r.inputs}
    for record in records:
        over = record.meta.get("over")
        if over is None or record.op != "make_tensor" or record.index not in read or not record.shapes:
            continue
        shape = record.shapes[0]
        if not isinstance(shape, tuple) or sum(1 for mode in shape if (_size(mode) or 0) > 1) < 2:
            continue
        buffer = records[over]  # (one flat mode, whether its shape reads `(n)` or `(n,)`)
        if buffer.levels and buffer.shapes and len(list(_leaves(buffer.shapes[0]))) == 1:
            axes.flat_leaves.extend(label.var for label in _levels.flatten(buffer.levels[0]) if label.var is not None)


def _operand_extents(records: list, instance: dict) -> dict:
    """product -> axis -> the static extents of the tiles its MMA partitions as A ((M, K, ...)) and B ((N, K, ...)):
    how many rows, columns and contracted elements one issue of the product covers."""
    found: dict = {}
    for record in records:
        obj = (record.made_by or {}).get("object")
        if obj is None or record.op not in ("partition_A", "partition_B") or not record.inputs:
            continue
        source = records[record.inputs[0]]
        shape = source.shapes[record.input_outputs[0] if record.input_outputs else 0] if source.shapes else None
        if not isinstance(shape, tuple) or len(shape) < 2 or not all(isinstance(e, int) for e in shape[:2]):
            continue
        product = instance.get(record.index, obj)
        for axis, extent in zip("MK" if record.op == "partition_A" else "NK", shape[:2]):
            found.setdefault(product, {}).setdefault(axis, set()).add(extent)
    return found


def _chained_axes(axes: Axes) -> None:
    """An accumulator read as another MMA's operand brings its two axes into the operand's two (M and K from
    the A slot, N and K from the B slot), in an order a path through registers and SMEM may not show. Where one
    of its axes is already one of the operand's, the other is the operand's other: NV = U - W S read as the B of
    S += KG^T NV shares its columns with S's, so its rows are the keys S's update contracts."""
    changed = True
    while changed:
        changed = False
        for m1, _, m2, slot, _ in axes.chains:
            acc = [_key_root(axes, ("mma", m1, a)) for a in "MN"]
            operand = [_key_root(axes, ("mma", m2, a)) for a in ("M" if slot == "A" else "N", "K")]
            if None in acc or None in operand or len(set(acc)) < 2 or len(set(operand)) < 2:
                continue
            shared = set(acc) & set(operand)
            if len(shared) == 1:
                (same,) = shared
                axes.join(next(a for a in acc if a != same), next(o for o in operand if o != same))
                changed = True


def _gram_products(records: list, views: dict, instance: dict) -> set:
    """The products that read one tensor as both their A and their B (X X^T), or whose A and B hold values computed
    from the same kernel inputs and no others (`_input_origins`: KDA's Akk = kgq kgk^T, k rebased by the gate two
    ways into two operand buffers, beside Aqk = qg kgk^T, whose A holds q's values)."""
    gemms = [r for r in records if r.op == "gemm" and r.made_by and r.operands and r.operands.get("A") is not None
             and r.operands.get("B") is not None]
    origins = _input_origins(records, views) if any(r.operands["A"] != r.operands["B"] for r in gemms) else None
    return {instance.get(r.index, r.made_by["object"]) for r in gemms
            if r.operands["A"] == r.operands["B"]
            or origins is not None and origins(r.operands["A"]) and origins(r.operands["A"]) == origins(r.operands["B"])}


# tensors made in new registers, shaped like their input (`make_fragment_like(r_k)`): the input lends a shape, not values
_NEW_REGISTERS = ("make_fragment_like", "make_rmem_tensor_like", "make_rmem_tensor")


def _input_origins(records: list, views: dict):
    """A function: record index -> the global tensors (kernel inputs, each as the root of its views) whose values
    reach that record's data, through views and partitions of one storage, copies (a TMA load's global side),
    element writes and stores of loaded values (`values_from`). Registers shaped like another tensor hold none of
    its values."""
    groups = _Groups()
    find = groups.find

    for record in records:  # one storage: views, partitions and tiles of one tensor (a TMA partition's SMEM side)
        if record.inputs and (record.op in _VIEW_OPS or record.op in _SAME_DATA
                              or record.op in ("input", "make_fragment_A", "make_fragment_B")):
            groups.join(record.index, record.inputs[0])
    for view, source in views.items():
        groups.join(view, source)
    for record in records:
        for key in ("over", "same_storage"):
            if record.meta.get(key) is not None:
                groups.join(record.index, record.meta[key])
    sources: dict = {}  # group -> the groups whose values are written into it
    for record in records:
        group = sources.setdefault(find(record.index), set())
        group.update(find(j) for key in ("values_from", "computed_from") for j in record.meta.get(key, ()))
        if record.op == "copy" and record.operands and None not in (record.operands.get("src"), record.operands.get("dst")):
            sources.setdefault(find(record.operands["dst"]), set()).add(find(record.operands["src"]))
        elif record.inputs and record.op not in _NEW_REGISTERS:
            group.update(find(j) for j in record.inputs[1:])  # a TMA partition's global side
    roots = {find(r.index) for r in records if "gmem" in r.memspaces and not r.inputs and r.op != "make_identity_tensor"}
    known: dict = {}

    def origins(index: int) -> frozenset:
        start = find(index)
        if start not in known:
            seen, stack, found = {start}, [start], set()
            while stack:
                group = stack.pop()
                if group in roots:
                    found.add(group)
                for j in sources.get(group, ()):
                    if j not in seen:
                        seen.add(j)
                        stack.append(j)
            known[start] = frozenset(found)
        return known[start]

    return origins


def _key_root(axes: Axes, key: tuple) -> int | None:
    var = axes.key_var.get(key)
    return axes.find(var) if var is not None else None


def _carried_states(records: list, instance: dict, found: set) -> set:
    """MMAs whose accumulator another MMA reads before the trace first sees it written: the reader's product is
    issued from the value the previous iteration left (a state S kept in TMEM, read by O = Q S and then updated,
    S += K^T V). An accumulator written before each read (scores, then O = P V) is no state."""
    first: dict = {}  # MMA -> the index of its first gemm
    for record in records:
        if record.op == "gemm" and record.made_by:
            first.setdefault(instance.get(record.index, record.made_by["object"]), record.index)
    return {m1 for m1, _, m2, _, _ in found if m1 in first and m2 in first and first[m2] < first[m1]}


def _recurrent(records: list, index: int, tiles: set, copied: set) -> bool:
    """Whether a register tensor accumulates an accumulator's tile across iterations: one element write combines
    its old values with those of another register tensor of its shape, one of the two an accumulator's register
    tile (`tiles`), and the sum is carried in registers no copy refills: the tensor itself (`h[i] = decay * h[i] +
    dh[i]`) or the other, stored back from it (`p[i] = a * state[i] + p[i]`, then `state.store(p.load())`).
    Updates within one step are no recurrence: scores from themselves (`s[i] = exp2(s[i] * scale - max)`), dS
    from dP and P (`dp[i] = p[i] * (dp[i] - sum)`: both reloaded each step), row statistics (no tile)."""
    record = records[index]
    for j in record.meta.get("combines", ()):
        other = records[j]
        if other.memspaces != ("rmem",) or format_shape(other.shapes[0]) != format_shape(record.shapes[0]):
            continue
        if (j in tiles and index not in copied) or (index in tiles and j not in copied
                                                     and index in other.meta.get("values_from", ())):
            return True
    return False


def _accumulators_read(records: list, reader: int, mma, start: list, members: dict, group: dict, tensor: dict,
                       accumulator: dict, operands: set, own: set | None = None) -> set:
    """(MMA, accumulator) of each other MMA's accumulator (its group of records) whose values reach `start`: a
    write to the tensor read and what it wrote from, traced before or after the `reader` record (warp-specialized
    kernels trace the MMA warp's code before the softmax warps that write P); past another tensor in the same
    storage, only what was traced before (an epilogue's buffer over an operand's SMEM is written after the
    mainloop that reads the operand), unless both are `operands` of MMAs (dS^T over dS's SMEM is dS) or buffers
    written for them (dS's epilogue-shaped view, which no copy takes to global memory). `own`, where given,
    collects the groups of `mma`'s own accumulator whose values reach `start`."""
    found = set()
    # (record, whether the path crossed into other storage, the time it was read at: its writes before count)
    seen, frontier = set(), [(i, False, reader if mma is not None else None) for i in start]
    # (group, time) -> `_writes_seen`'s answer: a walk reaches one group at one time from many of its records, and
    # nothing writes records while it walks (a record of no group in `members` is a group of its own)
    writes_at: dict = {}
    # frontier entries already walked: walking one again reaches nothing (its records are seen, or skipped again
    # for the same reason), and the records' many inputs bring the same entries back many times
    walked: set = set()
    for _ in range(12):
        following = []
        for entry in frontier:
            if entry in walked:
                continue
            walked.add(entry)
            index, crossed, before = entry
            key = group.get(index, index)
            at = (key, before) if key in members else (None, index, before)
            if at not in writes_at:
                writes_at[at] = _writes_seen(records, members.get(key, [index]), before)
            written, hidden = writes_at[at]
            storage = tensor.get(index, index)
            for i in members.get(key, [index]):
                if i in seen:
                    continue
                other = tensor.get(i, i) != storage and not {tensor.get(i, i), storage} <= operands
                if (other or crossed) and i >= reader:
                    continue
                seen.add(i)
                source = accumulator.get(i)
                if source is not None and source != mma:
                    found.add((source, group.get(i, i)))
                    continue
                if source is not None and own is not None:
                    own.add(group.get(i, i))
                following.extend((j, crossed or other, before) for j in records[i].inputs)
                if (crossed or other) and _written_after(records[i], reader):
                    continue  # another tensor in the storage, written (at known times) only after the read
                following.extend((j, crossed or other, written.get(j, before))
                                 for j in _element_sources(records[i]) if j in written or j not in hidden)
        frontier = following
    return found


def _element_sources(record) -> list:
    """The tensors a register tensor's element writes took their values from (`values_from`); where those writes
    computed each value too far up for that walk to reach a read (`rP[i] = f16(exp2(acc[i] * s - m[r]) * v_scale)`:
    softmax weights scaled again), the tensors found further up (`computed_from`)."""
    found = record.meta.get("values_from", ())
    if found or record.memspaces != ("rmem",):
        return found
    return record.meta.get("computed_from", ())


def _written_after(record, reader) -> bool:
    """Whether every write the trace timed into `record` comes after record `reader` was traced (weights stored
    by hand into a dead operand's buffer after that operand's MMA read it)."""
    writes = record.meta.get("writes")
    return bool(writes) and reader is not None and all(t > reader for t, _ in writes)


def _writes_seen(records: list, tensor: list, before) -> tuple:
    """(source -> when it was written, the sources of writes the read does not see), for the writes (copies,
    stores) into a tensor's records that a read at `before` sees: the latest one traced before the read, when
    there is one (a register buffer carrying W, then NV, then O out to SMEM holds W when W's copy out reads it);
    else every write (a warp-specialized kernel's MMA warp, traced first, reads what the other warps write), each
    read as of its own time. Nothing hidden when the tensor has no timed write, or the read's time is unknown."""
    writes = [w for i in tensor for w in records[i].meta.get("writes", ())]
    if not writes or before is None:
        return {}, set()
    earlier = [w for w in writes if w[0] < before]
    if earlier:  # the latest write: of one value computed from all its sources (`stmatrix` of exp2'd scores)
        t = max(w[0] for w in earlier)
        latest = {w[1] for w in earlier if w[0] == t}
        return {source: t for source in latest}, {w[1] for w in writes} - latest
    seen: dict = {}
    for t, source in writes:
        seen[source] = max(seen.get(source, t), t)
    return seen, set()


def tiles_of_a_buffer(records: list) -> None:
    """A view of an SMEM buffer that lays an axis of its first mode out again in a later mode before the stages
    (`(64, 2, stages)` over 128 key scales, `((64, 128), 2, stages)` over a (keys, dims) tile, as two loads of one
    box fill it) holds tiles of that axis: a rest of the tile (`block-rest`), not a second atom, in every record
    carrying it (the TMA partition's mode past the box). A later mode along another axis stays a tile mode. Run
    once the stages are known (a pipeline state's index marks them last)."""
    made, seen = set(), {}  # (record, variable) of such modes the view made; id(label) -> label, of the others
    for record in records:
        if record.op != "make_tensor" or record.memspaces[:1] != ("smem",) or not record.levels:
            continue
        modes = _modes(record.levels[0])
        if len(modes) < 3 or not isinstance(modes[-1], _levels.ModeLabel) or modes[-1].level != "stage":
            continue
        first = list(_levels.flatten(modes[0]))
        axes = {axis for x in first for axis in (x.axis, *(x.leaf_axes or ()))}
        laid = top_modes(record.layouts[0]) if record.layouts else None
        past = _past_first_mode(laid) if laid and len(laid) == len(modes) else None
        for j, mode in enumerate(modes[1:-1], 1):
            if not isinstance(mode, _levels.ModeLabel) or mode.level != "block" or mode.role != "atom" \
                    or mode.axis is None or mode.axis not in axes or past is None or not past[j]:
                continue
            if mode.origin == record.index and mode.var is not None and all(x.var != mode.var for x in first):
                made.add((mode.origin, mode.var))
            else:  # a leaf of the buffer's own mode (a view over its memory): this object, where views carry it
                seen[id(mode)] = mode
    if made or seen:
        for record in records:
            record.levels = tuple(_as_buffer_tiles(t, made, seen) for t in record.levels)


def labels_replaced(tree, replaced: dict):
    """`tree` with each label object whose id is in `replaced` (id -> its replacement) replaced."""
    if isinstance(tree, tuple):
        return tuple(labels_replaced(t, replaced) for t in tree)
    return replaced.get(id(tree), tree)


def _past_first_mode(modes: list) -> list | None:
    """For each top-level mode ('shape:stride' texts), whether its elements all lie past the first mode's span: a
    mode that steps whole copies of the first (`(64, 2):(1, 64)`), not one the first is broadcast over (`(64,
    128):(0, 1)`: the first mode lays nothing out). None where the first mode has a broadcast or run-time leaf."""
    first = [_extent_stride(leaf) for leaf in _leaves(leaf_tree(modes[0]))]
    if not first or any(e is None or (e > 1 and not st) for e, st in first):
        return None
    span = 1 + sum((e - 1) * st for e, st in first)
    past = []
    for mode in modes:
        leaves = [_extent_stride(leaf) for leaf in _leaves(leaf_tree(mode))]
        past.append(all(e is not None and st is not None and (e == 1 or st >= span) for e, st in leaves))
    return past


def _as_buffer_tiles(tree, made: set, seen: dict):
    if isinstance(tree, tuple):
        return tuple(_as_buffer_tiles(t, made, seen) for t in tree)
    if seen.get(id(tree)) is tree or isinstance(tree, _levels.ModeLabel) and tree.role == "atom" \
            and (tree.origin, tree.var) in made:
        return replace(tree, role="rest", rule="buffer_tiles")
    return tree


def _atoms_by_rests(records: list) -> None:
    """An MMA atom of two sub-modes whose leaves no layout placed (an SMEM buffer in MMA form (128,32), a scale
    factor's ((32,4),32)): the sub-modes run along the axes of the MMA rests that follow them."""
    filled: dict = {}  # record index -> (its atom's shape, the leaf axes it got): views carrying that atom too
    for record in records:
        for i, (tree, shape) in enumerate(zip(record.levels, record.shapes)):
            modes = _modes(tree)
            if len(modes) < 3 or not isinstance(shape, tuple) or not isinstance(shape[0], tuple) \
                    or len(shape[0]) != 2:
                continue
            atom, rests = modes[0], modes[1:3]
            if not isinstance(atom, _levels.ModeLabel) or atom.level != "mma" or atom.role != "atom" \
                    or (atom.leaf_axes and any(atom.leaf_axes)):  # placed (a buffer's keys no flow named: not)
                continue
            if atom.origin != record.index:  # a view of an atom placed here already (sA over sA_mma's storage)
                found = filled.get(atom.origin)
                if found is not None and found[0] == shape[0]:
                    levels = list(record.levels)
                    levels[i] = (replace(atom, leaf_axes=found[1]),) + tuple(modes[1:])
                    record.levels = tuple(levels)
                continue
            if not all(isinstance(r, _levels.ModeLabel) and r.role == "rest" and r.axis for r in rests):
                continue
            if min(_size(s) or 0 for s in shape[0]) < 8:  # a thread's few scattered values: no such reading
                continue
            leaf_axes = tuple(r.axis for sub, r in zip(shape[0], rests) for _ in _leaves(sub))
            filled[record.index] = (shape[0], leaf_axes)
            levels = list(record.levels)
            levels[i] = (replace(atom, leaf_axes=leaf_axes),) + tuple(modes[1:])
            record.levels = tuple(levels)


def _operand_views(records: list) -> None:
    """A view made over another MMA's accumulator (P over S) that enters an MMA's slot is that MMA's operand:
    (its atom, its rests), each leaf keeping the axis it runs along; views of it (a recast) follow."""
    relabelled: set = set()
    for record in records:
        if record.op != "gemm" or not record.operands or not record.made_by:
            continue
        mma = _levels.mma_name(record.made_by.get("receiver"))
        for slot in ("A", "B"):
            index = record.operands.get(slot)
            if index is None or records[index].op != "make_tensor" or not records[index].levels:
                continue
            view = records[index]
            modes = _modes(view.levels[0])
            if len(modes) < 3 or not all(label.level == "mma" for label in _levels.flatten(view.levels[0])):
                continue
            roles = ["atom"] + ["rest"] * (len(modes) - 1)
            view.levels = (tuple(_as_operand(m, role, mma) for m, role in zip(modes, roles)),) + view.levels[1:]
            relabelled.add(index)
    for record in records:
        if record.op in _SAME_MODES and record.inputs and record.inputs[0] in relabelled and record.levels:
            source = records[record.inputs[0]].levels[0]
            if len(_modes(source)) == len(_modes(record.levels[0])):
                record.levels = (source,) + record.levels[1:]
                relabelled.add(record.index)


def _as_operand(tree, role: str, mma: str | None):
    if isinstance(tree, tuple):
        return tuple(_as_operand(t, role, mma) for t in tree)
    return replace(tree, role=role, mma=mma)


def _batch(axes: Axes, records: list, named: dict, paged: set, packed: set = frozenset()) -> dict:
    """A GEMM input with two modes an MMA fixed and one mode more: that mode is the batch L. An attention input's
    trailing modes past those the MMAs fixed: heads H, then batch B; one nested trailing mode (``((h_r, h_k), b)``)
    is heads but for its last leaf, the batch (CuTe orders a hierarchical mode from the inside out). A key-side
    input's outer mode or leaf that a page table's entries select (`paged`, class roots) holds pages of keys: K,
    not the batch; one whose index packs the pages with another index (`page * heads + h` into a `(1, ?)` mode:
    `packed`) runs along none, leaf by leaf. Returns the per-leaf letters of such grouped modes, by axis class."""
    grouped: dict = {}
    for record in records:
        if record.op not in ("input", "make_tensor", "make_identity_tensor") or not record.levels \
                or not set(record.memspaces) & {"gmem", "coord"}:
            continue
        modes = _modes(record.levels[0])
        if not all(isinstance(m, _levels.ModeLabel) and m.var is not None for m in modes):
            continue
        found = [named.get(axes.find(m.var)) for m in modes]
        # (fixed by an MMA's slots, or by a projected (M, N, K) tiler's positions in a kernel with no MMA)
        letters = [f[0] for m, f in zip(modes, found) if f and (f[1] == "mma_slot" or f[1] == "local_tile.proj" and any(
            key[0] == "tiler" for key in axes.keys.get(axes.find(m.var), ())))]
        # a mode the attention fixed but no single axis names (GQA's packed (heads, queries)) is no unnamed mode
        unnamed = [m for m, f in zip(modes, found)
                   if not f or (f[0] is None and f[1] not in ("attention", "packed_rows")) or f[1] == "hint:name"]
        if len(letters) == 2 and set(letters) <= set("MNK") and len(unnamed) == 1 and len(modes) == 3 \
                and modes[-1] is unnamed[0]:
            named[axes.find(unnamed[0].var)] = ("L", "batch")
            walked = _leaves_along_other_modes(record, len(modes) - 1, [f[0] if f else None for f in found])
            if walked and set(walked) != {None}:
                grouped[axes.find(unnamed[0].var)] = tuple(x or "L" for x in walked)
            continue
        # an attention input's modes past the sequence and head-dim modes the MMAs fixed ((seqlen, d, h, b),
        # an LSE's (seqlen, h, b)): the heads, then the batch
        # (a split-KV partial's split, named before this rule from the extents it is laid out with, is one of them)
        attention = [f[0] for f in found if f and (f[1] in _ATTENTION_RULES or f[1] == "split")]
        for i, (mode, f) in enumerate(zip(modes, found)):
            # the query sequence packed with the heads of a KV head's group (GQA: ((h_g, s_q), d, ...)): the
            # input's two leaves are heads (the inner) and queries; a mode that merges them (the MMA's rows or
            # columns over the packed index) runs along no single axis
            letters = _continued_leaf(record, i, ("H", "Q")) or _grouped_batch(record, i, ("H", "Q")) \
                if f and f == ("Q", "attention") else None
            if letters:
                named[axes.find(mode.var)] = (None, "attention")
                grouped[axes.find(mode.var)] = letters
        # a mode another input already named (K's and V's heads indexed by one head index) keeps its name; the
        # heads and batch lead a (b, h, s, d) tensor (not a (rows, d) tile whose rows nothing named)
        trailing = [m for m, f in zip(modes, found) if any(m is u for u in unnamed) or (f and f[1] == "batch")]
        chunks = _chunk_mode(record, modes, found, trailing) if len(trailing) == 3 and attention else None
        if chunks is not None:  # a sequence cut into chunks ((d, l, c, h, b)): the chunk index, then heads and batch
            mode, letter = chunks
            named[axes.find(mode.var)] = (letter, "chunks")
            trailing = [m for m in trailing if m is not mode]
            unnamed = [m for m in unnamed if m is not mode]
            attention.append(letter)
        leading = len(attention) == 2 and len(modes) > 2 and list(modes[:len(trailing)]) == trailing
        if attention and len(attention) + len(trailing) == len(modes) and 1 <= len(unnamed) <= len(trailing) <= 2 \
                and set(attention) - {None} <= set("QKD") and (list(modes[-len(trailing):]) == trailing or leading) \
                and not _placed_between(record, modes, trailing):
            pages = "K" if "K" in attention else "B"
            for mode, letter in zip(_by_stride(record, modes, trailing),
                                    "B" if _unit_mode_appended(record, modes, trailing) else "HB"):
                if any(mode is u for u in unnamed):
                    # (a key-side input's one trailing mode a page table selects: its pages, not heads)
                    paging = (letter == "B" or pages == "K") and axes.find(mode.var) in paged
                    named[axes.find(mode.var)] = (pages, "paged") if paging else (letter, "batch")
            if len(unnamed) == 1:  # heads and batch grouped in one mode: by stride, else from the inside out
                letters = _grouped_batch(record, len(modes) - 1) or _nested_batch(record, modes)
                if letters and axes.find(unnamed[0].var) in packed:
                    letters = (None,) * len(letters)
                elif letters and axes.find(unnamed[0].var) in paged:
                    letters = tuple(pages if x == "B" else x for x in letters)
                if letters:
                    grouped[axes.find(unnamed[0].var)] = letters
    return grouped


def _heads_by_one_index(axes: Axes, named: dict, selections: dict, grouped: dict) -> None:
    """The heads and batch of an attention input (rule `batch`) that a run-time index selects: a mode the same index
    selects in another kernel parameter that nothing named (`mdQaccum[batch_idx, head_idx, None]` beside
    `mdQ[batch_idx, None, head_idx, None]`: a flat fp32 accumulator of the same (batch, head)'s tile) holds them
    too. Parameters' first slices only suggest this (`_same_indices` joins no first slice), so only the letter of a
    whole mode the batch rule named travels, to whole modes no rule named; a grouped (heads, batch) mode (`grouped`:
    one index over both) has no one letter to give or take."""
    for variables in selections.values():
        roots = {axes.find(v) for v in variables} - set(grouped)
        letters = {named[r][0] for r in roots if named.get(r, (None, None))[1] == "batch"} - {None}
        if len(letters) != 1:
            continue
        letter = letters.pop()
        for root in roots:
            if named.get(root, (None, None))[0] is None:
                named[root] = (letter, "batch")


def _split_partials(axes: Axes, records: list, views: dict, named: dict) -> None:
    """Split-KV partials: two or more global inputs of one kernel that it only reads, each the modes of another
    input (the output, its LSE or maxima; the kernel writes one of those at least) plus one mode more, that extra
    mode of one extent in all of them: per-split partial outputs and statistics, read back and reduced into the
    output by the combine. The split indexes chunks of the key range: a rest along K. Only where no data-flow rule
    named those extra modes (the batch rule's guess may have); one pair alone (a norm's input against its per-row
    statistics) is no split. Reading and writing tell the partials from the wholes where shapes alone do not (an
    output and its LSE differ by the head dim as the partials differ from them by the split)."""
    uses = _global_uses(records, views)
    for used in uses.values():  # kernel by kernel: a host may make the partials the split kernel writes
        inputs = []  # (record index, modes, shape, strides) of the global tensors the kernel uses
        for index in used:
            record = records[index]
            modes = _modes(record.levels[0]) if record.levels else ()
            if isinstance(record.shapes[0], tuple) and len(modes) == len(record.shapes[0]) and all(
                    isinstance(m, _levels.ModeLabel) and m.var is not None for m in modes):
                strides = [m.rpartition(":")[2] for m in top_modes(record.layouts[0]) or []] if record.layouts else []
                inputs.append((index, modes, record.shapes[0], strides))
        extras: dict = {}  # extra mode's extent (a static count) -> the (split mode, whole's record) pairs with it
        for index, modes, shape, strides in inputs:
            for whole, _, whole_shape, whole_strides in inputs if not used[index] else ():
                at = _extra_mode(shape, whole_shape, strides, whole_strides)
                if at is not None and isinstance(shape[at], int):
                    extras.setdefault(shape[at], []).append((modes[at], whole))
        for pairs in extras.values():
            roots = {axes.find(m.var) for m, _ in pairs}
            wholes = {w for _, w in pairs}
            if len({id(m) for m, _ in pairs}) < 2 or len(wholes) < 2 or not any(used[w] for w in wholes) or any(
                    named.get(r, (None,))[0] is not None and named[r][1] not in ("batch", "hint:name") for r in roots):
                continue
            named.update({r: ("K", "split") for r in roots})


def _split_partials_laid_out(axes: Axes, records: list, views: dict, named: dict) -> None:
    """Split-KV partials whose extents are run-time values (`_split_partials` compares static ones): a host lays
    out a workspace's partial outputs and statistics (`tracer._laid_out_values`) with the extents of the output
    view a kernel writes (`o.shape[0]` read back is the extent `o` was laid out with) and one extent more, the
    same in every partial and none of the output's: the split count. A kernel that reads two or more such partials
    and writes that output combines the splits; the extra mode indexes chunks of the key range: a rest along K.
    Only where no data-flow rule named it; it runs before the batch rule, which then reads the modes past it."""
    laid = {r.index: r for r in records if r.op == "make_tensor" and r.meta.get("extent_values") and r.levels
            and "gmem" in r.memspaces and isinstance(r.shapes[0], tuple)
            and len(r.shapes[0]) == len(r.meta["extent_values"]) == len(_modes(r.levels[0]))}
    for used in _global_uses(records, views).values():
        for whole in (w for w, written in used.items() if written and w in laid):
            extents = {key[0] for key in laid[whole].meta["extent_values"] if key is not None}
            extras: dict = {}  # the extra extent -> the partials' modes laid out with it
            for part in (p for p, written in used.items() if not written and p in laid and p != whole):
                keys = [key[0] if key is not None else None for key in laid[part].meta["extent_values"]]
                extra = [i for i, key in enumerate(keys) if key not in extents]
                if len(extra) == 1 and keys[extra[0]] is not None and len(keys) > 1:
                    extras.setdefault(keys[extra[0]], []).append(_modes(laid[part].levels[0])[extra[0]])
            for modes in extras.values():
                roots = {axes.find(m.var) for m in modes if isinstance(m, _levels.ModeLabel) and m.var is not None}
                if len(modes) < 2 or not roots or any(
                        named.get(r, (None,))[0] is not None and named[r][1] not in ("batch", "hint:name")
                        for r in roots):
                    continue
                named.update({r: ("K", "split") for r in roots})


def _global_uses(records: list, views: dict) -> dict:
    """kernel -> {record index of a global tensor made outside any view (an input, a tensor over a pointer of its
    own): whether the kernel writes it} for the tensors the kernel uses through their views, tiles and
    partitions. A write is a copy, a tensor store or an element write into one of those (not into registers made
    like them)."""
    root: dict = {}
    for record in records:
        source = views.get(record.index, record.inputs[0] if record.inputs else None)
        if record.op in ("input", "make_tensor") and source is None and "gmem" in record.memspaces \
                and record.shapes:
            root[record.index] = record.index
        elif record.op not in ("copy", "gemm") and not record.op.startswith("make_fragment") \
                and not record.op.startswith("make_rmem") and source in root:
            root[record.index] = root[source]
    uses: dict = {}
    for record in records:
        if record.index in root:
            used = uses.setdefault(record.kernel, {})
            written = bool(record.meta.get("writes") or record.meta.get("element_writes") or record.meta.get("stored"))
            used[root[record.index]] = used.get(root[record.index], False) or written
        for kernel in record.meta.get("written_in", ()) if record.index in root else ():
            # a kernel parameter traced on the host only, written element by element (`mO[h, d, s, b] = rO[j]`)
            uses.setdefault(kernel, {})[root[record.index]] = True
    return uses


def _extra_mode(shape: tuple, whole: tuple, strides: list, whole_strides: list) -> int | None:
    """The one position of `shape` whose removal leaves `whole`, mode for mode; of several (a batch of 4 next to
    4 splits) the one whose removal also leaves the whole's strides (each split a copy of the whole's layout).
    None when none or still several do."""
    if len(shape) != len(whole) + 1:
        return None
    found = [i for i in range(len(shape)) if shape[:i] + shape[i + 1:] == whole]
    if len(found) > 1 and len(strides) == len(shape):
        found = [i for i in found if strides[:i] + strides[i + 1:] == whole_strides]
    return found[0] if len(found) == 1 else None


def _page_tables(axes: Axes, named: dict, grouped: dict, paged: dict) -> None:
    """A page table's mode that walks the pages of a cache `_batch` named keys (pages of keys) runs along the keys."""
    for var, tables in paged.items():
        root = axes.find(var)
        if named.get(root) != ("K", "paged") and "K" not in grouped.get(root, ()):
            continue
        for table in tables:
            if (named.get(axes.find(table)) or (None,))[0] is None:
                named[axes.find(table)] = ("K", "paged")


def _stride_value(mode: str) -> tuple | None:
    """A top mode's stride, ("=", n) when a number, ("div", n) when run-time with a known divisibility."""
    stride = mode.rpartition(":")[2]
    if stride.isdigit():
        return ("=", int(stride))
    at = stride.find("div=")
    digits = stride[at + 4:].rstrip("}") if at >= 0 else ""
    return ("div", int(digits)) if digits.isdigit() else None


def _chunk_mode(record, modes: tuple, found: list, trailing: list) -> tuple | None:
    """(mode, letter) of the trailing mode of an attention input that continues its sequence mode in memory: its
    stride is the sequence mode's extent times its stride (both numbers, or both run-time with divisibilities
    that multiply alike): a sequence cut into chunks, the chunk index a rest along the sequence's axis. Of several
    such modes the innermost in mode order."""
    layout = top_modes(record.layouts[0]) if record.layouts else None
    shape = record.shapes[0] if record.shapes else None
    if not layout or not isinstance(shape, tuple) or len(layout) != len(modes) or len(shape) != len(modes):
        return None
    strides = [_stride_value(m) for m in layout]
    for i, f in enumerate(found):
        if not f or f[1] != "attention" or f[0] not in ("Q", "K") or not isinstance(shape[i], int) \
                or strides[i] is None:
            continue
        kind, value = strides[i]
        for j, mode in enumerate(modes):
            if j > i and any(mode is t for t in trailing) and strides[j] == (kind, value * shape[i]):
                return mode, f[0]
    return None


def _nested_batch(record, modes: tuple) -> tuple | None:
    """The letters of a nested trailing mode (``((h_r, h_k), b)``) whose strides do not order its leaves: heads
    but for its last leaf, the batch."""
    shape = record.shapes[0]
    count = len(list(_leaves(shape[-1]))) if isinstance(shape, tuple) and len(shape) == len(modes) else 1
    return ("H",) * (count - 1) + ("B",) if count > 1 else None


def _grouped_batch(record, at: int, inner_outer: tuple = ("H", "B")) -> tuple | None:
    """The letters of a grouped mode's two leaves ((heads, batch), (heads, queries)): the first of `inner_outer`
    for the leaf of smaller stride."""
    found = top_modes(record.layouts[0]) if record.layouts else None
    tree = leaf_tree(found[at]) if found and at < len(found) else None
    if not isinstance(tree, tuple) or len(tree) != 2 or not all(isinstance(x, str) for x in tree):
        return None
    strides = [_leaf_stride_key(x.rpartition(":")[2]) for x in tree]
    if None in strides or strides[0] == strides[1]:
        return None
    inner, outer = inner_outer
    return (inner, outer) if strides[0] < strides[1] else (outer, inner)


def _packed_sources(axes: Axes, records: list, named: dict, grouped: dict) -> None:
    """A tensor's modes that a view laid out from its run-time strides packs into one mode of its own (the tracer's
    `meta["strided_into"]`: GQA's ((4, s), ...) over (t.stride[2], t.stride[0])) take the letter the view's packed
    leaf of their stride took (rule `strided_leaves`), where no data flow named them: the (s, d, h, b) input's rows
    are the queries the packed leaf is."""
    for record in records:
        for view, packed in record.meta.get("strided_into", ()):
            modes = _modes(records[view].levels[0]) if records[view].levels else ()
            source = _modes(record.levels[0]) if record.levels else ()
            for at, steps in packed.items():
                label = modes[at] if at < len(modes) else None
                letters = grouped.get(axes.find(label.var)) if isinstance(label, _levels.ModeLabel) \
                    and label.var is not None else None
                if not letters or len(letters) != len(steps):
                    continue
                for letter, step in zip(letters, steps):
                    mode = source[step] if step is not None and step < len(source) else None
                    if letter and isinstance(mode, _levels.ModeLabel) and mode.var is not None \
                            and axes.find(mode.var) not in named:
                        named[axes.find(mode.var)] = (letter, "strided_leaves")


def _leaves_along_other_modes(record, at: int, letters: list) -> tuple | None:
    """For each leaf of top mode `at`, the letter of another top mode one of whose leaves has the very same
    run-time stride (`tracer._same_stride_leaves`: the leaf steps the same way in memory), else None; None where
    the record's layout was not read. A leaf of extent 1 steps nowhere, whatever its stride: a unit batch mode
    (`A.t().unsqueeze(-1)`, stride 1 as the rows' own) walks no other mode."""
    same, shape = dict(record.meta.get("same_stride") or {}), record.shapes[0] if record.shapes else None
    if not isinstance(shape, tuple) or at >= len(shape) or len(letters) != len(shape):
        return None
    owner = [m for m, mode in enumerate(shape) for _ in (_leaves(mode) if isinstance(mode, tuple) else (mode,))]
    unit = {j for j, extent in enumerate(_leaves(shape)) if extent in (1, "1")}
    tree = leaf_tree(record.layouts[0]) if record.layouts else None
    strides = [leaf.rpartition(":")[2] for leaf in _leaves(tree)] if tree is not None else []
    first: dict = {}
    for j, stride in enumerate(strides if len(strides) == len(owner) else ()):
        if stride.isdigit() and stride != "0" and j not in unit:  # equal numbers step the same way too
            if stride in first:
                same.setdefault(j, first[stride])
            else:
                first[stride] = j
    same = {j: i for j, i in same.items() if j not in unit and i not in unit}
    if not same:
        return None
    pairs = {**same, **{i: j for j, i in same.items()}}
    out = []
    for leaf in (x for x, m in enumerate(owner) if m == at):
        other = pairs.get(leaf)
        out.append(letters[owner[other]] if other is not None and other < len(owner) and owner[other] != at
                   else None)
    return tuple(out)


def _placed_between(record, modes: tuple, chosen: list) -> bool:
    """Two trailing modes that neither end nor lead the record's modes (a (b, s, h, d) view: b first, h third) and
    whose strides are no numbers to order them by: `_by_stride` would take their places for inner and outer, which
    say nothing here (the labels' `==` compares values, so the place tests above pass any two unnamed modes)."""
    if len(chosen) != 2:
        return False
    ids = [id(m) for m in modes]
    places = sorted(ids.index(id(m)) for m in chosen if id(m) in ids)
    if len(places) != 2 or places == [len(modes) - 2, len(modes) - 1] or places == [0, 1]:
        return False
    layout = top_modes(record.layouts[0]) if record.layouts else None
    return not (layout and len(layout) == len(modes) and all(layout[p].rpartition(":")[2].isdigit() for p in places))


def _continued_leaf(record, at: int, inner_outer: tuple) -> tuple | None:
    """The letters of a grouped mode's two leaves where the kernel laid the view out from run-time strides
    (`tracer._laid_out_values`) and a leaf of another mode continues exactly one of them in memory (GQA's
    ((h_g, s_q), d, h_k, b): the KV heads' stride is `h_g` times the packed heads leaf's): that leaf is the inner
    part of the other mode's index (`inner_outer[0]`), whatever the strides' sizes (a BHSD tensor's heads stride
    is larger than its rows')."""
    continues, shape = record.meta.get("continues"), record.shapes[0] if record.shapes else None
    if not continues or not isinstance(shape, tuple) or at >= len(shape):
        return None
    start = sum(len(list(_leaves(m))) if isinstance(m, tuple) else 1 for m in shape[:at])
    own = range(start, start + (len(list(_leaves(shape[at]))) if isinstance(shape[at], tuple) else 1))
    inside = {i for j, i in continues.items() if j not in own and i in own}
    if len(own) != 2 or len(inside) != 1:
        return None
    inner, outer = inner_outer
    return (inner, outer) if own[0] in inside else (outer, inner)


def _leaf_stride_key(stride: str) -> tuple | None:
    """A grouped leaf's stride as a sortable key: a number, or a coordinate basis element `c@i` (a TMA tensor's
    coordinates: the i-th TMA dimension, whose order is the global tensor's from the innermost, then the
    coefficient). `_stride_order` orders a layout's leaves, where a run-time stride counts and no basis does."""
    if stride.isdigit():
        return (0, int(stride))
    coefficient, at, dimension = stride.partition("@")
    if at and coefficient.isdigit() and dimension.isdigit():
        return (int(dimension), int(coefficient))
    return None


def _unit_mode_appended(record, modes: tuple, trailing: list) -> bool:
    """Whether an attention input's one mode past its sequence and head-dim modes holds a single element, last
    (`(keys, d, 1)`: the host's `unsqueeze(-1)`): the batch of one that CuTe's (rows, columns, L) tensors end in, not
    heads, which a tensor that has them lays between its sequence and its batch ((s, d, h, b))."""
    shape = record.shapes[0] if record.shapes else None
    return len(trailing) == 1 and trailing[0] is modes[-1] and isinstance(shape, tuple) \
        and len(shape) == len(modes) and shape[-1] == 1


def _by_stride(record, modes: tuple, chosen: list) -> list:
    """`chosen` modes of `record` from the innermost (smallest stride) out: the batch is the outermost mode of a
    (b, s, h, d) tensor however a view orders it. Where the strides are not all known numbers, a row-major layout
    (its last mode alone of unit stride: `(b, h, s):(?, ?, 1)`) runs from the outermost mode in, so in reverse mode
    order; any other in mode order (CuTe's column-major convention, `(s, h, b):(1, ?, ?)`)."""
    strides = []
    for mode in (top_modes(record.layouts[0]) or []) if record.layouts else []:
        stride = mode.rpartition(":")[2]
        strides.append(int(stride) if stride.isdigit() else None)
    if len(strides) != len(modes):
        return chosen
    at = {id(m): strides[i] for i, m in enumerate(modes)}
    if any(at.get(id(m)) is None for m in chosen):
        row_major = len(strides) > 1 and strides[-1] == 1 and 1 not in strides[:-1]
        return list(reversed(chosen)) if row_major else chosen
    return sorted(chosen, key=lambda m: at[id(m)])


def _accumulator_roots(axes: Axes) -> set:
    """The (M, N) axis classes of each MMA's accumulator."""
    found = set()
    for m in axes.mmas:
        roots = [axes.key_var.get(("mma", m, a)) for a in "MN"]
        if None not in roots:
            found.add(frozenset(axes.find(v) for v in roots))
    return found


_MMA_READERS = ("partition_A", "partition_B", "make_fragment_A", "make_fragment_B")
_SAME_DATA = ("composition", "select", "make_tensor", "group_modes", "recast_tensor")
_VIEWS_TAKEN = ("composition", "select", "group_modes")  # views a layout takes of a tensor, not of its pointer


def _smem_operands(axes: Axes, records: list, views: dict, accumulators: set, relevels: dict) -> set:
    """SMEM buffers: one an MMA partition reads (itself or a transposed view of it) holds MMA tiles; one whose
    tiles run along an accumulator's axes (over another buffer's memory or not) is the staged epilogue buffer.
    Returns the epilogue buffers."""
    readers: dict = {}  # record index -> whether an MMA partition reads it
    buffers = [r for r in records if r.op == "make_tensor" and "smem" in r.memspaces and r.levels
               and any(label.rule.startswith("smem_buffer") for label in _levels.flatten(r.levels[0]))]
    is_buffer = {r.index for r in buffers}
    # (and any SMEM tensor an MMA partition reads itself, however its labels were found: a tile laid by hand at an
    # address in a flat ring, `make_tensor(make_ptr(base + stage_offset), tile_layout)`, partitioned as A; a view
    # still hands its reads on to the storage it views, below)
    partitioned = {i for r in records if r.op in _MMA_READERS for i in r.inputs}
    buffers = sorted(buffers + [r for r in records if r.op == "make_tensor" and "smem" in r.memspaces and r.levels
                                and r.index in partitioned and r.index not in is_buffer], key=lambda r: r.index)
    # register arrays a warp MMA issued by hand reads as A or B, and the views of SMEM copies load them from
    # (`copy(ldsm_atom, sA_ldsm[None, (None, k, stage)], rA[None, None, k])`, sA_ldsm a divide of a warp's tile of sA)
    warp_operands = {i for r in records if r.op == "gemm" and (r.made_by or {}).get("op") == "mma.sync"
                     for slot, i in (r.operands or {}).items() if slot in ("A", "B") and i is not None}
    loaded_for_warp_mma: set = set()
    for record in reversed(records):
        if record.op in _MMA_READERS:
            readers.update({i: True for i in record.inputs})
        elif record.op == "copy" and (record.operands or {}).get("dst") in warp_operands \
                and record.operands.get("src") is not None and "smem" in records[record.operands["src"]].memspaces:
            # the SMEM side of the copy filling them holds the operand's tiles: the MMA reads them through it
            readers[record.operands["src"]] = True
            loaded_for_warp_mma.add(record.operands["src"])
        elif record.op in _DIVIDES and record.index in loaded_for_warp_mma:
            readers.update({i: True for i in record.inputs})
        # (a tile of the buffer, `local_tile(sQ, (64, 64), (0, 0))`, partitioned for the MMA: the MMA reads it)
        elif record.op in _SAME_DATA + ("local_tile",) and readers.get(record.index) and record.index not in is_buffer:
            readers.update({i: True for i in record.inputs})
            if record.index in views:
                readers[views[record.index]] = True
        if record.op == "make_tensor" and readers.get(record.index) and record.meta.get("over") is not None \
                and record.index not in views and record.memspaces[:1] == ("smem",):
            # an operand laid out anew at the address of a buffer (`make_ptr(sV.iterator.toint())`): the buffer
            readers[record.meta["over"]] = True
    staged = set()
    storage = _storage_roots(records, views)
    stored_out = _stored_out(records, storage)
    staging = _written_from_registers(records)
    from_accumulators = _written_from_accumulators(records, views)
    handed_on = _handed_to_another_mma(readers, storage)
    for index in from_accumulators:
        # a tensor laid over an operand's SMEM (sdK over sK) that the epilogue writes with an accumulator's values
        # and copies out to global memory, or hands to another MMA that reads the storage through views of its own
        # (`sdS_epi`: dS written in the epilogue's layout, read by dQ and dK as sdS and sdSt): the staging buffer,
        # its own modes, not the operand's. One an MMA reads itself (P written from S, read by P V) is an operand,
        # and so is a view laid out in the operand's MMA form (CUTLASS MLA's `sP_mk_view`); a buffer of its own
        # storage is judged below
        if index not in views or readers.get(index) or (storage[index] not in stored_out and (
                storage[index] not in handed_on or _levels.contains_level(records[index].levels, ("mma",)))):
            continue
        record = records[index]
        record.levels = tuple(_as_epilogue_buffer(t, index) for t in record.levels)
        staged.add(index)
    # buffers a TMA load fills with a CTA tile of an input (u read beside v' = u - WH), not the staging of an
    # accumulator's epilogue, though a copy of the accumulator's layout reads them; a load of an epilogue subtile
    # (the source C, a divide of the output's tile) fills the epilogue's buffer
    loaded = {_made_tensor(records, r.inputs[0]) for r in records if r.op == "tma_partition" and len(r.inputs) > 1
              and str((r.made_by or {}).get("op") or "").endswith("G2SOp") and not _divided(records, r.inputs[1])}
    tma_boxes = {_made_tensor(records, r.inputs[0]) for r in records if r.op == "tma_partition" and r.inputs}
    computed = staging | {_made_tensor(records, r.index) for r in records
                          if r.meta.get("element_writes") or r.meta.get("stored")
                          or any(records[int(source)].memspaces[:1] == ("rmem",)
                                 for _, source in r.meta.get("writes", ()) if isinstance(source, int))}
    read_views: dict = {}  # buffer -> the views over its storage an MMA partition reads
    for view, source in views.items():
        if readers.get(view):
            read_views.setdefault(source, []).append(view)
    for record in buffers:
        if record.index in staged:  # a view the epilogue writes, found above: not the operand it lies over
            continue
        made = [label for label in _levels.flatten(record.levels[0]) if label.origin == record.index]
        tiles = [label for label in made if label.level in ("block", "mma", "epi") and label.role == "atom"]
        roots = frozenset(axes.find(label.var) for label in tiles if label.var is not None)
        if readers.get(record.index):
            level = "mma"
        elif len(roots) == 2 and roots in accumulators and record.index not in loaded:
            level = "epi"
            staged.add(record.index)
        elif axes.mmas and record.index in staging and record.index not in loaded and (
                storage[record.index] in stored_out
                or (record.index in from_accumulators and storage[record.index] not in handed_on)):
            # in a kernel with an MMA, written from registers and copied out to global memory (an r2s copy, then
            # a TMA store), whatever axes its tiles have found: the epilogue's staging buffer; so is one written
            # with an accumulator's values that no MMA reads, however its values leave (a bulk reduce-add issued
            # on its bare address, which the trace sees as no copy)
            level = "epi"
            staged.add(record.index)
        elif record.index in views and readers.get(views[record.index]):
            # an MMA operand's storage in its own layout: the same modes (quack's TMA-load layout of sA) when the
            # shape is the operand's, else the tiles its loads cut (MLA's (64 keys, 64 latent) TMA view of sKC) or a
            # tile read by hand (a row warp's max over A); a view no TMA cuts that the code writes values it computed
            # into from registers (the SSD's scaled B^T by r2s, a rebased operand the CUDA warps store) holds the
            # operand's tile: the MMA's
            if format_shape(record.shapes[0]) != format_shape(records[views[record.index]].shapes[0]) \
                    and (record.index in tma_boxes or record.index not in computed):
                level = "mma" if _transposed(record.shapes[0], records[views[record.index]].shapes[0]) else "block"
            else:
                level = "mma"
        elif any(_transposed(record.shapes[0], records[v].shapes[0]) or records[v].op == "slice_"
                 for v in read_views.get(record.index, ())):
            # a buffer an MMA reads through a transposed view of it (V through sVt), or one stage of it a
            # `cute.slice_` took (`partition_A(slice_(sP, (None, None, 0)))`): the operand's tiles
            level = "mma"
        else:
            continue
        relevels[record.index] = (("block", "mma", "epi"), level)
        record.levels = tuple(_relevel(t, record.index, ("block", "mma", "epi"), level) for t in record.levels)
    for index in loaded_for_warp_mma:
        # a divide of the operand's tile whose slices one copy issue moves into the MMA's registers is that copy's
        # partition made by hand (ldmatrix's 16 rows by 16 bytes, and their repeats): the copy's level
        if records[index].op in _DIVIDES:
            relevels[index] = (("block",), "copy")
            records[index].levels = tuple(_relevel(t, index, ("block",), "copy") for t in records[index].levels)
    return staged


def _handed_to_another_mma(readers: dict, storage: dict) -> set:
    """The SMEM storages an MMA partition reads through a view (`readers`: record index -> whether an MMA
    partition reads it): an epilogue that writes such storage through another view of it hands an accumulator's
    converted values to that MMA."""
    return {storage[i] for i, read in readers.items() if read and i in storage}


def _transposed(shape, other) -> bool:
    """Whether a shape is another's top-level modes permuted (`sVt` over `sV`: ((64,2),(8,8),s) and ((8,8),(64,2),s))."""
    return _sorted_modes(shape) == _sorted_modes(other)


def _sorted_modes(shape) -> list:
    return sorted(format_shape(m) for m in (shape if isinstance(shape, tuple) else (shape,)))


def _divided(records: list, index: int) -> bool:
    """Whether a tensor is, through views and tiles, a divide's tile (`flat_divide(gC, epi_tile)`)."""
    for _ in range(8):
        record = records[index]
        if record.op in _DIVIDES:
            return True
        if not record.inputs:
            return False
        index = record.inputs[0]
    return False


def _made_tensor(records: list, index: int) -> int:
    """The tensor a view, tile or regrouping was taken of (`group_modes(sU, 0, 2)` -> sU), not another tensor laid
    over the same storage (an output buffer reusing an input's SMEM)."""
    for _ in range(8):
        record = records[index]
        if record.op == "make_tensor" or not record.inputs:
            break
        index = record.inputs[0]
    return index


def _storage_roots(records: list, views: dict) -> dict:
    """record index -> one record of the tensors over the same storage (views over another's pointer, and
    compositions, selections and regroupings of them)."""
    groups = _Groups()
    find = groups.find

    for view, source in views.items():
        groups.join(view, source)
    for record in records:
        if record.op in _SAME_DATA and record.inputs:
            groups.join(record.index, record.inputs[0])
    return {i: find(i) for i in range(len(records))}


def _stored_out(records: list, storage: dict) -> set:
    """Storage roots a copy reads into global memory (an s2g copy's or TMA store's source, through its partition
    and the registers it was loaded into)."""
    found, writers = set(), set()
    for record in _global_stores(records):
        writers.add((records[record.operands["dst"]].made_by or {}).get("object"))
        frontier = [record.operands["src"]]
        for _ in range(4):  # the partition, what it partitions (a grouped view), the tensor; or the registers an
            found.update(storage[i] for i in frontier)  # s2r copy filled from them (wider global stores)
            frontier = {j for i in frontier for j in (*records[i].inputs, *records[i].meta.get("values_from", ()))}
    for record in records:  # the source side of the tiled copy that writes global memory (sdK's s2r, then r2g)
        if record.op == "partition_S" and record.inputs and (record.made_by or {}).get("object") in writers - {None}:
            found.add(storage[record.inputs[0]])
    return found


def _written_from_accumulators(records: list, views: dict) -> dict:
    """SMEM tensors a copy writes with an accumulator's values (a register fragment of it, converted: r2s), with
    the first such copy."""
    held = _holding_accumulator_values(records, views)
    found: dict = {}
    for copy, target in _copies_into_smem(records, through_views=False):
        if copy.operands["src"] in held:
            found.setdefault(target, copy.index)
    return found


def _written_through_own_views(records: list, views: dict) -> set:
    """SMEM tensors laid by hand over a view taken of another SMEM tensor (a helper's per-thread view of P^T's
    operand buffer, `make_tensor(composition(sP[None, None, None, i], rows).iterator, layout)`) that a copy fills
    with an accumulator's values (P^T from S^T's registers, converted), and that no copy takes out to global memory:
    the operand written for the MMA that reads the buffer, also where an epilogue later reuses the buffer's storage
    to stage another accumulator out (dK over sP). A buffer laid over the storage by its pointer alone
    (`make_tensor(recast_ptr(sK.iterator), epi_layout)`) is no view taken of the operand: it stays another tensor."""
    held = _holding_accumulator_values(records, views)
    out = _global_store_sources(records)
    found = set()
    for record in records:
        operands = (record.operands or {}) if record.op == "copy" else {}
        dst = operands.get("dst")
        if operands.get("src") not in held or dst is None or dst in out or dst not in views:
            continue
        target, source = records[dst], records[views[dst]]
        if target.op == "make_tensor" and "smem" in target.memspaces and source.op in _VIEWS_TAKEN:
            found.add(dst)
    return found


def _global_store_sources(records: list) -> set:
    """Records a copy into global memory reads, through its partition and the views it partitions."""
    found = set()
    for record in _global_stores(records):
        frontier = [record.operands["src"]]
        for _ in range(4):
            found.update(frontier)
            frontier = [j for i in frontier for j in records[i].inputs]
    return found


def _global_stores(records: list):
    """The copies that write global memory (a TMA store's global side is a coordinate tensor: the operation says
    it writes global memory)."""
    for record in records:
        operands = (record.operands or {}) if record.op == "copy" else {}
        if operands.get("src") is None or operands.get("dst") is None:
            continue
        if "gmem" in records[operands["dst"]].memspaces \
                or str((record.made_by or {}).get("op") or "").endswith("S2GOp"):
            yield record


def _holding_accumulator_values(records: list, views: dict) -> set:
    """Records holding an accumulator's values: the accumulator, its register fragments and retiles, registers
    loaded from them and converted, and register tensors laid over its registers by hand (`views`:
    `make_tensor(acc.iterator, shape)`, or its registers recast to integers rounded in place)."""
    held: set = set()  # records holding an accumulator's values: the accumulator, its register fragments, retiles
    for _ in range(4):  # registers made before the partition a copy later fills them from: another pass
        size = len(held)
        for record in records:
            if record.op in ("make_fragment_C", "partition_C") and record.made_by and "smem" not in record.memspaces:
                held.add(record.index)
            elif record.op == "gemm" and record.operands and record.operands.get("D") is not None:
                held.add(record.operands["D"])
            elif record.op not in ("copy", "gemm") and set(record.memspaces) <= {"rmem", "tmem"} and record.memspaces \
                    and not (held.isdisjoint(record.inputs) and held.isdisjoint(record.meta.get("values_from", ()))
                             and views.get(record.index) not in held):
                held.add(record.index)  # (no sets made per record and pass: five calls per trace walk them all)
        if len(held) == size:
            break
    return held


def _written_from_registers(records: list) -> set:
    """SMEM tensors (made over their own storage) that a copy from registers writes through a partition (r2s)."""
    return {target for copy, target in _copies_into_smem(records, through_views=True)
            if records[copy.operands["src"]].memspaces[:1] == ("rmem",)}


def _copies_into_smem(records: list, through_views: bool):
    """(copy, SMEM tensor it writes) for each copy whose destination partitions a `make_tensor` in SMEM (r2s): the
    partitioned tensor itself, or with `through_views` the tensor its views and tiles were taken of."""
    for record in records:
        operands = (record.operands or {}) if record.op == "copy" else {}
        if operands.get("src") is None or operands.get("dst") is None:
            continue
        dst = records[operands["dst"]]
        if dst.op == "partition_D" and dst.inputs and "smem" in dst.memspaces:
            target = records[_made_tensor(records, dst.inputs[0]) if through_views else dst.inputs[0]]
            if target.op == "make_tensor" and "smem" in target.memspaces:
                yield record, target.index


def _as_epilogue_buffer(tree, origin: int):
    if isinstance(tree, tuple):
        return tuple(_as_epilogue_buffer(t, origin) for t in tree)
    if tree.level not in ("block", "mma", "epi"):
        return tree
    return replace(tree, level="epi", role="atom", origin=origin, rule="epilogue_buffer", mma=None)


def _operands_loaded_into_tmem(records: list) -> set:
    """TMEM tensors an MMA reads as its A or B operand, or laid out as one (`make_tensor(ptr,
    make_fragment_A(...).layout)`), that copies write only with values loaded from SMEM or global memory (a mixed-input GEMM's transform: weights loaded,
    converted in registers, stored into TMEM for the MMA to read): operands, though laid over an accumulator's
    storage. Attention's P, written from the scores' registers, is not one."""
    read = {r.operands[slot] for r in records if r.op == "gemm" and r.operands for slot in ("A", "B")
            if r.operands.get(slot) is not None}
    laid = {r.index for r in records if r.op == "make_tensor" and r.memspaces == ("tmem",)
            and (r.index in read or r.meta.get("same_storage") in read
                 or any(records[i].op in ("make_fragment_A", "make_fragment_B") for i in r.meta.get("values_from", ()))
                 or _laid_as_operand(records, r))}
    if not laid:
        return set()
    written: dict = {}  # laid tensor -> whether every copy into it (or into its partitions) brings loaded values
    for record in records:
        dst, src = (record.operands or {}).get("dst"), (record.operands or {}).get("src")
        if record.op != "copy" or dst is None or src is None:
            continue
        for _ in range(4):  # the partition the copy writes, up to the tensor it partitions
            if dst in laid or not records[dst].inputs:
                break
            dst = records[dst].inputs[0]
        if dst not in laid:
            continue
        written[dst] = written.get(dst, True) and _from_memory(records, src, {}, 4)
    return {i for i, ok in written.items() if ok}


def _laid_as_operand(records: list, record) -> bool:
    """Whether a tensor's modes are an MMA operand fragment's, taken with its layout (`make_tensor(ptr,
    make_fragment_A(layout).layout)`): every label of it made by one `make_fragment_A` / `make_fragment_B`."""
    origins = {label.origin for tree in record.levels[:1] for label in _levels.flatten(tree)}
    return len(origins) == 1 and None not in origins and 0 <= next(iter(origins)) < len(records) \
        and records[next(iter(origins))].op in ("make_fragment_A", "make_fragment_B")


def _from_memory(records: list, index: int, seen: dict, depth: int) -> bool:
    """Whether a tensor's values come from SMEM or global memory only: it is there, or it is registers filled from
    tensors that are (`values_from`, followed `depth` steps); TMEM (an accumulator) or nothing known is not."""
    if index in seen:
        return seen[index]
    memspaces = set(records[index].memspaces)
    if memspaces and memspaces <= {"smem", "gmem"}:
        return True
    origins = [i for i in records[index].meta.get("values_from") or () if i != index]
    seen[index] = False  # a cycle brings nothing from memory
    found = memspaces == {"rmem"} and depth > 0 and bool(origins) \
        and all(_from_memory(records, i, seen, depth - 1) for i in origins)
    seen[index] = found
    return found


def _accumulator_tensors(records: list, views: dict) -> set:
    """Records holding an MMA's accumulator in TMEM or registers: its fragment, the gemms' D, views over its
    storage (P laid over S in TMEM) and views of those. A copy's partition of one reads the accumulator out
    (tcgen05.ld) or writes its converted values back (tcgen05.st): the epilogue of that MMA. Not an operand laid
    over the accumulator's storage: one loaded into TMEM, or scale factors the MMA is set to read
    (`tiled_mma.set(Field.SFB, tCtSFB.iterator)`, `tracer._scale_factors`), which a tcgen05.cp fills."""
    found = set()
    loaded = _operands_loaded_into_tmem(records)
    for record in records:
        if record.index in loaded or record.meta.get("scale_factors"):
            continue
        if record.op in ("make_fragment_C", "partition_C") and record.made_by \
                and set(record.memspaces) <= {"rmem", "tmem"} and record.memspaces:
            found.add(record.index)
        elif record.op == "gemm" and record.operands and record.operands.get("D") is not None:
            found.add(record.operands["D"])
        elif record.op in _SAME_DATA + ("domain_offset", "flatten", "coalesce") and record.inputs \
                and record.inputs[0] in found or views.get(record.index) in found:
            found.add(record.index)
        elif record.op == "make_tensor" and record.memspaces == ("tmem",) \
                and found & set(record.meta.get("values_from", ())):
            found.add(record.index)  # `make_tensor(tmem_ptr + offset, tStS.layout)`: the accumulator, placed
    return found


def _epilogue(axes: Axes, records: list, accumulators: set, staged: set, relevels: dict) -> None:
    """A divide whose tiles run along an accumulator's two axes is EPI (the output tile, its coordinates), unless
    an MMA reads it as an operand;
    copy partitions of an EPI or accumulator tensor (`staged`: the staging buffers and the accumulators) are
    Store, and so are the other partitions of that copy; so is a copy partition of global memory that the kernel
    writes values into (`tCgO.store(result)`)."""
    epilogue: set = set(staged)
    store_objects: set = set()
    written_out: set = set()  # Store because it is a write to global memory: the copy's loads stay loads
    written_sides: set = set()  # (copy object, partition op) of those write-outs: the side that writes global memory
    # tiles an MMA's A or B partition reads are operands, even along the output's axes (MLA's Q tile (heads,
    # latent) over O's (heads, latent))
    operand_tiles = {i for r in records if r.op in ("partition_A", "partition_B") for i in r.inputs}
    # (copy object, partition op) of the sides that partition memory (global or shared)
    memory_sides = {((r.made_by or {}).get("object"), r.op) for r in records
                    if r.op in _COPY_OPS and r.memspaces[:1] in (("gmem",), ("smem",))}
    for record in records + records:  # twice: a copy's first partition may come before the one that says Store
        if (record.op in _DIVIDES or _subtile(records, record) and not _warp_share(records, record)) \
                and record.index not in operand_tiles:
            made = [label for label in _levels.flatten(record.levels[0]) if label.origin == record.index] \
                if record.levels else []
            # (a tile of one element of a mode, the batch L's `1` of `(*epi_tile, 1)`, cuts nothing along it)
            units = {id(label) for label, extent in _sized_labels(record.levels[0] if record.levels else (),
                                                                  record.shapes[0] if record.shapes else None)
                     if extent == 1}
            tiles = [label for label in made if label.role == "atom" and id(label) not in units]
            roots = frozenset(axes.find(label.var) for label in tiles if label.var is not None)
            if (len(tiles) == 2 and roots in accumulators and not _whole_input(records, record)) \
                    or any(label.level == "epi" for label in made):
                relevels[record.index] = (("block",), "epi")
                record.levels = tuple(_relevel(t, record.index, ("block",), "epi") for t in record.levels)
                epilogue.add(record.index)
        elif record.op in _COPY_OPS + ("tma_partition",):
            source = record.inputs[0] if record.inputs else None
            obj = (record.made_by or {}).get("object")
            if record.index in written_out:
                continue
            if record.op in _COPY_OPS and "gmem" in record.memspaces and record.meta.get("stored"):
                # the kernel stores values into it: a write-out, whose copy's loads stay loads
                relevels[record.index] = (("copy", "block"), "store")
                record.levels = tuple(_relevel(t, record.index, ("copy", "block"), "store") for t in record.levels)
                epilogue.add(record.index)
                written_out.add(record.index)
                written_sides.add((obj, record.op))
                continue
            if _predicates_write_out(record, obj, written_sides) \
                    or _guards_write_out(record, obj, written_sides, memory_sides):
                relevels[record.index] = (("copy", "block"), "store")
                record.levels = tuple(_relevel(t, record.index, ("copy", "block"), "store") for t in record.levels)
                epilogue.add(record.index)
                continue
            if source in epilogue or _is_store(record) or (obj is not None and obj in store_objects):
                relevels[record.index] = (("copy", "block"), "store")
                record.levels = tuple(_relevel(t, record.index, ("copy", "block"), "store") for t in record.levels)
                epilogue.add(record.index)
                if obj is not None and record.op != "tma_partition":
                    store_objects.add(obj)
        elif record.op == "copy" and record.operands and record.operands.get("dst") is not None:
            # a copy into global memory writes the result out: its destination partition is Store
            for dst in _written_partitions(records, records[record.operands["dst"]]):
                if dst.op not in _COPY_OPS:  # a view made by hand for the write: Store, though its tiles are EPI's
                    relevels[dst.index] = (("copy", "block", "epi"), "store")
                    dst.levels = tuple(_relevel(t, dst.index, ("copy", "block", "epi"), "store") for t in dst.levels)
                    epilogue.add(dst.index)
                    written_out.add(dst.index)
                elif dst.index not in epilogue:
                    relevels[dst.index] = (("copy", "block"), "store")
                    dst.levels = tuple(_relevel(t, dst.index, ("copy", "block"), "store") for t in dst.levels)
                    epilogue.add(dst.index)
                    written_out.add(dst.index)
                if dst.op in _COPY_OPS:
                    written_sides.add(((dst.made_by or {}).get("object"), dst.op))
            source = _read_out_partition(records, record, written_out)
            if source is not None and source.index not in epilogue:
                relevels[source.index] = (("copy",), "store")
                source.levels = tuple(_relevel(t, source.index, ("copy",), "store") for t in source.levels)
                epilogue.add(source.index)
        elif record.inputs and record.inputs[0] in epilogue and record.op not in ("copy", "gemm"):
            if record.op == "local_tile":  # a subtile of the staging buffer (or of the accumulator) is EPI
                relevels[record.index] = (("block",), "epi")
                record.levels = tuple(_relevel(t, record.index, ("block",), "epi") for t in record.levels)
            epilogue.add(record.index)


def _sized_labels(tree, shape):
    """(label, the number of elements its mode holds) for each label of a tree laid over its shape (None where
    the shape is not static or does not mirror the tree)."""
    if isinstance(tree, tuple):
        parts = shape if isinstance(shape, tuple) and len(shape) == len(tree) else (None,) * len(tree)
        for t, part in zip(tree, parts):
            yield from _sized_labels(t, part)
    elif tree is not None:
        yield tree, (_size(shape) if shape is not None else None)


def _warp_share(records: list, record) -> bool:
    """Whether a subtile of the output is cut at a run-time index that also cuts a tile of SMEM (`local_tile(gC_cta,
    (WM, WN), (warp_m, warp_n))` beside `local_tile(sA, (WM, BK, stages), (warp_m, 0, 0))`): each warp's share of the
    CTA's tile, as its operands' tiles are, a Block tile, not an epilogue's subtile."""
    mine = record.meta.get("tile_indices")
    return bool(mine) and any(r.op == "local_tile" and r.memspaces[:1] == ("smem",) and r.meta.get("tile_indices")
                              and mine & r.meta["tile_indices"] for r in records)


def _subtile(records: list, record) -> bool:
    """A `local_tile` of a tile (the CTA's tile of the output, split among warp groups, cut by the epilogue's
    tile): a divide, whose tiles the divide rule says are the epilogue's where they run along the accumulator's two
    axes."""
    return record.op == "local_tile" and bool(record.inputs) and records[record.inputs[0]].op in (
        "local_tile",) + _DIVIDES


def _read_out_partition(records: list, copy, written_out: set):
    """The source of a copy that writes global memory when it is an SMEM tile's copy partition that no copy writes
    (`copy(tiled_copy_B, tBsB, tBgB)`, `tBsB = partition_S(sB)`: the s2g side of a write-out, made for it): the
    write-out's other side, Store as its destination is; None for any other source (registers, an operand
    buffer's partition a load fills)."""
    dst, src = copy.operands.get("dst"), copy.operands.get("src")
    if src is None or dst not in written_out:
        return None
    source = records[src]
    if source.op != "partition_S" or source.memspaces[:1] != ("smem",) \
            or any(r.op == "copy" and r.operands and r.operands.get("dst") == src for r in records):
        return None
    labels = [label for tree in source.levels for label in _levels.flatten(tree)]
    return source if labels and all(label.level in ("copy", "stage") for label in labels) else None


def _written_partitions(records: list, dst) -> list:
    """The copy partitions of global memory a copy writes into: its destination, and where that is a `filter_zeros`
    view of such a partition (`autovec_copy(regs, filter_zeros(thr_copy.partition_D(gSF))[...])`: a scale
    write-out's broadcast modes folded), the partition it views too."""
    if "gmem" not in dst.memspaces:
        return []
    if dst.op in _COPY_OPS:
        return [dst]
    if dst.op in _DIVIDES + ("make_tensor",) and dst.levels:
        # a view made by hand for the write (a divide of the output tile whose tile a lane's index splits,
        # `gC_v[((lane // 4, None), (None, lane % 4)), None]`, and views re-laying it): the store's partition, and so
        # is the divide its modes come from; an epilogue's divide into subtiles (`flat_divide(gD, epi_tile)`) is not
        divides = {label.origin for label in _levels.flatten(dst.levels[0])} - {None}
        divides = [records[i] for i in sorted(divides) if records[i].op in _DIVIDES and "gmem" in records[i].memspaces
                   and records[i].meta.get("tile_split_by_thread")]
        if divides:
            return [dst] + [r for r in divides if r is not dst]
    viewed = records[dst.inputs[0]] if dst.op == "filter_zeros" and dst.inputs else None
    return [dst, viewed] if viewed is not None and viewed.op in _COPY_OPS and "gmem" in viewed.memspaces else []


def _operand_copies(records: list, relevels: dict) -> None:
    """The partitions a copy makes to write a TMEM operand with values loaded from memory (`_operands_loaded_into_
    tmem`), and the other partitions of that copy (the SMEM side it loads through): an operand's copies, not the
    epilogue's Store, which a partition of TMEM was taken for when made."""
    loaded = _operands_loaded_into_tmem(records)
    if not loaded:
        return
    objects = set()
    for record in records:
        dst = (record.operands or {}).get("dst") if record.op == "copy" else None
        if dst is None:
            continue
        root, obj = dst, None
        for _ in range(4):  # (the partition the copy writes may be a divide of the copy's partition)
            if obj is None and records[root].op in _COPY_OPS:
                obj = (records[root].made_by or {}).get("object")
            if root in loaded or not records[root].inputs:
                break
            root = records[root].inputs[0]
        if root in loaded and obj is not None:
            objects.add(obj)
    for record in records:
        if record.op in _COPY_OPS and (record.made_by or {}).get("object") in objects:
            relevels[record.index] = (("store",), "copy")
            record.levels = tuple(_relevel(t, record.index, ("store",), "copy") for t in record.levels)


def _thread_views_written_out(records: list, views: dict, relevels: dict) -> None:
    """A thread's (thread, value) view (`tracer._thread_view`) that a copy writes in global memory
    (`autovec_copy(regs, out_view)`), or that the thread's values are stored into and never loaded from
    (`out_groups[((0, None), (row, group))].store(v)`: a view the thread also loads, a history it shifts in place, is
    the load's), or of an SMEM tile a TMA store reads out, is the store's partition: Store, and so are the registers
    copied into it, which carry its labels."""
    thread_views = [r for r in records if r.meta.get("thread_view")]
    if not thread_views:
        return
    storage = _storage_roots(records, views)
    stored = _stored_out(records, storage)
    written = _copied_into_views(records)
    for record in thread_views:
        if (record.index in written or _only_written(record)) and "gmem" in record.memspaces \
                or "smem" in record.memspaces and storage[record.index] in stored:
            divide = launched_divide(records, record)  # the host's divide the parameter is: its modes
            relevels[record.index] = (("copy",), "store")
            record.levels = tuple(_relevel(t, record.index, ("copy",), "store") for t in record.levels)
            if divide is not None:
                relevels[divide.index] = (("copy",), "store")
            if record.index not in written:  # stored into: the registers whose values it holds as they are
                for src in record.meta.get("stored_copies", ()):
                    if records[src].memspaces[:1] == ("rmem",):  # their labels may be another view's, carried
                        records[src].levels = tuple(_levels.with_level(t, "copy", "store") for t in records[src].levels)
    # the registers' side of such a write-out (`autovec_copy(vals_vecs[None, i], out_vecs[None, i])`): the values
    # written, cut as the store's view is
    for copy in records:
        operands = copy.operands or {} if copy.op == "copy" else {}
        src, dst = operands.get("src"), operands.get("dst")
        if src is None or dst is None or not records[src].meta.get("thread_view") \
                or records[src].memspaces[:1] != ("rmem",) or relevels.get(dst, (None, None))[1] != "store":
            continue
        relevels[src] = (("copy",), "store")
        records[src].levels = tuple(_relevel(t, src, ("copy",), "store") for t in records[src].levels)


def _only_written(record) -> bool:
    """Whether values are stored into a tensor (`.store(v)`, or element by element: `basic_copy_if(pred, rC, thrC)`
    writes `thrC[i] = rC[i]`) and never loaded from it."""
    meta = record.meta
    return bool(meta.get("stored") or meta.get("written_by_element")) and not meta.get("loaded") \
        and not meta.get("read_by_element")


def launched_divide(records: list, record):
    """The divide the host cut a kernel parameter with and launched it as (`gX = zipped_divide(mX, (1, 8))`, passed
    to the kernel as `gX`): the parameter is that divide, its modes the divide's (`tracer._new_input`); else None. A
    thread's slice of the parameter is a thread's slice of the divide (`tracer._thread_view`), and where the thread
    writes the parameter out, the divide is the store's too (`_thread_views_written_out`)."""
    if record.op != "input" or len(record.inputs) != 1:
        return None
    source = records[record.inputs[0]]
    if source.op not in ("tiled_divide", "zipped_divide", "flat_divide") or source.levels != record.levels:
        return None
    return source


def _copied_into_views(records: list) -> set:
    """The records copies write into, and the records a written `make_tensor` re-lays whole (every label of it
    made by that one record: `make_tensor(make_ptr(..., assumed_align=16), dst.layout)`, a view that only
    restates the pointer's alignment): what is written is the view's source too."""
    written = {r.operands["dst"] for r in records if r.op == "copy" and r.operands and r.operands.get("dst") is not None}
    for index in list(written):
        record = records[index]
        origins = {label.origin for tree in record.levels[:1] for label in _levels.flatten(tree)}
        if record.op == "make_tensor" and len(origins) == 1 and None not in origins:
            written |= origins
    return written


def _chunks_written_out(records: list, relevels: dict) -> None:
    """A thread's hand-partitioned chunk of global memory (`local_tile(out[token, head, None], (16,), (lane,))`,
    `levels.thread_tile`) that a copy writes, or that values are stored into and never loaded from
    (`gate_vector.store(v)`), is the write-out's partition: Store, as a thread's (thread, value) view written out is
    (`_thread_views_written_out`)."""
    written = {r.operands["dst"] for r in records if r.op == "copy" and r.operands and r.operands.get("dst") is not None}
    written |= {r.index for r in records if r.meta.get("stored") and not r.meta.get("loaded")}
    for index in sorted(written):
        record = records[index]
        labels = list(_levels.flatten(record.levels[0])) if record.levels else []
        if record.memspaces[:1] == ("gmem",) and labels and all(
                label.level == "copy" and label.origin == index and label.rule.startswith("thread_tile.")
                for label in labels):
            relevels[index] = (("copy",), "store")
            record.levels = tuple(_relevel(t, index, ("copy",), "store") for t in record.levels)


def _partitions_written_out(records: list, views: dict) -> None:
    """A TiledCopy's partition of global memory (`thr_copy.partition_D(blkY)`) that a copy writes (`copy(tiled_copy,
    tXrX, tXgY)`) or that values are stored into element by element and never loaded from (`tYgdX[i, n] = v`),
    itself or through a view re-laying it alone (`make_tensor(tXgY.iterator, get(tXgY.layout, mode=[0]))`), and that
    no copy reads: the write-out's partition, Store, and so are the views over its storage. One TiledCopy that loads
    x and stores y gave both sides the level of its first partition (`tracer._copy_side_level`); the side it writes
    out is the store's. (Registers merely laid out like it, a predicate, keep their level.)"""
    read = {r.operands["src"] for r in records if r.op == "copy" and r.operands and r.operands.get("src") is not None}
    targets = _copied_into_views(records) - read
    targets |= {r.index for r in records if _only_written(r) and r.index not in read}
    storage = None
    for index in sorted(targets):
        record = records[index]
        origins = {label.origin for tree in record.levels[:1] for label in _levels.flatten(tree)} - {index}
        partition = records[next(iter(origins))] if record.op == "make_tensor" and len(origins) == 1 \
            and None not in origins else record  # (a label no record made: a view of no traced partition)
        if partition.op not in ("partition_S", "partition_D") or partition.memspaces[:1] not in (("gmem",), (None,)) \
                or partition.index in read or not _made_at_level(partition, "copy"):
            continue
        storage = storage or _storage_roots(records, views)
        for view in (r for r in records if storage[r.index] == storage[partition.index]):
            for origin in (partition.index, view.index) if _made_at_level(view, "copy") else (partition.index,):
                view.levels = tuple(_relevel(t, origin, ("copy",), "store") for t in view.levels)


def _made_at_level(record, level: str) -> bool:
    """Whether the modes a record made itself (first output) are all at `level`, and it made some."""
    labels = [label for tree in record.levels[:1] for label in _levels.flatten(tree) if label.origin == record.index]
    return bool(labels) and all(label.level == level for label in labels)


def _predicates_write_out(record, obj, written_sides: set) -> bool:
    """A copy's partition of coordinates on the side whose partition of global memory the kernel writes out
    (`thr_copy.partition_D(cO)` beside `thr_copy.partition_D(gO)`, the copy's destination): the coordinates that
    predicate the store, Store as the write they guard (the same copy's loads, on the other side, stay loads)."""
    return obj is not None and record.op in _COPY_OPS and record.memspaces[:1] == ("coord",) \
        and (obj, record.op) in written_sides and not _is_store(record)


def _guards_write_out(record, obj, written_sides: set, memory_sides: set) -> bool:
    """A copy's partition of coordinates on its register side (`thr_r2g.partition_S(cAcc)`) where its other side
    writes global memory out (`thr_r2g.partition_D(gDlogits)`) and no partition of memory stands on this side (the
    copy loads nothing): the coordinates that predicate the store, Store as the write they guard."""
    other = {"partition_S": "partition_D", "partition_D": "partition_S"}.get(record.op)
    return obj is not None and other is not None and record.memspaces[:1] == ("coord",) \
        and (obj, other) in written_sides and (obj, record.op) not in memory_sides and not _is_store(record)


def _whole_input(records: list, record) -> bool:
    """Whether a divide cuts a whole input (a kernel parameter or host tensor, every mode its own: the grid's
    `zipped_divide(c, cta_tile)`): its tiles are the CTA's, Block, however the output's axes run."""
    source = records[record.inputs[0]] if record.inputs else None
    labels = [label for tree in (source.levels[:1] if source is not None else ()) for label in _levels.flatten(tree)]
    return bool(labels) and all(label.level == "input" for label in labels) or _problem_coordinates(source)


def _problem_coordinates(source) -> bool:
    """An identity tensor over the whole problem (`make_identity_tensor((mA.shape[0], mB.shape[0], 1))`), which
    extents only known at run time say: the grid's coordinates, whose divide cuts CTA tiles (a tile's coordinates
    in the epilogue count over static extents)."""
    return source is not None and source.op == "make_identity_tensor" and "?" in format_shape(source.shapes[0])


def _is_store(record) -> bool:
    return any(label.level == "store" and label.origin == record.index
               for tree in record.levels for label in _levels.flatten(tree))


def _carried_relevel(tree, relevels: dict):
    """A record's labels with the modes other records made re-levelled as those records were."""
    if isinstance(tree, tuple):
        return tuple(_carried_relevel(t, relevels) for t in tree)
    found = relevels.get(tree.origin)
    if found is None or tree.level not in found[0]:
        return tree
    return _relevel(tree, tree.origin, found[0], found[1])


def _relevel(tree, origin: int, old: tuple, level: str):
    if isinstance(tree, tuple):
        return tuple(_relevel(t, origin, old, level) for t in tree)
    if tree.origin != origin or tree.level not in old:
        return tree
    return replace(tree, level=level)


def _copied_by_hand(records: list, moved: set, views: dict) -> None:
    """In a kernel with no MMA, registers made from a layout or shape alone (`make_rmem_tensor((4, iters))`) that a
    copy fills from a view made over a pointer and moved whole (`make_tensor(mW.iterator + offset, layout)`; a
    slice of a tensor the kernel made is that tensor, not the copied vector) hold the copy's
    values: `copy`, their first mode the atom (one thread's vector), the others rests (its iterations, and modes
    the copy indexed: rows held at once). Registers a copy empties into global or shared memory, and were never
    filled by one, hold the written result: `store`. The view takes the same level, mode for mode. A copy into or
    out of a view laid over such registers (`make_tensor(frag.iterator + 8, 8)`: the half of `frag` one 128-bit
    load fills, `_register_base`) moves those registers' values: they and the view take that level.
    A chunk laid by hand over an SMEM buffer the kernel made (`make_tensor(sQ.iterator + r * 144 + g * 8, 8)`,
    `_buffer_chunk`) is such a view too: registers filled only from such chunks and emptied into global memory
    carry a staged result out (SMEM -> registers -> global: the write-out's second leg), `store` with every view
    they move; registers emptied into such a chunk and never filled stage a result: `store`. `moved`:
    `_moved_whole`."""
    filled, emptied = {}, {}  # register record -> the views copies filled it from / emptied it into
    for record in records:
        operands = record.operands or {}
        src, dst = operands.get("src"), operands.get("dst")
        if record.op != "copy" or src is None or dst is None:
            continue
        for registers, view, into in ((dst, src, filled), (src, dst, emptied)):
            base = registers if _unplaced_bare(records[registers]) else _register_base(records, views, registers)
            if base is not None and view in moved \
                    and (_view_by_hand(records[view], record.kernel) or _buffer_chunk(records, views, view)):
                into.setdefault(base, []).extend([view] + ([registers] if registers != base else []))
                break
    for registers in set(filled) | set(emptied):
        sources, targets = filled.get(registers, []), emptied.get(registers, [])
        staged_out = bool(sources) and all(_buffer_chunk(records, views, i) or records[i].op == "make_tensor"
                                           and records[i].memspaces[:1] == ("rmem",) for i in sources) \
            and any(records[i].memspaces[:1] == ("gmem",) for i in targets)
        if sources and not staged_out:
            moved_here = [i for i in sources if not _buffer_chunk(records, views, i)]
            if len(moved_here) < len(sources):  # a load from a staged chunk that stays in the CTA: no rule here
                continue
            level = "copy"
        else:
            moved_here, level = sources + targets, "store"
        for index in [registers] + moved_here:
            _as_copy_values(records[index], "copied_by_hand", level)


def _buffer_chunk(records: list, views: dict, index: int) -> bool:
    """A chunk laid by hand over an SMEM buffer the kernel made (`make_tensor(sQ.iterator + offset, 8)`): a view of
    that buffer still carrying its Block labels, moved whole by a copy (one thread's vector of the buffer)."""
    record = records[index]
    source = views.get(index)
    return record.op == "make_tensor" and record.memspaces[:1] == ("smem",) and source is not None \
        and records[source].memspaces[:1] == ("smem",) and bool(record.levels) \
        and all(label.level == "block" and label.origin == source for label in _levels.flatten(record.levels[0]))


def _register_base(records: list, views: dict, index: int):
    """The registers made from a bare shape that the register view `index` lays over, through views of views
    (`make_tensor(frag.iterator + 8, 8)`, `make_tensor(recast_ptr(frag.iterator, Uint32), 8)`), where the view
    is no call's but its own layout's (every mode still at the input level); else None."""
    record, seen = records[index], set()
    while record.op == "make_tensor" and record.memspaces[:1] == ("rmem",) and record.index in views \
            and record.index not in seen and record.levels \
            and all(label.level == "input" for label in _levels.flatten(record.levels[0])):
        seen.add(record.index)
        record = records[views[record.index]]
    return record.index if seen and _unplaced_bare(record) else None


def _unplaced_bare(record) -> bool:
    """Registers made from a bare shape that no rule of theirs placed (`_bare_registers`, or carrying only the Block
    labels of a tile they were matched to by shape: `_registers_no_rule_placed`)."""
    return _bare_registers(record) or _registers_no_rule_placed(record)


def _as_copy_values(record, rule: str, level: str, atom: int = 0) -> None:
    """Relabel a record's first output as what one thread's copy moves: its mode `atom` (the first) the atom, the
    others rests."""
    tree = record.levels[0]
    tree = tuple(_relabelled(mode, record.index, rule, level=level, role="atom" if at == atom else "rest")
                 for at, mode in enumerate(tree)) if isinstance(tree, tuple) \
        else _relabelled(tree, record.index, rule, level=level, role="atom")
    record.levels = (tree,) + record.levels[1:]


def _stored_into_tmem(records: list, tokens_in_a: set = frozenset(), over_tokens: set = frozenset()) -> None:
    """Registers a `tcgen05.st` by hand writes into TMEM (`meta["tmem_stored"]`) that no rule labelled (not a
    copy's values, which go to TMEM as an operand loaded) hold values the kernel computed and stores out of its
    registers: `store`, the first mode the atom, the others rests; so do the registers they were computed from
    that no rule labelled either (`Ab = A * beta_col`, `vals_.store(Ab)`), up the values they were filled with.
    Written where an MMA whose A holds a chunk's (tokens x tokens) values reads it (`tokens_in_a`, MMA objects:
    U = A V), or computed from a product over the tokens (`over_tokens`: a block of the triangular inverse), they
    are such values, rows and columns alike the key tokens: `K` (`_along_tokens`)."""
    stored = [r for r in records if r.meta.get("tmem_stored")]
    for record in stored:
        if set(record.meta.get("tmem_read_by", ())) & tokens_in_a \
                or set(record.meta.get("tmem_values_of", ())) & over_tokens:
            _along_tokens(records, record)
    pending = [r.index for r in stored if _unlabelled_registers(r) or _shaped_like_memory(records, r)]
    while pending:
        record = records[pending.pop()]
        if not (_unlabelled_registers(record) or _shaped_like_memory(records, record)):
            continue
        held = _single_wide_leaf(records[record.inputs[0]]) if record.op in _SAME_MODES and record.inputs else None
        if held is not None and held.level not in ("input", "?"):  # a view of registers labelled: their values
            record.levels = (_as_level(record.levels[0], held, record.index),) + record.levels[1:]
            continue
        _as_copy_values(record, "stored_into_tmem", "store")
        if record.meta.get("tokens"):
            record.levels = (_with_axis(record.levels[0], "K"),) + record.levels[1:]
        pending.extend(i for i in (*record.meta.get("values_from", ()), *record.inputs)
                       if _unlabelled_registers(records[i]))


def _products_written(records: list, over_tokens: set) -> None:
    """Registers no rule labelled whose values a hand-issued product made (its accumulator read by hand and
    masked, a warp MMA's result converted: `meta["smem_values_of"]`), copied into SMEM by a copy (stmatrix into
    the scratch tile the next warp MMAs load): an MMA result written out of registers, `store`; along the key
    tokens where every such product is over a chunk's tokens (`over_tokens`). The SMEM view the copy writes
    (a slice or tile of the buffer, not the buffer) is its destination side: `store` too."""
    for record in records:
        products = set(record.meta.get("smem_values_of", ()))
        if products and (_unlabelled_registers(record) or _shaped_like_memory(records, record)):
            _as_copy_values(record, "product_written", "store")
            if products <= over_tokens:
                record.levels = (_with_axis(record.levels[0], "K"),) + record.levels[1:]
        elif record.meta.get("written_from_registers") and record.op != "make_tensor" \
                and all(label.level in ("block", "epi") for label in _levels.flatten(record.levels[0])):
            # the SMEM view such a copy writes (`local_tile(sH[row, None], (32,), (i,))`): its destination side
            record.levels = (_relabelled(record.levels[0], record.index, "product_written", level="store"),) \
                + record.levels[1:]


def _side_inputs_written(records: list, over_tokens: set) -> None:
    """Registers no rule labelled whose values were combined with the values of products over a chunk's tokens on
    their way out (`meta["side_of"]`: the row and column indices of the strict-lower mask, a per-token beta or gate
    cumsum gathered at the fragment's rows or columns): the written values' side inputs, laid out against one
    load's registers (every mode inside its atom), `store` along the tokens, as the registers they scale (the
    tokens x tokens values have one axis, rows and columns alike)."""
    for record in records:
        products = set(record.meta.get("side_of", ()))
        if products and products <= over_tokens and _unlabelled_registers(record):
            record.levels = (_with_axis(_relabelled(record.levels[0], record.index, "side_input", level="store",
                                                    role="atom"), "K"),) + record.levels[1:]


def _token_product_objects(axes: Axes) -> set:
    """The MMA objects over a chunk's tokens (`Axes.grams`, `Axes.over_tokens`), instances folded."""
    return {m[0] if isinstance(m, tuple) else m for m in axes.grams | axes.over_tokens}


def _token_operand_objects(axes: Axes) -> set:
    """The MMA objects whose A holds (tokens x tokens) values (`Axes.tokens_in_a`), instances folded."""
    return {m[0] if isinstance(m, tuple) else m for m in axes.tokens_in_a}


def _along_tokens(records: list, record) -> None:
    """Mark registers stored as (tokens x tokens) values, and the registers their values came from, for
    `_stored_into_tmem` to give them the tokens' axis once it labels them; registers already labelled `store`
    (a fill written there) take it now."""
    pending, seen = [record.index], set()
    while pending:
        at = pending.pop()
        if at in seen or records[at].memspaces[:1] != ("rmem",):
            continue
        seen.add(at)
        records[at].meta["tokens"] = True
        if records[at].levels and all(label.level == "store" for label in _levels.flatten(records[at].levels[0])):
            records[at].levels = (_with_axis(records[at].levels[0], "K"),) + records[at].levels[1:]
        pending.extend((*records[at].meta.get("values_from", ()), *records[at].inputs))


def _read_out_of_tmem(records: list) -> None:
    """A register vector that a hand-written 32x32b `tcgen05.ld` of an accumulator fills (`meta["read_from_tmem"]`)
    holds the MMA's result read out of TMEM: `store`, as a t2r partition's registers are, whatever it computes next
    (sums of several accumulators, a per-column write-out); so does a `local_tile` of it (a piece the next read
    adds into), keeping its axes."""
    read = {r.index for r in records if r.meta.get("read_from_tmem") and r.memspaces[:1] == ("rmem",)}
    for record in records:
        tiled = record.op == "local_tile" and bool(record.inputs) and record.inputs[0] in read
        if (record.index in read or tiled) and record.levels:
            _as_copy_values(record, "read_out_of_tmem", "store")


def _staged_by_element(records: list, views: dict) -> None:
    """In a kernel with no MMA, registers whose element the kernel writes into an SMEM buffer (`sQ[r, 128 + g] =
    sf_byte[0]`, `meta["staged_in"]`) whose chunks are carried out to global memory (a chunk laid over it that
    `_copied_by_hand` found staged out: Store) hold written-out values, as if written into global memory
    (`meta["written_out"]`, for `_written_out_by_hand`)."""
    staged_out = {views[r.index] for r in records if r.index in views and r.levels and r.memspaces[:1] == ("smem",)
                  and all(label.level == "store" and label.rule == "copied_by_hand"
                          for label in _levels.flatten(r.levels[0]))}
    for record in records:
        if set(record.meta.get("staged_in", ())) & staged_out:
            record.meta["written_out"] = True


def _written_out_by_hand(records: list, views: dict) -> None:
    """Registers whose elements inline PTX writes into global memory (`meta["written_out"]`: `red.global.add` of
    packed dQ pairs, an accumulator reduced across CTAs) hold the kernel's written-out values: `store`. Registers
    no rule labelled take the first mode as the atom, the others as rests; a copy's values keep their modes. A view
    laid over such registers that no rule labelled (`make_tensor(recast_ptr(sf.iterator, Uint8), 1)`, the byte the
    scale was written through) is those registers: `store` too."""
    for record in records:
        if not record.meta.get("written_out") or record.memspaces[:1] != ("rmem",) or not record.levels:
            continue
        if _unlabelled_registers(record):
            _as_copy_values(record, "written_out_by_hand", "store")
        elif all(label.level == "copy" for label in _levels.flatten(record.levels[0])):
            record.levels = (_relabelled(record.levels[0], record.index, "written_out_by_hand", level="store"),) \
                + record.levels[1:]
    for index, source in views.items():
        record, held = records[index], records[source]
        if held.meta.get("written_out") and held.memspaces[:1] == ("rmem",) and _unlabelled_registers(record) \
                and held.levels and all(label.level == "store" for label in _levels.flatten(held.levels[0])):
            _as_copy_values(record, "written_out_by_hand", "store")


def _moved_into_written_out(records: list) -> None:
    """Registers a copy writes out (`store`) whose every element was moved unchanged from one other register array
    (`src[i] = packed[i]`, then `copy(src, dst_words)`) hold that array's values: an array of their shape, it holds
    the written-out values too, their labels, where a rule had it at the loaded values it was computed from (`copy`)
    or nowhere. Up a chain of such moves. So does an array no rule placed that is stored whole, converted or not,
    into such registers (`rO.store(rAcc.load().to(bf16))`, `tracer._stored_copy`): the result the write-out
    converts, accumulated by hand; loaded values computed into them stay the copy's."""
    for record in reversed(records):
        stored = record.meta.get("stored_copies") or ()
        moved = record.meta.get("moved_from") or [i for i in stored if _unlabelled_registers(records[i])]
        labels = list(_levels.flatten(record.levels[0])) if record.levels else []
        if len(moved) != 1 or record.meta.get("computed") or record.memspaces[:1] != ("rmem",) or not labels \
                or any(label.level != "store" for label in labels):
            continue
        source = records[moved[0]]
        # an array the thread's loaded values were gathered into (`flattened_values`: a top-k's selected values)
        # holds those values, whatever is later moved out of it (`out[i] = vals[i].to(f32)`, the same type)
        if source.op != "make_rmem_tensor" or source.memspaces[:1] != ("rmem",) or not source.levels \
                or format_shape(source.shapes[0]) != format_shape(record.shapes[0]) \
                or any(label.level not in ("copy", "input") or label.rule == "flattened_values"
                       for label in _levels.flatten(source.levels[0])):
            continue
        source.levels = (_relabelled(record.levels[0], source.index, "moved_into_written_out"),) + source.levels[1:]


def _views_written_out_by_hand(records: list) -> None:
    """A global view the kernel lays by hand over a pointer (`make_tensor(make_ptr(out + row * stride + col),
    regs.layout)`, an output row's chunk the thread computed the address of) that a copy fills from registers holding
    the kernel's written-out values (their atom `store`), of its shape, is that write-out's other side: their labels,
    as the two sides of a copy share a level, though no traced call linked the pointer to the output tensor."""
    for record in records:
        operands = record.operands or {}
        if record.op != "copy" or operands.get("src") is None or operands.get("dst") is None:
            continue
        src, dst = records[operands["src"]], records[operands["dst"]]
        if dst.op != "make_tensor" or dst.memspaces[:1] != ("gmem",) or not dst.levels or not src.levels \
                or src.memspaces[:1] != ("rmem",) or format_shape(src.shapes[0]) != format_shape(dst.shapes[0]) \
                or any(label.level not in ("input", "?") for label in _levels.flatten(dst.levels[0])):
            continue
        held = list(_levels.flatten(src.levels[0]))  # the write-out's values: its atom a store's, nothing unplaced
        if not held or held[0].level != "store" or any(label.level in ("input", "?") for label in held):
            continue
        dst.levels = (_relabelled(src.levels[0], dst.index, "written_out_view"),) + dst.levels[1:]


def _unlabelled_registers(record) -> bool:
    """A register tensor every mode of which is still at the input level (none a metadata buffer's)."""
    return record.memspaces[:1] == ("rmem",) and bool(record.levels) \
        and all(label.level == "input" and label.rule != "metadata" for label in _levels.flatten(record.levels[0]))


def _filled_by_copy(records: list) -> None:
    """In a kernel with an MMA, registers made from a bare shape (`make_rmem_tensor(8, BF16)`) that a copy fills
    from a tensor in shared or global memory (`cute.copy(ldsm, sV[row, None, stage], regs)`, `cute.copy(cp,
    sW[None, k], regs)`) hold that copy's values, whatever the kernel does with them next (convert them, write
    them into TMEM for an MMA): `copy`, as `_copied_by_hand` labels them in a kernel with no MMA."""
    for record in records:
        operands = record.operands or {}
        src, dst = operands.get("src"), operands.get("dst")
        if record.op == "copy" and src is not None and dst is not None \
                and (_bare_registers(records[dst]) or _shaped_like_memory(records, records[dst])) \
                and records[src].memspaces[:1] in (("smem",), ("gmem",)) and not _metadata_buffer(records[src]):
            _as_copy_values(records[dst], "filled_by_copy", "copy")
            _axis_of_copied_slice(records[dst], records[src])
        elif record.op == "copy" and src is not None and dst is not None \
                and (_bare_registers(records[dst]) or _shaped_like_memory(records, records[dst])) \
                and _tmem_load_partition(records[src]):
            _as_copy_values(records[dst], "filled_by_copy", "store")
            _atom_of_read_out(records[dst], records[src])


def _registers_in_a_copy_partitions_shape(records: list) -> None:
    """In a kernel with an MMA, registers that no rule placed (made from a layout built from a partition's shape,
    `make_rmem_tensor_like(make_layout(cute.shape(thr_r2s.partition_S(sC))[:3]))`) that a tiled copy moves, on the
    side where that copy's own partition has their shape in its leading modes: the registers are that side's values,
    that partition's labels (an r2s copy's stmatrix values: Store). Registers whose values were stored into them
    (`tRS_rD_out.store(tRS_rD.load().to(bf16))`), of the same shape and placed by no rule either, hold the same."""
    partitions: dict = {}  # (copy object, op) -> [(shape text, levels)]
    for record in records:
        obj = (record.made_by or {}).get("object")
        if record.op in ("partition_S", "partition_D") and obj is not None and record.levels \
                and isinstance(record.shapes[0], tuple):
            partitions.setdefault((obj, record.op), []).append((record.shapes[0], record.levels[0]))
    for record in records:
        operands, obj = record.operands or {}, (record.made_by or {}).get("object")
        if record.op != "copy" or obj is None:
            continue
        for side, op in (("src", "partition_S"), ("dst", "partition_D")):
            index = operands.get(side)
            registers = records[index] if index is not None else None
            if registers is None or not _unplaced_in_registers(records, registers) \
                    or not isinstance(registers.shapes[0], tuple):
                continue
            rank = len(registers.shapes[0])
            found = [levels[:rank] for shape, levels in partitions.get((obj, op), ())
                     if isinstance(levels, tuple) and len(shape) >= rank
                     and format_shape(tuple(shape[:rank])) == format_shape(registers.shapes[0])]
            if not found or any(f != found[0] for f in found[1:]):
                continue
            registers.levels = (found[0],) + registers.levels[1:]
            for source in registers.meta.get("stored_copies", ()):
                if _unplaced_in_registers(records, records[source]) \
                        and format_shape(records[source].shapes[0]) == format_shape(registers.shapes[0]):
                    records[source].levels = (found[0],) + records[source].levels[1:]


def _unplaced_in_registers(records: list, record) -> bool:
    """Registers made from a shape or layout alone whose modes no rule placed (every label the input level)."""
    return record.memspaces[:1] == ("rmem",) and record.op in ("make_rmem_tensor", "make_rmem_tensor_like") \
        and not record.inputs and bool(record.levels) and bool(record.shapes) \
        and all(label.level == "input" for label in _levels.flatten(record.levels[0]))


def _tmem_load_partition(record) -> bool:
    """A tcgen05.ld partition of an accumulator (Store: reading an accumulator out of TMEM)."""
    return record.memspaces[:1] == ("tmem",) and bool(record.levels) and isinstance(record.levels[0], tuple) \
        and isinstance(record.levels[0][0], _levels.ModeLabel) and record.levels[0][0].level == "store"


def _atom_of_read_out(registers, source) -> None:
    """Registers of a bare shape that a tcgen05.ld fills (`make_rmem_tensor(((16, 1), 1, 1))` for a t2r partition's
    slice): their atom's leaves are the values one thread reads, each along the axis of the partition's atom leaf
    of its extent where one leaf alone has it (16 columns: N); a leaf of extent 1, or one that matches none or
    several, has no axis."""
    shape, tree = registers.shapes[0], registers.levels[0]
    atom_shape = source.shapes[0][0] if isinstance(source.shapes[0], tuple) else None
    atom = source.levels[0][0]
    if not isinstance(shape, tuple) or not isinstance(tree, tuple) or not isinstance(tree[0], _levels.ModeLabel) \
            or atom_shape is None or not atom.leaf_axes or len(atom.leaf_axes) != len(_leaves(atom_shape)):
        return
    by_extent: dict = {}
    for extent, axis in zip(_leaves(atom_shape), atom.leaf_axes):
        by_extent.setdefault(extent, []).append(axis if isinstance(axis, str) else None)
    axes = tuple(by_extent[e][0] if e != 1 and len(by_extent.get(e, ())) == 1 else None for e in _leaves(shape[0]))
    registers.levels = ((replace(tree[0], axis=None, axis_rule=None, leaf_axes=axes),) + tree[1:],) \
        + registers.levels[1:]


def _metadata_buffer(record) -> bool:
    """Whether every mode of a buffer is a metadata buffer's (a mailbox of work-tile fields): registers a copy fills
    from it hold those fields, read one by one, no tile of the kernel's data."""
    labels = list(_levels.flatten(record.levels[0])) if record.levels else []
    return bool(labels) and all(label.rule.startswith("metadata") for label in labels)


def _axis_of_copied_slice(registers, source) -> None:
    """Registers of one mode that a copy fills from one slice of a thread's view (`copy(sW_view[None, (r, k)],
    w)`, the view a `zipped_divide` by the copy's footprint: its first mode what one copy moves) hold those values:
    where the registers' leaves are that first mode's wider than 1 and those all run along one axis, so do the
    registers (4 consecutive weights along K)."""
    shape, tree = source.shapes[0], source.levels[0] if source.levels else None
    if not isinstance(shape, tuple) or not isinstance(tree, tuple) or len(shape) != len(tree):
        return
    mine = [e for e in _leaves(registers.shapes[0]) if e != 1]
    sliced = [(e, label) for e, label in zip(_leaves(shape[0]), _levels.leaves(shape[0], tree[0])) if e != 1]
    axes = {label.axis for _, label in sliced}
    if mine != [e for e, _ in sliced] or len(axes) != 1 or None in axes:
        return
    (axis,) = axes
    rule = next(label.axis_rule for _, label in sliced)
    registers.levels = (_with_axis(registers.levels[0], axis, rule),) + registers.levels[1:]


def _with_axis(tree, axis: str, rule: str | None = "attention"):
    """Every leaf of `tree` along `axis`, by `rule`."""
    if isinstance(tree, tuple):
        return tuple(_with_axis(t, axis, rule) for t in tree)
    return replace(tree, axis=axis, axis_rule=rule)


def _shaped_like_memory(records: list, record, levels: tuple = ("block",)) -> bool:
    """Registers that took, by their shape, the labels of a tile of shared or global memory (`make_rmem_tensor(32)`
    after `local_tile(sH[row, None], (32,), (i,))`, and views of them): their axes, but no tile of memory is in
    registers, so the rules of what fills them (a copy, a value stored out) still decide their level. `levels`: the
    tile's levels that count (a thread's copy partition of a tile too: `_matched_to_memory`)."""
    if record.memspaces[:1] != ("rmem",) or not record.levels:
        return False
    labels = list(_levels.flatten(record.levels[0]))
    return bool(labels) and all(label.level in levels and label.origin is not None and label.origin != record.index
                                and records[label.origin].memspaces[:1] in (("smem",), ("gmem",))
                                for label in labels)


def _matched_to_memory(records: list, record) -> bool:
    """Registers made from a bare shape (`make_rmem_tensor((16,), f32)`) that took, by that shape alone, the labels of
    a tile of memory or of a thread's copy partition of one (the latest tensor of the shape: a hand-partitioned
    output chunk `zipped_divide(out[row, None], (16,))[(None,), (tile,)]` made before them, Store once written
    out): which axis they run along, not what they hold. The copy that fills them, or the values they are computed
    from, still decide their level."""
    return record.op == "make_rmem_tensor" and not record.inputs \
        and _shaped_like_memory(records, record, ("block", "copy", "store"))


def _unplaced_registers(records: list, record) -> bool:
    return _registers_no_rule_placed(record) or _matched_to_memory(records, record)


def _chunk_moved(records: list, registers, sides: list):
    """The one thread's copy chunk (copy level, in memory) of the registers' leaves among the other sides of the
    copies that move them (`autovec_copy(local_tile(mCS, (1, 4), (pos, c)), regs)`): the registers hold it."""
    chunks = {i for i in sides if records[i].levels and records[i].memspaces[:1] in (("gmem",), ("smem",))
              and list(_leaves(records[i].shapes[0])) == list(_leaves(registers.shapes[0]))
              and all(label.level == "copy" for label in _levels.flatten(records[i].levels[0]))}
    return records[chunks.pop()] if len(chunks) == 1 else None


def _moved_by_copy(records: list) -> None:
    """In a kernel with no MMA, registers made from a bare shape whose modes no rule of theirs placed and that a copy
    fills from memory (a slice of an SMEM ring, `cute.copy(cp8, s_data[(None, lane), stage], regs)`; a view over a
    pointer made from an address, `make_tensor(make_ptr(f32, base + off), (4,))`, generic: global or shared) hold
    the copy's values: `copy`, as `_filled_by_copy` says in an MMA kernel; the pointer's view, moved whole, is the
    copy's other side. Registers no copy fills that a copy empties into global memory hold the written result:
    `store`. A copy that moves a slice of the registers (`copy(ld, g[(t, c, None)], regs[(i, None)])`) moves one
    thread's vector along the mode the slice keeps: that mode is the atom, the others rests (`_atom_mode`)."""
    filled, emptied = {}, {}  # register record -> the shapes the copies filling (emptying) it moved
    sides: dict = {}  # register record -> the other sides of those copies
    for record in records:
        operands = record.operands or {}
        src, dst = operands.get("src"), operands.get("dst")
        if record.op != "copy" or src is None or dst is None or len(record.in_shapes) != 2:
            continue
        src, dst = _merged_registers(records, src), _merged_registers(records, dst)
        if _unplaced_registers(records, records[dst]) and _in_memory(records[src]):
            filled.setdefault(dst, []).append(record.in_shapes[1])
            sides.setdefault(dst, []).append(src)
            if _address_view(records[src]):
                _as_copy_values(records[src], "moved_by_copy", "copy")
        elif _unplaced_registers(records, records[src]) and (records[dst].memspaces[:1] == ("gmem",)
                                                              or _address_view(records[dst])):
            emptied.setdefault(src, []).append(record.in_shapes[0])
            sides.setdefault(src, []).append(dst)
    for index, level, moved in [(i, "copy", m) for i, m in filled.items()] \
            + [(i, "store", m) for i, m in emptied.items() if i not in filled]:
        registers = records[index]
        chunk = _chunk_moved(records, registers, sides[index]) if _matched_to_memory(records, registers) else None
        if chunk is not None and level == "copy":  # registers matched by shape hold the chunk a copy fills them from
            registers.levels = (chunk.levels[0],) + registers.levels[1:]
        elif _unplaced_registers(records, registers):
            _as_copy_values(registers, "moved_by_copy", level, _atom_mode(registers.shapes[0], moved))


def _merged_registers(records: list, index: int) -> int:
    """The registers a copy's side is a merged view of (`copy(atom, coalesce(tile), coalesce(regs))`: the view's
    leaves are the registers' own, merged where strides allow), else the side itself."""
    record = records[index]
    while record.op in ("coalesce", "flatten") and len(record.inputs) == 1 and record.memspaces[:1] == ("rmem",) \
            and records[record.inputs[0]].memspaces[:1] == ("rmem",):
        record = records[record.inputs[0]]
    return record.index


def _atom_mode(shape, moved: list) -> int:
    """The mode of registers of `shape` that every copy moving a slice of them keeps: the one mode whose extent is
    the slice's (one mode) where no other mode has it; else the first."""
    if not isinstance(shape, tuple) or len(shape) < 2:
        return 0
    kept = set()
    for piece in moved:
        extent = piece[0] if isinstance(piece, tuple) and len(piece) == 1 else piece
        at = [i for i, mode in enumerate(shape) if mode == extent]
        kept.add(at[0] if isinstance(extent, int) and len(at) == 1 and format_shape(piece) != format_shape(shape)
                 else 0)
    return kept.pop() if len(kept) == 1 else 0


def _in_memory(record) -> bool:
    """Global or shared memory, or a view over a generic pointer made from an address (no register)."""
    return record.memspaces[:1] in (("smem",), ("gmem",)) or _address_view(record)


def _address_view(record) -> bool:
    """A view made over a pointer whose address space the trace does not know (`make_ptr(f32, address)`: generic),
    that no call labelled."""
    return record.op == "make_tensor" and record.memspaces[:1] in ((), (None,)) and bool(record.levels) \
        and all(label.level == "input" and label.rule != "metadata" for label in _levels.flatten(record.levels[0]))


def _filled_by_hand(records: list) -> None:
    """In a kernel with no MMA, registers made from a bare shape whose modes no rule of theirs placed, filled element
    by element with values read straight out of SMEM or global tensors (`counts[j] = hist[8 * lane + j]`; or only
    out of kernel parameters no call traced, `rQ[i] = Q[q, head, d + i].to(f32)`), hold what the thread's loads
    moved: `copy`, the first mode the atom (arrays computed from them take it on, `_computed_arrays`)."""
    for record in records:
        sources = record.meta.get("values_from")
        from_memory = all(_in_memory(records[i]) for i in sources) if sources else record.meta.get("untraced_fills")
        if from_memory and _registers_no_rule_placed(record):
            _as_copy_values(record, "filled_by_hand", "copy")


def _routing_rows(records: list) -> None:
    """In a kernel with no MMA, registers a copy or the thread's reads fill only from per-row tables (kernel inputs
    of several modes that all run along the rows: a router's `(tokens, top_k)` scores or expanded-row map) hold the
    rows' metadata, not values of a tile: `input`, along the rows, as the table itself (the weights a MoE combine
    scales each routed row by, `autovec_copy(topk_score[token, None], score_reg)`)."""
    filled: dict = {}  # registers -> the records their values come from
    for record in records:
        operands = record.operands or {}
        if record.op == "copy" and operands.get("src") is not None and operands.get("dst") is not None:
            filled.setdefault(operands["dst"], []).append(operands["src"])
        elif record.meta.get("values_from") or record.meta.get("untraced_from"):
            # parameters read element by element: the host tensors launched in their place
            filled.setdefault(record.index, []).extend(
                list(record.meta.get("values_from", ())) + list(record.meta.get("untraced_from", ())))
    for index, sources in filled.items():
        record = records[index]
        if record.op != "make_rmem_tensor" or record.memspaces[:1] != ("rmem",) or not record.levels \
                or not all(i is not None and _per_row_table(records[i]) for i in sources):
            continue
        record.levels = (_relabelled(record.levels[0], index, "routing_rows", level="input", role="mode", axis="M"),) \
            + record.levels[1:]


def _per_row_table(record) -> bool:
    """A kernel input of two or more modes, every one along the rows M and at the input level."""
    labels = list(_levels.flatten(record.levels[0])) if record.levels else []
    return len(labels) >= 2 and all(label.level == "input" and label.axis == "M" for label in labels)


def _registers_no_rule_placed(record) -> bool:
    """Registers made from a bare shape whose modes no rule of theirs placed: still at the input level, or carrying
    the Block level of a tile they were joined to mode for mode (a copy of equal shapes to or from a divide's
    tile), which says which axis they run along, not what registers hold."""
    return record.op == "make_rmem_tensor" and record.memspaces[:1] == ("rmem",) and not record.inputs \
        and bool(record.levels) and all(label.level == "input" and label.rule != "metadata"
                                        or label.level == "block" and label.origin != record.index
                                        for label in _levels.flatten(record.levels[0]))


def _bare_registers(record) -> bool:
    return record.op == "make_rmem_tensor" and record.memspaces[:1] == ("rmem",) and not record.inputs \
        and bool(record.levels) and all(label.level == "input" for label in _levels.flatten(record.levels[0]))


def _view_by_hand(record, kernel: str) -> bool:
    """A global or shared view made over a pointer in the kernel that copies it (a host tensor is the kernel's
    parameter, no view), not yet labelled by any call, and no metadata buffer (an SMEM work tile staged in
    registers and read field by field is the scheduler's, whatever copy moves it)."""
    return record.op == "make_tensor" and record.kernel == kernel and record.memspaces[:1] in (("gmem",), ("smem",)) \
        and bool(record.levels) and all(label.level == "input" and label.rule != "metadata"
                                        for label in _levels.flatten(record.levels[0]))


def _relabelled(tree, origin: int, rule: str, **changes):
    """Every label of `tree` made by record `origin` under `rule`, with `changes` (a level, a role) applied."""
    if isinstance(tree, tuple):
        return tuple(_relabelled(t, origin, rule, **changes) for t in tree)
    return replace(tree, origin=origin, rule=rule, **changes)


def _register_chunks(records: list) -> None:
    """Registers made from a layout alone (`make_rmem_tensor(make_layout(8))`) that a copy moves to or from one
    thread's copy chunk of as many elements (`autovec_copy(frag, local_tile(sQ[r, None], (8,), (c8,)))`) are that
    chunk's values: the copy's atom, labelled as the chunk; registers written out into a chunk the write-out stores
    (`_chunks_written_out`) hold the result: the store's."""
    for record in records:
        operands = record.operands or {}
        if record.op != "copy" or operands.get("src") is None or operands.get("dst") is None:
            continue
        for mine, other, chunk_levels in ((operands["src"], operands["dst"], ("copy", "store")),
                                          (operands["dst"], operands["src"], ("copy",))):
            registers, chunk = records[mine], records[other]
            labels = list(_levels.flatten(registers.levels[0])) if registers.levels else []
            if registers.op == "make_rmem_tensor" and not registers.inputs and labels \
                    and all(label.level == "input" for label in labels) and chunk.levels \
                    and all(label.level in chunk_levels for label in _levels.flatten(chunk.levels[0])) \
                    and list(_leaves(registers.shapes[0])) == list(_leaves(chunk.shapes[0])):
                registers.levels = (chunk.levels[0],) + registers.levels[1:]
            elif registers.op == "make_rmem_tensor" and not registers.inputs and labels and chunk.meta.get("thread_view") \
                    and all(label.level not in ("copy", "store", "mma") for label in labels):
                _thread_view_registers(registers, chunk)


def _filled_in_pieces(records: list) -> None:
    """Registers made from a layout alone that copies fill a piece at a time, through `local_tile`s of them
    (`copy(src[None, lane], local_tile(regs, (4,), (0,)))`, the two halves of a RoPE vector), from a thread's copy
    chunks: the copy's values, `copy-atom` (each piece one chunk), as registers a chunk fills whole are."""
    for record in records:
        operands = record.operands or {}
        if record.op != "copy" or operands.get("src") is None or operands.get("dst") is None:
            continue
        piece, chunk = records[operands["dst"]], records[operands["src"]]
        registers = records[piece.inputs[0]] if piece.op == "local_tile" and piece.inputs else None
        if registers is None or registers.op != "make_rmem_tensor" or registers.inputs or not registers.levels \
                or not chunk.levels:
            continue
        labels, chunk_labels = list(_levels.flatten(registers.levels[0])), list(_levels.flatten(chunk.levels[0]))
        if len(labels) == 1 and labels[0].level == "input" and chunk_labels \
                and all(label.level == "copy" for label in chunk_labels):
            registers.levels = (_relabelled(registers.levels[0], registers.index, "filled_in_pieces", level="copy",
                                            role="atom"),) + registers.levels[1:]


def _results_written_out(records: list) -> None:
    """Registers made from a layout alone that no copy fills (their values computed: `r.store(x.load().to(fp8))`) and
    that a copy writes out, whole or through a `local_tile` of them, into global memory the write-out stores (a
    store chunk or thread view) hold the kernel's result: `store`, though their labels came from the registers they
    were computed from (a load's `copy`)."""
    def registers_of(index):
        record = records[index]
        if record.op in ("local_tile",) + _DIVIDES and record.inputs and record.memspaces[:1] == ("rmem",):
            record = records[record.inputs[0]]
        # registers made from a shape, or like such an array (`make_rmem_tensor_like(indices, f32)`: its shape only,
        # the values its own); not like a copy's registers (`tXrX.to(bf16)` of a load's values keeps the load's)
        fresh = record.op == "make_rmem_tensor" and not record.inputs \
            or record.op == "make_rmem_tensor_like" and _bare_root(records, record) is not None
        return record if fresh and record.memspaces[:1] == ("rmem",) else None

    copies = [r.operands for r in records if r.op == "copy" and r.operands and r.operands.get("src") is not None
              and r.operands.get("dst") is not None]
    filled = {id(r) for r in (registers_of(o["dst"]) for o in copies) if r is not None}
    for operands in copies:
        registers, out = registers_of(operands["src"]), records[operands["dst"]]
        labels = list(_levels.flatten(out.levels[0])) if out.levels else []
        if registers is None or id(registers) in filled or out.memspaces[:1] != ("gmem",) or not labels \
                or any(label.level != "store" for label in labels) or not registers.levels \
                or all(label.level == "store" for label in _levels.flatten(registers.levels[0])):  # said already
            continue
        if _unlabelled_registers(registers):  # no rule placed them: what the write-out moves, its atom first
            _as_copy_values(registers, "written_out", "store")
        else:
            registers.levels = (_relabelled(registers.levels[0], registers.index, "written_out", level="store"),) \
                + registers.levels[1:]
        _axis_of_written_view(registers, records[operands["src"]])


def _axis_of_written_view(registers, view) -> None:
    """One-mode registers with no axis written out through a view of theirs whose every leaf runs along one axis
    (`tiled_divide(vals, (4,))`, `((4), 2)` along N): their mode runs along it."""
    own = registers.levels[0] if registers.levels else None
    axes = {label.axis for label in _levels.flatten(view.levels[0])} if view is not registers and view.levels else set()
    if isinstance(own, _levels.ModeLabel) and own.axis is None and not own.leaf_axes and len(axes) == 1 \
            and None not in axes:
        registers.levels = (replace(own, axis=axes.pop(), axis_rule="written_tile"),) + registers.levels[1:]


def _register_views(records: list, views: dict) -> None:
    """A register tensor over another's registers in another element type (`make_tensor(recast_ptr(regs.iterator,
    Int32), 16)`: bf16 pairs) that `_register_chunks` found to be a copy's values holds those values: the level and
    role of their one wide leaf, each leaf keeping the axis it already joined."""
    for index, source in views.items():
        record, held = records[index], records[source]
        if record.memspaces != ("rmem",) or held.memspaces != ("rmem",) or not record.levels:
            continue
        made = _single_wide_leaf(held)
        labels = list(_levels.flatten(record.levels[0]))
        if made is None or made.level not in ("copy", "store") \
                or any(label.level in ("copy", "store", "mma") for label in labels):
            continue
        record.levels = (_as_level(record.levels[0], made, index),) + record.levels[1:]


def _as_level(tree, made, origin: int):
    if isinstance(tree, tuple):
        return tuple(_as_level(t, made, origin) for t in tree)
    return replace(tree, level=made.level, role=made.role, origin=origin, rule="like")


def _thread_view_registers(registers, view) -> None:
    """Registers made from a layout alone that a copy fills from, or empties into, one thread's (thread, value)
    view (`autovec_copy(tile_tv[tidx, None], regs)`) hold that thread's values: the view's value mode, leaf for
    leaf. A size-1 leaf the values lack (regs (1, 32) against 32 values of one row) is the one axis of the tile the
    view's thread leaves run along and its values do not (the row of a row's chunk)."""
    modes = view.levels[0] if isinstance(view.levels[0], tuple) else ()
    shape = view.shapes[0] if isinstance(view.shapes[0], tuple) else ()
    if len(modes) != 2 or len(shape) != 2:
        return
    at = view.meta.get("thread_values", 1)  # the mode of the thread's values; the other one its threads
    values = list(_levels.flatten(modes[at]))
    value_leaves = [e for e in _leaves(shape[at]) if e != 1]
    mine_shape = registers.shapes[0]
    # registers of one chunk per repeat (`regs[None, k]` filled from the thread's k-th vector): the first mode the
    # chunk's values, the others the thread's repeats of it along the rest its vectors are chosen from
    repeats = mine_shape[1:] if isinstance(mine_shape, tuple) and len(mine_shape) > 1 and at == 0 \
        and [e for e in _leaves(mine_shape[0]) if e != 1] == value_leaves else ()
    wide = [e for e in _leaves(mine_shape[0] if repeats else mine_shape) if e != 1]
    if wide != value_leaves or len(values) != len(list(_leaves(shape[at]))):
        return
    values = [label for label, e in zip(values, _leaves(shape[at])) if e != 1]
    across = {label.axis for label in _levels.flatten(modes[1 - at])} - {label.axis for label in values} - {None}
    row = across.pop() if len(across) == 1 else None
    mine = iter(values)
    rests = [label for label in _levels.flatten(modes[1 - at])]

    def label_of(extent):
        if extent != 1:
            return next(mine)
        return replace(values[0], origin=registers.index, rule="thread_view", axis=row,
                       axis_rule="thread_view" if row else None, leaf_axes=None)

    def rebuild(shape):
        return tuple(rebuild(s) for s in shape) if isinstance(shape, tuple) else label_of(shape)

    def repeat(shape):
        if isinstance(shape, tuple):
            return tuple(repeat(s) for s in shape)
        return replace(rests[0], origin=registers.index, rule="thread_view", leaf_axes=None)

    if repeats and len(rests) == 1:
        registers.levels = ((rebuild(mine_shape[0]),) + tuple(repeat(s) for s in repeats),) + registers.levels[1:]
    elif not repeats:
        registers.levels = (rebuild(mine_shape),) + registers.levels[1:]


def _computed_arrays(records: list) -> None:
    """A register array of one mode made from a bare shape (`make_rmem_tensor((16,), f32)`) and filled element by
    element from the values of labelled one-mode register arrays (`y[2 * i], y[2 * i + 1] = to_f32x2(xw[i])`,
    `q[i] = y[i] * scale`) holds their values: their label, when they agree. In record order, so a chain of
    such arrays passes it on. So does an SMEM buffer of one mode that no traced call reads (metadata, or a buffer of
    values `_metadata` kept), filled by hand from a labelled tile (`sW[tidx] = gW[tidx]`): it stages that tile."""
    for record in records:
        _computed_array(records, record)


def _computed_array(records: list, record) -> bool:
    """`_computed_arrays` for one array: whether it took a label."""
    sources = record.meta.get("values_from")
    if not sources or record.op not in ("make_rmem_tensor", "make_tensor") or not record.levels:
        return False
    own = _single_leaf(record)
    # a buffer of values `_metadata` left at its Block tile stages a tile in memory, not a thread's registers
    kept = record.meta.get("values_kept")
    if own is None or own.level not in ("input", "?") and not kept and not _matched_to_memory(records, record) \
            or record.op == "make_tensor" and own.rule != "metadata" and not kept:
        return False
    labels = {(label.level, label.role, label.axis, label.leaf_axes): label
              for label in (_single_wide_leaf(records[i]) for i in sources
                            if ((records[i].memspaces != ("rmem",)) if kept
                                else (records[i].memspaces == ("rmem",) or record.op == "make_tensor")))
              if label is not None and label.level not in ("input", "?")}
    if len(labels) != 1:
        return False
    (label,) = labels.values()
    axis = label.axis or (label.leaf_axes[0] if label.leaf_axes else None)
    record.levels = (replace(label, origin=record.index, rule="values_from", axis=axis, leaf_axes=None,
                             axis_rule="values_from" if axis else None),) + record.levels[1:]
    return True


def _arrays_made_before_their_sources(records: list) -> None:
    """An array made before the arrays its values are computed from (`values = make_rmem_tensor(16)` in a helper
    that then loads x and the gate's other operand into arrays of their own, and fills `values[i] = silu(x[i]) *
    b[i]`) met `_computed_arrays` before they had labels, and so did the arrays computed from it: again, for
    the arrays still unlabelled, until none takes a label."""
    pending = [r for r in records if r.meta.get("values_from") and _unlabelled_registers(r)]
    while pending:
        placed = [r for r in pending if _computed_array(records, r)]
        if not placed:
            return
        pending = [r for r in pending if r not in placed]


def _recast_register_arrays(records: list) -> None:
    """A `recast_tensor` of a register array (`recast_tensor(packed_bytes, E2M1)`: 8 bytes as 16 codes; 16 codes as one
    Int64 word) is the same registers in other words: where its modes are still at the input level (carried from
    before any rule placed its source), its source's one wide leaf's level and role, each leaf keeping its axis."""
    for record in records:
        if record.op != "recast_tensor" or not record.inputs or not _unlabelled_registers(record):
            continue
        held = _single_wide_leaf(records[record.inputs[0]])
        if held is not None and held.level not in ("input", "?"):
            record.levels = (_as_level(record.levels[0], held, record.index),) + record.levels[1:]


def _recast_registers(records: list) -> None:
    """A `recast_tensor` of a one-mode register array (bf16 pairs as `Int32` words for a `tcgen05.st`) holds the
    same values in other words: where it has its source's level and role but no axis, the source's axis (which
    the source took only when the trace ended, from the copy or the values that filled it)."""
    for record in records:
        if record.op != "recast_tensor" or not record.inputs or record.memspaces[:1] != ("rmem",):
            continue
        own, held = _single_leaf(record), _single_leaf(records[record.inputs[0]])
        if own is not None and held is not None and own.axis is None and held.axis is not None \
                and (own.level, own.role) == (held.level, held.role):
            record.levels = (_with_axis(record.levels[0], held.axis, held.axis_rule),) + record.levels[1:]


def _computed_tiles(records: list) -> None:
    """In a kernel with no MMA, a register array of several modes made from a bare layout, filled element by element
    from the values of register arrays a copy labelled (`scaled[v, p, e] = got[v, p, e] * w[v, p]`, `acc[v, p] +=
    scaled[v, p, e] * r[e]`) holds their values: the labels of their leading modes, mode for mode, where the
    array's shape is theirs or their leading modes' (a sum over their trailing modes) and they agree. In record
    order, so a chain of such arrays passes it on."""
    for record in records:
        sources = record.meta.get("values_from")
        tree, shape = (record.levels[0], record.shapes[0]) if record.levels and record.shapes else (None, None)
        if not sources or record.op != "make_rmem_tensor" or not isinstance(tree, tuple) \
                or any(label.level != "input" for label in _levels.flatten(tree)):
            continue
        found = {tuple((label.level, label.role, label.axis) for label in _levels.flatten(modes)): modes
                 for modes in (_copied_leading_modes(records[i], shape) for i in sources) if modes}
        if len(found) == 1:
            (modes,) = found.values()
            record.levels = (_relabelled(modes, record.index, "values_from"),) + record.levels[1:]


def _copied_leading_modes(source, shape):
    """A copied register array's labels of its leading modes, where those modes' shape is `shape` (a one-mode
    array's shape is a bare extent: its one mode)."""
    shape = shape if isinstance(shape, tuple) else (shape,)
    tree = source.levels[0] if source.levels and source.memspaces[:1] == ("rmem",) else None
    if not isinstance(tree, tuple) or not isinstance(source.shapes[0], tuple) or len(tree) < len(shape) \
            or format_shape(source.shapes[0][:len(shape)]) != format_shape(shape) \
            or not all(label.level in ("copy", "store") for label in _levels.flatten(tree)):
        return None
    return tree[:len(shape)]


def _indexed_statistics(records: list) -> None:
    """A register array of one mode made from a bare shape (`make_rmem_tensor_like(make_layout(rows))`) whose
    elements a run-time index selects together with a labelled mode of other register tensors (`row_max[m]` beside
    `acc_mn[m, None]`: one statistic per row of the accumulator) holds one value per index of that mode: its level
    and role, when those tensors agree. Its axis is already that mode's (`_same_indices`)."""
    by_key: dict = {}
    for record in records:
        for key, level, role in record.meta.get("index_labels", ()):
            by_key.setdefault(key, []).append((record.index, level, role))
    given: dict = {}  # array -> (level, role) it took; it passes them on to arrays indexed beside it elsewhere
    pending = list(by_key.values())
    while pending:
        waiting = []
        for uses in pending:
            uses = [(i, *given.get(i, (level, role))) for i, level, role in uses]
            targets = {i for i, level, _ in uses if level == "input" and _bare_array(records[i], records)}
            kinds = {(level, role) for i, level, role in uses if i not in targets and level not in ("input", "?")}
            if len(kinds) > 1 or not targets:
                continue
            if not kinds:
                waiting.append(uses)
                continue
            for i in targets:
                given[i] = next(iter(kinds))
        if len(waiting) == len(pending):
            break
        pending = waiting
    for i, (level, role) in given.items():
        label = _single_leaf(records[i])
        records[i].levels = (replace(label, level=level, role=role, rule="same_index"),) + records[i].levels[1:]


def _fragments_of_statistics(records: list) -> None:
    """A one-mode register fragment made like a per-row statistic (`row_max_prev = make_fragment_like(row_max)`,
    read and written by compile-time indices only) took the statistic's input label when it was made, before the
    statistic took its rows' level (`_indexed_statistics` and the rules before it): it holds the same rows, so it
    takes that level and role, keeping its own axis; so does the array a labelled fragment was made like (`row_max`
    read only where no index was followed, its `row_scale` fragment indexed beside the rows)."""
    pairs = [(record, records[record.inputs[0]]) for record in records
             if record.op in ("make_fragment_like", "make_rmem_tensor_like") and len(record.inputs) == 1
             and isinstance(record.inputs[0], int) and 0 <= record.inputs[0] < record.index]
    changed = True
    while changed:
        changed = False
        for fragment, source in pairs:
            changed |= _level_passed(source, fragment) | _level_passed(fragment, source)


def _level_passed(source, target) -> bool:
    """Give a one-leaf register array still at the input level the level and role of a one-leaf register array of
    its shape that has one; whether it did."""
    label, given = _single_leaf(target), _single_leaf(source)
    if label is None or given is None or label.level != "input" or given.level in ("input", "?") \
            or target.memspaces != ("rmem",) or source.memspaces != ("rmem",) \
            or source.shapes[:1] != target.shapes[:1]:
        return False
    target.levels = (replace(label, level=given.level, role=given.role, rule="same_index.like"),) + target.levels[1:]
    return True


def _bare_array(record, records: list = ()) -> bool:
    """A register array of one mode made from a layout or shape (or like such an array), still at the input level;
    also a `make_fragment_like` of such an array (`row_scale = make_fragment_like(row_max)`)."""
    label = _single_leaf(record)
    made_bare = record.op in ("make_rmem_tensor", "make_rmem_tensor_like") \
        or (record.op == "make_fragment_like" and _fragment_of_bare_array(record, records))
    return made_bare and record.memspaces == ("rmem",) and label is not None and label.level == "input"


def _fragment_of_bare_array(record, records: list) -> bool:
    """Whether a fragment was made like a bare register array (`_bare_array`) recorded before it, or like such a
    fragment (a loop-carried statistic's fragment made again each pass)."""
    source = record.inputs[0] if len(record.inputs) == 1 else None
    return isinstance(source, int) and 0 <= source < min(record.index, len(records)) \
        and records[source].op in ("make_rmem_tensor", "make_rmem_tensor_like", "make_fragment_like") \
        and _bare_array(records[source], records)


def _single_wide_leaf(record):
    """The label of a record's one leaf of extent above 1 (a one-row chunk `(1, 4)` read as `t[0, i]`), where its
    first output has one such leaf, each mode one leaf; else `_single_leaf`'s answer."""
    tree, shape = (record.levels[0] if record.levels else None), (record.shapes[0] if record.shapes else None)
    if isinstance(tree, tuple) and isinstance(shape, tuple) and len(tree) == len(shape) > 1 \
            and all(isinstance(e, int) for e in shape):
        wide = [label for label, extent in zip(tree, shape) if extent > 1]
        if len(wide) == 1 and isinstance(wide[0], _levels.ModeLabel) and len(wide[0].leaf_axes or ()) <= 1:
            return wide[0]
    return _single_leaf(record)


def _single_leaf(record):
    """The one label of a record whose first output is one mode of one leaf, else None."""
    tree = record.levels[0] if record.levels else None
    if isinstance(tree, tuple):
        tree = tree[0] if len(tree) == 1 else None
    return tree if isinstance(tree, _levels.ModeLabel) and len(tree.leaf_axes or ()) <= 1 else None


def _reduction_buffers(records: list) -> None:
    """A cross-warp reduction buffer (`buffer[warp // per_row, warp % per_row] = warp_sum`, seen by the tracer as
    `warp_partials`: axis variable -> "rows" or "partials") is the CTA tile's: the rows its atom, each warp's
    partial sums rests along the reduced axis, and a mode no such write indexes (sliced away first: the sync
    slots) a stage. Written through a view of the same rank (a token group's rows), the view and its buffer."""
    for record in records:
        roles = record.meta.get("warp_partials")
        buffer = record if record.op == "make_tensor" else _buffer_viewed(records, record) if roles else None
        if not roles or buffer is None or not record.levels or not buffer.levels:
            continue
        reused = {var for var, counts in record.meta.get("literal_writes", {}).items() if max(counts.values()) > 1}
        roles = {var: None if var in reused else role for var, role in roles.items()}
        by_mode = _sync_slots([next((roles[label.var] for label in _levels.flatten(mode) if label.var in roles), None)
                               for mode in _modes(record.levels[0])], record.shapes[0] if record.shapes else None)
        for written in {id(r): r for r in (record, buffer)}.values():  # a view the warps write, and its buffer
            written.levels = (tuple(_as_reduction_mode(mode, role) for mode, role
                                    in zip(_modes(written.levels[0]), by_mode)),) + tuple(written.levels[1:])
        _reduction_modes_carried(records, buffer)


def _reduction_modes_carried(records: list, buffer) -> None:
    """The tensors that carry a cross-warp buffer's modes (registers `make_fragment_like(red)` one copy fills with
    every warp's partial, a view `make_tensor(red.iterator + 8, 4)` of four of them) hold the same partial sums: its
    modes' new level and role reach them, as every re-level reaches the records carrying the modes it changes."""
    made = {label.var: label for label in _levels.flatten(buffer.levels[0])
            if label.origin == buffer.index and label.var is not None} if buffer.levels else {}
    if not made:
        return

    def carried(tree):
        if isinstance(tree, tuple):
            return tuple(carried(t) for t in tree)
        new = made.get(tree.var) if tree.origin == buffer.index else None
        if new is None or (tree.level, tree.role) == (new.level, new.role):
            return tree
        return replace(tree, level=new.level, role=new.role, rule=new.rule, axis=new.axis if new.level == "stage"
                       else tree.axis, axis_rule=new.axis_rule if new.level == "stage" else tree.axis_rule)

    for other in records:
        if other is not buffer and other.levels and other.index > buffer.index:
            other.levels = tuple(carried(t) for t in other.levels)


def _sync_slots(roles: list, shape) -> list:
    """The roles of a cross-warp buffer's modes, a mode of extent 1 written at a literal index after the warps' partial
    sums (`buffer[row, warp, 0, field]` of a `(rows, (warps, cluster), slots, fields)` buffer with one slot) made the
    sync slot: a stage (None), as the slots a write slices away are. The buffer's values are not in it: one slot."""
    extents = _modes(shape) if isinstance(shape, tuple) and len(_modes(shape)) == len(roles) else None
    if extents is None or "partials" not in roles:
        return roles
    first = roles.index("partials")
    return [None if i > first and role == "values" and extent == 1 else role
            for i, (role, extent) in enumerate(zip(roles, extents))]


def _summed_partials(records: list) -> None:
    """An SMEM buffer whose elements a reader adds up along one mode (`v = red[0, i, lane] + red[1, i, lane] + ...`,
    seen by the tracer as `summed_modes`), in a kernel with an MMA (one issued by hand included), holds the
    accumulator's partial sums that each warp (or each CTA of a cluster) leaves for one warp to finish: the MMA's
    epilogue buffer (`epi`), the summed mode a split of the contraction, a rest along K; its other modes are the
    accumulator's values, atoms on no axis their position could say (a lane of an MMA fragment mixes rows and
    columns)."""
    for record in records:
        summed = record.meta.get("summed_modes")
        modes = _modes(record.levels[0]) if record.levels else ()
        if not summed or len(summed) != 1 or record.memspaces[:1] != ("smem",) or min(summed) >= len(modes):
            continue
        (at,) = summed
        record.levels = (tuple(_as_partials_mode(mode, i == at) for i, mode in enumerate(modes)),) \
            + tuple(record.levels[1:])


def _as_partials_mode(tree, summed: bool):
    if isinstance(tree, tuple):
        return tuple(_as_partials_mode(t, summed) for t in tree)
    if summed:
        return replace(tree, level="epi", role="rest", axis="K", rule="summed_partials.rest",
                       axis_rule="summed_partials", leaf_axes=None)
    return replace(tree, level="epi", role="atom", axis=None, rule="summed_partials.atom", axis_rule=None,
                   leaf_axes=None)


def _buffer_viewed(records: list, record):
    """The SMEM buffer (`make_tensor`) a view of the same rank cuts mode for mode (`local_tile(domain_offset((m, 0,
    0), buf), (4, 2, 4), (0, 0, 0))`: a token group's rows of a cross-warp buffer), else None."""
    rank = len(_modes(record.levels[0])) if record.levels else None
    while record.op in ("local_tile", "domain_offset") and record.inputs and record.memspaces[:1] == ("smem",):
        record = records[record.inputs[0]]
        if not record.levels or len(_modes(record.levels[0])) != rank:
            return None
    return record if record.op == "make_tensor" else None


def _contractions(axes: Axes, records: list) -> None:
    """A contraction by FMAs in a kernel with no MMA (a GEMV, `s += x[j] * w[j]` summed across the warps through a
    cross-warp buffer, seen by the tracer as `contraction` on the buffer's record): the leaves the multiplied
    elements' indices walk are one axis in both factors, K; the left factor's other leaves are its rows M, the
    right one's N (as A's and B's in a GEMM), and the warps' partial sums run along K. Only where the factors' rows
    are not the same rows (two tensors' elements, not a vector scaling a row of the same rows); one factor may show
    no rows at all (one B row per CTA, sliced away before the copy that fills its registers). Factors that loads issued
    by hand returned (no products of tensors' elements recorded) still make the partial sums K."""
    for record in records:
        contraction = record.meta.get("contraction")
        if not contraction:
            continue
        found = False
        for (left, right), pairs in contraction["products"].items():
            sides = [_walked_leaves(axes, records[i], {p[k] for p in pairs}) for k, i in enumerate((left, right))]
            if None in sides or not sides[0][0] or not sides[1][0]:
                continue
            contracted = sides[0][0] + sides[1][0]
            for var in contracted[1:]:
                axes.join(contracted[0], var)
            k = axes.find(contracted[0])
            rows = [{v for v in others if axes.find(v) != k} or _rows_of_source(axes, records, records[i], k)
                    for (_, others), i in zip(sides, (left, right))]
            # a factor with no rows in sight (a B row one CTA picks by its block index, `tB[n_idx, ...]`, copied
            # into registers of the contracted leaves alone) still contracts with the other's rows, in a kernel no
            # name calls attention (where a query row times a key row contracts the head dim, which names say)
            one_sided = not (rows[0] and rows[1]) and not axes.named_attention
            if not (rows[0] and rows[1] or one_sided and (rows[0] or rows[1])) \
                    or {axes.find(v) for v in rows[0]} & {axes.find(v) for v in rows[1]}:
                continue
            found = True
            axes.suggest(contracted[0], "K", "contraction")
            for own, letter in zip(rows, "MN"):
                for var in own:
                    axes.suggest(var, letter, "contraction")
        if found or not contraction["products"]:  # (none: factors loaded by hand, which no tensor holds)
            for var in contraction["partials"]:
                axes.suggest(var, "K", "contraction")


def _product_rows(axes: Axes, records: list) -> None:
    """Sums of products written at literal indices (`acc[m, e] += a_m[v] * b_e[v]`, with `a_m` registers made like
    `tA[m, None, tile]` and `b_e` like `tB[e, None, tile]`; then `buf[m, e, warp] = warp_sum(acc[m, e])`), in a
    kernel with no MMA (`meta["product_writes"]`): a mode of the written tensor whose index, in every write, is the
    index one factor's rows were sliced at, in one mode of that factor's source, holds those rows: the two modes
    join (a GEMV's partial dot products per token and per expert: M and N). A register array whose every mode
    holds a factor's rows, labelled by nothing else, is the CTA's output tile in registers (`product_rows`)."""
    for record in records:
        writes = record.meta.get("product_writes")
        if not writes or not record.levels or not record.shapes:
            continue
        modes, shapes = _modes(record.levels[0]), _modes(record.shapes[0])
        held = [_sliced_rows_at(records, writes, i) for i in range(len(modes))]
        for mode, shape, rows in zip(modes, shapes, held):
            if rows is not None:
                source, j = rows
                axes.join(_mode_var(axes, mode, shape),
                          _mode_var(axes, _modes(records[source].levels[0])[j], _modes(records[source].shapes[0])[j]))
        if None not in held and record.memspaces[:1] == ("rmem",) \
                and all(label.level == "input" for label in _levels.flatten(record.levels[0])):
            record.levels = (tuple(_as_product_rows(mode) for mode in modes),) + tuple(record.levels[1:])


def _register_products(axes: Axes, records: list) -> None:
    """Sums of products of two register arrays' elements written at literal indices (`acc[mi, ni] = acc[mi, ni] +
    a[mi, vi] * b[ni, vi]`, `meta["product_indices"]`), in a kernel with no MMA: a GEMM by FMAs over registers that
    hold several rows each. A factor's leaf whose index is, in every product, the written index of one mode of the
    accumulator holds that mode's rows (the left factor's M, the right one's N, joined to the accumulator's mode);
    a leaf of each factor whose indices agree in every product and vary is the contracted K. An accumulator whose
    every mode holds a factor's rows, labelled by nothing else, is the CTA's output tile in registers."""
    for record in records:
        writes = record.meta.get("product_indices")
        if not writes or not record.levels or not isinstance(record.shapes[0], tuple):
            continue
        pairs = {pair for _, products in writes for pair in products}
        if len(pairs) != 1:
            continue
        (pair,) = pairs
        factors = [records[i] for i in pair]
        digits = [_leaf_digits(f) for f in factors]
        if None in digits:
            continue
        # each product's leaf digits in either factor, beside the coordinates written with it
        seen = [[], []]
        written = []
        for coords, products in writes:
            for a, b in products[pair]:
                written.append(coords)
                seen[0].append(digits[0](a))
                seen[1].append(digits[1](b))
        modes, shapes = _modes(record.levels[0]), _modes(record.shapes[0])
        variables = [_leaf_vars(axes, f.levels[0], f.shapes[0]) for f in factors]
        if not seen[0] or any(len(coords) != len(modes) for coords in written) \
                or any(len(variables[i]) != len(seen[i][0]) for i in (0, 1)):
            continue
        held = {}  # accumulator mode -> (factor, its leaf)
        for side in (0, 1):
            for mode in range(len(modes)):
                column = [coords[mode] for coords in written]
                if None in column or len(set(column)) < 2:
                    continue
                leaves = [leaf for leaf in range(len(seen[side][0])) if [d[leaf] for d in seen[side]] == column]
                if len(leaves) == 1 and mode not in held:
                    held[mode] = (side, leaves[0])
        if len(held) != 2 or {side for side, _ in held.values()} != {0, 1}:
            continue
        rows = {side: leaf for side, leaf in held.values()}
        if variables[0][rows[0]] is None or variables[1][rows[1]] is None:
            continue
        contracted = [(a, b) for a in range(len(seen[0][0])) for b in range(len(seen[1][0]))
                      if a != rows[0] and b != rows[1] and len({d[a] for d in seen[0]}) > 1
                      and [d[a] for d in seen[0]] == [d[b] for d in seen[1]]]
        # (the writes read may all be of one contracted index, `vi = 0`: the rows still say M and N)
        if len(contracted) == 1 and None not in (variables[0][contracted[0][0]], variables[1][contracted[0][1]]):
            (a, b), = contracted
            axes.join(variables[0][a], variables[1][b])
            axes.suggest(variables[0][a], "K", "contraction")
        # the warps' partial sums of such products (`buf[mi, ni, warp]`) run along what they contract
        for var, role in record.meta.get("warp_partials", {}).items():
            if role == "partials":
                axes.suggest(var, "K", "contraction")
        for mode, (side, leaf) in held.items():
            axes.suggest(variables[side][leaf], "MN"[side], "contraction")
            own = _mode_var(axes, modes[mode], shapes[mode])
            if own is not None:
                axes.join(own, variables[side][leaf])
        if record.memspaces[:1] == ("rmem",) \
                and all(label.level == "input" for label in _levels.flatten(record.levels[0])):
            record.levels = (tuple(_as_product_rows(mode) for mode in modes),) + tuple(record.levels[1:])


def _leaf_digits(record):
    """A function from a flat index of the record's first output to the index of each of its leaves
    (colexicographic), where every leaf is static; else None."""
    extents = list(_leaves(record.shapes[0])) if record.shapes else []
    if not extents or not all(isinstance(e, int) for e in extents) or not record.levels:
        return None

    def digits(flat: int) -> tuple:
        found = []
        for extent in extents:
            found.append(flat % extent)
            flat //= extent
        return tuple(found)
    return digits


def _sliced_rows_at(records: list, writes: list, i: int):
    """(source record, its mode) the factors' rows were sliced at where mode `i` of a tensor's product writes is
    indexed, the same in every write and no other (at least two indices written), else None."""
    indices = {coords[i] for coords, _ in writes if i < len(coords)}
    if None in indices or len(indices) < 2:
        return None
    common = None
    for coords, pairs in writes:
        here = set()
        for side in (0, 1):
            sides = [records[pair[side]].meta.get("like_slice") for pair in pairs]
            if None in sides:
                continue
            matched = [{(src, j) for j, c in enumerate(_modes(crd)) if c == coords[i]} for src, crd in sides]
            here |= set.intersection(*matched) if matched else set()
        common = here if common is None else common & here
    return next(iter(common)) if common and len(common) == 1 else None


def _as_product_rows(tree):
    if isinstance(tree, tuple):
        return tuple(_as_product_rows(t) for t in tree)
    return replace(tree, level="block", role="atom", rule="product_rows")


def _rows_of_source(axes: Axes, records: list, record, k: int) -> set:
    """The axis variables of the rows a factor holds one of where it has no leaf but the contracted one: registers
    made like one row of a tensor (`make_rmem_tensor_like(a_vecs[m, (None, tidx)])`, the slice looked through)
    hold that tensor's leaves not along the contracted axis `k`; so do registers made from a bare shape that copies
    fill from slices of one tensor only (`autovec_copy(tB[None, tile], regs[tile, None])`, `tB` the CTA's row of B)."""
    sources = {src for _, src in record.meta.get("writes", ())} if not record.inputs else set(record.inputs)
    if len(sources) != 1 or None in sources or not records[next(iter(sources))].levels:
        return set()
    source = records[sources.pop()]
    return {v for v in _leaf_vars(axes, source.levels[0], source.shapes[0]) if v is not None and axes.find(v) != k}


def _walked_leaves(axes: Axes, record, indices: set):
    """([axis variables of the leaves the literal flat indices walk], [those of its other leaves of extent > 1 or
    of a rest]) of a record's first output, else None."""
    if not record.levels or not record.shapes:
        return None
    shape = record.shapes[0]
    extents = list(_leaves(shape))
    variables = _leaf_vars(axes, record.levels[0], shape)
    if not all(isinstance(e, int) for e in extents) or len(variables) != len(extents) or len(indices) < 2:
        return None
    walked, others, step = [], [], 1
    for extent, var in zip(extents, variables):
        digits = {(i // step) % extent for i in indices}
        step *= extent
        if var is None:
            continue
        (walked if len(digits) > 1 else others).append(var)
    return walked, others


def _as_reduction_mode(tree, role: str | None):
    if isinstance(tree, tuple):
        return tuple(_as_reduction_mode(t, role) for t in tree)
    if role is None:
        return replace(tree, level="stage", role="stage", rule="reduction_buffer.stage", axis=None, axis_rule=None)
    kind = "atom" if role in ("rows", "values") else "rest"
    return replace(tree, level="block", role=kind, rule=f"reduction_buffer.{kind}")


def _stages_of_value_buffers(records: list) -> None:
    """A mode of an SMEM buffer of the kernel's values that a pipeline state's index selects (`sScale[None,
    handle.index]`, a ring of per-key scales a producer fills and the softmax reads: `meta["stage_modes"]`) is that
    pipeline's stage, in every tensor carrying it, though the buffer's rank took it for a tile mode (a metadata
    buffer's are made stages by `_metadata`)."""
    staged = set()  # (buffer record, axis variable) of its modes a pipeline state's index selects
    for record in records:
        if record.op != "make_tensor" or "smem" not in record.memspaces or not record.levels:
            continue
        modes = _modes(record.levels[0])
        for i in record.meta.get("stage_modes", ()):
            label = modes[i] if i < len(modes) else None
            if isinstance(label, _levels.ModeLabel) and label.level == "block" and label.rule == "smem_buffer.atom" \
                    and label.origin == record.index:
                staged.add((record.index, label.var))
    if not staged:
        return

    def as_stage(tree):
        if isinstance(tree, tuple):
            return tuple(as_stage(t) for t in tree)
        if (tree.origin, tree.var) in staged:
            return replace(tree, level="stage", role="stage", axis=None, axis_rule=None, leaf_axes=None,
                           rule="smem_buffer.stage")
        return tree

    for record in records:
        record.levels = tuple(as_stage(t) for t in record.levels)


def _metadata(records: list, views: dict, values_kept: bool = False) -> None:
    """An SMEM buffer no traced call reads (group sizes, scheduler state, read by indexing): input level. With
    `values_kept` (a kernel with no MMA, where buffers are read by hand), a buffer of floating-point values is none:
    scores staged in a ring, partial sums, are the CTA's tile; nor is a buffer of integers the kernel computes in
    place (`_working_integers`: a top-k's keys, candidates and histograms), while barriers, mailboxes and tables
    copied from integer inputs are.
    Registers made like either (`make_rmem_tensor((4,))` beside a buffer of layout (4,)) hold none of its modes:
    their own rules place them, from the input level."""
    read = _read_as_tensors(records, views)
    buffers, kept = set(), set()  # the metadata buffers' own records (the modes they made); the buffers of values
    for record in records:
        if record.op != "make_tensor" or record.index in read or "smem" not in record.memspaces:
            continue
        labels = list(_levels.flatten(record.levels[0])) if record.levels else []
        if not labels or not all(label.rule.startswith("smem_buffer") for label in labels):
            continue
        if values_kept and (_holds_real_values(record) or _holds_value_bytes(records, views, record)
                            or _working_integers(records, views, record)):
            kept.add(record.index)
            record.meta["values_kept"] = True
            continue
        if _view_of_read_values(records, read, record):
            continue
        buffers.add(record.index)
        record.levels = tuple(_as_metadata(t) for t in record.levels)
        staged = record.meta.get("stage_modes", ())  # modes a pipeline state's index selects: its stages
        modes = _modes(record.levels[0])
        if staged and all(i < len(modes) for i in staged):
            record.levels = (tuple(_as_metadata(m, "stage") if i in staged else m for i, m in enumerate(modes)),) \
                + record.levels[1:]
    for record in records:  # a tensor carrying a metadata buffer's modes (one made like it) is too
        carried = buffers | kept if record.memspaces[:1] == ("rmem",) else buffers
        if carried and record.index not in buffers | kept:
            record.levels = tuple(_carried_metadata(t, carried) for t in record.levels)


def _view_of_read_values(records: list, read: set, record) -> bool:
    """Whether an SMEM tensor of floating-point values is laid over the storage of a buffer a traced call reads
    (`make_tensor(swz_ptr, a_clean_layout)` beside the MMA's `make_tensor(swz_ptr, a_smem_layout)`, the TMA's
    target): a view of that tile's data, read by hand (the row warps' max |A|), the CTA's tile and its stages, not
    a scheduler's metadata."""
    source = record.meta.get("storage_of")
    return source is not None and source in read and _holds_real_values(record) \
        and _holds_real_values(records[source])


def _working_integers(records: list, views: dict, record) -> bool:
    """Whether an integer SMEM buffer of a kernel with no MMA is the CTA's working memory rather than metadata: words
    of 32 bits or less that no pipeline state selects (a scheduler's mailbox is selected so, an mbarrier is 64 bits),
    that the kernel writes (a buffer it only reads holds what something else left) and reads in place (a mailbox's
    fields are moved into registers one by one), not filled only with what integer tables hold (a per-row table of token indices copied in from the routing
    record is metadata): a top-k's candidate keys (computed from the scores, read through an integer view too) and
    indices, a radix histogram, its counters and selection state."""
    dtype = record.dtypes[0] if record.dtypes else None
    written = record.meta.get("written")
    if dtype not in ("i32", "u32", "ui32", "i16", "u16", "ui16") or record.meta.get("stage_modes") or not written:
        return False
    if any(r.memspaces[:1] == ("rmem",) and record.index in r.meta.get("values_from", ()) for r in records):
        return False  # its fields moved into registers one by one: a mailbox a scheduler fills
    sources = list(record.meta.get("values_from", ())) + list(record.meta.get("untraced_from", ()))
    # (a parameter no host call traced, None here, is taken for a table: the metadata buffers' usual source)
    return not sources or not all(i is None or _integer_table(records, views, records[i]) for i in sources)


def _integer_table(records: list, views: dict, record) -> bool:
    """Whether a tensor holds integers that are no view of real values (indices, counts: not `recast_tensor` of
    scores)."""
    for _ in range(4):  # up the views it was made from
        if _holds_real_values(record):
            return False
        source = views.get(record.index, record.inputs[0] if record.op == "recast_tensor" and record.inputs else None)
        if source is None:
            return True
        record = records[source]
    return True


def _holds_real_values(record) -> bool:
    """Whether a tensor's elements are floating-point numbers (`f32`, `bf16`, `f8E4M3FN`): values computed on."""
    dtype = record.dtypes[0] if record.dtypes else None
    return isinstance(dtype, str) and (dtype.startswith(("f", "bf")) or dtype.lower().startswith("float"))


def _holds_value_bytes(records: list, views: dict, record) -> bool:
    """Whether an integer SMEM buffer holds values in integer words: a view over a buffer of floating-point values
    (`make_tensor(recast_ptr(sScale.iterator, Int32), 64)` over E8M0 scales, to zero them a word at a time), or bytes
    filled by hand with values computed from the kernel's inputs (`sScale[off] = e4m3_byte(amax * recip)`): a
    quantizer's scales; no index, count or mask of a kernel is 8 bits wide and computed so."""
    source = views.get(record.index)
    if source is not None and _holds_real_values(records[source]):
        return True
    dtype = record.dtypes[0] if record.dtypes else None
    return dtype in ("i8", "u8", "ui8") and bool(record.meta.get("untraced_fills")) \
        and not record.meta.get("element_fills")


def _carried_metadata(tree, buffers: set):
    if isinstance(tree, tuple):
        return tuple(_carried_metadata(t, buffers) for t in tree)
    carried = tree.origin in buffers and tree.rule.startswith("smem_buffer") and tree.level != "stage"
    return _as_metadata(tree) if carried else tree


def _read_as_tensors(records: list, views: dict) -> set:
    """The records some traced call reads. A copy into a register tensor that no traced call reads and whose
    values are never loaded whole, only field by field (a scheduler's SMEM work tile staged in registers:
    cutlass's `make_contiguous_group_work_tile_info`), reads its source as scalar reads would: not as a tensor."""
    read: set = set(views.values())
    copies = []
    for record in records:
        dst = (record.operands or {}).get("dst") if record.op == "copy" else None
        if dst is None:
            read.update(record.inputs)
        elif not _posts_integers(records, record, dst):
            copies.append((record, dst))
    used = read | {i for record, dst in copies for i in record.inputs if i != dst}
    for record, dst in copies:
        target = records[dst]
        if dst in used or target.meta.get("loaded") or "rmem" not in target.memspaces:
            read.update(record.inputs)
        else:
            read.add(dst)
    for record in reversed(records):  # a tensor laid at a buffer's address (`make_ptr(sP.iterator.toint())`), read
        over = record.meta.get("over")
        if over is not None and record.op == "make_tensor" and record.index in read:
            read.add(over)
    return read


def _posts_integers(records: list, copy, dst: int) -> bool:
    """Whether a copy writes integer registers made from a bare shape (`make_rmem_tensor((4,), Int32)` filled field
    by field with a work tile's expert, tile and count) into shared or global memory: a scheduler posting scalars
    to a mailbox. It reads no tensor of the kernel's data, and its destination is written, not read."""
    src = (copy.operands or {}).get("src")
    if src is None or "rmem" in records[dst].memspaces:
        return False
    source = records[src]
    return source.op == "make_rmem_tensor" and not source.inputs and source.memspaces[:1] == ("rmem",) \
        and not _holds_real_values(source)


def _buffers_without_mma(records: list) -> None:
    """In a kernel with no MMA, an SMEM buffer of rank 4 or more that `levels.smem_buffer` took in MMA form (atom,
    MMA_M, MMA_K, stages: sm100's operand layouts) is the CTA's tile and its stages (a TMA producer's ring of
    (rows, column chunks, columns) boxes that consumers read by hand): no MMA reads it, so its tile modes are the
    block's (atoms), in the buffer and in every view that carries them."""
    buffers = {record.index for record in records if record.op == "make_tensor" and "smem" in record.memspaces
               and record.levels and any(label.rule.startswith("smem_buffer") and label.level == "mma"
                                         for label in _levels.flatten(record.levels[0]))}
    if buffers:
        for record in records:
            record.levels = tuple(_as_block_tile(t, buffers) for t in record.levels)


def _as_block_tile(tree, buffers: set):
    if isinstance(tree, tuple):
        return tuple(_as_block_tile(t, buffers) for t in tree)
    if isinstance(tree, _levels.ModeLabel) and tree.origin in buffers and tree.level == "mma" \
            and tree.rule.startswith("smem_buffer"):
        return replace(tree, level="block", role="atom")
    return tree


def _as_metadata(tree, level: str = "input"):
    if isinstance(tree, tuple):
        return tuple(_as_metadata(t, level) for t in tree)
    if level == "stage":
        return replace(tree, level="stage", role="stage", rule="metadata.stage", axis=None, axis_rule=None)
    return replace(tree, level="input", role="mode", rule="metadata")


def _flattened_values(records: list) -> None:
    """In a kernel with no MMA, a register array of one mode made from a bare shape that no rule placed, filled
    element by element from register arrays of several modes a copy labelled (`top[v] = loaded[v]`,
    `other[v] = loaded[k + v]`: a row's loaded vectors read as one flat array to sort or merge) holds one flat
    leaf of what the thread's loads moved: their level, the atom; the axis that every wide leaf of theirs runs along,
    where they share one (else none)."""
    for record in records:
        sources = record.meta.get("values_from")
        own = _single_leaf(record)
        if not sources or record.op != "make_rmem_tensor" or record.inputs or own is None or own.level != "input" \
                or own.rule == "metadata" or any(_single_wide_leaf(records[i]) is not None for i in sources):
            continue  # (a source of one wide leaf, `held[0, i]` of a (1, 4) chunk: `_computed_arrays` reads it)
        found = {_flat_copy_label(records[i]) for i in sources}
        if len(found) == 1 and None not in found:
            ((level, axis),) = found
            record.levels = (replace(own, level=level, role="atom", origin=record.index, rule="flattened_values",
                                     axis=axis, axis_rule="flattened_values" if axis else None, leaf_axes=None),) \
                + record.levels[1:]


def _flat_copy_label(source):
    """(level, axis) of a register array of several modes whose labels are all one copy's (or store's) level: the
    axis every leaf of extent above 1 runs along, or None where they differ. None for any other record."""
    tree, shape = (source.levels[0] if source.levels else None), (source.shapes[0] if source.shapes else None)
    if source.memspaces[:1] != ("rmem",) or not isinstance(tree, tuple) or not isinstance(shape, tuple) \
            or len(tree) != len(shape) or len(tree) < 2:
        return None
    levels, axes = set(), set()
    for label, mode in zip(tree, shape):
        if not isinstance(label, _levels.ModeLabel):
            return None
        extents = _leaves(mode)
        leaf_axes = label.leaf_axes if label.leaf_axes and len(label.leaf_axes) == len(extents) \
            else (label.axis,) * len(extents)
        levels.add(label.level)
        axes.update(axis for axis, extent in zip(leaf_axes, extents) if not isinstance(extent, int) or extent > 1)
    if len(levels) != 1 or not levels <= {"copy", "store"}:
        return None
    return levels.pop(), (axes.pop() if len(axes) == 1 else None)


def _written_out_through_fragments(records: list) -> None:
    """In a kernel with no MMA, registers made from a bare shape that no rule placed and no copy fills, whose
    converted or recast twin (`out = vals.to(bf16)`: a `make_rmem_tensor_like`; `recast_tensor(vals, Int32)`) a copy
    writes out into global memory the write-out stores (`autovec_copy(out[None, i], store_tile[None, c])`) hold
    the kernel's result: `store`, the first mode the atom, the others rests; their twins carry the same labels."""
    twins: dict = {}  # root registers -> their same-mode twins, in record order
    for record in records:
        root = _bare_root(records, record)
        if root is not None and root is not record:
            twins.setdefault(root.index, []).append(record)
    copies = [r.operands for r in records if r.op == "copy" and r.operands and r.operands.get("src") is not None
              and r.operands.get("dst") is not None]
    filled = {root.index for root in (_bare_root(records, records[o["dst"]]) for o in copies) if root is not None}
    for operands in copies:
        source, out = records[operands["src"]], records[operands["dst"]]
        root = _bare_root(records, source)
        labels = list(_levels.flatten(out.levels[0])) if out.levels else []
        if root is None or root is source or root.index in filled or out.memspaces[:1] != ("gmem",) or not labels \
                or any(label.level != "store" for label in labels) or not _registers_no_rule_placed(root):
            continue
        _as_copy_values(root, "written_out_through", "store")
        _axes_of_written_tile(root, out)
        for twin in twins.get(root.index, ()):
            if twin.levels and all(label.level == "input" for label in _levels.flatten(twin.levels[0])):
                twin.levels = (root.levels[0],) + twin.levels[1:]


def _axes_of_written_tile(registers, tile) -> None:
    """Registers written out into a tile of as many modes (a thread's vectors `(4, nvec)` into the row's
    `((4), 8)` store vectors) run along the tile's axes mode for mode: a mode of theirs with no axis (a size-1
    vector count) takes the one axis of the tile's mode."""
    mine, theirs = registers.levels[0], tile.levels[0]
    if not isinstance(mine, tuple) or not isinstance(theirs, tuple) or len(mine) != len(theirs):
        return
    modes = []
    for label, other in zip(mine, theirs):
        axes = {t.axis for t in _levels.flatten(other)}
        if isinstance(label, _levels.ModeLabel) and label.axis is None and not label.leaf_axes and len(axes) == 1 \
                and None not in axes:
            label = replace(label, axis=axes.pop(), axis_rule="written_tile")
        modes.append(label)
    registers.levels = (tuple(modes),) + registers.levels[1:]


def _bare_root(records: list, record):
    """The registers made from a bare shape that `record` is, or is a chain of same-mode twins of
    (`make_rmem_tensor_like`, `recast_tensor`); else None."""
    while record.op in ("make_rmem_tensor_like", "recast_tensor") and len(record.inputs) == 1 \
            and record.memspaces[:1] == ("rmem",):
        record = records[record.inputs[0]]
    return record if record.op == "make_rmem_tensor" and not record.inputs else None


def _accumulated_vectors(records: list) -> None:
    """In a kernel with no MMA, a register array of several modes made from a bare shape that no rule placed, filled
    element by element from one-mode register arrays a copy labelled whose extent is its first mode
    (`acc[e, v] = fma(values[e], w[slot], acc[e, v])`: each loaded vector accumulated into the thread's vector `v`)
    holds their values: its first mode their atom (their level, where they agree, and the one axis those that have
    one give it), the other modes rests of it; of two modes, the vector and the thread's repeats of it along the
    row, both along that axis."""
    for record in records:
        sources = record.meta.get("values_from")
        shape = record.shapes[0] if record.shapes else None
        if not sources or record.op != "make_rmem_tensor" or record.inputs or not isinstance(shape, tuple) \
                or len(shape) < 2 or not isinstance(shape[0], int) or not _registers_no_rule_placed(record):
            continue
        found = [label for label in (_single_leaf(records[i]) for i in sources
                                     if format_shape(records[i].shapes[0]) == format_shape((shape[0],))
                                     and records[i].memspaces[:1] == ("rmem",))
                 if label is not None and label.level in ("copy", "store") and label.role == "atom"]
        levels, axes = {label.level for label in found}, {label.axis for label in found} - {None}
        if len(levels) == 1:
            _as_copy_values(record, "accumulated_vectors", levels.pop())
            axis = axes.pop() if len(axes) == 1 else None
            if axis:  # one vector and the thread's repeats of it: the repeats step along the same row
                modes = record.levels[0] if len(shape) == 2 else record.levels[0][:1]
                record.levels = (tuple(_with_axis(mode, axis, "accumulated_vectors") for mode in modes)
                                 + record.levels[0][len(modes):],) + record.levels[1:]


def _loaded_by_hand(records: list, columns: str) -> None:
    """In a kernel with no MMA, registers made from a bare shape that no rule placed, stored whole or element by
    element with what a load issued by hand returned (`frag.store(ld_global_v4_u32(ptr))`, `v[i] =
    load_ext(ptr, count=8)[i]`: `meta["hand_loaded"]`), hold what the thread's load moved: `copy`, the first mode
    the atom (as registers a copy fills, `_moved_by_copy`). A vector load moves consecutive elements: a row's
    columns, as a one-leaf view over a pointer a copy moves runs along them (`_vectors_over_pointers`): `columns`
    (N; the head dim D where the kernel's index names say attention) on the atom."""
    for record in records:
        if record.meta.get("hand_loaded") and _registers_no_rule_placed(record):
            _as_copy_values(record, "loaded_by_hand", "copy")
            tree = record.levels[0]
            atom = tree[0] if isinstance(tree, tuple) else tree
            atom = _with_axis(atom, columns, "loaded_by_hand") if atom.axis is None and not atom.leaf_axes else atom
            record.levels = ((atom,) + tree[1:] if isinstance(tree, tuple) else atom,) + record.levels[1:]


def _stored_from_tiles(records: list) -> None:
    """In a kernel with no MMA, registers made from a bare shape that no rule placed, stored (whole or slice by
    slice) with values computed from register tensors of their own shape that a copy labelled
    (`acc[None, c].store(acc[None, c].load() + dy[None, c].load() * x[None, c].load())`, `meta["stored_from"]`;
    one vector too, a MoE combine's `acc.store(acc.load() + frag.load().to(f32) * w)`) hold those values: their
    labels mode for mode, where they agree."""
    for record in records:
        sources = record.meta.get("stored_from")
        shape = record.shapes[0] if record.shapes else None
        if not sources or record.op != "make_rmem_tensor" or shape is None or not _registers_no_rule_placed(record):
            continue
        found = {tuple((label.level, label.role, label.axis) for label in _levels.flatten(tree)): tree
                 for tree in (records[i].levels[0] for i in sources
                              if records[i].memspaces[:1] == ("rmem",) and records[i].levels and records[i].shapes
                              and format_shape(records[i].shapes[0]) == format_shape(shape))
                 if all(label.level in ("copy", "store") for label in _levels.flatten(tree))}
        if len(found) == 1:
            (tree,) = found.values()
            record.levels = (_relabelled(tree, record.index, "stored_from"),) + record.levels[1:]
