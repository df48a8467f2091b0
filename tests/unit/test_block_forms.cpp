// The fused forms of a block of stages (the CPU wavefront and the GPU tiles,
// which runs here on the host backend) leave bit-identical a and b, every cell
// ghosts included, to the level-by-level reference, for every stencil, both
// integrators, with and without a parameter map and the clamp, on pyramids of
// 1 to 8 levels. The buffers start random (ghosts too): the reference does not
// care what ghost values are, and random values make any cell read too early,
// too late or from the wrong buffer change the result.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <tuple>

#include "../common/test_support.hpp"
#include "core/hash.hpp"
#include "numerics/stencil_taps.hpp"
#include "blocking/block_forms.hpp"
#include "blocking/block_plans.hpp"

namespace gs {
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

using Case = std::tuple<Stencil, Integrator, bool /*mapped*/, bool /*clamp*/>;

class BlockForms : public ::testing::TestWithParam<Case> {};

TEST_P(BlockForms, FusedFormsGiveTheLevelsBits) {
  const auto [stencil, integrator, mapped, clamp] = GetParam();
  const int dims = stencil_dims(stencil);
  // Odd sizes; 2D rows longer than one 256-cell chunk of the row kernel. The
  // sweep dimension (z in 3D, y in 2D) leaves the 8-level pyramid one slice.
  const int e[3] = {dims == 3 ? 23 : 277, dims == 3 ? 21 : 19, dims == 3 ? 19 : 1};
  ReactionDiffusion<Real> p;
  p.cell.Du = 0.21, p.cell.Dv = 0.105, p.cell.F = 0.037, p.cell.k = 0.06, p.cell.dt = clamp ? 40 : 0.9;
  p.cell.set_clamp(clamp);
  p.cell.inv_h2[0] = p.cell.inv_h2[1] = p.cell.inv_h2[2] = 1 / (0.7 * 0.7);
  if (mapped) {
    p.F_map = random_field("F", e[0], e[1], e[2], 5, 0.0, 0.08);
    p.k_map = random_field("k", e[0], e[1], e[2], 6, 0.03, 0.07);
  }
  // Small tiles, several per box and some cut by its edge, and chunks along the
  // sweep, so that tile seams and widened edges are exercised.
  const TileShape shapes[3] = {TileShape{}, TileShape{5, 4, 6}, TileShape{3, 7, 0}};
  long clamped = 0, checked = 0;
  for (int levels = 1; levels <= 8; ++levels) {
    // Offsets from the array edges (1 cell, and 2 more at the high sides for
    // even depths); the 8-level pyramid's last box is one slice thick.
    const int margin = 1, skew = levels % 2 == 0 ? 2 : 0;
    const BlockPlan plan = pyramid(integrator, levels, dims, e, margin, skew);
    ASSERT_FALSE(plan.levels.back()[0].empty());
    const Buffers start = random_buffers(e);
    const auto copy = [&]() {
      const auto twin = [&](const Field<Real>& f) {
        Field<Real> c(f.label() + "_copy", f.extent(0), f.extent(1), f.extent(2));
        Kokkos::deep_copy(c, f);
        return c;
      };
      return Buffers{{twin(start.a.u), twin(start.a.v)}, {twin(start.b.u), twin(start.b.v)}};
    };
    const Buffers reference = copy();
    gray_scott_block(stencil, p, plan, reference.a, reference.b, BlockForm::Levels);
    EXPECT_GT(differing_cells(start, reference), 0) << "the plan changed nothing: the test would check nothing";

    const Buffers wavefront = copy();
    ASSERT_EQ(resolve_block_form(stencil, plan, BlockForm::Wavefront), BlockForm::Wavefront);
    gray_scott_block(stencil, p, plan, wavefront.a, wavefront.b, BlockForm::Wavefront);
    EXPECT_EQ(differing_cells(wavefront, reference), 0) << "Wavefront, " << levels << " levels";

    std::vector<IndexBox> boxes;
    ASSERT_TRUE(nested_boxes(plan, dims, boxes));
    // Bands of y in 3D (one row, a few, more than the box): band seams skewed
    // by one row per level.
    for (const int rows : {1, 2, 5, 100}) {
      const Buffers banded = copy();
      run_wavefront(stencil, p, integrator, boxes, banded.a, banded.b, rows);
      EXPECT_EQ(differing_cells(banded, reference), 0) << "Wavefront, bands of " << rows << " rows, " << levels << " levels";
    }
    for (const TileShape& shape : shapes) {
      const Buffers tiles = copy();
      run_tiles(stencil, p, integrator, boxes, tiles.a, tiles.b, shape);
      EXPECT_EQ(differing_cells(tiles, reference), 0)
          << "Tiles " << shape.x << "x" << shape.y << "x" << shape.sweep << ", " << levels << " levels";
    }
    const Buffers automatic = copy();
    gray_scott_block(stencil, p, plan, automatic.a, automatic.b, BlockForm::Auto);
    EXPECT_EQ(differing_cells(automatic, reference), 0) << "Auto, " << levels << " levels";
    EXPECT_EQ(resolve_block_form(stencil, plan, BlockForm::Auto) == BlockForm::Levels, levels == 1 || (dims == 2 && ExecSpace().concurrency() > 1));

    const auto host = test::to_host(reference.a.u);
    for (std::size_t i = 0; i < host.span(); ++i) clamped += host.data()[i] == 0 || host.data()[i] == 1;
    ++checked;
  }
  EXPECT_EQ(checked, 8);
  if (clamp) EXPECT_GT(clamped, 0) << "the clamp case never clamped: it checks nothing";
}

INSTANTIATE_TEST_SUITE_P(AllStencils, BlockForms,
                         ::testing::Combine(::testing::ValuesIn(test::kAllStencils),
                                            ::testing::Values(Integrator::Euler, Integrator::RK2), ::testing::Bool(),
                                            ::testing::Bool()));

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
  p.cell.Du = 0.2, p.cell.Dv = 0.1, p.cell.F = 0.04, p.cell.k = 0.06, p.cell.dt = 0.5;
  const Buffers x = random_buffers(e), y = random_buffers(e);
  gray_scott_block(Stencil::P7, p, plan, x.a, x.b, BlockForm::Levels);
  gray_scott_block(Stencil::P7, p, plan, y.a, y.b, BlockForm::Wavefront);
  EXPECT_EQ(differing_cells(x, y), 0);
}

}  // namespace
}  // namespace gs
