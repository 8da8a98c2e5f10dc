"""Words for what made a tensor, shared by the provenance rules (CI110, CI111): the partitioner object a
reference resolves to, described with the line it was made at.

>>> from cute_inspect.lint.objects import Obj
>>> describe_object(Obj("tma", "make_tiled_tma_atom", "CopyBulkTensorTileG2SOp", 12, "tma_atom_a"), None)
'`tma_atom_a` (made at line 12)'
"""

from __future__ import annotations

from cute_inspect.lint.objects import Obj, Ref


def describe_object(obj: Obj | None, ref: Ref | None) -> str:
    """``tma_atom_a`` (made at line 12), or the parameter / attribute an unresolved reference is."""
    if obj is not None:
        return f"`{obj.name or obj.maker}` (made at line {obj.line})"
    if ref is not None and ref[0] == "any":
        ref = ref[1][0]
    if ref is not None and ref[0] == "param":
        return f"the parameter `{ref[2]}`"
    if ref is not None and ref[0] == "attr":
        return f"`.{ref[1]}`"
    if ref is not None and ref[0] == "elem":
        return f"`{ref[4]}` (element {ref[3]} of the parameter `{ref[2]}`)"
    return "an object this file does not make"


def distinct_objects(a: Ref | None, b: Ref | None) -> bool:
    """Two identities (``Origins.identity`` / ``family``) the file proves are different objects: two objects
    it makes, or two parameters of one function, or two elements it unpacks from its tuple parameters (one object
    passed twice is not how kernels are called)."""
    if a is None or b is None or a == b:
        return False
    if a[0] == "obj" and b[0] == "obj":
        return True
    return a[0] in ("param", "elem") and b[0] in ("param", "elem") and a[1] == b[1]
