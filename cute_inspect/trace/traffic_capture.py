"""What the traffic model needs from a copy, read from CuTeDSL type strings while tracing (no IR is emitted).

A ThrCopy's partition keeps its TiledCopy's thread-value layout for that side, the tiler and the tensor it
partitioned; a copy keeps its atom and both operands' types; an MMA keeps its atom. `copy_traffic` turns these
texts into figures after the compile.
"""

from __future__ import annotations

from cute_inspect.trace.shape import mlir_text


def type_text(obj, trait: bool = False) -> str | None:
    """``str(obj.type)`` (an atom's or TiledCopy's trait type with `trait`); None when it has none."""
    if trait:
        obj = getattr(getattr(obj, "_trait", None), "value", None)
    typ = getattr(obj, "type", None)
    return mlir_text(typ) if typ is not None else None


def _trait_type(obj):
    trait = getattr(obj, "_trait", None)
    value = getattr(trait, "value", None)
    return getattr(value, "type", None)


def partition_texts(tiled_copy, tensor, op: str) -> dict | None:
    """What a ``partition_S``/``partition_D`` of `tensor` by `tiled_copy` keeps: the side's TV layout, the tiler,
    the tensor's type; None when `tiled_copy` is not a TiledCopy."""
    typ = _trait_type(tiled_copy)
    text = type_text(tensor)
    if typ is None or text is None or not hasattr(typ, "tiler_mn"):
        return None
    tv = typ.layout_src_tv_tiled if op == "partition_S" else typ.layout_dst_tv_tiled
    return {"tiled": mlir_text(typ), "tv": mlir_text(tv), "tiler": mlir_text(typ.tiler_mn), "tensor": text}


def capture(op: str, bound: dict, meta: dict) -> None:
    """Store the texts the traffic model reads in a record's `meta`, for partition_S/D, copy and gemm."""
    if op in ("partition_S", "partition_D"):
        texts = partition_texts(bound.get("self"), bound.get("src") if op == "partition_S" else bound.get("dst"), op)
        if texts is not None:
            meta["copy_tv"] = texts
    elif op == "copy":
        typ = _trait_type(bound.get("atom"))
        src, dst = bound.get("src"), bound.get("dst")
        if typ is None or isinstance(src, (list, tuple)) or isinstance(dst, (list, tuple)):
            return
        meta["copy_atom"] = {"atom": mlir_text(typ), "src": type_text(src), "dst": type_text(dst)}
    elif op == "gemm":
        typ = _trait_type(bound.get("atom"))
        if typ is not None:
            meta["mma_atom"] = mlir_text(typ)
