// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// The measured pattern (physics/minkowski.hpp) on shapes with known answers,
// built here on one rank: N separated disks have chi = N, an annulus 0, a
// disk with K holes 1 - K, a stripe around the periodic box 0; a ball 1, a
// spherical shell 2, a solid torus 0, a slab wrapping in two directions 0.
// The counts equal those of enumerating the whole grid, the boundary equals
// the on/off face pairs, and both loops (per cell, per row) agree. On random
// 2D sets, chi equals components minus holes found by flood fill (8-connected
// on cells, 4-connected off cells). Area, perimeter, surface and integral mean
// curvature of boxes with unequal cell sides are those of the boxes. Also in
// test_unit_float (float.Minkowski.*): the float state gives the same counts.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <queue>
#include <vector>

#include "../common/pattern_shapes.hpp"
#include "../common/test_support.hpp"
#include "physics/minkowski.hpp"

namespace gs {
namespace {

using test::Real;
using test::Shape;

// v of the shape on a one-rank box with one ghost layer per dimension (none
// along z in 2D), ghosts filled with the periodic neighbours; 1 on, 0 off,
// except that an "on" cell holds exactly theta on every third row (>= counts).
struct Box {
  Field<Real> v;
  IndexBox owned;
};

constexpr double kTheta = 0.5;

Box make_box(const Shape& s) {
  const int g = 1, gz = s.dims == 3 ? 1 : 0;
  const long* n = s.n.data();
  Box b;
  b.v = Field<Real>("v", n[2] + 2 * gz, n[1] + 2 * g, n[0] + 2 * g);
  b.owned.lo[0] = g;
  b.owned.lo[1] = g;
  b.owned.lo[2] = gz;
  b.owned.hi[0] = g + int(n[0]);
  b.owned.hi[1] = g + int(n[1]);
  b.owned.hi[2] = gz + int(n[2]);
  test::fill_host(b.v, [&](int x, int y, int z) {
    const long gx = ((x - g) % n[0] + n[0]) % n[0], gy = ((y - g) % n[1] + n[1]) % n[1], gzz = ((z - gz) % n[2] + n[2]) % n[2];
    if (!s.on(gx, gy, gzz)) return Real(0);
    return gy % 3 == 0 ? Real(kTheta) : Real(1);
  });
  return b;
}

PatternCounts counts_of(const Shape& s, PatternLoop loop) {
  const Box b = make_box(s);
  return local_pattern_counts(b.v, b.owned, s.dims, kTheta, loop);
}

void check_shape(const Shape& s) {
  SCOPED_TRACE(s.name);
  const test::Enumerated want = test::enumerate(s);
  for (const PatternLoop loop : {PatternLoop::Cells, PatternLoop::Rows, PatternLoop::Auto}) {
    const PatternCounts got = counts_of(s, loop);
    EXPECT_TRUE(test::same_counts(got, want.counts))
        << "loop " << int(loop) << ": got " << test::counts_text(got) << ", enumerated " << test::counts_text(want.counts);
    const double h[3] = {1, 1, 1};
    const long long total = s.n[0] * s.n[1] * s.n[2];
    const PatternMeasures m = pattern_measures(got, s.dims, h, total, kTheta);
    EXPECT_EQ(m.euler, s.euler);
    EXPECT_EQ(m.boundary, want.boundary);
    EXPECT_EQ(m.counts.cells, want.counts.cells);
    EXPECT_DOUBLE_EQ(m.fraction, double(want.counts.cells) / double(total));
    EXPECT_DOUBLE_EQ(m.boundary_density, double(want.boundary) / double(total));
  }
}

TEST(Minkowski, Shapes2DHaveTheirKnownEulerCharacteristic) {
  for (const Shape& s : test::shapes_2d({48, 40, 1}, 12.3, 20.6)) check_shape(s);
  // The same shapes across the periodic wrap.
  for (const Shape& s : test::shapes_2d({48, 40, 1}, 0.4, 39.2)) check_shape(s);
}

TEST(Minkowski, Shapes3DHaveTheirKnownEulerCharacteristic) {
  for (const Shape& s : test::shapes_3d({32, 28, 30}, 11.2, 13.7, 14.1)) check_shape(s);
  for (const Shape& s : test::shapes_3d({32, 28, 30}, 31.6, 0.3, 29.5)) check_shape(s);
}

TEST(Minkowski, SingleCellCounts) {
  const std::array<long, 3> n2 = {9, 7, 1}, n3 = {6, 5, 7};
  const auto one = [](long x, long y, long z) { return x == 3 && y == 2 && z == 0; };
  PatternCounts c = counts_of({"cell", 2, n2, one, 1}, PatternLoop::Auto);
  EXPECT_EQ(c.cells, 1);
  EXPECT_EQ(c.edges[0], 2);
  EXPECT_EQ(c.edges[1], 2);
  EXPECT_EQ(c.vertices, 4);
  const double h2[3] = {1, 1, 1};
  PatternMeasures m = pattern_measures(c, 2, h2, 63, kTheta);
  EXPECT_EQ(m.boundary, 4);
  EXPECT_EQ(m.euler, 1);
  EXPECT_DOUBLE_EQ(m.fraction, 1.0 / 63);
  EXPECT_DOUBLE_EQ(m.boundary_density, 4.0 / 63);
  c = counts_of({"cube", 3, n3, one, 1}, PatternLoop::Auto);
  EXPECT_EQ(c.cells, 1);
  for (int d = 0; d < 3; ++d) {
    EXPECT_EQ(c.faces[d], 2);
    EXPECT_EQ(c.edges[d], 4);
  }
  EXPECT_EQ(c.vertices, 8);
  m = pattern_measures(c, 3, h2, 210, kTheta);
  EXPECT_EQ(m.boundary, 6);
  EXPECT_EQ(m.euler, 1);
  EXPECT_DOUBLE_EQ(m.boundary_density, 6.0 / 210);
  EXPECT_NEAR(m.curvature_density, 3 * M_PI / 210, 1e-15);  // a unit cube: pi (1 + 1 + 1)
}

// A box of a x b (x c) cells with cell sides h: the rectangle's perimeter,
// the box's surface and integral mean curvature pi (A + B + C) in lengths.
TEST(Minkowski, BoxesWithUnequalCellSides) {
  const auto box = [](long a, long b, long c) {
    return [=](long x, long y, long z) { return x >= 2 && x < 2 + a && y >= 1 && y < 1 + b && z >= 1 && z < 1 + c; };
  };
  const PatternCounts c2 = counts_of({"rectangle", 2, {9, 8, 1}, [&](long x, long y, long) { return box(3, 4, 1)(x, y, 1); }, 1},
                                     PatternLoop::Auto);
  const double h2[3] = {0.5, 2.0, 1.0};
  const PatternMeasures m2 = pattern_measures(c2, 2, h2, 72, kTheta);
  EXPECT_EQ(m2.euler, 1);
  EXPECT_EQ(m2.boundary, 14);
  EXPECT_NEAR(m2.boundary_density, 2 * (3 * 0.5 + 4 * 2.0) / (72 * 0.5 * 2.0), 1e-15);
  const PatternCounts c3 = counts_of({"box", 3, {8, 9, 10}, box(3, 4, 5), 1}, PatternLoop::Auto);
  const double h3[3] = {1.0, 2.0, 3.0};
  const PatternMeasures m3 = pattern_measures(c3, 3, h3, 720, kTheta);
  const double A = 3 * 1.0, B = 4 * 2.0, C = 5 * 3.0, volume = 720 * 6.0;
  EXPECT_EQ(m3.euler, 1);
  EXPECT_EQ(m3.boundary, 2 * (3 * 4 + 4 * 5 + 3 * 5));
  EXPECT_NEAR(m3.fraction, 60.0 / 720, 1e-15);
  EXPECT_NEAR(m3.boundary_density, 2 * (A * B + B * C + A * C) / volume, 1e-13);
  EXPECT_NEAR(m3.curvature_density, M_PI * (A + B + C) / volume, 1e-13);
}

// Components of `on` cells (or of off cells: want == false), by flood fill
// over the 8 (diagonal) or 4 neighbours across the periodic wrap.
int components(const std::vector<char>& grid, long nx, long ny, bool want, bool diagonals) {
  std::vector<char> seen(grid.size(), 0);
  int count = 0;
  for (long start = 0; start < nx * ny; ++start) {
    if (seen[std::size_t(start)] || bool(grid[std::size_t(start)]) != want) continue;
    ++count;
    std::queue<long> todo;
    todo.push(start);
    seen[std::size_t(start)] = 1;
    while (!todo.empty()) {
      const long at = todo.front();
      todo.pop();
      const long x = at % nx, y = at / nx;
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
          if ((dx == 0 && dy == 0) || (!diagonals && dx != 0 && dy != 0)) continue;
          const long next = ((y + dy + ny) % ny) * nx + (x + dx + nx) % nx;
          if (seen[std::size_t(next)] || bool(grid[std::size_t(next)]) != want) continue;
          seen[std::size_t(next)] = 1;
          todo.push(next);
        }
    }
  }
  return count;
}

// Random cells inside a square that leaves an off margin: the outside is one
// off component, every other off component is a hole, so
// chi = (8-connected on components) - (4-connected off components - 1).
TEST(Minkowski, RandomSetsMatchComponentsMinusHoles) {
  const long nx = 41, ny = 37;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    std::vector<char> grid(std::size_t(nx * ny), 0);
    std::uint64_t state = seed * 0x9E3779B97F4A7C15ull;
    const double p = 0.25 + 0.5 * double(seed % 5) / 4;
    for (long y = 2; y < ny - 2; ++y)
      for (long x = 2; x < nx - 2; ++x) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        grid[std::size_t(y * nx + x)] = double(state >> 11) * 0x1.0p-53 < p;
      }
    const Shape s{"random", 2, {nx, ny, 1}, [&](long x, long y, long) { return grid[std::size_t(y * nx + x)] != 0; },
                  components(grid, nx, ny, true, true) - (components(grid, nx, ny, false, false) - 1)};
    SCOPED_TRACE("seed " + std::to_string(seed) + ", p " + std::to_string(p));
    check_shape(s);
  }
}

// The row form counts 64 cells per word with a carry from word to word; the
// cell form counts each cell on its own. On rows of every length around the
// word size, with values at, just below and just above theta (0.3, which
// float does not hold exactly: v is compared as double(v) >= theta), NaN,
// -0 and subnormals in the owned cells and the ghosts, the two agree.
TEST(Minkowski, RowFormEqualsCellFormOnRowsOfAnyLength) {
  const double theta = 0.3;
  const Real values[] = {Real(0), Real(theta), std::nextafter(Real(theta), Real(0)), std::nextafter(Real(theta), Real(1)),
                         Real(1), std::numeric_limits<Real>::quiet_NaN(), Real(-0.0), std::numeric_limits<Real>::denorm_min()};
  std::uint64_t state = 12345;
  for (const int dims : {2, 3})
    for (const int nx : {1, 2, 3, 5, 31, 63, 64, 65, 127, 128, 129, 200}) {
      const int ny = 3, nz = dims == 3 ? 2 : 1, gz = dims == 3 ? 1 : 0;
      Field<Real> v("v", nz + 2 * gz, ny + 2, nx + 2);
      const IndexBox owned{{1, 1, gz}, {1 + nx, 1 + ny, gz + nz}};
      for (int trial = 0; trial < 4; ++trial) {
        test::fill_host(v, [&](int, int, int) {
          state = state * 6364136223846793005ull + 1442695040888963407ull;
          // Trial 0: all eight kinds; then mostly on, mostly off, and half.
          const int pick = int(state >> 59) & 7;
          return trial == 0 ? values[pick] : trial == 1 ? values[pick < 6 ? 4 : pick] : trial == 2 ? values[pick < 6 ? 0 : pick] : values[pick & 4];
        });
        const PatternCounts rows = local_pattern_counts(v, owned, dims, theta, PatternLoop::Rows);
        const PatternCounts cells = local_pattern_counts(v, owned, dims, theta, PatternLoop::Cells);
        EXPECT_TRUE(test::same_counts(rows, cells)) << dims << "D, " << nx << " cells a row, trial " << trial << ": rows "
                                                    << test::counts_text(rows) << ", cells " << test::counts_text(cells);
      }
    }
}

}  // namespace
}  // namespace gs
