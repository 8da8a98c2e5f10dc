"""`expect_conflict_free`: state beside a copy that its shared-memory side has no bank conflicts.

Like `expect`, it runs while the DSL traces the kernel and reads only types, so the generated code is the same
with or without it. The copy's lanes come from the partition that made its shared-memory operand: inside a
trace (``cute-inspect trace/check``, ``lint --trace``, ``with cute_inspect.trace()``) from the traced partition,
otherwise from the tensor the copy partitioned, passed as ``smem=``.
"""

from __future__ import annotations

from cute_inspect.check.expect import _checks_enabled
from cute_inspect.check.spec import SpecError
from cute_inspect.trace import copy_traffic as _traffic
from cute_inspect.trace import traffic as _model
from cute_inspect.trace.shape import info_of
from cute_inspect.trace.source import argument_text, caller, relative
from cute_inspect.trace.traffic_capture import partition_texts, type_text


class BankConflictError(AssertionError):
    """A copy that `expect_conflict_free` states is conflict-free has bank conflicts."""


def expect_conflict_free(copy, src, dst, *, smem=None) -> None:
    """Fail the compile if the copy ``cute.copy(copy, src, dst)`` has bank conflicts on its shared-memory side.

    `copy`: the TiledCopy (or the copy atom, when `src`/`dst` come from a TiledCopy partition and a trace is
    active). `smem`: the shared-memory tensor the copy's shared operand was partitioned from, needed outside a
    trace. Example, in a kernel::

        tLsX = thr_load.partition_S(sX)
        cute.copy(load, tLsX, tLrX)
        expect_conflict_free(load, tLsX, tLrX, smem=sX)
    """
    if not _checks_enabled():
        return
    site, _frame = caller()
    atom = type_text(copy, trait=True)
    if atom is None:
        raise SpecError("expect_conflict_free() takes the copy's TiledCopy or copy atom first")
    checked = False
    for side, operand in (("src", src), ("dst", dst)):
        text = type_text(operand)
        if text is None or info_of(text).memspace != "smem":
            continue
        texts = _partition(copy, operand, side, smem)
        try:
            geo = _traffic.geometry(texts["tv"], texts["tiler"], texts["tensor"], text, atom, "smem")
        except _traffic.Unsupported as exc:
            raise SpecError(f"{relative(site.file)}:{site.line}: expect_conflict_free: {exc}") from None
        fig = _model.smem_figure(geo)
        checked = True
        if not fig.conflict_free:
            names = [argument_text(site, i, "expect_conflict_free") or ("src", "dst")[i - 1] for i in (1, 2)]
            lines = [f"{relative(site.file)}:{site.line}: copy `{names[0]} -> {names[1]}` is not conflict-free"]
            lines += ["  " + line for line in _traffic.conflict_message(fig, geo)]
            raise BankConflictError("\n".join(lines))
    if not checked:
        raise SpecError(f"{relative(site.file)}:{site.line}: expect_conflict_free: neither side of the copy is in "
                        "shared memory")


def _partition(copy, operand, side: str, smem) -> dict:
    """The thread-value layout, tiler and whole tensor behind the copy's shared operand."""
    if smem is not None:
        texts = partition_texts(copy, smem, "partition_S" if side == "src" else "partition_D")
        if texts is None:
            raise SpecError("expect_conflict_free(..., smem=...) needs a TiledCopy first (its thread layout)")
        return texts
    from cute_inspect.trace import tracer as _tracer

    record = _tracer.record_of(operand)
    texts = record.meta.get("copy_tv") if record is not None else None
    if texts is None:
        raise SpecError("expect_conflict_free: pass smem=<the shared tensor the copy partitioned> (outside a trace, "
                        "or when the operand was not made by a TiledCopy's partition_S/partition_D)")
    return texts
