"""The public CuTeDSL code the gold tests lint: pinned PyPI packages that .ci/setup installs with
``pip install --no-deps`` (their files are read, never imported), and a way to lint them with the defaults.

Run it to print every default finding, for judging: ``python -m tests.lint_gold.packages``.
"""

from __future__ import annotations

import importlib.metadata
from pathlib import Path

from cute_inspect.lint import lint_paths

# distribution -> (version pinned in .ci/setup, the CuTeDSL directory inside it)
PACKAGES = {
    "flash-attn-4": ("4.0.0b36", "flash_attn/cute"),
    "quack-kernels": ("0.6.5", "quack"),
    "flashinfer-python": ("0.7.2.post1", "flashinfer"),
    "nvidia-cutlass-operators": ("0.3.0", "cutlass"),
    "flashlib": ("0.4.0", "flashlib"),
    "dist-moe": ("0.1.0", "dist_moe"),
    "flash-msa": ("0.1.1", "flash_msa"),
    "kernel-fun": ("0.2.0", "kernel_fun"),
    "nvidia-cudnn-frontend": ("1.32.0", "cudnn"),
    "sglang": ("0.5.23", "sglang/kernels"),
    "mjolnir-kernel": ("0.1.0", "mjolnir"),
    "nemo-automodel": ("0.7.0", "nemo_automodel/components/models/minimax_m3_vl/kernels"),
    "liger-kernel": ("0.8.5", "liger_kernel"),
    "transformer-engine": ("2.20.2", "transformer_engine"),
    "vllm": ("0.33.0", "vllm"),
    "parallax-kernel": ("0.1.1", "parallax/cute"),
    "tokenspeed-kernel": ("0.1.4", "tokenspeed_kernel"),
    "lightmoe": ("0.1.0", "lightmoe"),
    "turbo-attn": ("0.70.1", "tkv/kernels/cuda/prefill"),
}
# The default rule set, whatever a pyproject.toml above the installed packages says.
DEFAULTS = {"select": None, "extend_select": (), "ignore": (), "per_file_ignores": (), "exclude": ()}


def root(distribution: str) -> Path:
    """The installed package's directory (site-packages/<dir>); checks the pinned version is installed."""
    version, directory = PACKAGES[distribution]
    dist = importlib.metadata.distribution(distribution)
    if dist.version != version:
        raise RuntimeError(f"{distribution} {dist.version} is installed; .ci/setup pins {version}")
    return Path(dist.locate_file(directory))


def default_findings(distribution: str) -> list[tuple[str, int, str, str]]:
    """(path inside the package, line, code, message) of every default finding, sorted."""
    base = root(distribution)
    report = lint_paths([str(base)], DEFAULTS)
    return sorted(
        (Path(f.path).relative_to(base.parent).as_posix(), f.line, f.code, f.message) for f in report.findings
    )


if __name__ == "__main__":
    for name in PACKAGES:
        for path, line, code, message in default_findings(name):
            print(f"{name}\t{path}:{line}\t{code}\t{message}")
