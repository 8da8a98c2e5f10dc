"""Which modes run along one axis, decided from the data flow of a whole trace, not from tensor names.

Every mode label carries an axis variable. A view gives its modes its source's variables; the calls that say
what a mode is join a variable to a key: an MMA slot (``partition_A`` makes its input's first two modes the
MMA's M and K), a `local_tile` projection over an (M, N, K) tiler, a name's suggestion (weakest). Copies and
TMA partitions join the modes of the two tensors they connect. When the trace ends, each class of joined
variables gets its axis (`Axes.solve`): GEMM letters from the MMA slots, or attention's Q, K, D when one MMA's
accumulator enters another MMA's A slot.
"""

from __future__ import annotations

import itertools

_counter = itertools.count(1)

_SLOT_AXES = {"A": ("M", "K"), "B": ("N", "K"), "C": ("M", "N"), "D": ("M", "N")}
# the weak rules that name rows and columns from a kernel's structure alone (tilers, slices, strides)
_STRUCTURAL = frozenset(("divide.tiler", "row_slice", "local_tile.proj", "reduction_buffer", "layout.rows_cols"))


# the weak rules whose N `Axes._named_columns` makes K where the kernel names its columns K: the structural ones and
# an index's name (`col_chunk`: the columns, whichever letter the kernel gives them)
_NAMED_COLUMNS = _STRUCTURAL | {"name.dims"}


def fresh() -> int:
    """A new axis variable."""
    return next(_counter)


def slot_axes(slot: str) -> tuple:
    return _SLOT_AXES[slot]


def _issue_order(slot: tuple) -> tuple:
    """A (MMA, axis) slot's place in issue order: a TiledMma's first product keeps its object number, the n-th
    after it is (object, n) (`flow._issued_mmas`), so both kinds meet in one class."""
    mma, axis = slot
    return (mma if isinstance(mma, tuple) else (mma, 0)), axis


class Axes:
    """A union-find over axis variables, with the keys (MMA axes, tiler positions, name hints) each class met."""

    def __init__(self):
        self.parent: dict = {}
        self.keys: dict = {}  # root -> [key]
        self.slots: dict = {}  # root -> {(mma object, axis)} of its ("mma", ...) keys, for `_contradicts`
        self.refusing = False  # after `refuse_contradictions`: joins that `_contradicts` names are not made
        self.key_var: dict = {}  # key -> its variable
        self.mmas: dict = {}  # mma object number -> None, in order of first use
        self.weak: list = []  # (var, letter, rule): names that join nothing, for classes nothing else names
        self.named_attention = False  # a kernel with no MMA whose index names say attention (`tracer._named_dims`)
        # "K" in a kernel with no MMA whose own names call its columns K (`tracer._columns_named_k`), else None
        self.columns_named: str | None = None
        # (m1, source, m2, slot, result): MMA m1's accumulator (`source`, a group of records), converted, is MMA
        # m2's A or B operand, read into m2's accumulator (`result`)
        self.chains: set = set()
        self.states: set = set()  # MMAs whose accumulator is a recurrent state another MMA reads (linear attention)
        self.recurrences: set = set()  # MMAs reading their own accumulator's values as their A (S <- S M + N)
        self.grams: set = set()  # MMAs reading one tensor as both A and B (X X^T: a chunk's K K^T)
        self.over_tokens: set = set()  # after `solve`: the products over a chunk's tokens on all three axes
        self.tokens_in_a: set = set()  # after `solve`: the products whose A holds (tokens x tokens) values
        # (variable, MMA, its two axes): a warp MMA's register atom that mixes two of its axes (`_mixed_atoms`)
        self.mixed: list = []
        self.key_vars: set = set()  # the variables `bind` made for keys
        # (a broadcast view's variable, its vector's): a vector expanded to a tile, joined when the trace ends
        # unless its views run along two axes (`flow.settle`)
        self.expansions: list = []
        # (variable, the variable it borrowed, its record, the other's record): a TMEM accumulator laid out as
        # another, joined when the trace ends unless the two hold different products (`flow.settle`)
        self.borrowed: list = []
        # (an SMEM view's record, [(its leaf's variable, the variable of the data it holds)]): a view over a
        # buffer's own iterator, joined to its data when the trace ends where a TMA cuts it and no MMA reads it
        # (`flow._aliased_buffers`)
        self.aliases: list = []
        # (a kernel parameter's whole mode's variable, the variables of the host view's leaves of that mode): joined
        # when the trace ends where the solved axes name the whole mode (`flow.settle`)
        self.viewed_leaves: list = []
        # (a tile's mode's variable, (kernel, position, extent, run-time index)): tiles cut at one index of one
        # grid, joined when the trace ends where at most one of them met a key (`flow._tiles_of_one_grid`)
        self.tile_indices: list = []
        # (kernel, tiler key) -> {run-time index: the tiler position it first cut at} (`flow._tiler_positions`)
        self.tiler_coords: dict = {}
        # (a copy partition's input mode's variable, (copy object, tiler position, the mode's extent)): the modes one
        # tiled copy's tiler cuts in each position, for `flow._unit_modes_of_a_copy_tiler`
        self.copy_tiles: list = []
        self.placed: dict = {}  # a borrowed accumulator's variable -> its record, where its products are its own
        # (MMA object, record): an operand partitioned or made as one slot (`partition_A(sK)`) that the MMA's gemm
        # reads in the other (`cute.gemm(mma, S, tCrQ, tCrK, S)` with K made as A): its binds of the rows letter name
        # the other slot's (`swap_rows`)
        self.reslotted: set = set()
        self.context: int | None = None  # the record the calls being observed make: where a bind came from
        self.log: list = []  # ("join", a, b) and ("bind", var, key, context), in order, for `split`
        self.instance: dict = {}  # after `split`: record -> the product (object, n) it belongs to
        self.rows_apart: dict = {}  # after `split`: object -> the records of its products, when they share B only
        # TiledMmas issuing one product per row tile: sharing B, their A views of one tensor (`flow._issued_mmas`)
        self.row_tiles: set = set()
        self.apart: dict = {}  # after `split`: object -> its tiles no product of the several it issues reads
        self.buffers: dict = {}  # product -> slot -> the storage of its operands there (`flow._operand_buffers`)
        # variables of flat SMEM buffers an MMA operand tile lies in (`flow._flat_operand_buffers`): no one axis
        self.flat_leaves: list = []
        self.extents: dict = {}  # product -> axis -> the static extents of its operand tiles (`flow._operand_extents`)
        # product -> the sequence its rows hold, where names call its operand the scores' gradient and its accumulator
        # an attention gradient (`flow._gradient_products`), set before each `solve`
        self.gradients: dict = {}
        # in a kernel with no MMA, the variables of each global tensor's top modes (`flow.settle`): a structural
        # rule's columns letter is not given to a mode whose sibling another rule already named so (`_one_columns`)
        self.siblings: list = []

    def find(self, v: int) -> int:
        parent = self.parent
        up = parent.get(v, v)  # most variables asked are roots or one step below theirs (tens of thousands a trace)
        if up == v or parent.get(up, up) == up:
            return up
        root = v
        while parent.get(root, root) != root:
            root = parent[root]
        while parent.get(v, v) != root:
            parent[v], v = root, parent[v]
        return root

    def join(self, a: int | None, b: int | None) -> None:
        if a is None or b is None:
            return
        self.log.append(("join", a, b))
        self._union(a, b)

    def _union(self, a: int, b: int) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra == rb or self.refusing and self._contradicts(ra, rb):
            return
        if ra in self.key_vars and rb not in self.key_vars:
            # a key's own variable never roots a class a mode joined: calls join to the roots they see, and
            # `split` gives a split key a new variable
            ra, rb = rb, ra
        self.parent[rb] = ra
        moved = self.keys.pop(rb, None)
        if moved:
            self.keys.setdefault(ra, []).extend(moved)
        slots = self.slots.pop(rb, None)
        if slots:
            self.slots.setdefault(ra, set()).update(slots)

    def refuse_contradictions(self) -> None:
        """Redo every join and bind, refusing each join that would put two axes of one MMA in one class (the
        joins made first win). `solve` names such a class "unknown" when no attention rule names it, and every
        mode it holds loses its axis: one view that lays a buffer's single mode out as a tile of rows and
        columns (`make_tensor(smem_red.iterator, (bM, bN))`, a split-K epilogue's partial sums) would undo the
        MMA's M and N across the whole kernel. A product whose rows and contracted axis are one axis (linear
        attention's masked (tokens x tokens) scores times V) is named by the attention rules before that."""
        self.refusing = True
        self.split(self.instance, self.rows_apart, self.apart)

    def contradicted(self) -> bool:
        """Whether a class holds two axes of one MMA, however `solve` names it: the attention rules name a class
        before its slots are read, so a class holding an MMA's rows and its contracted axis (a register tensor two
        products drain through, joined to both accumulators) would name every axis it holds by one letter."""
        return any(len({m for m, _ in slots}) < len(slots) for slots in self.slots.values())

    def _contradicts(self, ra: int, rb: int) -> bool:
        """Whether joining two classes would put two axes of one MMA in one class."""
        first, second = self.slots.get(ra), self.slots.get(rb)
        if not first or not second:
            return False
        return any(slot not in first and any(m == slot[0] for m, _ in first) for slot in second)

    def suggest(self, var: int | None, letter: str, rule: str) -> None:
        """A name for `var`'s class that joins it to nothing: a variable's name (`hint:name`), an unprojected
        tiler's position (used only in a kernel with no MMA)."""
        if var is not None:
            self.weak.append((var, letter, rule))

    def bind(self, var: int | None, key: tuple) -> None:
        """Join `var` to `key`: ("mma", object, "M") or ("tiler", tiler, position) of a projected tiler."""
        if var is None:
            return
        self.log.append(("bind", var, key, self.context))
        self._bind(var, self.issued_key(key, self.context))

    def issued_key(self, key: tuple, context) -> tuple:
        """The key a bind made while observing record `context` joins once `split` knows the products issued: the
        axis of the product the record belongs to."""
        if key[0] == "mma" and key[2] in "MN" and (key[1], context) in self.reslotted:
            key = key[:2] + ({"M": "N", "N": "M"}[key[2]],)
        if key[0] != "mma" or not (self.instance or self.rows_apart):
            return key
        if key[2] == "M" and context not in self.rows_apart.get(key[1], (context,)):
            return ("rows", key[1], context)
        if context in self.apart.get(key[1], ()):  # a tile no product reads: its own axes
            return ("apart", key[1], key[2], context)
        mma = self.instance.get(context)
        return ("mma", mma, key[2]) if mma is not None and mma[0] == key[1] else key

    def swap_rows(self, mma: int, records) -> None:
        """The records of an operand an MMA's gemm reads in the other slot than the one its partition and fragment
        calls named: the gemm issued says which operand is which (a square tile fits either), so their binds of M
        name N and of N name M; every join and bind is redone with the new keys."""
        new = {(mma, r) for r in records} - self.reslotted
        if new:
            self.reslotted |= new
            self.split(self.instance, self.rows_apart, self.apart)

    def _bind(self, var: int, key: tuple) -> None:
        if key[0] == "mma":
            self.mmas.setdefault(key[1], None)
        known = self.key_var.get(key)
        if known is None:
            known = fresh()
            self._keyed(known, key)
        self._union(known, var)

    def _keyed(self, var: int, key: tuple) -> None:
        """Make `var` the variable of `key`."""
        self.key_var[key] = var
        self.key_vars.add(var)
        self.keys.setdefault(var, []).append(key)
        if key[0] == "mma":
            self.slots[var] = {(key[1], key[2])}

    def split(self, instance: dict, rows_apart: dict | None = None, apart: dict | None = None) -> None:
        """Redo every join and bind with MMA keys per issued MMA: `instance` maps a record to the MMA it belongs
        to (a TiledMma issuing gemms into two accumulators that share no operand is two MMAs, (object, n)); a
        bind made while observing that record joins that MMA's axis, not the TiledMma's. `rows_apart`: object ->
        the records of its products, for a TiledMma whose products share B only: a bind of its M made while
        observing another record (an A tile partitioned for a TMA load) names no product's rows: it joins that
        record's rows to each other only, for the data flow to name."""
        self.instance, self.rows_apart = instance, rows_apart or {}  # binds made later are keyed alike
        # `apart`: object -> the tiles a TiledMma issuing several products partitioned that none reads, in global
        # memory or moved by a copy (cut for a TMA load, a store's target): a bind of any axis made while
        # observing one joins that record's modes to each other only, for the data flow (the load into the
        # buffer a product reads, the copy from its accumulator) to name
        self.apart = apart or {}
        log, self.log = self.log, []
        known = self.key_var  # a key keeps its variable: calls joined to it by the class root they saw
        self.parent, self.keys, self.key_var, self.mmas, self.key_vars = {}, {}, {}, {}, set()
        self.slots = {}
        for entry in log:
            if entry[0] == "join":
                self.join(entry[1], entry[2])
                continue
            _, var, key, context = entry
            issued = self.issued_key(key, context)
            if issued not in self.key_var and issued in known:
                self._keyed(known[issued], issued)
            self.context = context
            self.bind(var, key)
        self.context = None

    def _root_of(self, key: tuple) -> int | None:
        v = self.key_var.get(key)
        return self.find(v) if v is not None else None

    def solve(self, hinted: dict | None = None) -> dict:
        """root -> (axis or None, rule) for every class that met a key. `hinted`: class root -> the axis letters
        names suggested for its modes (`hint:name` labels), read only where the data flow cannot decide."""
        named: dict = {}
        mma = {m: {a: self._root_of(("mma", m, a)) for a in "MNK"} for m in self.mmas}
        order = list(mma)
        reads = {r for r in self.chains if r[0] in mma and r[2] in mma}
        if not reads:  # no path of values found: modes shared between an accumulator and an A operand
            reads = {(m, None, o, "A", o) for m in mma for o in mma if o != m and self._feeds(mma, m, o)}
        if not reads:  # nor through A: the first's product in the second's B, A and B swapped (the pair reads
            # alike both ways: the one issued first makes the scores)
            reads = {(m, None, o, "B", o) for m in mma for o in mma
                     if order.index(m) < order.index(o) and self._feeds_swapped(mma, m, o)}
        chained = self._chained(mma, reads)
        reads -= self._token_products(mma, order, reads, named)
        reads -= self._linear_attention(mma, order, reads, named)
        self._recurrent_states(mma, named)
        for m in mma:  # a lone product (no MMA reads it or feeds it) whose operands names call queries and keys
            swapped = {**mma[m], "M": mma[m]["N"], "N": mma[m]["M"]}  # S^T = K Q^T: keys in A, queries in B
            for axes in (mma[m], swapped):
                if m not in chained and self._named_scores(axes, hinted or {}):
                    for axis, letter in (("M", "Q"), ("N", "K"), ("K", "D")):
                        if axes[axis] is not None:
                            named.setdefault(axes[axis], (letter, "hint:scores"))
        for m in mma:  # a lone product whose result names call an attention gradient (dQ = dS K, dK = dS^T Q)
            rows = self._named_result(mma[m], hinted or {}) if m not in chained and mma[m]["M"] not in named else None
            for axis, letter in (("M", rows), ("N", "D"), ("K", "K" if rows == "Q" else "Q")) if rows else ():
                if mma[m][axis] is not None:
                    named.setdefault(mma[m][axis], (letter, "hint:result"))
        # a product reading the scores' gradient into an attention gradient (dQ = dS K, dK = dS^T Q) in a trace where no
        # MMA reads another's accumulator (launched apart from the scores: the chains decide wherever they exist)
        for m in mma if not chained else ():
            rows = self.gradients.get(m)
            for axis, letter in (("M", rows), ("N", "D"), ("K", "K" if rows == "Q" else "Q")) if rows else ():
                if mma[m][axis] is not None:
                    named.setdefault(mma[m][axis], (letter, "name.gradient"))
        scores = sorted({r[0] for r in reads}, key=order.index)
        consumers = [r for r in reads if r[2] not in scores]
        if scores:
            rows, cols = mma[scores[0]]["M"], mma[scores[0]]["N"]
            keys, queries = self._keys_by_extent(mma, scores[0], rows, cols, consumers), None
            by_extent = keys is not None
            if keys is None:
                keys, queries = self._keys_of_shared_operand(mma, scores), self._queries_of_statistics(rows, cols)
            queries_are_rows = keys != rows if keys in (rows, cols) else queries == rows if queries else \
                self._queries_are_rows(mma, rows, cols, consumers, len(self._reader_products(consumers)) == 1)
            first, second = ("Q", "K") if queries_are_rows else ("K", "Q")
            for m in scores:  # S = Q K^T over D (or S^T = K Q^T when the kernel swaps A and B)
                for axis, letter in (("M", first), ("N", second), ("K", "D")):
                    root = mma[m][axis]
                    if root is not None:
                        named.setdefault(root, (letter, "attention"))
            # where no join relates any reader's axes to the scores', each keeps their rows: a kernel lays its
            # scores out as their readers take them (S^T = K Q^T for dV = P^T dO, S = Q K^T for O = P V); where
            # some are joined, one that is not is the queries' (dQ = dS K reading dS^T transposed); where the extents
            # said the keys, the one reader contracts them and keeps the queries
            unrelated = first if not by_extent and not any(mma[c][a] in (rows, cols) for _, _, c, _, _ in consumers
                                                           for a in "MNK") else "Q"
            for _, _, c, slot, _ in consumers:  # P entered by a path the modes do not show (a store of values):
                kept = "M" if slot == "A" else "N"  # O = P V over K, or O^T = V^T P^T (P in the B slot)
                rows_of = named.get(mma[c][kept], (unrelated,))[0]
                # a reader keeping the queries contracts the keys (O = P V, dQ = dS K), one keeping the keys the
                # queries (dV = P^T dO, dK = dS^T Q)
                contracted = "K" if rows_of == "Q" else "Q"
                # (O^T = V^T P^T contracting the swapped scores' rows: the keys are named already, as the scores')
                if rows_of in ("Q", "K") and (mma[c]["K"] not in named or slot == "B"
                                               and named[mma[c]["K"]] == (contracted, "attention")):
                    for axis, letter in ((kept, rows_of), ("K", contracted)):
                        if mma[c][axis] is not None:
                            named.setdefault(mma[c][axis], (letter, "attention"))
        if scores or named:  # every other axis of an MMA of the attention (O = P V's N, dV's N): the head dim
            for m in mma:
                for root in mma[m].values():
                    if root is not None:
                        named.setdefault(root, ("D", "attention"))
        self._mixed_atoms(mma, named)
        for var in self.flat_leaves:  # one leaf holding an operand tile's two axes: no name makes it one of them
            named.setdefault(self.find(var), (None, "operand_flat"))
        for root, keys in self.keys.items():
            if root in named:
                continue
            slots = sorted({(k[1], k[2]) for k in keys if k[0] == "mma"}, key=_issue_order)
            if len({m for m, _ in slots}) < len(slots):  # two axes of one MMA: the data flow contradicts itself
                named[root] = (None, "unknown")
                continue
            if slots:  # chained MMAs that are no attention: the first MMA's letter
                named[root] = (slots[0][1], "mma_slot")
                continue
            if any(k[0] == "reduced" for k in keys):  # walked by a loop that accumulates products: contracted
                named[root] = ("K", "reduced_loop")
                continue
            positions = {k[2] for k in keys if k[0] == "tiler"}
            # a tiler no MMA's slot shares, in a trace whose products are attention (a split-KV LSE tile's
            # `local_tile(lse, (rows, 1, 1), coord, (1, 1, 1))`), names no GEMM axis: its modes are named by what
            # else reads them (the heads and batch a block index selects), or not at all
            if len(positions) == 1 and not (scores and any(letter in "QKDH" for letter, _ in named.values()
                                                           if letter)):
                pos = positions.pop()
                named[root] = ("MNKL"[pos] if pos < 4 else None, "local_tile.proj")
        # what no data flow decides: an axis-order suffix (`mA_mk`) says it, else in a kernel with no MMA at
        # all an unprojected tiler's positions (a norm's (rows, columns) tiler_mn)
        # a tile size's name (`tile_D`) says its mode before a tensor's name (`cS`: a state's coordinates, no scores)
        for wanted in ("contraction", "name.tile", "hint:name", "name.dims", "name.extents", "hint:head_dim",
                       "state.update", "state.read", "divide.tiler", "row_slice", "local_tile.proj",
                       "reduction_buffer", "layout.rows_cols"):
            for var, letter, rule in self.weak:
                if rule == wanted and (rule == "hint:name" or not self.mmas):
                    found = self._named_columns(*self._in_attention(letter, rule))
                    if not self._columns_taken(var, found, named):
                        named.setdefault(self.find(var), found)
        return named

    def _columns_taken(self, var: int, found: tuple, named: dict) -> bool:
        """Whether a structural rule's columns (N, or D in attention) for `var` would make a second columns mode of
        a tensor whose other mode another rule named the columns first (`local_tile(weight, (2, 4), (channel_group,
        0))`: the channel index's name makes the tiler's rows position the columns, and its columns position, the
        filter taps, is then neither: `?`). One rule naming several leaves columns (a `(rows, cols / 2, 2)` view) is
        not this."""
        letter, rule = found
        if letter not in ("N", "D") or rule not in _STRUCTURAL | {"name.attention"} or self.mmas:
            return False
        root = self.find(var)
        for modes in self.siblings:
            roots = [self.find(v) for v in modes]
            if root in roots and any(r != root and named.get(r, (None, None))[0] == letter
                                     and named[r][1] not in _STRUCTURAL | {"name.attention", rule} for r in roots):
                return True
        return False

    def _named_columns(self, letter: str | None, rule: str) -> tuple:
        """(letter, rule) of a weak suggestion: in a kernel with no MMA whose own names call its columns K
        (`columns_named`: `K = x.shape[1]`, a quantizer's columns a later GEMM contracts), the columns the
        structural rules or an index's name (`col_chunk`) name N (a row's vector, a tile's last mode, a view's
        unit-stride mode) are K
        (`name.columns`); no data flow here tells them from a norm's N, and data flow always wins where it
        decides (an MMA makes `columns_named` unread)."""
        if self.columns_named == "K" and letter == "N" and rule in _NAMED_COLUMNS and not self.mmas:
            return "K", "name.columns"
        return letter, rule

    def _in_attention(self, letter: str | None, rule: str) -> tuple:
        """(letter, rule) of a weak suggestion: in a kernel whose names say attention (`named_attention`, a head
        index, a head dim), the columns the structural rules name N (a row's vector, a tile's last mode) are the head
        dim D (`name.attention`); the rows they name M are no axis (`?`): the host packs tokens, heads and batch into
        them as it chooses, and nothing here tells queries from keys (an index's name, rule name.dims, may)."""
        if self.named_attention and letter in ("M", "N") and rule in _STRUCTURAL:
            return ("D" if letter == "N" else None), "name.attention"
        return letter, rule

    def _token_products(self, mma: dict, order: list, reads: set, named: dict) -> set:
        """A Gram matrix of a chunk's tokens (`self.grams`: X X^T, one tensor read as A and B, a chunked delta
        rule's K K^T) has the key tokens K as its rows and columns and contracts their feature dim D. A product
        reading such (tokens x tokens) values in both A and B (a block of the matrix's triangular inverse, by warp
        MMAs) is one too, over the tokens on all three axes; a product reading them in one slot (U = A V, W = A K)
        keeps the tokens on that side and contracts them, its other axis left to the head dim. Names into
        `named`; returns the chains it decides, which are no softmax scores."""
        tokens = {m for m in order if m in self.grams}
        if not tokens:
            return set()
        sources: dict = {}  # product -> slot -> the products it reads there
        for m1, _, m2, slot, _ in reads:
            sources.setdefault(m2, {}).setdefault(slot, set()).add(m1)
        grown = True
        while grown:
            grown = False
            for m2, by_slot in sources.items():
                if m2 not in tokens and all(by_slot.get(slot, set()) & tokens for slot in "AB"):
                    tokens.add(m2)
                    grown = True
        self.over_tokens = tokens - self.grams
        for m in (m for m in order if m in tokens):
            for axis in "MNK":
                if mma[m][axis] is not None:
                    named.setdefault(mma[m][axis], ("D" if axis == "K" and m in self.grams else "K", "attention"))
        decided = {r for r in reads if r[0] in tokens}
        self.tokens_in_a = self.over_tokens | {m2 for _, _, m2, slot, _ in decided if slot == "A"}
        for _, _, m2, slot, _ in decided:
            for axis in ("M" if slot == "A" else "N", "K"):
                if m2 not in tokens and mma[m2][axis] is not None:
                    named.setdefault(mma[m2][axis], ("K", "attention"))
        self._scores_beside_grams(mma, order, tokens, named)
        return decided

    @staticmethod
    def _scores_beside_grams(mma: dict, order: list, tokens: set, named: dict) -> None:
        """A product that contracts a Gram's feature dim with the Gram's key tokens on one side (Aqk = qg kgk^T
        beside Akk = kgq kgk^T: one B, one contracted axis) is the scores Q K^T, with or without a P V after it in
        the kernel: its other side, which no Gram names, is the queries."""
        for m in order:
            if m in tokens or named.get(mma[m]["K"], (None,))[0] != "D":
                continue
            sides = {axis: named.get(mma[m][axis], (None,))[0] for axis in "MN" if mma[m][axis] is not None}
            if sorted(sides.values(), key=str) == ["K", None]:
                (other,) = (axis for axis, letter in sides.items() if letter is None)
                named[mma[m][other]] = ("Q", "attention")

    def _mixed_atoms(self, mma: dict, named: dict) -> None:
        """A warp MMA's register atom mixing two of its axes (A's rows and K, C's rows and columns) runs along
        the one axis both are: the tokens of a product over a chunk's tokens on all three, or one letter both
        axes were named."""
        for var, m, pair in self.mixed:
            letters = {named.get(mma[m][a], (None,))[0] if mma.get(m, {}).get(a) is not None else None
                       for a in pair}
            letter = "K" if m in self.over_tokens else (letters.pop() if len(letters) == 1 else None)
            if letter is not None:
                named.setdefault(self.find(var), (letter, "attention"))

    def _linear_attention(self, mma: dict, order: list, reads: set, named: dict) -> set:
        """Linear attention's axes, from a recurrent state (`self.states`: an accumulator updated in registers from
        its own old values, h = decay * h + K^T V, and read by another MMA): the state's two axes are feature
        dims D and the axis it contracts is the key tokens K; an MMA reading the state contracts and keeps
        feature dims, and its other axis is the queries Q (O = Q h) unless it is the key tokens already (w h,
        for v' = u - w h). An MMA contracting the key tokens keeps the queries (O = A v'). Names into `named`;
        returns the chains these decide (the state's and its readers'), which are no softmax scores."""
        states = [m for m in order if m in self.states and any(r[0] == m for r in reads)]
        if not states:
            return set()
        decided = {r for r in reads if r[0] in states}
        readers = {r[2] for r in decided}
        # a reader whose accumulator the state's update reads (R = S W^T, then S += R K) is on the keys' side: the
        # update keeps the state's feature dims, so what it contracts of R, R's other axis, is the key tokens
        updating = {r[0] for r in reads if r[2] in states}
        # (a reader accumulating into the tile another product's gemms also write, dv = k dh beside dv += Aqk^T dO, has
        # that product's rows and columns)
        tiles = {(mma[u]["M"], mma[u]["N"]) for u in updating}
        keys = {mma[c]["N" if slot == "A" else "M"] for _, _, c, slot, _ in decided
                if c in updating or (mma[c]["M"], mma[c]["N"]) in tiles}
        contracted = {mma[m]["K"] for m in states} - {None}
        for m in states:
            # updates contracting two token classes (a backward's dh += q^T dO - w^T dv, dv = k dh read by the
            # second): the tokens are queries and keys, so the class that is not the keys is the queries
            over = "Q" if len(contracted) > 1 and keys & contracted and mma[m]["K"] not in keys else "K"
            for axis, letter in (("M", "D"), ("N", "D"), ("K", over)):
                if mma[m][axis] is not None:
                    named.setdefault(mma[m][axis], (letter, "attention"))
        # in issue order: two reads may name one axis, and the first to name it keeps it
        for _, _, c, slot, _ in sorted(decided, key=lambda r: (order.index(r[2]), order.index(r[0]), r[3])):
            kept, other = ("M", "N") if slot == "A" else ("N", "M")
            for axis, letter in ((kept, "D"), ("K", "D"), (other, "K" if c in updating else "Q")):
                if mma[c][axis] is not None:
                    named.setdefault(mma[c][axis], (letter, "attention"))
        decided |= {r for r in reads if r[0] in readers}
        # what a state's update reads from another product (U = A V, then S += K^T U) is on the keys' side: no
        # scores; its axis the update contracts is the keys (`flow._chained_axes` joined them)
        decided |= {r for r in reads if r[2] in states}
        for m in {r[2] for r in decided} - set(states) - readers:
            if named.get(mma[m]["K"], (None,))[0] == "K":
                for axis in "MN":
                    if mma[m][axis] is not None and mma[m][axis] not in named:
                        named[mma[m][axis]] = ("Q", "attention")
        self._keys_side(mma, order, reads, states, readers, named)
        return decided

    @staticmethod
    def _keys_side(mma: dict, order: list, reads: set, states: list, readers: set, named: dict) -> None:
        """A product whose accumulator reaches a recurrent state's update through the products that read it, and
        whose rows are the key tokens (a chunked delta rule's W = T (beta K) and U = T V, T a (tokens x tokens)
        matrix, before V_new = U - W S and S += K^T V_new), maps key tokens to key tokens: the axis it contracts,
        which no state or reader of one names, is the keys too (not a head dim)."""
        reach = set(states)
        grown = True
        while grown:  # the products whose values flow into a state's update
            grown = False
            for m1, _, m2, _, _ in reads:
                if m2 in reach and m1 not in reach:
                    reach.add(m1)
                    grown = True
        for m in order:
            rows, over = mma[m]["M"], mma[m]["K"]
            if m in reach and m not in states and m not in readers and over is not None and over not in named \
                    and named.get(rows, (None,))[0] == "K":
                named[over] = ("K", "attention")

    @staticmethod
    def _chained(mma: dict, reads: set) -> set:
        """The products a chain of values relates to another (`reads`), and every product whose accumulator runs
        along the same axes as one of those: a TiledMma's second score-shaped product (dP^T = V dO^T beside
        S^T = K Q^T) whose own result no chain was traced through is no lone product, its axes are the chained
        one's, so the chain's reading decides them, not names."""
        chained = {r[0] for r in reads} | {r[2] for r in reads}
        rows_cols = {(mma[m]["M"], mma[m]["N"]) for m in chained if None not in (mma[m]["M"], mma[m]["N"])}
        return chained | {m for m in mma if (mma[m]["M"], mma[m]["N"]) in rows_cols}

    def _recurrent_states(self, mma: dict, named: dict) -> None:
        """A product whose A operand holds its own accumulator's values (a state carried across chunks, S <- S M + N,
        its running value written back into TMEM as the operand): the accumulator's columns are the A operand's
        contracted axis, so rows, columns and the contraction are one square state's dims, all D."""
        for m in mma:
            if m in self.recurrences and None not in mma[m].values():
                for axis in "MNK":
                    named.setdefault(mma[m][axis], ("D", "state.recurrence"))

    @staticmethod
    def _named_scores(axes: dict, hinted: dict) -> bool:
        """Whether names call an MMA's rows queries and its columns keys, and nothing calls them GEMM axes: S = Q K^T
        with no second MMA after it (a block selection's scores), which no data flow tells from a GEMM."""
        rows, cols, over = (hinted.get(axes[a], set()) if axes[a] is not None else set() for a in "MNK")
        # (scores contract the head dim: a product over what names call queries or keys is another one)
        return "Q" in rows and "K" in cols and not (rows | cols) & set("MN") and not over & set("QMN")

    @staticmethod
    def _named_result(axes: dict, hinted: dict) -> str | None:
        """The sequence a lone MMA's rows hold where names call its accumulator an attention gradient's tile (rows
        the queries or the keys, columns the head dim: `tdQtdQ`, `sdQ`) and nothing calls them GEMM axes: dQ = dS K
        contracts the keys, dK = dS^T Q the queries, which no data flow of one product tells from a GEMM."""
        rows, cols = (hinted.get(axes[a], set()) if axes[a] is not None else set() for a in "MN")
        sequences = rows & set("QK")
        if len(sequences) != 1 or "D" not in cols or (rows | cols) & set("MN") or cols & set("QK"):
            return None
        return sequences.pop()

    @staticmethod
    def _feeds(mma: dict, m, o) -> bool:
        """Whether MMA `m`'s accumulator (its M and N) is MMA `o`'s A operand, transposed or not."""
        acc = {mma[m]["M"], mma[m]["N"]}
        return None not in acc and len(acc) == 2 and {mma[o]["M"], mma[o]["K"]} == acc

    @staticmethod
    def _feeds_swapped(mma: dict, m, o) -> bool:
        """Whether MMA `o` reads MMA `m`'s accumulator transposed in its B slot, A and B swapped (S^T = K Q^T, then
        O^T = V^T P^T): `o` contracts `m`'s rows and takes `m`'s contraction as its own rows, its A the tile `m`
        read in A seen transposed (one buffer for keys and values, MLA's latent: K-major for S^T, MN-major for O^T).
        `m`'s columns are none of `o`'s axes: the product reaches `o` through a store the modes do not show."""
        rows, cols, over = mma[m]["M"], mma[m]["N"], mma[m]["K"]
        return None not in (rows, cols, over) and len({rows, cols, over}) == 3 and mma[o]["K"] == rows \
            and mma[o]["M"] == over and cols not in mma[o].values()

    def _reader_products(self, reads) -> set:
        """The products that read the scores: the products of one TiledMma issued per row tile (`row_tiles`: one
        B, their A views of one tensor) are one (O = P V for each of a CTA's two query tiles: P0 V into O0, P1 V
        into O1); the gradients that read the scores (dV = P^T dO, dK = dS^T Q) read other Bs."""
        products = set()
        for _, _, reader, _, _ in reads:
            obj = reader[0] if isinstance(reader, tuple) else reader
            products.add(obj if obj in self.row_tiles else reader)
        return products

    def _keys_of_shared_operand(self, mma: dict, scores: list):
        """The score axis that is the keys where a backward's two score-shaped products read one operand buffer in
        one slot: S = Q K^T and dP = dO V^T, both read by one product (dS = P (dP - delta) into dK or dQ), share
        only their keys' side, which one buffer feeds both where the keys and the values are one tensor (MLA's
        latent: S^T = K Q^T and dP^T = K dO^T read K in A; S = Q K^T and dP = dO K^T in B); their other slots
        read Q and dO, never one buffer (one product traced twice reads one buffer in both). None where no two
        products do."""
        readers: dict = {}  # score product -> the products reading its accumulator
        for m1, _, m2, _, _ in self.chains:
            readers.setdefault(m1, set()).add(m2)
        for m1, m2 in itertools.combinations(scores, 2):
            if not readers.get(m1, set()) & readers.get(m2, set()):
                continue
            first, second = self.buffers.get(m1, {}), self.buffers.get(m2, {})
            for slot, other, axis in (("A", "B", "M"), ("B", "A", "N")):
                if first.get(slot, set()) & second.get(slot, set()) and not \
                        first.get(other, set()) & second.get(other, set()) and \
                        mma[m1][axis] is not None and mma[m1][axis] == mma[m2][axis]:
                    return mma[m1][axis]
        return None

    def _keys_by_extent(self, mma: dict, score, rows, cols, reads: list):
        """The score axis that is the keys where no mode a reader shares with the scores says it (P written by hand
        into a flat buffer the reader lays out anew): a reader of the scores contracts their keys, as many per issue
        as one issue of the scores holds, so the one score axis whose tiles are as long as every reader's contracted
        tile is the keys (S^T = K Q^T's 64 key rows against O^T = V^T P^T's 64 contracted keys, beside 16 query
        columns). Forward only: the readers are one MMA (its products per head-dim block), as a backward's gradients
        are not (dV = P^T dO contracts the queries). None where the extents do not single one out, or a reader
        shares an axis with the scores."""
        if len({c[0] if isinstance(c, tuple) else c for _, _, c, _, _ in reads}) != 1 or \
                any(mma[c][a] in (rows, cols) for _, _, c, _, _ in reads for a in "MNK"):
            return None
        own = self.extents.get(score, {})
        contracted = {e for _, _, c, _, _ in reads for e in self.extents.get(c, {}).get("K", {None})}
        if len(contracted) != 1 or None in contracted or len(own.get("M", ())) != 1 or len(own.get("N", ())) != 1:
            return None
        (extent,) = contracted
        hits = [root for root, axis in ((rows, "M"), (cols, "N")) if own[axis] == {extent}]
        return hits[0] if len(hits) == 1 else None

    def _queries_of_statistics(self, rows, cols):
        """The score axis the per-query statistics run along: a vector laid over the score tile with stride 0 along
        its other axis (`self.expansions`: LSE and the dP row sums, read by a backward; a forward's row statistics
        where it views them so), softmax's normalisation being per query whichever axis the kernel put the queries
        on. None where no such view lies along the scores' axes, or where they lie along both (a chunked scan's
        cumulative decay, read by query rows and key columns)."""
        found = {self.find(view) for view, _ in self.expansions} & {rows, cols}
        return found.pop() if len(found) == 1 else None

    @staticmethod
    def _queries_are_rows(mma: dict, rows, cols, reads: list, one_reader: bool) -> bool:
        """Which of the scores' axes is the query sequence. An MMA that reads an accumulator into its own keeps
        one of its axes (its M from the A slot, its N from the B slot) and contracts the other. Forward, one MMA
        reads the scores (O = P V, however many tiles or output stages it reads into): it keeps the queries.
        Backward, several gradients read them: dV = P^T dO and dK = dS^T Q keep the keys, dQ = dS K the
        queries, so there the keys are the axis most of their accumulators keep."""
        kept: dict = {}  # (reading MMA, slot, its accumulator) -> the score axis it keeps
        for _, _, c, slot, result in reads:
            keep = mma[c]["M" if slot == "A" else "N"]
            if keep in (rows, cols):
                kept[(c, slot, result)] = keep
            elif mma[c]["K"] in (rows, cols):  # only the contracted axis is joined: the other is kept
                kept[(c, slot, result)] = cols if mma[c]["K"] == rows else rows
        votes = list(kept.values())
        if not votes:
            return True
        if one_reader and len(set(votes)) == 1:  # forward: one reader, O
            return votes[0] == rows
        keys = max(set(votes), key=votes.count)
        return keys != rows
