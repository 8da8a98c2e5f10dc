"""CUTLASS's Blackwell Mamba2 SSD example (cute/blackwell/kernel/attention/mamba2_ssd/mamba2_ssd.py), sm_100a,
through the wrapper in examples/ (the example's run() defaults, static extents)."""

import _sources

ARCH = "sm_100a"


def compile_only():
    return _sources.example_wrapper("cutlass_blackwell_mamba2_wrapper").compile_only()
