// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#include "physics/parameter_map.hpp"

#include "core/error.hpp"
#include "grid/cell_index.hpp"
#include "grid/fields.hpp"
#include "noise/lattice_periods.hpp"
#include "noise/perlin.hpp"

namespace gs {

BufferSpecs parameter_map_buffers(const Decomposition& dec, std::size_t value_bytes) {
  return {field_buffer(dec, "F_map", value_bytes), field_buffer(dec, "k_map", value_bytes)};
}

namespace {

// Hash stream of the map's Perlin lattice, apart from the initial condition's.
constexpr std::uint64_t kStreamParameterMap = 0x4D4150ULL;

template <class Real, int D>
struct MapKernel {
  Field<Real> F, k;
  PerlinFbm<D> noise;  // used when `noise_map`
  bool noise_map;
  double F0, F1, k0, k1;
  CellIndex cells;

  KOKKOS_INLINE_FUNCTION void operator()(int z, int y, int x) const {
    const int idx[3] = {x, y, z};
    double c[3];
    // Cell centre in domain units, of the periodic image for a ghost cell.
    for (int d = 0; d < 3; ++d) c[d] = cells.wrapped_centre(d, idx[d]);
    double tF, tk;
    if (noise_map) {
      tF = tk = 0.5 * (noise.eval(c) + 1);
    } else {
      tk = c[0];
      tF = c[1];
    }
    F(z, y, x) = F0 + tF * (F1 - F0);
    k(z, y, x) = k0 + tk * (k1 - k0);
  }
};

template <class Real, int D>
ParameterMap<Real> build(const SimConfig& cfg, const Decomposition& dec) {
  ParameterMap<Real> m;
  const BufferSpecs b = parameter_map_buffers(dec, sizeof(Real));
  m.F = allocate<Field<Real>>(b.at(0));
  m.k = allocate<Field<Real>>(b.at(1));
  const auto& ph = cfg.physics;
  MapKernel<Real, D> kern{m.F, m.k, {}, ph.map == ParameterMapType::Noise, ph.F_range[0], ph.F_range[1], ph.k_range[0], ph.k_range[1], CellIndex::of(dec)};
  if (kern.noise_map) {
    long period[3];
    perlin_base_periods(cfg.grid, ph.map_frequency, period);
    kern.noise = make_perlin_fbm<D>(ph.map_seed, kStreamParameterMap, period, 1, 2.0, 0.5);
  }
  // Ghosts too: with parallel.halo_depth > 1 the stage levels of a block
  // compute ghost cells, which then need their F and k (those of the owned cell
  // they are a periodic image of, so no exchange of the maps is needed).
  IndexBox all;
  for (int d = 0; d < 3; ++d) all.hi[d] = dec.extent(d);
  // for each cell: t = gradient (x for k, y for F) or (noise + 1) / 2;  F = F0 + t (F1 - F0), k likewise
  Kokkos::parallel_for("parameter_map", all.policy(), kern);
  Kokkos::fence();
  return m;
}

}  // namespace

template <class Real>
ParameterMap<Real> build_parameter_map(const SimConfig& cfg, const Decomposition& dec) {
  switch (cfg.physics.map) {
    case ParameterMapType::None: return {};
    case ParameterMapType::Gradient:
    case ParameterMapType::Noise: return cfg.grid.dims == 2 ? build<Real, 2>(cfg, dec) : build<Real, 3>(cfg, dec);
  }
  GS_REQUIRE(false, "unhandled physics.map");
  return {};
}

template ParameterMap<float> build_parameter_map(const SimConfig&, const Decomposition&);
template ParameterMap<double> build_parameter_map(const SimConfig&, const Decomposition&);

}  // namespace gs
