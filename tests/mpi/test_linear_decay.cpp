// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// With v = 0 the model is linear: a Fourier mode of u - 1 is multiplied each
// step by the exact amplification factor of the stencil and integrator. This
// checks stencils, halos and the periodic wrap on any rank layout to round-off.
#include <gtest/gtest.h>

#include <cmath>

#include "../common/test_support.hpp"
#include "core/timers.hpp"
#include "driver/stepper.hpp"
#include "grid/decomposition.hpp"
#include "grid/fields.hpp"

namespace gs {
namespace {

using test::Real;

struct Mode {
  double kappa[3];
};

void init_mode(Fields<Real>& f, const Decomposition& dec, const SimConfig& c, const Mode& m, double amplitude) {
  const IndexBox o = dec.owned();
  test::fill_host(f.u, [&](int x, int y, int z) {
    const int idx[3] = {x, y, z};
    double prod = amplitude;
    for (int d = 0; d < c.grid.dims; ++d) prod *= std::cos(m.kappa[d] * (dec.offset()[d] + idx[d] - o.lo[d] + 0.5) * c.grid.h(d));
    return 1.0 + prod;
  });
  Kokkos::deep_copy(f.v, 0.0);
}

// max over owned cells of |u - 1 - expected_amplitude * mode|, over all ranks.
double mode_error(const Fields<Real>& f, const Decomposition& dec, const SimConfig& c, const Mode& m, double amplitude) {
  auto u = test::to_host(f.u);
  auto v = test::to_host(f.v);
  const IndexBox o = dec.owned();
  double err = 0;
  for (int z = o.lo[2]; z < o.hi[2]; ++z)
    for (int y = o.lo[1]; y < o.hi[1]; ++y)
      for (int x = o.lo[0]; x < o.hi[0]; ++x) {
        const int idx[3] = {x, y, z};
        double prod = amplitude;
        for (int d = 0; d < c.grid.dims; ++d)
          prod *= std::cos(m.kappa[d] * (dec.offset()[d] + idx[d] - o.lo[d] + 0.5) * c.grid.h(d));
        err = std::max(err, std::fabs(u(z, y, x) - 1.0 - prod));
        err = std::max(err, std::fabs(v(z, y, x)));
      }
  MPI_Allreduce(MPI_IN_PLACE, &err, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  return err;
}

class LinearDecay : public ::testing::TestWithParam<std::tuple<Stencil, Integrator>> {};

TEST_P(LinearDecay, AmplitudeFollowsTheDiscreteFactor) {
  const auto [stencil, integrator] = GetParam();
  const bool three = stencil_dims(stencil) == 3;
  const double h = 0.05;
  SimConfig c = test::make_config(stencil, {24, 20, 18}, h);
  c.physics = PhysicsConfig{};
  c.physics.Du = 1e-3;
  c.physics.Dv = 5e-4;
  c.physics.F = 0.04;
  c.physics.k = 0.06;
  c.time.integrator = integrator;
  c.time.dt = 0.5 * stable_dt_limit(c);
  const double pi = std::acos(-1.0);
  // Different wave numbers per axis, so a transposed or mis-wrapped halo shows up.
  const Mode m{{2 * pi * 3 / c.grid.L[0], 2 * pi * 2 / c.grid.L[1], three ? 2 * pi * 1 / c.grid.L[2] : 0.0}};
  const double hh[3] = {c.grid.h(0), c.grid.h(1), c.grid.h(2)};
  const double lambda = stencil_symbol(stencil_taps(stencil, hh), m.kappa, hh);
  const double z = c.time.dt * (c.physics.Du * lambda - c.physics.F);
  const double g = integrator == Integrator::Euler ? 1 + z : 1 + z + z * z / 2;

  Decomposition dec(c.grid, c.parallel, MPI_COMM_WORLD, c.time.integrator);
  Fields<Real> f(dec);
  PhaseTimers timers;
  Stepper<Real> stepper(c, dec, timers);
  const double A = 0.1;
  const int steps = 40;
  init_mode(f, dec, c, m, A);
  for (int s = 0; s < steps; ++s) stepper.step(f);
  const double expected = A * std::pow(g, steps);
  EXPECT_LT(expected, 0.9 * A) << "the mode must actually decay for the test to mean something";
  EXPECT_LT(mode_error(f, dec, c, m, expected), 1e-13) << "g = " << g;
  // A wrong factor would be visible: the amplitude differs from g^n clearly.
  EXPECT_GT(mode_error(f, dec, c, m, A * std::pow(g * (1 + 1e-6), steps)), 1e-12);
}

INSTANTIATE_TEST_SUITE_P(
    AllStencilsBothIntegrators, LinearDecay,
    ::testing::Combine(::testing::ValuesIn(test::kEveryStencil), ::testing::Values(Integrator::Euler, Integrator::RK2)),
    [](const auto& info) {
      return test::name_part(std::get<0>(info.param)) + "_" + test::name_part(std::get<1>(info.param));
    });

class FixedPoint : public ::testing::TestWithParam<Stencil> {};

TEST_P(FixedPoint, HomogeneousStateOneZeroStaysExactlyFixed) {
  SimConfig c = test::make_config(GetParam(), {12, 10, 9}, 1.0);
  c.time.dt = stable_dt_limit(c) * 0.9;
  for (Integrator integ : {Integrator::Euler, Integrator::RK2}) {
    c.time.integrator = integ;
    Decomposition dec(c.grid, c.parallel, MPI_COMM_WORLD, c.time.integrator);
    Fields<Real> f(dec);
    Kokkos::deep_copy(f.u, 1.0);
    Kokkos::deep_copy(f.v, 0.0);
    PhaseTimers timers;
    Stepper<Real> stepper(c, dec, timers);
    for (int s = 0; s < 100; ++s) stepper.step(f);
    auto u = test::to_host(f.u);
    auto v = test::to_host(f.v);
    const IndexBox o = dec.owned();
    for (int z = o.lo[2]; z < o.hi[2]; ++z)
      for (int y = o.lo[1]; y < o.hi[1]; ++y)
        for (int x = o.lo[0]; x < o.hi[0]; ++x) {
          ASSERT_EQ(u(z, y, x), 1.0);
          ASSERT_EQ(v(z, y, x), 0.0);
        }
  }
}

INSTANTIATE_TEST_SUITE_P(AllStencils, FixedPoint, ::testing::ValuesIn(test::kEveryStencil),
                         [](const auto& info) { return test::name_part(info.param); });

}  // namespace
}  // namespace gs
