"""The hot paths' shortcuts (issue 23's cost, twenty-third round) give what the work they replace gives, and a cache
never answers for another key: element hooks' user frames, literal flat indices, the kernel frame walk, the last
element source, the union-find's roots."""

import os
import random
import sys
import types

import pytest

from cute_inspect.trace import axes, patch, source, tracer
from cute_inspect.trace.shape import DYNAMIC


def _flat_literal_walked(coord, shape):
    """`_flat_literal` as it was: every mode's leaves multiplied at each call."""
    if not isinstance(coord, tuple) or not isinstance(shape, tuple) or len(coord) != len(shape) \
            or not all(isinstance(c, int) for c in coord):
        return None
    flat, step = 0, 1
    for c, mode in zip(coord, shape):
        size = 1
        for extent in (mode if isinstance(mode, tuple) else (mode,)):
            for leaf in (extent if isinstance(extent, tuple) else (extent,)):
                if not isinstance(leaf, int):
                    return None
                size *= leaf
        flat, step = flat + c * step, step * size
    return flat


@pytest.mark.parametrize("coord, shape", [
    ((1, 2), (4, 8)),
    ((3, 1, 2), ((2, 2), 4, 8)),
    ((1, 2), ((4, DYNAMIC), 8)),  # a run-time leaf: no flat index
    ((1, 2), (4, (8, 2))),
    ((1, 2, 0), (4, 8)),  # ranks differ
    ((1, None), (4, 8)),  # a run-time index
    (5, (4, 8)),
    ((1, 2), ([4], 8)),  # a leaf no parser makes, unhashable: worked out, not kept
])
def test_a_flat_literal_index_is_the_one_the_leaves_give(coord, shape, monkeypatch):
    monkeypatch.setattr(tracer, "_MODE_SIZES", {})
    assert tracer._flat_literal(coord, shape) == _flat_literal_walked(coord, shape)
    assert tracer._flat_literal(coord, shape) == _flat_literal_walked(coord, shape)  # from the table


def test_mode_sizes_are_kept_per_shape_and_never_answer_for_another(monkeypatch):
    monkeypatch.setattr(tracer, "_MODE_SIZES", {})
    monkeypatch.setattr(tracer, "_MODE_SIZES_KEPT", 2)
    assert tracer._mode_sizes((4, 8)) == (4, 8)
    assert tracer._mode_sizes(((2, 2), 8)) == (4, 8)
    assert tracer._mode_sizes((4, (8, DYNAMIC))) is None
    assert len(tracer._MODE_SIZES) == 1  # full: emptied before the third was kept
    assert tracer._mode_sizes((4, 8)) == (4, 8) and tracer._mode_sizes((8, 4)) == (8, 4)


def _hook_frames(depth: int):
    """A chain of `depth` of our own frames below the caller's frame: the innermost frame and the caller's."""
    here = sys._getframe(1)
    frames = []

    def down(n):
        if n == 0:
            frames.append(sys._getframe(0))
            return
        down(n - 1)

    down(depth)
    return frames[0], here


def test_the_user_frame_from_a_frame_is_the_one_the_walk_with_directness_finds():
    inner, _caller = _hook_frames(3)
    # tests are user code: the first user frame up from a frame of this file is that frame
    assert source.user_frame_from(inner) is source._first_user(inner)[0] is inner
    assert source.user_frame_from(None) is None
    assert source.user_frame(1) is sys._getframe(0)


_OBSERVER = """
class Observer:
    def on_slice(self, tensor, coord, result):
        seen.append((patch.notified_from, source.user_frame(1)))
        if coord == "nested":  # a wrapped call an observer makes itself
            wrapped_getitem(tensor, "inner", result)
        if coord == "fails":
            raise ZeroDivisionError
"""


def test_an_element_hook_looks_for_the_user_frame_from_the_call_it_observes():
    seen = []

    def plain_getitem(self, crd, *args):
        return crd

    wrapped_getitem = patch._wrap_getitem(plain_getitem)
    # an observer of ours: its frames are skipped as the tracer's are
    namespace = {"seen": seen, "patch": patch, "source": source, "wrapped_getitem": wrapped_getitem}
    exec(compile(_OBSERVER, os.path.join(source.PACKAGE_DIR, "trace", "_observer_of_a_test.py"), "exec"), namespace)
    patch._observers.append(namespace["Observer"]())
    patch._gather_hooks()
    try:
        here = sys._getframe(0)
        wrapped_getitem(object(), 1)
        wrapped_getitem(object(), "nested")
        with pytest.raises(ZeroDivisionError):
            wrapped_getitem(object(), "fails")
    finally:
        patch._observers.pop()
        patch._gather_hooks()
    assert [frame is here for frame, _ in seen] == [True, True, False, True]  # the nested call's: the observer
    assert all(source.user_frame_from(start) is found is here for start, found in seen)
    assert patch.notified_from is None  # restored after the hooks, the nested ones too


def test_an_element_source_is_the_latest_tensors_own(monkeypatch):
    found = {}
    tracer_ = tracer._Tracer(tracer.Trace())
    monkeypatch.setattr(tracer, "_value_key", lambda t: getattr(t, "key", None))
    monkeypatch.setattr(tracer_, "lookup", lambda t: found.setdefault(t.key, (t.key, 0, None)))
    a, b = types.SimpleNamespace(key=1), types.SimpleNamespace(key=2)
    assert tracer_._element_source(a) == (1, 0, None)
    assert tracer_._element_source(a) == (1, 0, None)  # the latest: asked again within one hook
    assert tracer_._element_source(b) == (2, 0, None)
    assert tracer_._element_source(a) == (1, 0, None)  # back to an earlier one: from the table
    assert tracer_._element_source(None) is None
    assert tracer_._element_source(types.SimpleNamespace()) is None  # no value: found nowhere


def test_an_element_write_reads_no_memory_space_once_the_kernel_has_an_mma(monkeypatch):
    read = []

    class Tensor:
        @property
        def memspace(self):
            read.append(1)
            return "rmem"

    tracer_ = tracer._Tracer(tracer.Trace())
    tracer_._element_written_out(Tensor(), None)
    assert read == [1]  # no MMA: its memory space says whether it writes registers out
    tracer_.axes.mmas[0] = None
    tracer_._element_written_out(Tensor(), None)
    assert read == [1]


def _kernel_walk_uncached(frame, symbol):
    """`_current_kernel`'s walk from `frame`, with no frame kept."""
    while frame is not None:
        if tracer._named_in(symbol, frame.f_code.co_name, frame.f_globals.get("__name__", "")):
            return frame.f_code.co_name, source.absolute(frame.f_code.co_filename)
        frame = frame.f_back
    return symbol, None


def test_the_kernel_a_frame_is_in_is_the_one_the_whole_walk_finds(monkeypatch):
    symbol = {"now": "kernel_cutlass_my_kernel_0"}  # a plain function's symbol: its name alone
    monkeypatch.setattr(tracer, "_mlir_function", lambda: symbol["now"])
    monkeypatch.setattr(tracer, "_kernel_frames", {})
    monkeypatch.setattr(tracer, "_kernel_codes", {})
    answers = []

    def loop_body(n):  # the DSL's dynamic loops run bodies of generated names, nested
        if n:
            return loop_body(n - 1)
        frame = sys._getframe(0)
        answers.append((tracer._current_kernel(frame), _kernel_walk_uncached(frame, symbol["now"])))
        return frame

    def my_kernel():
        first = loop_body(3)
        loop_body(2)  # a walk from new frames that meets the frames the first walk passed
        symbol["now"] = "kernel_cutlass_another_0"  # another function's: this frame, kept for the first, is not it
        loop_body(1)
        symbol["now"] = "kernel_cutlass_my_kernel_0"
        return first

    def other_kernel():
        return loop_body(1)

    my_kernel()
    assert any(entry[0] is not None for entry in tracer._kernel_frames.values())
    other_kernel()  # its frames are new, the symbol the same: the walk finds no kernel frame
    symbol["now"] = "kernel_cutlass_other_kernel_0"
    other_kernel()  # another symbol: the frames kept for the first say nothing of it
    assert [a for a, _ in answers] == [b for _, b in answers]
    assert [a[0] for a, _ in answers] == ["my_kernel", "my_kernel", "kernel_cutlass_another_0",
                                          "kernel_cutlass_my_kernel_0", "other_kernel"]


def test_a_walk_through_a_generators_frame_is_not_kept(monkeypatch):
    monkeypatch.setattr(tracer, "_mlir_function", lambda: "kernel_cutlass_my_kernel_0")
    monkeypatch.setattr(tracer, "_kernel_frames", {})
    monkeypatch.setattr(tracer, "_kernel_codes", {})

    def steps():
        yield tracer._current_kernel(sys._getframe(0))

    def my_kernel():
        return next(steps())

    assert my_kernel()[0] == "my_kernel"
    assert tracer._kernel_frames == {}  # the generator is resumed from wherever: its callers are not its own


def test_a_variables_root_is_the_one_the_full_walk_finds():
    rng = random.Random(23)
    union, reference = axes.Axes(), {}

    def root(v):
        while reference.get(v, v) != v:
            v = reference[v]
        return v

    for _ in range(400):
        a, b = rng.randrange(60), rng.randrange(60)
        union.join(a, b)
        ra, rb = root(a), root(b)
        if ra != rb:  # as `_union` roots them: b's root under a's (no key variables here)
            reference[rb] = ra
        v = rng.randrange(60)
        assert union.find(v) == root(v)
    assert union.find(None) is None


def _copies_of_registers_walked(records, views, registers):
    """`flow._copies_of_registers` as it was: every record walked again until nothing grew."""
    held, grew = {registers}, True
    while grew:
        grew = False
        for record in records:
            if record.index in held or record.memspaces[:1] != ("rmem",):
                continue
            if views.get(record.index) in held or held & set(record.meta.get("values_from", ())):
                held.add(record.index)
                grew = True
    return [r for r in records if r.op == "copy" and r.operands and r.operands.get("src") in held
            and r.operands.get("dst") is not None and records[r.operands["dst"]].op in ("partition_S", "partition_D")
            and "32x32b" not in ((r.made_by or {}).get("op") or "")]


def test_the_copies_of_registers_are_those_the_walk_until_nothing_grows_finds():
    from cute_inspect.trace import flow

    rng = random.Random(23)
    for _ in range(30):
        records, views = [], {}
        for i in range(40):
            kind = rng.choice(["rmem", "rmem", "smem", "copy", "partition_S", "partition_D"])
            record = types.SimpleNamespace(index=i, op=kind if kind.startswith(("copy", "partition")) else "make",
                                           memspaces=("smem",) if kind == "smem" else ("rmem",), meta={},
                                           operands=None, made_by=None)
            if i and rng.random() < 0.5:
                record.meta["values_from"] = rng.sample(range(i), min(i, rng.randint(1, 3)))
            if i and rng.random() < 0.2:
                views[i] = rng.randrange(i)
            records.append(record)
        for record in records:
            if record.op == "copy":
                record.operands = {"src": rng.randrange(40), "dst": rng.randrange(40)}
                record.made_by = {"op": rng.choice(["tcgen05.ld.32x32b", "universal", None])}
        copies = flow._RegisterCopies(records, views)
        for registers in range(40):
            assert copies.of(registers) == _copies_of_registers_walked(records, views, registers)


def test_the_callers_above_a_running_frame_are_walked_once_and_are_the_walks_answer():
    tracer_ = tracer._Tracer(tracer.Trace())
    here = source.absolute(__file__)
    answers = []

    def helper(again):
        frame = sys._getframe(0)
        for _ in range(again):  # a helper's CuTe calls all ask from its frame
            answers.append((tracer_._callers_above(frame, here, "my_kernel"),
                            source.callers(frame, here, limit=64, stop_function="my_kernel", columns=False)))

    def my_kernel():
        helper(2)
        helper(1)  # a new frame: walked again

    my_kernel()
    assert [a == b for a, b in answers] == [True] * 3
    assert [a[0][1].f_code.co_name for a, _ in answers] == ["my_kernel"] * 3
    assert answers[0][0] is answers[1][0] and len(tracer_.callers_of) == 2

    def steps():
        yield helper(1)

    def my_kernel_by_a_generator():
        next(steps())

    answers.clear()
    tracer_.callers_of.clear()
    my_kernel_by_a_generator()  # no `my_kernel` above: the walk went on past the generator's frame
    assert answers[0][0] == answers[0][1] and tracer_.callers_of == {}


def _holding_accumulator_values_with_sets(records, views):
    """`flow._holding_accumulator_values` as it was: sets made per register record and pass."""
    held: set = set()
    for _ in range(4):
        size = len(held)
        for record in records:
            if record.op in ("make_fragment_C", "partition_C") and record.made_by and "smem" not in record.memspaces:
                held.add(record.index)
            elif record.op == "gemm" and record.operands and record.operands.get("D") is not None:
                held.add(record.operands["D"])
            elif record.op not in ("copy", "gemm") and set(record.memspaces) <= {"rmem", "tmem"} \
                    and record.memspaces and held & (set(record.inputs) | set(record.meta.get("values_from", ()))
                                                     | {views.get(record.index)}):
                held.add(record.index)
        if len(held) == size:
            break
    return held


def test_the_records_holding_accumulator_values_are_those_the_set_unions_found():
    from cute_inspect.trace import flow

    rng = random.Random(7)
    for _ in range(40):
        records = []
        for i in range(30):
            op = rng.choice(["make_fragment_C", "partition_C", "gemm", "copy", "retile", "make_tensor", "make_tensor"])
            record = types.SimpleNamespace(
                index=i, op=op, made_by={"object": 0} if rng.random() < 0.7 else None, operands=None,
                memspaces=rng.choice([("rmem",), ("tmem",), ("smem",), ("rmem", "smem"), ()]),
                inputs=rng.sample(range(30), rng.randint(0, 2)), meta={})
            if op == "gemm":
                record.operands = {"D": rng.randrange(30)}
            if rng.random() < 0.3:
                record.meta["values_from"] = rng.sample(range(30), 2)
            records.append(record)
        views = {i: rng.randrange(30) for i in range(30) if rng.random() < 0.2}  # registers laid over others by hand
        assert flow._holding_accumulator_values(records, views) == _holding_accumulator_values_with_sets(records, views)
