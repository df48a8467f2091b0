// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// The inner box and the shell slabs cover the owned cells exactly once.
#include <gtest/gtest.h>

#include <vector>

#include "grid/regions.hpp"

namespace gs {
namespace {

void check_partition(int nx, int ny, int nz, bool three) {
  const int ghost[3] = {1, 1, three ? 1 : 0};
  IndexBox owned;
  const int n[3] = {nx, ny, three ? nz : 1};
  for (int d = 0; d < 3; ++d) {
    owned.lo[d] = ghost[d];
    owned.hi[d] = ghost[d] + n[d];
  }
  std::vector<int> hits(std::size_t(nx + 2) * (ny + 2) * (nz + 2), 0);
  auto mark = [&](const IndexBox& b) {
    for (int z = b.lo[2]; z < b.hi[2]; ++z)
      for (int y = b.lo[1]; y < b.hi[1]; ++y)
        for (int x = b.lo[0]; x < b.hi[0]; ++x) ++hits[(std::size_t(z) * (ny + 2) + y) * (nx + 2) + x];
  };
  const IndexBox inner = inner_box(owned, ghost);
  mark(inner);
  for (const auto& b : shell_boxes(owned, ghost)) mark(b);
  for (int z = 0; z < (three ? nz + 2 : 1); ++z)
    for (int y = 0; y < ny + 2; ++y)
      for (int x = 0; x < nx + 2; ++x) {
        const bool own = x >= owned.lo[0] && x < owned.hi[0] && y >= owned.lo[1] && y < owned.hi[1] && z >= owned.lo[2] && z < owned.hi[2];
        ASSERT_EQ(hits[(std::size_t(z) * (ny + 2) + y) * (nx + 2) + x], own ? 1 : 0) << nx << "x" << ny << "x" << nz << " at " << x << "," << y << "," << z;
      }
  // Inner cells keep one cell away from every ghost layer, so their stencils read owned cells only.
  if (!inner.empty())
    for (int d = 0; d < 3; ++d) {
      EXPECT_GE(inner.lo[d], owned.lo[d] + ghost[d]);
      EXPECT_LE(inner.hi[d], owned.hi[d] - ghost[d]);
    }
}

TEST(Regions, InnerAndShellPartitionOwnedCells2D) {
  for (int nx : {1, 2, 3, 7})
    for (int ny : {1, 2, 5}) check_partition(nx, ny, 1, false);
}

TEST(Regions, InnerAndShellPartitionOwnedCells3D) {
  for (int nx : {1, 2, 4})
    for (int ny : {1, 3})
      for (int nz : {1, 2, 5}) check_partition(nx, ny, nz, true);
}

}  // namespace
}  // namespace gs
