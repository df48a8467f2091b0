// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// The integrator table (numerics/integrator.hpp): every integrator a user can
// name has a scheme, and what the table states about a scheme (its order, its
// stability factor, its registers, whether the block forms run it, the values
// and flops of a step) agrees with its stages.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "../common/test_support.hpp"
#include "config/choices.hpp"
#include "core/error.hpp"
#include "grid/decomposition.hpp"
#include "numerics/integrator.hpp"

namespace gs {
namespace {

// Every named integrator's scheme; one with a stage count at several counts.
std::vector<Scheme> named_schemes() {
  std::vector<Scheme> all;
  for (const auto& choice : kIntegratorNames) {
    if (takes_stage_count(choice.value))
      for (int s : {3, 5, 9, 15}) all.push_back(make_scheme(choice.value, s));
    else
      all.push_back(make_scheme(choice.value));
  }
  return all;
}

const char* name(const Scheme& s) { return name_of(s.integrator); }

TEST(Integrators, EveryNameHasASchemeWhoseRolesAreValid) {
  for (const Scheme& s : named_schemes()) {
    ASSERT_GE(s.stages(), 1) << name(s);
    ASSERT_EQ(s.weights.size(), s.roles.size()) << name(s);
    const int n = s.registers();
    EXPECT_GE(n, 2) << name(s);
    EXPECT_TRUE(s.result >= 0 && s.result < n) << name(s);
    for (const StageRoles& r : s.roles) {
      EXPECT_TRUE(r.in >= 0 && r.in < n && r.out >= 0 && r.out < n) << name(s);
      // A stage reads its input's neighbours: it never writes over them.
      EXPECT_NE(r.out, r.in) << name(s);
      if (reads_base(r.kind)) EXPECT_TRUE(r.base >= 0 && r.base < n) << name(s);
      if (reads_prev(r.kind)) EXPECT_TRUE(r.prev >= 0 && r.prev < n) << name(s);
      if (reads_rate(r.kind) || writes_rate(r.kind)) EXPECT_TRUE(r.rate >= 0 && r.rate < n && r.rate != r.out) << name(s);
    }
  }
}

// R(z) - exp(z) = O(z^(order + 1)) for small z: the local error of the stages
// run on y' = lambda y, halving z, falls by 2^(order + 1).
TEST(Integrators, AmplificationAgreesWithTheExponentialToTheStatedOrder) {
  for (const Scheme& s : named_schemes()) {
    const double z = -0.04;
    const double e1 = std::fabs(amplification(s, z) - std::exp(z));
    const double e2 = std::fabs(amplification(s, z / 2) - std::exp(z / 2));
    const double slope = std::log2(e1 / e2);
    EXPECT_NEAR(slope, s.order + 1, 0.15) << name(s) << " (" << s.stages() << " stages): errors " << e1 << " " << e2;
  }
}

// |R| <= 1 over the stated interval [-2 stability_factor, 0]; for the schemes
// with a fixed stage count it is also the whole interval (|R| > 1 just past
// its end). RKL2's stated bound is the published one, inside its polynomial's
// (test_rkl2.cpp checks that polynomial).
TEST(Integrators, StabilityFactorIsTheStagesOwnInterval) {
  for (const Scheme& s : named_schemes()) {
    const double end = -2 * s.stability_factor;
    double worst = 0;
    for (int i = 0; i <= 2000; ++i) worst = std::max(worst, std::fabs(amplification(s, end * i / 2000.0)));
    EXPECT_LE(worst, 1 + 1e-12) << name(s) << " (" << s.stages() << " stages) over [" << end << ", 0]";
    if (!takes_stage_count(s.integrator))
      EXPECT_GT(std::fabs(amplification(s, end * (1 + 1e-6))), 1.0) << name(s) << ": stable past its stated interval";
  }
}

TEST(Integrators, Rk4IsTheClassicScheme) {
  const Scheme s = make_scheme(Integrator::RK4);
  EXPECT_EQ(s.order, 4);
  EXPECT_EQ(s.stages(), 4);
  for (double z = -2.8; z <= 0.5; z += 0.05) {
    const double taylor = 1 + z + z * z / 2 + z * z * z / 6 + z * z * z * z / 24;
    EXPECT_NEAR(amplification(s, z), taylor, 1e-14) << "z = " << z;
  }
  // The real root of 1 + z/2 + z^2/6 + z^3/24, where R returns to 1: 2.785293563405282.
  EXPECT_NEAR(rk4_stability_interval(), 2.785293563405282, 1e-14);
  EXPECT_NEAR(amplification(s, -rk4_stability_interval()), 1.0, 1e-14);
}

TEST(Integrators, RegistersAndBlockSupportFollowFromTheRoles) {
  EXPECT_EQ(make_scheme(Integrator::Euler).registers(), 2);
  EXPECT_EQ(make_scheme(Integrator::RK2).registers(), 2);
  EXPECT_EQ(make_scheme(Integrator::RKL2, 7).registers(), 4);
  EXPECT_EQ(make_scheme(Integrator::RK4).registers(), 4);
  EXPECT_TRUE(blocks_supported(Integrator::Euler));
  EXPECT_TRUE(blocks_supported(Integrator::RK2));
  EXPECT_FALSE(blocks_supported(Integrator::RKL2));
  EXPECT_FALSE(blocks_supported(Integrator::RK4));
  EXPECT_EQ(stages_per_step(Integrator::RK4), 4);
  EXPECT_EQ(stages_per_step(Integrator::RKL2, 9), 9);
  EXPECT_THROW(make_scheme(Integrator::RKL2), std::logic_error);
  // A depth above 1 is refused for an integrator the block forms do not run.
  SimConfig c = test::make_config(Stencil::P9, {64, 64, 1}, 1.0);
  c.parallel.halo_depth = 2;
  EXPECT_THROW(Decomposition(c.grid, c.parallel, MPI_COMM_SELF, Integrator::RK4), KeyError);
  EXPECT_NO_THROW(Decomposition(c.grid, c.parallel, MPI_COMM_SELF, Integrator::RK2));
}

// Counted by hand from the roles (tests/bench/benchmark_check.sh has the same
// counts, in bytes, against the benchmark's JSON): values of u and v a step
// reads and writes per cell, a register two roles name read once.
TEST(Integrators, ValuesAndFlopsOfAStepCountedByHand) {
  EXPECT_EQ(make_scheme(Integrator::Euler).values_moved_per_cell(), 4);
  EXPECT_EQ(make_scheme(Integrator::RK2).values_moved_per_cell(), 4 + 6);
  EXPECT_EQ(make_scheme(Integrator::RKL2, 9).values_moved_per_cell(), 6 + 8 + 7 * 10);
  EXPECT_EQ(make_scheme(Integrator::RK4).values_moved_per_cell(), 6 + 8 + 8 + 10);
  const double lap = 11;  // the 9-point Laplacian's row form
  const double stage = 2 * lap + 16;
  EXPECT_EQ(make_scheme(Integrator::Euler).flops_per_cell(lap), stage);
  EXPECT_EQ(make_scheme(Integrator::RK2).flops_per_cell(lap), 2 * stage + 4);
  EXPECT_EQ(make_scheme(Integrator::RKL2, 9).flops_per_cell(lap), 9 * stage + 8 * 14);
  EXPECT_EQ(make_scheme(Integrator::RK4).flops_per_cell(lap), 4 * stage + 3 * 14);
}

// Auto stage counts come from the entry of an integrator that takes one.
TEST(Integrators, AutoStageCountHoldsTheRatio) {
  for (double ratio : {0.5, 1.0, 17.5, 256.0}) {
    const int s = auto_stage_count(Integrator::RKL2, ratio, TimeConfig::kMaxStages);
    EXPECT_GE(make_scheme(Integrator::RKL2, s).stability_factor, ratio);
    EXPECT_EQ(s % 2, 1);
  }
  EXPECT_EQ(auto_stage_count(Integrator::RKL2, 1e9, TimeConfig::kMaxStages), 0);
  EXPECT_FALSE(takes_stage_count(Integrator::RK4));
  EXPECT_THROW(auto_stage_count(Integrator::RK4, 1.0, 9), std::logic_error);
}

}  // namespace
}  // namespace gs
