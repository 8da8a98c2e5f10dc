"""The trace as a small IR: one `Record` per tensor-producing call, in the order the DSL traced them."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from cute_inspect.trace import lazy as _lazy
from cute_inspect.trace import levels as _levels
from cute_inspect.trace import resources as _resources
from cute_inspect.trace.shape import format_shape
from cute_inspect.trace.source import relative

#: The closed set of ops a record can hold.
OPS = (
    "input", "local_tile", "local_partition", "flat_divide", "zipped_divide", "tiled_divide", "logical_divide",
    "group_modes", "partition_A", "partition_B", "partition_C", "partition_S", "partition_D", "retile",
    "tma_partition", "make_fragment_A", "make_fragment_B", "make_fragment_C", "make_tensor", "make_rmem_tensor",
    "copy", "gemm", "domain_offset", "filter_zeros", "make_fragment_like", "make_rmem_tensor_like",
    "recast_tensor", "composition", "select", "flatten", "coalesce", "make_identity_tensor",
)

_DERIVATIONS = {
    "local_tile": "zipped_divide by the tiler -> index the rest modes by the coordinate -> unfold the tile modes",
    "local_partition": "outer partition: the thread layout tiles the tensor, each thread keeps its repeats",
    "flat_divide": "divide each mode by the tiler, flatten: (tile modes..., rest modes..., untouched modes...)",
    "zipped_divide": "divide by the tiler, gather: ((tile modes...), (rest modes..., untouched modes...))",
    "tiled_divide": "divide by the tiler: ((tile modes...), rest modes..., untouched modes...)",
    "logical_divide": "divide each tiled mode into (tile, rest), in place",
    "group_modes": "nest modes [begin, end) into one mode",
    "partition_A": "MMA partition of the (M,K,...) tensor: (mma atom, MMA_RestM, MMA_RestK, carried modes...)",
    "partition_B": "MMA partition of the (N,K,...) tensor: (mma atom, MMA_RestN, MMA_RestK, carried modes...)",
    "partition_C": "MMA partition of the (M,N,...) tensor: (mma atom, MMA_RestM, MMA_RestN, carried modes...)",
    "partition_S": "copy partition of the source: (copy atom, CPY_RestM, CPY_RestN, carried modes...)",
    "partition_D": "copy partition of the destination: (copy atom, CPY_RestM, CPY_RestN, carried modes...)",
    "retile": "re-tile a thread's fragment into the copy atom's value layout: (copy atom, carried modes...)",
    "tma_partition": "grouped (tma tile, rest...) input -> TMA-shaped tile, rest modes carried unchanged",
    "make_fragment_A": "register (or descriptor) fragment shaped like the MMA partition of A",
    "make_fragment_B": "register (or descriptor) fragment shaped like the MMA partition of B",
    "make_fragment_C": "accumulator fragment shaped like the MMA partition of C",
    "make_tensor": "a tensor over a pointer and a layout",
    "make_rmem_tensor": "a register tensor of the given layout",
    "input": "a tensor first seen as an argument (kernel parameter or made by untraced code)",
    "domain_offset": "the same modes, their coordinates offset",
    "filter_zeros": "the same modes, stride-0 modes made size 1",
    "make_fragment_like": "a register fragment shaped like its source, mode for mode",
    "make_rmem_tensor_like": "a register tensor shaped like its source, mode for mode",
    "recast_tensor": "the same modes over another element type",
    "composition": "the source composed with a layout",
    "select": "the modes picked, in the order given",
    "flatten": "the leaf modes, in order",
    "coalesce": "the modes merged where strides allow",
    "make_identity_tensor": "coordinates of a shape: each element is its own (m, n, ...) coordinate",
}


#: Draws a `Trace` or `Record` in a notebook; set by `cute_inspect.render.notebook` (render reads traces, so
#: the trace wing never imports render).
_notebook_view = None


def set_notebook_view(view) -> None:
    """Let `view(trace_or_record)` give what ``_repr_html_`` and ``_repr_markdown_`` return."""
    global _notebook_view
    _notebook_view = view


def _shown(item, kind: str) -> str | None:
    view = _notebook_view or _lazy.notebook_view
    return None if view is None else getattr(view(item), f"_repr_{kind}_")()


@dataclass
class Record:
    """One traced call. Per-output lists (names, shapes, ...) have one entry per tensor the call returned."""

    index: int
    op: str
    names: tuple
    file: str
    line: int
    col: int
    function: str
    kernel: str
    in_shapes: tuple
    shapes: tuple
    layouts: tuple
    memspaces: tuple
    dtypes: tuple
    swizzles: tuple
    levels: tuple
    inputs: tuple = ()
    input_outputs: tuple = ()
    library: bool = False
    # made in a helper module: (file, line, function) from the kernel's own line down to the CuTe call
    chain: tuple = ()
    # a TMEM view over another traced tensor's storage (attention's P written over S): that record's index
    reuses: int | None = None
    # partition/fragment/retile/tma/copy/gemm: the partitioner or atom object that made it (see to_json)
    made_by: dict | None = None
    # gemm: {"D", "A", "B", "C"} and copy: {"src", "dst"} -> the record index of each operand (None: untraced)
    operands: dict | None = None
    meta: dict = field(default_factory=dict)

    @property
    def derivation(self) -> str:
        """How the op builds its shape, in words, then with this call's numbers where they are known."""
        words = _DERIVATIONS.get(self.op, "")
        steps = self.meta.get("steps")
        return f"{words}: {steps}" if steps else words

    @property
    def name(self) -> str:
        """The names joined for display (``tAsA, tAgA``), ``-`` for an unassigned intermediate."""
        shown = [n for n in self.names if n]
        return ", ".join(shown) if shown else "-"

    def labelled_shape(self, i: int = 0) -> str:
        """A shape with each mode's label: ``((128,16) mma-atom, 1 mma-rest-M, 4 mma-rest-K, 16 block-rest-K)``."""
        if not self.shapes:
            return ""
        return _levels.labelled(self.shapes[i], self.levels[i])

    def _repr_html_(self) -> str | None:
        return _shown(self, "html")

    def _repr_markdown_(self) -> str | None:
        return _shown(self, "markdown")

    def to_json(self) -> dict:
        return {
            "index": self.index,
            "names": list(self.names),
            "op": self.op,
            "file": relative(self.file),
            "line": self.line,
            "col": self.col,
            "function": self.function,
            "kernel": self.kernel,
            "library": self.library,
            "in_shapes": [format_shape(s) for s in self.in_shapes],
            "shapes": [format_shape(s) for s in self.shapes],
            "layouts": list(self.layouts),
            "memspaces": list(self.memspaces),
            "dtypes": list(self.dtypes),
            "swizzles": list(self.swizzles),
            "levels": [_levels.to_json(t) for t in self.levels],
            "level_origins": [_levels.origins_json(t) for t in self.levels],
            "leaf_labels": [[str(label) for label in _levels.leaves(s, t)] for s, t in zip(self.shapes, self.levels)],
            "label_rules": [[_levels.rule_name(label, self.index) for label in _levels.leaves(s, t)]
                            for s, t in zip(self.shapes, self.levels)],
            "made_by": self.made_by,
            "operands": self.operands,
            "inputs": list(self.inputs),
            "input_outputs": list(self.input_outputs),
            "derivation": self.derivation,
            "chain": [{"file": relative(f), "line": line, "function": fn} for f, line, fn in self.chain],
            # made in a helper and shown where the kernel binds it: the CuTe call's own place and names there
            "made_at": {**self.meta["made_at"], "file": relative(self.meta["made_at"]["file"])}
            if "made_at" in self.meta else None,
            "reuses": self.reuses,
            **{key: self.meta[key] for key in ("banks", "coalescing") if key in self.meta},
        }


class Trace:
    """All records of one traced run (possibly several compiles and kernels)."""

    def __init__(self):
        self.records: list[Record] = []
        self.arch: str | None = None
        self.target: str | None = None
        self.errors: list[str] = []
        # kernel name -> `resources.KernelResources`: its shared-memory buffers, launch and TMEM columns
        self.resources: dict = {}

    def __iter__(self):
        return iter(self.records)

    def __len__(self) -> int:
        return len(self.records)

    def find(self, name: str) -> list[Record]:
        """Records that assigned `name` (a kernel may assign a name once per traced loop iteration)."""
        return [r for r in self.records if name in r.names]

    def kernels(self) -> list[str]:
        seen: dict = {}
        for r in self.records:
            seen.setdefault(r.kernel, None)
        return list(seen)

    def to_json(self) -> dict:
        out = {"version": 1, "arch": self.arch, "target": self.target, "events": [r.to_json() for r in self.records]}
        budget = _resources.resources_json(self.resources)
        if budget is not None:
            out["resources"] = budget
        return out

    def _repr_html_(self) -> str | None:
        return _shown(self, "html")

    def _repr_markdown_(self) -> str | None:
        return _shown(self, "markdown")

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1)
