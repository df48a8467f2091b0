// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// Distributed diamond-square: periodic and bitwise identical whichever box a
// rank asks for, seeded, bounded, with increments that follow the roughness
// law, and with memory that follows the requested box, not the global lattice.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <vector>

#include "noise/diamond_square.hpp"

namespace {

// Lattice values of a box, copied to the host, addressed by unwrapped lattice point.
struct HostLattice {
  gs::LatticeBox box;
  Kokkos::View<double***, Kokkos::LayoutRight, Kokkos::HostSpace> v;
  double operator()(long x, long y, long z = 0) const { return v(z - box.lo[2], y - box.lo[1], x - box.lo[0]); }
};

HostLattice generate(const gs::DiamondSquareParams& p, const gs::LatticeBox& target) {
  const gs::LatticeBlock b = gs::generate_diamond_square(p, target);
  HostLattice h{b.box, Kokkos::View<double***, Kokkos::LayoutRight, Kokkos::HostSpace>("host", b.values.extent(0), b.values.extent(1), b.values.extent(2))};
  Kokkos::deep_copy(h.v, b.values);
  return h;
}

gs::LatticeBox box(long x0, long x1, long y0, long y1, long z0 = 0, long z1 = 0) {
  gs::LatticeBox b;
  b.lo[0] = x0, b.hi[0] = x1, b.lo[1] = y0, b.hi[1] = y1, b.lo[2] = z0, b.hi[2] = z1;
  return b;
}

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

// Normalised field of the cells [lo, hi) sampled through the same path the initial condition uses.
std::vector<double> sample_cells(const gs::DiamondSquareParams& p, const long lo[3], const long hi[3]) {
  const gs::LatticeBlock block = gs::generate_diamond_square(p, gs::diamond_square_cell_box(p, lo, hi));
  const gs::DiamondSquareSampler s = gs::make_diamond_square_sampler(p, block);
  const long nx = hi[0] - lo[0], ny = hi[1] - lo[1], nz = hi[2] - lo[2];
  const long x0 = lo[0], y0 = lo[1], z0 = lo[2];  // by value into the kernel, not a host pointer
  Kokkos::View<double*, gs::MemSpace> out("cells", nx * ny * nz);
  Kokkos::parallel_for(
      "sample", Kokkos::RangePolicy<gs::ExecSpace>(0, nx * ny * nz), KOKKOS_LAMBDA(long i) {
        out(i) = s(x0 + i % nx, y0 + (i / nx) % ny, z0 + i / (nx * ny));
      });
  auto h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), out);
  return std::vector<double>(h.data(), h.data() + h.extent(0));
}

TEST(DiamondSquare, LatticeAndLevels) {
  const long n[3] = {48, 40, 100};
  const auto p = gs::make_diamond_square_params(3, n, 0.5, 1);
  EXPECT_EQ(p.lattice[0], 64);
  EXPECT_EQ(p.lattice[1], 64);
  EXPECT_EQ(p.lattice[2], 128);
  EXPECT_EQ(p.coarse, 64);
  EXPECT_EQ(p.levels, 6);
  EXPECT_DOUBLE_EQ(p.bound, 1 + 0.5 + 0.25 + 0.125 + 0.0625 + 0.03125);
}

// Non-power-of-two grids, 2D and 3D: the sampled field at g and g + n is the
// same bits, for cells requested on both sides of the periodic boundary.
TEST(DiamondSquare, PeriodicForAnyGrid) {
  {
    const long n[3] = {48, 40, 1};
    const auto p = gs::make_diamond_square_params(2, n, 0.6, 7);
    const long lo[3] = {-24, -20, 0}, hi[3] = {72, 60, 1};
    const auto f = sample_cells(p, lo, hi);
    const long nx = hi[0] - lo[0];
    long compared = 0;
    for (long y = lo[1]; y + n[1] < hi[1]; ++y)
      for (long x = lo[0]; x < hi[0]; ++x) {
        const double a = f[(y - lo[1]) * nx + (x - lo[0])];
        EXPECT_TRUE(same_bits(a, f[(y + n[1] - lo[1]) * nx + (x - lo[0])]));
        if (x + n[0] < hi[0]) EXPECT_TRUE(same_bits(a, f[(y - lo[1]) * nx + (x + n[0] - lo[0])]));
        ++compared;
      }
    EXPECT_GT(compared, 1000);
  }
  {
    const long n[3] = {24, 20, 12};
    const auto p = gs::make_diamond_square_params(3, n, 0.6, 7);
    const long lo[3] = {-5, -3, -12}, hi[3] = {29, 23, 13};
    const auto f = sample_cells(p, lo, hi);
    const long nx = hi[0] - lo[0], ny = hi[1] - lo[1];
    const auto at = [&](long x, long y, long z) { return f[((z - lo[2]) * ny + (y - lo[1])) * nx + (x - lo[0])]; };
    for (long z = lo[2]; z < hi[2]; ++z)
      for (long y = lo[1]; y < hi[1]; ++y)
        for (long x = lo[0]; x < hi[0]; ++x) {
          if (x + n[0] < hi[0]) EXPECT_TRUE(same_bits(at(x, y, z), at(x + n[0], y, z)));
          if (y + n[1] < hi[1]) EXPECT_TRUE(same_bits(at(x, y, z), at(x, y + n[1], z)));
          if (z + n[2] < hi[2]) EXPECT_TRUE(same_bits(at(x, y, z), at(x, y, z + n[2])));
        }
  }
}

// Two ranks asking for different, overlapping boxes see the same bits where
// they overlap: the basis of rank independence.
TEST(DiamondSquare, BoxIndependent) {
  for (int dims : {2, 3}) {
    const long n[3] = {64, 64, 32};
    const auto p = gs::make_diamond_square_params(dims, n, 0.55, 3);
    const long zhi = dims == 3 ? 20 : 0, zlo = dims == 3 ? 5 : 0;
    const auto a = generate(p, box(0, 40, 0, 40, 0, zhi));
    const auto b = generate(p, box(13, 63, 7, 50, zlo, dims == 3 ? 31 : 0));
    const auto c = generate(p, box(37, 37, 21, 21, zhi, zhi));  // a single point
    for (long z = zlo; z <= zhi; ++z)
      for (long y = 7; y <= 40; ++y)
        for (long x = 13; x <= 40; ++x) ASSERT_TRUE(same_bits(a(x, y, z), b(x, y, z))) << x << " " << y << " " << z;
    EXPECT_TRUE(same_bits(a(37, 21, zhi), c(37, 21, zhi)));
    // Unwrapped coordinates: a box past the edge holds the wrapped points.
    const long mz = dims == 3 ? 32 : 1;
    const auto full = generate(p, box(0, 63, 0, 63, 0, mz - 1));
    const long z0 = dims == 3 ? -1 : 0, z1 = dims == 3 ? 1 : 0;
    const auto w = generate(p, box(60, 70, -3, 2, z0, z1));
    for (long z = z0; z <= z1; ++z)
      for (long y = -3; y <= 2; ++y)
        for (long x = 60; x <= 70; ++x)
          EXPECT_TRUE(same_bits(w(x, y, z), full(x % 64, (y + 64) % 64, (z + mz) % mz))) << x << " " << y << " " << z;
  }
}

TEST(DiamondSquare, SeededAndBounded) {
  const long n[3] = {96, 80, 1};
  const auto p1 = gs::make_diamond_square_params(2, n, 0.9, 11);
  const auto p2 = gs::make_diamond_square_params(2, n, 0.9, 12);
  const long lo[3] = {0, 0, 0}, hi[3] = {96, 80, 1};
  const auto a = sample_cells(p1, lo, hi), b = sample_cells(p1, lo, hi), c = sample_cells(p2, lo, hi);
  long differ = 0;
  double largest = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_TRUE(same_bits(a[i], b[i]));
    differ += std::fabs(a[i] - c[i]) > 1e-6;
    largest = std::max(largest, std::fabs(a[i]));
  }
  EXPECT_GT(differ, long(a.size()) * 9 / 10);
  EXPECT_LE(largest, 1.0);
  EXPECT_GT(largest, 0.05);
}

// Mean square increment between lattice points at distance d along the axes,
// averaged over the whole periodic lattice and several seeds.
std::vector<double> structure_function(int dims, long m, double roughness, int max_level, int seeds) {
  std::vector<double> v(max_level + 1, 0.0);
  for (int s = 0; s < seeds; ++s) {
    const long n[3] = {m, m, dims == 3 ? m : 1};
    const auto p = gs::make_diamond_square_params(dims, n, roughness, 1000 + s);
    const auto f = generate(p, box(0, m - 1, 0, m - 1, 0, dims == 3 ? m - 1 : 0));
    const long mz = dims == 3 ? m : 1;
    for (int l = 0; l <= max_level; ++l) {
      const long d = 1L << l;
      double sum = 0;
      long count = 0;
      for (long z = 0; z < mz; ++z)
        for (long y = 0; y < m; ++y)
          for (long x = 0; x < m; ++x) {
            const double c = f(x, y, z);
            const double ex = f((x + d) % m, y, z) - c, ey = f(x, (y + d) % m, z) - c;
            sum += ex * ex + ey * ey;
            count += 2;
            if (dims == 3) {
              const double ez = f(x, y, (z + d) % mz) - c;
              sum += ez * ez;
              ++count;
            }
          }
      v[l] += sum / count / seeds;
    }
  }
  return v;
}

// Least-squares slope of log2 V(2^l) against l over levels [l0, l1].
double fitted_exponent(const std::vector<double>& v, int l0, int l1) {
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  const int count = l1 - l0 + 1;
  for (int l = l0; l <= l1; ++l) {
    const double y = std::log2(v[l]);
    sx += l, sy += y, sxx += double(l) * l, sxy += l * y;
  }
  return (count * sxy - sx * sy) / (count * sxx - sx * sx);
}

// Offsets shrink by r per halving of the scale, so increments at distance d
// grow like d^(2H) with 2^-H = r: log2 V(2d) / V(d) -> 2H = -2 log2 r. The
// finite lattice (the offsets coarser than the first level are missing) and the
// averaging stencils make the exponent approach 2H from below as the lattice
// grows; fitted on mid scales, 2D on 1024^2 gives 0.92 to 0.96 x 2H and 3D on
// 128^3 0.70 to 0.74 x 2H (0.80 to 0.86 x on 256^3, too slow for a unit test). r = 1/2 (H = 1) is left out: there the
// law carries a logarithmic correction.
TEST(DiamondSquare, IncrementsFollowRoughnessLaw) {
  double previous2 = 1e9, previous3 = 1e9;
  for (double r : {0.6, 0.7, 0.8}) {
    const double two_h = -2 * std::log2(r);
    const double e2 = fitted_exponent(structure_function(2, 1024, r, 5, 2), 2, 5);  // d = 4 .. 32
    const double e3 = fitted_exponent(structure_function(3, 128, r, 3, 1), 1, 3);  // d = 2 .. 8
    EXPECT_GT(e2, 0.85 * two_h) << "2D roughness " << r;
    EXPECT_LT(e2, 1.05 * two_h) << "2D roughness " << r;
    EXPECT_GT(e3, 0.65 * two_h) << "3D roughness " << r;
    EXPECT_LT(e3, 1.05 * two_h) << "3D roughness " << r;
    std::printf("roughness %.2f: 2H = %.3f, fitted exponent 2D %.3f, 3D %.3f\n", r, two_h, e2, e3);
    // Rougher fields (larger r) have smaller exponents.
    EXPECT_LT(e2, previous2);
    EXPECT_LT(e3, previous3);
    previous2 = e2, previous3 = e3;
  }
}

// Each point differs from the mean of the points it is built from (the corners
// on its odd axes and the neighbours on its even axes, at +-h) by an offset
// uniform in [-a_l, a_l], a_l = r^(l-1): the rule of the header, recomputed here
// independently of the generator's kernels.
TEST(DiamondSquare, LevelOffsetsShrinkByRoughness) {
  for (int dims : {2, 3}) {
    const long m = dims == 2 ? 256 : 32;
    const long n[3] = {m, m, dims == 3 ? m : 1};
    const double r = 0.7;
    const auto p = gs::make_diamond_square_params(dims, n, r, 5);
    const long mz = dims == 3 ? m : 1;
    const auto f = generate(p, box(0, m - 1, 0, m - 1, 0, mz - 1));
    const auto at = [&](long x, long y, long z) { return f((x + m) % m, (y + m) % m, (z + mz) % mz); };
    double a = 1;
    for (int level = 1; level <= p.levels; ++level, a *= r) {
      const long h = p.coarse >> level;
      double sum2 = 0, largest = 0;
      long count = 0;
      for (long z = 0; z < mz; z += (dims == 3 ? h : 1))
        for (long y = 0; y < m; y += h)
          for (long x = 0; x < m; x += h) {
            const long c[3] = {x, y, z};
            int odd = 0;
            for (int d = 0; d < dims; ++d)
              if ((c[d] / h) % 2) odd |= 1 << d;
            if (!odd) continue;  // a point of a coarser level
            double mean = 0;
            int terms = 0;
            for (int corner = 0; corner < (1 << dims); ++corner) {
              if (corner & ~odd) continue;
              long q[3] = {x, y, z};
              for (int d = 0; d < dims; ++d)
                if (odd & (1 << d)) q[d] += (corner >> d & 1) ? h : -h;
              mean += at(q[0], q[1], q[2]), ++terms;
            }
            for (int d = 0; d < dims; ++d) {
              if (odd & (1 << d)) continue;
              for (long s : {-h, h}) {
                long q[3] = {x, y, z};
                q[d] += s;
                mean += at(q[0], q[1], q[2]), ++terms;
              }
            }
            const double detail = at(x, y, z) - mean / terms;
            sum2 += detail * detail;
            largest = std::max(largest, std::fabs(detail));
            ++count;
          }
      EXPECT_LE(largest, a * (1 + 1e-9)) << dims << "D level " << level;
      if (count >= 3000)  // variance of U(-a, a) is a^2 / 3; standard error about 2.6% at 3000 points
        EXPECT_NEAR(sum2 / count, a * a / 3, 0.1 * a * a / 3) << dims << "D level " << level;
      if (count >= 100) EXPECT_GT(largest, 0.8 * a) << dims << "D level " << level;
    }
  }
}

}  // namespace
