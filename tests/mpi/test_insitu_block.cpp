// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// The in-situ block on layouts of the current rank count (below): each point,
// the high-side layer included, holds the global field's u and v and, in 3D,
// the normals -grad v by central differences on the global periodic field,
// bit for bit what one rank computes for the same point; the far layer's
// normals come from the neighbours (insitu_block.hpp). 2D blocks carry none.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "../common/test_support.hpp"
#include "comm/halo.hpp"
#include "grid/decomposition.hpp"
#include "grid/fields.hpp"
#include "insitu/insitu_block.hpp"

namespace gs {
namespace {

using test::Real;

// The automatic layout and the rank count along each dimension alone: seams
// in every direction, edges and corners where the automatic one splits two.
std::vector<std::array<int, 3>> layouts(int dims) {
  int ranks = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  std::vector<std::array<int, 3>> out = {{0, 0, 0}, {ranks, 1, 1}, {1, ranks, 1}};
  if (dims == 3) out.push_back({1, 1, ranks});
  return out;
}

// A field with no symmetry along any axis, of the wrapped global index.
double field(long x, long y, long z, const long* n) {
  x = ((x % n[0]) + n[0]) % n[0], y = ((y % n[1]) + n[1]) % n[1], z = ((z % n[2]) + n[2]) % n[2];
  return std::sin(0.7 * double(x) + 0.3) + 0.5 * std::cos(1.3 * double(y)) * double(z + 1) + 0.01 * double(x * y + z * z);
}

void check_block(int dims, std::array<long, 3> n, std::array<int, 3> layout) {
  GridConfig grid;
  grid.dims = dims;
  grid.n = n;
  grid.L = {2.0 * double(n[0]), 1.0 * double(n[1]), 0.5 * double(n[2])};  // h = 2, 1, 0.5
  ParallelConfig par;
  par.layout = layout;
  Decomposition dec(grid, par, MPI_COMM_WORLD, Integrator::Euler);
  const long* gn = dec.global_n();
  const long* off = dec.offset();
  const IndexBox owned = dec.owned();
  State<Real> s = State<Real>::make(dec, "test");
  const auto global = [&](int a, int d) { return off[d] + a - owned.lo[d]; };
  test::fill_host(s.u, [&](int x, int y, int z) { return field(global(x, 0), global(y, 1), global(z, 2), gn); });
  test::fill_host(s.v, [&](int x, int y, int z) { return -2.0 * field(global(x, 0), global(y, 1), global(z, 2), gn); });
  HaloExchange<Real>(dec, /*diagonals=*/true, false).exchange(s);  // what the driver's ghost fill gives the block

  InsituBlock<Real> block(dec, grid, /*normals_of=*/1, false);
  block.copy(s);
  ASSERT_EQ(block.has_normals(), dims == 3);
  const auto& p = block.points();
  const auto& first = block.first();
  const double sx = -0.5 / grid.h(0), sy = -0.5 / grid.h(1), sz = dims == 3 ? -0.5 / grid.h(2) : 0.0;
  const auto v = [&](long x, long y, long z) { return -2.0 * field(x, y, z, gn); };
  long long checked = 0;
  for (long k = 0; k < p[2]; ++k)
    for (long j = 0; j < p[1]; ++j)
      for (long i = 0; i < p[0]; ++i) {
        const long q = (k * p[1] + j) * p[0] + i;
        const long x = first[0] + i, y = first[1] + j, z = first[2] + k;
        ASSERT_EQ(block.u()[q], field(x, y, z, gn)) << "point " << x << "," << y << "," << z;
        ASSERT_EQ(block.v()[q], v(x, y, z));
        if (dims != 3) continue;
        const double* nq = block.normals() + 3 * q;
        ASSERT_EQ(nq[0], sx * (v(x + 1, y, z) - v(x - 1, y, z))) << "point " << x << "," << y << "," << z << " layout "
                                                              << layout[0] << "x" << layout[1] << "x" << layout[2];
        ASSERT_EQ(nq[1], sy * (v(x, y + 1, z) - v(x, y - 1, z)));
        ASSERT_EQ(nq[2], sz * (v(x, y, z + 1) - v(x, y, z - 1)));
        ++checked;
      }
  if (dims == 3) EXPECT_EQ(checked, block.count());
}

TEST(InsituBlock, NormalsAreTheGlobalFieldsOnAnyLayout3D) {
  for (const auto& l : layouts(3)) check_block(3, {11, 9, 8}, l);
}

TEST(InsituBlock, ValuesOnAnyLayout2DWithoutNormals) {
  for (const auto& l : layouts(2)) check_block(2, {13, 10, 1}, l);
}

}  // namespace
}  // namespace gs
