"""The rules that label modes: one entry per rule, named as `label_rules` in the JSON trace names them.

A label is ``level-role[-axis]``. Its level and role come from the CuTe call that made the mode (``<op>.<role>``
rules below, or ``carried`` when the mode came unchanged from the call's input); its axis comes from the data
flow (`axes.Axes` joins the modes that run along one axis: a view keeps its source's axis, an MMA slot fixes
it). `label_rules` gives, per leaf, the rule that decided the axis when the label has one, else the rule that
made the level and role.

Joins name no rule of their own (a joined mode shows the rule that decided the axis): a view and its source; a
kernel parameter and the host tensor the launch passes in its position or keyword; the two sides of a copy of
equal shapes; the SMEM and global tiles of a TMA partition, and the two tiles of a `block_copy` (a TMA or S2T
copy of whole tiles, each side (tile, rest...), which partitions out of sight). A tensor a dynamic loop or branch
hands on (a new value of an old type) is the latest traced tensor of its type that the code using it, or the code
calling that, holds under the same name (`tCtSFA` passed to a helper's `dst_tensor`). Indices join too: a mode
indexed by a coordinate read from an identity tensor (plus an offset) and that coordinate's mode; the modes of
several tensors that one run-time index selects (`tile_to_expert[m_tile]`, `tAgA[None, m_tile, None]`), unless
an MMA slot or a tiler already keys both.
"""

from __future__ import annotations

# rule name -> what it decides. Names ending in ``.atom``/``.rest``/``.mode``/``.stage``/``.tma`` are per call.
RULES = {
    # levels and roles, per CuTe call
    "input.mode": "a kernel parameter's own modes (or a tensor made by untraced code); they are the modes of the "
                  "host tensor the launch passes in the parameter's position or keyword (`kernel(mA, b=mB)`), "
                  "else of the one host tensor of its type (of its name when several are); the host's identity "
                  "tensor launched as it is counts coordinates (coord)",
    "carried": "the mode is the call's input mode, unchanged (views, slices, carried rests)",
    "local_tile.atom": "local_tile's tile modes: the CTA tile, one per tiler mode kept by proj; a subtile of the "
                      "epilogue's staging buffer is EPI",
    "local_tile.rest": "local_tile's rests left by None coordinates",
    "thread_tile.atom": "a local_tile at a coordinate computed from the thread index (`local_tile(row, (8,), (c8,))`): "
                        "one thread's hand-partitioned copy chunk, the copy's atom (so from the lane index, or from a "
                        "coordinate read from the thread's partition of an identity; a coordinate from the warp number "
                        "alone, `tidx // 32`, picks a warp's tile: a block tile; so is a tile a TiledCopy then "
                        "partitions among its threads, `thr.partition_S(local_tile(out, (1, D), (row, 0))[0, None])`: "
                        "the block tile they share, local_tile.atom)",
    "vector_copied": "a (vector, vectors) divide (`tiled_divide(row, (4,))`) of which a copy moves one vector "
                     "(`autovec_copy(v[None, i], out[None, i])`) whatever index picks it: a copy partition by hand, "
                     "the vector the copy's atom, the vectors its rests; Store where the copy writes it out",
    "cta_tile_by_hand": "a 2-D global tile laid by hand (`make_tensor`) at an offset computed from the block index and "
                        "no thread index: the CTA's tile of the data, as local_tile cuts one",
    "accumulator_row_vector": "a register vector of a bare extent whose elements are computed from an MMA accumulator's "
                      "(a softmax's running row max and sum), one per accumulator row the thread holds: the "
                      "accumulator's atom along its rows (M)",
    "thread_view": "a (thread, value) view of a tile (`composition(tile, tv_layout)`) whose thread mode the thread "
                   "index selects (`[tidx, None]`): that thread's copy partition made by hand, its modes the copy's "
                   "atom along the tile axes their strides step; Store where the thread's values are written out "
                   "(a copy into global memory, or an SMEM tile a TMA store reads). Of a divide `(rows, (8, (128, "
                   "6)))` whose nested leaf the thread picks: rows still a kernel input's are the copy's rests; a "
                   "row the CTA picks by its block index (`[n_idx, (None, (tidx, None))]`) is a rest. Of a (tile, "
                   "rests) divide whose tile the slice keeps with its unit modes at 0 and whose rests a coordinate "
                   "from the thread index picks (`x_groups[((0, None), (t, channel_group))]`): the thread's vector; "
                   "Store where values are only stored into it (never loaded), and so are the registers stored "
                   "there as they are",
    "thread_tile.rest": "the rests of a local_tile at a coordinate computed from the thread index: the copy's rests",
    "divide.atom": "a divide's tile modes: Block, or EPI when the accumulator, its coordinates or the output tile is divided "
                   "(a divide of the whole output, the grid's `zipped_divide(c, cta_tile)`, cuts CTA tiles: Block; a divide of a "
                   "thread's copied values in registers, chunks of a copy: its copy's level); a tiler entry of one "
                   "size per leaf of an atom (`zipped_divide(acc, ((128, 64),))`) cuts each leaf along its own axis, "
                   "in the tile and in the rest",
    "divide.rest": "a divide's rest modes (modes the tiler left whole are rests too); a divide by a layout, not a "
                   "tuple of tilers (`logical_divide(tStS, make_layout((128, 32)))`), cuts the whole tensor as one "
                   "domain: its tile's and rest's leaves run along the source leaves their strides step",
    "rest_divide.rest": "a divide of a copy partition's rest mode (the k-blocks an ldmatrix partition repeats "
                        "over, split among warps: `logical_divide(tCsA, (None, None, 4, None))`): both parts are "
                        "the copy's rests, along its axis",
    "local_partition.rest": "an outer partition's per-thread repeats",
    "partition_A.atom": "the MMA atom of an A partition", "partition_A.rest": "MMA rests of an A partition",
    "partition_B.atom": "the MMA atom of a B partition", "partition_B.rest": "MMA rests of a B partition",
    "partition_C.atom": "the MMA atom of a C partition", "partition_C.rest": "MMA rests of a C partition",
    "partition_S.atom": "a copy's atom (Store in the epilogue: t2r, r2s, s2g)", "partition_S.rest": "a copy's rests",
    "partition_D.atom": "a copy's atom (Store in the epilogue; so is a partition of coordinates on the side of a copy "
                        "whose partition of global memory the kernel writes out: the store's guard; so is a partition "
                        "of global memory a copy writes, or values are stored into element by element, and no copy "
                        "reads, with the views over it, though the same TiledCopy loads the kernel's input)",
    "partition_D.rest": "a copy's rests",
    "retile.atom": "a copy atom over a thread's fragment (an accumulator retiled for its epilogue copy stays MMA); "
                   "a copy that retiles an accumulator cuts the tiles it partitions along the accumulator's M, N",
    "tma_partition.tma": "the TMA box mode (Block for a load, Store for a store); the global side's box leaves "
                         "run along the tile modes their coordinate strides step, the SMEM side's issue count "
                         "along the global side's",
    "fragment.atom": "an MMA fragment's atom", "fragment.rest": "an MMA fragment's rests",
    "fragment.stage": "stages appended to a fragment's shape",
    "operand.atom": "the atom of a tensor an MMA slot reads that no MMA partition or fragment call made: a hand-made "
                    "register fragment (`make_fragment_like` of a hand partition, a block-scaled MMA's scale factors "
                    "set beside A and B), one k-block of an SMEM buffer allocated in MMA form, a TMEM accumulator over "
                    "a hand-made layout; so is the tensor it was made like or laid over",
    "operand.rest": "the two rests of such an operand: along the slot's axes (A (M, K), B (N, K), C (M, N))",
    "operand.stage": "the modes past an SMEM or TMEM operand's two rests: pipeline stages",
    "scale_operand.atom": "the first mode of a register array a block-scaled warp MMA reads as a slot's scale "
                          "factors (`cute.gemm(mma, d, [a, sfa], [b, sfb], c)`) that no MMA call made and that is "
                          "no (atom, rest, rest) operand: the K values one scale covers, along K; so are the "
                          "registers it views (`make_tensor(recast_ptr(frg.iterator), ...)`)",
    "scale_operand.rest": "the modes past such an array's atom: the first along the slot's M (A's scales) or N "
                          "(B's), the others the k-blocks and k-tiles the scales cover, along K",
    "hand_scales.atom": "the first mode of a flat SMEM tile of scale factors (packed scales, blocks of rows, "
                        "stages) that tcgen05.cp copies to the TMEM address a hand-issued block-scaled MMA reads: "
                        "a block's rows and scales packed, along no one axis",
    "hand_scales.rest": "the blocks of rows of such a tile: along the slot's M (A's scales) or N (B's)",
    "moved_by_copy": "in a kernel with no MMA, registers made from a bare shape that a copy fills from shared or "
                     "global memory (or a view over a generic pointer, which takes the copy's level too): the copy's "
                     "values; registers no copy fills that a copy empties into memory: the store's",
    "filled_by_hand": "in a kernel with no MMA, registers made from a bare shape filled element by element with "
                      "values read out of shared or global tensors: the copy's values",
    "flattened_values": "in a kernel with no MMA, a one-mode register array made from a bare shape and filled "
                        "element by element from register arrays of several modes a copy labelled (a row's loaded "
                        "vectors read as one flat array to sort): their level, the atom, the axis all their wide "
                        "leaves share",
    "accumulated_vectors": "in a kernel with no MMA, registers (vector, repeats...) made from a bare shape, filled "
                           "element by element from one-mode loaded vectors of the first mode's extent (`acc[e, v] "
                           "+= vec[e]`): the loads' level, the first mode the atom along their axis, the others "
                           "rests (of two modes, the thread's repeats along the same axis)",
    "written_out_through": "in a kernel with no MMA, registers made from a bare shape that no copy fills and whose "
                           "converted or recast twin a copy writes out into global memory: the store's, the twins "
                           "carrying the same labels",
    "stored_from": "in a kernel with no MMA, registers (one or several modes) made from a bare shape, stored whole or "
                   "slice by slice with values computed from loaded register tensors of their own shape: those "
                   "tensors' labels, mode for mode",
    "loaded_by_hand": "in a kernel with no MMA, registers made from a bare shape stored whole or element by "
                      "element with what a load issued by hand returns (inline PTX `ld.global.v4.u32`, "
                      "`prims.load_ext`): the copy's values",
    "written_tile": "a mode with no axis of registers written out into a tile of as many modes (a size-1 vector "
                    "count): the axis of the tile's mode",
    "filled_by_copy": "in a kernel with an MMA, registers made from a bare shape that a copy fills from shared or "
                      "global memory (`cute.copy(ldsm, sV[row, None, stage], regs)`): the copy's values, its first "
                      "mode the atom, the others rests",
    "stacked_products": "an accumulator mode whose slices, picked by constants, gemms fill from one B and different A "
                        "operands (a dual GEMM's gate and up): a rest along M (from one A and different Bs: along N)",
    "buffer_tiles": "a mode of an SMEM buffer's view, before its stages, along an axis its first mode runs along "
                    "(`(64, 2, stages)` over 128 scales that two box loads fill): a rest of the tile, not an atom",
    "s2t_partition.atom": "an S2T copy's partition of scale factors: each leaf of the copy's atom steps through the "
                          "source leaf whose stride range holds its stride, along that leaf's axis (none where its "
                          "extent is 1 or its stride 0)",
    "s2t_partition.rest": "an S2T copy's partition's rests, each leaf along the source leaf its stride steps",
    "read_out_of_tmem": "a register vector that a hand-written 32x32b `tcgen05.ld` of an MMA's accumulator fills, "
                        "and a `local_tile` of it: the accumulator read out of TMEM, `store` (the atom)",
    "stored_into_tmem": "in a kernel with an MMA, registers that a `tcgen05.st` by hand writes into TMEM and no other "
                        "rule labelled, and the unlabelled registers their values were computed from: values the "
                        "kernel stores out of registers, its first mode the atom, the others rests",
    "reduced_loop": "in a kernel with no MMA, a mode a dynamic loop whose body adds products into registers (`acc[p] = "
                    "acc[p] + x * w`) walks (a tile picked, or a mode selected, at a coordinate computed from the "
                    "loop's index): the contracted axis, K",
    "summed_partials": "in a kernel with an MMA, an SMEM buffer whose elements a reader adds up along one mode (`red[0, "
                       "i, lane] + red[1, i, lane] + ...`, each a distinct literal): each warp's (or CTA's) partial "
                       "accumulator left for one warp to finish, the epilogue's; the summed mode a rest along K, the "
                       "others atoms on no axis",
    "product_written": "in a kernel with an MMA, registers no other rule labelled whose values a product issued by "
                       "hand made (its accumulator read by `tcgen05.ld` and masked, a warp MMA's result converted), "
                       "copied into SMEM (stmatrix into a scratch tile): an MMA result written out of registers, "
                       "its first mode the atom, the others rests",
    "side_input": "in a kernel with an MMA, registers no other rule labelled whose values were combined with a "
                  "product's values over a chunk's tokens on their way out (a mask's row and column indices, a "
                  "per-token gate gathered at the fragment's rows or columns): the values' side inputs, stored "
                  "with them, their first mode the atom, the others rests",
    "warp_mma.atom": "a register array's leaves that a warp MMA issued by hand (`mma.sync` in inline PTX) reads as "
                     "one operand's registers (the leaves its slice `rK[None, m, k]` keeps, and the fragment read "
                     "from it): the instruction's atom; B's along K (a thread's B registers hold one column's K "
                     "values), A's and C's along no one axis",
    "warp_mma.rest": "the leaves of that array the slice indexes: the MMA's rests; a leaf of A or B indexed as a leaf "
                     "of C in every issue runs along M or N, A's and B's others along K; a block-scaled MMA's scale "
                     "register array (`rSFA[m // 2, k]`) is indexed whole, each leaf along the leaf of the operand it "
                     "scales whose index it is a function of",
    "hand_operand.atom": "a flat SMEM tile (rows, columns, stages) that an MMA issued by hand reads through a "
                         "descriptor of its address (`sA[None, None, stage].iterator.toint()`): its tile modes are "
                         "the instruction's atom; the contiguous one runs along K (along the slot's M or N where the "
                         "instruction descriptor transposes that operand), the other along the slot's M or N",
    "smem_buffer.atom": "an SMEM buffer's tile modes", "smem_buffer.rest": "an SMEM buffer laid out for the MMA",
    "accumulator.stage": "a TMEM accumulator's MMA rest that a pipeline state's index selects "
                         "(`tCtC[(None, None, acc_state.index)]`): the accumulator pipeline's stage, in every tensor "
                         "carrying it",
    "smem_buffer.stage": "the pipeline stage mode of a staged SMEM buffer; also the last mode of one that a load "
                         "from global memory fills one index of (`copy(gLSE[None, m], sLSE[None, i])`), and the mode "
                         "of a ring whose slot a view starts at by a pipeline state's index (`make_tensor(sBuf.iterator "
                         "+ handle.index * hidden, row_layout)`: the mode whose stride is the slot's size)",
    "atom_copy.atom": "a tensor made by hand (`make_tensor` over a pointer) that a copy moves "
                      "with a bare copy atom, no TiledCopy partitioning it (`copy(bulk_g2s_atom, gSrc, sDst)`: one "
                      "bulk copy of a whole row): its first mode is what one atom moves, the copy's atom (Store where "
                      "the copy writes global memory, both sides), its other modes the atom's repeats",
    "atom_copy.rest": "the modes past the first of a tensor a bare copy atom moves (rule atom_copy.atom)",
    # a buffer an MMA reads through another tensor over its storage in its modes permuted (sV loaded, sVt read:
    # two `get_tensor` of one field) holds that operand's tiles too, under the same smem_buffer rules
    # an SMEM or TMEM buffer an MMA fragment reads in its own rank (`make_fragment_A(sK)`, `make_fragment_A(tP)`)
    # is relabelled (MMA atom, MMA_M or MMA_N, MMA_K, stages) under the same smem_buffer rules
    "epilogue_buffer": "an SMEM tensor laid over an operand's storage (sdK over sK) that a copy writes with an "
                       "accumulator's values and that is copied out to global memory: the epilogue's staging "
                       "buffer, its tiles EPI, not the operand's (one only an MMA reads, P, is an operand); a buffer "
                       "of its own storage, in a kernel with an MMA, that a copy from registers writes (r2s) and "
                       "that is copied out to global memory is the staging buffer too (its smem_buffer tiles EPI)",
    "make_tensor.stage": "a mode a view appends to its source's layout (`cute.append(t.layout, ...)` over "
                         "`t.iterator`): another copy of the whole source, a pipeline stage",
    "make_tensor.mode": "a mode of stride 0 a view appends to its source's layout (`make_layout((m, k, 1), "
                        "stride=(sm, sk, 0))` over `t.iterator`: a GEMM operand given a batch of one): a mode of "
                        "the view's own, whose axis its uses decide (the batch L), no pipeline stage",
    "reduction_buffer.atom": "a cross-warp reduction buffer's rows (`buf[warp // per_row, ...] = warp_sum`), in a "
                             "kernel with no MMA: Block, along M; so is a mode every warp writes at literal indices "
                             "once each (`buf[warp, output]`: several sums per warp), while a literal written again "
                             "(`buf[row % 2, warp]` over unrolled rows) is a reused sync slot, a stage",
    "reduction_buffer.rest": "a cross-warp reduction buffer's slots per warp of a row (`buf[..., warp % per_row]`, "
                             "`buf[warp]`, `buf[warp * per_warp + j]`): rests along the reduced axis N",
    "reduction_buffer.stage": "a cross-warp reduction buffer's mode no warp's write indexes (sliced away first): "
                              "its sync slots",
    "reduction_buffer": "the axes of a cross-warp reduction buffer in a kernel with no MMA: rows M, partials N",
    "values_from": "a one-mode register array made from a bare shape and filled element by element from the values "
                   "of labelled one-mode register arrays (`y[i] = x[i] * w[i]`): their label; so is an SMEM buffer of one "
                   "mode no traced call reads, filled by hand from a labelled tile (`sW[tidx] = gW[tidx]`); in a kernel "
                   "with no MMA, a register array of several modes filled so from copied register arrays of its "
                   "shape, or whose leading modes are its shape (a sum over their trailing modes): their labels",
    "copied_by_hand": "in a kernel with no MMA, registers made from a bare layout or shape that a copy fills from a "
                      "view made over a pointer (`make_tensor(mW.iterator + offset, layout)`): copy, their first mode "
                      "the atom (a thread's vector), the others rests; registers only emptied into global or shared "
                      "memory hold the written result: store; the view takes the same level. A copy into a view laid "
                      "over such registers (`make_tensor(frag.iterator + 8, 8)`) moves them; a chunk laid by hand "
                      "over an SMEM tile the kernel made is such a view, and registers filled only from such chunks "
                      "and emptied into global memory carry a staged result out: store, every side",
    "filled_in_pieces": "registers made from a one-mode layout that copies fill a piece at a time through "
                        "local_tiles of them, from a thread's copy chunks: the copy's atom",
    "written_out": "registers made from a bare layout that no copy fills (their values computed from loaded ones: "
                   "`r.store(x.load().to(fp8))`) and that a copy writes, whole or through a local_tile of them, "
                   "into global memory the write-out stores: store, their modes otherwise as computed",
    "written_out_by_hand": "registers whose elements inline PTX writes into global memory (`red.global.add` of "
                           "packed pairs: an accumulator reduced across CTAs), or the kernel element by element "
                           "(through a byte view of them too), or into an SMEM tile whose chunks are carried out: "
                           "store; unlabelled ones their first mode the atom, the others rests; a view laid over "
                           "them that no rule labelled, the same",
    "written_out_view": "a global view laid by hand over a pointer (`make_tensor(make_ptr(...), regs.layout)`) that "
                        "a copy fills from registers holding the written-out result, of its shape: the registers' "
                        "labels, the write-out's other side",
    "same_index": "a one-mode register array made from a bare layout whose elements a run-time index selects beside "
                  "a labelled mode of other register tensors (`row_max[m]` beside `acc_mn[m, None]`, a nested mode's "
                  "one wide leaf): one value per index of that mode, its level and role (passed on to arrays indexed "
                  "only beside it); its axis joins that mode's. Also a fragment made like such an array "
                  "(`row_scale = make_fragment_like(row_max)`), an accumulator's rows `(2, 2)` (the first wide "
                  "leaf's role), and those of a global tensor partitioned as the accumulator (`taccOgLSE[m, 0]`)",
    "same_index.like": "a register fragment made like a per-row statistic (`row_max_prev = "
                       "make_fragment_like(row_max)`) after that statistic took its rows' level: the same level and "
                       "role",
    "metadata": "a buffer no MMA, tile or copy reads as an operand: it keeps the input level; so does a tensor "
                "carrying its modes (registers made in its shape, `make_rmem_tensor((4,))` beside a (4,) mailbox)",
    "metadata.stage": "a metadata buffer's mode that a pipeline state's index selects (`sched[i, state.index]`): "
                      "that pipeline's stage",
    "coord.mode": "an identity tensor's coordinate modes; over a tensor's shape (`make_identity_tensor(t.shape)`) "
                  "they run along that tensor's modes' axes",
    "k_tiles": "a stage mode of an MMA's A or B fragment that a loop's run-time index selects, not a pipeline "
               "state's (`tSrQ[None, None, k, q_tile]`: the latent tiles of one Q held at once): the k-tiles one "
               "accumulation walks, a rest along the MMA's K, in every view of the buffer; per leaf of a nested mode "
               "(`tOrP[..., (p_tile, state.index)]`), a leaf of extent 1 walking nothing",
    "held_tiles": "a stage leaf of an MMA's operand fragment and of its accumulator that the issues select together "
                  "(one loop index, or constants that follow each other) in a mode whose other leaves are walked "
                  "k-tiles or a pipeline state's slot (`tOrV[..., ((n_half, k_tile), state.index)]` into "
                  "`tOtO[..., n_half]`): the product's column (or row) blocks held at once, a rest along the "
                  "operand's N (or M), not a pipeline stage",
    "like": "a tensor rebuilt over a traced layout (a TMEM view, a register copy): its source's modes; a view "
            "whose leaves cross two of its source's axes, or that no stride maps, is a buffer of its own in the "
            "same storage (`sV` over `sK`'s SMEM, P over S in TMEM), labelled by its own uses (laid out by an MMA "
            "fragment made for it, `make_fragment_A(...).layout`, it is that operand); a regrouped view's "
            "nested size-1 leaf is the source's size-1 rest on its siblings' axis; a broadcast (stride 0) leaf "
            "is the source's broadcast leaf, else a mode of its own (the broadcast leaves of one nested mode, "
            "`((64,2),128):((0,0),1)`, one mode of their own); a broadcast view of a vector that has none "
            "(an outer product: cum[q] over every column) has modes of its own, laid along the tile a copy "
            "partitions it as (partitioned on a side of a tiled copy that already paired, it takes that pair's "
            "repeats), and its vector runs along their axis when they all run along one, else along none; a "
            "second host view over a kernel argument's "
            "memory no traced tensor holds is a view of the first (a mode across two of the first's leaves is its "
            "own, a mode inside one keeps that leaf's axis); a tensor over a TMA input's coordinates "
            "(`make_tensor(mQ_offset.iterator, layout)`) views that input, leaf for leaf by basis stride",
    "transpose": "a view with the source's modes permuted: each mode keeps its axis",
    "unknown": "no rule applies",
    "operand_flat": "a flat SMEM buffer of one mode that an MMA operand tile is laid over at its address (`make_tensor("
                    "make_ptr(sV.iterator.toint()), (64, 64))`): its one leaf holds the tile's rows and contracted axis, "
                    "so it runs along no one axis, whatever its name suggests",
    # axes, from the data flow
    "mma_slot": "the MMA slot the mode enters: A is (M, K), B is (N, K), C/D is (M, N); a partition's rest over an "
                "input mode of extent 1 (a (rows, 1) statistics tile partitioned as the accumulator) takes the "
                "slot's axis alone, the input's mode keeps its own",
    "attention": "an MMA's accumulator feeds the A slot of another (a gemm's A operand, or an A fragment or "
                 "partition laid over the accumulator's storage or a TMEM address its values are written to): "
                 "S = Q K^T over D, O = P V over K; a TMEM A operand's rows are the accumulator's (its lanes); "
                 "with several readers (backward) the score axis most of them keep is the keys, and a reader "
                 "keeping one score axis contracts the other (dV = P^T dO over Q, dQ = dS K over K). Linear "
                 "attention: an MMA whose accumulator is a recurrent state (registers updated from their own old "
                 "values and its tile, h = decay * h + K^T V, then read by another MMA; or an accumulator another "
                 "MMA reads before its first gemm, S kept in TMEM) is (D, D) over the key tokens K; a reader of "
                 "the state contracts and keeps feature dims D, its other axis is the queries Q unless the key "
                 "tokens already; what the state's update reads from another MMA is on the keys' side; an MMA "
                 "contracting the key tokens keeps the queries. An accumulator entering a slot with one axis "
                 "already the slot's brings its other axis as the slot's other. A Gram product (one tensor read as "
                 "both A and B, a chunk's K K^T) is over the key tokens both ways and contracts D; a product reading "
                 "its values (through SMEM, warp MMAs, TMEM) in A and B is over the tokens on all three axes, one "
                 "reading them in A keeps and contracts the tokens; a warp MMA's register atom mixing two axes "
                 "runs along the one both are",
    "chunks": "an attention input's mode past the sequence and head-dim modes whose stride is the sequence mode's "
              "extent times its stride ((d, l, c, h, b)): the chunk index, a rest along the sequence's axis; the "
              "two modes after it are heads and batch",
    "split": "split-KV partials a combine kernel reads and reduces into the output it writes: each the output's "
             "modes plus one more, of one extent (static, or the one run-time value every partial is laid out "
             "with beside the output's extents): the split, a rest along the keys K",
    "local_tile.proj": "local_tile's proj over an (M, N, K) tiler names the modes it keeps (not in an attention "
                       "trace, where a tiler no MMA shares names no GEMM axis); in a kernel with no "
                       "MMA, an unprojected tiler's last mode is the columns N and the modes before it "
                       "rows M ((1, 1, D) over (batch, token, hidden) is (M, M, N)); a one-mode tiler cuts rows",
    "divide.tiler": "in a kernel with no MMA, a divide by a tuple of two or more tilers (`zipped_divide(mX, (32, 64))`) "
                    "names the modes it tiles as an unprojected local_tile's tiler does: the last the columns N, "
                    "those before it rows M",
    "batch": "a GEMM input's mode past the two an MMA slot fixed: L; an attention input's trailing modes past "
             "the sequence and head-dim modes: heads H, then batch B (by stride; with run-time strides, a row-major "
             "layout's modes from the outermost in, (b, h, s):(?, ?, 1) the batch then the heads)",
    "paged": "a key-side attention input's trailing mode (or a grouped (heads, pages) mode's outer leaf) selected "
             "by an index read out of another tensor (`page = block_table[b, blk]`, `h + h_k * page`): pages of a "
             "paged cache, the keys K, not the batch",
    "atom_shape": "an MMA atom's leaves match the instruction's extents along two axes; a copy atom's leaves "
                  "(of a partition, or of a retiled fragment whose rests stand for the tile's modes in order) "
                  "run along the tile mode the copy's value layout steps, a split value leaf's parts alike; a "
                  "partition of TMEM or of coordinates, whose strides are exact, runs along the source leaf each "
                  "stride steps (tcgen05.ld's values and repeats along the columns, its warps along the lanes); a "
                  "one-element atom's value along the one mode its repeats step",
    "gather": "a mode a copy fills from another tensor, selected by a run-time index from which the source's "
              "selecting indices were computed (`sQ[m, None]` from `mQ[m // G, kv_head * G + m % G, None]`): over "
              "two source modes it packs both and runs along neither; in attention the quotient's mode is the "
              "sequence, the remainder's the heads H",
    "packed_rows": "query rows of an SMEM buffer filled by hand from two tensors (`sQ[h, c] = q[.., h, c]`, "
                   "`sQ[h + 8, c] = r[.., h, c]`: the mode whose index the two sources' writes never share while "
                   "sharing every other mode's), or query rows an MMA tiles in more rows than a static global "
                   "input mode they are loaded from holds (16 heads a box, 8 tokens' boxes in 128 rows): the rows "
                   "pack both and run along neither (`?`)",
    "packed_head_rows": "a global mode selected by an index `outer * n + inner` whose unscaled term selects another "
                        "tensor's heads and whose scaled terms come from no head index (`tmaH[chunk * Hv + v_head]`, "
                        "a workspace's `(chunk * heads + h) * 16 + t` rows): its rows pack (outer, heads), so the "
                        "mode, its tiles' rests and its leaves of extent 1 run along no axis (`?`); a tile's atom "
                        "wider than 1 keeps its axis",
    "grouped_heads": "attention whose score rows one tile covers whole (an input's query-rows mode of static extent "
                     "equal to a tile's atom along it, or of run-time extent whose global tiles the kernel only "
                     "ever slices at tile 0) while a run-time index selects one of the input's two or "
                     "more trailing modes: one query token per CTA, its heads along the MMA's rows (a KV head's GQA group, MLA's "
                     "heads): the rows are the heads H, the trailing modes no key-side input shares the queries Q, "
                     "then the batch B; not where a key-side input's keys fit one tile and the index picking the rows picks them (a chunked "
                     "scan's chunk: its queries against its own keys)",
    "kv_group_rows": "attention whose query input the kernel lays out with its rows inside its heads (the heads "
                     "mode's stride computed as the rows' extent times their stride: `(n_q, d, (h_k, b))` strided "
                     "`(d, 1, (n_q * d, s))`) while the keys' input keeps its rows out of its heads: each KV head's "
                     "query heads along the MMA's rows (GQA decode): the rows are the heads H",
    "extent": "a global view a kernel lays out over a pointer from run-time extents, its modes named by no data "
              "flow: each leaf takes the axis of the extent value it is laid out with, where that value (or every "
              "factor of a product of values) lays out leaves of that one axis in the views the data flow named",
    "strided_leaves": "a mode of a tensor another tensor's view lays out with its run-time strides, packed in one "
                      "of the view's modes with modes of other strides (GQA's `((4, s), d, h_k, b)` over `((t.stride[2], "
                      "t.stride[0]), ...)`): the letter the view's packed leaf of that stride takes",
    "contraction": "in a kernel with no MMA, a sum of products of two register tensors' elements read at the same "
                   "literal indices (`s += x[j] * w[j]`), shuffled and left per warp in a cross-warp buffer or written "
                   "straight to global memory (a GEMV): "
                   "the leaves the indices walk are K in both factors, the left factor's other leaves its rows M, the "
                   "right one's N (not where both are the same rows; one may show none: a row each CTA picks before "
                   "the copy), the warps' partial sums K; a sum of products "
                   "of values two loads issued by hand returned (`ld.global.v4.u32` words unpacked) has its warps' "
                   "partial sums along K too",
    "product_rows": "in a kernel with no MMA, a register array whose elements are sums of products written at "
                    "literal indices (`acc[m, e] += a_m[v] * b_e[v]`), each index the one the factors' registers were "
                    "sliced at in one mode of their source (`make_rmem_tensor_like(tA[m, None, tile])`): the CTA's "
                    "output tile in registers, Block atoms along those modes' axes (a GEMV's per-token, "
                    "per-expert partial dot products); so where the factors are register arrays of several rows "
                    "(`acc[i, j] += xr[i, v] * wr[j, v]`): the factors' leaves indexed as the accumulator's modes "
                    "are M and N, the leaf both walk K",
    "layout.rows_cols": "in a kernel with no MMA, a global tensor made over a pointer, of two or three leaves, that "
                        "no data flow or name names: (rows, columns) by its strides alone, the outermost (largest "
                        "stride) leaf the rows M, the others the columns N; a leading extent-1 leaf over one wide "
                        "stride-1 leaf is that row; of a view a copy moves whole only the stride-1 leaf (N)",
    "row_slice": "in a kernel with no MMA, the mode a run-time row index keeps of a (rows, columns) tensor "
                 "(`x[row, None]`, a thread's vector of one row; `x[p, s, n, None]`, every mode but the last picked "
                 "by a run-time index): the columns N, also where a one-mode tiler then cuts it; the row indices get "
                 "no axis",
    "name.dims": "in a kernel with no MMA, the names of the run-time indices a tensor is sliced by "
                 "(`x[token_id, head_id, None]`): tokens, rows, positions are the rows M (in attention the queries "
                 "Q in a tensor named as the queries' side, `q`, `out`, `lse`; the keys K in one named as keys; "
                 "none in one named as what both sides read, a linear attention's gate; a tensor's `row` none), "
                 "heads H, batch B, splits a rest along K, "
                 "columns N (the head dim D in attention); the one mode a slice keeps is the columns; a head index "
                 "makes the tensor an attention tensor. Any data flow that names the modes wins",
    "name.extents": "in a kernel with no MMA, the names a function binds a tensor's extents to (`tokens, hidden = "
                    "x.shape`, `n_cols = cute.size(x, mode=[1])`), read as rule name.dims reads index names "
                    "(`num_heads` heads, `head_dim` the head dim, a lone letter `M`, `N`, `K` its GEMM axis), and the extents a host layout is written with "
                    "(`make_layout((num_tokens, self.top_k))`; a product `num_tokens * topk` names what every factor "
                    "names, a router's top-k slot count naming rows: the expanded rows `token * top_k + slot`); only "
                    "where no index name or data flow names the mode",
    "name.tile": "in a kernel with no MMA, the names a tile's sizes are written with (`local_tile(t, (self.tile_D, "
                 "self.dstate), coord)`, `make_identity_tensor((self.mimo, self.tile_D))`) where they say a head's "
                 "dim (`tile_D`, `d_size`: a lone D beside a tile or count word; `tile_p`: Mamba's P; `head_dim`, "
                 "`hdim`) or an SSM state's dim (`dstate`, `d_state`): D, the set's SSM convention (rows and "
                 "columns are the tiler's positions, rule local_tile.proj); such a dim, a head index or a head "
                 "count makes the kernel's vocabulary attention's. Read before a tensor's name (`cS`, a state's "
                 "coordinates, is no scores tile); any data flow that names the modes wins",
    "state.update": "in a kernel with no MMA, a recurrent state's update (an SSM decode step's h = a h + sum_r x_r "
                    "B_r^T): the state is the tensor tiled over a head dim and a state dim (rule name.tile) and every "
                    "register tensor carrying its modes; the tensors its values are computed from (element writes, "
                    "stores, transitively) hold, in the modes the state lacks, what the update sums into it: the keys' "
                    "side K (the rank of B), as a chunk's key tokens in linear attention. Names win",
    "state.recurrence": "an MMA whose A operand holds its own accumulator's values, converted (a state carried "
                        "across chunks, S <- S M + N: the running state loaded from TMEM and written back as the "
                        "operand): the accumulator's columns are the operand's contracted axis, so its rows, columns "
                        "and contraction are one square state's dims, D",
    "state.read": "in a kernel with no MMA, a recurrent state's readers (y_r = sum_n h[:, n] C_r[n]): a tensor computed "
                  "from the state's values (rule state.update says which) and the tensors read beside the state into "
                  "it hold, in the modes the state lacks, what indexes the outputs: the queries Q (the rank of C), as "
                  "linear attention's O = Q S. Names win",
    "name.columns": "in a kernel with no MMA (and no attention names) whose own names call its columns K and none "
                    "calls them N, hidden or cols (`K = mX.shape[1]`, `make_layout((self.K,))`, a constructor "
                    "parameter `k` read as `self.k`: a quantizer's columns a later GEMM contracts), the columns the "
                    "structural rules (layout.rows_cols, row_slice, local_tile.proj, divide.tiler, "
                    "reduction_buffer) name N: K. A name's suggestion, read only where no data flow decides",
    "name.attention": "in a kernel with no MMA whose names say attention (a head index, rule name.dims; a head "
                      "count or head dim among its extents; a head dim only its object's constructor reads, "
                      "`__init__(self, head_size)`, to derive the copy layout of its rows), the columns the structural "
                      "rules (layout.rows_cols, row_slice, local_tile.proj, divide.tiler) name N: the head dim D (of a "
                      "view laid out by hand, its stride-1 leaf only); the rows they name M: no axis (`?`), the host "
                      "packing tokens, heads and batch into them as it chooses; a second columns mode of one global "
                      "tensor whose other mode a stronger rule named the columns: none",
    "hint:name": "only the variable's name suggested the axis (`_mkl` suffix, an operand letter)",
    "hint:head_dim": "in a kernel with no MMA, a kernel parameter or host tensor named as attention's queries or "
                     "keys and nothing more (`mQ`, `gK`): its last mode is the head dim D and its other "
                     "modes, which pack tokens, heads and batch as the kernel chooses, have none (`?`); no data flow "
                     "of a kernel without an MMA names attention axes, and a tiler's positions (rows M, columns N) "
                     "would misname them; any data flow that names the modes wins",
    "hint:result": "a lone MMA (no MMA reads its accumulator or feeds its operands) whose accumulator's names call it "
                   "an attention gradient's tile (`tdQtdQ`, `sdQ`: rows the queries, `tdKtdK`: the keys; columns the "
                   "head dim) and none a GEMM axis: its rows that sequence, its columns D, its reduction the other "
                   "sequence (dQ = dS K, dK = dS^T Q), which no data flow of one product tells from a GEMM",
    "name.gradient": "a lone MMA (no MMA reads its accumulator or feeds its operands) whose operand's names call it "
                     "the attention scores' gradient (`dS`, `dP`) and whose accumulator's names call it an attention "
                     "gradient (`dQ`, `dQv`: rows the queries; `dK`, `dV`: the keys): its rows that sequence, its "
                     "columns D, its reduction the other sequence (dQ = dS K, dK = dS^T Q launched apart), GEMM letters "
                     "its code names the same modes with (`mdS_mkl`, `tCtAcc`) notwithstanding: no data flow of one "
                     "product tells it from a GEMM",
    "token_heads": "a product named an attention gradient (rule name.gradient) whose queries' side an input holds as "
                   "a static extent one tile covers whole, beside one mode the product batches: one query token per "
                   "CTA, that side the token's heads H, the batched mode the tokens Q (then the batch B, the outer by "
                   "stride, else the last leaf), as MLA decode's rows (sparse MLA's dQ = dS K, dK = dS^T Q)",
    "packed_token_heads": "a product's side named a sequence that a global input holds as one packed mode, a "
                          "static heads leaf a tile's atom along that side covers whole before a run-time tokens "
                          "leaf (PackGQA's `((heads per KV head, seqlen_q), d, h_k, b)`, one token's heads per "
                          "tile): that side is the heads H (the packed mode's leaves H, Q), the product's other "
                          "side the keys K (a DSA score recompute's S^T = K Q^T over one token's heads)",
    "hint:scores": "a lone MMA (no MMA reads its accumulator or feeds its operands) whose rows' names say queries "
                   "and whose columns' names say keys (`sQ`, `tSsK`, `cS`), and none a GEMM axis: S = Q K^T over D, "
                   "which no data flow tells from a GEMM (a block selection's scores); or the transpose, rows named "
                   "keys and columns queries: S^T = K Q^T (a decode prepass scoring a tile of keys against Q)",
}


def rule_of(op: str, role: str) -> str:
    """The per-call rule that makes a mode of `role` in a record of `op`."""
    if op.endswith("_divide"):
        op = "divide"
    elif op.startswith("make_fragment_"):
        op = "fragment"
    name = f"{op}.{role}"
    return name if name in RULES else "unknown"
