// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// Periodic Perlin noise: zeros at lattice points, the sqrt(N)/2 bound, periodic
// value and gradient for periods that are not powers of two, C2 smoothness,
// zero mean and seeded determinism. The noise is evaluated on the host through
// the same inline functions the kernels call.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>

#include "config/loader.hpp"
#include "init/noise_init.hpp"
#include "noise/perlin.hpp"

namespace {

template <int N>
gs::PerlinLattice<N> lattice(std::uint64_t seed, std::initializer_list<long> periods) {
  gs::PerlinLattice<N> l;
  l.seed = seed;
  int d = 0;
  for (long p : periods)
    if (d < N) l.period[d++] = p;  // extra entries serve the higher dimensions
  return l;
}

template <int N>
void random_point(std::mt19937_64& rng, double p[N], double span) {
  std::uniform_real_distribution<double> u(-span, span);
  for (int d = 0; d < N; ++d) p[d] = u(rng);
}

template <int N>
void check_zero_at_lattice_points() {
  const auto l = lattice<N>(11, {5, 7, 3, 0});
  std::mt19937_64 rng(3);
  std::uniform_int_distribution<int> pick(-40, 40);
  for (int i = 0; i < 500; ++i) {
    double p[N], g[N];
    for (int d = 0; d < N; ++d) p[d] = pick(rng);
    EXPECT_EQ(l.eval(p, g), 0.0);
    // There the fade derivatives vanish: the gradient is the corner's unit vector.
    double len2 = 0;
    for (int d = 0; d < N; ++d) len2 += g[d] * g[d];
    EXPECT_NEAR(len2, 1.0, 1e-14);
  }
}

TEST(Perlin, ZeroAtLatticePointsWithUnitGradient) {
  check_zero_at_lattice_points<2>();
  check_zero_at_lattice_points<3>();
  check_zero_at_lattice_points<4>();
}

template <int N>
void check_bound() {
  const auto l = lattice<N>(5, {0, 0, 0, 0});
  std::mt19937_64 rng(17);
  double largest = 0;
  for (int i = 0; i < 200000; ++i) {
    double p[N];
    random_point<N>(rng, p, 50.0);
    largest = std::max(largest, std::fabs(l.eval(p)));
  }
  EXPECT_LE(largest, std::sqrt(double(N)) / 2 + 1e-12) << N << "D";
  EXPECT_LE(largest, gs::perlin_bound(N) + 1e-12);
  // The bound is attainable in principle (cell centre, outward gradients); a
  // field far below it would mean mis-scaled gradients.
  EXPECT_GT(largest, 0.45 * gs::perlin_bound(N)) << N << "D";
}

TEST(Perlin, WithinTheoreticalBound) {
  check_bound<2>();
  check_bound<3>();
  check_bound<4>();
}

TEST(Perlin, FractalSumNormalisedToUnitInterval) {
  const long period[3] = {3, 5, 4};
  const auto f = gs::make_perlin_fbm<3>(9, 1, period, 5, 2.0, 0.8);
  std::mt19937_64 rng(2);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  for (int i = 0; i < 50000; ++i) {
    const double x[3] = {u(rng), u(rng), u(rng)};
    EXPECT_LE(std::fabs(f.eval(x)), 1.0);
  }
}

template <int N>
void check_periodic(std::initializer_list<long> periods) {
  const auto l = lattice<N>(23, periods);
  std::mt19937_64 rng(5);
  for (int i = 0; i < 2000; ++i) {
    double p[N], g0[N];
    random_point<N>(rng, p, 20.0);
    const double v0 = l.eval(p, g0);
    for (int d = 0; d < N; ++d) {
      if (l.period[d] == 0) continue;
      for (int k : {-2, 1, 3}) {
        double q[N], g1[N];
        for (int e = 0; e < N; ++e) q[e] = p[e];
        q[d] += k * double(l.period[d]);
        EXPECT_NEAR(l.eval(q, g1), v0, 1e-12);
        for (int e = 0; e < N; ++e) EXPECT_NEAR(g1[e], g0[e], 1e-10);
      }
    }
  }
}

TEST(Perlin, PeriodicValueAndGradient) {
  check_periodic<2>({5, 7});
  check_periodic<3>({3, 5, 6});
  check_periodic<4>({3, 5, 7, 0});  // the time axis of a slice is not periodic
}

// The field an init.type = "perlin" run draws on a 48 x 40 (not powers of two)
// or 3D grid, compared at x and x + L in domain units.
TEST(Perlin, InitFieldPeriodicWithTheDomain) {
  const auto cfg2 = gs::load_config_text("[grid]\ndims = 2\nn = [48, 40]\nL = [48.0, 40.0]\n[init]\ntype = \"perlin\"\nfrequency = 3\noctaves = 3\nlacunarity = 1.7\n", "test", {});
  const auto f2 = gs::init_perlin_fbm<2>(cfg2);
  const auto cfg3 = gs::load_config_text("[grid]\ndims = 3\nn = [24, 20, 12]\nL = [24.0, 20.0, 12.0]\n[init]\ntype = \"perlin\"\nfrequency = 3\ntime = 0.3\n", "test", {});
  const auto f4 = gs::init_perlin_fbm<4>(cfg3);
  std::mt19937_64 rng(8);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  for (int i = 0; i < 2000; ++i) {
    double x[4] = {u(rng), u(rng), u(rng), 0.3}, g0[4], g1[4];
    const double v2 = f2.eval(x, g0);
    const double v4 = f4.eval(x, g1);
    for (int d = 0; d < 3; ++d) {
      double y[4] = {x[0], x[1], x[2], x[3]}, h[4];
      y[d] += 1.0;
      if (d < 2) {
        EXPECT_NEAR(f2.eval(y, h), v2, 1e-12);
        for (int e = 0; e < 2; ++e) EXPECT_NEAR(h[e], g0[e], 1e-9);
      }
      EXPECT_NEAR(f4.eval(y, h), v4, 1e-12);
      for (int e = 0; e < 4; ++e) EXPECT_NEAR(h[e], g1[e], 1e-9);
    }
  }
}

template <int N>
void check_gradient_and_c2() {
  const auto l = lattice<N>(31, {0, 0, 0, 0});
  std::mt19937_64 rng(9);
  const double eps = 1e-6;
  for (int i = 0; i < 300; ++i) {
    double p[N], g[N];
    random_point<N>(rng, p, 10.0);
    l.eval(p, g);
    for (int d = 0; d < N; ++d) {
      double a[N], b[N];
      for (int e = 0; e < N; ++e) a[e] = b[e] = p[e];
      a[d] += eps;
      b[d] -= eps;
      EXPECT_NEAR((l.eval(a) - l.eval(b)) / (2 * eps), g[d], 1e-6);
    }
  }
  // Second derivative across a lattice face: one-sided differences of the
  // gradient agree to O(delta) for a C2 field (the cubic fade of the original
  // noise jumps there by O(1)).
  const double delta = 1e-5;
  double worst = 0;
  for (int i = 0; i < 300; ++i) {
    double p[N];
    random_point<N>(rng, p, 10.0);
    const int d = i % N;
    p[d] = std::floor(p[d]);
    double lo[N], hi[N], gc[N], gl[N], gh[N];
    for (int e = 0; e < N; ++e) lo[e] = hi[e] = p[e];
    lo[d] -= delta;
    hi[d] += delta;
    l.eval(p, gc);
    l.eval(lo, gl);
    l.eval(hi, gh);
    worst = std::max(worst, std::fabs((gh[d] - gc[d]) / delta - (gc[d] - gl[d]) / delta));
  }
  EXPECT_LT(worst, 1e-2) << N << "D";
}

TEST(Perlin, AnalyticGradientAndC2AcrossCells) {
  check_gradient_and_c2<2>();
  check_gradient_and_c2<3>();
  check_gradient_and_c2<4>();
}

TEST(Perlin, MeanNearZeroOverLargePeriodicDomain) {
  // 2D: 64 x 64 lattice cells sampled 8 per cell; 3D: 16^3 cells, 4 per cell.
  // Independent lattice cells make the standard error about rms / 64 and rms / 64.
  const long p2[2] = {64, 64};
  const auto f2 = gs::make_perlin_fbm<2>(4, 0, p2, 1, 2.0, 0.5);
  double sum = 0, sum2 = 0;
  const int n2 = 512;
  for (int j = 0; j < n2; ++j)
    for (int i = 0; i < n2; ++i) {
      const double x[2] = {(i + 0.5) / n2, (j + 0.5) / n2};
      const double v = f2.eval(x);
      sum += v;
      sum2 += v * v;
    }
  const double mean2 = sum / (double(n2) * n2), rms2 = std::sqrt(sum2 / (double(n2) * n2));
  EXPECT_GT(rms2, 0.1);
  EXPECT_LT(std::fabs(mean2), 5 * rms2 / 64) << "mean " << mean2 << " rms " << rms2;

  const long p3[3] = {16, 16, 16};
  const auto f3 = gs::make_perlin_fbm<3>(4, 0, p3, 2, 2.0, 0.5);
  sum = sum2 = 0;
  const int n3 = 64;
  for (int k = 0; k < n3; ++k)
    for (int j = 0; j < n3; ++j)
      for (int i = 0; i < n3; ++i) {
        const double x[3] = {(i + 0.5) / n3, (j + 0.5) / n3, (k + 0.5) / n3};
        const double v = f3.eval(x);
        sum += v;
        sum2 += v * v;
      }
  const double cells3 = double(n3) * n3 * n3;
  const double mean3 = sum / cells3, rms3 = std::sqrt(sum2 / cells3);
  EXPECT_GT(rms3, 0.1);
  EXPECT_LT(std::fabs(mean3), 5 * rms3 / 64) << "mean " << mean3 << " rms " << rms3;
}

TEST(Perlin, SameSeedSameBitsOtherSeedOtherField) {
  const long period[3] = {6, 6, 6};
  const auto a = gs::make_perlin_fbm<3>(42, 0, period, 4, 2.0, 0.5);
  const auto b = gs::make_perlin_fbm<3>(42, 0, period, 4, 2.0, 0.5);
  const auto c = gs::make_perlin_fbm<3>(43, 0, period, 4, 2.0, 0.5);
  std::mt19937_64 rng(1);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  int differ = 0;
  const int samples = 1000;
  for (int i = 0; i < samples; ++i) {
    const double x[3] = {u(rng), u(rng), u(rng)};
    const double va = a.eval(x), vb = b.eval(x), vc = c.eval(x);
    EXPECT_EQ(std::memcmp(&va, &vb, sizeof va), 0);
    differ += std::fabs(va - vc) > 1e-3;
  }
  EXPECT_GT(differ, samples * 9 / 10);
}

TEST(Perlin, NonIntegerLacunarityKeepsWholePeriods) {
  const long period[2] = {3, 5};
  const auto f = gs::make_perlin_fbm<2>(1, 0, period, 6, 1.7, 0.6);
  double mult = 1;
  for (int o = 0; o < f.octaves; ++o, mult *= 1.7)
    for (int d = 0; d < 2; ++d) {
      EXPECT_GE(f.lattice[o].period[d], 1);
      EXPECT_EQ(f.scale[o][d], double(f.lattice[o].period[d]));
      EXPECT_LE(std::fabs(double(f.lattice[o].period[d]) - period[d] * mult), 0.5 + 1e-9);
    }
}

}  // namespace
