// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#include "init/initial_conditions.hpp"

#include <cmath>

#include "comm/global_quantile.hpp"
#include "core/error.hpp"
#include "core/hash.hpp"
#include "core/math.hpp"
#include "grid/cell_index.hpp"
#include "init/noise_init.hpp"
#include "init/smooth_init.hpp"

namespace gs {

namespace {

// Noise streams, so u-noise, v-noise and spot centres never share random numbers.
constexpr std::uint64_t kStreamNoiseV = 1;
constexpr std::uint64_t kStreamNoiseU = 2;
constexpr std::uint64_t kStreamSpotCentre = 16;  // + dimension

enum class Shape { Patch, Pearson, Spots, Spot };

template <class Real>
struct SeedRegionKernel {
  Field<Real> u, v;
  Shape shape;
  int dims;
  CellIndex cells;
  Real h[3], L[3];
  Real size, noise;
  std::uint64_t seed;
  Kokkos::View<const Real* [3], MemSpace> centres;
  Real radius2;

  // Squared distance from a cell centre to a point, through the periodic wrap.
  KOKKOS_INLINE_FUNCTION Real periodic_dist2(const Real* p, Real cx, Real cy, Real cz) const {
    const Real c[3] = {cx, cy, cz};
    Real d2 = 0;
    for (int d = 0; d < dims; ++d) {
      Real dd = c[d] - p[d];
      dd -= L[d] * kmath::floor(dd / L[d] + Real(0.5));
      d2 += dd * dd;
    }
    return d2;
  }

  KOKKOS_INLINE_FUNCTION void operator()(int z, int y, int x) const {
    const long gx = cells.global(0, x), gy = cells.global(1, y), gz = cells.global(2, z);
    const Real cx = (gx + Real(0.5)) * h[0], cy = (gy + Real(0.5)) * h[1], cz = (gz + Real(0.5)) * h[2];
    bool inside = false;
    if (shape == Shape::Patch || shape == Shape::Pearson) {
      inside = kmath::fabs(cx - L[0] / 2) < size * L[0] / 2 &&
               kmath::fabs(cy - L[1] / 2) < size * L[1] / 2 &&
               (dims == 2 || kmath::fabs(cz - L[2] / 2) < size * L[2] / 2);
    } else {
      for (int s = 0; s < int(centres.extent(0)) && !inside; ++s) {
        const Real p[3] = {centres(s, 0), centres(s, 1), centres(s, 2)};
        inside = periodic_dist2(p, cx, cy, cz) < radius2;
      }
    }
    const std::uint64_t g = cells.linear(z, y, x);
    if (shape == Shape::Pearson) {
      // Pearson (1993): both fields perturbed in every cell, so that nothing
      // keeps the square's symmetry.
      u(z, y, x) = (inside ? Real(0.5) : Real(1)) + noise * (Real(uniform01(seed, kStreamNoiseU, g)) - Real(0.5));
      v(z, y, x) = (inside ? Real(0.25) : Real(0)) + noise * (Real(uniform01(seed, kStreamNoiseV, g)) - Real(0.5));
      return;
    }
    if (inside) {
      u(z, y, x) = Real(0.5);
      v(z, y, x) = Real(0.25) + noise * (Real(uniform01(seed, kStreamNoiseV, g)) - Real(0.5));
    } else {
      u(z, y, x) = 1;
      v(z, y, x) = 0;
    }
  }
};

// The centres of the seeded spots (x, y, z each), with a host copy.
BufferSpec spot_centre_buffer(const SimConfig& cfg) {
  const long count = cfg.init.type == InitType::Spots ? cfg.init.count : 1;
  return {"spot_centres", {std::size_t(count), 3, 1}, std::size_t(bytes_of(cfg.grid.precision)), BufferHome::Field, OtherCopy::Mirror};
}

}  // namespace

BufferSpecs initial_condition_buffers(const SimConfig& cfg, const Decomposition& dec) {
  const auto& init = cfg.init;
  switch (init.type) {
    case InitType::Patch:
    case InitType::Pearson:
    case InitType::Sine: return {};
    case InitType::Spot:
    case InitType::Spots: return {spot_centre_buffer(cfg)};
    case InitType::Perlin:
    case InitType::DiamondSquare: break;
  }
  BufferSpecs b;
  if (init.has_fill) b = {init_noise_buffer(dec), radix_count_buffer()};
  if (init.type == InitType::DiamondSquare) {
    const DiamondSquareParams p = init_diamond_square_params(cfg);
    long lo[3], hi[3];
    for (int d = 0; d < 3; ++d) {
      lo[d] = dec.offset()[d];
      hi[d] = dec.offset()[d] + dec.local_n()[d];
    }
    b.push_back(diamond_square_buffer(p, diamond_square_cell_box(p, lo, hi)));
  }
  return b;
}

template <class Real>
void apply_initial_condition(const SimConfig& cfg, const Decomposition& dec, Fields<Real>& fields) {
  const auto& init = cfg.init;
  switch (init.type) {
    case InitType::Perlin:
    case InitType::DiamondSquare: apply_noise_initial_condition(cfg, dec, fields); return;
    case InitType::Sine: apply_smooth_initial_condition(cfg, dec, fields); return;
    case InitType::Patch:
    case InitType::Pearson:
    case InitType::Spots:
    case InitType::Spot: break;
  }
  SeedRegionKernel<Real> k;
  k.u = fields.u;
  k.v = fields.v;
  k.dims = cfg.grid.dims;
  k.size = init.size;
  k.noise = init.noise;
  k.seed = init.seed;
  k.cells = CellIndex::of(dec);
  const IndexBox owned = dec.owned();
  for (int d = 0; d < 3; ++d) {
    k.h[d] = cfg.grid.h(d);
    k.L[d] = cfg.grid.L[d];
  }
  if (init.type == InitType::Patch || init.type == InitType::Pearson) {
    k.shape = init.type == InitType::Patch ? Shape::Patch : Shape::Pearson;
  } else {
    k.shape = init.type == InitType::Spots ? Shape::Spots : Shape::Spot;
    const BufferSpec spec = spot_centre_buffer(cfg);
    const long count = long(spec.extent[0]);
    const auto centres = allocate<Kokkos::View<Real* [3], MemSpace>>(spec);
    auto host = Kokkos::create_mirror_view(centres);
    for (long s = 0; s < count; ++s)
      for (int d = 0; d < 3; ++d)
        host(s, d) = k.shape == Shape::Spot ? cfg.grid.L[d] / 2
                                            : cfg.grid.L[d] * uniform01(init.seed, kStreamSpotCentre + d, std::uint64_t(s));
    Kokkos::deep_copy(centres, host);
    k.centres = centres;
    double min_L = cfg.grid.L[0];
    for (int d = 1; d < cfg.grid.dims; ++d) min_L = std::min(min_L, cfg.grid.L[d]);
    k.radius2 = (init.size * min_L / 2) * (init.size * min_L / 2);
  }
  // for each owned cell: (u, v) = inside seeded region ? (0.5, 0.25 + noise) : (1, 0)
  // (pearson: (0.5, 0.25) or (1, 0), each plus its own noise)
  Kokkos::parallel_for("initial_condition", owned.policy(), k);
  Kokkos::fence();
}

template void apply_initial_condition(const SimConfig&, const Decomposition&, Fields<float>&);
template void apply_initial_condition(const SimConfig&, const Decomposition&, Fields<double>&);

}  // namespace gs
