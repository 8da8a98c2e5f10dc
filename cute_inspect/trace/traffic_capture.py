"""What the traffic model needs from a copy, read from CuTeDSL type strings while tracing (no IR is emitted).

A ThrCopy's partition keeps its TiledCopy's thread-value layout for that side, the tiler and the tensor it
partitioned; a copy keeps its atom and both operands' types; an MMA keeps its atom. `copy_traffic` turns these
texts into figures after the compile.
"""

from __future__ import annotations


def _type_text(obj) -> str | None:
    typ = getattr(obj, "type", None)
    return str(typ) if typ is not None else None


def _trait_type(obj):
    trait = getattr(obj, "_trait", None)
    value = getattr(trait, "value", None)
    return getattr(value, "type", None)


def capture(op: str, bound: dict, meta: dict) -> None:
    """Store the texts the traffic model reads in a record's `meta`, for partition_S/D, copy and gemm."""
    if op in ("partition_S", "partition_D"):
        typ = _trait_type(bound.get("self"))
        tensor = _type_text(bound.get("src") if op == "partition_S" else bound.get("dst"))
        if typ is None or tensor is None:
            return
        tv = typ.layout_src_tv_tiled if op == "partition_S" else typ.layout_dst_tv_tiled
        meta["copy_tv"] = {"tiled": str(typ), "tv": str(tv), "tiler": str(typ.tiler_mn), "tensor": tensor}
    elif op == "copy":
        typ = _trait_type(bound.get("atom"))
        src, dst = bound.get("src"), bound.get("dst")
        if typ is None or isinstance(src, (list, tuple)) or isinstance(dst, (list, tuple)):
            return
        meta["copy_atom"] = {"atom": str(typ), "src": _type_text(src), "dst": _type_text(dst)}
    elif op == "gemm":
        typ = _trait_type(bound.get("atom"))
        if typ is not None:
            meta["mma_atom"] = str(typ)
