// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// Every Laplacian: exact on quadratics, second order on smooth periodic fields,
// the device form equal to the host tap table, and the known spectral radii.
#include <gtest/gtest.h>

#include <cmath>

#include "../common/test_support.hpp"
#include "physics/stencil.hpp"

namespace gs {
namespace {

using test::Real;

template <Stencil S>
Field<Real> apply_laplacian_t(const Field<Real>& f, const IndexBox& box, const double inv_h2_in[3]) {
  Field<Real> out("lap", f.extent(0), f.extent(1), f.extent(2));
  const Real ih0 = inv_h2_in[0], ih1 = inv_h2_in[1], ih2 = inv_h2_in[2];
  ConstField<Real> in = f;
  Kokkos::parallel_for(
      "test_laplacian", box.policy(), KOKKOS_LAMBDA(int z, int y, int x) {
        const Real inv_h2[3] = {ih0, ih1, ih2};
        out(z, y, x) = laplacian<S>(in, z, y, x, inv_h2);
      });
  Kokkos::fence();
  return out;
}

Field<Real> apply_laplacian(Stencil s, const Field<Real>& f, const IndexBox& box, const double h[3]) {
  const double inv_h2[3] = {1 / (h[0] * h[0]), 1 / (h[1] * h[1]), 1 / (h[2] * h[2])};
  switch (s) {
    case Stencil::P5: return apply_laplacian_t<Stencil::P5>(f, box, inv_h2);
    case Stencil::P9: return apply_laplacian_t<Stencil::P9>(f, box, inv_h2);
    case Stencil::P7: return apply_laplacian_t<Stencil::P7>(f, box, inv_h2);
    case Stencil::P19: return apply_laplacian_t<Stencil::P19>(f, box, inv_h2);
    case Stencil::P27: return apply_laplacian_t<Stencil::P27>(f, box, inv_h2);
    case Stencil::X9: return apply_laplacian_t<Stencil::X9>(f, box, inv_h2);
    case Stencil::X13: return apply_laplacian_t<Stencil::X13>(f, box, inv_h2);
  }
  return {};
}

struct Grid {
  int n[3];
  double h[3];
  IndexBox owned;
  // The owned cells and as many ghost layers as the stencil reaches (owned.lo).
  Field<Real> make() const { return Field<Real>("f", n[2] + 2 * owned.lo[2], n[1] + 2 * owned.lo[1], n[0] + 2 * owned.lo[0]); }
};

Grid make_grid(Stencil s, int n, const double h[3]) {
  Grid g;
  const bool three = stencil_dims(s) == 3;
  for (int d = 0; d < 3; ++d) {
    g.n[d] = (d < 2 || three) ? n + d : 1;  // unequal sizes on purpose
    g.h[d] = h[d];
    g.owned.lo[d] = (d < 2 || three) ? stencil_radius(s) : 0;
    g.owned.hi[d] = g.owned.lo[d] + g.n[d];
  }
  return g;
}

class StencilTest : public ::testing::TestWithParam<Stencil> {};

TEST_P(StencilTest, ExactOnQuadratics) {
  const Stencil s = GetParam();
  const bool iso = stencil_needs_diagonals(s);
  const double h[3] = {0.1, iso ? 0.1 : 0.07, iso ? 0.1 : 0.13};
  const Grid g = make_grid(s, 7, h);
  const bool three = stencil_dims(s) == 3;
  // q = 0.3 + 0.5x - 0.2y + 0.1z + 1.5x^2 - 0.7y^2 + 0.9z^2 + 0.4xy - 0.6yz + 0.25xz
  auto q = [&](int x, int y, int z) {
    const int r = stencil_radius(s);
    const double X = (x - r) * h[0], Y = (y - r) * h[1], Z = three ? (z - r) * h[2] : 0.0;
    return 0.3 + 0.5 * X - 0.2 * Y + 0.1 * Z + 1.5 * X * X - 0.7 * Y * Y + 0.9 * Z * Z + 0.4 * X * Y - 0.6 * Y * Z + 0.25 * X * Z;
  };
  const double exact = 2 * (1.5 - 0.7 + (three ? 0.9 : 0.0));
  Field<Real> f = g.make();
  test::fill_host(f, q);
  auto lap = test::to_host(apply_laplacian(s, f, g.owned, g.h));
  for (int z = g.owned.lo[2]; z < g.owned.hi[2]; ++z)
    for (int y = g.owned.lo[1]; y < g.owned.hi[1]; ++y)
      for (int x = g.owned.lo[0]; x < g.owned.hi[0]; ++x) ASSERT_NEAR(lap(z, y, x), exact, 1e-10) << x << "," << y << "," << z;
}

double periodic_error(Stencil s, int n) {
  const bool three = stencil_dims(s) == 3;
  const double pi = std::acos(-1.0), L = 1.0;
  const double h[3] = {L / n, L / n, L / n};
  Grid g;
  for (int d = 0; d < 3; ++d) {
    g.n[d] = (d < 2 || three) ? n : 1;
    g.h[d] = h[d];
    g.owned.lo[d] = (d < 2 || three) ? stencil_radius(s) : 0;
    g.owned.hi[d] = g.owned.lo[d] + g.n[d];
  }
  const double kx = 2 * pi, ky = 4 * pi, kz = three ? 2 * pi : 0.0;
  auto fn = [&](int x, int y, int z) {
    const double X = (x + 0.5) * h[0], Y = (y + 0.5) * h[1], Z = (z + 0.5) * h[2];
    return std::sin(kx * X + 0.3) * std::cos(ky * Y) * (three ? std::cos(kz * Z + 0.1) : 1.0);
  };
  Field<Real> f = g.make();
  test::fill_host(f, fn);
  auto lap = test::to_host(apply_laplacian(s, f, g.owned, g.h));
  double err = 0;
  for (int z = g.owned.lo[2]; z < g.owned.hi[2]; ++z)
    for (int y = g.owned.lo[1]; y < g.owned.hi[1]; ++y)
      for (int x = g.owned.lo[0]; x < g.owned.hi[0]; ++x)
        err = std::max(err, std::fabs(lap(z, y, x) + (kx * kx + ky * ky + kz * kz) * fn(x, y, z)));
  return err;
}

// Order 2, or 4 for grid.order = 4's crosses (stencil_order).
TEST_P(StencilTest, ItsOrderOnPeriodicFunctions) {
  const Stencil s = GetParam();
  const double e1 = periodic_error(s, 32), e2 = periodic_error(s, 64);
  const double order = std::log2(e1 / e2);
  EXPECT_GT(order, stencil_order(s) - 0.1) << "errors " << e1 << " " << e2;
  EXPECT_LT(order, stencil_order(s) + 0.2) << "errors " << e1 << " " << e2;
}

// The crosses are exact on every polynomial of degree 5 or less in each
// variable, at unequal spacings: their error is -(h_d^4 / 90) d^6f/dx_d^6 per axis.
class FourthOrderStencil : public ::testing::TestWithParam<Stencil> {};

TEST_P(FourthOrderStencil, ExactOnQuintics) {
  const Stencil s = GetParam();
  const double h[3] = {0.1, 0.07, 0.13};
  const Grid g = make_grid(s, 7, h);
  const bool three = stencil_dims(s) == 3;
  const int r = stencil_radius(s);
  // q = x^5 - 2 y^4 x + 0.5 y^3 z^2 + 3 x^2 z^5: lap q = 20 x^3 - 24 y^2 x + 3 y z^2 + y^3 + 6 z^5 + 60 x^2 z^3.
  auto at = [&](int i, int d) { return d < 2 || three ? (i - r) * h[d] : 0.0; };
  auto q = [&](int x, int y, int z) {
    const double X = at(x, 0), Y = at(y, 1), Z = at(z, 2);
    return std::pow(X, 5) - 2 * std::pow(Y, 4) * X + 0.5 * std::pow(Y, 3) * Z * Z + 3 * X * X * std::pow(Z, 5);
  };
  auto lap_q = [&](int x, int y, int z) {
    const double X = at(x, 0), Y = at(y, 1), Z = at(z, 2);
    return 20 * std::pow(X, 3) - 24 * Y * Y * X + 3 * Y * Z * Z + (three ? std::pow(Y, 3) + 6 * std::pow(Z, 5) + 60 * X * X * std::pow(Z, 3) : 0.0);
  };
  Field<Real> f = g.make();
  test::fill_host(f, q);
  auto lap = test::to_host(apply_laplacian(s, f, g.owned, g.h));
  for (int z = g.owned.lo[2]; z < g.owned.hi[2]; ++z)
    for (int y = g.owned.lo[1]; y < g.owned.hi[1]; ++y)
      for (int x = g.owned.lo[0]; x < g.owned.hi[0]; ++x) ASSERT_NEAR(lap(z, y, x), lap_q(x, y, z), 1e-9) << x << "," << y << "," << z;
}

TEST_P(StencilTest, DeviceFormMatchesTapTable) {
  const Stencil s = GetParam();
  const bool iso = stencil_needs_diagonals(s);
  const double h[3] = {0.5, iso ? 0.5 : 0.25, iso ? 0.5 : 2.0};
  const Grid g = make_grid(s, 5, h);
  Field<Real> f = g.make();
  test::fill_host(f, [](int x, int y, int z) { return std::sin(1.3 * x + 2.1 * y * y + 0.7 * z) + 0.01 * x * y * z; });
  auto host = test::to_host(f);
  auto lap = test::to_host(apply_laplacian(s, f, g.owned, g.h));
  const auto taps = stencil_taps(s, h);
  for (int z = g.owned.lo[2]; z < g.owned.hi[2]; ++z)
    for (int y = g.owned.lo[1]; y < g.owned.hi[1]; ++y)
      for (int x = g.owned.lo[0]; x < g.owned.hi[0]; ++x) {
        double sum = 0;
        for (const auto& t : taps) sum += t.weight * host(z + t.dz, y + t.dy, x + t.dx);
        ASSERT_NEAR(lap(z, y, x), sum, 1e-11 * (1 + std::fabs(sum)));
      }
}

TEST_P(StencilTest, WeightsSumToZeroAndHaveUnitSecondMoment) {
  const Stencil s = GetParam();
  const double h[3] = {1, 1, 1};
  double sum = 0, mxx = 0, mxy = 0;
  for (const auto& t : stencil_taps(s, h)) {
    sum += t.weight;
    mxx += t.weight * t.dx * t.dx / 2;
    mxy += t.weight * t.dx * t.dy;
  }
  EXPECT_NEAR(sum, 0, 1e-14);
  EXPECT_NEAR(mxx, 1, 1e-14);
  EXPECT_NEAR(mxy, 0, 1e-14);
}

INSTANTIATE_TEST_SUITE_P(Crosses, FourthOrderStencil, ::testing::Values(Stencil::X9, Stencil::X13),
                         [](const auto& info) { return test::name_part(info.param); });
INSTANTIATE_TEST_SUITE_P(AllStencils, StencilTest, ::testing::ValuesIn(test::kEveryStencil),
                         [](const auto& info) { return test::name_part(info.param); });

TEST(StencilSymbol, SpectralRadiiMatchKnownValues) {
  const double h[3] = {0.5, 0.5, 0.5};
  const double ih2 = 1 / 0.25;
  EXPECT_NEAR(stencil_max_symbol(Stencil::P5, h), 8 * ih2, 1e-12);
  EXPECT_NEAR(stencil_max_symbol(Stencil::P9, h), 16.0 / 3 * ih2, 1e-12);
  EXPECT_NEAR(stencil_max_symbol(Stencil::P7, h), 12 * ih2, 1e-12);
  EXPECT_NEAR(stencil_max_symbol(Stencil::P19, h), 16.0 / 3 * ih2, 1e-12);
  EXPECT_NEAR(stencil_max_symbol(Stencil::P27, h), 184.0 / 30 * ih2, 1e-12);
  // The radius-2 cross: (1/6 + 8/3 + 5/2) = 16/3 per axis at kappa h = pi.
  EXPECT_NEAR(stencil_max_symbol(Stencil::X9, h), 2 * 16.0 / 3 * ih2, 1e-12);
  EXPECT_NEAR(stencil_max_symbol(Stencil::X13, h), 3 * 16.0 / 3 * ih2, 1e-12);
  // Its explicit limit is 3/4 of the 5-point (7-point) stencil's.
  EXPECT_NEAR(stencil_max_symbol(Stencil::P5, h) / stencil_max_symbol(Stencil::X9, h), 0.75, 1e-12);
}

}  // namespace
}  // namespace gs
