"""Hostile input to the language server (issue 28): every request is answered (a result or an error response),
positions are in the negotiated encoding, nothing the user owns is written, and ``exit`` follows the protocol.

The client here is raw JSON-RPC over the server's stdin and stdout, so that it can send what no well-behaved
client library would (negative positions, strings for numbers, bytes that are not JSON). Nothing compiles.
"""

from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from _cli import child_env
from _hostile import ROOT, changed, snapshot

KERNEL = "@cute.kernel\ndef k(thr_mma, gA):\n    tCgB = thr_mma.partition_A(gA)\n    return tCgB\n"
EMOJI = "@cute.kernel\ndef k(thr_mma, gA):\n    e = '😀😀'; tCgB = thr_mma.partition_A(gA)\n    return tCgB\n"
INVALID_PARAMS, METHOD_NOT_FOUND = -32602, -32601


class Client:
    """A language server in a subprocess, spoken to frame by frame."""

    def __init__(self, cwd: Path, *args: str):
        self.process = subprocess.Popen([sys.executable, "-m", "cute_inspect", "lsp", *args], cwd=cwd,
                                        env=child_env(PYTHONPATH=str(ROOT)), stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.messages: queue.Queue = queue.Queue()
        self.next_id = 0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        stream = self.process.stdout
        while True:
            length = None
            while True:
                header = stream.readline()
                if not header:
                    return
                if header in (b"\r\n", b"\n"):
                    break
                if header.lower().startswith(b"content-length:"):
                    length = int(header.split(b":")[1])
            self.messages.put(json.loads(stream.read(length)))

    def send_raw(self, body: bytes) -> None:
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def notify(self, method: str, params) -> None:
        self.send_raw(json.dumps({"jsonrpc": "2.0", "method": method, "params": params}).encode())

    def request(self, method: str, params, timeout: float = 30) -> dict:
        """The server's response to one request (its "result" or "error")."""
        self.next_id += 1
        wanted = self.next_id
        self.send_raw(json.dumps({"jsonrpc": "2.0", "id": wanted, "method": method, "params": params}).encode())
        return self.wait(lambda m: m.get("id") == wanted and "method" not in m, timeout)

    def wait(self, matches, timeout: float = 30) -> dict:
        while True:
            message = self.messages.get(timeout=timeout)
            if "method" in message and "id" in message:  # a request of the server's (a refresh): answer it
                self.send_raw(json.dumps({"jsonrpc": "2.0", "id": message["id"], "result": None}).encode())
            if matches(message):
                return message

    def initialize(self, root: Path, encodings=None, options=None) -> dict:
        general = {"positionEncodings": encodings} if encodings else {}
        answer = self.request("initialize", {"processId": None, "rootUri": root.as_uri(),
                                             "capabilities": {"general": general},
                                             "initializationOptions": options or {}})
        self.notify("initialized", {})
        return answer

    def open(self, uri: str, text: str) -> None:
        self.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "python", "version": 1,
                                                              "text": text}})

    def diagnostics(self, uri: str) -> list:
        return self.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                         and m["params"]["uri"] == uri)["params"]["diagnostics"]

    def close(self) -> int:
        if self.process.poll() is None:
            self.process.kill()
        return self.process.wait(timeout=30)


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    root = tmp_path_factory.mktemp("lsp")
    (root / "pyproject.toml").write_text('[tool.cute-inspect]\ntrace-targets = ["nowhere:f@sm_90a"]\n')
    (root / "k.py").write_text(KERNEL)
    (root / "emoji.py").write_text(EMOJI)
    (root / "latin").mkdir()
    (root / "latin" / "pyproject.toml").write_bytes(b'[tool.cute-inspect]\nselect = ["CI1\xe9"]\n')
    (root / "latin" / "k.py").write_text(KERNEL)
    return root


@pytest.fixture(scope="module")
def server(folder):
    client = Client(folder, "--no-trace-on-open")
    before = snapshot(folder)
    client.initialize(folder)
    yield client
    client.close()
    assert changed(before, snapshot(folder)) == set(), "the language server wrote into the workspace"


def _position(line, character):
    return {"line": line, "character": character}


def _text_document(uri):
    return {"textDocument": {"uri": uri}}


@pytest.mark.parametrize("uri", ["file:///nonexistent/k.py", "untitled:Untitled-1", "git:/k.py?ref=HEAD",
                                 "file:///dev/null"])
def test_hover_on_a_document_that_is_not_there_answers_empty(server, uri):
    answer = server.request("textDocument/hover", {**_text_document(uri), "position": _position(0, 0)})
    assert "error" not in answer and answer["result"] is None


@pytest.mark.parametrize("uri", ["file:///nonexistent/k.py", "untitled:Untitled-2"])
def test_code_action_on_a_document_that_is_not_there_answers_empty(server, uri):
    answer = server.request("textDocument/codeAction", {
        **_text_document(uri), "range": {"start": _position(0, 0), "end": _position(3, 0)},
        "context": {"diagnostics": []}})
    assert "error" not in answer and answer["result"] == []


def test_an_opened_untitled_buffer_is_answered(server):
    server.open("untitled:Untitled-3", KERNEL)
    answer = server.request("textDocument/hover", {**_text_document("untitled:Untitled-3"),
                                                   "position": _position(2, 6)})
    assert "error" not in answer and answer["result"] is None


def test_inlay_hints_of_a_missing_file_answer_empty(server):
    answer = server.request("textDocument/inlayHint", {**_text_document("file:///nonexistent/k.py"),
                                                       "range": {"start": _position(0, 0), "end": _position(9, 0)}})
    assert "error" not in answer and answer["result"] == []


@pytest.mark.parametrize("params", [
    {"position": _position(-1, 0)},
    {"position": _position(0, -5)},
    {"position": {"line": "two", "character": 0}},
    {"position": {"line": [1], "character": 0}},
    {"position": None},
    {},
], ids=["negative-line", "negative-character", "string-line", "list-line", "null-position", "no-position"])
def test_mistyped_params_get_an_error_response(server, folder, params):
    answer = server.request("textDocument/hover", {**_text_document((folder / "k.py").as_uri()), **params})
    assert answer["error"]["code"] == INVALID_PARAMS
    still = server.request("textDocument/hover", {**_text_document((folder / "k.py").as_uri()),
                                                  "position": _position(0, 0)})
    assert "error" not in still  # and the server goes on


def test_an_unknown_method_gets_method_not_found(server):
    assert server.request("cute/bogus", {})["error"]["code"] == METHOD_NOT_FOUND


def test_a_body_that_is_not_json_does_not_stop_the_server(server, folder):
    server.send_raw(b"{this is not json")
    answer = server.request("textDocument/hover", {**_text_document((folder / "k.py").as_uri()),
                                                   "position": _position(0, 0)})
    assert "error" not in answer


def test_a_position_past_the_end_answers_empty(server, folder):
    answer = server.request("textDocument/hover", {**_text_document((folder / "k.py").as_uri()),
                                                   "position": _position(10_000, 10_000)})
    assert "error" not in answer and answer["result"] is None


def test_a_non_utf8_pyproject_does_not_break_hovers(server, folder):
    uri = (folder / "latin" / "k.py").as_uri()
    server.open(uri, KERNEL)
    answer = server.request("textDocument/hover", {**_text_document(uri), "position": _position(2, 6)})
    assert "error" not in answer


def _utf16(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def test_diagnostics_and_fixes_count_utf16_units(server, folder):
    uri = (folder / "emoji.py").as_uri()
    server.open(uri, EMOJI)
    line = EMOJI.splitlines()[2]
    start = _utf16(line[:line.index("tCgB")])
    diagnostics = server.diagnostics(uri)
    assert diagnostics[0]["range"]["start"] == _position(2, start)
    actions = server.request("textDocument/codeAction", {
        **_text_document(uri), "range": {"start": _position(2, 0), "end": _position(2, 0)},
        "context": {"diagnostics": diagnostics}})["result"]
    edits = actions[0]["edit"]["changes"][uri]
    assert {"start": _position(2, start), "end": _position(2, start + 4)} in [e["range"] for e in edits]


def test_a_form_feed_or_line_separator_above_does_not_shift_diagnostics(server, folder):
    text = "@cute.kernel\ndef k(thr_mma, gA):\n    s = 'a\f\u2028b'\n    tCgB = thr_mma.partition_A(gA)\n"
    uri = (folder / "separators.py").as_uri()
    server.open(uri, text)
    assert server.diagnostics(uri)[0]["range"]["start"] == _position(3, 4)


def test_changes_are_whole_texts_so_separators_cannot_shift_an_edit(server, folder):
    uri = (folder / "changed.py").as_uri()
    server.open(uri, "x = 1\n")
    server.diagnostics(uri)
    text = "@cute.kernel\ndef k(thr_mma, gA):\n    s = '\f\u2028\x85'\n\n    tCgB = thr_mma.partition_A(gA)\n"
    server.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                             "contentChanges": [{"text": text}]})
    assert server.diagnostics(uri)[0]["range"]["start"] == _position(4, 4)


def test_the_server_asks_for_whole_texts(folder):
    client = Client(folder, "--no-trace-on-open")
    try:
        sync = client.initialize(folder)["result"]["capabilities"]["textDocumentSync"]
        assert sync["change"] == 1  # Full: pygls' incremental edits count lines as str.splitlines does
    finally:
        client.close()


def test_a_20000_term_expression_is_answered(server, folder):
    uri = (folder / "deep.py").as_uri()
    server.open(uri, "x = " + "+".join(["a"] * 20000) + "\n")
    assert server.diagnostics(uri) == []
    answer = server.request("textDocument/codeAction", {**_text_document(uri), "range": {
        "start": _position(0, 0), "end": _position(0, 0)}, "context": {"diagnostics": []}})
    assert answer["result"] == []


def test_utf8_positions_when_the_client_asks_for_them(folder):
    client = Client(folder, "--no-trace-on-open")
    try:
        answer = client.initialize(folder, encodings=["utf-8"])
        assert answer["result"]["capabilities"]["positionEncoding"] == "utf-8"
        uri = (folder / "emoji.py").as_uri()
        client.open(uri, EMOJI)
        line = EMOJI.splitlines()[2]
        assert client.diagnostics(uri)[0]["range"]["start"] == _position(2, len(line[:line.index("tCgB")].encode()))
    finally:
        client.close()


def test_exit_without_shutdown_exits_1(folder):
    client = Client(folder, "--no-trace-on-open")
    client.initialize(folder)
    client.notify("exit", None)
    assert client.process.wait(timeout=30) == 1


def test_shutdown_then_exit_exits_0(folder):
    client = Client(folder, "--no-trace-on-open")
    client.initialize(folder)
    assert "error" not in client.request("shutdown", None)
    client.notify("exit", None)
    assert client.process.wait(timeout=30) == 0


def test_a_closed_input_ends_the_server(folder):
    client = Client(folder, "--no-trace-on-open")
    client.initialize(folder)
    client.process.stdin.close()
    assert client.process.wait(timeout=30) == 1


@pytest.mark.parametrize("how", ["option", "initialization"])
def test_trace_on_open_can_be_turned_off(folder, how):
    client = Client(folder, *(["--no-trace-on-open"] if how == "option" else []))
    try:
        client.initialize(folder, options={"traceOnOpen": False} if how == "initialization" else None)
        client.open((folder / "k.py").as_uri(), KERNEL)
        client.diagnostics((folder / "k.py").as_uri())
        with pytest.raises(queue.Empty):
            client.wait(lambda m: m.get("method") == "window/logMessage" and "tracing" in m["params"]["message"],
                        timeout=3)
    finally:
        client.close()


def test_trace_on_open_is_on_by_default_and_says_how_to_turn_it_off(folder):
    client = Client(folder)
    try:
        client.initialize(folder)
        client.open((folder / "k.py").as_uri(), KERNEL)
        logged = client.wait(lambda m: m.get("method") == "window/logMessage"
                             and "tracing" in m["params"]["message"])
        assert "nowhere:f@sm_90a" in logged["params"]["message"] and "traceOnOpen" in logged["params"]["message"]
    finally:
        client.close()
