"""`cute-inspect lsp` end to end: a real LSP client (pytest-lsp) drives the server over stdio, no GPU.

One server serves the module's tests; the repository's pyproject.toml declares its GEMMs as trace-targets, so
opening the SM90 kernel traces them in the server's subprocess.
"""

import asyncio
import functools
import re
import sys
import time
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from _cli import ROOT, cute_inspect
from cute_inspect.lsp.runs import TraceRuns
from cute_inspect.lsp.targets import TraceTarget

pytestmark = pytest.mark.asyncio(loop_scope="module")

SERVER = [sys.executable, "-m", "cute_inspect", "lsp"]
SM90_KERNEL = Path(ROOT, "gemm", "_sm90_kernel.py")
SM100_KERNEL = Path(ROOT, "gemm", "_sm100_kernel.py")
TRACE_WAIT_S = 300  # a bound, not a timing: tracing the three GEMMs takes seconds


@pytest_lsp.fixture(scope="module", config=ClientServerConfig(server_command=SERVER))
async def client(lsp_client: LanguageClient):
    lsp_client.inlay_refreshes = 0

    @lsp_client.feature(types.WORKSPACE_INLAY_HINT_REFRESH)
    def inlay_hint_refresh(params):
        lsp_client.inlay_refreshes += 1

    capabilities = types.ClientCapabilities(workspace=types.WorkspaceClientCapabilities(
        inlay_hint=types.InlayHintWorkspaceClientCapabilities(refresh_support=True)))
    await lsp_client.initialize_session(types.InitializeParams(
        capabilities=capabilities, root_uri=Path(ROOT).as_uri(),
        initialization_options={"inlayHints": True}))
    yield
    await lsp_client.shutdown_session()


def _open(client: LanguageClient, path: Path, text: str | None = None) -> str:
    uri = path.as_uri()
    client.text_document_did_open(types.DidOpenTextDocumentParams(types.TextDocumentItem(
        uri=uri, language_id="python", version=1, text=path.read_text() if text is None else text)))
    return uri


async def _logged(client: LanguageClient, pattern: str) -> str:
    """The first log message matching `pattern`, waiting for it."""
    async def find():
        while True:
            for message in client.log_messages:
                if re.search(pattern, message.message):
                    return message.message
            await asyncio.sleep(0.05)
    return await asyncio.wait_for(find(), TRACE_WAIT_S)


async def _diagnostics(client: LanguageClient, uri: str, check) -> list:
    """The diagnostics published for `uri` once `check` accepts them."""
    async def find():
        while not (uri in client.diagnostics and check(client.diagnostics[uri])):
            await asyncio.sleep(0.05)
        return client.diagnostics[uri]
    return await asyncio.wait_for(find(), TRACE_WAIT_S)


def _line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines()) if needle in line)


async def _hover(client, uri, line, text, name):
    column = text.splitlines()[line].index(name) + 1
    result = await client.text_document_hover_async(types.HoverParams(
        types.TextDocumentIdentifier(uri), types.Position(line, column)))
    return result.contents.value if result else None


@functools.lru_cache
def _text_trace_rows(target, arch, name):
    """(shape, mode names) of `name` as ``cute-inspect trace`` prints them."""
    lines = cute_inspect("trace", target, "--arch", arch).stdout.splitlines()
    row = next(i for i, line in enumerate(lines) if re.search(rf"\s{name}\s", line))
    return lines[row].split()[-1], lines[row + 1].strip()


async def test_hover_shows_the_traced_shape_mode_names_and_levels(client):
    text = SM90_KERNEL.read_text()
    uri = _open(client, SM90_KERNEL)
    await _logged(client, r"traced gemm\.sm90:compile_only@sm_90a")
    assigned = _line_of(text, "tCsA = thr_mma.partition_A(")
    hover = await _hover(client, uri, assigned, text, "tCsA")
    shape, modes = _text_trace_rows("gemm.sm90:compile_only", "sm_90a", "tCsA")
    assert shape.startswith("((") and shape in hover and modes in hover
    assert "mma-atom" in hover and "`partition_A`" in hover and "smem" in hover and "f16" in hover
    assert "MMA partition of the (M,K,...) tensor" in hover          # the derivation
    used = _line_of(text, "make_fragment_A(tCsA)")                      # a use: the assignment's record
    assert shape in await _hover(client, uri, used, text, "tCsA")


async def test_hover_on_tCgA_in_the_sm100_kernel(client):
    """The SM90 kernel loads A by TMA (tAgA) and has no tCgA; the SM100 kernel's MMA partition of gA is it."""
    text = SM100_KERNEL.read_text()
    uri = _open(client, SM100_KERNEL)
    await _logged(client, r"traced gemm\.sm100:compile_only@sm_100a")
    hover = await _hover(client, uri, _line_of(text, "tCgA = thr_mma.partition_A("), text, "tCgA")
    shape, modes = _text_trace_rows("gemm.sm100:compile_only", "sm_100a", "tCgA")
    assert shape.startswith("((") and shape in hover and modes in hover
    assert "mma-atom" in hover and "block-rest-M" in hover


_KERNEL = """\
import cutlass
import cutlass.cute as cute
from cutlass.cute.runtime import make_fake_compact_tensor

from cute_inspect import expect


@cute.kernel
def tile_kernel(mA: cute.Tensor):
    # (bM, bK)
    gA = cute.local_tile(mA, (128, 64), (0, None))
    expect(gA, "(bM, BK, RestK)", bM=128, BK={bk})


@cute.jit
def tile_host(mA: cute.Tensor):
    tile_kernel(mA).launch(grid=(1, 1, 1), block=(32, 1, 1))


def compile_tile():
    a = make_fake_compact_tensor(cutlass.Float16, (1024, 256), stride_order=(1, 0), assumed_align=16)
    cute.compile(tile_host, a)
"""


async def test_a_broken_target_is_one_diagnostic_at_the_failing_line_until_a_save_fixes_it(client, tmp_path):
    """A failed compile is one error where it failed; once a save fixes it, the trace's comment findings show."""
    (tmp_path / "pyproject.toml").write_text('[tool.cute-inspect]\ntrace-targets = ["kernel.py:compile_tile@sm_80"]\n')
    kernel = tmp_path / "kernel.py"
    kernel.write_text(_KERNEL.format(bk=32))
    uri = _open(client, kernel)
    failing = _line_of(_KERNEL, "expect(gA")
    diagnostics = await _diagnostics(client, uri, lambda d: len(d) > 0)
    assert len(diagnostics) == 1
    assert diagnostics[0].severity == types.DiagnosticSeverity.Error
    assert diagnostics[0].range.start.line == failing
    assert "shape check failed" in diagnostics[0].message and "BK is 32, found 64" in diagnostics[0].message

    fixed = _KERNEL.format(bk=64)
    kernel.write_text(fixed)
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        types.VersionedTextDocumentIdentifier(uri=uri, version=2),
        [types.TextDocumentContentChangeWholeDocument(text=fixed)]))
    client.text_document_did_save(types.DidSaveTextDocumentParams(types.TextDocumentIdentifier(uri)))
    await _logged(client, r"traced kernel\.py:compile_tile@sm_80")
    [comment] = await _diagnostics(client, uri, lambda d: [x.code for x in d] == ["CI201"])
    assert comment.range.start.line == _line_of(fixed, "# (bM, bK)") and "2 modes in the comment" in comment.message
    hover = await _hover(client, uri, _line_of(fixed, "gA = cute.local_tile"), fixed, "gA")
    assert "(128,64,4)" in hover and "block-atom" in hover and "stale" not in hover


async def test_lint_findings_arrive_as_you_type_and_renames_are_code_actions(client, tmp_path):
    path = tmp_path / "k.py"
    # a kernel: the lint does not judge a helper's parameters (gA of a plain function is whatever callers pass)
    text = "@cute.kernel\ndef k(thr_mma, gA):\n    tCgB = thr_mma.partition_A(gA)\n    return tCgB\n"
    uri = _open(client, path, text)
    [diagnostic] = await _diagnostics(client, uri, lambda d: len(d) > 0)
    assert diagnostic.code == "CI105" and diagnostic.range.start == types.Position(2, 4)
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        types.TextDocumentIdentifier(uri), diagnostic.range, types.CodeActionContext([diagnostic])))
    [action] = actions
    edits = action.edit.changes[uri]
    assert {(e.range.start.line, e.range.start.character, e.new_text) for e in edits} == {
        (2, 4, "tCgA"), (3, 11, "tCgA")}
    assert action.is_preferred and action.title == "Rename `tCgB` to `tCgA`"  # the lint's own safe fix
    renamed = text.replace("tCgB", "tCgA")
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        types.VersionedTextDocumentIdentifier(uri=uri, version=2),
        [types.TextDocumentContentChangeWholeDocument(text=renamed)]))
    assert not await _diagnostics(client, uri, lambda d: len(d) == 0)
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        types.VersionedTextDocumentIdentifier(uri=uri, version=3),
        [types.TextDocumentContentChangeWholeDocument(text=text)]))
    await _diagnostics(client, uri, lambda d: len(d) == 1)
    client.text_document_did_close(types.DidCloseTextDocumentParams(types.TextDocumentIdentifier(uri)))
    assert not await _diagnostics(client, uri, lambda d: len(d) == 0)  # the lint saw the editor's text only


async def test_an_unsafe_fix_is_offered_labelled_and_not_preferred(client, tmp_path):
    text = ("@cute.kernel\ndef k(tiled_mma, thr_mma, sA):\n    tCsA = thr_mma.partition_A(sA)\n"
            "    tCrA = tiled_mma.make_fragment_B(tCsA)\n")
    uri = _open(client, tmp_path / "u.py", text)
    [diagnostic] = await _diagnostics(client, uri, lambda d: len(d) > 0)
    [action] = await client.text_document_code_action_async(types.CodeActionParams(
        types.TextDocumentIdentifier(uri), diagnostic.range, types.CodeActionContext([diagnostic])))
    assert diagnostic.code == "CI106" and not action.is_preferred and "(unsafe" in action.title
    [edit] = action.edit.changes[uri]
    assert edit.new_text == ".make_fragment_A" and edit.range.start.line == 3


async def test_inlay_hints_put_the_shape_at_the_end_of_assigning_lines(client):
    uri = _open(client, SM90_KERNEL)
    await _logged(client, r"traced gemm\.sm90:compile_only@sm_90a")
    text = SM90_KERNEL.read_text()
    line = _line_of(text, "tCsA = thr_mma.partition_A(")
    hints = await client.text_document_inlay_hint_async(types.InlayHintParams(
        types.TextDocumentIdentifier(uri), types.Range(types.Position(line, 0), types.Position(line + 1, 0))))
    [hint] = [h for h in hints if h.position.line == line]
    assert client.inlay_refreshes > 0  # each finished trace asks the editor for its hints again
    shape, _ = _text_trace_rows("gemm.sm90:compile_only", "sm_90a", "tCsA")
    assert hint.label == f"tCsA: {shape}" and hint.padding_left
    assert hint.position.character == len(text.splitlines()[line])


def _slow_target(tmp_path, seconds):
    """A target whose function waits `seconds` and compiles nothing (so its trace fails, after the wait)."""
    (tmp_path / "slow.py").write_text(f"import time\n\n\ndef wait():\n    time.sleep({seconds})\n")
    return TraceTarget("slow.py:wait", "sm_80", tmp_path)


async def test_a_newer_request_stops_the_running_trace_of_that_target(tmp_path):
    done = []
    runs = TraceRuns(done.append)
    target = _slow_target(tmp_path, 2)
    runs.request([target])
    await asyncio.sleep(0.5)
    assert runs.busy(target.key)
    again = time.time()
    runs.request([target])
    await runs.wait()
    [run] = done  # the first run was stopped, never reported
    assert run.started >= again and not run.ok and "compiled no kernel" in run.error


async def test_a_trace_past_the_timeout_is_stopped_and_reported(tmp_path):
    done = []
    runs = TraceRuns(done.append, timeout=1)
    runs.request([_slow_target(tmp_path, 60)])
    await runs.wait()
    [run] = done
    assert not run.ok and "took longer than 1 s" in run.error
    assert run.error_path == (tmp_path / "slow.py").resolve()


async def test_stopping_drops_the_queue_and_ends_the_running_trace(tmp_path):
    done = []
    runs = TraceRuns(done.append)
    slow, queued = _slow_target(tmp_path, 600), TraceTarget("slow.py:other", "sm_80", tmp_path)
    runs.request([slow, queued])
    await asyncio.sleep(0.5)
    runs.stop()
    await asyncio.wait_for(runs.wait(), TRACE_WAIT_S)  # returns once the 600 s trace's process has ended
    assert done == [] and not runs.busy(slow.key) and not runs.busy(queued.key)
