"""What a wrong tile size does to the SM80 GEMM's checks: a shared tile cut 64 wide under a 32-wide CTA tile.

The edit below is the kind a reader makes while experimenting: the shared-memory layout gets its own BLK_K
while local_tile keeps the config's. Nothing in CuTeDSL objects and the kernel compiles, although its copies
and MMAs now disagree about what a k-tile is and its stages outgrow the shared allocation (sized from the
config's BLK_K). The kernel's ``expect(sA, "(BLK_M, BLK_K, PIPE)")`` stops the compile on that line instead.

Run (no GPU needed):
    CUTE_DSL_ARCH=sm_80 python examples/sm80_wrong_tile.py                       # the check fires
    CUTE_DSL_ARCH=sm_80 CUTE_INSPECT_CHECKS=0 python examples/sm80_wrong_tile.py  # compiles silently
    cute-inspect trace examples/sm80_wrong_tile.py:compile_wrong_tile --arch sm_80
"""

import sys

import cutlass.cute as cute

from gemm import _sm80_kernel, sm80


class WrongSmemTile(_sm80_kernel.Sm80Gemm):
    def smem_layout_ab(self, rows: int):
        return cute.make_layout((rows, 64, self.stages), stride=(64, 1, rows * 64))


def compile_wrong_tile():
    """compile_only() with the shared tile above swapped in."""
    original = _sm80_kernel.Sm80Gemm
    _sm80_kernel.Sm80Gemm = WrongSmemTile
    try:
        return sm80.compile_only()
    finally:
        _sm80_kernel.Sm80Gemm = original


if __name__ == "__main__":
    try:
        compile_wrong_tile()
    except Exception as err:  # the ShapeCheckError, shown as a user sees it
        print(f"{type(err).__name__}: {err}")
        sys.exit(1)
    print("compiled: nothing noticed the 64-wide shared tile")
