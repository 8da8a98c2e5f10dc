"""pytest's ``--snapshot-update``: write the snapshots `assert_snapshot` compares against, instead of comparing.

Loaded through the ``pytest11`` entry point once cute-inspect is installed (or ``-p
cute_inspect.diff.pytest_plugin``). The option sets ``CUTE_INSPECT_UPDATE_SNAPSHOTS=1`` for the run, so
snapshots written by helper processes the tests start are updated too.
"""

import os

from cute_inspect.diff.snapshot import UPDATE_ENV


def pytest_addoption(parser):
    parser.addoption("--snapshot-update", action="store_true", default=False,
                     help="write cute-inspect trace snapshots (assert_snapshot) instead of comparing against them")


def pytest_configure(config):
    if config.getoption("--snapshot-update"):
        os.environ[UPDATE_ENV] = "1"
