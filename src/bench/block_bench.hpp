// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The benchmark's fused cases: blocks of T time steps per pass over memory
// (gray_scott_block with its Auto form) on one rank, with ghosts of width
// T x stages refilled once per block by a periodic copy whose time counts.
#include <vector>

#include "config/config.hpp"

namespace gs {

struct BlockCaseTiming {
  std::vector<double> rates;  // cell updates/s of each repetition
  double wall_s = 0, cpu_s = 0, ghost_s = 0;  // timed wall and CPU time; wall time of the ghost copies
  double updates = 0;                           // cell updates timed
  const char* form = "";  // the block form that ran (wavefront, tiles, levels)
};

// Times `repeats` repetitions of ceil(steps / depth) blocks of `depth` steps of
// the run `cfg` describes (its initial condition and physics, one rank) after
// ceil(warmup / depth) untimed blocks.
template <class Real>
BlockCaseTiming time_block_case(const SimConfig& cfg, int depth, long steps, long repeats, long warmup);

}  // namespace gs
