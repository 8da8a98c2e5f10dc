"""Tencent/hpc-ops' FP8 paged-prefill attention modules (dsl/attention/), loaded for compile-only use: both builds'
`fmha_utils.HardwareInfo` opens the driver in its constructor (the persistent scheduler's grid reads the SM count), so
it is answered by a B200's 148 SMs. The two `gh_hpc_fp8_prefill_*` wrappers compile one build each."""

from _common import github_source

SOURCE = ("Tencent/hpc-ops", "6da2532e4d895b558e55fd5be80a4327d4e5dced")


class _B200:
    def get_device_multiprocessor_count(self):
        return 148


def prefill_module(name: str):
    """`dsl.attention.<name>` from the pinned tree, its hardware query answered by `_B200`."""
    module = github_source(SOURCE[0], "", f"dsl.attention.{name}")
    module.fmha_utils.HardwareInfo = _B200
    return module
