"""Sweep a target's keyword arguments: `cute-inspect trace TARGET --sweep tile_m=64,128 --sweep stages=2,4`
traces every combination (each in its own process) and prints one table: fits or not, SMEM/TMEM used against
the limits, failed checks, so an autotuning space can be pruned on the CPU.

    from cute_inspect.sweep import format_table, parse_sweeps, sweep

    grid = parse_sweeps(["tile_m=64,128,256", "stages=2,4,8"])
    print(format_table(grid, sweep("tests/kernels/budget.py:compile_staged", "sm_90a", grid)))
"""

from cute_inspect.sweep.grid import Row, SweepError, format_table, parse_sweeps, sweep

__all__ = ["sweep", "parse_sweeps", "format_table", "Row", "SweepError"]
