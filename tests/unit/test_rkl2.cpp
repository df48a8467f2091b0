// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// The RKL2 super-time-stepping integrator (numerics/integrator.hpp): its
// coefficients against the published recursion and stability polynomial, the
// kernel's amplification of the checkerboard mode against that polynomial,
// stable steps far past the explicit limit where forward Euler blows up, and
// second order in time at 16x the explicit limit and more. Built for both
// precisions (test_unit and test_unit_float).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <limits>
#include <string>
#include <vector>

#include "../common/test_support.hpp"
#include "config/stability.hpp"
#include "core/hash.hpp"
#include "core/timers.hpp"
#include "driver/stepper.hpp"
#include "grid/decomposition.hpp"
#include "grid/fields.hpp"
#include "numerics/integrator.hpp"

namespace gs {
namespace {

using test::Real;
constexpr double kEps = std::numeric_limits<Real>::epsilon();

// mu, nu, mut, gamt of s = 5 by stage, as published (6 digits).
TEST(Rkl2, CoefficientsOfFiveStages) {
  const Rkl2Coefficients c = rkl2_coefficients(5);
  const double mu[] = {1, 1.5, 2.08333, 1.89, 1.86667}, nu[] = {0, -0.5, -0.83333, -1.0125, -0.896};
  const double mut[] = {0.047619, 0.214286, 0.297619, 0.27, 0.266667}, gamt[] = {0, -0.142857, -0.198413, -0.1575, -0.146667};
  for (int j = 0; j < 5; ++j) {
    EXPECT_NEAR(c.mu[std::size_t(j)], mu[j], 5e-6) << "stage " << j + 1;
    EXPECT_NEAR(c.nu[std::size_t(j)], nu[j], 5e-6) << "stage " << j + 1;
    EXPECT_NEAR(c.mut[std::size_t(j)], mut[j], 5e-7) << "stage " << j + 1;
    EXPECT_NEAR(c.gamt[std::size_t(j)], gamt[j], 5e-7) << "stage " << j + 1;
  }
}

// For s = 3..9: the recursion, written out here from its definition, gives
// the table's weights; the table run on y' = lambda y gives the stability
// polynomial a_s + b_s P_s(1 + w1 z) over the whole stable interval; and the
// step is second order (R(z) = 1 + z + z^2/2 + O(z^3)).
TEST(Rkl2, TableMatchesRecursionAndPolynomial) {
  for (int s = 3; s <= 9; ++s) {
    const Scheme scheme = make_scheme(Integrator::RKL2, s);
    ASSERT_EQ(scheme.stages(), s);
    const auto b = [](int j) { return j <= 2 ? 1.0 / 3 : (j * j + j - 2.0) / (2.0 * j * (j + 1)); };
    const double w1 = 4.0 / (s * s + s - 2.0);
    EXPECT_DOUBLE_EQ(scheme.weights[0].c_f, w1 / 3);
    for (int j = 2; j <= s; ++j) {
      const StageWeights<double>& w = scheme.weights[std::size_t(j - 1)];
      const double mu = (2 * j - 1.0) / j * b(j) / b(j - 1), nu = -(j - 1.0) / j * b(j) / b(j - 2);
      EXPECT_NEAR(w.c_in, mu, 1e-15) << "s " << s << " stage " << j;
      EXPECT_NEAR(w.c_prev, nu, 1e-15) << "s " << s << " stage " << j;
      EXPECT_NEAR(w.c_base, 1 - mu - nu, 1e-15) << "s " << s << " stage " << j;
      EXPECT_NEAR(w.c_f, mu * w1, 1e-15) << "s " << s << " stage " << j;
      EXPECT_NEAR(w.c_rate, -(1 - b(j - 1)) * mu * w1, 1e-15) << "s " << s << " stage " << j;
    }
    const double edge = -(s * s + s - 2.0) / 2;  // dt rho at the stability bound
    for (int i = 0; i <= 50; ++i) {
      const double z = edge * i / 50;
      const double R = amplification(scheme, z);
      EXPECT_NEAR(R, rkl2_amplification(s, z), 1e-12) << "s " << s << " z " << z;
      EXPECT_LE(std::fabs(R), 1 + 1e-12) << "s " << s << " z " << z << ": unstable inside the bound";
    }
    for (double z : {-1e-2, -2e-2}) {
      const double err = amplification(scheme, z) - (1 + z + z * z / 2);
      EXPECT_LT(std::fabs(err), std::fabs(z * z * z)) << "s " << s << ": not second order at z " << z;
    }
    // Odd s damps the checkerboard at the bound; even s leaves it at |R| = 1.
    EXPECT_NEAR(rkl2_amplification(s, edge), s % 2 ? 1 - 2 * b(s) : 1.0, 1e-12);
  }
  EXPECT_EQ(auto_stage_count(Integrator::RKL2, 1.0, TimeConfig::kMaxStages), 3);
  EXPECT_EQ(auto_stage_count(Integrator::RKL2, 17.5, TimeConfig::kMaxStages), 9);  // 8 stages hold exactly 17.5; the count is made odd
  EXPECT_EQ(auto_stage_count(Integrator::RKL2, 256, TimeConfig::kMaxStages), 33);
}

// A config of the RKL2 integrator with the stage count resolved as the loader does.
SimConfig rkl2_config(Stencil stencil, long n, double L, double Du, double Dv, double ratio, int stages = 0) {
  SimConfig c = test::make_config(stencil, {n, n, n}, L / double(n));
  c.physics.Du = Du;
  c.physics.Dv = Dv;
  c.physics.F = 0.04;
  c.physics.k = 0.06;
  c.time.integrator = Integrator::RKL2;
  c.time.dt_limit = stable_dt_limit(c);
  c.time.dt = ratio * c.time.dt_limit;
  c.time.resolved_stages = stages ? stages : auto_stage_count(Integrator::RKL2, ratio, TimeConfig::kMaxStages);
  return c;
}

// Runs `steps` steps from the start fill(x, y, z) -> (u, v) and returns the
// owned cells of u and v (u first).
template <class Fill>
std::vector<double> run(const SimConfig& c, long steps, Fill fill) {
  Decomposition dec(c.grid, c.parallel, MPI_COMM_SELF, c.time.integrator);
  Fields<Real> f(dec, c.time.scheme().registers());
  const IndexBox o = dec.owned();
  const auto at = [&](int x, int y, int z) {  // global cell of an array index
    return std::array<int, 3>{x - o.lo[0], y - o.lo[1], z - o.lo[2]};
  };
  test::fill_host(f.u, [&](int x, int y, int z) { const auto g = at(x, y, z); return fill(g[0], g[1], g[2]).first; });
  test::fill_host(f.v, [&](int x, int y, int z) { const auto g = at(x, y, z); return fill(g[0], g[1], g[2]).second; });
  PhaseTimers timers;
  Stepper<Real> stepper(c, dec, timers);
  for (long i = 0; i < steps; ++i) stepper.step(f);
  std::vector<double> out;
  for (const auto& field : {test::to_host(f.u), test::to_host(f.v)})
    for (int z = o.lo[2]; z < o.hi[2]; ++z)
      for (int y = o.lo[1]; y < o.hi[1]; ++y)
        for (int x = o.lo[0]; x < o.hi[0]; ++x) out.push_back(field(z, y, x));
  return out;
}

// With v = 0 and u = 1 + A (-1)^(x+y+z), the problem is linear in u - 1 and
// the checkerboard is an eigenmode: one step multiplies A by the scheme's
// polynomial at z = -dt (Du |lambda_cb| + F), to round-off, for every stencil
// and stage count (the kernels' arithmetic against the table's).
TEST(Rkl2, CheckerboardAmplificationIsThePolynomial) {
  for (Stencil stencil : test::kAllStencils)
    for (int s : {3, 4, 5, 8, 9, 16}) {
      const long n = 8;
      const SimConfig c = rkl2_config(stencil, n, 1.0, 1e-3, 5e-4, 0.9 * rkl2_stability_factor(s), s);
      const double h[3] = {c.grid.h(0), c.grid.h(1), c.grid.h(2)}, pi = std::acos(-1.0);
      const double kappa[3] = {pi / h[0], pi / h[1], stencil_dims(stencil) == 3 ? pi / h[2] : 0.0};
      const double lambda = stencil_symbol(stencil_taps(stencil, h), kappa, h);
      const double z = c.time.dt * (c.physics.Du * lambda - c.physics.F);
      const double A = 1.0 / 16;
      const auto u = run(c, 1, [&](int x, int y, int zc) {
        return std::pair<double, double>{1 + A * ((x + y + zc) % 2 ? -1 : 1), 0.0};
      });
      const double expected = rkl2_amplification(s, z);
      double worst = 0;
      const long cells = long(u.size()) / 2;
      for (long i = 0; i < cells; ++i) {
        const long x = i % n, y = (i / n) % n, zc = i / (n * n);
        const double sign = (x + y + zc) % 2 ? -1 : 1;
        worst = std::max(worst, std::fabs((u[std::size_t(i)] - 1) / (A * sign) - expected));
      }
      EXPECT_LT(worst, 64 * s * kEps / A) << stencil_name(stencil) << " s " << s << ": amplification off the polynomial "
                                          << expected << " at z = " << z;
    }
}

// Smooth bumps plus a little noise in every mode (the checkerboard included).
std::pair<double, double> noisy_start(int x, int y, int z, long n) {
  const double pi = std::acos(-1.0);
  const double s = std::exp(-4 * (std::pow(std::sin(pi * (x + 0.5) / n), 2) + std::pow(std::sin(pi * (y + 0.5) / n), 2) +
                                  std::pow(std::sin(pi * (z + 0.5) / n), 2)));
  const double noise = 0.01 * (uniform01(3, 0, std::uint64_t(x + n * (y + n * z))) - 0.5);
  return {1 - 0.5 * s + noise, 0.25 * s};
}

bool bounded(const std::vector<double>& values, double lo, double hi) {
  for (double x : values)
    if (!(x >= lo && x <= hi)) return false;
  return true;
}

// Far past the explicit limit (16, 64 and 256 times it) the run stays finite
// and in range to a final time where forward Euler at 1.01 times the limit
// has blown up (its checkerboard grows by 1.02 per step), 2D and 3D, every stencil.
TEST(Rkl2, StableFarPastTheExplicitLimit) {
  for (Stencil stencil : test::kAllStencils) {
    const long n = stencil_dims(stencil) == 3 ? 10 : 24;
    SimConfig euler = rkl2_config(stencil, n, 1.0, 1.0, 0.5, 1.01);
    euler.time.integrator = Integrator::Euler;
    euler.time.resolved_stages = 0;
    const double T = 2048 * euler.time.dt_limit;
    const auto start = [&](int x, int y, int z) { return noisy_start(x, y, z, n); };
    EXPECT_FALSE(bounded(run(euler, std::lround(T / euler.time.dt), start), -1, 2))
        << stencil_name(stencil) << ": forward Euler at 1.01 x the limit did not blow up: the test shows nothing";
    for (double ratio : {16.0, 64.0, 256.0}) {
      const SimConfig c = rkl2_config(stencil, n, 1.0, 1.0, 0.5, ratio);
      const long steps = std::lround(T / c.time.dt);
      EXPECT_TRUE(bounded(run(c, steps, start), -0.01, 1.01))
          << stencil_name(stencil) << " at " << ratio << " x the limit (" << c.time.resolved_stages << " stages, " << steps << " steps)";
    }
  }
}

// Second order in time on the smooth problem of the convergence study (noise
// off): errors at dt, dt/2, dt/4 against a Heun run at a much smaller dt give
// observed orders 2 +- 0.15, with dt at 44, 22 and 11 times the explicit
// limit (s fixed at 15, which holds 59.5 times it). In double only (not in test_unit_float):
// in float the rounding of these runs (about 5e-5, measured) is above RKL2's
// time error at these dt.
#if !defined(GS_TEST_FLOAT)
TEST(Rkl2, SecondOrderInTimeAt11To44TimesTheLimit) {
  const long n = 128;
  const double T = 8, dt0 = 0.5;
  const int s = 15;
  SimConfig c = rkl2_config(Stencil::P9, n, 1.0, 2e-3, 1e-3, 1.0, s);
  ASSERT_GE(dt0 / 4 / c.time.dt_limit, 10) << "every dt must be at least 10 x the explicit limit";
  const double pi = std::acos(-1.0);
  const auto start = [&](int x, int y, int) {
    const double s = std::exp(-4 * (std::pow(std::sin(pi * (x + 0.5) / n), 2) + std::pow(std::sin(pi * (y + 0.5) / n), 2)));
    return std::pair<double, double>{1 - 0.5 * s, 0.25 * s};
  };
  SimConfig heun = c;
  heun.time.integrator = Integrator::RK2;
  heun.time.resolved_stages = 0;
  heun.time.dt = 1.0 / 256;
  const auto reference = run(heun, std::lround(T / heun.time.dt), start);
  double e[3];
  for (int i = 0; i < 3; ++i) {
    c.time.dt = dt0 / (1 << i);
    const auto u = run(c, std::lround(T / c.time.dt), start);
    e[i] = 0;
    for (std::size_t k = 0; k < u.size(); ++k) e[i] = std::max(e[i], std::fabs(u[k] - reference[k]));
  }
  const double p1 = std::log2(e[0] / e[1]), p2 = std::log2(e[1] / e[2]);
  // Rounding, about 3 sqrt(steps x stages) eps, shifts an order by up to 2 / ln 2 x rounding / error.
  const double rounding = 3 * std::sqrt(T * 4 / dt0 * s + T * 256 * 2) * kEps;
  const double tolerance = 0.15 + 2 / std::log(2.0) * rounding / e[2];
  std::printf("%s: rkl2 s = %d at dt = %g, /2, /4 (%.1f x the explicit limit and less): errors %.3e %.3e %.3e; orders %.3f %.3f (tolerance %.3f)\n",
              precision_name<Real>(), s, dt0, dt0 / c.time.dt_limit, e[0], e[1], e[2], p1, p2, tolerance);
  EXPECT_LT(tolerance, 0.5) << "the errors are too close to round-off to measure an order";
  EXPECT_NEAR(p1, 2.0, tolerance);
  EXPECT_NEAR(p2, 2.0, tolerance);
}
#endif

}  // namespace
}  // namespace gs
