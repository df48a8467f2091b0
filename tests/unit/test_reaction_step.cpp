// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// The full update of a time step against the model's equations, computed here
// from the formula and nothing of the program's:
//   u' = u + dt (Du lap(u) - u v^2 + F (1 - u))
//   v' = v + dt (Dv lap(v) + u v^2 - (F + k) v)
// with each stencil's weights written out below (docs/numerics.md), periodic
// wrap, and Heun's RK2 as the average of the start and two Euler stages.
// The other numerics tests cannot see the reaction term: LinearDecay keeps
// v = 0, the fixed point stays at (1, 0) and convergence compares the program
// with itself. Here a flipped sign, a swapped F and k or a wrong weight moves
// cells by 1e-3 or more, far beyond the rounding bound the comparison allows.
// The program's ghost cells start as NaN: the periodic images its stencil
// reads must be the ones its halo exchange (a copy within the rank) put there.
// Built for both precisions (test_unit and test_unit_float).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <string>
#include <tuple>
#include <vector>

#include "../common/test_support.hpp"
#include "config/choices.hpp"
#include "core/hash.hpp"
#include "core/timers.hpp"
#include "driver/stepper.hpp"
#include "grid/decomposition.hpp"
#include "grid/fields.hpp"

namespace gs {
namespace {

using test::Real;

using Wide = long double;

// The weights of a stencil by the number of non-zero offset components (0:
// the centre, 1: faces, 2: edges, or diagonals in 2D, 3: corners), before the
// division by h^2.
struct Weights {
  Wide by_order[4];
};

Weights weights_of(Stencil s) {
  switch (s) {
    case Stencil::P5: return {{-4, 1, 0, 0}};
    case Stencil::P9: return {{Wide(-20) / 6, Wide(4) / 6, Wide(1) / 6, 0}};
    case Stencil::P7: return {{-6, 1, 0, 0}};
    case Stencil::P19: return {{Wide(-24) / 6, Wide(2) / 6, Wide(1) / 6, 0}};
    case Stencil::P27: return {{Wide(-128) / 30, Wide(14) / 30, Wide(3) / 30, Wide(1) / 30}};
  }
  return {};
}

// A periodic field of owned cells, x fastest, in wide precision.
struct Grid {
  int n[3] = {1, 1, 1};
  std::vector<Wide> u, v;
  long index(int x, int y, int z) const {
    const auto wrap = [](int i, int m) { return ((i % m) + m) % m; };
    return (long(wrap(z, n[2])) * n[1] + wrap(y, n[1])) * n[0] + wrap(x, n[0]);
  }
};

struct Coefficients {
  Wide Du, Dv, F, k, dt, h;
  bool reaction = true;  // false: diffusion alone, to show the reaction term is seen
};

// One forward-Euler stage of the whole grid: the equations above, term by term.
Grid euler_stage(const Grid& in, Stencil stencil, const Coefficients& c) {
  const Weights w = weights_of(stencil);
  const int dz_max = stencil_dims(stencil) == 3 ? 1 : 0;
  Grid out = in;
  for (int z = 0; z < in.n[2]; ++z)
    for (int y = 0; y < in.n[1]; ++y)
      for (int x = 0; x < in.n[0]; ++x) {
        Wide lap_u = 0, lap_v = 0;
        for (int dz = -dz_max; dz <= dz_max; ++dz)
          for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx) {
              const Wide weight = w.by_order[(dx != 0) + (dy != 0) + (dz != 0)];
              lap_u += weight * in.u[in.index(x + dx, y + dy, z + dz)];
              lap_v += weight * in.v[in.index(x + dx, y + dy, z + dz)];
            }
        lap_u /= c.h * c.h;
        lap_v /= c.h * c.h;
        const long i = in.index(x, y, z);
        const Wide u = in.u[i], v = in.v[i];
        const Wide r = c.reaction ? 1 : 0;
        out.u[i] = u + c.dt * (c.Du * lap_u + r * (-u * v * v + c.F * (1 - u)));
        out.v[i] = v + c.dt * (c.Dv * lap_v + r * (u * v * v - (c.F + c.k) * v));
      }
  return out;
}

// One time step: Euler, or Heun's RK2, (start + Euler(Euler(start))) / 2.
Grid reference_step(const Grid& start, Stencil stencil, Integrator integrator, const Coefficients& c) {
  const Grid first = euler_stage(start, stencil, c);
  if (integrator == Integrator::Euler) return first;
  Grid second = euler_stage(first, stencil, c);
  for (std::size_t i = 0; i < second.u.size(); ++i) {
    second.u[i] = (start.u[i] + second.u[i]) / 2;
    second.v[i] = (start.v[i] + second.v[i]) / 2;
  }
  return second;
}

// The owned cells of the program's state, widened.
Grid read_state(const Fields<Real>& f, const Decomposition& dec, const int n[3]) {
  Grid g;
  for (int d = 0; d < 3; ++d) g.n[d] = n[d];
  const auto u = test::to_host(f.u), v = test::to_host(f.v);
  const IndexBox o = dec.owned();
  for (int z = o.lo[2]; z < o.hi[2]; ++z)
    for (int y = o.lo[1]; y < o.hi[1]; ++y)
      for (int x = o.lo[0]; x < o.hi[0]; ++x) {
        g.u.push_back(Wide(u(z, y, x)));
        g.v.push_back(Wide(v(z, y, x)));
      }
  return g;
}

// fn at the owned cells of `owned`, NaN at every ghost cell: a stage that
// reads a ghost the halo exchange did not fill turns its cell into NaN.
template <class Fn>
auto poisoned_ghosts(const IndexBox& owned, Fn fn) {
  return [owned, fn](int x, int y, int z) {
    const int at[3] = {x, y, z};
    for (int d = 0; d < 3; ++d)
      if (at[d] < owned.lo[d] || at[d] >= owned.hi[d]) return std::numeric_limits<double>::quiet_NaN();
    return double(fn(x, y, z));
  };
}

// Cells whose u or v is NaN or infinite.
long non_finite_cells(const Grid& g) {
  long n = 0;
  for (std::size_t i = 0; i < g.u.size(); ++i) n += !std::isfinite(g.u[i]) || !std::isfinite(g.v[i]);
  return n;
}

using Case = std::tuple<Stencil, Integrator, int /*halo_depth*/>;

class ReactionStep : public ::testing::TestWithParam<Case> {};

TEST_P(ReactionStep, MatchesTheEquationsComputedByHand) {
  const auto [stencil, integrator, depth] = GetParam();
  const bool three_d = stencil_dims(stencil) == 3;
  // Odd, unequal sides: a transposed index or a wrong wrap shows.
  const int n[3] = {three_d ? 7 : 11, three_d ? 6 : 9, three_d ? 5 : 1};
  const Coefficients c{0.21, 0.105, 0.037, 0.06, 0.25, 0.7};
  SimConfig cfg = test::make_config(stencil, {n[0], n[1], n[2]}, double(c.h));
  cfg.physics.Du = double(c.Du), cfg.physics.Dv = double(c.Dv);
  cfg.physics.F = double(c.F), cfg.physics.k = double(c.k);
  cfg.time.dt = double(c.dt);
  cfg.time.integrator = integrator;
  cfg.parallel.halo_depth = depth;
  Decomposition dec(cfg.grid, cfg.parallel, MPI_COMM_SELF, integrator);
  Fields<Real> f(dec);
  // A state far from both homogeneous states, where u v^2 is of the size of
  // the other terms: u in [0.3, 0.9), v in [0.1, 0.5), a pure function of the
  // owned cell; every ghost cell NaN, so the periodic images the stencil reads
  // there are the ones the program's halo exchange copied in.
  const IndexBox o = dec.owned();
  const auto cell = [&](int x, int y, int z) {
    return std::uint64_t(x - o.lo[0]) | std::uint64_t(y - o.lo[1]) << 20 | std::uint64_t(z - o.lo[2]) << 40;
  };
  test::fill_host(f.u, poisoned_ghosts(o, [&](int x, int y, int z) { return 0.3 + 0.6 * uniform01(5, 1, cell(x, y, z)); }));
  test::fill_host(f.v, poisoned_ghosts(o, [&](int x, int y, int z) { return 0.1 + 0.4 * uniform01(5, 2, cell(x, y, z)); }));
  const Grid start = read_state(f, dec, n);  // as the program's precision holds it

  PhaseTimers timers;
  Stepper<Real> stepper(cfg, dec, timers);
  // As many steps as one block holds (depth 1: one step): a deep halo runs
  // them in one fused block, whose every level must match the equations too.
  const int steps = depth;
  stepper.advance(f, steps);
  Coefficients diffusion_only = c;
  diffusion_only.reaction = false;
  Grid expected = start, diffused = start;
  for (int s = 0; s < steps; ++s) {
    expected = reference_step(expected, stencil, integrator, c);
    diffused = reference_step(diffused, stencil, integrator, diffusion_only);
  }
  const Grid got = read_state(f, dec, n);

  // Rounding bound: each stage rounds a sum of a few dozen terms of values
  // below 1 in the program's precision (measured: at most 1 eps off here, in
  // both precisions); 16 eps per stage and step leaves room for other
  // compilers' orders. The faults this test is for move values by 1e-3 or
  // more (dt F (1 - u), dt k v, dt u v^2 ~ 2e-3 to 2e-2), checked below.
  const int stages = integrator == Integrator::RK2 ? 2 : 1;
  const Wide tolerance = Wide(16) * stages * steps * Wide(std::numeric_limits<Real>::epsilon());
  // std::max passes over a NaN: count those cells apart.
  EXPECT_EQ(non_finite_cells(got), 0) << "cells not finite after the step: a ghost the halo exchange did not fill was read";
  Wide worst = 0, reaction = 0;
  for (std::size_t i = 0; i < got.u.size(); ++i) {
    worst = std::max({worst, std::fabs(got.u[i] - expected.u[i]), std::fabs(got.v[i] - expected.v[i])});
    reaction = std::max({reaction, std::fabs(diffused.u[i] - expected.u[i]), std::fabs(diffused.v[i] - expected.v[i])});
  }
  std::printf("%s %d-point %s depth %d: largest difference from the equations %.3Le (bound %.3Le; the reaction term moves"
              " cells by up to %.3Le)\n",
              precision_name<Real>(), test::stencil_points(stencil), name_of(integrator), depth, worst,
              tolerance, reaction);
  // The check means something only if the reaction term is far above the bound.
  EXPECT_GT(reaction, 20 * tolerance);
  EXPECT_LE(worst, tolerance);
  for (std::size_t i = 0; i < got.u.size(); ++i) {
    ASSERT_NEAR(double(got.u[i]), double(expected.u[i]), double(tolerance)) << "u of cell " << i;
    ASSERT_NEAR(double(got.v[i]), double(expected.v[i]), double(tolerance)) << "v of cell " << i;
  }
}

// Every stencil, both integrators, one step (depth 1) and a fused block of
// two steps (depth 2: 3D RK2 then needs 4 ghost cells of a 5-cell side).
std::vector<Case> all_cases() {
  std::vector<Case> cases;
  for (Stencil s : test::kAllStencils)
    for (Integrator i : {Integrator::Euler, Integrator::RK2})
      for (int depth : {1, 2}) cases.emplace_back(s, i, depth);
  return cases;
}

INSTANTIATE_TEST_SUITE_P(AllStencils, ReactionStep, ::testing::ValuesIn(all_cases()),
                         [](const ::testing::TestParamInfo<Case>& info) {
                           return test::name_part(std::get<0>(info.param)) + "_" +
                                  test::name_part(std::get<1>(info.param)) + "_depth" +
                                  std::to_string(std::get<2>(info.param));
                         });

// physics.clamp (docs/config.md, docs/numerics.md): [0, 1] after each stage,
// so with RK2 the second stage reads the clamped intermediate values and the
// average is clamped again. A time step large enough to push the first stage
// far out of [0, 1] tells that apart from one clamp at the end of the step.
TEST(ReactionStepClamp, Rk2ClampsTheIntermediateStageAndTheAverage) {
  const Stencil stencil = Stencil::P5;
  const int n[3] = {11, 9, 1};
  const Coefficients c{0.21, 0.105, 0.037, 0.06, 3.0, 0.7};
  SimConfig cfg = test::make_config(stencil, {n[0], n[1], n[2]}, double(c.h));
  cfg.physics.Du = double(c.Du), cfg.physics.Dv = double(c.Dv);
  cfg.physics.F = double(c.F), cfg.physics.k = double(c.k);
  cfg.physics.clamp = true;
  cfg.time.dt = double(c.dt);
  cfg.time.allow_unstable = true;
  cfg.time.integrator = Integrator::RK2;
  cfg.parallel.halo_depth = 1;
  Decomposition dec(cfg.grid, cfg.parallel, MPI_COMM_SELF, Integrator::RK2);
  Fields<Real> f(dec);
  const IndexBox o = dec.owned();
  const auto cell = [&](int x, int y, int) { return std::uint64_t(x - o.lo[0]) | std::uint64_t(y - o.lo[1]) << 20; };
  test::fill_host(f.u, poisoned_ghosts(o, [&](int x, int y, int z) { return 0.3 + 0.6 * uniform01(7, 1, cell(x, y, z)); }));
  test::fill_host(f.v, poisoned_ghosts(o, [&](int x, int y, int z) { return 0.1 + 0.4 * uniform01(7, 2, cell(x, y, z)); }));
  const Grid start = read_state(f, dec, n);
  PhaseTimers timers;
  Stepper<Real> stepper(cfg, dec, timers);
  stepper.advance(f, 1);
  const Grid got = read_state(f, dec, n);

  const auto clamp = [](Grid g) {
    for (auto* field : {&g.u, &g.v})
      for (auto& x : *field) x = std::min(Wide(1), std::max(Wide(0), x));
    return g;
  };
  const auto average = [&](Grid second) {
    for (std::size_t i = 0; i < second.u.size(); ++i) {
      second.u[i] = (start.u[i] + second.u[i]) / 2;
      second.v[i] = (start.v[i] + second.v[i]) / 2;
    }
    return second;
  };
  const Grid first = euler_stage(start, stencil, c);
  const Grid per_stage = clamp(average(euler_stage(clamp(first), stencil, c)));
  const Grid at_end_only = clamp(average(euler_stage(first, stencil, c)));

  long outside = 0;
  for (std::size_t i = 0; i < first.u.size(); ++i)
    outside += first.u[i] < 0 || first.u[i] > 1 || first.v[i] < 0 || first.v[i] > 1;
  EXPECT_EQ(non_finite_cells(got), 0) << "cells not finite after the step: a ghost the halo exchange did not fill was read";
  Wide apart = 0, worst = 0;
  for (std::size_t i = 0; i < got.u.size(); ++i) {
    apart = std::max({apart, std::fabs(per_stage.u[i] - at_end_only.u[i]), std::fabs(per_stage.v[i] - at_end_only.v[i])});
    worst = std::max({worst, std::fabs(got.u[i] - per_stage.u[i]), std::fabs(got.v[i] - per_stage.v[i])});
  }
  // Terms of size dt Du |lap| ~ 3: a few dozen eps of that.
  const Wide tolerance = Wide(256) * Wide(std::numeric_limits<Real>::epsilon());
  std::printf("%s clamp rk2: %ld cells outside [0, 1] after stage 1; per-stage and end-only clamps %.3Le apart; the"
              " program %.3Le from per-stage (bound %.3Le)\n",
              precision_name<Real>(), outside, apart, worst, tolerance);
  // The check means something only if the two readings of the clamp differ.
  ASSERT_GT(outside, 0);
  ASSERT_GT(apart, 100 * tolerance);
  EXPECT_LE(worst, tolerance);
}

}  // namespace
}  // namespace gs
