"""The language server: hover, diagnostics, code actions and inlay hints for CuTeDSL kernels, over stdio.

- Hover on a tensor name: its traced shape and mode names (as ``cute-inspect trace`` prints them), level labels,
  memory, dtype, the op and its derivation, from the last good trace of a target that covers the file.
- Diagnostics: the lint's findings on open and on every change (static, no compile); after a save, the
  shape-comment and API-contract findings of the targets that cover the file, or one error where a compile failed.
- Code actions: the lint's fixes (`cute_inspect.lint.fix`), safe ones preferred, the others offered as unsafe.
- Inlay hints (``{"inlayHints": true}`` in the initialization options, or ``--inlay-hints``): each traced
  tensor's shape at the end of the line that assigns it.

Which compiles cover a file: ``trace-targets`` in ``[tool.cute-inspect]`` (`cute_inspect.lsp.targets`); opening a
file no trace covers runs them unless ``traceOnOpen`` is false. Positions are in the negotiated encoding (UTF-16
unless the client asks for another), converted from the characters the lint counts (`cute_inspect.positions`).
"""

from __future__ import annotations

import re
import time
from pathlib import Path

from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol
from pygls.uris import from_fs_path, to_fs_path

from cute_inspect.lsp import lookup
from cute_inspect.lsp.runs import TraceRun, TraceRuns
from cute_inspect.lsp.targets import TargetConfigError, TraceTarget, targets_for
from cute_inspect.positions import from_units, line_at, to_units

SOURCE = "cute-inspect"
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
#: Different records one hover shows at most (a statement traced once per kernel or per unrolled iteration).
_MAX_SHOWN = 4


class _Protocol(LanguageServerProtocol):
    """pygls' protocol, but a request whose params do not fit their type (a negative position, a string for a
    number) is answered with an InvalidParams error instead of being dropped unanswered."""

    def structure_message(self, data):
        try:
            return super().structure_message(data)
        except JsonRpcException as error:
            if isinstance(data, dict) and "id" in data and "method" in data:
                self._send_response(data["id"], error=error.to_response_error())
            raise


class CuteInspectServer(LanguageServer):
    """The trace runs, which files were saved or edited since, and which files carry trace diagnostics."""

    def __init__(self, trace_timeout: float = 120.0, inlay_hints: bool = False, trace_on_open: bool = True):
        # Full sync: pygls applies incremental edits by str.splitlines lines, which a form feed or U+2028 inside a
        # string shifts (the editor counts only \n, \r\n, \r); the whole text each time cannot drift
        super().__init__("cute-inspect", "0.1.0", text_document_sync_kind=types.TextDocumentSyncKind.Full,
                         protocol_cls=_Protocol)
        self.runs = TraceRuns(self._traced, timeout=trace_timeout)
        self.inlay_hints = inlay_hints
        self.trace_on_open = trace_on_open
        self.saved_at: dict[Path, float] = {}
        self.edited: set[Path] = set()
        self._reported: set[str] = set()
        self._with_trace_diagnostics: set[Path] = set()

    def log(self, message: str, kind: types.MessageType = types.MessageType.Info) -> None:
        self.window_log_message(types.LogMessageParams(type=kind, message=f"cute-inspect: {message}"))

    def warn_once(self, message: str) -> None:
        if message not in self._reported:
            self._reported.add(message)
            self.window_show_message(types.ShowMessageParams(type=types.MessageType.Warning, message=message))
            self.log(message, types.MessageType.Warning)

    def targets(self, path: Path) -> list[TraceTarget]:
        try:
            return targets_for(path)
        except TargetConfigError as error:
            self.warn_once(str(error))
            return []

    def covering(self, path: Path) -> list[TraceTarget]:
        """The targets whose last run, good or failed, says something about `path`."""
        found = []
        for target in self.targets(path):
            runs = (self.runs.latest.get(target.key), self.runs.good.get(target.key))
            if any(run is not None and path in run.files() for run in runs):
                found.append(target)
        return found

    def good_runs(self, path: Path) -> list[TraceRun]:
        return [run for t in self.covering(path) if (run := self.runs.good.get(t.key))]

    def stale_reason(self, path: Path, run: TraceRun) -> str | None:
        """Why the trace `run` may no longer match `path`, or None when it is current."""
        key = run.target.key
        if self.runs.busy(key):
            return "a newer trace is running"
        latest = self.runs.latest.get(key)
        if latest is not None and not latest.ok:
            return f"the latest trace failed: {latest.error}"
        if path in self.edited:
            return "the file has unsaved changes"
        if self.saved_at.get(path, 0) > run.started:
            return "the file was saved after this trace"
        return None

    def hover_text(self, path: Path, name: str, line: int, source: str) -> str | None:
        """Markdown for `name` at `line` of `path`: its record in the first good trace that has it, or None."""
        for run in self.good_runs(path):
            found = lookup.assignment(run.tensors, path, name, line, source)
            copies = lookup.copies_at(run.copies, path, line, source)
            if not found and not copies:
                continue
            parts = [lookup.hover_markdown(t, n) for t, n in lookup.distinct(found)[:_MAX_SHOWN]]
            parts += [lookup.copy_markdown(c) for c in copies[:_MAX_SHOWN]]
            found = found or copies
            when = time.strftime("%H:%M:%S", time.localtime(run.started))
            footer = f"*{run.target.key}, line {found[0]['line']}, kernel `{found[0]['kernel']}`, traced {when}*"
            stale = self.stale_reason(path, run)
            if stale:
                footer += f"\n\n**stale**: {stale}"
            return "\n\n---\n\n".join(parts + [footer])
        return None

    def _traced(self, run: TraceRun) -> None:
        if run.ok:
            self.log(f"traced {run.target.key} in {run.seconds:.1f} s: {len(run.tensors)} tensors, "
                     f"{len(run.findings)} findings")
        else:
            kept = self.runs.good.get(run.target.key)
            since = ""
            if kept is not None:
                since = f"; hover shows the stale trace of {time.strftime('%H:%M:%S', time.localtime(kept.started))}"
            self.log(f"trace of {run.target.key} failed: {run.error}{since}", types.MessageType.Warning)
        for note in run.notes:
            self.log(f"{run.target.key}: note: {note}")
        for path in run.files() | self._with_trace_diagnostics:
            self.publish(path)
        workspace = self.client_capabilities.workspace
        if self.inlay_hints and workspace and workspace.inlay_hint and workspace.inlay_hint.refresh_support:
            self.workspace_inlay_hint_refresh(None)  # the shapes changed: ask the editor for the hints again

    def trace_diagnostics(self, path: Path) -> list[types.Diagnostic]:
        found = []
        for target in self.covering(path):
            run = self.runs.latest.get(target.key)
            if run is None:
                continue
            if run.ok:
                found += [_diagnostic(f["line"], f["column"], f["code"], f["message"], self._line(path, f["line"]),
                                      self.encoding)
                          for f in run.findings if Path(f["path"]) == path]
            elif run.error_path == path:
                found.append(types.Diagnostic(
                    range=_line_range(run.error_line, self._line(path, run.error_line), self.encoding),
                    message=f"{run.target.key}: {run.error}", severity=types.DiagnosticSeverity.Error, source=SOURCE))
        return found

    def lint_findings(self, path: Path, text: str) -> list:
        """(finding, fix or None) for each lint finding of the editor's `text` of `path`."""
        from cute_inspect.lint import ConfigError
        from cute_inspect.lint.config import ConfigFinder
        from cute_inspect.lint.fix import findings_with_fixes

        try:
            return findings_with_fixes(text, str(path), ConfigFinder().for_file(path))
        except ConfigError as error:
            self.warn_once(str(error))
        except ValueError:  # a half-typed line that does not parse: the editor's Python support reports it
            pass
        return []

    def publish(self, path: Path) -> None:
        uri = from_fs_path(str(path))
        document = self.workspace.text_documents.get(uri)
        diagnostics = []
        if document is not None:
            diagnostics += [_diagnostic(f.line, f.column, f.code, f.message, line_at(document.source, f.line),
                                        self.encoding)
                            for f, _ in self.lint_findings(path, document.source)]
        from_trace = self.trace_diagnostics(path)
        if from_trace:
            self._with_trace_diagnostics.add(path)
        else:
            self._with_trace_diagnostics.discard(path)
        diagnostics += from_trace
        self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=diagnostics))

    @property
    def encoding(self) -> str:
        """The position encoding negotiated with the client: ``utf-16`` unless it asked for another."""
        encoding = getattr(self.workspace, "position_encoding", None)
        return str(getattr(encoding, "value", encoding) or "utf-16")  # pygls gives the enum or the client's string

    def source(self, uri: str) -> str | None:
        """The editor's text of `uri`, else the file's text on disk; None for a missing file or an ``untitled:``
        buffer the client never opened."""
        document = self.workspace.text_documents.get(uri)
        if document is not None:
            return document.source
        path = _path(uri)
        try:
            return path.read_text(encoding="utf-8", errors="replace") if path is not None else None
        except OSError:
            return None

    def _line(self, path: Path, line: int) -> str:
        return line_at(self.source(from_fs_path(str(path))) or "", line)


def _position(line: int, index: int, text: str, encoding: str) -> types.Position:
    """The client's position of character `index` (from 0) on `line` (from 1), whose text is `text`."""
    return types.Position(line - 1, to_units(text, index, encoding))


def _line_range(line: int, text: str, encoding: str) -> types.Range:
    start = len(text) - len(text.lstrip())
    return types.Range(_position(line, start, text, encoding), _position(line, max(len(text), start), text, encoding))


def _diagnostic(line: int, column: int, code: str, message: str, text: str, encoding: str) -> types.Diagnostic:
    """A finding at ``line:column`` (both from 1, the column in characters) covering the identifier that starts
    there, else the line; positions in the client's `encoding`."""
    match = _IDENTIFIER.match(text, max(column - 1, 0))
    if match:
        rng = types.Range(_position(line, match.start(), text, encoding), _position(line, match.end(), text, encoding))
    else:
        rng = _line_range(line, text, encoding)
    return types.Diagnostic(range=rng, message=message, code=code, source=SOURCE,
                            severity=types.DiagnosticSeverity.Warning)


def _path(uri: str) -> Path | None:
    """The file of a ``file:`` URI; None for any other (``untitled:``, ``git:``...)."""
    path = to_fs_path(uri) if uri.startswith("file:") else None
    return Path(path).resolve() if path else None


def build(trace_timeout: float = 120.0, inlay_hints: bool = False, trace_on_open: bool = True) -> CuteInspectServer:
    """The server with its features registered; ``build().start_io()`` serves on stdin/stdout."""
    server = CuteInspectServer(trace_timeout, inlay_hints, trace_on_open)

    @server.feature(types.INITIALIZE)
    def initialize(ls: CuteInspectServer, params: types.InitializeParams):
        options = params.initialization_options or {}
        if isinstance(options, dict) and "inlayHints" in options:
            ls.inlay_hints = bool(options["inlayHints"])
        if isinstance(options, dict) and "traceOnOpen" in options:
            ls.trace_on_open = bool(options["traceOnOpen"])

    @server.feature(types.SHUTDOWN)
    def shutdown(ls: CuteInspectServer, params: None):
        ls.runs.stop()

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: CuteInspectServer, params: types.DidOpenTextDocumentParams):
        path = _path(params.text_document.uri)
        if path is None:
            return
        ls.publish(path)
        if ls.covering(path) or not ls.trace_on_open:
            return
        untraced = [t for t in ls.targets(path) if t.key not in ls.runs.latest and not ls.runs.busy(t.key)]
        if untraced:
            ls.log(f"tracing {', '.join(t.key for t in untraced)} to find the one that covers {path.name} "
                   "(traceOnOpen: false in the initialization options turns this off)")
            ls.runs.request(untraced)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: CuteInspectServer, params: types.DidChangeTextDocumentParams):
        path = _path(params.text_document.uri)
        if path is None:
            return
        ls.edited.add(path)
        ls.publish(path)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: CuteInspectServer, params: types.DidSaveTextDocumentParams):
        path = _path(params.text_document.uri)
        if path is None:
            return
        ls.edited.discard(path)
        ls.saved_at[path] = time.time()
        covering = {t.key for t in ls.covering(path)}
        # A target that never traced well may compile now; one that covers the file sees the saved change.
        wanted = [t for t in ls.targets(path) if t.key in covering or t.key not in ls.runs.good]
        if wanted:
            ls.runs.request(wanted)
        ls.publish(path)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: CuteInspectServer, params: types.DidCloseTextDocumentParams):
        path = _path(params.text_document.uri)
        if path is None:
            return
        ls.edited.discard(path)
        ls.publish(path)  # a closed file keeps its trace's findings only: the lint saw the editor's text

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def hover(ls: CuteInspectServer, params: types.HoverParams):
        path, source = _path(params.text_document.uri), ls.source(params.text_document.uri)
        if path is None or source is None:
            return None
        number = params.position.line + 1
        line = line_at(source, number)
        at = from_units(line, params.position.character, ls.encoding)
        name = next((m for m in _IDENTIFIER.finditer(line) if m.start() <= at <= m.end()), None)
        if name is None:
            return None
        text = ls.hover_text(path, name.group(), number, source)
        if text is None:
            return None
        return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=text),
                           range=types.Range(_position(number, name.start(), line, ls.encoding),
                                             _position(number, name.end(), line, ls.encoding)))

    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION,
                    types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix]))
    def code_action(ls: CuteInspectServer, params: types.CodeActionParams):
        path, source = _path(params.text_document.uri), ls.source(params.text_document.uri)
        if path is None or source is None:
            return []
        first, last = params.range.start.line + 1, params.range.end.line + 1
        actions = []
        for finding, fix in ls.lint_findings(path, source):
            if fix is None or not first <= finding.line <= last:
                continue
            edits = [types.TextEdit(types.Range(
                _position(e.line, e.column - 1, line_at(source, e.line), ls.encoding),
                _position(e.end_line, e.end_column - 1, line_at(source, e.end_line), ls.encoding)), e.text)
                     for e in fix.edits]
            diagnostics = [d for d in params.context.diagnostics
                           if d.code == finding.code and d.range.start.line == finding.line - 1]
            actions.append(types.CodeAction(
                title=fix.title if fix.safe else f"{fix.title} (unsafe: may change what the kernel computes)",
                kind=types.CodeActionKind.QuickFix, diagnostics=diagnostics or None, is_preferred=fix.safe,
                edit=types.WorkspaceEdit(changes={params.text_document.uri: edits})))
        return actions

    @server.feature(types.TEXT_DOCUMENT_INLAY_HINT)
    def inlay_hint(ls: CuteInspectServer, params: types.InlayHintParams):
        path, source = _path(params.text_document.uri), ls.source(params.text_document.uri)
        if not ls.inlay_hints or path is None or source is None:
            return []
        hints = []
        for run in ls.good_runs(path):
            for line, label in sorted(lookup.inlay_labels(run.tensors, path, source).items()):
                if params.range.start.line <= line - 1 <= params.range.end.line:
                    text = line_at(source, line)
                    hints.append(types.InlayHint(position=_position(line, len(text), text, ls.encoding),
                                                 label=label, padding_left=True))
        return hints

    return server
