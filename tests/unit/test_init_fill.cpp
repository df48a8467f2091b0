// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// init.fill: the exact radix select against a sort, the seeded fraction of
// both generators (2D, 3D, several roughness values), and how init.fill and
// init.threshold combine in the config.
#include <gtest/gtest.h>
#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "../common/test_support.hpp"
#include "comm/global_quantile.hpp"
#include "config/loader.hpp"
#include "core/error.hpp"
#include "grid/decomposition.hpp"
#include "grid/fields.hpp"
#include "init/initial_conditions.hpp"
#include "init/noise_init.hpp"

namespace {

using gs::test::Real;

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

Kokkos::View<const double*, gs::MemSpace> to_device(const std::vector<double>& v) {
  Kokkos::View<double*, gs::MemSpace> d("values", v.size());
  auto h = Kokkos::create_mirror_view(d);
  for (std::size_t i = 0; i < v.size(); ++i) h(i) = v[i];
  Kokkos::deep_copy(d, h);
  return d;
}

std::vector<double> to_host(const gs::NoiseValues& d) {
  auto h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), d);
  return std::vector<double>(h.data(), h.data() + h.extent(0));
}

// Every rank of the sorted list, on values with ties, both zeros, negatives,
// subnormals, huge magnitudes and infinities: the select gives the sorted
// value (a zero as +0) and the exact count above it.
TEST(GlobalQuantile, MatchesSortOnAwkwardValues) {
  std::mt19937_64 rng(42);
  std::vector<double> v;
  std::uniform_real_distribution<double> u(-1, 1);
  for (int i = 0; i < 300; ++i) v.push_back(u(rng));
  for (int i = 0; i < 40; ++i) v.push_back(v[i]);  // ties
  for (double x : {0.0, -0.0, 0.0, -0.0, 1e-310, -1e-310, 1e300, -1e300, HUGE_VAL, -HUGE_VAL, 0.5, 0.5, 0.5})
    v.push_back(x);
  std::shuffle(v.begin(), v.end(), rng);
  std::vector<double> sorted = v;
  std::sort(sorted.begin(), sorted.end());
  const auto d = to_device(v);
  EXPECT_EQ(gs::global_count(d, MPI_COMM_SELF), (long long)v.size());
  for (long long r = 0; r < (long long)v.size(); ++r) {
    const gs::OrderStatistic s = gs::global_order_statistic(d, r, MPI_COMM_SELF);
    const double want = sorted[r] + 0.0;
    ASSERT_TRUE(same_bits(s.value, want)) << "rank " << r << ": " << s.value << " != " << want;
    ASSERT_EQ(s.above, std::count_if(v.begin(), v.end(), [&](double x) { return x > want; })) << "rank " << r;
  }
  EXPECT_THROW(gs::global_order_statistic(d, (long long)v.size(), MPI_COMM_SELF), std::exception);
}

// The whole init on one rank: (config, noise, threshold, state).
struct Start {
  std::vector<double> noise;
  gs::FillThreshold t;
  long long seeded = 0;  // cells with v = amplitude (a sharp step: init.smoothing = 0)
};

Start start(const std::string& base, std::vector<std::string> overrides) {
  overrides.push_back("init.smoothing=0");
  const gs::SimConfig cfg = gs::load_config_text(base, "test", overrides);
  gs::Decomposition dec(cfg.grid, cfg.parallel, MPI_COMM_SELF, cfg.time.integrator);
  Start s;
  const gs::NoiseValues values = gs::init_noise_values(cfg, dec);
  s.noise = to_host(values);
  s.t = gs::fill_threshold(values, cfg.init.fill, MPI_COMM_SELF);
  gs::Fields<Real> f(dec);
  gs::apply_initial_condition(cfg, dec, f);
  auto v = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), f.v);
  const gs::IndexBox o = dec.owned();
  for (int z = o.lo[2]; z < o.hi[2]; ++z)
    for (int y = o.lo[1]; y < o.hi[1]; ++y)
      for (int x = o.lo[0]; x < o.hi[0]; ++x) {
        EXPECT_TRUE(v(z, y, x) == 0 || v(z, y, x) == cfg.init.amplitude) << v(z, y, x);
        s.seeded += v(z, y, x) == cfg.init.amplitude;
      }
  return s;
}

const char* k2D = "[grid]\ndims = 2\nn = [45, 38]\nL = [45.0, 38.0]\n";
const char* k2DPow = "[grid]\ndims = 2\nn = 64\nL = 64.0\n";
const char* k3D = "[grid]\ndims = 3\nn = [20, 18, 14]\nL = [20.0, 18.0, 14.0]\n[time]\ndt = 0.5\n";

void expect_exact_fraction(const std::string& base, const std::vector<std::string>& overrides, double fill) {
  auto o = overrides;
  o.push_back("init.fill=" + std::to_string(fill));
  const Start s = start(base, o);
  std::string what;
  for (const auto& x : o) what += x + " ";
  const long long n = (long long)s.noise.size();
  const long long k = std::llround(fill * double(n));
  const long long above = std::count_if(s.noise.begin(), s.noise.end(), [&](double x) { return x > s.t.value; });
  EXPECT_EQ(s.t.cells, n) << what;
  EXPECT_EQ(s.t.target, k) << what;
  // Continuous noise has no ties at the threshold, so the fraction is exact.
  EXPECT_EQ(above, k) << what;
  EXPECT_EQ(s.t.above, k) << what;
  EXPECT_EQ(s.seeded, k) << what;
  std::vector<double> sorted = s.noise;
  std::sort(sorted.begin(), sorted.end());
  if (k < n) EXPECT_TRUE(same_bits(s.t.value, sorted[n - k - 1] + 0.0)) << what;
}

TEST(InitFill, SeededFractionIsExactDiamondSquare) {
  for (const char* base : {k2D, k2DPow, k3D})
    for (const char* roughness : {"0.5", "0.6", "0.8", "1.0"})
      for (double fill : {0.01, 0.3, 0.5, 0.93})
        expect_exact_fraction(base, {"init.type=diamond_square", std::string("init.roughness=") + roughness}, fill);
}

TEST(InitFill, SeededFractionIsExactPerlin) {
  for (const char* base : {k2D, k2DPow, k3D})
    for (const char* octaves : {"1", "4"})
      for (double fill : {0.01, 0.3, 0.5, 0.93}) {
        expect_exact_fraction(base, {"init.type=perlin", std::string("init.octaves=") + octaves}, fill);
        expect_exact_fraction(base, {"init.type=perlin", "init.time=0.4", std::string("init.octaves=") + octaves}, fill);
      }
}

// A fill that rounds to every cell or to none still gives that many.
TEST(InitFill, RoundsToAllOrNone) {
  const char* tiny = "[grid]\ndims = 2\nn = 4\nL = 4.0\n";  // 16 cells
  const Start all = start(tiny, {"init.type=diamond_square", "init.fill=0.99"});
  EXPECT_EQ(all.t.target, 16);
  EXPECT_EQ(all.seeded, 16);
  const Start none = start(tiny, {"init.type=perlin", "init.fill=0.01"});
  EXPECT_EQ(none.t.target, 0);
  EXPECT_EQ(none.seeded, 0);
}

// The radix path (noise stored, then mapped) gives the bits of the direct
// path when init.threshold is the threshold init.fill found.
TEST(InitFill, StoredNoisePathMatchesDirectPath) {
  for (const char* type : {"init.type=perlin", "init.type=diamond_square"}) {
    const gs::SimConfig filled = gs::load_config_text(k3D, "test", {type, "init.fill=0.2"});
    gs::Decomposition dec(filled.grid, filled.parallel, MPI_COMM_SELF, filled.time.integrator);
    const double t = gs::fill_threshold(gs::init_noise_values(filled, dec), 0.2, MPI_COMM_SELF).value;
    char buf[64];
    std::snprintf(buf, sizeof buf, "init.threshold=%.17g", t);
    const gs::SimConfig direct = gs::load_config_text(k3D, "test", {type, buf});
    ASSERT_FALSE(direct.init.has_fill);
    gs::Fields<Real> a(dec), b(dec);
    gs::apply_initial_condition(filled, dec, a);
    gs::apply_initial_condition(direct, dec, b);
    auto ha = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), a.v);
    auto hb = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), b.v);
    ASSERT_EQ(ha.size(), hb.size());
    EXPECT_EQ(std::memcmp(ha.data(), hb.data(), ha.size() * sizeof(double)), 0) << type;
  }
}

TEST(InitFill, ConfigDefaultsAndConflicts) {
  const char* base = "[grid]\nn = 32\nL = 32.0\n";
  auto load = [&](std::vector<std::string> o) { return gs::load_config_text(base, "f.toml", o); };
  // Neither key: diamond_square seeds the default fraction, perlin keeps its threshold.
  EXPECT_TRUE(load({"init.type=diamond_square"}).init.has_fill);
  EXPECT_EQ(load({"init.type=diamond_square"}).init.fill, gs::kDefaultDiamondSquareFill);
  EXPECT_FALSE(load({"init.type=perlin"}).init.has_fill);
  EXPECT_FALSE(load({"init.type=diamond_square", "init.threshold=0.0"}).init.has_fill);
  EXPECT_FALSE(load({"init.type=diamond_square", "init.fill=none"}).init.has_fill);
  EXPECT_EQ(load({"init.type=perlin", "init.fill=0.25"}).init.fill, 0.25);
  // Both: refused, naming both keys.
  try {
    load({"init.type=perlin", "init.fill=0.2", "init.threshold=0.1"});
    ADD_FAILURE() << "init.fill with init.threshold was accepted";
  } catch (const gs::InputError& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("init.fill"), std::string::npos) << m;
    EXPECT_NE(m.find("init.threshold"), std::string::npos) << m;
    EXPECT_EQ(m.find('\n'), std::string::npos) << m;
  }
  EXPECT_NO_THROW(load({"init.type=perlin", "init.fill=none", "init.threshold=0.1"}));
  for (const char* bad : {"init.fill=0", "init.fill=1", "init.fill=1.5", "init.fill=-0.1", "init.fill=half", "init.fill=[0.1]"})
    EXPECT_THROW(load({"init.type=perlin", bad}), gs::InputError) << bad;
}

}  // namespace
