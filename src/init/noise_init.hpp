#pragma once
// Procedural initial states: init.type = "perlin" or "diamond_square". Both give
// a noise field n in [-1, 1] per owned cell from its global index (see
// docs/noise.md), mapped to (u, v) by NoiseToState.
#include "config/config.hpp"
#include "grid/decomposition.hpp"
#include "grid/fields.hpp"
#include "noise/diamond_square.hpp"
#include "noise/perlin.hpp"

namespace gs {

// Noise dimension of a Perlin start: grid.dims, plus one when init.time slices a
// field one dimension higher.
inline int perlin_noise_dims(const SimConfig& cfg) { return cfg.grid.dims + (cfg.init.has_time ? 1 : 0); }

// The fractal sum init.type = "perlin" evaluates; its coordinates are
// ((g_d + 1/2) / n_d for each grid axis, then init.time when slicing).
template <int D>
PerlinFbm<D> init_perlin_fbm(const SimConfig& cfg);

DiamondSquareParams init_diamond_square_params(const SimConfig& cfg);

// Fills the owned cells of fields.u and fields.v.
void apply_noise_initial_condition(const SimConfig& cfg, const Decomposition& dec, Fields& fields);

}  // namespace gs
