"""TMEM allocations that write their address to one SMEM word are one allocation made in different branches
(warp-specialised code where the MMA warp and the epilogue warps both call `TmemAllocator.reserve`): the budget
holds the largest, not the sum; allocations into two words add up."""

import json
import os

from _cli import ROOT, cute_inspect

KERNEL = os.path.join(ROOT, "tests", "kernels", "tmem_branches.py")


def _trace(function):
    done = cute_inspect("trace", f"{KERNEL}:{function}", "--arch", "sm_100a", "--format", "json")
    return done, json.loads(done.stdout)["resources"] if done.stdout.strip() else None


def test_one_allocators_reserve_in_two_branches_counts_once():
    done, resources = _trace("compile_branches")
    assert done.returncode == 0, done.stderr
    assert resources["tmem_columns"] == 512 and resources["problems"] == []


def test_allocations_into_two_address_words_add_up():
    done, resources = _trace("compile_two_allocations")
    assert done.returncode == 1
    assert resources["tmem_columns"] == 768
    assert "allocates 768 TMEM columns, 256 over the 512 of an SM" in done.stderr
