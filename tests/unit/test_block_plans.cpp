// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// The deep-halo block plans (blocking/block_plans.*), for every combination of
// split dimensions, small and large boxes, Euler and RK2: at each level the
// inner pyramid and the shell cover the owned box widened by levels - 1 - j
// exactly once; every box reads (grown by one cell) only what the level
// before wrote, or the ghosts for level 0; inner boxes never read a ghost
// along a split dimension (it arrives after them); and running all inner
// levels before the shell's overwrites no cell an earlier shell level reads
// or writes. Also the depth parallel.halo_depth = "auto" chooses.
#include <gtest/gtest.h>

#include <type_traits>
#include <vector>

#include "../common/test_support.hpp"
#include "blocking/block_plans.hpp"
#include "grid/decomposition.hpp"
#include "grid/regions.hpp"

namespace gs {
namespace {

bool overlap(const IndexBox& a, const IndexBox& b) {
  for (int d = 0; d < 3; ++d)
    if (std::max(a.lo[d], b.lo[d]) >= std::min(a.hi[d], b.hi[d])) return false;
  return true;
}

bool inside(const IndexBox& b, int x, int y, int z) {
  return x >= b.lo[0] && x < b.hi[0] && y >= b.lo[1] && y < b.hi[1] && z >= b.lo[2] && z < b.hi[2];
}

bool contains(const IndexBox& outer, const IndexBox& b) {
  for (int d = 0; d < 3; ++d)
    if (b.lo[d] < outer.lo[d] || b.hi[d] > outer.hi[d]) return false;
  return true;
}

// Buffers (bit 0: a, bit 1: b) level j reads around a cell and writes (blocking/block_step.hpp).
int reads(Integrator in, int j) { return in == Integrator::Euler ? (j % 2 ? 2 : 1) : (j % 2 ? 3 : 1); }
int writes(Integrator in, int j) { return in == Integrator::Euler ? (j % 2 ? 1 : 2) : (j % 2 ? 1 : 2); }

void check(const int n[3], int g, const bool split[3], Integrator in, int levels) {
  IndexBox owned;
  int ghost[3];
  for (int d = 0; d < 3; ++d) {
    ghost[d] = n[d] > 1 ? g : 0;
    owned.lo[d] = ghost[d];
    owned.hi[d] = ghost[d] + n[d];
  }
  const BlockPlans p = make_block_plans(owned, ghost, split, in, levels);
  ASSERT_EQ(int(p.inner.levels.size()), levels);
  ASSERT_EQ(int(p.shell.levels.size()), levels);
  int one[3], late[3];
  for (int d = 0; d < 3; ++d) {
    one[d] = ghost[d] > 0 ? 1 : 0;
    late[d] = split[d] ? 0 : ghost[d];
  }
  IndexBox written = grown(owned, ghost);
  const IndexBox early = grown(owned, late);  // the ghosts filled before the messages arrive
  for (int j = 0; j < levels; ++j) {
    int widen[3];
    for (int d = 0; d < 3; ++d) widen[d] = ghost[d] > 0 ? levels - 1 - j : 0;
    const IndexBox outer = grown(owned, widen);
    std::vector<IndexBox> boxes = p.inner.levels[j];
    boxes.insert(boxes.end(), p.shell.levels[j].begin(), p.shell.levels[j].end());
    for (int z = outer.lo[2] - 1; z <= outer.hi[2]; ++z)
      for (int y = outer.lo[1] - 1; y <= outer.hi[1]; ++y)
        for (int x = outer.lo[0] - 1; x <= outer.hi[0]; ++x) {
          int hits = 0;
          for (const IndexBox& b : boxes) hits += inside(b, x, y, z);
          ASSERT_EQ(hits, inside(outer, x, y, z) ? 1 : 0) << "level " << j << " of " << levels << " at " << x << "," << y << "," << z;
        }
    for (const IndexBox& b : boxes) EXPECT_TRUE(contains(written, grown(b, one))) << "level " << j;
    for (const IndexBox& b : p.inner.levels[j]) EXPECT_TRUE(contains(j == 0 ? early : written, grown(b, one)));
    // Every inner level k > j ran before the shell of level j.
    for (const IndexBox& s : p.shell.levels[j])
      for (int k = j + 1; k < levels; ++k)
        for (const IndexBox& b : p.inner.levels[k]) {
          if (writes(in, k) & reads(in, j)) EXPECT_FALSE(overlap(b, grown(s, one))) << "inner " << k << " vs shell " << j;
          EXPECT_FALSE(overlap(b, s)) << "inner " << k << " vs shell " << j;
        }
    written = outer;
  }
  if (!split[0] && !split[1] && !split[2])
    for (const auto& level : p.shell.levels) EXPECT_TRUE(level.empty());  // one rank: all inner
}

TEST(BlockPlans, LevelsCoverShrinkingBoxesAndTheTwoCallsCommute) {
  for (int mask = 0; mask < 8; ++mask)
    for (Integrator in : {Integrator::Euler, Integrator::RK2})
      for (int depth : {1, 2, 3}) {
        const int stages = in == Integrator::Euler ? 1 : 2, g = depth * stages;
        const bool split[3] = {bool(mask & 1), bool(mask & 2), bool(mask & 4)};
        for (const auto& n : {std::array<int, 3>{g, g + 1, 1}, std::array<int, 3>{3 * g + 2, 2 * g + 1, 1},
                              std::array<int, 3>{g + 1, 2 * g, 3 * g + 1}}) {
          const bool split_here[3] = {split[0], split[1], n[2] > 1 && split[2]};
          for (int steps = 1; steps <= depth; ++steps) check(n.data(), g, split_here, in, steps * stages);
        }
      }
}

}  // namespace
}  // namespace gs

namespace gs {
namespace {

// parallel.halo_depth = "auto": 8 stage levels per exchange in 2D and 4 in 3D,
// on a host backend (any number of threads per rank), for boxes of at least
// 64 cells per side whose state (4 arrays) takes at least 24 MiB; else 1.
TEST(AutoHaloDepth, DeepOnlyForHostRanksBeyondCache) {
  const bool deep = std::is_same_v<ExecSpace, Kokkos::DefaultHostExecutionSpace>;
  const long plane[3] = {2048, 1024, 1}, thin[3] = {63, 200000, 1}, in_cache[3] = {512, 512, 1};
  EXPECT_EQ(auto_halo_depth(2, plane, Integrator::Euler, Stencil::P5, 8), deep ? 8 : 1);
  EXPECT_EQ(auto_halo_depth(2, plane, Integrator::RK2, Stencil::P5, 8), deep ? 4 : 1);
  EXPECT_EQ(auto_halo_depth(2, thin, Integrator::Euler, Stencil::P5, 8), 1);
  EXPECT_EQ(auto_halo_depth(2, in_cache, Integrator::Euler, Stencil::P5, 8), 1);
  const long slab[3] = {160, 160, 80}, flat[3] = {1024, 1024, 63}, cube_in_cache[3] = {64, 64, 64};
  EXPECT_EQ(auto_halo_depth(3, slab, Integrator::Euler, Stencil::P5, 8), deep ? 4 : 1);
  EXPECT_EQ(auto_halo_depth(3, slab, Integrator::RK2, Stencil::P5, 8), deep ? 2 : 1);
  EXPECT_EQ(auto_halo_depth(3, flat, Integrator::Euler, Stencil::P5, 8), 1);
  EXPECT_EQ(auto_halo_depth(3, cube_in_cache, Integrator::Euler, Stencil::P5, 8), 1);
  // rkl2 exchanges every stage: the block forms do not run it.
  EXPECT_EQ(auto_halo_depth(2, plane, Integrator::RKL2, Stencil::P5, 8), 1);
  EXPECT_EQ(auto_halo_depth(3, slab, Integrator::RKL2, Stencil::P5, 8), 1);
  // A stencil of radius 2 (grid.order = 4) is not run by the block forms either.
  EXPECT_EQ(auto_halo_depth(2, plane, Integrator::Euler, Stencil::X9, 8), 1);
  EXPECT_EQ(auto_halo_depth(3, slab, Integrator::Euler, Stencil::X13, 8), 1);
}

// The value chosen reaches the decomposition: its ghosts are that wide.
TEST(AutoHaloDepth, DecompositionUsesTheChosenDepth) {
  SimConfig c = test::make_config(Stencil::P5, {2048, 1024, 1}, 1.0);
  c.parallel.halo_depth = ParallelConfig::kAutoHaloDepth;
  const Decomposition dec(c.grid, c.parallel, MPI_COMM_SELF, Integrator::RK2);
  const long n[3] = {2048, 1024, 1};
  const int depth = auto_halo_depth(2, n, Integrator::RK2, Stencil::P5, 8);
  EXPECT_EQ(dec.halo_depth(), depth);
  EXPECT_EQ(dec.ghost(0), ghost_width(depth, Integrator::RK2, c.grid.stencil));
  EXPECT_EQ(dec.ghost(1), ghost_width(depth, Integrator::RK2, c.grid.stencil));
}

}  // namespace
}  // namespace gs
