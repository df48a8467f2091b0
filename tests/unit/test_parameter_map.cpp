// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// Parameter maps: the gradient map puts k linearly along x and F along y over
// the configured ranges; the noise map keeps (F, k) on the segment between the
// range ends and varies smoothly and periodically; no map allocates nothing;
// the stability check uses the largest rates of the map; ghosts hold their
// periodic images' rates.
#include <gtest/gtest.h>
#include <mpi.h>

#include <cmath>

#include "../common/test_support.hpp"
#include "config/loader.hpp"
#include "core/error.hpp"
#include "grid/decomposition.hpp"
#include "physics/parameter_map.hpp"

namespace {

using gs::test::to_host;

TEST(ParameterMap, NoneAllocatesNothing) {
  const auto cfg = gs::load_config_text("[grid]\nn = 16\nL = 16.0\n", "test", {});
  gs::Decomposition dec(cfg.grid, cfg.parallel, MPI_COMM_SELF, cfg.time.integrator);
  EXPECT_FALSE(gs::build_parameter_map<double>(cfg, dec).active());
}

TEST(ParameterMap, GradientIsLinearInXForKAndYForF) {
  const auto cfg = gs::load_config_text(
      "[grid]\nn = [40, 30]\nL = [40.0, 30.0]\n[physics]\nmap = \"gradient\"\nF_range = [0.01, 0.07]\nk_range = [0.045, 0.065]\n",
      "test", {});
  gs::Decomposition dec(cfg.grid, cfg.parallel, MPI_COMM_SELF, cfg.time.integrator);
  const auto map = gs::build_parameter_map<double>(cfg, dec);
  ASSERT_TRUE(map.active());
  const auto F = to_host(map.F), k = to_host(map.k);
  const gs::IndexBox b = dec.owned();
  for (int y = b.lo[1]; y < b.hi[1]; ++y)
    for (int x = b.lo[0]; x < b.hi[0]; ++x) {
      const double cx = (x - b.lo[0] + 0.5) / 40, cy = (y - b.lo[1] + 0.5) / 30;
      EXPECT_NEAR(k(0, y, x), 0.045 + cx * 0.02, 1e-15);
      EXPECT_NEAR(F(0, y, x), 0.01 + cy * 0.06, 1e-15);
    }
}

TEST(ParameterMap, NoiseMovesAlongTheSegmentSmoothlyAndPeriodically) {
  const auto cfg = gs::load_config_text(
      "[grid]\ndims = 3\nn = 24\nL = 24.0\n[time]\ndt = 0.5\n[physics]\nmap = \"noise\"\nmap_frequency = 2\nF_range = [0.02, 0.06]\nk_range = [0.05, 0.065]\n",
      "test", {});
  gs::Decomposition dec(cfg.grid, cfg.parallel, MPI_COMM_SELF, cfg.time.integrator);
  const auto map = gs::build_parameter_map<double>(cfg, dec);
  const auto F = to_host(map.F), k = to_host(map.k);
  const gs::IndexBox b = dec.owned();
  double fmin = 1, fmax = 0, jump = 0;
  for (int z = b.lo[2]; z < b.hi[2]; ++z)
    for (int y = b.lo[1]; y < b.hi[1]; ++y)
      for (int x = b.lo[0]; x < b.hi[0]; ++x) {
        const double t = (F(z, y, x) - 0.02) / 0.04;
        EXPECT_GE(t, 0.0);
        EXPECT_LE(t, 1.0);
        EXPECT_NEAR(k(z, y, x), 0.05 + t * 0.015, 1e-12);  // on the segment
        fmin = std::min(fmin, F(z, y, x));
        fmax = std::max(fmax, F(z, y, x));
        // Neighbour differences, the last one across the periodic boundary.
        const int xn = x + 1 < b.hi[0] ? x + 1 : b.lo[0];
        jump = std::max(jump, std::fabs(F(z, y, xn) - F(z, y, x)));
      }
  EXPECT_GT(fmax - fmin, 0.01);    // the map does vary
  EXPECT_LT(jump, 0.25 * 0.04);    // 12 cells per noise cell: no step anywhere, the seam included
}

// With parallel.halo_depth > 1 the blocks compute ghost cells, so the map holds
// F and k there too: exactly (bitwise) those of the owned cell each ghost is a
// periodic image of, for both kinds of map, 2D and 3D, Euler and RK2 widths.
TEST(ParameterMap, GhostsHoldTheirPeriodicImagesBits) {
  for (const char* text :
       {"[grid]\nn = [13, 9]\nL = [13.0, 9.0]\n[physics]\nmap = \"gradient\"\n",
        "[grid]\nn = [13, 9]\nL = [13.0, 9.0]\n[physics]\nmap = \"noise\"\nmap_frequency = 2\n",
        "[grid]\ndims = 3\nn = [9, 8, 7]\nL = [9.0, 8.0, 7.0]\n[time]\ndt = 0.5\n[physics]\nmap = \"noise\"\nmap_frequency = 2\n"})
    for (const char* depth : {"parallel.halo_depth=2", "parallel.halo_depth=3"})
      for (const char* integrator : {"time.integrator=euler", "time.integrator=rk2"}) {
        const auto cfg = gs::load_config_text(text, "test", {depth, integrator});
        gs::Decomposition dec(cfg.grid, cfg.parallel, MPI_COMM_SELF, cfg.time.integrator);
        ASSERT_GE(dec.ghost(0), 2);
        const auto map = gs::build_parameter_map<double>(cfg, dec);
        const auto F = to_host(map.F), k = to_host(map.k);
        const gs::IndexBox b = dec.owned();
        const auto image = [&](int i, int d) {
          const int n = b.hi[d] - b.lo[d];
          return b.lo[d] + ((i - b.lo[d]) % n + n) % n;
        };
        long ghosts = 0;
        for (int z = 0; z < dec.extent(2); ++z)
          for (int y = 0; y < dec.extent(1); ++y)
            for (int x = 0; x < dec.extent(0); ++x) {
              const int iz = image(z, 2), iy = image(y, 1), ix = image(x, 0);
              if (iz == z && iy == y && ix == x) continue;
              ++ghosts;
              ASSERT_EQ(F(z, y, x), F(iz, iy, ix)) << text << depth << " at " << x << "," << y << "," << z;
              ASSERT_EQ(k(z, y, x), k(iz, iy, ix)) << text << depth << " at " << x << "," << y << "," << z;
            }
        EXPECT_EQ(ghosts, long(F.size()) - b.cells());
      }
}

TEST(ParameterMap, StabilityLimitUsesLargestRates) {
  const std::string base = "[grid]\nn = 16\nL = 16.0\n[physics]\nF = 0.01\nk = 0.01\n";
  const auto uniform = gs::load_config_text(base, "test", {});
  const auto mapped = gs::load_config_text(base, "test", {"physics.map=gradient", "physics.F_range=[0.0, 0.5]", "physics.k_range=[0.0, 0.5]", "time.dt=0.1"});
  EXPECT_LT(gs::stable_dt_limit(mapped), gs::stable_dt_limit(uniform));
  EXPECT_THROW(gs::load_config_text(base, "test", {"physics.map=gradient", "physics.F_range=[0.0, 0.9]", "physics.k_range=[0.0, 0.9]"}),
               gs::InputError);
  EXPECT_THROW(gs::load_config_text(base, "test", {"physics.F_range=[0.1]"}), gs::InputError);
  EXPECT_THROW(gs::load_config_text(base, "test", {"physics.map=ramp"}), gs::InputError);
}

}  // namespace
