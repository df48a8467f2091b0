// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The boxes of a deep-halo block (parallel.halo_depth > 1): for each stage
// level, the cells computed while the halo messages travel (the inner
// pyramid) and the rest after they arrive (the shell).
#include <vector>

#include "grid/decomposition.hpp"
#include "blocking/block_step.hpp"

namespace gs {

// The two plans of a block of `levels` stage levels, run one after the other
// on the same buffers. Level j (0-based) computes the owned box widened by
// levels - 1 - j cells along each dimension with ghosts, so the last level
// writes the owned cells and every level reads only what the level before
// wrote (or the ghosts, valid on entry, for level 0):
//   inner, level j: along a dimension split over ranks, the owned box shrunk
//     by j + 1 (it never reads a ghost that arrives by message); along one
//     with a single rank, where the ghosts are a copy within the rank made
//     before the messages leave, the whole widened range;
//   shell, level j: the widened box minus the inner one.
// Between the two calls nothing the shell reads is overwritten: the inner
// levels after j write only cells at least j + 2 deep along every split
// dimension, and the shell of level j reads at most j + 1 deep.
struct BlockPlans {
  BlockPlan inner, shell;
};

// `split[d]`: more than one rank along d (its ghosts arrive by message);
// ghost[d] = 0 along a dimension without ghosts (z in 2D).
BlockPlans make_block_plans(const IndexBox& owned, const int ghost[3], const bool split[3], Integrator integrator,
                            int levels);
BlockPlans make_block_plans(const Decomposition& dec, Integrator integrator, int levels);

// The level boxes of a plan the fused forms can run: one non-empty box per
// level, each grown by one cell along the dimensions with ghosts (x, y; and z
// in 3D) inside the box of the level before, and inside it along z in 2D.
// Returns false (and leaves `boxes` empty) for any other plan; those run by
// levels.
bool nested_boxes(const BlockPlan& plan, int dims, std::vector<IndexBox>& boxes);

}  // namespace gs
