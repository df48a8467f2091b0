// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// Every ghost cell, edges and corners included, holds the periodic neighbour's
// value after one exchange, for every layout of the current rank count; and
// after the stepper's fill_ghosts, for every stencil (what outputs that read
// ghosts are given, whether or not the stencil's own exchange has diagonals);
// and the same for the ghosts of parallel.halo_depth > 1, every layer of them.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "../common/test_support.hpp"
#include "comm/halo.hpp"
#include "core/error.hpp"
#include "core/timers.hpp"
#include "driver/stepper.hpp"
#include "grid/decomposition.hpp"
#include "grid/fields.hpp"

namespace gs {
namespace {

using test::Real;
using test::world_rank;
using test::layouts;
using test::world_size;

double global_id(long gx, long gy, long gz, const long* n) { return double((gz * n[1] + gy) * n[0] + gx); }

// stepper: fill through Stepper::fill_ghosts of a run with `grid.stencil`
// (every ghost promised), else through a HaloExchange with or without diagonals.
// depth > 1: ghosts of parallel.halo_depth x stages layers (edges and corners always).
void check_halo(int dims, std::array<long, 3> n, std::array<int, 3> layout, bool diagonals, bool gpu_aware,
                const Stencil* stepper = nullptr, int depth = 1, Integrator integrator = Integrator::Euler) {
  SimConfig cfg;
  GridConfig& grid = cfg.grid;
  grid.dims = dims;
  grid.n = n;
  if (stepper) grid.stencil = *stepper;
  cfg.time.integrator = integrator;
  ParallelConfig& par = cfg.parallel;
  par.layout = layout;
  par.gpu_aware_mpi = gpu_aware;
  par.halo_depth = depth;
  Decomposition dec(grid, par, MPI_COMM_WORLD, integrator);
  for (int d = 0; d < dims; ++d) ASSERT_EQ(dec.ghost(d), ghost_width(depth, integrator, grid.stencil));
  if (depth > 1) diagonals = true;
  Fields<Real> f(dec);
  const long* gn = dec.global_n();
  const long* off = dec.offset();
  const IndexBox owned = dec.owned();
  // Owned cells carry their global id (u) and its negative (v); ghosts a marker.
  test::fill_host(f.u, [&](int x, int y, int z) {
    const bool own = x >= owned.lo[0] && x < owned.hi[0] && y >= owned.lo[1] && y < owned.hi[1] && z >= owned.lo[2] && z < owned.hi[2];
    return own ? global_id(off[0] + x - owned.lo[0], off[1] + y - owned.lo[1], off[2] + z - owned.lo[2], gn) : -1e9;
  });
  auto uh = test::to_host(f.u);
  auto vh = Kokkos::create_mirror_view(f.v);
  for (std::size_t i = 0; i < uh.size(); ++i) vh.data()[i] = uh.data()[i] == -1e9 ? -1e9 : -uh.data()[i] - 1;
  Kokkos::deep_copy(f.v, vh);

  if (stepper) {
    PhaseTimers timers;
    Stepper<Real>(cfg, dec, timers).fill_ghosts(f.now());
    diagonals = true;
  } else {
    HaloExchange<Real> halo(dec, diagonals, gpu_aware);
    halo.exchange(f);
  }
  auto u = test::to_host(f.u);
  auto v = test::to_host(f.v);
  const auto wrap = [&](long g, int d) { return ((g % gn[d]) + gn[d]) % gn[d]; };
  long checked = 0;
  for (int z = 0; z < int(u.extent(0)); ++z)
    for (int y = 0; y < int(u.extent(1)); ++y)
      for (int x = 0; x < int(u.extent(2)); ++x) {
        const int outside = (x < owned.lo[0] || x >= owned.hi[0]) + (y < owned.lo[1] || y >= owned.hi[1]) +
                            (z < owned.lo[2] || z >= owned.hi[2]);
        if (outside > 1 && !diagonals) continue;  // edges/corners are only promised with diagonals
        const double expect = global_id(wrap(off[0] + x - owned.lo[0], 0), wrap(off[1] + y - owned.lo[1], 1),
                                        wrap(off[2] + z - owned.lo[2], 2), gn);
        ASSERT_EQ(u(z, y, x), expect) << "rank " << dec.rank() << " cell " << x << "," << y << "," << z << " layout "
                                      << layout[0] << "x" << layout[1] << "x" << layout[2];
        ASSERT_EQ(v(z, y, x), -expect - 1);
        ++checked;
      }
  EXPECT_GT(checked, owned.cells());
}

TEST(Halo, FillsEveryGhost2DAllLayouts) {
  for (const auto& l : layouts(world_size(), 2)) {
    check_halo(2, {13, 10, 1}, l, true, false);
    check_halo(2, {13, 10, 1}, l, false, false);
  }
}

TEST(Halo, FillsEveryGhost3DAllLayouts) {
  for (const auto& l : layouts(world_size(), 3)) {
    check_halo(3, {11, 9, 8}, l, true, false);
    check_halo(3, {11, 9, 8}, l, false, false);
  }
}

TEST(Halo, StepperFillsEveryGhostForEveryStencil) {
  for (const Stencil s : test::kEveryStencil) {
    const int dims = stencil_dims(s);
    const std::array<long, 3> n = dims == 2 ? std::array<long, 3>{13, 10, 1} : std::array<long, 3>{11, 9, 8};
    for (const auto& l : layouts(world_size(), dims)) {
      // A rank must own as many cells as the stencil reaches (the decomposition refuses fewer).
      bool fits = true;
      for (int d = 0; d < dims; ++d) fits = fits && n[d] / l[d] >= stencil_radius(s);
      if (fits) check_halo(dims, n, l, false, false, &s);
    }
  }
}

// Every ghost of a deep halo (faces, edges, corners, all layers) holds its
// periodic image, through a plain HaloExchange asked for faces only and through
// the stepper of a 5- or 7-point run; layouts whose ranks own fewer cells than
// the ghost width are refused alike on every rank and skipped. The grids leave
// at least one layout to check on every rank count CTest runs (1, 2, 3, 4, 6,
// 8), the widest case (3D, RK2, depth 3: 6 ghost cells) included: 19 cells
// along z share out 6 per rank over 3 ranks ([1,1,3]), and 15 x 19 over
// [1,2,3] on 6; a test that checked no layout would pass without checking.
TEST(Halo, DeepGhostsFillEveryGhost) {
  const Stencil faces_only[2] = {Stencil::P5, Stencil::P7};
  for (int dims : {2, 3})
    for (int depth : {2, 3})
      for (Integrator integrator : {Integrator::Euler, Integrator::RK2}) {
        const std::array<long, 3> n = dims == 2 ? std::array<long, 3>{29, 26, 1} : std::array<long, 3>{17, 15, 19};
        int checked = 0;
        for (const auto& l : layouts(world_size(), dims)) {
          try {
            check_halo(dims, n, l, false, false, nullptr, depth, integrator);
            check_halo(dims, n, l, false, false, &faces_only[dims - 2], depth, integrator);
            ++checked;
          } catch (const KeyError& e) {
            EXPECT_EQ(e.key(), "parallel.halo_depth");
          }
        }
        EXPECT_GE(checked, 1) << "no layout of " << world_size() << " ranks was checked (" << dims << "D, halo_depth " << depth
                              << ", " << (integrator == Integrator::RK2 ? "RK2" : "Euler") << "): every one was refused";
        if (world_size() == 1) EXPECT_EQ(checked, 1);
      }
}

TEST(Halo, DeepHaloRefusesRanksThinnerThanTheGhosts) {
  GridConfig grid;
  grid.dims = 2;
  grid.n = {16, 5, 1};
  ParallelConfig par;
  par.halo_depth = 3;
  // One rank along y owns 5 cells: 3 Euler ghost layers fit, 6 for RK2 do not.
  EXPECT_NO_THROW(Decomposition(grid, par, MPI_COMM_SELF, Integrator::Euler));
  try {
    Decomposition dec(grid, par, MPI_COMM_SELF, Integrator::RK2);
    ADD_FAILURE() << "6 ghost layers on 5 cells were accepted";
  } catch (const KeyError& e) {
    EXPECT_EQ(e.key(), "parallel.halo_depth");
    EXPECT_NE(std::string(e.what()).find("the largest halo_depth that fits is 2"), std::string::npos) << e.what();
  }
}

// rkl2 runs with an exchange per stage: a deeper halo is refused in one line
// naming the key, "auto" and 1 are accepted (one ghost layer).
TEST(Halo, Rkl2RefusesADeepHalo) {
  GridConfig grid;
  grid.dims = 2;
  grid.n = {64, 64, 1};
  ParallelConfig par;
  par.halo_depth = 2;
  try {
    Decomposition dec(grid, par, MPI_COMM_SELF, Integrator::RKL2);
    ADD_FAILURE() << "halo_depth 2 was accepted for rkl2";
  } catch (const KeyError& e) {
    EXPECT_EQ(e.key(), "parallel.halo_depth");
    EXPECT_NE(std::string(e.what()).find("allowed: 1 or \"auto\""), std::string::npos) << e.what();
  }
  for (int depth : {1, ParallelConfig::kAutoHaloDepth}) {
    par.halo_depth = depth;
    const Decomposition dec(grid, par, MPI_COMM_SELF, Integrator::RKL2);
    EXPECT_EQ(dec.halo_depth(), 1);
    EXPECT_EQ(dec.ghost(0), 1);
  }
}

TEST(Halo, DeviceBuffersToMpiGiveTheSameGhosts) {
  // Handing CUDA memory to an MPI that cannot read it would crash, not fail.
  if (!mpi_takes_field_memory()) GTEST_SKIP() << "this MPI is not CUDA-aware";
  check_halo(3, {11, 9, 8}, {0, 0, 0}, true, true);
  check_halo(2, {13, 10, 1}, {0, 0, 0}, true, true);
}

TEST(Halo, GpuAwareRequestIsRefusedWhenMpiCannotTakeDeviceMemory) {
  if (mpi_takes_field_memory()) GTEST_SKIP() << "fields are host memory or MPI is CUDA-aware";
  GridConfig grid;
  grid.dims = 2;
  grid.n = {16, 16, 1};
  Decomposition dec(grid, ParallelConfig{}, MPI_COMM_WORLD, Integrator::Euler);
  EXPECT_THROW(HaloExchange<Real>(dec, true, true), InputError);
  EXPECT_NO_THROW(HaloExchange<Real>(dec, true, false));
}

TEST(Halo, MessageCountsFollowTheStencil) {
  for (int dims : {2, 3}) {
    GridConfig grid;
    grid.dims = dims;
    grid.n = {16, 16, dims == 3 ? 16L : 1L};
    Decomposition dec(grid, ParallelConfig{}, MPI_COMM_WORLD, Integrator::Euler);
    EXPECT_EQ(HaloExchange<Real>(dec, false, false).message_count(), 2 * dims);
    EXPECT_EQ(HaloExchange<Real>(dec, true, false).message_count(), dims == 2 ? 8 : 26);
    // Deep halos always carry edges and corners.
    ParallelConfig deep;
    deep.halo_depth = 2;
    Decomposition deep_dec(grid, deep, MPI_COMM_WORLD, Integrator::Euler);
    EXPECT_EQ(HaloExchange<Real>(deep_dec, false, false).message_count(), dims == 2 ? 8 : 26);
  }
}

}  // namespace
}  // namespace gs
