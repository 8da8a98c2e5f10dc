"""The one table of rule codes: each code appears here once, mapped to the module that implements it.

>>> sorted(RULES)[:2]
['CI100', 'CI101']
>>> select_codes(["CI10"], ["CI100", "CI103"])[:3]
['CI101', 'CI102', 'CI104']
>>> select_codes(None, [])   # the default set: the rules that find contradictions
['CI100', 'CI102', 'CI103', 'CI104', 'CI105', 'CI106', 'CI107', 'CI110', 'CI111', 'CI112', 'CI113']
"""

from __future__ import annotations

import re
from types import ModuleType

from cute_inspect.lint.rules import (
    bank_conflict,
    copy_pattern_agreement,
    gemm_operand_provenance,
    gemm_pattern_agreement,
    maker_memory,
    memory_agreement,
    mma_operand_letter,
    operand_role,
    partition_name_grammar,
    partition_source_agreement,
    partitioner_origin,
    pattern_provenance,
    separator_style,
    traced_gemm_operands,
    unused_noqa,
)

RULES: dict[str, ModuleType] = {
    rule.CODE: rule
    for rule in (
        unused_noqa,
        partition_name_grammar,
        copy_pattern_agreement,
        gemm_pattern_agreement,
        partitioner_origin,
        partition_source_agreement,
        operand_role,
        memory_agreement,
        separator_style,
        mma_operand_letter,
        pattern_provenance,
        gemm_operand_provenance,
        traced_gemm_operands,
        maker_memory,
        bank_conflict,
    )
}


class _DocumentedCode:
    """A trace check's code documented in its module's docstring (``CI201 comment-modes`` then its sections)."""

    KIND = "trace"

    def __init__(self, code: str, name: str, summary: str, doc: str):
        self.CODE, self.NAME, self.SUMMARY, self.__doc__ = code, name, summary, doc


_SECTION = re.compile(r"^(CI[0-9]{3}) (\S+)$", re.MULTILINE)


def _documented_codes(module: ModuleType) -> dict[str, _DocumentedCode]:
    doc = module.__doc__ or ""
    heads = list(_SECTION.finditer(doc))
    found = {}
    for head, following in zip(heads, heads[1:] + [None]):
        body = doc[head.start(): following.start() if following else len(doc)].strip()
        code = head.group(1)
        found[code] = _DocumentedCode(code, head.group(2), module.CODES[code], body)
    return found


def all_rules() -> dict:
    """Every cute-inspect code: the lint's rules, then the trace checks of `cute-inspect check` (CI2xx shape
    comments, CI3xx API contracts), which `lint --trace` also reports."""
    from cute_inspect.check import (  # imported late: a static lint need not load the trace modules
        comments,
        contracts,
    )

    table = dict(RULES)
    for module in (comments, contracts):
        table.update(_documented_codes(module))
    return dict(sorted(table.items()))


def kind(code: str) -> str:
    """``static`` (checks a file's facts), ``trace`` (checks trace records) or ``suppression`` (checks noqa)."""
    return getattr(RULES[code], "KIND", "static")


_CODE_PREFIX = re.compile(r"CI[0-9]{0,3}")


def is_default(code: str) -> bool:
    """On without ``select``: the rules that find contradictions. Grammar and style rules are opt-in."""
    return getattr(RULES[code], "DEFAULT", True)


def needs_trace(code: str) -> bool:
    return kind(code) == "trace"


def matches(code: str, prefixes: list[str] | tuple[str, ...]) -> bool:
    """True when ``code`` starts with one of ``prefixes`` (``ALL`` matches everything)."""
    return any(prefix == "ALL" or code.startswith(prefix) for prefix in prefixes)


def select_codes(
    select: list[str] | tuple[str, ...] | None,
    ignore: list[str] | tuple[str, ...],
    extend: list[str] | tuple[str, ...] = (),
) -> list[str]:
    """The codes chosen by ``select`` prefixes (None: the default set) and ``extend`` prefixes, less those
    matching ``ignore`` prefixes, in code order."""
    return [
        code
        for code in sorted(RULES)
        if (is_default(code) if select is None else matches(code, select)) or matches(code, extend)
        if not matches(code, ignore)
    ]


def unknown_prefixes(prefixes: list[str] | tuple[str, ...]) -> list[str]:
    """The prefixes that match no cute-inspect code (`all_rules`: the lint's and the trace checks'), likely typos.

    >>> unknown_prefixes(["CI1", "CI301", "CI999", "XX"])
    ['CI999', 'XX']
    """
    def unknown(codes):
        return [prefix for prefix in prefixes if prefix != "ALL" and not (
            _CODE_PREFIX.fullmatch(prefix) and any(code.startswith(prefix) for code in codes))]

    # the trace checks' codes cost their modules' import, so they are looked up only for what the lint's miss
    return unknown(all_rules()) if unknown(RULES) else []
