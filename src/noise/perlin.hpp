// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Periodic gradient (Perlin) noise in 2, 3 and 4 dimensions and its fractal
// sum, callable inside kernels. Nothing is tabulated: the gradient at a lattice
// corner is picked by hashing (seed, octave, corner wrapped modulo the period),
// so every rank, and every machine, sees the same lattice without sharing a
// permutation table, and the field wraps seamlessly (value and gradient) with
// the domain.
//
//   n(p) = sum over the 2^N corners c of the cell holding p of
//          prod_d w(t_d, c_d) * g(c) . (p - c),   t = p - floor(p),
//   w(t, 0) = 1 - s(t),  w(t, 1) = s(t),  s(t) = 6t^5 - 15t^4 + 10t^3 (C2 fade).
//
// Every gradient has unit length; with the fade weights summing to one,
// |n| <= sqrt(sum_c W_c |p - c|^2) <= sqrt(N)/2 (Jensen; equality only at a cell
// centre with all gradients pointing outwards), the bound perlin_bound() returns.
#include <Kokkos_Core.hpp>
#include <cstdint>

#include "core/hash.hpp"
#include "core/math.hpp"

namespace gs {

constexpr int kPerlinMaxOctaves = 12;

// Quintic fade of improved noise: s(0) = 0, s(1) = 1, s', s'' vanish at both ends.
KOKKOS_INLINE_FUNCTION double perlin_fade(double t) { return t * t * t * (t * (t * 6 - 15) + 10); }
KOKKOS_INLINE_FUNCTION double perlin_fade_deriv(double t) { return 30 * t * t * (t * (t - 2) + 1); }

// cos(k pi / 8) for k in 0..15 from the first-quadrant values, so the 2D
// gradient set needs neither a table in device memory nor a transcendental call
// (whose last bit may differ between a CPU and a GPU libm).
KOKKOS_INLINE_FUNCTION double perlin_cos16(int k) {
  k &= 15;
  const int q = k & 7;  // cos(pi + a) = -cos(a)
  const double sign = k < 8 ? 1.0 : -1.0;
  const int r = q <= 4 ? q : 8 - q;  // cos(pi - a) = -cos(a)
  const double s2 = q <= 4 ? sign : -sign;
  const double c = r == 0 ? 1.0 : r == 1 ? 0.92387953251128674 : r == 2 ? 0.70710678118654752 : r == 3 ? 0.38268343236508977 : 0.0;
  return s2 * c;
}

// Unit gradient for a hashed corner. 2D: 16 directions k pi / 8. 3D: the 12
// edge directions (+-1, +-1, 0) of improved noise. 4D: the 32 directions
// (0, +-1, +-1, +-1) and permutations. The 3D and 4D sets are scaled to unit length.
template <int N>
KOKKOS_INLINE_FUNCTION void perlin_gradient(std::uint64_t h, double g[N]) {
  const unsigned k = unsigned(h >> 32);  // high bits: the best mixed
  if constexpr (N == 2) {
    g[0] = perlin_cos16(int(k % 16));
    g[1] = perlin_cos16(int(k % 16) + 12);  // sin(a) = cos(a - pi/2) = cos(a + 3 pi / 2)
  } else if constexpr (N == 3) {
    const unsigned m = k % 12, zero = m / 4;  // which axis is 0
    const double a = (m & 1) ? -0.70710678118654752 : 0.70710678118654752;
    const double b = (m & 2) ? -0.70710678118654752 : 0.70710678118654752;
    g[0] = zero == 0 ? 0.0 : a;
    g[1] = zero == 1 ? 0.0 : (zero == 0 ? a : b);
    g[2] = zero == 2 ? 0.0 : b;
  } else {
    static_assert(N == 4, "Perlin noise is provided in 2, 3 and 4 dimensions");
    const unsigned m = k % 32, zero = m / 8;
    int bit = 0;
    for (int d = 0; d < 4; ++d) {
      if (unsigned(d) == zero) {
        g[d] = 0.0;
      } else {
        g[d] = ((m >> bit) & 1) ? -0.57735026918962576 : 0.57735026918962576;
        ++bit;
      }
    }
  }
}

// One octave: a lattice of unit cells, periodic along axis d with period[d]
// cells (0: not periodic, used for the time axis of a slice).
template <int N>
struct PerlinLattice {
  long period[N] = {};
  std::uint64_t seed = 0;  // already combined with the octave

  KOKKOS_INLINE_FUNCTION long wrap(long c, int d) const {
    const long p = period[d];
    return p > 0 ? ((c % p) + p) % p : c;
  }

  // Hashes of the 2^N corners of the cell at `base`: corner c gets
  // hash_combine(...hash_combine(mix64(seed), w_0)..., w_{N-1}) of its wrapped
  // coordinates w_d. Corners sharing their first axes share the partial
  // hashes, so the 2^N chains cost 2 + 4 + .. + 2^N steps instead of N 2^N.
  KOKKOS_INLINE_FUNCTION void corner_hashes(const long base[N], std::uint64_t out[1 << N]) const {
    out[0] = mix64(seed);
    for (int d = 0; d < N; ++d) {
      const std::uint64_t w0 = std::uint64_t(wrap(base[d], d)), w1 = std::uint64_t(wrap(base[d] + 1, d));
      // Entries c < 2^d hold the prefixes over the axes before d; the new
      // entries c | 2^d lie above them, so each prefix is read before it is replaced.
      for (int c = 0; c < (1 << d); ++c) {
        const std::uint64_t prefix = out[c];
        out[c | (1 << d)] = hash_combine(prefix, w1);
        out[c] = hash_combine(prefix, w0);
      }
    }
  }

  // Noise at p (lattice units); when grad is given it receives dn/dp.
  KOKKOS_INLINE_FUNCTION double eval(const double p[N], double* grad = nullptr) const {
    long base[N];
    double t[N], s[N], ds[N];
    for (int d = 0; d < N; ++d) {
      const double f = kmath::floor(p[d]);
      base[d] = long(f);
      t[d] = p[d] - f;
      s[d] = perlin_fade(t[d]);
      ds[d] = perlin_fade_deriv(t[d]);
    }
    if (grad)
      for (int d = 0; d < N; ++d) grad[d] = 0;
    std::uint64_t hashes[1 << N];
    corner_hashes(base, hashes);
    double value = 0;
    // Serial sum over corners in a fixed order, so every caller gets the same bits.
    for (int c = 0; c < (1 << N); ++c) {
      double weight = 1, dot = 0, g[N];
      perlin_gradient<N>(hashes[c], g);
      for (int d = 0; d < N; ++d) {
        const int bit = (c >> d) & 1;
        dot += g[d] * (t[d] - bit);
        weight *= bit ? s[d] : 1 - s[d];
      }
      value += weight * dot;
      if (grad) {
        for (int d = 0; d < N; ++d) {
          // d/dp_d of the weight: the fade factor of axis d differentiated, the others kept.
          double dw = ((c >> d) & 1) ? ds[d] : -ds[d];
          for (int e = 0; e < N; ++e)
            if (e != d) dw *= ((c >> e) & 1) ? s[e] : 1 - s[e];
          grad[d] += dw * dot + weight * g[d];
        }
      }
    }
    return value;
  }
};

// Largest |n| of one octave with unit gradients (see the header comment).
KOKKOS_INLINE_FUNCTION double perlin_bound(int n_dims) { return n_dims == 2 ? 0.70710678118654752 : n_dims == 3 ? 0.86602540378443865 : 1.0; }

// Fractal sum of periodic octaves, normalised to [-1, 1] by its bound:
//   f(x) = sum_o a_o n_o(x * P_o) / (B_N sum_o a_o),  a_o = gain^o,
// with x in domain units (x_d / L_d in [0, 1) over one period) and P_o the whole
// number of lattice cells octave o puts along each periodic axis. A
// non-periodic axis (the time of a slice) is scaled by lacunarity^o instead.
template <int N>
struct PerlinFbm {
  int octaves = 1;
  PerlinLattice<N> lattice[kPerlinMaxOctaves];
  double scale[kPerlinMaxOctaves][N] = {};   // lattice cells per domain unit, per octave and axis
  double weight[kPerlinMaxOctaves] = {};     // a_o / (B_N sum a_o)

  KOKKOS_INLINE_FUNCTION double eval(const double x[N], double* grad = nullptr) const {
    double value = 0;
    if (grad)
      for (int d = 0; d < N; ++d) grad[d] = 0;
    for (int o = 0; o < octaves; ++o) {
      double p[N], g[N];
      for (int d = 0; d < N; ++d) p[d] = x[d] * scale[o][d];
      value += weight[o] * lattice[o].eval(p, grad ? g : nullptr);
      if (grad)
        for (int d = 0; d < N; ++d) grad[d] += weight[o] * scale[o][d] * g[d];
    }
    return value;
  }
};

// Host-side set-up of a fractal sum. base_period[d] > 0: lattice cells of the
// first octave along a periodic axis; 0 marks a non-periodic axis (scale 1).
// Each octave's period is rounded to a whole number of cells (at least 1), so
// every octave stays periodic even for a non-integer lacunarity.
template <int N>
PerlinFbm<N> make_perlin_fbm(std::uint64_t seed, std::uint64_t stream, const long base_period[N], int octaves,
                             double lacunarity, double gain) {
  PerlinFbm<N> f;
  f.octaves = octaves < 1 ? 1 : (octaves > kPerlinMaxOctaves ? kPerlinMaxOctaves : octaves);
  double amplitude = 1, total = 0, mult = 1;
  for (int o = 0; o < f.octaves; ++o) {
    f.lattice[o].seed = hash3(seed, stream, std::uint64_t(o));
    for (int d = 0; d < N; ++d) {
      if (base_period[d] > 0) {
        long p = (long)(double(base_period[d]) * mult + 0.5);
        f.lattice[o].period[d] = p < 1 ? 1 : p;
        f.scale[o][d] = double(f.lattice[o].period[d]);
      } else {
        f.lattice[o].period[d] = 0;
        f.scale[o][d] = mult;
      }
    }
    f.weight[o] = amplitude;
    total += amplitude;
    amplitude *= gain;
    mult *= lacunarity;
  }
  for (int o = 0; o < f.octaves; ++o) f.weight[o] /= total * perlin_bound(N);
  return f;
}

}  // namespace gs
