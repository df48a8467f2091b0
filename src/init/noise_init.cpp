#include "init/noise_init.hpp"

#include <algorithm>
#include <cmath>

#include "core/error.hpp"
#include "grid/cell_index.hpp"
#include "init/noise_map.hpp"
#include "noise/lattice_periods.hpp"

namespace gs {

namespace {

// Hash stream of the initial-condition Perlin lattices (the parameter map uses another).
constexpr std::uint64_t kStreamPerlinInit = 0x5045524C494EULL;

template <int D>
struct PerlinStateKernel {
  Field u, v;
  PerlinFbm<D> noise;
  NoiseToState map;
  CellIndex cells;
  int dims;
  double time;

  KOKKOS_INLINE_FUNCTION void operator()(int z, int y, int x) const {
    const int idx[3] = {x, y, z};
    double p[D];
    for (int d = 0; d < dims; ++d) p[d] = cells.unit_centre(d, idx[d]);
    if (D > dims) p[D - 1] = time;
    const double vv = map.v(noise.eval(p));
    u(z, y, x) = 1 - vv;
    v(z, y, x) = vv;
  }
};

template <int D>
void perlin_state(const SimConfig& cfg, const Decomposition& dec, Fields& fields) {
  const PerlinStateKernel<D> k{fields.u, fields.v, init_perlin_fbm<D>(cfg), noise_to_state(cfg.init), CellIndex::of(dec),
                               cfg.grid.dims, cfg.init.time};
  const IndexBox owned = dec.owned();
  // for each owned cell g: n = fbm((g + 1/2) / n_grid [, time]);  v = A S((n - threshold) / width + 1/2);  u = 1 - v
  Kokkos::parallel_for("perlin_initial_condition", owned.policy(), k);
}

struct SampledStateKernel {
  Field u, v;
  DiamondSquareSampler noise;
  NoiseToState map;
  CellIndex cells;

  KOKKOS_INLINE_FUNCTION void operator()(int z, int y, int x) const {
    const double vv = map.v(noise(cells.global(0, x), cells.global(1, y), cells.global(2, z)));
    u(z, y, x) = 1 - vv;
    v(z, y, x) = vv;
  }
};

void diamond_square_state(const SimConfig& cfg, const Decomposition& dec, Fields& fields) {
  const DiamondSquareParams p = init_diamond_square_params(cfg);
  long cell_lo[3], cell_hi[3];
  for (int d = 0; d < 3; ++d) {
    cell_lo[d] = dec.offset()[d];
    cell_hi[d] = dec.offset()[d] + dec.local_n()[d];
  }
  // Only this rank's lattice points (and what they depend on) are generated.
  const LatticeBlock block = generate_diamond_square(p, diamond_square_cell_box(p, cell_lo, cell_hi));
  const SampledStateKernel k{fields.u, fields.v, make_diamond_square_sampler(p, block), noise_to_state(cfg.init),
                             CellIndex::of(dec)};
  const IndexBox owned = dec.owned();
  // for each owned cell g: n = lattice sampled at g M / n_grid;  (u, v) as for Perlin
  Kokkos::parallel_for("diamond_square_initial_condition", owned.policy(), k);
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

void apply_noise_initial_condition(const SimConfig& cfg, const Decomposition& dec, Fields& fields) {
  if (cfg.init.type == InitType::Perlin) {
    switch (perlin_noise_dims(cfg)) {
      case 2: perlin_state<2>(cfg, dec, fields); break;
      case 3: perlin_state<3>(cfg, dec, fields); break;
      case 4: perlin_state<4>(cfg, dec, fields); break;
      default: GS_REQUIRE(false, "no Perlin noise in " << perlin_noise_dims(cfg) << " dimensions");
    }
  } else if (cfg.init.type == InitType::DiamondSquare) {
    diamond_square_state(cfg, dec, fields);
  } else {
    GS_REQUIRE(false, "not a procedural init.type: " << name_of(cfg.init.type));
  }
  Kokkos::fence();
}

}  // namespace gs
