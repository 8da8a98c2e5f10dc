"""Compare two JSON traces tensor by tensor: what changed shape, layout, memory, dtype or labels, what came and
went, and how each kernel's shared-memory and TMEM budget moved.

Tensors are matched by kernel, function and name, then by order among tensors of the same name (a name assigned
once per unrolled iteration); never by line, so an edit that only moves code changes nothing. An unnamed
intermediate is matched as ``<op>`` (``<partition_S>``) the same way; a tensor made in a body of dynamic control
flow (the DSL names it ``then_block_3``, ``loop_body_6``) counts as its kernel's.

    >>> from cute_inspect.diff import diff_traces
    >>> old = {"events": [{"names": ["gA"], "kernel": "k", "function": "k", "op": "local_tile",
    ...                    "shapes": ["(128,64,4)"], "layouts": ["(128,64,4):(64,1,8192)"],
    ...                    "memspaces": ["gmem"], "dtypes": ["f16"], "levels": [["block-atom-M"]]}]}
    >>> new = {"events": [dict(old["events"][0], shapes=["(64,64,4)"], line=99)]}
    >>> print(diff_traces(old, new).text(), end="")
    k / k:
      ~ gA (local_tile): shape (128,64,4) -> (64,64,4)
    1 tensor changed
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

#: What is compared, per output: (JSON key of the per-output list, the word printed).
FIELDS = (("shapes", "shape"), ("layouts", "layout"), ("swizzles", "swizzle"), ("memspaces", "memory"),
          ("dtypes", "dtype"), ("levels", "levels"), ("leaf_labels", "leaf labels"))
#: What is compared in each kernel's budget (`resources`).
BUDGET_FIELDS = ("smem_bytes", "smem_limit", "tmem_columns", "fits")


_GENERATED = re.compile(r"^(?:loop_body|then_block|else_block|while_\w+|if_\w+|for_\w+)_\d+$")


class TraceFileError(Exception):
    """A file that is not a readable JSON trace; the message names the file and what is wrong."""


@dataclass(frozen=True)
class Tensor:
    """One output of one event, keyed for matching."""

    kernel: str
    function: str
    name: str
    occurrence: int  # 0 for the first tensor of this (kernel, function, name), 1 for the next...
    op: str
    values: dict  # field word -> value
    position: int = 0  # among the trace's tensors: reports list changes in the order the kernel made them

    @property
    def key(self) -> tuple:
        return (self.kernel, self.function, self.name, self.occurrence)

    def label(self) -> str:
        nth = f" #{self.occurrence + 1}" if self.occurrence else ""
        return f"{self.name}{nth} ({self.op})"


@dataclass
class Change:
    old: Tensor
    new: Tensor
    fields: list  # (word, old value, new value)


@dataclass
class TraceDiff:
    """What differs between two traces; empty when `changed` is False."""

    changes: list = field(default_factory=list)
    added: list = field(default_factory=list)
    removed: list = field(default_factory=list)
    budget: list = field(default_factory=list)  # (kernel, word, old, new)

    @property
    def changed(self) -> bool:
        return bool(self.changes or self.added or self.removed or self.budget)

    def text(self) -> str:
        """The differences grouped by kernel and function, then a one-line count."""
        groups: dict = {}
        for c in self.changes:
            lines = [f"  ~ {c.new.label()}: {c.fields[0][0]} {_shown(c.fields[0][1])} -> {_shown(c.fields[0][2])}"]
            lines += [f"      {word} {_shown(a)} -> {_shown(b)}" for word, a, b in c.fields[1:]]
            groups.setdefault((c.new.kernel, c.new.function), []).append((c.new.position, lines))
        for sign, tensors in (("+", self.added), ("-", self.removed)):
            for t in tensors:
                groups.setdefault((t.kernel, t.function), []).append(
                    (t.position, [f"  {sign} {t.label()}: {_summary(t)}"]))
        out = []
        for (kernel, function), entries in groups.items():
            out.append(f"{kernel} / {function}:")
            for _position, lines in sorted(entries, key=lambda e: e[0]):
                out.extend(lines)
        for kernel, word, a, b in self.budget:
            out.append(f"budget of {kernel}: {word} {_shown(a)} -> {_shown(b)}")
        out.append(self.summary())
        return "\n".join(out) + "\n"

    def summary(self) -> str:
        if not self.changed:
            return "no tensor changed"
        parts = [_count(len(self.changes), "tensor changed", "tensors changed"),
                 _count(len(self.added), "added", "added"), _count(len(self.removed), "removed", "removed"),
                 _count(len(self.budget), "budget figure changed", "budget figures changed")]
        return ", ".join(p for p in parts if p)

    def to_json(self) -> dict:
        def tensor(t: Tensor) -> dict:
            return {"kernel": t.kernel, "function": t.function, "name": t.name, "occurrence": t.occurrence,
                    "op": t.op, **t.values}

        return {
            "changed": [{**tensor(c.new), "changes": {w: {"old": a, "new": b} for w, a, b in c.fields}}
                        for c in self.changes],
            "added": [tensor(t) for t in self.added],
            "removed": [tensor(t) for t in self.removed],
            "budget": [{"kernel": k, "field": w, "old": a, "new": b} for k, w, a, b in self.budget],
        }


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}" if n else ""


def _shown(value) -> str:
    if isinstance(value, str):
        return value
    return json.dumps(value, separators=(",", ":"))


def _summary(t: Tensor) -> str:
    v = t.values
    return " ".join(str(v[w]) for w in ("memory", "dtype", "shape") if v.get(w) is not None)


def tensors(trace: dict) -> list:
    """Every output of every event of a JSON trace, keyed (copies and MMAs make no tensor and are skipped)."""
    seen: dict = {}
    found = []
    for event in trace.get("events", []):
        names = event.get("names") or []
        for i, name in enumerate(names):
            values = {}
            for key, word in FIELDS:
                per_output = event.get(key)
                if isinstance(per_output, list) and i < len(per_output):
                    values[word] = per_output[i]
            name = name or f"<{event.get('op', '?')}>"
            kernel, function = str(event.get("kernel")), str(event.get("function"))
            # a body of dynamic control flow is named by the DSL with a counter (`else_block_10`) that any new
            # branch above renumbers: such a tensor belongs to its kernel
            where = (kernel, kernel if _GENERATED.match(function) else function, name)
            occurrence = seen.get(where, 0)
            seen[where] = occurrence + 1
            found.append(Tensor(*where, occurrence, str(event.get("op")), values, len(found)))
    return found


def _budgets(trace: dict) -> dict:
    """Each budget by its kernel's name; a name's later distinct launches (two kernels one factory made) as
    `name#2`, ..., in launch order, as the trace keys them."""
    resources = trace.get("resources") or {}
    found, seen = {}, {}
    for k in resources.get("kernels", []):
        if isinstance(k, dict):
            name = k.get("kernel")
            seen[name] = seen.get(name, 0) + 1
            found[name if seen[name] == 1 else f"{name}#{seen[name]}"] = k
    return found


def diff_traces(old: dict, new: dict) -> TraceDiff:
    """Compare two JSON traces (`Trace.to_json()` or the files `trace --format json` writes)."""
    before = {t.key: t for t in tensors(old)}
    after = {t.key: t for t in tensors(new)}
    result = TraceDiff()
    for key, t in after.items():
        if key not in before:
            result.added.append(t)
            continue
        was = before[key]
        fields = [(word, was.values[word], t.values[word]) for _key, word in FIELDS
                  if word in was.values and word in t.values and was.values[word] != t.values[word]]
        if fields:
            result.changes.append(Change(was, t, fields))
    result.removed = [t for key, t in before.items() if key not in after]
    old_budgets, new_budgets = _budgets(old), _budgets(new)
    for kernel, budget in new_budgets.items():
        was = old_budgets.get(kernel)
        if was is None:
            continue
        for word in BUDGET_FIELDS:
            if was.get(word) != budget.get(word):
                result.budget.append((kernel, word, was.get(word), budget.get(word)))
    return result


def load_trace(path: str) -> dict:
    """Read a JSON trace; raises `TraceFileError` saying what is wrong with the file."""
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except FileNotFoundError:
        raise TraceFileError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise TraceFileError(f"{path}: is a directory; give a JSON trace (trace --format json -o FILE)") from None
    except OSError as error:
        raise TraceFileError(f"{path}: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise TraceFileError(f"{path}: not UTF-8 text; give a JSON trace (trace --format json -o FILE)") from None
    except json.JSONDecodeError as error:
        raise TraceFileError(f"{path}:{error.lineno}: not JSON ({error.msg}); "
                             "give a JSON trace (trace --format json -o FILE)") from None
    if not isinstance(data, dict) or not isinstance(data.get("events"), list):
        raise TraceFileError(f"{path}: not a cute-inspect trace (no \"events\" list); "
                             "make one with `cute-inspect trace TARGET --format json -o FILE`")
    for n, event in enumerate(data["events"]):
        if not isinstance(event, dict) or not isinstance(event.get("names", []), list):
            raise TraceFileError(f"{path}: event {n} is not a trace event (an object with a \"names\" list)")
    return data
