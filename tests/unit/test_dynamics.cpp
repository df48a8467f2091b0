// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// The dynamics measure and verdict (physics/dynamics.hpp) on series and
// fields made by hand: a sine stripe moved by s cells changes v by exactly
// sqrt(2) A sin(pi s / P) in RMS; a square stripe moved by s cells gains and
// loses s columns; a mean of v that repeats every 200 time units is
// oscillating with that period, unless more than its on set is replaced
// each period (chaotic); rows that do not change are steady; rows with
// the on set replaced are chaotic, rows that only grow are evolving; no on
// cell left is decayed; too few rows are not judged, with the reason.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "../common/test_support.hpp"
#include "config/loader.hpp"
#include "physics/dynamics.hpp"

namespace gs {
namespace {

using test::Real;

// A one-rank 2D grid of nx x ny cells, and v and its copy from a function of (x, y).
struct Pair {
  SimConfig cfg;
  std::unique_ptr<Decomposition> dec;
  Field<Real> now, before;
};

template <class Fn>
Pair make_pair(long nx, long ny, Fn v_at, double shift) {
  Pair p;
  p.cfg = load_config_text("[grid]\ndims = 2\nn = [" + std::to_string(nx) + ", " + std::to_string(ny) + "]\nL = [" +
                               std::to_string(nx) + ".0, " + std::to_string(ny) + ".0]\n",
                           "test", {});
  p.dec = std::make_unique<Decomposition>(p.cfg.grid, p.cfg.parallel, MPI_COMM_SELF, p.cfg.time.integrator);
  p.now = State<Real>::make_field(*p.dec, "now");
  p.before = State<Real>::make_field(*p.dec, "before");
  const IndexBox o = p.dec->owned();
  test::fill_host(p.now, [&](int x, int y, int) { return Real(v_at(double(x - o.lo[0]), double(y - o.lo[1]))); });
  test::fill_host(p.before, [&](int x, int y, int) { return Real(v_at(double(x - o.lo[0]) + shift, double(y - o.lo[1]))); });
  return p;
}

TEST(Dynamics, TranslatingSineHasTheKnownRate) {
  const double A = 0.25, P = 16, s = 3;
  const Pair p = make_pair(64, 8, [&](double x, double) { return 0.3 + A * std::sin(2 * M_PI * x / P); }, s);
  const ChangeSums c = change_sums(p.now, p.before, *p.dec, 10.0);  // no cell reaches theta = 10
  const double rms = std::sqrt(c.squared / (64.0 * 8.0));
  EXPECT_NEAR(rms, std::sqrt(2.0) * A * std::sin(M_PI * s / P), 1e-12);
  EXPECT_EQ(c.gained, 0);
  EXPECT_EQ(c.lost, 0);
}

TEST(Dynamics, MovingSquareStripeGainsAndLosesItsShift) {
  // On for 8 <= x < 20 now; the copy is the same stripe 3 cells further on (11 <= x < 23).
  const Pair p = make_pair(40, 6, [](double x, double) { return x >= 8 && x < 20 ? 0.4 : 0.0; }, 3);
  const ChangeSums c = change_sums(p.now, p.before, *p.dec, 0.25);
  EXPECT_EQ(c.gained, 3 * 6);
  EXPECT_EQ(c.lost, 3 * 6);
  EXPECT_NEAR(c.squared, 6 * 6 * 0.4 * 0.4, 1e-12);
}

// Rows every 10 time units (dt = 1) from t = 0 to `end`.
std::vector<DynamicsSample> rows(double end, double (*v_mean)(double), long long gained, long long lost, long long on = 1000) {
  std::vector<DynamicsSample> r;
  for (long step = 0; step <= long(end); step += 10) {
    DynamicsSample d;
    d.step = step;
    d.t = double(step);
    d.v_mean = v_mean(d.t);
    d.window = step > 0 ? 10.0 : 0.0;
    d.rate = gained + lost > 0 ? 1e-3 : 1e-9;
    d.gained = gained;
    d.lost = lost;
    d.on_cells = on;
    r.push_back(d);
  }
  return r;
}

double breathing(double t) { return 0.2 + 0.004 * std::sin(2 * M_PI * t / 200); }

TEST(Dynamics, PeriodicMeanIsOscillatingWithItsPeriod) {
  // 10 of 1000 cells each way per 10 time units: 0.4 of the on set per period.
  const DynamicsVerdict v = judge_dynamics(rows(4000, breathing, 10, 10), 10000, 10);
  EXPECT_EQ(v.verdict, "oscillating") << v.reason;
  EXPECT_NEAR(v.period, 200.0, 2.0);
}

TEST(Dynamics, PeriodicMeanWithTheOnSetReplacedIsChaotic) {
  // 30 each way: 1.2 of the on set per period; the mean comes back, the pattern does not.
  const DynamicsVerdict v = judge_dynamics(rows(4000, breathing, 30, 30), 10000, 10);
  EXPECT_EQ(v.verdict, "chaotic") << v.reason;
  EXPECT_EQ(v.period, 0.0);
}

TEST(Dynamics, StillRowsAreSteady) {
  const DynamicsVerdict v = judge_dynamics(rows(4000, [](double) { return 0.2; }, 0, 0), 10000, 10);
  EXPECT_EQ(v.verdict, "steady") << v.reason;
}

double irregular(double t) {  // a deterministic but aperiodic sequence
  const double x = std::sin(t * 12.9898) * 43758.5453;
  return 0.2 + 0.01 * (x - std::floor(x));
}

TEST(Dynamics, ReplacedOnSetWithoutPeriodIsChaotic) {
  // 30 cells of 1000 replaced each way per 10 time units: churn 6e-3 per time unit.
  const DynamicsVerdict v = judge_dynamics(rows(4000, irregular, 30, 30), 10000, 10);
  EXPECT_EQ(v.verdict, "chaotic") << v.reason;
  EXPECT_NEAR(v.median_churn, 6e-3, 1e-12);
}

TEST(Dynamics, GrowthWithoutReplacementIsEvolving) {
  const DynamicsVerdict v = judge_dynamics(rows(4000, [](double t) { return 0.1 + 1e-5 * t; }, 40, 0), 10000, 10);
  EXPECT_EQ(v.verdict, "evolving") << v.reason;
}

TEST(Dynamics, NothingOnAtTheEndIsDecayed) {
  const DynamicsVerdict v = judge_dynamics(rows(4000, [](double) { return 0.0; }, 0, 0, 0), 10000, 10);
  EXPECT_EQ(v.verdict, "decayed") << v.reason;
}

TEST(Dynamics, TooFewRowsAreNotJudgedAndSaySo) {
  const DynamicsVerdict v = judge_dynamics(rows(200, [](double) { return 0.2; }, 0, 0), 10000, 10);
  EXPECT_EQ(v.verdict, "");
  EXPECT_NE(v.reason.find("needs 16"), std::string::npos) << v.reason;
  EXPECT_TRUE(dynamics_json(v)["verdict"].is_null());
}

}  // namespace
}  // namespace gs
