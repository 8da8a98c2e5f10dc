"""SM80 teaching GEMM on a GPU (sm_80 or newer; run here on Hopper): fresh random inputs, NaN-poisoned output,
relative Frobenius error against float32 torch, and NaN guard bands around every operand so that a read or a
write outside the matrices shows."""
import pytest

try:
    import torch
except ImportError:  # collected all the same: conftest.py skips every gpu test without torch, saying why
    torch = None

pytestmark = pytest.mark.gpu

TOL = {"fp16": 2e-3, "bf16": 8e-3}
SEED = dict(stages=1, ldmatrix=False, smem_epilogue=False)


@pytest.fixture(autouse=True)
def _need_sm80():
    if not torch.cuda.is_available() or torch.cuda.get_device_capability() < (8, 0):
        pytest.skip("needs an sm_80 or newer GPU")


def _guarded(l, rows, cols, dtype, random=True):
    """A (L, rows, cols) view inside a NaN buffer 16 rows and 8 columns larger: the guard band stays NaN
    unless the kernel writes it, and poisons the result if the kernel reads it. The view is random or NaN."""
    buf = torch.full((l, rows + 16, cols + 8), float("nan"), device="cuda", dtype=dtype)
    view = buf[:, :rows, :cols]
    if random:
        view.copy_(torch.randn(l, rows, cols, device="cuda", dtype=dtype))
    return buf, view


def _run(m, n, k, l, dtype="fp16", config=None):
    from gemm._common import reference, torch_dtype
    from gemm.sm80 import make_gemm

    dtype = torch_dtype(dtype)
    _, a = _guarded(l, m, k, dtype)
    _, b = _guarded(l, n, k, dtype)
    d_buf, d = _guarded(l, m, n, dtype, random=False)
    if l == 1:
        a, b, d = a[0], b[0], d[0]
    make_gemm(a, b, d, config=config)()
    torch.cuda.synchronize()
    return d, reference(a, b), d_buf


@pytest.mark.parametrize(
    "mnkl, dtype, config",
    [
        ((512, 512, 512, 1), "fp16", None),  # square, whole tiles
        ((1000, 1000, 200, 1), "fp16", None),  # ragged M, N and K
        ((77, 136, 40, 1), "fp16", None),  # smaller than one tile in M, ragged N and K
        ((129, 264, 1032, 3), "fp16", None),  # batched, every extent ragged
        ((257, 328, 96, 2), "bf16", None),  # bf16
        ((300, 200, 72, 1), "fp16", SEED),  # the seed's loop and epilogue, with predication
        ((200, 136, 520, 1), "fp16", dict(tile_mnk=(64, 64, 64), stages=4)),
        ((384, 256, 4096, 1), "fp16", dict(tile_mnk=(128, 256, 32), stages=2)),
        ((1, 8, 8, 1), "fp16", None),  # one element of work per dimension
    ],
    ids=lambda v: "x".join(map(str, v)) if isinstance(v, tuple) else str(v),
)
def test_matches_float32_torch(mnkl, dtype, config):
    from gemm._common import rel_frobenius_error

    d, ref, _ = _run(*mnkl, dtype=dtype, config=config)
    assert not torch.isnan(d).any(), f"{int(torch.isnan(d).sum())} output elements left unwritten (NaN)"
    err = rel_frobenius_error(d, ref)
    assert err < TOL[dtype], f"relative Frobenius error {err:.3e} >= {TOL[dtype]}"


@pytest.mark.parametrize("config", [None, SEED], ids=["default", "seed"])
def test_writes_nothing_outside_d(config):
    _, _, d_buf = _run(100, 72, 64, 2, config=config)
    assert torch.isnan(d_buf[:, 100:, :]).all(), "rows below D were written"
    assert torch.isnan(d_buf[:, :, 72:]).all(), "columns right of D were written"


def test_launcher_recomputes_on_new_data():
    from gemm._common import reference, rel_frobenius_error
    from gemm.sm80 import make_gemm

    a = torch.randn(256, 128, device="cuda", dtype=torch.float16)
    b = torch.randn(192, 128, device="cuda", dtype=torch.float16)
    d = torch.empty(256, 192, device="cuda", dtype=torch.float16)
    launch = make_gemm(a, b, d)
    for _ in range(2):
        a.copy_(torch.randn_like(a))
        d.fill_(float("nan"))
        launch()
        torch.cuda.synchronize()
        assert rel_frobenius_error(d, reference(a, b)) < TOL["fp16"]


def test_rejects_misaligned_k():
    from gemm.sm80 import make_gemm

    a = torch.randn(64, 12, device="cuda", dtype=torch.float16)
    b = torch.randn(64, 12, device="cuda", dtype=torch.float16)
    d = torch.empty(64, 64, device="cuda", dtype=torch.float16)
    with pytest.raises(ValueError, match="multiples of 8"):
        make_gemm(a, b, d)


def test_rejects_an_arch_the_gpu_cannot_load(monkeypatch):
    from gemm.sm80 import make_gemm

    major, _ = torch.cuda.get_device_capability()
    wrong = "sm_80" if major != 8 else "sm_90a"
    monkeypatch.setenv("CUTE_DSL_ARCH", wrong)
    a = torch.randn(64, 64, device="cuda", dtype=torch.float16)
    with pytest.raises(ValueError, match=f"CUTE_DSL_ARCH={wrong} builds code this sm_{major}"):
        make_gemm(a, a, torch.empty_like(a))
