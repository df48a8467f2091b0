// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// The fused statistics pass (local_stats: one parallel_reduce for the range,
// sum and non-finite count of u and v) gives the same minimum, maximum and
// non-finite count, bit for bit, as one Kokkos reduction per statistic over
// the same cells, and a sum within the error bound of any summation order
// (on host backends it adds a row in vector lanes); ghost cells never count.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "../common/test_support.hpp"
#include "core/hash.hpp"
#include "physics/diagnostics.hpp"

namespace gs {
namespace {

using test::Real;

std::uint64_t bits(double x) {
  std::uint64_t b;
  std::memcpy(&b, &x, sizeof b);
  return b;
}

// The separate reductions local_stats used to make, one per statistic.
SpeciesStats separate(const Field<Real>& f, const IndexBox& owned) {
  using MinMax = Kokkos::MinMax<Real>;
  typename MinMax::value_type range;
  Kokkos::parallel_reduce(
      "ref_minmax", owned.policy(),
      KOKKOS_LAMBDA(int z, int y, int x, typename MinMax::value_type& acc) {
        const Real a = f(z, y, x);
        if (a < acc.min_val) acc.min_val = a;
        if (a > acc.max_val) acc.max_val = a;
      },
      MinMax(range));
  Real sum = 0;
  Kokkos::parallel_reduce(
      "ref_sum", owned.policy(), KOKKOS_LAMBDA(int z, int y, int x, Real& acc) { acc += f(z, y, x); }, sum);
  long long bad = 0;
  Kokkos::parallel_reduce(
      "ref_bad", owned.policy(),
      KOKKOS_LAMBDA(int z, int y, int x, long long& acc) {
        const Real a = f(z, y, x);
        acc += a - a == 0 ? 0 : 1;
      },
      bad);
  return {range.min_val, range.max_val, sum, bad};
}

// Sum of |x| over the owned cells, for the bound on a sum's rounding.
double sum_of_magnitudes(const Field<Real>& f, const IndexBox& owned) {
  double s = 0;
  Kokkos::parallel_reduce(
      "ref_abs_sum", owned.policy(), KOKKOS_LAMBDA(int z, int y, int x, double& acc) {
        const double a = f(z, y, x);
        acc += a < 0 ? -a : a;
      },
      s);
  return s;
}

// Range and count bit for bit; the sum, when finite, within n eps sum|x| of the
// sequential one (each order's error is below (n - 1) eps sum|x| / (1 - n eps)).
void expect_same_statistics(const SpeciesStats& got, const SpeciesStats& want, long long cells, double magnitudes) {
  EXPECT_EQ(bits(got.min), bits(want.min));
  EXPECT_EQ(bits(got.max), bits(want.max));
  EXPECT_EQ(got.nonfinite, want.nonfinite);
  if (std::isnan(want.sum)) {
    EXPECT_TRUE(std::isnan(got.sum));
    return;
  }
  const double bound = 2.0 * double(cells) * std::numeric_limits<double>::epsilon() * magnitudes;
  EXPECT_LE(std::fabs(got.sum - want.sum), bound) << got.sum << " against " << want.sum;
}

TEST(Diagnostics, FusedStatisticsMatchSeparateReductions) {
  const int ex = 37, ey = 23, ez = 19;
  IndexBox owned;
  owned.lo[0] = 1, owned.hi[0] = ex - 1, owned.lo[1] = 1, owned.hi[1] = ey - 1, owned.lo[2] = 1, owned.hi[2] = ez - 1;
  const auto inside = [&](int x, int y, int z) {
    return x >= owned.lo[0] && x < owned.hi[0] && y >= owned.lo[1] && y < owned.hi[1] && z >= owned.lo[2] &&
           z < owned.hi[2];
  };
  // Values of very different magnitudes (the order of the additions shows
  // in the sum's last bits), -0 and subnormals; in v a NaN and an Inf; the
  // ghosts hold values beyond every owned one.
  State<Real> s{Field<Real>("u", ez, ey, ex), Field<Real>("v", ez, ey, ex)};
  test::fill_host(s.u, [&](int x, int y, int z) {
    if (!inside(x, y, z)) return 1e300;
    const std::uint64_t i = std::uint64_t(x) | std::uint64_t(y) << 20 | std::uint64_t(z) << 40;
    const double r = uniform01(3, 1, i);
    return (x + y) % 7 == 0 ? -0.0 : std::ldexp(r, int(i % 61) - 30);
  });
  test::fill_host(s.v, [&](int x, int y, int z) {
    if (!inside(x, y, z)) return -1e300;
    if (x == 5 && y == 6 && z == 7) return std::numeric_limits<double>::quiet_NaN();
    if (x == 9 && y == 2 && z == 3) return std::numeric_limits<double>::infinity();
    const std::uint64_t i = std::uint64_t(x) | std::uint64_t(y) << 20 | std::uint64_t(z) << 40;
    return (uniform01(3, 2, i) - 0.5) * (z % 3 == 0 ? 1e-310 : 1e3);
  });

  const FieldStats st = local_stats(s, owned);
  EXPECT_EQ(st.cells, owned.cells());
  expect_same_statistics(st.u, separate(s.u, owned), st.cells, sum_of_magnitudes(s.u, owned));
  expect_same_statistics(st.v, separate(s.v, owned), st.cells, sum_of_magnitudes(s.v, owned));
  EXPECT_EQ(st.v.nonfinite, 2);
  EXPECT_EQ(st.u.nonfinite, 0);
  EXPECT_LT(st.u.max, 1e300);    // the ghosts are not owned cells
  EXPECT_GT(st.v.min, -1e300);
  EXPECT_FALSE(st.finite());
}

TEST(Diagnostics, EmptyBoxHasNoCellsAndNoStatistics) {
  State<Real> s{Field<Real>("u", 3, 3, 3), Field<Real>("v", 3, 3, 3)};
  const FieldStats st = local_stats(s, IndexBox{});
  EXPECT_EQ(st.cells, 0);
  EXPECT_TRUE(st.finite());
}

}  // namespace
}  // namespace gs
