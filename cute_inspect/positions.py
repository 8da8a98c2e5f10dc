"""One model of lines and columns, shared by lint, ``--fix``, check's findings and the language server.

A line is what Python's tokenizer and ``ast`` call a line: text up to ``\\n``, ``\\r\\n`` or ``\\r``. A form feed,
``\\x1c``-``\\x1e``, ``\\x85`` or U+2028 inside a string or comment does not end one (``str.splitlines`` says it does,
and edits made with its numbering land on the wrong line). Columns are 1-based **characters** on the command line
and in SARIF; ``ast`` counts UTF-8 bytes (`char_column` converts); the language server speaks the client's
negotiated encoding, UTF-16 code units by default (`to_units`, `from_units`).

>>> source_lines("a = '\\f'\\nb = 1\\r\\nc\\u2028 = 2\\n")
["a = '\\x0c'\\n", 'b = 1\\r\\n', 'c\\u2028 = 2\\n']
>>> char_column("é = 1", 3)     # byte offset 3 (after 'é ') is the third character
3
>>> to_units("😀x", 1, "utf-16"), from_units("😀x", 2, "utf-16")
(2, 1)
"""

from __future__ import annotations

import io


def source_lines(text: str) -> list[str]:
    """``text`` split into lines as Python numbers them, each with its line ending."""
    return io.StringIO(text, newline="").readlines()


def line_at(text: str, line: int) -> str:
    """Line ``line`` (from 1) of ``text`` without its ending, or "" past the end."""
    lines = source_lines(text)
    return lines[line - 1].rstrip("\r\n") if 0 < line <= len(lines) else ""


def char_column(line_text: str, byte_offset: int) -> int:
    """The 0-based character index of a 0-based UTF-8 byte offset in ``line_text`` (as ``ast`` reports them)."""
    if line_text.isascii():
        return byte_offset
    return len(line_text.encode("utf-8")[:byte_offset].decode("utf-8", "ignore"))


def _units(char: str, encoding: str) -> int:
    if encoding == "utf-8":
        return len(char.encode("utf-8"))
    if encoding == "utf-16":
        return 2 if ord(char) > 0xFFFF else 1
    return 1


def to_units(line_text: str, index: int, encoding: str = "utf-16") -> int:
    """The column, in ``encoding``'s code units (``utf-8``, ``utf-16`` or ``utf-32``), of character ``index``."""
    return sum(_units(c, encoding) for c in line_text[:index]) + max(index - len(line_text), 0)


def from_units(line_text: str, units: int, encoding: str = "utf-16") -> int:
    """The character index at column ``units`` (in ``encoding``'s code units); past the line's end, its length."""
    counted = 0
    for index, char in enumerate(line_text):
        if counted >= units:
            return index
        counted += _units(char, encoding)
    return len(line_text)
