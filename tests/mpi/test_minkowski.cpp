// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// The measured pattern's counts (physics/minkowski.hpp) are those of the whole
// grid on every layout of the current rank count: the shapes of the unit test
// (disks, annulus, disk with holes, stripes; ball, shell, solid torus, slab,
// rod) on grids whose sides the ranks split unevenly, placed across rank
// boundaries and across the periodic wrap, with the ghosts filled as the run
// fills them for outputs (Stepper::fill_ghosts, with and without the stencil's
// own diagonal ghosts, and with deep halos). Ghosts start "on", so a ghost the
// exchange left unfilled changes the counts.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "../common/pattern_shapes.hpp"
#include "../common/test_support.hpp"
#include "core/timers.hpp"
#include "driver/stepper.hpp"
#include "grid/decomposition.hpp"
#include "grid/fields.hpp"
#include "physics/minkowski.hpp"

namespace gs {
namespace {

using test::Real;
using test::Shape;
using test::layouts;
using test::world_size;

// Every shape on every layout, with the run's ghost fill for `stencil`.
void check_layouts(const std::vector<Shape>& shapes, Stencil stencil, int halo_depth) {
  const Shape& first = shapes.front();
  for (const auto& layout : layouts(world_size(), first.dims)) {
    SimConfig cfg = test::make_config(stencil, first.n, 1.0);
    cfg.parallel.layout = layout;
    cfg.parallel.halo_depth = halo_depth;
    Decomposition dec(cfg.grid, cfg.parallel, MPI_COMM_WORLD, cfg.time.integrator);
    Fields<Real> f(dec);
    PhaseTimers timers;
    Stepper<Real> stepper(cfg, dec, timers);
    const IndexBox owned = dec.owned();
    const long* off = dec.offset();
    for (const Shape& s : shapes) {
      const std::string where = s.name + " on layout " + std::to_string(layout[0]) + "x" + std::to_string(layout[1]) + "x" +
                                std::to_string(layout[2]) + ", " + stencil_name(stencil) + ", halo_depth " + std::to_string(halo_depth);
      SCOPED_TRACE(where);
      test::fill_host(f.v, [&](int x, int y, int z) {
        const bool own = x >= owned.lo[0] && x < owned.hi[0] && y >= owned.lo[1] && y < owned.hi[1] && z >= owned.lo[2] && z < owned.hi[2];
        if (!own) return Real(7);
        return s.on(off[0] + x - owned.lo[0], off[1] + y - owned.lo[1], off[2] + z - owned.lo[2]) ? Real(1) : Real(0);
      });
      stepper.fill_ghosts(f.now());
      const PatternCounts got = pattern_counts(f.now(), dec, 0.5);
      const test::Enumerated want = test::enumerate(s);
      EXPECT_TRUE(test::same_counts(got, want.counts)) << "got " << test::counts_text(got) << ", enumerated " << test::counts_text(want.counts);
      const double h[3] = {1, 1, 1};
      const PatternMeasures m = pattern_measures(got, s.dims, h, cfg.grid.cells(), 0.5);
      EXPECT_EQ(m.euler, s.euler);
      EXPECT_EQ(m.boundary, want.boundary);
    }
  }
}

// Odd sides: 3 or 4 ranks along one split cells unevenly.
TEST(Minkowski, SameCountsOnEveryLayout2D) {
  const std::array<long, 3> n = {47, 37, 1};
  for (const auto& placement : {std::array<double, 2>{23.4, 18.3}, std::array<double, 2>{0.6, 36.2}}) {
    const auto shapes = test::shapes_2d(n, placement[0], placement[1]);
    check_layouts(shapes, Stencil::P5, 1);  // a faces-only exchange: the second, diagonal one fills the corners
    check_layouts(shapes, Stencil::P9, 1);
    check_layouts(shapes, Stencil::P5, 2);
  }
}

TEST(Minkowski, SameCountsOnEveryLayout3D) {
  const std::array<long, 3> n = {23, 19, 21};
  for (const auto& placement : {std::array<double, 3>{11.6, 9.4, 10.7}, std::array<double, 3>{0.4, 18.5, 20.2}}) {
    const auto shapes = test::shapes_3d(n, placement[0], placement[1], placement[2]);
    check_layouts(shapes, Stencil::P7, 1);
    check_layouts(shapes, Stencil::P27, 1);
    check_layouts(shapes, Stencil::P7, 2);
  }
}

}  // namespace
}  // namespace gs
