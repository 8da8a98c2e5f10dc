"""NVIDIA/TensorRT-LLM's CuTeDSL kernels (tensorrt_llm/_torch/cute_dsl_kernels/), loaded file by file from the
GitHub tree under CUTE_INSPECT_GOLD_SOURCES.

The repository is too large to fetch whole: each kernel file (and any helper module it imports) was read from the
stored code index at the commit its wrapper's `SOURCE` pins, byte for byte, into
``NVIDIA+TensorRT-LLM/tensorrt_llm/_torch/cute_dsl_kernels/``. Files are loaded as standalone modules
(`github_file`), so no ``tensorrt_llm`` package __init__ (which imports the whole torch runtime) runs.
"""

import os

from _common import github_file

REPO = "NVIDIA/TensorRT-LLM"
KERNELS = os.path.join("tensorrt_llm", "_torch", "cute_dsl_kernels")


def kernel_file(path: str, name: str):
    """``tensorrt_llm/_torch/cute_dsl_kernels/<path>`` loaded as module ``name``."""
    return github_file(REPO, os.path.join(KERNELS, path), name)
