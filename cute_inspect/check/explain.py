"""Turn exceptions from a user's compile into the one-line-first messages and exit codes of the CLI."""

from __future__ import annotations

import os
import traceback

from cute_inspect.check.banks import BankConflictError
from cute_inspect.check.contracts import ContractError
from cute_inspect.check.expect import ShapeCheckError
from cute_inspect.check.spec import SpecError
from cute_inspect.findings import EXIT_BAD_INPUT, EXIT_FINDINGS, summary_of
from cute_inspect.trace.source import PACKAGE_DIR, relative
from cute_inspect.trace.target import TargetError, TargetImportError


def _chain(exc: BaseException):
    seen = set()
    while exc is not None and id(exc) not in seen:
        seen.add(id(exc))
        yield exc
        exc = exc.__cause__ or exc.__context__


def _user_frame(exc: BaseException) -> str | None:
    """The innermost traceback frame outside cutlass and cute-inspect: where the user's code broke."""
    own = PACKAGE_DIR
    found = None
    for frame in traceback.extract_tb(exc.__traceback__):
        path = os.path.abspath(frame.filename)
        if (frame.filename.startswith("<") or path.startswith(own) or f"{os.sep}cutlass{os.sep}" in path
                or "site-packages" in path):
            continue
        found = f"{relative(path)}:{frame.lineno}"
    return found


def explain(exc: BaseException) -> tuple[int, str]:
    """(exit code, message) for an exception raised while tracing a target."""
    for e in _chain(exc):
        if isinstance(e, ShapeCheckError):
            return EXIT_FINDINGS, f"shape check failed: {e}"
        if isinstance(e, BankConflictError):
            return EXIT_FINDINGS, f"bank-conflict check failed: {e}"
        if isinstance(e, SpecError):
            where = _user_frame(e) or _user_frame(exc)
            return EXIT_BAD_INPUT, f"{where + ': ' if where else ''}bad shape spec: {e}"
        if isinstance(e, TargetImportError):
            return EXIT_BAD_INPUT, _import_failed(e.__cause__)
        if isinstance(e, TargetError):
            return EXIT_BAD_INPUT, str(e)
        if isinstance(e, ContractError):  # already says where, what went in and which contract broke
            return EXIT_BAD_INPUT, f"compile failed at a CuTe call: {e}"
    where = _user_frame(exc)
    # an exception that came through the DSL failed the compile; any other was raised by the target itself
    compiling = any(f"{os.sep}cutlass{os.sep}" in frame.filename for frame in traceback.extract_tb(exc.__traceback__))
    what = "compile failed" if compiling else "the target raised"
    return EXIT_BAD_INPUT, f"{where + ': ' if where else ''}{what}: {type(exc).__name__}: {summary_of(exc)}"


def _import_failed(exc: BaseException) -> str:
    """``file:line: import failed: ...``, at the line of the user's file that failed (for a syntax error, its own)."""
    if isinstance(exc, SyntaxError) and exc.filename:
        where = f"{relative(os.path.abspath(exc.filename))}:{exc.lineno or 0}"
        return f"{where}: import failed: {type(exc).__name__}: {exc.msg}"
    where = _user_frame(exc)
    return f"{where + ': ' if where else ''}import failed: {type(exc).__name__}: {summary_of(exc)}"
