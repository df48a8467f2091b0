// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// Procedural initial states and parameter maps do not depend on the rank count:
// the state digest over all ranks of MPI_COMM_WORLD equals the digest of the
// same run on one rank (MPI_COMM_SELF, computed on every rank as the reference).
// Run under 1, 2, 3, 4, 6 and 8 ranks by CTest.
#include <gtest/gtest.h>
#include <mpi.h>

#include <cmath>
#include <string>
#include <vector>

#include "physics/diagnostics.hpp"
#include "../common/test_support.hpp"
#include "config/loader.hpp"
#include "core/timers.hpp"
#include "driver/stepper.hpp"
#include "grid/decomposition.hpp"
#include "grid/fields.hpp"
#include "init/initial_conditions.hpp"
#include "physics/diagnostics.hpp"

namespace {

using gs::test::Real;

struct Outcome {
  std::uint64_t digest = 0;
  gs::FieldStats stats;
};

Outcome run(const gs::SimConfig& cfg, MPI_Comm comm) {
  gs::Decomposition dec(cfg.grid, cfg.parallel, comm, cfg.time.integrator);
  gs::Fields<Real> f(dec);
  gs::apply_initial_condition(cfg, dec, f);
  if (cfg.time.steps > 0) {
    gs::PhaseTimers timers;
    gs::Stepper<Real> stepper(cfg, dec, timers);
    for (long s = 0; s < cfg.time.steps; ++s) stepper.step(f);
  }
  Outcome o;
  o.digest = gs::state_digest(f, dec);
  o.stats = gs::global_stats(f, dec);
  return o;
}

const char* k2D = "[grid]\ndims = 2\nn = [45, 38]\nL = [45.0, 38.0]\n[time]\nsteps = 0\n";
const char* k3D = "[grid]\ndims = 3\nn = [20, 18, 14]\nL = [20.0, 18.0, 14.0]\n[time]\nsteps = 0\ndt = 0.5\n";

void expect_rank_independent(const std::string& base, const std::vector<std::string>& overrides) {
  const gs::SimConfig cfg = gs::load_config_text(base, "test", overrides);
  const Outcome all = run(cfg, MPI_COMM_WORLD);
  const Outcome one = run(cfg, MPI_COMM_SELF);
  std::string what;
  for (const auto& o : overrides) what += o + " ";
  EXPECT_EQ(all.digest, one.digest) << what;
  // A meaningful comparison: the state holds both seeded and unseeded cells.
  EXPECT_GT(all.stats.v.max, 0.1) << what;
  EXPECT_LT(all.stats.v.min, 0.05) << what;
  EXPECT_EQ(all.stats.u.nonfinite + all.stats.v.nonfinite, 0) << what;
}

TEST(NoiseInit, PerlinSameDigestOnAnyRankCount) {
  expect_rank_independent(k2D, {"init.type=perlin", "init.frequency=3", "init.octaves=3", "init.lacunarity=1.5", "init.threshold=0.05"});
  expect_rank_independent(k2D, {"init.type=perlin", "init.time=0.37", "init.threshold=0.0"});  // slice of 3D noise
  expect_rank_independent(k3D, {"init.type=perlin", "init.frequency=2", "init.threshold=0.0"});
  expect_rank_independent(k3D, {"init.type=perlin", "init.frequency=2", "init.time=1.25", "init.threshold=0.0"});  // slice of 4D noise
}

TEST(NoiseInit, DiamondSquareSameDigestOnAnyRankCount) {
  expect_rank_independent(k2D, {"init.type=diamond_square", "init.threshold=0.0", "init.roughness=0.7"});
  expect_rank_independent("[grid]\ndims = 2\nn = 64\nL = 64.0\n[time]\nsteps = 0\n", {"init.type=diamond_square", "init.threshold=0.0"});
  expect_rank_independent(k3D, {"init.type=diamond_square", "init.threshold=0.0", "init.smoothing=0"});
}

// init.fill: the threshold comes from a histogram summed over ranks, so the
// state is the same bits on any rank count, and exactly round(fill x cells)
// cells are seeded (sharp step: v is 0 or A, and the sum of v is A times the
// seeded count, exact in double).
TEST(NoiseInit, FillSameDigestOnAnyRankCount) {
  const char* k2DPow = "[grid]\ndims = 2\nn = 64\nL = 64.0\n[time]\nsteps = 0\n";
  for (const std::string base : {k2D, k2DPow, k3D})
    for (const char* type : {"init.type=perlin", "init.type=diamond_square"})
      for (const char* fill : {"0.3", "0.07"}) {
        expect_rank_independent(base, {type, std::string("init.fill=") + fill});
        const gs::SimConfig cfg = gs::load_config_text(base, "test", {type, std::string("init.fill=") + fill, "init.smoothing=0"});
        const Outcome all = run(cfg, MPI_COMM_WORLD);
        EXPECT_EQ(all.digest, run(cfg, MPI_COMM_SELF).digest) << type << " fill " << fill;
        const long long cells = all.stats.cells;
        EXPECT_EQ(all.stats.v.sum, cfg.init.amplitude * double(std::llround(cfg.init.fill * double(cells))))
            << type << " fill " << fill << " on " << cells << " cells";
      }
  // The default diamond_square start (neither init.fill nor init.threshold) takes this path too.
  expect_rank_independent(k3D, {"init.type=diamond_square", "init.roughness=0.9"});
}

TEST(NoiseInit, ParameterMapRunsSameDigestOnAnyRankCount) {
  expect_rank_independent(k2D, {"init.type=perlin", "init.frequency=4", "physics.map=gradient", "time.steps=20"});
  expect_rank_independent(k3D, {"init.type=diamond_square", "init.threshold=0.0", "physics.map=noise", "physics.map_frequency=2",
                                "time.steps=8", "time.integrator=rk2"});
}

// A map with F_range = [F, F] and k_range = [k, k] takes the per-cell kernel
// path yet must give the same bits as the uniform kernel.
TEST(NoiseInit, FlatParameterMapMatchesUniformKernel) {
  const std::vector<std::string> common = {"init.type=perlin", "init.threshold=0.0", "time.steps=15", "physics.F=0.037", "physics.k=0.06"};
  auto mapped = common;
  mapped.insert(mapped.end(), {"physics.map=gradient", "physics.F_range=[0.037, 0.037]", "physics.k_range=[0.06, 0.06]"});
  auto steep = mapped;
  steep.back() = "physics.k_range=[0.05, 0.07]";
  for (const std::string base : {k2D, k3D}) {
    const gs::SimConfig uniform_cfg = gs::load_config_text(base, "test", common);
    const gs::SimConfig flat_cfg = gs::load_config_text(base, "test", mapped);
    const gs::SimConfig steep_cfg = gs::load_config_text(base, "test", steep);
    const std::uint64_t uniform = run(uniform_cfg, MPI_COMM_WORLD).digest;
    const std::uint64_t flat = run(flat_cfg, MPI_COMM_WORLD).digest;
    const std::uint64_t varying = run(steep_cfg, MPI_COMM_WORLD).digest;
    EXPECT_EQ(uniform, flat);
    EXPECT_NE(uniform, varying);
  }
}

TEST(NoiseInit, SeedDecidesTheField) {
  for (const char* type : {"init.type=perlin", "init.type=diamond_square"}) {
    const auto a = run(gs::load_config_text(k3D, "test", {type, "init.seed=5", "init.threshold=0.0"}), MPI_COMM_WORLD);
    const auto b = run(gs::load_config_text(k3D, "test", {type, "init.seed=5", "init.threshold=0.0"}), MPI_COMM_WORLD);
    const auto c = run(gs::load_config_text(k3D, "test", {type, "init.seed=6", "init.threshold=0.0"}), MPI_COMM_WORLD);
    EXPECT_EQ(a.digest, b.digest) << type;
    EXPECT_NE(a.digest, c.digest) << type;
  }
}

}  // namespace
