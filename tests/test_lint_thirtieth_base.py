"""The thirtieth unseen base, inclusionAI/cuLA's linear-attention kernels (docs/lint.md, "A thirtieth code base"):
each test is the data flow of one missed plant or one false finding, in a kernel of its own."""

from __future__ import annotations

from _lint import located

# K halves loaded to registers through an ldmatrix copy laid out for the epilogue MMA's A operand, into fragments
# made in the shape of Q's (the two are one shape), then rescaled.
_K_HALVES = (
    "class Kernel:\n"
    "    @cute.kernel\n"
    "    def kernel(self, sQ_halves, sK_halves, sQ_h0, tiled_mma, tidx):\n"
    "        tiled_load = cute.make_tiled_copy_A(cute.make_copy_atom(op, dt), tiled_mma)\n"
    "        thr_load = tiled_load.get_slice(tidx)\n"
    "        thr_mma = tiled_mma.get_slice(tidx)\n"
    "        tQsQ_h = [thr_load.partition_S(h) for h in sQ_halves]\n"
    "        tQsK_h = [thr_load.partition_S(h) for h in sK_halves]\n"
    "        tQrQ_half_0 = thr_mma.make_fragment_A(thr_mma.partition_A(sQ_h0))\n"
    "        for half in range(2):\n"
    "            tQrK_half = cute.make_fragment_like(tQrQ_half_0, self.dtype)\n"
    "            tQrK_half_cv = thr_load.retile(tQrK_half)\n"
    "            cute.copy(tiled_load, tQsK_h[half][None, None, None, 0], tQrK_half_cv)\n"
)


def test_a_fragment_made_in_anothers_shape_and_loaded_from_its_own_tensor_is_not_reported():
    # make_fragment_like takes Q's shape only; the copy fills the fragment with K, as its name says
    assert located(_K_HALVES) == []


def test_a_fragment_made_in_anothers_shape_and_loaded_from_that_tensor_is_still_reported():
    planted = _K_HALVES.replace("tQsK_h[half][None", "tQsQ_h[half][None")
    assert (11, "CI105") in located(planted)
