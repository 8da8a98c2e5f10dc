import ctypes

import pytest

import _cli  # noqa: F401 (imported first: it records CUTE_DSL_ARCH before a test module's GEMM import sets it)


def _cuda_devices() -> int:
    """The CUDA devices the driver sees, asked without torch (0 when there is no driver)."""
    try:
        cuda = ctypes.CDLL("libcuda.so.1")
    except OSError:
        return 0
    count = ctypes.c_int(0)
    if cuda.cuInit(0) != 0 or cuda.cuDeviceGetCount(ctypes.byref(count)) != 0:
        return 0
    return count.value


def _gpu_skip_reason() -> str | None:
    """Why the `gpu` tests cannot run here, or None when they can."""
    if not _cuda_devices():
        return "no CUDA GPU on this machine"
    try:
        import torch
    except ImportError:
        return "torch is not installed: the GPU tests launch kernels on torch tensors (pip install torch)"
    if not torch.cuda.is_available():
        return f"torch {torch.__version__} cannot use the CUDA GPU (a CPU-only build?)"
    return None


def pytest_collection_modifyitems(config, items):
    gpu = [item for item in items if "gpu" in item.keywords]
    reason = _gpu_skip_reason() if gpu else None
    if reason is None:
        return
    skip = pytest.mark.skip(reason=reason)
    for item in gpu:
        item.add_marker(skip)


@pytest.fixture(autouse=True)
def _lint_cache_in_tmp(tmp_path_factory, monkeypatch):
    """`cute-inspect lint` keeps results between runs in the user's cache directory: tests keep theirs apart."""
    monkeypatch.setenv("CUTE_INSPECT_CACHE_DIR", str(tmp_path_factory.mktemp("lint-cache")))
