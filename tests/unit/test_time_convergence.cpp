// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// Observed order in time on the full nonlinear problem: the same physical run
// to a fixed time with dt, dt/2, dt/4 against a much finer reference. Forward
// Euler must converge at order 1, RK2 (Heun) at order 2 and RK4 at order 4
// (in 2D and 3D). Built for both precisions (test_unit and test_unit_float),
// with a tolerance that grows with the precision's epsilon (expect_order).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <limits>
#include <vector>

#include "../common/test_support.hpp"
#include "core/timers.hpp"
#include "driver/stepper.hpp"
#include "grid/decomposition.hpp"
#include "grid/fields.hpp"

namespace gs {
namespace {

using test::Real;

// u at time T on every owned cell, from a smooth periodic start (2D: 24^2
// cells, 9-point stencil; 3D: 12^3, 27-point).
std::vector<double> run_to(Integrator integrator, double dt, double T, int dims = 2) {
  const int n = dims == 2 ? 24 : 12;
  SimConfig c = test::make_config(dims == 2 ? Stencil::P9 : Stencil::P27, {n, n, dims == 2 ? 1 : n}, 2.5 / n);
  c.physics.Du = 2e-5;
  c.physics.Dv = 1e-5;
  c.physics.F = 0.04;
  c.physics.k = 0.06;
  c.time.integrator = integrator;
  c.time.dt = dt;
  Decomposition dec(c.grid, c.parallel, MPI_COMM_SELF, c.time.integrator);
  Fields<Real> f(dec, c.time.scheme().registers());
  const double pi = std::acos(-1.0);
  // s = exp(-4 (sin^2(pi x / L) + sin^2(pi y / L) [+ sin^2(pi z / L)])): smooth and periodic.
  auto s = [&](int x, int y, int z) {
    const double X = (x - 0.5) / n, Y = (y - 0.5) / n, Z = dims == 3 ? (z - 0.5) / n : 0.0;
    return std::exp(-4 * (std::pow(std::sin(pi * X), 2) + std::pow(std::sin(pi * Y), 2) + std::pow(std::sin(pi * Z), 2)));
  };
  test::fill_host(f.u, [&](int x, int y, int z) { return 1 - 0.5 * s(x, y, z); });
  test::fill_host(f.v, [&](int x, int y, int z) { return 0.25 * s(x, y, z); });
  PhaseTimers timers;
  Stepper<Real> stepper(c, dec, timers);
  const long steps = std::lround(T / dt);
  for (long i = 0; i < steps; ++i) stepper.step(f);
  auto u = test::to_host(f.u);
  std::vector<double> out;
  const IndexBox o = dec.owned();
  for (int z = o.lo[2]; z < o.hi[2]; ++z)
    for (int y = o.lo[1]; y < o.hi[1]; ++y)
      for (int x = o.lo[0]; x < o.hi[0]; ++x) out.push_back(u(z, y, x));
  return out;
}

double max_diff(const std::vector<double>& a, const std::vector<double>& b) {
  double m = 0;
  for (std::size_t i = 0; i < a.size(); ++i) m = std::max(m, std::fabs(a[i] - b[i]));
  return m;
}

// Errors at dt0, dt0/2, dt0/4 against a run at dt = 1/64 (2560 steps). Its
// rounding, about 3 sqrt(2560) eps in u ~ 1 (the factor 3 measured in float:
// 2e-5), shifts each observed order by up to 2 / ln 2 times rounding / error:
// the tolerance is 0.15 plus that, and must stay below 0.75 for the test to
// tell order 1 from order 2. In double the rounding term is 1e-8; in float,
// RK2's errors at dt = 1/4 are rounding, so float measures RK2 from dt0 = 2.
void expect_order(Integrator integrator, double expected, double dt0) {
  const double T = 40;
  const auto reference = run_to(Integrator::RK2, 1.0 / 64, T);
  const double e1 = max_diff(run_to(integrator, dt0, T), reference);
  const double e2 = max_diff(run_to(integrator, dt0 / 2, T), reference);
  const double e3 = max_diff(run_to(integrator, dt0 / 4, T), reference);
  const double p1 = std::log2(e1 / e2), p2 = std::log2(e2 / e3);
  const double rounding = 3 * std::sqrt(T * 64) * double(std::numeric_limits<Real>::epsilon());
  const double tolerance = 0.15 + 2 / std::log(2.0) * rounding / e3;
  std::printf("%s: errors at dt = %g, %g, %g: %.3e %.3e %.3e; observed orders %.3f %.3f (tolerance %.3f)\n",
              precision_name<Real>(), dt0, dt0 / 2, dt0 / 4, e1, e2, e3, p1, p2, tolerance);
  EXPECT_GT(e3, 1e-12) << "the problem must evolve for the errors to mean something";
  EXPECT_LT(tolerance, 0.75) << "in " << precision_name<Real>() << " the errors are too close to round-off to measure an order";
  EXPECT_NEAR(p1, expected, tolerance) << "errors " << e1 << " " << e2 << " " << e3;
  EXPECT_NEAR(p2, expected, tolerance) << "errors " << e1 << " " << e2 << " " << e3;
}

constexpr bool kFloat = sizeof(Real) == sizeof(float);

TEST(TimeConvergence, ForwardEulerIsFirstOrder) { expect_order(Integrator::Euler, 1.0, 1.0); }
TEST(TimeConvergence, HeunRK2IsSecondOrder) { expect_order(Integrator::RK2, 2.0, kFloat ? 2.0 : 1.0); }

// RK4: errors at dt = 2, 1, 1/2 (dt = 2 is 0.1 of its limit here; the reaction
// sets the time scale) against RK4 at dt = 1/32, whose own error is
// 4096 times below the smallest measured one; orders 4 +- 0.3 in 2D and 3D.
// In double only: in float these errors (1e-7 and below) are rounding.
#if !defined(GS_TEST_FLOAT)
void expect_fourth_order(int dims) {
  const double T = 40, dt0 = 2;
  const auto reference = run_to(Integrator::RK4, 1.0 / 32, T, dims);
  double e[3];
  for (int i = 0; i < 3; ++i) e[i] = max_diff(run_to(Integrator::RK4, dt0 / (1 << i), T, dims), reference);
  const double p1 = std::log2(e[0] / e[1]), p2 = std::log2(e[1] / e[2]);
  std::printf("%dD rk4: errors at dt = %g, %g, %g: %.3e %.3e %.3e; observed orders %.3f %.3f\n", dims, dt0, dt0 / 2, dt0 / 4,
              e[0], e[1], e[2], p1, p2);
  EXPECT_GT(e[2], 1e-13) << "the errors must stand above round-off";
  EXPECT_NEAR(p1, 4.0, 0.3) << "errors " << e[0] << " " << e[1] << " " << e[2];
  EXPECT_NEAR(p2, 4.0, 0.3) << "errors " << e[0] << " " << e[1] << " " << e[2];
}

TEST(TimeConvergence, Rk4IsFourthOrderIn2D) { expect_fourth_order(2); }
TEST(TimeConvergence, Rk4IsFourthOrderIn3D) { expect_fourth_order(3); }
#endif

}  // namespace
}  // namespace gs
