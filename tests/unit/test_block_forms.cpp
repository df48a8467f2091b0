// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// The fused forms of a block of stages (the CPU wavefront and the GPU tiles,
// which runs here on the host backend) leave bit-identical a and b, every cell
// ghosts included, to the level-by-level reference, for every stencil, both
// integrators, with and without a parameter map and the clamp, on pyramids of
// 1 to 8 levels. The buffers start random (ghosts too): the reference does not
// care what ghost values are, and random values make any cell read too early,
// too late or from the wrong buffer change the result.
#include <gtest/gtest.h>

#include <cstdint>
#include <algorithm>
#include <cstring>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

#include "../common/test_support.hpp"
#include "core/hash.hpp"
#include "numerics/stencil_taps.hpp"
#include "blocking/block_forms.hpp"
#include "blocking/block_plans.hpp"
#include "physics/cell_update.hpp"

namespace gs {

// BlockForm in GoogleTest's messages (an EXPECT_EQ of two forms), by name, not its bytes.
inline void PrintTo(BlockForm form, std::ostream* os) {
  switch (form) {
    case BlockForm::Auto: *os << "Auto"; return;
    case BlockForm::Levels: *os << "Levels"; return;
    case BlockForm::Wavefront: *os << "Wavefront"; return;
    case BlockForm::Tiles: *os << "Tiles"; return;
  }
  *os << "BlockForm(" << int(form) << ")";
}

namespace {

using test::Real;

Field<Real> random_field(const std::string& label, int ex, int ey, int ez, std::uint64_t stream, double lo, double hi) {
  Field<Real> f(label, ez, ey, ex);
  test::fill_host(f, [&](int x, int y, int z) {
    const std::uint64_t index = std::uint64_t(x) | std::uint64_t(y) << 20 | std::uint64_t(z) << 40;
    return lo + (hi - lo) * uniform01(29, stream, index);
  });
  return f;
}

// A pyramid of `levels` boxes inside an array of extents e: level 0 is the
// array less `margin` cells at the low sides and `margin + skew` at the high
// sides (so boxes sit off-centre), and each level is one cell smaller per side
// along the dimensions with ghosts.
BlockPlan pyramid(Integrator integrator, int levels, int dims, const int e[3], int margin, int skew) {
  BlockPlan plan;
  plan.integrator = integrator;
  for (int j = 0; j < levels; ++j) {
    IndexBox box;
    for (int d = 0; d < 3; ++d) {
      const bool ghosts = d < dims;
      box.lo[d] = ghosts ? margin + j : 0;
      box.hi[d] = ghosts ? e[d] - margin - skew - j : 1;
    }
    plan.levels.push_back({box});
  }
  return plan;
}

struct Buffers {
  State<Real> a, b;
};

Buffers random_buffers(const int e[3]) {
  return {{random_field("au", e[0], e[1], e[2], 1, 0.2, 1.0), random_field("av", e[0], e[1], e[2], 2, 0.0, 0.5)},
          {random_field("bu", e[0], e[1], e[2], 3, 0.2, 1.0), random_field("bv", e[0], e[1], e[2], 4, 0.0, 0.5)}};
}

// Cells of the two buffers whose bits differ, over the whole arrays.
long differing_cells(const Buffers& x, const Buffers& y) {
  long n = 0;
  const Field<Real> fx[4] = {x.a.u, x.a.v, x.b.u, x.b.v}, fy[4] = {y.a.u, y.a.v, y.b.u, y.b.v};
  for (int f = 0; f < 4; ++f) {
    const auto hx = test::to_host(fx[f]), hy = test::to_host(fy[f]);
    for (std::size_t i = 0; i < hx.span(); ++i) n += std::memcmp(hx.data() + i, hy.data() + i, sizeof(Real)) != 0;
  }
  return n;
}

// A fresh copy of buffers (every cell, ghosts included).
Buffers twin(const Buffers& from) {
  const auto one = [](const Field<Real>& f) {
    Field<Real> c(f.label() + "_copy", f.extent(0), f.extent(1), f.extent(2));
    Kokkos::deep_copy(c, f);
    return c;
  };
  return {{one(from.a.u), one(from.a.v)}, {one(from.b.u), one(from.b.v)}};
}

using Case = std::tuple<Stencil, Integrator, bool /*mapped*/, bool /*clamp*/>;

// One case on a pyramid of `levels` levels: the physics, the plan and its
// level boxes, random start buffers and the level-by-level result from them.
struct Pyramid {
  ReactionDiffusion<Real> p;
  BlockPlan plan;
  std::vector<IndexBox> boxes;
  Buffers start, reference;
};

Pyramid make_pyramid(const Case& c, int levels) {
  const auto [stencil, integrator, mapped, clamp] = c;
  const int dims = stencil_dims(stencil);
  // Odd sizes; 2D rows longer than one 256-cell chunk of the row kernel. The
  // sweep dimension (z in 3D, y in 2D) leaves the 8-level pyramid one slice.
  const int e[3] = {dims == 3 ? 23 : 277, dims == 3 ? 21 : 19, dims == 3 ? 19 : 1};
  Pyramid py;
  ReactionDiffusion<Real>& p = py.p;
  p.cell.Du = 0.21, p.cell.Dv = 0.105, p.cell.F = 0.037, p.cell.k = 0.06, p.dt = clamp ? 40 : 0.9;
  p.cell.set_clamp(clamp);
  p.cell.inv_h2[0] = p.cell.inv_h2[1] = p.cell.inv_h2[2] = 1 / (0.7 * 0.7);
  if (mapped) {
    p.F_map = random_field("F", e[0], e[1], e[2], 5, 0.0, 0.08);
    p.k_map = random_field("k", e[0], e[1], e[2], 6, 0.03, 0.07);
  }
  // Offsets from the array edges (1 cell, and 2 more at the high sides for
  // even depths); the 8-level pyramid's last box is one slice thick.
  const int margin = 1, skew = levels % 2 == 0 ? 2 : 0;
  py.plan = pyramid(integrator, levels, dims, e, margin, skew);
  EXPECT_FALSE(py.plan.levels.back()[0].empty());
  EXPECT_TRUE(nested_boxes(py.plan, dims, py.boxes));
  py.start = random_buffers(e);
  py.reference = twin(py.start);
  gray_scott_block(stencil, p, py.plan, py.reference.a, py.reference.b, BlockForm::Levels);
  EXPECT_GT(differing_cells(py.start, py.reference), 0) << "the plan changed nothing: the test would check nothing";
  return py;
}

class BlockForms : public ::testing::TestWithParam<Case> {};

TEST_P(BlockForms, FusedFormsGiveTheLevelsBits) {
  const auto [stencil, integrator, mapped, clamp] = GetParam();
  // Small tiles, several per box and some cut by its edge, and chunks along the
  // sweep, so that tile seams and widened edges are exercised.
  const TileShape shapes[3] = {TileShape{}, TileShape{5, 4, 6}, TileShape{3, 7, 0}};
  long clamped = 0, checked = 0;
  for (int levels = 1; levels <= 8; ++levels) {
    const Pyramid py = make_pyramid(GetParam(), levels);
    const ReactionDiffusion<Real>& p = py.p;
    const Buffers& reference = py.reference;

    const Buffers wavefront = twin(py.start);
    ASSERT_EQ(resolve_block_form(stencil, py.plan, BlockForm::Wavefront), BlockForm::Wavefront);
    gray_scott_block(stencil, p, py.plan, wavefront.a, wavefront.b, BlockForm::Wavefront);
    EXPECT_EQ(differing_cells(wavefront, reference), 0) << "Wavefront, " << levels << " levels";

    // Bands of y in 3D (one row, a few, more than the box): band seams skewed
    // by one row per level.
    for (const int rows : {1, 2, 5, 100}) {
      const Buffers banded = twin(py.start);
      run_wavefront(stencil, p, integrator, py.boxes, banded.a, banded.b, rows);
      EXPECT_EQ(differing_cells(banded, reference), 0) << "Wavefront, bands of " << rows << " rows, " << levels << " levels";
    }
    for (const TileShape& shape : shapes) {
      const Buffers tiles = twin(py.start);
      run_tiles(stencil, p, integrator, py.boxes, tiles.a, tiles.b, shape);
      EXPECT_EQ(differing_cells(tiles, reference), 0)
          << "Tiles " << shape.x << "x" << shape.y << "x" << shape.sweep << ", " << levels << " levels";
    }
    const Buffers automatic = twin(py.start);
    gray_scott_block(stencil, p, py.plan, automatic.a, automatic.b, BlockForm::Auto);
    EXPECT_EQ(differing_cells(automatic, reference), 0) << "Auto, " << levels << " levels";
    EXPECT_EQ(resolve_block_form(stencil, py.plan, BlockForm::Auto) == BlockForm::Levels, levels == 1);

    const auto host = test::to_host(reference.a.u);
    for (std::size_t i = 0; i < host.span(); ++i) clamped += host.data()[i] == 0 || host.data()[i] == 1;
    ++checked;
  }
  (void)mapped;
  EXPECT_EQ(checked, 8);
  if (clamp) EXPECT_GT(clamped, 0) << "the clamp case never clamped: it checks nothing";
}

// The threaded forms with real concurrency, on threaded host backends (CI's
// OpenMP suite runs these with 2 threads per process, and again with 4 on
// its 2 cores): the Tiles form with teams of 2 threads and more (up to 4,
// and leagues of several tiles per thread), whose team barriers, ring slots
// in scratch and tile seams then meet threads of one team racing each other;
// and the threaded wavefront, whose one barrier per sweep step orders all
// levels. A missing barrier lets a thread read a slice or ring slot another
// thread has not written yet, or has already overwritten; that changes bits
// only when the interleaving exposes it, so each case runs several times on
// fresh copies. How many: with the team barrier of either form removed, every
// one of the 40 cases failed; in a single run 98 % of the (case, depth)
// pairs showed it with 7x6x8 tiles and 83 % with one tile per box (2
// threads), all of them with 4 threads and in the threaded wavefront. Ten
// runs (three with 4 threads, where each is slower and detection was
// certain) leave such a race odds below 1e-7 of passing a case.
int repeats() { return ExecSpace().concurrency() > 2 ? 3 : 10; }

// Registered only where the host execution space can run threads (OpenMP):
// a serial or a device build lists none of these cases, rather than 80 per
// precision that could only skip. OMP_NUM_THREADS=1 still skips them at run time.
constexpr bool kThreadedHostBuild = kHostExecution && !std::is_same_v<ExecSpace, Kokkos::Serial>;
bool threaded_host() { return kHostExecution && ExecSpace().concurrency() > 1; }

class ThreadedBlockForms : public BlockForms {};
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(ThreadedBlockForms);

TEST_P(ThreadedBlockForms, TilesWithTeamsGiveTheLevelsBits) {
  if (!threaded_host()) GTEST_SKIP() << "needs a threaded host backend (OpenMP with 2 threads or more)";
  const auto [stencil, integrator, mapped, clamp] = GetParam();
  using Policy = Kokkos::TeamPolicy<ExecSpace>;
  const int most = std::min(4, Policy(1, 1).team_size_max([](const Policy::member_type&) {}, Kokkos::ParallelForTag()));
  ASSERT_GE(most, 2) << "teams of 2 threads are not possible with " << ExecSpace().concurrency() << " threads";
  // Leagues of tens of tiles (several per thread), tiles cut by the box
  // edges, chunks along the sweep; and one tile per box (the league one team).
  const TileShape shapes[2] = {TileShape{7, 6, 8}, TileShape{0, 0, 0}};
  for (int levels = 2; levels <= 8; ++levels) {
    const Pyramid py = make_pyramid(GetParam(), levels);
    for (int team = 2; team <= most; team *= 2)
      for (TileShape shape : shapes) {
        shape.team = team;
        long failed = 0;
        for (int r = 0; r < repeats(); ++r) {
          const Buffers tiles = twin(py.start);
          run_tiles(stencil, py.p, integrator, py.boxes, tiles.a, tiles.b, shape);
          failed += differing_cells(tiles, py.reference) != 0;
        }
        EXPECT_EQ(failed, 0) << "Tiles " << shape.x << "x" << shape.y << "x" << shape.sweep << ", teams of " << team
                             << ", " << levels << " levels: " << failed << " of " << repeats() << " runs differ";
      }
  }
  (void)mapped, (void)clamp;
}

TEST_P(ThreadedBlockForms, ThreadedWavefrontGivesTheLevelsBits) {
  if (!threaded_host()) GTEST_SKIP() << "needs a threaded host backend (OpenMP with 2 threads or more)";
  const auto [stencil, integrator, mapped, clamp] = GetParam();
  for (int levels = 2; levels <= 8; ++levels) {
    const Pyramid py = make_pyramid(GetParam(), levels);
    long failed = 0;
    for (int r = 0; r < repeats(); ++r) {
      const Buffers out = twin(py.start);
      run_wavefront(stencil, py.p, integrator, py.boxes, out.a, out.b);
      failed += differing_cells(out, py.reference) != 0;
    }
    EXPECT_EQ(failed, 0) << "threaded wavefront, " << levels << " levels: " << failed << " of " << repeats() << " runs differ";
  }
  (void)mapped, (void)clamp;
}

// Every stencil, both integrators, with and without a parameter map and the
// clamp: AllStencils/BlockForms.FusedFormsGiveTheLevelsBits/27point_rk2_map_clamp.
std::vector<Case> all_cases() {
  std::vector<Case> cases;
  for (Stencil s : test::kAllStencils)
    for (Integrator i : {Integrator::Euler, Integrator::RK2})
      for (bool mapped : {false, true})
        for (bool clamp : {false, true}) cases.emplace_back(s, i, mapped, clamp);
  return cases;
}

std::string case_name(const ::testing::TestParamInfo<Case>& info) {
  const auto [stencil, integrator, mapped, clamp] = info.param;
  return test::name_part(stencil) + "_" + test::name_part(integrator) + (mapped ? "_map" : "") + (clamp ? "_clamp" : "");
}

INSTANTIATE_TEST_SUITE_P(AllStencils, BlockForms, ::testing::ValuesIn(all_cases()), case_name);
INSTANTIATE_TEST_SUITE_P(AllStencils, ThreadedBlockForms,
                         ::testing::ValuesIn(kThreadedHostBuild ? all_cases() : std::vector<Case>{}), case_name);

// Plans the fused forms do not take run by levels, with the same bits.
TEST(BlockForms, OtherPlansRunByLevels) {
  const int e[3] = {19, 17, 15};
  BlockPlan plan = pyramid(Integrator::Euler, 3, 3, e, 2, 0);
  // Two boxes in level 1 (its box split along x).
  IndexBox left = plan.levels[1][0], right = left;
  left.hi[0] = right.lo[0] = (left.lo[0] + left.hi[0]) / 2;
  plan.levels[1] = {left, right};
  EXPECT_EQ(resolve_block_form(Stencil::P7, plan, BlockForm::Wavefront), BlockForm::Levels);
  EXPECT_EQ(resolve_block_form(Stencil::P7, plan, BlockForm::Tiles), BlockForm::Levels);
  // Not nested: level 2 as large as level 1.
  BlockPlan flat = pyramid(Integrator::Euler, 3, 3, e, 2, 0);
  flat.levels[2] = flat.levels[1];
  std::vector<IndexBox> boxes;
  EXPECT_FALSE(nested_boxes(flat, 3, boxes));
  EXPECT_EQ(resolve_block_form(Stencil::P7, flat, BlockForm::Auto), BlockForm::Levels);
  ReactionDiffusion<Real> p;
  p.cell.Du = 0.2, p.cell.Dv = 0.1, p.cell.F = 0.04, p.cell.k = 0.06, p.dt = 0.5;
  const Buffers x = random_buffers(e), y = random_buffers(e);
  gray_scott_block(Stencil::P7, p, plan, x.a, x.b, BlockForm::Levels);
  gray_scott_block(Stencil::P7, p, plan, y.a, y.b, BlockForm::Wavefront);
  EXPECT_EQ(differing_cells(x, y), 0);
}

}  // namespace
}  // namespace gs
