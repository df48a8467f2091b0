// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#include "init/noise_init.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <type_traits>

#include "comm/global_quantile.hpp"
#include "core/error.hpp"
#include "grid/cell_index.hpp"
#include "init/noise_map.hpp"
#include "noise/lattice_periods.hpp"

namespace gs {

namespace {

// Hash stream of the initial-condition Perlin lattices (the parameter map uses another).
constexpr std::uint64_t kStreamPerlinInit = 0x5045524C494EULL;

// The noise value of an owned cell, by array index (z, y, x).
template <int D>
struct PerlinNoiseAt {
  PerlinFbm<D> noise;
  CellIndex cells;
  int dims;
  double time;

  KOKKOS_INLINE_FUNCTION double operator()(int z, int y, int x) const {
    const int idx[3] = {x, y, z};
    double p[D];
    for (int d = 0; d < dims; ++d) p[d] = cells.unit_centre(d, idx[d]);
    if (D > dims) p[D - 1] = time;
    return noise.eval(p);
  }
};

struct DiamondSquareNoiseAt {
  DiamondSquareSampler noise;
  CellIndex cells;

  KOKKOS_INLINE_FUNCTION double operator()(int z, int y, int x) const {
    return noise(cells.global(0, x), cells.global(1, y), cells.global(2, z));
  }
};

// Position of an owned cell in the per-cell list of noise values, x fastest.
struct OwnedOrder {
  int lo[3] = {0, 0, 0};
  long nx = 0, ny = 0;

  explicit OwnedOrder(const IndexBox& owned) : lo{owned.lo[0], owned.lo[1], owned.lo[2]} {
    nx = owned.hi[0] - owned.lo[0];
    ny = owned.hi[1] - owned.lo[1];
  }
  KOKKOS_INLINE_FUNCTION long operator()(int z, int y, int x) const { return (long(z - lo[2]) * ny + (y - lo[1])) * nx + (x - lo[0]); }
};

// Noise values already computed into the per-cell list.
struct StoredNoiseAt {
  Kokkos::View<const double*, MemSpace> values;
  OwnedOrder order;

  KOKKOS_INLINE_FUNCTION double operator()(int z, int y, int x) const { return values(order(z, y, x)); }
};

template <class Real, class Noise>
struct NoiseStateKernel {
  Field<Real> u, v;
  Noise noise;
  NoiseToState map;

  KOKKOS_INLINE_FUNCTION void operator()(int z, int y, int x) const {
    const double vv = map.v(noise(z, y, x));
    u(z, y, x) = 1 - vv;
    v(z, y, x) = vv;
  }
};

template <class Noise>
struct StoreNoiseKernel {
  Kokkos::View<double*, MemSpace> values;
  Noise noise;
  OwnedOrder order;

  KOKKOS_INLINE_FUNCTION void operator()(int z, int y, int x) const { values(order(z, y, x)) = noise(z, y, x); }
};

// Builds the noise of cfg.init.type for this rank's cells and calls visit(noise)
// while what it reads (the diamond-square lattice block) is alive.
template <class Visit>
void with_init_noise(const SimConfig& cfg, const Decomposition& dec, Visit&& visit) {
  const CellIndex cells = CellIndex::of(dec);
  if (cfg.init.type == InitType::Perlin) {
    // n = fbm((g + 1/2) / n_grid [, time]) for each owned cell g
    switch (perlin_noise_dims(cfg)) {
      case 2: visit(PerlinNoiseAt<2>{init_perlin_fbm<2>(cfg), cells, cfg.grid.dims, cfg.init.time}); break;
      case 3: visit(PerlinNoiseAt<3>{init_perlin_fbm<3>(cfg), cells, cfg.grid.dims, cfg.init.time}); break;
      case 4: visit(PerlinNoiseAt<4>{init_perlin_fbm<4>(cfg), cells, cfg.grid.dims, cfg.init.time}); break;
      default: GS_REQUIRE(false, "no Perlin noise in " << perlin_noise_dims(cfg) << " dimensions");
    }
  } else if (cfg.init.type == InitType::DiamondSquare) {
    const DiamondSquareParams p = init_diamond_square_params(cfg);
    long cell_lo[3], cell_hi[3];
    for (int d = 0; d < 3; ++d) {
      cell_lo[d] = dec.offset()[d];
      cell_hi[d] = dec.offset()[d] + dec.local_n()[d];
    }
    // Only this rank's lattice points (and what they depend on) are generated.
    const LatticeBlock block = generate_diamond_square(p, diamond_square_cell_box(p, cell_lo, cell_hi));
    // n = lattice sampled at g M / n_grid for each owned cell g
    visit(DiamondSquareNoiseAt{make_diamond_square_sampler(p, block), cells});
  } else {
    GS_REQUIRE(false, "not a procedural init.type: " << name_of(cfg.init.type));
  }
}

}  // namespace

template <int D>
PerlinFbm<D> init_perlin_fbm(const SimConfig& cfg) {
  long grid_period[3];
  perlin_base_periods(cfg.grid, cfg.init.frequency, grid_period);
  long period[D] = {};
  for (int d = 0; d < cfg.grid.dims && d < D; ++d) period[d] = grid_period[d];  // the slice axis (if any) stays 0
  return make_perlin_fbm<D>(cfg.init.seed, kStreamPerlinInit, period, cfg.init.octaves, cfg.init.lacunarity, cfg.init.gain);
}

template PerlinFbm<2> init_perlin_fbm<2>(const SimConfig&);
template PerlinFbm<3> init_perlin_fbm<3>(const SimConfig&);
template PerlinFbm<4> init_perlin_fbm<4>(const SimConfig&);

DiamondSquareParams init_diamond_square_params(const SimConfig& cfg) {
  return make_diamond_square_params(cfg.grid.dims, cfg.grid.n.data(), cfg.init.roughness, cfg.init.seed);
}

BufferSpec init_noise_buffer(const Decomposition& dec) {
  return {"init_noise", {std::size_t(dec.owned().cells()), 1, 1}, sizeof(double)};
}

NoiseValues init_noise_values(const SimConfig& cfg, const Decomposition& dec) {
  const IndexBox owned = dec.owned();
  const auto values = allocate<NoiseValues>(init_noise_buffer(dec));
  with_init_noise(cfg, dec, [&](const auto& noise) {
    using Noise = std::decay_t<decltype(noise)>;
    Kokkos::parallel_for("init_noise_values", owned.policy(), StoreNoiseKernel<Noise>{values, noise, OwnedOrder(owned)});
  });
  Kokkos::fence();
  return values;
}

FillThreshold fill_threshold(Kokkos::View<const double*, MemSpace> values, double fill, MPI_Comm comm) {
  FillThreshold t;
  t.cells = global_count(values, comm);
  GS_REQUIRE(t.cells > 0 && fill > 0 && fill < 1, "fill " << fill << " of " << t.cells << " cells");
  t.target = std::llround(fill * double(t.cells));
  if (t.target >= t.cells) {
    // Every cell seeded: just below the smallest value.
    t.value = std::nextafter(global_order_statistic(values, 0, comm).value, -HUGE_VAL);
    t.above = t.cells;
  } else {
    // The (target + 1)-th largest value; ties with it stay below.
    const OrderStatistic s = global_order_statistic(values, t.cells - t.target - 1, comm);
    t.value = s.value;
    t.above = s.above;
  }
  return t;
}

template <class Real>
void apply_noise_initial_condition(const SimConfig& cfg, const Decomposition& dec, Fields<Real>& fields) {
  const IndexBox owned = dec.owned();
  NoiseToState map = noise_to_state(cfg.init);
  if (!cfg.init.has_fill) {
    // for each owned cell: v = A S((n - threshold) / width + 1/2);  u = 1 - v
    with_init_noise(cfg, dec, [&](const auto& noise) {
      using Noise = std::decay_t<decltype(noise)>;
      Kokkos::parallel_for("noise_initial_condition", owned.policy(), NoiseStateKernel<Real, Noise>{fields.u, fields.v, noise, map});
    });
  } else {
    // The threshold depends on every cell's noise: compute it all first.
    const NoiseValues values = init_noise_values(cfg, dec);
    const FillThreshold t = fill_threshold(values, cfg.init.fill, dec.comm());
    map.threshold = t.value;
    if (dec.rank() == 0)
      std::printf("init.fill = %g: threshold %.17g, %lld of %lld cells above it\n", cfg.init.fill, t.value, t.above, t.cells);
    Kokkos::parallel_for("noise_initial_condition", owned.policy(),
                         NoiseStateKernel<Real, StoredNoiseAt>{fields.u, fields.v, StoredNoiseAt{values, OwnedOrder(owned)}, map});
  }
  Kokkos::fence();
}

template void apply_noise_initial_condition(const SimConfig&, const Decomposition&, Fields<float>&);
template void apply_noise_initial_condition(const SimConfig&, const Decomposition&, Fields<double>&);

}  // namespace gs
